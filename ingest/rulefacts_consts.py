"""Rule facts that are one figure: what a city's text leaves to a state rule part (deferred), and
single printed durations and distances (a permit's term, a pumping interval, a notice, a
setback), each a `const` rule on its topic with the sentence that prints it.
"""

from __future__ import annotations

import re

from ingest.records import Section
from ingest.rulefacts_shapes import Clause, rule_id, subject
from tools.formulas import Const, Rule

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
            if c.read is None:
                continue
            for clause in re.split(r",? and (?=the )|;", c.read):
                part = _RULE_PART.search(clause)
                if part is None or not _LEAVES.search(clause) or _FIGURE.search(clause):
                    continue
                if _OTHER.search(clause):
                    continue
                unit = "gpd" if "design flow" in clause else "gal"
                if unit == "gal" and not re.search(
                    r"\bseptic tank|\btank capacity|\bcapacity", clause
                ):
                    continue
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
                    Rule(
                        id=rule_id(topic, "deferred", section),
                        topic=topic,
                        asks=asks,
                        unit=unit,
                        terms=terms,
                        section=section.section,
                        title=None if section.section else section.title,
                        quote=c.text,
                        confidence="medium",
                        formula=node,
                        origin="extracted",
                    )
                )
    return out
