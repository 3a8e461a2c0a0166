"""Sizing calculators: design flow, septic tank capacity, soil treatment area.

Precedence for every value: the city's own text -> a grade-H state figure the city adopts by
reference -> an explicit deferral ("not in this corpus; the city defers to <rule part>").
"""

from __future__ import annotations

from typing import Literal

from core.errors import ToolInputError
from tools import base
from tools.base import fmt, where
from tools.records import CalcComponent, CalcResult, Provenance
from tools.rules import CityRules, StateTable

DwellingClass = Literal["I", "II", "III"]


def _design_bedrooms(
    c: CityRules,
    bedrooms: int,
    unfinished_basement: bool,
    steps: list[str],
    cites: list[Provenance],
) -> int:
    extra = c.facts.get("unfinished_basement_extra_bedrooms")
    if unfinished_basement and extra is not None and extra.value:
        steps.append(
            f"Unfinished basement: design for {bedrooms} + {fmt(extra.value)} = "
            f"{bedrooms + int(extra.value)} bedrooms ({where(extra)})."
        )
        cites.append(c.cite(extra))
        return bedrooms + int(extra.value)
    if unfinished_basement:
        counting = c.facts.get("bedroom_counting")
        rule = f"; {counting.text} count ({where(counting)})" if counting and counting.text else ""
        steps.append(f"Unfinished basement: {c.name}'s text adds no bedroom for it{rule}.")
        if counting is not None:
            cites.append(c.cite(counting))
    return bedrooms


def design_flow(
    jurisdiction: str,
    bedrooms: int,
    garbage_disposal: bool = False,
    unfinished_basement: bool = False,
    dwelling_class: DwellingClass | None = None,
) -> CalcResult:
    """Daily design sewage flow of a dwelling, in gallons per day, from its bedroom count.

    jurisdiction: city key ('hugo', 'chaska', 'east-bethel'). bedrooms: 1-30.
    garbage_disposal: the home has a garbage disposal. unfinished_basement: count one more
    bedroom where the city requires it. dwelling_class: state classes I-III (East Bethel, via
    Minn. R. 7080.1860 Table IV; default Class I). Returns the flow with its cited table row.
    """
    tool = "design_flow"
    c = base.city(jurisdiction)
    b = base.check_bedrooms(bedrooms)
    if dwelling_class is not None:
        base.check_choice(dwelling_class, "dwelling_class", ("I", "II", "III"))
    steps: list[str] = []
    cites: list[Provenance] = []
    warnings: list[str] = []
    assumptions: list[str] = []
    b = _design_bedrooms(c, b, unfinished_basement, steps, cites)

    if "design_flow_gpd" in c.tables:
        return _city_flow(c, b, garbage_disposal, steps, cites)

    table = book_state_table(c, "design_flow_gpd")
    if table is not None:
        cls = dwelling_class or "I"
        if dwelling_class is None:
            assumptions.append(
                "Dwelling Class I assumed (the largest flows); Classes II and III apply to smaller "
                "homes with two or fewer of the listed water-using appliances."
            )
        if garbage_disposal:
            warnings.append(
                "Table IV has no garbage-disposal column: a garbage disposal counts toward the "
                "appliances that make a home Class I."
            )
        rows = table.columns[f"class_{cls}"]
        row = base.find_band(rows, b)  # type: ignore[arg-type]
        cites.append(c.cite_state(table.rule_part))
        if row is not None and row.value is not None:
            value = row.value
            steps.append(f"{table.rule_part}, Class {cls}, row '{row.label}': {fmt(value)} gpd.")
        elif f"class_{cls}" in table.beyond:
            rule = table.beyond[f"class_{cls}"]
            value = rule.per_bedroom * (b + rule.add_bedrooms)
            steps.append(
                f"{table.rule_part}, Class {cls}, more than 6 bedrooms: {fmt(rule.per_bedroom)} × "
                f"({b} + {rule.add_bedrooms}) = {fmt(value)} gpd."
            )
        else:
            summary = (
                f"Not in this corpus: the Class {cls} design flow for {b} bedrooms is in "
                f"{table.rule_part}, whose rows past 6 bedrooms for Class {cls} this project "
                "does not hold; no number is given."
            )
            return base.result(
                tool, c, "deferred", summary, citations=cites, steps=steps, assumptions=assumptions
            )
        summary = (
            f"A {b}-bedroom Class {cls} home in {c.name} has a design flow of {fmt(value)} gallons "
            f"per day ({table.rule_part}; state rule, adopted by reference; not in the city's text)."
        )
        return base.result(
            tool,
            c,
            "ok",
            summary,
            value=value,
            unit="gpd",
            steps=steps,
            citations=cites,
            assumptions=assumptions,
            warnings=warnings,
        )
    return base.deferred(tool, c, "design_flow", "dwelling design flows", citations=cites)


def book_state_table(c: CityRules, name: str) -> StateTable | None:
    """The state table `name` if this city adopts its rule family, else None."""
    table = base.book().state.tables.get(name)
    return table if table is not None and c.adopts(table.family) else None


def _city_flow(
    c: CityRules, b: int, garbage_disposal: bool, steps: list[str], cites: list[Provenance]
) -> CalcResult:
    tool = "design_flow"
    warnings: list[str] = []
    minimum = c.facts.get("design_flow_min_bedrooms")
    if minimum is not None and minimum.value and b < minimum.value:
        steps.append(f"Minimum design basis {fmt(minimum.value)} bedrooms ({where(minimum)}).")
        cites.append(c.cite(minimum))
        b = int(minimum.value)
    col = "design_flow_gd_gpd" if garbage_disposal else "design_flow_gpd"
    rows = c.tables.get(col) or c.tables["design_flow_gpd"]
    row = base.find_band(rows, b)
    if row is None:
        return base.not_in_corpus(tool, c, f"a design flow for {b} bedrooms", citations=cites)
    status, value, warn = base.confidence_status(row)
    warnings += warn
    cites.append(c.cite(row))
    column = "with garbage disposal" if garbage_disposal else "gallons per day"
    steps.append(f"Table II ({where(row)}), row '{row.label}', column '{column}'.")
    if garbage_disposal and "garbage_disposal_not_recommended" in c.facts:
        note = c.facts["garbage_disposal_not_recommended"]
        warnings.append(f"{c.name} does not recommend garbage disposals for on-site systems.")
        cites.append(c.cite(note))
    per = c.facts.get("design_flow_per_additional_bedroom_gpd")
    if value is not None and row.high is None and row.low is not None and b > row.low + 1:
        if per is None or per.value is None:
            return base.not_in_corpus(tool, c, f"a design flow for {b} bedrooms", citations=cites)
        extra = b - int(row.low + 1)
        steps.append(
            f"{fmt(value)} + {extra} additional bedroom(s) × {fmt(per.value)} gpd = "
            f"{fmt(value + extra * per.value)} gpd."
        )
        value += extra * per.value
        cites.append(c.cite(per))
    elif value is not None:
        steps.append(f"Design flow: {fmt(value)} gpd.")
    if value is None:
        summary = (
            f"{c.name}'s Table II cell for {b} bedrooms ({column}) cannot be read in the "
            "transcription; no number is given."
        )
    else:
        gd = " with a garbage disposal" if garbage_disposal else ""
        summary = (
            f"A {b}-bedroom home{gd} in {c.name} has a design flow of {fmt(value)} gallons per "
            f"day ({where(row)}, Table II)."
        )
    return base.result(
        tool,
        c,
        status,
        summary,
        value=value,
        unit="gpd",
        steps=steps,
        citations=cites,
        warnings=warnings,
    )


def septic_tank_capacity(
    jurisdiction: str,
    bedrooms: int | None = None,
    daily_flow_gpd: float | None = None,
    pressurized: bool = False,
    unfinished_basement: bool = False,
    garbage_disposal: bool = False,
) -> CalcResult:
    """Minimum septic tank liquid capacity, in gallons.

    Give bedrooms (1-30) for a dwelling, or daily_flow_gpd (up to 15,000) for another
    establishment (or a dwelling of 10+ bedrooms where the city sizes those by flow).
    pressurized: the system has pressure distribution (East Bethel requires a pump tank).
    unfinished_basement: adds a bedroom where the city requires it. Returns the capacity with its
    cited table row, or the city's deferral to a state rule that is not in this corpus.
    """
    tool = "septic_tank_capacity"
    c = base.city(jurisdiction)
    if bedrooms is None and daily_flow_gpd is None:
        raise ToolInputError(
            "septic_tank_capacity needs bedrooms (a dwelling) or daily_flow_gpd (another "
            "establishment); neither was given."
        )
    b = base.check_bedrooms(bedrooms) if bedrooms is not None else None
    q = base.check_flow(daily_flow_gpd) if daily_flow_gpd is not None else None
    steps: list[str] = []
    cites: list[Provenance] = []
    warnings: list[str] = []
    components: list[CalcComponent] = []
    if b is not None:
        b = _design_bedrooms(c, b, unfinished_basement, steps, cites)
        comp = c.facts.get("compartments_from_bedrooms")
        if comp is not None and comp.value is not None and b >= comp.value:
            components.append(
                CalcComponent(
                    name="compartments",
                    value=2,
                    unit="compartments",
                    note=f"{b} bedrooms: two compartments or multiple tanks ({where(comp)}).",
                )
            )
            cites.append(c.cite(comp))
            steps.append(f"{b} ≥ {fmt(comp.value)} bedrooms: two compartments or multiple tanks.")
    if pressurized:
        pump = c.facts.get("pump_tank_gal")
        if pump is not None and pump.value is not None:
            components.append(CalcComponent(name="pump_tank", value=pump.value, unit="gal"))
            cites.append(c.cite(pump))
            steps.append(f"Pressurized system: separate {fmt(pump.value)}-gallon pump tank.")
            red = c.facts.get("pump_tank_reduction")
            if red is not None and red.value is not None:
                warnings.append(
                    f"The pump tank may be reduced by {fmt(red.value * 100)} % with the building "
                    "official's approval (not for financial reasons)."
                )
                cites.append(c.cite(red))
        else:
            warnings.append(f"{c.name}'s text sets no separate pump-tank size.")
    extra = {"steps": steps, "citations": cites, "warnings": warnings, "components": components}

    table = c.tables.get("septic_tank_gal")
    if b is not None and q is not None and (table is None or b <= _table_max(table)):
        raise ToolInputError(
            f"Give bedrooms ({b!r}) or daily_flow_gpd ({q!r}), not both: dwellings up to "
            f"{_table_max(table) if table else 9} bedrooms are sized by bedrooms."
        )
    if b is not None and table is not None and b <= _table_max(table):
        row = base.find_band(table, b)
        assert row is not None and row.value is not None
        cites.append(c.cite(row))
        steps.append(f"Tank table ({where(row)}), row '{row.label}': {fmt(row.value)} gallons.")
        if garbage_disposal:
            warnings.append(f"{c.name}'s tank table has no garbage-disposal adjustment.")
        summary = (
            f"A {b}-bedroom home in {c.name} needs a septic tank of at least "
            f"{fmt(row.value)} gallons ({where(row)})."
        )
        return base.result(tool, c, "ok", summary, value=row.value, unit="gal", **extra)  # type: ignore[arg-type]
    if b is not None and table is None:
        what = f"septic tank capacities for dwellings ({b} bedrooms)"
        res = base.deferred(tool, c, "septic_tank", what, **extra)
        local = []
        if any(comp.name == "compartments" for comp in components):
            local.append(f"with {b} bedrooms the tank needs two compartments or multiple tanks")
        local += [
            f"a pressurized system needs a separate {fmt(p.value or 0)}-gallon pump tank"
            for p in components
            if p.name == "pump_tank"
        ]
        if local:
            text = f" {c.name}'s own rules: " + "; ".join(local) + "."
            res = res.model_copy(update={"summary": res.summary + text})
        return res
    if "other_establishment_large" not in c.facts:
        key = "septic_tank_10_plus" if q is None else "other_establishment_tank"
        what = (
            f"tank sizes for {b} bedrooms" if q is None else "tank sizes for other establishments"
        )
        return base.deferred(tool, c, key, what, **extra)
    flagged = False
    if q is None:
        assert b is not None
        limit = c.facts["tank_table_max_bedrooms"]
        cites.append(c.cite(limit))
        flow = design_flow(c.jurisdiction, b, garbage_disposal=garbage_disposal)
        steps.append(
            f"{b} bedrooms exceeds the table ({where(limit)}): sized as an Other Establishment "
            "from the Table II design flow."
        )
        steps += flow.steps
        cites += flow.citations
        warnings += flow.warnings
        if flow.value is None:
            return base.result(tool, c, "flagged", flow.summary, **extra)  # type: ignore[arg-type]
        q = flow.value
        flagged = flow.status == "flagged"
    return _other_establishment(c, q, b, flagged, extra)  # type: ignore[arg-type]


def _table_max(table: list) -> int:  # type: ignore[type-arg]
    return int(max(row.high for row in table if row.high is not None))


def _other_establishment(
    c: CityRules,
    q: float,
    b: int | None,
    flagged: bool,
    extra: dict[str, list],  # type: ignore[type-arg]
) -> CalcResult:
    f = c.facts
    threshold = f["other_establishment_threshold_gpd"]
    assert threshold.value is not None
    steps, cites = extra["steps"], extra["citations"]
    if q < threshold.value:
        minimum = f["other_establishment_min_gal"]
        hours = f["other_establishment_detention_h"]
        assert minimum.value is not None and hours.value is not None
        detention = q * hours.value / 24
        value = max(minimum.value, detention)
        steps.append(
            f"Flow {fmt(q)} gpd < {fmt(threshold.value)} gpd: {fmt(hours.value)} h detention = "
            f"{fmt(q)} × {fmt(hours.value)}/24 = {fmt(round(detention, 1))} gal; minimum "
            f"{fmt(minimum.value)} gal → {fmt(round(value, 1))} gal."
        )
        cites += [c.cite(threshold), c.cite(hours), c.cite(minimum)]
    else:
        large = f["other_establishment_large"]
        assert large.value is not None
        value = large.value + 0.75 * q
        steps.append(
            f"Flow {fmt(q)} gpd ≥ {fmt(threshold.value)} gpd: {fmt(large.value)} + 0.75 × {fmt(q)} "
            f"= {fmt(round(value, 1))} gal."
        )
        cites += [c.cite(threshold), c.cite(large)]
    value = round(value, 1)
    comp = f.get("compartments_over_gal")
    if comp is not None and comp.value is not None and value > comp.value:
        extra["components"].append(
            CalcComponent(
                name="compartments",
                value=2,
                unit="compartments",
                note=f"A single tank over {fmt(comp.value)} gal needs 2+ compartments.",
            )
        )
        cites.append(c.cite(comp))
    who = f"A {b}-bedroom home" if b is not None else f"An establishment with {fmt(q)} gpd"
    summary = (
        f"{who} in {c.name} needs a septic tank of at least {fmt(value)} gallons "
        f"({where(threshold)}, other establishments)."
    )
    status = "flagged" if flagged else "ok"
    return base.result("septic_tank_capacity", c, status, summary, value=value, unit="gal", **extra)  # type: ignore[arg-type]
