"""Parse documents: load, clean, recognise structure; and find a section by what users type."""

from __future__ import annotations

import difflib
import hashlib
import logging
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from core.errors import SectionNotFoundError
from ingest.clean import clean_source
from ingest.loaders import load_source
from ingest.manifest import BUNDLED_MANIFEST, load_manifest
from ingest.records import ManifestEntry, ParsedDocument, Section
from ingest.structure import parse_sections

log = logging.getLogger(__name__)

_REF_PREFIX = re.compile(r"^\s*(?:sections?|secs?\.?|§+|s\.)\s*", re.IGNORECASE)
_NUMERIC = re.compile(r"^\d+(?:[.\-]\d+)*$")


def parse_document(entry: ManifestEntry, path: Path) -> ParsedDocument:
    """Load, clean and parse one ordinance file into its ordered section records."""
    path = Path(path)
    source = load_source(path)
    stream = clean_source(source)
    sections = parse_sections(stream, entry)
    warnings = list(stream.warnings)
    if not any(s.kind == "section" for s in sections):
        warnings.append("no section headings recognised; the whole text is kept as one record")
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
    )


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


def normalise_ref(ref: str) -> str:
    """'Section 98' -> '98', '§ 404.04' -> '404.04', 'Sec. 01' -> '1' (leading zeros dropped)."""
    s = _REF_PREFIX.sub("", ref.strip()).strip().rstrip(".").strip()
    if _NUMERIC.match(s):
        head, *rest = re.split(r"([.\-])", s)
        return str(int(head)) + "".join(rest)
    return s


def _number_matches(section: Section, want: str) -> bool:
    number = section.section
    if number is None:
        return False
    if normalise_ref(number) == want:
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
    zeros ('Section 1' finds '01'; '404.4' does not find '404.04'). Titles match
    case-insensitively, exactly, then as a unique prefix, then as a unique close match.
    Raises `SectionNotFoundError` with the closest identifiers as suggestions.
    """
    pool = [s for s in sections if s.jurisdiction == jurisdiction and s.kind == "section"]
    want = normalise_ref(ref)
    if _NUMERIC.match(want):
        hits = [s for s in pool if _number_matches(s, want)]
        if hits:
            return hits[0]
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
        (normalise_ref(r) if s.section else r.lower()): r for s, r in zip(pool, refs, strict=True)
    }
    near = difflib.get_close_matches(low, list(keyed), n=5, cutoff=0.5)
    suggestions = [keyed[k] for k in near]
    if not suggestions and low:
        suggestions = [s.ref for s in pool if low in s.title.lower()][:5]
    if not suggestions and _NUMERIC.match(want):  # '999': the numerically nearest sections
        suggestions = _nearest_numbers(pool, want)
    name = pool[0].jurisdiction_name if pool else jurisdiction
    raise SectionNotFoundError(
        f"No section {ref!r} in {name} ({jurisdiction!r}). Run `ordinance sections --city "
        f"{jurisdiction}` to list its sections.",
        suggestions=suggestions,
    )
