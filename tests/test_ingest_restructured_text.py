"""A township ordinance kept as the reStructuredText source of a web edition and saved as
`.txt`: titles underlined under underlined parts, labels, substitutions, header/footer and
contents directives, change notes, footnotes, a grid table and a simple table, navigation links.
It reads as the ordinance's plain text: its sections, its tables' rules, no markup."""

from __future__ import annotations

import pytest
from helpers import FORMATS, expected_sections, parse_fixture, sections_by_ref
from test_rule_extraction import _run

from ingest.markup import looks_like_rst

RST = FORMATS / "manifest-restructured-text-township.yaml"


@pytest.mark.parametrize(
    ("name", "rst"),
    [
        pytest.param("restructured_text_township.txt", True, id="rst-source-saved-as-txt"),
        pytest.param("american_legal_chapter.txt", False, id="plain-code-text"),
        pytest.param("general_code_chapter.txt", False, id="plain-code-text-2"),
    ],
)
def test_a_restructured_text_source_is_told_by_its_marks(name: str, rst: bool) -> None:
    assert looks_like_rst((FORMATS / name).read_text(encoding="utf-8")) is rst


def test_every_underlined_section_is_found_with_its_title() -> None:
    got = [(s.section, s.title) for s in parse_fixture(RST).sections if s.kind == "section"]
    assert got == expected_sections("restructured_text_township")


def test_no_markup_stays_in_a_sections_text_and_substitutions_are_written_out() -> None:
    by_ref = sections_by_ref(parse_fixture(RST))
    text = "\n".join(s.text for s in by_ref.values())
    for mark in (".. ", "|ZA|", "|SA|", "[#f1]_", "+---", "<index.html>", "PageBreak", "====="):
        assert mark not in text
    assert "permit from the Zoning Administrator." in by_ref["2.01"].text


def test_a_change_note_is_a_history_note_of_its_section_not_a_provision() -> None:
    section = sections_by_ref(parse_fixture(RST))["2.01"]
    assert "no longer need a permit" not in section.text
    assert "[Amended 2023: Repairs of baffles and lids no longer need a permit.]" in section.notes


@pytest.mark.parametrize(
    ("rule", "inputs", "value"),
    [
        pytest.param("tank.table.3.01", {"bedrooms": 3}, 1200.0, id="grid-table-row"),
        pytest.param("tank.table.3.01", {"bedrooms": 7}, 2400.0, id="grid-table-and-step"),
        pytest.param(
            "setback.table.3.02",
            {"feature": "well", "component": "soil_treatment_area"},
            100.0,
            id="simple-table-column-named-by-a-substitution",
        ),
        pytest.param(
            "setback.table.3.02",
            {"feature": "well", "component": "tank"},
            50.0,
            id="simple-table-tank-column",
        ),
    ],
)
def test_the_tables_of_a_restructured_text_source_are_read_as_rules(rule, inputs, value) -> None:
    doc = parse_fixture(RST)
    assert _run(list(doc.rules), rule, **inputs).value == value
