"""Areas: a soil treatment area's least bottom area by bedrooms or by design flow, and a
dwelling's bedrooms counted up from its floor area, as some ordinances size a tank.

    "shall be not less than 250 square feet for each bedroom"  -> 250 x bedrooms
    "not less than 1.6 square feet per gallon of design flow"  -> 1.6 x the city's design flow rule

A sentence that does not speak of a soil treatment (bottom, absorption) area, or a per-flow
figure in a city with no design flow rule (or two), gives no rule.

The floor area:

    "where the finished floor area of a dwelling exceeds 2,800 square feet, one bedroom shall be
    added to the actual number of bedrooms for each 700 square feet, or fraction thereof, by
    which the finished floor area exceeds 2,800 square feet"
        -> bedrooms + ceil((floor area - 2,800) / 700) x 1, when the area exceeds 2,800

Every rule by bedrooms the sentence speaks of (a septic tank's, when it names one; else every
dwelling rule) takes the count so raised when the user gives the floor area; the rule as printed
stays (unrouted) and is applied with the count. Two such sentences, or one whose figures do not
read, give nothing.
"""

from __future__ import annotations

import re
from typing import Any

from ingest.numbers import read_numbers
from ingest.records import Section
from ingest.rulefacts_shapes import (
    BEDROOMS,
    const,
    extracted_rule,
    fold,
    located,
    quotes_of,
    said_in,
    with_count,
)
from tools.formulas import (
    Apply,
    Case,
    Cases,
    Condition,
    Extreme,
    Input,
    InputSpec,
    Linear,
    Rule,
)

_AREA = re.compile(
    r"floor area[^.;]*?\bexceeds (\d+) square feet[^.;]*?\b(\d+) (?:additional )?bedrooms? "
    r"(?:shall|must|will) be (?:added|counted)[^.;]*?\bfor (?:each|every) (?:additional )?"
    r"(\d+) square feet(,? or (?:any )?fraction (?:thereof|of it))?"
)
AREA = InputSpec(
    name="floor_area_sqft", kind="number", unit="sq ft", default=0, low=0, high=100000,
    label="finished floor area of the house (home, dwelling), square feet (counts only above the "
    "threshold)",
)  # fmt: skip


_DIVIDED = re.compile(
    r"more than (\d+) square feet of finished floor area, the finished floor area divided by "
    r"(\d+)(\s*,?\s*(?:with )?any (?:remaining )?fraction (?:being |is )?(?:dropped|disregarded))?"
)
"""'The number of bedrooms ... shall be the greater of: (1) the bedrooms on the plans; or (2)
where the dwelling has more than 3,000 square feet of finished floor area, the finished floor area
divided by 700, any fraction being dropped.'"""


def _by_floor_area(
    quote: str, per: float, added: float, *, over: float | None, up: bool, label: str
) -> Linear:
    """Bedrooms from the floor area: `added` for each `per` square feet (over `over`), the
    steps counted up (`up`) or only whole ones."""
    return Linear(
        kind="linear",
        label=label,
        unit="bedrooms",
        x=Input(kind="input", name=AREA.name),
        x_minus=const(over, "sq ft", "floor area over", quote) if over is not None else None,
        per=const(per, "sq ft", "for each", quote),
        slope=const(added, "bedrooms", "added", quote),
        round_up=up,
        round_down=not up and over is None,
    )


def _divided_count(quote: str, over: float, per: float, dropped: bool) -> Extreme:
    by_area = _by_floor_area(
        quote, per, 1, over=None, up=not dropped, label="Bedrooms by the floor area"
    )
    return Extreme(
        kind="greatest_of",
        label="Bedrooms counted (the greater)",
        unit="bedrooms",
        terms=[Input(kind="input", name="bedrooms"), by_area],
    )


_BASEMENT = re.compile(
    r"unfinished (?:basement|lower level)[^.;]{0,40}?\b(?:counts?|is counted|shall be counted) as "
    r"(?:one|1|a|an)"
    r" (?:additional |more )?bedroom|unfinished (?:basement|lower level)[^.;]{0,40}?\b(?:shall|must|will) be "
    r"(?:designed|sized) (?:for|as if it had) (?:one|1|an?)(?: \(1\))? (?:additional |more |extra )?bedroom|\b(?:one|1|an) additional bedroom (?:shall|must|will) be "
    r"(?:added|counted)[^.;]{0,60}?\bunfinished basement"
    r"|\b(?:basement|lower level) that is unfinished\b[^.;]{0,60}?\b(?:counts?|is counted|shall be "
    r"counted) as (?:containing |having )?(?:one|1|an?) (?:additional |more )?bedroom"
)
"""'An unfinished basement or lower level counts as one (1) additional bedroom.', '... shall
be designed as if it had one (1) more bedroom', 'At least one
additional bedroom shall be added in the design of a septic system with an unfinished
basement.', 'A dwelling with an unfinished basement shall be designed for one (1) bedroom
more than the number shown on its plans.', 'A dwelling with an unfinished lower level shall be
designed for one (1) more bedroom than the plans show.', 'A lower level that is unfinished at the time of the
permit shall be counted as containing one (1) bedroom.'"""
BASEMENT = InputSpec(
    name="unfinished_basement", kind="flag", default=False,
    label="unfinished basement or lower level (yes/no)",
)  # fmt: skip


def _bedrooms_plus(why: str, extra: Any) -> Extreme:
    """The bedroom count raised by `extra` (a figure of the text, or an input), labelled with
    why ('Bedrooms counted (with the floor area)')."""
    return Extreme(
        kind="sum_of",
        label=f"Bedrooms counted ({why})",
        unit="bedrooms",
        terms=[Input(kind="input", name="bedrooms"), extra],
    )


def _takes_count(rule: Rule, spec: InputSpec) -> bool:
    """Whether a raised bedroom count (by `spec`: the floor area, an unfinished basement) applies
    to the rule: a routed rule by bedrooms that does not read `spec` already."""
    return rule.input("bedrooms") is not None and rule.input(spec.name) is None and bool(rule.terms)


def basement_bedrooms(sections: list[Section], rules: list[Rule]) -> list[Rule]:
    """Rules by bedrooms with one bedroom more for an unfinished basement, where the text says
    so in one sentence (two such sentences, or a rule already asking for it, change nothing)."""
    said = [(q, s) for s, _, q in said_in(sections, "unfinished", _BASEMENT)]
    if len(said) != 1:
        return rules
    quote, where = said[0]
    count = _bedrooms_plus(
        "one more for the unfinished basement", const(1, "bedrooms", "added", quote)
    )
    when = Condition(input=BASEMENT.name, op="eq", value=True, text="Unfinished basement",
                     quote=quote)  # fmt: skip
    return _raised(rules, BASEMENT, count, when, where, "basement")


def _raised(
    rules: list[Rule], spec: InputSpec, count: Any, when: Condition, where: Section, suffix: str
) -> list[Rule]:
    """Every rule that takes the count (`_takes_count`) applied with its bedrooms raised to
    `count` when `when` holds (`with_count`), cited from `where` when the sentence that says so
    stands in another section; an area from the design flow rule is raised once, in that rule."""
    out: list[Rule] = []
    for rule in rules:
        if not _takes_count(rule, spec):
            out.append(rule)
        elif _applies_another(rule):
            out.append(rule.model_copy(update={"inputs": [*rule.inputs, spec]}))
        elif where.ref != rule.section:
            cited = when.model_copy(update={"section": where.section, "title": where.title})
            out += with_count(rule, suffix=suffix, note="bedrooms", count=located(count, where),
                              when=cited, spec=spec)  # fmt: skip
        else:
            out += with_count(rule, suffix=suffix, note="bedrooms", count=count, when=when,
                              spec=spec)  # fmt: skip
    return out


def area_bedrooms(sections: list[Section], rules: list[Rule]) -> list[Rule]:
    """Rules by bedrooms with the count raised by floor area (see the module docstring)."""
    said = [
        (float(m[1]), float(m[2]), float(m[3]), bool(m[4]), q, s)
        for s, m, q in said_in(sections, "floor area", _AREA)
    ]
    divided = [
        (float(m[1]), float(m[2]), bool(m[3]), q, s)
        for s, m, q in said_in(sections, "floor area", _DIVIDED)
        if re.search(r"\bthe greater of\b", s.text)
    ]
    if len(said) + len(divided) != 1:
        return rules
    dropped = False
    if divided:
        over, per, dropped, quote, where = divided[0]
        added, fraction = 1.0, False
    else:
        over, added, per, fraction, quote, where = said[0]
    tank_only = "septic tank" in quote.lower()
    out: list[Rule] = []
    for rule in rules:
        if not _takes_count(rule, AREA) or (tank_only and rule.topic != "tank"):
            out.append(rule)
            continue
        extra = _by_floor_area(
            quote, per, added, over=over, up=fraction, label="Bedrooms added for the floor area"
        )
        count = (
            _divided_count(quote, over, per, dropped)
            if divided
            else _bedrooms_plus("with the floor area", extra)
        )
        when = Condition(
            input=AREA.name, op="gt", value=over, text=f"Floor area over {over:,.0f} sq ft",
            quote=quote,
        )  # fmt: skip
        if where.ref != rule.section:  # the count's sentence is cited from its own section
            count = located(count, where)
            when = when.model_copy(update={"section": where.section, "title": where.title})
        out += with_count(
            rule, suffix="by-bedrooms", note="bedrooms", count=count, when=when, spec=AREA
        )
    return out


_LEAST_COUNT = re.compile(
    r"\b(?:sized|designed)(?: [a-z]+){0,3}? for (?:not (?:fewer|less) than|no (?:fewer|less) than|"
    r"at least|a minimum of) (\d+) bedrooms?\b|\bno [a-z ]{0,40}?\b(?:shall|may|must|will) be "
    r"(?:sized|designed) for (?:fewer|less) than (\d+) bedrooms?\b"
)
"""'No dwelling shall be designed for fewer than two (2) bedrooms.', 'A drainfield serving a
dwelling is sized for at least two bedrooms, even if the dwelling has fewer.'"""


def least_bedrooms(sections: list[Section], rules: list[Rule]) -> list[Rule]:
    """Every routed rule by bedrooms of a section that sizes its dwellings for at least N
    bedrooms (in one sentence of that section) applies with N bedrooms to fewer: the rule as
    printed stays (unrouted) and is applied with the count raised."""
    out = list(rules)
    for s, m, quote in said_in(
        [s for s in sections if s.kind == "section"], "bedroom", _LEAST_COUNT
    ):
        least = float(m[1] or m[2])
        for i, rule in enumerate(out):
            if rule.section != s.section or rule.title not in (None, s.title):
                continue
            if rule.input("bedrooms") is None or not rule.terms or rule.id.endswith(".least"):
                continue
            if fold(quote) in map(fold, quotes_of(rule.formula)):
                continue  # the rule reads the least count itself (a soil table's)
            printed = rule.model_copy(
                update={"id": f"{rule.id}.least", "terms": [], "asks": f"{rule.asks} (as printed)"}
            )
            when = Condition(input="bedrooms", op="lt", value=least,
                             text=f"Fewer than {least:g} bedrooms", quote=quote)  # fmt: skip
            count = const(least, "bedrooms", "least count", quote)
            raised = Apply(kind="apply", rule=printed.id, bind={"bedrooms": count})
            formula = Cases(
                kind="cases",
                cases=[Case(when=when, then=raised)],
                otherwise=Apply(kind="apply", rule=printed.id),
            )
            out[i] = rule.model_copy(update={"formula": formula})
            out.append(printed)
    return out


_PER = r"(?:for each|per|for every|of)"
_OF_AREA = r"(?:of (?:[a-z]+ ){0,3}area )?"  # '1.6 square feet of bottom absorption area for each'
_BY_BEDROOM = re.compile(rf"\b(\d+(?:\.\d+)?) square feet {_OF_AREA}{_PER} bedroom\b")
BY_FLOW = re.compile(
    rf"\b(\d+(?:\.\d+)?) square feet {_OF_AREA}{_PER} (?:each )?gallons? (?:per day )?(?:of )?(?:the )?"
    r"(?:estimated |daily |average )?(?:design )?(?:sewage )?flow\b"
)
SOIL = re.compile(
    r"bottom area|absorption area|soil treatment (?:and dispersal )?area|drain ?field|"
    r"\btrench|\bbeds?\b|\bmound"
)
AREA_TERMS = ["drainfield", "soil treatment area", "bottom area", "absorption area", "square feet"]


def soil_area_rules(sections: list[Section], rules: list[Rule]) -> list[Rule]:
    """A soil treatment area's least bottom area, per bedroom or per gallon of design flow
    (one rule per shape; two sentences of one shape give none)."""
    flows = [r for r in rules if r.topic == "flow" and r.terms and r.unit == "gpd"]
    found: dict[str, list[tuple[Section, float, str]]] = {"bedroom": [], "flow": []}
    in_sections = [s for s in sections if s.kind == "section"]
    for shape, pattern in (("bedroom", _BY_BEDROOM), ("flow", BY_FLOW)):
        for s, m, q in said_in(in_sections, "square feet", pattern):
            if SOIL.search(f"{read_numbers(q) or ''} {s.title.lower()}"):
                found[shape].append((s, float(m[1]), q))
    from ingest.rulefacts_perc import by_perc  # they build on this module's area rule
    from ingest.rulefacts_systems import by_system

    out = list(rules)
    bedrooms = Input(kind="input", name="bedrooms")
    if len(found["bedroom"]) == 1:
        s, k, quote = found["bedroom"][0]
        out.append(_area(s, quote, k, bedrooms, [BEDROOMS], "bedroom"))
    elif len(found["bedroom"]) > 1:
        rule = by_perc(in_sections, bedrooms, [BEDROOMS], _BY_BEDROOM, "bedroom") or by_system(
            in_sections, bedrooms, [BEDROOMS], _BY_BEDROOM, "bedroom"
        )
        out += [rule] if rule is not None else []
    per_gpd = "gallon per day of design flow"
    if len(found["flow"]) == 1 and len(flows) == 1:
        s, k, quote = found["flow"][0]
        flow = flows[0]
        x = Apply(kind="apply", rule=flow.id)
        out.append(_area(s, quote, k, x, list(flow.inputs), per_gpd))
    elif len(found["flow"]) > 1 and len(flows) == 1:
        x = Apply(kind="apply", rule=flows[0].id)
        flow_inputs = list(flows[0].inputs)
        rule = by_perc(in_sections, x, flow_inputs, BY_FLOW, per_gpd) or by_system(
            in_sections, x, flow_inputs, BY_FLOW, per_gpd
        )
        out += [rule] if rule is not None else []
    return out


_AREA_FLOOR = re.compile(
    r"\b(?:not (?:be )?less than|no less than|at least|a minimum of|never less than|in no case "
    r"(?:be )?less than) (\d+(?:\.\d+)?) square feet\b(?! (?:of [a-z ]{0,30})?(?:per|for each|for "
    r"every|of) )"
)
"""'... not less than 125 square feet per bedroom, and not less than 375 square feet in any case':
the floor is the one area not given per bedroom or per gallon."""


def _area(
    section: Section, quote: str, k: float, x: object, inputs: list[InputSpec], per: str
) -> Rule:
    formula: Any = Linear(
        kind="linear",
        label="Least bottom area",
        unit="sq ft",
        x=x,  # type: ignore[arg-type]
        slope=const(k, f"sq ft per {per}", f"per {per}", quote),
    )
    floors = {float(m[1]) for m in _AREA_FLOOR.finditer(read_numbers(quote) or "")} - {k}
    if len(floors) == 1:  # two floors: which one holds is not read
        formula = Extreme(
            kind="greatest_of",
            label="The greater",
            unit="sq ft",
            terms=[formula, const(floors.pop(), "sq ft", "never less than", quote)],
        )
    return area_rule(section, "area", "", quote, inputs, formula)


def area_rule(
    section: Section, kind: str, how: str, quote: str, inputs: list[InputSpec], formula: Any
) -> Rule:
    """A soil treatment area's least bottom area rule (`how`: what it is sized by, if said)."""
    asks = "least bottom area of a soil treatment area (drainfield)"
    return extracted_rule(
        section,
        kind,
        topic="area",
        asks=f"{asks} {how}".strip(),
        unit="sq ft",
        terms=list(AREA_TERMS),
        quote=quote,
        inputs=inputs,
        formula=formula,
    )


_ROOM_WORDS = (
    r"(?:den|study|office|loft|library|bonus room|sewing room|exercise room|family room)s?"
)
_ROOMS = re.compile(
    rf"\b{_ROOM_WORDS}\b[^.;]*?\b(?:closet|egress)[^.;]*?\b(?:is|are|shall be|will be) "
    r"(?:an? |considered an? |counted as an? |deemed an? )?bedrooms?\b"
    rf"|\bbedroom\b[^.;]*?\binclud(?:es|ing)\b[^.;]*?\b{_ROOM_WORDS}\b[^.;]*?\b(?:closet|egress)"
)
"""'A den, office, study, ... that has an egress window and a closet, or that is separated from
the living area by a door that can be closed, is a bedroom', '"Bedroom" means ..., including a
den, study, loft or bonus room with a closet or an egress window' (as read)."""
ROOMS = InputSpec(
    name="rooms_as_bedrooms", kind="integer", unit="rooms", default=0, low=0, high=10,
    label="other rooms the text counts as bedrooms (a den, office or study with a closet, an "
    "egress window or a door)",
)  # fmt: skip


def _applies_another(rule: Rule) -> bool:
    """Whether the rule applies another rule (an area from the design flow rule), not only its
    own printed form (`with_count`)."""
    return any(
        node.get("kind") == "apply" and not str(node.get("rule", "")).startswith(f"{rule.id}.")
        for node in _nodes(rule.formula.model_dump())
    )


def _nodes(node: Any) -> list[dict[str, Any]]:
    if isinstance(node, dict):
        return [node, *(n for v in node.values() for n in _nodes(v))]
    if isinstance(node, list):
        return [n for v in node for n in _nodes(v)]
    return []


def room_bedrooms(sections: list[Section], rules: list[Rule]) -> list[Rule]:
    """Rules by bedrooms that count the other rooms the text calls bedrooms (a den or study with
    a closet) when the user tells of them, where one sentence says so; an area from the design
    flow rule counts them once, in that rule."""
    said = [(q, s) for s, _, q in said_in(sections, "bedroom", _ROOMS)]
    if len(said) != 1:
        return rules
    quote, where = said[0]
    count = _bedrooms_plus(
        "with the rooms the text counts as bedrooms", Input(kind="input", name=ROOMS.name)
    )
    when = Condition(input=ROOMS.name, op="gt", value=0, text="Rooms counted as bedrooms",
                     quote=quote)  # fmt: skip
    return _raised(rules, ROOMS, count, when, where, "rooms")
