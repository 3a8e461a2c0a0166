"""Retrieval eval: hit@1/3/5 and MRR per jurisdiction for our hybrid retriever and, in the same
run, BM25 alone, vector search alone and the plain llama-index default pipeline.

A case is a hit at k when any of its expected sections is among the first k results. Cases
without expected sections (refusals) are not scored for hits, only for leaks: a result from
another jurisdiction than the case's city counts in ``leaks`` for every system that filters.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from pydantic import BaseModel, ConfigDict, Field

from evals.dataset import EvalCase
from index.refs import normalize_ref
from index.retrieve import Retriever

log = logging.getLogger(__name__)

SYSTEMS = ("ours", "bm25", "vector", "llama-index-default")
"""Systems in report order: ours first, then the baselines."""

SectionKey = tuple[str, str]
Searcher = Callable[[EvalCase, int], list[set[SectionKey]]]


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CaseResult(_Record):
    system: str
    case_id: str
    group: str = Field(description="The case's city, or 'multi' for cases without one.")
    rank: int | None = Field(description="1-based rank of the first expected section, or None.")
    leaks: int = Field(description="Results from a jurisdiction other than the case's city.")


class ScoreRow(_Record):
    system: str
    group: str = Field(description="A city key, 'multi' (no city given) or 'all'.")
    cases: int
    hit1: float
    hit3: float
    hit5: float
    mrr: float
    leaks: int


class RetrievalReport(_Record):
    k: int
    rows: list[ScoreRow]
    results: list[CaseResult]

    def row(self, system: str, group: str = "all") -> ScoreRow:
        return next(r for r in self.rows if r.system == system and r.group == group)


def expected_keys(case: EvalCase) -> set[SectionKey]:
    return {(e.jurisdiction, normalize_ref(e.ref)) for e in case.expected_sections}


def first_rank(hits: Sequence[set[SectionKey]], expected: set[SectionKey]) -> int | None:
    for rank, keys in enumerate(hits, 1):
        if keys & expected:
            return rank
    return None


def our_searcher(retriever: Retriever, mode: str = "hybrid") -> Searcher:
    def search(case: EvalCase, k: int) -> list[set[SectionKey]]:
        cities = [case.city] if case.city else None
        # As `ordinance search` lists them: distinct sections (one chunk each).
        found = retriever.search(case.question, cities, k, mode=mode, per_section=1)  # type: ignore[arg-type]
        return [{(e.chunk.jurisdiction, normalize_ref(e.chunk.ref))} for e in found]

    return search


def _hit_at(rows: Sequence[CaseResult], cut: int) -> float:
    return sum(1 for r in rows if r.rank is not None and 0 < r.rank <= cut) / max(len(rows), 1)


def score(results: Sequence[CaseResult], k: int) -> list[ScoreRow]:
    rows: list[ScoreRow] = []
    systems = list(dict.fromkeys(r.system for r in results))
    groups = sorted({r.group for r in results})
    for system in systems:
        for group in [*groups, "all"]:
            chosen = [r for r in results if r.system == system and group in ("all", r.group)]
            scored = [r for r in chosen if r.rank != -1]
            n = len(scored)

            mrr = sum(1 / r.rank for r in scored if r.rank) / max(n, 1)
            rows.append(
                ScoreRow(
                    system=system,
                    group=group,
                    cases=n,
                    hit1=round(_hit_at(scored, 1), 4),
                    hit3=round(_hit_at(scored, 3), 4),
                    hit5=round(_hit_at(scored, min(5, k)), 4),
                    mrr=round(mrr, 4),
                    leaks=sum(r.leaks for r in chosen),
                )
            )
    return rows


def run_retrieval_eval(
    cases: Sequence[EvalCase],
    systems: dict[str, Searcher],
    k: int = 5,
) -> RetrievalReport:
    """Run every case through every system; ``rank`` -1 marks a case without expectations."""
    results: list[CaseResult] = []
    for name, search in systems.items():
        for case in cases:
            hits = search(case, k)
            expected = expected_keys(case)
            leaks = sum(1 for keys in hits for j, _ in keys if j != case.city) if case.city else 0
            results.append(
                CaseResult(
                    system=name,
                    case_id=case.id,
                    group=case.city or "multi",
                    rank=first_rank(hits, expected) if expected else -1,
                    leaks=leaks,
                )
            )
            log.debug("%s %s -> %s", name, case.id, results[-1].rank)
    return RetrievalReport(k=k, rows=score(results, k), results=results)


def default_systems(retriever: Retriever, baseline: object | None) -> dict[str, Searcher]:
    """Ours, BM25 alone, vector alone and (if given) the plain llama-index baseline."""
    systems: dict[str, Searcher] = {
        "ours": our_searcher(retriever, "hybrid"),
        "bm25": our_searcher(retriever, "bm25"),
        "vector": our_searcher(retriever, "vector"),
    }
    if baseline is not None:

        def plain(case: EvalCase, k: int) -> list[set[SectionKey]]:
            cities = [case.city] if case.city else None
            return baseline.search(case.question, cities, k)  # type: ignore[attr-defined,no-any-return]

        systems["llama-index-default"] = plain
    return systems
