"""Numbers written in words ('thirty-six', 'one hundred fifty'), for every layer."""

from __future__ import annotations

import re

UNITS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
SCALES = {"hundred": 100, "thousand": 1000}
_TOKEN = re.compile(r"[a-z]+")


def spelled_numbers(text: str) -> list[float]:
    """Each number the text spells out, a compound read whole ('thirty-six (36) inches': [36];
    'one hundred fifty feet': [150]; 'two or three': [2, 3])."""
    out: list[float] = []
    total = current = 0
    seen = False
    for m in _TOKEN.finditer(text.lower()):
        word = m.group(0)
        gap = text[m.start() - 1] if m.start() else " "
        if seen and gap not in " -":  # '(36) ...': a compound never spans other characters
            out.append(float(total + current))
            total = current = 0
            seen = False
        if word in UNITS or word in TENS:
            value = UNITS.get(word) or TENS[word]
            if seen and current % 100 and (current % 10 or value >= 10):
                out.append(float(total + current))  # 'two three': two numbers
                total = current = 0
            current += value
            seen = True
        elif word in SCALES:
            seen = True
            if SCALES[word] == 100:
                current = (current or 1) * 100
            else:
                total, current = total + (current or 1) * 1000, 0
        elif word == "and" and seen:
            continue  # 'one hundred and fifty'
        elif seen:
            out.append(float(total + current))
            total = current = 0
            seen = False
    if seen:
        out.append(float(total + current))
    return out


def word_values() -> dict[str, int]:
    """Every number one word spells ('six', 'thirty', 'thirty-six', 'hundred')."""
    small = {w: v for w, v in UNITS.items() if v < 10}
    compounds = {f"{t}-{u}": tv + uv for t, tv in TENS.items() for u, uv in small.items()}
    return {**UNITS, **TENS, **compounds, "hundred": 100}
