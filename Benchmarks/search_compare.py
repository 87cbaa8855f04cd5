#!/usr/bin/env python3
"""Stacks' site search against Pagefind on the same pages: is the right page found, and how many
bytes does a query cost.

    Benchmarks/search_compare.py [--stacks PATH] [--pages 10000] [--seed 42]
                                 [--queries Benchmarks/search_queries.json] [--json PATH] [--keep]

1. Writes the catalog (search_catalog.py) into a temporary folder and builds it with
   `stacks build --content C --output O`, run in that folder so that no templates/ or
   stacks.yml of the current directory is used.
2. Indexes the same output with Pagefind (`pip install pagefind-bin` if missing):
   `pagefind --site O --root-selector "[data-column=detail]"`, the item column only.
3. Serves O on 127.0.0.1 with http.server (no compression), counting the bytes of every body
   sent, and drives headless Chromium with Selenium:
   - Stacks: on the site's home page, the query is put whole into the search box (`.search-input`,
     one input event, as pasted: each engine runs one search per query); once `.search-status`
     says how many results there are, the hrefs of `.search-results a`, in the order shown.
   - Pagefind: on the same page, `import('/pagefind/pagefind.js')`, `init()`, `search(query)`
     and `data()` of the first five results (what its UI loads first), their URLs in order.
4. Tells, per class of query, how many found the expected page first (top 1) and among the first
   five (top 5), and how many met the query's own bound (`within`).

Bytes are raw bodies as sent (no compression, no headers), of each engine's own files only:
Stacks' `_stacks/search/` (index.js, terms shards, pages and texts records) and Pagefind's
`pagefind/` (pagefind.js, its worker and wasm, entry, meta, index, filter and fragment files; Pagefind
gzips its wasm, meta, index and fragment files itself, Stacks' files are plain JavaScript). Not counted:
the page itself and the stacks.js and stacks.css every page loads anyway, nor Pagefind's UI
(pagefind-ui.js and .css, whose sizes are printed apart). "First query": each query of the set
alone in a fresh page with the browser cache disabled. "Later query": every query of the set in
turn in one page, after the first, counting only what it loads that earlier ones did not.
"""

from __future__ import annotations

import argparse
import http.server
import importlib.util
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from urllib.parse import urlsplit

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CLASSES = ["exact", "prefix", "body", "two-word", "inflected"]
STACKS_FILES, PAGEFIND_FILES = "/_stacks/search/", "/pagefind/"

STACKS_QUERY = """
const input = document.querySelector('.search-input');
input.value = '';
input.focus();
document.querySelector('.search-results').replaceChildren();
document.querySelector('.search-status').textContent = '';
input.value = arguments[0];
input.dispatchEvent(new Event('input', {bubbles: true}));
"""
STACKS_DONE = """
const status = document.querySelector('.search-status').textContent;
if (!/result|not available/.test(status)) return null;
return [...document.querySelectorAll('.search-results a')].slice(0, 5).map((a) => a.href);
"""
PAGEFIND_QUERY = """
const query = arguments[0], done = arguments[arguments.length - 1];
(async () => {
  if (!window.pagefindModule) {
    window.pagefindModule = await import('/pagefind/pagefind.js');
    await window.pagefindModule.init?.();
  }
  const search = await window.pagefindModule.search(query);
  const first = await Promise.all(search.results.slice(0, 5).map((result) => result.data()));
  return first.map((data) => data.url);
})().then(done, (error) => done({error: String(error)}));
"""


class Server(http.server.ThreadingHTTPServer):
    """Serves a folder and keeps (path, bytes) of every body it sends."""

    def __init__(self, folder: str):
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}

            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=folder, **kwargs)

            def do_GET(self):
                with server.lock:
                    server.busy += 1
                try:
                    super().do_GET()
                finally:
                    with server.lock:
                        server.busy -= 1

            def copyfile(self, source, outputfile):
                sent = 0
                while chunk := source.read(65536):
                    outputfile.write(chunk)
                    sent += len(chunk)
                with server.lock:
                    server.sent.append((urlsplit(self.path).path, sent))

            def log_message(self, *args):
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        self.lock = threading.Lock()
        self.sent: list[tuple[str, int]] = []
        self.busy = 0
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def base(self) -> str:
        return "http://127.0.0.1:%d/" % self.server_address[1]

    def mark(self) -> int:
        with self.lock:
            return len(self.sent)

    def since(self, mark: int, prefix: str) -> list[tuple[str, int]]:
        """The bodies sent under `prefix` since `mark`, once nothing has been asked for 0.2 s."""
        count = -1
        while True:
            with self.lock:
                settled = self.busy == 0 and len(self.sent) == count
                count = len(self.sent)
            if settled:
                break
            time.sleep(0.2)
        with self.lock:
            return [(path, size) for path, size in self.sent[mark:] if path.startswith(prefix)]


def normalized(url: str) -> str:
    path = urlsplit(url).path
    return path.removesuffix("index.html").strip("/")


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or ""
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1440,900", "--disable-extensions", "--no-first-run", "--lang=en-US"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=shutil.which("chromedriver")))
    driver.set_script_timeout(120)
    driver.execute_cdp_cmd("Network.enable", {})
    return driver


class Engine:
    """One search engine in one browser tab: opens the page, runs a query, returns the first URLs."""

    def __init__(self, name: str, files: str, driver, server: Server):
        self.name, self.files, self.driver, self.server = name, files, driver, server

    def open(self, cache: bool) -> None:
        """The home page, in a fresh page with an empty browser cache; `cache`: whether to fill it."""
        self.driver.get("about:blank")
        self.driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        self.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": not cache})
        self.driver.get(self.server.base)

    def query(self, text: str) -> tuple[list[str], list[tuple[str, int]]]:
        mark = self.server.mark()
        if self.name == "Stacks":
            self.driver.execute_script(STACKS_QUERY, text)
            urls = WebDriverWait(self.driver, 60, poll_frequency=0.02).until(
                lambda d: d.execute_script(STACKS_DONE), f"Stacks' results for {text!r}")
        else:
            urls = self.driver.execute_async_script(PAGEFIND_QUERY, text)
            if isinstance(urls, dict):
                raise RuntimeError(f"Pagefind, {text!r}: {urls['error']}")
        return [normalized(u) for u in urls], self.server.since(mark, self.files)


def pagefind_command() -> list[str]:
    if shutil.which("pagefind"):
        return ["pagefind"]
    if importlib.util.find_spec("pagefind_bin") is None:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "pagefind-bin"], check=True)
    return [sys.executable, "-m", "pagefind_bin"]


def build(args, work: str) -> tuple[str, str]:
    """The built and indexed output folder, and what Pagefind said it indexed."""
    content, output = os.path.join(work, "content"), os.path.join(work, "output")
    subprocess.run([sys.executable, os.path.join(HERE, "search_catalog.py"), content, "--pages", str(args.pages),
                    "--seed", str(args.seed)], check=True, stdout=subprocess.DEVNULL)
    built = subprocess.run([args.stacks, "build", "--content", content, "--output", output], cwd=work, check=True,
                           capture_output=True, text=True)
    print(built.stdout.strip().splitlines()[-1])
    pagefind = pagefind_command()
    version = subprocess.run(pagefind + ["--version"], capture_output=True, text=True).stdout.strip()
    indexed = subprocess.run(pagefind + ["--site", output, "--root-selector", "[data-column=detail]"], check=True,
                             capture_output=True, text=True).stdout
    pages = re.search(r"Indexed (\d+) pages?", indexed)
    return output, f"{version}: indexed {pages.group(1) if pages else '?'} pages"


def folder_bytes(folder: str, exclude: tuple[str, ...] = ()) -> tuple[int, int]:
    total = files = 0
    for base, _, names in os.walk(folder):
        for name in names:
            if not name.startswith(exclude):
                total += os.path.getsize(os.path.join(base, name))
                files += 1
    return total, files


def kb(size: float) -> str:
    return "%.1f KB" % (size / 1000)


def rank(row: dict) -> int:
    """Where the expected page is among the first five shown (1–5), else 99."""
    expected = row["expect"].strip("/")
    return row["urls"].index(expected) + 1 if expected in row["urls"] else 99


def print_hits(results: dict[str, list[dict]]) -> None:
    print()
    print("Queries whose page is found first (top 1), among the first five (top 5), and within the query's bound:")
    print("%-10s %7s  %-24s  %-24s" % ("class", "queries", "Stacks top1/top5/bound", "Pagefind top1/top5/bound"))
    for cls in CLASSES + ["all"]:
        cells = []
        for rows in results.values():
            rows = [r for r in rows if cls in ("all", r["class"])]
            cells.append("%8d %5d %5d" % (sum(rank(r) == 1 for r in rows), sum(rank(r) <= 5 for r in rows),
                                          sum(rank(r) <= r["within"] for r in rows)))
        print("%-10s %7d  %-24s  %s" % (cls, len(rows), *cells))


def print_bytes(results: dict[str, list[dict]], output: str) -> None:
    print()
    print("Bytes of a query (raw bodies, no compression):")
    print("%-24s  %-38s  %s" % ("", *results))
    lines: dict[str, list[str]] = {}
    for rows in results.values():
        for kind, measured in (("first", rows), ("later", rows[1:])):
            sizes = [(sum(size for _, size in r[kind]), len(r[kind]), r["query"]) for r in measured]
            median = statistics.median(size for size, _, _ in sizes)
            files = statistics.median(count for _, count, _ in sizes)
            top = max(sizes)
            lines.setdefault(f"{kind} query, median", []).append(f"{kb(median)} ({files:g} files)")
            lines.setdefault(f"{kind} query, max", []).append(f"{kb(top[0])} ({top[1]} files, {top[2]!r})")
    ui = ("pagefind-ui", "pagefind-modular-ui", "pagefind-component-ui", "pagefind-highlight")
    lines["index on disk"] = ["%s in %d files" % (kb(size), count) for size, count in (
        folder_bytes(os.path.join(output, "_stacks", "search")), folder_bytes(os.path.join(output, "pagefind"), ui))]
    for label, cells in lines.items():
        print("%-24s  %-38s  %s" % (label, *cells))
    ui_files = [os.path.join(output, "pagefind", name) for name in ("pagefind-ui.js", "pagefind-ui.css")]
    print("Not counted: Pagefind's default UI, " + ", ".join(
        f"{os.path.basename(path)} {kb(os.path.getsize(path))}" for path in ui_files if os.path.exists(path)) + ".")


def print_misses(results: dict[str, list[dict]]) -> None:
    for engine, rows in results.items():
        misses = [r for r in rows if rank(r) > r["within"]]
        print()
        print(f"{engine} misses ({len(misses)}):")
        for r in misses:
            print(f"  {r['class']:<9} {r['query']!r:<16} wants {r['expect']} within {r['within']}; got {r['urls']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stacks", default=os.path.join(ROOT, ".build", "release", "stacks"))
    parser.add_argument("--pages", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--queries", default=os.path.join(HERE, "search_queries.json"))
    parser.add_argument("--json", help="write every query's results and bytes here")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (its path is printed)")
    args = parser.parse_args()
    args.stacks = os.path.abspath(args.stacks)
    queries = json.load(open(args.queries, encoding="utf-8"))

    work = tempfile.mkdtemp(prefix="stacks-search-compare-")
    print(f"work folder: {work}")
    output, pagefind_said = build(args, work)
    missing = [q["expect"] for q in queries if not os.path.exists(os.path.join(output, q["expect"], "index.html"))]
    if missing:
        sys.exit(f"the catalog lacks the expected pages {missing}")
    server = Server(output)
    driver = browser()
    engines = [Engine("Stacks", STACKS_FILES, driver, server), Engine("Pagefind", PAGEFIND_FILES, driver, server)]
    results = {engine.name: [] for engine in engines}
    try:
        for engine in engines:
            # Every query alone, in a fresh page without the browser cache: the first query's cost.
            first = []
            for q in queries:
                engine.open(cache=False)
                _, loaded = engine.query(q["query"])
                first.append(loaded)
            # Every query in turn in one page: the ranking, and the cost of a later query.
            engine.open(cache=True)
            for q, loaded_first in zip(queries, first):
                urls, loaded = engine.query(q["query"])
                results[engine.name].append({**q, "urls": urls, "first": loaded_first, "later": loaded})
    finally:
        driver.quit()
        server.shutdown()

    pages = [base for base, _, names in os.walk(output) if "index.html" in names]
    parts = sum(1 for base in pages if re.search(r"/page/\d+$", base))
    index = open(os.path.join(output, "_stacks", "search", "index.js"), encoding="utf-8").read()
    indexed = json.loads(index[index.index("(") + 1:index.rindex(")")])["pages"]
    print(f"Output: {len(pages)} HTML pages, {parts} of them parts of long lists (page/N/); "
          f"Stacks' search index: {indexed} pages; Pagefind {pagefind_said}")
    print_hits(results)
    print_bytes(results, output)
    print_misses(results)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"pages": len(pages), "pagefind": pagefind_said, "results": results}, f, indent=1)
    if args.keep:
        print(f"kept {work}")
    else:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
