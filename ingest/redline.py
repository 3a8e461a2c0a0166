"""A code chapter saved as the plain-text export of a document comparison (a redline):

    Comparison of Documents                                  (the comparison's banner)
    Original:  S:\\Clerk\\Code\\Ch 715 (2019).docx
    Revised:   S:\\Clerk\\Code\\Ch 715 - draft 3.docx
    Changes:   34 insertions, 27 deletions, 6 comments
    ========================================
    715.07  PERMIT TERM.
    A permit is valid for [deleted: twelve (12)][inserted: fourteen (14)] months from the
    date it is issued.[Comment JD1: check with the city attorney][Formatted: Font: Bold]
    (Ord. 2019-04, § 7[inserted: ; Ord. 2025-__, § 2])
    S:\\Clerk\\Code\\Ch 715 - draft 3.docx                     Page 3 of 10   (footer)
    \\f
    City Code                       Chapter 715 - Sewage Treatment          (running head)

`looks_redlined` tells such a text by its change marks: several bracketed ``[deleted: ...]``
and ``[inserted: ...]`` (also ``Deleted:``, ``Insertion:``, ``del:``/``ins:``, with an author or
date: ``[Deleted (JD 3/4/25): ...]``, and moves: ``[moved from: ...]``, ``[moved to: ...]``,
``[Moved down [1]: ...]``). `redline_to_text` reads it as the code *as amended*: deleted text
goes, inserted text stays without its brackets and label (a mark may span lines, sit inside a
word or a table's cell, or hold another mark); reviewers' comments (``[Comment JD1: ...]``,
``[Commented [JD1]: ...]``) and their anchors (``[JD1]``), format notes (``[Formatted: ...]``,
``[Formatted Table]``, ``[Field Code Changed]``) go; a line that held nothing but removed matter
goes with it. The banner above the document, the footers naming the file or ``Page n of N``,
the form feeds and the running heads repeated at the top of pages go, so a table or a sentence a
page break split reads as one. Every other line is kept as it stands: history notes, tables and
hyphenated line ends are read as in any other text.
"""

from __future__ import annotations

import logging
import re
from collections import Counter

log = logging.getLogger(__name__)

MIN_MARKS = 3
"""Change marks (deleted or inserted text) a redline holds at least."""
MAX_MARK = 20_000
"""Characters one mark may span: an unclosed bracket is text, not a mark."""

_WHO = r"(?:[ \t]+by[ \t]+[^\[\]:\n]{1,40}|[ \t]*\([^()\[\]\n]{1,60}\))?"
_DELETE = (
    r"(?:delet(?:ed|ion|e)|del|removed|moved[ \t]+from|"
    r"moved[ \t]+(?:up|down)(?:[ \t]*\[\d{1,3}\])?)"  # Word's 'Moved down [1]: ...': moved away
)
_INSERT = r"(?:insert(?:ed|ion)?|ins|added|moved[ \t]+to)"
_CHANGE = re.compile(rf"\[(?:{_DELETE}|{_INSERT})(?:[ \t]+text)?{_WHO}[ \t]*:", re.I)
_MARK = re.compile(
    rf"\[(?:(?P<delete>{_DELETE})|(?P<insert>{_INSERT}))(?:[ \t]+text)?{_WHO}[ \t]*:[ \t]?"
    r"|\[(?P<comment>(?:reviewer[ \t]+)?comment(?:ed)?)"
    rf"(?:\s*\[?(?P<label>[A-Za-z]{{1,6}}\d{{1,3}})\]?)?{_WHO}[ \t]*:"
    r"|\[(?P<format>formatted(?:[ \t]+table)?|field[ \t]+code[ \t]+changed|style[ \t]+definition|"
    r"format(?:ting)?[ \t]+change[sd]?|moved[ \t]+\(insertion\)(?:[ \t]*\[\d{1,3}\])?|"
    r"page[ \t]+break[ \t]+(?:inserted|deleted))(?=[ \t]*[:\]])",
    re.I,
)
"""The opening of a mark: a change's label, a comment's (with its label, 'JD1'), a format note's."""

_BANNER_LINE = re.compile(
    r"[ \t]*(?:(?:document[ \t]+)?comparison\b.*|compare[ \t]+(?:results?|report)\b.*|"
    r"(?:original|revised|modified|current|prior|base|new|old)(?:[ \t]+(?:document|version|file|"
    r"text))?[ \t]*:.*|(?:compared|created|generated|printed|run)(?:[ \t]+(?:on|at|by))?[ \t]*:.*|"
    r"changes?[ \t]*:.*|legend[ \t]*:.*|(?:summary|statistics)[ \t]*:?|"
    r"(?:insertions?|deletions?|comments?|moves?|moved|format(?:ting)?[ \t]+changes?|"
    r"style[ \t]+changes?|total[ \t]+changes?)[ \t]*:?[ \t]*\d+.*|[-=_*~]{3,})[ \t]*",
    re.I,
)
"""A line of the comparison's banner: 'Comparison of ...', 'Original: ...', 'Changes: ...'."""
_PAGE_OF = re.compile(r"(?P<rest>.*?)[ \t]*\bPage[ \t]+\d{1,4}[ \t]+of[ \t]+\d{1,4}[ \t]*", re.I)
_FILE = re.compile(
    r"(?:[A-Za-z]:\\|\\\\|~?/[\w.\-]+/)[^\n]*|[^\n]*\.(?:docx?|rtf|odt|wpd|pdf|txt)\b[^\n]*", re.I
)
"""A file's path or name in a footer: 'S:\\Clerk\\Code\\Ch 715.docx', 'ch715-redline.docx'."""
_SENTENCE_END = re.compile(r"[.:;)\]]\s*$")
_TABLE_LINE = re.compile(r"\S[ \t]{2,}\S")
_DIGITS = re.compile(r"\d+")


def looks_redlined(text: str) -> bool:
    """Whether a text is a document comparison's export: at least `MIN_MARKS` bracketed marks
    of deleted or inserted text (see the module docstring) whose brackets close."""
    found = 0
    for m in _CHANGE.finditer(text[:2_000_000]):
        if _close(text, m.start()) is not None:
            found += 1
            if found >= MIN_MARKS:
                return True
    return False


def _close(text: str, start: int) -> int | None:
    """The index of the bracket closing the one at `start`, brackets inside counted; None when
    it does not close within `MAX_MARK` characters."""
    depth = 0
    for i in range(start, min(len(text), start + MAX_MARK)):
        c = text[i]
        if c == "[":
            depth += 1
        elif c == "]":
            depth -= 1
            if depth == 0:
                return i
    return None


def redline_to_text(text: str) -> str:
    """The code as amended (see the module docstring): the banner, deleted text, comments,
    format notes and page furniture gone, inserted text kept in place."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    lines = lines[_banner_end(lines) :]
    resolved = resolve_marks("\n".join(lines))
    return "\n".join(_drop_page_breaks(resolved.split("\n")))


def _banner_end(lines: list[str]) -> int:
    """The first line after the comparison's banner (0 when the text opens without one): the
    leading run of banner lines, with the blank lines among them, that names the documents
    compared or the count of changes."""
    end = 0
    named = False
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        if not _BANNER_LINE.fullmatch(line):
            break
        named = named or not re.fullmatch(r"\s*[-=_*~]+\s*", line)
        end = i + 1
    return end if named else 0


def resolve_marks(text: str) -> str:
    """`text` with its marks resolved: deleted text, comments, their anchors and format notes
    out, inserted text in without its brackets and label. Spaces are kept as a sentence reads
    ('within [deleted: 12 ]months' -> 'within months'); a table's runs of spaces as they are."""
    anchors = {m.group("label").upper() for m in _MARK.finditer(text) if m.group("label")}
    anchor = (
        re.compile(r"\[(?:" + "|".join(map(re.escape, sorted(anchors))) + r")\]", re.I)
        if anchors
        else None
    )
    out: list[str] = []
    closers: set[int] = set()
    removed = kept = 0
    i = 0
    while i < len(text):
        if i in closers:  # the bracket closing an insertion
            closers.discard(i)
            i += 1
            continue
        if text[i] != "[":
            j = text.find("[", i)
            nxt = min([len(text) if j < 0 else j, *[c for c in closers if c > i]])
            out.append(text[i:nxt])
            i = nxt
            continue
        if m := _MARK.match(text, i):
            end = _close(text, i)
            if end is None:
                log.warning("redline: an unclosed mark at character %d is kept as text", i)
            elif m.group("insert"):
                closers.add(end)
                kept += 1
                i = m.end()
                continue
            else:
                removed += 1
                i = _tidy(out, text, end + 1)
                continue
        elif anchor is not None and (a := anchor.match(text, i)):
            removed += 1
            i = _tidy(out, text, a.end())
            continue
        out.append("[")
        i += 1
    if removed or kept:
        log.info("redline: %d mark(s) removed, %d insertion(s) kept", removed, kept)
    return "".join(out)


def _line_so_far(out: list[str]) -> str:
    """The end of the text written so far, from the start of its last line."""
    tail: list[str] = []
    for piece in reversed(out):
        at = piece.rfind("\n")
        if at >= 0:
            tail.append(piece[at + 1 :])
            break
        tail.append(piece)
    return "".join(reversed(tail))


def _cut(out: list[str], n: int) -> None:
    """Take the last `n` characters off the text written so far."""
    while n > 0 and out:
        last = out.pop()
        if len(last) > n:
            out.append(last[: len(last) - n])
        n -= len(last)


def _tidy(out: list[str], text: str, after: int) -> int:
    """Mend the spaces where a mark was taken out, before `after` (the text's next index), and
    return where reading goes on: a line that held nothing else goes with its line end; between
    two words one space stays, none before a comma or a period; a table's runs stay."""
    line = _line_so_far(out)
    rest = text[after : after + 200]
    lead = len(rest) - len(rest.lstrip(" \t"))
    if not line.strip() and (after + lead == len(text) or rest[lead : lead + 1] == "\n"):
        _cut(out, len(line))
        return after + lead + 1
    left, before, right, beyond = line[-1:], line[-2:-1], rest[:1], rest[1:2]
    single = left == " " and before not in ("", " ", "\t")
    if single and right == " " and beyond not in ("", " ", "\t", "\n"):
        return after + 1
    if single and right in (",", ".", ";", ":", ")", "?", "!"):
        _cut(out, 1)
    elif not line and right == " " and beyond not in ("", " ", "\t", "\n"):
        return after + 1
    return after


def _footer(line: str) -> bool:
    """A footer's line: 'Page n of N' after nothing, a file's name or path or a few words, or a
    file's path alone ('S:\\Clerk\\Code\\Ch 715 - draft 3.docx')."""
    s = line.replace("\f", "").strip()
    if not s:
        return False
    if m := _PAGE_OF.fullmatch(s):
        rest = m.group("rest").strip()
        return (
            not rest
            or bool(_FILE.fullmatch(rest))
            or (len(rest.split()) <= 8 and not _SENTENCE_END.search(rest))
        )
    return bool(_FILE.fullmatch(s)) and bool(re.match(r"(?:[A-Za-z]:\\|\\\\|~?/)", s))


def _shape(line: str) -> str:
    return _DIGITS.sub("#", " ".join(line.replace("\f", "").split()))


def _running_heads(lines: list[str], breaks: list[int]) -> set[str]:
    """The shapes of the running heads: the first line of the pages after each break (a footer
    or a form feed), printed so at the top of two pages at least and once at most elsewhere
    (the first page's)."""
    tops: list[int] = []
    for b in breaks:
        k = next((k for k in range(b + 1, len(lines)) if lines[k].replace("\f", "").strip()), None)
        if k is not None and not _footer(lines[k]):
            tops.append(k)
    at_top = Counter(_shape(lines[k]) for k in set(tops))
    anywhere = Counter(_shape(ln) for ln in lines if ln.strip())
    return {s for s, n in at_top.items() if n >= 2 and anywhere[s] - n <= 1}


def _drop_page_breaks(lines: list[str]) -> list[str]:
    """The lines without the footers, form feeds and running heads: a page break inside a
    sentence or between two rows of a fixed-width table leaves nothing between them, elsewhere
    one blank line."""
    breaks = [i for i, ln in enumerate(lines) if _footer(ln) or "\f" in ln]
    heads = _running_heads(lines, breaks)

    def furniture(line: str) -> bool:
        bare = line.replace("\f", "")
        return not bare.strip() or _footer(bare) or _shape(bare) in heads

    out: list[str] = []
    i = 0
    dropped = 0
    while i < len(lines):
        j = i
        while j < len(lines) and furniture(lines[j]):
            j += 1
        block = lines[i:j]
        if j == i:
            out.append(lines[i].replace("\f", ""))
            i += 1
            continue
        if not any(_footer(ln) or "\f" in ln for ln in block):  # blank lines only
            out += block
            i = j
            continue
        dropped += sum(1 for ln in block if ln.replace("\f", "").strip())
        while out and not out[-1].strip():
            out.pop()
        before = out[-1] if out else ""
        after = lines[j] if j < len(lines) else ""
        runs_on = bool(before) and not _SENTENCE_END.search(before)
        table = bool(_TABLE_LINE.search(before) and _TABLE_LINE.search(after))
        if out and not runs_on and not table:
            out.append("")
        i = j
    if dropped:
        log.info("redline: %d footer and running head line(s) removed", dropped)
    return out
