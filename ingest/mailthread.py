"""An ordinance saved as an e-mail thread (plain text), its articles spread over the messages:

    From: Dana Whitcomb <clerk@...>                        (a header block, Outlook's or
    Sent: Tuesday, March 11, 2025 9:42 AM                   Gmail's, at any quote depth)
    To: Town Board <board@...>
    Subject: FW: SSTS ordinance - final text

    Supervisors,                                            (the message's own words)
    Below is the final text ...

                     ORDINANCE NO. 2025-01                  (the first articles, pasted
    ARTICLE I - GENERAL PROVISIONS                          without quote marks)
    Section 1.01 Title. ...

    Thanks,                                                 (a sign-off, a signature with
    Dana                                                    a phone number, a disclaimer)
    ...
    On Mon, Mar 3, 2025 at 10:15 AM Dana <clerk@...>        (an attribution, here wrapped)
    wrote:
    > Section 4.03 Setbacks.                                (the last articles, quoted)
    > Every septic tank ... shall be set back from the
    features below                                          (a quoted line's tail, re-wrapped)
    > by not less than the distances in Table 4.03, ...

    [JRL: this tracks the county language.]                 (the replier's note)

    > > Section 6.01 Failing Systems. ...                   (an older message, quoted twice)

`looks_like_mail_thread` tells such a text by its mail furniture: two header blocks ('From:'
with two of 'Sent:'/'Date:', 'To:', 'Subject:') or attributions ('On ... wrote:'), or one of
them and `MIN_QUOTED` quote-marked lines; a text with a line opening with '>' or the word
'From:' is none. `mail_to_text` reads it as the ordinance alone: the thread is cut into its
messages at each header block, attribution and divider ('-----Original Message-----', a rule of
underscores above a header block), which go; the quote marks go ('>', '> >', '>>'), and a line
a mail program re-wrapped (a quoted line's tail set on a line without the marks) is whole again.
Each message gives the ordinance it holds, and each section is kept once (`ingest.mailtext`):
greetings, signatures, disclaimers, replies between the sections, reviewers' bracketed notes,
a website summary and older messages holding no heading go. Every other line (history notes,
fixed-width tables with their columns, words hyphenated at a line's end) is kept as it stands.
"""

from __future__ import annotations

import logging
import re

from ingest.mailtext import MailLine, once, ordinance_runs

log = logging.getLogger(__name__)

MIN_QUOTED = 10
"""Quote-marked lines a thread with one header block or attribution holds at least."""
MIN_WRAPPED = 60
"""Characters, quote marks included, of a line a mail program re-wrapped."""
MAX_TAIL = 40
"""Characters of the tail it wrapped onto a line of its own."""

_QUOTE = re.compile(r"^[ \t]?((?:>[ \t]?)+)")
_HEADER = re.compile(
    r"(?P<key>From|Sent|Date|To|Cc|CC|Bcc|Subject|Reply-To|Importance|Attachments?)[ \t]*:"
    r"(?:[ \t]|$)"
)
_DIVIDER = re.compile(
    r"[ \t]*(?:-{2,}[ \t]*(?:Original|Forwarded)[ \t]+(?:Message|message)[ \t]*-{2,}|"
    r"Begin forwarded message:|_{10,}|-{10,})[ \t]*"
)
_WROTE = re.compile(r"(?:On[ \t].*\d.*|.*(?:@|<).*)[ \t]wrote:[ \t]*")
_ON = re.compile(r"On[ \t].*\d.*")


def _read(text: str) -> list[MailLine]:
    out = []
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        m = _QUOTE.match(raw)
        depth = m.group(1).count(">") if m else 0
        out.append(MailLine(depth, raw[m.end() :] if m else raw, len(raw.rstrip())))
    return out


def _header_end(lines: list[MailLine], i: int) -> int | None:
    """The end of the header block starting at `i` ('From:' and two of 'Sent:'/'Date:', 'To:',
    'Subject:' before a blank line, wrapped values included); None when none starts there."""
    m = _HEADER.match(lines[i].text)
    if m is None or m.group("key") != "From":
        return None
    keys = set()
    j = i
    while j < len(lines) and j - i < 12 and lines[j].text.strip():
        if lines[j].depth != lines[i].depth:
            break
        if h := _HEADER.match(lines[j].text):
            keys.add(h.group("key").replace("Sent", "Date"))
        j += 1
    return j if len(keys & {"Date", "To", "Subject"}) >= 2 else None


def _boundary(lines: list[MailLine], i: int) -> int | None:
    """The end of the message boundary at `i`: a header block, an attribution (also wrapped
    over two lines) or a divider; None when no boundary starts there."""
    text = lines[i].text.strip()
    if (end := _header_end(lines, i)) is not None:
        return end
    if _WROTE.fullmatch(text):
        return i + 1
    nxt = lines[i + 1] if i + 1 < len(lines) else None
    if (
        _ON.fullmatch(text)
        and nxt is not None
        and nxt.depth == lines[i].depth
        and re.fullmatch(r".{0,60}\bwrote:", nxt.text.strip())
    ):
        return i + 2
    if _DIVIDER.fullmatch(text):
        if re.search(r"(?i)message", text):
            return i + 1
        k = next((k for k in range(i + 1, len(lines)) if lines[k].text.strip()), None)
        if k is not None and _header_end(lines, k) is not None:
            return k
    return None


def looks_like_mail_thread(text: str) -> bool:
    """Whether a text is an e-mail thread: two header blocks or attributions, a header block
    that opens it, or one of them and `MIN_QUOTED` quote-marked lines (see the module
    docstring)."""
    lines = _read(text[:2_000_000])
    found = [i for i in range(len(lines)) if _boundary(lines, i) is not None]
    opening = next((i for i, ln in enumerate(lines) if ln.text.strip()), None)
    if len(found) >= 2 or (found and found[0] == opening and _header_end(lines, opening)):
        return True
    quoted = sum(1 for ln in lines if ln.depth and ln.text.strip())
    return len(found) == 1 and quoted >= MIN_QUOTED


def _rejoin(lines: list[MailLine]) -> list[MailLine]:
    """The lines with each re-wrapped tail back on its quoted line: a short line quoted less
    deeply (or not) right below a long quoted line whose sentence runs on, with a blank line or
    the quote going on below it (a reply's lines run on unquoted)."""
    out: list[MailLine] = []
    for i, ln in enumerate(lines):
        prev = out[-1] if out else None
        tail = ln.text.strip()
        nxt = lines[i + 1] if i + 1 < len(lines) else None
        if (
            prev is not None
            and prev.depth > ln.depth
            and (nxt is None or not nxt.text.strip() or nxt.depth >= prev.depth)
            and prev.width >= MIN_WRAPPED
            and prev.text.strip()
            and not re.search(r"[.!?:;\]]$", prev.text.rstrip())
            and 0 < len(tail) <= MAX_TAIL
            and not tail.startswith(("[", ">"))
            and not _WROTE.fullmatch(tail)
            and not _HEADER.match(tail)
        ):
            prev.text = f"{prev.text.rstrip()} {tail}"
            continue
        out.append(MailLine(ln.depth, ln.text, ln.width))
    return out


def _messages(lines: list[MailLine]) -> list[list[MailLine]]:
    """The thread cut at its boundaries (which go)."""
    out: list[list[MailLine]] = [[]]
    i = 0
    while i < len(lines):
        end = _boundary(lines, i)
        if end is None:
            out[-1].append(lines[i])
            i += 1
        else:
            out.append([])
            i = end
    return [m for m in out if any(ln.text.strip() for ln in m)]


def mail_to_text(text: str) -> str:
    """The ordinance an e-mail thread holds (see the module docstring): headers, attributions,
    greetings, signatures, disclaimers, replies and older messages gone, quote marks off,
    re-wrapped lines whole, each section once. A thread holding no heading is returned as it
    is."""
    runs = [r for msg in _messages(_rejoin(_read(text))) for r in ordinance_runs(msg)]
    lines = once([r for r in runs if r])
    if not lines:
        return text
    log.info("mail thread: the ordinance read from %d run(s) of its messages", len(runs))
    return "\n".join(ln.text.rstrip() for ln in lines) + "\n"
