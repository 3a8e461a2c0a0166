"""Before a Yes, the reader looks for the sentence of the same section that says no to the asked
case (an exemption, a limit): here, an item of an exemption list that names the asked thing."""

from __future__ import annotations

import pytest
from helpers import StubSection

from app.quoting import QuotingMixin
from app.reader import Scored, provisions, score

_Section = StubSection


PERMITS = _Section(
    "x",
    "4.1",
    "Permit required; exemptions",
    "4.1.1 No person shall install, alter or replace a system without a permit. "
    "4.1.2 A permit is not required for the following work: (a) pumping a tank by a licensed "
    "business; (b) replacing a cover, lid or riser with a part of the same kind and size; (c) "
    "cleaning an effluent screen. "
    "4.1.3 A permit is required to replace a septic tank, whether or not the new tank is of the "
    "same size and kind.",
)
OTHERS = [
    _Section("x", "5.1", "Septic tanks", "Every septic tank shall be watertight. A septic tank "
             "serving a dwelling shall hold not less than 1,000 gallons."),
    _Section("x", "5.2", "Setbacks", "A septic tank shall be 50 feet from a well and 10 feet from "
             "a property line."),
    _Section("x", "6.1", "Pumping", "Every septic tank shall be pumped at least once every three "
             "years by a licensed business."),
]  # fmt: skip


class _Retriever:
    def sections(self, jurisdiction: str) -> list[_Section]:
        return [PERMITS, *OTHERS]


class _Reader(QuotingMixin):
    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        self.retriever = _Retriever()


@pytest.mark.parametrize(
    ("question", "exempted"),
    [
        pytest.param(
            "Do I need a permit to swap out the cracked lid on my septic tank for the same kind?",
            True,
            id="the-lid-is-an-exempted-item",
        ),
        pytest.param(
            "Do I need a permit to put in a new septic tank of the same size?",
            False,
            id="the-tank-is-the-rules-own-case",
        ),
    ],
)
def test_an_exemption_lists_item_naming_the_asked_thing_says_no_to_a_rule_that_does_not(
    question: str, exempted: bool
) -> None:
    pool = provisions(PERMITS, 0)
    ranked = score(question, pool, types=["rule"])
    rule = next(s for s in ranked if s.provision.text.startswith("4.1.3"))
    limit = _Reader()._exception(question, rule, ranked)
    said = limit.provision.text if isinstance(limit, Scored) else ""
    assert ("replacing a cover, lid" in said) is exempted, said
