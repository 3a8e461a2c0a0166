"""A code chapter printed as a two-up booklet (two half-letter pages side by side on each
landscape sheet, in reading order) whose sections are numbered in a lettered
chapter (`Sec. 12A-20. Septic tank capacity.`): every section is found with its number as
printed, its title and its text, and a question can name it."""

from __future__ import annotations

import pytest
from helpers import FORMATS, expected_sections, found_sections, parse_fixture, sections_by_ref

from core.refs import find_section_refs, normalize_ref

BOOKLET = FORMATS / "manifest-two-up-booklet-city.yaml"


def test_every_lettered_chapter_section_is_found_with_its_title() -> None:
    doc = parse_fixture(BOOKLET)
    got = found_sections(doc)
    assert got == expected_sections("two_up_booklet_city")


@pytest.mark.parametrize(
    ("number", "holds"),
    [
        pytest.param("12A-11", "for ninety (90) days upon written request", id="across-pages"),
        pytest.param(
            "12A-20", "2 or fewer 1,000 3 1,250 4 1,500", id="table-row-label-no-page-number"
        ),
        pytest.param("12A-22", "at least once every thirty-six (36) months", id="hyphenated"),
    ],
)
def test_a_sections_text_is_whole_without_page_furniture(number, holds) -> None:
    text = " ".join(sections_by_ref(parse_fixture(BOOKLET))[number].text.split())
    assert holds in text
    for furniture in ("Supp. No. 2", "Sheet", ".indd", "TAMSEN FALLS CITY CODE"):
        assert furniture not in text


def test_a_question_names_a_lettered_chapter_section() -> None:
    assert find_section_refs("what does sec. 12A-20 say about tanks?") == ["12A-20"]
    assert normalize_ref("§ 12A-20(a)") == "12A-20"
