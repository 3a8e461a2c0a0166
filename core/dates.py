"""A date known only to its month ("last pumped in June 2022")."""

from __future__ import annotations

from datetime import date


class Month(date):
    """The first day of a month that stands for the whole month: a deadline counted from it is
    said as a month too ("December 2025", not "December 1, 2025")."""

    def label(self) -> str:
        """'December 2025'."""
        return f"{self.strftime('%B')} {self.year}"

    def iso(self) -> str:
        """'2025-12'."""
        return f"{self.year:04d}-{self.month:02d}"
