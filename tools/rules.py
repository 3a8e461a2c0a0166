"""Curated calculator rules: `data/rules/<jurisdiction>.yaml` and `state-mn.yaml`, as typed records.

Every city value carries its section (or title), a verbatim quote and a transcription confidence;
every state figure carries its rule part and is grade H in the project's state-rules notes (the
loader refuses anything else). A city uses a state figure only if its `adoption` names that
rule family; otherwise the calculators report a deferral or a gap, never a guessed number.

Quote rule: a quote must appear in the cited section's text once runs of whitespace are folded
to one space on both sides (`fold_ws`). Nothing else is normalised.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from core.errors import ConfigError, NoCuratedRulesError
from tools.formulas import Apply, InputSpec, Rule, walk
from tools.records import STATE_NOTE, Confidence, Provenance

log = logging.getLogger(__name__)

RULES_DIR = Path(__file__).resolve().parent.parent / "data" / "rules"
STATE_FILE = "state-mn.yaml"


def fold_ws(text: str) -> str:
    """Collapse every run of whitespace to one space and strip the ends (the quote-check rule)."""
    return " ".join(text.split())


def normalize_key(jurisdiction: str) -> str:
    """'East Bethel', 'east_bethel' and 'EAST-BETHEL' all become 'east-bethel'."""
    return "-".join(jurisdiction.strip().lower().replace("_", " ").split())


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Cited(_Record):
    """A city value (or a city rule without a number) with its source text."""

    value: float | None = None
    unit: str | None = None
    text: str | None = Field(
        default=None, description="Non-numeric rule, e.g. 'by council resolution'."
    )
    section: str | None = None
    title: str | None = None
    quote: str
    confidence: Confidence = "high"
    topic: str | list[str] | None = Field(
        default=None,
        description="Question topic(s) this fact answers (e.g. 'permit_validity', ['pumping', "
        "'inspection_interval']).",
    )
    about: str | None = Field(
        default=None,
        description="The shared input or feature word this fact qualifies (e.g. the measurement a "
        "pumping trigger limits, the setback feature a reduction is for).",
    )
    comparison: Literal["lt", "le"] | None = Field(
        default=None, description="For triggers: 'lt' = less than the value, 'le' = at or below it."
    )
    note: str | None = None

    def has_topic(self, topic: str) -> bool:
        return topic == self.topic or (isinstance(self.topic, list) and topic in self.topic)

    @model_validator(mode="after")
    def _has_locator(self) -> Cited:
        if self.section is None and self.title is None:
            raise ValueError("a cited value needs a section or a title")
        return self


class Ranged(_Record):
    """A table row selected by a range of the input (bedrooms, minutes per inch)."""

    label: str = Field(description="The row as printed, e.g. '3 or 4', '16 - 30'.")
    low: float | None = None
    high: float | None = None
    low_inclusive: bool = False
    high_inclusive: bool = True

    def contains(self, x: float) -> bool:
        if self.low is not None and (x < self.low or (x == self.low and not self.low_inclusive)):
            return False
        return not (
            self.high is not None
            and (x > self.high or (x == self.high and not self.high_inclusive))
        )

    def bounds_text(self, var: str) -> str:
        lo = "" if self.low is None else f"{self.low:g} {'≤' if self.low_inclusive else '<'} "
        hi = "" if self.high is None else f" {'≤' if self.high_inclusive else '<'} {self.high:g}"
        return f"{lo}{var}{hi}"


class Band(Cited, Ranged):
    """A cited city table row."""

    unsuitable: bool = False


class SetbackRule(_Record):
    feature: str
    label: str
    tank: Cited
    soil_treatment_area: Cited


class Deferral(_Record):
    """The city leaves a value to a state rule part whose figure is not in this corpus."""

    rule_part: str
    section: str | None = None
    title: str | None = None
    quote: str
    note: str | None = None


class Adoption(_Record):
    rule_families: list[str] = Field(description="State rule families adopted, e.g. ['7080'].")
    section: str | None = None
    title: str | None = None
    quote: str


class CityRules(_Record):
    jurisdiction: str
    name: str
    source: str = Field(description="Ordinance file name in data/ordinances.")
    adoption: Adoption | None = None
    facts: dict[str, Cited] = Field(default_factory=dict)
    tables: dict[str, list[Band]] = Field(default_factory=dict)
    setbacks: list[SetbackRule] = Field(default_factory=list)
    deferrals: dict[str, Deferral] = Field(default_factory=dict)
    rules: list[Rule] = Field(
        default_factory=list, description="Numeric provisions as formulas (tools.formulas)."
    )
    inputs: list[InputSpec] = Field(
        default_factory=list, description="Input specs shared by this city's rules."
    )

    @model_validator(mode="after")
    def _rules_resolve(self) -> CityRules:
        ids = [r.id for r in self.rules]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"rule ids must be unique; repeated: {dupes}")
        for rule in self.rules:
            for ref in _applied(rule.formula):
                if ref not in ids:
                    raise ValueError(f"rule {rule.id!r} applies unknown rule {ref!r}")
        return self

    def rule(self, rule_id: str) -> Rule | None:
        return next((r for r in self.rules if r.id == rule_id), None)

    def adopts(self, family: str) -> bool:
        return self.adoption is not None and family in self.adoption.rule_families

    def cite(self, item: Cited | Deferral, *, confidence: Confidence | None = None) -> Provenance:
        conf = confidence or (item.confidence if isinstance(item, Cited) else "high")
        return Provenance(
            jurisdiction=self.jurisdiction,
            section=item.section,
            title=item.title,
            quote=item.quote,
            source="city",
            confidence=conf,
        )

    def cite_state(self, rule_part: str) -> Provenance:
        """A state figure the city adopts: quote the city's adopting text, name the rule part."""
        if self.adoption is None:
            raise ValueError(f"{self.jurisdiction!r} adopts no state rules")
        return Provenance(
            jurisdiction=self.jurisdiction,
            section=self.adoption.section,
            title=self.adoption.title,
            quote=self.adoption.quote,
            source="state",
            rule_part=rule_part,
            note=STATE_NOTE,
        )


def _applied(node: object) -> list[str]:
    """Ids of the rules a formula applies (walks every nested node)."""
    return [n.rule for n in walk(node) if isinstance(n, Apply)]


class StateBand(Ranged):
    value: float | None = None


class Beyond(_Record):
    """Past the last row: value = per_bedroom * (bedrooms + add_bedrooms)."""

    per_bedroom: float
    add_bedrooms: int = 0


class StateTable(_Record):
    rule_part: str
    family: str = Field(description="Rule family a city must adopt to use it, e.g. '7080'.")
    grade: Literal["H"] = Field(
        description="Only grade-H figures (read from official text) allowed."
    )
    unit: str
    statement: str = Field(description="Paraphrase of the rule (never presented as a quote).")
    columns: dict[str, list[StateBand]]
    beyond: dict[str, Beyond] = Field(
        default_factory=dict, description="Per column, the rule past the last row."
    )


class StateFigure(_Record):
    """One grade-H state number, e.g. the 400 gal per bedroom of Minn. R. 7080.2290."""

    rule_part: str
    family: str
    grade: Literal["H"] = Field(
        description="Only grade-H figures (read from official text) allowed."
    )
    value: float
    unit: str
    statement: str = Field(description="Paraphrase of the rule (never presented as a quote).")


class StateRules(_Record):
    state: str
    tables: dict[str, StateTable] = Field(default_factory=dict)
    figures: dict[str, StateFigure] = Field(default_factory=dict)


class RuleBook(_Record):
    cities: dict[str, CityRules]
    state: StateRules

    def city(self, jurisdiction: str) -> CityRules:
        key = normalize_key(jurisdiction) if isinstance(jurisdiction, str) else jurisdiction
        if key not in self.cities:
            raise NoCuratedRulesError(str(jurisdiction), list(self.cities))
        return self.cities[key]


def _read_yaml(path: Path) -> object:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ConfigError(
            f"Cannot read rules file {str(path)!r}: {exc}. Fix or remove the file."
        ) from exc


def load_rules(rules_dir: Path | str | None = None) -> RuleBook:
    """Load every rules file of `rules_dir` (default: the bundled `data/rules`)."""
    return _load(Path(rules_dir or RULES_DIR).resolve())


@lru_cache(maxsize=8)
def _load(folder: Path) -> RuleBook:
    if not folder.is_dir():
        raise ConfigError(f"Rules folder {str(folder)!r} does not exist. Set ORDINANCE_RULES_DIR.")
    cities: dict[str, CityRules] = {}
    state: StateRules | None = None
    for path in sorted(folder.glob("*.yaml")):
        data = _read_yaml(path)
        try:
            if path.name == STATE_FILE:
                state = StateRules.model_validate(data)
            else:
                city = CityRules.model_validate(data)
                if city.jurisdiction != path.stem:
                    raise ConfigError(
                        f"Rules file {path.name!r} declares jurisdiction {city.jurisdiction!r}; "
                        f"rename the file to {city.jurisdiction + '.yaml'!r}."
                    )
                cities[city.jurisdiction] = city
        except ValidationError as exc:
            raise ConfigError(f"Rules file {str(path)!r} is invalid: {exc}") from exc
    if state is None:
        raise ConfigError(f"Rules folder {str(folder)!r} has no {STATE_FILE!r}.")
    log.debug("loaded rules for %s from %s", sorted(cities), folder)
    return RuleBook(cities=cities, state=state)


def extracted_city(jurisdiction: str, name: str, source: str, rules: list[Rule]) -> CityRules:
    """A city's rules read from its text at ingest (`origin: extracted`), as a rule book entry."""
    return CityRules(jurisdiction=jurisdiction, name=name, source=source, rules=list(rules))
