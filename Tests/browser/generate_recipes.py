#!/usr/bin/env python3
"""A recipe collection shaped like the ones people keep in Markdown: a folder per course, a
folder per dish (its recipe in `index.md` and its photos beside it), photos of a phone's size
(JPEG, 2016 × 1512) drawn by libvips' `vips` command:
a smooth gradient with grain, so that they compress as photos do, not as noise or flat colour.

    generate_recipes.py OUT [--dishes 8] [--photos 3] [--width 2016] [--height 1512] [--seed 5]
                            [--unphotographed 4]

Every `--unphotographed`-th dish has no photo (its list row keeps its monogram).

Standard library and `vips` (Debian's libvips-tools) only.
"""
import argparse
import os
import random
import subprocess

COURSES = {"soups": "Soups", "noodles": "Noodles", "desserts": "Desserts"}
DISHES = ["Hot and sour soup", "Mapo tofu", "Dan dan noodles", "Egg tart", "Wonton soup", "Chow mein",
          "Mango pudding", "Congee", "Zhajiang noodles", "Sesame balls", "Tomato egg soup", "Lo mein",
          "Red bean soup", "Hand-pulled noodles", "Almond jelly", "Corn soup"]


def photo(path, width, height, rng):
    """A photo-like JPEG: a diagonal gradient in the dish's colours with light grain."""
    work = path + ".v"
    r, g, b = rng.randint(90, 220), rng.randint(60, 180), rng.randint(30, 140)
    expression = [
        ["vips", "xyz", work + "xy.v", str(width), str(height)],
        ["vips", "extract_band", work + "xy.v", work + "x.v", "0"],
        ["vips", "extract_band", work + "xy.v", work + "y.v", "1"],
        ["vips", "add", work + "x.v", work + "y.v", work + "s.v"],
        ["vips", "linear", work + "s.v", work + "r.v", str(60 / (width + height)), str(r - 30)],
        ["vips", "linear", work + "s.v", work + "g.v", str(50 / (width + height)), str(g - 20)],
        ["vips", "linear", work + "s.v", work + "b.v", str(40 / (width + height)), str(b - 10)],
        ["vips", "bandjoin", f"{work}r.v {work}g.v {work}b.v", work + "rgb.v"],
        ["vips", "gaussnoise", work + "n.v", str(width), str(height), "--sigma", "6", "--mean", "0"],
        ["vips", "add", work + "rgb.v", work + "n.v", work + "grain.v"],
        ["vips", "cast", work + "grain.v", work + "u.v", "uchar"],
    ]
    for command in expression:
        subprocess.run(command, check=True, capture_output=True)
    subprocess.run(["vips", "copy", work + "u.v", path + "[Q=88,strip]"], check=True, capture_output=True)
    for suffix in ["xy", "x", "y", "s", "r", "g", "b", "rgb", "n", "grain", "u"]:
        os.remove(work + suffix + ".v")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--dishes", type=int, default=8)
    parser.add_argument("--photos", type=int, default=3)
    parser.add_argument("--width", type=int, default=2016)
    parser.add_argument("--height", type=int, default=1512)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--unphotographed", type=int, default=4)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    content = os.path.join(args.out, "content")
    courses = list(COURSES)
    os.makedirs(content, exist_ok=True)
    with open(os.path.join(args.out, "stacks.yml"), "w") as out:
        out.write("title: Home cooking\n")
    for course in courses:
        os.makedirs(os.path.join(content, course), exist_ok=True)
        with open(os.path.join(content, course, "_index.md"), "w") as out:
            out.write(f"---\ntitle: {COURSES[course]}\n---\n")
    photos = 0
    for number in range(args.dishes):
        name = DISHES[number % len(DISHES)] + ("" if number < len(DISHES) else f" {number // len(DISHES) + 1}")
        slug = name.lower().replace(" ", "-")
        folder = os.path.join(content, courses[number % len(courses)], slug)
        os.makedirs(folder, exist_ok=True)
        photographed = args.unphotographed <= 0 or number % args.unphotographed != args.unphotographed - 1
        image = "image: dish.jpg\n" if photographed else ""
        lines = [f"---\ntitle: {name}\n{image}---\n", f"A family recipe for {name.lower()}.\n", "## Steps\n"]
        if not photographed:
            lines.append("1. Prepare the ingredients, then cook them gently.\n")
        for step in range(args.photos if photographed else 0):
            file = "dish.jpg" if step == 0 else f"step-{step}.jpg"
            photo(os.path.join(folder, file), args.width, args.height, rng)
            photos += 1
            lines.append(f"{step + 1}. Prepare the ingredients for step {step + 1}, then cook them gently.\n\n"
                         f"   ![Step {step + 1} of {name}]({file})\n")
        with open(os.path.join(folder, "index.md"), "w") as out:
            out.write("\n".join(lines))
    print(f"{args.dishes} dishes, {photos} photos")


if __name__ == "__main__":
    main()
