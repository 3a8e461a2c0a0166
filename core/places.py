"""The forms under which people name a jurisdiction, from its manifest name and key alone.

Both place matchers (`app.places` for questions, `index.refs` for search scoping) build on these,
so a city is named the same way everywhere:

* the display name and the key as words: "Fox Creek County", "fox creek county";
* the name without its kind of government, when at least two words remain: "Fox Creek" for
  "Fox Creek County", "Willow Bend" for "Willow Bend Township", "Maple Hollow" for "City of
  Maple Hollow"; a single word left stands alone only when it is no everyday word (`common`,
  the caller's English vocabulary): "Hennepin" for "Hennepin County", but not "Lake" of "Lake
  County";
* the name without a generic geographic word it ends with (`GEOGRAPHIC`), on the same terms:
  "Pine Ridge" for "Pine Ridge Lake", "Osprey" for "Osprey Narrows", but not "Birch" of "Birch
  Falls";
* the initials of a name of two or more words, typed in capitals: "PRL" for "Pine Ridge Lake",
  "FCC" for "Fox Creek County" (only when no other known name has the same form).

A short form or initialism that two known jurisdictions share names neither of them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache

_WORD = re.compile(r"[a-z0-9]+")
KINDS = ("county", "township", "city", "town", "village", "borough", "municipality")
"""Kinds of local government a name may carry before ("City of ...") or after ("... County")."""
GEOGRAPHIC = (
    "lake", "lakes", "falls", "narrows", "bluff", "bluffs", "ridge", "creek", "hills", "heights",
    "harbor", "harbour", "bay", "prairie", "meadow", "meadows", "hollow", "springs", "park",
    "grove", "valley", "point", "beach", "mills", "crossing", "river", "rapids", "landing",
    "woods", "shores", "island", "junction",
)  # fmt: skip
"""Generic words a place name may end with ("Pine Ridge Lake", "Osprey Narrows"): people often
leave them off ("Pine Ridge", "Osprey")."""
_LEADING = re.compile(r"^(?:(?:the|charter)\s+)?(?:" + "|".join(KINDS) + r")\s+of\s+")
_TRAILING = re.compile(r"\s+(?:" + "|".join(KINDS) + r")$")
COMMON_CAPITALS = frozenset(
    [
        "AM",
        "PM",
        "US",
        "USA",
        "MN",
        "ST",
        "NO",
        "OK",
        "ID",
        "IN",
        "IS",
        "IT",
        "OR",
        "ON",
        "AT",
        "IF",
        "DO",
        "BY",
        "OF",
        "TO",
        "UP",
        "HOA",
        "DNR",
        "EPA",
        "MPCA",
        "SSTS",
        "ISTS",
        "GPD",
        "GPM",
        "PSI",
        "FT",
        "SF",
        "BR",
        "SQ",
        "TV",
        "PDF",
        "FAQ",
        "ASAP",
        "FYI",
        "LOL",
        "OMG",
        "BTW",
        "ADU",
        "RV",
    ]
)
"""Capitalised words that are not read as a place's initials (units, agencies, chat)."""


def words(text: str) -> tuple[str, ...]:
    """Lower-case words of a name or key ("east-bethel" -> ("east", "bethel"))."""
    return tuple(_WORD.findall(text.casefold().replace("-", " ")))


def _short(form: str) -> str:
    return _TRAILING.sub("", _LEADING.sub("", form))


def _initials(name: str) -> str:
    parts = words(_LEADING.sub("", name.casefold()))
    return "".join(p[0] for p in parts).upper() if len(parts) >= 2 else ""


def _stands_alone(form: tuple[str, ...], common: frozenset[str]) -> bool:
    return len(form) >= 2 or (len(form) == 1 and len(form[0]) >= 4 and form[0] not in common)


@lru_cache(maxsize=16)
def _all_forms(
    items: tuple[tuple[str, str], ...], common: frozenset[str] = frozenset()
) -> tuple[dict[str, set[tuple[str, ...]]], dict[str, str]]:
    full = {key: {words(name), words(key)} - {()} for key, name in items}
    taken = {form for forms in full.values() for form in forms}
    short = {key: {words(_short(" ".join(f))) for f in forms} for key, forms in full.items()}
    for forms in short.values():  # "Pine Ridge" for "Pine Ridge Lake", "Osprey" for "... Narrows"
        forms |= {f[:-1] for f in list(forms) if len(f) >= 2 and f[-1] in GEOGRAPHIC}
    counts = Counter(f for key in short for f in short[key] - full[key])
    out: dict[str, set[tuple[str, ...]]] = {}
    for key in full:
        extra = {
            f
            for f in short[key] - full[key]
            if _stands_alone(f, common) and counts[f] == 1 and f not in taken
        }
        out[key] = full[key] | extra
    initials = Counter(i for key, name in items for i in {_initials(name), _initials(key)} if i)
    by_initials = {
        i: key
        for key, name in items
        for i in {_initials(name), _initials(key)}
        if i and initials[i] == 1 and i not in COMMON_CAPITALS
    }
    return out, by_initials


def names_a_feature(form: tuple[str, ...], full: set[tuple[str, ...]], after: str) -> bool:
    """Whether a one-word short form is a word of another place's name here: followed by a
    generic geographic word ('Loon' of 'Loon Prairie Township' in 'Lost Loon Lake' names the
    lake, not the township). A full name or key is the place wherever it stands."""
    if len(form) != 1 or form in full:
        return False
    nxt = words(after[:30])[:1]
    return bool(nxt) and nxt[0] in GEOGRAPHIC


def name_forms(
    known: Mapping[str, str], common: frozenset[str] = frozenset()
) -> dict[str, set[tuple[str, ...]]]:
    """key -> the word tuples that name it (full name, key, short form when unambiguous; a
    one-word short form only when it is not in `common`, everyday words)."""
    return _all_forms(tuple(sorted(known.items())), common)[0]


def initialisms(known: Mapping[str, str]) -> dict[str, str]:
    """Capital initials ("PRL") -> key, for names of two or more words, unambiguous ones only."""
    return _all_forms(tuple(sorted(known.items())))[1]


def initialism_mentions(text: str, known: Mapping[str, str]) -> list[tuple[str, int, int]]:
    """(key, start, end) of each initialism typed in capitals in ``text``; none in a text typed
    mostly in capitals (shouting is not an abbreviation)."""
    table = initialisms(known)
    letters = [c for c in text if c.isalpha()]
    if not table or (letters and sum(c.isupper() for c in letters) > 0.5 * len(letters)):
        return []
    return [
        (table[m.group()], m.start(), m.end())
        for m in re.finditer(r"(?<![A-Za-z])[A-Z]{2,5}(?![A-Za-z])", text)
        if m.group() in table
    ]


_GIVEN_NAME = re.compile(r"[^.!?\n\s][ \t]*[^\w\s]*[ \t]*\b[A-Z][a-z]+[ \t]+$")


def people_named(text: str, mentions: Iterable[tuple[str, int, bool]]) -> set[str]:
    """Keys mentioned only by a one-word short form right after a given name (a capitalised word
    inside its sentence: 'From: Deb Tamsen', 'ask Deb Tamsen'), where another place is named in
    full: a person's name, not the place. `mentions` are (key, start, whether in full)."""
    mentions = list(mentions)
    full = {k for k, _, in_full in mentions if in_full}
    short = {k for k, _, _ in mentions} - full
    return {
        k
        for k in short
        if full
        and all(_GIVEN_NAME.search(text[max(0, a - 40) : a]) for k2, a, _ in mentions if k2 == k)
    }
