"""Apply a city's rules of one topic to what a calculator was given: the generic core of the
calculators (tank, flow, area, separation, ...). No rule is named here: among the rules of the
topic that read at least one given input and run on the inputs given, the one that reads the most
of them is applied (ties: file order); a rule whose result is a number wins over one that only
says what it does not cover."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import BaseModel

from core.errors import MissingInputError, ToolInputError
from tools import base
from tools.applied import apply_rule, needed_inputs, rules_for
from tools.formulas import Cases, Table
from tools.records import CalcResult
from tools.rules import Band

COVERED = ("ok", "flagged", "unsuitable")


def apply_best(
    jurisdiction: str, topic: str, given: Mapping[str, Any], reads_given: bool = True
) -> CalcResult | None:
    """The result of the most specific rule of `topic` that runs on `given` (None: none runs).

    reads_given: only rules that read at least one given input count (False: a rule that runs
    on its defaults alone counts too). A result whose status is not_in_corpus (the rule's own 'not
    covered' branch) is returned only when no rule of the topic gives a figure."""
    present = {k: v for k, v in given.items() if v is not None}
    best: tuple[int, int, CalcResult] | None = None
    for rule in rules_for(jurisdiction, topic):
        names = {s.name for s in needed_inputs(jurisdiction, rule.id)}
        read = names & set(present)
        if reads_given and not read:
            continue
        try:
            res = apply_rule(jurisdiction, rule.id, **{k: present[k] for k in read})
        except (MissingInputError, ToolInputError):
            continue
        rank = (1 if res.status in COVERED else 0, len(read))
        if best is None or rank > best[:2]:
            best = (*rank, res)
    return best[2] if best is not None else None


def missing_inputs(jurisdiction: str, topic: str, given: Mapping[str, Any]) -> list[str]:
    """Inputs the topic's rules read that were not given (to say what would let them run)."""
    present = {k for k, v in given.items() if v is not None}
    out: dict[str, None] = {}
    for rule in rules_for(jurisdiction, topic):
        specs = needed_inputs(jurisdiction, rule.id)
        names = {s.name for s in specs}
        if names & present:
            out.update((s.name, None) for s in specs if s.name not in present and s.default is None)
    return list(out)


def merged_warnings(res: CalcResult) -> list[str]:
    """A rule result's warnings, what it does not cover and whose approval it needs, once each."""
    out = list(res.warnings)
    out += [n for n in res.not_covered if n not in out]
    out += [f"Approval needed: {a}." for a in res.approvals]
    return out


def where_of(res: CalcResult) -> str:
    """'§404.04' or '"Holding tanks"': where the applied rule is written (its first citation)."""
    if not res.citations:
        return ""
    first = res.citations[0]
    return f"§{first.section}" if first.section is not None else f'"{first.title}"'


def from_rule(tool: str, res: CalcResult, summary: str | None, **kw: list[Any]) -> CalcResult:
    """A calculator's answer from a rule result: the calculator's own sentence (when the rule gave
    a number) and its earlier steps, citations and caveats before the rule's."""
    steps = [*kw.pop("steps", []), *res.steps]
    cites = list(kw.pop("citations", []))
    cites += [x for x in res.citations if x not in cites]
    warnings = list(kw.pop("warnings", []))
    warnings += [w for w in merged_warnings(res) if w not in warnings]
    text = res.summary
    if summary is not None and res.value is not None:
        text = summary
        if res.status == "flagged":
            text += " This value rests on an OCR-uncertain transcription: check the original."
    return res.model_copy(
        update={
            "tool": tool,
            "rule": None,
            "summary": text,
            "steps": steps,
            "citations": cites,
            "warnings": warnings,
            **kw,
        }
    )


def topic_table(jurisdiction: str, topic: str, by: str) -> list[Band]:
    """The city's table of `topic` selected by input `by` (e.g. the tank sizes by bedrooms), read
    from the first rule of the topic that holds one, as cited rows; [] when none does. Branches
    for a flag or choice other than its default (e.g. 'with garbage disposal') are left out."""
    base.city(jurisdiction)  # an unknown city is an error, as for every calculator
    for rule in rules_for(jurisdiction, topic):
        defaults = {
            s.name: s.default for s in needed_inputs(jurisdiction, rule.id) if s.default is not None
        }
        table = next(_tables(rule.formula, by, defaults), None)
        if table is None:
            continue
        rows: list[Band] = []
        for row in table.rows:
            located = row.section is not None or row.title is not None
            rows.append(
                Band(
                    label=row.label,
                    low=row.low,
                    high=row.high,
                    low_inclusive=row.low_inclusive,
                    high_inclusive=row.high_inclusive,
                    value=row.value,
                    unit=table.unit or rule.unit,
                    section=row.section if located else rule.section,
                    title=row.title if located else rule.title,
                    quote=row.quote or rule.quote or "",
                    confidence=row.confidence,
                    note=row.note,
                    unsuitable=row.unsuitable,
                )
            )
        return rows
    return []


def _tables(node: object, by: str, defaults: Mapping[str, Any]) -> Iterator[Table]:
    if isinstance(node, Table):
        if node.input == by:
            yield node
        return
    if isinstance(node, Cases):
        for case in node.cases:
            w = case.when
            if w.op == "eq" and w.input is not None and defaults.get(w.input, w.value) != w.value:
                continue
            yield from _tables(case.then, by, defaults)
        if node.otherwise is not None:
            yield from _tables(node.otherwise, by, defaults)
        return
    if isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from _tables(getattr(node, name), by, defaults)
    elif isinstance(node, list):
        for item in node:
            yield from _tables(item, by, defaults)
