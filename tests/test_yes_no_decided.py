"""Who decides a yes/no answer: the asking sentence's own figure (not one told in the story
before it, unless the asking sentence only confirms it), a calculator's check of the asked case,
an exception stated beside the rule that would say yes, and an indirect question in the story
before a bare 'Is that allowed?'. Real model, bundled corpus (`indexed_home`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.assistant import Assistant
from app.reader import polarity, premise_check
from app.settings import Settings
from evals.answers import leads_with

PROVISION = "Permits shall be valid for a period of six (6) months and may be renewed."


@pytest.mark.parametrize(
    ("question", "word"),
    [
        pytest.param("Permits here last a year, right?", "No", id="a-year-is-one-year"),
        pytest.param("Permits last 6 months, correct?", "Yes", id="asking-sentence-figure"),
        pytest.param(
            "My contractor says permits are good for 90 days. Is that right?",
            "No",
            id="confirming-the-storys-claim",
        ),
        pytest.param("They told me 6 months. Do they?", "Yes", id="bare-asking-sentence"),
    ],
)
def test_a_stated_figure_is_checked_where_it_is_asked(question: str, word: str) -> None:
    checked = premise_check(question, PROVISION, ["duration"])
    assert checked is not None and checked[0] == word, checked


def test_a_figure_told_only_in_the_story_decides_nothing() -> None:
    question = "Permits are only good for 90 days. If my job slips, can I get mine renewed?"
    assert premise_check(question, PROVISION, ["duration"]) is None


@pytest.mark.parametrize(
    ("question", "provision", "word"),
    [
        pytest.param(
            "The inspector never came. Can I finish the install?",
            "If proper notice is given and the inspector does not appear within two hours, the "
            "installer may complete the installation.",
            "Yes",
            id="a-negative-inside-a-condition-is-no-no",
        ),
        pytest.param(
            "Can I get my permit renewed?",
            "Permits may be renewed when no changes are proposed.",
            "Yes",
            id="no-changes-is-a-condition",
        ),
        pytest.param(
            "Can the department reduce the property line setback for the repair?",
            "Where conditions prevent a repair, the Department may reduce property line "
            "setbacks, provided it does not endanger adjacent properties.",
            "Yes",
            id="provided-it-does-not-is-a-condition",
        ),
        pytest.param(
            "Can I put a holding tank on my lot?",
            "A holding tank shall not be installed on any lot.",
            "No",
            id="a-plain-prohibition-still-says-no",
        ),
    ],
)
def test_polarity_reads_the_main_clause(question: str, provision: str, word: str) -> None:
    assert polarity(question, provision) == word


@pytest.fixture(scope="module")
def assistant(indexed_home: Path) -> Assistant:
    return Assistant(settings=Settings(home=indexed_home))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "word"),
    [
        pytest.param(
            "My budget is tight. Will East Bethel let the building official approve a half-size "
            "pump tank so I save money?",
            "no",
            id="an-exception-beside-the-rule-that-says-yes",
        ),
        pytest.param(
            "Designing a drainfield in Hugo: can a single trench be 130 feet long?",
            "no",
            id="a-calculators-check-decides",
        ),
        pytest.param(
            "A neighbour asked me whether he can install a cesspool on his land in Hugo. Can he?",
            "no",
            id="an-indirect-question-in-the-story",
        ),
    ],
)
def test_a_yes_no_answer_follows_what_decides_it(
    assistant: Assistant, question: str, word: str
) -> None:
    answer = assistant.ask(question).answer
    assert leads_with(answer) == word, answer


@pytest.mark.parametrize(
    ("question", "provision", "word"),
    [
        pytest.param("Is 6 ft off the property line far enough for a tank?",
                     "a. Property line: five feet.", "Yes", id="more-than-the-least"),
        pytest.param("Is 4 ft off the property line far enough for a tank?",
                     "a. Property line: five feet.", "No", id="less-than-the-least"),
        pytest.param("Is a 1,500 gallon tank big enough?", "not less than 1,250 gallons", "Yes",
                     id="a-bigger-tank"),
        pytest.param("Is a 90 ft trench short enough?",
                     "Individual trenches shall not exceed one hundred (100) feet in length.",
                     "Yes", id="under-a-greatest-figure"),
    ],
)  # fmt: skip
def test_enough_compares_the_stated_figure_with_the_rules(
    question: str, provision: str, word: str
) -> None:
    checked = premise_check(question, provision, ["distance", "volume"])
    assert checked is not None and checked[0] == word, checked


def test_a_distance_off_a_feature_is_a_distance_from_it() -> None:
    from app.params import extract_params

    (d,) = extract_params("is 6 ft off the side property line ok for the tank?").distances
    assert (d.feature, d.distance_ft) == ("property_line", 6.0)


@pytest.mark.parametrize(
    ("question", "provision", "word"),
    [
        pytest.param("Permits last 12 months, yeah?", PROVISION, "No", id="yeah-tag"),
        pytest.param("Permits last six months, yes?", PROVISION, "Yes", id="yes-tag"),
        pytest.param(
            "Starting before the permit just doubles the fee, right?",
            "Where work is begun before a permit is issued, the permit fee shall be three (3) "
            "times the fee otherwise due.",
            "No",
            id="doubles-is-two-times",
        ),
    ],
)
def test_a_tagged_claim_is_checked(question: str, provision: str, word: str) -> None:
    types = ["duration", "money"]
    checked = premise_check(question, provision, types)
    assert checked is not None and checked[0] == word, checked


def test_not_licensed_goes_without_a_license() -> None:
    question = "I'm not licensed. Can I install the system for my own home myself?"
    provision = (
        "An owner may install a system serving the owner's own dwelling without a license if a "
        "licensed designer prepares the design."
    )
    assert polarity(question, provision) == "Yes"


@pytest.mark.parametrize(
    ("provision", "word"),
    [
        pytest.param(
            "The owner should have the tank pumped before the sludge comes within twelve inches of "
            "the outlet baffle.",
            "No",
            id="a-rule-with-no-interval",
        ),
        pytest.param("Septic tanks shall be pumped at least once every three (3) years.", "Yes",
                     id="the-same-interval"),
    ],
)  # fmt: skip
def test_an_interval_asked_about_is_checked_against_the_rules(provision: str, word: str) -> None:
    question = "Does the city require me to pump my septic tank every 3 years?"
    checked = premise_check(question, provision, ["frequency", "duration"])
    assert checked is not None and checked[0] == word, checked


def test_a_waived_duty_says_no() -> None:
    question = "We pump every year. Do we still have to do the annual sludge inspection?"
    provision = (
        "Where a tank is regularly pumped on an annual basis, the annual inspection of sludge "
        "and scum accumulation is waived."
    )
    assert polarity(question, provision) == "No"


def test_a_stated_multiple_is_checked_against_the_rules() -> None:
    question = "Soil percs slower than 60 min/inch. Can I size the mound at 1.25x the area?"
    provision = (
        "Mounds located in soils with percolation rates over sixty (60) minutes per inch shall "
        "be sized at least 1.5 times the soil treatment area."
    )
    checked = premise_check(question, provision, ["rate"])
    assert checked == ("No", "1.5 times")
