"""A city added without `data/rules/<key>.yaml` is a first-class city: calculator and comparison
questions answer for the curated cities and quote the new city's own text, in the CLI, the
assistant and the UI adapters; no `Unknown jurisdiction` for an ingested city anywhere."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from app.assistant import Assistant
from app.cli import main
from app.settings import Settings
from core.errors import NoCuratedRulesError
from ingest.manifest import load_manifest
from ingest.parse import parse_document
from ingest.store import save_documents

ZOO = Path(__file__).resolve().parent.parent / "evals" / "zoo"
MANIFEST = ZOO / "pine-ridge-lake" / "manifest.yaml"
KEY = "pine-ridge-lake"


def _ingest(capsys: pytest.CaptureFixture[str]) -> None:
    ((_, source),) = load_manifest(MANIFEST)
    assert main(["ingest", str(source), "--manifest", str(MANIFEST), "--no-index"]) == 0
    capsys.readouterr()


@pytest.mark.usefixtures("tmp_home")
def test_calc_for_a_city_without_rules_quotes_its_text(capsys: pytest.CaptureFixture[str]) -> None:
    _ingest(capsys)
    assert main(["calc", "separation", "--city", KEY, "--perc", "20", "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["status"] == "no_curated_rules" and data["jurisdiction"] == KEY
    assert "no curated calculator rules" in data["summary"]
    assert data["quotes"][0]["section"] == "9-4-9"
    assert "Unknown jurisdiction" not in out + err


@pytest.mark.usefixtures("tmp_home")
def test_calc_for_a_city_without_rules_uses_the_rules_read_from_its_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _ingest(capsys)
    assert main(["calc", "tank", "--city", KEY, "--bedrooms", "3", "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["value"] == 1250.0 and data["jurisdiction"] == KEY  # table 9-4-8, 3 bedrooms
    assert "not reviewed" in data["summary"] and data["citations"][0]["section"] == "9-4-8"
    assert "Unknown jurisdiction" not in out + err


@pytest.mark.usefixtures("tmp_home")
def test_compare_lists_curated_cities_and_the_new_one_from_its_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _ingest(capsys)
    assert main(["compare", "tank", "--bedrooms", "3", "--json"]) == 0
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert {r["jurisdiction"] for r in lines[0]["rows"]} == {"chaska", "east-bethel", "hugo"}
    # the new city: the table read from its text, labelled extracted (no curated row)
    assert [(x["jurisdiction"], x["status"], x["value"]) for x in lines[1:]] == [
        (KEY, "flagged", 1250.0)
    ]
    assert "not reviewed" in lines[1]["summary"]
    assert "Unknown jurisdiction" not in out + err
    assert main(["compare", "separation", "--perc", "20", "--json"]) == 0  # nothing extracted
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(x["jurisdiction"], x["status"]) for x in lines[1:]] == [(KEY, "no_curated_rules")]


@pytest.mark.usefixtures("tmp_home")
def test_a_city_neither_ingested_nor_curated_is_still_unknown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _ingest(capsys)
    assert main(["calc", "tank", "--city", "atlantis", "--bedrooms", "3"]) == 2
    err = capsys.readouterr().err
    assert "Unknown jurisdiction 'atlantis'" in err and KEY in err


def test_tools_say_no_curated_rules_not_unknown() -> None:
    from tools.calculators import septic_tank_capacity

    with pytest.raises(
        NoCuratedRulesError, match="No curated calculator rules for 'pine-ridge-lake'"
    ):
        septic_tank_capacity(KEY, bedrooms=3)


@pytest.mark.slow
def test_unscoped_calculator_question_answers_with_a_city_without_rules(
    indexed_home: Path, tmp_path: Path, bundled_documents: list
) -> None:
    from index.build import update_index

    home = tmp_path / "home"
    shutil.copytree(indexed_home, home)
    ((entry, source),) = load_manifest(MANIFEST)
    doc = parse_document(entry, source)
    save_documents(home, [doc])
    update_index([*bundled_documents, doc], home)
    assistant = Assistant(settings=Settings(home=home))
    answer = assistant.ask("How big a septic tank for a 3 bedroom house?")
    assert not answer.refused
    assert "1,200" in answer.answer and "1,250" in answer.answer  # Hugo, Chaska: computed
    # the new city: computed from the table read from its text, labelled as such
    assert "extracted from the ordinance text, not reviewed" in answer.answer
    assert any(c.jurisdiction == KEY and c.section == "9-4-8" for c in answer.citations)
    scoped = assistant.ask("How big a septic tank for a 3 bedroom house in Pine Ridge Lake?")
    assert not scoped.refused and "Unknown jurisdiction" not in scoped.answer
    assert {c.jurisdiction for c in scoped.citations} == {KEY}
    compared = assistant.ask("Compare permit validity in Hugo and Pine Ridge Lake")
    assert {"hugo", KEY} <= {c.jurisdiction for c in compared.citations}


@pytest.mark.usefixtures("tmp_home")
def test_ui_adapters_quote_a_city_without_rules(capsys: pytest.CaptureFixture[str]) -> None:
    from app import ui_calc as C

    _ingest(capsys)
    with pytest.raises(NoCuratedRulesError):
        C.run_tank(KEY, 3, None, False, False, False)
    html = C.no_rules_html(C.run_no_rules("tank", KEY))
    assert "no curated calculator rules" in html and "9-4-8" in html
    result = C.run_compare("tank", {"bedrooms": 3})
    extra = C.no_rules_html(C.run_no_rules("tank", None, [r.jurisdiction for r in result.rows]))
    assert "Pine Ridge Lake" in extra


@pytest.mark.slow
def test_a_rule_that_says_no_leads_a_computed_figure_nobody_asked_for(
    assistant_with_city: Callable[[Path], Assistant],
) -> None:
    """'Can we put in a holding tank for the new cabin?' asks what the rules allow: the
    provision that forbids it leads the holding tank's computed size."""
    assistant = assistant_with_city(MANIFEST)
    answer = assistant.ask("We're building a new 2 bedroom cabin in Pine Ridge Lake. Can we just "
                           "put in a holding tank and have it pumped?")  # fmt: skip
    assert answer.answer.startswith("No. Pine Ridge Lake §9-4-13"), answer.answer
