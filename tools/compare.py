"""Compare one topic across every jurisdiction that has rules: a row per city, every cell cited
or marked "not in this corpus"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.errors import ToolInputError
from tools import base
from tools.holding import holding_tank_capacity
from tools.records import CalcResult, Comparison, ComparisonRow
from tools.siting import COMPONENTS, setback
from tools.sizing import design_flow, septic_tank_capacity
from tools.soil import soil_treatment_area, vertical_separation
from tools.upkeep import FACTS, pumping_due, rule_fact

CALCULATORS: dict[str, Callable[..., CalcResult]] = {
    "tank": septic_tank_capacity,
    "flow": design_flow,
    "area": soil_treatment_area,
    "separation": vertical_separation,
    "pumping": pumping_due,
    "holding_tank": holding_tank_capacity,
}
TOPICS: tuple[str, ...] = (*CALCULATORS, "setback", *FACTS)
Param = str | int | float | bool | None


def compare(topic: str, **params: Any) -> Comparison:
    """Compare a topic across every city with rules. topic: tank, flow, area, separation,
    pumping, holding_tank (calculator parameters as for those tools, without jurisdiction), setback (feature,
    optional component), or a rule fact: permit_validity, permit_fee, inspection_interval,
    inspection_notice, failing_system. Every cell is cited or marked 'not in this corpus'."""
    if topic not in TOPICS:
        raise ToolInputError(
            f"Unknown comparison topic {topic!r}. Known topics: {', '.join(TOPICS)}."
        )
    if "jurisdiction" in params:
        raise ToolInputError("compare runs every jurisdiction; do not pass 'jurisdiction'.")
    rows: list[ComparisonRow] = []
    for key in sorted(base.book().cities):
        rows.append(ComparisonRow(jurisdiction=key, cells=_cells(topic, key, params)))
    shown: dict[str, Param] = {k: v for k, v in params.items() if isinstance(v, Param)}  # type: ignore[arg-type, misc]
    return Comparison(topic=topic, parameters=shown, rows=rows)


def _cells(topic: str, key: str, params: dict[str, Any]) -> list[CalcResult]:
    if topic in CALCULATORS:
        try:
            return [CALCULATORS[topic](key, **params)]
        except TypeError as exc:
            raise ToolInputError(f"Bad parameters for comparing {topic!r}: {exc}.") from exc
    if topic == "setback":
        if "feature" not in params:
            raise ToolInputError("compare('setback') needs feature=..., e.g. feature='building'.")
        comps = [params["component"]] if params.get("component") else list(COMPONENTS)
        return [setback(key, params["feature"], comp) for comp in comps]
    if params:
        raise ToolInputError(f"Comparing {topic!r} takes no parameters, got {sorted(params)!r}.")
    return [rule_fact(key, topic)]


def compare_cities(
    topic: str,
    bedrooms: int | None = None,
    perc_rate_min_per_inch: float | None = None,
    daily_flow_gpd: float | None = None,
    system_type: str | None = None,
    rock_depth_in: int | None = None,
    feature: str | None = None,
    component: str | None = None,
    sludge_to_outlet_baffle_in: float | None = None,
    scum_to_outlet_baffle_in: float | None = None,
    existing_system: bool | None = None,
) -> Comparison:
    """Compare a topic across every city (Hugo, Chaska, East Bethel), a row per city with every
    cell cited or marked 'not in this corpus'. topic: tank, flow, area, separation, pumping,
    holding_tank, setback, permit_validity, permit_fee, inspection_interval, inspection_notice, failing_system.
    Give only the parameters the topic needs (e.g. tank: bedrooms; area: bedrooms and
    perc_rate_min_per_inch; setback: feature)."""
    given = {
        "bedrooms": bedrooms,
        "perc_rate_min_per_inch": perc_rate_min_per_inch,
        "daily_flow_gpd": daily_flow_gpd,
        "system_type": system_type,
        "rock_depth_in": rock_depth_in,
        "feature": feature,
        "component": component,
        "sludge_to_outlet_baffle_in": sludge_to_outlet_baffle_in,
        "scum_to_outlet_baffle_in": scum_to_outlet_baffle_in,
        "existing_system": existing_system,
    }
    return compare(topic, **{k: v for k, v in given.items() if v is not None})
