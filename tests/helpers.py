"""Small helpers the test modules share: a section stand-in for the reader, a format fixture
parsed through its manifest with the sections it should parse to, and a section of a made-up
city whose extracted rules are run through the one evaluator."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ingest.manifest import load_manifest
from ingest.parse import parse_document
from ingest.records import ParsedDocument, Section

FORMATS = Path(__file__).parent / "data" / "formats"


@dataclass
class StubSection:
    """What the reader reads of a section: its city, reference, title and text."""

    jurisdiction: str
    ref: str
    title: str
    text: str

    @property
    def label(self) -> str:
        return f"X §{self.ref}"


def parse_fixture(manifest: Path) -> ParsedDocument:
    """The one document of a format fixture's manifest, parsed."""
    ((entry, source),) = load_manifest(manifest)
    return parse_document(entry, source)


def fixture_rule_value(manifest: Path, rule_id: str, **inputs: Any) -> Any:
    """A format fixture's extracted rule `rule_id` evaluated with `inputs`."""
    return run_extracted(parse_fixture(manifest).rules, rule_id, **inputs).value


def sections_by_ref(doc: ParsedDocument) -> dict[str, Section]:
    """The document's sections by number (or title, where it has none)."""
    return {s.section or s.title: s for s in doc.sections if s.kind == "section"}


def found_sections(doc: ParsedDocument) -> list[tuple[str | None, str]]:
    """(number, title) of each section the parser found, in order (to compare with
    `expected_sections`)."""
    return [(s.section, s.title) for s in doc.sections if s.kind == "section"]


def expected_sections(name: str) -> list[tuple[str, str]]:
    """(number, title) of each section a format fixture's `.expected.json` lists, in order."""
    want = json.loads((FORMATS / f"{name}.expected.json").read_text(encoding="utf-8"))
    return [(e["section"], e["title"]) for e in want["sections"]]


def testville_section(text: str, title: str = "Sewage systems", number: str = "7-3") -> Section:
    """A section of the made-up city Testville holding `text`."""
    return Section(jurisdiction="testville", section=number, title=title, text=text,
                   char_start=0, char_end=len(text), jurisdiction_name="Testville")  # fmt: skip


def run_extracted(rules: list[Any], rule_id: str, **inputs: Any) -> Any:
    """Testville's extracted rule `rule_id` evaluated with `inputs` (defaults for the rest)."""
    from tools.engine import evaluate
    from tools.rules import extracted_city, load_rules

    city = extracted_city("testville", "Testville", "testville.txt", rules)
    rule = city.rule(rule_id)
    assert rule is not None, [r.id for r in rules]
    values = {s.name: inputs.get(s.name, s.default) for s in rule.inputs}
    return evaluate(city, load_rules().state, rule, values)
