"""BM25 over chunk texts (bm25s with an English stemmer), with the jurisdiction filter applied
as a weight mask inside the scoring, so chunks of other cities never rank at all.

Two kinds of index are saved: one over every chunk (a question naming no city is searched
across all of them), and one per city, whose term statistics are that city's own: a question
about one city is scored as if its text were the only one, so adding or changing another city
never moves its ranking (the jurisdiction filter holds for the statistics too)."""

from __future__ import annotations

import json
import logging
import re
import threading
from collections import OrderedDict
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

    def __init__(self, texts: Sequence[str], *, tokens: Sequence[list[str]] | None = None) -> None:
        self.size = len(texts) if tokens is None else len(tokens)
        self._bm25: Any = _bm25s().BM25()
        corpus = [tokenize(t) or [""] for t in texts] if tokens is None else list(tokens)
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
        return best_of(self.scores(query, allowed), n)


def best_of(scores: np.ndarray, n: int) -> list[tuple[int, float]]:
    """The best ``n`` (position, score) pairs of ``scores`` with a positive score, best first."""
    if not scores.size:
        return []
    n = min(n, scores.size)
    best = np.argpartition(-scores, n - 1)[:n]
    ranked = sorted(best.tolist(), key=lambda i: (-float(scores[i]), i))
    return [(i, float(scores[i])) for i in ranked if scores[i] > 0]


class CityBm25:
    """One BM25 index per city (its chunks' positions ``start..end`` in the generation), each
    memory-mapped when a question about that city first needs it and kept in a bounded cache."""

    def __init__(self, folder: Path, spans: dict[str, tuple[str, int, int]], size: int,
                 cache: int) -> None:  # fmt: skip
        self._folder = folder
        self._spans = spans
        self.size = size
        self._cache: OrderedDict[str, Bm25Index] = OrderedDict()
        self._limit = max(1, cache)
        self._lock = threading.Lock()

    def _index(self, key: str) -> Bm25Index:
        with self._lock:
            index = self._cache.get(key)
            if index is not None:
                self._cache.move_to_end(key)
                return index
        index = Bm25Index.load(self._folder / self._spans[key][0])
        with self._lock:
            self._cache[key] = index
            while len(self._cache) > self._limit:
                self._cache.popitem(last=False)
        return index

    def top(
        self, query: str, n: int, allowed: np.ndarray, keys: Sequence[str]
    ) -> list[tuple[int, float]]:
        """The best ``n`` (position, score) pairs over the chunks of ``keys``, each city's chunks
        scored by its own index; positions outside ``allowed`` score 0."""
        scores = np.zeros(self.size, dtype=np.float32)
        for key in dict.fromkeys(keys):
            _, start, end = self._spans[key]
            if end > start and allowed[start:end].any():
                scores[start:end] = self._index(key).scores(query, allowed[start:end])
        return best_of(scores, n)


LEXICAL_DIR = "lexical"
CITIES_DIR = "cities"


def write_lexical(generation: Path, chunks: Sequence[Any]) -> None:
    """The BM25 index over every chunk's embedded text, one per city (``cities/``), and which
    chunks have text (heading-only chunks are for lookups and never rank), under
    ``<generation>/lexical``."""
    folder = generation / LEXICAL_DIR
    tokens = [tokenize(c.embed_text) or [""] for c in chunks]
    Bm25Index([], tokens=tokens).save(folder)
    np.save(folder / "has_text.npy", np.array([bool(c.text) for c in chunks], dtype=bool))
    spans: dict[str, tuple[str, int, int]] = {}
    start = 0
    for end in range(1, len(chunks) + 1):
        if end == len(chunks) or chunks[end].jurisdiction != chunks[start].jurisdiction:
            key = chunks[start].jurisdiction
            if key in spans:
                raise ValueError(f"The chunks of {key!r} are not one run in the index order.")
            name = f"{len(spans):05d}"
            Bm25Index([], tokens=tokens[start:end]).save(folder / CITIES_DIR / name)
            spans[key] = (name, start, end)
            start = end
    (folder / CITIES_DIR).mkdir(parents=True, exist_ok=True)
    (folder / CITIES_DIR / "spans.json").write_text(json.dumps(spans), encoding="utf-8")


def read_lexical(generation: Path, cache: int = 256) -> tuple[Bm25Index, np.ndarray, CityBm25]:
    """The saved BM25 index over every chunk (memory-mapped), the has-text mask and the
    per-city indices (read when first needed). OSError/ValueError when they are missing or
    unreadable."""
    folder = generation / LEXICAL_DIR
    spans_file = folder / CITIES_DIR / "spans.json"
    raw = json.loads(spans_file.read_text(encoding="utf-8"))
    spans = {str(k): (str(v[0]), int(v[1]), int(v[2])) for k, v in raw.items()}
    every = Bm25Index.load(folder)
    cities = CityBm25(folder / CITIES_DIR, spans, every.size, cache)
    return every, np.load(folder / "has_text.npy"), cities
