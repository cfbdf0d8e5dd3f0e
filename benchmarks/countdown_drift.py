"""How far a phone's countdown strays from the box's over a 50-second Rommé turn: a phone in
Debian's Chromium counts down locally from ``remaining_ms``; every second we read the time
its clock bar shows and the box's own time left at the same moment.

    python -m benchmarks.countdown_drift [--seconds 48] [--port 0]

It samples the first 48 s of the 50 s turn, so the overrun never ends the turn mid-sample.

The bar is redrawn every 100 ms, so up to 100 ms of what is measured is the bar's own step.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from benchmarks.figures import percentiles, port_option, report
from companion.games import GAMES
from companion.games.base import Action
from companion.server.app import create_app
from companion.server.serve import serve
from companion.table.owner import Table
from companion.table.store import Store

CODE = "KM7RX"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
SHOWN_MS = "parseFloat(document.getElementById('clock-fill').style.width) * 500"
"""The time the phone's bar shows, in ms, for a 50 s limit (100 % = 50 000 ms)."""


def measure(seconds: float, data: Path, port: int = 0) -> list[float]:
    table = Table(Store(data / "drift.sqlite"), GAMES)
    table.start()
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                                 "options": {"turn_seconds": 50,
                                                             "first_player": 0}}))
    server = serve(create_app(table, public_url="http://127.0.0.1", join_code=CODE),
                   host="127.0.0.1", port=port)
    drifts = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page()
        page.goto(f"{server.url}j/{CODE}")
        page.locator('#join-seats [data-seat="0"]').click()
        page.locator("#me").wait_for()
        table.submit(Action("resume"))
        page.locator('#clock[data-level="ok"]').wait_for()
        ends = time.monotonic() + seconds
        while time.monotonic() < ends:
            time.sleep(1.0)
            shown = float(page.evaluate(SHOWN_MS))
            box = table.published.remaining_ms(time.monotonic()) or 0
            drifts.append(shown - box)
        browser.close()
    server.close()
    table.stop()
    return drifts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=48)
    port_option(parser)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        drifts = measure(args.seconds, Path(data), args.port)
    report("countdown_drift", {"seconds": args.seconds,
                               "phone_minus_box_ms": percentiles(drifts),
                               "largest_abs_ms": round(max(abs(d) for d in drifts), 1),
                               "target": "|drift| <= 200 ms over a 50 s turn"})


if __name__ == "__main__":
    main()
