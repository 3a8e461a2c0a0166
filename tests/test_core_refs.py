"""One parser for section references in every layer: hyphenated numbers kept whole, dotted kept."""

from __future__ import annotations

import pytest

from app.understand import understand
from app.verify import section_key
from core.refs import find_section_refs, normalize_ref, ref_variants
from index.refs import find_section_refs as index_find_section_refs


@pytest.mark.parametrize(
    ("text", "refs"),
    [
        pytest.param("what does section 9-4-8 say", ["9-4-8"], id="sterling-hyphenated"),
        pytest.param("§ 175-9 fees", ["175-9"], id="general-code-hyphenated"),
        pytest.param("Sec. 18-124(a)(1) setbacks", ["18-124"], id="municode-with-subsections"),
        pytest.param("§ 52.01 purpose", ["52.01"], id="american-legal-dotted"),
        pytest.param("show me Section III.D", ["III.D"], id="outline-part-and-letter"),
        pytest.param("sect. 4.1.2(a) please", ["4.1.2"], id="numbered-paragraph"),
        pytest.param("sections 18-101 through 18-103", ["18-101", "18-103"], id="range-ends"),
        pytest.param("what does Sec. 8A-12 say?", ["8A-12"], id="lettered-chapter"),
        pytest.param("Section 98 and 3 bedrooms", ["98"], id="singular-no-list"),
        pytest.param("see Table 5.3", ["Table 5.3"], id="dotted-table-not-table-v"),
    ],
)
def test_references_in_text_keep_the_printed_identifier(text: str, refs: list[str]) -> None:
    assert find_section_refs(text) == refs
    assert index_find_section_refs(text) == refs


@pytest.mark.parametrize(
    ("ref", "canonical"),
    [
        pytest.param("Sec. 07", "7", id="prefix-and-zero"),
        pytest.param("9-4-8", "9-4-8", id="hyphenated-never-cut"),
        pytest.param("Sec. 08A-12.", "8A-12", id="lettered-chapter-kept"),
        pytest.param("section 8a-12", "8A-12", id="lettered-chapter-typed-lower-case"),
        pytest.param("§ 18-124(a)", "18-124", id="subsection-dropped"),
        pytest.param("52.01", "52.01", id="dotted-never-joined"),
        pytest.param("404 .04", "404.04", id="ocr-space"),
        pytest.param("Septic tank maintenance.", "septic tank maintenance", id="title"),
    ],
)
def test_normalize_ref(ref: str, canonical: str) -> None:
    assert normalize_ref(ref) == canonical
    assert section_key("x", ref) == ("x", canonical)


@pytest.mark.parametrize(
    ("ref", "variants"),
    [
        pytest.param("4.1.2(a)", ["4.1.2", "4.1"], id="paragraph-to-section"),
        pytest.param("9-4-8C", ["9-4-8C", "9-4-8"], id="lettered-subsection"),
        pytest.param("9-4-8", ["9-4-8"], id="hyphenated-not-cut"),
        pytest.param("8A-12(b)", ["8A-12"], id="lettered-chapter-not-cut"),
        pytest.param("404.04", ["404.04"], id="two-part-not-cut"),
    ],
)
def test_ref_variants_fall_back_to_the_section(ref: str, variants: list[str]) -> None:
    assert ref_variants(ref) == variants


def test_the_question_parser_uses_the_same_references() -> None:
    u = understand(
        "What does section 9-4-8 say about tanks?", {"pine-ridge-lake": "Pine Ridge Lake"}
    )
    assert u.section_refs == ["9-4-8"]


@pytest.mark.parametrize(
    ("text", "refs"),
    [
        pytest.param("sectoin 98 chaska", ["98"], id="swapped-letters"),
        pytest.param("secton 404.04", ["404.04"], id="dropped-letter"),
        pytest.param("Sectoin 9-4-8", ["9-4-8"], id="hyphenated-kept-whole"),
        pytest.param("sections 98 and 99", ["98", "99"], id="plural-keeps-its-list"),
        pytest.param("suction 5 feet", [], id="another-word-with-one-edit"),
        pytest.param("selection 3", [], id="two-edits-away"),
    ],
)  # fmt: skip
def test_a_misspelt_section_keyword_before_a_number_still_names_the_section(
    text: str, refs: list[str]
) -> None:
    assert find_section_refs(text) == refs
