"""The answer evaluators: the zoo's matching rules, yes/no leads, cut labels, abstention, pass."""

from __future__ import annotations

import pytest

from app.records import REFUSAL, Answer, Citation
from evals.answers import (
    AnswerReport,
    AnswerResult,
    answers_part_with,
    group_present,
    leads_with,
    mode_counts,
    score_case,
)
from evals.dataset import SPLITS, EvalCase, ExpectedSection, load_split


def _case(**kw: object) -> EvalCase:
    base: dict[str, object] = dict(id="c", question="q", city=None, kind="lookup", split="blind",
                                   jurisdictions=["pine-ridge-lake"])  # fmt: skip
    base.update(kw)
    return EvalCase.model_validate(base)


def _answer(text: str, section: str | None = "9-4-8C", refused: bool = False) -> Answer:
    cite = Citation(jurisdiction="pine-ridge-lake", section=section, title="T", label="L",
                    quote="q", source="s", marker=1)  # fmt: skip
    return Answer(question="q", answer=text, refused=refused, citations=[] if refused else [cite])


@pytest.mark.parametrize(
    ("group", "answer", "ok"),
    [
        pytest.param(["12 months", "one year"], "Valid for twelve months; One Year max", True, id="case-folded"),
        pytest.param(["75-foot"], "a 75\u2013foot setback", True, id="unicode-dash"),
        pytest.param(["12 months"], "valid for 12\n  months", True, id="whitespace"),
        pytest.param(["12 months"], "valid for 1 year", False, id="absent"),
    ],
)  # fmt: skip
def test_value_group_matches_one_spelling_after_folding(
    group: list[str], answer: str, ok: bool
) -> None:
    assert group_present(group, answer) is ok


@pytest.mark.parametrize(
    ("answer", "lead"),
    [("Yes. A permit is required [1].", "yes"), ("**No** - it is not allowed", "no"),
     ("Nothing says so", None), ("The answer is yes", None)],
)  # fmt: skip
def test_yes_no_is_the_first_word(answer: str, lead: str | None) -> None:
    assert leads_with(answer) == lead


def test_a_finer_cited_label_is_cut_back_to_the_expected_section() -> None:
    case = _case(expected_sections=[ExpectedSection(jurisdiction="pine-ridge-lake", ref="9-4-8")])
    assert score_case("ours", case, _answer("a"), {}, lambda c: True).section_hit is True


def test_another_section_with_the_same_prefix_is_not_a_hit() -> None:
    case = _case(expected_sections=[ExpectedSection(jurisdiction="pine-ridge-lake", ref="9-4-1")])
    assert score_case("ours", case, _answer("a", "9-4-12"), {}, lambda c: True).section_hit is False


@pytest.mark.parametrize(
    ("kw", "answer", "passed"),
    [
        pytest.param({"should_refuse": True}, _answer(REFUSAL, refused=True), True, id="abstain-right"),
        pytest.param({"should_refuse": True}, _answer("It is 50 dollars"), False, id="abstain-invented"),
        pytest.param({"value_groups": [["3 years"], ["25%"]]}, _answer("3 years, or at 25%"), True, id="all-groups"),
        pytest.param({"value_groups": [["3 years"], ["25%"]]}, _answer("3 years"), False, id="one-group-missing"),
        pytest.param({"expect_yesno": "yes"}, _answer("Yes, a permit is required."), True, id="yes-leads"),
        pytest.param({"expect_yesno": "yes"}, _answer("A permit is required."), False, id="no-direct-answer"),
        pytest.param({"jurisdictions": ["cedar-bluff"]}, _answer("a"), False, id="leak-fails"),
    ],
)  # fmt: skip
def test_a_case_passes_only_when_every_check_holds(kw: dict, answer: Answer, passed: bool) -> None:
    assert score_case("ours", _case(**kw), answer, {}, lambda c: True).passed is passed


def test_the_report_counts_answers_the_llm_wrote_a_part_of_and_says_nothing_in_default_mode() -> (
    None
):
    def result(mode: str) -> AnswerResult:
        answer = _answer("Yes, a permit is required.").model_copy(update={"mode": mode})
        return score_case("ours", _case(), answer, {}, lambda c: True)

    llm = AnswerReport(results=[result("llm"), result("llm-fallback"), result("llm")], scores=[])
    assert mode_counts(llm) == "Answer modes: llm 2, llm-fallback 1"
    assert mode_counts(AnswerReport(results=[result("default")], scores=[])) is None


@pytest.mark.parametrize("split", SPLITS)
def test_every_split_loads_with_unique_ids(split: str) -> None:
    cases = load_split(split)
    assert cases and len({c.id for c in cases}) == len(cases)
    assert all(c.split == split for c in cases)


def test_blind_questions_name_known_cities_and_cite_a_section_when_they_should_answer() -> None:
    from evals.dataset import unseen_cities, zoo_cities

    bundled = {"chaska", "east-bethel", "hugo"}
    known = bundled | {c.name for c in zoo_cities() + unseen_cities()}
    for case in load_split("blind") + load_split("fresh"):
        assert set(case.jurisdictions) <= known, case.id
        assert case.should_refuse or case.expected_sections, case.id


def test_a_voided_item_names_a_real_item_and_a_reason_and_is_not_scored() -> None:
    import json

    from evals.dataset import BLIND_DIR, EVALS_DIR, voided

    void = voided()
    files = [*BLIND_DIR.glob("*.json"), *EVALS_DIR.glob("unseen*/*/expected.json")]
    written: set[str] = set()
    for f in files:
        data = json.loads(f.read_text(encoding="utf-8"))
        written |= {q["id"] for q in (data["questions"] if isinstance(data, dict) else data)}
    assert void and set(void) <= written
    assert all(len(reason) > 20 for reason in void.values())
    loaded = {c.id for split in SPLITS for c in load_split(split)}
    assert not loaded & set(void)


def test_an_unreadable_void_list_is_a_config_error_naming_the_file(tmp_path) -> None:
    from core.errors import ConfigError
    from evals.dataset import voided

    bad = tmp_path / "void.yaml"
    bad.write_text("- just\n- a list\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"void\.yaml"):
        voided(bad)
    assert voided(tmp_path / "missing.yaml") == {}


@pytest.mark.parametrize(
    ("answer", "word"),
    [
        pytest.param("Six months. [1]\nYes. It may be renewed once. [2]\n\nSources:\n[1] x",
                     "yes", id="the-second-part-says-yes"),
        pytest.param("No. No extension shall be granted. [1]\nSix months. [1]", "no",
                     id="the-first-part-says-no"),
        pytest.param("Six months. [1]\n\nSources:\n[1] No. 5: 'Yes'", None,
                     id="a-source-line-is-no-part"),
    ],
)  # fmt: skip
def test_a_multipart_answer_is_read_part_by_part_for_its_yes_or_no(
    answer: str, word: str | None
) -> None:
    assert answers_part_with(answer) == word
