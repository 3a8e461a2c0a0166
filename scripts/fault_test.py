"""Fault injection: kill `ordinance ingest` with SIGKILL at random points, check the home each time.

    .venv/bin/python scripts/fault_test.py --runs 20          # the full run
    .venv/bin/python scripts/fault_test.py --runs 2 --seed 1  # the short form the tests run

A scratch home first gets a committed corpus (small excerpts of the three bundled cities), and
one replacing ingest is timed to set the kill window.
Each run then starts a real ingest that replaces one city with another document (alternating,
so every run has chunks to embed and a commit to make) and kills it after a random delay
between 0 and the duration of a whole ingest. After each kill the home must be consistent
(`index.consistency.home_problems`: the documents and the index list the same cities, and each
answers a search). A last ingest runs to completion and must leave no orphans. The summary line
reads "N runs, K inconsistencies"; the exit code is 1 when K > 0 or orphans remain.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MANIFESTS = ROOT / "tests" / "data" / "ingest" / "manifests"
PLAN = [MANIFESTS / "hugo_pages.yaml", MANIFESTS / "excerpts.yaml"]
CHILD = "import sys; from app.cli import main; sys.exit(main(sys.argv[1:]))"


def _ingest(home: Path, manifest: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "ORDINANCE_HOME": str(home), "HF_HUB_OFFLINE": "1"}
    env.setdefault("ANONYMIZED_TELEMETRY", "False")
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, "ingest", "--manifest", str(manifest), "--replace"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    # stderr is small (a one-line error or a traceback): read after exit, never blocks


def _complete(home: Path, manifest: Path) -> float:
    started = time.monotonic()
    proc = _ingest(home, manifest)
    _, err = proc.communicate()
    if proc.returncode != 0:
        raise SystemExit(f"ingest of {manifest.name} failed:\n{err.decode()[-2000:]}")
    return time.monotonic() - started


def run(runs: int, seed: int, home: Path) -> int:
    from index.consistency import home_problems, leftovers

    rng = random.Random(seed)
    _complete(home, MANIFESTS / "excerpts.yaml")
    # the kill window is the length of a replacing ingest like the killed ones (not the first,
    # slower ingest into an empty home), so kills land in parsing, embedding and committing
    duration = _complete(home, PLAN[1 % len(PLAN)])
    print(f"baseline ingest: {duration:.1f} s; killing at random points in [0, {duration:.1f}] s")
    bad = 0
    for i in range(1, runs + 1):
        manifest = PLAN[i % len(PLAN)]
        delay = rng.uniform(0, duration)
        proc = _ingest(home, manifest)
        problems = []
        try:
            proc.wait(timeout=delay)
            outcome = f"finished (exit {proc.returncode})"
            if proc.returncode != 0 and proc.stderr is not None:
                problems.append(f"ingest failed: {proc.stderr.read().decode()[-600:]}")
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            outcome = f"killed at {delay:.1f} s"
        if proc.stderr is not None:
            proc.stderr.close()
        problems += home_problems(home)
        bad += bool(problems)
        status = "consistent" if not problems else "INCONSISTENT: " + "; ".join(problems)
        print(f"run {i}: {manifest.name}, {outcome}: {status}", flush=True)
    _complete(home, PLAN[0])
    final = home_problems(home)
    orphans = leftovers(home)
    print(f"after a completed ingest: {final or 'consistent'}; leftovers: {orphans or 'none'}")
    print(f"{runs} runs, {bad} inconsistencies")
    return 0 if bad == 0 and not final and not orphans else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="Killed ingests (default 20).")
    parser.add_argument("--seed", type=int, default=0, help="Seed for the kill points.")
    parser.add_argument("--home", type=Path, help="Scratch home (default: a new temp folder).")
    args = parser.parse_args(argv)
    if args.home:
        return run(args.runs, args.seed, args.home)
    with tempfile.TemporaryDirectory(prefix="ordinance-faults-") as tmp:
        return run(args.runs, args.seed, Path(tmp) / "home")


if __name__ == "__main__":
    sys.exit(main())
