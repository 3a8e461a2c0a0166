"""The ordinance inside the messages of an e-mail thread (`ingest.mailthread` cuts the thread).

In one message the ordinance runs from its first heading line (``ARTICLE IV - DESIGN
STANDARDS``, ``Section 4.03 Setbacks.``, ``§ 4.03 SEPTIC TANKS``, ``4.03 Septic Tank
Capacity.``, a contents entry), with the upper-case title block set above it, to the message's
sign-off (``Thanks,``, ``Regards,``), a signature's delimiter (``--``), a disclaimer (naming an
intended recipient, or a message received in error) or, with none of them, a signature (short
lines with a phone number, an e-mail or a web address) after which no heading follows. A closing
name (``Dana``, ``-Jonas``) or a paragraph in the first person (``Let me know ...``) at its end is
the writer's, not the ordinance's. Inside it, lines quoted less deeply than its heading are a
replier's remarks between the sections, and a reviewer's bracketed note (``[JRL: this tracks the
county language]``, ``[Comment: ...]``) is a comment: both go. A heading after the sign-off
starts the ordinance again (a paste below the signature).

Across messages each section is kept once, where the thread first prints it (a thread's newest
message stands at its top): a run that repeats headings printed before (a draft quoted again in
an older message) adds only its new sections, each set beside the sections that surround it in
that run, and its front matter (title block, contents) only where the thread had none.
"""

from __future__ import annotations

import itertools
import logging
import re
from dataclasses import dataclass

from ingest.grammar import CONTAINER_RE

log = logging.getLogger(__name__)


@dataclass
class MailLine:
    """One line of a thread: its quote depth, its text without the marks, its printed width."""

    depth: int
    text: str
    width: int


_SECTION = re.compile(
    r"(?:Section|SECTION|Sec\.|SEC\.|§{1,2})[ \t]*\d{1,4}[A-Z]?(?:[.\-:]\d{1,4}[A-Za-z]?)*\.?"
    r"[ \t]+(?:[-–—:][ \t]*)?[A-Z\[(].*"
)
_DECIMAL = re.compile(r"\d{1,4}(?:\.\d{1,3})+\.?[ \t]+(?P<title>[A-Z][^.;:]{0,80})(?:[.:]|$)")
_TITLE_WORD = re.compile(r"[A-Z0-9][\w'’&,/()-]*|and|or|of|the|for|in|on|to|a|an|by|with")
_LEADERS = re.compile(r"(?:\.[ \t]?){3,}|…|\S[ \t]{2,}\d{1,3}[ \t]*$")
_SIGN_OFF = re.compile(
    r"[ \t]*-*[ \t]*(?:thanks(?: again| so much)?|thank you|many thanks|regards|best regards|"
    r"kind regards|warm regards|best|all the best|sincerely|respectfully|cheers|talk soon)"
    r"[,.!]?(?:[ \t]+[A-Z][a-z]+)?[ \t]*",
    re.I,
)
_DELIMITER = re.compile(r"[ \t]*(?:--[ \t]*|Sent from my \w.*|Get Outlook for \w.*)")
_CONTACT = re.compile(
    r"\(?\d{3}\)?[ .-]\d{3}-\d{4}|[\w.+-]+@[\w-]+\.[\w.]+|www\.\S+|https?://\S+", re.I
)
_DISCLAIMER = re.compile(
    r"intended recipient|received (?:this|it|this message|this e-?mail) in error|"
    r"notify the sender",
    re.I,
)
_NAME = re.compile(r"[ \t]*[-–—~]*[ \t]*[A-Z][a-z]+\.?(?:[ \t]+[A-Z][a-z]*\.?){0,2}[ \t]*")
_FIRST_PERSON = re.compile(
    r"\b(?:I(?:'m|'ve|'ll|'d|’m|’ve|’ll|’d)?|me|my)\b(?![.\-)])|\blet (?:me|us) know\b|"
    r"\bplease\b"
)
_NUMERAL_I = re.compile(r"[A-Z][A-Za-z]*[ \t]+I$")
"""'Type I', 'Class I', 'ARTICLE I': a numeral, not the writer."""
_COMMENT = re.compile(
    r"\[(?:(?!(?:NOTE|SEE|ORD|RES)\b)[A-Z]{2,4}\d?|(?:[Cc]omment(?:ed)?|[Rr]eviewer)"
    r"(?:[ \t]+[\w.]{1,20}){0,2})[ \t]*:"
)
"""A reviewer's note: '[JRL: ...]', '[Comment: ...]', '[Reviewer J. Lee: ...]'."""


def is_heading(text: str) -> bool:
    """Whether a line is a heading: an article's ('ARTICLE IV - DESIGN STANDARDS'), a
    section's ('Section 4.03 Setbacks.', '§ 4.03 SEPTIC TANKS') or a decimal one ('4.03
    Septic Tank Capacity.'), a contents entry too."""
    s = text.strip()
    if m := CONTAINER_RE.fullmatch(s):  # (the parser's own container heading)
        rest = m.group("title").strip(" \t.:-–—")
        return not re.search(r"[a-z]", rest) or all(_TITLE_WORD.fullmatch(w) for w in rest.split())
    if _SECTION.fullmatch(s):
        return True
    m = _DECIMAL.match(s)
    words = m.group("title").split() if m else []
    return 0 < len(words) <= 10 and all(_TITLE_WORD.fullmatch(w) for w in words)


def _paragraphs(msg: list[MailLine]) -> list[tuple[int, int]]:
    """(start, end) of each run of non-blank lines quoted alike."""
    out: list[tuple[int, int]] = []
    for i, ln in enumerate(msg):
        if not ln.text.strip():
            continue
        if out and out[-1][1] == i and msg[i - 1].depth == ln.depth:
            out[-1] = (out[-1][0], i + 1)
        else:
            out.append((i, i + 1))
    return out


def _caps(lines: list[str]) -> bool:
    letters = "".join(c for c in " ".join(lines) if c.isalpha())
    return len(letters) >= 3 and letters.isupper()


def _closes(lines: list[str]) -> bool:
    """Whether a paragraph closes a message: a sign-off, a signature's delimiter, a disclaimer."""
    first = lines[0]
    return bool(_SIGN_OFF.fullmatch(first) or _DELIMITER.fullmatch(first)) or bool(
        _DISCLAIMER.search(" ".join(lines))
    )


def _signature(lines: list[str]) -> bool:
    """Whether a paragraph is a signature: a few short lines with a phone number, an e-mail or a
    web address, the last ending no sentence."""
    short = len(lines) <= 8 and all(len(s) <= 70 and len(s.split()) <= 12 for s in lines)
    return (
        short
        and bool(_CONTACT.search(" ".join(lines)))
        and not lines[-1].endswith((".", ";", ":"))
        and not any(map(is_heading, lines))
    )


def _chatty(lines: list[str]) -> bool:
    """Whether a paragraph is the writer's: a closing name ('Dana', '-Jonas') or a line in the
    first person ('Let me know ...', 'I kept ...')."""
    if len(lines) == 1 and _NAME.fullmatch(lines[0]):
        return True
    text = " ".join(lines)
    return any(
        not (m.group(0) == "I" and _NUMERAL_I.search(text[: m.end()]))
        for m in _FIRST_PERSON.finditer(text)
    )


def ordinance_runs(msg: list[MailLine]) -> list[list[MailLine]]:
    """The ordinance text of one message (see the module docstring): each run from a heading to
    the message's close, without the writer's lines and reviewers' bracketed notes."""
    pars = _paragraphs(msg)
    words = [[msg[i].text.strip() for i in range(*p)] for p in pars]
    headed = [any(map(is_heading, w)) for w in words]

    def ends(j: int, depth: int) -> bool:  # a close quoted less deeply, headings after: a reply's
        later = any(headed[j:])
        shallow = msg[pars[j][0]].depth < depth
        return (_closes(words[j]) or (_signature(words[j]) and not later)) and not (
            shallow and later
        )

    out = []
    k = 0
    while k < len(pars):
        first = next((j for j in range(k, len(pars)) if headed[j]), None)
        if first is None:
            break
        head = next(i for i in range(*pars[first]) if is_heading(msg[i].text))
        depth = msg[head].depth
        top = first
        while top > k and msg[pars[top - 1][0]].depth == depth and _caps(words[top - 1]):
            top -= 1
        stop = next((j for j in range(first + 1, len(pars)) if ends(j, depth)), len(pars))
        last = stop - 1
        while last > first and (msg[pars[last][0]].depth < depth or _chatty(words[last])):
            last -= 1
        start = pars[top][0] if top < first else head
        out.append(_without_remarks(msg[start : pars[last][1]], depth))
        k = stop + 1
    return out


def _without_remarks(run: list[MailLine], depth: int) -> list[MailLine]:
    """The run without lines quoted less deeply than `depth` (a replier's) and reviewers'
    bracketed notes, one blank line where they stood."""
    out: list[MailLine] = []
    open_brackets = 0
    for ln in run:
        text = ln.text.strip()
        if not text:
            open_brackets = 0  # a note left open ends with its paragraph
        elif open_brackets or _COMMENT.match(text):
            open_brackets = max(0, open_brackets + text.count("[") - text.count("]"))
            continue
        if text and ln.depth < depth:
            continue
        if not text and (not out or not out[-1].text.strip()):
            continue
        out.append(ln)
    while out and not out[-1].text.strip():
        out.pop()
    return out


def _key(text: str) -> str:
    return " ".join(_LEADERS.sub(" ", text).split()).rstrip(".:").lower()


@dataclass
class _Unit:
    key: str  # the heading's words; "" for the front matter above the first heading
    lines: list[MailLine]
    at: tuple[int, int]  # the run it comes from, and where in it


def _units(run: list[MailLine], n: int) -> list[_Unit]:
    """The run cut at its headings; contents entries (a heading with leaders or a page number,
    or one of three headings or more with nothing but blank lines between) cut nothing."""
    found = [i for i, ln in enumerate(run) if is_heading(ln.text)]
    groups: list[list[int]] = []
    for i in found:
        if groups and not any(run[j].text.strip() for j in range(groups[-1][-1] + 1, i)):
            groups[-1].append(i)
        else:
            groups.append([i])
    listed = {i for g in groups if len(g) >= 3 for i in g}
    heads = [i for i in found if i not in listed and not _LEADERS.search(run[i].text)]
    cuts = [0, *heads, len(run)]
    return [
        _Unit(_key(run[a].text) if a in heads else "", run[a:b], (n, a))
        for a, b in itertools.pairwise(cuts)
        if b > a
    ]


def once(runs: list[list[MailLine]]) -> list[MailLine]:
    """The runs' lines with each section once (see the module docstring), a blank line
    between two runs."""
    out: list[_Unit] = []
    repeated = 0
    for n, run in enumerate(runs):
        units = _units(run, n)
        keys = [u.key for u in out]
        if not any(u.key and u.key in keys for u in units):
            out += units
            continue
        at = next(keys.index(u.key) for u in units if u.key and u.key in keys)
        for u in units:
            if u.key and u.key in keys:
                repeated += 1
                at = keys.index(u.key) + 1
            elif u.key or "" not in keys:
                out.insert(at, u)
                keys.insert(at, u.key)
                at += 1
    if repeated:
        log.info("mail thread: %d section(s) printed again left out", repeated)
    lines: list[MailLine] = []
    follows = None  # where a unit goes on its run from the last unit written
    for u in out:
        if u.at != follows and lines and lines[-1].text.strip():
            lines.append(MailLine(0, "", 0))
        lines += u.lines
        follows = (u.at[0], u.at[1] + len(u.lines))
    return lines
