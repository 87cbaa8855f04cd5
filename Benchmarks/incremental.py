#!/usr/bin/env python3
"""What a second `stacks build` costs against a clean one, on the same generated catalog.

For each place the output can be (tmpfs and disk), runs in turn, --runs times:
  clean    `stacks build --clean` (the cache ignored, every file written anew)
  nothing  `stacks build` with nothing changed since the last build
  edit     `stacks build` after one item's body was edited (another item each time)
and prints each kind's median wall and CPU time, and the ratios nothing/clean and edit/clean
taken pair by pair (clean and the runs after it are one pair), so that drift in the machine's
speed cancels out. The catalog is `generate.py`'s (deterministic for a seed).

  Benchmarks/incremental.py --items 10000 --categories 50 --runs 5
  STACKS=/path/to/stacks Benchmarks/incremental.py ...

Standard library only. Prints one `RESULT {json}` line per place at the end.
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run(stacks: str, project: str, output: str, clean: bool) -> tuple[float, float, str]:
    """One build; its wall and CPU seconds (the child's user + system) and its summary line."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    arguments = [stacks, "build", "--content", "content", "--output", output] + (["--clean"] if clean else [])
    done = subprocess.run(arguments, cwd=project, capture_output=True, text=True)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit("build failed:\n" + done.stdout + done.stderr)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout.strip().splitlines()[-1]


def edit(project: str, items: list[str], number: int) -> None:
    """Appends a paragraph to one item's body: a one-file edit, as an author makes."""
    path = os.path.join(project, "content", items[number % len(items)])
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("\nEdited for run %d of the benchmark.\n" % number)


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--items", type=int, default=10000)
    parser.add_argument("--categories", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--places", default="tmpfs disk", help="where outputs go: tmpfs (/dev/shm) and/or disk (TMPDIR)")
    arguments = parser.parse_args()
    stacks = os.path.abspath(os.environ.get("STACKS", os.path.join(HERE, "..", ".build", "release", "stacks")))
    project = tempfile.mkdtemp(prefix="stacks-incremental.")
    try:
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), "--items", str(arguments.items),
                        "--categories", str(arguments.categories), "--seed", str(arguments.seed),
                        "--out", os.path.join(project, "content")], check=True, stdout=subprocess.DEVNULL)
        content = os.path.join(project, "content")
        items = sorted(os.path.relpath(os.path.join(folder, name), content)
                       for folder, _, names in os.walk(content) for name in names
                       if name.endswith(".md") and name not in ("_index.md", "index.md"))
        print("stacks: %s\ncatalog: %d items in %d categories (seed %d), %d runs of each kind\n"
              % (stacks, arguments.items, arguments.categories, arguments.seed, arguments.runs))
        results = []
        edits = 0
        for place in arguments.places.split():
            base = "/dev/shm" if place == "tmpfs" else tempfile.gettempdir()
            folder = tempfile.mkdtemp(prefix="stacks-incremental-out.", dir=base)
            output = os.path.join(folder, "output")
            try:
                run(stacks, project, output, clean=True)  # warm-up: caches, and a first output
                rows = {"clean": [], "nothing": [], "edit": []}
                lines = {}
                for _ in range(arguments.runs):
                    rows["clean"].append(run(stacks, project, output, clean=True))
                    rows["nothing"].append(run(stacks, project, output, clean=False))
                    edit(project, items, edits)
                    edits += 1
                    rows["edit"].append(run(stacks, project, output, clean=False))
                for kind in rows:
                    lines[kind] = rows[kind][-1][2]
                print("%s (%s)" % (place, folder))
                print("  %-8s %10s %10s   %s" % ("build", "wall s", "CPU s", "last summary"))
                for kind, values in rows.items():
                    print("  %-8s %10.3f %10.3f   %s" % (kind, median([v[0] for v in values]),
                                                       median([v[1] for v in values]), lines[kind]))
                ratios = {}
                for kind in ("nothing", "edit"):
                    for measure, position in (("wall", 0), ("cpu", 1)):
                        pairs = [rows[kind][i][position] / rows["clean"][i][position] for i in range(arguments.runs)]
                        ratios["%s/clean %s" % (kind, measure)] = (min(pairs), median(pairs), max(pairs))
                for name, (low, middle, high) in ratios.items():
                    print("  %-20s median %.3f  (min %.3f, max %.3f)" % (name, middle, low, high))
                print()
                results.append({"place": place, "items": arguments.items, "categories": arguments.categories,
                                "runs": arguments.runs,
                                "median_wall": {k: median([v[0] for v in vs]) for k, vs in rows.items()},
                                "median_cpu": {k: median([v[1] for v in vs]) for k, vs in rows.items()},
                                "ratios": {k: v[1] for k, v in ratios.items()}})
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        for result in results:
            print("RESULT " + json.dumps(result, sort_keys=True))
    finally:
        shutil.rmtree(project, ignore_errors=True)


if __name__ == "__main__":
    main()
