"""A township whose rules are numbered 'Rule 3.01' inside 'ARTICLE ONE' containers is answered
like any other city: its rules are cited by number (without the word 'Rule'), its tank rule is
computed for a bedroom count, its setback table read by column, and a permit exemption in a
rule's list answers No. Real model, real Chroma: the bundled index plus the fixture township."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from app.assistant import Assistant
from evals.answers import leads_with

MANIFEST = Path(__file__).parent / "data" / "formats" / "manifest-rules-booklet-township.yaml"
KEY = "heron-ford-township"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "figure", "section"),
    [
        pytest.param("How big a septic tank does a 5 bedroom house in Heron Ford Township need?",
                     "1,850", "3.01", id="base-plus-per-bedroom-tank"),
        pytest.param("How long is a septic permit good for in Heron Ford Township?",
                     "eighteen (18) months", "2.02", id="a-term-from-a-lettered-item"),
        pytest.param("Heron Ford Township: how far does the drainfield have to be from my well?",
                     "110", "3.02", id="a-setback-tables-soil-column"),
    ],
)  # fmt: skip
def test_a_rules_booklets_figures_are_answered_and_cited_by_rule_number(
    assistant_with_city: Callable[[Path], Assistant], question: str, figure: str, section: str
) -> None:
    answer = assistant_with_city(MANIFEST).ask(question)
    assert figure in answer.answer, answer.answer
    assert any(c.jurisdiction == KEY and c.section == section for c in answer.citations), (
        answer.citations
    )


@pytest.mark.slow
def test_an_exemption_in_a_rules_list_says_no_to_a_permit(
    assistant_with_city: Callable[[Path], Assistant],
) -> None:
    answer = assistant_with_city(MANIFEST).ask("Do I need a permit just to have my septic tank pumped in Heron Ford "
                          "Township?")  # fmt: skip
    assert leads_with(answer.answer) == "no", answer.answer
    assert any(c.section == "2.01" for c in answer.citations), answer.citations
