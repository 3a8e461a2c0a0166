"""A yes/no part is decided by the rule that speaks of what it asks (rare words weigh most)."""

from __future__ import annotations

import pytest

from app.reader import asking_and_context, rarity, speaks_of, subject_words, weighed
from app.subjects import proper_names

# a tiny city: every section speaks of tanks; one of additives, one of sump pumps
CITY = [
    "Pumping. Each septic tank shall be pumped at least once every three years.",
    "Additives. No chemical or other additive shall be used as a substitute for pumping a tank.",
    "Use. No person shall discharge into a system any water from a roof drain or sump pump.",
    "Tanks. Every tank shall be watertight and the tank lid shall be secured.",
    "Permits. No person shall install a tank without a permit.",
]
WEIGHT = rarity(CITY)


@pytest.mark.parametrize(
    ("question", "closer", "farther"),
    [
        pytest.param(
            "Can I use a tank additive instead of pumping?", CITY[1], CITY[0], id="additive-rule"
        ),
        pytest.param("Is it ok to run my sump pump into the tank?", CITY[2], CITY[3], id="sump"),
        pytest.param("Do I need a permit for a new tank?", CITY[4], CITY[3], id="permit"),
    ],
)
def test_the_rule_holding_the_questions_rare_words_speaks_of_it_most(
    question: str, closer: str, farther: str
) -> None:
    subject = weighed(subject_words(question), WEIGHT)
    assert speaks_of(subject, closer) > speaks_of(subject, farther)


@pytest.mark.parametrize(
    ("question", "word"),
    [
        pytest.param("Someone at the counter asks about additives.", "counter", id="aside-word"),
        pytest.param("Is a zeppelin tank allowed?", "zeppelin", id="unknown-word"),
    ],
)
def test_a_word_the_city_never_uses_weighs_nothing(question: str, word: str) -> None:
    subject = weighed(subject_words(question), WEIGHT)
    assert word not in subject
    assert subject  # its other words still count


# a tiny township: its licensing rule, and words an idiom of the question would match
TOWNSHIP = [
    "Licensing. The Township does not issue its own license and does not require registration.",
    "Bluffs. No system shall be placed within thirty feet of the top of a bluff.",
    "Administration. The Administrator shall make the inspections this ordinance requires.",
]


@pytest.mark.parametrize(
    "question",
    [
        pytest.param(
            "Do I have to register with the township on top of my state license?", id="on-top-of"
        ),
        pytest.param(
            "Does the township make installers register in addition to the state license?",
            id="make-and-in-addition-to",
        ),
        pytest.param("Do I need a separate township license?", id="separate-is-its-own"),
    ],
)
def test_an_idiom_or_a_light_verb_is_no_subject_and_register_is_registration(
    question: str,
) -> None:
    subject = weighed(subject_words(question), rarity(TOWNSHIP))
    assert not {"top", "make", "addition"} & set(subject)
    assert speaks_of(subject, TOWNSHIP[0]) > max(speaks_of(subject, t) for t in TOWNSHIP[1:])


def test_a_common_word_weighs_less_than_a_rare_one() -> None:
    subject = weighed({"tank", "additiv"}, WEIGHT)
    assert subject["additiv"] > subject["tank"]


def test_nothing_in_common_speaks_of_nothing() -> None:
    subject = weighed(subject_words("Can I use an additive?"), WEIGHT)
    assert speaks_of(subject, CITY[3]) == 0.0
    assert speaks_of({}, CITY[1]) == 0.0


@pytest.mark.parametrize(
    ("question", "asking", "context"),
    [
        pytest.param(
            "Our basement sits below the sewer line. Can we use a sewage ejector?",
            "Can we use a sewage ejector?",
            "Our basement sits below the sewer line.",
            id="context-then-question",
        ),
        pytest.param(
            "Can I pump my own tank? I want to save money.",
            "Can I pump my own tank?",
            "I want to save money.",
            id="question-then-aside",
        ),
        pytest.param("can i pump my own tank", "can i pump my own tank", "", id="one-sentence"),
    ],
)
def test_the_asking_sentence_is_told_from_the_sentences_around_it(
    question: str, asking: str, context: str
) -> None:
    assert asking_and_context(question) == (asking, context)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("I hold a Carver County license. Does the city accept it?", {"carver"}),
        ("Our cabin on Big Ostby Lake only gets used in summer.", {"big", "ostby"}),
        ("Can the Board grant a variance for a holding tank?", set()),
        ("Do I need a Permit from the County?", set()),
    ],
    ids=["a-county", "a-lake", "a-capitalised-body-is-no-name", "a-kind-alone-names-nothing"],
)
def test_the_names_a_question_gives_are_words_before_a_kind_of_place(
    text: str, names: set[str]
) -> None:
    assert proper_names(text) == names
