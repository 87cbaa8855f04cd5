"""A catalog as people bring them (generate_plain_catalog.py): no icons, no summaries, recipes
with wide tables, long code lines, inline code and photos, long pages, a category of hundreds
of entries. At every width: nothing sticks out sideways, no entry has an empty tile, images
keep their place, code and tables scroll inside their column, axe finds nothing serious, and a
phone still gets an h1 and a main landmark.

The table assertions need the GFM tables of the Markdown stage.
"""
import re

import pytest

from conftest import PLAIN, PLAIN_NONE, SCREENSHOTS
from generate_plain_catalog import IMAGES
from test_accessibility import serious


def original(name):
    """The picture a published name stands for: `bowl-640.png`, its re-encoding at 640 pixels
    (`images.resize`), is `bowl.png`."""
    match = re.fullmatch(r"(.*)-\d+(\.\w+)", name)
    return match.group(1) + match.group(2) if match and match.group(1) + match.group(2) in IMAGES else name

WIDTHS = [390, 768, 1024, 1440]
SITES = {"monogram": PLAIN, "none": PLAIN_NONE}
PAGES = ["", "recipes/", "recipes/ramen/", "recipes/laksa/", "notes/", "notes/note-007/"]


def visible(page, selector):
    return page.js("""return [...document.querySelectorAll(arguments[0])].filter((e) => {
        const box = e.getBoundingClientRect(), style = getComputedStyle(e);
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && e.checkVisibility();
      }).length""", selector)


def load_images(page):
    """Scrolls every image of the prose into view, so that lazy ones load, and waits for them."""
    page.js("""document.querySelectorAll('.prose img').forEach((img) => { img.loading = 'eager'; });""")
    page.wait(lambda: page.js("return [...document.querySelectorAll('.prose img')].every((i) => i.complete)"), timeout=10)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("variant", SITES)
def test_no_horizontal_overflow(page, width, variant):
    problems = []
    for path in PAGES:
        page.open(SITES[variant] + path, width)
        if path.startswith("recipes/r"):
            load_images(page)
        sizes = page.js("return [document.documentElement.scrollWidth, innerWidth]")
        if sizes[0] > sizes[1]:
            problems.append(f"{path or 'home'}: page {sizes[0]} > {sizes[1]}")
        problems += [f"{path or 'home'}: {p}" for p in page.overflow()]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("width", WIDTHS)
def test_every_entry_has_an_icon_or_a_monogram(page, width):
    for path in ["", "recipes/", "notes/", "notes/note-007/"]:
        page.open(PLAIN + path, width)
        empty = page.js("""return [...document.querySelectorAll('.list > li > a, .tree a')]
            .filter((a) => a.getClientRects().length)
            .filter((a) => {
              const tile = a.querySelector(':scope > i');
              if (!tile) return true;
              if (tile.querySelector('img, svg')) return false;
              const box = tile.getBoundingClientRect(), style = getComputedStyle(tile);
              return !(tile.textContent.trim() && box.width >= 20 && style.color !== style.backgroundColor);
            }).map((a) => a.textContent.trim())""")
        assert empty == [], f"{path or 'home'} at {width}: entries without icon or monogram: {empty[:5]}"


@pytest.mark.parametrize("width", WIDTHS)
def test_without_monograms_entries_have_no_tile_and_titles_align(page, width):
    for path in ["", "recipes/", "notes/", "notes/note-007/", "recipes/ramen/"]:
        page.open(PLAIN_NONE + path, width)
        # An entry's picture still fills its tile (layout.thumbnails); nothing else has one.
        assert page.js("return document.querySelectorAll(':is(.list a, .tree a, .item-header) > i:not(.picture)').length") == 0
        lefts = page.js("""return [...document.querySelectorAll('.list > li > a > b')]
            .filter((t) => t.getClientRects().length).map((t) => Math.round(t.getBoundingClientRect().left))""")
        assert len(set(lefts)) <= 1, f"{path or 'home'} at {width}: titles start at {sorted(set(lefts))}"
        if path == "notes/note-007/":
            title = page.js("""const h = document.querySelector('.item-header h1'), d = document.querySelector('.item-header');
                return [h.getBoundingClientRect().left - d.getBoundingClientRect().left, h.getBoundingClientRect().width]""")
            assert title[0] < 1 and title[1] > 200, f"the title takes the header's width without a tile: {title}"


@pytest.mark.parametrize("width", WIDTHS)
def test_images_keep_their_place_and_load_lazily(page, width):
    page.open(PLAIN + "recipes/ramen/", width)
    images = page.js("""return [...document.querySelectorAll('.prose img')].map((i) => ({
        src: i.getAttribute('src'), width: i.getAttribute('width'), height: i.getAttribute('height'),
        loading: i.getAttribute('loading'), decoding: i.getAttribute('decoding')}))""")
    assert len(images) == len(IMAGES) + 1
    for image in images:
        assert image["loading"] == "lazy" and image["decoding"] == "async", image["src"][:60]
        name = image["src"].rsplit("/", 1)[-1]
        if image["src"].startswith("data:"):
            assert image["width"] is None and image["height"] is None
        else:
            assert (int(image["width"]), int(image["height"])) == IMAGES[original(name)], name
    load_images(page)
    # The sizes are the files' own, as the browser decodes them; shown within the column, in proportion.
    shown = page.js("""const column = document.querySelector('[data-column=detail] .prose').getBoundingClientRect();
        return [...document.querySelectorAll('.prose img[width]')].map((i) => {
          const box = i.getBoundingClientRect();
          return [i.getAttribute('src').split('/').pop(), i.naturalWidth, i.naturalHeight,
                  box.right <= column.right + 1, Math.abs(box.width / box.height / (i.naturalWidth / i.naturalHeight) - 1) < 0.02,
                  i.hasAttribute('srcset'), [box.width, box.height, i.currentSrc.split('/').pop()]];
        })""")
    for name, natural_width, natural_height, inside, proportional, variants, box in shown:
        # An SVG with only a viewBox has a ratio, not a size, of its own; a picture chosen from
        # `srcset` has the size `sizes` gives it.
        if not name.endswith(".svg") and not variants:
            assert (natural_width, natural_height) == IMAGES[original(name)], name
        assert inside and proportional, (name, natural_width, natural_height, box)


@pytest.mark.parametrize("width", WIDTHS)
def test_code_blocks_scroll_inside_their_column(page, width):
    page.open(PLAIN + "recipes/ramen/", width)
    blocks = page.js("""const column = document.querySelector('[data-column=detail]').getBoundingClientRect();
        return [...document.querySelectorAll('.prose pre')].map((pre) => {
          const box = pre.getBoundingClientRect(), style = getComputedStyle(pre);
          return {language: pre.querySelector('code').className, tabindex: pre.getAttribute('tabindex'),
                  scrolls: pre.scrollWidth > pre.clientWidth, overflowX: style.overflowX,
                  inside: box.left >= column.left - 1 && box.right <= column.right + 1};
        })""")
    assert [b["language"] for b in blocks] == ["language-sh", "language-python"]
    for block in blocks:
        assert block["tabindex"] == "0" and block["overflowX"] == "auto" and block["inside"], block
        assert block["scrolls"], f"a long line scrolls inside the block: {block}"
    inline = page.js("""const c = document.querySelector('.prose p code'), s = getComputedStyle(c);
        return [s.backgroundColor, s.paddingLeft, s.borderTopLeftRadius]""")
    assert inline[0] not in ("rgba(0, 0, 0, 0)", "transparent") and inline[1] != "0px" and inline[2] != "0px"


@pytest.mark.parametrize("width", WIDTHS)
def test_tables_scroll_inside_their_column(page, width):
    """Needs GFM tables."""
    page.open(PLAIN + "recipes/ramen/", width)
    tables = page.js("""const column = document.querySelector('[data-column=detail] .prose').getBoundingClientRect();
        return [...document.querySelectorAll('.prose table')].map((t) => {
          const box = t.getBoundingClientRect(), style = getComputedStyle(t);
          return {tabindex: t.getAttribute('tabindex'), display: style.display, overflowX: style.overflowX,
                  headers: t.querySelectorAll('thead th').length, right: [...t.querySelectorAll('td.align-right')].filter((c) => getComputedStyle(c).textAlign === 'right').length,
                  obsolete: t.querySelectorAll('[align]').length,
                  inside: box.right <= column.right + 1};
        })""")
    assert len(tables) == 1, "the ingredients are a table"
    table = tables[0]
    assert table["tabindex"] == "0" and table["display"] == "block" and table["overflowX"] == "auto", table
    # Aligned by a class the theme styles, not by the `align` HTML no longer has.
    assert table["headers"] == 4 and table["right"] == 8 and table["obsolete"] == 0 and table["inside"], table


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violations(page, width, scheme):
    page.media({"prefers-color-scheme": scheme})
    problems = []
    for site, path in [(PLAIN, ""), (PLAIN, "recipes/"), (PLAIN, "recipes/ramen/"), (PLAIN, "notes/"),
                       (PLAIN_NONE, "notes/note-007/"), (PLAIN_NONE, "recipes/tagine/")]:
        page.open(site + path, width)
        problems += [f"{site.split('/')[-3]}/{path or 'home'}: {p}" for p in serious(page)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("site", SITES.values())
def test_a_phone_has_an_h1_and_a_main_landmark_on_every_kind_of_page(page, site):
    for path in ["", "recipes/", "notes/", "recipes/pho/"]:
        page.open(site + path, 390)
        assert visible(page, "h1") >= 1, f"{path or 'home'}: a visible h1"
        assert visible(page, "main, [role=main]") == 1, f"{path or 'home'}: one visible main landmark"


def test_the_detail_scrolls_from_the_keyboard(page):
    """A long recipe without a link in view: the detail column itself takes focus and scrolls."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    page.open(PLAIN + "recipes/borscht/", 1440)
    detail = page.driver.find_element("css selector", "[data-column=detail]")
    assert detail.get_attribute("tabindex") == "0" and detail.get_attribute("aria-label")
    page.js("arguments[0].focus()", detail)
    ActionChains(page.driver).send_keys(Keys.PAGE_DOWN).perform()
    page.wait(lambda: page.js("return document.querySelector('[data-column=detail]').scrollTop") > 100)


@pytest.mark.parametrize("width", WIDTHS)
def test_screenshots(page, width):
    """Saved for a person to look at (STACKS_SCREENSHOTS/plain-*.png)."""
    for name, url in [("recipe", PLAIN + "recipes/ramen/"), ("notes", PLAIN + "notes/note-007/"),
                      ("notes-none", PLAIN_NONE + "notes/note-007/"), ("recipes-none", PLAIN_NONE + "recipes/ramen/")]:
        page.open(url, width)
        load_images(page)
        page.screenshot(f"plain-{name}-{width}")
    assert any(SCREENSHOTS.glob(f"plain-*-{width}.png"))
