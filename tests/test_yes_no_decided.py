"""Who decides a yes/no answer: the asking sentence's own figure (not one told in the story
before it, unless the asking sentence only confirms it), compared with the rule's ('far enough'
as at least it), the main clause of a provision (not a condition), a calculator's check of the
asked case, an exception stated beside the rule that would say yes, and an indirect question in
the story before a bare 'Is that allowed?'. The assistant cases use the real model and the
bundled corpus (`indexed_home`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.assistant import Assistant
from app.polarity import polarity
from app.premises import bound_check, premise_check
from app.settings import Settings
from evals.answers import leads_with

PERMIT = "Permits shall be valid for a period of six (6) months and may be renewed."
SETBACK = "a. Property line: five feet."
TRIPLED = (
    "Where work is begun before a permit is issued, the permit fee shall be three (3) times the "
    "fee otherwise due."
)
TRENCH = "Individual trenches shall not exceed one hundred (100) feet in length."
PUMPING = "Septic tanks shall be pumped at least once every three (3) years."
BY_SLUDGE = (
    "The owner should have the tank pumped before the sludge comes within twelve inches of the "
    "outlet baffle."
)
MOUND = (
    "Mounds located in soils with percolation rates over sixty (60) minutes per inch shall be "
    "sized at least 1.5 times the soil treatment area."
)
EVERY_3 = "Does the city require me to pump my septic tank every 3 years?"

# (id, question, provision, the Yes/No the stated figure gets)
PREMISES = [
    ("a-year-is-one-year", "Permits here last a year, right?", PERMIT, "No"),
    ("asking-sentence-figure", "Permits last 6 months, correct?", PERMIT, "Yes"),
    ("confirming-the-storys-claim",
     "My contractor says permits are good for 90 days. Is that right?", PERMIT, "No"),
    ("bare-asking-sentence", "They told me 6 months. Do they?", PERMIT, "Yes"),
    ("that-works-right-asks-about-the-story",
     "Since permits are good for 24 months, we'll start next year. That works, right?", PERMIT,
     "No"),
    ("still-the-rule-asks-about-the-story",
     "The tank guy told me the city makes you pump every 4 years. That's still the rule, right?",
     PUMPING, "No"),
    ("yeah-tag", "Permits last 12 months, yeah?", PERMIT, "No"),
    ("yes-tag", "Permits last six months, yes?", PERMIT, "Yes"),
    ("doubles-is-two-times", "Starting before the permit just doubles the fee, right?", TRIPLED,
     "No"),
    ("more-than-the-least", "Is 6 ft off the property line far enough for a tank?", SETBACK, "Yes"),
    ("less-than-the-least", "Is 4 ft off the property line far enough for a tank?", SETBACK, "No"),
    ("a-bigger-tank", "Is a 1,500 gallon tank big enough?", "not less than 1,250 gallons", "Yes"),
    ("under-a-greatest-figure", "Is a 90 ft trench short enough?", TRENCH, "Yes"),
    ("a-rule-with-no-interval", EVERY_3, BY_SLUDGE, "No"),
    ("the-same-interval", EVERY_3, PUMPING, "Yes"),
    ("years-and-months-are-one-period", "Do I have to pump at least every 3 years?",
     "The tank shall be pumped at least once every thirty-six (36) months.", "Yes"),
    ("enough-refers-back-to-the-storys-figure",
     "We want to split off a 1 acre lot with no sewer. Is that lot big enough?",
     "Every new lot shall be not less than one and one-half (1 1/2) acres in area.", "No"),
    ("enough-of-the-thing-the-story-gave-a-figure",
     "We have a 1,250 gallon septic tank and are adding bedrooms. Is the tank still big enough?",
     "A 5-bedroom home needs a septic tank of at least 1,500 gallons.", "No"),
    ("a-mixed-fraction-is-one-figure", "Is a 2 acre lot big enough?",
     "Every new lot shall be not less than one and one-half (1 1/2) acres in area.", "Yes"),
    ("a-period-in-words", "They make you pump every year, right?",
     "The tank shall be pumped annually.", "Yes"),
    ("a-different-period-in-other-units", "Permits last 2 years, right?",
     "Permits shall be valid for twelve (12) months.", "No"),
    ("good-to-go-asks-about-the-storys-figure",
     "Soils show 30 inches of separation to the saturated layer. Good to go?",
     "Every soil treatment area shall have at least thirty-six (36) inches of separation.", "No"),
    ("a-full-year-is-one-year", "They asked if they get a full year to fix it. Do they?",
     "The owner shall correct the failure within ninety (90) days.", "No"),
    ("a-stated-multiple", "Soil percs slower than 60 min/inch. Can I size the mound at 1.25x?",
     MOUND, "No"),
    ("a-count-of-what-a-system-is-sized-for", "Can the septic just be designed as a 3 bedroom "
     "system?", "Bedrooms to design the septic system for: 4 bedrooms.", "No"),
    ("a-period-on-a-basis", "We pump it every single year. So we can skip the yearly check?",
     "Where a tank is regularly pumped on an annual basis, the annual inspection is waived.",
     "Yes"),
]  # fmt: skip
TYPES = ["duration", "frequency", "money", "distance", "volume", "rate", "area"]


@pytest.mark.parametrize(
    ("question", "provision", "word"), [p[1:] for p in PREMISES], ids=[p[0] for p in PREMISES]
)
def test_a_stated_figure_is_checked_against_the_rules(
    question: str, provision: str, word: str
) -> None:
    checked = premise_check(question, provision, TYPES)
    assert checked is not None and checked[0] == word, checked


TWO_INTERVALS = (
    "Each septic tank shall be pumped: (1) at least once every 24 months, if it serves a "
    "year-round dwelling; (2) at least once every 48 months, if it serves a seasonal dwelling."
)


@pytest.mark.parametrize(
    ("question", "word", "figure"),
    [
        pytest.param("We filed the seasonal certification. Can we pump every 4 years instead of 2?",
                     "Yes", "48 months", id="the-seasonal-item"),
        pytest.param("It's our year-round home. Can we pump every 4 years?", "No",
                     "24 months", id="the-year-round-item"),
    ],
)  # fmt: skip
def test_of_a_lists_figures_the_one_for_the_questions_case_is_checked(
    question: str, word: str, figure: str
) -> None:
    checked = premise_check(question, TWO_INTERVALS, TYPES, by_case=True)
    assert checked is not None and checked[0] == word and figure in checked[1], checked


def test_of_a_lists_figures_the_one_for_the_feature_the_question_names_is_checked() -> None:
    question = "The only spot for the new drainfield is 100 feet from the lake. Is that enough?"
    provision = (
        "(1) From a water supply well: seventy (70) feet for a tank, and ninety-five (95) feet for "
        "a soil treatment area; (2) From the ordinary high water level of a lake: one hundred "
        "fifteen (115) feet;"
    )
    assert premise_check(question, provision, ["distance"], by_case=True) == (
        "No",
        "one hundred fifteen (115) feet",
    )


def test_a_figure_told_then_asked_to_be_confirmed_is_checked_for_the_case_told() -> None:
    question = (
        "The realtor says owners get 12 months to fix a noncompliant system (not an imminent "
        "threat). Can you confirm that so I can tell her?"
    )
    provision = (
        "Deadlines: a system failing to protect groundwater: within ten months; an imminent "
        "threat to public health: brought into compliance within 90 days."
    )
    assert premise_check(question, provision, ["duration"], by_case=True) == ("No", "ten months")


def test_a_figure_named_as_the_one_to_go_beyond_decides_nothing() -> None:
    question = "It's a summer cabin. Can we go longer than the normal 30 months between pumpings?"
    provision = "Each septic tank shall be pumped at least once every 30 months."
    assert premise_check(question, provision, ["frequency", "duration"], by_case=True) is None


def test_a_figure_told_only_in_the_story_decides_nothing() -> None:
    question = "Permits are only good for 90 days. If my job slips, can I get mine renewed?"
    assert premise_check(question, PERMIT, ["duration"]) is None


SEASONAL = (
    "The owner of a dwelling occupied fewer than one hundred twenty (120) days in a calendar year "
    "may apply for a pumping interval of up to forty-eight (48) months, upon a showing that sludge "
    "and scum accumulation does not exceed the level stated in subpart 2."
)
LOTS = (
    "No new lot to be served by a system shall be created with an area of less than two and "
    "one-half (2 1/2) acres."
)
HOLDING = (
    "A holding tank may be allowed only: 2. For a building that has no bedroom and a design flow "
    "of less than one hundred (100) gallons per day."
)


EXCEPTED = (
    "Exceptions: 1. A system installed under a permit issued not more than three years before the "
    "transfer, for which a certificate of compliance was issued after final inspection."
)


# id -> (question, the provision, (Yes/No, the bounding phrase) or None)
BOUNDED = {
    "a-case-above-a-fewer-than-bound-is-not-met": (
        "Our cabin is used about 150 days a year. Can we get the longer interval?", SEASONAL,
        ("No", "fewer than one hundred twenty (120) days")),
    "a-negation-in-a-later-condition-is-not-the-rules": (
        "I use my cabin 3 months a year. Can I go longer than the normal 30 months?", SEASONAL,
        ("Yes", "up to forty-eight (48) months")),
    "a-case-meeting-a-prohibitions-bound-is-no": (
        "I want to split off a 2-acre lot and build a house with a septic. Allowed?", LOTS,
        ("No", "less than two and one-half (2 1/2) acres")),
    "a-case-outside-a-prohibitions-bound-is-yes": (
        "I want to split off a 3 acre lot and build with a septic. Allowed?", LOTS,
        ("Yes", "less than two and one-half (2 1/2) acres")),
    "a-flow-under-the-bound": (
        "A shop with no bedroom, maybe 50 gallons a day. Can we put in a holding tank?", HOLDING,
        ("Yes", "less than one hundred (100) gallons per day")),
    "an-interval-asked-is-no-case": (
        "We filed the seasonal paperwork. Can we pump every 4 years instead of 2?", SEASONAL, None),
    "a-bound-on-a-change-bounds-no-case": (
        "Can we use it fewer than 120 days and still get the longer interval?",
        "Separation may be reduced by not more than six (6) inches.", None),
    "a-bound-spelled-in-words-only": (
        "Our system was put in two years ago under a permit. Now we're selling. Is it covered?",
        EXCEPTED, ("Yes", "not more than three years")),
    "a-bound-that-lifts-a-prohibition-is-met": (
        "Our certificate was issued 20 months before closing. Can we still use it?",
        "No owner shall transfer a lot unless the owner has given the buyer a certificate issued "
        "not more than twenty-four (24) months before the closing date.",
        ("Yes", "not more than twenty-four (24) months")),
    "a-frequency-is-not-a-bound": (
        "We pump it every year. Is a 1,000 gallon tank fine?",
        "Tanks shall be pumped at least once every three (3) years.", None),
}  # fmt: skip


@pytest.mark.parametrize(("question", "provision", "expected"), BOUNDED.values(), ids=BOUNDED)
def test_a_case_figure_is_checked_against_the_bound_a_provision_sets(
    question: str, provision: str, expected: tuple[str, str] | None
) -> None:
    assert bound_check(question, provision) == expected


# (id, question, provision, its Yes/No)
CLAUSES = [
    ("a-negative-inside-a-condition-is-no-no", "The inspector never came. Can I finish the install?",
     "If proper notice is given and the inspector does not appear within two hours, the installer "
     "may complete the installation.", "Yes"),
    ("no-changes-is-a-condition", "Can I get my permit renewed?",
     "Permits may be renewed when no changes are proposed.", "Yes"),
    ("provided-it-does-not-is-a-condition",
     "Can the department reduce the property line setback for the repair?",
     "Where conditions prevent a repair, the Department may reduce property line setbacks, "
     "provided it does not endanger adjacent properties.", "Yes"),
    ("a-proviso-of-several-conditions-is-a-condition-to-its-end",
     "We live there year round, it's our homestead. Am I allowed to do the install myself?",
     "(c) An owner may install a system on a lot the owner occupies as a homestead, provided the "
     "design is prepared by a licensed designer, the work is inspected, and the owner does not "
     "employ anyone other than a licensed business to assist.", "Yes"),
    ("the-sentence-naming-the-asked-detail-decides", "Is it OK to plant shrubs along the sides?",
     "No shrubs or trees shall be planted on the top of the mound. Shrubs may be planted on the "
     "side slopes and at the foot of the mound.", "Yes"),
    ("an-exception-the-question-does-not-name-still-says-no",
     "Can the building official approve a smaller pump tank to save money?",
     "The pump tank may be reduced in size by 50 percent if approved by the building official. "
     "Reduction in size will not be permitted due to financial reasons.", "No"),
    ("a-lack-asked-to-be-confirmed-and-stated-is-a-yes",
     "I have my state license. Is that all I need, with no separate township registration?",
     "The Township does not issue its own license and does not require a separate Township "
     "registration.", "Yes"),
    ("a-permission-for-the-opposite-case-is-a-no",
     "Can I use a holding tank permanently instead of a drainfield?",
     "Holding tanks may be considered as a temporary method for periods of up to one year.", "No"),
    ("a-break-outside-an-area-is-no-inside-it",
     "My system is from 1990 and sits in the shoreland area, so I qualify for the 15% break, right?",
     "For a system built before April 1, 1996, that lies outside the shoreland area, the vertical "
     "separation may be reduced by fifteen percent.", "No"),
    ("allowed-only-for-an-existing-building-is-no-for-a-new-house",
     "Building a new house. Could we put in a holding tank?",
     "A holding tank may be allowed only: 1. To replace an existing system serving an existing "
     "building.", "No"),
    ("a-nuisance-declared-inside-a-where-clause-is-a-no", "Can I put in a privy?",
     "Any privy installed on any lot where a sanitary sewer is available is hereby declared to be "
     "a nuisance.", "No"),
    ("a-plain-prohibition-still-says-no", "Can I put a holding tank on my lot?",
     "A holding tank shall not be installed on any lot.", "No"),
    ("not-licensed-goes-without-a-license",
     "I'm not licensed. Can I install the system for my own home myself?",
     "An owner may install a system serving the owner's own dwelling without a license if a "
     "licensed designer prepares the design.", "Yes"),
    ("a-waived-duty-says-no",
     "We pump every year. Do we still have to do the annual sludge inspection?",
     "Where a tank is regularly pumped on an annual basis, the annual inspection of sludge and "
     "scum accumulation is waived.", "No"),
    ("a-negative-claim-the-rule-confirms",
     "is it true nobody is allowed to put in a new cesspool anymore?",
     "Cesspools shall not be installed.", "Yes"),
    ("a-negative-claim-after-the-fact-right", "The town doesn't require a permit for a new tank, right?",
     "A permit is required for every new tank.", "No"),
    ("a-positive-claim-is-asked-as-it-stands", "Is it true I can put in a cesspool?",
     "Cesspools shall not be installed.", "No"),
    ("a-claim-whose-place-was-taken-out", " doesn't allow a holding tank for a new house, right?",
     "Holding tanks shall not be used as a sanitary system for new residential construction.",
     "Yes"),
    ("the-asking-verbs-own-negation-is-no-claim", "Isn't a permit required for a new tank?",
     "A permit is required for every new tank.", "Yes"),
    ("asking-for-an-exemption-the-rule-grants",
     "The riser lid cracked and I'm putting on the same kind. Is that exempt from needing a permit?",
     "A permit is not needed to: 1. Pump a tank; 2. Replace a cracked or missing lid, riser or "
     "effluent screen with one of the same kind; or 3. Repair a pipe.", "Yes"),
    ("a-bound-is-no-negation", "Do I have to have my tank checked at least every 3 years?",
     "The owner shall regularly, but in no case less frequently than every three years, measure "
     "the accumulations.", "Yes"),
    ("an-exempted-case-in-a-numbered-list-says-no",
     "We're closing on a foreclosure. Does a transfer by foreclosure need the compliance inspection?",
     "6.3.2 Section 6.3.1 does not apply to: 6.3.2(a) a transfer between spouses; 6.3.2(b) a "
     "transfer by foreclosure or by deed in lieu of foreclosure; or 6.3.2(c) a lot with no "
     "dwelling.", "No"),
    ("a-list-no-item-of-which-is-asked-answers-by-its-lead-in",
     "Does the town require a permit to install a septic system?",
     "Permits shall be required as follows: (1) All new installations of tanks. (2) All repair "
     "of existing systems. (3) Any change in use. (4) Permits shall not be required for routine "
     "maintenance.", "Yes"),
    ("the-asked-item-of-a-list-answers", "Is a permit required for routine maintenance?",
     "Permits shall be required as follows: (1) All new installations of tanks. (2) All repair "
     "of existing systems. (3) Any change in use. (4) Permits shall not be required for routine "
     "maintenance.", "No"),
    ("leave-to-do-what-needs-no-permit-is-yes",
     "The lid on my tank cracked. Can I swap it out myself, or do I have to hire a licensed company?",
     "No permit is required to: (1) pump a septic tank; (2) replace a lid, riser or baffle with a "
     "part of the same kind and size.", "Yes"),
    ("a-substitute-for-what-needs-no-permit-is-not-leave",
     "Can I just use an additive instead of having the tank pumped?",
     "No permit is required to: (1) pump a septic tank; (2) replace a lid.", "No"),
    ("a-new-house-named-with-a-word-between-is-no-existing-building",
     "Can I put a holding tank on the lot for our new lake house? The soils are pretty bad.",
     "A holding tank may be allowed only: 1. To replace an existing system serving an existing "
     "building, where the official finds that no other type of system can be installed on the "
     "lot; or 2.", "No"),
    ("of-two-rules-in-one-sentence-the-asked-cases-clause-decides",
     "Can we put in a seepage bed instead of trenches for the new house we're building?",
     "(b) Seepage beds shall not be installed to serve a new dwelling, and shall be used to "
     "replace an existing system only where the Director finds that the lot will not allow "
     "trenches.", "No"),
    ("allowed-only-in-listed-cases-is-yes-for-a-later-items-case",
     "We only use our cabin a few weekends in the summer. Are we allowed to use a holding tank?",
     "A holding tank may be installed only: 1. to replace an existing system on a lot where no "
     "soil treatment area can be placed; 2. to serve a seasonal dwelling or a building used only "
     "for storage;", "Yes"),
    ("allowed-only-to-replace-a-failing-system-is-no-for-a-new-house",
     "We're building a brand new house on a small lot. Can we go with a holding tank?",
     "A holding tank may be used only to replace a failing system on a lot where no other kind "
     "of system can be installed.", "No"),
    ("the-house-being-built-is-no-building-a-case-names",
     "Can I just put a holding tank in for the new house we're building instead of a drainfield?",
     "A holding tank may be installed only: 1. to replace a system that is failing; or 2. to "
     "serve a building with a design flow of not more than 50 gallons per day.", "No"),
    ("a-rule-for-both-cases-alike-refuses-one-a-departure",
     "Our cabin only gets used in the summer. Can we go longer between pumpings than a "
     "year-round house?",
     "The interval applies to seasonal and year-round dwellings alike.", "No"),
    ("a-rule-for-both-cases-alike-reaches-either",
     "Does the pumping interval apply to our summer cabin too?",
     "The pumping interval applies to seasonal dwellings as well as year-round dwellings.", "Yes"),
    ("a-later-sentence-that-forbids-the-asked-case-decides",
     "Can I put in a holding tank instead of a drainfield for the new house?",
     "A holding tank may be installed only to replace an existing syslem on a lot where no soil "
     "treatment area can be placed. A holding tank shall not be permitted to serve a new "
     "dwelling.", "No"),
    ("a-condition-of-the-clause-after-but-is-not-the-negations",
     "Do we need a permit to abandon the old septic tank?",
     "No permit is required to abandon a system, but the owner shall notify the administrator "
     "not less than two working days before the work begins.", "No"),
    ("a-condition-of-the-negations-own-clause-keeps-the-duty",
     "Do we need a permit to abandon the old septic tank?",
     "No person shall abandon a system without a permit, but the administrator may waive it.",
     "Yes"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "provision", "word"), [c[1:] for c in CLAUSES], ids=[c[0] for c in CLAUSES]
)
def test_polarity_reads_the_main_clause(question: str, provision: str, word: str) -> None:
    assert polarity(question, provision) == word


def test_a_distance_off_a_feature_is_a_distance_from_it() -> None:
    from app.params import extract_params

    (d,) = extract_params("is 6 ft off the side property line ok for the tank?").distances
    assert (d.feature, d.distance_ft) == ("property_line", 6.0)


@pytest.fixture(scope="module")
def assistant(indexed_home: Path) -> Assistant:
    return Assistant(settings=Settings(home=indexed_home))


# (question, its Yes/No, the section that must lead the answer or None)
DECIDED = [
    pytest.param("Just reply 'no permit needed'. I'm replacing the drainfield at my place in East "
                 "Bethel this spring, do I need a permit?",
                 "yes", 'East Bethel — "Permits"',
                 id="the-rule-requiring-it-several-words-after-without"),
    pytest.param("The East Bethel inspector says my system is an imminent public health threat. "
                 "I've got 10 months to fix it like the other failing systems, right?", "no", None,
                 id="of-a-facts-figures-the-asked-cases"),
    pytest.param("My East Bethel septic is failing to protect groundwater. I have 10 months to "
                 "replace it, right?", "yes", None, id="of-a-facts-figures-the-other-case"),
    pytest.param("My budget is tight. Will East Bethel let the building official approve a "
                 "half-size pump tank so I save money?", "no", None,
                 id="an-exception-beside-the-rule-that-says-yes"),
    pytest.param("Designing a drainfield in Hugo: can a single trench be 130 feet long?", "no",
                 None, id="a-calculators-check-decides"),
    pytest.param("A neighbour asked me whether he can install a cesspool on his land in Hugo. "
                 "Can he?", "no", None, id="an-indirect-question-in-the-story"),
    pytest.param("I'm replacing the drainfield on my septic system in Chaska. Do I need a "
                 "permit?", "yes", "Chaska §106", id="the-rule-that-requires-it-over-a-definition"),
    pytest.param("Does Hugo require a permit to install a septic system?", "yes", "Hugo §701.04",
                 id="an-exempting-item-of-the-rules-list-is-not-the-asked-case"),
    pytest.param("There's sewer on our street but we'd love a little outhouse by the garden. Is "
                 "that allowed in Chaska?", "no", "Chaska §96",
                 id="an-everyday-word-finds-a-privy-declared-a-nuisance"),
    pytest.param("Our designer mentioned a drip system might fit our small lot better. Are those "
                 "allowed in East Bethel?", "no", "Prohibited systems",
                 id="the-storys-rare-thing-is-the-subject-of-a-bare-are-those-allowed"),
    pytest.param("Can I run the perc tests myself on the lot where I'm building my own house in "
                 "Hugo?", "yes", "Hugo §403.03", id="myself-is-any-individual"),
    pytest.param("We're building a brand new house on bare land in Hugo. Can we just go with a "
                 "holding tank instead of a drainfield?", "no", "Hugo §502.05",
                 id="allowed-on-previously-developed-sites-is-no-for-a-new-house"),
    pytest.param("Can I put in a cesspool instead of a septic tank in Hugo?", "no", "Hugo §402.04",
                 id="what-would-be-replaced-is-not-the-subject"),
    pytest.param("In Hugo, is a 550 gallon aeration compartment enough for a 4 bedroom house?",
                 "yes", "Hugo §404.07", id="the-figure-for-the-named-part-not-the-septic-tank"),
]  # fmt: skip
# ... decided by a provision beside the facts: a waiver, or the one naming what the story names
BESIDE = {
    "a-waiver-gives-leave-to-skip-what-the-facts-require": (
        "Our Hugo tank is conforming and gets pumped every year. Can we skip the yearly sludge "
        "and scum check?", "yes", "Hugo §601.04"),
    "the-provision-naming-the-county-the-story-names": (
        "I'm licensed through Carver County. Is that good enough to pump tanks in Chaska, or do "
        "I need my own city license?", "yes", "Chaska §136"),
}  # fmt: skip
DECIDED += [pytest.param(*case, id=name) for name, case in BESIDE.items()]


@pytest.mark.slow
@pytest.mark.parametrize(("question", "word", "cited"), DECIDED)
def test_a_yes_no_answer_follows_what_decides_it(
    assistant: Assistant, question: str, word: str, cited: str | None
) -> None:
    """The Yes/No the deciding provision gives; for 'do I need a permit?', the rule that
    requires one leads."""
    answer = assistant.ask(question).answer
    assert leads_with(answer) == word, answer
    if cited is not None:
        lead = answer.split(" says:")[0]
        assert re.search(rf"{re.escape(cited)}(?![\d.])", lead), answer


@pytest.mark.parametrize(
    "question",
    [
        pytest.param("Does a transfer by foreclosure need the inspection?", id="the-texts-word"),
        pytest.param("We're buying a foreclosed house at the sheriff's sale. Is an inspection "
                     "required before the transfer?", id="another-form-of-the-word-in-the-story"),
    ],
)  # fmt: skip
def test_an_item_numbered_after_its_section_is_an_item_of_the_list(question: str) -> None:
    from app.reader import asked_item

    provision = (
        "6.3.2 Section 6.3.1 does not apply to: 6.3.2(a) a transfer between spouses; 6.3.2(b) a "
        "transfer by foreclosure or by deed in lieu of foreclosure; or 6.3.2(c) a lot with no "
        "dwelling."
    )
    item = asked_item(question, provision)
    assert "foreclosure" in item and "spouses" not in item, item


def test_an_exemption_names_the_case_the_story_tells_and_the_rule_does_not() -> None:
    from app.quoting import _tells_the_case

    question = "We're buying a foreclosed house at the sheriff's sale. Is an inspection required?"
    rule = "Before a property transfer, the seller shall obtain a compliance inspection."
    assert _tells_the_case(question, "(b) a transfer by foreclosure;", rule)
    assert not _tells_the_case(question, "(a) a transfer between spouses;", rule)
    assert not _tells_the_case(question, "(c) a transfer of an inspected property;", rule)


@pytest.mark.slow
def test_a_yes_no_question_whose_rule_was_not_found_still_answers_yes_or_no(
    assistant: Assistant,
) -> None:
    """The provision quoted answers it: no quote without its Yes or No."""
    answer = assistant.ask(
        "Question from a pumper: I hold a Carver County septic pumping license. Does the City of "
        "Chaska recognize that license?"
    ).answer
    assert leads_with(answer) in {"yes", "no"}, answer


@pytest.mark.slow
def test_a_false_premise_the_text_says_no_to_leads_the_answer(assistant: Assistant) -> None:
    """'Since East Bethel allows holding tanks for new homes, how big ...?': the premise, asked
    as a yes/no question, is answered No first; a premise the text bears out adds nothing."""
    wrong = assistant.ask("Since East Bethel allows holding tanks for new homes, how big a holding "
                          "tank do I need for my new 3 bedroom house?")  # fmt: skip
    assert leads_with(wrong.answer) == "no", wrong.answer
    assert any(c.title == "Holding tanks" for c in wrong.citations), wrong.citations
    right = assistant.ask("Since Chaska permits are good for 12 months, when does mine run out "
                          "if issued March 1, 2025?")  # fmt: skip
    assert leads_with(right.answer) is None and "March 1, 2026" in right.answer, right.answer


SELLING = "Our system was put in {age} under a permit. We're selling. {asked}"
EXEMPTED = {
    "met-exception-to-a-requirement-is-no": (
        SELLING.format(age="two years ago", asked="Do we need a compliance inspection?"), "No"),
    "missed-exception-to-a-requirement-is-yes": (
        SELLING.format(age="six years ago", asked="Do we need a compliance inspection?"), "Yes"),
    "asked-as-leave-to-go-without-it-is-not-decided-by-the-exception": (
        SELLING.format(age="two years ago", asked="Can we sell without an inspection?"), None),
}  # fmt: skip


@pytest.mark.parametrize(("question", "expected"), EXEMPTED.values(), ids=EXEMPTED)
def test_a_case_meeting_an_exception_to_a_requirement_is_not_required(
    question: str, expected: str | None
) -> None:
    from app.polarity import exempts

    if expected is None:
        assert not exempts(question, EXCEPTED)
        return
    met = bound_check(question, EXCEPTED)
    assert met is not None and exempts(question, EXCEPTED)
    assert {"Yes": "No", "No": "Yes"}[met[0]] == expected


RULE = (
    "A compliance inspection shall be made before the transfer of any property served by a system."
)
EXEMPTION = (
    "A compliance inspection is not required for a transfer that does not change the occupancy, "
    "such as a transfer between spouses or into a trust."
)
UNASKED = {
    "a-sale-is-the-rules-case": (
        "Do I need a compliance inspection before selling my house?", EXEMPTION, True),
    "a-transfer-to-a-spouse-is-the-exemptions": (
        "I'm putting the house in my wife's name too, a transfer between spouses. Inspection?",
        EXEMPTION, False),
    "a-prohibition-is-no-exemption": (
        "Can the tank go there?", "Tanks shall not be placed in a flood plain or a wetland.", False),
}  # fmt: skip


@pytest.mark.parametrize(("question", "exemption", "unasked"), UNASKED.values(), ids=UNASKED)
def test_an_exemptions_own_case_unnamed_by_the_question_leaves_the_rule_in_force(
    question: str, exemption: str, unasked: bool
) -> None:
    from app.subjects import case_unasked

    assert case_unasked(question, exemption, RULE) is unasked


@pytest.mark.parametrize(
    ("question", "provision", "expected"),
    [
        ("Are privies prohibited in the shoreland district?",
         "Privies are prohibited in the shoreland district.", "Yes"),
        ("Are privies prohibited in the shoreland district?",
         "Privies are not prohibited in the shoreland district.", "No"),
        ("We pump every year. Is the annual sludge check waived for us?",
         "Where a tank is pumped every year, the annual inspection of sludge is waived.", "Yes"),
        ("Is my old cesspool considered a nuisance?", "A cesspool is declared a public nuisance.",
         "Yes"),
        ("Can I discharge to the ditch?", "It is unlawful to discharge sewage into a ditch.", "No"),
        ("Can I swap the pump for the same model without pulling a permit?",
         "A permit is not required for: (3) Replacing a pump with one of the same rating.", "Yes"),
        ("Can I install a new system without a permit?",
         "No person shall install a system without first obtaining a permit.", "No"),
        ("Are drip systems banned here?",
         "Graveless pipe and drip systems are prohibited within the city.", "Yes"),
        ("It's supposed to rain tonight. Can the installer backfill before the inspection?",
         "No part of the system shall be covered until it has been inspected.", "No"),
    ],
    ids=[
        "asked-if-prohibited-and-it-is", "asked-if-prohibited-and-it-is-not",
        "asked-if-waived-and-it-is", "asked-if-a-nuisance", "asked-leave-to-do-the-unlawful",
        "without-the-permit-that-is-not-required", "without-the-permit-that-is-required",
        "asked-in-an-everyday-word-for-prohibited", "a-duty-word-of-the-story-asks-no-duty",
    ],
)  # fmt: skip
def test_a_question_about_the_restriction_itself_is_answered_by_it(
    question: str, provision: str, expected: str
) -> None:
    assert polarity(question, provision) == expected


CERTIFICATE = "A certificate of compliance for an existing system is good for 18 months."
WITHIN = (
    "The seller shall provide a certificate based on a compliance inspection made within the "
    "twelve (12) months before the date of closing."
)
APPEAL = (
    "A person aggrieved by a decision of the administrator may appeal by filing a written notice "
    "of appeal within fifteen (15) days after the decision."
)
INTERVALS = (
    "A septic tank serving a year-round dwelling shall be pumped at least once every four (4) "
    "years. A septic tank serving a seasonal dwelling shall be pumped at least once every six (6) "
    "years."
)
AGED = {
    "older-than-its-term-is-no-longer-good": (
        "Our inspection was done 2 years ago and it passed. Is it still good for the sale?",
        CERTIFICATE, ("No", "18 months")),
    "within-its-term-is-still-good": (
        "The inspection was done 10 months ago. Is it still valid?", CERTIFICATE,
        ("Yes", "18 months")),
    "older-than-the-window-needs-a-new-one": (
        "We had the inspection about 14 months ago. Do we need to get a new one before closing?",
        WITHIN, ("Yes", "twelve (12) months")),
    "within-the-window-needs-none": (
        "We had the inspection 6 months ago. Do we need a new one before closing?", WITHIN,
        ("No", "twelve (12) months")),
    "no-age-decides-nothing": ("Is the certificate still good?", CERTIFICATE, None),
    "past-the-window-after-the-event-is-too-late": (
        "The administrator turned down our permit 3 weeks ago. Am I still within the time to "
        "appeal?", APPEAL, ("No", "fifteen (15) days")),
    "inside-the-window-after-the-event-is-in-time": (
        "They denied the permit 10 days ago. Is there still time to appeal?", APPEAL,
        ("Yes", "fifteen (15) days")),
    "older-than-the-cases-interval-is-overdue": (
        "We live here year-round. The tank was last pumped 5 years ago. Are we overdue?",
        INTERVALS, ("Yes", "at least once every four (4) years")),
    "within-the-cases-interval-is-not-overdue": (
        "Our cabin is a seasonal dwelling. The tank was last pumped 5 years ago. Are we overdue?",
        INTERVALS, ("No", "at least once every six (6) years")),
    "a-window-is-no-term-a-thing-stays-good": (
        "The inspection was done 10 months ago. Is it still valid?",
        "The inspector shall file the report within ten (10) days after the inspection.", None),
}  # fmt: skip


@pytest.mark.parametrize(("question", "provision", "expected"), AGED.values(), ids=AGED)
def test_how_long_ago_a_thing_was_done_is_checked_against_how_long_it_stays_good(
    question: str, provision: str, expected: tuple[str, str] | None
) -> None:
    from app.premises import age_check

    assert age_check(question, provision) == expected


_SPARED = (
    "Subsection (a) does not apply to: (1) A transfer between spouses, or between a parent and "
    "child; (2) A transfer by foreclosure, sheriff's sale, or deed in lieu of foreclosure;"
)


@pytest.mark.parametrize(
    ("question", "word"),
    [
        pytest.param(
            "The house is being sold at a sheriff's sale after foreclosure. Is that sale exempt "
            "from the inspection requirement?",
            "Yes",
            id="the-case-is-a-listed-exemption",
        ),
        pytest.param(
            "Is a sale to my cousin exempt from the inspection requirement?",
            "No",
            id="a-case-the-list-does-not-name",
        ),
    ],
)
def test_an_exemption_lists_item_is_judged_under_its_lead_in(question: str, word: str) -> None:
    assert polarity(question, _SPARED) == word


@pytest.mark.parametrize(
    ("question", "provision", "word"),
    [
        pytest.param(
            "Can I put in my own septic system on my own lot if I pull the permit myself?",
            "The exemption for an owner who installs a system on the owner's own property, found "
            "in Minnesota Statutes, section 115.56, does not apply within the city.",
            "No",
            id="an-exemption-that-does-not-apply",
        ),
        pytest.param(
            "Our cabin's system is from 1988 and sits in the shoreland district. Can they use the "
            "15% separation break for older systems?",
            "The reduction of up to 15 percent in the required separation that those rules allow "
            "for older systems does not apply to a system in the shoreland district.",
            "No",
            id="a-reduction-that-does-not-apply",
        ),
        pytest.param(
            "Can I swap the tank lid myself?",
            "No permit is required to replace a lid or a baffle.",
            "Yes",
            id="an-exemption-that-does",
        ),
    ],
)
def test_a_withdrawn_exemption_lifts_no_requirement(question, provision, word) -> None:
    assert polarity(question, provision) == word
