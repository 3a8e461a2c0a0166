"""The answerer's phrasings live in one data file: every phrase the code names is in
`app/lexicon.yaml`, every phrase and fragment there is used, and a bad entry fails clearly."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest

from app.lexicon import PATH, lexicon, phrase
from app.understand import Topic, understand
from core.errors import ConfigError

APP = Path(__file__).resolve().parents[1] / "app"
NAMED = re.compile(r"""\bphrase\(\s*["']([a-z_]+)["']\s*\)""")


def _code() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(APP.rglob("*.py")))


def test_every_phrase_the_code_names_is_in_the_lexicon() -> None:
    named = set(NAMED.findall(_code()))
    assert named, "no phrase(...) call found: the check would pass vacuously"
    missing = sorted(named - set(lexicon().phrases))
    assert not missing, f"named in app/ but not under `phrases` in {PATH}: {missing}"


def test_every_phrase_and_fragment_in_the_lexicon_is_used() -> None:
    lex = lexicon()
    unused = sorted(set(lex.phrases) - set(NAMED.findall(_code())))
    assert not unused, f"under `phrases` in {PATH} but never named in app/: {unused}"
    text = PATH.read_text(encoding="utf-8")
    for name in lex.fragments:
        assert text.count("{" + name + "}") >= 1, f"fragment {name!r} is never used"


def test_every_lexicon_topic_is_a_topic_the_answerer_knows() -> None:
    topics = [rule.topic for rule in lexicon().topics]
    assert topics and set(topics) <= set(get_args(Topic))
    assert len(topics) == len(set(topics))


def test_an_unknown_phrase_name_fails_with_the_file_and_the_fix() -> None:
    with pytest.raises(ConfigError, match=r"No phrase 'no_such_phrase' .*Add it under `phrases`"):
        phrase("no_such_phrase")


def test_a_fragment_is_written_out_and_a_quantifier_is_not() -> None:
    lex = lexicon()
    expanded = lex.expand(r"x{0,3} {soil_area}")
    assert expanded.startswith("x{0,3} (?:")
    assert "drain" in expanded and "{soil_area}" not in expanded


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        pytest.param("How big a septic tank for 4 bedrooms?", "tank", id="tank-size"),
        pytest.param(
            "How big must the drainfield be for 3 bedrooms?", "area", id="area-from-a-fragment"
        ),
        pytest.param("How far from my well must the tank be?", "setback", id="setback"),
        pytest.param("What holding tank size do I need?", "holding_tank", id="holding-not-tank"),
        pytest.param("I'm building a new house, what do I need?", "build", id="build"),
        pytest.param(
            "Building a new house, what do I need for the permit?", "general", id="build-unless"
        ),
    ],
)
def test_topics_come_from_the_lexicon(question: str, topic: str) -> None:
    assert understand(question, {"x": "Xville"}).topic == topic


@pytest.mark.parametrize(
    ("question", "word"),
    [("the longest a trench may run?", "length"), ("how wide can the widest bed be?", "width"),
     ("the deepest a tank may sit?", "depth")],
    ids=["longest-is-a-length", "widest-is-a-width", "deepest-is-a-depth"],
)  # fmt: skip
def test_a_superlative_asks_for_the_dimension_the_ordinance_bounds(
    question: str, word: str
) -> None:
    from app.compose import content_words

    assert word in content_words(question)
