"""The UI's pure rendering: escaping, citations, highlighting, deep links, section tree, sources."""

from __future__ import annotations

import pytest

from app import ui_logic as L
from app.records import REFUSAL, Answer, Citation
from core.errors import SectionNotFoundError
from ingest.records import ManifestEntry, Section

EVIL = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def _section(
    text: str = "The tank shall hold 1,200 gallons.\n\nIt shall be watertight.", **kw: object
) -> Section:
    base: dict[str, object] = dict(
        jurisdiction="hugo",
        section="404.04",
        title="Tank Capacity",
        path=["Section 4. General Provisions"],
        text=text,
        page_start=12,
        page_end=13,
        char_start=0,
        char_end=len(text),
        jurisdiction_name="Hugo",
    )
    base.update(kw)
    return Section.model_validate(base)


def _citation(**kw: object) -> Citation:
    base: dict[str, object] = dict(
        jurisdiction="hugo",
        section="404.04",
        title="Tank Capacity",
        label="Hugo §404.04 Tank Capacity",
        quote="shall hold 1,200 gallons",
        source="hugo-mn-ordinance-89-256.txt",
        page=12,
        marker=1,
    )
    base.update(kw)
    return Citation.model_validate(base)


@pytest.mark.parametrize(
    "render",
    [
        pytest.param(lambda: L.user_markdown(EVIL), id="question"),
        pytest.param(lambda: L.answer_markdown(Answer(question=EVIL, answer=EVIL)), id="answer"),
        pytest.param(lambda: L.section_html(_section(text=EVIL), quote="alert"), id="section-text"),
        pytest.param(lambda: L.section_html(_section(title=EVIL)), id="section-title"),
        pytest.param(lambda: L.section_tree_html([_section(title=EVIL)]), id="tree"),
        pytest.param(lambda: L.section_tree_html([_section()], EVIL), id="tree-filter"),
        pytest.param(lambda: L.error_html(SectionNotFoundError(EVIL, [EVIL])), id="error"),
        pytest.param(
            lambda: L.sources_html(
                {
                    "x": ManifestEntry(
                        jurisdiction="x", name=EVIL, instrument=EVIL, source=EVIL, notes=EVIL
                    )
                },
                {"x": 1},
            ),
            id="sources",
        ),
    ],
)
def test_user_and_ordinance_text_is_rendered_escaped(render: object) -> None:
    out = render()  # type: ignore[operator]
    assert "<script" not in out
    assert "<img" not in out
    assert "&lt;script&gt;" in out or "&lt;script" in out


def test_markdown_escape_keeps_text_literal() -> None:
    assert L.md_escape("a *b* [1] #x") == r"a \*b\* \[1\] \#x"


def test_citation_chips_follow_marker_order() -> None:
    answer = Answer(
        question="q",
        answer="Hugo requires 1,200 gallons [1].",
        citations=[_citation(marker=2, label="B"), _citation(marker=1, label="A")],
    )
    assert "read the provision" in L.answer_markdown(answer)
    assert L.citation_chips(answer.citations) == ["[1] A", "[2] B"]


def test_every_answer_keeps_distinct_chips_latest_first() -> None:
    first = Answer(question="q1", answer="a [1]", citations=[_citation()])
    same = "Hugo §802.03 Permits"
    second = Answer(
        question="q2",
        answer="b [1] [2] [3]",
        citations=[
            _citation(marker=m, section="802.03", label=same, quote=q)
            for m, q in [(1, "Permits shall be valid"), (2, "A fee is due"), (3, "Renewal needs")]
        ],
    )
    chips = L.conversation_chips([first, second], {("hugo", same): "p. 46"})
    labels = [label for label, _ in chips]
    assert len(set(labels)) == len(labels) == 4
    assert [value for _, value in chips] == ["2.1", "2.2", "2.3", "1.1"]
    assert labels[0].startswith("Answer 2: [1] Hugo §802.03") and "“Permits shall" in labels[0]
    assert labels[0].endswith("· p. 46") and labels[-1].startswith("Answer 1: [1] Hugo §404.04")
    assert L.find_cited([first, second], "2.3").quote == "Renewal needs"  # type: ignore[union-attr]
    assert L.find_cited([first, second], "1.1").section == "404.04"  # type: ignore[union-attr]
    assert L.find_cited([first, second], "3.1") is None


def test_markers_in_an_answer_are_links_to_their_provisions() -> None:
    answer = Answer(
        question="q",
        answer="Hugo requires 1,200 gallons [1]; see also [7].",
        citations=[_citation()],
    )
    text = L.answer_markdown(answer, 3)
    assert "[\\[1\\]](?city=hugo&section=404.04&cite=3.1)" in text
    assert "[7]" in text and "cite=3.7" not in text  # no provision behind [7]: left as written


def test_a_web_reader_is_never_told_to_run_a_command() -> None:
    answer = Answer(
        question="q",
        answer=f"{REFUSAL} It covers only Hugo; it has no ordinance for Stillwater.",
        refused=True,
        clarification="Ask about Hugo, or add Stillwater's ordinance with `ordinance ingest`.",
    )
    assert "ordinance ingest" not in L.answer_markdown(answer)
    err = SectionNotFoundError(
        "No section '999' in Hugo ('hugo'). Run `ordinance sections --city hugo` to list them.",
        ["901.01"],
    )
    html = L.error_html(err)
    assert "ordinance sections" not in html and "999" in html and "901.01" in html


def test_section_tree_says_each_heading_once_and_nests_subsections() -> None:
    sections = [
        _section(section="301", title="Rules", path=["SECTION 3. DEFINITIONS"]),
        _section(section="301.01", title="", path=["SECTION 3. DEFINITIONS", "301 Rules"]),
        _section(section="901.01", title="Last", path=["SECTION 9. ENFORCEMENT"]),
    ]
    html = L.section_tree_html(sections)
    assert html.count("SECTION 3. DEFINITIONS") == 1 and ">301 Rules<" not in html
    assert html.index("§301 Rules") < html.index("§301.01") < html.index("§901.01 Last")
    assert 'class="oa-tree"' in html and 'data-ref="901.01"' in html


@pytest.mark.parametrize(
    ("answer", "prefix"),
    [
        pytest.param(
            Answer(question="q", answer=REFUSAL, refused=True), "**No answer:**", id="refusal"
        ),
        pytest.param(
            Answer(question="q", answer="", clarification="Which city?"),
            "**Clarifying question:**",
            id="clarification",
        ),
    ],
)
def test_refusals_and_clarifications_are_marked(answer: Answer, prefix: str) -> None:
    assert L.answer_markdown(answer).startswith(prefix)


def test_citation_is_found_by_its_chip() -> None:
    cites = [_citation(marker=1), _citation(marker=2, section="404.05", label="Hugo §404.05 X")]
    found = L.find_citation(cites, "[2] Hugo §404.05 X")
    assert found is not None and found.section == "404.05"
    assert L.find_citation(cites, "[9] nothing") is None


@pytest.mark.parametrize(
    ("text", "quote", "expected"),
    [
        pytest.param(
            "The tank shall\n  hold 1,200 gallons.",
            "shall hold 1,200",
            "shall\n  hold 1,200",
            id="whitespace",
        ),
        pytest.param("THE TANK SHALL HOLD", "tank shall", "TANK SHALL", id="case"),
        pytest.param("abc", "xyz", None, id="absent"),
        pytest.param("abc", "   ", None, id="blank"),
    ],
)
def test_quote_is_located_despite_whitespace(text: str, quote: str, expected: str | None) -> None:
    span = L.find_quote_span(text, quote)
    assert (text[span[0] : span[1]] if span else None) == expected


def test_section_view_highlights_the_quote_and_links_to_itself() -> None:
    html = L.section_html(_section(), "shall hold 1,200 gallons")
    assert '<mark id="oa-quote">shall hold 1,200 gallons</mark>' in html
    assert "Hugo §404.04 Tank Capacity" in html
    assert "?city=hugo&amp;section=404.04" in html
    assert "pp. 12–13" in html


def test_section_view_says_when_the_quote_is_missing() -> None:
    assert "could not be located" in L.section_html(_section(), "not in the text")


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        pytest.param({"city": "hugo", "section": "404.04"}, ("hugo", "404.04"), id="both"),
        pytest.param({"city": " Chaska "}, ("chaska", None), id="city-only"),
        pytest.param({}, (None, None), id="none"),
        pytest.param({"city": "", "section": ""}, (None, None), id="blank"),
    ],
)
def test_deep_link_query_is_parsed(
    params: dict[str, str], expected: tuple[str | None, str | None]
) -> None:
    assert L.parse_deep_link(params) == expected


def test_deep_link_round_trips_a_title_reference() -> None:
    link = L.deep_link("east-bethel", "Permits & fees")
    assert link == "?city=east-bethel&section=Permits+%26+fees"


def test_section_filter_matches_every_word_in_number_title_or_text() -> None:
    a = _section()
    b = _section(section="404.05", title="Setbacks", text="Distances to wells.")
    assert L.filter_sections([a, b], "watertight") == [a]
    assert L.filter_sections([a, b], "404.05 wells") == [b]
    assert L.filter_sections([a, b], "") == [a, b]
    tree = L.section_tree_html([a, b], "setbacks")
    assert "1 of 2 sections" in tree and "Setbacks" in tree and "Tank Capacity" not in tree
    assert "No section matches" in L.section_tree_html([a, b], "zzz")


def test_sources_show_disclaimer_dates_and_rules() -> None:
    entry = ManifestEntry(
        jurisdiction="east-bethel",
        name="East Bethel",
        instrument="Article II",
        adopted="2014-11-05",
        state_rules_adopted=["Minn. R. ch. 7080-7083"],
        source="eb.txt",
        notes="numbers stripped",
    )
    html = L.sources_html({"east-bethel": entry}, {"east-bethel": 30})
    for text in (
        "Not legal advice",
        "2014-11-05",
        "Minn. R. ch. 7080-7083",
        "numbers stripped",
        "30",
    ):
        assert text in html


def test_guard_turns_errors_into_messages_without_tracebacks() -> None:
    def fails_for_user() -> str:
        raise SectionNotFoundError("No section '999' in 'hugo'.", ["404.04"])

    def crashes() -> str:
        raise RuntimeError("internal detail /secret/path")

    user = L.guard(fails_for_user, L.error_html)()
    assert "No section &#x27;999&#x27;" in user and "Did you mean: 404.04" in user
    crash = L.guard(crashes, L.error_html)()
    assert "went wrong" in crash and "/secret/path" not in crash and "Traceback" not in crash
    assert L.guard(lambda: "fine", L.error_html)() == "fine"
