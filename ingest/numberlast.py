"""Section numbers printed after their titles, and history notes printed as footnotes.

Two layouts give a section's number last, after its title, so the line-start grammar
(`ingest.grammar`) would not see the heading:

* a code chapter that sets the title at the left margin and the number flush right on the same
  line, without leaders (``Septic tank capacity          § 44.12``); text extraction gives the
  two with a space or more between them, or the number on a line of its own under the title;
* a typewritten ordinance that centres its headings in capitals with the number in brackets
  after the title (``SEPTIC TANKS. (Sec. 10)``), a long title wrapped over centred lines above
  the last one (``MAINTENANCE AND PUMPING OF`` / ``SEPTIC TANKS. (Sec. 11)``).

`number_last` rewrites each such heading number first on one line (``§ 44.12 Septic tank
capacity.``, ``Sec. 11. MAINTENANCE AND PUMPING OF SEPTIC TANKS.``), the form the grammar
reads. A heading is a short capitalised phrase with no sentence's verb, opening after a
sentence, a note or a blank line has ended, and followed by a line that may begin text; the text
is read so only where at least `MIN_HEADS` lines print a number so, whose numbers rise. A section
list set the same way becomes number-first lines without bodies, which the grammar drops as
contents entries.

`footnoted_notes` reads history notes printed as numbered footnotes at the foot of a PDF page
(``1 Ord. 2011-4, passed 3-8-2011``) with a raised number after the sentence they annotate
(``... treatment systems. 1``): the mark leaves the sentence and the note, put in brackets,
follows the marked line, so it stays with its section and out of the provision text
(`ingest.notes`).
"""

from __future__ import annotations

import itertools
import logging
import re
from collections.abc import Sequence

from ingest.hanging import is_title
from ingest.sourcelines import L, MakeLine, SourceLine

log = logging.getLogger(__name__)

MIN_HEADS = 3
MAX_WORDS = 12
MAX_WRAP = 2  # centred lines a bracketed heading's title may wrap over above its last line

_NUM = r"\d{1,4}(?:[.\-]\d{1,4})*[A-Z]?"
_FLUSH_RIGHT = re.compile(
    rf"(?P<title>[A-Z][^§\n]*?[A-Za-z)])[ \t]+(?P<num>(?:§{{1,2}}|Sec\.|Section)[ \t]*{_NUM})"
)
"""A title and, at the line's end, its number set flush right ('Septic tank capacity § 44.12')."""
_ALONE = re.compile(rf"(?:§{{1,2}}|Sec\.|Section)[ \t]*{_NUM}")
_BRACKETED = re.compile(
    rf"(?P<title>[A-Z][A-Z0-9 ,;'’&/()\-]*?[A-Z)])\.?[ \t]*"
    rf"\((?P<kw>§{{1,2}}|Sec\.|Section|SEC\.|SECTION)[ \t]*(?P<num>{_NUM})\)"
)
"""A heading in capitals with its number in brackets after it ('SEPTIC TANKS. (Sec. 10)')."""
_CAPS_LINE = re.compile(r"[A-Z][A-Z0-9 ,;'’&/()\-]*[A-Z,;]")
_VERB = re.compile(r"\b(?:shall|must|may|is|are|will|was|were|be|can|has|have)\b", re.I)
_ENDED = re.compile(r"""[.;:!?)\]"'”]$""")
_LEADERS = re.compile(r"(?:\.[ \t]?){4,}")
_SMALL = frozenset({"a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to"})
_REFERENCE = re.compile(r"(?i)\b(?:see|under|per|by|in|of|to|with|and|or)$")
"""A last word that makes the number after it a reference ('as required by § 44.12')."""


def _key(num: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", num))


def _opens(lines: Sequence[SourceLine], i: int) -> bool:
    """Whether a heading may begin on line `i`: the first line, or after an ended line."""
    if i == 0 or lines[i - 1].pdf_page != lines[i].pdf_page:
        return True
    before = lines[i - 1].text.strip()
    return not before or bool(_ENDED.search(before)) or _flush_right(before) is not None


def _starts_text(lines: Sequence[SourceLine], b: int) -> bool:
    """Whether line `b` may follow a heading: not a sentence's lower-case remainder."""
    return b >= len(lines) or not lines[b].text.strip()[:1].islower()


def _plain_title(title: str) -> bool:
    """A capitalised phrase of a few words, sentence case allowed, without a sentence's verb."""
    words = title.split()
    if not words or len(words) > MAX_WORDS or _VERB.search(title) or "." in title.rstrip("."):
        return False
    if _LEADERS.search(title) or _REFERENCE.search(title) or words[-1].lower() in _SMALL:
        return False
    return is_title(title if title.endswith(".") else f"{title}.")


def _flush_right(text: str) -> tuple[str, str] | None:
    m = _FLUSH_RIGHT.fullmatch(text)
    if m is None or not _plain_title(m.group("title")):
        return None
    return m.group("title"), " ".join(m.group("num").split())


Head = tuple[int, int, str, str]
"""A heading found: lines [a, b) print it; its number as printed; its title."""


def _right_heads(lines: Sequence[SourceLine]) -> list[Head]:
    """Headings whose number stands flush right of the title, on its line or the next."""
    out: list[Head] = []
    for i, ln in enumerate(lines):
        text = ln.text.strip()
        found = _flush_right(text)
        if found is not None and _opens(lines, i) and _starts_text(lines, i + 1):
            out.append((i, i + 1, found[1], found[0]))
        elif _ALONE.fullmatch(text) and i > 0 and _opens(lines, i - 1):
            title = lines[i - 1].text.strip()
            same_page = lines[i - 1].pdf_page == ln.pdf_page
            free = not out or out[-1][1] <= i - 1
            if same_page and free and _plain_title(title) and _starts_text(lines, i + 1):
                out.append((i - 1, i + 1, " ".join(text.split()), title))
    return out


def _bracket_heads(lines: Sequence[SourceLine]) -> list[Head]:
    """Capitalised headings ending with their number in brackets, wrapped over centred lines."""
    out: list[Head] = []
    for i, ln in enumerate(lines):
        m = _BRACKETED.fullmatch(ln.text.strip())
        if m is None or _LEADERS.search(ln.text) or not _starts_text(lines, i + 1):
            continue
        a = i
        while (
            i - a < MAX_WRAP
            and a > 0
            and lines[a - 1].pdf_page == ln.pdf_page
            and lines[a - 1].text.startswith((" ", "\t"))  # centred, not at the margin
            and _CAPS_LINE.fullmatch(lines[a - 1].text.strip())
            and not _ENDED.search(lines[a - 1].text.strip().rstrip(")"))
        ):
            a -= 1
        said = " ".join([*" ".join(x.text for x in lines[a:i]).split(), m.group("title")])
        if not _opens(lines, a) or len(said.split()) > MAX_WORDS or _VERB.search(said):
            continue
        kw = "Sec." if m.group("kw").lower().startswith("sec") else m.group("kw")
        out.append((a, i + 1, f"{kw} {m.group('num')}", said))
    return out


def _rising(heads: list[Head]) -> int:
    """How many of the headings' numbers rise from one to the next."""
    keys = [_key(h[2]) for h in heads]
    return sum(b > a for a, b in itertools.pairwise(keys)) + bool(keys)


def number_last(lines: list[L], make: MakeLine[L]) -> list[L]:
    """`lines` with each heading that gives its number after its title set number first (module
    docstring); unchanged where fewer than `MIN_HEADS` headings are printed so."""
    heads = max(_right_heads(lines), _bracket_heads(lines), key=len)
    if len(heads) < MIN_HEADS or _rising(heads) < MIN_HEADS:
        return lines
    log.debug("%d headings with their number after the title", len(heads))
    out: list[L] = []
    done = 0
    for a, b, number, title in heads:
        out.extend(lines[done:a])
        said = title if title.endswith(".") else f"{title}."
        sep = "." if number.startswith("Sec") else ""
        out.append(make(f"{number}{sep} {said}", lines[a].start, lines[a].pdf_page))
        done = b
    out.extend(lines[done:])
    return out


_FOOTNOTE = re.compile(
    r"(?P<n>\d{1,2})[ \t]+(?P<note>(?:Ord(?:inance)?\.?|Res\.|Am\.|Source:|Added|Amended|"
    r"Repealed)[ \t][^\n]*\d[^\n]*)"
)
"""A footnoted history note at the foot of a page: '1 Ord. 2011-4, passed 3-8-2011'."""


def _marked(text: str, n: str) -> re.Match[str] | None:
    # after a sentence's end, not the end of a decimal number ('§ 31.11' is no mark '11')
    return re.search(rf"(?:(?<=[.;:)])[ \t]+|(?<=[;:)])|(?<=\D\.)){n}$", text.rstrip())


def _bare_mark(lines: Sequence[SourceLine], k: int, n: str) -> bool:
    """Whether line `k` is only the mark `n`, between a line that ended (a title) and the next
    line of the same page."""
    if lines[k].text.strip() != n or not 0 < k < len(lines) - 1:
        return False
    before, after = lines[k - 1], lines[k + 1]
    same = before.pdf_page == lines[k].pdf_page == after.pdf_page
    return same and bool(_ENDED.search(before.text.strip())) and bool(after.text.strip())


def footnoted_notes(lines: list[L], make: MakeLine[L]) -> list[L]:
    """`lines` with each page's footnoted history notes moved, bracketed, under the lines
    whose raised number calls them; the mark leaves the line (module docstring). Pages
    unknown (not a PDF), or a note whose number no line of its page calls, stay as they are."""
    out = list(lines)
    pages: dict[int, list[int]] = {}
    for i, ln in enumerate(out):
        if ln.pdf_page is not None:
            pages.setdefault(ln.pdf_page, []).append(i)
    moves: dict[int, L] = {}  # line index -> the note to put after it
    drop: set[int] = set()
    for idx in pages.values():
        notes = [i for i in idx if _FOOTNOTE.fullmatch(out[i].text.strip())]
        if not notes or notes[-1] < idx[-1] - 2:
            continue  # footnotes stand at the foot of the page (a footer or two below them)
        for i in notes:
            m = _FOOTNOTE.fullmatch(out[i].text.strip())
            assert m is not None
            n = m.group("n")
            callers = [
                k
                for k in idx
                if k < notes[0] and (_marked(out[k].text, n) or _bare_mark(out, k, n))
            ]
            if not callers:
                continue
            k = callers[-1]
            note = make(f"({m.group('note').strip()})", out[i].start, out[i].pdf_page)
            drop.add(i)
            if _bare_mark(out, k, n):
                # a raised mark after a heading's title, read as a line of its own between the
                # title and its number ('Septic tank capacity.' / '7' / '§ 31.11'): it leaves,
                # the number rejoins its title's line (a lone number would pass for furniture)
                # and the note follows
                drop.add(k)
                number = out[k + 1].text.strip()
                if _ALONE.fullmatch(number):
                    title = out[k - 1]
                    said = f"{title.text.rstrip().removesuffix('.')} {number}"
                    out[k - 1] = make(said, title.start, title.pdf_page)
                    drop.add(k + 1)
                moves[k - 1] = note
                continue
            mark = _marked(out[k].text, n)
            assert mark is not None
            line = out[k]
            out[k] = make(line.text[: mark.start()], line.start, line.pdf_page)
            moves[k] = note
    if moves:
        log.debug("%d footnoted history notes moved under their sections", len(moves))
    result: list[L] = []
    for i, ln in enumerate(out):
        if i in drop:
            continue
        result.append(ln)
        if i in moves:
            result.append(moves[i])
    return result
