"""Section references: the one parser every layer uses (ingest lookups, index, app, deep links).

Identifiers stay as printed: ``98``, ``404.04``, ``52.01``, ``4.1``, and hyphenated ``9-4-8``,
``18-124``, ``175-9`` are one identifier each (never cut to ``9`` or ``18``); a dotted number is
never joined (``52.01`` is not ``5201``).

``find_section_refs("see Section 98 and § 404.09(1)b")`` -> ``["98", "404.09"]``;
``find_section_refs("what does section 9-4-8 say")`` -> ``["9-4-8"]``;
``normalize_ref("Sec. 07")`` -> ``"7"``; ``normalize_ref("Q 14")`` -> ``"14"``;
``ref_variants("4.1.2(a)")`` -> ``["4.1.2", "4.1"]``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

# 98, 404.04, "404 .04" (OCR), 52.01, 4.1.2, 9-4-8, 18-124; an upper-case letter suffix (9-4-8C);
# a lettered chapter before a hyphen (8A-12: a chapter inserted after chapter 8)
NUMBER = r"\d{1,4}(?:[A-Z](?=-\d))?(?:(?:\s?\.\s?|-)\d{1,4})*(?:[A-Z](?![A-Za-z]))?"
_SUBSECTION = r"(?:\s?\(\s?[A-Za-z0-9]{1,4}\s?\))*(?:[a-z](?![A-Za-z]))?"
_KEYWORD = r"(?:\bsec(?:tions?|ts?\.?|s?\.?)|§§?)"
_SECTION_WORD = re.compile(
    rf"{_KEYWORD}\s*(?P<first>{NUMBER}){_SUBSECTION}"
    rf"(?P<more>(?:\s*(?:,|and|or|through|to|–|—)\s*(?:§\s*)?{NUMBER}{_SUBSECTION})*)",
    re.IGNORECASE,
)
_NUM_IN_LIST = re.compile(NUMBER)
# An outline section, its part and its letter: 'Section III.D' (`ingest.outline`)
_OUTLINE = re.compile(rf"{_KEYWORD}\s*(?P<num>[IVXL]{{1,6}}\.[A-Z])(?![A-Za-z])", re.IGNORECASE)
# A bare decimal section number such as 404.04 or 404.09(1)b: three or four digits, a dot, two.
_BARE_DECIMAL = re.compile(r"(?<![\d.$,])(?P<num>\d{3,4}\.\d{2})(?![\d,]|\.\d)")
_TABLE_NUM = r"(?P<num>[IVX]{1,5}\b|\d{1,4}(?:[.\-]\d{1,4})*\b(?![.\-]\d))"
_TABLE = re.compile(rf"\btable\s+{_TABLE_NUM}", re.IGNORECASE)
_TABLE_HEADING = re.compile(rf"\bTABLE\s+{_TABLE_NUM}")
_PREFIX = re.compile(
    r"^\s*(?:sec(?:tions?|ts?\.?|s?\.?)|§+|s\.|(?:q|questions?|rules?|paragraphs?|para|¶)\.?(?=\s*\d))\s*",
    re.IGNORECASE,
)
# A guide's numbered question named in a question: 'Q 14', 'Q14', 'Q. 14', 'Question 14' (not
# a count: 'question 3 bedrooms'; not a quarter: 'Q4 2024', 'due in Q3')
_QUESTION = re.compile(
    r"(?:\b(?P<q>Q)\.?(?P<gap>\s?)|\b[Qq]uestion\s+(?:[Nn]o\.?\s*)?)(?P<num>\d{1,3})"
    r"(?![\d,\-]|\.\d|\s*(?:19|20)\d\d\b|\s*(?:bedrooms?|gallons?|feet|foot|ft\b|days?|"
    r"months?|years?|inch|percent|%))"
)
_BEFORE_QUARTER = re.compile(
    r"\b(?:in|by|during|of|for|until|before|after|the|this|next|last|each|every)\s*$", re.I
)
_NUMERIC = re.compile(r"^\d+(?:[A-Z](?=-\d))?(?:[.\-]\d+)*[A-Z]?$")
_ROMAN = {"I": 1, "V": 5, "X": 10}


def is_number(ref: str) -> bool:
    """Whether `ref` (normalised) is a section number rather than a title."""
    return _NUMERIC.match(ref) is not None


def normalize_ref(ref: str) -> str:
    """Canonical form for comparing references.

    Numbers: prefixes ('Section', 'Sec.', '§'; a guide's 'Q', 'Question', a rule book's 'Rule',
    a resolution's 'Paragraph' before a number) and subsections ('(a)(1)') dropped, spaces around dots closed, leading
    zeros of the first part dropped: 'Sec. 07' -> '7', '404 .04' -> '404.04', '§ 18-124(a)' ->
    '18-124', '9-4-8' -> '9-4-8', 'Q 14', 'Q14', 'Question 14', 'Rule 14' -> '14'. Titles (East
    Bethel) are case-folded, whitespace-collapsed and stripped of a final period."""
    s = _PREFIX.sub("", ref.strip())
    compact = re.sub(r"\s*([.\-])\s*", r"\1", s.strip()).rstrip(".").strip()
    compact = re.sub(r"^(\d+)([a-z])(?=-\d)", lambda m: m[1] + m[2].upper(), compact)  # 8a-12
    number = re.match(rf"^({NUMBER}){_SUBSECTION}$", compact)
    if number:
        compact = re.sub(r"\s+", "", number.group(1))
    if is_number(compact):
        digits = re.match(r"(\d+)(.*)$", compact)
        assert digits is not None
        return (digits.group(1).lstrip("0") or "0") + digits.group(2)
    return " ".join(ref.casefold().rstrip(". ").split())


def without_keyword(ref: str) -> str:
    """A reference without its keyword ('Section IV.D', '§ IV.D' -> 'IV.D')."""
    return _PREFIX.sub("", ref.strip())


def ref_variants(ref: str) -> list[str]:
    """The normalised reference, then the coarser ones it falls back to, finest first.

    '9-4-8C' -> ['9-4-8C', '9-4-8'] (a lettered subsection); '4.1.2' -> ['4.1.2', '4.1'] (a
    numbered paragraph of section 4.1). Two-part numbers (404.04, 18-124) and hyphenated parts
    are never cut: '9-4-8' is not section 9."""
    want = normalize_ref(ref)
    out = [want]
    if not is_number(want):
        return out
    if want[-1].isalpha():
        want = want[:-1]
        out.append(want)
    parts = want.split(".")
    while len(parts) > 2 and "-" not in want:
        parts = parts[:-1]
        out.append(".".join(parts))
    return out


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
    """'4', 'iv', 'IV' -> 'IV': the canonical name of a table number ('5.3', '9-4-8' as is)."""
    if token.isdigit() and int(token) < 40:
        return int_to_roman(int(token))
    if re.fullmatch(r"[\d.\-]+", token):
        return token
    value = roman_to_int(token)
    return int_to_roman(value) if value else token.upper()


_KEYWORD_FORMS = ("section", "sections")
_WORD_BEFORE_NUMBER = re.compile(r"\b([A-Za-z]{6,9})(?=\s*\d)")


def _one_edit(word: str, form: str) -> bool:
    """Whether `word` is `form` with one typo: a letter swapped with its neighbour, replaced,
    added or dropped."""
    if word == form or abs(len(word) - len(form)) > 1:
        return False
    if len(word) == len(form):
        diff = [i for i, (a, b) in enumerate(zip(word, form, strict=True)) if a != b]
        swapped = len(diff) == 2 and diff[1] == diff[0] + 1 and word[diff[0]] == form[diff[1]]
        return len(diff) == 1 or (swapped and word[diff[1]] == form[diff[0]])
    short, long_ = sorted((word, form), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def fix_keyword_typos(text: str) -> str:
    """'sectoin 98' -> 'section 98': a misspelt section keyword right before a number (its first
    two letters kept, so 'suction 5' stays)."""

    def fix(m: re.Match[str]) -> str:
        word = m.group(1).casefold()
        if word in _KEYWORD_FORMS:
            return m.group(1)
        for form in _KEYWORD_FORMS:
            if word[:2] == form[:2] and _one_edit(word, form):
                return form
        return m.group(1)

    return _WORD_BEFORE_NUMBER.sub(fix, text)


def find_section_refs(text: str, tables: Mapping[str, str] | None = None) -> list[str]:
    """Section numbers a text names, in order of mention, without duplicates.

    "Section 98", "Sec. 98", "sect. 98", "Sections 98 and 99", "§ 404.04", "section 9-4-8",
    "§ 175-9" and a bare "404.09(1)b" give the section number as printed ("404.09": a
    subsection resolves to its section; "18-124(a)(1)" -> "18-124"); a guide's "Q 14", "Q14"
    or "Question 14" gives "14". "Table IV" gives the section
    holding Table IV when ``tables`` (table key -> section, see ``build_table_map``) knows it,
    and "Table IV" otherwise. A misspelt keyword right before a number counts ("sectoin 98")."""
    text = fix_keyword_typos(text)
    found: list[tuple[int, str]] = []
    for m in _SECTION_WORD.finditer(text):
        found.append((m.start(), _clean(m.group("first"))))
        if not re.match(r"(?:sections|secs|§§)", m.group().casefold()):
            continue  # "Section 98 and 3 bedrooms": only a plural keyword starts a list
        for extra in _NUM_IN_LIST.finditer(m.group("more") or ""):
            found.append((m.start("more") + extra.start(), _clean(extra.group())))
    for m in _OUTLINE.finditer(text):
        found.append((m.start(), m.group("num").upper()))
    for m in _QUESTION.finditer(text):
        quarter = m.group("q") and not m.group("gap") and m.group("num") in "1234"
        if not (quarter and _BEFORE_QUARTER.search(text[: m.start()])):
            found.append((m.start(), m.group("num").lstrip("0") or "0"))
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


def _clean(raw: str) -> str:
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
