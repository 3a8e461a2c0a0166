"""A city added without a rules file answers calculator questions with the rules read from its
text at ingest: the figure with its arithmetic, cited and labelled as extracted and not reviewed,
in `ordinance ask` and in `ordinance rules` / `ordinance calc`; a figure its text leaves to a
state rule abstains; the bundled cities keep their curated answers."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import yaml

from app.assistant import Assistant
from app.cli import main
from ingest.manifest import load_manifest
from tools.rules import CityRules

DATA = Path(__file__).resolve().parent / "data" / "rules"
MANIFEST = DATA / "manifest.yaml"
KEY = "maple-hollow"


@pytest.fixture(autouse=True)
def _no_extracted_rules_left_behind() -> Iterator[None]:
    """The extracted-rules reader is process state (`tools.base.use_extracted`): reset it."""
    yield
    from tools import base

    base.use_extracted(None)


@pytest.fixture(scope="module")
def assistant(assistant_with_city: Callable[[Path], Assistant]) -> Assistant:
    return assistant_with_city(MANIFEST)


ASKED = [
    ("table_with_a_column_input",
     "How big a septic tank for a 4 bedroom house with a food grinder in Maple Hollow?", "1,875"),
    ("bedroom_count_raised",
     "Maple Hollow: 3 bedrooms and a walkout basement. What size septic tank?", "1,250"),
    ("linear_flow", "What is the design flow for a 5 bedroom home in Maple Hollow?", "660"),
    ("a_tank_without_its_kind",
     "We have 4 bedrooms and a food grinder in Maple Hollow. How big a tank do we need?",
     "1,875"),
    ("a_unit_asked_of_the_thing_the_story_names",
     "Sizing a tank for a 4 bedroom home with a food grinder in Maple Hollow. What's the minimum "
     "gallons?", "1,875"),
    ("holding_tank_by_flow",
     "A restaurant in Maple Hollow with a daily flow of 300 gallons per day needs a holding "
     "tank. What's the minimum holding tank size?", "3,000"),
]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(("question", "figure"), [a[1:] for a in ASKED], ids=[a[0] for a in ASKED])
def test_a_calculator_question_is_computed_from_the_extracted_rule(
    assistant: Assistant, question: str, figure: str
) -> None:
    answer = assistant.ask(question)
    assert not answer.refused and not answer.abstained, answer.answer
    assert answer.answer.splitlines()[0].startswith(("Minimum", "Design flow")), answer.answer
    assert figure in answer.answer.splitlines()[0]
    assert "extracted from the ordinance text, not reviewed" in answer.answer
    assert "no curated calculator rules" not in answer.answer
    assert {c.jurisdiction for c in answer.citations} == {KEY}
    assert any(t.name.startswith("rule:") for t in answer.tool_calls)


@pytest.mark.slow
def test_a_question_no_extracted_rule_computes_still_quotes_the_provision_that_answers(
    assistant: Assistant,
) -> None:
    answer = assistant.ask("How often does a septic tank have to be pumped in Maple Hollow?")
    assert not answer.refused and "30 months" in answer.answer, answer.answer
    assert any(c.section == "12-6" for c in answer.citations)


@pytest.mark.slow
def test_a_figure_for_a_dwelling_does_not_answer_for_a_restaurant(assistant: Assistant) -> None:
    answer = assistant.ask("What design flow do I use for a 40-seat restaurant in Maple Hollow?")
    assert answer.abstained and "7081" in answer.answer, answer.answer
    assert not any(f in answer.answer for f in ("300 gallons per day", "540", "660"))


@pytest.mark.slow
def test_a_date_the_user_gives_is_counted_by_the_extracted_period(assistant: Assistant) -> None:
    answer = assistant.ask(
        "Our septic tank in Maple Hollow was last pumped on June 1, 2025. When is the next "
        "pumping due?"
    )
    assert "2027-12-01" in answer.answer and "not reviewed" in answer.answer, answer.answer


@pytest.mark.slow
def test_the_bundled_cities_keep_their_curated_figures(assistant: Assistant) -> None:
    answer = assistant.ask("How big a septic tank for a 4 bedroom house in Hugo?")
    assert "1,200" in answer.answer and "not reviewed" not in answer.answer


@pytest.mark.usefixtures("tmp_home")
def test_rules_lists_the_extracted_rules_and_prints_a_file_to_review(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ((_, source),) = load_manifest(MANIFEST)
    assert main(["ingest", str(source), "--manifest", str(MANIFEST), "--no-index"]) == 0
    capsys.readouterr()
    assert main(["rules", "--city", KEY]) == 0
    out = capsys.readouterr().out
    assert "tank.table.12-3" in out and "extracted" in out and "not reviewed" in out
    assert main(["rules", "--city", KEY, "--extracted", "--yaml"]) == 0
    text = capsys.readouterr().out
    city = CityRules.model_validate(yaml.safe_load(text))  # a valid rules file as printed
    assert city.jurisdiction == KEY and {r.origin for r in city.rules} == {"extracted"}
    assert main(["calc", "rule", "flow.dwelling.12-2", "--city", KEY, "--set", "bedrooms=4",
                 "--json"]) == 0  # fmt: skip
    result = json.loads(capsys.readouterr().out)
    assert result["value"] == 540.0 and result["status"] == "flagged"  # 300 + 2 x 120
    assert any("not reviewed" in w for w in result["warnings"])


@pytest.mark.usefixtures("tmp_home")
def test_the_ui_rule_form_offers_the_extracted_rules_labelled(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from app import ui_calc as C
    from app.cli import common

    ((_, source),) = load_manifest(MANIFEST)
    assert main(["ingest", str(source), "--manifest", str(MANIFEST), "--no-index"]) == 0
    capsys.readouterr()
    common.configure_rules()  # as the UI does at start, over the same home
    choices = dict((rule_id, label) for label, rule_id in C.rule_choices(KEY))
    assert "not reviewed" in choices["tank.table.12-3"]
    assert not any(i.endswith(".as-printed") for i in choices)  # helpers are not offered
    fields = {f["name"] for f in C.rule_fields(KEY, "tank.table.12-3")}
    assert {"bedrooms", "food_grinder", "walkout_basement"} <= fields
    result = C.run_rule(KEY, "tank.table.12-3", "bedrooms = 5\nfood_grinder = yes")
    assert result.value == 2250.0


@pytest.mark.usefixtures("tmp_home")
def test_calc_setback_uses_the_extracted_setbacks_of_a_city_without_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ((_, source),) = load_manifest(MANIFEST)
    assert main(["ingest", str(source), "--manifest", str(MANIFEST), "--no-index"]) == 0
    capsys.readouterr()
    assert main(["calc", "features", "--city", KEY]) == 0
    listed = capsys.readouterr().out.split()
    assert listed[:3] == ["property_line", "building", "well"] and "water_pipe" in listed
    assert main(["calc", "setback", "--city", KEY, "--feature", "well", "--component",
                 "soil_treatment_area", "--json"]) == 0  # fmt: skip
    result = json.loads(capsys.readouterr().out)
    assert result["value"] == 75.0 and result["status"] == "flagged"
    assert result["citations"][0]["section"] == "12-7"
    assert any("not reviewed" in w for w in result["warnings"])


@pytest.mark.slow
def test_a_how_far_question_is_computed_from_the_extracted_setbacks(assistant: Assistant) -> None:
    answer = assistant.ask("In Maple Hollow how far does a drainfield have to be from a well?")
    assert "75" in answer.answer and "not reviewed" in answer.answer, answer.answer
    assert any(c.section == "12-7" for c in answer.citations)


@pytest.mark.slow
def test_a_distance_asked_of_another_subject_is_not_computed_by_the_setback_rule(
    assistant: Assistant,
) -> None:
    answer = assistant.ask("Maple Hollow: how far out does the city mail notice to neighbors?")
    assert not any(t.name.startswith("rule:setback") for t in answer.tool_calls), answer.answer
    setback = assistant.ask("Maple Hollow: how far must my drainfield be from the lot line?")
    assert any(t.name.startswith("rule:setback") for t in setback.tool_calls), setback.answer
    assert "10 ft" in setback.answer.splitlines()[0]


@pytest.mark.slow
def test_the_sewer_of_a_story_about_a_sewer_main_is_not_a_setback(assistant: Assistant) -> None:
    answer = assistant.ask(
        "A sewer main is being run down our road in Maple Hollow. How close does the sewer have "
        "to be before a house has to hook up?"
    )
    assert not any(t.name.startswith("rule:setback") for t in answer.tool_calls), answer.answer
