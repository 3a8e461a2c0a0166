"""The calculator route over data rules: which rules a question asks for, with which inputs.

A question is split into its asked parts ("What size holding tank ... and at what level must the
alarm go off?" has two). For each part the city's rule whose `terms` the part uses most is chosen
(ties: the rule listed first); its inputs come from the question's stated parameters
(`app.params`) and its quantities with units (`app.quantities`), matched by unit and by the words
of the input's label. A rule that can run gives a block with the arithmetic step by step, what it
does not cover and whose approval it needs. Nothing here names a rule or a city.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from datetime import date, datetime
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from app.compose import Block, _stem, content_words
from app.lexicon import lexicon, phrase
from app.params import MORE_ROOMS, TOTAL_ROOMS, extract_params
from app.quantities import (
    Quantity,
    _label_words,
    bind,
    compatible,
    extract_quantities,
    score,
)
from app.quoting import _near, key_words
from app.reader import (
    FIGURE_TYPES,
    asked_types,
    asking_and_context,
    carries,
    is_yes_no,
    synonyms_of,
)
from app.records import ToolCall
from app.understand import Understanding
from core.dates import Month
from core.errors import OrdinanceError, ToolInputError

log = logging.getLogger(__name__)

RULE = "rule"
RULE_NEW = "rule-new"
RULE_TEXT = "rule-text"
"""A rule the question asks for but gives too little to compute: its provision, quoted, and the
inputs that would compute it (used only where nothing else answers for the city)."""
"""Block topics: a data rule's answer; '-new' when it used inputs beyond the stated parameters
of `app.params` (several units, rates, money, dates, a base figure)."""

# A question's stated parameters (app.params) under the shared input names of the rules.
_PARAMS = {
    "bedrooms": "bedrooms",
    "perc_rate_mpi": "perc_rate_mpi",
    "daily_flow_gpd": "daily_flow_gpd",
    "rock_depth_in": "rock_depth_in",
    "system_type": "system_type",
    "garbage_disposal": "garbage_disposal",
    "unfinished_basement": "unfinished_basement",
    "rooms_as_bedrooms": "rooms_as_bedrooms",
}


class Part(BaseModel):
    text: str
    asked: bool


def parts(question: str) -> list[Part]:
    """The parts of a question; `asked` for the ones that ask (a '?' or a question word), the
    others are premises whose figures every asked part may use."""
    pieces = [
        p.strip() for p in phrase("question_part_break").split(question) if p and len(p.strip()) > 3
    ]
    out = [Part(text=p, asked=p.endswith("?") or (_asks(p) and not _told(p))) for p in pieces]
    if not any(p.asked for p in out):
        out = [Part(text=p.text, asked=True) for p in out] or [Part(text=question, asked=True)]
    return out


def _parallel(first: str, second: str) -> bool:
    """Whether the second part opens with the same two asking words as the first ('how far'), or
    asks it again of another feature ('..., and from the well?')."""
    if phrase("asks_again_of").match(second):
        return True  # 'How far must the tank be from the house, and from the well?'
    a, b = (re.findall(r"[a-z']+", t.lower())[:2] for t in (first, second))
    return len(a) == 2 and a == b and bool(phrase("opens_asking").match(second))


def _told(piece: str) -> bool:
    """A piece that ends with a full stop and opens with a verb that would ask a yes/no question
    tells, not asks ('... and will end up with 6 bedrooms.' after a sentence's 'and')."""
    return piece.endswith(".") and bool(phrase("opens_yes_no").match(piece))


def _asks(piece: str) -> bool:
    """Whether a piece asks: it, or a clause of it after a dash or a comma, opens with a question
    word ("Maple Hollow setbacks - how far ... ?")."""
    return any(phrase("opens_asking").match(c) for c in _CLAUSES.split(piece))


_CLAUSES = re.compile(r"\s[-\u2013\u2014]+\s|,\s+")


def _stems(text: str) -> str:
    """The words' first five letters, a plural's 's' off first ('tanks' is 'tank')."""
    words = re.findall(r"[a-z0-9%$]+", text.lower())
    return " " + " ".join(_singular(w)[:5] for w in words) + " "


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _near_words(term: str, low: str) -> int:
    """Where a two-word term's words stand next to each other in either order ('what size
    tank' holds 'tank size'), or -1."""
    words = _stems(term).split()
    if len(words) != 2:
        return -1
    found = re.search(rf" {re.escape(words[1])} {re.escape(words[0])} ", low)
    return found.start() if found else -1


def _hits(rule: Any, text: str) -> tuple[int, set[str], int]:
    """(words of the rule's terms the text uses, the terms, where the first one stands); a
    two-word term counts in either order."""
    low = _stems(text)
    at = {t: low.find(_stems(t)) if _stems(t) in low else _near_words(t, low) for t in rule.terms}
    found = {t for t, i in at.items() if i >= 0}
    first = min((at[t] for t in found), default=len(low))
    return sum(len(t.split()) for t in found), found, first


def _head_hit(rule: Any, text: str) -> tuple[int, set[str], int]:
    """A rule of the question's own topic that the part names only by its terms' head word
    ('we have 4 bedrooms, how big a tank?' of 'septic tank', 'tank capacity'), after an article
    or a possessive: one word."""
    for term in rule.terms:
        head = term.split()[-1:]
        bare = re.search(
            rf"{phrase('head_determiner').pattern}{re.escape(head[0])}s?\b",
            text,
            re.I,
        )
        if head and bare:  # the thing itself, not 'the first tank' or 'a pump tank'
            return 1, {term}, len(_stems(text[: bare.start()]))
    return 0, set(), len(text)


def _from_the_asked_figure(specs: list[Any], given: dict[str, Any], unit: str) -> bool:
    """Whether the rule takes as an input a figure in its own unit that the question gives (the
    alarm level from the tank's capacity): it cannot say whether that figure is enough."""
    return any(s.kind == "number" and s.unit == unit and s.name in given for s in specs if unit)


def _referred(rule: Any, story: str, part: str) -> set[str]:
    """The rule's terms of several words that the story gives and the part names by one of
    their words ('holding tank' ... 'tank capacity?')."""
    asked = set(_stems(part).split())
    told = {t for t in _hits(rule, story)[1] if len(t.split()) > 1}
    return {t for t in told if asked & set(_stems(t).split()) and _stems(t) not in _stems(part)}


def _depth_choice(choices: list[str], low: str) -> str | None:
    """'well_less_than_50_ft' (a row 'Water supply well, casing less than 50 feet') or 'well',
    for a question that says how deep its well is ('casing only goes down like 35 feet', 'less
    than 50 ft deep', 'a shallow well'); None when it says nothing of the depth."""
    for choice in choices:
        m = re.fullmatch(r"(.+)_less_than_(\d+)_ft", choice)
        if m is None:
            continue
        base, limit = m.group(1), int(m.group(2))
        if not re.search(rf"\b{re.escape(base.replace('_', ' '))}s?\b", low):
            continue
        below = phrase("less_than_before").pattern
        if re.search(rf"{below}{limit}\b|{phrase('shallow').pattern}", low):
            return choice
        for n in phrase("feet_figure").finditer(low):
            if phrase("depth_words").search(low[max(0, n.start() - 60) : n.end() + 30]):
                deeper = base if base in choices else None
                return choice if float(n.group(1)) < limit else deeper
    return None


def _negated_choice(choice: str) -> re.Pattern[str]:
    words = re.escape(choice.replace("_", " "))
    return re.compile(rf"{phrase('negated_before').pattern}{words}(?:e?s)?\b")


def _alternatives(label: str) -> list[str]:
    """A flag's label and the phrases its 'or' makes of it: 'unfinished basement or lower
    level' -> 'unfinished basement', 'unfinished lower level' (the adjective is shared); cases
    after a ';' share nothing ('garbage disposal; lift station or ejector pump')."""
    out: list[str] = []
    for case in label.split(";"):
        first, *others = [p.strip() for p in re.split(r"\s+or\s+", case.strip())]
        head = first.split()[:-1] if len(first.split()) > 1 and ";" not in label else []
        out += [first, *(" ".join([*head, o]) if len(o.split()) <= 2 else o for o in others)]
        if len(head) > 1:  # 'unfinished lower level or basement': 'unfinished basement'
            out += [" ".join([head[0], o]) for o in others if len(o.split()) <= 2]
    return out


def _flag_or_choice(spec: Any, text: str) -> Any:
    low = text.lower()
    if spec.kind == "flag":
        said = {w[:5] for w in re.findall(r"[a-z]+", low)}
        for label in _alternatives(re.sub(r"\(.*?\)", "", spec.label)):
            words = _label_words(label)
            # a thing of three or more words is named by all but its last ('garbage disposal'
            # for 'garbage disposal unit')
            head = _label_words(label.rsplit(" ", 1)[0]) if len(words) >= 3 else words
            if words and (words <= said or head <= said):
                near = phrase("negation_near").pattern
                negated = re.search(near + re.escape(sorted(words & said)[0]), low)
                return not negated
        return None
    if spec.kind == "choice" and spec.choices:
        by_depth = _depth_choice(spec.choices, low)
        if by_depth is not None:
            return by_depth
        hits = [c for c in spec.choices if any(re.search(rf"\b{n}s?\b", low) for n in _said(c))]
        if len(hits) > 1:  # 'a bed (not trenches)', 'a mound instead of a trench'
            hits = [c for c in hits if not _negated_choice(c).search(low)] or hits
        longest = [c for c in hits if c.count("_") == max((h.count("_") for h in hits), default=0)]
        return longest[0] if len(longest) == 1 else None  # "Heron Lake" over "lake"
    return None


def _said(choice: str) -> list[str]:
    """How a text names a choice ('lake_natural_environment'): its words in order, or with its
    first word (the kind of feature) last, as English puts it ('Natural Environment lake')."""
    words = [re.escape(w) for w in choice.split("_")]
    turned = [*words[1:], words[0]]
    # (up to two words between them: 'public water supply well' names 'public_well')
    gap = r"\s+(?:[a-z-]+\s+){0,2}?"
    return list(dict.fromkeys(gap.join(w) for w in (words, turned)))


def inputs_for(
    specs: list[Any], part: str, scope: str, rest_of_question: str = ""
) -> dict[str, Any]:
    """The values an asked part gives for a rule's inputs: its own words and figures first, then
    those of the question's premises; a required input (one without a default) may also come
    from another asked part ("How big a tank for 5 bedrooms, and when does the alarm go off?")."""
    given: dict[str, Any] = {}
    stated = extract_params(scope).stated()
    quantities = extract_quantities(scope)
    if any(q.unit == "bedrooms" and isinstance(q.value, list) for q in quantities):
        stated.pop("bedrooms", None)  # "3 and 5 bedrooms" are units, not one house
    own = extract_params(part)
    comp = {"sta": "soil_treatment_area", "tank": "tank"}.get(own.component or "")
    comp = comp or {"sta": "soil_treatment_area", "tank": "tank"}.get(str(stated.get("component")))
    for spec in specs:
        if spec.kind not in ("choice", "flag"):
            continue
        value = _flag_or_choice(spec, part)
        if value is None and spec.choices and comp in spec.choices:
            value = comp
        if value is None and spec.choices and own.feature in spec.choices:
            value = own.feature
        if value is None and spec.name in stated and spec.kind == "choice":
            value = stated[spec.name] if stated[spec.name] in (spec.choices or []) else None
            if value is not None and _negated_choice(str(value)).search(scope.lower()):
                value = None  # 'too small for trenches, so a bed': not the trench
        if value is None:
            value = _flag_or_choice(spec, scope)
        if value is None and spec.choices and stated.get("feature") in spec.choices:
            value = stated["feature"]
        if spec.kind == "choice" and spec.choices and value in spec.choices:
            # "how far from the well?" after "its casing only goes down 35 feet"
            value = _depth_choice(spec.choices, scope.lower()) or value
        if value is not None:
            given[spec.name] = value
    rest = [s for s in specs if s.name not in given and s.kind not in ("flag", "choice")]
    at = scope.find(part)
    mine = [q for q in quantities if at >= 0 and at <= q.start < at + len(part)]
    others = [q for q in quantities if q not in mine]
    # the asked part's own figures first, unless another figure's words fit an input better
    # ('issued ... in March 2024. We won't finish until October 2025 - is it still valid then?')
    given.update(bind([s for s in rest if not _fits_elsewhere(s, mine, others)], mine))
    rest = [s for s in rest if s.name not in given]
    given.update(bind(rest, [q for q in others if not _is_stated(q, given)]))
    if (
        "bedrooms" in given
        and "bedrooms" in stated
        and (MORE_ROOMS.search(scope) or TOTAL_ROOMS.search(scope))
    ):  # '3 bedrooms ... 2 more' / '..., so 5 bedrooms total': the house has 5
        given["bedrooms"] = stated["bedrooms"]
    for pname, iname in _PARAMS.items():  # what the number patterns of app.params read
        if iname not in given and pname in stated and any(s.name == iname for s in specs):
            given[iname] = stated[pname]
    needed = [s for s in specs if s.name not in given and s.default is None and s.kind != "flag"]
    if needed and rest_of_question:
        given.update(inputs_for(needed, rest_of_question, rest_of_question))
    return given


def _fits_elsewhere(spec: Any, mine: list[Quantity], others: list[Quantity]) -> bool:
    """Whether a date outside the asked part has more of a date input's label words beside it
    than any date of the asked part (whose date may be the one the answer is checked against)."""
    if spec.kind not in ("date", "datetime"):
        return False

    def best(qs: list[Quantity]) -> int:
        fit = [score(spec.label, q) for q in qs if compatible(spec.unit, spec.kind, q)]
        return max(fit, default=-1)

    return best(others) > max(best(mine), 0)


def _figure_types(text: str) -> set[str]:
    """The kinds of figure an asked part wants, where its wording decides them (a distance)."""
    types = lexicon().answer_types
    return {t for t in asked_types(text) if t in FIGURE_TYPES and types[t].decisive}


@lru_cache(maxsize=256)
def _unit_types(unit: str) -> frozenset[str]:
    """The kinds of figure a rule's unit gives ('gal': a volume), by the reader's own patterns."""
    if not unit:
        return frozenset()
    said = (f"2 {unit}", f"2 {unit}.", f"{unit}2")
    return frozenset(
        t for t in FIGURE_TYPES if t != "count" and any(carries(text, t) for text in said)
    )


def _is_stated(q: Any, given: dict[str, Any]) -> bool:
    return q.unit == "bedrooms" and not isinstance(q.value, list) and "bedrooms" in given


def choose(
    calculators: Any,
    city: str,
    u: Understanding,
    question: str,
    texts: list[Any] | None = None,
    fits: Callable[[Any, str, set[str]], bool] | None = None,
) -> list[tuple[Any, dict[str, Any]]]:
    """(rule, inputs) for each asked part the city's rules can compute: the rule whose terms the
    part uses most (or, if the part names none, the premises), plus any rule answering other
    words of the part. With `fits`, a rule answers a part only where its provision speaks of
    what the part asks ("how far out do we mail notice" is not a setback question)."""
    rules = calculators.rules_for(city)
    chosen: list[tuple[Any, dict[str, Any]]] = []
    pieces = parts(question)
    premise = " ".join(p.text for p in pieces if not p.asked)
    asked_parts = [p for p in pieces if p.asked]
    for n, part in enumerate(asked_parts):
        scope = f"{premise} {part.text}".strip()
        # "how far must the tank be from the house, and how far the drainfield?": a part asked
        # like the one before it, in as many words, names its rule through that one
        before = (
            asked_parts[n - 1].text if n and _parallel(asked_parts[n - 1].text, part.text) else ""
        )
        others = " ".join(p.text for p in pieces if p.asked and p is not part)
        if phrase("asks_again_of").match(part.text):
            others = ""  # '..., and from the well?': its feature is its own, not the house's
        ranked: list[tuple[int, int, int, int, int, int, Any, dict[str, Any], set[str]]] = []
        by_head: set[int] = set()  # rules the part names only by a head word (see `_head_hit`)
        told_of: dict[int, set[str]] = {}  # the rule's terms the story gives for the part's word
        yes_no = is_yes_no(part.text) or is_yes_no(question)
        meets = yes_no and bool(lexicon().pattern(lexicon().meets).search(part.text))
        best_text: tuple[int, Any] | None = None
        asked = _figure_types(part.text)
        lex = lexicon()
        other = lex.pattern(lex.establishment).search(scope)  # 'a 40-seat restaurant'
        for i, rule in enumerate(rules):
            gives = _unit_types(rule.unit)
            if asked and gives and not asked & gives:
                continue  # "how far must the tank be ..." is not asking for its capacity
            if other and lex.pattern(lex.dwelling_only).search(rule.asks):
                continue  # a dwelling's rule does not size a restaurant
            if rule.topic == "setback" and (
                lex.pattern(lex.public_sewer).search(part.text)
                or (
                    phrase("the_sewer").search(part.text)
                    and lex.pattern(lex.public_sewer).search(scope)
                )
            ):  # 'how close must the city sewer main be?': no setback of a septic part; nor
                continue  # 'the sewer' of a story about a new sewer main
            own, found, first = _hits(rule, part.text)
            if not own and before:
                own, found, _ = _hits(rule, before)
            told = _hits(rule, premise)[0] if premise else 0
            if not own and not told and u.topic == rule.topic and len(asked_parts) == 1:
                own, found, first = _head_hit(rule, part.text)
                if (
                    not own
                    and premise
                    and (
                        set(asked_types(part.text)) & _unit_types(rule.unit)
                        or (meets and _tells(premise, rule.unit))
                    )
                ):
                    # 'Sizing a tank for a 4 bedroom home. What's the minimum gallons?': the
                    # story names the thing, the part asks for its unit; 'quoted a 2,200 gallon
                    # tank ... Is that big enough?': the story's figure is the one to check
                    own, found, first = _head_hit(rule, premise)
                if own:
                    by_head.add(id(rule))
            score = own * 2 + _hits(rule, premise)[0] if premise else own * 2
            if score == 0:
                continue
            specs = calculators.needed_inputs(city, rule.id)
            given = inputs_for(specs, part.text, scope, others)
            # a feature named like the place ("fronts Pine Ridge Lake"), where the question names
            # that one place (in a list of places compared, a name is the place's)
            alone = len(u.jurisdictions) <= 1 and not u.comparison
            for spec in specs:
                if spec.kind == "choice" and u.question != question and alone:
                    named = _flag_or_choice(spec, u.question)
                    had = str(given.get(spec.name, ""))
                    water = not had or had in ("water", "river") or had.startswith("lake_")
                    if isinstance(named, str) and "_" in named and water:
                        given[spec.name] = named  # 'Willow Bend Lake' over any 'lake' ('water')
            if not calculators.runnable(city, rule.id, given):
                words = len(set(_stems(" ".join(found | _hits(rule, premise)[1])).split()))
                if own and words >= 3 and (best_text is None or words > best_text[0]):
                    best_text = (words, rule)  # three of its words, the asked part's among them
                continue
            used = len([s for s in specs if s.name in given])
            if not used and score < 3:
                continue  # a one-word match and nothing to compute with: not this rule
            if fits is not None and not (fits(rule, part.text, found) or fits(rule, scope, found)):
                continue
            checks = int(yes_no and _checks(rule.formula, given))
            if meets and not checks and _from_the_asked_figure(specs, given, rule.unit):
                continue  # 'is a 1,200 gallon tank enough?': not a rule computed from the 1,200
            # 'a temporary holding tank ... Minimum tank capacity?': of rules as close, the one
            # whose term the story gives for the part's own word
            referred = _referred(rule, premise, part.text) if premise else set()
            back = len(referred)
            if referred and not own:  # it stands where the part names it
                low = _stems(part.text)
                where = [low.find(f" {w} ") for t in referred for w in _stems(t).split()]
                first = min((a for a in where if a >= 0), default=first)
            ranked.append((own, checks, score, back, used, -i, rule, given, found | {f"@{first}"}))
            told_of[id(rule)] = referred
        if any(id(r[6]) not in by_head for r in ranked):  # a rule the part names: not a head's
            ranked = [r for r in ranked if id(r[6]) not in by_head]
        if not ranked and best_text is not None and texts is not None:
            if best_text[1] not in texts:  # asked for, but not computable: its text
                texts.append(best_text[1])
            continue
        # 'measured 30 inches: do we pass?': the rule that checks the measured figure decides
        # and a rule the story names, by a term of its topic alone, as the kind of the thing the
        # part asks of ('getting a holding tank approved. What's the smallest tank size?')
        # before one the part's words name alone
        topics: dict[str, set[str]] = {}
        for r in ranked:
            for t in r[6].terms:
                topics.setdefault(t, set()).add(r[6].topic)
        own_term = {
            k: any(len(topics[t]) == 1 and _stems(t).split()[-1] in _stems(part.text) for t in v)
            for k, v in told_of.items()
        }  # a kind of the thing the part asks of ('holding tank' for 'tank'), one topic's term
        ranked.sort(key=lambda x: (x[1], own_term[id(x[6])], *x[2:6]), reverse=True)
        picked: list[tuple[int, Any, dict[str, Any]]] = []
        covered: set[str] = set()
        lead = ranked[0] if ranked else None
        for own, checks, score, back, used, _, rule, given, found in ranked:
            if lead is not None and lead[1] and not checks:
                continue  # a yes/no part answered by a check: not by a figure beside it
            if lead is not None and lead[3] > back and rule.unit == lead[6].unit:
                continue  # the story's holding tank is the asked tank: not the septic tank
            terms = {t for t in found if not t.startswith("@")}
            several = (
                lead is not None
                and (own, score, used) == (lead[0], lead[2], lead[4])
                and (rule.topic, rule.section) == (lead[6].topic, lead[6].section)
                and any(re.search(rf"\b{re.escape(t)}s\b", part.text.lower()) for t in terms)
            )  # "what are our deadlines?": every rule of the section the words name
            if picked and not several and (not own or terms <= covered):
                continue  # another rule already answers with these words
            covered |= terms
            first = int(next(t for t in found if t.startswith("@"))[1:])
            picked.append((first, rule, given))
        for _, rule, given in sorted(picked, key=lambda x: x[0]):
            if all((r.id, g) != (rule.id, given) for r, g in chosen):
                chosen.append((rule, given))
    if MORE_ROOMS.search(question):  # '5 bedrooms ... 2 more': the house after, then before
        rooms = extract_params(MORE_ROOMS.sub(" ", question)).bedrooms
        for rule, given in list(chosen):
            if rooms and given.get("bedrooms") not in (None, rooms):
                at = chosen.index((rule, given)) + 1
                chosen.insert(at, (rule, {**given, "bedrooms": rooms}))
    return chosen


def _checks(formula: Any, given: dict[str, Any]) -> bool:
    """Whether the formula checks a figure the question gives against a bound (a measured
    separation against its minimum), anywhere in its cases."""
    if isinstance(formula, BaseModel):
        value = getattr(formula, "value", None)
        if getattr(formula, "kind", "") == "bounds" and getattr(value, "name", None) in given:
            return True
        return any(_checks(getattr(formula, f), given) for f in type(formula).model_fields)
    if isinstance(formula, list | tuple):
        return any(_checks(x, given) for x in formula)
    return False


def rule_blocks(
    worker: Any, u: Understanding, city: str, question: str
) -> list[tuple[Block, ToolCall]]:
    """Blocks for the rules a question asks of one city, each with its arithmetic and the tool
    call to record if the block is used."""
    calc = worker.calculators
    if calc is None or not hasattr(calc, "rules_for"):
        return []
    blocks: list[tuple[Block, ToolCall]] = []
    texts: list[Any] = []

    def fits(rule: Any, text: str, found: set[str]) -> bool:
        return _speaks_of(worker, city, rule, text, found)

    for rule, given in choose(calc, city, u, question, texts, fits):
        rooms = _design_rooms(calc, city, rule, given, question)
        if rooms is not None and rooms.value is not None:
            given = {**given, "bedrooms": int(rooms.value)}
        try:
            result = calc.apply_rule(city, rule.id, **given)
        except ToolInputError as exc:
            log.info("rule %s: %s", rule.id, exc)
            continue
        if rooms is not None:
            step = f"Unfinished basement: design for {int(rooms.value or 0)} bedrooms."
            result = result.model_copy(
                update={
                    "steps": [*rooms.steps, step, *result.steps],
                    "citations": [
                        *rooms.citations,
                        *(c for c in result.citations if c not in rooms.citations),
                    ],
                }
            )
        if _echo(result, given):
            log.info("rule %s: gives back an input unchanged; not an answer", rule.id)
            continue
        data = result.model_dump(mode="json")
        args = {
            k: v if isinstance(v, int | float | str | list) else str(v) for k, v in given.items()
        }
        worker.ctx.allow_numbers_from(data, {k: str(v) for k, v in given.items()})
        new = any(k not in _PARAMS.values() for k in given)
        block = _block(worker, city, result, data, RULE_NEW if new else RULE)
        if block.outcome is None:
            block.outcome = _in_time(question, result.value_text, given)
        if block.outcome is None:
            block.outcome = _enough(question, rule, result.value, given)
        blocks.append((block, ToolCall(name=f"rule:{rule.id}", arguments=args, result=data)))
    blocks += [_text_block(worker, calc, city, rule) for rule in texts]
    return blocks


def _design_rooms(
    calc: Any, city: str, rule: Any, given: dict[str, Any], question: str
) -> Any | None:
    """The city's design bedrooms (its `bedrooms` rule, with its steps) for a rule of bedrooms
    that knows no basement ('4 or more bedrooms also require two compartments'), where the
    question's house has an unfinished basement; None otherwise."""
    if rule.topic == "bedrooms" or not isinstance(given.get("bedrooms"), int | float):
        return None
    if any(s.name == "unfinished_basement" for s in calc.needed_inputs(city, rule.id)):
        return None  # the rule counts the basement itself
    if not extract_params(question).stated().get("unfinished_basement"):
        return None
    if not hasattr(calc, "design_bedrooms"):
        return None
    rooms = calc.design_bedrooms(city, int(given["bedrooms"]))
    return rooms if rooms is not None and rooms.value != given["bedrooms"] else None


def _tells(text: str, unit: str) -> bool:
    """Whether the text states a figure in the unit ('a 2,200 gallon tank': 'gal')."""
    return bool(unit) and any(q.unit == unit for q in extract_quantities(text))


def _enough(question: str, rule: Any, value: float | None, given: dict[str, Any]) -> bool | None:
    """A yes/no question whether a figure it states meets a least figure the rule computed ('we
    were quoted a 2,200 gallon tank ... does that meet the minimum?' against 2,100 gal): at or
    above it meets it. Only a rule of a least figure ('minimum ...', 'least ...'), with one such
    figure besides the rule's inputs, decides."""
    lex = lexicon()
    if value is None or not is_yes_no(question) or not lex.pattern(lex.meets).search(question):
        return None
    if not re.match(r"(?:minimum|least)\b", rule.asks):
        return None
    told = {
        q.value
        for q in extract_quantities(question)
        if q.unit == rule.unit and q.value not in given.values()
    }
    return told.pop() >= value if len(told) == 1 else None


def _in_time(question: str, due_text: str | None, given: dict[str, Any]) -> bool | None:
    """A yes/no question naming one date besides those the rule was computed from ('issued in
    March 2024 ... we finish in October 2025: still valid then?'), answered by that date against
    the computed one: on or before it is in time (a question asking whether it is late, the
    reverse); a month that holds the computed day, or no such date, decides nothing."""
    if due_text is None or not is_yes_no(question):
        return None
    try:
        due = date.fromisoformat(due_text[:10] if len(due_text) >= 10 else f"{due_text}-01")
    except ValueError:
        return None
    asked = [
        q.value
        for q in extract_quantities(question)
        if q.unit in ("date", "datetime") and q.value not in given.values()
    ]
    if len(asked) != 1:
        return None
    when = asked[0]
    if isinstance(when, Month) or len(due_text) < 10:
        if (when.year, when.month) == (due.year, due.month):
            return None
        in_time = (when.year, when.month) < (due.year, due.month)
    else:
        in_time = (when.date() if isinstance(when, datetime) else when) <= due
    lex = lexicon()
    late = lex.pattern(lex.lateness).search(asking_and_context(question)[0])
    return in_time != bool(late)


def _quotes(rule: Any) -> list[str]:
    """The sentences the rule is read or curated from: its quote and its figures' quotes."""
    out: list[str] = [getattr(rule, "quote", None) or ""]

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("quote"), str):
                out.append(node["quote"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    formula = getattr(rule, "formula", None)
    walk(formula.model_dump() if formula is not None else None)
    return list(dict.fromkeys(q for q in out if q))


def _speaks_of(worker: Any, city: str, rule: Any, text: str, found: set[str]) -> bool:
    """Whether the rule's provision speaks of what the asked part (with its premises) asks about:
    one of its own words (beyond those that named the rule, and the places) is in the sentences
    an extracted rule is read from ('is the alarm set at two-thirds full?' is not asking the
    capacity its section also gives) or a curated rule's section, its section's title or the
    rule's words; text with fewer than two such words is not held against it."""
    try:
        section = worker.retriever.section_text(city, rule.section or rule.title or "")
    except OrdinanceError:
        return True  # a state rule's part, or no provision to read: nothing to check against
    named = {_stem(w) for t in found for w in content_words(t)}
    place = {_stem(w) for w in content_words(" ".join(worker.names.values()))}
    keys = {k for k in key_words(text) - named - place if k.isalpha() and len(k) > 2}
    if len(keys) < 2:
        return True  # "how big?": too few words to judge by
    keys |= {_stem(w) for w in synonyms_of(text)} - named  # "starting early": "begun before"
    inputs = [
        f"{i.name.replace('_', ' ')} {i.label}" for i in rule.inputs
    ]  # what it is computed from
    # a rule read from the text speaks of its sentences; a curated one of its whole section
    read = section.text if getattr(rule, "origin", "") == "curated" else " ".join(_quotes(rule))
    said = " ".join([section.title, read, rule.asks, *rule.terms, *inputs])
    have = {_stem(w) for w in content_words(said)}
    return any(_near(k, have) for k in keys)


def _text_block(worker: Any, calc: Any, city: str, rule: Any) -> tuple[Block, ToolCall]:
    """The provision of a rule the question gives too little to compute, with what would."""
    specs = [s for s in calc.needed_inputs(city, rule.id) if s.default is None]
    where = f"§{rule.section}" if rule.section is not None else f'"{rule.title}"'
    cite = {"jurisdiction": city, "section": rule.section, "title": rule.title,
            "quote": rule.quote, "source": "city", "confidence": rule.confidence}  # fmt: skip
    data = {"status": "needs_input", "rule": rule.id, "citations": [cite],
            "needs": [s.name for s in specs]}  # fmt: skip
    name = worker.names[city]
    notes = [f"To compute it, give {', '.join(s.label for s in specs)}."] if specs else []
    block = Block(
        jurisdiction=city,
        name=name,
        headline=f'{rule.asks[0].upper()}{rule.asks[1:]}: {name} {where} says: "{rule.quote}"',
        supports=worker._provenance_supports([cite], city),
        notes=notes,
        topic=RULE_TEXT,
    )
    return block, ToolCall(name=f"rule:{rule.id}", arguments={}, result=data)


def _echo(result: Any, given: dict[str, Any]) -> bool:
    """The rule computed nothing: no step, and its figure is one of the inputs as given (a
    design-bedrooms rule without the condition that adds one)."""
    if result.steps or result.value is None or result.status != "ok":
        return False
    return any(
        isinstance(v, int | float) and not isinstance(v, bool) and float(v) == result.value
        for v in given.values()
    )


def _block(worker: Any, city: str, result: Any, data: dict[str, Any], topic: str) -> Block:
    lines = [result.summary]
    lines += [f"- {s}" for s in result.steps]
    notes = [f"Approval needed: {a}." for a in result.approvals]
    notes += [f"Not covered: {n}" for n in result.not_covered]
    notes += list(result.warnings)
    value = (
        result.shown() if result.status in ("ok", "flagged") else result.status.replace("_", " ")
    )
    return Block(
        jurisdiction=city,
        name=worker.names[city],
        headline="\n".join(lines),
        supports=worker._provenance_supports(list(data.get("citations") or []), city),
        value=value,
        notes=notes,
        topic=topic,
        abstained=result.status == "deferred",  # the text leaves the figure to a state rule
        outcome=result.outcome if result.status in ("ok", "flagged") else None,
    )
