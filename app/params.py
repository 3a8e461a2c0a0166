"""Calculator parameters stated in a question: bedrooms, percolation rate, flow, system type,
rock depth, garbage disposal, unfinished basement, pressure, sludge and scum, setback features and
measured distances. `extract_params(text)` reads each with a narrow pattern. Pure, no model.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from app.lexicon import lexicon
from core.numbers import UNITS

Feature = str  # 'well', 'building', 'property_line', 'water', 'water_pipe' or a specific key
Component = Literal["tank", "sta"]


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Distance(_Record):
    feature: Feature
    distance_ft: float
    component: Component | None = Field(
        default=None, description="Tank or soil treatment area, when the question says which."
    )


class CalcParams(_Record):
    """Calculator inputs stated in the question (None where it states none)."""

    bedrooms: int | float | None = Field(default=None, description="Whole, unless mistyped.")
    perc_rate_mpi: float | None = None
    daily_flow_gpd: float | None = None
    system_type: Literal["trench", "bed", "mound"] | None = None
    rock_depth_in: int | None = None
    garbage_disposal: bool | None = None
    unfinished_basement: bool | None = None
    rooms_as_bedrooms: int | None = Field(
        default=None, description="Other rooms told with a bedroom's marks (a den with a closet)."
    )
    pressurized: bool | None = None
    existing_system: bool | None = None
    sludge_in: float | None = Field(default=None, description="Sludge top below the outlet baffle.")
    scum_in: float | None = Field(default=None, description="Scum bottom above the outlet baffle.")
    feature: Feature | None = None
    component: Component | None = None
    distances: list[Distance] = Field(default_factory=list)

    def stated(self) -> dict[str, object]:
        """The parameters the question actually gives."""
        return {k: v for k, v in self.model_dump().items() if v not in (None, [])}


_NUM_WORDS = {**{w: v for w, v in UNITS.items() if v <= 12}, "a single": 1, "single": 1}
_NUM = r"(\d+(?:\.\d+)?|" + "|".join(sorted(_NUM_WORDS, key=len, reverse=True)) + r")"


_SYSTEMS: tuple[tuple[Literal["trench", "bed", "mound"], re.Pattern[str]], ...] = (
    ("mound", re.compile(r"\bmounds?\b", re.I)),
    ("trench", re.compile(r"\btrench(?:es)?\b", re.I)),
    ("bed", re.compile(r"(?<![\d-])(?<!\d )\bbeds?\b(?!\s*-?rooms?)", re.I)),
)
_NOT_THIS = re.compile(
    r"\b(?:not|no|instead of|rather than|in place of)\s+(?:an?\s+|the\s+|any\s+)?$", re.I
)
"""Words right before a kind of system that deny it ('a bed (not trenches)')."""


def _to_num(token: str) -> float:
    token = token.lower().strip()
    return float(_NUM_WORDS[token]) if token in _NUM_WORDS else float(token.replace(",", ""))


# A premise clause before the question proper ("Since ..., what ...?"): group 1 is the question.
PREMISE = re.compile(
    r"\s*(?:since|given(?: that)?|because|as)\b(?:[^,?]|(?<=\d),(?=\d))*,\s*(.+)$", re.I | re.S
)


_BASEMENT = r"(?:basement|lower level|walk-?out(?: level)?|downstairs)"
"""The storey an unfinished basement rule counts as a bedroom, as owners name it."""


_ROOM = re.compile(
    r"\b(?:den|study|office|loft|library|bonus room|sewing room|exercise room|family room|"
    r"rec(?:reation)? room|guest room|spare room|room)\b(?:[^.?!;]{0,60}?\b(?:with|has|have|that "
    r"has)\b[^.?!;]{0,30}?\b(?:closet|egress|(?:a |its own )?door (?:that|which) (?:closes|shuts|"
    r"can be closed))|[^.?!;]{0,40}?\b(?:could|might|would|will|may)(?: easily| probably)? "
    r"(?:be|become|end up being|serve as)(?: used as)? an? (?:guest |spare |extra )?bedroom)",
    re.I,
)
"""A room told with what makes a room a bedroom in some codes ('a study with a door that
closes', 'an office with a closet and an egress window', 'a rec room that could easily be a
guest bedroom'); whether it counts is the city's text's to say (`rooms_as_bedrooms`)."""


def _bool_flag(text: str, positive: str, negatives: str) -> bool | None:
    if re.search(negatives, text, re.I):
        return False
    if re.search(positive, text, re.I):
        return True
    return None


MORE_ROOMS = re.compile(
    rf"(?:{_NUM}|\b(?:an?|one))[\s-]+(?:more|additional|extra)\s+bed(?:room)?s?\b", re.I
)
"""Bedrooms added to the house the question counted first ('finishing the basement with 2 more
bedrooms', 'an extra bedroom')."""


def extract_params(text: str) -> CalcParams:
    """The calculator parameters a question states, each by a narrow pattern."""
    t = text.replace("‑", "-")
    p = CalcParams()
    kind = "|".join(lexicon().room_qualifiers)  # '3 finished bedrooms'
    m = re.search(
        _NUM + rf"[\s-]*(?:(?:{kind})\s+)?(?:bed(?:room)?s?|br|bdrms?)\b", t, re.I
    ) or re.search(r"\bbedrooms?\s*(?:[:=]|of|is|are)?\s*" + _NUM + r"\b", t, re.I)
    asked = PREMISE.match(t)  # "Since Hugo requires X for 3 bedrooms, ... for 4?": the 4
    later = asked and re.search(r"\bfor (?:an? )?" + _NUM + r"(?:[\s-]*bed\w*)?\s*\??\s*$",
                                asked.group(1), re.I)  # fmt: skip
    if m and later:
        m = later
    if m:
        value = _to_num(m.group(1))
        added = MORE_ROOMS.search(t)  # 'a 3 bedroom rambler ... 2 more bedrooms'
        if added is not None and not added.start() <= m.start() < added.end():
            value += _to_num(added.group(1)) if added.group(1) else 1
        # 2.5 bedrooms stays 2.5, so the calculator can say what is wrong with it
        p.bedrooms = int(value) if value == int(value) else value
    m = re.search(
        r"(\d+(?:\.\d+)?)\s*(?:-\s*)?(?:min(?:ute)?s?|mpi)\s*(?:/|per|an|a)?\s*(?:in(?:ch)?\b)?",
        t,
        re.I,
    )
    if m and re.search(r"\bmpi\b|min\w*\s*(?:/|per|an|a)\s*in", m.group(0), re.I):
        p.perc_rate_mpi = float(m.group(1))
    else:
        m = re.search(
            r"\bperc\w*\s*(?:rate|test)?\s*(?:of|is|was|=|:|at)?\s*(\d+(?:\.\d+)?)", t, re.I
        )
        if m:
            p.perc_rate_mpi = float(m.group(1))
    m = re.search(r"(\d[\d,]*(?:\.\d+)?)\s*(?:gpd|gal(?:lons?)?\s*(?:/|per|a)\s*day)", t, re.I)
    if m:
        p.daily_flow_gpd = float(m.group(1).replace(",", ""))
    m = re.search(
        r"(\d+)\s*(?:-\s*)?(?:in(?:ch(?:es)?)?\.?|\"|”|'')\s*(?:of\s+)?(?:rock|gravel|filter|aggregate|drainfield rock)",
        t,
        re.I,
    ) or re.search(
        r"\b(?:rock|gravel|filter material)\s*(?:depth)?\s*(?:of|is|=)?\s*(\d+)", t, re.I
    )
    if m:
        p.rock_depth_in = int(m.group(1))
    for kind, said in _SYSTEMS:
        if any(not _NOT_THIS.search(t[: m.start()]) for m in said.finditer(t)):
            p.system_type = kind  # 'a bed (not trenches)': the kind not denied
            break
    p.garbage_disposal = _bool_flag(
        t,
        r"garbage disposal|disposal unit|garbage grinder|in-?sink",
        r"\b(?:no|without|not have|don't have|do not have|w/o)\s+(?:a\s+)?(?:garbage disposal|disposal|garbage grinder)",
    )
    p.unfinished_basement = _bool_flag(
        t,
        rf"\bunfinished {_BASEMENT}|\b{_BASEMENT}\b[^.?!]{{0,40}}?\b(?:unfinished|not (?:yet )?"
        r"finished|isn'?t finished)",
        rf"\b(?:no|without)\s+(?:an?\s+)?unfinished {_BASEMENT}|(?<!un)finished {_BASEMENT}|"
        rf"\bno basement|\b{_BASEMENT}\b[^.?!]{{0,30}}?\b(?:is|are|was|will be|has been) "
        r"(?:fully |all |completely )?finished\b",
    )
    rooms = len(_ROOM.findall(t))
    p.rooms_as_bedrooms = rooms or None
    p.pressurized = _bool_flag(
        t,
        r"pressuri[sz]ed|pressure distribution|pressure bed|\bpump to\b",
        r"\bnon-?pressuri|gravity",
    )
    p.existing_system = _bool_flag(
        t,
        r"\bexisting (?:system|septic|sts|ssts)|\bold system|\bcompliance inspection",
        r"\bnew system",
    )
    m = re.search(r"sludge[^.?\d]{0,40}?(\d+(?:\.\d+)?)\s*(?:in|\"|inch)", t, re.I) or re.search(
        r"(\d+(?:\.\d+)?)\s*(?:in(?:ch(?:es)?)?|\")\s*(?:of\s+)?sludge", t, re.I
    )
    if m:
        p.sludge_in = float(m.group(1))
    m = re.search(r"scum[^.?\d]{0,40}?(\d+(?:\.\d+)?)\s*(?:in|\"|inch)", t, re.I) or re.search(
        r"(\d+(?:\.\d+)?)\s*(?:in(?:ch(?:es)?)?|\")\s*(?:of\s+)?scum", t, re.I
    )
    if m:
        p.scum_in = float(m.group(1))
    p.feature = _feature(t)
    if re.search(r"drain ?field|soil treatment|absorption|leach|\bsta\b|trench|mound", t, re.I):
        p.component = "sta"
    if re.search(r"\btank\b", t, re.I):
        p.component = "tank" if p.component is None else p.component
    p.distances = _distances(t)
    if p.distances and p.feature not in {d.feature for d in p.distances}:
        p.feature = p.distances[0].feature  # '20 feet from a well' names it, not 'my neighbor
    return p


_FEATURE_PATTERNS: tuple[tuple[Feature, str], ...] = (
    ("lake_natural_environment", r"natural environment"),
    ("lake_recreational_development", r"recreation(?:al)? development"),
    ("lake_general_development", r"general development"),
    ("bluffline_wild_scenic_12pct", r"wild (?:and|&) scenic[^.?]{0,30}bluff"),
    (
        "river_wild_scenic_urban",
        r"wild (?:and|&) scenic[^.?]{0,30}urban|urban[^.?]{0,20}wild (?:and|&) scenic",
    ),
    ("river_wild_scenic_rural", r"wild (?:and|&) scenic"),
    ("bluffline_other_20pct", r"\bbluff"),
    ("accessory_building", r"accessory building|detached garage|\bshed\b"),
    ("well", r"\bwells?\b"),
    ("water_pipe", r"water (?:line|pipe|main)|pressure pipe|suction pipe"),
    # "the neighbor's well" is a well: a neighbour is the property line only on his own
    ("property_line", r"property (?:line|boundary)|lot line|neighbou?r(?!['’]?s\b)|boundary"),
    ("water", r"\blake|river|stream|pond|wetland|shore|ordinary high water|ohw|creek"),
    ("building", r"\bhouse|home|building|foundation|garage|dwelling|structure"),
)


def _feature(text: str) -> Feature | None:
    """The setback feature a text names: a specific water or building class first, else the
    first everyday feature ('my 4-bedroom house' is the dwelling, not a setback feature)."""
    best: tuple[int, Feature] | None = None
    for i, (feature, pattern) in enumerate(_FEATURE_PATTERNS):
        for m in re.finditer(pattern, text, re.I):
            if feature == "building" and re.search(
                r"bed(?:room)?s?\W{0,3}$", text[max(0, m.start() - 12) : m.start()], re.I
            ):
                continue
            rank = m.start() if i >= _SPECIFIC else -1000 + m.start()
            if best is None or rank < best[0]:
                best = (rank, feature)
            break
    return best[1] if best else None


_SPECIFIC = 8  # the first patterns name a specific class of water, bluff or building


def _distances(text: str) -> list[Distance]:
    out: list[Distance] = []
    pattern = re.compile(
        r"(\d+(?:\.\d+)?)\s*(?:ft|feet|foot|')\.?\s*(?:setback\s+|distance\s+|away\s+)?(?:from|to|of|off)\s+(?:the\s+|my\s+|a\s+|our\s+)?"
        r"([a-z ]{2,30})",
        re.I,
    )
    for m in pattern.finditer(text):
        feature = _feature(m.group(2))
        if feature is None:
            continue
        before = text[max(0, m.start() - 60) : m.start()].lower()
        component: Component | None = None
        tank_at = max(before.rfind("tank"), -1)
        sta_at = max(
            before.rfind(w)
            for w in ("drainfield", "drain field", "soil treatment", "mound", "trench")
        )
        if tank_at >= 0 or sta_at >= 0:
            component = "tank" if tank_at > sta_at else "sta"
        out.append(Distance(feature=feature, distance_ft=float(m.group(1)), component=component))
    pattern2 = re.compile(
        r"\b(well|house|home|building|property line|lot line|lake|river|stream|wetland)\b[^.?\d]{0,25}?"
        r"(\d+(?:\.\d+)?)\s*(?:ft|feet|foot|')",
        re.I,
    )
    if not out:
        for m in pattern2.finditer(text):
            feature = _feature(m.group(1))
            if feature is not None:
                out.append(Distance(feature=feature, distance_ft=float(m.group(2))))
    return out
