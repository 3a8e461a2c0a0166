"""Rule facts read from a city's text at ingest (`ingest.rulefacts`): each ordinance shape becomes
a rule of the curated schema whose figures, worked by hand from the text in the table, come out of
the one evaluator; uncertain text gives no rule; every quote is verbatim; the rules are stored
with the document and labelled extracted wherever they are used."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import run_extracted as _run
from helpers import testville_section as _section

from ingest.numbers import read_numbers
from ingest.records import Section
from ingest.rulefacts import extract_rules
from tools.rules import fold_ws


def _setback_rule(text: str, source: str = "") -> Any:
    """The one setback rule of Testville's section 'Setbacks' holding `text` (`source`: the text
    as loaded, whose fixed-width columns name a table's columns)."""
    (rule,) = [
        r for r in extract_rules([_section(text, "Setbacks")], source) if r.topic == "setback"
    ]
    return rule


DATA = Path(__file__).resolve().parent / "data" / "rules"


NUMBERS = [
    ("words_and_figure", "one hundred fifty (150) gallons per day", "150 gallons per day"),
    ("feet_mark", "Ten feet (10') from a property line", "10 feet from a property line"),
    ("percent_sign", "sixty percent (60%) of it", "60 percent of it"),
    ("commas", "not less than 1,000 gallons", "not less than 1000 gallons"),
    ("bare_words", "three or fewer bedrooms", "3 or fewer bedrooms"),
    ("ocr_spaced", "one thousand two hundred ( 1 ,200) gallons", "1200 gallons"),
    ("hyphenated", "twenty-four (24) hours", "24 hours"),
]


@pytest.mark.parametrize(("printed", "read"), [n[1:] for n in NUMBERS], ids=[n[0] for n in NUMBERS])
def test_numbers_are_read_as_their_figures(printed: str, read: str) -> None:
    assert read_numbers(printed) == read


def test_a_number_printed_two_ways_that_disagree_is_not_read() -> None:
    assert read_numbers("two hundred (300) gallons") is None


_MARGIN_TABLE = (
    "A. Every septic tank serving a dwelling shall have not less than the liquid capacity shown "
    "in Table 9 for the number of bedrooms in the dwelling.\n"
    "TABLE 9. SEPTIC TANK CAPACITY\n"
    "Bedrooms        Minimum liquid\n"
    "in dwelling     capacity (gallons)\n"
    "2 or fewer      1,050\n"
    "3               1,250\n"
    "4               1,600\n"
    "Over 4          1,600, plus 325 for\n"
    "                each bedroom over 4\n"
    "B. Where a garbage disposal is installed in the dwelling, the capacity required by "
    "subsection A shall be increased by 40 percent."
)
_PAST_TABLE = (
    "(A) Every septic tank serving a dwelling shall have the capacity of Table 12-A.\n"
    "Table 12-A. Minimum septic tank capacity, in gallons\n"
    "Bedrooms      Standard      With garbage disposal\n"
    "1 or 2        1,200         1,800\n"
    "3 to 5        1,600         2,400\n"
    "6             2,100         3,150\n"
    "(B) For a dwelling with more than six (6) bedrooms, the standard capacity is 2,100 gallons "
    "plus three hundred fifty (350) gallons for each bedroom over six, and where a garbage "
    "disposal is used, the standard capacity is increased by fifty (50) percent."
)

_PARTS_TABLE = (
    "(b) Every septic tank serving a dwelling shall have the capacity of Table 4 for its "
    "bedrooms.\n"
    "Table 4. Minimum septic tank liquid capacity (gallons)\n"
    "Bedrooms        Total capacity     Capacity of\n"
    "first compartment\n"
    "1 or 2              1,050               700\n"
    "3                   1,300               850\n"
    "4                   1,550             1,000\n"
    "(c) For a dwelling with more than four (4) bedrooms, the total capacity shall be 1,550 "
    "gallons plus two hundred seventy-five (275) gallons for each bedroom over four.\n"
    "(d) Where a dwelling has a garbage disposal, the capacity required by subsection (b) or (c) "
    "shall be increased by fifty percent (50%)."
)
"""A table of the total and of a part (its header wrapped, the part's second line at the margin
as a PDF's text gives it): the total column is the rule."""

# (id, text, title, rule id, inputs, expected figure): every figure worked by hand from the text
SHAPES = [
    ("list_bands_then_more_than_a_count_small", "(B) The septic tanks serving a dwelling shall have a capacity of not less than:\n"
     "(1) 1,100 gallons, for a dwelling of two or fewer bedrooms;\n"
     "(2) 1,400 gallons, for a dwelling of three bedrooms; and\n"
     "(3) For a dwelling of more than three bedrooms, 1,400 gallons plus 300 gallons for each "
     "bedroom over three.",
     "Septic tanks", "tank.dwelling.7-3", {"bedrooms": 2}, 1100.0),
    ("list_bands_then_more_than_a_count_at_it", "(B) The septic tanks serving a dwelling shall have a capacity of not less than:\n"
     "(1) 1,100 gallons, for a dwelling of two or fewer bedrooms;\n"
     "(2) 1,400 gallons, for a dwelling of three bedrooms; and\n"
     "(3) For a dwelling of more than three bedrooms, 1,400 gallons plus 300 gallons for each "
     "bedroom over three.",
     "Septic tanks", "tank.dwelling.7-3", {"bedrooms": 3}, 1400.0),
    ("list_bands_then_more_than_a_count_over", "(B) The septic tanks serving a dwelling shall have a capacity of not less than:\n"
     "(1) 1,100 gallons, for a dwelling of two or fewer bedrooms;\n"
     "(2) 1,400 gallons, for a dwelling of three bedrooms; and\n"
     "(3) For a dwelling of more than three bedrooms, 1,400 gallons plus 300 gallons for each "
     "bedroom over three.",
     "Septic tanks", "tank.dwelling.7-3", {"bedrooms": 5}, 2000.0),  # 1,400 + 2 x 300
    ("for_each_bedroom_over_a_count_a_figure_shall_be_added",
     "A. The minimum liquid capacity of the septic tank serving a dwelling of three (3) or fewer "
     "bedrooms shall be one thousand two hundred (1,200) gallons. For each bedroom over three (3), "
     "three hundred fifty (350) gallons shall be added.",
     "Septic tank capacity", "tank.dwelling.7-3", {"bedrooms": 5}, 1900.0),  # 1,200 + 2 x 350
    ("a_septic_tank_other_than_a_holding_tank",
     "(A) Every dwelling, other than one served by a holding tank, shall have septic tanks of not "
     "less than 1,000 gallons for two or fewer bedrooms, plus 300 gallons for each bedroom over "
     "two.",
     "Tanks", "tank.dwelling.7-3", {"bedrooms": 4}, 1600.0),  # 1,000 + 2 x 300
    ("linear_over_two_numbered_paragraphs",
     "5.2.1 The septic tank serving a dwelling of three (3) or fewer bedrooms shall have a "
     "liquid capacity of not less than one thousand two hundred fifty (1,250) gallons.\n"
     "5.2.2 For a dwelling of more than three (3) bedrooms, the required capacity shall be "
     "increased by four hundred (400) gallons for each bedroom over three (3).",
     "Septic tank capacity", "tank.dwelling.7-3", {"bedrooms": 5}, 2050.0),  # 1,250 + 2 x 400
    ("linear_one_sentence",
     "(a) The design flow of a home is 400 gallons per day for two or fewer bedrooms, plus 110 "
     "gallons per day for each bedroom over two.",
     "Flows", "flow.dwelling.7-3", {"bedrooms": 5}, 730.0),  # 400 + 3 x 110
    ("linear_at_its_base",
     "(a) The design flow of a home is 400 gallons per day for two or fewer bedrooms, plus 110 "
     "gallons per day for each bedroom over two.",
     "Flows", "flow.dwelling.7-3", {"bedrooms": 2}, 400.0),
    ("linear_two_sentences",
     "B. A septic tank for a home of four or fewer bedrooms shall hold not less than 1,250 "
     "gallons. For every bedroom above four, the required capacity increases by 250 gallons.",
     "Tanks", "tank.dwelling.7-3", {"bedrooms": 6}, 1750.0),  # 1,250 + 2 x 250
    ("implicit_base_beyond_a_count",
     "(c) A septic tank shall hold at least 1,100 gallons, and 250 gallons more for each "
     "bedroom beyond three.", "Tanks", "tank.dwelling.7-3", {"bedrooms": 5}, 1600.0),
    ("implicit_base_at_the_count",
     "(c) A septic tank shall hold at least 1,100 gallons, and 250 gallons more for each "
     "bedroom beyond three.", "Tanks", "tank.dwelling.7-3", {"bedrooms": 3}, 1100.0),
    ("per_bedroom_floor_applies",
     "(2) A holding tank for a home shall hold at least 350 gallons per bedroom, and never "
     "under 1,100 gallons.",
     "Holding tanks", "holding_tank.dwelling.7-3", {"bedrooms": 2}, 1100.0),  # 700 < 1,100
    ("per_bedroom_product_applies",
     "(2) A holding tank for a home shall hold at least 350 gallons per bedroom, and never "
     "under 1,100 gallons.",
     "Holding tanks", "holding_tank.dwelling.7-3", {"bedrooms": 5}, 1750.0),  # 5 x 350
    ("in_no_case_less_than_is_a_floor",
     "3. A holding tank serving a dwelling shall have a liquid capacity of at least four hundred "
     "(400) gallons per bedroom, and in no case less than one thousand eight hundred (1,800) "
     "gallons.",
     "Holding tanks", "holding_tank.dwelling.7-3", {"bedrooms": 2}, 1800.0),  # 800 < 1,800
    ("whichever_is_greater",
     "The holding tank shall be the larger of one thousand (1,000) gallons or two hundred fifty "
     "(250) gallons per bedroom.",
     "Holding tanks", "holding_tank.dwelling.7-3", {"bedrooms": 6}, 1500.0),
    ("per_bedroom_number_words",
     "A. Flow: The design flow for a dwelling shall be one hundred twenty (120) gallons per day "
     "for each bedroom, and not less than two hundred forty (240) gallons per day.",
     "Design", "flow.dwelling.7-3", {"bedrooms": 1}, 240.0),
    ("times_the_flow",
     "(c) For a shop or other establishment, the holding tank shall hold at least six times the "
     "design flow, and never less than 1,500 gallons.",
     "Holding tanks", "holding_tank.other.7-3", {"daily_flow_gpd": 400}, 2400.0),
    ("added_gallons_with_a_condition",
     "(a) A septic tank for a dwelling of three or fewer bedrooms shall be not less than 900 "
     "gallons, plus 250 gallons for each bedroom over three.\n(b) Where a food grinder is "
     "installed, the capacity required by subsection (a) shall be increased by 400 gallons.",
     "Tanks", "tank.dwelling.7-3", {"bedrooms": 4, "food_grinder": True}, 1550.0),
    ("condition_not_met",
     "(a) A septic tank for a dwelling of three or fewer bedrooms shall be not less than 900 "
     "gallons, plus 250 gallons for each bedroom over three.\n(b) Where a food grinder is "
     "installed, the capacity required by subsection (a) shall be increased by 400 gallons.",
     "Tanks", "tank.dwelling.7-3", {"bedrooms": 4, "food_grinder": False}, 1150.0),
    ("percent_increase_where_a_dwelling_has_one",
     "B. The septic tanks serving a dwelling shall hold not less than 1,250 gallons for a dwelling "
     "with three or fewer bedrooms, plus 375 gallons for each bedroom over three.\nC. Where a "
     "dwelling has a garbage disposal, or where sewage is delivered by a lift station, the "
     "capacity required by paragraph B shall be increased by fifty (50) percent.\nF. Tank "
     "capacity for an establishment other than a dwelling shall be determined under Minnesota "
     "Rules, part 7081.0250.",
     "Tanks", "tank.dwelling.7-3", {"bedrooms": 5, "garbage_disposal": True}, 3000.0),
    ("percent_increase_wrapped_before_the_subsection_it_names",
     "(B) The septic tanks serving a dwelling shall have a capacity of not less than:\n"
     "(1) 1,200 gallons, for a dwelling of three or fewer bedrooms;\n"
     "(2) For a dwelling of more than three bedrooms, 1,200 gallons plus 325 gallons for each "
     "bedroom over three.\n(C) Where a garbage disposal is installed, the capacity required by "
     "subsection\n(B) shall be increased by forty (40) percent.",
     "Tanks", "tank.dwelling.7-3", {"bedrooms": 5, "garbage_disposal": True}, 2590.0),
    # (1,200 + 2 x 325) x 1.4
    ("percent_increase_rounded_up_to_a_multiple",
     "(a) The minimum liquid capacity of the septic tanks serving a dwelling shall be 1,150 "
     "gallons for a dwelling with three or fewer bedrooms, plus 350 gallons for each bedroom over "
     "three.\n(b) Where the dwelling has a garbage disposal, the capacity required by subsection "
     "(a) shall be increased by thirty-five percent (35%), and the result rounded up to the next "
     "multiple of 50 gallons.",
     "Tanks", "tank.dwelling.7-3", {"bedrooms": 4, "garbage_disposal": True}, 2050.0),
    # 1,500 x 1.35 = 2,025, rounded up to 2,050
    ("percent_increase_after_the_increase_per_bedroom",
     "5.2.1 The septic tank serving a dwelling of three (3) or fewer bedrooms shall have a "
     "liquid capacity of not less than one thousand two hundred fifty (1,250) gallons.\n"
     "5.2.2 For a dwelling of more than three (3) bedrooms, the required capacity shall be "
     "increased by four hundred (400) gallons for each bedroom over three (3).\n"
     "5.2.3 Where a garbage disposal is installed, the capacity required by Sections 5.2.1 and "
     "5.2.2 shall be increased by forty (40) percent.",
     "Septic tank capacity", "tank.dwelling.7-3", {"bedrooms": 4, "garbage_disposal": True},
     2310.0),  # (1,250 + 400) x 1.4
    ("table_row_past_the_last_wrapped_onto_the_next_line", _MARGIN_TABLE, "Septic tanks",
     "tank.table.7-3", {"bedrooms": 6, "garbage_disposal": False}, 2250.0),  # 1,600 + 2 x 325
    ("percent_increase_of_a_table", _MARGIN_TABLE, "Septic tanks", "tank.table.7-3",
     {"bedrooms": 4, "garbage_disposal": True}, 2240.0),  # 1,600 x 1.4
    ("multiplied_by_a_factor_in_words_and_figures",
     _MARGIN_TABLE.replace("increased by 40 percent", "multiplied by one and one-half (1.5)"),
     "Septic tanks", "tank.table.7-3", {"bedrooms": 4, "garbage_disposal": True}, 2400.0),
    # 1,600 x 1.5
    ("past_the_table_a_step_and_the_other_column_a_percent_more", _PAST_TABLE, "Septic tanks",
     "tank.table.7-3", {"bedrooms": 7, "garbage_disposal": False}, 2450.0),  # 2,100 + 350
    ("past_the_table_the_other_column_a_percent_more", _PAST_TABLE, "Septic tanks",
     "tank.table.7-3", {"bedrooms": 7, "garbage_disposal": True}, 3675.0),  # 2,450 x 1.5
    ("base_and_step_in_subsections_with_run_in_headings",
     "(A) Small dwellings. A dwelling of three (3) or fewer bedrooms shall have a septic tank "
     "of not less than one thousand one hundred (1,100) gallons.\n(B) Larger dwellings. For a "
     "dwelling of more than three (3) bedrooms, the capacity required by subsection A shall be "
     "increased by three hundred (300) gallons for each bedroom over three.",
     "Septic tank capacity", "tank.dwelling.7-3", {"bedrooms": 5}, 1700.0),  # 1,100 + 2 x 300
    ("the_total_column_beside_a_parts", _PARTS_TABLE, "Septic tanks", "tank.table.7-3",
     {"bedrooms": 3, "garbage_disposal": False}, 1300.0),
    ("the_total_column_past_its_last_row", _PARTS_TABLE, "Septic tanks", "tank.table.7-3",
     {"bedrooms": 6, "garbage_disposal": False}, 2100.0),  # 1,550 + 2 x 275
    ("the_total_column_a_percent_more", _PARTS_TABLE, "Septic tanks", "tank.table.7-3",
     {"bedrooms": 4, "garbage_disposal": True}, 2325.0),  # 1,550 x 1.5
    ("a_factor_times_the_capacity",
     "(a) A septic tank for a dwelling of three or fewer bedrooms shall be not less than 1,000 "
     "gallons, plus 300 gallons for each bedroom over three.\n(b) Where a garbage disposal is "
     "installed, the capacity shall be two times the capacity required by subsection (a).",
     "Tanks", "tank.dwelling.7-3", {"bedrooms": 4, "garbage_disposal": True}, 2600.0),
    # (1,000 + 300) x 2
    ("holding_tank_one_figure",
     "(c) For a home, the holding tank shall hold at least 1,800 gallons.",
     "Holding tanks", "holding_tank.dwelling.7-3", {}, 1800.0),
    ("escrow_share_of_the_bid_above_its_floor",
     "(e) In winter the buyer shall deposit an escrow of $5,000 or 120 percent of the "
     "contractor's bid, whichever is greater.", "Transfers", "escrow.share.7-3",
     {"bid_usd": 6000}, 7200.0),  # 1.2 x 6,000 = 7,200 > 5,000
    ("escrow_floor_above_the_share",
     "(e) In winter the buyer shall deposit an escrow of $5,000 or 120 percent of the "
     "contractor's bid, whichever is greater.", "Transfers", "escrow.share.7-3",
     {"bid_usd": 3000}, 5000.0),  # 1.2 x 3,000 = 3,600 < 5,000
    ("bond_share_of_the_cost",
     "(f) The permit holder shall post a bond equal to 150 percent of the estimated cost of the "
     "work.", "Bonds", "bond.share.7-3", {"cost_usd": 8000}, 12000.0),
    ("per_bedroom_plus_the_dwelling_with_the_floor_in_the_next_sentence",
     "(a) The design flow for a dwelling shall be one hundred thirty (130) gallons per day for "
     "each bedroom, plus one hundred (100) gallons per day for the dwelling. The design flow for "
     "a dwelling shall not be less than three hundred sixty (360) gallons per day.",
     "Design flow", "flow.dwelling.7-3", {"bedrooms": 4}, 620.0),  # 130 x 4 + 100
    ("the_floor_in_the_next_sentence_holds",
     "(a) The design flow for a dwelling shall be one hundred thirty (130) gallons per day for "
     "each bedroom, plus one hundred (100) gallons per day for the dwelling. The design flow for "
     "a dwelling shall not be less than three hundred sixty (360) gallons per day.",
     "Design flow", "flow.dwelling.7-3", {"bedrooms": 1}, 360.0),  # 230 < 360
    ("fee_tripled_before_the_permit",
     "(b) Where work is begun before the permit is issued, the permit fee shall be tripled.",
     "Fees", "fee.share.7-3", {"permit_fee_usd": 400}, 1200.0),
    ("fee_times_in_words",
     "4.4.2 Where work is begun before a permit is issued, the permit fee shall be three (3) "
     "times the fee otherwise due.", "Fees", "fee.share.7-3", {"permit_fee_usd": 350}, 1050.0),
    ("fee_as_a_percent_of_another",
     "(b) A person who begins work before the permit is issued shall pay, in addition to the "
     "permit fee, an investigation fee equal to 50 percent of the permit fee.",
     "Fees", "fee.share.7-3", {"permit_fee_usd": 350}, 175.0),
    ("percent_increase",
     "(a) The design flow for a dwelling is 150 gallons per day per bedroom.\n(b) If a garbage "
     "disposal is installed, the design flow shall be increased by 50 percent.",
     "Flow", "flow.dwelling.7-3", {"bedrooms": 3, "garbage_disposal": True}, 675.0),  # 450 x 1.5
    ("linear_each_bedroom_first_then_increased_by",
     "Every septic tank system serving a dwelling shall have a total liquid capacity of not less "
     "than one thousand one hundred (1,100) gallons for a dwelling of three or fewer bedrooms. For "
     "each bedroom over three, the required capacity shall be increased by three hundred (300) "
     "gallons.", "Septic tank sizing", "tank.dwelling.7-3", {"bedrooms": 6}, 2000.0),  # 1,100 + 3 x 300
]  # fmt: skip


def test_a_dollar_figure_is_shown_as_dollars_in_the_steps() -> None:
    text = "(e) The escrow is $5,000 or 120 percent of the bid, whichever is greater."
    result = _run(extract_rules([_section(text, "Transfers")]), "escrow.share.7-3", bid_usd=1000)
    assert "the greater of $5,000 and $1,200" in result.steps[-1], result.steps


def test_money_held_under_two_names_is_asked_for_by_either() -> None:
    text = (
        "(c) In winter the transfer may proceed if the buyer deposits financial assurance with the "
        "county, in cash or by an escrow agreement, in an amount equal to 120 percent of a "
        "licensed installer's written estimate."
    )
    (rule,) = extract_rules([_section(text, "Transfers")])
    assert {"escrow", "financial assurance"} <= set(rule.terms)
    assert rule.asks == "escrow to hold for an estimate"
    assert _run([rule], rule.id, estimate_usd=10000).value == 12000.0


UNCERTAIN = [
    ("a_figure_for_large_dwellings_only_without_the_smaller_ones",
     "(c) For a dwelling of more than six bedrooms, the septic tank capacity is 2,300 gallons "
     "plus 300 gallons for each bedroom over six."),
    ("thresholds_disagree",
     "(a) The design flow is 450 gallons per day for three or fewer bedrooms, plus 150 gallons "
     "per day for each bedroom over four."),
    ("words_and_figure_disagree",
     "(b) A holding tank shall hold at least four hundred (500) gallons per bedroom, and never "
     "under 1,000 gallons."),
    ("two_floors",
     "(b) A holding tank shall hold at least 400 gallons per bedroom, not less than 1,000 "
     "gallons, and never under 1,500 gallons."),
    ("no_subject",
     "(c) The applicant shall pay 150 gallons per bedroom of water to the fund, never under 300 "
     "gallons."),
    ("installed_to_a_state_rule_is_not_its_size",
     "(e) Septic tanks shall be installed as required by Minnesota Rules, part 7080.2000."),
    ("holding_tank_two_figures",
     "(c) A holding tank shall hold at least 1,000 gallons, or 1,500 gallons where it is "
     "pumped by the city."),
    ("escrow_with_two_shares",
     "(e) The escrow is 110 percent of the bid, or 125 percent of the bid for a mound."),
    ("a_fee_that_grows_with_time",
     "(b) The late fee is 10 percent of the permit fee per month."),
    ("two_fee_shares",
     "(b) Work begun early is charged double the permit fee; a second offense, three times "
     "the permit fee."),
    ("escrow_floor_without_whichever",
     "(e) The escrow is $2,000 and 110 percent of the bid."),
    ("two_bases",
     "(d) A tank for two or fewer bedrooms holds 800 gallons or 900 gallons, plus 200 gallons "
     "for each bedroom over two."),
]  # fmt: skip


@pytest.mark.parametrize("text", [u[1] for u in UNCERTAIN], ids=[u[0] for u in UNCERTAIN])
def test_uncertain_text_gives_no_rule(text: str) -> None:
    assert extract_rules([_section(text, "Standards")]) == []


def test_a_modifier_is_not_applied_to_a_table_with_a_column_for_its_condition() -> None:
    text = (
        "(a) The septic tank serving a dwelling shall have the capacity in Table 5.\n"
        "TABLE 5. TANK CAPACITY (GALLONS)\n"
        "Bedrooms      Standard      With garbage disposal\n"
        "3 or fewer    1,000         1,500\n"
        "4             1,250         1,875\n"
        "5             1,500         2,250\n"
        "(b) For more than five bedrooms, add 250 gallons for each bedroom over five; where the "
        "dwelling has a garbage disposal, that capacity shall be multiplied by one and one-half "
        "(1.5)."
    )
    rules = extract_rules([_section(text, "Septic tanks")], text)
    result = _run(rules, "tank.table.7-3", bedrooms=4, garbage_disposal=True)
    assert result.value == 1875  # the column's figure, not 1.5 times it


def test_a_modifier_whose_target_is_not_one_rule_is_dropped() -> None:
    text = (
        "(a) A septic tank for a home of two or fewer bedrooms holds 1,000 gallons, plus 300 "
        "gallons for each bedroom over two.\n(b) A holding tank shall hold at least 500 gallons "
        "per bedroom.\n(c) Where a garbage disposal is installed, the capacity shall be increased "
        "by 20 percent."
    )
    rules = extract_rules([_section(text, "Tanks")])
    assert rules and all(r.input("garbage_disposal") is None for r in rules)


@pytest.mark.parametrize(
    ("second", "label"),
    [
        (", or where sewage is delivered to the septic tank by a lift station or ejector pump,",
         "garbage disposal; lift station or ejector pump (yes/no)"),
        (", or where a sewage pump or lift station discharges to the septic tank,",
         "garbage disposal; sewage pump or lift station (yes/no)"),
        (", or if the plumbing for one is roughed in,", "garbage disposal (yes/no)"),
    ],
    ids=["by-a-thing", "a-thing-that-acts", "no-second-thing"],
)  # fmt: skip
def test_a_modifier_names_every_case_of_its_condition(second: str, label: str) -> None:
    text = (
        "(a) A septic tank for a home of three or fewer bedrooms holds 1,000 gallons, plus 250 "
        f"gallons for each bedroom over three.\n(b) Where a garbage disposal is installed{second} "
        "the capacity required by paragraph (a) shall be increased by forty (40) percent."
    )
    rules = extract_rules([_section(text, "Septic tanks")], text)
    (rule,) = [r for r in rules if r.topic == "tank"]
    flag = rule.input("garbage_disposal")
    assert flag is not None and flag.label == label
    assert _run(rules, rule.id, bedrooms=4, garbage_disposal=True).value == 1750  # 1,250 x 1.4


_PUMPED_TO_THE_TANK = (
    "(a) The septic tank serving a dwelling shall hold not less than 1,100 gallons for two or "
    "fewer bedrooms, plus 275 gallons for each bedroom over two.\n"
    "(b) Where a garbage disposal is installed in the dwelling, the capacity required by "
    "subsection (a) shall be increased by four hundred fifty (450) gallons.\n"
    "(c) Where sewage is pumped from the dwelling to the septic tank by a lift station, ejector "
    "or grinder pump, the capacity required by subsections (a) and (b) together shall be "
    "increased by twenty percent (20%)."
)


@pytest.mark.parametrize(
    ("inputs", "gallons"),
    [
        pytest.param({"bedrooms": 4}, 1650.0, id="neither"),
        pytest.param({"bedrooms": 4, "garbage_disposal": True}, 2100.0, id="disposal"),
        pytest.param(
            {"bedrooms": 4, "garbage_disposal": True, "lift_station": True}, 2520.0, id="both"
        ),
    ],
)
def test_sewage_pumped_to_the_tank_by_a_lift_station_raises_the_capacity(inputs, gallons) -> None:
    rules = extract_rules([_section(_PUMPED_TO_THE_TANK, "Septic tanks")], _PUMPED_TO_THE_TANK)
    (rule,) = [r for r in rules if r.topic == "tank"]
    flag = rule.input("lift_station")
    assert flag is not None and flag.label == "lift station; ejector; grinder pump (yes/no)"
    assert _run(rules, rule.id, **inputs).value == gallons


DATES = [
    ("permit_term", "(b) A permit is valid for eighteen (18) months from the date it is issued.",
     "Permits", "permit.date.7-3", {"issue_date": "2026-03-15"}, "2027-09-15"),
    ("permit_term_in_years", "B. Term: An installation permit shall expire two years after issuance.",
     "Permits", "permit.date.7-3", {"issue_date": "2026-01-31"}, "2028-01-31"),
    ("permit_to_a_day_of_the_next_year",
     "(c) An installation permit is valid until June 30 of the year following the year in which "
     "it was issued.", "Permits", "permit.date.7-3", {"issue_date": "2026-11-20"}, "2027-06-30"),
    ("permit_to_a_day_of_its_own_year",
     "(c) Every permit is valid until December 31 of the year in which it is issued.",
     "Permits", "permit.date.7-3", {"issue_date": "2026-02-01"}, "2026-12-31"),
    ("pumping_interval",
     "(a) Every septic tank shall be pumped at least once every 30 months by a licensed pumper.",
     "Maintenance", "pumping.date.7-3", {"last_pumping_date": "2025-06-01"}, "2027-12-01"),
]  # fmt: skip


def test_a_deadline_counted_from_a_month_is_said_as_a_month() -> None:
    """'Last pumped in June 2022' + 42 months: due by December 2025, not 'December 1, 2025'."""
    from app.quantities import extract_quantities
    from core.dates import Month

    (given,) = [q.value for q in extract_quantities("It was last pumped in June 2022.")]
    assert isinstance(given, Month)
    text = "(B) Every septic tank shall be pumped at least once every forty-two (42) months."
    rules = extract_rules([_section(text, "Maintenance")])
    result = _run(rules, "pumping.date.7-3", last_pumping_date=given)
    assert "December 2025" in result.summary and "December 1" not in result.summary


@pytest.mark.parametrize(
    ("text", "title", "rule_id", "inputs", "expected"),
    [s[1:] for s in SHAPES + DATES],
    ids=[s[0] for s in SHAPES + DATES],
)
def test_each_shape_is_read_into_a_rule_that_computes_the_printed_figure(
    text: str, title: str, rule_id: str, inputs: dict[str, Any], expected: float | str
) -> None:
    """A figure, or a date counted from the date the user gives (ISO dates in, ISO date out)."""
    from datetime import date

    section = _section(text, title)
    rules = extract_rules([section], text)  # the text as loaded: a table's fixed-width rows
    values = {k: date.fromisoformat(v) if isinstance(v, str) else v for k, v in inputs.items()}
    result = _run(rules, rule_id, **values)
    got = result.value_text if isinstance(expected, str) else result.value
    assert got == expected, result.steps
    rule = next(r for r in rules if r.id == rule_id)
    assert rule.origin == "extracted" and rule.confidence == "medium"
    assert fold_ws(rule.quote or "") in fold_ws(section.text)
    assert all(fold_ws(c.quote) in fold_ws(section.text) for c in result.citations)
    assert "not reviewed" in result.summary


def test_a_period_extended_or_two_periods_that_differ_give_no_date_rule() -> None:
    text = (
        "(a) A permit is valid for 12 months from the date it is issued.\n(b) A permit for a "
        "holding tank is valid for 24 months from the date it is issued.\n(c) The official may "
        "extend a permit once, for not more than 6 months."
    )
    assert extract_rules([_section(text, "Permits")]) == []


def test_a_figure_left_to_a_state_rule_part_is_deferred_not_computed() -> None:
    text = (
        "(a) Septic tanks serving a dwelling shall have the liquid capacity that Minnesota Rules, "
        "part 7080.1930 requires."
    )
    (rule,) = extract_rules([_section(text, "Septic tanks")])
    result = _run([rule], rule.id)
    assert result.status == "deferred" and result.value is None
    assert "Minnesota Rules, part 7080.1930" in result.summary
    assert result.citations[0].quote == text


def test_a_deferral_is_dropped_where_the_text_gives_the_figure() -> None:
    text = (
        "(a) A dwelling's design flow is determined under Minn. R. 7080.1860.\n(b) The design "
        "flow of a dwelling is 150 gallons per day per bedroom."
    )
    rules = extract_rules([_section(text, "Design flow")])
    assert [r.id for r in rules] == ["flow.dwelling.7-3"]


_OPEN_LAST_ROW = (
    "Every septic tank shall have a liquid capacity not less than that shown in Table 12A-20.\n"
    "TABLE 12A-20. MINIMUM LIQUID CAPACITY (GALLONS)\n"
    "Bedrooms        Capacity\n"
    "2 or fewer        1,000\n"
    "3                 1,250\n"
    "4                 1,500\n"
    "5 or more         1,750\n"
    "For each bedroom over five, add two hundred fifty (250) gallons."
)


_TWO_SPELLINGS = (
    "(a) The septic tanks shall have together at least the capacity of Table 7.11.\n"
    "TABLE 7.11 - SEPTIC TANK CAPACITY, IN GALLONS\n"
    "Bedrooms              Minimum liquid capacity\n"
    "------------------    ------------------------\n"
    "1 or 2 / 1 o 2                  1,050\n"
    "3                               1,300\n"
    "4                               1,550\n"
    "(b) For a dwelling with more than four bedrooms, 275 gallons shall be added to the "
    "four-bedroom capacity for each bedroom over four.\n"
)


@pytest.mark.parametrize(
    ("text", "ref", "bedrooms", "gallons"),
    [
        pytest.param(_TWO_SPELLINGS, "7.11", 2, 1050.0, id="a-count-printed-in-two-spellings"),
        pytest.param(_TWO_SPELLINGS, "7.11", 4, 1550.0, id="the-last-row"),
        pytest.param(_TWO_SPELLINGS, "7.11", 6, 2100.0,
                     id="added-to-the-last-rows-capacity-for-each-bedroom-over"),
        pytest.param(_OPEN_LAST_ROW, "12A-20", 5, 1750.0, id="the-open-rows-first-count"),
        pytest.param(_OPEN_LAST_ROW, "12A-20", 6, 2000.0, id="one-over"),
        pytest.param(_OPEN_LAST_ROW, "12A-20", 8, 2500.0, id="three-over"),
    ],
)  # fmt: skip
def test_a_bedroom_table_reads_its_rows_and_the_step_for_each_bedroom_past_its_last(
    text: str, ref: str, bedrooms: int, gallons: float
) -> None:
    section = _section(text, "Septic tank capacity", ref).model_copy(update={"char_end": len(text)})
    rules = extract_rules([section], text)
    assert _run(rules, f"tank.table.{ref.lower()}", bedrooms=bedrooms).value == gallons


def test_a_fixed_width_table_is_read_by_its_columns_and_beyond_its_last_row() -> None:
    from ingest import load_manifest, parse_document

    ((entry, source),) = load_manifest(DATA / "manifest.yaml")
    doc = parse_document(entry, source)
    rules = {r.id: r for r in doc.rules}
    assert rules["tank.table.12-3"].origin == "extracted"
    rows = [
        ({"bedrooms": 3}, 1000.0),
        ({"bedrooms": 4, "food_grinder": True}, 1875.0),
        ({"bedrooms": 6, "food_grinder": True}, 2250.0),
        ({"bedrooms": 8, "food_grinder": True}, 2850.0),  # 2,250 + 2 x 300
        ({"bedrooms": 3, "walkout_basement": True}, 1250.0),  # counted as 4 bedrooms
        ({"bedrooms": 7}, 1700.0),  # 1,500 + 200
    ]
    for inputs, expected in rows:
        result = _run(list(doc.rules), "tank.table.12-3", **inputs)
        assert result.value == expected, (inputs, result.steps)
    flow = _run(list(doc.rules), "flow.dwelling.12-2", bedrooms=4, garbage_disposal=True)
    assert flow.value == 756.0  # (300 + 2 x 120) x 1.4
    other = _run(list(doc.rules), "holding_tank.other.12-4", daily_flow_gpd=150)
    assert other.value == 2000.0  # 10 x 150 = 1,500 < 2,000


HEADERS = [
    ("with_and_without", ("Without", "With"), 1),
    ("not_with_or_no_phrases", ("Type A", "Type B"), 0),
]


@pytest.mark.parametrize(("heads", "count"), [h[1:] for h in HEADERS], ids=[h[0] for h in HEADERS])
def test_a_table_is_read_only_where_its_headers_name_the_columns(
    heads: tuple[str, str], count: int
) -> None:
    raw = (
        "(a) Every septic tank shall hold the capacity in this table.\n\n"
        "        SEPTIC TANK SIZES (GALLONS)\n\n"
        f"  Bedrooms      {heads[0]:<12}{heads[1]}\n"
        "                Grinder     Grinder\n"
        "  1 to 3         1,000       1,500\n"
        "  4              1,250       1,875\n"
        "  5 or 6         1,500       2,250\n"
    )
    section = _section(raw, "Septic tanks").model_copy(update={"char_end": len(raw)})
    rules = extract_rules([section], raw)
    assert len(rules) == count
    if count:
        assert _run(rules, rules[0].id, bedrooms=4, grinder=True).value == 1875.0


def test_extracted_rules_are_stored_with_the_document_and_replaced_on_re_ingest(
    tmp_path: Path,
) -> None:
    from ingest import load_manifest, parse_document
    from ingest.store import load_documents, save_documents

    ((entry, source),) = load_manifest(DATA / "manifest.yaml")
    doc = parse_document(entry, source)
    save_documents(tmp_path, [doc])
    (stored,) = load_documents(tmp_path)
    assert stored.rules == doc.rules and stored.rules
    save_documents(tmp_path, [doc.model_copy(update={"rules": []})])
    assert load_documents(tmp_path)[0].rules == []


def test_curated_rules_always_win_over_extracted_ones() -> None:
    from tools import base

    calls: list[str] = []

    def provider(key: str) -> None:
        calls.append(key)

    base.use_extracted(provider)
    try:
        assert base.extracted_city("hugo") is None and calls == []
        assert base.extracted_city("maple-hollow") is None and calls == ["maple-hollow"]
    finally:
        base.use_extracted(None)


# (id, feature, component, feet): Sec. 12-7 of the Maple Hollow file, read by hand
SETBACKS = [
    ("sentence_tank_property_line", "property_line", "tank", 10.0),
    ("sentence_second_item", "building", "tank", 15.0),
    ("list_area_well", "well", "soil_treatment_area", 75.0),
    ("list_area_dwelling", "building", "soil_treatment_area", 20.0),
    ("list_lot_line_is_the_property_line", "property_line", "soil_treatment_area", 10.0),
]


@pytest.mark.parametrize(
    ("feature", "component", "feet"), [s[1:] for s in SETBACKS], ids=[s[0] for s in SETBACKS]
)
def test_setback_sentences_and_lists_are_read_by_feature_and_part(
    feature: str, component: str, feet: float
) -> None:
    from ingest import load_manifest, parse_document

    ((entry, source),) = load_manifest(DATA / "manifest.yaml")
    doc = parse_document(entry, source)
    result = _run(list(doc.rules), "setback.table.12-7", feature=feature, component=component)
    assert result.value == feet, result.steps
    assert "not reviewed" in result.summary
    section = next(s for s in doc.sections if s.section == "12-7")
    assert all(fold_ws(c.quote) in fold_ws(section.text) for c in result.citations)


def test_a_setback_the_text_gives_for_one_part_only_is_not_given_for_the_other() -> None:
    from ingest import load_manifest, parse_document

    ((entry, source),) = load_manifest(DATA / "manifest.yaml")
    doc = parse_document(entry, source)
    result = _run(list(doc.rules), "setback.table.12-7", feature="well", component="tank")
    assert result.value is None and result.status == "not_in_corpus"
    assert any("Minnesota Rules, chapter 7080" in n for n in result.not_covered)


def test_a_feature_the_section_does_not_list_is_left_to_the_state_rule_it_names() -> None:
    from ingest import load_manifest, parse_document

    ((entry, source),) = load_manifest(DATA / "manifest.yaml")
    doc = parse_document(entry, source)
    result = _run(list(doc.rules), "setback.table.12-7", feature="water_pipe", component="tank")
    assert result.status == "deferred" and result.value is None
    assert "Minnesota Rules, chapter 7080" in result.summary
    assert "features not named in this section" in result.citations[-1].quote


SETBACK_TABLE = (
    "(a) Each tank and absorption field shall meet the distances of this table.\n\n"
    "            REQUIRED SEPARATION DISTANCES (FEET)\n\n"
    "  Feature                        Tank      Absorption\n"
    "                                            Field\n"
    "  ---------------------------    ------    ----------\n"
    "  Lot line                         8          12\n"
    "  Drinking water well             60         120\n"
    "  Wetland edge                    30          60\n"
)
DASHED_SETBACKS = (
    "(a) Each tank and mound shall meet the distances of Table 4.\n\n"
    "            TABLE 4. SETBACKS, IN FEET\n"
    "  Feature                          Tank        Mound\n"
    "  Drinking water well                70          140\n"
    "  Top of a bluff                     --           35\n"
    "  Lot line                           9           N/A\n"
    "  Pressurized water line             11          11\n"
    "  Water service line under pressure  11          11\n"
)
HYPHENATED_SETBACKS = (
    "(a) Each tank and soil treatment area shall meet the distances of Table 9.\n\n"
    "        TABLE 9. SETBACK DISTANCES\n"
    "        (FEET, MEASURED HORIZONTALLY)\n"
    "  Feature                          Tank       Soil Treat-\n"
    "                                              ment Area\n"
    "  ------------------------------   ------     -----------\n"
    "  Private well, casing depth\n"
    "    50 feet or more                  65          115\n"
    "  Private well, casing depth\n"
    "    less than 50 feet                85          135\n"
    "  Lot line                           7           11\n"
)
NUMBERED_ITEMS = (
    "(A) Every tank and soil treatment area shall be set back not less than the following "
    "horizontal distances:\n"
    "(1) From a water supply well: seventy (70) feet for a septic or holding tank, and "
    "ninety-five (95) feet for a soil treatment area;\n"
    "(2) From the OHWL of Teal Lake: one hundred\n"
    "fifteen (115) feet;\n"
    "(3) From the OHWL of Fern Creek: one hundred twenty-five (125) feet;\n"
    "(4) From a property line: fifteen (15) feet; and\n"
    "(5) From a buried water supply pipe: ten (10) feet.\n"
)
UNINDENTED_HEADER = (  # a PDF's text: the header's second and third lines begin at the margin
    "(a) Every tank and soil treatment area shall be located as Table 304 requires.\n"
    "TABLE 304. MINIMUM SETBACKS (FEET)\n"
    "Feature                         Sewage tank   Soil trtmt.\n"
    "or holding    area, privy\n"
    "tank\n"
    "Property line                        15            20\n"
    "Private water supply well            60           120\n"
    "Top of bluff                         30            30\n"
    "OHWL, Natural Environment lake      175           175\n"
    "OHWL, Recreational Dev. lake        110           110\n"
)
TWO_LANGUAGE_SETBACKS = (
    "(a) Every tank and soil treatment area shall be set back as Table 6 shows.\n"
    "TABLE 6 - MINIMUM SETBACKS, IN FEET\n"
    "TABLA 6 - DISTANCIAS MINIMAS, EN PIES\n"
    "Feature                     Elemento                        Tank     Soil treatment area\n"
    "                                                            Tanque   Area de tratamiento\n"
    "--------------------------  ------------------------------  ------   -------------------\n"
    "Property line               Lindero de la propiedad            14                    16\n"
    "Private water well          Pozo de agua privado               55                   105\n"
    "Public water supply well    Pozo de abastecimiento publico    130                   160\n"
    "Top of bluff                Borde superior del risco           30                    45\n"
)
NOTE_ROW_SETBACKS = (
    "A. Tanks and soil treatment areas shall meet the setbacks in Table 5.\n"
    "TABLE 5. MINIMUM SETBACKS (FEET)\n"
    "      Feature                          Sewage tank    Soil treatment\n"
    "area\n"
    "      Private water supply well            45              95\n"
    "      Public water supply well          See Note 1     See Note 1\n"
    "      General development lake              65             65\n"
    "      Property line                         10             12\n"
    "Note 1: As required by Minnesota Rules chapter 4725.\n"
)
TABLE_CELLS = [
    ("a_row_sent_to_a_note_leaves_the_table_whole", "NOTE_ROW_SETBACKS", "well", "tank", 45.0),
    (
        "a_head_wrapped_onto_an_unindented_line_names_the_area",
        "NOTE_ROW_SETBACKS",
        "lake_general_development",
        "soil_treatment_area",
        65.0,
    ),
    (
        "header_lines_that_lost_their_indent_name_the_tank",
        "UNINDENTED_HEADER",
        "well",
        "tank",
        60.0,
    ),
    (
        "header_lines_that_lost_their_indent_name_the_area",
        "UNINDENTED_HEADER",
        "well",
        "soil_treatment_area",
        120.0,
    ),
    (
        "a_class_name_cut_short_is_the_class",
        "UNINDENTED_HEADER",
        "lake_recreational_development",
        "tank",
        110.0,
    ),
    (
        "a_head_set_left_over_right_set_figures_is_its_ruled_column",
        "TWO_LANGUAGE_SETBACKS",
        "property_line",
        "soil_treatment_area",
        16.0,
    ),
    (
        "a_second_label_column_does_not_name_the_feature",
        "TWO_LANGUAGE_SETBACKS",
        "well",
        "tank",
        55.0,
    ),
    (
        "a_second_label_column_keeps_public_wells_apart",
        "TWO_LANGUAGE_SETBACKS",
        "public_well",
        "soil_treatment_area",
        160.0,
    ),
    ("numbered_item_figure_for_the_tank", "NUMBERED_ITEMS", "well", "tank", 70.0),
    ("numbered_item_figure_for_the_area", "NUMBERED_ITEMS", "well", "soil_treatment_area", 95.0),
    ("numbered_item_broken_over_two_lines", "NUMBERED_ITEMS", "teal_lake", "tank", 115.0),
    (
        "numbered_item_a_creek_by_its_name",
        "NUMBERED_ITEMS",
        "fern_creek",
        "soil_treatment_area",
        125.0,
    ),
    ("numbered_item_for_both_parts", "NUMBERED_ITEMS", "property_line", "tank", 15.0),
    (
        "a_head_hyphenated_over_two_lines",
        "HYPHENATED_SETBACKS",
        "property_line",
        "soil_treatment_area",
        11.0,
    ),
    ("a_first_label_over_two_lines_under_the_rule", "HYPHENATED_SETBACKS", "well", "tank", 65.0),
    ("a_dash_cell_leaves_the_row_whole", "DASHED_SETBACKS", "well", "soil_treatment_area", 140.0),
    ("a_row_with_a_dash_keeps_its_figure", "DASHED_SETBACKS", "bluff", "soil_treatment_area", 35.0),
    ("a_row_with_n_a_keeps_its_figure", "DASHED_SETBACKS", "property_line", "tank", 9.0),
    ("a_pressurized_line_is_a_water_pipe", "DASHED_SETBACKS", "water_pipe", "tank", 11.0),
    ("tank_column", "SETBACK_TABLE", "well", "tank", 60.0),
    ("area_column", "SETBACK_TABLE", "well", "soil_treatment_area", 120.0),
    ("lot_line", "SETBACK_TABLE", "property_line", "soil_treatment_area", 12.0),
    ("own_feature_word", "SETBACK_TABLE", "wetland", "tank", 30.0),
    ("label_over_two_lines_named", "WRAPPED_SETBACKS", "heron_lake", "soil_treatment_area", 150.0),
    ("all_other_keeps_the_shared_key", "WRAPPED_SETBACKS", "water", "tank", 75.0),
    ("head_noun_of_the_feature", "WRAPPED_SETBACKS", "pool", "tank", 20.0),
    ("first_of_or_other", "WRAPPED_SETBACKS", "sinkhole", "soil_treatment_area", 100.0),
    ("first_label_line_with_a_figure", "WRAPPED_SETBACKS", "cistern", "tank", 25.0),
]


@pytest.mark.parametrize(
    ("table", "feature", "component", "feet"),
    [c[1:] for c in TABLE_CELLS],
    ids=[c[0] for c in TABLE_CELLS],
)
def test_a_fixed_width_setback_table_in_feet_is_read_by_its_columns_and_rows(
    table: str, feature: str, component: str, feet: float
) -> None:
    text = {
        "SETBACK_TABLE": SETBACK_TABLE,
        "WRAPPED_SETBACKS": WRAPPED_SETBACKS,
        "DASHED_SETBACKS": DASHED_SETBACKS,
        "HYPHENATED_SETBACKS": HYPHENATED_SETBACKS,
        "NUMBERED_ITEMS": NUMBERED_ITEMS,
        "TWO_LANGUAGE_SETBACKS": TWO_LANGUAGE_SETBACKS,
        "UNINDENTED_HEADER": UNINDENTED_HEADER,
        "NOTE_ROW_SETBACKS": NOTE_ROW_SETBACKS,
    }[table]
    section = _section(text, "Setbacks").model_copy(update={"char_end": len(text)})
    (rule,) = extract_rules([section], text)
    assert rule.topic == "setback" and rule.origin == "extracted" and rule.unit == "ft"
    assert _run([rule], rule.id, feature=feature, component=component).value == feet


NOT_SETBACKS = [
    ("a_greatest_distance",
     "(d) A holding tank shall be not more than one hundred (100) feet from a driveway.",
     "Holding tanks"),
    ("a_pipe_length_outside_a_setback_section",
     "(d) The inlet pipe shall extend at least two feet (2') from the tank wall.", "Tanks"),
    ("a_figure_that_reads_two_ways",
     "(a) A septic tank shall be located at least ten feet (12') from a property line.",
     "Setbacks"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "title"), [n[1:] for n in NOT_SETBACKS], ids=[n[0] for n in NOT_SETBACKS]
)
def test_a_distance_that_is_not_a_setback_or_reads_two_ways_gives_no_setback_rule(
    text: str, title: str
) -> None:
    assert [r for r in extract_rules([_section(text, title)]) if r.topic == "setback"] == []


def test_a_day_of_the_year_is_counted_only_in_whole_years() -> None:
    from pydantic import ValidationError

    from tools.formulas import Const, DateArithmetic

    amount = Const(kind="const", value=1, unit="months")
    with pytest.raises(ValidationError, match="'on' counts whole years"):
        DateArithmetic(kind="date_arithmetic", start="issue_date", amount=amount, unit="months",
                       on="12-31")  # fmt: skip


HIGHER_COUNT = (
    "(a) The design flow of a home is 300 gallons per day for two or fewer bedrooms, plus 100 "
    "gallons per day for each bedroom over two.\n(b) A design shall use the bedroom count "
    "stated in the application or counted by the building official, whichever is greater."
)
COUNTS = [
    ("application_only", {"bedrooms": 4}, 500.0),  # 300 + 2 x 100
    ("official_counted_more", {"bedrooms": 4, "bedrooms_found": 5}, 600.0),  # 5 bedrooms
    ("application_higher", {"bedrooms": 5, "bedrooms_found": 3}, 600.0),  # 5 bedrooms
]


@pytest.mark.parametrize(("inputs", "gpd"), [c[1:] for c in COUNTS], ids=[c[0] for c in COUNTS])
def test_the_higher_of_two_bedroom_counts_is_designed_for(
    inputs: dict[str, int], gpd: float
) -> None:
    rules = extract_rules([_section(HIGHER_COUNT, "Design flow")])
    result = _run(rules, "flow.dwelling.7-3", **inputs)
    assert result.value == gpd, result.steps
    if "bedrooms_found" in inputs:
        assert any("whichever is greater" in c.quote for c in result.citations)


VARIANT_TABLE = (
    "(b) Septic tanks shall have at least the capacity in the table. The second column applies\n"
    "where a food grinder is installed; the third where sewage is pumped to the tank.\n\n"
    "            MINIMUM TANK CAPACITY (GALLONS)\n\n"
    "  Bedrooms        Standard     Food grinder     Pump to tank\n"
    "  ------------------------------------------------------------\n"
    "  2 or fewer        1,050          1,550            2,050\n"
    "  3                 1,250          1,900            2,450\n"
    "  4                 1,550          2,350            2,950\n"
    "  Each additional bedroom\n"
    "    over 4           +300           +450             +500\n"
)
# (id, inputs, gallons): worked by hand from VARIANT_TABLE
VARIANT_CELLS = [
    ("plain_column", {"bedrooms": 3}, 1250.0),
    ("named_column", {"bedrooms": 4, "food_grinder": True}, 2350.0),
    ("beyond_the_last_row_with_a_plus_sign", {"bedrooms": 6, "food_grinder": True}, 3250.0),
    ("both_named_the_larger_column", {"bedrooms": 2, "food_grinder": True, "pump_to_tank": True},
     2050.0),
]  # fmt: skip


@pytest.mark.parametrize(
    ("inputs", "gallons"), [c[1:] for c in VARIANT_CELLS], ids=[c[0] for c in VARIANT_CELLS]
)
def test_a_table_of_a_standard_column_and_variant_columns_is_read_by_what_each_names(
    inputs: dict[str, Any], gallons: float
) -> None:
    section = _section(VARIANT_TABLE, "Septic tanks").model_copy(
        update={"char_end": len(VARIANT_TABLE)}
    )
    (rule,) = extract_rules([section], VARIANT_TABLE)
    assert {i.name for i in rule.inputs} == {"bedrooms", "food_grinder", "pump_to_tank"}
    assert _run([rule], rule.id, **inputs).value == gallons


WITHOUT_OR_TABLE = (
    "(a) Capacity. Septic tanks shall have the capacity in Table 9-A.\n"
    "TABLE 9-A MINIMUM LIQUID CAPACITY OF SEPTIC TANKS (IN GALLONS)\n"
    "  Number of       Without garbage     With garbage disposal\n"
    "  bedrooms        disposal            or lift station\n"
    "  1 or 2            1,000               1,500\n"
    "  3                 1,250               1,850\n"
    "  4                 1,500               2,250\n"
)
WITHOUT_OR_CELLS = [  # (id, inputs, gallons) read off WITHOUT_OR_TABLE
    ("neither_the_without_column", {"bedrooms": 3}, 1250.0),
    ("the_first_thing_named", {"bedrooms": 3, "garbage_disposal": True}, 1850.0),
    ("the_thing_after_or", {"bedrooms": 4, "lift_station": True}, 2250.0),
]


@pytest.mark.parametrize(
    ("inputs", "gallons"), [c[1:] for c in WITHOUT_OR_CELLS], ids=[c[0] for c in WITHOUT_OR_CELLS]
)
def test_a_column_without_a_thing_beside_one_with_it_or_another_is_the_plain_case(
    inputs: dict[str, Any], gallons: float
) -> None:
    text = WITHOUT_OR_TABLE
    section = _section(text, "Septic tanks").model_copy(update={"char_end": len(text)})
    (rule,) = [r for r in extract_rules([section], text) if r.topic == "tank"]
    assert {i.name for i in rule.inputs} == {"bedrooms", "garbage_disposal", "lift_station"}
    assert _run([rule], rule.id, **inputs).value == gallons


def test_a_rule_spanning_the_columns_under_a_shared_header_heads_no_column() -> None:
    text = (
        "A. Every septic tank shall have the liquid capacity shown in Table 5.2.\n"
        "TABLE 5.2  SEPTIC TANK CAPACITY\n"
        "                         Minimum liquid capacity, gallons\n"
        "   Number of        ---------------------------------------------\n"
        "   bedrooms         Without garbage         With garbage\n"
        "                    disposal                disposal\n"
        "   ------------     ---------------         -------------\n"
        "   1 or 2                1,100                   1,600\n"
        "   3                     1,300                   1,900\n"
        "   4                     1,600                   2,350\n"
        "   Each bedroom\n"
        "   over 4, add             300                     450\n"
    )
    section = _section(text, "Septic tank capacity").model_copy(update={"char_end": len(text)})
    (rule,) = [r for r in extract_rules([section], text) if r.topic == "tank"]
    assert _run([rule], rule.id, bedrooms=3).value == 1300.0
    assert _run([rule], rule.id, bedrooms=6, garbage_disposal=True).value == 3250.0


def test_a_plain_column_headed_with_what_it_sizes_is_the_plain_case() -> None:
    text = (
        "Subd. 4. Septic tanks shall hold the capacity in the table.\n\n"
        "          MINIMUM LIQUID CAPACITY OF SEPTIC TANKS\n"
        "                      (U.S. gallons)\n\n"
        "  Number of         Standard          With garbage disposal\n"
        "  bedrooms          dwelling          or lift station\n"
        "  ------------      ----------        ---------------------\n"
        "  1 or 2               1,100                 1,650\n"
        "  3                    1,300                 1,950\n"
        "  4                    1,600                 2,400\n"
        "  Each bedroom\n"
        "    over 4, add          300                   450\n"
    )
    section = _section(text, "Septic tank capacity").model_copy(update={"char_end": len(text)})
    (rule,) = extract_rules([section], text)
    assert _run([rule], rule.id, bedrooms=6).value == 2200.0  # 1,600 + 2 x 300
    assert _run([rule], rule.id, bedrooms=3, lift_station=True).value == 1950.0


CAPTIONED_TABLE = (
    "(a) The septic tanks serving a dwelling shall together have not less than the capacity\n"
    "given in Table 6.10. The lift station columns apply where sewage is pumped to the tank.\n"
    "TABLE 6.10\n"
    "MINIMUM SEPTIC TANK LIQUID CAPACITY, IN GALLONS\n"
    "Bedrooms         Standard    Garbage disposal    Garbage disposal\n"
    "                             or lift station     and lift station\n"
    "---------------  ----------  ------------------  ------------------\n"
    "1 or 2              1,000          1,500               1,750\n"
    "3                   1,250          1,850               2,200\n"
    "4                   1,500          2,200               2,650\n"
    "Each bedroom\n"
    "over 4, add           250            350                 450\n"
    "(b) Compartments. The required capacity shall be in two or more compartments.\n"
)
# (id, inputs, gallons): worked by hand from CAPTIONED_TABLE
CAPTIONED_CELLS = [
    ("plain", {"bedrooms": 3}, 1250.0),
    ("either_thing_named", {"bedrooms": 3, "lift_station": True}, 1850.0),
    ("both_things_named", {"bedrooms": 4, "lift_station": True, "garbage_disposal": True}, 2650.0),
    ("beyond_the_last_row", {"bedrooms": 5, "garbage_disposal": True}, 2550.0),
]  # fmt: skip


@pytest.mark.parametrize(
    ("inputs", "gallons"), [c[1:] for c in CAPTIONED_CELLS], ids=[c[0] for c in CAPTIONED_CELLS]
)
def test_a_table_under_a_caption_of_two_lines_with_a_column_for_two_things_at_once_is_read(
    inputs: dict[str, Any], gallons: float
) -> None:
    """No blank line sets the caption ('TABLE 6.10' over its words) apart from the header (a PDF's
    text), and a column headed 'garbage disposal and lift station' holds when both are present."""
    section = _section(CAPTIONED_TABLE, "Septic tank capacity").model_copy(
        update={"char_end": len(CAPTIONED_TABLE)}
    )
    (rule,) = extract_rules([section], CAPTIONED_TABLE)
    assert {i.name for i in rule.inputs} == {"bedrooms", "garbage_disposal", "lift_station"}
    assert rule.quote == "TABLE 6.10 MINIMUM SEPTIC TANK LIQUID CAPACITY, IN GALLONS"
    assert _run([rule], rule.id, **inputs).value == gallons


def test_an_amount_added_for_each_bedroom_over_a_count_is_read() -> None:
    text = (
        "(c) A holding tank serving a dwelling of three or fewer bedrooms shall hold at least "
        "1,800 gallons, and 400 gallons shall be added for each bedroom over three."
    )
    rules = extract_rules([_section(text, "Holding tanks")])
    assert _run(rules, "holding_tank.dwelling.7-3", bedrooms=5).value == 2600.0  # 1,800 + 2 x 400


WRAPPED_SETBACKS = (
    "(a) Each part of a system shall be set back from the features in the table.\n\n"
    "                  Minimum Setback Distances (feet)\n\n"
    "  Feature                              Sewage Tank    Soil Treatment Area\n"
    "  Lot line                                  10                15\n"
    "  In-ground swimming pool                   20                30\n"
    "  Ordinary high water level of\n"
    "    Heron Lake                             120               150\n"
    "  Ordinary high water level of all\n"
    "    other lakes and streams                 75               100\n"
    "  Cistern, less than 10 ft deep\n"
    "    or unsealed                             25                50\n"
    "  Sinkhole or other karst feature           50               100\n\n"
    "(b) Setbacks from water supply wells shall be as required by the Minnesota Well Code,\n"
    "Minnesota Rules, chapter 4725.\n"
)


@pytest.mark.parametrize(
    ("text", "feature"),
    [
        pytest.param(WRAPPED_SETBACKS, "well", id="in-its-row"),
        pytest.param(NOTE_ROW_SETBACKS, "public_well", id="in-the-note-its-row-sends-to"),
        pytest.param(
            NOTE_ROW_SETBACKS + "B. Setbacks from features not listed in Table 5 shall be as "
            "required by Minnesota Rules chapter 7080.\n",
            "public_well",
            id="its-own-rule-beside-the-one-for-features-not-listed",
        ),
    ],
)
def test_a_setback_left_by_name_to_a_state_rule_is_deferred_not_computed(
    text: str, feature: str
) -> None:
    section = _section(text, "Setbacks").model_copy(update={"char_end": len(text)})
    (rule,) = extract_rules([section], text)
    result = _run([rule], rule.id, feature=feature, component="soil_treatment_area")
    assert result.status == "deferred" and result.value is None
    assert "chapter 4725" in result.summary and "7080" not in result.summary


def test_a_first_tank_stated_as_a_share_of_the_required_capacity_is_computed_from_it() -> None:
    text = VARIANT_TABLE + (
        "\n(c) The first tank, or the first compartment of a compartmented tank, shall hold at "
        "least 65% of the total capacity required by the table.\n"
    )
    section = _section(text, "Septic tanks").model_copy(update={"char_end": len(text)})
    rules = extract_rules([section], text)
    share = next(r for r in rules if r.topic == "compartments")
    assert _run(rules, share.id, bedrooms=4, food_grinder=True).value == 1527.5  # 65 % of 2,350


def test_waters_a_class_names_are_features_of_their_own_at_the_class_distance() -> None:
    text = (
        "(c) A soil treatment area shall be placed at least the following distances from the "
        "ordinary high water level:\n"
        "1. Natural environment lakes, including Otter Lake and Mink Marsh: 160 feet;\n"
        "2. General development lakes: 60 feet."
    )
    rule = _setback_rule(text)
    feature = rule.input("feature")
    assert feature is not None and {"otter_lake", "mink_marsh"} <= set(feature.choices or [])
    result = _run([rule], rule.id, feature="mink_marsh", component="soil_treatment_area")
    assert result.value == 160.0


@pytest.mark.parametrize(
    ("feature", "feet"),
    [
        pytest.param("well", 75.0, id="first-of-three"),
        pytest.param("property_line", 15.0, id="after-a-comma"),
        pytest.param("building", 20.0, id="after-and"),
    ],
)
def test_distances_listed_with_commas_in_one_sentence_each_keep_their_feature(
    feature: str, feet: float
) -> None:
    text = (
        "Every septic tank shall be set back at least seventy-five (75) feet from a water supply "
        "well, fifteen (15) feet from a property line and twenty (20) feet from a dwelling "
        "foundation."
    )
    rule = _setback_rule(text)
    assert _run([rule], rule.id, feature=feature, component="tank").value == feet


def test_a_seasonal_dwellings_pumping_interval_is_applied_when_the_user_says_so() -> None:
    text = (
        "A. The owner of a year-round dwelling shall have each septic tank pumped at least once "
        "every thirty (30) months.\n"
        "B. The owner of a seasonal dwelling shall have each septic tank pumped at least once "
        "every sixty (60) months."
    )
    rules = extract_rules([_section(text, "Septic tank maintenance")])
    (rule,) = [r for r in rules if r.topic == "pumping"]
    from datetime import date

    start = date(2025, 1, 15)
    assert "2027-07-15" in _run([rule], rule.id, last_pumping_date=start).summary
    seasonal = _run([rule], rule.id, last_pumping_date=start, seasonal=True)
    assert "2030-01-15" in seasonal.summary


def test_the_permits_own_term_is_read_beside_other_periods_of_the_section() -> None:
    text = (
        "A. A permit issued under this chapter is valid for eighteen (18) months from the date of "
        "issuance.\n"
        "B. No permit shall be issued for a property where a certificate of compliance is "
        "valid for three (3) years from the inspection."
    )
    rules = extract_rules([_section(text, "Permits")])
    (rule,) = [r for r in rules if r.topic == "permit"]
    assert "eighteen (18) months" in rule.quote


def test_bedrooms_counted_up_from_the_floor_area_size_the_tank() -> None:
    text = VARIANT_TABLE + (
        "\n(d) For sizing a septic tank, where the finished floor area of a dwelling exceeds 2,500 "
        "square feet, one bedroom shall be added to the actual number of bedrooms for each 600 "
        "square feet, or fraction thereof, by which the floor area exceeds 2,500 square feet.\n"
    )
    section = _section(text, "Septic tanks").model_copy(update={"char_end": len(text)})
    rules = extract_rules([section], text)
    tank = next(r for r in rules if r.topic == "tank" and r.terms)
    assert _run(rules, tank.id, bedrooms=3, floor_area_sqft=2400).value == 1250.0
    # 3 + ceil(700 / 600) = 5 bedrooms: 1,550 + 300
    assert _run(rules, tank.id, bedrooms=3, floor_area_sqft=3200).value == 1850.0


AREAS = [
    ("per_bedroom",
     "(a) The bottom area of a trench or bed shall be not less than two hundred (200) square "
     "feet for each bedroom.", {"bedrooms": 3}, 600.0),
    ("per_gallon_of_the_design_flow",
     "(a) The design flow of a home is 120 gallons per day per bedroom, and never under 300 "
     "gallons per day.\n(b) The bottom area of a trench or bed shall be not less than one and "
     "one-half (1.5) square feet per gallon of design flow.", {"bedrooms": 4}, 720.0),
    ("per_gallon_by_percolation_rate_fast",
     "(a) The design flow of a dwelling shall be 140 gallons per day for each bedroom.\n"
     "(b) The bottom area of a trench shall be not less than the design flow multiplied by:\n"
     "A. In soils with a percolation rate of 30 minutes per inch or faster: 1.4 square feet per "
     "gallon per day of design flow;\nB. In soils with a percolation rate slower than 30 minutes "
     "per inch but not slower than 60 minutes per inch: 2.2 square feet per gallon per day of "
     "design flow.", {"bedrooms": 3, "perc_rate_mpi": 20}, 588.0),
    ("per_gallon_by_percolation_rate_slow",
     "(a) The design flow of a dwelling shall be 140 gallons per day for each bedroom.\n"
     "(b) The bottom area of a trench shall be not less than the design flow multiplied by:\n"
     "A. In soils with a percolation rate of 30 minutes per inch or faster: 1.4 square feet per "
     "gallon per day of design flow;\nB. In soils with a percolation rate slower than 30 minutes "
     "per inch but not slower than 60 minutes per inch: 2.2 square feet per gallon per day of "
     "design flow.", {"bedrooms": 3, "perc_rate_mpi": 45}, 924.0),
    ("area_named_between",
     "(a) The design flow of a dwelling shall be 120 gallons per day for each bedroom, plus 100 "
     "gallons per day for the dwelling.\n(b) The soil treatment area shall have not less than one "
     "and six-tenths (1.6) square feet of bottom absorption area for each gallon per day of design "
     "flow.", {"bedrooms": 4}, 928.0),
    ("per_bedroom_never_under_the_area_set_for_any_case",
     "B. Each soil treatment area serving a dwelling shall provide a bottom absorption area of "
     "not less than 125 square feet per bedroom, and not less than 375 square feet in any case.",
     {"bedrooms": 2}, 375.0),
    ("per_bedroom_over_the_area_set_for_any_case",
     "B. Each soil treatment area serving a dwelling shall provide a bottom absorption area of "
     "not less than 125 square feet per bedroom, and not less than 375 square feet in any case.",
     {"bedrooms": 4}, 500.0),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "inputs", "sqft"), [a[1:] for a in AREAS], ids=[a[0] for a in AREAS]
)
def test_a_least_bottom_area_is_read_per_bedroom_or_per_gallon_of_design_flow(
    text: str, inputs: dict[str, Any], sqft: float
) -> None:
    rules = extract_rules([_section(text, "Soil treatment areas")])
    (area,) = [r for r in rules if r.topic == "area"]
    assert _run(rules, area.id, **inputs).value == sqft  # 4 x 120 = 480 gpd x 1.5 = 720


def test_a_permit_that_expires_on_a_day_of_the_following_year_is_counted_to_it() -> None:
    text = (
        "Subd. 1. A permit issued under this Ordinance shall expire on November 30 of the year "
        "following the year in which it was issued."
    )
    (rule,) = [
        r for r in extract_rules([_section(text, "Permit expiration")]) if r.topic == "permit"
    ]
    from datetime import date

    assert "2025-11-30" in _run([rule], rule.id, issue_date=date(2024, 6, 10)).summary


def test_a_feature_listed_twice_by_two_distances_is_not_left_to_the_state_rule() -> None:
    text = (
        "(a) A septic tank shall be located at least ten feet (10') from a property line.\n"
        "(b) A septic tank shall be located at least fifty feet (50') from a well with a casing "
        "of 50 feet or more, and at least seventy-five feet (75') from any other well.\n"
        "(c) Setbacks from features not listed in this section shall be as required by "
        "Minnesota Rules, chapter 7080."
    )
    rule = _setback_rule(text)
    result = _run([rule], rule.id, feature="well", component="tank")
    assert result.status != "deferred"


def test_each_deadline_counted_from_a_notice_is_a_rule_of_its_own() -> None:
    text = (
        "A. Imminent Threat: The owner shall stop the discharge within forty-eight (48) hours "
        "after receiving the notice, and shall repair, replace or abandon the system within "
        "sixty (60) days after receiving it.\n"
        "B. Connection: The owner shall connect to the sewer within one (1) year after the city "
        "mails written notice that the sewer is available.\n"
        "C. The installer shall call for inspection within two (2) working days after notice."
    )
    from datetime import date

    rules = [r for r in extract_rules([_section(text, "Failing systems")]) if r.topic == "deadline"]
    got = [_run([r], r.id, notice_date=date(2026, 3, 3)).value_text for r in rules]
    assert got == ["2026-03-05", "2026-05-02", "2027-03-03"]  # working days are not counted


@pytest.mark.parametrize(
    ("sentence", "due"),
    [
        pytest.param("The owner of a system that fails to protect groundwater shall upgrade, "
                     "replace or abandon it by October 1 of the year following the year in which "
                     "the owner receives a notice of noncompliance.", "2027-10-01",
                     id="a-day-of-the-following-year"),
        pytest.param("The owner shall abandon the system by December 31 of the year in which the "
                     "owner receives the notice.", "2026-12-31", id="a-day-of-the-same-year"),
    ],
)  # fmt: skip
def test_a_deadline_on_a_day_of_the_year_counted_from_a_notice_is_a_rule(
    sentence: str, due: str
) -> None:
    from datetime import date

    rules = [
        r for r in extract_rules([_section(sentence, "Failing systems")]) if r.topic == "deadline"
    ]
    assert [_run([r], r.id, notice_date=date(2026, 3, 3)).value_text for r in rules] == [due]


def test_a_deadline_opening_its_sentence_takes_its_words_from_the_sentence_that_gave_notice() -> (
    None
):
    text = (
        "1. When the Inspector finds that a system is an imminent threat to public health, the "
        "Inspector shall give the owner written notice. Within ten (10) days after receiving the "
        "notice, the owner shall repair, replace or abandon the system.\n"
        "2. When the Inspector finds that a system is failing to protect groundwater, the owner "
        "shall upgrade, replace or abandon the system within fifteen (15) months after the notice."
    )
    rules = [r for r in extract_rules([_section(text, "Noncompliant")]) if r.topic == "deadline"]
    words = {r.formula.amount.value: set(r.terms) for r in rules}
    assert {"imminent", "threat", "repair"} <= words[10] and "imminent" not in words[15]


CASING_TABLE = (
    "(a) Each part of a system shall be set back from the features in the table.\n\n"
    "                  SETBACK DISTANCES (FEET)\n\n"
    "  Feature                              Sewage Tank    Soil Treatment Area\n"
    "  Property line                              10                15\n"
    "  Water supply well, casing depth\n"
    "    less than 50 feet                        60               125\n"
    "  Water supply well, casing depth\n"
    "    50 feet or more                          50               100\n"
)


@pytest.mark.parametrize(
    ("feature", "feet"), [("well_less_than_50_ft", 125.0), ("well", 100.0)], ids=["shallow", "deep"]
)
def test_a_feature_listed_twice_by_depth_is_read_as_two_features(feature: str, feet: float) -> None:
    section = _section(CASING_TABLE, "Setbacks").model_copy(update={"char_end": len(CASING_TABLE)})
    (rule,) = extract_rules([section], CASING_TABLE)
    assert _run([rule], rule.id, feature=feature, component="soil_treatment_area").value == feet


LAKE_TABLE = (
    "A. Setbacks. Every tank and soil treatment area shall be set back from the features in "
    "the table.\n\n"
    "                  SETBACK DISTANCES (FEET)\n\n"
    "  Feature                              Sewage Tank    Soil Treatment Area\n"
    "  Property line                              10                15\n"
    "  Natural environment lake, OHWL            150               150\n"
    "  Recreational development lake, OHWL       100               100\n"
    "    (including Teal Lake and Little Teal\n"
    "    Lake)\n"
    "  General development lake, OHWL             75                75\n\n"
    "B. Lake Classes. Heron Lake and Mud Lake are natural environment lakes.\n"
)


@pytest.mark.parametrize(
    ("feature", "feet"),
    [
        ("teal_lake", 100.0),
        ("little_teal_lake", 100.0),
        ("heron_lake", 150.0),
        ("mud_lake", 150.0),
        ("lake_general_development", 75.0),
    ],
    ids=[
        "named-under-its-row",
        "named-under-its-row-wrapped",
        "classed",
        "classed-second",
        "class",
    ],
)
def test_a_named_lake_takes_its_class_rows_distance(feature: str, feet: float) -> None:
    section = _section(LAKE_TABLE, "Setbacks").model_copy(update={"char_end": len(LAKE_TABLE)})
    (rule,) = extract_rules([section], LAKE_TABLE)
    assert _run([rule], rule.id, feature=feature, component="tank").value == feet


SUBSECTION_SETBACKS = (
    "Subsection A. Tanks. Every septic tank shall be located not less than:\n"
    "1. Fifteen (15) feet from a property line;\n"
    "2. Ten (10) feet from a building.\n"
    "Subsection B. Soil Treatment Areas. Every soil treatment area shall be located not less than:\n"
    "1. Twenty (20) feet from a property line; and\n"
    "2. Twenty-two (22) feet from a building with a basement, and twelve (12) feet from a "
    "building without one.\n"
    "Subsection C. Surface Waters. Every tank and soil treatment area shall be set back not "
    "less than:\n"
    "1. One hundred twenty-five (125) feet from a river or stream, including the Groundhouse "
    "River.\n"
    "Subsection D. Vertical Separation. Every soil treatment area shall have not less than "
    "three (3) feet of vertical separation from bedrock."
)


@pytest.mark.parametrize(
    ("feature", "component", "feet"),
    [
        pytest.param("property_line", "tank", 15.0, id="first-subsection-is-tanks"),
        pytest.param(
            "property_line", "soil_treatment_area", 20.0, id="run-in-subsection-switches-part"
        ),
        pytest.param("building", "tank", 10.0, id="building"),
        pytest.param("building_without_foundation", "soil_treatment_area", 12.0, id="without-one"),
        pytest.param("river", "tank", 125.0, id="groundhouse-is-no-house"),
        pytest.param(
            "groundhouse_river", "soil_treatment_area", 125.0, id="including-the-named-river"
        ),
    ],
)
def test_setbacks_under_run_in_subsections_are_read_by_part_and_feature(
    feature: str, component: str, feet: float
) -> None:
    (rule,) = [
        r
        for r in extract_rules([_section(SUBSECTION_SETBACKS, "Setbacks")])
        if r.topic == "setback"
    ]
    assert feature in rule.inputs[0].choices
    result = _run([rule], rule.id, feature=feature, component=component)
    assert result.value == feet, result.steps


def test_feet_of_vertical_separation_is_no_setback_feature() -> None:
    (rule,) = [
        r
        for r in extract_rules([_section(SUBSECTION_SETBACKS, "Setbacks")])
        if r.topic == "setback"
    ]
    assert not [
        c for c in rule.inputs[0].choices if "separation" in c or c in ("bedrock", "medium")
    ]


def test_public_and_private_wells_and_a_supply_pipe_are_features_of_their_own() -> None:
    text = (
        "(a) Each tank and absorption field shall meet the distances of this table.\n\n"
        "            REQUIRED SEPARATION DISTANCES (FEET)\n\n"
        "  Feature                                        Tank      Absorption\n"
        "                                                             Field\n"
        "  ---------------------------------------      ------    ----------\n"
        "  Private well, casing less than 50 feet deep     75         125\n"
        "  Private well, casing 50 feet deep or more       60         110\n"
        "  Public water supply well                       100         160\n"
        "  Buried water supply pipe under pressure         10          10\n"
    )
    rule = _setback_rule(text, source=text)
    assert {"well_less_than_50_ft", "well", "public_well", "water_pipe"} <= set(
        rule.inputs[0].choices
    )
    assert _run([rule], rule.id, feature="public_well", component="tank").value == 100.0


def test_an_unoccupied_building_beside_a_dwelling_is_an_accessory_building() -> None:
    text = (
        "(a) Each tank and soil treatment area shall meet the distances of this table.\n\n"
        "            MINIMUM SETBACK DISTANCES (FEET)\n\n"
        "  Feature                                     Tank      Soil treatment\n"
        "                                                          area\n"
        "  ------------------------------------      ------    --------------\n"
        "  Property line                                15          15\n"
        "  Dwelling or other occupied building          10          25\n"
        "  Garage, shed, deck or other unoccupied        10          15\n"
        "  building\n"
    )
    rule = _setback_rule(text, source=text)
    run = {
        f: _run([rule], rule.id, feature=f, component="soil_treatment_area").value
        for f in ("building", "accessory_building")
    }
    assert run == {"building": 25.0, "accessory_building": 15.0}


def test_a_base_plus_an_amount_for_each_bedroom_is_a_sum_not_a_floor() -> None:
    text = (
        "Subsection B. Capacity. A holding tank serving a dwelling shall have a liquid capacity of "
        "not less than one thousand (1,000) gallons plus three hundred fifty (350) gallons for "
        "each bedroom."
    )
    (rule,) = [
        r for r in extract_rules([_section(text, "Holding tanks")]) if r.topic == "holding_tank"
    ]
    assert _run([rule], rule.id, bedrooms=3).value == 2050.0


def test_bedrooms_counted_as_the_greater_of_the_plans_and_the_floor_area_divided() -> None:
    text = (
        "(a) Each soil treatment area shall have a bottom area of not less than two hundred ten "
        "(210) square feet per bedroom.\n"
        "(c) The number of bedrooms used to design a system for a dwelling shall be the greater of:"
        "\n(1) The number of bedrooms shown on the building plans; or\n"
        "(2) Where the dwelling has more than three thousand (3,000) square feet of finished floor "
        "area, the finished floor area divided by seven hundred (700), any fraction being dropped."
    )
    section = _section(text, "Soil treatment area sizing")
    rules = extract_rules([section], text)
    area = next(r for r in rules if r.topic == "area" and r.terms)
    assert _run(rules, area.id, bedrooms=4, floor_area_sqft=3900).value == 1050.0  # 5 bedrooms
    assert _run(rules, area.id, bedrooms=4, floor_area_sqft=2900).value == 840.0
    assert _run(rules, area.id, bedrooms=6, floor_area_sqft=3900).value == 1260.0


_COUNTS_AS = (
    "(a) The design flow of a dwelling shall be 130 gallons per day for each bedroom, plus "
    "100 gallons per day for the dwelling.\n"
    "(b) The soil treatment area shall have not less than 1.4 square feet of bottom area for "
    "each gallon per day of design flow.\n"
    "(c) An unfinished basement or lower level counts as one (1) additional bedroom."
)
_DESIGNED_FOR = (
    "(a) A trench serving a dwelling shall have not less than 240 square feet of bottom area "
    "per bedroom.\n"
    "(b) A dwelling with an unfinished basement or lower level shall be designed for one (1) "
    "bedroom more than the number shown on its plans."
)
_LOWER_LEVEL_ONE_MORE = (
    "(a) A trench serving a dwelling shall have not less than 240 square feet of bottom area "
    "per bedroom.\n"
    "(b) A dwelling with an unfinished lower level shall be designed for one (1) more bedroom "
    "than the plans show."
)

_AS_IF_IT_HAD = (
    '2. "Bedroom" means any room that is or could be used for sleeping. A finished room in a '
    "basement with an egress window and a closet is a bedroom, and a dwelling with an "
    "unfinished basement or lower level shall be designed as if it had one (1) more bedroom "
    "than its finished floors contain.\n"
    "(a) A trench serving a dwelling shall have not less than 240 square feet of bottom area "
    "per bedroom."
)


_ROOMS_DEFINED = (
    '"Bedroom" means any room that is or may be used for sleeping, including a den, study, loft '
    "or bonus room with a closet or an egress window.\n"
    "(a) The design flow of a dwelling shall be 130 gallons per day for each bedroom, plus 100 "
    "gallons per day for the dwelling.\n"
    "(b) The soil treatment area shall have not less than 1.4 square feet of bottom area for "
    "each gallon per day of design flow."
)
_ROOMS_ARE_BEDROOMS = (
    "A den, office, study or library that has an egress window and a closet, or that is "
    "separated from the living area by a door that can be closed, is a bedroom.\n"
    "(a) A trench serving a dwelling shall have not less than 240 square feet of bottom area "
    "per bedroom."
)


@pytest.mark.parametrize(
    ("text", "topic", "rooms", "value"),
    [
        pytest.param(_ROOMS_DEFINED, "flow", 1, 620.0, id="a-den-with-a-closet-counts"),
        pytest.param(_ROOMS_DEFINED, "flow", 0, 490.0, id="no-such-room-no-more"),
        pytest.param(_ROOMS_DEFINED, "area", 1, 868.0, id="the-area-from-the-raised-flow-once"),
        pytest.param(_ROOMS_ARE_BEDROOMS, "area", 2, 1200.0, id="two-such-rooms-is-a-bedroom"),
    ],
)
def test_the_rooms_the_text_calls_bedrooms_are_counted_when_told(
    text: str, topic: str, rooms: int, value: float
) -> None:
    rules = extract_rules([_section(text, "Definitions and sizing")])
    rule = next(r for r in rules if r.topic == topic and r.terms)
    assert _run(rules, rule.id, bedrooms=3, rooms_as_bedrooms=rooms).value == value


@pytest.mark.parametrize(
    ("text", "topic", "basement", "value"),
    [
        pytest.param(_COUNTS_AS, "flow", True, 750.0, id="counts-as-one-more"),
        pytest.param(_AS_IF_IT_HAD, "area", True, 960.0, id="designed-as-if-it-had-one-more"),
        pytest.param(_COUNTS_AS, "flow", False, 620.0, id="without-one-no-more"),
        pytest.param(_COUNTS_AS, "area", True, 1050.0, id="area-from-the-raised-flow-once"),
        pytest.param(_DESIGNED_FOR, "area", True, 960.0, id="designed-for-one-more"),
        pytest.param(
            _LOWER_LEVEL_ONE_MORE, "area", True, 960.0, id="a-lower-level-designed-for-one-more"
        ),
    ],
)
def test_an_unfinished_basement_counts_one_bedroom_more_once(
    text: str, topic: str, basement: bool, value: float
) -> None:
    rules = extract_rules([_section(text, "Design flow and sizing")])
    rule = next(r for r in rules if r.topic == topic and r.terms)
    bedrooms = 4 if text is _COUNTS_AS else 3
    assert _run(rules, rule.id, bedrooms=bedrooms, unfinished_basement=basement).value == value


@pytest.mark.parametrize(
    ("text", "sizes"),
    [
        pytest.param(
            "A. Every septic tank shall have a minimum liquid capacity of 1,000 gallons for a "
            "dwelling with up to three bedrooms, and an additional 250 gallons for each "
            "additional bedroom.",
            {3: 1000.0, 4: 1250.0, 5: 1500.0},
            id="additional-after",
        ),
        pytest.param(
            "The septic tank shall have a capacity of at least 1,250 gallons for four or fewer "
            "bedrooms; each additional bedroom requires an additional 250 gallons of capacity.",
            {3: 1250.0, 4: 1250.0, 5: 1500.0},
            id="additional-before",
        ),
    ],
)
def test_each_additional_bedroom_adds_to_the_base_for_the_count_it_covers(
    text: str, sizes: dict[int, float]
) -> None:
    (rule,) = [r for r in extract_rules([_section(text, "Septic tanks")]) if r.topic == "tank"]
    assert {b: _run([rule], rule.id, bedrooms=b).value for b in sizes} == sizes


def test_columns_headed_by_their_own_subject_are_one_rule_per_subject() -> None:
    text = (
        "A. Every tank shall hold the capacity in Table 1.\n\n"
        "                         TABLE 1\n"
        "        LEAST LIQUID CAPACITY OF TANKS (GALLONS)\n\n"
        "  Number of    Septic tank,    Septic tank, with    Holding\n"
        "  bedrooms     no garbage      garbage disposal     tank\n"
        "               disposal\n"
        "  ---------    -----------     -----------------    -------\n"
        "  2 or fewer      1,000             1,500            2,000\n"
        "  3               1,200             1,800            2,400\n"
        "  4               1,450             2,175            2,900\n"
        "  Each bedroom\n"
        "  over 4, add       300               450              600\n"
    )
    section = _section(text, "Tank capacity").model_copy(update={"char_end": len(text)})
    rules = {r.topic: r for r in extract_rules([section], text)}
    assert set(rules) == {"tank", "holding_tank"}
    tank, holding = rules["tank"], rules["holding_tank"]
    assert _run([tank], tank.id, bedrooms=3).value == 1200.0
    assert _run([tank], tank.id, bedrooms=6, garbage_disposal=True).value == 3075.0  # 2,175 + 900
    assert _run([holding], holding.id, bedrooms=5).value == 3500.0  # 2,900 + 600


SOIL_PER_BEDROOM = (
    "A. The bottom area shall be not less than the area per bedroom shown in Table 3 for the\n"
    "soil group of the site, multiplied by the number of bedrooms. No soil treatment area for a\n"
    "dwelling shall be smaller than the area required for three (3) bedrooms.\n\n"
    "                              TABLE 3\n"
    "        LEAST SOIL TREATMENT AREA PER BEDROOM (SQUARE FEET)\n\n"
    "  Soil    Soil texture              Trench      Bed       Mound\n"
    "  group                             bottom      bottom    absorption\n"
    "  -----   -----------------------   ------      ------    ----------\n"
    "  I       Coarse sand, medium          140         180        190\n"
    "          sand\n"
    "  II      Sandy loam                   200         250        240\n"
    "  III     Loam                         240         300        290\n"
    "  IV      Silty clay loam              270         N/P        330\n"
)
SOIL_RATES = (
    "(A) Design flow. The design flow for a dwelling shall be one hundred twenty (120) gallons "
    "per day for each bedroom.\n\n"
    "(B) The bottom area of a trench or bed shall be not less than the design flow divided by "
    "the loading rate shown in Table 9 for the most restrictive soil layer.\n\n"
    "(C) Table 9. Soil loading rates for trenches and beds.\n\n"
    "Soil texture     Trench loading rate (gal/day/sq ft)    Bed loading rate (gal/day/sq ft)\n"
    "Sandy loam       0.60                                   0.48\n"
    "Loam             0.50                                   0.40\n"
    "Silt loam        0.45                                   Not permitted\n"
)
SOIL_ONE_COLUMN = (
    "A. The bottom area of a trench shall not be less than the area per bedroom in Table 4, "
    "multiplied by the number of bedrooms. Every soil treatment area serving a dwelling shall be "
    "sized for not fewer than three (3) bedrooms.\n\n"
    "B. Where a bed is used in place of trenches, the area found under paragraph A shall be "
    "multiplied by one and one-half (1.5).\n\n"
    "            TABLE 4   SOIL TREATMENT AREA PER BEDROOM (SQUARE FEET)\n\n"
    "   Soil texture                                   Area per bedroom\n"
    "   -------------------------------------------    ----------------\n"
    "   Sand, loamy sand                                      160\n"
    "   Sandy loam, fine sandy loam                           220\n"
    "   Loam, silt loam                                       280\n"
)
SOIL_RATE_COLUMN = (
    "(a) The bottom area of a trench soil treatment area shall be not less than the area per\n"
    "bedroom given in Table 4.03 for the soil at the bottom of the trenches, multiplied by the\n"
    "number of bedrooms.\n"
    "TABLE 4.03 -- MINIMUM TRENCH BOTTOM AREA\n"
    "(square feet for each bedroom)\n"
    "  Soil texture at trench bottom        Percolation rate    Area per\n"
    "                                       (min. per inch)     bedroom\n"
    "  Sand, loamy sand                     0.1 to 5              170\n"
    "  Sandy loam                           6 to 15               220\n"
    "  Silt loam                            31 to 45              300\n"
)
SOIL_FACTORS = (
    "(a) The design flow for a dwelling shall be one hundred forty (140) gallons per day for each "
    "bedroom.\n"
    "(b) The bottom area of a trench or bed soil treatment area shall be not less than the design\n"
    "flow in gallons per day multiplied by the sizing factor for the soil group shown in Table 2.\n"
    "TABLE 2\n"
    "SOIL TREATMENT AREA SIZING FACTORS (SQUARE FEET OF BOTTOM PER GALLON PER DAY)\n"
    "   Soil     Typical soil texture                    Sizing\n"
    "   group                                            factor\n"
    "     A      Coarse sand, loamy coarse sand           0.9\n"
    "     B      Medium and fine sand, loamy sand         1.3\n"
    "     C      Sandy loam, loam                         1.7\n"
    "     D      Silt loam, silty clay loam               2.2\n"
)
SOIL_PERC_FACTORS = (
    "(a) The design flow for a dwelling shall be one hundred fifty (150) gallons per day for each "
    "bedroom.\n"
    "(b) The bottom area of a trench or bed shall be not less than the design flow multiplied by\n"
    "the factor in Table 3 for the percolation rate of the most restrictive soil layer.\n"
    "TABLE 3. SOIL TREATMENT AREA SIZING FACTORS (SQUARE FEET OF BOTTOM AREA PER GALLON PER DAY)\n"
    "   Percolation rate          Trench or bed\n"
    "   (minutes per inch)        factor\n"
    "   0.1 to 5                  0.80\n"
    "   6 to 15                   1.25\n"
    "   16 to 30                  1.65\n"
    "   31 to 60                  2.00\n"
)
SOIL_NUMBERED_GROUPS = (
    "(a) The bottom area of a trench or bed serving a dwelling shall not be less than the area per "
    "bedroom in Table 6 for the soil texture group, multiplied by the number of bedrooms.\n"
    "Table 6. Minimum bottom area per bedroom (square feet)\n"
    "Soil texture group                       Trenches     Seepage beds\n"
    "Group 1: sand, loamy sand                   140           175\n"
    "Group 2: sandy loam, fine sandy loam        190           240\n"
    "Group 3: loam, silt loam                    250           310\n"
)
SOIL_CASES = [  # (id, table, inputs, square feet)
    ("the-design-flow-times-the-factor-of-the-perc-rate-s-row", SOIL_PERC_FACTORS,
     {"bedrooms": 4, "perc_rate_mpi": 20}, 990.0),  # 4 x 150 x 1.65
    ("a-perc-rate-between-two-printed-ranges-is-in-the-slower-row", SOIL_PERC_FACTORS,
     {"bedrooms": 3, "perc_rate_mpi": 5.5}, 562.5),  # 3 x 150 x 1.25
    ("a-perc-rate-at-a-range-s-end-is-in-that-range", SOIL_PERC_FACTORS,
     {"bedrooms": 2, "perc_rate_mpi": 5}, 240.0),  # 2 x 150 x 0.80
    ("the-design-flow-times-the-texture-s-factor", SOIL_FACTORS,
     {"bedrooms": 3, "soil_texture": "sandy_loam"}, 714.0),  # 3 x 140 x 1.7
    ("the-design-flow-times-the-group-s-factor", SOIL_FACTORS,
     {"bedrooms": 4, "soil_texture": "group_c"}, 952.0),  # 4 x 140 x 1.7
    ("a-column-of-rates-beside-the-texture", SOIL_RATE_COLUMN,
     {"bedrooms": 4, "soil_texture": "silt_loam"}, 1200.0),  # 4 x 300
    ("the-unit-for-each-bedroom-in-the-caption", SOIL_RATE_COLUMN,
     {"bedrooms": 3, "soil_texture": "loamy_sand"}, 510.0),  # 3 x 170
    ("one-column-trench", SOIL_ONE_COLUMN,
     {"bedrooms": 4, "soil_texture": "silt_loam"}, 1120.0),
    ("one-column-a-bed-is-a-multiple", SOIL_ONE_COLUMN,
     {"bedrooms": 2, "soil_texture": "sandy_loam", "system_type": "bed"}, 990.0),  # 3x220x1.5
    ("per-bedroom-row-and-column", SOIL_PER_BEDROOM,
     {"bedrooms": 4, "soil_texture": "loam", "system_type": "bed"}, 1200.0),  # 4 x 300
    ("per-bedroom-never-under-the-least-count", SOIL_PER_BEDROOM,
     {"bedrooms": 2, "soil_texture": "sandy_loam", "system_type": "trench"}, 600.0),  # 3 x 200
    ("a-texture-wrapped-onto-the-next-line", SOIL_PER_BEDROOM,
     {"bedrooms": 3, "soil_texture": "medium_sand", "system_type": "mound"}, 570.0),  # 3 x 190
    ("a-numbered-group-before-a-colon-names-its-textures", SOIL_NUMBERED_GROUPS,
     {"bedrooms": 4, "soil_texture": "sandy_loam", "system_type": "bed"}, 960.0),  # 4 x 240
    ("a-numbered-group-s-first-texture", SOIL_NUMBERED_GROUPS,
     {"bedrooms": 3, "soil_texture": "sand", "system_type": "trench"}, 420.0),  # 3 x 140
    ("flow-divided-by-the-loading-rate", SOIL_RATES,
     {"bedrooms": 4, "soil_texture": "loam", "system_type": "trench"}, 960.0),  # 480 / 0.5
    ("the-bed-column", SOIL_RATES,
     {"bedrooms": 3, "soil_texture": "sandy_loam", "system_type": "bed"}, 750.0),  # 360 / 0.48
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "inputs", "square_feet"), [c[1:] for c in SOIL_CASES], ids=[c[0] for c in SOIL_CASES]
)
def test_a_soil_texture_table_sizes_the_bottom_area(
    text: str, inputs: dict[str, Any], square_feet: float
) -> None:
    section = _section(text, "Soil treatment area").model_copy(update={"char_end": len(text)})
    rules = extract_rules([section], text)
    (rule,) = [r for r in rules if r.topic == "area"]
    assert rule.origin == "extracted" and rule.section == "7-3"
    assert _run(rules, rule.id, **inputs).value == square_feet


PER_BEDROOM_AREA = (
    "(a) The bottom absorption area of a trench soil treatment area serving a dwelling shall be "
    "not less than 175 square feet for each bedroom.\n\n"
)
BED_SENTENCES = [  # (id, the bed's sentence, system, square feet for 4 bedrooms)
    ("a-trench-is-the-sentence-itself", "(b) A bed shall have a bottom area not less than one "
     "and one-half (1.5) times the area required for trenches under paragraph (a).",
     "trench", 700.0),
    ("a-bed-is-a-multiple-in-words", "(b) A bed shall have a bottom area not less than one "
     "and one-half (1.5) times the area required for trenches under paragraph (a).",
     "bed", 1050.0),
    ("a-bed-system-is-a-multiple-in-figures", "(b) A bed system shall be used only on level "
     "ground and shall have a bottom area of at least 2 times the area of trenches.",
     "bed", 1400.0),
    ("a-bed-area-that-shall-be-at-least-a-multiple", "(b) A bed system may be used only where the "
     "lot is too small for trenches, and its bottom area shall be at least 1.2 times the area "
     "required for trenches under paragraph (a).", "bed", 840.0),
]  # fmt: skip


@pytest.mark.parametrize(
    ("bed", "system", "square_feet"), [c[1:] for c in BED_SENTENCES],
    ids=[c[0] for c in BED_SENTENCES],
)  # fmt: skip
def test_a_bed_sentence_multiplies_the_area_per_bedroom_of_trenches(
    bed: str, system: str, square_feet: float
) -> None:
    text = PER_BEDROOM_AREA + bed
    rules = extract_rules([_section(text, "Soil treatment area sizing")], text)
    (rule,) = [r for r in rules if r.topic == "area"]
    assert _run(rules, rule.id, bedrooms=4, system_type=system).value == square_feet


def test_a_setback_table_row_left_to_a_state_rule_defers_and_keeps_the_table() -> None:
    text = (
        "(a) Tanks and soil treatment areas shall be located at least the distances in Table 4.04.\n"
        "TABLE 4.04 -- SETBACK DISTANCES\n"
        "(measured horizontally, in feet, from the nearest edge)\n"
        "  Feature                           Sewage tank     Soil treatment area\n"
        "  Private water supply well             60                 110\n"
        "  Public water supply well           as Minn. R. ch. 4725 requires\n"
        "  Property line                         12                  12\n"
        "  Wetland                               45                  45\n"
    )
    section = _section(text, "Setbacks").model_copy(update={"char_end": len(text)})
    (rule,) = extract_rules([section], text)
    assert _run([rule], rule.id, feature="property_line", component="tank").value == 12.0
    assert _run([rule], rule.id, feature="well", component="soil_treatment_area").value == 110.0
    public = _run([rule], rule.id, feature="public_well", component="tank")
    assert public.status == "deferred" and "4725" in public.summary


def test_a_texture_a_system_may_not_use_is_unsuitable_not_a_figure() -> None:
    section = _section(SOIL_RATES, "Soil treatment area").model_copy(
        update={"char_end": len(SOIL_RATES)}
    )
    rules = extract_rules([section], SOIL_RATES)
    (rule,) = [r for r in rules if r.topic == "area"]
    result = _run(rules, rule.id, bedrooms=3, soil_texture="silt_loam", system_type="bed")
    assert result.value is None and result.status == "unsuitable"


def test_factors_listed_by_soil_texture_size_the_area_from_the_design_flow() -> None:
    flow = _section(
        "1. The design flow of a dwelling shall be one hundred sixty (160) gallons per day for "
        "each bedroom.\n2. Where a dwelling has an unfinished basement or lower level, the design "
        "shall include one (1) more bedroom than the number of finished bedrooms.",
        "Design flow",
        "IV.A",
    )
    area = _section(
        "1. The bottom area of each trench or bed shall be at least the design flow multiplied "
        "by the following factor, in square feet per gallon per day, for the most restrictive "
        "soil texture found in the soil borings:\na. Sand and loamy sand: 0.9;\nb. Sandy loam "
        "and loam: 1.4;\nc. Silt loam, clay loam and silty clay loam: 2.1.",
        "Soil treatment area",
        "IV.C",
    )
    text = f"{flow.text}\n{area.text}"
    rules = extract_rules([flow, area], text)
    (rule,) = [r for r in rules if r.topic == "area" and r.terms]
    result = _run(rules, rule.id, bedrooms=3, soil_texture="sandy_loam", unfinished_basement=True)
    assert result.value == 896.0  # (3 + 1) x 160 = 640 gpd x 1.4
    assert "or lower level" in next(i.label for i in rule.inputs if i.kind == "flag")


PDF_TANK_TABLE = """\
(b) The capacity of the tanks serving any other establishment shall be as required by Minnesota
Rules, chapter 7081.
Table 4.2 -- Minimum Total Liquid Capacity of Septic Tanks (Gallons)
Number of Bedrooms    Without garbage disposal    With garbage disposal
2 or fewer            1,100                       1,650
3                     1,300                       1,950
4                     1,550                       2,300
Each bedroom over 4 add 275 add 400
Capacities are totals for all septic tanks in series ahead of the soil treatment area.
"""


@pytest.mark.parametrize(
    ("inputs", "gallons"),
    [
        pytest.param({"bedrooms": 3}, 1300.0, id="plain-column"),
        pytest.param({"bedrooms": 4, "garbage_disposal": True}, 2300.0, id="with-disposal"),
        pytest.param(
            {"bedrooms": 6, "garbage_disposal": True}, 3100.0, id="beyond-the-last-row"
        ),  # + 2 x 400
    ],
)
def test_a_tank_table_after_a_paragraph_is_read_by_its_header_words(
    inputs: dict[str, Any], gallons: float
) -> None:
    from ingest.matter import tidy

    text = tidy(PDF_TANK_TABLE, "pdf")
    assert "\nTable 4.2 -- Minimum" in text  # the caption begins its own line
    section = Section(jurisdiction="testville", section="4.2", title="Septic tank capacity",
                      text=text, char_start=0, char_end=len(PDF_TANK_TABLE),
                      jurisdiction_name="Testville")  # fmt: skip
    rules = extract_rules([section], PDF_TANK_TABLE)
    (tank,) = [r for r in rules if r.topic == "tank" and r.terms]
    assert _run(rules, tank.id, **inputs).value == gallons


WRAPPED_BEYOND = """\
C. The septic tanks serving a dwelling shall have the capacity in Table 12-1.
TABLE 12-1. MINIMUM SEPTIC TANK LIQUID CAPACITY (GALLONS)
   Number of              Standard        With garbage disposal
   bedrooms               dwelling        or sewage lift station
   2 or fewer                 1,000              1,500
   3                          1,200              1,800
   4                          1,400              2,100
   Each bedroom               add 250            add 375
over 4
D. The capacity shall be provided in two tanks in series.
"""


def test_a_beyond_row_whose_label_wrapped_under_its_figures_adds_per_bedroom() -> None:
    section = Section(jurisdiction="testville", section="12", title="Septic tanks",
                      text=WRAPPED_BEYOND, char_start=0, char_end=len(WRAPPED_BEYOND),
                      jurisdiction_name="Testville")  # fmt: skip
    rules = extract_rules([section], WRAPPED_BEYOND)
    (tank,) = [r for r in rules if r.topic == "tank" and r.terms]
    result = _run(rules, tank.id, bedrooms=6, garbage_disposal=True)
    assert result.value == 2850.0  # 2,100 + 2 x 375


BEYOND_SAID = """\
(a) The septic tanks serving a dwelling shall have the capacity shown in Table 3.
TABLE 3. MINIMUM SEPTIC TANK CAPACITY (GALLONS)
Number of          Standard        With garbage disposal
bedrooms           dwelling        or basement sewage ejector
3 or fewer             1,000                1,500
4                      1,200                1,800
5                      1,400                2,100
(b) For a dwelling with more than five (5) bedrooms, the capacity for a standard dwelling shall
be the capacity shown for five (5) bedrooms, plus two hundred (200) gallons for each bedroom over
five; where the dwelling has a garbage disposal or sewage ejector, that capacity shall be
multiplied by one and one-half (1.5).
"""


@pytest.mark.parametrize(
    ("inputs", "gallons"),
    [
        pytest.param({"bedrooms": 7}, 1800.0, id="plain-beyond"),  # 1,400 + 2 x 200
        pytest.param({"bedrooms": 7, "garbage_disposal": True}, 2700.0,
                     id="the-multiple-beyond"),  # (1,400 + 2 x 200) x 1.5
        pytest.param({"bedrooms": 4, "basement_sewage_ejector": True}, 1800.0,
                     id="a-header-line-starting-under-a-column-continues-it"),
    ],
)  # fmt: skip
def test_a_sentence_gives_the_step_beyond_a_two_column_table(
    inputs: dict[str, Any], gallons: float
) -> None:
    section = Section(jurisdiction="testville", section="3", title="Septic tank capacity",
                      text=BEYOND_SAID, char_start=0, char_end=len(BEYOND_SAID),
                      jurisdiction_name="Testville")  # fmt: skip
    rules = extract_rules([section], BEYOND_SAID)
    (tank,) = [r for r in rules if r.topic == "tank" and r.terms]
    assert _run(rules, tank.id, **inputs).value == gallons


NAMED_BY = [
    ("by_section", "the capacity required by Section 103.1"),
    ("by_table", "the required capacity under Table 103.1"),
]


@pytest.mark.parametrize("named", [n[1] for n in NAMED_BY], ids=[n[0] for n in NAMED_BY])
def test_a_modifier_in_a_sibling_section_applies_to_the_rule_of_the_section_it_names(
    named: str,
) -> None:
    table = (
        "103.1 Capacity. The liquid capacity of the septic tanks serving a dwelling shall be not "
        "less than that set forth in Table 103.1.\n\n"
        "           TABLE 103.1\n"
        "   MINIMUM SEPTIC TANK CAPACITY\n"
        "  BEDROOMS        LIQUID CAPACITY (gallons)\n"
        "  2 or fewer      1,050\n"
        "  3               1,150\n"
        "  4               1,450\n"
    )
    sibling = (
        f"Where a garbage disposal is installed, {named} shall be increased by fifty (50) percent."
    )
    capacity = _section(table, "Capacity").model_copy(
        update={"section": "103.1", "char_end": len(table)}
    )
    disposals = _section(sibling, "Garbage disposals").model_copy(update={"section": "103.2"})
    rules = [r for r in extract_rules([capacity, disposals], table) if r.topic == "tank"]
    (rule,) = rules
    assert _run(rules, rule.id, bedrooms=4, garbage_disposal=True).value == 2175.0
    assert _run(rules, rule.id, bedrooms=4, garbage_disposal=False).value == 1450.0


def test_a_table_extended_beyond_its_last_row_by_a_sentence_of_its_section_is_read() -> None:
    table = (
        "303.1 Capacity. The liquid capacity of the septic tank shall be not less than that\n"
        "shown in Table 303.1. For a dwelling with more than four\n"
        "bedrooms, the capacity shall be increased by 300\n"
        "gallons for each bedroom in excess of four.\n"
        "           TABLE 303.1\n"
        "   MINIMUM SEPTIC TANK LIQUID CAPACITY\n"
        "  ---------------------------------------\n"
        "  NUMBER OF BEDROOMS     CAPACITY (gallons)\n"
        "  ---------------------------------------\n"
        "  2 or fewer             1,050\n"
        "  3                      1,150\n"
        "  4                      1,450\n"
        "  More than 4            See 303.1\n"
    )
    capacity = _section(table, "Capacity", "303.1")
    rules = [r for r in extract_rules([capacity], table) if r.topic == "tank"]
    (rule,) = rules
    assert _run(rules, rule.id, bedrooms=6).value == 2050.0  # 1,450 + 2 x 300
    assert _run(rules, rule.id, bedrooms=3).value == 1150.0


def test_a_tank_table_broken_by_a_page_break_is_read_as_one_table() -> None:
    rows_before = "  2 or fewer           1,150\n  3                     1,350\n"
    rows_after = "  4                     1,600\n  5                     1,850\n"
    head = (
        "(a) The septic tank serving a dwelling shall have not less than the liquid capacity "
        "shown in Table 9.311.\n\n"
        "                     TABLE 9.311\n"
        "   MINIMUM SEPTIC TANK LIQUID CAPACITY (GALLONS)\n\n"
        "  Bedrooms              Capacity\n"
        "  ----------------      --------\n"
    )
    furniture = (
        "\nCity Council - Adopted 9/9/2024           Page 8 of 18\n\n   SSTS - Chapter 9\n\n"
    )
    source = head + rows_before + furniture + rows_after
    clean = head + rows_before + rows_after
    section = Section(jurisdiction="testville", section="9.311", title="Septic tanks",
                      text=clean, char_start=0, char_end=len(source),
                      jurisdiction_name="Testville")  # fmt: skip
    rules = [r for r in extract_rules([section], source) if r.topic == "tank"]
    (rule,) = rules
    assert _run(rules, rule.id, bedrooms=5).value == 1850.0
    assert _run(rules, rule.id, bedrooms=3).value == 1350.0
