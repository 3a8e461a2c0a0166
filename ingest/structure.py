"""Structure parsing: from a `CleanStream` to the ordered `Section` records of one document.

Containers (article, division, upper-case SECTION) become the hierarchy `path`, also when the
printed heading follows a section title (two-column layout). Section headings come from the
single numbering style the document uses most (see `ingest.headings`); numbered headings must
continue the document's own sequence, which rejects amending clauses ("Section 1. Chapter 19
... is hereby amended") and cross-references. Matter before the first section and after the
last one (tables of contents, adoption clauses, signatures, affidavits, brochures) is kept as
records of kind "preamble"/"table_of_contents"/"adoption"/"appendix", never as sections.
"""

from __future__ import annotations

import bisect
import itertools
import logging
import re
from collections.abc import Callable

from ingest.clean import CleanStream
from ingest.codified import parse_codified
from ingest.grammar import contents_titles, detect, own_title_lost
from ingest.headings import (
    Heading,
    find_containers,
    find_decimal,
    find_numbered,
    find_unnumbered,
)
from ingest.matter import back_matter_start, classify, tidy, without_contents
from ingest.notes import split_notes
from ingest.outline import outline_grammar
from ingest.records import ManifestEntry, Section
from ingest.resolutions import resolution_heads
from ingest.titlelines import find_title_lines
from ingest.underlines import underlined_heads

log = logging.getLogger(__name__)

_AMENDING = re.compile(
    r"\b(?:Section|SECTION)\s+\d+\.\s+[^.:]{0,200}?\bis hereby amended\b[^.:]{0,80}[.:]"
)


def _monotonic(heads: list[Heading], stops: list[int]) -> list[Heading]:
    """Keep numbered headings that continue the sequence (later TOC duplicates win): read in
    order, or, when that keeps fewer, the longest increasing run, so that a reference or a
    statute number ahead of the first section ('Minnesota Statutes § 375.51 Subd. 1', 'see
    Sec. 14-50. Fees ...') does not end the sequence before it starts."""
    heads = _drop_toc_duplicates(heads, stops, key=lambda h: h.number)
    in_order = _in_order(heads)
    longest = _in_order(_longest_increasing(heads))
    return longest if len(longest) > len(in_order) else in_order


def _in_order(heads: list[Heading]) -> list[Heading]:
    out: list[Heading] = []
    last: tuple[int, ...] | None = None
    for h in heads:
        if last is not None and (h.key <= last or h.key[0] - last[0] > 50):
            continue
        out.append(h)
        last = (h.level,) if h.kind == "range" else h.key
    return out


def _longest_increasing(heads: list[Heading]) -> list[Heading]:
    """The longest run of headings whose keys rise (a range ends at its last number), in
    O(n log n): `tails[n]` is the smallest end of a rising run of n + 1 headings."""
    tails: list[tuple[int, ...]] = []
    ends: list[int] = []  # the heading that ends each run in `tails`
    before: list[int] = []
    for i, h in enumerate(heads):
        exit_key = (h.level,) if h.kind == "range" else h.key
        at = bisect.bisect_left(tails, h.key)
        before.append(ends[at - 1] if at else -1)
        if at == len(tails):
            tails.append(exit_key)
            ends.append(i)
        elif exit_key < tails[at]:
            tails[at], ends[at] = exit_key, i
    out: list[Heading] = []
    i = ends[-1] if ends else -1
    while i >= 0:
        out.append(heads[i])
        i = before[i]
    return out[::-1]


def _drop_toc_duplicates(
    heads: list[Heading], stops: list[int], key: Callable[[Heading], object]
) -> list[Heading]:
    """A heading repeated later whose first occurrence has (almost) no body is a TOC entry."""
    out = []
    stops = sorted(stops)
    last = {key(h): i for i, h in enumerate(heads)}
    for i, h in enumerate(heads):
        at = bisect.bisect_right(stops, h.start)
        nxt = min([*stops[at : at + 1], heads[i + 1].start if i + 1 < len(heads) else 10**9])
        short = nxt - h.body < 80
        if short and last[key(h)] > i:
            continue
        out.append(h)
    return out


def _as_section(c: Heading) -> Heading:
    number = (c.number or "").split()[-1]
    title = c.title.title() if c.title.isupper() else c.title
    return Heading(c.start, c.body, "section", "numbered", number, title, 9, c.key)


def _outside_headings(heads: list[Heading], containers: list[Heading]) -> list[Heading]:
    """The containers that do not start inside a heading's line (between its start and body)."""
    taken = sorted((h.start, h.body) for h in heads)
    reach = list(itertools.accumulate((b for _, b in taken), max))
    out = []
    for c in containers:
        at = bisect.bisect_right(taken, c.start, key=lambda t: t[0])
        if not (at > 0 and reach[at - 1] > c.start):
            out.append(c)
    return out


def _has_body(text: str, events: list[Heading], j: int) -> bool:
    """Whether text follows container `j` before the next heading (else it heads what follows)."""
    k = j + 1
    while k < len(events) and events[k].kind == "container":
        k += 1
    end = events[k].start if k < len(events) else len(text)
    return bool(text[events[k - 1].body : end].strip())


def parse_sections(stream: CleanStream, entry: ManifestEntry) -> list[Section]:
    """All records of one document in order: front matter, sections, back matter."""
    text = stream.text
    all_containers = find_containers(text)
    stops = [c.start for c in all_containers]
    candidates = {
        "numbered": _monotonic(find_numbered(text), stops),
        "decimal": find_decimal(text),
        "unnumbered": _drop_toc_duplicates(
            find_unnumbered(text), stops, key=lambda h: h.title.lower()
        ),
    }
    style = max(candidates, key=lambda k: len(candidates[k]))
    heads = candidates[style]
    contents = contents_titles(text)
    for h in heads:  # '§ 7.2.4 (a) The owner ...': the title printed only in the contents
        after = text[h.rest : h.rest + len(h.title) + 1] if h.rest >= 0 else ""
        if h.rest >= 0 and own_title_lost(h.title, contents.get(h.number or ""), after):
            h.title, h.body = contents[h.number or ""], h.rest
    grammar = detect(text, [*underlined_heads(text, stream.underlined), *resolution_heads(text)])
    outline = outline_grammar(text)
    if outline is not None and (grammar is None or outline.score > grammar.score):
        grammar = outline  # 'I. GENERAL PROVISIONS' / 'A. Title.': sections cited 'I.A'
    # a decimal heading counts where its number reads as printed ('34.01' read as section 3401,
    # or as a repaired 3501, is no reading of the line)
    read = [h for h in heads if style != "decimal" or (h.number or "") in text[h.start : h.body]]
    titled = sum(bool(h.title) for h in read)
    if grammar is not None and (
        grammar.score >= len(read) or (grammar.score >= titled and 2 * grammar.score >= len(read))
    ):  # the document's own titled scheme over more, mostly untitled lines ('5.2.1 The ...')
        log.debug("%s: heading scheme %r", entry.jurisdiction, grammar.scheme)
        return parse_codified(stream, entry, grammar)
    if not heads:  # "SECTION 1. PURPOSE." with nothing below: those are the sections
        heads = [
            _as_section(c) for c in all_containers if c.number and c.number.startswith("SECTION")
        ]
        all_containers = [c for c in all_containers if not (c.number or "").startswith("SECTION")]
    if len(heads) < 2:  # no numbers at all: 'PERMIT REQUIRED' on a line of its own
        heads = find_title_lines(text) or heads
    containers = _outside_headings(heads, all_containers)
    taken_starts = {h.start for h in heads}
    first_start = heads[0].start if heads else len(text)
    clauses = [
        Heading(m.start(), m.end(), "clause", "clause", None, "Amending clause")
        for m in _AMENDING.finditer(text)
        if m.start() not in taken_starts and m.start() > first_start
    ]
    events = sorted(heads + containers + clauses, key=lambda h: h.start)
    log.debug(
        "%s: style=%s, %d headings, %d containers",
        entry.jurisdiction,
        style,
        len(heads),
        len(containers),
    )

    records: list[Section] = []

    def emit(start: int, end: int, **fields: object) -> None:
        body = fields.pop("body", (start, end))
        assert isinstance(body, tuple)
        records.append(_section(stream, entry, (start, end), body, **fields))

    if not heads:
        emit(0, len(text), section=None, title="Full text", kind="preamble")
        return records
    first = heads[0].start
    front_end = first
    if text[:front_end].strip():
        kind, title = classify(text[:front_end], after_sections=False)
        emit(0, front_end, section=None, title=title, kind=kind)

    path: dict[int, str] = {}
    parents: dict[int, str] = {}
    consumed: set[int] = set()
    for i, ev in enumerate(events):
        if i in consumed:
            continue
        if ev.kind == "container":
            path = {lvl: lab for lvl, lab in path.items() if lvl < ev.level}
            path[ev.level] = f"{ev.number}. {ev.title}"
            continue
        if ev.kind == "clause":  # an amending ordinance's enacting clause between sections
            end = events[i + 1].start if i + 1 < len(events) else len(text)
            emit(ev.start, end, section=None, title=ev.title, kind="adoption")
            continue
        body = ev.body
        j = i + 1
        while (
            j < len(events)
            and events[j].kind == "container"
            and not text[body : events[j].start].strip()
            and _has_body(text, events, j)
        ):
            c = events[j]
            path = {lvl: lab for lvl, lab in path.items() if lvl < c.level}
            path[c.level] = f"{c.number}. {c.title}"
            consumed.add(j)
            body, j = c.body, j + 1
        end = events[j].start if j < len(events) else len(text)
        if ev is heads[-1]:
            cut = back_matter_start(text, body, end)
            if cut < end:
                tail_kind, tail_title = classify(text[cut:], after_sections=True)
                tail = (cut, len(text))
                end = cut
            else:
                tail = None
        sec_path = [path[k] for k in sorted(path)]
        if ev.style == "decimal" and len(ev.key) == 2 and ev.key[0] in parents:
            sec_path.append(parents[ev.key[0]])
        if ev.style == "decimal" and len(ev.key) == 1:
            parents[ev.key[0]] = f"{ev.number} {ev.title}".strip()
        emit(ev.start, end, body=(body, end), section=ev.number, title=ev.title, path=sec_path)
        if ev is heads[-1] and tail is not None and text[tail[0] : tail[1]].strip():
            emit(tail[0], tail[1], section=None, title=tail_title, kind=tail_kind)
    return records


def whole_document_section(stream: CleanStream, entry: ManifestEntry) -> Section:
    """The whole clean text as one unnumbered section titled with the instrument's name."""
    whole = (0, len(stream.text))
    return _section(stream, entry, whole, whole, section=None, title=entry.instrument)


def _section(
    stream: CleanStream,
    entry: ManifestEntry,
    span: tuple[int, int],
    body: tuple[int, int],
    **fields: object,
) -> Section:
    """The section over `span` of the clean text: provision text from `body`, notes split off,
    source offsets and pages."""
    a, b = stream.source_span(*span)
    lo, hi = stream.pages(*span)
    provision, notes = split_notes(stream.text[body[0] : body[1]])
    if fields.get("kind", "section") != "section":
        provision = without_contents(provision)
    return Section(
        jurisdiction=entry.jurisdiction,
        jurisdiction_name=entry.name,
        text=tidy(provision, stream.layout),
        notes=notes,
        page_start=lo,
        page_end=hi,
        char_start=a,
        char_end=b,
        **fields,  # type: ignore[arg-type]
    )
