"""An ordinance kept as a configuration text (YAML, or JSON, which YAML reads too), one block per
section, saved as `.txt`, `.yaml`, `.yml` or `.json`:

    # exported from the township's records system             (comments: not the text)
    ordinance:
      title: Subsurface Sewage Treatment System Ordinance
      parts:
        - part: "4"                                           (a container: its sections
          title: Design standards                              below it)
          sections:
            - number: "4.2"                                   (a section: its number, its
              title: Septic tanks                              title, its text in any field
              text: |                                          long enough to be text, lists
                (a) Every septic tank shall ...                 of items, item mappings)
                  Bedrooms      Gallons                        (a literal block keeps a
                  3 or fewer      1,250                         fixed-width table's columns)
              history: [Ord. 2019-03, Ord. 2022-01]

A section is a mapping with a number (a field such as `number`, `section` or `id`, else the
first short value printed like a section number, else its key: `"4.2": {...}`) and a title
(`title`, `heading`, `name`, else its first short line of words), and text or sections of its
own. `config_to_text` prints each as the plain text of a printed code: a container as
`ARTICLE n. TITLE`, a section as `Section n. Title.` with its text below (long strings as they
stand, list items one to a line, an item mapping as `(a) its text`, short metadata fields left
out). Nothing here knows a city: the field names are the schema words such files use.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

log = logging.getLogger(__name__)

MIN_SECTIONS = 3
"""Sections a configuration text must hold to be read as one (else it is left as it is)."""
MIN_KEY_LINES = 10
"""Lines of the form `key: value` (or `- item`) it holds at least."""

_KEY_LINE = re.compile(
    r"""^\s*(?:-\s+)?(?:"[^"\n]{1,60}"|'[^'\n]{1,60}'|[\w§.() -]{1,40}):(?:[ \t]|$)"""
)
_NUMBER = re.compile(
    r"^(?:§+\s*|(?:sec(?:tion)?|subd(?:ivision)?|rule|part|article|art)\.?\s*)?"
    r"(?!\d{4}-)(?P<n>\d+[A-Z]?(?:[.\-:]\d+[A-Za-z]?)*|[IVXLC]+)\.?$",
    re.I,
)
_NUMBER_KEYS = ("number", "no", "num", "section", "sec", "id", "ref", "part", "article", "rule")
_CONTAINERS = {"part", "article", "chapter", "division", "title"}
_TITLE_KEYS = ("title", "heading", "name", "caption", "subject", "label")
_CHILD_KEYS = ("sections", "parts", "articles", "chapters", "subsections", "rules", "children")
_STREAM_MARK = re.compile(r"^(?:---|\.\.\.)\s*(?:#.*)?$|^%")
_NOTE_KEY = re.compile(
    r"histor|note|editor|comment|source|amend|cross|refer|see_?also|breadcrumb|link|attach|meta"
    r"|contents|toc|nav|footnote",
    re.I,
)
"""Fields of a section that are no law: its history, notes, references, links."""
_ITEM_LABEL = re.compile(r"^\(?([a-z]{1,3}|\d{1,2}|[A-Z])[.)]?$")
_TEXT_CHARS = 40
"""A string of at least this many characters, or of several lines, is text; shorter ones are
metadata (a date, a status), left out."""


@dataclass
class _Record:
    number: str | None
    title: str
    body: list[str] = field(default_factory=list)
    children: list[_Record] = field(default_factory=list)


def _load(text: str) -> Any:
    """The loaded tree; a stream of several documents ('---' between them) as their list."""
    try:  # every scalar a string: '4.10' stays '4.10', not the float 4.1
        docs = [d for d in yaml.load_all(text, Loader=yaml.BaseLoader) if d is not None]
    except yaml.YAMLError:
        return None
    return docs[0] if len(docs) == 1 else docs


def _is_text(value: Any) -> bool:
    """A sentence or more (a title of many words is none: 'Individual Sewage Treatment System
    Ordinance')."""
    if not isinstance(value, str):
        return False
    said = value.strip()
    return "\n" in said or (
        len(said) >= _TEXT_CHARS and (said[-1] in ".;:" or len(said.split()) > 15)
    )


def _words(key: Any) -> set[str]:
    """A field name's words: 'Section Number', 'section_no', 'sectionTitle' -> their words."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", str(key))
    return set(re.findall(r"[a-z]+", spaced.lower()))


def _number_of(node: dict[str, Any], key: str | None) -> tuple[str | None, str | None]:
    """(the number, the field it came from)."""
    found = [
        # a section's own number before the part's it is in ('Part Number: 4', 'Section
        # Number: 4.2'), then in the order of the names ('number', 'section_no', ...)
        (bool(_words(k) & _CONTAINERS), min(i for i, n in enumerate(_NUMBER_KEYS) if n in w), m, k)
        for k, v in node.items()
        if (w := _words(k)) & set(_NUMBER_KEYS)
        and isinstance(v, str)
        and (m := _NUMBER.match(v.strip()))
    ]
    if found:
        _, _, m, k = min(found, key=lambda f: (f[0], f[1]))
        return m["n"], k
    if key is not None and (m := _NUMBER.match(str(key).strip())):
        return m["n"], None
    for k, v in node.items():
        if isinstance(v, str) and len(v) <= 20 and (m := _NUMBER.match(v.strip())):
            return m["n"], k
    return None, None


def _title_of(node: dict[str, Any], skip: str | None) -> tuple[str, str | None]:
    for k, v in node.items():
        if _words(k) & set(_TITLE_KEYS) and isinstance(v, str) and v.strip() and not _is_text(v):
            return " ".join(v.split()), k
    for k, v in node.items():
        short = isinstance(v, str) and 1 <= len(v.split()) <= 12 and not _is_text(v)
        if (
            k != skip
            and short
            and re.search(r"[A-Za-z]{3}", v)
            and not re.search(r"\d{4}|[:/@]", v)
        ):
            return " ".join(v.split()), k
    return "", None


def _grid(rows: list[Any]) -> str | None:
    """A list of rows of short values as a fixed-width table (columns padded to their widest
    cell, so the rule extractor reads it like a printed one); None when it is no such list."""
    if len(rows) < 2 or not all(
        isinstance(r, list) and r and all(isinstance(c, str) and len(c) <= 60 for c in r)
        for r in rows
    ):
        return None
    widths = [max(len(r[j]) for r in rows if j < len(r)) for j in range(max(map(len, rows)))]
    return "\n".join(
        "    ".join(c.ljust(widths[j]) for j, c in enumerate(r)).rstrip() for r in rows
    )


def _items(value: Any, out: list[str], records: list[_Record], indent: str = "") -> None:
    """The text a field holds, in order, into `out`; sections found inside into `records`."""
    if isinstance(value, str):
        if _is_text(value):
            out.append("\n".join(indent + line for line in value.strip("\n").splitlines()))
    elif isinstance(value, list) and (grid := _grid(value)) is not None:
        out.append(grid)  # a table's rows: [[Bedrooms, Gallons], [3, 1250], ...]
    elif (
        isinstance(value, list)
        and len(value) > 1
        and all(isinstance(v, str) and len(v.split()) >= 3 and not _is_text(v) for v in value)
        and _is_text(" ".join(value))
    ):  # a paragraph given line by line: ['Every septic tank shall be pumped at', 'least ...']
        out.append("\n".join(indent + v.strip() for v in value))
    elif isinstance(value, list):
        for v in value:
            _items(v, out, records, indent)
    elif isinstance(value, dict):
        if (rec := _record(value, None)) is not None:
            records.append(rec)
            return
        if any(_grid(v) is not None for v in value.values() if isinstance(v, list)):
            # a table: its caption, then its header row and rows as one grid
            rows: list[Any] = []
            captions: list[str] = []
            for v in value.values():
                if isinstance(v, str) and v.strip():
                    captions.append(indent + " ".join(v.split()))
                elif isinstance(v, list) and all(isinstance(c, str) for c in v):
                    rows.append(v)  # the header: one row
                elif isinstance(v, list):
                    rows.extend(v)
            out.append("\n".join([*captions, _grid(rows) or ""]))
            return
        texts = [v for v in value.values() if _is_text(v)]
        labels = [v for k, v in value.items() if isinstance(v, str) and _ITEM_LABEL.match(v)]
        if len(texts) == 1 and labels:  # {id: a, text: ...}: the item '(a) ...'
            label = _ITEM_LABEL.match(labels[0])[1]  # type: ignore[index]
            out.append(f"{indent}({label}) " + texts[0].strip())
            for v in value.values():
                if not isinstance(v, str):
                    _items(v, out, records, indent + "  ")
            return
        for k, v in value.items():
            if _NOTE_KEY.search(str(k)):
                continue  # an item's history or note
            m = _ITEM_LABEL.match(str(k))
            if m and isinstance(v, str) and _is_text(v):  # {a: ..., b: ...}: the items
                out.append(f"{indent}({m[1]}) " + v.strip())
            else:
                _items(v, out, records, indent)


_NUMBERED_TITLE = re.compile(
    r"^(?:§+\s*|sec(?:tion)?\.?\s+)?(?!\d{4}-)(?P<n>\d+[A-Z]?(?:[.\-]\d+[A-Za-z]?)*)\.?\s+"
    r"(?:[-\u2013\u2014:]\s+)?(?P<title>[A-Za-z].{1,100})$",
    re.I,
)
"""A key or title holding both ('4.2 Septic tanks', 'Section 4.2 - Septic tanks')."""


def _record(node: dict[str, Any], key: str | None) -> _Record | None:
    """The section (or container) a mapping is, or None."""
    number, number_key = _number_of(node, key)
    title, title_key = _title_of(node, number_key)
    if number is None and (m := _NUMBERED_TITLE.match(title)):
        number, title = m["n"], m["title"].strip()  # title: '4.2 Septic tanks'
    elif number is None and (m := _NUMBERED_TITLE.match(str(key or "").strip())):
        number = m["n"]  # '4.2 Septic tanks': {...}; its key's title over a stray short field
        title = title if title_key and _words(title_key) & set(_TITLE_KEYS) else m["title"]
    if number is None and not title:
        return None
    body: list[str] = []
    children: list[_Record] = []
    for k, v in node.items():
        if k in (number_key, title_key) or _NOTE_KEY.search(str(k)):
            continue
        keyed = isinstance(v, dict) and any(
            isinstance(cv, dict) and _record(cv, ck) is not None for ck, cv in v.items()
        )
        if keyed and str(k).lower() not in _CHILD_KEYS:
            for ck, cv in v.items():  # {"4.1": {...}, "4.2": {...}}: sections by their keys
                if isinstance(cv, dict) and (rec := _record(cv, ck)) is not None:
                    children.append(rec)
                else:
                    _items({ck: cv}, body, children)
            continue
        _items(v, body, children)
    if not body and not children:
        return None
    if number is None and not children:
        return None  # a titled note, not a section
    return _Record(number, title, body, children)


def _records(tree: Any, key: str | None = None, root: bool = True) -> list[_Record]:
    """The sections (and containers) of a loaded configuration, in order; the root itself (the
    document's own title and metadata) is none."""
    if isinstance(tree, list):
        return [r for v in tree for r in _records(v, None, False)]
    if not isinstance(tree, dict):
        return []
    rec = None if root else _record(tree, key)
    if rec is not None:
        return [rec]
    out: list[_Record] = []
    for k, v in tree.items():
        if _is_text(v) and (m := _NUMBERED_TITLE.match(str(k).strip())):
            out.append(_Record(m["n"], m["title"].strip(), [v.strip("\n")]))  # '4.2 Tanks': |
        elif not _NOTE_KEY.search(str(k)):  # not the contents, amendments, links, metadata
            out += _records(v, k, False)
    return out


def _once(records: list[_Record]) -> list[_Record]:
    """Each numbered section once, with the most text of its blocks (a contents entry or a
    summary elsewhere in the file names it too)."""
    flat: dict[str, _Record] = {}

    def walk(recs: list[_Record]) -> None:
        for r in recs:
            size = sum(map(len, r.body))
            if r.number and (r.number not in flat or size > sum(map(len, flat[r.number].body))):
                flat[r.number] = r
            walk(r.children)

    walk(records)

    def keep(recs: list[_Record]) -> list[_Record]:
        out = []
        for r in recs:
            if r.number is None or flat.get(r.number) is r or r.children:
                out.append(_Record(r.number, r.title, r.body, keep(r.children)))
        return out

    return keep(records)


def _count(records: list[_Record]) -> int:
    return sum(1 + _count(r.children) for r in records if r.body or r.children)


def _sections(text: str) -> list[_Record] | None:
    lines = [  # not comments, nor the stream's marks ('---', '...', '%YAML 1.2')
        x
        for x in text.splitlines()
        if x.strip() and not x.lstrip().startswith("#") and not _STREAM_MARK.match(x)
    ]
    if not lines or (not _KEY_LINE.match(lines[0]) and lines[0].strip()[:1] not in "{["):
        return None
    json_like = lines[0].strip()[:1] in "{["
    if not json_like and sum(bool(_KEY_LINE.match(x)) for x in lines) < MIN_KEY_LINES:
        return None
    tree = _load(text)
    if not isinstance(tree, (dict, list)):
        return None
    records = _once(_records(tree))
    return records if _count(records) >= MIN_SECTIONS else None


def looks_like_config(text: str) -> bool:
    """Whether the text is a configuration file (YAML or JSON) holding an ordinance's sections."""
    return _sections(text) is not None


def _print(rec: _Record, out: list[str]) -> None:
    if rec.children and not rec.body:
        out += [f"ARTICLE {rec.number or ''}. {rec.title.upper()}".replace(" .", "."), ""]
    else:
        head = f"Section {rec.number}. {rec.title}" if rec.number else rec.title.upper()
        out += [head.rstrip(".") + ".", *[b + "\n" for b in rec.body], ""]
    for child in rec.children:
        _print(child, out)


def config_to_text(text: str) -> str:
    """The ordinance a configuration text holds, as plain text (see the module docstring); the
    text as it is where it holds none."""
    records = _sections(text)
    if records is None:
        return text
    out: list[str] = []
    for rec in records:
        _print(rec, out)
    log.info("read as a configuration file: %d sections", _count(records))
    return "\n".join(out).rstrip() + "\n"
