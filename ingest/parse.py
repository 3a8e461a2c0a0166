"""Parse documents: load, clean, recognise structure; and find a section by what users type."""

from __future__ import annotations

import difflib
import gc
import hashlib
import logging
import re
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from core.errors import NoSectionsError, SectionNotFoundError
from core.refs import is_number, normalize_ref, ref_variants, without_keyword
from core.suspect import suspect_sentences
from ingest.clean import clean_source
from ingest.loaders import DEFAULT_MAX_MB, load_source
from ingest.manifest import BUNDLED_MANIFEST, load_manifest
from ingest.records import ManifestEntry, ParsedDocument, Section
from ingest.rulefacts import extract_rules
from ingest.structure import parse_sections, whole_document_section

log = logging.getLogger(__name__)

_LARGE_BYTES = 1_000_000
CHARS_PER_SECTION_LIMIT = 25_000
WHOLE_DOCUMENT_FLAG = "--whole-document"

Stage = Callable[[str], None]
"""Told each stage of a parse ('reading', 'cleaning', 'finding sections'): for progress."""


def parse_document(
    entry: ManifestEntry,
    path: Path,
    *,
    whole_document: bool = False,
    max_mb: float = DEFAULT_MAX_MB,
    progress: Stage | None = None,
) -> ParsedDocument:
    """Load, clean and parse one ordinance file into its ordered section records.

    Time and memory grow linearly with the file's size; a file over `max_mb` megabytes raises
    `DocumentTooLargeError`. `progress` is told each stage; large files also log each stage.

    A document in which no heading scheme is found, or that yields fewer than one section per
    `CHARS_PER_SECTION_LIMIT` characters, raises `NoSectionsError` (nothing is stored): a silent
    success would store text that no question can reach. With `whole_document` the file is kept
    as one unnumbered section titled with the instrument's name, indexed and searchable."""
    with _collector_paused():
        return _parse(entry, path, whole_document, max_mb, progress)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while one document is parsed: its full passes
    scan every live object, so with a parse's millions of small strings they made parse time grow
    faster than the file (16 MB took 20x the 1 MB time; 14x without them). Reference counting
    still frees what a parse drops; the collector resumes afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _parse(
    entry: ManifestEntry,
    path: Path,
    whole_document: bool,
    max_mb: float,
    progress: Stage | None,
) -> ParsedDocument:
    path = Path(path)
    large = path.is_file() and path.stat().st_size >= _LARGE_BYTES
    started = time.perf_counter()

    def stage(name: str) -> None:
        if large:
            log.info(
                "%s: %s (%.1f s so far)", entry.jurisdiction, name, time.perf_counter() - started
            )
        if progress is not None:
            progress(name)

    stage("reading")
    source = load_source(path, max_mb=max_mb)
    stage("cleaning")
    stream = clean_source(source)
    stage("finding sections")
    warnings = list(stream.warnings)
    if whole_document:
        sections = [_mark_suspect(whole_document_section(stream, entry))]
        warnings.append("ingested as one unnumbered document (--whole-document)")
    else:
        sections = [_mark_suspect(s) for s in parse_sections(stream, entry)]
        _check_sections(sections, len(stream.text), entry, path)
    flagged = [t for s in sections for t in s.suspect]
    if flagged:
        warnings.append(
            f"{len(flagged)} sentence(s) address the reader or an assistant (e.g. "
            f"{flagged[0][:80]!r}): kept as text, never quoted as support"
        )
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    log.info(
        "parsed %s: %d sections", entry.jurisdiction, sum(s.kind == "section" for s in sections)
    )
    return ParsedDocument(
        entry=entry,
        source_path=str(path),
        sections=sections,
        content_hash=digest,
        warnings=warnings,
        rules=extract_rules(sections, source.text),
    )


def _check_sections(sections: list[Section], chars: int, entry: ManifestEntry, path: Path) -> None:
    count = sum(s.kind == "section" for s in sections)
    fix = (
        "Check that the file is the ordinance's text (not a cover page, scan or index). If the "
        "document really has no numbered or titled sections, ingest it as one unnumbered document: "
        f"`ordinance ingest {str(path)!r} --manifest MANIFEST {WHOLE_DOCUMENT_FLAG}`."
    )
    if count == 0:
        raise NoSectionsError(
            f"{str(path)!r} ({entry.jurisdiction!r}): no section headings recognised in "
            f"{chars:,} characters, so no question could reach its text. {fix}",
            path,
        )
    if count * CHARS_PER_SECTION_LIMIT < chars:
        raise NoSectionsError(
            f"{str(path)!r} ({entry.jurisdiction!r}): only {count} section(s) recognised in "
            f"{chars:,} characters; the headings were probably not recognised. {fix}",
            path,
        )


def _mark_suspect(section: Section) -> Section:
    found = suspect_sentences(section.text)
    return section.model_copy(update={"suspect": found}) if found else section


@lru_cache(maxsize=8)
def _load_corpus_cached(
    manifest: Path, stamp: tuple[tuple[str, float, int], ...]
) -> tuple[ParsedDocument, ...]:
    return tuple(parse_document(entry, path) for entry, path in load_manifest(manifest))


def load_corpus(manifest: Path | None = None) -> list[ParsedDocument]:
    """Parse every document of `manifest` (default: the bundled corpus). Cached per file state."""
    manifest = Path(manifest or BUNDLED_MANIFEST).resolve()
    files = [manifest] + [p for _, p in load_manifest(manifest)]
    stamp = tuple((str(p), p.stat().st_mtime, p.stat().st_size) for p in files)
    return list(_load_corpus_cached(manifest, stamp))


def _number_matches(section: Section, want: str) -> bool:
    number = section.section
    if number is None:
        return False
    if normalize_ref(number) == want:
        return True
    if "-" in number and want.isdigit() and section.title.lower().startswith("reserved"):
        lo, _, hi = number.partition("-")
        return lo.isdigit() and hi.isdigit() and int(lo) <= int(want) <= int(hi)
    return False


def _nearest_numbers(pool: Sequence[Section], want: str, n: int = 3) -> list[str]:
    def value(number: str) -> float | None:
        m = re.match(r"\d+(?:\.\d+)?", number)
        return float(m.group(0)) if m else None

    target = value(want)
    numbered = [(v, s.ref) for s in pool if s.section and (v := value(s.section)) is not None]
    if target is None:
        return []
    return [ref for _, ref in sorted(numbered, key=lambda p: abs(p[0] - target))[:n]]


def find_section(sections: Sequence[Section], jurisdiction: str, ref: str) -> Section:
    """The section of `jurisdiction` that `ref` names: by number, or by title.

    Numbers are matched exactly after dropping prefixes ('Section', 'Sec.', '§') and leading
    zeros ('Section 1' finds '01'; '404.4' does not find '404.04'; '9-4-8' is never '9'); a
    subsection falls back to its section (`core.refs.ref_variants`). Titles match
    case-insensitively, exactly, then as a unique prefix, then as a unique close match.
    Raises `SectionNotFoundError` with the closest identifiers as suggestions.
    """
    pool = [s for s in sections if s.jurisdiction == jurisdiction and s.kind == "section"]
    want = normalize_ref(ref)
    if is_number(want):
        for variant in ref_variants(ref):  # '4.1.2(a)' -> 4.1.2, then its section 4.1
            hits = [s for s in pool if _number_matches(s, variant)]
            if hits:
                return hits[0]
    bare = normalize_ref(without_keyword(ref))  # ('Section IV.D', '§ IV.D')
    exact_ref = [s for s in pool if s.section and normalize_ref(s.section) in (want, bare)]
    if exact_ref:  # a number of letters as printed ('IV.D', 'XVIII')
        return exact_ref[0]
    low = want.lower()
    titled = [s for s in pool if s.title]
    exact = [s for s in titled if s.title.lower().rstrip(".") == low]
    if exact:
        return exact[0]
    if low:
        prefix = [s for s in titled if s.title.lower().startswith(low)]
        if len(prefix) == 1:
            return prefix[0]
        close = difflib.get_close_matches(low, [s.title.lower() for s in titled], n=2, cutoff=0.85)
        if len(close) == 1:
            return next(s for s in titled if s.title.lower() == close[0])
    refs = [s.ref for s in pool]
    keyed = {
        (normalize_ref(r) if s.section else r.lower()): r for s, r in zip(pool, refs, strict=True)
    }
    near = difflib.get_close_matches(low, list(keyed), n=5, cutoff=0.5)
    suggestions = [keyed[k] for k in near]
    if not suggestions and low:
        suggestions = [s.ref for s in pool if low in s.title.lower()][:5]
    if not suggestions and is_number(want):  # '999': the numerically nearest sections
        suggestions = _nearest_numbers(pool, want)
    name = pool[0].jurisdiction_name if pool else jurisdiction
    raise SectionNotFoundError(
        f"No section {ref!r} in {name} ({jurisdiction!r}). Run `ordinance sections --city "
        f"{jurisdiction}` to list its sections.",
        suggestions=suggestions,
    )
