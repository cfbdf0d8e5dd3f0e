"""The committed files of hardware/ are what `python -m companion.maker` writes from the data."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.device.pins import load_pins
from companion.maker.__main__ import HARDWARE, drawings


@pytest.mark.parametrize("path", list(drawings(load_pins())), ids=lambda path: path.name)
def test_committed_file_is_what_the_data_makes(path: Path) -> None:
    made = drawings(load_pins(HARDWARE / "pins.toml"))[path]
    assert path.read_text(encoding="utf-8") == made, (
        f"{path.relative_to(HARDWARE.parent)} is stale: .venv/bin/python -m companion.maker")
