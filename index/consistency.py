"""Is a home consistent? The checks the fault-injection script and tests run after a crash.

A consistent home: the stored documents and the serving index list the same cities; the index
opens (one vector per chunk with text); every listed city answers a search with its own text.
After a completed ingest there are also no leftovers: no Chroma collection or generation
folder other than the committed (and the previous) generation's, and no Chroma segment
folder without a segment.
"""

from __future__ import annotations

import logging
from pathlib import Path

from core.errors import OrdinanceError
from index import chroma
from index.state import index_dir, read_generation_state, read_state
from ingest.store import committed_generation, load_documents, previous_generation

log = logging.getLogger(__name__)


def home_problems(home: Path, chroma_url: str | None = None) -> list[str]:
    """What is inconsistent in ``home`` (empty when documents and index agree and answer).

    A home where nothing was ever committed is consistent (nothing listed, nothing served)."""
    from index.retrieve import Retriever

    home = Path(home)
    try:
        docs = load_documents(home)
    except OrdinanceError as exc:
        return [f"document store unreadable: {exc}"]
    if not docs:
        return []
    cities = {d.entry.jurisdiction for d in docs}
    if committed_generation(home) is None:
        return []  # stored with --no-index: the index says so; nothing is half-present
    try:
        retriever = Retriever.open(home, chroma_url=chroma_url)
    except OrdinanceError as exc:
        return [f"documents list {sorted(cities)} but the index does not open: {exc}"]
    problems = []
    indexed = set(retriever.jurisdictions())
    if indexed != cities:
        problems.append(f"documents list {sorted(cities)}, the index {sorted(indexed)}")
    for doc in docs:
        key = doc.entry.jurisdiction
        if key not in indexed:
            continue
        words = next(
            (s.text.split()[:8] for s in doc.sections if s.kind == "section" and s.text), []
        )
        hits = retriever.search(" ".join(words) or doc.entry.name, [key], 3)
        if not hits or any(h.chunk.jurisdiction != key for h in hits):
            problems.append(f"city {key!r} is listed but a search for its text finds nothing")
    return problems


def leftovers(home: Path, chroma_url: str | None = None) -> list[str]:
    """Collections, generation folders and segment folders that neither the commit nor the one
    before it (kept for readers that opened it) refers to."""
    home = Path(home)
    keep = {g for g in (committed_generation(home), previous_generation(home)) if g}
    found = [
        f"generation folder {p.name}"
        for p in index_dir(home).glob("gen-*")
        if p.is_dir() and p.name.removeprefix("gen-") not in keep
    ]
    try:
        state = read_state(home, any_version=True)
    except OrdinanceError:
        return found
    client = chroma.open_client(home, chroma_url)
    prefix = chroma.collection_name(state.home_id, "")
    named = {
        name
        for g in keep
        for s in [read_generation_state(home, g)]
        if s is not None
        for name in s.searched()
    }
    found += [
        f"collection {name}"
        for name in chroma.list_collection_names(client)
        if name.startswith(prefix) and name not in named and name.removeprefix(prefix) not in keep
    ]

    if not chroma_url:
        found += [f"segment folder {name}" for name in chroma.orphan_segments(home)]
    return found
