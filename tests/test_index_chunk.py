"""Chunking stays inside sections, keeps tables whole and names chunks as citations."""

from __future__ import annotations

import pytest

from index.chunk import chunk_sections
from ingest.records import Section


def words(text: str) -> int:
    return len(text.split())


def make(text: str, section: str | None = "404.09", title: str = "", **kw: object) -> Section:
    return Section(
        jurisdiction=str(kw.get("jurisdiction", "hugo")),
        jurisdiction_name=str(kw.get("jurisdiction_name", "Hugo")),
        section=section,
        title=title,
        path=["SECTION 4. GENERAL PROVISIONS"],
        text=text,
        page_start=22,
        page_end=23,
        char_start=0,
        char_end=len(text),
    )


LONG = "\n".join(
    f"({i}) Rule number {i} says the tank shall be watertight and sound." for i in range(1, 31)
)
TABLE = "TABLE IV\nMinimum Setback Distances\n" + "\n".join(f"Feature {i} 10 20" for i in range(40))


def test_chunks_never_cross_a_section_boundary() -> None:
    a, b = make(LONG, "404.03", "Septic Tanks"), make(LONG, "404.04", "Tank Capacity")
    chunks = chunk_sections([a, b], max_tokens=64, count_tokens=words)
    assert {c.section for c in chunks} == {"404.03", "404.04"}
    for c in chunks:
        source = a if c.section == "404.03" else b
        assert c.text in source.text  # a verbatim slice of its own section


def test_chunk_ids_are_citation_labels_with_part_suffix() -> None:
    chunks = chunk_sections(
        [make(LONG, "404.04", "Tank Capacity")], max_tokens=64, count_tokens=words
    )
    assert len(chunks) > 1
    assert chunks[0].id == f"Hugo §404.04 Tank Capacity [1/{len(chunks)}]"
    assert all(c.label == "Hugo §404.04 Tank Capacity" for c in chunks)
    assert [c.part for c in chunks] == list(range(1, len(chunks) + 1))


def test_single_chunk_section_has_no_part_suffix_and_title_label() -> None:
    eb = make(
        "Owners shall pump.",
        None,
        "Septic tank maintenance",
        jurisdiction="east-bethel",
        jurisdiction_name="East Bethel",
    )
    (chunk,) = chunk_sections([eb], count_tokens=words)
    assert chunk.id == 'East Bethel — "Septic tank maintenance"'
    assert chunk.section is None and chunk.ref == "Septic tank maintenance"


def test_embed_text_starts_with_breadcrumb() -> None:
    (chunk,) = chunk_sections([make("Short text.", "404.04", "Tank Capacity")], count_tokens=words)
    assert chunk.embed_text.splitlines()[0] == (
        "Hugo > SECTION 4. GENERAL PROVISIONS > §404.04 Tank Capacity"
    )
    assert chunk.embed_text.endswith("Short text.")


def test_chunks_fit_the_token_budget_with_breadcrumb() -> None:
    chunks = chunk_sections(
        [make(LONG, "404.03", "Septic Tanks")], max_tokens=64, count_tokens=words
    )
    assert all(words(c.embed_text) <= 64 for c in chunks)


def test_table_stays_whole_even_when_longer_than_budget() -> None:
    text = (
        "a. Soil Treatment Systems shall be located as specified in Table IV.\n"
        + TABLE
        + "\nb. Next rule."
    )
    chunks = chunk_sections([make(text)], max_tokens=64, count_tokens=words)
    holding = [c for c in chunks if "TABLE IV" in c.text]
    assert len(holding) == 1
    assert "Feature 0 10 20" in holding[0].text and "Feature 39 10 20" in holding[0].text


def test_untitled_section_later_chunks_carry_lead_words() -> None:
    chunks = chunk_sections(
        [make("Final treatment of effluent.\n" + LONG)], max_tokens=64, count_tokens=words
    )
    assert "(Final treatment of effluent." in chunks[1].embed_text.splitlines()[0]


def test_same_text_gives_same_content_hash() -> None:
    one = chunk_sections([make(LONG)], max_tokens=64, count_tokens=words)
    two = chunk_sections([make(LONG)], max_tokens=64, count_tokens=words)
    assert [c.content_hash for c in one] == [c.content_hash for c in two]


@pytest.mark.parametrize(
    ("kind", "indexed"),
    [
        pytest.param("table_of_contents", False, id="toc-repeats-headings"),
        pytest.param("preamble", False, id="preamble-is-not-a-provision"),
        pytest.param("appendix", False, id="brochure-is-not-a-provision"),
        pytest.param("adoption", True, id="adoption-clause-is-indexed"),
        pytest.param("section", True, id="section-is-indexed"),
    ],
)
def test_only_provisions_are_indexed(kind: str, indexed: bool) -> None:
    record = make("Every septic tank shall be pumped.", None, "Some title").model_copy(
        update={"kind": kind}
    )
    assert bool(chunk_sections([record], count_tokens=words)) is indexed


@pytest.mark.slow
def test_bundled_corpus_chunks_fit_the_model(bundled_documents: list) -> None:
    from index.embed import MODEL_MAX_TOKENS, count_tokens

    sections = [s for d in bundled_documents for s in d.sections]
    chunks = chunk_sections(sections)
    oversize = [
        c.id
        for c in chunks
        if count_tokens(c.embed_text) > MODEL_MAX_TOKENS and "TABLE" not in c.text
    ]
    assert oversize == []
    assert len({c.id for c in chunks}) == len(chunks)
