"""Sections of a document laid out by a code publisher, from its detected heading grammar.

`ingest.grammar.detect` finds the headings, containers and reserved placeholders; this module
turns them into `Section` records: the hierarchy path from the containers (Chapter / Article /
Division / ``SECTION 4.0`` / an upper-case subchapter caption), the provision text under each
heading with its editorial notes moved to `Section.notes`, and the matter before the first and
after the last section as non-section records. Reserved placeholders end the section before
them and are dropped; a heading with no text of its own over titled headings one level below it
is their container.
"""

from __future__ import annotations

import bisect
import itertools
import re

from ingest.clean import CleanStream
from ingest.grammar import Grammar, LineHead
from ingest.matter import (
    CAPTION,
    back_matter_start,
    classify,
    line_width,
    tidy,
    without_contents,
)
from ingest.notes import split_notes
from ingest.records import ManifestEntry, Section

# list items of codified text: (a) (1) a. A. 1. and numbered paragraphs 4.1.2 / 4.1.2(a), and
# run-in subdivisions ("Subsection B. Soil Treatment Areas. Every ...", "Subd. 2. Term.",
# "Subd. 2. [TERM.]")
ITEMS = re.compile(
    r"^(?:\(\s*[0-9a-zA-Z]{1,4}\s*\)|[A-Za-z]\s?\.\s|\d{1,2}\.\s|"
    r"(?:Subsection|Subdivision|Subd\.)\s+[A-Z0-9]{1,3}\.\s+(?=[A-Z\[])|"
    r"\d{1,4}(?:\.\d{1,4})+(?:\([0-9a-z]{1,3}\))*\s+(?=[A-Z(\"\u201c])|" + CAPTION + r"|\*)"
)
_CAPTION = re.compile(r"[A-Z][A-Z ,;'&/\-]{2,80}")
SUBCHAPTER_LEVEL = 2
# the enactment line of a signature block: "Adopted by the Board ... on November 16, 2021."
_SIGNATURE = re.compile(
    r"(?m)^[ \t]*(?:Adopted|Passed|Approved|Enacted|Dated)\b[^\n]{0,150}?\b(?:1[89]|20)\d{2}\.?[ \t]*$"
)


def _captions(text: str, g: Grammar) -> list[LineHead]:
    """An upper-case caption line right above a section heading (a subchapter): a container."""
    out: list[LineHead] = []
    spans = sorted((c.start, c.body) for c in g.containers)
    starts = [a for a, _ in spans]

    def taken(pos: int) -> bool:  # inside a container's heading (e.g. its title line)
        i = bisect.bisect_right(starts, pos) - 1
        return i >= 0 and spans[i][0] <= pos < max(spans[i][1], spans[i][0] + 1)

    for h in g.headings:
        if h.kind != "section" or h.start == 0:
            continue
        end = text.rfind("\n", 0, h.start)
        start = text.rfind("\n", 0, end) + 1 if end > 0 else 0
        line = text[start:end].strip()
        if (
            end > 0
            and not taken(start)
            and _CAPTION.fullmatch(line)
            and len(line.split()) <= 8
            and any(len(w) > 2 for w in line.split())
        ):
            out.append(
                LineHead(start, end, line, line, (), "caption", "container", SUBCHAPTER_LEVEL,
                         label=line)
            )  # fmt: skip
    return out


PARENT_LEVEL = 10  # below every container a heading's keyword or number makes


def _parents(text: str, g: Grammar) -> list[LineHead]:
    """The headings that hold no text of their own above the titled headings one level below
    them ('5.2 Inspection at property transfer' over '5.2.1 Report required' and '5.2.2
    Transfers in winter'), as the containers of those: the sections are the finer ones."""
    heads = [h for h in g.headings if h.kind == "section"]
    out: list[LineHead] = []
    for h, nxt in itertools.pairwise(heads):
        below = len(nxt.key) > len(h.key) and nxt.key[: len(h.key)] == h.key
        if below and not split_notes(text[h.body : nxt.start])[0].strip():
            label = " ".join(text[h.start : h.body].split())
            out.append(
                LineHead(h.start, h.body, h.number, h.title, h.key, "parent", "container",
                         PARENT_LEVEL + len(h.key), label=label)
            )  # fmt: skip
    return out


def parse_codified(stream: CleanStream, entry: ManifestEntry, g: Grammar) -> list[Section]:
    """All records of one document parsed with its own heading grammar `g`."""
    text = stream.text
    parents = _parents(text, g)
    held = {p.start for p in parents}
    headings = [h for h in g.headings if h.start not in held]
    containers = sorted(g.containers + _captions(text, g) + parents, key=lambda c: c.start)
    events = sorted(headings + containers, key=lambda h: h.start)
    sections = [h for h in headings if h.kind == "section"]
    last = sections[-1]
    width = line_width(text)  # a short section's lines are measured by the document's
    records: list[Section] = []

    def emit(start: int, end: int, body: tuple[int, int], **fields: object) -> None:
        a, b = stream.source_span(start, end)
        lo, hi = stream.pages(start, end)
        provision, notes = split_notes(text[body[0] : body[1]])
        if fields.get("kind", "section") != "section":
            provision = without_contents(provision)
        notes = [*fields.pop("notes", []), *notes]  # type: ignore[misc]
        records.append(
            Section(
                jurisdiction=entry.jurisdiction,
                jurisdiction_name=entry.name,
                text=tidy(provision, stream.layout, ITEMS, width),
                page_start=lo,
                page_end=hi,
                char_start=a,
                char_end=b,
                notes=notes,
                **fields,  # type: ignore[arg-type]
            )
        )

    first = g.headings[0].start
    if text[:first].strip():
        kind, title = classify(text[:first], after_sections=False)
        emit(0, first, (0, first), section=None, title=title, kind=kind)

    path: dict[int, str] = {}
    under: dict[int, tuple[int, ...]] = {}  # a parent's level in the path: its number
    pending: list[str] = []
    for i, ev in enumerate(events):
        end = events[i + 1].start if i + 1 < len(events) else len(text)
        if ev.kind == "container":
            path = {lvl: lab for lvl, lab in path.items() if lvl < ev.level}
            path[ev.level] = ev.label
            under[ev.level] = ev.key
            if ev.start < first:
                continue  # front matter: its notes stay with the front-matter record
            rest, notes = split_notes(text[ev.body : end])
            pending += notes
            if len(rest.strip()) >= 40:
                emit(ev.start, end, (ev.body, end), section=None, title=ev.label, kind="preamble",
                     path=[path[k] for k in sorted(path)])  # fmt: skip
            continue
        if ev.kind == "reserved":
            continue
        if ev.scheme != g.scheme:  # a coarse heading holding provisions: it closes its level
            depth = len(ev.key)
            while depth > 1 and ev.key[depth - 1] == 0:
                depth -= 1
            path = {lvl: lab for lvl, lab in path.items() if lvl < depth or lvl >= PARENT_LEVEL}
        path = {  # a section numbered outside a parent's number leaves it
            lvl: lab
            for lvl, lab in path.items()
            if lvl < PARENT_LEVEL or ev.key[: len(under[lvl])] == under[lvl]
        }
        tail = None
        if ev is last:
            cut = back_matter_start(text, ev.body, end)
            sig = _SIGNATURE.search(text, ev.body, cut)
            cut = sig.start() if sig else cut
            if cut < end:
                tail = (cut, len(text))
                end = cut
        emit(ev.start, end, (ev.body, end), section=ev.number, title=ev.title,
             path=[path[k] for k in sorted(path)], notes=pending)  # fmt: skip
        pending = []
        if tail is not None and text[tail[0] : tail[1]].strip():
            kind, title = classify(text[tail[0] :], after_sections=True)
            emit(tail[0], tail[1], tail, section=None, title=title, kind=kind)
    return records
