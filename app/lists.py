"""Lists in a section's text: the lead-in a list item belongs to.

A section sets a list out one item per line after a lead-in that ends with a colon
("Exceptions: A permit is not required for:" / "1. Pumping or cleaning a tank." / ... /
"4. Repairing or replacing a pump ... with one of the same capacity."). The reader splits the
text into provisions, so an item later in the list stands apart from the lead-in that says what
the list is; `lead_in` finds it again, so that the item can be read (and quoted) with it.
"""

from __future__ import annotations

import re
from functools import lru_cache

_ITEM_LINE = re.compile(
    r"^\s*(?:(?:\d{1,2}|[a-z]|\(\s?(?:\d{1,2}|[a-z])\s?\))[.)]?|\[[\w.\-]*(?:\(\w{1,3}\)){2,}\])\s+\S"
)
"""A line opening with a list marker: '4. Repairing ...', 'b) ...', '(3) ...', or with a legal
database's paragraph id of an item ('[7.3.8(b)(3)] Repairing ...')."""


_SENTENCE_END = re.compile(r"(?<=[.;\]])\s+(?=[A-Z])")


def _folded(text: str) -> str:
    return " ".join(text.split())


@lru_cache(maxsize=65536)
def lead_in(section_text: str, item: str) -> str | None:
    """The lead-in line (whitespace folded) of the list whose item line holds the start of
    `item`, when the lines between are items of the same list; None when `item` is no such
    item."""
    head = _folded(item)[:40]
    if len(head) < 12:
        return None
    lines = section_text.splitlines()
    for i, line in enumerate(lines):
        if not _ITEM_LINE.match(line) or head not in _folded(line):
            continue
        j = i - 1
        while j >= 0 and _ITEM_LINE.match(lines[j]):
            j -= 1
        lead = _folded(lines[j]) if j >= 0 else ""
        if not lead.endswith(":"):
            return None
        # the lead-in is the last sentence of its line ('... by the Town Board.[2] A permit is
        # not required for:')
        return _SENTENCE_END.split(lead)[-1]
    return None
