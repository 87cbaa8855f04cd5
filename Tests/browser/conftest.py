"""Shared fixtures for the browser suite: one headless Chromium for the whole run, the served
sites, and helpers to size the viewport, open pages and read what is visible.

Run through scripts/test-browser, which builds the sites, serves them and sets:
STACKS_BROWSER_BASE (the server), STACKS_BROWSER_WWW (its folder), STACKS_SCREENSHOTS.
"""
import json
import os
import shutil
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

BASE = os.environ.get("STACKS_BROWSER_BASE", "http://127.0.0.1:8000")
WWW = Path(os.environ.get("STACKS_BROWSER_WWW", "/tmp/www"))
SCREENSHOTS = Path(os.environ.get("STACKS_SCREENSHOTS", ".build-screenshots"))

# Both sites are served below a sub-path, so every link must be relative to work.
EXAMPLE = BASE + "/docs/catalog/site/"
EXAMPLE_DIR = WWW / "docs/catalog/site"
PORTABLE = BASE + "/docs/portable/"
PORTABLE_DIR = WWW / "docs/portable"
# Portable with layout.listWindow: 2, so that the example's categories are shown in parts.
PORTABLE_WINDOW_DIR = WWW / "docs/portable-window"
LARGE = BASE + "/large/site/"
LARGE_DIR = WWW / "large/site"
# The items of the large category ("Parts"), and its list window (its stacks.yml's layout.listWindow).
LARGE_COUNT = int(os.environ.get("STACKS_LARGE", "5000"))
LIST_WINDOW = 50
# A catalog without icons or summaries, with tables, long code and images (generate_plain_catalog.py):
# with monograms, and with layout.missingIcons: none.
PLAIN = BASE + "/plain/site/"
PLAIN_NONE = BASE + "/plain-none/site/"
# The example catalog built with other layout settings (scripts/test-browser): /variants/NAME/.
VARIANTS = BASE + "/variants/"
HOMES = BASE + "/homes/"

# The label of a sidebar tree link (JS, a function of the <a>): its text but its icon tile's
# (the <i> before it, whose text may be an emoji or a monogram).
TREE_LABEL = "(a) => { const c = a.cloneNode(true); c.querySelector(':scope > i')?.remove(); return c.textContent; }"

WIDTHS = {"wide": 1440, "medium": 1024, "tablet": 768, "phone": 390}
HEIGHT = 900

# Filled by test_layout, printed at the end of the run.
MATRIX = {}


def pages_of(folder):
    """Every page of a built site, as URL paths relative to its root ('' is home)."""
    pages = []
    for path in sorted(folder.rglob("index.html")):
        relative = path.parent.relative_to(folder).as_posix()
        pages.append("" if relative == "." else relative + "/")
    return pages


class Browser:
    def __init__(self, driver):
        self.driver = driver
        self.width = None
        self.severe = []

    # Viewport and media

    def viewport(self, width, height=HEIGHT):
        if self.width != (width, height):
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
            self.width = (width, height)

    def media(self, features):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": k, "value": v} for k, v in features.items()]})

    def scripts(self, enabled):
        self.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": not enabled})

    # Pages

    def open(self, url, width=None):
        if width:
            self.viewport(width)
        self.driver.get(url)
        WebDriverWait(self.driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        return self

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, condition, timeout=5, message=""):
        return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(lambda d: condition(), message)

    def logs(self):
        """Console messages of level SEVERE since the last call."""
        entries = [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]
        self.severe += entries
        return entries

    def visible_columns(self):
        return self.js("""
            return ['sidebar', 'content', 'detail'].filter((name) => {
              const element = document.querySelector(`[data-column="${name}"]`);
              if (!element) return false;
              const style = getComputedStyle(element);
              const box = element.getBoundingClientRect();
              return style.display !== 'none' && style.visibility !== 'hidden' && box.width > 0 && box.height > 0
                && box.right > 0 && box.left < innerWidth;
            });""")

    def overflow(self):
        """What sticks out sideways: the page, or a visible column or the top bar."""
        return self.js("""
            const problems = [];
            const root = document.documentElement;
            if (root.scrollWidth > innerWidth) problems.push(`page ${root.scrollWidth} > ${innerWidth}`);
            for (const element of document.querySelectorAll('[data-column], .topbar')) {
              if (!element.getClientRects().length) continue;
              if (element.scrollWidth > element.clientWidth + 1)
                problems.push(`${element.className} ${element.scrollWidth} > ${element.clientWidth}`);
            }
            return problems;""")

    def screenshot(self, name):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.driver.save_screenshot(str(path))
        return path


def tap(page, selector):
    """A real click at the centre of an element, whatever lies on top (the toggle's checkbox).
    It waits for running animations first: during a page load's view transition a click
    lands on the transition's overlay, not on the element. The transition can also begin
    just after that wait, so a tap on a label whose checkbox did not change is made again."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.action_chains import ActionChains
    settled = "return document.getAnimations().every((a) => a.playState !== 'running')"
    control = "const label = document.querySelector(arguments[0]); return label?.control ? label.control.checked : null"
    before = page.js(control, selector)
    for _ in range(3):
        page.wait(lambda: page.js(settled))
        element = page.driver.find_element("css selector", selector)
        ActionChains(page.driver).move_to_element(element).click().perform()
        if before is None:
            return
        try:
            page.wait(lambda: page.js(control, selector) != before, timeout=1)
            return
        except TimeoutException:
            continue
    raise AssertionError(f"three taps on {selector} did not change its checkbox")


@pytest.fixture(scope="session")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or ""
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1440,900", "--hide-scrollbars", "--force-color-profile=srgb",
                     "--disable-extensions", "--no-first-run", "--lang=en-US"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # The Debian driver, found on PATH: Selenium must not try to download one.
    service = Service(executable_path=shutil.which("chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_script_timeout(60)
    yield Browser(driver)
    driver.quit()


@pytest.fixture
def page(browser):
    """The shared browser, reset to scripts on, light theme, a clean history and storage."""
    browser.scripts(True)
    browser.media({"prefers-color-scheme": "light", "prefers-reduced-motion": "no-preference"})
    browser.viewport(1440)
    browser.driver.get("about:blank")
    yield browser
    browser.logs()


@pytest.fixture
def fresh_tab(page):
    """The page fixture in a new tab: a history of its own (history.length stops at 50)."""
    original = page.driver.current_window_handle
    page.driver.switch_to.new_window("tab")
    page.width = None
    page.scripts(True)
    page.media({"prefers-color-scheme": "light", "prefers-reduced-motion": "no-preference"})
    page.viewport(1440)
    yield page
    page.logs()
    page.driver.close()
    page.driver.switch_to.window(original)
    page.width = None


@pytest.fixture
def clean_storage(page):
    page.open(EXAMPLE)
    page.js("localStorage.clear()")
    yield page
    page.js("localStorage.clear()")


def pytest_terminal_summary(terminalreporter):
    if not MATRIX:
        return
    write = terminalreporter.write_line
    write("")
    write("Visible columns by width and depth (S sidebar, C content, D detail):")
    widths = sorted({w for (w, _) in MATRIX}, reverse=True)
    rows = sorted({r for (_, r) in MATRIX}, key=lambda r: (r[0], r[1]))
    header = f"{'depth':>5}  {'page':<34}" + "".join(f"{w:>10}" for w in widths)
    write(header)
    for row in rows:
        cells = "".join(f"{MATRIX.get((w, row), '?'):>10}" for w in widths)
        write(f"{row[0]:>5}  {row[1]:<34}{cells}")
