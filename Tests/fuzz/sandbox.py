"""The folder a case runs in: the project, a known good output, and sentinel folders around it,
nested four levels deep so that no climb out of the output can leave the sandbox; and snapshots
of it, to see what a build touched."""

from __future__ import annotations

import hashlib
import os
import shutil
import stat

from hostile_catalog import Case, encoded

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
        # Generated names can meet (a folder where a file already is, a link over a file):
        # the first entry keeps the place, and the later one is left out of the case.
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            if entry.kind == "dir":
                os.makedirs(path, exist_ok=True)
            elif os.path.lexists(path):
                continue
            elif entry.kind == "file":
                with open(path, "wb") as handle:
                    handle.write(entry.data)
            elif entry.kind == "symlink":
                target = entry.data.replace(b"ABSOLUTE_VICTIM", encoded(victim))
                os.symlink(target, path)
            elif entry.kind == "fifo":
                os.mkfifo(path)
        except OSError:
            continue
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
