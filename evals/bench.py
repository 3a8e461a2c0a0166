"""Benchmarks (`python -m evals.bench`, `make bench`): a printed table, not a test.

Each bench is a function ``(ctx: BenchContext) -> list[BenchRow]`` in ``BENCHES``; add rows
(e.g. answer latency) by appending a function there. Targets come from issue 3.
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BenchRow:
    name: str
    value: float
    unit: str
    target: str = ""
    ok: bool | None = None
    note: str = ""


@dataclass
class BenchContext:
    """Shared state: a scratch home with the bundled corpus indexed, built by the first bench."""

    workdir: Path
    rounds: int = 3
    docs: list[Any] = field(default_factory=list)
    home: Path | None = None
    retriever: Any = None
    extra: dict[str, Any] = field(default_factory=dict)


def _peak_rss_mb() -> float:
    """Peak resident memory of this process (VmHWM: reset by exec, unlike ru_maxrss)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench_ingest(ctx: BenchContext) -> list[BenchRow]:
    """Ingest of the bundled corpus into a fresh home vs bare sentence-transformers encode."""
    from index.build import ENCODE_BATCH, update_index
    from index.chunk import chunk_sections
    from index.embed import get_embedder
    from ingest import load_corpus

    ctx.docs = load_corpus()
    embedder = get_embedder()  # loaded outside both timings
    texts = [
        c.embed_text for c in chunk_sections([s for d in ctx.docs for s in d.sections]) if c.text
    ]
    embedder.model.encode(texts[:8], batch_size=ENCODE_BATCH)  # warm-up
    started = time.perf_counter()
    embedder.model.encode(texts, batch_size=ENCODE_BATCH, normalize_embeddings=True)
    bare = time.perf_counter() - started
    ctx.home = ctx.workdir / "home"
    started = time.perf_counter()
    stats = update_index(ctx.docs, ctx.home)
    ingest = time.perf_counter() - started
    started = time.perf_counter()
    again = update_index(ctx.docs, ctx.home)
    reingest = time.perf_counter() - started
    ratio = ingest / bare
    return [
        BenchRow("bare encode of the chunk texts", bare, "s", note=f"{len(texts)} texts"),
        BenchRow(
            "ingest (chunk + embed + Chroma + files)", ingest, "s", note=f"{stats.chunks} chunks"
        ),
        BenchRow("ingest / bare encode", ratio, "x", "<= 1.5", ratio <= 1.5),
        BenchRow("re-ingest unchanged corpus", reingest, "s", note=f"{again.embedded} embedded"),
    ]


def bench_queries(ctx: BenchContext) -> list[BenchRow]:
    """Warm search latency over the dev questions, each with its city filter."""
    from evals.dataset import load_cases
    from index.retrieve import Retriever

    assert ctx.home is not None, "bench_ingest runs first"
    ctx.retriever = Retriever.open(ctx.home)
    cases = load_cases()
    ctx.retriever.search("warm up the model", None)
    times: list[float] = []
    for _ in range(ctx.rounds):
        for case in cases:
            started = time.perf_counter()
            ctx.retriever.search(case.question, [case.city] if case.city else None, 5)
            times.append((time.perf_counter() - started) * 1000)
    times.sort()
    p50 = statistics.median(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    return [
        BenchRow("warm query p50", p50, "ms", note=f"{len(times)} queries"),
        BenchRow("warm query p95", p95, "ms", "<= 50", p95 <= 50),
    ]


def bench_query_encoder(ctx: BenchContext) -> list[BenchRow]:
    """One query at a time, as the retriever embeds it: the numpy encoder (query path) against
    sentence-transformers' encode (ingest path) on the same texts, both on one thread, both
    loaded before timing; plus the numpy encoder's load time and its largest difference."""
    import numpy as np

    from evals.dataset import load_cases
    from index.embed import get_embedder
    from index.encoder import get_query_encoder

    get_query_encoder.cache_clear()  # reload in place: one copy in memory, as in the app
    started = time.perf_counter()
    get_query_encoder()
    load = time.perf_counter() - started
    mine, theirs = get_query_encoder(), get_embedder()
    texts = [case.question for case in load_cases()]
    mine.encode_one(texts[0]), theirs.embed_query(texts[0])  # warm-up
    times: dict[str, list[float]] = {"numpy": [], "st": []}
    diff = 0.0
    for _ in range(ctx.rounds):
        for text in texts:
            started = time.perf_counter()
            a = mine.encode_one(text)
            times["numpy"].append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            b = theirs.embed_query(text)
            times["st"].append((time.perf_counter() - started) * 1000)
            diff = max(diff, float(np.abs(a - b).max()))
    p50 = {name: statistics.median(values) for name, values in times.items()}
    ratio = p50["numpy"] / p50["st"]
    n = len(times["numpy"])
    return [
        BenchRow("query encode p50, numpy encoder", p50["numpy"], "ms", note=f"{n} queries"),
        BenchRow("query encode p50, sentence-transformers", p50["st"], "ms", note=f"{n} queries"),
        BenchRow("numpy / sentence-transformers encode", ratio, "x", note="p50 over p50"),
        BenchRow("numpy encoder load", load, "s", note="safetensors + tokenizer, no torch"),
        BenchRow(
            "numpy vs ST max abs difference", diff, "", "<= 1e-4", diff <= 1e-4, f"{diff:.1e}"
        ),
    ]


COLD = """
import sys, time
t = time.perf_counter()
from index.retrieve import Retriever
r = Retriever.open(__import__("pathlib").Path(sys.argv[1]))
r.search("how often must the tank be pumped", ["east-bethel"])
print(time.perf_counter() - t)
heavy = ("torch", "sentence_transformers", "llama_index")
print(",".join(m for m in heavy if m in sys.modules) or "none")
from evals.bench import _peak_rss_mb
print(_peak_rss_mb())
"""


def bench_cold_start(ctx: BenchContext) -> list[BenchRow]:
    """A new process: import, open the index, load the model, first result."""
    assert ctx.home is not None
    started = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", COLD, str(ctx.home)], capture_output=True, text=True, check=True
    )
    wall = time.perf_counter() - started
    *_, inside_s, heavy, rss_s = out.stdout.strip().splitlines()
    inside, child_rss = float(inside_s), float(rss_s)
    return [
        BenchRow(
            "cold start to first result (process)",
            wall,
            "s",
            note=f"{inside:.2f} s in-process; heavy imports: {heavy}",
        ),
        BenchRow("peak RSS, cold search process", child_rss, "MB", "<= 1024", child_rss <= 1024),
    ]


COLD_ANSWER = """
import sys, time
t = time.perf_counter()
from pathlib import Path
from app.assistant import Assistant
from app.settings import Settings
Assistant(settings=Settings(home=Path(sys.argv[1]))).ask(
    "How big a septic tank does a 4 bedroom house in Chaska need?")
print(time.perf_counter() - t)
"""


def bench_answers(ctx: BenchContext) -> list[BenchRow]:
    """Warm answer latency of the default (deterministic) assistant over the dev questions, and
    cold start to the first answer in a new process (issue 5)."""
    from app.assistant import Assistant
    from app.settings import Settings
    from evals.dataset import load_cases

    assert ctx.home is not None, "bench_ingest runs first"
    assistant = Assistant(settings=Settings(home=ctx.home, llm_provider="none"))
    assistant.warm()
    cases = load_cases()
    times: list[float] = []
    for _ in range(ctx.rounds):
        for case in cases:
            started = time.perf_counter()
            try:
                assistant.ask(case.question, jurisdiction=case.city)
            except Exception as exc:  # a case that is bad input still counts its time
                log.info("case %s: %s", case.id, exc)
            times.append((time.perf_counter() - started) * 1000)
    times.sort()
    p50 = statistics.median(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    started = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", COLD_ANSWER, str(ctx.home)],
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - started
    inside = float(out.stdout.strip().splitlines()[-1])
    return [
        BenchRow("warm answer p50 (default mode)", p50, "ms", note=f"{len(times)} answers"),
        BenchRow("warm answer p95 (default mode)", p95, "ms", "<= 100", p95 <= 100),
        BenchRow(
            "cold start to first answer (process)",
            wall,
            "s",
            "<= 5",
            wall <= 5,
            note=f"{inside:.2f} s after interpreter start",
        ),
    ]


_INGEST_CHILD = """
import sys
from app.cli import main
from evals.bench import _peak_rss_mb
code = main(["ingest", "--manifest", sys.argv[1]])
print(_peak_rss_mb())
sys.exit(code)
"""


def bench_memory(ctx: BenchContext) -> list[BenchRow]:
    """Peak memory of a real `ordinance ingest` process (fresh home), and of this bench process."""
    from app.settings import BUNDLED_MANIFEST

    env = {**os.environ, "ORDINANCE_HOME": str(ctx.workdir / "memory-home")}
    out = subprocess.run(
        [sys.executable, "-c", _INGEST_CHILD, str(BUNDLED_MANIFEST)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    ingest_rss = float(out.stdout.strip().splitlines()[-1])
    here = _peak_rss_mb()
    note = "loads both models: sentence-transformers (ingest) and the numpy encoder (queries)"
    return [
        BenchRow(
            "peak RSS, `ordinance ingest` process",
            ingest_rss,
            "MB",
            "<= 1024",
            ingest_rss <= 1024,
            "fresh home, bundled corpus",
        ),
        BenchRow("peak RSS, this bench process", here, "MB", note=note),
    ]


PARSE_SIZES_MB = (1, 4, 16)
PARSE_RUNS = {1: 5, 4: 3, 16: 2}
"""Best of several runs: the smaller sizes are quick and most disturbed by other load."""


def bench_parse_scaling(ctx: BenchContext) -> list[BenchRow]:
    """Parse time (load + clean + sections) of synthetic ordinances of 1, 4 and 16 MB (best of
    `PARSE_RUNS`), and each time's ratio to the 1 MB time: linear growth gives 4x and 16x.
    CPU time of this process, so that other work on the machine disturbs the ratios less."""
    from evals.synthetic import write_synthetic
    from ingest import ManifestEntry, parse_document

    entry = ManifestEntry(jurisdiction="synthetic", name="Synthetic", instrument="-", source="-")
    times: dict[int, float] = {}
    sections: dict[int, int] = {}
    for mb in PARSE_SIZES_MB:
        path = write_synthetic(ctx.workdir, mb * 1_000_000)
        best = float("inf")
        for _ in range(PARSE_RUNS.get(mb, 2)):
            started = time.process_time()
            doc = parse_document(entry, path, max_mb=mb + 1)
            best = min(best, time.process_time() - started)
        times[mb], sections[mb] = best, len(doc.sections)
        path.unlink()
    base = PARSE_SIZES_MB[0]
    rows = [
        BenchRow(f"parse {mb} MB (CPU)", times[mb], "s", note=f"{sections[mb]} sections")
        for mb in PARSE_SIZES_MB
    ]
    for mb in PARSE_SIZES_MB[1:]:
        ratio = times[mb] / times[base]
        limit = 1.25 * mb / base
        rows.append(
            BenchRow(
                f"parse {mb} MB / {base} MB",
                ratio,
                "x",
                f"<= {limit:g}",
                ratio <= limit,
                f"linear would be {mb // base}x",
            )
        )
    return rows


BENCHES: list[Callable[[BenchContext], list[BenchRow]]] = [
    bench_ingest,
    bench_queries,
    bench_query_encoder,
    bench_cold_start,
    bench_answers,
    bench_memory,
    bench_parse_scaling,
]
"""Run in order; later benches may use what earlier ones put in the context."""


def format_table(rows: list[BenchRow]) -> str:
    width = max(len(r.name) for r in rows)
    lines = [f"{'bench':<{width}}  {'value':>10}  unit  target    ok    note"]
    for r in rows:
        ok = "" if r.ok is None else ("yes" if r.ok else "NO")
        lines.append(
            f"{r.name:<{width}}  {r.value:>10.3f}  {r.unit:<4}  {r.target:<8}  {ok:<4}  {r.note}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3, help="Passes over the dev questions.")
    parser.add_argument(
        "--only", action="append", default=[], help="Run only benches whose name contains this."
    )
    parser.add_argument(
        "--scale",
        type=int,
        default=0,
        metavar="N",
        help="Instead: the scale benchmark with synthetic cities at N = 10, 100, 1000 up to N.",
    )
    parser.add_argument(
        "--backend",
        choices=["embedded", "server", "both"],
        default="both",
        help="With --scale: embedded Chroma, a `chroma run` server, or both.",
    )
    parser.add_argument(
        "--sizes", default="", help="With --scale: the N to measure, e.g. '1000' (default: ladder)."
    )
    parser.add_argument(
        "--record", type=Path, default=None, help="With --scale: append each measurement here."
    )
    parser.add_argument(
        "--cache",
        type=Path,
        default=None,
        help="With --scale: where the ingested N-city homes are kept between runs (default: "
        "ordinance-scale-cache in the temp folder); a rerun measures serving without ingesting.",
    )
    parser.add_argument(
        "--report",
        type=Path,
        nargs="+",
        default=None,
        help="Print the scale table from files written with --record (no measuring).",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    if args.scale or args.report:
        from evals import scale_bench

        if args.report:
            table, ok = scale_bench.report_files(args.report)
        else:
            backends = ["embedded", "server"] if args.backend == "both" else [args.backend]
            sizes = [int(x) for x in args.sizes.split(",") if x] or scale_bench.scales(args.scale)
            with tempfile.TemporaryDirectory(prefix="ordinance-scale-") as tmp:
                table, ok = scale_bench.run(
                    sizes, backends, args.rounds, Path(tmp), args.record, cache=args.cache
                )
        print(table)
        return 0 if ok else 1
    rows: list[BenchRow] = []
    with tempfile.TemporaryDirectory(prefix="ordinance-bench-") as tmp:
        ctx = BenchContext(workdir=Path(tmp), rounds=args.rounds)
        for bench in BENCHES:
            if args.only and not any(word in bench.__name__ for word in args.only):
                continue
            rows.extend(bench(ctx))
    print(format_table(rows))
    return 0 if all(r.ok is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
