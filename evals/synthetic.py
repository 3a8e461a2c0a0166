"""A synthetic ordinance of any size, for the parse-time benchmark and the linear-time test.

The text looks like an OCR'd code book (flow layout): numbered sections ``Section 101.01.
Title.`` in sequence, wrapped lines, words hyphenated across lines, a page number on a line of
its own every 45 lines. Words come from a fixed vocabulary; the text is deterministic per size.
"""

from __future__ import annotations

import random
from pathlib import Path

_WORDS = """
sewage treatment system tank drainfield permit inspection owner septic soil absorption area design
flow bedroom dwelling gallons capacity minimum required installer license pumping maintenance
holding effluent setback well water property line building sewer county city council application
fee approval variance violation misdemeanor shall may provided that within feet from the any each
every all such where when unless except
"""
VOCABULARY = tuple(_WORDS.split())


def synthetic_ordinance(n_bytes: int, seed: int = 7) -> str:
    """About `n_bytes` of ordinance-like text (at least `n_bytes` characters)."""
    rng = random.Random(seed)
    out: list[str] = []
    size = lines = 0
    page = chapter = 1
    number = 0

    def add(line: str) -> None:
        nonlocal size
        out.append(line)
        size += len(line) + 1

    while size < n_bytes:
        number += 1
        if number > 60:
            chapter, number = chapter + 1, 1
        title = " ".join(rng.choice(VOCABULARY) for _ in range(rng.randint(1, 4))).capitalize()
        add(f"Section {100 + chapter}.{number:02d}. {title}.")
        for _ in range(rng.randint(5, 25)):
            words = [rng.choice(VOCABULARY) for _ in range(rng.randint(6, 12))]
            if rng.random() < 0.1:  # a word hyphenated across the line break
                add(" ".join(words) + " inter-")
                words = ["connected", *words[:5]]
            add(" ".join(words) + ".")
            lines += 1
            if lines % 45 == 0:
                add(str(page))
                page += 1
    return "\n".join(out) + "\n"


def write_synthetic(folder: Path, n_bytes: int) -> Path:
    """Write a synthetic ordinance of about `n_bytes` into `folder`; return its path."""
    path = Path(folder) / f"synthetic-{n_bytes}.txt"
    path.write_text(synthetic_ordinance(n_bytes), encoding="utf-8")
    return path
