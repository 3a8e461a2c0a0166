"""Heading recognition: every heading style we know, and OCR-tolerant decimal numbering.

Styles (a new city in one of them parses with no code change):

* containers, upper case: ``ARTICLE II``, ``ARTICLE V. TITLE``, ``DIVISION 3. TITLE``,
  ``SECTION 4. GENERAL PROVISIONS``, ``PART 2. TITLE``;
* numbered sections anywhere in running text: ``Section 61.``, ``Sec. 70-41.``, ``§ 52.01``,
  ``§ 52.01 PURPOSE.`` (upper-case title), ``Section 89 Conditions`` (no period), OCR ``Dection 96.``; reserved ranges
  ``Sections 08 through 20. Reserved.``;
* sections without numbers: ``Sec Title.`` / ``Secs Reserved.``;
* decimal numbers at the start of a line: ``404.``, ``404.04.``, damaged forms (``4.04.09.``,
  ``8C)2.``, ``80=:.01``) repaired against the document's own numbering sequence.

``Subd. 2.`` subdivisions stay inside their section's text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_UPPER_WORD = r"(?!(?:ARTICLE|DIVISION|SECTION|PART)\b)[A-Z][A-Z&'\-]*\b,?"
CONTAINER_RE = re.compile(
    r"\b(?P<kw>ARTICLE|DIVISION|SECTION|PART)\s+(?P<num>[IVXLC]+|\d{1,3})\b\s*[.'’]?\s*"
    rf"(?P<title>{_UPPER_WORD}(?:[ \t]+{_UPPER_WORD})*)"
)
NUMBERED_RE = re.compile(
    r"(?:(?<=\s)|^)(?P<kw>[A-Z]ection|SECTION|Sec\.|SEC\.|§{1,2})\s*"
    r"(?P<num>\d{1,4}(?:[A-Z](?=-\d))?(?:[.\-]\d{1,3})*)"
    r"(?:\.(?=\s)|(?=\s+[A-Z][a-z])|(?=\s+[A-Z][A-Z'\-]+(?:[ \t]+[A-Z&][A-Z'\-,]*)*\.))\s+(?=[A-Z])"
)
LINE_ITEM_RE = re.compile(
    r"(?m)^[ \t]*(?P<kw>§{1,2}|Sec\.|SEC\.|Section)[ \t]*(?P<num>\d{1,4}(?:[.\-]\d{1,3})+)\.?"
    r"[ \t]+(?=\(\w{1,3}\)[ \t]|A[ \t])"
)
"""A numbered paragraph at the start of a line that opens with an item or a one-letter word
('§ 7.2.4 (a) The tank ...', '§ 7.2.5 A permit ...'): a section with no title of its own."""
RANGE_RE = re.compile(
    r"(?:(?<=\s)|^)(?:Sections|Secs\.)\s+(?P<a>\d{1,4})\s+(?:through|to|-)\s+(?P<b>\d{1,4})\.\s+"
    r"(?P<title>Reserved)\.?"
)
UNNUMBERED_RE = re.compile(r"(?:(?<=\s)|^)Secs?\s+(?=[A-Z][a-z])")
_DEC_PREFIX = re.compile(r"^[/\s]*((?:\d|[CO](?=[\d)=:])|[=:)'._\-]|[ \t])+)")
_DEC_TITLE = re.compile(r"^([A-Z][A-Za-z ,'&/]{1,60}?)\s*[.\-'](?=\s|$)")
_TITLE_END = re.compile(r"\.(?=\s|$)")

CONTAINER_LEVEL = {"PART": 0, "ARTICLE": 1, "SECTION": 1, "DIVISION": 2}


@dataclass
class Heading:
    start: int  # offset of the heading in the clean stream
    body: int  # offset where its body text begins
    kind: str  # "container" | "section" | "range"
    style: str  # "container" | "numbered" | "unnumbered" | "decimal" | "range"
    number: str | None
    title: str
    level: int = 0
    key: tuple[int, ...] = ()
    rest: int = -1  # offset of what follows the number (a title printed only in the contents)


def roman_to_int(s: str) -> int:
    vals = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
    total = 0
    for i, ch in enumerate(s):
        v = vals[ch]
        total += -v if i + 1 < len(s) and vals[s[i + 1]] > v else v
    return total


def _title_after(text: str, pos: int, limit: int = 200) -> tuple[str, int]:
    m = _TITLE_END.search(text, pos, min(len(text), pos + limit))
    if not m or ("\n" in text[pos : m.start()] and len(text[pos : m.start()]) > 120):
        return "", pos
    return " ".join(text[pos : m.start()].split()), m.end()


_CAPS_LINE = re.compile(r"[A-Z][A-Z0-9 ,;'&/()\-]*[A-Z)]\.?")


def _title_line_after(text: str, m: re.Match[str]) -> tuple[str, int] | None:
    """(title, body start) when the number ends its line and the next line is an upper-case
    title of a few words with the text below it; None otherwise."""
    gap = text[m.start("num") + len(m.group("num")) : m.end()]
    if "\n" not in gap:
        return None
    end = text.find("\n", m.end())
    line = text[m.end() : end if end >= 0 else len(text)].strip()
    below = text[end + 1 : end + 200] if end >= 0 else ""
    if (
        not _CAPS_LINE.fullmatch(line)
        or len(line.split()) > 10
        or not re.search(r"[a-z]{2}", below.split("\n", 1)[0])
    ):
        return None
    return line.rstrip("."), end + 1


def find_containers(text: str) -> list[Heading]:
    out = []
    for m in CONTAINER_RE.finditer(text):
        words = m.group("title").split()
        while len(words) > 1 and len(words[-1]) == 1:  # "PERMITS A permit ..." -> drop "A"
            words.pop()
        if not any(len(w.strip(",&'-")) >= 2 for w in words):
            continue
        title = " ".join(words)
        kw, num = m.group("kw"), m.group("num")
        if kw == "SECTION" and not num.isdigit():
            continue
        end = m.start("title") + len(" ".join(m.group("title").split()[: len(words)]))
        if text[end : end + 1] == ".":
            end += 1
        key = (roman_to_int(num) if not num.isdigit() else int(num),)
        out.append(
            Heading(m.start(), end, "container", "container", num, title, CONTAINER_LEVEL[kw], key)
        )
        out[-1].number = f"{kw} {num}"
    return out


def find_numbered(text: str) -> list[Heading]:
    out = []
    for m in NUMBERED_RE.finditer(text):
        if m.group("kw") == "SECTION":
            after = text[m.end() : m.end() + 60].split("\n")[0]
            if re.match(r"[A-Z ,&'\-]+$", after.strip()) and after.strip():
                continue  # an upper-case SECTION heading is a container
        if text[m.start("num") + len(m.group("num"))] == ".":
            title, body = _title_after(text, m.end())
        else:
            title, body = _title_after(text, m.end())
            if (
                not title or len(title.split()) > 10
            ):  # "Section 89 Conditions Violation ...": no period
                tm = re.match(r"[A-Z][a-z]+(?:\s+[a-z][\w,;'-]*)*", text[m.end() : m.end() + 120])
                title = tm.group(0) if tm else ""
                body = m.end() + (tm.end() if tm else 0)
        own = _title_line_after(text, m)
        if own is not None:  # 'Sec. 14-27.' / 'SEPTIC TANKS' / '(A) ...': the line is the title
            title, body = own
        num = m.group("num")
        key = tuple(int(x) for x in re.findall(r"\d+", num))  # 8A-12 -> (8, 12)
        out.append(
            Heading(m.start(), body or m.end(), "section", "numbered", num, title, 9, key, m.end())
        )
    taken = {h.start for h in out}
    for m in LINE_ITEM_RE.finditer(text):
        at = m.start("kw")
        if at not in taken:
            num = m.group("num")
            key = tuple(int(x) for x in re.findall(r"\d+", num))  # 8A-12 -> (8, 12)
            out.append(Heading(at, m.end(), "section", "numbered", num, "", 9, key, m.end()))
    for m in RANGE_RE.finditer(text):
        a, b = m.group("a"), m.group("b")
        out.append(
            Heading(m.start(), m.end(), "range", "numbered", f"{a}-{b}", "Reserved", 9, (int(a),))
        )
        out[-1].key = (int(a),)
        out[-1].level = int(b)  # the range's end, for the sequence check
    out.sort(key=lambda h: h.start)
    return out


def find_unnumbered(text: str) -> list[Heading]:
    out = []
    for m in UNNUMBERED_RE.finditer(text):
        title, body = _title_after(text, m.end(), limit=160)
        if title:
            out.append(Heading(m.start(), body, "section", "unnumbered", None, title, 9))
    return out


def _digits(prefix: str) -> tuple[str, bool]:
    """Digit string of a decimal prefix ('?' = an unreadable digit) and whether it looks damaged."""
    core = prefix.strip().rstrip(".'-_ ")
    s = re.sub(r"[CO][=:)]|[CO]", "0", core)
    s = re.sub(r"[=:)]+", "?", s)
    digits = re.sub(r"[^\d?]", "", s)
    clean = re.fullmatch(r"\d{3,4}(?:\s?\.\s?\d{2})?", core) is not None
    return digits, not clean or "?" in digits


def _distance(a: str, b: str) -> int:
    """Edit distance where '?' in `a` matches any digit."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb or ca == "?" else 1
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost))
        prev = cur
    return prev[-1]


def _fmt(key: tuple[int, ...]) -> str:
    return str(key[0]) if len(key) == 1 else f"{key[0]}.{key[1]:02d}"


def _successors(cur: tuple[int, ...] | None) -> list[tuple[tuple[int, ...], bool]]:
    """Expected next identifiers after `cur`, each with whether a damaged match may count."""
    if cur is None:
        return []
    p = cur[0]
    nxt_hundred = (p // 100 + 1) * 100 + 1
    out: list[tuple[tuple[int, ...], bool]] = []
    if len(cur) == 1:
        out.append(((p, 1), True))
    else:
        c = cur[1]
        out.append(((p, c + 1), True))
        out += [((p, c + k), False) for k in range(2, 6)]
    out += [((p + 1,), True), ((p + 1, 1), True), ((nxt_hundred,), True), ((nxt_hundred, 1), True)]
    return out


def find_decimal(text: str) -> list[Heading]:
    """Line-start decimal headings, accepted only where they continue the numbering sequence."""
    out: list[Heading] = []
    cur: tuple[int, ...] | None = None
    pos = 0
    for line in text.split("\n"):
        start, pos = pos, pos + len(line) + 1
        m = _DEC_PREFIX.match(line)
        if not m:
            continue
        rest = line[m.end() :]
        if not rest[:1].isupper():
            continue
        digits, damaged = _digits(m.group(1))
        if len(digits) < 3 or len(digits) > 6:
            continue
        key = _match(digits, damaged, cur)
        if key is None:
            continue
        cur = key
        tm = _DEC_TITLE.match(rest)
        title, body = "", start + m.end()
        if tm and len(tm.group(1).split()) <= 7:
            title, body = tm.group(1).strip(), start + m.end() + tm.end()
        level = 1 if len(key) == 1 else 2
        out.append(Heading(start, body, "section", "decimal", _fmt(key), title, 3 + level, key))
    return out


def _match(digits: str, damaged: bool, cur: tuple[int, ...] | None) -> tuple[int, ...] | None:
    if cur is None:
        if "?" in digits:
            return None
        if len(digits) in (3, 4) and int(digits) % 100 == 1:
            return (int(digits),)
        if len(digits) in (5, 6) and digits.endswith("01") and int(digits[:-2]) % 100 == 1:
            return (int(digits[:-2]), 1)
        return None
    expected = _successors(cur)
    for key, _ in expected:
        want = "".join([str(key[0])] + [f"{k:02d}" for k in key[1:]])
        if len(want) == len(digits) and all(
            a in (b, "?") for a, b in zip(digits, want, strict=True)
        ):
            return key
    if damaged or len(digits) >= 5:
        for key, fuzzy in expected:
            want = "".join([str(key[0])] + [f"{k:02d}" for k in key[1:]])
            wide = damaged or (len(want) >= 5 and len(digits) >= 5)
            if fuzzy and wide and _distance(digits, want) <= 1:
                return key
    return None
