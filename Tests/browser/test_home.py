"""The first screen: the home's introduction at every width, above the categories on a phone;
the categories listed once where the sidebar shows them, with the largest under a short
introduction; a long introduction folded on a phone; no empty sidebar without categories."""
import pytest
from selenium.webdriver.common.by import By

from conftest import EXAMPLE, HOMES, PLAIN

VISIBLE = "const e = document.querySelector(arguments[0]); return !!e && e.checkVisibility()"
RECT = "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]"
# The links to a category shown on screen, wherever they are.
# (The introduction's own links aside.)
SHOWN_LINKS = """return [...document.querySelectorAll('a:not(.prose a)')].filter((a) => a.checkVisibility()
    && new URL(a.href).pathname.endsWith(arguments[0])).length"""


@pytest.mark.parametrize("width", [390, 768, 1024, 1440])
def test_the_home_shows_its_introduction_at_every_width(page, width):
    page.open(EXAMPLE, width)
    assert page.js(VISIBLE, ".home-intro .prose p"), "the introduction is shown"
    intro = page.js(RECT, ".home-intro .prose p")
    assert intro[3] <= 900 and intro[1] >= 0, f"on the first screen: {intro}"
    if width == 390:
        # Above the categories, as an app's root shows a header.
        first = page.js(RECT, "[data-column=sidebar] .tree a")
        assert first[1] > intro[3], (intro, first)
    assert page.js(SHOWN_LINKS, "/weather/") == 1, "each category listed once"
    assert page.overflow() == []
    page.screenshot(f"home-{width}")
    assert not page.logs()


def test_at_wide_widths_the_categories_are_in_the_sidebar_and_the_introduction_beside_them(page):
    page.open(EXAMPLE, 1440)
    assert page.visible_columns() == ["sidebar", "detail"]
    detail = page.js(RECT, "[data-column=detail]")
    assert detail[2] - detail[0] > 1000, detail
    # A long introduction needs nothing under it.
    assert not page.js(VISIBLE, ".home-overview")
    # Going into a category brings the list column back.
    page.driver.find_element(By.CSS_SELECTOR, "[data-column=sidebar] a[href$='weather/']").click()
    page.wait(lambda: page.visible_columns() == ["sidebar", "content", "detail"], message="three columns in a category")


@pytest.mark.parametrize("width", [1440, 1024, 390])
def test_a_short_introduction_is_followed_by_the_largest_categories(page, width):
    page.open(PLAIN, width)
    if width == 1440:
        assert page.js(VISIBLE, ".home-overview")
        rows = page.js("""return [...document.querySelectorAll('.home-overview .list > li')].map((li) =>
            [li.querySelector('b, .title')?.textContent ?? li.textContent.trim(), Number(li.querySelector('.count')?.textContent)])""")
        counts = [count for _, count in rows]
        assert len(rows) >= 2 and counts == sorted(counts, reverse=True), rows
        assert page.js(SHOWN_LINKS, "/commands/") == 2, "once in the sidebar, once among the largest"
        page.screenshot("home-short-intro-1440")
    else:
        # Where the list column or the phone's list shows the categories, not again.
        assert not page.js(VISIBLE, ".home-overview")
        assert page.js(SHOWN_LINKS, "/commands/") == 1


def test_a_long_introduction_is_folded_on_a_phone_and_opens_whole(page):
    page.open(HOMES + "recipes/", 390)
    assert page.js(VISIBLE, ".home-more")
    prose = page.js(RECT, ".home-intro .prose")
    assert prose[3] - prose[1] <= 13 * 16 + 1, prose
    first = page.js(RECT, "[data-column=sidebar] .tree a")
    assert first[1] < 900, f"the categories start on the first screen: {first}"
    page.screenshot("home-recipes-390")
    page.driver.find_element(By.CSS_SELECTOR, ".home-more").click()
    assert not page.js(VISIBLE, ".home-more")
    prose = page.js(RECT, ".home-intro .prose")
    assert prose[3] - prose[1] > 13 * 16, "the whole introduction"
    assert "a maintainer cooks it" in page.js("return document.querySelector('.home-intro .prose').textContent")
    # Wider, the whole introduction shows without a control.
    page.open(HOMES + "recipes/", 1440)
    assert not page.js(VISIBLE, ".home-more")
    assert page.js(VISIBLE, ".home-intro .prose ol")
    page.screenshot("home-recipes-1440")
    assert not page.logs()


@pytest.mark.parametrize("width", [1440, 1024, 390])
def test_a_catalog_without_categories_has_no_empty_sidebar(page, width):
    page.open(HOMES + "flat/", width)
    columns = page.visible_columns()
    assert "sidebar" not in columns, columns
    assert page.js("return document.querySelector('[data-column=content] .list').dataset.count") == "40"
    assert page.js(VISIBLE, "[data-column=content] .list a")
    assert not page.js(VISIBLE, ".sidebar-toggle")
    page.screenshot(f"home-flat-{width}")
    assert not page.logs()
