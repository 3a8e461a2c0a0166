"""Ordinances whose sections carry no numbers, only an upper-case title on a line of its own:

    NOW, THEREFORE, the Town Board ordains as follows:
    PERMIT REQUIRED                 <- a section, cited by its title ('Permit required')
    No person shall install ...     <- its text, up to the next such line

A line is such a heading when it is upper case throughout (a few words, no sentence), the line
after it starts the text (it holds lower-case words), and the line before it is not upper case
too, unless it ends a sentence (a title block, a table's caption and column heads stack
upper-case lines). Contents lines
(dot leaders), table and figure captions, and lines with column gaps are never headings. The
scheme is used only where no numbered or titled scheme finds two sections, and only when at
least `MIN_SECTIONS` such lines are found.
"""

from __future__ import annotations

import re

from ingest.headings import CONTAINER_RE, Heading

MIN_SECTIONS = 3
_TITLE = re.compile(r"[A-Z][A-Z0-9 ,;'’&/()\-–—]*[A-Z)]\.?")
_NOT_A_TITLE = re.compile(
    r"^(?:TABLE|FIGURE|EXHIBIT|SCHEDULE|APPENDIX|ATTEST|WHEREAS|NOW|PAGE)\b|\.{4,}|\S {2,}\S"
)
_MAX_WORDS = 10


def _is_title(line: str) -> bool:
    line = line.strip()
    return (
        bool(_TITLE.fullmatch(line))
        and len(line.split()) <= _MAX_WORDS
        and not _NOT_A_TITLE.search(line)
        and not CONTAINER_RE.match(line)
    )


def _is_upper(line: str) -> bool:
    return any(c.isalpha() for c in line) and line == line.upper()


def sentence_case(title: str) -> str:
    """'PERMIT REQUIRED' -> 'Permit required' (a roman numeral stays upper case)."""
    words = title.rstrip(".").lower().split()
    out = [w.upper() if re.fullmatch(r"[ivx]+", w) and len(w) > 1 else w for w in words]
    return " ".join(out)[:1].upper() + " ".join(out)[1:]


def find_title_lines(text: str) -> list[Heading]:
    """The upper-case title lines that head sections (see the module docstring), in order;
    [] when fewer than `MIN_SECTIONS` are found."""
    lines = text.split("\n")
    offsets = []
    at = 0
    for line in lines:
        offsets.append(at)
        at += len(line) + 1
    out: list[Heading] = []
    for i, line in enumerate(lines):
        if i + 1 >= len(lines) or not _is_title(line):
            continue
        nxt = lines[i + 1].strip()
        before = lines[i - 1].strip() if i > 0 else ""
        stacked = _is_upper(before) and not before.endswith((".", ";", ":", "]"))  # '(SSTS).'
        # '... as required by the section titled' / 'FAILING SYSTEMS.': the sentence goes on
        mid_sentence = bool(re.search(r"[a-z,]$", before)) and len(before.split()) > 3
        if not re.search(r"[a-z]{2}", nxt) or stacked or mid_sentence:
            continue
        title = sentence_case(line.strip())
        out.append(Heading(offsets[i], offsets[i + 1], "section", "unnumbered", None, title, 9))
    return out if len(out) >= MIN_SECTIONS else []
