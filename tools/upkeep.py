"""Maintenance and permit facts: pumping due, and cited rule look-ups (`rule_fact`)."""

from __future__ import annotations

from core.errors import ToolInputError
from tools import base
from tools.base import fmt, where
from tools.records import CalcResult

FACTS: dict[str, tuple[str, str]] = {
    "permit_validity": ("permit_validity", "how long a permit stays valid"),
    "permit_fee": ("permit_fee", "the permit fee"),
    "inspection_interval": ("inspection_interval", "how often the tank must be inspected"),
    "inspection_notice": ("inspection_notice", "the notice required before an inspection"),
    "failing_system": ("failing", "the deadline to fix a failing system"),
}
"""Rule-fact names -> (the fact topic in the rules data, what it answers)."""
MAX_MEASUREMENT_IN = 120.0


def pumping_due(
    jurisdiction: str, sludge_to_outlet_baffle_in: float, scum_to_outlet_baffle_in: float
) -> CalcResult:
    """Whether a septic tank must be pumped now. sludge_to_outlet_baffle_in: inches from the top
    of the sludge layer up to the bottom of the outlet baffle; scum_to_outlet_baffle_in: inches
    from the bottom of the scum layer down to the bottom of the outlet baffle (each 0-120)."""
    tool = "pumping_due"
    c = base.city(jurisdiction)
    sludge = base.check_number(
        sludge_to_outlet_baffle_in, "sludge_to_outlet_baffle_in", 0.0, MAX_MEASUREMENT_IN
    )
    scum = base.check_number(
        scum_to_outlet_baffle_in, "scum_to_outlet_baffle_in", 0.0, MAX_MEASUREMENT_IN
    )
    triggers = {
        f.about: f
        for f in c.facts.values()
        if f.has_topic("pumping") and f.comparison is not None and f.value is not None
    }
    s_rule = triggers.get("sludge_to_outlet_baffle_in")
    c_rule = triggers.get("scum_to_outlet_baffle_in")
    if s_rule is None or c_rule is None:
        return base.deferred(tool, c, "pumping", "a pumping trigger")
    steps: list[str] = []
    due = []
    for name, x, rule in (("sludge", sludge, s_rule), ("scum", scum, c_rule)):
        op = rule.comparison or "le"
        limit = float(rule.value or 0.0)
        hit = x < limit if op == "lt" else x <= limit
        sign = "<" if op == "lt" else "≤"
        steps.append(
            f"{name.capitalize()} {fmt(x)} in {sign} {fmt(limit)} in? "
            f"{'yes' if hit else 'no'} ({where(rule)})."
        )
        if hit:
            due.append(name)
    warnings = [n for n in (s_rule.note, c_rule.note) if n]
    if due:
        summary = (
            f"Pumping is due in {c.name}: the {' and '.join(due)} trigger is reached "
            f"({where(s_rule)})."
        )
    else:
        summary = (
            f"Pumping is not yet due in {c.name}: sludge is {fmt(sludge)} in and scum "
            f"{fmt(scum)} in from the bottom of the outlet baffle; the triggers are "
            f"{fmt(s_rule.value or 0.0)} in and {fmt(c_rule.value or 0.0)} in ({where(s_rule)})."
        )
    return base.result(
        tool,
        c,
        "ok",
        summary,
        outcome=bool(due),
        steps=steps,
        citations=[c.cite(s_rule), c.cite(c_rule)],
        warnings=warnings,
    )


def fact_keys(jurisdiction: str, topic: str) -> list[str]:
    """The city's curated facts that answer a question topic, in file order (data, not code);
    [] for a city without a curated rules file."""
    c = base.book().cities.get(jurisdiction)
    return [k for k, f in c.facts.items() if f.has_topic(topic)] if c is not None else []


def fact_names() -> list[str]:
    """Topic names (permit_validity, ...) and every curated fact key of any city."""
    keys = {k for city in base.book().cities.values() for k in city.facts}
    return [*FACTS, *sorted(keys)]


def rule_fact(jurisdiction: str, name: str) -> CalcResult:
    """A cited rule of a city that needs no arithmetic: name is one of permit_validity,
    permit_fee, inspection_interval, inspection_notice, failing_system (or a curated fact key
    such as permit_validity_months)."""
    tool = "rule_fact"
    c = base.city(jurisdiction)
    if name not in fact_names():
        raise ToolInputError(f"Unknown rule fact {name!r}. Known facts: {', '.join(fact_names())}.")
    if name in FACTS:
        topic, what = FACTS[name]
        fact = next(
            (f for f in c.facts.values() if f.has_topic(topic) and f.comparison is None), None
        )
        key = name
    else:  # a curated fact key given by the caller
        key, what, fact = name, name.replace("_", " "), c.facts.get(name)
    if fact is None:
        return base.deferred(tool, c, key, what)
    shown = fact.text or (f"{fmt(fact.value)} {fact.unit}" if fact.value is not None else "")
    if fact.value is not None and fact.text:
        shown = f"{fmt(fact.value)} {fact.unit} ({fact.text})"
    summary = f"{c.name}: {what} — {shown} ({where(fact)})."
    warnings = [fact.note] if fact.note else []
    return base.result(
        tool,
        c,
        "ok",
        summary,
        value=fact.value,
        unit=fact.unit,
        citations=[c.cite(fact)],
        warnings=warnings,
        steps=[f"{where(fact)}: {shown}."],
    )
