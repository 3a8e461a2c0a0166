"""`ordinance eval ...`: measured quality. `eval retrieval` compares our retriever with baselines."""

from __future__ import annotations

import typer
from rich.table import Table

from app.cli import common

eval_app = typer.Typer(help="Evaluate retrieval (and answers) on the dev question set.")

CASES = typer.Option(None, "--cases", help="Cases YAML file (default: evals/cases.yaml).")
BASELINE = typer.Option(
    True, "--baseline/--no-baseline", help="Also run the plain llama-index default pipeline."
)
JSON = typer.Option(False, "--json", help="JSON Lines: one object per system and group.")


@eval_app.command("retrieval")
def retrieval(cases: str | None = CASES, baseline: bool = BASELINE, json: bool = JSON) -> None:
    """hit@1/3/5 and MRR per jurisdiction: ours beside BM25-only, vector-only, llama-index default."""
    from pathlib import Path

    from evals.dataset import load_cases
    from evals.retrieval import default_systems, run_retrieval_eval
    from index.retrieve import Retriever

    settings = common.settings()
    retriever = Retriever.open(
        settings.home, chroma_url=settings.chroma_url, max_chars=settings.max_query_chars
    )
    loaded = load_cases(Path(cases) if cases else None)
    plain = None
    if baseline:
        from index.baseline import PlainLlamaIndexBaseline
        from index.state import read_documents

        with common.err_console.status("Building the plain llama-index baseline..."):
            plain = PlainLlamaIndexBaseline(
                read_documents(settings.home, retriever.state.generation),
                batch_size=settings.embed_batch_size,
            )
    with common.err_console.status(f"Running {len(loaded)} cases..."):
        report = run_retrieval_eval(loaded, default_systems(retriever, plain), k=5)
    if json:
        for row in report.rows:
            common.print_jsonl(row)
        return
    table = Table(title=f"Retrieval on {len(loaded)} dev cases (hit@k: any expected section)")
    for col in ("group", "system", "cases", "hit@1", "hit@3", "hit@5", "MRR", "leaks"):
        table.add_column(
            col, justify="left" if col in ("group", "system") else "right", no_wrap=True
        )
    groups = list(dict.fromkeys(r.group for r in report.rows))
    for group in groups:
        rows = [r for r in report.rows if r.group == group]
        best = max(r.hit5 for r in rows)
        for r in rows:
            mark = "bold" if r.system == "ours" else ""
            table.add_row(
                group,
                f"[{mark}]{r.system}[/]" if mark else r.system,
                str(r.cases),
                f"{r.hit1:.2f}",
                f"{r.hit3:.2f}",
                f"[green]{r.hit5:.2f}[/]" if r.hit5 == best else f"{r.hit5:.2f}",
                f"{r.mrr:.2f}",
                str(r.leaks),
            )
        table.add_section()
    common.console.print(table)
    misses = [r for r in report.results if r.system == "ours" and r.rank is None]
    if misses:
        common.console.print("ours missed: " + ", ".join(r.case_id for r in misses))


SPLIT = typer.Option(
    None,
    "--split",
    "-s",
    help="Question split(s): tune, blind, zoo, fresh, unseen (repeatable; default: tune, blind "
    "and zoo). `fresh` and `unseen` are held out: run them only to report; `fresh-N` and "
    "`unseen-N` are one batch.",
)


@eval_app.command("answers")
def answers(
    cases: str | None = CASES,
    split: list[str] | None = SPLIT,
    baseline: bool = typer.Option(
        True, "--baseline/--no-baseline", help="Also run the retrieve-and-quote-top-chunk baseline."
    ),
    json: bool = JSON,
    out: str | None = typer.Option(None, "--out", help="Report folder (default: evals/reports/)."),
) -> None:
    """Pass rate, section hit, value match, abstention P/R, leakage, failed citations and latency of
    the assistant's answers per split (tune and blind side by side), kind and city, beside a
    top-chunk baseline; writes a report. Blind and zoo questions are asked in an eval home that
    holds the bundled corpus and the corpus zoo (`<home>-eval`, built on first use)."""
    from pathlib import Path

    from app.assistant import Assistant
    from evals.answers import (
        assistant_asker,
        corpus_quote_check,
        mode_counts,
        run_answer_eval,
        top_chunk_asker,
        write_report,
    )
    from evals.dataset import DEFAULT_SPLITS, load_cases, load_split
    from evals.home import build_eval_home

    settings = common.settings()
    if cases:
        loaded = load_cases(Path(cases))
    else:
        loaded = [c for name in (split or DEFAULT_SPLITS) for c in load_split(name)]
    needs_zoo = any(c.split != "tune" for c in loaded)
    with common.err_console.status(
        "Ingesting the bundled corpus and the zoo into the eval home..."
    ):
        home, problems = build_eval_home(settings.home, with_zoo=needs_zoo)
    for line in problems:
        common.err_console.print(f"[yellow]not ingested[/] {line}")
    assistant = Assistant(home=home, settings=settings)
    with common.err_console.status("Loading the index and the model..."):
        assistant.warm()
    names = assistant.names()
    systems = {"ours": assistant_asker(assistant)}
    if baseline:
        systems["top-chunk"] = top_chunk_asker(assistant.retriever, names, assistant.sources())
    with common.err_console.status(f"Answering {len(loaded)} cases..."):
        report = run_answer_eval(loaded, systems, names, corpus_quote_check(assistant.retriever))
    if json:
        for row in report.scores:
            common.print_jsonl(row)
        return
    splits = list(dict.fromkeys(c.split for c in loaded))
    table = Table(title=f"Answers by split ({', '.join(splits)}): ours beside the baseline")
    cols = ("group", "system", "cases", "pass", "section hit", "value match", "abstain P",
            "abstain R", "leaks", "failed cites", "p50 ms", "p95 ms")  # fmt: skip
    for col in cols:
        table.add_column(
            col, justify="left" if col in ("system", "group") else "right", no_wrap=True
        )

    def cell(x: float | None) -> str:
        return "-" if x is None else f"{x:.2f}"

    shown = [s for s in report.scores if s.group in splits or " kind:" in s.group]
    shown.sort(key=lambda s: (s.group.partition(" ")[2], splits.index(s.group.partition(" ")[0])))
    for s in shown:
        table.add_row(
            s.group, s.system, str(s.cases), cell(s.passed), cell(s.section_hit),
            cell(s.value_match), cell(s.refusal_precision), cell(s.refusal_recall), str(s.leaks),
            str(s.failed_citations), f"{s.p50_ms:.1f}", f"{s.p95_ms:.1f}",
        )  # fmt: skip
    common.console.print(table)
    if modes := mode_counts(report):
        common.console.print(modes)
    path = write_report(report, Path(out) if out else None)
    common.console.print(f"Report (per city and every miss): {path}")


@eval_app.callback(invoke_without_command=True)
def _answers_by_default(ctx: typer.Context) -> None:
    """`ordinance eval` alone runs the answer eval; `ordinance eval retrieval` the retrieval one."""
    if ctx.invoked_subcommand is None:
        answers(cases=None, split=None, baseline=True, json=False, out=None)


def register(app: typer.Typer) -> None:
    app.add_typer(eval_app, name="eval")
