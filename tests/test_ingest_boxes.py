"""A handbook's sidebars, boxed round or beside the text, are commentary: they are left out of
the provisions (a drawn table's rows stay), and the text beside a side box keeps its words."""

from __future__ import annotations

from ingest.clean import split_lines, unbox

TEXT = """(3) No vehicle shall be placed on a soil treatment area.

    +----------------------------------+
    | PLAIN TALK: Multiply your design |
    | flow by 1.6 for the trench area. |
    +----------------------------------+

  (4) The business shall send the          .--------------------
      Department a report of each          | PLAIN TALK: A tank
      pumping by the fifteenth day.        | can fill up early.
                                           '--------------------
| Setback | Feet |
| Well    | 50   |
"""


def _texts() -> list[str]:
    lines, _ = unbox([ln for ln in split_lines(TEXT) if ln.text.strip()])
    return [ln.text.strip() for ln in lines]


def test_a_boxed_sidebar_is_left_out() -> None:
    lines, dropped = unbox(split_lines(TEXT))
    assert dropped == 4
    assert not any("PLAIN TALK" in ln.text or "+---" in ln.text for ln in lines)


def test_the_text_beside_a_side_box_keeps_its_words_and_offsets() -> None:
    texts = _texts()
    assert "(4) The business shall send the" in texts
    assert "Department a report of each" in texts
    assert "pumping by the fifteenth day." in texts
    lines, _ = unbox(split_lines(TEXT))
    for ln in lines:  # each line's offset still points at its text in the source
        assert TEXT[ln.start : ln.start + len(ln.text)] == ln.text


def test_a_tables_rows_keep_their_bars() -> None:
    texts = _texts()
    assert "| Setback | Feet |" in texts and "| Well    | 50   |" in texts
