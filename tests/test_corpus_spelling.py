"""Misspellings fixed from the ordinances' own words: a word that is neither English (the bundled
model's vocabulary) nor in the asked cities' text becomes the most frequent ordinance word one
edit away; English words, acronyms, abbreviations and other forms of a word stay as typed."""

from __future__ import annotations

import pytest

from app.typos import CorpusSpelling, correct_from_corpus
from index.embed import english_words

COUNTS = {
    "tank": 40, "tanks": 12, "holding": 9, "alarm": 3, "field": 4, "well": 8, "wells": 2,
    "percolation": 5, "per": 30, "administered": 2, "its": 20, "has": 15, "bluff": 3, "welfare": 1,
    "berm": 6, "cesspool": 1, "cesspools": 1, "issued": 7, "two": 9, "denying": 2, "was": 6,
}  # fmt: skip

CASES = [
    ("dropped_letter", "holding tnk alarm", "holding tank alarm"),
    ("swapped_letters", "how far from the feild", "how far from the field"),
    ("english_word_kept", "can I keep a dog near the fence", "can I keep a dog near the fence"),
    ("acronym_kept", "are ISTS allowed", "are ISTS allowed"),
    ("abbreviation_kept", "the perc test", "the perc test"),
    ("another_form_kept", "who administers it", "who administers it"),
    ("capital_kept", "Tnk size", "Tank size"),
    ("three_letters_cut_short", "how far from my wel", "how far from my well"),
    ("a_domain_words_misspelling_left_to_the_keywords", "a 5 bedrm house", "a 5 bedrm house"),
    ("the_nearest_of_two_forms", "a cesspol out back", "a cesspool out back"),
    ("english_nearer_than_the_ordinance", "insted of a tank", "instead of a tank"),
    ("one_english_word_one_edit_away", "its way cheeper", "its way cheaper"),
    (
        "an_english_words_other_form_kept",
        "dad is deeding the cabin to me",
        "dad is deeding the cabin to me",
    ),
    ("a_short_words_ending_is_no_english_form", "wats the size", "was the size"),
    (
        "a_kind_of_place_kept",
        "crane meadow twp - how much notice",
        "crane meadow twp - how much notice",
    ),
]


@pytest.mark.parametrize(("typed", "fixed"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_misspelling_is_fixed_from_the_ordinances_words(typed: str, fixed: str) -> None:
    assert correct_from_corpus(typed, COUNTS, english_words()) == fixed


def test_the_asked_cities_words_are_counted_once_and_only_when_needed() -> None:
    calls: list[str] = []

    class S:
        title = "Holding tanks"
        text = "A holding tank shall have an alarm."

    def sections(city: str) -> list[S]:
        calls.append(city)
        return [S()]

    spelling = CorpusSpelling(sections)
    assert spelling.fix("How big a holding tank?", ["hugo"]) == "How big a holding tank?"
    assert calls == []  # every word English: nothing read
    assert spelling.fix("holding tnk alarm", ["hugo"]) == "holding tank alarm"
    assert spelling.fix("the alrm of a holding tnk", ["hugo"]) == "the alarm of a holding tank"
    assert calls == ["hugo"]
