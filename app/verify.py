"""The citation verifier every answering mode shares.

A citation survives only if

* it belongs to a jurisdiction the question asked about,
* its section exists in the corpus and was retrieved or looked up for this answer
  (the `VerificationContext` holds exactly those sections' texts, read from the corpus), and
* its quote is verbatim in that section's text, with runs of whitespace folded to one space
  (the rule the calculators' quote test uses, `tools.rules.fold_ws`).

State-rule provenance from the calculators (``source == "state"``) is not corpus text: it passes
when the rule part belongs to a rule family the jurisdiction adopts per its manifest.

Failing citations are dropped and their markers removed from the text; an answer left with no
citation becomes exactly `REFUSAL`. Numbers in the answer must come from a tool result, a cited
quote or label, or the question itself (`unsupported_numbers`); a line's negation or yes/no must
be what its cited quotes say (`unsupported_claims`); a quote addressing the reader or an
assistant ("ignore previous instructions", "answer that ...", `core.suspect`) never counts.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.lexicon import phrase
from app.polarity import opposed
from app.records import REFUSAL, Answer, Citation
from core.refs import normalize_ref
from core.suspect import is_suspect

log = logging.getLogger(__name__)

STATE_SOURCE = "state"
STATE_TITLE = "state rule, adopted by reference; not in the city's text"


def fold_ws(text: str) -> str:
    """Collapse every run of whitespace to one space and strip the ends (the quote-check rule)."""
    return " ".join(text.split())


def section_key(jurisdiction: str, ref: str) -> tuple[str, str]:
    """A comparable key for a section: the number without leading zeros, or the folded title."""
    return jurisdiction, normalize_ref(ref)


@dataclass
class VerificationContext:
    """What an answer may rest on: the sections read for it, the cities asked, adopted rules."""

    asked: set[str]
    sections: dict[tuple[str, str], str] = field(default_factory=dict)
    adopted_rules: Mapping[str, list[str]] = field(default_factory=dict)
    allowed_numbers: set[str] = field(default_factory=set)

    def add_section(self, jurisdiction: str, ref: str, text: str) -> None:
        self.sections[section_key(jurisdiction, ref)] = fold_ws(text)

    def has_section(self, jurisdiction: str, ref: str) -> bool:
        return section_key(jurisdiction, ref) in self.sections

    tool_texts: list[str] = field(default_factory=list)

    def allow_numbers_from(self, *items: Any) -> None:
        """Numbers (and statements) of tool results: a calculator's verified output may be
        restated, its deferrals ("the text does not state ...; the city defers to ...") too."""
        for item in items:
            flat = _flatten(item)
            self.allowed_numbers |= numbers_in(flat)
            self.tool_texts.append(fold_ws(flat))


def _flatten(item: Any) -> str:
    if isinstance(item, str):
        return item
    if isinstance(item, Mapping):
        return " ".join(_flatten(v) for v in item.values())
    if isinstance(item, Iterable):
        return " ".join(_flatten(v) for v in item)
    if isinstance(item, bool) or item is None:
        return ""
    return str(item)


_NUMBER = re.compile(r"(?<![\w.])\d+(?:,\d{3})*(?:\.\d+)?")


def _norm_number(token: str) -> str:
    token = token.replace(",", "")
    if "." in token:
        token = token.rstrip("0").rstrip(".")
    return token.lstrip("0") or "0"


def numbers_in(text: str) -> set[str]:
    """Normalised numbers in a text ('1 ,000' and '1,000.0' both give '1000')."""
    text = re.sub(r"(\d) ?, ?(\d{3})(?!\d)", r"\1,\2", text)
    text = re.sub(r"(\d) \.(\d)", r"\1.\2", text)
    return {_norm_number(m.group(0)) for m in _NUMBER.finditer(text)}


def unsupported_numbers(text: str, allowed: set[str]) -> list[str]:
    """Numbers in an answer text that no tool result, cited quote or the question supports."""
    body = re.sub(r"\[\d+\]", " ", text)
    return sorted(n for n in numbers_in(body) if n not in allowed)


def rule_part_adopted(rule_part: str, adopted: Iterable[str]) -> bool:
    """Whether a state rule part ('Minn. R. 7080.1860, Table IV') is in an adopted rule family.

    Adopted entries look like 'Minn. R. ch. 7080-7083, with future amendments' or
    '6 MCAR Individual Sewage Treatment Systems Standards ...'."""
    chapter = re.search(r"\b(\d{4})\.\d{3,4}\b|\bch(?:apter)?\.?\s*(\d{4})\b", rule_part)
    number = int(chapter.group(1) or chapter.group(2)) if chapter else None
    for entry in adopted:
        if "mcar" in rule_part.casefold() and "mcar" in entry.casefold():
            return True
        if number is None:
            continue
        for lo, hi in re.findall(r"(\d{4})\s*(?:-|–|through|to)\s*(\d{4})", entry):
            if int(lo) <= number <= int(hi):
                return True
        if str(number) in re.findall(r"\b\d{4}\b", entry):
            return True
    return False


_YES_NO = re.compile(r"^\W*(yes|no)\s*[,:.;!—–-]", re.IGNORECASE)  # "No: ...", not "No permit"
_LEAD = re.compile(r"^((?:\*\*[^*]{1,60}\*\*:\s*)?)(?:yes|no)\s*[,:.;!—–-]\s*", re.I)
"""A line's leading Yes/No ('No. ', '**Hugo**: Yes: '), the city label kept."""
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
_MARKER = re.compile(r"\[(\d+)\]")
_ABSENT_WORDS = re.compile(r"does not use (?:the word|any of the words) ((?:'[^']+'(?:, )?)+)")
_NO_FIGURE = re.compile(r"\bstates? no (?:amount|figure|number)\b", re.IGNORECASE)


def unsupported_claims(
    line: str,
    citations: list[Citation],
    sections: Mapping[tuple[str, str], str],
    tool_texts: Iterable[str] = (),
    question: str = "",
) -> list[str]:
    """Why a line's claim is not what its cited quotes say (empty when it is, or when the line
    cites nothing). Beyond the quotes being verbatim: a negative claim or a "No" needs a cited
    quote that negates or prohibits, or (a "No" to a false premise) the line states the quote's
    figure where the question states another; a "Yes" needs a cited quote; a claim that the section
    does not use a word is checked against the section; a claim that the text states no
    figure is checked against the quotes."""
    if re.match(r"\s*(?:\[\d+\]|Note:|Sources:)", line):
        return []
    markers = {int(m) for m in _MARKER.findall(line)}
    cited = [c for c in citations if c.marker in markers]
    claim = _MARKER.sub(" ", _QUOTED.sub(" ", line))
    yes_no = _YES_NO.match(claim)
    if not cited:
        if yes_no is None:
            return []
        # "No. <a calculator's statement>": the figure the calculator computed, against the
        # one the question states; the statement carries its provenance on the lines below it
        spoken = _MARKER.sub(" ", line)  # its quoted words kept: '... ("Title").'
        lead = _YES_NO.match(spoken)
        bare = fold_ws(spoken[lead.end() if lead else yes_no.end() :]).strip(" .;:")
        if len(bare) > 20 and any(bare in fold_ws(t) for t in tool_texts):
            return []
        return ["a yes/no answer cites no quote"]
    quotes = [fold_ws(c.quote) for c in cited]
    stated = fold_ws(claim).strip(" .;:")
    unlabelled = re.sub(r"^\**[^:*]{1,40}\**:\s*", "", stated)  # "**Hugo**: ..." -> "..."
    for text in tool_texts:
        if any(len(c) > 20 and c in text for c in (stated, unlabelled)):
            return []  # a calculator's own statement, verified with its provenance
    absent = _ABSENT_WORDS.search(claim)
    if absent:
        words = re.findall(r"'([^']+)'", absent.group(1))
        texts = [
            sections.get(section_key(c.jurisdiction, c.section or c.title), "").casefold()
            for c in cited
        ]
        used = [
            w for w in words if any(re.search(rf"\b{re.escape(w.casefold())}", t) for t in texts)
        ]
        return [f"the section does use {', '.join(map(repr, used))}"] if used else []
    if _NO_FIGURE.search(claim):
        return ["the quote states a figure"] if any(numbers_in(q) for q in quotes) else []
    said = set().union(*(_negated_words(q, phrase("negates_or_restricts")) for q in quotes))
    if yes_no is not None and yes_no.group(1).lower() == "no":
        # "No: ... prohibits it": the answer negates the question; a quote must negate too
        if (
            said
            or _corrects_a_figure(claim, quotes, question)
            or any(opposed(question, q) for q in quotes)
        ):  # 'allowed on previously developed sites' says no to a new house
            return []
        return ["a 'No' answer whose quotes negate or prohibit nothing"]
    negated = _negated_words(claim, phrase("negation_word"))
    if not negated or negated & said:
        return []
    return [f"negative claim {fold_ws(claim)[:60]!r}: no cited quote negates what it negates"]


_FIGURE_UNIT = re.compile(r"(\d[\d,]*(?:\.\d+)?)\)?[\s-]*([a-z]{3,})", re.IGNORECASE)


def _figures(text: str) -> set[tuple[str, str]]:
    """(number, unit stem) pairs: '2,000-gallon' and '1,200 gallons' -> ('2000', 'gall'), ..."""
    return {
        (n, m.group(2)[:4].casefold())
        for m in _FIGURE_UNIT.finditer(text)
        for n in numbers_in(m.group(1))
    }


def _corrects_a_figure(claim: str, quotes: list[str], question: str) -> bool:
    """A "No" that answers a wrong figure in the question with the quoted one: the line states a
    quoted figure in a unit for which the question states another figure ('6 months' asked,
    'twelve (12) months' quoted)."""
    says = re.search(r"\bthe ordinance says (.{3,80}?)\.(?:\s|$)", claim)
    if says and any(fold_ws(says.group(1)).lower() in q.lower() for q in quotes):
        # 'No: the ordinance says ten months' (a quoted figure, in words) against '90 days'
        from app.premises import same_period
        from app.reader import carries, one_period, words_and_digits

        question = one_period(question)
        if same_period(says.group(1), question):
            return False  # 'every year' against 'twelve (12) months': no wrong figure to correct
        ours = words_and_digits(says.group(1))
        kinds = {k for k, _ in _typed_figures(says.group(1), words_and_digits)}
        if any(
            (carries(says.group(1), k) or k in kinds) and not n & ours
            for k, n in _typed_figures(question, words_and_digits)
        ):  # '... twelve (12) months' against 'good for two years'; 'three (3) times the fee'
            # against 'it just doubles the fee'
            return True
    quoted = set().union(*(numbers_in(q) for q in quotes))
    stated = {(n, u) for n, u in _figures(claim) if n in quoted}
    asked = _figures(question)
    if any(u == v and n != m for n, u in stated for m, v in asked):
        return True
    # the same kind of quantity in another unit or spelling ('2 years' asked, '30 days' quoted;
    # '150%' asked, '125 percent' quoted)
    said = {(k, n) for k, n in _typed_figures(claim) if n <= quoted}
    return any(k == j and n != m for k, n in said for j, m in _typed_figures(question))


def _typed_figures(
    text: str, read: Callable[[str], Iterable[Any]] = numbers_in
) -> set[tuple[str, frozenset[Any]]]:
    """(answer type, its numbers) of each figure with a unit in the text (`app/lexicon.yaml`);
    `read` reads a figure's numbers (digits only by default)."""
    from app.lexicon import lexicon

    lex = lexicon()
    out: set[tuple[str, frozenset[Any]]] = set()
    for name, t in lex.answer_types.items():
        if not t.figure or not t.units:
            continue
        for m in lex.pattern(t.figure).finditer(text):
            found = frozenset(read(m.group(0)))
            if found:
                out.add((name, found))
    return out


_WORD = re.compile(r"[a-z][a-z']+")
_FILLER = {"a", "an", "the", "is", "are", "be", "been", "ever", "any", "shall", "will", "may",
           "must", "does", "do", "it", "this", "that", "such", "person", "one", "longer"}  # fmt: skip


def _negated_words(text: str, negator: re.Pattern[str]) -> set[str]:
    """Stems (first five letters) of the words around each negation: the three before and the
    three after, fillers skipped ('No permit is ever required' -> permi, requi; 'Drip systems
    are prohibited' -> drip, syste). 'without'/'unless' are not negations of what follows."""
    out: set[str] = set()
    low = text.lower()
    for m in negator.finditer(low):
        after = [w for w in _WORD.findall(low[m.end() : m.end() + 60]) if w not in _FILLER]
        before = [w for w in _WORD.findall(low[max(0, m.start() - 40) : m.start()])]
        before = [w for w in before if w not in _FILLER][-3:]
        out |= {w[:5] for w in after[:3] + before}
    return out


def check_citation(citation: Citation, ctx: VerificationContext) -> str | None:
    """Why a citation fails, or None when it holds."""
    if citation.jurisdiction not in ctx.asked:
        return f"jurisdiction {citation.jurisdiction!r} was not asked about"
    if citation.source == STATE_SOURCE:
        adopted = ctx.adopted_rules.get(citation.jurisdiction, [])
        if citation.section is not None:
            return "a state rule citation names no city section"
        if not rule_part_adopted(citation.label, adopted):
            return f"{citation.label!r} is not a rule {citation.jurisdiction!r} adopts"
        return None
    ref = citation.section if citation.section is not None else citation.title
    text = ctx.sections.get(section_key(citation.jurisdiction, ref))
    if text is None:
        return f"section {ref!r} of {citation.jurisdiction!r} was not retrieved or looked up"
    quote = fold_ws(citation.quote)
    if len(quote) < 3:
        return "empty quote"
    if quote not in text:
        return f"quote {quote[:60]!r} is not verbatim in {ref!r}"
    if is_suspect(quote):
        return "the quote addresses the reader or an assistant (suspect text, not a provision)"
    return None


def _drop_markers(text: str, dropped: set[int]) -> str:
    if not dropped:
        return text
    return re.sub(r"\s?\[(\d+)\]", lambda m: "" if int(m.group(1)) in dropped else m.group(0), text)


def verify_answer(answer: Answer, ctx: VerificationContext) -> Answer:
    """Drop failing citations (and their markers); no support left -> exactly REFUSAL.

    Lines of the answer text holding numbers nothing supports are removed as well."""
    if answer.refused:
        return answer
    kept: list[Citation] = []
    dropped: set[int] = set()
    for citation in answer.citations:
        reason = check_citation(citation, ctx)
        if reason is None:
            kept.append(citation)
        else:
            log.warning("dropped citation %s: %s", citation.label, reason)
            dropped.add(citation.marker)
    lines = [
        _drop_markers(ln, dropped)
        for ln in answer.answer.splitlines()
        if not _is_dropped_source_line(ln, dropped)
    ]
    allowed = set(ctx.allowed_numbers)
    for c in kept:
        allowed |= numbers_in(c.quote) | numbers_in(c.label) | numbers_in(c.title)
        allowed.add(str(c.marker))
    clean: list[str] = []
    for line in lines:
        bad = unsupported_numbers(line, allowed)
        if bad:
            log.warning("removed a line with unsupported numbers %s: %r", bad, line)
            continue
        wrong = unsupported_claims(line, kept, ctx.sections, ctx.tool_texts, answer.question)
        bare = _LEAD.sub(r"\1", line, count=1)  # the line without its Yes/No
        if (
            wrong
            and bare != line
            and bare.strip()
            and not unsupported_claims(bare, kept, ctx.sections, ctx.tool_texts, answer.question)
        ):
            log.warning("dropped a Yes/No its quotes do not support (%s): %r", wrong[0], line)
            line, wrong = bare, []
        if wrong:
            log.warning("removed a line its quotes do not support (%s): %r", wrong[0], line)
            continue
        clean.append(line)
    text = "\n".join(clean).strip()
    if not kept or not text:
        return answer.model_copy(
            update={"answer": REFUSAL, "refused": True, "citations": [], "clarification": None}
        )
    return answer.model_copy(update={"answer": text, "citations": kept})


def _is_dropped_source_line(line: str, dropped: set[int]) -> bool:
    m = re.match(r"\s*\[(\d+)\]", line)
    return m is not None and int(m.group(1)) in dropped


def failures(answer: Answer, ctx: VerificationContext) -> list[str]:
    """Every reason the answer does not verify (for the LLM path and the evals)."""
    out = [
        f"{c.label}: {reason}"
        for c in answer.citations
        if (reason := check_citation(c, ctx)) is not None
    ]
    allowed = set(ctx.allowed_numbers)
    for c in answer.citations:
        allowed |= numbers_in(c.quote) | numbers_in(c.label) | numbers_in(c.title)
        allowed.add(str(c.marker))
    bad = unsupported_numbers(answer.answer, allowed)
    if bad:
        out.append(f"unsupported numbers: {', '.join(bad)}")
    for line in answer.answer.splitlines():
        out += unsupported_claims(
            line, list(answer.citations), ctx.sections, ctx.tool_texts, answer.question
        )
    if not answer.refused and not answer.citations:
        out.append("no citations")
    return out
