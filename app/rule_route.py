"""The calculator route over data rules: which rules a question asks for, with which inputs.

A question is split into its asked parts ("What size holding tank ... and at what level must the
alarm go off?" has two). For each part the city's rule whose `terms` the part uses most is chosen
(ties: the rule listed first); its inputs come from the question's stated parameters
(`app.params`) and its quantities with units (`app.quantities`), matched by unit and by the words
of the input's label. A rule that can run gives a block with the arithmetic step by step, what it
does not cover and whose approval it needs. Nothing here names a rule or a city.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from app.compose import Block
from app.quantities import _label_words, bind, extract_quantities
from app.records import ToolCall
from app.understand import Understanding
from core.errors import ToolInputError

log = logging.getLogger(__name__)

RULE = "rule"
RULE_NEW = "rule-new"
"""Block topics: a data rule's answer; '-new' when it used inputs beyond the stated parameters
of `app.params` (several units, rates, money, dates, a base figure)."""

# A question's stated parameters (app.params) under the shared input names of the rules.
_PARAMS = {
    "bedrooms": "bedrooms",
    "perc_rate_mpi": "perc_rate_mpi",
    "daily_flow_gpd": "daily_flow_gpd",
    "rock_depth_in": "rock_depth_in",
    "system_type": "system_type",
    "garbage_disposal": "garbage_disposal",
    "unfinished_basement": "unfinished_basement",
}
_PART = re.compile(
    r"\?\s*|;\s*|\.\s+(?=[A-Z])|,?\s+(?:and|also|plus)\s+(?=(?:what|how|when|which|is|are|does|do|"
    r"can|will|at what|whether|by when|the)\b)",
    re.I,
)


def parts(question: str) -> list[str]:
    """The asked parts of a question (at least the whole question)."""
    out = [p.strip() for p in _PART.split(question) if p and len(p.strip()) > 3]
    return out or [question]


def _hits(rule: Any, text: str) -> tuple[int, list[str]]:
    low = " " + re.sub(r"[^a-z0-9%$ ]+", " ", text.lower()) + " "
    found = [t for t in rule.terms if f" {t.lower()} " in low or f" {t.lower()}s " in low]
    return sum(len(t.split()) for t in found), found


def _flag_or_choice(spec: Any, text: str) -> Any:
    low = text.lower()
    if spec.kind == "flag":
        words = _label_words(re.sub(r"\(.*?\)", "", spec.label))
        said = {w[:5] for w in re.findall(r"[a-z]+", low)}
        if words and words <= said:
            negated = re.search(r"\b(?:no|without|not|isn't|wasn't|hasn't)\b[^.?,;]{0,25}"
                                + re.escape(sorted(words)[0]), low)  # fmt: skip
            return not negated
        return None
    if spec.kind == "choice" and spec.choices:
        hits = [
            c for c in spec.choices if re.search(rf"\b{re.escape(c.replace('_', ' '))}s?\b", low)
        ]
        return hits[0] if len(hits) == 1 else None
    return None


def inputs_for(specs: list[Any], u: Understanding, text: str) -> dict[str, Any]:
    """The values a question gives for a rule's inputs."""
    given: dict[str, Any] = {}
    stated = u.params.stated()
    quantities = extract_quantities(text)
    if any(q.unit == "bedrooms" and isinstance(q.value, list) for q in quantities):
        stated.pop("bedrooms", None)  # "3 and 5 bedrooms" are units, not one house
    for pname, iname in _PARAMS.items():
        if pname in stated and any(s.name == iname for s in specs):
            given[iname] = stated[pname]
    comp = {"sta": "soil_treatment_area", "tank": "tank"}.get(u.params.component or "")
    for spec in specs:
        if spec.name in given:
            continue
        if spec.kind == "choice" and spec.choices and comp in spec.choices:
            given[spec.name] = comp
            continue
        if spec.kind == "choice" and spec.choices and u.params.feature in spec.choices:
            given[spec.name] = u.params.feature
            continue
        value = _flag_or_choice(spec, text)
        if value is not None:
            given[spec.name] = value
    rest = [s for s in specs if s.name not in given and s.kind not in ("flag", "choice")]
    quantities = [q for q in quantities if not _is_stated(q, given)]
    given.update(bind(rest, quantities))
    return given


def _is_stated(q: Any, given: dict[str, Any]) -> bool:
    return q.unit == "bedrooms" and not isinstance(q.value, list) and "bedrooms" in given


def choose(
    calculators: Any, city: str, u: Understanding, question: str
) -> list[tuple[Any, dict[str, Any]]]:
    """(rule, inputs) for each asked part the city's rules can compute."""
    rules = calculators.rules_for(city)
    chosen: list[tuple[Any, dict[str, Any]]] = []
    for part in parts(question):
        ranked: list[tuple[int, int, int, Any, dict[str, Any]]] = []
        for i, rule in enumerate(rules):
            score = _hits(rule, part)[0]
            if score == 0:
                continue
            specs = calculators.needed_inputs(city, rule.id)
            given = inputs_for(specs, u, question)
            if not calculators.runnable(city, rule.id, given):
                continue
            used = len([s for s in specs if s.name in given])
            if not used and score < 2:
                continue  # a one-word match and nothing to compute with: not this rule
            ranked.append((score, used, -i, rule, given))
        ranked.sort(key=lambda x: x[:3], reverse=True)
        if ranked and all(r.id != ranked[0][3].id for r, _ in chosen):
            chosen.append((ranked[0][3], ranked[0][4]))
    return chosen


def rule_blocks(
    worker: Any, u: Understanding, city: str, question: str
) -> list[tuple[Block, ToolCall]]:
    """Blocks for the rules a question asks of one city, each with its arithmetic and the tool
    call to record if the block is used."""
    calc = worker.calculators
    if calc is None or not hasattr(calc, "rules_for"):
        return []
    blocks: list[tuple[Block, ToolCall]] = []
    for rule, given in choose(calc, city, u, question):
        try:
            result = calc.apply_rule(city, rule.id, **given)
        except ToolInputError as exc:
            log.info("rule %s: %s", rule.id, exc)
            continue
        data = result.model_dump(mode="json")
        args = {
            k: v if isinstance(v, int | float | str | list) else str(v) for k, v in given.items()
        }
        worker.ctx.allow_numbers_from(data, {k: str(v) for k, v in given.items()})
        new = any(k not in _PARAMS.values() for k in given)
        block = _block(worker, city, result, data, RULE_NEW if new else RULE)
        blocks.append((block, ToolCall(name=f"rule:{rule.id}", arguments=args, result=data)))
    return blocks


def _block(worker: Any, city: str, result: Any, data: dict[str, Any], topic: str) -> Block:
    lines = [result.summary]
    lines += [f"- {s}" for s in result.steps]
    notes = [f"Approval needed: {a}." for a in result.approvals]
    notes += [f"Not covered: {n}" for n in result.not_covered]
    notes += list(result.warnings)
    value = (
        result.shown() if result.status in ("ok", "flagged") else result.status.replace("_", " ")
    )
    return Block(
        jurisdiction=city,
        name=worker.names[city],
        headline="\n".join(lines),
        supports=worker._provenance_supports(list(data.get("citations") or []), city),
        value=value,
        notes=notes,
        topic=topic,
    )
