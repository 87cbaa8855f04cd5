"""A catalog in a language written right to left (`language: ar`) mirrors: the columns run from
the right, the back arrow and the sidebar glyph point the other way, categories' chevrons point
to the left, and nothing sticks out at any width; axe finds nothing serious in either theme."""
import pytest

from conftest import VARIANTS, WIDTHS
from test_accessibility import serious

RTL = VARIANTS + "rtl/"
PAGES = ["", "weather/", "weather/rain/", "weather/rain/drizzle/", "teams/design/ada/"]


@pytest.mark.parametrize("width", WIDTHS.values())
def test_the_page_is_right_to_left_without_overflow(page, width):
    problems = []
    for path in PAGES:
        page.open(RTL + path, width)
        assert page.js("return [document.documentElement.lang, document.documentElement.dir]") == ["ar", "rtl"]
        problems += [f"{path or 'home'}: {p}" for p in page.overflow()]
    assert not problems, "\n".join(problems)


def test_the_columns_run_from_the_right(page):
    page.open(RTL + "weather/rain/", 1440)
    boxes = page.js("""return ['sidebar', 'content', 'detail'].map((name) =>
        document.querySelector(`[data-column="${name}"]`).getBoundingClientRect().left)""")
    assert boxes[0] > boxes[1] > boxes[2], boxes
    # The search sits at the line's end (the left), its glass at the start of the field (the right).
    search = page.js("const r = document.querySelector('.search').getBoundingClientRect(); return [r.left, r.right]")
    assert search[0] < 40
    assert page.js("return getComputedStyle(document.querySelector('.search-input')).backgroundPositionX").startswith("calc(100%") \
        or page.js("return getComputedStyle(document.querySelector('.search-input')).backgroundPositionX") == "right 9.6px"


@pytest.mark.parametrize("width", [390, 1024])
def test_back_arrows_and_chevrons_point_the_other_way(page, width):
    page.open(RTL + "weather/rain/", width)
    transform = page.js("""const g = [...document.querySelectorAll('.glyph-back, .glyph-sidebar')].find((e) => e.getClientRects().length);
        return g ? getComputedStyle(g).transform : null""")
    assert transform == "matrix(-1, 0, 0, 1, 0, 0)", transform
    page.open(RTL + "", width)
    chevron = page.js("""const a = [...document.querySelectorAll('.list .category > a, .tree a')].find((e) => e.getClientRects().length);
        return getComputedStyle(a, '::after').transform""")
    # rotate(-135deg): the chevron's point is on its left.
    assert chevron.startswith("matrix(-0.707"), chevron
    page.screenshot(f"rtl-{width}")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [390, 1440])
def test_axe_finds_nothing_serious_right_to_left(page, width, scheme):
    page.media({"prefers-color-scheme": scheme})
    problems = []
    for path in ["", "weather/rain/"]:
        page.open(RTL + path, width)
        problems += [f"{path or 'home'}: {p}" for p in serious(page)]
    page.media({"prefers-color-scheme": "light"})
    assert not problems, "\n".join(problems)
