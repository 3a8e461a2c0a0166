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
    html = C.calc_result_html(C.run_tank(city, bedrooms, 0, False, False, False), NAMES)
    assert f"<strong>{text}</strong>" in html
    assert f"{NAMES[city]} " in html and "<blockquote>" in html


def test_blank_number_fields_mean_not_given() -> None:
    with pytest.raises(ToolInputError, match="bedrooms"):
        C.run_tank("hugo", 0, 0, False, False, False)


def test_site_check_skips_blank_distances() -> None:
    distances = [60.0, None, 0, None, 0, None, 5.0, None]
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
    assert headers == ["Jurisdiction", "setback from tank", "setback from soil treatment area"]
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
