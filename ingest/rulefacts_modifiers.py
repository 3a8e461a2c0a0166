"""Modifiers of a sizing rule: 'where a <thing> is installed ... the capacity shall be increased
by P percent / V gallons', applied to the one rule they speak of.

In the rule's own section (`modifiers`), or in a sibling section that names the rule's section
(`sibling_modifiers`: '103.2 Garbage disposals. Where a garbage disposal is installed, the
capacity required by Section 103.1 shall be increased by fifty (50) percent.'), whose quote is
then cited from its own section. A modifier whose target is not one rule is dropped.
"""

from __future__ import annotations

import re
from typing import Any

from ingest.numbers import read_numbers
from ingest.records import Section
from ingest.rulefacts_shapes import const, flag_spec, fold, located, sentences
from tools.formulas import (
    Case,
    Cases,
    Condition,
    ConditionalMultiplier,
    Const,
    Extreme,
    InputSpec,
    Rule,
)

_COND = re.compile(
    r"\b(?:where|if|when|whenever) (?:a|an) ([a-z]+(?: [a-z]+){0,2}?)((?: or (?:a|an) [a-z]+(?: [a-z]+){0,2}?)?) "
    r"(?:(?:is|are|has been|will be) (?:installed|used|provided|present|planned)|discharges? (?:to|into)\b)"
    r"|\b(?:where|if|when|whenever) (?:a|the) (?:dwelling|house|home|building) (?:has|uses|is served by) "
    r"(?:a|an) ([a-z]+(?: [a-z]+)??)(?=[,.;]| or\b| and\b| the\b)"
    r"|\b(?:where|if|when|whenever) sewage is (?:pumped|delivered|lifted|discharged|conveyed)"
    r"(?: from [a-z ]{1,40}?)? to (?:the|a) (?:septic )?tanks? by (?:a|an) ([a-z]+(?: [a-z]+)?)"
    r"(?=[,.;]| or\b)"
)
"""'where a garbage disposal is installed', 'where a garbage disposal unit or a sewage ejector pump
discharges to the system', 'where a dwelling has a garbage disposal, or ...', 'where sewage is
pumped from the dwelling to the septic tank by a lift station, ejector or grinder pump'."""
_MORE_THINGS = re.compile(
    r"^((?:, (?:an? )?[a-z]+(?: [a-z]+)?)*,? or (?:an? )?[a-z]+(?: [a-z]+)?)(?=[,.;])"
)
"""The other things a condition's list names after its first ('..., ejector or grinder pump')."""
_ALSO = re.compile(
    r"^[^.;]{0,40}?, or (?:(?:where|if|when|whenever)\b[^,.;]*?\b)??(?:by|where|if|when|whenever) "
    r"(?:a|an) ((?:[a-z]+ )??[a-z]+(?: or (?:an? )?(?:[a-z]+ )?[a-z]+)?)"
    r"(?=,| (?:is|are|discharges?|delivers?|located|installed|in)\b)"
)
"""A second case the condition names after its first: '..., or where sewage is delivered to
the septic tank by a lift station or ejector pump,' / '..., or where a pump or lift station is
located ahead of the septic tank'."""
_INCREASE = re.compile(
    r"\bincreased? by (\d+(?:\.\d+)?) (percent|gallons? per day|gallons?)\b"
    # 'multiplied by one and one-half (1.5)' (read as 'multiplied by 1 and one-half 1.5')
    r"|\bmultiplied by (?:\d+ and (?:one-half|one half|a half) )?(\d+(?:\.\d+)?)(?![\d.]*\s*(?:percent|gallons?))"
    r"|\b(\d+(?:\.\d+)?|\d+ and one-half) times (?:the|that|this) (?:capacity|volume|size|area)\b"
)


_ROUNDED = re.compile(
    r"\brounded up to the (?:next|nearest)(?: higher| whole)? (?:multiple of )?(\d[\d,]*)"
    r"(?: gallons?)?\b"
)
"""'the result rounded up to the next multiple of 50 gallons' after an increase."""


def _unit(text: str) -> str:
    return "gpd" if "day" in text or text == "gpd" else "gal"


def _amount(inc: re.Match[str]) -> tuple[float, str]:
    """(the amount, its kind: 'percent', 'times' or a unit's words) of an increase."""
    if inc.group(1) is not None:
        return float(inc.group(1)), inc.group(2)
    if inc.group(3) is not None:
        return float(inc.group(3)), "times"
    said = inc.group(4)
    return (float(said.split()[0]) + 0.5 if "one-half" in said else float(said)), "times"


def _has_input(rule: Rule, name: str) -> bool:
    """Whether the rule already takes the condition as an input of its own (a table's 'with
    garbage disposal or basement sewage ejector' column): a modifier would count it twice."""
    return any(name in i.name for i in rule.inputs)


def _deferred(rule: Rule) -> bool:
    return isinstance(rule.formula, Const) and rule.formula.defers_to is not None


def _read(text: str) -> tuple[str, re.Match[str], re.Match[str]] | None:
    """(the sentence as read, its condition, the increase the condition governs: the one after
    it, else the nearest before it), or None."""
    read = read_numbers(text)
    cond = _COND.search(read) if read else None
    if read is None or cond is None:
        return None
    before = list(_INCREASE.finditer(read, 0, cond.start()))
    inc = _INCREASE.search(read, cond.end()) or (before[-1] if before else None)
    return (read, cond, inc) if inc is not None else None


def _spec(text: str, cond: re.Match[str]) -> InputSpec:
    """The condition's yes/no input, named from its first case; its label names every case,
    each after a ';' ('garbage disposal; lift station or ejector pump')."""
    words = _thing(cond)
    spec = flag_spec(words)
    if cond.group(2):  # 'a garbage disposal unit or a sewage ejector pump discharges to ...'
        other = re.sub(r"^ or (?:an?) ", "", cond.group(2))
        return spec.model_copy(update={"label": f"{words}; {other} (yes/no)"})
    more = _MORE_THINGS.match(cond.string[cond.end() :]) if cond.group(4) else None
    if more is not None:  # 'a lift station, ejector or grinder pump': each one a case
        others = re.split(r",\s*(?:or\s+)?|\s+or\s+", more.group(1).strip(" ,"))
        cases = [re.sub(r"^(?:an?|or)\s+", "", o).strip() for o in others if o.strip()]
        return spec.model_copy(update={"label": "; ".join([words, *cases]) + " (yes/no)"})
    also = _ALSO.search(cond.string[cond.end() :])
    if also is None:
        return spec
    return spec.model_copy(update={"label": f"{words}; {also.group(1)} (yes/no)"})


def _thing(cond: re.Match[str]) -> str:
    """The thing a condition names first ('garbage disposal', 'lift station')."""
    return cond.group(1) or cond.group(3) or cond.group(4)


def _targets(rules: list[Rule], ref: str | None, read: str, unit: str | None) -> list[int]:
    return [
        i
        for i, r in enumerate(rules)
        if r.section == ref
        and not _deferred(r)
        and not r.input("daily_flow_gpd")
        and (unit is None or r.unit == unit)
        and (("flow" in read) == (r.topic == "flow") or r.topic == "holding_tank")
    ]


def _modified(
    old: Rule, text: str, cond: re.Match[str], inc: re.Match[str], at: Section, own: bool
) -> Rule:
    """`old` with the increase applied where the condition holds (cited from `at`)."""
    amount, kind = _amount(inc)
    unit = None if kind in ("percent", "times") else _unit(kind)
    spec = _spec(text, cond)
    words = spec.label.removesuffix(" (yes/no)").replace("; ", " or a ")
    when = Condition(input=spec.name, op="eq", value=True, text=f"With a {words}", quote=text)
    if not own:
        when = when.model_copy(update={"section": at.section, "title": at.title})
    if unit is None:
        times = kind == "times"
        said = f"multiplied by {amount:g}" if times else f"increased by {amount:g} %"
        factor = (
            const(amount, f"(x {amount:g})", "multiplier", text)
            if times
            else const(1 + amount / 100, f"(+{amount:g} %)", "increase", text)
        )
        rounded = _ROUNDED.search(read_numbers(text) or "")
        step = rounded and const(
            float(rounded.group(1).replace(",", "")), old.unit, "multiple", text
        )
        formula: Any = ConditionalMultiplier(
            kind="conditional_multiplier",
            of=old.formula,
            when=when,
            label=f"With a {words}: {said}",
            factor=factor if own else located(factor, at),
            not_applied=f"Without a {words}, the capacity is not {said} (§{at.ref}).",
            round_up_to=(step if own else located(step, at)) if step else None,
        )
    else:
        added = const(amount, old.unit, "added", text)
        with_it = Extreme(
            kind="sum_of",
            label=f"With a {words}",
            unit=old.unit,
            terms=[old.formula, added if own else located(added, at)],
        )
        formula = Cases(kind="cases", cases=[Case(when=when, then=with_it)], otherwise=old.formula)
    return old.model_copy(update={"formula": formula, "inputs": [*old.inputs, spec]})


def modifiers(section: Section, rules: list[Rule]) -> list[Rule]:
    """Modifiers applied to the one rule of their own section they speak of (by unit and
    subject), read from the section's sentences across its lines ('(C) Where a garbage disposal
    is installed, the capacity required by subsection\n(B) shall be increased by forty (40)
    percent.')."""
    for text in sentences(fold(section.text)):
        found = _read(text)
        if found is None:
            continue
        read, cond, inc = found
        kind = _amount(inc)[1]
        unit = None if kind in ("percent", "times") else _unit(kind)
        targets = _targets(rules, section.section, read, unit)
        spec = flag_spec(_thing(cond))
        if len(targets) == 1 and not _has_input(rules[targets[0]], spec.name):
            rules[targets[0]] = _modified(rules[targets[0]], text, cond, inc, section, own=True)
    return rules


_NAMES = re.compile(r"\b(?:Section|Sec\.|§|Table)\s*(\d+(?:[.\-]\d+)+)")


def sibling_modifiers(sections: list[Section], rules: list[Rule]) -> list[Rule]:
    """Modifiers in one section applied to the one rule of the section they name, when that
    rule has no modifier of its own for the same thing."""
    for section in sections:
        if section.kind != "section":
            continue
        for text in sentences(fold(section.text)):
            found = _read(text)
            named = _NAMES.search(text)
            if found is None or named is None or named.group(1) == section.section:
                continue
            read, cond, inc = found
            kind = _amount(inc)[1]
            unit = None if kind in ("percent", "times") else _unit(kind)
            targets = _targets(rules, named.group(1), read, unit)
            spec = flag_spec(_thing(cond))
            if len(targets) == 1 and not _has_input(rules[targets[0]], spec.name):
                rules[targets[0]] = _modified(rules[targets[0]], text, cond, inc, section, False)
    return rules
