"""Pure functions behind the UI: records in, escaped HTML / markdown / table rows out.

Nothing here imports gradio, so all of it is testable without a browser. Every piece of text that
comes from a user or from an ordinance passes through :func:`esc` (HTML) or :func:`md_escape`
(chat markdown) before it reaches the page.
"""

from __future__ import annotations

import html
import logging
import re
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from app.records import Answer, Citation
from app.settings import Settings
from core.errors import OrdinanceError, SectionNotFoundError
from ingest.records import ManifestEntry, Section

log = logging.getLogger(__name__)

ALL = "all"
"""The jurisdiction selector's value for "every city"."""

DISCLAIMER = (
    "Ordinance Assistant is not legal advice. Every answer cites the ordinance text it rests on; "
    "read the cited section, and check with the city or county before you build, buy or sell."
)

EXAMPLES: dict[str, list[str]] = {
    "Resident": [
        "What size septic tank does a 4-bedroom house in Hugo need?",
        "How often does my septic tank have to be pumped in East Bethel?",
        "How long is a septic permit valid in Hugo?",
    ],
    "City staff": [
        "Show me Chaska Section 98",
        "Where does it say pumping is required in Chaska?",
        "How long does East Bethel give to fix a failing system?",
    ],
    "Contractor": [
        "How do Chaska, Hugo and East Bethel differ on tank size for a 3-bedroom house?",
        "How long is a permit valid in Chaska, Hugo and East Bethel?",
        "What setback does Hugo require between a soil treatment area and a well?",
    ],
}

PENDING = "_Looking up the ordinances…_"
"""The assistant's bubble while an answer is being prepared."""

PANEL_HINT = '<p class="oa-note">Select a citation to read the section it cites.</p>'

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~>$])")


def esc(text: object) -> str:
    """HTML-escape any value, quotes included."""
    return html.escape(str(text), quote=True)


def md_escape(text: str) -> str:
    """Make ``text`` render literally in chat markdown: HTML-escaped and markdown-escaped."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))


def deep_link(jurisdiction: str, ref: str) -> str:
    """The shareable query string that opens a section in the Browse tab."""
    return "?" + urlencode({"city": jurisdiction, "section": ref})


def parse_deep_link(params: Mapping[str, str]) -> tuple[str | None, str | None]:
    """``{'city': 'hugo', 'section': '404.04'}`` -> ``('hugo', '404.04')``; blanks become None."""
    city = (params.get("city") or params.get("jurisdiction") or "").strip().lower() or None
    section = (params.get("section") or "").strip() or None
    return city, section


def jurisdiction_choices(entries: Mapping[str, ManifestEntry]) -> list[tuple[str, str]]:
    """Selector choices: ``[('All', 'all'), ('Chaska', 'chaska'), ...]``."""
    return [("All", ALL)] + [(e.name, key) for key, e in sorted(entries.items())]


# --- Ask ----------------------------------------------------------------------------------


def user_markdown(question: str) -> str:
    return md_escape(question)


def assistant_markdown(text: str) -> str:
    """The assistant's own text: HTML-escaped (quotes from documents stay text) but its markdown
    (tables, bold city names) kept. The Chatbot sanitises what markdown produces."""
    return html.escape(text, quote=False)


def answer_markdown(answer: Answer) -> str:
    """The assistant's chat bubble: answer text, or a marked refusal / clarifying question."""
    if answer.clarification:
        body = "**Clarifying question:** " + assistant_markdown(answer.clarification)
        if answer.answer and answer.answer != answer.clarification:
            body += "\n\n" + assistant_markdown(answer.answer)
    elif answer.refused:
        body = "**No answer:** " + assistant_markdown(answer.answer)
    else:
        body = assistant_markdown(answer.answer)
    lines = [body]
    if answer.citations:
        lines += ["", "_Select a citation below the chat to read the section it cites._"]
    for note in answer.notes:
        if note in answer.answer:
            continue
        lines.append("")
        lines.append("_Note:_ " + assistant_markdown(note))
    return "\n".join(lines)


def error_markdown(exc: OrdinanceError) -> str:
    """A user error as a chat bubble: the message and, where known, suggestions."""
    text = "**Error:** " + md_escape(str(exc))
    if isinstance(exc, SectionNotFoundError) and exc.suggestions:
        text += "\n\nDid you mean: " + md_escape(", ".join(exc.suggestions))
    return text


def error_html(exc: Exception) -> str:
    """A user error as an HTML block (forms, Browse)."""
    text = (
        str(exc) if isinstance(exc, OrdinanceError) else f"Unexpected error: {type(exc).__name__}"
    )
    extra = ""
    if isinstance(exc, SectionNotFoundError) and exc.suggestions:
        extra = f"<p>Did you mean: {esc(', '.join(exc.suggestions))}</p>"
    return f'<div class="oa-error" role="alert"><strong>Error:</strong> {esc(text)}{extra}</div>'


def citation_label(c: Citation) -> str:
    """Chip text for one citation: ``[1] Hugo §404.04 Tank Capacity``."""
    return f"[{c.marker}] {c.label}"


def citation_chips(citations: Sequence[Citation]) -> list[str]:
    return [citation_label(c) for c in sorted(citations, key=lambda c: c.marker)]


def find_citation(citations: Sequence[Citation], chip: str | None) -> Citation | None:
    for c in citations:
        if citation_label(c) == chip:
            return c
    return None


# --- Sections -----------------------------------------------------------------------------


def find_quote_span(text: str, quote: str) -> tuple[int, int] | None:
    """Where ``quote`` occurs in ``text``, ignoring differences in whitespace (then case)."""
    words = quote.split()
    if not words:
        return None
    pattern = r"\s+".join(re.escape(w) for w in words)
    m = re.search(pattern, text) or re.search(pattern, text, flags=re.IGNORECASE)
    return (m.start(), m.end()) if m else None


def section_html(section: Section, quote: str | None = None) -> str:
    """The full text of a section, escaped, with ``quote`` (if found) highlighted in <mark>."""
    text = section.text
    span = find_quote_span(text, quote) if quote else None
    if span:
        a, b = span
        body = f'{esc(text[:a])}<mark id="oa-quote">{esc(text[a:b])}</mark>{esc(text[b:])}'
    else:
        body = esc(text)
    crumbs = " › ".join(esc(p) for p in section.path)
    pages = ""
    if section.page_start is not None:
        pages = f"page {section.page_start}"
        if section.page_end not in (None, section.page_start):
            pages = f"pages {section.page_start}–{section.page_end}"
    link = deep_link(section.jurisdiction, section.ref)
    missing = ""
    if quote and not span:
        missing = '<p class="oa-note">The quoted words could not be located in this text.</p>'
    return (
        f'<div class="oa-section" data-jurisdiction="{esc(section.jurisdiction)}">'
        f'<h3 class="oa-section-label">{esc(section.label)}</h3>'
        f'<p class="oa-meta">{crumbs}{" · " if crumbs and pages else ""}{esc(pages)} · '
        f'<a href="{esc(link)}" target="_blank" rel="noopener">link to this section</a></p>'
        f'{missing}<div class="oa-section-text" style="white-space: pre-wrap">{body}</div></div>'
    )


def filter_sections(sections: Iterable[Section], query: str) -> list[Section]:
    """Sections whose number, title, path or text contain every word of ``query``."""
    words = query.lower().split()
    out = []
    for s in sections:
        hay = " ".join([s.ref, s.title, " ".join(s.path), s.text]).lower()
        if all(w in hay for w in words):
            out.append(s)
    return out


def section_choices(sections: Iterable[Section]) -> list[tuple[str, str]]:
    """Dropdown choices: (label, ref)."""
    return [(s.label, s.ref) for s in sections]


def section_tree_html(sections: Sequence[Section], query: str = "") -> str:
    """The section tree grouped by hierarchy, each section a deep link; ``query`` filters it."""
    shown = filter_sections(sections, query) if query.strip() else list(sections)
    if not shown:
        return f'<p class="oa-note">No section matches {esc(repr(query))}.</p>'
    groups: dict[tuple[str, ...], list[Section]] = {}
    for s in shown:
        groups.setdefault(tuple(s.path), []).append(s)
    parts = [f'<p class="oa-note">{len(shown)} of {len(sections)} sections</p>']
    for path, items in groups.items():
        title = " › ".join(path) or "(top level)"
        parts.append(f"<details open><summary>{esc(title)}</summary><ul>")
        for s in items:
            parts.append(
                f'<li><a href="{esc(deep_link(s.jurisdiction, s.ref))}">{esc(s.label)}</a></li>'
            )
        parts.append("</ul></details>")
    return "".join(parts)


# --- Sources ------------------------------------------------------------------------------


def sources_html(entries: Mapping[str, ManifestEntry], counts: Mapping[str, int]) -> str:
    """What is in the corpus: documents, dates, state rules adopted, caveats; and the disclaimer."""
    rows = []
    for key, e in sorted(entries.items()):
        rules = "".join(f"<li>{esc(r)}</li>" for r in e.state_rules_adopted) or "<li>none</li>"
        rows.append(
            "<tr>"
            f"<td><strong>{esc(e.name)}</strong><br><small>{esc(e.county or '')}, {esc(e.state)}</small></td>"
            f"<td>{esc(e.instrument)}<br><small>{esc(e.source)}</small></td>"
            f"<td>{esc(e.adopted or 'not stated')}</td>"
            f"<td><ul>{rules}</ul></td>"
            f"<td>{counts.get(key, 0)}</td>"
            f"<td>{esc(e.notes or '')}</td>"
            "</tr>"
        )
    return (
        f'<div class="oa-disclaimer" role="note"><strong>Not legal advice.</strong> {esc(DISCLAIMER)}</div>'
        '<table class="oa-sources"><thead><tr><th>City</th><th>Document</th><th>Adopted</th>'
        "<th>State rules adopted</th><th>Sections</th><th>Caveats</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


# --- Services shared by the UI's handlers ---------------------------------------------------


class Services:
    """The corpus and the assistant, opened once on first use and shared by all sessions."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._lock = threading.Lock()
        self._corpus: Any = None
        self._assistant: Any = None

    @property
    def corpus(self) -> Any:
        with self._lock:
            if self._corpus is None:
                from ingest.store import Corpus

                self._corpus = Corpus.load(self.settings.home)
            return self._corpus

    @property
    def assistant(self) -> Any:
        with self._lock:
            if self._assistant is None:
                from app.assistant import Assistant

                self._assistant = Assistant(home=self.settings.home, settings=self.settings)
            return self._assistant


def guard(fn: Callable[..., Any], on_error: Callable[[Exception], Any]) -> Callable[..., Any]:
    """Run a handler; turn any exception into ``on_error(exc)`` output, logging the unexpected."""

    def wrapper(*args: Any) -> Any:
        try:
            return fn(*args)
        except OrdinanceError as exc:
            return on_error(exc)
        except Exception as exc:
            log.exception("UI handler %s failed", getattr(fn, "__name__", fn))
            return on_error(exc)

    wrapper.__name__ = getattr(fn, "__name__", "handler")
    wrapper.__doc__ = fn.__doc__
    return wrapper
