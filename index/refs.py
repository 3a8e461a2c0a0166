"""Section references and jurisdictions named in a question. Pure functions, no framework.

Section references come from `core.refs` (one parser for every layer), re-exported here;
``find_section_refs("see Section 98 and § 404.09(1)b")`` -> ``["98", "404.09"]``;
``detect_jurisdictions("Chaska vs Hugo", {"chaska": "Chaska", "hugo": "Hugo"})`` ->
``["chaska", "hugo"]``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from core.places import initialism_mentions, name_forms, names_a_feature, people_named
from core.places import words as place_words
from core.refs import (
    build_table_map,
    find_section_refs,
    int_to_roman,
    normalize_ref,
    roman_to_int,
    table_key,
)
from index.embed import english_words

__all__ = [
    "MIN_TITLE_WORDS",
    "build_table_map",
    "detect_jurisdictions",
    "find_section_refs",
    "int_to_roman",
    "normalize_ref",
    "roman_to_int",
    "section_lookups",
    "strip_jurisdictions",
    "table_key",
]

_ALL = re.compile(
    r"\b(?:all\s+(?:three|3|the)?\s*(?:cities|towns|jurisdictions|ordinances|codes)"
    r"|all\s+(?:three|3)|each\s+(?:city|town|jurisdiction)|every\s+(?:city|town|jurisdiction)"
    r"|(?:any|every)\s+of\s+(?:the\s+)?(?:three|3|them))\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-z0-9]+")
MIN_TITLE_WORDS = 2
"""A section title of at least this many words, found in a question, points at the section."""


def plain(text: str) -> str:
    """Lower case, every character that is not a letter or digit a space."""
    return "".join(ch if ch.isalnum() else " " for ch in text.casefold())


def section_lookups(sections: Iterable[Any]) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """One city's title index and table map from its sections (first of a ref wins):
    ``(" plain title ", normalised ref)`` of titles of `MIN_TITLE_WORDS` or more, and
    `build_table_map` over the sections' texts."""
    first: dict[str, Any] = {}
    for s in sections:
        first.setdefault(normalize_ref(s.ref), s)
    titles: list[tuple[str, str]] = []
    for ref, s in first.items():
        title = " ".join(plain(s.title).split())
        if len(title.split()) >= MIN_TITLE_WORDS:
            titles.append((f" {title} ", ref))
    return titles, build_table_map([(s.ref, s.text) for s in first.values()])


def _words(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group().casefold()) for m in _WORD.finditer(text)]


def _edit_distance(a: str, b: str, limit: int = 2) -> int:
    """Optimal-string-alignment distance (a transposition counts as one edit)."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


def _close(word: str, target: str) -> bool:
    if word == target:
        return True
    # Typos only for longer words: "chasks" is Chaska, but "huge" is not Hugo.
    return len(target) >= 5 and len(word) >= 4 and _edit_distance(word, target) <= 1


def _deletions(word: str) -> set[str]:
    """The word and every string one deletion from it (symmetric-delete candidates: two words
    within one edit, a transposition included, share one of these)."""
    return {word, *(word[:i] + word[i + 1 :] for i in range(len(word)))}


_Form = tuple[str, tuple[str, ...]]


class _NameIndex:
    """Every known jurisdiction's word forms, indexed by first word and by joined form, exactly
    and within one edit, so a text is matched against thousands of names by look-ups, not by a
    loop over every name."""

    def __init__(self, items: tuple[tuple[str, str], ...]) -> None:
        self.first: dict[str, set[_Form]] = {}
        self.joined: dict[str, set[_Form]] = {}
        short = name_forms(dict(items), english_words())
        for key, name in items:
            forms = {tuple(_WORD.findall(name.casefold())), tuple(_WORD.findall(key.casefold()))}
            for form in forms | short[key]:
                if not form:
                    continue
                self._add(self.first, form[0], (key, form))
                if len(form) > 1:
                    self._add(self.joined, "".join(form), (key, form))

    @staticmethod
    def _add(index: dict[str, set[_Form]], target: str, item: _Form) -> None:
        for variant in _deletions(target) if len(target) >= 5 else {target}:
            index.setdefault(variant, set()).add(item)

    def candidates(self, word: str) -> set[_Form]:
        """Forms whose first word or joined form may be `_close` to ``word`` (a superset)."""
        out: set[_Form] = set()
        for variant in _deletions(word) if len(word) >= 4 else {word}:
            out |= self.first.get(variant, set())
            out |= self.joined.get(variant, set())
        return out


@lru_cache(maxsize=8)
def _name_index(items: tuple[tuple[str, str], ...]) -> _NameIndex:
    return _NameIndex(items)


def _mentions(text: str, known: Mapping[str, str]) -> list[tuple[str, int, int]]:
    """(key, start, end) of every mention of a known jurisdiction, in text order.

    A mention within one typo that overlaps an exact mention of another jurisdiction is
    dropped: among many cities, a name typed exactly is not a typo of a similar name; so is a
    mention inside a longer exact one ("Vandwick" inside "Vandwick Township")."""
    words = _words(text)
    index = _name_index(tuple(known.items()))
    found: set[tuple[str, int, int, bool]] = set()
    features: set[tuple[str, int, int]] = set()  # named only by a word of a lake's name
    in_full: set[str] = set()  # named by more than a one-word short form somewhere
    for i, (start, end, word) in enumerate(words):
        for key, form in sorted(index.candidates(word)):
            window = words[i : i + len(form)]
            full = {place_words(known[key]), place_words(key)}
            if names_a_feature(form, full, text[window[-1][1] :] if window else ""):
                features.add((key, start, window[-1][1]))  # 'Loon' in 'Lost Loon Lake'
                continue
            if len(window) == len(form) and all(
                _close(w, t) for (_, _, w), t in zip(window, form, strict=True)
            ):
                exact = all(w == t for (_, _, w), t in zip(window, form, strict=True))
                found.add((key, start, window[-1][1], exact))
                if len(form) > 1 or form in full:
                    in_full.add(key)
            elif len(form) > 1 and _close(word, "".join(form)):
                found.add((key, start, end, word == "".join(form)))
                in_full.add(key)
    initials = initialism_mentions(text, known)
    found |= {(k, a, b, True) for k, a, b in initials}
    in_full |= {k for k, _, _ in initials}
    if not found:  # 'a cabin on Little Itasca Lake': the lake's place, where no other is named
        found = {(k, a, b, True) for k, a, b in features}
    exact_spans = [(k, a, b) for k, a, b, exact in found if exact]

    def shadowed(k: str, a: int, b: int, exact: bool) -> bool:
        """Inside a longer exact mention of another city ("Vandwick" in "Vandwick Township"),
        or, for a typo, overlapping any exact mention of another city."""
        for k2, a2, b2 in exact_spans:
            inside = a2 <= a and b <= b2 and b2 - a2 > b - a
            if k2 != k and a < b2 and a2 < b and (not exact or inside):
                return True
        return False

    kept = {(k, a, b) for k, a, b, exact in found if not shadowed(k, a, b, exact)}
    people = people_named(text, ((k, a, k in in_full) for k, a, _ in kept))
    kept = {m for m in kept if m[0] not in people}  # 'From: Deb Tamsen ...': a person's name
    return sorted(kept, key=lambda m: (m[1], -m[2]))


def detect_jurisdictions(text: str, known: Mapping[str, str]) -> list[str]:
    """Keys of the jurisdictions a text names, in order of first mention.

    Matches the display name or the key ("East Bethel's", "east-bethel", "eastbethel"), with
    one typo allowed in names of five letters or more; "all three", "each city" and the like
    name every known jurisdiction."""
    ordered = list(dict.fromkeys(key for key, _, _ in _mentions(text, known)))
    if _ALL.search(text):
        ordered += [key for key in known if key not in ordered]
    return ordered


def strip_jurisdictions(text: str, known: Mapping[str, str]) -> str:
    """``text`` without its mentions of known jurisdictions (and "in"/"'s" around them).

    Once the jurisdiction is a filter, its name in the query only adds noise to the search."""
    out, cursor = [], 0
    for _, start, end in _mentions(text, known):
        if start < cursor:
            continue
        out.append(re.sub(r"\b(?:in|for|of|from|at)\s*$", "", text[cursor:start], flags=re.I))
        cursor = end
        tail = re.match(r"['’]s\b", text[cursor:])
        if tail:
            cursor += tail.end()
    out.append(text[cursor:])
    stripped = " ".join("".join(out).split()).strip(" ,:;-–")
    return stripped or text
