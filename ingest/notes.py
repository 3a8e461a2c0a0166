"""Editorial matter inside a section's text: history notes, editor's notes, references, footnotes.

Codifiers print, after (or before) a section's provisions, matter that is not itself law:

* history notes: ``(Ord. 412, 3-15-2021)``, ``(Ord. No. 2016-04, § 1, 5-2-16)``,
  ``(Source: Ord. 2021-02; amended by Ord. 2023-01)``,
  ``(Ord. 1187 § 2 (part), 2018; Ord. 1042 § 1, 2011)``,
  ``(Ord. 2007-31, passed 9-17-2007; Am. Ord. 2016-08, passed 4-4-2016)``, and bracketed
  ``[Adopted 4-11-2018 by Ord. No. 18-2]``, ``[Amended 6-3-2020 by Ord. No. 20-4]``,
  ``[Subsection E amended by Ord. 2018-04, adopted 10/9/2018]``, ``[Source: Ord. 2019-3, s. 4]``;
* labelled notes: ``Editor's note—``, ``Cross reference—``, ``State Law reference—``,
  ``Statutory reference:``, ``See also:``, ``Footnotes:`` blocks, also behind a footnote marker
  (``[1] Editor's Note: ...``, ``* Editor's note–...``); commentary (``Commentary:``,
  ``Explanatory note:``, ``Practice note:``) and any block whose label says it is no law
  (``Commentary (not part of the ordinance)``);
* a city code's history lines: ``Source: Ord. 2019-07, 2nd Series``, ``Effective Date:
  6-1-2019``, ``Amended: Ord. 2023-02``;
* penalty cross references, alone on a line or after a history note on the same line:
  ``(Ord. 2007-31, passed 9-17-2007)  Penalty, see § 10.99``.

`split_notes` takes them out of the provision text and returns them, so they are kept as the
section's metadata (dates, amending ordinances) without being quoted as provisions.
"""

from __future__ import annotations

import re

_DATE = r"(?:\d{1,2}[-/]\d{1,2}[-/]\d{2,4}|passed|adopted|\b(?:1[89]|20)\d{2}\b)"
HISTORY_PAREN = re.compile(
    r"\((?=\s*(?:(?:Source|History|Derivation)[ \t]*:[ \t]*)?"  # '(Source: Ord. 2021-02)'
    r"(?:Ord(?:inance)?s?\b|Am(?:d|ended)?\.|Res(?:olution)?\.?\s|Prior\s+code|"
    r"Code\s+\d{4}|Added|Repealed|Formerly)\.?)"
    rf"(?=(?:[^()]|\([^()]{{0,20}}\))*{_DATE})(?:[^()]|\([^()]{{0,20}}\)){{3,400}}\)"
    r"(?=[ \t]*(?:\n|$|Penalty,?\s+see\b))",
    re.I,
)
# "Penalty, see § 52.99" ends a line, alone or after a history note.
PENALTY_XREF = re.compile(
    r"(?m)(?:^|(?<=\))[ \t]*)Penalty,?[ \t]+see[ \t]+§{1,2}[ \t]*[\w.\-]+"
    r"(?:[ \t]*(?:,|and|through)[ \t]*§{0,2}[ \t]*[\w.\-]+)*\.?(?=[ \t]*(?:\n|$))",
    re.I,
)
HISTORY_BRACKET = re.compile(
    r"\[(?=\s*(?:(?:Subsection|Subd\.?|Subdivision|Section|Sec\.|Paragraph|Part|Item)\s+[\w.()-]{1,12}\s+)?"
    r"(?:Adopted|Amended|Added|Repealed|Derived|Ord\.|Res\.|HISTORY|Editor['’]s\s+note|"
    r"Note|Source[ \t]*:))[^\[\]]{3,600}\](?=[ \t]*(?:\n|$))",
    re.I,
)
# "Source: Ord. 2019-07, 2nd Series" / "Effective Date: 6-1-2019" / "Amended: Ord. 2023-02":
# a city code's history lines under a section (one line each)
HISTORY_LINE = re.compile(
    r"(?m)^[ \t]*(?:Source|Effective\s+Date|Amended|History|Adopted|Passed)[ \t]*:"
    rf"(?=[^\n]*(?:\bOrd|{_DATE}))[^\n]{{0,200}}$",
    re.I,
)
NOTE_LABEL = re.compile(
    r"(?m)^[ \t]*(?:\[\d{1,3}\][ \t]*|[*†‡][ \t]*)?(?:Editor['’]s\s+notes?|Cross[- ]references?|State\s+law\s+references?|"
    r"Statutory\s+(?:references?|authority)|Legislative\s+history|Charter\s+references?|"
    r"Footnotes?|Annotations?|See\s+also)[ \t]*(?:[—–:]|--?)",
    re.I,
)
COMMENTARY_LABEL = re.compile(
    r"(?m)^[ \t]*(?:(?:Commentary|Explanatory\s+notes?|Drafter['’]s\s+notes?|Staff\s+notes?|"
    r"Practice\s+notes?|Plain[- ]language\s+(?:notes?|summary))[ \t]*(?:[—–:]|--?)"
    # a label that says it is no law: 'Commentary (not part of the ordinance)' (its text on
    # the next line)
    r"|[A-Z][\w'’ ]{2,40}?[ \t]*\([ \t]*not[ \t]+(?:an?[ \t]+)?part[ \t]+of\b[^)\n]{0,60}\)"
    r"[ \t]*(?:[—–:.]|--?)?)",
    re.I,
)
"""Commentary: a paragraph explaining the law, none of it ('Practice note: Lenders often ask ...'),
to the next item or section number that starts a line (the provisions go on after it)."""
_RESUMES = re.compile(
    r"\n[ \t]*(?:\(\s?[A-Za-z0-9]{1,4}\s?\)|[A-Za-z0-9]{1,3}\.|\d+(?:[.\-]\d+)+)[ \t]"
)


def split_notes(text: str) -> tuple[str, list[str]]:
    """(provision text, notes): history notes and labelled notes moved out of `text`.

    A labelled note runs to the next history note or labelled note, or to the end of the text;
    a history note is a parenthesised/bracketed citation of the enacting ordinance that ends a
    line. Text that is neither stays in place."""
    spans: list[tuple[int, int]] = []
    for rx in (HISTORY_PAREN, HISTORY_BRACKET, PENALTY_XREF, HISTORY_LINE):
        spans += [(m.start(), m.end()) for m in rx.finditer(text)]
    labels = [m.start() for m in NOTE_LABEL.finditer(text)]
    comments = [m.start() for m in COMMENTARY_LABEL.finditer(text)]
    for start in labels + comments:
        stops = [a for a, _ in spans if a > start] + [b for b in labels + comments if b > start]
        if start in comments and (resumes := _RESUMES.search(text, start)) is not None:
            stops.append(resumes.start())
        spans.append((start, min(stops, default=len(text))))
    if not spans:
        return text, []
    spans.sort()
    merged: list[tuple[int, int]] = []
    for a, b in spans:
        if merged and a < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    notes = [" ".join(text[a:b].split()) for a, b in merged]
    kept, cursor = [], 0
    for a, b in merged:
        kept.append(text[cursor:a])
        cursor = b
    kept.append(text[cursor:])
    return "".join(kept), [n for n in notes if n]
