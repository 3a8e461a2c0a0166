"""Server mode: a real `chroma run` on a free loopback port, ingest through it, query, stop by PID."""

from __future__ import annotations

import pytest

from core.errors import BackendUnavailableError
from evals.chroma_server import free_port
from index.build import update_index
from index.retrieve import Retriever
from index.state import read_state

pytestmark = [pytest.mark.server, pytest.mark.slow]


def test_ingest_and_search_through_a_chroma_server(chroma_url, bundled_documents, tmp_path) -> None:
    home = tmp_path / "home"
    eb = [d for d in bundled_documents if d.entry.jurisdiction == "east-bethel"]
    stats = update_index(eb, home, chroma_url=chroma_url)
    assert stats.embedded == stats.chunks - sum(1 for s in eb[0].sections if not s.text) > 0
    assert read_state(home).chroma_url == chroma_url
    assert not (home / "chroma").exists()  # nothing written to the embedded store

    retriever = Retriever.open(home, chroma_url=chroma_url)
    hits = retriever.search("how often must the tank be pumped", ["east-bethel"])
    assert hits[0].chunk.title == "Septic tank maintenance"
    assert hits[0].vector_similarity is not None

    again = update_index(eb, home, chroma_url=chroma_url)
    assert again.embedded == 0 and again.chunks == stats.chunks


def test_index_built_on_a_server_is_not_opened_from_disk(
    chroma_url, bundled_documents, tmp_path
) -> None:
    from core.errors import IndexStateError

    home = tmp_path / "home"
    eb = [d for d in bundled_documents if d.entry.jurisdiction == "east-bethel"]
    update_index(eb, home, chroma_url=chroma_url)
    with pytest.raises(IndexStateError, match="ORDINANCE_CHROMA_URL"):
        Retriever.open(home)


def test_server_down_raises_backend_unavailable(tmp_path) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(BackendUnavailableError, match="Cannot reach the Chroma server"):
        Retriever.open(tmp_path, chroma_url=url)
