"""What every benchmark prints: the machine it ran on and medians/percentiles as JSON."""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
from collections.abc import Sequence
from typing import Any


def machine() -> dict[str, Any]:
    """The machine the figures were measured on."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            names = [line.split(":", 1)[1].strip() for line in info
                     if line.startswith("model name")]
        cpu = names[0] if names else cpu
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "machine": platform.machine(),
            "python": platform.python_version(), "system": platform.platform(),
            "load_average": [round(load, 2) for load in os.getloadavg()]}


def percentiles(samples_ms: Sequence[float]) -> dict[str, float]:
    """p50, p90, p99 and max of samples in milliseconds, rounded to microseconds."""
    ordered = sorted(samples_ms)

    def rank(fraction: float) -> float:
        return round(ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))], 3)
    return {"n": len(ordered), "p50_ms": round(statistics.median(ordered), 3),
            "p90_ms": rank(0.9), "p99_ms": rank(0.99), "max_ms": round(ordered[-1], 3)}


def report(name: str, figures: dict[str, Any]) -> None:
    """Print one benchmark's figures as a JSON object on stdout."""
    json.dump({"benchmark": name, "machine": machine(), **figures}, sys.stdout, indent=2)
    print()


def port_option(parser: argparse.ArgumentParser) -> None:
    """``--port``: where the box listens (0: any free port); a benchmark that starts more
    than one server (a second box, the peer) gives each the next port after it."""
    parser.add_argument("--port", type=int, default=0,
                        help="the box's port, the next ones for further servers (0: any free)")


def nth_port(port: int, n: int) -> int:
    """The port of a benchmark's ``n``-th server (from 0) when the first is ``port``."""
    return port + n if port else 0
