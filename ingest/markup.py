"""Markup sources as plain text: an HTML page, a Markdown page, a reStructuredText source.

Codes copied from a website or kept as a documentation source arrive as `.txt` files as often as
with their own extension; `looks_like_markdown` / `looks_like_rst` tell them by their marks. Each
converter keeps the ordinance's words and its headings' lines and drops the markup: heading marks
and underlines, link targets, directives, labels, navigation; a table becomes fixed-width columns,
so its rows read like a printed table's (`ingest.rulefacts` reads those).
"""

from __future__ import annotations

import html
import itertools
import re
from html.parser import HTMLParser
from typing import ClassVar


class _HTMLText(HTMLParser):
    _BLOCK: ClassVar[frozenset[str]] = frozenset(
        {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "section", "table"}
    )

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        elif tag in self._BLOCK:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip = max(0, self._skip - 1)
        elif tag in self._BLOCK:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def html_to_text(text: str) -> str:
    parser = _HTMLText()
    parser.feed(text)
    parser.close()
    lines = [
        re.sub(r"[ \t]+", " ", ln).strip()
        for ln in html.unescape("".join(parser.parts)).split("\n")
    ]
    return "\n".join(ln for ln in lines if ln)


_MD_HEADING = re.compile(r"(?m)^\s{0,3}#{1,6}\s+\S")
_MD_LINK = re.compile(r"!?\[([^\]\n]*)\]\([^)\n]*\)")
_MD_FENCE = re.compile(r"^\s*(?:```|~~~)")
_MD_RULE = re.compile(r"^\s*(?:[-*_]\s*){3,}$")
_SITE_FOOTER = re.compile(r"\s*(?:©|\(c\)\s*(?:19|20)\d\d\b|Copyright\b|Powered by\b)", re.I)
"""A website's footer line ("© 2024 City of ... | Privacy", "Powered by ...")."""
_MD_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


def looks_like_markdown(text: str) -> bool:
    """Whether a text file is Markdown (a code page copied from a website, saved as .txt):
    several `#` headings, or headings with links or a pipe table."""
    heads = len(_MD_HEADING.findall(text))
    return heads >= 3 or (
        heads >= 1
        and (len(_MD_LINK.findall(text)) >= 3 or bool(re.search(r"(?m)^\s*\|.*\|\s*$", text)))
    )


def _table_text(rows: list[list[str]]) -> list[str]:
    """A pipe table as fixed-width columns (two spaces at least between cells)."""
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    sizes = [max(len(r[i]) for r in rows) for i in range(width)]
    return ["    ".join(c.ljust(sizes[i]) for i, c in enumerate(r)).rstrip() for r in rows]


def markdown_to_text(text: str) -> str:
    """Plain text of a Markdown page: heading marks, emphasis, link targets, block quote marks,
    rules and a site's navigation ("[Back to top](#top)", lists of bare links) go; a pipe table
    becomes fixed-width columns, so its rows read like a printed table's."""
    out: list[str] = []
    table: list[list[str]] = []
    lines = text.replace("\r\n", "\n").split("\n")
    fenced = False
    for i, raw in enumerate(lines):
        line = raw.rstrip()
        if _MD_FENCE.match(line):
            fenced = not fenced  # a code block (a fixed-width table) is printed as it stands
            continue
        if fenced:
            out.append(line)
            continue
        piped = line.strip().startswith("|") and line.strip().endswith("|")
        # a table without its outer pipes ('Soil | Rate' over '---|---'), row by row
        opens = "|" in line and i + 1 < len(lines) and bool(_MD_TABLE_RULE.match(lines[i + 1]))
        if piped or opens or (table and "|" in line):
            if not _MD_TABLE_RULE.match(line):
                table.append([_inline(c.strip()) for c in line.strip().strip("|").split("|")])
            continue
        if table:
            out += _table_text(table)
            table = []
        if _MD_RULE.match(line):
            out.append("")
            continue
        bare = _MD_LINK.sub("", re.sub(r"^\s*(?:[-*+]|\d+\.)\s+", "", line)).strip(" |>*-")
        if _MD_LINK.search(line) and not re.search(r"\w", bare):
            continue  # navigation: a line of links only
        if _SITE_FOOTER.match(line):
            continue
        line = re.sub(r"^(\s{0,3})#{1,6}\s+", r"\1", line)
        line = re.sub(r"^\s*>\s?", "", line)
        line = re.sub(r"^(\s*)[-+]\s+", r"\1* ", line)
        out.append(_inline(line))
    if table:
        out += _table_text(table)
    return "\n".join(out)


def _inline(text: str) -> str:
    text = _MD_LINK.sub(lambda m: m.group(1), text)
    text = re.sub(r"\*\*(.+?)\*\*|__(.+?)__", lambda m: m.group(1) or m.group(2), text)
    text = re.sub(r"(?<![\w*])\*(?!\s)([^*\n]+?)(?<!\s)\*(?![\w*])", r"\1", text)
    text = re.sub(r"(?<!\w)_(?!\s)([^_\n]+?)(?<!\s)_(?!\w)", r"\1", text)
    return text.replace("`", "")


_RST_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+:.])\1{2,}\s*$")
_RST_EXPLICIT = re.compile(r"^\.\.\s+(?:\S+::|_[^:\n]+:|\|[^|\n]+\|\s+\w+::|\[[^\]\n]+\])")
_RST_SUBSTITUTION = re.compile(r"^\.\.\s+\|(?P<name>[^|\n]+)\|\s+replace::\s*(?P<text>.*)$")
_RST_DIRECTIVE = re.compile(r"^\.\.\s+(?P<name>[\w:-]+)::\s*(?P<arg>.*)$")
_RST_FOOTNOTE = re.compile(r"^\.\.\s+\[(?P<label>[^\]\n]+)\]\s*(?P<text>.*)$")
_GRID_RULE = re.compile(r"^\s*\+(?:[-=]+\+)+\s*$")
_SIMPLE_RULE = re.compile(r"^\s*=+(?:\s+=+)+\s*$")
_RST_LINK = re.compile(r"`([^`<\n]*?)\s*<[^>\n]*>`__?")
_RST_ROLE = re.compile(r":[\w-]+:`([^`<\n]*?)(?:\s*<[^>\n]*>)?`")
_KEEP_BODY = ("note", "warning", "important", "admonition", "table", "list-table", "csv-table",
              "topic", "sidebar", "container")  # fmt: skip
"""Directives whose content is text of the document; any other directive (page furniture, a
contents list, raw output, an image) goes with its indented block."""
_CHANGE_NOTE = {"versionadded": "Added", "versionchanged": "Amended", "deprecated": "Repealed"}
"""Change notes: the history of a section, kept as a bracketed history note of it."""


def looks_like_rst(text: str) -> bool:
    """Whether a text file is a reStructuredText source: explicit markup lines (`.. _label:`,
    `.. note::`, `.. |X| replace::`) and titles underlined with a line of one mark."""
    lines = text.splitlines()
    explicit = sum(1 for ln in lines if _RST_EXPLICIT.match(ln))
    underlined = sum(
        1
        for above, ln in itertools.pairwise(lines)
        if above.strip() and _RST_UNDERLINE.match(ln) and len(ln.strip()) >= len(above.strip())
    )
    return explicit >= 3 and underlined >= 2


def _rst_inline(text: str, subs: dict[str, str]) -> str:
    for name, value in subs.items():
        text = text.replace(f"|{name}|", value)
    text = _RST_LINK.sub(lambda m: m.group(1), text)
    text = _RST_ROLE.sub(lambda m: m.group(1), text)
    text = re.sub(r"\s*\[#?\w*\]_", "", text)  # a footnote reference
    text = re.sub(r"``(.+?)``", r"\1", text)
    return _inline(text)


def rst_to_text(text: str) -> str:
    """Plain text of a reStructuredText source: title underlines and overlines, labels,
    comments, substitution definitions (their text put where they are used) and directives
    that are not text (header, footer, contents, raw, image) go with their indented blocks; a
    note's or a change note's text stays; a grid table becomes fixed-width columns; a simple
    table's rules go; a field `:Adopted: 2022` reads 'Adopted: 2022'; links keep their words; a
    line of links only (navigation) goes."""
    lines = text.replace("\r\n", "\n").split("\n")
    subs = {
        m.group("name"): m.group("text").strip()
        for ln in lines
        if (m := _RST_SUBSTITUTION.match(ln))
    }
    out: list[str] = []
    table: list[list[str]] = []
    skipping = False
    change: list[str] | None = None  # a change note's words, gathered to one history line
    for raw in lines:
        line = raw.rstrip()
        indented = line[:1] in (" ", "\t")
        if change is not None:
            if indented or not line:
                change.append(line.strip())
                continue
            out.append(_change_line(change, subs))
            change = None
        if skipping and (indented or not line):
            continue
        skipping = False
        if _GRID_RULE.match(line):
            continue
        stripped = line.strip()
        if stripped.startswith("|") and stripped.endswith("|") and len(stripped) > 1:
            table.append([_rst_inline(c.strip(), subs) for c in stripped.strip("|").split("|")])
            continue
        if table:
            out += _table_text(table)
            table = []
        if _RST_UNDERLINE.match(line) or _SIMPLE_RULE.match(line):
            continue
        if line.startswith(".. "):
            directive = _RST_DIRECTIVE.match(line)
            footnote = _RST_FOOTNOTE.match(line)
            if directive and directive.group("name") in _CHANGE_NOTE:
                change = [_CHANGE_NOTE[directive.group("name")], directive.group("arg").strip()]
                continue
            if directive and directive.group("name") in _KEEP_BODY:
                arg = directive.group("arg").strip()
                if arg:
                    out.append(_rst_inline(arg, subs))
                continue
            if footnote:
                out.append(
                    f"[{footnote.group('label').lstrip('#')}] {_rst_inline(footnote.group('text'), subs)}"
                )
                continue
            skipping = True  # a label, a comment, a substitution, furniture: with its block
            continue
        if _RST_LINK.search(line) and not re.search(r"\w", _RST_LINK.sub("", line)):
            continue  # navigation: a line of links only
        line = re.sub(r"^(\s*):([\w ]+):\s+", r"\1\2: ", line)
        out.append(_rst_inline(line, subs))
    if change is not None:
        out.append(_change_line(change, subs))
    if table:
        out += _table_text(table)
    return "\n".join(out)


def _change_line(words: list[str], subs: dict[str, str]) -> str:
    """`.. versionchanged:: 2024-01` with its text -> '[Amended 2024-01: Subsection (b) amended.]'
    on a line of its own: a history note of the section, not one of its provisions."""
    kind, when, *body = words
    text = " ".join(_rst_inline(" ".join(w for w in body if w), subs).split())
    text = text.replace("[", "(").replace("]", ")")
    return f"[{kind} {when}: {text}]" if text else f"[{kind} {when}]"
