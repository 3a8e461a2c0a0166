"""Each asked part of a question gets its own figure, over the real bundled index: a part that
refers back ('and how deep must they go?') reads the subject of the whole question."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.assistant import Assistant
from app.settings import Settings


@pytest.fixture(scope="module")
def assistant(indexed_home: Path) -> Assistant:
    return Assistant(settings=Settings(home=indexed_home))


@pytest.mark.slow
@pytest.mark.parametrize(("question", "figures"), [
    pytest.param("How many soil borings does Hugo want on a site, and how deep do they go?",
                 ["four (4)", "eight (8) feet"], id="and-how-deep-do-they-go"),
    pytest.param("Hugo soil borings - how many per site and how deep do they go?",
                 ["four (4)", "eight (8) feet"], id="subject-before-a-dash"),
])  # fmt: skip
def test_a_part_that_refers_back_reads_the_whole_questions_subject(
    assistant: Assistant, question: str, figures: list[str]
) -> None:
    answer = assistant.ask(question)
    assert not answer.refused and not answer.abstained
    for figure in figures:
        assert figure in answer.answer
