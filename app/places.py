"""Places in a question: the corpus jurisdictions it names ("Chaska vs Hugo", "Chasak",
"Eastbethel") and the places outside the corpus ("Stillwater"), which the assistant names back."""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Mapping

from app.typos import _KEYWORDS

_OTHER_PLACES = (
    "minneapolis", "st. paul", "saint paul", "st paul", "duluth", "rochester", "bloomington",
    "brooklyn park", "plymouth", "woodbury", "maple grove", "blaine", "lakeville", "eagan",
    "burnsville", "eden prairie", "coon rapids", "apple valley", "edina", "minnetonka",
    "st. cloud", "saint cloud", "mankato", "moorhead", "shakopee", "maplewood", "cottage grove",
    "richfield", "roseville", "inver grove heights", "andover", "brooklyn center", "savage",
    "fridley", "oakdale", "chanhassen", "prior lake", "ramsey", "rosemount", "anoka", "stillwater",
    "forest lake", "lino lakes", "ham lake", "oak grove", "isanti", "cambridge", "elk river",
    "victoria", "waconia", "jordan", "carver", "orono", "wayzata", "scandia", "lake elmo",
    "white bear lake", "hastings", "northfield", "owatonna", "faribault", "winona", "bemidji",
    "brainerd", "hibbing", "willmar", "red wing", "new york", "chicago", "seattle", "denver",
    "madison", "milwaukee", "fargo", "des moines", "sioux falls", "hudson", "river falls",
    "texas", "california", "wisconsin", "iowa", "florida", "ohio",
)  # fmt: skip
_NOT_PLACES = {
    "minnesota", "mn", "section", "table", "chapter", "article", "the", "a", "an", "my", "our",
    "your", "this", "that", "sec", "feet", "inches", "winter", "summer", "spring", "fall",
    "general", "appendix", "division", "ordinance", "city", "county", "state", "hugo", "chaska",
    "east", "bethel", "mpca", "minn", "rules", "order", "addition", "case", "total", "gallons",
    "english", "spanish", "detail", "short", "plain", "it", "there", "which", "what", "each",
    "all", "both", "any", "every", "june", "may", "april", "december", "january", "march",
}  # fmt: skip


def detect_jurisdictions(text: str, known: Mapping[str, str]) -> list[str]:
    """Keys of the known jurisdictions named in the text, in order of first mention."""
    low = text.lower()
    squashed = re.sub(r"[^a-z]", "", low)
    found: list[tuple[int, str]] = []
    for key, name in known.items():
        forms = {name.lower(), key.lower().replace("-", " "), key.lower()}
        best = -1
        for form in forms:
            m = re.search(r"(?<![a-z])" + re.escape(form) + r"(?:'s)?(?![a-z])", low)
            if m and (best < 0 or m.start() < best):
                best = m.start()
        if best < 0 and " " in name:
            joined = re.sub(r"[^a-z]", "", name.lower())
            pos = squashed.find(joined)
            if pos >= 0:
                best = pos
        if best < 0:  # typo'd single word, e.g. "Chasak", "Hugoo", "Eastbethel"
            words = re.findall(r"[a-z]+", low)
            target = re.sub(r"[^a-z]", "", name.lower())
            candidates = [*words, *(a + b for a, b in itertools.pairwise(words))]
            for w in candidates:
                if len(w) >= 4 and difflib.SequenceMatcher(None, w, target).ratio() >= 0.8:
                    best = low.find(w[:4])
                    break
        if best >= 0:
            found.append((best, key))
    return [k for _, k in sorted(found)]


def _unknown_places(text: str, known: Mapping[str, str]) -> list[str]:
    low = text.lower()
    known_words = {w for n in known.values() for w in n.lower().split()} | {
        w for k in known for w in k.split("-")
    }
    places: list[str] = []
    for place in _OTHER_PLACES:
        if re.search(r"(?<![a-z])" + re.escape(place) + r"(?![a-z])", low):
            places.append(place.title())
    for m in re.finditer(
        r"\b(?:in|for|of|at|from)\s+(?:the\s+)?(?:city of\s+|town of\s+)?"
        r"((?:[A-Z][a-z]+|St\.)(?:\s+[A-Z][a-z]+){0,2})",
        text,
    ):
        name = m.group(1)
        words = [w.lower().strip(".") for w in name.split()]
        if any(w in _NOT_PLACES or w in known_words for w in words):
            continue
        if any(w in _KEYWORDS for w in words) or detect_jurisdictions(name, known):
            continue
        if name.title() not in places:
            places.append(name)
    for m in re.finditer(r"\b(?:city of|town of)\s+([a-z]+(?:\s+[a-z]+)?)", low):
        name = m.group(1)
        if name.split()[0] in known_words or name.split()[0] in _NOT_PLACES:
            continue
        if name.title() not in places:
            places.append(name.title())
    return places
