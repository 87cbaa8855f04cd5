"""The script: navigation in place with history, the keyboard, the filter, the search, the
sidebar toggle, large lists; and the same site without it."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import tap, EXAMPLE, LARGE, PORTABLE, PORTABLE_DIR


def mark(page):
    """A property on window that survives script navigation and disappears on a page load."""
    page.js("window.__stacksMarker = 'same document'")


def same_document(page):
    return page.js("return window.__stacksMarker") == "same document"


def detail_title(page):
    return page.js("const h = document.querySelector('[data-column=detail] h1'); return h && h.textContent.trim()")


def active(page):
    return page.js("""const e = document.activeElement;
        return e ? (e.querySelector('.title')?.textContent || e.id || e.textContent).trim() : null""")


def press(page, *keys):
    ActionChains(page.driver).send_keys(*keys).perform()


def click(page, selector):
    page.driver.find_element(By.CSS_SELECTOR, selector).click()


def test_choosing_an_item_swaps_the_detail_keeps_the_list_scroll_and_back_pops(page):
    page.open(LARGE + "parts/", 1440)
    mark(page)
    page.js("document.querySelector('[data-column=content]').scrollTop = 600")
    scroll = page.js("return document.querySelector('[data-column=content]').scrollTop")
    assert scroll == 600
    link = page.driver.find_elements(By.CSS_SELECTOR, "[data-column=content] .list a")[15]
    title = link.find_element(By.CSS_SELECTOR, ".title").text
    link.click()
    page.wait(lambda: detail_title(page) == title, message="the detail shows the chosen item")
    assert same_document(page), "the page was not reloaded"
    assert page.driver.current_url == LARGE + "parts/part-0016/"
    assert page.driver.title.startswith(title + " – ")
    assert page.js("return document.querySelector('[data-column=content]').scrollTop") == scroll
    assert page.js("return document.querySelector('.list a[aria-current]').href") == LARGE + "parts/part-0016/"
    assert page.js("return [...document.querySelectorAll('.breadcrumbs a')].map((a) => a.textContent)") == [
        "Large Catalog", "Parts", title]
    assert page.js("return document.querySelector('.back-link').href") == LARGE + "parts/"
    assert page.js("return document.body.dataset.kind + document.body.dataset.depth") == "item2"

    link = page.driver.find_elements(By.CSS_SELECTOR, "[data-column=content] .list a")[18]
    second = link.find_element(By.CSS_SELECTOR, ".title").text
    link.click()
    page.wait(lambda: detail_title(page) == second)

    page.driver.back()
    page.wait(lambda: detail_title(page) == title, message="Back pops to the previous item")
    assert same_document(page)
    assert page.driver.current_url == LARGE + "parts/part-0016/"
    assert page.js("return document.querySelector('[data-column=content]').scrollTop") == scroll
    page.driver.back()
    page.wait(lambda: detail_title(page) == "Parts", message="Back pops to the category")
    assert page.js("return document.querySelector('.list a[aria-current]')") is None
    assert page.js("return document.body.dataset.kind") == "category"
    page.driver.forward()
    page.wait(lambda: detail_title(page) == title, message="Forward")
    assert same_document(page)
    assert page.js("return document.querySelector('[data-column=content]').scrollTop") == scroll
    assert not page.logs()


def test_links_stay_right_after_moving_between_depths(page):
    """Every kept link is rewritten for the new URL, so it leads where a fresh page's would."""
    page.open(EXAMPLE + "weather/", 1440)
    mark(page)
    click(page, "[data-column=content] a[href$='rain/']")
    page.wait(lambda: detail_title(page) == "Rain")
    click(page, ".subitems a[href$='drizzle/']")
    page.wait(lambda: detail_title(page) == "Drizzle")
    assert same_document(page)
    links = "return [...document.querySelectorAll('a[href], link[rel=icon], [data-first-page]')].map((a) => a.href || a.dataset.firstPage)"
    swapped = page.js(links)
    page.open(EXAMPLE + "weather/rain/drizzle/")
    assert swapped == page.js(links)


def test_escape_goes_back_one_level(page):
    page.open(EXAMPLE + "weather/rain/drizzle/", 1440)
    mark(page)
    page.js("document.activeElement.blur()")
    press(page, Keys.ESCAPE)
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/rain/")
    assert detail_title(page) == "Rain" and same_document(page)
    press(page, Keys.ESCAPE)
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/")
    assert detail_title(page) == "Weather" and same_document(page)
    press(page, Keys.ESCAPE)
    page.wait(lambda: page.driver.current_url == EXAMPLE, message="to the home page, which loads")
    page.driver.back()
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/")


def test_keyboard_moves_through_the_list_and_enter_opens(page):
    page.open(EXAMPLE + "weather/", 1440)
    page.js("document.querySelector('[data-column=content] .list a').focus()")
    assert active(page) == "Sun"
    press(page, Keys.ARROW_DOWN)
    assert active(page) == "Cloud"
    press(page, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    assert active(page) == "Rain"
    press(page, Keys.ARROW_DOWN)
    assert active(page) == "Rain", "stays on the last entry"
    press(page, Keys.ARROW_UP)
    assert active(page) == "Wind"
    press(page, Keys.ENTER)
    page.wait(lambda: detail_title(page) == "Wind")
    assert active(page) == "Wind", "focus stays in the list"
    press(page, Keys.ARROW_UP)
    assert active(page) == "Cloud"
    press(page, Keys.ARROW_UP, Keys.ARROW_UP)
    assert page.js("return document.activeElement.classList.contains('filter-input')"), "up from the top: the filter"


def test_slash_focuses_the_filter(page):
    page.open(EXAMPLE + "weather/sun/", 1440)
    page.js("document.activeElement.blur()")
    press(page, "/")
    assert page.js("return document.activeElement.classList.contains('filter-input')")
    assert page.js("return document.activeElement.value") == ""
    page.open(EXAMPLE, 1440)
    press(page, "/")
    assert page.js("return document.activeElement.id") == "search-input", "no list to filter: the search"


def visible_titles(page):
    return page.js("""return [...document.querySelectorAll('[data-column=content] .list .title')]
        .filter((e) => e.getClientRects().length).map((e) => e.textContent)""")


def test_filter_is_case_and_diacritic_insensitive(page):
    page.open(EXAMPLE + "weather/", 1440)
    field = page.driver.find_element(By.CSS_SELECTOR, ".filter-input")
    field.send_keys("RÂIN")
    assert visible_titles(page) == ["Rain"]
    field.clear()
    field.send_keys("x")
    field.send_keys(Keys.BACKSPACE)
    assert visible_titles(page) == ["Sun", "Cloud", "Wind", "Rain"]
    field.send_keys("zzz")
    assert page.js("return document.querySelector('.filter-empty').innerText").startswith("No entries match")


def test_filter_matches_summaries_and_tags(page):
    page.open(EXAMPLE + "weather/", 1440)
    assert page.js("return document.querySelector('.entry a[href$=\"wind/\"]').parentElement.dataset.tags") == "gusty"
    field = page.driver.find_element(By.CSS_SELECTOR, ".filter-input")
    field.send_keys("gusty")
    assert visible_titles(page) == ["Wind"]
    field.clear()
    field.send_keys("long shadows")
    assert visible_titles(page) == ["Sun"]


def test_filter_loads_the_rest_of_a_large_list(page):
    page.open(LARGE + "parts/", 1440)
    assert page.js("return document.querySelectorAll('[data-column=content] .list .entry').length") == 50
    field = page.driver.find_element(By.CSS_SELECTOR, ".filter-input")
    field.send_keys("rare-find")
    page.wait(lambda: visible_titles(page) == ["Gasket 0597"], timeout=10, message="a tag of entry 597 of 600")
    field.clear()
    field.send_keys("creme")
    page.wait(lambda: visible_titles(page) == ["Crème Bracket 0582"])
    assert page.js("return document.querySelectorAll('[data-column=content] .list .entry').length") == 600
    assert page.js("return document.querySelector('.pagination')") is None


def test_large_category_is_paginated_and_item_pages_show_a_window(page):
    page.scripts(False)
    page.open(LARGE + "parts/", 1440)
    count = "return document.querySelectorAll('[data-column=content] .list .entry').length"
    assert page.js(count) == 50
    assert page.js("return document.querySelector('.pagination span').textContent") == "Page 1 of 12"
    click(page, ".pagination a[rel=next]")
    page.wait(lambda: page.driver.current_url == LARGE + "parts/page/2/")
    assert page.js("return document.querySelector('.list .title').textContent") == "Bushing 0051"
    assert page.js("return document.body.dataset.kind") == "category"
    page.open(LARGE + "parts/part-0300/")
    assert page.js(count) == 50
    assert page.js("return document.querySelector('.list a[aria-current]').href") == LARGE + "parts/part-0300/"
    assert page.js("return document.querySelector('.list-window').textContent").startswith("Showing 275–324 of 600")
    click(page, ".list-window a")
    page.wait(lambda: page.driver.current_url == LARGE + "parts/page/6/")


def test_scrolling_a_window_to_its_end_loads_the_whole_list(page):
    page.open(LARGE + "parts/part-0300/", 1440)
    column = "document.querySelector('[data-column=content]')"
    selected_top = f"return document.querySelector('.list a[aria-current]').getBoundingClientRect().top"
    assert page.js(f"return {column}.scrollTop") > 0, "the selection is scrolled into view"
    page.js(f"{column}.scrollTop = {column}.scrollHeight")
    page.wait(lambda: page.js("return document.querySelectorAll('[data-column=content] .list .entry').length") == 600,
              timeout=10)
    assert page.js("return document.querySelector('.list a[aria-current]').href") == LARGE + "parts/part-0300/"
    top = page.js(selected_top)
    assert -2000 < top < 2000, "the list did not jump away from where it was"
    assert not page.logs()


def test_search_loads_its_index_on_first_use_and_shows_paths(page):
    page.open(EXAMPLE + "traffic/car/", 1440)
    loaded = "return performance.getEntriesByType('resource').some((e) => e.name.endsWith('search-index.json'))"
    assert not page.js(loaded)
    mark(page)
    field = page.driver.find_element(By.ID, "search-input")
    field.send_keys("drizzle")
    page.wait(lambda: page.js("return document.querySelectorAll('.search-results a').length") > 0)
    assert page.js(loaded)
    results = page.js("""return [...document.querySelectorAll('.search-results a')].map((a) =>
        [a.querySelector('.title').textContent, a.querySelector('.path').textContent, a.href])""")
    assert results[0] == ["Drizzle", "Weather › Rain", EXAMPLE + "weather/rain/drizzle/"]
    press(page, Keys.ARROW_DOWN)
    assert active(page) == "Drizzle"
    press(page, Keys.ENTER)
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/rain/drizzle/")
    assert detail_title(page) == "Drizzle"
    assert not same_document(page), "another category: a normal page load"


def test_search_is_diacritic_insensitive_and_escape_closes_it(page):
    page.open(LARGE + "group-2/", 1440)
    field = page.driver.find_element(By.ID, "search-input")
    field.send_keys("facade")
    page.wait(lambda: page.js("return document.querySelectorAll('.search-results a').length") > 0)
    assert page.js("return document.querySelector('.search-results .title').textContent").startswith("Façade Panel")
    press(page, Keys.ESCAPE)
    assert page.js("return document.querySelector('.search-panel').hidden")


def test_sidebar_toggle_opens_over_the_detail_and_is_remembered(clean_storage):
    page = clean_storage
    page.open(EXAMPLE + "weather/sun/", 1024)
    assert page.visible_columns() == ["content", "detail"]
    tap(page, ".sidebar-toggle label")
    assert page.visible_columns() == ["sidebar", "content", "detail"]
    assert page.js("return getComputedStyle(document.querySelector('.sidebar')).position") == "absolute"
    page.open(EXAMPLE + "weather/sun/")
    assert page.visible_columns() == ["sidebar", "content", "detail"], "remembered"
    press(page, Keys.ESCAPE)
    assert page.visible_columns() == ["content", "detail"]
    page.open(EXAMPLE + "weather/sun/")
    assert page.visible_columns() == ["content", "detail"], "closed is remembered too"
    # By keyboard: the toggle is a labelled checkbox.
    page.js("document.getElementById('sidebar-toggle').focus()")
    press(page, Keys.SPACE)
    assert page.visible_columns() == ["sidebar", "content", "detail"]
    # Choosing a category in the overlay closes it.
    click(page, ".sidebar a[href$='traffic/']")
    page.wait(lambda: page.driver.current_url == EXAMPLE + "traffic/")
    assert page.visible_columns() == ["content", "detail"]


def test_modified_and_middle_clicks_are_left_to_the_browser(page):
    page.open(EXAMPLE + "weather/", 1440)
    prevented = page.js("""
        const link = document.querySelector('[data-column=content] a[href$="sun/"]');
        const results = [];
        const record = (event) => { results.push(event.defaultPrevented); event.preventDefault(); };
        window.addEventListener('click', record);
        for (const init of [{ctrlKey: true}, {metaKey: true}, {shiftKey: true}, {button: 1}])
          link.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, ...init}));
        window.removeEventListener('click', record);
        return results;""")
    assert prevented == [False, False, False, False]
    assert page.driver.current_url == EXAMPLE + "weather/"


def test_a_failed_fetch_falls_back_to_a_normal_navigation(page):
    page.open(EXAMPLE + "weather/", 1440)
    mark(page)
    page.js("window.fetch = () => Promise.reject(new TypeError('offline'))")
    click(page, "[data-column=content] a[href$='cloud/']")
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/cloud/" and detail_title(page) == "Cloud")
    assert not same_document(page)


def test_narrow_navigation_is_a_stack(page):
    page.open(EXAMPLE + "weather/", 390)
    mark(page)
    assert page.visible_columns() == ["content"]
    page.js("window.scrollTo(0, 120)")
    scroll = page.js("return window.scrollY")
    click(page, "[data-column=content] a[href$='rain/']")
    page.wait(lambda: page.visible_columns() == ["detail"] and detail_title(page) == "Rain")
    assert page.js("return document.querySelector('.back-link').textContent.replace('‹', '').trim()") == "Weather"
    click(page, ".subitems a[href$='downpour/']")
    page.wait(lambda: detail_title(page) == "Downpour")
    assert page.js("return document.querySelector('.back-link').textContent.replace('‹', '').trim()") == "Rain"
    page.driver.back()
    page.wait(lambda: detail_title(page) == "Rain")
    page.driver.back()
    page.wait(lambda: page.visible_columns() == ["content"])
    assert same_document(page)
    assert page.js("return window.scrollY") == scroll
    assert not page.logs()


def test_without_javascript_everything_is_links_and_css(page):
    page.scripts(False)
    page.open(EXAMPLE + "weather/", 1024)
    assert page.js("return document.querySelector('.filter').getClientRects().length") == 0, "no filter without JS"
    assert page.js("return document.querySelector('.search').getClientRects().length") == 0, "no search without JS"
    click(page, "[data-column=content] a[href$='wind/']")
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/wind/")
    assert detail_title(page) == "Wind"
    assert page.visible_columns() == ["content", "detail"]
    tap(page, ".sidebar-toggle label")
    assert page.visible_columns() == ["sidebar", "content", "detail"], "the CSS-only toggle"
    page.open(EXAMPLE + "weather/wind/", 390)
    assert page.visible_columns() == ["detail"]
    click(page, ".back-link")
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/")
    assert page.visible_columns() == ["content"]


@pytest.mark.skipif(not PORTABLE_DIR.exists(), reason="no portable build")
def test_portable_site_over_http_and_from_disk(page):
    page.open(PORTABLE + "weather/index.html", 1440)
    mark(page)
    click(page, "[data-column=content] a[href$='sun/index.html']")
    page.wait(lambda: detail_title(page) == "Sun")
    assert page.driver.current_url == PORTABLE + "weather/sun/index.html"
    assert same_document(page)
    # From disk nothing is fetched: links navigate normally, and the search loads a script.
    page.open((PORTABLE_DIR / "weather" / "index.html").as_uri())
    mark(page)
    click(page, "[data-column=content] a[href$='sun/index.html']")
    page.wait(lambda: detail_title(page) == "Sun")
    assert not same_document(page)
    field = page.driver.find_element(By.ID, "search-input")
    field.send_keys("ferry")
    field.clear()
    field.send_keys("ada")
    page.wait(lambda: page.js("return document.querySelectorAll('.search-results a').length") > 0)
    assert page.js("return document.querySelector('.search-results a').href").endswith("teams/design/ada/index.html")
