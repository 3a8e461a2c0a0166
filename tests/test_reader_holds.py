"""The general reader on questions worded the way residents word them, over the bundled corpus:
a yes/no asks what a rule lays down, a conversational word the city never uses does not turn an
answer into a refusal, a request to recommend a business is refused, and a wrong figure in a
premise is answered No with the ordinance's figure in whatever unit it uses."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.assistant import Assistant
from app.settings import Settings
from evals.answers import leads_with


@pytest.fixture(scope="module")
def assistant(indexed_home: Path) -> Assistant:
    return Assistant(settings=Settings(home=indexed_home, llm_provider="none"))


@pytest.mark.parametrize(
    ("question", "word", "cited"),
    [
        ("Could I put in a cesspool instead of a drainfield in Hugo?", "no",
         "402.04"),
        ("My uncle says Hugo septic permits last 2 years, is he right?", "no", "803.05"),
    ],
    ids=["prohibition-over-a-definition", "premise-in-another-unit"],
)  # fmt: skip
def test_a_yes_no_question_is_answered_from_the_rule(
    assistant: Assistant, question: str, word: str, cited: str
) -> None:
    answer = assistant.ask(question)
    assert leads_with(answer.answer) == word, answer.answer
    assert cited in {c.section for c in answer.citations}, answer.answer


def test_a_word_the_city_never_uses_among_its_own_words_is_still_answered(
    assistant: Assistant,
) -> None:
    answer = assistant.ask("Honestly, can my hunting shack in Hugo keep using an old cesspool?")
    assert not answer.refused, answer.answer
    assert "402.04" in {c.section for c in answer.citations}, answer.answer


@pytest.mark.parametrize(
    "question",
    ["Can you recommend a reliable installer in Chaska?", "Who is the cheapest pumper in Hugo?"],
    ids=["recommend", "cheapest"],
)
def test_a_request_to_recommend_a_business_is_refused(assistant: Assistant, question: str) -> None:
    answer = assistant.ask(question)
    assert answer.refused
    assert answer.clarification
