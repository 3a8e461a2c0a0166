"""The line a cleaning step rewrites: its text, where it starts in the source and its PDF page.

Steps that rewrite lines (`ingest.hanging`, `ingest.tablerows`, `ingest.numberlast`) take a list
of any such line type and a `MakeLine` that builds a new line of that type, so they need not
import the cleaner's own `Line`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar


class SourceLine(Protocol):
    text: str
    start: int
    pdf_page: int | None


L = TypeVar("L", bound=SourceLine)
MakeLine = Callable[[str, int, int | None], L]
"""Builds a line of the caller's type from its text, source offset and PDF page."""
