#!/usr/bin/env python3
"""What a catalog in many languages costs per page against its default language alone.

Generates (Tests/browser/generate_multilingual.py) a command reference shaped like tldr-pages in
--languages languages (a folder per language, each missing some pages) and the same catalog's
default language alone, then builds each into tmpfs in turn, --runs times, and prints each
build's median CPU and wall time, peak memory and files, per page, and the ratio of the
per-page CPU (all languages ÷ default alone), taken pair by pair.

    Benchmarks/languages.py [--languages 40] [--commands 2000] [--runs 5]
    STACKS=/path/to/stacks Benchmarks/languages.py ...

Standard library only; prints one `RESULT {json}` line at the end.
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATOR = os.path.join(HERE, "..", "Tests", "browser", "generate_multilingual.py")


def build(stacks, project, output):
    """One clean build: wall and CPU seconds, peak RSS in MiB, pages, files."""
    shutil.rmtree(output, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    done = subprocess.run(["/usr/bin/time", "-f", "%M", stacks, "build", "--clean", "--output", output],
                          cwd=project, capture_output=True, text=True)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit("build failed:\n" + done.stdout + done.stderr)
    summary = done.stdout.strip().splitlines()[-1]
    pages = int(summary.split()[1])
    files = sum(len(names) for _, _, names in os.walk(output))
    peak = int(done.stderr.strip().splitlines()[-1]) / 1024
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, peak, pages, files


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--languages", type=int, default=40)
    parser.add_argument("--commands", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", default="/tmp/stacks-languages-bench")
    args = parser.parse_args()
    stacks = os.environ.get("STACKS", os.path.join(HERE, "..", ".build", "release", "stacks"))
    all_languages = os.path.join(args.work, "all")
    default_only = os.path.join(args.work, "default")
    for folder, extra in [(all_languages, []), (default_only, ["--only-default"])]:
        if not os.path.isdir(os.path.join(folder, "content")):
            subprocess.run([sys.executable, GENERATOR, folder, "--languages", str(args.languages),
                            "--commands", str(args.commands)] + extra, check=True)
    output = "/dev/shm/stacks-languages-bench"
    build(stacks, default_only, output)  # warm-up
    runs = {"all": [], "default": []}
    for _ in range(args.runs):
        runs["all"].append(build(stacks, all_languages, output + "-all"))
        runs["default"].append(build(stacks, default_only, output + "-default"))
    shutil.rmtree(output, ignore_errors=True)
    shutil.rmtree(output + "-all", ignore_errors=True)
    shutil.rmtree(output + "-default", ignore_errors=True)
    ratios = [(a[1] / a[3]) / (d[1] / d[3]) for a, d in zip(runs["all"], runs["default"])]
    result = {}
    for name, measured in runs.items():
        wall, cpu, peak, pages, files = (statistics.median(m[i] for m in measured) for i in range(5))
        result[name] = {"pages": pages, "files": files, "wall": wall, "cpu": cpu, "peakMiB": peak,
                        "cpuPerPageMs": 1000 * cpu / pages, "peakKiBPerPage": 1024 * peak / pages,
                        "filesPerPage": files / pages}
        print(f"{name:8} {int(pages):6} pages {int(files):6} files  wall {wall:6.2f} s  cpu {cpu:6.2f} s  "
              f"peak {peak:6.1f} MiB  {1000 * cpu / pages:.3f} ms/page  {files / pages:.2f} files/page")
    result["cpuPerPageRatio"] = statistics.median(ratios)
    print(f"per-page CPU, all languages / default alone: {statistics.median(ratios):.3f} "
          f"({min(ratios):.3f}–{max(ratios):.3f}, {len(ratios)} pairs)")
    print("RESULT " + json.dumps(result))


if __name__ == "__main__":
    main()
