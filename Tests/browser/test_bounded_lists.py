"""No page grows with the catalog: a home with more categories than a list page holds, and a tag
index with more tags, show them a page at a time like any category's list, with the filter over
all of them. On the example catalog built with layout.listWindow: 2 and sidebarWindow: 2
(/variants/list-window/): four categories, sixteen tags.
"""
import pytest
from selenium.webdriver.common.by import By

from conftest import TREE_LABEL, VARIANTS, WIDTHS

SITE = VARIANTS + "list-window/"
CATEGORIES = ["Communication", "Weather", "Traffic", "Teams"]
TAGS = ["air", "asynchronous", "audio", "dry", "freight", "gusty", "input", "long distance", "mild", "road",
        "synchronous", "text", "voice", "warm", "wet"]


def list_titles(page):
    return page.js("return [...document.querySelectorAll('[data-column=content] .list > li > a > b')].map(e => e.textContent)")


def every_page_of_the_list(page, url, width):
    """The titles on each page of a list, following its "Next" links (links only)."""
    page.open(url, width)
    pages = [list_titles(page)]
    while page.js("return document.querySelector('[data-column=content] .pagination a[rel=next]') !== null"):
        page.driver.find_element(By.CSS_SELECTOR, "[data-column=content] .pagination a[rel=next]").click()
        page.wait(lambda: page.js("return document.readyState") == "complete" and list_titles(page) != pages[-1])
        pages.append(list_titles(page))
    return pages


@pytest.mark.parametrize("width", WIDTHS.values())
def test_the_home_lists_its_categories_a_page_at_a_time(page, width):
    page.scripts(False)
    try:
        pages = every_page_of_the_list(page, SITE, width)
    finally:
        page.scripts(True)
    assert pages == [CATEGORIES[:2], CATEGORIES[2:]]
    page.open(SITE, width)
    columns = page.visible_columns()
    assert columns == (["content"] if width < 720 else ["sidebar", "content", "detail"] if width >= 1200 else ["content", "detail"])
    assert page.overflow() == []
    # The sidebar is a window like on any page, and its "All 4 categories" leads to this list.
    sidebar = page.js(f"return [...document.querySelectorAll('.sidebar .tree > li:not(.tree-tags) a:not(.tree-all > a)')].map({TREE_LABEL})")
    assert sidebar == CATEGORIES[:2]
    assert page.js("return document.querySelector('.sidebar .tree-all a').textContent.trim()") == "All 4 categories"
    page.screenshot(f"bounded-home-{width}")
    assert not page.logs()


@pytest.mark.parametrize("width", WIDTHS.values())
def test_the_tag_index_is_a_way_in_from_the_home_at_every_width(page, width):
    # The home's own list takes the sidebar's place below the wide width; the tag index's
    # entry follows it, so the tags are never only behind an item's tag links.
    page.open(SITE, width)
    entries = page.js("""return [...document.querySelectorAll('a[href$="tags/"]')]
        .filter((a) => a.getClientRects().length && getComputedStyle(a).visibility !== 'hidden')
        .map((a) => a.textContent.replace('#', '').trim())""")
    assert entries, "no visible link to the tag index"
    home_entry = page.js("return document.querySelector('[data-column=content] .home-tags a')?.textContent")
    assert home_entry == f"#Tags{len(TAGS)}", "the entry counts the tags"
    # Not among the list's rows: the filter and the list's count leave it alone.
    titles = list_titles(page)
    assert titles and set(titles) <= set(CATEGORIES), titles
    assert page.overflow() == []
    page.js("document.querySelector('[data-column=content] .home-tags')?.scrollIntoView({block: 'end'})")
    page.screenshot(f"bounded-home-tags-{width}")
    page.driver.execute_script("[...document.querySelectorAll('a[href$=\"tags/\"]')].find((a) => a.getClientRects().length).click()")
    page.wait(lambda: page.js("return location.pathname") == "/variants/list-window/tags/")
    assert "Tags" in page.js("return document.title")
    assert not page.logs()


def test_the_home_filter_finds_a_category_of_another_page_after_one_request(page):
    page.open(SITE, 1440)
    page.driver.find_element(By.CSS_SELECTOR, ".filter-input").send_keys("tea")
    page.wait(lambda: list_titles(page) == ["Teams"], timeout=10)
    # Since the page loaded (the script may fetch the index before the first keystroke).
    fetched = page.js("""return performance.getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname).filter((path) => path.endsWith('.json'))""")
    assert fetched == ["/variants/list-window/page/entries.json"]
    page.driver.find_element(By.CSS_SELECTOR, "[data-column=content] .list > li > a").click()
    page.wait(lambda: page.js("return location.pathname") == "/variants/list-window/teams/", timeout=10)
    assert not page.logs()


@pytest.mark.parametrize("width", [1440, 390])
def test_the_tag_index_lists_its_tags_a_page_at_a_time(page, width):
    page.scripts(False)
    try:
        pages = every_page_of_the_list(page, SITE + "tags/", width)
    finally:
        page.scripts(True)
    assert [len(titles) for titles in pages] == [2] * 7 + [1]
    assert sorted(sum(pages, []), key=str.casefold) == sorted(TAGS, key=str.casefold)
    page.open(SITE + "tags/", width)
    assert "content" in page.visible_columns()
    assert page.overflow() == []
    # With the script, the filter covers every tag.
    page.driver.find_element(By.CSS_SELECTOR, ".filter-input").send_keys("wet")
    page.wait(lambda: list_titles(page) == ["wet"], timeout=10)
    assert not page.logs()
