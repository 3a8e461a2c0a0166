"""The parsed-document store: merge by city, atomic writes, corrupt stores, the Corpus facade."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.errors import IndexStateError, SectionNotFoundError, UnknownJurisdictionError
from ingest import load_manifest, parse_document
from ingest.records import ParsedDocument
from ingest.store import Corpus, load_documents, save_documents, store_path

MANIFESTS = Path(__file__).parent / "data" / "ingest" / "manifests"


@pytest.fixture(scope="module")
def excerpts() -> dict[str, ParsedDocument]:
    return {
        e.jurisdiction: parse_document(e, p) for e, p in load_manifest(MANIFESTS / "excerpts.yaml")
    }


@pytest.fixture(scope="module")
def chaska_10_11() -> ParsedDocument:
    entry, path = load_manifest(MANIFESTS / "with_bad_file.yaml")[0]
    return parse_document(entry, path)


def test_empty_home_has_no_stored_documents(tmp_path: Path) -> None:
    assert load_documents(tmp_path / "nowhere") == []


def test_saved_documents_load_back_equal(
    tmp_path: Path, excerpts: dict[str, ParsedDocument]
) -> None:
    save_documents(tmp_path, list(excerpts.values()))
    assert load_documents(tmp_path) == list(excerpts.values())


def test_reingesting_a_city_replaces_only_that_city(
    tmp_path: Path, excerpts: dict[str, ParsedDocument], chaska_10_11: ParsedDocument
) -> None:
    save_documents(tmp_path, list(excerpts.values()))
    save_documents(tmp_path, [chaska_10_11])
    stored = load_documents(tmp_path)
    assert [d.entry.jurisdiction for d in stored] == ["chaska", "east-bethel", "hugo"]
    assert stored[0] == chaska_10_11
    assert stored[1:] == [excerpts["east-bethel"], excerpts["hugo"]]


def test_saving_the_same_documents_twice_is_byte_identical(
    tmp_path: Path, excerpts: dict[str, ParsedDocument]
) -> None:
    save_documents(tmp_path, list(excerpts.values()))
    first = store_path(tmp_path).read_bytes()
    save_documents(tmp_path, list(excerpts.values()))
    assert store_path(tmp_path).read_bytes() == first


def test_a_write_that_fails_midway_leaves_the_old_store_and_no_temp_file(
    tmp_path: Path,
    excerpts: dict[str, ParsedDocument],
    chaska_10_11: ParsedDocument,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    save_documents(tmp_path, list(excerpts.values()))
    before = store_path(tmp_path).read_bytes()

    def broken_dump(obj: object, fh: object, **kw: object) -> None:
        fh.write('{"version": 1, "documents": [')  # type: ignore[attr-defined]
        raise OSError("disk full")

    monkeypatch.setattr(json, "dump", broken_dump)
    with pytest.raises(OSError, match="disk full"):
        save_documents(tmp_path, [chaska_10_11])
    assert store_path(tmp_path).read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["documents.json"]


@pytest.mark.parametrize(
    "content",
    [
        pytest.param("{not json", id="not-json"),
        pytest.param('{"version": 99, "documents": []}', id="wrong-version"),
        pytest.param('{"version": 1, "documents": [{"entry": {}}]}', id="bad-record"),
    ],
)
def test_corrupt_store_says_to_run_ingest(tmp_path: Path, content: str) -> None:
    store_path(tmp_path).write_text(content)
    with pytest.raises(IndexStateError, match="ordinance ingest") as info:
        Corpus.load(tmp_path)
    assert repr(str(store_path(tmp_path).resolve())) in str(info.value)


def test_corpus_falls_back_to_the_bundled_ordinances(tmp_path: Path) -> None:
    corpus = Corpus.load(tmp_path)
    assert list(corpus.jurisdictions()) == ["chaska", "east-bethel", "hugo"]
    assert corpus.get("hugo", "Section 404.04").title == "Tank Capacity"
    assert corpus.get("east-bethel", "Septic tank maintenance").section is None
    assert len(corpus.sections("east-bethel")) == 45
    assert all(s.kind == "section" for s in corpus.sections())
    assert any(s.kind == "appendix" for s in corpus.sections("east-bethel", include_other=True))


def test_corpus_prefers_the_stored_documents(
    tmp_path: Path, excerpts: dict[str, ParsedDocument]
) -> None:
    save_documents(tmp_path, [excerpts["hugo"]])
    corpus = Corpus.load(tmp_path)
    assert list(corpus.jurisdictions()) == ["hugo"]
    assert corpus.get("hugo", "601.09").title == "Records and Reports"
    with pytest.raises(SectionNotFoundError):
        corpus.get("hugo", "404.04")


def test_unknown_jurisdiction_lists_the_known_keys(tmp_path: Path) -> None:
    with pytest.raises(UnknownJurisdictionError) as info:
        Corpus.load(tmp_path).require_jurisdiction("atlantis")
    assert "'atlantis'" in str(info.value)
    assert info.value.known == ["chaska", "east-bethel", "hugo"]
