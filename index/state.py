"""The index's own record of itself, under ``<home>/index/``:

    state.json               which generation serves, built with which model, from which corpus
    gen-<generation>/
        chunks.jsonl         every Chunk, in index order, one city after another
        documents.jsonl      the ParsedDocuments the chunks came from (for section lookups)
        catalog.json         per city: its manifest entry, where its chunks and document lie in
                             those files (byte offsets), its section refs, titles and tables
        lexical/             the BM25 index over every chunk (bm25s files, memory-mapped)

A serving process reads state.json and catalog.json at start; a city's chunks and sections
are read (one seek each) when a question first needs them, so start-up and memory do not grow
with the text of every city.

    gen-<generation>/state.json  that generation's IndexState

A new generation is written beside the serving one. It becomes current when the document
store (``<home>/documents.json``, the home's commit record, see `ingest.store`) is replaced by
one naming it: documents and index switch together, so a failed or killed ingest leaves the
previous commit serving, whole. ``index/state.json`` follows the commit (for older homes,
whose store names no generation, it is still the pointer).
"""

from __future__ import annotations

import json
import logging
import os
import uuid
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.errors import IndexStateError
from index.records import Chunk
from index.refs import normalize_ref, section_lookups
from ingest.records import ManifestEntry, ParsedDocument
from ingest.store import LEGACY, committed_generation

log = logging.getLogger(__name__)
_T = TypeVar("_T", bound=BaseModel)

SCHEMA_VERSION = 4
"""Bump when chunking or the stored layout changes: older indexes then ask for a rebuild, and
`ordinance ingest` rebuilds them (reusing stored vectors of unchanged texts).

1: every chunk had a vector, heading-only chunks (no text) too.
2: only chunks with text have a vector (heading-only sections are for lookups).
3: a per-city catalog with byte offsets, and a saved BM25 index (lazy loading by city).
4: one Chroma collection per home, its rows by city version (`index.vectors`): an ingest
   writes only the cities it adds or changes."""

REBUILD_HINT = "run `ordinance ingest` to rebuild the index"


class IndexState(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    schema_version: int
    home_id: str = Field(description="Random id of this home; prefixes its Chroma collections.")
    generation: str
    collection: str
    embed_model: str = Field(description="Embedding model the vectors were made with.")
    corpus_version: str = Field(description="Hash over the source documents' content hashes.")
    chunks: int
    jurisdictions: dict[str, str] = Field(description="Key -> display name.")
    max_tokens: int
    chroma_url: str | None = None
    collections: dict[str, list[str]] = Field(
        default_factory=dict,
        description="Every collection this generation reads, the base first -> the cities "
        "whose rows there are stale (replaced by a later collection); {} = {collection: []}.",
    )

    sizes: dict[str, int] = Field(
        default_factory=dict,
        description="Rows in each collection (fixed once committed: collections are never "
        "written again).",
    )

    def searched(self) -> dict[str, list[str]]:
        """Collection name -> its stale cities, the base first."""
        return self.collections or {self.collection: []}


class CityCatalog(BaseModel):
    """One city's place in a generation: enough to search across cities without reading its
    text, and to read its chunks and document with one seek each."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    entry: ManifestEntry
    chunk_start: int = Field(description="Position of its first chunk in the generation.")
    chunk_count: int
    searchable: int = Field(description="Its chunks with text (those with a vector).")
    version: str = Field(default="", description="Version of its rows (`index.vectors`).")
    collection: str = Field(default="", description="The collection holding its rows.")
    sections: int = Field(description="Its sections of kind 'section'.")
    chunk_bytes: tuple[int, int] = Field(description="(offset, length) in chunks.jsonl.")
    doc_bytes: tuple[int, int] = Field(description="(offset, length) in documents.jsonl.")
    refs: list[str] = Field(description="Normalised refs of the sections that have chunks.")
    titles: list[tuple[str, str]] = Field(
        description="(' plain title ', normalised ref) of sections titled in several words."
    )
    tables: dict[str, str] = Field(description="Table key -> ref of the section holding it.")


class Catalog(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    cities: dict[str, CityCatalog] = Field(description="Key -> place, in chunk order.")


def index_dir(home: Path) -> Path:
    return home / "index"


def state_path(home: Path) -> Path:
    return index_dir(home) / "state.json"


def generation_dir(home: Path, generation: str) -> Path:
    return index_dir(home) / f"gen-{generation}"


def new_generation() -> str:
    return uuid.uuid4().hex[:12]


def home_id(home: Path) -> str:
    """A stable random id for this home (created on first use)."""
    path = index_dir(home) / "home-id"
    if path.is_file():
        value = path.read_text(encoding="utf-8").strip()
        if value:
            return value
    path.parent.mkdir(parents=True, exist_ok=True)
    value = uuid.uuid4().hex[:8]
    path.write_text(value + "\n", encoding="utf-8")
    return value


def serving_state_path(home: Path) -> Path | None:
    """The state file of the generation committed with the stored documents (None: they were
    stored without an index); ``index/state.json`` for a home whose store names none."""
    committed = committed_generation(home)
    if committed is None:
        return None
    return state_path(home) if committed == LEGACY else generation_dir(home, committed) / STATE


def read_state(home: Path, *, any_version: bool = False) -> IndexState:
    """The serving state: the generation committed with the stored documents. IndexStateError
    when there is none or it is unreadable, when the stored documents were not indexed
    (`--no-index`), or (unless ``any_version``) when it was written for another layout."""
    path = serving_state_path(home)
    if path is None:
        raise IndexStateError(
            f"The documents in {str(home)!r} were stored without an index (`--no-index`), so "
            f"searching them is not possible yet: {REBUILD_HINT}."
        )
    if not path.is_file():
        raise IndexStateError(f"No index in {str(home)!r}: {REBUILD_HINT}.")
    try:
        state = IndexState.model_validate_json(path.read_text(encoding="utf-8"))
    except (ValidationError, ValueError, OSError) as exc:
        raise IndexStateError(
            f"The index state file {str(path)!r} is corrupt ({type(exc).__name__}): {REBUILD_HINT}."
        ) from exc
    if state.schema_version != SCHEMA_VERSION and not any_version:
        raise IndexStateError(
            f"The index in {str(home)!r} has layout version {state.schema_version}, this program "
            f"needs {SCHEMA_VERSION}: {REBUILD_HINT}."
        )
    return state


STATE = "state.json"


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def write_generation_state(home: Path, state: IndexState) -> None:
    """Record ``state`` inside its generation (before the commit that makes it current)."""
    folder = generation_dir(home, state.generation)
    folder.mkdir(parents=True, exist_ok=True)
    _write_atomic(folder / STATE, state.model_dump_json(indent=2))


def read_generation_state(home: Path, generation: str) -> IndexState | None:
    """The state recorded inside ``generation`` (None when missing or unreadable)."""
    path = state_path(home) if generation == LEGACY else generation_dir(home, generation) / STATE
    try:
        return IndexState.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, ValidationError):
        return None


def write_state(home: Path, state: IndexState) -> None:
    """Point ``index/state.json`` at ``state`` (after the commit; atomically)."""
    _write_atomic(state_path(home), state.model_dump_json(indent=2))


def previous_pointer(home: Path) -> str | None:
    """The generation ``index/state.json`` names, if readable (a reader may still use it)."""
    try:
        return IndexState.model_validate_json(state_path(home).read_text("utf-8")).generation
    except (OSError, ValueError, ValidationError):
        return None


def write_generation(
    home: Path,
    generation: str,
    chunks: list[Chunk],
    docs: list[ParsedDocument],
    versions: dict[str, str] | None = None,
    homes: dict[str, str] | None = None,
) -> Catalog:
    """Write the generation's chunk, document and catalog files; chunks must come one city
    after another (as `chunk_sections` over the documents in order gives them). ``versions``:
    each city's row version (`index.vectors.city_version`); ``homes``: the collection holding
    each city's rows."""
    folder = generation_dir(home, generation)
    folder.mkdir(parents=True, exist_ok=True)
    spans: dict[str, list[int]] = {}  # key -> [first chunk, count, searchable, offset, length]
    refs: dict[str, dict[str, None]] = {}
    with (folder / "chunks.jsonl").open("wb") as fb:
        for i, chunk in enumerate(chunks):
            line = (chunk.model_dump_json() + "\n").encode("utf-8")
            span = spans.setdefault(chunk.jurisdiction, [i, 0, 0, fb.tell(), 0])
            if span[0] + span[1] != i:
                raise IndexStateError(f"chunks of {chunk.jurisdiction!r} are not contiguous")
            span[1] += 1
            span[2] += bool(chunk.text)
            span[4] += len(line)
            refs.setdefault(chunk.jurisdiction, {})[normalize_ref(chunk.ref)] = None
            fb.write(line)
    cities: dict[str, CityCatalog] = {}
    with (folder / "documents.jsonl").open("wb") as fb:
        for doc in docs:
            line = (doc.model_dump_json() + "\n").encode("utf-8")
            key = doc.entry.jurisdiction
            start, count, searchable, offset, length = spans.get(key, [0, 0, 0, 0, 0])
            titles, tables = section_lookups(doc.sections)
            cities[key] = CityCatalog(
                entry=doc.entry,
                chunk_start=start,
                chunk_count=count,
                searchable=searchable,
                version=(versions or {}).get(key, ""),
                collection=(homes or {}).get(key, ""),
                sections=sum(s.kind == "section" for s in doc.sections),
                chunk_bytes=(offset, length),
                doc_bytes=(fb.tell(), len(line)),
                refs=list(refs.get(key, {})),
                titles=titles,
                tables=tables,
            )
            fb.write(line)
    order = sorted(cities, key=lambda k: (cities[k].chunk_start, k))
    catalog = Catalog(cities={k: cities[k] for k in order})
    (folder / "catalog.json").write_text(catalog.model_dump_json(), encoding="utf-8")
    return catalog


def read_catalog(home: Path, generation: str) -> Catalog:
    path = generation_dir(home, generation) / "catalog.json"
    try:
        return Catalog.model_validate_json(path.read_bytes())
    except (OSError, ValueError, ValidationError) as exc:
        raise IndexStateError(
            f"The index file {str(path)!r} is missing or corrupt ({type(exc).__name__}): "
            f"{REBUILD_HINT}."
        ) from exc


def read_city(home: Path, generation: str, city: CityCatalog) -> tuple[list[Chunk], ParsedDocument]:
    """One city's chunks and document, read from their byte spans."""
    chunks = read_city_chunks(home, generation, city)
    folder = generation_dir(home, generation)
    try:
        with (folder / "documents.jsonl").open("rb") as fb:
            fb.seek(city.doc_bytes[0])
            doc = ParsedDocument.model_validate_json(fb.read(city.doc_bytes[1]))
    except (OSError, ValueError, ValidationError) as exc:
        raise IndexStateError(
            f"The index files in {str(folder)!r} are missing or corrupt for "
            f"{city.entry.jurisdiction!r} ({type(exc).__name__}): {REBUILD_HINT}."
        ) from exc
    if doc.entry.jurisdiction != city.entry.jurisdiction:
        raise IndexStateError(
            f"The index files in {str(folder)!r} do not match their catalog for "
            f"{city.entry.jurisdiction!r}: {REBUILD_HINT}."
        )
    return chunks, doc


def read_city_chunks(home: Path, generation: str, city: CityCatalog) -> list[Chunk]:
    """One city's chunks, read from their byte span (its document is not read)."""
    folder = generation_dir(home, generation)
    try:
        with (folder / "chunks.jsonl").open("rb") as fb:
            fb.seek(city.chunk_bytes[0])
            lines = fb.read(city.chunk_bytes[1]).splitlines()
        chunks = [Chunk.model_validate_json(line) for line in lines if line.strip()]
    except (OSError, ValueError, ValidationError) as exc:
        raise IndexStateError(
            f"The index files in {str(folder)!r} are missing or corrupt for "
            f"{city.entry.jurisdiction!r} ({type(exc).__name__}): {REBUILD_HINT}."
        ) from exc
    if len(chunks) != city.chunk_count:
        raise IndexStateError(
            f"The index files in {str(folder)!r} do not match their catalog for "
            f"{city.entry.jurisdiction!r}: {REBUILD_HINT}."
        )
    return chunks


def read_chunks(home: Path, generation: str) -> list[Chunk]:
    return _read_jsonl(generation_dir(home, generation) / "chunks.jsonl", Chunk)


def read_documents(home: Path, generation: str) -> list[ParsedDocument]:
    return _read_jsonl(generation_dir(home, generation) / "documents.jsonl", ParsedDocument)


def _read_jsonl(path: Path, model: type[_T]) -> list[_T]:
    try:
        with path.open(encoding="utf-8") as fh:
            return [model.model_validate(json.loads(line)) for line in fh if line.strip()]
    except (OSError, ValueError, ValidationError) as exc:
        raise IndexStateError(
            f"The index file {str(path)!r} is missing or corrupt ({type(exc).__name__}): "
            f"{REBUILD_HINT}."
        ) from exc
