"""Two layout families parse with no place-specific code: a township ordinance typed as a numbered
memo (a clerk's transmittal memo and a dotted contents list ahead of `1.  GENERAL PROVISIONS`
group headings; decimal paragraph numbers in a left-margin column, the section's title on the
number's line and underlined with underscores on the next), and a two-column city code PDF whose
section numbers hang in the outer margin, mirrored (`§ 708.14 Title.` in the left column, `Title.
§ 708.16` in the right), under mirrored running heads that carry § numbers."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import FORMATS, expected_sections, found_sections, parse_fixture, sections_by_ref

from ingest.furniture import furniture_indices
from ingest.hanging import hanging_numbers
from ingest.records import ParsedDocument
from ingest.underlines import underlined_span

MEMO = FORMATS / "manifest-memo-township.yaml"
HANGING = FORMATS / "manifest-hanging-numbers-city.yaml"


# --- typed memos: underlined titles, group headings, left-margin paragraph numbers ---


def test_a_memo_parses_to_its_sections_at_the_finest_titled_level() -> None:
    doc = parse_fixture(MEMO)
    got = found_sections(doc)
    assert got == expected_sections("memo_township")


HEADINGS = [
    # a memo: an underlined title on the number's line
    pytest.param(MEMO, "1.3", "Adoption of state rules", "Minnesota Rules, chapters 7080",
                 id="sentence-case-title"),
    pytest.param(MEMO, "3.2", "Permit applications", "An application for a permit shall",
                 id="section-with-titled-paragraphs"),
    pytest.param(MEMO, "3.2.1", "Site evaluation", "Every application for a new",
                 id="paragraph-with-its-own-underlined-title"),
    pytest.param(MEMO, "5.2.1", "Report required before sale", "Before a property served",
                 id="paragraph-under-a-title-without-text"),
    pytest.param(MEMO, "7.2", "Imminent threat to public health", "A system that is an imminent",
                 id="long-title"),
    # a two-column code: a number hanging in the outer margin, on either side
    pytest.param(HANGING, "708.01", "Purpose and intent", "The purpose of this chapter",
                 id="left-column-number-before-the-title"),
    pytest.param(HANGING, "708.03", "Adoption of state rules", "Minnesota Rules, chapters 7080",
                 id="right-column-number-after-the-title"),
    pytest.param(HANGING, "708.31", "Abandonment of systems no longer in use", "A system no longer",
                 id="right-column-wrapped-title-number-on-its-own-line"),
    pytest.param(HANGING, "708.30", "Failing systems; imminent threats to public health",
                     "A failing system shall", id="left-column-wrapped-title"),
    pytest.param(HANGING, "708.20", "Holding tanks", "A holding tank may be used",
                 id="first-heading-under-a-mirrored-running-head"),
]  # fmt: skip


@pytest.mark.parametrize(("manifest", "number", "title", "opens"), HEADINGS)
def test_a_heading_in_either_layout_titles_its_section(
    manifest: Path, number: str, title: str, opens: str
) -> None:
    section = sections_by_ref(parse_fixture(manifest))[number]
    assert section.title == title
    assert section.text.startswith(opens)


def test_numbered_paragraphs_without_an_underlined_title_stay_in_their_section() -> None:
    by_ref = sections_by_ref(parse_fixture(MEMO))
    assert not {"2.1.1", "3.1.1", "3.1.2"} & set(by_ref)
    lines = by_ref["3.1"].text.splitlines()
    assert lines[1] == "3.1.1 Pumping of a septic tank by a licensed maintenance business."
    assert lines[2] == "3.1.2 Replacing a pump, float or alarm with one of the same capacity."
    assert by_ref["2.1"].text.splitlines()[1].startswith('2.1.1 "Bedroom" means a room')


def test_group_headings_and_a_title_without_text_are_containers_not_sections() -> None:
    by_ref = sections_by_ref(parse_fixture(MEMO))
    assert not {str(n) for n in range(1, 10)} & set(by_ref)
    assert "5.2" not in by_ref
    assert by_ref["3.2.1"].path == ["3. PERMITS"]
    assert by_ref["5.1"].path == ["5. INSPECTIONS"]
    transfer = ["5. INSPECTIONS", "5.2 Inspection of existing systems at property transfer"]
    assert by_ref["5.2.1"].path == by_ref["5.2.2"].path == transfer
    assert by_ref["6.1"].path == ["6. MAINTENANCE"]


_MEMO_FURNITURE = ["Marten Hollow Township  ", "SSTS Ordinance No. 2008-03", "- 2 -", "__", "\f"]


def test_a_memos_furniture_memo_contents_and_headings_are_not_provisions() -> None:
    doc = parse_fixture(MEMO)
    headings = [
        rf"(?m)^{re.escape(n)} +{re.escape(t)}\b" for n, t in expected_sections("memo_township")
    ]
    for s in doc.sections:
        if s.kind == "section":
            for needle in [*_MEMO_FURNITURE, "MEMORANDUM", "CONTENTS", "[Amended"]:
                assert needle not in s.text, (s.section, needle)
            assert not re.search(r"(?m)^\s*-\s*\d+\s*-\s*$", s.text)  # a page number
            assert not any(re.search(h, s.text) for h in headings), s.section
        assert not re.search(r"(?:\.[ \t]?){4,}", s.text)  # a contents line's leaders
    kinds = [s.kind for s in doc.sections]
    assert kinds[0] == "preamble" and kinds[-1] == "adoption"
    assert "AMENDMENT HISTORY" in doc.sections[-1].text


def test_a_memos_amendment_notes_hyphenation_and_table_read_right() -> None:
    doc = parse_fixture(MEMO)
    by_ref = sections_by_ref(doc)
    assert by_ref["3.3"].notes == ["[Amended by Ord. 2015-01, 4/14/2015]"]
    assert by_ref["3.3"].text.endswith("on written request made before it expires.")  # over a page
    assert (
        "Subsurface Sewage Treatment System Ordinance" in by_ref["1.1"].text
    )  # 'Sub-' / 'surface'
    assert "ready for inspection" in " ".join(by_ref["5.1"].text.split())
    setbacks = next(r for r in doc.rules if r.id == "setback.table.4.2")  # unit in the caption
    assert (
        setbacks.unit == "ft" and "Private water supply well 50 100" in setbacks.model_dump_json()
    )


@pytest.mark.parametrize(
    ("above", "row", "want"),
    [
        pytest.param("3.2       Permit applications", "          ___________________", "Permit applications", id="the-title"),
        pytest.param("3.2       Permit applications", "          ______________________", "Permit applications", id="a-longer-row"),
        pytest.param("3.2       Permit applications", "           ________________", "Permit applications", id="a-shorter-row"),
        pytest.param("3.2  Permits", "_____________", "3.2  Permits", id="number-and-title"),
        pytest.param("4.1 Tanks. Every tank shall be watertight.", "    ______", "Tanks.", id="a-run-in-title"),
        pytest.param("3.2\tPermit term", "\t___________", "Permit term", id="tabs"),
        pytest.param("3.3       Permit term", "          _________________", "Permit term", id="a-row-typed-on-past-the-title"),
        pytest.param("          Gerald Tuominen, Chair", "______________________________", None, id="a-signature-line"),
        pytest.param("Harold Vink, Chair", "                         ______", None, id="a-row-beside-the-words"),
    ],
)  # fmt: skip
def test_a_row_of_underscores_underlines_the_whole_words_above_it(
    above: str, row: str, want: str | None
) -> None:
    span = underlined_span(above, row)
    assert (above[span[0] : span[1]] if span else None) == want


def test_an_underlined_title_in_any_form_heads_its_section(
    parse_text: Callable[[str], ParsedDocument],
) -> None:
    body = "The owner shall do as this paragraph says within the time it gives.\n"
    doc = parse_text(
        "4.  DESIGN\n\n"
        "4.1  Tank capacity\n     _____________\n" + body
        + "4.2  Watertight tanks.\n     ________________\n" + body
        + "4.3  Compartments. A tank shall have two compartments.\n     ____________\n"
        + "4.3.1  Baffles between compartments are required in every tank\n"
        + "       _______________________________________________________\n" + body
        + "4.4  LIDS AND RISERS\n     ______________\n" + body
    )  # fmt: skip
    got = [(s.section, s.title, s.text) for s in doc.sections if s.kind == "section"]
    assert got == [
        ("4.1", "Tank capacity", body.strip()),
        ("4.2", "Watertight tanks", body.strip()),
        ("4.3", "Compartments", "A tank shall have two compartments."),
        ("4.3.1", "Baffles between compartments are required in every tank", body.strip()),
        ("4.4", "LIDS AND RISERS", body.strip()),
    ]


def test_a_rule_drawn_under_a_numbered_line_of_text_makes_no_title(
    parse_text: Callable[[str], ParsedDocument],
) -> None:
    body = "The owner shall do as this paragraph says within the time it gives.\n"
    doc = parse_text(
        "4.1  Tank capacity\n     _____________\n" + body
        + "4.2  Records\n     _______\n" + body
        + "4.2.1  The owner shall keep the records of\n" + "_" * 60 + "\n"
        + "the pumping for three years.\n"
        + "4.3  Lids\n     ____\n" + body
    )  # fmt: skip
    by_ref = sections_by_ref(doc)
    assert list(by_ref) == ["4.1", "4.2", "4.3"]
    assert "4.2.1 The owner shall keep the records of the pumping" in " ".join(
        by_ref["4.2"].text.split()
    )


# --- two-column codes: section numbers hanging in the outer margin, mirrored ---


def test_a_two_column_code_with_hanging_numbers_parses_to_its_sections() -> None:
    doc = parse_fixture(HANGING)
    got = found_sections(doc)
    assert got == expected_sections("hanging_numbers_city")
    assert {s.kind for s in doc.sections} == {"preamble", "section"}


def test_mirrored_running_heads_footers_and_margin_numbers_are_not_provisions() -> None:
    doc = parse_fixture(HANGING)
    numbers = [n for n, _ in expected_sections("hanging_numbers_city")]
    for s in doc.sections:
        if s.kind != "section":
            continue
        for needle in ["KETTLEBY SPRINGS CITY CODE", "INDIVIDUAL SEWAGE", "Supp. No.", "(Ord."]:
            assert needle not in s.text, (s.section, needle)
        assert not re.search(r"(?m)^\s*(?:§ ?)?\d+(?:[.\-]\d+)+\s*$", s.text), s.section
        assert not re.search(r"\b708-\d\b", s.text), s.section  # a page number
        others = [re.escape(n) for n in numbers if n != s.section]  # a margin's or a head's
        assert not any(re.search(rf"§ ?{n}\b", s.text) for n in others), s.section


def test_a_hanging_number_codes_notes_tables_and_hyphenation_read_right() -> None:
    doc = parse_fixture(HANGING)
    by_ref = sections_by_ref(doc)
    assert by_ref["708.03"].notes == [
        "(Ord. 2019-04, § 2)",
        "State law reference--Subsurface sewage treatment systems, Minn. Stat. 115.55.",
    ]
    assert by_ref["708.16"].notes[-1] == "Cross reference--Shoreland overlay district, ch. 1130."
    assert "Editor's note" in doc.sections[0].notes[0]  # the chapter's, before its sections
    assert "maintenance and abandonment of individual" in " ".join(by_ref["708.01"].text.split())
    units = {r.id: r.unit for r in doc.rules}  # the units only the captions give
    assert units["tank.table.708.14"] == "gal" and units["setback.table.708.16"] == "ft"


@dataclass
class Ln:
    text: str
    start: int = 0
    pdf_page: int | None = None


_SENTENCE = "The owner shall keep the system in good order."
_RIGHT = ["Setbacks. § 708.16", _SENTENCE, "Inspections. § 708.13", _SENTENCE, "Fees. § 708.42"]
"""Three right-column headings with the number after the title, as the layout is known by."""


@pytest.mark.parametrize(
    ("printed", "heading"),
    [
        pytest.param(["Tank capacity. § 708.14"], "§ 708.14 Tank capacity.", id="number-after"),
        pytest.param(["Tank capacity. 708.14"], "708.14 Tank capacity.", id="bare-number-after"),
        pytest.param(["SEPTIC TANK CAPACITY § 708.14"], "§ 708.14 SEPTIC TANK CAPACITY.",
                 id="capitals-without-a-period"),
        pytest.param(["Compliance inspections at", "property transfer.", "§ 708.22"],
                     "§ 708.22 Compliance inspections at property transfer.",
                 id="number-after-a-wrapped-title"),
        pytest.param(["Compliance inspections at", "property transfer. § 708.22"],
                     "§ 708.22 Compliance inspections at property transfer.",
                 id="number-after-a-wrapped-titles-last-line"),
        pytest.param(["§ 708.22", "Compliance inspections at", "property transfer."],
                     "§ 708.22 Compliance inspections at property transfer.",
                 id="number-before-a-wrapped-title"),
        pytest.param(["§ 708.30 Failing systems; imminent threats to", "public health."],
                     "§ 708.30 Failing systems; imminent threats to public health.",
                 id="number-first-wrapped-title"),
    ],
)  # fmt: skip
def test_a_heading_whose_number_hangs_beside_it_is_set_number_first(
    printed: list[str], heading: str
) -> None:
    after = "A permit expires eighteen (18) months after it is issued."
    lines = [Ln(t) for t in [*_RIGHT, _SENTENCE, *printed, after]]
    out = [ln.text for ln in hanging_numbers(lines, Ln)]
    assert out == ["§ 708.16 Setbacks.", _SENTENCE, "§ 708.13 Inspections.", _SENTENCE,
                   "§ 708.42 Fees.", _SENTENCE, heading, after]  # fmt: skip


@pytest.mark.parametrize(
    "printed",
    [
        pytest.param(["Where the separation required by § 708.17"], id="a-reference-in-a-sentence"),
        pytest.param(["See Table 708.14"], id="a-table-named"),
        pytest.param(["ORDINANCE NO. 2019-04"], id="an-ordinance-number"),
        pytest.param(["Cross Reference--Building Code, § 702.01"], id="a-cross-reference"),
        pytest.param(["Each day a violation is a separate offense.", "§ 708.99"],
                 id="a-sentence-above-a-lone-number"),
        pytest.param(["Where the separation required by", "the state rules. § 708.17",
                      "applies to mounds."], id="a-sentence-then-a-number-that-begins-the-next"),
    ],
)  # fmt: skip
def test_a_number_after_words_that_are_no_title_stays_as_printed(printed: list[str]) -> None:
    lines = [Ln(t) for t in [*_RIGHT, _SENTENCE, *printed, "The tank shall be pumped."]]
    out = [ln.text for ln in hanging_numbers(lines, Ln)]
    assert out[4] == "§ 708.42 Fees."  # the layout is known
    assert out[5:] == [_SENTENCE, *printed, "The tank shall be pumped."]


def test_a_text_with_too_few_numbers_after_titles_is_left_as_it_is() -> None:
    lines = [Ln(t) for t in _RIGHT[:4]]
    assert hanging_numbers(lines, Ln) == lines


def test_a_running_head_opening_its_page_is_never_a_heading() -> None:
    lines = [Ln(t, pdf_page=1) for t in [*_RIGHT, _SENTENCE]]
    lines += [Ln("INDIVIDUAL SEWAGE TREATMENT SYSTEMS § 708.42", pdf_page=2), Ln(_SENTENCE, 0, 2)]
    out = [ln.text for ln in hanging_numbers(lines, Ln)]
    assert out[-2] == "INDIVIDUAL SEWAGE TREATMENT SYSTEMS § 708.42"


def _book(heads: list[str], foot: str = "") -> list[Ln]:
    """Pages of prose, each opening with its running head (`heads[n - 1]` on page n) and, if
    `foot`, closing with it."""
    out: list[Ln] = []
    for n, head in enumerate(heads, start=1):
        out.append(Ln(head, pdf_page=n))
        out += [Ln(f"The owner shall keep system {n}{k} in good order and pump it.", 0, n)
                for k in range(6)]  # fmt: skip
        if foot:
            out.append(Ln(foot.format(n=n), pdf_page=n))
    return out


@pytest.mark.parametrize(
    ("heads", "foot", "dropped"),
    [
        pytest.param(["§ 708.06 CITY CODE", "SEWAGE TREATMENT § 708.19", "§ 708.42 CITY CODE"], "",
                     True, id="mirrored-heads-on-three-pages"),
        pytest.param(["SEWAGE TREATMENT § 708.01", "§ 708.06 CITY CODE", "SEWAGE TREATMENT § 708.19"],
                     "{n}08-{n} Supp. No. 7", True, id="mirrored-heads-and-footers"),
        pytest.param(["§ 708.06 Records", "§ 708.19 Mounds"], "", False,
                 id="headings-opening-two-pages"),
        pytest.param(["ARTICLE 2 PERMITS", "ARTICLE 3 DESIGN", "ARTICLE 4 PENALTIES"], "", False,
                 id="a-part-opening-each-page"),
    ],
)  # fmt: skip
def test_mirrored_running_heads_of_a_short_code_are_furniture(
    heads: list[str], foot: str, dropped: bool
) -> None:
    lines = _book(heads, foot)
    gone = furniture_indices(lines)
    edge = [i for i, ln in enumerate(lines) if ln.text in heads or "Supp." in ln.text]
    assert all((i in gone) is dropped for i in edge)
    assert not any(i in gone for i, ln in enumerate(lines) if ln.text.startswith("The owner"))


@pytest.mark.parametrize("number", ["708.04", "708.06", "708.40", "708.99"])
def test_a_short_section_in_a_narrow_column_reads_as_one_paragraph(number: str) -> None:
    """A body of a few column lines (one of them joined from a word broken over two) is measured
    by the document's width, so its lines are no 'short lines' that end paragraphs."""
    assert "\n" not in sections_by_ref(parse_fixture(HANGING))[number].text
