#!/usr/bin/env python3
"""The site search's cost: index size on disk and bytes a first and a second query load.

    Benchmarks/search_size.py [--sizes 1000:10,10000:50,50000:100] [--stacks PATH]
                              [--queries "archiv" "brass lantern"] [--keep]
                              [--output FOLDER [--first]]

For each size, generates the catalog (generate.py, seed 42) into a folder under /tmp,
builds it with the stacks binary (default: .build/release/stacks), then reads
output/_stacks/search/ as the script does for the queries typed one after the other:

- index.js, once (the list of shard keys and of the files they share);
- per word, the file of the shard whose key is the longest prefix of the word; for the last word
  (3 characters or more, no space after it), also up to 6 shards whose keys begin with it;
- ranks the pages from those postings as the script does and reads pages/<n>.js for the
  10 results shown, and texts/<n>.js for the snippets of those found by a word of their
  text only (two files at most, as the script).

A file read by an earlier query is not counted again (the browser has it). Bytes are
counted as on disk and gzipped (level 6, what a server's compression sends).
Python 3 standard library only.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHOWN = 10


def fold(text: str) -> str:
    text = unicodedata.normalize("NFD", text)
    return "".join(c for c in text if not unicodedata.category(c).startswith("M")).lower()


def terms(text: str) -> list[str]:
    return [t for t in re.findall(r"[^\W_]+", fold(text)) if len(t) <= 40]


def shard_name(key: str) -> str:
    return "".join(c if re.fullmatch(r"[a-z0-9]", c) else "_%x_" % ord(c) for c in key)


def payload(path: str) -> object:
    """The JSON a script hands to window.stacksSearch after its key: for a terms file, its
    shards' terms by key (the groups of word forms after them are left out)."""
    text = open(path, encoding="utf-8").read()
    decoder = json.JSONDecoder()
    if text.startswith("window.stacksSearch.terms("):
        shards = {}
        for call in re.finditer(r"window\.stacksSearch\.terms\(", text):
            key, end = decoder.raw_decode(text, call.end())
            shards[key], _ = decoder.raw_decode(text, end + 1)
        return shards
    start = text.index("(") + 1
    if text.startswith("window.stacksSearch.page("):
        start = text.index(",", start) + 1
    value, _ = decoder.raw_decode(text, start)
    return value


def terms_files(index: dict) -> dict[str, str]:
    """Each shard's key → the file that holds it (index.js `files`: how many keys each file
    holds, in key order, the file named by its first key)."""
    keys, files, first = index["keys"], {}, 0
    for count in index.get("files", [1] * len(index["keys"])):
        for key in keys[first:first + count]:
            files[key] = "terms/%s.js" % shard_name(keys[first])
        first += count
    return files


TEXT_FILES_PER_QUERY = 2  # the script's textFilesPerQuery


class Browser:
    """What the script has loaded so far, and what that cost."""

    def __init__(self, folder: str):
        self.folder = folder
        self.loaded: set[str] = set()
        self.raw = 0
        self.gzipped = 0
        self.files = 0

    def load(self, relative: str, parse: bool = True) -> object | None:
        path = os.path.join(self.folder, relative)
        if not os.path.exists(path):
            return None
        if relative not in self.loaded:
            self.loaded.add(relative)
            data = open(path, "rb").read()
            self.raw += len(data)
            self.gzipped += len(gzip.compress(data, 6))
            self.files += 1
        return payload(path) if parse else None

    def query(self, typed: str) -> int:
        index = self.load("index.js")
        keys = index["keys"]
        files = terms_files(index)
        words = list(dict.fromkeys(terms(typed)))
        if not words:
            return 0
        last = words[-1]

        def is_prefix(word: str) -> bool:
            return word == last and not typed.endswith(" ") and len(word) >= 3

        scores: dict[int, list[int]] = {}
        for word in words:
            prefix = is_prefix(word)
            own = max((k for k in keys if word.startswith(k)), key=len, default=None)
            shards = ([own] if own else []) + ([k for k in keys if len(k) > len(word) and k.startswith(word)][:6] if prefix else [])
            pages: dict[int, int] = {}
            for key in shards:
                shard = (self.load(files[key]) or {}).get(key, {})
                for term, postings in shard.items():
                    if term != word and not (prefix and term.startswith(word)):
                        continue
                    page = 0
                    for value in postings:
                        page += value >> 2
                        weight = (value & 3) * 2 + (1 if term == word else 0)
                        pages[page] = max(pages.get(page, 0), weight)
            for page, weight in pages.items():
                score = scores.setdefault(page, [0, 0, 0])
                score[0] += 1
                score[1] = max(score[1], weight)
                score[2] += weight
        ranked = sorted(scores, key=lambda p: (-scores[p][0], -scores[p][1], -scores[p][2], p))
        per_file = index.get("recordsPerFile", 1)
        texts: set[str] = set()
        for page in ranked[:SHOWN]:
            self.load("pages/%d.js" % (page // per_file), parse=False)
            # The start of its text, for the snippet of a result found by a word of its text
            # only: a few files of them per query, as the script loads.
            text = "texts/%d.js" % (page // per_file)
            if (scores[page][1] <= 3 and page < index.get("catalogPages", 0) and text not in self.loaded
                    and len(texts) < TEXT_FILES_PER_QUERY):
                texts.add(text)
        for text in texts:
            self.load(text, parse=False)
        return len(ranked)


def folder_size(folder: str) -> tuple[int, int]:
    total = files = 0
    for base, _, names in os.walk(folder):
        for name in names:
            total += os.path.getsize(os.path.join(base, name))
            files += 1
    return total, files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000:10,10000:50,50000:100")
    parser.add_argument("--stacks", default=os.path.join(ROOT, ".build", "release", "stacks"))
    parser.add_argument("--queries", nargs="+", default=["archiv", "brass lantern"])
    parser.add_argument("--output", help="an existing build's output folder to measure instead")
    parser.add_argument("--keep", action="store_true", help="keep the generated folders")
    parser.add_argument("--first", action="store_true",
                        help="with --output: each query typed first, in a fresh browser; prints the most any of them "
                             "loads, in KB on disk and gzipped (what a server sends)")
    args = parser.parse_args()

    if args.first:
        if not args.output:
            parser.error("--first needs --output")
        folder = os.path.join(args.output, "_stacks", "search")
        costs = []
        for typed in args.queries:
            browser = Browser(folder)
            browser.query(typed)
            costs.append((browser.gzipped, browser.raw, typed))
        gzipped, raw, typed = max(costs)
        print("%.1f %.1f %s" % (raw / 1000, gzipped / 1000, typed))
        return

    runs = [(None, args.output)] if args.output else [(size, None) for size in args.sizes.split(",")]
    print("items  index MB  files  " + "  ".join("%-26s" % ("query %d: %r" % (n + 1, q)) for n, q in enumerate(args.queries)))
    for size, output in runs:
        work = None
        if output is None:
            items, categories = size.split(":")
            work = tempfile.mkdtemp(prefix="stacks-search-%s-" % items)
            subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), "--items", items, "--categories", categories,
                            "--seed", "42", "--out", os.path.join(work, "content")], check=True, stdout=subprocess.DEVNULL)
            subprocess.run([args.stacks, "build"], cwd=work, check=True, stdout=subprocess.DEVNULL)
            output = os.path.join(work, "output")
        folder = os.path.join(output, "_stacks", "search")
        total, files = folder_size(folder)
        browser = Browser(folder)
        cells = []
        for typed in args.queries:
            before = (browser.raw, browser.gzipped, browser.files)
            results = browser.query(typed)
            cells.append("%4d files %6.1f KB (%5.1f gz) %d hits" % (
                browser.files - before[2], (browser.raw - before[0]) / 1000, (browser.gzipped - before[1]) / 1000, results))
        pages = json.loads(open(os.path.join(folder, "index.js")).read().split("(", 1)[1].rsplit(")", 1)[0])["pages"]
        print("%5d  %8.1f  %5d  %s" % (pages, total / 1e6, files, "  ".join(cells)))
        if work and not args.keep:
            shutil.rmtree(work)


if __name__ == "__main__":
    main()
