"""`ordinance calc ...` and `ordinance compare ...`: the issue's "done when" checks, --json output,
clean error messages."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from app.cli import main
from app.input_names import INPUTS


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_tank_hugo_four_bedrooms_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "calc", "tank", "--city", "hugo", "--bedrooms", "4", "--json")
    assert (data["value"], data["unit"], data["status"]) == (1200.0, "gal", "ok")
    assert {c["section"] for c in data["citations"]} == {"404.04"}


def test_tank_chaska_four_bedrooms_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "calc", "tank", "--city", "chaska", "--bedrooms", "4", "--json")
    assert data["value"] == 1250.0
    assert {c["section"] for c in data["citations"]} == {"98"}


def test_tank_east_bethel_four_bedrooms_json_defers_without_a_number(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _json(capsys, "calc", "tank", "--city", "east-bethel", "--bedrooms", "4", "--json")
    assert data["value"] is None and data["status"] == "deferred"
    assert "Minn. R. 7080.1930, subp. 1, Table V" in str(data["summary"])
    titles = {c["title"] for c in data["citations"]}
    assert titles == {
        "Minimum septic tank capacity for dwellings, and pump tank sizes, and other tank requirements"
    }


@pytest.mark.parametrize(("rock", "sqft"), [("12", 751.5), ("24", 496.0)])
def test_area_hugo_three_bedrooms_at_20(
    capsys: pytest.CaptureFixture[str], rock: str, sqft: float
) -> None:
    data = _json(capsys, "calc", "area", "--city", "hugo", "--bedrooms", "3", "--perc", "20",
                 "--rock", rock, "--json")  # fmt: skip
    assert data["value"] == sqft and data["steps"]


def test_area_pretty_output_shows_value_steps_and_quotes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["calc", "area", "--city", "hugo", "--bedrooms", "3", "--perc", "20"]) == 0
    out = capsys.readouterr().out
    assert "751.5 sq ft" in out and "Steps" in out and '"16 - 30 1 .67"' in out


@pytest.mark.parametrize("argv", [
    pytest.param(["calc", "flow", "--city", "hugo", "--bedrooms", "3"], id="flow"),
    pytest.param(["calc", "setback", "--city", "hugo", "--feature", "well", "--component", "soil_treatment_area"], id="setback"),
    pytest.param(["calc", "separation", "--city", "hugo", "--perc", "10"], id="separation"),
    pytest.param(["calc", "pumping", "--city", "hugo", "--sludge", "10", "--scum", "5"], id="pumping"),
])  # fmt: skip
def test_calc_subcommands_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    data = _json(capsys, *argv, "--json")
    assert data["jurisdiction"] == "hugo" and data["citations"]
    assert data["value"] in (450.0, 100.0, 48.0, None)


def test_site_json_and_pretty(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(
        capsys,
        "calc",
        "site",
        "--city",
        "hugo",
        "--tank-to-well",
        "60",
        "--sta-to-well",
        "80",
        "--json",
    )
    assert data["all_pass"] is False
    assert main(["calc", "site", "--city", "hugo", "--tank-to-well", "60"]) == 0
    assert "passes" in capsys.readouterr().out


def test_features_lists_hugo_rows(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calc", "features", "--city", "hugo"]) == 0
    assert "lake_general_development" in capsys.readouterr().out.split()


def test_compare_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "compare", "tank", "--bedrooms", "4", "--json")
    values = {r["jurisdiction"]: r["cells"][0]["value"] for r in data["rows"]}
    assert values == {"chaska": 1250.0, "east-bethel": None, "hugo": 1200.0}


def test_compare_pretty(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "permit_validity"]) == 0
    out = capsys.readouterr().out
    assert "6 months" in out and "12 months" in out


@pytest.mark.parametrize(("argv", "message"), [
    pytest.param(["calc", "tank", "--city", "hugo", "--bedrooms", "2.5"], "got 2.5", id="fractional"),
    pytest.param(["calc", "tank", "--city", "hugo", "--bedrooms", "500"], "from 1 to 30, got 500", id="huge"),
    pytest.param(["calc", "tank", "--city", "hugo", "--bedrooms", "0"], "got 0", id="zero"),
    pytest.param(["calc", "tank", "--city", "atlantis", "--bedrooms", "3"], "Unknown jurisdiction 'atlantis'", id="city"),
    pytest.param(["calc", "area", "--city", "hugo", "--bedrooms", "3", "--perc", "-4"], "got -4.0", id="perc"),
    pytest.param(["calc", "area", "--city", "hugo", "--bedrooms", "3", "--perc", "20", "--rock", "15"], "--rock must be one of 12, 18, 24, got 15", id="rock"),
    pytest.param(["calc", "tank", "--city", "hugo"], "`calc tank` needs --bedrooms (a dwelling) or --flow", id="no-bedrooms"),
    pytest.param(["calc", "tank", "--city", "hugo", "--bedrooms", "3", "--flow", "400"], "Give --bedrooms (3) or --flow (400.0), not both", id="both"),
    pytest.param(["calc", "site", "--city", "hugo"], "e.g. --tank-to-well 60", id="no-distance"),
    pytest.param(["compare", "setback"], "needs --feature", id="setback-feature"),
    pytest.param(["calc", "setback", "--city", "hugo", "--feature", "volcano"], "Unknown setback feature 'volcano'", id="feature"),
    pytest.param(["compare", "colour"], "Unknown topic 'colour'", id="topic"),
])  # fmt: skip
def test_bad_input_is_a_clean_error_with_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in " ".join(captured.err.split())
    assert "Traceback" not in captured.err and captured.out == ""
    internal = [name for name in INPUTS if "_" in name and name in captured.err]
    assert internal == [], f"the error names parameters the CLI has no flag for: {internal}"


@pytest.mark.parametrize(("argv", "meant"), [
    pytest.param(["compare", "tanks"], "tank", id="topic"),
    pytest.param(["compare", "permit_valdity"], "permit_validity", id="fact"),
    pytest.param(["calc", "setback", "--city", "hugo", "--feature", "wel"], "well", id="feature"),
    pytest.param(["calc", "tank", "--city", "hugoo", "--bedrooms", "3"], "hugo", id="city"),
])  # fmt: skip
def test_a_mistyped_value_gets_did_you_mean(
    capsys: pytest.CaptureFixture[str], argv: list[str], meant: str
) -> None:
    assert main(argv) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert re.search(rf"Did you mean:? {re.escape(meant)}\b", err), err


@pytest.mark.parametrize("topic", ["tank", "flow"])
def test_compare_without_bedrooms_shows_every_citys_whole_table(
    capsys: pytest.CaptureFixture[str], topic: str
) -> None:
    assert main(["compare", topic]) == 0
    out = capsys.readouterr().out
    if topic == "tank":
        assert "2 or less" in out and "7, 8, or 9" in out
        assert "1,250 gal" in out and "1,200 gal" in out and "2,000 gal" in out
    assert "Chaska" in out and "East Bethel" in out and "Hugo" in out
    data = _json(capsys, "compare", topic, "--json")
    assert {t["jurisdiction"] for t in data["tables"]} == {"chaska", "east-bethel", "hugo"}


def test_holding_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "calc", "holding", "--city", "hugo", "--bedrooms", "4", "--json")
    assert data["value"] == 1600.0 and data["citations"][0]["section"] == "502.05"
