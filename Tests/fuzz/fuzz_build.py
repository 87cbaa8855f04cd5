#!/usr/bin/env python3
"""Fuzzes `stacks build` with random catalogs drawn from a hostile alphabet.

Each case is a fresh sandbox: a project (content/, sometimes stacks.yml and templates/, and an
output/ from a known good build) with sentinel folders around it, so that a write outside the
output shows. The build must not crash or hang, must touch nothing but its output, must exit 1
exactly when it prints an error (leaving the output as it was), and on success every page's
`href`/`src` must resolve to a file inside the output, with no script of the content's own.

    python3 Tests/fuzz/fuzz_build.py --binary .build/debug/stacks --seconds 60 [--seed S]
    python3 Tests/fuzz/fuzz_build.py --seed S --case K --keep     # replays one case

Standard library only. Prints one line per failing case and, last, `N passed, M failed`.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import posixpath
import random
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import unicodedata
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import quote_from_bytes, unquote_to_bytes

# ---------------------------------------------------------------------------------------------
# The hostile alphabet
# ---------------------------------------------------------------------------------------------

NFC_U = "\u00fc"            # ü typed on Linux
NFD_U = "u\u0308"           # ü typed on macOS
INVALID_UTF8 = os.fsdecode(b"\xff\xfe")  # a name that is not UTF-8 at all

NAME_TOKENS = [
    "!", "c++", "%2e%2e", "%2E%2E", "%2f", "a%2Fb", "%00", "%", "%zz", "a b", " lead", "trail ",
    "..", "...", "-", "--", "#hash", "?q", "&amp;", "<b>", '"q"', "'", "`", "a:b", "\\", "a\\b",
    NFC_U, NFD_U, "\u00dc", "U\u0308", "Camel", "camel", "CAMEL", "e\u0301\u0301\u0301",
    "\u202eevil\u202c", "\u05e9\u05dc\u05d5\u05dd", "\u0645\u0631\u062d\u0628\u0627", "\U0001F600",
    "\U0001F469\u200d\U0001F469\u200d\U0001F467", "\u200b", "\ufeffbom", "\t", "a\nb", "\x01",
    "\x1b[31m", "index", "README", "Index", "INDEX", "assets", "404", "catalog", "sitemap",
    "search-index", "stacks-link:0", "con", "nul", "\u2028", "\u00a0", "\ufffd", "x" * 3,
    "\u0130", "\u212a", "\ufb01", "\u00df", "SS", INVALID_UTF8, "ü.md", "{{x}}", "$HOME",
]
PLAIN_WORDS = ["rain", "sun", "snow", "cloud", "fog", "wind", "hail", "storm", "mist", "ice"]

HOSTILE_TEXT = [
    '"\u0301 onmouseover=alert(1) x="', "'\u0301 onmouseover=alert(1) x='",
    "</script><script>alert(1)</script>", "<img src=x onerror=alert(1)>",
    "</title><script>alert(1)</script>", '" style="background:url(javascript:alert(1))',
    "javascript:alert(1)", "{{site.title}}{{{detail}}}", "{{> layout}}", "\x01../../victim",
    "stacks-link:0", "&lt;script&gt;", "&#x22;&#34;", "]]>", "-->", "<!--", "\u2028\u2029",
    "\U0001F9E8", "'; alert(1); //", "%2e%2e/%2e%2e/", "<\u0301>\u0301&\u0301\"\u0301'\u0301",
    "\u202eevil", "e\u0301", "a" * 300, "\\u0022", "${alert(1)}", "<svg/onload=alert(1)>",
    "\u0000nul", "tab\there", "line\nbreak", "\x7f\x85\u009f", "\ud7ff\ue000\ufffe"[0:2],
    "<a href=javascript:alert(1)>x</a>", "Rain", "Sun & Moon", "caf\u00e9", "cafe\u0301",
]
HOSTILE_URLS = [
    "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
    "vbscript:msgbox(1)", "data:text/html,<script>alert(1)</script>", "https://example.org/x.png",
    "//evil.example/x.png", "/abs.png", "../../../victim/index.html", "%2e%2e/%2e%2e/victim/index.html",
    "\x01x.png", "x.png?y#z", "\\\\evil.example\\x", "stacks-link:0", "file:///etc/passwd",
    "mailto:someone@example.org", "#top", "?query",
]
HOSTILE_ALIASES = [
    "%2e%2e/%2e%2e/escaped", "%2e%2e/%2e%2e/%2e%2e/escaped", "x%2F..%2F..%2F..%2Fvictim",
    "%2e%2e/content/injected", "a%2Fb", "/abs", "..\\x", "..%5c..%5cx", "x%00y", "%00",
    "a/%2e%2e/%2e%2e/%2e%2e/w3", "..", ".", "./x", "x/./y", "//double//slash", "index.html",
    "assets", "search-index.json", "404.html", "catalog.json", "e\u0301/x", "%C3%BC", NFC_U, NFD_U,
    "a" * 250, ("b" * 255 + "/") * 3, "a b/c d", "%25", "%2", "x/index.html", "/", "",
    "\u0000", "\x01", "con", "x?y#z",
    # the issue's own, twice as likely
    "%2e%2e/%2e%2e/escaped", "x%2F..%2F..%2F..%2Fvictim", "%2e%2e/content/injected", "a%2Fb",
]
SAFE_ALIAS_PARTS = ["old", "former", "legacy", "archive", "v1", "moved", "was", "alt"]
HOSTILE_SLUGS = ["../../victim", "a/b", "%2e%2e", ".", "..", "index.html", "assets", "\U0001F600",
                 "UPPER", "a b", "ok-slug", "x" * 240, "", "-", "café", "cafe\u0301"]
HOSTILE_COLORS = ["red", "#f00", "rgb(1, 2, 3)", "red; background: url(x)", 'red" onmouseover="x',
                  "url(evil)", "expression(alert(1))", "var(--x)", "\u0301", "</style>"]
HOSTILE_ICONS = ["sun", "cloud", "rain", "\U0001F600", "<img src=x onerror=alert(1)>",
                 "../../../etc/passwd", 'sun"\u0301 onmouseover=alert(1)', "", "car", "person"]
BAD_DATES = ["2024-02-30", "2024-13-01", "0000-00-00", "99999-01-01", "2024-5-1",
             "2024-05-31T10:00:00Z", "yesterday", "2023-02-29", "2024-04-31", "1970-01-01"]
GOOD_DATES = ["2024-05-31", "2024-02-29", "2000-01-01", "1999-12-31", "2038-01-19"]
BAD_NUMBERS = ["9223372036854775808", "1e9", "-0", "0x10", '"3"', "[1]", "{a: 1}", "1.5", "~", "NaN",
               "-9223372036854775809", "99999999999999999999999999"]
# Kinds of hostility, each wild in this share of cases. A FIFO hangs a build that opens it, so
# FIFOs are rare while that is a known bug; templates are few, so they need few cases.
HOSTILITIES = {"names": 0.15, "tree": 0.15, "special": 0.03, "bytes": 0.15, "yaml": 0.15, "aliases": 0.15,
               "slugs": 0.15, "links": 0.15, "config": 0.15, "templates": 0.05}
LIMIT_ESCAPE_LEVELS = 5  # the sandbox lies 4 folders deep in its own root: no climb can leave it

# ---------------------------------------------------------------------------------------------
# A case: what is written to disk, kept as data so it can be replayed and shrunk
# ---------------------------------------------------------------------------------------------


@dataclass
class Entry:
    path: str          # relative to the project; may contain any character but "/" and NUL
    kind: str          # file | dir | symlink | fifo
    data: bytes = b""  # file bytes, or the symlink's target (as bytes)


@dataclass
class Case:
    entries: list[Entry] = field(default_factory=list)
    output: str = "output"          # where the build writes, relative to the project
    output_is_safe: bool = True      # False: stacks.yml names a folder the build must refuse
    description: list[str] = field(default_factory=list)


def encoded(text: str) -> bytes:
    return os.fsencode(text)


def valid_name(name: str) -> bool:
    raw = encoded(name)
    return bool(raw) and b"/" not in raw and b"\0" not in raw and len(raw) <= 255 \
        and name not in (".", "..") and ": error: " not in name


class Generator:
    """Draws one random catalog. Each kind of hostility (names, front matter, aliases, links, …)
    is wild in some cases only; tame parts stay free of the mistakes Stacks rightly refuses, so
    that many builds succeed and their output is checked too."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.hostile = [kind for kind, share in HOSTILITIES.items() if rng.random() < share]
        self.case = Case(description=self.hostile)
        self.taken: dict[str, int] = {}
        self.allowance = rng.choice([1, 1, 2])
        self.budget = rng.randint(4, 30)
        self.pages: list[str] = []       # Markdown files, relative to content/
        self.folders: list[str] = []     # categories and bundles, relative to content/
        self.files: list[str] = []       # co-located files, relative to content/
        self.used_slugs: set[str] = set()

    def wild(self, kind: str) -> bool:
        return kind in self.hostile

    def take(self, kind: str, p: float) -> bool:
        """Whether to put one more hostile value of `kind` here. One or two a case: a single
        error fails the whole build, and would hide what the other values do to the output."""
        if kind not in self.hostile or self.taken.get(kind, 0) >= self.allowance or not self.chance(p):
            return False
        self.taken[kind] = self.taken.get(kind, 0) + 1
        return True

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    # names -----------------------------------------------------------------------------------

    def name(self, suffix: str = "", siblings: set[str] | None = None) -> str:
        rng = self.rng
        for _ in range(50):
            roll = rng.random()
            if roll < 0.3:
                base = rng.choice(PLAIN_WORDS) + str(rng.randint(0, 99))
            elif roll < 0.6:
                base = "".join(rng.choice(NAME_TOKENS) for _ in range(rng.randint(1, 3)))
            elif roll < 0.7:
                base = rng.choice(PLAIN_WORDS) + rng.choice(NAME_TOKENS)
            elif roll < 0.8:
                alphabet = "".join(t for t in NAME_TOKENS if len(t) == 1) + "abcxyz \u0301"
                base = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12)))
            elif roll < 0.88:
                unit = rng.choice(["a", "\u00e9", "\U0001F600", "e\u0301"])
                limit = 255 - len(encoded(suffix)) - rng.randint(0, 3)
                base = ""
                while len(encoded(base + unit)) <= limit:
                    base += unit
            else:
                base = rng.choice(["index", "README", "_index", "Index", "readme", NFC_U, NFD_U,
                                   "\u00dc", "U\u0308"])
            if not self.wild("names"):
                # Tame names stay readable to Stacks: no hidden, no collisions by slug.
                if base.startswith((".", "_")) or INVALID_UTF8 in base or "\ufeff" in base:
                    continue
                slug = slug_of(base)
                if not slug or slug in self.used_slugs or base.lower() in ("index", "readme"):
                    continue
                if slug in ("assets", "404.html", "index.html", "search-index.json", "catalog.json",
                            "sitemap.xml"):
                    continue
                self.used_slugs.add(slug)
            full = base + suffix
            if valid_name(full) and (siblings is None or full not in siblings):
                if siblings is not None:
                    siblings.add(full)
                return full
        fallback = "n%d%s" % (rng.randint(1000, 9999), suffix)
        self.used_slugs.add(fallback)
        return fallback

    # the tree --------------------------------------------------------------------------------

    def add(self, entry: Entry) -> None:
        self.case.entries.append(entry)
        self.budget -= 1

    def generate(self) -> Case:
        rng = self.rng
        self.case.entries.append(Entry("content", "dir"))
        if self.chance(0.8):
            self.pages.append("_index.md")
        siblings: set[str] = set()
        for _ in range(rng.randint(1, 4)):
            if self.budget <= 0:
                break
            self.folder("", depth=0, siblings=siblings, bundle=self.chance(0.2))
        if self.chance(0.3):
            deep = ""
            for level in range(rng.randint(5, 12)):
                deep = posixpath.join(deep, "d%d" % level)
                self.folders.append(deep)
                self.case.entries.append(Entry("content/" + deep, "dir"))
            leaf = posixpath.join(deep, self.name(".md"))
            self.pages.append(leaf)
        # Bodies last, so that links can point at anything in the tree.
        for page in self.pages:
            self.add(Entry("content/" + page, "file", self.page_bytes(page)))
        self.extras()
        if self.chance(0.35):
            self.config()
        if self.wild("templates"):
            self.templates()
        return self.case

    def folder(self, parent: str, depth: int, siblings: set[str], bundle: bool) -> None:
        rng = self.rng
        name = self.name("", siblings)
        path = posixpath.join(parent, name)
        self.folders.append(path)
        self.case.entries.append(Entry("content/" + path, "dir"))
        children: set[str] = set()
        if bundle:
            self.pages.append(posixpath.join(path, "index.md"))
            children.add("index.md")
            for _ in range(rng.randint(0, 3)):
                self.colocated(path, children)
        elif self.chance(0.5):
            self.pages.append(posixpath.join(path, "_index.md"))
            children.add("_index.md")
        for _ in range(rng.randint(1 if not bundle else 0, 4)):
            if self.budget <= 0:
                break
            roll = rng.random()
            if roll < 0.55 or depth >= 3:
                self.pages.append(posixpath.join(path, self.name(".md", children)))
                self.budget -= 1
            elif roll < 0.75:
                self.folder(path, depth + 1, children, bundle=True)
            else:
                self.folder(path, depth + 1, children, bundle=False)
        if self.wild("tree") and self.chance(0.15):
            # a non-Markdown file in a category, or an empty folder
            if self.chance(0.5):
                self.colocated(path, children)
            else:
                self.case.entries.append(Entry("content/" + posixpath.join(path, self.name("", children)), "dir"))

    def colocated(self, folder: str, siblings: set[str]) -> None:
        rng = self.rng
        extension = rng.choice([".png", ".svg", ".txt", ".pdf", "", ".PNG", ".md.bak", ".html"])
        name = self.name(extension, siblings)
        path = posixpath.join(folder, name)
        roll = rng.random()
        if self.wild("tree") and roll < 0.25:
            target = rng.choice([
                "ABSOLUTE_VICTIM",                                   # absolute, outside
                "../" * (folder.count("/") + 3) + "victim/secret.txt",  # relative, outside
                "missing-target", name,                              # dangling, loop
                "INSIDE", "INSIDE",                                  # another file inside
            ])
            if target == "INSIDE":
                target = posixpath.relpath(rng.choice(self.files), folder) if self.files else "nowhere"
            self.add(Entry("content/" + path, "symlink", encoded(target)))
            self.files.append(path)
        elif self.wild("special") and roll < 0.4:
            self.add(Entry("content/" + path, "fifo"))
        else:
            size = rng.choice([0, 1, 64, 700])
            self.add(Entry("content/" + path, "file", bytes(rng.getrandbits(8) for _ in range(size))))
            self.files.append(path)

    def extras(self) -> None:
        """Hostile things beside the tree: links to folders, FIFO pages, special names."""
        rng = self.rng
        if self.wild("special"):
            folder = rng.choice(self.folders) if self.folders else ""
            self.add(Entry("content/" + posixpath.join(folder, self.name(rng.choice([".md", ".png"]))), "fifo"))
        if not self.wild("tree"):
            return
        for _ in range(rng.randint(1, 2)):
            folder = rng.choice(self.folders) if self.folders else ""
            kind = rng.random()
            target_name = posixpath.join(folder, self.name(".md"))
            path = "content/" + target_name
            if kind < 0.4:
                self.add(Entry(path, "symlink", b"ABSOLUTE_VICTIM"))
            elif kind < 0.6 and self.pages:
                target = posixpath.relpath(rng.choice(self.pages), folder or ".")
                self.add(Entry(path, "symlink", encoded(target)))
            elif kind < 0.8:
                up = "../" * (folder.count("/") + (2 if folder else 1))
                link = posixpath.join(folder, self.name(""))
                self.add(Entry("content/" + link, "symlink", encoded(up + rng.choice(["victim", "content", ".."]))))
            else:
                self.add(Entry(path, "file", rng.choice([b"", b"\xef\xbb\xbf", b"\xff\xfe bad", b"---\n",
                                                        b"\r\n\r\n", b"\x00\x00"])))

    # front matter and bodies -----------------------------------------------------------------

    def page_bytes(self, page: str) -> bytes:
        rng = self.rng
        lines: list[str] = []
        if self.chance(0.75):
            lines += ["---"] + self.front_matter(page) + ([] if self.take("yaml", 0.05) else ["---"])
        body = self.body(page)
        text = "\n".join(lines + body) + "\n"
        if self.chance(0.15):
            text = text.replace("\n", "\r\n")
        data = text.encode("utf-8", "surrogateescape")
        if self.chance(0.08):
            data = b"\xef\xbb\xbf" + data
        if self.take("bytes", 0.3):
            spot = rng.randint(0, len(data))
            data = data[:spot] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\x1b", b"\x01"]) + data[spot:]
        if self.take("bytes", 0.1):
            data = b""
        return data

    def text(self) -> str:
        rng = self.rng
        if self.chance(0.5):
            return rng.choice(HOSTILE_TEXT)
        return " ".join(rng.choice(PLAIN_WORDS + HOSTILE_TEXT) for _ in range(rng.randint(1, 4)))

    def scalar(self, value: str) -> str:
        """A YAML scalar for `value`: plain when that is safe, else double-quoted with escapes."""
        if re.fullmatch(r"[A-Za-z][A-Za-z0-9 ]*", value) and not self.chance(0.3):
            return value
        out = ['"']
        for char in value:
            code = ord(char)
            if char in '"\\':
                out.append("\\" + char)
            elif code < 0x20 or code == 0x7f or 0x80 <= code < 0xa0 or code in (0x2028, 0x2029, 0xfeff) \
                    or 0xd800 <= code < 0xe000 or code in (0xfffe, 0xffff):
                out.append("\\u%04x" % code if 0xd800 > code or code >= 0xe000 else "\\ufffd")
            else:
                out.append(char)
        out.append('"')
        return "".join(out)

    def url_for(self, page: str, target: str, directory: bool = False) -> str:
        """The relative link from `page` to `target` (relative to content/), percent-encoded."""
        base = posixpath.dirname(page) or "."
        relative = posixpath.relpath(target, base)
        if directory and self.chance(0.5):
            relative += "/"
        return quote_from_bytes(encoded(relative), safe="/")

    def link_target(self, page: str) -> str:
        """A link destination: mostly to pages and files that exist, in the wild also hostile."""
        rng = self.rng
        good: list[str] = []
        if self.pages:
            target = rng.choice(self.pages)
            good.append(self.url_for(page, target))
        if self.folders:
            good.append(self.url_for(page, rng.choice(self.folders), directory=True))
        if self.files and self.wild("links"):
            good.append(self.url_for(page, rng.choice(self.files)))
        good += ["https://example.org/", "mailto:x@example.org", "#section"]
        if good and self.chance(0.3):
            good = [g + rng.choice(["#frag", "#%22%3E%3Cscript%3E", "?q=1", "#"]) for g in good]
        if self.take("links", 0.5):
            climb = "../" * rng.randint(1, LIMIT_ESCAPE_LEVELS)
            return rng.choice(HOSTILE_URLS + [
                climb + "victim/index.html", "%2e%2e/" * 3 + "victim/", "..%2f..%2fvictim",
                "/abs/", "x%00.md", "&#106;avascript:alert(1)", "<javascript:alert(1)>",
                "stacks-link:0", "./", ".", "", "nowhere.md", "..\\..\\victim",
            ])
        return rng.choice(good)

    def front_matter(self, page: str) -> list[str]:
        rng = self.rng
        lines: list[str] = []
        keys = ["title", "summary", "order", "date", "tags", "aliases", "slug", "icon", "color",
                "image", "attributes", "draft", "custom"]
        for key in rng.sample(keys, rng.randint(1, 6)):
            lines += self.front_matter_key(key, page)
        if self.take("yaml", 0.4):
            lines += rng.choice([
                ["title: &a [x, y]", "summary: *a"],
                ["title: one", "title: two"],
                ["a: &a [x, x, x, x, x]", "b: &b [*a, *a, *a, *a, *a]", "c: &c [*b, *b, *b, *b, *b]",
                 "d: [*c, *c, *c]"],
                ["\ttitle: tabbed"],
                ['title: "unterminated'],
                ["title: !!binary aGVsbG8="],
                ["title: !!python/object:os.system x"],
                ["? [complex, key]", ": value"],
                ["base: &base {title: x}", "<<: *base"],
                ["title:"], ["title: ~"], ["title: [a, b]"], ["title: {a: b}"],
                ["...", "title: after end"],
                ["order: " + rng.choice(BAD_NUMBERS)],
                ["date: " + rng.choice(BAD_DATES)],
                ["draft: " + rng.choice(["yes", "1", '"true"', "maybe", "true"])],
                ["tags: " + rng.choice(["[[a]]", "{a: b}", "42", "[a, {b: c}]"])],
                ["attributes: " + rng.choice(["[a, b]", "text", "{a: [b]}", "{a: {b: c}}"])],
                ["aliases: " + rng.choice(["{a: b}", "[[a]]", "[1, 2]"])],
                ["title: '" + "x" * 70000 + "'"],
            ])
        return lines

    def front_matter_key(self, key: str, page: str) -> list[str]:
        rng = self.rng
        if key == "title":
            return ["title: " + self.scalar(self.text())]
        if key == "summary":
            return ["summary: " + self.scalar(self.text())]
        if key == "order":
            value = str(rng.choice([0, 1, -1, 7, 2**31, 2**63 - 1, -(2**63)]))
            return ["order: " + (rng.choice(BAD_NUMBERS) if self.take("yaml", 0.3) else value)]
        if key == "date":
            return ["date: " + (rng.choice(BAD_DATES) if self.take("yaml", 0.5) else rng.choice(GOOD_DATES))]
        if key == "tags":
            return ["tags:"] + ["  - " + self.scalar(self.text()) for _ in range(rng.randint(0, 3))]
        if key == "aliases":
            lines = ["aliases:"]
            for _ in range(rng.randint(1, 3)):
                if self.take("aliases", 0.6):
                    alias = rng.choice(HOSTILE_ALIASES)
                else:
                    parts = [rng.choice(SAFE_ALIAS_PARTS + [NFC_U, "a b", "caf\u00e9"]) for _ in range(rng.randint(1, 3))]
                    alias = rng.choice(["", "/"]) + "/".join(parts) + "-%d" % rng.randint(0, 10**6) \
                        + rng.choice(["", "/", "/index.html"])
                lines.append("  - " + self.scalar(alias))
            return lines
        if key == "slug":
            if self.take("slugs", 0.6):
                return ["slug: " + self.scalar(rng.choice(HOSTILE_SLUGS))]
            slug = "s%d" % rng.randint(0, 10**9)
            self.used_slugs.add(slug)
            return ["slug: " + slug]
        if key == "icon":
            return ["icon: " + self.scalar(rng.choice(HOSTILE_ICONS))]
        if key == "color":
            return ["color: " + self.scalar(rng.choice(HOSTILE_COLORS))]
        if key == "image":
            folder = posixpath.dirname(page)
            mine = [f for f in self.files if posixpath.dirname(f) == folder]
            if mine and (not self.wild("links") or self.chance(0.5)):
                return ["image: " + self.scalar(self.url_for(page, rng.choice(mine)))]
            if not self.wild("links"):
                return ["image: " + self.scalar(rng.choice(["https://example.org/x.png", "javascript:alert(1)",
                                                            " javascript:alert(1)", "data:text/html,x"]))]
            return ["image: " + self.scalar(rng.choice(HOSTILE_URLS))]
        if key == "attributes":
            return ["attributes:"] + ["  %s: %s" % (self.scalar(self.text()), self.scalar(self.text()))
                                      for _ in range(rng.randint(1, 3))]
        if key == "draft":
            return ["draft: " + ("true" if self.take("yaml", 0.5) else "false")]
        return [self.scalar(self.text()) + ": " + self.scalar(self.text())]

    def body(self, page: str) -> list[str]:
        rng = self.rng
        lines: list[str] = []
        if self.chance(0.5):
            lines.append("# " + self.text().replace("\n", " "))
        for _ in range(rng.randint(1, 4)):
            roll = rng.random()
            if roll < 0.35:
                lines.append("[%s](%s)" % (self.link_text(), self.destination(self.link_target(page))))
            elif roll < 0.45:
                lines.append("![%s](%s)" % (self.link_text(), self.destination(self.image_target(page))))
            elif roll < 0.55:
                lines.append(rng.choice([
                    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>",
                    '<a href="javascript:alert(1)">x</a>', "<iframe src=//evil.example></iframe>",
                    "<div onclick=alert(1)>x</div>", "<style>body{display:none}</style>",
                    "<base href=//evil.example/>", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
                    "<svg><script>alert(1)</script></svg>", "<!-- <script>alert(1)</script> -->",
                ]))
            elif roll < 0.6:
                # The parser's own link tokens, written by hand; an autolink to one is refused.
                lines.append("`stacks-link:0` and \x01 and stacks-link:1"
                             + (" <stacks-link:0> [x](stacks-link:1)" if self.take("links", 0.5) else ""))
            elif roll < 0.65:
                lines.append("[ref]: %s\n\n[ref]" % self.destination(self.link_target(page)))
            else:
                lines.append(self.text().replace("\n", " ") + " " + rng.choice(PLAIN_WORDS))
            lines.append("")
        return lines

    def image_target(self, page: str) -> str:
        folder = posixpath.dirname(page)
        mine = [f for f in self.files if posixpath.dirname(f) == folder]
        if mine and (not self.wild("links") or self.chance(0.5)):
            return self.url_for(page, self.rng.choice(mine))
        if not self.wild("links"):
            return "https://example.org/x.png"
        return self.link_target(page)

    def link_text(self) -> str:
        return self.text().replace("\n", " ").replace("[", "(").replace("]", ")")[:80] or "x"

    def destination(self, url: str) -> str:
        """A Markdown link destination for `url`: bare when it can be, else in angle brackets."""
        if url.startswith("<") and url.endswith(">"):
            return url
        if re.fullmatch(r"[^\s()<>\\]*", url) and url:
            return url
        if not re.search(r"[<>\n\\]", url):
            return "<%s>" % url
        return quote_from_bytes(encoded(url), safe="/:#?%")

    # stacks.yml and templates ----------------------------------------------------------------

    def config(self) -> None:
        rng = self.rng
        lines = []
        if self.chance(0.6):
            lines.append("title: " + self.scalar(self.text()))
        if self.chance(0.3):
            lines.append("language: " + self.scalar(rng.choice(["en", "de", 'en" onload="alert(1)', "\u0301"])))
        if self.chance(0.3):
            base = rng.choice(["https://example.org/", "https://example.org/sub/path/", "http://x.example"])
            if self.wild("config") and self.chance(0.4):
                base = rng.choice(["javascript:alert(1)//", "not a url", "//evil.example/", "/relative/",
                                   "https://example.org/\"\u0301 onmouseover=alert(1) x=\""])
            lines.append("baseURL: " + self.scalar(base))
        if self.chance(0.5):
            lines.append("layout:")
            lines.append("  columns: " + rng.choice(["automatic", "all", "doubleColumn", "detailOnly"]
                                                    + (["none", "[1]", '"\u0301"'] if self.wild("config") else [])))
            lines.append("  listWindow: " + str(rng.choice([2, 3, 5, 50] + ([0, 1, -1, 10**12, "x"] if self.wild("config") else []))))
            if self.chance(0.3):
                lines.append("  breakpoints: {medium: %s, wide: %s}" % (rng.choice([1, 720, 5000]), rng.choice([2, 1200, 10])))
        if self.chance(0.3):
            lines.append("output:\n  portable: " + rng.choice(["true", "false"] + (["maybe"] if self.wild("config") else [])))
        if self.chance(0.3):
            lines.append("placeholders:\n  noCategory: %s\n  noItem: %s" % (self.scalar(self.text()), self.scalar(self.text())))
        if self.chance(0.2):
            lines.append("markdown:\n  unsafe: false\n  smart: " + rng.choice(["true", "false"]))
        if self.wild("config") and self.chance(0.25):
            choice = rng.choice(["../victim", ".", "content", "content/sub", "templates", "..", "site"])
            lines.append("paths:\n  output: " + self.scalar(choice))
            self.case.output = posixpath.normpath(choice)
            self.case.output_is_safe = choice == "site"
        if self.wild("config") and self.chance(0.2):
            lines.append(rng.choice(["unknown: 1", "title: [a]", "layout: 3", ": bad", "title: 'open",
                                     "\tlayout:", "a: &a [*a]", "title: x\ntitle: y"]))
        self.add(Entry("stacks.yml", "file", "\n".join(lines).encode("utf-8", "surrogateescape") + b"\n"))

    def templates(self) -> None:
        rng = self.rng
        self.case.entries.append(Entry("templates", "dir"))
        name, text = rng.choice([
            ("detail", "x{{> detail}}"),
            ("detail", "{{> icon}}"),
            ("icon", "{{> list-entry}}"),
            ("detail", "{{#item}}" * 2000 + "{{/item}}" * 2000),
            ("detail", "{{#item}}unclosed"),
            ("detail", "{{> nowhere}}"),
            ("detail", "{{>*dynamic}}"),
            ("detail", "<p>{{item.title}}</p>"),
            ("layout", "{{"),
        ])
        self.add(Entry("templates/%s.mustache" % name, "file", text.encode()))
        if name == "icon":
            self.add(Entry("templates/list-entry.mustache", "file", b"{{> icon}}"))


def slug_of(name: str) -> str:
    """Stacks's slug rule (Sources/StacksCore/Model/Slug.swift), to keep tame names apart."""
    name = name[:-3] if name.endswith(".md") else name
    result, dash = "", False
    for char in unicodedata.normalize("NFC", name).lower():
        if char.isalnum() or char in "_.":
            if dash and result:
                result += "-"
            dash = False
            result += char
        else:
            dash = True
    return result.strip("._")


# ---------------------------------------------------------------------------------------------
# The sandbox
# ---------------------------------------------------------------------------------------------

SENTINELS = {
    "w1/victim/index.html": b"<p>a foreign site</p>\n",
    "w1/w2/victim/index.html": b"<p>a foreign site</p>\n",
    "w1/w2/w3/victim/index.html": b"<p>a foreign site</p>\n",
    "w1/w2/w3/victim/secret.txt": b"secret\n",
    "w1/w2/w3/victim/passwd": b"root:x:0:0:root:/root:/bin/bash\n",
    "w1/w2/w3/outside.txt": b"outside\n",
    "w1/w2/w3/home/.keep": b"",
}
PROJECT = "w1/w2/w3/project"


def materialize(case: Case, root: str, good_output: str) -> str:
    for path, data in SENTINELS.items():
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        with open(os.path.join(root, path), "wb") as handle:
            handle.write(data)
    project = os.path.join(root, PROJECT)
    os.makedirs(project)
    shutil.copytree(good_output, os.path.join(project, "output"), symlinks=True)
    victim = os.path.join(root, "w1/w2/w3/victim/secret.txt")
    for entry in case.entries:
        path = os.path.join(project, entry.path)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if entry.kind == "dir":
            os.makedirs(path, exist_ok=True)
        elif entry.kind == "file":
            with open(path, "wb") as handle:
                handle.write(entry.data)
        elif entry.kind == "symlink":
            target = entry.data.replace(b"ABSOLUTE_VICTIM", encoded(victim))
            os.symlink(target, path)
        elif entry.kind == "fifo":
            os.mkfifo(path)
    return project


def snapshot(root: str) -> dict[str, tuple]:
    """Every path under `root`: its type, and for files size, mtime and a hash of the bytes."""
    result: dict[str, tuple] = {}
    stack = [""]
    while stack:
        relative = stack.pop()
        full = os.path.join(root, relative) if relative else root
        try:
            entries = list(os.scandir(full))
        except OSError:
            continue
        for item in entries:
            path = os.path.join(relative, item.name) if relative else item.name
            info = item.stat(follow_symlinks=False)
            mode = info.st_mode
            if stat.S_ISLNK(mode):
                result[path] = ("link", os.readlink(item.path))
            elif stat.S_ISDIR(mode):
                result[path] = ("dir",)
                stack.append(path)
            elif stat.S_ISREG(mode):
                digest = ""
                if info.st_size <= 4 << 20:
                    with open(item.path, "rb") as handle:
                        digest = hashlib.sha256(handle.read()).hexdigest()
                result[path] = ("file", info.st_size, info.st_mtime_ns, digest)
            else:
                result[path] = ("special", stat.S_IFMT(mode))
    return result


def show(path: str) -> str:
    return ascii(path)[1:-1]


# ---------------------------------------------------------------------------------------------
# Checks of the output
# ---------------------------------------------------------------------------------------------

URL_ATTRIBUTES = {"href", "src", "action", "formaction", "poster", "data", "xlink:href", "background",
                  "cite", "longdesc", "ping", "manifest", "icon"}
FOREIGN_ELEMENTS = {"iframe", "object", "embed", "base", "form", "frame", "frameset", "applet"}
THEME_SCRIPTS = ("stacks.js",)


class PageScan(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[tuple[str, str]] = []
        self.problems: list[str] = []
        self.in_script = False
        self.dates: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append("event-handler attribute %s=%r on <%s>" % (name, value, tag))
            if value is None:
                continue
            if name in URL_ATTRIBUTES:
                self.urls.append((name, value))
            elif name in ("srcset", "imagesrcset"):
                for part in value.split(","):
                    if part.strip():
                        self.urls.append((name, part.strip().split()[0]))
            elif name == "style" and re.search(r"url\(|javascript:|[;{}]|</", value, re.I):
                # `--accent` reaches `background:`, where `url(…)` loads whatever it names.
                self.problems.append("style injection %s=%r on <%s>" % (name, value, tag))
            elif name == "datetime":
                self.dates.append(value)
        if tag == "meta" and (values.get("http-equiv") or "").lower() == "refresh":
            match = re.match(r"\s*\d+\s*[;,]\s*url\s*=\s*(.*)", values.get("content") or "", re.I | re.S)
            if match:
                self.urls.append(("refresh", match.group(1).strip("'\"")))
        if tag == "script":
            source = values.get("src") or ""
            if not source.endswith(THEME_SCRIPTS) or set(values) - {"src", "defer"}:
                self.problems.append("a <script> that is not the theme's: %r" % (attrs,))
            self.in_script = True
        if tag in FOREIGN_ELEMENTS:
            self.problems.append("element <%s> %r" % (tag, attrs))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag == "script":
            self.in_script = False

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self.in_script = False

    def handle_data(self, data: str) -> None:
        if self.in_script and data.strip():
            self.problems.append("script content %r" % data[:80])


def is_dangerous(url: str) -> bool:
    # Browsers drop ASCII whitespace and control characters inside a scheme.
    compact = re.sub(r"[\x00-\x20\x7f]", "", url).lower()
    return compact.startswith(("javascript:", "vbscript:"))


def check_url(output: str, page: str, url: str) -> str | None:
    """None when `url`, found in `page` (relative to `output`), is fine; else why not."""
    if is_dangerous(url):
        return "script URL"
    value = url.strip(" \t\n\r\f")
    if not value or value.startswith("#"):
        return None
    if re.match(r"[A-Za-z][A-Za-z0-9+.\-]*:", value):
        return None  # absolute: http, https, mailto, data:image…
    if value.startswith(("/", "\\")):
        return None  # root-absolute or protocol-relative: Stacks warns about these; not a file here
    path = re.split(r"[?#]", value, maxsplit=1)[0]
    if not path:
        return None
    raw = unquote_to_bytes(path.replace("\\", "/"))
    if b"\0" in raw:
        return "NUL in path"
    decoded = os.fsdecode(raw)
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(page), decoded))
    if joined == ".." or joined.startswith("../"):
        return "resolves outside the output"
    full = os.path.join(output, joined)
    if decoded.endswith("/") or os.path.isdir(full):
        full = os.path.join(full, "index.html")
    real_output = os.path.realpath(output)
    if os.path.realpath(full) != real_output and not os.path.realpath(full).startswith(real_output + "/"):
        return "resolves outside the output"
    if os.path.islink(full):
        return "%s is a symbolic link" % show(os.path.relpath(full, output))
    if not os.path.isfile(full):
        return "no such file %s" % show(os.path.relpath(full, output))
    return None


def check_output(output: str) -> list[tuple[str, str]]:
    """(page, problem) pairs; the page is where the problem was seen."""
    problems: list[tuple[str, str]] = []
    if not os.path.isfile(os.path.join(output, ".stacks-output")):
        problems.append(("output", "no .stacks-output marker"))
    for folder, directories, files in os.walk(output):
        for name in directories + files:
            full = os.path.join(folder, name)
            relative = show(os.path.relpath(full, output))
            mode = os.lstat(full).st_mode
            if stat.S_ISLNK(mode):
                problems.append((relative, "symbolic link in output -> %s" % show(os.readlink(full))))
            elif not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                problems.append((relative, "special file in output"))
        for name in files:
            full = os.path.join(folder, name)
            page = os.path.relpath(full, output)
            if os.path.islink(full):
                continue
            # Co-located files are published as they are; only the site's own files are checked.
            if page in ("search-index.json", "catalog.json"):
                try:
                    with open(full, "rb") as handle:
                        json.loads(handle.read().decode("utf-8"))
                except (ValueError, UnicodeDecodeError) as error:
                    problems.append((show(page), "not JSON: %s" % error))
            elif page == "sitemap.xml":
                try:
                    ElementTree.parse(full)
                except ElementTree.ParseError as error:
                    problems.append(("sitemap.xml", "not XML: %s" % error))
            elif name == "index.html" or page == "404.html":
                with open(full, "rb") as handle:
                    data = handle.read()
                try:
                    text = data.decode("utf-8")
                except UnicodeDecodeError as error:
                    problems.append((show(page), "not UTF-8: %s" % error))
                    continue
                scan = PageScan()
                scan.feed(text)
                scan.close()
                for problem in scan.problems:
                    problems.append((show(page), problem))
                for attribute, url in scan.urls:
                    why = check_url(output, page, url)
                    if why:
                        problems.append((show(page), "%s=%r: %s" % (attribute, url, why)))
                for value in scan.dates:
                    try:
                        datetime.date.fromisoformat(value[:10])
                    except ValueError:
                        problems.append((show(page), "datetime=%r is not a date" % value))
    return problems


# ---------------------------------------------------------------------------------------------
# Running one case
# ---------------------------------------------------------------------------------------------

ERROR_LINE = re.compile(r": error: ")
LOCK_NAMES = re.compile(r"^\.?[^/]*\.(stacks-)?lock$")


@dataclass
class Outcome:
    problems: list[str]
    seconds: float
    status: int | None
    printed: str

    @property
    def kind(self) -> str:
        return self.problems[0].split(":", 1)[0] if self.problems else ""


def run_build(binary: str, project: str, home: str, timeout: float) -> tuple[int | None, str, float]:
    environment = dict(os.environ, HOME=home, NO_COLOR="1")
    started = time.monotonic()
    process = subprocess.Popen([binary, "build"], cwd=project, env=environment, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        out, _ = process.communicate(timeout=timeout)
        status: int | None = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, _ = process.communicate()
        status = None
    return status, out.decode("utf-8", "replace"), time.monotonic() - started


def run_case(case: Case, binary: str, good_output: str, timeout: float, root: str) -> Outcome:
    project = materialize(case, root, good_output)
    project_relative = PROJECT + "/"
    before = snapshot(root)
    status, printed, seconds = run_build(binary, project, os.path.join(root, "w1/w2/w3/home"), timeout)
    after = snapshot(root)
    problems: list[str] = []
    if status is None:
        problems.append("hang: no exit after %.0f s" % timeout)
    elif status < 0:
        problems.append("crash: killed by signal %d" % -status)
    elif status not in (0, 1):
        problems.append("crash: exit status %d" % status)
    output = posixpath.normpath(posixpath.join(PROJECT, case.output))
    writable = output if (status == 0 and case.output_is_safe) else None

    def inside_output(path: str) -> bool:
        return writable is not None and (path == writable or path.startswith(writable + "/"))

    changed = []
    for path in sorted(set(before) | set(after)):
        if before.get(path) == after.get(path) or inside_output(path):
            continue
        if (status is None or status < 0) and path.startswith(PROJECT + "/.output.stacks-"):
            continue  # the staging folder of a hung or crashed build; the next build removes it
        if path.startswith(project_relative) and "/" not in path[len(project_relative):] \
                and LOCK_NAMES.match(path[len(project_relative):]) and path not in before:
            continue  # a lock file beside the output, left on purpose
        state = "created" if path not in before else "deleted" if path not in after else "changed"
        changed.append("%s %s" % (state, show(path)))
    if changed:
        where = "outside the output" if status == 0 else "while failing (exit %s)" % status
        problems.append("write %s: %s%s" % (where, ", ".join(changed[:4]),
                                            " and %d more" % (len(changed) - 4) if len(changed) > 4 else ""))
    error_printed = any(ERROR_LINE.search(line) for line in printed.splitlines())
    if status in (0, 1) and (status == 1) != error_printed:
        problems.append("exit status: %d but %s printed" % (status, "an error" if error_printed else "no error"))
    if status == 0 and case.output_is_safe:
        # One line per distinct problem, naming the first page it is on.
        seen: dict[str, list] = {}
        for page, problem in check_output(os.path.join(root, output)):
            seen.setdefault(problem, [page, 0])[1] += 1
        for problem, (page, count) in seen.items():
            kind = "injection" if re.search(r"script|event-handler|element <|style injection", problem) else "link"
            more = " (and %d more)" % (count - 1) if count > 1 else ""
            problems.append("%s: %s: %s%s" % (kind, page, problem, more))
    if status == 0 and not case.output_is_safe:
        problems.append("unsafe output: built into %s, which it must refuse" % case.output)
    return Outcome(problems, seconds, status, printed)


def make_good_output(binary: str, timeout: float) -> str:
    """Builds a small known good catalog once; each case starts from a copy of its output."""
    folder = tempfile.mkdtemp(prefix="stacks-fuzz-good-")
    content = os.path.join(folder, "content")
    os.makedirs(os.path.join(content, "good"))
    with open(os.path.join(content, "_index.md"), "w") as handle:
        handle.write("---\ntitle: Home\n---\nWelcome.\n")
    with open(os.path.join(content, "good", "item.md"), "w") as handle:
        handle.write("---\ntitle: Item\n---\nAn item.\n")
    status, printed, _ = run_build(binary, folder, folder, timeout)
    if status != 0:
        sys.exit("fuzz_build: the known good catalog does not build (exit %s):\n%s" % (status, printed))
    return os.path.join(folder, "output")


def generate(seed: str, number: int) -> Case:
    return Generator(random.Random("%s/%d" % (seed, number))).generate()


def describe(case: Case) -> str:
    lines = []
    for entry in case.entries:
        if entry.kind == "file":
            lines.append("  %s (%d bytes)%s" % (show(entry.path), len(entry.data),
                                                ": " + ascii(entry.data)[2:-1] if len(entry.data) <= 400 else ""))
        elif entry.kind == "symlink":
            lines.append("  %s -> %s" % (show(entry.path), show(os.fsdecode(entry.data))))
        else:
            lines.append("  %s [%s]" % (show(entry.path), entry.kind))
    return "\n".join(lines)


def shrink(case: Case, kind: str, attempt) -> Case:
    """Drops entries (and their children), then lines of files, while the failure keeps its kind."""
    changed = True
    while changed:
        changed = False
        for index in range(len(case.entries) - 1, -1, -1):
            entry = case.entries[index]
            if entry.path == "content":
                continue
            prefix = entry.path + "/"
            smaller = Case([e for e in case.entries if e is not entry and not e.path.startswith(prefix)],
                           case.output, case.output_is_safe)
            if attempt(smaller) == kind:
                case, changed = smaller, True
                break
    for index, entry in enumerate(case.entries):
        if entry.kind != "file":
            continue
        lines = entry.data.split(b"\n")
        line = 0
        while line < len(lines) and len(lines) > 1:
            fewer = lines[:line] + lines[line + 1:]
            entries = list(case.entries)
            entries[index] = Entry(entry.path, "file", b"\n".join(fewer))
            smaller = Case(entries, case.output, case.output_is_safe)
            if attempt(smaller) == kind:
                case, lines = smaller, fewer
            else:
                line += 1
    return case


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/debug/stacks")
    parser.add_argument("--seconds", type=float, default=60, help="stop starting new cases after this long")
    parser.add_argument("--seed", help="default: from the clock; printed so a run can be replayed")
    parser.add_argument("--cases", type=int, help="stop after this many cases")
    parser.add_argument("--case", type=int, help="run only this case of the seed (a replay)")
    parser.add_argument("--keep", action="store_true", help="keep each failing case's folder and print its path")
    parser.add_argument("--shrink", action="store_true", help="drop files from a failing case while it still fails")
    parser.add_argument("--timeout", type=float, default=20, help="a build slower than this is a hang")
    parser.add_argument("--verbose", action="store_true", help="print every case and the build's output")
    arguments = parser.parse_args()

    binary = os.path.abspath(arguments.binary)
    if not os.access(binary, os.X_OK):
        sys.exit("fuzz_build: no executable at %s (swift build --product stacks)" % binary)
    seed = arguments.seed or str(int(time.time()))
    print("fuzz_build: seed %s (replay a case: --seed %s --case K --keep)" % (seed, seed), flush=True)
    good_output = make_good_output(binary, arguments.timeout)
    numbers = [arguments.case] if arguments.case is not None else None
    passed = failed = 0
    started = time.monotonic()
    durations: list[float] = []
    number = -1
    try:
        while True:
            if numbers is not None:
                if not numbers:
                    break
                number = numbers.pop()
            else:
                number += 1
                if arguments.cases is not None and number >= arguments.cases:
                    break
                if time.monotonic() - started >= arguments.seconds:
                    break
            case = generate(seed, number)
            root = tempfile.mkdtemp(prefix="stacks-fuzz-%s-%d-" % (seed, number))
            outcome = run_case(case, binary, good_output, arguments.timeout, root)
            durations.append(outcome.seconds)
            if arguments.verbose:
                print("case %d: exit %s in %.2f s\n%s\n%s" % (number, outcome.status, outcome.seconds,
                                                             describe(case), outcome.printed.rstrip()))
            if not outcome.problems:
                passed += 1
                shutil.rmtree(root, ignore_errors=True)
                continue
            failed += 1
            print("FAIL seed %s case %d: %s" % (seed, number, "; ".join(outcome.problems)[:1500]), flush=True)
            if arguments.shrink:
                def attempt(smaller: Case) -> str:
                    folder = tempfile.mkdtemp(prefix="stacks-fuzz-shrink-")
                    try:
                        return run_case(smaller, binary, good_output, arguments.timeout, folder).kind
                    finally:
                        shutil.rmtree(folder, ignore_errors=True)
                small = shrink(case, outcome.kind, attempt)
                print("  shrunk to %d entries:\n%s" % (len(small.entries), describe(small)), flush=True)
                if arguments.keep:
                    shutil.rmtree(root, ignore_errors=True)
                    root = tempfile.mkdtemp(prefix="stacks-fuzz-%s-%d-small-" % (seed, number))
                    run_case(small, binary, good_output, arguments.timeout, root)
            if arguments.keep:
                print("  kept: %s" % os.path.join(root, PROJECT), flush=True)
            else:
                shutil.rmtree(root, ignore_errors=True)
    finally:
        shutil.rmtree(os.path.dirname(good_output), ignore_errors=True)
    if durations:
        ordered = sorted(durations)
        print("fuzz_build: %d cases in %.0f s; build median %.2f s, slowest %.2f s"
              % (len(durations), time.monotonic() - started, ordered[len(ordered) // 2], ordered[-1]))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
