"""Line-start heading grammar, found in the document itself (codifiers' formats).

Publishers print a section heading at the start of a line: a keyword or none (``§``, ``Sec.``,
``Section``), a number (``52.01``, ``9-4-8``, ``18-124``, ``175-9``, ``4.1``), a separator
(``.``, ``:``, `` - ``) and a title (``PURPOSE AND INTENT.``, ``Purpose.``, ``PURPOSE:``, or a
title alone on its line such as ``Construction Permit``). Every such line is a candidate; the
candidates are grouped by their *scheme* (keyword class and number shape, e.g. ``§ #.#`` or
``#-#-#``), and the scheme whose headings form the longest increasing sequence with provision
text under them is the document's own. Table-of-contents entries (a heading repeated later, with
no body; dot leaders), page numbers (no title) and cross references (out of sequence) fall out.

Coarser numbered lines of another scheme (``SECTION 4.0 PERMITS`` above ``4.1``) are containers
of the hierarchy path, unless they hold provisions themselves with no child section (then they
are sections). Keyword containers: ``ARTICLE III. - TITLE``, ``DIVISION 1.``, ``CHAPTER 52:``,
``Article I`` with its title on the next line. Reserved placeholders (``Secs. 18-109—18-120. -
Reserved.``, ``§ 175-14. (Reserved)``) bound the section before them and are dropped.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ingest.headings import roman_to_int

# 'Section 19A.': one inserted later; 'Sec. 8A-12.': a section of a lettered chapter
_NUM = r"\d{1,4}(?:[A-Z](?=-\d))?(?:[.\-]\d{1,4})*(?:[A-Z](?=[.:]))?"
_ROMAN = r"[IVXL]{1,7}"
HEAD_RE = re.compile(
    r"^[ \t]*(?:\[[A-Z]{1,3}\][ \t]*)?"  # a model code's edition mark: '[A] 104.3 Expiration.'
    r"(?P<kw>§{1,2}|Secs?\.?|Sections?|SECS?\.?|SECTIONS?|Rules?|RULES?|[A-Z]{1,2}-(?=\d)|"
    r"Questions?|QUESTIONS?|Q\.?)?[ \t]*"
    rf"(?P<num>{_NUM}|(?<=[ \t]){_ROMAN}(?=[ \t]?[.:]))(?![\d,])"
    rf"(?:[ \t]*(?:[—–]|-|through|to)[ \t]*(?P<end>{_NUM}))?"
    r"(?:(?<=[IVXL])[ \t])?"  # 'SECTION IX . DESIGN FLOW': a scan's space before the period
    r"(?P<sep>[.:]?)(?=[ \t]|$)[ \t]*(?:[-–—][ \t]+)?"
    r"(?P<rest>[^\n]*)$",
    re.M,
)
"""A section heading: 'Sec. 18-124. Title.', '9-4-8: TITLE:', '4.1 Construction Permit', and a
roman number after its keyword ('SECTION IV. DEFINITIONS'), and a number with a letter prefix
('R-302', its title on the next line), a bill's bracketed headnote ('Sec. 2. [DEFINITIONS.]') and
a guide's numbered question ('Q 14. How large must a septic tank be?')."""
CONTAINER_WORDS = (
    "ARTICLE|Article|CHAPTER|Chapter|SUBCHAPTER|Subchapter|DIVISION|Division|PART|Part|TITLE|Title"
)
"""The keywords that open a container heading (an article, chapter, part ...), as printed."""
CONTAINER_RE = re.compile(
    rf"^[ \t]*(?P<kw>{CONTAINER_WORDS})[ \t]+"
    r"(?P<num>[IVXLC]+|\d{1,4}[A-Z]?|(?i:one|two|three|four|five|six|"
    r"seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|"
    r"nineteen|twenty))\b[.:]?[ \t]*(?:(?:--?|[–—])[ \t]*)?"
    r"(?P<title>[^\n]*)$",
    re.M,
)
_NUMBER_WORDS = [
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]
CONTAINER_LEVEL = {
    "title": 0,
    "chapter": 1,
    "subchapter": 2,
    "article": 2,
    "part": 2,
    "division": 3,
}
_DOT_LEADER = re.compile(r"(?:\.[ \t]?){4,}[ \t]*(?:\d+(?:[-–]\d+)?)?[ \t]*$")
"""A contents entry's dot leaders, spaced or not, to its page number ('12', '33-2'): spaced
leaders after a title ('Title and purpose  . . . . 33-2') would otherwise end it with a period."""
_RESERVED = re.compile(r"^\(?\s*reserved\s*\)?\.?\s*$", re.I)
_TITLE_TERM = re.compile(r"[.:](?=\s|$)")
_TITLE_CHARS = re.compile(r"[A-Za-z][A-Za-z ,;'’&/()\-–—]*")
_FOOTNOTE_MARK = re.compile(r"\[\d{1,3}\]|\*+$")
_DIGITS = re.compile(r"\d+")
_SMALL = frozenset(
    {"a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or", "the"}
    | {"to", "with", "upon", "under"}
)
MIN_BODY = 40


@dataclass
class LineHead:
    start: int  # offset of the heading line in the text
    body: int  # offset where its body begins
    number: str
    title: str
    key: tuple[int, ...]
    scheme: str
    kind: str = "section"  # "section" | "reserved" | "container"
    level: int = 9
    end_key: tuple[int, ...] | None = None
    label: str = ""  # containers: "ARTICLE III. Title" for the path
    rest: int = -1  # offset of what follows the number on its line
    closed: bool = False  # a title closed by its own mark ('[PERMITS.]', '... be?'): complete


@dataclass
class Grammar:
    """The document's heading scheme and what it found."""

    scheme: str
    headings: list[LineHead]
    containers: list[LineHead] = field(default_factory=list)

    @property
    def score(self) -> int:
        return sum(h.kind == "section" for h in self.headings)


def _key(num: str) -> tuple[int, ...]:
    if num.isalpha():
        return (roman_to_int(num),)
    inserted = num[-1:].isalpha()  # '19A' follows '19' and comes before '20'
    out = tuple(int(x) for x in re.findall(r"\d+", num.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")))
    return (*out, ord(num[-1]) - ord("A") + 1) if inserted else out


def _kw_class(kw: str | None) -> str:
    if not kw:
        return ""
    if _QUESTION_KW.fullmatch(kw):
        return "Q"  # 'Q 14.', 'Q14.', 'Question 14.': one scheme
    if kw.endswith("-"):
        return kw  # a letter prefix is part of the number: 'R-302'
    if kw.startswith("§"):
        return "§"
    return "SEC" if kw.isupper() else "Sec"


def _is_titlecase(words: list[str]) -> bool:
    big = [w for w in words if w.lower() not in _SMALL]
    return bool(big) and all(w[:1].isupper() for w in big)


def _is_upper(title: str) -> bool:
    return any(c.isalpha() for c in title) and title == title.upper()


_SENTENCE_VERB = re.compile(r"\b(?:shall|must|may|is|are|will)\b")


def _untitled(line: str, runs_on: bool) -> bool:
    """Whether the words after 'Section 6.' are the section's first sentence, not a title: a
    sentence-case clause with a verb that runs on to the next line or is long ('Any person who
    violates this Ordinance is guilty of a misdemeanor.')."""
    first = _TITLE_TERM.split(line, maxsplit=1)[0]
    words = first.split()
    if _is_upper(first) or _is_titlecase(words):
        return False
    if not _SENTENCE_VERB.search(first):
        # 'Section 10. A permit issued under this ordinance expires fifteen (15)': a clause
        # opened by a determiner that runs on to the next line is a sentence too
        return runs_on and len(words) >= 5 and words[0] in _DETERMINERS
    return runs_on or len(words) > 8


_DETERMINERS = frozenset({"A", "An", "The", "Every", "Each", "No", "Any", "All"})


def parse_title(rest: str, has_kw: bool) -> tuple[str, int] | None:
    """(title, length consumed) of the text after a heading number, or None if none is there."""
    stripped = _FOOTNOTE_MARK.sub("", rest).rstrip()
    lead = len(rest) - len(rest.lstrip())
    if not stripped.strip() or not stripped.lstrip()[:1].isupper():
        return None
    m = _TITLE_TERM.search(stripped)
    if has_kw and _untitled(stripped.strip(), m is None):
        return "", lead  # 'Section 6. The owner of every SSTS shall ...': the text, no title
    if m:
        title = stripped[lead : m.start()].strip()
        consumed = m.end()
        term = stripped[m.start()]
    else:
        title, consumed, term = stripped.strip(), len(rest), ""
    words = title.split()
    if not words or len(words) > 12 or not _TITLE_CHARS.fullmatch(title):
        return None
    if term == ":" and not (_is_upper(title) or _is_titlecase(words)):
        return None
    if not term and not (_is_upper(title) or _is_titlecase(words) or has_kw):
        return None
    if m and term != "." and stripped[m.end() :].strip() and not _is_upper(title):
        return None  # "Title: text" on one line only for upper-case captions
    return title, consumed


def _title_below(text: str, end: int) -> tuple[str, int] | None:
    """(title, where its text begins) of an upper-case title on up to three lines after a keyword
    and a number that end their own line, the last ended by a period; or of one such line with
    no period that text in lower case follows (a centred 'SECTION 4' over 'PERMIT TERM'); or
    None."""
    if text[end : end + 1] != "\n":
        return None
    at, said = end, list[str]()
    for _ in range(3):
        nl = text.find("\n", at + 1)
        nl = len(text) if nl < 0 else nl
        line = " ".join(text[at + 1 : nl].split())
        if not _is_upper(line) or not _TITLE_CHARS.fullmatch(line.rstrip(".")):
            if len(said) == 1 and re.search(r"[a-z]", line) and len(said[0].split()) <= 8:
                return said[0], at
            return None
        said.append(line)
        at = nl
        if line.endswith("."):
            title = " ".join(said)[:-1]
            return (title, at) if len(title.split()) <= 12 else None
    return None


_QUESTION_KW = re.compile(r"Q\.?|Questions?|QUESTIONS?")
_HEADNOTE_CHARS = re.compile(r"[A-Za-z][A-Za-z0-9 ,;'’&/()\-–—.]*")
_NOT_HEADNOTE = re.compile(
    r"(?i)^(?:Source|History|Adopted|Amended|Added|Repealed|Derived|Ord\.|Res\.|Editor|Note)\b"
)
_MAX_QUESTION_WORDS = 30
_SENTENCE_END = re.compile(r"[.:;!][ \t]*\n")
_QUESTION_LEAD = re.compile(r"(?:--?|[–—])?[ \t]*(?:\n[ \t]*)?")
"""What may stand between a question's number and its words: a dash, the line's end."""


def _closing_mark(text: str, start: int, mark: str, lines: int) -> int | None:
    """Where `mark` closes a title begun at `start`, on its line or the next `lines - 1`."""
    at = start
    for _ in range(lines):
        nl = text.find("\n", at)
        nl = len(text) if nl < 0 else nl
        hit = text.find(mark, at, nl)
        if hit >= 0:
            return hit
        if nl >= len(text):
            return None
        at = nl + 1
    return None


def bracketed_title(text: str, start: int) -> tuple[str, int] | None:
    """(title, where the text begins) of a bill's bracketed headnote after a section number
    ('Sec. 2. [DEFINITIONS.]', 'Sec. 14. [HOLDING TANKS; OPERATING' / 'PERMITS.] The owner ...',
    '[Permit term.]'): the words in the brackets without the final period, on up to three
    lines; or None (a bracketed history note '[Amended by Ord. 12]' is no title)."""
    if text[start : start + 1] != "[":
        return None
    close = _closing_mark(text, start, "]", 3)
    if close is None or "[" in text[start + 1 : close]:
        return None
    title = " ".join(text[start + 1 : close].split()).rstrip(".").strip()
    words = title.split()
    if not words or len(words) > 16 or not _HEADNOTE_CHARS.fullmatch(title):
        return None
    if _NOT_HEADNOTE.match(title) or not title[0].isupper():
        return None
    body = close + 1
    while text[body : body + 1] in (" ", "\t"):
        body += 1
    return title, body


def question_title(text: str, start: int) -> tuple[str, int] | None:
    """(question, where the answer begins) of a guide's numbered question ('Q 14. How large
    must a septic tank be?', 'Question 14 -- How ...?', or the question on the next line
    under 'Q 14.'), the question on up to three lines (none of them ending a sentence) and
    ended by its question mark; or None."""
    lead = _QUESTION_LEAD.match(text, start)
    start = lead.end() if lead else start
    if not text[start : start + 1].isupper():
        return None
    close = _closing_mark(text, start, "?", 3)
    if close is None or _SENTENCE_END.search(text, start, close):
        return None  # 'Q 14. The table ...' / '... gallons.' / '... ?': a sentence, then another
    title = " ".join(text[start : close + 1].split())
    if len(title.split()) > _MAX_QUESTION_WORDS or not re.search(r"[a-z]", title):
        return None
    body = close + 1
    while text[body : body + 1] in (" ", "\t"):
        body += 1
    return title, body


def printed_number(m: re.Match[str]) -> str:
    """The number as printed: with its letter prefix ('R-302'), without a keyword ('Sec.')."""
    kw = m.group("kw") or ""
    return kw + m.group("num") if kw.endswith("-") else m.group("num")


def scheme_of(m: re.Match[str]) -> str:
    """The scheme of a `HEAD_RE` heading: its keyword's class and its number's shape ('§ #.#',
    '#-#', 'Sec R' for a roman number after its keyword)."""
    num, digits = printed_number(m), m.group("num")
    shape = _DIGITS.sub("#", digits.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    return f"{_kw_class(m.group('kw'))} {'R' if num.isalpha() else shape}".strip()


def _title_line_below(text: str, end: int, listed: str | None) -> tuple[str, int] | None:
    """(title, where its text begins) of a title on the line under a number that ends its own
    line ('R-302' over 'Septic Tank Capacity'): the contents' title for the number where the
    lines begin with it (wrapped in a narrow column, or a table's next cell after it on the same
    line), else a whole line in title or upper case, short and without a verb, with text under
    it; or None."""
    if text[end : end + 1] != "\n":
        return None
    nl = text.find("\n", end + 1)
    if nl < 0:
        return None
    line = text[end + 1 : nl]
    if listed:
        window = text[end + 1 : end + 1 + 3 * (len(listed) + 40)]
        said = " ".join(window.split())
        if said.lower().startswith(listed.lower()) and said[len(listed) : len(listed) + 1] in (
            " ",
            "",
        ):
            at = end + 1
            for word in listed.split():  # the title's own spacing (and line ends) in the source
                at = text.lower().index(word.lower(), at) + len(word)
            return " ".join(text[end + 1 : at].split()), at
    title = line.strip()
    words = title.split()
    if not words or len(words) > 8 or not _TITLE_CHARS.fullmatch(title):
        return None
    if not (_is_upper(title) or _is_titlecase(words)) or _SENTENCE_VERB.search(title):
        return None
    return title, nl


def find_candidates(text: str) -> list[LineHead]:
    out: list[LineHead] = []
    listed: dict[str, str] | None = None
    for m in HEAD_RE.finditer(text):
        line = m.group(0)
        if _DOT_LEADER.search(line):
            continue  # a table-of-contents entry with dot leaders
        kw, rest = m.group("kw"), m.group("rest")
        num, digits = printed_number(m), m.group("num")
        if num.isalpha() and not kw:
            continue  # a roman number heads a section only after its keyword
        scheme = scheme_of(m)
        if m.group("end") and _RESERVED.match(_FOOTNOTE_MARK.sub("", rest)):
            end = m.group("end")
            out.append(
                LineHead(m.start(), m.end(), f"{num}—{end}", "Reserved", _key(digits), scheme,
                         "reserved", end_key=_key(end))
            )  # fmt: skip
            continue
        if m.group("end"):
            continue
        if _RESERVED.match(rest):
            out.append(
                LineHead(m.start(), m.end(), num, "Reserved", _key(digits), scheme, "reserved")
            )
            continue
        closed = (
            question_title(text, m.start("rest"))
            if kw and _QUESTION_KW.fullmatch(kw)
            else bracketed_title(text, m.start("rest"))
        )
        if closed is not None:  # 'Sec. 2. [DEFINITIONS.]', 'Q 14. How large must ...?'
            title, body = closed
            if _RESERVED.match(title):
                out.append(
                    LineHead(m.start(), body, num, "Reserved", _key(digits), scheme, "reserved")
                )
                continue
            out.append(LineHead(m.start(), body, num, title, _key(digits), scheme, closed=True))
            continue
        if kw and _QUESTION_KW.fullmatch(kw):
            continue  # 'Q 7 explains ...': a question's number without its question
        parsed = parse_title(rest, bool(kw))
        if parsed is None and kw and not rest.strip():
            below = _title_below(text, m.end())
            if below is None:
                listed = contents_titles(text) if listed is None else listed
                below = _title_line_below(text, m.end(), listed.get(num))
            if below is not None:  # 'SEC. 8-45' / 'ADMINISTRATION.': a title wrapped whole
                title, body = below
                out.append(LineHead(m.start(), body, num, title, _key(digits), scheme, rest=body))
            continue
        if parsed is None:
            continue
        title, consumed = parsed
        body = m.start("rest") + consumed
        out.append(
            LineHead(m.start(), body, num, title, _key(digits), scheme, rest=m.start("rest"))
        )
    taken = {h.start for h in out}
    out += [h for h in _trailing_numbers(text) if h.start not in taken]
    return sorted(out, key=lambda h: h.start)


_TRAILING = re.compile(
    rf"^[ \t]*(?P<title>[A-Z][^\n]{{0,100}}?)[ \t]+(?:--?|[—–])[ \t]*(?P<num>{_NUM})[ \t]*$", re.M
)
"""A heading whose number follows its title ('PERMIT REQUIRED -- 5.201'), alone on its line."""


def _trailing_numbers(text: str) -> list[LineHead]:
    out: list[LineHead] = []
    for m in _TRAILING.finditer(text):
        title, num = m.group("title").strip(), m.group("num")
        words = title.split()
        if len(words) > 12 or not _TITLE_CHARS.fullmatch(title):
            continue
        if not (_is_upper(title) or _is_titlecase(words)) or _SENTENCE_VERB.search(title):
            continue
        if "." not in num and "-" not in num:
            continue  # 'PART 5 -- ...' is a container; a bare count is no section number
        shape = _DIGITS.sub("#", num.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        out.append(LineHead(m.start(), m.end(), num, title, _key(num), f"T {shape}"))
    return out


_CONTENTS_LEADER = re.compile(r"(?:\.[ \t]?){4,}[ \t]*(?:\d+(?:[-–]\d+)?)?[ \t]*$")
"""Dot leaders to a page number ('7-5', '12') at the end of a contents line."""


def contents_titles(text: str) -> dict[str, str]:
    """A table of contents' titles by number ('§ 7.2.4  Tank capacity ....... 7-5'), for
    sections whose own lines carry none (a title printed only in the contents and the running
    heads)."""
    out: dict[str, str] = {}
    columns = _BARE_COLUMNS_SPLIT.sub("\n", _COLUMNS_SPLIT.sub(r"\1\n", text))
    for m in HEAD_RE.finditer(columns):
        rest = m.group("rest")
        leader = _CONTENTS_LEADER.search(rest) or _PAGE_AFTER_TITLE.search(rest)
        if leader is None or m.group("end"):
            continue
        title = rest[: leader.start()].strip()
        words = title.split()
        if not title or not _TITLE_CHARS.fullmatch(title) or len(words) > 12:
            continue
        if leader.group().strip(" \t").isdigit() and not (_is_upper(title) or _is_titlecase(words)):
            continue  # without leaders, a contents entry is a title: 'R-302  Setbacks   7'
        out.setdefault(printed_number(m), title)
    return out


_PAGE_AFTER_TITLE = re.compile(r"(?<=[A-Za-z])[ \t]+\d{1,3}[ \t]*$")
"""A contents entry's page number after its title, without leaders."""
_COLUMNS_SPLIT = re.compile(r"((?:\.[ \t]?){4,}[ \t]*\d+(?:[-–]\d+)?)[ \t]+(?=\S)")
"""The gap after one entry's page number where a contents page is set in two columns."""
_ENTRY_AHEAD = r"(?=(?:[A-Z]{1,2}-)?\d{1,4}(?:[.\-]\d{1,4})*[ \t]+[A-Z])"
_BARE_COLUMNS_SPLIT = re.compile(
    rf"(?<=[A-Za-z][ \t]\d)[ \t]+{_ENTRY_AHEAD}|(?<=[A-Za-z][ \t]\d\d)[ \t]+{_ENTRY_AHEAD}"
)
"""The same without leaders: 'R-101  Purpose 3 R-302  Setbacks 4'."""


def own_title_lost(own: str, contents: str | None, after: str) -> bool:
    """Whether a heading's title as read from its line ('' or its first sentence: 'The owner
    shall ...', or a sentence's first word: 'Minnesota Rules, chapters ...') gives way to the
    contents' title for its number: a title set as one (upper or title case, ended by a period,
    a colon or the line, in `after`, the text after the number) stays."""
    if not contents or " ".join(own.lower().split()) == " ".join(contents.lower().split()):
        return False
    words = own.split()
    ended = after.startswith(own) and after[len(own) : len(own) + 1] in (".", ":", "\n", "")
    return not words or not ended or not (_is_upper(own) or _is_titlecase(words))


def _contents_titled(heads: list[LineHead], titles: dict[str, str], text: str) -> None:
    """A heading whose own line gives no title, or its first sentence as one, takes the
    contents' title and keeps the sentence as its text."""
    for h in heads:
        title = titles.get(h.number)
        after = text[h.rest : h.rest + len(h.title) + 1] if h.rest >= 0 else ""
        if h.kind == "section" and h.rest >= 0 and own_title_lost(h.title, title, after):
            h.title, h.body = titles[h.number], h.rest


_RUN_IN_REST = re.compile(
    r"[ \t]*(?P<rest>[A-Z][A-Z0-9 ,;'’&/()\-–—]*?[A-Z)])\.(?:[ \t]+(?=\S)|[ \t]*$)"
)
"""The end of an upper-case title wrapped onto the line its text runs in on ('CORRECT. (a) A
system ...')."""
MAX_RUN_IN_REST = 6  # words of a wrapped title's end on the text's first line


def _run_in_rest(line: str) -> re.Match[str] | None:
    """The end of a run-in title that opens `line`: a few upper-case words, one of them a word
    of two letters or more, ended by a period, the text after them; None otherwise."""
    m = _RUN_IN_REST.match(line)
    if m is None or len(m["rest"].split()) > MAX_RUN_IN_REST:
        return None
    return m if re.search(r"[A-Z]{2}", m["rest"]) else None


def _wrapped_titles(heads: list[LineHead], candidates: list[LineHead], text: str) -> None:
    """A title that runs on to the next lines ('SEC. 6-63 STATE RULES ADOPTED BY' / 'REFERENCE.')
    is completed: from a listing of the same number whose title begins with it ('Sec. 6-63 State
    rules adopted by reference.') when the next line is its remainder, or, where other titles of
    the document end with a period, from up to three upper-case lines under an upper-case title
    that lacks it, the last one ending with it, or from the upper-case words that open the next
    line up to a period, the section's text run in after them ('14.18 FAILING SYSTEMS ...;
    ORDERS TO' / 'CORRECT. (a) A system ...'). Those lines (words) then leave the text."""
    listed: dict[str, list[str]] = {}
    for c in candidates:
        listed.setdefault(c.number, []).append(" ".join(c.title.split()))
    sections = [h for h in heads if h.kind == "section" and h.title and not h.closed]
    ended = sum(text[h.body - 1 : h.body] == "." for h in sections)
    for h in sections:
        if text[h.body : h.body + 1] != "\n":
            continue
        own = " ".join(h.title.lower().split())
        lines = text[h.body + 1 : h.body + 2001].split("\n", 4)[:4]  # a window, not the rest
        said = [" ".join(line.split()) for line in lines]
        rest, taken = "", 0
        for full in listed.get(h.number, []):
            if full.lower().startswith(own + " ") and said[0].rstrip(".:").lower() == (
                full[len(own) :].strip().lower()
            ):
                rest, taken = said[0].rstrip(".:"), 1
                break
        if not rest and ended >= 2 and _is_upper(h.title):
            for n in range(1, len(said)):
                run = said[:n]
                if not all(_is_upper(x) and _TITLE_CHARS.fullmatch(x.rstrip(".")) for x in run):
                    break
                if run[-1].endswith(".") and len(" ".join(run).split()) <= 8:
                    rest, taken = " ".join(run).rstrip("."), n
                    break
        if not rest and ended >= 2 and _is_upper(h.title) and (m := _run_in_rest(lines[0])):
            h.title = f"{h.title} {m['rest']}"
            h.body += 1 + m.end()
            continue
        if rest:
            h.title = f"{h.title} {rest.upper() if _is_upper(h.title) else rest}"
            h.body += sum(len(line) + 1 for line in lines[:taken])


def find_keyword_containers(text: str) -> list[LineHead]:
    out: list[LineHead] = []
    for m in CONTAINER_RE.finditer(text):
        kw, num = m.group("kw"), m.group("num")
        title = _FOOTNOTE_MARK.sub("", m.group("title")).strip().rstrip(".:").strip()
        body = m.end()
        if not title:
            nl = text.find("\n", m.end() + 1)
            nxt = text[m.end() + 1 : nl if nl >= 0 else len(text)].strip()
            words = nxt.split()
            if (
                words
                and len(words) <= 10
                and _TITLE_CHARS.fullmatch(nxt.rstrip("."))
                and (_is_upper(nxt) or _is_titlecase(words))
            ):
                title, body = nxt.rstrip("."), (nl if nl >= 0 else len(text))
        elif text[m.end() : m.end() + 1] == "\n":
            # 'DIVISION 2. PERMITS AND' / 'INSPECTIONS', 'DIVISION 2. PERMITS' / 'AND INSPECTIONS':
            # a title broken at a joining word runs on
            nl = text.find("\n", m.end() + 1)
            nxt = text[m.end() + 1 : nl if nl >= 0 else len(text)].strip()
            joined = nxt and {title.split()[-1].lower(), nxt.split()[0].lower()} & _SMALL
            if (
                joined
                and len(nxt.split()) <= 6
                and _TITLE_CHARS.fullmatch(nxt.rstrip("."))
                and _is_upper(nxt) == _is_upper(title)
            ):
                title, body = f"{title} {nxt.rstrip('.')}", (nl if nl >= 0 else len(text))
        words = title.split()
        if title and (len(words) > 12 or not _TITLE_CHARS.fullmatch(title)):
            continue
        if title and not (_is_upper(title) or _is_titlecase(words)):
            continue
        if not title and not kw.isupper():
            continue
        if num.lower() in _NUMBER_WORDS:  # 'ARTICLE ONE'
            key = (_NUMBER_WORDS.index(num.lower()) + 1,)
        else:
            key = (roman_to_int(num),) if num.isalpha() else (int(re.sub(r"\D", "", num)),)
        label = f"{kw.upper()} {num}. {title}" if title else f"{kw.upper()} {num}"
        out.append(
            LineHead(m.start(), body, f"{kw.upper()} {num}", title, key, "container", "container",
                     CONTAINER_LEVEL[kw.lower()], label=label)
        )  # fmt: skip
    return out


def _increasing(heads: list[LineHead]) -> list[LineHead]:
    """The longest run of headings whose numbers increase (ranges count up to their end)."""
    if not heads:
        return []
    tails: list[tuple[int, ...]] = []
    tail_idx: list[int] = []
    prev: list[int] = [-1] * len(heads)
    for i, h in enumerate(heads):
        pos = bisect.bisect_left(tails, h.key)
        if pos > 0:
            prev[i] = tail_idx[pos - 1]
        last = h.end_key or h.key
        if pos == len(tails):
            tails.append(last)
            tail_idx.append(i)
        elif last < tails[pos]:
            tails[pos] = last
            tail_idx[pos] = i
    out = []
    i = tail_idx[-1] if tail_idx else -1
    while i >= 0:
        out.append(heads[i])
        i = prev[i]
    return out[::-1]


_AMENDS = re.compile(r"\bis\s+(?:hereby\s+)?amended\b", re.I)


def _amended(
    text: str, heads: list[LineHead], seq: list[LineHead], sizes: dict[int, int]
) -> list[LineHead]:
    """Headings out of the sequence that an amending clause just above names ('Section 3.
    Section 9.105 of the City Code is amended to read as follows.' then 'Sec. 9.105.'): the
    amended section, printed where the ordinance amends it."""
    kept = {id(h) for h in seq} | {h.number for h in seq}
    out = []
    for h in heads:
        if id(h) in kept or h.number in kept or h.kind != "section" or sizes[id(h)] < MIN_BODY:
            continue
        before = text[max(0, h.start - 400) : h.start]
        named = re.search(rf"\b(?:Sections?|Sec\.)\s+{re.escape(h.number)}\b[^.]{{0,160}}", before)
        if named and _AMENDS.search(named.group(0)):
            out.append(h)
    return out


def _bodies(heads: list[LineHead], stops: list[int], end: int) -> list[int]:
    """Length of text under each heading up to the next candidate heading or container."""
    out = []
    for h in heads:
        i = bisect.bisect_right(stops, h.start)
        nxt = stops[i] if i < len(stops) else end
        out.append(nxt - h.body)
    return out


def _drop_toc_entries(heads: list[LineHead], sizes: list[int]) -> list[LineHead]:
    later: dict[str, int] = {}
    for i, h in enumerate(heads):
        later[h.number] = i
    return [
        h
        for i, (h, size) in enumerate(zip(heads, sizes, strict=True))
        if not (size < MIN_BODY and later[h.number] > i)
    ]


def detect(text: str, marked: Sequence[LineHead] = ()) -> Grammar | None:
    """The document's own heading grammar, or None when no scheme yields two sections.
    `marked`: headings the source marks as such (an underlined title, `ingest.underlines`),
    read in place of the candidates on their lines."""
    taken = {h.start for h in marked}
    candidates = sorted(
        [h for h in find_candidates(text) if h.start not in taken] + list(marked),
        key=lambda h: h.start,
    )
    keyword = find_keyword_containers(text)
    stops = sorted({h.start for h in candidates} | {c.start for c in keyword})
    sizes = dict(
        zip((id(h) for h in candidates), _bodies(candidates, stops, len(text)), strict=True)
    )
    schemes: dict[str, list[LineHead]] = {}
    for h in candidates:
        schemes.setdefault(h.scheme, []).append(h)
    best: Grammar | None = None
    rank: tuple[int, bool, int] = (0, False, 0)
    for scheme, heads in schemes.items():
        heads = _drop_toc_entries(heads, [sizes[id(h)] for h in heads])
        seq = _increasing(heads)
        seq = [h for h in seq if h.kind == "reserved" or sizes[id(h)] >= 1]
        seq = sorted(seq + _amended(text, heads, seq, sizes), key=lambda h: h.start)
        g = Grammar(scheme, seq)
        if g.score < 2:
            continue
        # of two schemes with as many headings, the one with text under them: a section list
        # in 'Sec. 6-61 Title.' ahead of the body's 'SEC. 6-61 TITLE.' headings is not the code
        held = sum(sizes[id(h)] for h in seq)
        if best is None or (g.score, scheme.startswith(("§", "S")), held) > rank:
            best, rank = g, (g.score, scheme.startswith(("§", "S")), held)
    if best is None:
        return None
    best.headings = sorted(best.headings + _finer(best, candidates, sizes), key=lambda h: h.start)
    _contents_titled(best.headings, contents_titles(text), text)
    _wrapped_titles(best.headings, candidates, text)
    best.containers, coarse = _containers(text, best, candidates, keyword, sizes)
    best.headings = sorted(best.headings + coarse, key=lambda h: h.start)
    return best


def _finer(g: Grammar, candidates: list[LineHead], sizes: dict[int, int]) -> list[LineHead]:
    """Titled headings one level below the document's own, numbered on from the section above
    them ('104.3 Expiration.' then '104.3.1 Extension. The official may ...'): sections too.
    Where the source marks titles at that level (underlines them), only marked lines count,
    however long their titles."""
    heads = [h for h in g.headings if h.kind == "section"]
    if not heads:
        return []
    depth = len(heads[0].key)
    starts = [h.start for h in heads]
    out: list[LineHead] = []
    finer = [h for h in candidates if h.kind == "section" and h.scheme != g.scheme]
    marked = any(h.closed for h in finer if len(h.key) == depth + 1)
    for h in finer:
        if len(h.key) != depth + 1 or (marked and not h.closed):
            continue  # where titles at this level are marked, an unmarked line has none
        words = h.title.split()
        if not words or sizes[id(h)] < 1:
            continue
        if not h.closed and (len(words) > 6 or _SENTENCE_VERB.search(h.title)):
            continue
        i = bisect.bisect_right(starts, h.start)
        if i and heads[i - 1].key == h.key[:-1] and (not out or out[-1].key < h.key):
            out.append(h)
    return out


def _heads_a_block(h: LineHead, nxt: LineHead | None) -> bool:
    """Whether an upper-case line numbered by a round hundred heads the sections numbered in its
    block ('300 SERIES - DESIGN STANDARDS' over 'R-301', 'R-302')."""
    if nxt is None or len(h.key) != len(nxt.key) or h.key[:-1] != nxt.key[:-1]:
        return False
    first = h.key[-1]
    return first % 100 == 0 and first < nxt.key[-1] < first + 100 and _is_upper(h.title)


def _containers(
    text: str,
    g: Grammar,
    candidates: list[LineHead],
    keyword: list[LineHead],
    sizes: dict[int, int],
) -> tuple[list[LineHead], list[LineHead]]:
    """Keyword containers and coarser numbered lines of another scheme above the sections;
    and those coarser lines that hold provisions themselves with no child section."""
    chosen = {id(h) for h in g.headings}
    starts = [h.start for h in g.headings]
    depth = min(len(h.key) for h in g.headings)
    out = list(keyword)
    coarse: list[LineHead] = []
    for h in candidates:
        if id(h) in chosen or h.kind != "section" or h.scheme == g.scheme:
            continue
        key = h.key
        while len(key) > 1 and key[-1] == 0:
            key = key[:-1]
        i = bisect.bisect_right(starts, h.start)
        nxt = g.headings[i] if i < len(g.headings) else None
        prev = g.headings[i - 1] if i > 0 else None
        if _heads_a_block(h, nxt):
            label = " ".join(_FOOTNOTE_MARK.sub("", text[h.start : h.body]).split())
            out.append(
                LineHead(h.start, h.body, h.number, h.title, key, h.scheme, "container",
                         len(key), label=label)
            )  # fmt: skip
            continue
        if len(key) >= depth:
            continue
        n = len(key)
        words = h.title.split()
        plain = not (_is_upper(h.title) or _is_titlecase(words))
        if plain and (len(words) > 6 or _SENTENCE_VERB.search(h.title)):
            continue  # a list's item ('3. Replacing a pump, float or alarm with one of the same
            # capacity.') above the next section is no container of it
        if nxt is not None and nxt.key[:n] == key:
            label = " ".join(_FOOTNOTE_MARK.sub("", text[h.start : h.body]).split())
            out.append(
                LineHead(h.start, h.body, h.number, h.title, key, h.scheme, "container", n,
                         label=label)
            )  # fmt: skip
        elif (
            sizes[id(h)] >= MIN_BODY
            and (prev is None or prev.key[:n] < key)
            and (nxt is None or nxt.key[:n] > key)
        ):
            coarse.append(LineHead(h.start, h.body, h.number, h.title, h.key, h.scheme))
    return sorted(out, key=lambda c: c.start), coarse
