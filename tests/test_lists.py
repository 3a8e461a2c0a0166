"""A list item later in a section's list is read with the lead-in that says what the list is."""

from __future__ import annotations

import pytest

from app.lists import lead_in

SECTION = (
    "No person shall install or repair a system without a permit.\n"
    "Exceptions: A permit is not required for:\n"
    "1. Pumping or cleaning a tank.\n"
    "2. Replacing a broken maintenance hole cover with one of the same size.\n"
    "3. Repairing or replacing a pump with one of the same capacity.\n"
    "The owner shall keep the records.\n"
    "4. Late numbered paragraph with no list above it at all.\n"
)

LEAD_INS = {
    "the-first-item": ("Pumping or cleaning a tank.", "Exceptions: A permit is not required for:"),
    "an-item-late-in-the-list": (
        "Repairing or replacing a pump with one of the same capacity.",
        "Exceptions: A permit is not required for:",
    ),
    "a-sentence-that-is-no-item": ("The owner shall keep the records.", None),
    "an-item-after-a-plain-sentence": ("Late numbered paragraph with no list above it", None),
}


@pytest.mark.parametrize(("item", "expected"), LEAD_INS.values(), ids=LEAD_INS)
def test_an_items_lead_in_is_the_colon_line_above_its_list(item: str, expected: str | None) -> None:
    assert lead_in(SECTION, item) == expected


DATABASE_EXPORT = (
    "[9.1.4(a)] No person shall repair a system without a permit. [9.1.4(b)] A permit is not "
    "required for:\n"
    "[9.1.4(b)(1)] Pumping a tank; [9.1.4(b)(2)] Replacing a pump with one of the same rating.\n"
    "[9.1.4(c)] Exempt work shall be reported within seven (7) days.\n"
)


@pytest.mark.parametrize(
    ("item", "expected"),
    [
        (
            "[9.1.4(b)(2)] Replacing a pump with one of the same rating.",
            "A permit is not required for:",
        ),
        ("[9.1.4(c)] Exempt work shall be reported within seven (7) days.", None),
    ],
    ids=["an-item-with-a-paragraph-id", "a-sibling-paragraph-is-no-item"],
)
def test_a_legal_databases_paragraph_ids_mark_list_items(item: str, expected: str | None) -> None:
    assert lead_in(DATABASE_EXPORT, item) == expected
