"""The general reader: candidate provisions of a city's retrieved sections, scored by general
signals, and the direct answer each asked part leads with.

A provision is a verbatim span of one section: a sentence, a sentence with its list items, a list
item with the sentence that introduces it, or a short sentence with the one it refers back to.
Each is scored against a question part by

* the bundled embedding model's cosine similarity (the numpy query encoder, cached per text),
* BM25 over the candidate pool (the question's word stems),
* whether it carries the part's answer type (duration, distance, money, who, ... per
  `app/lexicon.yaml`),
* the retrieval rank of its section and the question's words in the section title,

with weights from the lexicon (fitted on the tune split by `evals/fit_reader.py`). `lead` turns the
best provision into the direct answer: Yes/No for a yes/no part, the figure with its unit, or
nothing (the quote then speaks). No number is written that the provision does not hold.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from app.compose import _STOP, _stem, split_sentences
from app.lexicon import Lexicon, lexicon, phrase
from app.lists import lead_in
from app.rows import ROWS, table_rows
from core.numbers import spelled_numbers, word_values

_ITEM = re.compile(r"^\(?(?:\d{1,2}|[a-zA-Z]|[ivxIVX]{1,4})[.)]\s")
_LEAD_IN = re.compile(r":$|:\s*\(?(?:\d{1,2}|[a-zA-Z])[.)]$")
_MARKER_END = re.compile(r"[:;,]\s*(?:(?:or|and)\s+)?\(?(?:\d{1,2}|[a-zA-Z]|[ivx]{2,4})[.)]$")
_LONG = 480
_MAX = 700
_VECTORS: dict[str, np.ndarray] = {}
FIGURE_TYPES = (
    "money",
    "date",
    "frequency",
    "duration",
    "area",
    "flow",
    "volume",
    "rate",
    "distance",
    "count",
    "contact",
)
TYPED = (*FIGURE_TYPES, "penalty", "who")
"""Types a city's answer must carry (else it abstains)."""


@dataclass(frozen=True)
class Provision:
    """A verbatim span of one section (whitespace folded) and the section's retrieval rank."""

    section: Any
    text: str
    rank: int
    similarity: float | None = None
    """The embedding similarity of the retrieved chunk that holds it (None: not retrieved)."""


@dataclass
class Scored:
    provision: Provision
    score: float
    features: dict[str, float]


def provisions(section: Any, rank: int) -> list[Provision]:
    """The candidate provisions of one section, each a verbatim span of its folded text (a
    sentence that asks, as a handbook's sidebar does, 'How big does my drainfield have to be?',
    lays nothing down: never a candidate)."""
    key = (section.jurisdiction, section.ref, section.text)
    if key not in _SPANS:
        _SPANS[key] = [t for t in _spans(section) if not t.rstrip().endswith("?")]
    return [Provision(section, text, rank) for text in _SPANS[key]]


_SPANS: dict[tuple[str, str, str], list[str]] = {}
_TRAILING_MARK = re.compile(
    r"(?<=[.;:])\s+(?:(?:Subd|Subdivision|Subsection|Sec|Section|Part)\.?\s+[\dA-Za-z]{1,4}\.?"
    r"|[A-Z]\.\s+[A-Z][a-z-]+(?:\s+(?:[A-Z][a-z-]+|of|and|or|the|to|for|in|on)){0,5}\.)$"
)
"""The next paragraph's marker or run-in heading glued to a sentence's end: '... was issued. Subd.
2.', '... after the inspection. D. Validity.'"""
_NEXT_MARK = re.compile(r"(?<=[.;:,])\s+(?:(?:and|or)\s+)?(?:[A-Za-z]|[ivx]{2,4}|\d{1,2})\.$")
"""The next item's mark left at a quote's end: '... on which it is issued. B.', '... to stop the
threat; ii.', '... after the notice; and iii.', '... before closing. 3.' (kept inside a quote
that runs on into its item)."""


def _spans(section: Any) -> list[str]:
    folded = " ".join(section.text.split())
    sentences: list[str] = []
    for s in split_sentences(section.text):
        s = _TRAILING_MARK.sub("", s)  # '... was issued. Subd. 2.': the next one's marker
        sentences.extend(_pieces(s))
    spans: list[str] = []

    def introduces(k: int) -> bool:  # "... is not needed to:" or "... is not needed to: 1."
        return bool(_LEAD_IN.search(sentences[k].rstrip()))

    def item(k: int) -> bool:  # "(2) Replace ..." or "Replace ..." after "...; 2."
        return bool(_ITEM.match(sentences[k]) or (k > 0 and _MARKER_END.search(sentences[k - 1])))

    for i, s in enumerate(sentences):
        if i + 1 < len(sentences) and _sentence_heading(s) and not _run_in_heading(s):
            # '(b) Failure to protect groundwater. If ... The owner must ... within two years':
            # a run-in heading is said with the sentences of its paragraph, never alone
            span = s
            for nxt in sentences[i + 1 :]:
                if item(sentences.index(nxt, i + 1)) or _sentence_heading(nxt):
                    break
                if len(span) + len(nxt) >= _MAX:
                    break
                span = f"{span} {nxt}"
                spans.append(span)
            continue
        lead_in = introduces(i) and i + 1 < len(sentences)
        if not lead_in and not item(i):  # a lead-in is never quoted without its items,
            spans.append(s)  # nor an item without its lead-in (below) when they fit
        if lead_in:  # a list's lead-in with its items
            j, span = i + 1, s
            while j < len(sentences) and len(span) + len(sentences[j]) < _MAX:
                span = f"{span} {sentences[j]}"
                j += 1
                if not (j < len(sentences) and item(j)):
                    break
            spans.append(span)
        if item(i):  # an item with the sentence that introduces its list
            for k in range(i - 1, max(-1, i - 10), -1):
                if k < i - 1 and _marker(sentences[k]) == _marker(s) is not None:
                    spans.append(s)  # '(C) ...' after '(B) ... required: (1) ...': a sibling
                    break
                if introduces(k):
                    span = " ".join(sentences[k : i + 1])
                    spans.append(span if len(span) <= _MAX else s)
                    break
            else:
                spans.append(s)
        if i > 0 and not lead_in and _run_in_heading(s):
            continue  # 'Subd. 2. No Extension.': a heading, said with what follows it
        if (
            i > 0 and not lead_in and (len(s) < 90 or phrase("refers_to_before").match(s))
        ):  # what it refers back to
            spans.append(f"{sentences[i - 1]} {s}")
    out: list[str] = []
    for span in spans:
        span = _NEXT_MARK.sub("", span.strip())
        # a heading or a defined term alone ("(12) Cesspool .") says nothing of its own
        words = re.findall(r"[A-Za-z]{3,}", span)
        if len(words) >= 3 and span not in out and span in folded:
            out.append(span)
    # a table's rows, its unit said once in its caption: "Water supply well 50 100" (IN FEET)
    out.extend(r for r in table_rows(section.text, _is_unit) if r not in out and r in folded)
    return out


_HEAD_MARK = re.compile(
    r"^(?:(?:Subd|Subdivision|Subsection|Sec|Section|Part|Article|Art)\.?\s+)?(?:\(?[\dA-Za-z]{1,4}[.)])+\s*"
)
_SMALL = {"a", "an", "and", "or", "of", "the", "to", "for", "in", "on", "by", "with", "from"}


def _run_in_heading(sentence: str) -> bool:
    """'Subd. 2. No Extension.', 'B. Minimum Distances.', 'Subd. 2.': a short title-case heading
    run into the text (its words capitalised but the small ones), or a bare marker, which says
    nothing of its own."""
    bare = _HEAD_MARK.sub("", sentence)
    if bare != sentence and not bare.strip(" .:"):
        return True  # a marker alone: 'Subd. 2.'
    words = bare.rstrip(" .:").split()
    return 0 < len(words) <= 8 and all(w[0].isupper() or w in _SMALL for w in words)


def _sentence_heading(sentence: str) -> bool:
    """'(b) Failure to protect groundwater.', '(c) Winter extension.': a list marker and a few
    words without a verb or a figure, ending a sentence, that head what follows them."""
    bare = _HEAD_MARK.sub("", sentence)
    words = bare.rstrip(" .").split()
    return (
        bare != sentence
        and sentence.rstrip().endswith(".")
        and 0 < len(words) <= 6
        and not phrase("finite_verb").search(bare)
        and not re.search(r"\d", bare)
    )


def _marker(sentence: str) -> str | None:
    """The kind of a sentence's list marker ('(B)' and '(C)': a bracketed capital), or None."""
    m = _ITEM.match(sentence)
    if not m:
        return None
    mark = m.group(0).strip()
    body = mark.strip("().")
    kind = "digit" if body.isdigit() else "upper" if body.isupper() else "lower"
    return f"{kind}{'(' if mark.startswith('(') else ''}{mark[-1]}"


def _pieces(sentence: str) -> list[str]:
    """A long sentence cut at its clauses and list markers (each piece verbatim)."""
    if len(sentence) <= _LONG:
        return [sentence]
    parts = re.split(
        r"(?<=[;:])\s+|\s+(?=\(\w{1,3}\)\s)|\s+(?=(?:\d{1,2}|[a-z])\.\s[A-Z])", sentence
    )
    # "three (3) or fewer": a figure's numerals after its words are no list marker
    glued: list[str] = []
    for part in parts:
        if glued and _GLOSS.match(part) and phrase("ends_with_number_word").search(glued[-1]):
            glued[-1] = f"{glued[-1]} {part}"
        else:
            glued.append(part)
    out: list[str] = []
    for part in glued:
        if out and len(part) < 25:
            out[-1] = f"{out[-1]} {part}"
        elif len(part) > _MAX:
            out.extend(_window(part))
        else:
            out.append(part)
    return out


_GLOSS = re.compile(r"\(\d{1,3}\)\s")


def _window(text: str) -> list[str]:
    words = text.split(" ")
    out, cur = [], []
    for w in words:
        cur.append(w)
        if sum(len(x) + 1 for x in cur) > _LONG:
            out.append(" ".join(cur))
            cur = cur[-8:]  # overlap, so a figure on the edge is whole in one window
    if cur:
        out.append(" ".join(cur))
    return out


# -- what a question asks -------------------------------------------------------------------


def asked_types(question: str, lex: Lexicon | None = None) -> list[str]:
    """The answer types a question (part) asks for, main type first."""
    lex = lex or lexicon()
    found = [
        name
        for name, t in lex.answer_types.items()
        if any(lex.pattern(p).search(question) for p in t.asked)
    ]
    if "who" in found and not _asks_who(question, lex):
        found.remove("who")
    if "count" in found and found[0] != "count" and _counts_things(question, lex):
        # 'the max number of septic tanks ... to get the required volume': a count of tanks
        found = ["count", *(f for f in found if f != "count")]
    if "who" in found and phrase("opens_with_who").match(asking_and_context(question)[0]):
        # 'Who has to approve a variance for a setback?': the asking word, not the subject's
        found = ["who", *(f for f in found if f != "who")]
    if is_yes_no(question, lex):  # "permits only last 6 months, right?": the stated figure's type
        # (where it states a figure, a thing it names is no type it asks: 'can I apply the 15
        # percent vertical separation reduction?' asks no distance)
        stated = stated_types(question, lex)
        found = (
            stated + ([] if stated else found) + (["rule"] if "rule" in lex.answer_types else [])
        )
    return list(dict.fromkeys(found))


def _counts_things(question: str, lex: Lexicon) -> bool:
    """Whether 'how many' / 'number of' asks a count of things, not an amount in another type's
    unit ('how many gallons', 'number of days')."""
    m = phrase("counted_things").search(asking_and_context(question)[0])
    if m is None:
        return False
    units = {u for name, t in lex.answer_types.items() if name != "count" for u in t.units}
    return not units & set(m.group(1).lower().split())


def _asks_who(question: str, lex: Lexicon) -> bool:
    """Whether a 'who' question is still one with its relative clauses' 'who' taken out ('Can I
    transfer my license to the guy who's buying the business?' asks for no person)."""
    bare = lex.pattern(lex.relative_who).sub(lambda m: m.group(0) + "\x00", question)
    bare = re.sub(r"\x00who\b", "that", bare, flags=re.I)
    return any(lex.pattern(p).search(bare) for p in lex.answer_types["who"].asked)


def stated_types(question: str, lex: Lexicon | None = None) -> list[str]:
    """The types of the figures a question states ('90% full, correct?': a percentage); not a
    period said with an article within another figure ('a day' of '50 gallons a day' states no
    period)."""
    lex = lex or lexicon()
    found = [n for n in FIGURE_TYPES if n != "count" and stated_figure(question, n, lex)]
    spans = {n: _figure_span(question, n, lex) for n in found}
    return [
        n
        for n in found
        if not (
            (said := _article_period(question, n, lex)) is not None
            and any(
                o != n and (c := spans[o]) is not None and c[0] <= said[0] and said[1] <= c[1]
                for o in found
            )
        )
    ]


def _figure_span(text: str, name: str, lex: Lexicon) -> tuple[int, int] | None:
    """Where the first figure of type `name` stands in `text` as typed."""
    m = lex.pattern(lex.answer_types[name].figure).search(text)
    return m.span() if m else None


def _article_period(text: str, name: str, lex: Lexicon) -> tuple[int, int] | None:
    """Where the text states its figure of type `name` only as a period with an article ('a
    day': `one_period`), or None."""
    if _figure_span(text, name, lex) is not None:
        return None
    pattern = lex.pattern(lex.answer_types[name].figure)
    return next(
        (m.span() for m in phrase("one_period").finditer(text) if pattern.search(one_period(m[0]))),
        None,
    )


def one_period(text: str) -> str:
    """'a year', 'a full year' said as 'one year' (not 'a year-round house'): the period a
    question states."""
    return phrase("one_period").sub(r"one \1", text)


def stated_figure(text: str, name: str, lex: Lexicon) -> str | None:
    """The first figure of answer type `name` the text states ('every 2 years'), or None."""
    figure = lex.answer_types[name].figure
    if not figure:
        return None
    pattern = lex.pattern(figure)
    # 'a year' read as 'one year', but '260 gallons a day' as said: the first figure either way
    found = [m for m in (pattern.search(text), pattern.search(one_period(text))) if m]
    m = min(found, key=lambda f: f.start(), default=None)
    return m.group(0) if m and re.search(r"\d|[a-z]{3,}", m.group(0)) else None


def asking_and_context(question: str) -> tuple[str, str]:
    """(the sentences that ask, the sentences around them): "Our basement sits below the sewer.
    Can we use an ejector?" asks about an ejector; the basement is context."""
    sentences = re.split(r"(?<=[.?!])\s+", question.strip())
    asking = [s for s in sentences if s.endswith("?")] or sentences[-1:]
    last = sentences[-1]  # '... TANK?? IS EVERY 3 YEARS OK': a last question typed unended
    if asking[-1] is not last and not re.search(r"[.!]\W*$", last) and _opens_yes_no(last):
        asking.append(last)
    return " ".join(asking), " ".join(s for s in sentences if s not in asking)


def asks_the_text(question: str, lex: Lexicon | None = None) -> bool:
    """Whether a question asks if the text states a figure ('Does the chapter list the dollar
    amount for a permit?', '... what interest rate they charge. Is that in the ordinance?'):
    a lookup of the figure, answered with it or refused, not with a yes or no."""
    lex = lex or lexicon()
    if not lex.pattern(lex.text_asked).search(question):
        return False
    return any(
        lex.pattern(p).search(question)
        for name in FIGURE_TYPES
        if name in lex.answer_types
        for p in lex.answer_types[name].asked
    )


def _opens_yes_no(sentence: str) -> bool:
    return bool(phrase("opens_yes_no").match(sentence.lower()))


def is_yes_no(question: str, lex: Lexicon | None = None) -> bool:
    lex = lex or lexicon()
    if asks_the_text(question, lex):
        return False
    sentences = re.split(r"(?<=[.?!])\s+", question.strip())
    asking = [s for s in sentences if s.endswith("?")] or sentences[-1:]
    last = sentences[-1]  # '... TANK?? IS EVERY 3 YEARS OK': a last question typed unended
    if asking[-1] is not last and not re.search(r"[.!]\W*$", last) and _opens_yes_no(last):
        asking.append(last)
    for sentence in asking:
        clause = re.split(r"[,;:()\u2014\u2013]|\s-\s", sentence.rstrip("?").strip())[-1]
        whole = sentence.rstrip("?").strip()
        after = whole.rsplit(":", 1)[-1].strip()  # 'OK now: does it need a permit, and ...?'
        if phrase("asks_to_confirm").search(whole):
            return True  # 'Can you confirm that's still good for our closing?'
        for text in dict.fromkeys([clause, whole, after]):
            if lex.pattern(lex.request).search(text):
                continue
            if lex.pattern(lex.yes_no).search(text.strip()):
                return True
        # 'With the 15% allowance is 30 inches close enough?': asked after an opening phrase
        plain = not lex.pattern(lex.question_word).search(whole)
        asked = plain and not lex.pattern(lex.request).search(whole)
        if asked and lex.pattern(lex.yes_no_inner).search(whole):
            return True
        if (
            asked
            and sentence.endswith("?")
            and any(lex.pattern(lex.statement_question).search(t) for t in (whole, clause))
        ):
            return True  # 'So we only have to pump every 4 years?'

    return False


def split_parts(question: str) -> list[str]:
    """The asked parts of a question ("how long ..., and can I extend it?" -> two parts)."""
    pieces = phrase("part_break").split(question.strip())
    parts = [p.strip(" ,") for p in pieces if len(p.split()) >= 3]
    if len(parts) == 1:  # "how often for a year-round house vs a seasonal cabin?": two subjects
        pair = phrase("versus").split(parts[0], maxsplit=1)
        head = phrase("leads_to_subject").match(pair[0]) if len(pair) == 2 else None
        if head and not (phrase("wh_word").search(pair[1]) or is_yes_no(pair[1])):
            parts = [pair[0], head.group(1) + pair[1]]
    asking = [
        p
        for p in parts
        if "?" in p or phrase("wh_word").search(p) or asked_types(p) or is_yes_no(p)
    ]
    # "... What does the code say?": a part naming no subject of its own asks nothing more; "...,
    # and how long would we get?" asks a new kind of figure about the part before it
    kept: list[str] = []
    for p in asking:
        if subject_words(p):
            kept.append(p)
        elif kept and set(asked_types(p)) - set(asked_types(kept[-1])) & set(FIGURE_TYPES):
            if not phrase("wh_word").search(p) and not is_yes_no(p):
                # '... the fine for a violation? Dollar amount please.': no question of its own,
                # the kind of figure the part before asks for
                kept[-1] = f"{kept[-1].rstrip(' ?')} ({p.strip(' .?')})?"
                continue
            told = re.findall(r"[A-Za-z][\w'-]*", kept[-1])
            about = [w for w in told if subject_words(w)]
            kept.append(f"{p.rstrip(' ?')} ({' '.join(about)})?")
    return kept if len(kept) > 1 else [question]


# -- scoring ---------------------------------------------------------------------------------


def with_antecedents(parts: list[str]) -> list[str]:
    """The asked parts, a part that asks about what the part before it asked ('..., and does it
    matter that we're on the lake?', `lexicon.refers_back`) read with that part."""
    lex = lexicon()
    out = list(parts)
    for i in range(1, len(parts)):
        if lex.pattern(lex.refers_back).search(parts[i]):
            out[i] = f"{parts[i - 1].rstrip(' ?')}; {parts[i]}"
    return out


def _vectors(texts: Sequence[str]) -> np.ndarray:
    from index.encoder import get_query_encoder

    new = [t for t in dict.fromkeys(texts) if t not in _VECTORS]
    if new:
        encoded = get_query_encoder().encode(new, batch_size=16)
        for t, v in zip(new, encoded, strict=True):
            _VECTORS[t] = v
    return np.stack([_VECTORS[t] for t in texts]) if texts else np.zeros((0, 384), np.float32)


def closeness(question: str, texts: Sequence[str]) -> np.ndarray:
    """The bundled model's similarity of each text to the question (vectors cached by text)."""
    vectors = _vectors([question, *texts])
    return vectors[1:] @ vectors[0]


@lru_cache(maxsize=65536)
def stems(text: str) -> list[str]:
    words = re.findall(r"[a-z$][a-z0-9$'-]*", text.lower())
    return [_stem(w) for w in words if w not in _STOP and len(w) > 2]


def features(
    question: str, pool: list[Provision], types: list[str], qvec: np.ndarray | None = None
) -> list[dict[str, float]]:
    """The general signals of each provision for the question (see the module docstring)."""
    if not pool:
        return []
    lex = lexicon()
    if lex.reader.provision_vectors:  # each provision embedded (exact, slow on a small CPU)
        if qvec is None:
            qvec = _vectors([question])[0]
        sims = _vectors([p.text for p in pool]) @ qvec
    else:  # the similarity of the chunk that holds it, from the retrieval itself
        sims = np.array([p.similarity or 0.0 for p in pool], dtype=np.float32)
    q = set(stems(question))
    # the ordinances' words for the question's everyday ones ('seasonal' for 'cabin') count too,
    # at `alias_weight`
    alias = set(stems(" ".join(synonyms_of(question)))) - q
    docs = [stems(p.text) for p in pool]
    df = Counter(s for d in docs for s in set(d))
    n = len(docs)
    avg = sum(len(d) for d in docs) / n or 1.0
    bm = []
    for d in docs:
        tf = Counter(d)
        total = 0.0
        for s in q | alias:
            if tf[s]:
                idf = math.log(1 + (n - df[s] + 0.5) / (df[s] + 0.5))
                weight = lex.reader.alias_weight if s in alias else 1.0
                total += weight * idf * tf[s] * 2.2 / (tf[s] + 1.2 * (0.25 + 0.75 * len(d) / avg))
        bm.append(total)
    top = max(bm) or 1.0
    main = [t for t in types if t in lex.answer_types][:2]
    # 'which transfers don't need the inspection?' asks the list of what is exempt
    exempt = lex.pattern(lex.exemption)
    exempted = "list" in main and any(
        p.search(question)
        for p in (lex.pattern(lex.negative), lex.pattern(lex.evasion), phrase("not_or_without"))
    )  # ('... what they can have done without pulling a permit. What's on the list?')
    # 'how much advance notice?': a period ahead of an event, not one after it
    ahead = {
        t: lex.pattern(lex.answer_types[t].ahead_carries)
        for t in main
        if lex.answer_types[t].ahead and lex.pattern(lex.answer_types[t].ahead).search(question)
    }
    out: list[dict[str, float]] = []
    for p, sim, b in zip(pool, sims, bm, strict=True):
        title = set(stems(p.section.title))
        # a list item carries what its lead-in lays down ('A permit is not required for:' /
        # '(3) Replacing a pump with one of the same rating')
        head = lead_in(p.section.text, p.text) if main else None
        has_type = any(
            (carries(p.text, t) or (head and carries(head, t)))
            and not (t == "list" and exempted and not exempt.search(f"{head or ''} {p.text}"))
            and (t not in ahead or bool(ahead[t].search(p.text)))
            for t in main
        )
        out.append(
            {
                "similarity": float(sim),
                "lexical": b / top,
                "type": 1.0 if has_type else 0.0,
                "rank": 1.0 / (1 + p.rank),
                "title": len(q & title) / len(q) if q else 0.0,
            }
        )
    return out


def score(
    question: str, pool: list[Provision], qvec: np.ndarray | None = None, *, types: list[str]
) -> list[Scored]:
    """Every provision of the pool scored against the question (best first)."""
    lex = lexicon()
    # a yes/no part asking what a rule lays down: nearly every provision is a rule
    w = lex.rule_weights if types and set(types) <= {"rule"} else lex.weights
    out = [
        Scored(p, sum(getattr(w, k) * v for k, v in f.items()), f)
        for p, f in zip(pool, features(question, pool, types, qvec), strict=True)
    ]
    out.sort(key=lambda s: -s.score)
    return out


@lru_cache(maxsize=65536)
def carries(text: str, name: str) -> bool:
    lex = lexicon()
    t = lex.answer_types.get(name)
    row = ROWS.get(text)  # a table row's cells in its caption's unit
    return bool(t and lex.pattern(t.carries).search(row.read() if row else text))


_SENTENCE_END = re.compile(r"[.;:](?:\[\d{1,3}\])?\s|\n")
_NEAR_WORDS = 6
_CASE_WORDS = 2


def multiplied_for(question: str, text: str) -> bool:
    """Whether `text` multiplies a fee ('... begun before the permit is issued, the permit fee
    shall be doubled') in a case the question names ('we started before pulling the permit'):
    a word of the case (not of the fee phrase beside the figure) is the question's. A multiplier
    is no answer to what a permit costs."""
    found = figure(text, "money")
    if not found or phrase("dollars").search(found) or (at := text.find(found)) < 0:
        return False
    start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, at)), default=0)
    before = text[start:at].split()
    near = set(stems(" ".join([*before[-_NEAR_WORDS:], found])))
    kinds = {_stem(w) for w in lexicon().instruments}  # (what the fee is for, not its case)
    case = set(stems(" ".join(before[:-_NEAR_WORDS]))) - near - kinds
    asked = subject_words(question) | set(stems(" ".join(synonyms_of(question))))
    return len(case & asked) >= _CASE_WORDS  # ('started ... before': 'begun before')


def _is_unit(words: str) -> bool:
    """A caption's '(IN FEET)': words the answer types read as a unit after a number."""
    return any(carries(f"2 {words}", t) for t in FIGURE_TYPES if t != "count")


def figure(text: str, name: str, question: str = "") -> str | None:
    """The verbatim phrase of type `name` in a provision, or None: its first, or (given the
    question) the one whose clause holds most of the question's words ('$400 for a second
    violation' for a second violation; the per-bedroom figure for what each bedroom adds)."""
    lex = lexicon()
    t = lex.answer_types.get(name)
    if not t or not t.figure:
        return None
    row = ROWS.get(text)
    if row is not None and lex.pattern(t.figure).search(row.read()):
        return row.cell([_phrase(question), *(_phrase(x) for x in synonyms_of(question))], _stem)
    found = list(lex.pattern(t.figure).finditer(text))
    if name == "count" and question and (many := phrase("how_many_of").search(question)):
        # 'how many soil borings?': a count of borings ('four (4) satisfactory soil borings'),
        # not 'eight (8) feet below'
        nouns = {_stem(w) for w in many.group(1).lower().split()}
        found = [m for m in found if nouns & {_stem(w) for w in m.group(0).lower().split()[1:]}]
    if not found:
        return None
    best = found[0]
    if question and len(found) > 1:
        wanted = set(stems(question)) | {_stem(w) for w in synonyms_of(question)}
        asked = _concepts(question)
        # 'a drainfield 100 feet from the lake': the thing measured from, named after 'from'
        off = [_concepts(m.group(1)) for m in phrase("measured_from").finditer(question)]
        cuts = [0, *(m.end() for m in phrase("clause_end").finditer(text)), len(text)]

        def measured(item: str) -> int:
            said = [set(stems(m.group(1))) for m in phrase("measured_from").finditer(item)]
            return sum(any(_concepts_in(o, w) for w in said) for o in off)

        def overlap(m: re.Match[str]) -> tuple[bool, bool, int, int, int]:
            start = max(c for c in cuts if c <= m.start())
            end = min((c for c in cuts if c >= m.end()), default=len(text))
            clause = text[start:end]  # not the other case's figure ('a seasonal dwelling ...')
            item = _item_at(text, m.start(), m.end())  # '(2) From the OHWL of X Lake: 115 feet'
            return (
                # (of its clause, or of its item: '... 90 days (an imminent threat ...: brought
                # into compliance within 90 days)' for a case that is no imminent threat)
                not (other_case(question, clause) or other_case(question, item)),
                _excepted_case(text, start, m.start(), wanted),
                measured(item),
                _concepts_in(asked, set(stems(item))),
                _concepts_in(asked, set(stems(clause))),
            )

        best = max(found, key=overlap)  # the first of the best
    return best.group(0).strip(" ,.;")


def _concepts(question: str) -> list[tuple[str, tuple[frozenset[str], ...]]]:
    """Each word of the question with the ordinances' words for it: one thing asked about, however
    many words the ordinance spells it with ('drainfield' / 'soil treatment area')."""
    table = lexicon().synonyms
    stemmed = _stemmed_synonyms()
    out: dict[str, tuple[frozenset[str], ...]] = {}
    for w in re.findall(r"[a-z$][a-z0-9$'-]*", question.lower()):
        if w in _STOP or len(w) <= 2 or _stem(w) in out:
            continue
        found = [*table.get(w, ()), *table.get(_stem(w), ()), *stemmed.get(w, ())]
        out[_stem(w)] = tuple(frozenset(stems(x)) for x in dict.fromkeys(found) if stems(x))
    return list(out.items())


def _concepts_in(asked: list[tuple[str, tuple[frozenset[str], ...]]], words: set[str]) -> int:
    """How many of the question's words, and of the ordinances' terms for them, a clause holds
    (a several-word term counts once, and only whole: 'soil treatment area' for 'drainfield' is
    one; 'seasonal' and 'dwelling' for 'cabin' are two)."""
    return sum(
        (own in words) + sum(alt <= words and alt != {own} for alt in alts) for own, alts in asked
    )


def _excepted_case(text: str, start: int, at: int, wanted: set[str]) -> bool:
    """Whether the figure at `at` is an exception's ('..., except that within a shoreland area
    ... not less than 54 inches') whose case the question names: a word of the exception's
    condition, between its 'except'/'unless' and the figure, that the text says nowhere else."""
    said = phrase("excepted_case").search(text, start, at)
    if said is None:
        return False
    rest = text[: said.start()] + text[at:]
    own = set(stems(said.group(0))) - set(stems(rest))
    return bool(own & wanted)


def _item_at(text: str, start: int, end: int) -> str:
    """The sentence or list item of the text that holds text[start:end], with its label
    ('(2) From the lake: 115 feet;')."""
    cuts = [
        0,
        *(m.end() for m in phrase("list_item_end").finditer(text) if _starts_item(text, m)),
        len(text),
    ]
    return text[max(c for c in cuts if c <= start) : min(c for c in cuts if c >= end)]


def _clause_at(text: str, start: int, end: int) -> str:
    """The clause or list item of the text that holds text[start:end]."""
    cuts = [
        0,
        *(m.end() for m in phrase("item_end").finditer(text) if _starts_item(text, m)),
        len(text),
    ]
    return text[max(c for c in cuts if c <= start) : min(c for c in cuts if c >= end)]


def _named(case: str, left_out: bool, said: str) -> bool:
    """Whether the text names the case (`left_out`: as the one excluded, 'other than a
    seasonal dwelling')."""
    excluded = phrase("excludes_case")
    return any(
        bool(excluded.search(said[max(0, m.start() - 24) : m.start()])) == left_out
        for m in lexicon().pattern(case).finditer(said)
    )


def same_case(question: str, text: str) -> bool:
    """Whether the text speaks of the case the question puts itself in, of two that exclude
    each other ('our full-time home' and '... if it serves a dwelling other than a seasonal
    dwelling')."""
    for a, b in lexicon().opposites:
        for mine, other in ((a, b), (b, a)):
            if (
                (_named(mine, False, question) or _named(other, True, question))
                and not _named(other, False, question)
                and (_named(mine, False, text) or _named(other, True, text))
                and not _named(other, False, text)
            ):
                return True
    return False


def other_case(question: str, text: str) -> bool:
    """Whether the text speaks of one of two cases that exclude each other
    (`lexicon.opposites`: 'a seasonal dwelling') and the question puts its case in the other
    ('our year-round house'), not naming the text's."""
    lex = lexicon()

    def named(case: str, left_out: bool, said: str = text) -> bool:
        return _named(case, left_out, said)

    for a, b in lex.opposites:
        for mine, other in ((a, b), (b, a)):
            # 'a dwelling other than a seasonal dwelling' speaks of the year-round case; so
            # does a question's 'it is not a seasonal cabin'
            if (
                (named(mine, False) or named(other, True))
                and (named(other, False, question) or named(mine, True, question))
                and not named(mine, False, question)
                and not named(other, False)  # 'from seasonal to year-round use'
            ):
                return True
    return False


def figure_clause(text: str, name: str, question: str = "") -> str:
    """The clause of a provision that holds its figure of type `name` (as `figure` chooses it):
    '... within nine (9) months' of a list whose lead-in names another thing; '' when none."""
    found = figure(text, name, question)
    if found is None or text in ROWS:
        return text if found else ""
    at = text.find(found)
    if at < 0:
        return text
    return _clause_at(text, at, at + len(found))


_REFERENCE = re.compile(
    r"\b(?:sub)?(?:section|division|paragraph|clause|item|part|subd)\.?\s$", re.I
)


def _starts_item(text: str, m: re.Match[str]) -> bool:
    """A cut that starts a list item, not '(a)' of 'subsection (a) shall ...' nor the '(48)'
    of 'forty-eight (48) inches'."""
    mark = m.group(0).strip()
    if not mark.startswith("("):
        return True
    before = text[: m.start() + 1]
    if _REFERENCE.search(before):
        return False
    return not (mark[1:-1].isdigit() and lexicon().pattern(r"\b{num}\s$").search(before))


def figures(text: str, name: str) -> list[str]:
    """Every verbatim phrase of type `name` in a provision, in order, each once."""
    lex = lexicon()
    t = lex.answer_types.get(name)
    if not t or not t.figure or text in ROWS:
        return []
    found = [m.group(0).strip(" ,.;") for m in lex.pattern(t.figure).finditer(text)]
    return list(dict.fromkeys(f for f in found if f))


def asks_several(question: str) -> bool:
    """Whether a part asks for every figure of its kind a provision lists ('what are the civil
    penalty amounts?'), `lexicon.several`."""
    lex = lexicon()
    return bool(lex.pattern(lex.several).search(question))


def _phrase(text: str) -> list[str]:
    """The stems of a text's words in order, a function word or a short one left as a gap."""
    skip = set(lexicon().function_words)
    return [
        _stem(w) if w not in skip and len(w) > 2 else "" for w in _WORD_RE.findall(text.lower())
    ]


_WORD_RE = re.compile(r"[a-z][a-z'-]*")


@lru_cache(maxsize=8)
def _name_stems(names: tuple[str, ...]) -> frozenset[str]:
    """Stems of the words of city names (once per corpus, not once per question)."""
    return frozenset(_stem(w) for n in names for w in re.findall(r"[a-z]+", n.lower()))


def _uncontracted(text: str) -> str:
    """'hasn't', 'he's', 'the weather's' without their contracted function word ('has', 'he',
    'the weather'): no subject word is made of one."""
    return phrase("contraction").sub("", text)


def subject_words(question: str, names: Sequence[str] = ()) -> set[str]:
    """Stems of what the question is about: not function words, asking words or city names."""
    lex = lexicon()
    skip = {_stem(w) for w in [*lex.asking_words, *lex.function_words]} | _name_stems(tuple(names))
    told = lex.pattern(lex.idioms).sub(" ", _uncontracted(question.lower()).replace("'", ""))
    words = re.findall(r"[a-z][a-z-]*", told)
    words += [p for w in words if "-" in w for p in w.split("-")]  # 'drip-style': 'drip' too
    return {_stem(w) for w in words if len(w) > 2} - skip


def covers_subject(question: str, text: str, names: Sequence[str] = ()) -> bool:
    """Whether the text holds most of the question's subject words (`subject_share`), in some
    form."""
    wanted = subject_words(question, names)
    if not wanted:
        return True
    own = {_stem(w) for w in re.findall(r"[a-z][a-z-]*", text.lower())}
    held = sum(
        w in own or any(o.startswith(w) or w.startswith(o) for o in own if len(o) >= 4)
        for w in wanted
    )
    return held / len(wanted) >= lexicon().reader.subject_share


@lru_cache(maxsize=1)
def synonym_table() -> dict[str, tuple[str, ...]]:
    """`lexicon.synonyms` keyed by each everyday word and by its stem ('outhouse', 'outhous'):
    subject words are stems."""
    out: dict[str, tuple[str, ...]] = {}
    for key, words in lexicon().synonyms.items():
        for k in dict.fromkeys([key, _stem(key)]):
            out[k] = tuple(dict.fromkeys([*out.get(k, ()), *words]))
    return out


def synonyms_of(question: str) -> list[str]:
    """The ordinances' words for the question's everyday words (`lexicon.synonyms`), the words
    given as typed, or given as stems (a subject's words: 'outhous' for 'privy')."""
    table = lexicon().synonyms
    stemmed = _stemmed_synonyms()
    out: list[str] = []
    for w in re.findall(r"[a-z]+", question.lower()):
        for found in (table.get(w, ()), table.get(_stem(w), ()), stemmed.get(w, ())):
            out.extend(x for x in found if x not in out)
    return out


@lru_cache(maxsize=1)
def _stemmed_synonyms() -> dict[str, tuple[str, ...]]:
    """`lexicon.synonyms` by the stem of each everyday word."""
    out: dict[str, list[str]] = {}
    for key, words in lexicon().synonyms.items():
        out.setdefault(_stem(key), []).extend(w for w in words if w not in out.get(_stem(key), []))
    return {k: tuple(v) for k, v in out.items()}


def vocabulary(texts: Iterable[str]) -> set[str]:
    """The stems of every word in `texts` (a city's ordinance)."""
    out: set[str] = set()
    for text in texts:
        out.update(_stem(w) for w in re.findall(r"[a-z][a-z'-]+", text.lower()))
    return out


def without_asked(question: str, name: str) -> str:
    """The question without what says it asks for type `name`: its unit words ('how many
    years') and the figures of that type it states ('every 2 years'), so that what is left names
    the subject (the question itself when nothing would be left)."""
    lex = lexicon()
    t = lex.answer_types.get(name)
    if t is None:
        return question
    left = lex.pattern(t.figure).sub(" ", question) if t.figure else question
    units = "|".join(re.escape(u) for u in t.units)
    left = re.sub(rf"\b(?:{units})\b", " ", left, flags=re.I) if units else left
    return left if subject_words(left) else question


def holds_subject(question: str, text: str, names: Sequence[str] = (), share: float = 0.0) -> bool:
    """Whether the text holds at least one word of the question's subject (or it has none),
    and more than `share` of them."""
    wanted = subject_words(question, names)
    if not wanted:
        return True
    held = _holder(text)
    count = sum(held(w) for w in wanted)
    return count > 0 and count / len(wanted) > share


def _holder(text: str) -> Callable[[str], bool]:
    """Whether the text holds a subject word: the word, a longer form of it, or the ordinance's
    word for it (`lexicon.synonyms`)."""
    own = {_stem(w) for w in re.findall(r"[a-z][a-z-]*", text.lower())}
    table = synonym_table()
    low = " ".join(text.lower().split())

    def held(w: str) -> bool:
        if any(" " in x and x in low for x in table.get(w, ())):
            return True
        forms = [w, *(_stem(x) for x in table.get(w, ()) if " " not in x)]
        return any(f in own or any(o.startswith(f) for o in own if len(f) >= 4) for f in forms)

    return held


def rarity(texts: Iterable[str]) -> dict[str, float]:
    """Each word stem's inverse document frequency over `texts` (a city's sections): a word
    every section uses ('tank') says little of what a sentence is about, a rare one ('additive')
    much."""
    docs = [vocabulary([t]) for t in texts]
    df = Counter(w for d in docs for w in d)
    n = len(docs) or 1
    return {w: math.log(1 + n / c) for w, c in df.items()}


def weighed(subject: set[str], weight: dict[str, float]) -> dict[str, float]:
    """The subject's words, each with its rarity (`rarity`; a longer form's when the word itself
    is not in the text; none when the city never uses it: no provision tells by it, and an
    aside's words, 'someone at the counter', are not what is asked)."""
    table = synonym_table()
    out: dict[str, float] = {}
    for s in subject:
        # the word, else the ordinance's word for it ('sell': 'transfer')
        for form in [s, *(_stem(x) for x in table.get(s, ()) if " " not in x)]:
            if form in weight:
                out[s] = weight[form]
                break
            longer = [v for k, v in weight.items() if len(form) >= 4 and k.startswith(form)]
            if longer:
                out[s] = max(longer)
                break
        else:  # the ordinance's phrase for it ('drainfield': 'soil treatment area')
            phrases = [
                [weight.get(_stem(w), 0.0) for w in x.split()] for x in table.get(s, ()) if " " in x
            ]
            known = [sum(p) / len(p) for p in phrases if all(p)]
            if known:
                out[s] = max(known)
    return out


def speaks_of(subject: dict[str, float], text: str) -> float:
    """The share of the (weighed) subject's words the text holds."""
    total = sum(subject.values())
    if not total:
        return 0.0
    held = _holder(text)
    return sum(v for s, v in subject.items() if held(s)) / total


def deferral(text: str, name: str | None = None) -> bool:
    """Whether the text sends the reader elsewhere (a resolution, a state rule); with an answer
    type, for a fact of that type: the text also holds one of the type's words (`hint`), so that
    'certified by the MPCA' is no deferral of a fee."""
    lex = lexicon()
    if not lex.pattern(lex.deferral).search(text):
        return False
    t = lex.answer_types.get(name or "")
    if t is None:
        return True
    own = {_stem(w) for w in re.findall(r"[a-z]+", text.lower())}
    return "$" in text or any(
        _stem(w) in own for w in t.hint.lower().split() if w.isalpha() and len(w) > 2
    )


# -- the direct answer -----------------------------------------------------------------------

_TIMES = {"twice": 2, "double": 2, "doubled": 2, "doubles": 2, "triple": 3, "tripled": 3,
          "triples": 3}  # fmt: skip
NUMBER_WORDS = {**word_values(), **_TIMES}


def words_and_digits(text: str) -> set[float]:
    """The numbers a text states, in digits or words ('ten months', '10 months': {10.0})."""
    out = {float(x.replace(",", "")) for x in re.findall(r"\d[\d,]*(?:\.\d+)?", text)}
    out.update(spelled_numbers(text))
    low = text.lower()
    out.update(float(v) for w, v in _TIMES.items() if re.search(rf"\b{w}\b", low))
    return out


_ITEMS = re.compile(
    r"\s(?=(?:\d{1,3}(?:\.\d{1,3})+)?\(\s?\d{1,2}\s?\)\s|(?:\d{1,3}(?:\.\d{1,3})+)?\(\s?[a-z]\s?\)\s|[a-z]\.\s)"
)  # '(2) ...', '(b) ...', 'c. ...', '6.3.2(b) ...'


def _held(stem: str, own: set[str]) -> bool:
    """The stem, or a longer form of it ('foreclos' in 'foreclosur')."""
    return stem in own or (len(stem) >= 5 and any(o.startswith(stem) for o in own))


def asked_item(question: str, provision: str) -> str:
    """A list's lead-in with the items that hold most of the question's subject words the lead-in
    does not ('(2) All repair, extension, replacement ...' for 'a permit to replace my tank?',
    not '(4) Permits shall not be required for routine maintenance'); the provision itself when
    it is no list, or every item holds as many."""
    pieces = _ITEMS.split(provision)
    if len(pieces) < 3:
        return provision
    lead, items = pieces[0], pieces[1:]
    subject = subject_words(question) - set(stems(lead))
    held = [sum(_held(w, set(stems(item))) for w in subject) for item in items]
    best = max(held)
    if best == 0 or held.count(best) == len(items):
        return provision
    return " ".join([lead, *(item for item, n in zip(items, held, strict=True) if n == best)])
