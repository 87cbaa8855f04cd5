#!/usr/bin/env python3
"""Writes a catalog with one large category, for the browser suite and for size checks.

    generate_catalog.py OUT [--large 2000] [--categories 4] [--items 12]

OUT/content/ gets: "Parts" with --large items (tags, summaries, a few accented titles), a few
smaller categories of --items items, a nested category and an item bundle with sub-items, so
paths reach depth 3. The same arguments always write the same catalog.
"""
import argparse
import os
import random

ICONS = ["document", "folder", "sun", "cloud", "car", "truck", "phone", "message", "mic", "radio"]
COLORS = ["#0a7d5a", "#8e44ad", "#2c6fbb", "#b4540a", "#a12d5b", "#3b5b6d"]
WORDS = ["bracket", "hinge", "valve", "gasket", "spring", "washer", "bearing", "rivet", "flange",
         "coupler", "sprocket", "pulley", "bolt", "clamp", "spacer", "bushing", "grommet", "shim"]
ACCENTED = ["Crème Bracket", "Façade Panel", "Naïve Switch", "Smørrebrød Tray", "Ærø Valve", "Über Clamp"]


def part_title(n):
    """The title of part n of the large category (the suite computes what to expect from it)."""
    if n % 97 == 0:
        return ACCENTED[n // 97 % len(ACCENTED)] + f" {n:04d}"
    return f"{WORDS[n % len(WORDS)].title()} {n:04d}"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def item(title, summary, tags, icon, color, order, body):
    tag_list = ", ".join(tags)
    return (f"---\ntitle: \"{title}\"\nsummary: \"{summary}\"\ntags: [{tag_list}]\n"
            f"icon: {icon}\ncolor: \"{color}\"\norder: {order}\n---\n\n{body}\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--large", type=int, default=2000, help="items in the large category")
    parser.add_argument("--categories", type=int, default=4, help="categories besides the large one")
    parser.add_argument("--items", type=int, default=12, help="items in each small category")
    parser.add_argument("--title", default="Large Catalog")
    args = parser.parse_args()
    rng = random.Random(7)
    content = os.path.join(args.out, "content")
    # The list window the tests' positions ("Showing 275–324") are written for.
    write(os.path.join(args.out, "stacks.yml"), "layout:\n  listWindow: 50\n")
    write(os.path.join(content, "_index.md"),
          f"---\ntitle: {args.title}\n---\n\nA generated catalog with a category of {args.large} items.\n")

    parts = os.path.join(content, "parts")
    write(os.path.join(parts, "_index.md"),
          f"---\ntitle: Parts\nsummary: {args.large} generated parts\nicon: folder\ncolor: \"#2c6fbb\"\norder: 1\n---\n\n"
          "Every part of the catalog, in order. The list is long on purpose.\n")
    for n in range(1, args.large + 1):
        word = WORDS[n % len(WORDS)]
        title = part_title(n)
        tags = [word, f"size-{n % 5}"] + (["rare-find"] if n == args.large - 3 else [])
        body = f"Part number {n}. A {word} of size {n % 5}, weighing {rng.randint(1, 900)} g.\n"
        write(os.path.join(parts, f"part-{n:04d}.md"),
              item(title, f"A {word} for general use, batch {n % 13}", tags, ICONS[n % len(ICONS)],
                   COLORS[n % len(COLORS)], n, body))

    for c in range(1, args.categories + 1):
        folder = os.path.join(content, f"group-{c}")
        write(os.path.join(folder, "_index.md"),
              f"---\ntitle: Group {c}\nsummary: A small category\nicon: {ICONS[c % len(ICONS)]}\n"
              f"color: \"{COLORS[c % len(COLORS)]}\"\norder: {c + 1}\n---\n\nGroup {c} has {args.items} items.\n")
        for n in range(1, args.items + 1):
            write(os.path.join(folder, f"thing-{n}.md"),
                  item(f"Thing {c}.{n}", f"Item {n} of group {c}", [f"group-{c}"], ICONS[n % len(ICONS)],
                       COLORS[n % len(COLORS)], n, f"Thing {n} of group {c}."))
        if c == 1:
            # A nested category and an item bundle with sub-items: depth 3.
            write(os.path.join(folder, "nested", "_index.md"), "---\ntitle: Nested\nsummary: A sub-category\n---\n")
            write(os.path.join(folder, "nested", "inner.md"), item("Inner", "In a sub-category", [], "document", "#444444", 1, "Inside."))
            write(os.path.join(folder, "bundle", "index.md"),
                  item("Bundle", "An item with sub-items", ["bundle"], "folder", "#8e44ad", 0, "Has sub-items."))
            for s in range(1, 4):
                write(os.path.join(folder, "bundle", f"sub-{s}.md"),
                      item(f"Sub {s}", f"Sub-item {s}", [], "document", "#3b5b6d", s, f"Sub-item {s}."))


if __name__ == "__main__":
    main()
