"""The theme speaks the site's language (`language:` in stacks.yml): the page's own words, and
the script's — the filter's count, the search's status and buttons — in Chinese at
/variants/zh/ and in Arabic at /variants/rtl/, with no English word of the theme left."""
import re

import pytest
from selenium.webdriver.common.by import By

from conftest import VARIANTS

ZH = VARIANTS + "zh/"
RTL = VARIANTS + "rtl/"
FILTER_COUNT = """const count = document.querySelector('[data-column=content] .filter-count');
    return count && !count.hidden ? count.textContent : ''"""
# What a reader sees of the theme: every text node and label outside the content's own prose.
THEME_TEXT = """const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (node.parentElement.closest('.prose, .list b, .list small, .tree, .breadcrumbs, .back-link, h1, .siblings .title, script')) continue;
      if (node.parentElement.getClientRects().length && node.textContent.trim()) texts.push(node.textContent.trim());
    }
    for (const e of document.querySelectorAll('[aria-label], [placeholder], [title]'))
      texts.push(e.getAttribute('aria-label') ?? '', e.getAttribute('placeholder') ?? '', e.getAttribute('title') ?? '');
    return texts.filter(Boolean)"""
ENGLISH = re.compile(r"\b(Filter|Search|Previous|Next|On this page|Showing|Skip|Categories|Details|entries|entry|results?|Loading|Back|Tags|Contents|contents)\b")


@pytest.mark.parametrize("width", [390, 1440])
def test_a_chinese_site_shows_no_english_word_of_the_theme(page, width):
    for path in ["", "weather/", "weather/rain/", "weather/rain/drizzle/"]:
        page.open(ZH + path, width)
        assert page.js("return document.documentElement.lang") == "zh-Hans"
        left = [text for text in page.js(THEME_TEXT) if ENGLISH.search(text)]
        assert not left, f"{path or 'home'}: {left}"


@pytest.mark.parametrize("width", [390, 1440])
def test_the_filter_counts_in_chinese(page, width):
    page.open(ZH + "weather/", width)
    field = page.driver.find_element(By.CSS_SELECTOR, "[data-column=content] .filter-input")
    assert field.get_attribute("placeholder") == "筛选 4 个条目"
    field.send_keys("w")
    page.wait(lambda: page.js(FILTER_COUNT) == "3 / 4 个条目", message=f"not {page.js(FILTER_COUNT)!r}")
    field.send_keys("qqq")
    page.wait(lambda: "没有与“wqqq”匹配的条目。" in page.js(
        "return document.querySelector('[data-column=content] .filter-empty')?.textContent ?? ''"))
    page.screenshot(f"zh-filter-{width}")


@pytest.mark.parametrize("width", [390, 1440])
def test_the_search_speaks_chinese(page, width):
    page.open(ZH + "weather/rain/", width)
    if width < 700:
        page.driver.find_element(By.CSS_SELECTOR, ".search-input").click()
    field = page.driver.find_element(By.ID, "search-input")
    assert field.get_attribute("placeholder") == "搜索"
    assert page.js("return document.querySelector('.search label').textContent").startswith("搜索")
    field.send_keys("rain")
    page.wait(lambda: re.fullmatch(r"\d+ 个结果|\d+ / \d+ 个结果", page.js(
        "return document.querySelector('.search-status').textContent")) is not None,
        message=page.js("return document.querySelector('.search-status').textContent"))
    assert page.js("return document.querySelector('.search-back').textContent") == "返回"
    page.screenshot(f"zh-search-{width}")
    field.clear()
    field.send_keys("zzzzqx")
    page.wait(lambda: page.js("return document.querySelector('.search-status').textContent") == "没有结果。")


def test_an_arabic_site_speaks_arabic(page):
    page.open(RTL + "weather/", 1440)
    field = page.driver.find_element(By.CSS_SELECTOR, "[data-column=content] .filter-input")
    assert field.get_attribute("placeholder") == "تصفية 4 عناصر"
    assert page.js("return document.querySelector('.skip-content').textContent") == "انتقل إلى القائمة"
    field.send_keys("w")
    page.wait(lambda: page.js(FILTER_COUNT) == "3 من 4", message=f"not {page.js(FILTER_COUNT)!r}")
    left = [text for text in page.js(THEME_TEXT) if ENGLISH.search(text)]
    assert not left, left
