"""Tables whose cells a word processor separated by tabs, set out in fixed-width columns.

A word processor's table saved as plain text keeps one row per line with a tab between cells, so
its columns do not line up and a row reads like a sentence:

    Feature<TAB>Sewage tank or holding tank<TAB>Soil treatment area
    Property line<TAB>12<TAB>12
    Private water supply well<TAB>55<TAB>110

`tabbed_tables` sets such a table out as a printed table reads, its cells in columns four spaces
apart or more (the first left-aligned, the others centred under their heads), so that the parser keeps its rows as rows and the rules reader finds its columns.
A table is a run of at least `MIN_ROWS` lines that start at the margin, each with the same number
of cells (two or more), a figure in a cell after the first of each; the line above the run with
as many cells is its header. Lines that start with a tab (a list item's marker, `\ta.\tText`) and
a contents list ('12.<TAB>Septic Tanks<TAB>8': its second cell is words) are no such table.
"""

from __future__ import annotations

import re

MIN_ROWS = 3
_FIGURE = re.compile(r"^\s*[\d.,]+\s*(?:\w+\.?)?\s*$")  # '12', '1,100', '10 ft', '25 feet'
_SPACING = "    "


def _cells(line: str) -> list[str] | None:
    """A margin-set line's tab-separated cells (None for a line of one cell, or indented)."""
    if not line or line[0] in " \t" or "\t" not in line:
        return None
    cells = [c.strip() for c in re.split(r"\t+", line.rstrip())]
    return cells if len(cells) >= 2 and all(cells) else None


def _row(cells: list[str] | None) -> bool:
    return cells is not None and all(_FIGURE.match(c) for c in cells[1:])


def tabbed_tables(text: str) -> str:
    """`text` with each tab-separated table set out in fixed-width columns (module docstring);
    every other line as it stands."""
    lines = text.split("\n")
    cells = [_cells(line) for line in lines]
    i = 0
    while i < len(lines):
        if not _row(cells[i]):
            i += 1
            continue
        k = len(cells[i] or [])
        j = i
        while j < len(lines) and _row(cells[j]) and len(cells[j] or []) == k:
            j += 1
        if j - i < MIN_ROWS:
            i = j
            continue
        first = i - 1 if i > 0 and len(cells[i - 1] or []) == k else i
        grid = [c for c in cells[first:j] if c is not None]
        widths = [max(len(r[c]) for r in grid) for c in range(k)]
        lines[first:j] = [
            _SPACING.join(
                cell.ljust(widths[c]) if c == 0 else cell.center(widths[c])
                for c, cell in enumerate(r)
            ).rstrip()
            for r in grid
        ]
        i = j
    return "\n".join(lines)
