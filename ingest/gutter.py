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
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Protocol, TypeVar

_GUTTER = re.compile(r"^[ \t]*(\d{1,6})(?=[ \t]|$)([ \t]*)")
MIN_SHARE = 0.8  # of the lines with words start with a number
MIN_RISING = 0.9  # of the steps between numbered lines go up by 1 to MAX_STEP
MAX_STEP = 3
MIN_LINES = 20
MAX_LINE = 300  # characters in the median line


class _Line(Protocol):
    text: str
    start: int


L = TypeVar("L", bound=_Line)


def _cut(texts: Sequence[str]) -> int | None:
    """Where the text begins after a line's number (the fewest spaces after any number before
    words: a table's own indent stays), or None when the lines carry no gutter."""
    sizes = sorted(len(t) for t in texts if t.strip())
    if not sizes or sizes[len(sizes) // 2] > MAX_LINE:  # a page per line starts with its number
        return None
    matches = [_GUTTER.match(t) for t in texts]
    worded = [m for t, m in zip(texts, matches, strict=True) if t.strip()]
    found = [int(m.group(1)) for m in worded if m is not None]
    if len(found) < MIN_LINES or len(found) < MIN_SHARE * len(worded):
        return None
    rising = sum(1 for a, b in itertools.pairwise(found) if 0 < b - a <= MAX_STEP)
    if rising < MIN_RISING * (len(found) - 1):
        return None
    gaps = [len(m.group(2)) for m in worded if m is not None and m.end() < len(m.string)]
    return min(gaps, default=1)


def _without(text: str, gap: int) -> tuple[str, int]:
    """(the line without its number, how many characters went)."""
    m = _GUTTER.match(text)
    if m is None:
        return text, 0
    cut = m.end(1) + min(gap, len(m.group(2)))
    return text[cut:], cut


def numbered(lines: Sequence[_Line]) -> bool:
    """Whether the lines carry a line-number gutter (see the module docstring)."""
    return _cut([ln.text for ln in lines]) is not None


def strip_line_numbers(lines: list[L], make: Callable[[str, int, int | None], L]) -> list[L]:
    """The lines without their line numbers when they carry a gutter; else the lines as given.
    `make(text, start, pdf_page)` builds a line (its start moved past the number)."""
    gap = _cut([ln.text for ln in lines])
    if gap is None:
        return lines
    out: list[L] = []
    for ln in lines:
        text, cut = _without(ln.text, gap)
        out.append(ln if not cut else make(text, ln.start + cut, getattr(ln, "pdf_page", None)))
    return out


@lru_cache(maxsize=8)
def _source_gap(source: str) -> int | None:
    return _cut(source.split("\n"))


def source_lines(source: str, start: int, end: int) -> list[str]:
    """The lines of `source[start:end]` (a section's span), without the line numbers the whole
    source carries down its edge, if it does; a table's columns keep their alignment."""
    raw = source[start:end].splitlines()
    gap = _source_gap(source)
    return raw if gap is None else [_without(line, gap)[0] for line in raw]
