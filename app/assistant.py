"""The assistant: one question in, one verified `Answer` out.

    assistant = Assistant()                     # home and settings from `get_settings()`
    answer = assistant.ask("How big a septic tank does a 4 bedroom house in Chaska need?")

The default mode is deterministic (no LLM): `app.understand` reads the question, the
`DefaultAnswerer` calls the calculators and/or retrieves provisions, `app.compose` writes the
answer and `app.verify` checks every citation against the corpus before it is returned. With
`llm_provider` set, the LLM reads that answer's provisions part by part and writes each part's
direct answer (`app.llm_tools`, `index.llm`); a part whose reply does not verify, declines or
fails keeps the default text (mode "llm-fallback" when no part was written by the LLM). The
index is opened once, lazily.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from app.answerer import FACT_NAMES, TOPIC_TOOLS, DefaultAnswerer
from app.compose import Block, _stem, render
from app.lexicon import lexicon, phrase
from app.places import detect_jurisdictions
from app.polarity import exempts, polarity, says_no
from app.premises import date_claim_check, premise_check
from app.quoting import key_words
from app.reader import (
    FIGURE_TYPES,
    asked_types,
    asking_and_context,
    carries,
    covers_subject,
    deferral,
    is_yes_no,
    split_parts,
    stated_types,
)
from app.records import REFUSAL, Answer, ToolCall
from app.rule_route import RULE_NEW, RULE_TEXT, rule_blocks
from app.settings import Settings, get_settings
from app.tables import TOPIC_TABLES, table_block
from app.typos import CorpusSpelling
from app.uncurated import extracted_provider, no_rules_caveat
from app.understand import Understanding, merge_follow_up, understand
from app.verify import VerificationContext
from core.errors import QueryError

log = logging.getLogger(__name__)

History = Sequence[tuple[str, str]] | Sequence[Answer]


def _premise_figures(question: str, blocks: list[Block]) -> list[str]:
    """Quantities a 'Since <city> requires N ...,' clause states that no answer line repeats."""
    m = phrase("premise_clause").match(question)
    if not m or not blocks:
        return []
    premise = question[: m.start(1)]
    found = re.findall(
        r"(\d[\d,]*(?:\.\d+)?)[\s-]*(gallons?|feet|foot|ft|months?|years?|days?)", premise, re.I
    )
    heads = " ".join(b.headline for b in blocks).replace(",", "")
    return [f"{n} {unit}" for n, unit in found if n.replace(",", "") not in heads]


def _carries_asked(question: str, blocks: list[Block]) -> bool:
    """Whether the blocks hold an answer of the type the question asks for (a question without a
    figure type, or a yes/no question that states no figure: any; '... 90% full, correct?' asks
    for a percentage)."""
    if is_yes_no(question):
        main = next(iter(stated_types(question)), None)
    else:
        main = next((t for t in asked_types(question) if t in FIGURE_TYPES), None)
    if main is None:
        return True
    return any(
        carries(" ".join([b.headline, *(s.quote for s in b.supports)]), main) for b in blocks
    )


def _abstains(question: str, blocks: list[Block]) -> bool:
    """Whether the answer abstains: every block abstains, or (a question asking for a figure
    type) every block that states the asked type or abstains does: a block stating another
    quantity (the bedroom count a capacity would be computed from) does not answer it."""
    if not blocks:
        return False
    if len(split_parts(question)) > 1 and not all(b.abstained for b in blocks):
        return False  # '... the amount, and how long to pay it?': one part answered is an answer
    main = next((t for t in asked_types(question) if t in FIGURE_TYPES), None)
    if main is None or is_yes_no(question):
        return all(b.abstained for b in blocks)
    answering = [b for b in blocks if b.abstained or carries(f"{b.value or ''} {b.headline}", main)]
    return bool(answering) and all(b.abstained for b in answering)


def _without_echoes(blocks: list[Block]) -> list[Block]:
    """The blocks without one that only quotes again what an abstaining block of its city
    points to ('does not state a dollar amount ... It refers to §11.3: "..."' and then '§11.3
    says: "..."' for an aside read as a second part): the referral says it once."""
    referred = {
        (b.jurisdiction, s.label, s.quote) for b in blocks if b.abstained for s in b.supports
    }
    return [
        b
        for b in blocks
        if b.abstained
        or b.value is not None
        or not b.supports
        or any((b.jurisdiction, s.label, s.quote) not in referred for s in b.supports)
    ]


def _on_subject(question: str, block: Block, names: dict[str, str]) -> bool:
    quotes = " ".join(s.quote for s in block.supports[:1])
    return covers_subject(question, quotes, [*names.values(), *names])


def _ruling_first(question: str, blocks: list[Block]) -> None:
    """'Can we put in a holding tank for the new cabin?': a yes/no question that states and asks
    no figure asks what a rule allows; a provision that says no to it leads a calculator's figure
    for the same city (the tank's size is not what is asked)."""
    if len(blocks) < 2 or not is_yes_no(question) or blocks[0].value is None:
        return
    asking = asking_and_context(question)[0]
    if stated_types(asking) or any(t in FIGURE_TYPES for t in asked_types(asking)):
        return
    first = blocks[0]
    for i, b in enumerate(blocks[1:], 1):
        if (
            b.jurisdiction == first.jurisdiction
            and b.topic == "general"
            and not b.abstained
            and b.supports
            and re.match(r"No\b", b.headline)
            and says_no(b.supports[0].quote)
        ):
            blocks.insert(0, blocks.pop(i))
            return


def _own_stems(text: str) -> set[str]:
    return {_stem(w) for w in re.findall(r"[a-z]+", text.lower())}


def _subject_first(question: str, blocks: list[Block]) -> None:
    """Of one city's figures, the one whose own words name more of the question's decides a
    yes/no ('a 600 gallon aeration compartment for 5 bedrooms?': the aeration compartment's
    least capacity, not the septic tank's): it moves first."""
    counted = _own_stems(" ".join(re.findall(r"\d[\d,.]*[\s-]*([a-z]+)", question.lower())))
    keys = key_words(question) & _own_stems(question) - counted  # its own words (no synonyms),
    # not the units of its figures ('550 gallon', '4 bedroom'): what it names

    def named(b: Block) -> int:
        return len(keys & _own_stems(b.headline.split("(§")[0]))

    lead = blocks[0]
    rivals = [
        i for i, b in enumerate(blocks[1:], 1)
        if b.jurisdiction == lead.jurisdiction and not b.abstained and b.value is not None
    ]  # fmt: skip
    if lead.value is None or not rivals:
        return
    best = max(rivals, key=lambda i: named(blocks[i]))
    if named(blocks[best]) > named(lead):
        blocks.insert(0, blocks.pop(best))


def _lead(
    question: str,
    blocks: list[Block],
    exception: Callable[[str, Any], tuple[str, Any] | None] | None = None,
) -> None:
    """A yes/no question's answer leads with Yes or No (from the first quoted provision, or the
    figure it states against the question's premise), whatever block answered it; a Yes gives
    way to a sentence beside the quoted one that says no to the asked case (`exception`)."""
    if not blocks or not is_yes_no(question):
        return
    parts = split_parts(asking_and_context(question)[0])  # (an aside before it is no part)
    if len(parts) > 1 and not is_yes_no(parts[0]):  # the yes/no part is not the first answered
        return
    _subject_first(question, blocks)
    if blocks[0].abstained:
        # the city's table is another text's, but a rule of its own answers the asked case
        # ('4 or more bedrooms also require two compartments'): that answer leads
        answering = next(
            (
                b
                for b in blocks[1:]
                if b.jurisdiction == blocks[0].jurisdiction
                and not b.abstained
                and not b.undecided
                and b.supports
            ),
            None,
        )
        if answering is not None:
            blocks.insert(0, blocks.pop(blocks.index(answering)))
    first = blocks[0]
    if (
        first.abstained
        or first.undecided
        or not first.supports
        or re.match(r"\W*(?:yes|no)\b", first.headline, re.I)
    ):
        return
    if first.topic == "site" or first.outcome is not None:
        # 'a drainfield 20 feet from a well, is that ok / true?': the site check decides; so does
        # a calculator's check of the asked case ('one trench 120 ft long?': does not meet it)
        fails = first.headline.startswith("The site fails") or first.outcome is False
        meets = first.headline.startswith("Every distance checked meets") or bool(first.outcome)
        if fails or meets:
            lex = lexicon()
            asking = asking_and_context(question)[0]
            flipped = bool(  # '... and not hook up?', 'can I skip it?': asks leave not to
                lex.pattern(lex.negative).search(asking)
                or lex.pattern(lex.evasion).search(asking)
                or phrase("not_or_without").search(asking)
            )
            first.headline = f"{'No' if fails != flipped else 'Yes'}. {first.headline}"
        return
    claimed = date_claim_check(question, first.headline)
    if claimed is not None:  # 'good till 2026, right?' against the computed October 2025
        first.headline = f"{claimed}. {first.headline}"
        return
    quote = first.supports[0].quote
    if first.value is None and not stated_types(asking_and_context(question)[0]):
        # a block of several facts ('capacity ...; use: only on previously developed sites'):
        # the first quote that lays down a rule answers what the question asks leave for
        quote = next((s.quote for s in first.supports if carries(s.quote, "rule")), quote)
    # of a block of facts' several figures, the one whose clause names the asked case (not by
    # the cited section titles each fact carries)
    facts = re.sub(r'\s*\("[^"]*"\)', ";", first.headline) if first.value is None else ""
    checked = premise_check(
        question,
        f"{facts}. {quote}" if facts else f"{first.headline} {quote}",
        asked_types(question),
        by_case=bool(facts),
    )
    word = checked[0] if checked is not None else (polarity(question, quote) or "")
    if checked is not None and exempts(question, quote):
        # the case meets (or falls outside) an exception to what is asked to be required
        # ('Exceptions: 1. A system installed under a permit issued not more than three years
        # before the transfer'): met, it is not required
        word, checked = {"Yes": "No", "No": "Yes"}[checked[0]], None
    if checked is not None and word == "No" and first.value is None:
        # the quoted figure that corrects the premise, said first (a calculator's block states
        # its own figure)
        first.headline = f"No: the ordinance says {checked[1]}. {first.headline}"
    elif word == "Yes" and exception is not None and first.topic != "general":
        limit = exception(question, first.supports[0])
        if limit is not None:  # said first, as a block of its own with its own citation
            text, support = limit
            blocks.insert(0, Block(jurisdiction=first.jurisdiction, name=first.name,
                                   headline=f'No. {support.label} says: "{text}"',
                                   supports=[support]))  # fmt: skip
            for other in blocks[2:]:  # another part's reading of the permissive sentence
                other.headline = re.sub(r"^Yes[.:]\s+", "", other.headline)
        else:
            first.headline = f"Yes. {first.headline}"
    elif word:
        first.headline = f"{word}. {first.headline}"


def _join(names: list[str], most: int = 0) -> str:
    """ "A, B and C"; with ``most``, a longer list is cut: "A, B, C and 997 more"."""
    if most and len(names) > most:
        return ", ".join(names[:most]) + f" and {len(names) - most:,} more"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


_MOST_NAMED = 12
"""Most cities named in a message that lists what the corpus covers (a state holds hundreds)."""


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
        self._extracted: Any = None
        self._spelling = CorpusSpelling(lambda city: self.retriever.sections(city))

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
                self._extracted = extracted_provider(lambda key: self.retriever.document(key))
            except ImportError:  # pragma: no cover - the calculators ship with the package
                log.warning("tools.calculators is not available: answering from retrieval only")
                self._calculators = False
        if self._calculators:
            from tools import base

            base.use_extracted(self._extracted)  # this home's cities without curated rules
        return self._calculators or None

    def _curated(self) -> set[str]:
        """Keys of the cities with a curated rules file."""
        if not self.calculators:
            return set()
        from tools import base

        return set(base.book().cities)

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
        text = self._spelling.fix(text, self._spelling_scope(text, names, jurisdiction))
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

    def _spelling_scope(
        self, text: str, names: dict[str, str], jurisdiction: str | None
    ) -> list[str]:
        """The cities whose ordinances' words fix a question's misspellings: the chosen or named
        ones, else every city of an index of at most `all_cities_limit` cities."""
        if jurisdiction:
            return [self.retriever.resolve_jurisdiction(jurisdiction)]
        named = detect_jurisdictions(text, names)
        if named or len(names) > self.settings.all_cities_limit:
            return named
        return list(names)

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
        covered = _join(sorted(self._names.values()), most=_MOST_NAMED)
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
        if u.opinion:  # "can you recommend a good installer?": no ordinance rates businesses
            return Answer(
                question=question,
                jurisdictions=list(u.jurisdictions),
                answer=REFUSAL,
                refused=True,
                clarification="The ordinances do not recommend or rate businesses; ask what they "
                "require of one (a license, insurance, a bond).",
            )
        names = self._names
        scope = list(u.jurisdictions) or self._unnamed_scope(u.corrected or question)
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
                f"Which city is the property in? The answer differs by city ({_join(sorted(names[c] for c in scope))})."
            )
        _ruling_first(u.corrected or question, blocks)
        blocks = self._premise_refuted(u, question, blocks, worker) + blocks
        blocks = _without_echoes(blocks)
        _lead(u.corrected or question, blocks, worker.exception_to)
        answered = sorted({b.jurisdiction for b in blocks}, key=scope.index)
        table = len(answered) > 1 and all(b.value for b in blocks) and u.comparison
        text, citations = render(blocks, table=table)
        if not blocks:
            return Answer(question=question, jurisdictions=scope if named else [], answer=REFUSAL,
                          refused=True, tool_calls=worker.out.tool_calls, clarification=clarification)  # fmt: skip
        for b in blocks:
            notes.extend(b.notes)
        abstained = _abstains(u.corrected or question, blocks)
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
        answer.abstained = answer.abstained or abstained
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

    def _premise_refuted(
        self, u: Understanding, question: str, blocks: list[Block], worker: DefaultAnswerer
    ) -> list[Block]:
        """'Since Cedar Bluff allows holding tanks for new homes, what size ...?': the premise
        asked as a yes/no question of the one answered city, the way any question is answered;
        its answer, when it says No, leads (none when the text does not say no to it)."""
        text = u.corrected or question
        m = phrase("premise_clause").match(text)
        cities = {b.jurisdiction for b in blocks}
        if m is None or len(cities) != 1 or u.comparison:
            return []
        said = phrase("premise_opening").sub("", text[: m.start(1)])
        claim = f"Is it true that {said.strip(' ,')}?"
        (city,) = cities
        asked = self._understand(claim, self._names, ()).model_copy(
            update={"jurisdictions": [city], "unknown_places": [], "all_cities": False}
        )
        sub = DefaultAnswerer(
            self.retriever, self._names, self._sources, worker.ctx,
            threshold=self.settings.refusal_threshold, top_k=self.settings.top_k,
            calculators=self.calculators,
        )  # fmt: skip
        read = self._blocks(sub, asked, [city], claim)
        _ruling_first(claim, read)
        _lead(claim, read, sub.exception_to)
        if not read or read[0].abstained or not read[0].supports:
            return []
        first = read[0]
        if not re.match(r"\W*No\b", first.headline):
            return []
        if any(b.headline == first.headline for b in blocks):
            return []
        worker.out.tool_calls.extend(sub.out.tool_calls)
        return [first]

    def _unnamed_scope(self, question: str) -> list[str]:
        """The cities a question naming none is answered for: every city, or in an index of
        more than `all_cities_limit` cities those one search across all of them ranks first
        (one search, not one per city)."""
        limit = self.settings.all_cities_limit
        if len(self._names) <= limit:
            return list(self._names)
        return self.retriever.likely_jurisdictions(question, limit) or list(self._names)[:limit]

    def _blocks(
        self, worker: DefaultAnswerer, u: Understanding, scope: list[str], question: str
    ) -> list[Block]:
        blocks: list[Block] = []
        computed = {city: rule_blocks(worker, u, city, u.corrected or question) for city in scope}
        curated = self._curated()
        if u.section_refs:
            for city in scope:
                for ref in u.section_refs:
                    block = worker.section_block(u, city, ref)
                    if block is not None:
                        blocks.append(block)
            if blocks:  # a rule computed from the cited table leads ("Table III says 600 sq ft")
                ruled = _with_rules([], computed, worker.out.tool_calls, u.comparison)
                return ruled + blocks
            # a section the asked city does not have: a false premise, not a search query
            refs = ", ".join(u.section_refs)
            cities = _join([self._names[c] for c in scope])
            worker.out.missing.append(f"section:{refs}:{cities}")
            return []
        for topic in u.topics:
            for city in scope:
                made: list[Block] = []
                fact_made: list[Block] = []
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
                    if made and is_yes_no(u.corrected or question):
                        # 'do we still have to ...?': the provision that rules on the asked
                        # case (an exception, a waiver) may say no where the fact says yes
                        read = worker.search_blocks(topic, u, city, u.corrected or question)
                        # ('can we skip the yearly check?': a waiver says yes to leave not to)
                        lex = lexicon()
                        evades = lex.pattern(lex.evasion).search(
                            asking_and_context(u.corrected or question)[0]
                        )
                        if (
                            read
                            and (evades or re.match(r"No\b", read[0].headline))
                            and read[0].supports
                            and says_no(read[0].supports[0].quote)
                        ):
                            made = read[:1]
                    fact_made = list(made)
                if (
                    made
                    and len(u.topics) == 1
                    and all(b.value is None for b in made)
                    and not _carries_asked(u.corrected or question, made)
                ):
                    # the curated facts or table do not hold what is asked: read the provisions
                    read = worker.search_blocks(topic, u, city, u.corrected or question)
                    if any(deferral(s.quote) for b in made for s in b.supports):
                        # the curated fact defers: only a provision on the very subject overrides it
                        read = [
                            b
                            for b in read
                            if not b.abstained
                            and _on_subject(u.corrected or question, b, self._names)
                        ]
                    if read and not all(b.abstained for b in read):
                        made = read
                    else:
                        for b in made:
                            b.abstained = True
                elif (
                    made
                    and made == fact_made
                    and len(split_parts(asking_and_context(u.corrected or question)[0])) > 1
                ):
                    # '... how long do I have? And what happens if winter hits?': the fact
                    # answers one part; the reader answers the others
                    read = worker.search_blocks(topic, u, city, u.corrected or question)
                    made += [b for b in read[1:] if not b.abstained]
                if not made:
                    figured = any(b.topic != RULE_TEXT for b, _ in computed.get(city, []))
                    if figured and city not in curated and topic in TOPIC_TOOLS:
                        continue  # the rules read from its text computed it: no quote search
                    made = worker.search_blocks(topic, u, city, u.corrected or question)
                    if city in worker.out.no_rules and not figured:
                        for b in made:
                            b.notes.append(no_rules_caveat(city))
                seen = {(b.jurisdiction, b.headline) for b in blocks}
                # two topics searched to the same sentence ("pump tank ... smaller") say it once
                blocks.extend(b for b in made if (b.jurisdiction, b.headline) not in seen)
        calls = len(worker.out.tool_calls)
        asked = u.corrected or question
        one_part = len(split_parts(asking_and_context(asked)[0])) < 2 and not is_yes_no(asked)
        blocks = _with_rules(blocks, computed, worker.out.tool_calls, u.comparison, one_part)
        if len(worker.out.tool_calls) > calls:  # a rule computed the asked figure
            worker.out.missing.clear()
        if not u.comparison:
            blocks += self._other_parts(worker, u, scope, question, blocks)
        if not u.jurisdictions and u.topic == "general":
            blocks = _closest_cities(blocks, worker)
        return blocks

    def _other_parts(
        self,
        worker: DefaultAnswerer,
        u: Understanding,
        scope: list[str],
        question: str,
        blocks: list[Block],
    ) -> list[Block]:
        """'Do we have to hook up, and how long do we get?': where a calculator, a rule or a
        curated fact answered a city's first part, the reader answers the others."""
        asked = u.corrected or question
        if len(split_parts(asking_and_context(asked)[0])) < 2:
            return []
        seen = {(b.jurisdiction, b.headline) for b in blocks}
        quoted = {s.quote for b in blocks for s in b.supports}
        more: list[Block] = []
        for city in scope:
            mine = [b for b in blocks if b.jurisdiction == city]
            if not mine or any(b.topic == "general" or b.abstained for b in mine):
                continue  # (a part the city leaves to another text: said so, not read around)
            read = worker.search_blocks(u.topic, u, city, asked)
            more += [
                b
                for b in read[1:]
                if not b.abstained
                and (b.jurisdiction, b.headline) not in seen
                and not any(s.quote in quoted for s in b.supports[:1])
            ]
        return more

    # -- the optional LLM ----------------------------------------------------------------------

    def _ask_llm(self, u: Understanding, question: str) -> Answer:
        """The default answer, read part by part by the LLM (`app.llm_tools`): a part the LLM
        answers and that verifies is in its words; every other part keeps the default text."""
        from app.llm_tools import read_with_llm
        from index.llm import LLMConfig

        config = LLMConfig.from_settings(self.settings)  # a bad setting is the user's to fix
        default = self._default(u, question)
        answer, outcome = read_with_llm(
            default, self.retriever, self._names, self._sources, self._adopted, config,
            extra=self.settings.llm_extra_provisions,
        )  # fmt: skip
        if answer.mode == "llm" and outcome.error is None:
            return answer
        notes = [*answer.notes, *(f"LLM: {why}" for why in outcome.kept)]
        if outcome.error is not None:
            note = _LLM_ERROR_NOTES.get(outcome.error.kind, _LLM_ERROR_NOTES["error"])
            status = f" (HTTP {outcome.error.status})" if outcome.error.status else ""
            note = note.format(status=status, timeout=f"{config.timeout_s:g}")
            log.warning("LLM: %s", outcome.error)
            text = answer.answer if answer.refused else f"{answer.answer}\n\nNote: {note}"
            return answer.model_copy(
                update={"mode": answer.mode if answer.mode == "llm" else "llm-fallback",
                        "answer": text, "notes": [*notes, note]}
            )  # fmt: skip
        return answer.model_copy(update={"mode": "llm-fallback", "notes": notes})


_LLM_ERROR_NOTES = {
    "timeout": "The LLM did not answer within {timeout} s; the parts it did not write are the "
    "deterministic answer.",
    "http": "The LLM server returned an error{status}; the parts it did not write are the "
    "deterministic answer.",
    "unreachable": "The LLM could not be reached; this is the deterministic answer.",
    "error": "The LLM request failed; the parts it did not write are the deterministic answer.",
}


def _figure(block: Block) -> str:
    """The number a block states, for saying a figure once ('1,250 gallons' = '1,250 gal')."""
    found = re.findall(r"\d[\d,]*(?:\.\d+)?", block.value or "")
    return found[0].replace(",", "") if found else (block.value or "")


def _with_rules(
    blocks: list[Block],
    computed: dict[str, list[tuple[Block, ToolCall]]],
    calls: list[ToolCall],
    comparison: bool = False,
    one_part: bool = False,
) -> list[Block]:
    """Add each city's data-rule blocks after its calculator blocks. A rule that needed inputs the
    single-dwelling calculators cannot take (several units, a pump rate, a base figure, a date)
    replaces their blocks for that city; a figure already computed is said once; in a comparison
    a city whose calculators computed its cell keeps that one cell. Where the question asks one
    thing (`one_part`, no yes/no) and a rule computed it, the reader's answer of the same kind of
    figure (a factor quoted from the rule's provision) or its abstention gives way."""
    out = list(blocks)
    for city, pairs in computed.items():
        mine = [b for b in out if b.jurisdiction == city]
        if any(not b.abstained for b in mine):  # a rule's bare text: only where nothing
            pairs = [(b, call) for b, call in pairs if b.topic != RULE_TEXT]  # else answers
        elif mine and any(b.topic == RULE_TEXT for b, _ in pairs):  # it answers, if relatively
            out = [b for b in out if b.jurisdiction != city]  # ('three times the fee')
        rules = [b for b, _ in pairs]
        if any(r.topic == RULE_NEW for r in rules):
            out = [b for b in out if b.jurisdiction != city or not b.value]
        elif comparison and any(b.jurisdiction == city and b.value for b in out):
            continue
        figures = {_figure(b) for b in out if b.jurisdiction == city and b.value}
        new = [b for b in rules if b.value != "—" and _figure(b) not in figures]
        if not new:
            continue
        if one_part:
            kinds = {
                t for b in new for t in FIGURE_TYPES if t != "count" and carries(b.value or "", t)
            }
            used = {s.quote for b in new for s in b.supports}
            out = [b for b in out if b.jurisdiction != city or not _gives_way(b, kinds, used)]
        calls.extend(call for b, call in pairs if b in new)
        calc = [i for i, b in enumerate(out) if b.jurisdiction == city and b.value]
        at = (
            calc[-1] + 1
            if calc
            else next((i for i, b in enumerate(out) if b.jurisdiction == city), len(out))
        )
        out[at:at] = new
    return out


def _gives_way(block: Block, kinds: set[str], used: set[str]) -> bool:
    """A reader's block (not a calculator's) that quotes a provision a rule computed from
    (`used`) and abstained or leads with a figure of one of `kinds` (a factor of the rule)."""
    if block.topic != "general" or not block.supports:
        return False
    quote = block.supports[0].quote
    if not any(q and (q in quote or quote in q) for q in used):
        return False
    lead = block.value or block.headline.split(" says: ")[0].split(". ")[0]
    return block.abstained or any(carries(lead, t) for t in kinds)


def _with_component(u: Understanding, component: str) -> Understanding:
    params = u.params.model_copy(update={"component": component})
    return u.model_copy(update={"params": params})


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
