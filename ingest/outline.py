"""Outline-form ordinances: roman-numbered parts, lettered sections under each.

    I. GENERAL PROVISIONS          <- a part (a container): a roman number, an upper-case title
    A. Title.                      <- a section, cited with its part: 'I.A'
    B. Purpose. The purpose ...    <- a run-in title
      1. ... / a. ...              <- items, inside the section's text

The letters start again under every part, so a section's number is its part's and its own
('III.D', as such ordinances cite themselves: "Section V.C"). The outline is the document's
grammar only where at least two parts each head lettered sections that run A, B, C ...; a list of
lettered sentences ('A. The owner shall ...') is no section (its words are no title).
"""

from __future__ import annotations

import bisect
import re

from ingest.grammar import (
    _DOT_LEADER,
    Grammar,
    LineHead,
    _bodies,
    _drop_toc_entries,
    _increasing,
    parse_title,
)
from ingest.headings import roman_to_int

_PART = re.compile(
    r"^[ \t]*(?P<num>[IVXL]{1,6})\.[ \t]+(?P<title>[A-Z][A-Z0-9 ,;'’&/()\-–—]*[A-Z)])[ \t]*\.?[ \t]*$",
    re.M,
)
_LETTER = re.compile(r"^[ \t]*(?P<num>[A-Z])\.[ \t]+(?P<rest>[A-Z][^\n]*)$", re.M)
_PART_LEVEL = 2


def outline_grammar(text: str) -> Grammar | None:
    """The outline grammar of the text (parts as containers, 'I.A' sections), or None."""
    parts = [
        LineHead(m.start(), m.end(), m.group("num"), m.group("title").strip(),
                 (roman_to_int(m.group("num")),), "outline", "container", _PART_LEVEL,
                 label=f"{m.group('num')}. {m.group('title').strip()}")
        for m in _PART.finditer(text)
        if not _DOT_LEADER.search(m.group(0))
    ]  # fmt: skip
    letters: list[LineHead] = []
    for m in _LETTER.finditer(text):
        if _DOT_LEADER.search(m.group(0)) or (m.group("num") in "IVXL" and _PART.match(m.group(0))):
            continue
        parsed = parse_title(m.group("rest"), False)
        if parsed is None:
            continue
        title, consumed = parsed
        letters.append(
            LineHead(m.start(), m.start("rest") + consumed, m.group("num"), title,
                     (ord(m.group("num")) - ord("A") + 1,), "outline")
        )  # fmt: skip
    stops = sorted({h.start for h in parts} | {h.start for h in letters})
    parts = _drop_toc_entries(parts, _bodies(parts, stops, len(text)))
    parts = _increasing(parts)
    if len(parts) < 2:
        return None
    starts = [p.start for p in parts]
    sections: list[LineHead] = []
    for h in letters:
        i = bisect.bisect_right(starts, h.start) - 1
        if i < 0:
            continue  # a lettered line before the first part: a contents list or a recital
        part = parts[i]
        sections.append(
            LineHead(h.start, h.body, f"{part.number}.{h.number}", h.title, (*part.key, *h.key),
                     "outline")
        )  # fmt: skip
    sections = _drop_toc_entries(sections, _bodies(sections, stops, len(text)))
    sections = _increasing(sections)
    heading = {p.key[0] for p in parts}
    first_letters = {s.key[0] for s in sections if s.key[1] == 1}
    if len(first_letters & heading) < 2:
        return None  # the letters do not start again under two parts: no outline
    return Grammar("outline", sections, parts)
