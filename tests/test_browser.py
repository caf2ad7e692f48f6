"""A real browser against the real app: ask, watch the answer stream, open a citation."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from .conftest import free_port, serve_process

pytestmark = [pytest.mark.slow, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def app_url(real_settings, tmp_path_factory):
    port = free_port()
    env = {**os.environ, "PAPERCHAT_INDEX": str(real_settings.index_dir)}
    url = f"http://127.0.0.1:{port}/"
    with serve_process([sys.executable, str(ROOT / "app.py"), "--port", str(port)], url,
                       tmp_path_factory.mktemp("app") / "app.log", env=env):
        yield url


def test_ask_stream_and_open_a_citation(app_url, tmp_path) -> None:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing: `make browser` installs Debian's chromium")
        pytest.skip("no /usr/bin/chromium (make browser installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(app_url)
        page.fill("#question textarea", "Which papers are about speculative decoding, and how do they differ?")
        page.click("#ask")
        page.wait_for_selector("#sources #src-1", timeout=60_000)  # sources come first
        page.wait_for_function("document.querySelector('#chat').innerText.includes('verified against')",
                               timeout=240_000)
        assert "PEARL" in page.inner_text("#chat")
        page.locator('#chat a[href="#src-1"]').first.click()
        page.wait_for_function("document.getElementById('src-1').dataset.opened", timeout=15_000)
        assert "PEARL" in page.inner_text("#src-1")
        assert page.locator("#src-1 details").get_attribute("open") is not None
        # the comparison table: a cell opens its source with that very sentence highlighted
        assert page.locator("#chat table").count() >= 1
        cell = page.locator('#chat table a[href^="#src-2.s"]').first
        href = cell.get_attribute("href")
        cell_text = cell.inner_text().strip("“”…")
        cell.click()
        page.wait_for_function("document.getElementById('src-2').dataset.sentence !== undefined", timeout=15_000)
        highlighted = page.inner_text("#src-2 .s.hl")
        assert href.endswith(f".s{page.get_attribute('#src-2', 'data-sentence')}")
        assert cell_text[:40] in highlighted
        shot = tmp_path / "paperchat.png"  # the comparison, with its table and the highlighted sentence
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000
        if os.environ.get("PAPERCHAT_SCREENSHOT"):
            shutil.copy(shot, os.environ["PAPERCHAT_SCREENSHOT"])
        # a follow-up that narrows the papers shown by venue: the sources panel holds only those
        before = page.locator("#sources .src[id^=src-]").count()
        done = page.inner_text("#chat").count("verified against")
        page.fill("#question textarea", "Which of these came out at ICLR 2025?")
        page.click("#ask")
        page.wait_for_function(f"(document.querySelector('#chat').innerText.match(/verified against|has no paper|"
                               f"None of the papers/g) || []).length > {done}", timeout=240_000)
        cards = page.locator("#sources .src[id^=src-]")
        assert 0 < cards.count() <= before
        for i in range(cards.count()):
            assert "ICLR 2025" in cards.nth(i).inner_text()
        browser.close()
