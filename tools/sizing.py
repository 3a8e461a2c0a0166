"""Sizing calculators: design flow and septic tank capacity, applied from the city's data rules
of topics `bedrooms`, `flow`, `tank`, `compartments` and `pump_tank` (tools.by_topic): no rule is
named here.

Precedence for every value: the city's own rules -> a grade-H state figure the city adopts by
reference -> an explicit deferral ("not in this corpus; the city defers to <rule part>").
"""

from __future__ import annotations

from typing import Literal

from core.errors import ToolInputError
from tools import base
from tools.base import fmt, where
from tools.by_topic import apply_best, from_rule, where_of
from tools.records import CalcComponent, CalcResult, Provenance
from tools.rules import CityRules, StateTable

DwellingClass = Literal["I", "II", "III"]


def design_bedrooms(jurisdiction: str, bedrooms: int) -> CalcResult | None:
    """The bedrooms a city designs a house with an unfinished basement for (its `bedrooms` rule:
    'At least one additional bedroom shall be added ... with an unfinished basement'), with its
    steps and citations; None where its text adds none."""
    res = apply_best(jurisdiction, "bedrooms", {"bedrooms": bedrooms, "unfinished_basement": True})
    if res is None or res.value is None or res.status not in ("ok", "flagged"):
        return None
    return res


def _design_bedrooms(
    c: CityRules,
    bedrooms: int,
    unfinished_basement: bool,
    steps: list[str],
    cites: list[Provenance],
) -> int:
    """The bedrooms to design for: the city's `bedrooms` rules (e.g. one more for an unfinished
    basement), else the count given, with the city's bedroom-counting facts when they apply."""
    if not unfinished_basement:
        return bedrooms
    res = design_bedrooms(c.jurisdiction, bedrooms)
    if res is not None and res.value is not None:
        design = int(res.value)
        steps += res.steps
        steps.append(f"Unfinished basement: design for {design} bedrooms ({where_of(res)}).")
        cites.extend(x for x in res.citations if x not in cites)
        return design
    counting = next((f for f in c.facts.values() if f.has_topic("bedrooms")), None)
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
    res = apply_best(c.jurisdiction, "flow", {"bedrooms": b, "garbage_disposal": garbage_disposal})
    if res is not None:
        gd = " with a garbage disposal" if garbage_disposal else ""
        summary = (
            f"A {b}-bedroom home{gd} in {c.name} has a design flow of {fmt(res.value or 0)} "
            f"gallons per day ({where_of(res)})."
        )
        return from_rule(tool, res, summary, steps=steps, citations=cites)

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
    if b is not None and q is not None:
        raise ToolInputError(
            f"Give bedrooms ({b!r}) or daily_flow_gpd ({q!r}), not both: a dwelling is sized by "
            "its bedrooms, another establishment by its daily flow."
        )
    steps: list[str] = []
    cites: list[Provenance] = []
    warnings: list[str] = []
    components: list[CalcComponent] = []
    said: str | None = None
    if b is not None:
        b = _design_bedrooms(c, b, unfinished_basement, steps, cites)
        said = _compartments(c, {"bedrooms": b}, f"{b} bedrooms", steps, cites, components)
    if pressurized:
        pump = apply_best(c.jurisdiction, "pump_tank", {}, reads_given=False)
        if pump is not None and pump.value is not None:
            components.append(CalcComponent(name="pump_tank", value=pump.value, unit="gal"))
            cites += [x for x in pump.citations if x not in cites]
            steps.append(f"Pressurized system: separate {fmt(pump.value)}-gallon pump tank.")
            warnings += pump.not_covered + pump.warnings
        else:
            warnings.append(f"{c.name}'s text sets no separate pump-tank size.")
    given = {"bedrooms": b, "daily_flow_gpd": q}
    if b is not None:
        given["garbage_disposal"] = garbage_disposal
    res = apply_best(c.jurisdiction, "tank", given)
    if res is None or res.status == "not_in_corpus":
        key, what = (
            ("septic_tank", f"septic tank capacities for dwellings ({b} bedrooms)")
            if b is not None
            else ("other_establishment_tank", "tank sizes for other establishments")
        )
        if res is not None:
            steps += res.steps
        out = base.deferred(
            tool, c, key, what, steps=steps, citations=cites, warnings=warnings,
            components=components,
        )  # fmt: skip
        local = [f'with {b} bedrooms, "{said}"' for _ in [said] if said] + [
            f"a pressurized system needs a separate {fmt(k.value or 0)}-gallon pump tank"
            for k in components
            if k.name == "pump_tank"
        ]
        if local:
            text = f" {c.name}'s own rules: " + "; ".join(local) + "."
            out = out.model_copy(update={"summary": out.summary + text})
        return out
    after: list[str] = []  # the compartments of a tank of this capacity, once it is known
    if res.value is not None:
        _compartments(
            c, {"tank_capacity_gal": res.value}, f"{fmt(res.value)} gal", after, cites, components
        )
    subs = [c.rule(r) for r in res.applied[1:]]
    via = next((r.asks.rsplit(" for ", 1)[-1] for r in subs if r and r.topic == "tank"), None)
    if garbage_disposal and b is not None and len(res.applied) < 2:
        warnings.append(f"{c.name}'s tank rule has no garbage-disposal adjustment.")
    who = f"A {b}-bedroom home" if b is not None else f"An establishment with {fmt(q or 0)} gpd"
    basis = where_of(res) + (f", by its rule for {via}" if via else "")
    summary = (
        f"{who} in {c.name} needs a septic tank of at least {fmt(res.value or 0)} gallons "
        f"({basis})."
    )
    out = from_rule(
        tool, res, summary, steps=steps, citations=cites, warnings=warnings, components=components
    )
    return out.model_copy(update={"steps": out.steps + after})


def _compartments(
    c: CityRules,
    given: dict[str, float | int],
    what: str,
    steps: list[str],
    cites: list[Provenance],
    components: list[CalcComponent],
) -> str | None:
    """The city's compartment rules that apply to a tank of these bedrooms or this capacity."""
    res = apply_best(c.jurisdiction, "compartments", given)
    if res is None or res.status not in ("ok", "flagged") or res.value is None:
        return None
    components.append(
        CalcComponent(
            name="compartments", value=res.value, unit=res.unit, note=f"{what} ({where_of(res)})"
        )
    )
    cites += [x for x in res.citations if x not in cites]
    steps.append(f"{what}: {res.summary}")
    return res.citations[0].quote.rstrip(".") if res.citations else None
