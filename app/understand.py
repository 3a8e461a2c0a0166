"""Question understanding for the deterministic answerer: which cities, which topic, which numbers.

`understand(question, known)` turns a question into a typed `Understanding`: the jurisdictions it
names ("Chaska vs Hugo", "all three", typos such as "Chasak"), places outside the corpus, section
references, whether it compares cities, the topic (tank, drainfield, setbacks, permits, ...) and
the calculator parameters it states (bedrooms, percolation rate, flow, rock depth, distances).
`merge_follow_up` fills what a follow-up ("and for 5 bedrooms?") leaves out from the previous turn.
Pure functions over text; no index, no model.
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Topic = Literal[
    "tank",
    "pump_tank",
    "flow",
    "area",
    "setback",
    "site",
    "separation",
    "pumping",
    "build",
    "permit_validity",
    "permit_fee",
    "inspection_notice",
    "failing",
    "holding_tank",
    "general",
]
_ORDER: tuple[Topic, ...] = (
    "build", "tank", "pump_tank", "flow", "area", "separation", "setback", "site", "pumping",
    "permit_validity", "permit_fee", "inspection_notice", "failing", "holding_tank", "general",
)  # fmt: skip
CALC_TOPICS: frozenset[str] = frozenset(
    {"tank", "pump_tank", "flow", "area", "setback", "site", "separation", "pumping", "build"}
)
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


class Understanding(_Record):
    question: str
    jurisdictions: list[str] = Field(default_factory=list, description="Known keys named.")
    all_cities: bool = Field(default=False, description="'all three', 'each city', ...")
    unknown_places: list[str] = Field(default_factory=list, description="Cities not in corpus.")
    section_refs: list[str] = Field(default_factory=list)
    comparison: bool = False
    topic: Topic = "general"
    topics: list[Topic] = Field(default_factory=list, description="All topics; topic is first.")
    params: CalcParams = Field(default_factory=CalcParams)
    follow_up: bool = False
    wants_amount: bool = Field(default=False, description="Asks for a fee or dollar amount.")
    quantitative: bool = Field(
        default=False, description="Asks for a number (how long, minimum...)."
    )
    yes_no: bool = False
    injection: bool = Field(default=False, description="Contains instruction-like text.")
    on_topic: bool = Field(default=True, description="Uses the vocabulary of sewer/septic rules.")

    @property
    def is_calc(self) -> bool:
        return self.topic in CALC_TOPICS


_NUM_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a single": 1, "single": 1,
}  # fmt: skip
_NUM = r"(\d+(?:\.\d+)?|" + "|".join(sorted(_NUM_WORDS, key=len, reverse=True)) + r")"

# Places users may ask about that are not in the corpus (Minnesota and beyond). Capitalised
# "in <Name>" phrases are caught too; this list catches lower-case questions.
_OTHER_PLACES = (
    "minneapolis", "st. paul", "saint paul", "st paul", "duluth", "rochester", "bloomington",
    "brooklyn park", "plymouth", "woodbury", "maple grove", "blaine", "lakeville", "eagan",
    "burnsville", "eden prairie", "coon rapids", "apple valley", "edina", "minnetonka",
    "st. cloud", "saint cloud", "mankato", "moorhead", "shakopee", "maplewood", "cottage grove",
    "richfield", "roseville", "inver grove heights", "andover", "brooklyn center", "savage",
    "fridley", "oakdale", "chanhassen", "prior lake", "ramsey", "rosemount", "anoka", "stillwater",
    "forest lake", "lino lakes", "ham lake", "oak grove", "isanti", "cambridge", "elk river",
    "victoria", "waconia", "jordan", "carver", "orono", "wayzata", "scandia", "lake elmo",
    "white bear lake", "hastings", "northfield", "owatonna", "faribault", "winona", "bemidji",
    "brainerd", "hibbing", "willmar", "red wing", "new york", "chicago", "seattle", "denver",
    "madison", "milwaukee", "fargo", "des moines", "sioux falls", "hudson", "river falls",
    "texas", "california", "wisconsin", "iowa", "florida", "ohio",
)  # fmt: skip
_NOT_PLACES = {
    "minnesota", "mn", "section", "table", "chapter", "article", "the", "a", "an", "my", "our",
    "your", "this", "that", "sec", "feet", "inches", "winter", "summer", "spring", "fall",
    "general", "appendix", "division", "ordinance", "city", "county", "state", "hugo", "chaska",
    "east", "bethel", "mpca", "minn", "rules", "order", "addition", "case", "total", "gallons",
    "english", "spanish", "detail", "short", "plain", "it", "there", "which", "what", "each",
    "all", "both", "any", "every", "june", "may", "april", "december", "january", "march",
}  # fmt: skip

_INJECTION = re.compile(
    r"ignore (?:all |any |the )?(?:previous|prior|above|earlier)|disregard (?:the |all |your )?"
    r"(?:rules|instructions|previous)|system prompt|you are now|pretend (?:to be|you)|"
    r"new instructions|jailbreak|developer mode|act as",
    re.I,
)
_COMPARE = re.compile(
    r"\bcompar\w*|\bvs\.?\b|\bversus\b|\bdiffer\w*|\bdifference\w*|\bbetween\b|\bcontrast\w*|"
    r"\beach (?:city|town|jurisdiction)\b|\bside by side\b|\bacross\b|\bwhich city\b|"
    r"\bwhich (?:one|ordinance)\b|\bstricter\b|\blarger\b|\bbigger\b",
    re.I,
)
_ALL = re.compile(
    r"\ball (?:three|3|the) (?:cities|towns|ordinances|jurisdictions)|\ball three\b|\ball 3\b|"
    r"\beach (?:city|town|jurisdiction|ordinance)\b|\bevery (?:city|town|jurisdiction)\b|"
    r"\ball (?:cities|towns|jurisdictions|ordinances)\b|\bthe three (?:cities|towns|ordinances)\b|"
    r"\bin (?:all|each) of them\b|\beach of them\b|\bacross (?:the )?(?:cities|towns)\b",
    re.I,
)
_SECTION_REF = re.compile(
    r"(?:\bsec(?:tion|t?\.)?s?|§+)\s*(\d{1,4}(?:\.\d{1,3})?(?:\s*\(\w{1,3}\)\s*\w?)*)"
    r"|\b(\d{3}\.\d{2}(?:\(\w{1,3}\)\w?)*)\b"
    r"|\btable\s+(I{1,3}|IV|V|VI{0,3}|\d)\b",
    re.I,
)
_FOLLOW_UP = re.compile(
    r"^\s*(?:and|what about|how about|and what about|same (?:for|question)|ok(?:ay)?,? (?:and|what)"
    r"|then|also|now)\b|^\s*(?:for|with|in)\s+\S+(?:\s+\S+){0,3}\s*\??\s*$",
    re.I,
)

_SIZE = (
    r"\b(?:size[ds]?|sizing|big|bigger|large|larger|capacity|capacities|gallons?|volume|how much "
    r"(?:area|space|room)|area (?:needed|required)|square|sq|dimensions?)\b"
)
_STA = (
    r"\b(?:drain ?fields?|soil treatment areas?|absorption (?:areas?|fields?)|leach(?:ing)? ?fields?|"
    r"mounds?|trench(?:es)?|(?<!\d )(?<!\d-)beds?(?![- ]?rooms?))\b"
)
_TOPIC_RULES: tuple[tuple[Topic, re.Pattern[str]], ...] = (
    ("build", re.compile(r"\bwhat do i need\b|\bbuilding a\b.*\b(house|home)\b.*\bneed\b|"
                         r"\bnew (?:house|home)\b.*\b(?:what|need|system)\b|\bwhat system\b", re.I)),
    ("site", re.compile(r"\bis (?:\d+|that|it)\b.*\b(?:enough|ok|okay|far enough|compliant|allowed"
                        r"|legal|close enough)\b|\bsite check\b|\bcheck my site\b|\bpass\b", re.I)),
    ("pump_tank", re.compile(r"\bpump(?:ing)? tank\b|\bdosing (?:tank|chamber)\b|\blift station\b", re.I)),
    ("permit_validity", re.compile(
        r"\bpermit\w*\b.*\b(?:valid|validity|expire\w*|how long|last|good for|lapse)\b|"
        r"\b(?:valid|validity|expire\w*|how long|last|good for)\b.*\bpermit", re.I)),
    ("inspection_notice", re.compile(
        r"\bnotice\b.*\binspect\w*|\binspect\w*.*\b(?:notice|in advance|ahead of time|schedul\w*|"
        r"call)\b|\bschedul\w* (?:an? |the )?inspection", re.I)),
    ("failing", re.compile(
        r"\bfailing\b|\bfailed\b|\bfailure\b|\bfails\b|\bimminent\b|"
        r"\bhow long\b.*\b(?:fix|repair|replace|upgrade)", re.I)),
    ("holding_tank", re.compile(r"\bholding tanks?\b", re.I)),
    ("permit_fee", re.compile(r"\bfees?\b|\bhow much (?:does|is|do|will)\b.*\bpermit\b|"
                              r"\bpermit\b.*\b(?:cost|price|charge)\b|\bcost of (?:a |the )?permit", re.I)),
    ("pumping", re.compile(r"\bsludge\b|\bscum\b|\bwhen\b.*\b(?:pump|clean|empty)\w*|\bhow often\b.*\b(?:pump\w*|clean\w*|inspect\w*|"
                           r"empt\w*|service\w*)|\b(?:pump\w*|clean\w*)\b.*\b(?:how often|every|"
                           r"frequency|interval|due|required|when)\b|\bmaintenance\b.*\btank\b|"
                           r"\bpumped\b|\bneed(?:s)? pumping\b", re.I)),
    ("separation", re.compile(r"\bseparation\b|\bwater table\b|\bbedrock\b|\bthree[- ]foot rule\b|"
                              r"\bredoximorphic\b|\bsaturated soil\b|\blimiting (?:layer|condition)\b", re.I)),
    ("area", re.compile(
        rf"{_SIZE}.*{_STA}|{_STA}.*{_SIZE}|\bsquare (?:feet|foot)\b|\bsq\.? ?ft\b|"
        rf"\bwhat (?:\w+ )?(?:and )?(?:size )?{_STA}|\btank and (?:a |the )?{_STA}|"
        r"\bperc\w*\b.*\b(?:area|size|how big)\b", re.I)),
    ("setback", re.compile(r"\bsetbacks?\b|\bhow (?:far|close)\b|\bdistance\w*\b|\bfeet from\b|"
                           r"\bft from\b|\b(?:away from|close to|near) (?:my |a |the |our )?(?:well|lake|river|stream|house|"
                           r"home|building|property line|lot line|wetland)", re.I)),
    ("flow", re.compile(r"\bdesign flow\b|\bsewage flow\b|\bgallons per day\b|\bgpd\b|\bdaily flow\b|"
                        r"\bflow\b.*\bbedroom|\bhow much (?:sewage|wastewater|water)\b", re.I)),
    ("tank", re.compile(
        rf"\btank\b.*{_SIZE}|{_SIZE}.*\btank\b|\bcompartment\w*\b|"
        r"\bwhat (?:size |kind of |type of )?(?:septic )?tanks?\b|\btank (?:and|\+) (?:a |the )?drain", re.I)),
)  # fmt: skip

_DOMAIN = re.compile(
    r"\b(?:septic|sewers?|sewage|sewerage|sanitary|tanks?|drain ?fields?|soils?|perc\w*|mounds?|"
    r"trench\w*|pump\w*|sludge|scum|baffles?|setbacks?|wells?|cesspools?|priv(?:y|ies)|drip|"
    r"graveless|ists|ssts|msts|effluent|wastewater|discharg\w*|septage|abandon\w*|flood\w*|"
    r"escrow|grease|oil|manholes?|sump|bedrooms?|gallons?|installers?|designers?|separation|"
    r"water table|bedrock|borings?|dosing|lift station|alarms?|fail\w*|mpca|laterals?|holding|"
    r"permits?|inspect\w*|fees?|penalt\w*|violat\w*|variances?|misdemeanor|compl\w*|"
    r"contractors?|"
    r"treatment|distribution|pipes?|building sewer|toilet|plumb\w*|"
    r"excavat\w*|shoreland|lakes?|rivers?|property lines?|lot|bonds?|insurance|licens\w* (?:to|for) "
    r"(?:pump|install|design)|as-?builts?|certif\w*|aerobic|filter|rock|gravel|drainage|"
    r"groundwater|water supply|wastes?)\b",
    re.I,
)
_QUANT = re.compile(
    r"\bhow (?:much|many|long|wide|deep|far|big|often|close|soon|large|tall|high|steep)\b|"
    r"\b(?:minimum|maximum|smallest|largest|at least|at most|size|deadline|notice|insurance|bond|"
    r"fees?|distance|spacing|depth|width|slope|percent|rate|dose|capacity|gallons?|feet|inches|"
    r"days|months|years|hours|what size|limit)\b",
    re.I,
)
_KEYWORDS = (
    "septic", "tank", "bedroom", "bedrooms", "drainfield", "permit", "permits", "setback",
    "setbacks", "percolation", "separation", "pumping", "sludge", "scum", "compare", "mound",
    "trench", "garbage", "disposal", "basement", "pressurized", "property", "building", "valid",
    "fee", "gallons", "capacity", "inspection", "holding", "prohibited", "required", "minimum",
    "distance", "treatment", "sewage", "system", "systems", "drip", "soil", "water", "table",
)  # fmt: skip


_PROTECTED = {
    "section", "sections", "station", "settings", "setting", "systemic", "tanks", "permitted",
    "permitting", "feet", "fees", "field", "fields", "properly", "water", "waters", "wells",
    "table", "tables", "sewer", "sewers", "stable", "bedroom", "permits", "builder", "capacities",
    "distances", "inspections", "requires", "require", "treat", "treated", "sewerage", "pumps",
    "pumper", "pumped", "soils", "systems", "holding", "hold", "valve", "value", "values",
}  # fmt: skip


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _to_num(token: str) -> float:
    token = token.lower().strip()
    return float(_NUM_WORDS[token]) if token in _NUM_WORDS else float(token.replace(",", ""))


def correct_typos(text: str, names: Sequence[str] = ()) -> str:
    """Fix near-miss spellings of the domain words and city names ("septik", "Chasak")."""
    vocab = list(_KEYWORDS) + [n.lower() for n in names]

    def fix(match: re.Match[str]) -> str:
        word = match.group(0)
        low = word.lower()
        if len(low) < 4 or low in vocab or low in _PROTECTED:
            return word
        close = [
            c for c in difflib.get_close_matches(low, vocab, n=3, cutoff=0.8) if c[0] == low[0]
        ]
        if not close:
            return word
        return close[0].capitalize() if word[0].isupper() else close[0]

    return re.sub(r"[A-Za-z]+", fix, text)


def detect_jurisdictions(text: str, known: Mapping[str, str]) -> list[str]:
    """Keys of the known jurisdictions named in the text, in order of first mention."""
    low = text.lower()
    squashed = re.sub(r"[^a-z]", "", low)
    found: list[tuple[int, str]] = []
    for key, name in known.items():
        forms = {name.lower(), key.lower().replace("-", " "), key.lower()}
        best = -1
        for form in forms:
            m = re.search(r"(?<![a-z])" + re.escape(form) + r"(?:'s)?(?![a-z])", low)
            if m and (best < 0 or m.start() < best):
                best = m.start()
        if best < 0 and " " in name:
            joined = re.sub(r"[^a-z]", "", name.lower())
            pos = squashed.find(joined)
            if pos >= 0:
                best = pos
        if best < 0:  # typo'd single word, e.g. "Chasak", "Hugoo", "Eastbethel"
            words = re.findall(r"[a-z]+", low)
            target = re.sub(r"[^a-z]", "", name.lower())
            candidates = [*words, *(a + b for a, b in itertools.pairwise(words))]
            for w in candidates:
                if len(w) >= 4 and difflib.SequenceMatcher(None, w, target).ratio() >= 0.8:
                    best = low.find(w[:4])
                    break
        if best >= 0:
            found.append((best, key))
    return [k for _, k in sorted(found)]


def _unknown_places(text: str, known: Mapping[str, str]) -> list[str]:
    low = text.lower()
    known_words = {w for n in known.values() for w in n.lower().split()} | {
        w for k in known for w in k.split("-")
    }
    places: list[str] = []
    for place in _OTHER_PLACES:
        if re.search(r"(?<![a-z])" + re.escape(place) + r"(?![a-z])", low):
            places.append(place.title())
    for m in re.finditer(
        r"\b(?:in|for|of|at|from)\s+(?:the\s+)?(?:city of\s+|town of\s+)?"
        r"((?:[A-Z][a-z]+|St\.)(?:\s+[A-Z][a-z]+){0,2})",
        text,
    ):
        name = m.group(1)
        words = [w.lower().strip(".") for w in name.split()]
        if any(w in _NOT_PLACES or w in known_words for w in words):
            continue
        if any(w in _KEYWORDS for w in words) or detect_jurisdictions(name, known):
            continue
        if name.title() not in places:
            places.append(name)
    for m in re.finditer(r"\b(?:city of|town of)\s+([a-z]+(?:\s+[a-z]+)?)", low):
        name = m.group(1)
        if name.split()[0] in known_words or name.split()[0] in _NOT_PLACES:
            continue
        if name.title() not in places:
            places.append(name.title())
    return places


def find_section_refs(text: str) -> list[str]:
    refs: list[str] = []
    for m in _SECTION_REF.finditer(text):
        if m.group(1):
            ref = re.sub(r"\s+", "", m.group(1))
        elif m.group(2):
            ref = m.group(2)
        else:
            ref = f"Table {m.group(3).upper()}"
        if ref not in refs:
            refs.append(ref)
    return refs


def _bool_flag(text: str, positive: str, negatives: str) -> bool | None:
    if re.search(negatives, text, re.I):
        return False
    if re.search(positive, text, re.I):
        return True
    return None


def extract_params(text: str) -> CalcParams:
    """The calculator parameters a question states, each by a narrow pattern."""
    t = text.replace("‑", "-")
    p = CalcParams()
    m = re.search(_NUM + r"[\s-]*(?:bed(?:room)?s?|br|bdrms?)\b", t, re.I) or re.search(
        r"\bbedrooms?\s*(?:[:=]|of|is|are)?\s*" + _NUM + r"\b", t, re.I
    )
    if m:
        value = _to_num(m.group(1))
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
    if re.search(r"\bmounds?\b", t, re.I):
        p.system_type = "mound"
    elif re.search(r"\btrench(?:es)?\b", t, re.I):
        p.system_type = "trench"
    elif re.search(r"(?<![\d-])(?<!\d )\bbeds?\b(?!\s*-?rooms?)", t, re.I):
        p.system_type = "bed"
    p.garbage_disposal = _bool_flag(
        t,
        r"garbage disposal|disposal unit|garbage grinder|in-?sink",
        r"\b(?:no|without|not have|don't have|do not have|w/o)\s+(?:a\s+)?(?:garbage disposal|disposal|garbage grinder)",
    )
    p.unfinished_basement = _bool_flag(
        t,
        r"unfinished basement",
        r"\b(?:no|without)\s+(?:an?\s+)?unfinished basement|(?<!un)finished basement|\bno basement",
    )
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
    ("property_line", r"property (?:line|boundary)|lot line|neighbou?r|boundary"),
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
        r"(\d+(?:\.\d+)?)\s*(?:ft|feet|foot|')\.?\s*(?:setback\s+|distance\s+|away\s+)?(?:from|to|of)\s+(?:the\s+|my\s+|a\s+|our\s+)?"
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


def _topics(text: str, params: CalcParams) -> list[Topic]:
    """Every topic the question touches, most specific first."""
    found: list[Topic] = []
    for topic, pattern in _TOPIC_RULES:
        if not pattern.search(text):
            continue
        if topic == "site" and not params.distances:
            continue
        if topic == "build" and re.search(r"\bpermit\b", text, re.I):
            continue
        if (
            topic == "tank"
            and re.search(r"\bholding tank", text, re.I)
            and not re.search(r"\bseptic tank", text, re.I)
        ):
            continue
        if (
            topic == "setback"
            and params.distances
            and "site" not in found
            and re.search(r"\?|enough|ok|compl", text, re.I)
        ):
            topic = "site"
        if (
            topic == "pumping"
            and "pump_tank" in found
            and not re.search(r"sludge|scum|how often|every", text, re.I)
        ):
            continue
        if topic not in found:
            found.append(topic)
    if not found and params.bedrooms is not None and re.search(r"\btanks?\b", text, re.I):
        found.append("tank")
    if not found:
        if params.sludge_in is not None or params.scum_in is not None:
            found.append("pumping")
        elif params.distances:
            found.append("site")
        elif params.perc_rate_mpi is not None and params.bedrooms is not None:
            found.append("area")
    if "build" in found:
        found = ["build"]
    if (
        "tank" in found
        and params.bedrooms is None
        and params.daily_flow_gpd is None
        and re.search(r"depth|deep|baffle|manhole|cover|watertight|inlet|outlet|locat|material|"
                      r"concrete|access|riser|abandon", text, re.I)
    ):  # fmt: skip
        found.remove("tank")
    if "site" in found:
        found = ["site"]
    order = list(_ORDER)
    return sorted(found, key=order.index) or ["general"]


def understand(question: str, known: Mapping[str, str]) -> Understanding:
    """Parse a question against the known jurisdictions (key -> display name)."""
    text = _fold(question)
    fixed = correct_typos(text, list(known.values()))
    jurisdictions = detect_jurisdictions(fixed, known)
    params = extract_params(fixed)
    topics = _topics(fixed, params)
    all_cities = bool(_ALL.search(fixed))
    comparison = bool(_COMPARE.search(fixed)) and (len(jurisdictions) != 1 or all_cities)
    comparison = comparison or len(jurisdictions) > 1 or all_cities
    unknown = _unknown_places(fixed, known)
    return Understanding(
        question=question,
        jurisdictions=jurisdictions,
        all_cities=all_cities,
        unknown_places=unknown,
        section_refs=find_section_refs(fixed),
        comparison=comparison,
        topic=topics[0],
        topics=topics,
        params=params,
        follow_up=bool(_FOLLOW_UP.search(text)) and len(text) < 80,
        wants_amount=bool(
            re.search(r"\bfees?\b|\bhow much\b|\bcost\w*\b|\$|\bdollars?\b|\bprice\b", fixed, re.I)
        ),
        quantitative=bool(_QUANT.search(fixed)),
        yes_no=bool(
            re.search(r"^\s*(?:is|are|can|may|do|does|must|should|am|will|could)\b", fixed, re.I)
        ),
        injection=bool(_INJECTION.search(text)),
        on_topic=bool(_DOMAIN.search(fixed)),
    )


def merge_follow_up(current: Understanding, previous: Understanding) -> Understanding:
    """Fill a follow-up's gaps (cities, topic, parameters) from the previous question."""
    there = re.search(
        r"\bthere\b|\b(?:that|this|the same|same) (?:city|town|place|ordinance)\b",
        current.question,
        re.I,
    )
    if (
        there
        and not current.follow_up
        and not current.jurisdictions
        and not current.all_cities
        and not current.unknown_places
    ):  # "how long is the permit valid there?": a new topic in the same city
        return current.model_copy(
            update={"jurisdictions": previous.jurisdictions, "comparison": previous.comparison}
        )
    if not (current.follow_up or (not current.jurisdictions and current.topic == "general")):
        return current
    update: dict[str, object] = {}
    if not current.jurisdictions and not current.all_cities and not current.unknown_places:
        update["jurisdictions"] = previous.jurisdictions
        update["all_cities"] = previous.all_cities
        update["comparison"] = previous.comparison
    if current.topic == "general" and not current.section_refs:
        update["topic"] = previous.topic
        update["topics"] = previous.topics
    merged = previous.params.model_dump()
    merged.update(current.params.stated())
    update["params"] = CalcParams.model_validate(merged)
    if not update:
        return current
    return current.model_copy(update=update)
