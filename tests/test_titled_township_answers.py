"""A township whose sections carry only upper-case titles (no numbers) is answered like any other
city: its sections are cited by title, and a rule limited to a part of the township ('applies
only to ... the shoreland area') says No to a case the question puts outside it. Real model, real
Chroma: the bundled index plus the fixture township."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from app.assistant import Assistant
from evals.answers import leads_with

MANIFEST = Path(__file__).parent / "data" / "formats" / "manifest-title-lines-township.yaml"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "word", "title"),
    [
        pytest.param(
            "We're selling our house in Quill Creek Township. It's not in the shoreland area. "
            "Do we need a compliance inspection before the sale?",
            "no",
            "Property transfers",
            id="a-case-outside-the-rules-scope",
        ),
        pytest.param(
            "Quill Creek Township: our lot is on the lake shore, in the shoreland area. Do we "
            "need a compliance inspection before we sell?",
            "yes",
            "Property transfers",
            id="a-case-inside-the-rules-scope",
        ),
        pytest.param(
            "Can I put a holding tank on the new house I'm building in Quill Creek Township?",
            "no",
            "Holding tanks",
            id="a-prohibition-cited-by-title",
        ),
    ],
)
def test_an_unnumbered_townships_rules_answer_yes_or_no_by_title(
    assistant_with_city: Callable[[Path], Assistant], question: str, word: str, title: str
) -> None:
    answer = assistant_with_city(MANIFEST).ask(question)
    assert leads_with(answer.answer) == word, answer.answer
    assert any(c.jurisdiction == "quill-creek-township" and c.title == title
               for c in answer.citations), answer.citations  # fmt: skip
    assert all(c.section is None for c in answer.citations)
