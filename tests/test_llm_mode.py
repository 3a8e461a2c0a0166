"""LLM mode against a real OpenAI-compatible HTTP server on loopback that plays a small model.

Real sockets, the real `OpenAILike` client and the real verifier; the server is a stdlib
`http.server` started here, scripted per test with what small local models actually do: answer
well, invent a figure, refuse, write a tool call as JSON text, send `content: null`, answer
HTTP 500, or take longer than the timeout. The LLM mode must never be worse than the default."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from app.assistant import Assistant
from app.records import REFUSAL
from app.settings import Settings

pytestmark = pytest.mark.slow

TANK = "How big a septic tank does a 4 bedroom house in Chaska need?"
TWO_PARTS = "What do Chaska and Hugo say about drip systems and abandoned tanks?"
PERMIT = "Is a permit required to repair a septic system in Chaska?"


class Reply:
    """What the fake server does with one request."""

    def __init__(
        self,
        content: str | None = "",
        status: int = 200,
        delay_s: float = 0.0,
        tool_calls: list[dict[str, Any]] | None = None,
    ) -> None:
        self.content, self.status, self.delay_s, self.tool_calls = (
            content,
            status,
            delay_s,
            tool_calls,
        )


Script = Callable[[str], Reply]  # the user message -> the reply


class FakeOpenAI:
    """POST /v1/chat/completions on 127.0.0.1, answering from `script`."""

    def __init__(self) -> None:
        self.script: Script = lambda user: Reply("hello")
        self.requests: list[dict[str, Any]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(body)
                user = next(m["content"] for m in body["messages"] if m["role"] == "user")
                reply = outer.script(user)
                time.sleep(reply.delay_s)
                if reply.status != 200:
                    payload = json.dumps({"error": {"message": "model crashed", "code": 500}})
                else:
                    message: dict[str, Any] = {"role": "assistant", "content": reply.content}
                    if reply.tool_calls:
                        message["tool_calls"] = reply.tool_calls
                    payload = json.dumps({
                        "id": "chatcmpl-test", "object": "chat.completion", "created": 0,
                        "model": body["model"],
                        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                    })  # fmt: skip
                data = payload.encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the client gave up (the timeout test)
                    pass

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)


@pytest.fixture(scope="module")
def fake_llm() -> Iterator[FakeOpenAI]:
    fake = FakeOpenAI()
    fake.thread.start()
    try:
        yield fake
    finally:
        fake.server.shutdown()
        fake.server.server_close()


def _assistant(home: Path, url: str, **extra: Any) -> Assistant:
    settings = Settings(
        home=home, llm_provider="openai-compatible", llm_base_url=url, llm_model="fake-model",
        llm_timeout_s=extra.pop("llm_timeout_s", 20), **extra,
    )  # fmt: skip
    return Assistant(settings=settings)


@pytest.fixture(scope="module")
def llm_assistant(indexed_home: Path, fake_llm: FakeOpenAI) -> Assistant:
    return _assistant(indexed_home, fake_llm.url)


@pytest.fixture(scope="module")
def default_answers(indexed_home: Path) -> dict[str, str]:
    plain = Assistant(settings=Settings(home=indexed_home))
    return {q: plain.ask(q).answer for q in (TANK, TWO_PARTS, PERMIT)}


def _marker_of(user: str, words: str) -> str:
    """The [n] of the provision shown to the LLM whose line holds `words`."""
    for line in user.splitlines():
        m = re.match(r"\[(\d+)\] ", line)
        if m and words.casefold() in line.casefold():
            return f"[{m.group(1)}]"
    raise AssertionError(f"no provision with {words!r} in:\n{user}")


def test_a_verified_reply_is_the_answer_and_the_request_is_small(
    llm_assistant: Assistant, fake_llm: FakeOpenAI
) -> None:
    fake_llm.script = lambda user: Reply(
        f"A 4-bedroom house in Chaska needs a 1,250 gallon septic tank {_marker_of(user, '1,250')}."
    )
    start = len(fake_llm.requests)
    answer = llm_assistant.ask(TANK)
    assert answer.mode == "llm", answer.notes
    assert answer.answer.startswith("A 4-bedroom house in Chaska needs a 1,250 gallon septic tank")
    assert answer.citations[0].section == "98" and not answer.refused
    (sent,) = fake_llm.requests[start:]
    assert sent["max_tokens"] == 128 and "tools" not in sent
    assert all(isinstance(m["content"], str) and m["content"] for m in sent["messages"])
    assert sum(len(m["content"]) for m in sent["messages"]) < 4000  # ~1,000 tokens, not 3,700


def test_the_reply_may_cite_a_provision_the_default_did_not(
    llm_assistant: Assistant, fake_llm: FakeOpenAI
) -> None:
    def script(user: str) -> Reply:
        other = [ln for ln in user.splitlines() if re.match(r"\[[2-9]\] ", ln)]
        assert other, user  # the default cites one provision; the reader sees more
        n = re.match(r"\[(\d+)\]", other[0]).group(1)  # type: ignore[union-attr]
        return Reply(f"Chaska requires a 1,250 gallon tank {_marker_of(user, '1,250')}[{n}].")

    fake_llm.script = script
    answer = llm_assistant.ask(TANK)
    assert answer.mode == "llm" and len(answer.citations) == 2
    new = answer.citations[1]
    assert f'[2] {new.label}: "{new.quote}"' in answer.answer  # listed with the sources


def test_a_yes_no_question_gets_the_readers_yes(
    llm_assistant: Assistant, fake_llm: FakeOpenAI, default_answers: dict[str, str]
) -> None:
    fake_llm.script = lambda user: Reply(
        f"Yes. Chaska requires a permit to repair a septic system {_marker_of(user, 'repair')}."
    )
    answer = llm_assistant.ask(PERMIT)
    assert default_answers[PERMIT].startswith("Yes")  # the reader's Yes, kept by the LLM's reply
    assert answer.mode == "llm" and answer.answer.startswith("Yes. Chaska requires a permit")


@pytest.mark.parametrize(
    "reply",
    [
        pytest.param("Chaska requires a 9,999 gallon tank [1].", id="invented-figure"),
        pytest.param("Chaska requires a 1,250 gallon tank.", id="no-citation"),
        pytest.param("Chaska requires a 1,250 gallon tank [9].", id="unknown-provision"),
        pytest.param("NONE", id="declines-none"),
        pytest.param(f"{REFUSAL} [1]", id="the-refusal-phrase"),
        pytest.param("The ordinance does not state the tank size [1].", id="does-not-state"),
        pytest.param("", id="empty"),
        pytest.param(
            '{"name": "septic_tank_capacity", "arguments": {"jurisdiction": "chaska", "bedrooms": 4}}',
            id="json-tool-call-in-text",
        ),
        pytest.param(
            '<tool_call>\n{"name": "search", "arguments": {"query": "tank"}}\n</tool_call>',
            id="tagged-tool-call-in-text",
        ),
        pytest.param(None, id="content-null"),
    ],
)
def test_a_reply_that_fails_keeps_the_verified_default_answer(
    llm_assistant: Assistant,
    fake_llm: FakeOpenAI,
    default_answers: dict[str, str],
    reply: str | None,
) -> None:
    fake_llm.script = lambda user: Reply(reply)
    answer = llm_assistant.ask(TANK)
    assert answer.mode == "llm-fallback" and not answer.refused and not answer.abstained
    assert answer.answer == default_answers[TANK]  # not a word changed, nothing dropped
    assert "9,999" not in answer.answer and answer.notes


def test_a_tool_call_message_with_null_content_is_not_an_answer(
    llm_assistant: Assistant, fake_llm: FakeOpenAI, default_answers: dict[str, str]
) -> None:
    call = {"id": "c1", "type": "function",
            "function": {"name": "septic_tank_capacity", "arguments": "{}"}}  # fmt: skip
    fake_llm.script = lambda user: Reply(None, tool_calls=[call])
    answer = llm_assistant.ask(TANK)
    assert answer.mode == "llm-fallback" and answer.answer == default_answers[TANK]


def test_a_json_reply_with_an_answer_field_is_read_as_the_answer(
    llm_assistant: Assistant, fake_llm: FakeOpenAI
) -> None:
    fake_llm.script = lambda user: Reply(
        json.dumps({"answer": f"Chaska: 1,250 gallons for 4 bedrooms {_marker_of(user, '1,250')}."})
    )
    answer = llm_assistant.ask(TANK)
    assert answer.mode == "llm" and answer.answer.startswith("Chaska: 1,250 gallons")


def test_the_llm_falls_back_per_part_not_per_answer(
    llm_assistant: Assistant, fake_llm: FakeOpenAI, default_answers: dict[str, str]
) -> None:
    def script(user: str) -> Reply:
        if "Provisions (Chaska)" in user:
            return Reply(f"Chaska: abandoned tanks must be pumped {_marker_of(user, 'abandoned')}.")
        return Reply("Hugo allows 9,999 abandoned wells [1].")  # invented: this part falls back

    fake_llm.script = script
    answer = llm_assistant.ask(TWO_PARTS)
    assert answer.mode == "llm"
    assert answer.answer.startswith("Chaska: abandoned tanks must be pumped [1]")
    hugo = next(ln for ln in default_answers[TWO_PARTS].splitlines() if ln.startswith("Hugo"))
    assert hugo in answer.answer.splitlines() and "9,999" not in answer.answer


def test_the_llm_is_not_asked_when_the_default_abstains(
    llm_assistant: Assistant, fake_llm: FakeOpenAI
) -> None:
    fake_llm.script = lambda user: Reply("Call 555-0100 [1].")
    start = len(fake_llm.requests)
    answer = llm_assistant.ask("What is the phone number of the Hugo mayor?")
    assert answer.refused and answer.answer == REFUSAL and len(fake_llm.requests) == start


def test_an_http_500_is_reported_as_a_server_error(
    llm_assistant: Assistant, fake_llm: FakeOpenAI, default_answers: dict[str, str]
) -> None:
    fake_llm.script = lambda user: Reply(status=500)
    answer = llm_assistant.ask(TANK)
    assert answer.mode == "llm-fallback"
    assert answer.answer.startswith(default_answers[TANK])
    assert "returned an error (HTTP 500)" in answer.answer and "reached" not in answer.answer


def test_a_slow_server_is_reported_as_a_timeout(
    indexed_home: Path, fake_llm: FakeOpenAI, default_answers: dict[str, str]
) -> None:
    fake_llm.script = lambda user: Reply("Chaska: 1,250 gallons [1].", delay_s=3)
    slow = _assistant(indexed_home, fake_llm.url, llm_timeout_s=1)
    answer = slow.ask(TANK)
    assert answer.mode == "llm-fallback" and answer.answer.startswith(default_answers[TANK])
    assert "did not answer within 1 s" in answer.answer and "reached" not in answer.answer


def test_an_unreachable_server_is_reported_as_unreachable(
    indexed_home: Path, default_answers: dict[str, str]
) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    answer = _assistant(indexed_home, f"http://127.0.0.1:{port}/v1", llm_timeout_s=5).ask(TANK)
    assert answer.mode == "llm-fallback" and "could not be reached" in answer.answer
    assert answer.answer.startswith(default_answers[TANK])


def test_index_llm_imports_nothing_from_the_app() -> None:
    import ast

    tree = ast.parse((Path(__file__).parents[1] / "index" / "llm.py").read_text(encoding="utf-8"))
    imported = [
        n.module if isinstance(n, ast.ImportFrom) else a.name
        for n in ast.walk(tree)
        if isinstance(n, ast.Import | ast.ImportFrom)
        for a in (n.names if isinstance(n, ast.Import) else [n])  # type: ignore[attr-defined]
    ]
    assert not [m for m in imported if m and (m == "app" or m.startswith("app."))]


def test_llm_negation_its_quote_does_not_make_falls_back(
    llm_assistant: Assistant, fake_llm: FakeOpenAI
) -> None:
    # an answer obeying injected text: it cites a real provision, but the claim is not what it says
    fake_llm.script = lambda user: Reply(
        f"No permit is ever required in Chaska {_marker_of(user, 'permit')}."
    )
    answer = llm_assistant.ask(PERMIT)
    assert answer.mode == "llm-fallback"
    assert "No permit is ever required" not in answer.answer
