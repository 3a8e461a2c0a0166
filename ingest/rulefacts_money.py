"""Shares: money held as a share of a price (an escrow, bond, deposit or security stated as a
percentage of a bid or cost, with or without a dollar floor), and a first tank or compartment
stated as a share of the capacity another rule of the section requires.

    "an escrow of $15,000 or 115 percent of a licensed installer's bid, whichever is greater"
        -> greatest_of($15,000, 115 % of the bid)
    "the city shall hold an escrow equal to 125 percent of the estimated cost"
        -> percent_of(125, the cost)

    "The first tank ... shall hold at least 60% of the total capacity required by Table 1."
        -> percent_of(60, the section's septic tank rule)

The price is an input in dollars named from its word (`bid_usd`, `cost_usd`); a sentence with
two percentages or two dollar figures, or a floor whose direction is not "greater"/"less", gives
no rule.
"""

from __future__ import annotations

import re

from ingest.records import Section
from ingest.rulefacts_shapes import Clause, const, extracted_rule
from tools.formulas import Apply, Extreme, Input, InputSpec, PercentOf, Rule

_HELD = ("escrow", "bond", "letter of credit", "security", "deposit")
"""What is held, the more specific word first ('deposit an escrow' holds an escrow)."""
_PERCENT = re.compile(
    r"\b(\d+(?:\.\d+)?) percent of (?:a |an |the )?(?:[a-z']+ ){0,3}?(bid|cost|estimate|price)s?\b"
)
_DOLLARS = re.compile(r"\$ ?(\d+(?:\.\d+)?)")
_WHICHEVER = re.compile(r"\bwhichever is (greater|larger|higher|more|less|lower|smaller)\b")


def money_rules(section: Section, paras: list[list[Clause]]) -> list[Rule]:
    """Each sentence that holds money as a percentage of a bid or cost (one rule a section)."""
    out: list[Rule] = []
    for para in paras:
        for c in para:
            read = c.read
            held = next((w for w in _HELD if re.search(rf"\b{w}\b", read or "")), None)
            if not read or held is None:
                continue
            percents = list(_PERCENT.finditer(read))
            dollars = {float(d.group(1)) for d in _DOLLARS.finditer(read)}
            if len(percents) != 1 or len(dollars) > 1:
                continue
            p = percents[0]
            what, base = held, p.group(2)
            spec = InputSpec(
                name=f"{base}_usd", kind="number", unit="$", label=f"the {base}, dollars",
                low=0, high=1e9,
            )  # fmt: skip
            share = PercentOf(
                kind="percent_of",
                label=f"{float(p.group(1)):g} percent of the {base}",
                unit="$",
                percent=const(float(p.group(1)), "%", f"percent of the {base}", c.text),
                of=Input(kind="input", name=spec.name),
            )
            formula: PercentOf | Extreme = share
            if dollars:
                which = _WHICHEVER.search(read)
                if which is None:
                    continue  # a dollar figure whose part in the rule is not read
                kind = (
                    "least_of" if which.group(1) in ("less", "lower", "smaller") else "greatest_of"
                )
                formula = Extreme(
                    kind=kind,  # type: ignore[arg-type]
                    label="The greater" if kind == "greatest_of" else "The less",
                    unit="$",
                    terms=[const(dollars.pop(), "$", f"{what} of", c.text), share],
                )
            out.append(
                extracted_rule(
                    section,
                    "share",
                    topic=what.replace(" ", "_"),
                    asks=f"{what} to hold for a {base}",
                    unit="$",
                    terms=[what, f"how much {what}"],
                    quote=c.text,
                    inputs=[spec],
                    formula=formula,
                )
            )
    return out[:1] if len(out) == 1 else []


_FIRST = re.compile(
    r"\bfirst (tank|compartment)\b[^.;]*?\b(?:at least|not less than|no less than|a minimum of) "
    r"(\d+(?:\.\d+)?) percent of the (?:total |required )?(?:liquid )?(?:capacity|volume)\b"
)


def first_share_rules(section: Section, paras: list[list[Clause]], rules: list[Rule]) -> list[Rule]:
    """'The first tank ... shall hold at least 60 percent of the total capacity required by
    Table 1': a share of the section's one septic tank rule (none when it has none, or two)."""
    tanks = [r for r in rules if r.topic == "tank" and r.terms]
    if len(tanks) != 1:
        return []
    tank = tanks[0]
    found = [(c, m) for para in paras for c in para if (m := _FIRST.search(c.read or ""))]
    if len(found) != 1:
        return []
    c, m = found[0]
    share = PercentOf(
        kind="percent_of",
        label=f"First {m.group(1)}: {float(m.group(2)):g} percent of the total capacity",
        unit="gal",
        percent=const(float(m.group(2)), "%", "of the total capacity", c.text),
        of=Apply(kind="apply", rule=tank.id),
    )
    return [
        extracted_rule(
            section,
            "share",
            topic="compartments",
            asks="least capacity of the first tank or compartment",
            unit="gal",
            terms=["first tank", "first compartment", "compartment"],
            quote=c.text,
            inputs=list(tank.inputs),
            formula=share,
        )
    ]
