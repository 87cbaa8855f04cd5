"""Checks of a built site: no links or special files, the site's JSON and XML well formed, and in
every page each `href`/`src` a file inside the output, no script or event handler of the
content's own, and every `datetime` a real date. Inside a page's body (`class="prose"`) only what
GitHub's allow-list keeps of raw HTML, or what Stacks itself writes, and every element closed
inside it: raw HTML adds text and markup for it, nothing else."""

from __future__ import annotations

import datetime
import json
import os
import posixpath
import re
import stat
import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser
from urllib.parse import unquote_to_bytes

from sandbox import show

# ---------------------------------------------------------------------------------------------
# Checks of the output
# ---------------------------------------------------------------------------------------------

URL_ATTRIBUTES = {"href", "src", "action", "formaction", "poster", "data", "xlink:href", "background",
                  "cite", "longdesc", "ping", "manifest", "icon"}
FOREIGN_ELEMENTS = {"iframe", "object", "embed", "base", "form", "frame", "frameset", "applet"}
THEME_SCRIPTS = ("stacks.js",)
# The script's interface strings in the site's language (or a language of the catalog), beside it.
STRINGS_SCRIPT = re.compile(r"(^|/)_stacks/strings-[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*\.js$")

# What a body may hold: GitHub's allow-list as HTML5 keeps it, and what Stacks writes itself.
BODY_ELEMENTS = set("""h1 h2 h3 h4 h5 h6 br b i strong em a pre code img div ins del sup sub p picture ol ul
    table thead tbody tfoot blockquote dl dt dd kbd q samp var hr ruby rt rp li tr td th s summary details
    caption figure figcaption abbr bdo cite dfn mark small source span time wbr input section""".split())
BODY_ATTRIBUTES = set("""accesskey dir id lang tabindex title role itemprop itemscope itemtype aria-describedby
    aria-hidden aria-label aria-labelledby abbr alt cite colspan datetime headers height href hreflang ismap
    loading media open rel rowspan scope sizes src srcset start type usemap value width class decoding checked
    disabled align""".split())
VOID_ELEMENTS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
BODY_CLASS = re.compile(r"(anchor|language-\S+|align-(left|center|right|justify)|alert|alert-[a-z]+|footnotes|footnote-ref"
                        r"|footnote-backref)")
# Ids Stacks gives: headings' own (any), footnotes' (fn:N, fnref:N…); raw HTML's start user-content-.
OWN_ID = re.compile(r"(fn|fnref):.*")


class PageScan(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[tuple[str, str]] = []
        self.problems: list[str] = []
        self.in_script = False
        self.dates: list[str] = []
        self.body_open: list[str] | None = None  # the elements open inside a body, while in one

    def check_body_element(self, tag: str, attrs: list[tuple[str, str | None]], closed: bool) -> None:
        if self.body_open is None:
            if tag == "div" and "prose" in (dict(attrs).get("class") or "").split():
                self.body_open = []
            return
        if tag not in BODY_ELEMENTS:
            self.problems.append("<%s> in a body" % tag)
        if tag == "input" and dict(attrs).get("type") != "checkbox":
            self.problems.append("<input> in a body that is not a task's checkbox: %r" % (attrs,))
        for name, value in attrs:
            if name not in BODY_ATTRIBUTES:
                self.problems.append("attribute %s=%r on <%s> in a body" % (name, value, tag))
            elif name == "class" and not all(BODY_CLASS.fullmatch(word) for word in (value or "").split()):
                self.problems.append("class %r on <%s> in a body" % (value, tag))
            elif name == "id" and not re.fullmatch(r"h[1-6]", tag) and not (value or "").startswith("user-content-") \
                    and not OWN_ID.fullmatch(value or ""):
                self.problems.append("id %r on <%s> in a body: not user-content-" % (value, tag))
        if not closed and tag not in VOID_ELEMENTS:
            self.body_open.append(tag)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.check_body_element(tag, attrs, closed=False)
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
            if set(values) == {"type"} and values["type"] == "application/ld+json":
                # The page's BreadcrumbList: data, never run; its content is checked below.
                self.json_ld = True
            elif not (source.endswith(THEME_SCRIPTS) or STRINGS_SCRIPT.search(source)) or set(values) - {"src", "defer"}:
                self.problems.append("a <script> that is not the theme's: %r" % (attrs,))
            self.in_script = True
        if tag in FOREIGN_ELEMENTS:
            self.problems.append("element <%s> %r" % (tag, attrs))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.body_open is not None and tag not in VOID_ELEMENTS:
            self.problems.append("<%s/> in a body" % tag)
        self.check_body_element(tag, attrs, closed=True)
        self.body_open, body_open = None, self.body_open  # checked above, not again
        self.handle_starttag(tag, attrs)
        self.body_open = body_open
        if tag == "script":
            self.in_script = False

    def handle_endtag(self, tag: str) -> None:
        if self.body_open is not None:
            # Every element of a body closes in it, in order: none reaches out of it.
            if not self.body_open:
                if tag != "div":
                    self.problems.append("</%s> closes a body" % tag)
                self.body_open = None
            elif self.body_open[-1] == tag:
                self.body_open.pop()
            elif tag not in VOID_ELEMENTS:
                self.problems.append("</%s> in a body where <%s> is open" % (tag, self.body_open[-1]))
        if tag == "script":
            self.in_script = False

    def handle_data(self, data: str) -> None:
        if self.in_script and getattr(self, "json_ld", False):
            self.json_ld = False
            try:
                value = json.loads(data)
            except ValueError as error:
                self.problems.append("JSON-LD that is not JSON (%s): %r" % (error, data[:80]))
                return
            # Content's `<`, `>`, `&` and `'` are written as \u escapes: none stands in the page.
            if not isinstance(value, dict) or value.get("@type") != "BreadcrumbList" or re.search(r"[<>&']", data):
                self.problems.append("JSON-LD with markup characters or not a BreadcrumbList: %r" % data[:80])
        elif self.in_script and data.strip():
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
            if page in (os.path.join("_stacks", "search-index.json"), os.path.join("_stacks", "catalog.json")):
                try:
                    with open(full, "rb") as handle:
                        json.loads(handle.read().decode("utf-8"))
                except (ValueError, UnicodeDecodeError) as error:
                    problems.append((show(page), "not JSON: %s" % error))
            elif page.startswith(os.path.join("_stacks", "search", "")):
                # The search's scripts: calls with JSON arguments, one a line (records and texts
                # sixteen pages to a file; a file of texts may be empty), nothing a page says can
                # end one.
                with open(full, "rb") as handle:
                    text = handle.read().decode("utf-8", "replace")
                try:
                    if "<" in text or "\u2028" in text or "\u2029" in text or (text and not text.endswith(");\n")):
                        raise ValueError("not calls one a line")
                    lines = text.split("\n")[:-1] if text else []
                    if not lines and not page.startswith(os.path.join("_stacks", "search", "texts", "")):
                        raise ValueError("empty")
                    for line in lines:
                        call = re.fullmatch(r"window\.stacksSearch\.(index|terms|page|text)\((.*)\);", line, re.S)
                        if not call:
                            raise ValueError("not a call: %r" % line[:80])
                        json.loads("[" + call.group(2) + "]")
                except ValueError as error:
                    problems.append((show(page), "not a search script: %s" % error))
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
