"""Typed results of the calculators: every number with its provenance.

A `CalcResult` says what was computed (`value`, `unit`), how (`steps`), from which provisions
(`citations`, each a `Provenance` with a verbatim quote), and what the user should know
(`assumptions`, `warnings`). Its `status` separates a number from the honest non-answers:

    ok             a value from the city's own text (or an adopted, grade-H state figure)
    unsuitable     the input lies outside the table's allowed range (e.g. perc slower than 60)
    deferred       the city defers to a state rule part whose figure is not in this corpus
    not_in_corpus  the city's text says nothing on the point and adopts no state rule for it
    flagged        the transcription is OCR-uncertain: value is None (refused) or carries a warning

Quotes are verbatim section text compared with runs of whitespace folded to one space
(`tools.rules.fold_ws`); the assistant's verifier uses the same rule.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Status = Literal["ok", "unsuitable", "deferred", "not_in_corpus", "flagged"]
Confidence = Literal["high", "medium", "low"]
Component = Literal["tank", "soil_treatment_area"]

STATE_NOTE = "state rule, adopted by reference; not in the city's text"


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Provenance(_Record):
    """Where a value comes from: a city section (verbatim quote) or an adopted state rule part."""

    jurisdiction: str = Field(description="Jurisdiction key, e.g. 'hugo'.")
    section: str | None = Field(
        description="Section id as printed ('404.04', '98'); None if unnumbered."
    )
    title: str | None = Field(
        default=None, description="Section title; identifies unnumbered sections."
    )
    quote: str = Field(description="Verbatim text of the cited city section (whitespace folded).")
    source: Literal["city", "state"] = Field(
        default="city",
        description="'city': the value is in the city's text. 'state': the value is a state rule "
        "figure the city adopts by reference; the quote is then the city's adopting text.",
    )
    rule_part: str | None = Field(
        default=None,
        description="State rule part, e.g. 'Minn. R. 7080.1860, Table IV' (state only).",
    )
    confidence: Confidence = Field(
        default="high", description="Transcription confidence of the value."
    )
    note: str | None = Field(
        default=None, description="E.g. 'state rule, adopted by reference; ...'."
    )


class CalcComponent(_Record):
    """A secondary quantity of a result, e.g. East Bethel's 1,000-gallon pump tank."""

    name: str
    value: float | None = None
    unit: str | None = None
    note: str | None = None


class CalcResult(_Record):
    """One calculator answer: value, unit, the arithmetic, the provisions, the caveats."""

    tool: str = Field(description="Calculator name, e.g. 'septic_tank_capacity'.")
    jurisdiction: str
    status: Status
    value: float | None = None
    unit: str | None = None
    summary: str = Field(description="One plain sentence stating the result and its basis.")
    steps: list[str] = Field(
        default_factory=list, description="The arithmetic and lookups, in order."
    )
    citations: list[Provenance] = Field(default_factory=list)
    assumptions: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    components: list[CalcComponent] = Field(
        default_factory=list, description="Secondary quantities (pump tank, compartments, ...)."
    )
    outcome: bool | None = Field(
        default=None, description="Yes/no tools: pumping_due -> True when the tank must be pumped."
    )
    rule: str | None = Field(default=None, description="Id of the data rule applied, if any.")
    value_text: str | None = Field(
        default=None, description="A result that is not a number, e.g. a date '2026-11-01'."
    )
    approvals: list[str] = Field(
        default_factory=list, description="Whose approval the result needs (building official)."
    )
    not_covered: list[str] = Field(
        default_factory=list, description="What the rule does not cover ('trenches only')."
    )
    applied: list[str] = Field(
        default_factory=list,
        description="Ids of the data rules applied, outermost first (a calculator's answer has no "
        "`rule`, but names here the rules it applied).",
    )

    def shown(self) -> str:
        """The result as a reader sees it: '$20,625', '1,200 gal', '2027-03-15', '50 gpm — no'."""
        if self.value_text is not None:
            text = self.value_text
        elif self.value is None:
            text = "—"
        else:
            v = self.value
            num = f"{int(v):,}" if float(v).is_integer() else f"{v:,.2f}".rstrip("0").rstrip(".")
            text = f"${num}" if self.unit == "$" else f"{num} {self.unit or ''}".strip()
        if self.outcome is not None and self.rule is not None:
            text += " — meets the rule" if self.outcome else " — does not meet the rule"
        return text


class SiteCheckRow(_Record):
    feature: str
    component: Component
    required_ft: float | None = Field(description="Minimum setback; None when not determinable.")
    actual_ft: float
    passes: bool | None = Field(description="None when the required distance is not determinable.")
    status: Status = "ok"
    citation: Provenance | None = None
    note: str | None = None


class SiteCheck(_Record):
    """Pass/fail table of measured distances against the city's setbacks."""

    jurisdiction: str
    rows: list[SiteCheckRow]
    all_pass: bool | None = Field(description="True/False when every row is decided; else None.")
    summary: str
    warnings: list[str] = Field(default_factory=list)


class ComparisonRow(_Record):
    jurisdiction: str
    cells: list[CalcResult]


class Comparison(_Record):
    """One topic across every jurisdiction with rules; every cell cited or marked as a gap."""

    topic: str
    parameters: dict[str, str | int | float | bool | None] = Field(default_factory=dict)
    rows: list[ComparisonRow]
