"""Rule facts of more shapes: bedroom tables, the bedroom count a design uses, single figures.

A table is read from the text as loaded, where its columns still stand in fixed-width
positions: rows of a bedroom count and one figure per column ("1 or 2   1,000   1,500"), the
words above each column (its header: "No Garbage Disposal", "With Garbage Disposal And Lift
Station") and an optional last row for each bedroom beyond ("Each bedroom over 6, add 250 375").
A header made of "with ..." / "no ..." phrases names yes/no inputs; a header that is not read so,
rows that do not follow one another, or a count that does not match is dropped.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from ingest.numbers import read_numbers
from ingest.records import Section
from ingest.rulefacts_shapes import (
    BEDROOMS,
    INC_AFTER,
    INC_BEFORE,
    const,
    flag_spec,
    fold,
    located,
    printed_lines,
    said_in,
    sentences,
    sized_rule,
    subject,
    table_heading,
    up_to_then_per_bedroom,
    with_count,
)
from tools.formulas import (
    Case,
    Cases,
    Condition,
    Extreme,
    Input,
    InputSpec,
    Row,
    Rule,
    Table,
)

_FIG = r"\d{1,3}(?:,\d{3})+|\d+"
_LABEL = r"\d+(?:\s*(?:,|or|-|to|through)\s*(?:or\s+)?\d+)*(?:\s+or\s+(?:more|less|fewer))?"
_ROW = re.compile(
    rf"^\s*(?P<label>{_LABEL})(?:\s+/\s+[^\s/][^/]*?)?(?P<figs>(?:\s{{2,}}(?:{_FIG}))+)\s*$"
)
"""A bedroom table's row: its count (a second spelling after a slash, '1 or 2 / 1 o 2', is passed
over) and its figures."""
_BEYOND = re.compile(
    r"each (?:additional )?bedroom (?:over|above|beyond|in excess of|more than) (\d+),? (?:add )?"
    r"((?:(?:add )?\+?\d+(?:\.\d+)? ?)+)$"
)
_BEYOND_ROW = re.compile(
    r"^(?:(\d+) or more|(?:over|above|more than) (\d+))\s+([\d,]+),? plus ([\d,]+) (?:gallons? )?"
    r"(?:for|per) each (?:additional )?bedroom (?:over|above|beyond|in excess of|more than) (\d+)",
    re.I,
)
"""A last row that states its own formula: '5 or more   1,500 plus 250 for each bedroom over 4',
'Over 6   2,250, plus 325 for' / 'each bedroom over 6' (wrapped onto the next line)."""
_BASELINE = re.compile(r"(?:standard|basic|normal|regular|typical|none|base|minimum)")
"""A column header that names the plain case, beside columns that name what raises the figure
("Standard | Garbage disposal | Lift station")."""
_COUNT = re.compile(
    r"(?:where|if|when) (?:a|the) (?:dwelling|house|home|building) has (?:an? )?"
    r"([a-z]+(?: (?!or\b|and\b|the\b|an?\b|with\b|that\b|which\b)[a-z]+){0,2})\b"
    r"( or [a-z]+(?: [a-z]+)?\b)?.*?\b(\d+) (?:bedroom more|more bedroom|"
    r"additional bedroom|extra bedroom|bedrooms? (?:shall|must|will) be added)"
)


def _range(label: str) -> tuple[float | None, float | None] | None:
    nums = [int(n) for n in re.findall(r"\d+", label)]
    if not nums:
        return None
    if re.search(r"or (?:less|fewer)$", label):
        return None, max(nums)
    if label.endswith("or more"):
        return min(nums) - 1, None
    if "-" in label or " to " in label or "through" in label or len(nums) == 1:
        return min(nums) - 1, max(nums)
    return (min(nums) - 1, max(nums)) if nums == list(range(min(nums), max(nums) + 1)) else None


def _top(ranges: list[tuple[float | None, float | None]]) -> float | None:
    """The bedroom count past which a step per bedroom applies: the last row's highest count,
    or the first count of an open last row ('5 or more' beside 'for each bedroom over five')."""
    low, high = ranges[-1]
    return high if high is not None else (low + 1 if low is not None else None)


def ruled_spans(raw: list[str], first: int, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The figure columns' spans widened to the runs of the rule line printed right above a
    table's first row ('------  ------------ -----------'), where each column stands in its own
    run: a header set left in a wide column ('Soil treatment area' over right-set figures) is
    then read as that column's; the spans as they are where no such line is printed."""
    above = next((line for line in reversed(raw[:first]) if line.strip()), "")
    if not re.fullmatch(r"\s*[-=_]{3,}(?:\s+[-=_]{3,})*\s*", above):
        return spans
    runs = [(m.start(), m.end()) for m in re.finditer(r"[-=_]+", above)]
    wide = [next((r for r in runs if r[0] - 1 <= a and b <= r[1] + 1), None) for a, b in spans]
    if any(r is None for r in wide) or len(set(wide)) != len(wide):
        return spans
    return [r for r in wide if r is not None]


def columns(header: list[str], spans: list[tuple[int, int]]) -> list[str]:
    """The words above each figure column (a word goes to the column whose span holds its
    centre, else to the nearest)."""
    words: list[list[str]] = [[] for _ in spans]
    starts: dict[int, int] = {}  # where a column's header begins on a line: a word below that
    for n, line in enumerate(header):  # starts there continues it ('With garbage disposal' / ...)
        cells = re.split(r"\s{2,}", line.strip())
        if n and len(spans) > 1 and len(cells) == len(spans) and len(line) < spans[0][0] - 2:
            # a line under the first that lost its indent (a PDF's text), a cell per column:
            # 'or holding    area, privy' under 'Sewage tank   Soil trtmt.'
            for j, cell in enumerate(cells):
                words[j].extend(cell.split())
            continue
        for m in re.finditer(r"\S+", line):
            if re.fullmatch(r"[-=_]{3,}", m.group(0)):
                continue  # a rule spanning the columns under a header above them all
            centre = (m.start() + m.end()) / 2
            best = min(range(len(spans)), key=lambda j: abs(centre - sum(spans[j]) / 2))
            best = next((j for j, (a, b) in enumerate(spans) if a <= centre <= b), best)
            best = starts.get(m.start(), best)
            if m.end() >= spans[0][0] - 2:  # words left of the figures head the label column
                if not words[best] or best not in starts.values():
                    starts.setdefault(m.start(), best)
                words[best].append(m.group(0))
    # a head hyphenated over two lines ('Soil treat-' / 'ment area') is one word again
    return [re.sub(r"(?<=[a-z])- (?=[a-z])", "", " ".join(w).lower()) for w in words]


def _flags(text: str) -> dict[str, tuple[bool, str]] | None:
    """'with garbage disposal and lift station' -> {garbage_disposal: (True, ...), ...};
    None when the header is not made of with/no phrases."""
    m = re.fullmatch(r"(with|no|without)\s+([a-z ]+)", text.strip())
    if not m:
        return None
    value = m.group(1) == "with"
    out = {}
    for part in re.split(r"\s+and\s+", m.group(2).strip()):
        spec = flag_spec(part)
        out[spec.name] = (value, part)
    return out


def _variants(heads: list[str]) -> list[Condition | None] | None:
    """Columns headed by a plain case and by what raises the figure ("Standard", "Garbage
    disposal", "With garbage disposal or pump to first tank"): each variant column holds when
    any of the things its header names is present (None: the plain column); None when the
    headers are not read so (no plain column, or a header that names nothing)."""
    # "Standard", or the plain case with what it sizes ("Standard dwelling")
    plain = [
        j
        for j, h in enumerate(heads)
        if re.fullmatch(rf"{_BASELINE.pattern}(?: [a-z]+)?", h.strip())
    ]
    if not plain:  # 'Tank' beside 'With garbage disposal': the column naming no case is plain
        plain = [
            j for j, h in enumerate(heads) if not re.match(r"(?:with|no|without)\b", h.strip())
        ]
    if not plain:  # 'Without garbage disposal' beside 'With garbage disposal or lift station'
        plain = [j for j, h in enumerate(heads) if _without_what(h, heads)]
    if len(plain) != 1:
        return None
    out: list[Condition | None] = []
    for j, head in enumerate(heads):
        if j == plain[0]:
            out.append(None)
            continue
        words = re.sub(r"^(?:with|where there is|if there is)\s+(?:an?\s+)?", "", head.strip())
        if not re.fullmatch(r"[a-z][a-z ]*", words) or re.match(r"(?:no|without)\b", words):
            return None
        leaves = [
            _all_of(re.split(r"\s+and\s+(?:an?\s+)?", part))
            for part in re.split(r"\s+(?:or|and/or)\s+(?:an?\s+)?", words)
        ]
        out.append(leaves[0] if len(leaves) == 1 else Condition(any=leaves))
    return out


def _without_what(head: str, heads: list[str]) -> bool:
    """'without garbage disposal' where another column is headed 'with garbage disposal or lift
    station': the plain column, the other one's case holding when any thing it names is there."""
    m = re.fullmatch(r"(?:without|no)\s+([a-z][a-z ]*)", head.strip())
    return m is not None and any(
        re.fullmatch(rf"with\s+(?:an?\s+)?{re.escape(m[1])}\s+(?:or|and/or)\s+[a-z ]+", h.strip())
        for h in heads
    )


def _all_of(parts: list[str]) -> Condition:
    """'garbage disposal and lift station': holds when each thing the header names is present."""
    leaves = [
        Condition(input=flag_spec(part).name, op="eq", value=True, text=f"With {part}")
        for part in parts
    ]
    return leaves[0] if len(leaves) == 1 else Condition(all=leaves)


def _spoken_heads(header: list[str], k: int) -> list[str] | None:
    """The label's words and the `k` column headers of a header printed with single spaces
    ('Number of Bedrooms Without Garbage Disposal With Garbage Disposal'): one phrase per
    column, each beginning with 'with', 'without' or 'no'; None when it does not read so."""
    words = fold(" ".join(header)).lower()
    parts = re.split(r"\s+(?=(?:with|without|no)\s)", words)
    return parts if len(parts) == k + 1 else None


def table_rules(section: Section, title: str, source: str) -> list[Rule]:
    """A bedroom table of the section, its columns chosen by yes/no inputs its headers name."""
    raw = printed_lines(source, section)
    text = fold(section.text)
    rows = [(i, _ROW.match(line)) for i, line in enumerate(raw)]
    found = [(i, m) for i, m in rows if m]
    if len(found) < 3 or not _one_run(raw, [i for i, _ in found], text):
        return []  # a table is its run of rows, one after another
    first, last = found[0][0], found[-1][0]
    widths = {len(re.findall(_FIG, m.group("figs"))) for _, m in found}
    if len(widths) != 1:
        return []
    k = widths.pop()
    spans = [
        (
            min(m.start("figs") + f.start() for _, m in found for f in _nth(m, j)),
            max(m.start("figs") + f.end() for _, m in found for f in _nth(m, j)),
        )
        for j in range(k)
    ]
    header, above = table_heading(raw, first)
    caption = fold(" ".join(above))
    label_words = " ".join(line[: spans[0][0] - 2] for line in header).lower()
    # 'Number of bedrooms  Without garbage disposal  With garbage disposal': read by its words
    # when each column's header begins 'with'/'without' (a PDF loses the columns' places; a
    # left-set header word may stand nearer the next column's figures)
    spoken = _spoken_heads(header, k) if len(header) == 1 else None
    label_words = spoken[0] if spoken else label_words
    if "bedroom" not in label_words:
        return []
    read = (read_numbers(caption) or "").lower()
    unit = "gpd" if "per day" in read else "gal"
    if "gallon" not in read and "gallon" not in " ".join(header).lower():
        return []
    ranges = []
    for _, m in found:
        r = _range(fold(m.group("label")))
        if r is None:
            return []
        ranges.append(r)
    if any(a[1] is None or b[0] != a[1] for a, b in itertools.pairwise(ranges)):
        return []
    heads = spoken[1:] if spoken else columns(header, ruled_spans(raw, first, spans))
    # 'Total capacity' beside 'Capacity of first compartment': the total is the rule
    whole = _whole_column(heads) if k > 1 else None
    after = " ".join(fold(line) for line in raw[last + 1 : last + 3] if line.strip())
    beyond = None
    printed = ""
    one = fold(raw[last + 1]) if last + 1 < len(raw) else ""
    for told, as_printed in ((one, one), (after, after), _wrapped(raw, last)):
        # the row after the last ('Each bedroom over 6, add 275 400'), alone or wrapped
        beyond = _BEYOND.search(read_numbers(told.split(".")[0]) or "")
        if beyond is not None:
            printed = as_printed
            break
    adds: list[float] = []
    beyond_quote = ""
    if beyond is not None:
        adds = [float(x.lstrip("+")) for x in beyond.group(2).split() if x != "add"]
        if int(beyond.group(1)) != _top(ranges) or len(adds) != k:
            adds = []
        beyond_quote = _verbatim_tail(printed, text)
    row, row_text = None, ""
    for row_text in (fold(" ".join(raw[last + 1 : last + n])) for n in (2, 3)):
        row = _BEYOND_ROW.search(read_numbers(row_text) or "") if last + 1 < len(raw) else None
        if row is not None:
            break
    if row is not None and k == 1 and not adds:
        base, step, over = (float(g.replace(",", "")) for g in row.group(3, 4, 5))
        top = ranges[-1][1] or 0
        starts = int(row.group(1)) == top + 1 if row.group(1) else int(row.group(2)) == top
        if starts and over == ranges[-1][1] and base == _fig(found[-1][1], 0):
            adds, beyond_quote = [step], _verbatim_tail(row_text, text) or row_text
    if (k == 1 or whole is not None) and not adds and row is None:
        adds, beyond_quote = _beyond_said(text, _top(ranges), unit)
        if whole is not None and adds:
            adds = [adds[0] if j == whole else 0.0 for j in range(k)]
    elif k > 1 and not adds and row is None:
        steps, said = _beyond_said(text, _top(ranges), unit)
        last_row = [_fig(found[-1][1], j) for j in range(k)]
        adds = _scaled_steps(said, steps, last_row, heads) if steps else []
        beyond_quote = said if adds else ""
    quote = caption if caption and caption in text else ""
    if not quote:
        return []
    table = _Grid(section, found, ranges, unit, adds if beyond_quote else [], beyond_quote)
    if whole is not None:
        what = subject(unit, read, title)
        return [] if what is None else table.rules(what, quote, [heads[whole]], [whole])
    groups = _subject_groups(heads) if k > 1 else None
    if groups is None:
        what = subject(unit, read, title)
        return [] if what is None else table.rules(what, quote, heads, list(range(k)))
    out: list[Rule] = []
    for words, cols in groups:
        what = subject(unit, f"{words} {read}", title)
        alone = len(cols) == 1 and re.match(r"(?:with|no|without)\b", heads[cols[0]])
        if alone:
            continue  # one column headed by a condition: the other case is not printed
        if what is not None and not any(r.topic == what[0] for r in out):
            out += table.rules(what, quote, [heads[j] for j in cols], cols)
    return out


_SUBJECT_HEAD = re.compile(r"(?P<subject>(?:[a-z]+ )?tanks?)\b[,;:]?\s*(?P<rest>.*)")
"""A column header that names its own subject first ('septic tank, with garbage disposal',
'holding tank')."""


def _subject_groups(heads: list[str]) -> list[tuple[str, list[int]]] | None:
    """The columns by the subject their headers name first ('septic tank, no garbage disposal',
    'septic tank, with garbage disposal', 'holding tank' -> septic tank: 0, 1; holding tank: 2),
    the subject dropped from each header; None when a header names none."""
    parts = [_SUBJECT_HEAD.fullmatch(h.strip()) for h in heads]
    if any(p is None for p in parts):
        return None
    groups: dict[str, list[int]] = {}
    for j, p in enumerate(parts):
        assert p is not None
        groups.setdefault(p.group("subject").rstrip("s"), []).append(j)
        heads[j] = p.group("rest")
    return list(groups.items())


class _Grid:
    """A bedroom table's rows, read once, made into one rule per subject's columns."""

    def __init__(
        self,
        section: Section,
        found: list[tuple[int, re.Match[str]]],
        ranges: list[tuple[float | None, float | None]],
        unit: str,
        adds: list[float],
        beyond_quote: str,
    ) -> None:
        self.section, self.found, self.ranges = section, found, ranges
        self.unit, self.adds, self.beyond_quote = unit, adds, beyond_quote

    def rules(
        self, what: tuple[str, str, list[str]], quote: str, heads: list[str], cols: list[int]
    ) -> list[Rule]:
        """The rule of the columns `cols` (headed `heads`), its conditions read from the heads."""
        section, found, ranges, unit = self.section, self.found, self.ranges, self.unit
        topic, asks, terms = what
        k = len(cols)
        conditions: list[Any] = [None] if k == 1 else []
        variants = _variants(heads) if k > 1 else None
        if variants is not None:
            conditions = variants
        elif k > 1:
            parsed = [_flags(h) for h in heads]
            if any(p is None for p in parsed):
                return []
            names = {n for p in parsed if p for n in p}
            for p in parsed:
                assert p is not None
                leaves = [
                    Condition(input=n, op="eq", value=p.get(n, (False, ""))[0], text=_said(n, p))
                    for n in sorted(names)
                ]
                conditions.append(leaves[0] if len(leaves) == 1 else Condition(all=leaves))
            if len({c.model_dump_json() for c in conditions}) != k:
                return []
        nodes = []
        for j, col in enumerate(cols):
            table_rows = [
                Row(
                    label=fold(m.group("label")),
                    low=lo,
                    high=hi,
                    value=_fig(m, col),
                    quote=fold(m.string),
                    confidence="medium",
                )
                for (_, m), (lo, hi) in zip(found, ranges, strict=True)
            ]
            node: Any = Table(
                kind="table",
                input="bedrooms",
                rows=table_rows,
                unit=unit,
                label=f"Table ({heads[j] or 'figure'})" if k > 1 else "Table",
                past_last=f"The table of §{section.ref} ends at {table_rows[-1].label}.",
            )
            if self.adds:
                top = _top(ranges)
                assert top is not None
                node = up_to_then_per_bedroom(
                    top, node,
                    const(table_rows[-1].value or 0, unit, "last row", table_rows[-1].quote or ""),
                    const(self.adds[col], f"{unit} per bedroom", "each bedroom over",
                          self.beyond_quote),
                    unit, self.beyond_quote, f"{top:g} bedrooms or fewer",
                )  # fmt: skip
            nodes.append(node)
        if k == 1:
            formula: Any = nodes[0]
        elif variants is not None:
            # the column of the largest figure whose condition holds: where two hold (a garbage
            # disposal and a lift station), the larger minimum is the one that meets both
            order = sorted(range(k), key=lambda j: -_fig(found[0][1], cols[j]))
            base = variants.index(None)
            formula = Cases(
                kind="cases",
                cases=[
                    Case(when=w, then=nodes[j]) for j in order if (w := variants[j]) is not None
                ],
                otherwise=nodes[base],
            )
        else:
            formula = Cases(
                kind="cases",
                cases=[Case(when=c, then=n) for c, n in zip(conditions, nodes, strict=True)],
                otherwise_note=f"The table of §{section.ref} has no column for this combination.",
            )
        flags = sorted({n for c in conditions if c is not None for n in _inputs(c)})
        inputs = [BEDROOMS] + [flag_spec(n.replace("_", " ")) for n in flags]
        return [sized_rule(section, topic, asks, terms, unit, quote, formula, inputs, kind="table")]


def _whole_column(heads: list[str]) -> int | None:
    """The one column a header calls the total ('Total capacity' beside 'Capacity of first
    compartment'), where the headers are not cases of one figure ('with garbage disposal')."""
    if _variants(heads) is not None or all(_flags(h) is not None for h in heads):
        return None
    totals = [j for j, h in enumerate(heads) if re.search(r"\btotal\b", h.lower())]
    return totals[0] if len(totals) == 1 else None


def _nth(m: re.Match[str], j: int) -> list[re.Match[str]]:
    figs = list(re.finditer(_FIG, m.group("figs")))
    return [figs[j]] if j < len(figs) else []


def _fig(m: re.Match[str], j: int) -> float:
    return float(re.findall(_FIG, m.group("figs"))[j].replace(",", ""))


def _said(name: str, parsed: dict[str, tuple[bool, str]]) -> str:
    words = name.replace("_", " ")
    return f"{'With' if parsed.get(name, (False, ''))[0] else 'No'} {words}"


def _inputs(c: Condition) -> list[str]:
    if c.input:
        return [c.input]
    return [n for sub in (c.all or []) + (c.any or []) for n in _inputs(sub)]


def _one_run(raw: list[str], at: list[int], text: str) -> bool:
    """Whether the rows at lines `at` follow one another, across a page break at most: the lines
    between two rows are blank or page furniture (not in the section's clean text)."""
    for a, b in itertools.pairwise(at):
        between = [" ".join(line.split()) for line in raw[a + 1 : b]]
        if any(line and line in text for line in between):
            return False
        if b - a > 1 and not any(between):
            return False  # rows set apart by blank lines alone: two tables
    return True


def _beyond_said(text: str, top: float | None, unit: str) -> tuple[list[float], str]:
    """The step for each bedroom beyond the table's last row, said in a sentence of the section
    rather than in a row ('For a dwelling with more than six bedrooms, the capacity shall be
    increased by 300 gallons for each bedroom in excess of six.'): ([step], the sentence) when
    its count is the last row's and its unit the table's, else ([], '')."""
    for sentence in sentences(text):
        read = read_numbers(sentence) or ""
        m = INC_AFTER.search(read)
        step, said, over = (m.group(1), m.group(2), m.group(3)) if m else (None, "", None)
        if m is None and (m2 := INC_BEFORE.search(read)) is not None:
            step, said, over = m2.group(2), m2.group(3), m2.group(1)
        if step is None or over is None or top is None or float(over) != top:
            continue
        if ("day" in said or said == "gpd") == (unit == "gpd"):
            # a table has no full stop: its sentence begins at its item's mark ('(b) For ...')
            marks = list(re.finditer(r"(?:^|\s)(\([a-zA-Z]\) )", sentence))
            return [float(step)], sentence[marks[-1].start(1) if marks else 0 :].strip()
    return [], ""


_TIMES = re.compile(r"\bmultiplied by (?:\d+ and (?:one-half|one half|a half) )?(\d+(?:\.\d+)?)")
_MORE_PERCENT = re.compile(r"\bincreased by (\d+(?:\.\d+)?) percent")
"""'... and where a garbage disposal is used, the standard capacity is increased by 50 percent'."""


def _scaled_steps(said: str, step: list[float], last: list[float], heads: list[str]) -> list[float]:
    """Each column's step beyond the last row, from a sentence that gives the step of the plain
    column and the others as a multiple of it ('... plus 325 gallons for each bedroom over six;
    where the dwelling has a garbage disposal, that capacity shall be multiplied by 1.5', or
    '... increased by fifty (50) percent'): the
    plain column's step, and the multiple of it for a column whose last figure is that multiple
    of the plain one's; [] when a column fits neither."""
    plain = next((j for j, h in enumerate(heads) if _BASELINE.search(h.lower())), 0)
    times = _TIMES.search(read_numbers(said) or "")
    more = _MORE_PERCENT.search(read_numbers(said) or "")
    factor = float(times.group(1)) if times else 1 + float(more.group(1)) / 100 if more else None
    out = []
    for j, figure in enumerate(last):
        if j == plain:
            out.append(step[0])
        elif factor is not None and abs(figure - factor * last[plain]) < 1:
            out.append(step[0] * factor)
        else:
            return []
    return out


def _verbatim_tail(after: str, text: str) -> str:
    """The beyond row as the section text prints it (its words may wrap onto two lines)."""
    line = after.split(".")[0].strip()
    return line if line and line in text else ""


_OVER = re.compile(r"(?:over|above|beyond|in excess of|more than) \d+", re.I)


def _wrapped(raw: list[str], last: int) -> tuple[str, str]:
    """The row after the last whose label wrapped under its figures ('Each bedroom  add 300  add
    450' / 'over 6'): (read with its label whole, 'Each bedroom over 6 add 300 add 450'; as
    printed), or ('', '')."""
    two = [fold(line) for line in raw[last + 1 : last + 3]]
    if len(two) < 2 or not _OVER.fullmatch(two[1].strip()):
        return "", ""
    m = re.match(r"(.*?\bbedrooms?)\s+(.*)$", two[0], re.I)
    if m is None:
        return "", ""
    return f"{m.group(1)} {two[1].strip()} {m.group(2)}", " ".join(two)


def counted_bedrooms(sections: list[Section], rules: list[Rule]) -> list[Rule]:
    """'Where a dwelling has an unfinished basement, the design shall include 1 bedroom more':
    every dwelling rule by bedrooms counts the extra bedroom when the user says so. The rule as
    printed stays (unrouted, `terms: []`) and is applied with the count raised."""
    said = [
        (m.group(1), m.group(2) or "", int(m.group(3)), q, s)
        for s, m, q in said_in(sections, "bedroom", _COUNT)
    ]
    if len(said) != 1:
        return rules  # none, or several that may disagree: not read
    words, other, extra, quote, where = said[0]
    spec = flag_spec(words)
    if other:  # 'an unfinished basement or lower level': either one is asked by
        spec = spec.model_copy(update={"label": f"{words}{other} (yes/no)"})
    out: list[Rule] = []
    for rule in rules:
        if rule.input("bedrooms") is None or rule.input(spec.name) is not None:
            out.append(rule)
            continue
        if '"kind":"apply"' in rule.formula.model_dump_json():
            # an area from the design flow rule: the count is raised once, in that rule
            out.append(rule.model_copy(update={"inputs": [*rule.inputs, spec]}))
            continue
        count: Any = Extreme(
            kind="sum_of",
            label=f"Bedrooms counted (with an {words})",
            unit="bedrooms",
            terms=[Input(kind="input", name="bedrooms"), const(extra, "bedroom", "added", quote)],
        )
        when = Condition(input=spec.name, op="eq", value=True, text=f"With an {words}", quote=quote)
        if where.ref != rule.section:  # the sentence that says so stands in another section
            count = located(count, where)
            when = when.model_copy(update={"section": where.section, "title": where.title})
        out += with_count(
            rule, suffix="as-printed", note="as printed", count=count, when=when, spec=spec
        )
    return out


_HIGHER = re.compile(
    r"\bbedroom count (?:shown |stated |given )?(?:on|in) the (?:plans?|application)s? or "
    r"(?:found|counted|determined|observed) by the ([a-z ]+?),? whichever is (?:higher|greater|larger)"
)


def higher_count(sections: list[Section], rules: list[Rule]) -> list[Rule]:
    """'Design shall be based on the bedroom count shown on the plans or found by the
    Department, whichever is higher': every dwelling rule by bedrooms takes the higher of the
    count given and the count the official found, when that is given too."""
    said = [(m.group(1).strip(), q) for _, m, q in said_in(sections, "bedroom", _HIGHER)]
    if len(said) != 1:
        return rules  # none, or several that may disagree: not read
    who, quote = said[0]
    spec = InputSpec(
        name="bedrooms_found", kind="integer", unit="bedrooms", low=1, high=30,
        label=f"bedrooms found by the {who} (counted)",
    )  # fmt: skip
    out: list[Rule] = []
    for rule in rules:
        if rule.input("bedrooms") is None or rule.input(spec.name) is not None or not rule.terms:
            out.append(rule)  # a helper applied by a routed rule (terms: []) is left as it is
            continue
        count = Extreme(
            kind="greatest_of",
            label="Bedrooms counted (the higher of the plans and the count found)",
            unit="bedrooms",
            terms=[Input(kind="input", name="bedrooms"), Input(kind="input", name=spec.name)],
        )
        when = Condition(
            input=spec.name, op="given", text=f"A bedroom count found by the {who}", quote=quote
        )
        out += with_count(rule, suffix="on-plans", note="plans", count=count, when=when, spec=spec)
    return out
