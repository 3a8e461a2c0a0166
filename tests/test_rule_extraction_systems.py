"""Rule facts read from a city's text (`ingest.rulefacts`), second part: a least bottom area given
for each kind of system (`ingest.rulefacts_systems`), and modifiers of a tank rule whose condition
names a thing of three words or two things ('a garbage disposal unit or a sewage ejector pump
discharges to the system'), and a dwelling's tank as a multiple of its design flow
(`ingest.rulefacts_flow`). Figures worked by hand from the text in each table row."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import run_extracted as _run
from helpers import testville_section as _section

from ingest.rulefacts import extract_rules

_BY_BEDROOM = (
    "(a) The soil treatment area shall be sized under the state rules, except that the bottom "
    "area shall in no case be less than the following:\n"
    "(1) for a trench system, two hundred forty (240) square feet of trench bottom area for each "
    "bedroom;\n"
    "(2) for a seepage bed, one and one-half (1.5) times the area required for a trench system; "
    "and\n"
    "(3) for a mound or an at-grade system, three hundred ten (310) square feet of absorption area "
    "for each bedroom."
)
_BY_FLOW = (
    "(a) The design flow for a dwelling shall be one hundred twenty (120) gallons per day for "
    "each bedroom."
)
_AREA_BY_FLOW = (
    "(a) The soil treatment area shall be sized under the state rules, but in no case shall it be "
    "smaller than:\n"
    "(1) For trenches and beds, one and five-tenths (1.5) square feet of bottom area for each "
    "gallon per day of design flow; and\n"
    "(2) For mounds and at-grade systems, two and four-tenths (2.4) square feet of absorption "
    "area for each gallon per day of design flow."
)

SYSTEMS = [
    ("trench_per_bedroom", _BY_BEDROOM, {"bedrooms": 3, "system_type": "trench"}, 720.0),
    ("bed_a_multiple_of_the_trench", _BY_BEDROOM, {"bedrooms": 3, "system_type": "bed"}, 1080.0),
    ("mound_per_bedroom", _BY_BEDROOM, {"bedrooms": 3, "system_type": "mound"}, 930.0),
    ("at_grade_named_with_the_mound", _BY_BEDROOM,
     {"bedrooms": 2, "system_type": "at-grade"}, 620.0),
    ("trench_by_the_design_flow", _AREA_BY_FLOW, {"bedrooms": 4, "system_type": "trench"}, 720.0),
    ("bed_named_with_the_trench", _AREA_BY_FLOW, {"bedrooms": 4, "system_type": "bed"}, 720.0),
    ("mound_by_the_design_flow", _AREA_BY_FLOW, {"bedrooms": 4, "system_type": "mound"}, 1152.0),
]  # fmt: skip
# 3 x 240 = 720; x 1.5 = 1,080; 3 x 310 = 930; 2 x 310 = 620; 4 x 120 = 480 gpd x 1.5 = 720,
# x 2.4 = 1,152


@pytest.mark.parametrize(
    ("area_text", "inputs", "sqft"), [s[1:] for s in SYSTEMS], ids=[s[0] for s in SYSTEMS]
)
def test_a_least_bottom_area_given_for_each_kind_of_system_is_read_by_the_asked_kind(
    area_text: str, inputs: dict[str, Any], sqft: float
) -> None:
    sections = [_section(_BY_FLOW, "Design flow", "7-2"), _section(area_text, "Soil treatment")]
    rules = extract_rules(sections)
    (area,) = [r for r in rules if r.topic == "area" and not r.id.endswith(".rooms")]
    assert area.input("system_type") is not None
    assert _run(rules, area.id, **inputs).value == sqft


def test_factors_whose_clause_names_no_kind_of_system_give_no_rule_by_kind() -> None:
    text = (
        "(a) The bottom area shall be not less than:\n(1) 240 square feet for each bedroom, "
        "where the owner chooses; and\n(2) 310 square feet for each bedroom otherwise."
    )
    rules = extract_rules([_section(text, "Soil treatment")])
    assert not [r for r in rules if r.topic == "area"]


_TANK = (
    "(a) Every system serving a dwelling shall include septic tanks having a combined liquid "
    "capacity of not less than one thousand (1,000) gallons for a dwelling of two or fewer "
    "bedrooms, plus two hundred fifty (250) gallons for each bedroom over two.\n"
)
MODIFIERS = [
    ("two_things_that_discharge_to_the_system",
     _TANK + "(b) Where a garbage disposal unit or a sewage ejector pump discharges to the system, "
     "the capacity required by subsection (a) shall be increased by four hundred (400) gallons.",
     "garbage disposal unit; sewage ejector pump (yes/no)", 1900.0),
    ("a_thing_of_three_words_installed_or_a_lift_station_in_the_building",
     _TANK + "(b) Where a garbage disposal unit is installed in the dwelling, or where sewage is "
     "pumped to the septic tank by a lift station in the building, the capacity required by "
     "subsection (a) shall be increased by forty (40) percent.",
     "garbage disposal unit; lift station (yes/no)", 2100.0),
]  # fmt: skip
# 1,000 + 2 x 250 = 1,500; + 400 = 1,900; x 1.4 = 2,100


@pytest.mark.parametrize(
    ("text", "label", "gallons"), [m[1:] for m in MODIFIERS], ids=[m[0] for m in MODIFIERS]
)
def test_a_modifier_names_a_thing_of_three_words_and_each_case_of_its_condition(
    text: str, label: str, gallons: float
) -> None:
    rules = extract_rules([_section(text, "Septic tank capacity")], text)
    (rule,) = [r for r in rules if r.topic == "tank" and not r.id.endswith(".rooms")]
    flag = rule.input("garbage_disposal_unit")
    assert flag is not None and flag.label == label
    assert _run(rules, rule.id, bedrooms=4, garbage_disposal_unit=True).value == gallons
    assert _run(rules, rule.id, bedrooms=4, garbage_disposal_unit=False).value == 1500.0


_HOLDING = (
    "(b) A holding tank serving a dwelling shall have a liquid capacity of not less than one "
    "thousand five hundred (1,500) gallons or four (4) times the design flow of the dwelling, "
    "whichever is greater."
)


@pytest.mark.parametrize(
    ("bedrooms", "gallons"), [(2, 1500.0), (4, 1920.0)], ids=["the-floor", "the-multiple"]
)  # 2 x 120 = 240 gpd x 4 = 960 < 1,500; 4 x 120 = 480 gpd x 4 = 1,920
def test_a_dwellings_tank_as_a_multiple_of_its_design_flow_is_computed_from_the_flow_rule(
    bedrooms: int, gallons: float
) -> None:
    sections = [_section(_BY_FLOW, "Design flow", "7-2"), _section(_HOLDING, "Holding tanks")]
    rules = extract_rules(sections)
    (tank,) = [r for r in rules if r.topic == "holding_tank" and not r.id.endswith(".rooms")]
    assert tank.input("daily_flow_gpd") is None and tank.input("bedrooms") is not None
    assert _run(rules, tank.id, bedrooms=bedrooms).value == gallons


def test_a_multiple_of_the_design_flow_without_a_flow_rule_gives_no_rule() -> None:
    rules = extract_rules([_section(_HOLDING, "Holding tanks")])
    assert not [r for r in rules if r.topic == "holding_tank"]


_TANK_BY_BEDROOMS = (
    "(a) A septic tank for a dwelling of two or fewer bedrooms shall hold not less than 1,000 "
    "gallons, plus 250 gallons for each bedroom over two."
)
UNFINISHED = [
    ("where_a_dwelling_has_a_level_of_three_words_or_another",
     "(c) Where a dwelling has an unfinished lower level or basement, the design shall count one "
     "(1) more bedroom than is shown on the plans.", "unfinished_lower_level"),
    ("a_lower_level_that_is_unfinished_counts_as_one_bedroom",
     '"Bedroom" means a room used for sleeping. A lower level that is unfinished at the time of '
     "the permit shall be counted as containing one (1) bedroom.", "unfinished_basement"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("said", "flag"), [u[1:] for u in UNFINISHED], ids=[u[0] for u in UNFINISHED]
)
def test_an_unfinished_lower_level_counts_one_bedroom_more_when_the_user_says_so(
    said: str, flag: str
) -> None:
    sections = [_section(said, "Definitions", "7-1"), _section(_TANK_BY_BEDROOMS, "Septic tanks")]
    rules = extract_rules(sections)
    tanks = [r for r in rules if r.topic == "tank" and r.terms and r.input(flag) is not None]
    assert len(tanks) == 1, [r.id for r in rules]
    assert _run(rules, tanks[0].id, bedrooms=3, **{flag: True}).value == 1500.0  # 4 bedrooms
    assert _run(rules, tanks[0].id, bedrooms=3, **{flag: False}).value == 1250.0
