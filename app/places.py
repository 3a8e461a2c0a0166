"""Places in a question: the corpus jurisdictions it names ("Chaska vs Hugo", "Chasak",
"Eastbethel") and the places outside the corpus ("Stillwater"), which the assistant names back."""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Mapping
from functools import lru_cache

from app.settings import PROJECT_ROOT
from app.typos import _KEYWORDS

OUTSIDE_CORPUS = PROJECT_ROOT / "data" / "places" / "outside-corpus.txt"
"""Well-known places outside the corpus (data, not code): recognised in lower case too."""
_NOT_PLACES = {
    "minnesota", "mn", "section", "table", "chapter", "article", "the", "a", "an", "my", "our",
    "your", "this", "that", "sec", "feet", "inches", "winter", "summer", "spring", "fall",
    "general", "appendix", "division", "ordinance", "city", "county", "state", "mpca", "minn",
    "rules", "subd", "part", "item", "figure", "exhibit", "schedule", "does", "do", "did", "order", "addition", "case", "total", "gallons",
    "english", "spanish", "detail", "short", "plain", "it", "there", "which", "what", "each",
    "all", "both", "any", "every", "june", "may", "april", "december", "january", "march",
}  # fmt: skip


def detect_jurisdictions(text: str, known: Mapping[str, str]) -> list[str]:
    """Keys of the known jurisdictions named in the text, in order of first mention."""
    low = text.lower()
    squashed = re.sub(r"[^a-z]", "", low)
    found: list[tuple[int, str]] = []
    for key, name in known.items():
        forms = {name.lower(), key.lower().replace("-", " "), key.lower()}
        best = -1
        for form in forms:
            m = re.search(r"(?<![a-z])" + re.escape(form) + r"(?:'s)?(?![a-z])", low)
            if m and (best < 0 or m.start() < best):
                best = m.start()
        if best < 0 and " " in name:
            joined = re.sub(r"[^a-z]", "", name.lower())
            pos = squashed.find(joined)
            if pos >= 0:
                best = pos
        if best < 0:  # typo'd single word, e.g. "Chasak", "Hugoo", "Eastbethel"
            words = re.findall(r"[a-z]+", low)
            target = re.sub(r"[^a-z]", "", name.lower())
            candidates = [
                *words,
                *(a + b for a, b in itertools.pairwise(words)),
                *(a + b + c for a, b, c in zip(words, words[1:], words[2:], strict=False)),
            ]
            for w in candidates:  # an everyday or ordinance word is never a typo of a name
                if w in _KEYWORDS or w in _NOT_PLACES or w[:1] != target[:1]:
                    continue
                if len(w) >= 4 and difflib.SequenceMatcher(None, w, target).ratio() >= 0.8:
                    best = max(0, low.find(w[:4]))  # a joined pair or triple: its position
                    break
        if best >= 0:
            found.append((best, key))
    return [k for _, k in sorted(found)]


@lru_cache(maxsize=1)
def _outside_corpus() -> tuple[str, ...]:
    try:
        lines = OUTSIDE_CORPUS.read_text(encoding="utf-8").splitlines()
    except OSError:
        return ()
    return tuple(ln.strip().lower() for ln in lines if ln.strip() and not ln.startswith("#"))


_REF_WORDS = r"(?:section|sections|sec\.?|§|ordinance|code|chapter|article|rules?|table)"
_NAMED = re.compile(
    # "What does Springfield section 3 say?", "Springfield's ordinance", "Does Springfield ..."
    r"(?:^|\b(?i:does|do|did|about|and|or|vs\.?|versus|than|like)\s+)"
    r"((?:[A-Z][a-z]+|St\.)(?:\s+[A-Z][a-z]+){0,2})(?:['’]s)?\s+" + _REF_WORDS + r"\b"
    r"|\b(?i:does|do|did)\s+((?:[A-Z][a-z]+|St\.)(?:\s+[A-Z][a-z]+){0,2})\s+"
    r"(?:require|allow|say|regulate|need|permit|have|prohibit)\w*\b"
)


def _is_candidate(name: str, known: Mapping[str, str], known_words: set[str]) -> bool:
    words = [w.lower().strip(".") for w in name.split()]
    if any(w in _NOT_PLACES or w in known_words or w in _KEYWORDS for w in words):
        return False
    return not detect_jurisdictions(name, known)


def _unknown_places(text: str, known: Mapping[str, str]) -> list[str]:
    """Places the question names that are not in the corpus: a listed place (any case), or a
    capitalised name where a city goes ("in Woodbury", "Springfield section 3", "does
    Springfield require"). The corpus's own names and keys (from the manifest) never count."""
    low = text.lower()
    known_words = {w for n in known.values() for w in n.lower().split()} | {
        w for k in known for w in k.split("-")
    }
    places: list[str] = []
    for m in _NAMED.finditer(text):
        name = m.group(1) or m.group(2)
        if _is_candidate(name, known, known_words) and name not in places:
            places.append(name)
    for place in _outside_corpus():
        hit = re.search(r"(?<![a-z])" + re.escape(place) + r"(?![a-z])", low)
        if hit and place.title() not in places:
            places.append(place.title())
    for m in re.finditer(
        r"\b(?:in|for|of|at|from)\s+(?:the\s+)?(?:city of\s+|town of\s+)?"
        r"((?:[A-Z][a-z]+|St\.)(?:\s+[A-Z][a-z]+){0,2})",
        text,
    ):
        name = m.group(1)
        words = [w.lower().strip(".") for w in name.split()]
        if any(w in _NOT_PLACES or w in known_words for w in words):
            continue
        if any(w in _KEYWORDS for w in words) or detect_jurisdictions(name, known):
            continue
        if name.title() not in places:
            places.append(name)
    for m in re.finditer(r"\b(?:city of|town of)\s+([a-z]+(?:\s+[a-z]+)?)", low):
        name = m.group(1)
        if name.split()[0] in known_words or name.split()[0] in _NOT_PLACES:
            continue
        if name.title() not in places:
            places.append(name.title())
    return places
