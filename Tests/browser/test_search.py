"""The site search over its sharded index: words of the body found and marked in a snippet,
results ranked and grouped, little loaded per query, and the same from disk."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import EXAMPLE, LARGE, PLAIN, PORTABLE_DIR

RESULTS = "return document.querySelectorAll('.search-results a').length"

# The results as shown: title, breadcrumbs, snippet (its <mark>s as [word]), group heading.
SHOWN = """return [...document.querySelectorAll('.search-results a')].map((a) => [
    a.querySelector('.title').textContent, a.querySelector('.path').textContent,
    [...a.querySelector('.snippet').childNodes].map((n) => n.nodeType === 3 ? n.data
        : n.localName === 'mark' && n.children.length === 0 ? `[${n.textContent}]` : `<${n.localName}>`).join(''),
    a.closest('.search-group').querySelector('.search-group-title')?.textContent ?? ''])"""

# Bytes of the search's files loaded since `window.__searchBytesFrom` entries.
SEARCH_BYTES = """const entries = performance.getEntriesByType('resource').filter((e) => e.name.includes('/_stacks/search/'));
    return [entries.length, entries.reduce((sum, e) => sum + Math.max(e.encodedBodySize, e.transferSize), 0),
            entries.filter((e) => e.name.includes('/pages/')).length]"""


def type_query(page, text):
    field = page.driver.find_element(By.ID, "search-input")
    field.clear()
    page.js("document.querySelector('.search-results').replaceChildren()")
    field.send_keys(text)
    page.wait(lambda: page.js(RESULTS) > 0, message=f"results for {text!r}")
    return page.js(SHOWN)


def test_a_word_only_in_a_body_is_found_and_marked_in_its_snippet(page):
    page.open(EXAMPLE + "traffic/car/", 1440)
    shown = type_query(page, "soaks")
    assert shown[0][:2] == ["Drizzle", "Weather › Rain"]
    assert "[soaks]" in shown[0][2], shown[0][2]
    assert "<" not in shown[0][2], "text and <mark> only"
    assert shown[0][3] == "Weather", "grouped under its top category"
    # The last word typed is a prefix: "umbrel" finds "umbrella" (in Drizzle's body).
    shown = type_query(page, "umbrel")
    assert any(title == "Drizzle" and "[umbrella]" in snippet for title, _, snippet, _ in shown), shown


def test_title_matches_rank_first_and_groups_follow_their_best_result(page):
    page.open(EXAMPLE + "traffic/car/", 1440)
    shown = type_query(page, "rain")
    assert shown[0][0] == "Rain", shown
    # Within a group, pages with the word in the title come before those with it in the text.
    for group in {group for *_, group in shown}:
        titled = ["rain" in title.lower() for title, _, _, g in shown if g == group]
        assert titled == sorted(titled, reverse=True), shown
    groups = [group for *_, group in shown]
    seen = []
    for group in groups:
        if not seen or seen[-1] != group:
            assert group not in seen, f"one group per category: {groups}"
            seen.append(group)
    status = page.js("return document.querySelector('.search-status').textContent")
    assert "result" in status
    page.screenshot("search-rain")


@pytest.mark.parametrize("query, first", [("!", "!"), ("[[", "[["), ("c++", "c++"), ("C++", "c++"), ("tar.gz", "tar.gz"),
                                          ("c", "c"), ("tar", "tar")])
def test_a_command_named_by_symbols_is_found_by_its_name(page, query, first):
    page.open(PLAIN + "commands/", 1440)
    shown = type_query(page, query)
    assert shown[0][:2] == [first, "Commands"], shown
    assert not page.logs()


@pytest.mark.parametrize("width", [390, 1440])
@pytest.mark.parametrize("query, first", [("docker", "docker"), ("Docker", "docker"), ("dock", "docker"),
                                          ("docker build", "docker build"), ("docker compose", "docker compose"),
                                          ("docker-build", "docker build"), ("compose", "docker compose")])
def test_the_page_named_by_the_query_comes_first_among_hundreds_named_after_it(page, width, query, first):
    """`docker` is one page among 313 whose titles start with it (`docker build`, …): the
    ranking covers every match, not the ten shown, so `docker` itself is first, in a row of
    its own above the groups; then titles starting with the query, shorter first."""
    page.open(PLAIN + "commands/", width)
    shown = type_query(page, query)
    assert shown[0][0] == first, shown[:4]
    # A row of its own when there are others to set it apart from.
    assert shown[0][3] == ("Best match" if len(shown) > 1 else "Commands"), shown[:2]
    assert all(group != "Best match" for *_, group in shown[1:]), "one best match"
    if query.lower() in ("docker", "dock"):
        titles = [title for title, *_ in shown]
        assert all(title.startswith("docker") for title in titles), titles
        assert [len(title.split()) for title in titles] == sorted(len(title.split()) for title in titles), titles
        status = page.js("return document.querySelector('.search-status').textContent")
        assert status.startswith("10 of 31"), status
    assert not page.logs()
    if (width, query) in ((390, "docker"), (1440, "docker")):
        page.screenshot(f"search-docker-{width}")


@pytest.mark.parametrize("width", [390, 1440])
@pytest.mark.parametrize("query, found, marked", [("archive", "tar", "Archiving"), ("archived", "tar", "Archiving"),
                                                  ("compressing ", "tar.gz", "compressed")])
def test_a_word_finds_its_page_in_another_form(page, width, query, found, marked):
    """`tar` says "Archiving utility", `tar.gz` "A compressed archive": `archive`, a word the
    site uses, meets `archiving` by their stem (Snowball's, grouped at build time); `archived`
    and `compressing`, which it never uses, by the words that start as they do, and their
    forms. The form found is marked in the snippet."""
    page.open(PLAIN + "commands/", width)
    shown = type_query(page, query)
    hit = next((row for row in shown if row[0] == found), None)
    assert hit, shown
    assert f"[{marked}]" in hit[2], hit
    assert not page.logs()
    if (width, query) == (390, "archive"):
        page.screenshot("search-archive-390")


def test_on_a_phone_the_results_are_a_view_of_their_own_with_a_back_control(page):
    """At 390 px the search takes the screen, as a search in a NavigationStack does: the box
    and "Back" on top, the results below it to the bottom, scrolled on their own; a tap on its
    empty part keeps it; Back and Escape close it, and the page is as it was. axe finds no
    serious violation in the view."""
    from test_accessibility import serious
    page.open(PLAIN + "commands/", 390)
    scrolled = page.js("return document.scrollingElement.scrollTop")
    shown = type_query(page, "docker")
    assert shown[0][0] == "docker", shown[:2]
    view = page.js("const r = document.querySelector('.search').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
    assert view == [0, 0, 390, page.js("return innerHeight")], view
    panel = page.js("const r = document.querySelector('.search-panel').getBoundingClientRect(); return [r.top, r.bottom]")
    assert panel[1] == page.js("return innerHeight"), panel
    assert page.js("return document.elementFromPoint(195, innerHeight - 20).closest('.search-panel') !== null"), "results to the bottom"
    back = page.driver.find_element(By.CSS_SELECTOR, ".search-back")
    assert back.is_displayed() and back.text == "Back"
    page.screenshot("search-view-390")
    assert not serious(page), serious(page)
    # A tap on the view's empty part (the status line) takes the focus from the box, not the view.
    page.driver.find_element(By.CSS_SELECTOR, ".search-status").click()
    assert page.js("return !document.querySelector('.search-panel').hidden")
    back.click()
    page.wait(lambda: not page.js("return document.querySelector('.search').classList.contains('is-active')"))
    assert page.js("return document.querySelector('.search-panel').hidden")
    assert not back.is_displayed()
    assert page.js("return document.scrollingElement.scrollTop") == scrolled
    # Escape closes it too; the query is kept for the next time.
    page.driver.find_element(By.ID, "search-input").click()
    page.wait(lambda: page.js(RESULTS) > 0, message="the results again")
    page.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    page.wait(lambda: not page.js("return document.querySelector('.search').classList.contains('is-active')"))
    assert page.js("return document.activeElement !== document.getElementById('search-input')")
    # At 1440 px it stays a panel under the box.
    page.open(PLAIN + "commands/", 1440)
    type_query(page, "docker")
    assert not page.driver.find_element(By.CSS_SELECTOR, ".search-back").is_displayed()
    assert page.js("return document.querySelector('.search').getBoundingClientRect().width") < 500
    assert not page.logs()


@pytest.mark.parametrize("query, first, marked", [("炒蛋", "番茄炒蛋", "炒"), ("鸡蛋", "番茄炒蛋", "鸡"), ("冰糖", "红烧肉", "冰")])
def test_chinese_is_found_character_by_character(page, query, first, marked):
    """No stemmer for Chinese and no spaces between its words: each character is a term, and a
    query's characters all found rank the page, in its title or its text."""
    from conftest import HOMES
    page.open(HOMES + "recipes/", 1440)
    shown = type_query(page, query)
    assert shown[0][0] == first, shown[:3]
    assert f"[{marked}]" in shown[0][2] or shown[0][0].find(query) >= 0, shown[0]
    assert not page.logs()


def test_the_first_query_on_the_large_catalog_loads_little(page):
    page.open(LARGE + "parts/", 1440)
    assert page.js(SEARCH_BYTES)[0] == 0, "nothing loaded before the search is used"
    type_query(page, "bracket")
    files, first, records = page.js(SEARCH_BYTES)
    assert first < 100_000, f"first query: {first} bytes in {files} files"
    assert records <= 10, "only the records of the results shown"
    type_query(page, "valve size")
    files_after, total, _ = page.js(SEARCH_BYTES)
    assert total - first < 100_000, f"second query: {total - first} bytes"
    assert files_after > files
    print(f"large catalog: first query {first} B in {files} files, second {total - first} B")


@pytest.mark.skipif(not PORTABLE_DIR.exists(), reason="no portable build")
def test_the_search_works_from_disk(page):
    page.open((PORTABLE_DIR / "weather" / "index.html").as_uri(), 1440)
    shown = type_query(page, "soaks")
    assert shown[0][0] == "Drizzle" and "[soaks]" in shown[0][2]
    assert page.js("return document.querySelector('.search-results a').href").endswith("weather/rain/drizzle/index.html")
    assert not page.logs()


# The rows a list shows, in order (drawn rows of a virtual list, or the rows the filter keeps).
LIST_TITLES = """return [...document.querySelectorAll('[data-column=content] .list > li')]
    .filter((li) => li.getClientRects().length).map((li) => li.querySelector(':scope > a > b').textContent)"""
FILTER_COUNT = """const count = document.querySelector('[data-column=content] .filter-count');
    return count && !count.hidden ? count.textContent : ''"""


@pytest.mark.parametrize("width", [390, 1440])
@pytest.mark.parametrize("query, first, count", [("tar", ["tar", "tar.gz"], "22 of 319 entries"),
                                                 ("docker", ["docker"], "313 of 319 entries"),
                                                 ("Docker Comp", ["docker compose"], "1 of 319 entries")])
def test_the_filter_ranks_the_row_named_by_the_query_first_and_counts(page, width, query, first, count):
    """Typed in a list of 319 commands: the title that is what was typed first, then titles
    starting with it, then titles with its words, then rows that merely contain it; counted."""
    page.open(PLAIN + "commands/", width)
    field = page.driver.find_element(By.CSS_SELECTOR, "[data-column=content] .filter-input")
    field.send_keys(query)
    page.wait(lambda: page.js(FILTER_COUNT) == count, message=f"{count!r}, not {page.js(FILTER_COUNT)!r}")
    titles = page.js(LIST_TITLES)
    assert titles[:len(first)] == first, titles[:5]
    if query == "tar":
        # `start` and `restart` have "tar" in them, but no word of their titles starts with it: last.
        assert titles[2:] and all("start" in title for title in titles[2:]), titles
    if query == "tar":
        page.screenshot(f"filter-tar-{width}")
    field.clear()
    field.send_keys(" ")
    page.wait(lambda: page.js(FILTER_COUNT) == "", message="no count without a filter")


def test_the_filter_ranks_rows_in_the_document_and_gives_their_order_back(page):
    page.open(EXAMPLE + "weather/", 1440)
    before = page.js(LIST_TITLES)
    field = page.driver.find_element(By.CSS_SELECTOR, "[data-column=content] .filter-input")
    assert before == ["Sun", "Cloud", "Wind", "Rain"], before
    field.send_keys("w")
    # Wind's title starts with it; Sun ("long shadows") and Rain ("Water from the sky") only
    # have it in their summaries: Wind first, against the list's order; Cloud has none.
    assert page.js(LIST_TITLES) == ["Wind", "Sun", "Rain"]
    assert page.js(FILTER_COUNT) == "3 of 4 entries"
    field.send_keys(Keys.BACKSPACE)
    assert page.js(LIST_TITLES) == before
    assert page.js(FILTER_COUNT) == ""
    field.send_keys("wind")
    assert page.js(LIST_TITLES) == ["Wind"]
    assert page.js(FILTER_COUNT) == f"1 of {len(before)} entries"


@pytest.mark.parametrize("width", [390, 1440])
def test_more_results_reach_the_last_one(page, width):
    """31 results for `container`: ten, then twenty more, then the last, counted each time; the
    button below the results keeps the focus, so Enter again shows more. On a phone, in the
    search's own view."""
    page.open(PLAIN + "commands/", width)
    shown = type_query(page, "container")
    status = "return document.querySelector('.search-status').textContent"
    more = "const b = document.querySelector('.search-more'); return b && !b.hidden ? b.textContent : ''"
    assert len(shown) == 10 and page.js(status) == "10 of 31 results", page.js(status)
    assert page.js(more) == "More results (21 more)"
    page.js("document.querySelector('.search-more').scrollIntoView({block: 'nearest'})")
    page.driver.find_element(By.CSS_SELECTOR, ".search-more").click()
    page.wait(lambda: page.js(RESULTS) == 30, message=f"30 results shown: {page.js(status)}")
    page.screenshot(f"search-more-{width}")
    assert page.js("return document.activeElement === document.querySelector('.search-more')"), page.js("return document.activeElement.outerHTML.slice(0, 80)")
    page.driver.switch_to.active_element.send_keys(Keys.ENTER)
    page.wait(lambda: page.js(RESULTS) == 31, message=f"31 results shown: {page.js(status)}")
    assert page.js("return !document.querySelector('.search-panel').hidden")
    assert page.js(status) == "31 results"
    assert page.js(more) == "", "nothing more to show"
    titles = [title for title, *_ in page.js(SHOWN)]
    # `docker` has "containers" in its summary only: after every title with the word.
    assert len(set(titles)) == 31 and titles[-1] == "docker", titles[-3:]
    # A new query starts again from ten.
    shown = type_query(page, "image")
    assert len(shown) == 10, len(shown)
