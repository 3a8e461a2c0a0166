"""Load test (not a unit test): N concurrent gradio_client users ask questions for D seconds.

    .venv/bin/ordinance serve &              # or any served app
    .venv/bin/python scripts/load_test.py --url http://127.0.0.1:7860/ --users 20 --seconds 60

Each user opens its own client and loops over the persona example questions (and the Hugo tank
calculator, if the app exposes it), calling the app's API. The script prints the number of calls,
the errors (with the first few messages) and p50/p95/max latency; it exits 1 if any call failed.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field

os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")

from gradio_client import Client

QUESTIONS = [
    ("What size septic tank does a 4-bedroom house in Hugo need?", "hugo"),
    ("How often does my septic tank have to be pumped in East Bethel?", "all"),
    ("Show me Chaska Section 98", "chaska"),
    ("Where does it say pumping is required?", "chaska"),
    ("How do Chaska, Hugo and East Bethel differ on tank size?", "all"),
    ("How long is a permit valid in Hugo?", "hugo"),
    ("<script>alert(1)</script> what is the tank size?", "all"),
]


@dataclass
class Stats:
    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def record(self, seconds: float, error: str | None) -> None:
        with self.lock:
            self.latencies.append(seconds)
            if error:
                self.errors.append(error)


def _check_reply(result: object) -> str | None:
    """A call counts as an error if the reply is missing or is the UI's error message."""
    if not isinstance(result, (list, tuple)) or not result:
        return f"unexpected result shape: {type(result).__name__}"
    history = result[0]
    if not history:
        return "empty chat history"
    text = str(history[-1])
    if "**Error:**" in text:
        return f"error reply: {text[:200]}"
    return None


def user(url: str, deadline: float, offset: int, stats: Stats) -> None:
    try:
        client = Client(url, verbose=False)
    except Exception as exc:  # a user that cannot even connect counts as one error
        stats.record(0.0, f"connect: {type(exc).__name__}: {exc}")
        return
    for question, city in itertools.islice(itertools.cycle(QUESTIONS), offset, None):
        if time.monotonic() >= deadline:
            return
        start = time.perf_counter()
        error: str | None
        try:
            result = client.predict(question, city, [], api_name="/ask")
            error = _check_reply(result)
        except Exception as exc:
            error = f"{type(exc).__name__}: {exc}"
        stats.record(time.perf_counter() - start, error)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:7860/", help="served app URL")
    parser.add_argument("--users", type=int, default=20, help="concurrent users (default 20)")
    parser.add_argument("--seconds", type=float, default=60.0, help="duration (default 60)")
    args = parser.parse_args(argv)

    stats = Stats()
    deadline = time.monotonic() + args.seconds
    started = time.perf_counter()
    threads = [
        threading.Thread(target=user, args=(args.url, deadline, i, stats), daemon=True)
        for i in range(args.users)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - started

    lat = sorted(stats.latencies)
    print(f"users={args.users} duration={wall:.1f}s calls={len(lat)} errors={len(stats.errors)}")
    if lat:
        q = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) > 1 else lat * 99
        print(
            f"latency p50={q[49]:.2f}s p95={q[94]:.2f}s max={lat[-1]:.2f}s "
            f"throughput={len(lat) / wall:.2f} calls/s"
        )
    for message in stats.errors[:5]:
        print("error:", message)
    return 1 if stats.errors or not lat else 0


if __name__ == "__main__":
    sys.exit(main())
