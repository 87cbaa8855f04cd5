#!/usr/bin/env python3
"""A Markdown collection shaped like the ones people already have, for `stacks build --content`.

Not written for Stacks: the layouts, names and front matter of public repositories.

- A command reference (as tldr-pages lays it out): about ten platform folders, one of them
  holding several thousand pages, many named by punctuation or symbols (`!.md`, `[[.md`,
  `c++.md` beside `c.md`), each page a `# name`, a `> description` and examples, no front matter.
- A recipe box laid out `dish/dish.md` beside its photos, with README.md category intros.
- A folder of READMEs (one project per folder), Hugo pages with TOML front matter (`+++`,
  `weight`, `description`, `linkTitle`), Zola pages with `[taxonomies]` and `@/` links,
  root-absolute links between pages, and Markdown files directly in the content folder.

    Benchmarks/generate_collection.py --out /tmp/collection/content [--pages 7400] [--seed 42]

Deterministic for a seed. Prints the number of Markdown files and folders written.
"""
import argparse
import os
import random

PLATFORMS = [("common", 0.62), ("linux", 0.20), ("osx", 0.05), ("windows", 0.05), ("android", 0.02),
             ("freebsd", 0.015), ("openbsd", 0.015), ("netbsd", 0.01), ("sunos", 0.01), ("cisco-ios", 0.01)]
# Real command names made of punctuation or with symbols that a slug must keep apart.
SYMBOL_NAMES = ["!", "$", "%", "[", "[[", "{", "}", "~", ",", "^", "((", ":", ".", "..", "&", "*", "@", "#",
                "c", "c++", "g++", "clang", "clang++", "a.out", "7z", "7za", "tar", "tar.gz", "git-commit",
                "git commit", "node.js", "dotnet", "dotnet-build", "x86_64-w64-mingw32-gcc", "ß", "ça"]
WORDS = ["archive", "file", "list", "copy", "move", "network", "print", "search", "compress", "extract",
         "user", "process", "disk", "memory", "package", "install", "remove", "update", "config", "log",
         "image", "video", "audio", "text", "stream", "socket", "port", "key", "token", "cache"]


def words(rng, count):
    return " ".join(rng.choice(WORDS) for _ in range(count))


def command_page(rng, name):
    lines = [f"# {name}", "", f"> {words(rng, 6).capitalize()}.",
             f"> More information: <https://example.org/{len(name)}>.", ""]
    for _ in range(rng.randint(3, 8)):
        lines += [f"- {words(rng, 5).capitalize()}:", "", f"`{name} {{{{path/to/{rng.choice(WORDS)}}}}}`", ""]
    return "\n".join(lines)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def generate(out, pages, seed):
    rng = random.Random(seed)
    files = 0
    folders = set()

    def put(relative, text):
        nonlocal files
        write(os.path.join(out, relative), text)
        files += 1
        folders.add(os.path.dirname(relative))

    # The command reference: the bulk of the pages.
    reference = int(pages * 0.92)
    for platform, share in PLATFORMS:
        count = max(5, int(reference * share))
        names = SYMBOL_NAMES if platform == "common" else SYMBOL_NAMES[:5]
        chosen = list(names)
        index = 0
        while len(chosen) < count:
            chosen.append(f"{rng.choice(WORDS)}{rng.choice(['', '-', '_', '.'])}{rng.choice(WORDS)}{index}")
            index += 1
        for name in chosen:
            put(f"pages/{platform}/{name}.md", command_page(rng, name))

    # Recipes: dish/dish.md with photos, README.md as a category's introduction.
    for course in ["soups", "mains", "desserts"]:
        put(f"recipes/{course}/README.md", f"# {course.capitalize()}\n\nEverything {course}.\n")
        for number in range(40):
            dish = f"{course[:-1]}-{number}"
            put(f"recipes/{course}/{dish}/{dish}.md",
                f"# {dish.replace('-', ' ').capitalize()}\n\n|原料|数量|单位|\n|:-:|:-:|:-:|\n|水|1|升|\n\n![photo](photo.jpg)\n")
            write(os.path.join(out, f"recipes/{course}/{dish}/photo.jpg"), "JPEG")

    # A folder of READMEs: one project per folder.
    for number in range(60):
        put(f"projects/project-{number}/README.md", f"# Project {number}\n\n{words(rng, 12)}.\n")

    # Hugo pages: TOML front matter and Hugo's keys, root-absolute links between pages.
    for number in range(80):
        put(f"docs/configuration/option-{number}.md",
            f'+++\ntitle = "Option {number}"\nlinkTitle = "Opt {number}"\nweight = {80 - number}\n'
            f'description = "{words(rng, 8)}"\n+++\n\nSee [all options](/docs/configuration/) and '
            f'[the next](/docs/configuration/option-{(number + 1) % 80}/).\n')
    put("docs/configuration/_index.md", '+++\ntitle = "Configuration"\n+++\nEvery option.\n')

    # Zola pages: [taxonomies] and @/ links.
    for number in range(60):
        put(f"blog/post-{number}.md",
            f'+++\ntitle = "Post {number}"\ndate = 2024-05-{1 + number % 28:02d}\n\n[taxonomies]\ntags = ["{rng.choice(WORDS)}"]\n\n'
            f'[extra]\nauthor = "A. Writer"\n+++\n\nFollows [the first](@/blog/post-0.md).\n')

    # Markdown files directly in the content folder, and YAML with other generators' keys.
    for name in ["README", "CONTRIBUTING", "about", "changelog"]:
        put(f"{name}.md", f"# {name.capitalize()}\n\n{words(rng, 10)}.\n")
    for number in range(40):
        put(f"topics/topic-{number}.md",
            f"---\ndisplay_name: Topic {number}\nshort_description: {words(rng, 6)}\naliases: [t{number}]\n---\n{words(rng, 20)}.\n")
    return files, len(folders)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="the content folder to write (must not exist)")
    parser.add_argument("--pages", type=int, default=7400)
    parser.add_argument("--seed", type=int, default=42)
    arguments = parser.parse_args()
    if os.path.exists(arguments.out):
        parser.error(f"{arguments.out} exists")
    files, folders = generate(arguments.out, arguments.pages, arguments.seed)
    print(f"{files} Markdown files in {folders} folders under {arguments.out}")


if __name__ == "__main__":
    main()
