"""Layouts whose section numbers follow their titles: a code chapter PDF with the number flush
right of a bold title ('Septic tank capacity        § 44.12') and footnoted history notes, and a
typewritten ordinance with centred capital headings and the number in brackets after them
('SEPTIC TANKS. (Sec. 10)')."""

from __future__ import annotations

import pytest
from helpers import FORMATS, expected_sections, found_sections, parse_fixture, sections_by_ref

RIGHT = FORMATS / "manifest-right-numbers-city.yaml"
RIGHT_MARKED = FORMATS / "manifest-right-numbers-city-b.yaml"
BRACKET = FORMATS / "manifest-bracket-numbers-township.yaml"

LAYOUTS = [
    pytest.param(RIGHT, "right_numbers_city", id="number-flush-right-pdf"),
    pytest.param(
        RIGHT_MARKED, "right_numbers_city_b", id="number-flush-right-after-a-footnoted-title"
    ),
    pytest.param(BRACKET, "bracket_numbers_township", id="number-in-brackets-typewritten"),
]


@pytest.mark.parametrize(("manifest", "name"), LAYOUTS)
def test_a_number_after_its_title_heads_the_section(manifest, name) -> None:
    doc = parse_fixture(manifest)
    got = found_sections(doc)
    assert got == expected_sections(name)


@pytest.mark.parametrize(
    ("manifest", "number", "sentence"),
    [
        pytest.param(RIGHT, "44.12", "capacity the following table gives", id="pdf-tank"),
        pytest.param(RIGHT, "44.06", "expires twelve months after", id="pdf-after-footnote"),
        pytest.param(RIGHT, "44.99", "is guilty of a misdemeanor", id="pdf-penalty"),
        pytest.param(
            RIGHT_MARKED, "44.11", "never less than 300 gallons", id="pdf-title-footnoted"
        ),
        pytest.param(BRACKET, "10", "hold at least one thousand gallons", id="text-tanks"),
        pytest.param(BRACKET, "11", "at least once every three years", id="text-wrapped-title"),
        pytest.param(BRACKET, "14", "takes effect upon its publication", id="text-last"),
    ],
)
def test_a_section_holds_its_own_text(manifest, number, sentence) -> None:
    section = sections_by_ref(parse_fixture(manifest))[number]
    assert sentence in " ".join(section.text.split())


@pytest.mark.parametrize(
    ("manifest", "furniture"),
    [
        pytest.param(RIGHT, ["Supp. No.", "44-2", "PENWICK HARBOR", "§ 44."], id="pdf"),
        pytest.param(
            BRACKET,
            ["Rev. 4/2019", "- 4 -", "(Sec.", "AMENDMENT HISTORY", "ATTEST", "......"],
            id="typewritten",
        ),
    ],
)
def test_page_furniture_and_contents_stay_out_of_section_text(manifest, furniture) -> None:
    for section in parse_fixture(manifest).sections:
        if section.kind != "section":
            continue
        for piece in furniture:
            assert piece not in section.text, (section.section, piece)


def test_a_footnoted_history_note_leaves_the_text_and_stays_with_its_section() -> None:
    by_ref = sections_by_ref(parse_fixture(RIGHT))
    assert (
        "(Ord. 2011-4, passed 3-8-2011; Am. Ord. 2019-7, passed 6-11-2019)" in by_ref["44.05"].notes
    )
    assert not by_ref["44.01"].text.rstrip().endswith(" 1")
    assert "Ord. 2011-4" not in by_ref["44.01"].text


def test_a_bracketed_amendment_note_is_a_note_not_text() -> None:
    section = sections_by_ref(parse_fixture(BRACKET))["6"]
    assert section.notes == ["[Ord. 12, June 3, 2008; amended Ord. 12-A, May 5, 2011]"]
    assert "Ord. 12" not in section.text


def test_a_footnote_called_from_a_heading_is_its_sections_note() -> None:
    """'Septic tank capacity.' / raised '18' / '§ 44.12': the mark reads as a line of its own
    between the title and the number; the number is no mark ('§ 44.12' does not end in '12')."""
    by_ref = sections_by_ref(parse_fixture(RIGHT_MARKED))
    for number in ("44.01", "44.10", "44.12", "44.99"):
        assert "(Ord. 2011-4, passed 3-8-2011)" in by_ref[number].notes[0], number
        assert "Ord. 2011-4" not in by_ref[number].text
