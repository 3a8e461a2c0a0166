"""A title printed in a left margin column beside its section's text becomes that section's
title, whether the number stands in the text or in the margin; a table's gaps, a contents list
and line numbers down a page's edge are no margin."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from ingest.margins import margin_titles


@dataclass
class Ln:
    text: str
    start: int = 0
    pdf_page: int | None = None


def _lines(text: str) -> list[Ln]:
    return [Ln(t) for t in text.splitlines() if t.strip()]


NUMBER_IN_TEXT = """\
Permit            Section 4-2.  No person shall install a system
required.         without a permit.
Permit term.      Section 4-3.  A permit is valid for one year.
Pumping of        Section 4-4.  Each tank shall be pumped every
septic tanks.     three years by a licensed business.
"""
NUMBER_IN_MARGIN = """\
Sec. 4-2          No person shall install a system
Permit            without a permit.
required.
Sec. 4-3          A permit is valid for one year.
Permit term.
Sec. 4-4          Each tank shall be pumped every three years.
Pumping.
"""


def test_a_margin_title_beside_a_numbered_text_is_the_sections_title() -> None:
    out = [ln.text for ln in margin_titles(_lines(NUMBER_IN_TEXT), Ln)]
    assert out[0] == "Section 4-2. Permit required. No person shall install a system"
    assert out[1] == "without a permit."
    assert out[2] == "Section 4-3. Permit term. A permit is valid for one year."
    assert out[3].startswith("Section 4-4. Pumping of septic tanks. Each tank")


def test_a_number_and_a_title_down_the_margin_head_the_text_beside_them() -> None:
    out = [ln.text for ln in margin_titles(_lines(NUMBER_IN_MARGIN), Ln)]
    assert out[0] == "Sec. 4-2 Permit required. No person shall install a system"
    assert "Sec. 4-3 Permit term. A permit is valid for one year." in out


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(
            "Feature           Tank     Drainfield\n"
            "Well              50       100\n"
            "Property line     10       10\n"
            "Building          10       20\n",
            id="a-fixed-width-table",
        ),
        pytest.param(
            "1                 Section 1. The city shall regulate\n"
            "2                 septic systems in the city.\n"
            "3                 Section 2. A permit is required\n"
            "4                 for every system.\n"
            "5                 Section 3. Violations are misdemeanors.\n",
            id="line-numbers-down-a-bill",
        ),
        pytest.param(
            "Section 4-1      Purpose\nSection 4-2      Permits\nSection 4-3      Pumping\n",
            id="a-contents-list-keeps-its-lines",
        ),
    ],
)
def test_a_layout_without_margin_titles_is_left_as_it_is(text: str) -> None:
    lines = _lines(text)
    out = margin_titles(lines, Ln)
    assert [ln.text for ln in out] == [ln.text for ln in lines]


NUMBER_ALONE = """\
Permits.            Section 4-2.
                    A.  No person shall install a system without a
                        permit from the Administrator.
Permit term;        Section 4-3.
extension.          A.  A permit is valid for one year.
                    B.  One extension of ninety days may be granted.
Septic tank         Section 4-4.
pumping.            A.  Each tank shall be pumped every three years
                        by a licensed business.
"""


def test_a_number_alone_beside_the_title_heads_the_items_below_it() -> None:
    out = [ln.text for ln in margin_titles(_lines(NUMBER_ALONE), Ln)]
    assert out[0] == "Section 4-2. Permits."
    assert "Section 4-3. Permit term; extension." in out
    assert "A.  A permit is valid for one year." in out
    assert "Section 4-4. Septic tank pumping." in out


LAID_OUT_PAGES = """\
   34.01                     The purpose of this chapter is to protect
   Purpose and               the public health and the waters of the
   intent.                   city.
   34.02                     For the purposes of this chapter the words
   Definitions.              have the meanings given them here.
\f34.06                      The permit holder shall notify the officer
Inspection                 before any part of a system is covered.
before cover-              No part shall be covered until inspected.
ing.
"""


def test_each_page_of_a_laid_out_pdf_finds_its_own_text_column() -> None:
    """A PDF's pages as laid out count their columns from each page's leftmost text, so one
    page's text column (and margin) may stand a few characters in from another's; a title word
    broken at the margin's edge is joined again."""
    lines = [
        Ln(t, pdf_page=page)
        for page, text in enumerate(LAID_OUT_PAGES.split("\f"))
        for t in text.splitlines()
    ]
    out = [ln.text for ln in margin_titles(lines, Ln)]
    assert out[0] == "34.01 Purpose and intent. The purpose of this chapter is to protect"
    assert "34.02 Definitions. For the purposes of this chapter the words" in out
    assert "34.06 Inspection before covering. The permit holder shall notify the officer" in out
