"""Page furniture by repetition: what repeats on every page goes, what the text says stays."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from ingest.furniture import furniture_indices


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
