"""Section references and jurisdictions named in a question. Pure functions, no framework.

``find_section_refs("see Section 98 and § 404.09(1)b")`` -> ``["98", "404.09"]``;
``detect_jurisdictions("Chaska vs Hugo", {"chaska": "Chaska", "hugo": "Hugo"})`` ->
``["chaska", "hugo"]``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

_NUM = r"\d{1,4}(?:\s?\.\s?\d{1,3})?"
_SECTION_WORD = re.compile(
    rf"(?:\bsections?|\bsecs?\.?|§§?)\s*(?P<first>{_NUM})"
    rf"(?P<more>(?:\s*(?:,|and|or|through|to|-|–)\s*(?:§\s*)?{_NUM})*)",
    re.IGNORECASE,
)
_NUM_IN_LIST = re.compile(_NUM)
# A bare decimal section number such as 404.04 or 404.09(1)b: three or four digits, a dot, two.
_BARE_DECIMAL = re.compile(r"(?<![\d.$,])(?P<num>\d{3,4}\.\d{2})(?![\d,]|\.\d)")
_TABLE = re.compile(r"\btable\s+(?P<num>[IVX]{1,5}\b|\d{1,2}\b)", re.IGNORECASE)
_TABLE_HEADING = re.compile(r"\bTABLE\s+(?P<num>[IVX]{1,5}|\d{1,2})\b")
_ROMAN = {"I": 1, "V": 5, "X": 10}


def roman_to_int(text: str) -> int | None:
    """'IV' -> 4; None when the text is not a roman numeral."""
    text = text.upper()
    if not text or any(ch not in _ROMAN for ch in text):
        return None
    total = 0
    for i, ch in enumerate(text):
        value = _ROMAN[ch]
        total += -value if i + 1 < len(text) and _ROMAN[text[i + 1]] > value else value
    return total


def int_to_roman(number: int) -> str:
    """4 -> 'IV' (1..39)."""
    out = ""
    for value, sym in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while number >= value:
            out += sym
            number -= value
    return out


def table_key(token: str) -> str:
    """'4', 'iv', 'IV' -> 'IV': the canonical name of a table number."""
    if token.isdigit():
        return int_to_roman(int(token))
    value = roman_to_int(token)
    return int_to_roman(value) if value else token.upper()


def normalize_ref(ref: str) -> str:
    """Canonical form for comparing section numbers: '07' -> '7', '404 .04' -> '404.04'.

    Titles (East Bethel) are case-folded and stripped of a final period."""
    compact = re.sub(r"\s+", "", ref)
    if re.fullmatch(r"\d+(?:\.\d+)*", compact):
        head, _, tail = compact.partition(".")
        head = head.lstrip("0") or "0"
        return f"{head}.{tail}" if tail else head
    return " ".join(ref.casefold().rstrip(". ").split())


def find_section_refs(text: str, tables: Mapping[str, str] | None = None) -> list[str]:
    """Section numbers a text names, in order of mention, without duplicates.

    "Section 98", "Sec. 98", "Sections 98 and 99", "§ 404.04" and a bare "404.09(1)b" give the
    section number ("404.09": a subsection resolves to its section). "Table IV" gives the section
    holding Table IV when ``tables`` (table key -> section, see ``build_table_map``) knows it,
    and "Table IV" otherwise."""
    found: list[tuple[int, str]] = []
    for m in _SECTION_WORD.finditer(text):
        found.append((m.start(), _clean_number(m.group("first"))))
        if not re.match(r"(?:sections|secs|§§)", m.group().casefold()):
            continue  # "Section 98 and 3 bedrooms": only a plural keyword starts a list
        for extra in _NUM_IN_LIST.finditer(m.group("more") or ""):
            found.append((m.start("more") + extra.start(), _clean_number(extra.group())))
    covered = [m.span() for m in _SECTION_WORD.finditer(text)]
    for m in _BARE_DECIMAL.finditer(text):
        if not any(a <= m.start() < b for a, b in covered):
            found.append((m.start(), m.group("num")))
    for m in _TABLE.finditer(text):
        key = table_key(m.group("num"))
        found.append((m.start(), tables.get(key, f"Table {key}") if tables else f"Table {key}"))
    refs: list[str] = []
    for _, ref in sorted(found, key=lambda item: item[0]):
        if ref not in refs:
            refs.append(ref)
    return refs


def _clean_number(raw: str) -> str:
    return re.sub(r"\s+", "", raw)


def build_table_map(sections: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Table key -> ref of the section that holds the table, from (ref, text) pairs.

    A section printing the heading "TABLE IV" wins over sections that only mention "Table IV";
    among mentions, the section mentioning it most often wins (ties: the first)."""
    scores: dict[str, dict[str, int]] = {}
    for ref, text in sections:
        for m in _TABLE.finditer(text):
            key = table_key(m.group("num"))
            weight = 10 if _TABLE_HEADING.fullmatch(m.group()) else 1
            per_key = scores.setdefault(key, {})
            per_key[ref] = per_key.get(ref, 0) + weight
    return {key: max(per_ref, key=lambda r: per_ref[r]) for key, per_ref in scores.items()}


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
