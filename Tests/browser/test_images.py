"""Pictures at the size they are shown (generate_recipes.py, at /recipes/): on a phone and on a
desktop the browser takes the smallest WebP variant that covers the picture's place, far fewer
bytes than the photos as taken; pictures keep their shape and their place before they load."""
import pytest

from conftest import BASE

SITE = BASE + "/recipes/"
DISH = SITE + "soups/hot-and-sour-soup/"
WIDTHS = [480, 800, 1200, 1600]
# The page's pictures, not its header's tile.
PICTURES = "[data-column=detail] img:not(i > img)"
PHOTOS = """return [...document.querySelectorAll('""" + PICTURES + """')].map((img) => {
      const box = img.getBoundingClientRect();
      return {src: img.currentSrc, natural: img.naturalWidth, naturalHeight: img.naturalHeight,
              shown: box.width, height: box.height, complete: img.complete,
              attributes: [img.getAttribute('width'), img.getAttribute('height')]};
    })"""
# Every picture's bytes as the browser received them, and the originals' (their size on the server).
BYTES = """const done = arguments[arguments.length - 1];
    const shown = performance.getEntriesByType('resource').filter((entry) => entry.initiatorType === 'img' && !entry.name.includes('-tile'))
      .reduce((sum, entry) => sum + entry.encodedBodySize, 0);
    const originals = [...document.querySelectorAll('""" + PICTURES + """')]
      .map((img) => new URL(img.getAttribute('src'), location.href).href.replace(/_stacks\\/images\\/(.*)-\\d+\\.jpg$/, '$1.jpg'));
    Promise.all(originals.map((url) => fetch(url).then((r) => r.arrayBuffer()).then((b) => b.byteLength)))
      .then((sizes) => done([shown, sizes.reduce((a, b) => a + b, 0)]));"""
SHIFTS = """const done = arguments[arguments.length - 1];
    new PerformanceObserver((list) => done(list.getEntries().reduce((sum, e) => sum + e.value, 0)))
      .observe({type: 'layout-shift', buffered: true});
    setTimeout(() => done(0), 500);"""


TILES = """return [...document.querySelectorAll('.list > li > a > i, .item-header > i')].map((tile) => {
      const img = tile.querySelector('img'), box = tile.getBoundingClientRect();
      const shown = img && img.getBoundingClientRect();
      return {row: tile.matches('.list > li > a > i'), title: tile.parentElement.textContent.trim(), picture: tile.classList.contains('picture'),
              tile: [box.width, box.height], shown: shown && [shown.width, shown.height],
              natural: img && [img.naturalWidth, img.naturalHeight], src: img && img.currentSrc,
              fit: img && getComputedStyle(img).objectFit, complete: !img || img.complete};
    })"""


def open_at(page, width, scale, url=DISH, dish=None):
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 900, "deviceScaleFactor": scale, "mobile": width < 600})
    page.width = None  # the next page.open sets its own metrics again
    page.driver.execute_cdp_cmd("Network.enable", {})
    page.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    page.driver.get(url)
    page.wait(lambda: page.js("return document.readyState") == "complete")
    if not (url == DISH if dish is None else dish):
        return
    # The pictures below the first screen load as they come into view.
    for index in range(len(page.js(PHOTOS))):
        page.js("document.querySelectorAll(arguments[1])[arguments[0]].scrollIntoView()", index, PICTURES)
        page.wait(lambda: page.js(PHOTOS)[index]["complete"] and page.js(PHOTOS)[index]["natural"] > 0,
                  timeout=10, message=f"picture {index} did not load")


@pytest.mark.parametrize("width, scale", [(390, 3), (1440, 1)])
def test_the_browser_takes_the_smallest_variant_that_covers_the_picture(page, width, scale):
    open_at(page, width, scale)
    photos = page.js(PHOTOS)
    assert len(photos) == 4, photos  # the dish's own picture and three in its steps
    for photo in photos:
        assert photo["src"].endswith(".webp"), photo
        chosen = int(photo["src"].rsplit("-", 1)[1].split(".")[0])
        needed = photo["shown"] * scale
        # The smallest variant at least as wide as the place at this density, or the widest there is.
        expected = next((w for w in WIDTHS if w >= needed), WIDTHS[-1])
        assert chosen == expected, (photo, needed)
        # Its shape kept: the place has the picture's proportions, given before it loaded.
        assert photo["attributes"] == ["2016", "1512"], photo
        assert abs(photo["shown"] / photo["height"] - photo["natural"] / photo["naturalHeight"]) < 0.01, photo
    shown, originals = page.driver.execute_async_script(BYTES)
    assert 0 < shown < originals * 0.5, (shown, originals)
    assert page.driver.execute_async_script(SHIFTS) < 0.01
    page.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    page.screenshot(f"recipe-{width}")


@pytest.mark.parametrize("width, scale", [(390, 3), (1440, 1)])
def test_a_browser_that_reads_avif_takes_the_avif_variant_it_needs(page, width, scale):
    # images.avif: each picture is a <picture> whose first <source> offers AVIF at the WebP widths.
    open_at(page, width, scale, BASE + "/recipes-avif/soups/hot-and-sour-soup/", dish=True)
    assert len(page.js(PHOTOS)) == 3  # the dish's own picture and two in its text
    assert page.js("return [...document.querySelectorAll(arguments[0])].every((img) => img.parentElement.tagName === 'PICTURE')", PICTURES)
    for photo in page.js(PHOTOS):
        assert photo["src"].endswith(".avif"), photo
        chosen = int(photo["src"].rsplit("-", 1)[1].split(".")[0])
        expected = next((w for w in WIDTHS if w >= photo["shown"] * scale), WIDTHS[-1])
        assert chosen == expected, photo
        assert photo["attributes"] == ["2016", "1512"], photo
        assert abs(photo["shown"] / photo["height"] - photo["natural"] / photo["naturalHeight"]) < 0.01, photo
    assert page.driver.execute_async_script(SHIFTS) < 0.01
    page.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    page.screenshot(f"recipe-avif-{width}")


def test_pictures_in_the_dark_theme(page):
    page.media({"prefers-color-scheme": "dark"})
    open_at(page, 1440, 1)
    assert all(photo["src"].endswith("-800.webp") for photo in page.js(PHOTOS))
    page.js("window.scrollTo(0, 0); document.querySelector('[data-column=detail]').scrollTop = 0")
    page.screenshot("recipe-1440-dark")
    page.media({"prefers-color-scheme": "light"})


@pytest.mark.parametrize("width, scale, theme", [(390, 3, "light"), (1440, 1, "light"), (1440, 2, "dark")])
def test_list_rows_show_each_dish_by_its_picture(page, width, scale, theme):
    page.media({"prefers-color-scheme": theme})
    open_at(page, width, scale, SITE + ("soups/" if width < 1000 else "soups/hot-and-sour-soup/"))
    page.wait(lambda: all(tile["complete"] for tile in page.js(TILES)), timeout=10, message="tiles did not load")
    tiles = page.js(TILES)
    rows = [tile for tile in tiles if tile["row"]]
    pictured = [tile for tile in rows if tile["picture"]]
    # Every photographed dish by its photo; one without keeps its monogram, in a tile of the same size.
    assert pictured and len(pictured) < len(rows), tiles
    for tile in rows:
        assert tile["picture"] == (tile["src"] is not None and "-tile" in tile["src"]), tile
        assert abs(tile["tile"][0] - rows[0]["tile"][0]) < 0.5 and abs(tile["tile"][1] - tile["tile"][0]) < 0.5, tile
    for tile in (tile for tile in tiles if tile["picture"]):
        # It fills its tile, cut square rather than squeezed, from the file the density needs.
        assert tile["natural"][0] == tile["natural"][1] > 0, tile
        assert abs(tile["shown"][0] - tile["tile"][0]) < 0.5 and abs(tile["shown"][1] - tile["tile"][1]) < 0.5, tile
        assert tile["fit"] == "cover", tile
        needed = tile["tile"][0] * scale
        expected = "-tile.webp" if needed <= 64 else "-tile-2x.webp"
        assert tile["src"].endswith(expected), (tile, needed)
    page.screenshot(f"recipe-list-{width}-{theme}")
    page.media({"prefers-color-scheme": "light"})
