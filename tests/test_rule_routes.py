"""The same data rules behind `ordinance calc`, `ordinance compare`, `ordinance rules`, the UI's
rule form and the question router: inputs as users write them, each asked part its rule."""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from app import ui_calc
from app.cli import main
from app.quantities import extract_quantities
from app.rule_route import _in_time, choose, parts
from app.understand import understand
from tools import base, calculators
from tools.applied import apply_topic, compare_topic, needed_inputs, rules_for
from tools.rules import RULES_DIR

NAMES = {"hugo": "Hugo", "chaska": "Chaska", "east-bethel": "East Bethel"}
P = pytest.param


def _jsonl(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, Any]]:
    assert main(list(argv)) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]


# -- the CLI ------------------------------------------------------------------------------------


def test_calc_holding_tank_hugo_five_bedrooms(capsys: pytest.CaptureFixture[str]) -> None:
    rows = _jsonl(capsys, "calc", "holding-tank", "--city", "hugo", "--bedrooms", "5", "--json")
    by_rule = {r["rule"]: r for r in rows}
    assert by_rule["holding_tank.dwelling"]["value"] == 2000  # max(1,200, 400 x 5)
    assert by_rule["holding_tank.alarm_level"]["value"] == 1500  # 75 % of 2,000
    assert by_rule["holding_tank.dwelling"]["approvals"]


def test_calc_tank_units_sums_the_dwelling_units(capsys: pytest.CaptureFixture[str]) -> None:
    rows = _jsonl(capsys, "calc", "tank", "--city", "hugo", "--units", "3,5", "--json")
    assert [(r["rule"], r["value"]) for r in rows] == [("tank.multi_family", 2700)]


def test_calc_dose_gives_each_dosing_figure(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["calc", "dose", "--city", "hugo", "--area", "1000", "--flow", "600",
            "--friction", "6", "--lift", "8", "--gph", "3000", "--json"]  # fmt: skip
    by_rule = {r["rule"]: r for r in _jsonl(capsys, *argv)}
    assert by_rule["dose.pump_capacity"]["value"] == 75
    assert by_rule["dose.pump_head"]["value"] == 19
    assert by_rule["dose.max_per_cycle"]["value"] == 150
    assert by_rule["dose.gravity_rate_dwelling"]["outcome"] is False


def test_calc_rule_by_id_with_set_inputs(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["calc", "rule", "escrow.winter", "--city", "east-bethel",
            "--set", "bids_usd=14000,16500", "--set", "work_date=2026-01-10", "--json"]  # fmt: skip
    (row,) = _jsonl(capsys, *argv)
    assert row["value"] == 20625 and row["citations"][0]["title"].startswith("Escrow")


def test_compare_a_rule_topic_across_cities(capsys: pytest.CaptureFixture[str]) -> None:
    (comp,) = _jsonl(capsys, "compare", "permit", "--set", "issue_date=2026-03-15", "--json")
    got = {row["jurisdiction"]: row["cells"][0]["value_text"] for row in comp["rows"]}
    assert got == {"chaska": "2027-03-15", "east-bethel": "2027-03-15", "hugo": "2026-09-15"}


def test_rules_lists_a_citys_rules_with_their_inputs(capsys: pytest.CaptureFixture[str]) -> None:
    rows = _jsonl(capsys, "rules", "--city", "hugo", "--topic", "holding_tank", "--json")
    assert {"id": "holding_tank.dwelling", "needs": ["bedrooms"]}.items() <= rows[0].items()
    assert all(r["origin"] == "curated" and r["quote"] for r in rows)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        P(["calc", "rule", "nope", "--city", "hugo"], "Hugo has no rule 'nope'", id="unknown-rule"),
        P(["calc", "rule", "permit.expires", "--city", "hugo", "--set", "issue_date"],
          "--set takes NAME=VALUE", id="bad-set"),
        P(["calc", "holding-tank", "--city", "hugo"], "No holding tank rule", id="no-inputs"),
    ],
)  # fmt: skip
def test_bad_rule_input_is_a_clean_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


# -- quantities as written --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        P("units with 3 and 5 bedrooms", [3, 5], "bedrooms", id="units-list"),
        P("5 homes of 3 bedrooms each", [3, 3, 3, 3, 3], "bedrooms", id="homes-each"),
        P("a duplex, each unit will have 3 bedrooms", [3, 3], "bedrooms", id="duplex-each-unit"),
        P("a triplex with 2 bedrooms per unit", [2, 2, 2], "bedrooms", id="triplex-per-unit"),
        P("a 1,000 sq ft drainfield", 1000, "sq ft", id="sqft"),
        P("the pump gives 7.5 gpm", 7.5, "gpm", id="gpm"),
        P("discharges 1,800 gallons per hour", 1800, "gph", id="gph"),
        P("bids were $14,000 and $16,500", [14000, 16500], "$", id="dollars-list"),
        P("a 40-foot well", 40, "ft", id="feet-hyphen"),
        P("18 inches of rock", 18, "in", id="inches"),
        P("permit issued March 15, 2026", date(2026, 3, 15), "date", id="date-words"),
        P("issued 2026-03-15", date(2026, 3, 15), "date", id="date-iso"),
        P("alarm at 75 %", 75, "%", id="percent"),
    ],
)
def test_quantities_are_read_with_their_units(text: str, value: Any, unit: str) -> None:
    (q,) = extract_quantities(text)
    assert (q.value, q.unit) == (value, unit)


def test_five_in_a_city_name_is_not_five_inches() -> None:
    assert extract_quantities("a 5 bedroom house in Hugo")[0].unit == "bedrooms"
    assert len(extract_quantities("what do 3 in Hugo need")) == 0


# -- the router: each asked part gets its rule ---------------------------------------------------

ROUTES = [
    P("hugo", "A duplex in Hugo has units with 3 and 5 bedrooms sharing one septic tank. What size?",
      [("tank.multi_family", {"units_bedrooms": [3, 5]})], id="duplex"),
    P("hugo", "Hugo duplex, two 3-bedroom units on one shared septic tank: minimum tank size?",
      [("tank.multi_family", {"units_bedrooms": [3, 3]})], id="two-units-of-a-size"),
    P("hugo", "Quoting a duplex in Hugo, 3 bedrooms on each side, both units on one septic tank. "
      "Minimum tank capacity?", [("tank.multi_family", {"units_bedrooms": [3, 3]})],
      id="bedrooms-on-each-side"),
    P("chaska", "Our Chaska house is a 3 bedroom rambler. We're finishing the basement with 2 more "
      "bedrooms. Is our septic tank still big enough?",
      [("tank.dwelling", {"bedrooms": 5}), ("tank.dwelling", {"bedrooms": 3})],
      id="bedrooms-added-to-the-house-after-then-before"),
    P("hugo", "How big a holding tank does a 5 bedroom house in Hugo need, and at what level must the alarm go off?",
      [("holding_tank.dwelling", {"bedrooms": 5}), ("holding_tank.alarm_level", {"bedrooms": 5})], id="two-parts"),
    P("hugo", "Pressure distribution in Hugo for a 1,000 sq ft drainfield: what pump capacity do I need, and what discharge head if friction loss is 6 ft and lift 8 ft?",
      [("dose.pump_capacity", {"soil_area_sqft": 1000}), ("dose.pump_head", {"friction_head_ft": 6, "lift_ft": 8})], id="pump-and-head"),
    P("hugo", "My well in Hugo is 40 feet deep and my drainfield is 70 feet from it. How much farther does it have to be?",
      [("setback.well_shortfall", {"component": "soil_treatment_area", "well_depth_ft": 40, "distance_ft": 70})], id="well-depth-shortfall"),
    P("hugo", "How many gallons must a common tank hold for 5 homes of 3 bedrooms each in Hugo?",
      [("tank.common_collector", {"units_bedrooms": [3, 3, 3, 3, 3]})], id="common-tank"),
    P("east-bethel", "We're selling in January 2026 in East Bethel and the bids were $14,000 and $16,500. How much escrow?",
      [("escrow.winter", {"bids_usd": [14000, 16500], "work_date": date(2026, 1, 1)})], id="escrow"),
    P("chaska", "The state table gives me 720 square feet for a bed in Chaska. How big must the bed be?",
      [("area.trench_bed", {"system_type": "bed", "base_area_sqft": 720})], id="base-figure-bed"),
    P("east-bethel", "The normal setback is 20 feet. How close can my tank be to my detached garage with no basement in East Bethel?",
      [("setback.accessory_building", {"base_setback_ft": 20})], id="base-figure-garage"),
    P("hugo", "How long is a permit valid in Hugo?", [], id="no-date-no-rule"),
    P("chaska", "Chaska issued our septic permit back in March 2024. We won't finish until "
      "October 2024 - is the permit still valid then?",
      [("permit.expires", {"issue_date": date(2024, 3, 1)})],
      id="the-date-said-with-the-event-not-the-date-asked-about"),
    P("hugo", "How far does the tank need to be from the house in Hugo, and from the well?",
      [("setback.table", {"component": "tank", "feature": "building"})],
      id="a-feature-asked-again-never-borrows-the-first-parts"),
    P("hugo", "How far must the septic tank for my 4 bedroom house be from my well in Hugo?", [],
      id="a-distance-asked-is-not-a-tank-capacity"),
    P("hugo", "In Hugo, how far can the public sewer main be from my house before I have to connect?",
      [], id="a-distance-to-the-public-sewer-is-no-setback"),
    P("east-bethel", "Compliance inspection on a 2004 system in East Bethel: the inspector measured "
      "30 inches of separation. With the 15% reduction, does it pass?",
      [("separation.existing", {"separation_in": 30.0})],
      id="a-yes-no-part-is-answered-by-the-rule-that-checks-the-measured-figure"),
    P("hugo", "Permit desk in Hugo: the owner of a 4 bedroom house is getting a holding tank "
      "approved. What's the smallest tank size we can sign off on?",
      [("holding_tank.dwelling", {"bedrooms": 4})],
      id="the-storys-holding-tank-is-the-tank-the-part-asks-the-size-of"),
]  # fmt: skip


@pytest.mark.parametrize(("city", "question", "expected"), ROUTES)
def test_each_asked_part_gets_its_rule_and_inputs(
    city: str, question: str, expected: list[tuple[str, dict[str, Any]]]
) -> None:
    u = understand(question, NAMES)
    got = [(rule.id, given) for rule, given in choose(calculators, city, u, question)]
    assert got == expected


def test_a_two_word_term_is_found_in_either_order() -> None:
    from types import SimpleNamespace

    from app.rule_route import _hits

    rule = SimpleNamespace(terms=["septic tank", "tank size"])
    assert _hits(rule, "4 bedroom house, what size tank?")[1] == {"tank size"}
    assert _hits(rule, "how big is the tank?")[1] == set()


@pytest.mark.parametrize(
    ("text", "choice"),
    [
        ("setback from a public water supply well?", "public_well"),
        ("setback from my private well?", "well"),
        ("how far from a natural environment lake?", "lake_natural_environment"),
    ],
    ids=["words-between-a-choices-words", "the-one-word-choice", "its-first-word-last"],
)
def test_a_choice_is_named_with_words_between_its_words(text: str, choice: str) -> None:
    from types import SimpleNamespace

    from app.rule_route import _flag_or_choice

    spec = SimpleNamespace(
        kind="choice", choices=["well", "public_well", "lake_natural_environment"], label="feature"
    )
    assert _flag_or_choice(spec, text) == choice


def test_a_term_is_found_in_its_plural() -> None:
    from types import SimpleNamespace

    from app.rule_route import _hits

    rule = SimpleNamespace(terms=["septic tank"])
    assert _hits(rule, "How big do the septic tanks need to be in total?")[1] == {"septic tank"}


@pytest.mark.parametrize(
    ("question", "kind", "unit"),
    [
        ("How often does the septic tank have to be pumped?", "frequency", "gal"),
        ("How far ahead do I have to call before setting tanks?", "duration", "ft"),
        ("How long do I have to fix the system after the notice?", "duration", "gal"),
    ],
    ids=["how-often-is-no-capacity", "how-far-ahead-is-no-setback", "how-long-is-no-capacity"],
)
def test_a_time_asked_is_never_answered_by_a_rule_of_another_kind_of_figure(
    question: str, kind: str, unit: str
) -> None:
    from app.rule_route import _figure_types, _unit_types

    asked = _figure_types(question)
    assert asked == {kind} and not asked & _unit_types(unit)


def test_a_part_that_asks_the_same_of_another_feature_is_its_own_part() -> None:
    q = "How far does the tank need to be from the house, and from the well?"
    assert [p.text for p in parts(q)] == [
        "How far does the tank need to be from the house",
        "from the well?",
    ]


def test_a_question_is_split_into_its_asked_parts() -> None:
    q = "What size holding tank for 5 bedrooms, and at what level must the alarm go off?"
    assert [p.asked for p in parts(q)] == [True, True]
    assert [p.asked for p in parts("a duplex with 3 and 5 bedrooms: what size tank?")] == [
        False,
        True,
    ]


def test_a_told_sentence_after_and_is_no_asked_part() -> None:
    q = (
        "Anyway we're adding on and will end up with 6 bedrooms, and she insists on a garbage "
        "disposal. We're in Testville. What size septic tank do we need now?"
    )
    asked = [p.text for p in parts(q) if p.asked]
    assert asked == ["What size septic tank do we need now?"]


# -- the UI form ----------------------------------------------------------------------------


def test_ui_rule_form_lists_every_input_the_rule_needs() -> None:
    fields = {f["name"] for f in ui_calc.rule_fields("hugo", "setback.well_shortfall")}
    assert fields == {"well_depth_ft", "impervious_ft", "component", "distance_ft"}
    form = ui_calc.rule_template("hugo", "setback.well_shortfall")
    filled = (
        form.replace("well_depth_ft = ", "well_depth_ft = 40")
        .replace("distance_ft = ", "distance_ft = 70")
        .replace("component = tank", "component = soil_treatment_area")
    )
    assert ui_calc.run_rule("hugo", "setback.well_shortfall", filled).value == 30
    assert "meets the rule" in ui_calc.value_text(
        ui_calc.run_rule("hugo", "trench.width", {"trench_width_in": 24})
    )


# -- a city with no curated rules --------------------------------------------------------------


def test_a_city_without_rules_answers_empty_everywhere(tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    shutil.copytree(RULES_DIR, folder)
    (folder / "chaska.yaml").unlink()
    base.configure(folder)
    try:
        assert rules_for("chaska") == [] and rules_for("springfield") == []
        assert apply_topic("chaska", "tank", {"bedrooms": 3}) == []
        assert needed_inputs("chaska", "tank.dwelling") == []
        assert ui_calc.rule_choices("chaska") == []
        comp = compare_topic("holding_tank", {"bedrooms": 3})
        assert [r.jurisdiction for r in comp.rows] == ["east-bethel", "hugo"]
        u = understand("What size holding tank for 3 bedrooms in Chaska?", NAMES)
        assert choose(calculators, "chaska", u, u.question) == []
    finally:
        base.configure(None)


@pytest.mark.parametrize(("city", "question", "quoted"), [
    P("chaska", "For pump failure, how much storage must a Chaska dosing chamber hold?",
      ["dose.chamber_storage"], id="asked-without-its-input"),
    P("hugo", "How much does a dog license cost in Hugo?", [], id="one-word-is-not-asking"),
    P("hugo", "What size holding tank for a 5 bedroom house in Hugo?", [], id="computable"),
])  # fmt: skip
def test_a_rule_asked_for_without_its_inputs_is_kept_to_quote(
    city: str, question: str, quoted: list[str]
) -> None:
    """A part that asks for a rule (three of its words, one in the part) but gives too little to
    compute it: the rule is kept to quote with the inputs it needs, never computed."""
    texts: list[Any] = []
    chosen = choose(calculators, city, understand(question, NAMES), question, texts)
    assert [r.id for r in texts] == quoted
    assert all(r.id not in quoted for r, _ in chosen)


@pytest.mark.parametrize(("given", "echo"), [
    P({"bedrooms": 3}, True, id="no-basement-gives-the-count-back"),
    P({"bedrooms": 3, "unfinished_basement": True}, False, id="basement-adds-one"),
])  # fmt: skip
def test_a_rule_that_gives_an_input_back_unchanged_is_not_an_answer(
    given: dict[str, Any], echo: bool
) -> None:
    from app.rule_route import _echo

    rule = next(r for r in rules_for("east-bethel") if r.topic == "bedrooms")
    assert _echo(calculators.apply_rule("east-bethel", rule.id, **given), given) is echo


class _Section:
    title = "Soil treatment area sizing"
    text = (
        "The bottom area shall be not less than 1.6 square feet per gallon of design flow. "
        "The administrator shall mail notice of a hearing to neighbors within 500 feet."
    )


class _Worker:
    """What `_speaks_of` reads: a section's text and the place names."""

    def __init__(self) -> None:
        self.names = {"testville": "Testville"}

    class retriever:  # the attribute the answerer has
        @staticmethod
        def section_text(city: str, ref: str) -> _Section:
            return _Section()


SPEAKS = [
    ("its_inputs_words", "smallest drainfield bottom area for a 2 bedroom cabin?", True),
    ("too_few_words_to_judge_by", "how big must it be?", True),
    ("another_subject", "how far out do we mail notice to neighbors for a hearing?", False),
    ("its_own_sentence", "what design flow per gallon sets the bottom area of a drainfield?", True),
]


@pytest.mark.parametrize(("text", "fits"), [s[1:] for s in SPEAKS], ids=[s[0] for s in SPEAKS])
def test_a_rule_answers_a_part_only_where_its_provision_speaks_of_what_is_asked(
    text: str, fits: bool
) -> None:
    from app.rule_route import _speaks_of
    from tools.formulas import InputSpec

    quote = "The bottom area shall be not less than 1.6 square feet per gallon of design flow."
    rule = type("R", (), {"section": "1", "title": None, "asks": "least bottom area", "quote": quote,
                          "terms": ["drainfield", "bottom area", "how far"],
                          "inputs": [InputSpec(name="bedrooms", kind="integer", label="bedrooms")]})  # fmt: skip
    found = {t for t in rule.terms if t in text}
    assert _speaks_of(_Worker(), "testville", rule, text, found) is fits


@pytest.mark.parametrize(
    ("question", "choice"),
    [
        (
            "his well casing only goes down like 35 feet. how far from the well?",
            "well_less_than_50_ft",
        ),
        ("a well less than 50 ft deep: how far away?", "well_less_than_50_ft"),
        ("our well is 120 feet deep, how far from it?", "well"),
        ("how far from the well?", None),
    ],
    ids=["a-stated-casing", "less-than-the-limit", "deeper", "no-depth-said"],
)
def test_a_well_is_told_from_a_shallow_one_by_the_depth_the_question_states(
    question: str, choice: str | None
) -> None:
    from app.rule_route import _depth_choice

    assert _depth_choice(["well", "well_less_than_50_ft", "property_line"], question) == choice


@pytest.mark.parametrize(
    ("question", "choice"),
    [
        pytest.param("the well casing is about 40 ft deep", "well_less_than_50_ft", id="shallow"),
        pytest.param("the well is 80 ft deep", None, id="deeper-row-not-listed"),
    ],
)
def test_a_shallow_well_row_is_chosen_where_the_deeper_one_is_not_its_own_choice(
    question: str, choice: str | None
) -> None:
    from app.rule_route import _depth_choice

    assert (
        _depth_choice(["well_less_than_50_ft", "public_well", "property_line"], question) == choice
    )


@pytest.mark.parametrize(
    ("question", "choice"),
    [
        pytest.param("a cabin on a Natural Environment lake: how far back?",
                     "lake_natural_environment", id="class-named-before-its-kind"),
        pytest.param("how far from a lake natural environment shoreline?",
                     "lake_natural_environment", id="as-the-key-reads"),
        pytest.param("how far from the lake?", None, id="no-class-named"),
    ],
)  # fmt: skip
def test_a_lake_class_is_chosen_by_its_name_in_either_order(question: str, choice: str) -> None:
    from app.rule_route import _flag_or_choice
    from tools.formulas import InputSpec

    spec = InputSpec(
        kind="choice", name="feature", label="feature",
        choices=["lake_natural_environment", "lake_general_development", "well"],
    )  # fmt: skip
    assert _flag_or_choice(spec, question) == choice


@pytest.mark.parametrize(
    ("text", "feature"),
    [
        pytest.param("how far from the neighbor's well?", "well", id="the-neighbours-well"),
        pytest.param("how far from my neighbor?", "property_line", id="the-neighbour"),
    ],
)
def test_a_neighbours_feature_is_that_feature(text: str, feature: str) -> None:
    from app.params import extract_params

    assert extract_params(text).feature == feature


@pytest.mark.parametrize(
    ("text", "month"),
    [
        pytest.param("We pulled it March 1, 2024 and finish up in October, right?",
                     date(2024, 10, 1), id="after-a-date-the-same-year"),
        pytest.param("Issued in October 2024; we finish by March?", date(2025, 3, 1),
                     id="an-earlier-month-is-the-next-year"),
        pytest.param("We may finish the job soon.", None, id="may-the-verb-is-no-month"),
        pytest.param("Issued March 1, 2024.", None, id="a-dated-month-is-that-date"),
    ],
)  # fmt: skip
def test_a_month_named_without_its_year_follows_the_questions_date(
    text: str, month: date | None
) -> None:
    from app.quantities import extract_quantities
    from core.dates import Month

    months = [q.value for q in extract_quantities(text) if isinstance(q.value, Month)]
    assert months[-1:] == ([month] if month else [])


STORY = "Chaska issued our septic permit in March 2024 and we finish the work in {when}."
IN_TIME = [
    ("before-the-day", STORY + " Is the permit still valid then?", "October 2024", True),
    ("after-the-day", STORY + " Is the permit still valid then?", "May 2025", False),
    ("asked-if-late", STORY + " Will it have expired by then?", "October 2024", False),
    ("asked-if-late-after", STORY + " Are we too late?", "May 2025", True),
    ("the-month-of-the-day", STORY + " Still valid then?", "March 2025", None),
    ("not-a-yes-no", STORY + " When does the permit run out?", "October 2024", None),
    ("no-other-date", "Chaska issued our permit in March 2024. Is it still valid?", "", None),
    (
        "a-month-without-its-year",
        "Chaska issued our permit March 1, 2024. Still good to finish in {when}, right?",
        "October",
        True,
    ),
]


@pytest.mark.parametrize(
    ("question", "when", "expected"), [c[1:] for c in IN_TIME], ids=[c[0] for c in IN_TIME]
)
def test_a_yes_no_question_naming_a_second_date_is_answered_by_it_against_the_computed_one(
    question: str, when: str, expected: bool | None
) -> None:
    given = {"issue_date": date(2024, 3, 1)}
    assert _in_time(question.format(when=when), "2025-03-01", given) is expected


class _Rule:
    def __init__(self, asks: str, unit: str = "gal") -> None:
        self.asks, self.unit = asks, unit


ENOUGH = [
    ("a-figure-above-the-minimum", "We were quoted a 2,200 gallon tank. Is that big enough?",
     "minimum septic tank capacity for a dwelling", True),
    ("a-figure-below-the-minimum", "We were quoted a 1,500 gallon tank. Does that meet the minimum?",
     "minimum septic tank capacity for a dwelling", False),
    ("not-a-least-figure", "We were quoted a 2,200 gallon tank. Is that big enough?",
     "alarm level of a holding tank", None),
    ("no-figure-told", "Is a tank for 4 bedrooms big enough?",
     "minimum septic tank capacity for a dwelling", None),
    ("not-asked-if-enough", "We were quoted a 2,200 gallon tank. Do we need a permit?",
     "minimum septic tank capacity for a dwelling", None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "asks", "expected"), [c[1:] for c in ENOUGH], ids=[c[0] for c in ENOUGH]
)
def test_a_yes_no_question_whether_a_told_figure_is_enough_is_answered_against_the_least_figure(
    question: str, asks: str, expected: bool | None
) -> None:
    from app.rule_route import _enough

    assert _enough(question, _Rule(asks), 2100.0, {"bedrooms": 4}) is expected


class _Terms:
    terms = ("septic tank", "tank size", "tank capacity")


@pytest.mark.parametrize(
    ("story", "named"),
    [
        ("Our installer quoted a 1,000 gallon tank for our 4 bedroom house.", 1),
        ("We have a tank for our 4 bedroom house.", 1),
        ("We added a pump tank for our 4 bedroom house.", 0),
    ],
    ids=["with-its-size", "bare", "another-kind-of-tank"],
)
def test_a_story_names_a_rule_by_its_head_word_after_an_article_and_maybe_a_size(
    story: str, named: int
) -> None:
    from app.rule_route import _head_hit

    assert _head_hit(_Terms(), story)[0] == named


@pytest.mark.parametrize(
    ("question", "system"),
    [
        pytest.param("Lot's too small for trenches so we're doing a bed. How big for 4 bedrooms?",
                     "bed", id="a-choice-the-lot-is-too-small-for-is-not-it"),
        pytest.param("No room for trenches, so a bed: how big for 4 bedrooms?", "bed",
                     id="no-room-for-a-choice"),
        pytest.param("We're putting in trenches. How big for 4 bedrooms?", "trench",
                     id="the-choice-named"),
    ],
)  # fmt: skip
def test_a_choice_the_story_rules_out_is_not_the_one_asked(question: str, system: str) -> None:
    from app.rule_route import inputs_for
    from tools.formulas import InputSpec

    spec = InputSpec(name="system_type", kind="choice", label="trench or bed",
                     choices=["trench", "bed"], default="trench")  # fmt: skip
    part = question.rsplit(". ", 1)[-1] if ". " in question else question
    assert inputs_for([spec], part, question).get("system_type") == system
