"""Two layout families parse with no city-specific code: a bill drafted in session-law style (a
`page.line` number on every printed line, `Sec. 2. [DEFINITIONS.]` headnotes, `Subd. 1.`
subdivisions inside sections), as a PDF and as a text export, and a county ordinance written as a
numbered question-and-answer guide (`Q 14. How large must a septic tank be?` under `PART 3 --`
containers). Citations of a guide's questions ('Q 14', 'Question 14') compare equal to its
numbers."""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import found_sections

from app.cli import main
from core.refs import find_section_refs, normalize_ref
from ingest.gutter import source_lines, strip_line_numbers
from ingest.manifest import load_manifest
from ingest.parse import find_section, parse_document
from ingest.records import ParsedDocument, Section

FORMATS = Path(__file__).parent / "data" / "formats"
BILL_PDF = FORMATS / "manifest-bill-style-city.yaml"
BILL_TEXT = FORMATS / "manifest-bill-style-city-text.yaml"
GUIDE = FORMATS / "manifest-question-guide-county.yaml"
BILLS = [pytest.param(BILL_PDF, id="pdf"), pytest.param(BILL_TEXT, id="text-export")]


def _parse(manifest: Path) -> ParsedDocument:
    ((entry, source),) = load_manifest(manifest)
    return parse_document(entry, source)


def _sections(doc: ParsedDocument) -> dict[str, Section]:
    return {s.section or s.title: s for s in doc.sections if s.kind == "section"}


# --- bills: page.line gutters, bracketed headnotes, subdivisions ---

_BILL_FURNITURE = ["02/26/24", "CITY ATTORNEY", "KRL/mj", "ORD-24-117", "History:", "\f"]


@pytest.mark.usefixtures("tmp_home")
@pytest.mark.parametrize("manifest", BILLS)
def test_a_bill_ingests_to_its_expected_sections(
    capsys: pytest.CaptureFixture[str], manifest: Path
) -> None:
    ((entry, source),) = load_manifest(manifest)
    code = main(["ingest", str(source), "--manifest", str(manifest), "--no-index"])
    capsys.readouterr()
    assert code == 0
    assert main(["sections", "--city", entry.jurisdiction, "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr()[0].splitlines()]
    want = json.loads((FORMATS / "bill_style_city.expected.json").read_text(encoding="utf-8"))
    norm = lambda t: re.sub(r"[^a-z0-9]+", " ", str(t).lower()).strip()  # noqa: E731
    assert [(norm(r["section"]), norm(r["title"])) for r in rows] == [
        (norm(e["section"]), norm(e["title"])) for e in want["sections"]
    ]
    for row in rows:
        for needle in _BILL_FURNITURE:
            assert needle not in str(row["text"]), (row["section"], needle)
        assert not re.search(r"(?m)^\s*\d+(?:\.\d+)?\s*$", str(row["text"]))  # margin numbers


@pytest.mark.parametrize("manifest", BILLS)
def test_a_bills_sections_are_its_numbered_headnotes_never_its_line_numbers(
    manifest: Path,
) -> None:
    by_ref = _sections(_parse(manifest))
    assert list(by_ref) == [str(n) for n in range(1, 18)]
    assert by_ref["2"].title == "DEFINITIONS"
    assert by_ref["11"].title == "MAINTENANCE; PUMPING"


@pytest.mark.parametrize("manifest", BILLS)
def test_subdivisions_stay_inside_their_section(manifest: Path) -> None:
    tanks = _sections(_parse(manifest))["6"]
    lines = tanks.text.splitlines()
    assert lines[0].startswith("Subd. 1. [TANK CAPACITY.] Every septic tank serving a dwelling")
    assert lines[1].startswith("Subd. 2. [COMPARTMENTS.] A septic tank shall have at least two")
    assert lines[2].startswith("Subd. 3. [GARBAGE DISPOSALS.]")


@pytest.mark.parametrize("manifest", BILLS)
def test_a_headnote_wrapped_onto_a_second_line_is_one_title(manifest: Path) -> None:
    by_ref = _sections(_parse(manifest))
    assert by_ref["14"].title == "HOLDING TANKS; OPERATING PERMITS"
    assert by_ref["14"].text.startswith("Subd. 1. [HOLDING TANKS.] A holding tank may be")
    assert by_ref["10"].title == "COMPLIANCE INSPECTIONS AT PROPERTY TRANSFER"
    assert by_ref["10"].text.startswith("Before a property served by a system is sold")


@pytest.mark.parametrize("manifest", BILLS)
def test_text_after_the_headnote_on_its_line_is_the_sections_text(manifest: Path) -> None:
    by_ref = _sections(_parse(manifest))
    assert by_ref["5"].title == "PERMIT TERM; EXTENSION"
    assert by_ref["5"].text.startswith(
        "A permit issued under section 4 expires nineteen (19) months after it is issued"
    )
    assert by_ref["16"].text == (
        "City Code, chapter 9, article 4, sections 9.401 to 9.412, is repealed."
    )


@pytest.mark.parametrize("manifest", BILLS)
def test_quotes_across_numbered_line_ends_read_naturally(manifest: Path) -> None:
    by_ref = _sections(_parse(manifest))
    flat = {ref: " ".join(s.text.split()) for ref, s in by_ref.items()}
    assert (
        "inspect a system, after notice to the owner or occupant as provided in section 9."
        in (flat["3"])
    )  # the wrapped '9.' is text, not a page number
    assert "unless the work is completed and has received final approval" in flat["5"]
    assert "A system covered before inspection shall be uncovered" in flat["9"]  # 'inspec-'
    assert "an imminent threat to public health" in flat["15"]  # hyphenated over a page break
    assert "operation and maintenance of subsurface sewage treatment systems" in flat["1"]
    numbers = {t for s in by_ref.values() for t in re.findall(r"\d+\.\d+", s.text)}
    assert numbers <= {"115.55", "412.221", "9.401", "9.412"}  # no margin number is left


@pytest.mark.parametrize("manifest", BILLS)
def test_a_bills_running_heads_footers_and_history_are_not_provisions(manifest: Path) -> None:
    doc = _parse(manifest)
    by_ref = _sections(doc)
    assert by_ref["4"].notes == ["History: Ord. 2009-14 s 4; Ord. 2018-02 s 1"]
    for record in doc.sections:
        assert "CITY ATTORNEY" not in record.text and "KRL/mj" not in record.text
        assert not re.search(r"(?m)^Sec\. \d+\.\s+\d+$", record.text)  # the page's footer
    assert (by_ref["9"].page_start, by_ref["9"].page_end) == (2, 3)


def test_a_bill_as_a_pdf_and_as_a_text_export_parse_the_same() -> None:
    def pick(doc: ParsedDocument) -> list[tuple[str | None, str, str, list[str]]]:
        return [
            (s.section, s.title, " ".join(s.text.split()), s.notes)
            for s in doc.sections
            if s.kind == "section"
        ]

    pdf = pick(_parse(BILL_PDF))
    assert [ref for ref, *_ in pdf] == [str(n) for n in range(1, 18)]
    assert pick(_parse(BILL_TEXT)) == pdf


@pytest.mark.parametrize("manifest", BILLS)
def test_a_bills_fixed_width_table_is_read_without_its_line_numbers(manifest: Path) -> None:
    """The setback table's rows come from the source with the margin numbers cut off, so its
    columns line up and its unit comes from the caption."""
    doc = _parse(manifest)
    assert "setback.table.7" in {r.id for r in doc.rules}
    setbacks = _sections(doc)["7"]
    source = Path(doc.source_path)
    if source.suffix == ".txt":
        rows = source_lines(
            source.read_text(encoding="utf-8"), setbacks.char_start, setbacks.char_end
        )
        assert any(row.strip().startswith("Water supply well") for row in rows)


def test_a_headnote_in_any_case_titles_its_section_and_a_reserved_one_is_dropped(
    parse_text: Callable[[str], ParsedDocument],
) -> None:
    doc = parse_text(
        "Section 1. [Title; purpose.] This ordinance may be cited as the septic ordinance.\n"
        "Sec. 2. [Permit term.]\nA permit expires eighteen (18) months after it is issued.\n"
        "Sec. 3. [Reserved.]\n"
        "Sec. 4. [PENALTY.] Any person who violates this ordinance is guilty of a misdemeanor.\n",
    )
    got = found_sections(doc)
    assert got == [("1", "Title; purpose"), ("2", "Permit term"), ("4", "PENALTY")]
    assert _sections(doc)["2"].text == "A permit expires eighteen (18) months after it is issued."


@dataclass
class _Src:
    text: str
    start: int
    pdf_page: int | None = None


_PROSE = textwrap.wrap(
    " ".join(
        f"The owner of system {k} shall keep it in good order and have its tank pumped when "
        "the sludge fills a third of it."
        for k in range(40)
    ),
    70,
)


def _bill(rows: list[str], per_page: int = 25) -> list[_Src]:
    """Rows printed as a bill prints them: `page.line` numbers, the line number restarting on
    each page, a running head and a footer without numbers between pages."""
    out: list[_Src] = []
    for i, row in enumerate(rows):
        page, line = divmod(i, per_page)
        if line == 0:
            out.append(_Src("03/01/24        REVISOR        ABC/de        24-0117", 0, page))
        out.append(_Src(f"{page + 1}.{line + 1}".rjust(5) + f"   {row}", 100 * i, page))
        if line == per_page - 1 or i == len(rows) - 1:
            out.append(_Src(f"Sec. {page + 3}.                                      {page + 1}", 0))
    return out


def test_a_page_line_gutter_is_stripped_and_real_numbers_are_not() -> None:
    """'1.1' ... '1.25' then '2.1': the margin numbers go (with the page's head and footer, a
    line with the page number in their place); decimal section numbers, numbered rules and a
    numbered paragraph list stay text."""
    assert len(_PROSE) >= 50
    rows = ["Sec. 4. [PERMITS.] No person shall install a system without a permit as", "9."]
    rows += _PROSE[:50]
    out = strip_line_numbers(_bill(rows), _Src)
    texts = [ln.text for ln in out]
    assert texts[0] == rows[0] + " 9."  # the figure alone on a numbered line ends the one above
    assert texts[1:25] == [*_PROSE[:23], "1"]  # page 1's footer and page 2's head: its number
    assert texts[25:] == [*_PROSE[23:48], "2", *_PROSE[48:50], "3"]
    assert not any("REVISOR" in t or re.fullmatch(r"Sec\. \d+\.\s+\d+", t) for t in texts)
    assert out[1].start == 100 * 2 + 8  # past its number and the gutter's spaces
    rules = [_Src(f"{n // 20 + 4}.{n % 20 + 1} Permit rule {n} applies.", n) for n in range(60)]
    listed = [
        _Src(row, 0)
        for k in range(1, 9)
        for row in (f"{k}.1 Permits.", f"{k}.2 Fees.", *_PROSE[:3])
    ]
    codified = [_Src(f"404.{k:02d} Title {k}.", 0) for k in range(1, 30)]
    for lines in (rules, listed, codified):
        assert strip_line_numbers(lines, _Src) == lines


# --- question-and-answer guides ---


def test_each_numbered_question_is_a_section_titled_with_the_question() -> None:
    by_ref = _sections(_parse(GUIDE))
    assert list(by_ref) == [str(n) for n in range(1, 19)]
    assert by_ref["14"].title == "How large must a septic tank be?"
    assert by_ref["9"].title == "Who may design or install a system?"  # printed 'Q9.'
    assert by_ref["10"].title == "How far must a system be from a well, a lake or a property line?"
    assert by_ref["10"].text.startswith("Every part of a system shall be set back")
    assert by_ref["3"].text.startswith("This ordinance applies in every part of the County")


def test_a_guides_parts_are_the_containers_of_its_questions() -> None:
    by_ref = _sections(_parse(GUIDE))
    assert by_ref["4"].path == ["PART 1. GENERAL PROVISIONS"]
    assert by_ref["10"].path == ["PART 3. DESIGN AND CONSTRUCTION"]  # a part that begins a page
    assert by_ref["18"].path == ["PART 4. MAINTENANCE AND ENFORCEMENT"]


def test_a_guides_source_notes_are_notes_and_its_boxes_and_tables_are_text() -> None:
    doc = _parse(GUIDE)
    by_ref = _sections(doc)
    assert by_ref["14"].notes == ["[Source: Ord. 2019-3, s. 14; amended by Ord. 2023-1, s. 3]"]
    assert "EXAMPLE: A four-bedroom home with a garbage disposal needs a tank" in by_ref["14"].text
    assert "(see Q 16)" in by_ref["5"].text  # a cross reference to a question is no heading
    assert {"tank.table.14", "setback.table.10"} <= {r.id for r in doc.rules}


def test_a_question_written_q14_or_question_14_heads_its_section(
    parse_text: Callable[[str], ParsedDocument],
) -> None:
    answer = "The owner shall do as this answer says, within the time it gives, in every case.\n"
    doc = parse_text(
        "Question 1. What is this ordinance called?\n" + answer
        + "Question 2. Who must get a permit before\nbuilding a system?\n" + answer
        + "See Question 1 and Q 2 for more.\n"
        + "Q3. How often must a tank be pumped?\n" + answer
        + "Q 4.\nWho inspects a new system?\n" + answer
        + "QUESTION 5 -- Are holding tanks allowed?\n" + answer
        + "Q 6. What is the penalty? Any violation is a misdemeanor.\n",
    )  # fmt: skip
    got = found_sections(doc)
    assert got == [
        ("1", "What is this ordinance called?"),
        ("2", "Who must get a permit before building a system?"),
        ("3", "How often must a tank be pumped?"),
        ("4", "Who inspects a new system?"),
        ("5", "Are holding tanks allowed?"),
        ("6", "What is the penalty?"),
    ]
    assert _sections(doc)["6"].text == "Any violation is a misdemeanor."
    assert _sections(doc)["4"].text == answer.strip()


@pytest.mark.parametrize("cited", ["Q 14", "Q14", "Question 14", "14"])
def test_a_question_cited_either_way_finds_its_section(cited: str) -> None:
    doc = _parse(GUIDE)
    found = find_section(doc.sections, "ledgerock-county", cited)
    assert found.title == "How large must a septic tank be?"


def test_question_and_rule_keywords_fold_to_the_number_and_quarters_do_not() -> None:
    for ref in ("Q 14", "Q14", "Q. 14", "Question 14", "question 14", "Rule 14", "Sec. 14"):
        assert normalize_ref(ref) == "14", ref
    assert normalize_ref("Rule 5.02(c)") == "5.02"
    assert normalize_ref("Quality of water.") == "quality of water"
    assert find_section_refs("show me Q 14") == ["14"]
    assert find_section_refs("what does Q14 say about tanks?") == ["14"]
    assert find_section_refs("Question 14 and section 9") == ["14", "9"]
    for text in ("due in Q3", "the Q4 2024 report", "a question 3 bedrooms", "FAQ 3"):
        assert find_section_refs(text) == [], text
