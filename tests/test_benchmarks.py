"""The benchmarks keep running: each one, tiny, must print its JSON figures (no timing asserted)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests import program

ROOT = Path(__file__).resolve().parent.parent
BENCHMARK_TIMEOUT_S = 600
"""Only against a hung benchmark: a busy machine may take minutes for a tiny run."""


@pytest.mark.parametrize(("module", "args", "figure"), [
    pytest.param("benchmarks.countdown_drift", ["--seconds", "4"], "phone_minus_box_ms",
                 marks=pytest.mark.browser),
])
def test_benchmark_prints_its_figures(module: str, args: list[str], figure: str) -> None:
    figures = run_benchmark(module, *args)
    assert figures["machine"]["cores"] >= 1
    assert figures[figure]["n"] >= 4
    assert 0 <= figures[figure]["p50_ms"] <= figures[figure]["p99_ms"]


def run_benchmark(module: str, *args: str) -> dict[str, Any]:
    """The benchmark's figures; a benchmark that hangs is stopped with every box it started
    (its own process group), so nothing is left running behind the suite."""
    with subprocess.Popen([sys.executable, "-m", module, *args], cwd=ROOT, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          start_new_session=True) as bench:
        try:
            out, err = bench.communicate(timeout=BENCHMARK_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(bench.pid, signal.SIGKILL)
            raise
    assert bench.returncode == 0, err
    figures: dict[str, Any] = json.loads(out)
    return figures


def test_safehouse_sheets_times_four_phones_on_sheet_and_on_paper_beside_the_peer() -> None:
    figures = run_benchmark("benchmarks.safehouse_sheets", "--actions", "4", "--batch", "2")
    for mode in ("sheet", "light"):
        assert figures[mode]["action_to_last_phone"]["n"] == 4
        assert figures[mode]["cpu_ms_per_action"] >= 0
    assert figures["peer"]["action_to_every_phone"]["n"] == 4
    sheet = figures["sheet"]["bytes"]
    assert sheet["first_view"] > figures["light"]["bytes"]["first_view"]  # numbers weigh
    # after the first full view an entry sends what changed: the entering phone's new offers,
    # and far less to the other phones
    assert max(sheet["after_each_step"]) < sheet["first_view"]
    assert max(sheet["to_the_others"]) * 20 < sheet["first_view"]


def test_replay_starts_a_long_game_from_its_newest_snapshot() -> None:
    figures = run_benchmark("benchmarks.replay", "--events", "60", "--every", "20",
                            "--starts", "1")
    assert figures["snapshots_within"]["steps_replayed"] <= 20
    assert figures["new_game_only"]["steps_replayed"] >= 60
    assert figures["snapshots_within"]["process_start_to_http_200_s"] > 0


def test_pi_cpu_prints_the_figures_beside_their_budgets() -> None:
    figures = run_benchmark("benchmarks.pi_cpu", "--percent", "50", "--events", "40",
                            "--starts", "1", "--actions", "4")
    assert figures["limit"]["percent_of_one_core"] == 50
    assert figures["start_s"]["long_game"] > 0 and figures["start_s"]["budget_long_game_adds"]
    assert figures["safehouse_sheets"]["action_to_last_phone"]["n"] == 4
    for side in ("getaway", "peer"):
        assert figures["phones_30"][side]["action_to_every_phone"]["n"] == 4


SERVERLESS = {"figures", "phones", "press_latency", "traced_box"}
"""Modules that start no server: helpers, the buttons' latency on mock pins, and the traced
box, which passes its arguments (``--port`` among them) to `getaway`."""


@pytest.mark.parametrize("module", sorted(
    path.stem for path in (ROOT / "benchmarks").glob("*.py")
    if path.stem not in SERVERLESS | {"__init__"}))
def test_every_benchmark_takes_a_port(module: str) -> None:
    shown = subprocess.run([sys.executable, "-m", f"benchmarks.{module}", "--help"], cwd=ROOT,
                           capture_output=True, text=True, check=True, timeout=60)
    assert "--port" in shown.stdout


def test_the_tests_programs_listen_in_the_range_they_are_given(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The range's first port is taken: the next two free ones of the range are handed out."""
    with listening_before_free_ports(3) as taken:
        first = taken.getsockname()[1]
        monkeypatch.setenv(program.PORTS_VARIABLE, f"{first}-{first + 3}")
        found = [program.next_port(), program.next_port()]
    assert len(set(found)) == 2 and all(first < port <= first + 3 for port in found)


def listening_before_free_ports(count: int) -> socket.socket:
    """A socket listening on loopback with ``count`` free ports after its own, below the
    kernel's ephemeral ports, which the suite's own connections take and leave waiting."""
    for first in range(20_000, 30_000, count + 1):
        if all(program.free(port) for port in range(first, first + count + 1)):
            taken = socket.socket()
            taken.bind(("127.0.0.1", first))
            taken.listen()
            return taken
    raise AssertionError("no free ports between 20000 and 30000")


def test_turn_deadline_times_one_overrun_on_the_real_program() -> None:
    figures = run_benchmark("benchmarks.turn_deadline", "--turns", "1")
    low, estimate = figures["bounds"]["at_least"], figures["deadline_to_every_phone"]
    high = figures["bounds"]["at_most"]
    assert estimate["n"] == 1
    assert low["p50_ms"] - 1 <= estimate["p50_ms"] <= high["p50_ms"] + 1


def test_phones_load_prints_memory_and_names_what_grew() -> None:
    figures = run_benchmark("benchmarks.phones_load", "--phones", "7", "--minutes", "0.1",
                            "--actions", "100", "--warm-up", "10")
    assert figures["missed_updates"] == 0 and figures["push_latency"]["n"] == 700
    assert set(figures["grew_kib"]) == {"while_the_clock_ran", "with_the_actions"}
    assert figures["rss_kib"]["start"] > 0
    assert all("where" in site for site in figures["grew_with_the_actions"])


def test_sse_fanout_prints_getaway_beside_the_peer() -> None:
    figures = run_benchmark("benchmarks.sse_fanout", "--phones", "3", "--actions", "4",
                            "--rounds", "2")
    for side in ("getaway", "peer"):
        assert figures["phones"]["3"][side]["action_to_every_phone"]["n"] == 8
        assert figures["phones"]["3"][side]["cpu_ms_per_action"] >= 0
        assert len(figures["phones"]["3"][side]["cpu_ms_per_action_by_round"]) == 2
    assert len(figures["phones"]["3"]["load_average_by_round"]) == 2
    assert figures["crowd_500"]["with_crowd"]["n"] == 4
    streams = figures["closed_streams"]
    assert streams["box_files_while_open"] >= streams["box_files_before"] + 200
    assert streams["seconds_to_let_go"] >= 0


def test_press_latency_prints_the_three_figures() -> None:
    figures = run_benchmark("benchmarks.press_latency", "--presses", "3")
    for figure in ("press_to_beep_started", "release_to_leds_latched", "press_to_leds_and_beep"):
        assert figures[figure]["n"] == 3
        assert 0 < figures[figure]["p50_ms"] <= figures[figure]["max_ms"]


def test_box_process_prints_start_cpu_and_memory() -> None:
    figures = run_benchmark("benchmarks.box_process", "--starts", "1", "--idle-s", "0.5",
                            "--turn-s", "0.5")
    assert figures["start_to_http_200_s"]["median"] > 0
    assert figures["start_to_ready_s"]["median"] > 0
    assert figures["idle_cpu_percent"] >= 0 and figures["turn_cpu_percent"] >= 0
    assert figures["turn_phone_views"] >= 1  # a seated phone read the turn's stream
    assert figures["rss_mb"]["turn"] <= figures["rss_mb"]["turn_most"]
    assert 0 < figures["rss_mb"]["idle"] <= figures["rss_mb"]["peak"]
    window = figures["memory_mb"]["x11_window"]
    assert 0 < window["uss"] <= window["pss"] <= window["rss"]
    assert figures["turn_disk_writes_kb_per_min"] >= 0
