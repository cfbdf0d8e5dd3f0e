"""Make the gallery of phone screens (docs/screens/): the layout walk of every game in Chromium
keeps its 360 px pictures there, with each game's first game on the phones, the table page and
the box, then a page lists them by game and screen.

    .venv/bin/python scripts/gallery.py
"""

from __future__ import annotations

import os
import subprocess
import sys
from itertools import groupby
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GALLERY = ROOT / "docs" / "screens"
HEADER = """# The phone screens

Every screen of every game as a phone 360 px wide shows it, in German and in English, made by
the layout walk (`tests/browser/test_screens.py`), which checks each one at 320, 360 and 412 px:
nothing runs off the phone, no word breaks inside itself, nothing covers text, every target is
at least 44 by 44 px, no text key or placeholder shows. Each game's first game (first-game
mode: the setup checklist, a step explained on the phone it concerns and the table page, and on
the box's 480 x 320 screen its guide page and a step's explanation) is made by
`tests/browser/test_guide.py` and `tests/device/test_briefing.py`; the big moments on the box's
screen (`*-box-moment-*`) by `tests/device/test_moment_band.py`. Made anew with
`.venv/bin/python scripts/gallery.py`.
"""
WALKS = ("tests/browser/test_screens.py", "tests/browser/test_guide.py",
         "tests/device/test_briefing.py", "tests/device/test_moment_band.py")
"""The tests that keep their pictures in the gallery."""


def main() -> int:
    for old in GALLERY.glob("*.jpg"):
        old.unlink()
    walk = subprocess.run([sys.executable, "-m", "pytest", "-q", *WALKS],
                          cwd=ROOT, env={**os.environ, "GETAWAY_GALLERY": str(GALLERY)})
    list_pictures()
    return walk.returncode


def list_pictures() -> None:
    """The gallery's page: every picture in it, by game and screen."""
    pictures = sorted(p.name for p in GALLERY.glob("*.jpg"))
    lines = [HEADER]
    for screen, names in groupby(pictures, key=lambda name: name.rsplit("-", 1)[0]):
        lines.append(f"## {screen}\n")
        lines.extend(f"![{name[:-4]}]({name})" for name in names)
        lines.append("")
    (GALLERY / "README.md").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
