"""Build or update the index: chunk the sections, embed what changed, write a new generation
(chunk, document and BM25 files, plus one new Chroma collection holding only the cities this
ingest adds or changes, `index.vectors`) and commit it with the documents in one step.

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
from index import chroma, vectors
from index.chunk import chunk_sections
from index.embed import get_embedder, model_id
from index.lexical import write_lexical
from index.records import IndexStats
from index.state import (
    LEGACY,
    SCHEMA_VERSION,
    Catalog,
    IndexState,
    generation_dir,
    home_id,
    index_dir,
    new_generation,
    previous_pointer,
    read_catalog,
    read_documents,
    read_generation_state,
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


def _previous(home: Path) -> tuple[IndexState | None, Catalog | None]:
    """The serving index (of any layout version: its vectors may still be reused) and, for
    this layout, its catalog; nothing when there is none or it cannot be read."""
    try:
        state = read_state(home, any_version=True)
    except IndexStateError as exc:
        if (index_dir(home) / "state.json").exists():
            log.info("not reusing the previous index: %s", exc)
        return None, None
    if state.schema_version != SCHEMA_VERSION:
        return state, None
    try:
        return state, read_catalog(home, state.generation)
    except IndexStateError as exc:
        log.info("not reusing the previous index's rows: %s", exc)
        return state, None


def _base_documents(home: Path, state: IndexState | None) -> list[ParsedDocument]:
    """The committed documents this ingest adds to: the store (also what `--no-index` put
    there), else what the previous index holds."""
    try:
        stored = load_documents(home)
    except IndexStateError as exc:
        log.warning("the document store is unreadable (%s); starting from the index's copy", exc)
        stored = []
    if stored or state is None:
        return stored
    try:
        return read_documents(home, state.generation)
    except IndexStateError:
        return []


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


def _serves_unchanged(
    collection: list[Any],
    state: IndexState,
    catalog: Catalog,
    versions: dict[str, str],
    docs: list[ParsedDocument],
    searchable: int,
    max_tokens: int,
    version: str,
) -> bool:
    """Whether the serving generation already is what this ingest would build: same layout
    version, model, chunk size, corpus, city versions and documents, and a collection holding
    at least its rows. Anything else (an older layout, a partial or killed ingest, a lost
    collection) is rebuilt, so re-ingest always converges to a consistent index."""
    recorded = (state.schema_version, state.embed_model, state.max_tokens, state.corpus_version)
    if recorded != (SCHEMA_VERSION, model_id(), max_tokens, version):
        log.info(
            "rebuilding: index recorded %s, this ingest needs %s",
            recorded,
            (SCHEMA_VERSION, model_id(), max_tokens, version),
        )
        return False
    if {k: c.version for k, c in catalog.cities.items()} != versions:
        return False
    if [c.entry for c in catalog.cities.values()] != [d.entry for d in docs]:
        return False
    count = sum(int(c.count()) for c in collection)
    if count < searchable or (state.sizes and count != sum(state.sizes.values())):
        log.warning("rebuilding: %d vectors stored for %d chunks with text", count, searchable)
        return False
    return True


def _collect_garbage(home: Path, client: Any, hid: str, keep: set[str]) -> None:
    """Drop generations other than ``keep`` (left by older or killed ingests) and collections
    none of them names."""
    states = [read_generation_state(home, g) for g in [*keep, LEGACY]]
    names = {name for state in states if state is not None for name in state.searched()}
    prefix = chroma.collection_name(hid, "")
    for name in chroma.list_collection_names(client):
        if name.startswith(prefix) and name not in names and name.removeprefix(prefix) not in keep:
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
    old_state, old_catalog = _previous(home)
    if old_state is not None and old_state.chroma_url != chroma_url:
        old_state, old_catalog = None, None  # another backend: its rows are not reachable here
    all_docs = _merge(_base_documents(home, old_state), docs)
    if not all_docs:
        raise IndexStateError("Nothing to index: give `ordinance ingest` at least one document.")
    chunks = chunk_sections([s for d in all_docs for s in d.sections], max_tokens=max_tokens)
    version = corpus_version(all_docs)
    client = chroma.open_client(home, chroma_url, create=True)
    total = len(chunks)
    hid = old_state.home_id if old_state else home_id(home)
    clean_orphans(home, client, hid)
    cities = vectors.by_city(chunks)
    versions = {k: vectors.city_version(k, cs) for k, cs in cities.items()}
    searchable = sum(1 for c in chunks if c.text)

    collection = _reusable_collection(client, old_state, old_catalog)
    if collection is not None and old_state is not None and old_state.sizes:
        counts = [int(c.count()) for c in collection]
        if counts != [old_state.sizes.get(n, -1) for n in old_state.searched()]:
            log.warning("rebuilding: the collections hold %s rows, the index recorded %s",
                        counts, old_state.sizes)  # fmt: skip
            collection, old_catalog = None, None  # vectors reused by content hash only
    if (
        collection is not None
        and old_state is not None
        and old_catalog is not None
        and _serves_unchanged(
            collection, old_state, old_catalog, versions, all_docs, searchable, max_tokens, version
        )
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
            written=0,
            seconds=time.perf_counter() - started,
            jurisdictions=sorted(old_state.jurisdictions),
        )

    generation = new_generation()
    name = chroma.collection_name(hid, generation)
    old = old_state.searched() if collection is not None and old_state is not None else None
    homes_before = {
        k: c.collection or (old_state.collection if old_state else "")
        for k, c in (old_catalog.cities.items() if old is not None and old_catalog else [])
    }
    old_versions = (
        {k: c.version for k, c in old_catalog.cities.items()}
        if old is not None and old_catalog is not None
        else {}
    )
    changed = [k for k in cities if old_versions.get(k) != versions[k]]
    rows = {k: sum(1 for c in cs if c.text) for k, cs in cities.items()}
    todo = vectors.plan(name, changed, old, homes_before, rows, list(cities))
    need = [c for k in todo.write for c in cities[k] if c.text]
    old_hashes, reusable = vectors.reusable(
        home, client, old_state, old_catalog, todo.write if old is not None else []
    )
    if embedder is None and any(c.content_hash not in reusable for c in need):
        embedder = get_embedder()
    vectors_by_hash: dict[str, np.ndarray] = {
        h: np.asarray(v, np.float32) for h, v in reusable.items()
    }
    # Embed the new texts longest first across the whole run (as a bare encode does), so each
    # forward pass pads little; then write the cities' rows in batches.
    fresh = sorted(
        {c.content_hash: c for c in need if c.content_hash not in reusable}.values(),
        key=lambda c: -len(c.embed_text),
    )
    steps = len(fresh) + len(need) + 1  # the last step: the generation's files
    done = 0
    written = 0
    if not todo.write and not todo.carry:  # nothing to write: the same collections serve
        todo.collections.pop(name, None)
    try:
        target = chroma.create_collection(client, name) if name in todo.collections else None
        store = chroma.vector_store(target) if target is not None else None
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
        for start in range(0, len(need), batch_size):
            batch = need[start : start + batch_size]
            for key, group in vectors.by_city(batch).items():
                vecs = np.stack([vectors_by_hash[c.content_hash] for c in group])
                assert store is not None
                store.add(vectors.nodes(group, versions[key], vecs))
                written += len(group)
            done += len(batch)
            if progress:
                progress(done, steps)
        for source, keys in todo.carry.items():  # a merge: rows copied, nothing embedded
            source_collection = client.get_collection(name=source)
            written += vectors.copy_cities(source_collection, target, keys)
        moved = set(todo.write) | {k for keys in todo.carry.values() for k in keys}
        homes = {k: name if k in moved else homes_before[k] for k in cities}
        write_generation(home, generation, chunks, all_docs, versions, homes)
        write_lexical(generation_dir(home, generation), chunks)
        if progress:
            progress(steps, steps)
        searched = todo.collections
        sizes = {n: (old_state.sizes.get(n, -1) if old_state else -1) for n in searched}
        if target is not None:
            sizes[name] = int(target.count())
        state = IndexState(
            schema_version=SCHEMA_VERSION,
            home_id=hid,
            generation=generation,
            collection=next(iter(searched)),
            collections=searched if len(searched) > 1 else {},
            sizes=sizes,
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
    hashes = {c.content_hash for c in chunks if c.text}
    embedded = len(fresh)
    stats = IndexStats(
        chunks=total,
        embedded=embedded,
        reused=len(hashes) - embedded,
        removed=len(old_hashes - hashes),
        written=written,
        seconds=time.perf_counter() - started,
        jurisdictions=sorted(state.jurisdictions),
    )
    log.info("index generation %s: %s", generation, stats)
    return stats


def _reusable_collection(
    client: Any, state: IndexState | None, catalog: Catalog | None
) -> list[Any] | None:
    """The serving generation's collections, when this ingest can build on them (same layout
    and model, all there); None: every city is written anew."""
    if state is None or catalog is None or state.embed_model != model_id():
        return None
    try:
        found = [client.get_collection(name=name) for name in state.searched()]
    except Exception as exc:  # chromadb raises several types for a missing collection
        log.warning("rebuilding: a collection of %r is unusable (%s)", state.generation, exc)
        return None
    return found
