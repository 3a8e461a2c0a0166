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
from typing import Protocol, TypeVar

_GUTTER = re.compile(r"^[ \t]*(\d{1,6})(?:[ \t]+|$)")
MIN_SHARE = 0.8  # of the lines with words start with a number
MIN_RISING = 0.9  # of the steps between numbered lines go up by 1 to MAX_STEP
MAX_STEP = 3
MIN_LINES = 20


class _Line(Protocol):
    text: str
    start: int


L = TypeVar("L", bound=_Line)


def _numbers(lines: Sequence[_Line]) -> list[int | None]:
    return [int(m.group(1)) if (m := _GUTTER.match(ln.text)) else None for ln in lines]


def numbered(lines: Sequence[_Line]) -> bool:
    """Whether the lines carry a line-number gutter (see the module docstring)."""
    numbers = _numbers(lines)
    worded = [n for ln, n in zip(lines, numbers, strict=True) if ln.text.strip()]
    found = [n for n in worded if n is not None]
    if len(found) < MIN_LINES or len(found) < MIN_SHARE * len(worded):
        return False
    rising = sum(1 for a, b in itertools.pairwise(found) if 0 < b - a <= MAX_STEP)
    return rising >= MIN_RISING * (len(found) - 1)


def strip_line_numbers(lines: list[L], make: Callable[[str, int, int | None], L]) -> list[L]:
    """The lines without their line numbers when they carry a gutter; else the lines as given.
    `make(text, start, pdf_page)` builds a line (its start moved past the number)."""
    if not numbered(lines):
        return lines
    out: list[L] = []
    for ln in lines:
        m = _GUTTER.match(ln.text)
        if m is None:
            out.append(ln)
            continue
        out.append(make(ln.text[m.end() :], ln.start + m.end(), getattr(ln, "pdf_page", None)))
    return out
