"""Retrieval answers: find a city's provisions on a question and quote the sentences that answer.

`QuotingMixin` is the retrieval half of `app.answerer.DefaultAnswerer`. It decides whether the
hits are evidence at all (`_relevant`: vector similarity, or the question's own words in the
text), then scores every sentence of the hit sections (`_quote_block`) by the question's words
weighted by rarity, the ordinance's words for the resident's wording (`app.wording`), the kind of
quantity asked for, the hit's rank and its title, and quotes the best ones verbatim.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any, Protocol

from app.compose import (
    _STOP,
    TOPIC_TERMS,
    Block,
    Support,
    _stem,
    best_sentences,
    clean_run,
    content_words,
    direct_answer,
    split_sentences,
    trim_quote,
    widen_quote,
)
from app.records import ToolCall
from app.understand import Understanding
from app.verify import VerificationContext
from app.wording import (
    FILLER,
    asked_kinds,
    asked_units,
    compound_subject,
    expand_query,
    expansion_terms,
    term_weights,
    unaddressed_subjects,
    unknown_words,
    vocabulary,
    weighted_score,
)
from core.suspect import is_suspect

log = logging.getLogger(__name__)

GENERIC = {
    "tank", "tanks", "septic", "system", "systems", "sewer", "sewage", "gallons", "ordinance",
    "city", "rules", "rule", "required", "requirement", "requirements", "need", "minimum",
    "maximum", "does", "say", "what", "where", "house", "home", "property", "owner", "my",
    "know", "want", "like", "good", "new", "old", "way", "much", "many", "long", "often",
    "allow", "allows", "require", "sewers", "amount",
}  # fmt: skip
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

OFF_TOPIC_SIMILARITY = 0.45
"""Best-hit similarity a question without any sewer/septic vocabulary needs (dev set: off-topic
questions reach 0.41 at most, e.g. 'When is garbage pickup in Hugo?')."""
LEXICAL_MARGIN = 0.05
LEXICAL_FLOOR = 0.2
"""Lowest similarity at which the question's own key words in a hit's text are evidence."""
_WHOLE = re.compile(r"\b(?:show|read|print|full|text|what does|what is in|quote|display)\b", re.I)


class RetrieverLike(Protocol):
    def search(
        self, query: str, jurisdictions: Sequence[str] | None = None, k: int = 5
    ) -> list[Any]: ...
    def lookup(self, jurisdiction: str, ref: str) -> list[Any]: ...
    def section_text(self, jurisdiction: str, ref: str) -> Any: ...
    def sections(self, jurisdiction: str) -> list[Any]: ...


_VOCABULARIES: dict[tuple[int, str], set[str]] = {}


def key_words_raw(question: str) -> set[str]:
    """The question's specific words as written (no synonyms added)."""
    words = re.findall(r"[a-z$][a-z0-9$'-]*", question.lower())
    return {w for w in words if w not in _STOP and w not in GENERIC and len(w) > 2
            and not w.isdigit()}  # fmt: skip


def key_words(question: str) -> set[str]:
    """Stems of the question's specific words (not the generic vocabulary of every section)."""
    return {_stem(w) for w in content_words(question) if w not in GENERIC and not w.isdigit()}


def lexical_evidence(question: str, text: str) -> bool:
    """Whether `text` holds the question's key words: two of them, or its only one, or (with the
    ordinance's words for the resident's) two of those."""
    keys = key_words(question)
    own = {_stem(w) for w in content_words(text)}
    if keys and sum(_near(k, own) for k in keys) >= min(2, len(keys)):
        return True
    added = {_stem(w) for w in expansion_terms(question)} - {"licens", "license"}
    return len(added & own) >= 2 and bool(keys & own)


class QuotingMixin:
    """Retrieval and quoting for `DefaultAnswerer` (which provides these attributes)."""

    retriever: RetrieverLike
    names: dict[str, str]
    ctx: VerificationContext
    threshold: float
    top_k: int
    out: Any

    def _read_section(self, jurisdiction: str, ref: str) -> Any | None:
        raise NotImplementedError

    def _support(self, section: Any, quote: str) -> Support:
        raise NotImplementedError

    def _record(self, call: ToolCall) -> None:
        raise NotImplementedError

    def _vocabulary(self, jurisdiction: str) -> set[str]:
        key = (id(self.retriever), jurisdiction)
        if key not in _VOCABULARIES:
            sections = self.retriever.sections(jurisdiction)
            _VOCABULARIES[key] = vocabulary(f"{s.title} {s.text}" for s in sections)
        return _VOCABULARIES[key]

    def _relevant(
        self, hits: list[Any], jurisdiction: str, on_topic: bool = True, question: str = ""
    ) -> list[Any]:
        """The hits, or none when they are not evidence: the best vector similarity must reach
        the threshold (on-subject questions) or OFF_TOPIC_SIMILARITY (questions without the
        vocabulary of sewer and septic rules); exact and title matches always count, and so does
        a hit down to LEXICAL_FLOOR whose text holds the question's key words."""
        hits = [h for h in hits if h.chunk.jurisdiction == jurisdiction]
        if not hits:
            return []
        exact = [h for h in hits if "exact" in h.matched_by or "title" in h.matched_by]
        best = max((h.vector_similarity or 0.0) for h in hits)
        needed = self.threshold if on_topic else max(self.threshold, OFF_TOPIC_SIMILARITY)
        if best < needed and not exact and on_topic and question:
            floor = min(needed - LEXICAL_MARGIN, LEXICAL_FLOOR)
            near = [
                h
                for h in hits
                if (h.vector_similarity or 0.0) >= floor
                and lexical_evidence(question, f"{h.chunk.title} {h.chunk.text}")
            ]
            if near:
                return near
        if best < needed and not exact:
            log.info("best similarity %.3f below %.3f in %s", best, needed, jurisdiction)
            return []
        return hits

    def search_block(
        self, topic: str, u: Understanding, jurisdiction: str, query: str
    ) -> Block | None:
        missing = unaddressed_subjects(_q(u), self._vocabulary(jurisdiction))
        if missing:
            log.info("%s's ordinance has no words for %s", jurisdiction, missing)
            self.out.refused_cities.append(jurisdiction)
            return None
        hint = SEARCH_HINTS.get(topic, "")
        strange = unknown_words(sorted(key_words_raw(query)), self._vocabulary(jurisdiction))
        if strange:  # about something these rules never mention: no expansion, no leniency
            log.info("words not in %s's ordinance: %s", jurisdiction, strange)
        text = query if strange else expand_query(query)
        hits = self.retriever.search(
            f"{text} {hint}".strip(), jurisdictions=[jurisdiction], k=self.top_k
        )
        hits = self._relevant(hits, jurisdiction, u.on_topic, "" if strange else _q(u))
        if not hits:
            self.out.refused_cities.append(jurisdiction)
            return None
        if (
            topic == "general"
            and "title" in hits[0].matched_by
            and _WHOLE.search(_q(u))
            and key_words(hits[0].chunk.title) <= key_words(query) | {""}
        ):
            return self.section_block(u, jurisdiction, hits[0].chunk.ref)  # "show me <title>"
        terms = content_words(query) + list(TOPIC_TERMS.get(topic, ()))
        return self._quote_block(topic, u, jurisdiction, hits, terms, plain=bool(strange))

    def _quote_block(
        self,
        topic: str,
        u: Understanding,
        jurisdiction: str,
        hits: list[Any],
        terms: list[str],
        *,
        plain: bool = False,
    ) -> Block | None:
        """The best sentences of the hit sections as a quoted block. `plain`: the question has
        words the ordinance never uses, so the ordinance's wording for the rest does not count
        as covering it ("the penalty for speeding" is not answered by a misdemeanor clause)."""
        asked = content_words(_q(u))
        added = [] if plain else expansion_terms(_q(u))
        terms = terms + [t for t in added if t not in terms]
        title_terms = key_words(_q(u))
        units = asked_units(_q(u))
        kinds = asked_kinds(_q(u))
        pool: list[tuple[int, Any, str]] = []
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
            for sentence in best_sentences(section.text, terms + asked, max_sentences=6):
                if " ".join(sentence.split()) in folded:  # never quote text the section lacks
                    pool.append((rank, section, sentence))
        if not pool:
            return None
        weights = term_weights(terms + asked, [s for _, _, s in pool])
        candidates: list[tuple[float, int, Any, str]] = []
        for rank, section, sentence in pool:
            bonus = max(0.0, 0.6 - 0.2 * rank)
            own = {_stem(w) for w in content_words(sentence)}
            if u.quantitative and re.search(r"\d", sentence) and own & title_terms:
                bonus += 1.0
            if (
                units
                and any(p.search(sentence) for p in units)
                and any(_near(k, own) for k in title_terms)
            ):
                bonus += 1.0
            if title_terms & {_stem(w) for w in content_words(section.title)}:
                bonus += 0.75
            score = (
                weighted_score(sentence, terms, weights)
                + weighted_score(sentence, asked, weights)  # the question's own words count twice
                + bonus
            )
            candidates.append((score, rank, section, sentence))
        candidates.sort(key=lambda c: (-c[0], c[1]))
        keys = {k for k in key_words(_q(u)) if "'" not in k and k not in FILLER}
        if len(keys) >= 2:
            whole = [c for c in candidates if _covers_all(keys, c[3])]
            if topic == "general" and not whole and compound_subject(_q(u), keys):
                log.info("no sentence holds all of %s together: not evidence", sorted(keys))
                return None  # "minimum lot size": a pump tank's size and a lot's soil areas
            some = [c for c in candidates if any(_covers_all({k}, c[3]) for k in keys)]
            lead = whole or ([] if candidates[0] in some else some)  # all asked words, or any
            if lead and lead[0] is not candidates[0] and lead[0][0] >= 0.4 * candidates[0][0]:
                candidates.remove(lead[0])
                candidates.insert(0, lead[0])
        if kinds:  # asked for a penalty: the penalty clause leads, whatever else it mentions
            of_kind = [c for c in candidates if any(p.search(c[3]) for p in kinds)]
            candidates = of_kind + [c for c in candidates if c not in of_kind]
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
            _q(u), quotes[:1], [chosen[0][2].title], plain=plain
        ):
            log.info("no key term of %r in the quotes: not evidence", _q(u))
            return None
        name = self.names[jurisdiction]
        direct = direct_answer(topic, name, quotes, _q(u))
        first = chosen[0][2]
        wide = [widen_quote(c[2].text, c[3]) for c in chosen]
        headline = direct or f'{first.label} says: "{wide[0]}"'
        return Block(
            jurisdiction=jurisdiction,
            name=name,
            headline=headline,
            supports=[self._support(c[2], q) for c, q in zip(chosen, wide, strict=True)],
            topic=topic,
        )

    def section_block(self, u: Understanding, jurisdiction: str, ref: str) -> Block | None:
        section = self._read_section(jurisdiction, ref)
        if section is None:
            return None
        self._record(
            ToolCall(name="get_section", arguments={"jurisdiction": jurisdiction, "ref": ref},
                     result={"label": section.label, "found": True})
        )  # fmt: skip
        asks_whole = _WHOLE.search(_q(u))
        words = [
            w for w in content_words(_q(u)) if not re.fullmatch(r"[\d.()a-z]{1,8}", w) or len(w) > 3
        ]
        if not section.text.strip():  # a heading only (Hugo "404."): point to what it holds
            return self._children_block(jurisdiction, section)
        if asks_whole or not words:
            text = clean_run(section.text)
            quote = text if len(text) <= 1500 else text[: text.rfind(" ", 0, 1500)]
            more = "" if quote == text else " (excerpt; the section continues)"
            return Block(
                jurisdiction=jurisdiction,
                name=self.names[jurisdiction],
                headline=f"{section.label}{more}:",
                supports=[self._support(section, quote)],
                topic="lookup",
            )
        chunk = _Chunk(jurisdiction, section.ref, section.text)
        block = self._quote_block("general", u, jurisdiction, [_Hit(chunk)], words)
        if block is not None:
            return block
        # the section exists; none of its sentences has the asked words: say so, quote its start
        opening = [t for t in split_sentences(section.text) if not is_suspect(t)][:2]
        quote = trim_quote(" ".join(opening) or section.text, [], 400)
        asked = [f"'{w}'" for w in dict.fromkeys(words)]
        absent = (
            f"the word {asked[0]}" if len(asked) == 1 else f"any of the words {', '.join(asked)}"
        )
        return Block(
            jurisdiction=jurisdiction,
            name=self.names[jurisdiction],
            headline=f"{section.label} does not use {absent}; it begins:",
            supports=[self._support(section, quote)],
            topic="lookup",
        )

    def _children_block(self, jurisdiction: str, section: Any) -> Block | None:
        prefix = f"{section.ref}."
        children = [s for s in self.retriever.sections(jurisdiction) if s.ref.startswith(prefix)]
        supports: list[Support] = []
        for child in children[:10]:
            first = [t for t in split_sentences(child.text) if not is_suspect(t)][:1]
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


class _Chunk:
    def __init__(self, jurisdiction: str, ref: str, text: str) -> None:
        self.jurisdiction, self.ref, self.text = jurisdiction, ref, text


class _Hit:
    """A section read by reference, shaped like a search hit for `_quote_block`."""

    def __init__(self, chunk: _Chunk) -> None:
        self.chunk = chunk
        self.matched_by = ["exact"]
        self.vector_similarity = None


def _covers_key_term(
    question: str, quotes: list[str], titles: list[str], *, plain: bool = False
) -> bool:
    """Whether the quotes (or their titles) contain one of the question's specific words."""
    words = [w for w in content_words(question) if w not in GENERIC and not w.isdigit()]
    if not plain:
        words += expansion_terms(question)  # the ordinance's word for it ("misdemeanor") counts
    if not words:
        return True
    have = {_stem(w) for w in content_words(" ".join(quotes + titles))}
    return any(_near(_stem(w), have) for w in words)


def _covers_all(keys: set[str], sentence: str) -> bool:
    """Whether the sentence holds every key word stem (in some form)."""
    own = {_stem(w) for w in content_words(sentence)}
    return all(_near(k, own) or any(len(o) >= 5 and k.startswith(o) and len(k) == len(o) + 1
                                    for o in own)  # 'license' in 'licensed' (stem 'licens')
               for k in keys)  # fmt: skip


def _near(stem: str, have: set[str]) -> bool:
    """The stem, or a longer form of it ('inspect' -> 'inspection', 'licens' -> 'licensed')."""
    return stem in have or (len(stem) >= 5 and any(h.startswith(stem) for h in have))


def _q(u: Understanding) -> str:
    """The question as understood: near-miss spellings fixed."""
    return u.corrected or u.question
