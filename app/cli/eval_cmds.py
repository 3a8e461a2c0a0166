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
        table.add_column(col, justify="left" if col in ("group", "system") else "right")
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


def register(app: typer.Typer) -> None:
    app.add_typer(eval_app, name="eval")
