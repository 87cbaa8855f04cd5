"""Tags are a second way in: each tag on an item links to the tag's page, which lists exactly
the items that carry it (windowed like a category's list), and tags/ lists every tag with its
count. On the generated catalog (generate_catalog.py): every part of "Parts" is tagged with its
word and its size, one part with "rare-find", and each small group's things with the group.
"""
import pytest
from selenium.webdriver.common.by import By

from conftest import EXAMPLE, LARGE, LARGE_COUNT, LIST_WINDOW
from generate_catalog import WORDS, part_title

TAGS = LARGE + "tags/"


def parts_tagged(word):
    return {part_title(n) for n in range(1, LARGE_COUNT + 1) if WORDS[n % len(WORDS)] == word}


def list_titles(page):
    return page.js("return [...document.querySelectorAll('[data-column=content] .list > li > a > b')].map(e => e.textContent)")


def settled(page):
    """Waits for the page load's view transition to end: a click during it aborts it, which
    Chromium logs as an error (of the transition, not of the page)."""
    page.wait(lambda: page.js("return document.readyState === 'complete' && !document.documentElement.dataset.transition"))


def visible_columns_are_fine(page, width):
    columns = page.visible_columns()
    if width < 700:
        assert columns == ["content"], columns
    else:
        assert "content" in columns and "detail" in columns, columns
    assert page.overflow() == []


def test_a_tag_link_on_an_item_leads_to_the_page_of_exactly_its_items(page):
    rare = LARGE_COUNT - 3
    page.open(LARGE + f"parts/part-{rare:04d}/", width=1440)
    settled(page)
    links = page.js("return [...document.querySelectorAll('.item-header .tags a')].map(a => [a.rel, a.textContent])")
    assert links == [["tag", WORDS[rare % len(WORDS)]], ["tag", f"size-{rare % 5}"], ["tag", "rare-find"]]
    page.driver.find_element(By.CSS_SELECTOR, ".item-header .tags a[href$='rare-find/']").click()
    page.wait(lambda: page.js("return location.pathname").endswith("/tags/rare-find/"), timeout=10)
    settled(page)
    assert list_titles(page) == [part_title(rare)]
    assert page.js("return document.body.dataset.kind") == "tag"
    assert page.js("return [...document.querySelectorAll('.breadcrumbs a')].map(a => a.textContent)") == [
        "Large Catalog", "Tags", "rare-find"]
    # The entry is the item's own page, not a copy under tags/.
    page.driver.find_element(By.CSS_SELECTOR, "[data-column=content] .list > li > a").click()
    page.wait(lambda: page.js("return location.pathname").endswith(f"/parts/part-{rare:04d}/"), timeout=10)
    assert page.logs() == []


def test_a_long_tag_lists_all_its_items_a_page_at_a_time_without_javascript(page):
    page.scripts(False)
    word = "bolt"
    expected = parts_tagged(word)
    page.open(TAGS + word + "/", width=1440)
    seen = []
    pages = 0
    while True:
        pages += 1
        titles = list_titles(page)
        assert len(titles) <= LIST_WINDOW
        seen += titles
        next_link = page.driver.find_elements(By.CSS_SELECTOR, ".pagination a[rel=next]")
        if not next_link:
            break
        page.open(next_link[0].get_attribute("href"))
    assert pages == -(-len(expected) // LIST_WINDOW) and pages > 1
    assert len(seen) == len(set(seen)) and set(seen) == expected
    page.scripts(True)


def test_the_filter_searches_the_whole_tag_after_one_request(page):
    word = "bolt"
    page.open(TAGS + word + "/", width=1440)
    page.js("performance.clearResourceTimings()")
    # Every part of this word whose number has "00" ("contains", as the filter matches); page 1
    # shows only some of them.
    expected = sorted(t for t in parts_tagged(word) if "00" in t)
    assert expected and not set(expected) <= set(list_titles(page))
    field = page.driver.find_element(By.CSS_SELECTOR, ".filter-input")
    field.send_keys("00")
    page.wait(lambda: page.js("return !!document.querySelector('[data-column=content] .list[data-virtual]')"), timeout=10)
    page.wait(lambda: sorted(list_titles(page)) == expected, message="the filter finds the tag's items on later pages")
    assert page.js("return [...document.querySelectorAll('[data-column=content] .list > li')].map(li => li.getAttribute('aria-setsize'))") \
        == [str(len(expected))] * len(expected)
    fetched = page.js("""return performance.getEntriesByType('resource')
        .filter((e) => e.initiatorType !== 'img').map((e) => new URL(e.name).pathname)""")
    assert fetched == ["/large/site/tags/bolt/page/entries.json"], fetched
    assert page.logs() == []


def test_the_tag_index_shows_every_tag_with_its_count(page):
    page.open(TAGS, width=1440)
    rows = page.js("""return [...document.querySelectorAll('[data-column=content] .list > li')].map(e =>
        [e.querySelector(':scope > a > b').textContent, e.querySelector('.count').textContent])""")
    counts = dict(rows)
    assert counts["rare-find"] == "1"
    assert counts["size-0"] == str(LARGE_COUNT // 5)
    assert counts["bolt"] == str(len(parts_tagged("bolt")))
    assert counts["group-1"] == "12" and counts["bundle"] == "1"
    names = [name for name, _ in rows]
    assert names == sorted(names, key=str.casefold)
    # The sidebar's Tags entry is this page's; no category is selected.
    assert page.js("return document.querySelector('.tree-tags a').getAttribute('aria-current')") == "page"
    assert page.js("return document.querySelectorAll('.tree .selected').length") == 1
    settled(page)
    page.driver.find_element(By.CSS_SELECTOR, "[data-column=content] .list > li > a[href$='rare-find/']").click()
    page.wait(lambda: page.js("return location.pathname").endswith("/tags/rare-find/"), timeout=10)
    assert page.js("return document.querySelector('.back-link').textContent") == "Tags"
    assert page.logs() == []


@pytest.mark.parametrize("scripts", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("width", [390, 1440])
def test_tag_pages_at_every_width(page, width, scripts):
    page.scripts(scripts)
    for path in ["", "rare-find/", "size-0/", "size-0/page/3/"]:
        page.open(TAGS + path, width=width)
        visible_columns_are_fine(page, width)
        assert page.js("return document.querySelectorAll('[data-column=content] .list > li').length") > 0
        back = page.js("return document.querySelector('.back-link')?.textContent")
        assert back == ("Large Catalog" if path == "" else "Tags")
        if width == 390:
            assert page.js("return getComputedStyle(document.querySelector('.back-link')).display") != "none"
    mode = "js" if scripts else "nojs"
    page.open(TAGS, width=width)
    page.screenshot(f"tags-index-{width}-{mode}")
    page.open(TAGS + "bolt/", width=width)
    page.screenshot(f"tags-bolt-{width}-{mode}")
    page.scripts(True)
    assert page.logs() == []


def test_the_search_finds_a_tag_page_by_its_name(page):
    page.open(EXAMPLE + "traffic/car/", 1440)
    field = page.driver.find_element(By.ID, "search-input")
    field.send_keys("gusty")
    page.wait(lambda: page.js("return document.querySelectorAll('.search-results a').length") > 0, message="results")
    results = page.js("""return [...document.querySelectorAll('.search-results a')].map((a) =>
        [a.querySelector('.title').textContent, a.href, a.querySelector('.path')?.textContent.trim() ?? ''])""")
    # Its breadcrumbs are its stack path above it: Tags.
    assert any(title == "gusty" and href.endswith("/docs/catalog/site/tags/gusty/") and path == "Tags"
               for title, href, path in results), results
    settled(page)
    link = page.driver.find_element(By.CSS_SELECTOR, ".search-results a[href$='tags/gusty/']")
    link.click()
    page.wait(lambda: page.js("return location.pathname").endswith("/tags/gusty/"))
    assert list_titles(page) == ["Wind"]
    assert page.logs() == []
