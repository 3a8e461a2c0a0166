"""Titles a typist underlines: a row of underscores under a heading's title, on the next line.

    3.2       Permit applications
              ___________________
              An application for a permit shall be made on a form of the ...

    3.2.1     Site evaluation
              _______________
              Every application for a new or replacement system shall ...

    3.1.1     Pumping of a septic tank by a licensed maintenance business.

A typed ordinance (a clerk's memo, a township's word-processed text) sets each section's title on
its number's line and underlines it on the next. The underline says which words are the title,
whatever their case and length ('Site evaluation' is no less a title than 'PERMITS'), and where a
document marks its titles so, a numbered paragraph whose words are not underlined ('3.1.1
Pumping of a septic tank ...') has none: it is a paragraph of the section above, not a section.

`underline_rows` (cleaning) takes each row of underscores out of the text and notes on the line
above it which of its characters the row underlines; `underlined_heads` (heading grammar) reads a
numbered line with underlined words as a heading titled by those words, its title closed by its
mark (`LineHead.closed`). A row under no words (a signature's blank line) is left to the cleaner,
which drops it as noise.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol, TypeVar

from ingest.grammar import HEAD_RE, LineHead, _key, printed_number, scheme_of

_ROW = re.compile(r"^[ \t]*_{3,}(?:[ \t]{1,2}_{2,})*[ \t]*$")
"""A row of underscores alone on its line (a typist may lift the pen between words)."""
SLACK = 3  # columns an underline may start before or end after the words it marks


class _Line(Protocol):
    text: str
    underline: tuple[int, int] | None


L = TypeVar("L", bound=_Line)


def _columns(text: str) -> list[int]:
    """For each column of `text` with its tabs expanded, the index of the character there."""
    out: list[int] = []
    for i, ch in enumerate(text):
        width = 8 - len(out) % 8 if ch == "\t" else 1
        out += [i] * width
    return out


def underlined_span(above: str, row: str) -> tuple[int, int] | None:
    """The characters of `above` that `row` (a row of underscores) underlines: the words at least
    half under it, when the first starts within `SLACK` columns of the row's start and the last
    ends within `SLACK` columns of its end (or the row runs on past the line's end); None when
    it underlines no words so (a signature's line under a name set further in, a row beside the
    words).

    >>> underlined_span("3.2       Permit applications", "          ___________________")
    (10, 29)
    >>> underlined_span("          Gerald Tuominen, Chair", "______________________________") is None
    True
    """
    row = row.expandtabs()
    cols = _columns(above)
    wide = above.expandtabs()
    lo, hi = row.index("_"), row.rindex("_") + 1
    words = [(m.start(), m.end()) for m in re.finditer(r"\S+", wide)]
    inside = [(a, b) for a, b in words if 2 * (min(b, hi) - max(a, lo)) >= b - a]  # half under
    if not inside or not re.search(r"[A-Za-z]{2}", wide[inside[0][0] : inside[-1][1]]):
        return None
    start, end = inside[0][0], inside[-1][1]
    runs_on = end == len(wide.rstrip()) and hi > end  # typed on past the line's last word
    if abs(start - lo) > SLACK or (abs(end - hi) > SLACK and not runs_on):
        return None
    return cols[start], cols[end - 1] + 1


def underline_rows(lines: list[L]) -> list[L]:
    """`lines` (every line of the source, blank ones too) without the rows of underscores that
    underline words of the line right above them; that line notes the span it underlines."""
    out: list[L] = []
    for ln in lines:
        prev = out[-1] if out else None
        if prev is not None and prev.text.strip() and _ROW.match(ln.text):
            span = underlined_span(prev.text, ln.text)
            if span is not None:
                out[-1] = replace(prev, underline=span)  # type: ignore[type-var]
                continue
        out.append(ln)
    return out


MAX_WORDS = 16
_JOINING = frozenset({"a", "an", "and", "by", "for", "in", "of", "on", "or", "the", "to", "with"})


def _titled(words: str) -> bool:
    """Whether underlined words can be a title: a few words that do not stop in the middle of a
    phrase (a rule drawn under a line of text, at a page's foot, underlines a sentence's piece).

    >>> _titled("Inspection of existing systems at property transfer"), _titled("keep records of")
    (True, False)
    """
    said = words.split()
    return len(said) <= MAX_WORDS and not words.endswith((",", ";")) and said[-1] not in _JOINING


def underlined_heads(text: str, spans: Sequence[tuple[int, int]]) -> list[LineHead]:
    """The headings of `text` whose titles are underlined: a numbered line ('3.2.1  Site
    evaluation') with an underlined `span` (offsets in `text`) after its number, titled by the
    span's words and closed by the underline; its text begins after them.

    >>> [(h.number, h.title) for h in underlined_heads("3.2.1  Site evaluation\\nText.", [(7, 22)])]
    [('3.2.1', 'Site evaluation')]
    """
    out: list[LineHead] = []
    for a, b in spans:
        start = text.rfind("\n", 0, a) + 1
        end = text.find("\n", a)
        m = HEAD_RE.match(text, start, len(text) if end < 0 else end)
        if m is None or m.group("end") or b <= m.start("rest"):
            continue
        title = " ".join(text[max(a, m.start("rest")) : b].split()).rstrip(".:").strip()
        if not re.search(r"[A-Za-z]{2}", title) or not _titled(title):
            continue
        digits = m.group("num")
        out.append(
            LineHead(start, b, printed_number(m), title, _key(digits), scheme_of(m),
                     rest=m.start("rest"), closed=True)
        )  # fmt: skip
    return out
