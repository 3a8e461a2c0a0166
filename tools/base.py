"""Helpers shared by the calculators: the rule book, input validation, result builders.

Validation raises `ToolInputError` naming the argument, the value (`!r`) and the allowed range.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from core.errors import ToolInputError
from tools.records import CalcResult, Provenance
from tools.rules import Band, Cited, CityRules, RuleBook, load_rules

MAX_BEDROOMS = 30
MAX_FLOW_GPD = 15_000.0
MAX_PERC_MIN_PER_INCH = 1_000.0
ROCK_DEPTHS_IN = (12, 18, 24)
SYSTEM_TYPES = ("trench", "bed", "mound")

_rules_dir: Path | None = None
_extracted: Callable[[str], CityRules | None] | None = None


def configure(rules_dir: Path | str | None) -> None:
    """Point the calculators at another rules folder (the app layer passes `Settings.rules_dir`);
    no extracted rules until `use_extracted` names a home's reader again."""
    global _rules_dir, _extracted
    _rules_dir = Path(rules_dir) if rules_dir is not None else None
    _extracted = None


def book() -> RuleBook:
    return load_rules(_rules_dir)


def use_extracted(provider: Callable[[str], CityRules | None] | None) -> None:
    """Where the rule calculators find the rules extracted from an ingested city's text (the app
    layer passes a reader of its home); None: no extracted rules."""
    global _extracted
    _extracted = provider


def extracted_city(jurisdiction: str) -> CityRules | None:
    """The extracted rules of a city without a curated rules file (None: none, or curated)."""
    if _extracted is None or not isinstance(jurisdiction, str):
        return None
    key = "-".join(jurisdiction.strip().lower().replace("_", " ").split())
    if key in book().cities:
        return None  # curated rules always win
    return _extracted(key)


def city(jurisdiction: str) -> CityRules:
    if not isinstance(jurisdiction, str) or not jurisdiction.strip():
        raise ToolInputError(
            f"jurisdiction must be a city key such as 'hugo', got {jurisdiction!r}. "
            f"Known jurisdictions: {', '.join(sorted(book().cities))}."
        )
    return book().city(jurisdiction)


def fmt(x: float) -> str:
    """1200 -> '1,200'; 751.5 -> '751.5'; 0.83 -> '0.83'."""
    if float(x).is_integer():
        return f"{int(x):,}"
    return f"{x:,.2f}".rstrip("0").rstrip(".")


def check_bedrooms(bedrooms: object, name: str = "bedrooms") -> int:
    ok = isinstance(bedrooms, int) and not isinstance(bedrooms, bool)
    if isinstance(bedrooms, float) and bedrooms.is_integer():
        bedrooms, ok = int(bedrooms), True
    if not ok or not 1 <= bedrooms <= MAX_BEDROOMS:  # type: ignore[operator]
        raise ToolInputError(
            f"{name} must be a whole number from 1 to {MAX_BEDROOMS}, got {bedrooms!r}. "
            "Count every room that could be used as a bedroom."
        )
    return int(bedrooms)  # type: ignore[call-overload]


def check_number(
    value: object, name: str, low: float, high: float, *, low_open: bool = False
) -> float:
    is_num = isinstance(value, int | float) and not isinstance(value, bool)
    bad = not is_num or not math.isfinite(value)  # type: ignore[arg-type]
    if not bad:
        v = float(value)  # type: ignore[arg-type]
        bad = v > high or v < low or (low_open and v == low)
    if bad:
        lo = f"greater than {fmt(low)}" if low_open else f"at least {fmt(low)}"
        raise ToolInputError(
            f"{name} must be a number {lo} and at most {fmt(high)}, got {value!r}."
        )
    return float(value)  # type: ignore[arg-type]


def check_perc(perc: object) -> float:
    return check_number(perc, "perc_rate_min_per_inch", 0.0, MAX_PERC_MIN_PER_INCH, low_open=True)


def check_flow(flow: object) -> float:
    return check_number(flow, "daily_flow_gpd", 0.0, MAX_FLOW_GPD, low_open=True)


def check_choice(value: object, name: str, allowed: tuple[object, ...]) -> None:
    if isinstance(value, bool) or value not in allowed:
        raise ToolInputError(
            f"{name} must be one of {', '.join(repr(a) for a in allowed)}, got {value!r}."
        )


def find_band(rows: list[Band], x: float) -> Band | None:
    return next((row for row in rows if row.contains(x)), None)


def where(item: Cited) -> str:
    """'§404.04' or '"Septic tank maintenance"' for steps and summaries."""
    return f"§{item.section}" if item.section is not None else f'"{item.title}"'


def result(tool: str, c: CityRules, status: str, summary: str, **kw: object) -> CalcResult:
    if status == "flagged" and kw.get("value") is not None:
        summary += " This value rests on an OCR-uncertain transcription: check the original."
    return CalcResult(tool=tool, jurisdiction=c.jurisdiction, status=status, summary=summary, **kw)  # type: ignore[arg-type]


def deferred(tool: str, c: CityRules, key: str, what: str, **kw: object) -> CalcResult:
    """The city defers `what` to a state rule part whose figure is not in this corpus."""
    d = c.deferrals.get(key)
    if d is None:
        return not_in_corpus(tool, c, what, **kw)
    summary = (
        f"Not in this corpus: {c.name}'s text does not state {what}; "
        f"the city defers to {d.rule_part}, adopted by reference and not in this corpus."
    )
    first = c.cite(d).model_copy(update={"note": f"defers to {d.rule_part}; not in this corpus"})
    more = kw.pop("citations", [])
    cites: list[Provenance] = [first, *(more if isinstance(more, list) else [])]
    return result(tool, c, "deferred", summary, citations=cites, **kw)


def not_in_corpus(tool: str, c: CityRules, what: str, **kw: object) -> CalcResult:
    summary = (
        f"Not in this corpus: {c.name}'s ordinance does not state {what} "
        "and adopts no state rule that this project holds for it."
    )
    return result(tool, c, "not_in_corpus", summary, **kw)


def confidence_status(item: Cited) -> tuple[str, float | None, list[str]]:
    """Policy for OCR-uncertain values: high -> ok; medium -> flagged, used, warned;
    low -> flagged and refused (value None)."""
    note = f" {item.note}" if item.note else ""
    if item.confidence == "high" and item.value is not None:
        return "ok", item.value, []
    if item.confidence == "medium" and item.value is not None:
        return (
            "flagged",
            item.value,
            [f"OCR-uncertain value ({where(item)}, medium confidence): check the original.{note}"],
        )
    return (
        "flagged",
        None,
        [
            f"Not determinable from the transcription ({where(item)}, low confidence): no number "
            f"is given; see the original ordinance.{note}"
        ],
    )
