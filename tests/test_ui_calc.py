"""Calculator and comparison rendering, and the form adapters, over the real curated rules."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from app import ui_calc as C
from core.errors import ToolInputError
from tools.records import CalcResult, Provenance

NAMES = {"chaska": "Chaska", "east-bethel": "East Bethel", "hugo": "Hugo"}


@pytest.mark.parametrize(
    ("city", "bedrooms", "text"),
    [
        pytest.param("hugo", 4, "1,200 gallons", id="hugo-4"),
        pytest.param("chaska", 4, "1,250 gallons", id="chaska-4"),
        pytest.param("hugo", 2, "1,000 gallons", id="hugo-2"),
        pytest.param(
            "east-bethel", 4, "set by a state rule not in this corpus", id="east-bethel-defers"
        ),
    ],
)
def test_tank_form_renders_value_and_citation(city: str, bedrooms: int, text: str) -> None:
    html = C.calc_result_html(C.run_tank(city, str(bedrooms), "", False, False, False), NAMES)
    assert f"<strong>{text}</strong>" in html
    assert f"{NAMES[city]} " in html and "<blockquote>" in html


def test_blank_number_fields_mean_not_given() -> None:
    from app.ui_logic import error_html

    with pytest.raises(ToolInputError) as err:
        C.run_tank("hugo", "", " ", False, False, False)
    html = error_html(err.value)
    assert "The septic tank calculator needs &quot;Bedrooms&quot;" in html
    assert "daily_flow_gpd" not in html and "septic_tank_capacity" not in html


@pytest.mark.parametrize(
    ("value", "message"),
    [
        pytest.param("three", "\"Bedrooms\" must be a number, got 'three'", id="words"),
        pytest.param("2.5", '"Bedrooms" must be a whole number', id="fraction"),
        pytest.param("99", '"Bedrooms" must be a whole number from 1 to 30, got 99', id="range"),
    ],
)
def test_a_bad_form_value_is_reported_in_the_forms_words(value: str, message: str) -> None:
    from app.input_names import in_user_words

    with pytest.raises(ToolInputError) as err:
        C.run_tank("hugo", value, "", False, False, False)
    assert message in in_user_words(str(err.value), "web")


def test_a_rule_without_a_number_shows_its_words_and_status_once() -> None:
    fee = C.run_compare("permit_fee", {}).rows[0].cells[0]
    assert "resolution" in C.value_text(fee) and "from the ordinance" not in C.value_text(fee)
    html = C.calc_result_html(C.run_tank("east-bethel", "4", "", False, False, False), NAMES)
    assert html.count("set by a state rule not in this corpus") == 1


def test_site_check_skips_blank_distances() -> None:
    distances = ["60", None, "", None, " ", None, "5", None]
    check = C.run_site_check("hugo", distances, "well_shallow", "unclassified_water")
    assert [(r.component, r.feature, r.passes) for r in check.rows] == [
        ("tank", "well_shallow", True),
        ("soil_treatment_area", "property_line", False),
    ]
    html = C.site_check_html(check, NAMES)
    assert "FAILS" in html and "passes" in html and "Hugo §404.09" in html


def test_compare_passes_only_parameters_the_calculator_takes() -> None:
    values = {
        "bedrooms": 4.0,
        "perc_rate_min_per_inch": 20,
        "sludge_to_outlet_baffle_in": 15,
        "scum_to_outlet_baffle_in": 5,
        "feature": "building",
    }
    tank = C.run_compare("tank", values)
    assert tank.parameters == {"bedrooms": 4}
    assert C.run_compare("permit_validity", values).parameters == {}
    assert C.run_compare("setback", values).parameters == {"feature": "building"}


def test_setback_comparison_has_a_column_per_component() -> None:
    headers, rows = C.comparison_table(C.run_compare("setback", {"feature": "building"}), NAMES)
    assert headers == ["City", "setback from the tank", "setback from the soil treatment area"]
    assert [r[0] for r in rows] == ["Chaska", "East Bethel", "Hugo"]
    assert all(len(r) == 3 for r in rows)


def test_comparison_csv_round_trips(tmp_path: Path) -> None:
    comparison = C.run_compare("tank", {"bedrooms": 4})
    headers, rows = C.comparison_table(comparison, NAMES)
    path = Path(C.write_csv(headers, rows, "tank"))
    try:
        table = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    finally:
        path.unlink()
    assert table[0] == headers
    hugo = next(r for r in table if r[0] == "Hugo")
    assert hugo[1].startswith("1,200 gallons [Hugo §404.04")
    html = C.comparison_html(comparison, NAMES)
    assert "?city=hugo&amp;section=404.04" in html


def test_flagged_values_are_marked_uncertain_and_text_escaped() -> None:
    result = CalcResult(
        tool="setback",
        jurisdiction="hugo",
        status="flagged",
        value=30,
        unit="ft",
        summary="<b>OCR</b> cell",
        citations=[
            Provenance(
                jurisdiction="hugo", section="404.09", quote="<script>x</script>", confidence="low"
            )
        ],
        warnings=["uncertain <i>value</i>"],
    )
    html = C.calc_result_html(result, NAMES)
    assert "uncertain transcription" in html and "(confidence: low)" in html
    assert "<script>" not in html and "<b>" not in html and "<i>" not in html
    assert C.value_text(result) == "30 feet"


@pytest.mark.parametrize(
    ("provenance", "label"),
    [
        pytest.param(
            Provenance(jurisdiction="hugo", section="404.04", quote="q"),
            "Hugo §404.04",
            id="numbered",
        ),
        pytest.param(
            Provenance(jurisdiction="east-bethel", section=None, title="Permits", quote="q"),
            'East Bethel "Permits"',
            id="titled",
        ),
        pytest.param(
            Provenance(
                jurisdiction="east-bethel",
                section=None,
                title="Permits",
                quote="q",
                source="state",
                rule_part="Minn. R. 7080.2290",
            ),
            "Minn. R. 7080.2290 (state rule adopted by East Bethel)",
            id="state",
        ),
    ],
)
def test_provenance_labels(provenance: Provenance, label: str) -> None:
    assert C.provenance_label(provenance, NAMES) == label


@pytest.mark.parametrize(
    ("sludge_in", "expected"),
    [pytest.param(10, "Yes", id="sludge-too-close"), pytest.param(20, "No", id="not-yet")],
)
def test_pumping_form_answers_yes_or_no(sludge_in: float, expected: str) -> None:
    result = C.run_pumping("east-bethel", sludge_in, 5)
    assert C.value_text(result) == expected
    assert f"<strong>{expected}</strong>" in C.calc_result_html(result, NAMES)
