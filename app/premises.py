"""A figure a question states, checked against the rule's: '6 months, right?' against
'valid for twelve (12) months' is No with the rule's figure; 'is 6 ft far enough?' against 'five
feet' is Yes (at least it); '3 years' and '36 months' are one period."""

from __future__ import annotations

import re

from app.compose import _stem
from app.lexicon import Lexicon, lexicon, phrase
from app.quantities import extract_quantities
from app.reader import (
    NUMBER_WORDS,
    asking_and_context,
    figure,
    stated_figure,
    subject_words,
    words_and_digits,
)
from app.rows import ROWS
from core.numbers import word_values


def premise_check(
    question: str, provision: str, types: list[str], *, by_case: bool = False
) -> tuple[str, str] | None:
    """A figure the asking sentence states ('6 months, right?') against the provision's (with
    `by_case`, of a provision's several figures the one whose clause speaks of the question's
    case: 'every 48 months, if it serves a seasonal dwelling' for a summer cabin):
    ('Yes'|'No', the provision's figure), or None when it states none. A figure told in the
    story before it ('Permits are only good for 90 days. Can I get mine renewed?') is not what
    is asked: it decides no Yes or No, unless the asking sentence only confirms it ('..., so we
    have to rush. Is that right?')."""
    lex = lexicon()
    whole = question  # the story tells which of a provision's figures is the case's
    asking = asking_and_context(question)[0]
    if (
        subject_words(asking)
        and not lex.pattern(lex.confirmation).search(asking)
        and not (
            lex.pattern(lex.meets).search(asking) and not re.search(r"\d", asking)
        )  # 'Is that lot /
        # the tank big enough?': the story's figure is the one asked about
        and not phrase("about_the_story").match(
            asking
        )  # '..., we'll wait a year. That works, right?'
    ):
        question = asking  # not 'Is that right?' / 'Do they?' / 'OK?' about the story's claim
    for name in dict.fromkeys([*types, "count"]):
        stated = stated_figure(question, name, lex)
        # a row: its column; by case: the item of a list that names the question's case
        found = figure(provision, name, whole if by_case or provision in ROWS else "")
        at = question.find(stated) if stated else -1
        if at > 0 and phrase("beyond_the_figure").search(question[:at]):
            continue  # 'longer than the normal 30 months?': the usual rule is not the case's
        if (
            stated and name == "count"
        ):  # "2 soil borings" against the provision's "four (4) ... borings"
            # ('a 3 bedroom system': its bedrooms or its systems, whichever the provision counts)
            said = {_stem(w.lower()) for w in stated.split()[1:]}
            pattern = lex.pattern(lex.answer_types[name].figure)
            nouns = [
                m.group(0)
                for m in pattern.finditer(provision)
                if _stem(m.group(0).split()[-1].lower()) in said
            ]
            found = nouns[0] if nouns else None
        if stated and found:
            agree = bool(words_and_digits(stated) & words_and_digits(found))
            spans = _in_months(stated), _in_months(found)
            if name in ("duration", "frequency") and all(spans):
                # '3 years' and '36 months' are one period
                agree = any(abs(a - b) <= 0.02 * max(a, b) for a in spans[0] for b in spans[1])
                if name == "duration" and phrase("obliged_within").search(question):
                    # 'do they have to report it within a day?' against 'not later than
                    # eighteen (18) hours': a rule sooner than the asked bound meets it
                    agree = min(spans[1]) <= max(spans[0]) * 1.02
            enough = lex.pattern(lex.meets).search(question)
            have, need = _figures(stated), _figures(found)
            if enough and len(have) == 1 and len(need) == 1 and name != "count":
                # 'is 6 ft off the property line far enough?' against 'five feet': at least it
                at = provision.find(found)
                most = (
                    phrase("at_most_before").search(provision[max(0, at - 40) : at])
                    if at >= 0
                    else None
                )
                (h,), (n,) = have, need
                agree = h <= n if most else h >= n
            return ("Yes" if agree else "No", found)
    if (
        "frequency" in types
        and stated_figure(question, "frequency", lex)
        and not figure(provision, "frequency")
        and not figure(provision, "duration")
    ):
        # 'does the city require pumping every 3 years?' against a rule that sets no interval
        # ('pumped before the sludge reaches 12 inches of the outlet'): not that interval
        return ("No", "no such interval")
    return None


_PER_MONTH = {"year": 12.0, "month": 1.0, "week": 12 / 52, "day": 12 / 365, "hour": 12 / 8760}
_PERIOD = re.compile(
    r"(\d[\d,]*(?:\.\d+)?)\s*(?:\)\s*)?-?(year|month|week|day|hour)s?\b", re.I
)  # '30 months', 'thirty (30) months', 'a 30-month interval'


_ONE = {"annual": "year", "yearly": "year", "monthly": "month", "weekly": "week", "dai": "day"}


def same_period(said: str, question: str) -> bool:
    """Whether a period the text says is one the question states, counted in months ('twelve
    (12) months' and 'one year')."""
    ours, theirs = _in_months(said), _in_months(question)
    return any(abs(a - b) <= 0.02 * max(a, b) for a in ours for b in theirs)


def _in_months(text: str) -> set[float]:
    """The periods a text states, in months ('three (3) years' -> {36.0}; '36 months',
    'annually', 'every year' -> {36.0}, {12.0}, {12.0})."""
    words = " ".join(
        f"{NUMBER_WORDS[w.lower()]}" if w.lower() in NUMBER_WORDS else w for w in text.split()
    )
    found = {
        float(m.group(1).replace(",", "")) * _PER_MONTH[m.group(2).lower()]
        for m in _PERIOD.finditer(words)
    }
    for m in phrase("once_per_period").finditer(text):
        unit = next(g for g in m.groups() if g).lower()
        found.add(24.0 if unit == "biennial" else _PER_MONTH[_ONE.get(unit, unit)])
    return found


def _figures(text: str) -> set[float]:
    """The numbers a figure states: its digits where it has any ('one hundred (100) feet': 100),
    else its number words."""
    mixed = re.compile(r"(\d[\d,]*(?:\.\d+)?)(?:\s+(\d+)\s*/\s*(\d+)|\s*/\s*(\d+))?")
    digits = set()
    for m in mixed.finditer(text):
        whole = float(m.group(1).replace(",", ""))
        if m.group(2) and float(m.group(3)):  # '1 1/2 acres': 1.5
            whole += float(m.group(2)) / float(m.group(3))
        elif m.group(4) and float(m.group(4)):  # '1/2 acre': 0.5
            whole /= float(m.group(4))
        digits.add(whole)
    return digits or words_and_digits(text)


# -- a case's figure against a bound the provision sets -----------------------------------------

_SPELLED_BEFORE = re.compile(
    r"\b(?:[a-z]+[\s-]+){0,5}[a-z]+\s*\((\d[\d,]*(?:\.\d+)?(?:\s+\d/\d)?)\)"
)
_FRACTION = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s+(\d)/(\d)(?!\d)")


def _quantities(text: str) -> list[tuple[float, str]]:
    """(value, unit) of each figure with a unit ('one hundred twenty (120) days', '2 1/2 acres')."""
    text = _SPELLED_BEFORE.sub(r"\1", text)
    text = _FRACTION.sub(
        lambda m: f"{float(m.group(1).replace(',', '')) + int(m.group(2)) / int(m.group(3)):g}",
        text,
    )
    return [
        (float(q.value), q.unit)
        for q in extract_quantities(text)
        if isinstance(q.value, int | float) and q.unit
    ]


def _bounds(provision: str) -> list[tuple[str, float, str, str, str]]:
    """Each bounded figure of the provision: (how a case meets it, the bound, its unit, the
    bounding phrase, the clause it stands in). A bound on a change ('reduced by not more than
    six (6) inches') bounds no case."""
    lex = lexicon()
    taken: list[tuple[int, int]] = []
    out = []
    for how in ("at_most", "at_least", "below", "above"):
        for m in lex.pattern(getattr(lex.bounds, how)).finditer(provision):
            if any(a <= m.start() < b for a, b in taken) or phrase("changed_by").search(
                provision[: m.start()]
            ):
                continue
            window = provision[m.end() : m.end() + 70]
            found = _quantities(window)
            first = _QTY_START.match(window) or _SPELLED_START.match(window)
            if not found or first is None or not _only_number_words(window[: first.end()]):
                continue  # the comparison does not bound a figure ('less than the required')
            taken.append((m.start(), m.end()))
            value, unit = found[0]
            start = max(provision.rfind(c, 0, m.start()) for c in ".;:")
            after = m.end() + first.end()
            end = min(  # up to the next comma: '..., upon a showing that ... does not exceed'
                (i for i in (provision.find(c, after) for c in ".;,") if i >= 0),  # is another
                default=len(provision),  # condition, not the bounded rule's own negation
            )
            bounding = provision[m.start() : after].strip(" ,;.")
            out.append((how, value, unit, bounding, provision[start + 1 : end]))
    return out


_QTY_START = re.compile(
    r"(?:\s+[a-z]+(?:-[a-z]+)?){0,8}?\s*\(?\$?\d[\d,]*(?:\.\d+)?(?:\s+\d/\d)?\)?\s*"
    r"[a-z%\"']+(?:\s+(?:per|a)\s+day|\s+feet)?",
    re.I,
)
"""A bounded figure as printed, from the comparison to its unit ('one hundred (100) gallons per
day'), spelled words first or not."""


_SPELLED_START = re.compile(
    r"(?:\s+[a-z]+(?:-[a-z]+)?){1,4}?\s+(?:years?|months?|weeks?|days?|hours?|feet|foot|inches|"
    r"gallons?|acres?|bedrooms?)\b",
    re.I,
)
"""A bounded figure spelled in words only ('not more than three years before the transfer')."""


_NUMBER_WORDS = frozenset(
    [*word_values(), "and", "a", "half", "one-half", "quarter", "one-quarter"]
)


def _only_number_words(figure: str) -> bool:
    """Whether the words before a bounded figure's digits spell it ('one hundred twenty (120)
    days'), not a frequency ('at least once every 42 months') or another clause."""
    digits = re.search(r"\d", figure)
    lead = figure[: digits.start()] if digits else " ".join(figure.split()[:-1])  # its unit
    return all(w in _NUMBER_WORDS for w in re.findall(r"[a-z]+(?:-[a-z]+)?", lead.lower()))


def _meets(how: str, have: float, bound: float) -> bool:
    return {
        "below": have < bound,
        "at_most": have <= bound,
        "above": have > bound,
        "at_least": have >= bound,
    }[how]


def bound_check(question: str, provision: str) -> tuple[str, str] | None:
    """Yes or No for a yes/no question whose story states a figure of its case ('a cabin we use
    about 150 days a year') that a provision bounds ('an owner whose dwelling is occupied on
    fewer than one hundred twenty (120) days ... may ask'): the case meets the bound or not, and
    a provision that says no ('No new lot ... shall be created with an area of less than ...')
    turns that over. With the bounding phrase; None when no figure of the question pairs with a
    bound, when pairs disagree, or when the question asks to go without or is negated."""
    lex = lexicon()
    asking = asking_and_context(question)[0]
    if lex.pattern(lex.evasion).search(question) or phrase("negated_ask").search(asking):
        return None
    have = _quantities(
        phrase("every_interval").sub(" ", question)
    )  # 'pump every 4 years' states no case
    bounds = _bounds(provision)
    if not have or not bounds:
        return None
    words: set[str] = set()
    phrases: list[str] = []
    for how, bound, unit, bounding, clause in bounds:
        same = [v for v, u in have if u == unit]  # '150 days' against 'fewer than 120 days'
        if not same:
            continue
        said = lex.pattern(lex.not_negation).sub(" ", clause.replace(bounding, " "))
        negative = bool(
            lex.pattern(lex.negative).search(said) or lex.pattern(lex.prohibition).search(said)
        ) and not _lifted(said, clause[: max(0, clause.find(bounding))], lex)
        for value in same:
            if value == bound:  # '120 days, right?' restates the bound: the premise check's
                continue
            words.add("Yes" if _meets(how, value, bound) != negative else "No")
        phrases.append(bounding)
    if len(words) != 1:
        return None
    return words.pop(), phrases[0]


def _lifted(said: str, before: str, lex: Lexicon) -> bool:
    """Whether the bound is the condition that lifts the clause's prohibition ('No owner shall
    transfer ... unless ... a certificate issued not more than 26 months before'): a case that
    meets it is allowed, not forbidden."""
    no = lex.pattern(lex.negative).search(said) or lex.pattern(lex.prohibition).search(said)
    if no is None:
        return False
    at = before.lower().find(no.group(0).lower())
    return at >= 0 and bool(lex.pattern(lex.conditional).search(before[at + len(no.group(0)) :]))


def age_check(question: str, provision: str) -> tuple[str, str] | None:
    """Yes or No for a question about a thing done some time ago ('The inspection was done 2
    years ago. Is it still good?', '... 14 months ago. Do we need a new one?') against how long
    the provision says it stays good ('good for 18 months', 'made within the twelve (12) months
    before the date of closing'): still good when no older than that; a new one needed when
    older; whether one is still in time ('turned down 3 weeks ago: still within the time to
    appeal?') against the window the provision gives after the event ('within fifteen (15) days
    after the decision'); whether one is overdue ('last pumped 5 years ago') against the interval
    of the asked case ('every six (6) years' for a seasonal dwelling). With the provision's term; None when the question states no age or
    asks neither, or the provision states no one term."""
    asking = asking_and_context(question)[0]
    age = phrase("time_ago").search(question)
    in_time = phrase("still_in_time").search(asking)  # '... 3 weeks ago. Still time to appeal?'
    still = in_time or phrase("still_good").search(asking)
    anew = phrase("asks_new_one").search(asking) and lexicon().pattern(
        lexicon().requirement
    ).search(asking)
    overdue = phrase("asks_overdue").search(asking)  # 'last pumped 5 years ago. Are we overdue?'
    if age is None or not (still or anew or overdue):
        return None
    ages = _in_months(phrase("article_as_one").sub("1", age.group(1)))
    if overdue and not (still or anew):
        every = figure(provision, "frequency", question)  # the interval of the asked case
        spans = _in_months(every or "")
        if len(ages) != 1 or len(spans) != 1 or every is None:
            return None
        return ("Yes" if min(ages) > min(spans) else "No"), every
    window = phrase("window_after") if in_time else phrase("stays_good_for")
    terms = {m.group(1) or m.group(2) for m in window.finditer(provision)}
    months = {t: _in_months(t) for t in terms}
    if len(ages) != 1 or len(terms) != 1 or len(next(iter(months.values()))) != 1:
        return None
    (term, (limit,)), (have,) = next(iter(months.items())), ages
    good = have <= limit
    word = ("Yes" if good else "No") if still else ("No" if good else "Yes")
    return word, term.strip()


_MONTH_NAMES = (
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"
)  # fmt: skip
_COMPUTED = re.compile(r"\((?P<year>\d{4})-(?P<month>\d{2})(?:-\d{2})?\)")


def date_claim_check(question: str, computed: str) -> str | None:
    """'Yes' or 'No' for a date the question claims ('we last pumped in April 2022, so we're good
    till 2026, right?') against the date a rule computed (`computed` holds it as '(2025-10)' or
    '(2025-10-31)'): the same year (and month, where the claim names one) is Yes; None when the
    question claims no date or nothing was computed."""
    got = _COMPUTED.search(computed)
    claims = list(phrase("claimed_date").finditer(question))
    if got is None or not claims:
        return None
    claim = claims[-1]
    same = int(claim["year"]) == int(got["year"])
    if same and claim["month"]:
        same = _MONTH_NAMES.index(claim["month"].lower()) + 1 == int(got["month"])
    return "Yes" if same else "No"


_SEASON_MONTH = {"spring": 4, "summer": 7, "fall": 10, "autumn": 10, "winter": 1, "year": 1}


def calendar_check(question: str, provision: str) -> tuple[str, str] | None:
    """For a term that ends with its calendar year ('valid only during the year for which
    issued'): 'No' when the question asks about a later time of a later year than the month it
    was issued ('got it this October. Still good next spring?'), 'Yes' when that time falls later
    in the same year; with the provision's words. None when either is not said."""
    term = phrase("calendar_year_term").search(provision)
    issued = phrase("issued_in_month").search(question)
    later = phrase("later_time").search(question[issued.end() :]) if issued else None
    if term is None or issued is None or later is None:
        return None
    months = lexicon().fragments["month_name"].split("|")
    start = next(i for i, m in enumerate(months, 1) if m.startswith(issued.group(1).lower()[:3]))
    word = (later.group(1) or later.group(2)).lower()
    when = _SEASON_MONTH.get(word) or months.index(word) + 1
    next_year = bool(phrase("coming_time").match(later.group(0)))
    if word == "year" or (next_year and when <= start) or (not next_year and when < start):
        return "No", term.group(0)
    return "Yes", term.group(0)
