"""Near-miss spellings of the domain's words and the city names ("septik", "Chasak",
"temprature") fixed before a question is understood and searched."""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from app.compose import _stem
from index.embed import english_words


@lru_cache(maxsize=1)
def _words() -> tuple[frozenset[str], frozenset[str]]:
    """The domain keywords and the protected words (`app/lexicon.yaml`, `spelling`; the kinds
    of place, 'twp', are protected too)."""
    from app.lexicon import lexicon

    spelling = lexicon().spelling
    return frozenset(spelling.keywords), frozenset([*spelling.protected, *spelling.place_kinds])


@lru_cache(maxsize=8)
def _vocabulary(names: tuple[str, ...]) -> tuple[frozenset[str], dict[str, list[str]]]:
    """The known words, and them by first letter (once per corpus, not once per word)."""
    vocab = list(dict.fromkeys([*sorted(_words()[0]), *(n.lower() for n in names)]))
    by_letter: dict[str, list[str]] = {}
    for word in vocab:
        by_letter.setdefault(word[:1], []).append(word)
    return frozenset(vocab), by_letter


_ENDINGS = frozenset(
    {
        "s",
        "es",
        "ed",
        "d",
        "er",
        "ers",
        "ing",
        "ion",
        "ions",
        "al",
        "ly",
        "ment",
        "ments",
        "or",
        "ors",
    }
)
"""Endings that make another form of a word ('installer' of 'install'); any other letters after
a known word are a slip ('permitt')."""


def correct_typos(text: str, names: Sequence[str] = ()) -> str:
    """Fix near-miss spellings of the domain words and city names ("septik", "Chasak")."""
    known, by_letter = _vocabulary(tuple(names))

    def fix(match: re.Match[str]) -> str:
        word = match.group(0)
        low = word.lower()
        if len(low) < 4 or low in known or low in _words()[1]:
            return word
        if low in english_words():
            return word  # an English word ('inspector'), not a misspelled domain word
        # a typo keeps its first letter: only words starting with it are candidates
        close = difflib.get_close_matches(low, by_letter.get(low[0], []), n=3, cutoff=0.8)
        if not close:
            return word
        ending = low[len(close[0]) :] if low.startswith(close[0]) else None
        if len(low) >= 6 and (close[0].startswith(low) or ending in _ENDINGS):
            return word  # another form of the word, not a typo: 'install' is not 'installer'
        return close[0].capitalize() if word[0].isupper() else close[0]

    return re.sub(r"[A-Za-z]+", fix, text)


def _distance(a: str, b: str, most: int) -> int:
    """Damerau-Levenshtein distance (adjacent swaps count one), or most + 1 when larger."""
    if abs(len(a) - len(b)) > most:
        return most + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > most:
            return most + 1
        prev2, prev = prev, cur
    return prev[-1]


def correct_from_corpus(text: str, counts: dict[str, int], english: frozenset[str]) -> str:
    """Fix words that are neither English (the model's vocabulary) nor in the ordinances' text
    (`counts`: word -> occurrences) to the most frequent ordinance word one edit away (two for
    words of six letters or more) that starts with the same letter ('tnk' -> 'tank', 'feild' ->
    'field'); a word with no such word, or two equally frequent, is left as typed."""
    if not counts:
        return text
    keywords = _vocabulary(())[1]

    def fix(match: re.Match[str]) -> str:
        word = match.group(0)
        low = word.lower()
        if len(low) < 3 or word.isupper() or low in english or low in counts:
            return word  # short, an acronym ('ISTS'), English, or the ordinances' own word
        if _inflected(low, english):
            return word  # an English word's other form ('deeding' of 'deed'), not a typo
        if low in _words()[1]:
            return word  # a protected word ('twp' is no misspelled 'two')
        if len(low) > 3 and any(w.startswith(low) and len(w) > len(low) + 1 for w in counts):
            return word  # an abbreviation ('perc' of 'percolation'), not a typo
        if len(low) >= 4 and difflib.get_close_matches(low, keywords.get(low[0], []), cutoff=0.8):
            return word  # a domain word's misspelling ('bedrm'): `correct_typos` fixes it
        most = 1 if len(low) < 6 else 2
        near = sorted(
            (d, -n, w)
            for w, n in counts.items()
            if w[:1] == low[:1] and len(w) > 2 and (d := _distance(low, w, most)) <= most
        )  # the nearest word first, the most frequent of equally near ones
        if not near:
            return _english(word, english)
        if len(near) > 1 and near[0][:2] == near[1][:2] and _stem(near[0][2]) != _stem(near[1][2]):
            return word  # two words as near and as frequent: no telling which was meant
        distance, _, best = near[0]
        if _stem(best) == _stem(low):
            return word  # another form of the ordinance's word ('administers'), not a typo
        if distance > 1 and any(
            w[:1] == low[:1] and _distance(low, w, distance - 1) < distance for w in english
        ):
            return _english(word, english)  # nearer to an English word ('insted': 'instead')
        return best.capitalize() if word[0].isupper() else best

    return re.sub(r"[A-Za-z]+", fix, text)


def _inflected(word: str, english: frozenset[str]) -> bool:
    """Whether a word is an English word with an ending ('deeding', 'gifted', 'deeds'): its
    base, or the base ending in 'e', or with its doubled last consonant single, is English."""
    for ending in ("ing", "ed", "es", "s"):
        if len(word) > len(ending) + 2 and word.endswith(ending):
            base = word[: -len(ending)]
            forms = {base, f"{base}e"} | ({base[:-1]} if base[-1:] == base[-2:-1] else set())
            if any(len(f) >= 4 for f in forms & english):  # ('wats' is no form of 'wat')
                return True
    return False


def _english(word: str, english: frozenset[str]) -> str:
    """A lower-case word of five letters or more one edit from exactly one English word that
    starts with the same letter, as that word ('cheeper' -> 'cheaper'); else as typed (a name,
    or no telling which word was meant)."""
    if len(word) < 5 or not word.islower():
        return word
    near = [w for w in english if w[:1] == word[:1] and len(w) > 3 and _distance(word, w, 1) <= 1]
    return near[0] if len(near) == 1 else word


class CorpusSpelling:
    """`correct_from_corpus` over the words of the asked cities' ordinances (counted once per
    city, on first use; nothing is counted for a question whose words are all English)."""

    def __init__(self, sections: Callable[[str], Sequence[Any]]) -> None:
        self._sections = sections
        self._counts: dict[str, dict[str, int]] = {}
        self._merged: dict[tuple[str, ...], dict[str, int]] = {}

    def fix(self, text: str, cities: Sequence[str]) -> str:
        english = english_words()
        words = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}
        if not cities or not english or words <= english:
            return text
        return correct_from_corpus(text, self._words(tuple(sorted(cities))), english)

    def _words(self, cities: tuple[str, ...]) -> dict[str, int]:
        if cities not in self._merged:
            total: Counter[str] = Counter()
            for city in cities:
                if city not in self._counts:
                    text = " ".join(f"{s.title} {s.text}" for s in self._sections(city))
                    self._counts[city] = dict(Counter(re.findall(r"[a-z]+", text.lower())))
                total.update(self._counts[city])
            if len(self._merged) > 64:
                self._merged.clear()
            self._merged[cities] = dict(total)
        return self._merged[cities]
