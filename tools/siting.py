"""Setbacks: one feature's minimum distance, and a pass/fail site check of measured distances.

Feature keys are shared by every city (Hugo's Table IV rows); `known_features()` lists the keys
a city answers for. Unreadable Table IV cells are refused (flagged, no number), never guessed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from core.errors import ToolInputError
from tools import base
from tools.applied import needed_inputs, rules_for
from tools.base import fmt
from tools.by_topic import apply_best, from_rule, where_of
from tools.records import CalcComponent, CalcResult, Component, SiteCheck, SiteCheckRow
from tools.rules import Cited, CityRules

FEATURES: dict[str, str] = {
    "well_shallow": "water supply well less than 50 ft deep, not through 10 ft of impervious material",
    "well_other": "any other water supply well or buried water suction pipe",
    "water_pipe_pressure": "buried pipe distributing water under pressure",
    "building": "building",
    "property_line": "property line",
    "lake_natural_environment": "natural environment lake or stream (ordinary high water mark)",
    "lake_recreational_development": "recreational development lake or stream (OHWM)",
    "lake_general_development": "general development lake or stream (OHWM)",
    "river_wild_scenic_rural": "wild and scenic river, rural district",
    "river_wild_scenic_urban": "wild and scenic river, urban district",
    "bluffline_wild_scenic_12pct": "wild and scenic river bluffline (12 % slope)",
    "unclassified_water": "unclassified water",
    "bluffline_other_20pct": "other bluffline (20 % slope)",
}
ALIASES = {
    "water_pipe": "water_pipe_pressure",
    "suction_pipe": "well_other",
    "lot_line": "property_line",
    "house": "building",
    "home": "building",
    "lake": "water",
    "river": "water",
}
"""Everyday words for features. 'well' and 'water' resolve through `well_type`/`water_type`."""
EXTRA_FEATURES = {"accessory_building": "detached accessory building or garage without basement"}
WELLS = ("well_shallow", "well_other")
WATERS = tuple(
    k for k in FEATURES if k.startswith(("lake_", "river_")) or k == "unclassified_water"
)
COMPONENTS: tuple[Component, ...] = ("tank", "soil_treatment_area")
_NAMES = {"tank": "septic tank", "soil_treatment_area": "soil treatment area"}


def known_features(jurisdiction: str) -> list[str]:
    """Setback feature keys the city answers for (a value, a flagged cell or a deferral)."""
    c = base.city(jurisdiction)
    for rule in rules_for(c.jurisdiction, "setback"):  # the features the city's setback table lists
        spec = next(
            (s for s in needed_inputs(c.jurisdiction, rule.id) if s.name == "feature"), None
        )
        if spec is not None and spec.choices:
            return list(spec.choices)
    keys = list(FEATURES)
    keys += [f.about for f in _reductions(c) if f.about in EXTRA_FEATURES]  # type: ignore[misc]
    return keys


def _reductions(c: CityRules) -> list[Cited]:
    """The city's setback reductions for a feature (facts of topic `setback_reduction`)."""
    return [f for f in c.facts.values() if f.has_topic("setback_reduction") and f.about]


def _feature(
    c: CityRules,
    feature: object,
    assumptions: list[str] | None = None,
    well_type: str = "well_shallow",
    water_type: str = "unclassified_water",
) -> str:
    key = str(feature).strip().lower().replace("-", "_").replace(" ", "_")
    key = ALIASES.get(key, key)
    if key in ("well", "water"):
        chosen = well_type if key == "well" else water_type
        if assumptions is not None:
            assumptions.append(
                f"'{key}' is read as {chosen!r} ({(FEATURES | EXTRA_FEATURES)[chosen]})."
            )
        key = chosen
    known = known_features(c.jurisdiction)
    if not isinstance(feature, str) or key not in known:
        raise ToolInputError(
            f"Unknown setback feature {feature!r} for {c.name}. Known features: well, water, "
            f"{', '.join(known)}."
        )
    return key


def setback(
    jurisdiction: str, feature: str, component: Literal["tank", "soil_treatment_area"]
) -> CalcResult:
    """Minimum horizontal setback, in feet, between a septic tank or soil treatment area
    (component: 'tank' or 'soil_treatment_area') and a feature (see known_features: e.g.
    'well_shallow', 'building', 'property_line', 'lake_general_development')."""
    tool = "setback"
    c = base.city(jurisdiction)
    base.check_choice(component, "component", COMPONENTS)
    assumptions: list[str] = []
    key = _feature(c, feature, assumptions)
    what = f"the {_NAMES[component]} setback from a {(FEATURES | EXTRA_FEATURES)[key]}"
    res = apply_best(c.jurisdiction, "setback", {"feature": key, "component": component})
    if res is None or res.status == "not_in_corpus":
        components: list[CalcComponent] = []
        cites = []
        red = next((f for f in _reductions(c) if f.about == key), None)
        if red is not None:
            components.append(
                CalcComponent(name="reduction", value=red.value, unit="fraction", note=red.note)
            )
            cites.append(c.cite(red))
        return base.deferred(
            tool,
            c,
            "setbacks",
            what,
            citations=cites,
            components=components,
            assumptions=assumptions,
        )
    desc = (FEATURES | EXTRA_FEATURES)[key]
    if res.value is None:
        summary = (
            f"{c.name}'s {_NAMES[component]} setback from a {desc} cannot be read in the "
            "transcription; no number is given (see the table in the original)."
        )
    else:
        summary = (
            f"In {c.name} a {_NAMES[component]} must be at least {fmt(res.value)} ft from a "
            f"{desc} ({where_of(res)})."
        )
    out = from_rule(tool, res, summary, assumptions=assumptions)
    lead = out.citations[0].quote if out.citations else ""
    # the table cell the figure (or the refusal) rests on leads; the rule's own quote follows
    cites = sorted(out.citations, key=lambda p: p.quote == lead)
    return out.model_copy(update={"citations": cites, "unit": "ft", "summary": out.summary
                                  if res.value is not None else summary})  # fmt: skip


def site_check(
    jurisdiction: str,
    tank_to_well_ft: float | None = None,
    sta_to_well_ft: float | None = None,
    tank_to_building_ft: float | None = None,
    sta_to_building_ft: float | None = None,
    tank_to_property_line_ft: float | None = None,
    sta_to_property_line_ft: float | None = None,
    tank_to_water_ft: float | None = None,
    sta_to_water_ft: float | None = None,
    tank_distances_ft: Mapping[str, float] | None = None,
    sta_distances_ft: Mapping[str, float] | None = None,
    well_type: str = "well_shallow",
    water_type: str = "unclassified_water",
) -> SiteCheck:
    """Check measured distances (feet) from the septic tank and the soil treatment area (sta) to
    a well, a building, the property line and a lake or river against the city's setbacks.
    Give the *_to_*_ft distances and/or tank_distances_ft / sta_distances_ft mapping a feature
    (e.g. 'well', 'building', 'lake_general_development') to feet. well_type: 'well_shallow' or
    'well_other'; water_type: the kind of water (default 'unclassified_water').
    Returns a pass/fail row per distance with the required distance and its citation."""
    c = base.city(jurisdiction)
    base.check_choice(well_type, "well_type", WELLS)
    base.check_choice(water_type, "water_type", WATERS)
    given: dict[tuple[Component, str], tuple[str, object]] = {}
    explicit: dict[tuple[Component, str], float | None] = {
        ("tank", "well"): tank_to_well_ft,
        ("soil_treatment_area", "well"): sta_to_well_ft,
        ("tank", "building"): tank_to_building_ft,
        ("soil_treatment_area", "building"): sta_to_building_ft,
        ("tank", "property_line"): tank_to_property_line_ft,
        ("soil_treatment_area", "property_line"): sta_to_property_line_ft,
        ("tank", "water"): tank_to_water_ft,
        ("soil_treatment_area", "water"): sta_to_water_ft,
    }
    for (component, feature), actual in explicit.items():
        if actual is not None:
            name = "tank" if component == "tank" else "sta"
            given[(component, feature)] = (f"{name}_to_{feature}_ft", actual)
    maps: tuple[tuple[Component, Mapping[str, float] | None, str], ...] = (
        ("tank", tank_distances_ft, "tank_distances_ft"),
        ("soil_treatment_area", sta_distances_ft, "sta_distances_ft"),
    )
    for component, mapping, name in maps:
        if mapping is None:
            continue
        if not isinstance(mapping, Mapping):
            raise ToolInputError(
                f"{name} must map a feature to feet, e.g. {{'well': 60}}, got {mapping!r}."
            )
        for word, feet in mapping.items():
            given[(component, str(word))] = (f"{name}[{word!r}]", feet)
    if not given:
        raise ToolInputError("site_check needs at least one distance, e.g. tank_to_well_ft=60.")
    rows: list[SiteCheckRow] = []
    warnings: list[str] = []
    for (component, word), (argname, measured) in given.items():
        dist = base.check_number(measured, argname, 0.0, 100_000.0)
        assume: list[str] = []
        feature = _feature(c, word, assume, well_type, water_type)
        warnings += [a for a in assume if a not in warnings]
        res = setback(c.jurisdiction, feature, component)
        passes = None if res.value is None else dist >= res.value
        rows.append(
            SiteCheckRow(
                feature=feature,
                component=component,
                required_ft=res.value,
                actual_ft=dist,
                passes=passes,
                status=res.status,
                citation=res.citations[0] if res.citations else None,
                note=None if res.status == "ok" else res.summary,
            )
        )
        warnings += [w for w in res.warnings if w not in warnings]
    decided = [r.passes for r in rows]
    all_pass = None if None in decided and all(p is not False for p in decided) else all(decided)
    failed = [f"{r.component} to {r.feature}" for r in rows if r.passes is False]
    open_ = [f"{r.component} to {r.feature}" for r in rows if r.passes is None]
    if failed:
        summary = f"The site fails {c.name}'s setbacks: {', '.join(failed)}."
    elif open_:
        summary = (
            f"No failures found, but {c.name}'s setbacks cannot be decided for: {', '.join(open_)}."
        )
    else:
        summary = f"Every distance checked meets {c.name}'s setbacks."
    return SiteCheck(
        jurisdiction=c.jurisdiction,
        rows=rows,
        all_pass=all_pass,
        summary=summary,
        warnings=warnings,
    )
