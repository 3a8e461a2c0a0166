"""The docs cannot drift: every setting and every CLI command is documented (datasette style)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import typer

from app.cli import app as cli_app
from app.settings import Settings

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _headings(path: Path) -> set[str]:
    return set(re.findall(r"^### (.+?)\s*$", path.read_text(), flags=re.M))


def _commands(group: Any, prefix: str = "ordinance") -> list[str]:
    names: list[str] = []
    for name, cmd in sorted(group.commands.items()):
        full = f"{prefix} {name}"
        names.append(full)
        if hasattr(cmd, "commands"):
            names.extend(_commands(cmd, full))
    return names


@pytest.mark.parametrize("name", sorted(Settings.model_fields))
def test_every_setting_is_documented(name: str) -> None:
    assert name in _headings(DOCS / "settings.md"), f"add '### {name}' to docs/settings.md"
    assert Settings.model_fields[name].description, f"setting {name!r} needs a description"


def test_every_cli_command_is_documented() -> None:
    group = typer.main.get_command(cli_app)
    commands = _commands(group)
    assert commands, "the CLI registers no commands"
    documented = _headings(DOCS / "cli.md")
    missing = [c for c in commands if c not in documented]
    assert not missing, f"undocumented commands (run scripts/gen_cli_docs.py): {missing}"
