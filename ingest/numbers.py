"""Numbers as ordinances print them, read into plain figures for the rule-fact extractor.

    "one hundred fifty (150) gallons"  -> "150 gallons"   (the parenthesised figure is read)
    "ten feet (10')"                   -> "10 feet"
    "fifteen percent (15%)"            -> "15 percent"
    "1,000 gallons"                    -> "1000 gallons"
    "three or fewer bedrooms"          -> "3 or fewer bedrooms"

`read_numbers` lowercases a sentence and writes every number as digits. A number printed twice
(in words and in figures) whose two readings disagree makes the sentence uncertain: it returns
None, and the caller drops the sentence rather than guess which reading is right.
"""

from __future__ import annotations

import re

_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_SCALES = {"hundred": 100, "thousand": 1000}
_WORD = "|".join([*_UNITS, *_TENS, *_SCALES])
_WORDS = rf"(?:\b(?:{_WORD})\b(?:[\s-]+(?:and[\s-]+)?(?:{_WORD})\b)*)"
_FIGURE = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"

# words, an optional unit word, then the figure in parentheses: "ten feet (10')", "sixty percent (60%)"
_DOUBLE = re.compile(
    rf"(?P<words>{_WORDS})\s*(?P<unit>feet|foot|inches|inch|percent)?\s*"
    rf"\(\s*(?P<fig>{_FIGURE})\s*(?P<mark>['\"%]|feet|foot|inches|percent)?\s*\)"
)
_BARE_WORDS = re.compile(rf"(?:{_WORDS})(?![-\w])")  # not 'six' of 'six-tenths'

_COMMAS = re.compile(r"\b\d{1,3}(?:,\d{3})+\b")
_SPACED_THOUSANDS = re.compile(r"\(\s*(\d{1,3})\s*,\s*(\d{3})\s*\)")  # OCR '( 1 ,000)'


def words_value(text: str) -> int | None:
    """'one hundred fifty' -> 150; 'twenty-four' -> 24; None when it is not one number."""
    total, current, seen = 0, 0, False
    for word in re.split(r"[\s-]+", text.strip().lower()):
        if word in ("", "and"):
            continue
        seen = True
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word == "hundred":
            current = max(current, 1) * 100
        elif word == "thousand":
            total += max(current, 1) * 1000
            current = 0
        else:
            return None
    return total + current if seen else None


def _figure(text: str) -> float:
    return float(text.replace(",", ""))


def _digits(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def read_numbers(sentence: str) -> str | None:
    """The sentence in lower case with every number in digits; None when a number printed in
    words and in figures reads two ways (the sentence is then not used)."""
    text = _SPACED_THOUSANDS.sub(r"(\1\2)", sentence.lower())
    uncertain = False

    def double(m: re.Match[str]) -> str:
        nonlocal uncertain
        said = words_value(m.group("words"))
        fig = _figure(m.group("fig"))
        if said is not None and said != fig:
            uncertain = True
        unit = m.group("unit") or {"'": "feet", '"': "inches", "%": "percent"}.get(
            m.group("mark") or "", m.group("mark") or ""
        )
        return f"{_digits(fig)} {unit}".rstrip() + " "

    if "(" in text:
        text = _DOUBLE.sub(double, text)
    if uncertain:
        return None
    text = re.sub(rf"\(\s*({_FIGURE})\s*\)", r"\1", text)  # "(150)" alone
    text = _COMMAS.sub(lambda m: m.group(0).replace(",", ""), text)

    def bare(m: re.Match[str]) -> str:
        value = words_value(m.group(0))
        return m.group(0) if value is None else _digits(value)

    text = _BARE_WORDS.sub(bare, text)
    text = re.sub(r"(\d+(?:\.\d+)?)\s*%", r"\1 percent", text)
    return " ".join(text.split())
