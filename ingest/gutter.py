"""Line numbers down a text's edge, as legal databases and bill drafts print them:

       57  7-3.302  Septic tank capacity.
       58     (a) Every septic tank shall have a liquid capacity of not
       59  less than the capacity given in Table 7-3.302.

are the export's, not the ordinance's: each line loses its number (and its offset in the source
moves past it), so the heading reads `7-3.302  Septic tank capacity.` and a sentence wrapped over
two lines does not carry `58` in its middle.

A text is read so only when most of its lines with words start with a bare number (digits and
then a space, not `5.` or `5-2`) and those numbers count up line by line: nearly every next
numbered line's number is a little above the last one's (blank lines may be numbered or not).
A list of figures, a table's first column or one paragraph numbered `1`, `2`, `3` never is.

A bill (session-law style) numbers its lines by page and line instead:

      1.37      Subd. 3. [EXEMPTIONS.] A permit is not required to replace a pump,
      1.38  float or alarm with one of the same capacity.
                  (running head, footer: no numbers)
       2.1      History: Ord. 2009-14 s 4
       2.2      Sec. 5. [PERMIT TERM; EXTENSION.] A permit issued under section

A `page.line` gutter is read so when most lines with words start with such a pair and the pairs
count on: the line part goes up a little within a page, and restarts at 1 when the page part goes
up by one; the pages are long, and many numbered lines end inside a sentence (a list of rules
`4.1`, `4.2`, `5.1`, each a line of its own, does neither; section numbers such as `404.04` head
too few lines). There every printed line of the bill is numbered, so the lines without a number
between one page's last numbered line and the next page's first (a running head, a footer naming
the page's section and its number) are the page's furniture and go, a line with the page part
alone taking their place as the page's number; and a numbered line holding only a figure (`9.`,
the end of `as provided in section` / `9.`) ends the line above it, never a page number.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol, TypeVar

from ingest.furniture import shape

_GUTTER = re.compile(r"^[ \t]*(?P<num>\d{1,6})(?=[ \t]|$)(?P<gap>[ \t]*)")
_PAGE_LINE = re.compile(r"^[ \t]*(?P<page>\d{1,4})\.(?P<line>\d{1,3})(?=[ \t]|$)(?P<gap>[ \t]*)")
MIN_SHARE = 0.8  # of the lines with words start with a number
MIN_RISING = 0.9  # of the steps between numbered lines go up by 1 to MAX_STEP
MAX_STEP = 3
MIN_LINES = 20
MAX_LINE = 300  # characters in the median line
MIN_PAGE = 10  # numbered lines on a typical page of a `page.line` gutter
MAX_FURNITURE = 8  # unnumbered lines between two pages of a `page.line` gutter, at most
MIN_RUNS_ON = 0.2  # of a `page.line` gutter's numbered lines end inside a sentence
_FIGURE = re.compile(r"[(\[]?\d{1,4}[)\]]?[.,;:)]*")


class _Line(Protocol):
    text: str
    start: int


L = TypeVar("L", bound=_Line)


@dataclass(frozen=True)
class _Gutter:
    pattern: re.Pattern[str]
    gap: int  # spaces after the number that belong to the gutter
    paged: bool  # `page.line` numbers


def _worded(texts: Sequence[str], pattern: re.Pattern[str]) -> list[re.Match[str] | None]:
    return [pattern.match(t) for t in texts if t.strip()]


def _bare_rising(found: list[re.Match[str]]) -> bool:
    values = [int(m.group("num")) for m in found]
    rising = sum(1 for a, b in itertools.pairwise(values) if 0 < b - a <= MAX_STEP)
    return rising >= MIN_RISING * (len(values) - 1)


def _paged_rising(found: list[re.Match[str]]) -> bool:
    """Whether `page.line` pairs count on: the line part up by 1 to MAX_STEP within a page, or
    the page part up by one and the line part back at 1 to MAX_STEP; on long pages, whose
    numbered lines often run on to the next (a list of one-line numbered rules never does)."""
    said = [m.string[m.end() :].rstrip() for m in found]
    runs_on = sum(1 for t in said if t and t[-1] not in ".:;?!")
    if runs_on < MIN_RUNS_ON * len(found):
        return False
    pairs = [(int(m.group("page")), int(m.group("line"))) for m in found]
    rising = 0
    for (p, n), (q, k) in itertools.pairwise(pairs):
        if (q == p and 0 < k - n <= MAX_STEP) or (q == p + 1 and 1 <= k <= MAX_STEP):
            rising += 1
    if rising < MIN_RISING * (len(pairs) - 1):
        return False
    per_page = sorted(len(list(run)) for _, run in itertools.groupby(p for p, _ in pairs))
    return per_page[len(per_page) // 2] >= MIN_PAGE or len(per_page) == 1


def _cut(texts: Sequence[str]) -> _Gutter | None:
    """The lines' gutter (its pattern, and where the text begins after a line's number: the
    fewest spaces after any number before words, so a table's own indent stays), or None when
    the lines carry none."""
    sizes = sorted(len(t) for t in texts if t.strip())
    if not sizes or sizes[len(sizes) // 2] > MAX_LINE:  # a page per line starts with its number
        return None
    for pattern, paged in ((_GUTTER, False), (_PAGE_LINE, True)):
        worded = _worded(texts, pattern)
        found = [m for m in worded if m is not None]
        if len(found) < MIN_LINES or len(found) < MIN_SHARE * len(worded):
            continue
        if not (_paged_rising(found) if paged else _bare_rising(found)):
            continue
        gaps = [len(m.group("gap")) for m in found if m.end() < len(m.string)]
        return _Gutter(pattern, min(gaps, default=1), paged)
    return None


def _without(text: str, gutter: _Gutter) -> tuple[str, int]:
    """(the line without its number, how many characters went)."""
    m = gutter.pattern.match(text)
    if m is None:
        return text, 0
    cut = m.start("gap") + min(gutter.gap, len(m.group("gap")))
    return text[cut:], cut


def numbered(lines: Sequence[_Line]) -> bool:
    """Whether the lines carry a line-number gutter (see the module docstring)."""
    return _cut([ln.text for ln in lines]) is not None


def _page_of(text: str, gutter: _Gutter) -> int | None:
    m = gutter.pattern.match(text)
    return int(m.group("page")) if m is not None else None


def _between_pages(lines: Sequence[_Line], gutter: _Gutter) -> tuple[set[int], dict[int, int]]:
    """(indices of a `page.line` bill's page furniture, {index of a page's last numbered line:
    its page}): the unnumbered lines between one page's last numbered line and the next page's
    first, and after the last numbered line (at most MAX_FURNITURE lines with words each), and
    those before the first numbered line that repeat one of them (the first page's running
    head)."""
    pages = [_page_of(ln.text, gutter) for ln in lines]
    at = [i for i, p in enumerate(pages) if p is not None]
    if not at:
        return set(), {}
    gaps = [(a, b) for a, b in itertools.pairwise(at) if pages[b] != pages[a]]
    gaps.append((at[-1], len(lines)))
    out: set[int] = set()
    for a, b in gaps:
        inside = [i for i in range(a + 1, b) if lines[i].text.strip()]
        if len(inside) <= MAX_FURNITURE:
            out.update(inside)
    seen = {shape(lines[i].text) for i in out}
    head = [i for i in range(at[0]) if lines[i].text.strip()]
    if len(head) <= MAX_FURNITURE:
        out.update(i for i in head if shape(lines[i].text) in seen)
    return out, {a: pages[a] or 0 for a, _ in gaps}


def strip_line_numbers(lines: list[L], make: Callable[[str, int, int | None], L]) -> list[L]:
    """The lines without their line numbers when they carry a gutter; else the lines as given.
    `make(text, start, pdf_page)` builds a line (its start moved past the number). A `page.line`
    gutter's page furniture goes too (a line holding the page's number, for the paginator,
    takes its place), and a line holding only a figure joins the line above."""
    gutter = _cut([ln.text for ln in lines])
    if gutter is None:
        return lines
    furniture, ends = _between_pages(lines, gutter) if gutter.paged else (set(), {})
    out: list[L] = []
    for i, ln in enumerate(lines):
        page = getattr(ln, "pdf_page", None)
        if i in furniture:
            continue
        text, cut = _without(ln.text, gutter)
        if gutter.paged and cut and out and _FIGURE.fullmatch(text.strip()):
            last = out[-1]
            joined = f"{last.text.rstrip()} {text.strip()}"
            out[-1] = make(joined, last.start, getattr(last, "pdf_page", None))
        else:
            out.append(ln if not cut else make(text, ln.start + cut, page))
        if i in ends:
            out.append(make(str(ends[i]), ln.start + len(ln.text), page))
    return out


@lru_cache(maxsize=8)
def _source_gutter(source: str) -> _Gutter | None:
    return _cut(source.split("\n"))


def source_lines(source: str, start: int, end: int) -> list[str]:
    """The lines of `source[start:end]` (a section's span), without the line numbers the whole
    source carries down its edge, if it does; a table's columns keep their alignment."""
    raw = source[start:end].splitlines()
    gutter = _source_gutter(source)
    return raw if gutter is None else [_without(line, gutter)[0] for line in raw]
