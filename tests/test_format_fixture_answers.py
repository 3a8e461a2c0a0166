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


@pytest.mark.slow
@pytest.mark.parametrize(
    ("city", "question", "figure", "section"),
    [
        pytest.param(BOOKLET, "How big a septic tank does a 5 bedroom house in Heron Ford "
                     "Township need?", "1,850", "3.01", id="booklet-base-plus-per-bedroom-tank"),
        pytest.param(BOOKLET, "How long is a septic permit good for in Heron Ford Township?",
                     "eighteen (18) months", "2.02", id="booklet-a-term-from-a-lettered-item"),
        pytest.param(BOOKLET, "Heron Ford Township: how far does the drainfield have to be from "
                     "my well?", "110", "3.02", id="booklet-a-setback-tables-soil-column"),
        pytest.param(MARGINS, "How long is a septic permit good for in Quarry Glen?",
                     "fourteen (14) months", "9-6-3", id="margins-a-term"),
        pytest.param(MARGINS, "Quarry Glen: what size septic tank for a 4 bedroom house?",
                     "1,400", "9-6-4", id="margins-a-tank-from-the-table"),
        pytest.param(MARGINS, "How far does my drainfield have to be from the well in Quarry "
                     "Glen?", "115", "9-6-5", id="margins-a-setback"),
        pytest.param(NEXT_LINE, "How long is a septic permit good for in Sumac County?",
                     "sixteen (16) months", "12-44", id="next-line-a-term"),
        pytest.param(NEXT_LINE, "Sumac County: what size septic tank for a 4 bedroom house?",
                     "1,450", "12-45", id="next-line-a-tank-from-the-table"),
        pytest.param(NEXT_LINE, "How often do I have to pump my septic tank in Sumac County?",
                     "thirty (30) months", "12-47", id="next-line-after-a-page-break"),
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
    [
        pytest.param(BOOKLET, "Heron Ford Township", "2.01", id="booklet"),
        pytest.param(MARGINS, "Quarry Glen", "9-6-2", id="margins"),
        pytest.param(NEXT_LINE, "Sumac County", "12-43", id="next-line"),
    ],
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
