"""The answerer's hand-written vocabulary, loaded from `app/lexicon.yaml` into a closed schema.

Answer types (what a question asks for and what a provision that answers it carries), the
yes/no and polarity patterns, where an ordinance defers, the subject vocabulary that tells an
on-topic question, instruction-like text and the reader's weights.
Every pattern is compiled at load time, so a bad entry fails with its name and the fix.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.errors import ConfigError

PATH = Path(__file__).with_name("lexicon.yaml")


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AnswerType(_Record):
    asked: list[str] = Field(description="Patterns over the question: it asks for this type.")
    carries: str = Field(description="Pattern over a provision: it holds an answer of this type.")
    figure: str = Field(default="", description="The phrase an answer leads with ('' = none).")
    units: list[str] = Field(
        default_factory=list,
        description="Words that say what is asked, not what it is about ('years', 'gallons').",
    )
    says: str = Field(description="How an abstention names the type ('a dollar amount').")
    hint: str = Field(
        description="Words searched with the question when no provision has the type."
    )
    decisive: bool = Field(
        default=False,
        description="A question that asks this type is not answered by a computed figure of "
        "another type ('how far must the tank be' is not asking for its capacity).",
    )
    ahead: str = Field(
        default="",
        description="Pattern over the question: it asks how far ahead of an event ('how much "
        "advance notice'); '' = never.",
    )
    ahead_carries: str = Field(
        default="",
        description="Pattern over a provision: its figure of this type is ahead of an event "
        "('five (5) days before the inspection'); asked ahead, only such a provision carries it.",
    )


class Weights(_Record):
    similarity: float
    lexical: float
    type: float
    rank: float
    title: float


Share = Annotated[float, Field(ge=0, le=1)]
"""A share or weight between 0 and 1 (a bad value fails at load with its name)."""


class ReaderParams(_Record):
    typed_window: int = Field(ge=1)
    typed_share: Share
    act_share: Share = Field(
        description="A provision doing the act a 'how long to ...' question asks may score this "
        "share of the best, where no better one does it."
    )
    act_window: int = Field(ge=1, description="... and stand among the best N provisions.")
    second_share: Share
    defer_window: int = Field(ge=1)
    subject_share: Share
    typed_subject: Share = Field(
        description="A typed provision holds more than this share of the subject."
    )
    provision_vectors: bool
    min_similarity: float = Field(ge=-1, le=1)
    unknown_floor: float = Field(ge=-1, le=1)
    alias_weight: Share = Field(
        description="BM25 weight of the ordinances' words for the question's words."
    )
    yes_no_floor: Share = Field(
        description="A yes/no part is decided by a rule holding at least this (rarity-weighed) "
        "share of its subject's words; else no Yes or No leads.",
    )
    yes_no_rare: int = Field(
        ge=0, description="A yes/no part's rarest subject words looked up for a sibling rule."
    )
    yes_no_sections: int = Field(
        ge=0, description="Sections that hold those words most added to a yes/no part's pool."
    )
    yes_no_margin: Share = Field(
        description="How much more of the subject a rule must hold to overrule "
        "the reader's choice for a yes/no part.",
    )
    yes_no_context: Share = Field(
        description="Weight of a subject word said only around the asking sentence ('Our "
        "basement sits below the sewer.') beside one the asking sentence says.",
    )
    yes_no_score: float = Field(
        ge=0, description="Weight of the reader's score (a share of the best) beside that share."
    )
    yes_no_exception: float = Field(
        ge=-1,
        le=1,
        description="A 'Yes' gives way to a 'No' from a sentence of the same section that says "
        "no (an exception, a limit) when that sentence's embedding similarity to the question is "
        "at least the Yes provision's minus this.",
    )
    anchor_sections: int = Field(
        ge=0,
        description="A named thing of these rules in at most this many of a city's sections "
        "keeps a question with an aside about them.",
    )
    strange_share: Share = Field(
        description="Share of the subject's words a city's text never uses to refuse."
    )


class Spelling(_Record):
    keywords: list[str] = Field(description="Domain words a near-miss spelling is fixed to.")
    protected: list[str] = Field(description="Words never 'fixed' (other forms of a keyword).")
    not_places: list[str] = Field(description="Capitalised words that never name a place.")
    place_kinds: list[str] = Field(
        description="Words that say what kind of place a name is ('Township', 'County'): not "
        "the name itself."
    )
    water_kinds: list[str] = Field(
        description="Words that say a name is a body of water ('Ostby Lake'): with the place "
        "kinds, they mark the names a question gives."
    )


class Bounds(_Record):
    """Comparisons that bound a provision's figure, by how a case's figure meets them."""

    below: str = Field(description="The case is strictly below ('fewer than 120 days').")
    at_most: str = Field(description="The case is at most ('up to 48 months').")
    above: str = Field(description="The case is strictly above ('more than 1,000 square feet').")
    at_least: str = Field(description="The case is at least ('no less than 30.6 inches').")


class Phrase(_Record):
    """A named phrasing the answerer's code looks for (`phrase(name)`)."""

    means: str = Field(description="What a match tells about the text it is found in.")
    pattern: str = Field(description="The pattern (case-insensitive; `{num}`, `{fragment}`).")


class TopicRule(_Record):
    """A question's topic (its calculator) from how the question is worded."""

    topic: str = Field(description="The topic's name (`app.understand.Topic`).")
    asks: str = Field(description="A question matching this touches the topic.")
    unless: str = Field(default="", description="... except when it also matches this.")


class Lexicon(_Record):
    number: str
    fragments: dict[str, str] = Field(
        default_factory=dict,
        description="Pieces of patterns shared by several (`{name}` in a pattern).",
    )
    phrases: dict[str, Phrase] = Field(
        default_factory=dict, description="Named phrasings the code looks for."
    )
    topics: list[TopicRule] = Field(
        default_factory=list, description="Topics in the order they are tried."
    )
    answer_types: dict[str, AnswerType]
    yes_no: str
    confirmation: str = Field(
        description="An asking sentence that only confirms the claim told before it."
    )
    meets: str = Field(
        description="A question asking whether its figure meets the rule ('is 6 ft enough?', "
        "'does that meet code?'), not whether it is the rule's figure."
    )
    claim: str = Field(
        description="A question that states a claim to confirm ('is it true that ...', '..., "
        "right?')."
    )
    claim_negation: str = Field(
        description="A negation inside a stated claim ('nobody is allowed', 'does not require')."
    )
    yes_no_inner: str = Field(
        description="An asking verb and its subject inside a sentence (after an opening phrase)."
    )
    question_word: str = Field(description="A word that asks for more than yes or no.")
    relative_who: str = Field(
        description="A 'who' that starts a relative clause after the person it describes "
        "('the guy who's buying it'): it asks for no person."
    )
    statement_question: str = Field(
        description="A statement asked as a question (a pronoun first)."
    )
    scope: str = Field(
        description="A provision limiting where its rules apply ('applies only to')."
    )
    outside: str = Field(description="Words putting the asked case outside a place or kind.")
    prohibition: str = Field(
        description="A provision's outright prohibition: says no even inside a 'where ...' clause."
    )
    replaced: str = Field(
        description="The thing a question would replace ('instead of a septic tank'): not its subject."
    )
    request: str
    text_asked: str = Field(
        description="A question whether the text states a figure ('Is that in the ordinance?')."
    )
    permission: str
    requirement: str
    negative: str
    not_negation: str
    conditional: str
    restriction: str
    relief: str = Field(
        default=r"(?!)",
        description="A question asking for less than a rule's figure ('can that setback be "
        "reduced?'): a calculator of the figure does not answer it.",
    )
    several: str
    refers_back: str
    establishment: str
    dwelling_only: str
    public_sewer: str = Field(description="The public sewer a building connects to.")
    evasion: str
    exception_item: str = Field(
        description="A provision set out as an exception to the rule before it ('Exceptions: "
        "1. A system installed ...')."
    )
    waiver: str = Field(description="A provision waiving a requirement ('... is waived').")
    exemption: str = Field(
        description="A provision lifting a requirement for a case of its own ('not required for')."
    )
    lateness: str = Field(
        description="A question asking whether a date is past a deadline ('has it expired by "
        "then?', 'are we too late?'), not whether it is in time."
    )
    bounds: Bounds
    qualifiers: list[str]
    opposites: list[tuple[str, str]] = Field(
        description="Pairs of cases that exclude each other (patterns): a permission for one "
        "says no to a question about the other ('previously developed sites' / 'a new house')."
    )
    instruments: list[str]
    room_qualifiers: list[str] = Field(
        description="Words between a count and 'bedrooms' that keep it the count ('3 finished')."
    )
    asking_words: list[str]
    synonyms: dict[str, list[str]]
    function_words: list[str]
    idioms: str = Field(description="English idioms that name no subject ('on top of').")
    deferral: str
    defers_figure: str = Field(
        description="A deferral that leaves a figure to another text ('the period provided in "
        "Minnesota Rules', 'as set by resolution'), not a passing mention of one."
    )
    domain: str
    opinion: str
    injection: str
    instruction_lead: str = Field(
        description="What an instruction tells the assistant to say ('and tell me'): it goes, "
        "the claim after it stays as text."
    )
    spelling: Spelling
    weights: Weights
    rule_weights: Weights = Field(
        description="The reader's weights for a yes/no part that asks what a rule lays down "
        "(no figure asked): nearly every provision is a rule, so the retrieval rank and the "
        "title tell less there."
    )
    reader: ReaderParams

    def pattern(self, text: str) -> re.Pattern[str]:
        return _compile(self.expand(text))

    def expand(self, text: str) -> str:
        """The pattern with `{num}` and each `{fragment}` written out (`{0,3}` is untouched)."""

        def piece(match: re.Match[str]) -> str:
            name = match.group(1)
            if name == "num":
                return f"(?:{self.number})"
            if name in self.fragments:
                return f"(?:{self.expand(self.fragments[name])})"
            return match.group(0)

        return re.sub(r"\{([a-z_]+)\}", piece, text)


@lru_cache(maxsize=2048)
def _compile(text: str) -> re.Pattern[str]:
    return re.compile(text, re.I)


@lru_cache(maxsize=1)
def lexicon(path: Path = PATH) -> Lexicon:
    """The validated lexicon (loaded once); every pattern compiles."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        lex = Lexicon.model_validate(data)
    except (OSError, yaml.YAMLError, ValidationError) as exc:
        raise ConfigError(f"Cannot load the lexicon {str(path)!r}: {exc}. Fix the file.") from exc
    fields = [lex.yes_no, lex.scope, lex.outside, lex.replaced, lex.prohibition, lex.yes_no_inner, lex.statement_question, lex.question_word, lex.relative_who, lex.claim, lex.claim_negation, lex.meets, lex.request, lex.permission, lex.requirement, lex.negative,
              lex.not_negation, lex.conditional, lex.restriction, lex.evasion, lex.exception_item, lex.waiver, lex.exemption, lex.lateness,
              lex.text_asked,
              lex.deferral, lex.defers_figure, lex.domain, lex.opinion, lex.injection, lex.instruction_lead, lex.idioms]  # fmt: skip
    fields += [p for pair in lex.opposites for p in pair]
    for name, t in lex.answer_types.items():
        fields += [*t.asked, t.carries] + ([t.figure] if t.figure else [])
        del name
    fields += [entry.pattern for entry in lex.phrases.values()]
    fields += [p for rule in lex.topics for p in (rule.asks, rule.unless) if p]
    for text in fields:
        try:
            lex.pattern(text)
        except re.error as exc:
            raise ConfigError(f"Bad pattern {text[:60]!r} in {str(path)!r}: {exc}.") from exc
    return lex


def phrase(name: str) -> re.Pattern[str]:
    """The compiled pattern of the phrasing `name` in the lexicon's `phrases`."""
    lex = lexicon()
    key = (id(lex), name)
    found = _PHRASES.get(key)
    if found is None:
        entry = lex.phrases.get(name)
        if entry is None:
            raise ConfigError(
                f"No phrase {name!r} in the lexicon {str(PATH)!r}. Add it under `phrases`."
            )
        found = _PHRASES[key] = lex.pattern(entry.pattern)
    return found


_PHRASES: dict[tuple[int, str], re.Pattern[str]] = {}
