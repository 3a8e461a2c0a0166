"""Rule-driven calculators: `ordinance calc rule|holding-tank|dose|topic` and `ordinance rules`.

Every command applies the data rules of `data/rules/<city>.yaml` through the one evaluator
(`tools.applied`); inputs are given by name (`--set bedrooms=5`) or by the friendly options of
the topic commands. The city modules are never named here: a new city's rules work unchanged.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import typer
import yaml
from rich.table import Table

from app.cli import common
from app.cli.calc_cmds import CITY, JSON, SET, _emit, calc_app
from core.errors import ToolInputError
from tools.applied import apply_rule, apply_topic, needed_inputs, rules_for
from tools.formulas import Rule
from tools.records import CalcResult
from tools.rules import normalize_key


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
    extracted: bool = typer.Option(
        False,
        "--extracted",
        help="The rules read from the city's text at ingest (origin: extracted), even where "
        "the city has curated rules.",
    ),
    as_yaml: bool = typer.Option(
        False,
        "--yaml",
        help="Print the rules as a rules file, to review and save as data/rules/KEY.yaml.",
    ),
    as_json: bool = JSON,
) -> None:
    """List a city's rules: id, what it computes, inputs, section and origin (curated, or
    extracted from its text at ingest and not reviewed)."""
    common.configure_rules()
    key = normalize_key(city)
    if extracted:
        rules = [r for r in _stored_rules(key) if topic is None or r.topic == topic]
    else:
        rules = rules_for(key, topic)
    if as_yaml:
        _print_yaml(key, rules)
        return
    if as_json:
        for r in rules:
            data = r.model_dump(mode="json", exclude={"formula"})
            data["needs"] = [s.name for s in needed_inputs(key, r.id)]
            common.print_jsonl(data)
        return
    if not rules:
        what = "extracted" if extracted else "curated or extracted"
        common.console.print(f"No {what} rules for {city!r}{' on ' + topic if topic else ''}.")
        return
    table = Table("Rule", "Computes", "Inputs", "Where", "Origin", title=f"rules for {key}")
    for r in rules:
        where = f"§{r.section}" if r.section is not None else f'"{r.title}"'
        needs = ", ".join(s.name for s in r.inputs) or "—"
        table.add_row(r.id, r.asks, needs, where, r.origin)
    common.console.print(table)
    if any(r.origin == "extracted" for r in rules):
        common.console.print(
            "extracted: read from the ordinance text at ingest, not reviewed. Review them with "
            f"`ordinance rules --city {key} --extracted --yaml > data/rules/{key}.yaml`, check "
            "each against the text, and set `origin: curated` on the rules you keep."
        )


def _stored_rules(key: str) -> list[Rule]:
    from ingest.store import Corpus

    return list(Corpus.load(common.settings().home).document(key).rules)


def _print_yaml(key: str, rules: list[Rule]) -> None:
    from ingest.store import Corpus

    entry = Corpus.load(common.settings().home).require_jurisdiction(key)
    doc = Corpus.load(common.settings().home).document(key)
    data = {
        "jurisdiction": key,
        "name": entry.name,
        "source": Path(doc.source_path).name,
        "rules": [r.model_dump(mode="json", exclude_defaults=True) for r in rules],
    }
    sys.stdout.write(
        f"# {entry.name}: rules read from the ordinance text at ingest (origin: extracted), not\n"
        "# reviewed. Check each rule's numbers and quote against the section it cites, delete\n"
        "# what is wrong, and set `origin: curated` on what you keep; saved as\n"
        f"# data/rules/{key}.yaml, this file's rules replace the extracted ones.\n"
    )
    sys.stdout.write(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100))


def register(app: typer.Typer) -> None:
    app.command("rules")(rules_cmd)
