#!/usr/bin/env python3
"""Time two commands in alternating pairs, each from its own resource usage.

    Benchmarks/pairs.py [-n PAIRS] [--warmup W] [--timeout SECONDS] [--vs 'B COMMAND'] \
                        -- A COMMAND ARGS...

Runs A and B once each unmeasured (--warmup, default 1), then A B A B ... PAIRS times. Each run
is a whole child process (fork and exec) in a process group of its own, its standard input
/dev/null and its output discarded; it is reaped with wait4, which gives the child's own user and
system seconds and its peak resident memory; its wall seconds are a monotonic clock around its
start and its reaping.
B is one string split like a shell's words (no shell runs it); A is the arguments after `--`.
Without --vs only A is run and reported.

The report gives, for each figure, the least, the median and the most over the runs:
`A wall s`, `A cpu s` (user + system), `A user s`, `A sys s`, `A peak MiB`, the same for B, then
`A/B wall`, `A/B cpu` and `A/B peak`, each ratio taken pair by pair (so the machine's drift
during the series cancels) and then summarised. The median is always the second-to-last field.
Runs that exit nonzero are listed with their codes (exit status 1). When --timeout passes, the
run under way is killed with its whole group and the runs finished are reported (status 124).

Linux counts the pages a child was forked with into its peak, so `peak MiB` does not read below
this script's own anonymous memory (about 11 MiB with Python 3.11); a run also carries about
3 ms of CPU for its fork and exec. Both are the same for A and B, and small beside a build.
"""

import argparse
import os
import shlex
import signal
import sys
import time

TIMEOUT_STATUS = 124

# ru_maxrss is in KiB on Linux and the BSDs, in bytes on macOS.
MAXRSS_TO_MIB = 1 / (1024 * 1024) if sys.platform == "darwin" else 1 / 1024


class Run:
    __slots__ = ("wall", "user", "sys", "peak", "code")

    def __init__(self, wall, user, sys_, peak, code):
        self.wall, self.user, self.sys, self.peak, self.code = wall, user, sys_, peak, code

    @property
    def cpu(self):
        return self.user + self.sys


class Runner:
    """Starts one command at a time and kills its group on the deadline or on a signal."""

    def __init__(self, timeout):
        self.deadline = None if timeout is None else time.monotonic() + timeout
        self.current = None  # the running child's pid, which is also its process group
        self.timed_out = False
        signal.signal(signal.SIGALRM, self._on_alarm)
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, self._on_stop)

    def _kill_group(self):
        if self.current is not None:
            try:
                os.killpg(self.current, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def _on_alarm(self, signum, frame):
        self.timed_out = True
        self._kill_group()

    def _on_stop(self, signum, frame):
        # The child is in a group of its own: a terminal's Ctrl-C does not reach it.
        self._kill_group()
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)

    def run(self, argv):
        """One run of argv, or None when the deadline has passed."""
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                self.timed_out = True
            if self.timed_out:
                return None
            signal.setitimer(signal.ITIMER_REAL, left)
        # fork + exec rather than posix_spawn: a vfork-like spawn makes Linux count this whole
        # interpreter into the child's peak memory, a fork only the pages it copies.
        failed, failing = os.pipe()  # close-on-exec: says why an exec failed, closed by a good one
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:
            try:
                os.setpgid(0, 0)
                null = os.open(os.devnull, os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(null, fd)
                os.execvp(argv[0], argv)
            except BaseException as error:
                os.write(failing, str(error).encode()[:1000] or b"failed")
            finally:
                os._exit(127)
        os.close(failing)
        try:
            os.setpgid(pid, pid)  # as the child does, whichever comes first
        except OSError:
            pass  # it has already run exec
        self.current = pid
        if self.timed_out:  # the alarm came between the start and the line above
            self._kill_group()
        failure = os.read(failed, 1000)
        os.close(failed)
        _, status, usage = os.wait4(pid, 0)
        end = time.monotonic()
        self.current = None
        signal.setitimer(signal.ITIMER_REAL, 0)
        if failure:
            sys.exit(f"pairs.py: cannot run {argv[0]}: {failure.decode(errors='replace')}")
        if self.timed_out:
            return None
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -os.WTERMSIG(status)
        peak = usage.ru_maxrss * MAXRSS_TO_MIB
        return Run(end - start, usage.ru_utime, usage.ru_stime, peak, code)


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def line(label, values, form):
    cells = [form % v for v in (min(values), median(values), max(values))]
    return f"{label:<12}" + "".join(f" {c:>10}" for c in cells)


def report(name, runs):
    return [
        line(f"{name} wall s", [r.wall for r in runs], "%.3f"),
        line(f"{name} cpu s", [r.cpu for r in runs], "%.3f"),
        line(f"{name} user s", [r.user for r in runs], "%.3f"),
        line(f"{name} sys s", [r.sys for r in runs], "%.3f"),
        line(f"{name} peak MiB", [r.peak for r in runs], "%.1f"),
    ]


def ratio(a, b):
    return a / b if b > 0 else float("nan")


def main():
    parser = argparse.ArgumentParser(
        description="Time command A against command B in alternating pairs (rusage from wait4).",
        usage="%(prog)s [-n PAIRS] [--warmup W] [--timeout SECONDS] [--vs 'B COMMAND'] "
              "-- A COMMAND ARGS...")
    parser.add_argument("-n", "--runs", type=int, default=5,
                        help="measured pairs, or runs of A alone without --vs (default 5)")
    parser.add_argument("--warmup", type=int, default=1,
                        help="unmeasured runs of each command first (default 1)")
    parser.add_argument("--timeout", type=float, default=None,
                        help="seconds for the whole series, warm-up included")
    parser.add_argument("--vs", metavar="B", default=None,
                        help="the command to compare with, one string split like a shell's words")
    parser.add_argument("command", nargs=argparse.REMAINDER,
                        help="command A and its arguments, after --")
    args = parser.parse_args()
    a = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not a:
        parser.error("no command A (give it after --)")
    b = shlex.split(args.vs) if args.vs is not None else None
    if b is not None and not b:
        parser.error("--vs: an empty command")
    if args.runs < 1 or args.warmup < 0:
        parser.error("-n must be at least 1 and --warmup at least 0")

    runner = Runner(args.timeout)
    commands = [("A", a)] + ([("B", b)] if b else [])
    warm_codes = {name: [] for name, _ in commands}
    for _ in range(args.warmup):
        for name, argv in commands:
            run = runner.run(argv)
            if run is not None:
                warm_codes[name].append(run.code)
    runs = {name: [] for name, _ in commands}
    for _ in range(args.runs):
        for name, argv in commands:
            run = runner.run(argv)
            if run is None:
                break
            runs[name].append(run)
        if runner.timed_out:
            break
    # A pair is whole only when B ran too; an A without its B is reported alone but not compared.
    pairs = list(zip(runs["A"], runs["B"])) if b else []

    print(f"A: {shlex.join(a)}")
    if b:
        print(f"B: {shlex.join(b)}")
    def count(n, noun):
        return f"{n} {noun}{'' if n == 1 else 's'}"

    what = f"{count(len(pairs), 'pair')}, A then B" if b else count(len(runs["A"]), "run")
    print(f"{what}, after {count(args.warmup, 'unmeasured run')}{' of each' if b else ''}")
    lines = []
    for name, _ in commands:
        if runs[name]:
            lines += report(name, runs[name])
    if pairs:
        lines.append(line("A/B wall", [ratio(x.wall, y.wall) for x, y in pairs], "%.4f"))
        lines.append(line("A/B cpu", [ratio(x.cpu, y.cpu) for x, y in pairs], "%.4f"))
        lines.append(line("A/B peak", [ratio(x.peak, y.peak) for x, y in pairs], "%.4f"))
    if lines:
        print(f"{'':<12}" + "".join(f" {c:>10}" for c in ("min", "median", "max")))
        print("\n".join(lines))

    failed = False
    for name, _ in commands:
        codes = [r.code for r in runs[name]]
        if any(codes):
            failed = True
            print(f"{name} exit codes: {' '.join(map(str, codes))}")
        if any(warm_codes[name]):
            failed = True
            print(f"{name} warm-up exit codes: {' '.join(map(str, warm_codes[name]))}")
    if runner.timed_out:
        finished = ", ".join(f"{len(runs[name])} of {args.runs} runs of {name}"
                             for name, _ in commands)
        print(f"timeout: {args.timeout:g} s reached; finished {finished}")
        return TIMEOUT_STATUS
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
