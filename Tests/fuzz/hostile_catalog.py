"""Random catalogs drawn from a hostile alphabet: names, front matter, aliases, links, bodies,
co-located files, symbolic links, FIFOs, `stacks.yml` and templates. A case is data (`Case`), so
it can be replayed from its seed and shrunk before it is written to disk."""

from __future__ import annotations

import os
import posixpath
import random
import re
import unicodedata
from dataclasses import dataclass, field
from urllib.parse import quote_from_bytes

import hostile_images

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
    "assets", "_stacks", "search-index.json", "404.html", "catalog.json", "e\u0301/x", "%C3%BC", NFC_U, NFD_U,
    "a" * 250, ("b" * 255 + "/") * 3, "a b/c d", "%25", "%2", "x/index.html", "/", "",
    "\u0000", "\x01", "con", "x?y#z",
    # the issue's own, twice as likely
    "%2e%2e/%2e%2e/escaped", "x%2F..%2F..%2F..%2Fvictim", "%2e%2e/content/injected", "a%2Fb",
]
SAFE_ALIAS_PARTS = ["old", "former", "legacy", "archive", "v1", "moved", "was", "alt"]
HOSTILE_SLUGS = ["../../victim", "a/b", "%2e%2e", ".", "..", "index.html", "assets", "\U0001F600",
                 "UPPER", "a b", "ok-slug", "x" * 240, "", "-", "café", "cafe\u0301",
                 # Hugo's: what a URL carries unescaped, in any case; and names that are not names.
                 "hugo_convert_toJSON", "v1.2~rc", "_stacks", ".hidden", "~", "a..b", "CON", "Ünïcode_Slug"]
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
               "slugs": 0.15, "links": 0.15, "config": 0.15, "templates": 0.05, "images": 0.15}
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
                if slug in ("_stacks", "404.html", "index.html", ".nojekyll", "sitemap.xml"):
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
        extension = rng.choice([".png", ".svg", ".txt", ".pdf", "", ".PNG", ".md.bak", ".html"]
                               + hostile_images.EXTENSIONS)
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
        elif extension in hostile_images.EXTENSIONS and (self.wild("images") or roll < 0.8):
            # A picture the build resizes, or in a case wild about images a hostile one.
            data, form = hostile_images.picture(rng, extension, self.wild("images"))
            if form != "picture":
                self.case.description.append("image: %s %s" % (form, path))
            self.add(Entry("content/" + path, "file", data))
            self.files.append(path)
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
            # Blank lines before the block, as Zola's and Hugo's pages often start: still front matter.
            if self.chance(0.1):
                lines = [rng.choice(["", " ", "\t", " \t "]) for _ in range(rng.randint(1, 3))] + lines
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
            aliases = []
            for _ in range(rng.randint(1, 3)):
                if self.take("aliases", 0.6):
                    alias = rng.choice(HOSTILE_ALIASES)
                else:
                    parts = [rng.choice(SAFE_ALIAS_PARTS + [NFC_U, "a b", "caf\u00e9"]) for _ in range(rng.randint(1, 3))]
                    alias = rng.choice(["", "/"]) + "/".join(parts) + "-%d" % rng.randint(0, 10**6) \
                        + rng.choice(["", "/", "/index.html"])
                aliases.append(alias)
            # As topic collections write them: one text, the aliases between commas.
            if self.chance(0.2):
                return ["aliases: " + self.scalar(", ".join(aliases))]
            return ["aliases:"] + ["  - " + self.scalar(alias) for alias in aliases]
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
            elif roll < 0.68:
                lines.append(self.raw_html(page))
            elif roll < 0.71:
                lines.append(self.neighbours_markdown(page))
            elif roll < 0.77:
                # GitHub Flavored Markdown: cells with links and HTML, a task, ~~, bare URLs.
                cell = self.text().replace("\n", " ")[:40]
                lines.append("%s\n| %s | <img src=x onerror=alert(1)> |\n|:-|--:|\n| [%s](%s) | ~%s~ www.%s.org/%s |\n\n- [x] %s"
                             % (cell, cell, self.link_text(), self.destination(self.link_target(page)),
                                cell, rng.choice(PLAIN_WORDS), cell.replace(" ", ""), cell))
            else:
                lines.append(self.text().replace("\n", " ") + " " + rng.choice(PLAIN_WORDS))
            lines.append("")
        return lines

    def neighbours_markdown(self, page: str) -> str:
        """What GitHub, Hugo and Obsidian add to Markdown: alerts, footnotes and Hugo's shortcodes,
        as their writers use them and in shapes a careless reader would trip on."""
        rng = self.rng
        text = self.text().replace("\n", " ")[:60] or "x"
        link = self.destination(self.link_target(page))
        label = rng.choice(["1", "note", "Note", "a-b", "x" * rng.randint(1, 30), "\u00e9"])
        usual = [
            "> [!%s]%s\n> %s [x](%s)" % (rng.choice(["NOTE", "tip", "Important", "WARNING", "caution", "BUG"]),
                                         rng.choice(["", "- " + text, "+"]), text, link),
            "%s[^%s] and again[^%s].\n\n[^%s]: %s [y](%s)\n\n    more %s" % (text, label, label, label, text, link, text),
            '[%s]({{< %s "%s" >}})' % (text.replace("[", "(").replace("]", ")"), rng.choice(["ref", "relref"]), self.link_target(page)),
            '{{< figure src="%s" alt="%s" caption="%s" >}}' % (self.image_target(page), text, text),
            "{{< highlight %s >}}\n%s\n{{< /highlight >}}" % (rng.choice(["go", "sh", ""]), text),
            '{{< details summary="%s" >}}\n**%s** [z](%s)\n{{< /details >}}' % (text.replace('"', "'"), text, link),
            "{{< youtube %s >}} {{< gist a b >}} {{%% notice %%}}%s{{%% /notice %%}} {{ zola(x=1) }}" % (
                rng.choice(["w7Ft2ymGmfc", "<script>", "javascript:alert(1)"]), text),
            "```\n{{</* figure src=\"x\" */>}}\n[^%s]: in code\n```" % label,
        ]
        hostile = [
            "[^" * rng.randint(1, 3000) + "]", "[^a]: " + "[^a]" * rng.randint(1, 200),
            "{{< " * rng.randint(1, 2000), "{{< details >}}\n" * rng.randint(1, 300),
            "{{< highlight >}}\n```\n" + text, '{{< figure src="x >}}" alt=">}}" >}}', "{{< ref >}} {{< ref \"\" >}}",
            "> [!NOTE] *a\nb*", "> [!NOTE]\n> " * rng.randint(1, 200), "[^x]:\n\n    [^x]\n",
            '{{< details summary="<script>alert(1)</script>" >}}\n{{< /details >}}',
            '{{< youtube id="x" title="<img src=x onerror=alert(1)>" >}}',
            "{{< figure src=\"javascript:alert(1)\" link=\"javascript:alert(2)\" >}}",
        ]
        return rng.choice(usual) if self.chance(0.7) else rng.choice(hostile)

    def raw_html(self, page: str) -> str:
        """Raw HTML as READMEs write it (through GitHub's allow-list by default), or hostile:
        what a sanitizer must stop, and markup that a careless one would let reach out of the body."""
        rng = self.rng
        link, image = self.link_target(page), self.image_target(page)
        text = self.text().replace("\n", " ")[:60]
        allowed = [
            '<p align="center">\n  <img src="%s" width="100" alt="%s">\n</p>' % (image, text),
            "<details>\n<summary>%s</summary>\n\nSome **markdown** [x](%s)\n\n</details>" % (text, link),
            "Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, H<sub>2</sub>O, x<sup>2</sup><br>%s" % text,
            '<a name="top"></a>\n\n[back](#top) <a href="%s">%s</a>' % (link, text),
            '<div id="%s" title="%s"><b>%s</b></div>' % (text, text, text),
            "<table><tr><td align=right>%s</td><td><img src='%s'></td></tr></table>" % (text, image),
            '<picture><source srcset="%s 2x"><img src="%s"></picture>' % (image, image),
            "<dl><dt>%s</dt><dd><ins>x</ins> <del>y</del> <mark>z</mark></dd></dl>" % text,
        ]
        hostile = [
            "<div>unclosed <span>spans", "</div></div></article></main></body>", "</p></li></ul>",
            '<a href="&#106;avascript:alert(1)">x</a>', '<a href="JaVaScRiPt:alert(1)">x</a>',
            '<a href="java&#x09;script:alert(1)">x</a>', '<a href="data:text/html,<script>alert(1)</script>">d</a>',
            "<img src=x onerror=alert(1)>", "<svg><script>alert(1)</script></svg>", "<svg><a href=javascript:alert(1)>s</a>",
            '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', "<iframe srcdoc='<script>alert(1)</script>'>",
            '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
            "<textarea><script>alert(1)</script>", "<title><script>alert(1)</script></title>", "<!-- unclosed",
            '<div title="unclosed quote', "<template><script>alert(1)</script></template>",
            "<style>@import 'javascript:alert(1)';</style>", "<form action=javascript:alert(1)><button>go</button>",
            '<b onmouseover="alert(1)" style="background:url(javascript:alert(1))" class="evil">b</b>',
            '<a href="stacks-link:0">forged</a> <a href="stacks-link:99">none</a>', "<!--stacks-raw--><i onclick=x>i</i>",
            "<base href=//evil.example/>", "<object data=x></object><embed src=x>", "<xmp><script>alert(1)</script></xmp>",
            "<div>" * rng.randint(1, 300) + "deep", "<b id=%d><p>" % rng.randint(0, 9) * rng.randint(1, 50),
            "<table><td>cell<div>", "<select><option>o</select><input type=text value=v>",
        ]
        if self.chance(0.5):
            return rng.choice(allowed)
        return rng.choice(hostile + [rng.choice(allowed) + rng.choice(hostile)])

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
        if self.chance(0.1):
            # AVIF copies too (slow to make: rarely), each picture then a <picture>.
            lines.append("images:\n  avif: " + rng.choice(["true", "false"] + (["sometimes"] if self.wild("config") else [])))
        if self.chance(0.3):
            lines.append("placeholders:\n  noCategory: %s\n  noItem: %s" % (self.scalar(self.text()), self.scalar(self.text())))
        if self.chance(0.2):
            lines.append("markdown:\n  unsafe: false\n  smart: " + rng.choice(["true", "false"]))
        if self.chance(0.25):
            # The theme's words from stacks.yml: text that must stay text in every page and script.
            hostile = ["<script>alert(1)</script>", "{{{raw}}} {count}", "\" onmouseover=\"alert(1)", "{title}{{title}}",
                       "</textarea><img src=x onerror=alert(1)>", "\u0301", "{count} }}{{", self.text()]
            lines.append("strings:")
            for key in rng.sample(["onThisPage", "filterPlaceholder", "listWindow", "noResults", "searchSite", "moved",
                                   "readMore", "noMatch", "previous"], 3):
                lines.append("  %s: %s" % (key, self.scalar(rng.choice(hostile))))
            lines.append("  entries: { one: %s, other: %s }" % (self.scalar(rng.choice(hostile)), self.scalar(rng.choice(hostile))))
        if self.chance(0.25):
            # Several languages: by file-name suffix (some files carry one), or by folder.
            codes = rng.choice([["en", "fr"], ["de", "ar", "zh_TW"], ["en", "fa"]]
                               + ([["en", "en"], ["x" * 40], ["en", "../x"], []] if self.wild("config") else []))
            if self.chance(0.5):
                lines.append("languages: { codes: [%s], suffixes: true }" % ", ".join(codes))
                for number in range(rng.randint(1, 4)):
                    code = rng.choice(codes or ["fr"])
                    self.add(Entry("content/translated-%d.%s.md" % (number, code), "file",
                                   ("# %s\n\n%s\n" % (self.text(), self.text())).encode("utf-8", "surrogateescape")))
            else:
                lines.append("languages:\n  codes: [%s]\n  folders: %s" % (", ".join(codes), self.scalar(rng.choice(["{lang}", "pages.{lang}", "../{lang}", "{lang}/x"]))))
                if codes:
                    self.add(Entry("content/" + codes[0], "dir"))
                    self.add(Entry("content/%s/page.md" % codes[0], "file", ("# %s\n" % self.text()).encode("utf-8", "surrogateescape")))
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


def generate(seed: str, number: int) -> Case:
    """Case `number` of a run with `seed`: the same case on every machine and every replay."""
    return Generator(random.Random("%s/%d" % (seed, number))).generate()
