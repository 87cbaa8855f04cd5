"""The script: navigation in place with history, the keyboard, the filter, the search, the
sidebar toggle, large lists; and the same site without it."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import tap, EXAMPLE, LARGE, LARGE_COUNT, LIST_WINDOW, PORTABLE, PORTABLE_DIR
from generate_catalog import part_title


def mark(page):
    """A property on window that survives script navigation and disappears on a page load."""
    page.js("window.__stacksMarker = 'same document'")


def same_document(page):
    return page.js("return window.__stacksMarker") == "same document"


def detail_title(page):
    return page.js("const h = document.querySelector('[data-column=detail] h1'); return h && h.textContent.trim()")


def active(page):
    return page.js("""const e = document.activeElement;
        return e ? (e.querySelector('.list a > b, .title')?.textContent || e.id || e.textContent).trim() : null""")


def press(page, *keys):
    ActionChains(page.driver).send_keys(*keys).perform()


def click(page, selector):
    page.driver.find_element(By.CSS_SELECTOR, selector).click()


# The first link under `scope` whose resolved URL ends with `ending`: links are written
# relative to the page (`../sun/`, `./` for the page itself), so match what they lead to.
LINK_TO = "return [...document.querySelectorAll(arguments[0])].find((a) => a.href.endsWith(arguments[1]))"


def click_link_to(page, scope, ending):
    page.driver.execute_script(LINK_TO + ".click()", scope, ending)


def test_choosing_an_item_swaps_the_detail_keeps_the_list_scroll_and_back_pops(fresh_tab):
    page = fresh_tab  # a history and session storage of its own
    """The rows stay where they were on screen: an item page's list header holds one more line
    ("Showing …") than the list page's, so the column's scroll offset moves by that line."""
    page.open(LARGE + "parts/", 1440)
    mark(page)
    page.js("document.querySelector('[data-column=content]').scrollTop = 600")
    assert page.js("return document.querySelector('[data-column=content]').scrollTop") == 600
    row_top = ("return [...document.querySelectorAll('[data-column=content] .list a')]"
               ".find((a) => a.href.endsWith(arguments[0])).getBoundingClientRect().top")
    link = page.driver.find_elements(By.CSS_SELECTOR, "[data-column=content] .list a")[15]
    title = link.find_element(By.CSS_SELECTOR, ":scope > b").text
    where = page.js(row_top, "part-0016/")
    page.js("arguments[0].click()", link)
    page.wait(lambda: detail_title(page) == title, message="the detail shows the chosen item")
    assert same_document(page), "the page was not reloaded"
    assert page.driver.current_url == LARGE + "parts/part-0016/"
    assert page.driver.title.startswith(title + " – ")
    assert page.js(row_top, "part-0016/") == where, "the chosen row stays where it was on screen"
    scroll = page.js("return document.querySelector('[data-column=content]').scrollTop")
    assert page.js("return document.querySelector('.list a[aria-current]').href") == LARGE + "parts/part-0016/"
    assert page.js("return [...document.querySelectorAll('.breadcrumbs a')].map((a) => a.textContent)") == [
        "Large Catalog", "Parts", title]
    # Back leads to the list page holding the item, to its row.
    assert page.js("return document.querySelector('.back-link').href") == LARGE + "parts/#entry-parts/part-0016"
    assert page.js("return document.body.dataset.kind + document.body.dataset.depth") == "item2"

    link = page.driver.find_elements(By.CSS_SELECTOR, "[data-column=content] .list a")[18]
    second = link.find_element(By.CSS_SELECTOR, ":scope > b").text
    page.js("arguments[0].click()", link)
    page.wait(lambda: detail_title(page) == second)
    assert page.js("return document.querySelector('[data-column=content]').scrollTop") == scroll

    page.driver.back()
    page.wait(lambda: detail_title(page) == title, message="Back pops to the previous item")
    assert same_document(page)
    assert page.driver.current_url == LARGE + "parts/part-0016/"
    assert page.js("return document.querySelector('[data-column=content]').scrollTop") == scroll
    page.driver.back()
    page.wait(lambda: detail_title(page) == "Parts", timeout=20, message="Back pops to the category")
    assert page.js("return document.querySelector('.list a[aria-current]')") is None
    assert page.js("return document.body.dataset.kind") == "category"
    assert page.js(row_top, "part-0016/") == where, "the list page's rows are back where they were"
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
    return page.js("""return [...document.querySelectorAll('[data-column=content] .list > li > a > b')]
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
    assert page.js("return document.querySelector('.list > li > a[href$=\"wind/\"]').parentElement.dataset.tags") == "gusty"
    field = page.driver.find_element(By.CSS_SELECTOR, ".filter-input")
    field.send_keys("gusty")
    assert visible_titles(page) == ["Wind"]
    field.clear()
    field.send_keys("long shadows")
    assert visible_titles(page) == ["Sun"]
    # Title and summary are apart: "Rain" then "Water…" is not the word "rainwater".
    field.clear()
    field.send_keys("rainwater")
    assert visible_titles(page) == []


def test_the_filter_does_not_match_a_rows_count(page):
    page.open(EXAMPLE + "tags/", 1440)
    counts = page.js("return [...document.querySelectorAll('[data-column=content] .list .count')].map((c) => [c.textContent, c.title])")
    assert ["1", "1 entry"] in counts and ["2", "2 entries"] in counts
    field = page.driver.find_element(By.CSS_SELECTOR, "[data-column=content] .filter-input")
    field.send_keys("1")
    page.wait(lambda: page.js("return !document.querySelector('.filter-empty')?.hidden"), message="no tag has 1 in its text")
    assert visible_titles(page) == []


def test_filter_covers_the_whole_of_a_large_list(page):
    page.open(LARGE + "parts/", 1440)
    assert page.js("return document.querySelectorAll('[data-column=content] .list > li').length") == 50
    field = page.driver.find_element(By.CSS_SELECTOR, ".filter-input")
    field.send_keys("rare-find")
    rare = LARGE_COUNT - 3
    page.wait(lambda: visible_titles(page) == [part_title(rare)], timeout=15,
              message=f"a tag of entry {rare} of {LARGE_COUNT:,}")
    field.clear()
    field.send_keys("creme")
    cremes = [part_title(n) for n in range(1, LARGE_COUNT + 1) if part_title(n).startswith("Crème")]
    assert cremes
    page.wait(lambda: visible_titles(page) == cremes)
    # The whole category is the list now, drawn a window at a time.
    field.send_keys(Keys.BACKSPACE * len("creme"))
    page.wait(lambda: page.js("return document.querySelector('.list > li')?.getAttribute('aria-setsize')") == str(LARGE_COUNT))
    assert page.js("return document.querySelectorAll('[data-column=content] .list > li').length") <= 400
    assert page.js("return document.querySelector('.pagination')") is None


def test_large_category_is_paginated_and_item_pages_show_a_window(page):
    page.scripts(False)
    page.open(LARGE + "parts/", 1440)
    count = "return document.querySelectorAll('[data-column=content] .list > li').length"
    assert page.js(count) == 50
    pages = -(-LARGE_COUNT // LIST_WINDOW)
    assert page.js("return document.querySelector('.pagination span').textContent") == f"Page 1 of {pages}"
    click(page, ".pagination a[rel=next]")
    page.wait(lambda: page.driver.current_url == LARGE + "parts/page/2/")
    assert page.js("return document.querySelector('.list > li > a > b').textContent") == "Bushing 0051"
    assert page.js("return document.body.dataset.kind") == "category"
    page.open(LARGE + "parts/part-0300/")
    assert page.js(count) == 50
    assert page.js("return document.querySelector('.list a[aria-current]').href") == LARGE + "parts/part-0300/"
    assert page.js("return document.querySelector('.list-window').textContent").startswith(f"Showing 275–324 of {LARGE_COUNT:,}")
    click(page, ".list-window a")
    page.wait(lambda: page.driver.current_url == LARGE + "parts/page/6/")


def test_scrolling_a_window_to_its_end_shows_the_whole_list(page):
    page.open(LARGE + "parts/part-0300/", 1440)
    column = "document.querySelector('[data-column=content]')"
    selected_top = f"return document.querySelector('.list a[aria-current]').getBoundingClientRect().top"
    assert page.js(f"return {column}.scrollTop") > 0, "the selection is scrolled into view"
    page.js(f"{column}.scrollTop = {column}.scrollHeight")
    page.wait(lambda: page.js("return document.querySelector('[data-column=content] .list[data-virtual] > li')?.getAttribute('aria-setsize')")
              == str(LARGE_COUNT), timeout=15)
    # The entries that were in view are still there: the list did not jump away.
    first = page.js("""const c = document.querySelector('[data-column=content]').getBoundingClientRect();
        return Number([...document.querySelectorAll('.list > li')].find((e) => e.getBoundingClientRect().bottom > c.top)
            .getAttribute('aria-posinset'))""")
    assert 300 < first <= 330, first
    assert page.js("return document.querySelectorAll('[data-column=content] .list > li').length") <= 400
    page.js(f"{column}.scrollTop -= 400")
    page.wait(lambda: page.js("return document.querySelector('.list a[aria-current]')?.href") == LARGE + "parts/part-0300/")
    top = page.js(selected_top)
    assert -2000 < top < 2000
    assert not page.logs()


def test_search_loads_its_index_on_first_use_and_shows_paths(page):
    page.open(EXAMPLE + "traffic/car/", 1440)
    loaded = "return performance.getEntriesByType('resource').some((e) => e.name.endsWith('_stacks/search/index.js'))"
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


def test_without_javascript_everything_is_links_and_css(fresh_tab):
    page = fresh_tab  # a history and session storage of its own
    page.scripts(False)
    page.open(EXAMPLE + "weather/", 1024)
    assert page.js("return document.querySelector('.filter').getClientRects().length") == 0, "no filter without JS"
    assert page.js("return document.querySelector('.search').getClientRects().length") == 0, "no search without JS"
    click(page, "[data-column=content] a[href$='wind/']")
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/wind/")
    assert detail_title(page) == "Wind"
    assert page.visible_columns() == ["content", "detail"]
    tap(page, ".sidebar-toggle label")
    # The sidebar slides in (a CSS transition): wait for it to arrive.
    page.wait(lambda: page.visible_columns() == ["sidebar", "content", "detail"], message="the CSS-only toggle")
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


def content_list(page):
    """The content column's list as a fresh load of the page shows it: hrefs, the selection,
    and the lines under the list."""
    return page.js("""const column = document.querySelector('[data-column=content]');
        return {entries: [...column.querySelectorAll('.list a')].map((a) => a.href),
                selected: [...column.querySelectorAll('.list a[aria-current]')].map((a) => [a.href, a.getAttribute('aria-current')]),
                window: column.querySelector('.list-window')?.textContent.trim() ?? null,
                fullList: column.querySelector('.list-window a')?.href ?? null,
                pages: column.querySelector('.pagination')?.textContent.trim() ?? null}""")


def selection_in_view(page):
    return page.js("""const column = document.querySelector('[data-column=content]');
        const a = column.querySelector('.list a[aria-current]');
        if (!a) return null;
        const c = column.getBoundingClientRect(), b = a.getBoundingClientRect();
        return b.top >= c.top - 1 && b.bottom <= c.bottom + 1""")


def test_navigation_in_a_large_category_keeps_the_content_column_current(page):
    """An item far from the list's window (from the search), then the category (its breadcrumb):
    the content column shows what a fresh load of each page shows, and Back restores it."""
    page.open(LARGE + "parts/part-0300/", 1440)
    mark(page)
    start = content_list(page)
    assert start["window"].startswith(f"Showing 275–324 of {LARGE_COUNT:,}")

    far = LARGE_COUNT - 500
    field = page.driver.find_element(By.ID, "search-input")
    field.send_keys(f"{far:04d}")
    page.wait(lambda: page.js("return document.querySelectorAll('.search-results a').length") == 1)
    press(page, Keys.ENTER)
    page.wait(lambda: detail_title(page) == part_title(far))
    assert same_document(page), "the same category: opened in place"
    swapped = content_list(page)
    assert swapped["window"].startswith(f"Showing {far - 25:,}–{far + 24:,} of {LARGE_COUNT:,}"), swapped["window"]
    assert swapped["selected"] == [[LARGE + f"parts/part-{far:04d}/", "page"]]
    assert selection_in_view(page), "the selection is scrolled into view"
    page.open(LARGE + f"parts/part-{far:04d}/")
    assert content_list(page) == swapped, "as a fresh load shows it"

    page.driver.back()
    page.wait(lambda: detail_title(page) == part_title(300))
    assert content_list(page) == start
    mark(page)
    page.js("[...document.querySelectorAll('.breadcrumbs a')].find((a) => a.textContent === 'Parts').click()")
    page.wait(lambda: page.js("return document.body.dataset.kind") == "category")
    assert same_document(page)
    # The breadcrumb leads to the list page that holds the item, scrolled to its row.
    assert page.driver.current_url == LARGE + "parts/page/6/#entry-parts/part-0300"
    page.wait(lambda: page.js("return document.getElementById('entry-parts/part-0300')?.hasAttribute('data-target')"))
    category = content_list(page)
    assert category["window"] is None and category["selected"] == []
    # The item is the last of page 6, so the whole list may already be drawn virtually.
    if not page.js("return !!document.querySelector('.list[data-virtual]')"):
        assert f"Page 6 of {-(-LARGE_COUNT // LIST_WINDOW)}" in category["pages"]
        assert category["entries"][0] == LARGE + "parts/part-0251/"
        page.scripts(False)
        page.open(LARGE + "parts/page/6/")
        assert content_list(page) == category, "as the page itself shows it"


def test_choosing_neighbours_in_a_window_keeps_the_entries_in_place(page):
    """Each item page of a large category has its own window; choosing the next entry must
    not make the list jump under the pointer."""
    page.open(LARGE + "parts/part-0300/", 1440)
    mark(page)
    top = ("return [...document.querySelectorAll('[data-column=content] .list a')]"
           ".find((a) => a.href.endsWith('part-0305/')).getBoundingClientRect().top")
    before = page.js(top)
    click_link_to(page, "[data-column=content] .list a", "part-0305/")
    page.wait(lambda: detail_title(page) == part_title(305))
    assert same_document(page)
    assert abs(page.js(top) - before) <= 1
    assert content_list(page)["window"].startswith(f"Showing 280–329 of {LARGE_COUNT:,}")
    page.js("document.querySelector('[data-column=content] .list a[href$=\"part-0306/\"]').focus()")
    press(page, Keys.ENTER)
    page.wait(lambda: detail_title(page) == part_title(306))
    assert active(page) == part_title(306), "focus stays on the chosen entry"


def scrolls(page):
    return page.js("""const c = document.querySelector('[data-column=content]'), d = document.querySelector('[data-column=detail]');
        return [Math.round(scrollY), Math.round(c.scrollTop), Math.round(d.scrollTop)]""")


def entry(page, n):
    """Entry n of the content column's list. Clicked for real: Chrome's Back skips entries
    that a page pushed without a user's gesture."""
    return page.driver.find_elements(By.CSS_SELECTOR, "[data-column=content] .list a")[n]


def test_back_and_forward_restore_where_each_page_was_left(page):
    """Back, Forward, Back: each time the lists are where the user left them on that entry."""
    page.open(LARGE + "parts/", 1440)
    mark(page)
    content = "document.querySelector('[data-column=content]')"
    page.js(f"{content}.scrollTop = 600")
    entry(page, 15).click()
    page.wait(lambda: detail_title(page) == part_title(16))
    page.js(f"{content}.scrollTop = 1200")
    entry(page, 30).click()
    page.wait(lambda: detail_title(page) == part_title(31))
    page.js(f"{content}.scrollTop = 300")
    page.driver.back()
    page.wait(lambda: detail_title(page) == part_title(16))
    assert scrolls(page)[1] == 1200, "as left on that entry"
    page.js(f"{content}.scrollTop = 900")
    page.driver.forward()
    page.wait(lambda: detail_title(page) == part_title(31))
    assert scrolls(page)[1] == 300
    page.driver.back()
    page.wait(lambda: detail_title(page) == part_title(16))
    assert scrolls(page)[1] == 900, "where the user was on the second visit"
    page.driver.back()
    page.wait(lambda: detail_title(page) == "Parts")
    assert scrolls(page)[1] == 600
    assert same_document(page)


def test_back_and_forward_restore_the_page_scroll_on_a_phone(page):
    page.open(LARGE + "parts/", 390)
    mark(page)
    page.js("window.scrollTo(0, 2000)")
    # Near the end of the page's part of the list: the whole list, drawn virtually.
    page.wait(lambda: page.js("return !!document.querySelector('.list[data-virtual] a[href$=\"part-0041/\"]')"))
    # (The rows kept their places on screen: the page's scroll is that much further.)
    left = scrolls(page)[0]
    assert 2000 <= left < 2300
    page.driver.find_element(By.CSS_SELECTOR, "[data-column=content] .list a[href$='part-0041/']").click()
    page.wait(lambda: detail_title(page) == part_title(41) and page.visible_columns() == ["detail"])
    assert scrolls(page)[0] == 0, "the item opens at its top"
    page.driver.back()
    page.wait(lambda: page.visible_columns() == ["content"])
    assert scrolls(page)[0] == left
    page.js("window.scrollTo(0, 1500)")
    page.driver.forward()
    page.wait(lambda: page.visible_columns() == ["detail"])
    page.driver.back()
    page.wait(lambda: page.visible_columns() == ["content"])
    assert scrolls(page)[0] == 1500, "where the list was left the second time"
    assert same_document(page)


def push_rain_then_drizzle(page):
    """From Weather's page, Rain then its sub-item Drizzle, each pushed in place; the history's
    length before them."""
    mark(page)
    length = page.js("return history.length")
    click(page, "[data-column=content] a[href$='rain/']")
    page.wait(lambda: detail_title(page) == "Rain")
    click(page, ".subitems a[href$='drizzle/']")
    page.wait(lambda: detail_title(page) == "Drizzle")
    assert page.js("return history.length") == length + 2
    return length


def test_escape_pops_without_growing_the_history(fresh_tab):
    """After a push, Escape is Back: the entry is popped, Forward returns to it."""
    page = fresh_tab
    page.open(EXAMPLE + "weather/", 1440)
    length = push_rain_then_drizzle(page)
    page.js("document.activeElement.blur()")
    press(page, Keys.ESCAPE)
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/rain/")
    press(page, Keys.ESCAPE)
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/")
    assert page.js("return history.length") == length + 2, "Escape added no entry"
    assert same_document(page)
    page.driver.forward()
    page.wait(lambda: detail_title(page) == "Rain", message="Forward returns to the popped page")


def test_escape_on_a_page_opened_directly_replaces_it_with_its_parent(fresh_tab):
    page = fresh_tab
    page.open(EXAMPLE + "weather/rain/drizzle/", 1440)
    mark(page)
    length = page.js("return history.length")
    page.js("document.activeElement.blur()")
    press(page, Keys.ESCAPE)
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/rain/")
    assert detail_title(page) == "Rain" and same_document(page)
    # Sideways to a sibling, then Escape: the parent replaces the sibling.
    click(page, "[data-column=content] a[href$='sun/']")
    page.wait(lambda: detail_title(page) == "Sun")
    assert page.js("return history.length") == length + 1
    press(page, Keys.ESCAPE)
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/")
    assert page.js("return history.length") == length + 1
    press(page, Keys.ESCAPE)
    page.wait(lambda: page.driver.current_url == EXAMPLE, message="to the home page, which loads")
    assert page.js("return history.length") == length + 1
    page.driver.back()
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/rain/" and detail_title(page) == "Rain",
              message="Back skips the popped pages")


def current_marks(page):
    """Every aria-current on the page: (where, link target or text, value)."""
    return page.js("""return [...document.querySelectorAll('[aria-current]')].map((e) => [
        e.closest('[data-column]')?.dataset.column ?? e.closest('nav, header')?.className ?? '',
        e.href ?? e.textContent.trim(), e.getAttribute('aria-current')])""")


def test_aria_current_marks_the_page_once_and_the_selected_chain_as_true(page):
    page.open(EXAMPLE + "teams/design/ada/", 1440)
    assert current_marks(page) == [
        ["breadcrumbs", EXAMPLE + "teams/design/ada/", "page"],
        ["sidebar", EXAMPLE + "teams/", "true"],
        ["content", EXAMPLE + "teams/design/", "true"],
        ["detail", "Ada Lovelace", "true"],
    ]
    page.open(EXAMPLE + "teams/", 1440)
    assert [m for m in current_marks(page) if m[2] == "page"] == [
        ["breadcrumbs", EXAMPLE + "teams/", "page"], ["sidebar", EXAMPLE + "teams/", "page"]]


def test_aria_current_after_navigation_in_place_is_what_a_fresh_load_writes(page):
    steps = [
        (EXAMPLE + "weather/", None),
        (EXAMPLE + "weather/rain/", "[data-column=content] a[href$='rain/']"),
        (EXAMPLE + "weather/rain/drizzle/", ".subitems a[href$='drizzle/']"),
        (EXAMPLE + "weather/sun/", "[data-column=content] a[href$='sun/']"),
        (EXAMPLE + "weather/", ".back-link"),
    ]
    page.open(steps[0][0], 1440)
    mark(page)
    swapped = []
    for url, selector in steps[1:]:
        page.js("document.querySelector(arguments[0]).click()", selector)
        page.wait(lambda: page.driver.current_url == url)
        page.wait(lambda: page.js("return document.querySelector('.breadcrumbs a[aria-current]').href") == url)
        swapped.append(current_marks(page))
    assert same_document(page)
    for (url, _), marks in zip(steps[1:], swapped):
        page.open(url)
        assert marks == current_marks(page), url


def test_the_back_link_pops_to_a_page_behind_it_and_back_then_leaves_the_stack(fresh_tab):
    """home → Weather (a page load) → Rain → Drizzle (in place): the breadcrumb to Weather goes
    back two entries instead of pushing, so Back then leaves the stack, to the home page."""
    page = fresh_tab
    page.open(EXAMPLE, 1440)
    click(page, "[data-column=sidebar] a[href$='weather/']")
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/")
    length = push_rain_then_drizzle(page)
    click_link_to(page, ".breadcrumbs a:not([aria-current])", "weather/")
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/")
    assert same_document(page), "popped in place"
    assert page.js("return history.length") == length + 2, "the pop added no entry"
    page.driver.back()
    page.wait(lambda: page.driver.current_url == EXAMPLE, message="Back after the pop leaves the stack")
    page.driver.forward()
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/")
    page.driver.forward()
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/rain/", message="Forward returns to the popped pages")


def test_the_back_link_pops_across_page_loads_on_a_phone(fresh_tab):
    """Teams → home → Weather, each a page load: Weather's back link goes back to home, and
    Back from there to Teams, where the stack began."""
    page = fresh_tab
    page.open(EXAMPLE + "teams/", 390)
    length = page.js("return history.length")
    click(page, ".back-link")
    page.wait(lambda: page.driver.current_url == EXAMPLE)
    assert page.js("return history.length") == length + 1, "Teams was opened directly: home is pushed"
    link = next(e for e in page.driver.find_elements(By.CSS_SELECTOR, "[data-column] a[href$='weather/']") if e.is_displayed())
    link.click()
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/")
    length = page.js("return history.length")
    click(page, ".back-link")
    page.wait(lambda: page.driver.current_url == EXAMPLE)
    assert page.js("return history.length") == length, "the pop added no entry"
    page.driver.back()
    page.wait(lambda: page.driver.current_url == EXAMPLE + "teams/", message="Back after the pop leaves the stack")


def test_the_breadcrumb_of_an_item_found_in_the_whole_list_pops_to_the_list(fresh_tab):
    """Parts (page 1) → filter → part 300, in place: the item's breadcrumb names the list page
    holding it (page 6), but the user came from page 1 of the same list, so it goes back
    there, and Back then leaves the stack, to the home page."""
    page = fresh_tab
    page.open(LARGE, 1440)
    click(page, "[data-column=sidebar] a[href$='parts/']")
    page.wait(lambda: page.driver.current_url == LARGE + "parts/")
    mark(page)
    field = page.driver.find_element(By.CSS_SELECTOR, ".filter-input")
    field.send_keys(f"{300:04d}")
    page.wait(lambda: visible_titles(page) == [part_title(300)], timeout=15)
    click(page, "[data-column=content] .list a[href$='part-0300/']")
    page.wait(lambda: detail_title(page) == part_title(300))
    assert same_document(page), "opened in place"
    length = page.js("return history.length")
    crumb = next(e for e in page.driver.find_elements(By.CSS_SELECTOR, ".breadcrumbs a") if e.text == "Parts")
    assert crumb.get_attribute("href") == LARGE + "parts/page/6/#entry-parts/part-0300"
    crumb.click()
    page.wait(lambda: page.driver.current_url == LARGE + "parts/", message="popped to the page the item was chosen on")
    assert same_document(page), "popped in place"
    assert page.js("return history.length") == length, "the pop added no entry"
    page.driver.back()
    page.wait(lambda: page.driver.current_url == LARGE, message="Back after the pop leaves the stack")


def test_a_page_opened_directly_pushes_its_parent(fresh_tab):
    page = fresh_tab
    page.open(EXAMPLE + "weather/rain/drizzle/", 1440)
    length = page.js("return history.length")
    click(page, ".detail-back")
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/rain/")
    assert page.js("return history.length") == length + 1, "nothing behind it: a normal navigation"
    page.driver.back()
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/rain/drizzle/")


def fetched(page, path):
    """How many times the page at `path` (relative to the example site) was fetched."""
    return page.js("""return performance.getEntriesByType('resource')
        .filter((e) => e.name === new URL(arguments[0], location.href).href).length""", EXAMPLE + path)


def test_an_entry_is_fetched_while_the_pointer_rests_on_it_and_opens_from_that_fetch(page):
    page.open(EXAMPLE + "weather/", 1440)
    assert fetched(page, "weather/rain/") == 0
    entry = page.driver.find_element(By.CSS_SELECTOR, "[data-column=content] a[href$='rain/']")
    ActionChains(page.driver).move_to_element(entry).perform()
    page.wait(lambda: fetched(page, "weather/rain/") == 1, message="prefetched on hover")
    entry.click()
    page.wait(lambda: detail_title(page) == "Rain")
    assert fetched(page, "weather/rain/") == 1, "the click used the prefetched page"
    # Focus prefetches too: the next entry by keyboard.
    page.js("document.querySelector(\"[data-column=content] a[href$='sun/']\").focus()")
    page.wait(lambda: fetched(page, "weather/sun/") == 1, message="prefetched on focus")
    # A link that leaves the category gets a prefetch hint for the browser's own load.
    other = page.driver.find_element(By.CSS_SELECTOR, "[data-column=sidebar] a[href$='teams/']")
    ActionChains(page.driver).move_to_element(other).perform()
    page.wait(lambda: page.js("return !!document.querySelector(\"link[rel=prefetch][href$='/teams/']\")"),
              message="a prefetch hint for a page outside the category")
    assert not page.logs()


COUNT_TRANSITIONS = """
    window.__transitions = [];
    const start = document.startViewTransition.bind(document);
    document.startViewTransition = (update) => {
      window.__transitions.push(document.documentElement.dataset.transition);
      return start(update);
    };"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_push_and_pop_animate_unless_motion_is_reduced(page, motion):
    page.media({"prefers-color-scheme": "light", "prefers-reduced-motion": motion})
    page.open(EXAMPLE + "weather/", 1440)
    assert page.js("return typeof document.startViewTransition") == "function"
    page.js(COUNT_TRANSITIONS)
    click(page, "[data-column=content] a[href$='rain/']")
    page.wait(lambda: detail_title(page) == "Rain")
    page.driver.back()
    page.wait(lambda: page.driver.current_url == EXAMPLE + "weather/" and detail_title(page) != "Rain")
    transitions = page.js("return window.__transitions")
    if motion == "reduce":
        assert transitions == []
    else:
        assert transitions == ["forward", "back"]
    # A page load: the view-transition rule is there only without reduced motion.
    active = page.js("""return [...document.styleSheets].some((sheet) => [...sheet.cssRules].some((rule) =>
        rule instanceof CSSMediaRule && matchMedia(rule.conditionText).matches
        && [...rule.cssRules].some((inner) => inner.constructor.name === 'CSSViewTransitionRule')))""")
    assert active == (motion != "reduce")


def test_on_a_phone_the_column_pushed_slides_in_over_the_one_it_covers(page):
    page.open(EXAMPLE + "weather/", 390)
    mark(page)
    # Slowed down, so that the animations can be read while they run.
    page.js("""const style = document.createElement('style');
        style.textContent = '::view-transition-group(*), ::view-transition-old(*), ::view-transition-new(*) { animation-duration: 30s !important; }';
        document.head.append(style);""")
    click_link_to(page, "[data-column=content] a", "rain/")
    page.wait(lambda: page.js("return document.getAnimations().length > 0"), message="no animation")
    running = page.js("return document.getAnimations().map((a) => `${a.effect?.pseudoElement}:${a.animationName ?? ''}`)")
    assert same_document(page), "navigation in place"
    # The list goes as the item comes: both are the stack's page.
    assert "::view-transition-new(stacks-detail):stacks-slide-in" in running, running
    assert "::view-transition-old(stacks-detail):stacks-fade-out" in running, running
    page.js("document.activeViewTransition?.skipTransition()")
    page.wait(lambda: page.visible_columns() == ["detail"])
    # A page load animates the same: whichever column shows is the one named.
    # (The home's two, its introduction over its categories, as one.)
    for path, shown in [("", "columns"), ("weather/", "content"), ("weather/rain/", "detail")]:
        page.open(EXAMPLE + path, 390)
        assert page.visible_columns() == (["sidebar", "detail"] if shown == "columns" else [shown])
        names = page.js("""return Object.fromEntries([...document.querySelectorAll('.columns, [data-column]')]
            .filter((c) => c.getClientRects().length && getComputedStyle(c).viewTransitionName !== 'none')
            .map((c) => [c.dataset.column ?? 'columns', getComputedStyle(c).viewTransitionName]))""")
        assert names == {shown: "stacks-detail"}, names
    page.open(EXAMPLE + "weather/", 1440)
    names = page.js("return [...document.querySelectorAll('[data-column]')].map((c) => getComputedStyle(c).viewTransitionName)")
    assert names == ["none", "none", "stacks-detail"], "wider, the detail alone slides"
    assert not page.logs()


def test_a_click_during_a_transition_reaches_the_page_under_it(page):
    page.open(EXAMPLE + "weather/", 1440)
    # A transition slowed to 30 s: while it runs, its overlay covers the page.
    page.js("""const style = document.createElement('style');
        style.textContent = '::view-transition-group(*), ::view-transition-old(*), ::view-transition-new(*) { animation-duration: 30s !important; }';
        document.head.append(style);
        window.__running = document.startViewTransition(() => {});
        window.__running.ready.then(() => { window.__ready = true; }, () => {});""")
    page.wait(lambda: page.js("return window.__ready === true && document.getAnimations().length > 0"))
    link = page.driver.find_element(By.CSS_SELECTOR, "[data-column=content] a[href$='rain/']")
    ActionChains(page.driver).move_to_element(link).click().perform()
    page.wait(lambda: detail_title(page) == "Rain", timeout=3, message="the click went to the transition's overlay")
    page.js("window.__running.skipTransition()")
    assert not page.logs()


def test_arrow_keys_in_the_detail_open_the_items_before_and_after(page):
    page.open(EXAMPLE + "weather/", 1440)
    click(page, "[data-column=content] a[href$='rain/']")
    page.wait(lambda: detail_title(page) == "Rain")
    mark(page)
    order = page.js("return [...document.querySelectorAll('[data-column=content] .list > li:not(.category, .tag) > a > b')].map((t) => t.textContent)")
    position = order.index("Rain")
    nxt = page.js("return document.querySelector('.siblings a[rel=next] .title')?.textContent")
    prev = page.js("return document.querySelector('.siblings a[rel=prev] .title')?.textContent")
    assert nxt == (order[position + 1] if position + 1 < len(order) else None)
    assert prev == (order[position - 1] if position > 0 else None)
    page.js("document.activeElement.blur()")
    press(page, Keys.ARROW_RIGHT if nxt else Keys.ARROW_LEFT)
    page.wait(lambda: detail_title(page) == (nxt or prev), message="an arrow opens the neighbour in place")
    assert same_document(page)
    press(page, Keys.ARROW_LEFT if nxt else Keys.ARROW_RIGHT)
    page.wait(lambda: detail_title(page) == "Rain", message="and the other arrow comes back")
    assert not page.logs()
