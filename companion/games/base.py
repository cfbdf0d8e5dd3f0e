"""The small surface every game module offers, and the types it speaks in.

Rules are pure: they know nothing of Flask, pygame, gpiozero, files, clocks or random
numbers. Time reaches them as ``Action.elapsed_ms``, chance as values inside an action.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeGuard, TypeVar

from companion.games.tally import Tally

TEXT_OPTION_LENGTH = 40
TIMEOUT = "timeout"
"""The action the Table submits when a running timer runs out: the clock's verdict."""

CHANCE = "chance"
"""Where ``draw`` puts what chance decided into an action's args."""

JSON = Any
"""A value that round-trips through ``json``: dict, list, str, int, float, bool or None."""


class GetawayError(Exception):
    """An error a player can read: a text key plus the values to fill into its sentence."""

    def __init__(self, key: str, **params: JSON) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def __str__(self) -> str:
        from companion.i18n import text  # the catalog is data, not I/O

        return text(self.key, "en", **self.params)


class InvalidAction(GetawayError, ValueError):
    """The action is malformed (unknown type, missing or wrong-typed field): HTTP 400."""


class IllegalAction(GetawayError):
    """The action is well formed but not allowed now: HTTP 409."""


@dataclass(frozen=True, slots=True)
class Action:
    """Something a player, a button or the clock asks the game to do.

    ``seat`` is who asked (None for the box or the table page). ``elapsed_ms`` is how long
    the running timer has run since the state this action applies to was entered; the
    Table fills it in. ``args`` holds the rest, chance outcomes included.
    """

    type: str
    seat: int | None = None
    args: Mapping[str, JSON] = field(default_factory=dict)
    elapsed_ms: int = 0

    def to_json(self) -> dict[str, JSON]:
        return {"type": self.type, "seat": self.seat, "args": dict(self.args),
                "elapsed_ms": self.elapsed_ms}

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Action:
        """Build an action from a decoded JSON object; raise InvalidAction if it is malformed."""
        if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
            raise InvalidAction("error.action_malformed")
        seat, args = data.get("seat"), data.get("args", {})
        if seat is not None and not whole(seat):
            raise InvalidAction("error.action_malformed")
        if not isinstance(args, Mapping):
            raise InvalidAction("error.action_malformed")
        elapsed = data.get("elapsed_ms", 0)
        if not whole(elapsed) or elapsed < 0:
            raise InvalidAction("error.action_malformed")
        return cls(data["type"], seat, dict(args), elapsed)


@dataclass(frozen=True, slots=True)
class Timer:
    """A turn timer as the rules see it: time left when the state was entered, and if it runs.

    ``turn`` is False for a short wait between turns that ends by itself (the group settles
    after an overrun): it runs out into a timeout like a turn, but nobody is warned or hurried.
    """

    remaining_ms: int
    running: bool
    limit_ms: int
    turn: bool = True


S = TypeVar("S")


class Undo(enum.Enum):
    """Whether undo may take a step back, as each step of a game declares it. Whatever it
    declares, the clock's verdict and a step that ends the game are final."""

    OPEN = "open"
    """Undo may take it back: it showed nothing the group cannot unsee."""
    FINAL = "final"
    """It shows what the group cannot unsee (a deal, a claim checked in secret): never undone."""
    DRAWN = "drawn"
    """Final when the box drew it (``CHANCE`` in its args); open when the group typed in what
    its own dice showed, so that a typo can be undone."""
    SHARED = "shared"
    """It settles something for everyone (scores made final): the box and the host may take
    it back, never a seat's phone, not even the phone that sent it."""


class Sender(enum.Enum):
    """Who may send a step, as its declaration says and the one dispatcher enforces before
    the step's own checks. The box and the host (the table page) send as no seat."""

    ANYONE = "anyone"
    """Every seat's phone, the host (the table page) and the box."""
    HOST = "host"
    """The box and the host, never a seat's phone: running the table."""
    OWN_SEAT = "own_seat"
    """A phone for its own seat (the seat its ``seat`` argument names), or the box; never the
    host, who holds no seat."""
    NAMED_SEAT = "named_seat"
    """A phone for its own seat (the seat its ``seat`` argument names, if any); the box and
    the host for any seat."""
    SEAT = "seat"
    """The seat whose part it is now (the step's ``role``: on turn, the boss, the roller) from
    its phone; the box and the host for it."""
    SEAT_PHONE = "seat_phone"
    """The phone of the seat whose part it is now (the step's ``role``); the box and the host
    only while that part is played at the box (the role's ``at_box``)."""
    PHONE = "phone"
    """A seat's own phone, never the box nor the host."""
    BOX = "box"
    """The box's menu or the host, for a seat without a phone; never a seat's phone."""
    SERVER = "server"
    """Only what the box makes itself: the phone server's claims and asks, the clock's verdict."""


def never(state: object) -> bool:
    """For a role whose part is never played at the box."""
    return False


@dataclass(frozen=True, slots=True, kw_only=True)
class Role(Generic[S]):
    """A seat with a part of its own now (on turn, the boss, the roller): the steps declared
    ``Sender.SEAT`` or ``Sender.SEAT_PHONE`` for it are that seat's to send."""

    name: str
    """What the docs call it: "the seat on turn", "the boss"."""
    seat: Callable[[S], int | None]
    """The seat that has the part now (None: nobody)."""
    refused: str
    """The text key another seat's phone hears (``seat``: the role's, counted from 1)."""
    at_box: Callable[[S], bool] = never
    """Whether the part is played at the box now, so that the box and the host may send its
    ``SEAT_PHONE`` steps."""
    box_refused: str = ""
    """The text key the box and the host hear for a ``SEAT_PHONE`` step (empty: ``refused``)."""


Check = Callable[[S, Action], None]
"""Refuses (IllegalAction) a step that may not be done now, by whoever sent it."""

F = TypeVar("F", bound=Callable[..., Any])


def anyone(state: object, action: Action) -> None:
    """A step its senders may send whenever its phase allows it."""


def every(*checks: Check[S]) -> Check[S]:
    """A check that makes each of ``checks`` in turn."""
    def check_all(state: S, action: Action) -> None:
        for check_one in checks:
            check_one(state, action)
    return check_all


@dataclass(frozen=True, slots=True, kw_only=True)
class Step(Generic[S, F]):
    """One step a game or the table knows, declared once: what it does and takes, when and by
    whom it may be sent, whether undo may take it back and whose secret part it plays."""

    does: F
    """What it does to the state, once checked."""
    arguments: Mapping[str, type] = field(default_factory=dict)
    """The arguments a player, a phone or the box may send, with their JSON type: ``int``
    (never a bool or a float), ``str``, ``bool``, ``list``, ``dict``, or ``object`` for any
    JSON value (what ``draw`` adds is not among them)."""
    phases: tuple[str, ...] | None = None
    """The phases of the game it is legal in (None: a game without phases, or the table)."""
    check: Check[S] = anyone
    """Whether the state at hand allows it (who may send it at all is ``by``)."""
    by: Sender = Sender.ANYONE
    """Who may send it: the dispatcher refuses everyone else before ``check``; the API also
    refuses what only the box makes to every client, and a seat's own part to the host."""
    role: Role[S] | None = None
    """Whose part it is, for a step ``by`` a ``SEAT`` or a ``SEAT_PHONE``."""
    refused: str = ""
    """The text key a sender ``by`` refuses hears (empty: the table's own)."""
    filled_in: frozenset[str] = frozenset()
    """The arguments the phone server fills in (a token it drew, a label), never a phone."""
    undo: Undo = Undo.OPEN
    """Whether undo may take it back (the table's own steps are never undone)."""
    secret: Callable[[S, Action], int | None] | None = None
    """The seat whose secret part it plays when the box or the table page sends it (a boss
    without a phone entering the safes): the Table refuses it, and leaves it out of the box's
    menu, while a phone holds that seat."""
    confirm: str = ""
    """The question (a text key; ``{step}`` names the item) the box asks before it sends a step
    that ends the game or may (a capture, as the secret catcher decides, which no preview may
    show); a phone's button asks for a second tap. Empty: it is sent at once."""

    def __post_init__(self) -> None:
        if (self.role is None) == (self.by in (Sender.SEAT, Sender.SEAT_PHONE)):
            raise ValueError(f"a step by {self.by.value} names a role, and only it")
        if not self.filled_in <= self.arguments.keys():
            raise ValueError("what the phone server fills in is among the arguments")


GameStep = Step[S, Callable[[S, Action], S]]
"""A game's step: its ``does`` takes the game's state and the action."""


TABLE_REFUSALS = {Sender.HOST: "error.host_only", Sender.OWN_SEAT: "error.not_your_seat",
                  Sender.SERVER: "error.box_itself"}
"""What a refused sender hears where a step names no text of its own."""


SEATLESS = (Sender.HOST, Sender.BOX, Sender.SERVER)
"""The senders that are never a seat's phone: ``check_sender`` refuses every seat."""
SEATED = (Sender.PHONE,)
"""The senders that are always a phone: ``check_sender`` refuses the box and the table page."""


def check_sender(step: Step[S, Any], state: S, action: Action) -> None:
    """Refuse (IllegalAction) ``action`` from a sender its step's ``by`` leaves out."""
    seat, by = action.seat, step.by
    refused = step.refused or TABLE_REFUSALS.get(by, "error.not_your_seat")
    if by in SEATLESS and seat is not None:
        raise IllegalAction(refused)
    if by in SEATED and seat is None:
        raise IllegalAction(refused)
    if by in (Sender.OWN_SEAT, Sender.NAMED_SEAT) and seat is not None:
        named = action.args.get("seat")
        if named is not None and named != seat:
            raise IllegalAction(refused, seat=seat + 1)
    if step.role is not None:
        _check_role(step.role, by, state, seat)


def _check_role(role: Role[S], by: Sender, state: S, seat: int | None) -> None:
    """Refuse a step of ``role``'s part from another seat's phone; one only its phone sends
    (``SEAT_PHONE``) from the box while the part is not played there."""
    own = role.seat(state)
    if seat is None and by is Sender.SEAT_PHONE and not role.at_box(state):
        raise IllegalAction(role.box_refused or role.refused, seat=(own or 0) + 1)
    if seat is not None and seat != own:
        raise IllegalAction(role.refused, seat=(own or 0) + 1)


@dataclass(frozen=True, slots=True)
class Rules(Generic[S]):
    """A game's steps and the one way they are checked and done. ``game`` names the texts of
    its refusals (``<game>.phase.<phase>``)."""

    game: str
    steps: Mapping[str, GameStep[S]]
    _sendable: dict[tuple[object, bool], tuple[str, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def step(self, action: Action) -> GameStep[S]:
        """The declaration of ``action``'s type; InvalidAction for a type the game lacks."""
        step = self.steps.get(action.type)
        if step is None:
            raise InvalidAction("error.action_unknown", type=action.type)
        return step

    def check(self, state: S, action: Action) -> None:
        """Raise unless ``action`` (its arguments aside) may be done now by whoever sent it."""
        step = self.step(action)
        if step.phases is not None:
            phase = getattr(state, "phase", None)
            if phase not in step.phases:
                raise IllegalAction(f"{self.game}.phase.{phase}")
        check_sender(step, state, action)
        step.check(state, action)

    def apply(self, state: S, action: Action) -> S:
        """The state after ``action``; raises InvalidAction or IllegalAction if it cannot be."""
        self.check(state, action)
        return self.steps[action.type].does(state, action)

    def allowed_actions(self, state: S, seat: int | None) -> list[str]:
        """The action types ``seat`` (None: the box) may send now: only the steps its phase
        and its sender allow are checked in full, a part's steps only from the seat that has
        the part (asked for every seat's view of a version)."""
        def may(kind: str) -> bool:
            role = self.steps[kind].role
            if seat is not None and role is not None and role.seat(state) != seat:
                return False  # another seat's part, as ``check`` would say, sooner
            try:
                self.check(state, Action(kind, seat))
            except IllegalAction:
                return False
            return True

        phase = getattr(state, "phase", None)
        return [kind for kind in self._candidates(phase, seat is None) if may(kind)]

    def _candidates(self, phase: object, from_box: bool) -> tuple[str, ...]:
        """The steps ``check`` does not refuse at once in ``phase`` to the box (``from_box``)
        or to a seat: their phases hold it and their ``by`` admits such a sender."""
        key = (phase, from_box)
        found = self._sendable.get(key)
        if found is None:
            found = tuple(kind for kind, step in self.steps.items()
                          if (step.phases is None or phase in step.phases)
                          and step.by not in (SEATLESS if not from_box else SEATED))
            self._sendable[key] = found
        return found

    def acts_for(self, state: S, action: Action) -> int | None:
        """The seat whose secret part ``action`` plays from the box or the table page."""
        step = self.steps.get(action.type)
        if action.seat is not None or step is None or step.secret is None:
            return None
        return step.secret(state, action)


class Button(enum.StrEnum):
    """The five buttons of the box, plus the long presses that mean something else."""

    LEFT = "left"
    RIGHT = "right"
    OK = "ok"
    BACK = "back"
    TURN = "turn"
    TURN_LONG = "turn_long"
    BACK_LONG = "back_long"
    RIGHT_LONG = "right_long"
    """RIGHT held: the asks waiting for the box (the press itself moved the cursor already)."""


TIME_UP_MS = 3_000
"""How long the box's TIME'S UP screen covers everything after the clock ended a turn: a clock
that starts "at once" after an overrun starts when it is over, so its player sees it whole."""


class Sound(enum.StrEnum):
    """What the buzzer can say; the device turns each into a beep pattern."""

    PRESS = "press"
    WARN = "warn"
    TICK = "tick"
    OVERRUN = "overrun"
    SIREN = "siren"
    ERROR = "error"
    DONE = "done"


@dataclass(frozen=True, slots=True)
class MenuItem:
    """One entry of a box menu: LEFT/RIGHT move between items, OK submits ``action``."""

    key: str
    action: Action
    params: Mapping[str, JSON] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Controls:
    """What the box's buttons do on the current screen of a game."""

    menu: Sequence[MenuItem] = ()
    keys: Mapping[Button, Action] = field(default_factory=dict)
    turn: JSON = None
    """Whose turn the menu serves (a seat; None: nobody's). When it changes the box starts
    the menu at its first item, so one player's last choice is never one OK away for the next."""
    asks: Sequence[MenuItem] = ()
    """What waits for the box's answer besides the game (a browser to be the table page, a
    phone for a taken seat): each ask's grant, then its refusal. Never in ``menu``: the box
    shows them on a screen of their own, opened by a held RIGHT."""
    lead: int | None = None
    """Where the cursor goes whenever the menu changes, for a menu that leads it on (the next
    tool of a safe entered tool by tool); None: the box keeps it on its item."""
    pages: int = 0
    """How many pages the screen shows what must be read on, one at a time, for more than
    fits readably at once (the safes a boss plays openly): BACK, where it does nothing else,
    turns to the next. The box keeps the page it shows, as it keeps the cursor."""


@dataclass(frozen=True, slots=True)
class Option:
    """A setup option with its default; ``choices`` or ``minimum``/``maximum`` bound it.

    An option whose default is text and that has no choices takes any short text (a name).
    """

    name: str
    default: JSON
    choices: Sequence[JSON] = ()
    minimum: int | None = None
    maximum: int | None = None
    before: JSON = None
    """The value a game logged before this option existed is replayed with (None: the
    default), so that an upgrade never changes a game under way."""
    retired: Sequence[JSON] = ()
    """Choices an older Getaway offered: a game logged with one replays as it was played, a
    new game cannot choose it."""

    def check(self, value: JSON, *, logged: bool = False) -> JSON:
        """Return ``value`` if it is allowed for this option (``logged``: or was, for a game
        in the log), else raise InvalidAction."""
        if self.choices:
            allowed = [*self.choices, *self.retired] if logged else self.choices
            if not any(_is_a(value, type(choice)) and value == choice for choice in allowed):
                raise InvalidAction("error.option_choice", option=self.name, value=shown(value))
            return value
        if isinstance(self.default, str):
            if not isinstance(value, str) or not 0 < len(value) <= TEXT_OPTION_LENGTH:
                raise InvalidAction("error.option_text", option=self.name,
                                    maximum=TEXT_OPTION_LENGTH)
            return value
        if not whole(value):
            raise InvalidAction("error.option_number", option=self.name)
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise InvalidAction("error.option_range", option=self.name,
                                minimum=self.minimum, maximum=self.maximum)
        return value


def check_options(declared: Sequence[Option], given: Mapping[str, JSON], *,
                  logged: bool = False) -> dict[str, JSON]:
    """Fill in defaults and validate every given option (``logged``: a retired choice too);
    unknown names are InvalidAction."""
    known = {option.name: option for option in declared}
    for name in given:
        if name not in known:
            raise InvalidAction("error.option_unknown", option=name)
    return {o.name: o.check(given[o.name], logged=logged) if o.name in given else o.default
            for o in declared}


def logged_options(declared: Sequence[Option], logged: Mapping[str, JSON]) -> dict[str, JSON]:
    """The options of a logged new game: the Table logs every option, so one missing was
    added to the game later and takes the value that plays as the game did before it."""
    before = {o.name: o.before for o in declared if o.name not in logged and o.before is not None}
    return check_options(declared, {**logged, **before}, logged=True)


Arguments = Mapping[str, Mapping[str, type]]
"""For each action type, the arguments its step declares."""


def check_arguments(declared: Mapping[str, type], args: Mapping[str, JSON]) -> None:
    """Refuse (InvalidAction) an argument the action does not declare, or of another type."""
    for name, value in args.items():
        kind = declared.get(name)
        if kind is None:
            raise InvalidAction("error.argument_unknown", name=str(name)[:40])
        if not _is_a(value, kind):
            raise InvalidAction("error.argument_type", name=name)


def whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a JSON whole number: an int, never a bool (nor a float like 1.0)."""
    return isinstance(value, int) and not isinstance(value, bool)


def shown(value: JSON) -> str:
    """A value as a refusal names it: text as it is, anything else as JSON (``true``, ``1.0``)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text[:TEXT_OPTION_LENGTH]


def _is_a(value: JSON, kind: type) -> bool:
    if kind is int:
        return whole(value)
    if kind is dict:
        return isinstance(value, Mapping)
    return isinstance(value, kind)


class Chance(Protocol):
    """The part of ``random.Random`` a game may ask the Table to use for it."""

    def randrange(self, stop: int, /) -> int: ...

    def shuffle(self, x: MutableSequence[Any], /) -> None: ...


@dataclass(frozen=True, slots=True)
class LedFrame:
    """The police station's 24 LEDs: 4 columns (yellow, green, white, red) of 6, bottom first."""

    columns: tuple[tuple[bool, ...], ...] = ((False,) * 6,) * 4

    @classmethod
    def bars(cls, heights: Sequence[int]) -> LedFrame:
        """Light the bottom ``heights[i]`` LEDs of column i."""
        return cls(tuple(tuple(row < h for row in range(6)) for h in heights))


Texts = Mapping[str, Mapping[str, str]]
"""Sentences by language, then by key: ``{"de": {key: text}, "en": {key: text}}``."""


def with_rules(texts: Texts, refusals: Mapping[str, str]) -> Texts:
    """``texts`` with each refusal ``refusals`` names followed by the rule it stands on (the
    sentence of the rule's key in ``texts``, with its rule-book section), in both plural
    forms of a refusal about a number: the refusal explains the rule as it refuses."""
    return {lang: {key: _ruled(key, said, sentences, refusals) for key, said in sentences.items()}
            for lang, sentences in texts.items()}


def _ruled(key: str, said: str, sentences: Mapping[str, str],
           refusals: Mapping[str, str]) -> str:
    """The sentence of ``key``, followed by its rule if it is a refusal with one."""
    stem, _, form = key.rpartition(".")
    rule = refusals.get(key) or (refusals.get(stem) if form in ("one", "other") else None)
    return said if rule is None else f"{said} {sentences[rule]}"



def no_timer(state: object) -> None:
    """For a game without a turn clock."""


def nothing_on_restart(state: object) -> None:
    """For a game whose state is safe after a power cut as it is."""


def no_chance(state: object, action: Action, chance: Chance) -> Action:
    """For a game that leaves nothing to chance."""
    return action


def nothing_to_spend(state: S, ms: int) -> S:
    """For a game without a clock: no time runs, none is spent."""
    return state


def nothing_for_the_box(state: object) -> dict[str, JSON]:
    """For a game whose box screen shows no more than the public view."""
    return {}


def no_documents(kind: str, data: JSON) -> JSON:
    """For a game that keeps nothing on the box: every kind is unknown."""
    raise InvalidAction("error.document_kind")


@dataclass(frozen=True, slots=True)
class Documents:
    """What a game keeps on the box between games (a box profile, scenarios): its built-in
    documents by kind and name, and ``check`` that refuses a malformed one."""

    builtin: Mapping[str, Mapping[str, JSON]] = field(default_factory=dict)
    check: Callable[[str, JSON], JSON] = no_documents


Saved = Mapping[str, Mapping[str, JSON]]
"""A game's documents at setup, by kind and name: its built-in ones and what the group saved."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Game(Generic[S]):
    """A game: pure rules on its own immutable state ``S``, and what the box, the screen and
    the phones show of them. ``package`` names the game's folder, which also holds its screen
    painter (``screen.py`` or a ``screen`` package) and its phone script (``phone/phone.js``)."""

    id: str
    package: str
    title: Mapping[str, str]
    min_seats: int
    max_seats: int
    options: Sequence[Option]
    texts: Texts
    rules: Rules[S]
    """Every step of the game, declared once, and the one way they are checked and done."""
    setup: Callable[[Mapping[str, JSON], int, Mapping[str, JSON], Saved], S]
    """The state at the start: the checked options, the seat count, what ``draw`` drew for
    ``table.new_game`` and the game's documents."""
    public_view: Callable[[S], Mapping[str, JSON]]
    """What the screen, the LEDs and the table page may show: no secrets."""
    private_view: Callable[[S, int], Mapping[str, JSON]]
    """What the phone of a seat shows beyond the public view, which the Table lays it over:
    the actions it may send now and its own secrets. Both views are typed (a TypedDict each);
    a part marked ``Annotated[..., SEAT]`` there is kept from every other reader."""
    controls: Callable[[S], Controls]
    leds: Callable[[Mapping[str, JSON], int | None], LedFrame]
    """The police station for a public view and the time left on the running timer."""
    sounds: Callable[[Mapping[str, JSON], Mapping[str, JSON]], Sequence[Sound]]
    """What the buzzer says when the public view changes."""
    outcome: Callable[[S], dict[str, JSON] | None]
    """None while the game runs, then ``{"results": [{"seat", "place", "score"}, ...]}``
    (best place first; a score may be None) for the history and the summary page."""
    to_json: Callable[[S], JSON]
    from_json: Callable[[JSON], S]
    draw: Callable[[S | None, Action, Chance], Action] = no_chance
    """Fill in what chance decides for an action (the state is None for setup)."""
    timer: Callable[[S], Timer | None] = no_timer
    spend: Callable[[S, int], S] = nothing_to_spend
    """The state with ``ms`` more of its clock gone: undo hands back an earlier state, never
    the time that ran since it was left. A game with a ``timer`` has one."""
    on_restart: Callable[[S], Action | None] = nothing_on_restart
    """The action that makes a state safe after a power cut (pause a running turn)."""
    documents: Documents = Documents()
    box_view: Callable[[S], Mapping[str, JSON]] = nothing_for_the_box
    """What the box's own screen shows beyond the public view (never a phone): the safes a
    boss without a phone entered there."""
    tally: Tally = field(default_factory=Tally)
    """What the group's records count of a finished game's outcome (beyond played and won)."""
    secrets: bool = True
    """Whether a phone may show what the others must not see; without (everything public,
    the private view only a help), no phone offers the tap-to-hide cover."""

    def __post_init__(self) -> None:
        if (self.timer is no_timer) != (self.spend is nothing_to_spend):
            raise ValueError(f"{self.id}: a game with a timer spends its time on undo")
        if any((kind == TIMEOUT) != (step.by is Sender.SERVER)
               for kind, step in self.rules.steps.items()):
            raise ValueError(f"{self.id}: only the Table's clock sends {TIMEOUT}, and only it")

    @property
    def steps(self) -> Mapping[str, GameStep[S]]:
        """Every step of the game by action type."""
        return self.rules.steps

    @property
    def arguments(self) -> Arguments:
        """Every action type with the arguments it takes."""
        return {kind: step.arguments for kind, step in self.rules.steps.items()}

    def apply(self, state: S, action: Action) -> S:
        """The state after an action; raises InvalidAction or IllegalAction if it cannot be done."""
        return self.rules.apply(state, action)

    def acts_for(self, state: S, action: Action) -> int | None:
        """The seat whose secret part an action from the box or the table page plays."""
        return self.rules.acts_for(state, action)


Games = Mapping[str, Game[Any]]
"""The games of a box by id. Each game's state type is checked inside the game; the Table
only passes states back to the game that made them."""
