"""The plain llama-index pipeline a user could pick instead of ours, for the retrieval eval:
`SimpleDirectoryReader` over the raw files, the default `SentenceSplitter`, an in-memory
`VectorStoreIndex` with the same embedding model. Its hits are mapped back to the sections
whose character ranges they overlap, so both pipelines are scored on the same section ids."""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from index.embed import llama_embedding
from index.refs import normalize_ref
from ingest.records import ParsedDocument

log = logging.getLogger(__name__)

SectionKey = tuple[str, str]


def _private_nltk_data() -> None:
    """Point NLTK at a private copy of llama-index's bundled NLTK data.

    uv installs files as hard links, and NLTK's path hardening refuses to open a file with
    st_nlink > 1 (PermissionError "refusing multiply-linked file"), which breaks
    SentenceSplitter. A plain copy has one link. Nothing is downloaded."""
    if "NLTK_DATA" in os.environ:
        return
    import llama_index.core

    bundled = Path(llama_index.core.__file__).parent / "_static" / "nltk_cache"
    target = Path(tempfile.gettempdir()) / f"ordinance-nltk-{os.getuid()}"
    if bundled.is_dir() and not (target / "corpora" / "stopwords").is_dir():
        shutil.copytree(bundled, target, dirs_exist_ok=True, copy_function=shutil.copy)
    os.environ["NLTK_DATA"] = str(target)


class PlainLlamaIndexBaseline:
    """Default llama-index RAG over the raw ordinance files; filtered by file when a city is given."""

    def __init__(self, docs: Sequence[ParsedDocument], batch_size: int = 64) -> None:
        from llama_index.core import SimpleDirectoryReader, VectorStoreIndex
        from llama_index.core.node_parser import SentenceSplitter

        _private_nltk_data()
        self._file_of = {d.entry.jurisdiction: Path(d.source_path).name for d in docs}
        self._raw = {
            d.entry.jurisdiction: Path(d.source_path).read_text(encoding="utf-8", errors="replace")
            for d in docs
        }
        self._ranges = {
            d.entry.jurisdiction: [
                (s.char_start, s.char_end, normalize_ref(s.ref))
                for s in d.sections
                if s.kind != "table_of_contents"
            ]
            for d in docs
        }
        self._jur_of_file = {name: j for j, name in self._file_of.items()}
        # Plain text needs no optional reader package; silence the warning that it is missing.
        logging.getLogger("llama_index.core.readers.file.base").setLevel(logging.ERROR)
        documents = SimpleDirectoryReader(input_files=[d.source_path for d in docs]).load_data()
        self.index: Any = VectorStoreIndex.from_documents(
            documents,
            embed_model=llama_embedding(batch_size),
            transformations=[SentenceSplitter()],
        )

    def search(
        self, query: str, jurisdictions: Sequence[str] | None = None, k: int = 5
    ) -> list[set[SectionKey]]:
        """For each of the top ``k`` chunks, the sections it overlaps."""
        from llama_index.core.vector_stores import (
            FilterOperator,
            MetadataFilter,
            MetadataFilters,
        )

        filters = None
        if jurisdictions:
            names = [self._file_of[j] for j in jurisdictions if j in self._file_of]
            filters = MetadataFilters(
                filters=[MetadataFilter(key="file_name", value=names, operator=FilterOperator.IN)]
            )
        hits = self.index.as_retriever(similarity_top_k=k, filters=filters).retrieve(query)
        return [self._sections_of(h.node) for h in hits]

    def _sections_of(self, node: Any) -> set[SectionKey]:
        j = self._jur_of_file.get(node.metadata.get("file_name", ""))
        if j is None:
            return set()
        raw, text = self._raw[j], node.get_content()
        spans: list[tuple[int, int]] = []
        start = raw.find(text)
        while start >= 0:  # a repeated copy (Hugo prints its chapter twice) counts wherever it is
            spans.append((start, start + len(text)))
            start = raw.find(text, start + 1)
        if not spans and node.start_char_idx is not None and node.end_char_idx is not None:
            spans.append((node.start_char_idx, node.end_char_idx))
        return {
            (j, ref)
            for a, b in spans
            for s_start, s_end, ref in self._ranges[j]
            if s_start < b and a < s_end
        }
