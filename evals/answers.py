"""Answer evals: the assistant on each split, beside a retrieve-and-quote-top-chunk baseline.

`run_answer_eval(cases, systems, verify_quote)` asks every case of every system and scores:

* pass          - the case passes as a whole (the corpus zoo's rule): the abstention is right and,
                  when it should answer, an expected section is cited, every value group matches,
                  a yes/no question leads with the right Yes/No, nothing leaks and every quote holds;
* section hit   - a citation names an expected section (cases with expected sections, answered);
                  finer labels are cut back (`9-4-8C` -> `9-4-8`, `18-124(a)` -> `18-124`);
* value match   - every expected value appears in the answer (numbers normalised, text folded),
                  and every value group has one of its spellings in it;
* abstention    - precision and recall of `abstained` (a refusal, or "the ordinance does not
                  state this") against `should_refuse`;
* leakage       - citations from a city the question did not ask about (must be 0);
* failed cites  - citations whose quote is not verbatim in the cited section (must be 0);
* latency       - p50/p95 of the answer time.

`write_report` writes a markdown report with a plot (matplotlib, Agg) under `evals/reports/`.
"""

from __future__ import annotations

import re
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from app.records import REFUSAL, Answer, Citation
from app.verify import fold_ws, numbers_in, section_key
from core.errors import OrdinanceError
from evals.dataset import EvalCase

REPORTS_DIR = Path(__file__).with_name("reports")
Asker = Callable[[EvalCase], Answer]
QuoteCheck = Callable[[Citation], bool]


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AnswerResult(_Record):
    system: str
    case_id: str
    split: str = "tune"
    kind: str
    city: str | None
    refused: bool
    should_refuse: bool
    passed: bool = False
    yesno_ok: bool | None = Field(default=None, description="None unless a yes/no is expected.")
    section_hit: bool | None = Field(description="None when the case expects no section.")
    value_match: bool | None = Field(description="None when the case expects no value.")
    leaked: int = Field(description="Citations from a city the question did not ask about.")
    failed_citations: int
    elapsed_ms: float
    answer: str = ""
    mode: str = Field(
        default="default",
        description="The answer's mode: default, llm (a part in the LLM's words) or llm-fallback.",
    )


class AnswerScore(_Record):
    system: str
    group: str
    cases: int
    passed: float
    section_hit: float | None
    value_match: float | None
    refusal_precision: float | None
    refusal_recall: float | None
    leaks: int
    failed_citations: int
    p50_ms: float
    p95_ms: float


class AnswerReport(_Record):
    results: list[AnswerResult]
    scores: list[AnswerScore]


def _ratio(flags: Sequence[bool | None]) -> float | None:
    known = [f for f in flags if f is not None]
    return sum(known) / len(known) if known else None


def _pct(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def value_present(value: float | int | str, answer: str) -> bool:
    if isinstance(value, str):
        return fold_ws(value).casefold() in fold_ws(answer).casefold()
    wanted = numbers_in(f"{value:,}" if isinstance(value, int) else str(value))
    return bool(wanted) and wanted <= numbers_in(answer)


_ASCII = str.maketrans({"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-",
                        "\u2212": "-", "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})  # fmt: skip


def fold_for_match(text: str) -> str:
    """The zoo's matching rule: lowercase, whitespace collapsed, Unicode dashes/quotes as ASCII."""
    return fold_ws(text.translate(_ASCII)).casefold()


def group_present(group: list[str], answer: str) -> bool:
    """One spelling of the group is a substring of the folded answer."""
    folded = fold_for_match(answer)
    return any(fold_for_match(spelling) in folded for spelling in group)


def leads_with(answer: str) -> str | None:
    """'yes' or 'no' when the answer's first word is that direct answer, else None."""
    match = re.match(r"[\W_]*(yes|no)\b", answer, flags=re.IGNORECASE)
    return match.group(1).casefold() if match else None


def answers_part_with(answer: str) -> str | None:
    """'yes' or 'no' of the first part the answer leads with one: a two-part question ('How
    long is it valid, and can it be renewed?') is answered part by part, in its order."""
    body = answer.split("\nSources:", 1)[0]
    return next((w for line in body.splitlines() if (w := leads_with(line))), None)


def _ref_key(jurisdiction: str, ref: str) -> tuple[str, str]:
    """`section_key` after cutting a finer label back to its section (9-4-8C, 18-124(a)(1))."""
    cut = re.sub(r"^(\d+(?:[.-]\d+)*)(?:[A-Za-z]\b|\(.*)$", r"\1", ref.strip())
    key = section_key(jurisdiction, cut)
    return key[0], re.sub(r"[^\w\s.-]", "", key[1])


def asked_cities(case: EvalCase, known: dict[str, str]) -> set[str]:
    """The cities a case asks about: its chosen city, else those it lists or its question names,
    else all."""
    if case.city:
        return {case.city}
    if case.jurisdictions:
        return set(case.jurisdictions)
    from app.understand import detect_jurisdictions

    named = detect_jurisdictions(case.question, known)
    return set(named) if named else set(known)


def score_case(
    system: str, case: EvalCase, answer: Answer, known: dict[str, str], quote_ok: QuoteCheck
) -> AnswerResult:
    cited = {_ref_key(c.jurisdiction, c.section or c.title) for c in answer.citations}
    expected = {_ref_key(s.jurisdiction, s.ref) for s in case.expected_sections}
    abstained = answer.refused or answer.abstained
    answered = not abstained
    hit = (
        (bool(cited & expected) if answered else False)
        if expected and not case.should_refuse
        else None
    )
    values = None
    if (case.expected_values or case.value_groups) and not case.should_refuse:
        values = (
            answered
            and all(value_present(v, answer.answer) for v in case.expected_values)
            and all(group_present(g, answer.answer) for g in case.value_groups)
        )
    yesno = None
    if case.expect_yesno and not case.should_refuse:
        said = answers_part_with if case.kind == "multipart" else leads_with
        yesno = answered and said(answer.answer) == case.expect_yesno
    asked = asked_cities(case, known)
    leaked = sum(1 for c in answer.citations if c.jurisdiction not in asked)
    failed = sum(1 for c in answer.citations if c.source != "state" and not quote_ok(c))
    passed = (
        abstained == case.should_refuse
        and hit is not False
        and values is not False
        and yesno is not False
        and leaked == 0
        and failed == 0
    )
    return AnswerResult(
        system=system,
        case_id=case.id,
        split=case.split,
        kind=case.kind,
        city=case.city or ",".join(case.jurisdictions) or None,
        refused=abstained,
        should_refuse=case.should_refuse,
        passed=passed,
        yesno_ok=yesno,
        section_hit=hit,
        value_match=values,
        leaked=leaked,
        failed_citations=failed,
        elapsed_ms=answer.elapsed_ms,
        answer=answer.answer,
        mode=answer.mode,
    )


def summarise(system: str, group: str, rows: Sequence[AnswerResult]) -> AnswerScore:
    refused = [r for r in rows if r.refused]
    should = [r for r in rows if r.should_refuse]
    times = [r.elapsed_ms for r in rows]
    return AnswerScore(
        system=system,
        group=group,
        cases=len(rows),
        passed=sum(r.passed for r in rows) / len(rows) if rows else 0.0,
        section_hit=_ratio([r.section_hit for r in rows]),
        value_match=_ratio([r.value_match for r in rows]),
        refusal_precision=(sum(r.should_refuse for r in refused) / len(refused))
        if refused
        else None,
        refusal_recall=(sum(r.refused for r in should) / len(should)) if should else None,
        leaks=sum(r.leaked for r in rows),
        failed_citations=sum(r.failed_citations for r in rows),
        p50_ms=statistics.median(times) if times else 0.0,
        p95_ms=_pct(times, 0.95),
    )


def run_answer_eval(
    cases: Sequence[EvalCase],
    systems: dict[str, Asker],
    known: dict[str, str],
    quote_ok: QuoteCheck,
) -> AnswerReport:
    results: list[AnswerResult] = []
    for name, ask in systems.items():
        for case in cases:
            results.append(score_case(name, case, ask(case), known, quote_ok))
    scores: list[AnswerScore] = []
    for split in dict.fromkeys(r.split for r in results):
        for name in systems:
            mine = [r for r in results if r.system == name and r.split == split]
            scores.append(summarise(name, f"{split}", mine))
            for kind in dict.fromkeys(r.kind for r in mine):
                rows = [r for r in mine if r.kind == kind]
                scores.append(summarise(name, f"{split} kind:{kind}", rows))
            for city in dict.fromkeys(r.city or "(none)" for r in mine):
                rows = [r for r in mine if (r.city or "(none)") == city]
                scores.append(summarise(name, f"{split} city:{city}", rows))
    return AnswerReport(results=results, scores=scores)


# -- the systems ---------------------------------------------------------------------------


def assistant_asker(assistant: object) -> Asker:
    """Our assistant, with the case's chosen city as the hard filter."""

    def ask(case: EvalCase) -> Answer:
        try:
            return assistant.ask(case.question, jurisdiction=case.city)  # type: ignore[attr-defined]
        except OrdinanceError as exc:  # a failure of this case, never of the whole eval
            return Answer(question=case.question, answer=f"ERROR: {exc}")

    return ask


def top_chunk_asker(retriever: object, names: dict[str, str], sources: dict[str, str]) -> Asker:
    """The baseline: retrieve, then quote the top chunk (first 300 characters) as the answer."""

    def ask(case: EvalCase) -> Answer:
        start = time.perf_counter()
        scope = [case.city] if case.city else None
        hits = retriever.search(case.question, jurisdictions=scope, k=1)  # type: ignore[attr-defined]
        if not hits:
            return Answer(question=case.question, answer=REFUSAL, refused=True)
        chunk = hits[0].chunk
        quote = fold_ws(chunk.text)[:300]
        citation = Citation(
            jurisdiction=chunk.jurisdiction, section=chunk.section, title=chunk.title, label=chunk.label,
            quote=quote, source=sources.get(chunk.jurisdiction, ""), page=chunk.page_start, marker=1,
        )  # fmt: skip
        return Answer(
            question=case.question,
            jurisdictions=[chunk.jurisdiction],
            answer=f'{chunk.label}: "{quote}" [1]',
            citations=[citation],
            elapsed_ms=(time.perf_counter() - start) * 1000,
        )

    return ask


def corpus_quote_check(retriever: object) -> QuoteCheck:
    """A citation holds when its quote is verbatim (whitespace folded) in the cited section."""

    def check(c: Citation) -> bool:
        try:
            section = retriever.section_text(c.jurisdiction, c.section or c.title)  # type: ignore[attr-defined]
        except Exception:
            return False
        return fold_ws(c.quote) in fold_ws(section.text)

    return check


# -- the report ----------------------------------------------------------------------------


def mode_counts(report: AnswerReport) -> str | None:
    """'Answer modes: llm 12, llm-fallback 28' in LLM mode (how many answers the LLM wrote a part
    of); None when every answer is the default mode's."""
    modes = Counter(r.mode for r in report.results if r.system == "ours")
    if not set(modes) - {"default"}:
        return None
    return "Answer modes: " + ", ".join(f"{m} {n}" for m, n in sorted(modes.items()))


def _cell(x: float | None) -> str:
    return "—" if x is None else f"{x:.2f}"


def markdown(report: AnswerReport, plot_name: str | None) -> str:
    splits = list(dict.fromkeys(r.split for r in report.results))
    counts = ", ".join(
        f"{sp} {len({r.case_id for r in report.results if r.split == sp})}" for sp in splits
    )
    lines = [
        f"# Answer eval — {datetime.now().isoformat(timespec='seconds')}",
        "",
        f"Cases: {counts}. Judge changes on blind (frozen; see evals/blind/README.md). Targets on "
        "blind: pass ≥ 0.90 with no kind below 0.80, value match ≥ 0.90, abstention P/R ≥ 0.90, "
        "leakage 0, failed citations 0, warm p95 ≤ 100 ms.",
        "",
        "| system | group | cases | pass | section hit | value match | abstain P | abstain R | leaks | failed cites | p50 ms | p95 ms |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in report.scores:
        lines.append(
            f"| {s.system} | {s.group} | {s.cases} | {s.passed:.2f} | {_cell(s.section_hit)} | "
            f"{_cell(s.value_match)} | {_cell(s.refusal_precision)} | {_cell(s.refusal_recall)} | "
            f"{s.leaks} | {s.failed_citations} | {s.p50_ms:.1f} | {s.p95_ms:.1f} |"
        )
    if modes := mode_counts(report):
        lines += ["", modes]
    if plot_name:
        lines += ["", f"![metrics]({plot_name})"]
    misses = [r for r in report.results if r.system == "ours" and not r.passed]
    if misses:
        lines += ["", "## Misses (ours)", ""]
        for r in misses:
            short = re.sub(r"\s+", " ", r.answer)[:200].replace("|", "/")
            lines.append(
                f"- `{r.case_id}` ({r.split}, {r.kind}): abstained={r.refused} "
                f"should={r.should_refuse} section={r.section_hit} value={r.value_match} "
                f"yesno={r.yesno_ok} leaks={r.leaked} — {short}"
            )
    return "\n".join(lines) + "\n"


def plot(report: AnswerReport, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    splits = {r.split for r in report.results}
    overall = [s for s in report.scores if s.group in splits]
    metrics = ["passed", "section_hit", "value_match", "refusal_precision", "refusal_recall"]
    fig, ax = plt.subplots(figsize=(8, 4))
    width = 0.8 / max(1, len(overall))
    for i, s in enumerate(overall):
        values = [getattr(s, m) or 0.0 for m in metrics]
        ax.bar(
            [x + i * width for x in range(len(metrics))], values, width,
            label=f"{s.system} ({s.group})",
        )  # fmt: skip
    ax.axhline(0.95, color="grey", linestyle="--", linewidth=1)
    ax.set_xticks([x + width * (len(overall) - 1) / 2 for x in range(len(metrics))])
    ax.set_xticklabels([m.replace("_", " ") for m in metrics])
    ax.set_ylim(0, 1.05)
    ax.set_title("Answer eval by split")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def write_report(report: AnswerReport, out_dir: Path | None = None) -> Path:
    """Write `answers-<timestamp>.md` and its plot; return the markdown path."""
    out_dir = out_dir or REPORTS_DIR
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    png = out_dir / f"answers-{stamp}.png"
    plot(report, png)
    md = out_dir / f"answers-{stamp}.md"
    md.write_text(markdown(report, png.name), encoding="utf-8")
    return md
