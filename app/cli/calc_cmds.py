"""`ordinance calc ...` (cited septic calculators) and `ordinance compare TOPIC` (all cities)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer
from rich.table import Table

from app.cli import common
from app.input_names import did_you_mean, in_user_words
from app.tables import TOPIC_TABLES
from app.uncurated import NoRulesAnswer, no_rules_answer
from core.errors import NoCuratedRulesError, ToolInputError
from ingest.store import Corpus
from tools import base
from tools.by_topic import topic_table
from tools.compare import TOPICS, compare
from tools.holding import holding_tank_capacity
from tools.records import CalcResult, Comparison, Provenance, SiteCheck
from tools.siting import known_features, setback, site_check
from tools.sizing import design_flow, septic_tank_capacity
from tools.soil import soil_treatment_area, vertical_separation
from tools.upkeep import pumping_due

calc_app = typer.Typer(
    name="calc",
    help="Septic calculators; every number cites the ordinance section it comes from.",
    no_args_is_help=True,
)

CITY = typer.Option(..., "--city", "-c", help="Jurisdiction key: hugo, chaska or east-bethel.")
JSON = typer.Option(False, "--json", help="Print the typed result as one JSON object.")
BEDROOMS = typer.Option(None, "--bedrooms", "-b", help="Number of bedrooms (1-30).")
PERC = typer.Option(..., "--perc", help="Percolation rate, minutes per inch.")
SET = typer.Option(
    None, "--set", "-s", help="A rule input as NAME=VALUE (repeatable), e.g. --set bedrooms=5."
)


@calc_app.callback()
def _calc_root() -> None:
    common.configure_rules()


def _label(p: Provenance) -> str:
    if p.source == "state":
        return f"{p.rule_part} — state rule, adopted by reference; not in the city's text"
    ref = f"§{p.section}" if p.section is not None else f'"{p.title}"'
    conf = "" if p.confidence == "high" else f" (confidence: {p.confidence})"
    return f"{p.jurisdiction} {ref}{conf}"


def _print_result(r: CalcResult) -> None:
    value = r.shown()
    if r.outcome is not None and r.rule is None:
        value = "yes" if r.outcome else "no"
    common.console.print(f"[bold]{value}[/]  [dim]({r.status})[/]", highlight=False)
    common.console.print(
        in_user_words(r.summary, "cli"), highlight=False, markup=False, soft_wrap=True
    )
    for title, items in (
        ("Steps", r.steps),
        (
            "Also",
            [
                f"{c.name}: {base.fmt(c.value) if c.value is not None else ''} {c.unit or ''}"
                + (f" — {c.note}" if c.note else "")
                for c in r.components
            ],
        ),
        ("Approval needed", r.approvals),
        ("Not covered", r.not_covered),
        ("Warnings", r.warnings),
        ("Assumptions", r.assumptions),
    ):
        if items:
            common.console.print(f"[bold]{title}[/]", highlight=False)
            for item in items:
                text = in_user_words(item, "cli")
                common.console.print(f"  • {text}", highlight=False, markup=False, soft_wrap=True)
    if r.citations:
        common.console.print("[bold]Citations[/]", highlight=False)
    for p in r.citations:
        common.console.print(f"  {_label(p)}", highlight=False, markup=False)
        common.console.print(f'    "{p.quote}"', highlight=False, markup=False, soft_wrap=True)
        if p.note and p.source != "state":
            common.console.print(f"    ({p.note})", highlight=False, markup=False)


def _emit(result: CalcResult, as_json: bool) -> None:
    if as_json:
        common.print_jsonl(result)
    else:
        _print_result(result)


def _calc(
    topic: str,
    city: str,
    as_json: bool,
    run: Callable[[], CalcResult],
    extra: str = "",
    given: dict[str, Any] | None = None,
) -> None:
    """Run a calculator; for an ingested city without curated rules, apply the rules read from
    its text at ingest (labelled extracted), else quote its text."""
    try:
        result = run()
    except NoCuratedRulesError:
        extracted = _extracted(topic, city, given or {})
        if not extracted:
            _no_rules(topic, city, as_json, extra)
        for i, found in enumerate(extracted):
            if i and not as_json:
                common.console.print("")
            _emit(found, as_json)
        return
    _emit(result, as_json)


def _extracted(topic: str, city: str, given: dict[str, Any]) -> list[CalcResult]:
    """The results of the city's extracted rules on a topic that run on the inputs given."""
    from tools.applied import apply_rule, needed_inputs, rules_for, runnable

    out = []
    given = {k: v for k, v in given.items() if v is not None}
    for rule in rules_for(city, topic):
        if rule.origin != "extracted" or not rule.terms or not runnable(city, rule.id, given):
            continue
        names = {s.name for s in needed_inputs(city, rule.id)}
        out.append(apply_rule(city, rule.id, **{k: v for k, v in given.items() if k in names}))
    return out


def _extracted_features(city: str) -> list[str]:
    """The features the setback rules read from a city's text list (extracted, not reviewed)."""
    from tools.applied import rules_for

    out: dict[str, None] = {}
    for rule in rules_for(city, "setback"):
        spec = rule.input("feature")
        if rule.origin == "extracted" and spec is not None and spec.choices:
            out.update(dict.fromkeys(spec.choices))
    return list(out)


def _no_rules(topic: str, city: str, as_json: bool, extra: str = "") -> None:
    """Say the city has no curated rules and quote its text; unknown cities stay an error."""
    corpus = Corpus.load(common.settings().home)
    entry = corpus.require_jurisdiction(city)  # not ingested: UnknownJurisdictionError
    key = entry.jurisdiction
    answer = no_rules_answer(corpus.sections(key), key, entry.name, topic, extra)
    if as_json:
        common.print_jsonl(answer)
    else:
        _print_no_rules(answer)


def _uncurated(topic: str, curated: set[str], extra: str) -> list[NoRulesAnswer]:
    """The ingested cities a comparison has no rules for, each with its text on the topic."""
    corpus = Corpus.load(common.settings().home)
    return [
        no_rules_answer(corpus.sections(key), key, entry.name, topic, extra)
        for key, entry in sorted(corpus.jurisdictions().items())
        if key not in curated
    ]


def _print_no_rules(answer: NoRulesAnswer) -> None:
    common.console.print("[bold]—[/]  [dim](no curated rules)[/]", highlight=False)
    common.console.print(answer.summary, highlight=False, markup=False, soft_wrap=True)
    for q in answer.quotes:
        common.console.print(f"  {q.label}", highlight=False, markup=False)
        common.console.print(f'    "{q.quote}"', highlight=False, markup=False, soft_wrap=True)


def _int(bedrooms: float | None) -> Any:
    """Pass whole numbers as int; anything else goes through so the calculator names the error."""
    return int(bedrooms) if bedrooms is not None and float(bedrooms).is_integer() else bedrooms


@calc_app.command("tank")
def tank_cmd(
    city: str = CITY,
    bedrooms: float | None = BEDROOMS,
    flow: float | None = typer.Option(
        None, "--flow", help="Daily flow, gallons per day (other establishments)."
    ),
    pressurized: bool = typer.Option(
        False, "--pressurized", help="Pressure distribution (pump tank)."
    ),
    unfinished_basement: bool = typer.Option(
        False, "--unfinished-basement", help="The house has an unfinished basement."
    ),
    garbage_disposal: bool = typer.Option(
        False, "--garbage-disposal", help="The house has a garbage disposal."
    ),
    units: str | None = typer.Option(
        None, "--units", help="Bedrooms of each dwelling unit, e.g. 3,5 (several dwellings)."
    ),
    as_json: bool = JSON,
) -> None:
    """Minimum septic tank capacity (gallons); --units 3,5 for several dwelling units."""
    if units is not None:
        from app.cli.rule_cmds import _emit_all
        from tools.applied import apply_topic

        given = {"units_bedrooms": units, "garbage_disposal": garbage_disposal or None}
        _emit_all(apply_topic(city, "tank", given), as_json, "tank", city)
        return
    _calc(
        "tank",
        city,
        as_json,
        lambda: septic_tank_capacity(
            city, _int(bedrooms), flow, pressurized, unfinished_basement, garbage_disposal
        ),
        given={"bedrooms": _int(bedrooms), "daily_flow_gpd": flow,
               "unfinished_basement": unfinished_basement, "garbage_disposal": garbage_disposal},
    )  # fmt: skip


@calc_app.command("flow")
def flow_cmd(
    city: str = CITY,
    bedrooms: float = typer.Option(..., "--bedrooms", "-b", help="Number of bedrooms (1-30)."),
    garbage_disposal: bool = typer.Option(
        False, "--garbage-disposal", help="The house has a garbage disposal."
    ),
    unfinished_basement: bool = typer.Option(
        False, "--unfinished-basement", help="The house has an unfinished basement."
    ),
    dwelling_class: str | None = typer.Option(
        None, "--class", help="State dwelling class I, II or III (East Bethel)."
    ),
    as_json: bool = JSON,
) -> None:
    """Daily design sewage flow of a dwelling (gallons per day)."""
    _calc(
        "flow",
        city,
        as_json,
        lambda: design_flow(
            city,
            _int(bedrooms),
            garbage_disposal,
            unfinished_basement,
            dwelling_class,  # type: ignore[arg-type]
        ),
        given={"bedrooms": _int(bedrooms), "unfinished_basement": unfinished_basement,
               "garbage_disposal": garbage_disposal},
    )  # fmt: skip


@calc_app.command("area")
def area_cmd(
    city: str = CITY,
    perc: float = PERC,
    bedrooms: float | None = BEDROOMS,
    flow: float | None = typer.Option(None, "--flow", help="Daily flow, gallons per day."),
    system: str = typer.Option("trench", "--system", help="trench, bed or mound."),
    rock: int = typer.Option(12, "--rock", help="Rock below the pipe, inches: 12, 18 or 24."),
    base_area: float | None = typer.Option(
        None,
        "--base-area",
        help="Base-table area, sq ft, where the city's base table is not in its text (Chaska).",
    ),
    garbage_disposal: bool = typer.Option(
        False, "--garbage-disposal", help="The house has a garbage disposal."
    ),
    unfinished_basement: bool = typer.Option(
        False, "--unfinished-basement", help="The house has an unfinished basement."
    ),
    as_json: bool = JSON,
) -> None:
    """Required soil treatment (drainfield) bottom area (square feet)."""
    _calc(
        "area",
        city,
        as_json,
        lambda: soil_treatment_area(
            city,
            perc,
            _int(bedrooms),
            flow,
            system,  # type: ignore[arg-type]
            rock,
            base_area,
            garbage_disposal,
            unfinished_basement,
        ),
    )


@calc_app.command("setback")
def setback_cmd(
    city: str = CITY,
    feature: str = typer.Option(
        ...,
        "--feature",
        "-f",
        help="Feature key, e.g. well, building, property_line (see `calc features`).",
    ),
    component: str = typer.Option("tank", "--component", help="tank or soil_treatment_area."),
    as_json: bool = JSON,
) -> None:
    """Minimum setback (feet) of a tank or soil treatment area from a feature."""
    given = {"feature": feature, "component": component}
    _calc("setback", city, as_json, lambda: setback(city, feature, component), feature, given)  # type: ignore[arg-type]


@calc_app.command("features")
def features_cmd(city: str = CITY) -> None:
    """List the setback feature keys a city answers for."""
    try:
        keys = known_features(city)
    except NoCuratedRulesError:
        keys = _extracted_features(city)
        if not keys:
            _no_rules("setback", city, False)
            return
    for key in keys:
        common.console.print(key, highlight=False, markup=False)


@calc_app.command("site")
def site_cmd(
    city: str = CITY,
    tank_to_well: float | None = typer.Option(
        None, "--tank-to-well", help="Feet from the tank to the well."
    ),
    sta_to_well: float | None = typer.Option(
        None, "--sta-to-well", help="Feet from the soil treatment area to the well."
    ),
    tank_to_building: float | None = typer.Option(
        None, "--tank-to-building", help="Feet from the tank to a building."
    ),
    sta_to_building: float | None = typer.Option(
        None, "--sta-to-building", help="Feet from the soil treatment area to a building."
    ),
    tank_to_property_line: float | None = typer.Option(
        None, "--tank-to-property-line", help="Feet from the tank to the property line."
    ),
    sta_to_property_line: float | None = typer.Option(
        None,
        "--sta-to-property-line",
        help="Feet from the soil treatment area to the property line.",
    ),
    tank_to_water: float | None = typer.Option(
        None, "--tank-to-water", help="Feet from the tank to a lake or river."
    ),
    sta_to_water: float | None = typer.Option(
        None, "--sta-to-water", help="Feet from the soil treatment area to a lake or river."
    ),
    well_type: str = typer.Option(
        "well_shallow", "--well-type", help="well_shallow or well_other."
    ),
    water_type: str = typer.Option(
        "unclassified_water", "--water-type", help="Kind of water, e.g. lake_general_development."
    ),
    as_json: bool = JSON,
) -> None:
    """Pass/fail check of measured distances against the city's setbacks."""
    try:
        check = site_check(
            city,
            tank_to_well,
            sta_to_well,
            tank_to_building,
            sta_to_building,
            tank_to_property_line,
            sta_to_property_line,
            tank_to_water,
            sta_to_water,
            well_type=well_type,
            water_type=water_type,
        )
    except NoCuratedRulesError:
        _no_rules("site", city, as_json)
        return
    if as_json:
        common.print_jsonl(check)
    else:
        _print_site(check)


def _print_site(check: SiteCheck) -> None:
    table = Table("Feature", "From", "Required", "Actual", "Result", "Provision")
    for r in check.rows:
        verdict = {True: "passes", False: "FAILS", None: "undetermined"}[r.passes]
        req = "—" if r.required_ft is None else f"{base.fmt(r.required_ft)} ft"
        table.add_row(
            r.feature,
            r.component,
            req,
            f"{base.fmt(r.actual_ft)} ft",
            verdict,
            _label(r.citation) if r.citation else "",
        )
    common.console.print(table)
    common.console.print(check.summary, highlight=False, markup=False)
    for w in check.warnings:
        common.console.print(f"  • {w}", highlight=False, markup=False, soft_wrap=True)


@calc_app.command("separation")
def separation_cmd(
    city: str = CITY,
    perc: float = PERC,
    existing: bool = typer.Option(
        False, "--existing", help="An existing system (compliance inspection)."
    ),
    as_json: bool = JSON,
) -> None:
    """Minimum vertical separation (inches) to the water table or bedrock."""
    _calc("separation", city, as_json, lambda: vertical_separation(city, perc, existing))


@calc_app.command("pumping")
def pumping_cmd(
    city: str = CITY,
    sludge: float = typer.Option(
        ...,
        "--sludge",
        help="Inches from the top of the sludge to the bottom of the outlet baffle.",
    ),
    scum: float = typer.Option(
        ..., "--scum", help="Inches from the bottom of the scum to the bottom of the outlet baffle."
    ),
    as_json: bool = JSON,
) -> None:
    """Whether the tank must be pumped now."""
    _calc("pumping", city, as_json, lambda: pumping_due(city, sludge, scum))


@calc_app.command("holding")
def holding_cmd(
    city: str = CITY,
    bedrooms: float | None = BEDROOMS,
    flow: float | None = typer.Option(
        None, "--flow", help="Daily flow, gallons per day (other establishments)."
    ),
    as_json: bool = JSON,
) -> None:
    """Minimum holding tank capacity (gallons)."""
    _calc(
        "holding_tank",
        city,
        as_json,
        lambda: holding_tank_capacity(city, _int(bedrooms), flow),
        given={"bedrooms": _int(bedrooms), "daily_flow_gpd": flow},
    )


def compare_cmd(
    topic: str = typer.Argument(
        ..., help=f"One of: {', '.join(TOPICS)}, or a rule topic (see `ordinance rules`)."
    ),
    bedrooms: float | None = BEDROOMS,
    perc: float | None = typer.Option(None, "--perc", help="Percolation rate, minutes per inch."),
    flow: float | None = typer.Option(None, "--flow", help="Daily flow, gallons per day."),
    system: str | None = typer.Option(None, "--system", help="trench, bed or mound."),
    rock: int | None = typer.Option(
        None, "--rock", help="Rock below the pipe, inches: 12, 18 or 24."
    ),
    base_area: float | None = typer.Option(
        None, "--base-area", help="Base-table area, sq ft (Chaska)."
    ),
    feature: str | None = typer.Option(None, "--feature", "-f", help="Setback feature key."),
    component: str | None = typer.Option(None, "--component", help="tank or soil_treatment_area."),
    sludge: float | None = typer.Option(None, "--sludge", help="Sludge to outlet baffle, inches."),
    scum: float | None = typer.Option(None, "--scum", help="Scum to outlet baffle, inches."),
    existing: bool = typer.Option(False, "--existing", help="An existing system."),
    sets: list[str] | None = SET,
    as_json: bool = JSON,
) -> None:
    """Compare one topic across every city: a row per city, every cell cited or marked as a gap.

    Without the input that picks a row (tank or flow without --bedrooms or --flow), each city's
    whole table is shown."""
    common.configure_rules()
    from tools.applied import topics as rule_topics

    if (topic not in TOPICS and topic in rule_topics()) or sets:
        from app.cli.rule_cmds import parse_sets
        from tools.applied import compare_topic

        given = parse_sets(sets) | ({"bedrooms": _int(bedrooms)} if bedrooms is not None else {})
        comp = compare_topic(topic, given)
        common.print_jsonl(comp) if as_json else _print_comparison(comp)
        return
    if topic not in TOPICS:
        near = did_you_mean(topic, TOPICS)
        hint = f" Did you mean {' or '.join(near)}?" if near else ""
        raise ToolInputError(
            f"Unknown topic {topic!r}.{hint} Topics: {', '.join(TOPICS)}; rule topics: "
            f"{', '.join(rule_topics())}."
        )
    if topic in TOPIC_TABLES and bedrooms is None and flow is None:
        _print_tables(topic, as_json)
        for answer in _uncurated(topic, set(base.book().cities), feature or ""):
            common.print_jsonl(answer) if as_json else _print_no_rules(answer)
        return
    names = {
        "bedrooms": _int(bedrooms),
        "perc_rate_min_per_inch": perc,
        "daily_flow_gpd": flow,
        "system_type": system,
        "rock_depth_in": rock,
        "base_area_sqft": base_area,
        "feature": feature,
        "component": component,
        "sludge_to_outlet_baffle_in": sludge,
        "scum_to_outlet_baffle_in": scum,
        "existing_system": existing or None,
    }
    result = compare(topic, **{k: v for k, v in names.items() if v is not None})
    uncurated = _uncurated(topic, {row.jurisdiction for row in result.rows}, feature or "")
    given = {"bedrooms": _int(bedrooms), "daily_flow_gpd": flow}
    if as_json:
        common.print_jsonl(result)
    else:
        _print_comparison(result)
    for answer in uncurated:  # a city without curated rules: its extracted rules, else its text
        extracted = _extracted(topic, answer.jurisdiction, given)
        for found in extracted:
            if not as_json:
                common.console.print("")
            _emit(found, as_json)
        if not extracted:
            common.print_jsonl(answer) if as_json else _print_no_rules(answer)


def _print_tables(topic: str, as_json: bool) -> None:
    """Each city's whole table for a topic (or its deferral to a state table), every row cited."""
    deferral_key, what, by = TOPIC_TABLES[topic]
    out = Table("City", by.capitalize(), "Value", "Basis", title=f"compare {topic}: {what}")
    objects: list[dict[str, Any]] = []
    for key in sorted(base.book().cities):
        c = base.city(key)
        rows = topic_table(key, topic, by)
        if rows:
            for b in rows:
                value = "—" if b.value is None else f"{base.fmt(b.value)} {b.unit or ''}".strip()
                out.add_row(c.name, b.label, value, _label(c.cite(b)))
            objects.append({"jurisdiction": key, "rows": [b.model_dump(mode="json") for b in rows]})
            continue
        cell = base.deferred(f"{topic}_table", c, deferral_key, what)
        basis = "; ".join(_label(p) for p in cell.citations) or cell.summary
        out.add_row(c.name, "—", "—", basis)
        objects.append({"jurisdiction": key, "rows": [], "result": cell.model_dump(mode="json")})
    if as_json:
        common.print_jsonl({"topic": topic, "by": by, "tables": objects})
        return
    common.console.print(out)
    common.console.print(
        "Give --bedrooms (or --flow) for one row per city with its calculation.", highlight=False
    )


def _print_comparison(comp: Comparison) -> None:
    table = Table("City", "Value", "Status", "Basis", title=f"compare {comp.topic}")
    for row in comp.rows:
        for cell in row.cells:
            value = cell.shown()
            if cell.outcome is not None and cell.rule is None:
                value = "pump now" if cell.outcome else "not yet"
            basis = "; ".join(_label(p) for p in cell.citations) or cell.summary
            table.add_row(row.jurisdiction, value, cell.status, basis)
    common.console.print(table)
    for row in comp.rows:
        for cell in row.cells:
            common.console.print(f"• {cell.summary}", highlight=False, markup=False, soft_wrap=True)


def register(app: typer.Typer) -> None:
    app.add_typer(calc_app, name="calc")
    app.command("compare")(compare_cmd)
