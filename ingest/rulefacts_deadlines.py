"""Deadlines counted from a notice, one rule per sentence that sets one:

    "shall repair, replace or abandon the system within ninety (90) days after receiving the
    notice"  -> the date received + 90 days
    "shall connect ... within one year after the city mails written notice" -> + 1 year
    "shall stop the discharge within forty-eight (48) hours of receipt of the notice" -> + 2 days

The rule's words (`terms`) are the sentence's own words before the deadline (what must be done,
and to what), so that a question is routed to the deadline it speaks of; working or business
days, and hours that are not whole days, are not counted (no rule).
"""

from __future__ import annotations

import re

from ingest.numbers import read_numbers
from ingest.records import Section
from ingest.rulefacts_consts import MONTHS
from ingest.rulefacts_shapes import extracted_rule, fold, sentences
from tools.formulas import Const, DateArithmetic, InputSpec, Rule

_UNIT = r"(hours?|days?|weeks?|months?|years?)"
_NOTICE = re.compile(
    rf"\bwithin (\d+) {_UNIT} (?:after|of|from|following) (?:(?:the )?date (?:of|on which) )?"
    r"(?:(?:the |a |such |written |its )*(?:receipt of|receiving|service of|mailing of) )?"
    r"(?:the |a |such |written |its )*notice\b|"
    rf"\bwithin (\d+) {_UNIT} (?:after|of|from) (?:receiving|receipt of) (?:it|the same|same)\b|"
    rf"\bwithin (\d+) {_UNIT} after (?:the )?[a-z ]{{0,40}}? (?:mails|sends|gives|serves|issues|"
    r"delivers) (?:a |the )?(?:written )?notice\b"
)
_BY_DAY = re.compile(
    rf"\bby ({'|'.join(MONTHS)}) (\d{{1,2}}),? of the (?:(?:calendar )?year (?:following|after) the )?"
    r"(?:calendar )?year (?:in which|that|when) (?:the )?(?:owner|person|he|she|they|it)?\s?"
    r"(?:receives?|is (?:served|given|sent)|gets?) (?:a |the |such |written )*notice\b",
    re.I,
)
"""'by October 1 of the year following the year in which the owner receives a notice of
noncompliance': that day of the year counted from the year of the notice."""
_STOP = {
    "shall", "must", "will", "within", "after", "which", "where", "there", "their", "other",
    "under", "section", "chapter", "ordinance", "article", "subdivision", "owner", "owners",
    "person", "system", "systems", "property", "notice", "written", "unless", "those", "these",
    "about", "thereof", "hereof", "found", "finds", "given", "receiving", "receipt",
}  # fmt: skip


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z]{5,}", text.lower()) if w not in _STOP]


NOTICE_DATE = InputSpec(name="notice_date", kind="date", label="date the notice was received")


def notice_deadlines(section: Section) -> list[Rule]:
    """One rule per sentence of the section that sets a deadline counted from a notice."""
    out: list[Rule] = []
    title = [w for w in re.findall(r"[a-z]{5,}", section.title.lower()) if w not in _STOP]
    said = sentences(fold(section.text))
    for at, sentence in enumerate(said):
        if "notice" not in sentence.lower():
            continue
        read = read_numbers(sentence) or ""
        start = 0
        if (day := _BY_DAY.search(read)) is not None:
            words = _words(read[: day.start()])[-6:]
            what = " ".join(words[-4:]) or section.title.lower()
            formula = DateArithmetic(
                kind="date_arithmetic",
                label=f"Deadline ({what})",
                start=NOTICE_DATE.name,
                unit="years",
                amount=Const(
                    kind="const", value=int(bool(re.search(r"following|after", day.group(0)))),
                    unit="years", quote=sentence, confidence="medium",
                ),
                on=f"{MONTHS.index(day.group(1).lower()) + 1:02d}-{int(day.group(2)):02d}",
            )  # fmt: skip
            rule = extracted_rule(
                section, "notice", topic="deadline", asks=f"deadline after a notice ({what})",
                terms=list(dict.fromkeys(["deadline", *words, *title])), quote=sentence,
                inputs=[NOTICE_DATE], formula=formula,
            )  # fmt: skip
            out.append(rule.model_copy(update={"id": f"{rule.id}.{len(out) + 1}"}))
        for m in _NOTICE.finditer(read):  # "... within 48 hours ..., and ... within 90 days ..."
            clause, start = read[start : m.start()], m.end()
            if re.search(r"\b(?:working|business) days?\b", m.group(0)):
                continue
            amount, unit = next((m[i], m[i + 1]) for i in (1, 3, 5) if m[i])
            n, unit = int(amount), unit.rstrip("s") + "s"
            if unit == "hours":
                if n % 24:
                    continue
                n, unit = n // 24, "days"
            if unit == "weeks":
                n, unit = n * 7, "days"
            words, why = _words(clause)[-6:], []
            if len(words) < 3 and at:  # 'Within ten days after receiving the notice, the owner
                # shall repair ...': what is done follows, and the sentence before gave the notice
                words, why = _words(read[m.end() :])[:6], _words(said[at - 1])[-8:]
            terms = list(dict.fromkeys(["deadline", *words, *why, *title]))
            what = " ".join(words[-4:]) or section.title.lower()
            formula = DateArithmetic(
                kind="date_arithmetic",
                label=f"Deadline ({what})",
                start=NOTICE_DATE.name,
                unit=unit,  # type: ignore[arg-type]
                amount=Const(kind="const", value=n, unit=unit, quote=sentence, confidence="medium"),
            )
            rule = extracted_rule(
                section, "notice", topic="deadline", asks=f"deadline after a notice ({what})",
                terms=terms, quote=sentence, inputs=[NOTICE_DATE], formula=formula,
            )  # fmt: skip
            out.append(rule.model_copy(update={"id": f"{rule.id}.{len(out) + 1}"}))
    return out
