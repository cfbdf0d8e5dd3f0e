"""The box on a real Table playing Räuber-Rommé: buttons in, LEDs and buzzer out, on mock pins."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from companion.device.box import LOBBY, READ_S, Box
from companion.device.pins import PinMap, load_pins
from companion.device.screen import menu_labels
from companion.device.simulated_pins import simulated_factory
from companion.games.base import Action, Button, LedFrame, Sound
from companion.i18n import text
from companion.table.menu import lobby_controls
from companion.table.owner import Table
from companion.table.published import Published, token_hash
from tests.clock import FakeClock
from tests.device.recording import RecordingFactory, heard, latches, lit, press


class Player:
    """Presses the box's buttons on what it shows, once it has followed the Table, and waits
    until the Table has dealt with what they sent and the box has followed again."""

    def __init__(self, box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
                 clock: FakeClock) -> None:
        self.box, self.pins, self.pin_map, self.table, self.clock = (
            box, pins, pin_map, table, clock)

    def tap(self, *buttons: Button) -> None:
        for button in buttons:
            self.box.settled()
            press(self.pins, self.pin_map.buttons[button])
            self.settle()

    def hold(self, button: Button) -> None:
        self.box.settled()
        press(self.pins, self.pin_map.buttons[button], hold=0.8, clock=self.clock.advance)
        self.settle()

    def settle(self) -> None:
        """Wait until the Table has looked at its queue and its clock and the box has
        followed every change."""
        self.table.poke()
        self.box.settled()

    def start_romme(self, seats: int = 2) -> None:
        self.tap(*[Button.RIGHT] * (seats - 1), Button.OK)
        assert self.state()["phase"] == "ready"

    def state(self) -> Any:
        return self.table.published.public["state"]

    def shown(self) -> set[tuple[int, int]]:
        """The lit LEDs, decoded from the 74HC595 bitstream."""
        return lit(latches(self.pins.log.edges(), self.pin_map.station)[-1])

    def heard(self, since: int = 0) -> list[Sound]:
        """The sounds started since ``since``, the confirmation of each press left out."""
        return [s for s in heard(self.pins.log.edges(since), self.pin_map.buzzer.pin)
                if s is not Sound.PRESS]

    def run_down(self, box: Box, seconds: float, step: float = 0.1) -> None:
        """Let time pass as the main loop does: a tick every ``step`` seconds."""
        for _ in range(round(seconds / step)):
            self.clock.advance(step)
            box.tick(self.clock())


def player(box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
           clock: FakeClock) -> Player:
    return Player(box, pins, pin_map, table, clock)


def bars(*heights: int) -> set[tuple[int, int]]:
    return {(c, r) for c, h in enumerate(heights) for r in range(h)}


def test_box_lobby_lights_the_bottom_row(box: Box, pins: RecordingFactory, pin_map: PinMap,
                                         table: Table, clock: FakeClock) -> None:
    assert box.leds == LOBBY
    assert player(box, pins, pin_map, table, clock).shown() == bars(1, 1, 1, 1)


def test_box_cursor_wraps_over_the_lobby_menu(box: Box, pins: RecordingFactory,
                                              pin_map: PinMap, table: Table,
                                              clock: FakeClock) -> None:
    p = player(box, pins, pin_map, table, clock)
    menu = table.published.controls.menu
    # each game for each of its seat counts and its settings, then the language
    items = len(lobby_controls(table.games).menu) + 1
    assert len(menu) == items and box.cursor == 0
    p.tap(Button.LEFT)
    assert box.cursor == items - 1
    p.tap(Button.RIGHT)
    assert box.cursor == 0
    p.tap(Button.RIGHT, Button.RIGHT)
    assert box.cursor == 2


def test_an_ask_to_be_the_table_page_waits_beside_the_menu_and_ok_grants_it(
        box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
        clock: FakeClock) -> None:
    p = player(box, pins, pin_map, table, clock)
    p.tap(Button.RIGHT, Button.RIGHT)
    menu = table.published.controls.menu
    table.submit(Action("table.host_ask", None,
                        {"token_hash": token_hash("browser-token"), "label": "K7M"}))
    box.settled()
    asks = table.published.controls.asks
    assert (asks[0].key, asks[0].params) == ("box.host_grant", {"label": "K7M"})
    assert (table.published.controls.menu, box.cursor) == (menu, 2)   # the menu as it was
    p.hold(Button.RIGHT)                                # the asks screen, the cursor kept
    assert (box.asking is not None, box.cursor) == (True, 2)
    clock.advance(READ_S)
    p.tap(Button.OK)
    assert table.is_host("browser-token") and not table.is_host("another-token")
    assert table.published.controls.menu[-1].key == "box.hosts_forget"
    assert table.published.public["game"] is None  # OK granted; it started no game
    assert (box.asking, box.cursor) == (None, 2)    # none left: back to the lobby's item


def test_box_lobby_switches_the_language(box: Box, pins: RecordingFactory, pin_map: PinMap,
                                         table: Table, clock: FakeClock) -> None:
    p = player(box, pins, pin_map, table, clock)
    p.tap(Button.LEFT, Button.OK)
    assert table.published.public["language"] == "en"
    assert table.published.controls.menu[-1].action.args == {"language": "de"}


def labels(table: Table) -> tuple[str, ...]:
    shown = table.published
    return menu_labels(shown.controls, shown.public, "en")


def test_box_lobby_sets_a_games_options_before_starting_it(
        box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
        clock: FakeClock) -> None:
    p = player(box, pins, pin_map, table, clock)
    p.tap(Button.LEFT, Button.OK)                       # English, for the labels below
    p.tap(Button.RIGHT)                                 # round from the last item
    assert labels(table)[box.cursor] == "Räuber-Rommé: settings…"
    p.tap(Button.OK)
    assert labels(table)[:2] == ("Seconds per turn: 50", "Penalty for running over: 1 tile")
    assert labels(table)[-1] == "Done" and box.cursor == 0
    p.tap(Button.OK)                                    # the turn's values, on the one set
    assert labels(table)[box.cursor - 1:box.cursor + 2] == ("40", "50", "60")
    p.tap(*[Button.LEFT] * 2, Button.OK)
    assert labels(table)[box.cursor] == "Seconds per turn: 30", "on the option just set"
    p.tap(*[Button.LEFT] * 2, Button.OK)                # round past Done to the last option
    assert labels(table)[box.cursor] == "10\u00a0s"
    p.tap(*[Button.LEFT] * 3, Button.OK)                # back past 5 s and at once
    assert labels(table)[box.cursor] == "After an overrun: Until someone starts"
    p.tap(Button.BACK)
    assert labels(table)[box.cursor] == "Räuber-Rommé: settings…"
    p.tap(Button.RIGHT, Button.OK)
    assert table.published.public["timer"]["limit_ms"] == 30_000
    p.tap(Button.TURN)
    clock.advance(30.1)
    p.settle()
    assert p.state()["phase"] == "settle" and not table.published.public["timer"]["running"]


def test_box_ok_starts_the_highlighted_game(box: Box, pins: RecordingFactory, pin_map: PinMap,
                                            table: Table, clock: FakeClock) -> None:
    p = player(box, pins, pin_map, table, clock)
    p.tap(Button.RIGHT, Button.RIGHT, Button.RIGHT, Button.OK)
    public = table.published.public
    assert public["game"] == "romme" and len(public["seats"]) == 4
    assert public["state"]["phase"] == "ready"
    assert p.shown() == bars(6, 6, 6, 6)  # a full turn ahead
    assert box.cursor == 0


def test_box_confirms_every_press_at_once(box: Box, pins: RecordingFactory,
                                          pin_map: PinMap) -> None:
    for button in (Button.LEFT, Button.TURN, Button.BACK, Button.OK):
        mark = pins.log.mark()
        pins.pin(pin_map.buttons[button]).drive_low()
        assert heard(pins.log.edges(mark), pin_map.buzzer.pin) == [Sound.PRESS]
        pins.pin(pin_map.buttons[button]).drive_high()


def test_box_turn_starts_the_clock_and_hands_the_turn_on(box: Box, pins: RecordingFactory,
                                                         pin_map: PinMap, table: Table,
                                                         clock: FakeClock) -> None:
    p = player(box, pins, pin_map, table, clock)
    p.start_romme()
    first = p.state()["turn"]
    p.tap(Button.TURN)
    assert p.state()["phase"] == "turn" and table.published.public["timer"]["running"]
    clock.advance(12)
    p.tap(Button.TURN)
    assert p.state()["turn"] == 1 - first
    assert p.state()["last"] == {"kind": "end_turn", "seat": first, "tiles": 0}
    assert table.published.remaining_ms(clock()) == 50_000


def test_box_long_turn_pauses_and_turn_resumes(box: Box, pins: RecordingFactory,
                                               pin_map: PinMap, table: Table,
                                               clock: FakeClock) -> None:
    p = player(box, pins, pin_map, table, clock)
    p.start_romme()
    p.tap(Button.TURN)
    p.hold(Button.TURN)
    assert p.state()["phase"] == "paused"
    assert table.published.public["timer"]["remaining_ms"] == 49_200
    p.tap(Button.TURN)
    assert p.state()["phase"] == "turn"


def test_box_menu_of_a_turn(box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
                            clock: FakeClock) -> None:
    p = player(box, pins, pin_map, table, clock)
    p.start_romme()
    p.tap(Button.TURN)
    keys = [item.key for item in table.published.controls.menu]
    assert keys == ["romme.menu.draw", "romme.menu.failed_manipulation", "romme.menu.romme",
                    "romme.menu.stuck", "box.guide", "box.end_game"]
    first = p.state()["turn"]
    p.tap(Button.RIGHT, Button.OK)
    assert p.state()["last"] == {"kind": "failed_manipulation", "seat": first, "tiles": 1}
    assert box.cursor == 0, "a new turn starts the menu at its first item"
    p.tap(Button.OK)
    assert p.state()["last"] == {"kind": "draw", "seat": 1 - first, "tiles": 1}


def test_box_ends_a_game_under_way_after_asking_again(
        box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
        clock: FakeClock) -> None:
    p = player(box, pins, pin_map, table, clock)
    p.start_romme()
    p.tap(Button.TURN)
    assert table.published.controls.menu[-1].key == "box.end_game"
    p.tap(Button.LEFT, Button.OK)           # the menu wraps round to its way out
    assert [item.key for item in table.published.controls.menu] == [
        "box.keep_playing", "box.end_confirm"]
    assert box.cursor == 0, "playing on comes first: a second OK ends nothing"
    p.tap(Button.OK)
    assert p.state()["phase"] == "turn" and table.published.controls.menu[0].key == (
        "romme.menu.draw")
    p.tap(Button.LEFT, Button.OK, Button.BACK)
    assert table.published.public["game"] == "romme", "BACK plays on too"
    p.tap(Button.LEFT, Button.OK, Button.RIGHT, Button.OK)
    assert table.published.public["game"] is None
    assert table.published.controls.menu[0].key == "box.settings"


def test_box_leds_drain_as_the_clock_runs(box: Box, pins: RecordingFactory, pin_map: PinMap,
                                          table: Table, clock: FakeClock) -> None:
    p = player(box, pins, pin_map, table, clock)
    p.start_romme()
    p.tap(Button.TURN)
    p.run_down(box, 12.6)
    assert p.shown() == bars(0, 6, 6, 6)   # under three quarters left: yellow is gone
    p.run_down(box, 12.5)
    assert p.shown() == bars(0, 0, 6, 6)
    p.run_down(box, 24.8)
    assert p.shown() == bars(0, 0, 0, 1)   # the last LED holds the last 2 s
    assert box.leds == LedFrame.bars((0, 0, 0, 1))


def test_box_tells_when_its_leds_or_buzzer_change_next(box: Box, pins: RecordingFactory,
                                                       pin_map: PinMap, table: Table,
                                                       clock: FakeClock) -> None:
    """Ticked only when ``changes_in`` says (the display sleeps till then), the box shows
    every LED of the drain in turn and warns at 10 s left, in a tick a second at most."""
    p = player(box, pins, pin_map, table, clock)
    p.start_romme()
    p.tap(Button.TURN)
    started, mark, shown, ticks = clock(), pins.log.mark(), [box.leds], 0
    while clock() < started + 44:
        due = box.changes_in(clock(), 0.1, 1.0)
        assert due is None or 0 < due <= 1.0
        clock.advance(1.0 if due is None else due + 0.001)
        box.tick(clock())
        ticks += 1
        if box.leds != shown[-1]:
            shown.append(box.leds)
    lit = [sum(map(sum, frame.columns)) for frame in shown]
    assert lit == list(range(24, 2, -1))
    assert p.heard(mark) == [Sound.WARN]
    assert ticks <= 44 + len(shown)


def test_box_warns_and_ticks_once_each_per_turn(box: Box, pins: RecordingFactory,
                                                pin_map: PinMap, table: Table,
                                                clock: FakeClock) -> None:
    p = player(box, pins, pin_map, table, clock)
    p.start_romme()
    p.tap(Button.TURN)
    first, mark = p.state()["turn"], pins.log.mark()
    p.run_down(box, 43)                     # 7 s left
    assert p.heard(mark) == [Sound.WARN]
    p.hold(Button.TURN)                     # paused with 6.2 s left
    shown = p.shown()
    p.run_down(box, 30)
    assert p.shown() == shown
    p.tap(Button.TURN)                      # resumed: nothing is said again
    assert p.heard(mark) == [Sound.WARN]
    p.run_down(box, 6.1)                    # 0.1 s left
    assert p.heard(mark) == [Sound.WARN, Sound.WARN, Sound.TICK, Sound.TICK, Sound.TICK,
                             Sound.TICK]
    clock.advance(0.2)
    p.settle()                              # the Table calls time
    assert p.state()["last"] == {"kind": "overrun", "seat": first, "tiles": 1}
    p.run_down(box, 10)                     # the group settles: no warning, no tick
    assert p.state()["phase"] == "settle"
    assert p.shown() == bars(6, 6, 6, 6)    # the next turn's whole time stands lit
    p.settle()                              # the Table starts the next turn: heard
    assert p.state()["phase"] == "turn"
    ran_down = [Sound.WARN, Sound.WARN, Sound.TICK, Sound.TICK, Sound.TICK, Sound.TICK]
    assert p.heard(mark) == [*ran_down, Sound.OVERRUN, Sound.WARN]
    p.run_down(box, 41)                     # the next turn warns again
    assert p.heard(mark) == [*ran_down, Sound.OVERRUN, Sound.WARN, Sound.WARN]


def test_box_an_overrun_is_a_moment_of_flashing_leds(box: Box, pins: RecordingFactory,
                                                     pin_map: PinMap, table: Table,
                                                     clock: FakeClock) -> None:
    p = player(box, pins, pin_map, table, clock)
    p.start_romme()
    p.tap(Button.TURN)
    p.run_down(box, 49.9)
    assert p.shown() == bars(0, 0, 0, 1)
    clock.advance(0.2)
    p.settle()                              # the Table calls time
    shown = box.moment
    assert shown is not None and shown.sound is Sound.OVERRUN
    assert box.heard is not None and Sound.OVERRUN in box.heard.sounds
    seen = []
    for _ in range(29):                     # the moment: every LED on, off, on...
        seen.append(p.shown())
        p.run_down(box, 0.1)
    assert bars(6, 6, 6, 6) in seen and set() in seen
    assert seen[:2] == [bars(6, 6, 6, 6)] * 2 and seen[3] == set()
    lasting = [box.moment]
    p.run_down(box, 0.2)
    assert lasting == [shown] and box.moment is None, "three seconds, then the settle's frame"
    assert p.shown() == bars(6, 6, 6, 6) and p.state()["phase"] == "settle"


def test_box_at_once_the_next_clock_starts_whole_as_time_up_goes(
        box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
        clock: FakeClock) -> None:
    """"After an overrun: at once": the next player's clock stands full when the TIME'S UP
    screen gives way to it, and only then runs."""
    p = player(box, pins, pin_map, table, clock)
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {
        "first_player": 0, "turn_seconds": 15, "after_overrun": "at_once"}}))
    p.tap(Button.TURN)
    clock.advance(15)
    p.settle()                              # the Table calls time: TIME'S UP
    shown = box.moment
    assert shown is not None and shown.sound is Sound.OVERRUN
    while shown.lasts(clock()):
        clock.advance(0.1)
        p.settle()
        box.tick(clock())
    assert box.moment is None
    assert (p.state()["phase"], p.state()["turn"]) == ("turn", 1)
    assert (table.published.remaining_ms(clock()) or 0) > 14_800


def test_box_a_late_tick_says_only_the_most_urgent(box: Box, pins: RecordingFactory,
                                                   pin_map: PinMap, table: Table,
                                                   clock: FakeClock) -> None:
    p = player(box, pins, pin_map, table, clock)
    p.start_romme()
    p.tap(Button.TURN)
    p.run_down(box, 39)                     # 11 s left
    mark = pins.log.mark()
    p.run_down(box, 10.5, step=10.5)        # the main loop stalled: 0.5 s left
    p.run_down(box, 0.4)
    assert p.heard(mark) == [Sound.TICK]


def hold_up(table: Table, when: Callable[[dict[str, Any]], bool]
            ) -> tuple[threading.Event, threading.Event]:
    """Keep the Table's thread on the first change whose public view ``when`` matches, before
    the box hears of it: (set once held, set to let go)."""
    entered, release = threading.Event(), threading.Event()

    def subscriber(published: Published) -> None:
        if when(published.public):
            entered.set()
            release.wait(5)

    table.subscribe(subscriber)
    return entered, release


def test_box_a_pause_stamped_before_a_warning_does_not_repeat_it(
        table: Table, pin_map: PinMap, pins: RecordingFactory, clock: FakeClock) -> None:
    entered, release = hold_up(table, lambda public: public.get("state", {}).get("phase")
                               == "paused")
    box = Box(table, pin_map, clock=clock, pin_factory=pins)
    try:
        p = player(box, pins, pin_map, table, clock)
        p.start_romme()
        p.tap(Button.TURN)
        p.run_down(box, 44.1)               # 5.9 s left
        mark = pins.log.mark()
        press(pins, pin_map.buttons[Button.TURN], hold=0.8, clock=clock.advance)
        assert entered.wait(5)              # paused with 5.1 s left, the box not told yet
        p.run_down(box, 0.2)                # so it counts on past 5 s and warns
        assert p.heard(mark) == [Sound.WARN]
        release.set()
        p.settle()
        assert table.published.public["timer"]["remaining_ms"] == 5_100
        p.tap(Button.TURN)
        p.run_down(box, 5.0)
        assert p.heard(mark) == [Sound.WARN, Sound.TICK, Sound.TICK, Sound.TICK, Sound.TICK]
    finally:
        release.set()
        box.close()


def test_box_a_refused_action_sounds_error(box: Box, pins: RecordingFactory, pin_map: PinMap,
                                           table: Table, clock: FakeClock) -> None:
    p = player(box, pins, pin_map, table, clock)
    p.start_romme()
    mark = pins.log.mark()
    p.hold(Button.BACK)                     # undo, with nothing to undo
    assert p.heard(mark) == [Sound.ERROR]
    assert p.state()["phase"] == "ready"
    refused = box.refused                   # and the screen says why
    assert refused is not None and refused.key == "error.nothing_to_undo"
    assert refused.says("en") == text(refused.key, "en", **refused.params)


def test_box_a_stale_press_sounds_error(table: Table, pin_map: PinMap, pins: RecordingFactory,
                                        clock: FakeClock) -> None:
    entered, release = hold_up(table, lambda public: public["language"] == "en")
    box = Box(table, pin_map, clock=clock, pin_factory=pins)
    try:
        p = player(box, pins, pin_map, table, clock)
        p.start_romme()
        table.post(Action("table.language", None, {"language": "en"}))
        assert entered.wait(5)              # the table moved on; the box still shows the old
        mark = pins.log.mark()
        press(pins, pin_map.buttons[Button.TURN])
        release.set()
        p.settle()
        assert p.heard(mark) == [Sound.ERROR]
        assert p.state()["phase"] == "ready"
        p.tap(Button.TURN)                  # pressed again, it is no longer stale
        assert p.state()["phase"] == "turn"
    finally:
        release.set()
        box.close()


def test_box_close_frees_the_pins_and_stops_listening(box: Box, pins: RecordingFactory,
                                                      pin_map: PinMap, table: Table,
                                                      clock: FakeClock) -> None:
    box.close()
    mark = pins.log.mark()
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2}))
    assert pins.log.edges(mark) == []
    again = Box(table, pin_map, clock=clock, pin_factory=pins)
    assert again.leds == LedFrame.bars((6, 6, 6, 6))
    again.close()


def test_box_runs_on_the_simulators_pins_with_the_packaged_pin_map(table: Table,
                                                                   clock: FakeClock) -> None:
    """As the simulator uses it: the packaged pin map (OE on PWM) on its mock factory."""
    factory, pins = simulated_factory(), load_pins()
    box = Box(table, pins, clock=clock, pin_factory=factory)
    factory.pin(pins.buttons[Button.RIGHT]).drive_low()
    factory.pin(pins.buttons[Button.RIGHT]).drive_high()
    assert box.cursor == 1
    factory.pin(pins.buttons[Button.OK]).drive_low()
    factory.pin(pins.buttons[Button.OK]).drive_high()
    table.poke()
    box.settled()
    assert len(table.published.public["seats"]) == 2
    box.tick(clock())
    assert box.leds == LedFrame.bars((6, 6, 6, 6))
    box.close()
