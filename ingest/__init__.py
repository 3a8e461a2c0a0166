"""Ingest stage: faithful parsing of ordinance documents into typed `Section` records.

Public API: `parse_document`, `load_corpus`, `find_section`, `load_manifest`, the records and
(in `ingest.store`) the persistent `Corpus`.
"""

from ingest.manifest import BUNDLED_MANIFEST, load_manifest
from ingest.parse import find_section, load_corpus, parse_document
from ingest.records import ManifestEntry, ParsedDocument, Section, SectionKind

__all__ = [
    "BUNDLED_MANIFEST",
    "ManifestEntry",
    "ParsedDocument",
    "Section",
    "SectionKind",
    "find_section",
    "load_corpus",
    "load_manifest",
    "parse_document",
]
