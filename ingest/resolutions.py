"""Regulations adopted by a town board's resolution, paragraph by paragraph:

    NOW, THEREFORE, BE IT RESOLVED by the Town Board ... that the following regulations ...

                        INDEX OF PARAGRAPHS
       Paragraph 7 (Septic Tanks) .................................... 3

    RESOLVED, Paragraph 7 (Septic Tanks):
        (a) Every septic tank shall be watertight ...

    RESOLVED FURTHER, Paragraph 18A (Compliance Inspections at Property Transfer): Before a
    property served by a system is sold ...

    BE IT FURTHER RESOLVED, that these regulations take effect ...

A word processor's export of such a resolution heads each of its paragraphs with a resolving
clause ('RESOLVED,', 'RESOLVED FURTHER,', 'BE IT FURTHER RESOLVED that'), the paragraph's number
(one inserted later carries a letter: '18A') and its title in parentheses, closed by a colon (or a
period or a dash); the paragraph's text follows on the same line or below. The parentheses say
where the title ends, whatever its case and length, and it may wrap onto the next line.

`resolution_heads` reads each such line as a section heading of the document's heading grammar
(`ingest.grammar.detect`), cited by the paragraph's number and titled by the words in its
parentheses, its title closed by them (`LineHead.closed`). The index's lines ('Paragraph 7
(Septic Tanks) ...... 3') have no colon after the parentheses and head nothing; the closing
clauses after the last paragraph ('BE IT FURTHER RESOLVED, that ...') name no paragraph and are
back matter (`ingest.matter.BACK_MATTER`).

A document is read so only where at least `MIN_HEADS` such headings are found.
"""

from __future__ import annotations

import logging
import re

from ingest.grammar import LineHead, _key

log = logging.getLogger(__name__)

MIN_HEADS = 3
MAX_TITLE_WORDS = 16
SCHEME = "¶ #"
"""The heading scheme of a resolution's paragraphs (its own: never mixed with 'Section 7.')."""

_RESOLVING = (
    r"(?:NOW,?[ \t]+THEREFORE,?[ \t]+)?(?:BE[ \t]+IT[ \t]+)?(?:(?:FURTHER|ALSO)[ \t]+)?"
    r"(?:RESOLVED|Resolved)(?:[ \t]+(?:FURTHER|Further|ALSO|Also))?[ \t]*,?[ \t]*"
    r"(?:(?:that|THAT)[ \t]+)?"
)
"""A resolving clause: 'RESOLVED,', 'RESOLVED FURTHER,', 'BE IT FURTHER RESOLVED that'."""
HEAD_RE = re.compile(
    rf"^[ \t]*(?:(?P<resolving>{_RESOLVING})(?P<kw>Paragraph|PARAGRAPH|Para\.|PARA\.|¶|"
    r"Section|SECTION|Sec\.|SEC\.)|(?P<bare>Paragraph|PARAGRAPH|¶))"
    r"[ \t]*(?P<num>\d{1,3}[A-Z]?)[ \t]*"
    r"\((?P<title>[^()\n]{1,160}(?:\n[ \t]*[^()\n]{1,100})?)\)"
    r"[ \t]*(?P<sep>:|\.(?![ \t]?\.)|--?|[–—])[ \t]*",  # (an index line's leaders are none)
    re.M,
)
"""A paragraph's heading: 'RESOLVED, Paragraph 7 (Septic Tanks):', 'Paragraph 12 (Site
evaluations).' (the title in its parentheses may wrap onto the next line)."""
_TITLE_CHARS = re.compile(r"[A-Za-z][A-Za-z0-9 ,;:'’&/\-–—.]*")


def _title(raw: str) -> str | None:
    """The title in a heading's parentheses, or None where they hold no title ('(a)', a
    citation '(Res. No. 2023-04)', a sentence)."""
    title = " ".join(raw.split()).rstrip(".:;, ")
    words = title.split()
    if not words or len(words) > MAX_TITLE_WORDS or not _TITLE_CHARS.fullmatch(title):
        return None
    if not title[:1].isupper() or not re.search(r"[a-zA-Z]{3}", title):
        return None
    if re.match(r"(?i)(?:Res|Ord|Amended|Added|Adopted|Repealed)\b", title):
        return None
    return title


def resolution_heads(text: str) -> list[LineHead]:
    """The headings of `text` that a resolution's paragraphs print (module docstring), in
    order; none where fewer than `MIN_HEADS` are found.

    >>> heads = resolution_heads(
    ...     "RESOLVED, Paragraph 1 (Title):\\nText.\\n"
    ...     "RESOLVED FURTHER, Paragraph 2 (Septic tanks): Every tank ...\\n"
    ...     "RESOLVED, Paragraph 2A (Holding\\nTanks):\\nText.\\n"
    ... )
    >>> [(h.number, h.title) for h in heads]
    [('1', 'Title'), ('2', 'Septic tanks'), ('2A', 'Holding Tanks')]
    """
    out: list[LineHead] = []
    for m in HEAD_RE.finditer(text):
        title = _title(m.group("title"))
        if title is None:
            continue
        num = m.group("num")
        out.append(LineHead(m.start(), m.end(), num, title, _key(num), SCHEME, closed=True))
    if len(out) < MIN_HEADS:
        return []
    log.debug("resolution: %d paragraph headings", len(out))
    return out
