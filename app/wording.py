"""The residents' words and the ordinances' words: domain query expansion and sentence weighting.

Residents ask "what is the penalty", "who can pump", "when selling"; the ordinances say
"misdemeanor", "licensed ... pumping", "sale or transfer". `expand_query` appends the
ordinance's words to a retrieval query; `asked_units` names the kind of quantity a question asks
for ("temperature" -> a sentence with degrees), and `term_weights` weighs a question's words by
how rare they are among the candidate sentences, so "temperature" outweighs "sewer" in a chapter
about sewers.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from itertools import pairwise

from app.compose import _stem, content_words

# Phrase (regex over the lower-cased question) -> the ordinance's words for it.
EXPANSIONS: tuple[tuple[str, str], ...] = (
    (r"\bpenalt\w*|\bfines?\b|\bpunish\w*|\bviolat\w*|\bbreak\w* the (?:law|rules?)",
     "misdemeanor violation penalty"),
    (r"\bsell\w*|\bsold\b|\bsale\b|\bbuy\w*|\bclosing\b|\breal estate\b|\btransfer\w*",
     "sale transfer compliance inspection"),
    (r"\bpump(?:er|ers)?\b|\bpumping\b|\bhaul\w*|\bclean(?:ed|ing)? (?:out )?(?:the |my )?tank",
     "pumping licensed pumper"),
    (r"\bwho (?:can|may|is allowed|must|should)\b|\bcontractors?\b|\bqualified\b|\blicen[cs]\w*",
     "licensed license certified required"),
    (r"\bdrain ?fields?\b|\bleach\w*", "soil treatment area"),
    (r"\btemperature\b|\btemps?\b|\bhot\b", "temperature degrees fahrenheit"),
    (r"\bhook(?:ing)? ?up\b|\bconnect\w*", "connection connect public sewer"),
    (r"\bmounds?\b", "mound sized"),
    (r"\broof\w*|\bgutters?\b|\bdownspouts?\b|\bsump\b|\bstorm\w*|\brain\w*",
     "storm surface water roof runoff discharge prohibited"),
    (r"\bwho (?:inspects?|checks?|approves?|enforces?)\b|\binspector\b",
     "inspection performed administrator official"),
    (r"\bold (?:tank|system)|\bunused\b|\bno longer used\b|\babandon\w*", "abandonment abandoned"),
    (r"\bexpir\w*|\bhow long\b.*\bpermit|\bpermit\b.*\bhow long\b", "valid period months"),
    (r"\bcost\w*|\bprice\b|\bfees?\b|\bpay\b", "fee resolution"),
    (r"\binsurance\b|\binsured\b|\bliabilit\w*", "insurance coverage liability amount"),
    (r"\bsteep\b|\bslopes?\b|\bhill\w*", "slope percent"),
    (r"\bwide\b|\bwidth\b", "width inches"),
)  # fmt: skip

# The quantity a question asks for -> a pattern its answer sentence contains.
UNITS: tuple[tuple[str, str], ...] = (
    (r"\btemperature\b|\bhot\b|\bdegrees?\b", r"degree|°|fahrenheit"),
    (r"\bwide\b|\bwidth\b|\bdeep\b|\bdepth\b|\bthick\w*|\btall\b|\bhigh\b", r"inch|feet|foot"),
    (r"\bhow far\b|\bdistance\b|\bsetback\b|\bclose\b", r"feet|foot"),
    (r"\bhow (?:big|large)\b|\bsize\b|\barea\b", r"square feet|gallon|times|percent"),
    (r"\bhow often\b|\bhow long\b|\bwhen\b|\bdeadline\b|\bwithin\b", r"year|month|day|hour|every"),
    (r"\bcost\w*|\bfee\b|\bprice\b|\binsurance\b|\bbond\b|\$", r"\$|dollar"),
    (r"\bslope\b|\bsteep\b", r"percent|%"),
    (r"\bpenalt\w*|\bfines?\b|\bpunish\w*", r"misdemeanor|penalt|fine"),
    (r"\bwho\b", r"licens|certif|contractor|qualified|personnel|performed by|administrator|"
                 r"inspector\b|official"),
)  # fmt: skip


def expand_query(question: str) -> str:
    """The question plus the ordinance's words for its everyday wording (each added once)."""
    low = question.lower()
    have = set(re.findall(r"[a-z]+", low))
    extra: list[str] = []
    for pattern, words in EXPANSIONS:
        if re.search(pattern, low):
            extra.extend(w for w in words.split() if w not in have and w not in extra)
    return f"{question} {' '.join(extra)}".strip()


def expansion_terms(question: str) -> list[str]:
    """Only the words `expand_query` adds."""
    return expand_query(question)[len(question) :].split()


# Everyday subject words -> the ordinance's words with the same meaning (not context words like
# "compliance inspection"). A city whose text has none of them does not address the subject:
# "an inspection when a house is sold" is not answered by Chaska's inspection-notice rule.
SYNONYMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"\bsell\w*|\bsold\b|\bsale\b|\bbuy\w*|\bclosing\b|\breal estate\b",
     ("sale", "sell", "sold", "transfer", "conveyance")),
    (r"\btemperature\b|\btemps?\b", ("temperature", "degree", "fahrenheit")),
    (r"\binsurance\b|\binsured\b", ("insurance", "insured")),
)  # fmt: skip


def unaddressed_subjects(question: str, vocab: set[str]) -> list[str]:
    """The question's subject phrases (per `SYNONYMS`) for which the ordinance, whose stems are
    `vocab`, uses no word of the same meaning: its text cannot answer them."""
    low = question.lower()
    out: list[str] = []
    for pattern, words in SYNONYMS:
        found = re.search(pattern, low)
        if found and not any(_stem(w) in vocab for w in words):
            out.append(found.group(0))
    return out


# Kinds of answer that are the answer whatever the topic ("the penalty for not pumping" is the
# penalty clause, which does not mention pumping).
ANSWER_KINDS: tuple[tuple[str, str], ...] = (
    (r"\bpenalt\w*|\bfines?\b|\bpunish\w*", r"misdemeanor|penalt"),
)


def asked_units(question: str) -> list[re.Pattern[str]]:
    """Patterns for the kind of quantity the question asks for (degrees, feet, dollars, ...)."""
    low = question.lower()
    return [re.compile(unit, re.I) for asked, unit in UNITS if re.search(asked, low)]


def asked_kinds(question: str) -> list[re.Pattern[str]]:
    """Patterns for an answer kind that stands on its own (a penalty clause)."""
    low = question.lower()
    return [re.compile(kind, re.I) for asked, kind in ANSWER_KINDS if re.search(asked, low)]


def term_weights(terms: Iterable[str], sentences: list[str]) -> dict[str, float]:
    """Weight per term stem: 0.5 for a word in every candidate sentence, up to 2 for a rare one."""
    stems = {_stem(t) for t in terms if t != "$"}
    n = len(sentences)
    if n == 0:
        return {s: 1.0 for s in stems}
    df = {s: 0 for s in stems}
    for sentence in sentences:
        own = {_stem(w) for w in content_words(sentence)}
        for s in stems & own:
            df[s] += 1
    return {s: 0.5 + 1.5 * math.log((n + 1) / (df[s] + 1)) / math.log(n + 1) for s in stems}


def weighted_score(sentence: str, terms: list[str], weights: dict[str, float]) -> float:
    """Like `compose.score_sentence`, each matched term counting by its weight; an exact word
    form counts fully, another inflection of it ('mounded' for 'mounds') 80 %, a longer or
    shorter form ('installation' for 'install') 60 %."""
    words = content_words(sentence)
    exact = set(words)
    stems = {_stem(w) for w in words}
    low = sentence.lower()
    score = 0.0
    for term in dict.fromkeys(terms):
        stem = _stem(term)
        w = weights.get(stem, 1.0)
        if term == "$":
            score += 1.5 if "$" in sentence else 0.0
        elif term in exact:
            score += w
        elif stem in stems:
            score += 0.8 * w
        elif len(stem) >= 5 and any(_related(stem, s) for s in stems):
            score += 0.6 * w  # 'inspected' for 'inspection', 'install' for 'installation'
        elif len(term) > 5 and term in low:
            score += 0.4 * w
    return score


def compound_subject(question: str, keys: set[str]) -> bool:
    """Whether the question's key words are one two-word subject next to each other
    ('lot size', 'drainfield depth'), so that a sentence with only one of them is not about it."""
    if len(keys) != 2:
        return False
    words = [_stem(w) for w in re.findall(r"[a-z][a-z'-]*", question.lower())]
    return any({a, b} == keys for a, b in pairwise(words))


def _related(stem: str, other: str) -> bool:
    """Whether `other` is a longer form of the word `stem` ('installation' for 'install')."""
    return len(other) > len(stem) and other.startswith(stem)


def vocabulary(texts: Iterable[str]) -> set[str]:
    """The stems of every word in `texts` (a city's ordinance)."""
    out: set[str] = set()
    for text in texts:
        out.update(_stem(w) for w in re.findall(r"[a-z][a-z'-]+", text.lower()))
    return out


# Everyday words that carry no subject ("stuff going into the sewer"): never "unknown".
FILLER = {
    "stuff", "thing", "things", "going", "goes", "get", "gets", "give", "put", "let", "else",
    "away", "really", "actually", "okay", "kind", "sort", "big", "small", "smallest", "biggest",
    "max", "min", "whats", "define", "procedure", "deeper", "reduce", "bans", "room", "dig",
    "slower", "faster", "main", "write", "happen", "anything", "something", "tell", "know",
}  # fmt: skip


def unknown_words(words: Iterable[str], vocab: set[str]) -> list[str]:
    """The words the ordinance never uses (in any form) and that have no ordinance wording here:
    'fireworks', 'pothole', 'speeding'. A question about them is not about these rules, whatever
    the expansion of its other words would retrieve."""
    out: list[str] = []
    for w in words:
        if "'" in w or w in FILLER:  # "what's", "doesn't", "stuff": not a subject
            continue
        stem = _stem(w)
        if stem in vocab or (len(stem) >= 5 and any(v.startswith(stem) for v in vocab)):
            continue
        if expansion_terms(w) or len(content_words(w)) > 1:  # has the ordinance's word for it
            continue
        out.append(w)
    return out
