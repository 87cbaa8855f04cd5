#!/usr/bin/env python3
"""AVIF against WebP on one photo: for each encoder setting, the file's bytes, the CPU time of
the encode, and the SSIM of its decoding against the original (luma, Gaussian window 1.5, the
usual constants), so that AVIF's quality can be chosen where it looks like WebP's.

    Benchmarks/avif-quality.py PHOTO [--width 1600]

The photo is first resized to `--width` (at most its own) as Stacks' variants are; every
encode is done by libvips' `vips` command (libwebp, and libheif with libaom), three times,
and the fastest time is kept. Needs numpy and scipy.
"""
import argparse
import os
import subprocess
import tempfile
import time

import numpy as np
from scipy.ndimage import gaussian_filter


def vips(*arguments):
    subprocess.run(["vips", *arguments], check=True, stderr=subprocess.DEVNULL)


def luma(path, folder):
    grey, raw = os.path.join(folder, "grey.v"), os.path.join(folder, "grey.raw")
    vips("colourspace", path, grey, "b-w")
    vips("rawsave", grey, raw)
    size = [int(subprocess.run(["vipsheader", "-f", field, grey], capture_output=True, text=True).stdout) for field in ("width", "height")]
    return np.fromfile(raw, dtype=np.uint8)[: size[0] * size[1]].reshape(size[1], size[0]).astype(np.float64)


def ssim(a, b):
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mu1, mu2 = gaussian_filter(a, 1.5), gaussian_filter(b, 1.5)
    s11 = gaussian_filter(a * a, 1.5) - mu1 * mu1
    s22 = gaussian_filter(b * b, 1.5) - mu2 * mu2
    s12 = gaussian_filter(a * b, 1.5) - mu1 * mu2
    return (((2 * mu1 * mu2 + c1) * (2 * s12 + c2)) / ((mu1 * mu1 + mu2 * mu2 + c1) * (s11 + s22 + c2))).mean()


def cpu_seconds(command):
    best = None
    for _ in range(3):
        before = os.times()
        subprocess.run(command, check=True, stderr=subprocess.DEVNULL)
        after = os.times()
        spent = (after.children_user - before.children_user) + (after.children_system - before.children_system)
        best = spent if best is None else min(best, spent)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("photo")
    parser.add_argument("--width", type=int, default=1600)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "source.v")
        vips("thumbnail", options.photo, source, str(options.width), "--size", "down")
        reference = luma(source, folder)
        settings = [("webp", 80, 2)] + [("avif", q, e) for e in (0, 2, 4) for q in (50, 60, 65, 70)]
        print(f"{'format':6} {'Q':>3} {'effort':>6} {'bytes':>8} {'CPU s':>7} {'SSIM':>7}")
        for kind, quality, effort in settings:
            out = os.path.join(folder, f"out.{kind}")
            if kind == "webp":
                command = ["vips", "webpsave", source, out, "--Q", str(quality), "--effort", str(effort), "--strip"]
            else:
                command = ["vips", "heifsave", source, out, "--compression", "av1", "--Q", str(quality), "--effort", str(effort), "--strip"]
            seconds = cpu_seconds(command)
            decoded = os.path.join(folder, "decoded.v")
            vips("copy", out, decoded)
            print(f"{kind:6} {quality:>3} {effort:>6} {os.path.getsize(out):>8} {seconds:>7.2f} {ssim(reference, luma(decoded, folder)):>7.4f}")


if __name__ == "__main__":
    main()
