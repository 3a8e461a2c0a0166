"""Helpers shared by the CLI command modules: consoles, settings, error and JSON output."""

from __future__ import annotations

import json
import re
import sys
from typing import Any

from pydantic import BaseModel
from rich.console import Console
from rich.markup import escape

from app.input_names import did_you_mean, in_user_words
from app.settings import Settings, get_settings
from core.errors import OrdinanceError, SectionNotFoundError, UnknownJurisdictionError

console = Console(width=None if sys.stdout.isatty() else 160)
err_console = Console(stderr=True)
verbosity = 0
"""How many -v the command line was given: 1 shows tool calls and timings."""


def settings() -> Settings:
    return get_settings()


_UNKNOWN = re.compile(r"Unknown [\w ]+? '([^']+)'.*?Known [\w ]+: ([^.]+)\.")


def suggestions(exc: OrdinanceError) -> list[str]:
    """What the user may have meant: a section's nearest identifiers, or the known values
    closest to an unknown one ("Unknown setback feature 'wel' ... Known features: well, ...")."""
    if isinstance(exc, SectionNotFoundError):
        return exc.suggestions
    if isinstance(exc, UnknownJurisdictionError):
        return did_you_mean(exc.key, exc.known)
    m = _UNKNOWN.search(str(exc))
    if m and "Did you mean" not in str(exc):
        return did_you_mean(m.group(1), [k.strip() for k in m.group(2).split(",")])
    return []


def print_error(exc: OrdinanceError) -> None:
    """The error in the command line's words (flags, not parameter names), and suggestions."""
    err_console.print(
        "[bold red]error:[/] " + escape(in_user_words(str(exc), "cli")),
        highlight=False,
        markup=True,
        soft_wrap=True,
    )
    near = suggestions(exc)
    if near:
        err_console.print("Did you mean: " + ", ".join(near), highlight=False, markup=False)


def print_jsonl(obj: BaseModel | dict[str, Any]) -> None:
    data = obj.model_dump(mode="json") if isinstance(obj, BaseModel) else obj
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def configure_rules() -> None:
    """Point the rule calculators at the curated rules folder and at the rules extracted at
    ingest from the home's stored documents (used for cities without a curated rules file)."""
    from app.uncurated import extracted_provider
    from ingest.store import Corpus
    from tools import base

    s = settings()
    base.configure(s.rules_dir)
    loaded: list[Corpus] = []

    def document(key: str) -> Any:
        if not loaded:
            loaded.append(Corpus.load(s.home))
        return loaded[0].document(key)

    base.use_extracted(extracted_provider(document))
