"""The served UI, driven by real headless Chromium (Debian's) and by gradio_client.

The app runs in-process on a free loopback port over the bundled corpus (`indexed_home`).
Screenshots go to `test-artifacts/`. Without /usr/bin/chromium the browser tests skip, except in
CI (`CI=true`), where they fail.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app import ui_logic as L
from app.records import REFUSAL
from evals.chroma_server import free_port

pytestmark = pytest.mark.slow  # every test here serves the app over the real index

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
TIMEOUT_MS = 60_000  # a generous ceiling for a slow CI machine, not a speed assertion
BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def app_url(indexed_home: Path) -> Iterator[str]:
    """The whole UI served on loopback over the ingested bundled corpus."""
    from app import ui
    from app.settings import Settings

    port = free_port()
    demo = ui.launch(
        Settings(home=indexed_home), host="127.0.0.1", port=port, prevent_thread_lock=True
    )
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        demo.close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing: run `make browser` (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=str(CHROMIUM),
            headless=True,
            args=BROWSER_ARGS,
            viewport={"width": 1400, "height": 1000},
        )
        ctx.set_default_timeout(TIMEOUT_MS)
        try:
            yield ctx
        finally:
            ctx.close()


@pytest.fixture
def page(browser: Any, app_url: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh tab; it saves a full-page screenshot named after the test when the test ends."""
    pg = browser.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on("dialog", lambda d: (errors.append(f"dialog: {d.message}"), d.dismiss()))
    pg.oa_errors = errors
    try:
        yield pg
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
        pg.close()


def _ask(page: Any, app_url: str, question: str) -> None:
    page.goto(app_url)
    box = page.locator("#question textarea")
    box.fill(question)
    box.press("Enter")


BOT = "#chat [data-testid='bot']"
PHONE = {"width": 390, "height": 844}


def _field(page: Any, elem_id: str) -> Any:
    """The text field of a form component (a one-line box renders as <input>, else <textarea>)."""
    return page.locator(f"#{elem_id} input, #{elem_id} textarea").first


def _pick(page: Any, elem_id: str, option: str) -> None:
    page.locator(f"#{elem_id} input").click()
    page.get_by_role("option", name=option, exact=True).click()


def _last_reply(page: Any, before: int) -> str:
    """Wait for the assistant's next chat bubble (not the pending one) and return its text."""
    page.wait_for_function(
        f'document.querySelectorAll("{BOT}").length > {before} && '
        f'!document.querySelector("#chat").innerText.includes("{L.PENDING.strip("_")}")'
    )
    return str(page.locator(BOT).last.inner_text())


@pytest.mark.browser
def test_question_answers_with_a_citation_that_opens_its_section(page: Any, app_url: str) -> None:
    _ask(page, app_url, "What size septic tank does a 4-bedroom house in Hugo need?")
    reply = _last_reply(page, 0)
    assert "1,200" in reply
    chip = page.locator("#citations label").filter(has_text="Hugo §404.04")
    chip.first.click()
    panel = page.locator("#section-panel .oa-section")
    panel.wait_for()
    assert panel.locator(".oa-section-label").inner_text().startswith("Hugo §404.04")
    assert "1,200" in panel.locator("mark#oa-quote").inner_text().replace(" ,", ",")
    assert page.oa_errors == []


EXPECTED_SECTION = {
    "Show me Chaska Section 98": "Chaska §98",
    "How long is a septic permit valid in Hugo?": "Hugo §803.05",
    "Where does it say pumping is required in Chaska?": "Chaska §121",
}


@pytest.mark.parametrize(
    "question",
    [
        pytest.param(q, id=f"{persona.split()[-1].lower()}-{i}")
        for persona, questions in L.EXAMPLES.items()
        for i, q in enumerate(questions)
    ],
)
@pytest.mark.browser
def test_example_questions_answer_with_citations_that_open(
    page: Any, app_url: str, question: str
) -> None:
    page.goto(app_url)
    page.get_by_role("button").filter(has_text=question[:40]).first.click()
    reply = _last_reply(page, 0)
    assert REFUSAL not in reply
    assert page.locator("#chat [data-testid='user']").last.inner_text().strip() == question
    chips = page.locator("#citations label")
    chips.first.wait_for()
    expected = EXPECTED_SECTION.get(question)
    chip = chips.filter(has_text=expected).first if expected else chips.first
    # the chip is "[n] <label>", then the quote's opening when a section is cited twice, then the page
    chip_text = chip.inner_text().split("] ", 1)[1].split(" · ")[0].split(" “")[0].strip()
    chip.click()
    label = page.locator("#section-panel .oa-section-label")
    label.wait_for()
    assert label.inner_text().startswith(expected or chip_text.split(":")[0])
    assert page.locator("#section-panel mark#oa-quote").count() == 1


@pytest.mark.browser
def test_tank_form_gives_1200_gallons_for_4_bedrooms_in_hugo(page: Any, app_url: str) -> None:
    page.goto(app_url)
    page.get_by_role("tab", name="Calculators").click()
    page.locator("#calc-jurisdiction input").click()
    page.get_by_role("option", name="Hugo").click()
    page.locator("#tank-bedrooms input, #tank-bedrooms textarea").first.fill("4")
    page.locator("#calc-tank-button").click()
    value = page.locator("#calc-tank-result .oa-value")
    value.wait_for()
    assert value.inner_text().startswith("1,200 gallons")
    assert "§404.04" in page.locator("#calc-tank-result").inner_text()  # the summary cites it
    assert "Hugo §404.04" in page.locator("#calc-tank-result").text_content()  # the provisions


@pytest.mark.browser
def test_site_check_draws_the_site_picture(page: Any, app_url: str) -> None:
    page.goto(app_url)
    page.get_by_role("tab", name="Calculators").click()
    page.locator("#calc-jurisdiction input").click()
    page.get_by_role("option", name="Hugo").click()
    page.get_by_role("tab", name="Site check").click()
    _field(page, "site-tank-to-well").fill("60")
    _field(page, "site-sta-to-property-line").fill("5")
    page.locator("#calc-site-button").click()
    page.locator("#calc-site-image img").wait_for()
    result = page.locator("#calc-site-result").inner_text()
    assert "passes" in result and "FAILS" in result


@pytest.mark.browser
def test_compare_table_has_cited_cells_and_a_csv(page: Any, app_url: str) -> None:
    page.goto(app_url)
    page.get_by_role("tab", name="Compare").click()
    page.locator("#compare-button").click()
    table = page.locator("#compare-table table")
    table.wait_for()
    text = table.inner_text()
    assert "1,250 gallons" in text and "1,200 gallons" in text and "Chaska §98" in text
    page.locator("#compare-csv").get_by_text(".csv").wait_for()


@pytest.mark.browser
def test_deep_link_opens_chaska_section_98(page: Any, app_url: str) -> None:
    page.goto(app_url + "?city=chaska&section=98")
    label = page.locator("#browse-view .oa-section-label")
    label.wait_for()
    assert label.inner_text().startswith("Chaska §98")
    text = page.locator("#browse-view .oa-section-text").inner_text()
    assert "Chapter 19 Page" not in text
    assert page.locator("#browse-tree a").count() > 20


@pytest.mark.browser
def test_deep_link_to_a_missing_section_shows_a_message(page: Any, app_url: str) -> None:
    page.goto(app_url + "?city=hugo&section=999.99")
    error = page.locator("#browse-view .oa-error")
    error.wait_for()
    assert "999.99" in error.inner_text()
    assert "Traceback" not in page.content()


@pytest.mark.browser
def test_browse_filter_narrows_the_section_tree(page: Any, app_url: str) -> None:
    page.goto(app_url + "?city=hugo")
    tree = page.locator("#browse-tree")
    tree.locator("a").first.wait_for()
    before = tree.locator("a").count()
    page.locator("#browse-filter textarea, #browse-filter input").first.fill("pumped")
    page.wait_for_function(
        f"document.querySelectorAll('#browse-tree a').length < {before}", timeout=TIMEOUT_MS
    )
    assert 0 < tree.locator("a").count() < before


@pytest.mark.browser
def test_script_in_a_question_is_shown_as_text(page: Any, app_url: str) -> None:
    evil = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">'
    _ask(page, app_url, f"{evil} tank size in Hugo?")
    page.locator("#chat").get_by_text("<script>window.__pwned=1</script>", exact=False).wait_for()
    _last_reply(page, 0)
    assert page.evaluate("window.__pwned") is None
    assert page.locator("#chat script").count() == 0
    assert page.locator("#chat img[src='x']").count() == 0
    assert page.oa_errors == []


@pytest.mark.browser
def test_sources_tab_lists_documents_and_disclaimer(page: Any, app_url: str) -> None:
    page.goto(app_url)
    page.get_by_role("tab", name="Sources").click()
    sources = page.locator("#sources")
    sources.get_by_text("Not legal advice").wait_for()
    for text in ("Chaska", "East Bethel", "Hugo", "89-256", "2014-11-05"):
        assert text in sources.inner_text()


def test_api_answers_a_question_with_citations(app_url: str) -> None:
    from gradio_client import Client

    client = Client(app_url, verbose=False)
    chat, box, _chips, _panel = client.predict(
        "What size septic tank does a 4-bedroom house in Hugo need?", "hugo", [], api_name="/ask"
    )
    assert box == ""
    reply = chat[-1]
    assert reply["role"] == "assistant"
    text = " ".join(block.get("text", "") for block in reply["content"])
    assert "1,200" in text and "Hugo §404.04" in text


def test_api_runs_the_tank_calculator(app_url: str) -> None:
    from gradio_client import Client

    html = Client(app_url, verbose=False).predict(
        "hugo", "4", "", False, False, False, api_name="/calc_tank"
    )
    assert "1,200 gallons" in html and "Hugo §404.04" in html


def test_api_reports_bad_calculator_input_as_a_message(app_url: str) -> None:
    from gradio_client import Client

    html = Client(app_url, verbose=False).predict(
        "hugo", "99", "", False, False, False, api_name="/calc_tank"
    )
    assert 'class="oa-error"' in html and "99" in html and "Traceback" not in html


def test_basic_auth_from_settings_guards_the_app(indexed_home: Path) -> None:
    import httpx
    from gradio_client import Client

    from app import ui
    from app.settings import Settings

    port = free_port()
    settings = Settings(home=indexed_home, auth_user="staff", auth_password="s3cret")
    demo = ui.launch(settings, host="127.0.0.1", port=port, prevent_thread_lock=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        assert httpx.get(url + "config").status_code == 401
        client = Client(url, auth=("staff", "s3cret"), verbose=False)
        html = client.predict("hugo", "4", "", False, False, False, api_name="/calc_tank")
        assert "1,200 gallons" in html
    finally:
        demo.close()


# --- the first hour of a resident, a staff member and a contractor (issue 11) -----------------

WIDTHS = [pytest.param(None, id="desktop"), pytest.param(PHONE, id="phone")]


_wait_reply_done = _last_reply


@pytest.mark.browser
@pytest.mark.parametrize("viewport", WIDTHS)
def test_a_city_named_in_the_question_wins_over_the_city_selected(
    page: Any, app_url: str, viewport: dict[str, int] | None
) -> None:
    if viewport:
        page.set_viewport_size(viewport)
    page.goto(app_url)
    _pick(page, "ask-jurisdiction", "Hugo")
    box = page.locator("#question textarea")
    box.fill("How long is a permit valid in Chaska?")
    box.press("Enter")
    reply = _wait_reply_done(page, 0)
    assert "twelve (12) months" in reply and "six (6)" not in reply
    assert "names Chaska but Hugo was selected" in reply
    assert page.locator("#citations label").filter(has_text="Chaska §106").count() == 1


@pytest.mark.browser
@pytest.mark.parametrize("viewport", WIDTHS)
def test_the_citations_of_an_earlier_answer_can_still_be_followed(
    page: Any, app_url: str, viewport: dict[str, int] | None
) -> None:
    if viewport:
        page.set_viewport_size(viewport)
    _ask(page, app_url, "What size septic tank does a 4-bedroom house in Hugo need?")
    _wait_reply_done(page, 0)
    box = page.locator("#question textarea")
    box.fill("How long is a permit valid in Chaska?")
    box.press("Enter")
    _wait_reply_done(page, 1)
    first = page.locator(BOT).first
    first.locator("a", has_text="[1]").first.click()  # the [1] in the first answer
    label = page.locator("#section-panel .oa-section-label")
    label.wait_for()
    page.wait_for_function(
        "document.querySelector('#section-panel .oa-section-label').innerText.startsWith('Hugo')"
    )
    assert label.inner_text().startswith("Hugo §404.04")
    assert "1,200" in page.locator("#section-panel mark#oa-quote").inner_text().replace(" ,", ",")
    assert page.url.rstrip("/") == app_url.rstrip("/")  # followed in place, the chat kept
    chips = [t.strip() for t in page.locator("#citations label").all_inner_texts()]
    assert any(t.startswith("Answer 1: [1] Hugo §404.04") for t in chips), chips
    assert any(t.startswith("Answer 2: [1] Chaska §106") for t in chips), chips
    assert len(set(chips)) == len(chips)
    assert page.oa_errors == []


@pytest.mark.browser
@pytest.mark.parametrize("viewport", WIDTHS)
def test_the_last_hugo_section_is_reachable_in_the_browse_tree(
    page: Any, app_url: str, indexed_home: Path, viewport: dict[str, int] | None
) -> None:
    from ingest.store import Corpus

    last = list(Corpus.load(indexed_home).sections("hugo"))[-1]
    if viewport:
        page.set_viewport_size(viewport)
    page.goto(app_url)
    page.get_by_role("tab", name="Browse").click()
    _pick(page, "browse-jurisdiction", "Hugo")
    link = page.locator(f'#browse-tree a[data-ref="{last.ref}"]')
    link.wait_for()
    link.scroll_into_view_if_needed()
    box = link.bounding_box()
    assert box is not None
    hit = page.evaluate(  # what a person would click there is the link, not a clipped box
        "([x, y]) => document.elementFromPoint(x, y)?.closest('a')?.dataset.ref ?? null",
        [box["x"] + min(box["width"], 20) / 2, box["y"] + box["height"] / 2],
    )
    assert hit == last.ref
    link.click()
    view = page.locator("#browse-view .oa-section-label")
    view.wait_for()
    assert view.inner_text().startswith(last.label)
    tree_text = page.locator("#browse-tree").inner_text()
    for heading in {p for s in Corpus.load(indexed_home).sections("hugo") for p in s.path[:1]}:
        assert tree_text.count(heading) == 1, heading


@pytest.mark.browser
@pytest.mark.parametrize("viewport", WIDTHS)
def test_a_calculator_error_is_in_the_forms_words(
    page: Any, app_url: str, viewport: dict[str, int] | None
) -> None:
    if viewport:
        page.set_viewport_size(viewport)
    page.goto(app_url)
    page.get_by_role("tab", name="Calculators").click()
    _pick(page, "calc-jurisdiction", "Hugo")
    assert _field(page, "tank-bedrooms").input_value() == ""  # a blank is blank, not 0
    page.locator("#calc-tank-button").click()
    error = page.locator("#calc-tank-result .oa-error")
    error.wait_for()
    text = error.inner_text()
    assert 'The septic tank calculator needs "Bedrooms"' in text
    for internal in ("bedrooms (", "daily_flow_gpd", "septic_tank_capacity", "ordinance "):
        assert internal not in text


@pytest.mark.browser
def test_the_site_pictures_ring_of_a_failing_distance_is_red(page: Any, app_url: str) -> None:
    import io

    from PIL import Image

    from app.site_plot import FAIL_COLOUR

    page.goto(app_url)
    page.get_by_role("tab", name="Calculators").click()
    _pick(page, "calc-jurisdiction", "Hugo")
    page.get_by_role("tab", name="Site check").click()
    _field(page, "site-tank-to-well").fill("60")
    _field(page, "site-sta-to-well").fill("80")  # Hugo requires 100 ft: fails
    page.locator("#calc-site-button").click()
    img = page.locator("#calc-site-image img")
    img.wait_for()
    rows = page.locator("#calc-site-result tr.oa-fails").all_inner_texts()
    assert any("soil treatment area" in r and "80 ft" in r for r in rows), rows
    src = str(img.get_attribute("src"))
    data = page.request.get(src if src.startswith("http") else app_url.rstrip("/") + src).body()
    picture = Image.open(io.BytesIO(data)).convert("RGB")
    red = tuple(int(FAIL_COLOUR[i : i + 2], 16) for i in (1, 3, 5))
    reds = sum(
        1
        for px in picture.get_flattened_data()
        if all(abs(a - b) <= 12 for a, b in zip(px, red, strict=True))
    )
    assert reds > 1000, f"the failing 100-ft ring is not drawn red ({reds} red pixels)"
    # the result comes after the picture, which is drawn first
    assert img.bounding_box()["y"] < page.locator("#calc-site-result").bounding_box()["y"]


@pytest.mark.browser
def test_on_a_phone_the_question_box_is_on_the_first_screen_and_every_tab_is_reachable(
    page: Any, app_url: str
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(app_url)
    box = page.locator("#question textarea")
    box.wait_for()
    area = box.bounding_box()
    assert area is not None and area["y"] + area["height"] <= PHONE["height"]
    assert page.evaluate("window.scrollY") == 0
    for name in ("Ask", "Calculators", "Compare", "Browse", "Sources"):
        tab = page.get_by_role("tab", name=name, exact=True)
        assert tab.is_visible(), name
        edge = tab.bounding_box()
        assert edge is not None and edge["x"] + edge["width"] <= PHONE["width"], name
    page.get_by_role("tab", name="Sources", exact=True).click()
    page.locator("#sources").get_by_text("Not legal advice").wait_for()
