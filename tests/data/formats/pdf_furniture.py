"""Page furniture shared by the fixture PDF generators: a running head set right and a footer
centred, printed from a given page on (a title page, a contents page go without). Test data
only."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fpdf import FPDF


class FurnishedPdf(FPDF):
    """An FPDF whose pages from `head_from` on carry `head` at the top right, and whose pages
    from `foot_from` on carry `foot(page number)` centred at the bottom."""

    def __init__(
        self,
        head: str,
        foot: Callable[[int], str],
        head_from: int = 2,
        foot_from: int = 2,
        head_gap: float = 8,
        **pdf: Any,
    ) -> None:
        super().__init__(**pdf)
        self.head, self.foot = head, foot
        self.head_from, self.foot_from, self.head_gap = head_from, foot_from, head_gap

    def header(self) -> None:
        if self.page_no() < self.head_from:
            return
        self.set_font("Helvetica", size=8)
        self.cell(0, 5, self.head, align="R")
        self.ln(self.head_gap)

    def footer(self) -> None:
        if self.page_no() < self.foot_from:
            return
        self.set_y(-12)
        self.set_font("Helvetica", size=8)
        self.cell(0, 5, self.foot(self.page_no()), align="C")


def write(pdf: FPDF, path: Path, stages: list[Callable[[FPDF], None]], margin: float) -> None:
    """Lay out `stages` in order (title page, contents, body ...) and save the PDF at `path`."""
    pdf.set_auto_page_break(True, margin=margin)
    for stage in stages:
        stage(pdf)
    pdf.output(str(path))


def wrap(pdf: FPDF, text: str, width: float) -> list[str]:
    """Lines of `text` no wider than `width`, breaking a '~'-marked word with a hyphen."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip().replace("~", "")
        if pdf.get_string_width(trial) <= width:
            line = f"{line} {word}".strip()
            continue
        if "~" in word:
            head, tail = word.split("~", 1)
            if pdf.get_string_width(f"{line} {head}-".replace("~", "")) <= width:
                lines.append(f"{line} {head}-".strip().replace("~", ""))
                line = tail
                continue
        lines.append(line.replace("~", ""))
        line = word
    lines.append(line.replace("~", ""))
    return lines
