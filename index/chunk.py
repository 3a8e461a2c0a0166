"""Cut sections into chunks that fit the embedding model, never across a section boundary.

Each chunk's text is a verbatim slice of its section's text (so quotes check against either);
its embedded text is prefixed with a breadcrumb (city > article > section) so that a chunk
deep in a section still says what it is about. Tables stay whole even when they are long.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence

from index.records import Chunk
from ingest.records import Section

SKIPPED_KINDS = frozenset({"table_of_contents", "preamble", "appendix"})
"""Section kinds that are not indexed: a table of contents only repeats headings; a preamble
(title lines, editor's notes) and an appendix (e.g. East Bethel's brochure page) are not
provisions of the ordinance, so an answer must not cite them as such."""

_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
_LINE_BREAK = re.compile(r"\n")
_SENTENCE_END = re.compile(r"(?<=[.;:!?])\s+(?=[\"'(A-Z0-9])")
_WORD_GAP = re.compile(r"\s+")
_TABLE_START = re.compile(r"^\s*(?:TABLE\b|Table\s+[IVX\d]+\s*$)")
_ITEM_START = re.compile(r"^\s*(?:[a-z]\s?[.'’]\s|\(\s*\d{1,2}\s*\)\s+[A-Z]|\d{1,2}\s?\.\s+[A-Z])")

Span = tuple[int, int]


TABLE_MAX_TOKENS = 1024
"""A table heading takes the rows after it up to the next list item, but never more than this."""
LEAD_WORDS = 12
"""An untitled section's later chunks carry its first words in the breadcrumb, as a title."""


def breadcrumb(section: Section, lead: bool = False) -> str:
    """'Hugo > SECTION 4. GENERAL PROVISIONS > §404.04 Tank Capacity'.

    With ``lead``, an untitled section gets its first words in place of a title."""
    head = f"§{section.section} {section.title}".rstrip() if section.section else section.title
    if lead and not section.title.strip():
        words = section.text.split()[:LEAD_WORDS]
        head = f"{head} ({' '.join(words)} ...)" if words else head
    return " > ".join([section.jurisdiction_name, *section.path, head])


def _is_table(block: str) -> bool:
    lines = [ln for ln in block.splitlines() if ln.strip()]
    return bool(_TABLE_START.match(block)) or sum("|" in ln for ln in lines) >= 2


def _split(text: str, span: Span, pattern: re.Pattern[str]) -> list[Span]:
    start, end = span
    pieces: list[Span] = []
    cursor = start
    for m in pattern.finditer(text, start, end):
        if m.start() > cursor:
            pieces.append((cursor, m.start()))
        cursor = m.end()
    if cursor < end:
        pieces.append((cursor, end))
    return pieces


def _join_tables(
    text: str, blocks: list[Span], budget: int, count: Callable[[str], int]
) -> list[Span]:
    """Merge a table heading line ('TABLE IV') with the rows after it, up to the next list item
    ('c. For establishments', '(3) Design'), so that the table stays in one chunk."""
    out: list[Span] = []
    i = 0
    while i < len(blocks):
        start, end = blocks[i]
        if _TABLE_START.match(text[start:end]) and "|" not in text[start:end]:
            j = i + 1
            while j < len(blocks) and not _ITEM_START.match(text[blocks[j][0] : blocks[j][1]]):
                if count(text[start : blocks[j][1]]) > TABLE_MAX_TOKENS:
                    break
                j += 1
            out.append((start, blocks[j - 1][1]))
            i = j
        else:
            out.append((start, end))
            i += 1
    return out


def _units(text: str, budget: int, count: Callable[[str], int]) -> list[tuple[Span, int, bool]]:
    """(span, tokens, is_table) pieces of ``text`` small enough to pack, tables kept whole."""
    blocks = _split(text, (0, len(text)), _PARAGRAPH_BREAK)
    if len(blocks) <= 1:
        blocks = _split(text, (0, len(text)), _LINE_BREAK) or blocks
    blocks = _join_tables(text, blocks, budget, count)
    units: list[tuple[Span, int, bool]] = []
    for block in blocks:
        body = text[block[0] : block[1]]
        tokens = count(body)
        if tokens <= budget or _is_table(body):
            units.append((block, tokens, _is_table(body)))
            continue
        for sentence in _split(text, block, _SENTENCE_END):
            s_tokens = count(text[sentence[0] : sentence[1]])
            if s_tokens <= budget:
                units.append((sentence, s_tokens, False))
                continue
            units.extend(_word_windows(text, sentence, budget, count))
    return units


def _word_windows(
    text: str, span: Span, budget: int, count: Callable[[str], int]
) -> list[tuple[Span, int, bool]]:
    """A run-on sentence longer than the budget, cut between words."""
    words = _split(text, span, _WORD_GAP)
    out: list[tuple[Span, int, bool]] = []
    start_i = 0
    while start_i < len(words):
        end_i, used = start_i, 0
        while end_i < len(words):
            w_tokens = count(text[words[end_i][0] : words[end_i][1]])
            if used + w_tokens > budget and end_i > start_i:
                break
            used += w_tokens
            end_i += 1
        out.append(((words[start_i][0], words[end_i - 1][1]), used, False))
        start_i = end_i
    return out


def _pack(units: list[tuple[Span, int, bool]], budget: int) -> list[Span]:
    chunks: list[Span] = []
    current: Span | None = None
    used = 0
    for span, tokens, is_table in units:
        if current is not None and (used + tokens > budget or is_table):
            chunks.append(current)
            current, used = None, 0
        if current is None:
            current, used = span, tokens
        else:
            current, used = (current[0], span[1]), used + tokens
        if is_table:
            chunks.append(current)
            current, used = None, 0
    if current is not None:
        chunks.append(current)
    return chunks


def chunk_sections(
    sections: Sequence[Section],
    max_tokens: int = 256,
    count_tokens: Callable[[str], int] | None = None,
) -> list[Chunk]:
    """Chunks of ``sections`` of at most ``max_tokens`` model tokens, breadcrumb included.

    A chunk never spans two sections; tables stay whole. ``count_tokens`` defaults to the
    embedding model's tokenizer."""
    if count_tokens is None:
        from index.embed import count_tokens as model_count

        count_tokens = model_count
    chunks: list[Chunk] = []
    seen_ids: set[str] = set()
    for section in sections:
        if section.kind in SKIPPED_KINDS:
            continue
        crumb = breadcrumb(section)
        lead_crumb = breadcrumb(section, lead=True)
        budget = max(32, max_tokens - count_tokens(lead_crumb) - 2)
        text = section.text
        spans = _pack(_units(text, budget, count_tokens), budget) or [(0, len(text))]
        base_id = section.label
        if base_id in seen_ids:  # two sections with one label: keep ids unique
            n = 2
            while f"{base_id} ({n})" in seen_ids:
                n += 1
            base_id = f"{base_id} ({n})"
        seen_ids.add(base_id)
        for i, (start, end) in enumerate(spans, 1):
            body = text[start:end].strip()
            head = crumb if i == 1 else lead_crumb
            embed_text = f"{head}\n{body}" if body else head
            chunk_id = base_id if len(spans) == 1 else f"{base_id} [{i}/{len(spans)}]"
            chunks.append(
                Chunk(
                    id=chunk_id,
                    jurisdiction=section.jurisdiction,
                    jurisdiction_name=section.jurisdiction_name,
                    section=section.section,
                    title=section.title,
                    path=list(section.path),
                    page_start=section.page_start,
                    page_end=section.page_end,
                    text=body,
                    embed_text=embed_text,
                    content_hash=hashlib.sha256(embed_text.encode("utf-8")).hexdigest(),
                    label=section.label,
                    part=i,
                    parts=len(spans),
                )
            )
    return chunks
