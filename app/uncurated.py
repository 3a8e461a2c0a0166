"""A city without curated rules on a calculator topic: what its own text says, quoted, no number.

A city added with `ordinance ingest` but without `data/rules/<key>.yaml` is a first-class city:
the fixed calculators cannot compute for it (`NoCuratedRulesError`), so the CLI and the UI say so
and quote the sections of its ordinance that speak to the topic, found by the topic's words in
the section titles and text. The quote is verbatim from the stored section. The rules read from
its text at ingest (`ParsedDocument.rules`, `origin: extracted`) reach the rule calculators
through `extracted_provider`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from app.lexicon import phrase
from core.errors import OrdinanceError
from ingest.records import Section
from tools.rules import CityRules, extracted_city

# The words of each calculator / comparison topic (a topic's vocabulary, not any city's wording).
TOPIC_WORDS: dict[str, str] = {
    "tank": "septic tank liquid capacity gallons bedrooms",
    "flow": "design flow gallons per day bedroom",
    "area": "soil treatment dispersal area drainfield square feet percolation",
    "separation": "vertical separation periodically saturated soil bedrock",
    "pumping": "septic tank pumped pumping sludge scum",
    "holding_tank": "holding tank capacity gallons",
    "setback": "setback setbacks distance feet well property line building",
    "site": "setback setbacks distance feet well property line building",
    "permit_validity": "permit valid expires lapses months",
    "permit_fee": "permit fee fees resolution",
    "inspection_interval": "inspection inspected every years",
    "inspection_notice": "notify notice inspection before hours days",
    "failing_system": "failing imminent threat groundwater upgrade replace",
}
_WORD = re.compile(r"[a-z]{3,}")
_SENTENCE = re.compile(r"[^.;:\n]+(?:[.;:](?=\s|$)|$)", re.M)
MAX_QUOTE = 400


class Quoted(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    section: str | None
    title: str
    label: str = Field(description="Readable citation, e.g. 'Pine Ridge Lake §9-4-8 ...'.")
    quote: str = Field(description="Verbatim from the section's text.")


class NoRulesAnswer(BaseModel):
    """The answer for a city the calculators have no rules for."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    jurisdiction: str
    name: str
    topic: str
    status: str = "no_curated_rules"
    summary: str
    quotes: list[Quoted] = Field(default_factory=list)


def no_rules_note(name: str, key: str) -> str:
    """The caveat shown with a quoted answer for a city without curated rules."""
    return (
        f"{name} has no curated calculator rules (no data/rules/{key}.yaml), so no number is "
        "computed for it; its ordinance text is quoted instead."
    )


def no_rules_caveat(key: str) -> str:
    """The same caveat without the city's name (shown under a block that names it)."""
    return (
        f"no curated calculator rules (no data/rules/{key}.yaml), so no number is computed; "
        "its ordinance text is quoted instead."
    )


def _stems(text: str) -> set[str]:
    return {w[:5] for w in _WORD.findall(text.lower())}


def _best_sentence(text: str, want: set[str]) -> str:
    best, score = "", 0
    for m in _SENTENCE.finditer(text):
        sentence = " ".join(m.group(0).split())
        hits = 2 * len(_stems(sentence) & want) + bool(phrase("lays_down_rule").search(sentence))
        if hits > score:
            best, score = sentence, hits
    if len(best) > MAX_QUOTE:
        best = best[: best.rfind(" ", 0, MAX_QUOTE)]
    return best


def quote_topic(
    sections: Sequence[Section], topic: str, extra: str = "", limit: int = 2
) -> list[Quoted]:
    """The sections that speak to `topic` (best first), each with its most relevant sentence."""
    want = _stems(TOPIC_WORDS.get(topic, topic.replace("_", " ")) + " " + extra)
    scored = []
    for i, s in enumerate(sections):
        if s.kind != "section" or not s.text.strip():
            continue
        score = 3 * len(_stems(s.title) & want) + len(_stems(s.text) & want)
        if score:
            scored.append((-score, i, s))
    out = []
    for _, _, s in sorted(scored)[:limit]:
        quote = _best_sentence(s.text, want)
        if quote and quote in " ".join(s.text.split()):
            out.append(Quoted(section=s.section, title=s.title, label=s.label, quote=quote))
    return out


def no_rules_answer(
    sections: Sequence[Section], key: str, name: str, topic: str, extra: str = ""
) -> NoRulesAnswer:
    """What a city without curated rules says on a calculator topic, quoted."""
    quotes = quote_topic(sections, topic, extra)
    said = (
        "What its ordinance says:"
        if quotes
        else "Its ordinance text has no provision found on this."
    )
    return NoRulesAnswer(
        jurisdiction=key,
        name=name,
        topic=topic,
        summary=f"{no_rules_note(name, key)} {said}",
        quotes=quotes,
    )


def extracted_provider(document: Callable[[str], Any]) -> Callable[[str], CityRules | None]:
    """For `tools.base.use_extracted`: a city key -> the rules extracted from its stored document
    at ingest (`ParsedDocument.rules`), or None when the city is not stored or has none. Each
    city's rules are built once per provider."""
    built: dict[str, CityRules | None] = {}

    def provide(key: str) -> CityRules | None:
        if key not in built:
            try:
                doc = document(key)
            except OrdinanceError:
                return None
            rules = list(getattr(doc, "rules", []) or [])
            built[key] = (
                extracted_city(key, doc.entry.name, Path(doc.source_path).name, rules)
                if rules
                else None
            )
        return built[key]

    return provide
