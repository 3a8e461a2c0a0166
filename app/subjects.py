"""What a question is about in a city's own words: how rare each word is in the city's text,
which sections use it, the sections a yes/no rule may sit in beyond those retrieved, and whether the
question's subject is strange to the city's rules or its case lies outside their scope.

`SubjectMixin` is a base of `app.quoting.QuotingMixin` (and so of `DefaultAnswerer`), which
provides the retriever, the city names and `_read_section`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Any

from app.compose import _stem, content_words
from app.lexicon import lexicon, phrase
from app.reader import (
    Provision,
    Scored,
    asking_and_context,
    provisions,
    rarity,
    stems,
    subject_words,
    synonym_table,
    synonyms_of,
    vocabulary,
    weighed,
)


def proper_names(text: str) -> set[str]:
    """Stems of the names of places and bodies a text gives ('a Carver County license', 'on
    Big Ostby Lake'): capitalised words before a capitalised kind of place or water."""
    spelling = lexicon().spelling
    kinds = {k.capitalize() for k in [*spelling.place_kinds, *spelling.water_kinds]}
    out: set[str] = set()
    for m in re.finditer(r"((?:[A-Z][a-z'-]+\s+){1,3})([A-Z][a-z]+)\b", text):
        if m.group(2) in kinds:
            out.update(_stem(w.lower()) for w in m.group(1).split() if len(w) > 2)
    return out


GENERIC = {
    "tank", "tanks", "septic", "system", "systems", "sewer", "sewage", "gallons", "ordinance",
    "city", "rules", "rule", "required", "requirement", "requirements", "need", "minimum",
    "maximum", "does", "say", "what", "where", "house", "home", "property", "owner", "my",
    "know", "want", "like", "good", "new", "old", "way", "much", "many", "long", "often",
    "allow", "allows", "require", "sewers", "amount",
}  # fmt: skip


_NO_RULES = ("adoption", "preamble", "table_of_contents")
"""Section kinds that lay down no rule: a title block, a preamble, a table of contents."""
_RARITIES: dict[tuple[int, str], dict[str, float]] = {}
_WHERE: dict[tuple[int, str], dict[str, list[str]]] = {}


@lru_cache(maxsize=8)
def _places_pattern(forms: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for every form of every city name (longest first): compiled once per
    corpus, not once per name per question (a thousand names made that most of an answer)."""
    alternatives = "|".join(re.escape(f) for f in forms) or r"(?!x)x"
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?:'s)?(?![\w-])", re.I)


def case_unasked(question: str, exemption: str, rule: str) -> bool:
    """Whether an exemption's own case ('... is not required for a transfer that does not
    change the occupancy, such as between spouses') goes unnamed by the question: at least two
    words after its `lexicon.exemption` phrase that the rule it limits does not use, none of them the question's.
    The asker's case is then the rule's."""
    lex = lexicon()
    said = lex.pattern(lex.exemption).search(exemption)
    if said is None:
        return False
    own = {_stem(w) for w in content_words(exemption[said.end() :])}
    case = own - {_stem(w) for w in content_words(rule)}
    return len(case) >= 2 and not case & {_stem(w) for w in content_words(question)}


class SubjectMixin:
    """The asked subject against a city's text (`DefaultAnswerer` provides these attributes)."""

    retriever: Any
    names: dict[str, str]

    def _read_section(self, jurisdiction: str, ref: str) -> Any | None:
        raise NotImplementedError

    def _rarity(self, jurisdiction: str) -> dict[str, float]:
        key = (id(self.retriever), jurisdiction)
        if key not in _RARITIES:
            sections = self.retriever.sections(jurisdiction)
            _RARITIES[key] = rarity(f"{s.title} {s.text}" for s in sections)
        return _RARITIES[key]

    def _where(self, jurisdiction: str) -> dict[str, list[str]]:
        """Each word stem of the city's text -> the refs of the sections that use it."""
        key = (id(self.retriever), jurisdiction)
        if key not in _WHERE:
            index: dict[str, list[str]] = {}
            for section in self.retriever.sections(jurisdiction):
                for w in vocabulary([section.text]):
                    index.setdefault(w, []).append(section.ref)
            _WHERE[key] = index
        return _WHERE[key]

    def _rare_pool(self, part: str, jurisdiction: str, pool: list[Provision]) -> list[Provision]:
        """The provisions of the city's sections (`yes_no_sections` of them, not in the pool)
        that hold the most of the part's rarest subject words (`yes_no_rare`): the rule asked
        about may sit in a sibling of the retrieved section."""
        params = lexicon().reader
        where = self._where(jurisdiction)
        subject = self._asked_subject(part, jurisdiction)
        rare = sorted(subject, key=lambda w: (-subject[w], w))[: params.yes_no_rare]
        table = synonym_table()
        found: dict[str, float] = {}
        for word in rare:
            forms = [word, *(_stem(x) for x in table.get(word, ()) if " " not in x)]
            refs = {
                ref
                for key, held in where.items()
                if any(key == f or (len(f) >= 4 and key.startswith(f)) for f in forms)
                for ref in held
            }
            for ref in refs:
                found[ref] = found.get(ref, 0.0) + subject[word]
        needed = phrase("needs_thing").search(asking_and_context(self._without_places(part))[0])
        if needed is not None:
            # 'do I need a permit?': the section whose title names the needed thing ('Permit
            # required', 'Licenses') holds the rule that requires it
            noun = set(stems(needed.group(1)))
            top = max(subject.values(), default=1.0)
            for section in self.retriever.sections(jurisdiction):
                if noun & set(stems(section.title)):
                    found[section.ref] = found.get(section.ref, 0.0) + 2 * top
        have = {p.section.ref for p in pool if p.section.jurisdiction == jurisdiction}
        rank = len(have)
        # found by the subject's words: as close as the least close section retrieved
        floor = min((p.similarity for p in pool if p.similarity is not None), default=None)
        out: list[Provision] = []
        for ref in sorted(found, key=lambda r: (-found[r], r)):
            if len({p.section.ref for p in out}) >= params.yes_no_sections:
                break
            if ref in have:
                continue
            section = self._read_section(jurisdiction, ref)
            if section is not None and getattr(section, "kind", "section") not in _NO_RULES:
                out.extend(replace(p, similarity=floor) for p in provisions(section, rank))
        return out

    def _anchored(self, question: str, jurisdiction: str) -> bool:
        """Whether the question names a thing of these rules (`lexicon.domain`) that at most
        `anchor_sections` of the city's sections use: it is about them, whatever else it says."""
        lex = lexicon()
        where = self._where(jurisdiction)
        words = {_stem(m.group(0).lower()) for m in lex.pattern(lex.domain).finditer(question)}
        most = lex.reader.anchor_sections
        return any(0 < len(set(where.get(w, ()))) <= most for w in words)

    @staticmethod
    def _strange(subject: set[str], vocab: set[str], closest: float) -> list[str]:
        """The subject's words this city's text never uses (nor its word for them), when they
        say the question is not about its rules: one whose meaning is known (a synonym's words
        are all absent), or most of them (`strange_share`) with nothing close; else []."""
        params = lexicon().reader
        strange = [
            w
            for w in sorted(subject - vocab)
            if not any(v.startswith(w) for v in vocab if len(w) >= 4)
            and not any(
                _stem(x.split()[0]) in vocab
                or any(v.startswith(_stem(x.split()[0])) for v in vocab)
                for x in synonyms_of(w)
            )
        ]
        known_meaning = [w for w in strange if synonyms_of(w)]  # none of its words in this text
        unknown = len(strange) / len(subject) if subject else 0.0
        if known_meaning or (unknown >= params.strange_share and closest < params.unknown_floor):
            return strange
        return []

    def _out_of_scope(self, part: str, best: Scored, ranked: list[Scored]) -> Scored | None:
        """Before a Yes: the sentence of the same section that limits where its rules apply
        ('This Section applies only to ... the shoreland area') when the question puts its case
        outside that ('we're not in shoreland'): it says no."""
        lex = lexicon()
        section = best.provision.section
        asking, context = asking_and_context(part)
        told = f"{context} {asking}"
        for s in ranked:
            if s.provision.section.ref != section.ref:
                continue
            if s.provision.section.jurisdiction != section.jurisdiction:
                continue
            scope = lex.pattern(lex.scope).search(s.provision.text)
            if scope is None:
                continue
            limited = re.split(r"[.;]", s.provision.text[scope.end() :], maxsplit=1)[0]
            for word in content_words(limited):
                if len(word) < 5 or word in GENERIC:
                    continue
                outside = rf"{lex.outside}[^.,;?!]{{0,40}}\b{re.escape(word)}"
                if re.search(outside, told, re.I):
                    return s
        return None

    def _asked_subject(self, part: str, jurisdiction: str) -> dict[str, float]:
        """The part's subject words weighed by their rarity in the city's text; words only of
        the sentences around the asking one count `yes_no_context` as much."""
        names = [*self.names.values(), *self.names]
        weight = self._rarity(jurisdiction)
        # 'a cesspool instead of a septic tank?' asks about the cesspool
        told = lexicon().pattern(lexicon().replaced).sub(" ", self._without_places(part))
        asking, context = asking_and_context(told)
        subject = weighed(subject_words(asking, names), weight)
        if not subject:  # 'Resident called asking if they can put in a cesspool. Is that OK?'
            asked = phrase("indirect_question").search(context)
            subject = weighed(subject_words(asked.group(1), names), weight) if asked else {}
        around = weighed(subject_words(context, names) - set(subject), weight)
        share = lexicon().reader.yes_no_context
        whole = subject | {w: share * v for w, v in around.items()}
        named = proper_names(told)
        if whole and named:  # 'I hold a Carver County license. Does the city accept that?': a
            top = max(whole.values())  # name the city's text uses is the subject, told before
            whole = {w: top if w in named and v > 0 else v for w, v in whole.items()}
        return whole

    def _without_places(self, text: str) -> str:
        """The text without the corpus's city names (every provision's city is the asked one)."""
        forms = tuple(
            sorted(
                {f for key, name in self.names.items() for f in (name, key, key.replace("-", " "))},
                key=lambda f: (-len(f), f),
            )
        )
        return " ".join(_places_pattern(forms).sub(" ", text).split())
