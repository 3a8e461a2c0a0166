"""A dwelling's bedrooms counted up from its floor area, as some ordinances size a tank:

    "where the finished floor area of a dwelling exceeds 2,800 square feet, one bedroom shall be
    added to the actual number of bedrooms for each 700 square feet, or fraction thereof, by
    which the finished floor area exceeds 2,800 square feet"
        -> bedrooms + ceil((floor area - 2,800) / 700) x 1, when the area exceeds 2,800

Every rule by bedrooms the sentence speaks of (a septic tank's, when it names one; else every
dwelling rule) takes the count so raised when the user gives the floor area; the rule as printed
stays (unrouted) and is applied with the count. Two such sentences, or one whose figures do not
read, give nothing.
"""

from __future__ import annotations

import re

from ingest.numbers import read_numbers
from ingest.records import Section
from ingest.rulefacts_shapes import const, fold, sentences
from tools.formulas import Apply, Case, Cases, Condition, Extreme, Input, InputSpec, Linear, Rule

_AREA = re.compile(
    r"floor area[^.;]*?\bexceeds (\d+) square feet[^.;]*?\b(\d+) (?:additional )?bedrooms? "
    r"(?:shall|must|will) be (?:added|counted)[^.;]*?\bfor (?:each|every) (?:additional )?"
    r"(\d+) square feet(,? or (?:any )?fraction (?:thereof|of it))?"
)
AREA = InputSpec(
    name="floor_area_sqft", kind="number", unit="sq ft", default=0, low=0, high=100000,
    label="finished floor area, square feet (counts only above the threshold)",
)  # fmt: skip


def area_bedrooms(sections: list[Section], rules: list[Rule]) -> list[Rule]:
    """Rules by bedrooms with the count raised by floor area (see the module docstring)."""
    said: list[tuple[float, float, float, bool, str]] = []
    for s in sections:
        for sentence in sentences(fold(s.text)):
            if "floor area" not in sentence.lower():
                continue
            m = _AREA.search(read_numbers(sentence) or "")
            if m:
                said.append((float(m[1]), float(m[2]), float(m[3]), bool(m[4]), sentence))
    if len(said) != 1:
        return rules
    over, added, per, fraction, quote = said[0]
    tank_only = "septic tank" in quote.lower()
    out: list[Rule] = []
    for rule in rules:
        if (
            rule.input("bedrooms") is None
            or rule.input(AREA.name) is not None
            or not rule.terms
            or (tank_only and rule.topic != "tank")
        ):
            out.append(rule)
            continue
        printed = rule.model_copy(
            update={"id": f"{rule.id}.by-bedrooms", "terms": [], "asks": f"{rule.asks} (bedrooms)"}
        )
        extra = Linear(
            kind="linear",
            label="Bedrooms added for the floor area",
            unit="bedrooms",
            x=Input(kind="input", name=AREA.name),
            x_minus=const(over, "sq ft", "floor area over", quote),
            per=const(per, "sq ft", "for each", quote),
            slope=const(added, "bedrooms", "added", quote),
            round_up=fraction,
        )
        count = Extreme(
            kind="sum_of",
            label="Bedrooms counted (with the floor area)",
            unit="bedrooms",
            terms=[Input(kind="input", name="bedrooms"), extra],
        )
        when = Condition(
            input=AREA.name, op="gt", value=over, text=f"Floor area over {over:,.0f} sq ft",
            quote=quote,
        )  # fmt: skip
        formula = Cases(
            kind="cases",
            cases=[
                Case(when=when, then=Apply(kind="apply", rule=printed.id, bind={"bedrooms": count}))
            ],
            otherwise=Apply(kind="apply", rule=printed.id),
        )
        out += [
            printed,
            rule.model_copy(update={"formula": formula, "inputs": [*rule.inputs, AREA]}),
        ]
    return out
