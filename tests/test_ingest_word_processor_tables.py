"""A word processor's export keeps its tables as it set them: a table whose cells are separated
by tabs, and a two-column fixed-width table that a page break (footer and running head) splits,
read as rows and as rules (fictional Tealwater, `tests/data/formats/wordproc_tab_tables.txt`)."""

from __future__ import annotations

import pytest
from helpers import FORMATS, parse_fixture, run_extracted, sections_by_ref

from ingest.matter import tidy, two_cell_rows
from ingest.records import ParsedDocument
from ingest.tabbed import tabbed_tables

MANIFEST = FORMATS / "manifest-wordproc-tab-tables.yaml"


@pytest.fixture(scope="module")
def doc() -> ParsedDocument:
    return parse_fixture(MANIFEST)


@pytest.mark.parametrize(
    ("number", "line"),
    [
        pytest.param("3", "3                                      1,300", id="two-column-row"),
        pytest.param("4", "Private water supply well                                    55                105",
                     id="tab-separated-row"),
    ],
)  # fmt: skip
def test_a_tables_row_stays_a_row_in_the_sections_text(doc, number, line) -> None:
    text = sections_by_ref(doc)[number].text
    assert line in text.splitlines() or any(r.strip() == line for r in text.splitlines())


def test_the_running_head_inside_a_table_is_not_in_the_section(doc) -> None:
    assert "ORDINANCE NO. 2021-04" not in sections_by_ref(doc)["3"].text


@pytest.mark.parametrize(
    ("rule", "inputs", "value"),
    [
        pytest.param("tank.table.3", {"bedrooms": 4}, 1550.0, id="tank-row-after-the-page-break"),
        pytest.param("setback.table.4", {"feature": "well", "component": "soil_treatment_area"},
                     105.0, id="tab-separated-setback"),
        pytest.param("setback.table.4", {"feature": "property_line", "component": "tank"}, 10.0,
                     id="tab-separated-first-row"),
    ],
)  # fmt: skip
def test_each_table_is_read_as_a_rule(doc, rule, inputs, value) -> None:
    assert run_extracted(list(doc.rules), rule, **inputs).value == value


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("Feature\tTank\tArea\nLot line\t10\t15\nWell\t50\t100\nWetland\t20\t45",
                     "Feature     Tank    Area\nLot line     10      15\nWell         50     100\n"
                     "Wetland      20      45", id="table-set-in-columns"),
        pytest.param("1.\tTitle\t2\n2.\tPermits\t3\n3.\tFees\t3\n4.\tSetbacks\t4",
                     "1.\tTitle\t2\n2.\tPermits\t3\n3.\tFees\t3\n4.\tSetbacks\t4",
                     id="contents-list-left"),
        pytest.param("\ta.\tOne 10\n\tb.\tTwo 20\n\tc.\tThree 30",
                     "\ta.\tOne 10\n\tb.\tTwo 20\n\tc.\tThree 30", id="list-items-left"),
        pytest.param("Lot line\t10\nWell\t50", "Lot line\t10\nWell\t50", id="two-rows-too-few"),
    ],
)  # fmt: skip
def test_tab_separated_tables_are_set_out_in_columns(text, expected) -> None:
    assert tabbed_tables(text) == expected


@pytest.mark.parametrize(
    ("lines", "rows"),
    [
        pytest.param(["Bedrooms      Capacity", "-------       --------", "2        1,000",
                      "3        1,250", "4        1,500"], {0, 1, 2, 3, 4}, id="header-rule-rows"),
        pytest.param(["The owner shall   pump the tank", "every 3 years   and report it",
                      "to the city."], set(), id="prose-with-wide-gaps"),
        pytest.param(["2        1,000", "3        1,250"], set(), id="two-rows-too-few"),
        pytest.param(["2        1,000", "3             1,250", "4   1,500"], set(),
                     id="cells-not-aligned"),
    ],
)  # fmt: skip
def test_two_cell_rows_finds_a_two_column_table(lines, rows) -> None:
    assert two_cell_rows(lines) == rows


def test_tidy_keeps_a_two_column_tables_rows_apart() -> None:
    body = (
        "Table 1 (gallons)\nBedrooms      Capacity\n2        1,000\n3        1,250\n4        1,500"
    )
    assert tidy(body, "flow").splitlines()[2:] == [
        "2        1,000",
        "3        1,250",
        "4        1,500",
    ]
