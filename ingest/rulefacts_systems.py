"""A soil treatment area's factors, one for each kind of system the text names ('(1) For trenches
and beds, 1.7 square feet of bottom area for each gallon per day of design flow; and (2) For
mounds and at-grade systems, 2.6 square feet ...'), and a kind sized as a multiple of another's
('(2) for a seepage bed, one and one-half (1.5) times the area required for a trench system'):
one rule by cases on the choice `system_type`. Called from
`ingest.rulefacts_area.soil_area_rules` where the factors are not by percolation rate."""

from __future__ import annotations

import re
from typing import Any

from ingest.numbers import read_numbers
from ingest.records import Section
from ingest.rulefacts_area import SOIL, area_rule
from ingest.rulefacts_perc import clause_before
from ingest.rulefacts_shapes import const, fold, paragraphs, sentences
from tools.formulas import (
    Case,
    Cases,
    Condition,
    ConditionalMultiplier,
    InputSpec,
    Linear,
    Rule,
)

_KINDS = {
    "trench": r"trench(?:es)?",
    "bed": r"(?:seepage )?beds?",
    "mound": r"mounds?",
    "at-grade": r"at-grades?",
    "drip": r"drip(?: dispersal| distribution)?",
}
"""The kinds of soil treatment system a clause may size, each with its words."""
_PRINTED = re.compile(
    r"\b(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|and|one-half|half|one-quarter|"
    r"quarter|three-quarters)[ -]?)+\((\d+(?:\.\d+)?)\)",
    re.I,
)
"""A number in words with its figure in brackets: 'one and one-half (1.5)' -> '1.5'."""
_MULTIPLE = re.compile(
    r"\b(?:for|where|if) (?:a |an |the )?(?P<kind>[a-z -]{2,30}?),? (?:shall be )?"
    r"(?P<times>\d+(?:\.\d+)?) times the (?:bottom |absorption )?area (?:required )?for "
    r"(?:a |an |the )?(?P<of>[a-z -]{2,30}?)(?=[;,.]| system\b)"
)
"""'for a seepage bed, 1.5 times the area required for a trench system' (numbers as printed)."""


def kinds_named(clause: str) -> list[str]:
    """The kinds of system a clause names, in `_KINDS` order."""
    return [k for k, words in _KINDS.items() if re.search(rf"\b{words}\b", clause)]


def _kind_is(kind: str) -> Condition:
    return Condition(input="system_type", op="eq", value=kind, text=f"A {kind}")


def _choice(names: list[str]) -> InputSpec:
    return InputSpec(
        name="system_type", kind="choice", label=" or ".join(names), choices=names,
        default="trench" if "trench" in names else None,
    )  # fmt: skip


def _multiples(sentence: str, cases: list[Case]) -> list[Case]:
    """Cases for kinds sized as a multiple of a kind the cases already size."""
    printed = _PRINTED.sub(r"\1", sentence).lower()
    out = []
    for m in _MULTIPLE.finditer(printed):
        kinds, of = kinds_named(m["kind"]), kinds_named(m["of"])
        base = [c for c in cases if of and c.when.value == of[0]]
        if len(kinds) != 1 or len(of) != 1 or not base:
            continue
        times = float(m["times"])
        then = ConditionalMultiplier(
            kind="conditional_multiplier",
            of=base[0].then,
            when=_kind_is(kinds[0]),
            label=f"A {kinds[0]}: {times:g} times the area for a {of[0]}",
            factor=const(times, "", kinds[0], sentence),
        )
        out.append(Case(when=_kind_is(kinds[0]), then=then))
    return out


def by_system(
    sections: list[Section], x: Any, inputs: list[InputSpec], pattern: re.Pattern[str], per: str
) -> Rule | None:
    """Factors listed in one section, each after the clause naming the kinds of system it sizes
    (list items read as sentences of their own): one rule by cases, `x` (the design flow, the
    bedrooms) times the asked kind's factor; none unless every factor's clause names its kinds
    and no kind is named twice."""
    for s in sections:
        whole = fold(s.text)
        said = [t for line in paragraphs(s.text) for t in sentences(fold(line)) if t in whole]
        cases: list[Case] = []
        for sentence in said:
            text = read_numbers(sentence) or ""
            found = list(pattern.finditer(text))
            for k, m in enumerate(found):
                start = found[k - 1].end() if k else 0
                kinds = kinds_named(clause_before(text, start, m.start()).lower())
                if not kinds:
                    return None
                slope = const(float(m[1]), f"sq ft per {per}", f"per {per}", sentence)
                then = Linear(kind="linear", label="Least bottom area", unit="sq ft", x=x,
                              slope=slope)  # fmt: skip
                cases += [Case(when=_kind_is(kind), then=then) for kind in kinds]
        if len(cases) < 2:
            continue
        cases += [c for sentence in said for c in _multiples(sentence, cases)]
        names = [str(c.when.value) for c in cases]
        if len(set(names)) != len(names) or not SOIL.search(f"{whole.lower()} {s.title.lower()}"):
            return None
        formula = Cases(kind="cases", cases=cases,
                        otherwise_note="a kind of system the section sizes no area for")  # fmt: skip
        quote = cases[0].then.slope.quote or ""  # type: ignore[union-attr]
        return area_rule(s, "area", "by kind of system", quote, [*inputs, _choice(names)], formula)
    return None
