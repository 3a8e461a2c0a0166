"""Places in a question: the corpus jurisdictions it names ("Chaska vs Hugo", "Chasak",
"Eastbethel", a short form or initials as `core.places` defines them) and the places outside the
corpus ("Stillwater"), which the assistant names back."""

from __future__ import annotations

import calendar
import difflib
import itertools
import re
from collections.abc import Mapping
from functools import lru_cache

import numpy as np

from app.lexicon import lexicon, phrase
from app.settings import PROJECT_ROOT
from core.places import initialism_mentions, name_forms, names_a_feature, people_named
from core.places import words as place_words
from index.embed import english_words

OUTSIDE_CORPUS = PROJECT_ROOT / "data" / "places" / "outside-corpus.txt"
"""Well-known places outside the corpus (data, not code): recognised in lower case too."""


_CALENDAR = frozenset(
    n.lower() for n in (*calendar.month_name, *calendar.month_abbr, *calendar.day_name) if n
)
"""Months and weekdays: 'sell in February' names a time, never a place."""


@lru_cache(maxsize=1)
def _not_places() -> frozenset[str]:
    return frozenset(lexicon().spelling.not_places)


@lru_cache(maxsize=1)
def _keywords() -> frozenset[str]:
    return frozenset(lexicon().spelling.keywords)


class _Names:
    """The known jurisdictions' forms, compiled once per set of names: a text is checked only
    against names whose words it contains, and typo candidates are screened against every name
    at once with letter counts (an upper bound on difflib's ratio) before difflib runs."""

    def __init__(self, items: tuple[tuple[str, str], ...]) -> None:
        self.keys = [key for key, _ in items]
        self.patterns: dict[str, list[re.Pattern[str]]] = {}
        self.full: dict[str, set[tuple[str, ...]]] = {}
        self.by_run: dict[str, set[str]] = {}
        self.always: set[str] = set()
        self.joined: dict[str, str] = {}
        short = name_forms(dict(items), english_words())
        for key, name in items:
            forms = {name.lower(), key.lower().replace("-", " "), key.lower()}
            forms |= {" ".join(f) for f in short[key]}
            self.full[key] = {place_words(name), place_words(key)}
            self.patterns[key] = [
                re.compile(r"(?<![a-z])" + re.escape(f) + r"(?:'s)?(?![a-z])") for f in forms
            ]
            for form in forms:
                runs = re.findall(r"[a-z]+", form)
                if runs:
                    self.by_run.setdefault(runs[0], set()).add(key)
                else:
                    self.always.add(key)
            self.joined[key] = re.sub(r"[^a-z]", "", name.lower())
        self.spaced = {key for key, name in items if " " in name}
        self.last = {key: re.findall(r"[a-z]+", name.lower())[-1:] for key, name in items}
        self.words = {key: set(re.findall(r"[a-z]+", name.lower())) for key, name in items}
        self.targets = [self.joined[k] for k in self.keys]
        self.lengths = np.array([len(t) for t in self.targets], dtype=np.float32)
        self.counts = np.stack([_letter_counts(t) for t in self.targets]) if items else None

    def typo_screen(self, words: list[str]) -> np.ndarray:
        """(candidates x names): whether difflib's ratio can reach 0.8 (its quick_ratio does)."""
        assert self.counts is not None
        counts = np.stack([_letter_counts(w) for w in words])
        common = np.minimum(counts[:, None, :], self.counts[None, :, :]).sum(axis=2)
        sizes = np.array([len(w) for w in words], dtype=np.float32)[:, None] + self.lengths
        return np.asarray(2.0 * common >= 0.8 * sizes - 1e-6)


def _letter_counts(text: str) -> np.ndarray:
    """How often each of a-z occurs in ``text`` (letters only, as the names are compared)."""
    letters = np.frombuffer(re.sub(r"[^a-z]", "", text).encode("ascii"), dtype=np.uint8) - 97
    return np.bincount(letters, minlength=26).astype(np.int16)


@lru_cache(maxsize=8)
def _names(items: tuple[tuple[str, str], ...]) -> _Names:
    return _Names(items)


def detect_jurisdictions(text: str, known: Mapping[str, str]) -> list[str]:
    """Keys of the known jurisdictions named in the text, in order of first mention.

    A word inside an exact mention of one jurisdiction is not read as a typo of another:
    among many cities, similar names (Maple Lake, Maple Lane) are different places; a name
    only inside a longer named one ("Vandwick" in "Vandwick Township") is not mentioned."""
    low = text.lower()
    squashed = re.sub(r"[^a-z]", "", low)
    names = _names(tuple(known.items()))
    runs = set(re.findall(r"[a-z]+", low))
    maybe = set(names.always).union(*(names.by_run.get(r, set()) for r in runs))
    found: dict[str, int] = {}
    spans: list[tuple[int, int]] = []
    own: dict[str, list[tuple[int, int]]] = {}
    shadowed: set[str] = set()
    features: dict[str, int] = {}  # keys named only by a word of a lake's name ('Loon Lake')
    in_full: set[str] = set()  # keys named by more than a one-word short form somewhere
    for key in maybe:
        for pattern in names.patterns[key]:
            for m in pattern.finditer(low):
                form = place_words(m.group(0))
                if names_a_feature(form, names.full[key], low[m.end() :]):
                    features[key] = min(features.get(key, m.start()), m.start())
                    continue
                own.setdefault(key, []).append(m.span())
                spans.append(m.span())
                if len(form) > 1 or form in names.full[key]:
                    in_full.add(key)
                if key not in found or m.start() < found[key]:
                    found[key] = m.start()
    for key, a, b in initialism_mentions(text, known):  # "PRL" for "Pine Ridge Lake"
        own.setdefault(key, []).append((a, b))
        in_full.add(key)
        spans.append((a, b))
        found[key] = min(found.get(key, a), a)
    for key, mine in own.items():  # "Vandwick" inside "Vandwick Township" names one city
        if all(
            any(a2 <= a and b <= b2 and b2 - a2 > b - a for k2, theirs in own.items() if k2 != key
                for a2, b2 in theirs)
            for a, b in mine
        ):  # fmt: skip
            del found[key]
            shadowed.add(key)
    people = people_named(text, ((k, a, k in in_full) for k, mine in own.items() for a, _ in mine))
    for key in people:  # 'From: Deb Tamsen ... in Pine Ridge Lake?': a person's name
        found.pop(key, None)
        shadowed.add(key)
    for key in names.spaced - set(found) - shadowed:
        pos = squashed.find(names.joined[key])
        if pos >= 0:
            found[key] = pos
    words = [(m.start(), m.group()) for m in re.finditer(r"[a-z]+", low)]
    free = [(p, w) for p, w in words if not any(a <= p < b for a, b in spans)]
    joined = [
        *((w,) for _, w in free),
        *((a, b) for (_, a), (_, b) in itertools.pairwise(free)),
        *((a, b, c) for (_, a), (_, b), (_, c) in zip(free, free[1:], free[2:], strict=False)),
    ]
    # an everyday or ordinance word is never a typo of a name
    parts_of = {
        "".join(p): p
        for p in joined
        if len("".join(p)) >= 4 and "".join(p) not in _keywords() | _not_places()
    }
    candidates = list(parts_of)
    missing = [i for i, k in enumerate(names.keys) if k not in found and k not in shadowed]
    if candidates and missing:  # typo'd single word, e.g. "Chasak", "Hugoo", "Eastbethel"
        screen = names.typo_screen(candidates)
        for i in missing:
            target = names.targets[i]
            for row in np.flatnonzero(screen[:, i]):
                w = candidates[row]
                if not _typed_name(parts_of[w], names.words[names.keys[i]]):
                    continue
                if w[:1] == target[:1] and _near(w, target, names.last[names.keys[i]]):
                    found[names.keys[i]] = low.find(w[:4])
                    break
    if not found:  # 'a cabin on Little Itasca Lake': the lake's place, where no other is named
        found = {k: pos for k, pos in features.items() if k not in shadowed}
    return [k for _, k in sorted((pos, k) for k, pos in found.items())]


def _typed_name(parts: tuple[str, ...], name: set[str]) -> bool:
    """Whether words run together may be a name typed with a slip: each is a word of the name,
    one edit from one ('birch fails' for 'Birch Falls') or no everyday word ('lake' + 'in' is no
    typo of 'Lake <Name>'; 'esker' + 'fals' may be)."""
    return len(parts) == 1 or all(
        p in name or p not in english_words() or any(_edits(p, n) <= 1 for n in name) for p in parts
    )


def _near(word: str, target: str, last: list[str]) -> bool:
    """Whether `word` is a typo of the joined name `target`: of a one-word name, an edit for
    every four letters at most, one at least ('chasak' for 'chaska', not 'casa'); where both end
    with the name's last word ('county'), what comes before it is a typo of the name's too, a
    few edits at most ('areathecounty' is no 'agatecounty')."""
    if difflib.SequenceMatcher(None, word, target).ratio() < 0.8:
        return False
    tail = last[0] if last and len(last[0]) < len(target) else ""
    if not tail:  # a one-word name: 'casa' is two edits from 'chaska', a word and not a slip
        return _edits(word, target) <= max(1, len(target) // 4)
    if not word.endswith(tail):
        return True
    head, want = word[: -len(tail)], target[: -len(tail)]
    return _edits(head, want) <= max(1, len(want) // 4)


def _edits(a: str, b: str) -> int:
    """Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


@lru_cache(maxsize=1)
def _outside_corpus() -> tuple[str, ...]:
    try:
        lines = OUTSIDE_CORPUS.read_text(encoding="utf-8").splitlines()
    except OSError:
        return ()
    return tuple(ln.strip().lower() for ln in lines if ln.strip() and not ln.startswith("#"))


def _head(name: str) -> list[str]:
    """A place name's own words, without the kind of place around them ('Birch Lake Township' ->
    ['birch', 'lake']; 'City of Oak Lake' -> ['oak', 'lake'])."""
    kinds = set(lexicon().spelling.place_kinds)
    words = [w.lower().strip(".") for w in name.split()]
    while words and words[0] in kinds | {"of"}:
        words = words[1:]
    while words and words[-1] in kinds:
        words = words[:-1]
    return words


def _is_candidate(name: str, known: Mapping[str, str], known_words: set[str]) -> bool:
    """Whether a capitalised name may be a place outside the corpus: its own words are no
    ordinary or domain word, and they are no part of a corpus place's name ('Birch Lake
    Township' is new beside 'Pine Lake', 'Prairie Smoke County' beside 'Loon Prairie Township';
    'Chaska City Hall' and 'Bethel' are known)."""
    words = _head(name)
    if not words or any(w in _not_places() or w in _keywords() or w in _CALENDAR for w in words):
        return False
    if len(words) == 1 and words[0] in known_words:
        return False
    head = re.compile(rf"\b{re.escape(' '.join(words))}\b")
    if any(head.search(" ".join(_head(n))) for n in known.values()):
        return False
    return not detect_jurisdictions(name, known)


def _unknown_places(text: str, known: Mapping[str, str]) -> list[str]:
    """Places the question names that are not in the corpus: a listed place (any case), or a
    capitalised name where a city goes ("in Woodbury", "Springfield section 3", "does
    Springfield require", "Wright County"). The corpus's own names and keys (from the manifest)
    never count."""
    low = text.lower()
    kinds = set(lexicon().spelling.place_kinds)
    known_words = {w for n in known.values() for w in n.lower().split()} | {
        w for k in known for w in k.split("-")
    }
    known_words -= kinds
    places: list[str] = []

    def add(name: str) -> None:
        """A name once, the longer form kept ('Carver County' over 'Carver')."""

        def within(a: str, b: str) -> bool:
            return re.search(rf"\b{re.escape(a.lower())}\b", b.lower()) is not None

        if any(within(name, p) for p in places):
            return
        places[:] = [p for p in places if not within(p, name)]
        places.append(name)

    # "What does Springfield section 3 say?", "Springfield's ordinance", "Does Springfield ..."
    for m in phrase("place_before_reference").finditer(text):
        name = m.group(1) or m.group(2)
        if _is_candidate(name, known, known_words):
            add(name)
    for place in _outside_corpus():
        hit = re.search(r"(?<![a-z])" + re.escape(place) + r"(?![a-z])", low)
        if hit:
            add(place.title())
    kind = "|".join(sorted(kinds))
    for m in re.finditer(
        phrase("place_after_preposition").pattern
        + rf"|\b((?:[A-Z][a-z]+|St\.)(?:\s+[A-Z][a-z]+){{0,2}}\s+(?:{kind.title()}))\b",
        text,
    ):
        name = m.group(1) or m.group(2)
        before = text[: m.start()].split()[-1:]
        if m.group(0).startswith("of") and before and before[0][:1].isupper():
            continue  # an office's name ('the Board of Adjustment', 'Department of Health')
        if _is_candidate(name, known, known_words):
            add(" ".join(name.split()[1:]) if name.split()[0].lower() in kinds else name)
    for m in phrase("city_of_name").finditer(low):
        name = m.group(1)
        if _is_candidate(name, known, known_words):
            add(name.title())
    return places
