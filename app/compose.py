"""Answer text for the deterministic answerer: a direct answer first, then the provisions quoted.

`Block`s (one per city and topic) carry a headline and the quotes that support it; `render`
numbers the distinct quotes [1], [2], ... and lays out one block per city, or a table row per
city for a calculator comparison. `best_sentences` picks verbatim sentences of a section that
answer a question; `direct_answer` turns them into a short direct statement when a pattern
(validity period, fee by resolution, prohibition) is certain.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from app.lexicon import phrase
from app.records import Citation
from core.suspect import is_suspect
from index.llm import Source

_STOP = {
    "the", "a", "an", "and", "or", "of", "in", "on", "for", "to", "is", "are", "be", "what",
    "which", "how", "does", "do", "did", "can", "i", "my", "me", "we", "our", "it", "its", "that",
    "this", "with", "about", "say", "says", "said", "there", "any", "from", "by", "at", "as", "if",
    "city", "cities", "ordinance", "code", "section", "sec", "tell", "show", "where", "when",
    "need", "needs", "required", "require", "requires", "must", "should", "have", "has", "will",
    "would", "much", "many", "long", "under", "rules", "rule",
    "compare", "between", "vs", "versus", "each", "all", "three", "please", "ignore", "previous",
    "instructions", "you", "your", "septic", "system", "systems", "happens", "happen", "get",
    "allowed", "put", "use", "using", "they", "them", "than", "then", "also", "just", "per",
    "into", "out", "off", "not", "who", "allow", "allows",
    # asking about a text, not part of what is asked: "does section 98 mention a permit?"
    "mention", "mentions", "mentioned", "contain", "contains", "refer", "refers", "talk",
    "talks", "discuss", "discusses", "word", "words",
}  # fmt: skip


Support = Source
"""One quoted provision: the verbatim quote and the citation fields around it (the same record
the LLM agent is shown, so both modes cite alike)."""


@dataclass
class Block:
    """One city's answer to one topic."""

    jurisdiction: str
    name: str
    headline: str
    supports: list[Support] = field(default_factory=list)
    value: str | None = None
    notes: list[str] = field(default_factory=list)
    topic: str = "general"
    abstained: bool = False
    """The city's text does not state the asked fact (the headline says so and where it defers)."""
    undecided: bool = False
    """A yes/no part no quoted provision decides (none speaks of the asked thing): no Yes or No
    leads it."""
    outcome: bool | None = None
    """A calculator's check of the asked case against its rule: meets it (True) or not."""


def content_words(text: str) -> list[str]:
    """The question's meaningful words, plus the ordinance's words for a few everyday ones
    (`app/lexicon.yaml` synonyms)."""
    from app.lexicon import lexicon

    table = lexicon().synonyms
    words = re.findall(r"[a-z$][a-z0-9$'-]*", text.lower())
    out = [w for w in words if w not in _STOP and len(w) > 2]
    for w in list(out):
        for x in table.get(w, table.get(_stem(w), ())):
            out.extend(x.split())
    return out


def split_sentences(text: str) -> list[str]:
    """Sentences of a section text, each a verbatim substring (whitespace folded)."""
    folded = " ".join(text.split())
    # a sentence ends before a capital, a bracket or a quote, or before a paragraph number
    # ("... gallons. 2. The", "... gallons. 5.2.2 For")
    parts = re.split(r"(?<=[.;:!?])\s+(?=[A-Z(\"'])|(?<=\.)\s+(?=\d+(?:\.\d+)*\.?\s+[A-Z])", folded)
    out: list[str] = []
    for part in parts:
        part = part.strip()
        # ... nor inside a bracket ('Subd. 5. [TERM; EXTENSION.] (a) A permit expires ...')
        if len(part) < 12 or (out and out[-1].count("[") > out[-1].count("]")):
            if out:
                out[-1] = f"{out[-1]} {part}"
            continue
        out.append(part)
    return out


def _stem(word: str) -> str:
    """A light stem: one plural, then one -ing/-ed (or a noun's -ction/-sion), then a final e
    ('licenses', 'licensed', 'license' -> 'licens'; 'pumpings' -> 'pump'; 'extension',
    'extended' -> 'extend'; 'inspections' -> 'inspect'; 'transferable' -> 'transfer')."""
    w = word.replace("-", "")  # 'as-built' and 'asbuilt', 'drain-field' and 'drainfield'
    if len(w) > 4 and w.endswith("ies"):
        w = w[:-3] + "y"
    elif len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    if len(w) > 6 and w.endswith("ction"):  # 'inspection' -> 'inspect'
        w = w[:-3]
    elif len(w) > 6 and w.endswith("sion") and not w.endswith("ssion"):  # 'extension' -> 'extend'
        w = w[:-4] + "d"
    elif len(w) > 5 and w.endswith("ing"):
        w = w[:-3]
    elif len(w) > 4 and w.endswith("ed"):
        w = w[:-2]
    elif len(w) > 7 and w.endswith(("able", "ible")):  # 'transferable' -> 'transfer'
        w = w[:-4]
    if len(w) > 4 and w.endswith("e"):
        w = w[:-1]
    elif len(w) > 6 and w.endswith("ister"):  # 'register', 'registration' -> 'registr'
        w = w[:-2] + "r"
    return w


def score_sentence(sentence: str, terms: list[str]) -> float:
    words = {_stem(w) for w in content_words(sentence)}
    low = sentence.lower()
    score = 0.0
    for term in terms:
        if term == "$":
            score += 1.5 if "$" in sentence else 0.0
        elif _stem(term) in words:
            score += 1.0
        elif len(term) > 5 and term in low:
            score += 0.5
    return score


def trim_quote(sentence: str, terms: list[str], max_chars: int = 360) -> str:
    """A window of at most `max_chars` of the sentence around its first matching term."""
    if len(sentence) <= max_chars:
        return sentence
    low = sentence.lower()
    hits = [low.find(t) for t in terms if t and low.find(t) >= 0]
    centre = min(hits) if hits else 0
    start = max(0, centre - max_chars // 3)
    start = sentence.rfind(" ", 0, start) + 1 if start > 0 else 0
    end = min(len(sentence), start + max_chars)
    if end < len(sentence):
        cut = sentence.rfind(" ", start, end)
        end = cut if cut > start else end
    return sentence[start:end].strip(" ,;")


def clean_run(text: str) -> str:
    """The section's text up to its first sentence addressing the reader or an assistant (or
    the first clean run after it), whitespace folded: a whole-section quote without it."""
    folded = " ".join(text.split())
    runs: list[tuple[int, int]] = []
    start = end = pos = 0
    for sentence in split_sentences(text):
        at = folded.find(sentence, pos)
        if at < 0:
            continue
        pos = at + len(sentence)
        if is_suspect(sentence):
            if end > start:
                runs.append((start, end))
            start = end = pos
        else:
            start, end = (at, pos) if end <= start else (start, pos)
    if end > start:
        runs.append((start, end))
    if not runs:
        return folded if not is_suspect(folded) else ""
    return folded[runs[0][0] : runs[0][1]].strip()


def best_sentences(text: str, terms: list[str], max_sentences: int = 2) -> list[str]:
    """The sentences of `text` that best match `terms`, in document order, trimmed. Sentences
    addressing the reader or an assistant (`core.suspect`) are never chosen."""
    sentences = [s for s in split_sentences(text) if not is_suspect(s)]
    if not sentences:
        return []
    scored = [(score_sentence(s, terms), i) for i, s in enumerate(sentences)]
    top = sorted(scored, key=lambda x: (-x[0], x[1]))[:max_sentences]
    if top[0][0] <= 0:
        return [trim_quote(sentences[0], terms)]
    keep = sorted(i for sc, i in top if sc >= max(0.5, top[0][0] * 0.5))
    return [trim_quote(sentences[i], terms) for i in keep]


def fee_deferred(topic: str, quotes: list[str]) -> bool:
    """Whether the quotes leave the permit fee to a resolution and state no amount: the text
    does not give the asked fact (the answer abstains, saying where it defers)."""
    joined = " ".join(quotes)
    return (
        topic == "permit_fee"
        and not re.search(r"\$\s?\d", joined)
        and bool(phrase("names_resolution").search(joined))
    )


def direct_answer(topic: str, name: str, quotes: list[str], question: str) -> str | None:
    """A short direct statement when the quotes make it certain, else None."""
    joined = " ".join(quotes)
    if topic == "permit_validity":
        m = phrase("validity_period").search(joined)
        if m:
            return f"In {name}, a permit is valid for {m.group(1)} {m.group(2)}"
    if topic == "permit_fee":
        amounts = re.findall(r"\$\s?\d[\d,.]*", joined)
        if fee_deferred(topic, quotes):
            return f"In {name}, the permit fee is set by resolution; the ordinance itself states no amount"
        if amounts:
            return f"{name}'s ordinance states these amounts: {', '.join(dict.fromkeys(amounts))}"
    if phrase("opens_be_can_do").match(question) and quotes:
        first = quotes[0]
        q_words = {_stem(w) for w in content_words(question)} - {"need", "put", "allow"}
        prohibiting = phrase("prohibits").search(first)
        if prohibiting and q_words & {_stem(w) for w in content_words(first)}:
            return f"No: {name}'s ordinance prohibits it"
    return None


def render(
    blocks: list[Block], *, table: bool = False, intro: str | None = None
) -> tuple[str, list[Citation]]:
    """Lay the blocks out with numbered markers; return the text and its citations."""
    citations: list[Citation] = []
    index: dict[tuple[str, str | None, str, str], int] = {}

    def marker(s: Support) -> int:
        key = (s.jurisdiction, s.section, s.title, " ".join(s.quote.split()))
        if key not in index:
            index[key] = len(citations) + 1
            citations.append(
                Citation(
                    jurisdiction=s.jurisdiction,
                    section=s.section,
                    title=s.title,
                    label=s.label,
                    quote=" ".join(s.quote.split()),
                    source=s.source,
                    page=s.page,
                    marker=index[key],
                )
            )
        return index[key]

    lines: list[str] = []
    if intro:
        lines += [intro, ""]
    if table:
        lines += ["| City | Answer | Sources |", "|---|---|---|"]
        for b in blocks:
            marks = "".join(dict.fromkeys(f"[{marker(s)}]" for s in b.supports))
            cell = (b.value or b.headline).replace("|", "/").replace("\n", " ")
            lines.append(f"| {b.name} | {cell} | {marks} |")
        lines.append("")
        for b in blocks:
            if b.value and b.headline:
                lines.append(f"{b.name}: {b.headline}")
    else:
        multi = len({b.jurisdiction for b in blocks}) > 1
        for b in blocks:
            marks = "".join(dict.fromkeys(f"[{marker(s)}]" for s in b.supports))
            head = b.headline.rstrip()
            if head and head.rstrip('"”')[-1:] not in (".", "?", "!", ":"):
                head += "."
            prefix = f"**{b.name}**: " if multi and not head.startswith(b.name) else ""
            lines.append(f"{prefix}{head} {marks}".rstrip())
    multi_city = len({b.jurisdiction for b in blocks}) > 1
    notes = [f"{b.name}: {n}" if multi_city else n for b in blocks for n in b.notes]
    for note in dict.fromkeys(notes):
        lines.append(f"Note: {note}")
    if citations:
        lines += ["", "Sources:"]
        body = " ".join(" ".join(lines).split())
        for c in citations:  # a quote the answer already gives is not repeated
            quoted = f'"{c.quote}"' in body
            lines.append(f"[{c.marker}] {c.label}" + ("" if quoted else f': "{c.quote}"'))
    return "\n".join(lines).strip(), citations


_ITEM = re.compile(r"^\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)]\s")


def widen_quote(text: str, quote: str, max_chars: int = 600) -> str:
    """A thin quote (a table row such as "3 or 4 1 ,200", a list item) widened to carry its
    context: the whole sentence or table holding it with its header row, and for a list item
    the sentence that introduces the list. Verbatim in `text` (whitespace folded), like `quote`."""
    folded = " ".join(text.split())
    q = " ".join(quote.split())
    if not q or q not in folded:
        return quote
    sentences = split_sentences(text)
    at = next((i for i, s in enumerate(sentences) if q in s), None)
    if at is None:
        return quote
    start = at
    if _ITEM.match(sentences[at]):  # "(2) Before the sale ...": reach back to "... required:"
        for i in range(at - 1, max(-1, at - 8), -1):
            if sentences[i].rstrip().endswith(":") or re.search(r":\s*\(?1[.)]\s", sentences[i]):
                start = i
                break
    if start == at and at > 0 and len(sentences[at]) < 60:  # "Violation thereof shall be ..."
        start = at - 1  # the sentence it refers back to
    span = " ".join(sentences[start : at + 1])
    if span not in folded or (len(q) >= 120 and start == at):
        return quote
    if len(span) <= max_chars:
        return span if len(span) > len(q) else quote
    # too long: the window of max_chars that ends at the end of the quote
    end = span.find(q) + len(q) if start == at else len(span)
    begin = max(0, end - max_chars)
    begin = span.find(" ", begin) + 1 if begin > 0 else 0
    window = span[begin:end].strip()
    return window if q in window and window in folded else quote
