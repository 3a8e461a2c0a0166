"""Ingest into the index is idempotent and atomic (real model, real on-disk Chroma)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from core.errors import IndexStateError
from index.build import update_index
from index.retrieve import Retriever
from index.state import SCHEMA_VERSION, read_state, serving_state_path

pytestmark = pytest.mark.slow


@pytest.fixture
def home_copy(indexed_home: Path, tmp_path: Path) -> Path:
    home = tmp_path / "home"
    shutil.copytree(indexed_home, home)
    return home


def test_ingest_twice_keeps_chunk_count_and_embeds_nothing(home_copy, bundled_documents) -> None:
    before = read_state(home_copy)
    stats = update_index(bundled_documents, home_copy)
    assert stats.chunks == before.chunks
    assert stats.embedded == 0 and stats.removed == 0
    assert read_state(home_copy).generation == before.generation


def test_changed_section_re_embeds_only_its_chunks(home_copy, bundled_documents) -> None:
    eb = next(d for d in bundled_documents if d.entry.jurisdiction == "east-bethel")
    sections = [
        s.model_copy(update={"text": s.text + " Owners shall keep pumping receipts."})
        if s.title == "Septic tank maintenance"
        else s
        for s in eb.sections
    ]
    changed = eb.model_copy(update={"sections": sections, "content_hash": "changed"})
    stats = update_index([changed], home_copy)
    assert stats.embedded == 1 and stats.removed == 1
    assert stats.jurisdictions == ["chaska", "east-bethel", "hugo"]  # others kept
    hits = Retriever.open(home_copy).search("pumping receipts", ["east-bethel"])
    assert "pumping receipts" in hits[0].chunk.text


def test_failed_ingest_leaves_previous_index_serving(home_copy, bundled_documents) -> None:
    before = read_state(home_copy)
    hugo = next(d for d in bundled_documents if d.entry.jurisdiction == "hugo")
    emptied = hugo.model_copy(update={"sections": hugo.sections[:3], "content_hash": "x"})

    def crash(done: int, total: int) -> None:
        if done < total:
            raise RuntimeError("killed mid-ingest")

    with pytest.raises(RuntimeError, match="killed"):
        update_index([emptied], home_copy, batch_size=8, progress=crash)
    assert read_state(home_copy) == before
    hits = Retriever.open(home_copy).search("Tank Capacity bedrooms", ["hugo"])
    assert hits[0].chunk.section == "404.04"
    leftovers = [p.name for p in (home_copy / "index").glob("gen-*")]
    assert leftovers == [f"gen-{before.generation}"]


def test_missing_index_says_run_ingest(tmp_path) -> None:
    with pytest.raises(IndexStateError, match="run `ordinance ingest`"):
        Retriever.open(tmp_path / "nothing-here")


def _state_file(home: Path) -> Path:
    path = serving_state_path(home)
    assert path is not None and path.is_file()
    return path


def test_corrupt_state_file_says_rebuild(home_copy) -> None:
    _state_file(home_copy).write_text("{not json", encoding="utf-8")
    with pytest.raises(IndexStateError, match=r"corrupt.*run `ordinance ingest`"):
        Retriever.open(home_copy)


def test_missing_chroma_store_says_rebuild(home_copy) -> None:
    shutil.rmtree(home_copy / "chroma")
    with pytest.raises(IndexStateError, match="ordinance ingest"):
        Retriever.open(home_copy)


def test_ingest_after_corruption_rebuilds(home_copy, bundled_documents) -> None:
    _state_file(home_copy).write_text("{not json", encoding="utf-8")
    stats = update_index(bundled_documents[:1], home_copy)
    # the committed documents are intact: the other cities are indexed again, not dropped
    assert stats.jurisdictions == ["chaska", "east-bethel", "hugo"]
    assert Retriever.open(home_copy).search("permit")


# --- re-ingest over an older or partial home converges (UI report: "300 vectors for 273 chunks") ---


def _store_heading_only_vectors(home: Path) -> int:
    """Make ``home`` look as the first index code left it: that code also stored a vector for
    every heading-only chunk (no text), which this code neither stores nor counts."""
    import chromadb

    from index.chroma import chroma_dir
    from index.state import read_chunks

    state = read_state(home)
    headings = [c for c in read_chunks(home, state.generation) if not c.text]
    assert headings, "the bundled corpus has heading-only sections"
    client = chromadb.PersistentClient(path=str(chroma_dir(home)))
    collection = client.get_collection(state.collection)
    collection.add(
        ids=[c.id for c in headings],
        embeddings=[[1.0] + [0.0] * 383 for _ in headings],
        documents=[c.embed_text for c in headings],
        metadatas=[{"jurisdiction": c.jurisdiction} for c in headings],
    )
    return len(headings)


def _set_schema_version(home: Path, version: int) -> None:
    path = _state_file(home)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["schema_version"] = version
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    "schema_version",
    [pytest.param(1, id="older-layout"), pytest.param(SCHEMA_VERSION, id="same-layout")],
)
def test_reingest_over_home_with_extra_vectors_rebuilds_consistent_index(
    home_copy, bundled_documents, schema_version
) -> None:
    _store_heading_only_vectors(home_copy)
    _set_schema_version(home_copy, schema_version)
    with pytest.raises(IndexStateError, match=r"layout version|inconsistent"):
        Retriever.open(home_copy)
    stats = update_index(bundled_documents, home_copy)
    state = read_state(home_copy)
    assert state.schema_version == SCHEMA_VERSION
    assert stats.embedded == 0  # same model, same texts: the stored vectors are reused
    retriever = Retriever.open(home_copy)
    assert retriever.search("Section 98", ["chaska"])[0].chunk.section == "98"


def test_reingest_when_the_collection_is_gone_rebuilds(home_copy, bundled_documents) -> None:
    import chromadb

    from index.chroma import chroma_dir

    state = read_state(home_copy)
    chromadb.PersistentClient(path=str(chroma_dir(home_copy))).delete_collection(state.collection)
    stats = update_index(bundled_documents, home_copy)
    assert stats.embedded > 0 and stats.reused == 0  # nothing left to reuse: embedded again
    hits = Retriever.open(home_copy).search("Tank Capacity bedrooms", ["hugo"])
    assert hits[0].chunk.section == "404.04"


def test_reingest_with_another_chunk_size_rebuilds(home_copy, bundled_documents) -> None:
    before = read_state(home_copy)
    update_index(bundled_documents, home_copy, max_tokens=128)
    after = read_state(home_copy)
    assert after.max_tokens == 128 and after.generation != before.generation
    assert after.chunks > before.chunks
    assert Retriever.open(home_copy).search("permit", ["hugo"])
