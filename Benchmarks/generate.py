#!/usr/bin/env python3
"""Generate a deterministic synthetic catalog for benchmarking Stacks against Hugo.

The same seed always produces the same catalog. One run can write the Stacks
content folder (--out), the equivalent Hugo site (--hugo), or both; the two
trees carry the same items with the same Markdown text. Only what each tool
needs differs: Hugo gets `weight` (= `order`, so both sort alike), relative
`.md` links rewritten to the page URLs Hugo produces, and bundles with
sub-items as branch bundles (`_index.md`), because a leaf bundle cannot hold
pages.

    generate.py --items 10000 --categories 50 --seed 42 \
        --out /tmp/t/stacks/content --hugo /tmp/t/hugo

Layout of the Stacks tree (DESIGN.md, section 1):

    OUT/_index.md                    home
    OUT/<category>/_index.md         a category
    OUT/<category>/<item>.md         an item
    OUT/<category>/<item>/index.md   every ~20th item: a bundle ...
    OUT/<category>/<item>/figure.png ... with a co-located image
    OUT/<category>/<item>/sub-*.md   --nested: sub-items in some bundles

Python 3 standard library only.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import struct
import sys
import time
import zlib

# --------------------------------------------------------------------------
# Vocabulary

ADJECTIVES = """
amber ancient arctic brass bright bronze calm carved cedar clear coastal
copper crimson curved dark deep dusty early eastern electric emerald faded
fast folding gentle gilded golden granite hidden hollow humble iron ivory
jade late light linen little long lunar marble midnight misty modern narrow
noble northern oaken old olive pale polished quiet rapid rough royal rustic
sapphire scarlet silent silver simple slate small smooth solar southern
spare steady steel stone swift tall tidal twin velvet violet walnut western
wild winter wooden woven young
""".split()

NOUNS = """
anchor anvil arch atlas banner barrel basket beacon bell bench blade bottle
bowl bracket bridge brush bucket cabinet candle canvas chain chair chisel
clock compass crane crate crown cup dial drum easel engine fan feather
flask flute forge frame funnel gauge globe hammer harbor harp helm hinge
hook horn jar kettle key ladder lamp lantern lens lever lock loom mallet
map mast mirror mug needle oar pail pen pipe plane plate pulley pump quill
rake reel ring rope rudder saddle saw scale scroll shears shelf shovel
sickle sieve spindle spoon spring stool stove tablet teapot telescope
thimble tongs torch trowel trunk valve vase wagon wheel whistle window
""".split()

CATEGORY_NOUNS = """
Instruments Tools Vessels Lighting Furniture Textiles Ceramics Maps Clocks
Optics Hardware Rigging Kitchenware Stationery Musical-Goods Garden-Tools
Cartography Navigation Metalwork Woodwork Glassware Baskets
Candles Locks Scales Pumps Engines Bells Lanterns Ropes Brushes Frames
Mirrors Keys Wheels Chains Hooks Boxes Crates Trunks Jars Bottles Bowls
Cups Plates Spoons Knives Saws Hammers Chisels Planes Files Clamps Vices
Drills Lathes Looms Spindles Needles Pens Inks Papers Scrolls Books
Globes Compasses Telescopes Lenses Prisms Gauges Dials Meters Valves
Pipes Springs Gears Pulleys Levers Anchors Oars Sails Masts Helms Flags
Banners Drums Horns Flutes Harps Whistles Kettles Stoves Ovens Pans
""".split()

CATEGORY_ADJECTIVES = """
Antique Coastal Field Harbor Household Industrial Mountain Naval Northern
Rural Scientific Southern Traveling Urban Village Workshop Desert Forest
Island River Winter Summer Royal Market
""".split()

WORDS = """
the a an of to and in for with on by from as at this that these each every
which while when where because although after before during between
catalog collection item piece entry record sample model pattern series
material surface finish edge handle base frame joint seam rim grip weight
maker workshop region century decade season harbor market village city
museum archive owner keeper buyer trader craftsman apprentice guild
used made shaped carved polished restored repaired cleaned measured
listed marked stored shipped traded found kept shown labeled numbered
careful precise sturdy fragile heavy light worn rare common plain
ornate early late original modern small large narrow wide tall short
simple useful reliable balanced durable quiet steady familiar unusual
often rarely usually sometimes always never still already nearly
about around under over across along through behind beside near
original condition provenance inventory drawer shelf cabinet case label
note detail record photograph drawing measurement inscription stamp
brass iron copper bronze oak walnut linen wool leather glass clay
is was are were has had shows keeps holds carries needs suggests
""".split()

HEADINGS = [
    "Construction", "Provenance", "Condition", "Use and care", "History",
    "Materials", "Dimensions", "Notes", "Related pieces", "Maintenance",
    "Origin", "Details", "Handling", "Storage", "Restoration",
]

ICONS = [
    "🧭", "⚓", "🔔", "🕯️", "🔑", "🪝", "🧰", "🔨", "🪚", "🪓", "🔭", "🔬",
    "⚖️", "🕰️", "🏺", "🧺", "🪑", "🛶", "⛵", "🗺️", "📜", "🖋️", "🪶", "🎺",
    "🥁", "🪕", "🫖", "🍶", "🥄", "🔦", "🧲", "⚙️", "🔩", "🪛", "🧵", "🧶",
    "🪞", "🪟", "🛞", "⛓️", "🪤", "🎐", "🏮", "📐", "📏", "🧪", "🌡️", "🧯",
]

LANGUAGES = ["swift", "python", "json", "yaml", "sh"]

CODE_SNIPPETS = {
    "swift": 'let {a} = Item(name: "{b}", weight: {n})\nprint({a}.summary)\n',
    "python": 'def {a}_weight():\n    return {n}  # {b}\n',
    "json": '{{"name": "{b}", "weight": {n}, "kind": "{a}"}}\n',
    "yaml": 'name: {b}\nweight: {n}\nkind: {a}\n',
    "sh": 'catalog show --kind {a} --name "{b}" --weight {n}\n',
}

ATTRIBUTE_KEYS = {
    "material": ["brass", "iron", "copper", "bronze", "oak", "walnut", "linen",
                 "leather", "glass", "clay", "steel", "pewter"],
    "origin": ["Lisbon", "Bergen", "Genoa", "Antwerp", "Bristol", "Hamburg",
               "Marseille", "Valletta", "Dubrovnik", "Gdańsk", "Porto"],
    "period": ["1820s", "1840s", "1860s", "1880s", "1900s", "1920s", "1950s"],
    "condition": ["excellent", "good", "fair", "restored", "worn"],
    "weight": None,   # generated: "1.2 kg"
    "length": None,   # generated: "34 cm"
    "maker": ["Hale & Sons", "Brandt", "Okafor Works", "Lindqvist", "Moreau",
              "Castell", "Ibarra", "Nakamura"],
}

# --------------------------------------------------------------------------
# Helpers


def slugify(title: str) -> str:
    return "-".join(title.lower().replace("&", "and").split())


def yaml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def tiny_png(rgb: tuple[int, int, int], size: int = 8) -> bytes:
    """A valid size×size RGB PNG filled with one colour."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    row = b"\x00" + bytes(rgb) * size
    raw = row * size
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


class Text:
    """Fast deterministic prose: words drawn in bulk, then cut into sentences."""

    def __init__(self, rng: random.Random, pool: list[str] | None = None):
        self.rng = rng
        self.pool = pool if pool is not None else rng.choices(WORDS, k=200_000)
        self.pos = rng.randrange(0, len(self.pool) // 2) if pool is not None else 0

    def words(self, n: int) -> list[str]:
        if self.pos + n > len(self.pool):
            self.pos = self.rng.randrange(0, 1000)
        w = self.pool[self.pos:self.pos + n]
        self.pos += n
        return w

    def sentence(self, emphasis: bool = False) -> str:
        n = self.rng.randint(8, 18)
        w = self.words(n)
        if emphasis:
            k = self.rng.randrange(1, n)
            style = self.rng.randrange(3)
            w[k] = ("*%s*", "**%s**", "`%s`")[style] % w[k]
        w[0] = w[0].capitalize()
        return " ".join(w) + "."

    def paragraph(self, sentences: int | None = None, emphasis: int = 1) -> str:
        n = sentences or self.rng.randint(3, 5)
        marks = set(self.rng.sample(range(n), min(emphasis, n)))
        return " ".join(self.sentence(i in marks) for i in range(n))


# --------------------------------------------------------------------------
# The catalog model (plain dicts; the same model is written out twice)


def unique_titles(rng: random.Random, first: list[str], second: list[str], n: int) -> list[str]:
    """n distinct "First Second" titles; a number is appended once the combinations run out."""
    combos = len(first) * len(second)
    perm = list(range(combos))
    rng.shuffle(perm)
    out = []
    for k in range(n):
        c = perm[k % combos]
        words = (first[c // len(second)] + " " + second[c % len(second)]).replace("-", " ").split()
        t = " ".join(w.capitalize() for w in words)
        if k >= combos:
            t += " %d" % (k // combos + 1)
        out.append(t)
    return out


def make_catalog(items: int, categories: int, seed: int, nested: bool) -> dict:
    rng = random.Random(seed)
    text = Text(rng)

    cat_titles = unique_titles(rng, CATEGORY_ADJECTIVES, CATEGORY_NOUNS, categories)
    cat_orders = list(range(1, categories + 1))
    rng.shuffle(cat_orders)

    base, extra = divmod(items, categories)
    g = 0  # global item number, category-major
    cats = []
    for ci in range(categories):
        n = base + (1 if ci < extra else 0)
        ctitle = cat_titles[ci]
        cat = {
            "slug": slugify(ctitle),
            "title": ctitle,
            "summary": text.sentence(),
            "order": cat_orders[ci],
            "icon": ICONS[rng.randrange(len(ICONS))],
            "color": "#%06x" % rng.randrange(0x1000000),
            "body": text.paragraph(),
            "items": [],
        }
        titles = unique_titles(rng, ADJECTIVES, NOUNS, n)
        orders = list(range(1, n + 1))
        rng.shuffle(orders)
        bundle_count = 0
        for j in range(n):
            is_bundle = g % 20 == 10
            g += 1
            subs = []
            if is_bundle:
                bundle_count += 1
                if nested and bundle_count % 3 == 1:
                    sub_titles = unique_titles(rng, ADJECTIVES, NOUNS, rng.randint(2, 3))
                    for si, st in enumerate(sub_titles):
                        subs.append(make_item(rng, text, "sub-" + slugify(st), st, si + 1, False))
            cat["items"].append(make_item(rng, text, slugify(titles[j]), titles[j], orders[j], is_bundle, subs))
        # Pick each item's sibling link target: a non-bundle item of the same category.
        plain = [it for it in cat["items"] if not it["bundle"]]
        for it in cat["items"]:
            candidates = [p for p in plain if p is not it]
            if candidates:
                target = candidates[rng.randrange(len(candidates))]
                it["link"] = target
                for sub in it["subs"]:
                    sub["link"] = target
        cats.append(cat)

    return {
        "title": "Synthetic Catalog",
        "body": text.paragraph(4) + "\n\n" + text.paragraph(3),
        "categories": cats,
    }


def make_item(rng, text, slug, title, order, bundle, subs=()):
    keys = sorted(rng.sample(sorted(ATTRIBUTE_KEYS), rng.randint(3, 5)))
    attrs = []
    for k in keys:
        vals = ATTRIBUTE_KEYS[k]
        if k == "weight":
            v = "%.1f kg" % (rng.randint(1, 400) / 10)
        elif k == "length":
            v = "%d cm" % rng.randint(3, 250)
        else:
            v = vals[rng.randrange(len(vals))]
        attrs.append((k, v))
    lang = LANGUAGES[rng.randrange(len(LANGUAGES))]
    code = CODE_SNIPPETS[lang].format(a=slug.split("-")[-1].replace("'", ""), b=title, n=rng.randint(1, 999))
    return {
        "slug": slug,
        "title": title,
        "summary": text.sentence(),
        "order": order,
        "tags": sorted(set(text.rng.sample(ADJECTIVES + NOUNS, rng.randint(2, 4)))),
        "icon": ICONS[rng.randrange(len(ICONS))],
        "color": "#%06x" % rng.randrange(0x1000000),
        "date": "%04d-%02d-%02d" % (rng.randint(2015, 2023), rng.randint(1, 12), rng.randint(1, 28)),
        "attributes": attrs,
        "bundle": bundle,
        "subs": list(subs),
        "heading": HEADINGS[rng.randrange(len(HEADINGS))],
        "bullets": [text.sentence() for _ in range(rng.randint(3, 5))],
        "lang": lang,
        "code": code,
        "target": rng.randint(1500, 2700),
        "seed": rng.randrange(1 << 30),
        "link": None,
    }


# --------------------------------------------------------------------------
# Rendering Markdown files


def front_matter(it: dict, weight: bool) -> str:
    lines = [
        "---",
        "title: " + yaml_str(it["title"]),
        "summary: " + yaml_str(it["summary"]),
        "order: %d" % it["order"],
    ]
    if weight:
        lines.append("weight: %d" % it["order"])
    lines += [
        "tags: [" + ", ".join(yaml_str(t) for t in it["tags"]) + "]",
        "icon: " + yaml_str(it["icon"]),
        "color: " + yaml_str(it["color"]),
        "date: " + it["date"],
        "attributes:",
    ]
    lines += ["  %s: %s" % (k, yaml_str(v)) for k, v in it["attributes"]]
    lines.append("---")
    return "\n".join(lines) + "\n"


def item_body(it: dict, link_url: str | None, text: Text) -> str:
    """The Markdown body; link_url is the sibling link as the target tool wants it."""
    parts = [text.paragraph()]
    if it["link"] is not None and link_url is not None:
        tail = text.sentence()
        parts.append("Compare it with [%s](%s), which %s" % (
            it["link"]["title"], link_url, tail[0].lower() + tail[1:]))
    parts.append("## " + it["heading"])
    parts.append(text.paragraph(3))
    parts.append("\n".join("- " + b for b in it["bullets"]))
    parts.append("```%s\n%s```" % (it["lang"], it["code"]))
    if it["bundle"]:
        parts.append("![Figure](figure.png)")
    body = "\n\n".join(parts)
    while len(body.encode()) < it["target"]:
        body += "\n\n" + text.paragraph()
    return body + "\n"


def item_bodies(it: dict) -> str:
    """Body text independent of the link URL (the URL is spliced in per tool)."""
    # A generator per item, so the text does not depend on the order files are written.
    return item_body(it, "\x00LINK\x00", Text(random.Random(it["seed"]), SHARED_POOL))


SHARED_POOL: list[str] = []


def write(path: str, data: str | bytes) -> None:
    if isinstance(data, str):
        data = data.encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def ensure_empty(d: str) -> None:
    if os.path.exists(d) and os.listdir(d):
        sys.exit("generate.py: error: %s exists and is not empty" % d)
    os.makedirs(d, exist_ok=True)


def write_trees(cat: dict, stacks_dir: str | None, hugo_dir: str | None, theme_dir: str,
                hugo_window: int, hugo_page_size: int) -> dict:
    stats = {"categories": 0, "items": 0, "bundles": 0, "sub_items": 0, "figures": 0}
    hugo_content = os.path.join(hugo_dir, "content") if hugo_dir else None
    roots = [r for r in (stacks_dir, hugo_content) if r]
    for r in roots:
        ensure_empty(r)

    home = "---\ntitle: %s\n---\n\n%s\n" % (yaml_str(cat["title"]), cat["body"])
    for r in roots:
        write(os.path.join(r, "_index.md"), home)

    for c in cat["categories"]:
        stats["categories"] += 1
        cfm = "\n".join([
            "---",
            "title: " + yaml_str(c["title"]),
            "summary: " + yaml_str(c["summary"]),
            "order: %d" % c["order"],
        ])
        idx_stacks = cfm + "\nicon: %s\ncolor: %s\n---\n\n%s\n" % (yaml_str(c["icon"]), yaml_str(c["color"]), c["body"])
        idx_hugo = cfm + "\nweight: %d\nicon: %s\ncolor: %s\n---\n\n%s\n" % (
            c["order"], yaml_str(c["icon"]), yaml_str(c["color"]), c["body"])
        for r, idx in ((stacks_dir, idx_stacks), (hugo_content, idx_hugo)):
            if r:
                os.mkdir(os.path.join(r, c["slug"]))
                write(os.path.join(r, c["slug"], "_index.md"), idx)

        for it in c["items"]:
            stats["items"] += 1
            body = item_bodies(it)
            target = it["link"]["slug"] if it["link"] else None
            if it["bundle"]:
                stats["bundles"] += 1
                stats["figures"] += 1
                png = tiny_png(tuple(int(it["color"][i:i + 2], 16) for i in (1, 3, 5)))
                has_subs = bool(it["subs"])
                if stacks_dir:
                    d = os.path.join(stacks_dir, c["slug"], it["slug"])
                    os.mkdir(d)
                    write(os.path.join(d, "index.md"),
                          front_matter(it, False) + "\n" + body.replace("\x00LINK\x00", "../%s.md" % target))
                    write(os.path.join(d, "figure.png"), png)
                if hugo_content:
                    d = os.path.join(hugo_content, c["slug"], it["slug"])
                    os.mkdir(d)
                    # A leaf bundle cannot hold pages, so a bundle with sub-items is a branch bundle.
                    write(os.path.join(d, "_index.md" if has_subs else "index.md"),
                          front_matter(it, True) + "\n" + body.replace("\x00LINK\x00", "../%s/" % target))
                    write(os.path.join(d, "figure.png"), png)
                for sub in it["subs"]:
                    stats["sub_items"] += 1
                    sbody = item_bodies(sub)
                    if stacks_dir:
                        write(os.path.join(stacks_dir, c["slug"], it["slug"], sub["slug"] + ".md"),
                              front_matter(sub, False) + "\n" + sbody.replace("\x00LINK\x00", "../%s.md" % target))
                    if hugo_content:
                        write(os.path.join(hugo_content, c["slug"], it["slug"], sub["slug"] + ".md"),
                              front_matter(sub, True) + "\n" + sbody.replace("\x00LINK\x00", "../../%s/" % target))
            else:
                if stacks_dir:
                    write(os.path.join(stacks_dir, c["slug"], it["slug"] + ".md"),
                          front_matter(it, False) + "\n" + body.replace("\x00LINK\x00", "%s.md" % target))
                if hugo_content:
                    write(os.path.join(hugo_content, c["slug"], it["slug"] + ".md"),
                          front_matter(it, True) + "\n" + body.replace("\x00LINK\x00", "../%s/" % target))

    if hugo_dir:
        write(os.path.join(hugo_dir, "config.toml"), HUGO_CONFIG % {
            "title": cat["title"], "window": hugo_window, "page_size": hugo_page_size})
        shutil.copytree(theme_dir, os.path.join(hugo_dir, "layouts"))
    stats["pages"] = 1 + stats["categories"] + stats["items"] + stats["sub_items"]
    return stats


HUGO_CONFIG = """\
# Generated by Benchmarks/generate.py: the Hugo side of the Stacks benchmark.
baseURL = "/"
title = "%(title)s"
relativeURLs = true
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT"]
disableHugoGeneratorInject = true
enableRobotsTXT = false
paginate = %(page_size)d

[params]
  # Item pages list this many siblings around the selection (0 = the whole
  # category), like Stacks' windowed content column. Category pages list the
  # whole category, paginated by `paginate`.
  listWindow = %(window)d

# Keep Markdown comparable with libcmark (CommonMark, smart punctuation):
# no extensions, no heading ids, no syntax highlighting, raw HTML escaped.
[markup]
  defaultMarkdownHandler = "goldmark"
  [markup.goldmark.parser]
    autoHeadingID = false
    [markup.goldmark.parser.attribute]
      block = false
      title = false
  [markup.goldmark.extensions]
    definitionList = false
    footnote = false
    linkify = false
    strikethrough = false
    table = false
    taskList = false
    typographer = true
  [markup.goldmark.renderer]
    unsafe = false
  [markup.highlight]
    codeFences = false
"""


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--items", type=int, required=True, help="number of (top-level) items")
    ap.add_argument("--categories", type=int, required=True, help="number of categories")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--out", help="write the Stacks content folder here (must be empty or absent)")
    ap.add_argument("--hugo", help="write the equivalent Hugo site here (must be empty or absent)")
    ap.add_argument("--nested", action="store_true", help="give every third bundle 2-3 sub-items")
    ap.add_argument("--hugo-window", type=int, default=50,
                    help="siblings listed around the selection on Hugo item pages (0 = all; default 50)")
    ap.add_argument("--hugo-page-size", type=int, default=100,
                    help="items per page of a Hugo category list (default 100)")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    if not a.out and not a.hugo:
        ap.error("give --out, --hugo or both")
    if a.items < 0 or a.categories < 1:
        ap.error("need --items >= 0 and --categories >= 1")

    theme = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hugo-theme")
    if a.hugo and not os.path.isdir(theme):
        sys.exit("generate.py: error: Hugo theme not found at %s" % theme)

    t0 = time.perf_counter()
    SHARED_POOL.extend(random.Random(a.seed ^ 0x5EED).choices(WORDS, k=200_000))
    catalog = make_catalog(a.items, a.categories, a.seed, a.nested)
    stats = write_trees(catalog, a.out, a.hugo, theme, a.hugo_window, a.hugo_page_size)
    if not a.quiet:
        print("generated %(categories)d categories, %(items)d items (%(bundles)d bundles, "
              "%(sub_items)d sub-items), %(pages)d pages" % stats
              + " in %.2fs" % (time.perf_counter() - t0), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
