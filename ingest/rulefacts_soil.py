"""A soil treatment area sized from a table by soil texture, read from the text as loaded.

Ordinances print the state rule's sizing table in their own words: a row per soil texture (or
soil group naming its textures), a column per kind of system, and a caption or header that says
what the figures are:

    TABLE 2  MINIMUM SOIL TREATMENT AREA PER BEDROOM (SQUARE FEET)
    Soil group  Soil texture                 Trench   Bed   Mound
    II          Sandy loam                    205     255    250
        -> bottom area = the row's figure x bedrooms (never fewer than the text's least count)

    Table 8.24.110. Soil loading rates for trenches and beds.
    Soil texture group   Trench loading rate (gal/day/sq ft)   Bed loading rate (gal/day/sq ft)
    Loam                 0.50                                  0.40
        -> bottom area = the city's design flow / the row's loading rate (the text must say
           "divided by" the loading rate)

A cell printed "N/P" or "Not permitted" marks the texture unsuitable for that system. A table
whose rows do not all have the same number of figures, or whose columns do not each name one
kind of system, gives no rule. Nothing here knows a city: the shapes are the state rule's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ingest.gutter import source_lines
from ingest.numbers import read_numbers
from ingest.records import Section
from ingest.rulefacts_area import area_rule
from ingest.rulefacts_perc import PERC
from ingest.rulefacts_shapes import BEDROOMS, const, fold, table_heading, verbatim
from tools.formulas import (
    Apply,
    Case,
    Cases,
    Condition,
    ConditionalMultiplier,
    Extreme,
    Input,
    InputSpec,
    Linear,
    Row,
    Rule,
    Table,
)

_NOT_PERMITTED = r"N/?P|Not permitted|Not allowed|Not suitable|Unsuitable"
_CELL = rf"(?:\d+(?:\.\d+)?|{_NOT_PERMITTED})"
_ROW = re.compile(rf"^(?P<label>\s*\S.*?)(?P<cells>(?:\s{{2,}}{_CELL})+)\s*$", re.I)
_GROUP = re.compile(
    r"^\s*(?:group\s+)?(?:[IVX]{1,4}|\d{1,2}[A-Z]?|[A-H](?=\s{2,}))\b[.:]?\s+", re.I
)
_SYSTEMS = ("trench", "bed", "mound", "at-grade", "drip")
_RATE = re.compile(
    r"loading rate|gal(?:lons?)?\s*(?:/|per)\s*day\s*(?:/|per)\s*(?:sq|square)", re.I
)
_PER_BEDROOM = re.compile(r"\b(?:per|for each|for every) bedroom\b", re.I)
_AREA_UNIT = re.compile(r"square feet|sq\.? ?ft", re.I)
_DIVIDED = re.compile(r"[^.]*\bdivided by the (?:\w+ ){0,3}loading rate[^.]*\.", re.I)
_FACTOR = re.compile(
    r"square feet\b[^.]{0,60}?\bper gallon(?:s)? per day|sq\.? ?ft\.?\s*(?:/|per)\s*(?:gpd|gal)",
    re.I,
)
"""A column of factors in square feet per gallon per day ('SIZING FACTORS (SQUARE FEET OF TRENCH OR
BED BOTTOM PER GALLON PER DAY)'), applied to the design flow the text says it multiplies."""
_MULTIPLIED = re.compile(r"[^.]*\bmultiplied by the (?:[\w-]+ ){0,3}factors?\b[^.]*\.", re.I)
_LEAST = re.compile(
    r"\b(?:(?:smaller|less) than (?:the area required for|that (?:required )?for)|"
    r"(?:sized|designed) for (?:not (?:fewer|less) than|at least|a minimum of)) (\d+) bedrooms?",
    re.I,
)
_BED = re.compile(
    r"\bwhere a bed is used\b[^.]*\b(?:multiplied by|times) (\d+(?:\.\d+)?)\b"
    r"|\ba bed(?: system)?\b[^.]*?\barea (?:of |(?:shall|must) be )?(?:not less than|at least|no less than) "
    r"(\d+(?:\.\d+)?) times\b",
    re.I,
)
"""'Where a bed is used in place of trenches, the area ... shall be multiplied by one and
one-half (1.5).' / 'A bed ... shall have a bottom area not less than 1.5 times the area
required for trenches' / '... and its bottom area shall be at least 1.3 times the area'."""
_TEXTURE = InputSpec(name="soil_texture", kind="choice", label="soil texture (e.g. loam)")


def soil_table_rules(sections: Sequence[Section], source: str, rules: list[Rule]) -> list[Rule]:
    """The rules of every soil texture table of the sections (per bedroom, or a loading rate
    applied to the city's one design flow rule), added to `rules`."""
    flows = [r for r in rules if r.topic == "flow" and r.terms and r.unit == "gpd"]
    out = list(rules)
    for section in sections:
        if section.kind != "section" or not source:
            continue
        grid = _grid(source_lines(source, section.char_start, section.char_end))
        flow = flows[0] if len(flows) == 1 else None
        rule = _rule(section, *grid, flow) if grid is not None else _listed(section, flow)
        if rule is not None and verbatim(rule, section) and all(r.id != rule.id for r in out):
            out.append(rule)
    return out


def _grid(
    raw: list[str],
) -> tuple[list[str], list[str], list[tuple[str, str, list[str]]]] | None:
    """(caption and header lines, each column's header, rows as (label, first line, cells))."""
    rows: list[tuple[str, str, list[str]]] = []
    spans: list[tuple[int, int]] = []
    first = -1
    for i, line in enumerate(raw):
        m = _ROW.match(line)
        if m and not re.fullmatch(r"[\s\d.,]*", m.group("label")):
            cells = re.findall(_CELL, m.group("cells"), re.I)
            if rows and len(cells) != len(rows[0][2]):
                return None
            if not rows:
                first = i
                at = m.start("cells")
                spans = [
                    (at + c.start(), at + c.end())
                    for c in re.finditer(_CELL, m.group("cells"), re.I)
                ]
            rows.append((m.group("label").strip(), fold(line), cells))
        elif rows and line.strip() and not re.search(r"\s{2,}\S", line.strip()):
            label, quote, cells = rows[-1]  # the label wraps: 'Silt loam, silty clay' / 'loam'
            rows[-1] = (f"{label} {line.strip()}", quote, cells)
        elif rows:
            break
    if len(rows) < 3:
        return None
    header, above = table_heading(raw, first)
    return [fold(x) for x in [*above, *header]], _heads(header, spans), rows


def _heads(header: list[str], spans: list[tuple[int, int]]) -> list[str]:
    """The words above each figure column: each phrase of a header line (words one space
    apart) goes to the column nearest its centre; phrases left of the figures head the labels."""
    words: list[list[str]] = [[] for _ in spans]
    for line in header:
        for m in re.finditer(r"\S+(?: \S+)*", line):
            if m.end() < spans[0][0] - 2:
                continue
            centre = (m.start() + m.end()) / 2
            best = min(range(len(spans)), key=lambda j: abs(centre - sum(spans[j]) / 2))
            words[best].append(m.group(0))
    return [" ".join(w).lower() for w in words]


def _rule(
    section: Section,
    lines: list[str],
    heads: list[str],
    rows: list[tuple[str, str, list[str]]],
    flow: Rule | None,
) -> Rule | None:
    words = " ".join(lines)
    if "soil" not in words.lower():
        return None
    factor = bool(_FACTOR.search(words))
    rate = bool(_RATE.search(words)) and not factor
    per_bedroom = bool(_PER_BEDROOM.search(words) and _AREA_UNIT.search(words)) and not factor
    if rate + per_bedroom + factor != 1:
        return None
    systems = [next((s for s in _SYSTEMS if s in h), None) for h in heads]
    if len(heads) > 1 and (None in systems or len(set(systems)) != len(systems)):
        return None
    text = fold(section.text)
    # the table's caption ('TABLE 4.03 -- MINIMUM TRENCH BOTTOM AREA'), else its longest line
    caption = max(
        (c for c in lines if len(c) > 8 and c in text),
        key=lambda c: (bool(re.match(r"table\b", c, re.I)), len(c)),
        default="",
    )
    divided = _DIVIDED.search(text) if rate else _MULTIPLIED.search(text) if factor else None
    if not caption or ((rate or factor) and (divided is None or flow is None)):
        return None
    ranges = _perc_rows(words, rows)
    textures = {n: (label, quote, cells) for label, quote, cells in rows for n in _names(label)}
    if not textures and ranges is None:
        return None
    unit = "gpd per sq ft" if rate else "sq ft per gpd" if factor else "sq ft per bedroom"
    nodes = []
    for j, head in enumerate(heads):
        table = Table(
            kind="table",
            input="soil_texture" if ranges is None else PERC.name,
            unit=unit,
            label=f"Table ({head})" if head else "Table",
            rows=[
                Row(label=label, match=name, quote=quote, confidence="medium",
                    value=_value(cells[j]), unsuitable=_value(cells[j]) is None)
                for name, (label, quote, cells) in textures.items()
            ]
            if ranges is None
            else [r.model_copy(update={"value": _value(cells[j]),
                                       "unsuitable": _value(cells[j]) is None})
                  for r, (_, _, cells) in zip(ranges, rows, strict=True)],
        )  # fmt: skip
        if rate:
            assert divided is not None and flow is not None
            one = const(1, "", "design flow divided by the loading rate", fold(divided.group(0)))
            x: Any = Apply(kind="apply", rule=flow.id)
            nodes.append(Linear(kind="linear", x=x, slope=one, per=table,
                                label="Least bottom area", unit="sq ft"))  # fmt: skip
        elif factor:  # the design flow multiplied by the row's factor
            assert flow is not None
            nodes.append(Linear(kind="linear", x=Apply(kind="apply", rule=flow.id), slope=table,
                                label="Least bottom area", unit="sq ft"))  # fmt: skip
        else:
            least = _least(text)
            bedrooms: Any = Input(kind="input", name="bedrooms")
            if least is not None:
                floor = const(least[0], "bedrooms", "least count", least[1])
                bedrooms = Extreme(kind="greatest_of", terms=[bedrooms, floor], unit="bedrooms")
            nodes.append(Linear(kind="linear", x=bedrooms, slope=table,
                                label="Least bottom area", unit="sq ft"))  # fmt: skip
    inputs = [*(flow.inputs if (rate or factor) and flow else [BEDROOMS])]
    inputs.append(
        _TEXTURE.model_copy(update={"choices": list(textures)}) if ranges is None else PERC
    )
    formula: Any = nodes[0]
    bed = _bed(text) if len(nodes) == 1 and not rate and not factor else None
    if bed is not None:
        formula = _as_bed(formula, inputs, bed)
    if len(nodes) > 1:
        names = [s for s in systems if s]
        inputs.append(
            InputSpec(name="system_type", kind="choice", label=" or ".join(names), choices=names,
                      default="trench" if "trench" in names else None)
        )  # fmt: skip
        formula = Cases(
            kind="cases",
            cases=[
                Case(when=Condition(input="system_type", op="eq", value=s, text=f"A {s}"), then=n)
                for s, n in zip(names, nodes, strict=True)
            ],
        )
    by = "by soil texture" if ranges is None else "by percolation rate"
    return area_rule(section, "soil_table", by, caption, inputs, formula)


_PERC_HEAD = re.compile(r"percolation|minutes? per inch|\bmpi\b", re.I)
_NUM = r"(\d+(?:\.\d+)?)"
_SPAN = re.compile(rf"^{_NUM}\s*(?:to|-|\u2013|through)\s*{_NUM}$", re.I)
_BELOW = re.compile(
    rf"^(?:faster than|less than|under|<)\s*{_NUM}$|^{_NUM} or (faster|less)$", re.I
)
_ABOVE = re.compile(rf"^(?:slower than|more than|over|>)\s*{_NUM}$|^{_NUM} or (slower|more)$", re.I)


def _perc_rows(words: str, rows: list[tuple[str, str, list[str]]]) -> list[Row] | None:
    """A table whose rows are ranges of percolation rates ('0.1 to 5', '6 to 15', 'Slower than
    60') under a header that says so: one row per range of the input `perc_rate_mpi`, each range
    running from where the row above ends (a rate of 5.5 falls in '6 to 15'); None otherwise."""
    if not _PERC_HEAD.search(words):
        return None
    out: list[Row] = []
    for label, quote, _ in rows:
        text = " ".join(label.split())
        if m := _SPAN.match(text):
            low, high, low_in, high_in = float(m[1]), float(m[2]), True, True
        elif m := _BELOW.match(text):
            low, low_in = None, False
            high, high_in = (float(m[1]), False) if m[1] else (float(m[2]), True)
        elif m := _ABOVE.match(text):
            high, high_in = None, True
            low, low_in = (float(m[1]), False) if m[1] else (float(m[2]), True)
        else:
            return None
        if out and out[-1].high is not None and low is not None and low > out[-1].high:
            low, low_in = out[-1].high, False  # '0.1 to 5' then '6 to 15': 5 < rate <= 15
        if out and (out[-1].high is None or low is None or low < out[-1].high):
            return None  # not ranges in order
        out.append(Row(label=label, low=low, high=high, low_inclusive=low_in,
                       high_inclusive=high_in, quote=quote, confidence="medium"))  # fmt: skip
    return out


_WORDED = re.compile(
    r"\b(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|and|one-half|half|one-quarter|"
    r"quarter|three-quarters)[ -]?)+\((\d+(?:\.\d+)?)\)",
    re.I,
)
"""A number in words with its figure in brackets: 'one and one-half (1.5)'."""


def _bed(text: str) -> tuple[float, str] | None:
    """A bed's area as a multiple of the trench area the table gives, with its sentence."""
    for sentence in re.split(r"(?<=\.)\s+", text):
        # 'one and one-half (1.5)': the figure in brackets is the number as printed
        printed = _WORDED.sub(r"\1", sentence)
        m = _BED.search(printed) or _BED.search(read_numbers(sentence) or "")
        if m:
            return float(m.group(1) or m.group(2)), sentence.strip()
    return None


def _as_bed(formula: Any, inputs: list[InputSpec], bed: tuple[float, str]) -> Any:
    """`formula` (a trench's area) multiplied for a bed; `inputs` gains the choice."""
    inputs.append(
        InputSpec(name="system_type", kind="choice", label="trench or bed",
                  choices=["trench", "bed"], default="trench")
    )  # fmt: skip
    return ConditionalMultiplier(
        kind="conditional_multiplier",
        of=formula,
        when=Condition(input="system_type", op="eq", value="bed", text="A bed"),
        label=f"A bed: multiplied by {bed[0]:g}",
        factor=const(bed[0], "", "bed", bed[1]),
    )


def bed_areas(sections: list[Section], rules: list[Rule]) -> list[Rule]:
    """A soil treatment area's rule read from a sentence ('not less than 190 square feet for
    each bedroom') that its section's bed sentence multiplies ('A bed ... shall have a bottom
    area not less than 1.5 times the area required for trenches'): the bed is a choice."""
    by_ref = {s.section: s for s in sections if s.kind == "section"}
    out = []
    for rule in rules:
        section = by_ref.get(rule.section or "")
        taken = any(i.name == "system_type" for i in rule.inputs)
        bed = _bed(fold(section.text)) if section and rule.topic == "area" and not taken else None
        if bed is not None and section is not None:
            inputs = list(rule.inputs)
            formula = _as_bed(rule.formula, inputs, bed)
            bedded = rule.model_copy(update={"formula": formula, "inputs": inputs})
            rule = bedded if verbatim(bedded, section) else rule
        out.append(rule)
    return out


def _least(text: str) -> tuple[float, str] | None:
    """The least bedroom count an area is sized for ('No soil treatment area ... shall be
    smaller than the area required for three (3) bedrooms.'), with its sentence."""
    for sentence in re.findall(r"[^.]*\.", text):
        m = _LEAST.search(read_numbers(sentence) or "")
        if m:
            return float(m.group(1)), sentence.strip()
    return None


def _names(label: str) -> list[str]:
    """The soil textures a row names: 'II Sandy loam' -> group_ii, sandy_loam; 'Fine sand, loamy
    sand' -> fine_sand, loamy_sand; a column of figures printed beside the label's ('Sandy loam
    6 to 15', its percolation rates) is no texture."""
    words = re.split(r"\s{2,}", _GROUP.sub("", label.strip()))[0].lower()
    group = _GROUP.match(label.strip())
    out = []
    if group is not None:  # 'C  Sandy loam, loam': its soil group too ('soil group C')
        out.append("group_" + re.sub(r"(?i)^group\s+", "", group.group(0).strip(" .:")).lower())
    for part in re.split(r",|\bor\b|\band\b|/|;", words):
        name = "_".join(re.findall(r"[a-z]+", part))
        if name and not re.search(r"\d", part):
            out.append(name)
    return out


def _value(cell: str) -> float | None:
    return None if re.fullmatch(_NOT_PERMITTED, cell, re.I) else float(cell)


_TIMES_LEAD = re.compile(
    r"[^.:]*\bdesign flow multiplied by the following factors?\b[^.:]*\bsquare feet per gallon"
    r"[^.:]*\bsoil texture[^.:]*:",
    re.I,
)
_FACTOR_ITEM = re.compile(
    r"(?:^|\s)\(?[a-z]\)?[.)]?\s+(?P<label>[A-Z][A-Za-z ,]+?):\s*(?P<value>\d+(?:\.\d+)?)[;.]"
)


def _listed(section: Section, flow: Rule | None) -> Rule | None:
    """Factors per gallon of design flow listed by soil texture after a lead-in ('the design flow
    multiplied by the following factor, in square feet per gallon per day, for the most
    restrictive soil texture: a. Sand and loamy sand: 0.9; b. Sandy loam and loam: 1.4; ...'):
    the least bottom area is the design flow times the asked texture's factor."""
    if flow is None:
        return None
    text = fold(section.text)
    lead = _TIMES_LEAD.search(text)
    if lead is None:
        return None
    rows: list[Row] = []
    for m in _FACTOR_ITEM.finditer(text, lead.end()):
        quote = m.group(0).strip()
        rows += [
            Row(label=m.group("label"), match=name, quote=quote, confidence="medium",
                value=float(m.group("value")))
            for name in _names(m.group("label"))
        ]  # fmt: skip
    if len({r.quote for r in rows}) < 2:
        return None
    table = Table(kind="table", input="soil_texture", unit="sq ft per gpd", label="Factor",
                  rows=rows)  # fmt: skip
    formula = Linear(kind="linear", x=Apply(kind="apply", rule=flow.id), slope=table,
                     label="Least bottom area", unit="sq ft")  # fmt: skip
    inputs = [*flow.inputs, _TEXTURE.model_copy(update={"choices": [r.match for r in rows]})]
    quote = fold(lead.group(0)).strip()
    return area_rule(section, "soil_table", "by soil texture", quote, inputs, formula)
