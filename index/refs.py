"""Section references and jurisdictions named in a question. Pure functions, no framework.

Section references come from `core.refs` (one parser for every layer), re-exported here;
``find_section_refs("see Section 98 and § 404.09(1)b")`` -> ``["98", "404.09"]``;
``detect_jurisdictions("Chaska vs Hugo", {"chaska": "Chaska", "hugo": "Hugo"})`` ->
``["chaska", "hugo"]``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from core.refs import (
    build_table_map,
    find_section_refs,
    int_to_roman,
    normalize_ref,
    roman_to_int,
    table_key,
)

__all__ = [
    "build_table_map",
    "detect_jurisdictions",
    "find_section_refs",
    "int_to_roman",
    "normalize_ref",
    "roman_to_int",
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


def _mentions(text: str, known: Mapping[str, str]) -> list[tuple[str, int, int]]:
    """(key, start, end) of every mention of a known jurisdiction, in text order."""
    words = _words(text)
    found: list[tuple[str, int, int]] = []
    for key, name in known.items():
        forms = {tuple(_WORD.findall(name.casefold())), tuple(_WORD.findall(key.casefold()))}
        for form in forms:
            if not form:
                continue
            joined = "".join(form)
            for i, (start, end, word) in enumerate(words):
                window = words[i : i + len(form)]
                if len(window) == len(form) and all(
                    _close(w, t) for (_, _, w), t in zip(window, form, strict=True)
                ):
                    found.append((key, start, window[-1][1]))
                elif len(form) > 1 and _close(word, joined):
                    found.append((key, start, end))
    return sorted(set(found), key=lambda m: (m[1], -m[2]))


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
