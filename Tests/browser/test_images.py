"""Pictures at the size they are shown (generate_recipes.py, at /recipes/): on a phone and on a
desktop the browser takes the smallest WebP variant that covers the picture's place, far fewer
bytes than the photos as taken; pictures keep their shape and their place before they load."""
import pytest

from conftest import BASE

SITE = BASE + "/recipes/"
DISH = SITE + "soups/hot-and-sour-soup/"
WIDTHS = [480, 800, 1200, 1600]
PHOTOS = """return [...document.querySelectorAll('[data-column=detail] img')].map((img) => {
      const box = img.getBoundingClientRect();
      return {src: img.currentSrc, natural: img.naturalWidth, naturalHeight: img.naturalHeight,
              shown: box.width, height: box.height, complete: img.complete,
              attributes: [img.getAttribute('width'), img.getAttribute('height')]};
    })"""
# Every picture's bytes as the browser received them, and the originals' (their size on the server).
BYTES = """const done = arguments[arguments.length - 1];
    const shown = performance.getEntriesByType('resource').filter((entry) => entry.initiatorType === 'img')
      .reduce((sum, entry) => sum + entry.encodedBodySize, 0);
    const originals = [...document.querySelectorAll('[data-column=detail] img')]
      .map((img) => new URL(img.getAttribute('src'), location.href).href.replace(/_stacks\\/images\\/(.*)-\\d+\\.jpg$/, '$1.jpg'));
    Promise.all(originals.map((url) => fetch(url).then((r) => r.arrayBuffer()).then((b) => b.byteLength)))
      .then((sizes) => done([shown, sizes.reduce((a, b) => a + b, 0)]));"""
SHIFTS = """const done = arguments[arguments.length - 1];
    new PerformanceObserver((list) => done(list.getEntries().reduce((sum, e) => sum + e.value, 0)))
      .observe({type: 'layout-shift', buffered: true});
    setTimeout(() => done(0), 500);"""


def open_at(page, width, scale):
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 900, "deviceScaleFactor": scale, "mobile": width < 600})
    page.width = None  # the next page.open sets its own metrics again
    page.driver.execute_cdp_cmd("Network.enable", {})
    page.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    page.driver.get(DISH)
    page.wait(lambda: page.js("return document.readyState") == "complete")
    # The pictures below the first screen load as they come into view.
    for index in range(len(page.js(PHOTOS))):
        page.js("document.querySelectorAll('[data-column=detail] img')[arguments[0]].scrollIntoView()", index)
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


def test_pictures_in_the_dark_theme(page):
    page.media({"prefers-color-scheme": "dark"})
    open_at(page, 1440, 1)
    assert all(photo["src"].endswith("-800.webp") for photo in page.js(PHOTOS))
    page.js("window.scrollTo(0, 0); document.querySelector('[data-column=detail]').scrollTop = 0")
    page.screenshot("recipe-1440-dark")
    page.media({"prefers-color-scheme": "light"})
