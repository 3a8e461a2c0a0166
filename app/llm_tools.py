"""The app's side of the optional LLM mode: the LLM reads the default answer, part by part.

The default answer is computed first and verified as always. Each of its parts (a line of the
answer that cites provisions: one asked part, one city) is then shown to the LLM with the
provisions it cites, a few more provisions from the same city's retrieved sections and the
calculator results, and the LLM writes the direct answer for that part citing ``[n]``
(`index.llm`). The reply replaces (or, when it drops a figure of the default line, leads) that
part only if it

* cites at least one of the numbered provisions and no other number,
* passes the shared verifier (`app.verify.failures`: quotes verbatim in sections looked up here,
  the asked city only, every number from a cited quote, a calculator result or the question),
* keeps the default part's Yes/No when the default leads with one, and
* is not a refusal: a verified default part is never replaced by "cannot answer" (the LLM's
  NONE, an empty or tool-call reply, or a sentence that says the text does not state it), and
* is an answer, not the request repeated (a base model continues the prompt, quotes and
  markers included, which would otherwise verify) nor longer than the sentences asked for.

Otherwise that part keeps the default text: the LLM falls back per part, never per answer. A
failing request (`LLMError`) stops the LLM for the remaining parts and is reported by its kind.
An answer the default mode abstains on is returned as it is (the LLM is not asked).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any

from app.lexicon import phrase
from app.records import REFUSAL, Answer, Citation
from app.verify import VerificationContext, failures, fold_ws, numbers_in
from core.errors import LLMError, OrdinanceError
from index.llm import LLMConfig, Provision, complete, read_reply, reader_messages

log = logging.getLogger(__name__)

_MARKS = re.compile(r"\[(\d{1,3})\]")
_PREFIX = re.compile(r"^(\*\*[^*]+\*\*:\s*)")
_LEAD = re.compile(r"[\W_]*(yes|no)\b", re.I)
# A reply that repeats the request (a base model continues the prompt): its labels, or a
# provision listed the way the request lists them.
_ECHO = re.compile(
    r"\b(?:Question|Answer|Provisions \(|Calculator results)[^.]{0,40}:|^\s*\[\d+\] [^\n]*: \"",
    re.M,
)
_QUOTE_CHARS = 700  # longest quote shown to the LLM (a whole table is cut, not sent)


@dataclass
class Part:
    """One line of the default answer that cites provisions."""

    line: int
    text: str
    citations: list[Citation]


@dataclass
class Outcome:
    """What happened to the parts: how many the LLM wrote, and why the others kept the default."""

    used: int = 0
    kept: list[str] = field(default_factory=list)
    error: LLMError | None = None


def parts_of(answer: Answer) -> list[Part]:
    """The default answer's parts: lines before 'Sources:' with [n] markers (no table rows or
    notes: those stay as they are)."""
    by_marker = {c.marker: c for c in answer.citations}
    out: list[Part] = []
    for i, line in enumerate(answer.answer.splitlines()):
        if line.strip() == "Sources:":
            break
        if line.lstrip().startswith(("|", "Note:")):
            continue
        cited = [
            by_marker[m]
            for m in dict.fromkeys(int(x) for x in _MARKS.findall(line))
            if m in by_marker
        ]
        if cited:
            out.append(Part(line=i, text=line, citations=cited))
    return out


def _sentences(text: str) -> list[str]:
    pieces = re.split(r"(?<=[.;:])\s+(?=[A-Z(\d])", fold_ws(text))
    return [p for p in pieces if 30 <= len(p) <= 600]


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{4,}", text.casefold())}


def extra_provisions(
    retriever: Any, question: str, city: str, known: list[Citation], sources: dict[str, str], n: int
) -> list[Citation]:
    """Up to `n` more sentences from `city`'s retrieved sections, verbatim, most question words
    first (retrieval order breaks ties), none already among `known`."""
    if n <= 0:
        return []
    try:
        hits = retriever.search(question, jurisdictions=[city], k=5)
    except OrdinanceError as exc:
        log.warning("LLM reader: no extra provisions for %s: %s", city, exc)
        return []
    seen = [fold_ws(c.quote) for c in known]
    asked = _words(question)
    ranked: list[tuple[int, int, Citation]] = []
    for rank, hit in enumerate(hits):
        chunk = hit.chunk
        for sentence in _sentences(chunk.text):
            if any(sentence in s or s in sentence for s in seen):
                continue
            seen.append(sentence)
            citation = Citation(
                jurisdiction=chunk.jurisdiction, section=chunk.section, title=chunk.title,
                label=chunk.label, quote=sentence, source=sources.get(chunk.jurisdiction, ""),
                page=chunk.page_start,
            )  # fmt: skip
            ranked.append((-len(asked & _words(sentence)), rank, citation))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return [r[2] for r in ranked[:n]]


def _facts(answer: Answer, city: str) -> list[str]:
    out: list[str] = []
    for call in answer.tool_calls:
        args = call.arguments
        if str(args.get("jurisdiction") or args.get("city") or city) != city:
            continue
        result = call.result
        summary = result.get("summary") or " ".join(
            str(result[k]) for k in ("value", "unit") if result.get(k) is not None
        )
        if summary:
            out.append(f"- {call.name}: {summary}")
    return out


def _lead(text: str) -> str | None:
    m = _LEAD.match(_PREFIX.sub("", text))
    return m.group(1).casefold() if m else None


def _context(answer: Answer, retriever: Any, adopted: dict[str, list[str]]) -> VerificationContext:
    asked = set(answer.jurisdictions) | {c.jurisdiction for c in answer.citations}
    ctx = VerificationContext(asked=asked, adopted_rules=adopted)
    ctx.allow_numbers_from(answer.question)
    for call in answer.tool_calls:
        ctx.allow_numbers_from(call.result, call.arguments)
    return ctx


def _look_up(ctx: VerificationContext, retriever: Any, citations: list[Citation]) -> None:
    for c in citations:
        ref = c.section if c.section is not None else c.title
        if c.source == "state" or ctx.has_section(c.jurisdiction, ref):
            continue
        try:
            ctx.add_section(c.jurisdiction, ref, retriever.section_text(c.jurisdiction, ref).text)
        except OrdinanceError as exc:
            log.warning("LLM reader: cannot look up %s: %s", c.label, exc)


def check_reply(
    text: str, markers: list[int], shown: list[Citation], part: Part, ctx: VerificationContext
) -> str | None:
    """Why the reply may not stand for the part, or None when it may."""
    if not markers:
        return "cites no provision"
    if any(not 1 <= m <= len(shown) for m in markers):
        return "cites a provision it was not shown"
    if REFUSAL in text or phrase("reply_declines").search(text):
        return "declines to answer a part the default mode answers"
    wanted = _lead(part.text)
    if wanted is not None and _lead(text) != wanted:
        return f"does not lead with the default's {wanted.capitalize()}"
    if _ECHO.search(text):
        return "echoes the request instead of answering"
    if len(text) > 600:
        return "longer than the one to three sentences asked for"
    cited = [shown[m - 1].model_copy(update={"marker": m}) for m in markers]
    draft = Answer(question="", answer=text, citations=cited)
    problems = failures(draft, ctx)
    return "; ".join(problems) if problems else None


def read_part(
    config: LLMConfig, question: str, place: str, part: Part, shown: list[Citation],
    facts: list[str], ctx: VerificationContext,
) -> tuple[str | None, list[int], str]:  # fmt: skip
    """Ask the LLM for one part: (its text with local markers or None, markers, why not)."""
    provisions = [
        Provision(marker=i, label=c.label, quote=c.quote[:_QUOTE_CHARS])
        for i, c in enumerate(shown, start=1)
    ]
    reply = read_reply(complete(config, reader_messages(question, place, provisions, facts)))
    if reply.kind != "answer":
        return None, [], {"none": "answered NONE", "empty": "sent no text",
                          "tool-call": "wrote a tool call, not an answer"}[reply.kind]  # fmt: skip
    why = check_reply(reply.text, reply.markers, shown, part, ctx)
    return (None, [], why) if why else (reply.text, reply.markers, "")


def read_with_llm(
    default: Answer,
    retriever: Any,
    names: dict[str, str],
    sources: dict[str, str],
    adopted: dict[str, list[str]],
    config: LLMConfig,
    extra: int = 3,
) -> tuple[Answer, Outcome]:
    """The default answer with each part the LLM answered (and that verified) in its words."""
    outcome = Outcome()
    if default.refused or default.abstained:
        outcome.kept.append("the default mode abstains; the LLM was not asked")
        return default, outcome
    parts = parts_of(default)
    if not parts:
        outcome.kept.append("no part cites a provision for the LLM to read")
        return default, outcome
    lines = default.answer.splitlines()
    citations = list(default.citations)
    ctx = _context(default, retriever, adopted)
    _look_up(ctx, retriever, citations)
    for part in parts:
        city = part.citations[0].jurisdiction
        more = extra_provisions(retriever, default.question, city, citations, sources, extra)
        _look_up(ctx, retriever, more)
        shown = part.citations + more
        try:
            text, markers, why = read_part(
                config, default.question, names.get(city, city), part, shown,
                _facts(default, city), ctx,
            )  # fmt: skip
        except LLMError as exc:
            outcome.error = exc
            outcome.kept.append(f"{exc.kind}: {exc}")
            break
        if text is None:
            log.info("LLM reply for part %d kept the default: %s", part.line, why)
            outcome.kept.append(why)
            continue
        lines[part.line] = _merge(part, text, markers, shown, citations)
        outcome.used += 1
    if outcome.used == 0:
        return default, outcome
    text = _with_sources("\n".join(lines), citations)
    answer = default.model_copy(update={"answer": text, "citations": citations, "mode": "llm"})
    problems = failures(answer, ctx)  # the whole answer once more, as the default mode's is
    if problems:
        outcome.used = 0
        outcome.kept.append("; ".join(problems))
        return default, outcome
    return answer, outcome


def _merge(
    part: Part, text: str, markers: list[int], shown: list[Citation], citations: list[Citation]
) -> str:
    """The part's new line(s): the reply with global markers (a provision the default did not
    cite joins `citations`); the default line stays below it when the reply drops one of its
    figures, and the default's markers the reply did not repeat are kept."""
    glob: dict[int, int] = {}
    for m in markers:
        c = shown[m - 1]
        if c in citations:
            glob[m] = c.marker
        else:
            glob[m] = max((x.marker for x in citations), default=0) + 1
            citations.append(c.model_copy(update={"marker": glob[m]}))
    body = " ".join(_MARKS.sub(lambda mm: f"[{glob[int(mm.group(1))]}]", text).split())
    found = _PREFIX.match(part.text)
    prefix = found.group(1) if found else ""
    if numbers_in(_MARKS.sub(" ", part.text)) <= numbers_in(_MARKS.sub(" ", body)):
        missing = [c.marker for c in part.citations if f"[{c.marker}]" not in body]
        return prefix + body + "".join(f" [{m}]" for m in missing)
    return prefix + body + "\n" + part.text


def _with_sources(text: str, citations: list[Citation]) -> str:
    """Every citation's quote given once: a Sources line that lists only a label (the default
    quoted it in a line the LLM replaced) gets its quote back; new sources are added."""
    lines = text.splitlines()
    if "Sources:" not in (ln.strip() for ln in lines):
        lines += ["", "Sources:"]
    start = next(i for i, ln in enumerate(lines) if ln.strip() == "Sources:")
    end = start + 1
    while end < len(lines) and re.match(r"\[\d+\] ", lines[end]):
        end += 1
    for c in citations:
        full = f'[{c.marker}] {c.label}: "{c.quote}"'
        body = fold_ws("\n".join(lines[:start] + lines[end:]))
        listed = [i for i in range(start + 1, end) if lines[i].startswith(f"[{c.marker}] ")]
        if f'"{fold_ws(c.quote)}"' in body and listed:
            continue
        if listed:
            lines[listed[0]] = full
        else:
            lines.insert(end, full)
            end += 1
    return "\n".join(lines).strip()
