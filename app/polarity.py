"""Yes or No from a provision: the polarity of a yes/no question answered by the provision the
reader chose, with the checks that turn it over (a negative claim asked to be confirmed, a case
the provision does not allow for, a lack the provision itself states).

Every word list it reads is in `app/lexicon.yaml`; this module holds only how they combine.
"""

from __future__ import annotations

import re

from app.lexicon import lexicon, phrase
from app.reader import (
    _ITEMS,
    _holder,
    asked_item,
    asking_and_context,
    other_case,
    stems,
    subject_words,
    synonyms_of,
)


def _unnegated() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each negation of a claim and the word that turns it over ('nobody' -> 'anyone')."""
    return (
        (phrase("says_nobody"), "anyone"),
        (phrase("says_cannot"), "can"),
        (phrase("says_wont"), "will"),
        (phrase("says_not"), ""),
    )


def _negated_claim(question: str) -> str | None:
    """The question with its claim's negation taken out, when it asks to confirm a negative
    claim ('Is it true nobody may put in a cesspool?' -> 'Is it true anyone may put in a
    cesspool?'); None otherwise. The answer to it, turned over, answers the question."""
    lex = lexicon()
    asking = asking_and_context(question)[0]
    claim = lex.pattern(lex.claim).search(asking)
    if claim is None:
        return None
    body = asking[claim.end() :] if claim.start() == 0 else asking[: claim.start()]
    if not lex.pattern(lex.claim_negation).search(body) or phrase("negated_asking_verb").match(
        body
    ):
        return None
    if lex.pattern(lex.evasion).search(body) or phrase("without").search(body):
        return None  # 'so I don't have to pump, right?' is asked as it stands
    positive = body
    for pattern, word in _unnegated():
        positive = pattern.sub(word, positive)
    return question.replace(body.strip(), " ".join(positive.split()))


def polarity(question: str, provision: str) -> str | None:
    """'Yes' or 'No' for a yes/no question answered by the provision, or None when unsure (a
    list is judged by its lead-in and the item the question asks about; a negative claim asked
    to be confirmed is answered by turning over the answer to its positive)."""
    positive = _negated_claim(question)
    if positive is not None and positive != question:
        word = polarity(positive, provision)
        return {"Yes": "No", "No": "Yes"}.get(word or "")
    lex = lexicon()
    whole = provision
    item = asked_item(question, provision)
    pieces = _ITEMS.split(provision)
    if (
        item == provision
        and len(pieces) >= 3
        and pieces[0].rstrip().endswith(":")
        and not lex.pattern(lex.restriction).search(pieces[0])  # 'allowed only:' is the items'
    ):
        # no item is asked about ('do I need a permit to install?' against 'Permits shall be
        # required as follows: (1) all new installations ... (4) not for routine maintenance'):
        # the lead-in's rule answers
        item = pieces[0]
    elif (
        item != provision
        and (spared := _spared_item(question, provision, item, pieces)) is not None
    ):
        # the asked item of a list of exemptions ('(a) does not apply to: ... (2) a transfer by
        # foreclosure'): judged under its lead-in, which says what the item is spared
        item = spared
    provision = _asked_sentence(question, item)
    # "Can I do it myself, or does a licensed installer have to?": Yes or No answers the first
    question = phrase("or_asks_again").split(question, maxsplit=1)[0]
    said = lex.pattern(lex.not_negation).sub(" ", provision)  # 'not limited to' says no no
    # nor does a condition ('If the inspector does not appear ..., the installer may complete')
    negative = bool(
        lex.pattern(lex.negative).search(phrase("condition_clause").sub(" ", said))
        or lex.pattern(lex.prohibition).search(said)  # 'a privy ... where a sewer is available
    )  # is declared a nuisance': a prohibition is one wherever the clause ends
    conditional = _conditional_negation(provision) if negative else _conditional(provision)
    if negative and _asks_the_negative(question, said):
        return "Yes"  # 'is the sludge measurement waived for them?' against '... is waived'
    if lex.pattern(lex.evasion).search(question):
        if not negative:
            return "No"  # 'can I skip the pumping?' against 'the owner shall have the tank pumped'
        if not conditional:
            return "Yes"  # 'is that exempt from a permit?' against 'a permit is not needed to'
    if not negative and opposed(question, provision):
        return "No"  # 'may be considered on previously developed sites': not a new house
    if negative and not conditional and _same_negation(question, provision):
        return "Yes"  # '..., with no separate registration?': 'does not require a registration'
    # (asked in the asking sentence: 'it's supposed to pour tonight' tells no duty)
    asking = asking_and_context(question)[0] or question
    asks_duty = bool(lex.pattern(lex.requirement).search(asking))
    asks_leave = bool(lex.pattern(lex.permission).search(asking)) and not asks_duty
    # (a 'not' of the question's own condition is no lack asked of: 'if we're not done in time
    # can we get more time?')
    unconditioned = phrase("condition_before_asking").sub(" ", question)
    q_without = bool(phrase("without_or_no").search(unconditioned))
    only = lex.pattern(lex.restriction).search(said)
    alike = _alike(question, provision)
    if alike is not None:
        return alike
    if asks_leave and _excludes_the_case(question, whole):
        return "No"  # '... A holding tank shall not be used for a new dwelling.' / 'our new house'
    if asks_leave and only:  # allowed only in a case: is the asked case that one?
        rest = said[only.start() :]
        # ('only: 1. to replace an existing system ...; 2. to serve a seasonal dwelling'): any
        # listed case
        listed = rest.find(":")
        cases = (
            [c for c in _LISTED.split(rest[listed + 1 :]) if c.strip(" ;,.")]
            if 0 <= listed <= len(only.group(0)) + 1
            else [re.split(r"[.;]", said[only.end() :], maxsplit=1)[0]]
        )

        told = phrase("progressive_verb").sub(lambda m: m.group(0)[: -len(m.group(1))], question)

        def met(case: str) -> bool:
            held = _holder(case)
            return (
                any(held(w) for w in subject_words(told))  # not 'the house we're building'
                and not opposed(question, case)
                and not _has_the_lack(question, case)
            )

        meets = any(met(case) for case in cases)
        asking = asking_and_context(question)[0]
        without = phrase("without_or_not").search(asking)  # '... without a licence?'
        return "Yes" if meets and not without else "No"
    if asks_duty:
        if negative and conditional:
            return "Yes"  # "no person shall ... without a permit"
        return "No" if negative else "Yes"
    if asks_leave:
        if (
            negative
            and not q_without
            and lex.pattern(lex.exemption).search(said)
            and not lex.pattern(lex.replaced).search(question)  # '... instead of pumping?'
            and not phrase("exemption_withdrawn").search(said)  # 'the exemption ... does not
        ):  # apply': a lifted exemption lifts no requirement
            return "Yes"  # 'can I swap the lid myself?' against 'no permit is required to replace'
        if negative:
            return "No"
        if q_without and conditional:  # '... without a license?': no, unless the rule allows
            return "Yes" if _same_without(question, provision) else "No"  # that very lack
        return "Yes"
    return "No" if negative else "Yes"


def _alike(question: str, provision: str) -> str | None:
    """A sentence putting both of two cases under one rule (`lexicon.opposites`: 'applies to
    seasonal and year-round dwellings alike') answers a question of one of them: No where it asks
    to be treated otherwise ('can our cabin go longer?'), Yes where it asks whether the rule
    reaches it; None where the provision says no such thing."""
    lex = lexicon()
    if not phrase("alike").search(provision):
        return None
    for a, b in lex.opposites:
        if not (lex.pattern(a).search(provision) and lex.pattern(b).search(provision)):
            continue
        told = f"{question} {' '.join(synonyms_of(question))}"  # 'our summer cabin': seasonal
        if lex.pattern(a).search(told) or lex.pattern(b).search(told):
            return "No" if phrase("asks_a_departure").search(question) else "Yes"
    return None


def _excludes_the_case(question: str, provision: str) -> bool:
    """Whether a sentence of the provision forbids or denies what it says for the very case the
    question puts itself in (`lexicon.opposites`: 'shall not be used for a new dwelling' /
    'the new house we're building'), the question naming that case and not its opposite."""
    lex = lexicon()
    asking = asking_and_context(question)[0] or question
    for sentence in re.split(r"(?<=[.;])\s+", provision):
        if not (
            lex.pattern(lex.negative).search(sentence)
            or lex.pattern(lex.prohibition).search(sentence)
        ) or lex.pattern(lex.evasion).search(asking):
            continue
        for a, b in lex.opposites:
            for mine, other in ((a, b), (b, a)):
                if (
                    lex.pattern(mine).search(sentence)
                    and lex.pattern(mine).search(question)
                    and not lex.pattern(other).search(question)
                    and not lex.pattern(other).search(sentence)
                ):
                    return True
    return False


_STEM_CHARS = 5
_LISTED = re.compile(r"(?:^|\s)(?:\(?\d{1,2}[.)]|\(?[a-z][.)])\s")  # '1. ', '(2) ', 'b. '


def _has_the_lack(question: str, case: str) -> bool:
    """Whether the case the provision allows is one without a thing ('only where there is no
    pressurized water in the building') that the question says it has ('our cabin has running
    water from a pressure tank'), not naming it as lacking."""
    lack = phrase("lacks_thing").search(case)
    if lack is None or phrase("denial").search(question):
        return False
    needed = {w[:_STEM_CHARS] for w in subject_words(lack.group(1)) if len(w) >= _STEM_CHARS}
    said = {w[:_STEM_CHARS] for w in subject_words(question) if len(w) >= _STEM_CHARS}
    return bool(needed) and needed <= said


def _asks_the_negative(question: str, provision: str) -> bool:
    """Whether the question asks if the very restriction the provision lays down holds ('Are
    privies prohibited there?' against 'Privies are prohibited'; 'is the inspection waived?'
    against 'the inspection ... is waived'): the last word of a negative of the provision that
    is no denial ('prohibited', 'waived', 'exempt', 'unlawful', 'nuisance'), not denied there,
    is a word of the asking sentence."""
    lex = lexicon()
    said = asking_and_context(question)[0]
    # ('Are drip systems banned?': the ordinances' word for the everyday one is asked too)
    asking = set(stems(said)) | {w for x in synonyms_of(said) for w in stems(x)}
    for p in (lex.pattern(lex.negative), lex.pattern(lex.prohibition)):
        for m in p.finditer(provision):
            if phrase("denial").search(m.group(0)) or phrase("denial").search(
                provision[max(0, m.start() - 12) : m.start()]
            ):
                continue
            last = stems(m.group(0))[-1:]
            if last and last[0] in asking:
                return True
    return False


_SENTENCE_END = re.compile(r"(?<=[a-z)]\.)\s+(?=[A-Z][a-z])")


def _spared_item(question: str, provision: str, item: str, pieces: list[str]) -> str | None:
    """The lead-in of a list that lifts a requirement ('Subsection (a) does not apply to:') with
    the asked item, or None when the provision is no such list, the item not one of it, or the
    item shares fewer than two of the question's subject words (not the asked case)."""
    lex = lexicon()
    colon = provision.find(":")
    own = next(
        (p.strip() for p in pieces[1:] if p.strip() and item.strip().endswith(p.strip())), ""
    )
    if colon < 0 or not own or provision.find(own) < colon:
        return None
    if sum(_holder(own)(w) for w in subject_words(question)) < 2:
        return None
    head = provision[: colon + 1]
    return f"{head} {own}" if lex.pattern(lex.exemption).search(head) else None


def _asked_sentence(question: str, provision: str) -> str:
    """Of a provision of several sentences that rule differently ('No shrubs shall be planted on
    the top of the mound. Shrubs may be planted on the side slopes'), the one holding most of the
    question's subject words, when every sentence speaks of the subject and they differ by the
    detail the question names; else the provision itself (one sentence, a tie, or a sentence
    none of whose words the question uses: an exception it may not name, 'not for financial
    reasons')."""
    sentences = [x for x in _SENTENCE_END.split(provision) if len(x.split()) >= 4]
    if len(sentences) < 2:  # one sentence of two rules ('... shall not serve a new dwelling,
        # and shall be used to replace ... only where ...'): its clauses
        sentences = [
            x for x in phrase("joined_duty_clause").split(provision) if len(x.split()) >= 4
        ]
    if len(sentences) < 2:
        return provision
    subject = subject_words(asking_and_context(question)[0])
    held = [sum(_holder(x)(w) for w in subject) for x in sentences]
    best = max(held)
    if best == 0 or held.count(best) > 1 or min(held) == 0:
        return provision
    return sentences[held.index(best)]


def _same_negation(question: str, provision: str) -> bool:
    """Whether the question asks to confirm a lack the provision states ('..., with no separate
    township registration?' and 'does not require a separate Township registration')."""
    asked = phrase("negated_thing").search(asking_and_context(question)[0])
    if asked is None:
        return False
    lex = lexicon()
    said = lex.pattern(lex.negative).search(provision)
    if said is None:
        return False
    # the lacking thing said around the negation: 'does not require a registration', 'a permit
    # is not required'
    around = provision[max(0, said.start() - 30) : said.end() + 80]
    held = set(stems(asked.group(1))) & set(stems(around))
    return bool(held - set(stems(" ".join(lex.asking_words))))


def opposed(question: str, provision: str) -> bool:
    """Whether the provision allows for one case (`lexicon.opposites`) and the question puts its
    case in the other, not naming the provision's ('a brand new house on bare land' against
    'may be considered for installation on previously developed sites')."""
    if other_case(question, provision):
        return True
    # 'a system ... that lies outside the shoreland area' / 'mine sits in the shoreland area'
    for m in phrase("outside_area").finditer(provision):
        place = re.escape(m.group(1).lower())
        inside, outside = phrase("in_the").pattern, phrase("not_in_the").pattern
        if re.search(rf"{inside}{place}\b", question, re.I) and not re.search(
            rf"{outside}{place}\b", question, re.I
        ):
            return True
    return False


def says_no(provision: str) -> bool:
    """Whether a provision says no outright (a prohibition, an exemption, a limit): not only in a
    condition ('Where an inspection shows that a system does not comply, ...'), and not 'no person
    shall ... without a permit', a rule that holds until its condition is met."""
    lex = lexicon()
    said = lex.pattern(lex.not_negation).sub(" ", provision)
    if lex.pattern(lex.prohibition).search(said) and not _conditional(said):
        return True
    said = phrase("condition_clause").sub(" ", said)
    return bool(lex.pattern(lex.negative).search(said)) and not _conditional(said)


def _conditional(text: str) -> bool:
    return bool(lexicon().pattern(lexicon().conditional).search(text))


def _conditional_negation(provision: str) -> bool:
    """Whether a clause that says no also names its condition ('no person shall install ...
    without a permit'); a condition in another clause ('No permit is required to abandon a
    system, but the owner shall notify ... before the work begins') is not the negation's."""
    lex = lexicon()
    said = lex.pattern(lex.not_negation).sub(" ", provision)
    return any(
        _conditional(clause)
        and bool(
            lex.pattern(lex.negative).search(clause) or lex.pattern(lex.prohibition).search(clause)
        )
        for clause in phrase("clause_turn").split(said)
    )


def _same_without(question: str, provision: str) -> bool:
    """Whether the provision allows going without what the question goes without ('without
    being licensed' and 'may install ... without a license')."""
    asked = phrase("without_what_asked").search(question) or phrase("not_licensed").search(
        question
    )  # "I'm not licensed", "unlicensed": goes without a license
    allowed = phrase("without_what").search(provision)
    if asked is None or allowed is None:
        return False
    return bool(set(stems(asked.group(1))) & set(stems(allowed.group(1))))


def exempts(question: str, quote: str) -> bool:
    """Whether the quote is an exception ('Exceptions: 1. ...') or a waiver ('Where ... pumped on
    an annual basis, the annual inspection ... is waived') to a requirement the question
    asks about ('Do we need another compliance inspection?'), not leave to skip one: a case
    that meets it is not required, one that falls outside it is."""
    lex = lexicon()
    asking = asking_and_context(question)[0]
    return bool(
        (lex.pattern(lex.exception_item).match(quote) or lex.pattern(lex.waiver).search(quote))
        and lex.pattern(lex.requirement).search(asking)
        and not lex.pattern(lex.evasion).search(asking)
        and not phrase("without").search(asking)
    )
