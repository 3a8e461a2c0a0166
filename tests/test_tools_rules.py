"""The curated rules data: every quote is verbatim in the parsed section it cites, every section
exists, state figures are grade H and only used by cities that adopt them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from core.errors import ConfigError, UnknownJurisdictionError
from ingest import find_section, load_corpus
from ingest.records import Section
from tools.rules import RULES_DIR, Cited, Deferral, fold_ws, load_rules, normalize_key

BOOK = load_rules()


def _cited_items() -> list[tuple[str, str, Cited | Deferral]]:
    out: list[tuple[str, str, Cited | Deferral]] = []
    for c in BOOK.cities.values():
        out += [(c.jurisdiction, f"fact:{k}", v) for k, v in c.facts.items()]
        out += [
            (c.jurisdiction, f"table:{k}[{row.label}]", row)
            for k, rows in c.tables.items()
            for row in rows
        ]
        out += [
            (c.jurisdiction, f"setback:{s.feature}.{comp}", getattr(s, comp))
            for s in c.setbacks
            for comp in ("tank", "soil_treatment_area")
        ]
        out += [(c.jurisdiction, f"deferral:{k}", d) for k, d in c.deferrals.items()]
        if c.adoption is not None:
            adoption = Deferral(
                rule_part="adoption",
                section=c.adoption.section,
                title=c.adoption.title,
                quote=c.adoption.quote,
            )
            out.append((c.jurisdiction, "adoption", adoption))
    return out


ITEMS = _cited_items()


@pytest.fixture(scope="session")
def sections() -> list[Section]:
    return [s for doc in load_corpus() for s in doc.sections]


@pytest.mark.parametrize(
    ("jurisdiction", "name", "item"), ITEMS, ids=[f"{j}-{n}" for j, n, _ in ITEMS]
)
def test_quote_is_verbatim_in_the_cited_parsed_section(
    sections: list[Section], jurisdiction: str, name: str, item: Cited | Deferral
) -> None:
    """Rule: the quote appears in the section's text once runs of whitespace are folded."""
    ref = item.section if item.section is not None else item.title
    assert ref is not None
    section = find_section(sections, jurisdiction, ref)
    assert section.section == item.section, f"{name}: {ref!r} resolved to {section.section!r}"
    if item.section is None:
        assert section.title.rstrip(".") == item.title, f"{name}: title {section.title!r}"
    assert fold_ws(item.quote) in fold_ws(section.text), f"{name}: quote not in {section.label}"


def test_every_city_in_the_manifest_has_a_rules_file() -> None:
    keys = {doc.entry.jurisdiction for doc in load_corpus()}
    assert keys == set(BOOK.cities)


def test_east_bethel_cites_by_title_and_never_invents_a_section_number() -> None:
    items = [item for j, _, item in ITEMS if j == "east-bethel"]
    assert items and all(item.section is None and item.title for item in items)


def test_state_figures_are_grade_h_and_only_east_bethel_adopts_their_family() -> None:
    items = [*BOOK.state.tables.values(), *BOOK.state.figures.values()]
    assert len(items) >= 4
    for item in items:
        assert item.grade == "H" and item.rule_part.startswith("Minn. R. 7080.")
        adopters = [c.jurisdiction for c in BOOK.cities.values() if c.adopts(item.family)]
        assert adopters == ["east-bethel"]


@pytest.mark.parametrize(
    ("row", "confidence"),
    [
        pytest.param("lake_natural_environment", "low", id="LS-1-tank"),
        pytest.param("lake_recreational_development", "low", id="LS-2-tank"),
        pytest.param("lake_general_development", "low", id="LS-3-tank"),
        pytest.param("river_wild_scenic_rural", "low", id="wsr-rural-tank"),
        pytest.param("river_wild_scenic_urban", "low", id="wsr-urban-tank"),
        pytest.param("unclassified_water", "low", id="unclassified-tank"),
        pytest.param("bluffline_wild_scenic_12pct", "medium", id="wsr-bluff-tank"),
    ],
)
def test_hugo_ocr_uncertain_table_iv_tank_cells_carry_their_confidence(
    row: str, confidence: str
) -> None:
    table = BOOK.cities["hugo"].rule("setback.table")
    assert table is not None
    tank = table.formula.cases[0].then  # type: ignore[union-attr]  # column 'Sewage Tank'
    cell = next(r for r in tank.rows if r.match == row)  # type: ignore[union-attr]
    assert cell.confidence == confidence
    if confidence == "low":
        assert cell.value is None


def test_hugo_garbage_disposal_column_is_never_all_high_confidence() -> None:
    flow = BOOK.cities["hugo"].rule("flow.dwelling")
    assert flow is not None
    cases = flow.formula.cases  # type: ignore[union-attr]
    gd = next(c.then for c in cases if c.when.input == "garbage_disposal")
    assert {r.confidence for r in gd.rows} >= {"medium", "low"}  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("raw", "key"),
    [("East Bethel", "east-bethel"), ("east_bethel", "east-bethel"), (" HUGO ", "hugo")],
)
def test_jurisdiction_keys_are_normalised(raw: str, key: str) -> None:
    assert normalize_key(raw) == key
    assert BOOK.city(raw).jurisdiction == key


def test_unknown_jurisdiction_lists_the_known_ones() -> None:
    with pytest.raises(UnknownJurisdictionError, match="chaska, east-bethel, hugo"):
        BOOK.city("paris")


def _copy_rules(tmp_path: Path) -> Path:
    folder = tmp_path / "rules"
    shutil.copytree(RULES_DIR, folder)
    return folder


def test_a_rules_file_named_after_another_city_is_refused(tmp_path: Path) -> None:
    folder = _copy_rules(tmp_path)
    (folder / "hugo.yaml").rename(folder / "hugo-mn.yaml")
    with pytest.raises(ConfigError, match=r"rename the file to 'hugo\.yaml'"):
        load_rules(folder)


def test_a_state_figure_below_grade_h_is_refused(tmp_path: Path) -> None:
    folder = _copy_rules(tmp_path)
    state = folder / "state-mn.yaml"
    state.write_text(state.read_text().replace("grade: H", "grade: M"))
    with pytest.raises(ConfigError, match=r"state-mn\.yaml"):
        load_rules(folder)


def test_broken_yaml_names_the_file(tmp_path: Path) -> None:
    folder = _copy_rules(tmp_path)
    (folder / "chaska.yaml").write_text("jurisdiction: [unclosed\n")
    with pytest.raises(ConfigError, match=r"chaska\.yaml"):
        load_rules(folder)


def test_a_missing_rules_folder_names_the_setting(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="ORDINANCE_RULES_DIR"):
        load_rules(tmp_path / "nowhere")
