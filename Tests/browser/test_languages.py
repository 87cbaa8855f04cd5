"""A command reference in six languages (generate_multilingual.py, at /languages/): the language
switcher on an item deep in a long list lands on the same item in the other language, with the
list scrolled to it; a language that lacks the page is marked and leads to its nearest page
above; an Arabic page mirrors without overflow; axe finds nothing serious in either direction
or theme. The suffix layout (tar.de.md, at /languages-suffix/) links its translations too."""
import pytest
from selenium.webdriver.common.by import By

from conftest import BASE
from test_accessibility import serious

SITE = BASE + "/languages/"
SUFFIX = BASE + "/languages-suffix/"
# The German catalog's `common` items, in list order, from its catalog description.
GERMAN_COMMON = """const done = arguments[arguments.length - 1];
    fetch(arguments[0] + 'de/_stacks/catalog.json').then((r) => r.json()).then((catalog) => {
      const common = catalog.children.find((c) => c.url === 'de/common/');
      done(common.children.map((c) => c.url));
    });"""
SELECTED_ROW_IN_VIEW = """const row = document.querySelector('[data-column=content] .list a[aria-current]');
    const column = document.querySelector('[data-column=content]').getBoundingClientRect();
    if (!row) return 'no selected row';
    const box = row.getBoundingClientRect();
    return box.top >= column.top && box.bottom <= column.bottom ? 'in view' : `out of view: ${box.top} not in ${column.top}–${column.bottom}`"""


def deep_german_item(page):
    page.open(SITE + "de/", 1440)
    urls = page.driver.execute_async_script(GERMAN_COMMON, SITE)
    assert len(urls) > 120, len(urls)
    return urls[len(urls) * 3 // 4]


def choose_language(page, name):
    summary = page.driver.find_element(By.CSS_SELECTOR, ".languages summary")
    summary.click()
    link = page.driver.find_element(By.XPATH, f"//details[@class='languages']//a[text()='{name}']")
    href = link.get_attribute("href")
    link.click()
    page.wait(lambda: page.driver.current_url == href, message=f"{page.driver.current_url} is not {href}")
    page.wait(lambda: page.js("return document.readyState") == "complete")


@pytest.mark.parametrize("width", [390, 1440])
def test_the_switcher_keeps_your_place_in_a_long_list(page, width):
    url = deep_german_item(page)
    page.open(SITE + url, width)
    title = page.js("return document.querySelector('[data-column=detail] h1').textContent")
    assert page.js("return document.documentElement.lang") == "de"
    choose_language(page, "English")
    assert page.driver.current_url == SITE + url[len("de/"):]
    assert page.js("return document.documentElement.lang") == "en"
    assert page.js("return document.querySelector('[data-column=detail] h1').textContent") == title
    if width >= 1024:
        # The list is this item's window, scrolled so that its row shows.
        page.wait(lambda: page.js(SELECTED_ROW_IN_VIEW) == "in view", message=page.js(SELECTED_ROW_IN_VIEW))
    page.screenshot(f"languages-switched-{width}")
    # And back: the same item in German again.
    choose_language(page, "Deutsch")
    assert page.driver.current_url == SITE + url


def test_a_language_without_the_page_is_marked_and_leads_above(page):
    page.open(SITE + "de/", 1440)
    german = set(page.driver.execute_async_script(GERMAN_COMMON, SITE))
    # An English page German lacks: German's entry in the switcher is marked and leads to its list.
    page.open(SITE + "common/", 1440)
    rows = page.js("return [...document.querySelectorAll('[data-column=content] .list a')].map((a) => new URL(a.href).pathname)")
    missing = next(path for path in rows if "de/" + path.split("/languages/", 1)[1] not in german)
    page.driver.get(BASE + missing)
    link = page.driver.find_element(By.CSS_SELECTOR, ".languages a[hreflang=de]")
    assert "missing" in link.get_attribute("class")
    # What it leads to is said once, below the items, and read with the item.
    assert link.get_attribute("aria-describedby") == "missing-translation"
    assert page.js("return document.getElementById('missing-translation').textContent.trim()")
    assert link.get_attribute("href") == SITE + "de/common/"
    # No hreflang for a translation that is not there.
    assert page.js("return document.querySelector('link[rel=alternate][hreflang=de]')") is None
    assert page.js("return document.querySelector('link[rel=alternate][hreflang=x-default]').getAttribute('href')")


@pytest.mark.parametrize("width", [390, 768, 1024, 1440])
def test_an_arabic_page_mirrors_without_overflow(page, width):
    page.open(SITE + "ar/common/", width)
    first = page.js("return document.querySelector('[data-column=content] .list a').getAttribute('href')")
    page.open(SITE + "ar/common/" + first, width)
    assert page.js("return [document.documentElement.lang, document.documentElement.dir]") == ["ar", "rtl"]
    assert page.overflow() == []
    if width == 1440:
        boxes = page.js("""return ['sidebar', 'content', 'detail'].map((name) =>
            document.querySelector(`[data-column="${name}"]`).getBoundingClientRect().left)""")
        assert boxes[0] > boxes[1] > boxes[2], boxes
    elif width == 390:
        transform = page.js("""const g = [...document.querySelectorAll('.glyph-back')].find((e) => e.getClientRects().length);
            return g ? getComputedStyle(g).transform : null""")
        assert transform == "matrix(-1, 0, 0, 1, 0, 0)", transform
    page.driver.find_element(By.CSS_SELECTOR, ".languages summary").click()
    assert page.overflow() == []
    page.screenshot(f"languages-arabic-{width}")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [390, 1440])
def test_axe_finds_nothing_serious_in_either_direction(page, width, scheme):
    page.media({"prefers-color-scheme": scheme})
    problems = []
    for path in ["de/common/", "ar/common/", "zh-tw/"]:
        page.open(SITE + path, width)
        page.driver.find_element(By.CSS_SELECTOR, ".languages summary").click()
        problems += [f"{path}: {p}" for p in serious(page)]
    page.media({"prefers-color-scheme": "light"})
    assert not problems, "\n".join(problems)


def test_file_name_suffixes_make_translations(page):
    page.open(SUFFIX + "de/common/", 1440)
    # The first German page (rows with `lang` lead to pages German lacks).
    first = page.js("return document.querySelector('[data-column=content] .list li:not([lang]) a').getAttribute('href')")
    page.open(SUFFIX + "de/common/" + first, 1440)
    alternates = page.js("return [...document.querySelectorAll('link[rel=alternate]')].map((l) => l.hreflang)")
    assert "en" in alternates and "de" in alternates and "x-default" in alternates
    choose_language(page, "English")
    assert page.driver.current_url == SUFFIX + "common/" + first


@pytest.mark.parametrize("language", ["de/", "", "ar/"])
def test_the_search_finds_the_readers_language(page, language):
    """Each language has its own index: a command's name (the same word in every language)
    finds that command in the reader's language only, not its translations."""
    page.open(SITE + language + "common/", 1440)
    # The list's first command, by its folder's name (`awk/`).
    query = page.js("return document.querySelector('[data-column=content] .list a').getAttribute('href')").strip("/")
    field = page.driver.find_element(By.ID, "search-input")
    field.send_keys(query)
    page.wait(lambda: page.js("return document.querySelectorAll('.search-results a').length") > 0, message=f"results for {query}")
    urls = page.js("return [...document.querySelectorAll('.search-results a')].map((a) => new URL(a.href).pathname)")
    assert urls[0].split("/languages/", 1)[1] == language + "common/" + query + "/", urls[:3]
    for url in urls:
        inside = url.split("/languages/", 1)[1]
        if language:
            assert inside.startswith(language), url
        else:
            assert not any(inside.startswith(other) for other in ["de/", "ar/", "zh-tw/", "fa/", "fr/"]), url


FALLBACK_ROWS = """return [...document.querySelectorAll('[data-column=content] .list li[lang]')].map((li) => {
      const a = li.querySelector('a');
      return [li.lang, new URL(a.href).pathname, a.hreflang, a.querySelector('.language-mark')?.textContent ?? ''];
    })"""


@pytest.mark.parametrize("width", [390, 1440])
def test_a_page_missing_in_a_language_is_listed_and_leads_to_the_default(page, width):
    """German's `common` list has a row for each English command German lacks, marked with
    English's name and leading to the English page; the list is shown in parts, so the rows the
    script draws from the list's index (a filter) are marked the same way."""
    page.open(SITE + "de/", 1440)
    german = set(page.driver.execute_async_script(GERMAN_COMMON, SITE))
    page.open(SITE + "de/common/", width)
    rows = page.js(FALLBACK_ROWS)
    assert rows, "no row for a missing page"
    for language, path, hreflang, mark in rows:
        inside = path.split("/languages/", 1)[1]
        assert (language, hreflang, mark) == ("en", "en", "English"), rows[:3]
        assert inside.startswith("common/") and "de/" + inside not in german, path
    page.screenshot(f"languages-fallback-rows-{width}")
    # A filter draws its rows from the list's index: a missing command is still marked.
    name = rows[-1][1].rstrip("/").rsplit("/", 1)[1]
    field = next(f for f in page.driver.find_elements(By.CSS_SELECTOR, ".filter-input") if f.is_displayed())
    field.send_keys(name)
    page.wait(lambda: any(row[1].endswith("/common/" + name + "/") for row in page.js(FALLBACK_ROWS)),
              message=f"no drawn row for {name}")
    drawn = [row for row in page.js(FALLBACK_ROWS) if row[1].endswith("/common/" + name + "/")]
    assert drawn[0][0] == "en" and drawn[0][2] == "en" and drawn[0][3] == "English", drawn
    # Chosen, it leads to the English page: the reader's place in the English stack.
    page.driver.find_element(By.CSS_SELECTOR, f"[data-column=content] .list li[lang=en] a[href$='/{name}/']").click()
    page.wait(lambda: page.driver.current_url == SITE + "common/" + name + "/", message=page.driver.current_url)
    page.wait(lambda: page.js("return document.documentElement.lang") == "en")


@pytest.mark.parametrize("width", [390, 1440])
def test_the_other_languages_are_searched_when_asked(page, width):
    """The reader's language first and alone; asked, each other language's best few follow
    under its name, each in its language."""
    page.open(SITE + "de/common/", width)
    query = page.js("return document.querySelector('[data-column=content] .list li:not([lang]) a').getAttribute('href')").strip("/")
    field = page.driver.find_element(By.ID, "search-input")
    field.send_keys(query)
    page.wait(lambda: page.js("return document.querySelectorAll('.search-results a').length") > 0, message=f"results for {query}")
    button = page.driver.find_element(By.CSS_SELECTOR, ".search-languages")
    page.wait(lambda: button.is_displayed(), message="no button to search every language")
    assert page.js("return document.querySelectorAll('.search-language').length") == 0
    button.click()
    page.wait(lambda: page.js("return document.querySelectorAll('.search-language').length") > 0, message="no other language's results")
    assert not button.is_displayed()
    # The search stays open, the reader's own results first.
    assert page.js("return document.querySelector('.search-panel').hidden") is False
    urls = page.js("return [...document.querySelectorAll('.search-results a')].map((a) => new URL(a.href).pathname)")
    assert urls[0].split("/languages/", 1)[1] == "de/common/" + query + "/", urls[:3]
    assert page.js("return document.querySelector('.search-language[lang=ar]')?.dir") == "rtl"
    groups = page.js("""return [...document.querySelectorAll('.search-language')].map((group) => [group.lang,
        group.querySelector('.search-group-title').textContent,
        [...group.querySelectorAll('a')].map((a) => [a.hreflang, new URL(a.href).pathname])])""")
    folders = {"en": "", "ar": "ar/", "fa": "fa/", "zh-TW": "zh-tw/", "fr": "fr/"}
    assert len(groups) >= 2, groups
    for tag, heading, links in groups:
        assert tag in folders and tag != "de", groups
        assert heading, groups
        assert 1 <= len(links) <= 3
        for hreflang, path in links:
            inside = path.split("/languages/", 1)[1]
            assert hreflang == tag
            assert inside.startswith(folders[tag]) and not inside.startswith("de/"), (tag, path)
            if tag == "en":
                assert not any(inside.startswith(other) for other in ["ar/", "fa/", "zh-tw/", "fr/"]), path
    page.screenshot(f"languages-search-every-language-{width}")
