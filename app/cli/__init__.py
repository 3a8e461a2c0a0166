"""The `ordinance` command line. This package is the only place that imports the CLI library.

Each module registers one group of commands; `main()` turns project errors into clean messages.
"""

from __future__ import annotations

import inspect
import logging
import sys

import typer

from app.cli import common
from core.errors import OrdinanceError

app = typer.Typer(
    name="ordinance",
    help="Answer questions about municipal sewer and septic ordinances, with verified citations.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


@app.callback()
def _root(
    verbose: int = typer.Option(
        0, "--verbose", "-v", count=True, help="-v: stage timings; -vv: debug."
    ),
) -> None:
    level = {0: logging.WARNING, 1: logging.INFO}.get(verbose, logging.DEBUG)
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    common.verbosity = verbose


def _register() -> None:
    for name in (
        "corpus_cmds",
        "search_cmds",
        "calc_cmds",
        "rule_cmds",
        "ask_cmds",
        "serve_cmds",
        "eval_cmds",
    ):
        try:
            module = __import__(f"app.cli.{name}", fromlist=["register"])
        except ModuleNotFoundError as exc:
            if exc.name != f"app.cli.{name}":
                raise
            continue
        module.register(app)


def _reflow(doc: str) -> str:
    """A docstring's paragraphs as single lines, so the help wraps at the terminal's width and
    never mid-phrase; paragraphs with indented or bulleted lines are kept as written."""
    paragraphs = inspect.cleandoc(doc).split("\n\n")
    keep = ("  ", "-", "*", "•", "\b")
    return "\n\n".join(
        p if any(line.startswith(keep) for line in p.splitlines()) else " ".join(p.split("\n"))
        for p in paragraphs
    )


def _reflow_help(group: typer.Typer) -> None:
    for info in group.registered_commands:
        doc = info.help or (info.callback.__doc__ if info.callback else None)
        if doc:
            info.help = _reflow(doc)
    for sub in group.registered_groups:
        if sub.typer_instance is not None:
            _reflow_help(sub.typer_instance)


_register()
_reflow_help(app)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; project errors become a one-line message and exit code 2."""
    try:
        app(args=argv)  # standalone mode: usage errors print themselves and raise SystemExit
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except OrdinanceError as exc:
        common.print_error(exc)
        return 2
    except KeyboardInterrupt:
        common.err_console.print("Aborted.")
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
