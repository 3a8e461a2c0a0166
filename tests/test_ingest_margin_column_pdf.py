"""A code chapter PDF whose section numbers stand in a narrow left margin column with the bold
title wrapped below them, beside the section's text: its plain text extraction runs the two
columns together (or gives the margin after the text), so the loader reads it as laid out and
the margin step joins each title from its lines."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from helpers import FORMATS, expected_sections, found_sections, parse_fixture, sections_by_ref
from pypdf import PdfReader

from ingest.margins import has_margin_column

DRAWN_LINE_BY_LINE = FORMATS / "manifest-margin-column-city.yaml"
MARGIN_DRAWN_LAST = FORMATS / "manifest-margin-column-city-b.yaml"
MARGIN_DRAWN_FIRST = FORMATS / "manifest-margin-column-city-c.yaml"

ORDERS = [
    pytest.param(DRAWN_LINE_BY_LINE, id="margin-and-text-drawn-line-by-line"),
    pytest.param(MARGIN_DRAWN_LAST, id="margin-drawn-after-the-text"),
    pytest.param(MARGIN_DRAWN_FIRST, id="margin-drawn-first-number-in-its-own-font"),
]


@pytest.mark.parametrize("manifest", ORDERS)
def test_every_section_is_found_with_its_title_read_down_the_margin(manifest) -> None:
    doc = parse_fixture(manifest)
    got = found_sections(doc)
    assert got == expected_sections("margin_column_city")


@pytest.mark.parametrize("manifest", ORDERS)
@pytest.mark.parametrize(
    ("number", "opening"),
    [
        pytest.param("34.11", "Every septic tank shall have a liquid capacity", id="two-lines"),
        pytest.param("34.03", "Every building used for human occupancy", id="three-no-period"),
        pytest.param("34.06", "The permit holder shall notify", id="word-broken-in-margin"),
        pytest.param("34.13", "(A) The owner shall have every septic tank", id="three-lines"),
    ],
)
def test_a_sections_text_opens_with_the_line_beside_its_number(manifest, number, opening) -> None:
    text = " ".join(sections_by_ref(parse_fixture(manifest))[number].text.split())
    assert text.startswith(opening)


@pytest.mark.parametrize("manifest", ORDERS)
def test_no_title_word_stays_in_a_text_and_no_text_word_in_a_title(manifest) -> None:
    by_ref = sections_by_ref(parse_fixture(manifest))
    for number, title in expected_sections("margin_column_city"):
        section = by_ref[number]
        assert section.title == title
        lines = section.text.splitlines()
        margin = {w.strip(".;-") for w in title.split() if len(w) > 3}
        for line in lines[:4]:  # the lines the title stood beside
            words = line.split()
            assert not (words and words[0].strip(".;") in margin and words[0][:1].isupper()), (
                number,
                line,
            )


@pytest.mark.parametrize("manifest", ORDERS)
@pytest.mark.parametrize(
    ("number", "sentence"),
    [
        pytest.param(
            "34.02",
            "receive the effluent of a septic tank and spread it into the soil below",
            id="definition-across-a-page",
        ),
        pytest.param(
            "34.12",
            "where it is slower. Soil slower than one inch in sixty minutes shall not",
            id="sentence-across-a-page",
        ),
        pytest.param("34.11", "one and one-half times the capacity", id="after-the-table"),
        pytest.param("34.26", "at the owner's cost when the order is not obeyed", id="last"),
    ],
)
def test_a_section_keeps_its_whole_text_across_page_breaks(manifest, number, sentence) -> None:
    section = sections_by_ref(parse_fixture(manifest))[number]
    assert sentence in " ".join(section.text.split())


@pytest.mark.parametrize("manifest", ORDERS)
def test_running_heads_footers_and_notes_stay_out_of_section_text(manifest) -> None:
    doc = parse_fixture(manifest)
    furniture = ["QUILLMOOR", "INDIVIDUAL SEWAGE", "Supp. No.", "Rev. 9-2023", "34-2", "Ord. 5"]
    for section in doc.sections:
        if section.kind != "section":
            continue
        for piece in furniture:
            assert piece not in section.text, (section.section, piece)
    by_ref = sections_by_ref(doc)
    assert "(Ord. 512, passed 3-4-2019; Am. Ord. 547, passed 8-2-2021)" in by_ref["34.04"].notes
    assert any(n.startswith("Editor's note--Ord. 547") for n in by_ref["34.13"].notes)
    assert any(n.startswith("Cross reference--") for n in by_ref["34.03"].notes)


def test_a_margin_column_lost_by_plain_text_is_read_as_laid_out() -> None:
    laid = [
        "Section        Provisions\n"
        "34.01          The purpose of this chapter is to protect the\n"
        "Purpose.       public health and the lakes and streams of\n"
        "               the city from the sewage of its buildings.\n"
        "34.02          A permit is required for every\n"
        "Permit         system in the city.\n"
        "required.\n"
        "34.03          Each tank shall be pumped every\n"
        "Pumping of     three years by a licensed pumper, who shall\n"
        "tanks.         report the pumping to the health officer\n"
        "               within thirty days.\n"
    ]
    run_together = [" ".join(t.split()) for t in laid[0].splitlines()]
    kept_apart = [
        "Section Provisions\n34.01\nPurpose.\nThe purpose of this chapter is to protect the\n"
        "public health and the lakes and streams of\nthe city from the sewage of its buildings.\n"
        "34.02\nPermit\nrequired.\nA permit is required for every\nsystem in the city.\n"
        "34.03\nPumping of\ntanks.\nEach tank shall be pumped every\n"
        "three years by a licensed pumper, who shall\nreport the pumping to the health officer\n"
        "within thirty days.\n"
    ]
    assert has_margin_column(laid, ["\n".join(run_together)])
    assert not has_margin_column(laid, kept_apart)  # a table drawn cell by cell reads as it is


def _margin_first_pages() -> tuple[list[str], list[str]]:
    reader = PdfReader(FORMATS / "margin_column_city_c.pdf")
    laid = [p.extract_text(extraction_mode="layout") for p in reader.pages]
    return laid, [p.extract_text() for p in reader.pages]


def test_the_margin_first_fixture_sets_its_numbers_text_off_the_column_and_alone_in_plain() -> None:
    laid, plain = _margin_first_pages()
    number, title = Counter[int](), Counter[int]()
    for page in laid[1:]:  # past the contents page
        lines = page.splitlines()
        for i, line in enumerate(lines):
            if re.match(r"34\.\d\d {2,}\S", line) and i + 1 < len(lines):
                number[len(line) - len(line[5:].lstrip())] += 1
                nxt = re.match(r"[A-Z]\S*(?: \S+)* {2,}(?=\S)", lines[i + 1])
                assert nxt is not None, lines[i + 1]
                title[nxt.end()] += 1
    # the text beside a number starts some characters left of the text beside its title
    assert number and all(max(title) - n >= 3 for n in number), (number, title)
    lone = [t for page in plain for t in page.splitlines() if re.fullmatch(r"34\.\d\d", t)]
    assert len(lone) == len(expected_sections("margin_column_city"))  # each alone on its line
    assert has_margin_column(laid, plain)


def test_a_margin_column_drawn_first_without_title_periods_is_read_as_laid_out() -> None:
    laid = [
        "34.01       The purpose of this chapter is to protect the\n"
        "Purpose        public health and the lakes and streams of\n"
        "               the city from the sewage of its buildings.\n"
        "34.02       A permit is required for every\n"
        "Permit         system in the city.\n"
        "required\n"
        "34.03       Each tank shall be pumped every\n"
        "Pumping of     three years by a licensed pumper, who shall\n"
        "tanks          report the pumping to the health officer\n"
        "               within thirty days.\n"
    ]
    margin_first = [
        "Chapter 34\n34.01\nPurpose\nThe purpose of this chapter is to protect the\n"
        "public health and the lakes and streams of\nthe city from the sewage of its buildings.\n"
        "34.02\nPermit\nrequired\nA permit is required for every\nsystem in the city.\n"
        "34.03\nPumping of\ntanks\nEach tank shall be pumped every\n"
        "three years by a licensed pumper, who shall\nreport the pumping to the health officer\n"
        "within thirty days.\n34-1\n"
    ]
    assert has_margin_column(laid, margin_first)  # no table row reads a title without its period
