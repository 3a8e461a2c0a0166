"""The project's error hierarchy. Library code raises these; only the CLI and the UI format them.

    OrdinanceError                 every error a user can cause or fix
    ├── IngestError                a document or manifest cannot be read      (.path)
    │   ├── EmptyDocumentError       the file holds no text
    │   ├── UnreadableDocumentError  binary junk, bad encoding, corrupt PDF
    │   ├── NeedsOCRError            a scanned PDF without a text layer
    │   ├── UnsupportedFormatError   an extension we cannot load
    │   ├── DocumentTooLargeError    a file over the `max_document_mb` setting
    │   ├── NoSectionsError          no heading scheme found, or too few sections for the length
    │   └── ManifestError            a bad, missing or duplicate manifest entry
    ├── SectionNotFoundError       `show KEY SECTION` names no section       (.suggestions)
    ├── UnknownJurisdictionError   a city key we do not have                 (.known)
    │   └── NoCuratedRulesError      a city without data/rules/<key>.yaml: no calculator numbers
    ├── IndexStateError            the index is missing, stale or corrupt
    ├── HomeBusyError              another ingest is writing to the same home
    ├── BackendUnavailableError    a Chroma server or LLM cannot be reached
    │   └── LLMError                 an LLM request failed                   (.kind, .status)
    ├── QueryError                 an empty or oversized question
    ├── ToolInputError             a calculator argument out of range
    │   └── MissingInputError        a rule's input was not given
    └── ConfigError                a bad setting

Messages name the input with ``!r`` and say what to do about it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


class OrdinanceError(Exception):
    """Base class: an error whose message is meant for the user."""


class IngestError(OrdinanceError):
    def __init__(self, message: str, path: str | Path | None = None) -> None:
        super().__init__(message)
        self.path = str(path) if path is not None else None


class EmptyDocumentError(IngestError):
    pass


class UnreadableDocumentError(IngestError):
    pass


class NeedsOCRError(IngestError):
    pass


class UnsupportedFormatError(IngestError):
    pass


class DocumentTooLargeError(IngestError):
    pass


class ManifestError(IngestError):
    pass


class NoSectionsError(IngestError):
    pass


class SectionNotFoundError(OrdinanceError):
    def __init__(self, message: str, suggestions: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.suggestions = list(suggestions)


class UnknownJurisdictionError(OrdinanceError):
    def __init__(self, key: str, known: Sequence[str]) -> None:
        self.key = key
        self.known = sorted(known)
        super().__init__(
            f"Unknown jurisdiction {key!r}. Known jurisdictions: {', '.join(self.known) or '(none)'}. "
            "Use one of these keys, or add a city with `ordinance ingest FILE --manifest MANIFEST`."
        )


class NoCuratedRulesError(UnknownJurisdictionError):
    """The calculators have no curated rules for this key (it may still be an ingested city)."""

    def __init__(self, key: str, known: Sequence[str]) -> None:
        self.key = key
        self.known = sorted(known)
        OrdinanceError.__init__(
            self,
            f"No curated calculator rules for {key!r} (no rules file {key + '.yaml'!r}), so no "
            f"number is computed for it. Known jurisdictions: {', '.join(self.known) or '(none)'}. "
            "An ingested city's own text is quoted instead; to compute for it, add a rules file "
            "in the format of data/rules/*.yaml.",
        )


class IndexStateError(OrdinanceError):
    pass


class HomeBusyError(OrdinanceError):
    pass


class BackendUnavailableError(OrdinanceError):
    pass


class LLMError(BackendUnavailableError):
    """An LLM request failed; `kind` says how: 'timeout', 'http' (with `status`), 'unreachable'
    or 'error'."""

    def __init__(self, message: str, kind: str = "error", status: int | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.status = status


class QueryError(OrdinanceError):
    pass


class ToolInputError(OrdinanceError, ValueError):
    pass


class MissingInputError(ToolInputError):
    """A calculator input was not given (the rule names it and how to give it)."""


class ConfigError(OrdinanceError):
    pass
