"""Records produced by the assistant: an Answer with verified Citations and the tool calls behind it."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

REFUSAL = "I cannot answer that from the ordinances in this corpus."
"""The one fixed refusal phrase. Answers with no verified evidence are exactly this text."""


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Citation(_Record):
    """A provision an answer rests on, with a quote checked verbatim against the section text."""

    jurisdiction: str = Field(description="Jurisdiction key, e.g. 'hugo'.")
    section: str | None = Field(description="Section id as printed, or None (East Bethel).")
    title: str
    label: str = Field(description="Readable citation, e.g. 'Hugo §404.04 Tank Capacity'.")
    quote: str = Field(description="Verbatim text from the section (whitespace folded).")
    source: str = Field(description="Source file name of the ordinance.")
    page: int | None = None
    marker: int = Field(default=0, description="Inline marker number [n] used in the answer text.")


class ToolCall(_Record):
    name: str
    arguments: dict[str, Any]
    result: dict[str, Any] = Field(description="The calculator's typed result, dumped to JSON.")


class Answer(_Record):
    question: str
    jurisdictions: list[str] = Field(default_factory=list, description="Keys the answer covers.")
    answer: str = Field(description="Answer text with inline citation markers like [1].")
    refused: bool = False
    abstained: bool = Field(
        default=False,
        description="The ordinances do not state the asked fact: a refusal, or an answer that "
        "says so and where the text defers (a resolution, a state rule, another chapter).",
    )
    clarification: str | None = Field(default=None, description="A question back to the user.")
    citations: list[Citation] = Field(default_factory=list)
    tool_calls: list[ToolCall] = Field(default_factory=list)
    mode: Literal["default", "llm", "llm-fallback"] = "default"
    elapsed_ms: float = 0.0
    notes: list[str] = Field(default_factory=list, description="Caveats: OCR flags, fallbacks.")

    @model_validator(mode="after")
    def _verify_against_context(self, info: ValidationInfo) -> Answer:
        """With ``context={"verification": VerificationContext}``, keep only verified citations
        (instructor CitationMixin style); an answer left without support becomes REFUSAL."""
        ctx = (info.context or {}).get("verification") if info.context else None
        if self.refused:  # a refusal always abstains
            object.__setattr__(self, "abstained", True)
        if ctx is None:
            return self
        from app.verify import verify_answer

        checked = verify_answer(self, ctx)
        for name in ("answer", "refused", "citations", "clarification"):
            object.__setattr__(self, name, getattr(checked, name))
        if self.refused:
            object.__setattr__(self, "abstained", True)
        return self

    @classmethod
    def verified(cls, context: Any, **fields: Any) -> Answer:
        """Build an answer and verify it against a `app.verify.VerificationContext`."""
        return cls.model_validate(fields, context={"verification": context})

    def to_json(self) -> dict[str, Any]:
        """The `ordinance ask --json` object: exactly the documented keys."""
        return {
            "question": self.question,
            "jurisdictions": list(self.jurisdictions),
            "answer": self.answer,
            "refused": self.refused,
            "abstained": self.refused or self.abstained,
            "clarification": self.clarification,
            "citations": [
                c.model_dump(mode="json", include=_CITATION_KEYS) for c in self.citations
            ],
            "tool_calls": [t.model_dump(mode="json") for t in self.tool_calls],
            "mode": self.mode,
            "elapsed_ms": round(self.elapsed_ms, 1),
            "error": None,
        }


_CITATION_KEYS = {"jurisdiction", "section", "title", "label", "quote", "source", "page"}
