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

from app.input_names import in_user_words, without_commands
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


def _web(text: str | None) -> str:
    return without_commands(text or "")


def cite_key(answer_no: int, marker: int) -> str:
    """The value that names citation ``[marker]`` of the ``answer_no``-th answer (from 1)."""
    return f"{answer_no}.{marker}"


def _linked_markers(body: str, answer: Answer, answer_no: int | None) -> str:
    """Each ``[n]`` of a cited provision becomes a link: a click opens the provision beside the
    chat (the page's script), and the link itself opens the section in the Browse tab."""
    if answer_no is None:
        return body
    by_marker = {c.marker: c for c in answer.citations}

    def link(m: re.Match[str]) -> str:
        c = by_marker.get(int(m.group(1)))
        if c is None:
            return m.group(0)
        ref = c.section if c.section is not None else c.title
        href = (
            deep_link(c.jurisdiction, ref)
            + "&"
            + urlencode({"cite": cite_key(answer_no, c.marker)})
        )
        return f"[\\[{c.marker}\\]]({href})"

    return re.sub(r"\[(\d+)\]", link, body)


def answer_markdown(answer: Answer, answer_no: int | None = None) -> str:
    """The assistant's chat bubble: answer text, or a marked refusal / clarifying question.

    With ``answer_no`` (its place in the conversation, from 1) every ``[n]`` is a link to the
    provision it cites. Nothing tells a web reader to run a command."""
    text, clarification = _web(answer.answer), _web(answer.clarification)
    if clarification:
        body = "**Clarifying question:** " + assistant_markdown(clarification)
        if text and text != clarification:
            body += "\n\n" + assistant_markdown(text)
    elif answer.refused:
        body = "**No answer:** " + assistant_markdown(text)
    else:
        body = assistant_markdown(text)
    lines = [_linked_markers(body, answer, answer_no)]
    if answer.citations:
        lines += ["", "_Click a [n] or a source below the chat to read the provision._"]
    for note in answer.notes:
        if note in answer.answer:
            continue
        lines.append("")
        lines.append("_Note:_ " + assistant_markdown(_web(note)))
    return "\n".join(lines)


def error_markdown(exc: OrdinanceError) -> str:
    """A user error as a chat bubble: the message and, where known, suggestions."""
    text = "**Error:** " + md_escape(in_user_words(str(exc), "web"))
    if isinstance(exc, SectionNotFoundError) and exc.suggestions:
        text += "\n\nDid you mean: " + md_escape(", ".join(exc.suggestions))
    return text


def error_html(exc: Exception) -> str:
    """A user error as an HTML block (forms, Browse)."""
    text = (
        in_user_words(str(exc), "web")
        if isinstance(exc, OrdinanceError)
        else "Something went wrong on the server; the error is in its log."
    )
    extra = ""
    if isinstance(exc, SectionNotFoundError) and exc.suggestions:
        extra = f"<p>Did you mean: {esc(', '.join(exc.suggestions))}</p>"
    return f'<div class="oa-error" role="alert"><strong>Error:</strong> {esc(text)}{extra}</div>'


def citation_label(c: Citation) -> str:
    """Chip text for one citation: ``[1] Hugo §404.04 Tank Capacity``."""
    return f"[{c.marker}] {c.label}"


def _opening(quote: str, words: int = 6) -> str:
    parts = quote.split()
    return " ".join(parts[:words]) + ("…" if len(parts) > words else "")


def conversation_chips(
    answers: Sequence[Answer], pages: Mapping[tuple[str, str], str] | None = None
) -> list[tuple[str, str]]:
    """(label, value) of every citation of every answer, the latest answer first.

    Labels are distinct: the answer's number when there are several answers, the quote's first
    words when one answer cites the same section twice, and the page where it is known
    (``pages``: (jurisdiction, section label) -> 'p. 46')."""
    chips: list[tuple[str, str]] = []
    cited = [i for i, a in enumerate(answers, 1) if a.citations]
    for i in reversed(cited):
        answer = answers[i - 1]
        labels = [c.label for c in answer.citations]
        for c in sorted(answer.citations, key=lambda c: c.marker):
            text = citation_label(c)
            if labels.count(c.label) > 1:
                text += f" “{_opening(c.quote)}”"
            page = (pages or {}).get((c.jurisdiction, c.label))
            if page:
                text += f" · {page}"
            if len(cited) > 1:
                text = f"Answer {i}: {text}"
            chips.append((text, cite_key(i, c.marker)))
    return chips


def citation_chips(citations: Sequence[Citation]) -> list[str]:
    return [citation_label(c) for c in sorted(citations, key=lambda c: c.marker)]


def find_cited(answers: Sequence[Answer], key: str | None) -> Citation | None:
    """The citation a chip or a chat link names (``'2.1'``: answer 2, marker 1)."""
    m = re.match(r"\s*(\d+)\.(\d+)", key or "")
    if not m:
        return None
    i, marker = int(m.group(1)), int(m.group(2))
    if not 1 <= i <= len(answers):
        return None
    return next((c for c in answers[i - 1].citations if c.marker == marker), None)


def find_citation(citations: Sequence[Citation], chip: str | None) -> Citation | None:
    for c in citations:
        if citation_label(c) == chip:
            return c
    return None


def page_text(section: Section) -> str:
    """'p. 46' where the section (and so any quote from it) lies on one page; 'pp. 2–6' else."""
    if section.page_start is None:
        return ""
    if section.page_end in (None, section.page_start):
        return f"p. {section.page_start}"
    return f"pp. {section.page_start}–{section.page_end}"


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
        body = (
            esc(text)
            if text.strip()
            else '<span class="oa-note">(no text under this heading)</span>'
        )
    crumbs = " › ".join(esc(p) for p in section.path)
    pages = page_text(section)
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


def _heading(s: Section) -> str:
    """How a section appears as a parent in its children's path: '301 Rules'."""
    return f"{s.section} {s.title}".strip() if s.section else s.title


def _short_label(s: Section) -> str:
    """The section's label without the city: '§404.04 Tank Capacity', '"Permits"'."""
    if s.section:
        return f"§{s.section} {s.title}".strip()
    return f"“{s.title}”"


def section_tree_html(sections: Sequence[Section], query: str = "") -> str:
    """The ordinance's hierarchy as one nested, scrollable list; each heading said once.

    A section with subsections (Hugo's '301 Rules' over '301.01') holds them under its own link;
    headings that are not sections (articles, divisions) are open groups. Links carry the
    section's deep link and ``data-ref``, which the page's script opens in place."""
    shown = filter_sections(sections, query) if query.strip() else list(sections)
    if not shown:
        return f'<p class="oa-note">No section matches {esc(repr(query))}.</p>'
    entries: dict[tuple[str, ...], list[tuple[str, Any]]] = {(): []}
    for s in shown:
        path = tuple(s.path)
        for depth in range(1, len(path) + 1):
            node = path[:depth]
            if node not in entries:
                entries[node] = []
                entries[node[:-1]].append(("group", node))
        entries[path].append(("section", s))
    owned = {
        (*tuple(s.path), _heading(s)) for s in shown if (*tuple(s.path), _heading(s)) in entries
    }

    def render(node: tuple[str, ...]) -> str:
        out = []
        for kind, item in entries[node]:
            if kind == "group":
                if item in owned:
                    continue
                out.append(
                    f"<li><details open><summary>{esc(item[-1])}</summary>"
                    f"<ul>{render(item)}</ul></details></li>"
                )
                continue
            s = item
            link = (
                f'<a href="{esc(deep_link(s.jurisdiction, s.ref))}" '
                f'data-city="{esc(s.jurisdiction)}" data-ref="{esc(s.ref)}">'
                f"{esc(_short_label(s))}</a>"
            )
            child = (*node, _heading(s))
            if child in owned:
                out.append(
                    f"<li><details open><summary>{link}</summary>"
                    f"<ul>{render(child)}</ul></details></li>"
                )
            else:
                out.append(f"<li>{link}</li>")
        return "".join(out)

    count = f"{len(shown)} of {len(sections)} sections"
    return (
        f'<p class="oa-note">{count}</p>'
        f'<div class="oa-tree" role="navigation" aria-label="Sections"><ul>{render(())}</ul></div>'
    )


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
        """The index's catalog (`IndexCorpus`: no city's text read until it is browsed); the
        stored or bundled documents (`ingest.store.Corpus`) when there is no index yet."""
        assistant = self.assistant
        with self._lock:
            if self._corpus is None:
                try:
                    self._corpus = IndexCorpus(assistant.retriever)
                except OrdinanceError as exc:
                    from ingest.store import Corpus

                    log.info("browsing the stored documents (%s)", exc)
                    self._corpus = Corpus.load(self.settings.home)
            return self._corpus

    @property
    def assistant(self) -> Any:
        with self._lock:
            if self._assistant is None:
                from app.assistant import Assistant

                self._assistant = Assistant(home=self.settings.home, settings=self.settings)
            return self._assistant


class IndexCorpus:
    """The corpus as the UI browses it, from the index: the city list comes from the catalog,
    and a city's sections are read when that city is opened, so a home of a thousand cities
    starts and lists as fast as one of three. Same methods as `ingest.store.Corpus`."""

    def __init__(self, retriever: Any) -> None:
        self.retriever = retriever

    def jurisdictions(self) -> dict[str, ManifestEntry]:
        return dict(self.retriever.entries())

    def sections(
        self, jurisdiction: str | None = None, *, include_other: bool = False
    ) -> list[Section]:
        keys = [jurisdiction] if jurisdiction else list(self.jurisdictions())
        return [
            s
            for key in keys
            for s in self.retriever.document(key).sections
            if include_other or s.kind == "section"
        ]

    def get(self, jurisdiction: str, ref: str) -> Section:
        from ingest.parse import find_section

        key = self.retriever.resolve_jurisdiction(jurisdiction)
        return find_section(self.sections(key), key, ref)

    def section_count(self, jurisdiction: str) -> int:
        return int(self.retriever.section_count(jurisdiction))

    def document(self, jurisdiction: str) -> Any:
        """A city's parsed document (with the rules read from its text at ingest)."""
        return self.retriever.document(jurisdiction)


def section_counts(corpus: Any) -> dict[str, int]:
    """Sections per city: from the catalog when the corpus has one, else by counting."""
    keys = corpus.jurisdictions()
    if hasattr(corpus, "section_count"):
        return {k: corpus.section_count(k) for k in keys}
    return {k: len(list(corpus.sections(k))) for k in keys}


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
