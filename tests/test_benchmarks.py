"""The benchmarks keep running: each one, tiny, must print its JSON figures (no timing asserted)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

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


def test_safehouse_sheets_times_the_views_on_sheet_and_on_paper() -> None:
    figures = run_benchmark("benchmarks.safehouse_sheets", "--repeat", "4")
    for mode in ("sheet", "light"):
        assert figures["views_per_action"][mode]["n"] == 4


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
    assert figures["rss_kib"]["start"] > 0
    assert all("where" in site for site in figures["grew_with_the_actions"])


def test_sse_fanout_prints_getaway_beside_the_peer() -> None:
    figures = run_benchmark("benchmarks.sse_fanout", "--phones", "3", "--actions", "4")
    for side in ("getaway", "peer"):
        assert figures["phones"]["3"][side]["action_to_every_phone"]["n"] == 4
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
    assert 0 < figures["rss_mb"]["idle"] <= figures["rss_mb"]["peak"]
    window = figures["memory_mb"]["x11_window"]
    assert 0 < window["uss"] <= window["pss"] <= window["rss"]
    assert figures["turn_disk_writes_kb_per_min"] >= 0
