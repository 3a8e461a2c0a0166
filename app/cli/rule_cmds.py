"""Rule-driven calculators: `ordinance calc rule|holding-tank|dose|topic` and `ordinance rules`.

Every command applies the data rules of `data/rules/<city>.yaml` through the one evaluator
(`tools.applied`); inputs are given by name (`--set bedrooms=5`) or by the friendly options of
the topic commands. The city modules are never named here: a new city's rules work unchanged.
"""

from __future__ import annotations

from typing import Any

import typer
from rich.table import Table

from app.cli import common
from app.cli.calc_cmds import CITY, JSON, SET, _emit, calc_app
from core.errors import ToolInputError
from tools import base
from tools.applied import apply_rule, apply_topic, needed_inputs, rules_for
from tools.records import CalcResult


def parse_sets(items: list[str] | None) -> dict[str, str]:
    """['bedrooms=5', 'units_bedrooms=3,5'] -> {'bedrooms': '5', 'units_bedrooms': '3,5'}."""
    out: dict[str, str] = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ToolInputError(f"--set takes NAME=VALUE, got {item!r}; e.g. --set bedrooms=5.")
        out[name.strip().replace("-", "_")] = value.strip()
    return out


def _emit_all(results: list[CalcResult], as_json: bool, what: str, city: str) -> None:
    if not results:
        rules = rules_for(city, what)
        need = sorted({s.name for r in rules for s in needed_inputs(city, r.id)})
        hint = f" Inputs its rules take: {', '.join(need)}." if need else ""
        raise ToolInputError(
            f"No {what.replace('_', ' ')} rule of {city!r} can run on these inputs.{hint}"
            if rules
            else f"{city!r} has no curated {what.replace('_', ' ')} rules (see `ordinance rules --city {city}`)."
        )
    for i, result in enumerate(results):
        if i and not as_json:
            common.console.print("")
        _emit(result, as_json)


@calc_app.command("rule")
def rule_cmd(
    rule_id: str = typer.Argument(..., help="Rule id, as `ordinance rules --city KEY` lists them."),
    city: str = CITY,
    sets: list[str] | None = SET,
    as_json: bool = JSON,
) -> None:
    """Apply one data rule of a city to inputs given with --set NAME=VALUE."""
    _emit(apply_rule(city, rule_id, **parse_sets(sets)), as_json)


@calc_app.command("topic")
def topic_cmd(
    topic: str = typer.Argument(
        ..., help="Rule topic, e.g. tank, dose, setback, escrow, deadline."
    ),
    city: str = CITY,
    sets: list[str] | None = SET,
    as_json: bool = JSON,
) -> None:
    """Apply every rule of a topic whose inputs are given (--set NAME=VALUE)."""
    given = parse_sets(sets)
    _emit_all(apply_topic(city, topic, given), as_json, topic, city)


@calc_app.command("holding-tank")
def holding_tank_cmd(
    city: str = CITY,
    bedrooms: int | None = typer.Option(None, "--bedrooms", "-b", help="Bedrooms (a dwelling)."),
    flow: float | None = typer.Option(
        None, "--flow", help="Daily flow, gallons per day (other establishments)."
    ),
    capacity: float | None = typer.Option(
        None, "--capacity", help="Tank capacity, gallons (alarm level)."
    ),
    sets: list[str] | None = SET,
    as_json: bool = JSON,
) -> None:
    """Holding tank rules: minimum capacity, alarm level, limits on use."""
    given: dict[str, Any] = {
        "bedrooms": bedrooms,
        "daily_flow_gpd": flow,
        "tank_capacity_gal": capacity,
    }
    given = {k: v for k, v in given.items() if v is not None} | parse_sets(sets)
    _emit_all(apply_topic(city, "holding_tank", given), as_json, "holding_tank", city)


@calc_app.command("dose")
def dose_cmd(
    city: str = CITY,
    area: float | None = typer.Option(None, "--area", help="Soil treatment area, square feet."),
    flow: float | None = typer.Option(None, "--flow", help="Daily flow, gallons per day."),
    bedrooms: int | None = typer.Option(
        None, "--bedrooms", "-b", help="Bedrooms (for the design flow)."
    ),
    friction: float | None = typer.Option(None, "--friction", help="Pipe friction head, feet."),
    lift: float | None = typer.Option(
        None, "--lift", help="Elevation difference pump to distribution, feet."
    ),
    gpm: float | None = typer.Option(None, "--gpm", help="Pump discharge, gallons per minute."),
    gph: float | None = typer.Option(
        None, "--gph", help="Dosing device discharge, gallons per hour."
    ),
    dose: float | None = typer.Option(None, "--dose", help="Dose per cycle, gallons."),
    sets: list[str] | None = SET,
    as_json: bool = JSON,
) -> None:
    """Dosing and pump rules: pump capacity and head, dose per cycle, gravity dosing rate."""
    given: dict[str, Any] = {
        "soil_area_sqft": area, "daily_flow_gpd": flow, "bedrooms": bedrooms,
        "friction_head_ft": friction, "lift_ft": lift, "pump_rate_gpm": gpm,
        "pump_rate_gph": gph, "dose_gal": dose,
    }  # fmt: skip
    given = {k: v for k, v in given.items() if v is not None} | parse_sets(sets)
    _emit_all(apply_topic(city, "dose", given), as_json, "dose", city)


def rules_cmd(
    city: str = typer.Option(..., "--city", "-c", help="Jurisdiction key, e.g. hugo."),
    topic: str | None = typer.Option(None, "--topic", "-t", help="Only this topic."),
    as_json: bool = JSON,
) -> None:
    """List a city's rules: id, what it computes, inputs, section and confidence."""
    base.configure(common.settings().rules_dir)
    rules = rules_for(city, topic)
    if as_json:
        for r in rules:
            data = r.model_dump(mode="json", exclude={"formula"})
            data["needs"] = [s.name for s in needed_inputs(city, r.id)]
            common.print_jsonl(data)
        return
    if not rules:
        common.console.print(f"No curated rules for {city!r}{' on ' + topic if topic else ''}.")
        return
    table = Table("Rule", "Computes", "Inputs", "Where", "Origin", title=f"rules for {city}")
    for r in rules:
        where = f"§{r.section}" if r.section is not None else f'"{r.title}"'
        needs = ", ".join(s.name for s in needed_inputs(city, r.id)) or "—"
        table.add_row(r.id, r.asks, needs, where, r.origin)
    common.console.print(table)


def register(app: typer.Typer) -> None:
    app.command("rules")(rules_cmd)
