"""A soil treatment area's factors per gallon of design flow, one for each range of percolation
rates the text prints ('In soils with a percolation rate of 30 minutes per inch or faster: 1.4
square feet per gallon per day of design flow; ... slower than 30 minutes per inch but not slower
than 60 minutes per inch: 2.2 ...'): one rule by cases on the input `perc_rate_mpi`. Called from
`ingest.rulefacts_area.soil_area_rules`, whose area rule it builds on."""

from __future__ import annotations

import re
from typing import Any

from ingest.numbers import read_numbers
from ingest.records import Section
from ingest.rulefacts_area import SOIL, area_rule
from ingest.rulefacts_shapes import const, fold, paragraphs, sentences
from tools.formulas import Case, Cases, Condition, InputSpec, Linear, Rule

PERC = InputSpec(
    name="perc_rate_mpi", kind="number", unit="min/inch", low=0, high=1000,
    label="percolation rate of the soil, minutes per inch",
)  # fmt: skip
_FASTER = re.compile(r"\b(\d+(?:\.\d+)?) minutes? per inch,? or (faster|slower)\b")
_BETWEEN = re.compile(
    r"\bslower than (\d+(?:\.\d+)?) minutes? per inch,? (?:but|and) not slower than "
    r"(\d+(?:\.\d+)?) minutes? per inch\b"
)
_THAN = re.compile(r"\b(faster|slower) than (\d+(?:\.\d+)?) minutes? per inch\b")


def perc_condition(text: str) -> Condition | None:
    """The percolation rates a clause ('In soils with a percolation rate of 30 minutes per inch
    or faster') puts its figure under, as a condition on the input `perc_rate_mpi`."""
    if m := _BETWEEN.search(text):
        a, b = float(m[1]), float(m[2])
        return Condition(
            all=[
                Condition(input=PERC.name, op="gt", value=a),
                Condition(input=PERC.name, op="le", value=b),
            ],
            text=f"percolation rate slower than {a:g} and not slower than {b:g} min/inch",
        )
    if m := _FASTER.search(text):
        return Condition(input=PERC.name, op="le" if m[2] == "faster" else "ge", value=float(m[1]),
                         text=f"percolation rate {m[1]} min/inch or {m[2]}")  # fmt: skip
    if m := _THAN.search(text):
        return Condition(input=PERC.name, op="lt" if m[1] == "faster" else "gt", value=float(m[2]),
                         text=f"percolation rate {m[1]} than {m[2]} min/inch")  # fmt: skip
    return None


def clause_before(text: str, start: int, end: int) -> str:
    said = [c for c in re.split(r"[;:]\s", text[start:end]) if c.strip()]
    return said[-1] if said else ""


def _clause_after(text: str, start: int, end: int) -> str:
    said = [c for c in re.split(r"[;:]\s", text[start:end]) if c.strip()]
    return said[0] if said else ""


def by_perc(
    sections: list[Section], x: Any, inputs: list[InputSpec], pattern: re.Pattern[str], per: str
) -> Rule | None:
    """Factors, each for a range of percolation rates, listed in one section ('A. ... 30 minutes
    per inch or faster: 1.4 square feet per gallon per day of design flow; B. ... slower than 30
    ... but not slower than 60 ...: 2.2 square feet ...', or '(1) 260 square feet for each
    bedroom, where the soil has a percolation rate of 15 minutes per inch or faster; and (2) ...'):
    one rule by cases, `x` (the design flow, the bedrooms) times the factor of the asked rate;
    none unless every factor's clause (before it, else after it) names its range."""
    for s in sections:
        cases: list[Case] = []
        whole = fold(s.text)
        for line in paragraphs(s.text):
            for sentence in sentences(fold(line)):
                text = read_numbers(sentence) or ""
                found = list(pattern.finditer(text))
                if not found or sentence not in whole:
                    continue
                for k, m in enumerate(found):
                    start = found[k - 1].end() if k else 0
                    end = found[k + 1].start() if k + 1 < len(found) else len(text)
                    when = perc_condition(clause_before(text, start, m.start()).lower())
                    if when is None:  # '1.6 square feet ..., where the rate is 30 ... or faster'
                        when = perc_condition(_clause_after(text, m.end(), end).lower())
                    if when is None:
                        return None
                    slope = const(float(m[1]), f"sq ft per {per}", f"per {per}", sentence)
                    then = Linear(kind="linear", label="Least bottom area", unit="sq ft", x=x,
                                  slope=slope)  # fmt: skip
                    cases.append(Case(when=when, then=then))
        if len(cases) < 2:
            continue
        if not SOIL.search(f"{whole.lower()} {s.title.lower()}"):
            return None
        formula = Cases(
            kind="cases",
            cases=cases,
            otherwise_note="a percolation rate the section sizes no trench or bed for",
        )
        quote = cases[0].then.slope.quote or ""  # type: ignore[union-attr]
        return area_rule(s, "area", "by percolation rate", quote, [*inputs, PERC], formula)
    return None
