"""The Gradio web UI: Ask, Calculators, Compare, Browse and Sources tabs.

This is the only module that imports gradio, and it stays a thin adapter: the assistant, the
corpus and the calculators do the work, :mod:`app.ui_logic` turns their records into escaped
HTML and markdown, and :mod:`app.site_plot` draws the site picture. User errors
(:class:`~ingest.errors.OrdinanceError`) become messages on the page; anything else is logged and
shown as a short generic message, never a traceback.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

import gradio as gr

from app import ui_logic as L
from app.records import Answer, Citation
from app.settings import Settings
from ingest.errors import OrdinanceError

log = logging.getLogger(__name__)

CSS = """
.oa-section mark { background: #fff3a3; padding: 0 2px; }
.oa-error { color: #8a1c1c; background: #fdecea; padding: 8px; border-radius: 6px; }
.oa-disclaimer { background: #eef4ff; padding: 8px; border-radius: 6px; margin-bottom: 8px; }
.oa-note { color: #57606a; font-size: 0.9em; }
.oa-sources td, .oa-sources th { vertical-align: top; padding: 4px 8px; }
.oa-section-text { max-height: 60vh; overflow-y: auto; }
"""


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


def _guard(fn: Callable[..., Any], on_error: Callable[[Exception], Any]) -> Callable[..., Any]:
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


def _ask_tab(svc: Services, choices: list[tuple[str, str]]) -> None:
    with gr.Row():
        with gr.Column(scale=3):
            juris = gr.Dropdown(
                choices, value=L.ALL, label="Jurisdiction", elem_id="ask-jurisdiction"
            )
            chat = gr.Chatbot(
                label="Ordinance Assistant",
                elem_id="chat",
                height=420,
                latex_delimiters=[],
                allow_tags=False,
                feedback_options=None,
                buttons=["copy"],
            )
            box = gr.Textbox(
                label="Your question",
                placeholder="e.g. What size septic tank does a 4-bedroom house in Hugo need?",
                elem_id="question",
                lines=1,
            )
            send = gr.Button("Ask", variant="primary", elem_id="ask-button")
            chips = gr.Radio(
                [], label="Citations: select one to read the section", elem_id="citations"
            )
            for persona, questions in L.EXAMPLES.items():
                gr.Examples([[q] for q in questions], inputs=[box], label=f"Examples: {persona}")
        with gr.Column(scale=2):
            panel = gr.HTML(
                '<p class="oa-note">Select a citation to read the section it cites.</p>',
                elem_id="section-panel",
            )
    cites = gr.State([])

    def ask(question: str, jurisdiction: str, history: list[Any]) -> tuple[Any, ...]:
        """Answer a question about the ordinances, with citations."""
        history = list(history or [])
        question = (question or "").strip()
        if not question:
            return history, "", gr.Radio(choices=[], value=None), []
        history.append({"role": "user", "content": L.user_markdown(question)})
        try:
            answer: Answer = svc.assistant.ask(
                question, jurisdiction=None if jurisdiction in (None, L.ALL) else jurisdiction
            )
            reply = L.answer_markdown(answer)
            found = list(answer.citations)
        except OrdinanceError as exc:
            reply, found = L.error_markdown(exc), []
        except Exception:
            log.exception("ask failed for %r", question)
            reply, found = (
                "**Error:** the assistant failed on this question; see the server log.",
                [],
            )
        history.append({"role": "assistant", "content": reply})
        chip_values = L.citation_chips(found)
        return history, "", gr.Radio(choices=chip_values, value=None), found

    def show_citation(chip: str | None, found: list[Citation]) -> str:
        """Open the cited section with the quote highlighted."""
        c = L.find_citation(found, chip)
        if c is None:
            return '<p class="oa-note">Select a citation to read the section it cites.</p>'
        section = svc.corpus.get(c.jurisdiction, c.section if c.section is not None else c.title)
        return L.section_html(section, c.quote)

    outs = [chat, box, chips, cites]
    box.submit(ask, [box, juris, chat], outs, api_name="ask", concurrency_limit=4)
    send.click(ask, [box, juris, chat], outs, api_visibility="private", concurrency_limit=4)
    chips.input(_guard(show_citation, L.error_html), [chips, cites], panel, api_name="citation")


def _browse_tab(svc: Services, choices: list[tuple[str, str]]) -> dict[str, Any]:
    first = choices[0][1] if choices else None
    with gr.Row():
        with gr.Column(scale=2):
            juris = gr.Dropdown(
                choices, value=first, label="Ordinance", elem_id="browse-jurisdiction"
            )
            query = gr.Textbox(
                label="Filter sections", placeholder="e.g. pumping", elem_id="browse-filter"
            )
            section = gr.Dropdown([], label="Section", elem_id="browse-section")
            tree = gr.HTML(elem_id="browse-tree")
        with gr.Column(scale=3):
            view = gr.HTML(
                '<p class="oa-note">Pick a section to read it.</p>', elem_id="browse-view"
            )

    def listing(jurisdiction: str | None, text: str) -> tuple[Any, str]:
        """The section tree and section choices of one ordinance, filtered."""
        if not jurisdiction:
            return gr.Dropdown(choices=[], value=None), ""
        sections = list(svc.corpus.sections(jurisdiction))
        shown = L.filter_sections(sections, text or "")
        tree_html = L.section_tree_html(sections, text or "")
        return gr.Dropdown(choices=L.section_choices(shown), value=None), tree_html

    def show(jurisdiction: str | None, ref: str | None) -> str:
        """The full text of one section."""
        if not jurisdiction or not ref:
            return '<p class="oa-note">Pick a section to read it.</p>'
        return L.section_html(svc.corpus.get(jurisdiction, ref))

    def listing_error(exc: Exception) -> tuple[Any, str]:
        return gr.Dropdown(choices=[], value=None), L.error_html(exc)

    guarded_listing = _guard(listing, listing_error)
    juris.input(guarded_listing, [juris, query], [section, tree], api_name="browse")
    query.input(guarded_listing, [juris, query], [section, tree], api_visibility="private")
    section.input(_guard(show, L.error_html), [juris, section], view, api_name="section")
    return {"juris": juris, "query": query, "section": section, "tree": tree, "view": view}


def _sources_tab(svc: Services) -> None:
    def render() -> str:
        corpus = svc.corpus
        entries = corpus.jurisdictions()
        counts = {k: len(list(corpus.sections(k))) for k in entries}
        return L.sources_html(entries, counts)

    gr.HTML(_guard(render, L.error_html)(), elem_id="sources")


def build_demo(settings: Settings, services: Services | None = None) -> gr.Blocks:
    """Build the whole app. ``settings.home`` names the ingested corpus and index."""
    svc = services or Services(settings)
    try:
        choices = L.jurisdiction_choices(svc.corpus.jurisdictions())
        startup_error = ""
    except OrdinanceError as exc:
        choices, startup_error = [("All", L.ALL)], L.error_html(exc)

    with gr.Blocks(title="Ordinance Assistant") as demo:
        gr.Markdown(
            "# Ordinance Assistant\nSewer and septic ordinances of "
            + (
                ", ".join(L.md_escape(label) for label, key in choices if key != L.ALL)
                or "no city yet"
            )
            + ", answered with the sections they rest on. Not legal advice."
        )
        if startup_error:
            gr.HTML(startup_error, elem_id="startup-error")
        city_choices = [c for c in choices if c[1] != L.ALL]
        with gr.Tabs(selected="ask", elem_id="tabs") as tabs:
            with gr.Tab("Ask", id="ask"):
                _ask_tab(svc, choices)
            with gr.Tab("Calculators", id="calculators"):
                gr.Markdown("Calculators arrive with the tools package.")
            with gr.Tab("Compare", id="compare"):
                gr.Markdown("Comparison arrives with the tools package.")
            with gr.Tab("Browse", id="browse"):
                browse = _browse_tab(svc, city_choices)
            with gr.Tab("Sources", id="sources-tab"):
                _sources_tab(svc)

        def open_deep_link(request: gr.Request) -> tuple[Any, ...]:
            """Open ``?city=KEY&section=REF`` in the Browse tab; otherwise list the first city."""
            city, ref = L.parse_deep_link(dict(request.query_params) if request else {})
            target = city or (city_choices[0][1] if city_choices else None)
            if target is None:
                return (gr.Tabs(), gr.Dropdown(), gr.Dropdown(), gr.HTML(), gr.HTML())
            tab = gr.Tabs(selected="browse") if city else gr.Tabs()
            try:
                listed, tree = _listing(svc, target)
                if city is None or ref is None:
                    return (
                        tab,
                        gr.Dropdown(value=target),
                        gr.Dropdown(choices=listed),
                        tree,
                        gr.HTML(),
                    )
                section = svc.corpus.get(city, ref)
                view = L.section_html(section)
                picked = gr.Dropdown(choices=listed, value=section.ref)
                return (tab, gr.Dropdown(value=city), picked, tree, view)
            except Exception as exc:
                if not isinstance(exc, OrdinanceError):
                    log.exception("deep link %r %r failed", city, ref)
                return (tab, gr.Dropdown(), gr.Dropdown(), gr.HTML(), L.error_html(exc))

        demo.load(
            open_deep_link,
            None,
            [tabs, browse["juris"], browse["section"], browse["tree"], browse["view"]],
            api_visibility="private",
        )
    return demo


def _listing(svc: Services, jurisdiction: str) -> tuple[list[tuple[str, str]], str]:
    sections = list(svc.corpus.sections(jurisdiction))
    return L.section_choices(sections), L.section_tree_html(sections)


def launch(
    settings: Settings,
    *,
    host: str,
    port: int,
    prevent_thread_lock: bool = False,
    services: Services | None = None,
) -> gr.Blocks:
    """Build and serve the app on ``host:port`` (basic auth when both auth settings are set)."""
    demo = build_demo(settings, services)
    auth = None
    if settings.auth_user and settings.auth_password:
        auth = (settings.auth_user, settings.auth_password)
    demo.queue(default_concurrency_limit=4)
    demo.launch(
        server_name=host,
        server_port=port,
        auth=auth,
        css=CSS,
        show_error=False,
        prevent_thread_lock=prevent_thread_lock,
        quiet=prevent_thread_lock,
        ssr_mode=False,
    )
    return demo
