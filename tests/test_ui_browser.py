"""The served UI, driven by real headless Chromium (Debian's) and by gradio_client.

The app runs in-process on a free loopback port over the bundled corpus (`indexed_home`).
Screenshots go to `test-artifacts/`. Without /usr/bin/chromium the browser tests skip, except in
CI (`CI=true`), where they fail.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app import ui_logic as L
from app.records import REFUSAL

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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def app_url(indexed_home: Path) -> Iterator[str]:
    """The whole UI served on loopback over the ingested bundled corpus."""
    from app import ui
    from app.settings import Settings

    port = _free_port()
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


def _last_reply(page: Any, before: int) -> str:
    """Wait for the assistant's next chat bubble and return its text."""
    page.wait_for_function(f'document.querySelectorAll("{BOT}").length > {before}')
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
    chip_text = chip.inner_text().split("] ", 1)[1].strip()
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
    page.locator("#tank-bedrooms input").fill("4")
    page.locator("#calc-tank-button").click()
    value = page.locator("#calc-tank-result .oa-value")
    value.wait_for()
    assert value.inner_text().startswith("1,200 gallons")
    assert "Hugo §404.04" in page.locator("#calc-tank-result").inner_text()


@pytest.mark.browser
def test_site_check_draws_the_site_picture(page: Any, app_url: str) -> None:
    page.goto(app_url)
    page.get_by_role("tab", name="Calculators").click()
    page.locator("#calc-jurisdiction input").click()
    page.get_by_role("option", name="Hugo").click()
    page.get_by_role("tab", name="Site check").click()
    page.get_by_label("Tank to well (ft; blank: skip)").fill("60")
    page.get_by_label("Soil area to property line (ft; blank: skip)").fill("5")
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
        "hugo", 4, None, False, False, False, api_name="/calc_tank"
    )
    assert "1,200 gallons" in html and "Hugo §404.04" in html


def test_api_reports_bad_calculator_input_as_a_message(app_url: str) -> None:
    from gradio_client import Client

    html = Client(app_url, verbose=False).predict(
        "hugo", 99, None, False, False, False, api_name="/calc_tank"
    )
    assert 'class="oa-error"' in html and "99" in html and "Traceback" not in html


def test_basic_auth_from_settings_guards_the_app(indexed_home: Path) -> None:
    import httpx
    from gradio_client import Client

    from app import ui
    from app.settings import Settings

    port = _free_port()
    settings = Settings(home=indexed_home, auth_user="staff", auth_password="s3cret")
    demo = ui.launch(settings, host="127.0.0.1", port=port, prevent_thread_lock=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        assert httpx.get(url + "config").status_code == 401
        client = Client(url, auth=("staff", "s3cret"), verbose=False)
        html = client.predict("hugo", 4, None, False, False, False, api_name="/calc_tank")
        assert "1,200 gallons" in html
    finally:
        demo.close()
