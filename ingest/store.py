"""The persistent store of parsed documents under the home folder (the index lives beside it).

The store file is the home's **commit record**: it lists the documents and names the index
generation built from exactly those documents (`generation`), or null when they were stored
with `--no-index`. It is written atomically (temp file + `os.replace`) and last, after the
index generation is complete, so a failed or killed ingest leaves the previous commit intact
and a city is either in the documents and the index or in neither. The index reads its
serving generation from here (`committed_generation`). Writers hold `core.locking.writer_lock`.

`Corpus.load(home)` is what the other stages call: the stored documents, or the bundled
corpus parsed on the fly when nothing is stored.
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


LEGACY = "legacy"
"""`committed_generation` of a store written before it named its generation."""


@lru_cache(maxsize=4)
def _read_store(
    path: Path, mtime_ns: int, size: int
) -> tuple[tuple[ParsedDocument, ...], str | None, str | None]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("version") != STORE_VERSION:
            raise ValueError(
                f"unknown store version {data.get('version') if isinstance(data, dict) else None!r}"
            )
        generation = data.get("generation", LEGACY)
        previous = data.get("previous_generation")
        if generation is not None and not isinstance(generation, str):
            raise ValueError(f"bad generation {generation!r}")
        if previous is not None and not isinstance(previous, str):
            raise ValueError(f"bad previous generation {previous!r}")
        return tuple(_DOCS.validate_python(data["documents"])), generation, previous
    except (OSError, ValueError, KeyError, ValidationError) as exc:
        raise IndexStateError(
            f"The parsed-document store {str(path)!r} is unreadable or corrupt ({type(exc).__name__}). "
            "Run `ordinance ingest` to rebuild it."
        ) from exc


def _stored(home: Path) -> tuple[tuple[ParsedDocument, ...], str | None, str | None]:
    path = store_path(home)
    try:
        st = path.stat()
    except FileNotFoundError:
        return (), LEGACY, None
    return _read_store(path.resolve(), st.st_mtime_ns, st.st_size)


def load_documents(home: Path) -> list[ParsedDocument]:
    """The stored documents in order; [] when nothing is stored. Corrupt -> `IndexStateError`."""
    return list(_stored(home)[0])


def committed_generation(home: Path) -> str | None:
    """The index generation committed with the stored documents: its id; None when the
    documents were stored without an index (`--no-index`); `LEGACY` when nothing is stored
    or the store predates this record (then the index's own state file decides)."""
    return _stored(home)[1]


def previous_generation(home: Path) -> str | None:
    """The generation committed before the current one (kept for readers still using it)."""
    try:
        return _stored(home)[2]
    except IndexStateError:
        return None


def save_documents(
    home: Path,
    docs: Sequence[ParsedDocument],
    *,
    generation: str | None = None,
    previous: str | None = None,
    merge: bool = True,
) -> None:
    """Commit `docs` with the index `generation` built from them (None: not indexed), merged
    into the stored documents by jurisdiction (or, with `merge=False`, as the whole store),
    written atomically."""
    home = Path(home)
    home.mkdir(parents=True, exist_ok=True)
    existing: list[ParsedDocument] = []
    if merge:
        try:
            existing = load_documents(home)
        except IndexStateError:
            log.warning("the old store under %s is corrupt; replacing it", home)
    merged: dict[str, ParsedDocument] = {d.entry.jurisdiction: d for d in existing}
    for doc in docs:
        merged[doc.entry.jurisdiction] = doc
    payload = {
        "version": STORE_VERSION,
        "generation": generation,
        "previous_generation": previous,
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
