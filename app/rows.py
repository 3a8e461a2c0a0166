"""Table rows whose unit is said once, in the table's caption.

A table such as "TABLE 5.3 MINIMUM SETBACK DISTANCES (IN FEET)" followed by rows like
"Water supply well 50 100" holds distances in cells that carry no unit of their own. Each row is a
provision of its own (verbatim, one line of the section), and the reader reads its cells with the
caption's unit: the row carries a distance, and its figure is the cell of the column whose header
the question names ("50 feet" for a tank when the header reads "Sewage Tank  Soil Treatment Area").
Which words are units is not listed here: a caption's parenthesised words are a unit when the
lexicon's answer types read "2 <words>" as a figure.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from app.lexicon import phrase

_CAPTION = re.compile(r"\((?:in\s+)?([A-Za-z][A-Za-z ]{1,30}?)\)", re.I)
_CAPTION_IN = re.compile(r"\([^()]*?\bin\s+([A-Za-z][A-Za-z ]{1,30}?)(?=[,;)]|$)", re.I)
"""A longer caption that says its unit inside ('(all distances in feet, measured ...')."""
_WORD = re.compile(r"[a-z][a-z'-]*")


def _row() -> re.Pattern[str]:
    """A table row: its label (which may hold a figure with its own unit, 'Water well, casing 50
    ft or deeper') and its cells."""
    own = phrase("own_unit_figure").pattern
    return re.compile(
        rf"^(?P<label>[A-Za-z](?:[^\d\n]|{own})*?)\s+(?P<cells>\d[\d,.]*(?:\s+\d[\d,.]*)*)$", re.I
    )


@dataclass(frozen=True)
class Row:
    label: str
    cells: tuple[str, ...]
    unit: str
    header: str
    header_at: tuple[tuple[str, float], ...] = ()  # each header word and its column's middle
    cells_at: tuple[float, ...] = ()  # each cell's middle, in the same fixed-width text

    def read(self) -> str:
        """The row with the caption's unit after each cell ('Water supply well 50 feet 100 feet')."""
        return " ".join([self.label, *(f"{c} {self.unit}" for c in self.cells)])

    def cell(self, phrases: list[list[str]], stem: Callable[[str], str]) -> str:
        """The figure of each column whose header the question names, with the unit, else the
        first column's: '15 feet' for one named column; 'Tank: 10 feet; Soil Treatment Area: 15
        feet' when it names two. `phrases` are the asked words as stems in their order (the
        question's, and each of the ordinance's words for them): header words next to each other
        in one phrase ('Soil Treatment Area') name one column, placed by its middle among the
        header's words after the label column's name ('Feature')."""
        words = self.header.split()
        n = len(self.cells)
        if n < 2 or not words:
            return f"{self.cells[0]} {self.unit}"
        if self.header_at and len(self.cells_at) == n:
            return self._cell_by_place(phrases, stem)
        if len(words) > n:
            words = words[1:]
        label = {stem(w) for w in _WORD.findall(self.label.lower())}
        heads = [stem(w.lower().strip(".,:;()")) for w in words]
        wanted = {w for phrase in phrases for w in phrase} - label - {""}
        pairs = {(a, b) for phrase in phrases for a, b in pairwise(phrase)}
        runs: list[list[int]] = []
        for i, head in enumerate(heads):
            if head not in wanted:
                continue
            if runs and runs[-1][-1] == i - 1 and (heads[i - 1], head) in pairs:
                runs[-1].append(i)
            else:
                runs.append([i])
        asked: dict[int, list[str]] = {}
        for run in runs:
            middle = (run[0] + run[-1] + 1) / 2 / len(words)
            asked.setdefault(min(n - 1, int(middle * n)), []).extend(words[i] for i in run)
        if len(asked) < 2:
            return f"{self.cells[next(iter(asked), 0)]} {self.unit}"
        return "; ".join(
            f"{' '.join(asked[c])}: {self.cells[c]} {self.unit}" for c in sorted(asked)
        )

    def _cell_by_place(self, phrases: list[list[str]], stem: Callable[[str], str]) -> str:
        """A fixed-width table's column by where its header words stand over the cells (a
        header printed on two lines, 'Septic or / Pump Tank'): each named header word belongs to
        the cell nearest below it; a column whose named words another column's include is not
        the one meant ('tank' of 'Holding Tank' beside 'Septic ... Tank' for a septic tank)."""
        wanted = {w for phrase in phrases for w in phrase} - {""}
        label = {stem(w) for w in _WORD.findall(self.label.lower())}
        named: dict[int, list[str]] = {}
        first = self.cells_at[0] - _LABEL_GAP
        for word, middle in self.header_at:
            w = stem(word.lower().strip(".,:;()"))
            if w not in wanted or w in label or middle < first:
                continue
            col = min(range(len(self.cells_at)), key=lambda c: abs(self.cells_at[c] - middle))
            named.setdefault(col, []).append(word)
        sets = {c: {stem(w.lower()) for w in ws} for c, ws in named.items()}
        kept = [c for c in sorted(named) if not any(sets[c] < sets[o] for o in sets if o != c)]
        if not kept:
            return f"{self.cells[0]} {self.unit}"
        if len(kept) == 1:
            return f"{self.cells[kept[0]]} {self.unit}"
        return "; ".join(f"{' '.join(named[c])}: {self.cells[c]} {self.unit}" for c in kept)


_LABEL_GAP = 6  # header words this far left of the first cell name the label column


ROWS: dict[str, Row] = {}
"""Every table row read so far, by its folded text."""


def table_rows(text: str, is_unit: Callable[[str], bool]) -> list[str]:
    """The rows of the tables in a section's text whose caption gives a unit (each registered in
    `ROWS`), in order. A row label printed over several lines ("Ordinary high water level of" /
    "Willow Bend Lake 130 160") is one row."""
    out: list[str] = []
    unit: str | None = None
    header: list[str] = []
    seen_row = False
    pending: list[str] = []  # short lines that begin the label of the next row
    placed: list[tuple[str, float]] = []  # header words and their middles, in fixed-width text
    for raw in text.splitlines():
        raw = raw.expandtabs()
        line = " ".join(raw.split())
        caption = _CAPTION.search(line)
        if not (caption and is_unit(caption.group(1).lower())):
            caption = _CAPTION_IN.search(line)
        if caption and is_unit(caption.group(1).lower()):
            unit, header, seen_row, pending = (
                caption.group(1).lower(),
                [line[caption.end() :]],
                False,
                [],
            )
            placed = []
            continue
        if unit is None:
            continue
        m = _row().match(" ".join([*pending, line]))
        if m:
            seen_row = True
            whole = " ".join([*pending, line])
            cells = tuple(m.group("cells").split())
            at = _middles(raw, len(cells))
            row = Row(m.group("label"), cells, unit, " ".join(header),
                      tuple(placed) if at else (), at)  # fmt: skip
            ROWS.setdefault(whole, row)
            out.append(whole)
            pending = []
        elif seen_row and _label_line(line) and len(pending) < _MAX_LABEL_LINES:
            pending.append(line)
        elif seen_row:
            unit, pending = None, []  # the table has ended
        else:
            header.append(line)
            placed += [(w.group(0), (w.start() + w.end()) / 2) for w in re.finditer(r"\S+", raw)]
    return out


def _middles(raw: str, n: int) -> tuple[float, ...]:
    """The middles of a row's last `n` figures in its fixed-width line; () when the line is not
    laid out in columns (single spaces between its cells)."""
    found = list(re.finditer(r"\d[\d,.]*", raw))[-n:]
    if len(found) < n or any(b.start() - a.end() < 2 for a, b in pairwise(found)):
        return ()
    return tuple((m.start() + m.end()) / 2 for m in found)


_MAX_LABEL_LINES = 3
_ITEM = re.compile(r"^\(?(?:\d{1,2}|[A-Za-z])[.)]\s")


def _label_line(line: str) -> bool:
    """A short line without figures (but one with its own unit, 'casing 50 ft') that does not
    open a lettered item: part of a row label."""
    bare = phrase("own_unit_figure").sub("", line)
    return 0 < len(line) <= 48 and not re.search(r"\d", bare) and not _ITEM.match(line)
