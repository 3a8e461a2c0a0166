"""The whole bundled corpus: expected section lists and the issue's "done when" checks."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from ingest import ParsedDocument, Section, find_section, load_corpus


@pytest.fixture(scope="session")
def corpus() -> dict[str, ParsedDocument]:
    return {d.entry.jurisdiction: d for d in load_corpus()}


def sections(doc: ParsedDocument) -> list[Section]:
    return [s for s in doc.sections if s.kind == "section"]


CHASKA = (
    [f"{n:02d}" for n in range(1, 8)] + ["08-20"] + [str(n) for n in range(21, 31)] + ["31-41"]
    + [str(n) for n in range(42, 51)] + ["51-60"] + [str(n) for n in range(61, 73)] + ["73-84"]
    + [str(n) for n in range(85, 91)] + ["91-95"] + [str(n) for n in range(96, 100)] + ["100-105"]
    + [str(n) for n in range(106, 113)] + ["113-115", "116", "117-120", "121", "122", "123-126"]
    + ["127", "128", "129-135"] + [str(n) for n in range(136, 147)]
)  # fmt: skip

EAST_BETHEL = [
    "Purpose and intent", "Applicability", "Authority", "Administration",
    "Minnesota rules adopted", "System abandonment", "Enforcement", "Permits",
    "Operating permit", "Treatment required", "Soil treatment area",
    "Type I systems (standard systems)", "Type II systems", "Type III systems",
    "Type IV systems", "Type V systems", "Inspections", "Compliance", "Prohibited systems",
    "Conflict resolution", "Operation guarantee", "Minimum qualification",
    "Site evaluation and design requirements",
    "Minimum septic tank capacity for dwellings, and pump tank sizes, and other tank "
    "requirements",
    "Sewer pipe", "Setback requirements", "Setback reduction", "Variances",
    "Septic tank maintenance", "Compliance inspection",
    "Allowable reduction for existing systems",
    "Failing septic systems and septic systems which pose an imminent public health threat",
    "Escrow for a new or replacement septic system",
    "Change in use or condition of the system has changed or been altered", "Holding tanks",
    "Floodplain", "Class V injection wells", "Septage disposal", "Prohibit surface discharge",
    "Subject to change", "Misdemeanor", "Injunctive relief", "Civil action", "Effective date",
    "Reserved",
]  # fmt: skip

HUGO = (
    ["101", "201", "301", "301.01", "301.02", "301.03", "302", "302.01"]
    + ["401", "401.01", "401.02", "402"] + [f"402.{i:02d}" for i in range(1, 7)]
    + ["403"] + [f"403.{i:02d}" for i in range(1, 6)]
    + ["404"] + [f"404.{i:02d}" for i in range(1, 10)]
    + ["501", "501.01", "501.02", "501.03", "502"] + [f"502.{i:02d}" for i in range(1, 7)]
    + ["601"] + [f"601.{i:02d}" for i in range(1, 10)]
    + ["701"] + [f"701.{i:02d}" for i in range(1, 6)]
    + ["801", "801.01", "802", "802.01", "802.02", "802.03"]
    + ["803", "803.01", "803.02", "803.05", "803.06"]
    + ["901", "901.01", "901.02", "901.03", "1001", "1001.01", "1002.01"]
)  # fmt: skip


def test_chaska_has_exactly_the_expected_sections(corpus: dict[str, ParsedDocument]) -> None:
    assert [s.section for s in sections(corpus["chaska"])] == CHASKA


def test_east_bethel_has_the_titled_sections_none_numbered(
    corpus: dict[str, ParsedDocument],
) -> None:
    found = sections(corpus["east-bethel"])
    assert [s.title for s in found] == EAST_BETHEL
    assert all(s.section is None for s in corpus["east-bethel"].sections)


def test_hugo_every_section_id_once_in_order(corpus: dict[str, ParsedDocument]) -> None:
    found = [s.section for s in sections(corpus["hugo"])]
    assert found == HUGO
    assert not [k for k, n in Counter(found).items() if n > 1]


@pytest.mark.parametrize(
    ("ref", "title", "path", "phrases"),
    [
        pytest.param(
            "404.04", "Tank Capacity", "404 Construction and Materials",
            ["Number of Bedrooms Tank Liquid Capacities", "2 or less 1 ,000", "7, 8, or 9 2,000",
             "seventy-five (75) percent of the daily Sewage flow."],
            id="404.04",
        ),
        pytest.param(
            "404.09", "", "404 Construction and Materials",
            ["Final treatment and disposal of all Sewage Tank", "TABLE II", "Table III lists the required bottom area",
             "Dual fields"],
            id="404.09",
        ),
        pytest.param(
            "502.05", "Sewage Holding Tanks", "502 Permitted alternative systems",
            ["If approved by the City Council Sewage Holding Tanks may be considered"],
            id="502.05",
        ),
        pytest.param(
            "803.01", "", "803 Permits",
            ["No person, firm, or corporation shall install , alter, repair or extend"],
            id="803.01",
        ),
    ],
)  # fmt: skip
def test_hugo_staff_sections_present_with_titles_and_text(
    corpus: dict[str, ParsedDocument], ref: str, title: str, path: str, phrases: list[str]
) -> None:
    section = find_section(corpus["hugo"].sections, "hugo", ref)
    assert section.title == title
    assert section.path[-1] == path
    flat = " ".join(section.text.split())
    for phrase in phrases:
        assert phrase in flat


def test_hugo_fill_rules_belong_to_501_02_not_404_09(corpus: dict[str, ParsedDocument]) -> None:
    hugo = corpus["hugo"].sections
    assert "observation wells" not in find_section(hugo, "hugo", "404.09").text.lower()
    assert "observation wells" in find_section(hugo, "hugo", "501.02").text.lower()


def test_hugo_texts_hold_no_page_number_stamp_or_copy(corpus: dict[str, ParsedDocument]) -> None:
    texts = [s.text for s in sections(corpus["hugo"])]
    for text in texts:
        for line in text.split("\n"):
            assert not re.fullmatch(r"[-L]?\s*\d{1,4}\s*-?\s*\W?", line.strip()), line
            assert "WebLinkAbout" not in line and "AFFIDAVIT" not in line
    joined = "\n".join(texts)
    assert joined.count("It is hereby declared to be the intent that the several") == 1


def test_hugo_adoption_and_affidavit_are_kept_out_of_the_tree(
    corpus: dict[str, ParsedDocument],
) -> None:
    other = [s for s in corpus["hugo"].sections if s.kind != "section"]
    assert [s.kind for s in other] == ["adoption", "adoption"]
    assert "AFFIDAVIT OF PUBLICATION" in other[-1].text
    assert find_section(corpus["hugo"].sections, "hugo", "1002.01").text.endswith(
        "publication as required by law."
    )


@pytest.mark.parametrize(
    ("ref", "title", "phrases"),
    [
        pytest.param(
            "98", "Standards amended",
            ["2 or less 1,000 3 or 4 1,250 5 or 6 1,500 7, 8, or 9 2,000",
             "(d) Section K is deleted in its entirety."],
            id="98",
        ),
        pytest.param(
            "61", "Prohibited discharges generally",
            ["Cyanide (Cn) Milligrams per liter None Copper (Cu) 0.3",
             "one thousand two hundred (1,200) parts per million"],
            id="61",
        ),
        pytest.param(
            "99", "Additional standards",
            ["not later than eighteen (18) hours", "(i)"],
            id="99",
        ),
    ],
)  # fmt: skip
def test_chaska_sections_whole_without_footers(
    corpus: dict[str, ParsedDocument], ref: str, title: str, phrases: list[str]
) -> None:
    section = find_section(corpus["chaska"].sections, "chaska", ref)
    assert section.title == title
    assert "Chapter 19 Page" not in section.text
    assert not re.search(r"\b(ARTICLE|DIVISION) [IVX\d]+\.", section.text)
    for phrase in phrases:
        assert phrase in section.text


def test_chaska_has_no_spurious_section_1(corpus: dict[str, ParsedDocument]) -> None:
    ones = [s for s in corpus["chaska"].sections if s.section in ("1", "01")]
    assert [(s.section, s.title) for s in ones] == [("01", "Definitions")]
    s63 = find_section(corpus["chaska"].sections, "chaska", "63")
    assert s63.title == "Prohibited discharges into sanitary sewer"


def test_east_bethel_brochure_is_an_appendix(corpus: dict[str, ParsedDocument]) -> None:
    eb = corpus["east-bethel"].sections
    assert [s.kind for s in eb if "Phone:" in s.text] == ["appendix"]
    assert "Phone:" not in find_section(eb, "east-bethel", "Reserved").text


def test_every_record_has_consistent_spans_and_pages(corpus: dict[str, ParsedDocument]) -> None:
    for doc in corpus.values():
        size = len(Path(doc.source_path).read_text(encoding="utf-8"))
        for s in doc.sections:
            assert 0 <= s.char_start <= s.char_end <= size
            if s.page_start is not None:
                assert s.page_end is not None and s.page_start <= s.page_end


def test_parsing_is_deterministic() -> None:
    from ingest import parse_document
    from ingest.manifest import BUNDLED_MANIFEST, load_manifest

    entry, path = load_manifest(BUNDLED_MANIFEST)[2]
    assert parse_document(entry, path) == parse_document(entry, path)
