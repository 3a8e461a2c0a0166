"""Rules as data: a closed schema of a few general formula kinds, one evaluator for all of them.

A city's rules file (`data/rules/<key>.yaml`) lists `rules:`; each `Rule` names what it computes
(`asks`, `unit`), the inputs it needs (`inputs`, with units and ranges), where it is written
(`section` or `title`, a verbatim `quote`, a transcription `confidence`) and a `formula`: a small
tree of the node kinds below. Every constant in a formula carries its own quote (or inherits the
rule's), so every number in a result is cited. Adding a rule, or a city's modifier, is a data
change: nothing in Python names a rule.

    const                      a number printed in the ordinance (or a grade-H state figure, or
                               a figure the text leaves to a state rule part: deferred)
    input                      a quantity the user gives (bedrooms, gpd, feet, dollars, a date, ...)
    table                      a row chosen by an input's range (bedrooms, minutes per inch) or word
    linear                     intercept + slope × x
    percent_of                 percent % of a quantity
    greatest_of / least_of     the larger / smaller of several terms (sum_of: their sum)
    sum_over_units             a sub-formula applied to each unit of a list input, summed
    apply                      another rule of the same city, with some inputs bound
    cases                      the first branch whose condition holds (else: not covered)
    conditional_multiplier     × factor when a condition holds (e.g. beds × 1.25, trenches only)
    bounds                     whether a quantity lies within a minimum and/or maximum
    difference_to_requirement  how much is missing: required − actual (0 when met)
    date_arithmetic            a date or time counted from an event (days, months, years, hours)

The schema is closed (`extra="forbid"`): a misspelt key is an error naming the file.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tools.records import Confidence


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Locator(_Record):
    """Where a number is written. Unset fields inherit the rule's section, title and quote."""

    section: str | None = None
    title: str | None = None
    quote: str | None = None
    confidence: Confidence = "high"
    note: str | None = None


class Const(Locator):
    kind: Literal["const"]
    value: float | None = Field(
        default=None, description="None only for an unreadable (low-confidence) cell."
    )
    unit: str = ""
    label: str = Field(default="", description="What the number is, e.g. 'minimum capacity'.")
    state: str | None = Field(
        default=None,
        description="Key of a grade-H state figure (state-mn.yaml) the city adopts; replaces value.",
    )
    defers_to: str | None = Field(
        default=None,
        description="The rule part the city's text leaves this figure to, as printed ('Minn. R. "
        "7080.1930'), when this project holds no figure for it: the result is 'deferred'.",
    )


class Input(_Record):
    kind: Literal["input"]
    name: str


class Row(Locator):
    label: str = Field(description="The row as printed, e.g. '3 or 4'.")
    low: float | None = None
    high: float | None = None
    low_inclusive: bool = False
    high_inclusive: bool = True
    match: str | None = Field(default=None, description="For a word input: the word of this row.")
    value: float | None = None
    unsuitable: bool = False

    def contains(self, x: float | str) -> bool:
        if self.match is not None or isinstance(x, str):
            return isinstance(x, str) and self.match is not None and x == self.match
        if self.low is not None and (x < self.low or (x == self.low and not self.low_inclusive)):
            return False
        return not (
            self.high is not None
            and (x > self.high or (x == self.high and not self.high_inclusive))
        )


class Table(_Record):
    kind: Literal["table"]
    input: str
    rows: list[Row]
    unit: str = ""
    label: str = ""
    past_last: str | None = Field(
        default=None, description="What the ordinance says beyond the last row (not covered)."
    )


class Linear(_Record):
    """intercept + slope × (x − x_minus) ÷ per (x_minus: a row's start; per: '7.5 gpm per 100 sq ft')."""

    kind: Literal["linear"]
    x: Expr
    slope: Expr
    intercept: Expr | None = None
    x_minus: Expr | None = None
    per: Expr | None = None
    round_up: bool = Field(
        default=False,
        description="'for each 700 square feet, or fraction thereof': the steps counted up.",
    )
    round_down: bool = Field(
        default=False,
        description="'divided by 700, any fraction being dropped': the whole steps only.",
    )
    label: str = ""
    unit: str = ""


class PercentOf(_Record):
    kind: Literal["percent_of"]
    percent: Expr
    of: Expr
    label: str = ""
    unit: str = ""


class Extreme(_Record):
    kind: Literal["greatest_of", "least_of", "sum_of"]
    terms: list[Expr] = Field(min_length=1, description="A list input counts as its elements.")
    label: str = ""
    unit: str = ""


class SumOverUnits(_Record):
    kind: Literal["sum_over_units"]
    input: str = Field(description="A list input, e.g. the bedrooms of each dwelling unit.")
    each: str = Field(description="The name each element is bound to inside `term`.")
    term: Expr
    label: str = ""
    unit: str = ""


class Apply(_Record):
    kind: Literal["apply"]
    rule: str
    bind: dict[str, Expr] = Field(default_factory=dict)


class Condition(Locator):
    """`input op value`, or all/any of several conditions. A quoted threshold is cited."""

    input: str | None = None
    op: Literal["eq", "ne", "lt", "le", "gt", "ge", "in", "given", "missing", "season"] | None = (
        None
    )
    value: float | str | bool | list[str] | None = Field(
        default=None, description="'season': ['MM-DD', 'MM-DD'], the window (inclusive)."
    )
    all: list[Condition] | None = None
    any: list[Condition] | None = None
    text: str = Field(default="", description="The condition in words, for the steps.")

    @model_validator(mode="after")
    def _shape(self) -> Condition:
        leaf = self.input is not None and self.op is not None
        if leaf == bool(self.all or self.any):
            raise ValueError("a condition is either input+op(+value) or all/any of conditions")
        return self


class Case(_Record):
    when: Condition
    then: Expr


class Cases(_Record):
    kind: Literal["cases"]
    cases: list[Case] = Field(min_length=1)
    otherwise: Expr | None = None
    otherwise_note: str | None = Field(
        default=None, description="What the ordinance does not cover when no case holds."
    )


class ConditionalMultiplier(_Record):
    kind: Literal["conditional_multiplier"]
    of: Expr
    factor: Expr
    when: Condition
    label: str = ""
    not_applied: str | None = Field(
        default=None, description="Said when the condition does not hold ('trenches only ...')."
    )
    approval: str | None = Field(default=None, description="Whose approval the factor needs.")
    round_up_to: Expr | None = Field(
        default=None,
        description="'the result rounded up to the next multiple of 50 gallons': the product "
        "rounded up to a multiple of this.",
    )


class Bounds(_Record):
    kind: Literal["bounds"]
    value: Expr
    minimum: Expr | None = None
    maximum: Expr | None = None
    label: str = ""


class Difference(_Record):
    kind: Literal["difference_to_requirement"]
    required: Expr
    actual: Expr
    label: str = ""


class DateArithmetic(_Record):
    kind: Literal["date_arithmetic"]
    start: str = Field(description="A date (or date-time) input: the event counted from.")
    amount: Expr
    unit: Literal["hours", "days", "months", "years"]
    direction: Literal["after", "before"] = "after"
    on: str | None = Field(
        default=None,
        pattern=r"^\d{2}-\d{2}$",
        description="'MM-DD': the result is that day of the year counted to ('December 31 of "
        "the year following the year of issue': unit years, amount 1, on '12-31').",
    )
    label: str = ""

    @model_validator(mode="after")
    def _on_counts_years(self) -> DateArithmetic:
        if self.on is not None and self.unit != "years":
            raise ValueError(f"'on' counts whole years, not {self.unit!r}")
        return self


Expr = Annotated[
    Const
    | Input
    | Table
    | Linear
    | PercentOf
    | Extreme
    | SumOverUnits
    | Apply
    | Cases
    | ConditionalMultiplier
    | Bounds
    | Difference
    | DateArithmetic,
    Field(discriminator="kind"),
]

InputKind = Literal["number", "integer", "numbers", "choice", "date", "datetime", "flag"]


class InputSpec(_Record):
    """One input a rule needs: its unit, its range and how to ask for it."""

    name: str = Field(
        description="Shared vocabulary: bedrooms, daily_flow_gpd, soil_area_sqft, ..."
    )
    kind: InputKind = "number"
    unit: str = ""
    label: str = Field(description="How a form or a follow-up question asks for it.")
    low: float | None = None
    high: float | None = None
    choices: list[str] | None = None
    default: float | str | bool | None = None


class Rule(Locator):
    """One numeric provision a resident, contractor or inspector can apply."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_.-]*$")
    topic: str = Field(description="Shared topic word, e.g. 'holding_tank', 'dose', 'setback'.")
    asks: str = Field(description="What it computes, in words.")
    unit: str = ""
    terms: list[str] = Field(
        default_factory=list, description="Words a question uses for this rule (routing)."
    )
    inputs: list[InputSpec] = Field(default_factory=list)
    formula: Expr
    approval: str | None = Field(default=None, description="Who must approve, if anyone.")
    not_covered: list[str] = Field(
        default_factory=list, description="What the rule does not cover, said with the answer."
    )
    notes: list[str] = Field(default_factory=list, description="Said with every answer.")
    origin: Literal["curated", "extracted"] = "curated"

    @model_validator(mode="after")
    def _located(self) -> Rule:
        if self.section is None and self.title is None:
            raise ValueError(f"rule {self.id!r} needs a section or a title")
        if not self.quote:
            raise ValueError(f"rule {self.id!r} needs a verbatim quote")
        return self

    def input(self, name: str) -> InputSpec | None:
        return next((i for i in self.inputs if i.name == name), None)


for _model in (Linear, PercentOf, Extreme, SumOverUnits, Apply, Condition, Case, Cases,
               ConditionalMultiplier, Bounds, Difference, DateArithmetic, Rule):  # fmt: skip
    _model.model_rebuild()


def walk(node: object) -> Iterator[object]:
    """``node`` and every node nested in it (model fields, lists, tuples, dict values), depth first."""
    yield node
    if isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from walk(getattr(node, name))
    elif isinstance(node, list | tuple):
        for item in node:
            yield from walk(item)
    elif isinstance(node, dict):
        for item in node.values():
            yield from walk(item)
