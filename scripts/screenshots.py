"""Screenshots of every tab of the web UI at desktop (1400 px) and phone (390 px) width.

    make screenshots            # ingests if needed, then writes test-artifacts/screenshots/*.png

Serves the app in-process on a free loopback port over ORDINANCE_HOME (the ingested corpus),
drives Debian's headless Chromium through each tab with a representative action (a question and
a follow-up, a calculator, a site check, a comparison, the last section of the last ordinance)
and saves one full-page PNG per tab and width, for a reviewer to look at.
"""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "test-artifacts" / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
WIDTHS = {"desktop": (1400, 1000), "phone": (390, 844)}
TIMEOUT_MS = 90_000


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _tab(page: Any, name: str) -> None:
    page.get_by_role("tab", name=name).first.click()
    page.wait_for_timeout(400)


def _shoot(page: Any, width: str, name: str) -> None:
    path = OUT / f"{width}-{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"wrote {path.relative_to(ROOT)}")


def _ask(page: Any, question: str, before: int) -> None:
    box = page.locator("#question textarea")
    box.fill(question)
    box.press("Enter")
    page.wait_for_function(
        f'document.querySelectorAll("#chat [data-testid=bot]").length > {before} && '
        '!document.querySelector("#chat").innerText.includes("Looking up the ordinances")'
    )


def run(url: str) -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        for width, (w, h) in WIDTHS.items():
            page = browser.new_page(viewport={"width": w, "height": h})
            page.set_default_timeout(TIMEOUT_MS)
            page.goto(url)
            page.locator("#question textarea").wait_for()
            page.screenshot(path=str(OUT / f"{width}-first-screen.png"))
            print(f"wrote {(OUT / f'{width}-first-screen.png').relative_to(ROOT)}")
            _ask(page, "What size septic tank does a 4-bedroom house in Hugo need?", 0)
            _ask(page, "How long is a permit valid in Chaska?", 1)
            page.locator("#citations label").first.click()
            page.locator("#section-panel .oa-section").wait_for()
            _shoot(page, width, "ask")

            _tab(page, "Calculators")
            page.locator("#calc-jurisdiction input").click()
            page.get_by_role("option", name="Hugo").click()
            page.locator("#tank-bedrooms input").fill("4")
            page.locator("#calc-tank-button").click()
            page.locator("#calc-tank-result .oa-value").wait_for()
            _shoot(page, width, "calculators-tank")
            _tab(page, "Site check")
            page.locator("#site-tank-to-well input").fill("60")
            page.locator("#site-sta-to-well input").fill("80")
            page.locator("#site-sta-to-property-line input").fill("5")
            page.locator("#calc-site-button").click()
            page.locator("#calc-site-image img").wait_for()
            _shoot(page, width, "calculators-site")

            _tab(page, "Compare")
            page.locator("#compare-button").click()
            page.locator("#compare-table table").wait_for()
            _shoot(page, width, "compare")

            _tab(page, "Browse")
            page.locator("#browse-tree a").first.wait_for()
            page.locator("#browse-tree a").last.click()
            page.locator("#browse-view .oa-section").wait_for()
            _shoot(page, width, "browse")

            _tab(page, "Sources")
            page.locator("#sources").get_by_text("Not legal advice").wait_for()
            _shoot(page, width, "sources")
            page.close()
        browser.close()


def main() -> int:
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: run `make browser`", file=sys.stderr)
        return 1
    from app import ui
    from app.settings import get_settings

    port = _free_port()
    demo = ui.launch(get_settings(), host="127.0.0.1", port=port, prevent_thread_lock=True)
    try:
        run(f"http://127.0.0.1:{port}/")
    finally:
        demo.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
