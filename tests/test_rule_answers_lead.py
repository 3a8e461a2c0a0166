"""Where a rule read from the text computed the one asked figure, the reader's quote of that same
provision (leading with a factor of the rule, or abstaining) gives way to it; the reader's answer
from another provision, or to another part of the question, stays (`app.assistant._with_rules`)."""

from __future__ import annotations

import pytest

from app.assistant import _with_rules
from app.compose import Block, Support
from app.records import ToolCall

_FACTOR = "(1) for a trench system, 260 square feet of trench bottom area for each bedroom;"
_OTHER = "(b) No seepage bed shall be installed within 1,000 feet of a lake."


def _support(quote: str) -> Support:
    return Support(jurisdiction="testville", section="4.03", title="Soil treatment area",
                   label="Testville §4.03", quote=quote, source="testville.txt")  # fmt: skip


def _rule() -> Block:
    return Block(jurisdiction="testville", name="Testville", topic="rule", value="1,170 sq ft",
                 headline="Least bottom area in Testville: 1,170 sq ft (§4.03).",
                 supports=[_support(_FACTOR)])  # fmt: skip


def _reader(quote: str, headline: str, abstained: bool = False) -> Block:
    return Block(jurisdiction="testville", name="Testville", headline=headline,
                 supports=[_support(quote)], abstained=abstained)  # fmt: skip


CASES = [
    ("a_factor_of_the_rule_from_its_provision", _reader(f"(a) ... {_FACTOR}",
     "Two hundred sixty (260) square feet. Testville §4.03 says: ..."), True, False),
    ("an_abstention_quoting_the_rules_provision", _reader(_FACTOR,
     "The Testville ordinance does not state an area for this.", abstained=True), True, False),
    ("a_figure_from_another_provision", _reader(_OTHER,
     "One thousand (1,000) feet. Testville §4.03 says: ..."), True, True),
    ("a_question_of_two_parts", _reader(f"(a) ... {_FACTOR}",
     "Two hundred sixty (260) square feet. Testville §4.03 says: ..."), False, True),
]  # fmt: skip


@pytest.mark.parametrize(
    ("reader", "one_part", "kept"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_the_readers_quote_of_a_computed_rules_provision_gives_way_to_the_rule(
    reader: Block, one_part: bool, kept: bool
) -> None:
    call = ToolCall(name="rule:area.area.4-03", arguments={"bedrooms": 3}, result={})
    computed = {"testville": [(_rule(), call)]}
    blocks = _with_rules([reader], computed, [], one_part=one_part)
    assert (reader in blocks) is kept
    assert [b.value for b in blocks if b.topic == "rule"] == ["1,170 sq ft"]


def test_a_block_quoting_only_what_an_abstention_refers_to_is_said_once() -> None:
    from app.assistant import _without_echoes
    from app.compose import Block, Support

    said = Support("x", "11.3", "Citations", "X §11.3 Citations",
                   "The penalty is set in the schedule adopted by resolution.", "x.txt")  # fmt: skip
    other = Support("x", "11.4", "Misdemeanor", "X §11.4 Misdemeanor",
                    "A violation is a misdemeanor.", "x.txt")  # fmt: skip
    refers = Block("x", "X", "X does not state a dollar amount.", [said], abstained=True)
    echo = Block("x", "X", "X §11.3 says:", [said])
    more = Block("x", "X", "X §11.4 says:", [other])
    assert _without_echoes([refers, echo, more]) == [refers, more]
