"""Which columns show at which width and depth; the back link on a phone; no sideways
scrolling; no console errors; screenshots of the example catalog."""
import pytest

from conftest import tap, EXAMPLE, EXAMPLE_DIR, LARGE, LARGE_DIR, MATRIX, WIDTHS, pages_of

# (depth, page, kind) — depth 3 exists in the example: weather/rain/drizzle/ and teams/design/ada/.
MATRIX_PAGES = [
    (0, "(home)", "home", EXAMPLE),
    (1, "weather/", "category", EXAMPLE),
    (2, "weather/rain/", "item", EXAMPLE),
    (2, "teams/design/", "item", EXAMPLE),
    (3, "weather/rain/drizzle/", "item", EXAMPLE),
    (3, "teams/design/ada/", "item", EXAMPLE),
    (1, "large: parts/page/2/", "category", LARGE),
    (2, "large: group-1/nested/", "category", LARGE),
    (3, "large: group-1/bundle/sub-2/", "item", LARGE),
]


def expected_columns(width, kind):
    """DESIGN §3: wide shows all three; medium content and detail; narrow the deepest one."""
    if width >= 1200:
        return ["sidebar", "content", "detail"]
    if width >= 720:
        return ["content", "detail"]
    return {"home": ["sidebar"], "category": ["content"], "item": ["detail"]}[kind]


@pytest.mark.parametrize("width", list(WIDTHS.values()))
def test_visible_columns_by_width_and_depth(page, width):
    problems = []
    for depth, name, kind, site in MATRIX_PAGES:
        path = "" if name == "(home)" else name.split(": ")[-1]
        page.open(site + path, width)
        assert page.js("return document.body.dataset.depth") == str(depth), path
        visible = page.visible_columns()
        MATRIX[(width, (depth, name))] = "".join(c[0].upper() for c in visible) or "-"
        if visible != expected_columns(width, kind):
            problems.append(f"{width}px {name}: {visible}, expected {expected_columns(width, kind)}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("width", [1024, 768])
def test_medium_home_shows_the_categories_in_the_content_column(page, width):
    page.open(EXAMPLE, width)
    shown = page.js("""return [...document.querySelectorAll('.home-categories .title')]
        .filter((a) => a.getClientRects().length).map((a) => a.textContent.trim())""")
    assert shown == ["Communication", "Weather", "Traffic", "Teams"]
    assert not page.js("return document.querySelector('.content-placeholder').getClientRects().length")
    # The toggle would only show the same list again.
    assert not page.js("return document.querySelector('.sidebar-toggle').getClientRects().length")


def test_wide_home_shows_the_placeholder_and_the_introduction(page):
    page.open(EXAMPLE, 1440)
    assert page.js("return document.querySelector('.content-placeholder').innerText.trim()") == "Pick a category"
    assert page.js("return document.querySelector('.home-intro h1').innerText") == "Stacks Catalog"


PARENTS = {
    "weather/": ("Stacks Catalog", ""),
    "weather/rain/": ("Weather", "weather/"),
    "weather/rain/drizzle/": ("Rain", "weather/rain/"),
    "teams/design/ada/": ("Design", "teams/design/"),
    "traffic/car/": ("Traffic", "traffic/"),
}


@pytest.mark.parametrize("path", list(PARENTS))
def test_narrow_back_link_leads_to_the_parent(page, path):
    title, parent = PARENTS[path]
    page.open(EXAMPLE + path, 390)
    link = page.js("""const a = document.querySelector('.back-link');
        const box = a.getBoundingClientRect();
        return {text: a.textContent.replace('‹', '').trim(), rel: a.rel, href: a.href, top: box.top, visible: a.getClientRects().length > 0,
                first: [...document.querySelectorAll('.topbar a, [data-column] a')].find((e) => e.getClientRects().length) === a}""")
    assert link["visible"] and link["first"], "the back link is the first link on a phone"
    assert link["rel"] == "up"
    assert link["text"] == title
    assert link["href"] == EXAMPLE + parent
    assert link["top"] < 60
    page.driver.find_element("css selector", ".back-link").click()
    page.wait(lambda: page.driver.current_url == EXAMPLE + parent)


def test_no_back_link_on_the_home_page(page):
    page.open(EXAMPLE, 390)
    assert page.js("return document.querySelector('.back-link')") is None


def test_no_horizontal_overflow_from_320px(page):
    paths = [EXAMPLE + p for p in pages_of(EXAMPLE_DIR)] + [
        LARGE + p for p in ("", "parts/", "parts/page/12/", "parts/part-0097/", "group-1/bundle/sub-1/")]
    problems = []
    for width in (320, 390, 768, 1024, 1440):
        for url in paths:
            page.open(url, width)
            problems += [f"{width}px {url}: {p}" for p in page.overflow()]
    assert not problems, "\n".join(problems)


def test_long_titles_and_values_wrap(page):
    page.open(EXAMPLE + "weather/rain/drizzle/", 320)
    page.js("""document.querySelector('.item-header h1').textContent = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(3);
        document.querySelector('.attributes td').textContent = 'x'.repeat(200);
        document.querySelector('.breadcrumbs li:last-child a').textContent = 'Supercalifragilistic'.repeat(4);""")
    assert page.overflow() == []


def test_no_console_errors(page):
    urls = [EXAMPLE + p for p in pages_of(EXAMPLE_DIR)] + [
        EXAMPLE + "404.html", LARGE, LARGE + "parts/", LARGE + "parts/page/2/", LARGE + "parts/part-0300/"]
    errors = []
    for width in (1440, 390):
        for url in urls:
            page.open(url, width)
            errors += [f"{url}: {e['message']}" for e in page.logs()]
    assert not errors, "\n".join(errors)


SHOTS = {"home": "", "category": "weather/", "item": "weather/rain/", "subitem": "weather/rain/drizzle/",
         "member": "teams/design/ada/"}


@pytest.mark.parametrize("name,width", list(WIDTHS.items()))
def test_screenshots(page, name, width):
    """Saved to .build-screenshots/ to be looked at; they check nothing themselves."""
    for shot, path in SHOTS.items():
        page.open(EXAMPLE + path, width)
        page.screenshot(f"{width}-{shot}")
    page.media({"prefers-color-scheme": "dark"})
    page.open(EXAMPLE + "weather/rain/", width)
    page.screenshot(f"{width}-item-dark")
    page.open(LARGE + "parts/part-0300/", width)
    page.screenshot(f"{width}-large-item")
    if 720 <= width < 1200:
        page.media({"prefers-color-scheme": "light", "prefers-reduced-motion": "reduce"})
        page.open(EXAMPLE + "weather/sun/")
        tap(page, ".sidebar-toggle label")
        page.screenshot(f"{width}-sidebar-open")
        page.js("localStorage.clear()")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_theme_follows_the_colour_scheme(page, scheme):
    page.media({"prefers-color-scheme": scheme})
    page.open(EXAMPLE + "weather/", 1440)
    background = page.js("return getComputedStyle(document.body).backgroundColor")
    lightness = sum(int(x) for x in background[background.index("(") + 1:-1].split(",")[:3]) / 3
    assert (lightness > 200) if scheme == "light" else (lightness < 60), background


def test_reduced_motion_turns_animation_off(page):
    page.media({"prefers-reduced-motion": "reduce"})
    page.open(EXAMPLE + "weather/", 1024)
    tap(page, ".sidebar-toggle label")
    assert page.js("return getComputedStyle(document.querySelector('.sidebar')).animationName") == "none"
    page.js("localStorage.clear()")


def test_focus_is_visible(page):
    page.open(EXAMPLE + "weather/", 1440)
    page.js("document.querySelector('.list a').focus()")
    style = page.js("const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth]")
    assert style[0] != "none" and style[1] != "0px", style


COLUMN_SETTINGS = [
    # (layout.columns, layout.style, width, toggle open, expected)
    ("all", "prominentDetail", 1024, False, ["sidebar", "content", "detail"]),
    ("doubleColumn", "prominentDetail", 1440, False, ["content", "detail"]),
    ("doubleColumn", "prominentDetail", 1440, True, ["sidebar", "content", "detail"]),
    ("doubleColumn", "balanced", 1440, True, ["sidebar", "content", "detail"]),
    ("detailOnly", "prominentDetail", 1440, False, ["detail"]),
    ("detailOnly", "balanced", 1024, True, ["sidebar", "content", "detail"]),
    ("automatic", "balanced", 1024, True, ["sidebar", "content", "detail"]),
    ("all", "balanced", 390, False, ["detail"]),
]


@pytest.mark.parametrize("columns,style,width,open_,expected", COLUMN_SETTINGS)
def test_layout_columns_and_style(page, columns, style, width, open_, expected):
    """layout.columns and layout.style reach the page as body attributes; the CSS follows them
    as NavigationSplitViewVisibility and the split-view styles do."""
    page.open(EXAMPLE + "weather/sun/", width)
    page.js("document.body.dataset.columns = arguments[0]; document.body.dataset.style = arguments[1];"
            "document.getElementById('sidebar-toggle').checked = arguments[2];", columns, style, open_)
    assert page.visible_columns() == expected
    boxes = page.js("""return Object.fromEntries(['sidebar', 'content', 'detail'].map((n) => {
        const b = document.querySelector(`[data-column=${n}]`).getBoundingClientRect(); return [n, [b.left, b.right]]; }))""")
    if open_ and style == "balanced":
        assert boxes["sidebar"][1] <= boxes["content"][0] + 1 and boxes["content"][1] <= boxes["detail"][0] + 1, boxes
    if open_ and style == "prominentDetail":
        assert boxes["content"][1] > boxes["detail"][0], "prominentDetail: the columns lie over the detail"
    if columns == "detailOnly" and not open_:
        assert page.js("return document.querySelector('.back-link').getClientRects().length > 0")
    assert page.overflow() == []
