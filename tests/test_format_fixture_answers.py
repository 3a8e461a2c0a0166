"""A city in a layout no bundled ordinance uses is answered like any other: a township's rules
booklet ('Rule 3.01' inside 'ARTICLE ONE'), a city code whose section titles stand in a left
margin column, and a county code PDF whose titles stand on the line after 'Sec. 12-43.'. Its sections are cited by number, a tank is sized from its rule or table, a
setback table read by column, and a permit exemption in a list answers No. Real model, real
Chroma: the bundled index plus the fixture city."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from app.assistant import Assistant
from evals.answers import leads_with

FORMATS = Path(__file__).parent / "data" / "formats"
BOOKLET = (FORMATS / "manifest-rules-booklet-township.yaml", "heron-ford-township")
MARGINS = (FORMATS / "manifest-margin-titles-city.yaml", "quarry-glen")
NEXT_LINE = (FORMATS / "manifest-next-line-titles-county.yaml", "sumac-county")
WEB_PAGE = (FORMATS / "manifest-web-page-township.yaml", "tamarack-bend-township")
TWO_COLUMNS = (FORMATS / "manifest-two-column-caps-city.yaml", "elkhorn-rapids")
MODEL_CODE = (FORMATS / "manifest-icc-style-county.yaml", "yarrow-county")
LINE_NUMBERED = (FORMATS / "manifest-line-numbered-city.yaml", "ironwood-crossing")
CENTRED = (FORMATS / "manifest-centred-sections-township.yaml", "cormorant-point-township")
RULES_TABLE = (FORMATS / "manifest-rules-table-county.yaml", "heronsgate-county")
FLATTENED = (FORMATS / "manifest-flattened-html-county.yaml", "larch-bend-county")
BILL = (FORMATS / "manifest-bill-style-city-text.yaml", "bittern-lake")
MARKUP = (FORMATS / "manifest-markup-export-county.yaml", "hartwell-county")
RTF = (FORMATS / "manifest-rtf-source-city.yaml", "tessaly")

# what a user asks of any city, by kind ('{place}': the city's name)
QUESTIONS = {
    "a-term": "How long is a septic permit good for in {place}?",
    "a-tank-for-4-bedrooms": "{place}: what size septic tank for a 4 bedroom house?",
    "a-tank-for-5-bedrooms": "How big a septic tank does a 5 bedroom house in {place} need?",
    "a-well-setback": "How far does my drainfield have to be from the well in {place}?",
    "pumping": "How often do I have to pump my septic tank in {place}?",
}
# each fixture city: (manifest and key, its name, kind -> (figure, section)); the figures are
# read by hand from its text
LAYOUTS = {
    "booklet": (BOOKLET, "Heron Ford Township", {
        "a-tank-for-5-bedrooms": ("1,850", "3.01"),  # a base plus a per-bedroom amount
        "a-term": ("eighteen (18) months", "2.02"),  # a lettered item
        "a-well-setback": ("110", "3.02"),  # the setback table's soil column
    }),
    "margins": (MARGINS, "Quarry Glen", {
        "a-term": ("fourteen (14) months", "9-6-3"),
        "a-tank-for-4-bedrooms": ("1,400", "9-6-4"),  # from the table
        "a-well-setback": ("115", "9-6-5"),
    }),
    "next-line": (NEXT_LINE, "Sumac County", {
        "a-term": ("sixteen (16) months", "12-44"),
        "a-tank-for-4-bedrooms": ("1,450", "12-45"),
        "pumping": ("thirty (30) months", "12-47"),  # its title after a page break
    }),
    "web-page": (WEB_PAGE, "Tamarack Bend Township", {
        "a-term": ("fourteen (14) months", "3.202"),  # its number after its title
        "a-tank-for-5-bedrooms": ("1,900", "3.301"),
        "pumping": ("thirty-six (36) months", "3.401"),
    }),
    "line-numbered": (LINE_NUMBERED, "Ironwood Crossing", {
        "a-term": ("eighteen (18) months", "5-2.202"),  # a number down the edge of every line
        "a-tank-for-5-bedrooms": ("1,550", "5-2.301"),  # 1,150 + 2 x 200
        "a-well-setback": ("110", "5-2.302"),  # the table's column, across a page break
    }),
    "centred-sections": (CENTRED, "Cormorant Point Township", {
        "a-term": ("fourteen (14) months", "5"),  # 'SECTION 5' centred over its title
        "a-tank-for-4-bedrooms": ("1,550", "6"),
        "pumping": ("thirty-four (34) months", "9"),
    }),
    "rules-table": (RULES_TABLE, "Heronsgate County", {
        "a-term": ("sixteen (16) months", "R-202"),  # 'R-202' over its title, in a table's cell
        "a-tank-for-4-bedrooms": ("1,575", "R-301"),  # the table on the rule's next row
        "a-well-setback": ("105", "R-302"),
        "pumping": ("thirty-eight (38) months", "R-401"),
    }),
    "flattened-html": (FLATTENED, "Larch Bend County", {
        "a-term": ("twelve (12) months", "12.4"),  # after a page break's footer and form feed
        "a-tank-for-5-bedrooms": ("1,800", "12.5"),
        "a-well-setback": ("100", "12.6"),  # the table's column, across a page break
        "pumping": ("three (3) years", "12.7"),
    }),
    "bill-style": (BILL, "Bittern Lake", {
        "a-term": ("nineteen (19) months", "5"),  # its headnote '[PERMIT TERM; EXTENSION.]'
    }),
    "two-columns": (TWO_COLUMNS, "Elkhorn Rapids", {
        "a-term": ("sixteen (16) months", "8-52"),  # its title wrapped in the column
        "a-tank-for-5-bedrooms": ("1,600", "8-61"),  # 1,000 + 2 x 300
        "pumping": ("three (3) years", "8-62"),
    }),
    "markup-export": (MARKUP, "Hartwell County", {
        "a-term": ("fourteen (14) months", "2.02"),  # across a page break inside its element
        "a-tank-for-4-bedrooms": ("1,450", "3.01"),  # the table in a CDATA block
        "a-well-setback": ("55", "3.02"),
    }),
    "rtf-source": (RTF, "Tessaly", {
        "a-term": ("fourteen (14) months", "11.02"),  # a list item between a footnote and a field
        "a-tank-for-4-bedrooms": ("1,300", "11.03"),  # a table set line by line
        "a-well-setback": ("60", "11.04"),  # a word processor's table, a row per line
    }),
}  # fmt: skip
EXEMPT = {"booklet": "2.01", "margins": "9-6-2", "next-line": "12-43", "rules-table": "R-201"}
"""The section whose list exempts pumping from the permit."""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("city", "question", "figure", "section"),
    [
        pytest.param(city, QUESTIONS[kind].format(place=place), figure, section,
                     id=f"{layout}-{kind}")
        for layout, (city, place, asked) in LAYOUTS.items()
        for kind, (figure, section) in asked.items()
    ],
)  # fmt: skip
def test_a_new_layouts_figures_are_answered_and_cited_by_number(
    assistant_with_city: Callable[[Path], Assistant],
    city: tuple[Path, str],
    question: str,
    figure: str,
    section: str,
) -> None:
    manifest, key = city
    answer = assistant_with_city(manifest).ask(question)
    assert figure in answer.answer, answer.answer
    assert any(c.jurisdiction == key and c.section == section for c in answer.citations), (
        answer.citations
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("city", "place", "section"),
    [pytest.param(LAYOUTS[k][0], LAYOUTS[k][1], section, id=k) for k, section in EXEMPT.items()],
)
def test_a_permit_exemption_in_a_list_says_no(
    assistant_with_city: Callable[[Path], Assistant],
    city: tuple[Path, str],
    place: str,
    section: str,
) -> None:
    question = f"Do I need a permit just to have my septic tank pumped in {place}?"
    answer = assistant_with_city(city[0]).ask(question)
    assert leads_with(answer.answer) == "no", answer.answer
    assert any(c.section == section for c in answer.citations), answer.citations


@pytest.mark.slow
def test_a_figure_the_text_leaves_to_a_state_rule_is_refused_beside_another_figure(
    assistant_with_city: Callable[[Path], Assistant],
) -> None:
    """'How long is a certificate good for?': the section gives ten days to file the report and
    leaves the certificate's period to a state rule part; the answer says it does not state it."""
    question = "How long is a certificate of compliance good for in Tamarack Bend Township?"
    answer = assistant_with_city(WEB_PAGE[0]).ask(question)
    assert answer.abstained, answer.answer
    assert "10" not in answer.answer and "ten" not in answer.answer.split(), answer.answer
    assert any(c.section == "3.203" for c in answer.citations), answer.citations


@pytest.mark.slow
@pytest.mark.parametrize(
    ("age", "expected"),
    [("two years ago", "no"), ("nine years ago", "yes")],
    ids=["meets-the-exception", "outside-the-exception"],
)
def test_a_case_an_exception_exempts_is_not_required(
    assistant_with_city: Callable[[Path], Assistant], age: str, expected: str
) -> None:
    """'Exceptions: 1. A system installed under a permit issued not more than four years before
    the transfer': a system put in two years ago needs no inspection at the sale."""
    question = (
        f"We're selling our house in Yarrow County. The septic went in under a permit {age}. "
        "Do we need a compliance inspection before the sale?"
    )
    answer = assistant_with_city(MODEL_CODE[0]).ask(question)
    assert leads_with(answer.answer) == expected, answer.answer
    assert any(c.section == "105.3" for c in answer.citations), answer.citations


@pytest.mark.slow
def test_an_exempt_item_late_in_a_list_says_no_with_its_lead_in(
    assistant_with_city: Callable[[Path], Assistant],
) -> None:
    """'A permit is not required for: 1. ... 3. Replacing a pump ... of the same capacity.': the
    third item is quoted after the lead-in that says what the list is."""
    question = (
        "Do I need a permit in Tamarack Bend Township to swap my dead pump for the same size?"
    )
    answer = assistant_with_city(WEB_PAGE[0]).ask(question)
    assert leads_with(answer.answer) == "no", answer.answer
    assert "A permit is not required for:" in answer.answer, answer.answer
    assert "one of the same capacity" in answer.answer, answer.answer
    assert any(c.section == "3.201" for c in answer.citations), answer.citations


@pytest.mark.slow
def test_a_deferral_of_another_case_does_not_hide_the_provision_on_the_asked_one(
    assistant_with_city: Callable[[Path], Assistant],
) -> None:
    """The story's 'pumping business' draws the pumping section, whose notice sentence sends the
    reader to a state rule; the registration provision holds the asked date and most of what is
    asked, and answers."""
    manifest = Path(__file__).resolve().parent.parent / "evals/unseen-2/birch-falls/manifest.yaml"
    question = (
        "I registered my pumping business with Birch Falls last May. "
        "When does the city registration expire?"
    )
    answer = assistant_with_city(manifest).ask(question)
    assert not answer.abstained, answer.answer
    assert "March 31" in answer.answer, answer.answer
    assert any(c.section == "13.20.230" for c in answer.citations), answer.citations


@pytest.mark.slow
@pytest.mark.parametrize(
    ("feet", "word"),
    [pytest.param(120, "yes", id="beyond-the-tables-distance"),
     pytest.param(100, "no", id="short-of-the-tables-distance")],
)  # fmt: skip
def test_is_a_distance_far_enough_is_checked_against_a_setback_table_read_from_the_text(
    assistant_with_city: Callable[[Path], Assistant], feet: int, word: str
) -> None:
    """A city with no curated rules: 'is N feet far enough?' is the setback read from its table
    (the drainfield column says 110 feet), not a quote of the nearest sentence."""
    question = f"In Ironwood Crossing the new drainfield would be {feet} feet from our well. Is that far enough?"
    answer = assistant_with_city(LINE_NUMBERED[0]).ask(question)
    assert leads_with(answer.answer) == word, answer.answer
    assert "110 ft" in answer.answer, answer.answer  # the table's figure it was checked against
    assert any(c.section == "5-2.302" for c in answer.citations), answer.citations


@pytest.mark.slow
def test_a_penalty_asked_of_a_misdemeanor_is_the_fine_the_text_adds(
    assistant_with_city: Callable[[Path], Assistant],
) -> None:
    """'The max penalty for a misdemeanor?': the rule that names the misdemeanor and its fine
    answers it; the misdemeanor the question already says does not make it tell nothing."""
    question = "What's the max penalty for a misdemeanor violation in Heronsgate County?"
    answer = assistant_with_city(RULES_TABLE[0]).ask(question)
    assert not answer.abstained, answer.answer
    assert "$1,000" in answer.answer, answer.answer
    assert any(c.section == "R-402" for c in answer.citations), answer.citations
