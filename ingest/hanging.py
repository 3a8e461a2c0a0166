"""Section numbers that hang in the outer margin of a page set in two columns, mirrored:

    § 708.14  Septic tank capacity.       Setbacks.                   § 708.16
              The liquid capacity of a    Every part of a system shall
              septic tank serving ...     be set back from ...

In the left column the number stands left of its title, in the right column right of it. Text
extraction follows the order the page was drawn in, so a right-column heading comes out with its
number after its title ('Setbacks. § 708.16'), after the last line of a title that wraps
('Compliance inspections at property' / 'transfer. § 708.22'), or on a line of its own after
the title's lines or before them. Each becomes the heading the parser knows, number first and its title on one line
('§ 708.22 Compliance inspections at property transfer.'); a left-column title that wraps onto
a second line ('§ 708.30 Failing systems; imminent threats to' / 'public health.') is joined too.

A text is read so only where at least `MIN_HEADS` headings give their number after their title.
A title is a phrase of a few words that starts with a capital and ends with a period (one in
capitals or title case may go without), has no sentence's verb and no other sentence in it, on a
line of its own or on up to three lines that open after a sentence, a note or a table has ended.
The first and last lines of a page (a running head with '§ 708.42' at its right, a footer) are
never headings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ingest.matter import COLUMNS
from ingest.notes import NOTE_LABEL
from ingest.sourcelines import L, MakeLine, SourceLine

MIN_HEADS = 3
MAX_WORDS = 14
MAX_LINES = 3  # lines a title may wrap over
_NUMBER = (
    r"(?P<num>(?:§{1,2}|Secs?\.|Sections?)[ \t]*\d{1,4}(?:[.\-]\d{1,4})*[A-Z]?"
    r"|\d{1,4}(?:[.\-]\d{1,4})+[A-Z]?)"
)
_AFTER = re.compile(rf"(?P<title>\S.*?\S)[ \t]+{_NUMBER}")
"""A title and, at the line's end, the number hanging right of it."""
_ALONE = re.compile(_NUMBER)
_LEADS = re.compile(rf"{_NUMBER}[ \t]+(?P<title>[A-Z][^\n]*)")
"""A heading with its number first (the left column's), its title perhaps wrapped."""
_TITLE = re.compile(r"[A-Z](?:[A-Za-z ,;'’&/()]|[-–—](?![-–—]))*[A-Za-z)]\.?")
_VERB = re.compile(r"\b(?:shall|must|may|is|are|will|was|were|be|can|cannot|has|have)\b")
_ENDED = re.compile(r"""[.;:!?)\]"'”]$""")
_REFERENCE = re.compile(
    r"(?i)(?:see|tables?|figures?|exhibits?|appendix|chapters?|parts?|articles?|sections?|"
    r"secs?|title|nos?|numbers?|ord(?:inance)?s?|res(?:olution)?s?|pages?|supp)\.?$|see\b"
)
"""Words that name what a number after them is ('See Table 708.14', 'ORDINANCE NO. 2021-03'),
never a title."""
_SMALL = frozenset({"a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to"})


def is_title(text: str) -> bool:
    """Whether `text` (a line, or lines joined) reads as a section's title: a capitalised phrase
    of at most `MAX_WORDS` words without a sentence's verb, ended by a period (one in capitals
    or title case may go without).

    >>> is_title("Compliance inspections at property transfer.")
    True
    >>> is_title("SETBACKS"), is_title("Each day is a separate offense.")
    (True, False)
    >>> is_title("Cross Reference--Building Code,"), is_title("See Table"), is_title("Table")
    (False, False, False)
    """
    said = " ".join(text.split())
    words = said.split()
    if not words or len(words) > MAX_WORDS or not _TITLE.fullmatch(said) or _VERB.search(said):
        return False
    if _REFERENCE.match(said) or _REFERENCE.match(words[-1]) or NOTE_LABEL.match(said):
        return False
    if said.endswith("."):
        return True
    big = [w for w in words if w.lower() not in _SMALL]
    return said == said.upper() or all(w[:1].isupper() for w in big)


def _runs_on(title: str, nxt: str) -> bool:
    """Whether a title without its period goes on at the start of the next line: in lower case
    ('... threats to' / 'public health.'), or after a joining word or mark."""
    last = title.split()[-1].lower() if title.split() else ""
    return nxt[:1].islower() or last in _SMALL or title.endswith((",", ";", "-", "–", "—"))


def _edges(lines: Sequence[SourceLine]) -> set[int]:
    """The first and the last line of each page (where pages are known)."""
    out: set[int] = set()
    for i, ln in enumerate(lines):
        page = ln.pdf_page
        if page is None:
            continue
        if i == 0 or lines[i - 1].pdf_page != page:
            out.add(i)
        if i + 1 == len(lines) or lines[i + 1].pdf_page != page:
            out.add(i)
    return out


def _opens(lines: Sequence[SourceLine], i: int) -> bool:
    """Whether line `i` may open a title: the line before it ended a sentence, a note or a
    table's row, or there is none."""
    if i == 0:
        return True
    before = lines[i - 1].text.rstrip()
    return not before.strip() or bool(_ENDED.search(before) or COLUMNS.search(before))


def _said(lines: Sequence[SourceLine], a: int, b: int) -> str:
    return " ".join(" ".join(ln.text for ln in lines[a:b]).split())


def _title_above(
    lines: Sequence[SourceLine], i: int, edges: set[int], tail: str = ""
) -> int | None:
    """Where the title begins that ends on the line above line `i` (a lone number), or on line
    `i` itself with `tail` before the number ('transfer. § 708.22'); or None."""
    for k in range(1, MAX_LINES + 1 - bool(tail)):
        a = i - k
        if a < 0 or a in edges:
            return None
        title = f"{_said(lines, a, i)} {tail}"
        if lines[a].text.strip()[:1].isupper() and is_title(title) and _opens(lines, a):
            return a
    return None


def _title_below(lines: Sequence[SourceLine], i: int, edges: set[int]) -> int | None:
    """Where the text begins after a title on the lines below a lone number `i`, or None."""
    if i + 1 >= len(lines) or not lines[i + 1].text.strip()[:1].isupper():
        return None
    for k in range(1, MAX_LINES + 1):
        b = i + 1 + k
        if b >= len(lines) or edges & set(range(i + 1, b)):
            return None
        title = _said(lines, i + 1, b)
        if title.endswith(".") and is_title(title):
            return b
    return None


def _continued(lines: Sequence[SourceLine], i: int, title: str, edges: set[int]) -> int | None:
    """Where the text begins when `title` (of a number-first heading on line `i`, without its
    period) runs on to the next line or two and ends there with a period; or None."""
    if _ENDED.search(title):
        return None
    for k in range(1, MAX_LINES):
        b = i + 1 + k
        if b >= len(lines) or edges & set(range(i + 1, b)):
            return None
        if not _runs_on(title, lines[i + 1].text.strip()):
            return None
        whole = f"{title} {_said(lines, i + 1, b)}"
        if whole.endswith(".") and is_title(whole):
            return b
    return None


Head = tuple[int, int, str, str]
"""A heading found: lines [a, b) print it; its number; its title."""


def _at(lines: Sequence[SourceLine], i: int, edges: set[int]) -> tuple[Head | None, bool]:
    """The heading with a hanging number that begins at or ends on line `i`, and whether its
    number comes after its title."""
    text = lines[i].text.strip()
    if (m := _AFTER.fullmatch(text)) is not None:
        title = m.group("title")
        if is_title(title):
            return (i, i + 1, m.group("num"), title), True
        a = _title_above(lines, i, edges, title) if title[:1].islower() else None
        if a is not None:  # 'Compliance inspections at property' / 'transfer. § 708.22'
            return (a, i + 1, m.group("num"), f"{_said(lines, a, i)} {title}"), True
        return None, False
    if _ALONE.fullmatch(text):
        a = _title_above(lines, i, edges)
        if a is not None:
            return (a, i + 1, text, _said(lines, a, i)), True
        b = _title_below(lines, i, edges)
        return ((i, b, text, _said(lines, i + 1, b)) if b is not None else None), False
    if (m := _LEADS.fullmatch(text)) is not None:
        b = _continued(lines, i, m.group("title"), edges)
        if b is not None:
            return (i, b, m.group("num"), f"{m.group('title')} {_said(lines, i + 1, b)}"), False
    return None, False


def _starts_text(lines: Sequence[SourceLine], b: int) -> bool:
    """Whether line `b`, after a heading, may begin its text: not a sentence's lower-case
    remainder ('... the state rules. § 708.17' / 'applies to mounds.' is a sentence)."""
    return b >= len(lines) or not lines[b].text.strip()[:1].islower()


def _heads(lines: Sequence[SourceLine]) -> tuple[list[Head], int]:
    """Each heading that the lines print with a hanging number, and how many of them give
    their number after the title."""
    edges = _edges(lines)
    out: list[Head] = []
    after = 0
    i = 0
    while i < len(lines):
        found, late = (None, False) if i in edges else _at(lines, i, edges)
        if found is None or (out and out[-1][1] > found[0]) or not _starts_text(lines, found[1]):
            i += 1
            continue
        out.append(found)
        after += late
        i = max(found[1], i + 1)
    return out, after


def hanging_numbers(lines: list[L], make: MakeLine[L]) -> list[L]:
    """`lines` with each heading whose number hangs beside its title set number first on one
    line (module docstring); unchanged when fewer than `MIN_HEADS` give the number after."""
    heads, after = _heads(lines)
    if after < MIN_HEADS:
        return lines
    out: list[L] = []
    done = 0
    for a, b, number, title in heads:
        out.extend(lines[done:a])
        said = " ".join(title.split())
        if not said.endswith((".", ":")):
            said += "."
        out.append(make(f"{number} {said}", lines[a].start, lines[a].pdf_page))
        done = b
    out.extend(lines[done:])
    return out
