"""The deterministic default answerer: calculators for numbers, retrieval for provisions.

`DefaultAnswerer` makes one `Block` per city and topic: `calc_block` runs a calculator with the
question's parameters, `fact_block` gives a city's curated facts, and the retrieval half
(`app.quoting.QuotingMixin`: `search_block`, `section_block`) quotes the sentences that answer.
Every section it reads is recorded in the `VerificationContext`; its tool calls in `out`. It
never writes a number itself: numbers come from calculator results (`tools.calculators`, which
cite their sections) or from verbatim quotes of retrieved sections. Thin calculator quotes (a
table row) are widened to their table with its header (`app.compose.widen_quote`).
"""

from __future__ import annotations

import inspect
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.compose import Block, Support, direct_answer, fee_deferred, widen_quote
from app.lexicon import lexicon
from app.quoting import QuotingMixin, RetrieverLike
from app.reader import asking_and_context, is_yes_no
from app.records import ToolCall
from app.understand import Understanding
from app.verify import STATE_SOURCE, STATE_TITLE, VerificationContext
from core.errors import (
    NoCuratedRulesError,
    OrdinanceError,
    SectionNotFoundError,
    ToolInputError,
)

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
FACT_NAMES: tuple[str, ...] = (
    "permit_validity", "permit_fee", "pumping", "inspection_notice", "failing", "holding_tank",
)  # fmt: skip
"""Question topics answered from a city's curated facts (each fact names its topic in data)."""


@dataclass
class Outcome:
    """What the answerer found: blocks to render, tool calls, sections read, caveats."""

    blocks: list[Block] = field(default_factory=list)
    tool_calls: list[ToolCall] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # inputs the user did not give
    refused_cities: list[str] = field(default_factory=list)
    no_rules: list[str] = field(default_factory=list)  # cities without curated calculator rules


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


class DefaultAnswerer(QuotingMixin):
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
                out.append(self._support(section, widen_quote(section.text, prov["quote"])))
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
        except NoCuratedRulesError:  # an ingested city without rules: its text is quoted instead
            if jurisdiction not in self.out.no_rules:
                self.out.no_rules.append(jurisdiction)
            return None
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
        abstained = data.get("status") in ("deferred", "not_in_corpus")
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
            abstained=abstained,
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

    def _record(self, call: ToolCall) -> None:
        self.out.tool_calls.append(call)

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
        deferred: list[bool] = []
        keys = self._tool("fact_keys")
        for fact in keys(jurisdiction, topic) if keys is not None and topic in FACT_NAMES else ():
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
            deferred.append(fee_deferred(topic, [s.quote for s in found]))
            summary = direct or str(data.get("summary") or "")
            parts.append(re.sub(rf"^{re.escape(name)}:\s*", "", summary).rstrip("."))
            notes.extend(str(w) for w in data.get("warnings") or [])
        if not parts:
            return None
        headline = parts[0] if len(parts) == 1 else f"{name}: " + "; ".join(parts)
        if len(parts) == 1 and not headline.startswith(("In ", "No:", name)):
            headline = f"{name}: {headline}"
        # the text gives no amount: an abstention, where the question asks for the amount (not
        # 'is it just the regular fee?', which the text may still answer)
        words = set(re.findall(r"[a-z]+", asking_and_context(u.question)[0].lower()))
        asks = not is_yes_no(u.question) or bool(words & set(lexicon().answer_types["money"].units))
        return Block(jurisdiction=jurisdiction, name=name, headline=headline, supports=supports,
                     topic=topic, notes=notes, abstained=all(deferred) and asks)  # fmt: skip


def _fmt(x: Any) -> str:
    if isinstance(x, bool) or x is None:
        return str(x)
    try:
        f = float(x)
    except (TypeError, ValueError):
        return str(x)
    return f"{int(f):,}" if f.is_integer() else f"{f:,.2f}".rstrip("0").rstrip(".")
