"""A Rommé evening as a new group has it: the real program in its simulator window on a
virtual screen, its keyboard, two phones in Chromium; three rounds, the plug pulled mid-turn,
a restart, and everything as it was with the turn paused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.test_romme_phones import tap_twice
from tests.browser.test_two_phones import browser, phone, shoot, take_seat
from tests.program import Program, VirtualScreen

pytestmark = pytest.mark.browser
__all__ = ["browser"]

END_TURN = '[data-action="end_turn"]'
ROUNDS = [  # (starter, loser's tiles) of each round; the starter goes out on their 2nd turn
    (0, [3, 7]),
    (1, [50]),
    (0, [10, 10, 2]),
]


@pytest.fixture
def screen() -> Iterator[VirtualScreen]:
    screen = VirtualScreen()
    yield screen
    screen.close()


@pytest.fixture
def box(tmp_path: Path, screen: VirtualScreen) -> Iterator[Program]:
    box = Program(tmp_path / "data", display=screen.display)
    box.start()
    yield box
    if box.process is not None and box.process.poll() is None:
        box.kill()


def state(box: Program) -> dict[str, object]:
    return dict(box.view()["state"])


def wait_for(box: Program, page: Page, key: str, value: object) -> None:
    """Until the box's state has ``key`` == ``value`` (seen through the phone's stream)."""
    expect(page.locator("#headline")).not_to_have_text("", timeout=5000)
    for _ in range(100):
        if state(box)[key] == value:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{key} never became {value!r}: {state(box)}")


def press(screen: VirtualScreen, box: Program, key: str = "space") -> None:
    """A key of the simulator's keyboard (space: the big TURN button)."""
    assert box.process is not None
    screen.press(key, box.process.pid)


def play_round(box: Program, screen: VirtualScreen, phones: list[Page], starter: int,
               tiles: list[int]) -> None:
    """Space starts the round; the starter's phone ends a turn, Space ends the next one, the
    starter goes out ("Rommé!", tapped twice; both phones tap its moment away) and the other
    phone enters the tiles left; the starter makes the scores final for everyone (tapped
    twice)."""
    other = 1 - starter
    press(screen, box)
    expect(phones[starter].locator(END_TURN)).to_be_visible()
    phones[starter].locator(END_TURN).tap()
    expect(phones[other].locator(END_TURN)).to_be_visible()
    press(screen, box)
    expect(phones[starter].locator(END_TURN)).to_be_visible()
    tap_twice(phones[starter], '[data-action="romme"]')
    wait_for(box, phones[other], "phase", "scoring")
    for page in phones:                                     # who went out: seen, tapped away
        expect(page.locator("#moment")).to_be_visible()
        page.locator("#moment").tap()
    for value in tiles:
        phones[other].locator(f'.pad [data-tile="{value}"]').tap()
    phones[other].locator('.pad [data-action="score"]').tap()
    expect(phones[starter].locator('[data-action="confirm_scores"]')).to_be_visible()
    tap_twice(phones[starter], '[data-action="confirm_scores"]')
    wait_for(box, phones[starter], "phase", "ready")


def totals(box: Program) -> list[int]:
    return [int(player["total"]) for player in state(box)["players"]]  # type: ignore[attr-defined]


def test_an_evening_of_romme_survives_the_plug(box: Program, screen: VirtualScreen,
                                               browser: Browser) -> None:
    box.post("table.new_game", {"game": "romme", "seats": 2,
                                "options": {"first_player": 0, "rounds": 0}})
    phones = [phone(browser, box.url + box.join_path, 412, "en-US"),
              phone(browser, box.url + box.join_path, 360, "de-DE")]
    take_seat(phones[0], 0, "Anna")
    take_seat(phones[1], 1, "Bernd")

    for starter, tiles in ROUNDS:
        play_round(box, screen, phones, starter, tiles)
    assert totals(box) == [-50, -(3 + 7) - (10 + 10 + 2)]
    assert state(box)["round"] == 4

    press(screen, box)  # round 4: Bernd's turn starts, and mid-turn the plug is pulled
    expect(phones[1].locator(END_TURN)).to_be_visible()
    phones[1].wait_for_timeout(1500)
    before = box.view()
    box.kill()

    box.start()
    after = box.view()
    assert after["state"]["phase"] == "paused"
    assert after["state"]["turn"] == before["state"]["turn"] == 1
    assert after["state"]["players"] == before["state"]["players"]
    assert after["timer"]["running"] is False
    # within 2 s of the time left at the cut, a moment after ``before`` was read
    assert before["timer"]["remaining_ms"] - 2100 <= after["timer"]["remaining_ms"]
    assert 0 < after["timer"]["remaining_ms"] <= before["timer"]["remaining_ms"] + 2000
    for page in phones:
        page.reload()
    expect(phones[1].locator("#me")).to_contain_text("Bernd")
    expect(phones[0].locator("#me")).to_contain_text("Anna")
    shoot(phones[0], "evening-after-restart.png")

    press(screen, box)  # the turn goes on from where it was
    expect(phones[1].locator(END_TURN)).to_be_visible()
    assert box.view()["timer"]["running"] is True
