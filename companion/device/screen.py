"""The box's screen: draws the public view with the painter of the view's game.

It redraws only when something it shows has changed: a new version whose public view, box
parts or controls differ (a phone's own step changes none of them), a moved cursor, a turned
page, or a new figure on the running countdown (a new second, under 10 s a new tenth), or on
the asks screen a new item or the moment before OK takes it passing. So a running turn costs at most
about ten frames a second, and an idle table none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, cast

import pygame

from companion.device.box import Asking, turns_pages
from companion.device.painters import Context, Fonts, painter_for
from companion.device.painters.asks import draw_asks
from companion.device.painters.guide import PAINTER as GUIDE
from companion.device.painters.guide import shows_guide
from companion.device.painters.lobby import evening_lines
from companion.device.painters.moment_band import BAND_S, band_words, draw_band
from companion.device.painters.parts import (
    countdown_changes_in,
    countdown_text,
    drawable,
    drawable_view,
    game_title,
)
from companion.games.base import JSON, Action, Button, Controls, Games, MenuItem, Sound
from companion.i18n import DEFAULT_LANGUAGE, has_text, text
from companion.table.menu import waiting
from companion.table.published import Published
from companion.table.views import TableView

Drawn = tuple[int, int, int, str | None, Sound | None, tuple[int, int] | None, str | None]
"""Everything a frame depends on besides the join link: the version since which the screen
shows the same, cursor, page, countdown figure, the moment shown, on the asks screen its item
and how far the moment before OK is, and the key of a game's moment in a band."""
COUNTED = frozenset({"version", "timer"})
"""What a frame takes from the newest Published however long the screen shows the same (a
version's number and timer hold no text to make drawable)."""
READ_STEPS = 20
"""The asks screen's bar fills in this many steps."""


class Screen:
    """Renders Published views onto a surface of ``size`` in the view's language, each game's
    with that game's painter."""

    def __init__(self, size: tuple[int, int], games: Games, *,
                 language: str = DEFAULT_LANGUAGE) -> None:
        pygame.font.init()
        self.size, self._games = size, games
        self.language = language
        self._fonts = Fonts.for_height(size[1])
        self._drawn: Drawn | None = None
        self._shown: Shown | None = None
        self._band: Band | None = None

    def render(self, surface: pygame.Surface, published: Published, cursor: int,
               join_url: str | None, now: float, moment: Sound | None = None,
               asking: Asking | None = None, page: int = 0) -> None:
        """Draw the public view at ``now`` with the box's menu cursor onto ``surface``; what
        the game shows on the box alone is the view's ``box``.

        Without a join link (no network yet) a saved hotspot's QR code stands in for it.
        ``moment``: the box shows a moment (the clock ended a turn) full-screen.
        ``asking``: the asks screen is open (a moment still goes first).
        ``page``: the page the box shows of a screen read page by page.
        A game's big moment stands in a band over the game's screen for BAND_S.
        """
        device = published.device
        view = self._view(published, now)
        lang = str(view.get("language") or self.language)
        self._drawn = self._drawing(published, cursor, now, moment, asking, page)
        if asking is not None and moment is None:
            draw_asks(surface, self.asks_context(published, view, lang, asking.cursor),
                      asking.read(now))
            return
        # the box's own Wi-Fi, when the group chose to show it, takes the join code's place
        code = str(device.get("wifi_qr") or join_url or device.get("hotspot_qr") or "")
        menu = tuple(map(drawable, menu_labels(published.controls, view, lang)))
        ctx = Context(lang, menu, cursor, code, self._fonts, moment,
                      key_labels(published.controls, view, lang), waiting(published.controls.asks),
                      evening_lines(view, published.controls.menu, cursor, lang), page)
        painter = GUIDE if moment is None and shows_guide(view) else painter_for(
            self._games.get(str(view.get("game"))))
        painter.draw(surface, view, ctx)
        band = self._banded(view, now, lang) if moment is None else None
        if band is not None:
            draw_band(surface, band.words, band.kind, self._fonts, ctx.turn_said)

    def asks_context(self, published: Published, view: Mapping[str, JSON], lang: str,
                     cursor: int) -> Context:
        """The asks screen's: the asks as sentences, what OK and BACK do there."""
        keys = ((Button.OK, text("box.asks_take", lang)),
                (Button.BACK, text("box.asks_close", lang)))
        asks = tuple(map(drawable, labels(published.controls.asks, view, lang)))
        return Context(lang, asks, cursor, "", self._fonts, keys=keys)

    def covered(self, published: Published, cursor: int, now: float, page: int = 0) -> None:
        """Note a frame that something else covers whole (a step explained on the box): it is
        not drawn, and ``needs_redraw`` compares with it as with one drawn."""
        self._drawn = self._drawing(published, cursor, now, None, None, page)

    def needs_redraw(self, published: Published, cursor: int, now: float,
                     moment: Sound | None = None, asking: Asking | None = None,
                     page: int = 0) -> bool:
        """Whether a frame drawn now would differ from the last one."""
        return self._drawing(published, cursor, now, moment, asking, page) != self._drawn

    def changes_in(self, published: Published, now: float) -> float | None:
        """The seconds from ``now`` until the running countdown shows another figure (what
        ``needs_redraw`` then finds); None while no countdown runs."""
        timer = published.public.get("timer")
        remaining = published.remaining_ms(now)
        band = self._band.since + BAND_S - now if self._band else None
        if not (timer and timer["running"]) or remaining is None:
            return band if band is not None and band > 0 else None
        figure = countdown_changes_in(remaining) / 1000
        return min(figure, band) if band is not None and band > 0 else figure

    def _drawing(self, published: Published, cursor: int, now: float, moment: Sound | None,
                 asking: Asking | None, page: int) -> Drawn:
        remaining = published.remaining_ms(now)
        figure = None if remaining is None else countdown_text(remaining)
        asks = None if asking is None else (asking.cursor, int(asking.read(now) * READ_STEPS))
        lang = str(published.public.get("language") or self.language)
        band = self._banded(self._showing(published).view, now, lang)
        return (self._showing(published).since, cursor, page, figure, moment, asks,
                None if band is None else band.key)

    def _banded(self, view: TableView[Any], now: float, lang: str) -> Band | None:
        """The game's moment in a band at ``now``: from when the screen first shows its key,
        for BAND_S (a new key starts anew); None when none shows."""
        said = band_words(view, lang)
        if said is None:
            return None
        key, kind, words = said
        if self._band is None or self._band.key != key:
            self._band = Band(key, kind, words, now)
        shown = self._band._replace(kind=kind, words=words)
        return shown if now - shown.since < BAND_S else None

    def _view(self, published: Published, now: float) -> TableView[Any]:
        """The public view with the box's own part as the painters read it, its timer
        counted down to ``now``."""
        view, now_view = dict(self._showing(published).view), published.view(None, now)
        for key in COUNTED.intersection(now_view):
            view[key] = now_view[key]
        return cast("TableView[Any]", view)

    def _showing(self, published: Published) -> Shown:
        """What ``published`` shows, kept from the Published before it while that shows the
        same: its view is made drawable once, not on every frame or version that shows it."""
        shown = self._shown
        if shown is not None and shown.published is published:
            return shown
        if shown is None or not shows_the_same(shown.published, published):
            # names typed on phones, as every text, reach the painters as a font can draw them
            raw = {**published.public, "box": published.device.get("box") or {},
                   "evening": published.device.get("evening") or {}}
            view = (drawable_view(raw) if shown is None
                    else cast("TableView[Any]", drawable_beside(raw, shown.raw, shown.view)))
            shown = Shown(published, published.version, raw, view)
        self._shown = shown._replace(published=published)
        return self._shown


class Band(NamedTuple):
    """A game's moment the screen shows in a band: its key, kind and words, and since when."""

    key: str
    kind: str
    words: str
    since: float


class Shown(NamedTuple):
    """The Published the screen looked at last, the version since which it shows the same,
    and that version's view with the box's own part, as published and made drawable."""

    published: Published
    since: int
    raw: dict[str, JSON]
    view: TableView[Any]


def drawable_beside(view: Mapping[str, JSON], before: Mapping[str, JSON],
                    drawn: Mapping[str, JSON]) -> dict[str, JSON]:
    """``view`` as a font can draw it, taking what ``drawn`` made of ``before`` for each part
    as it was (a part's own parts likewise): only what changed is walked."""
    kept: dict[str, JSON] = {}
    changed: dict[str, JSON] = {}
    for key, part in view.items():
        old = before.get(key)
        if key not in before:
            changed[key] = part
        elif part == old:
            kept[key] = drawn[key]
        elif isinstance(part, Mapping) and isinstance(old, Mapping):
            kept[key] = drawable_beside(part, old, drawn[key])
        else:
            changed[key] = part
    walked: Mapping[str, JSON] = drawable_view(changed) if changed else {}
    return {key: walked[key] if key in walked else kept[key] for key in view}


def shows_the_same(before: Published, after: Published) -> bool:
    """Whether the box's screen shows ``after`` as it showed ``before``: the same public view
    but for its version, the same box parts and controls, and a running countdown that
    started at the same moment."""
    running = bool(after.public.get("timer") and after.public["timer"]["running"])
    return ({**before.public, "version": None} == {**after.public, "version": None}
            and before.device == after.device and before.controls == after.controls
            and (not running or before.as_of == after.as_of))


def menu_labels(controls: Controls, view: Mapping[str, JSON], lang: str) -> tuple[str, ...]:
    """The box menu's items as sentences; a ``game`` parameter is shown as the game's title,
    a parameter that is itself a sentence (``{"key": ...}``) in the screen's language."""
    return labels(controls.menu, view, lang)


def labels(items: Sequence[MenuItem], view: Mapping[str, JSON], lang: str) -> tuple[str, ...]:
    """Menu items as sentences, as ``menu_labels`` says."""
    said = []
    for item in items:
        params = {name: _said(value, lang) for name, value in item.params.items()}
        if "game" in params:
            params["game"] = game_title(view, params["game"], lang)
        said.append(text(item.key, lang, **params))
    return tuple(said)


LEGEND = (Button.TURN, Button.TURN_LONG, Button.OK, Button.BACK, Button.BACK_LONG)
"""The order the screen tells what the buttons do in."""


def key_labels(controls: Controls, view: Mapping[str, JSON],
               lang: str) -> tuple[tuple[Button, str], ...]:
    """What each button does now, by what its action is called: the game's word for it
    (``<game>.key.<type>``, else its menu's), else the box's (``box.key.<type>``); undo only
    while there is something to undo; BACK turning the page as ``page``."""
    said = []
    for button in LEGEND:
        action = controls.keys.get(button)
        if button is Button.BACK and turns_pages(controls):
            action = Action("page")
        if action is None or (action.type == "table.undo" and not view.get("undo")):
            continue
        kind = action.type.removeprefix("table.")
        game = view.get("game")
        keys = [f"{game}.key.{kind}", f"{game}.menu.{kind}"] if game else []
        key = next((k for k in [*keys, f"box.key.{kind}"] if has_text(k)), None)
        if key is not None:
            said.append((button, text(key, lang)))
    return tuple(said)


def _said(value: JSON, lang: str) -> JSON:
    if isinstance(value, Mapping) and "key" in value:
        return text(str(value["key"]), lang, **value.get("params", {}))
    return value
