"""A code chapter printed from a codifier's website and saved as text, its headings flattened:

    Home » Code of Ordinances » Chapter 12 - ...            (site navigation)
    <pre>
    Chapter 12 --- SUBSURFACE SEWAGE TREATMENT SYSTEMS[1]
    » Sec. 12.1 --- Purpose.  |  [Sec. 12.2 --- Definitions.]  (the page's section links)
    ARTICLE II --- PERMITS AND INSPECTIONS
    Sec.&nbsp;12.3 --- Permit required.
    ... a permit from the Department [fn 2] and ...
    (Ord. No. 2019-07, &sect; 2, 6-11-2019)
    Created: 2025-03-14 10:22:07 [EST]                      (the print footer of every page)
    (Supp. No. 9)
    Page 3 of 21
    \\f
    FOOTNOTES:
    [2] Cross reference&mdash;Fee schedule, &sect; 2-41.

`looks_flattened` tells such a text by its headings: a section number, then ` --- ` (or a dash,
or `&mdash;`), then the title. `flattened_to_text` reads it as the printed code it came from:
HTML tags go and entities are written out; the navigation above the chapter, the section links
and the print footers (with their form feeds) go, so a table a page break split reads as one;
each heading reads `Sec. 12.3. - Permit required.`, as codes print it; a footnote's reference
leaves the sentence, and its text follows the provisions of the section that cites it, as a
labelled note (`ingest.notes`). Every other line is kept as it stands.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from ingest.grammar import CONTAINER_WORDS

_SEP = r"(?:-{1,3}|[—–]|&[mn]dash;|&#821[12];)"
_FLAT_SEP = r"(?:-{2,3}|[—–]|&[mn]dash;|&#821[12];)"
_SPACE = r"(?:[ \t\xa0]|&nbsp;|&#160;)"
_NUMBER = r"\d+[A-Za-z]?(?:[.\-:]\d+[A-Za-z]?)*"
_KEYWORD = r"(?:Sec(?:tion)?s?\.?|SEC(?:TION)?S?\.?|§{1,2}|(?:&sect;){1,2})"
_FLAT_HEADING = re.compile(
    rf"^[ \t]*{_KEYWORD}{_SPACE}*{_NUMBER}\.?{_SPACE}+{_FLAT_SEP}{_SPACE}+[A-Za-z]", re.M
)
MIN_HEADINGS = 3

_SECTION = re.compile(
    rf"^{_SPACE}*(?P<kw>{_KEYWORD}){_SPACE}*(?P<num>{_NUMBER})"
    rf"(?:{_SPACE}*(?:-{{1,3}}|[—–]|&[mn]dash;|to|through){_SPACE}*(?P<last>{_NUMBER}))?"
    rf"\.?{_SPACE}+{_SEP}{_SPACE}+"
    r"(?P<title>\S.*?)\s*$"
)
_CONTAINER = re.compile(
    rf"^\s*(?P<kw>{CONTAINER_WORDS}|SUBPART|Subpart)\s+(?P<num>[IVXLC]+|\d+[A-Za-z]?(?:[.\-]\d+)*)\.?"
    rf"{_SPACE}+{_SEP}{_SPACE}+(?P<title>\S.*?)\s*$"
)
_CONTENTS_LABEL = re.compile(
    r"^\s*(?:(?:table\s+of\s+)?contents|sections|in\s+this\s+(?:chapter|article))\s*:?\s*$", re.I
)
_LINK_SPLIT = re.compile(r"\s*(?:[|»›•]|&raquo;|&rsaquo;|&bull;)\s*")
_LINK_TARGET = re.compile(r"\]\([^)\s]*\)|\[(?:link|Link|LINK)\]")
_TAG = re.compile(
    r"</?(?:pre|p|br|div|span|b|i|u|em|strong|a|code|font|center|sup|sub|small|tt|hr|"
    r"table|tbody|thead|tr|td|th|ul|ol|li|h[1-6]|section|article|nav|header|footer|main)"
    r"\b[^<>\n]*/?>",
    re.I,
)
_ENTITY = re.compile(r"&(?:[A-Za-z]{2,8}|#\d{1,5}|#[xX][0-9a-fA-F]{1,4});")
_FOOTER_ITEM = (
    r"(?:Created:\s*\d{4}-\d{2}-\d{2}(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?(?:\s*\[[A-Z]{2,5}\])?|"
    r"\(?\s*Supp\.?\s*No\.?\s*\d{1,3}\s*\)?|Page\s+\d{1,4}\s+of\s+\d{1,4})"
)
_FOOTER = re.compile(rf"\s*{_FOOTER_ITEM}(?:\s+{_FOOTER_ITEM})*\s*")
"""A print footer's line: its time stamp, supplement number and page count."""
_SITE_LINE = re.compile(
    r"\s*(?:Skip\s+to\s+(?:main\s+)?content|Back\s+to\s+top|Return\s+to\s+top|Top\s+of\s+page|"
    r"(?:(?:Print|Share|Email|Download(?:\s+\(?PDF\)?)?)\s*[|]?\s*)+|(?:©|Powered\s+by\b).*)\s*",
    re.I,
)
"""A line of the site's furniture wherever it stands: 'Back to top', 'Print | Share', '© 2025'."""
_NAV_PHRASE = re.compile(
    r"\s*(?:Skip\s+to\b|Jump\s+to\b|Search\b|Print\b|Share\b|Email\b|Download\b|Previous\b|"
    r"Next\b|Menu\b|Sign\s+in\b|Log\s+in\b|Home\b|Copyright\b|\(c\)\s*(?:19|20)\d\d\b)[^.;]{0,80}",
    re.I,
)
"""A line of the site's navigation above the chapter: 'Search within this chapter'."""
_BREADCRUMB = re.compile(r"\s*(?:[|»›>]|&raquo;|&rsaquo;|&gt;)\s*")
_FOOTNOTES_HEAD = re.compile(r"^\s*FOOTNOTE(?:S|\(S\))?\s*:?\s*$", re.I)
_FOOTNOTE_ENTRY = re.compile(
    r"^\s*(?:\[(?:fn\.?\s*)?(?P<a>\d{1,3})\]|-{2,3}\s*\((?P<b>\d{1,3})\)\s*-{2,3}|"
    r"\((?P<c>\d{1,3})\)(?=\s))\s*(?P<text>.*)$",
    re.I,
)
_REF = re.compile(r"(?<=\S)[ \t]*\[(?P<fn>fn\.?\s*)?(?P<n>\d{1,3})\]", re.I)


def looks_flattened(text: str) -> bool:
    """Whether a text is a code chapter printed from a codifier's website with its headings
    flattened to `Sec. 12.4 --- Title` (a section number, ` --- ` or a dash, the title)."""
    return len(_FLAT_HEADING.findall(text[:2_000_000])) >= MIN_HEADINGS


@dataclass(frozen=True)
class _Heading:
    kind: str  # 'section' or the container's keyword, upper case
    number: str
    text: str  # the heading as codes print it: 'Sec. 12.3. - Permit required.'


def _heading(line: str) -> _Heading | None:
    if m := _SECTION.match(line):
        kw = html.unescape(m.group("kw"))
        number = m.group("num") + (f"—{m.group('last')}" if m.group("last") else "")
        return _Heading("section", number, f"{kw} {number}. - {m.group('title')}")
    if m := _CONTAINER.match(line):
        kw = m.group("kw").upper()
        return _Heading(kw, m.group("num").upper(), f"{kw} {m.group('num')}. - {m.group('title')}")
    return None


def _links(line: str) -> list[_Heading] | None:
    """The headings of a line of the page's section links ('» Sec. 12.1 --- Purpose.',
    '[Sec. 12.5 --- Tanks.] | [Sec. 12.6 --- Setbacks.]'); None for any other line."""
    if not re.search(r"[|»›•\[]|&raquo;|&rsaquo;|&bull;", line):
        return None
    pieces = [p.strip().strip("[]").strip() for p in _LINK_SPLIT.split(_LINK_TARGET.sub("]", line))]
    heads = [_heading(p) for p in pieces if p]
    if not heads or any(h is None for h in heads):
        return None
    return [h for h in heads if h is not None]


def _decode(text: str) -> str:
    text = _TAG.sub("", text)
    text = _ENTITY.sub(lambda m: html.unescape(m.group(0)), text)
    return text.replace("\xa0", " ")


def _drop_page_breaks(lines: list[str]) -> list[str]:
    """The lines without the print footers and form feeds: a page break inside a sentence or
    between two rows of a fixed-width table leaves nothing between them, elsewhere one blank
    line."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and _page_break(lines[j]):
            j += 1
        if j == i:
            out.append(lines[i].replace("\f", ""))
            i += 1
            continue
        if not any(_FOOTER.fullmatch(ln.replace("\f", "")) or "\f" in ln for ln in lines[i:j]):
            out += lines[i:j]  # blank lines only
            i = j
            continue
        while out and not out[-1].strip():
            out.pop()
        before = out[-1] if out else ""
        after = lines[j].replace("\f", "") if j < len(lines) else ""
        runs_on = not re.search(r"[.:;)]\s*$", before)  # a sentence (a word) across the page
        if out and not runs_on and not (_in_table(before) and _in_table(after)):
            out.append("")
        i = j
    return out


def _page_break(line: str) -> bool:
    """A line of a page break: blank, a form feed, a print footer's line."""
    bare = line.replace("\f", "")
    return not bare.strip() or _FOOTER.fullmatch(bare) is not None


def _in_table(line: str) -> bool:
    """A fixed-width table's line: cells apart by a run of spaces."""
    return re.search(r"\S[ \t]{2,}\S", line) is not None


def _navigation(lines: list[str], first: int) -> set[int]:
    """The lines of the site's navigation: above the chapter (`first`), a breadcrumb or menu
    ('Home » Code » Chapter 12', 'Print | Email | Share') or a site phrase ('Search this
    chapter'); anywhere, a line of the site's furniture ('Back to top')."""
    out: set[int] = set()
    for i, line in enumerate(lines):
        s = line.strip()
        if not s:
            continue
        if _SITE_LINE.fullmatch(s) or (i < first and _NAV_PHRASE.fullmatch(s)):
            out.add(i)
        elif i < first:
            parts = [p for p in _BREADCRUMB.split(s) if p]
            if len(parts) >= 2 and all(len(p.split()) <= 8 for p in parts):
                out.add(i)
    return out


@dataclass
class _Footnotes:
    """The footnotes block: where it starts (the text's length when there is none), each
    note's words by number and the lines each note spans."""

    start: int
    words: dict[str, str]
    spans: dict[str, list[int]]


def _footnotes(lines: list[str]) -> _Footnotes:
    start = next((i for i, ln in enumerate(lines) if _FOOTNOTES_HEAD.match(ln)), len(lines))
    words: dict[str, list[str]] = {}
    spans: dict[str, list[int]] = {}
    number: str | None = None
    for i in range(start + 1, len(lines)):
        line = lines[i]
        if m := _FOOTNOTE_ENTRY.match(line):
            number = m.group("a") or m.group("b") or m.group("c")
            words.setdefault(number, [])
            spans.setdefault(number, [])
            line = m.group("text")
        elif not line.strip() or number is None:
            continue
        spans[number].append(i)
        if line.strip():
            words[number].append(line.strip())
    return _Footnotes(start, {n: " ".join(w) for n, w in words.items()}, spans)


def flattened_to_text(text: str) -> str:
    """Plain text of a flattened code page (see the module docstring): its provisions and
    headings as a printed code reads, without the page's navigation, links and print furniture."""
    lines = _drop_page_breaks([_decode(ln) for ln in text.replace("\r\n", "\n").split("\n")])
    heads = [_heading(ln) for ln in lines]
    links = [None if h else _links(ln) for h, ln in zip(heads, lines, strict=True)]
    first = next((i for i, h in enumerate(heads) if h or links[i]), len(lines))
    drop = _navigation(lines, first)
    # the section links: a line of links, or a heading printed again below with nothing
    # but other headings between it and the next one
    later: set[tuple[str, str]] = set()
    for i in range(len(lines) - 1, -1, -1):
        head = heads[i]
        if links[i] or (
            head and (head.kind, head.number) in later and _bodyless(lines, heads, links, i)
        ):
            drop.add(i)
        if head is not None:
            later.add((head.kind, head.number))
    for i, line in enumerate(lines):
        if _CONTENTS_LABEL.match(line):
            nxt = next((k for k in range(i + 1, len(lines)) if lines[k].strip()), None)
            if nxt in drop:
                drop.add(i)
    notes = _footnotes(lines)
    kept = [(k, h.kind == "section") for k, h in enumerate(heads) if h and k not in drop]
    cited: dict[int, list[str]] = {}  # the line before which each cited footnote is set
    for i in range(notes.start):
        if i in drop:
            continue

        def cite(m: re.Match[str], i: int = i) -> str:
            number = m.group("n")
            if number not in notes.words:  # '[fn 2]', or glued to its word ('systems.[1]')
                return "" if m.group("fn") or not m.group(0)[0].isspace() else m.group(0)
            if not any(number in n for n in cited.values()):
                at = _section_end(lines, kept, i, notes.start)
                cited.setdefault(at, []).append(number)
            return ""

        lines[i] = _REF.sub(cite, lines[i])
        if (head := _heading(lines[i])) is not None:
            lines[i] = head.text
    moved = {n for ns in cited.values() for n in ns}
    drop.update(i for n in moved for i in notes.spans[n])
    if moved and moved == set(notes.words):
        drop.add(notes.start)
    out: list[str] = []
    for i in range(len(lines) + 1):
        for number in cited.get(i, []):
            out += [f"Footnotes: [{number}] {notes.words[number]}", ""]
        if i < len(lines) and i not in drop:
            out.append(lines[i])
    return "\n".join(out)


def _bodyless(
    lines: list[str], heads: list[_Heading | None], links: list[list[_Heading] | None], i: int
) -> bool:
    """Whether heading `i` is followed by nothing but blank lines up to the next heading."""
    for k in range(i + 1, len(lines)):
        if heads[k] is not None or links[k] is not None:
            return True
        if lines[k].strip() and not _CONTENTS_LABEL.match(lines[k]):
            return False
    return True


def _section_end(lines: list[str], heads: list[tuple[int, bool]], i: int, stop: int) -> int:
    """The line before which the notes of the text at line `i` are set, after its last words:
    a section's before the next heading (`heads`: each kept heading's line, and whether it is a
    section's) or the footnotes block; a chapter's or an article's (cited above the first
    section) before the first section's heading."""
    opening = not any(k <= i and section for k, section in heads)
    k = next((k for k, section in heads if k > i and (section or not opening)), stop)
    k = min(k, stop)
    while k - 1 > i and not lines[k - 1].strip():
        k -= 1
    return k
