"""Fixed-width tables read by the general reader: a row per provision, its label over several
lines, the cells in the caption's unit, and the column (or columns) the question names."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import StubSection

from app.reader import figure, provisions
from app.rule_route import parts

DATA = Path(__file__).parent / "data" / "reader"


_Section = StubSection


BOOKLET = Path(__file__).parent / "data" / "formats" / "manifest-rules-booklet-township.yaml"


def _rows(booklet: bool = False) -> list[str]:
    """The rows of the setback table fixture, or (`booklet`) of the rules booklet's Rule 3.02 as
    ingest stores it (a fixed-width header printed over two lines)."""
    if booklet:
        from ingest.parse import load_corpus

        (doc,) = load_corpus(BOOKLET)
        section = next(s for s in doc.sections if s.section == "3.02")
        return [p.text for p in provisions(section, 0)]
    text = (DATA / "setback_table.txt").read_text(encoding="utf-8")
    return [p.text for p in provisions(_Section("x", "2", "Setbacks", text), 0)]


@pytest.mark.parametrize("row", [
    pytest.param("Property line 10 15", id="one-line-label"),
    pytest.param("Ordinary high water level of Clear Lake 130 160", id="label-over-two-lines"),
    pytest.param("Ordinary high water level of the Long River and all other lakes and streams 90 110",
                 id="label-over-three-lines"),
])  # fmt: skip
def test_a_row_label_printed_over_several_lines_is_one_row(row: str) -> None:
    assert row in _rows()


WELLS = """TABLE 5-201. MINIMUM SETBACKS (FEET)
  Feature                    Tank     Soil
treatment
area
  Property line               12        14
Water well, casing 50 ft
    or deeper                 60       110
  Shallow well                80       140
Measured horizontally from the nearest edge of the tank.
"""


def test_a_row_label_holding_a_figure_with_its_own_unit_does_not_end_the_table() -> None:
    rows = [p.text for p in provisions(_Section("x", "5", "Setbacks", WELLS), 0)]
    assert "Water well, casing 50 ft or deeper 60 110" in rows
    assert "Shallow well 80 140" in rows


LONG_CAPTION = """TABLE 15-1
MINIMUM SETBACK DISTANCES
(all distances in feet, measured
horizontally from the nearest edge)
   Feature                               Tank      Soil treatment
                                                   area
   ----------------------------------    ------    --------------
   Water supply well                        55          105
   Property line                            15           15
"""


def test_a_caption_that_says_its_unit_inside_a_longer_note_gives_the_rows_their_unit() -> None:
    rows = [p.text for p in provisions(_Section("x", "15", "Setbacks", LONG_CAPTION), 0)]
    assert "Water supply well 55 105" in rows
    question = "How far does a septic tank have to be from my well?"
    assert figure("Water supply well 55 105", "distance", question) == "55 feet"


def test_a_lettered_paragraph_after_the_table_is_no_row_label() -> None:
    assert not any(r.startswith("B. Setbacks") and r.endswith("160") for r in _rows())


@pytest.mark.parametrize(("question", "row", "expected"), [
    pytest.param("How far must the septic tank be from the property line?", "Property line 10 15",
                 "10 feet", id="tank-column"),
    pytest.param("How far must the drainfield be from the property line?", "Property line 10 15",
                 "15 feet", id="the-ordinances-word-for-drainfield"),
    pytest.param("What's the setback from the OHWL for the septic tank, and for the drainfield?",
                 "Ordinary high water level of Clear Lake 130 160",
                 "Tank: 130 feet; Soil Treatment Area: 160 feet", id="both-columns-asked"),
    pytest.param("How far from an occupied building?", "Occupied building 15 22", "15 feet",
                 id="no-column-named-reads-the-first"),
])  # fmt: skip
def test_the_column_the_question_names_gives_the_figure(
    question: str, row: str, expected: str
) -> None:
    assert row in _rows()
    assert figure(row, "distance", question) == expected


def test_a_header_printed_over_two_lines_names_the_column_under_it() -> None:
    """'Septic or / Pump Tank', 'Holding / Tank', 'Soil / Treatment Area': the column under the
    named words ('tank' alone is in two headers: the one holding more of the asked words)."""
    row = "Property line 12 10 15"
    assert row in _rows(booklet=True)
    asked = {"the septic tank": "12 feet", "a holding tank": "10 feet", "the drainfield": "15 feet"}
    for thing, expected in asked.items():
        question = f"How far from the property line for {thing}?"
        assert figure(row, "distance", question) == expected, thing


def test_a_part_that_asks_after_a_dash_is_asked() -> None:
    q = "Lake lot setbacks - how far off the property line does the tank go, and how far for the drainfield?"
    assert [p.asked for p in parts(q)] == [True, True]


@pytest.mark.parametrize(("question", "defers"), [
    pytest.param("How far must the drainfield be from a private water supply well?", True,
                 id="feature-not-in-the-table-defers"),
    pytest.param("How far must the drainfield be from the property line?", False,
                 id="feature-in-the-table-answers"),
])  # fmt: skip
def test_a_row_is_no_answer_where_its_section_sends_the_asked_feature_elsewhere(
    question: str, defers: bool
) -> None:
    from app.quoting import _row_defers
    from app.reader import score

    text = (DATA / "setback_table.txt").read_text(encoding="utf-8")
    pool = provisions(_Section("x", "2", "Setbacks", text), 0)
    ranked = score(question, pool, types=["distance"])
    row = next(s for s in ranked if s.provision.text[-1].isdigit())  # the best table row
    assert bool(_row_defers(row, ranked, "distance")) is defers


CERTIFICATES = (DATA / "certificate_terms.txt").read_text(encoding="utf-8")
SIBLING = (
    "(C) A certificate of compliance for an existing system is valid for 18 months after the "
    "date of the inspection."
)


def test_a_sibling_paragraph_after_a_list_is_a_provision_of_its_own() -> None:
    texts = [p.text for p in provisions(_Section("x", "31", "Compliance", CERTIFICATES), 0)]
    assert SIBLING in texts


def test_a_figure_the_question_states_does_not_pull_toward_another_cases_provision() -> None:
    from app.premises import premise_check
    from app.quoting import _without_stated
    from app.reader import asked_types, score

    question = "A certificate of compliance on an existing system lasts 3 years, right?"
    types = asked_types(question)
    pool = provisions(_Section("x", "31", "Compliance", CERTIFICATES), 0)
    best = score(_without_stated(question, types), pool, types=types)[0].provision.text
    assert best == SIBLING
    assert premise_check(question, best, types) == ("No", "18 months")


PERMIT = (
    "A permit is valid for 20 months from the date of issuance. If the system has not been "
    "installed within that time, the permit expires. A permit may be renewed once, for a period "
    "of not more than eight months, if the holder files a written request at least 15 days "
    "before the permit expires."
)


@pytest.mark.parametrize(("question", "expected"), [
    pytest.param("How long does a permit last before it expires?", "20 months",
                 id="the-term-not-the-renewal"),
    pytest.param("How long can a permit be renewed for?", "eight months",
                 id="the-renewal-when-asked"),
])  # fmt: skip
def test_the_asked_case_leads_not_a_later_case_the_question_does_not_name(
    question: str, expected: str
) -> None:
    from app.quoting import QuotingMixin
    from app.reader import score

    class _Reader(QuotingMixin):
        def __init__(self) -> None:
            self.names: dict[str, str] = {}

    pool = provisions(_Section("x", "7", "Permit term", PERMIT), 0)
    ranked = score(question, pool, types=["duration"])
    best = _Reader()._typed(ranked, "duration", question)[0].provision.text
    assert figure(best, "duration", question) == expected


TRANSFER = (
    "For a new or replacement system, a certificate issued under this chapter remains valid for "
    "five (5) years after it is issued."
)
TERM = "Term: A permit is valid for twelve (12) months from the date it is issued."
SURETY = (
    "Before a permit may be issued for excavating in any public street, the applicant shall "
    "deposit a corporate surety in the sum of not less than five hundred dollars ($500.00)."
)


@pytest.mark.parametrize(("question", "sections", "main", "expected"), [
    pytest.param("How long is a septic permit good for once it's issued?",
                 [("Compliance inspections", TRANSFER), ("Permits", TERM)], "duration",
                 "twelve (12) months", id="the-permit-not-a-certificate-of-the-same-kind"),
    pytest.param("How long is a certificate good for once it's issued?",
                 [("Permits", TERM), ("Compliance inspections", TRANSFER)], "duration",
                 "five (5) years", id="the-certificate-when-asked"),
    pytest.param("What bond do I post before I dig in a public street?",
                 [("Bond required", SURETY)], "money", "five hundred dollars ($500.00)",
                 id="the-asked-kind-named-by-the-section-title"),
])  # fmt: skip
def test_a_provision_about_the_asked_kind_of_thing_leads_one_about_another_of_that_kind(
    question: str, sections: list[tuple[str, str]], main: str, expected: str
) -> None:
    from app.quoting import QuotingMixin
    from app.reader import score

    class _Reader(QuotingMixin):
        def __init__(self) -> None:
            self.names: dict[str, str] = {}

    pool = [
        p
        for rank, (title, text) in enumerate(sections)
        for p in provisions(_Section("x", str(rank + 1), title, text), rank)
    ]
    ranked = score(question, pool, types=[main])
    best = _Reader()._typed(ranked, main, question)[0].provision.text
    assert figure(best, main, question) == expected


def test_a_tables_rows_take_one_place_among_the_best_provisions() -> None:
    from app.quoting import _slots
    from app.reader import Scored
    from app.rows import ROWS

    table = _Section("x", "5", "Setbacks", WELLS)
    rows = [Scored(p, 1.0, {}) for p in provisions(table, 0) if p.text in ROWS]
    other = provisions(
        _Section("x", "6", "Shoreland", "Each tank shall be 100 feet from a lake."), 1
    )
    ranked = [*rows, Scored(other[0], 0.9, {})]
    kept = _slots(ranked, 2)
    assert [s.provision.text for s in kept][-1] == "Each tank shall be 100 feet from a lake."
    assert len(kept) == len(ranked)


PUMPING = (
    "(b) Each septic tank shall be pumped by a licensed business: (1) At least once every 24 "
    "months, if it serves a year-round dwelling; (2) At least once every 48 months, if it serves "
    "a seasonal dwelling; and (3) whenever sludge fills one third of the tank."
)


@pytest.mark.parametrize(("question", "expected"), [
    pytest.param("We only use our cabin a couple months in the summer. How often does the tank "
                 "need to be pumped?", "48 months", id="the-cabin-is-the-seasonal-item"),
    pytest.param("We live there all year. How often does the tank need to be pumped?",
                 "24 months", id="the-first-item-when-it-is-asked"),
])  # fmt: skip
def test_the_asked_case_later_in_a_list_gives_the_figure(question: str, expected: str) -> None:
    from app.quoting import _later_case
    from app.reader import score

    pool = provisions(_Section("x", "9", "Pumping", PUMPING), 0)
    ranked = score(question, pool, types=["frequency"])
    best = next(s for s in ranked if s.provision.text.endswith("year-round dwelling;"))
    later = _later_case(question, best, ranked, "frequency")
    text = (later or best).provision.text
    assert expected in (figure(text, "frequency", question) or "")
