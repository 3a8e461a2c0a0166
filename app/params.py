"""Calculator parameters stated in a question: bedrooms, percolation rate, flow, system type,
rock depth, garbage disposal, unfinished basement, pressure, sludge and scum, setback features and
measured distances. `extract_params(text)` reads each with a narrow pattern. Pure, no model.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from app.lexicon import lexicon, phrase
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


def _systems() -> tuple[tuple[Literal["trench", "bed", "mound"], re.Pattern[str]], ...]:
    """Each kind of system with how a question names it, in the order they are tried."""
    return (
        ("mound", phrase("names_mound")),
        ("trench", phrase("names_trench")),
        ("bed", phrase("names_bed")),
    )


def _to_num(token: str) -> float:
    token = token.lower().strip()
    return float(_NUM_WORDS[token]) if token in _NUM_WORDS else float(token.replace(",", ""))


def _bool_flag(text: str, positive: re.Pattern[str], negatives: re.Pattern[str]) -> bool | None:
    if negatives.search(text):
        return False
    if positive.search(text):
        return True
    return None


MORE_ROOMS = re.compile(
    rf"(?:{_NUM}|\b(?:an?|one))[\s-]+(?:more|additional|extra)\s+bed(?:room)?s?\b", re.I
)
"""Bedrooms added to the house the question counted first ('finishing the basement with 2 more
bedrooms', 'an extra bedroom')."""


PLUS_ROOMS = re.compile(
    rf"\b(?:plus|and another)\s+{_NUM}[\s-]+(?:\w+\s+){{0,2}}?bed(?:room)?s?\b"
    rf"|\bthe other (?:unit |side |half |one )?(?:with|has)\s+{_NUM}\b(?![\s-]*[^\s,.;b])",
    re.I,
)
"""Bedrooms of another floor or unit told after the first count ('3 bedrooms on the main floor
plus 2 finished bedrooms in the basement'; 'one unit with 3 bedrooms, the other with 2')."""

NTH_ROOM = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)\s+bed(?:room)?\b", re.I)
"""A bedroom told by its place in the count ('finishing a 5th bedroom'): the house's total."""

TOTAL_ROOMS = re.compile(
    rf"{_NUM}[\s-]*bed(?:room)?s?\s+(?:total|in all|altogether|all told|in total)\b"
    rf"|\b(?:a total of|totals?|totalling|totaling)\s+{_NUM}[\s-]*bed(?:room)?s?\b",
    re.I,
)
"""The bedroom count the question gives as the house's total ('so 5 bedrooms total')."""


def extract_params(text: str) -> CalcParams:
    """The calculator parameters a question states, each by a narrow pattern."""
    t = text.replace("‑", "-")
    p = CalcParams()
    kind = "|".join(lexicon().room_qualifiers)  # '3 finished bedrooms'
    m = re.search(
        _NUM + rf"[\s-]*(?:(?:{kind})\s+)?(?:bed(?:room)?s?|br|bdrms?)\b", t, re.I
    ) or re.search(r"\bbedrooms?\s*(?:[:=]|of|is|are)?\s*" + _NUM + r"\b", t, re.I)
    asked = phrase("premise_clause").match(
        t
    )  # "Since Hugo requires X for 3 bedrooms, ... for 4?": the 4
    later = asked and re.search(r"\bfor (?:an? )?" + _NUM + r"(?:[\s-]*bed\w*)?\s*\??\s*$",
                                asked.group(1), re.I)  # fmt: skip
    if m and later:
        m = later
    total = TOTAL_ROOMS.search(t)  # '3 bedrooms ... with 2 more, so 5 bedrooms total'
    if m:
        value = _to_num(m.group(1))
        added = MORE_ROOMS.search(t)  # 'a 3 bedroom rambler ... 2 more bedrooms'
        plus = PLUS_ROOMS.search(t, m.end())
        nth = NTH_ROOM.search(t)
        if total is not None:
            value = _to_num(total.group(1) or total.group(2))
        elif added is not None and not added.start() <= m.start() < added.end():
            value += _to_num(added.group(1)) if added.group(1) else 1
        elif nth is not None and int(nth.group(1)) > value:
            value = float(nth.group(1))
        elif plus is not None:
            value += _to_num(plus.group(1) or plus.group(2))
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
        m = phrase("perc_rate_stated").search(t)
        if m:
            p.perc_rate_mpi = float(m.group(1))
    m = re.search(r"(\d[\d,]*(?:\.\d+)?)\s*(?:gpd|gal(?:lons?)?\s*(?:/|per|a)\s*day)", t, re.I)
    if m:
        p.daily_flow_gpd = float(m.group(1).replace(",", ""))
    m = phrase("rock_depth_after").search(t) or phrase("rock_depth_before").search(t)
    if m:
        p.rock_depth_in = int(m.group(1))
    for kind, said in _systems():
        if any(not phrase("denies_before").search(t[: m.start()]) for m in said.finditer(t)):
            p.system_type = kind  # 'a bed (not trenches)': the kind not denied
            break
    p.garbage_disposal = _bool_flag(t, phrase("garbage_disposal"), phrase("no_garbage_disposal"))
    p.unfinished_basement = _bool_flag(
        t, phrase("unfinished_basement"), phrase("finished_basement")
    )
    # a room told with what makes a room a bedroom in some codes ('a study with a door that
    # closes'); whether it counts is the city's text's to say (`rooms_as_bedrooms`)
    rooms = len(phrase("room_as_bedroom").findall(t))
    p.rooms_as_bedrooms = rooms or None
    p.pressurized = _bool_flag(t, phrase("pressurized"), phrase("gravity_fed"))
    p.existing_system = _bool_flag(t, phrase("existing_system"), phrase("new_system"))
    m = phrase("sludge_depth_after").search(t) or phrase("sludge_depth_before").search(t)
    if m:
        p.sludge_in = float(m.group(1))
    m = phrase("scum_depth_after").search(t) or phrase("scum_depth_before").search(t)
    if m:
        p.scum_in = float(m.group(1))
    p.feature = _feature(t)
    if phrase("measured_soil_area").search(t):
        p.component = "sta"
    if phrase("measured_tank").search(t):
        p.component = "tank" if p.component is None else p.component
    p.distances = _distances(t)
    if p.distances and p.feature not in {d.feature for d in p.distances}:
        p.feature = p.distances[0].feature  # '20 feet from a well' names it, not 'my neighbor
    return p


def _feature_patterns() -> tuple[tuple[Feature, re.Pattern[str]], ...]:
    """Each setback feature with how a text names it, the specific classes first."""
    return (
        ("lake_natural_environment", phrase("names_natural_environment_lake")),
        ("lake_recreational_development", phrase("names_recreational_development_lake")),
        ("lake_general_development", phrase("names_general_development_lake")),
        ("bluffline_wild_scenic_12pct", phrase("names_wild_scenic_bluff")),
        ("river_wild_scenic_urban", phrase("names_wild_scenic_urban")),
        ("river_wild_scenic_rural", phrase("names_wild_scenic_river")),
        ("bluffline_other_20pct", phrase("names_bluff")),
        ("accessory_building", phrase("names_accessory_building")),
        ("well", phrase("names_well")),
        ("water_pipe", phrase("names_water_pipe")),
        ("property_line", phrase("names_property_line")),
        ("water", phrase("names_water")),
        ("building", phrase("names_building")),
    )


def _feature(text: str) -> Feature | None:
    """The setback feature a text names: a specific water or building class first, else the
    first everyday feature ('my 4-bedroom house' is the dwelling, not a setback feature)."""
    best: tuple[int, Feature] | None = None
    for i, (feature, pattern) in enumerate(_feature_patterns()):
        for m in pattern.finditer(text):
            if feature == "building" and phrase("bedrooms_before").search(
                text[max(0, m.start() - 12) : m.start()]
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
    for m in phrase("distance_from_thing").finditer(text):
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
    if not out:
        for m in phrase("thing_at_distance").finditer(text):
            feature = _feature(m.group(1))
            if feature is not None:
                out.append(Distance(feature=feature, distance_ft=float(m.group(2))))
    return out
