"""An ordinance kept as a markup export (XML, or tags like it), saved as `.xml` or `.txt`:

    CODE EXPORT 2024-03-02 ...                                (a banner: not the text)
    <?xml version="1.0"?>
    <ordinance>
      <docinfo> ... </docinfo>                                 (metadata: left out)
      <toc> ... </toc>                                         (contents: left out)
      <article num="3"><heading>PERMITS</heading>              (a container: `ARTICLE 3. PERMITS`)
        <section num="3.02"><heading>Permit term.</heading>     (`Section 3.02. Permit term.`)
          <para num="a">A permit is valid ...<fnref n="2"/></para>  (`(a) A permit is valid ...`)
          <table><caption>...</caption><![CDATA[rows as printed]]></table>   (lines kept)
          <history>Ord. 2019-4</history>                        (left out: not the law)
        </section>
      <footnote n="2">...</footnote>                            (left out)

An element's role is told by its name's schema word, or by its `type`, `class` or `role`
attribute where the name is generic (`<level type="section">`, `<div class="section">`): a
container, a section, a subdivision, a heading, a number, a table, a block of text, or an
element that is not the law (metadata, contents, history, notes, footnotes and their markers,
running heads and page breaks). A number comes from an attribute (`num`, `n`, `number`, ...) or
a `<num>` child. `markup_export_to_text` prints the ordinance as a printed code's plain text,
so the usual reader takes it from there. Nothing here knows a city.
"""

from __future__ import annotations

import logging
import re
import textwrap
from dataclasses import dataclass, field
from html.parser import HTMLParser

from ingest.recordrows import MIN_SECTIONS, labelled, section_head, section_number
from ingest.recordrows import title_without_number as bare_title

log = logging.getLogger(__name__)

_SKIP = re.compile(
    r"^(?:meta(?:data)?|doc-?info|info|header|banner|toc|contents|index|hist(?:ory|note)?|"
    r"source|credits?|amend\w*|annot\w*|notes?|editor\w*|fn|foot-?notes?|end-?notes?|x-?refs?|"
    r"cross-?ref\w*|see-?also|running-?(?:head|foot)\w*|rh|rf|footer|page-?(?:foot\w*|head\w*|break|num\w*)|"
    r"pb|folio|supp\w*|nav\w*|script|style|fn-?ref|foot-?note-?ref|note-?ref|sup)$"
)
_NOT_LAW = re.compile(
    r"hist|foot|\bfn\b|note|editor|annot|x-?ref|cross|amend|running|page-?(?:break|head|foot)|"
    r"\btoc\b|metadata|banner|nav",
    re.I,
)  # a `type`, `class` or `role` naming what is not the law ('footnote-ref', 'history')
_HEADING = re.compile(r"^(?:heading|head|hdg|title|catch-?line|section-?title)$")
_NUM = re.compile(r"^(?:num|number|no|enum|designation|sect?-?no|ident)$")
_NUM_ATTRS = ("num", "number", "n", "no", "nr", "enum", "ident", "label", "designation")
_CONTAINER = re.compile(r"^(?:article|chapter|part|division|sub-?chapter|book|subtitle)$")
_SECTION = re.compile(r"^(?:section|sec|rule|regulation)$")
_SUB = re.compile(
    r"^(?:sub-?section|subsec|sub-?division|subd|sub-?paragraph|subpara|clause|item|point|"
    r"sub-?part|subp|level|p|para|paragraph|li)$"
)
_TABLE = re.compile(r"^(?:table|tbl|pre|tabular|schedule|chart|figure)$")
_BLOCK = re.compile(
    r"^(?:p|para|paragraph|text|content|body|li|div|line|block|list|ol|ul|tr|br|definition|"
    r"proviso|exception|caption)$"
)
_GENERIC = re.compile(r"^(?:level|div|unit|node|element|block|container|group|hcontainer)$")
_GONE = re.compile(r"repeal|reserv|delet|rescind", re.I)
_FULL_NUMBER = re.compile(r"\d+[A-Za-z]?[.\-:]\d")  # '4.02', '9-4-3', '7A-12'
_ID_NUMBER = re.compile(r"(\d+[A-Za-z]?(?:[.\-]\d+[A-Za-z]?)+)$")
_NUMBER_FIRST = re.compile(
    r"(?:§+|sec(?:tion)?\.?)?\s*(\d+[A-Za-z]?(?:[.\-]\d+[A-Za-z]?)*)\.?\s", re.I
)


@dataclass
class _Node:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[_Node | str] = field(default_factory=list)

    def word(self) -> str:
        """The schema word of the element: its name, or its kind for a generic name."""
        if _GENERIC.match(self.tag):
            for key in ("type", "class", "role", "kind", "level"):
                kind = self.attrs.get(key, "").strip().lower().split()
                if kind:
                    return kind[0]
        return self.tag


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Node("#root")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = _Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in ("br", "pb", "hr"):
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(_Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if len(self.stack) > 1:  # text outside every element (a banner) is not the document's
            self.stack[-1].children.append(data)

    def unknown_decl(self, data: str) -> None:
        if data.startswith("CDATA[") and len(self.stack) > 1:
            self.stack[-1].children.append(_Node("#cdata", children=[data[6:]]))


def _parse(text: str) -> _Node:
    tree = _Tree()
    tree.feed(text)
    tree.close()
    return tree.root


def _number(node: _Node) -> str:
    """The element's number: an attribute, a `<num>` child, or a number its id ends in."""
    for key in _NUM_ATTRS:
        if node.attrs.get(key, "").strip():
            return node.attrs[key].strip()
    for child in node.children:
        if isinstance(child, _Node) and _NUM.match(child.tag):
            return " ".join(_inline(child).split())
    m = _ID_NUMBER.search(node.attrs.get("id", ""))
    return m.group(1) if m else ""


def _heading(node: _Node) -> str:
    """The element's heading: a heading child, or a heading attribute."""
    for child in node.children:
        if isinstance(child, _Node) and _HEADING.match(child.tag):
            return " ".join(_inline(child).split())
    return next(
        (node.attrs[k].strip() for k in ("heading", "title", "caption") if node.attrs.get(k)), ""
    )


def _inline(node: _Node) -> str:
    """An element's words, markup and left-out elements dropped, line breaks kept."""
    out: list[str] = []
    for child in node.children:
        if isinstance(child, str):
            out.append(child)
        elif not _left_out(child):
            out.append(_inline(child))
            if _BLOCK.match(child.word()) or child.tag == "br":
                out.append("\n")
    return "".join(out)


def _left_out(node: _Node) -> bool:
    kinds = " ".join(node.attrs.get(k, "") for k in ("type", "class", "role", "kind"))
    return bool(_SKIP.match(node.word()) or _NOT_LAW.search(kinds))


def _role(node: _Node) -> str:
    word = node.word()
    if node.tag == "#cdata":
        return "table"
    if _left_out(node):
        return "skip"
    if _HEADING.match(node.tag) or _NUM.match(node.tag):
        return "part-of-head"
    if _TABLE.match(word):
        return "table"
    numbered, headed = bool(_number(node)), bool(_heading(node))
    if _CONTAINER.match(word) and (numbered or headed):
        return "container"
    if _SECTION.match(word) and (numbered or headed):
        return "section"
    if numbered and headed and _FULL_NUMBER.search(_number(node)):
        return "section"
    if numbered and _SUB.match(word):
        return "sub"
    return "block"


def _structural(node: _Node) -> bool:
    """Whether an element breaks the text (a block, or a wrapper of sections or blocks), rather
    than running on inside it (bold, a term, a span)."""
    if _BLOCK.match(node.word()) or node.tag == "br":
        return True
    return any(
        isinstance(c, _Node) and (_role(c) not in ("block", "skip") or _structural(c))
        for c in node.children
    )


@dataclass
class _Out:
    lines: list[str] = field(default_factory=list)
    sections: int = 0

    def text(self, words: str) -> None:
        words = re.sub(r"[ \t]*\n[ \t\n]*", "\n", words)  # (a page break between lines)
        words = re.sub(r"[ \t]+", " ", words).strip()
        if words:
            self.lines.append(words)


def _render(node: _Node, out: _Out) -> None:
    loose: list[str] = []  # running text of this element between its block children

    def flush() -> None:
        out.text("".join(loose))
        loose.clear()

    for child in node.children:
        if isinstance(child, str):
            loose.append(child)
            continue
        role = _role(child)
        if role in ("skip", "part-of-head"):
            continue
        if role == "block" and not _structural(child):
            loose.append(_inline(child))  # an inline element: its words run on
            continue
        flush()
        if role == "container":
            num, head = _number(child).rstrip("."), _heading(child)
            kind = "" if num.lower().startswith(child.word()) else f"{child.word().upper()} "
            named = head.lower().startswith(child.word()) or not num
            out.lines += ["", head if named else f"{kind}{num}. {head}".strip(), ""]
            _render(child, out)
        elif role == "section":
            heading = _heading(child)
            number = (section_number(_number(child)) or (_number(child), ""))[0]
            if not number and (m := _NUMBER_FIRST.match(heading)):
                number = m.group(1)  # '<title>4.02 Septic tanks</title>': the number in it
            head = section_head(number, bare_title(heading, number)) if number else heading
            gone = any(_GONE.search(child.attrs.get(k, "")) for k in ("status", "type", "state"))
            out.lines += ["", head]
            start = len(out.lines)
            _render(child, out)
            if gone and len(out.lines) == start:
                out.lines[-1] += " Repealed."
            out.sections += 1
        elif role == "sub":
            inner = _Out()
            _render(child, inner)
            head = _heading(child)
            body = "\n".join(inner.lines)
            body = f"{head.rstrip('.')}. {body}" if head else body
            out.lines.append(labelled(_number(child).strip(), body))
        elif role == "table":
            _table(child, out)
        else:
            _render(child, out)
    flush()


def _table(node: _Node, out: _Out) -> None:
    """A table's caption and rows: its lines as printed (a fixed-width table's columns kept)."""
    if _heading(node) and not any(
        isinstance(c, _Node) and _HEADING.match(c.tag) for c in node.children
    ):
        out.text(_heading(node))  # a caption given as an attribute
    for child in node.children:
        if isinstance(child, str):
            if child.strip():
                out.lines.append(textwrap.dedent(child.strip("\n")).rstrip())
        elif child.tag == "#cdata":
            out.lines.append(textwrap.dedent(str(child.children[0]).strip("\n")).rstrip())
        elif _role(child) != "skip":
            if _BLOCK.match(child.word()) or _HEADING.match(child.tag):
                out.text(_inline(child))
            else:
                _table(child, out)


def _converted(text: str) -> tuple[str, int]:
    out = _Out()
    _render(_parse(text), out)
    lines = [ln.rstrip() for ln in "\n".join(out.lines).split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip() + "\n", out.sections


_TAGGED = re.compile(
    r"<[A-Za-z][\w:.-]*(?:\s+[\w:.-]+\s*=\s*\"[^\"]*\")*\s*/?>|</[A-Za-z][\w:.-]*>"
)


def _marked_up(text: str) -> bool:
    """Whether markup carries the text: most of its lines are elements (`<p>...</p>`), not
    prose with a tag here and there."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    tagged = sum(1 for ln in lines if ln.startswith("<") and _TAGGED.match(ln))
    return tagged >= 30 and tagged >= 0.4 * len(lines) and text.count("</") >= 20


def looks_like_markup_export(text: str) -> bool:
    """Whether the text is a markup export holding an ordinance: its elements hold at least
    `MIN_SECTIONS` sections, or markup carries every line (its headings are then read from
    the text the elements hold, as in a printed code)."""
    if text.count("</") < 2 * MIN_SECTIONS or len(_TAGGED.findall(text[:20000])) < 20:
        return False
    return _marked_up(text) or _converted(text)[1] >= MIN_SECTIONS


def markup_export_to_text(text: str) -> str:
    """The ordinance a markup export holds, as plain text (see the module docstring); the text
    as it is where it is no markup export."""
    converted, sections = _converted(text)
    if sections < MIN_SECTIONS and not _marked_up(text):
        return text
    log.info("read as a markup export: %d section elements", sections)
    return converted
