"""Rules read from text set in narrow columns, areas by percolation rate whose range follows the
figure, and bedroom counts raised by the text (a least count, an unfinished basement)."""

from __future__ import annotations

from typing import Any

import pytest

from ingest.records import Section
from ingest.rulefacts import extract_rules
from tools.engine import evaluate
from tools.rules import extracted_city, load_rules


def _section(text: str, title: str, number: str) -> Section:
    return Section(jurisdiction="testville", section=number, title=title, text=text,
                   char_start=0, char_end=len(text), jurisdiction_name="Testville")  # fmt: skip


def _value(sections: list[Section], topic: str, **inputs: Any) -> float:
    rules = extract_rules(sections)
    (rule,) = [r for r in rules if r.topic == topic and r.terms]
    city = extracted_city("testville", "Testville", "testville.txt", rules)
    values = {s.name: inputs.get(s.name, s.default) for s in rule.inputs}
    return evaluate(city, load_rules().state, rule, values).value


NARROW_TANK = (
    "B. Minimum tank capacity. The\ntotal liquid capacity of the septic\ntanks serving a dwelling "
    "shall be not\nless than one thousand two hundred\nten (1,210) gallons for a dwelling\nwith "
    "three (3) or fewer bedrooms,\nplus three hundred ten (310)\ngallons for each bedroom over "
    "three\n(3).\nC. Garbage disposals. Where a garbage disposal is installed, the capacity "
    "required by subsection B shall be increased by fifty percent (50%)."
)
AREA_TIERS = (
    "(a) The bottom area of a trench or bed soil treatment area serving a dwelling must be at "
    "least:\n(1) 240 square feet for each bedroom, where the soil has a percolation rate of 15 "
    "minutes per inch or faster; and\n(2) 360 square feet for each bedroom, where the soil has a "
    "percolation rate slower than 15 minutes per inch but not slower than 60 minutes per inch.\n"
    "(b) A drainfield serving a dwelling is sized for at least two bedrooms, even if the dwelling "
    "has fewer."
)
FLOW = (
    "(a) The design flow for a dwelling shall be one hundred thirty (130) gallons per day for each "
    "bedroom. No dwelling shall be designed for fewer than two (2) bedrooms."
)
FLOW_TIERS = (
    "Subd. 1. The bottom area of a trench or bed must be not less than 1.5 square feet for each "
    "gallon per day of design flow, where the soil percolation rate is 30 minutes per inch or "
    "faster.\nSubd. 2. Where the soil percolation rate is slower than 30 minutes per inch but not "
    "slower than 60 minutes per inch, the bottom area must be not less than 2.5 square feet for "
    "each gallon per day of design flow."
)
BASEMENT_ADDED = (
    "(1) The design flow for a dwelling is 120 gallons per day for each bedroom.\n(2) Where a "
    "dwelling has an unfinished basement, one (1) bedroom shall be added to the number of bedrooms "
    "shown on the plans."
)
LOWER_LEVEL = (
    '"Bedroom" means any room used for sleeping. An unfinished lower level counts as one '
    "additional bedroom."
)
TANK_PER_BEDROOM = "The septic tank shall hold not less than 400 gallons for each bedroom."

CASES = [
    ("a-rule-wrapped-in-a-narrow-column", [(NARROW_TANK, "Tanks", "711")], "tank",
     {"bedrooms": 4}, 1520.0),  # 1,210 + 310
    ("its-modifier-read-with-it", [(NARROW_TANK, "Tanks", "711")], "tank",
     {"bedrooms": 4, "garbage_disposal": True}, 2280.0),  # 1,520 x 1.5
    ("per-bedroom-area-by-a-range-after-the-figure", [(AREA_TIERS, "Drainfields", "15")], "area",
     {"bedrooms": 3, "perc_rate_mpi": 40}, 1080.0),  # 3 x 360
    ("the-fast-range", [(AREA_TIERS, "Drainfields", "15")], "area",
     {"bedrooms": 3, "perc_rate_mpi": 10}, 720.0),
    ("never-fewer-than-the-least-count", [(AREA_TIERS, "Drainfields", "15")], "area",
     {"bedrooms": 1, "perc_rate_mpi": 10}, 480.0),  # 2 x 240
    ("a-flow-rule-with-a-least-count", [(FLOW, "Design flow", "3.1")], "flow",
     {"bedrooms": 1}, 260.0),
    ("the-least-count-carried-into-the-area", [(FLOW, "Design flow", "3.1"),
     (FLOW_TIERS, "Soil treatment area", "3.2")], "area",
     {"bedrooms": 1, "perc_rate_mpi": 20}, 390.0),  # 2 x 130 x 1.5
    ("per-gallon-area-range-before-the-figure", [(FLOW, "Design flow", "3.1"),
     (FLOW_TIERS, "Soil treatment area", "3.2")], "area",
     {"bedrooms": 3, "perc_rate_mpi": 45}, 975.0),  # 390 x 2.5
    ("a-bedroom-added-for-an-unfinished-basement", [(BASEMENT_ADDED, "Design flow", "12")],
     "flow", {"bedrooms": 3, "unfinished_basement": True}, 480.0),
    ("no-bedroom-added-without-it", [(BASEMENT_ADDED, "Design flow", "12")],
     "flow", {"bedrooms": 3}, 360.0),
    ("an-unfinished-lower-level-counts-as-a-bedroom", [(LOWER_LEVEL, "Definitions", "705"),
     (TANK_PER_BEDROOM, "Tanks", "711")], "tank",
     {"bedrooms": 3, "unfinished_basement": True}, 1600.0),
]  # fmt: skip


@pytest.mark.parametrize(
    ("texts", "topic", "inputs", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_sizing_rule_reads_its_counts_and_ranges(
    texts: list[tuple[str, str, str]], topic: str, inputs: dict[str, Any], expected: float
) -> None:
    sections = [_section(*t) for t in texts]
    assert _value(sections, topic, **inputs) == expected


def test_a_list_item_after_a_lead_in_is_not_joined_to_it() -> None:
    from ingest.rulefacts_shapes import paragraphs

    text = "must be at least:\n(1) 240 square feet; and\n(2) 360 square feet for\neach bedroom."
    assert paragraphs(text) == [
        "must be at least:",
        "(1) 240 square feet; and",
        "(2) 360 square feet for each bedroom.",
    ]


PERMIT = (
    "(a) A construction permit expires 18 months after the date it is issued.\n"
    "(b) The Department may renew a permit one time only, for not more than 6 months, if the "
    "site has not changed."
)


@pytest.mark.parametrize(
    ("extended", "until"),
    [(True, "2026-09-15"), (False, "2026-03-15")],
    ids=["with-the-longest-renewal", "without-it"],
)
def test_a_permit_runs_longer_by_the_one_renewal_its_section_allows(
    extended: bool, until: str
) -> None:
    from datetime import date

    rules = extract_rules([_section(PERMIT, "Permit term", "8")])
    (rule,) = [r for r in rules if r.topic == "permit"]
    city = extracted_city("testville", "Testville", "testville.txt", rules)
    values = {"issue_date": date(2024, 9, 15), "extended": extended}
    assert until in evaluate(city, load_rules().state, rule, values).summary
