"""Rule facts that are one figure: what a city's text leaves to a state rule part (deferred), and
single printed durations and distances (a permit's term, a pumping interval, a notice, a
setback), each a `const` rule on its topic with the sentence that prints it.
"""

from __future__ import annotations

import re

from ingest.records import Section
from ingest.rulefacts_shapes import Clause, extracted_rule, subject
from tools.formulas import (
    Case,
    Cases,
    Condition,
    Const,
    DateArithmetic,
    Extreme,
    InputSpec,
    Rule,
)

_RULE_PART = re.compile(
    r"\bminn(?:esota)?\.? ?(?:r\.|rules),?\s*(?:part|parts|chapter|ch\.)?\s*\d{4}(?:\.\d{4})?"
)
_PRINTED_PART = re.compile(
    r"\bMinn(?:esota)?\.? ?(?:R\.|Rules),?\s*(?:part|parts|chapter|ch\.)?\s*\d{4}(?:\.\d{4})?",
    re.I,
)
_LEAVES = re.compile(
    r"\b(?:determined|found|calculated|computed|sized|set|established|provided|required|"
    r"requires|specified|given)\b"
)
_FIGURE = re.compile(r"\b\d+(?:\.\d+)? (?:gallons?|gpd)\b")
_OTHER = re.compile(r"\bother establishment|\bnon-?residential|\bother than a dwelling")


def deferral_rules(section: Section, paras: list[list[Clause]], title: str) -> list[Rule]:
    """'Septic tanks shall provide the capacity that Minnesota Rules, part 7080.1930 requires':
    the figure is deferred (to the rule part as printed), for a dwelling's tank or design flow."""
    out: list[Rule] = []
    for para in paras:
        for c in para:
            if not c.read or "minn" not in c.read:
                continue
            for clause in re.split(r",? and (?=the )|;", c.read):
                part = _RULE_PART.search(clause)
                if part is None or not _LEAVES.search(clause) or _FIGURE.search(clause):
                    continue
                if _OTHER.search(clause):
                    continue
                unit = "gpd" if "design flow" in clause else "gal"
                if unit == "gal" and not re.search(r"\bcapacity|\bsized?\b|\bvolume", clause):
                    continue  # a tank installed or built to a rule part: not its size
                what = subject(unit, clause, title if unit == "gpd" else "")
                if what is None:
                    continue
                printed = _PRINTED_PART.search(c.text)
                if printed is None:
                    continue
                topic, asks, terms = what
                # a deferral answers only a question that names its subject in full
                terms = [terms[0]]
                node = Const(
                    kind="const",
                    defers_to=" ".join(printed.group(0).split()),
                    quote=c.text,
                    confidence="medium",
                    label=asks,
                )
                out.append(
                    extracted_rule(
                        section,
                        "deferred",
                        topic=topic,
                        asks=asks,
                        unit=unit,
                        terms=terms,
                        quote=c.text,
                        formula=node,
                    )
                )
    return out


_PERIOD = r"(\d+) (months?|years?|days?)"
_VALID = re.compile(
    rf"\b(?:is|are|shall be|remains?) valid (?:for (?:a period of )?)?{_PERIOD}|"
    rf"\b(?:expires?|lapses?|becomes? void|is void|shall expire|shall lapse) {_PERIOD} (?:after|from)|"
    rf"\b{_PERIOD} (?:after|from) (?:the date of |its )?issu"
)
MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
_UNTIL = re.compile(
    rf"\b(?:(?:is|are|shall be|remains?) valid (?:until|through)|(?:shall |will )?expires? on) "
    rf"({'|'.join(MONTHS)}) (\d{{1,2}}),? of "
    r"the (?:(?:calendar )?year (?:following|after) the )?(?:calendar )?year (?:in which )?(?:it|the "
    r"permit) (?:was|is) issued"
)
"""'valid until December 31 of the year following the year in which it was issued' (or 'of the
year in which it is issued'): that day of the year counted from the year of issue."""
_PUMPED = re.compile(
    rf"\b(?:at least )?once every {_PERIOD}|\bevery {_PERIOD}\b|"
    rf"\bat intervals of (?:not|no) more than {_PERIOD}"
)
_DATES = {
    "permit": (
        "permit",
        "when a permit expires",
        ["permit", "valid", "expire", "expires"],
        InputSpec(name="issue_date", kind="date", label="date the permit was issued"),
        "Permit valid until",
    ),
    "pumping": (
        "pumping",
        "when the septic tank must next be pumped",
        ["pumped", "pumping", "next pumping", "pump"],
        InputSpec(name="last_pumping_date", kind="date", label="date the tank was last pumped"),
        "Next pumping due by",
    ),
}


def _period(m: re.Match[str]) -> tuple[int, str]:
    groups = [g for g in m.groups() if g]
    unit = groups[1].rstrip("s") + "s"
    return int(groups[0]), unit


def date_rules(section: Section, paras: list[list[Clause]]) -> list[Rule]:
    """'A permit is valid for 24 months', 'pumped at least once every 36 months': the date it
    runs to, counted from the date the user gives (the rule runs only with that date)."""
    found: dict[str, set[tuple[int, str, str]]] = {"permit": set(), "pumping": set()}
    own: set[tuple[int, str, str]] = set()  # "A permit ... is valid for": the permit's own term
    for para in paras:
        for c in para:
            read = c.read
            if not read or "extend" in read or "renew" in read:
                continue
            if "permit" in read and (m := _VALID.search(read)):
                found["permit"].add((*_period(m), c.text))
                if re.search(r"\bpermits?\b(?:\s+\S+){0,6}\s*$", read[: m.start()]):
                    own.add((*_period(m), c.text))
            elif "permit" in read and (u := _UNTIL.search(read)):
                years = 1 if re.search(r"following|after", u.group(0)) else 0
                on = f"{MONTHS.index(u.group(1)) + 1:02d}-{int(u.group(2)):02d}"
                found["permit"].add((years, f"years@{on}", c.text))
            pumped = (
                re.search(r"\bpump(?:ed|ing)\b", read) and "tank" in read + section.title.lower()
            )
            if pumped and (m := _PUMPED.search(read)) is not None:
                found["pumping"].add((*_period(m), c.text))
    if len({(n, u) for n, u, _ in found["permit"]}) > 1 and len({(n, u) for n, u, _ in own}) == 1:
        found["permit"] = own  # other periods in the section are not the permit's term
    out: list[Rule] = []
    seasonal = _seasonal(found["pumping"], section)
    if seasonal is not None:
        out.append(seasonal)
        found["pumping"] = set()
    for key, items in found.items():
        if len({(n, u) for n, u, _ in items}) != 1:
            continue  # none, or figures that disagree: not read
        n, unit, quote = sorted(items)[0]
        topic, asks, terms, spec, label = _DATES[key]
        unit, _, on = unit.partition("@")
        formula: DateArithmetic | Cases = DateArithmetic(
            kind="date_arithmetic",
            label=label,
            start=spec.name,
            unit=unit,  # type: ignore[arg-type]
            amount=Const(kind="const", value=n, unit=unit, quote=quote, confidence="medium"),
            on=on or None,
        )
        inputs = [spec]
        if key == "permit" and not on and isinstance(formula, DateArithmetic):
            extended = _extended(formula, paras)
            if extended is not None:
                formula, flag = extended
                inputs.append(flag)
        out.append(
            extracted_rule(
                section,
                "date",
                topic=topic,
                asks=asks,
                terms=terms,
                quote=quote,
                inputs=inputs,
                formula=formula,
            )
        )
    return out


_EXTENSION = re.compile(
    r"\b(?:renew|extend)\w*\b[^.;]{0,80}?\b(?:for|by)\s+(?:not more than |no more than |up to |"
    r"a period of (?:not more than |up to )?|an additional |one additional |a further )?"
    r"(\d+) (months?|days?|years?)\b"
    r"|\b(?:extension|renewal)s?\b[^.;]{0,40}?\bof\s+(?:not more than |no more than |up to )?"
    r"(\d+) (months?|days?|years?)\b"
)
"""'The Department may renew a permit one time only, for not more than 8 months', 'one
extension of up to six months'."""
_IN_MONTHS = {"months": 1, "years": 12}
EXTENDED = InputSpec(
    name="extended", kind="flag", default=False,
    label="longest renewal or extension (yes/no)",
)  # fmt: skip


def _extended(formula: DateArithmetic, paras: list[list[Clause]]) -> tuple[Cases, InputSpec] | None:
    """A permit's term with the one renewal or extension its section allows, when the user
    asks for it: the term plus the longest extension (one such figure in the section, in months
    or years), else the term."""
    found = {
        (*_period(m), c.text)
        for para in paras
        for c in para
        if c.read
        for m in _EXTENSION.finditer(c.read)
    }
    if len({(n, u) for n, u, _ in found}) != 1 or formula.unit not in _IN_MONTHS:
        return None
    n, unit, quote = sorted(found)[0]
    if unit not in _IN_MONTHS:
        return None
    term = formula.amount
    if not isinstance(term, Const) or term.value is None:
        return None
    months = term.value * _IN_MONTHS[formula.unit]
    base = term.model_copy(update={"value": months, "unit": "months"})
    more = Const(kind="const", value=n * _IN_MONTHS[unit], unit="months",
                 label="longest renewal or extension", quote=quote, confidence="medium")  # fmt: skip
    longer = formula.model_copy(
        update={
            "unit": "months",
            "amount": Extreme(
                kind="sum_of", label="Term and extension", unit="months", terms=[base, more]
            ),
            "label": f"{formula.label}, with the longest renewal or extension",
        }
    )
    when = Condition(input=EXTENDED.name, op="eq", value=True,
                     text="With the longest renewal or extension", quote=quote)  # fmt: skip
    return Cases(kind="cases", cases=[Case(when=when, then=longer)], otherwise=formula), EXTENDED


def _seasonal(items: set[tuple[int, str, str]], section: Section) -> Rule | None:
    """Two pumping intervals, one of them for seasonal dwellings ('a seasonal dwelling ... every 60
    months'): one rule whose `seasonal` input picks the interval (None for any other shape)."""
    if len({(n, u) for n, u, _ in items}) != 2 or len(items) != 2:
        return None
    marked = [i for i in items if re.search(r"\bseasonal\b", i[2], re.I)]
    if len(marked) != 1:
        return None
    other = next(i for i in items if i is not marked[0])
    topic, asks, terms, spec, label = _DATES["pumping"]
    flag = InputSpec(name="seasonal", kind="flag", label="seasonal (yes/no)", default=False)

    def counted(item: tuple[int, str, str]) -> DateArithmetic:
        n, unit, quote = item
        return DateArithmetic(
            kind="date_arithmetic", label=label, start=spec.name, unit=unit,  # type: ignore[arg-type]
            amount=Const(kind="const", value=n, unit=unit, quote=quote, confidence="medium"),
        )  # fmt: skip

    formula = Cases(
        kind="cases",
        cases=[
            Case(
                when=Condition(input="seasonal", op="eq", value=True, text="A seasonal dwelling"),
                then=counted(marked[0]),
            )
        ],
        otherwise=counted(other),
    )
    return extracted_rule(
        section, "date", topic=topic, asks=asks, terms=terms, quote=other[2],
        inputs=[spec, flag], formula=formula,
    )  # fmt: skip
