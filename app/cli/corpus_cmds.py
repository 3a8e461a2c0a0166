"""`ordinance ingest`, `ordinance sections` and `ordinance show`: the corpus commands."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from app.cli import common
from app.settings import Settings
from core.errors import ManifestError
from core.locking import writer_lock
from ingest import load_manifest, parse_document
from ingest.records import ManifestEntry, ParsedDocument, Section
from ingest.store import Corpus, check_replacements, save_documents

log = logging.getLogger(__name__)

PATHS = typer.Argument(
    None, help="Ordinance files to add or replace (each must be listed in --manifest)."
)
MANIFEST = typer.Option(
    None, "--manifest", "-m", help="Manifest describing the files (default: the bundled corpus)."
)
NO_INDEX = typer.Option(False, "--no-index", help="Parse and store only; do not update the index.")
REPLACE = typer.Option(
    False,
    "--replace",
    help="Allow replacing a city already ingested from another file (same jurisdiction key).",
)
WHOLE = typer.Option(
    False,
    "--whole-document",
    help="Keep each file as one unnumbered section (for a document with no section headings).",
)
CITY = typer.Option(None, "--city", "-c", help="Only this jurisdiction key (e.g. hugo).")
JSON = typer.Option(False, "--json", help="JSON Lines: one object per section.")


def _select(
    paths: list[Path], manifest: Path | None, settings: Settings
) -> list[tuple[ManifestEntry, Path]]:
    if paths and manifest is None:
        raise ManifestError(
            f"{str(paths[0])!r} has no manifest entry. Describe the file in a manifest "
            "(see data/ordinances/manifest.yaml) and run `ordinance ingest FILE --manifest MANIFEST`."
        )
    entries = load_manifest(manifest or settings.manifest)
    if not paths:
        return entries
    by_source = {p.resolve(): (e, p) for e, p in entries}
    chosen = []
    for path in paths:
        hit = by_source.get(Path(path).resolve())
        if hit is None:
            raise ManifestError(
                f"{str(path)!r} is not listed in manifest {str(manifest)!r}. Add an entry whose "
                "'source' points at it (relative to the manifest).",
                manifest,
            )
        chosen.append(hit)
    return chosen


def _index_documents(
    docs: list[ParsedDocument], settings: Settings, progress: Callable[[int, int], None] | None
) -> Any:
    """Update the search index with `docs` (a no-op while the index stage is not installed)."""
    try:
        from index.build import update_index
    except ImportError:
        log.info("index stage not available; documents stored but not indexed")
        save_documents(settings.home, docs, generation=None)
        return None
    return update_index(
        docs,
        settings.home,
        chroma_url=settings.chroma_url,
        batch_size=settings.embed_batch_size,
        progress=progress,
        max_tokens=settings.chunk_size_tokens,
    )


def _pages(doc: ParsedDocument) -> str:
    nums = [p for s in doc.sections for p in (s.page_start, s.page_end) if p is not None]
    return f"{min(nums)}–{max(nums)}" if nums else "—"


def ingest(
    paths: list[Path] | None = PATHS,
    manifest: Path | None = MANIFEST,
    no_index: bool = NO_INDEX,
    replace: bool = REPLACE,
    whole_document: bool = WHOLE,
) -> None:
    """Parse ordinances, store the sections and update the index (default: the bundled corpus).

    A city already ingested from another file is only replaced with --replace."""
    settings = common.settings()
    selected = _select(list(paths or []), manifest, settings)
    with writer_lock(settings.home):
        check_replacements(settings.home, selected, manifest or settings.manifest, replace=replace)
        docs, stats = _ingest_locked(selected, settings, no_index, whole_document)
    _report(docs, stats, settings, no_index)


def _ingest_locked(
    selected: list[tuple[ManifestEntry, Path]],
    settings: Settings,
    no_index: bool,
    whole_document: bool,
) -> tuple[list[ParsedDocument], Any]:
    """Parse, then commit: with the index (documents and index together) or, with --no-index,
    the documents alone (the index then reports that it needs an ingest)."""
    docs: list[ParsedDocument] = []
    stats: Any = None
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=common.err_console, transient=True) as bar:
        task = bar.add_task("Parsing", total=len(selected))
        for entry, path in selected:
            size = f" ({path.stat().st_size / 1e6:.1f} MB)" if path.is_file() else ""
            label = f"Parsing {entry.name}{size}"
            bar.update(task, description=label)

            def stage(name: str, label: str = label) -> None:
                bar.update(task, description=f"{label}: {name}")

            docs.append(
                parse_document(
                    entry,
                    path,
                    whole_document=whole_document,
                    max_mb=settings.max_document_mb,
                    progress=stage,
                )
            )
            bar.advance(task)
        if no_index:
            save_documents(settings.home, docs, generation=None)
        else:
            itask = bar.add_task("Indexing", total=None)

            def report(done: int, total: int) -> None:
                bar.update(itask, completed=done, total=total)

            stats = _index_documents(docs, settings, report)
    return docs, stats


def _report(docs: list[ParsedDocument], stats: Any, settings: Settings, no_index: bool) -> None:
    table = Table(title=f"Ingested into {settings.home}")
    for col in ("city", "name", "sections", "pages", "notes"):
        table.add_column(col)
    for doc in docs:
        count = sum(s.kind == "section" for s in doc.sections)
        table.add_row(
            doc.entry.jurisdiction, doc.entry.name, str(count), _pages(doc), "; ".join(doc.warnings)
        )
    common.console.print(table)
    for doc in docs:
        for warning in doc.warnings:
            common.err_console.print(
                f"[yellow]warning[/yellow] {doc.entry.jurisdiction}: {warning}", highlight=False
            )
    if stats is not None:
        common.console.print(
            f"Index: {stats.chunks} chunks ({stats.embedded} embedded, {stats.reused} reused, "
            f"{stats.written} written).",
            highlight=False,
        )
    elif no_index:
        common.console.print(
            "Index not updated (--no-index): run `ordinance ingest` before searching.",
            highlight=False,
        )


def _section_json(s: Section) -> dict[str, Any]:
    return {
        "jurisdiction": s.jurisdiction,
        "section": s.section,
        "title": s.title,
        "path": s.path,
        "page_start": s.page_start,
        "page_end": s.page_end,
        "text": s.text,
        "notes": s.notes,
    }


def _page_range(s: Section) -> str:
    if s.page_start is None:
        return "—"
    return (
        str(s.page_start) if s.page_end in (None, s.page_start) else f"{s.page_start}–{s.page_end}"
    )


def sections(city: str | None = CITY, as_json: bool = JSON) -> None:
    """List the sections of one city (or all cities), in document order."""
    corpus = Corpus.load(common.settings().home)
    key = corpus.require_jurisdiction(city).jurisdiction if city else None
    found = corpus.sections(key)
    if as_json:
        for s in found:
            common.print_jsonl(_section_json(s))
        return
    table = Table()
    for col in ("city", "section", "title", "part", "pages"):
        table.add_column(col)
    for s in found:
        table.add_row(
            s.jurisdiction, s.section or "—", s.title, s.path[-1] if s.path else "", _page_range(s)
        )
    common.console.print(table)


def show(
    city: str = typer.Argument(..., help="Jurisdiction key, e.g. chaska."),
    section: str = typer.Argument(..., help="Section number ('98', '404.04') or title."),
) -> None:
    """Print one whole section: label, hierarchy, pages, clean text and its notes."""
    corpus = Corpus.load(common.settings().home)
    s = corpus.get(city, section)
    common.console.print(f"[bold]{s.label}[/]", highlight=False, markup=True)
    if s.path:
        common.console.print(" > ".join(s.path), highlight=False, markup=False)
    pages = _page_range(s)
    label = "pages" if "–" in pages else "page"
    common.console.print(f"{label} {pages}", highlight=False, markup=False)
    common.console.print("")
    common.console.print(
        s.text or "(no text under this heading)", highlight=False, markup=False, soft_wrap=True
    )
    if s.notes:  # history notes, editor's notes, references: not provision text
        common.console.print("")
        common.console.print("[dim]Notes[/]", highlight=False)
        for note in s.notes:
            common.console.print(f"  {note}", highlight=False, markup=False, soft_wrap=True)


def register(app: typer.Typer) -> None:
    app.command("ingest")(ingest)
    app.command("sections")(sections)
    app.command("show")(show)
