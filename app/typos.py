"""Near-miss spellings of the domain's words and the city names ("septik", "Chasak",
"temprature") fixed before a question is understood and searched."""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from functools import lru_cache

_KEYWORDS = (
    "septic", "tank", "bedroom", "bedrooms", "drainfield", "permit", "permits", "setback",
    "setbacks", "percolation", "separation", "pumping", "sludge", "scum", "compare", "mound",
    "trench", "garbage", "disposal", "basement", "pressurized", "property", "building", "valid",
    "fee", "gallons", "capacity", "inspection", "holding", "prohibited", "required", "minimum",
    "distance", "treatment", "sewage", "system", "systems", "drip", "soil", "water", "table",
    "temperature", "discharge", "maximum", "license", "licensed", "penalty", "violation",
    "contractor", "installer", "abandoned", "compliance", "connection", "sewer", "grease",
)  # fmt: skip


_PROTECTED = {
    "section", "sections", "station", "settings", "setting", "systemic", "tanks", "permitted",
    "permitting", "feet", "fees", "field", "fields", "properly", "water", "waters", "wells",
    "table", "tables", "sewer", "sewers", "stable", "bedroom", "permits", "builder", "capacities",
    "distances", "inspections", "requires", "require", "treat", "treated", "sewerage", "pumps",
    "pumper", "pumped", "soils", "systems", "holding", "hold", "valve", "value", "values",
    "discharges", "discharged", "licenses", "penalties", "violations", "contractors", "installers",
    "connections", "connected", "abandon", "greases", "licensee", "maximums", "temperatures",
    "prohibit", "prohibits", "prohibiting", "requirement", "capacity", "tablets",
}  # fmt: skip


@lru_cache(maxsize=8)
def _vocabulary(names: tuple[str, ...]) -> tuple[frozenset[str], dict[str, list[str]]]:
    """The known words, and them by first letter (once per corpus, not once per word)."""
    vocab = list(dict.fromkeys([*_KEYWORDS, *(n.lower() for n in names)]))
    by_letter: dict[str, list[str]] = {}
    for word in vocab:
        by_letter.setdefault(word[:1], []).append(word)
    return frozenset(vocab), by_letter


def correct_typos(text: str, names: Sequence[str] = ()) -> str:
    """Fix near-miss spellings of the domain words and city names ("septik", "Chasak")."""
    known, by_letter = _vocabulary(tuple(names))

    def fix(match: re.Match[str]) -> str:
        word = match.group(0)
        low = word.lower()
        if len(low) < 4 or low in known or low in _PROTECTED:
            return word
        # a typo keeps its first letter: only words starting with it are candidates
        close = difflib.get_close_matches(low, by_letter.get(low[0], []), n=3, cutoff=0.8)
        if not close:
            return word
        if len(low) >= 6 and (close[0].startswith(low) or low.startswith(close[0])):
            return word  # another form of the word, not a typo: 'install' is not 'installer'
        return close[0].capitalize() if word[0].isupper() else close[0]

    return re.sub(r"[A-Za-z]+", fix, text)
