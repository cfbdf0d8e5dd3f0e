"""`getaway` under tracemalloc, for benchmarks that look for what makes memory grow.

    python -m benchmarks.traced_box <path> [-- python -m companion.cli] run --sim ...

SIGUSR1 writes the allocation sites (file:line, the innermost four frames, the allocation
first) and their sizes as JSON to ``<path>``, replacing what was there; the box runs as
`getaway` would, in this process.
"""

from __future__ import annotations

import json
import signal
import sys
import tracemalloc
from pathlib import Path
from types import FrameType

from companion.cli import main as getaway

FRAMES = 10


def dump(path: Path) -> None:
    """Every allocation site now, biggest first."""
    snapshot = tracemalloc.take_snapshot().filter_traces(
        [tracemalloc.Filter(False, tracemalloc.__file__)])
    sites = [{"where": " < ".join(f"{f.filename}:{f.lineno}"
                                  for f in reversed(stat.traceback[-4:])),
              "bytes": stat.size, "blocks": stat.count}
             for stat in snapshot.statistics("traceback")]
    path.write_text(json.dumps(sites))


def main() -> None:
    path, args = Path(sys.argv[1]), sys.argv[2:]
    if "companion.cli" in args:  # what Program puts after a wrapper: run that, here
        args = args[args.index("companion.cli") + 1:]
    tracemalloc.start(FRAMES)

    def on_signal(number: int, frame: FrameType | None) -> None:
        dump(path)
    signal.signal(signal.SIGUSR1, on_signal)
    sys.exit(getaway(args))


if __name__ == "__main__":
    main()
