"""Every quote in the rules-as-formulas data is verbatim in the parsed section it cites; every
section exists; every rule's inputs are declared; the schema is closed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import BaseModel

from core.errors import ConfigError
from ingest import find_section, load_corpus
from ingest.records import Section
from tools.applied import needed_inputs
from tools.formulas import Locator, Rule
from tools.rules import RULES_DIR, fold_ws, load_rules

BOOK = load_rules()


def _locators(node: object, rule: Rule, path: str) -> Iterator[tuple[str, Locator]]:
    if isinstance(node, Locator) and node.quote:
        yield path, node
    if isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from _locators(getattr(node, name), rule, f"{path}.{name}")
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from _locators(item, rule, f"{path}[{i}]")


def _items() -> list[tuple[str, Rule, str, Locator]]:
    out = []
    for c in BOOK.cities.values():
        for rule in c.rules:
            for path, loc in _locators(rule, rule, rule.id):
                out.append((c.jurisdiction, rule, path, loc))
    return out


ITEMS = _items()


@pytest.fixture(scope="session")
def sections() -> list[Section]:
    return [s for doc in load_corpus() for s in doc.sections]


@pytest.mark.parametrize(
    ("jurisdiction", "rule", "path", "loc"), ITEMS, ids=[f"{j}-{p}" for j, _, p, _ in ITEMS]
)
def test_formula_quote_is_verbatim_in_the_cited_parsed_section(
    sections: list[Section], jurisdiction: str, rule: Rule, path: str, loc: Locator
) -> None:
    own = loc.section is not None or loc.title is not None
    section_ref = loc.section if own else rule.section
    title = loc.title if own else rule.title
    ref = section_ref if section_ref is not None else title
    assert ref is not None
    section = find_section(sections, jurisdiction, ref)
    assert section.section == section_ref, f"{path}: {ref!r} resolved to {section.section!r}"
    assert loc.quote is not None
    assert fold_ws(loc.quote) in fold_ws(section.text), f"{path}: quote not in {section.label}"


def test_every_city_has_encoded_rules() -> None:
    assert all(len(c.rules) >= 10 for c in BOOK.cities.values())


@pytest.mark.parametrize(
    ("jurisdiction", "rule_id"),
    [(c.jurisdiction, r.id) for c in BOOK.cities.values() for r in c.rules],
)
def test_every_input_a_rule_reads_is_declared_with_a_label(jurisdiction: str, rule_id: str) -> None:
    specs = needed_inputs(jurisdiction, rule_id)
    city = BOOK.cities[jurisdiction]
    declared = {s.name for s in city.inputs} | {s.name for r in city.rules for s in r.inputs}
    assert {s.name for s in specs} <= declared


@pytest.mark.parametrize(
    ("original", "broken", "error"),
    [
        pytest.param(
            "    asks: minimum holding tank",
            "    aks: minimum holding tank",
            r"hugo\.yaml",
            id="misspelt-key-names-the-file",
        ),
        pytest.param(
            "rule: tank.other_establishment",
            "rule: tank.other_establishmnt",
            r"tank\.other_establishmnt",
            id="applied-rule-that-does-not-exist",
        ),
    ],
)
def test_a_broken_rules_file_is_an_error_naming_what_is_wrong(
    tmp_path: Path, original: str, broken: str, error: str
) -> None:
    import shutil

    folder = tmp_path / "rules"
    shutil.copytree(RULES_DIR, folder)
    path = folder / "hugo.yaml"
    assert original in path.read_text()
    path.write_text(path.read_text().replace(original, broken, 1))
    with pytest.raises(ConfigError, match=error):
        load_rules(folder)
