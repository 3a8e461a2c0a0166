"""`ordinance search QUERY`: the raw hybrid search, for staff checking what the index finds."""

from __future__ import annotations

import typer
from rich.table import Table

from app.cli import common
from index.records import Evidence

QUERY = typer.Argument(..., help="Words or a section reference, e.g. 'Section 98' or '404.09(1)b'.")
CITY = typer.Option(
    None,
    "--city",
    "-c",
    help="Jurisdiction key (repeatable); default: named in the query, else all.",
)
K = typer.Option(None, "-k", "--k", min=1, max=50, help="Number of hits (default: setting top_k).")
JSON = typer.Option(
    False, "--json", help="JSON Lines: jurisdiction, section, title, label, score, text."
)


def hit_json(e: Evidence) -> dict[str, object]:
    """One hit as printed by `--json`."""
    c = e.chunk
    return {
        "jurisdiction": c.jurisdiction,
        "section": c.section,
        "title": c.title,
        "label": c.label,
        "chunk": c.id,
        "score": e.score,
        "vector_similarity": e.vector_similarity,
        "matched_by": e.matched_by,
        "text": c.text,
    }


PER_SECTION = typer.Option(
    1, "--per-section", min=0, help="Most hits from one section (0: no limit)."
)


def search(
    query: str = QUERY,
    city: list[str] | None = CITY,
    k: int | None = K,
    json: bool = JSON,
    per_section: int = PER_SECTION,
) -> None:
    """Search the ordinances (exact section references first, then BM25 + vector fused)."""
    from index.retrieve import Retriever

    settings = common.settings()
    retriever = Retriever.open(
        settings.home, chroma_url=settings.chroma_url, max_chars=settings.max_query_chars
    )
    hits = retriever.search(
        query, city or None, k or settings.top_k, per_section=per_section or None
    )
    if json:
        for e in hits:
            common.print_jsonl(hit_json(e))
        return
    if not hits:
        common.err_console.print("No hits.")
        return
    table = Table(title=f"Search: {query[:60]}", show_lines=True)
    for col in ("#", "citation", "score", "by", "text"):
        table.add_column(col, overflow="fold")
    for i, e in enumerate(hits, 1):
        text = " ".join(e.chunk.text.split())
        table.add_row(
            str(i),
            e.chunk.id,
            f"{e.score:.3f}",
            "+".join(e.matched_by),
            text[:240] + ("…" if len(text) > 240 else ""),
        )
    common.console.print(table)


def register(app: typer.Typer) -> None:
    app.command("search")(search)
