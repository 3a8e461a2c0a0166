"""Page furniture by repetition: what repeats on every page goes, what the text says stays."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from ingest.furniture import furniture_indices
from ingest.gutter import strip_line_numbers


@dataclass
class _Line:
    text: str


def _pages(repeated: str, other: str = "") -> list[_Line]:
    """Four pages of text, each ending with `repeated` (with its page number in it) and, in the
    middle of two of them, `other`."""
    lines: list[_Line] = []
    for n in range(1, 5):
        lines += [_Line(f"The owner shall keep the system in good order, page {n} text.")] * 3
        if other and n in (2, 3):
            lines.append(_Line(other))
        lines += [_Line(f"{n}th sentence of provisions about septic tanks and wells here.")]
        lines.append(_Line(repeated.format(n=n)))
    return lines


@pytest.mark.parametrize(
    ("repeated", "dropped"),
    [
        pytest.param("Supp. No. 7 (2023)            13-4{n}", True, id="footer-with-a-group"),
        pytest.param("(Birch Falls Supp. No. {n}, 6-22)", True, id="wrapped-footer"),
        pytest.param("Source:   Ordinance No. 2019-0{n}, 2nd Series", False, id="history-line"),
        pytest.param("(Ord. 41{n}, 3-15-2021)", False, id="history-note"),
        pytest.param("(a) The tank shall be pumped {n}", False, id="list-item"),
        pytest.param("3-15-202{n})", False, id="piece-of-a-wrapped-group"),
    ],
)
def test_a_repeated_line_is_furniture_unless_the_text_says_it(repeated: str, dropped: bool) -> None:
    lines = _pages(repeated)
    gone = furniture_indices(lines)
    assert all((i in gone) is dropped for i, ln in enumerate(lines) if ln.text[:6] == repeated[:6])


def test_a_table_caption_beside_furniture_stays() -> None:
    lines = _pages("Lindenvale City Code   Rev. 3/2023   10-3{n}", other="TABLE 1010.0{n}-A")
    gone = furniture_indices(lines)
    assert not any(i in gone for i, ln in enumerate(lines) if ln.text.startswith("TABLE"))


def test_a_section_line_with_its_title_in_capitals_below_is_a_heading_not_furniture() -> None:
    lines: list[_Line] = []
    for n, title in enumerate(["PERMIT TERM", "SETBACKS", "PUMPING", "VARIANCES"], start=4):
        lines += [_Line("Township of Cormorant Point - SSTS Ordinance"), _Line(f"SECTION {n}")]
        lines += [_Line(title), _Line("A. Term. A permit is valid for fourteen (14) months.")]
        lines += [_Line("The owner shall keep the system in good order at all times.")] * 2
    gone = furniture_indices(lines)
    assert not any(i in gone for i, ln in enumerate(lines) if ln.text.startswith("SECTION"))
    assert all(i in gone for i, ln in enumerate(lines) if ln.text.startswith("Township"))


_HEAD = "CITY OF {city}, MINNESOTA  -  CITY CODE CHAPTER 34  |  SUBSURFACE SEWAGE TREATMENT SYSTEMS (SSTS)"


def _slides(heading: str, body: str = "") -> list[_Src]:
    """Five PDF pages, each opening with a long running head, then `heading` (with the page's
    section number in it), then text (opening with `body` and the number, if given)."""
    lines: list[_Src] = []
    titles = ["Definitions", "Permits Required", "Setbacks", "Variances", "Appeals"]
    for n, title in enumerate(titles, start=1):
        lines.append(_Src(_HEAD.format(city="ALDERBROOK"), 0, n))
        lines.append(_Src(heading.format(n=n, title=title), 0, n))
        if body:
            lines.append(_Src(body.format(n=n), 0, n))
        lines += [_Src(f"(a) The owner shall keep system {n} in good order at all times.", 0, n)]
        lines.append(_Src(f"Alderbrook City Code - Ch. 34   34-{n}", 0, n))
    return lines


@pytest.mark.parametrize(
    ("heading", "body", "heads_dropped"),
    [
        pytest.param("34.0{n} {title}", "", False, id="a-section-opening-each-slide"),
        pytest.param(
            "§ 7.2.{n}  {title}",
            "§ 7.2.{n} Every tank shall be pumped.",
            True,
            id="a-head-naming-the-page's-numbered-paragraph",
        ),
    ],
)
def test_a_line_naming_each_pages_section_is_a_head_only_when_the_number_opens_other_text(
    heading: str, body: str, heads_dropped: bool
) -> None:
    lines = _slides(heading, body)
    gone = furniture_indices(lines)
    at = [i for i in range(1, len(lines)) if lines[i - 1].text.startswith("CITY OF")]
    assert at and all((i in gone) is heads_dropped for i in at)


def test_a_long_running_head_repeated_atop_every_page_is_furniture() -> None:
    lines = _slides("34.0{n} {title}")
    gone = furniture_indices(lines)
    heads = [i for i, ln in enumerate(lines) if ln.text.startswith("CITY OF")]
    assert len(heads) == 5 and all(i in gone for i in heads)


def test_a_browsers_long_footer_with_the_pages_count_closing_every_page_is_furniture() -> None:
    lines = _slides("34.0{n} {title}")
    url = "https://www.codes.example.org/MN/AlderbrookCity/html/AlderbrookCity34/AlderbrookCity3400.html"
    for page in range(5, 0, -1):  # after each page's last line: the address and 'n/5'
        at = max(i for i, ln in enumerate(lines) if ln.pdf_page == page) + 1
        lines.insert(at, _Src(f"{url}  {page}/5", 0, page))
    gone = furniture_indices(lines)
    feet = [i for i, ln in enumerate(lines) if ln.text.startswith("https://")]
    assert len(feet) == 5 and all(i in gone for i in feet)


def test_a_long_line_repeated_in_the_text_is_not_furniture() -> None:
    lines = _slides("34.0{n} {title}")
    long = "Every septic tank serving a dwelling shall be pumped by a licensed maintenance business, and"
    for k in (2, 7, 12):  # below each of the first three pages' headings
        lines.insert(k, _Src(long, 0, lines[k].pdf_page))
    gone = furniture_indices(lines)
    assert not any(i in gone for i, ln in enumerate(lines) if ln.text == long)


@dataclass
class _Src:
    text: str
    start: int
    pdf_page: int | None = None


def _numbered(rows: list[str], first: int = 1) -> list[_Src]:
    return [_Src(f"{first + i:>5}  {row}".rstrip(), 100 * i) for i, row in enumerate(rows)]


_PROSE = [
    f"The owner shall keep system {k} in good order and pump it when full." for k in range(30)
]
_TABLE = [f"{k} bedrooms        {1000 + 250 * k} gallons" for k in range(1, 13)]


@pytest.mark.parametrize(
    ("lines", "first"),
    [
        pytest.param(
            _numbered(["7-3.302  Septic tank capacity.", *_PROSE], 57),
            "7-3.302  Septic tank capacity.",
            id="export",
        ),
        pytest.param(_numbered([*_PROSE[:10], "", *_PROSE[10:]]), _PROSE[0], id="numbered-blanks"),
        pytest.param([_Src(t, 0) for t in _PROSE[:15] + _TABLE + _PROSE[15:]], None, id="table"),
        pytest.param(
            [_Src(f"{k * 10} feet from a well for system {k}", 0) for k in range(1, 30)],
            None,
            id="figures-counting-by-tens",
        ),
        pytest.param(
            [_Src(row, 0) for k in range(1, 9) for row in (f"{k} Permits.", *_PROSE[:3])],
            None,
            id="numbered-paragraphs",
        ),
    ],
)
def test_a_line_number_gutter_is_stripped_and_nothing_else(
    lines: list[_Src], first: str | None
) -> None:
    out = strip_line_numbers(lines, _Src)
    if first is None:
        assert out == lines
        return
    assert out[0].text == first
    assert out[0].start == lines[0].start + lines[0].text.index(first)


@pytest.mark.parametrize(
    "note",
    ["[This page intentionally left blank.]", "THIS PAGE IS INTENTIONALLY BLANK"],
    ids=["bracketed", "capitals"],
)
def test_a_printers_blank_page_note_is_noise_not_text(note: str) -> None:
    from ingest.clean import is_noise_line

    assert is_noise_line(note)
    assert not is_noise_line("The page shall be left blank by the applicant.")


@pytest.mark.parametrize("head", ["INDEX", "KEYWORD INDEX", "SUBJECT INDEX"])
def test_an_index_ends_the_last_section(head: str) -> None:
    from ingest.matter import back_matter_start

    text = f"604 VIOLATIONS. A violation is a misdemeanor.\n{head}\nAbandonment ... 405"
    assert back_matter_start(text, 0, len(text)) == text.index(head)
