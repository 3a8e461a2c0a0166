"""The Chroma collections of one index generation: a base, plus a few small ones written since.

A Chroma collection is never changed once a commit names it: another process (a serving app
with embedded Chroma) may hold it open, and embedded Chroma keeps its own copy of a
collection's vector index in each process. So an ingest that adds or replaces cities writes
**only those cities' rows, into one new collection**, and the generation it commits reads its
collections in order: each city's rows are in the collection its catalog entry names; rows of
a replaced city left in an older collection are *stale* there (``IndexState.collections``
lists them per collection) and every search excludes them in its ``where`` clause.

To keep a search across all cities at a few queries, a generation has at most
``MAX_COLLECTIONS``; the ingest that would exceed it merges the small collections into its
new one (copying their rows; nothing is embedded again), and only when those, or the stale
rows of the base, have grown to the base's size does it write one new base with every row.
Collections no commit names (a killed ingest's, or those merged away) are deleted by the
next ingest, as before.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from core.errors import IndexStateError
from index.embed import model_id
from index.records import Chunk
from index.state import Catalog, IndexState, read_chunks, read_city

log = logging.getLogger(__name__)

VERSION_KEY = "city_version"
"""Metadata key of a row's city version (which text of the city it was made from)."""
MAX_COLLECTIONS = 4
"""Collections one generation reads (a search across all cities queries each)."""


def city_version(key: str, chunks: Iterable[Chunk]) -> str:
    """The version of one city's rows: same key, chunk ids and texts -> same version."""
    digest = hashlib.sha256(key.encode("utf-8"))
    for chunk in chunks:
        digest.update(f"\n{chunk.id}\t{chunk.content_hash}".encode())
    return digest.hexdigest()[:16]


def by_city(chunks: Sequence[Chunk]) -> dict[str, list[Chunk]]:
    out: dict[str, list[Chunk]] = {}
    for chunk in chunks:
        out.setdefault(chunk.jurisdiction, []).append(chunk)
    return out


def nodes(chunks: Sequence[Chunk], version: str, vectors: np.ndarray) -> list[Any]:
    """llama-index nodes for one city's rows (ingest writes through llama-index)."""
    from llama_index.core.schema import TextNode

    keys = ["jurisdiction", "section", "content_hash", VERSION_KEY]
    return [
        TextNode(
            id_=chunk.id,
            text=chunk.embed_text,
            embedding=vectors[i].tolist(),
            metadata={
                "jurisdiction": chunk.jurisdiction,
                "section": chunk.section or "",
                "content_hash": chunk.content_hash,
                VERSION_KEY: version,
            },
            excluded_embed_metadata_keys=keys,
            excluded_llm_metadata_keys=keys,
        )
        for i, chunk in enumerate(chunks)
    ]


def stored(collection: Any, ids: Sequence[str], batch: int = 2000) -> dict[str, list[float]]:
    """Row id -> stored vector, for the ``ids`` the collection holds."""
    out: dict[str, list[float]] = {}
    for start in range(0, len(ids), batch):
        got = collection.get(ids=list(ids[start : start + batch]), include=["embeddings"])
        for i, vec in zip(got["ids"], got["embeddings"], strict=True):
            out[i] = [float(x) for x in vec]
    return out


def copy_cities(source: Any, target: Any, keys: Sequence[str], batch: int = 50) -> int:
    """Copy the rows of cities ``keys`` from ``source`` to ``target`` as stored (vector,
    document, metadata): a merge embeds nothing. Returns the rows copied."""
    copied = 0
    for start in range(0, len(keys), batch):
        group = list(keys[start : start + batch])
        got = source.get(
            where={"jurisdiction": group[0] if len(group) == 1 else {"$in": group}},
            include=["embeddings", "metadatas", "documents"],
        )
        if got["ids"]:
            target.add(
                ids=got["ids"],
                embeddings=got["embeddings"],
                metadatas=got["metadatas"],
                documents=got["documents"],
            )
            copied += len(got["ids"])
    return copied


def stale_filter(stale: Sequence[str]) -> dict[str, Any] | None:
    """The ``where`` that keeps a search off a collection's stale cities."""
    if not stale:
        return None
    if len(stale) == 1:
        return {"jurisdiction": {"$ne": stale[0]}}
    return {"jurisdiction": {"$nin": list(stale)}}


def scope_filter(keys: Sequence[str]) -> dict[str, Any]:
    """The ``where`` of a search over named cities (the jurisdiction hard filter)."""
    keys = list(dict.fromkeys(keys))
    return {"jurisdiction": keys[0] if len(keys) == 1 else {"$in": keys}}


class Plan(BaseModel):
    """What one ingest writes: a new collection with ``write`` cities (changed: embedded or
    reused by content hash) and ``carry`` cities (copied from ``carry_from`` collections), and
    the generation's collections afterwards (name -> its stale cities)."""

    model_config = ConfigDict(extra="forbid")

    write: list[str] = Field(default_factory=list)
    carry: dict[str, list[str]] = Field(default_factory=dict, description="Source -> cities.")
    collections: dict[str, list[str]] = Field(default_factory=dict)
    rebuilt: bool = False


def plan(
    new: str,
    changed: Sequence[str],
    old: dict[str, list[str]] | None,
    home_of: dict[str, str],
    rows: dict[str, int],
    keys: Sequence[str],
) -> Plan:
    """Which cities go into the new collection ``new``. ``old``: the previous generation's
    collections (None: nothing reusable, write every city); ``home_of``: the collection of
    each city there; ``rows``: each city's rows now; ``keys``: every city now."""
    if old is None:
        return Plan(write=list(keys), collections={new: []}, rebuilt=True)
    collections = {name: list(stale) for name, stale in old.items()}
    for key in changed:
        if key in home_of:
            collections[home_of[key]].append(key)
    base = next(iter(collections))
    current = {name: [k for k in keys if home_of.get(k) == name and k not in changed]
               for name in collections}  # fmt: skip
    if len(collections) + 1 <= MAX_COLLECTIONS:
        return Plan(write=list(changed), collections={**collections, new: []})
    small = [name for name in collections if name != base]
    small_rows = sum(rows[k] for name in small for k in current[name]) + sum(
        rows[k] for k in changed
    )
    base_rows = sum(rows[k] for k in current[base])
    stale_base = len(collections[base]) > len(current[base])
    if small_rows >= base_rows or stale_base:  # the small ones have grown: one new base
        carry = {name: current[name] for name in collections if current[name]}
        return Plan(write=list(changed), carry=carry, collections={new: []}, rebuilt=True)
    return Plan(
        write=list(changed),
        carry={name: current[name] for name in small if current[name]},
        collections={base: collections[base], new: []},
    )


# -- vectors an ingest can reuse ---------------------------------------------------------------


def reusable(
    home: Path,
    client: Any,
    state: IndexState | None,
    catalog: Catalog | None,
    keys: list[str],
) -> tuple[set[str], dict[str, list[float]]]:
    """The content hashes cities ``keys`` had, and their stored vectors by content hash that
    this ingest can reuse (or, from an older layout, every stored vector)."""
    if state is None:
        return set(), {}
    if catalog is None:  # an older layout: read its chunks once to reuse its vectors
        try:
            old = read_chunks(home, state.generation)
        except IndexStateError:
            return set(), {}
        every = {c.content_hash for c in old if c.text}
        return every, _legacy(client, state, every)
    hashes: set[str] = set()
    out: dict[str, list[float]] = {}
    for key in keys:
        if key not in catalog.cities:
            continue
        entry = catalog.cities[key]
        old = [c for c in read_city(home, state.generation, entry)[0] if c.text]
        hashes |= {c.content_hash for c in old}
        if state.embed_model != model_id():
            continue
        try:
            collection = client.get_collection(name=entry.collection or state.collection)
            got = stored(collection, [c.id for c in old])
        except Exception as exc:  # lost: embed again
            log.warning("cannot reuse the stored embeddings of %r (%s)", key, exc)
            continue
        by_id = {c.id: c.content_hash for c in old}
        out.update({by_id[i]: v for i, v in got.items()})
    return hashes, out


def _legacy(client: Any, state: IndexState | None, wanted: set[str]) -> dict[str, list[float]]:
    """Stored embeddings by content hash from an index of an older layout (found by their
    ``content_hash`` metadata, whatever the row ids), for the hashes in ``wanted``."""
    if state is None or state.embed_model != model_id() or not wanted:
        return {}
    out: dict[str, list[float]] = {}
    try:
        collection = client.get_collection(name=state.collection)
        hashes = sorted(wanted)
        for start in range(0, len(hashes), 500):
            got = collection.get(
                where={"content_hash": {"$in": hashes[start : start + 500]}},
                include=["embeddings", "metadatas"],
            )
            for meta, vec in zip(got["metadatas"], got["embeddings"], strict=True):
                out[str(meta["content_hash"])] = [float(x) for x in vec]
    except Exception as exc:  # the old collection is gone or broken: embed everything again
        log.warning("cannot reuse stored embeddings (%s): embedding again", exc)
        return {}
    return out
