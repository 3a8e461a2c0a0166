"""PDF pages set as a parallel translation: the ordinance in one column, a translation of it in
the other, paragraph beside paragraph.

A city that publishes its code in two languages side by side ('ENGLISH (OFFICIAL TEXT)' beside
a courtesy translation) draws each paragraph and then its translation, so a plain extraction
interleaves them: '(a) No person shall install ...' then '(a) Ninguna persona podrá ...', and a
heading's translation becomes a second heading of the same number. `translated_pages` keeps
the column in English, the language this product reads, where the document is such a
document:

* its pages set two columns (the right column's edge found as `ingest.columns` finds it);
* over those pages, one column's words are English (a share of at least `ENGLISH_SHARE` of its
  words are common English function words) and the other column's are not (a share under
  `OTHER_SHARE` of that one's), with at least `MIN_WORDS` words in each.

On those pages, the pieces drawn in the other column are left out, the rest kept in the order
drawn with the line breaks the extraction gave them; a page set in one column (a title page, a
contents list) stays as it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ingest.columns import PageDrawing, _right_edge, page_rows

ENGLISH_SHARE = 0.15
OTHER_SHARE = 0.25  # of the English column's share
MIN_WORDS = 150
_NEAR = 1.5  # points: a piece starting this close to the edge starts the right column
_FUNCTION_WORDS = frozenset(
    [
        "the",
        "of",
        "and",
        "shall",
        "to",
        "in",
        "or",
        "be",
        "is",
        "for",
        "by",
        "with",
        "that",
        "this",
        "on",
        "as",
        "an",
        "from",
        "any",
        "which",
        "may",
        "must",
        "will",
        "are",
        "it",
        "its",
        "not",
        "has",
        "have",
        "been",
        "under",
        "than",
    ]
)
"""Common English function words (a language's most frequent words tell it apart)."""
_WORD = re.compile(r"[^\W\d_]+")


def _edge(page: PageDrawing) -> float | None:
    if not page.pieces or page.width <= 0:
        return None
    return _right_edge(page.pieces, page_rows(page.pieces), page.left, page.width)


def _share(words: list[str]) -> float:
    return sum(w in _FUNCTION_WORDS for w in words) / len(words) if words else 0.0


def translated_pages(pages: Sequence[PageDrawing]) -> list[str | None]:
    """Each page's text with only its English column where the document sets the ordinance
    beside a translation (see the module docstring); None for a page left as extracted."""
    edges = [_edge(p) for p in pages]
    sides: dict[bool, list[str]] = {False: [], True: []}
    for page, edge in zip(pages, edges, strict=True):
        if edge is None:
            continue
        for piece in page.pieces:
            sides[piece.x >= edge - _NEAR] += _WORD.findall(piece.text.lower())
    left, right = (_share(sides[s]) for s in (False, True))
    if min(len(sides[False]), len(sides[True])) < MIN_WORDS:
        return [None] * len(pages)
    if left >= ENGLISH_SHARE and right < OTHER_SHARE * left:
        keep_right = False
    elif right >= ENGLISH_SHARE and left < OTHER_SHARE * right:
        keep_right = True
    else:
        return [None] * len(pages)
    out: list[str | None] = []
    for page, edge in zip(pages, edges, strict=True):
        if edge is None:
            out.append(None)
            continue
        kept = [p.text for p in page.pieces if (p.x >= edge - _NEAR) is keep_right]
        out.append("".join(kept).lstrip("\n"))
    return out
