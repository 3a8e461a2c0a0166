"""Records produced by the assistant: an Answer with verified Citations and the tool calls behind it."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

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
    clarification: str | None = Field(default=None, description="A question back to the user.")
    citations: list[Citation] = Field(default_factory=list)
    tool_calls: list[ToolCall] = Field(default_factory=list)
    mode: Literal["default", "llm", "llm-fallback"] = "default"
    elapsed_ms: float = 0.0
    notes: list[str] = Field(default_factory=list, description="Caveats: OCR flags, fallbacks.")
