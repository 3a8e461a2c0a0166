"""Holding tank capacity, applied from the city's data rules of topic `holding_tank` (its own
text, or the grade-H state figure it adopts), else the city's deferral. No rule is named here:
the rule whose inputs are exactly the ones given (bedrooms, or a daily flow) is applied."""

from __future__ import annotations

from core.errors import ToolInputError
from tools import base
from tools.applied import apply_rule, needed_inputs, rules_for
from tools.records import CalcResult

TOOL = "holding_tank_capacity"
TOPIC = "holding_tank"


def holding_tank_capacity(
    jurisdiction: str, bedrooms: int | None = None, daily_flow_gpd: float | None = None
) -> CalcResult:
    """Minimum holding tank capacity, in gallons. Give bedrooms (1-30) for a dwelling, or
    daily_flow_gpd (up to 15,000) for another establishment. Also reports where the city
    restricts holding tanks (e.g. not for new homes) and whose approval they need."""
    c = base.city(jurisdiction)
    if (bedrooms is None) == (daily_flow_gpd is None):
        raise ToolInputError(
            "holding_tank_capacity needs exactly one of bedrooms (a dwelling) or daily_flow_gpd "
            f"(another establishment), got bedrooms={bedrooms!r}, daily_flow_gpd={daily_flow_gpd!r}."
        )
    given: dict[str, float | int] = (
        {"bedrooms": base.check_bedrooms(bedrooms)}
        if bedrooms is not None
        else {"daily_flow_gpd": base.check_flow(daily_flow_gpd)}
    )
    rule = next(
        (
            r
            for r in rules_for(c.jurisdiction, TOPIC)
            if {s.name for s in needed_inputs(c.jurisdiction, r.id)} == set(given)
            and r.unit == "gal"
        ),
        None,
    )
    if rule is None:
        return base.deferred(TOOL, c, TOPIC, "holding tank sizes")
    r = apply_rule(c.jurisdiction, rule.id, **given)
    warnings = [*r.warnings, *r.not_covered]
    warnings += [f"Approval needed: {a}." for a in r.approvals]
    return r.model_copy(update={"tool": TOOL, "warnings": warnings})
