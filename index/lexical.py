"""BM25 over chunk texts (bm25s with an English stemmer), with the jurisdiction filter applied
as a weight mask inside the scoring, so chunks of other cities never rank at all."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

_TOKEN = re.compile(r"\d+(?:\.\d+)*|[a-z]+")
STOPWORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "all",
        "also",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "him",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "me",
        "more",
        "most",
        "my",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "our",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "shall",
        "may",
        "must",
        "city",
        "ordinance",
        "section",
        "sec",
    ]
)


class Stemmer:
    def __init__(self) -> None:
        import Stemmer as pystemmer

        self._stemmer: Any = pystemmer.Stemmer("english")

    def __call__(self, words: list[str]) -> list[str]:
        return list(self._stemmer.stemWords(words))


_stemmer: Stemmer | None = None


def tokenize(text: str) -> list[str]:
    """Lower-cased, stop words dropped, stemmed; numbers like '404.04' stay one token."""
    global _stemmer
    if _stemmer is None:
        _stemmer = Stemmer()
    words = [w for w in _TOKEN.findall(text.casefold()) if w not in STOPWORDS]
    stems = _stemmer(words)
    return [s.lstrip("0") or "0" if s.isdigit() else s for s in stems]


def _bm25s() -> Any:
    import bm25s

    # bm25s sets its own logger to DEBUG on import; follow the application's level instead.
    logging.getLogger("bm25s").setLevel(logging.NOTSET)
    return bm25s


class Bm25Index:
    """A BM25 index of texts; ``scores`` returns one score per text, masked by ``allowed``.

    Built from texts, or saved (`save`) at ingest and memory-mapped (`load`) when serving, so
    a serving process neither tokenizes every chunk nor holds the whole index in memory."""

    def __init__(self, texts: Sequence[str]) -> None:
        self.size = len(texts)
        self._bm25: Any = _bm25s().BM25()
        corpus = [tokenize(t) or [""] for t in texts]
        if self.size:
            self._bm25.index(corpus, show_progress=False)

    def save(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        if self.size:
            self._bm25.save(str(folder))
        (folder / "size.json").write_text(json.dumps({"size": self.size}), encoding="utf-8")

    @classmethod
    def load(cls, folder: Path) -> Bm25Index:
        """A saved index, memory-mapped. Raises OSError or ValueError when it is unreadable."""
        size = int(json.loads((folder / "size.json").read_text(encoding="utf-8"))["size"])
        index = cls.__new__(cls)
        index.size = size
        index._bm25 = _bm25s().BM25.load(str(folder), mmap=True) if size else _bm25s().BM25()
        return index

    def scores(self, query: str, allowed: np.ndarray | None = None) -> np.ndarray:
        """BM25 score of every text for ``query``; texts outside ``allowed`` score 0."""
        out = np.zeros(self.size, dtype=np.float32)
        tokens = [t for t in tokenize(query) if t in self._bm25.vocab_dict] if self.size else []
        if not tokens:
            return out
        scores = np.asarray(self._bm25.get_scores(tokens), dtype=np.float32)
        if allowed is not None:
            scores = np.where(allowed, scores, 0.0).astype(np.float32)
        return scores

    def top(self, query: str, n: int, allowed: np.ndarray | None = None) -> list[tuple[int, float]]:
        """The best ``n`` (position, score) pairs with a positive score, best first."""
        scores = self.scores(query, allowed)
        if not scores.size:
            return []
        n = min(n, scores.size)
        best = np.argpartition(-scores, n - 1)[:n]
        ranked = sorted(best.tolist(), key=lambda i: (-float(scores[i]), i))
        return [(i, float(scores[i])) for i in ranked if scores[i] > 0]


LEXICAL_DIR = "lexical"


def write_lexical(generation: Path, chunks: Sequence[Any]) -> None:
    """The BM25 index over every chunk's embedded text, and which chunks have text (heading-only
    chunks are for lookups and never rank), under ``<generation>/lexical``."""
    folder = generation / LEXICAL_DIR
    Bm25Index([c.embed_text for c in chunks]).save(folder)
    np.save(folder / "has_text.npy", np.array([bool(c.text) for c in chunks], dtype=bool))


def read_lexical(generation: Path) -> tuple[Bm25Index, np.ndarray]:
    """The saved BM25 index (memory-mapped) and the has-text mask. OSError/ValueError when
    they are missing or unreadable."""
    folder = generation / LEXICAL_DIR
    return Bm25Index.load(folder), np.load(folder / "has_text.npy")
