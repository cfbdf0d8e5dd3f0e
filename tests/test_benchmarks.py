"""The benchmarks keep running: each one, tiny, must print its JSON figures (no timing asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("module", "args", "figure"), [
    ("benchmarks.turn_deadline", ["--turns", "5"], "deadline_to_published"),
    ("benchmarks.sse_fanout", ["--phones", "3", "--actions", "4"], "action_to_every_phone"),
    ("benchmarks.phones_load", ["--phones", "7", "--seconds", "4"], "push_latency"),
    ("benchmarks.countdown_drift", ["--seconds", "4"], "phone_minus_box_ms"),
    ("benchmarks.budgets", ["--seconds", "0.5", "--starts", "1", "--presses", "4"],
     "release_to_leds_latched"),
])
def test_benchmark_prints_its_figures(module: str, args: list[str], figure: str) -> None:
    result = subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True,
                            text=True, check=True, timeout=120)
    figures = json.loads(result.stdout)
    assert figures["machine"]["cores"] >= 1
    assert figures[figure]["n"] >= 4
    assert 0 <= figures[figure]["p50_ms"] <= figures[figure]["p99_ms"]
