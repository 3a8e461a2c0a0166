"""The app's side of the optional LLM mode: plain callables for `index.llm.run_agent`, bound to a
`DefaultAnswerer` (same retrieval, evidence rule, sections and calculators as the default mode),
and the agent's cited sources turned back into `Citation`s for the verifier.

`index.llm` knows nothing of the app; everything the agent reads is recorded here in the
answerer's `VerificationContext` (sections read, numbers from calculator results) and its tool
calls, so the agent's answer is verified exactly like a default answer.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from app.compose import Support, best_sentences, content_words, score_sentence
from app.records import Citation, ToolCall
from core.errors import OrdinanceError
from index.llm import AgentTools, Source

log = logging.getLogger(__name__)


def calculator_functions() -> list[Callable[..., Any]]:
    """The calculators the agent may call (`tools.registry.TOOLS`), as plain functions."""
    try:
        from tools.registry import TOOLS
    except ImportError:  # pragma: no cover - the calculators ship with the package
        return []
    items = TOOLS.values() if isinstance(TOOLS, dict) else TOOLS
    out: list[Callable[..., Any]] = []
    for item in items:
        fn = getattr(item, "fn", None) or getattr(item, "func", None) or item
        if callable(fn):
            out.append(fn)
    return out


def agent_tools(worker: Any, scope: list[str]) -> AgentTools:
    """`AgentTools` over a `DefaultAnswerer`, limited to the cities in scope."""

    def resolve(city: str) -> str:
        key = str(worker.retriever.resolve_jurisdiction(city))
        if key not in scope:
            raise OrdinanceError(
                f"{city!r} is not a city this question asks about: {', '.join(scope)}."
            )
        return key

    def search(query: str, key: str) -> list[Source]:
        hits = worker._relevant(
            worker.retriever.search(query, jurisdictions=[key], k=worker.top_k), key
        )
        terms = content_words(query)
        ranked: list[tuple[float, int, Support]] = []
        for rank, hit in enumerate(hits):
            section = worker._read_section(key, hit.chunk.ref)
            if section is None:
                continue
            folded = " ".join(section.text.split())
            for sentence in best_sentences(hit.chunk.text, terms, max_sentences=2):
                if " ".join(sentence.split()) in folded:
                    score = score_sentence(sentence, terms) + max(0.0, 0.6 - 0.2 * rank)
                    ranked.append((score, rank, worker._support(section, sentence)))
        ranked.sort(key=lambda r: (-r[0], r[1]))
        return [r[2] for r in ranked[:4]]

    def section(key: str, ref: str) -> Source | None:
        found = worker._read_section(key, ref)
        if found is None:
            return None
        return worker._support(found, " ".join(found.text.split()))

    def record(name: str, arguments: dict[str, Any], data: dict[str, Any]) -> list[Source]:
        worker.out.tool_calls.append(ToolCall(name=name, arguments=arguments, result=data))
        worker.ctx.allow_numbers_from(data, arguments)
        provs = list(data.get("citations") or [])
        city = str(arguments.get("jurisdiction") or scope[0])
        return list(worker._provenance_supports(provs, city))

    return AgentTools(search=search, section=section, resolve=resolve,
                      calculators=calculator_functions(), record=record)  # fmt: skip


def citations(cited: list[tuple[int, Source]]) -> list[Citation]:
    """The agent's cited sources as `Citation`s with their markers."""
    return [
        Citation(
            jurisdiction=s.jurisdiction,
            section=s.section,
            title=s.title,
            label=s.label,
            quote=s.quote,
            source=s.source,
            page=s.page,
            marker=marker,
        )
        for marker, s in cited
    ]
