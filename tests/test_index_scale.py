"""Many cities: the retriever reads a city only when a question needs it, keeps a bounded
number read, answers the same as with every city read; names are matched by look-ups that
never mistake an exactly named city for a typo of a similar one; the UI browses the catalog."""

from __future__ import annotations

from pathlib import Path

import pytest

from index.refs import detect_jurisdictions, strip_jurisdictions

pytestmark = pytest.mark.slow


def test_opening_reads_no_city_and_a_filtered_search_reads_only_that_city(indexed_home: Path):
    from index.retrieve import Retriever

    retriever = Retriever.open(indexed_home)
    assert retriever.jurisdictions() and not retriever._cities  # the catalog only
    assert set(retriever.entries()) == set(retriever.jurisdictions())
    hits = retriever.search("how often must the tank be pumped", ["east-bethel"])
    assert hits and {h.chunk.jurisdiction for h in hits} == {"east-bethel"}
    assert list(retriever._cities) == ["east-bethel"]


def test_a_bounded_city_cache_gives_the_same_results(indexed_home: Path, retriever) -> None:
    from index.retrieve import Retriever

    small = Retriever.open(indexed_home, cache_cities=1)
    for query, city in [
        ("septic tank pumping", None),
        ("Section 98", ["chaska"]),
        ("Table IV setbacks", ["hugo"]),
        ("permit validity in Chaska vs Hugo vs East Bethel", None),
    ]:
        want = [(h.chunk.id, h.score) for h in retriever.search(query, city, k=8)]
        assert [(h.chunk.id, h.score) for h in small.search(query, city, k=8)] == want
        assert len(small._cities) <= 1
    assert small.section_text("hugo", "404.04") == retriever.section_text("hugo", "404.04")


def test_catalog_counts_match_the_documents(indexed_home: Path, bundled_documents) -> None:
    from index.retrieve import Retriever

    retriever = Retriever.open(indexed_home)
    for doc in bundled_documents:
        key = doc.entry.jurisdiction
        assert retriever.section_count(key) == sum(s.kind == "section" for s in doc.sections)
        assert retriever.document(key) == doc


SIMILAR = {
    "garford-springs": "Garford Springs",
    "yarford-springs": "Yarford Springs",
    "maple-lake": "Maple Lake",
    "maple-lane": "Maple Lane",
    "chaska": "Chaska",
    "maple-lake-township": "Maple Lake Township",
}


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        pytest.param("tank size in Garford Springs", ["garford-springs"], id="exact-wins"),
        pytest.param(
            "Yarford Springs vs Garford Springs",
            ["yarford-springs", "garford-springs"],
            id="both-exact",
        ),
        pytest.param("permits in Maple Lake", ["maple-lake"], id="short-words"),
        pytest.param("pumping in Chasak", ["chaska"], id="typo-still-found"),
        pytest.param("permits in Maple Lake Township", ["maple-lake-township"], id="nested"),
        pytest.param(
            "Maple Lake and Maple Lake Township",
            ["maple-lake", "maple-lake-township"],
            id="nested-and-alone",
        ),
    ],
)
def test_similar_city_names_are_told_apart(text: str, keys: list[str]) -> None:
    from app.places import detect_jurisdictions as app_detect

    assert detect_jurisdictions(text, SIMILAR) == keys
    assert app_detect(text, SIMILAR) == keys


def test_a_thousand_names_are_matched_by_lookup() -> None:
    from app.places import detect_jurisdictions as app_detect
    from evals.scale_corpus import city_names

    names = city_names(1000, seed=13)
    known = {"-".join(n.lower().split()): n for n in names}
    key, name = list(known.items())[500]
    question = f"How big a septic tank for 4 bedrooms in {name}?"
    assert detect_jurisdictions(question, known) == [key]
    assert app_detect(question, known) == [key]
    assert name not in strip_jurisdictions(question, known)


def test_ui_corpus_from_the_catalog_matches_the_stored_documents(indexed_home: Path) -> None:
    from app.settings import Settings
    from app.ui_logic import IndexCorpus, Services, section_counts
    from ingest.store import Corpus

    svc = Services(Settings(home=indexed_home))
    assert isinstance(svc.corpus, IndexCorpus)
    stored = Corpus.load(indexed_home)
    assert svc.corpus.jurisdictions() == stored.jurisdictions()
    assert section_counts(svc.corpus) == section_counts(stored)
    for key in stored.jurisdictions():
        assert svc.corpus.sections(key) == stored.sections(key)
    assert svc.corpus.get("hugo", "404.04") == stored.get("hugo", "404.04")


def test_a_question_naming_no_city_in_a_large_index_is_answered_for_the_cities_found(
    indexed_home: Path,
) -> None:
    """More cities than `all_cities_limit`: one search across all picks the cities answered,
    instead of answering (and searching) city by city."""
    from app.assistant import Assistant
    from app.settings import Settings

    question = "How often must a septic tank be pumped?"
    wide = Assistant(settings=Settings(home=indexed_home, llm_provider="none"))
    narrow = Assistant(
        settings=Settings(home=indexed_home, llm_provider="none", all_cities_limit=1)
    )
    likely = narrow.retriever.likely_jurisdictions(question, 1)
    answer = narrow.ask(question)
    assert len(likely) == 1 and answer.jurisdictions == likely
    assert {c.jurisdiction for c in answer.citations} == set(likely)
    assert len(wide.ask(question).jurisdictions) > 1  # at most the limit: every city
