"""The LLM reader's pure parts: reading a reply, classifying a failure, checking a part."""

from __future__ import annotations

import httpx
import openai
import pytest

from app.llm_tools import Part, check_reply, parts_of
from app.records import REFUSAL, Answer, Citation
from app.verify import VerificationContext
from index.llm import Provision, error_kind, read_reply, reader_messages

QUOTE = "A septic tank shall be pumped at least once every three years."
CITE = Citation(jurisdiction="x", section="5", title="Pumping", label="X §5 Pumping", quote=QUOTE,
                source="x.txt", marker=1)  # fmt: skip


@pytest.mark.parametrize(
    ("text", "kind", "markers", "body"),
    [
        ("Every three years [1].", "answer", [1], "Every three years [1]."),
        ("Yes [2], and [1] [2].", "answer", [2, 1], "Yes [2], and [1] [2]."),
        ("NONE", "none", [], "NONE"),
        ("none.", "none", [], "none."),
        ("  ", "empty", [], ""),
        ('{"name": "search", "arguments": {"q": "tank"}}', "tool-call", [], None),
        ('```json\n{"name": "calc", "arguments": {}}\n```', "tool-call", [], None),
        ('<tool_call>{"name": "calc", "arguments": {}}</tool_call>', "tool-call", [], None),
        ('{"answer": "Every three years [1]."}', "answer", [1], "Every three years [1]."),
        ('{"name": "reply", "arguments": {"text": "Yes [1]."}}', "answer", [1], "Yes [1]."),
    ],
    ids=[
        "prose",
        "repeated-markers",
        "none",
        "none-dot",
        "blank",
        "tool-call",
        "fenced-tool-call",
        "tagged-tool-call",
        "answer-field",
        "text-argument",
    ],
)
def test_a_reply_is_read_by_its_shape(
    text: str, kind: str, markers: list[int], body: str | None
) -> None:
    reply = read_reply(text)
    assert (reply.kind, reply.markers) == (kind, markers)
    if body is not None:
        assert reply.text == body


def _raised(cause: Exception, error: Exception) -> Exception:
    """``error`` as the client raises it: with ``cause`` as its ``__cause__``."""
    try:
        try:
            raise cause
        except Exception as inner:
            raise error from inner
    except Exception as exc:
        return exc


def _timeout() -> Exception:
    request = httpx.Request("POST", "http://x")
    return _raised(httpx.ReadTimeout("read timed out"), openai.APITimeoutError(request=request))


def _status(code: int) -> Exception:
    request = httpx.Request("POST", "http://x")
    return openai.InternalServerError(
        "boom", response=httpx.Response(code, request=request), body=None
    )


def _refused() -> Exception:
    request = httpx.Request("POST", "http://x")
    return _raised(
        httpx.ConnectError("connection refused"), openai.APIConnectionError(request=request)
    )


@pytest.mark.parametrize(
    ("make", "kind", "status"),
    [
        (_timeout, "timeout", None),
        (lambda: _status(500), "http", 500),
        (lambda: _status(503), "http", 503),
        (_refused, "unreachable", None),
        (lambda: httpx.ReadTimeout("slow ollama"), "timeout", None),
        (lambda: httpx.ConnectError("no ollama"), "unreachable", None),
        (lambda: ValueError("odd"), "error", None),
    ],
    ids=[
        "openai-timeout",
        "http-500",
        "http-503",
        "refused",
        "httpx-timeout",
        "httpx-connect",
        "other",
    ],
)
def test_a_failure_is_classified_by_kind(make: object, kind: str, status: int | None) -> None:
    assert error_kind(make()) == (kind, status)  # type: ignore[operator]


def test_the_reader_prompt_is_short_and_carries_only_strings() -> None:
    provisions = [Provision(marker=1, label="X §5 Pumping", quote=QUOTE)]
    messages = reader_messages("How often?", "X", provisions, ["- pumping: 3 years"])
    assert [role for role, _ in messages] == ["system", "user"]
    assert all(isinstance(c, str) and c for _, c in messages)
    assert len(messages[0][1]) < 800 and f'[1] X §5 Pumping: "{QUOTE}"' in messages[1][1]


def _ctx() -> VerificationContext:
    ctx = VerificationContext(asked={"x"})
    ctx.add_section("x", "5", "Intro. " + QUOTE)
    return ctx


@pytest.mark.parametrize(
    ("default_line", "reply", "markers", "ok"),
    [
        ("X §5 says: pumped every three years [1]", "Every three years [1].", [1], True),
        ("X §5 says: pumped every three years [1]", "Every 3 years [1].", [1], False),
        ("X §5 says: pumped every three years [1]", "Every three years.", [], False),
        ("X §5 says: pumped every three years [1]", "Every three years [2].", [2], False),
        ("X §5 says: pumped every three years [1]", f"{REFUSAL} [1]", [1], False),
        ("X §5 says: pumped every three years [1]", "X does not specify it [1].", [1], False),
        ("Yes. X §5 requires pumping [1]", "No, it is not required [1].", [1], False),
        ("Yes. X §5 requires pumping [1]", "Pumping is required [1].", [1], False),
        ("Yes. X §5 requires pumping [1]", "Yes, every three years [1].", [1], True),
        ("X §5 says: pumped every three years [1]", "No. Only every three years [1].", [1], False),
        (
            "X §5 says: pumped every three years [1]",
            f'Question: How often?\n\nProvisions (X):\n[1] X §5 Pumping: "{QUOTE}"',
            [1],
            False,
        ),
        ("X §5 says: pumped every three years [1]", f'[1] X §5 Pumping: "{QUOTE}"', [1], False),
        ("X §5 says: pumped every three years [1]", "Every three years [1]. " * 30, [1], False),
    ],
    ids=[
        "verified",
        "invented-number",
        "no-marker",
        "unknown-marker",
        "refusal-phrase",
        "does-not-specify",
        "flips-yes",
        "drops-yes",
        "keeps-yes",
        "adds-an-unsupported-no",
        "echoes-the-request",
        "echoes-a-provision",
        "rambles",
    ],
)
def test_a_reply_stands_for_a_part_only_when_it_verifies_and_keeps_the_default(
    default_line: str, reply: str, markers: list[int], ok: bool
) -> None:
    part = Part(line=0, text=default_line, citations=[CITE])
    why = check_reply(reply, markers, [CITE], part, _ctx())
    assert (why is None) == ok, why


def test_the_parts_are_the_lines_that_cite_before_the_sources() -> None:
    text = ("| City | Answer | Sources |\n| X | 3 years | [1] |\nX: every three years [1]\n"
            "Y: monthly [2]\nNote: a caveat [1]\n\nSources:\n[1] X §5: \"...\"")  # fmt: skip
    answer = Answer(
        question="q", answer=text, citations=[CITE, CITE.model_copy(update={"marker": 2})]
    )
    assert [(p.line, [c.marker for c in p.citations]) for p in parts_of(answer)] == [
        (2, [1]),
        (3, [2]),
    ]


def test_a_quote_the_replaced_line_gave_comes_back_in_the_sources() -> None:
    from app.llm_tools import _with_sources

    extra = CITE.model_copy(update={"marker": 2, "quote": "Tanks shall be watertight."})
    text = "Every three years [1]. Watertight [2].\n\nSources:\n[1] X §5 Pumping\n\nNote: n"
    out = _with_sources(text, [CITE, extra])
    assert out.splitlines()[3:6] == [
        f'[1] X §5 Pumping: "{QUOTE}"',
        '[2] X §5 Pumping: "Tanks shall be watertight."',
        "",
    ]
    assert out.endswith("Note: n")
