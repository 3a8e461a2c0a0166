"""Answer evals: the assistant on the dev set, beside a retrieve-and-quote-top-chunk baseline.

`run_answer_eval(cases, systems, verify_quote)` asks every case of every system and scores:

* section hit   - a citation names an expected section (cases with expected sections, answered);
* value match   - every expected value appears in the answer (numbers normalised, text folded);
* refusal       - precision and recall of `refused` against `should_refuse`;
* leakage       - citations from a city the question did not ask about (must be 0);
* failed cites  - citations whose quote is not verbatim in the cited section (must be 0);
* latency       - p50/p95 of the answer time.

`write_report` writes a markdown report with a plot (matplotlib, Agg) under `evals/reports/`.
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from app.records import REFUSAL, Answer, Citation
from app.verify import fold_ws, numbers_in, section_key
from evals.dataset import EvalCase

REPORTS_DIR = Path(__file__).with_name("reports")
Asker = Callable[[EvalCase], Answer]
QuoteCheck = Callable[[Citation], bool]


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AnswerResult(_Record):
    system: str
    case_id: str
    kind: str
    city: str | None
    refused: bool
    should_refuse: bool
    section_hit: bool | None = Field(description="None when the case expects no section.")
    value_match: bool | None = Field(description="None when the case expects no value.")
    leaked: int = Field(description="Citations from a city the question did not ask about.")
    failed_citations: int
    elapsed_ms: float
    answer: str = ""


class AnswerScore(_Record):
    system: str
    group: str
    cases: int
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


def asked_cities(case: EvalCase, known: dict[str, str]) -> set[str]:
    """The cities a case asks about: its chosen city, else those its question names, else all."""
    if case.city:
        return {case.city}
    from app.understand import detect_jurisdictions

    named = detect_jurisdictions(case.question, known)
    return set(named) if named else set(known)


def score_case(
    system: str, case: EvalCase, answer: Answer, known: dict[str, str], quote_ok: QuoteCheck
) -> AnswerResult:
    cited = {section_key(c.jurisdiction, c.section or c.title) for c in answer.citations}
    expected = {section_key(s.jurisdiction, s.ref) for s in case.expected_sections}
    answered = not answer.refused
    hit = (
        (bool(cited & expected) if answered else False)
        if expected and not case.should_refuse
        else None
    )
    values = None
    if case.expected_values and not case.should_refuse:
        values = answered and all(value_present(v, answer.answer) for v in case.expected_values)
    asked = asked_cities(case, known)
    return AnswerResult(
        system=system,
        case_id=case.id,
        kind=case.kind,
        city=case.city,
        refused=answer.refused,
        should_refuse=case.should_refuse,
        section_hit=hit,
        value_match=values,
        leaked=sum(1 for c in answer.citations if c.jurisdiction not in asked),
        failed_citations=sum(
            1 for c in answer.citations if c.source != "state" and not quote_ok(c)
        ),
        elapsed_ms=answer.elapsed_ms,
        answer=answer.answer,
    )


def summarise(system: str, group: str, rows: Sequence[AnswerResult]) -> AnswerScore:
    refused = [r for r in rows if r.refused]
    should = [r for r in rows if r.should_refuse]
    times = [r.elapsed_ms for r in rows]
    return AnswerScore(
        system=system,
        group=group,
        cases=len(rows),
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
    for name in systems:
        mine = [r for r in results if r.system == name]
        scores.append(summarise(name, "all", mine))
        for kind in dict.fromkeys(r.kind for r in mine):
            scores.append(summarise(name, f"kind:{kind}", [r for r in mine if r.kind == kind]))
        for city in dict.fromkeys(r.city or "(none)" for r in mine):
            scores.append(
                summarise(name, f"city:{city}", [r for r in mine if (r.city or "(none)") == city])
            )
    return AnswerReport(results=results, scores=scores)


# -- the systems ---------------------------------------------------------------------------


def assistant_asker(assistant: object) -> Asker:
    """Our assistant, with the case's chosen city as the hard filter."""

    def ask(case: EvalCase) -> Answer:
        return assistant.ask(case.question, jurisdiction=case.city)  # type: ignore[attr-defined]

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


def _cell(x: float | None) -> str:
    return "—" if x is None else f"{x:.2f}"


def markdown(report: AnswerReport, plot_name: str | None) -> str:
    lines = [
        f"# Answer eval — {datetime.now().isoformat(timespec='seconds')}",
        "",
        f"{len({r.case_id for r in report.results})} dev cases. Targets: section hit ≥ 0.95, value "
        "match ≥ 0.95, refusal P/R ≥ 0.9, leakage 0, failed citations 0, warm p95 ≤ 100 ms.",
        "",
        "| system | group | cases | section hit | value match | refusal P | refusal R | leaks | failed cites | p50 ms | p95 ms |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in report.scores:
        lines.append(
            f"| {s.system} | {s.group} | {s.cases} | {_cell(s.section_hit)} | {_cell(s.value_match)} | "
            f"{_cell(s.refusal_precision)} | {_cell(s.refusal_recall)} | {s.leaks} | {s.failed_citations} | "
            f"{s.p50_ms:.1f} | {s.p95_ms:.1f} |"
        )
    if plot_name:
        lines += ["", f"![metrics]({plot_name})"]
    misses = [r for r in report.results if r.system == "ours" and _missed(r)]
    if misses:
        lines += ["", "## Misses (ours)", ""]
        for r in misses:
            short = re.sub(r"\s+", " ", r.answer)[:160].replace("|", "/")
            lines.append(
                f"- `{r.case_id}` ({r.kind}): refused={r.refused} should={r.should_refuse} "
                f"section={r.section_hit} value={r.value_match} — {short}"
            )
    return "\n".join(lines) + "\n"


def _missed(r: AnswerResult) -> bool:
    return (
        r.refused != r.should_refuse
        or r.section_hit is False
        or r.value_match is False
        or r.leaked > 0
        or r.failed_citations > 0
    )


def plot(report: AnswerReport, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    overall = [s for s in report.scores if s.group == "all"]
    metrics = ["section_hit", "value_match", "refusal_precision", "refusal_recall"]
    fig, ax = plt.subplots(figsize=(8, 4))
    width = 0.8 / max(1, len(overall))
    for i, s in enumerate(overall):
        values = [getattr(s, m) or 0.0 for m in metrics]
        ax.bar([x + i * width for x in range(len(metrics))], values, width, label=s.system)
    ax.axhline(0.95, color="grey", linestyle="--", linewidth=1)
    ax.set_xticks([x + width * (len(overall) - 1) / 2 for x in range(len(metrics))])
    ax.set_xticklabels([m.replace("_", " ") for m in metrics])
    ax.set_ylim(0, 1.05)
    ax.set_title("Answer eval on the dev set")
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
