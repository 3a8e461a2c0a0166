"""A city code that prints each section's title in a left margin column beside the text is
answered like any other city: its sections are cited by number, a tank is sized from its table
and a permit exemption in its list says No. Real model, real Chroma: the bundled index plus the
fixture city."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from app.assistant import Assistant
from evals.answers import leads_with

MANIFEST = Path(__file__).parent / "data" / "formats" / "manifest-margin-titles-city.yaml"
KEY = "quarry-glen"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "figure", "section"),
    [
        pytest.param("How long is a septic permit good for in Quarry Glen?",
                     "fourteen (14) months", "9-6-3", id="a-term"),
        pytest.param("Quarry Glen: what size septic tank for a 4 bedroom house?",
                     "1,400", "9-6-4", id="a-tank-from-the-table"),
        pytest.param("How far does my drainfield have to be from the well in Quarry Glen?",
                     "115", "9-6-5", id="a-setback"),
    ],
)  # fmt: skip
def test_a_margin_title_codes_figures_are_answered_and_cited_by_number(
    assistant_with_city: Callable[[Path], Assistant], question: str, figure: str, section: str
) -> None:
    answer = assistant_with_city(MANIFEST).ask(question)
    assert figure in answer.answer, answer.answer
    assert any(c.jurisdiction == KEY and c.section == section for c in answer.citations), (
        answer.citations
    )


@pytest.mark.slow
def test_a_permit_exemption_beside_a_margin_title_says_no(
    assistant_with_city: Callable[[Path], Assistant],
) -> None:
    answer = assistant_with_city(MANIFEST).ask(
        "Do I need a permit just to have my septic tank pumped in Quarry Glen?"
    )
    assert leads_with(answer.answer) == "no", answer.answer
    assert any(c.section == "9-6-2" for c in answer.citations), answer.citations
