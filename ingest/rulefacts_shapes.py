"""Shared pieces of the rule-fact extractor: inputs, constants, subjects, ids and the quote check.

The subject of a figure (a septic tank, a holding tank, a design flow) is read from the words of
its sentence and its section's title: domain vocabulary shared by every ordinance on the topic,
the same words the curated rules route by (`terms`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ingest.gutter import source_lines
from ingest.records import Section
from tools.formulas import (
    Apply,
    Case,
    Cases,
    Condition,
    Const,
    Expr,
    Extreme,
    Input,
    InputSpec,
    Linear,
    Rule,
    walk,
)

_GALLONS = r"(gallons? per day|gpd|gallons?)"
OVER = r"(?:over|above|beyond|in excess of|more than)"
_EACH = rf"(?:for )?(?:each|every) (?:additional )?bedroom {OVER} (\d+)"
INC_AFTER = re.compile(
    rf"(\d+(?:\.\d+)?) {_GALLONS}(?: more| additional| (?:shall|must|will) be added| (?:is|are) added)?"
    r"(?: to (?:the|that) [a-z -]{1,40}?)?"
    rf" (?:for|per) (?:each|every) (?:additional )?bedroom {OVER} (\d+)"
)
"""'250 gallons for each bedroom over three', '325 gallons shall be added to the six-bedroom
capacity for each bedroom over six' (as read): step, unit, count."""
INC_BEFORE = re.compile(
    rf"{_EACH} ?,? (?:[^.;]*?(?:increase[sd]? by|add|plus|an additional|additional) |"
    r"(?=\d+(?:\.\d+)? (?:gallons? per day|gpd|gallons?)(?: more| additional)? (?:shall|must|will) be added))"
    rf"(\d+(?:\.\d+)?) {_GALLONS}"
)
"""'for each bedroom over three, add 250 gallons', 'for each bedroom over three, 400 gallons shall
be added' (as read): count, step, unit."""

BEDROOMS = InputSpec(
    name="bedrooms", kind="integer", unit="bedrooms", label="number of bedrooms", low=1, high=30
)
FLOW = InputSpec(
    name="daily_flow_gpd",
    kind="number",
    unit="gpd",
    label="design flow, gallons per day",
    low=1,
    high=15000,
)

TANK_TERMS = ["septic tank", "tank size", "tank capacity", "capacity"]
HOLDING_TERMS = ["holding tank"]
FLOW_TERMS = ["design flow", "gallons per day", "daily flow", "sewage flow"]


@dataclass(frozen=True)
class Clause:
    """One sentence (or adjacent sentences): as printed, and as read (`read_numbers`)."""

    text: str
    read: str | None


def fold(text: str) -> str:
    return " ".join(text.split())


_RULE_ONLY = re.compile(r"[\s\-=_|:+]*")


def printed_lines(source: str, section: Section) -> list[str]:
    """The lines of the section's span of `source` that its text keeps, with blank lines and
    rules of dashes, so that a table a page break split reads as one: a running head or footer
    printed between its rows (page furniture the cleaning left out of the text) is passed over
    with the blank lines around it. A line broken at a hyphen is kept (its text joined it)."""
    if not source:
        return []
    text = fold(section.text)
    out: list[str] = []
    dropped = False
    for line in source_lines(source, section.char_start, section.char_end):
        blank = not line.strip()
        if blank or _RULE_ONLY.fullmatch(line) or fold(line) in text or line.rstrip().endswith("-"):
            if not (blank and dropped):
                out.append(line)
                dropped = dropped and blank
            continue
        while out and not out[-1].strip():
            out.pop()
        dropped = True
    return out


def const(value: float, unit: str, label: str, quote: str) -> Const:
    """A printed number, quoted by its sentence; medium confidence (extracted, not reviewed)."""
    return Const(
        kind="const", value=value, unit=unit, label=label, quote=quote, confidence="medium"
    )


def flag_spec(words: str) -> InputSpec:
    """A yes/no input named from the words of the condition ('garbage disposal')."""
    name = "_".join(re.findall(r"[a-z]+", words.lower()))
    return InputSpec(name=name, kind="flag", label=f"{words} (yes/no)", default=False)


_EXCLUDED = re.compile(
    r"\b(?:other than|except(?: for)?|excluding|but not|not including)\s+"
    r"(?:(?:one|1|those|a dwelling|dwellings)\s+(?:served by|using|with)\s+)?(?:an?\s+|the\s+)?"
    r"holding tanks?\b"
)
"""A holding tank a sentence leaves out of what it sizes."""


def subject(unit: str, read: str, title: str) -> tuple[str, str, list[str]] | None:
    """(topic, what the rule computes, routing terms) for a figure in gallons or gallons a day;
    None when the sentence and title do not say what it is."""
    both = f"{read} {title}"
    if unit == "gpd":
        if "flow" not in both:
            return None
        return "flow", "design flow for a dwelling", list(FLOW_TERMS)
    # 'septic tanks ... other than a holding tank': the holding tank is excluded, not sized
    read = _EXCLUDED.sub(" ", read)
    if "holding tank" in read or ("holding tank" in title and "septic tank" not in read):
        return "holding_tank", "minimum holding tank capacity for a dwelling", list(HOLDING_TERMS)
    if re.search(r"pump tank|dosing|compartment|\bflow", read):
        return None  # a tank sized from another figure, or not a tank: not read here
    if "tank" in both or "capacity" in read:
        return "tank", "minimum septic tank capacity for a dwelling", list(TANK_TERMS)
    return None


OTHER = re.compile(r"\bother establishment|\bnon-?residential|\bother than a dwelling")
"""Words of a sentence about establishments other than a dwelling."""


def sized_rule(
    section: Section,
    topic: str,
    asks: str,
    terms: list[str],
    unit: str,
    quote: str,
    formula: Any,
    inputs: list[Any],
    *,
    other: bool = False,
    kind: str = "",
) -> Rule:
    """A sizing rule for a dwelling (or, `other`, another establishment); a dwelling's rule
    in a section that also sizes other establishments says it does not cover them."""
    not_covered = []
    if not other and OTHER.search(section.text.lower()):
        not_covered.append(
            f"Establishments other than a dwelling: §{section.ref} sizes them another way."
        )
    return extracted_rule(
        section,
        kind or ("other" if other else "dwelling"),
        topic=topic,
        asks=asks,
        unit=unit,
        terms=terms,
        quote=quote,
        inputs=inputs,
        formula=formula,
        not_covered=not_covered,
    )


def rule_id(topic: str, kind: str, section: Section) -> str:
    where = section.section or section.title
    slug = re.sub(r"[^a-z0-9.]+", "-", where.lower()).strip("-.") or "text"
    return f"{topic}.{kind}.{slug}"


def extracted_rule(section: Section, kind: str, *, topic: str, quote: str, **fields: Any) -> Rule:
    """A rule read from ``section``'s text: its id, citation (number as printed, else title),
    quote and label (medium confidence, origin extracted) filled in the same way for every shape."""
    return Rule(
        id=rule_id(topic, kind, section),
        topic=topic,
        section=section.section,
        title=None if section.section else section.title,
        quote=quote,
        confidence="medium",
        origin="extracted",
        **fields,
    )


def quotes_of(node: object) -> list[str]:
    """Every quote in a rule or a formula node."""
    return [q for n in walk(node) if isinstance(q := getattr(n, "quote", None), str)]


def verbatim(rule: Rule, section: Section) -> bool:
    """Every quote of the rule (its own and its numbers') is in the section text, whitespace
    folded (the quote rule of `tools.rules.fold_ws`)."""
    text = fold(section.text)
    return all(fold(q) in text for q in quotes_of(rule) if q)


_BREAK = re.compile(r"(?<=[.;])\s+(?=[A-Z(\"])")
_ABBREV = re.compile(r"(?:\b(?:[A-Z]|Minn|Stat|ch|Ch|Sec|Secs|No|Nos|Subd|St|Ord|art|Art|subd)\.)$")
RELEVANT = re.compile(
    r"gallon|bedroom|flow|tank|capacity|permit|pump|minn|valid|expire|lapse|increase|escrow|bond|deposit|security",
    re.I,
)
"""Words without which a sentence states none of the rules read here (it is not read further)."""


_WRAPPED = re.compile(r"[A-Za-z,\-]$")
_IN_WORDS = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|twenty|"
    r"thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|half|[a-z]+ths?)$",
    re.I,
)
_FIGURE = re.compile(r"^\(\d[\d,.]*\)(?:[\s.,;]|$)")
"""A line that goes on the previous one: it starts a word in lower case, or (after a number in
words) with that number's figure in brackets ('... three hundred fifty' / '(350) gallons ...';
after any other word, '(2) ...' starts a list item)."""


def paragraphs(text: str) -> list[str]:
    """The text's lines, with the lines a narrow column wrapped joined back to their paragraph: a
    line that ends inside a sentence (in a word or a comma) is joined by the next one when that
    one goes on the sentence (see `_FIGURE`). A list item, a table row or a heading starts its
    own line as before."""
    out: list[str] = []
    for line in text.splitlines():
        here = line.strip()
        goes_on = here[:1].islower() or (
            bool(out) and _FIGURE.match(here) is not None and _IN_WORDS.search(out[-1]) is not None
        )
        if out and here and _WRAPPED.search(out[-1]) and goes_on:
            out[-1] = f"{out[-1]} {here}"
        else:
            out.append(here)
    return out


def sentences(line: str) -> list[str]:
    """A paragraph's sentences ('Minn. R. 7080.1860' and 'Sec. 4' do not end one)."""
    out: list[str] = []
    start = 0
    for m in _BREAK.finditer(line):
        if _ABBREV.search(line[max(start, m.start() - 8) : m.start()]):
            continue
        out.append(line[start : m.start()])
        start = m.end()
    out.append(line[start:])
    return [s for s in out if s.strip()]


def with_count(
    rule: Rule, *, suffix: str, note: str, count: Expr, when: Condition, spec: InputSpec
) -> list[Rule]:
    """`rule` applied with its bedroom count raised (`count`) when `when` holds: the rule as
    printed (unrouted, `<id>.<suffix>`) and the rule that applies it, with the input `spec`."""
    printed = rule.model_copy(
        update={"id": f"{rule.id}.{suffix}", "terms": [], "asks": f"{rule.asks} ({note})"}
    )
    formula = Cases(
        kind="cases",
        cases=[
            Case(when=when, then=Apply(kind="apply", rule=printed.id, bind={"bedrooms": count}))
        ],
        otherwise=Apply(kind="apply", rule=printed.id),
    )
    return [printed, rule.model_copy(update={"formula": formula, "inputs": [*rule.inputs, spec]})]


def said_in(
    sections: Iterable[Section], word: str, pattern: re.Pattern[str]
) -> Iterator[tuple[Section, re.Match[str], str]]:
    """(section, match of `pattern` in the sentence as read, the sentence as printed) for every
    sentence of the sections' lines that holds `word` and reads as `pattern` (the sentence is
    checked to stand verbatim in its section, so that it can be quoted)."""
    from ingest.numbers import read_numbers

    for s in sections:
        for line in paragraphs(s.text):
            if word not in line.lower():
                continue
            for sentence in sentences(fold(line)):
                m = pattern.search(read_numbers(sentence) or "")
                if m and sentence in fold(s.text):
                    yield s, m, sentence


def up_to_then_per_bedroom(
    top: float, upto: Expr, last: Const, step: Const, unit: str, quote: str, text: str
) -> Cases:
    """`upto` for `top` bedrooms or fewer, then `last` plus `step` for each bedroom over `top`
    ('1,250 gallons for four or fewer bedrooms, plus 250 for each bedroom over four'; a table's
    last row and its 'each bedroom over 6, add ...' row)."""
    return Cases(
        kind="cases",
        cases=[
            Case(
                when=Condition(input="bedrooms", op="le", value=top, text=text),
                then=upto,
            )
        ],
        otherwise=Linear(
            kind="linear",
            label=f"Over {top:g} bedrooms",
            unit=unit,
            intercept=last,
            slope=step,
            x=Input(kind="input", name="bedrooms"),
            x_minus=const(top, "bedrooms", "", quote),
        ),
    )


def table_heading(raw: list[str], first: int) -> tuple[list[str], list[str]]:
    """The header lines right above a fixed-width table's first row (`first`), rules of dashes
    left out, and up to two caption lines above the blank line or the rule over them."""
    header: list[str] = []
    at = first - 1
    while at >= 0 and raw[at].strip() and not _CAPTION_LINE.match(raw[at]):
        if not re.fullmatch(r"[\s\-=_|:]+", raw[at]):
            header.insert(0, raw[at])
        elif header:  # the rule over the header: the caption is above it
            break
        at -= 1
    above: list[str] = []
    if at >= 0 and _CAPTION_LINE.match(raw[at]) and len(header) > 1:
        while len(header) > 1 and not re.search(r"\S\s{2,}\S", header[0].strip()):
            above.append(header.pop(0))  # the caption's next line ('MINIMUM ... IN GALLONS')
    while at >= 0 and (not raw[at].strip() or re.fullmatch(r"[\s\-=_|:]+", raw[at])):
        at -= 1
    while at >= 0 and raw[at].strip() and len(above) < 2:
        above.insert(0, raw[at])
        if _CAPTION_LINE.match(raw[at]):
            break  # the caption's first line (a PDF's text has no blank line above its header)
        at -= 1
    return header, above


_CAPTION_LINE = re.compile(r"\s*(?:table|figure)\s+[\w.\-]+?[.:]?(?:\s|$)", re.I)
"""A table's caption line ('Table 8-3-6. Minimum septic tank capacity (gallons)')."""


def located(node: Any, where: Section) -> Any:
    """The expression with every quoted figure cited from `where` (another section)."""
    if isinstance(node, Const):
        return node.model_copy(update={"section": where.section, "title": where.title})
    update = {
        k: located(v, where) if isinstance(v, Const | Linear | Extreme) else v
        for k, v in node
        if k in ("x", "slope", "per", "x_minus", "intercept")
    }
    if isinstance(node, Extreme):
        update["terms"] = [located(t, where) for t in node.terms]
    return node.model_copy(update=update)
