"""The assistant: one question in, one verified `Answer` out.

    assistant = Assistant()                     # home and settings from `get_settings()`
    answer = assistant.ask("How big a septic tank does a 4 bedroom house in Chaska need?")

The default mode is deterministic (no LLM): `app.understand` reads the question, the
`DefaultAnswerer` calls the calculators and/or retrieves provisions, `app.compose` writes the
answer and `app.verify` checks every citation against the corpus before it is returned. With
`llm_provider` set, an agent (`index.llm`) writes the prose from the same tools; its answer goes
through the same verifier and falls back to the default answer (mode "llm-fallback") when the
LLM is unreachable or its answer does not verify. The index is opened once, lazily.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from app.answerer import FACT_NAMES, TOPIC_TOOLS, DefaultAnswerer
from app.compose import Block, render
from app.params import PREMISE as _PREMISE
from app.places import detect_jurisdictions
from app.records import REFUSAL, Answer
from app.settings import Settings, get_settings
from app.tables import TOPIC_TABLES, table_block
from app.uncurated import no_rules_caveat
from app.understand import Understanding, merge_follow_up, understand
from app.verify import VerificationContext, failures
from core.errors import BackendUnavailableError, OrdinanceError, QueryError

log = logging.getLogger(__name__)

History = Sequence[tuple[str, str]] | Sequence[Answer]


def _premise_figures(question: str, blocks: list[Block]) -> list[str]:
    """Quantities a 'Since <city> requires N ...,' clause states that no answer line repeats."""
    m = _PREMISE.match(question)
    if not m or not blocks:
        return []
    premise = question[: m.start(1)]
    found = re.findall(
        r"(\d[\d,]*(?:\.\d+)?)[\s-]*(gallons?|feet|foot|ft|months?|years?|days?)", premise, re.I
    )
    heads = " ".join(b.headline for b in blocks).replace(",", "")
    return [f"{n} {unit}" for n, unit in found if n.replace(",", "") not in heads]


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _disagreement(selected: str, named: list[str]) -> str:
    """The note when the city chosen outside the question (a selector, `--city`) is not the one
    the question names: the question wins, and the answer says so first."""
    return (
        f"The question names {_join(named)} but {selected} was selected; this answer is for "
        f"{_join(named)}. To ask about {selected}, name it in the question."
    )


class Assistant:
    """Answers questions about the ordinances in one home (index + corpus)."""

    def __init__(self, home: Path | None = None, settings: Settings | None = None) -> None:
        self.settings = settings or get_settings()
        self.home = Path(home) if home is not None else self.settings.home
        self._retriever: Any = None
        self._names: dict[str, str] = {}
        self._sources: dict[str, str] = {}
        self._adopted: dict[str, list[str]] = {}
        self._calculators: Any = None

    # -- backends (opened once) --------------------------------------------------------------

    @property
    def retriever(self) -> Any:
        if self._retriever is None:
            from index.retrieve import Retriever

            retriever = Retriever.open(
                self.home,
                chroma_url=self.settings.chroma_url,
                max_chars=self.settings.max_query_chars,
            )
            self._names = retriever.jurisdictions()
            for key, entry in retriever.entries().items():  # the catalog: no city text read
                self._sources[key] = Path(entry.source).name
                self._adopted[key] = list(entry.state_rules_adopted)
            self._retriever = retriever
        return self._retriever

    @property
    def calculators(self) -> Any:
        if self._calculators is None:
            try:
                from tools import base, calculators

                base.configure(self.settings.rules_dir)
                self._calculators = calculators
            except ImportError:  # pragma: no cover - the calculators ship with the package
                log.warning("tools.calculators is not available: answering from retrieval only")
                self._calculators = False
        return self._calculators or None

    def names(self) -> dict[str, str]:
        """Key -> display name of every jurisdiction in the index."""
        _ = self.retriever
        return dict(self._names)

    def sources(self) -> dict[str, str]:
        """Key -> source file name of every jurisdiction in the index."""
        _ = self.retriever
        return dict(self._sources)

    def warm(self) -> None:
        """Open the index and load the embedding model (the first answer is then fast)."""
        self.retriever.search("septic tank", k=1)

    # -- asking ------------------------------------------------------------------------------

    def ask(self, question: str, jurisdiction: str | None = None, history: History = ()) -> Answer:
        """Answer one question; `jurisdiction` (a key) restricts it to one city."""
        start = time.perf_counter()
        text = " ".join(str(question).split())
        if not text:
            raise QueryError(
                "Empty question: type a question, e.g. 'How big a tank for 3 bedrooms in Hugo?'."
            )
        if len(text) > self.settings.max_query_chars:
            raise QueryError(
                f"Question {text[:40]!r}... is {len(text):,} characters long; the limit is "
                f"{self.settings.max_query_chars:,}. Shorten it (or raise ORDINANCE_MAX_QUERY_CHARS)."
            )
        names = self.names()
        u = self._understand(text, names, history)
        conflict = None
        if jurisdiction:
            key = self.retriever.resolve_jurisdiction(jurisdiction)
            named = detect_jurisdictions(text, names)
            if named and key not in named:  # the city the question names wins over the selector
                conflict = _disagreement(names[key], [names[c] for c in named])
            else:
                u = u.model_copy(
                    update={"jurisdictions": [key], "unknown_places": [], "all_cities": False}
                )
        if self.settings.llm_provider != "none":
            answer = self._ask_llm(u, question)
        else:
            answer = self._default(u, question)
        if conflict:
            answer.notes.insert(0, conflict)
            if not answer.refused:
                answer.answer = f"Note: {conflict}\n\n{answer.answer}"
        answer.elapsed_ms = (time.perf_counter() - start) * 1000
        return answer

    def stream(
        self, question: str, jurisdiction: str | None = None, history: History = ()
    ) -> Iterator[str]:
        """The answer text in pieces (paragraphs), for a chat UI."""
        answer = self.ask(question, jurisdiction, history)
        for i, part in enumerate(answer.answer.split("\n\n")):
            yield ("\n\n" if i else "") + part

    def _understand(self, text: str, names: dict[str, str], history: History) -> Understanding:
        u = understand(text, names)
        previous: Understanding | None = None
        for turn in history:
            q = turn.question if isinstance(turn, Answer) else turn[0]
            if not q:
                continue
            cur = understand(q, names)
            previous = merge_follow_up(cur, previous) if previous is not None else cur
        return merge_follow_up(u, previous) if previous is not None else u

    # -- the deterministic answer ------------------------------------------------------------

    def _coverage(self, u: Understanding, question: str) -> Answer:
        covered = _join(sorted(self._names.values()))
        places = _join(u.unknown_places)
        return Answer(
            question=question,
            jurisdictions=[],
            answer=f"{REFUSAL} It covers only {covered}; it has no ordinance for {places}.",
            refused=True,
            clarification=f"Ask about {covered}, or add {places}'s ordinance with `ordinance ingest`.",
        )

    def _default(self, u: Understanding, question: str) -> Answer:
        if u.unknown_places and not u.jurisdictions:
            return self._coverage(u, question)
        names = self._names
        scope = list(u.jurisdictions) or list(names)
        named = bool(u.jurisdictions)
        ctx = VerificationContext(asked=set(scope), adopted_rules=self._adopted)
        worker = DefaultAnswerer(
            self.retriever,
            names,
            self._sources,
            ctx,
            threshold=self.settings.refusal_threshold,
            top_k=self.settings.top_k,
            calculators=self.calculators,
        )
        blocks = self._blocks(worker, u, scope, question)
        notes: list[str] = []
        clarification: str | None = None
        if u.injection:
            notes.append("Instructions inside the question were treated as text, not followed.")
        if u.unknown_places and named:
            notes.append(
                f"{_join(u.unknown_places)} is not in this corpus (it covers "
                f"{_join(sorted(names.values()))}); only {_join([names[c] for c in scope])} is answered."
            )
        absent = [m for m in worker.out.missing if m.startswith("section:")]
        if absent:
            _, refs, cities = absent[0].split(":", 2)
            clarification = f"{cities}'s ordinance has no section or table {refs}."
        elif worker.out.missing and any(t in TOPIC_TOOLS for t in u.topics):
            need = _missing_text(worker.out.missing)
            clarification = f"To compute this, tell me {need}."
        if not named and not u.comparison and len({b.jurisdiction for b in blocks}) > 1:
            clarification = clarification or (
                f"Which city is the property in? The answer differs by city ({_join(sorted(names.values()))})."
            )
        answered = sorted({b.jurisdiction for b in blocks}, key=scope.index)
        table = len(answered) > 1 and all(b.value for b in blocks) and u.comparison
        text, citations = render(blocks, table=table)
        if not blocks:
            return Answer(question=question, jurisdictions=scope if named else [], answer=REFUSAL,
                          refused=True, tool_calls=worker.out.tool_calls, clarification=clarification)  # fmt: skip
        for b in blocks:
            notes.extend(b.notes)
        answer = Answer.verified(
            ctx,
            question=question,
            jurisdictions=answered,
            answer=text,
            citations=citations,
            tool_calls=worker.out.tool_calls,
            clarification=clarification,
            notes=list(dict.fromkeys(notes)),
        )
        own = [n for n in notes if n.startswith(("Instructions inside", *u.unknown_places))]
        silent = [c for c in scope if c not in answered and c in worker.out.refused_cities]
        stated = _premise_figures(question, blocks)
        if stated:
            own.append(
                f"The question's premise ({_join(stated)}) is not what the cited text says; "
                "the figures above are the ordinance's."
            )
        if answered and silent:  # "which cities require...": say who has no such provision
            own.append(
                f"{_join([names[c] for c in silent])}: no provision on this in this corpus "
                "(nothing to quote)."
            )
        if own and not answer.refused:  # the assistant's own caveats (tool notes are already in)
            answer.answer += "\n\n" + "\n".join(f"Note: {n}" for n in own)
        return answer

    def _blocks(
        self, worker: DefaultAnswerer, u: Understanding, scope: list[str], question: str
    ) -> list[Block]:
        blocks: list[Block] = []
        if u.section_refs:
            for city in scope:
                for ref in u.section_refs:
                    block = worker.section_block(u, city, ref)
                    if block is not None:
                        blocks.append(block)
            if blocks:
                return blocks
            # a section the asked city does not have: a false premise, not a search query
            refs = ", ".join(u.section_refs)
            cities = _join([self._names[c] for c in scope])
            worker.out.missing.append(f"section:{refs}:{cities}")
            return []
        for topic in u.topics:
            for city in scope:
                made: list[Block] = []
                for tool in TOPIC_TOOLS.get(topic, ()):
                    if (
                        topic == "pumping"
                        and u.params.sludge_in is None
                        and u.params.scum_in is None
                    ):
                        break
                    block = worker.calc_block(topic, tool, u, city)
                    if block is not None:
                        made.append(block)
                if not made and topic in TOPIC_TABLES and "bedrooms" in worker.out.missing:
                    table = table_block(
                        worker, topic, city, question
                    )  # no bedroom count: the whole table
                    made = [table] if table is not None else []
                if not made and topic in FACT_NAMES:
                    fact = worker.fact_block(topic, u, city)
                    made = [fact] if fact is not None else []
                    if made and topic == "permit_fee":  # dollar amounts of other permits, if any
                        extra = worker.search_block("general", u, city, u.corrected or question)
                        if extra is not None and any("$" in s.quote for s in extra.supports):
                            made.append(extra)
                if not made:
                    block = worker.search_block(topic, u, city, u.corrected or question)
                    made = [block] if block is not None else []
                    if city in worker.out.no_rules:
                        for b in made:
                            b.notes.append(no_rules_caveat(city))
                seen = {(b.jurisdiction, b.headline) for b in blocks}
                # two topics searched to the same sentence ("pump tank ... smaller") say it once
                blocks.extend(b for b in made if (b.jurisdiction, b.headline) not in seen)
        if not u.jurisdictions and u.topic == "general":
            blocks = _closest_cities(blocks, worker)
        return blocks

    # -- the optional LLM ----------------------------------------------------------------------

    def _ask_llm(self, u: Understanding, question: str) -> Answer:
        fallback = self._default(u, question)
        if u.unknown_places and not u.jurisdictions:
            return fallback
        scope = list(u.jurisdictions) or list(self._names)
        try:
            from app.llm_tools import agent_tools, citations
            from index.llm import LLMConfig, run_agent

            config = LLMConfig.from_settings(self.settings)
            ctx = VerificationContext(asked=set(scope), adopted_rules=self._adopted)
            worker = DefaultAnswerer(
                self.retriever, self._names, self._sources, ctx,
                threshold=self.settings.refusal_threshold, top_k=self.settings.top_k,
                calculators=self.calculators,
            )  # fmt: skip
            draft = run_agent(config, question, scope, agent_tools(worker, scope), REFUSAL)
            candidate = Answer(
                question=question,
                jurisdictions=scope,
                answer=draft.text,
                citations=citations(draft.cited),
                tool_calls=worker.out.tool_calls,
                mode="llm",
            )
            problems = failures(candidate, ctx)
            if draft.refused:
                problems = []
            if problems:
                raise _Unverified("; ".join(problems))
            if draft.refused:
                return candidate.model_copy(
                    update={"answer": REFUSAL, "refused": True, "citations": []}
                )
            return candidate
        except (BackendUnavailableError, _Unverified, OrdinanceError) as exc:
            reason = "unreachable" if isinstance(exc, BackendUnavailableError) else "unverified"
            log.warning("LLM answer %s: %s", reason, exc)
            note = (
                "The LLM could not be reached; this is the deterministic answer."
                if reason == "unreachable"
                else "The LLM's answer failed citation checks; this is the deterministic answer."
            )
            text = fallback.answer if fallback.refused else f"{fallback.answer}\n\nNote: {note}"
            return fallback.model_copy(
                update={"mode": "llm-fallback", "answer": text, "notes": [*fallback.notes, note]}
            )


def _with_component(u: Understanding, component: str) -> Understanding:
    params = u.params.model_copy(update={"component": component})
    return u.model_copy(update={"params": params})


class _Unverified(Exception):
    pass


def _missing_text(missing: list[str]) -> str:
    names = {"bedrooms": "the number of bedrooms", "perc": "the percolation rate (minutes per inch)",
             "flow": "the daily flow (gallons per day)", "sludge": "the sludge and scum measurements",
             "scum": "the sludge and scum measurements",
             "distances": "the measured distances in feet (to the well, building, property line or lake)",
             "feature": "the feature (well, building, property line, lake)"}  # fmt: skip
    out: list[str] = []
    for m in dict.fromkeys(missing):
        text = next((v for k, v in names.items() if k in m), m.replace("_", " "))
        if text not in out:
            out.append(text)
    return _join(out)


def _closest_cities(blocks: list[Block], worker: DefaultAnswerer) -> list[Block]:
    """Unnamed city, general question: keep every city with relevant evidence (already filtered)."""
    return blocks
