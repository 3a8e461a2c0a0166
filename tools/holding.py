"""Holding tank capacity: the city's own rule (Hugo 502.05), else the adopted state figure
(Minn. R. 7080.2290 for East Bethel), else the city's deferral."""

from __future__ import annotations

from core.errors import ToolInputError
from tools import base
from tools.base import fmt, where
from tools.records import CalcResult, Provenance
from tools.rules import CityRules

TOOL = "holding_tank_capacity"


def holding_tank_capacity(
    jurisdiction: str, bedrooms: int | None = None, daily_flow_gpd: float | None = None
) -> CalcResult:
    """Minimum holding tank capacity, in gallons. Give bedrooms (1-30) for a dwelling, or
    daily_flow_gpd (up to 15,000) for another establishment. Also reports where the city
    restricts holding tanks (e.g. not for new homes)."""
    c = base.city(jurisdiction)
    if (bedrooms is None) == (daily_flow_gpd is None):
        raise ToolInputError(
            "holding_tank_capacity needs exactly one of bedrooms (a dwelling) or daily_flow_gpd "
            f"(another establishment), got bedrooms={bedrooms!r}, daily_flow_gpd={daily_flow_gpd!r}."
        )
    b = base.check_bedrooms(bedrooms) if bedrooms is not None else None
    q = base.check_flow(daily_flow_gpd) if daily_flow_gpd is not None else None
    cites: list[Provenance] = []
    warnings: list[str] = []
    use = c.facts.get("holding_tank_use")
    if use is not None:
        warnings.append(f"{c.name} allows holding tanks only as stated: {use.text}.")
        cites.append(c.cite(use))
    figures = _figures(c, cites)
    if figures is None:
        return base.deferred(TOOL, c, "holding_tank", "holding tank sizes", citations=cites,
                             warnings=warnings)  # fmt: skip
    minimum, per_bedroom, multiple, basis = figures
    if b is not None:
        value = max(minimum, per_bedroom * b)
        steps = [
            f"max({fmt(minimum)} gal, {fmt(per_bedroom)} gal × {b} bedrooms) = {fmt(value)} gal ({basis})."
        ]
        who = f"A {b}-bedroom home"
    else:
        assert q is not None
        value = round(multiple * q, 1)
        steps = [f"{fmt(multiple)} × {fmt(q)} gpd = {fmt(value)} gal ({basis})."]
        who = f"An establishment with {fmt(q)} gpd"
    summary = f"{who} in {c.name} needs a holding tank of at least {fmt(value)} gallons ({basis})."
    return base.result(TOOL, c, "ok", summary, value=value, unit="gal", steps=steps,
                       citations=cites, warnings=warnings)  # fmt: skip


def _figures(c: CityRules, cites: list[Provenance]) -> tuple[float, float, float, str] | None:
    """(minimum gal, gal per bedroom, times the daily flow, basis) from the city or the state."""
    f = c.facts
    keys = (
        "holding_tank_min_gal",
        "holding_tank_per_bedroom_gal",
        "holding_tank_other_flow_multiple",
    )
    if all(k in f and f[k].value is not None for k in keys):
        for k in keys:
            if c.cite(f[k]) not in cites:
                cites.append(c.cite(f[k]))
        values = [float(f[k].value or 0) for k in keys]
        return values[0], values[1], values[2], where(f[keys[0]])
    state = base.book().state.figures
    if all(k in state and c.adopts(state[k].family) for k in keys):
        part = state[keys[0]].rule_part
        cites.append(c.cite_state(part))
        basis = f"{part}; state rule, adopted by reference; not in the city's text"
        return state[keys[0]].value, state[keys[1]].value, state[keys[2]].value, basis
    return None
