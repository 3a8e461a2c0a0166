"""A township ordinance saved as an e-mail thread (plain text): the first articles pasted into
the clerk's message without quote marks, the last ones inside the attorney's reply with `>`
marks and his bracketed notes between the sections, one article only in an older message
quoted twice (`> >`) with the whole draft quoted again, quoted lines whose tails the mail
program re-wrapped onto lines without marks; Outlook and Gmail headers, attributions ('On ...
wrote:'), signatures, disclaimers, a website summary and older messages around it; a table of
contents, bracketed source notes, two fixed-width tables whose units are only in their captions
and words hyphenated at a line's end. It reads as the ordinance alone: each section once, in
order, under its article, without the mail or the replies, its tables read as rules."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from helpers import (
    FORMATS,
    expected_sections,
    found_sections,
    parse_fixture,
    run_extracted,
    sections_by_ref,
)

from ingest.loaders import load_source
from ingest.mailthread import looks_like_mail_thread, mail_to_text
from ingest.records import ParsedDocument

THREAD = FORMATS / "manifest-email-thread-township.yaml"
FIXTURE = "email_thread_township.txt"


@pytest.fixture(scope="module")
def doc() -> ParsedDocument:
    return parse_fixture(THREAD)


def _everything(doc: ParsedDocument) -> str:
    return "\n".join([s.text for s in doc.sections] + [n for s in doc.sections for n in s.notes])


def test_the_thread_is_told_by_its_mail_furniture() -> None:
    assert looks_like_mail_thread((FORMATS / FIXTURE).read_text(encoding="utf-8"))


_PLAIN = (
    "Section 4.03 Setbacks.\nA septic tank shall be set back from a well by not less than\n"
    "fifty (50) feet.\n\nSection 4.04 Pumping.\nA tank shall be pumped every three (3) years.\n"
)


@pytest.mark.parametrize(
    "extra",
    [
        pytest.param("> 50 feet from a lake; >= 100 feet from a well.\n", id="line-opening-with-a-quote-mark"),
        pytest.param("> a\n> b\n> c\n> d\n> e\n> f\n> g\n> h\n> i\n> j\n> k\n", id="quoted-lines-alone"),
        pytest.param("From: the county's model ordinance.\nTo: be read with Section 4.03.\n",
                     id="from-and-to-words"),
        pytest.param("TO: Board\nFROM: Clerk\nDATE: May 2, 2025\nSUBJECT: Septic ordinance\n\n",
                     id="memo-header-in-capitals"),
        pytest.param("From: Pat <pat@example.org>\nSent: Friday\nTo: Board\n", id="header-block-inside"),
        pytest.param("On 5 May 2025 the Board wrote:\nThe tank is too small.\n", id="one-attribution"),
    ],
)  # fmt: skip
def test_a_plain_ordinance_with_a_quote_mark_or_a_from_word_is_unchanged(
    tmp_path: Path, extra: str
) -> None:
    text = _PLAIN + "\n" + extra + "\n" + _PLAIN.replace("4.0", "5.0")
    path = tmp_path / "ordinance.txt"
    path.write_text(text, encoding="utf-8")
    assert not looks_like_mail_thread(text)
    assert load_source(path).text == text


def test_every_section_is_found_once_in_order_with_its_title(doc: ParsedDocument) -> None:
    got = found_sections(doc)
    assert got == expected_sections("email_thread_township")


@pytest.mark.parametrize(
    ("ref", "article"),
    [
        pytest.param("1.01", "ARTICLE I. GENERAL PROVISIONS", id="pasted-article"),
        pytest.param("4.02", "ARTICLE IV. DESIGN AND CONSTRUCTION STANDARDS", id="quoted-article"),
        pytest.param("5.04", "ARTICLE V. INSPECTIONS AND MAINTENANCE", id="quoted-article-end"),
        pytest.param("6.01", "ARTICLE VI. ENFORCEMENT", id="article-in-the-older-message"),
    ],
)
def test_sections_stand_under_their_articles(doc: ParsedDocument, ref: str, article: str) -> None:
    assert sections_by_ref(doc)[ref].path == [article]


def test_the_contents_list_makes_no_sections(doc: ParsedDocument) -> None:
    assert all("...." not in s.text for s in doc.sections if s.kind == "section")
    assert sum(s.kind == "section" for s in doc.sections) == 22


@pytest.mark.parametrize(
    "mark",
    ["From:", "Sent:", "To:", "Subject:", "Importance:", "wrote:", "Supervisors,", "Jonas,",
     "Thanks,", "Leclaire", "Ellen", "Kari", "P.L.L.C.", "555-01", "@", "www.", "CONFIDENTIALITY",
     "intended recipient", "Data Practices", "Septic ordinance update", "The full draft",
     "Articles IV through VI", "_____\n_____"],
)  # fmt: skip
def test_no_mail_wrapper_stays_in_any_record(doc: ParsedDocument, mark: str) -> None:
    assert mark not in _everything(doc)


def test_no_quote_mark_stays_in_the_text() -> None:
    text = load_source(FORMATS / FIXTURE).text
    assert not [ln for ln in text.splitlines() if ln.lstrip().startswith(">")]


@pytest.mark.parametrize(
    ("ref", "line"),
    [
        pytest.param("4.03", "shall be set back from the features below", id="quoted-once"),
        pytest.param("5.03", "within thirty (30) days after the tank is pumped.", id="before-a-note"),
        pytest.param("6.02", "a setback from a water supply well to less than fifty (50) feet.",
                     id="quoted-twice"),
    ],
)  # fmt: skip
def test_a_rewrapped_tail_is_back_on_its_line(doc: ParsedDocument, ref: str, line: str) -> None:
    assert any(ln.endswith(line) for ln in load_source(FORMATS / FIXTURE).text.splitlines())
    assert line in " ".join(sections_by_ref(doc)[ref].text.split())


@pytest.mark.parametrize(
    "comment",
    ["[JRL", "This tracks the county language", "garbage disposal column",
     "stricter than the state rule", "Three years matches the county",
     "Ten months for an imminent threat"],
)  # fmt: skip
def test_the_reviewers_notes_are_in_no_section(doc: ParsedDocument, comment: str) -> None:
    assert comment not in _everything(doc)


@pytest.mark.parametrize(
    ("ref", "reads"),
    [
        pytest.param("1.02", "design, installation, use, maintenance", id="hyphenated-word-pasted"),
        pytest.param("3.04", "A permit is valid for twelve (12) months from the date it is issued.",
                     id="last-pasted-section"),
        pytest.param("4.01", "not fewer than two (2) bedrooms.", id="first-quoted-section"),
        pytest.param("4.05", "a liquid capacity of not less than 1,500 gallons", id="quoted-section"),
        pytest.param("5.04", "in the manner required by Minnesota Rules, part 7080.2500.",
                     id="last-section-before-the-sign-off"),
        pytest.param("6.01", "within ten (10) months after the owner receives notice",
                     id="section-quoted-twice"),
        pytest.param("6.04", "takes effect on the day after its publication", id="last-section"),
    ],
)  # fmt: skip
def test_a_sections_text_reads_as_printed(doc: ParsedDocument, ref: str, reads: str) -> None:
    assert reads in " ".join(sections_by_ref(doc)[ref].text.split())


@pytest.mark.parametrize(
    ("ref", "note"),
    [
        pytest.param("1.03", "[Source: Ord. 2011-02, § 1.3; amended by Ord. 2025-01]", id="pasted"),
        pytest.param("4.03", "[Source: Ord. 2011-02, § 4.3; amended by Ord. 2025-01]",
                     id="quoted-after-a-table"),
        pytest.param("5.03", "[Source: Ord. 2011-02, § 5.3; amended by Ord. 2025-01]",
                     id="quoted-after-a-rewrapped-tail"),
        pytest.param("6.01", "[Source: Ord. 2011-02, § 6.1]", id="quoted-twice-before-a-note"),
    ],
)  # fmt: skip
def test_source_notes_are_notes_of_their_sections(doc: ParsedDocument, ref: str, note: str) -> None:
    section = sections_by_ref(doc)[ref]
    assert note in section.notes, section.notes
    assert "[Source" not in section.text


@pytest.mark.parametrize(
    "rows",
    [
        pytest.param("\n     Bedrooms              Tank Capacity\n     2 or fewer               1,000\n",
                     id="tank-table"),
        pytest.param("\n     Feature                            Septic Tank     Soil Treatment Area\n"
                     "     Water supply well                      50                 100\n", id="setback-table"),
    ],
)  # fmt: skip
def test_the_tables_keep_their_columns_without_quote_marks(rows: str) -> None:
    assert rows in load_source(FORMATS / FIXTURE).text


@pytest.mark.parametrize(
    ("rule", "inputs", "value"),
    [
        pytest.param("tank.table.4.02", {"bedrooms": 2}, 1000.0, id="tank-first-row"),
        pytest.param("tank.table.4.02", {"bedrooms": 4}, 1250.0, id="tank-middle-row"),
        pytest.param("tank.table.4.02", {"bedrooms": 6}, 1750.0, id="tank-last-row"),
        pytest.param("tank.table.4.02", {"bedrooms": 8}, 2250.0, id="tank-bedrooms-over-six"),
        pytest.param("setback.table.4.03", {"feature": "well", "component": "tank"}, 50.0,
                     id="setback-unit-in-the-caption"),
        pytest.param("setback.table.4.03", {"feature": "well", "component": "soil_treatment_area"},
                     100.0, id="setback-second-column"),
        pytest.param("setback.table.4.03", {"feature": "water", "component": "soil_treatment_area"},
                     150.0, id="setback-ordinary-high-water"),
        pytest.param("setback.table.4.03", {"feature": "wetland", "component": "tank"}, 25.0,
                     id="setback-last-row"),
        pytest.param("holding_tank.dwelling.4.05", {}, 1500.0, id="holding-tank"),
    ],
)  # fmt: skip
def test_the_tables_and_figures_are_read_as_rules(
    doc: ParsedDocument, rule: str, inputs: dict, value: object
) -> None:
    assert run_extracted(list(doc.rules), rule, **inputs).value == value


@pytest.mark.parametrize(
    ("rule", "inputs", "when"),
    [
        pytest.param("permit.date.3.04", {"issue_date": date(2025, 4, 1)}, "2026-04-01",
                     id="permit-term-pasted"),
        pytest.param("pumping.date.5.03", {"last_pumping_date": date(2025, 4, 1)}, "2028-04-01",
                     id="pumping-interval-quoted-and-rewrapped"),
    ],
)  # fmt: skip
def test_terms_are_read_as_rules(doc: ParsedDocument, rule: str, inputs: dict, when: str) -> None:
    assert run_extracted(list(doc.rules), rule, **inputs).value_text == when


_HEAD = "From: Pat Olsen <clerk@example.org>\nSent: Friday, May 2, 2025 3:00 PM\nTo: Board\nSubject: Septic ordinance\n\n"
_GMAIL = "---------- Forwarded message ---------\nFrom: Pat Olsen <clerk@example.org>\nDate: Fri, May 2, 2025 at 3:00 PM\nSubject: Septic ordinance\nTo: Amy <amy@example.org>\n\n"
_ON = "On Fri, May 2, 2025 at 3:00 PM Pat Olsen <clerk@example.org> wrote:\n"
_S1 = "Section 4.01 Capacity.\nEvery septic tank shall hold at least 1,000 gallons.\n"
_S2 = "Section 4.02 Pumping.\nThe owner shall have the tank pumped every three (3) years.\n"


def _q(text: str, depth: int = 1) -> str:
    return "\n".join(("> " * depth + ln).rstrip() for ln in text.split("\n"))


@pytest.mark.parametrize(
    ("thread", "reads"),
    [
        pytest.param(_HEAD + "Board,\nthe text is below.\n\n" + _S1 + "\n" + _S2 + "\nThanks,\nPat\n\n" + _HEAD
                     + "Old news.\n", _S1 + "\n" + _S2, id="pasted-between-greeting-and-sign-off"),
        pytest.param(_HEAD + "Looks fine.\n\nAmy\n\n" + _ON + _q("Amy,\n\n" + _S1 + "\n" + _S2 + "\nPat"),
                     _S1 + "\n" + _S2, id="quoted-below-an-attribution"),
        pytest.param(_HEAD + "Fine.\n\n" + _ON + _q(_S1) + "\n\n[AB: agreed.]\n\n" + _q(_S2) + "\n\nAmy\n",
                     _S1 + "\n" + _S2, id="reply-between-quoted-sections"),
        pytest.param(_HEAD + "See below.\n\n" + _ON + _q(_S1) + "\n>\n" + _q("[AB: check this\n> figure.]")
                     + "\n>\n" + _q(_S2), _S1 + "\n" + _S2, id="bracketed-note-inside-the-quote"),
        pytest.param(_HEAD + "Fine.\n\n" + _ON + _q(_S1 + "\n" + _S2, 2), _S1 + "\n" + _S2,
                     id="quoted-twice"),
        pytest.param(_HEAD + "x\n\n" + _ON + _q(_S1) + "\n\nThanks!\n\n" + _q(_S2), _S1 + "\n" + _S2,
                     id="thanks-between-quoted-sections"),
        pytest.param(_HEAD + "x\n\n" + _ON + _q(_S1) + "\n" + _q("[NOTE: see Section 4.02.]\n\n" + _S2),
                     _S1 + "\n[NOTE: see Section 4.02.]\n\n" + _S2, id="editors-note-kept"),
        pytest.param(_HEAD + "x\n\n" + _ON + "> Section 4.02 Pumping.\n> The owner shall have the tank "
                     "pumped by a maintenance business every\nthree years is too often\nfor us.\n",
                     "Section 4.02 Pumping.\nThe owner shall have the tank pumped by a maintenance "
                     "business every\n", id="reply-right-below-a-quoted-line-not-joined"),
        pytest.param(_HEAD + "x\n\n" + _ON + "> Section 4.02 Pumping.\n> The owner shall have the tank pumped "
                     "by a maintenance business every\nthree (3) years.\n",
                     "Section 4.02 Pumping.\nThe owner shall have the tank pumped by a maintenance "
                     "business every three (3) years.\n", id="rewrapped-tail"),
        pytest.param(_GMAIL + "Here it is.\n\nPat Olsen\nTown Clerk | (320) 555-0111\n\n" + _S1 + "\n"
                     + _S2 + "\nSent from my iPhone\n", _S1 + "\n" + _S2, id="forward-signed-before-the-paste"),
        pytest.param(_HEAD + "Why three years?\n\n" + _q(_S2) + "\n\n" + "-----Original Message-----\n"
                     + _HEAD + _S1 + "\n" + _S2 + "\nRegards,\nPat\n", _S1 + "\n" + _S2,
                     id="section-quoted-above-the-full-text-kept-once-in-order"),
        pytest.param(_HEAD + _S1 + "\n" + _S2 + "\nCONFIDENTIALITY NOTICE: for the intended recipient "
                     "only.\n\n" + _ON + _q(_S1 + "\n" + _S2), _S1 + "\n" + _S2,
                     id="disclaimer-and-the-text-sent-again"),
    ],
)  # fmt: skip
def test_a_thread_reads_as_the_ordinance_it_holds(thread: str, reads: str) -> None:
    assert looks_like_mail_thread(thread)
    assert mail_to_text(thread) == reads


def test_a_thread_holding_no_heading_is_left_as_it_is() -> None:
    thread = _HEAD + "See you Tuesday.\n\n" + _ON + _q("Is the hearing at 7?")
    assert mail_to_text(thread) == thread
