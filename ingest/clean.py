"""Cleaning by general rules: pages, page numbers, running footers, OCR noise, duplicates.

The result is a `CleanStream`: one string of clean text whose every character can be traced
back to its offset in the source and to the printed page(s) it came from. Three page layouts
are recognised without configuration:

* **page-lines**: one printed page per long line, the page number first, a running footer
  ("Chapter 19 Page 16") last, both possibly in the middle of a sentence;
* **flow**: short wrapped lines (OCR), page numbers on lines of their own, stamps and junk lines;
* **pdf**: pages known from the PDF, each cleaned at its edges like the others.
"""

from __future__ import annotations

import bisect
import logging
import re
from collections import Counter
from dataclasses import dataclass, field, replace

from ingest.furniture import drop_furniture
from ingest.gutter import strip_line_numbers
from ingest.hanging import hanging_numbers
from ingest.loaders import SourceText
from ingest.margins import margin_titles
from ingest.matter import in_columns, two_cell_rows
from ingest.numberlast import footnoted_notes, number_last
from ingest.tablerows import table_rows
from ingest.underlines import underline_rows

log = logging.getLogger(__name__)

PAGE_NUM_LINE = re.compile(r"^\s*[-L]?\s*(\d{1,3})\s*-?\s*[^\w\s]?\s*$")
# a page number that leads its page's first line; never a table row's label ('3      1,250')
LEAD_NUM = re.compile(r"^\s*(\d{1,3})\s+(?=\S)(?![\d,.]+\s*$)")
FOOTER_TAIL = re.compile(r"((?:\S+\s+){0,4})Page\s+(\d{1,3})\s*$")
_LIST_MARKER_LINE = re.compile(r"^\(\s*\w{1,3}\s*\)")
_PORTAL_CRUMB = re.compile(r"WebLinkAbout|^Home\s*My\b")
_SUPPLEMENT_MARK = re.compile(r"(?i)Supp\.?\s*No\.?\s*\d{1,3}(?:,?\s*[\d/\-]{4,10})?")


@dataclass(slots=True)
class Line:
    text: str
    start: int  # offset of text[0] in the source
    pdf_page: int | None = None
    underline: tuple[int, int] | None = None  # the span of `text` a row below underlines


@dataclass
class Page:
    lines: list[Line]
    number: int | None = None
    lo: int | None = None  # first printed page this block may cover (pages without footers)
    swapped: bool = False


@dataclass(slots=True)
class _Seg:
    pos: int  # start in the clean stream
    length: int
    src: int | None  # source offset of the first char, None for inserted separators
    lo: int | None
    hi: int | None


@dataclass
class CleanStream:
    """Clean text plus a map from each character back to the source and its pages."""

    text: str = ""
    segs: list[_Seg] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    layout: str = "flow"
    underlined: list[tuple[int, int]] = field(default_factory=list)
    """Spans of `text` the source underlines (a typed title, `ingest.underlines`)."""
    # Built in linear time: pieces are collected and joined once (`_finish`); the segment
    # starts for lookups are computed once, not per call.
    _parts: list[str] = field(default_factory=list, repr=False)
    _size: int = 0
    _starts: list[int] | None = field(default=None, repr=False)

    def _append(self, piece: str, src: int | None, lo: int | None, hi: int | None) -> None:
        if piece:
            if not self._parts and self.text:
                self._parts, self._size = [self.text], len(self.text)
            self.segs.append(_Seg(self._size, len(piece), src, lo, hi))
            self._parts.append(piece)
            self._size += len(piece)
            self._starts = None

    def _tail(self, n: int) -> str:
        """The last `n` characters appended so far."""
        out: list[str] = []
        got = 0
        for part in reversed(self._parts):
            out.append(part)
            got += len(part)
            if got >= n:
                break
        return "".join(reversed(out))[-n:]

    def _drop_tail(self, n: int) -> None:
        """Remove the last `n` characters appended (and their segments)."""
        while n > 0 and self._parts:
            last, seg = self._parts[-1], self.segs[-1]
            cut = min(n, len(last))
            self._parts[-1] = last[: len(last) - cut]
            seg.length -= cut
            self._size -= cut
            n -= cut
            if not self._parts[-1]:
                self._parts.pop()
                self.segs.pop()
        self._starts = None

    def _finish(self) -> None:
        self.text = "".join(self._parts)
        self._parts = [self.text] if self.text else []

    def _seg_index(self, pos: int) -> int:
        if self._starts is None or len(self._starts) != len(self.segs):
            self._starts = [s.pos for s in self.segs]
        return max(0, bisect.bisect_right(self._starts, pos) - 1)

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """Smallest source span covering the clean characters [start, end)."""
        offs: list[int] = []
        for seg in self._segs_between(start, end):
            if seg.src is None:
                continue
            a = max(start, seg.pos) - seg.pos
            b = min(end, seg.pos + seg.length) - seg.pos
            offs += [seg.src + a, seg.src + b]
        return (min(offs), max(offs)) if offs else (0, 0)

    def pages(self, start: int, end: int) -> tuple[int | None, int | None]:
        los = [
            s.lo for s in self._segs_between(start, end) if s.lo is not None and s.src is not None
        ]
        his = [
            s.hi for s in self._segs_between(start, end) if s.hi is not None and s.src is not None
        ]
        return (min(los) if los else None, max(his) if his else None)

    def _segs_between(self, start: int, end: int) -> list[_Seg]:
        if end <= start or not self.segs:
            return []
        i = self._seg_index(start)
        out = []
        while i < len(self.segs) and self.segs[i].pos < end:
            if self.segs[i].pos + self.segs[i].length > start:
                out.append(self.segs[i])
            i += 1
        return out


def split_lines(text: str) -> list[Line]:
    lines: list[Line] = []
    pos = 0
    pdf_page = 0
    for raw in text.split("\n"):
        if raw.startswith("\f"):
            pdf_page += 1
            lead = len(raw) - len(raw.lstrip("\f"))
            lines.append(Line(raw[lead:], pos + lead, pdf_page))
        else:
            lines.append(Line(raw, pos, pdf_page))
        pos += len(raw) + 1
    return lines


_PREFIXED_NUMBER = re.compile(r"[A-Z]{1,2}-\d{2,4}")
_QUESTION_NUMBER = re.compile(r"Q\.?[ \t]?\d{1,3}[.:]?")


_BLANK_PAGE = re.compile(
    r"[\[(]?\s*(?:this\s+)?page\s+(?:is\s+)?(?:intentionally|deliberately|purposely)\s+"
    r"(?:left\s+)?blank\.?\s*[\])]?",
    re.I,
)
"""A printer's note on an empty page ('[This page intentionally left blank.]')."""


def is_noise_line(text: str) -> bool:
    """A stamp, lone symbol, scanner junk, web-portal breadcrumb, a code supplement's mark
    alone on its line ('Supp. No. 1') (not a continuation) or a printer's blank-page note."""
    s = text.strip()
    if not s:
        return False
    if _PORTAL_CRUMB.search(s) or _SUPPLEMENT_MARK.fullmatch(s) or _BLANK_PAGE.fullmatch(s):
        return True
    if not re.search(r"[A-Za-z0-9]", s):
        return True
    if len(s) > 12:
        return False
    if _LIST_MARKER_LINE.match(s) or re.search(r"[a-z]{2}", s) or re.search(r"\b[A-Z]{4,}\b", s):
        return False
    if _PREFIXED_NUMBER.fullmatch(s) or _QUESTION_NUMBER.fullmatch(s):
        return False  # a rule's number over its title ('R-302'), a question's ('Q 14.')
    return len(re.findall(r"\d+", s)) < 2


def _next_numbers(found: list[tuple[int, int]], i: int, k: int = 3) -> list[int]:
    """The first `k` numbers of `found` ((position, number) by position) after position `i`."""
    at = bisect.bisect_right(found, i, key=lambda t: t[0])
    return [n for _, n in found[at : at + k]]


def _accept_page(n: int, prev: int | None, following: list[int] | None = None) -> bool:
    """Whether `n` continues the printed page sequence after `prev`.

    The first number is accepted if it is small, or if one of the next page-number candidates
    (`following`) confirms it (an excerpt may start at page 245).
    """
    if prev is None:
        return 1 <= n <= 5 or any(n < m <= n + 6 for m in (following or [])[:3])
    return prev < n <= prev + 6 or n == prev - 1


def duplicate_line_indices(keys: list[str], min_chars: int = 300) -> set[int]:
    """Indices of lines that are an earlier copy of a later repeated run (page or whole copy).

    A run counts when it has at least 5 lines and `min_chars` characters, or is one long line
    (a page of a page-per-line document) of 1000+ characters. The *later* copy is kept.
    """
    drop: set[int] = set()
    seen: dict[str, list[int]] = {}
    n = len(keys)
    i = 0
    while i < n:
        key = keys[i]
        best_j, best_len = -1, 0
        if key:
            for j in reversed(seen.get(key, [])[-50:]):
                length = 0
                while i + length < n and j + length < i and keys[i + length] == keys[j + length]:
                    length += 1
                if length > best_len:
                    best_j, best_len = j, length
        if best_len:
            chars = sum(len(keys[best_j + k]) for k in range(best_len))
            if chars >= min_chars and (best_len >= 5 or chars >= 1000):
                drop.update(range(best_j, best_j + best_len))
                for k in range(best_len):
                    seen.setdefault(keys[i + k], []).append(i + k)
                i += best_len
                continue
        if key:
            seen.setdefault(key, []).append(i)
        i += 1
    return drop


def _footer_prefix(pages: list[Page]) -> str | None:
    """The running-footer text before 'Page N' shared by at least half of the pages."""
    counts: Counter[str] = Counter()
    total = 0
    for page in pages:
        if not page.lines:
            continue
        m = FOOTER_TAIL.search(page.lines[-1].text)
        if not m:
            continue
        total += 1
        words = m.group(1).split()
        for k in range(len(words) + 1):
            counts[" ".join(words[len(words) - k :])] += 1
    if total < 2:
        return None
    good = [p for p, c in counts.items() if c >= max(2, total // 2)]
    return max(good, key=len) if good else None


def _strip_edges(pages: list[Page], use_lead_number: bool) -> None:
    prefix = _footer_prefix(pages)
    prev: int | None = None
    leads = [
        int(m.group(1)) if p.lines and (m := LEAD_NUM.match(p.lines[0].text)) else -1 for p in pages
    ]
    found = [(i, n) for i, n in enumerate(leads) if n >= 0]
    for i, page in enumerate(pages):
        if not page.lines:
            continue
        first = page.lines[0]
        m = LEAD_NUM.match(first.text)
        following = _next_numbers(found, i)
        if (
            use_lead_number
            and m
            and page.number is None
            and _accept_page(int(m.group(1)), prev, following)
        ):
            page.number = int(m.group(1))
            cut = m.end()
            page.lines[0] = Line(first.text[cut:], first.start + cut, first.pdf_page)
        last = page.lines[-1]
        fm = FOOTER_TAIL.search(last.text)
        if fm and prefix is not None:
            pat = re.compile(
                r"\s*" + re.escape(prefix).replace(r"\ ", r"\s+") + r"\s*Page\s+(\d{1,3})\s*$"
            )
            fm2 = pat.search(last.text)
            if fm2:
                if page.number is None:
                    page.number = int(fm2.group(1))
                page.lines[-1] = Line(last.text[: fm2.start()], last.start, last.pdf_page)
        if page.number is not None:
            prev = page.number


def _paginate_flow(lines: list[Line]) -> list[Page]:
    pages: list[Page] = []
    current: list[Line] = []
    prev: int | None = None
    numbers = [
        (i, int(m.group(1))) for i, ln in enumerate(lines) if (m := PAGE_NUM_LINE.match(ln.text))
    ]
    for i, line in enumerate(lines):
        m = PAGE_NUM_LINE.match(line.text)
        if m:
            n = int(m.group(1))
            following = _next_numbers(numbers, i) if prev is None else None
            if _accept_page(n, prev, following):
                lo = n if prev is None or n <= prev + 1 else prev + 1
                pages.append(Page(current, n, lo))
                current, prev = [], n
            continue  # an unaccepted bare number is a stamp: noise
        if is_noise_line(line.text):
            continue
        current.append(line)
    if current:
        pages.append(Page(current, None))
    return pages


def _rejoin_footer(group: list[Line]) -> list[Line]:
    """Undo a wrap inside a running footer ('... Chapter 19 Page' / '15') at a page's end."""
    if (
        len(group) >= 2
        and PAGE_NUM_LINE.match(group[-1].text)
        and re.search(r"\bPage\s*$", group[-2].text)
    ):
        last, num = group[-2], group[-1]
        joined = last.text.rstrip() + " " + num.text.strip()
        return [*group[:-2], Line(joined, last.start, last.pdf_page)]
    return group


def _paginate_pdf(lines: list[Line]) -> list[Page]:
    groups: dict[int, list[Line]] = {}
    for line in lines:
        groups.setdefault(line.pdf_page or 0, []).append(line)
    indexes = [pdf_page + 1 for pdf_page in sorted(groups)]  # the PDF's own page numbers
    ordered = [_rejoin_footer(group) for _, group in sorted(groups.items())]
    candidates = [
        [int(m.group(1)) for ln in group if (m := PAGE_NUM_LINE.match(ln.text))]
        for group in ordered
    ]
    pages: list[Page] = []
    prev: int | None = None
    found = [(i, n) for i, nums in enumerate(candidates) for n in nums]
    for i, group in enumerate(ordered):
        page = Page([])
        following = _next_numbers(found, i)
        for n in candidates[i]:
            if _accept_page(n, prev, following):
                page.number = n
                page.lo = n if prev is None or n <= prev + 1 else prev + 1
                break
        page.lines = [
            ln for ln in group if not PAGE_NUM_LINE.match(ln.text) and not is_noise_line(ln.text)
        ]
        if page.number is not None:
            prev = page.number
        pages.append(page)
    _strip_edges(pages, use_lead_number=True)
    if all(page.number is None for page in pages):  # no printed numbers: the PDF's page index
        for page, index in zip(pages, indexes, strict=True):
            page.number = page.lo = index
    return pages


def _repair_order(pages: list[Page], warnings: list[str]) -> None:
    """Swap two adjacent pages when the printed numbering proves them out of order."""
    for i in range(len(pages) - 1):
        a, b = pages[i].number, pages[i + 1].number
        if a is None or b is None or a != b + 1:
            continue
        before = next((p.number for p in reversed(pages[:i]) if p.number is not None), None)
        if before is None or before == b - 1:
            pages[i], pages[i + 1] = pages[i + 1], pages[i]
            for p in (pages[i], pages[i + 1]):
                p.lo, p.swapped = p.number, True
            warnings.append(f"pages {b} and {a} were out of order; restored printed order")


_MARGIN_NOTE = re.compile(
    r"^(?P<head>.*\S)(?P<gap>[ \t]{6,})(?P<note>(?:Ord|Ords|Res|Am|Amd)\.[ \t]+\S.*)$", re.I
)
_MARGIN_MORE = re.compile(r"^(?:(?:am|amd|ord|res)\.|[\d§])[\w .,;:§()/\-]*$", re.I)
MARGIN_COLUMN = 40


def margin_notes(lines: list[Line]) -> list[Line]:
    """A history note printed in the right margin beside a heading ('Sec. 50-2.  Definitions.
    ...  Ord. 19-04, § 1,' and below it '11-18-19;', 'am. Ord. 21-07,') set on a line of its
    own in brackets, as codes print it under the heading: '(Ord. 19-04, § 1, 11-18-19; ...)'."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        ln = lines[i]
        m = _MARGIN_NOTE.match(ln.text)
        if m is None or m.start("note") < MARGIN_COLUMN:
            out.append(ln)
            i += 1
            continue
        column = m.start("note")
        note = [m.group("note").strip()]
        i += 1
        while i < len(lines):
            nxt = lines[i].text
            lead = len(nxt) - len(nxt.lstrip())
            if lead < column - 4 or len(nxt.strip()) > 30 or not _MARGIN_MORE.match(nxt.strip()):
                break
            note.append(nxt.strip())
            i += 1
        out.append(Line(m.group("head"), ln.start, ln.pdf_page))
        out.append(Line(f"({' '.join(note).rstrip(',;')})", ln.start + column, ln.pdf_page))
    return out


_BOX_BORDER = re.compile(r"^\s*\+[-=+]{3,}\+\s*$")
_BOX_LINE = re.compile(r"^\s*\|[ \t]?(?P<inner>[^|]*?)[ \t]*\|\s*$")


def unbox(lines: list[Line]) -> tuple[list[Line], int]:
    """The lines without the boxes drawn round a paragraph ('+------+' / '| PLAIN TALK: How big
    ... |' / '+------+', or beside the text, see `_side_boxes`): handbooks set their commentary
    in sidebars, which explain the rules and are none, so no answer quotes one as the ordinance.
    Only a box of one column whose run of lines a border opens; a table's rows (cells between
    inner bars) stay. Returns the lines and how many boxed lines were left out."""
    out: list[Line] = []
    boxed = False
    dropped = 0
    kept, side = _side_boxes(lines)
    for ln in kept:
        if _BOX_BORDER.match(ln.text):
            boxed = True
            continue
        m = _BOX_LINE.match(ln.text) if boxed else None
        if m is None:
            boxed = False
            out.append(ln)
        elif m.group("inner"):
            dropped += 1
    return out, dropped + side


_SIDE_OPEN = re.compile(r"^(?P<left>.*?\S)?[ \t]{2,}(?P<border>[.+][-=]{5,})[ \t]*$")
_SIDE_CLOSE = re.compile(r"^[ \t]*['+][-=]{5,}[ \t]*$")
_SIDE_COLUMN = 20  # a side box starts this far in at least


def _side_boxes(lines: list[Line]) -> tuple[list[Line], int]:
    """A sidebar boxed beside the text ('(3) The maintenance business shall send the
    .--------' / 'Department a report ...   | PLAIN TALK: A tank' / ... / '        '-------'): each
    line keeps its text left of the box's bar, the box's words go (page furniture between
    passes through). A box's open border reaches the line's end at a column of its own; a drawn
    table's closes with a corner. Returns the lines and how many box lines held words."""
    out: list[Line] = []
    col: int | None = None
    dropped = 0
    for ln in lines:
        text = ln.text
        if col is None:
            m = _SIDE_OPEN.match(text)
            if m and m.start("border") >= _SIDE_COLUMN and not text.rstrip().endswith(("+", ".")):
                col = m.start("border")
                if m.group("left"):
                    out.append(replace(ln, text=text[: m.end("left")]))
                continue
            out.append(ln)
            continue
        if len(text) > col and text[col] in "'+" and _SIDE_CLOSE.match(text[col:]):
            if text[:col].strip():
                out.append(replace(ln, text=text[:col].rstrip()))
            col = None
            continue
        if len(text) > col and text[col] == "|" and not text[:col].strip(" \t").endswith("|"):
            if text[:col].strip():
                out.append(replace(ln, text=text[:col].rstrip()))
            dropped += bool(text[col + 1 :].strip())
            continue
        out.append(ln)
    return out, dropped


def clean_source(source: SourceText) -> CleanStream:
    """Clean `source` into a `CleanStream` (see the module docstring for the rules)."""
    lines = underline_rows(split_lines(source.text))
    warnings: list[str] = list(source.warnings)
    content = [ln for ln in lines if ln.text.strip()]
    total = sum(len(ln.text) for ln in content) or 1
    if source.page_starts is not None:
        layout = "pdf"
    elif sum(len(ln.text) for ln in content if len(ln.text) > 300) / total > 0.6:
        layout = "page-lines"
    else:
        layout = "flow"
    if layout != "page-lines":  # (a page-lines text's pages start with their page numbers)
        content = [ln for ln in strip_line_numbers(content, Line) if ln.text.strip()]
        content, boxed = unbox(content)
        if boxed:
            warnings.append(
                f"left out {boxed} line(s) of boxed sidebars (commentary, not provisions)"
            )
        content = [
            ln for ln in content if PAGE_NUM_LINE.match(ln.text) or not is_noise_line(ln.text)
        ]
        content = margin_notes(content)
    # dedup before pagination: page numbers and stamps belong to the repeated copy too
    keys = [" ".join(ln.text.split()) for ln in content]
    dup = duplicate_line_indices(keys)
    if dup:
        warnings.append(
            f"dropped {len(dup)} duplicated line(s) (repeated pages or a repeated copy)"
        )
        content = [ln for i, ln in enumerate(content) if i not in dup]
    if layout != "page-lines":
        content = table_rows(content, Line)  # before furniture: its lone numbers repeat a shape
        content = footnoted_notes(content, Line)  # before furniture: their shapes repeat
        content = drop_furniture(content, keep=lambda t: PAGE_NUM_LINE.match(t) is not None)
        content = margin_titles(content, Line)
        content = number_last(content, Line)
        content = hanging_numbers(content, Line)
    if layout == "pdf":
        pages = _paginate_pdf(content)
    elif layout == "page-lines":
        pages = [Page([ln]) for ln in content]
        _strip_edges(pages, use_lead_number=True)
        for p in pages:
            p.lo = p.number
    else:
        pages = _paginate_flow(content)
    _repair_order(pages, warnings)
    stream = CleanStream(warnings=warnings, layout=layout)
    table = False
    paired = two_cell_rows([line.text for page in pages for line in page.lines])
    at = -1
    for page in pages:
        lo = page.lo if page.lo is not None else page.number
        for line in page.lines:
            at += 1
            text = line.text.rstrip()
            lead = len(text) - len(text.lstrip())
            table = (in_columns(text, table) or at in paired) if text else table
            if table:  # a fixed-width table's line keeps its indent: the
                lead = 0  # columns of its header lines and rows line up
            text, start = text[lead:], line.start + lead
            if not text:
                continue
            tail = stream._tail(3)
            if tail.endswith("-\n") and len(tail) > 2 and tail[-3].isalpha() and text[0].islower():
                stream._drop_tail(2)
            if line.underline is not None:
                a, b = (max(0, min(len(text), k - lead)) for k in line.underline)
                stream.underlined.append((stream._size + a, stream._size + b))
            stream._append(text, start, lo, page.number)
            stream._append("\n", None, None, None)
    stream._finish()
    log.debug("cleaned %s: layout=%s, %d pages", source.path, layout, len(pages))
    return stream
