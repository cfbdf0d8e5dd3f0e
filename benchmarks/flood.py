"""A connection flood against the real `getaway run --sim --headless` process: more idle
connections than its open-file limit, opened as fast as a few processes can, while a phone
keeps asking for its view and opens a live stream.

Reports how many connections were opened and how many the box closed, the most files the box
held, whether it lived, how long a phone's request took meanwhile (a new connection each
time), how long a new stream took to its first event, and what the box logged.

    python -m benchmarks.flood [--files N] [--idle N] [--holders 3] [--port 0]

``--files`` runs the box under that open-file limit (8192 is what it asks systemd for);
without it, under this machine's.
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import multiprocessing.synchronize
import resource
import selectors
import socket
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks.figures import percentiles, port_option, report
from benchmarks.phones import more_open_files, open_files
from tests.program import Program

GUARD_S = 30.0


def hold(port: int, source: str, count: int, results: Any,
         stop: multiprocessing.synchronize.Event) -> None:
    """Open ``count`` connections from ``source`` and send nothing; count those the box
    closes until ``stop``."""
    more_open_files()
    opened: list[socket.socket] = []
    failed = 0
    for _ in range(count):
        sock = socket.socket()
        try:
            sock.bind((source, 0))
            sock.settimeout(GUARD_S)
            sock.connect(("127.0.0.1", port))
            sock.setblocking(False)
            opened.append(sock)
        except OSError:
            sock.close()
            failed += 1
    results.put(("opened", len(opened), failed))
    closed = 0
    with selectors.DefaultSelector() as watch:
        for sock in opened:
            watch.register(sock, selectors.EVENT_READ)
        while not stop.is_set():
            for key, _ in watch.select(0.2):
                try:
                    gone = not key.fileobj.recv(16)  # type: ignore[union-attr]
                except (BlockingIOError, ConnectionError):
                    gone = True
                if gone:
                    watch.unregister(key.fileobj)
                    closed += 1
    results.put(("closed", closed, 0))
    for sock in opened:
        sock.close()


def phone_request(port: int) -> float:
    """One phone's GET /api/view on a new connection, in milliseconds."""
    start = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=GUARD_S)
    try:
        connection.request("GET", "/api/view")
        response = connection.getresponse()
        response.read()
        assert response.status == 200, response.status
    finally:
        connection.close()
    return (time.perf_counter() - start) * 1000


def first_event(port: int) -> float:
    """A new live stream: milliseconds to its first event."""
    start = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=GUARD_S)
    try:
        connection.request("GET", "/api/events")
        response = connection.getresponse()
        while not response.readline().startswith(b"event:"):
            pass
    finally:
        connection.close()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=0)
    parser.add_argument("--idle", type=int, default=0, help="default: 5/4 of the file limit")
    parser.add_argument("--holders", type=int, default=3)
    port_option(parser)
    args = parser.parse_args()
    more_open_files()
    files = args.files or resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    idle = args.idle or files * 5 // 4
    with tempfile.TemporaryDirectory() as data:
        log = Path(data) / "log.txt"
        limit = ["prlimit", f"--nofile={files}:{files}"] if args.files else []
        box = Program(Path(data) / "box", wrapper=[*limit, "sh", "-c", 'exec "$@" 2>"$0"',
                                                    str(log)], port=args.port)
        box.start()
        try:
            figures = flood(box, idle, args.holders)
            figures["box_alive_after"] = box.process is not None and box.process.poll() is None
            over = time.monotonic() + GUARD_S  # the idle ones time out, then the flood is over
            while "flood over" not in log.read_text(errors="replace") and (
                    time.monotonic() < over):
                time.sleep(0.5)
        finally:
            box.kill()
        lines = log.read_text(errors="replace").splitlines()
    report("flood", {"box_file_limit": files, **figures, "log_lines": len(lines),
                     "log_bytes": sum(len(line) + 1 for line in lines),
                     "tracebacks": sum("Traceback" in line for line in lines),
                     "flood_lines": [line for line in lines if "flood" in line]})


def flood(box: Program, idle: int, holders: int) -> dict[str, Any]:
    """Flood ``box`` with ``idle`` connections from ``holders`` processes; what a phone saw."""
    spawn = multiprocessing.get_context("spawn")
    results = spawn.Queue()
    stop = spawn.Event()
    most_files = [open_files(box.pid())]
    sampling = threading.Event()

    def sample() -> None:
        while not sampling.is_set():
            most_files[0] = max(most_files[0], open_files(box.pid()))
            time.sleep(0.05)

    threading.Thread(target=sample, daemon=True).start()
    processes = [spawn.Process(target=hold, args=(box.port, f"127.0.0.{2 + n}", idle // holders,
                                                  results, stop)) for n in range(holders)]
    started = time.perf_counter()
    for process in processes:
        process.start()
    requests: list[float] = []
    streams: list[float] = []
    opened = failed = 0
    reported = 0
    while reported < holders and all(process.is_alive() or process.exitcode == 0
                                     for process in processes):
        requests.append(phone_request(box.port))
        streams.append(first_event(box.port))
        while not results.empty():
            _, count, failures = results.get()
            opened, failed, reported = opened + count, failed + failures, reported + 1
    opening_s = time.perf_counter() - started
    for _ in range(20):  # the flood held open: the phone goes on
        requests.append(phone_request(box.port))
        streams.append(first_event(box.port))
    stop.set()
    closed = sum(results.get()[1] for _ in range(holders))
    for process in processes:
        process.join()
    sampling.set()
    return {"idle_connections_opened": opened, "failed_to_connect": failed,
            "opening_s": round(opening_s, 2), "closed_by_box": closed,
            "most_files_box_held": most_files[0], "phone_request": percentiles(requests),
            "new_stream_to_first_event": percentiles(streams)}


if __name__ == "__main__":
    main()
