"""Pure rendering of calculator results, site checks and comparisons (no gradio).

Every value shows the provision it rests on: a link that opens the section in the Browse tab and
the verbatim quote. Values the transcription leaves uncertain are marked, never shown as plain.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any

from app.ui_logic import deep_link, esc
from tools.records import CalcResult, Comparison, Provenance, SiteCheck

_UNITS = {
    "gal": "gallons",
    "gpd": "gallons per day",
    "sqft": "square feet",
    "ft": "feet",
    "in": "inches",
}


_STATUS_TEXT = {
    "ok": "from the ordinance",
    "unsuitable": "site unsuitable",
    "deferred": "set by a state rule not in this corpus",
    "not_in_corpus": "not regulated in this ordinance",
    "flagged": "uncertain transcription: check the original",
}


def provenance_label(p: Provenance, names: Mapping[str, str] | None = None) -> str:
    """``Hugo §404.04`` / ``East Bethel "Permits"`` / ``Minn. R. 7080.1860 (state)``."""
    city = (names or {}).get(p.jurisdiction, p.jurisdiction)
    if p.source == "state" and p.rule_part:
        return f"{p.rule_part} (state rule adopted by {city})"
    if p.section:
        return f"{city} §{p.section}" + (f" {p.title}" if p.title else "")
    return f'{city} "{p.title or "untitled section"}"'


def value_text(result: CalcResult) -> str:
    """``1,200 gallons``, or the status in words when there is no number."""
    if result.value is None and result.outcome is not None:
        return "Yes" if result.outcome else "No"
    if result.value is None:
        return _STATUS_TEXT.get(result.status, result.status)
    number = f"{result.value:,.0f}" if float(result.value).is_integer() else f"{result.value:,.2f}"
    return f"{number} {_UNITS.get(result.unit or '', result.unit or '')}".strip()


def _provenance_html(p: Provenance, names: Mapping[str, str] | None) -> str:
    ref = p.section if p.section is not None else p.title
    link = (
        f' <a href="{esc(deep_link(p.jurisdiction, ref))}" target="_blank">open</a>' if ref else ""
    )
    conf = "" if p.confidence == "high" else f" <em>(confidence: {esc(p.confidence)})</em>"
    note = f"<br><small>{esc(p.note)}</small>" if p.note else ""
    return (
        f"<li><strong>{esc(provenance_label(p, names))}</strong>{conf}{link}"
        f"<blockquote>{esc(p.quote)}</blockquote>{note}</li>"
    )


def _items(title: str, items: Sequence[str], css: str = "") -> str:
    if not items:
        return ""
    lis = "".join(f"<li>{esc(i)}</li>" for i in items)
    return f'<h4>{esc(title)}</h4><ul class="{css}">{lis}</ul>'


def calc_result_html(result: CalcResult, names: Mapping[str, str] | None = None) -> str:
    """A calculator result: value, summary, steps, citations with quotes, assumptions, warnings."""
    comps = [
        f"{c.name}: {'' if c.value is None else f'{c.value:,.0f} '}{c.unit or ''}"
        + (f" ({c.note})" if c.note else "")
        for c in result.components
    ]
    cites = "".join(_provenance_html(p, names) for p in result.citations)
    return (
        f'<div class="oa-result" data-status="{esc(result.status)}">'
        f'<p class="oa-value"><strong>{esc(value_text(result))}</strong>'
        f" <small>({esc(_STATUS_TEXT.get(result.status, result.status))})</small></p>"
        f"<p>{esc(result.summary)}</p>"
        + _items("Also", comps)
        + _items("Warnings", result.warnings, "oa-warnings")
        + _items("Steps", result.steps)
        + (f"<h4>Cited provisions</h4><ul>{cites}</ul>" if cites else "")
        + _items("Assumptions", result.assumptions)
        + "</div>"
    )


def site_check_html(check: SiteCheck, names: Mapping[str, str] | None = None) -> str:
    """The site check's pass/fail table with the provision behind each required distance."""
    rows = []
    for r in check.rows:
        verdict = {True: "passes", False: "FAILS", None: "undetermined"}[r.passes]
        req = "not stated" if r.required_ft is None else f"{r.required_ft:g} ft"
        cite = provenance_label(r.citation, names) if r.citation else ""
        rows.append(
            f'<tr class="oa-{verdict.lower()}"><td>{esc(r.feature.replace("_", " "))}</td>'
            f"<td>{esc(r.component.replace('_', ' '))}</td><td>{esc(req)}</td>"
            f"<td>{r.actual_ft:g} ft</td><td><strong>{esc(verdict)}</strong></td>"
            f"<td>{esc(cite)}{'<br><small>' + esc(r.note) + '</small>' if r.note else ''}</td></tr>"
        )
    cites = "".join(_provenance_html(r.citation, names) for r in check.rows if r.citation)
    return (
        f'<div class="oa-result"><p><strong>{esc(check.summary)}</strong></p>'
        + _items("Warnings", check.warnings, "oa-warnings")
        + "<table><thead><tr><th>Feature</th><th>From</th><th>Required</th><th>Actual</th>"
        + f"<th>Result</th><th>Provision</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
        + (f"<h4>Cited provisions</h4><ul>{cites}</ul>" if cites else "")
        + "</div>"
    )


def _columns(comparison: Comparison) -> list[str]:
    """Column titles, by cell position (a setback comparison has a tank and an area column)."""
    width = max((len(r.cells) for r in comparison.rows), default=0)
    if comparison.topic == "setback":
        comp = comparison.parameters.get("component")
        names = [str(comp)] if comp else ["tank", "soil_treatment_area"]
        return [f"setback from {n.replace('_', ' ')}" for n in names][:width] + [""] * (
            width - len(names)
        )
    first = next((r.cells for r in comparison.rows if len(r.cells) == width), [])
    return [c.tool.replace("_", " ") for c in first]


def comparison_table(
    comparison: Comparison, names: Mapping[str, str] | None = None
) -> tuple[list[str], list[list[str]]]:
    """Headers and rows: one row per jurisdiction, each cell "value [provisions]"."""
    headers = ["Jurisdiction", *_columns(comparison)]
    out = []
    for row in comparison.rows:
        line = [(names or {}).get(row.jurisdiction, row.jurisdiction)]
        for cell in row.cells:
            cites = "; ".join(provenance_label(p, names) for p in cell.citations)
            flag = " (uncertain)" if cell.status == "flagged" else ""
            line.append(f"{value_text(cell)}{flag}" + (f" [{cites}]" if cites else ""))
        out.append(line)
    return headers, out


def comparison_csv(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(headers)
    writer.writerows(rows)
    return buf.getvalue()


def _cell_html(cell: CalcResult, names: Mapping[str, str] | None) -> str:
    flag = ' <em class="oa-flag">(uncertain)</em>' if cell.status == "flagged" else ""
    cites = "".join(
        f"<li>{esc(provenance_label(p, names))}"
        + (
            f' <a href="{esc(deep_link(p.jurisdiction, ref))}" target="_blank">open</a>'
            if (ref := p.section if p.section is not None else p.title)
            else ""
        )
        + f"<br><q>{esc(p.quote)}</q></li>"
        for p in cell.citations
    )
    return (
        f"<strong>{esc(value_text(cell))}</strong>{flag}"
        f"<br><small>{esc(cell.summary)}</small>"
        + (f'<ul class="oa-cites">{cites}</ul>' if cites else "")
    )


def comparison_html(comparison: Comparison, names: Mapping[str, str] | None = None) -> str:
    """The comparison as an HTML table: a row per city, every cell with its provisions."""
    head = "".join(f"<th>{esc(h)}</th>" for h in ["Jurisdiction", *_columns(comparison)])
    rows = []
    for row in comparison.rows:
        cells = "".join(f"<td>{_cell_html(c, names)}</td>" for c in row.cells)
        city = (names or {}).get(row.jurisdiction, row.jurisdiction)
        rows.append(f"<tr><th>{esc(city)}</th>{cells}</tr>")
    params = ", ".join(f"{k}={v}" for k, v in comparison.parameters.items())
    return (
        f'<div class="oa-compare"><p>Topic: <strong>{esc(comparison.topic)}</strong>'
        f"{' (' + esc(params) + ')' if params else ''}</p>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


# --- Form adapters: the values a form sends -> a calculator call ----------------------------
# Blank number fields arrive from the browser as 0 or None; both mean "not given" here.

SITE_FIELDS: list[tuple[str, str]] = [
    (component, feature)
    for component in ("tank", "sta")
    for feature in ("well", "building", "property_line", "water")
]
"""The site-check form's distance fields, in order: (component, feature)."""


def _given(x: float | None) -> float | None:
    return x if x else None


def run_tank(
    jurisdiction: str,
    bedrooms: float | None,
    daily_flow_gpd: float | None,
    pressurized: bool,
    unfinished_basement: bool,
    garbage_disposal: bool,
) -> CalcResult:
    from tools.calculators import septic_tank_capacity

    beds = _given(bedrooms)
    return septic_tank_capacity(
        jurisdiction,
        bedrooms=None if beds is None else int(beds),
        daily_flow_gpd=_given(daily_flow_gpd),
        pressurized=pressurized,
        unfinished_basement=unfinished_basement,
        garbage_disposal=garbage_disposal,
    )


def run_flow(
    jurisdiction: str,
    bedrooms: float,
    garbage_disposal: bool,
    unfinished_basement: bool,
    dwelling_class: str,
) -> CalcResult:
    from tools.calculators import design_flow

    cls = None if dwelling_class in ("", "default", None) else dwelling_class
    return design_flow(jurisdiction, int(bedrooms or 0), garbage_disposal, unfinished_basement, cls)  # type: ignore[arg-type]


def run_area(
    jurisdiction: str,
    perc_rate_min_per_inch: float,
    bedrooms: float | None,
    daily_flow_gpd: float | None,
    system_type: str,
    rock_depth_in: float,
    garbage_disposal: bool,
) -> CalcResult:
    from tools.calculators import soil_treatment_area

    beds = _given(bedrooms)
    return soil_treatment_area(
        jurisdiction,
        perc_rate_min_per_inch,
        bedrooms=None if beds is None else int(beds),
        daily_flow_gpd=_given(daily_flow_gpd),
        system_type=system_type,  # type: ignore[arg-type]
        rock_depth_in=int(rock_depth_in),
        garbage_disposal=garbage_disposal,
    )


def run_pumping(jurisdiction: str, sludge_in: float, scum_in: float) -> CalcResult:
    from tools.calculators import pumping_due

    return pumping_due(jurisdiction, sludge_in, scum_in)


def run_site_check(
    jurisdiction: str, distances_ft: Sequence[float | None], well_type: str, water_type: str
) -> SiteCheck:
    """``distances_ft`` in the order of :data:`SITE_FIELDS`; blanks are skipped."""
    from tools.calculators import site_check

    kwargs = {
        f"{comp}_to_{feat}_ft": _given(d)
        for (comp, feat), d in zip(SITE_FIELDS, distances_ft, strict=True)
    }
    return site_check(jurisdiction, well_type=well_type, water_type=water_type, **kwargs)  # type: ignore[arg-type]


def run_compare(topic: str, values: Mapping[str, object]) -> Comparison:
    """Compare ``topic``, passing each form value the topic's calculator accepts."""
    import inspect

    from tools.compare import CALCULATORS, compare

    params: dict[str, object] = {}
    if topic in CALCULATORS:
        accepted = inspect.signature(CALCULATORS[topic]).parameters
        params = {k: v for k, v in values.items() if k in accepted and v not in (None, "")}
        if isinstance(params.get("bedrooms"), float):
            params["bedrooms"] = int(params["bedrooms"])  # type: ignore[call-overload]
    elif topic == "setback":
        params = {"feature": values.get("feature")}
    return compare(topic, **params)


def write_csv(headers: Sequence[str], rows: Sequence[Sequence[str]], topic: str) -> str:
    """Write the table to a temporary CSV file for download; returns its path."""
    import tempfile

    with tempfile.NamedTemporaryFile(
        "w", suffix=".csv", prefix=f"compare-{topic}-", delete=False, newline="", encoding="utf-8"
    ) as fh:
        fh.write(comparison_csv(headers, rows))
    return fh.name


# --- Cities without curated rules: their own text, quoted ------------------------------------


def run_no_rules(
    topic: str, jurisdiction: str | None = None, curated: Sequence[str] = ()
) -> list[Any]:
    """`NoRulesAnswer`s for `jurisdiction` (or every ingested city not in `curated`)."""
    from app.settings import get_settings
    from app.uncurated import no_rules_answer
    from ingest.store import Corpus

    corpus = Corpus.load(get_settings().home)
    if jurisdiction is not None:
        entry = corpus.require_jurisdiction(jurisdiction)
        keys = [entry.jurisdiction]
    else:
        keys = [k for k in sorted(corpus.jurisdictions()) if k not in curated]
    entries = corpus.jurisdictions()
    return [no_rules_answer(corpus.sections(k), k, entries[k].name, topic) for k in keys]


def no_rules_html(answers: Sequence[Any], names: Mapping[str, str] | None = None) -> str:
    """Each city without curated rules: the caveat and its quoted provisions with links."""
    parts = []
    for a in answers:
        quotes = "".join(
            f"<li>{esc(q.label)}"
            + (
                f' <a href="{esc(deep_link(a.jurisdiction, ref))}" target="_blank">open</a>'
                if (ref := q.section if q.section is not None else q.title)
                else ""
            )
            + f"<br><q>{esc(q.quote)}</q></li>"
            for q in a.quotes
        )
        parts.append(
            f'<div class="oa-no-rules"><strong>{esc((names or {}).get(a.jurisdiction, a.name))}'
            f"</strong>: <small>{esc(a.summary)}</small>"
            + (f'<ul class="oa-cites">{quotes}</ul>' if quotes else "")
            + "</div>"
        )
    return "".join(parts)
