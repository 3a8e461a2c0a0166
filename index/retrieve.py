"""Hybrid retrieval over the index: exact section references first, then BM25 and vector search
fused by reciprocal rank fusion. The jurisdiction filter is applied inside each retriever
(a BM25 weight mask, a Chroma `where` clause, the exact lookup's own key), never afterwards."""

from __future__ import annotations

import difflib
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np

from core.errors import (
    IndexStateError,
    QueryError,
    SectionNotFoundError,
    UnknownJurisdictionError,
)
from core.refs import ref_variants
from index import chroma
from index.embed import model_id
from index.encoder import get_query_encoder
from index.lexical import Bm25Index
from index.records import Chunk, Evidence
from index.refs import (
    build_table_map,
    detect_jurisdictions,
    find_section_refs,
    normalize_ref,
    strip_jurisdictions,
)
from index.state import REBUILD_HINT, IndexState, read_chunks, read_documents, read_state
from ingest.records import Section

log = logging.getLogger(__name__)

Mode = Literal["hybrid", "bm25", "vector"]
RRF_K = 60
EXACT_SCORE = 1.0
"""Fused score of an exact section-reference match: above any RRF score (which is < 0.1)."""
MIN_TITLE_WORDS = 2
WEIGHTS = {"bm25": 1.0, "vector": 1.0, "title": 1.0}
"""Reciprocal-rank-fusion weight of each retriever."""


class Retriever:
    """Search one index. Open it with ``Retriever.open(home)``."""

    def __init__(
        self,
        state: IndexState,
        chunks: list[Chunk],
        docs: Sequence[Any],
        collection: Any,
        *,
        max_chars: int = 2000,
    ) -> None:
        self.state = state
        self.chunks = chunks
        self.max_chars = max_chars
        self._collection = collection
        self._client: Any = None  # set by `open`: asked whether a server is still there
        self._names = dict(state.jurisdictions)
        self._jur = np.array([c.jurisdiction for c in chunks])
        self._pos = {c.id: i for i, c in enumerate(chunks)}
        self._bm25 = Bm25Index([c.embed_text for c in chunks])
        self._has_text = np.array([bool(c.text) for c in chunks])
        self._sections: dict[tuple[str, str], Section] = {}
        self._by_title: dict[tuple[str, str], Section] = {}
        self._chunks_of: dict[tuple[str, str], list[int]] = {}
        self._tables: dict[str, dict[str, str]] = {}
        self._titles: list[tuple[str, str, str]] = []
        for doc in docs:
            for s in doc.sections:
                key = (s.jurisdiction, normalize_ref(s.ref))
                self._sections.setdefault(key, s)
                self._by_title.setdefault((s.jurisdiction, normalize_ref(s.title)), s)
        for i, c in enumerate(chunks):
            self._chunks_of.setdefault((c.jurisdiction, normalize_ref(c.ref)), []).append(i)
        for j in self._names:
            own = [(s.ref, s.text) for (jj, _), s in self._sections.items() if jj == j]
            self._tables[j] = build_table_map(own)
            for (jj, ref), s in self._sections.items():
                title = " ".join(_plain(s.title).split())
                if jj == j and len(title.split()) >= MIN_TITLE_WORDS:
                    self._titles.append((j, f" {title} ", ref))

    @classmethod
    def open(cls, home: Path, *, chroma_url: str | None = None, max_chars: int = 2000) -> Retriever:
        """Open the index under ``home`` (and on the Chroma server at ``chroma_url`` if given).

        Raises IndexStateError when the index is missing, stale or corrupt, and
        BackendUnavailableError when the Chroma server is down."""
        home = Path(home)
        # A server that is down is the first thing to report: nothing else can work without it.
        client = chroma.open_client(home, chroma_url) if chroma_url else None
        state = read_state(home)
        if state.embed_model != model_id():
            raise IndexStateError(
                f"The index in {str(home)!r} was built with {state.embed_model!r}, this program "
                f"uses {model_id()!r}: {REBUILD_HINT}."
            )
        if (state.chroma_url or None) != (chroma_url or None):
            where = state.chroma_url or "Chroma on disk"
            raise IndexStateError(
                f"The index in {str(home)!r} was built on {where!r}, not {chroma_url or 'disk'!r}: "
                f"set ORDINANCE_CHROMA_URL to match, or {REBUILD_HINT}."
            )
        chunks = read_chunks(home, state.generation)
        docs = read_documents(home, state.generation)
        client = client or chroma.open_client(home, chroma_url)
        collection = chroma.get_collection(client, state.collection, chroma_url or "the store")
        count = collection.count()
        searchable = sum(1 for c in chunks if c.text)
        if count != searchable or len(chunks) != state.chunks:
            raise IndexStateError(
                f"The index in {str(home)!r} is inconsistent ({count} vectors for "
                f"{searchable} chunks): {REBUILD_HINT}."
            )
        retriever = cls(state, chunks, docs, collection, max_chars=max_chars)
        retriever._client = client
        return retriever

    # -- lookups ---------------------------------------------------------------------------

    def jurisdictions(self) -> dict[str, str]:
        """Key -> display name of every indexed jurisdiction."""
        return dict(self._names)

    def resolve_jurisdiction(self, key: str) -> str:
        """A key as typed ('hugo', 'East Bethel', 'eastbethel') -> its key, or raise."""
        if key in self._names:
            return key
        found = detect_jurisdictions(key, self._names)
        if len(found) == 1:
            return found[0]
        raise UnknownJurisdictionError(key, list(self._names))

    def sections(self, jurisdiction: str) -> list[Section]:
        j = self.resolve_jurisdiction(jurisdiction)
        return [s for (jj, _), s in self._sections.items() if jj == j]

    def section_text(self, jurisdiction: str, ref: str) -> Section:
        """The whole section ``ref`` (a number, or a title where none is printed)."""
        j = self.resolve_jurisdiction(jurisdiction)
        key = normalize_ref(ref)
        section = self._sections.get((j, key)) or self._by_title.get((j, key))
        for variant in ref_variants(ref)[1:] if section is None else ():
            section = section or self._sections.get((j, variant))  # 4.1.2(a) -> 4.1
        if section is None:
            table = self._tables[j].get(key.removeprefix("table ").upper())
            section = self._sections.get((j, normalize_ref(table))) if table else None
        if section is None:
            refs = [s.ref for (jj, _), s in self._sections.items() if jj == j]
            close = difflib.get_close_matches(ref, refs, n=5, cutoff=0.5)
            raise SectionNotFoundError(
                f"No section {ref!r} in {self._names[j]}: check the number (or the title, "
                f"where none is printed) with `ordinance sections {j}`.",
                suggestions=close,
            )
        return section

    def lookup(self, jurisdiction: str, ref: str) -> list[Evidence]:
        """Every chunk of one section, in order, as exact matches."""
        section = self.section_text(jurisdiction, ref)
        positions = self._chunks_of.get((section.jurisdiction, normalize_ref(section.ref)), [])
        return [
            Evidence(
                chunk=self.chunks[p],
                score=EXACT_SCORE,
                scores={"exact": EXACT_SCORE},
                matched_by=["exact"],
            )
            for p in positions
        ]

    # -- search ----------------------------------------------------------------------------

    def _check(self, query: str, k: int) -> str:
        text = query.strip()
        if not text:
            raise QueryError(
                "Empty question: type a question or a section reference, e.g. 'Section 98'."
            )
        if len(text) > self.max_chars:
            raise QueryError(
                f"Question {text[:40]!r}... is {len(text):,} characters long; the limit is "
                f"{self.max_chars:,}. Shorten it (or raise ORDINANCE_MAX_QUERY_CHARS)."
            )
        if k < 1:
            raise QueryError(f"k={k!r} asks for no results: ask for at least 1.")
        return text

    def _scope(self, text: str, jurisdictions: Sequence[str] | None) -> tuple[list[str], bool]:
        """The jurisdictions to search and whether they were named (given or in the text)."""
        if jurisdictions:
            keys = [self.resolve_jurisdiction(j) for j in jurisdictions]
            return list(dict.fromkeys(keys)), True
        named = detect_jurisdictions(text, self._names)
        return (named, True) if named else (list(self._names), False)

    def search(
        self,
        query: str,
        jurisdictions: Sequence[str] | None = None,
        k: int = 5,
        *,
        mode: Mode = "hybrid",
        per_section: int | None = None,
    ) -> list[Evidence]:
        """The ``k`` best chunks for ``query`` from ``jurisdictions`` (default: those named in
        the query, else all). ``mode`` 'bm25' or 'vector' runs one retriever alone (evals).
        ``per_section`` caps the chunks of one section among the hits, so that a search lists
        distinct sections (exact section lookups are never capped); None: no cap."""
        text = self._check(query, k)
        scope, named = self._scope(text, jurisdictions)
        allowed = np.isin(self._jur, scope) & self._has_text
        # The filter carries the jurisdiction; its name in the query would only add noise.
        plain = strip_jurisdictions(text, self._names)
        pool = min(len(self.chunks), max(4 * k, 30))
        fused: dict[int, float] = {}
        raw: dict[int, dict[str, float]] = {}

        def add(name: str, ranked: list[tuple[int, float]], ranks: list[int] | None = None) -> None:
            weight = WEIGHTS[name]
            for i, (pos, value) in enumerate(ranked):
                rank = ranks[i] if ranks is not None else i + 1
                fused[pos] = fused.get(pos, 0.0) + weight / (RRF_K + rank)
                raw.setdefault(pos, {})[name] = value

        exact = self._exact(text, scope) if mode == "hybrid" else []
        if mode in ("hybrid", "bm25"):
            add("bm25", self._bm25.top(plain, pool, allowed))
        qvec: np.ndarray | None = None
        if mode in ("hybrid", "vector"):
            qvec = get_query_encoder().encode_one(plain)
            add("vector", self._vector(qvec, scope, pool))
        if mode == "hybrid":
            titled = self._title_matches(plain, scope)
            add("title", [(pos, 1.0) for pos, _ in titled], [rank for _, rank in titled])
        for order, pos in enumerate(exact):
            fused[pos] = EXACT_SCORE + 0.001 * (len(exact) - order)
            raw.setdefault(pos, {})["exact"] = EXACT_SCORE
        # Exact RRF ties (rank 1 + rank 2 against rank 2 + rank 1) go to the closer meaning.
        ranked = sorted(fused, key=lambda p: (-round(fused[p], 9), -raw[p].get("vector", -1.0), p))
        if named and len(scope) > 1:
            ranked = _cover(ranked, [self.chunks[p].jurisdiction for p in ranked], scope, k)
        if per_section is None:
            top = ranked[:k]
        else:
            owners = [self.chunks[p].label for p in ranked]
            top = _diverse(ranked, owners, set(exact), k, per_section)
        sims = self._similarities(top, qvec, raw) if qvec is not None else {}
        return [
            Evidence(
                chunk=self.chunks[p],
                score=round(fused[p], 6),
                scores=raw[p],
                vector_similarity=sims.get(p),
                matched_by=_order(raw[p]),
            )
            for p in top
        ]

    def _exact(self, text: str, scope: list[str]) -> list[int]:
        out: list[int] = []
        for j in scope:
            for ref in find_section_refs(text, self._tables.get(j)):
                for pos in self._chunks_of.get((j, normalize_ref(ref)), []):
                    if pos not in out:
                        out.append(pos)
        return out

    def _title_matches(self, text: str, scope: list[str]) -> list[tuple[int, int]]:
        """Chunks of the sections whose title the question contains, longest title first, as
        ``(position, rank)``: every chunk of one section shares its section's rank."""
        plain = f" {' '.join(_plain(text).split())} "
        hits = [(len(t), j, ref) for j, t, ref in self._titles if j in scope and t in plain]
        out: list[tuple[int, int]] = []
        for rank, (_, j, ref) in enumerate(sorted(hits, key=lambda h: -h[0]), 1):
            out.extend((pos, rank) for pos in self._chunks_of.get((j, ref), []))
        return out

    def _vector(self, qvec: np.ndarray, scope: list[str], n: int) -> list[tuple[int, float]]:
        """Nearest chunks by cosine, straight from the Chroma collection: the query path stays
        free of llama-index (its import alone cost ~1 s of a cold start)."""
        where: dict[str, Any] | None = None
        if set(scope) != set(self._names):
            where = {"jurisdiction": scope[0] if len(scope) == 1 else {"$in": list(scope)}}
        try:
            result = self._collection.query(
                query_embeddings=[qvec.tolist()], n_results=n, where=where, include=["distances"]
            )
        except Exception as exc:
            self._raise_if_server_lost(exc)
            raise
        ids = (result.get("ids") or [[]])[0]
        distances = (result.get("distances") or [[]])[0]
        out: list[tuple[int, float]] = []
        for node_id, distance in zip(ids, distances, strict=False):
            pos = self._pos.get(node_id)
            if pos is not None and self.chunks[pos].jurisdiction in scope:
                out.append((pos, 1.0 - float(distance)))  # the collection's distance: 1 - cosine
        return out

    def _raise_if_server_lost(self, exc: Exception) -> None:
        url = self.state.chroma_url
        if url and self._client is not None and chroma.server_lost(self._client, url, exc):
            raise chroma.unreachable(url, exc) from exc

    def _similarities(
        self, top: list[int], qvec: np.ndarray, raw: dict[int, dict[str, float]]
    ) -> dict[int, float]:
        sims = {p: raw[p]["vector"] for p in top if "vector" in raw[p]}
        missing = [self.chunks[p].id for p in top if p not in sims]
        if missing:
            try:
                got = self._collection.get(ids=missing, include=["embeddings"])
            except Exception as exc:
                self._raise_if_server_lost(exc)
                raise
            for cid, vec in zip(got["ids"], got["embeddings"], strict=True):
                sims[self._pos[cid]] = float(np.dot(np.asarray(vec, np.float32), qvec))
        return {p: round(v, 6) for p, v in sims.items()}


def _plain(text: str) -> str:
    return "".join(ch if ch.isalnum() else " " for ch in text.casefold())


def _order(scores: dict[str, float]) -> list[str]:
    return [name for name in ("exact", "title", "vector", "bm25") if name in scores]


def _cover(ranked: list[int], owners: list[str], scope: list[str], k: int) -> list[int]:
    """Reorder so each named jurisdiction's best hit is within the first ``k`` when possible."""
    firsts: list[int] = []
    for j in scope[:k]:
        for pos, owner in zip(ranked, owners, strict=True):
            if owner == j:
                firsts.append(pos)
                break
    head = set(firsts)
    rest = [p for p in ranked if p not in head][: max(0, k - len(head))]
    out = sorted([*head, *rest], key=ranked.index)
    return out + [p for p in ranked if p not in set(out)]


def _diverse(
    ranked: list[int], refs: list[str], exact: set[int], k: int, per_section: int
) -> list[int]:
    """The first ``k`` of ``ranked`` with at most ``per_section`` chunks of one section, so one
    long section cannot crowd out the others; exact section lookups are never capped."""
    seen: dict[str, int] = {}
    top: list[int] = []
    for pos, ref in zip(ranked, refs, strict=True):
        if pos not in exact:
            seen[ref] = seen.get(ref, 0) + 1
            if seen[ref] > per_section:
                continue
        top.append(pos)
        if len(top) == k:
            break
    return top
