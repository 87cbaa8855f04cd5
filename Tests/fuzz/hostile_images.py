"""Pictures for the fuzzer's catalogs: valid ones the build resizes (PNGs wide enough for
variants, a small JPEG, WebP and GIF) and, in a case that is wild about images, the hostile
forms — truncated, corrupted, mislabelled, a decompression bomb (50,000 × 50,000 pixels in a few
kilobytes), a header that lies about the size, an endless GIF. The build must warn and publish
them as they are (or refuse them by their header), never crash, hang or grow without bound."""

from __future__ import annotations

import base64
import random
import struct
import zlib

# 12 × 8 and 10 × 6 pixels, with an ICC profile (Tests/browser/generate_plain_catalog.py).
JPEG_SAMPLE = "/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAwDASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAQF/8QAIRAAAgEDAwUAAAAAAAAAAAAAAQIEAAMFBhExEhMhQoH/xAAUAQEAAAAAAAAAAAAAAAAAAAAG/8QAGBEBAAMBAAAAAAAAAAAAAAAAAgAREiH/2gAMAwEAAhEDEQA/AKJUjBtpWHYjQ5CZ1bpMiSxPbdN32AHVz5T1HB+4lKU+JzfYTS1P/9k="
WEBP_SAMPLE = "UklGRlQCAABXRUJQVlA4WAoAAAAgAAAACQAABQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggZgAAABADAJ0BKgoABgABQCYlsAJ0ugH4AMwAyQDpLyUNEgkpwAD+8La7Hj/Cd6PJUHN/Zj/NeHR6r1WjmF6dI3y1ISRg5EqSH4rNmgi//MFkmJxnvClPYz95v/kqSotW1N5fygD7qAAAAA=="
EXTENSIONS = [".png", ".jpg", ".jpeg", ".webp", ".gif", ".PNG", ".JPG"]


def chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png(width: int, height: int, rgb: tuple[int, int, int], declared: tuple[int, int] | None = None) -> bytes:
    """A PNG of one colour; `declared`: the size its header says instead."""
    header = declared or (width, height)
    row = b"\0" + bytes(rgb) * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", header[0], header[1], 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height, 6)) + chunk(b"IEND", b""))


def bomb() -> bytes:
    """50,000 × 50,000 pixels of grey: 7.5 GB decoded, a few kilobytes of zlib."""
    width = height = 50_000
    stream = zlib.compressobj(9)
    row = b"\0" + b"\x80" * (3 * width)
    data = b"".join(stream.compress(row) for _ in range(64)) + stream.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", data) + chunk(b"IEND", b""))


def gif(width: int, height: int, frames: int = 1) -> bytes:
    """Two-colour stripes; LZW codes written uncoded (7-bit pixels, a clear code every 126)."""
    palette = bytes([0x2E, 0x8B, 0x57, 0xF4, 0xE3, 0xC4]) + bytes(3 * 126)
    pixels = bytes((x // 4 + y // 4) % 2 for y in range(height) for x in range(width))
    codes = bytearray()
    for start in range(0, len(pixels), 126):
        codes += bytes([128]) + pixels[start:start + 126]
    codes += bytes([129])
    blocks = b"".join(bytes([len(codes[i:i + 255])]) + codes[i:i + 255] for i in range(0, len(codes), 255))
    frame = b"\x2c" + struct.pack("<HHHH", 0, 0, width, height) + b"\x00" + bytes([7]) + blocks + b"\x00"
    return b"GIF89a" + struct.pack("<HH", width, height) + bytes([0xF6, 0, 0]) + palette + frame * frames + b"\x3b"


def valid(rng: random.Random, extension: str) -> bytes:
    kind = extension.lower()
    if kind in (".jpg", ".jpeg"):
        return base64.b64decode(JPEG_SAMPLE)
    if kind == ".webp":
        return base64.b64decode(WEBP_SAMPLE)
    if kind == ".gif":
        return gif(rng.choice([8, 40]), rng.choice([8, 24]), frames=rng.choice([1, 1, 3]))
    # Wide enough for variants now and then: 480 pixels and more get WebP copies.
    width, height = rng.choice([(1, 1), (16, 16), (300, 200), (520, 300), (900, 60), (60, 900)])
    return png(width, height, (rng.randrange(256), rng.randrange(256), rng.randrange(256)))


def picture(rng: random.Random, extension: str, wild: bool) -> tuple[bytes, str]:
    """A picture's bytes for a file named with `extension`, and what it is (for the case's description)."""
    good = valid(rng, extension)
    if not wild or rng.random() < 0.4:
        return good, "picture"
    form = rng.choice(["truncated", "corrupted", "mislabelled", "bomb", "lying header", "empty", "endless gif", "text"])
    if form == "truncated":
        return good[: rng.randrange(1, max(2, len(good)))], form
    if form == "corrupted":
        damaged = bytearray(good)
        for _ in range(rng.randint(1, 8)):
            damaged[rng.randrange(min(len(damaged), 40), len(damaged))] = rng.randrange(256)
        return bytes(damaged), form
    if form == "mislabelled":
        other = rng.choice([e for e in EXTENSIONS if e.lower() != extension.lower()])
        return valid(rng, other), form
    if form == "bomb":
        return bomb(), form
    if form == "lying header":
        # Says 4,000 × 3,000 (12 megapixels, under the limits), holds 4 × 3.
        return png(4, 3, (200, 10, 10), declared=(4000, 3000)), form
    if form == "empty":
        return b"", form
    if form == "endless gif":
        return gif(8, 8, frames=400), form
    return b"<svg onload=alert(1)>", form
