"""`ordinance ask`: answer a question with verified citations, or a file of questions as JSON Lines."""

from __future__ import annotations

import logging
import sys

import typer
from rich.markdown import Markdown
from rich.panel import Panel

from app.cli import common
from app.records import Answer
from core.errors import OrdinanceError

log = logging.getLogger(__name__)


def _print_answer(answer: Answer) -> None:
    body, _, _ = answer.answer.partition("\n\nSources:\n")
    lines = body.splitlines()
    body = "".join(  # one paragraph per line (Markdown would join them), tables kept whole
        ln
        + (
            "\n"
            if ln.startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("|")
            else "\n\n"
        )
        for i, ln in enumerate(lines)
    )
    title = (
        "refused"
        if answer.refused
        else f"{', '.join(answer.jurisdictions) or 'answer'} · {answer.mode}"
    )
    common.console.print(Panel(Markdown(body), title=title, title_align="left"))
    if answer.clarification:
        common.console.print(f"[bold]?[/] {answer.clarification}", highlight=False)
    for c in answer.citations:
        page = f", p. {c.page}" if c.page else ""
        common.console.print(f"[bold][{c.marker}][/] {c.label}{page}", highlight=False, markup=True)
        common.console.print(f'    "{c.quote}"', highlight=False, markup=False, soft_wrap=True)
    for note in answer.notes:
        if note not in answer.answer:
            common.console.print(f"Note: {note}", highlight=False, markup=False, soft_wrap=True)
    if common.verbosity < 1:  # the calculator calls and the timing only with -v
        return
    for call in answer.tool_calls:
        if call.name != "get_section":
            common.err_console.print(
                f"tool {call.name}({call.arguments})", highlight=False, markup=False
            )
    common.err_console.print(f"{answer.elapsed_ms:.0f} ms", highlight=False)


ECHO_CHARS = 200
"""Longest question echoed back in a batch line; a longer one is cut, with its length noted."""


def _echo(question: str) -> str:
    if len(question) <= ECHO_CHARS:
        return question
    return f"{question[:ECHO_CHARS]}… ({len(question):,} characters)"


def _error_object(question: str, message: str) -> dict[str, object]:
    """A batch line that could not be answered: the same keys, no answer, the `error` set."""
    return {
        "question": _echo(question),
        "jurisdictions": [],
        "answer": None,
        "refused": False,
        "abstained": False,
        "clarification": None,
        "citations": [],
        "tool_calls": [],
        "mode": "default",
        "elapsed_ms": 0.0,
        "error": message,
    }


def ask(
    question: str = typer.Argument(
        ..., help="The question, or '-' to read one question per line from stdin."
    ),
    city: str | None = typer.Option(
        None, "--city", "-c", help="Restrict to one jurisdiction key, e.g. hugo."
    ),
    as_json: bool = typer.Option(
        False, "--json", help="Print the answer as one JSON object per line."
    ),
) -> None:
    """Answer a question from the ordinances, citing the sections it rests on.

    With QUESTION '-', read one question per line from stdin and answer each in order (models
    are loaded once); with --json each input line, blank ones included, gets exactly one JSON
    object line: an answer with "error": null, or "error": the message and "answer": null."""
    from app.assistant import Assistant

    assistant = Assistant(settings=common.settings())
    if question != "-":
        answer = assistant.ask(question, jurisdiction=city)
        if as_json:
            common.print_jsonl(answer.to_json())
        else:
            _print_answer(answer)
        return
    for line in sys.stdin:  # with --json: exactly one output line per input line
        q = line.strip()
        if not q and not as_json:
            continue
        try:
            answer = assistant.ask(q, jurisdiction=city)
        except OrdinanceError as exc:
            if not as_json:
                common.print_error(exc)
                continue
            common.print_jsonl(_error_object(q, str(exc)))
            continue
        except Exception as exc:  # one bad line must not end a batch: report it, go on
            log.exception("question %r failed", _echo(q))
            if as_json:
                common.print_jsonl(_error_object(q, f"internal error ({type(exc).__name__})"))
            else:
                common.err_console.print(f"error: internal error on {_echo(q)!r}", highlight=False)
            continue
        if as_json:
            common.print_jsonl(answer.to_json())
        else:
            common.console.rule(q, style="dim")
            _print_answer(answer)


def register(app: typer.Typer) -> None:
    app.command("ask")(ask)
