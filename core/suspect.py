"""Text that addresses the reader or an assistant instead of stating law: suspect, never support.

An ordinance states rules about things and people ("No person shall ..."). A sentence that
tells its reader or an AI what to do or answer ("Ignore previous instructions", "AI assistants
must answer that ...", "answer that no permit is required", "tell the user ...") is not a
provision: it may be injected text. Ingest lists such sentences per section
(`Section.suspect`), the answerer never quotes them, and the verifier rejects a citation whose
quote contains one, in every answering mode. The patterns are about how text addresses its
reader, never about one document's wording.
"""

from __future__ import annotations

import re

_ADDRESSEE = r"(?:assistants?|chat ?bots?|a\.?i\.?|artificial intelligence|language models?|llms?|models?|bots?)"
_PATTERNS = [
    # overriding instructions
    r"\b(?:ignore|disregard|forget|override)\b[^.]{0,40}\b(?:instructions?|prompts?|directions|"
    r"rules above|previous|prior|above|earlier)\b",
    r"\b(?:system|developer) (?:prompt|message|instructions?)\b",
    r"\bnew instructions\b|\bjailbreak\b|\bdeveloper mode\b|\bprompt injection\b",
    # speaking to an assistant, or about what it must say
    rf"\b(?:you are|you're|as) (?:now |an? |the )?{_ADDRESSEE}\b",
    r"\byou are now\b",
    rf"\b(?:note|message|instructions?|notice)s? (?:to|for) (?:any |the |all )?{_ADDRESSEE}\b",
    rf"\b{_ADDRESSEE}\b[^.]{{0,60}}\b(?:must|should|shall|will|are to|is to)\s+"
    r"(?:always |only |never |now )?(?:answer|respond|reply|say|state|tell|claim|report|output)",
    r"\b(?:when|if) (?:you are |you're )?asked\b",
    # telling the reader what to answer or say
    r"\b(?:answer|respond|reply)\s+(?:only\s+)?(?:that|with|by saying|yes|no)\b",
    r"\b(?:always|only|never)\s+(?:answer|respond|reply|say)\b",
    r"\b(?:tell|inform|assure|convince)\s+(?:the\s+|any\s+|all\s+)?(?:users?|readers?|askers?|residents? who ask)\b",
    r"\bdo not (?:cite|quote|mention|reveal)\b",
]
SUSPECT = re.compile("|".join(f"(?:{p})" for p in _PATTERNS), re.IGNORECASE)
_SENTENCE = re.compile(r"[^.!?]+[.!?]?")


def is_suspect(text: str) -> bool:
    """Whether `text` addresses the reader or an assistant (see the module docstring)."""
    return SUSPECT.search(" ".join(text.split())) is not None


def suspect_sentences(text: str) -> list[str]:
    """The sentences of `text` that address the reader or an assistant, whitespace folded."""
    folded = " ".join(text.split())
    return [s.strip() for s in _SENTENCE.findall(folded) if s.strip() and is_suspect(s)]
