"""The scale benchmark (`python -m evals.bench --scale N`): N synthetic cities (evals.scale_corpus)
ingested into a fresh home, on embedded Chroma and on a real `chroma run` server, at N = 10, 100,
1,000 (the powers of ten up to N), printed as one table with growth ratios.

Embedding 100,000 chunks for real would take hours on the 2-core machine, so ingest here uses
`ReusingEmbedder`: each distinct *template* text (a chunk mapped back to its template city's
name and numbers, `SyntheticCity.reverse`) is embedded once with the bundled model and the
vector is reused for every synthetic copy; vectors are cached on disk between runs. Everything
else (parse, chunk, Chroma writes, BM25, files, serving) is the real code on the real sizes.
Ingest throughput is therefore reported beside a *bare encode* rate measured on real texts: the
chunks/s an ingest that embedded every chunk could at best reach.

Each measurement runs in a child process of its own (`python -m evals.scale_bench <step>`), so
that peak RSS is that step's and cold start is a new interpreter.

The home ingested for N cities (embedded Chroma) is built once and kept in a cache folder
(``--cache``, default ``ordinance-scale-cache`` in the temp folder); each measurement works on
a copy of it, so a rerun measures adding a city and serving without ingesting again. At
N >= ``CLONE_FROM``, the server's index is not ingested again either: the cached home's rows
are loaded into the fresh `chroma run` as stored (`step_clone`), and the table says so.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from evals.chroma_server import ChromaServer

log = logging.getLogger(__name__)

SEED = 13
LADDER = (10, 100, 1000)
CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ordinance-bench"
GENERIC_QUESTIONS = (
    "How often must a septic tank be pumped?",
    "Is a permit required to install a septic system?",
    "How far must a drainfield be from a private well?",
    "Who is allowed to install a septic system?",
    "What happens when a septic system fails?",
)
"""Questions naming no city: searched and answered across all cities."""
CLONE_FROM = 1000
"""From this N on, the server's index is loaded from the cached embedded build."""
DEFAULT_CACHE = Path(tempfile.gettempdir()) / "ordinance-scale-cache"
CITY_QUESTIONS = 40
"""Questions with a city named (recorded with the synthetic cities), per serving run."""


def scales(n: int) -> list[int]:
    """10, 100, 1000 up to ``n``, and ``n`` itself."""
    out = [s for s in LADDER if s < n]
    return [*out, n]


# -- vectors reused across synthetic copies ---------------------------------------------------


class ReusingEmbedder:
    """Embeds a chunk text as its template's text: the synthetic city's names and numbers
    mapped back (`SyntheticCity.reverse`), embedded once with the bundled model, cached in
    ``cache`` (an .npz keyed by the sha256 of the mapped text)."""

    def __init__(self, cities: Sequence[Any], cache: Path) -> None:
        self.reverse = {c.name: list(c.reverse) for c in cities}
        self.cache_path = cache
        self.vectors: dict[str, np.ndarray] = {}
        if cache.is_file():
            with np.load(cache) as data:
                self.vectors = {k: data[k] for k in data.files}
        self.asked = 0
        self.really_embedded = 0

    def template_text(self, text: str) -> str:
        name = text.split(" > ", 1)[0]
        for new, old in self.reverse.get(name, []):
            text = text.replace(new, old)
        return text

    def embed(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        keys = [hashlib.sha256(self.template_text(t).encode()).hexdigest()[:24] for t in texts]
        todo = {k: self.template_text(t) for k, t in zip(keys, texts, strict=True)}
        todo = {k: t for k, t in todo.items() if k not in self.vectors}
        if todo:
            from index.embed import get_embedder

            fresh = get_embedder().embed(list(todo.values()), batch_size=batch_size)
            self.vectors.update(zip(todo, fresh, strict=True))
            self.really_embedded += len(todo)
        self.asked += len(texts)
        return np.stack([self.vectors[k] for k in keys])

    def save(self) -> None:
        self.cache_path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.cache_path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(tmp, **self.vectors)  # type: ignore[arg-type]
        os.replace(tmp, self.cache_path)


def _cache_path() -> Path:
    from index.embed import model_id

    return CACHE_DIR / f"scale-vectors-{hashlib.sha256(model_id().encode()).hexdigest()[:8]}.npz"


def _peak_rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


# -- child steps (each prints one JSON line) --------------------------------------------------


def _entries(cities_dir: Path, first: int, count: int) -> list[Any]:
    from ingest import load_manifest

    return load_manifest(cities_dir / "manifest.yaml")[first : first + count]


def step_ingest(cities_dir: Path, home: Path, first: int, count: int, url: str | None) -> dict:
    """Parse ``count`` cities from ``first`` and ingest them into ``home`` (as `ordinance
    ingest` does: `update_index` commits the documents with the index)."""
    from evals.scale_corpus import read_cities
    from index.build import update_index
    from index.state import read_state
    from ingest import parse_document

    started = time.perf_counter()
    docs = [parse_document(e, p) for e, p in _entries(cities_dir, first, count)]
    parsed = time.perf_counter() - started
    embedder = ReusingEmbedder(read_cities(cities_dir), _cache_path())
    started = time.perf_counter()
    stats = update_index(docs, home, chroma_url=url, embedder=embedder)
    indexed = time.perf_counter() - started
    embedder.save()
    return {
        "parse_s": parsed,
        "index_s": indexed,
        "chunks": stats.chunks,
        "embedded": stats.embedded,
        "written": stats.written,
        "collections": len(read_state(home).searched()),
        "really_embedded": embedder.really_embedded,
        "city_chunks": sum(1 for d in docs for s in d.sections if s.kind == "section"),
        "rss_mb": _peak_rss_mb(),
    }


def step_bare(cities_dir: Path, sample: int = 64) -> dict:
    """Bare sentence-transformers encode of ``sample`` real chunk texts (model loaded first)."""
    from index.build import ENCODE_BATCH
    from index.chunk import chunk_sections
    from index.embed import get_embedder
    from ingest import parse_document

    entry, path = _entries(cities_dir, 0, 1)[0]
    texts = [c.embed_text for c in chunk_sections(parse_document(entry, path).sections) if c.text]
    texts = (texts * (sample // max(1, len(texts)) + 1))[:sample]
    model = get_embedder().model
    model.encode(texts[:8], batch_size=ENCODE_BATCH)
    started = time.perf_counter()
    model.encode(texts, batch_size=ENCODE_BATCH, normalize_embeddings=True)
    return {"chunks_per_s": len(texts) / (time.perf_counter() - started), "texts": len(texts)}


def step_clone(src: Path, dst: Path, url: str) -> dict:
    """Load the cached embedded home ``src`` into the server at ``url`` as home ``dst``: its
    index files copied, every collection's rows added as stored (vector, document, metadata),
    the recorded backend switched to ``url``. Nothing is parsed or embedded."""
    from index import chroma
    from index.state import IndexState, index_dir, read_state

    started = time.perf_counter()
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("chroma"))
    state = read_state(src)
    source = chroma.open_client(src)
    target = chroma.open_client(dst, url)
    rows = 0
    for name in state.searched():
        col = source.get_collection(name=name)
        out = chroma.create_collection(target, name)
        for offset in range(0, col.count(), 2000):
            got = col.get(limit=2000, offset=offset,
                          include=["embeddings", "metadatas", "documents"])  # fmt: skip
            out.add(ids=got["ids"], embeddings=got["embeddings"], metadatas=got["metadatas"],
                    documents=got["documents"])  # fmt: skip
            rows += len(got["ids"])
    for path in [index_dir(dst) / "state.json", *index_dir(dst).glob("gen-*/state.json")]:
        old = IndexState.model_validate_json(path.read_text(encoding="utf-8"))
        path.write_text(old.model_copy(update={"chroma_url": url}).model_dump_json(indent=2))
    return {"rows": rows, "clone_s": time.perf_counter() - started, "chunks": state.chunks,
            "clone_rss_mb": _peak_rss_mb()}  # fmt: skip


def _percentiles(ms: list[float]) -> tuple[float, float]:
    ms = sorted(ms)
    return statistics.median(ms), ms[int(0.95 * (len(ms) - 1))]


def _ask(assistant: Any, question: str, key: str | None, errors: list[str]) -> str:
    """Ask; the answer's digest, or the error's name (an error still counts its time)."""
    from core.errors import OrdinanceError

    try:
        return _answer_digest(assistant.ask(question, jurisdiction=key))
    except OrdinanceError as exc:
        errors.append(f"{key}: {question[:40]!r}: {exc}"[:200])
        return type(exc).__name__


def _answer_digest(answer: Any) -> str:
    cites = [(c.jurisdiction, c.section, c.quote) for c in answer.citations]
    return hashlib.sha256(json.dumps([answer.answer, cites], default=str).encode()).hexdigest()[:12]


def step_serve(cities_dir: Path, home: Path, n: int, url: str | None, rounds: int) -> dict:
    """A serving process: cold start to the first answer, then warm searches and answers with a
    city named and across all cities, the UI's city list and one Browse; peak RSS."""
    started = time.perf_counter()
    from app.assistant import Assistant
    from app.settings import Settings
    from evals.scale_corpus import read_cities

    cities = read_cities(cities_dir)[:n]
    rng = random.Random(f"questions:{SEED}:{n}")
    picked = [
        (q.question, q.jurisdiction)
        for c in rng.sample(cities, min(len(cities), CITY_QUESTIONS))
        for q in c.questions[:1]
    ]
    settings = Settings(home=home, chroma_url=url, llm_provider="none")
    assistant = Assistant(settings=settings)
    errors: list[str] = []
    _ask(assistant, *picked[0], errors)
    cold = time.perf_counter() - started
    out: dict[str, Any] = {"cold_first_answer_s": cold, "cold_cpu_s": time.process_time()}
    retriever = assistant.retriever
    retriever.search("septic tank", k=1)
    timings: dict[str, list[float]] = {
        k: [] for k in ("search_city", "search_all", "answer_city", "answer_all")
    }
    digests: list[str] = []
    for r in range(rounds):
        for question, key in picked:
            t = time.perf_counter()
            retriever.search(question, [key], 5)
            timings["search_city"].append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            digest = _ask(assistant, question, key, errors)
            timings["answer_city"].append((time.perf_counter() - t) * 1000)
            if r == 0:
                digests.append(digest)
        for question in GENERIC_QUESTIONS:
            t = time.perf_counter()
            retriever.search(question, None, 5)
            timings["search_all"].append((time.perf_counter() - t) * 1000)
    for question in GENERIC_QUESTIONS:
        t = time.perf_counter()
        digests.append(_ask(assistant, question, None, errors))
        timings["answer_all"].append((time.perf_counter() - t) * 1000)
    out["answer_all_cities"] = len(retriever.jurisdictions())
    for name, values in timings.items():
        out[f"{name}_p50_ms"], out[f"{name}_p95_ms"] = _percentiles(values)
    from app.ui_logic import Services, jurisdiction_choices, section_tree_html

    t = time.perf_counter()
    svc = Services(settings)
    choices = jurisdiction_choices(svc.corpus.jurisdictions())
    out["ui_city_list_s"] = time.perf_counter() - t
    t = time.perf_counter()
    key = picked[-1][1]
    section_tree_html(list(svc.corpus.sections(key)))
    out["ui_browse_s"] = time.perf_counter() - t
    out["ui_cities"] = len(choices) - 1
    out["digests"] = digests
    out["errors"] = errors
    out["rss_mb"] = _peak_rss_mb()
    return out


def _child(step: str, *args: str) -> dict:
    started = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "evals.scale_bench", step, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "TOKENIZERS_PARALLELISM": "false", "ANONYMIZED_TELEMETRY": "False"},
    )
    if proc.returncode != 0:
        raise RuntimeError(f"scale step {step} failed:\n{proc.stderr[-3000:]}")
    result: dict = json.loads(proc.stdout.strip().splitlines()[-1])
    result["wall_s"] = time.perf_counter() - started
    return result


def _du_mb(*paths: Path) -> float:
    total = 0
    for path in paths:
        for f in path.rglob("*"):
            if f.is_file():
                total += f.stat().st_size
    return total / 1e6


# -- the parent ---------------------------------------------------------------------------------


def _built(cache: Path, n: int) -> tuple[Path, Path, dict]:
    """The cities and the embedded home ingested with ``n`` of them, from ``cache`` (built
    there once: the ingest is measured then, and its figures kept beside the home)."""
    from evals.scale_corpus import write_cities
    from index.state import SCHEMA_VERSION

    cities_dir = cache / "cities"
    if not (cities_dir / "cities.jsonl").is_file() or _count(cities_dir) < n + 1:
        write_cities(cities_dir, max(n + 1, 11), seed=SEED)
    folder = cache / f"cache-embedded-{n}"
    record = folder / "ingest.json"
    if record.is_file():
        ingest = json.loads(record.read_text(encoding="utf-8"))
        if ingest.get("schema") == SCHEMA_VERSION:
            return cities_dir, folder / "home", ingest
    shutil.rmtree(folder, ignore_errors=True)
    ingest = _child("ingest", str(cities_dir), str(folder / "home"), "", "0", str(n))
    ingest["schema"] = SCHEMA_VERSION
    record.write_text(json.dumps(ingest), encoding="utf-8")
    return cities_dir, folder / "home", ingest


def measure(workdir: Path, n: int, backend: str, rounds: int, cache: Path | None = None) -> dict:
    """Every scale figure for ``n`` cities on one backend: a copy of the cached ingested home
    (embedded), or at N >= CLONE_FROM the same rows loaded into a fresh server; then one city
    added and a serving process."""
    cache = cache or DEFAULT_CACHE
    cities_dir, built, ingest = _built(cache, n)
    home = workdir / f"home-{backend}-{n}"
    shutil.rmtree(home, ignore_errors=True)
    server = ChromaServer(workdir / f"chroma-{n}") if backend == "server" else None
    with server or _Nothing():
        url = server.url if server else ""
        if server is None:
            shutil.copytree(built, home)
        elif n >= CLONE_FROM:
            ingest = {**_child("clone", str(built), str(home), url), "cloned": True}
        else:
            ingest = _child("ingest", str(cities_dir), str(home), url, "0", str(n))
        args = [str(cities_dir), str(home), url]
        add = _child("ingest", *args, str(n), "1")
        serve = _child("serve", str(cities_dir), str(home), str(n + 1), url, str(rounds))
        server_rss = server.rss_mb() if server else 0.0
    paths = [home] + ([workdir / f"chroma-{n}" / "db"] if server else [])
    disk = _du_mb(*paths)
    shutil.rmtree(home, ignore_errors=True)
    if server:
        shutil.rmtree(workdir / f"chroma-{n}", ignore_errors=True)
    return {"n": n, "backend": backend, "ingest": ingest, "add": add, "serve": serve,
            "disk_mb": disk, "server_rss_mb": server_rss}  # fmt: skip


class _Nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _count(cities_dir: Path) -> int:
    return sum(1 for _ in (cities_dir / "cities.jsonl").open())


ROWS: list[tuple[str, str, Any]] = [
    ("chunks in the index", "", lambda m: m["ingest"]["chunks"]),
    ("parse, cities/s", "/s", lambda m: m["n"] / m["ingest"]["parse_s"]),
    ("index, chunks/s (vectors reused)", "/s", lambda m: m["ingest"]["chunks"] / m["ingest"]["index_s"]),
    ("texts really embedded (cache misses)", "", lambda m: m["ingest"]["really_embedded"]),
    ("peak RSS, ingest process", "MB", lambda m: m["ingest"]["rss_mb"]),
    ("add 1 city: time", "s", lambda m: m["add"]["index_s"]),
    ("add 1 city: chunks embedded", "", lambda m: m["add"]["embedded"]),
    ("add 1 city: rows written", "", lambda m: m["add"]["written"]),
    ("add 1 city: chunks in that city", "", lambda m: m["add"]["chunks"] - m["ingest"]["chunks"]),
    ("cold start to first answer", "s", lambda m: m["serve"]["cold_first_answer_s"]),
    ("  of which CPU time", "s", lambda m: m["serve"]["cold_cpu_s"]),
    ("warm search p50, city named", "ms", lambda m: m["serve"]["search_city_p50_ms"]),
    ("warm search p95, city named", "ms", lambda m: m["serve"]["search_city_p95_ms"]),
    ("warm search p50, all cities", "ms", lambda m: m["serve"]["search_all_p50_ms"]),
    ("warm search p95, all cities", "ms", lambda m: m["serve"]["search_all_p95_ms"]),
    ("warm answer p50, city named", "ms", lambda m: m["serve"]["answer_city_p50_ms"]),
    ("warm answer p95, city named", "ms", lambda m: m["serve"]["answer_city_p95_ms"]),
    ("warm answer p50, all cities", "ms", lambda m: m["serve"]["answer_all_p50_ms"]),
    ("warm answer p95, all cities", "ms", lambda m: m["serve"]["answer_all_p95_ms"]),
    ("UI city list", "s", lambda m: m["serve"]["ui_city_list_s"]),
    ("UI Browse one city", "s", lambda m: m["serve"]["ui_browse_s"]),
    ("peak RSS, serving process", "MB", lambda m: m["serve"]["rss_mb"]),
    ("peak RSS, chroma server", "MB", lambda m: m["server_rss_mb"]),
    ("index size on disk", "MB", lambda m: m["disk_mb"]),
]  # fmt: skip

TARGETS: dict[str, tuple[str, Any]] = {
    "warm answer p95, city named": ("<= 300", lambda v: v <= 300),
    "cold start to first answer": ("<= 10", lambda v: v <= 10),
    "peak RSS, serving process": ("<= 2048", lambda v: v <= 2048),
}


def format_scale(results: list[dict], bare_rate: float) -> str:
    """One column per (backend, N), growth ratios against the smallest N of each backend."""
    cols = [(m["backend"], m["n"]) for m in results]
    by = {(m["backend"], m["n"]): m for m in results}
    first = {b: min(n for bb, n in cols if bb == b) for b, _ in cols}
    width = max(len(r[0]) for r in ROWS) + 2
    head = f"{'scale bench':<{width}}unit " + "".join(f"{b[:6]} N={n:<6} x{'':<4}" for b, n in cols)
    lines = [head]
    for name, unit, get in ROWS:
        cells = []
        for b, n in cols:
            try:
                value = float(get(by[(b, n)]))
                base = float(get(by[(b, first[b])]))
            except (KeyError, ZeroDivisionError):
                cells.append(f"{'-':>12} {'':<5}")
                continue
            ratio = f"{value / base:.1f}" if base and n != first[b] else ""
            cells.append(f"{value:>12.1f} {ratio:<5}")
        target = TARGETS.get(name)
        note = ""
        if target:
            worst = max(float(get(m)) for m in results if m["n"] == max(c[1] for c in cols))
            note = f"  target {target[0]} at largest N: {'yes' if target[1](worst) else 'NO'}"
        lines.append(f"{name:<{width}}{unit:<5}" + " ".join(cells) + note)
    lines.append(
        f"bare encode (sentence-transformers, real texts): {bare_rate:.1f} chunks/s; ingest "
        "here reuses one vector per template text across synthetic copies (cached on disk), so "
        "'index, chunks/s' is everything but the model; a real ingest of N cities would add "
        "chunks / bare rate seconds of embedding."
    )
    cloned = sorted({m["n"] for m in results if m["ingest"].get("cloned")})
    if cloned:
        lines.append(
            f"server at N={', '.join(map(str, cloned))}: not ingested again; the embedded "
            "build's rows were loaded into the server as stored (ingest rows: '-'), then one "
            "city added and served through it."
        )
    same = _same_answers(results)
    if same:
        lines.append(same)
    return "\n".join(lines)


def _same_answers(results: list[dict]) -> str:
    out = []
    for n in sorted({m["n"] for m in results}):
        pair = [m for m in results if m["n"] == n]
        if len(pair) == 2:
            a, b = (m["serve"]["digests"] for m in pair)
            same = sum(x == y for x, y in zip(a, b, strict=False))
            out.append(f"N={n}: {same}/{len(a)} answers identical on embedded and server")
    return "; ".join(out)


def run(
    sizes: Sequence[int],
    backends: Sequence[str],
    rounds: int,
    workdir: Path,
    record: Path | None = None,
    cache: Path | None = None,
) -> tuple[str, bool]:
    """The scale table at ``sizes`` and whether every target held at the largest. Each
    measurement is appended to ``record`` (JSON lines) as soon as it is taken."""
    results = []
    bare = _child("bare", str(_bare_cities(workdir)))
    if record:
        with record.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps({"bare": bare}) + "\n")
    for n in sizes:
        for backend in backends:
            started = time.perf_counter()
            results.append(measure(workdir, n, backend, rounds, cache))
            print(f"scale: N={n} {backend} measured in {time.perf_counter() - started:.0f} s",
                  file=sys.stderr, flush=True)  # fmt: skip
            if record:
                with record.open("a", encoding="utf-8") as fh:
                    fh.write(json.dumps(results[-1]) + "\n")
    return report(results, bare["chunks_per_s"])


def report(results: list[dict], bare_rate: float) -> tuple[str, bool]:
    """The table for ``results`` and whether every target held at the largest N."""
    table = format_scale(results, bare_rate)
    largest = [m for m in results if m["n"] == max(m["n"] for m in results)]
    ok = all(
        check(float(get(m)))
        for name, unit, get in ROWS
        if name in TARGETS
        for m in largest
        for check in [TARGETS[name][1]]
    )
    growth = [m["add"]["chunks"] - m["ingest"]["chunks"] for m in largest]
    ok = ok and all(m["add"]["embedded"] <= g for m, g in zip(largest, growth, strict=True))
    return table, ok


def report_files(paths: Sequence[Path]) -> tuple[str, bool]:
    """The table from recorded measurements (`run(record=...)`), e.g. of separate runs."""
    results: list[dict] = []
    rates: list[float] = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            item = json.loads(line)
            if "bare" in item:
                rates.append(float(item["bare"]["chunks_per_s"]))
            else:
                results.append(item)
    results.sort(key=lambda m: (m["backend"] != "embedded", m["n"]))
    return report(results, statistics.median(rates) if rates else 0.0)


def _bare_cities(workdir: Path) -> Path:
    from evals.scale_corpus import write_cities

    folder = workdir / "bare"
    write_cities(folder, 1, seed=SEED)
    return folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="One step of the scale benchmark (a child).")
    parser.add_argument("step", choices=["ingest", "serve", "bare", "clone"])
    parser.add_argument("args", nargs="*")
    ns = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    a = ns.args
    if ns.step == "ingest":
        out = step_ingest(Path(a[0]), Path(a[1]), int(a[3]), int(a[4]), a[2] or None)
    elif ns.step == "serve":
        out = step_serve(Path(a[0]), Path(a[1]), int(a[2]), a[3] or None, int(a[4]))
    elif ns.step == "clone":
        out = step_clone(Path(a[0]), Path(a[1]), a[2])
    else:
        out = step_bare(Path(a[0]))
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
