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
from app.login import LoginCheck
from app.records import Answer
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
.oa-tree { max-height: 65vh; overflow-y: auto; border: 1px solid #d0d7de; border-radius: 6px;
           padding: 4px 8px; }
.oa-tree ul { list-style: none; margin: 0; padding-left: 1.1em; }
.oa-tree > ul { padding-left: 0; }
.oa-tree li { margin: 3px 0; }
.oa-tree summary { cursor: pointer; }
.oa-scroll, .oa-sources-wrap { overflow-x: auto; }
.oa-cited summary { cursor: pointer; font-weight: 600; margin-top: 8px; }
@media (max-width: 640px) {
  .tab-container button { padding: 0 8px !important; }
  .oa-title h1 { font-size: 1.4em; margin: 0; }
  .oa-title p { font-size: 0.85em; margin: 2px 0; }
  #chat { height: 55vh !important; }
}
"""

HEAD = """
<script>
(() => {
  // Citation links in the chat and section links in the Browse tree open in place: the link
  // names what to open, a hidden field carries it to the server (the href still works alone).
  function pick(id, value) {
    const el = document.querySelector(`#${id} textarea, #${id} input`);
    if (!el) return false;
    el.value = value + "|" + Date.now();
    el.dispatchEvent(new Event("input", { bubbles: true }));
    return true;
  }
  document.addEventListener("click", (event) => {
    const a = event.target.closest && event.target.closest("a[href]");
    if (!a) return;
    const url = new URL(a.getAttribute("href"), window.location.href);
    if (a.closest("#chat") && url.searchParams.get("cite")) {
      if (pick("cite-pick", url.searchParams.get("cite"))) {
        event.preventDefault();
        event.stopPropagation();
        const panel = document.querySelector("#section-panel");
        if (panel && window.innerWidth < 700) panel.scrollIntoView({ block: "start" });
      }
    } else if (a.closest("#browse-tree") && a.dataset.ref) {
      if (pick("browse-pick", a.dataset.city + "|" + a.dataset.ref)) {
        event.preventDefault();
        event.stopPropagation();
      }
    }
  }, true);
})();
</script>
"""


def _picker(elem_id: str) -> gr.Textbox:
    """A hidden field the page's script fills when a link is clicked (see HEAD)."""
    return gr.Textbox(visible="hidden", elem_id=elem_id, show_label=False, container=False)


def _ask_tab(svc: L.Services, choices: list[tuple[str, str]]) -> None:
    with gr.Row(equal_height=False):
        with gr.Column(scale=3, min_width=300):
            with gr.Row(equal_height=True):
                box = gr.Textbox(
                    label="Your question",
                    placeholder="e.g. What size septic tank does a 4-bedroom house in Hugo need?",
                    elem_id="question",
                    lines=1,
                    scale=5,
                    min_width=200,
                    autofocus=True,
                )
                send = gr.Button(
                    "Ask", variant="primary", elem_id="ask-button", scale=1, min_width=70
                )
            juris = gr.Dropdown(
                choices,
                value=L.ALL,
                label="City (a city named in the question takes precedence)",
                elem_id="ask-jurisdiction",
            )
            chat = gr.Chatbot(
                label="Ordinance Assistant",
                elem_id="chat",
                height=480,
                latex_delimiters=[],
                allow_tags=False,
                feedback_options=None,
                buttons=["copy"],
            )
            chips = gr.Radio(
                [], label="Sources of the answers: select one to read it", elem_id="citations"
            )
        with gr.Column(scale=2, min_width=300):
            panel = gr.HTML(L.PANEL_HINT, elem_id="section-panel")
    pick = _picker("cite-pick")
    with gr.Accordion("Example questions", open=True, elem_id="examples"):
        examples = [
            gr.Examples([[q] for q in questions], inputs=[box], label=persona)
            for persona, questions in L.EXAMPLES.items()
        ]
    answers = gr.State([])

    def pages_of(past: list[Answer]) -> dict[tuple[str, str], str]:
        pages: dict[tuple[str, str], str] = {}
        for a in past:
            for c in a.citations:
                if (c.jurisdiction, c.label) in pages:
                    continue
                try:
                    ref = c.section if c.section is not None else c.title
                    pages[(c.jurisdiction, c.label)] = L.page_text(
                        svc.corpus.get(c.jurisdiction, ref)
                    )
                except OrdinanceError:
                    continue
        return pages

    def ask(
        question: str, jurisdiction: str, chat_value: list[Any], past: list[Answer]
    ) -> Iterator[tuple[Any, ...]]:
        """Answer a question about the ordinances, with citations."""
        chat_value, past = list(chat_value or []), list(past or [])
        question = (question or "").strip()
        if not question:
            yield chat_value, "", gr.skip(), past, gr.skip()
            return
        chat_value.append({"role": "user", "content": L.user_markdown(question)})
        pending = {"role": "assistant", "content": L.PENDING}
        yield [*chat_value, pending], "", gr.skip(), past, gr.skip()
        try:
            scope = None if jurisdiction in (None, L.ALL) else jurisdiction
            answer: Answer = svc.assistant.ask(question, jurisdiction=scope, history=past[-6:])
            past.append(answer)
            reply = L.answer_markdown(answer, len(past))
        except OrdinanceError as exc:
            reply = L.error_markdown(exc)
        except Exception:
            log.exception("ask failed for %r", question)
            reply = "**Error:** the assistant failed on this question; please try again."
        chat_value.append({"role": "assistant", "content": reply})
        chips_update = gr.Radio(choices=L.conversation_chips(past, pages_of(past)), value=None)
        yield chat_value, "", chips_update, past, gr.skip()

    def show_citation(key: str | None, past: list[Answer]) -> str:
        """Open the cited section with the quote highlighted."""
        c = L.find_cited(past or [], key)
        if c is None:
            return L.PANEL_HINT
        section = svc.corpus.get(c.jurisdiction, c.section if c.section is not None else c.title)
        return L.section_html(section, c.quote)

    def open_link(value: str | None, past: list[Answer]) -> tuple[str, Any]:
        """A [n] clicked in the chat: the provision in the panel, its chip selected."""
        key = (value or "").split("|", 1)[0]
        return show_citation(key, past), gr.Radio(value=key)

    ins, outs = [box, juris, chat, answers], [chat, box, chips, answers, panel]
    box.submit(ask, ins, outs, api_name="ask")
    send.click(ask, ins, outs, api_visibility="private")
    for ex in examples:  # clicking an example asks it at once
        ex.load_input_event.then(ask, ins, outs, api_visibility="private")
    chat.clear(
        lambda: (gr.Radio(choices=[], value=None), [], L.PANEL_HINT),
        None,
        [chips, answers, panel],
    )
    chips.input(L.guard(show_citation, L.error_html), [chips, answers], panel, api_name="citation")
    pick.change(
        L.guard(open_link, lambda e: (L.error_html(e), gr.skip())),
        [pick, answers],
        [panel, chips],
        api_visibility="private",
    )


def _num(label: str, elem_id: str | None = None, value: str = "", hint: str = "") -> gr.Textbox:
    """A number field that can be left blank (a text box: blank stays blank, never 0)."""
    return gr.Textbox(
        value=value,
        label=label,
        placeholder=hint or "blank: not given",
        lines=1,
        max_lines=1,
        elem_id=elem_id,
        elem_classes=["oa-number"],
    )


_SYSTEMS = [("Trench", "trench"), ("Bed", "bed"), ("Mound", "mound")]
_ROCK = [("12 inches", "12"), ("18 inches", "18"), ("24 inches", "24")]
_CLASSES = [("Not stated (the city's default)", "default"), ("Class I", "I"), ("Class II", "II"),
            ("Class III", "III")]  # fmt: skip
_COMPONENTS = [("Septic tank", "tank"), ("Soil treatment area", "soil_treatment_area")]


def _feature_choices(keys: Any) -> list[tuple[str, str]]:
    from tools.siting import FEATURES

    return [(FEATURES.get(k, k.replace("_", " ")).capitalize(), k) for k in keys]


def _calculators_tab(city_choices: list[tuple[str, str]], names: dict[str, str]) -> None:
    from tools.siting import WATERS, WELLS

    P = functools.partial
    first = city_choices[0][1] if city_choices else None
    juris = gr.Dropdown(city_choices, value=first, label="City", elem_id="calc-jurisdiction")
    flag = P(gr.Checkbox)

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

    beds = "Bedrooms (a dwelling)"
    flow = "Or daily flow, gallons per day (another establishment)"
    with gr.Tabs(overflow_behavior="wrap"):
        form("Septic tank", "tank", [
            P(_num, beds, "tank-bedrooms", hint="e.g. 3"), P(_num, flow, "tank-flow"),
            P(flag, label="Pressure distribution (pump tank)"),
            P(flag, label="Unfinished basement"), P(flag, label="Garbage disposal"),
        ], C.run_tank, "Size the tank")  # fmt: skip
        form("Design flow", "flow", [
            P(_num, "Bedrooms", "flow-bedrooms", hint="e.g. 3"), P(flag, label="Garbage disposal"),
            P(flag, label="Unfinished basement"),
            P(gr.Dropdown, _CLASSES, value="default", label="Dwelling class"),
        ], C.run_flow, "Compute the flow")  # fmt: skip
        form("Soil treatment area", "area", [
            P(_num, "Percolation rate, minutes per inch", "area-perc", hint="e.g. 20"),
            P(_num, beds, "area-bedrooms", hint="e.g. 3"), P(_num, flow, "area-flow"),
            P(gr.Dropdown, _SYSTEMS, value="trench", label="System type"),
            P(gr.Dropdown, _ROCK, value="12", label="Rock below the distribution pipe"),
            P(_num, "Base area from the state table, sq ft (where the city's text has no table)",
              "area-base"),
            P(flag, label="Garbage disposal"), P(flag, label="Unfinished basement"),
        ], C.run_area, "Size the area")  # fmt: skip
        form("Vertical separation", "separation", [
            P(_num, "Percolation rate, minutes per inch", "separation-perc", hint="e.g. 20"),
            P(flag, label="An existing system (compliance inspection)"),
        ], C.run_separation, "Find the separation")  # fmt: skip
        form("Holding tank", "holding", [
            P(_num, beds, "holding-bedrooms", hint="e.g. 3"), P(_num, flow, "holding-flow"),
        ], C.run_holding, "Size the holding tank")  # fmt: skip
        form("Pumping", "pumping", [
            P(_num, "Top of sludge to bottom of outlet baffle, inches", "pumping-sludge",
              hint="e.g. 15"),
            P(_num, "Bottom of scum to bottom of outlet baffle, inches", "pumping-scum",
              hint="e.g. 5"),
        ], C.run_pumping, "Is pumping due?")  # fmt: skip
        with gr.Tab("Site check", id="calc-site"):
            with gr.Row():
                with gr.Column():
                    gr.Markdown("Measured distances in feet; leave blank what you did not measure.")
                    words = {"tank": "Septic tank", "sta": "Soil treatment area",
                             "property_line": "property line", "water": "lake or river"}  # fmt: skip
                    dists = [
                        _num(
                            f"{words[c]} to {words.get(f, f)}",
                            f"site-{c}-to-{f.replace('_', '-')}",
                            hint="feet",
                        )
                        for c, f in C.SITE_FIELDS
                    ]
                    well = gr.Dropdown(
                        _feature_choices(WELLS), value=WELLS[0], label="Kind of well"
                    )
                    water = gr.Dropdown(
                        _feature_choices(WATERS),
                        value="unclassified_water",
                        label="Kind of lake or river",
                    )
                    go = gr.Button("Check the site", variant="primary", elem_id="calc-site-button")
                with gr.Column():
                    img = gr.Image(
                        label="Site picture",
                        type="pil",
                        format="png",
                        elem_id="calc-site-image",
                        height=420,
                    )
                    out = gr.HTML(elem_id="calc-site-result")

            def site(j: str, *values: Any) -> tuple[Any, str]:
                """Check measured distances against the city's setbacks and draw the site."""
                try:
                    check = C.run_site_check(j, values[:-2], values[-2], values[-1])
                except NoCuratedRulesError:  # an ingested city without rules: quote its text
                    return None, C.no_rules_html(C.run_no_rules("setback", j), names)
                png = render_site_png(check.rows, title=f"{names.get(j, j)}: site check")
                return Image.open(io.BytesIO(png)), C.site_check_html(check, names)

            go.click(
                L.guard(site, lambda e: (None, L.error_html(e))),
                [juris, *dists, well, water],
                [img, out],
                api_name="calc_site",
            )
        _rule_tab(juris, names)


def _rule_tab(juris: Any, names: dict[str, str]) -> None:
    """Any data rule of the city: its form lists every input the rule needs."""
    first = C.rule_choices(juris.value) if juris.value else []
    start = first[0][1] if first else None
    with gr.Tab("Any rule", id="calc-rule"), gr.Row():
        with gr.Column():
            rule = gr.Dropdown(first, value=start, label="Rule", elem_id="calc-rule-id")
            form = gr.Textbox(
                C.rule_template(juris.value, start) if start else "",
                label="Inputs (name = value)",
                lines=8,
                elem_id="calc-rule-form",
            )
            go = gr.Button("Apply the rule", variant="primary", elem_id="calc-rule-button")
        with gr.Column():
            out = gr.HTML(elem_id="calc-rule-result")

    def rules(j: str | None) -> Any:
        choices = C.rule_choices(j) if j else []
        return gr.Dropdown(choices=choices, value=choices[0][1] if choices else None)

    def template(j: str | None, r: str | None) -> str:
        return C.rule_template(j, r) if j and r else ""

    def run(j: str, r: str, filled: str) -> str:
        """Apply one data rule of a city to the filled form; returns the result as HTML."""
        return C.calc_result_html(C.run_rule(j, r, filled), names)

    juris.change(rules, juris, rule, api_visibility="private")
    rule.change(template, [juris, rule], form, api_visibility="private")
    go.click(L.guard(run, L.error_html), [juris, rule, form], out, api_name="calc_rule")


def _compare_tab(names: dict[str, str]) -> None:
    from tools.siting import FEATURES

    topic = gr.Dropdown(
        C.topic_choices(), value="tank", label="Compare every city on", elem_id="compare-topic"
    )
    needed = set(C.compare_inputs("tank"))
    with gr.Row():
        fields: dict[str, Any] = {
            "bedrooms": _num("Bedrooms", "compare-bedrooms", value="4"),
            "daily_flow_gpd": _num("Or daily flow, gallons per day", "compare-flow"),
            "perc_rate_min_per_inch": _num("Percolation rate, minutes per inch", "compare-perc",
                                           value="20"),
            "system_type": gr.Dropdown(_SYSTEMS, value="trench", label="System type"),
            "rock_depth_in": gr.Dropdown(_ROCK, value="12", label="Rock below the pipe"),
            "base_area_sqft": _num("Base area from the state table, sq ft", "compare-base"),
            "existing_system": gr.Checkbox(label="An existing system"),
            "sludge_to_outlet_baffle_in": _num("Sludge to outlet baffle, inches", value="15"),
            "scum_to_outlet_baffle_in": _num("Scum to outlet baffle, inches", value="5"),
            "feature": gr.Dropdown(_feature_choices(FEATURES), value="building",
                                   label="Setback from"),
            "component": gr.Dropdown([*_COMPONENTS, ("Both", "")], value="", label="Measured from"),
        }  # fmt: skip
    for name, field in fields.items():
        field.visible = name in needed
    go = gr.Button("Compare", variant="primary", elem_id="compare-button")
    table = gr.HTML(elem_id="compare-table")
    csv_file = gr.File(label="Download CSV", elem_id="compare-csv")

    def show_inputs(t: str) -> list[Any]:
        """Only the inputs the chosen topic takes."""
        wanted = set(C.compare_inputs(t))
        return [gr.update(visible=name in wanted) for name in fields]

    def run(t: str, *values: Any) -> tuple[str, str]:
        """Compare one topic across every city, with the provision behind every cell."""
        result = C.run_compare(t, dict(zip(fields, values, strict=True)))
        headers, rows = C.comparison_table(result, names)
        curated = [row.jurisdiction for row in result.rows]
        html = C.comparison_html(result, names) + C.no_rules_html(C.run_no_rules(t, None, curated))
        return html, C.write_csv(headers, rows, t)

    topic.change(show_inputs, topic, list(fields.values()), api_visibility="private")
    go.click(
        L.guard(run, lambda e: (L.error_html(e), None)),
        [topic, *fields.values()],
        [table, csv_file],
        api_name="compare",
    )


def _browse_tab(svc: L.Services, choices: list[tuple[str, str]]) -> dict[str, Any]:
    first = choices[0][1] if choices else None
    with gr.Row(equal_height=False):
        with gr.Column(scale=2, min_width=300):
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
        with gr.Column(scale=3, min_width=300):
            view = gr.HTML(
                '<p class="oa-note">Pick a section to read it.</p>', elem_id="browse-view"
            )
    pick = _picker("browse-pick")

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

    def open_link(value: str | None) -> tuple[Any, Any, str]:
        """A section clicked in the tree: its text, and the selectors set to it."""
        city, _, rest = (value or "").partition("|")
        ref = rest.rpartition("|")[0] or rest
        return gr.Dropdown(value=city), gr.Dropdown(value=ref), show(city, ref)

    def listing_error(exc: Exception) -> tuple[Any, str]:
        return gr.Dropdown(choices=[], value=None), L.error_html(exc)

    guarded_listing = L.guard(listing, listing_error)
    juris.input(guarded_listing, [juris, query], [section, tree], api_name="browse")
    query.change(guarded_listing, [juris, query], [section, tree], api_visibility="private")
    section.input(L.guard(show, L.error_html), [juris, section], view, api_name="section")
    pick.change(
        L.guard(open_link, lambda e: (gr.skip(), gr.skip(), L.error_html(e))),
        pick,
        [juris, section, view],
        api_visibility="private",
    )
    return {"juris": juris, "query": query, "section": section, "tree": tree, "view": view}


def _sources_tab(svc: L.Services) -> None:
    def render() -> str:
        corpus = svc.corpus
        entries = corpus.jurisdictions()
        counts = L.section_counts(corpus)
        return L.sources_html(entries, counts)

    gr.HTML(L.guard(render, L.error_html)(), elem_id="sources")


def build_demo(settings: Settings, services: L.Services | None = None) -> gr.Blocks:
    """Build the whole app. ``settings.home`` names the ingested corpus and index."""
    svc = services or L.Services(settings)
    from app.uncurated import extracted_provider
    from tools import base
    from tools.calculators import configure

    configure(settings.rules_dir)
    base.use_extracted(extracted_provider(lambda key: svc.corpus.document(key)))
    try:
        choices = L.jurisdiction_choices(svc.corpus.jurisdictions())
        startup_error = ""
    except OrdinanceError as exc:
        choices, startup_error = [("All", L.ALL)], L.error_html(exc)

    with gr.Blocks(title="Ordinance Assistant") as demo:
        gr.Markdown(
            elem_classes=["oa-title"],
            value="# Ordinance Assistant\nSewer and septic ordinances of "
            + (
                ", ".join(L.md_escape(label) for label, key in choices if key != L.ALL)
                or "no city yet"
            )
            + ", answered with the sections they rest on. Not legal advice.",
        )
        if startup_error:
            gr.HTML(startup_error, elem_id="startup-error")
        city_choices = [c for c in choices if c[1] != L.ALL]
        names = {key: label for label, key in city_choices}
        with gr.Tabs(selected="ask", elem_id="tabs", overflow_behavior="wrap") as tabs:
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
    """Build and serve the app on ``host:port`` (Gradio's login form, with wrong passwords
    throttled, when both auth settings are set).

    The index and the embedding model are opened before serving, so the first answer is fast."""
    svc = services or L.Services(settings)
    try:
        svc.assistant.warm()
    except OrdinanceError as exc:
        log.warning("could not open the index: %s", exc)
    demo = build_demo(settings, svc)
    auth = None
    if settings.auth_user and settings.auth_password:
        auth = LoginCheck(settings.auth_user, settings.auth_password)
    demo.queue(default_concurrency_limit=4)
    demo.launch(
        server_name=host,
        server_port=port,
        auth=auth,
        css=CSS,
        head=HEAD,
        show_error=False,
        prevent_thread_lock=prevent_thread_lock,
        quiet=True,
        ssr_mode=False,
    )
    return demo
