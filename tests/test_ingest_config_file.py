"""A township ordinance kept as a configuration file (YAML saved as `.txt`, or JSON): an export
banner in comments, the document's metadata, a contents list, parts holding sections, each
section a block with its number, title and text (a literal block, a folded one, or a list of
item mappings), history lists and editor's notes, an amendments list; a fixed-width table in a
literal block. It reads as the ordinance's plain text: its sections under their parts, its
tables' rules, none of the metadata."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import (
    FORMATS,
    parse_fixture,
    run_extracted,
    sections_by_ref,
)

from ingest.configtext import config_to_text, looks_like_config
from ingest.loaders import load_source

CONFIG = FORMATS / "manifest-config-file-township.yaml"


def test_a_section_sits_under_its_part() -> None:
    assert sections_by_ref(parse_fixture(CONFIG))["3.1"].path == ["ARTICLE 3. DESIGN STANDARDS"]


def test_no_metadata_or_markup_stays_in_the_text() -> None:
    by_ref = sections_by_ref(parse_fixture(CONFIG))
    text = "\n".join(s.text for s in by_ref.values())
    for mark in (
        "records system",
        "status:",
        "in force",
        "editor_note",
        "text: |",
        "- id:",
        "amended this section",
    ):
        assert mark not in text
    assert by_ref["2.1"].text.startswith("(a) No person shall install")
    assert "(b) A permit is not required to pump a tank" in by_ref["2.1"].text


_KEYED = """title: Sewage treatment systems
chapter: "9"
sections:
  "9.01":
    title: Purpose
    body:
      - This chapter protects the waters of the city from untreated sewage discharges.
  "9.02":
    title: Permits
    body:
      - No person shall install a system without a permit from the city inspector.
      - A permit is valid for one (1) year from the date it is issued by the inspector.
  "9.10":
    title: Pumping
    body:
      - Every tank shall be pumped at least once every three (3) years by a licensed business.
meta: {a: b, c: d, e: f, g: h, i: j, k: l}
updated: "2024-03-01"
by: clerk
status: current
"""
_NUMBER_IN_KEY = """ordinance: Septic systems
"4.1 Purpose": |
  This ordinance protects the waters of the township from sewage.
"4.2 Permits": |
  No person shall install a system without a permit from the township.
"4.10 Pumping": |
  Every tank shall be pumped at least once every three (3) years.
a: 1
b: 2
c: 3
d: 4
e: 5
f: 6
g: 7
"""
_JSON = json.dumps(
    {
        "updated": "2024-03-01",
        "sections": [
            {"section": "5-1", "heading": "Purpose",
             "paragraphs": ["This article protects the county's waters from untreated sewage."]},
            {"section": "5-2", "heading": "Permits",
             "paragraphs": [{"label": "a", "text": "No person shall install a system without a "
                             "permit from the county administrator."}]},
            {"section": "5-3", "heading": "Pumping",
             "paragraphs": ["Every septic tank shall be pumped at least once every three (3) "
                            "years."]},
        ],
    },
    indent=2,
)  # fmt: skip


_PAD = "".join(f"k{i}: v\n" for i in range(6))  # enough key lines to be told a configuration
_ACT = "Every owner shall act within {i}0 days after the notice is mailed to them"


def _blocks(head: str, block: str, count: int = 3, tail: str = _PAD) -> str:
    """A configuration text: `head`, `block` once per section (its `{i}` the section's place),
    then `tail`."""
    return head + "".join(block.format(i=i) for i in range(1, count + 1)) + tail


_PART_FIELD = _blocks(
    "title: Septic systems\nupdated: '2024-03-01'\nsections:\n",
    "  - part: '4'\n    number: '4.{i}'\n    title: Rule {i}\n    text: |\n      " + _ACT + ".\n",
    count=4,
)
_STREAM = _blocks(
    "---\n# exported\ntitle: Septic systems\n" + "".join(f"k{i}: v\n" for i in range(10))
    + "---\nsections:\n",
    "  '6.{i} Rule {i}':\n    status: current\n    text: |\n      " + _ACT + ".\n",
    tail="...\n",
)  # fmt: skip
_SUMMARIZED = _blocks(
    "title: Septic systems\nsummaries:\n  - number: '7.1'\n    title: Tanks\n"
    "    summary: This section says how big a tank must be, by the number of bedrooms.\n"
    "sections:\n",
    "  - number: '7.{i}'\n    title: Rule {i}\n    text: " + _ACT + " by the county.\n",
    tail="toc:\n  - {number: '7.2', title: Rule 2, summary: 'What the owner must do, and how "
    "soon, after the notice is mailed.'}\n" + _PAD,
)
_WORDED_FIELDS = _blocks(
    "Ordinance: Septic systems\nSections:\n",
    "  - Part Number: '4'\n    Section Number: '4.{i}'\n    sectionTitle: Rule {i}\n"
    "    Status: in force\n    Text: " + _ACT + ".\n",
)
_LINE_BY_LINE = _blocks(
    "title: Septic systems\nsections:\n",
    "  - number: '8.{i}'\n    title: Rule {i}\n    lines:\n"
    "      - Every owner shall act within {i}0\n      - days after the notice is mailed\n"
    "      - to them by the township office.\n",
)


@pytest.mark.parametrize(
    ("text", "heads"),
    [
        pytest.param(_LINE_BY_LINE, [f"Section 8.{i}. Rule {i}." for i in range(1, 4)],
                     id="a-paragraph-given-line-by-line"),
        pytest.param(_WORDED_FIELDS, [f"Section 4.{i}. Rule {i}." for i in range(1, 4)],
                     id="field-names-of-several-words"),
        pytest.param(_SUMMARIZED, [f"Section 7.{i}. Rule {i}." for i in range(1, 4)],
                     id="each-section-once-with-its-own-text"),
        pytest.param(_STREAM, [f"Section 6.{i}. Rule {i}." for i in range(1, 4)],
                     id="two-documents-and-the-title-in-the-key"),
        pytest.param(_PART_FIELD, [f"Section 4.{i}. Rule {i}." for i in range(1, 5)],
                     id="a-sections-number-before-the-part-it-is-in"),
        pytest.param(_KEYED, ["Section 9.01. Purpose.", "Section 9.02. Permits.",
                              "Section 9.10. Pumping."], id="sections-keyed-by-their-numbers"),
        pytest.param(_NUMBER_IN_KEY, ["Section 4.1. Purpose.", "Section 4.2. Permits.",
                                      "Section 4.10. Pumping."], id="number-and-title-in-the-key"),
        pytest.param(_JSON, ["Section 5-1. Purpose.", "Section 5-2. Permits.",
                             "Section 5-3. Pumping."], id="json-with-item-mappings"),
    ],
)  # fmt: skip
def test_each_shape_of_section_block_is_read_as_a_heading_and_its_text(
    text: str, heads: list[str]
) -> None:
    assert looks_like_config(text)
    printed = config_to_text(text)
    assert [line for line in printed.splitlines() if line.startswith("Section ")] == heads
    assert "2024-03-01" not in printed and "clerk" not in printed


def test_a_json_file_is_loaded_by_its_extension(tmp_path: Path) -> None:
    path = tmp_path / "ordinance.json"
    path.write_text(_JSON, encoding="utf-8")
    assert "(a) No person shall install a system" in load_source(path).text


def test_a_table_given_as_rows_of_cells_is_read_as_a_printed_table(tmp_path: Path) -> None:
    from ingest import load_manifest, parse_document

    rows = "".join(
        f"        - ['{b}', '{g}']\n"
        for b, g in [("2 or fewer", "1,050"), ("3", "1,300"), ("4", "1,550")]
    )
    text = (
        "title: Septic systems\nsections:\n"
        "  - number: '3.1'\n    title: Septic tanks\n"
        "    text: Every septic tank shall have the liquid capacity shown in Table 3.1 below.\n"
        "    table:\n      caption: TABLE 3.1 MINIMUM SEPTIC TANK CAPACITY (GALLONS)\n"
        "      header: [Bedrooms, Capacity]\n      rows:\n" + rows
        + "".join(f"  - number: '3.{i}'\n    title: Rule {i}\n    text: Every owner shall act "
                  f"within {i}0 days after the notice is mailed to them.\n" for i in (2, 3))
        + "".join(f"k{i}: v\n" for i in range(6))
    )  # fmt: skip
    (tmp_path / "t.txt").write_text(text, encoding="utf-8")
    (tmp_path / "manifest.yaml").write_text(
        "documents:\n  - jurisdiction: tamsen-township\n    name: Tamsen Township\n"
        "    instrument: Ordinance 1\n    source: t.txt\n",
        encoding="utf-8",
    )
    ((entry, source),) = load_manifest(tmp_path / "manifest.yaml")
    doc = parse_document(entry, source)
    assert run_extracted(doc.rules, "tank.table.3.1", bedrooms=3).value == 1300.0
