"""The persistent store of parsed documents under the home folder (the index lives beside it).

`save_documents` merges by jurisdiction and writes atomically (temp file + `os.replace`), so a
failed ingest leaves the previous store intact. `Corpus.load(home)` is what the other stages
call: the stored documents, or the bundled corpus parsed on the fly when nothing is stored.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from core.errors import IndexStateError, ManifestError, UnknownJurisdictionError
from ingest.manifest import entry_lines
from ingest.parse import find_section, load_corpus
from ingest.records import ManifestEntry, ParsedDocument, Section

log = logging.getLogger(__name__)

STORE_NAME = "documents.json"
STORE_VERSION = 1
_DOCS = TypeAdapter(list[ParsedDocument])


def store_path(home: Path) -> Path:
    return Path(home) / STORE_NAME


@lru_cache(maxsize=4)
def _read_store(path: Path, mtime_ns: int, size: int) -> tuple[ParsedDocument, ...]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("version") != STORE_VERSION:
            raise ValueError(
                f"unknown store version {data.get('version') if isinstance(data, dict) else None!r}"
            )
        return tuple(_DOCS.validate_python(data["documents"]))
    except (OSError, ValueError, KeyError, ValidationError) as exc:
        raise IndexStateError(
            f"The parsed-document store {str(path)!r} is unreadable or corrupt ({type(exc).__name__}). "
            "Run `ordinance ingest` to rebuild it."
        ) from exc


def load_documents(home: Path) -> list[ParsedDocument]:
    """The stored documents in order; [] when nothing is stored. Corrupt -> `IndexStateError`."""
    path = store_path(home)
    if not path.exists():
        return []
    st = path.stat()
    return list(_read_store(path.resolve(), st.st_mtime_ns, st.st_size))


def save_documents(home: Path, docs: Sequence[ParsedDocument]) -> None:
    """Merge `docs` into the store by jurisdiction (replacing those cities) and write atomically."""
    home = Path(home)
    home.mkdir(parents=True, exist_ok=True)
    try:
        existing = load_documents(home)
    except IndexStateError:
        log.warning("the old store under %s is corrupt; replacing it", home)
        existing = []
    merged: dict[str, ParsedDocument] = {d.entry.jurisdiction: d for d in existing}
    for doc in docs:
        merged[doc.entry.jurisdiction] = doc
    payload = {
        "version": STORE_VERSION,
        "documents": [d.model_dump(mode="json") for d in merged.values()],
    }
    fd, tmp = tempfile.mkstemp(prefix=".documents-", suffix=".json", dir=home)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(payload, fh, ensure_ascii=False)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, store_path(home))
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    log.info("stored %d document(s) under %s", len(merged), home)


def check_replacements(
    home: Path,
    selected: Sequence[tuple[ManifestEntry, Path]],
    manifest: Path,
    *,
    replace: bool,
) -> None:
    """Refuse, unless `replace`, an ingest that would replace a city stored from another file.

    Re-ingesting a city from the same file (an update, or the bundled corpus again) is allowed;
    a manifest entry that reuses a stored city's key for a different document must say so."""
    if replace:
        return
    try:
        stored = {d.entry.jurisdiction: d for d in load_documents(home)}
    except IndexStateError:
        return  # a corrupt store is rebuilt by the ingest
    lines: dict[str, int] | None = None
    for entry, path in selected:
        old = stored.get(entry.jurisdiction)
        if old is None or Path(old.source_path).resolve() == Path(path).resolve():
            continue
        if lines is None:
            lines = entry_lines(manifest)
        line = lines.get(entry.jurisdiction)
        where = f", line {line}" if line else ""
        count = sum(s.kind == "section" for s in old.sections)
        raise ManifestError(
            f"Manifest {str(manifest)!r}{where}: entry {entry.jurisdiction!r} would replace the "
            f"ingested city {entry.jurisdiction!r} ({old.entry.name}, {count} sections from "
            f"{old.source_path!r}) with {str(path)!r}. Pass --replace to replace it, or give "
            "this entry another 'jurisdiction' key to add a new city.",
            manifest,
        )


class Corpus:
    """The parsed documents the assistant works from, with lookups by city and section."""

    def __init__(self, documents: Sequence[ParsedDocument]) -> None:
        self.documents: list[ParsedDocument] = list(documents)

    @classmethod
    def load(cls, home: Path) -> Corpus:
        """The stored documents under `home`; the bundled corpus if nothing is stored yet."""
        docs = load_documents(home)
        if not docs:
            log.debug("no stored documents under %s; using the bundled corpus", home)
            docs = load_corpus()
        return cls(docs)

    def jurisdictions(self) -> dict[str, ManifestEntry]:
        return {d.entry.jurisdiction: d.entry for d in self.documents}

    def require_jurisdiction(self, key: str) -> ManifestEntry:
        known = self.jurisdictions()
        entry = known.get(key.strip().lower())
        if entry is None:
            raise UnknownJurisdictionError(key, list(known))
        return entry

    def document(self, jurisdiction: str) -> ParsedDocument:
        entry = self.require_jurisdiction(jurisdiction)
        return next(d for d in self.documents if d.entry.jurisdiction == entry.jurisdiction)

    def sections(
        self, jurisdiction: str | None = None, *, include_other: bool = False
    ) -> list[Section]:
        """Sections in document order (kind 'section' only unless `include_other`)."""
        docs = self.documents if jurisdiction is None else [self.document(jurisdiction)]
        return [s for d in docs for s in d.sections if include_other or s.kind == "section"]

    def get(self, jurisdiction: str, ref: str) -> Section:
        """The section `ref` ('98', 'Section 404.04', 'Septic tank maintenance') of a city."""
        entry = self.require_jurisdiction(jurisdiction)
        return find_section(self.sections(entry.jurisdiction), entry.jurisdiction, ref)
