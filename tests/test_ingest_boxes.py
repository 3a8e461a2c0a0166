"""A handbook's sidebar drawn as a box is read as its paragraph, never as a table of bars."""

from __future__ import annotations

from ingest.clean import split_lines, unbox

TEXT = """(3) No vehicle shall be placed on a soil treatment area.

    +----------------------------------+
    | PLAIN TALK: Multiply your design |
    | flow by 1.6 for the trench area. |
    +----------------------------------+

| Setback | Feet |
| Well    | 50   |
"""


def test_a_boxed_sidebar_reads_as_its_paragraph_with_its_offsets() -> None:
    lines = [ln for ln in unbox(split_lines(TEXT)) if ln.text.strip()]
    texts = [ln.text for ln in lines]
    assert "PLAIN TALK: Multiply your design" in texts
    assert "flow by 1.6 for the trench area." in texts
    assert not any("+---" in t for t in texts)
    for ln in lines:  # each line's offset still points at its text in the source
        assert TEXT[ln.start : ln.start + len(ln.text)] == ln.text


def test_a_tables_rows_keep_their_bars() -> None:
    texts = [ln.text for ln in unbox(split_lines(TEXT))]
    assert "| Setback | Feet |" in texts and "| Well    | 50   |" in texts
