"""Setback distances read from a city's text into one `setback` rule per section.

Three printed shapes, all common in codified ordinances:

    "A septic tank shall be located at least ten feet (10') from a property line."
    a lead-in naming the part of the system ("A soil treatment area shall be placed at least:",
      "(1) Septic tanks and pump tanks:") followed by list items ("1. Ten feet (10') from a
      property line;", "a. Water supply well: 50 feet.")
    a fixed-width table whose unit is in its caption or header ("SETBACK DISTANCES (IN FEET)")
      with one figure column per part ("Sewage Tank", "Soil Treatment Area")

The rule reads `feature` (a choice: the features the section lists, under the shared setback
vocabulary where a feature is one of it: well, building, property_line, water_pipe, the lake
classes, water) and `component` (tank or soil_treatment_area). A feature listed twice for one
part with different distances, or a line whose number reads two ways, gives no row.
"""

from __future__ import annotations

import re

from ingest.gutter import source_lines
from ingest.numbers import read_numbers
from ingest.records import Section
from ingest.rulefacts_more import columns, ruled_spans
from ingest.rulefacts_shapes import extracted_rule, fold, sentences
from tools.formulas import Case, Cases, Condition, Const, InputSpec, Row, Rule, Table

COMPONENTS = ("tank", "soil_treatment_area")
_TANK = re.compile(r"\btanks?\b")
_AREA = re.compile(
    r"soil (?:treatment|trtmt\.?|trmt\.?|absorption)|dispersal area|drain ?fields?|absorption (?:area|field)|"
    r"\bmounds?\b|\btrench"
)
_BOTH = re.compile(r"\b(?:each|every|any) part of (?:a|the) system|\bsystems? (?:shall|must)")
_PLACED = re.compile(
    r"\b(?:located|placed|set back|setbacks?|installed|constructed|distances?|separated)\b"
)
_SETBACK_TITLE = re.compile(r"setback|location|siting|distance|isolation|placement", re.I)
# "10 feet from a property line" (items may share a line: "..., and 10 feet from a building";
# "75 feet from a well, 15 feet from a property line and ...")
_FROM = re.compile(
    r"\b(\d+(?:\.\d+)?) (?:feet|foot|ft\.?)\s*(?:horizontally )?(?:from|of) (?:a |an |the |any )?"
    r"(?!vertical\b|separation\b)([a-z][a-z0-9 ,'/-]*?)(?=\s*(?:[;.]|,? and\b|,? or any\b|,? or (?:a|an) greater\b|"
    r",? (?:measured|unless|except|whichever)\b|,\s*(?=\d+(?:\.\d+)? (?:feet|foot|ft)\b)|$))"
)
# "a. Property line: five feet." / "Natural environment lakes, including ...: 150 feet;"
_COLON = re.compile(
    r"^(?:\(?[a-z0-9]{1,3}[.)]\s+)?([a-z][^:]{1,120}?):\s*(\d+(?:\.\d+)?) (?:feet|foot|ft\.?)"
    r"\s*[;.]?\s*(?:and|or)?\s*$"
)
_ITEM = re.compile(r"^\(?[a-z0-9]{1,3}[.)]\s")
_LESS_THAN = re.compile(r"\bless than (\d+) (?:feet|foot|ft)\b")
# "not more than 100 feet from a driveway": a greatest distance, no setback
_AT_MOST = re.compile(r"\b(?:not more than|no more than|no farther than|at most|within)\s*$")
_NAME = r"[A-Z][\w'-]*(?: [A-Z][\w'-]*)*"
_INCLUDING = re.compile(rf"\bincluding (?:the )?({_NAME}(?:(?:, (?:and )?| and ){_NAME})*)")
"""Waters a class of feature names ("Natural environment lakes, including Tamarack Lake and
Heron Marsh"): each named one is a feature of its own with the class's distance."""
_WATERS = re.compile(
    r"\b((?:[A-Z][a-z]+ )+(?:Lake|Bay|River|Creek|Pond|Marsh|Reservoir|Brook|Stream)|"
    r"Lake [A-Z][a-z]+(?: [A-Z][a-z]+)?)\b"
)
"""A water a table row names ("Osprey Lake", "Lake Nora"): a feature of its own, at the row's
distance."""
_CLASSED = re.compile(
    r"\b((?:(?:[A-Z][a-z]+ )+(?:Lake|River|Bay)|Lake [A-Z][a-z]+)(?:(?:,| and|, and) "
    r"(?:(?:[A-Z][a-z]+ )+(?:Lake|River|Bay)|Lake [A-Z][a-z]+))*) (?:is|are) (?:classified as |"
    r"designated as |designated )?(?:an? )?((?:[a-z]+ ){1,3})(?:lakes?|rivers?)\b"
)
"""'Kabekona Lake and Gimmer Lake are recreational development lakes': each named water is a
feature of its own, at the distances of the rows for its class."""
_STATE_RULE = (
    r"(minn(?:esota)?\.? ?(?:r\.|rules),?\s*(?:parts?|chapters?|ch\.)?\s*\d{4}(?:\.\d{4})?)"
)
_DEFERS = re.compile(
    r"features? not (?:listed|shown|named).{0,80}?(?:as required by|under|in accordance with)\s+"
    + _STATE_RULE,
    re.I,
)
# "Setbacks from water supply wells and water service lines shall be as required by the
# Minnesota Well Code, Minnesota Rules, Chapter 4725": the features it names are left to the rule
_NAMED_DEFERS = re.compile(
    r"\bsetbacks? (?:from|to) ([a-z][a-z ,]{2,120}?) (?:shall|must|will) be (?:as required by|"
    r"in accordance with|governed by)\b.{0,60}?" + _STATE_RULE,
    re.I,
)

_KEYS: tuple[tuple[str, str], ...] = (
    ("lake_natural_environment", r"natural environment"),
    ("lake_recreational_development", r"recreation(?:al)? dev(?:elopment\b|\.|\b)"),
    ("lake_general_development", r"general dev(?:elopment\b|\.|\b)"),
    ("property_line", r"property (?:line|boundary)|lot line"),
    ("well", r"\bwells?\b"),
    ("water_suction_pipe", r"suction"),
    (
        "water_pipe",
        r"\bwater (?:\w+ ){0,2}(?:pipe|line|main)s?\b.*pressur|pressur\w*\s+(?:\w+\s+){0,2}(?:pipe|line)",
    ),
    (
        "building_without_foundation",
        r"(?:without|no) (?:a )?(?:foundation|basement)|without (?:one|1)$",
    ),
    ("building", r"\b(?:buildings?|dwellings?|houses?|garages?|foundations?)\b"),
    ("water", r"\blakes?\b|\brivers?\b|\bstreams?\b|ordinary high water|\bohw"),
    ("wetland", r"wetland"),
    ("bluff", r"bluff"),
    ("road", r"\broad|right-of-way|\bstreet"),
)
"""The shared setback vocabulary (a question's feature words, `app.params`), by the words of a
listed feature; any other feature keeps its own first words as its key."""
_SHARED = [k for k, _ in _KEYS if k not in ("water_suction_pipe", "building_without_foundation")]
_SHARED.insert(_SHARED.index("water") + 1, "river")


_STOP = ("a", "an", "the", "any", "of", "or", "other", "public", "buried", "each", "every")
_ACCESSORY = re.compile(r"\bunoccupied\b|\baccessory\b|\bgarages?\b|\bsheds?\b|\bdecks?\b")


def feature_key(words: str) -> str:
    low = words.lower()
    for key, pattern in _KEYS:
        if re.search(pattern, low):
            if (
                key == "water"
                and not re.search(r"\blakes?\b", low)
                and re.search(r"river|stream", low)
            ):
                return "river"
            return key
    head = re.split(r"\s+(?:or|and)\s+(?:other|any|all)\b|\(|,", low)[0]  # "sinkhole or other ..."
    slug = [w for w in re.findall(r"[a-z]+", head) if w not in _STOP]
    return slug[-1] if slug else "feature"  # the head noun of the phrase ("swimming pool")


def _components(text: str) -> tuple[str, ...]:
    """The parts of a system a lead-in or sentence speaks of (both for 'each part of a system')."""
    low = text.lower()
    tank, area = bool(_TANK.search(low)), bool(_AREA.search(low))
    if _BOTH.search(low) or (tank and area):
        return COMPONENTS
    if tank:
        return ("tank",)
    if area:
        return ("soil_treatment_area",)
    return ()


class _Rows:
    """Rows by component, in the order printed. Where rows of one part share a feature key with
    different distances ("Ordinary high water level of Willow Lake" and "... of all other lakes"),
    a row that names its feature (capitalised words) is keyed by that name and a row for "all
    other" ones keeps the shared key; rows still in conflict are dropped."""

    def __init__(self) -> None:
        self.entries: list[tuple[str, str, str, float, str, str]] = []
        self.deferred: list[tuple[str, str, str]] = []  # (feature, state rule, the row)

    def add(
        self, comps: tuple[str, ...], words: str, feet: float, quote: str, key: str = ""
    ) -> None:
        label = " ".join(words.split()).strip(" ,")
        # "a river or stream, including the Groundhouse River": the class is the feature
        key = key or feature_key(re.split(r",?\s+including\b", label)[0])
        named = "_".join(w.lower() for w in re.findall(r"(?<=\s)[A-Z][a-z]+\b", label)[-4:])
        if re.search(r"\ball other\b|\bany other\b", label.lower()) or not named:
            named = ""
        for c in comps:
            self.entries.append((c, key, named, feet, label, quote))

    def tables(self) -> dict[str, list[Row]]:
        out: dict[str, list[Row]] = {}
        for c in COMPONENTS:
            mine = [e for e in self.entries if e[0] == c]
            feet_by_key: dict[str, set[float]] = {}
            for e in mine:
                feet_by_key.setdefault(e[1], set()).add(e[3])
            rows: dict[str, tuple[float, str, str]] = {}
            bad: set[str] = set()
            for _, key, named, feet, label, quote in mine:
                if len(feet_by_key[key]) > 1 and named and named != key:
                    key = named
                elif (
                    len(feet_by_key[key]) > 1
                    and key == "building"
                    and _ACCESSORY.search(label.lower())
                ):  # "Garage, shed, deck or other unoccupied building" beside "Dwelling ..."
                    key = "accessory_building"
                elif len(feet_by_key[key]) > 1 and re.match(r"public\b", label.lower()):
                    key = f"public_{key}"  # "Public water supply well" beside private ones
                elif len(feet_by_key[key]) > 1 and (less := _LESS_THAN.search(label.lower())):
                    # "Water supply well, casing less than 50 feet" beside "... 50 feet or more":
                    # the row of the lesser depth is a feature of its own
                    key = f"{key}_less_than_{less.group(1)}_ft"
                old = rows.get(key)
                if old is not None and old[0] != feet:
                    bad.add(key)
                rows.setdefault(key, (feet, label, quote))
            out[c] = [
                Row(
                    label=label[:1].upper() + label[1:],
                    match=key,
                    value=feet,
                    quote=quote,
                    confidence="medium",
                )
                for key, (feet, label, quote) in rows.items()
                if key not in bad
            ]
        return out


_PER_PART = re.compile(
    r"^(?:\(?[a-z0-9]{1,3}[.)]\s+)?(?P<feature>[a-z][^:]{1,120}?):\s*(?P<rest>\d.*?)[;.]?\s*"
    r"(?:and|or)?\s*$"
)
_PART_FIGURE = re.compile(
    r"(\d+(?:\.\d+)?) (?:feet|foot|ft\.?) for (?:an? |the |each |every |any )?([a-z][a-z ,-]*?)"
    r"(?=,? and \d|,\s*\d|\s*$)"
)


def _parts_of(read: str) -> list[tuple[str, str, float]]:
    """'(1) from a water supply well: 70 feet for a septic, pump or holding tank, and 95 feet for a
    soil treatment area' -> one row per part the item names by its figure; [] when any figure
    names no part, or a part twice."""
    m = _PER_PART.match(read)
    if m is None:
        return []
    rest = m.group("rest")
    found = list(_PART_FIGURE.finditer(rest))
    if len(found) < 2 or re.sub(r"[\s,]|and", "", _PART_FIGURE.sub("", rest)):
        return []  # figures for parts only, nothing else said
    out: list[tuple[str, str, float]] = []
    for f in found:
        comps = _components(f.group(2))
        if len(comps) != 1 or any(c == comps[0] for c, _, _ in out):
            return []
        out.append((comps[0], m.group("feature"), float(f.group(1))))
    return out


def _lines(text: str) -> list[str]:
    """The text's lines, a line broken inside an item ('... one hundred' / 'twenty-five (125)
    feet;') joined to it."""
    out: list[str] = []
    for raw in text.splitlines():
        line = " ".join(raw.split())
        if (
            out
            and line
            and out[-1]
            and not re.search(r"[.;:]$", out[-1])
            and not _ITEM.match(line.lower())
            and line[:1].islower()
        ):
            out[-1] += " " + line
            continue
        out.append(line)
    return out


def _text_rows(section: Section, rows: _Rows) -> str:
    """Rows from sentences and lists of the section text; the first lead-in, as the rule quote."""
    lead_quote = ""
    group: tuple[str, ...] = ()
    titled = bool(_SETBACK_TITLE.search(section.title))
    for line in _lines(section.text):
        marker = _ITEM.match(line.lower())  # '(2) ...': the marker, not a restated number
        read = read_numbers(line[marker.end() :] if marker else line)
        if not line or read is None:
            continue
        read = (marker.group(0).lower() if marker else "") + read
        items = [
            (m.group(2), float(m.group(1)), m.start())
            for m in _FROM.finditer(read)
            if not _AT_MOST.search(read[max(0, m.start() - 30) : m.start()])
        ]
        colon = _COLON.match(read)
        if colon and not items:
            items = [(colon.group(1), float(colon.group(2)), 0)]
        parts = _parts_of(read) if not items else []
        if parts:
            for comp, words, feet in parts:
                rows.add((comp,), words, feet, line)
            continue
        if not items:
            if read.rstrip().endswith(":") and (_PLACED.search(read) or _components(read)):
                comps = _components(read)
                if not _ITEM.match(read) or comps:
                    group = comps or (COMPONENTS if _PLACED.search(read) else group)
                else:
                    group = comps
                lead_quote = lead_quote or line
            elif not _ITEM.match(read):
                group = ()  # a paragraph that is not a lead-in ends the list
            continue
        before = read[: items[0][2]] if not colon else ""
        own = _components(before) if before else ()
        comps = own or group
        if not comps or not ((own and (_PLACED.search(before) or titled)) or group):
            continue
        for words, feet, _ in items:
            rows.add(comps, words, feet, line)
        if len(items) == 1:  # "(2) From the OHWL of Hazel Lake: 115 feet": the water by its name
            for name in _WATERS.findall(line):
                key = "_".join(w for w in name.lower().split() if w != "the")
                rows.add(comps, name, items[0][1], line, key=key)
        named = _INCLUDING.search(line)
        if named and len(items) == 1:  # "Recreational development lakes, including Pine Ridge Lake"
            for name in re.split(r",\s*(?:and\s+)?|\s+and\s+", named.group(1)):
                key = "_".join(w for w in name.lower().split() if w != "the")
                rows.add(comps, name, items[0][1], line, key=key)
        if own:
            lead_quote = lead_quote or line
    return lead_quote


_CAPTION = re.compile(r"\s*(?:TABLE|Table)\s+\S*\d")
_SENTENCE_LINE = re.compile(r"^\s*(?:\S+\s+){5,}\S*[.:;]\s*$")
_EMPTY = r"--?|\u2014|\u2013|n/a|N/A|NA"
"""A cell that gives no distance ('--' where a feature does not apply to that part)."""
_TROW = re.compile(
    rf"^\s*(?P<label>\S.*?\S)(?P<figs>(?:\s{{2,}}(?:\d+(?:\.\d+)?\*?|{_EMPTY}))*"
    r"\s{2,}\d+(?:\.\d+)?\*?(?:\s{2,}(?:\d+(?:\.\d+)?\*?|" + _EMPTY + r"))*)\s*$"
)


_RULE_ROW = re.compile(
    r"^\s*(?P<label>[A-Za-z][A-Za-z ,()'-]*?[A-Za-z)])\s{2,}(?=.*\d)(?:as |see |per )?"
    r"(?:(?:required by|under|in)\s+)?.*?" + _STATE_RULE + r"[A-Za-z ,.]*$",
    re.I,
)
"""A table's row whose cells leave the distance to a state rule ('Public water supply well
as Minn. R. ch. 4725 requires')."""


_NOTE_ROW = re.compile(
    r"^\s*(?P<label>[A-Za-z][A-Za-z ,()'-]*?[A-Za-z)])"
    r"(?:\s{2,}(?:see )?(?:note|footnote) (?P<n>\d+)\*?)+\s*$",
    re.I,
)
"""A table's row whose cells send the reader to a note ('See Note 1'): no distance in the row."""


def _first_cells(found: list[tuple[int, re.Match[str]]]) -> list[str]:
    """Each row's label; where every row's label is two cells and the second cells stand in one
    column ('Private water well      Pozo de agua privado': a translation, or a second name),
    the first cell names the feature."""
    labels = [m.group("label") for _, m in found]
    cells = [list(re.finditer(r"\S+(?: \S+)*", label)) for label in labels]
    if all(len(c) == 2 for c in cells) and len({c[1].start() for c in cells}) == 1:
        return [c[0].group(0) for c in cells]
    return labels


def _table_rows(section: Section, source: str, rows: _Rows) -> str:
    """Rows of a fixed-width table in feet with a figure column per part of the system."""
    raw = source_lines(source, section.char_start, section.char_end) if source else []
    found = [(i, m) for i, line in enumerate(raw) if (m := _TROW.match(line))]
    if len(found) < 2:
        return ""
    prefix: dict[int, list[str]] = {}  # a label printed over two lines ends on its figures' line
    after: dict[int, list[str]] = {}  # '(including Sorrel Lake and ...)' under its row's figures
    pending: list[str] = []
    suffix: list[str] = []
    figs_at = min(m.end("figs") - len(m.group("figs").lstrip()) for _, m in found)
    clean = fold(section.text)
    broken = False
    last = ""  # the last row's label: '(recreational' left open runs on under its figures
    for line in raw[found[0][0] : found[-1][0] + 1]:
        held = [last, *after.get(len(prefix) - 1, [])]
        opened = sum(x.count("(") - x.count(")") for x in held)
        if row := _TROW.match(line):
            last = row.group("label")
            prefix[len(prefix)] = pending
            pending, broken = [], False
        elif not pending and (broken or not line.strip() or fold(line.strip()) not in clean):
            broken = True  # a page break inside the table: its footer, running head and any
            continue  # line set off by blank lines between them (a note at the page's foot)
        elif line.strip() and not pending and (line.strip().startswith("(") or opened > 0):
            after.setdefault(len(prefix) - 1, []).append(line.strip())
        elif noted := _NOTE_ROW.match(line):
            # 'Public water supply well   See Note 1': no distance in the row; where its note
            # leaves the distance to a state rule ('Note 1: As required by Minnesota Rules
            # chapter 4725.'), the feature is left to that rule
            note = re.search(
                rf"\bnote {noted.group('n')}\s*[:.]\s*([^\n]*?)(?=\bnote \d|$)",
                clean, re.I | re.M,
            )  # fmt: skip
            rule = re.search(_STATE_RULE, note.group(1), re.I) if note else None
            if rule is not None and fold(line.strip()) in clean:
                rows.deferred.append(
                    (noted.group("label"), " ".join(rule.group(1).split()), fold(line.strip()))
                )
        elif (ruled := _RULE_ROW.match(line)) and fold(line.strip()) in clean:
            # 'Public water supply well   as Minn. R. ch. 4725 requires': left to the rule
            label = ruled.group("label")
            rows.deferred.append((label, " ".join(ruled.group(2).split()), fold(line.strip())))
        elif line.strip() and (not re.search(r"\d", line) or len(line.rstrip()) < figs_at):
            pending.append(line.strip())  # a label's first line ('... less than 50 ft deep')
        else:
            return ""  # a blank line or a stray figure: not one table
    indent = min(len(m.group(0)) - len(m.group(0).lstrip()) for _, m in found)
    for line in raw[found[-1][0] + 1 : found[-1][0] + 3]:  # the last label's wrapped words
        if not line.strip() or re.search(r"\d", line) or len(line) - len(line.lstrip()) <= indent:
            break
        suffix.append(line.strip())
    widths = {len(m.group("figs").split()) for _, m in found}
    if len(widths) != 1:
        return ""
    k = widths.pop()
    first = found[0][0]
    header: list[str] = []
    at = first - 1
    # a first label printed over two lines, under the rule line that closes the header
    above = at
    while above >= 0 and raw[above].strip() and not re.search(r"\d", raw[above]):
        if re.fullmatch(r"[\s\-=_]+", raw[above]):
            break
        if len(raw[above].rstrip()) >= figs_at:
            above = -1
            break
        above -= 1
    if 0 <= above < at and re.fullmatch(r"[\s\-=_]+", raw[above]):
        prefix[0] = [line.strip() for line in raw[above + 1 : first]] + prefix[0]
        at = above
    while at >= 0 and len(header) < 6 and raw[at].strip():
        if _CAPTION.match(raw[at]) or _SENTENCE_LINE.search(raw[at]):
            break  # the caption, or the sentence before a table set without a blank line
        if not re.fullmatch(r"[\s\-=_]+", raw[at]):
            header.insert(0, raw[at])
        at -= 1
    while at >= 0 and not raw[at].strip():
        at -= 1
    caption = raw[at].strip() if at >= 0 else ""
    words = fold(" ".join([caption, *header])).lower()
    if not re.search(r"\bfeet\b|\bft\b", words) or not _SETBACK_TITLE.search(words + section.title):
        return ""
    spans = [
        (
            min(m.start("figs") + f.start() for _, m in found for f in _nth(m, j)),
            max(m.start("figs") + f.end() for _, m in found for f in _nth(m, j)),
        )
        for j in range(k)
    ]
    heads = columns(header, ruled_spans(raw, first, spans))
    comps = [_components(h) for h in heads] if k > 1 else [COMPONENTS]
    if any(len(c) != 1 for c in comps) and k > 1:
        return ""
    text = fold(section.text)
    named = _first_cells(found)
    for n, (_, m) in enumerate(found):
        more = [*after.get(n, []), *(suffix if n == len(found) - 1 else [])]
        label = " ".join([*prefix[n], named[n], *more])
        line = fold(" ".join([*prefix[n], m.group(0), *more]))
        if line not in text or read_numbers(label) is None:
            continue
        figs = m.group("figs").split()
        for j, fig in enumerate(figs):
            if re.fullmatch(_EMPTY, fig):
                continue  # no distance for this part
            rows.add(comps[j], label, float(fig.rstrip("*")), line)
            for name in _WATERS.findall(label):  # "OHWL, Osprey Lake and Pelican Bay (...)"
                key = "_".join(name.lower().split())
                rows.add(comps[j], name, float(fig.rstrip("*")), line, key=key)
    cap = fold(caption)
    return cap if cap and cap in text else ""


def _nth(m: re.Match[str], j: int) -> list[re.Match[str]]:
    figs = list(re.finditer(r"\S+", m.group("figs")))
    return [figs[j]] if j < len(figs) else []


def _classed_waters(section: Section, rows: _Rows) -> None:
    """Rows for the waters a sentence of the section puts in a class whose rows are listed
    (see `_CLASSED`), keyed by each water's name."""
    for sentence in sentences(fold(section.text)):
        for m in _CLASSED.finditer(sentence):
            cls = " ".join(m.group(2).split())
            names = [n for n in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(1)) if n]
            for comp, _, _, feet, label, quote in list(rows.entries):
                if re.search(rf"\b{re.escape(cls)} (?:lake|river)s?\b", label.lower()):
                    for name in names:
                        rows.add((comp,), name, feet, quote, key="_".join(name.lower().split()))


def setback_rules(section: Section, source: str) -> list[Rule]:
    """The section's setback distances as one rule by feature and part of the system."""
    low = section.text.lower()
    if "feet" not in low and "ft" not in low and "'" not in low:
        return []
    rows = _Rows()
    quote = _table_rows(section, source, rows) or _text_rows(section, rows)
    _classed_waters(section, rows)
    tables = rows.tables()
    if not quote or not any(tables.values()):
        return []
    features = list(dict.fromkeys(r.match for c in COMPONENTS for r in tables[c] if r.match))
    listed_twice = {e[1] for e in rows.entries} - set(features)  # listed, by two distances
    not_covered = []
    unlisted: list[str] = []
    deferred = _DEFERS.search(fold(section.text))
    defers_to = " ".join(deferred.group(1).split()) if deferred else ""
    said = next((fold(ln) for ln in section.text.splitlines() if _DEFERS.search(fold(ln))), "")
    if defers_to and said:
        not_covered.append(f"Features not listed in §{section.ref}: as required by {defers_to}.")
        waters = {"water", "river", *(k for k in _SHARED if k.startswith("lake_"))}
        unlisted = [
            k
            for k in _SHARED
            if k not in features
            and k not in listed_twice
            and not (k in waters and waters & set(features))
        ]
    own_rule: dict[str, tuple[str, str]] = {}
    for label, rule, line in rows.deferred:
        key = feature_key(label)
        if key in features and re.match(r"public\b", label.lower()):
            key = f"public_{key}"  # "Public water supply well" beside the private ones' distances
        if key not in features and key not in unlisted:
            defers_to, said = defers_to or rule, said or line
            unlisted.append(key)
            own_rule[key] = (rule, line)  # its own row's (or note's) rule
            not_covered.append(f"Setbacks from a {key.replace('_', ' ')} (§{section.ref}): as "
                               f"required by {rule}.")  # fmt: skip
    for line in sentences(fold(section.text)):
        named = _NAMED_DEFERS.search(line)
        if named is None or re.search(r"\bnot (?:listed|shown|named)\b", named.group(1)):
            continue  # "features not listed in this section" is read above
        words = [w for w in re.split(r",|\band\b|\bor\b", named.group(1)) if w.strip()]
        keys = [feature_key(w) for w in words if not re.search(r"\bother\b", w)]
        new = [
            k
            for k in dict.fromkeys(keys)
            if k not in features and k not in unlisted and k not in listed_twice
        ]
        if new:
            defers_to = defers_to or " ".join(named.group(2).split())
            said = said or line
            unlisted += new
            not_covered.append(
                f"Setbacks from {named.group(1).strip()} (§{section.ref}): as required by "
                f"{' '.join(named.group(2).split())}."
            )
    cases = []
    for c in COMPONENTS:
        if not tables[c]:
            continue
        part = "tanks" if c == "tank" else "soil treatment areas"
        listed: list[str] = [r.match for r in tables[c] if r.match]
        when = Condition(
            all=[
                Condition(input="component", op="eq", value=c, text=part[:1].upper() + part[1:-1]),
                Condition(
                    input="feature", op="in", value=listed, text=f"A feature listed for {part}"
                ),
            ]
        )
        table = Table(
            kind="table",
            input="feature",
            rows=tables[c],
            unit="ft",
            label=f"§{section.ref}, {part}",
        )
        cases.append(Case(when=when, then=table))
    for key, (rule, line) in own_rule.items():  # 'Public water supply well  See Note 1'
        cases.append(
            Case(
                when=Condition(input="feature", op="in", value=[key],
                               text="A feature the section leaves to a state rule"),
                then=Const(kind="const", defers_to=rule, quote=line, confidence="medium",
                           label="setback left to a state rule"),
            )
        )  # fmt: skip
    if rest := [k for k in unlisted if k not in own_rule]:
        cases.append(
            Case(
                when=Condition(input="feature", op="in", value=rest,
                               text="A feature the section does not list"),
                then=Const(kind="const", defers_to=defers_to, quote=said, confidence="medium",
                           label="setback from a feature not listed"),
            )
        )  # fmt: skip
    formula = Cases(
        kind="cases",
        cases=cases,
        otherwise_note=f"§{section.ref} lists no distance from this feature for this part of the "
        "system.",
    )
    inputs = [
        InputSpec(
            name="feature",
            kind="choice",
            label="feature the setback is measured to",
            choices=features + unlisted,
        ),
        InputSpec(
            name="component",
            kind="choice",
            label="tank or soil treatment area",
            choices=list(COMPONENTS),
            default="tank",
        ),
    ]
    return [
        extracted_rule(
            section,
            "table",
            topic="setback",
            asks="minimum setback from a feature",
            unit="ft",
            terms=[
                "setback",
                "how far",
                "far from",
                "distance",
                "how close",
                "close to",
                "far enough",
                "close enough",
            ],
            quote=quote,
            inputs=inputs,
            formula=formula,
            not_covered=not_covered,
        )
    ]
