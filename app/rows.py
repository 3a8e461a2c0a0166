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

_CAPTION = re.compile(r"\((?:in\s+)?([A-Za-z][A-Za-z ]{1,30}?)\)", re.I)
_ROW = re.compile(r"^(?P<label>[A-Za-z][^\d\n]*?)\s+(?P<cells>\d[\d,.]*(?:\s+\d[\d,.]*)*)$")


@dataclass(frozen=True)
class Row:
    label: str
    cells: tuple[str, ...]
    unit: str
    header: str

    def read(self) -> str:
        """The row with the caption's unit after each cell ('Water supply well 50 feet 100 feet')."""
        return " ".join([self.label, *(f"{c} {self.unit}" for c in self.cells)])

    def cell(self, wanted: set[str], stem: Callable[[str], list[str]]) -> str:
        """The figure of the column whose header holds the first asked word (by its place in the
        header), else the first column's, with the unit."""
        heads = stem(self.header)
        label = set(stem(self.label))
        at = next((i for i, w in enumerate(heads) if w in wanted and w not in label), None)
        n = len(self.cells)
        col = 0 if at is None or n == 1 else min(n - 1, at * n // max(1, len(heads)))
        return f"{self.cells[col]} {self.unit}"


ROWS: dict[str, Row] = {}
"""Every table row read so far, by its folded text."""


def table_rows(text: str, is_unit: Callable[[str], bool]) -> list[str]:
    """The rows of the tables in a section's text whose caption gives a unit (each registered in
    `ROWS`), in order."""
    out: list[str] = []
    unit: str | None = None
    header: list[str] = []
    seen_row = False
    for line in text.splitlines():
        line = " ".join(line.split())
        caption = _CAPTION.search(line)
        if caption and is_unit(caption.group(1).lower()):
            unit, header, seen_row = caption.group(1).lower(), [line[caption.end() :]], False
            continue
        if unit is None:
            continue
        m = _ROW.match(line)
        if m:
            seen_row = True
            row = Row(m.group("label"), tuple(m.group("cells").split()), unit, " ".join(header))
            ROWS.setdefault(line, row)
            out.append(line)
        elif seen_row:
            unit = None  # the table has ended
        else:
            header.append(line)
    return out
