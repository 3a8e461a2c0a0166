"""Ingest into the index is idempotent and atomic (real model, real on-disk Chroma)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from index.build import update_index
from index.retrieve import Retriever
from index.state import read_state, state_path
from ingest.errors import IndexStateError

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


def test_corrupt_state_file_says_rebuild(home_copy) -> None:
    state_path(home_copy).write_text("{not json", encoding="utf-8")
    with pytest.raises(IndexStateError, match=r"corrupt.*run `ordinance ingest`"):
        Retriever.open(home_copy)


def test_missing_chroma_store_says_rebuild(home_copy) -> None:
    shutil.rmtree(home_copy / "chroma")
    with pytest.raises(IndexStateError, match="ordinance ingest"):
        Retriever.open(home_copy)


def test_ingest_after_corruption_rebuilds(home_copy, bundled_documents) -> None:
    state_path(home_copy).write_text("{not json", encoding="utf-8")
    stats = update_index(bundled_documents[:1], home_copy)
    assert stats.jurisdictions == [bundled_documents[0].entry.jurisdiction]
    assert Retriever.open(home_copy).search("permit")
