"""Content folders as Hugo, Zola, a topic collection and a folder of READMEs keep them
(generate_neighbour_sites.py), built unedited: no error, every page reachable, valid HTML, and
GitHub's Markdown (alerts, footnotes, details, sanitized HTML) shown right in both themes."""
import html.parser
import posixpath
from urllib.parse import urlsplit, unquote

import pytest
from selenium.webdriver.common.by import By

from conftest import BASE, SCREENSHOTS, WWW, pages_of
from test_accessibility import nu_check, serious

SITES = ["hugo", "zola", "topics", "readmes"]


def site_dir(name):
    return WWW / "neighbours" / name


def site_url(name):
    return f"{BASE}/neighbours/{name}/"


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self.hrefs += [value for key, value in attrs if key == "href" and value]


@pytest.mark.parametrize("name", SITES)
def test_each_site_builds_without_an_error(name):
    log = (WWW / "neighbours" / f"{name}.log").read_text()
    assert ": error:" not in log, log
    expected = {"hugo": "files have shortcodes left as written", "zola": "files have shortcodes left as written",
                "topics": "'short_description' is written again in front matter (first at line 4): the last one counts",
                "readmes": None}[name]
    if expected:
        assert expected in log, log
    # `check` finds what `build` does (the build's note about its cache aside).
    checked = (WWW / "neighbours" / f"{name}.check.log").read_text()
    assert checked == "".join(line for line in log.splitlines(keepends=True) if ": note: " not in line)


@pytest.mark.parametrize("name", SITES)
def test_every_page_is_reachable_from_the_home_page(name):
    """Following the links of each page from the home page, as a reader would, without script."""
    root = site_dir(name)
    pages = set(pages_of(root))
    seen, queue = {""}, [""]
    while queue:
        page = queue.pop()
        parser = Links()
        parser.feed((root / page / "index.html").read_text())
        for href in parser.hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or not parts.path:
                continue
            target = posixpath.normpath(posixpath.join("/" + page, unquote(parts.path))).lstrip("/")
            target = "" if target in (".", "") else target.rstrip("/") + "/"
            if target in pages and target not in seen:
                seen.add(target)
                queue.append(target)
    # Redirect pages (aliases) are pages of the site that nothing links to, by design.
    redirects = {p for p in pages if 'http-equiv="refresh"' in (root / p / "index.html").read_text()}
    assert pages - redirects - seen == set()
    assert len(pages - redirects) > 7


def test_the_html_is_valid():
    nu_check([path for name in SITES for path in sorted(site_dir(name).rglob("*.html"))])


PAGES = {
    "hugo": "methods/page/aliases/",          # alert, footnote, aligned table, details with code
    "readmes": "projects/lumen/",             # centred logo, kbd, sub, details, alert, footnote
    "zola": "documentation/getting-started/overview/",  # details, kbd, sub, sup from raw HTML
}


@pytest.mark.parametrize("width", [390, 1440])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_github_markdown_is_accessible(page, width, scheme):
    page.media({"prefers-color-scheme": scheme})
    problems = []
    for name, path in PAGES.items():
        page.open(site_url(name) + path, width)
        problems += [f"{name}/{path}: {p}" for p in serious(page)]
        page.driver.save_screenshot(str(SCREENSHOTS / f"neighbours-{name}-{width}-{scheme}.png"))
    page.media({"prefers-color-scheme": "light"})
    assert not problems, "\n".join(problems)


def test_alerts_footnotes_and_details_work(page):
    page.open(site_url("hugo") + PAGES["hugo"], 1440)
    titles = page.js("return [...document.querySelectorAll('.prose .alert-title')].map((t) => t.textContent)")
    assert titles == ["Note"]
    # The callout's icon is drawn: the title's ::before has a size and a mask.
    icon = page.js("const s = getComputedStyle(document.querySelector('.alert-title'), '::before');"
                   "return [s.width, s.maskImage || s.webkitMaskImage]")
    assert icon[0] != "0px" and icon[1].startswith("url(")
    # A footnote reference leads to its note, and the note back to it.
    ref = page.driver.find_element(By.CSS_SELECTOR, ".prose .footnote-ref a")
    assert ref.text == "1"
    ref.click()
    page.wait(lambda: page.js("return location.hash") == "#fn:1")
    assert page.js("return document.querySelector('.footnotes li:target') !== null")
    page.driver.find_element(By.CSS_SELECTOR, ".footnotes .footnote-backref").click()
    page.wait(lambda: page.js("return location.hash") == "#fnref:1")
    # Aligned cells by class, as the theme aligns them.
    aligns = page.js("return [...document.querySelectorAll('.prose thead th')].map((c) => getComputedStyle(c).textAlign)")
    assert aligns == ["left", "center", "right"]
    # Details open on a click and hold Markdown and code.
    page.open(site_url("readmes") + PAGES["readmes"], 1440)
    summary = page.driver.find_element(By.CSS_SELECTOR, ".prose details summary")
    assert not page.js("return document.querySelector('.prose details').open")
    summary.click()
    assert page.js("return document.querySelector('.prose details').open")
    assert page.js("return document.querySelector('.prose details pre code').textContent").startswith("git clone")


def test_raw_html_is_what_github_allows(page):
    page.open(site_url("readmes") + PAGES["readmes"], 1440)
    prose = "document.querySelector('.prose')"
    assert page.js(f"return {prose}.querySelectorAll('kbd').length") == 3
    assert page.js(f"return {prose}.querySelector('sub').textContent") == "Built by volunteers."
    # `align` is not HTML any more: a class, which the theme centres.
    logo = page.js(f"return getComputedStyle({prose}.querySelector('img[alt$=logo]').parentElement).textAlign")
    assert logo == "center"
    assert page.js(f"return {prose}.querySelector('img[alt$=logo]').naturalWidth") == 240
    # Nothing that runs: no script, no event handler; ids written in raw HTML are the content's own.
    assert page.js(f"return {prose}.querySelectorAll('script').length") == 0
    assert page.js(f"return [...{prose}.querySelectorAll('*')].some((e) => [...e.attributes].some((a) => a.name.startsWith('on')))") is False
    # `<a name>` (not HTML any more) is an id, prefixed so that it never takes one of the page's.
    assert page.js(f"return {prose}.querySelector('a#user-content-license') !== null && !{prose}.querySelector('a[name]')")
    assert page.js("return document.querySelectorAll('#license').length") == 1
