"""Soil calculators: soil treatment area (drainfield) sizing and vertical separation.

Percolation-rate classes are printed as integers ("6 - 15", "16 - 30"); the calculators use
explicit bounds and state them in the steps: r ≤ 5 | 5 < r ≤ 15 | 15 < r ≤ 30 | 30 < r ≤ 45 |
45 < r ≤ 60, with r < 0.1 and r > 60 unsuitable (Hugo Table III).
"""

from __future__ import annotations

from typing import Literal

from core.errors import ToolInputError
from tools import base
from tools.base import fmt, where
from tools.records import CalcComponent, CalcResult, Provenance
from tools.rules import CityRules
from tools.sizing import design_flow

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
    if rock_depth_in != 12 and system_type != "trench":
        warnings.append(
            f"Rock-depth reductions apply to trenches only; {rock_depth_in} in of rock does not "
            f"reduce a {system_type}."
        )
    if "sta_sqft_per_gpd" in c.tables:
        if area is not None:
            warnings.append(f"base_area_sqft is ignored: {c.name}'s own Table III sizes the area.")
        return _from_table(
            c,
            perc,
            bedrooms,
            daily_flow_gpd,
            system_type,
            rock_depth_in,
            garbage_disposal,
            unfinished_basement,
            warnings,
        )
    if "bed_multiplier" in c.facts and area is not None:
        return _from_base_area(c, perc, area, system_type, rock_depth_in, warnings)
    components: list[CalcComponent] = []
    if bedrooms is not None:
        flow = design_flow(c.jurisdiction, bedrooms, garbage_disposal, unfinished_basement)
        if flow.value is not None:
            components.append(
                CalcComponent(name="design_flow", value=flow.value, unit="gpd", note=flow.summary)
            )
    cites = [c.cite(f) for k, f in c.facts.items() if k in _MULTIPLIERS]
    hint = " Give base_area_sqft to apply the city's own multipliers." if cites else ""
    key = "mound_base" if system_type == "mound" and "mound_base" in c.deferrals else "sta_factor"
    res = base.deferred(
        tool,
        c,
        key,
        "soil treatment area sizing factors",
        citations=cites,
        warnings=warnings,
        components=components,
    )
    return res.model_copy(update={"summary": res.summary + hint})


_MULTIPLIERS = (
    "bed_multiplier",
    "mound_multiplier",
    "mound_multiplier_slow",
    "rock_reduction_18",
    "rock_reduction_24",
)


def _from_table(
    c: CityRules,
    perc: float,
    bedrooms: int | None,
    flow_gpd: float | None,
    system: str,
    rock: int,
    garbage_disposal: bool,
    unfinished_basement: bool,
    warnings: list[str],
) -> CalcResult:
    tool = "soil_treatment_area"
    steps: list[str] = []
    cites: list[Provenance] = []
    status = "ok"
    if flow_gpd is None:
        if bedrooms is None:
            raise ToolInputError(
                "soil_treatment_area needs bedrooms or daily_flow_gpd; neither was given."
            )
        flow = design_flow(c.jurisdiction, bedrooms, garbage_disposal, unfinished_basement)
        steps += flow.steps
        cites += flow.citations
        warnings += flow.warnings
        if flow.value is None:
            return base.result(
                tool, c, "flagged", flow.summary, steps=steps, citations=cites, warnings=warnings
            )
        status = flow.status
        q = flow.value
    else:
        q = flow_gpd
        steps.append(f"Daily flow given: {fmt(q)} gpd.")
    if system == "mound":
        factor = c.facts["mound_sqft_per_gpd"]
        assert factor.value is not None
        value = round(q * factor.value, 1)
        steps.append(
            f"Mound filter-material bottom area: {fmt(q)} gpd × {fmt(factor.value)} "
            f"sq ft/gpd = {fmt(value)} sq ft ({where(factor)})."
        )
        cites.append(c.cite(factor))
        warnings.append(
            "Mound siting limits (soil depth, slope, percolation below the sand) are "
            "not checked; mounds are engineered designs."
        )
        summary = (
            f"A mound in {c.name} for {fmt(q)} gpd needs a filter-material bottom area of "
            f"{fmt(value)} sq ft ({where(factor)})."
        )
        return base.result(
            tool,
            c,
            status,
            summary,
            value=value,
            unit="sq ft",
            steps=steps,
            citations=cites,
            warnings=warnings,
        )
    row = base.find_band(c.tables["sta_sqft_per_gpd"], perc)
    assert row is not None
    cites.append(c.cite(row))
    steps.append(
        f"Table III ({where(row)}): {row.bounds_text('rate')} min/inch, row '{row.label}'."
    )
    if row.unsuitable or row.value is None:
        summary = (
            f"A percolation rate of {fmt(perc)} min/inch is unsuitable for a standard soil "
            f"treatment system in {c.name} (Table III, {where(row)})."
        )
        return base.result(
            tool, c, "unsuitable", summary, steps=steps, citations=cites, warnings=warnings
        )
    if row.note:
        warnings.append(row.note)
    value = q * row.value
    steps.append(f"{fmt(q)} gpd × {fmt(row.value)} sq ft/gpd = {fmt(round(value, 2))} sq ft.")
    if system == "bed":
        mult = c.facts["bed_multiplier"]
        assert mult.value is not None
        value *= mult.value
        steps.append(f"Bed: × {fmt(mult.value)} = {fmt(round(value, 2))} sq ft ({where(mult)}).")
        cites.append(c.cite(mult))
        if mult.note:
            warnings.append(mult.note)
    elif rock != 12:
        red = c.facts[f"rock_reduction_{rock}"]
        assert red.value is not None
        value *= 1 - red.value
        steps.append(
            f"Trench with {rock} in of rock: − {fmt(red.value * 100)} % → "
            f"{fmt(round(value, 2))} sq ft ({where(red)})."
        )
        cites.append(c.cite(red))
    value = round(value, 1)
    kind = f"{system} ({rock} in rock)" if system == "trench" else system
    summary = (
        f"A {kind} in {c.name} for {fmt(q)} gpd at {fmt(perc)} min/inch needs "
        f"{fmt(value)} sq ft of bottom area ({where(row)}, Table III)."
    )
    return base.result(
        tool,
        c,
        status,
        summary,
        value=value,
        unit="sq ft",
        steps=steps,
        citations=cites,
        warnings=warnings,
    )


def _from_base_area(
    c: CityRules, perc: float, area: float, system: str, rock: int, warnings: list[str]
) -> CalcResult:
    steps = [f"Base area given (the adopted state table, not in this corpus): {fmt(area)} sq ft."]
    cites: list[Provenance] = []
    f = c.facts
    used = f[f"rock_reduction_{rock}"]
    if system == "trench":
        red = used
        assert red.value is not None
        value = area * (1 - red.value)
        steps.append(
            f"Trench, {rock} in rock: − {fmt(red.value * 100)} % → {fmt(round(value, 2))} sq ft ({where(red)})."
        )
        cites.append(c.cite(red))
    else:
        key = "bed_multiplier"
        if system == "mound":
            slow = f["mound_slow_threshold_mpi"]
            assert slow.value is not None
            key = "mound_multiplier_slow" if perc > slow.value else "mound_multiplier"
            steps.append(
                f"Mound at {fmt(perc)} min/inch: {'over' if perc > slow.value else 'not over'} "
                f"{fmt(slow.value)} min/inch."
            )
        mult = used = f[key]
        assert mult.value is not None
        value = area * mult.value
        steps.append(
            f"{system.capitalize()}: {fmt(area)} × {fmt(mult.value)} = {fmt(round(value, 2))} sq ft ({where(mult)})."
        )
        cites.append(c.cite(mult))
        if mult.note:
            warnings.append(mult.note)
    value = round(value, 1)
    warnings.append(
        "The base area is your input from the adopted state table; only the city's "
        "multiplier is cited."
    )
    summary = (
        f"With a base area of {fmt(area)} sq ft, a {system} in {c.name} needs {fmt(value)} sq ft "
        f"({where(used)})."
    )
    return base.result(
        "soil_treatment_area",
        c,
        "ok",
        summary,
        value=value,
        unit="sq ft",
        steps=steps,
        citations=cites,
        warnings=warnings,
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
    existing = c.facts.get("existing_separation_in")
    if existing_system and existing is not None and existing.value is not None:
        cites = [c.cite(existing)]
        if existing.note:
            warnings.append(existing.note)
        old = c.facts.get("pre_1996_separation_ft")
        if old is not None and old.value is not None:
            warnings.append(
                f"Systems built before April 1, 1996 with a watertight tank and "
                f"{fmt(old.value)} ft of separation need no upgrade outside shoreland, "
                "wellhead areas and food, beverage and lodging uses."
            )
            cites.append(c.cite(old))
        summary = (
            f"An existing system in {c.name} complies with at least {fmt(existing.value)} "
            f"inches of vertical separation ({where(existing)})."
        )
        return base.result(
            tool,
            c,
            "ok",
            summary,
            value=existing.value,
            unit="in",
            steps=[f"Existing system: 15 % reduction → {fmt(existing.value)} in."],
            citations=cites,
            warnings=warnings,
        )
    rows = c.tables.get("vertical_separation_in")
    if rows is None:
        return base.deferred(tool, c, "vertical_separation", "vertical separation distances")
    if existing_system:
        warnings.append(f"{c.name}'s ordinance has no reduction for existing systems.")
    row = base.find_band(rows, perc)
    assert row is not None
    steps = [f"{where(row)}: {row.bounds_text('rate')} min/inch, row '{row.label}'."]
    if row.unsuitable or row.value is None:
        summary = (
            f"A percolation rate of {fmt(perc)} min/inch is unsuitable for a standard "
            f"system in {c.name} ({where(row)})."
        )
        return base.result(
            tool, c, "unsuitable", summary, steps=steps, citations=[c.cite(row)], warnings=warnings
        )
    summary = (
        f"At {fmt(perc)} min/inch, {c.name} requires at least {fmt(row.value / 12)} ft "
        f"({fmt(row.value)} in) from the filter rock to the water table or bedrock "
        f"({where(row)})."
    )
    return base.result(
        tool,
        c,
        "ok",
        summary,
        value=row.value,
        unit="in",
        steps=steps,
        citations=[c.cite(row)],
        warnings=warnings,
    )
