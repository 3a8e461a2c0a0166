"""A dwelling's tank sized as a multiple of its design flow ('A holding tank serving a dwelling
shall have a liquid capacity of not less than 1,750 gallons or five (5) times the design flow of
the dwelling, whichever is greater'), computed from the city's one design flow rule for a
dwelling (by bedrooms), as an area per gallon of design flow is (`ingest.rulefacts_area`).

`ingest.rulefacts._greatest` reads the sentence into a rule over the input `daily_flow_gpd` whose
`asks` says FROM_FLOW; here it is chained to the flow rule, or dropped where the city has no such
rule (or two): a dwelling's capacity is asked by bedrooms, not by a flow the user must know."""

from __future__ import annotations

from typing import Any

from tools.formulas import Const, Rule

FROM_FLOW = "from the design flow"
"""The words of a rule's `asks` that mark it as a multiple of a dwelling's design flow."""
_FLOW_INPUT = "daily_flow_gpd"


def _swapped(node: Any, flow_id: str) -> Any:
    """`node` (a dumped formula) with the input of the design flow replaced by the flow rule."""
    if isinstance(node, dict):
        if node.get("kind") == "input" and node.get("name") == _FLOW_INPUT:
            return {"kind": "apply", "rule": flow_id}
        return {k: _swapped(v, flow_id) for k, v in node.items()}
    if isinstance(node, list):
        return [_swapped(v, flow_id) for v in node]
    return node


def _dwelling_flow(rules: list[Rule]) -> Rule | None:
    flows = [
        r
        for r in rules
        if r.topic == "flow"
        and r.terms
        and r.unit == "gpd"
        and not (isinstance(r.formula, Const) and r.formula.defers_to)
        and r.input("bedrooms") is not None
    ]
    return flows[0] if len(flows) == 1 else None


def flow_multiples(rules: list[Rule]) -> list[Rule]:
    """Each dwelling rule read as a multiple of the design flow, computed from the city's one
    design flow rule by bedrooms; without one, the rule is dropped."""
    flow = _dwelling_flow(rules)
    out = []
    for rule in rules:
        if FROM_FLOW not in rule.asks or rule.input(_FLOW_INPUT) is None:
            out.append(rule)
            continue
        if flow is None:
            continue
        data = rule.model_dump()
        data["formula"] = _swapped(data["formula"], flow.id)
        data["inputs"] = [
            *(i for i in data["inputs"] if i["name"] != _FLOW_INPUT),
            *(i.model_dump() for i in flow.inputs),
        ]
        data["asks"] = rule.asks.replace(FROM_FLOW, "for a dwelling")
        out.append(Rule.model_validate(data))
    return out
