#!/usr/bin/env python3
"""Writes a catalog as people bring them, not as Stacks' example is written: no icon or summary
anywhere, recipes with wide tables, long code lines, inline code and photos, long pages, a
category of a few hundred entries and commands named by symbols (`!`, `[[`, `c++`).

    generate_plain_catalog.py OUT [--notes 300] [--missing-icons none]

Images are real files of known sizes, made with the standard library (PNG, GIF, SVG) or taken
from small samples a browser encoded (JPEG with an ICC profile, WebP VP8X with one):
IMAGES below says which size each must get. The same arguments always write the same catalog.
"""
import argparse
import base64
import os
import struct
import zlib

# 12x8, with an APP2 ICC segment before its frame header.
JPEG_SAMPLE = "/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAwDASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAQF/8QAIRAAAgEDAwUAAAAAAAAAAAAAAQIEAAMFBhExEhMhQoH/xAAUAQEAAAAAAAAAAAAAAAAAAAAG/8QAGBEBAAMBAAAAAAAAAAAAAAAAAgAREiH/2gAMAwEAAhEDEQA/AKJUjBtpWHYjQ5CZ1bpMiSxPbdN32AHVz5T1HB+4lKU+JzfYTS1P/9k="
# 10x6, extended (VP8X) with an ICC chunk, lossy data.
WEBP_SAMPLE = "UklGRlQCAABXRUJQVlA4WAoAAAAgAAAACQAABQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggZgAAABADAJ0BKgoABgABQCYlsAJ0ugH4AMwAyQDpLyUNEgkpwAD+8La7Hj/Cd6PJUHN/Zj/NeHR6r1WjmF6dI3y1ISRg5EqSH4rNmgi//MFkmJxnvClPYz95v/kqSotW1N5fygD7qAAAAA=="

# File name: (width, height), as each page must give them to <img>.
IMAGES = {"bowl.png": (640, 360), "steam.gif": (320, 200), "photo.jpg": (12, 8), "spice.webp": (10, 6),
          "diagram.svg": (480, 270), "wide.png": (2400, 300)}
# A command reference as tldr-pages writes one: pages named by their command, symbols and all.
COMMANDS = {"!": "Bash history expansion", "[[": "Test a condition", "c": "Compile C", "c++": "Compile C++",
            "tar": "Archiving utility", "tar.gz": "A compressed archive"}
# A command with hundreds of sub-commands named after it (`docker build`, `docker-build.md`), as
# in tldr-pages: a search for `docker` must find `docker` itself first.
DOCKER = ["build", "compose", "run", "exec", "ps", "pull", "push", "image", "network", "volume", "system", "login"]
DOCKER_SUBCOMMANDS = DOCKER + [f"{verb}-{thing}" for verb in ["create", "inspect", "ls", "prune", "rm", "update", "start",
                                                              "stop", "attach", "cp", "diff", "events", "export",
                                                              "history", "import", "info", "kill", "load", "logs",
                                                              "pause", "port", "rename", "restart", "save", "search",
                                                              "stats", "tag", "top", "unpause", "wait"]
                               for thing in ["container", "image", "network", "volume", "plugin", "secret", "service",
                                             "stack", "swarm", "node"]]
RECIPES = ["Ramen", "Borscht", "Tagine", "Pho", "Gumbo", "Laksa"]
WORDS = ["salt", "onion", "stock", "pepper", "garlic", "ginger", "miso", "butter", "thyme", "lemon"]


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data.encode("utf-8") if isinstance(data, str) else data)


def png(width, height, rgb):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    row = b"\0" + bytes(rgb) * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height, 9)) + chunk(b"IEND", b""))


def gif(width, height):
    """Stripes in two colours. The LZW data is written uncoded: with 7-bit pixels the codes are
    8 bits wide, and a clear code every 126 pixels keeps them so, so each code is one byte."""
    palette = bytes([0x2E, 0x8B, 0x57, 0xF4, 0xE3, 0xC4]) + bytes(3 * 126)
    pixels = bytes((x // 16 + y // 16) % 2 for y in range(height) for x in range(width))
    codes = bytearray()
    for start in range(0, len(pixels), 126):
        codes += bytes([128]) + pixels[start:start + 126]
    codes += bytes([129])
    blocks = b"".join(bytes([len(codes[i:i + 255])]) + codes[i:i + 255] for i in range(0, len(codes), 255))
    return (b"GIF89a" + struct.pack("<HH", width, height) + bytes([0xF6, 0, 0]) + palette
            + b"\x2c" + struct.pack("<HHHH", 0, 0, width, height) + b"\x00" + bytes([7]) + blocks + b"\x00\x3b")


def svg(width, height):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}">'
            f'<rect width="{width}" height="{height}" fill="#e8d5b5"/><circle cx="{width // 2}" cy="{height // 2}" r="{height // 3}" fill="#b4540a"/></svg>\n')


# An image that is not a co-located file: it loads lazily but has no size.
DATA_IMAGE = "data:image/png;base64," + base64.b64encode(png(4, 4, (90, 90, 90))).decode()


def recipe(n, title):
    rows = "\n".join(f"| {WORDS[(n + i) % len(WORDS)]} | {i * 25 + n} | g | {'finely chopped ' * (i % 3)}{WORDS[i % len(WORDS)]} from the market, fresh |"
                     for i in range(1, 9))
    long_code = ("curl --fail --silent --show-error --location --header 'Accept: application/json' "
                 f"'https://example.org/api/v1/recipes/{n}/ingredients?include=nutrition,allergens,suppliers&format=json&locale=en-GB' "
                 "| jq '.ingredients[] | {name, grams, supplier: .suppliers[0].name}'")
    steps = "\n\n".join(f"{s}. Stir the `{WORDS[s % len(WORDS)]}` into the pot and simmer for {s * 3} minutes; "
                         f"taste, and add `{WORDS[(s + 3) % len(WORDS)]}` if it needs it. " + "Keep the heat low. " * 6
                         for s in range(1, 16))
    return f"""# {title}

{title} as it is cooked at home: run `make-stock --bones {n} --hours 6` the day before, and keep the `{WORDS[n]}` close.

![A bowl of {title.lower()}](bowl.png)

## Ingredients

| Ingredient | Amount | Unit | Notes |
|:-----------|-------:|:----:|-------|
{rows}

## Tools

```sh
{long_code}
```

```python
def simmer(pot, minutes={n * 5}, heat="low", stir_every=3, notes="a very long line of Python that a narrow column must scroll rather than wrap or push the page"):
    return pot.cook(minutes=minutes, heat=heat, stir_every=stir_every, notes=notes)
```

![Steam rising](steam.gif) ![A photo](photo.jpg "The photo") ![Spices](spice.webp)

![A diagram of the pot](diagram.svg)

![A very wide panorama](wide.png)

![Not a file of the site]({DATA_IMAGE})

## Steps

{steps}
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--notes", type=int, default=300, help="entries in the large category")
    parser.add_argument("--missing-icons", choices=["monogram", "none"], default="monogram")
    args = parser.parse_args()
    content = os.path.join(args.out, "content")
    write(os.path.join(args.out, "stacks.yml"), f"title: Plain Catalog\nlayout:\n  missingIcons: {args.missing_icons}\n")
    write(os.path.join(content, "_index.md"), "# Plain Catalog\n\nRecipes and notes, brought as they were written elsewhere.\n")
    recipes = os.path.join(content, "recipes")
    write(os.path.join(recipes, "_index.md"), "# Recipes\n\nSoups and stews.\n")
    for n, title in enumerate(RECIPES):
        folder = os.path.join(recipes, title.lower())
        write(os.path.join(folder, "index.md"), recipe(n, title))
        write(os.path.join(folder, "bowl.png"), png(*IMAGES["bowl.png"], (200, 120, 60)))
        write(os.path.join(folder, "wide.png"), png(*IMAGES["wide.png"], (60, 120, 200)))
        write(os.path.join(folder, "steam.gif"), gif(*IMAGES["steam.gif"]))
        write(os.path.join(folder, "photo.jpg"), base64.b64decode(JPEG_SAMPLE))
        write(os.path.join(folder, "spice.webp"), base64.b64decode(WEBP_SAMPLE))
        write(os.path.join(folder, "diagram.svg"), svg(*IMAGES["diagram.svg"]))
    notes = os.path.join(content, "notes")
    write(os.path.join(notes, "_index.md"), "# Notes\n")
    for n in range(1, args.notes + 1):
        word = WORDS[n % len(WORDS)]
        title = f"{word.title()} note {n:03d}" if n % 7 else f"Über-long note about {word} and everything that goes with it {n:03d}"
        write(os.path.join(notes, f"note-{n:03d}.md"), f"# {title}\n\nA note on `{word}`.\n")
    commands = os.path.join(content, "commands")
    for name, description in COMMANDS.items():
        write(os.path.join(commands, f"{name}.md"), f"# {name}\n\n> {description}.\n\n- Run it:\n\n`{name} {{{{file}}}}`\n")
    write(os.path.join(commands, "docker.md"), "# docker\n\n> Manage containers and images.\n\n- List containers:\n\n`docker ps`\n")
    for sub in DOCKER_SUBCOMMANDS:
        title = "docker " + sub.replace("-", " ", 1) if sub in DOCKER else f"docker {sub}"
        write(os.path.join(commands, f"docker-{sub}.md"),
              f"# {title}\n\n> A docker sub-command: {sub.replace('-', ' ')}.\n\n- Run it:\n\n`docker {sub} {{{{name}}}}`\n")


if __name__ == "__main__":
    main()
