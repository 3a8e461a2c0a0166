"""Build or update the index: chunk the sections, embed what changed, write a new generation
(Chroma collection + chunk and document files) and commit it with the documents in one step.

One transaction over the document store, the lexical index (chunks) and Chroma: the new
generation is complete before the document store is replaced by one naming it (the commit,
see `ingest.store`); a crash before that leaves the previous commit serving, and the next run
removes what the crashed one left (collections, generation folders, Chroma segment folders).
Only one writer per home (`core.locking.writer_lock`).

Idempotent: content hashes decide what is embedded; an unchanged corpus changes nothing.
Documents replace the stored documents of the same jurisdictions; other jurisdictions
already stored are kept.
"""

from __future__ import annotations

import hashlib
import logging
import shutil
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from core.errors import IndexStateError, ManifestError
from core.locking import writer_lock
from index import chroma
from index.chunk import chunk_sections
from index.embed import get_embedder, model_id
from index.lexical import write_lexical
from index.records import Chunk, IndexStats
from index.state import (
    SCHEMA_VERSION,
    IndexState,
    generation_dir,
    home_id,
    index_dir,
    new_generation,
    previous_pointer,
    read_chunks,
    read_documents,
    read_state,
    write_generation,
    write_generation_state,
    write_state,
)
from ingest.records import ParsedDocument
from ingest.store import (
    committed_generation,
    load_documents,
    previous_generation,
    save_documents,
)

log = logging.getLogger(__name__)

Progress = Callable[[int, int], None]


class TextEmbedder(Protocol):
    """What ingest needs of an embedder (`index.embed.Embedder`; the scale benchmark passes one
    that reuses vectors across synthetic copies of one text)."""

    def embed(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray: ...


ENCODE_BATCH = 16
"""Texts per forward pass of the model. On the 2-core CPU, 16 was faster than 64 (33 s against
48 s for the bundled corpus) and its peak memory 270 MB smaller: 256-token texts pad less."""


def corpus_version(docs: Sequence[ParsedDocument]) -> str:
    digest = hashlib.sha256()
    for doc in sorted(docs, key=lambda d: d.entry.jurisdiction):
        digest.update(f"{doc.entry.jurisdiction}:{doc.content_hash}\n".encode())
    return digest.hexdigest()[:16]


def _previous(home: Path) -> tuple[IndexState | None, list[Chunk], list[ParsedDocument]]:
    """The serving index (of any layout version: its vectors may still be reused), or nothing
    when there is none or it cannot be read."""
    try:
        state = read_state(home, any_version=True)
        return state, read_chunks(home, state.generation), read_documents(home, state.generation)
    except IndexStateError as exc:
        if (index_dir(home) / "state.json").exists():
            log.info("not reusing the previous index: %s", exc)
        return None, [], []


def _base_documents(home: Path, indexed: list[ParsedDocument]) -> list[ParsedDocument]:
    """The committed documents this ingest adds to: the store (also what `--no-index` put
    there), else what the previous index holds."""
    try:
        stored = load_documents(home)
    except IndexStateError as exc:
        log.warning("the document store is unreadable (%s); starting from the index's copy", exc)
        return indexed
    return stored or indexed


def _commit(
    home: Path, state: IndexState, docs: list[ParsedDocument], previous: str | None
) -> None:
    """Make ``state`` and ``docs`` current together: the store names the generation (and the
    one before it, which readers that opened it earlier may still use)."""
    write_generation_state(home, state)
    if previous == state.generation:
        previous = previous_generation(home)
    save_documents(home, docs, generation=state.generation, previous=previous, merge=False)
    write_state(home, state)


def clean_orphans(home: Path, client: Any, hid: str) -> None:
    """Remove what no commit refers to: collections and generation folders of crashed ingests
    and Chroma segment folders without a segment. Run by the writer, under the lock."""
    keep = {
        g
        for g in (committed_generation(home), previous_generation(home), previous_pointer(home))
        if g
    }
    try:
        _collect_garbage(home, client, hid, keep)
    except Exception as exc:  # cleanup is best effort
        log.warning("cleanup of old index generations failed: %s", exc)
    chroma.remove_orphan_segments(home)


def _merge(old: list[ParsedDocument], new: Sequence[ParsedDocument]) -> list[ParsedDocument]:
    seen: set[str] = set()
    for doc in new:
        key = doc.entry.jurisdiction
        if key in seen:
            raise ManifestError(
                f"Two documents for jurisdiction {key!r} in one ingest: give each city one "
                "document, or different `jurisdiction` keys in the manifest.",
                doc.source_path,
            )
        seen.add(key)
    kept = [d for d in old if d.entry.jurisdiction not in seen]
    return sorted([*kept, *new], key=lambda d: d.entry.jurisdiction)


def _old_vectors(
    client: Any, state: IndexState | None, old_chunks: list[Chunk], wanted: set[str]
) -> dict[str, list[float]]:
    """Stored embeddings by content hash, for the hashes in ``wanted``."""
    if state is None or state.embed_model != model_id() or not wanted:
        return {}
    ids = [c.id for c in old_chunks if c.content_hash in wanted]
    by_id = {c.id: c.content_hash for c in old_chunks}
    try:
        collection = client.get_collection(name=state.collection)
        got = collection.get(ids=ids, include=["embeddings"])
    except Exception as exc:  # the old collection is gone or broken: embed everything again
        log.warning("cannot reuse stored embeddings (%s): embedding again", exc)
        return {}
    return {
        by_id[i]: [float(x) for x in vec]
        for i, vec in zip(got["ids"], got["embeddings"], strict=True)
    }


def _serves_unchanged(
    client: Any,
    state: IndexState,
    old_chunks: list[Chunk],
    old_docs: list[ParsedDocument],
    chunks: list[Chunk],
    docs: list[ParsedDocument],
    max_tokens: int,
    version: str,
) -> bool:
    """Whether the serving generation already is what this ingest would build: same layout
    version, model, chunk size, corpus and chunks, and a collection holding exactly one vector
    per chunk with text. Anything else (an older layout, a partial or killed ingest, a lost
    collection) is rebuilt, so re-ingest always converges to a consistent index."""
    recorded = (state.schema_version, state.embed_model, state.max_tokens, state.corpus_version)
    if recorded != (SCHEMA_VERSION, model_id(), max_tokens, version):
        log.info(
            "rebuilding: index recorded %s, this ingest needs %s",
            recorded,
            (SCHEMA_VERSION, model_id(), max_tokens, version),
        )
        return False
    if old_chunks != chunks or old_docs != docs or state.chunks != len(chunks):
        return False
    try:
        count = int(client.get_collection(name=state.collection).count())
    except Exception as exc:  # chromadb raises several types for a missing collection
        log.warning("rebuilding: collection %r is unusable (%s)", state.collection, exc)
        return False
    searchable = sum(1 for c in chunks if c.text)
    if count != searchable:
        log.warning("rebuilding: %d vectors stored for %d chunks with text", count, searchable)
        return False
    return True


def _nodes(chunks: list[Chunk], vectors: np.ndarray) -> list[Any]:
    from llama_index.core.schema import TextNode

    return [
        TextNode(
            id_=chunk.id,
            text=chunk.embed_text,
            embedding=vectors[i].tolist(),
            metadata={
                "jurisdiction": chunk.jurisdiction,
                "section": chunk.section or "",
                "content_hash": chunk.content_hash,
            },
            excluded_embed_metadata_keys=["jurisdiction", "section", "content_hash"],
            excluded_llm_metadata_keys=["jurisdiction", "section", "content_hash"],
        )
        for i, chunk in enumerate(chunks)
    ]


def _collect_garbage(home: Path, client: Any, hid: str, keep: set[str]) -> None:
    """Drop generations other than ``keep`` (left by older or killed ingests)."""
    prefix = chroma.collection_name(hid, "")
    for name in chroma.list_collection_names(client):
        if name.startswith(prefix) and name.removeprefix(prefix) not in keep:
            chroma.delete_collection(client, name)
    for folder in index_dir(home).glob("gen-*"):
        if folder.is_dir() and folder.name.removeprefix("gen-") not in keep:
            shutil.rmtree(folder, ignore_errors=True)


def update_index(
    docs: Sequence[ParsedDocument],
    home: Path,
    *,
    chroma_url: str | None = None,
    batch_size: int = 64,
    progress: Progress | None = None,
    max_tokens: int = 256,
    embedder: TextEmbedder | None = None,
) -> IndexStats:
    """Index ``docs`` under ``home`` (Chroma on disk there, or the server at ``chroma_url``)
    and commit them with the stored documents of the other cities.

    Unchanged chunks keep their stored embeddings; nothing is switched until the new
    generation is complete, so a failure leaves the previous commit serving. Raises
    `HomeBusyError` when another writer holds the home. ``embedder`` replaces the bundled
    model's (default: `index.embed.get_embedder()`, loaded only when something needs
    embedding)."""
    home = Path(home)
    with writer_lock(home):
        return _update_index(docs, home, chroma_url, batch_size, progress, max_tokens, embedder)


def _update_index(
    docs: Sequence[ParsedDocument],
    home: Path,
    chroma_url: str | None,
    batch_size: int,
    progress: Progress | None,
    max_tokens: int,
    embedder: TextEmbedder | None = None,
) -> IndexStats:
    started = time.perf_counter()
    index_dir(home).mkdir(parents=True, exist_ok=True)
    old_state, old_chunks, old_docs = _previous(home)
    if old_state is not None and old_state.chroma_url != chroma_url:
        old_state, old_chunks = None, []  # another backend: its vectors are not reachable here
    all_docs = _merge(_base_documents(home, old_docs), docs)
    if not all_docs:
        raise IndexStateError("Nothing to index: give `ordinance ingest` at least one document.")
    chunks = chunk_sections([s for d in all_docs for s in d.sections], max_tokens=max_tokens)
    version = corpus_version(all_docs)
    client = chroma.open_client(home, chroma_url, create=True)
    total = len(chunks)
    hid = old_state.home_id if old_state else home_id(home)
    clean_orphans(home, client, hid)

    if old_state is not None and _serves_unchanged(
        client, old_state, old_chunks, old_docs, chunks, all_docs, max_tokens, version
    ):
        if committed_generation(home) != old_state.generation or load_documents(home) != all_docs:
            _commit(home, old_state, all_docs, old_state.generation)
        if progress:
            progress(total, total)
        log.info("index unchanged: %d chunks", total)
        return IndexStats(
            chunks=total,
            embedded=0,
            reused=total,
            removed=0,
            seconds=time.perf_counter() - started,
            jurisdictions=sorted(old_state.jurisdictions),
        )

    hashes = {c.content_hash for c in chunks if c.text}
    stored = _old_vectors(client, old_state, old_chunks, hashes)
    if embedder is None and any(c.text and c.content_hash not in stored for c in chunks):
        embedder = get_embedder()

    generation = new_generation()
    name = chroma.collection_name(hid, generation)
    collection = chroma.create_collection(client, name)
    store = chroma.vector_store(collection)
    vectors_by_hash: dict[str, np.ndarray] = {
        h: np.asarray(v, np.float32) for h, v in stored.items()
    }
    # Embed the new texts longest first across the whole run (as a bare encode does), so each
    # forward pass pads little; then write every chunk to the new collection in batches.
    fresh = sorted(
        {c.content_hash: c for c in chunks if c.text and c.content_hash not in stored}.values(),
        key=lambda c: -len(c.embed_text),
    )
    steps = len(fresh) + total
    done = 0
    try:
        for start in range(0, len(fresh), batch_size):
            group = fresh[start : start + batch_size]
            assert embedder is not None
            vecs = embedder.embed(
                [c.embed_text for c in group], batch_size=min(batch_size, ENCODE_BATCH)
            )
            for c, v in zip(group, vecs, strict=True):
                vectors_by_hash[c.content_hash] = v
            done += len(group)
            if progress:
                progress(done, steps)
        embedded = len(fresh)
        for start in range(0, total, batch_size):
            batch = chunks[start : start + batch_size]
            searchable = [c for c in batch if c.text]  # heading-only sections: lookup only
            if searchable:
                vecs = np.stack([vectors_by_hash[c.content_hash] for c in searchable])
                store.add(_nodes(searchable, vecs))
            done += len(batch)
            if progress:
                progress(done, steps)
        write_generation(home, generation, chunks, all_docs)
        write_lexical(generation_dir(home, generation), chunks)
        state = IndexState(
            schema_version=SCHEMA_VERSION,
            home_id=hid,
            generation=generation,
            collection=name,
            embed_model=model_id(),
            corpus_version=version,
            chunks=total,
            jurisdictions={d.entry.jurisdiction: d.entry.name for d in all_docs},
            max_tokens=max_tokens,
            chroma_url=chroma_url,
        )
        _commit(home, state, all_docs, old_state.generation if old_state else None)
    except BaseException as exc:
        if committed_generation(home) != generation:
            chroma.delete_collection(client, name)
            shutil.rmtree(generation_dir(home, generation), ignore_errors=True)
        if (
            chroma_url
            and isinstance(exc, Exception)
            and chroma.server_lost(client, chroma_url, exc)
        ):
            raise chroma.unreachable(chroma_url, exc) from exc
        raise
    keep = {generation} | ({old_state.generation} if old_state else set())
    try:
        _collect_garbage(home, client, hid, keep)
    except Exception as exc:  # cleanup is best effort
        log.warning("cleanup of old index generations failed: %s", exc)
    removed = len({c.content_hash for c in old_chunks if c.text} - hashes)
    stats = IndexStats(
        chunks=total,
        embedded=embedded,
        reused=len(hashes) - embedded,
        removed=removed,
        seconds=time.perf_counter() - started,
        jurisdictions=sorted(state.jurisdictions),
    )
    log.info("index generation %s: %s", generation, stats)
    return stats
