"""Candidate rule facts read from any city's text at ingest, in the curated rules' own schema.

A city added without `data/rules/<key>.yaml` still prints its numeric rules. This module reads
the common shapes of them from each section's text into `tools.formulas.Rule` records labelled
`origin: extracted` (confidence medium: used, flagged, never presented as curated):

    "X gallons for N or fewer bedrooms, plus Y for each bedroom over N"  -> cases + linear
    "Y gallons per bedroom, and never under X gallons"                   -> greatest_of
    "K times the design flow, and never less than X gallons"             -> greatest_of
    "where a <thing> is installed ... increased by P percent / V gallons" -> a conditional
      multiplier / addition on the rule of the same section it speaks of
    a table of bedroom counts with one figure column                      -> table
    "valid for N months", "pumped at least once every N months", "notify ... N hours before",
    "at least N feet from a property line"                                -> const

Each rule carries its section (as printed) and a verbatim quote (its sentences, checked against
the section text with whitespace folded); a sentence whose number reads two ways, a clause
whose thresholds disagree, or a modifier whose target is ambiguous is dropped, never guessed.
Nothing here knows a city: the patterns are the ordinance forms, not any city's wording.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

from ingest.numbers import read_numbers
from ingest.records import Section
from ingest.rulefacts_area import (
    area_bedrooms,
    basement_bedrooms,
    least_bedrooms,
    room_bedrooms,
    soil_area_rules,
)
from ingest.rulefacts_consts import date_rules, deferral_rules
from ingest.rulefacts_deadlines import notice_deadlines
from ingest.rulefacts_flow import FROM_FLOW, flow_multiples
from ingest.rulefacts_modifiers import modifiers, sibling_modifiers
from ingest.rulefacts_money import fee_share_rules, first_share_rules, money_rules
from ingest.rulefacts_more import counted_bedrooms, higher_count, table_rules
from ingest.rulefacts_setbacks import setback_rules
from ingest.rulefacts_shapes import (
    BEDROOMS,
    FLOW,
    RELEVANT,
    Clause,
    const,
    paragraphs,
    sentences,
    sized_rule,
    subject,
    up_to_then_per_bedroom,
    verbatim,
)
from ingest.rulefacts_shapes import (
    INC_AFTER as _INC_AFTER,
)
from ingest.rulefacts_shapes import (
    INC_BEFORE as _INC_BEFORE,
)
from ingest.rulefacts_shapes import (
    OTHER as _OTHER,
)
from ingest.rulefacts_shapes import (
    OVER as _OVER,
)
from ingest.rulefacts_soil import bed_areas, soil_table_rules
from tools.formulas import (
    Case,
    Condition,
    Const,
    Extreme,
    Input,
    Linear,
    Rule,
)

log = logging.getLogger(__name__)

_UNIT = r"(gallons? per day|gpd|gallons?)"
_AMOUNT = re.compile(rf"(\d+(?:\.\d+)?) {_UNIT}\b")
_UPTO = re.compile(
    r"\b(\d+) (?:or fewer|or less|or under) bedrooms?|\bup to (\d+) bedrooms?|"
    r"\b(?:not more than|no more than) (\d+) bedrooms?"
)
_ADD_AFTER = re.compile(
    r"(?P<step>\d+(?:\.\d+)?) (?P<unit>gallons? per day|gpd|gallons?)(?: more| additional)?"
    r" (?:for|per) (?:each|every) additional bedroom\b"
)
_ADD_BEFORE = re.compile(
    r"(?:each|every) additional bedroom\b[^.;]{0,40}?(?:an additional|additional|add|plus|"
    r"requires|increase[sd]? by) (?P<step>\d+(?:\.\d+)?) (?P<unit>gallons? per day|gpd|gallons?)"
)
_PER_BEDROOM = re.compile(
    rf"(\d+(?:\.\d+)?) {_UNIT} (?:per|for each|for every|times the number of|multiplied by the "
    rf"number of) bedrooms?\b(?! {_OVER})"
)
_TIMES_FLOW = re.compile(
    r"\b(\d+(?:\.\d+)?) times the (?:average |estimated )?(?:design|daily|sewage) (?:sewage )?flow"
)
_FLOOR = re.compile(
    rf"\b(?:not (?:be )?less than|never (?:under|less than|below)|no less than|a minimum of|at least|"
    rf"in no case (?:be )?less than|"
    rf"minimum of|but not less than) (\d+(?:\.\d+)?) {_UNIT}\b"
)
_PLUS_DWELLING = re.compile(
    rf",? plus (\d+(?:\.\d+)?) {_UNIT} (?:for|per) (?:the|each|a|every) "
    r"(?:dwelling|house|home|residence)\b"
)
"""'130 gallons per day for each bedroom, plus 100 gallons per day for the dwelling'."""
_BASE_PLUS = re.compile(
    rf"(\d+(?:\.\d+)?) {_UNIT},? plus (\d+(?:\.\d+)?) {_UNIT} (?:per|for each|for every) bedroom\b"
)
"""'not less than 1,000 gallons plus 350 gallons for each bedroom': a base and a per-bedroom
amount added to it (not a floor beside it)."""
_GREATER = re.compile(r"\bwhichever is (?:greater|larger|more)\b|\bthe (?:greater|larger) of\b")


_NUMBER = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty)\b", re.I)


def _unit(text: str) -> str:
    return "gpd" if "day" in text or text == "gpd" else "gal"


def _clauses(section: Section) -> list[list[Clause]]:
    """The section's paragraphs (its lines), each as its sentences: original and as read."""
    out: list[list[Clause]] = []
    for line in paragraphs(section.text):
        line = " ".join(line.split())
        if not RELEVANT.search(line) or not _NUMBER.search(line):
            continue
        para = [
            Clause(text=s, read=read_numbers(s) if RELEVANT.search(s) else "")
            for s in sentences(line)
        ]
        out.append(para)
    return out


def _joined(para: list[Clause], first: int, last: int) -> Clause | None:
    """Sentences first..last as one clause (None if any of them reads two ways)."""
    part = para[first : last + 1]
    if any(c.read is None for c in part):
        return None
    return Clause(text=" ".join(c.text for c in part), read=" ".join(c.read or "" for c in part))


_ABOVE_ONLY = re.compile(
    r"\bfor (?:an? |each |any )?(?:(?:dwelling|home|house|residence)s? )?(?:(?:of|with|having) )?"
    r"more than (\d+) bedrooms?"
)
"""'For a dwelling of more than four bedrooms, 1,500 gallons plus 325 for each bedroom over
four': the figure holds above the count only; the counts up to it are sized elsewhere."""
_BAND = re.compile(
    rf"^\W*(?:\w{{1,3}}\W+)?(\d+(?:\.\d+)?) {_UNIT},? for (?:an? |each )?"
    r"(?:(?:dwelling|home|house|residence)s? )?(?:(?:of|with|having) )?(\d+)( or (?:fewer|less))? "
    r"bedrooms?\b"
)
"""A list item sizing one band of bedroom counts ('(1) 1,200 gallons, for a dwelling of three or
fewer bedrooms;', '(2) 1,500 gallons, for a dwelling of four bedrooms; and')."""


def _bands(before: Sequence[list[Clause]], top: int, unit: str) -> list[Case] | None:
    """The cases for 1..`top` bedrooms the list items before a rule for more than `top` give, in
    order and without a gap (a first 'N or fewer', then one count each); None when they do
    not."""
    cases: list[Case] = []
    upto = 0
    for para in before:
        for c in para:
            m = _BAND.search(c.read or "")
            if m is None or _unit(m.group(2)) != unit:
                cases, upto = [], 0  # bands are adjacent items: start again
                continue
            n, fewer = int(m.group(3)), bool(m.group(4))
            if (fewer and cases) or (not fewer and n != upto + 1):
                cases, upto = [], 0
                continue
            when = f"{n} or fewer bedrooms" if fewer else f"{n} bedrooms"
            cases.append(
                Case(
                    when=Condition(input="bedrooms", op="le", value=n, text=when),
                    then=const(float(m.group(1)), unit, when, c.text),
                )
            )
            upto = n
    return cases if cases and upto == top else None


def _linear(
    section: Section, para: list[Clause], title: str, before: Sequence[list[Clause]] = ()
) -> list[Rule]:
    """'X for N or fewer bedrooms, plus Y for each bedroom over N' (in one or two sentences), or
    'at least X, and Y more for each bedroom beyond N' (in one); 'for more than N bedrooms, X plus
    Y for each bedroom over N' after list items sizing 1..N (`before`, the paragraphs above)."""
    out: list[Rule] = []
    for i, c in enumerate(para):
        if c.read is None:
            continue
        # 'at least X, and Y more for each bedroom beyond N': X holds up to N bedrooms
        implicit = not _UPTO.search(c.read)
        if implicit and not (_INC_AFTER.search(c.read) or _INC_BEFORE.search(c.read)):
            continue
        reach: tuple[int, ...] = (i,) if implicit else (i, i + 1)
        if not implicit and i + 2 < len(para) and _run_in_heading(para[i + 1]):
            reach = (i, i + 1, i + 2)  # '... 1,250 gallons. (B) Larger dwellings. For a ...'
        for j in reach:
            if j >= len(para):
                break
            joined = _joined(para, i, j)
            if joined is None or joined.read is None:
                break
            m = _INC_AFTER.search(joined.read)
            inc = (m.group(1), m.group(2), m.group(3)) if m else None
            if inc is None and (m2 := _INC_BEFORE.search(joined.read)) is not None:
                inc = (m2.group(2), m2.group(3), m2.group(1))
            upto_m = _UPTO.search(joined.read)
            if inc is None and upto_m is not None:
                # '1,000 gallons for up to three bedrooms, and an additional 250 gallons for each
                # additional bedroom': each bedroom over the count the base is for
                top = next(g for g in upto_m.groups() if g)
                m3 = _ADD_AFTER.search(joined.read) or _ADD_BEFORE.search(joined.read)
                if m3 is not None:
                    inc = (m3.group("step"), m3.group("unit"), top)
            if inc is None:
                continue
            step, unit_text, over = float(inc[0]), inc[1], int(inc[2])
            up = _UPTO.search(joined.read)
            upto = over if up is None else int(next(g for g in up.groups() if g))
            unit = _unit(unit_text)
            bases = {
                float(a.group(1))
                for a in _AMOUNT.finditer(joined.read)
                if _unit(a.group(2)) == unit and float(a.group(1)) != step
            }
            if upto != over or len(bases) != 1:
                log.debug("dropped an uncertain bedroom formula in %s", section.ref)
                break
            base = bases.pop()
            what = subject(unit, joined.read, title)
            if what is None or _OTHER.search(joined.read):
                break
            topic, asks, terms = what
            base_fig = const(base, unit, f"{upto} or fewer bedrooms", joined.text)
            formula = up_to_then_per_bedroom(
                upto, base_fig, base_fig,
                const(step, f"{unit} per bedroom", "each bedroom over", joined.text),
                unit, joined.text, f"{upto} or fewer bedrooms",
            )  # fmt: skip
            above = _ABOVE_ONLY.search(joined.read)
            if implicit and above is not None and int(above.group(1)) == upto:
                bands = _bands(before, upto, unit)
                if bands is None:
                    log.debug("dropped a formula for large dwellings only in %s", section.ref)
                    break
                formula = formula.model_copy(update={"cases": bands})
            out.append(
                sized_rule(section, topic, asks, terms, unit, joined.text, formula, [BEDROOMS])
            )
            break
    return out


def _run_in_heading(clause: Clause) -> bool:
    """A subsection's run-in heading between two sentences ('(B) Larger dwellings.'): a few words
    and no figure."""
    return len(clause.text.split()) <= 6 and not _NUMBER.search(clause.read or clause.text)


def _greatest(section: Section, para: list[Clause], title: str) -> list[Rule]:
    """'Y per bedroom, never under X' and 'K times the design flow, never less than X'."""
    out: list[Rule] = []
    for c in para:
        if c.read is None:
            continue
        per = _PER_BEDROOM.search(c.read)
        times = _TIMES_FLOW.search(c.read)
        if per is None and times is None:
            continue
        if per is not None and times is not None:
            continue  # two shapes in one sentence: not read
        if per is not None:
            unit, value = _unit(per.group(2)), float(per.group(1))
            term: Any = Linear(
                kind="linear",
                label="Per bedroom",
                unit=unit,
                slope=const(value, f"{unit} per bedroom", "per bedroom", c.text),
                x=Input(kind="input", name="bedrooms"),
            )
            span, inputs = per.span(1), [BEDROOMS]
        else:
            assert times is not None
            unit, value = "gal", float(times.group(1))
            term = Linear(
                kind="linear",
                label=f"{value:g} times the design flow",
                unit=unit,
                slope=const(value, "days of flow", "times the design flow", c.text),
                x=Input(kind="input", name="daily_flow_gpd"),
            )
            span, inputs = times.span(1), [FLOW]
        plus = _PLUS_DWELLING.search(c.read) if per is not None else None
        based = _BASE_PLUS.search(c.read) if per is not None else None
        if based is not None and based.span(3) == per.span(1) and _unit(based.group(2)) == unit:  # type: ignore[union-attr]
            term = Extreme(
                kind="sum_of",
                label="Base plus per bedroom",
                unit=unit,
                terms=[const(float(based.group(1)), unit, "base", c.text), term],
            )
            span = (based.start(1), span[1])
        elif plus is not None and _unit(plus.group(2)) == unit:
            term = Extreme(
                kind="sum_of",
                label="Plus for the dwelling",
                unit=unit,
                terms=[term, const(float(plus.group(1)), unit, "for the dwelling", c.text)],
            )
            span = (span[0], plus.end(1))
        floors = [
            f
            for f in _FLOOR.finditer(c.read)
            if f.span(1) != span and f.start() > 0 and not (based and f.span(1) == based.span(1))
        ]
        floor_quote = c.text
        following = para[para.index(c) + 1 : para.index(c) + 2]
        if per is not None and following and (after := following[0].read):
            # '... for the dwelling. The design flow for a dwelling shall not be less than 360
            # gallons per day.': the floor in the next sentence, on the same subject
            opening = [re.sub(r"^\(?\w{1,3}[.)]\s+", "", s).split()[:4] for s in (c.read, after)]
            if opening[0] == opening[1] and len(list(_AMOUNT.finditer(after))) == 1:
                floors += list(_FLOOR.finditer(after))
                floor_quote = following[0].text
        if _GREATER.search(c.read):
            floors += [
                a
                for a in _AMOUNT.finditer(c.read)
                if a.span(1) != span and a.start() < (per or times).start()  # type: ignore[union-attr]
            ]
        values = {float(f.group(1)) for f in floors if _unit(f.group(2)) == unit}
        if len(values) > 1:
            continue  # two floors: which one holds is not read
        what = subject(unit, c.read, title)
        if what is None:
            continue
        topic, asks, terms = what
        other = bool(_OTHER.search(c.read))
        if times is not None and not other and "flow" not in asks:
            # a multiple of a dwelling's flow: chained to its flow rule by bedrooms, or dropped
            asks = asks.replace("for a dwelling", FROM_FLOW)  # (`ingest.rulefacts_flow`)
        elif times is not None and not other:
            continue
        if other:
            asks = asks.replace("for a dwelling", "for an establishment other than a dwelling")
            terms = [*terms, "other establishment", "design flow"]
        formula: Any = term
        if values:
            floor = values.pop()
            formula = Extreme(
                kind="greatest_of",
                label="The greater",
                unit=unit,
                terms=[term, const(floor, unit, "never less than", floor_quote)],
            )
        out.append(
            sized_rule(section, topic, asks, terms, unit, c.text, formula, inputs, other=other)
        )
    return out


def _fixed(section: Section, para: list[Clause], title: str) -> list[Rule]:
    """'For a dwelling, the holding tank shall hold at least 1,500 gallons': one figure, no
    bedroom count or flow it depends on (a holding tank only: a septic tank's size by bedrooms
    is read from its table or formula)."""
    out: list[Rule] = []
    for c in para:
        if c.read is None or _PER_BEDROOM.search(c.read) or _TIMES_FLOW.search(c.read):
            continue
        if "bedroom" in c.read or _OTHER.search(c.read) or "flow" in c.read:
            continue
        floors = {float(f.group(1)) for f in _FLOOR.finditer(c.read) if _unit(f.group(2)) == "gal"}
        amounts = {float(a.group(1)) for a in _AMOUNT.finditer(c.read)}
        if len(floors) != 1 or amounts != floors:
            continue  # two figures, or a figure that is not a minimum: not read
        what = subject("gal", c.read, title)
        if what is None or what[0] != "holding_tank":
            continue
        topic, asks, terms = what
        value = floors.pop()
        formula = const(value, "gal", "minimum capacity", c.text)
        out.append(sized_rule(section, topic, asks, terms, "gal", c.text, formula, []))
    return out


def extract_rules(sections: Sequence[Section], source: str = "") -> list[Rule]:
    """Every rule fact the sections' text states in a shape read here, quotes checked verbatim
    (`source`: the text as loaded, whose fixed-width columns name a table's columns)."""
    out: list[Rule] = []
    seen: set[str] = set()
    for section in sections:
        if section.kind != "section" or not section.text.strip():
            continue
        title = section.title.lower()
        paras = _clauses(section)
        found: list[Rule] = []
        for k, para in enumerate(paras):
            linear = _linear(section, para, title, paras[:k])
            if not linear and k + 1 < len(paras):
                # '5.2.1 ... three or fewer bedrooms ... 1,250 gallons.' then, in the next
                # numbered paragraph, '5.2.2 ... 400 gallons for each bedroom over three'
                # (the quote is checked verbatim: the two must be adjacent in the text)
                # ('(B) Larger dwellings. For a dwelling of more than three ...': through the
                # first sentence with a figure, past a run-in heading)
                nxt = paras[k + 1]
                upto = next((j for j, c in enumerate(nxt) if _NUMBER.search(c.read or "")), 0)
                linear = _linear(section, para + nxt[: upto + 1], title)
            found += linear
            found += _greatest(section, para, title)
            found += _fixed(section, para, title)
        once: dict[str, Rule] = {}  # a rule read twice (from its paragraph, and joined with
        for rule in found:  # the next one): its first reading
            once.setdefault(rule.id, rule)
        found = list(once.values())
        modified = modifiers(section, found)
        tables = table_rules(section, title, source)
        if modified == found:  # 'Where a garbage disposal is installed, the capacity required by
            tables = modifiers(section, tables)  # subsection A (its table) is increased'
        found = modified + tables
        found += first_share_rules(section, paras, found)
        found += deferral_rules(section, paras, title)
        found += date_rules(section, paras)
        found += setback_rules(section, source)
        found += money_rules(section, paras)
        found += fee_share_rules(section)
        found += notice_deadlines(section)
        for rule in found:
            if rule.id in seen or not verbatim(rule, section):
                continue
            seen.add(rule.id)
            out.append(rule)
    computed = {r.topic for r in out if not _deferred(r)}
    out = [r for r in out if not (_deferred(r) and r.topic in computed)]
    out = flow_multiples(soil_table_rules(list(sections), source, out))
    out = soil_area_rules(list(sections), counted_bedrooms(list(sections), out))
    out = bed_areas(list(sections), out)
    out = higher_count(list(sections), area_bedrooms(list(sections), out))
    out = least_bedrooms(list(sections), sibling_modifiers(list(sections), out))
    return room_bedrooms(list(sections), basement_bedrooms(list(sections), out))


def _deferred(rule: Rule) -> bool:
    return isinstance(rule.formula, Const) and rule.formula.defers_to is not None
