"""Typed records of the index stage: a Chunk of one section, the Evidence a search returns,
and the IndexStats an ingest reports."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Chunk(_Record):
    """A piece of one section (never more than one), carrying its section's metadata."""

    id: str = Field(
        description="Readable citation label, plus ' [i/n]' when the section has several chunks, "
        "e.g. 'Hugo §404.04 Tank Capacity [2/3]'."
    )
    jurisdiction: str = Field(description="Jurisdiction key, e.g. 'hugo'.")
    jurisdiction_name: str = Field(description="Display name, e.g. 'Hugo'.")
    section: str | None = Field(description="Section id as printed; None where none is printed.")
    title: str
    path: list[str] = Field(default_factory=list, description="Article, division, ... above it.")
    page_start: int | None = None
    page_end: int | None = None
    text: str = Field(description="The chunk's text, verbatim from the section's text.")
    embed_text: str = Field(description="Breadcrumb line plus text: what is embedded and indexed.")
    content_hash: str = Field(description="sha256 of embed_text: decides what is re-embedded.")
    label: str = Field(description="The section's readable citation (`Section.label`).")
    part: int = Field(default=1, ge=1, description="1-based position of this chunk in its section.")
    parts: int = Field(default=1, ge=1, description="Number of chunks the section was cut into.")

    @property
    def ref(self) -> str:
        """The identifier users type for the section: the number, or the title where none."""
        return self.section if self.section is not None else self.title


class Evidence(_Record):
    """One search hit: a chunk with its fused score and the score of each retriever."""

    chunk: Chunk
    score: float = Field(description="Fused score (reciprocal rank fusion; exact matches first).")
    scores: dict[str, float] = Field(
        default_factory=dict,
        description="Score per retriever that found the chunk: 'exact', 'title', 'bm25', 'vector'.",
    )
    vector_similarity: float | None = Field(
        default=None, description="Cosine similarity of the chunk's embedding to the query."
    )
    matched_by: list[str] = Field(
        default_factory=list, description="Retrievers that found it, strongest first."
    )


class IndexStats(_Record):
    """What one `update_index` call did."""

    chunks: int = Field(description="Chunks in the index after the update.")
    embedded: int = Field(description="Chunks whose text was embedded in this run.")
    reused: int = Field(description="Chunks whose stored embedding was reused (same content hash).")
    removed: int = Field(description="Chunks dropped because their text changed or disappeared.")
    written: int = Field(
        default=0, description="Rows written to the vector store (only added or changed cities')."
    )
    seconds: float = Field(description="Wall time of the update.")
    jurisdictions: list[str] = Field(default_factory=list, description="Keys now in the index.")
