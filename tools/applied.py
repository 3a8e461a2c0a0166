"""The public face of the data rules: list a city's rules, say which inputs each needs, apply one
(or every rule of a topic) and compare a topic across cities. Nothing here names a rule.

    rules_for("hugo", topic="holding_tank")          -> [Rule, ...]
    needed_inputs("hugo", RULE_ID)                   -> [InputSpec(name="bedrooms", ...)]
    apply_rule("hugo", RULE_ID, bedrooms=5)          -> CalcResult (the figure, cited)
    apply_topic("hugo", "tank", {"units_bedrooms": [3, 5]})   -> the rules of the topic that run

A city without a curated rules file uses the rules extracted from its text at ingest, if the app
layer gave a reader of them (`base.use_extracted`); each is labelled `origin: extracted`. A city
with neither has no rules: every call answers with an empty list, never an error.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from pydantic import BaseModel

from core.dates import Month
from core.errors import MissingInputError, ToolInputError, UnknownJurisdictionError
from tools import base
from tools.engine import evaluate
from tools.formulas import Apply, Condition, DateArithmetic, Input, InputSpec, Rule, SumOverUnits
from tools.formulas import Table as TableNode
from tools.records import CalcResult, Comparison, ComparisonRow
from tools.rules import CityRules, normalize_key


def _city(jurisdiction: str) -> CityRules | None:
    """The city's curated rules, else the rules extracted from its text at ingest, else None."""
    try:
        return base.city(jurisdiction)
    except UnknownJurisdictionError:
        return base.extracted_city(jurisdiction)


def rules_for(jurisdiction: str, topic: str | None = None) -> list[Rule]:
    """A city's rules (of one topic); [] for a city with no curated rules file."""
    c = _city(jurisdiction)
    if c is None:
        return []
    return [r for r in c.rules if topic is None or r.topic == topic]


def topics(jurisdiction: str | None = None) -> list[str]:
    """Topic words of the rules of one city (or of every city), in file order."""
    cities = (
        base.book().cities.values() if jurisdiction is None else filter(None, [_city(jurisdiction)])
    )
    seen: dict[str, None] = {}
    for c in cities:
        for r in c.rules:
            seen.setdefault(r.topic, None)
    return list(seen)


def _names(node: object, bound: set[str], c: CityRules, out: list[str], seen: set[str]) -> None:
    """Input names a formula reads that are not bound inside it (walks applied rules too)."""
    if isinstance(node, Input) and node.name not in bound:
        out.append(node.name)
    if isinstance(node, TableNode) and node.input not in bound:
        out.append(node.input)
    if isinstance(node, Condition) and node.input and node.input not in bound:
        out.append(node.input)
    if isinstance(node, DateArithmetic) and node.start not in bound:
        out.append(node.start)
    if isinstance(node, SumOverUnits):
        out.append(node.input)
        _names(node.term, bound | {node.each}, c, out, seen)
        return
    if isinstance(node, Apply):
        for e in node.bind.values():
            _names(e, bound, c, out, seen)
        rule = c.rule(node.rule)
        if rule is not None and rule.id not in seen:
            _names(rule.formula, bound | set(node.bind), c, out, seen | {rule.id})
        return
    if isinstance(node, BaseModel):
        for name in type(node).model_fields:
            _names(getattr(node, name), bound, c, out, seen)
    elif isinstance(node, list):
        for item in node:
            _names(item, bound, c, out, seen)


def needed_inputs(jurisdiction: str, rule_id: str) -> list[InputSpec]:
    """The inputs a rule reads (its own and those of the rules it applies), each with its unit."""
    c = _city(jurisdiction)
    rule = c.rule(rule_id) if c is not None else None
    if c is None or rule is None:
        return []
    names: list[str] = []
    _names(rule.formula, set(), c, names, {rule.id})
    specs: list[InputSpec] = []
    for name in dict.fromkeys(names):
        spec = _spec(c, rule, name)
        specs.append(spec)
    return specs


def _spec(c: CityRules, rule: Rule, name: str) -> InputSpec:
    for r in [rule, *c.rules]:
        spec = r.input(name)
        if spec is not None:
            return spec
    shared = next((s for s in c.inputs if s.name == name), None)
    if shared is not None:
        return shared
    return InputSpec(name=name, label=name.replace("_", " "))


def coerce(spec: InputSpec, value: Any) -> Any:
    """One input as the rule wants it; ToolInputError names the input, the value and the fix."""
    if value is None:
        return None
    name = spec.name
    if spec.kind in ("date", "datetime"):
        if isinstance(value, date):
            return value
        text = str(value).strip()
        if re.fullmatch(r"\d{4}-\d{2}", text):  # '2022-06': a month
            return Month(int(text[:4]), int(text[5:]), 1)
        try:
            return (
                datetime.fromisoformat(text)
                if "T" in text or " " in text
                else date.fromisoformat(text)
            )
        except ValueError:
            raise ToolInputError(f"{name} must be a date like 2026-05-01, got {value!r}.") from None
    if spec.kind == "flag":
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("yes", "true", "1", "y"):
            return True
        if text in ("no", "false", "0", "n"):
            return False
        raise ToolInputError(f"{name} must be yes or no, got {value!r}.")
    if spec.kind == "choice":
        text = str(value).strip().lower().replace(" ", "_").replace("-", "_")
        if spec.choices and text not in spec.choices:
            raise ToolInputError(f"{name} must be one of {', '.join(map(repr, spec.choices))}, got {value!r}.")  # fmt: skip
        return text
    if spec.kind == "numbers":
        items = value.split(",") if isinstance(value, str) else value
        if not isinstance(items, list | tuple) or not items:
            raise ToolInputError(f"{name} must be a list of numbers such as 3,5; got {value!r}.")
        single = spec.model_copy(update={"kind": "integer" if "bedroom" in spec.unit else "number"})
        return [coerce(single, v) for v in items]
    try:
        x = float(str(value).replace(",", "")) if isinstance(value, str) else value
    except ValueError:
        x = value
    lo = spec.low if spec.low is not None else 0.0
    hi = spec.high if spec.high is not None else 1e9
    checked = base.check_number(x, name, lo, hi)
    if spec.kind == "integer":
        if not float(checked).is_integer():
            raise ToolInputError(f"{name} must be a whole number, got {value!r}.")
        return int(checked)
    return checked


def apply_rule(jurisdiction: str, rule_id: str, **inputs: Any) -> CalcResult:
    """Apply one rule of a city to the inputs given (names as in `needed_inputs`)."""
    c = _city(jurisdiction) or base.city(jurisdiction)  # none: the error names the known cities
    rule = c.rule(rule_id)
    if rule is None:
        known = ", ".join(r.id for r in c.rules) or "(none)"
        raise ToolInputError(f"{c.name} has no rule {rule_id!r}. Its rules: {known}.")
    specs = {s.name: s for s in needed_inputs(c.jurisdiction, rule.id)}
    unknown = sorted(set(inputs) - set(specs))
    if unknown and any(inputs[k] is not None for k in unknown):
        raise ToolInputError(
            f"Rule {rule_id!r} does not take {', '.join(map(repr, unknown))}; it takes "
            f"{', '.join(specs) or 'no inputs'}."
        )
    values: dict[str, Any] = {}
    defaulted: set[str] = set()
    for name, spec in specs.items():
        v = coerce(spec, inputs.get(name))
        values[name] = v if v is not None else spec.default
        if v is None and spec.default is not None:
            defaulted.add(name)
    return evaluate(c, base.book().state, rule, values, frozenset(defaulted))


def runnable(jurisdiction: str, rule_id: str, given: Mapping[str, Any]) -> bool:
    """True when the rule can run on these inputs: the branch the inputs select has every input
    it reads (found by running it; a value out of range still counts, so its error is shown)."""
    specs = {s.name for s in needed_inputs(jurisdiction, rule_id)}
    try:
        apply_rule(jurisdiction, rule_id, **{k: v for k, v in given.items() if k in specs})
    except MissingInputError:
        return False
    except ToolInputError:
        return True
    return True


def apply_topic(jurisdiction: str, topic: str, given: Mapping[str, Any]) -> list[CalcResult]:
    """Every rule of a topic whose inputs the question gives, applied."""
    out: list[CalcResult] = []
    for rule in rules_for(jurisdiction, topic):
        if runnable(jurisdiction, rule.id, given):
            specs = {s.name for s in needed_inputs(jurisdiction, rule.id)}
            out.append(
                apply_rule(jurisdiction, rule.id, **{k: v for k, v in given.items() if k in specs})
            )
    return out


def compare_topic(topic: str, given: Mapping[str, Any]) -> Comparison:
    """One topic across every city with rules: each city's runnable rules, or a gap cell."""
    if topic not in topics():
        raise ToolInputError(
            f"Unknown comparison topic {topic!r}. Rule topics: {', '.join(topics())}."
        )
    rows: list[ComparisonRow] = []
    for key in sorted(base.book().cities):
        c = base.book().cities[key]
        cells = apply_topic(key, topic, given)
        if not cells:
            cells = [
                base.not_in_corpus(
                    "rule", c, f"a rule on {topic.replace('_', ' ')} for these inputs"
                )
            ]
        rows.append(ComparisonRow(jurisdiction=key, cells=cells))
    shown: dict[str, str | int | float | bool | None] = {
        k: v for k, v in given.items() if isinstance(v, str | int | float | bool)
    }
    return Comparison(topic=topic, parameters=shown, rows=rows)


def key(jurisdiction: str) -> str:
    return normalize_key(jurisdiction)
