"""A state's worth of synthetic cities for the scale benchmark: ``write_cities(folder, n, seed)``.

Each city is a copy of one *template* ordinance (the three bundled ones and the zoo's three text
ordinances, in their publishers' formats) under an invented name, with its numbering and
wording varied deterministically from ``(seed, index)``:

* the template's city name (as printed, any case) becomes the new name;
* instrument numbers change ("Ordinance 89-256" -> "Ordinance 04-117"), and where a format
  carries the chapter in every section number it is renumbered (``9-4-1`` -> ``7-2-1``,
  ``Sec. 18-101`` -> ``Sec. 23-101``), page furniture included, as a publisher would print it;
* one of ``WORDINGS`` is applied (the template's own words, or "shall" -> "must").

Written: ``<folder>/<key>/<key>.txt`` per city, one ``manifest.yaml`` listing every city (the
format a user writes), and ``cities.jsonl``: per city its key, name, template, wording, the
expected sections (number and title) and a few questions with their expected sections. Nothing
here reaches the network; the same ``(n, seed)`` writes the same bytes. The cities are fiction:
test data, never law.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

from evals.dataset import CASES_FILE, ZOO_DIR

BUNDLED_DIR = Path(__file__).resolve().parent.parent / "data" / "ordinances"
WORDINGS = ("as printed", "shall->must")
QUESTIONS_PER_CITY = 4

_FIRST = (
    "Al", "Bel", "Cor", "Dun", "El", "Fen", "Gar", "Hal", "Ist", "Jor", "Kel", "Lor", "Mer",
    "Nor", "Ost", "Pell", "Quin", "Ros", "Sel", "Tor", "Ul", "Vand", "Wes", "Yar", "Zen",
)  # fmt: skip
_SECOND = (
    "brook", "dale", "ford", "gate", "holm", "ham", "mere", "mont", "ridge", "stead", "ton",
    "vale", "wick", "worth", "by", "field", "haven", "croft",
)  # fmt: skip
_THIRD = ("", "", "", " Falls", " Prairie", " Heights", " Township", " Springs", " Harbor")


class ExpectedQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    question: str
    jurisdiction: str
    expect_sections: list[str] = Field(description="Section numbers (or titles) cited.")


class SyntheticCity(BaseModel):
    """One generated city, as recorded in ``cities.jsonl``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    jurisdiction: str
    name: str
    template: str = Field(description="Key of the ordinance it was made from.")
    wording: str
    source: str = Field(description="Path of its text, relative to the folder.")
    sections: list[tuple[str, str]] = Field(description="Expected (section, title) in order.")
    questions: list[ExpectedQuestion]
    replacements: list[tuple[str, str]] = Field(
        description="(template text, this city's text) pairs applied to the template, in order "
        "(a template text 're:...' is a regular expression)."
    )
    reverse: list[tuple[str, str]] = Field(
        description="(this city's text, template text) literal pairs: the benchmark maps a chunk "
        "back to its template's text with them, to reuse that text's vector."
    )


@dataclass(frozen=True)
class Template:
    key: str
    name: str
    path: Path
    entry: dict[str, Any]
    renumber: Callable[[random.Random], list[tuple[str, str]]]
    sections: list[tuple[str, str]]
    questions: list[ExpectedQuestion]


def _instrument_number(pattern: str) -> Callable[[random.Random], list[tuple[str, str]]]:
    """Renumber an instrument ('89-256', 'No. 31') everywhere it is printed."""

    def pick(rng: random.Random) -> list[tuple[str, str]]:
        new = re.sub(r"\d+", lambda m: str(rng.randrange(10 ** (len(m.group()) - 1),
                                                          10 ** len(m.group()))), pattern)  # fmt: skip
        return [(pattern, new)]

    return pick


def _chapter_prefix(old: str, regex: str) -> Callable[[random.Random], list[tuple[str, str]]]:
    """Renumber section numbers that carry their chapter (``9-4-`` -> ``7-2-``)."""

    _LITERAL[f"re:{regex}"] = old.rsplit("-", 1)[0] + "-"

    def pick(rng: random.Random) -> list[tuple[str, str]]:
        parts = [str(rng.randint(2, 40)) for _ in old.split("-")[:-1]]
        return [(f"re:{regex}", "-".join(parts) + "-")]

    return pick


_LITERAL: dict[str, str] = {}
"""Regular expression -> the template text it matches (for `SyntheticCity.reverse`)."""


def _zoo_sections(key: str) -> tuple[list[tuple[str, str]], list[ExpectedQuestion]]:
    data = json.loads((ZOO_DIR / key / "expected.json").read_text(encoding="utf-8"))
    sections = [(s["section"], s["title"]) for s in data["sections"]]
    questions = [
        ExpectedQuestion(
            question=q["question"],
            jurisdiction=key,
            expect_sections=[e["section"] for e in q["expect_sections"]],
        )
        for q in data["questions"]
        if q["kind"] == "lookup" and q["jurisdictions"] == [key]
    ]
    return sections, questions[:QUESTIONS_PER_CITY]


def _bundled_sections(key: str) -> tuple[list[tuple[str, str]], list[ExpectedQuestion]]:
    from ingest import load_manifest, parse_document

    entry, path = next((e, p) for e, p in load_manifest(BUNDLED_DIR / "manifest.yaml")
                       if e.jurisdiction == key)  # fmt: skip
    doc = parse_document(entry, path)
    sections = [(s.ref, s.title) for s in doc.sections if s.kind == "section"]
    cases = yaml.safe_load(CASES_FILE.read_text(encoding="utf-8"))["cases"]
    questions = [
        ExpectedQuestion(
            question=c["question"],
            jurisdiction=key,
            expect_sections=[e["ref"] for e in c["expected_sections"]],
        )
        for c in cases
        if c.get("city") == key and c.get("expected_sections") and not c.get("should_refuse")
    ]
    return sections, questions[:QUESTIONS_PER_CITY]


def templates() -> list[Template]:
    """The six template ordinances, bundled first, with their expected sections."""
    bundled = yaml.safe_load((BUNDLED_DIR / "manifest.yaml").read_text(encoding="utf-8"))
    numbers = {"hugo": _instrument_number("89-256"), "chaska": _instrument_number("Chapter 19")}
    out: list[Template] = []
    for entry in bundled["documents"]:
        key = entry["jurisdiction"]
        sections, questions = _bundled_sections(key)
        renumber = numbers.get(key, lambda rng: [])
        out.append(Template(key, entry["name"], BUNDLED_DIR / entry["source"], entry, renumber,
                            sections, questions))  # fmt: skip
    zoo_rules = {
        "pine-ridge-lake": _chapter_prefix("9-4-1", r"\b9-4-(?=\d)"),
        "cedar-bluff": _chapter_prefix("18-1", r"(?<![\d:])18-(?=1\d\d\b)"),
        "fox-creek-county": _instrument_number("No. 31"),
    }
    for key, renumber in zoo_rules.items():
        entry = yaml.safe_load((ZOO_DIR / key / "manifest.yaml").read_text(encoding="utf-8"))
        entry = entry["documents"][0]
        sections, questions = _zoo_sections(key)
        out.append(Template(key, entry["name"], ZOO_DIR / key / entry["source"], entry, renumber,
                            sections, questions))  # fmt: skip
    return out


def city_names(n: int, seed: int) -> list[str]:
    """``n`` distinct invented names, deterministic from ``seed``."""
    rng = random.Random(f"names:{seed}")
    combos = [a + b + c for c in _THIRD for a in _FIRST for b in _SECOND]
    rng.shuffle(combos)
    combos = list(dict.fromkeys(combos))
    if n > len(combos):
        combos += [f"{name} {i}" for i in range(2, n // len(combos) + 2) for name in combos]
    return combos[:n]


def _apply(text: str, replacements: list[tuple[str, str]]) -> str:
    for old, new in replacements:
        if old.startswith("re:"):
            text = re.sub(old[3:], new, text)
        else:
            text = re.sub(r"(?<![A-Za-z])" + re.escape(old) + r"(?![a-z])", new, text)
    return text


def _city(index: int, name: str, template: Template, seed: int) -> tuple[SyntheticCity, str]:
    rng = random.Random(f"city:{seed}:{index}")
    key = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    wording = WORDINGS[rng.randrange(len(WORDINGS))]
    renumber = template.renumber(rng)
    names = [(template.name.upper(), name.upper()), (template.name, name)]
    replacements = [*names, *renumber]
    reverse = [(new, old) for old, new in names]
    reverse += [(new, _LITERAL.get(old, old)) for old, new in renumber]
    text = _apply(template.path.read_text(encoding="utf-8"), replacements)
    if wording == "shall->must":
        replacements.append(("shall", "must"))
        reverse.append(("must", "shall"))
        text = _apply(text, [("shall", "must")])
    sections = [(_apply(s, renumber), t) for s, t in template.sections]
    questions = [
        ExpectedQuestion(
            question=_apply(q.question, names),
            jurisdiction=key,
            expect_sections=[_apply(s, renumber) for s in q.expect_sections],
        )
        for q in template.questions
    ]
    city = SyntheticCity(jurisdiction=key, name=name, template=template.key, wording=wording,
                         source=f"{key}/{key}.txt", sections=sections, questions=questions,
                         replacements=replacements, reverse=reverse)  # fmt: skip
    return city, text


def write_cities(folder: Path, n: int, seed: int = 13) -> list[SyntheticCity]:
    """Write ``n`` synthetic cities (templates in turn) and their manifest under ``folder``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    temps = templates()
    cities: list[SyntheticCity] = []
    entries: list[dict[str, Any]] = []
    for i, name in enumerate(city_names(n, seed)):
        template = temps[i % len(temps)]
        city, text = _city(i, name, template, seed)
        path = folder / city.source
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        instrument = _apply(str(template.entry["instrument"]), city.replacements)
        entries.append({
            "jurisdiction": city.jurisdiction, "name": city.name,
            "county": template.entry.get("county"), "state": "MN", "instrument": instrument,
            "adopted": template.entry.get("adopted"),
            "state_rules_adopted": [str(r) for r in template.entry.get("state_rules_adopted") or []],
            "source": city.source,
            "notes": f"Synthetic test city made from {template.key}: not law.",
        })  # fmt: skip
        cities.append(city)
    manifest = {"documents": entries}
    (folder / "manifest.yaml").write_text(yaml.safe_dump(manifest, sort_keys=False), "utf-8")
    with (folder / "cities.jsonl").open("w", encoding="utf-8") as fh:
        for city in cities:
            fh.write(city.model_dump_json() + "\n")
    return cities


def read_cities(folder: Path) -> list[SyntheticCity]:
    lines = (Path(folder) / "cities.jsonl").read_text(encoding="utf-8").splitlines()
    return [SyntheticCity.model_validate_json(line) for line in lines if line.strip()]
