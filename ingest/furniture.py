"""Page furniture found by repetition: running heads, footers and page markers.

A printed code repeats the same short lines on every page: a running head (``§ 18-124   <CITY>
CODE``, ``UTILITIES   § 18-144``, ``Ordinance No. 31 - Subsurface ...``), a footer (``City of
<Name>``, ``June 2021``, ``<Name> Ordinance No. 31   Page 3 of 8``, ``2019 S-12``) and a page
marker (``9-4-4``, ``CD18:11``, ``175:3``) that can look like a section number. Such a line is
recognised by its *shape* (digits folded, whitespace collapsed) repeating across the document:

* at least `MIN_REPEATS` times, or
* twice, each time next to a line of the first kind (a running head printed beside a page marker);
* or, set mirrored in a short document (``§ 708.12   CITY CODE`` on even pages, ``SEWAGE
  TREATMENT   § 708.14`` on odd ones), at one edge of two pages or more and nowhere else, its
  frame read from either end;
* or, too long for its shape to be trusted, the very same line opening or closing at least
  `MIN_REPEATS` pages and printed nowhere else;
* or, naming the page's sections in a short document (``§ 14.05 – § 14.09   COUNTY CODE``,
  ``CHAPTER 14 — SSTS   14.05``), at the top of two pages or more and nowhere else, the same
  words without the numbers.

Sentences (a line ending in ``.``, ``:``, ``;`` or ``,``), history notes and lines
(``Source: Ord. 2019-07``), table captions (``TABLE 1010.07-A``), list items (``(a) ...``) and
lines the page paginator handles itself are never treated as furniture, nor is a section's
keyword and number alone on a line with its title in capitals below it (``SECTION 4`` over
``PERMIT TERM``), or a number with a letter prefix over its title (``R-302`` over ``Setbacks``, which a
table's next cell may follow on the same line). A sentence is furniture only when the very same line is printed at least
`MIN_REPEATS` times, each time on another page (of a PDF, or after a form feed) beside other
furniture (an export's notice at the foot of every page); a line with a
parenthesised group (``(<City> Supp. No. 9, 6-22)``, ``Supp. No. 7 (2023)   13-44``) may be. A
scan's slips do not hide a footer: ``Page l of 19`` and ``Pagc 9 of 19`` are ``Page # of #``.
"""

from __future__ import annotations

import itertools
import logging
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from ingest.notes import HISTORY_BRACKET, HISTORY_LINE, HISTORY_PAREN

log = logging.getLogger(__name__)

MIN_REPEATS = 3
MAX_CHARS = 90
MIN_SENTENCE = 30  # characters of a repeated sentence line
MAX_SENTENCE = 160
NEAR = 2
MIN_GAP = 4
_DIGITS = re.compile(r"\d+")
_CAPTION = re.compile(r"(?:TABLE|Table|FIGURE|Figure|EXHIBIT|Exhibit)\s+\S*\d")
_ITEM = re.compile(r"[(\[][0-9a-zA-Z]{1,4}[)\]]\s")


class _HasText(Protocol):
    text: str


L = TypeVar("L", bound=_HasText)


_OCR_DIGITS = re.compile(r"(?<!\S)(?=[\dlIO]*\d|[lI](?!\S))[\dlIO]+(?!\S)")
"""A scan's figure: digits with 'l', 'I' or 'O' read for 1 and 0 ('Page l of 19', 'Page l6')."""


def shape(text: str) -> str:
    """A line's shape: whitespace collapsed, every run of digits (a scan's 'l6' too) as '#'."""
    return _DIGITS.sub("#", _OCR_DIGITS.sub("#", " ".join(text.split())))


def _misread(s: str, known: set[str]) -> bool:
    """Whether shape `s` is a known furniture shape with one word misread by a scan by one
    letter ('Pagc # of #' for 'Page # of #')."""
    words = s.split()
    for k in known:
        other = k.split()
        if len(other) != len(words):
            continue
        diff = [(a, b) for a, b in zip(words, other, strict=True) if a != b]
        if len(diff) == 1:
            a, b = diff[0]
            if len(a) == len(b) >= 3 and sum(x != y for x, y in zip(a, b, strict=True)) == 1:
                return True
    return False


def _eligible(text: str) -> bool:
    s = " ".join(text.split())
    if not s or len(s) > MAX_CHARS or s[-1] in ".:;,":
        return False
    if HISTORY_LINE.match(s) or _CAPTION.match(s):  # 'Source: Ord. 2019-07', 'TABLE 1010.07-A'
        return False
    if not any(c in s for c in "()[]"):
        return True
    # "(<City> Supp. No. 9, 6-22)", "Supp. No. 7 (2023)  13-44": a footer, unless a history note,
    # a list item or a piece of a group wrapped over lines ("3-15-2021)")
    if s.count("(") != s.count(")") or s.count("[") != s.count("]"):
        return False
    return not (HISTORY_PAREN.search(s) or HISTORY_BRACKET.search(s) or _ITEM.match(s))


def _spread(idx: list[int]) -> bool:
    """Whether the occurrences are pages apart (not rows of one table)."""
    return all(b - a >= MIN_GAP for a, b in itertools.pairwise(idx))


_KEYWORD_NUMBER = re.compile(
    r"(?:§{1,2}|Secs?\.?|Section|SECS?\.?|SECTION|Rule|RULE)[ \t]*(?:\d[\d.\-]*|[IVXL]+)\.?"
)
_PREFIXED_NUMBER = re.compile(r"[A-Z]{1,2}-\d{2,4}")
_TITLE_WORDS = re.compile(r"[A-Z][A-Za-z'’&/\-]*(?:,? (?:[A-Z][A-Za-z'’&/\-]*|[a-z]{1,4}))*")
_CAPS_TITLE = re.compile(r"[A-Z][A-Z ,;'&/()\-]*[A-Z)]")


def _heads_a_title(lines: Sequence[L], i: int) -> bool:
    """Whether line `i` is a section's keyword and number alone ('SECTION 4') with its title in
    capitals on the next line ('PERMIT TERM'): a heading, however often its shape repeats."""
    if i + 1 >= len(lines):
        return False
    head = " ".join(lines[i].text.split())
    title = " ".join(lines[i + 1].text.split()).rstrip(".")
    if _PREFIXED_NUMBER.fullmatch(head):  # 'R-302' over 'Septic Tank Capacity'
        return bool(_TITLE_WORDS.match(title))
    short = len(title.split()) <= 8
    return bool(short and _KEYWORD_NUMBER.fullmatch(head) and _CAPS_TITLE.fullmatch(title))


def furniture_indices(lines: Sequence[L], keep: Callable[[str], bool] | None = None) -> set[int]:
    """Indices of the lines in `lines` that are page furniture (see the module docstring).

    `keep(text)` protects lines another stage handles (e.g. bare page numbers)."""
    shapes = [
        shape(ln.text) if _eligible(ln.text) and not _heads_a_title(lines, i) else ""
        for i, ln in enumerate(lines)
    ]
    if keep is not None:
        shapes = [s if s and not keep(ln.text) else "" for s, ln in zip(shapes, lines, strict=True)]
    where: dict[str, list[int]] = {}
    for i, s in enumerate(shapes):
        if s:
            where.setdefault(s, []).append(i)
    counts = Counter({s: len(idx) for s, idx in where.items() if _spread(idx)})
    drop = {i for i, s in enumerate(shapes) if s and counts[s] >= MIN_REPEATS}
    drop.update(_mirrored_edges(lines, shapes, drop))
    drop.update(_numbered_heads(lines, shapes, drop))
    drop.update(_long_edges(lines, drop))
    if not drop:
        return drop
    for s in [s for s, c in counts.items() if c == 2]:
        idx = where[s]
        if all(any(j in drop for j in range(i - NEAR, i + NEAR + 1)) for i in idx):
            drop.update(idx)
    known = {s for s, c in counts.items() if c >= MIN_REPEATS}
    drop.update(i for s, idx in where.items() if s not in known and _misread(s, known) for i in idx)
    drop.update(_varying_heads(lines, shapes, drop))
    drop.update(_repeated_sentences(lines, keep, drop))
    return drop


def _repeated_sentences(
    lines: Sequence[L], keep: Callable[[str], bool] | None, drop: set[int]
) -> set[int]:
    """A sentence an export prints at the foot of every page ('Exported copy. Check the official
    code for changes.'): the very same line, long enough to be no heading or label, at least
    `MIN_REPEATS` times, each on a page of its own, every time beside a line already dropped as
    furniture."""
    where: dict[str, list[int]] = {}
    for i, ln in enumerate(lines):
        s = " ".join(ln.text.split())
        if MIN_SENTENCE <= len(s) <= MAX_SENTENCE and s[-1] in ".;" and not (keep and keep(s)):
            where.setdefault(s, []).append(i)

    def beside(i: int) -> bool:
        return any(j in drop for j in range(i - NEAR, i + NEAR + 1) if j != i)

    def pages_apart(idx: list[int]) -> bool:  # (known from a PDF's pages or form feeds)
        pages = [getattr(lines[i], "pdf_page", None) for i in idx]
        return None not in pages and len(set(pages)) == len(pages)

    return {
        i
        for idx in where.values()
        if len(idx) >= MIN_REPEATS and pages_apart(idx) and all(beside(i) for i in idx)
        for i in idx
    }


def _long_edges(lines: Sequence[L], drop: set[int]) -> set[int]:
    """A running head or footer too long for a shape to be trusted ('CITY OF <NAME>, MINNESOTA -
    CITY CODE CHAPTER 34 | SUBSURFACE SEWAGE TREATMENT SYSTEMS', a browser's footer of the
    page's address and 'n/N'): lines of one shape, at most `MAX_SENTENCE` characters, opening
    or closing a page (of a PDF, or after a form feed) on at least `MIN_REPEATS` pages and
    printed nowhere else."""
    kept, edge = _page_edges(lines, drop)
    pages = [getattr(ln, "pdf_page", None) for ln in lines]
    where: dict[str, list[int]] = {}
    for i in kept:
        s = " ".join(lines[i].text.split())
        if MAX_CHARS < len(s) <= MAX_SENTENCE:
            where.setdefault(shape(s), []).append(i)
    return {
        i
        for idx in where.values()
        if len({pages[i] for i in idx}) >= MIN_REPEATS and all(i in edge for i in idx)
        for i in idx
    }


_WORD = re.compile(r"[A-Za-z][A-Za-z'’\-]*")
_PART_HEADING = re.compile(
    r"(?:PART|Part|ARTICLE|Article|CHAPTER|Chapter|DIVISION|Division)[ \t]+#[ \t]*"
    r"(?:(?:[.:]|--?|[–—])[ \t]*)?[A-Z][A-Z ,;'&/\-]*$"
)
"""A container's heading in a shape ('PART # -- DESIGN AND CONSTRUCTION'): its title in capitals."""


def _frame(s: str) -> str:
    """A shape with its words folded by case ('§ #.#.# Tank Capacity' -> '§ #.#.# W'), so that a
    running head naming the page's section has one frame on every page."""
    folded = _WORD.sub(lambda m: _case(m[0]), s).split()
    return " ".join(w for i, w in enumerate(folded) if not i or w != folded[i - 1])


def _case(word: str) -> str:
    if len(word) > 1 and word.isupper():
        return "U"
    return "W" if word[0].isupper() else "w"


def _varying_heads(lines: Sequence[L], shapes: list[str], drop: set[int]) -> set[int]:
    """Running heads that name the page's section ('§ 7.2.4  Tank Capacity', 'Sewage Treatment
    § 7.2.5  Pumping'): lines of one frame, with a number, every one of them beside a line
    already dropped as furniture, at least `MIN_REPEATS` times. A part's heading ('PART 3 --
    DESIGN AND CONSTRUCTION') is none, though each part begins a page under its running head:
    a head naming a part would repeat as long as the part runs. Nor are the headings of a
    document that begins each section on a page of its own, under the running head ('34.01
    Purpose and Intent' atop one slide, '34.02 Authority' atop the next): a head names a
    section whose number opens its text elsewhere too (its heading, or its numbered paragraph),
    a heading names one whose number opens no other line (`_named_elsewhere`)."""
    where: dict[str, list[int]] = {}
    for i, s in enumerate(shapes):
        if s and "#" in s and not _PART_HEADING.match(s):
            where.setdefault(_frame(s), []).append(i)
    out: set[int] = set()
    for idx in where.values():
        near = [any(j in drop and j != i for j in range(i - NEAR, i + NEAR + 1)) for i in idx]
        if len(idx) >= MIN_REPEATS and all(near) and _spread(idx):
            out.update(idx)
    return out if _named_elsewhere(lines, out) else set()


_OPENING_NUMBER = re.compile(
    r"[ \t]*(?:(?:§{1,2}|Secs?\.|Sections?|SECS?\.|SECTIONS?)[ \t]*)?(\d+(?:[.\-]\d+)+[A-Za-z]?)\b"
)
_LEADERS = re.compile(r"(?:\.[ \t]*){4,}\d*[ \t]*$")  # a contents line's dot leaders


def _named_elsewhere(lines: Sequence[L], heads: set[int]) -> bool:
    """Whether the section numbers lines `heads` open with open other lines too (not a
    contents line's, nor one of `heads`), for at least half of them: running heads name
    sections whose text carries the number, headings are the only lines that open with it."""
    numbers = {i: m[1] for i in heads if (m := _OPENING_NUMBER.match(lines[i].text)) is not None}
    if not numbers:
        return True  # a head with its number after its words ('Sewage Treatment § 7.2.5')
    opening: Counter[str] = Counter(
        m[1]
        for i, ln in enumerate(lines)
        if i not in heads
        and (m := _OPENING_NUMBER.match(ln.text)) is not None
        and not _LEADERS.search(ln.text)
    )
    return 2 * sum(opening[n] > 0 for n in numbers.values()) >= len(numbers)


def _either_end(frame: str) -> str:
    """A frame read from either end of its line: the same for a running head set left on even
    pages and right on odd ones ('§ #.# U' and 'U § #.#')."""
    words = frame.split()
    return min(" ".join(words[k:] + words[:k]) for k in range(len(words)))


_CONTAINER_SHAPE = re.compile(r"(?i)(?:part|article|chapter|division|title|section)\b")


def _page_edges(lines: Sequence[L], drop: set[int]) -> tuple[list[int], dict[int, str]]:
    """The lines not dropped that hold words, and of them those that open ('top') or close
    ('foot') their page (of a PDF, or after a form feed)."""
    pages = [getattr(ln, "pdf_page", None) for ln in lines]
    kept = [i for i, ln in enumerate(lines) if i not in drop and ln.text.strip()]
    edge: dict[int, str] = {}
    for k, i in enumerate(kept):
        if pages[i] is None:
            continue
        if k == 0 or pages[kept[k - 1]] != pages[i]:
            edge[i] = "top"
        if k + 1 == len(kept) or pages[kept[k + 1]] != pages[i]:
            edge.setdefault(i, "foot")
    return kept, edge


def _mirrored_edges(lines: Sequence[L], shapes: list[str], drop: set[int]) -> set[int]:
    """Running heads and footers set mirrored, with the number on the outer side ('§ 708.12
    CITY CODE' on even pages, 'SEWAGE TREATMENT § 708.14' on odd ones), too few to repeat
    `MIN_REPEATS` times in a short document: lines that open or close their page (of a PDF, or
    after a form feed), with a number, whose frame read from either end is printed at that edge
    of the page only, on two pages at least, one of its lines word for word twice. A part's
    heading opening each of its pages is none."""
    pages = [getattr(ln, "pdf_page", None) for ln in lines]
    kept, edge = _page_edges(lines, drop)
    groups: dict[tuple[str, str], list[int]] = {}
    elsewhere: set[str] = set()
    for i in kept:
        s = shapes[i]
        if not s or "#" not in s or _CONTAINER_SHAPE.match(s):
            continue
        frame = _either_end(_frame(s))
        if i in edge:
            groups.setdefault((edge[i], frame), []).append(i)
        else:
            elsewhere.add(frame)
    out: set[int] = set()
    for (_, frame), idx in groups.items():
        twice = max(Counter(shapes[i] for i in idx).values()) >= 2
        if frame not in elsewhere and len({pages[i] for i in idx}) >= 2 and twice:
            out.update(idx)
    return out


_SECTION_KEY = r"(?:(?:§{1,2}|Secs?\.|Sections?|SECS?\.|SECTIONS?)[ \t]*)?#(?:[.\-]#)+"
_SECTION_SPAN = re.compile(rf"{_SECTION_KEY}(?:[ \t]*(?:--?|[–—]|to)[ \t]*{_SECTION_KEY})?")
"""A section's number, or a span of them, in a line's shape ('§ #.# – § #.#', '#.#', 'Sec.
#-#'), its keyword with it."""


def _numbered_heads(lines: Sequence[L], shapes: list[str], drop: set[int]) -> set[int]:
    """Running heads naming the page's sections ('§ 14.05 – § 14.09  COUNTY CODE', 'CHAPTER 14
    — SSTS  14.05'), too few to repeat in a short document: lines that open their page, whose
    words without the section numbers (`_SECTION_SPAN`) are the same as the opening line's of
    another page (a page without sections prints the head without them), one of them naming a
    section, and that are printed nowhere but at the top of a page. A heading that opens two
    pages has other words (its title), or none but its keyword ('Sec. 14-5')."""
    pages = [getattr(ln, "pdf_page", None) for ln in lines]
    kept, edge = _page_edges(lines, drop)
    groups: dict[str, list[int]] = {}
    elsewhere: set[str] = set()
    for i in kept:
        s = shapes[i]
        bare = " ".join(_SECTION_SPAN.sub(" ", s).split()) if s else ""
        if not re.search(r"[A-Za-z]{2}", bare):
            continue
        if edge.get(i) == "top":
            groups.setdefault(bare, []).append(i)
        else:
            elsewhere.add(bare)
    out: set[int] = set()
    for bare, idx in groups.items():
        named = any(_SECTION_SPAN.search(shapes[i]) for i in idx)
        if named and bare not in elsewhere and len({pages[i] for i in idx}) >= 2:
            out.update(idx)
    return out


def drop_furniture(lines: list[L], keep: Callable[[str], bool]) -> list[L]:
    """`lines` without page furniture."""
    drop = furniture_indices(lines, keep)
    if not drop:
        return lines
    log.debug("removed %d running head/footer/page-marker line(s)", len(drop))
    return [ln for i, ln in enumerate(lines) if i not in drop]
