"""Helpers shared by the CLI command modules: consoles, settings, error and JSON output."""

from __future__ import annotations

import json
import sys
from typing import Any

from pydantic import BaseModel
from rich.console import Console

from app.settings import Settings, get_settings
from core.errors import OrdinanceError, SectionNotFoundError

console = Console(width=None if sys.stdout.isatty() else 160)
err_console = Console(stderr=True)


def settings() -> Settings:
    return get_settings()


def print_error(exc: OrdinanceError) -> None:
    err_console.print(f"[bold red]error:[/] {exc}", highlight=False, markup=True, soft_wrap=True)
    if isinstance(exc, SectionNotFoundError) and exc.suggestions:
        err_console.print("Did you mean: " + ", ".join(exc.suggestions), highlight=False)


def print_jsonl(obj: BaseModel | dict[str, Any]) -> None:
    data = obj.model_dump(mode="json") if isinstance(obj, BaseModel) else obj
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
    sys.stdout.flush()
