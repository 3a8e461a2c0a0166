"""Soil calculators: soil treatment area (drainfield) sizing and vertical separation.

Percolation-rate classes are printed as integers ("6 - 15", "16 - 30"); the calculators use
explicit bounds and state them in the steps: r ≤ 5 | 5 < r ≤ 15 | 15 < r ≤ 30 | 30 < r ≤ 45 |
45 < r ≤ 60, with r < 0.1 and r > 60 unsuitable (Hugo Table III).
"""

from __future__ import annotations

from typing import Literal

from core.errors import ToolInputError
from tools import base
from tools.applied import needed_inputs
from tools.base import fmt
from tools.by_topic import apply_best, from_rule, missing_inputs, where_of
from tools.records import CalcComponent, CalcResult, Provenance
from tools.rules import CityRules
from tools.sizing import _design_bedrooms, design_flow

SystemType = Literal["trench", "bed", "mound"]


def soil_treatment_area(
    jurisdiction: str,
    perc_rate_min_per_inch: float,
    bedrooms: int | None = None,
    daily_flow_gpd: float | None = None,
    system_type: SystemType = "trench",
    rock_depth_in: int = 12,
    base_area_sqft: float | None = None,
    garbage_disposal: bool = False,
    unfinished_basement: bool = False,
) -> CalcResult:
    """Required soil treatment (drainfield) bottom area, in square feet.

    perc_rate_min_per_inch: percolation rate in minutes per inch (0-1,000). Give bedrooms
    (1-30) or daily_flow_gpd. system_type: 'trench', 'bed' or 'mound'. rock_depth_in: filter
    rock below the pipe, 12, 18 or 24 inches (18/24 reduce trenches by 20 %/34 % where the city
    says so). base_area_sqft: the base-table area, for cities whose base table is not in their
    text (Chaska); their multipliers are applied to it. Rates outside the table are 'unsuitable'.
    """
    tool = "soil_treatment_area"
    c = base.city(jurisdiction)
    perc = base.check_perc(perc_rate_min_per_inch)
    base.check_choice(system_type, "system_type", base.SYSTEM_TYPES)
    base.check_choice(rock_depth_in, "rock_depth_in", base.ROCK_DEPTHS_IN)
    if bedrooms is not None:
        base.check_bedrooms(bedrooms)
    if daily_flow_gpd is not None:
        base.check_flow(daily_flow_gpd)
    if bedrooms is not None and daily_flow_gpd is not None:
        raise ToolInputError(
            f"Give bedrooms ({bedrooms!r}) or daily_flow_gpd ({daily_flow_gpd!r}), not both."
        )
    area = (
        base.check_number(base_area_sqft, "base_area_sqft", 0.0, 100_000.0, low_open=True)
        if base_area_sqft is not None
        else None
    )
    warnings: list[str] = []
    given: dict[str, object] = {
        "perc_rate_mpi": perc,
        "system_type": system_type,
        "rock_depth_in": rock_depth_in,
        "base_area_sqft": area,
        "daily_flow_gpd": daily_flow_gpd,
    }
    steps: list[str] = []
    cites: list[Provenance] = []
    b = bedrooms
    if bedrooms is not None:
        b = _design_bedrooms(c, bedrooms, unfinished_basement, steps, cites)
        given |= {"bedrooms": b, "garbage_disposal": garbage_disposal}
    res = apply_best(c.jurisdiction, "area", given)
    if res is not None and res.status != "not_in_corpus":
        if area is not None and "base_area_sqft" not in _read(c, res):
            warnings.append(f"base_area_sqft is ignored: {c.name}'s own table sizes the area.")
        if res.value is not None:  # areas to 0.1 sq ft, as printed in the answers
            res = res.model_copy(update={"value": round(res.value, 1)})
        return from_rule(
            tool, res, _summary(c, res, system_type, rock_depth_in, perc, area), steps=steps,
            citations=cites, warnings=warnings,
        )  # fmt: skip
    if bedrooms is None and daily_flow_gpd is None and area is None and res is None:
        needs = missing_inputs(c.jurisdiction, "area", given)
        if "bedrooms" in needs or "daily_flow_gpd" in needs:
            raise ToolInputError(
                "soil_treatment_area needs bedrooms or daily_flow_gpd; neither was given."
            )
    if rock_depth_in != 12 and system_type != "trench":
        warnings.append(
            f"Rock-depth reductions apply to trenches only; {rock_depth_in} in of rock does not "
            f"reduce a {system_type}."
        )
    components: list[CalcComponent] = []
    if bedrooms is not None:
        flow = design_flow(c.jurisdiction, bedrooms, garbage_disposal, unfinished_basement)
        if flow.value is not None:
            components.append(
                CalcComponent(name="design_flow", value=flow.value, unit="gpd", note=flow.summary)
            )
    needs = missing_inputs(c.jurisdiction, "area", given)
    hint = f" Give {', '.join(needs)} to apply {c.name}'s own rules." if needs else ""
    key = "mound_base" if system_type == "mound" and "mound_base" in c.deferrals else "sta_factor"
    out = base.deferred(
        tool,
        c,
        key,
        "soil treatment area sizing factors",
        citations=cites,
        warnings=warnings,
        components=components,
        steps=steps,
    )
    return out.model_copy(update={"summary": out.summary + hint})


def _read(c: CityRules, res: CalcResult) -> set[str]:
    return {s.name for s in needed_inputs(c.jurisdiction, res.applied[0])} if res.applied else set()


def _summary(
    c: CityRules, res: CalcResult, system: str, rock: int, perc: float, area: float | None
) -> str:
    read = _read(c, res)
    kind = (
        f"{system} ({rock} in rock)" if system == "trench" and "rock_depth_in" in read else system
    )
    if "base_area_sqft" in read and area is not None:
        return (
            f"With a base area of {fmt(area)} sq ft, a {system} in {c.name} needs "
            f"{fmt(res.value or 0)} sq ft ({where_of(res)})."
        )
    rate = f" at {fmt(perc)} min/inch" if "perc_rate_mpi" in read else ""
    return (
        f"A {kind} in {c.name}{rate} needs {fmt(res.value or 0)} sq ft of bottom area "
        f"({where_of(res)})."
    )


def vertical_separation(
    jurisdiction: str, perc_rate_min_per_inch: float, existing_system: bool = False
) -> CalcResult:
    """Minimum vertical separation, in inches, from the bottom of the filter rock to the water
    table or bedrock, by percolation rate (minutes per inch, 0-1,000). existing_system: the system
    already exists (East Bethel allows a 15 % reduction for existing systems)."""
    tool = "vertical_separation"
    c = base.city(jurisdiction)
    perc = base.check_perc(perc_rate_min_per_inch)
    warnings: list[str] = []
    given = {"perc_rate_mpi": perc, "existing_system": existing_system}
    res = apply_best(c.jurisdiction, "separation", given)
    if res is None or res.status == "not_in_corpus":
        return base.deferred(tool, c, "vertical_separation", "vertical separation distances")
    read = _read(c, res)
    if existing_system and "existing_system" not in read:
        warnings.append(f"{c.name}'s ordinance has no reduction for existing systems.")
    v = res.value or 0.0
    if existing_system and "existing_system" in read:
        summary = (
            f"An existing system in {c.name} complies with at least {fmt(v)} inches of vertical "
            f"separation ({where_of(res)})."
        )
    else:
        summary = (
            f"At {fmt(perc)} min/inch, {c.name} requires at least {fmt(v / 12)} ft ({fmt(v)} in) "
            f"from the filter rock to the water table or bedrock ({where_of(res)})."
        )
    return from_rule(tool, res, summary, warnings=warnings)
