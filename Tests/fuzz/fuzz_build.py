#!/usr/bin/env python3
"""Fuzzes `stacks build` with random catalogs drawn from a hostile alphabet.

Each case is a fresh sandbox: a project (content/, sometimes stacks.yml and templates/, and an
output/ from a known good build) with sentinel folders around it, so that a write outside the
output shows. The build must not crash or hang, must touch nothing but its output, must exit 1
exactly when it prints an error (leaving the output as it was), and on success every page's
`href`/`src` must resolve to a file inside the output, with no script of the content's own.
After a successful build the catalog is edited and built again, in place through the build
cache: the same rules hold, and the output must be what a clean build writes, byte for byte.

    python3 Tests/fuzz/fuzz_build.py --binary .build/debug/stacks --seconds 60 [--seed S]
    python3 Tests/fuzz/fuzz_build.py --seed S --case K --keep     # replays one case

Standard library only. Prints one line per failing case and, last, `N passed, M failed`.
"""

import argparse
import os
import posixpath
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

sys.dont_write_bytecode = True  # no __pycache__ in the repository

from hostile_catalog import Case, Entry, generate  # noqa: E402
from output_checks import check_output  # noqa: E402
from sandbox import PROJECT, materialize, show, snapshot  # noqa: E402

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


def run_build(binary: str, project: str, home: str, timeout: float,
              arguments: tuple[str, ...] = ()) -> tuple[int | None, str, float]:
    environment = dict(os.environ, HOME=home, NO_COLOR="1")
    started = time.monotonic()
    process = subprocess.Popen([binary, "build", *arguments], cwd=project, env=environment, stdout=subprocess.PIPE,
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

    # The build cache beside a written output (`.NAME.stacks-cache`), and the Markdown files it
    # read (`.NAME.stacks-known`), kept for the next build.
    cache = posixpath.join(posixpath.dirname(output), "." + posixpath.basename(output) + ".stacks-cache")
    known = posixpath.join(posixpath.dirname(output), "." + posixpath.basename(output) + ".stacks-known")
    # The memos of stage results, kept beside it (`.NAME.stacks-search`, `-markdown`, `-documents`).
    memos = [posixpath.join(posixpath.dirname(output), "." + posixpath.basename(output) + ".stacks-" + kind)
             for kind in ("search", "markdown", "documents")]
    # The pictures' sizes, kept beside it (`.NAME.stacks-images/`), even for a new Stacks.
    pictures = posixpath.join(posixpath.dirname(output), "." + posixpath.basename(output) + ".stacks-images")

    changed = []
    for path in sorted(set(before) | set(after)):
        if before.get(path) == after.get(path) or inside_output(path) or (writable is not None and path in [cache, known] + memos) \
                or (writable is not None and (path == pictures or path.startswith(pictures + "/"))):
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
    if status == 0 and case.output_is_safe and not problems:
        problems += second_build(case, binary, project, root, output, cache, timeout)
    return Outcome(problems, seconds, status, printed)


# How many cases were built a second time and compared with a clean build, and how many of
# those second builds updated the output in place (the others found the cache unusable).
COMPARED = [0, 0]


def edit_content(project: str, rng: random.Random) -> None:
    """Edits a built catalog as a person might before building again: text added to some
    pages, one page removed, one page copied under a new name beside it."""
    pages = []
    for folder, _, names in os.walk(os.path.join(project, "content")):
        pages += [os.path.join(folder, name) for name in sorted(names) if name.endswith(".md")]
    pages = [page for page in sorted(pages) if os.path.isfile(page) and not os.path.islink(page)]
    for page in pages:
        if rng.random() < 0.4:
            with open(page, "ab") as handle:
                handle.write(b"\n\nEdited %d.\n" % rng.randrange(1000))
    if pages and rng.random() < 0.5:
        os.remove(rng.choice(pages))
    if pages and rng.random() < 0.5:
        source = rng.choice(pages)
        try:
            shutil.copyfile(source, source[:-3] + "-again.md")
        except OSError:
            pass  # removed just above, or a name too long to lengthen


def second_build(case: Case, binary: str, project: str, root: str, output: str, cache: str, timeout: float) -> list[str]:
    """Builds the edited catalog again over the first build's output, in place through the
    build cache, and compares it with a clean build of the same sources, byte for byte."""
    edit_content(project, random.Random(repr(case.entries[:3]) + case.output))
    home = os.path.join(root, "w1/w2/w3/home")
    before = snapshot(root)
    status, printed, _ = run_build(binary, project, home, timeout)
    after = snapshot(root)
    if status is None:
        return ["hang: the second build did not exit after %.0f s" % timeout]
    if status not in (0, 1):
        return ["crash: the second build exited %d" % status]
    written = [show(path) for path in sorted(set(before) | set(after)) if before.get(path) != after.get(path)
               and not (path == output or path.startswith(output + "/") or path == cache
                        or path.startswith(PROJECT + "/.output.stacks-")
                        or LOCK_NAMES.match(path[len(PROJECT) + 1:]) and path.startswith(PROJECT + "/"))]
    if written:
        return ["write outside the output in the second build: %s" % ", ".join(written[:4])]
    if status != 0:
        return []
    if re.search(r" files? written, \d+ removed\)", printed):
        COMPARED[1] += 1
    clean = PROJECT + "/clean-output"
    status, printed, _ = run_build(binary, project, home, timeout, ("--clean", "--output", "clean-output"))
    if status != 0:
        return ["second build: a clean build of the same sources failed (exit %s): %s" % (status, printed.strip()[:300])]
    COMPARED[0] += 1
    incremental, reference = tree(os.path.join(root, output)), tree(os.path.join(root, clean))
    differing = sorted(path for path in set(incremental) | set(reference) if incremental.get(path) != reference.get(path))
    if differing:
        return ["second build: not what a clean build writes: %s" % ", ".join(show(path) for path in differing[:4])]
    return []


def tree(folder: str) -> dict[str, bytes | None]:
    """Every file (with its bytes) and folder under `folder`, but Stacks' mark of its own."""
    entries: dict[str, bytes | None] = {}
    for parent, folders, files in os.walk(folder):
        relative = os.path.relpath(parent, folder)
        for name in folders:
            entries[os.path.normpath(os.path.join(relative, name)) + "/"] = None
        for name in files:
            if name == ".stacks-output" and relative == ".":
                continue
            with open(os.path.join(parent, name), "rb") as handle:
                entries[os.path.normpath(os.path.join(relative, name))] = handle.read()
    return entries


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
        print("fuzz_build: %d edited and built again (%d in place), each equal to a clean build" % tuple(COMPARED))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
