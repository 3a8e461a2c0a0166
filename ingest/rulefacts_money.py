"""Shares: money held as a share of a price (an escrow, bond, deposit or security stated as a
percentage of a bid or cost, with or without a dollar floor), and a first tank or compartment
stated as a share of the capacity another rule of the section requires.

    "an escrow of $15,000 or 115 percent of a licensed installer's bid, whichever is greater"
        -> greatest_of($15,000, 115 % of the bid)
    "the city shall hold an escrow equal to 125 percent of the estimated cost"
        -> percent_of(125, the cost)

    "The first tank ... shall hold at least 60% of the total capacity required by Table 1."
        -> percent_of(60, the section's septic tank rule)

And a fee stated as a multiple or a share of another fee:

    "the permit fee shall be tripled" / "three (3) times the fee otherwise due"
        -> percent_of(300, the permit fee)
    "an investigation fee equal to 50 percent of the permit fee" -> percent_of(50, the permit fee)

The price is an input in dollars named from its word (`bid_usd`, `cost_usd`, `permit_fee_usd`); a
sentence with two percentages or two dollar figures, or a floor whose direction is not
"greater"/"less", gives no rule.
"""

from __future__ import annotations

import re

from ingest.numbers import read_numbers, words_value
from ingest.records import Section
from ingest.rulefacts_shapes import Clause, const, extracted_rule, sentences
from tools.formulas import Apply, Extreme, Input, InputSpec, PercentOf, Rule

_HELD = (
    "escrow", "bond", "letter of credit", "financial assurance", "financial guarantee", "surety",
    "security", "deposit",
)  # fmt: skip
"""What is held, the more specific word first ('deposit an escrow' holds an escrow); the others
its sentence names ('deposits financial assurance ... by an escrow agreement') are its terms too."""
_PERCENT = re.compile(
    r"\b(\d+(?:\.\d+)?) percent of (?:a |an |the )?(?:[a-z']+ ){0,3}?(bid|cost|estimate|price)s?\b"
)
_DOLLARS = re.compile(r"\$ ?(\d+(?:\.\d+)?)")
_WHICHEVER = re.compile(r"\bwhichever is (greater|larger|higher|more|less|lower|smaller)\b")


def _share(
    label: str, unit: str, percent: float, said: str, quote: str, of: Input | Apply
) -> PercentOf:
    """`percent` percent of `of`, the percentage quoted by its sentence."""
    return PercentOf(
        kind="percent_of",
        label=label,
        unit=unit,
        percent=const(percent, "%", said, quote),
        of=of,
    )


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
            share = _share(
                f"{float(p.group(1)):g} percent of the {base}", "$", float(p.group(1)),
                f"percent of the {base}", c.text, Input(kind="input", name=spec.name),
            )  # fmt: skip
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
                    asks=f"{what} to hold for {'an' if base[0] in 'aeiou' else 'a'} {base}",
                    unit="$",
                    terms=[what, f"how much {what}"]
                    + [w for w in _HELD if w != what and re.search(rf"\b{w}\b", read)],
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
    share = _share(
        f"First {m.group(1)}: {float(m.group(2)):g} percent of the total capacity", "gal",
        float(m.group(2)), "of the total capacity", c.text, Apply(kind="apply", rule=tank.id),
    )  # fmt: skip
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


_FEE = r"((?:[a-z]+ )?fee)s?"
_MULTIPLE = re.compile(
    rf"\b(?:the |a |an )?{_FEE} shall be (doubled|tripled|quadrupled)\b"
    rf"|\b(double|triple|twice|[a-z]+(?: \(\d+\))?|\d+) times (?:the |that )?{_FEE}"
    rf"|\b(\d+(?:\.\d+)?) percent of (?:the |that )?{_FEE}"
    rf"|\b(double|triple|twice) (?:the |that )?{_FEE}"
)
_FEE_WORDS = re.compile(
    r"(?i)\bfees?\b[^\n]*\b(?:times|percent|doubled?|tripled?|quadrupled?|twice)\b|\b(?:times|percent|doubled?|tripled?|quadrupled?|twice)\b[^\n]*\bfees?\b"
)
_TIMES = {"doubled": 2, "double": 2, "twice": 2, "tripled": 3, "triple": 3, "quadrupled": 4}
_SUBJECT = re.compile(r"\b(?:the|a|an) ((?:[a-z]+ )?fee)s? (?:shall|equal|of)\b")


def fee_share_rules(section: Section) -> list[Rule]:
    """A sentence that sets a fee as a multiple or a percentage of another fee (one rule a
    section, none when it holds two such). Its lines are read here ("tripled" holds no digit)."""
    found: list[tuple[Clause, re.Match[str]]] = []
    for line in section.text.splitlines():
        if not _FEE_WORDS.search(line):
            continue  # (read only the lines that could hold one)
        for s in sentences(" ".join(line.split())):
            read = read_numbers(s) or ""
            found += [(Clause(text=s, read=read), m) for m in _MULTIPLE.finditer(read)]
    if len(found) != 1:
        return []
    c, m = found[0]
    read = c.read or ""
    if m.group(2):  # "the permit fee shall be tripled"
        times, base = float(_TIMES[m.group(2)]), m.group(1)
    elif m.group(5):  # "50 percent of the permit fee"
        times, base = float(m.group(5)) / 100, m.group(6)
    else:  # "three (3) times the fee otherwise due", "double the permit fee"
        word = m.group(3) or m.group(7)
        base = m.group(4) or m.group(8)
        times = float(_TIMES.get(word) or (word if word.isdigit() else words_value(word) or 0))
        if not times:
            return []
    if re.match(r"[^.;]*?\b(?:per|each|a) (?:day|week|month|year)\b", read[m.end() :]):
        return []  # a charge that grows with time is not one share
    before = read[: m.start()]
    subject = _SUBJECT.findall(before) or re.findall(r"\b((?:[a-z]+ )?fee) (?:equal|of)\b", before)
    if base == "fee" and subject:
        base = subject[-1]  # "the permit fee shall be three (3) times the fee otherwise due"
    name = "_".join(re.findall(r"[a-z]+", base))
    spec = InputSpec(
        name=f"{name}_usd", kind="number", unit="$", label=f"the {base}, dollars", low=0, high=1e7
    )
    share = f"{times * 100:g} percent of the {base}" if times < 1 else f"{times:g} times the {base}"
    what = m.group(1) or (subject[-1] if subject else "fee")
    formula = _share(
        f"{what[0].upper()}{what[1:]}: {share}", "$", times * 100, f"percent of the {base}",
        c.text, Input(kind="input", name=spec.name),
    )  # fmt: skip
    return [
        extracted_rule(
            section,
            "share",
            topic="fee",
            asks=f"{what}, {share}",
            unit="$",
            terms=[base, "fee", f"extra {base.split()[-1]}", "before the permit"],
            quote=c.text,
            inputs=[spec],
            formula=formula,
        )
    ]
