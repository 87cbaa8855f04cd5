#!/usr/bin/env python3
"""Edit-to-visible latency of a preview server: write a content file, then poll the page
that shows it until the new text appears.

    measure.py --base http://127.0.0.1:8400 --content DIR --files LIST --edits 30 \
        --kind body --tool stacks --out results.jsonl

LIST holds one content-relative path per line (`category/item.md`); the page of
`category/item.md` is `/category/item/` in both Stacks and Hugo. Each edit writes the
file in place, as `echo >` or most editors do, with a marker no earlier edit used, and
takes the time from just before the write until a response containing the marker has
been read in full. The page is polled over one keep-alive connection every `--interval`
milliseconds. Edits are `--pause` seconds apart, so each one starts on a quiet server.

`--kind body` appends a paragraph (the page itself changes); `--kind title` changes the
front-matter title (the page and every list showing the item change).

Python 3 standard library only. Prints a summary line; appends one JSON line to --out.
"""

import argparse
import http.client
import json
import statistics
import sys
import time
import urllib.parse


def fetch(connection, path):
    connection.request("GET", path, headers={"Cache-Control": "no-cache"})
    response = connection.getresponse()
    return response.status, response.read()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--content", required=True)
    parser.add_argument("--files", required=True)
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--kind", choices=["body", "title"], default="body")
    parser.add_argument("--tool", required=True)
    parser.add_argument("--interval", type=float, default=2.0, help="milliseconds between polls")
    parser.add_argument("--pause", type=float, default=0.6, help="seconds between edits")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds before an edit counts as lost")
    parser.add_argument("--out")
    args = parser.parse_args()

    with open(args.files) as handle:
        files = [line.strip() for line in handle if line.strip()]
    base = urllib.parse.urlparse(args.base)
    connection = http.client.HTTPConnection(base.hostname, base.port, timeout=args.timeout)
    originals = {}
    latencies = []
    lost = 0
    run = "%x" % int(time.time() * 1000)
    try:
        for number in range(args.warmup + args.edits):
            relative = files[number % len(files)]
            path = "/" + relative[: -len(".md")] + "/"
            file = args.content.rstrip("/") + "/" + relative
            if relative not in originals:
                with open(file, encoding="utf-8") as handle:
                    originals[relative] = handle.read()
                fetch(connection, path)  # the page has been seen, as in a browser
            marker = "Marker%s%s%04d" % (args.kind.capitalize(), run, number)
            text = originals[relative]
            if args.kind == "body":
                text = text + "\n\nEdited: %s.\n" % marker
            else:
                lines = text.split("\n")
                lines = [("title: \"%s\"" % marker) if line.startswith("title:") else line for line in lines]
                text = "\n".join(lines)
            encoded = marker.encode()
            start = time.monotonic()
            with open(file, "w", encoding="utf-8") as handle:
                handle.write(text)
            while True:
                try:
                    status, body = fetch(connection, path)
                except (http.client.HTTPException, OSError):
                    connection.close()
                    connection = http.client.HTTPConnection(base.hostname, base.port, timeout=args.timeout)
                    status, body = 0, b""
                if status == 200 and encoded in body:
                    elapsed = (time.monotonic() - start) * 1000
                    break
                if time.monotonic() - start > args.timeout:
                    elapsed = None
                    break
                time.sleep(args.interval / 1000)
            if number >= args.warmup:
                if elapsed is None:
                    lost += 1
                else:
                    latencies.append(elapsed)
            time.sleep(args.pause)
    finally:
        for relative, text in originals.items():
            with open(args.content.rstrip("/") + "/" + relative, "w", encoding="utf-8") as handle:
                handle.write(text)

    result = {"tool": args.tool, "kind": args.kind, "edits": args.edits, "lost": lost}
    if latencies:
        ordered = sorted(latencies)
        result.update({
            "median_ms": round(statistics.median(ordered), 1),
            "p90_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))], 1),
            "min_ms": round(ordered[0], 1),
            "max_ms": round(ordered[-1], 1),
            "samples_ms": [round(value, 1) for value in latencies],
        })
    print("%-7s %-6s n=%-3d median %7s ms  p90 %7s ms  min %7s ms  max %7s ms  lost %d" % (
        args.tool, args.kind, len(latencies), result.get("median_ms", "-"), result.get("p90_ms", "-"),
        result.get("min_ms", "-"), result.get("max_ms", "-"), lost))
    if args.out:
        with open(args.out, "a") as handle:
            handle.write(json.dumps(result) + "\n")
    return 0 if latencies and not lost else 1


if __name__ == "__main__":
    sys.exit(main())
