"""The Gradio web UI: Ask, Calculators, Compare, Browse and Sources tabs.

This is the only module that imports gradio, and it stays a thin adapter: the assistant, the
corpus and the calculators do the work, :mod:`app.ui_logic` turns their records into escaped
HTML and markdown, and :mod:`app.site_plot` draws the site picture. User errors
(:class:`~core.errors.OrdinanceError`) become messages on the page; anything else is logged and
shown as a short generic message, never a traceback.
"""

from __future__ import annotations

import functools
import io
import logging
from collections.abc import Callable, Iterator
from typing import Any

import gradio as gr
from PIL import Image

from app import ui_calc as C
from app import ui_logic as L
from app.records import Answer, Citation
from app.settings import Settings
from app.site_plot import render_site_png
from core.errors import NoCuratedRulesError, OrdinanceError

log = logging.getLogger(__name__)

CSS = """
.oa-section mark { background: #fff3a3; padding: 0 2px; }
.oa-error { color: #8a1c1c; background: #fdecea; padding: 8px; border-radius: 6px; }
.oa-disclaimer { background: #eef4ff; padding: 8px; border-radius: 6px; margin-bottom: 8px; }
.oa-note { color: #57606a; font-size: 0.9em; }
.oa-sources td, .oa-sources th { vertical-align: top; padding: 4px 8px; }
.oa-section-text { max-height: 60vh; overflow-y: auto; }
#browse-tree { max-height: 70vh; overflow-y: auto; }
"""


def _ask_tab(svc: L.Services, choices: list[tuple[str, str]]) -> None:
    with gr.Row():
        with gr.Column(scale=3):
            juris = gr.Dropdown(
                choices, value=L.ALL, label="Jurisdiction", elem_id="ask-jurisdiction"
            )
            chat = gr.Chatbot(
                label="Ordinance Assistant",
                elem_id="chat",
                height=520,
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
            examples = [
                gr.Examples([[q] for q in questions], inputs=[box], label=f"Examples: {persona}")
                for persona, questions in L.EXAMPLES.items()
            ]
        with gr.Column(scale=2):
            panel = gr.HTML(L.PANEL_HINT, elem_id="section-panel")
    cites = gr.State([])
    answers = gr.State([])

    def ask(
        question: str, jurisdiction: str, chat_value: list[Any], past: list[Answer]
    ) -> Iterator[tuple[Any, ...]]:
        """Answer a question about the ordinances, with citations."""
        chat_value, past = list(chat_value or []), list(past or [])
        question = (question or "").strip()
        no_chips = gr.Radio(choices=[], value=None)
        if not question:
            yield chat_value, "", no_chips, [], past, L.PANEL_HINT
            return
        chat_value.append({"role": "user", "content": L.user_markdown(question)})
        pending = {"role": "assistant", "content": L.PENDING}
        yield [*chat_value, pending], "", no_chips, [], past, L.PANEL_HINT
        found: list[Citation] = []
        try:
            scope = None if jurisdiction in (None, L.ALL) else jurisdiction
            answer: Answer = svc.assistant.ask(question, jurisdiction=scope, history=past[-6:])
            reply, found = L.answer_markdown(answer), list(answer.citations)
            past.append(answer)
        except OrdinanceError as exc:
            reply = L.error_markdown(exc)
        except Exception:
            log.exception("ask failed for %r", question)
            reply = "**Error:** the assistant failed on this question; see the server log."
        chat_value.append({"role": "assistant", "content": reply})
        chips_update = gr.Radio(choices=L.citation_chips(found), value=None)
        yield chat_value, "", chips_update, found, past, L.PANEL_HINT

    def show_citation(chip: str | None, found: list[Citation]) -> str:
        """Open the cited section with the quote highlighted."""
        c = L.find_citation(found, chip)
        if c is None:
            return L.PANEL_HINT
        section = svc.corpus.get(c.jurisdiction, c.section if c.section is not None else c.title)
        return L.section_html(section, c.quote)

    ins, outs = [box, juris, chat, answers], [chat, box, chips, cites, answers, panel]
    box.submit(ask, ins, outs, api_name="ask")
    send.click(ask, ins, outs, api_visibility="private")
    for ex in examples:  # clicking an example asks it at once
        ex.load_input_event.then(ask, ins, outs, api_visibility="private")
    chat.clear(
        lambda: (gr.Radio(choices=[], value=None), [], [], L.PANEL_HINT),
        None,
        [chips, cites, answers, panel],
    )
    chips.input(L.guard(show_citation, L.error_html), [chips, cites], panel, api_name="citation")


def _num(label: str, value: float | None = None, *, whole: bool = False, **kw: Any) -> gr.Number:
    return gr.Number(value=value, label=label, precision=0 if whole else None, **kw)


def _calculators_tab(city_choices: list[tuple[str, str]], names: dict[str, str]) -> None:
    from tools.siting import WATERS, WELLS

    P = functools.partial
    first = city_choices[0][1] if city_choices else None
    juris = gr.Dropdown(city_choices, value=first, label="City", elem_id="calc-jurisdiction")

    def form(title: str, key: str, makers: list[Any], fn: Callable[..., Any], button: str) -> None:
        def run(*args: Any) -> str:
            try:
                return C.calc_result_html(fn(*args), names)
            except NoCuratedRulesError:  # an ingested city without rules: quote its text
                return C.no_rules_html(C.run_no_rules(key, args[0]), names)

        run.__doc__ = f"{title} calculator; returns the result as HTML."
        with gr.Tab(title, id=f"calc-{key}"):
            with gr.Row():
                with gr.Column():
                    inputs = [make() for make in makers]
                    go = gr.Button(button, variant="primary", elem_id=f"calc-{key}-button")
                with gr.Column():
                    out = gr.HTML(elem_id=f"calc-{key}-result")
            go.click(L.guard(run, L.error_html), [juris, *inputs], out, api_name=f"calc_{key}")

    with gr.Tabs():
        form("Septic tank", "tank", [
            P(_num, "Bedrooms", 3, whole=True, elem_id="tank-bedrooms"),
            P(_num, "Or daily flow (gallons per day), for other establishments", elem_id="tank-flow"),
            P(gr.Checkbox, label="Pressure distribution (pump tank)"),
            P(gr.Checkbox, label="Unfinished basement"), P(gr.Checkbox, label="Garbage disposal"),
        ], C.run_tank, "Size the tank")  # fmt: skip
        form("Design flow", "flow", [
            P(_num, "Bedrooms", 3, whole=True), P(gr.Checkbox, label="Garbage disposal"),
            P(gr.Checkbox, label="Unfinished basement"),
            P(gr.Dropdown, ["default", "I", "II", "III"], value="default", label="Dwelling class"),
        ], C.run_flow, "Compute the flow")  # fmt: skip
        form("Soil treatment area", "area", [
            P(_num, "Percolation rate (minutes per inch)", 20), P(_num, "Bedrooms", 3, whole=True),
            P(_num, "Or daily flow (gallons per day)"),
            P(gr.Dropdown, ["trench", "bed", "mound"], value="trench", label="System type"),
            P(gr.Dropdown, [12, 18, 24], value=12, label="Rock depth below pipe (inches)"),
            P(gr.Checkbox, label="Garbage disposal"),
        ], C.run_area, "Size the area")  # fmt: skip
        form("Pumping", "pumping", [
            P(_num, "Sludge top to outlet-baffle bottom (inches)", 15),
            P(_num, "Scum bottom to outlet-baffle bottom (inches)", 5),
        ], C.run_pumping, "Is pumping due?")  # fmt: skip
        with gr.Tab("Site check", id="calc-site"):
            with gr.Row():
                with gr.Column():
                    words = {"tank": "Tank", "sta": "Soil area", "property_line": "property line",
                             "water": "lake/river"}  # fmt: skip
                    dists = [
                        _num(f"{words[c]} to {words.get(f, f)} (ft; blank: skip)")
                        for c, f in C.SITE_FIELDS
                    ]
                    well = gr.Dropdown(list(WELLS), value=WELLS[0], label="Well type")
                    water = gr.Dropdown(
                        list(WATERS), value="unclassified_water", label="Water type"
                    )
                    go = gr.Button("Check the site", variant="primary", elem_id="calc-site-button")
                with gr.Column():
                    out = gr.HTML(elem_id="calc-site-result")
                    img = gr.Image(label="Site picture", type="pil", elem_id="calc-site-image")

            def site(j: str, *values: Any) -> tuple[str, Any]:
                """Check measured distances against the city's setbacks and draw the site."""
                try:
                    check = C.run_site_check(j, values[:-2], values[-2], values[-1])
                except NoCuratedRulesError:  # an ingested city without rules: quote its text
                    return C.no_rules_html(C.run_no_rules("setback", j), names), None
                png = render_site_png(check.rows, title=f"{names.get(j, j)}: site check")
                return C.site_check_html(check, names), Image.open(io.BytesIO(png))

            go.click(
                L.guard(site, lambda e: (L.error_html(e), None)),
                [juris, *dists, well, water],
                [out, img],
                api_name="calc_site",
            )


def _compare_tab(names: dict[str, str]) -> None:
    from tools.compare import TOPICS
    from tools.siting import FEATURES

    with gr.Row():
        topic = gr.Dropdown(list(TOPICS), value="tank", label="Topic", elem_id="compare-topic")
        fields = {
            "bedrooms": _num("Bedrooms", 4, whole=True),
            "perc_rate_min_per_inch": _num("Percolation rate (min/inch)", 20),
            "sludge_to_outlet_baffle_in": _num("Sludge to outlet baffle (in)", 15),
            "scum_to_outlet_baffle_in": _num("Scum to outlet baffle (in)", 5),
            "feature": gr.Dropdown(list(FEATURES), value="building", label="Setback feature"),
        }
    go = gr.Button("Compare", variant="primary", elem_id="compare-button")
    table = gr.HTML(elem_id="compare-table")
    csv_file = gr.File(label="Download CSV", elem_id="compare-csv")

    def run(t: str, *values: Any) -> tuple[str, str]:
        """Compare one topic across every city, with the provision behind every cell."""
        result = C.run_compare(t, dict(zip(fields, values, strict=True)))
        headers, rows = C.comparison_table(result, names)
        curated = [row.jurisdiction for row in result.rows]
        html = C.comparison_html(result, names) + C.no_rules_html(C.run_no_rules(t, None, curated))
        return html, C.write_csv(headers, rows, t)

    go.click(
        L.guard(run, lambda e: (L.error_html(e), None)),
        [topic, *fields.values()],
        [table, csv_file],
        api_name="compare",
    )


def _browse_tab(svc: L.Services, choices: list[tuple[str, str]]) -> dict[str, Any]:
    first = choices[0][1] if choices else None
    with gr.Row():
        with gr.Column(scale=2):
            juris = gr.Dropdown(
                choices, value=first, label="Ordinance", elem_id="browse-jurisdiction"
            )
            query = gr.Textbox(
                label="Filter sections", placeholder="e.g. pumping", elem_id="browse-filter"
            )
            section = gr.Dropdown(
                [], label="Section", elem_id="browse-section", allow_custom_value=True
            )
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

    guarded_listing = L.guard(listing, listing_error)
    juris.input(guarded_listing, [juris, query], [section, tree], api_name="browse")
    query.change(guarded_listing, [juris, query], [section, tree], api_visibility="private")
    section.input(L.guard(show, L.error_html), [juris, section], view, api_name="section")
    return {"juris": juris, "query": query, "section": section, "tree": tree, "view": view}


def _sources_tab(svc: L.Services) -> None:
    def render() -> str:
        corpus = svc.corpus
        entries = corpus.jurisdictions()
        counts = {k: len(list(corpus.sections(k))) for k in entries}
        return L.sources_html(entries, counts)

    gr.HTML(L.guard(render, L.error_html)(), elem_id="sources")


def build_demo(settings: Settings, services: L.Services | None = None) -> gr.Blocks:
    """Build the whole app. ``settings.home`` names the ingested corpus and index."""
    svc = services or L.Services(settings)
    from tools.calculators import configure

    configure(settings.rules_dir)
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
        names = {key: label for label, key in city_choices}
        with gr.Tabs(selected="ask", elem_id="tabs") as tabs:
            with gr.Tab("Ask", id="ask"):
                _ask_tab(svc, choices)
            with gr.Tab("Calculators", id="calculators"):
                _calculators_tab(city_choices, names)
            with gr.Tab("Compare", id="compare"):
                _compare_tab(names)
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


def _listing(svc: L.Services, jurisdiction: str) -> tuple[list[tuple[str, str]], str]:
    sections = list(svc.corpus.sections(jurisdiction))
    return L.section_choices(sections), L.section_tree_html(sections)


def launch(
    settings: Settings,
    *,
    host: str,
    port: int,
    prevent_thread_lock: bool = False,
    services: L.Services | None = None,
) -> gr.Blocks:
    """Build and serve the app on ``host:port`` (basic auth when both auth settings are set).

    The index and the embedding model are opened before serving, so the first answer is fast."""
    svc = services or L.Services(settings)
    try:
        svc.assistant.warm()
    except OrdinanceError as exc:
        log.warning("could not open the index: %s", exc)
    demo = build_demo(settings, svc)
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
        quiet=True,
        ssr_mode=False,
    )
    return demo
