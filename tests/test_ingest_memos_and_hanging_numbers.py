"""Two layout families parse with no place-specific code: a township ordinance typed as a numbered
memo (a clerk's transmittal memo and a dotted contents list ahead of `1.  GENERAL PROVISIONS`
group headings; decimal paragraph numbers in a left-margin column, the section's title on the
number's line and underlined with underscores on the next), and a two-column city code PDF whose
section numbers hang in the outer margin, mirrored (`§ 708.14 Title.` in the left column, `Title.
§ 708.16` in the right), under mirrored running heads that carry § numbers."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from ingest.manifest import load_manifest
from ingest.parse import parse_document
from ingest.records import ParsedDocument, Section
from ingest.underlines import underlined_span

FORMATS = Path(__file__).parent / "data" / "formats"
MEMO = FORMATS / "manifest-memo-township.yaml"


def _parse(manifest: Path) -> ParsedDocument:
    ((entry, source),) = load_manifest(manifest)
    return parse_document(entry, source)


def _sections(doc: ParsedDocument) -> dict[str, Section]:
    return {s.section or s.title: s for s in doc.sections if s.kind == "section"}


def _expected(name: str) -> list[tuple[str, str]]:
    want = json.loads((FORMATS / f"{name}.expected.json").read_text(encoding="utf-8"))
    return [(e["section"], e["title"]) for e in want["sections"]]


# --- typed memos: underlined titles, group headings, left-margin paragraph numbers ---


def test_a_memo_parses_to_its_sections_at_the_finest_titled_level() -> None:
    doc = _parse(MEMO)
    got = [(s.section, s.title) for s in doc.sections if s.kind == "section"]
    assert got == _expected("memo_township")


@pytest.mark.parametrize(
    ("number", "title", "opens"),
    [
        pytest.param("1.3", "Adoption of state rules", "Minnesota Rules, chapters 7080",
                     id="sentence-case-title"),
        pytest.param("3.2", "Permit applications", "An application for a permit shall",
                     id="section-with-titled-paragraphs"),
        pytest.param("3.2.1", "Site evaluation", "Every application for a new",
                     id="paragraph-with-its-own-underlined-title"),
        pytest.param("5.2.1", "Report required before sale", "Before a property served",
                     id="paragraph-under-a-title-without-text"),
        pytest.param("7.2", "Imminent threat to public health", "A system that is an imminent",
                     id="long-title"),
    ],
)  # fmt: skip
def test_an_underlined_title_on_the_numbers_line_titles_its_section(
    number: str, title: str, opens: str
) -> None:
    section = _sections(_parse(MEMO))[number]
    assert section.title == title
    assert section.text.startswith(opens)


def test_numbered_paragraphs_without_an_underlined_title_stay_in_their_section() -> None:
    by_ref = _sections(_parse(MEMO))
    assert not {"2.1.1", "3.1.1", "3.1.2"} & set(by_ref)
    lines = by_ref["3.1"].text.splitlines()
    assert lines[1] == "3.1.1 Pumping of a septic tank by a licensed maintenance business."
    assert lines[2] == "3.1.2 Replacing a pump, float or alarm with one of the same capacity."
    assert by_ref["2.1"].text.splitlines()[1].startswith('2.1.1 "Bedroom" means a room')


def test_group_headings_and_a_title_without_text_are_containers_not_sections() -> None:
    by_ref = _sections(_parse(MEMO))
    assert not {str(n) for n in range(1, 10)} & set(by_ref)
    assert "5.2" not in by_ref
    assert by_ref["3.2.1"].path == ["3. PERMITS"]
    assert by_ref["5.1"].path == ["5. INSPECTIONS"]
    transfer = ["5. INSPECTIONS", "5.2 Inspection of existing systems at property transfer"]
    assert by_ref["5.2.1"].path == by_ref["5.2.2"].path == transfer
    assert by_ref["6.1"].path == ["6. MAINTENANCE"]


_MEMO_FURNITURE = ["Marten Hollow Township  ", "SSTS Ordinance No. 2008-03", "- 2 -", "__", "\f"]


def test_a_memos_furniture_memo_contents_and_headings_are_not_provisions() -> None:
    doc = _parse(MEMO)
    headings = [rf"(?m)^{re.escape(n)} +{re.escape(t)}\b" for n, t in _expected("memo_township")]
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
    doc = _parse(MEMO)
    by_ref = _sections(doc)
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
