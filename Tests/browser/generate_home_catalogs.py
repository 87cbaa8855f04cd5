#!/usr/bin/env python3
"""Two catalogs for the home's first screen, shaped as people bring them:

- `recipes/`: a recipe repository whose README is long (what it is, how to cook from it, how
  to contribute) above seven category folders of different sizes, one of dishes in Chinese;
- `flat/`: a collection of topics with no categories at all (one file per topic, as a topics
  repository keeps them), and a one-line README.

    generate_home_catalogs.py OUT    (writes OUT/recipes/content and OUT/flat/content)
"""
import os
import sys

README = """# Cook at Home

A collection of home-cooking recipes written by the people who cook them, each one tried in an
ordinary kitchen with ordinary tools. Every recipe lists its ingredients by weight, its steps in
order, and how to tell that a step is done.

## How to cook from it

Pick a category in the list, then a dish. Read the whole recipe once before you start: the
amounts are for two people, and the times assume a gas stove. When a step says "until golden",
trust your eyes over the clock.

## How to contribute

1. Fork the repository and add your dish under the category it belongs to, in a folder named
   after the dish, with a photo beside it.
2. Write the ingredients with their weights, and the steps as numbered lines.
3. Open a pull request; a maintainer cooks it before it is merged.

Please keep one dish per file, and write the reason for any unusual step.
"""

CATEGORIES = {"Vegetables": 14, "Meat": 22, "Seafood": 9, "Soups": 17, "Staples": 6, "Desserts": 11}


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def main(out):
    recipes = os.path.join(out, "recipes", "content")
    write(os.path.join(recipes, "README.md"), README)
    for category, count in CATEGORIES.items():
        for n in range(1, count + 1):
            dish = f"{category[:-1] if category.endswith('s') else category} dish {n}"
            write(os.path.join(recipes, category.lower(), f"{dish.lower().replace(' ', '-')}.md"),
                  f"# {dish}\n\nA dish of {category.lower()}, number {n}.\n\n## Ingredients\n\n- salt, 2 g\n")
    # Dishes written in Chinese, as a Chinese recipe repository writes them: searched character
    # by character (no stemmer for Chinese).
    for name, steps in [("番茄炒蛋", "将鸡蛋打散，加盐，炒至凝固后盛出。番茄切块，炒出汁水，倒入鸡蛋。"),
                        ("红烧肉", "五花肉切块，焯水，加冰糖炒出糖色，小火炖一小时。")]:
        write(os.path.join(recipes, "chinese", f"{name}.md"), f"# {name}\n\n{steps}\n")
    flat = os.path.join(out, "flat", "content")
    write(os.path.join(flat, "README.md"), "# Topics\n\nBrowse topics on many subjects.\n")
    for n in range(1, 41):
        write(os.path.join(flat, f"topic-{n:03d}.md"),
              f"---\ntopic: topic-{n:03d}\n---\n# Topic {n}\n\nWhat topic {n} is about.\n")


if __name__ == "__main__":
    main(sys.argv[1])
