"""Which columns show at which width and depth; the back link on a phone; no sideways
scrolling; no console errors; screenshots of the example catalog."""
import pytest
from selenium.webdriver.common.by import By

import re

from conftest import tap, EXAMPLE, EXAMPLE_DIR, LARGE, LARGE_DIR, MATRIX, PLAIN, TREE_LABEL, VARIANTS, WIDTHS, pages_of

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
    # The tag pages, a second stack: at one column they show their list, as a category does.
    (1, "tags/", "tags", EXAMPLE),
    (2, "tags/warm/", "tag", EXAMPLE),
    (2, "large: tags/size-0/page/2/", "tag", LARGE),
]


def expected_columns(width, kind, medium=720, wide=1200):
    """DESIGN §3: wide shows all three; medium content and detail; narrow the deepest one. The
    home lists its categories once: wide, in the sidebar beside the introduction; narrow, under it."""
    if width >= wide:
        return ["sidebar", "detail"] if kind == "home" else ["sidebar", "content", "detail"]
    if width >= medium:
        return ["content", "detail"]
    return {"home": ["sidebar", "detail"], "category": ["content"], "tags": ["content"], "tag": ["content"], "item": ["detail"]}[kind]


# The named widths, and both sides of each breakpoint.
@pytest.mark.parametrize("width", sorted(set(WIDTHS.values()) | {719, 720, 1199, 1200}, reverse=True))
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
    shown = page.js("""return [...document.querySelectorAll('.home-categories > li > a > b')]
        .filter((a) => a.getClientRects().length).map((a) => a.textContent.trim())""")
    assert shown == ["Communication", "Weather", "Traffic", "Teams"]
    assert not page.js("return document.querySelector('.content-placeholder').getClientRects().length")
    # The toggle would only show the same list again.
    assert not page.js("return document.querySelector('.sidebar-toggle').getClientRects().length")


def test_wide_home_lists_the_categories_once_beside_the_introduction(page):
    page.open(EXAMPLE, 1440)
    # The sidebar lists the categories; the list column gives way to the introduction, and no
    # "Pick a category" placeholder shows.
    assert page.visible_columns() == ["sidebar", "detail"]
    assert not page.js("return document.querySelector('.content-placeholder').getClientRects().length")
    assert not page.js("return [...document.querySelectorAll('.home-categories a')].some((a) => a.getClientRects().length)")
    shown = page.js("""return [...document.querySelectorAll('[data-column=sidebar] .tree > li > a')]
        .filter((a) => a.getClientRects().length).map((a) => a.textContent.trim())""")
    assert shown[:4] == ["Communication", "Weather", "Traffic", "Teams"], shown
    assert page.js("return document.querySelector('.home-intro h1').innerText") == "Stacks Catalog"


# The parts of every visible list row, as boxes: the link, its icon tile, title, summary, count,
# and the category chevron's left margin (a pseudo-element has no box of its own to measure).
ROW_PARTS = """return [...document.querySelectorAll('.list > li > a')].filter((a) => a.getClientRects().length).map((a) => {
    const box = (e) => e && e.getClientRects().length ? e.getBoundingClientRect().toJSON() : null;
    const mark = getComputedStyle(a, '::after');
    return { text: a.textContent, category: a.parentElement.classList.contains('category'), link: box(a), icon: box(a.querySelector(':scope > i')), title: box(a.querySelector(':scope > b')),
             summary: box(a.querySelector(':scope > small')), count: box(a.querySelector(':scope > .count')),
             mark: mark.content === 'none' ? null : parseFloat(mark.marginLeft) };
})"""


@pytest.mark.parametrize("url,width,categories", [
    (PLAIN, 1440, True), (EXAMPLE, 1024, True), (EXAMPLE + "weather/", 1440, False), (EXAMPLE + "weather/", 390, False),
    # A home with more categories than a list page shows them as a list, at narrow widths too.
    (VARIANTS + "list-window/", 1440, True), (VARIANTS + "list-window/", 390, True), (LARGE + "parts/", 768, False)])
def test_list_rows_lay_out_icon_title_over_summary_then_count(page, url, width, categories):
    # A row is its link's children on a grid (no wrapper): the tile on the left, the title
    # over the summary, the count and a category's chevron on the right, each apart.
    page.open(url, width)
    rows = page.js(ROW_PARTS)
    assert rows, "no list row is visible"
    assert any(row["category"] for row in rows) == categories
    # A category's row, and only a category's, ends with a chevron.
    assert [row["mark"] is not None for row in rows] == [row["category"] for row in rows]
    problems = []
    for row in rows:
        name, link, icon, title, summary, count = (row[k] for k in ("text", "link", "icon", "title", "summary", "count"))
        if icon and icon["right"] + 8 > title["left"]:
            problems.append(f"{name}: the title starts {title['left'] - icon['right']:.1f}px after the tile")
        if summary and (summary["top"] < title["bottom"] - 1 or abs(summary["left"] - title["left"]) > 0.5):
            problems.append(f"{name}: the summary is not under the title")
        if icon and not (icon["top"] >= link["top"] and icon["bottom"] <= link["bottom"]):
            problems.append(f"{name}: the tile leaves its row")
        if count and count["left"] < max(title["right"], summary["right"] if summary else 0) + 8:
            problems.append(f"{name}: the count is not apart from the text")
        if row["mark"] is not None and row["mark"] < 8:
            problems.append(f"{name}: the chevron is {row['mark']}px from what is before it")
    assert not problems, "\n".join(problems)


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


ALL = ["sidebar", "content", "detail"]
COLUMN_SETTINGS = [
    # (site built with that stacks.yml, width, toggle opened, expected columns, how they sit)
    ("all", 1024, False, ALL, "beside"),
    ("all", 390, False, ["detail"], None),
    ("double", 1440, False, ["content", "detail"], None),
    ("double", 1440, True, ALL, "over"),
    ("double-balanced", 1440, True, ALL, "beside"),
    ("double-balanced", 768, True, ALL, "over"),
    ("detail", 1440, False, ["detail"], None),
    ("detail", 1440, True, ALL, "over"),
    ("detail-balanced", 1024, True, ALL, "beside"),
    ("detail-balanced", 720, True, ALL, "over"),
    ("balanced", 1440, False, ALL, "beside"),
    ("balanced", 1024, False, ["content", "detail"], None),
    ("balanced", 1024, True, ALL, "beside"),
    ("balanced", 768, True, ALL, "over"),
    ("breakpoints", 1000, False, ALL, "beside"),
    ("breakpoints", 999, False, ["content", "detail"], None),
    ("breakpoints", 999, True, ALL, "over"),
    ("breakpoints", 600, False, ["content", "detail"], None),
    ("breakpoints", 599, False, ["detail"], None),
]


@pytest.mark.parametrize("variant,width,open_,expected,placement", COLUMN_SETTINGS)
def test_layout_settings_from_stacks_yml(clean_storage, variant, width, open_, expected, placement):
    """Sites built with layout.columns, layout.style and layout.breakpoints in their stacks.yml:
    the CSS follows them as NavigationSplitViewVisibility and the split-view styles do."""
    page = clean_storage
    page.media({"prefers-reduced-motion": "reduce"})  # no slide to wait for
    page.open(VARIANTS + variant + "/weather/sun/", width)
    if open_:
        tap(page, ".sidebar-toggle label")
        assert page.js("return document.getElementById('sidebar-toggle').checked")
    assert page.visible_columns() == expected
    boxes = page.js("""return Object.fromEntries(['sidebar', 'content', 'detail'].map((n) => {
        const b = document.querySelector(`[data-column=${n}]`).getBoundingClientRect(); return [n, [b.left, b.right]]; }))""")
    if placement == "beside":
        assert boxes["sidebar"][1] <= boxes["content"][0] + 1 and boxes["content"][1] <= boxes["detail"][0] + 1, boxes
    if placement == "over":
        assert boxes["content"][1] > boxes["detail"][0], "the columns lie over the detail"
    if "detail" in expected:
        # Never a squeezed detail: words must not break letter by letter.
        assert boxes["detail"][1] - max(boxes["detail"][0], 0) >= min(280, width), boxes
    if variant.startswith("detail") and not open_:
        assert page.js("return document.querySelector('.back-link').getClientRects().length > 0")
    assert page.overflow() == []


def test_theme_icons_come_from_the_stylesheet_without_a_request_each(page):
    """The example's item page loaded 13 icon images; drawn from the stylesheet, they cost no
    request of their own, and each tile shows its icon (a mask of the tile's text colour)."""
    page.open(EXAMPLE + "weather/rain/drizzle/", 1440)
    requests = page.js("return performance.getEntriesByType('resource').map((r) => r.name)")
    assert [r for r in requests if "/_stacks/icons/" in r] == []
    assert page.js("return document.querySelectorAll('img').length") == 0
    tiles = page.js("""return [...document.querySelectorAll(':is(.list a > i, .tree a > i, .item-header > i)[data-icon]')].filter((t) => t.getClientRects().length)
        .map((t) => { const s = getComputedStyle(t, '::before'); return [t.dataset.icon, s.maskImage || s.webkitMaskImage, s.width]; })""")
    assert len(tiles) >= 8, tiles
    for name, mask, width in tiles:
        assert mask.startswith('url("data:image/svg+xml;base64,'), (name, mask[:60])
        assert float(width.rstrip("px")) >= 14, (name, width)
    page.screenshot("icons-from-the-stylesheet-1440")


SIDEBAR_LABELS = f"return [...document.querySelectorAll('[data-column=sidebar] .tree li:not(.tree-tags, .tree-all) > a')].map({TREE_LABEL})"


@pytest.mark.parametrize("width", [390, 1440])
def test_a_windowed_sidebar_links_to_every_category(page, width):
    """layout.sidebarWindow: 2 over the example's four categories: an item's page shows its
    category and a neighbour, then "All 4 categories", which leads to the home page, whose
    sidebar (at 390 px its only column) lists all four."""
    page.open(VARIANTS + "sidebar-window/teams/design/ada/", 1440)
    assert page.js(SIDEBAR_LABELS)[:2] == ["Traffic", "Teams"]
    assert "Weather" not in page.js(SIDEBAR_LABELS)
    everything = page.driver.find_element(By.CSS_SELECTOR, "[data-column=sidebar] .tree-all a")
    assert everything.text == "All 4 categories"
    assert everything.get_attribute("aria-current") is None
    page.screenshot("sidebar-window-1440")
    page.open(VARIANTS + "sidebar-window/teams/design/ada/", width)
    page.js("document.querySelector('[data-column=sidebar] .tree-all a').click()")
    page.wait(lambda: page.js("return document.body.dataset.kind") == "home")
    assert page.js(SIDEBAR_LABELS) == ["Communication", "Weather", "Traffic", "Teams"]
    assert page.js("return document.querySelector('.tree-all')") is None
    if width == 390:
        assert page.visible_columns() == ["sidebar", "detail"], "the introduction above the categories"
    assert page.overflow() == []


@pytest.mark.parametrize("width", [720, 768])
def test_balanced_overlays_where_three_columns_do_not_fit(clean_storage, width):
    """layout.style balanced, sidebar open, 720–900 px: beside the others the detail would be
    ~176 px wide. There it opens over the detail, as prominentDetail does."""
    page = clean_storage
    page.open(VARIANTS + "balanced/weather/rain/", width)
    tap(page, ".sidebar-toggle label")
    assert page.visible_columns() == ALL
    assert page.js("return getComputedStyle(document.querySelector('.sidebar')).position") == "absolute"
    detail = page.js("return document.querySelector('[data-column=detail]').getBoundingClientRect().width")
    assert detail >= width - 320, f"the detail keeps its width under the overlay: {detail}px"
    heading = page.js("""const h = document.querySelector('[data-column=detail] h1');
        return h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight)""")
    assert heading < 1.5, "the title fits on one line"
    assert page.overflow() == []
    # Closing works as with prominentDetail: Escape, or a click beside the overlay.
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    ActionChains(page.driver).send_keys(Keys.ESCAPE).perform()
    assert page.visible_columns() == ["content", "detail"]


@pytest.mark.parametrize("site,width", [
    (EXAMPLE, 768), (EXAMPLE, 1024), (VARIANTS + "balanced/", 1024), (VARIANTS + "double/", 1440)])
def test_a_remembered_open_sidebar_leaves_the_home_page_alone(clean_storage, site, width):
    """On the home page the categories already fill the content column and the toggle is
    hidden: a sidebar left open on another page must not be drawn over them there."""
    page = clean_storage
    page.open(site + "weather/sun/", width)
    tap(page, ".sidebar-toggle label")
    assert page.visible_columns() == ALL
    page.open(site, width)
    assert page.js("return document.getElementById('sidebar-toggle').checked"), "the state is remembered"
    assert page.visible_columns() == ["content", "detail"]
    covered = page.js("""return [...document.querySelectorAll('.home-categories a')].filter((a) => {
        const b = a.getBoundingClientRect();
        return !a.contains(document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)); }).length""")
    assert covered == 0, "nothing lies over the categories"
    assert page.overflow() == []
    page.open(site + "weather/sun/", width)
    assert page.visible_columns() == ALL, "and it is open again on the next page"


def width_rules(page):
    """The width conditions of the stylesheet's media rules, as written by the browser."""
    return page.js("""return [...document.styleSheets].filter((s) => s.href && s.href.endsWith('/stacks.css'))
        .flatMap((s) => [...s.cssRules]).filter((r) => r instanceof CSSMediaRule)
        .map((r) => r.conditionText).filter((c) => /width/.test(c))""")


def length(text):
    number, unit = re.fullmatch(r"([\d.]+)(px|rem|em)", text.strip()).groups()
    return float(number) * (1 if unit == "px" else 16)


def matches(condition, width):
    """Evaluates a media condition's width tests (and-ed) for a viewport `width` px wide."""
    ops = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}
    flip = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
    for feature in re.findall(r"\(([^()]*width[^()]*)\)", condition):
        if m := re.fullmatch(r"\s*(min|max)-width:\s*(\S+)\s*", feature):
            value = length(m.group(2))
            if not (width >= value if m.group(1) == "min" else width <= value):
                return False
            continue
        # Range syntax: "width < 720px", "720px <= width", "720px <= width < 1200px".
        tokens = re.findall(r"width|<=|>=|<|>|[\d.]+(?:px|rem|em)", feature)
        for i in range(1, len(tokens), 2):
            left, op, right = tokens[i - 1], tokens[i], tokens[i + 1]
            if left == "width":
                if not ops[op](width, length(right)):
                    return False
            elif not ops[flip[op]](width, length(left)):
                return False
    return True


@pytest.mark.parametrize("site,breakpoints", [(EXAMPLE, (720, 1200)), (VARIANTS + "breakpoints/", (600, 1000))])
def test_fractional_widths_never_fall_between_the_breakpoints(page, site, breakpoints):
    """With zoom, a viewport can be 719.5 px wide: `max-width: 719px` and `min-width: 720px`
    would both miss it. Which rules apply may change only at a breakpoint itself."""
    page.open(site + "weather/sun/", 1440)
    rules = width_rules(page)
    assert rules
    assert not [r for r in rules if re.search(r"(min|max)-width", r)], f"range syntax only: {rules}"
    edges = sorted({length(v) for r in rules for v in re.findall(r"[\d.]+(?:px|rem|em)", r)})
    assert set(breakpoints) <= set(edges), (breakpoints, edges)
    samples = [w / 8 for w in range(300 * 8, 1700 * 8)]
    problems = []
    for width in samples:
        start = max([e for e in edges if e <= width], default=300)
        if [matches(r, width) for r in rules] != [matches(r, start) for r in rules]:
            problems.append(width)
    assert not problems, f"the rules change between breakpoints at {problems[:8]}"


STICKY_PARTS = """
    const parts = [...document.querySelectorAll('[data-column=content] .list-header :is(.column-title, .filter-input, .list-window)')]
      .filter((element) => element.getClientRects().length);
    return parts.map((element) => {
      const box = element.getBoundingClientRect();
      const x = Math.min(box.left + 8, innerWidth - 1), y = box.top + box.height / 2;
      const hit = document.elementFromPoint(x, y);
      return [element.className, y >= 0 && y < innerHeight && !!hit && (element === hit || element.contains(hit) || hit.contains(element))];
    });"""


@pytest.mark.parametrize("width", [1440, 1024, 768, 390])
@pytest.mark.parametrize("scripts", [True, False])
def test_the_list_header_stays_in_view_while_the_list_scrolls(page, width, scripts):
    """The title, the filter (with the script) and the "Showing …" line stay on screen and on
    top at the end of a long list: where the content column scrolls, and where the page does."""
    page.scripts(scripts)
    # An item page shows its list's window beside it; on a phone only the list page shows a list.
    page.open(LARGE + ("parts/page/3/" if width < 720 else "parts/part-0300/"), width)
    page.js("""const content = document.querySelector('[data-column=content]');
        content.scrollTop = content.scrollHeight; window.scrollTo(0, document.documentElement.scrollHeight);""")
    page.wait(lambda: page.js("return document.querySelector('[data-column=content] .list-header').getBoundingClientRect().top") >= 0)
    if scripts and width >= 720:
        # The end in view turns the window into the whole category, which has no "Showing …".
        page.wait(lambda: not page.js("return !!document.querySelector('[data-column=content] .list-window')"), timeout=15)
    parts = dict(page.js(STICKY_PARTS))
    # With the script, a list scrolled to its end becomes the whole category: no "Showing …" then.
    expected = {"column-title"} | ({"filter-input"} if scripts else set()) | ({"list-window"} if width >= 720 and not scripts else set())
    assert set(parts) == expected, parts
    assert all(parts.values()), parts
    gap = page.js("""const header = document.querySelector('[data-column=content] .list-header').getBoundingClientRect();
        const column = document.querySelector('[data-column=content]').getBoundingClientRect();
        const bar = document.querySelector('.topbar').getBoundingClientRect();
        return header.top - Math.max(column.top, bar.bottom, 0)""")
    assert abs(gap) <= 1, f"no row shows above the header ({gap}px)"
    scrolled = page.js("""const content = document.querySelector('[data-column=content]');
        return Math.max(content.scrollTop, window.scrollY)""")
    assert scrolled > 500, "the list scrolled"
    assert page.overflow() == []
    page.screenshot(f"sticky-list-header-{width}-{'js' if scripts else 'nojs'}")

