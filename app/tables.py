"""A city's whole sizing table when the question does not give the input that selects a row.

"How do Chaska, Hugo and East Bethel differ on tank size?" names no bedroom count, so the tank
calculator cannot run; rather than a random sentence, each city answers with its cited table
(every row's value from the curated rules data, quoted with the table's header) or with its
deferral to a state table that is not in this corpus, exactly as the calculator would say it.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from app.compose import Block
from app.lexicon import phrase
from app.records import ToolCall
from core.errors import NoCuratedRulesError

log = logging.getLogger(__name__)

# topic -> (rules deferral, what the table gives, the input that selects a row); the table itself
# is read from the city's rule of that topic (tools.by_topic.topic_table).
TOPIC_TABLES: dict[str, tuple[str, str, str]] = {
    "tank": ("septic_tank", "septic tank capacities for dwellings", "bedrooms"),
    "flow": ("design_flow", "design flows for dwellings", "bedrooms"),
}
TABLE_TOOL = "rule_table"


def table_block(worker: Any, topic: str, jurisdiction: str, question: str) -> Block | None:
    """The city's table (or deferral) for `topic` as one cited block; None when it has neither
    or the question is not about a dwelling. `worker` is the `DefaultAnswerer` (its
    calculators, supports and verification context)."""
    if (
        topic not in TOPIC_TABLES
        or worker.calculators is None
        or phrase("not_single_dwelling").search(question)
    ):
        return None
    from tools import base
    from tools.by_topic import topic_table

    deferral_key, what, by = TOPIC_TABLES[topic]
    try:
        c = base.city(jurisdiction)
    except NoCuratedRulesError:  # an ingested city without rules: its text is quoted instead
        return None
    rows = topic_table(jurisdiction, topic, by)
    if rows:
        unit = rows[0].unit or ""
        cells = [f"{_label(b.label)}: {base.fmt(b.value)} {unit}".strip() for b in rows if b.value]
        flagged = [b.label for b in rows if b.confidence != "high"]
        data: dict[str, Any] = {
            "status": "ok",
            "rows": [b.model_dump(mode="json") for b in rows],
            "summary": f"{c.name} sets {what} by {by}: " + "; ".join(cells) + ".",
            "citations": [c.cite(b).model_dump(mode="json") for b in rows],
        }
        notes = (
            [
                f"Row(s) {', '.join(map(_label, flagged))}: OCR-uncertain transcription; check the original."
            ]
            if flagged
            else []
        )
    elif deferral_key in c.deferrals:
        result = base.deferred(f"{topic}_table", c, deferral_key, what)
        data = result.model_dump(mode="json")
        notes = []
    else:
        return None
    args = {"jurisdiction": jurisdiction, "table": topic if rows else deferral_key}
    worker.out.tool_calls.append(ToolCall(name=TABLE_TOOL, arguments=args, result=data))
    worker.ctx.allow_numbers_from(data)
    supports = worker._provenance_supports(list(data["citations"]), jurisdiction)
    unique = list({(s.section, s.title, s.quote): s for s in supports}.values())
    if not unique:
        return None
    return Block(
        jurisdiction=jurisdiction,
        name=c.name,
        headline=str(data["summary"]),
        supports=unique,
        notes=notes,
        topic=topic,
    )


def _label(label: str) -> str:
    return re.sub(r"\s*\((?:label )?lost in OCR[^)]*\)", "", label).strip()
