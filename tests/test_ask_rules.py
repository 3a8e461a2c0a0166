"""`ordinance ask` on calculation questions the single-dwelling calculators cannot answer: each
asked figure computed by a data rule, the arithmetic shown, approvals and limits said."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.assistant import Assistant
from app.settings import Settings

pytestmark = pytest.mark.slow
P = pytest.param


@pytest.fixture(scope="module")
def assistant(indexed_home: Path) -> Assistant:
    return Assistant(settings=Settings(home=indexed_home))


CASES = [
    P("A duplex in Hugo has units with 3 and 5 bedrooms sharing one septic tank. What size tank?",
      ["2,700 gal", "1,200 gal + 1,500 gal = 2,700 gal"], ("hugo", "404.04"), id="units-sum"),
    P("How big a holding tank does a 5 bedroom house in Hugo need, and at what level must the alarm go off?",
      ["2,000 gal", "75 % of 2,000 gal = 1,500 gal", "Approval needed: City Council"], ("hugo", "502.05"), id="two-parts"),
    P("Pressure distribution in Hugo for a 1,000 sq ft drainfield: what pump capacity do I need, and what discharge head if friction loss is 6 ft and lift 8 ft?",
      ["75 gpm", "6 ft + 8 ft + 5 ft = 19 ft"], ("hugo", "404.08"), id="pump-and-head"),
    P("My well in Hugo is 40 feet deep and my drainfield is 70 feet from it. How much farther does it have to be?",
      ["short by 30 ft", "100 ft"], ("hugo", "404.09"), id="well-depth-shortfall"),
    P("The state table gives me 720 square feet for a bed in Chaska. How big must the bed be?",
      ["720 sq ft × 1.25 = 900 sq ft", "trenches only"], ("chaska", "99"), id="base-figure-bed"),
    P("We're selling in January 2026 in East Bethel and the bids were $14,000 and $16,500. How much escrow?",
      ["$20,625", "125 % of $16,500"], ("east-bethel", None), id="escrow"),
    P("The normal setback is 20 feet. How close can my tank be to a detached garage with no basement in East Bethel?",
      ["10 ft", "Approval needed: the building official"], ("east-bethel", None), id="base-setback-approval"),
]  # fmt: skip


@pytest.mark.parametrize(("question", "says", "cited"), CASES)
def test_calculation_question_is_answered_with_its_arithmetic(
    assistant: Assistant, question: str, says: list[str], cited: tuple[str, str | None]
) -> None:
    answer = assistant.ask(question)
    assert not answer.refused
    for text in says:
        assert text in answer.answer, answer.answer
    assert any((c.jurisdiction, c.section) == cited for c in answer.citations)
    assert any(t.name.startswith("rule:") for t in answer.tool_calls)
