"""Numbers spelled in words are read whole: a compound is one number, never its parts."""

from __future__ import annotations

import pytest

from core.numbers import spelled_numbers, word_values


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        pytest.param("thirty-six (36) inches", [36.0], id="hyphenated-compound"),
        pytest.param("forty two feet", [42.0], id="spaced-compound"),
        pytest.param("one hundred fifty feet", [150.0], id="hundreds"),
        pytest.param("one hundred and fifty", [150.0], id="hundreds-and"),
        pytest.param("four thousand five hundred gallons", [4500.0], id="thousands"),
        pytest.param("two or three bedrooms", [2.0, 3.0], id="two-numbers"),
        pytest.param("a hundred feet", [100.0], id="a-bare-scale"),
        pytest.param("ten (10) days", [10.0], id="a-word-and-its-digits"),
        pytest.param("no numbers here", [], id="none"),
    ],
)
def test_a_spelled_number_is_read_whole(text: str, numbers: list[float]) -> None:
    assert spelled_numbers(text) == numbers


def test_one_word_spells_each_compound() -> None:
    words = word_values()
    assert words["thirty-six"] == 36
    assert words["ninety-nine"] == 99
    assert "thirty-ten" not in words
