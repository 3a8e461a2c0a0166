"""Pure rendering of calculator results, site checks and comparisons (no gradio).

Every value shows the provision it rests on: a link that opens the section in the Browse tab and
the verbatim quote. Values the transcription leaves uncertain are marked, never shown as plain.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping, Sequence
from typing import Any

from app.input_names import in_user_words, label, value_words
from app.ui_logic import deep_link, esc
from core.errors import ToolInputError
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
    """``1,200 gallons``; Yes/No; a rule's words where it has no number; else the status."""
    if result.rule is not None and result.status in ("ok", "flagged"):
        return result.shown()
    if result.value is None and result.outcome is not None:
        return "Yes" if result.outcome else "No"
    if result.value is None and result.status == "ok" and result.steps:
        return result.steps[0].split(": ", 1)[-1]  # '§108: set by resolution ...' -> the rule
    if result.value is None:
        return _STATUS_TEXT.get(result.status, result.status)
    number = f"{result.value:,.0f}" if float(result.value).is_integer() else f"{result.value:,.2f}"
    return f"{number} {_UNITS.get(result.unit or '', result.unit or '')}".strip()


def _words(text: str) -> str:
    """A calculator's text for the web form: its input names as labelled, and quoted keys such as
    'well_shallow' as words."""
    text = in_user_words(text, "web")
    return re.sub(r"'([a-z]+(?:_[a-z0-9]+)+)'", lambda m: f"“{_place(m.group(1))}”", text)


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
    lis = "".join(f"<li>{esc(_words(i))}</li>" for i in items)
    return f'<h4>{esc(title)}</h4><ul class="{css}">{lis}</ul>'


def _cited(
    provenances: Sequence[Provenance], names: Mapping[str, str] | None, *, fold: bool = False
) -> str:
    """The provisions, each once, under a heading; a long list (or ``fold``) starts folded."""
    unique = list({(p.jurisdiction, p.section, p.title, p.quote): p for p in provenances}.values())
    if not unique:
        return ""
    items = "".join(_provenance_html(p, names) for p in unique)
    shown = " open" if len(unique) <= 3 and not fold else ""
    return (
        f'<details class="oa-cited"{shown}>'
        f"<summary>Cited provisions ({len(unique)})</summary><ul>{items}</ul></details>"
    )


def calc_result_html(result: CalcResult, names: Mapping[str, str] | None = None) -> str:
    """A calculator result: value, summary, warnings, steps, the cited provisions, assumptions."""
    comps = [
        f"{c.name}: {'' if c.value is None else f'{c.value:,.0f} '}{c.unit or ''}"
        + (f" ({c.note})" if c.note else "")
        for c in result.components
    ]
    value, status = value_text(result), _STATUS_TEXT.get(result.status, result.status)
    said = "" if status in (value, _STATUS_TEXT["ok"]) else f" <small>({esc(status)})</small>"
    return (
        f'<div class="oa-result" data-status="{esc(result.status)}">'
        f'<p class="oa-value"><strong>{esc(value)}</strong>{said}</p>'
        f"<p>{esc(_words(result.summary))}</p>"
        + _items("Also", comps)
        + _items("Approval needed", result.approvals, "oa-approvals")
        + _items("Not covered by the rule", result.not_covered, "oa-not-covered")
        + _items("Warnings", result.warnings, "oa-warnings")
        + _items("Steps", result.steps)
        + _cited(result.citations, names)
        + _items("Assumptions", result.assumptions)
        + "</div>"
    )


def _place(key: str) -> str:
    """A site row's component or feature key in words."""
    return _FEATURE_WORDS.get(key, value_words(key))


_FEATURE_WORDS = {
    "tank": "septic tank",
    "sta": "soil treatment area",
    "well_shallow": "shallow well",
    "well_other": "well",
    "water_pipe_pressure": "pressure water pipe",
    "soil_treatment_area": "soil treatment area",
}


def site_summary(check: SiteCheck) -> str:
    """The site check in words: how many distances pass, and each failing one with its figures."""
    decided = [r for r in check.rows if r.passes is not None]
    fails = [r for r in check.rows if r.passes is False]
    head = f"{sum(1 for r in decided if r.passes)} of {len(check.rows)} distances pass"
    if not fails:
        undecided = len(check.rows) - len(decided)
        return head + (f"; {undecided} could not be decided." if undecided else ".")
    detail = "; ".join(
        f"{_place(r.component)} to {_place(r.feature)} is {r.actual_ft:g} ft, "
        f"{r.required_ft:g} ft required"
        for r in fails
        if r.required_ft is not None
    )
    return f"{head}. Fails: {detail}."


def site_check_html(check: SiteCheck, names: Mapping[str, str] | None = None) -> str:
    """The site check's pass/fail table with the provision behind each required distance."""
    rows = []
    for r in check.rows:
        verdict = {True: "passes", False: "FAILS", None: "undetermined"}[r.passes]
        req = "not stated" if r.required_ft is None else f"{r.required_ft:g} ft"
        cite = provenance_label(r.citation, names) if r.citation else ""
        rows.append(
            f'<tr class="oa-{verdict.lower()}"><td>{esc(_place(r.component))}</td>'
            f"<td>{esc(_place(r.feature))}</td><td>{esc(req)}</td>"
            f"<td>{r.actual_ft:g} ft</td><td><strong>{esc(verdict)}</strong></td>"
            f"<td>{esc(cite)}{'<br><small>' + esc(_words(r.note)) + '</small>' if r.note else ''}</td></tr>"
        )
    return (
        f'<div class="oa-result"><p><strong>{esc(site_summary(check))}</strong></p>'
        + _items("Warnings", check.warnings, "oa-warnings")
        + '<div class="oa-scroll"><table><thead><tr><th>From</th><th>To</th><th>Required</th>'
        + "<th>Measured</th><th>Result</th><th>Provision</th></tr></thead>"
        + f"<tbody>{''.join(rows)}</tbody></table></div>"
        + _cited([r.citation for r in check.rows if r.citation], names, fold=True)
        + "</div>"
    )


TOPIC_NAMES: dict[str, str] = {
    "tank": "Septic tank capacity",
    "flow": "Design flow",
    "area": "Soil treatment area",
    "separation": "Vertical separation",
    "pumping": "When the tank must be pumped",
    "holding_tank": "Holding tank capacity",
    "setback": "Setback distances",
}


def topic_name(topic: str) -> str:
    """'holding_tank' -> 'Holding tank capacity'; a rule fact -> its description."""
    from tools.upkeep import FACTS

    if topic in FACTS:
        what = FACTS[topic][1]
        return what[:1].upper() + what[1:]
    return TOPIC_NAMES.get(topic, value_words(topic).capitalize())


def topic_choices() -> list[tuple[str, str]]:
    from tools.compare import TOPICS

    return [(topic_name(t), t) for t in TOPICS]


COMPARE_INPUTS = (
    "bedrooms",
    "daily_flow_gpd",
    "perc_rate_min_per_inch",
    "system_type",
    "rock_depth_in",
    "base_area_sqft",
    "existing_system",
    "sludge_to_outlet_baffle_in",
    "scum_to_outlet_baffle_in",
    "feature",
    "component",
)
"""The Compare form's inputs, in order; each topic shows only those it takes."""


def compare_inputs(topic: str) -> list[str]:
    """The inputs comparing ``topic`` takes (none for a rule fact)."""
    import inspect

    from tools.compare import CALCULATORS

    if topic == "setback":
        return ["feature", "component"]
    if topic not in CALCULATORS:
        return []
    accepted = inspect.signature(CALCULATORS[topic]).parameters
    return [name for name in COMPARE_INPUTS if name in accepted]


def _columns(comparison: Comparison) -> list[str]:
    """Column titles, by cell position (a setback comparison has a tank and an area column)."""
    width = max((len(r.cells) for r in comparison.rows), default=0)
    if comparison.topic == "setback":
        comp = comparison.parameters.get("component")
        names = [str(comp)] if comp else ["tank", "soil_treatment_area"]
        return [f"setback from the {value_words(n)}" for n in names][:width] + [""] * (
            width - len(names)
        )
    return [topic_name(comparison.topic)] * width


def comparison_table(
    comparison: Comparison, names: Mapping[str, str] | None = None
) -> tuple[list[str], list[list[str]]]:
    """Headers and rows: one row per jurisdiction, each cell "value [provisions]"."""
    headers = ["City", *_columns(comparison)]
    out = []
    for row in comparison.rows:
        line = [(names or {}).get(row.jurisdiction, row.jurisdiction)]
        for cell in row.cells:
            cites = "; ".join(dict.fromkeys(provenance_label(p, names) for p in cell.citations))
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
    unique = list({(p.section, p.title, p.quote): p for p in cell.citations}.values())
    cites = "".join(
        f"<li>{esc(provenance_label(p, names))}"
        + (
            f' <a href="{esc(deep_link(p.jurisdiction, ref))}" target="_blank">open</a>'
            if (ref := p.section if p.section is not None else p.title)
            else ""
        )
        + f"<br><q>{esc(p.quote)}</q></li>"
        for p in unique
    )
    return (
        f"<strong>{esc(value_text(cell))}</strong>{flag}"
        f"<br><small>{esc(_words(cell.summary))}</small>"
        + (f'<ul class="oa-cites">{cites}</ul>' if cites else "")
    )


def comparison_html(comparison: Comparison, names: Mapping[str, str] | None = None) -> str:
    """The comparison as an HTML table: a row per city, every cell with its provisions."""
    head = "".join(f"<th>{esc(h)}</th>" for h in ["City", *_columns(comparison)])
    rows = []
    for row in comparison.rows:
        cells = "".join(f"<td>{_cell_html(c, names)}</td>" for c in row.cells)
        city = (names or {}).get(row.jurisdiction, row.jurisdiction)
        rows.append(f"<tr><th>{esc(city)}</th>{cells}</tr>")
    params = ", ".join(
        f"{label(k)}: {value_words(v)}" for k, v in comparison.parameters.items() if v is not None
    )
    return (
        f'<div class="oa-compare"><p><strong>{esc(topic_name(comparison.topic))}</strong>'
        f"{' (' + esc(params) + ')' if params else ''}</p>"
        f'<div class="oa-scroll"><table><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div></div>"
    )


# --- Form adapters: the values a form sends -> a calculator call ----------------------------
# Number fields are text boxes: blank means "not given", never 0.

SITE_FIELDS: list[tuple[str, str]] = [
    (component, feature)
    for component in ("tank", "sta")
    for feature in ("well", "building", "property_line", "water")
]
"""The site-check form's distance fields, in order: (component, feature)."""


def number(value: object, name: str, *, whole: bool = False) -> float | None:
    """A form value as a number: blank -> None; '1,200' -> 1200.0; words -> an error naming the
    field as the form labels it."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    text = str(value).strip().replace(",", "")
    if not text:
        return None
    try:
        parsed = float(text)
    except ValueError:
        raise ToolInputError(f'"{label(name)}" must be a number, got {str(value)!r}.') from None
    if whole and not parsed.is_integer():
        raise ToolInputError(f'"{label(name)}" must be a whole number, got {str(value)!r}.')
    return parsed


def _whole(value: object, name: str) -> int | None:
    n = number(value, name, whole=True)
    return None if n is None else int(n)


def _needed(value: object, name: str) -> float:
    n = number(value, name)
    if n is None:
        raise ToolInputError(f'"{label(name)}" is blank: type a number.')
    return n


def run_tank(
    jurisdiction: str,
    bedrooms: object,
    daily_flow_gpd: object,
    pressurized: bool,
    unfinished_basement: bool,
    garbage_disposal: bool,
) -> CalcResult:
    from tools.calculators import septic_tank_capacity

    return septic_tank_capacity(
        jurisdiction,
        bedrooms=_whole(bedrooms, "bedrooms"),
        daily_flow_gpd=number(daily_flow_gpd, "daily_flow_gpd"),
        pressurized=pressurized,
        unfinished_basement=unfinished_basement,
        garbage_disposal=garbage_disposal,
    )


def run_flow(
    jurisdiction: str,
    bedrooms: object,
    garbage_disposal: bool,
    unfinished_basement: bool,
    dwelling_class: str | None,
) -> CalcResult:
    from tools.calculators import design_flow

    beds = _whole(bedrooms, "bedrooms")
    if beds is None:
        raise ToolInputError('"Bedrooms" is blank: type the number of bedrooms.')
    cls = None if dwelling_class in ("", "default", None) else dwelling_class
    return design_flow(jurisdiction, beds, garbage_disposal, unfinished_basement, cls)  # type: ignore[arg-type]


def run_area(
    jurisdiction: str,
    perc_rate_min_per_inch: object,
    bedrooms: object,
    daily_flow_gpd: object,
    system_type: str,
    rock_depth_in: object,
    base_area_sqft: object,
    garbage_disposal: bool,
    unfinished_basement: bool,
) -> CalcResult:
    from tools.calculators import soil_treatment_area

    rock = _whole(rock_depth_in, "rock_depth_in")
    return soil_treatment_area(
        jurisdiction,
        _needed(perc_rate_min_per_inch, "perc_rate_min_per_inch"),
        bedrooms=_whole(bedrooms, "bedrooms"),
        daily_flow_gpd=number(daily_flow_gpd, "daily_flow_gpd"),
        system_type=system_type,  # type: ignore[arg-type]
        rock_depth_in=12 if rock is None else rock,
        base_area_sqft=number(base_area_sqft, "base_area_sqft"),
        garbage_disposal=garbage_disposal,
        unfinished_basement=unfinished_basement,
    )


def run_separation(jurisdiction: str, perc_rate_min_per_inch: object, existing: bool) -> CalcResult:
    from tools.calculators import vertical_separation

    perc = _needed(perc_rate_min_per_inch, "perc_rate_min_per_inch")
    return vertical_separation(jurisdiction, perc, existing)


def run_holding(jurisdiction: str, bedrooms: object, daily_flow_gpd: object) -> CalcResult:
    from tools.calculators import holding_tank_capacity

    beds, flow = _whole(bedrooms, "bedrooms"), number(daily_flow_gpd, "daily_flow_gpd")
    return holding_tank_capacity(jurisdiction, beds, flow)


def run_pumping(jurisdiction: str, sludge_in: object, scum_in: object) -> CalcResult:
    from tools.calculators import pumping_due

    return pumping_due(
        jurisdiction,
        _needed(sludge_in, "sludge_to_outlet_baffle_in"),
        _needed(scum_in, "scum_to_outlet_baffle_in"),
    )


def run_site_check(
    jurisdiction: str, distances_ft: Sequence[object], well_type: str, water_type: str
) -> SiteCheck:
    """``distances_ft`` in the order of :data:`SITE_FIELDS`; blanks are skipped."""
    from tools.calculators import site_check

    kwargs = {
        f"{comp}_to_{feat}_ft": number(d, f"{comp}_to_{feat}_ft")
        for (comp, feat), d in zip(SITE_FIELDS, distances_ft, strict=True)
    }
    if all(v is None for v in kwargs.values()):
        raise ToolInputError("Type at least one measured distance, e.g. tank to well: 60.")
    return site_check(jurisdiction, well_type=well_type, water_type=water_type, **kwargs)  # type: ignore[arg-type]


def run_compare(topic: str, values: Mapping[str, object]) -> Comparison:
    """Compare ``topic``, passing the form values the topic takes (blanks left out)."""
    from tools.compare import compare

    params: dict[str, object] = {}
    for name in compare_inputs(topic):
        value = values.get(name)
        if name in ("bedrooms", "rock_depth_in"):
            value = _whole(value, name)
        elif name in ("system_type", "feature", "component"):
            value = value or None
        elif name == "existing_system":
            value = bool(value) or None
        else:
            value = number(value, name)
        if value is not None:
            params[name] = value
    if topic == "setback" and "feature" not in params:
        raise ToolInputError('Choose what the setback is from ("Setback from").')
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


# -- forms fed by the data rules (tools.applied): every input a rule needs, nothing hard-coded --


def rule_choices(jurisdiction: str) -> list[tuple[str, str]]:
    """(label, rule id) for each data rule of a city: its curated rules, else the rules read from
    its text at ingest (labelled 'extracted, not reviewed'); [] for a city with neither."""
    from tools.applied import rules_for

    def label(r: Any) -> str:
        said = " (extracted from the text, not reviewed)" if r.origin == "extracted" else ""
        return f"{r.topic}: {r.asks}{said}"

    return [(label(r), r.id) for r in rules_for(jurisdiction) if r.terms or r.origin == "curated"]


def rule_fields(jurisdiction: str, rule_id: str) -> list[dict[str, object]]:
    """The inputs a rule needs, for a form: name, label, unit, kind, choices, default."""
    from tools.applied import needed_inputs

    return [
        {"name": s.name, "label": s.label, "unit": s.unit, "kind": s.kind,
         "choices": s.choices, "default": s.default}
        for s in needed_inputs(jurisdiction, rule_id)
    ]  # fmt: skip


def rule_template(jurisdiction: str, rule_id: str) -> str:
    """A fill-in form: one 'name = default' line per input, with its label as a comment."""
    lines = []
    for f in rule_fields(jurisdiction, rule_id):
        options = f["choices"] if isinstance(f["choices"], list) else []
        choices = f" (one of: {', '.join(str(c) for c in options)})" if options else ""
        default = "" if f["default"] is None else f["default"]
        lines.append(f"# {f['label']}{choices}\n{f['name']} = {default}")
    return "\n".join(lines)


def run_rule(jurisdiction: str, rule_id: str, filled: str | Mapping[str, object]) -> CalcResult:
    """Apply a rule to a filled form (the template's 'name = value' lines, or a mapping)."""
    from tools.applied import apply_rule

    values: dict[str, object] = {}
    if isinstance(filled, str):
        for line in filled.splitlines():
            name, sep, value = line.partition("=")
            if sep and not line.lstrip().startswith("#") and value.strip():
                values[name.strip()] = value.strip()
    else:
        values = {k: v for k, v in filled.items() if v not in (None, "")}
    return apply_rule(jurisdiction, rule_id, **values)
