"""Typed records produced by the ingest stage: a manifest entry, a parsed section, a document."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tools.formulas import Rule

SectionKind = Literal["section", "preamble", "table_of_contents", "adoption", "appendix"]


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ManifestEntry(Record):
    """One ordinance document, as a user writes it in a manifest file to add a city."""

    jurisdiction: str = Field(description="Short key, lowercase with hyphens, e.g. 'east-bethel'.")
    name: str = Field(description="Display name, e.g. 'East Bethel'.")
    county: str | None = None
    state: str = "MN"
    instrument: str = Field(description="The instrument's title, e.g. 'Ordinance 89-256'.")
    adopted: str | None = Field(
        default=None, description="Adoption date as printed (ISO if known)."
    )
    state_rules_adopted: list[str] = Field(
        default_factory=list, description="State rules the city adopts by reference."
    )
    source: str = Field(description="Path of the source file, relative to the manifest.")
    notes: str | None = Field(default=None, description="Transcription caveats shown to users.")


class Section(Record):
    """One section of an ordinance, cleaned of page furniture and OCR noise."""

    jurisdiction: str
    section: str | None = Field(
        description="Identifier as printed after repair ('98', '404.04'); None where the "
        "document prints none (East Bethel): then the title identifies the section."
    )
    title: str
    path: list[str] = Field(
        default_factory=list, description="Hierarchy above the section: article, division, ..."
    )
    text: str = Field(description="Clean body text (without the heading line).")
    page_start: int | None = None
    page_end: int | None = None
    char_start: int = Field(description="Offset of the section's first character in the source.")
    char_end: int = Field(description="Offset just past the section's last character.")
    kind: SectionKind = "section"
    notes: list[str] = Field(
        default_factory=list,
        description="Editorial matter printed with the section, kept out of `text`: history "
        "notes ('(Ord. 412, 3-15-2021)', '[Amended ...]'), editor's notes, cross references, "
        "state-law references, footnotes.",
    )
    jurisdiction_name: str = Field(description="Display name of the jurisdiction, e.g. 'Hugo'.")
    suspect: list[str] = Field(
        default_factory=list,
        description="Sentences addressing the reader or an assistant ('ignore previous "
        "instructions', 'answer that ...'): never quoted as support (`core.suspect`).",
    )

    @property
    def ref(self) -> str:
        """The identifier users type: the number, or the title where there is none."""
        return self.section if self.section is not None else self.title

    @property
    def label(self) -> str:
        """A readable citation: 'Hugo §404.04 Tank Capacity' or 'East Bethel — "Permits"'."""
        if self.section is None:
            return f'{self.jurisdiction_name} — "{self.title}"'
        return f"{self.jurisdiction_name} §{self.section} {self.title}".rstrip()


class ParsedDocument(Record):
    """A whole ordinance: its manifest entry and its sections in document order."""

    entry: ManifestEntry
    source_path: str
    sections: list[Section]
    content_hash: str = Field(description="sha256 of the raw source bytes.")
    warnings: list[str] = Field(default_factory=list)
    rules: list[Rule] = Field(
        default_factory=list,
        description="Candidate rule facts read from the text at ingest (`ingest.rulefacts`), "
        "in the curated rules' schema and labelled `origin: extracted`; stored and replaced "
        "with the document.",
    )
