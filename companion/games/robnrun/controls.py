"""What the box's buttons, LEDs and buzzer do in Rob 'n Run.

The buttons drive everything public: TURN is the main step of each phase, the menu holds the
choices. A boss without a phone plays openly on the box after choosing so: the menu then
enters the safes tool by tool and the played cards one by one, the safes on the screen, one a
page that BACK turns.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.base import (
    JSON,
    Action,
    Button,
    Controls,
    InvalidAction,
    LedFrame,
    MenuItem,
    Sound,
)
from companion.games.robnrun.pieces import (
    BAG,
    BAGS,
    CLUE_PRICE,
    COLOURS,
    DEALER_PRICES,
    NO_TOOLS,
    SAFE_GOLD,
    TOOLS,
    Safe,
    complete,
    safe_from_json,
    safe_json,
)
from companion.games.robnrun.rules import PREPARING
from companion.games.robnrun.state import (
    RobState,
    building_id,
    drafted,
    forced,
    placeable,
    route_dealer,
)

ROWS = 6


def controls(state: RobState) -> Controls:
    if state.phase in ("won", "lost"):
        return Controls([MenuItem("robnrun.menu.end_game", Action("table.end_game"))])
    r = state.robbery
    boss_part = r.asked or (r.openly and not r.safes)  # asking to play openly, entering safes
    menu = ([] if boss_part else _MENUS[state.phase](state)) + _openly(state)
    turn = next((item.action for item in menu if item.action.type in _MAIN), None)
    member = state.robbery.turn if state.phase == "crew" else None
    entering = r.openly and not r.safes and not r.asked and state.phase in PREPARING
    keys = {Button.TURN: turn} if turn else {}
    if entering:
        keys = {Button.TURN: again} if (again := _once_more(state)) else {}
    pages = len(r.safes) if r.openly and state.phase in OPEN_SAFES else 0
    return Controls(menu, keys, member, lead=_lead(state, menu) if entering else None,
                    pages=pages)


OPEN_SAFES = ("clues", "crew")
"""The phases in which the safes a boss plays openly stand on the box, one a page, as the crew
plays against them (they were read as they were entered; while the robbery is prepared the
join code needs the room, in the alarm phase the cards entered)."""


_MAIN = frozenset({"deal", "start", "crew", "play", "next"})
"""The actions TURN does when the menu offers them: the phase's main step."""


def _prepare(state: RobState) -> list[MenuItem]:
    r = state.robbery
    if r.building is None:
        return [MenuItem("robnrun.menu.rob", Action("rob", None, {"building": building_id(q, i)}),
                         {"building": building_id(q, i), "count": n})
                for q, counts in enumerate(state.buildings) for i, n in enumerate(counts) if n]
    if not r.dealt:
        return [MenuItem("robnrun.menu.deal", Action("deal"))]
    return [MenuItem("robnrun.menu.start", Action("start"))]


def _clues(state: RobState) -> list[MenuItem]:
    r = state.robbery
    menu = [MenuItem("robnrun.menu.crew", Action("crew"))]
    menu += [MenuItem("robnrun.menu.use_clue", Action("clue", None, {"clue": c}), {"clue": c})
             for c in sorted(r.face_up)]
    if state.gold >= CLUE_PRICE and not state.variation2:
        menu += [MenuItem("robnrun.menu.buy_clue", Action("clue", None, {"clue": c}),
                          {"clue": c, "price": CLUE_PRICE})
                 for c in sorted(r.clues) if c not in r.face_up]
    return menu


def _crew(state: RobState) -> list[MenuItem]:
    menu = [MenuItem("robnrun.menu.play", Action("play"))]
    if state.robbery.turn not in state.robbery.exchanged:
        menu.append(MenuItem("robnrun.menu.exchange", Action("exchange")))
    if not forced(state):
        menu.append(MenuItem("robnrun.menu.pass", Action("pass")))
    return menu


def _alarm(state: RobState) -> list[MenuItem]:
    return []


# -- the boss's part, played openly on the box -------------------------------------------------

def _openly(state: RobState) -> list[MenuItem]:
    """Play openly (the box leaves it out while the boss's seat has a phone), then enter the
    safes and the played cards on the box."""
    r = state.robbery
    if state.phase not in PREPARING or r.building is None:
        return []
    if r.asked:
        return [MenuItem("robnrun.menu.openly_yes", Action("openly")),
                MenuItem("robnrun.menu.openly_no", Action("openly", None, {"ask": False}))]
    if not r.openly:
        return [MenuItem("robnrun.menu.openly", Action("openly", None, {"ask": True}))]
    if not r.safes:
        return _safe_entry(state)
    return _card_entry(state) if state.phase == "alarm" else []


def _safe_entry(state: RobState) -> list[MenuItem]:
    """Once every safe is whole, first: these are the safes; then add a tool to the safe in
    focus or set its gold (which finishes a whole safe: on to the next one still to enter),
    clear it, go on to the next safe."""
    r = state.robbery
    draft = list(drafted(state))
    focus, safe = r.focus, draft[r.focus]
    named = {"safe": focus + 1}

    def entered(changed: Safe, at: int = focus) -> Action:
        safes = [safe_json(changed if n == focus else s) for n, s in enumerate(draft)]
        return Action("draft_safes", None, {"safes": safes, "focus": at})

    menu = []
    if all(complete(s) for s in draft):
        menu.append(MenuItem("robnrun.menu.enter_safes",
                             Action("safes", None, {"safes": [safe_json(s) for s in draft]})))
    menu += [MenuItem("robnrun.menu.add_tool", entered(more), {**named, "tool": _tool(tool)})
             for tool, more in ((t, _plus(safe, t)) for t in TOOLS) if more is not None]
    for gold in range(SAFE_GOLD[0], SAFE_GOLD[1] + 1):
        whole = Safe(safe.tools, gold)
        menu.append(MenuItem("robnrun.menu.safe_gold", entered(whole, _on_to(draft, focus, whole)),
                             {**named, "gold": gold}))
    menu.append(MenuItem("robnrun.menu.clear_safe", entered(Safe(NO_TOOLS, 0)), named))
    if r.taken > 1:
        after = (focus + 1) % r.taken
        menu.append(MenuItem("robnrun.menu.next_safe", entered(safe, after),
                             {"safe": after + 1}))
    return menu


def _on_to(draft: list[Safe], focus: int, safe: Safe) -> int:
    """The safe to enter after ``safe`` got its gold: the next one not yet whole, once it is
    whole itself."""
    if not complete(safe):
        return focus
    count = len(draft)
    return next((n % count for n in range(focus + 1, focus + count)
                 if not complete(draft[n % count])), focus)


def _lead(state: RobState, menu: list[MenuItem]) -> int | None:
    """Where the cursor goes as a safe is entered in the order its tools are listed: the safes
    once all are whole; on the tool after the last one added; past the last tool, on the gold
    the safe entered before got (a value list that starts where the last one was)."""
    if menu and menu[0].key == "robnrun.menu.enter_safes":
        return 0
    r = state.robbery
    draft = list(drafted(state))
    tools = draft[r.focus].tools
    last = max((n for n, count in enumerate(tools) if count), default=-1)
    offered = [_place(menu, "robnrun.menu.add_tool", tool=_tool(tool))
               for tool in TOOLS[last + 1:]]
    before = draft[r.focus - 1].gold if r.focus else 0
    gold = _place(menu, "robnrun.menu.safe_gold", gold=before or SAFE_GOLD[0])
    return next((n for n in offered if n is not None), gold)


def _once_more(state: RobState) -> Action | None:
    """TURN while a safe is entered: the tool added last (the last of its list) once more,
    where the safe may picture one more."""
    draft = list(drafted(state))
    focus = state.robbery.focus
    present = [tool for tool, count in zip(TOOLS, draft[focus].tools, strict=True) if count]
    more = _plus(draft[focus], present[-1]) if present else None
    if more is None:
        return None
    safes = [safe_json(more if n == focus else s) for n, s in enumerate(draft)]
    return Action("draft_safes", None, {"safes": safes, "focus": focus})


def _place(menu: list[MenuItem], key: str, **params: JSON) -> int | None:
    """Where the item ``key`` with ``params`` stands in ``menu``, if it is there."""
    return next((n for n, item in enumerate(menu) if item.key == key
                 and all(item.params.get(name) == v for name, v in params.items())), None)


def _plus(safe: Safe, tool: str) -> Safe | None:
    """The safe with one more ``tool`` pictured, or None if no safe pictures that."""
    index = TOOLS.index(tool)
    tools = tuple(n + (i == index) for i, n in enumerate(safe.tools))
    more = Safe(tools, safe.gold)
    try:
        safe_from_json(safe_json(more), partial=True)
    except InvalidAction:
        return None
    return more


def _card_entry(state: RobState) -> list[MenuItem]:
    """Each played card in turn (a bag where the game has them), clear, and once all are
    entered: sort them."""
    r = state.robbery
    cards = list(r.cards)
    menu = []
    if len(cards) < r.played:
        kinds = [*TOOLS, *([BAG] if state.seats > 2 and r.bags < BAGS else [])]
        menu = [MenuItem("robnrun.menu.add_card", Action("draft_cards", None,
                                                         {"cards": [*cards, card]}),
                         {"index": len(cards) + 1, "played": r.played, "card": _tool(card)})
                for card in kinds]
    if cards:
        menu.append(MenuItem("robnrun.menu.clear_cards", Action("draft_cards", None,
                                                                {"cards": []})))
    if len(cards) == r.played:
        menu.append(MenuItem("robnrun.menu.sort", Action("sort", None, {"cards": cards})))
    return menu


def _tool(tool: str) -> dict[str, str]:
    """A tool's (or the bag's) name, said in the screen's language."""
    return {"key": f"robnrun.tool.{tool}"}


def _evaluation(state: RobState) -> list[MenuItem]:
    ev = state.evaluation
    assert ev is not None
    if ev.step == 3 and len(ev.placed) < ev.uncracked and state.spare:
        places = [MenuItem("robnrun.menu.place", Action("place", None, {"building": b}),
                           {"building": b}) for b in placeable(state)]
        if places:
            return places
    colour = route_dealer(state)
    if ev.step == 5 and colour is not None:
        prices = DEALER_PRICES[colour]
        return [MenuItem(f"robnrun.menu.buy_{n}", Action("buy", None, {"cubes": n}),
                         {"price": sum(prices[:n])})
                for n in (0, 1, 2) if n <= state.station[colour]
                and sum(prices[:n]) <= state.gold]
    return [MenuItem("robnrun.menu.next", Action("next"))]


_MENUS = {"prepare": _prepare, "clues": _clues, "crew": _crew, "alarm": _alarm,
          "evaluation": _evaluation}


def leds(view: Mapping[str, JSON], remaining_ms: int | None) -> LedFrame:
    """Each column shows the cubes on its alarm system, from the bottom."""
    station = _game_view(view).get("station")
    if not isinstance(station, Mapping):
        return LedFrame()
    return LedFrame.bars([min(ROWS, int(station[colour]["cubes"])) for colour in COLOURS])


def sounds(before: Mapping[str, JSON], after: Mapping[str, JSON]) -> list[Sound]:
    """The siren when the red alarm goes off; DONE when a robbery ends without it."""
    old, new = _game_view(before), _game_view(after)
    if old.get("phase") != "alarm" or new.get("phase") != "evaluation":
        return []
    evaluation = new.get("evaluation")
    return [Sound.SIREN] if isinstance(evaluation, Mapping) and evaluation["alarm"] else [
        Sound.DONE]


def _game_view(view: Mapping[str, JSON]) -> Mapping[str, JSON]:
    """The game's part of a table view (a game view is taken as it is)."""
    state = view.get("state")
    return state if isinstance(state, Mapping) else view
