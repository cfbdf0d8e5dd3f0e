"""What README.md and docs/api.md say about the product, checked against the product: the box's
words for a table page's ask, the second tap Rematch asks for, and every argument a game's
step takes named in its row of the hand-written tables."""

from __future__ import annotations

import re
from pathlib import Path

from companion.games import GAMES
from companion.i18n import text

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
API = (ROOT / "docs" / "api.md").read_text(encoding="utf-8").split("<!-- step tables")[0]


def test_the_readme_quotes_the_box_s_words_for_a_table_page() -> None:
    for quoted in re.findall(r'"(OK: table page [A-Z0-9]{3})"', README):
        assert quoted == text("box.host_grant", "en", label=quoted[-3:])
    assert re.search(r'"OK: table page [A-Z0-9]{3}"', README)


def test_the_readme_says_rematch_asks_for_a_second_tap() -> None:
    rematch = next(line for line in README.splitlines() if '"Rematch"' in line)
    assert "One tap" not in rematch
    assert text("web.confirm_again", "en") in README
    script = (ROOT / "web" / "static" / "getaway.js").read_text(encoding="utf-8")
    asks = r'confirmTap\(event\.currentTarget, \(\) => send\("table\.rematch"\)\)'
    assert re.search(asks, script)


def test_each_hand_written_step_row_names_the_step_s_arguments() -> None:
    for game in GAMES.values():
        for kind, step in game.steps.items():
            rows = "\n".join(re.findall(rf"^\| `{re.escape(kind)}` \|[^\n]*`\{{[^\n]*$", API,
                                         re.MULTILINE))
            for name in step.arguments if rows else ():
                assert f'"{name}"' in rows, f"{game.id} {kind}: {name} not in {rows}"
