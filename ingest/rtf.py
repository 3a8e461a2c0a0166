"""Rich Text Format: an ordinance saved from a word processor as RTF, as ``.rtf`` or kept as
``.txt``, read as the text a reader of the printed page sees.

A word processor's RTF holds far more than the words: font, colour, style, list and revision
tables, document information, running heads and footers with page fields, a contents field,
bookmarks, footnotes, pictures, and at the end theme, latent-style and data-store blocks. The
words themselves are split into runs by formatting and edit marks. `rtf_to_text` walks the
groups and control words (RTF 1.9.1) and keeps:

- the body's text, a paragraph per line (``\\par``, ``\\line``, section and page breaks), tabs as
  tabs (``Section 27.04.<TAB>Septic tanks.``, a list item's ``(a)<TAB>``), special characters
  (``\\'hh`` in the document's code page, ``\\uN`` with its fallback skipped, dashes, quotes,
  non-breaking spaces and hyphens; an optional hyphen is dropped);
- a table's rows as lines with a tab between cells (`ingest.tabbed` sets them out as columns),
  a paragraph inside a cell joined to the cell's other paragraphs;
- a field's result (a hyperlink's words), except the results a word processor builds itself:
  a contents list, an index and page numbers.

It drops every destination that is not body text (the tables above, headers, footers,
footnotes, pictures, objects, bookmarks, index and contents entries, every ``{\\*\\...}`` group
it does not know), hidden text and text a tracked change deleted. Line ends in the RTF source are not text (the format's own
rule), so a run wrapped across source lines reads as one.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, replace

_TOKEN = re.compile(
    r"\\([a-zA-Z]{1,32})(-?\d{1,10})? ?"  # a control word, its parameter, its delimiter space
    r"|\\'([0-9a-fA-F]{2})"  # a character by its code in the document's code page
    r"|\\([^a-zA-Z'])"  # a control symbol
    r"|([{}])"
    r"|[\r\n]+"  # line ends in the source are not text
    r"|([^\\{}\r\n]+)",
    re.S,
)
_SKIPPED = frozenset({
    "fonttbl",
    "colortbl",
    "stylesheet",
    "info",
    "listtable",
    "listoverridetable",
    "revtbl",
    "rsidtbl",
    "generator",
    "header",
    "headerl",
    "headerr",
    "headerf",
    "footer",
    "footerl",
    "footerr",
    "footerf",
    "footnote",
    "ftnsep",
    "ftnsepc",
    "aftnsep",
    "aftnsepc",
    "ftncn",
    "aftncn",
    "pict",
    "object",
    "objdata",
    "nonshppict",
    "shpinst",
    "themedata",
    "colorschememapping",
    "datastore",
    "latentstyles",
    "xmlnstbl",
    "fldinst",
    "pgdsctbl",
    "filetbl",
    "mmathPr",
    "docvar",
    "bkmkstart",
    "bkmkend",
    "annotation",
    "atnid",
    "atnauthor",
    "atndate",
    "atnref",
    "xe",
    "tc",
    "tcn",
    "txe",
    "pn",
    "pntxta",
    "pntxtb",
    "userprops",
    "wgrffmtfilter",
    "template",
    "panose",
    "falt",
    "fname",
    "listpicture",
    "protusertbl",
    "defchp",
    "defpap",
    "pgptbl",
    "passwordhash",
})  # fmt: skip
"""Destinations that hold no body text."""
_BUILT_FIELDS = frozenset({"TOC", "PAGE", "NUMPAGES", "SECTIONPAGES", "PAGEREF", "INDEX", "TOA"})
"""Fields whose result the word processor builds (contents, index, page numbers)."""
_CHARACTERS = {
    "par": "\n", "line": "\n", "sect": "\n", "page": "\n", "column": "\n", "tab": "\t",
    "emdash": "\u2014", "endash": "\u2013", "lquote": "\u2018", "rquote": "\u2019",
    "ldblquote": "\u201c", "rdblquote": "\u201d", "bullet": "\u2022",
    "emspace": " ", "enspace": " ", "qmspace": " ",
}  # fmt: skip
_SYMBOLS = {"~": " ", "_": "-", "-": "", "\\": "\\", "{": "{", "}": "}", "\n": "\n", "\r": "\n"}
_RTF_START = re.compile(r"\A\ufeff?\s*\{\\rtf")


@dataclass(frozen=True)
class _Group:
    """What a group inherits from its parent, changed by its own control words."""

    skip: bool = False  # a destination that is not body text
    hidden: bool = False  # hidden text (\v)
    in_cell: bool = False  # paragraphs in a table cell (\intbl)
    fallback: int = 1  # characters after \uN that stand in for it (\ucN)
    field: int | None = None  # the index of the field this group belongs to
    instruction: bool = False  # inside a field's instruction (its words are collected)


def looks_like_rtf(text: str) -> bool:
    """Whether a text file is RTF source (it opens with ``{\\rtf``)."""
    return bool(_RTF_START.match(text))


def rtf_to_text(source: str) -> str:
    """The text of an RTF document, a paragraph per line (see the module docstring)."""
    out: list[str] = []
    stack: list[_Group] = []
    group = _Group()
    fields: list[list[str]] = []  # each field's instruction words
    codepage = "cp1252"
    skip_chars = 0  # fallback characters still to skip after a \uN
    starts_group = False  # the previous token opened a group: a destination may follow
    ignorable = False  # the group opened with \* (an optional destination)
    pos = 0
    while pos < len(source):
        m = _TOKEN.match(source, pos)
        if m is None:  # a lone backslash at the end
            break
        pos = m.end()
        word, param, hexcode, symbol, brace, run = m.groups()
        opening, starts_group = starts_group, False
        if brace == "{":
            stack.append(group)
            starts_group, ignorable = True, False
            continue
        if brace == "}":
            group = stack.pop() if stack else _Group()
            skip_chars = 0
            continue
        if symbol == "*" and opening:
            starts_group, ignorable = True, True
            continue
        if word is not None:
            if word == "bin" and param:  # raw bytes: never text
                pos += max(int(param), 0)
                continue
            if opening and (word in _SKIPPED or ignorable):
                if word == "fldinst" and group.field is not None:
                    group = replace(group, instruction=True)
                    continue
                group = replace(group, skip=True)
                continue
            if skip_chars:
                skip_chars -= 1
                continue
            group, text, codepage = _control_word(group, word, param, fields, codepage)
            if word == "u" and param is not None:
                skip_chars = group.fallback
            if text:
                _emit(out, fields, group, text)
            continue
        if skip_chars and (hexcode or symbol):
            skip_chars -= 1
            continue
        if hexcode:
            _emit(out, fields, group, bytes([int(hexcode, 16)]).decode(codepage, "replace"))
        elif symbol is not None:
            _emit(out, fields, group, _SYMBOLS.get(symbol, ""))
        elif run:
            if skip_chars:
                run, skip_chars = run[skip_chars:], max(skip_chars - len(run), 0)
            _emit(out, fields, group, run)
    return _tidy("".join(out))


def _control_word(
    group: _Group, word: str, param: str | None, fields: list[list[str]], codepage: str
) -> tuple[_Group, str, str]:
    """A control word's effect: the group's new state, the text it stands for, the code page."""
    if word == "ansicpg" and param:
        name = f"cp{param}"
        try:
            codecs.lookup(name)
        except LookupError:
            name = codepage
        return group, "", name
    if word == "field":
        fields.append([])
        return replace(group, field=len(fields) - 1), "", codepage
    if word == "fldrslt" and group.field is not None:
        built = "".join(fields[group.field]).split()[:1]
        return replace(group, skip=group.skip or bool(set(built) & _BUILT_FIELDS)), "", codepage
    if word in ("v", "deleted"):  # hidden text; text a tracked change deleted
        return replace(group, hidden=param != "0"), "", codepage
    if word == "plain":
        return replace(group, hidden=False), "", codepage
    if word == "intbl":
        return replace(group, in_cell=True), "", codepage
    if word == "pard":
        return replace(group, in_cell=False), "", codepage
    if word == "uc" and param is not None:
        return replace(group, fallback=max(int(param), 0)), "", codepage
    if word == "u" and param is not None:
        code = int(param)
        return group, chr(code + 65536 if code < 0 else code), codepage
    if word in ("cell", "nestcell"):
        return group, "\x1f", codepage  # a cell's end (a tab between cells, see _tidy)
    if word in ("row", "nestrow"):
        return group, "\x1e", codepage  # a row's end
    if word == "par" and group.in_cell:
        return group, " ", codepage
    return group, _CHARACTERS.get(word, ""), codepage


def _emit(out: list[str], fields: list[list[str]], group: _Group, text: str) -> None:
    if group.instruction and group.field is not None:
        fields[group.field].append(text)
    elif not (group.skip or group.hidden):
        out.append(text)


def _tidy(text: str) -> str:
    """Cells and rows as tab-separated lines; no space at line ends; at most one blank line."""
    text = re.sub(r"[ \t]*\x1f[ \t]*(?=\x1e)", "", text)  # the last cell's end before the row's
    text = re.sub(r"[ \t]*\x1f[ \t]*", "\t", text)
    text = text.replace("\x1e", "\n")
    text = re.sub(r"[ \u00a0]+\n", "\n", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip("\n") + "\n"
