"""Hybrid retrieval over the index: exact section references first, then BM25 and vector search
fused by reciprocal rank fusion. The jurisdiction filter is applied inside each retriever
(a BM25 weight mask, a Chroma `where` clause, the exact lookup's own key), never afterwards."""

from __future__ import annotations

import bisect
import difflib
import logging
import threading
from collections import OrderedDict
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
from index import chroma, vectors
from index.embed import model_id
from index.encoder import get_query_encoder
from index.lexical import Bm25Index, read_lexical
from index.records import Chunk, Evidence
from index.refs import (
    detect_jurisdictions,
    find_section_refs,
    normalize_ref,
    plain,
    strip_jurisdictions,
)
from index.state import (
    REBUILD_HINT,
    Catalog,
    IndexState,
    generation_dir,
    read_catalog,
    read_city,
    read_city_chunks,
    read_state,
)
from ingest.records import ManifestEntry, ParsedDocument, Section

log = logging.getLogger(__name__)

Mode = Literal["hybrid", "bm25", "vector"]
RRF_K = 60
EXACT_SCORE = 1.0
"""Fused score of an exact section-reference match: above any RRF score (which is < 0.1)."""
CACHE_CITIES = 256
"""Cities whose chunks and sections a retriever keeps read (least recently used dropped)."""
EXACT_VECTOR_CITIES = 8
"""A search naming at most this many cities compares the query with their own vectors (read
from Chroma once by id, kept with the city); more, or all cities: a Chroma query."""
WEIGHTS = {"bm25": 1.0, "vector": 1.0, "title": 1.0}
"""Reciprocal-rank-fusion weight of each retriever."""


class _City:
    """One city's chunks, read from the generation when a search first needs them; its
    document and section tables when a lookup first needs them."""

    def __init__(self, start: int, chunks: list[Chunk], version: str, read_doc: Any) -> None:
        self.start = start
        self.version = version
        self.chunks = chunks
        self._read_doc = read_doc
        self._doc: ParsedDocument | None = None
        self._sections: dict[str, Section] | None = None
        self._by_title: dict[str, Section] = {}
        self.local = {c.id: i for i, c in enumerate(chunks)}
        self.positions: np.ndarray | None = None  # its chunks with a vector, and the vectors,
        self.vectors: np.ndarray | None = None  # read from Chroma when a search first needs them
        self.chunks_of: dict[str, list[int]] = {}
        for i, c in enumerate(chunks):
            self.chunks_of.setdefault(normalize_ref(c.ref), []).append(start + i)

    @property
    def doc(self) -> ParsedDocument:
        if self._doc is None:
            self._doc = self._read_doc()
        return self._doc

    @property
    def sections(self) -> dict[str, Section]:
        if self._sections is None:
            sections: dict[str, Section] = {}
            for s in self.doc.sections:
                sections.setdefault(normalize_ref(s.ref), s)
                self._by_title.setdefault(normalize_ref(s.title), s)
            self._sections = sections
        return self._sections

    @property
    def by_title(self) -> dict[str, Section]:
        _ = self.sections
        return self._by_title


class Retriever:
    """Search one index. Open it with ``Retriever.open(home)``.

    Opening reads the catalog (names, section refs, titles, tables of every city) and maps the
    saved BM25 index; a city's chunks and sections are read when a search or lookup first
    needs them and kept in a bounded cache (``cache_cities``), so start-up time and memory
    stay flat as cities are added."""

    def __init__(
        self,
        state: IndexState,
        catalog: Catalog,
        home: Path,
        collection: dict[str, Any],
        lexical: tuple[Bm25Index, np.ndarray],
        *,
        max_chars: int = 2000,
        cache_cities: int = CACHE_CITIES,
    ) -> None:
        self.state = state
        self.home = home
        self.max_chars = max_chars
        self._catalog = catalog.cities
        self._collections = collection
        self._client: Any = None  # set by `open`: asked whether a server is still there
        self._names = dict(state.jurisdictions)
        self._keys = list(self._catalog)
        self._starts = [c.chunk_start for c in self._catalog.values()]
        self._ranges = {
            k: (c.chunk_start, c.chunk_start + c.chunk_count) for k, c in self._catalog.items()
        }
        self.size = sum(c.chunk_count for c in self._catalog.values())
        self._bm25, self._has_text = lexical
        self._refs = {k: set(c.refs) for k, c in self._catalog.items()}
        self._tables = {k: dict(c.tables) for k, c in self._catalog.items()}
        # " title " -> [(order, city, ref)]: one entry per title shared by many cities
        self._titles: dict[str, list[tuple[int, str, str]]] = {}
        order = 0
        for k, c in self._catalog.items():
            for title, ref in c.titles:
                self._titles.setdefault(title, []).append((order, k, ref))
                order += 1
        self._cities: OrderedDict[str, _City] = OrderedDict()
        self._cache_cities = max(1, cache_cities)
        self._lock = threading.Lock()

    @classmethod
    def open(
        cls,
        home: Path,
        *,
        chroma_url: str | None = None,
        max_chars: int = 2000,
        cache_cities: int = CACHE_CITIES,
    ) -> Retriever:
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
        catalog = read_catalog(home, state.generation)
        try:
            lexical = read_lexical(generation_dir(home, state.generation))
        except (OSError, ValueError) as exc:
            raise IndexStateError(
                f"The BM25 index in {str(home)!r} is missing or unreadable "
                f"({type(exc).__name__}): {REBUILD_HINT}."
            ) from exc
        client = client or chroma.open_client(home, chroma_url)
        collection = {
            name: chroma.get_collection(client, name, chroma_url or "the store")
            for name in state.searched()
        }
        counts = {name: int(c.count()) for name, c in collection.items()}
        count = sum(counts.values())
        searchable = sum(c.searchable for c in catalog.cities.values())
        chunks = sum(c.chunk_count for c in catalog.cities.values())
        # a collection may also hold stale rows of cities a later one replaced: its size is
        # recorded at its commit (no collection is written after it)
        sizes = state.sizes or {state.collection: searchable}
        if counts != sizes or chunks != state.chunks or lexical[0].size != chunks:
            raise IndexStateError(
                f"The index in {str(home)!r} is inconsistent ({count} vectors for "
                f"{searchable} chunks): {REBUILD_HINT}."
            )
        retriever = cls(state, catalog, home, collection, lexical, max_chars=max_chars,
                        cache_cities=cache_cities)  # fmt: skip
        retriever._client = client
        return retriever

    # -- cities, read on demand --------------------------------------------------------------

    def _city(self, key: str) -> _City:
        with self._lock:
            city = self._cities.get(key)
            if city is not None:
                self._cities.move_to_end(key)
                return city
        entry = self._catalog[key]
        chunks = read_city_chunks(self.home, self.state.generation, entry)
        city = _City(entry.chunk_start, chunks, entry.version,
                     lambda: read_city(self.home, self.state.generation, entry)[1])  # fmt: skip
        with self._lock:
            self._cities[key] = city
            while len(self._cities) > self._cache_cities:
                self._cities.popitem(last=False)
        return city

    def _owner(self, pos: int) -> str:
        return self._keys[bisect.bisect_right(self._starts, pos) - 1]

    def chunk(self, pos: int) -> Chunk:
        """The chunk at index position ``pos``."""
        city = self._city(self._owner(pos))
        return city.chunks[pos - city.start]

    def entries(self) -> dict[str, ManifestEntry]:
        """Key -> manifest entry of every indexed jurisdiction (no city text is read)."""
        return {k: c.entry for k, c in self._catalog.items()}

    def document(self, jurisdiction: str) -> ParsedDocument:
        """A city's parsed document (read when first needed)."""
        return self._city(self.resolve_jurisdiction(jurisdiction)).doc

    def section_count(self, jurisdiction: str) -> int:
        """Sections (of kind 'section') of a city, from the catalog."""
        return self._catalog[self.resolve_jurisdiction(jurisdiction)].sections

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
        return list(self._city(self.resolve_jurisdiction(jurisdiction)).sections.values())

    def section_text(self, jurisdiction: str, ref: str) -> Section:
        """The whole section ``ref`` (a number, or a title where none is printed)."""
        j = self.resolve_jurisdiction(jurisdiction)
        city = self._city(j)
        key = normalize_ref(ref)
        section = city.sections.get(key) or city.by_title.get(key)
        for variant in ref_variants(ref)[1:] if section is None else ():
            section = section or city.sections.get(variant)  # 4.1.2(a) -> 4.1
        if section is None:
            table = self._tables[j].get(key.removeprefix("table ").upper())
            section = city.sections.get(normalize_ref(table)) if table else None
        if section is None:
            refs = [s.ref for s in city.sections.values()]
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
        positions = self._city(section.jurisdiction).chunks_of.get(normalize_ref(section.ref), [])
        return [
            Evidence(
                chunk=self.chunk(p),
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
        allowed = np.zeros(self.size, dtype=bool)
        for j in scope:
            allowed[slice(*self._ranges[j])] = True
        allowed &= self._has_text
        # The filter carries the jurisdiction; its name in the query would only add noise.
        plain = strip_jurisdictions(text, self._names)
        pool = min(self.size, max(4 * k, 30))
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
            titled = self._title_matches(plain, scope, pool)
            add("title", [(pos, 1.0) for pos, _ in titled], [rank for _, rank in titled])
        for order, pos in enumerate(exact):
            fused[pos] = EXACT_SCORE + 0.001 * (len(exact) - order)
            raw.setdefault(pos, {})["exact"] = EXACT_SCORE
        # Exact RRF ties (rank 1 + rank 2 against rank 2 + rank 1) go to the closer meaning.
        ranked = sorted(fused, key=lambda p: (-round(fused[p], 9), -raw[p].get("vector", -1.0), p))
        if named and len(scope) > 1:
            ranked = _cover(ranked, [self._owner(p) for p in ranked], scope, k)
        if per_section is None:
            top = ranked[:k]
        else:
            owners = [self.chunk(p).label for p in ranked]
            top = _diverse(ranked, owners, set(exact), k, per_section)
        sims = self._similarities(top, qvec, raw) if qvec is not None else {}
        return [
            Evidence(
                chunk=self.chunk(p),
                score=round(fused[p], 6),
                scores=raw[p],
                vector_similarity=sims.get(p),
                matched_by=_order(raw[p]),
            )
            for p in top
        ]

    def likely_jurisdictions(self, query: str, limit: int) -> list[str]:
        """The cities whose chunks one search across all cities ranks first (at most
        ``limit``, best first): the scope of a question naming no city in a large index,
        instead of a search per city."""
        hits = self.search(query, None, k=min(self.size, max(2 * limit, 10)))
        return list(dict.fromkeys(h.chunk.jurisdiction for h in hits))[:limit]

    def _exact(self, text: str, scope: list[str]) -> list[int]:
        out: list[int] = []
        plain_refs = find_section_refs(text)
        for j in scope:
            tables = self._tables.get(j)
            refs = find_section_refs(text, tables) if tables else plain_refs
            for ref in refs:
                key = normalize_ref(ref)
                if key not in self._refs[j]:
                    continue  # the catalog knows the city has no such section: no read
                for pos in self._city(j).chunks_of.get(key, []):
                    if pos not in out:
                        out.append(pos)
        return out

    def _title_matches(self, text: str, scope: list[str], limit: int) -> list[tuple[int, int]]:
        """Chunks of the sections whose title the question contains, longest title first, as
        ``(position, rank)``: every chunk of one section shares its section's rank. At most
        ``limit`` sections (a title many cities share would otherwise read every one)."""
        plain = f" {' '.join(_plain(text).split())} "
        inside = set(scope)
        hits = [
            (-len(t), order, j, ref)
            for t, owners in self._titles.items()
            if t in plain
            for order, j, ref in owners
            if j in inside
        ]
        out: list[tuple[int, int]] = []
        for rank, (_, _, j, ref) in enumerate(sorted(hits)[:limit], 1):
            out.extend((pos, rank) for pos in self._city(j).chunks_of.get(ref, []))
        return out

    def _vector(self, qvec: np.ndarray, scope: list[str], n: int) -> list[tuple[int, float]]:
        """Nearest chunks by cosine, straight from the Chroma collection: the query path stays
        free of llama-index (its import alone cost ~1 s of a cold start)."""
        if set(scope) != set(self._names) and len(scope) <= EXACT_VECTOR_CITIES:
            return self._vector_exact(qvec, scope, n)
        searched = self.state.searched()
        queries: list[tuple[str, dict[str, Any] | None]] = []
        if set(scope) == set(self._names):  # every collection, its stale cities left out
            queries = [(name, vectors.stale_filter(stale)) for name, stale in searched.items()]
        else:  # the collections holding the named cities, filtered to them
            by: dict[str, list[str]] = {}
            for j in scope:
                by.setdefault(self._home_of(j), []).append(j)
            queries = [(name, vectors.scope_filter(keys)) for name, keys in by.items()]
        inside = set(scope)
        out: list[tuple[int, float]] = []
        for name, where in queries:
            try:
                result = self._collections[name].query(
                    query_embeddings=[qvec.tolist()],
                    n_results=n,
                    where=where,
                    include=["distances", "metadatas"],
                )
            except Exception as exc:
                self._raise_if_server_lost(exc)
                raise
            ids = (result.get("ids") or [[]])[0]
            distances = (result.get("distances") or [[]])[0]
            metas = (result.get("metadatas") or [[]])[0] or [{}] * len(ids)
            for row, distance, meta in zip(ids, distances, metas, strict=False):
                j = str((meta or {}).get("jurisdiction", ""))
                if j not in inside or j not in self._catalog or self._home_of(j) != name:
                    continue  # outside the scope, or a stale row (never returned)
                city = self._city(j)
                local = city.local.get(row)
                if local is not None:  # the collection's distance: 1 - cosine
                    out.append((city.start + local, 1.0 - float(distance)))
        out.sort(key=lambda item: (-item[1], item[0]))
        return out[:n]

    def _vector_exact(self, qvec: np.ndarray, scope: list[str], n: int) -> list[tuple[int, float]]:
        """Nearest chunks of a few named cities, by cosine against each city's own vectors
        (exact; the jurisdiction filter is which rows are read)."""
        positions, sims = [], []
        for j in dict.fromkeys(scope):
            pos, vecs = self._city_vectors(j)
            positions.append(pos)
            sims.append(vecs @ qvec.astype(np.float32))
        pos = np.concatenate(positions) if positions else np.zeros(0, dtype=np.int64)
        sim = np.concatenate(sims) if sims else np.zeros(0, dtype=np.float32)
        order = sorted(range(len(pos)), key=lambda i: (-float(sim[i]), int(pos[i])))[:n]
        return [(int(pos[i]), float(sim[i])) for i in order]

    def _city_vectors(self, key: str) -> tuple[np.ndarray, np.ndarray]:
        """A city's chunk positions with a vector, and those vectors (read once by id)."""
        city = self._city(key)
        if city.positions is None or city.vectors is None:
            ids = [c.id for c in city.chunks if c.text]
            if not ids:  # headings only: nothing to compare
                city.positions = np.zeros(0, dtype=np.int64)
                city.vectors = np.zeros((0, 1), dtype=np.float32)
                return city.positions, city.vectors
            try:
                got = self._collections[self._home_of(key)].get(ids=ids, include=["embeddings"])
            except Exception as exc:
                self._raise_if_server_lost(exc)
                raise
            found = dict(zip(got["ids"], got["embeddings"], strict=True))
            if len(found) != len(ids):
                raise IndexStateError(
                    f"The index holds {len(found)} vectors for the {len(ids)} chunks of "
                    f"{key!r}: {REBUILD_HINT}."
                )
            city.positions = np.array([city.start + city.local[i] for i in ids], dtype=np.int64)
            city.vectors = np.asarray([found[i] for i in ids], dtype=np.float32).reshape(
                len(ids), -1
            )
        return city.positions, city.vectors

    def _home_of(self, key: str) -> str:
        """The collection holding a city's rows."""
        return self._catalog[key].collection or self.state.collection

    def _raise_if_server_lost(self, exc: Exception) -> None:
        url = self.state.chroma_url
        if url and self._client is not None and chroma.server_lost(self._client, url, exc):
            raise chroma.unreachable(url, exc) from exc

    def _similarities(
        self, top: list[int], qvec: np.ndarray, raw: dict[int, dict[str, float]]
    ) -> dict[int, float]:
        sims = {p: raw[p]["vector"] for p in top if "vector" in raw[p]}
        missing: dict[str, dict[str, int]] = {}
        for p in top:
            if p not in sims:
                missing.setdefault(self._home_of(self._owner(p)), {})[self.chunk(p).id] = p
        for name, rows in missing.items():
            try:
                got = self._collections[name].get(ids=list(rows), include=["embeddings"])
            except Exception as exc:
                self._raise_if_server_lost(exc)
                raise
            for cid, vec in zip(got["ids"], got["embeddings"], strict=True):
                sims[rows[cid]] = float(np.dot(np.asarray(vec, np.float32), qvec))
        return {p: round(v, 6) for p, v in sims.items()}


_plain = plain


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
