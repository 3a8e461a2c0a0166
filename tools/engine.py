"""The one evaluator for every rule kind in `tools.formulas`: inputs in, a cited `CalcResult` out.

Each node writes its own step ("Minimum capacity: the greater of 1,200 gal and 400 gal per
bedroom × 5 bedrooms = 2,000 gal (§502.05)"), cites the provision its numbers come from, and
reports what the rule does not cover and whose approval it needs. Confidence policy for printed
numbers (as `tools.base.confidence_status`): high is used; medium is used, flagged and warned;
low (unreadable) stops the evaluation with no number.
"""

from __future__ import annotations

import calendar
import math
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from core.dates import Month
from core.errors import MissingInputError, ToolInputError
from tools.base import fmt
from tools.formulas import (
    Apply,
    Bounds,
    Condition,
    ConditionalMultiplier,
    Const,
    DateArithmetic,
    Difference,
    Extreme,
    Input,
    InputSpec,
    Linear,
    Locator,
    PercentOf,
    Rule,
    SumOverUnits,
    Table,
)
from tools.formulas import Cases as CasesNode
from tools.records import CalcResult, Provenance
from tools.rules import CityRules, StateRules

Value = float | date | datetime | bool | list[float] | None
EXTRACTED = "Extracted from the ordinance text, not reviewed"
"""Said with every figure of a rule read from a city's text at ingest (`origin: extracted`)."""


class _Stop(Exception):
    """The rule cannot give a number: unsuitable input, unreadable cell, or not covered."""

    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class _Ctx:
    city: CityRules
    state: StateRules
    stack: list[Rule]
    env: dict[str, Any]
    steps: list[str] = field(default_factory=list)
    cites: list[Provenance] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    not_covered: list[str] = field(default_factory=list)
    approvals: list[str] = field(default_factory=list)
    outcomes: list[bool] = field(default_factory=list)
    applied: list[str] = field(default_factory=list)
    defaulted: frozenset[str] = frozenset()
    flagged: bool = False

    @property
    def rule(self) -> Rule:
        return self.stack[-1]

    def where(self, loc: Locator) -> str:
        section = loc.section or (self.rule.section if loc.title is None else None)
        title = loc.title or self.rule.title
        return f"§{section}" if section is not None else f'"{title}"'

    def cite(self, loc: Locator) -> None:
        rule = self.rule
        use_rule = loc.section is None and loc.title is None
        prov = Provenance(
            jurisdiction=self.city.jurisdiction,
            section=rule.section if use_rule else loc.section,
            title=rule.title if use_rule else loc.title,
            quote=loc.quote or rule.quote or "",
            confidence=loc.confidence,
        )
        if prov not in self.cites:
            self.cites.append(prov)

    def unit_of(self, name: str) -> str:
        for rule in reversed(self.stack):
            spec = rule.input(name)
            if spec is not None:
                return spec.unit
        shared = next((s for s in self.city.inputs if s.name == name), None)
        return shared.unit if shared is not None else ""


def _show(v: Value, unit: str = "") -> str:
    if isinstance(v, datetime):
        return v.strftime("%Y-%m-%d %H:%M")
    if isinstance(v, Month):
        return v.iso()
    if isinstance(v, date):
        return v.isoformat()
    if isinstance(v, bool) or v is None:
        return str(v)
    if isinstance(v, list):
        return ", ".join(_show(x, unit) for x in v)
    if unit == "$":
        return f"${fmt(round(v, 2))}"
    return f"{fmt(round(v, 2))} {unit}".strip()


def _num(v: Value, what: str) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise ToolInputError(f"{what} must be a number, got {v!r}.")
    return float(v)


def _const(ctx: _Ctx, n: Const) -> tuple[float, str]:
    if n.defers_to is not None:
        ctx.cite(n)
        raise _Stop(
            "deferred",
            f"not in this corpus: {ctx.city.name}'s text leaves this to {n.defers_to} "
            f"({ctx.where(n)}), adopted by reference and not in this corpus.",
        )
    if n.state is not None:
        fig = ctx.state.figures.get(n.state)
        if fig is None or not ctx.city.adopts(fig.family):
            raise _Stop(
                "deferred",
                f"{ctx.city.name} does not adopt a state figure {n.state!r} held in this project.",
            )
        prov = ctx.city.cite_state(fig.rule_part)
        if prov not in ctx.cites:
            ctx.cites.append(prov)
        text = f"{fmt(fig.value)} {n.unit}".strip()
        ctx.steps.append(f"{n.label or 'State figure'}: {text} ({fig.rule_part}; state rule, "
                         "adopted by reference; not in the city's text).")  # fmt: skip
        return fig.value, text
    _confidence(ctx, n, n.value)
    ctx.cite(n)
    assert n.value is not None
    return n.value, _show(n.value, n.unit)


def _confidence(ctx: _Ctx, loc: Locator, value: float | None) -> None:
    note = f" {loc.note}" if loc.note else ""
    if value is None or loc.confidence == "low":
        ctx.cite(loc)
        raise _Stop(
            "flagged",
            f"Not determinable from the transcription ({ctx.where(loc)}, low confidence): no "
            f"number is given; see the original ordinance.{note}",
        )
    if loc.confidence == "medium":
        ctx.flagged = True
        warning = (
            f"OCR-uncertain value ({ctx.where(loc)}, medium confidence): check the original.{note}"
        )
        if ctx.rule.origin == "extracted":
            warning = f"{EXTRACTED} ({ctx.where(loc)}): check the text.{note}"
        if warning not in ctx.warnings:
            ctx.warnings.append(warning)


def _input(ctx: _Ctx, name: str) -> Any:
    if name not in ctx.env or ctx.env[name] is None:
        spec = next((r.input(name) for r in reversed(ctx.stack) if r.input(name)), None)
        spec = spec or next((s for s in ctx.city.inputs if s.name == name), None)
        label = spec.label if spec else name.replace("_", " ")
        raise MissingInputError(
            f"{ctx.rule.id!r} needs {name!r} ({label}); it was not given. Give {name}=..."
        )
    return ctx.env[name]


def _cond(ctx: _Ctx, c: Condition) -> bool:
    if c.all:
        return all(_cond(ctx, sub) for sub in c.all)
    if c.any:
        return any(_cond(ctx, sub) for sub in c.any)
    assert c.input is not None
    if c.op in ("given", "missing"):
        held = (ctx.env.get(c.input) is not None) == (c.op == "given")
        if held and c.quote:  # the branch a quoted provision opens is cited
            ctx.cite(c)
        return held
    x = _input(ctx, c.input)
    v = c.value
    if c.op == "season":
        assert isinstance(v, list) and isinstance(x, date)
        md = x.strftime("%m-%d")
        hit = v[0] <= md <= v[1] if v[0] <= v[1] else (md >= v[0] or md <= v[1])
    elif c.op == "in":
        hit = isinstance(v, list) and x in v
    elif c.op in ("eq", "ne"):
        hit = (x == v) == (c.op == "eq")
    else:
        a, b = _num(x, c.input), _num(v, "threshold")  # type: ignore[arg-type]
        hit = {"lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}[str(c.op)]
    if c.quote:
        ctx.cite(c)
    if hit and c.note and c.note not in ctx.warnings:  # a condition's caveat, said when it holds
        ctx.warnings.append(c.note)
    if c.input in ctx.defaulted and not c.quote:  # not asked about: a default is not a step
        return hit
    if hit or c.quote:  # the branch taken, and every cited threshold, are shown
        shown = _show(x, ctx.unit_of(c.input)) if not isinstance(x, str) else repr(x)
        text = c.text or f"{c.input} {c.op} {v}"
        ctx.steps.append(f"{text} ({shown})? {'yes' if hit else 'no'}"
                         + (f" ({ctx.where(c)})." if c.quote else "."))  # fmt: skip
    return hit


def ev(ctx: _Ctx, n: Any) -> tuple[Value, str]:
    """Evaluate one node: (value, how it reads in a step)."""
    if isinstance(n, Const):
        return _const(ctx, n)
    if isinstance(n, Input):
        x = _input(ctx, n.name)
        return x, _show(x, ctx.unit_of(n.name))
    if isinstance(n, Table):
        return _table(ctx, n)
    if isinstance(n, Linear):
        x, xt = ev(ctx, n.x)
        s, st = ev(ctx, n.slope)
        xv = _num(x, "x")
        if n.x_minus is not None:
            m, mt = ev(ctx, n.x_minus)
            xv, xt = xv - _num(m, "x_minus"), f"({xt} − {mt})"
        value = _num(s, "slope") * xv
        expr = f"{st} × {xt}"
        if n.per is not None:
            d, dt = ev(ctx, n.per)
            value, expr = value / _num(d, "per"), f"{expr} ÷ {dt}"
        if n.round_up:
            value, expr = float(math.ceil(value - 1e-9)), f"{expr}, rounded up"
        elif n.round_down:
            value, expr = float(math.floor(value + 1e-9)), f"{expr}, fraction dropped"
        if n.intercept is not None:
            i, it = ev(ctx, n.intercept)
            value += _num(i, "intercept")
            expr = f"{it} + {expr}"
        return _step(ctx, n.label, expr, value, n.unit)
    if isinstance(n, PercentOf):
        p, _pt = ev(ctx, n.percent)
        o, ot = ev(ctx, n.of)
        value = _num(p, "percent") / 100 * _num(o, "base")
        return _step(ctx, n.label, f"{fmt(_num(p, 'percent'))} % of {ot}", value, n.unit)
    if isinstance(n, Extreme):
        vals: list[tuple[Value, str]] = []
        for term in n.terms:
            v, t = ev(ctx, term)
            if isinstance(v, list):
                unit = ctx.unit_of(term.name) if isinstance(term, Input) else ""
                vals += [(x, _show(x, unit)) for x in v]
            else:
                vals.append((v, t))
        nums = [_num(v, "term") for v, _ in vals]
        if n.kind == "sum_of":
            return _step(ctx, n.label, " + ".join(t for _, t in vals), sum(nums), n.unit)
        value = max(nums) if n.kind == "greatest_of" else min(nums)
        if len(vals) == 1:  # one bid given: the larger of the bids is that bid
            ctx.steps.append(f"{n.label or 'Result'}: {vals[0][1]} (the only one given).")
            return value, _show(value, n.unit)
        word = "greater" if n.kind == "greatest_of" else "smaller"
        if len(vals) > 2:
            word = "greatest" if n.kind == "greatest_of" else "least"
        listed = ", ".join(t for _, t in vals[:-1]) + f" and {vals[-1][1]}"
        return _step(ctx, n.label, f"the {word} of {listed}", value, n.unit)
    if isinstance(n, SumOverUnits):
        items = _input(ctx, n.input)
        if not isinstance(items, list) or not items:
            raise ToolInputError(f"{n.input!r} must be a list of numbers, e.g. 3,5; got {items!r}.")
        parts: list[tuple[Value, str]] = []
        first: dict[str, int] = {}
        for i, item in enumerate(items, 1):
            saved = ctx.env.get(n.each)
            ctx.env[n.each] = item
            label = _show(item, ctx.unit_of(n.each))
            mark = len(ctx.steps)
            if label not in first:
                ctx.steps.append(f"Unit {i} ({label}):")
            parts.append(ev(ctx, n.term))
            if label in first:  # a unit like an earlier one: its steps once
                del ctx.steps[mark:]
                ctx.steps.append(f"Unit {i} ({label}): as unit {first[label]}, {parts[-1][1]}.")
            first.setdefault(label, i)
            ctx.env[n.each] = saved
        value = sum(_num(v, "unit") for v, _ in parts)
        return _step(ctx, n.label, " + ".join(t for _, t in parts), value, n.unit)
    if isinstance(n, Apply):
        return _apply(ctx, n)
    if isinstance(n, CasesNode):
        for case in n.cases:
            if _cond(ctx, case.when):
                return ev(ctx, case.then)
        if n.otherwise is not None:
            return ev(ctx, n.otherwise)
        raise _Stop("not_in_corpus", n.otherwise_note or "The rule does not cover this case.")
    if isinstance(n, ConditionalMultiplier):
        b, bt = ev(ctx, n.of)
        if _cond(ctx, n.when):
            f, ft = ev(ctx, n.factor)
            if n.approval and n.approval not in ctx.approvals:
                ctx.approvals.append(n.approval)
            value, expr = _num(b, "base") * _num(f, "factor"), f"{bt} × {ft}"
            if n.round_up_to is not None:
                s, st = ev(ctx, n.round_up_to)
                step = _num(s, "multiple")
                value = float(math.ceil(value / step - 1e-9) * step)
                expr = f"{expr}, rounded up to a multiple of {st}"
            return _step(ctx, n.label, expr, value, ctx.rule.unit)
        if n.not_applied and n.not_applied not in ctx.not_covered:
            ctx.not_covered.append(n.not_applied)
        return b, bt
    if isinstance(n, Bounds):
        return _bounds(ctx, n)
    if isinstance(n, Difference):
        r, rt = ev(ctx, n.required)
        a, at = ev(ctx, n.actual)
        gap = _num(r, "required") - _num(a, "actual")
        ctx.outcomes.append(gap <= 0)
        unit = ctx.rule.unit
        verdict = (
            f"met with {_show(-gap, unit)} to spare" if gap <= 0 else f"short by {_show(gap, unit)}"
        )
        ctx.steps.append(f"{n.label or 'Difference'}: required {rt} − actual {at} → {verdict}.")
        return max(0.0, gap), _show(max(0.0, gap), unit)
    if isinstance(n, DateArithmetic):
        return _date(ctx, n)
    raise TypeError(f"unknown formula node {n!r}")  # pragma: no cover - the schema is closed


def _step(ctx: _Ctx, label: str, expr: str, value: float, unit: str) -> tuple[float, str]:
    text = _show(value, unit)
    ctx.steps.append(f"{label or 'Result'}: {expr} = {text}.")
    return value, text


def _table(ctx: _Ctx, n: Table) -> tuple[Value, str]:
    x = _input(ctx, n.input)
    row = next((r for r in n.rows if r.contains(x)), None)
    shown = repr(x) if isinstance(x, str) else _show(x, ctx.unit_of(n.input))
    if row is None:
        ctx.cite(n.rows[-1])
        choices = [r.match for r in n.rows if r.match is not None]
        if choices and isinstance(x, str):
            raise ToolInputError(f"{n.input!r} must be one of {', '.join(map(repr, choices))}, got {x!r}.")  # fmt: skip
        raise _Stop("not_in_corpus", n.past_last or f"The table has no row for {shown}.")
    ctx.cite(row)
    name = n.label or "Table"
    if row.unsuitable:
        ctx.steps.append(f"{name} ({ctx.where(row)}), row '{row.label}': unsuitable.")
        raise _Stop("unsuitable", f"{shown} falls in the row '{row.label}', which the ordinance "
                                  "marks unsuitable.")  # fmt: skip
    _confidence(ctx, row, row.value)
    assert row.value is not None
    if row.note and row.confidence == "high" and row.note not in ctx.warnings:
        ctx.warnings.append(row.note)
    text = _show(row.value, n.unit)
    ctx.steps.append(f"{name} ({ctx.where(row)}), row '{row.label}' for {shown}: {text}.")
    return row.value, text


def _apply(ctx: _Ctx, n: Apply) -> tuple[Value, str]:
    rule = next((r for r in ctx.city.rules if r.id == n.rule), None)
    if rule is None:
        raise _Stop("not_in_corpus", f"{ctx.city.name} has no rule {n.rule!r}.")
    bound = {k: ev(ctx, e)[0] for k, e in n.bind.items()}
    saved = dict(ctx.env)
    ctx.env.update(bound)
    ctx.stack.append(rule)
    if rule.id not in ctx.applied:
        ctx.applied.append(rule.id)
    try:
        ctx.cite(rule)
        value, text = ev(ctx, rule.formula)
        for item in rule.not_covered:
            if item not in ctx.not_covered:
                ctx.not_covered.append(item)
        if rule.approval and rule.approval not in ctx.approvals:
            ctx.approvals.append(rule.approval)
    finally:
        ctx.stack.pop()
        ctx.env = saved
    ctx.steps.append(f"→ {rule.asks}: {text} ({ctx.where(rule)}).")
    return value, text


def _bounds(ctx: _Ctx, n: Bounds) -> tuple[Value, str]:
    v, vt = ev(ctx, n.value)
    x = _num(v, "value")
    checks: list[str] = []
    ok = True
    if n.minimum is not None:
        lo, lt = ev(ctx, n.minimum)
        ok = ok and x >= _num(lo, "minimum")
        checks.append(f"at least {lt}")
    if n.maximum is not None:
        hi, ht = ev(ctx, n.maximum)
        ok = ok and x <= _num(hi, "maximum")
        checks.append(f"at most {ht}")
    ctx.outcomes.append(ok)
    ctx.steps.append(
        f"{n.label or 'Check'}: {vt} is {' and '.join(checks)}? {'yes' if ok else 'no'}."
    )
    return x, vt


def _date(ctx: _Ctx, n: DateArithmetic) -> tuple[Value, str]:
    start = _input(ctx, n.start)
    if not isinstance(start, date):
        raise ToolInputError(f"{n.start!r} must be a date such as 2026-05-01, got {start!r}.")
    a, at = ev(ctx, n.amount)
    k = int(_num(a, "amount")) * (1 if n.direction == "after" else -1)
    if n.unit == "hours":
        if not isinstance(start, datetime):
            start = datetime(start.year, start.month, start.day)
        value: date = start + timedelta(hours=k)
    elif n.unit == "days":
        value = start + timedelta(days=k)
    else:
        months = k * (12 if n.unit == "years" else 1)
        y, m = divmod(start.month - 1 + months, 12)
        day = min(start.day, calendar.monthrange(start.year + y, m + 1)[1])
        value = start.replace(year=start.year + y, month=m + 1, day=day)
        if isinstance(start, Month):  # 'June 2022' + 42 months: December 2025
            value = Month(value.year, value.month, 1)
    word = "+" if n.direction == "after" else "−"
    if n.on is not None:
        month, day = (int(p) for p in n.on.split("-"))
        value = date(start.year + k, month, day)
        text = _show(value)
        ctx.steps.append(
            f"{n.label or 'Date'}: {_show(value)[5:]} of the year {start.year} {word} {at} = {text}."
        )
        return value, text
    text = _show(value)
    ctx.steps.append(f"{n.label or 'Date'}: {_show(start)} {word} {at} = {text}.")
    return value, text


def evaluate(
    city: CityRules,
    state: StateRules,
    rule: Rule,
    inputs: dict[str, Any],
    defaulted: frozenset[str] = frozenset(),
) -> CalcResult:
    """Apply one rule to validated inputs (see `tools.applied.apply_rule`). defaulted: the inputs
    that hold their default (not given): a condition on one is applied but not shown as a step."""
    ctx = _Ctx(city=city, state=state, stack=[rule], env=dict(inputs), defaulted=defaulted)
    ctx.cite(rule)
    where = ctx.where(rule)
    value: Value = None
    status = "ok"
    summary: str
    try:
        value, text = ev(ctx, rule.formula)
        if ctx.flagged:
            status = "flagged"
        verdict = ""
        if ctx.outcomes:
            verdict = " — meets the rule" if all(ctx.outcomes) else " — does not meet the rule"
        if isinstance(value, Month):
            text = f"{value.label()} ({text})"
        elif isinstance(value, date) and not isinstance(value, datetime):
            text = (
                f"{value.strftime('%B')} {value.day}, {value.year} ({text})"  # as people write it
            )
        summary = (
            f"{rule.asks[0].upper()}{rule.asks[1:]} in {city.name}: {text}{verdict} ({where})."
        )
        if rule.origin == "extracted":
            summary += f" This figure was {EXTRACTED.lower()}."
        elif status == "flagged":
            summary += " This value rests on an OCR-uncertain transcription: check the original."
    except _Stop as stop:
        status, summary = (
            stop.status,
            f"{rule.asks[0].upper()}{rule.asks[1:]} in {city.name}: {stop.message}",
        )
        value = None
        if stop.status == "flagged" and stop.message not in ctx.warnings:
            ctx.warnings.append(stop.message)  # an unreadable cell is a caveat as well
    if rule.approval and rule.approval not in ctx.approvals:
        ctx.approvals.append(rule.approval)
    ctx.warnings.extend(n for n in rule.notes if n not in ctx.warnings)
    for item in rule.not_covered:
        if item not in ctx.not_covered:
            ctx.not_covered.append(item)
    number = (
        float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
    )
    shown = _show(value) if isinstance(value, date) else None
    return CalcResult(
        tool="rule",
        rule=rule.id,
        jurisdiction=city.jurisdiction,
        status=status,  # type: ignore[arg-type]
        value=None if number is None else round(number, 2),
        value_text=shown,
        unit=rule.unit or None,
        summary=summary,
        steps=ctx.steps,
        citations=ctx.cites,
        warnings=ctx.warnings,
        approvals=ctx.approvals,
        not_covered=ctx.not_covered,
        applied=[rule.id, *ctx.applied],
        outcome=all(ctx.outcomes) if ctx.outcomes and status in ("ok", "flagged") else None,
    )


__all__ = ["InputSpec", "evaluate"]
