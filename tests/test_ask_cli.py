"""`ordinance ask`: one question as text or JSON, and a file of questions as JSON Lines."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.cli import app

pytestmark = pytest.mark.slow

KEYS = {
    "question",
    "jurisdictions",
    "answer",
    "refused",
    "abstained",
    "clarification",
    "citations",
    "tool_calls",
    "mode",
    "elapsed_ms",
    "error",
}
CITATION_KEYS = {"jurisdiction", "section", "title", "label", "quote", "source", "page"}


@pytest.fixture
def home_env(indexed_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ORDINANCE_HOME", str(indexed_home))
    from app.settings import get_settings

    get_settings.cache_clear()
    yield indexed_home
    get_settings.cache_clear()


def test_ask_json_gives_1250_gallons_citing_section_98(home_env: Path) -> None:
    result = CliRunner().invoke(
        app, ["ask", "How big a septic tank does a 4 bedroom house in Chaska need?", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == KEYS and all(set(c) == CITATION_KEYS for c in data["citations"])
    assert "1,250 gallons" in data["answer"]
    assert any(
        c["section"] == "98" and c["source"] == "chaska-mn-chapter-19.txt"
        for c in data["citations"]
    )
    assert data["tool_calls"][0]["name"] == "septic_tank_capacity"
    assert data["tool_calls"][0]["result"]["value"] == 1250


def test_ask_text_lists_the_citations(home_env: Path) -> None:
    result = CliRunner().invoke(app, ["ask", "What does East Bethel say about drip systems?"])
    assert result.exit_code == 0, result.output
    assert "Prohibited systems" in result.output and "[1]" in result.output


def test_ask_with_unknown_city_is_a_clean_error(home_env: Path) -> None:
    from app.cli import main

    assert main(["ask", "tank size for 3 bedrooms", "--city", "atlantis"]) == 2


def test_ask_stdin_answers_a_file_of_questions_line_for_line(
    indexed_home: Path, tmp_path: Path
) -> None:
    questions = [
        "How big a septic tank does a 4 bedroom house in Chaska need?",
        "What is the permit fee in East Bethel?",
        "",
        "compare permit validity in Hugo and Chaska",
        "What is the speed limit in Hugo?",
        "How big a tank for 500 bedrooms in Hugo?",
        "x" * 5000,
    ]
    env = {
        **os.environ,
        "ORDINANCE_HOME": str(indexed_home),
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
    }
    proc = subprocess.run(
        [str(Path(sys.executable).with_name("ordinance")), "ask", "--json", "-"],
        input="\n".join(questions) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(lines) == len(questions)  # one output line per input line, the blank one too
    assert [d["question"][:60] for d in lines] == [q[:60] for q in questions]
    assert all(set(d) == KEYS for d in lines)
    assert "1,250 gallons" in lines[0]["answer"] and lines[0]["error"] is None
    assert "set by resolution" in lines[1]["answer"]
    assert lines[2]["answer"] is None and "Empty question" in lines[2]["error"]
    assert {c["jurisdiction"] for c in lines[3]["citations"]} == {"hugo", "chaska"}
    assert lines[4]["refused"] is True
    assert lines[5]["answer"] is None and "bedrooms must be" in lines[5]["error"]
    too_long = lines[6]
    assert too_long["answer"] is None and "characters long; the limit is" in too_long["error"]
    assert len(too_long["question"]) < 300 and "(5,000 characters)" in too_long["question"]


def test_plain_ask_prints_no_debug_lines_and_v_shows_them(home_env: Path) -> None:
    question = "How long is a septic permit valid in Hugo?"
    plain = CliRunner().invoke(app, ["ask", question])
    assert plain.exit_code == 0, plain.output
    assert "6 months" in plain.stdout or "six (6) months" in plain.stdout
    assert "tool " not in plain.output and " ms" not in plain.output
    verbose = CliRunner().invoke(app, ["-v", "ask", question])
    assert verbose.exit_code == 0, verbose.output
    assert "tool rule_fact(" in verbose.output and " ms" in verbose.output


def test_city_option_never_silently_overrides_the_city_the_question_names(
    home_env: Path,
) -> None:
    result = CliRunner().invoke(
        app, ["ask", "How long is a permit valid in Chaska?", "--city", "hugo", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["jurisdictions"] == ["chaska"]
    assert "twelve (12) months" in data["answer"] and "six (6)" not in data["answer"]
    assert "names Chaska but Hugo was selected" in data["answer"]
    assert all(c["jurisdiction"] == "chaska" for c in data["citations"])
