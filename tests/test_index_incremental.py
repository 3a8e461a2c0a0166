"""Adding or replacing one city writes only that city's rows (into one new collection); every
other city's rows stay untouched; the same on embedded Chroma and on a real `chroma run`."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest

from index import chroma
from index.build import update_index
from index.consistency import home_problems, leftovers
from index.retrieve import Retriever
from index.state import read_state
from index.vectors import MAX_COLLECTIONS

pytestmark = pytest.mark.slow

EXCERPTS = Path(__file__).parent / "data" / "ingest" / "manifests" / "excerpts.yaml"
BACKENDS = [
    pytest.param("embedded", id="embedded"),
    pytest.param("server", id="server", marks=pytest.mark.server),
]


@pytest.fixture(scope="module")
def cities() -> dict[str, Any]:
    """The three small excerpt cities, parsed."""
    from ingest import load_manifest, parse_document

    return {e.jurisdiction: parse_document(e, p) for e, p in load_manifest(EXCERPTS)}


def _url(backend: str, request: pytest.FixtureRequest) -> str | None:
    return request.getfixturevalue("chroma_url") if backend == "server" else None


def _rows(home: Path, url: str | None) -> dict[tuple[str, str], tuple[str, str]]:
    """Every row the serving generation reads: (collection, id) -> (jurisdiction, vector
    digest)."""
    client = chroma.open_client(home, url)
    out = {}
    for name in read_state(home).searched():
        got = client.get_collection(name).get(include=["metadatas", "embeddings"])
        for i, m, e in zip(got["ids"], got["metadatas"], got["embeddings"], strict=True):
            digest = hashlib.sha256(bytes(memoryview(e))).hexdigest()[:16]
            out[(name, i)] = (str(m["jurisdiction"]), digest)
    return out


def _of(rows: dict[Any, tuple[str, str]], *keys: str) -> dict[Any, tuple[str, str]]:
    return {i: r for i, r in rows.items() if r[0] in keys}


def _searchable(doc: Any) -> int:
    from index.chunk import chunk_sections

    return sum(1 for c in chunk_sections(doc.sections) if c.text)


def _changed(doc: Any, words: str) -> Any:
    """``doc`` with ``words`` appended to its first section with text."""
    first = next(s for s in doc.sections if s.text)
    sections = [
        s.model_copy(update={"text": f"{s.text} {words}"}) if s is first else s
        for s in doc.sections
    ]
    return doc.model_copy(update={"sections": sections, "content_hash": f"changed:{words}"})


@pytest.mark.parametrize("backend", BACKENDS)
def test_adding_a_city_writes_only_that_citys_rows(backend, cities, tmp_path, request) -> None:
    url = _url(backend, request)
    home = tmp_path / "home"
    update_index([cities["chaska"], cities["east-bethel"]], home, chroma_url=url)
    before = _rows(home, url)

    stats = update_index([cities["hugo"]], home, chroma_url=url)

    after = _rows(home, url)
    assert stats.written == len(_of(after, "hugo")) == _searchable(cities["hugo"]) > 0
    assert stats.embedded <= stats.written
    assert _of(after, "chaska", "east-bethel") == before  # same collection, ids and vectors
    assert stats.jurisdictions == ["chaska", "east-bethel", "hugo"]
    hits = Retriever.open(home, chroma_url=url).search("septic tank", ["hugo"])
    assert hits and {h.chunk.jurisdiction for h in hits} == {"hugo"}
    assert home_problems(home, url) == [] and leftovers(home, url) == []


@pytest.mark.parametrize("backend", BACKENDS)
def test_replacing_a_city_leaves_the_other_cities_rows_untouched(
    backend, cities, tmp_path, request
) -> None:
    url = _url(backend, request)
    home = tmp_path / "home"
    update_index(list(cities.values()), home, chroma_url=url)
    before = _rows(home, url)
    others = _of(before, "chaska", "hugo")

    stats = update_index(
        [_changed(cities["east-bethel"], "Owners shall keep pumping receipts.")],
        home,
        chroma_url=url,
    )

    after = _rows(home, url)
    assert _of(after, "chaska", "hugo") == others
    new_eb = set(_of(after, "east-bethel")) - set(before)
    assert stats.written == len(new_eb) == _searchable(cities["east-bethel"])
    assert stats.embedded == 1 and stats.removed == 1  # one text changed: one embedded
    retriever = Retriever.open(home, chroma_url=url)
    hits = retriever.search("pumping receipts", ["east-bethel"])
    assert "pumping receipts" in hits[0].chunk.text
    everywhere = retriever.search("pumping receipts septic tank", None, k=10)
    ids = [h.chunk.id for h in everywhere]
    assert len(ids) == len(set(ids))  # the replaced rows stay for earlier readers, unsearched

    for i in range(2 * MAX_COLLECTIONS):  # many replacements: the other rows stay as written
        stats = update_index([_changed(cities["east-bethel"], f"Text {i}.")], home, chroma_url=url)
        assert stats.embedded == 1 and stats.written <= _searchable(cities["east-bethel"])
        assert _of(_rows(home, url), "chaska", "hugo") == others
        assert len(read_state(home).searched()) <= MAX_COLLECTIONS
    assert home_problems(home, url) == [] and leftovers(home, url) == []


@pytest.mark.parametrize("backend", BACKENDS)
def test_rows_of_a_killed_ingest_are_removed_by_the_next(
    backend, cities, tmp_path, request, monkeypatch
) -> None:
    import index.build

    url = _url(backend, request)
    home = tmp_path / "home"
    update_index([cities["chaska"]], home, chroma_url=url)
    before = _rows(home, url)

    def killed(done: int, total: int) -> None:
        if done == total:  # the rows are written, the commit is not: as SIGKILL would stop it
            raise KeyboardInterrupt

    with monkeypatch.context() as m:
        m.setattr(index.build.chroma, "delete_collection", lambda *a: None)  # SIGKILL: no cleanup
        with pytest.raises(KeyboardInterrupt):
            update_index([cities["hugo"]], home, chroma_url=url, progress=killed)
    assert any(f.startswith("collection") for f in leftovers(home, url))
    assert home_problems(home, url) == []  # the previous commit serves, whole
    assert Retriever.open(home, chroma_url=url).jurisdictions() == {"chaska": "Chaska"}

    update_index([cities["east-bethel"]], home, chroma_url=url)
    assert _of(_rows(home, url), "chaska") == before
    assert leftovers(home, url) == []
