#!/usr/bin/env python3
"""Hostile clients for serve-load.sh --flood: CONNECTIONS threads that each, until the time
is up, connect to 127.0.0.1:PORT, send a request line of SIZE bytes that never ends (the
server may close before it is all sent), read the answer until the server closes, and
start again. Prints one FLOOD line (JSON) at the end.

    flood.py --port 8402 --connections 4 --size 400000 --seconds 12
"""
import argparse
import json
import socket
import threading
import time


def client(port, size, deadline, counts, lock):
    line = b"GET /" + b"a" * size
    while time.monotonic() < deadline:
        answer = b""
        connected = False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                connected = True
                try:
                    s.sendall(line)
                except OSError:
                    pass  # the server refused and closed before the end: expected
                try:
                    while len(answer) < 65536:
                        chunk = s.recv(4096)
                        if not chunk:
                            break
                        answer += chunk
                except OSError:
                    pass
        except OSError:
            time.sleep(0.01)
        status = answer.split(b"\r\n", 1)[0].decode("latin-1") if answer else "no answer"
        key = status.split(" ")[1] if status.startswith("HTTP/1.1 ") else "no answer"
        if not connected:
            key = "not connected"  # the server has stopped (after Ctrl-C), or the backlog is full
        with lock:
            counts[key] = counts.get(key, 0) + 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--size", type=int, default=400_000)
    parser.add_argument("--seconds", type=float, default=12)
    args = parser.parse_args()
    if not (1 <= args.connections <= 64 and 0 < args.seconds <= 330 and args.size <= 10_000_000):
        raise SystemExit("flood.py: at most 64 connections, 330 s and 10 MB per line")
    deadline = time.monotonic() + args.seconds
    counts, lock = {}, threading.Lock()
    threads = [threading.Thread(target=client, args=(args.port, args.size, deadline, counts, lock), daemon=True)
               for _ in range(args.connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(args.seconds + 10)
    print("FLOOD " + json.dumps({"connections": args.connections, "line_bytes": args.size,
                                 "attempts": sum(counts.values()), "answers": counts}), flush=True)


if __name__ == "__main__":
    main()
