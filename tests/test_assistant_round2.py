"""Round-2 realistic questions: subjects a city's text has no word for, two-word subjects, the
sentence with every asked word leading, and premises with wrong figures."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.assistant import Assistant
from app.params import extract_params
from app.settings import Settings
from app.typos import correct_typos


@pytest.mark.parametrize(
    ("text", "expected"),
    [("license to install a system", "install"), ("inspect my tank", "inspect"),
     ("septik tank", "septic"), ("pumpng how oftn", "often"), ("who inspects it", "inspects"),
     ("the inspector is a no-show", "inspector"), ("close to the detached garage", "garage"),
     ("the drainfeild", "drainfield"), ("septic permitt", "permit"),
     ("the installers license", "installers")],
    ids=["install", "inspect", "real-typo", "a-question-word", "another-form-kept",
         "an-english-word-near-a-domain-word-is-kept", "garage-is-no-garbage", "a-typo-fixed",
         "a-letter-slipped-after-the-word", "an-ending-is-another-form"],
)  # fmt: skip
def test_another_form_of_a_domain_word_is_not_a_typo(text: str, expected: str) -> None:
    assert expected in correct_typos(text).split()


@pytest.mark.parametrize(
    ("question", "bedrooms"),
    [
        ("Since Hugo requires 2,000-gallon tanks for 3 bedrooms, do I need a bigger one for 4?", 4),
        ("Since Chaska requires 1000 gallons for 3 bedrooms, what about for 5 bedrooms?", 5),
        ("As a 3 bedroom owner, what size tank do I need?", 3),
    ],
    ids=["premise-then-for-4", "premise-then-5-bedrooms", "no-later-count"],
)
def test_bedrooms_asked_after_a_premise_win(question: str, bedrooms: int) -> None:
    assert extract_params(question).bedrooms == bedrooms


def test_the_feature_a_distance_is_from_is_the_asked_feature() -> None:
    params = extract_params("my neighbor said you can put a drainfield 20 feet from a well")
    assert params.feature == "well" and params.distances[0].feature == "well"


def test_a_distance_from_a_well_is_not_the_wells_depth() -> None:
    from types import SimpleNamespace

    from app.quantities import bind, extract_quantities

    depth = SimpleNamespace(name="well_depth_ft", unit="ft", kind="number", label="well depth, feet",
                            default=None)  # fmt: skip
    assert bind([depth], extract_quantities("a drainfield 20 feet from a well")) == {}
    assert bind([depth], extract_quantities("my well is 40 feet deep")) == {"well_depth_ft": 40.0}


@pytest.mark.slow
def test_a_site_question_gets_the_site_checks_yes_or_no(assistant: Assistant) -> None:
    near = assistant.ask(
        "my neighbor said hugo lets you put a drainfield 20 feet from a well, is that true?"
    )
    assert near.answer.startswith("No. The site fails"), near.answer
    far = assistant.ask("My drainfield in Hugo is 160 feet from my well. Is that ok?")
    assert far.answer.startswith("Yes. Every distance checked meets"), far.answer


@pytest.fixture(scope="module")
def assistant(indexed_home: Path) -> Assistant:
    return Assistant(settings=Settings(home=indexed_home))


@pytest.mark.slow
@pytest.mark.xfail(
    strict=True,
    reason="the general reader quotes a list's lead-in with its first items; the asked item "
    "(sale or transfer) sits later in the list, beyond one verbatim quote (issue 14, open)",
)
def test_sale_inspection_names_the_cities_without_such_a_provision(assistant: Assistant) -> None:
    answer = assistant.ask("Which cities require an inspection when a house is sold?")
    assert answer.jurisdictions == ["east-bethel"]
    assert {c.jurisdiction for c in answer.citations} == {"east-bethel"}
    assert "Before the sale or property transfer" in answer.answer
    assert "Chaska and Hugo: no provision on this in this corpus" in answer.answer


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    ["What is the minimum lot size in East Bethel?",
     "Do I need an inspection before I sell my house in Hugo?"],
    ids=["eb-lot-size", "hugo-sale-inspection"],
)  # fmt: skip
def test_loosely_related_text_is_not_an_answer(assistant: Assistant, question: str) -> None:
    answer = assistant.ask(question)  # a refusal, or "the ordinance does not state ..."
    assert answer.abstained
    assert answer.refused or "does not state" in answer.answer


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "section", "text"),
    [
        ("Do I need a license to install a septic system in Hugo?", "802.01", "annual license"),
        ("Can a septic system be inspected by the homeowner in Hugo?", "601.03", "the owner"),
        ("Who decides if my septic variance gets approved in Hugo?", "701.03", "City Council"),
        ("What's the penalty for violating the septic ordinance in Hugo?", "901.01", "Misdemeanor"),
        ("hugo - max length of a single drainfield trench?", "404.09", "One hundred (100) feet"),
        (
            "Council approved a temporary holding tank in Hugo for a 4-bedroom house while sewer "
            "gets extended. Minimum tank capacity?",
            "502.05",
            "1,600 gal",
        ),
        (
            "City council approved a temporary holding tank for a 4-bedroom house in Hugo. Is a "
            "1,200 gallon tank enough?",
            "502.05",
            "No. Minimum holding tank capacity",
        ),
    ],
    ids=[
        "hugo-installer-licence",
        "hugo-owner-inspects",
        "who-decides-by-the-rare-word",
        "a-penalty-leads-with-its-figure",
        "a-scans-spaced-figure-leads-plainly",
        "the-asked-tank-is-the-storys-holding-tank",
        "enough-is-not-answered-by-a-rule-computed-from-the-figure",
    ],
)
def test_the_sentence_with_every_asked_word_leads(
    assistant: Assistant, question: str, section: str, text: str
) -> None:
    answer = assistant.ask(question)
    assert answer.citations[0].section == section
    assert text in answer.answer.splitlines()[0]


@pytest.mark.slow
def test_a_premise_with_a_wrong_figure_gets_a_note(assistant: Assistant) -> None:
    answer = assistant.ask(
        "Since Hugo requires 2,000-gallon tanks for 3 bedrooms, do I need a bigger one for 4?"
    )
    assert "A 4-bedroom home in Hugo needs a septic tank of at least 1,200 gallons" in answer.answer
    assert "premise (2,000 gallon) is not what the cited text says" in answer.answer
    right = assistant.ask("Since Hugo requires 1,200-gallon tanks for 4 bedrooms, is that enough?")
    assert "premise" not in right.answer


@pytest.mark.slow
def test_two_topics_reaching_one_sentence_say_it_once(assistant: Assistant) -> None:
    answer = assistant.ask(
        "Since East Bethel requires a 1,500 gallon pump tank, can it be smaller?"
    )
    body = answer.answer.split("Sources:")[0]
    assert body.count("Pressurized systems require a separate 1,000 gallon pump tank.") == 1
    assert "premise (1,500 gallon)" in answer.answer


@pytest.mark.slow
def test_an_abstention_refers_only_to_a_deferral_on_the_asked_thing(assistant: Assistant) -> None:
    answer = assistant.ask(
        "my tank alarm keeps going off and the pumper says the drainfield is shot. what's the "
        "deadline to replace it? hugo btw"
    )
    assert "It refers to Hugo §302.01" not in answer.answer  # a floodplain 'as determined by'
