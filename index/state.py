"""The index's own record of itself, under ``<home>/index/``:

    state.json               which generation serves, built with which model, from which corpus
    gen-<generation>/
        chunks.jsonl         every Chunk, in index order (BM25 is rebuilt from these on open)
        documents.jsonl      the ParsedDocuments the chunks came from (for section lookups)

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
from ingest.records import ParsedDocument
from ingest.store import LEGACY, committed_generation

log = logging.getLogger(__name__)
_T = TypeVar("_T", bound=BaseModel)

SCHEMA_VERSION = 2
"""Bump when chunking or the stored layout changes: older indexes then ask for a rebuild, and
`ordinance ingest` rebuilds them (reusing stored vectors of unchanged texts).

1: every chunk had a vector, heading-only chunks (no text) too.
2: only chunks with text have a vector (heading-only sections are for lookups)."""

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
    home: Path, generation: str, chunks: list[Chunk], docs: list[ParsedDocument]
) -> None:
    folder = generation_dir(home, generation)
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "chunks.jsonl").open("w", encoding="utf-8") as fh:
        for chunk in chunks:
            fh.write(chunk.model_dump_json() + "\n")
    with (folder / "documents.jsonl").open("w", encoding="utf-8") as fh:
        for doc in docs:
            fh.write(doc.model_dump_json() + "\n")


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
