"""The eval home: the bundled corpus plus the zoo and unseen cities, ingested beside the user's home.

Blind and zoo questions ask about the zoo's fictional cities, which are never shipped as law, so
they live in their own home (`<home>-eval`), not in the user's. Re-ingest is idempotent: a second
run re-embeds nothing that did not change.
"""

from __future__ import annotations

import logging
from pathlib import Path

from core.errors import OrdinanceError
from evals.dataset import unseen_cities, zoo_cities
from ingest import BUNDLED_MANIFEST, load_manifest, parse_document
from ingest.records import ParsedDocument

log = logging.getLogger(__name__)


def eval_home_for(home: Path) -> Path:
    """`~/.local/share/ordinance-assistant` -> `~/.local/share/ordinance-assistant-eval`."""
    return home.with_name(home.name + "-eval")


def build_eval_home(home: Path, with_zoo: bool = True) -> tuple[Path, list[str]]:
    """Ingest the bundled corpus (and the zoo) into the eval home for `home` (embedded Chroma).

    Returns the eval home and one line per zoo city that failed to ingest (its questions then fail
    in the eval instead of stopping it)."""
    from index.build import update_index
    from ingest.store import save_documents

    target = eval_home_for(home)
    manifests = [BUNDLED_MANIFEST]
    if with_zoo:
        manifests += [city / "manifest.yaml" for city in zoo_cities() + unseen_cities()]
    docs: list[ParsedDocument] = []
    problems: list[str] = []
    for manifest in manifests:
        for entry, path in load_manifest(manifest):
            try:
                doc = parse_document(entry, path)
            except OrdinanceError as exc:
                problems.append(f"{entry.jurisdiction}: {exc}")
                log.warning("eval home: %s not ingested: %s", entry.jurisdiction, exc)
                continue
            docs.append(doc)
    save_documents(target, docs)
    update_index(docs, target)
    return target, problems
