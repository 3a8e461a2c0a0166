"""Quantities as users write them: a number with its unit and the words around it.

`extract_quantities(text)` finds every number with a unit ("5 bedrooms", "3 and 5 bedrooms",
"1,000 sq ft", "7.5 gpm", "1,800 gallons per hour", "$14,000 and $16,500", "20 %",
"40 ft", "18 inches", "2026-05-01", "May 1, 2026 at 9:00"), each with the words before and after
it. `bind(specs, quantities, text)` gives each rule input (an `InputSpec` with a unit and a
label) the quantity whose unit fits and whose surrounding words best match the label: a general
matcher, not a pattern per question. Pure functions, no model.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from app.lexicon import phrase
from core.dates import Month
from core.numbers import UNITS as NUMBER_WORDS

# canonical unit <- the ways it is written (longest first when matched)
UNITS: dict[str, tuple[str, ...]] = {
    "gpd": ("gallons per day", "gallons a day", "gallons/day", "gal/day", "gpd"),
    "gpm": ("gallons per minute", "gallons a minute", "gal/min", "gpm"),
    "gph": ("gallons per hour", "gallons an hour", "gal/hr", "gph"),
    "sq ft": (
        "square feet",
        "square foot",
        "sq. ft.",
        "sq. ft",
        "sq ft",
        "sqft",
        "ft2",
        "ft²",
        "sf",
    ),
    "min/in": ("minutes per inch", "minutes an inch", "min per inch", "min/inch", "min/in", "mpi"),
    "gal": ("gallons", "gallon", "gal"),
    "in": ("inches", "inch", "in.", "in", '"', "”"),
    "ft": ("feet", "foot", "ft.", "ft", "'", "’"),
    "mi": ("miles", "mile", "mi"),
    "acres": ("acres", "acre"),
    "%": ("percent", "per cent", "%"),
    "bedrooms": ("bedrooms", "bedroom", "bdrms", "bdrm", "beds", "bed", "br"),
    "h": ("hours", "hour", "hrs", "hr"),
    "days": ("days", "day"),
    "months": ("months", "month"),
    "years": ("years", "year"),
    "tanks": ("tanks",),
    "compartments": ("compartments",),
    "°F": ("degrees fahrenheit", "degrees f", "°f", "degrees"),
    "mg/L": ("milligrams per liter", "mg/l"),
}
_WORDS = {w: v for w, v in NUMBER_WORDS.items() if v <= 12}
_MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december"], 1)}  # fmt: skip
_ALIASES = sorted(((a, u) for u, al in UNITS.items() for a in al), key=lambda x: -len(x[0]))
_UNIT_RE = "|".join(re.escape(a) for a, _ in _ALIASES)
_NUM = r"\d[\d,]*(?:\.\d+)?|\.\d+|" + "|".join(_WORDS)
_LIST = rf"(?:{_NUM})(?:\s*(?:,|and|&|\+|or)\s*(?:{_NUM}))*"
_QTY = re.compile(rf"(\$\s*)?(?<![\w.])({_LIST})(?:\s*-\s*|\s*)(?:({_UNIT_RE})(?![a-z]))?", re.I)
_DATE = re.compile(
    r"\b(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2}))?\b"
    r"|\b(\d{1,2})/(\d{1,2})/(\d{4})\b"
    r"|\b(" + "|".join(_MONTHS) + r")\.?\s+(?:(\d{1,2})(?!\d)(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?"
    r"(?:\s+at\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?)?|(\d{4}))",
    re.I,
)


_EACH = re.compile(
    rf"\b({_NUM})\s+(?:homes|houses|dwellings|dwelling units|units|cabins|apartments|lots)\s+"
    rf"(?:of|with|having|each with)\s+({_NUM})[\s-]*(?:bedrooms?|br|beds?)\b",
    re.I,
)


_EACH_BEFORE = re.compile(
    rf"\b({_NUM})\s+({_NUM})[\s-]*(?:bedrooms?|br|beds?)\s+(?:homes|houses|dwellings|dwelling "
    rf"units|units|cabins|apartments)\b",
    re.I,
)
"""'two 3-bedroom units' -> [3, 3]."""
_PLEXES = {"duplex": 2, "twin home": 2, "two-family": 2, "triplex": 3, "three-family": 3,
           "fourplex": 4, "four-plex": 4, "quadplex": 4}  # fmt: skip
_PLEX = re.compile(
    rf"\b({'|'.join(_PLEXES)})\b[^.?!]{{0,80}}?(?:\b(?:each|every|per) (?:unit|side|half)\b"
    rf"[^.?!]{{0,30}}?\b({_NUM})[\s-]*(?:bedrooms?|br|beds?)\b|\b({_NUM})[\s-]*(?:bedrooms?|br|beds?)"
    rf"\s+(?:(?:on|in|for|on the|in the)\s+)?(?:each|apiece|per|every)(?:\s+(?:unit|side|half))?\b)",
    re.I,
)
"""'a side-by-side duplex, each unit will have 3 bedrooms' -> [3, 3]."""


class Quantity(BaseModel):
    model_config = ConfigDict(extra="forbid")

    value: Any
    unit: str
    start: int
    end: int
    before: str
    after: str


def _num(token: str) -> float:
    t = token.lower().strip()
    return float(_WORDS[t]) if t in _WORDS else float(t.replace(",", ""))


def _dates(text: str, today: date) -> list[Quantity]:
    out: list[Quantity] = []
    for m in _DATE.finditer(text):
        g = m.groups()
        try:
            if g[0]:
                d: date = date(int(g[0]), int(g[1]), int(g[2]))
                if g[3]:
                    d = datetime(d.year, d.month, d.day, int(g[3]), int(g[4]))
            elif g[5]:
                d = date(int(g[7]), int(g[5]), int(g[6]))
            elif g[14]:  # "January 2026": the month is what a seasonal rule needs
                d = Month(int(g[14]), _MONTHS[g[8].lower()], 1)
            else:
                year = int(g[10]) if g[10] else today.year
                d = date(year, _MONTHS[g[8].lower()], int(g[9]))
                if g[11]:
                    hour = int(g[11]) % 12 + (12 if (g[13] or "").lower().startswith("p") else 0)
                    if not g[13]:
                        hour = int(g[11])
                    d = datetime(d.year, d.month, d.day, hour, int(g[12] or 0))
        except ValueError:
            continue
        unit = "datetime" if isinstance(d, datetime) else "date"
        out.append(_q(text, d, unit, m.start(), m.end()))
    return out


_BARE_MONTH = re.compile(
    r"\b(?:in|by|until|till|through|before|after|around|late|early|mid|end of|middle of)\s+"
    r"(?:the\s+)?(" + "|".join(m.capitalize() for m in _MONTHS) + r")\b(?!\.?\s*\d)"
)


def _bare_months(text: str, found: list[Quantity], today: date) -> list[Quantity]:
    """A month named without its year after a word of time ('finish up in October'): the month
    of the year of the text's first full date that falls on or after it (the next October after
    'pulled March 1'), else of this year."""
    dates = [
        q.value.date() if isinstance(q.value, datetime) else q.value
        for q in found
        if isinstance(q.value, date)
    ]
    start = min(dates) if dates else None
    out: list[Quantity] = []
    for m in _BARE_MONTH.finditer(text):
        if any(q.start <= m.start(1) < q.end for q in found):
            continue
        month = _MONTHS[m.group(1).lower()]
        year = today.year
        if start is not None:
            year = start.year if month >= start.month else start.year + 1
        out.append(_q(text, Month(year, month, 1), "date", m.start(1), m.end(1)))
    return out


def _q(text: str, value: Any, unit: str, start: int, end: int) -> Quantity:
    # the words around the figure, within its own sentence or clause
    left = re.split(r"[.?!;()]\s", text[max(0, start - 70) : start])[-1]
    right = re.split(r"[.?!;()]", text[end : end + 60])[0]
    before = " ".join(re.findall(r"[a-z$%]+", left.lower())[-8:])
    after = " ".join(re.findall(r"[a-z$%]+", right.lower())[:8])
    return Quantity(value=value, unit=unit, start=start, end=end, before=before, after=after)


def extract_quantities(text: str, today: date | None = None) -> list[Quantity]:
    """Every number with a unit (or a date) in the text, in order."""
    t = text.replace("‑", "-").replace("–", "-")
    found = _dates(t, today or date.today())
    found += _bare_months(t, found, today or date.today())
    taken = [(q.start, q.end) for q in found]
    for m in _QTY.finditer(t):
        if any(s <= m.start() < e for s, e in taken):
            continue
        dollar, numbers, unit_word = m.group(1), m.group(2), m.group(3)
        if not dollar and not unit_word:
            continue
        parts = [p for p in re.split(r"\s*(?:,(?!\d{3})|and|&|\+|or)\s*", numbers, flags=re.I) if p]
        try:
            values = [_num(p) for p in parts]
        except ValueError:
            continue
        unit = "$" if dollar else next(u for a, u in _ALIASES if a == unit_word.lower())
        if (
            unit == "in"
            and unit_word.lower() == "in"
            and not phrase("inches_context").match(t[m.end() :])
        ):
            continue  # "5 in Hugo" is not five inches
        value: Any = values if len(values) > 1 else values[0]
        found.append(_q(t, value, unit, m.start(), m.end()))
    each = [*_EACH.finditer(t), *_EACH_BEFORE.finditer(t)]
    for m in each:  # "5 homes of 3 bedrooms each", "two 3-bedroom units" -> [3, 3, ...]
        count, size = int(_num(m.group(1))), _num(m.group(2))
        if 1 < count <= 50:
            found = [q for q in found if not (m.start() <= q.start < m.end())]
            found.append(_q(t, [size] * count, "bedrooms", m.start(), m.end()))
    for m in _PLEX.finditer(t):
        count, size = _PLEXES[m.group(1).lower()], _num(m.group(2) or m.group(3))
        if 1 < count <= 50:
            found = [q for q in found if not (m.start() <= q.start < m.end())]
            found.append(_q(t, [size] * count, "bedrooms", m.start(), m.end()))
    # "$14,000 and $16,500": adjacent dollar amounts joined by 'and' form one list
    found.sort(key=lambda q: q.start)
    merged: list[Quantity] = []
    for q in found:
        prev = merged[-1] if merged else None
        if (
            prev is not None
            and prev.unit == q.unit == "$"
            and re.fullmatch(r"\s*(?:,|and|&|or)\s*", t[prev.end : q.start], re.I)
        ):
            values = (prev.value if isinstance(prev.value, list) else [prev.value]) + [q.value]
            merged[-1] = prev.model_copy(update={"value": values, "end": q.end, "after": q.after})
            continue
        merged.append(q)
    return merged


def _stem(word: str) -> str:
    return word[:5]


def _label_words(label: str) -> set[str]:
    stop = {"the", "a", "an", "of", "per", "or", "and", "to", "from", "in", "on", "e", "g", "for"}
    return {_stem(w) for w in re.findall(r"[a-z]+", label.lower()) if w not in stop and len(w) > 2}


def compatible(spec_unit: str, spec_kind: str, q: Quantity) -> bool:
    if spec_kind in ("date", "datetime"):
        return q.unit in ("date", "datetime")
    if q.unit in ("date", "datetime"):
        return False
    if spec_kind == "numbers":
        return q.unit == spec_unit
    if isinstance(q.value, list):
        return False
    return q.unit == spec_unit


def score(label: str, q: Quantity) -> int:
    words = _label_words(label)
    # a date's clause names its event further back ('issued our construction permit back in
    # March 2024')
    reach = 8 if q.unit in ("date", "datetime") else 5
    near = {_stem(w) for w in (q.before.split()[-reach:] + q.after.split()[:6])}
    return len(words & near)


def bind(specs: list[Any], quantities: list[Quantity]) -> dict[str, Any]:
    """Each input gets the best-fitting unused quantity: same unit, most label words nearby."""
    out: dict[str, Any] = {}
    used: set[int] = set()
    pairs = []
    for si, spec in enumerate(specs):
        for qi, q in enumerate(quantities):
            if not compatible(spec.unit, spec.kind, q):
                continue
            if "depth" in spec.name and phrase("away_from").match(q.after):
                continue  # '20 feet from a well' is how far, not how deep the well is
            pairs.append((-score(spec.label, q), si, qi))
    for s, si, qi in sorted(pairs):
        spec = specs[si]
        if spec.name in out or qi in used:
            continue
        rivals = [p for p in pairs if p[2] == qi and p[1] != si and specs[p[1]].name not in out]
        if s == 0 and (spec.default is not None or any(r[0] < 0 for r in rivals)):
            continue  # another input's words are next to this number, or this one has a default
        q = quantities[qi]
        value = q.value
        if spec.kind == "numbers" and not isinstance(value, list):
            value = [value]
        out[spec.name] = value
        used.add(qi)
    return out
