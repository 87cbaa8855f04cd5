"""A large category's list: the filter over all its entries after one request for its index,
and a virtual list that keeps a few hundred rows in the document however long it is."""
import unicodedata

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import LARGE, LARGE_COUNT, PORTABLE_WINDOW_DIR
from generate_catalog import WORDS, part_title

ROWS = "document.querySelectorAll('[data-column=content] .list > li')"
VIRTUAL = "return !!document.querySelector('[data-column=content] .list[data-virtual]')"
# The most rows the script may keep in the document (drawWindow's cap).
MAX_ROWS = 400


def fold(text):
    """The script's fold: without marks, lower case, spaces collapsed."""
    text = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    return " ".join(text.lower().split())


def part_text(n):
    """What the filter matches of part n: its title, summary and tags (generate_catalog.py)."""
    word = WORDS[n % len(WORDS)]
    tags = [word, f"size-{n % 5}"] + (["rare-find"] if n == LARGE_COUNT - 3 else [])
    return fold(f"{part_title(n)} A {word} for general use, batch {n % 13} {', '.join(tags)}")


def matches(query):
    words = fold(query).split()
    return [n for n in range(1, LARGE_COUNT + 1) if all(w in part_text(n) for w in words)]


def rows(page):
    """The rows in the document: [posinset, setsize, title, aria-current]."""
    return page.js(f"""return [...{ROWS}].map((li) => [Number(li.getAttribute('aria-posinset')),
        Number(li.getAttribute('aria-setsize')), li.querySelector(':scope > a > b').textContent,
        li.querySelector('a').getAttribute('aria-current')])""")


def requests(page):
    """What the page fetched since the last clear, but images (the rows' icons)."""
    return page.js("""return performance.getEntriesByType('resource')
        .filter((e) => e.initiatorType !== 'img').map((e) => new URL(e.name).pathname)""")


def press(page, *keys):
    ActionChains(page.driver).send_keys(*keys).perform()


def active_position(page):
    return page.js("return Number(document.activeElement.closest('li')?.getAttribute('aria-posinset'))")


@pytest.fixture
def slow_network(page):
    """Each request takes 600 ms more, so that what the page shows meanwhile can be seen."""
    page.driver.execute_cdp_cmd("Network.enable", {})
    # An index fetched by an earlier test would come from the cache, without the latency.
    page.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    page.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 600, "downloadThroughput": -1, "uploadThroughput": -1})
    yield
    page.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    page.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def test_one_keystroke_filters_the_whole_category_after_one_request(page):
    page.open(LARGE + "parts/", 1440)
    assert len(rows(page)) == 50
    page.js("performance.clearResourceTimings()")
    field = page.driver.find_element(By.CSS_SELECTOR, ".filter-input")
    field.send_keys("7")
    expected = matches("7")
    assert 50 < len(expected) < LARGE_COUNT
    page.wait(lambda: page.js(VIRTUAL), timeout=10)
    shown = rows(page)
    assert {setsize for _, setsize, _, _ in shown} == {len(expected)}, "aria-setsize is the number of matches"
    assert [title for _, _, title, _ in shown] == [part_title(n) for n in expected[:len(shown)]]
    assert len(shown) <= MAX_ROWS
    assert page.js("""const c = document.querySelector('[data-column=content]').getBoundingClientRect();
        return document.querySelector('.filter-input').getBoundingClientRect().top >= c.top"""), "the filter stays in view"
    page.screenshot("virtual-list-filtered")
    fetched = requests(page)
    print(f"\n  filter '7': {len(expected)} of {LARGE_COUNT} entries after {len(fetched)} request(s): {fetched}")
    assert fetched == ["/large/site/parts/page/entries.json"], "one request: the category's index"
    assert not page.logs()


def test_filtering_all_entries_takes_under_50_ms(page):
    page.open(LARGE + "parts/part-0300/", 1440)
    field = page.driver.find_element(By.CSS_SELECTOR, ".filter-input")
    field.send_keys("b")
    page.wait(lambda: page.js(VIRTUAL), timeout=10)
    times = {}
    # The input event is handled at once, once the index is here: filter and rows drawn.
    for query in ("bo", "bolt", "a", "creme", "zzz", ""):
        times[query] = page.js("""const input = document.querySelector('.filter-input');
            const start = performance.now();
            input.value = arguments[0];
            input.dispatchEvent(new Event('input', {bubbles: true}));
            return performance.now() - start""", query)
        expected = len(matches(query)) if query else LARGE_COUNT
        assert (rows(page)[0][1] if expected else len(rows(page))) == expected, query
    print("\n  filter times (ms) over", LARGE_COUNT, "entries:", {k: round(v, 1) for k, v in times.items()})
    assert max(times.values()) < 50, times
    assert page.js("return document.querySelector('.filter-empty').hidden")


def test_while_the_index_loads_the_list_says_so_never_that_nothing_matches(page, slow_network):
    page.open(LARGE + "parts/", 1440)
    field = page.driver.find_element(By.CSS_SELECTOR, ".filter-input")
    field.send_keys("rare-find")
    note = "return document.querySelector('.filter-empty')?.hidden ? '' : document.querySelector('.filter-empty')?.textContent"
    assert page.js(note) == f"Loading all {LARGE_COUNT:,} entries…"
    assert not page.js(VIRTUAL)
    page.wait(lambda: page.js(VIRTUAL), timeout=10)
    assert [title for _, _, title, _ in rows(page)] == [part_title(LARGE_COUNT - 3)]
    assert page.js(note) == ""
    field.send_keys("zzz")
    assert page.js(note) == "No entries match “rare-findzzz”."


def test_the_rows_in_the_document_stay_bounded_while_scrolling_to_the_end(page):
    page.open(LARGE + "parts/part-0300/", 1440)
    column = "document.querySelector('[data-column=content]')"
    page.js(f"{column}.scrollTop = {column}.scrollHeight")
    page.wait(lambda: page.js(VIRTUAL), timeout=10)
    most = 0
    for _ in range(400):
        page.js(f"{column}.scrollTop += {column}.clientHeight * 2")
        page.js("return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        shown = rows(page)
        most = max(most, len(shown))
        positions = [p for p, _, _, _ in shown]
        assert positions == list(range(positions[0], positions[0] + len(positions))), "rows in order, none missing"
        if positions[-1] == LARGE_COUNT:
            break
    assert positions[-1] == LARGE_COUNT, "the end of the list is drawn before it is reached"
    page.js(f"{column}.scrollTop = {column}.scrollHeight")
    page.js("return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    shown = rows(page)
    most = max(most, len(shown))
    assert shown[-1][2] == part_title(LARGE_COUNT)
    page.screenshot("virtual-list-end")
    print(f"\n  at most {most} rows in the document over {LARGE_COUNT} entries")
    assert most <= MAX_ROWS
    # The last row is in view at the bottom of the column.
    assert page.js(f"""const c = {column}.getBoundingClientRect();
        const b = document.querySelector('li[aria-posinset="{LARGE_COUNT}"]').getBoundingClientRect();
        return b.top >= c.top && b.bottom <= c.bottom + 1""")
    assert not page.logs()


def test_keyboard_moves_through_all_entries_of_a_virtual_list(page):
    page.open(LARGE + "parts/part-0300/", 1440)
    field = page.driver.find_element(By.CSS_SELECTOR, ".filter-input")
    field.send_keys("x")
    field.send_keys(Keys.BACKSPACE)
    page.wait(lambda: page.js(VIRTUAL), timeout=10)
    press(page, Keys.ARROW_DOWN)
    assert active_position(page) == 1, "down from the filter: the first entry"
    last_drawn = max(p for p, _, _, _ in rows(page))
    assert last_drawn < LARGE_COUNT
    page.js(f"document.querySelector('li[aria-posinset=\"{last_drawn}\"] a').focus()")
    press(page, Keys.ARROW_DOWN)
    assert active_position(page) == last_drawn + 1, "past the rows that were drawn"
    press(page, Keys.END)
    assert active_position(page) == LARGE_COUNT
    assert page.js("return document.activeElement.querySelector(':scope > b').textContent") == part_title(LARGE_COUNT)
    press(page, Keys.ARROW_UP)
    assert active_position(page) == LARGE_COUNT - 1
    press(page, Keys.HOME)
    assert active_position(page) == 1
    press(page, Keys.ARROW_UP)
    assert page.js("return document.activeElement.classList.contains('filter-input')"), "up from the top: the filter"
    assert len(rows(page)) <= MAX_ROWS


def test_end_and_home_reach_the_ends_of_the_whole_list_before_its_index_is_here(page, slow_network):
    """On a list shown 50 rows at a time, End is the category's last entry, not the last row
    drawn: the list says it is loading all its entries, then the focus lands on the last."""
    page.open(LARGE + "parts/part-0300/", 1440)
    assert not page.js(VIRTUAL)
    page.js("document.querySelector('[data-column=content] .list li a').focus()")
    press(page, Keys.END)
    note = "return document.querySelector('.list-loading')?.textContent ?? ''"
    assert page.js(note) == f"Loading all {LARGE_COUNT:,} entries…"
    page.wait(lambda: active_position(page) == LARGE_COUNT, timeout=10, message="the last entry focused")
    assert page.js("return document.activeElement.querySelector(':scope > b').textContent") == part_title(LARGE_COUNT)
    assert page.js(note) == ""
    press(page, Keys.HOME)
    assert active_position(page) == 1
    assert not page.logs()


def test_rows_say_where_they_are_and_the_current_entry_stays_marked(page):
    page.open(LARGE + "parts/part-0300/", 1440)
    # The window a page shows says where it is in the whole list.
    shown = rows(page)
    assert [p for p, _, _, _ in shown] == list(range(275, 325))
    assert {s for _, s, _, _ in shown} == {LARGE_COUNT}
    column = "document.querySelector('[data-column=content]')"
    page.js(f"{column}.scrollTop = {column}.scrollHeight")
    page.wait(lambda: page.js(VIRTUAL), timeout=10)
    # Scrolled back to the selection: it is drawn marked.
    page.js(f"""const list = document.querySelector('[data-column=content] .list');
        const height = parseFloat(list.style.getPropertyValue('--row-height'));
        {column}.scrollTop = list.offsetTop + 299 * height - 200""")
    page.wait(lambda: page.js("return !!document.querySelector('li[aria-posinset=\"300\"]')"))
    marked = [(p, title, current) for p, _, title, current in rows(page) if current]
    assert marked == [(300, part_title(300), "page")]
    assert {s for _, s, _, _ in rows(page)} == {LARGE_COUNT}
    # Opening another entry moves the mark, in place.
    page.js("document.querySelector('li[aria-posinset=\"302\"] a').click()")
    page.wait(lambda: page.js("return location.pathname").endswith("part-0302/"))
    page.wait(lambda: [p for p, _, _, c in rows(page) if c] == [302])


@pytest.mark.skipif(not PORTABLE_WINDOW_DIR.exists(), reason="no portable build with small windows")
def test_from_disk_the_filter_loads_the_index_by_a_script(page):
    page.scripts(False)
    page.open((PORTABLE_WINDOW_DIR / "weather" / "index.html").as_uri(), 1440)
    assert len(rows(page)) == 2, "without the script, a page of the list"
    page.scripts(True)
    page.open((PORTABLE_WINDOW_DIR / "weather" / "index.html").as_uri(), 1440)
    field = page.driver.find_element(By.CSS_SELECTOR, ".filter-input")
    field.send_keys("sun")
    page.wait(lambda: page.js(VIRTUAL))
    assert [title for _, _, title, _ in rows(page)] == ["Sun"]
    assert page.js("return document.querySelector('.list a').href").endswith("weather/sun/index.html")
    field.clear()
    field.send_keys("w")
    assert {s for _, s, _, _ in rows(page)} == {len(rows(page))} and len(rows(page)) >= 2
    assert not page.logs()


TARGET_IN_VIEW = """const row = document.getElementById('entry-parts/part-0300');
    if (!row) return null;
    const c = document.querySelector('[data-column=content]').getBoundingClientRect(), b = row.getBoundingClientRect();
    return [b.top >= c.top && b.bottom <= c.bottom, row.matches(':target, [data-target]')]"""


@pytest.mark.parametrize("script", [False, True])
def test_back_lands_on_the_list_page_holding_the_item_at_its_row(page, script):
    page.scripts(script)
    page.open(LARGE + "parts/part-0300/", 1440)
    place = LARGE + "parts/page/6/#entry-parts/part-0300"
    assert page.js("return document.querySelector('.back-link').href") == place
    assert page.js("return [...document.querySelectorAll('.breadcrumbs a')].find((a) => a.textContent === 'Parts').href") == place
    page.js("document.querySelector('.back-link').click()")
    page.wait(lambda: page.driver.current_url == place)
    page.wait(lambda: page.js("return document.body.dataset.kind") == "category")
    # The list page holding the item (with the script, the whole list once it is near its end:
    # the item is the last on page 6).
    assert page.js("""return document.querySelector('.pagination span')?.textContent.startsWith('Page 6 of')
        || document.querySelector('.list[data-virtual] > li')?.getAttribute('aria-setsize') === arguments[0]""", str(LARGE_COUNT))
    page.wait(lambda: page.js(TARGET_IN_VIEW) == [True, True], message="the item's row in view and marked")
    page.screenshot(f"back-lands-{'script' if script else 'plain'}")
    assert not page.logs()


def test_back_to_a_virtual_list_draws_and_marks_the_row(page):
    page.open(LARGE + "parts/part-0300/", 1440)
    field = page.driver.find_element(By.CSS_SELECTOR, ".filter-input")
    field.send_keys("x")
    field.send_keys(Keys.BACKSPACE)
    page.wait(lambda: page.js(VIRTUAL), timeout=10)
    page.js("document.querySelector('[data-column=content]').scrollTop = 0")
    page.js("document.querySelector('.back-link').click()")
    page.wait(lambda: page.js("return document.body.dataset.kind") == "category")
    marked = "return [...document.querySelectorAll('.list > li[data-target]')].map((e) => Number(e.getAttribute('aria-posinset')))"
    page.wait(lambda: page.js(marked) == [300])
    assert page.js("""const row = document.querySelector('.list > li[data-target]');
        const c = document.querySelector('[data-column=content]').getBoundingClientRect(), b = row.getBoundingClientRect();
        return b.top >= c.top && b.bottom <= c.bottom""")
