"""Section references and jurisdictions found in questions (pure functions, no model)."""

from __future__ import annotations

import pytest

from index.refs import (
    build_table_map,
    detect_jurisdictions,
    find_section_refs,
    normalize_ref,
    strip_jurisdictions,
)

KNOWN = {"chaska": "Chaska", "east-bethel": "East Bethel", "hugo": "Hugo"}
TABLES = {"I": "404.08", "IV": "404.09"}


@pytest.mark.parametrize(
    ("text", "refs"),
    [
        pytest.param("show me Chaska Section 98", ["98"], id="section-word"),
        pytest.param("what does Sec. 98 amend", ["98"], id="sec-dot"),
        pytest.param("§ 404.04 tank capacity", ["404.04"], id="paragraph-sign"),
        pytest.param("§404.04", ["404.04"], id="paragraph-sign-no-space"),
        pytest.param("what does 404.09(1)b require", ["404.09"], id="subsection-to-section"),
        pytest.param("Sections 98 and 99", ["98", "99"], id="plural-list"),
        pytest.param("Section 98 and 3 bedrooms", ["98"], id="singular-no-list"),
        pytest.param("Table IV setbacks", ["404.09"], id="table-resolved"),
        pytest.param("table 4 distances", ["404.09"], id="arabic-table-number"),
        pytest.param("Table IX", ["Table IX"], id="unknown-table-kept"),
        pytest.param("a 1,000.50 gallon tank for $404.04", [], id="money-and-amounts-ignored"),
        pytest.param("the water table or bedrock", [], id="water-table-is-no-table"),
        pytest.param("how often must the tank be pumped", [], id="no-reference"),
    ],
)
def test_find_section_refs(text: str, refs: list[str]) -> None:
    assert find_section_refs(text, TABLES) == refs


@pytest.mark.parametrize(
    ("ref", "canonical"),
    [
        pytest.param("07", "7", id="zero-padded"),
        pytest.param("404 .04", "404.04", id="spaced"),
        pytest.param("Septic tank maintenance.", "septic tank maintenance", id="title"),
    ],
)
def test_normalize_ref(ref: str, canonical: str) -> None:
    assert normalize_ref(ref) == canonical


def test_table_map_prefers_the_section_printing_the_heading() -> None:
    sections = [
        ("404.05", "Sewage Tanks shall be set back as specified in Table IV."),
        ("404.09", "located as specified in Table IV.\nTABLE IV\nMinimum Setback Distances"),
        ("404.08", "TABLE I\nMaximum Allowable Lateral Lengths"),
    ]
    assert build_table_map(sections) == {"IV": "404.09", "I": "404.08"}


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        pytest.param("4-bedroom house in Hugo", ["hugo"], id="name"),
        pytest.param("East Bethel's pumping rule", ["east-bethel"], id="possessive"),
        pytest.param("eastbethel permits", ["east-bethel"], id="joined"),
        pytest.param("east-bethel permits", ["east-bethel"], id="key"),
        pytest.param("Chaska vs Hugo on tanks", ["chaska", "hugo"], id="order-of-mention"),
        pytest.param("Hugo, then Chaska", ["hugo", "chaska"], id="order-kept"),
        pytest.param("how do all three differ", ["chaska", "east-bethel", "hugo"], id="all-three"),
        pytest.param(
            "does each city require it", ["chaska", "east-bethel", "hugo"], id="each-city"
        ),
        pytest.param("chasks tank size", ["chaska"], id="typo-in-long-name"),
        pytest.param("East Betehl permit", ["east-bethel"], id="typo-transposition"),
        pytest.param("a huge tank", [], id="no-typo-match-for-short-names"),
        pytest.param("Bethel, Minnesota", [], id="partial-name-is-not-enough"),
    ],
)
def test_detect_jurisdictions(text: str, keys: list[str]) -> None:
    assert detect_jurisdictions(text, KNOWN) == keys


@pytest.mark.parametrize(
    ("text", "stripped"),
    [
        pytest.param(
            "how often must the tank be pumped in East Bethel",
            "how often must the tank be pumped",
            id="trailing",
        ),
        pytest.param("Hugo: who pumps tanks?", "who pumps tanks?", id="leading"),
        pytest.param("East Bethel's rules on failing", "rules on failing", id="possessive"),
        pytest.param("Hugo", "Hugo", id="nothing-left-keeps-text"),
    ],
)
def test_strip_jurisdictions(text: str, stripped: str) -> None:
    assert strip_jurisdictions(text, KNOWN) == stripped
