"""The deterministic default answerer: calculators for numbers, retrieval for provisions.

`DefaultAnswerer.answer(u, scope)` takes an `Understanding` and the jurisdictions in scope and
returns candidate `Block`s plus the tool calls made and a `VerificationContext` holding every
section it read. It never writes a number itself: numbers come from calculator results
(`tools.calculators`, which cite their sections) or from verbatim quotes of retrieved sections.
A hit whose vector similarity is below the refusal threshold does not count as evidence.
"""

from __future__ import annotations

import inspect
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.compose import (
    TOPIC_TERMS,
    Block,
    Support,
    _stem,
    best_sentences,
    content_words,
    direct_answer,
    split_sentences,
    trim_quote,
)
from app.records import ToolCall
from app.understand import Understanding
from app.verify import STATE_SOURCE, STATE_TITLE, VerificationContext
from ingest.errors import OrdinanceError, SectionNotFoundError, ToolInputError

log = logging.getLogger(__name__)

# Calculator per topic, in the order a resident's "what do I need" question is answered.
TOPIC_TOOLS: dict[str, tuple[str, ...]] = {
    "tank": ("septic_tank_capacity",),
    "pump_tank": ("septic_tank_capacity",),
    "flow": ("design_flow",),
    "area": ("soil_treatment_area",),
    "separation": ("vertical_separation",),
    "setback": ("setback",),
    "site": ("site_check",),
    "pumping": ("pumping_due",),
    "build": ("septic_tank_capacity", "design_flow", "soil_treatment_area"),
}
SEARCH_HINTS: dict[str, str] = {
    "tank": "septic tank capacity gallons bedrooms",
    "pump_tank": "pump tank pressurized dosing chamber gallons",
    "flow": "design sewage flow gallons per day bedrooms",
    "area": "soil treatment area square feet percolation rate",
    "separation": "vertical separation water table bedrock feet",
    "setback": "setback distance feet well building property line",
    "site": "setback distance feet well building property line",
    "pumping": "septic tank pumping sludge scum outlet baffle how often",
    "permit_validity": "permit valid period months issuance",
    "permit_fee": "permit fee resolution",
    "inspection_notice": "notice before inspection hours",
    "failing": "failing system repaired replaced within days notice",
    "holding_tank": "holding tank capacity gallons",
    "build": "septic tank capacity bedrooms",
}
# Inputs a calculator cannot run without: each inner tuple needs at least one of its parameters.
REQUIRES: dict[str, tuple[tuple[str, ...], ...]] = {
    "septic_tank_capacity": (("bedrooms", "daily_flow_gpd"),),
    "design_flow": (("bedrooms",),),
    "soil_treatment_area": (("perc_rate_mpi",), ("bedrooms", "daily_flow_gpd")),
    "vertical_separation": (("perc_rate_mpi",),),
    "setback": (("feature",),),
    "site_check": (("distances",),),
    "pumping_due": (("sludge_in",), ("scum_in",)),
}
FACT_NAMES: dict[str, tuple[str, ...]] = {
    "permit_validity": ("permit_validity_months",),
    "permit_fee": ("permit_fee",),
    "pumping": ("pumping_sludge_in", "pumping_scum_in", "maintenance_interval_months"),
    "inspection_notice": ("inspection_notice",),
    "failing": ("failing_system_deadline",),
    "holding_tank": ("holding_tank_min_gal", "holding_tank_per_bedroom_gal", "holding_tank_use"),
}
GENERIC = {
    "tank", "tanks", "septic", "system", "systems", "sewer", "sewage", "gallons", "ordinance",
    "city", "rules", "rule", "required", "requirement", "requirements", "need", "minimum",
    "maximum", "does", "say", "what", "where", "house", "home", "property", "owner", "my",
    "know", "want", "like", "good", "new", "old", "way", "much", "many", "long", "often",
}  # fmt: skip


OFF_TOPIC_SIMILARITY = 0.45
"""Best-hit similarity a question without any sewer/septic vocabulary needs (dev set: off-topic
questions reach 0.41 at most, e.g. 'When is garbage pickup in Hugo?')."""


LEXICAL_MARGIN = 0.05
_WHOLE = re.compile(r"\b(?:show|read|print|full|text|what does|what is in|quote|display)\b", re.I)


class RetrieverLike(Protocol):
    def search(
        self, query: str, jurisdictions: Sequence[str] | None = None, k: int = 5
    ) -> list[Any]: ...
    def lookup(self, jurisdiction: str, ref: str) -> list[Any]: ...
    def section_text(self, jurisdiction: str, ref: str) -> Any: ...
    def sections(self, jurisdiction: str) -> list[Any]: ...


@dataclass
class Outcome:
    """What the answerer found: blocks to render, tool calls, sections read, caveats."""

    blocks: list[Block] = field(default_factory=list)
    tool_calls: list[ToolCall] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # inputs the user did not give
    refused_cities: list[str] = field(default_factory=list)


def _dump(obj: Any) -> dict[str, Any]:
    if hasattr(obj, "model_dump"):
        return dict(obj.model_dump(mode="json"))
    return dict(obj) if isinstance(obj, dict) else {"value": obj}


def _param_value(name: str, u: Understanding, jurisdiction: str) -> Any:
    """The question's value for a calculator parameter, matched by the parameter's name."""
    n = name.lower()
    p = u.params
    table: list[tuple[tuple[str, ...], Any]] = [
        (("jurisdiction", "city"), jurisdiction),
        (("bedroom",), p.bedrooms),
        (("perc", "mpi"), p.perc_rate_mpi),
        (("flow", "gpd"), p.daily_flow_gpd),
        (("rock", "filter"), p.rock_depth_in),
        (("garbage", "disposal"), p.garbage_disposal),
        (("basement",), p.unfinished_basement),
        (("pressur",), p.pressurized),
        (("existing",), p.existing_system),
        (("sludge",), p.sludge_in),
        (("scum",), p.scum_in),
        (("system", "kind", "distribution"), p.system_type),
        (("feature",), p.feature),
        (("component",), _component(p.component)),
    ]
    for keys, value in table:
        if any(k in n for k in keys):
            return value
    return None


def _component(value: str | None) -> str | None:
    return {"sta": "soil_treatment_area", "tank": "tank"}.get(value or "", value)


class DefaultAnswerer:
    """Routes an understood question to calculators and/or retrieval, city by city."""

    def __init__(
        self,
        retriever: RetrieverLike,
        names: dict[str, str],
        sources: dict[str, str],
        ctx: VerificationContext,
        *,
        threshold: float,
        top_k: int = 5,
        calculators: Any = None,
    ) -> None:
        self.retriever = retriever
        self.names = names
        self.sources = sources
        self.ctx = ctx
        self.threshold = threshold
        self.top_k = top_k
        self.calculators = calculators
        self.out = Outcome()

    # -- sections and supports -----------------------------------------------------------

    def _read_section(self, jurisdiction: str, ref: str) -> Any | None:
        """The corpus section (and record it as looked up), or None when it does not exist."""
        try:
            section = self.retriever.section_text(jurisdiction, ref)
        except SectionNotFoundError:
            return None
        self.ctx.add_section(section.jurisdiction, section.ref, section.text)
        if section.section is not None:
            self.ctx.allow_numbers_from(section.section)  # its own number may be named
        if section.section is not None and ref != section.ref:
            self.ctx.add_section(section.jurisdiction, ref, section.text)
        return section

    def _support(self, section: Any, quote: str) -> Support:
        return Support(
            jurisdiction=section.jurisdiction,
            section=section.section,
            title=section.title,
            label=section.label,
            quote=quote,
            source=self.sources.get(section.jurisdiction, ""),
            page=section.page_start,
        )

    def _provenance_supports(self, provs: list[dict[str, Any]], jurisdiction: str) -> list[Support]:
        out: list[Support] = []
        for prov in provs:
            j = prov.get("jurisdiction") or jurisdiction
            ref = prov.get("section") or prov.get("title")
            section = self._read_section(j, ref) if ref else None
            if section is not None and prov.get("quote"):
                out.append(self._support(section, prov["quote"]))
            if prov.get("source") == STATE_SOURCE and prov.get("rule_part"):
                out.append(
                    Support(
                        jurisdiction=j,
                        section=None,
                        title=STATE_TITLE,
                        label=str(prov["rule_part"]),
                        quote=prov.get("quote") or "",
                        source=STATE_SOURCE,
                    )
                )
        return out

    # -- calculators ---------------------------------------------------------------------

    def _tool(self, name: str) -> Callable[..., Any] | None:
        if self.calculators is None:
            return None
        fn = getattr(self.calculators, name, None)
        return fn if callable(fn) else None

    def run_tool(self, name: str, u: Understanding, jurisdiction: str) -> dict[str, Any] | None:
        """Call one calculator with the parameters the question gives; None if it cannot run."""
        fn = self._tool(name)
        if fn is None:
            return None
        stated = u.params.stated()
        for group in REQUIRES.get(name, ()):
            if not any(k in stated for k in group):
                self.out.missing.append(group[0])
                return None
        kwargs: dict[str, Any] = {}
        for pname, param in inspect.signature(fn).parameters.items():
            if param.kind in (param.VAR_KEYWORD, param.VAR_POSITIONAL):
                continue
            value = self._site_arg(pname, u) if name == "site_check" else None
            if value is None:
                value = _param_value(pname, u, jurisdiction)
            if (
                value is None
                and name == "septic_tank_capacity"
                and "pressur" in pname
                and "pump_tank" in u.topics
            ):
                value = True
            if value is None:
                if param.default is inspect.Parameter.empty:
                    self.out.missing.append(pname)
                    return None
                continue
            kwargs[pname] = value
        try:
            result = fn(**kwargs)  # a ToolInputError (e.g. 500 bedrooms) is the user's to fix
        except ToolInputError as exc:
            if name not in ("setback", "site_check") or "feature" not in str(exc):
                raise
            log.info("%s: %s", name, exc)  # a feature this city's table lacks: quote instead
            self.out.missing.append("feature")
            return None
        data = _dump(result)
        self.out.tool_calls.append(ToolCall(name=name, arguments=kwargs, result=data))
        self.ctx.allow_numbers_from(data, kwargs)
        return data

    @staticmethod
    def _site_arg(pname: str, u: Understanding) -> Any:
        n = pname.lower()
        if "distance" not in n and "measure" not in n:
            return None
        default = u.params.component or "tank"
        want = (
            "tank"
            if "tank" in n
            else ("sta" if ("sta" in n or "soil" in n or "area" in n) else None)
        )
        rows = [d for d in u.params.distances if want is None or (d.component or default) == want]
        if want is None:
            return [d.model_dump() for d in rows] or None
        return {d.feature: d.distance_ft for d in rows} or None

    def calc_block(
        self, topic: str, tool: str, u: Understanding, jurisdiction: str
    ) -> Block | None:
        data = self.run_tool(tool, u, jurisdiction)
        if data is None:
            return None
        name = self.names[jurisdiction]
        provs = list(data.get("citations") or [])
        for row in data.get("rows") or []:
            if row.get("citation"):
                provs.append(row["citation"])
        supports = self._provenance_supports(provs, jurisdiction)
        headline = str(data.get("summary") or "")
        if tool == "site_check":
            headline = self._site_text(data, name)
        notes = [str(w) for w in data.get("warnings") or []]
        for comp in data.get("components") or []:
            if comp.get("note"):
                notes.append(f"{comp.get('name')}: {comp['note']}")
        value = None
        if data.get("value") is not None and data.get("status") in ("ok", "flagged"):
            unit = data.get("unit") or ""
            value = f"{_fmt(data['value'])} {unit}".strip()
        elif data.get("status") in ("deferred", "not_in_corpus", "unsuitable"):
            value = str(data.get("status")).replace("_", " ")
        return Block(
            jurisdiction=jurisdiction,
            name=name,
            headline=headline,
            supports=supports,
            value=value,
            notes=notes,
            topic=topic,
        )

    @staticmethod
    def _site_text(data: dict[str, Any], name: str) -> str:
        lines = [str(data.get("summary") or f"{name} site check")]
        for row in data.get("rows") or []:
            verdict = {True: "passes", False: "FAILS", None: "cannot be decided"}[row.get("passes")]
            need = row.get("required_ft")
            need_text = (
                f"required {_fmt(need)} ft"
                if need is not None
                else "required distance not determinable"
            )
            lines.append(
                f"- {row.get('component', '').replace('_', ' ')} to {row.get('feature', '').replace('_', ' ')}: "
                f"{_fmt(row.get('actual_ft'))} ft, {need_text}: {verdict}"
            )
        return "\n".join(lines)

    # -- retrieval -----------------------------------------------------------------------

    def _relevant(
        self, hits: list[Any], jurisdiction: str, on_topic: bool = True, question: str = ""
    ) -> list[Any]:
        """The hits, or none when they are not evidence: the best vector similarity must reach
        the threshold (on-subject questions) or OFF_TOPIC_SIMILARITY (questions without the
        vocabulary of sewer and septic rules); exact and title matches always count, and so does
        a near miss (within LEXICAL_MARGIN) whose text holds two of the question's own words."""
        hits = [h for h in hits if h.chunk.jurisdiction == jurisdiction]
        if not hits:
            return []
        exact = [h for h in hits if "exact" in h.matched_by or "title" in h.matched_by]
        best = max((h.vector_similarity or 0.0) for h in hits)
        needed = self.threshold if on_topic else max(self.threshold, OFF_TOPIC_SIMILARITY)
        if best < needed and not exact and on_topic and best >= needed - LEXICAL_MARGIN:
            keys = {_stem(w) for w in content_words(question) if w not in GENERIC}
            if any(len(keys & {_stem(w) for w in content_words(h.chunk.text)}) >= 2 for h in hits):
                return hits
        if best < needed and not exact:
            log.info(
                "best similarity %.3f below threshold %.3f in %s",
                best,
                self.threshold,
                jurisdiction,
            )
            return []
        return hits

    def search_block(
        self, topic: str, u: Understanding, jurisdiction: str, query: str
    ) -> Block | None:
        hint = SEARCH_HINTS.get(topic, "")
        hits = self.retriever.search(
            f"{query} {hint}".strip(), jurisdictions=[jurisdiction], k=self.top_k
        )
        hits = self._relevant(hits, jurisdiction, u.on_topic, u.question)
        if not hits:
            self.out.refused_cities.append(jurisdiction)
            return None
        if topic == "general" and "title" in hits[0].matched_by and _WHOLE.search(u.question):
            return self.section_block(u, jurisdiction, hits[0].chunk.ref)  # "show me <title>"
        terms = content_words(query) + list(TOPIC_TERMS.get(topic, ()))
        return self._quote_block(topic, u, jurisdiction, hits, terms)

    def _quote_block(
        self, topic: str, u: Understanding, jurisdiction: str, hits: list[Any], terms: list[str]
    ) -> Block | None:
        from app.compose import score_sentence

        candidates: list[tuple[float, int, Any, str]] = []
        asked = content_words(u.question)
        title_terms = {_stem(w) for w in asked if w not in GENERIC}
        seen: set[tuple[str, str]] = set()
        for rank, hit in enumerate(hits):
            key = (hit.chunk.jurisdiction, hit.chunk.ref)
            if key in seen:
                continue  # another chunk of a section already read whole
            seen.add(key)
            section = self._read_section(hit.chunk.jurisdiction, hit.chunk.ref)
            if section is None:
                continue
            folded = " ".join(section.text.split())
            # the whole section, not only the chunk: the sentence that answers may sit next door
            for sentence in best_sentences(section.text, terms + asked, max_sentences=4):
                if " ".join(sentence.split()) not in folded:
                    continue  # the chunk's text differs from the section's: never quote it
                bonus = max(0.0, 0.6 - 0.2 * rank)
                own = {_stem(w) for w in content_words(sentence)}
                if u.quantitative and re.search(r"\d", sentence) and own & title_terms:
                    bonus += 1.0
                if title_terms & {_stem(w) for w in content_words(section.title)}:
                    bonus += 0.75
                candidates.append(
                    (
                        score_sentence(sentence, terms) + score_sentence(sentence, asked) + bonus,
                        rank,
                        section,
                        sentence,
                    )  # the question's own words count twice
                )
        if not candidates:
            return None
        candidates.sort(key=lambda c: (-c[0], c[1]))
        chosen = [candidates[0]]
        # the retriever's best section always speaks, if it has a sentence on the question
        top_hit = [c for c in candidates if c[1] == 0 and c[0] >= 2.0]
        if top_hit and candidates[0][1] != 0:
            chosen.append(top_hit[0])
        for cand in candidates[1:]:
            if len(chosen) >= 3:
                break
            if cand[0] >= max(1.0, candidates[0][0] * 0.5) and cand[3] not in [
                c[3] for c in chosen
            ]:
                chosen.append(cand)
        quotes = [c[3] for c in chosen]
        if topic == "general" and not _covers_key_term(
            u.question, quotes[:1], [chosen[0][2].title]
        ):
            log.info("no key term of %r in the quotes: not evidence", u.question)
            return None
        name = self.names[jurisdiction]
        direct = direct_answer(topic, name, quotes, u.question)
        first = chosen[0][2]
        headline = direct or f'{first.label} says: "{quotes[0]}"'
        return Block(
            jurisdiction=jurisdiction,
            name=name,
            headline=headline,
            supports=[self._support(c[2], c[3]) for c in chosen],
            topic=topic,
        )

    def section_block(self, u: Understanding, jurisdiction: str, ref: str) -> Block | None:
        section = self._read_section(jurisdiction, ref)
        if section is None:
            return None
        self.out.tool_calls.append(
            ToolCall(name="get_section", arguments={"jurisdiction": jurisdiction, "ref": ref},
                     result={"label": section.label, "found": True})
        )  # fmt: skip
        asks_whole = _WHOLE.search(u.question)
        words = [
            w
            for w in content_words(u.question)
            if not re.fullmatch(r"[\d.()a-z]{1,8}", w) or len(w) > 3
        ]
        if not section.text.strip():  # a heading only (Hugo "404."): point to what it holds
            return self._children_block(jurisdiction, section)
        if asks_whole or not words:
            text = " ".join(section.text.split())
            quote = text if len(text) <= 1500 else text[: text.rfind(" ", 0, 1500)]
            more = "" if quote == text else " (excerpt; the section continues)"
            return Block(
                jurisdiction=jurisdiction,
                name=self.names[jurisdiction],
                headline=f"{section.label}{more}:",
                supports=[self._support(section, quote)],
                topic="lookup",
            )
        fake = type(
            "Hit",
            (),
            {
                "chunk": type(
                    "C",
                    (),
                    {"jurisdiction": jurisdiction, "ref": section.ref, "text": section.text},
                )()
            },
        )
        return self._quote_block("general", u, jurisdiction, [fake], words)

    def _children_block(self, jurisdiction: str, section: Any) -> Block | None:
        prefix = f"{section.ref}."
        children = [s for s in self.retriever.sections(jurisdiction) if s.ref.startswith(prefix)]
        supports: list[Support] = []
        for child in children[:10]:
            first = split_sentences(child.text)[:1]
            if first:
                self.ctx.add_section(child.jurisdiction, child.ref, child.text)
                supports.append(self._support(child, trim_quote(first[0], [], 200)))
        if not supports:
            return None
        listing = "; ".join(s.label for s in supports)
        return Block(
            jurisdiction=jurisdiction,
            name=self.names[jurisdiction],
            headline=f"{section.label} is a heading; its sections are: {listing}",
            supports=supports,
            topic="lookup",
        )

    # -- facts ---------------------------------------------------------------------------

    def fact_block(self, topic: str, u: Understanding, jurisdiction: str) -> Block | None:
        """The city's curated facts for a topic (each cited), in one block; None if it has none."""
        fn = self._tool("rule_fact")
        if fn is None:
            return None
        params = list(inspect.signature(fn).parameters)
        if len(params) < 2:
            return None
        name = self.names[jurisdiction]
        parts: list[str] = []
        supports: list[Support] = []
        notes: list[str] = []
        for fact in FACT_NAMES.get(topic, ()):
            try:
                result = fn(jurisdiction, fact)
            except (OrdinanceError, KeyError, ValueError) as exc:
                log.info("rule_fact %s/%s: %s", jurisdiction, fact, exc)
                continue
            data = _dump(result)
            if data.get("status") not in ("ok", "flagged") or not data.get("citations"):
                continue
            found = self._provenance_supports(list(data["citations"]), jurisdiction)
            if not found:
                continue
            args = {params[0]: jurisdiction, params[1]: fact}
            self.out.tool_calls.append(ToolCall(name="rule_fact", arguments=args, result=data))
            self.ctx.allow_numbers_from(data)
            supports.extend(found)
            direct = direct_answer(topic, name, [s.quote for s in found], u.question)
            summary = direct or str(data.get("summary") or "")
            parts.append(re.sub(rf"^{re.escape(name)}:\s*", "", summary).rstrip("."))
            notes.extend(str(w) for w in data.get("warnings") or [])
        if not parts:
            return None
        headline = parts[0] if len(parts) == 1 else f"{name}: " + "; ".join(parts)
        if len(parts) == 1 and not headline.startswith(("In ", "No:", name)):
            headline = f"{name}: {headline}"
        return Block(jurisdiction=jurisdiction, name=name, headline=headline, supports=supports,
                     topic=topic, notes=notes)  # fmt: skip


def _covers_key_term(question: str, quotes: list[str], titles: list[str]) -> bool:
    """Whether the quotes (or their titles) contain one of the question's specific words."""
    words = [w for w in content_words(question) if w not in GENERIC and not w.isdigit()]
    if not words:
        return True
    have = {_stem(w) for w in content_words(" ".join(quotes + titles))}
    return any(_stem(w) in have for w in words)


def _fmt(x: Any) -> str:
    if isinstance(x, bool) or x is None:
        return str(x)
    try:
        f = float(x)
    except (TypeError, ValueError):
        return str(x)
    return f"{int(f):,}" if f.is_integer() else f"{f:,.2f}".rstrip("0").rstrip(".")
