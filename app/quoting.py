"""Retrieval answers: find a city's provisions on a question and answer from them.

`QuotingMixin` is the retrieval half of `app.answerer.DefaultAnswerer`. It decides whether the
hits are evidence at all (`_relevant`: vector similarity, or the question's own words in the
text), builds the candidate provisions of the hit sections (`pool`) and hands each asked part to
the general reader (`app.reader`): the best provision that carries the asked type leads, with
Yes/No or its figure; when none near the subject carries it, the city abstains and the answer
says where its text defers. Section lookups ("Hugo 404.04") are read the same way.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol

from app.compose import (
    Block,
    Support,
    _stem,
    clean_run,
    content_words,
    split_sentences,
    trim_quote,
)
from app.lexicon import lexicon, phrase
from app.lists import lead_in
from app.polarity import exempts, opposed, polarity, says_no
from app.premises import age_check, bound_check, calendar_check, premise_check
from app.reader import (
    _ITEMS,
    FIGURE_TYPES,
    TYPED,
    Provision,
    Scored,
    _clause_at,
    _holder,
    asked_item,
    asked_types,
    asking_and_context,
    asks_several,
    carries,
    closeness,
    deferral,
    figure,
    figure_clause,
    figures,
    holds_subject,
    is_yes_no,
    multiplied_for,
    other_case,
    provisions,
    same_case,
    score,
    speaks_of,
    split_parts,
    stated_types,
    stems,
    subject_words,
    synonyms_of,
    vocabulary,
    with_antecedents,
    without_asked,
    words_and_digits,
)
from app.records import ToolCall
from app.rows import ROWS
from app.subjects import GENERIC, SubjectMixin, case_unasked, proper_names
from app.understand import Understanding
from app.verify import VerificationContext
from core.refs import find_section_refs, normalize_ref
from core.suspect import is_suspect

_SCAN_SPACE = re.compile(r"(?<=\()\s+|\s+(?=\))|(\d)\s+(?=,\d{3}\b)")
"""Spaces a scan puts inside a figure's parentheses ('( 100)') or its thousands ('1 ,000')."""

log = logging.getLogger(__name__)

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


def _marker(text: str) -> str | None:
    """The kind of list marker a list item opens with: '(1)' -> '(9)', '(b)' -> '(a)', 'c.' ->
    'a.'; None when it opens with none."""
    opening = text.lstrip()[:6]
    if not _ITEMS.match(" " + opening):
        return None
    opening = opening.replace(" ", "").split(")")[0].split(".")[0]
    return re.sub(r"\d+", "9", re.sub(r"[a-z]", "a", opening))


class RetrieverLike(Protocol):
    def search(
        self, query: str, jurisdictions: Sequence[str] | None = None, k: int = 5
    ) -> list[Any]: ...
    def lookup(self, jurisdiction: str, ref: str) -> list[Any]: ...
    def section_text(self, jurisdiction: str, ref: str) -> Any: ...
    def sections(self, jurisdiction: str) -> list[Any]: ...


_VOCABULARIES: dict[tuple[int, str], set[str]] = {}


def key_words(question: str) -> set[str]:
    """Stems of the question's specific words (not the generic vocabulary of every section)."""
    return {_stem(w) for w in content_words(question) if w not in GENERIC and not w.isdigit()}


_HEADNOTE = re.compile(r"\[[^\[\]]{1,80}\]")


_ITEM_START = re.compile(r"^(?:\(?[A-Za-z0-9]{1,3}[.)]|\d+(?:\.\d+)+\.?|[A-Z][A-Z ;,]{6,}\.)\s")
_FOLLOW_MAX = 300


def _follow_on(section_text: str, text: str) -> str:
    """The sentence right after `text` in its section, where it goes on with the same item (no
    new item's label or heading opens it), verbatim; '' otherwise."""
    folded, quote = " ".join(section_text.split()), " ".join(text.split())
    at = folded.find(quote)
    if at < 0:
        return ""
    rest = folded[at + len(quote) :].lstrip()
    if not rest or _ITEM_START.match(rest):
        return ""
    end = re.search(r"[.;](?=\s|$)", rest)
    sentence = rest[: end.end()] if end else ""
    return sentence if 20 <= len(sentence) <= _FOLLOW_MAX else ""


def _stating(part: str, best: Scored, ranked: list[Scored]) -> Scored:
    """For a figure the asking sentence states ('So we only pump every 4 years?'), the chosen
    provision's section's provision that states a figure of that type ('(2) At least once every
    48 months, if it serves a seasonal dwelling'), when the chosen one states none ('(d) The
    owner of a seasonal dwelling shall file ... fewer than 180 days' states no interval)."""
    said = stated_types(asking_and_context(part)[0])
    if "frequency" in said:  # 'every 4 years' is an interval before it is a period
        said = ["frequency"]
    if not said or any(figure(best.provision.text, t, part) for t in said):
        return best
    section = best.provision.section
    return next(
        (
            s
            for s in ranked
            if s.provision.section.ref == section.ref
            and s.provision.section.jurisdiction == section.jurisdiction
            and any(figure(s.provision.text, t, part) for t in said)
        ),
        best,
    )


def _tells_the_case(question: str, case: str, rule: str) -> bool:
    """Whether an exemption's own case names what the question's story tells and the rule does
    not ('a foreclosed house at the sheriff's sale' and '(b) a transfer by foreclosure')."""
    own, ruled = key_words(case), key_words(rule)
    return any(_near(k, own) and not _near(k, ruled) for k in key_words(question))


def _title_words(text: str) -> set[str]:
    """A text's words as a title's are compared: stemmed, every word of three letters or more
    (a title's 'systems' counts, where the reader's stop words drop it)."""
    return {_stem(w) for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 2} - {"the", "and"}


def _money_kind(text: str) -> str | None:
    """The one kind of money the text speaks of (a fee, an insurance limit, a security), or None
    (none or several)."""
    kinds = [
        kind
        for kind, said in (
            ("fee", phrase("money_fee")),
            ("insurance", phrase("money_insurance")),
            ("security", phrase("money_security")),
        )
        if said.search(text)
    ]
    return kinds[0] if len(kinds) == 1 else None


def _named_title(title: str, asked: set[str]) -> bool:
    """Whether every word of a title of two words or more is a word of the question."""
    words = _title_words(title)
    return len(words) >= 2 and words <= asked


def lexical_evidence(question: str, text: str) -> bool:
    """Whether `text` holds the question's key words: two of them, or its only one, or (with the
    ordinance's words for the resident's) two of those."""
    keys = key_words(question)
    own = {_stem(w) for w in content_words(text)}
    if keys and sum(_near(k, own) for k in keys) >= min(2, len(keys)):
        return True
    added = {_stem(w) for w in synonyms_of(question)} - {"licens", "license"}
    return len(added & own) >= 2 and bool(keys & own)


class QuotingMixin(SubjectMixin):
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
        if best < needed and not exact and question:
            # 'which system types are flat out prohibited?': a section whose whole title the
            # question names ('Prohibited systems') is on its subject, whatever else it says
            asked = _title_words(question)
            titled = [h for h in hits if _named_title(h.chunk.title, asked)]
            if titled:
                return titled
        if best < needed and not exact:
            log.info("best similarity %.3f below %.3f in %s", best, needed, jurisdiction)
            return []
        return hits

    def search_blocks(
        self, topic: str, u: Understanding, jurisdiction: str, query: str
    ) -> list[Block]:
        """The city's provisions on the question, one block per asked part (see `app.reader`)."""
        question = _q(u)
        hits = self.search_hits(topic, u, jurisdiction, query)
        if not hits:
            self.out.refused_cities.append(jurisdiction)
            return []
        if (
            topic == "general"
            and "title" in hits[0].matched_by
            and phrase("asks_whole_text").search(question)
            and key_words(hits[0].chunk.title) <= key_words(query) | {""}
        ):
            block = self.section_block(u, jurisdiction, hits[0].chunk.ref)  # "show me <title>"
            return [block] if block is not None else []
        return self._read(u, jurisdiction, hits, split_parts(question))

    def search_hits(self, topic: str, u: Understanding, jurisdiction: str, query: str) -> list[Any]:
        """The city's relevant hits for the question, and for each asked part of it."""
        hint = " ".join([SEARCH_HINTS.get(topic, ""), *synonyms_of(query)])
        hits = self.retriever.search(
            f"{query} {hint}".strip(), jurisdictions=[jurisdiction], k=max(self.top_k, 6)
        )
        hits = self._relevant(hits, jurisdiction, u.on_topic, _q(u))
        asking, context = asking_and_context(query)
        if context:  # the asking sentence on its own too, without the story told before it
            more = self.retriever.search(
                f"{asking} {hint}".strip(), jurisdictions=[jurisdiction], k=max(self.top_k, 6)
            )
            hits += self._relevant(more, jurisdiction, u.on_topic, asking)
        parts = split_parts(_q(u))
        if hits and len(parts) > 1:  # each asked part searched on its own too
            for part in parts:
                more = self.retriever.search(part, jurisdictions=[jurisdiction], k=3)
                hits += self._relevant(more, jurisdiction, u.on_topic, part)
        return hits

    def search_block(
        self, topic: str, u: Understanding, jurisdiction: str, query: str
    ) -> Block | None:
        blocks = self.search_blocks(topic, u, jurisdiction, query)
        return blocks[0] if blocks else None

    def _read(
        self, u: Understanding, jurisdiction: str, hits: list[Any], parts: list[str]
    ) -> list[Block]:
        """Score the provisions of the hit sections for each part; lead with its answer."""
        pool = self.pool(hits)
        exact = any("exact" in h.matched_by for h in hits)
        if not pool:
            return []
        name = self.names[jurisdiction]
        blocks: list[Block] = []
        for part in with_antecedents(parts):
            block = self._answer_part(part, u, name, jurisdiction, pool, exact)
            if block is not None and len(parts) > 1 and not block.abstained:
                taken = {b.supports[0].quote for b in blocks if b.supports and not b.abstained}
                if block.supports and block.supports[0].quote in taken:
                    # each asked part its own provision: the next one that answers it, if any
                    rest = [p for p in pool if p.text not in taken]
                    other = self._answer_part(part, u, name, jurisdiction, rest, exact)
                    block = other if other is not None and not other.abstained else block
            if block is not None and (block.headline, block.abstained) not in {
                (b.headline, b.abstained) for b in blocks
            }:
                blocks.append(block)
        if blocks and any(not b.abstained for b in blocks):
            blocks = [b for b in blocks if not b.abstained or len(parts) > 1]
        if not blocks:
            self.out.refused_cities.append(jurisdiction)
        return blocks

    def pool(self, hits: list[Any]) -> list[Provision]:
        """The candidate provisions of the hit sections (each section read once, in rank order),
        each with the embedding similarity of the retrieved chunk that holds it."""
        pool: list[Provision] = []
        chunks: dict[tuple[str, str], list[tuple[str, float]]] = {}
        order: list[tuple[str, str]] = []
        for hit in hits:
            key = (hit.chunk.jurisdiction, hit.chunk.ref)
            if key not in chunks:
                order.append(key)
            sim = hit.vector_similarity
            chunks.setdefault(key, []).append(
                (" ".join(hit.chunk.text.split()), float(sim) if sim is not None else -1.0)
            )
        for rank, key in enumerate(order):
            section = self._read_section(*key)
            if section is None:
                continue
            known = [c for c in chunks[key] if c[1] >= 0]
            floor = max((sim for _, sim in known), default=None)
            for p in provisions(section, rank):
                holding = [sim for text, sim in known if p.text[:80] in text]
                sim = max(holding) if holding else floor
                pool.append(replace(p, similarity=sim))
        return pool

    def _answer_part(
        self,
        part: str,
        u: Understanding,
        name: str,
        jurisdiction: str,
        pool: list[Provision],
        exact: bool = False,
    ) -> Block | None:
        params = lexicon().reader
        types = asked_types(part)
        yes_no = is_yes_no(part)
        # a figure the question states ('lasts 3 years, right?') is checked, not searched for: its
        # unit would pull toward another case's provision with the same unit
        query = _without_stated(part, types) if yes_no else part
        ranked = score(self._without_places(query), pool, types=types)
        if not ranked:
            return None
        main = next((t for t in types if t in TYPED), None)
        best = ranked[0]
        closest = max(s.features["similarity"] for s in ranked)
        if closest < params.min_similarity and not exact:
            log.info("closest provision similarity %.3f: not about the subject", closest)
            return None
        # (over the whole question: an aside in one part, 'if the job slips', is not its subject;
        # and over its asking sentence: a story told before it, 'my dog hated the dust', is not)
        names = [*self.names.values(), *self.names]
        vocab = self._vocabulary(jurisdiction)
        whole = self._strange(subject_words(_q(u), names), vocab, closest)
        asking = subject_words(asking_and_context(_q(u))[0], names)
        if not asking and whole and self._anchored(_q(u), jurisdiction):
            # 'A drip system might fit our lot. Are those allowed?': the story's subject is a
            # rare thing of these rules that this city's text names; its other words are an aside
            whole = []
        if whole and not exact and (not asking or self._strange(asking, vocab, closest)):
            log.info(
                "%s never says %s (closest %.2f): not about these rules",
                jurisdiction,
                whole,
                closest,
            )
            return None
        counted = phrase("counted_things").search(asking_and_context(_q(u))[0])
        things = subject_words(counted.group(1), names) if counted and main == "count" else set()
        if (
            things
            and not exact
            and not any(
                w in vocab or any(v.startswith(w) for v in vocab if len(w) >= 4) for w in things
            )
        ):  # 'How many dogs can I keep?': a count of things these rules never name
            log.info("%s never names %s: nothing of it to count", jurisdiction, sorted(things))
            return None
        # a yes/no part without a figure asks what a rule says: a provision that lays one down
        wanted = main or ("rule" if yes_no and "rule" in lexicon().answer_types else None)
        if wanted is not None and not self._typed(ranked, wanted, part, _q(u)) and not exact:
            # nothing near carries the asked type: search for the kind of provision that would
            asked = [t for t in types if t in TYPED and t != "count"] or [wanted]
            hint = " ".join(lexicon().answer_types[t].hint for t in asked[:2])
            hits = self.retriever.search(f"{part} {hint}", jurisdictions=[jurisdiction], k=4)
            have = {(p.section.jurisdiction, p.section.ref, p.text) for p in pool}
            extra = [
                p
                for p in self.pool(self._relevant(hits, jurisdiction, u.on_topic, part))
                if (p.section.jurisdiction, p.section.ref, p.text) not in have
            ]
            if extra:
                ranked = score(self._without_places(query), pool + extra, types=types)
                best = ranked[0]
        if main is not None and not lexicon().answer_types[main].figure and not exact:
            # 'who decides a variance?': the asked thing's rarest words find its section when
            # the common ones ('septic') pull the search elsewhere
            more = self._rare_pool(part, jurisdiction, pool)
            if more:
                pool = pool + more
                ranked = score(self._without_places(query), pool, types=types)
        if main is not None:
            typed = self._typed(ranked, main, part, _q(u))
            if main not in FIGURE_TYPES and not yes_no:
                typed = [s for s in typed if _tells_more(s.provision.text, main, part)]
            if not typed and not yes_no:
                return self._abstain(part, name, jurisdiction, ranked, main)
            if typed:
                defers = [
                    s for s in ranked[: ranked.index(typed[0])] if deferral(s.provision.text, main)
                ] or _row_defers(typed[0], ranked, main)
                if defers and not yes_no:
                    defers = self._still_deferring(part, jurisdiction, defers, typed[0])
                if not defers and not yes_no and main in FIGURE_TYPES:
                    defers = self._defers_on_subject(part, jurisdiction, ranked, typed[0], main)
                top = typed[0].provision.text
                if (
                    not defers
                    and not yes_no
                    and main in FIGURE_TYPES
                    and deferral(top, main)
                    and not figure(top, main, part)
                ):  # 'an escrow in the amount set in the county fee schedule': no amount here
                    defers = [typed[0]]
                if defers and not yes_no and main in FIGURE_TYPES:
                    # the text closest to the question sends the reader elsewhere for the figure
                    return self._abstain(part, name, jurisdiction, defers, main)
                best = typed[0]
                if not yes_no and _other_case_figure(_q(u), best, main):
                    # 'year-round house, how often?' over 'a seasonal dwelling ... every 45
                    # months': the figure of the asked case, where its section gives one
                    best = next(
                        (
                            s
                            for s in typed[1:]
                            if s.provision.section is best.provision.section
                            and not _other_case_figure(_q(u), s, main)
                        ),
                        best,
                    )
                if not lexicon().answer_types[main].figure and not exact and not yes_no:
                    # 'who decides a variance?': the provision that speaks of the asked thing
                    # (its rare words most), over the reader's choice by the yes/no margin
                    best = self._ruling(part, jurisdiction, ranked, main, best) or best
        if yes_no and main is None and wanted is not None and not exact:
            # the rule may sit in a sibling section: search for the subject's rarest words too
            more = self._rare_pool(part, jurisdiction, pool)
            if more:
                pool = pool + more
                ranked = score(self._without_places(query), pool, types=types)
        if yes_no and main is None and wanted is not None:
            # the rule that speaks of the asked thing decides, wherever it is among the sections
            prior = self._typed(ranked, wanted, part, _q(u))
            rule = self._ruling(part, jurisdiction, ranked, wanted, prior[0] if prior else None)
            best = rule or best
        elif main is None and wanted is not None:
            ruling = self._typed(ranked, wanted, part, _q(u))
            best = ruling[0] if ruling else best
        if yes_no:
            best = _stating(part, best, ranked)
        text = best.provision.text
        lead = opening = ""
        if yes_no:
            checked = premise_check(part, text, types, by_case=True)
            if checked is not None and checked[0] == "Yes" and opposed(part, text):
                # the figure agrees, but the asked case is the other one: its own provision's
                # figure is checked ('every 5 years ... we live there full time': the
                # year-round dwelling's 30 months)
                case = _case_provision(part, best, ranked, types)
                checked = None
                if case is not None:
                    best, text = case, case.provision.text
                    checked = premise_check(part, text, types, by_case=True)
            told = asking_and_context(part)[0] or part
            if (
                checked is not None
                and checked[0] == "Yes"
                and lexicon().pattern(lexicon().permission).search(told)
                and polarity(part, text) == "No"
            ):  # 'Can I use the 15% reduction?' against 'The fifteen percent reduction ... is
                checked = None  # not allowed': the figure agrees, what it is for is not allowed
            bounded = bound_check(part, text) if checked is not None else None
            aged = age_check(part, text) or calendar_check(part, text)
            if aged is not None:  # 'done 2 years ago: still good?' against 'good for 18 months'
                lead = f"{aged[0]}: {aged[1]}"
            elif (bounded or checked) is not None and exempts(part, text):
                # the case meets an exception to the asked requirement: not required
                lead = {"Yes": "No", "No": "Yes"}[(bounded or checked or ("",))[0]]
            elif bounded is not None:  # '2-acre lot' against 'less than two and one-half (2 1/2)
                lead = f"{bounded[0]}: {bounded[1]}"  # acres': a case, not the rule's figure
            elif checked is not None:
                word, said = checked
                lead = f"{word}: {said}" if word == "Yes" else f"No: the ordinance says {said}"
            else:  # the provision chosen answers, also where no rule was found for it
                lead = polarity(part, text) or ""
                if lead == "Yes" and not stated_types(asking_and_context(part)[0]):
                    limit = self._exception(part, best, ranked) or self._out_of_scope(
                        part, best, ranked
                    )
                    if limit is not None:
                        best, text, lead = limit, limit.provision.text, "No"
                        if not says_no(text):  # a list's item: quoted after its lead-in
                            opening = lead_in(best.provision.section.text, text) or ""
                elif lead == "No":
                    later = self._later_item(part, best, ranked)
                    if later is not None:  # the asked case, later in the list the quote opens
                        opening, best = later
                        text = best.provision.text
                        # judged under its own lead-in ('A permit is not required for:')
                        lead = polarity(part, f"{opening} {text}".strip()) or lead
                found = figure(text, main, part) if main else None
                bounded = bound_check(part, text)  # 'a cabin we use 150 days a year'
                if bounded is not None and exempts(part, text):
                    lead = {"Yes": "No", "No": "Yes"}[bounded[0]]  # met, the exception exempts
                elif bounded is not None:  # against 'occupied on fewer than 120 days'
                    lead = f"{bounded[0]}: {bounded[1]}"
                elif (
                    lead
                    and found
                    and not (lead == "No" and opposed(part, text))
                    and not (lead == "No" and words_and_digits(found) <= words_and_digits(part))
                ):  # ('No: 15 percent' to 'can they use the 15% break?' says the figure twice)
                    lead = f"{lead}: {found}"
        elif main is not None:
            case = _later_case(part, best, ranked, main) if main in FIGURE_TYPES else None
            if case is not None:  # 'our cabin ...': '(2) ... 48 months, if ... seasonal'
                best, text = case, case.provision.text
            found = figure(text, main, part)
            if found and lexicon().answer_types[main].figure and asks_several(part):
                # 'what are the penalty amounts?': every figure of the chosen sentence, or of the
                # list the chosen item belongs to ('$200 ...; $400 ...; $750 ...')
                lists = [
                    s
                    for s in ranked
                    if s.provision.section.ref == best.provision.section.ref
                    and s.provision.text != text
                    and text in s.provision.text
                    and ":" in s.provision.text[: s.provision.text.index(text) + len(text)]
                ]
                listed = min(lists, key=lambda s: len(s.provision.text), default=best)
                several = figures(listed.provision.text, main)
                if 1 < len(several) <= _MOST_FIGURES:
                    best, text, found = listed, listed.provision.text, "; ".join(several)
            if found:
                lead = found[0].upper() + found[1:]
        chosen = [best]
        for other in ranked[: params.typed_window]:
            if len(chosen) >= 2 or other is best:
                continue
            if (
                other.score >= params.second_share * best.score
                and other.provision.text not in text
                and (main is None or carries(other.provision.text, main))
                and text not in other.provision.text
            ):
                chosen.append(other)
        supports = [self._support(c.provision.section, c.provision.text) for c in chosen]
        label = best.provision.section.label
        if lead.startswith("No") and says_no(split_sentences(text)[-1]):
            # 'shall not be extended.' and what the same item says instead ('Work not finished
            # ... requires a new application and a new fee.')
            after = _follow_on(best.provision.section.text, text)
            if after:
                text = f"{text} {after}"
                supports[0] = self._support(best.provision.section, text)
        body = f'{label} says: "{text}"'
        if opening:
            supports.insert(0, self._support(best.provision.section, opening))
            body = f'{label} says: "{opening}" … "{text}"'
        lead = _SCAN_SPACE.sub(r"\1", lead)  # a scan's 'One hundred ( 100) feet' said plainly
        return Block(
            jurisdiction=jurisdiction,
            name=name,
            headline=f"{lead}. {body}" if lead else body,
            supports=supports,
            topic="general",
            undecided=yes_no and not lead,
        )

    def exception_to(self, question: str, support: Any) -> tuple[str, Support] | None:
        """Before a Yes from a quoted provision (a calculator's rule, a looked-up fact): the
        sentence of its section that says no to the asked case (`_exception`), as (the
        sentence, its support)."""
        section = self._read_section(support.jurisdiction, support.section or support.title)
        if section is None:
            return None
        ranked = score(self._without_places(question), provisions(section, 0), types=[])
        head = " ".join(support.quote.split())[:60]
        best = next((s for s in ranked if head and head in s.provision.text), None)
        limit = self._exception(question, best, ranked) if best is not None else None
        if limit is None:
            return None
        text = limit.provision.text
        opening = lead_in(section.text, text) if not says_no(text) else None
        if opening:  # a list's item, after its lead-in
            return f'{opening}" … "{text}', self._support(section, opening)
        return text, self._support(section, text)

    def _later_item(
        self, part: str, best: Scored, ranked: list[Scored]
    ) -> tuple[str, Scored] | None:
        """(the lead-in, the item) of an item of the list `best` opens ('A permit is not required
        for: 1. Pumping a septic tank. 2.') that holds more of the asked subject than the items
        `best` quotes ('3. Replacing a pump ... with one of the same capacity.'); or None."""
        section = best.provision.section
        shown = best.provision.text.partition(":")[2]
        if not shown:
            return None
        subject = self._asked_subject(part, section.jurisdiction)
        items = []
        for p in provisions(section, best.provision.rank):  # the whole section's, not the pool's
            if p.text in best.provision.text:
                continue
            head = lead_in(section.text, p.text)
            if head and head in best.provision.text:
                items.append((speaks_of(subject, p.text), head, Scored(p, best.score, {})))
        if not items:
            return None
        share, head, item = max(items, key=lambda t: t[0])
        return (head, item) if share > speaks_of(subject, shown) else None

    def _exception(self, part: str, best: Scored, ranked: list[Scored]) -> Scored | None:
        """Before a Yes: the sentence of the same section that says no to the asked case (an
        exception, a limit, a prohibition), when it is about as close in meaning to the question
        as the provision that said yes ('The pump tank may be reduced in size by 50 percent ...'
        then 'Reduction in size will not be permitted due to financial reasons.')."""
        lex = lexicon()
        section = best.provision.section
        limits = [
            s
            for s in ranked
            if s.provision.section.ref == section.ref
            and s.provision.section.jurisdiction == section.jurisdiction
            and s.provision.text != best.provision.text
            and says_no(s.provision.text)
        ]
        # an item later in a list whose lead-in says no ('A permit is not required for:' / ... /
        # '4. Repairing or replacing a pump ...'): read with its lead-in
        heads: dict[int, str] = {}
        have = {s.provision.text for s in limits} | {best.provision.text}
        for p in provisions(section, best.provision.rank):  # the whole section's list
            head = lead_in(section.text, p.text) if p.text not in have else None
            if head and says_no(head):
                limits.append(Scored(p, best.score, {}))
                heads[id(limits[-1])] = head
        if not limits:
            return None
        sims = closeness(part, [best.provision.text, *(s.provision.text for s in limits)])
        subject = self._asked_subject(part, section.jurisdiction)
        top = max(subject.values(), default=0.0)
        rarest = {w: v for w, v in subject.items() if v == top}
        margin = lex.reader.yes_no_exception
        passing: list[tuple[float, int, Scored]] = []
        for i in sorted(range(len(limits)), key=lambda k: -float(sims[1 + k])):
            limit = limits[i]
            named = asked_item(part, limit.provision.text)
            if sims[1 + i] < sims[0] - margin and not (
                # a list's item naming the asked thing the rule does not ('a lid': '(b)
                # replacing a cover, lid, ...' under 'A permit is not required for:')
                named != limit.provision.text
                and speaks_of(rarest, named) > speaks_of(rarest, best.provision.text)
            ):
                continue
            text = limit.provision.text
            lead, colon, ruled = best.provision.text.partition(":")
            own_case = text.removeprefix(lead + colon)
            whole = " ".join(section.text.split())
            at = whole.find(" ".join(lead.split()))
            sibling = -1 < at < whole.find(" ".join(own_case.split())[:60])
            marker = _marker(ruled)
            if colon and marker is not None and marker == _marker(own_case) and sibling:
                # two items of one list ('Permits shall be required as follows: (1) all new
                # installations' / '(4) ... not for routine maintenance'): the exempting item is
                # the asked case only when it holds more of what the lead-in does not say
                said = {_stem(w) for w in content_words(lead)}
                rest = {w: v for w, v in subject.items() if w not in said}
                if speaks_of(rest, own_case) <= speaks_of(rest, ruled):
                    continue
            item = asked_item(part, text)
            cases = item if item != text else text.partition(":")[2]
            if (
                cases
                and speaks_of(subject, cases) < speaks_of(subject, best.provision.text)
                and not _tells_the_case(
                    part, cases, f"{best.provision.text} {text.partition(':')[0]}"
                )
            ):
                continue  # a list of exemptions, none of them the asked case ('a tank lid')
            if speaks_of(rarest, text) < speaks_of(rarest, best.provision.text):
                continue  # 'the flood fringe, as opposed to the floodway?': not the asked case
            if case_unasked(part, heads.get(id(limit), text), best.provision.text):
                continue  # 'not required for a transfer between spouses': not the asker's
            if polarity(part, heads.get(id(limit), text)) == "No":
                passing.append((speaks_of(subject, cases or text), -i, limit))
        # of several that say no, the one whose own case holds most of the asked subject (a
        # list's third item 'replacing a pump ...' over its lead-in's first 'pumping a tank')
        if passing:
            return max(passing, key=lambda p: p[:2])[2]
        return self._exception_elsewhere(part, best, ranked, subject, rarest)

    def _exception_elsewhere(
        self,
        part: str,
        best: Scored,
        ranked: list[Scored],
        subject: dict[str, float],
        rarest: dict[str, float],
    ) -> Scored | None:
        """Before a Yes: a sentence of another section of the city that says no to the asked
        case ('A license ... shall not be transferable' for 'can I work under his license?'
        beside the installer's duties): at least as close in meaning to the question as the
        provision that said yes (less a margin), and about the asked subject's rarest words more
        ('an outhouse' is the privy a prohibition names, not the sewer a duty to connect names)."""
        section = best.provision.section
        window = ranked[: lexicon().reader.typed_window * 2]
        others = [
            s
            for s in window
            if s.provision.section.jurisdiction == section.jurisdiction
            and s.provision.section.ref != section.ref
            and says_no(s.provision.text)
        ]
        if not others or not rarest:
            return None
        sims = closeness(part, [best.provision.text, *(s.provision.text for s in others)])
        own = speaks_of(rarest, best.provision.text)
        passing = [
            (float(sims[1 + i]), s)
            for i, s in enumerate(others)
            if sims[1 + i] >= sims[0] - lexicon().reader.yes_no_exception
            and speaks_of(rarest, s.provision.text) > own
            and not case_unasked(part, s.provision.text, best.provision.text)
            and polarity(part, s.provision.text) == "No"
        ]
        return max(passing, key=lambda p: p[0])[1] if passing else None

    def _still_deferring(
        self, part: str, jurisdiction: str, defers: list[Scored], typed: Scored
    ) -> list[Scored]:
        """The deferrals ranked above the provision with the asked figure, unless that provision
        holds more of the asked subject by `yes_no_margin` ('started before the permit was
        issued: what do we charge?': 'where work is begun before the permit is issued, the
        applicant shall pay three (3) times the permit fee', over 'the fees are set by
        resolution')."""
        subject = self._asked_subject(part, jurisdiction)
        if not subject:
            return defers
        own = speaks_of(subject, typed.provision.text) - lexicon().reader.yes_no_margin
        return [s for s in defers if speaks_of(subject, s.provision.text) > own]

    def _defers_on_subject(
        self, part: str, jurisdiction: str, ranked: list[Scored], best: Scored, main: str
    ) -> list[Scored]:
        """Deferrals of the asked type that speak of the asked thing by `yes_no_margin` more than
        the provision that gives a figure ('how long is a certificate of compliance good for?':
        'the period for which a certificate remains valid is the period provided in Minnesota
        Rules ...', over the seven days to file the inspection report beside it)."""
        subject = self._asked_subject(part, jurisdiction)
        if not subject:
            return []
        lex = lexicon()
        floor = speaks_of(subject, best.provision.text) + lex.reader.yes_no_margin
        window = ranked[: lex.reader.defer_window]
        return [
            s
            for s in window
            if s is not best
            and deferral(s.provision.text, main)
            and lex.pattern(lex.defers_figure).search(s.provision.text)
            and speaks_of(subject, s.provision.text) >= floor
        ]

    def _ruling(
        self,
        part: str,
        jurisdiction: str,
        ranked: list[Scored],
        wanted: str,
        prior: Scored | None = None,
    ) -> Scored | None:
        """The provision that lays down a rule (`wanted`) and speaks of what the yes/no part
        asks: most of its subject's words, the rare ones counting most, and then the reader's
        score; the reader's own choice (`prior`) unless another speaks of it by `yes_no_margin`
        more; None when no rule holds `yes_no_floor` of the subject."""
        params = lexicon().reader
        subject = self._asked_subject(part, jurisdiction)
        if not ranked or not subject:
            return ranked[0] if ranked else None
        top = ranked[0].score or 1.0
        rules = [
            (speaks_of(subject, s.provision.text), s)
            for s in ranked
            if carries(s.provision.text, wanted)
        ]
        names = [*self.names.values(), *self.names]
        asking = asking_and_context(self._without_places(part))[0]
        own = {w: 1.0 for w in subject_words(asking, names) if w in subject}
        needed = phrase("needs_thing").search(asking)
        if needed is not None:
            # 'do I need a permit to replace my drainfield?': the rule that requires a permit
            # ('no person shall install ... without first obtaining a permit'), whatever the
            # story's words share with other provisions
            noun = needed.group(1).lower().rstrip("s")
            without, required = phrase("without_first").pattern, phrase("is_required").pattern
            requiring = re.compile(
                rf"{without}{re.escape(noun)}|\b{re.escape(noun)}s?{required}",
                re.I,
            )
            action = phrase("to_verb").match(asking[needed.end() :])
            # '... a permit to repair my tank?': a rule on repairs ('installations' holds 'install')
            doing = _stem(action.group(1)) if action else ""
            requires = [
                (v, s)
                for v, s in rules
                if requiring.search(s.provision.text)
                and re.search(rf"\b{re.escape(doing)}", s.provision.section.text, re.I)
            ]
            # the rule itself over an item of its list that exempts ('(4) Permits shall not be
            # required for routine maintenance')
            requires = [r for r in requires if not says_no(r[1].provision.text)] or requires
            if requires:
                return max(requires, key=lambda r: r[0] + params.yes_no_score * r[1].score / top)[1]
        if own and any(speaks_of(own, s.provision.text) for _, s in rules):
            # the rule on 'do I need a permit?' speaks of a permit, whatever the story before
            # it ('I'm replacing the drainfield') shares with other provisions
            rules = [(v, s) for v, s in rules if speaks_of(own, s.provision.text)]
        named = {w: 1.0 for w in proper_names(self._without_places(part)) if w in subject}
        naming = [
            (speaks_of(subject, s.provision.text), s)
            for s in ranked
            if named and speaks_of(named, s.provision.text)
        ]
        if naming:
            # 'I hold a Carver County license. Is it accepted?': the provision naming it
            # ('City acknowledges persons licensed through Carver County.'), a rule if one does
            rules = [(v, s) for v, s in rules if speaks_of(named, s.provision.text)] or naming
        if not rules:
            return None
        spoken, best = max(rules, key=lambda r: r[0] + params.yes_no_score * r[1].score / top)
        if spoken < params.yes_no_floor:
            return None
        rarest = max(subject.values())
        rare = {w: v for w, v in subject.items() if v == rarest}
        if prior is not None and (
            not speaks_of(rare, best.provision.text)  # an overruling rule holds the rarest word
            or speaks_of(subject, prior.provision.text)
            > max(params.yes_no_floor, spoken - params.yes_no_margin)
        ):
            return (
                prior if speaks_of(subject, prior.provision.text) >= params.yes_no_floor else best
            )
        return best

    def _typed(
        self, ranked: list[Scored], main: str, part: str = "", whole: str = ""
    ) -> list[Scored]:
        """The provisions near the top that carry the asked type and hold a word of the
        question's subject (best first). A part that names at most one word of its own ('and how
        deep do they go?') refers back: the whole question's subject counts too."""
        params = lexicon().reader
        if not ranked:
            return []
        top = ranked[0].score
        names = [*self.names.values(), *self.names]
        mine = without_asked(part, main) if part else ""
        own = subject_words(mine, names) if part else set()
        back = without_asked(whole, main) if whole and whole != part and len(own) <= 1 else ""

        def held(s: Scored) -> bool:
            text = f"{s.provision.section.title} {s.provision.text}"
            return any(
                holds_subject(q, text, names, params.typed_subject) for q in (mine, back) if q
            )

        lex = lexicon()
        other = any(lex.pattern(lex.establishment).search(q) for q in (part, whole) if q)
        # what a question asks the time for ('how long do I have to abandon the old tank?'): a
        # provision whose figure's clause does it ('... abandoned within 90 days') comes before
        # one whose figure is another act's ('shall connect ... within 15 months')
        act = phrase("asks_time_to").search(asking_and_context(part)[0]) if part else None
        doing = _stem(act.group(1).lower()) if act else ""

        def does_it(s: Scored) -> bool:
            return bool(doing) and _holder(figure_clause(s.provision.text, main, part))(doing)

        # a fine asked in dollars: an amount that is no penalty (a permit fee) does not answer it
        fined = main == "money" and "penalty" in asked_types(part or whole)
        # nor does an amount of another kind of money (a license fee asked: an insurance limit)
        kind = _money_kind(asking_and_context(part or whole)[0]) if main == "money" else None
        typed = [
            s
            for s in _slots(ranked, params.typed_window)
            if (
                carries(s.provision.text, main)
                or (main == "money" and multiplied_for(whole or part, s.provision.text))
            )
            and (not fined or carries(s.provision.text, "penalty"))
            and (
                kind is None
                or _money_kind(figure_clause(s.provision.text, main, part)) in (None, kind)
            )
            and s.score >= params.typed_share * top
            and (not part or held(s))
            and not (other and lex.pattern(lex.dwelling_only).search(s.provision.text))
        ]  # ('a 40-seat restaurant': a figure for a dwelling is not its answer)
        # a provision that states the figure ('a misdemeanor') before one that only names the
        # kind of thing ('the penalty provisions')
        # ... and one about the asked case before one about a later case the question does not
        # name ('renewed once, for eight months' for how long a permit lasts), or after one
        # about the later case it names ('how much extra time': the extension)
        asked = set(stems(f"{part} {' '.join(synonyms_of(part))}"))
        cases = {_stem(w) for w in lexicon().qualifiers}

        def case_rank(s: Scored) -> int:
            # (a bracketed headnote names the subdivision, no case of its provision: 'Subd. 5.
            # [TERM; EXTENSION.] (a) A permit expires 16 months ...')
            said = _HEADNOTE.sub(" ", s.provision.text)
            own = cases.intersection(stems(said))  # (cached per text)
            return 0 if own & asked else 2 if own else 1 if cases & asked else 0

        # ... and one about the kind of thing the question names ('a permit'), in its words or its
        # section's title, before one that names only another of that kind ('a certificate ...
        # remains valid for five (5) years')
        kinds = {_stem(w) for w in lexicon().instruments}
        named = kinds.intersection(stems(part)) or kinds.intersection(stems(whole))

        def kind_rank(s: Scored) -> int:
            # (a provision naming no such thing, 'every tank shall be pumped at least once every
            # 42 months', comes after one naming the asked one: 'a registration expires on ...')
            own = kinds.intersection(stems(f"{s.provision.section.title} {s.provision.text}"))
            return 0 if not named or own & named else 2 if own else 1

        # ... and one whose figure stands in a clause that names the asked thing ('a certificate
        # ... is valid for thirty (30) months') before one whose figure is another thing's
        # ('the seller shall give the buyer the certificate ...; (C) ... within nine (9) months')
        def near_rank(s: Scored) -> int:
            return 0 if self._names_asked(s, main, part) is not False else 1

        def act_rank(s: Scored) -> int:
            return 0 if not doing or does_it(s) else 1

        if doing and typed and not any(does_it(s) for s in typed):
            # 'hooked up to the sewer, how long to abandon the old system?': the provision that
            # abandons, though the story's words score the connection higher
            typed += [
                s
                for s in _slots(ranked, params.act_window)
                if s not in typed
                and s.score >= params.act_share * top
                and carries(s.provision.text, main)
                and does_it(s)
                and (not part or held(s))
            ]

        if doing and typed and not any(does_it(s) for s in typed):
            # '... the system shall be abandoned under Section 6.4': the section a near provision
            # sends the asked act to answers it ('... abandoned within ninety (90) days')
            sent = {
                normalize_ref(ref)
                for s in _slots(ranked, params.act_window)
                for sentence in re.split(r"(?<=[.;])\s+", s.provision.text)
                if _holder(sentence)(doing)
                for ref in find_section_refs(sentence)
            }
            typed += [
                s
                for s in ranked
                if normalize_ref(s.provision.section.ref) in sent
                and s not in typed
                and carries(s.provision.text, main)
                and does_it(s)
            ][:1]

        return sorted(
            typed,
            key=lambda s: (
                figure(s.provision.text, main, part if main == "count" else "") is None,
                act_rank(s),
                case_rank(s),
                kind_rank(s),
                near_rank(s),
            ),
        )

    def _names_asked(self, s: Scored, main: str, part: str) -> bool | None:
        """Whether the clause that holds the provision's figure names what the asking sentence
        asks about ('a certificate ... is valid for thirty (30) months'); None when the asking
        sentence names nothing or the provision has no figure."""
        names = [*self.names.values(), *self.names]
        asking = without_asked(asking_and_context(part)[0], main) if part else ""
        clause = figure_clause(s.provision.text, main, part)
        if not subject_words(asking, names) or not clause:
            return None
        return holds_subject(asking, clause, names)

    def _abstain(
        self, part: str, name: str, jurisdiction: str, ranked: list[Scored], main: str
    ) -> Block:
        """No provision near the subject carries the asked type: say so, and where it defers."""
        says = lexicon().answer_types[main].says
        names = [*self.names.values(), *self.names]
        asked = without_asked(part, main)
        refer = next(
            (
                s
                for s in ranked[: lexicon().reader.defer_window]
                if deferral(s.provision.text, main)
                and holds_subject(asked, s.provision.text, names, lexicon().reader.typed_subject)
            ),
            None,
        )  # where the text defers on the asked thing, not a '100 year floodplain as determined by
        shown = refer or ranked[0]
        label = shown.provision.section.label
        what = "It refers to" if refer is not None else "The closest provision is"
        # the statement of absence on its own line; the cited line only quotes
        headline = (
            f"The {name} ordinance does not state {says} for this.\n"
            f'{what} {label}: "{shown.provision.text}"'
        )
        return Block(
            jurisdiction=jurisdiction,
            name=name,
            headline=headline,
            supports=[self._support(shown.provision.section, shown.provision.text)],
            topic="general",
            abstained=True,
        )

    def section_block(self, u: Understanding, jurisdiction: str, ref: str) -> Block | None:
        section = self._read_section(jurisdiction, ref)
        if section is None:
            return None
        self._record(
            ToolCall(name="get_section", arguments={"jurisdiction": jurisdiction, "ref": ref},
                     result={"label": section.label, "found": True})
        )  # fmt: skip
        asks_whole = phrase("asks_whole_text").search(_q(u))
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
        low = section.text.casefold()
        if any(re.search(rf"\b{re.escape(w.casefold()[:5])}", low) for w in words):
            chunk = _Chunk(jurisdiction, section.ref, section.text)
            blocks = self._read(u, jurisdiction, [_Hit(chunk)], [_q(u)])
            if blocks:
                return blocks[0]
        # the section exists but uses none of the asked words: say so, quote its start
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


_MOST_FIGURES = 4
"""Most figures an answer lists for a part that asks for several ('what are the amounts?')."""


def _other_case_figure(question: str, s: Scored, main: str) -> bool:
    """Whether the clause that holds a provision's figure speaks of the case other than the
    question's ('... serving a seasonal dwelling ...' for 'our year-round house')."""
    return other_case(question, figure_clause(s.provision.text, main, question))


def _without_stated(part: str, types: list[str]) -> str:
    """The part without the figures it states of the types it asks ('3 years')."""
    lex = lexicon()
    for name in types:
        t = lex.answer_types.get(name)
        if name in FIGURE_TYPES and name != "count" and t is not None and t.figure:
            left = " ".join(lex.pattern(t.figure).sub(" ", part).split())
            part = left if subject_words(left) else part
    return part


def _row_defers(row: Scored, ranked: list[Scored], main: str) -> list[Scored]:
    """A table row answers for the feature its label names: when a provision of the row's own
    section matches the question's words better and sends the reader elsewhere for this type
    ('Setbacks from water supply wells ... shall be as required by Minn. Rules'), the row's
    figure is not the answer (the table does not list the asked feature)."""
    if ROWS.get(row.provision.text) is None:
        return []
    section = row.provision.section
    return [
        s
        for s in ranked[: lexicon().reader.defer_window]
        if s.provision.section is section
        and s.features["lexical"] > row.features["lexical"]
        and ROWS.get(s.provision.text) is None
        and not carries(s.provision.text, main)
        and deferral(s.provision.text, main)
    ]


def _tells_more(text: str, main: str, part: str) -> bool:
    """Whether a provision answers a part of a type without a unit (a penalty): it states the
    type's figure when the type has one, and one of its figures is not what the question already
    says ('what is the fine for a misdemeanor?' is not answered by 'a misdemeanor', but by 'a
    misdemeanor ... a fine of not more than $1,000')."""
    said = figures(text, main)
    if not said:
        return not lexicon().answer_types[main].figure
    return any(not re.search(rf"(?<!\w){re.escape(x)}(?!\w)", part, re.I) for x in said)


def _near(stem: str, have: set[str]) -> bool:
    """The stem, or a longer form of it ('inspect' -> 'inspection', 'licens' -> 'licensed')."""
    return stem in have or (len(stem) >= 5 and any(h.startswith(stem) for h in have))


def _q(u: Understanding) -> str:
    """The question as understood: near-miss spellings fixed."""
    return u.corrected or u.question


_FIRST_FIGURE = re.compile(r"\d[\d,.]*\d|\d(?![).])")  # a figure, not an item's "(1)" or "1."


def _slots(ranked: list[Scored], n: int) -> list[Scored]:
    """The best provisions that fill `n` places, the rows of one section's tables sharing one
    place, and so the readings of one sentence (alone, with its label, with its list) sharing
    their first figure: a table of many rows, or a sentence read five ways, is one candidate, not
    many crowding out other provisions."""
    out: list[Scored] = []
    seen: set[object] = set()
    for s in ranked:
        where = (s.provision.section.jurisdiction, s.provision.section.ref)
        first = _FIRST_FIGURE.search(s.provision.text)
        key = where if s.provision.text in ROWS else (*where, first.group(0)) if first else id(s)
        if key not in seen:
            if len(seen) == n:
                break
            seen.add(key)
        out.append(s)
    return out


def _case_provision(
    part: str, best: Scored, ranked: list[Scored], types: list[str]
) -> Scored | None:
    """Of the chosen provision's section, the provision that speaks of the question's own case
    and states a figure the question's can be checked against."""
    for s in ranked:
        t = s.provision.text
        if (
            s.provision.section.ref == best.provision.section.ref
            and t != best.provision.text
            and same_case(part, t)
            and premise_check(part, t, types, by_case=True) is not None
        ):
            return s
    return None


def _later_case(part: str, best: Scored, ranked: list[Scored], main: str) -> Scored | None:
    """A longer span of the chosen list (its lead-in and more of its items) whose figure's item
    holds more of the question's words (and the ordinance's words for them) than the chosen
    item's: the asked case later in the list ('our cabin': '(2) At least once every 48 months,
    if it serves a seasonal dwelling', after '(1) ... 24 months, if ... year-round')."""
    text = best.provision.text
    found = figure(text, main, part)
    if not found:
        return None
    wanted = set(stems(part)) | {_stem(w) for w in synonyms_of(part)}

    def held(t: str, f: str) -> int:
        at = t.find(f)
        return len(wanted & set(stems(_clause_at(t, at, at + len(f))))) if at >= 0 else 0

    own = held(text, found)
    for s in ranked:
        t = s.provision.text
        if (
            s.provision.section.ref != best.provision.section.ref
            or len(t) <= len(text)
            or not t.startswith(text)
        ):
            continue
        f = figure(t, main, part)
        if f and f != found and held(t, f) > own:
            return s
    return None
