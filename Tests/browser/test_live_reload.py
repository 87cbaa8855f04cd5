"""`stacks serve` in a real browser: the injected script reloads a page when its file changes,
keeping where the page was scrolled; it shows a failed rebuild's errors in an overlay, escaped,
and removes it when the error is fixed; it reconnects (and reloads) after the server restarts.

Runs its own `stacks serve` on a copy of the example catalog and its own headless Chromium
(the suite's shared browser counts console errors, and a restarting server makes some).
Uses STACKS, or the debug build scripts/test-browser makes.
"""
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
STACKS = os.environ.get("STACKS", str(REPO / ".build/debug/stacks"))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Preview:
    """A `stacks serve` process on a port of its own."""

    def __init__(self, folder, port):
        self.folder, self.port, self.process = folder, port, None

    def start(self):
        self.log = open(self.folder / "serve.log", "a")
        self.process = subprocess.Popen([STACKS, "serve", "--port", str(self.port)], cwd=self.folder,
                                        stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=1)
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("stacks serve did not start: " + (self.folder / "serve.log").read_text())

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            self.process.wait(timeout=10)
        self.log.close()


@pytest.fixture
def preview():
    if not os.access(STACKS, os.X_OK):
        pytest.skip(f"no stacks binary at {STACKS}")
    folder = Path(tempfile.mkdtemp(prefix="stacks-live-"))
    subprocess.run([STACKS, "init", str(folder / "site")], check=True, stdout=subprocess.DEVNULL)
    sun = folder / "site/content/weather/sun.md"
    # A long page, so that there is somewhere to scroll to.
    sun.write_text(sun.read_text() + "".join(f"\n\nParagraph {n} of a long text." for n in range(150)) + "\n")
    server = Preview(folder / "site", free_port())
    server.start()
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or ""
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1440,900", "--no-first-run"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=shutil.which("chromedriver")))
    yield driver
    driver.quit()


def wait(driver, condition, message, timeout=15):
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: condition(), message)


SCROLLER = """
    const candidates = [...document.querySelectorAll('[data-column]'), document.scrollingElement];
    return candidates.find((e) => e.scrollHeight > e.clientHeight + 400
        && getComputedStyle(e).overflowY !== 'hidden' && getComputedStyle(e).overflowY !== 'visible'
        || e === document.scrollingElement && e.scrollHeight > e.clientHeight + 400);
"""


def test_an_edit_reloads_the_page_where_it_was_scrolled(preview, driver):
    sun = preview.folder / "content/weather/sun.md"
    driver.get(f"http://127.0.0.1:{preview.port}/weather/sun/")
    time.sleep(0.5)  # the script connects
    driver.execute_script("const e = (function () {" + SCROLLER + "})(); e.scrollTop = 600; window.scroller = e;")
    before = driver.execute_script("return window.scroller.scrollTop")
    assert before > 500
    driver.execute_script("window.notReloaded = true")

    sun.write_text(sun.read_text() + "\n\nLive edit marker.\n")
    wait(driver, lambda: "Live edit marker" in driver.page_source, "the page did not reload with the edit")
    assert driver.execute_script("return window.notReloaded") is None
    after = driver.execute_script("return (function () {" + SCROLLER + "})().scrollTop")
    assert abs(after - before) < 5, f"scrolled to {after}, was {before}"


def test_an_edit_elsewhere_does_not_reload_the_page(preview, driver):
    driver.get(f"http://127.0.0.1:{preview.port}/weather/sun/")
    time.sleep(0.5)
    driver.execute_script("window.notReloaded = true")
    wind = preview.folder / "content/traffic/car.md"
    wind.write_text(wind.read_text() + "\n\nA body edit on another page.\n")
    time.sleep(1.5)
    assert driver.execute_script("return window.notReloaded") is True


def test_a_failed_rebuild_shows_an_escaped_overlay_until_fixed(preview, driver):
    sun = preview.folder / "content/weather/sun.md"
    good = sun.read_text()
    driver.get(f"http://127.0.0.1:{preview.port}/weather/sun/")
    time.sleep(0.5)
    sun.write_text(good.replace("---\n", "---\naliases: [\"../../<b>bold</b>\"]\n", 1))
    wait(driver, lambda: driver.execute_script("return !!document.getElementById('stacks-overlay')"),
         "no overlay after a failed rebuild")
    text = driver.execute_script("return document.getElementById('stacks-overlay').textContent")
    assert "content/weather/sun.md" in text and "../../<b>bold</b>" in text
    assert driver.execute_script("return document.querySelectorAll('#stacks-overlay b').length") == 0
    # A page opened while the build is broken shows the overlay too (rendered by the server).
    driver.get(f"http://127.0.0.1:{preview.port}/weather/")
    assert driver.execute_script("return !!document.getElementById('stacks-overlay')")

    sun.write_text(good)
    wait(driver, lambda: driver.execute_script("return !document.getElementById('stacks-overlay')"),
         "the overlay stayed after the fix")


def test_the_page_reconnects_and_reloads_after_the_server_restarts(preview, driver):
    sun = preview.folder / "content/weather/sun.md"
    driver.get(f"http://127.0.0.1:{preview.port}/weather/sun/")
    time.sleep(0.5)
    preview.stop()
    sun.write_text(sun.read_text() + "\n\nWritten while the server was down.\n")
    time.sleep(0.5)
    preview.start()
    wait(driver, lambda: "Written while the server was down" in driver.page_source,
         "the page did not reload after the restart", timeout=20)
