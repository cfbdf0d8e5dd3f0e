"""German and English texts for the box, the phones and error messages, with real plural
forms (``<key>.one`` and ``<key>.other``, picked by the ``count`` parameter).

Every sentence has a key, added once to a ``Catalog`` by its owner; games bring their own
through ``Game.texts``, and ``companion.texts`` assembles the box's catalog. German is the
box's default because the boxes are German.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

LANGUAGES = ("de", "en")
DEFAULT_LANGUAGE = "de"

CORE: dict[str, dict[str, str]] = {
    "de": {
        "error.action_malformed": "Diese Aktion ist unvollständig oder falsch aufgebaut.",
        "error.action_unknown": "Diese Aktion gibt es hier nicht: {type}.",
        "error.argument_unknown": "Diese Aktion kennt die Angabe „{name}“ nicht.",
        "error.argument_type": "Die Angabe „{name}“ hat die falsche Art (etwa Text statt einer "
                               "ganzen Zahl).",
        "error.action_too_large": "Diese Aktion ist zu groß (höchstens {maximum} KB).",
        "error.option_unknown": "Die Einstellung „{option}“ gibt es nicht.",
        "error.option_choice": "„{value}“ ist für „{option}“ nicht erlaubt.",
        "error.option_number": "„{option}“ muss eine ganze Zahl sein.",
        "error.option_text": "„{option}“ ist ein Name mit 1 bis {maximum} Zeichen.",
        "error.document_kind": "Dieses Spiel speichert so etwas nicht.",
        "error.document_name": "Der Name hat 1 bis {maximum} Zeichen.",
        "error.document_unknown": "Das ist auf der Box nicht gespeichert.",
        "error.option_range": "„{option}“ muss zwischen {minimum} und {maximum} liegen.",
        "error.game_unknown": "Das Spiel „{game}“ kennt die Box nicht.",
        "error.no_game": "Es läuft gerade kein Spiel.",
        "error.game_running": "Es läuft schon ein Spiel. Beendet es zuerst.",
        "error.rematch_not_over": "Eine Revanche gibt es erst, wenn das Spiel vorbei ist.",
        "error.next_not_over": "Ein anderes Spiel wählt ihr, wenn dieses vorbei ist.",
        "error.seat_count": "Dieses Spiel braucht {minimum} bis {maximum} Plätze.",
        "error.seat_unknown": "Diesen Platz gibt es nicht.",
        "error.seat_taken": "Dieser Platz ist schon besetzt.",
        "error.seat_needed": "Dafür braucht dein Telefon einen Platz am Tisch.",
        "error.not_your_seat": "Das darf nur der Platz selbst tun.",
        "error.host_only": "Das dürfen nur die Tischseite und die Box.",
        "error.box_itself": "Das tut nur die Box selbst.",
        "error.seat_has_phone": "Platz {seat} hat ein Telefon: Nur dieses darf das.",
        "error.host_needed": "Nimm zuerst einen Platz, oder mach diesen Browser zur "
                             "Tischseite (mit OK an der Box).",
        "error.host_already": "Dieser Browser ist schon die Tischseite.",
        "error.no_host_ask": "Gerade bittet kein Browser darum, die Tischseite zu sein.",
        "error.wifi_password_again": "Ein anderes WLAN braucht sein eigenes Passwort: "
                                     "Bitte gib es ein.",
        "error.name_invalid": "Der Name muss 1 bis 20 Zeichen haben.",
        "error.nothing_to_undo": "Es gibt nichts zurückzunehmen.",
        "error.undo_reveal": "Was schon aufgedeckt ist, kann man nicht zurücknehmen.",
        "error.undo_clock": "Die Uhr hat entschieden: Eine abgelaufene Zeit lässt sich nicht "
                            "zurücknehmen.",
        "error.undo_over": "Das Spiel ist entschieden: Sein Ende lässt sich nicht zurücknehmen.",
        "error.undo_not_yours": "Mit deinem Telefon nimmst du nur deinen eigenen letzten "
                                "Schritt zurück; diesen kann die Box oder die Tischseite "
                                "zurücknehmen.",
        "error.undo_clock_runs": "Zu spät zum Zurücknehmen: Die Uhr läuft schon weiter. Nur "
                                 "die Box oder die Tischseite kann das noch zurücknehmen.",
        "error.undo_shared": "Das gilt für alle: Kein Telefon nimmt es zurück, nur die Box "
                             "oder die Tischseite.",
        "error.stale": "Der Tisch hat sich inzwischen geändert. Bitte noch einmal.",
        "error.busy": "Die Box ist gerade beschäftigt. Bitte noch einmal.",
        "error.not_found": "Diese Seite gibt es nicht.",
        "error.internal": "Da ist etwas schiefgegangen. Der Spielstand ist sicher.",
        "error.disk_full": "Der Speicher ist voll: Der letzte Schritt wurde nicht gespeichert.",
        "box.choose_game": "Spiel wählen",
        "box.seats.one": "1 Platz",
        "box.seats.other": "{count} Plätze",
        "box.start": "Starten",
        "box.join": "Hier mitspielen",
        "box.code": "Code",
        "box.undo": "Zurück",
        "box.paused": "Pause",
        "box.seat": "Platz {seat}",
        "box.database_moved": "Der alte Spielstand war beschädigt und wurde beiseitegelegt.",
        "box.database_partial.one": "Der Spielstand war beschädigt: 1 Schritt ließ sich "
                                    "nicht lesen, es geht beim letzten guten weiter. Die "
                                    "Dateien wurden aufgehoben.",
        "box.database_partial.other": "Der Spielstand war beschädigt: {count} Schritte ließen "
                                      "sich nicht lesen, es geht beim letzten guten weiter. "
                                      "Die Dateien wurden aufgehoben.",
        "box.database_repaired": "Der Spielstand war beschädigt und ist ganz wieder da. Die "
                                 "Dateien wurden aufgehoben.",
        "box.not_saving": "Die Speicherkarte ist schreibgeschützt: Es wird ohne Speichern "
                          "weitergespielt.",
        "box.full_not_saving": "Die Speicherkarte ist voll (oder defekt): Es wird ohne "
                               "Speichern weitergespielt.",
        "box.cannot_save": "Die Spielstände lassen sich nicht zum Schreiben öffnen: Es wird "
                           "ohne Speichern weitergespielt.",
        "box.game_unreadable": "Unlesbares Spiel (in der Datenbank aufgehoben)",
        "error.disk_full.short": "Karte voll: Schritt nicht\u00a0gespeichert",
        "box.database_moved.short": "Spielstand beschädigt, beiseitegelegt",
        "box.database_partial.short.one": "Spielstand beschädigt: 1 Schritt fehlt",
        "box.database_partial.short.other": "Spielstand beschädigt: {count} Schritte fehlen",
        "box.database_repaired.short": "Spielstand beschädigt, ganz wieder da",
        "box.not_saving.short": "Karte schreibgeschützt: ohne Speichern",
        "box.full_not_saving.short": "Karte voll: ohne\u00a0Speichern",
        "box.cannot_save.short": "Ohne Speichern",
        "error.code_unknown": "Diesen Code kennt die Box nicht (mehr). Schau auf ihren Bildschirm.",
        "error.seat_free": "Dieser Platz ist frei: Setz dich einfach.",
        "error.no_claim": "Niemand hat um diesen Platz gebeten.",
        "error.wifi_missing": "Es ist noch kein WLAN eingestellt.",
        "error.wifi_ssid": "Der WLAN-Name muss 1 bis {maximum} Bytes lang sein.",
        "error.wifi_password_wpa": "Ein WPA-Passwort hat {minimum} bis {maximum} Zeichen.",
        "error.wifi_password_wep": "Ein WEP-Schlüssel hat 5, 10, 13 oder 26 Zeichen.",
        "box.grant": "OK: Platz {seat} an {name}",
        "box.grant_phone": "Telefon für Platz {seat}",
        "box.show_wifi": "WLAN-Code zeigen",
        "box.host_grant": "OK: Tischseite {label}",
        "box.host_refuse": "{label} ablehnen",
        "box.deny": "Platz {seat} für {name} ablehnen",
        "box.deny_phone": "Telefon für Platz {seat} ablehnen",
        "box.asks_waiting.one": "1 Anfrage: halte",
        "box.asks_waiting.other": "{count} Anfragen: halte",
        "box.asks_title": "Anfragen an die Box",
        "box.asks_read": "Erst lesen …",
        "box.asks_take": "wählen",
        "box.asks_close": "schließen",
        "box.hosts_forget": "Alle Tischseiten abmelden",
        "box.rematch": "Revanche",
        "box.end_game": "Spiel beenden …",
        "box.settings": "{game}: Einstellungen …",
        "box.settings_title": "{game}: Einstellungen",
        "box.option": "{name}: {value}",
        "box.option_value": "{value}",
        "box.settings_done": "Fertig",
        "box.keep_playing": "Weiterspielen",
        "box.again.may_end": "{step}",
        "box.again.ends": "Ja, beenden",
        "box.again_back": "Spielende? Nein",
        "box.end_confirm": "OK: Spiel beenden",
        "box.show_join": "Beitritts-Code zeigen",
        "box.language_switch": "Sprache: English",
        "undo.note": "Rückgängig: {step} ({name})",
        "undo.note_unnamed": "Rückgängig: {step}",
        "undo.last_step": "der letzte Schritt",
        "undo.end_turn": "Zug beendet",
        "undo.pause": "Uhr angehalten",
        "undo.resume": "Uhr gestartet",
        "undo.roll": "gewürfelt",
    },
    "en": {
        "error.action_malformed": "This action is incomplete or badly formed.",
        "error.action_unknown": "There is no such action here: {type}.",
        "error.argument_unknown": "This action takes no “{name}”.",
        "error.argument_type": "“{name}” is of the wrong kind (text instead of a whole number, "
                               "for example).",
        "error.action_too_large": "This action is too big (at most {maximum} KB).",
        "error.option_unknown": "There is no setting called “{option}”.",
        "error.option_choice": "“{value}” is not allowed for “{option}”.",
        "error.option_number": "“{option}” must be a whole number.",
        "error.option_text": "“{option}” is a name of 1 to {maximum} characters.",
        "error.document_kind": "This game does not keep anything like that.",
        "error.document_name": "The name has 1 to {maximum} characters.",
        "error.document_unknown": "That is not saved on the box.",
        "error.option_range": "“{option}” must be between {minimum} and {maximum}.",
        "error.game_unknown": "The box does not know the game “{game}”.",
        "error.no_game": "No game is running.",
        "error.game_running": "A game is already running. End it first.",
        "error.rematch_not_over": "A rematch comes once the game is over.",
        "error.next_not_over": "You choose another game once this one is over.",
        "error.seat_count": "This game needs {minimum} to {maximum} seats.",
        "error.seat_unknown": "There is no such seat.",
        "error.seat_taken": "This seat is already taken.",
        "error.seat_needed": "Your phone needs a seat at the table for that.",
        "error.not_your_seat": "Only that seat may do this.",
        "error.host_only": "Only the table page and the box may do that.",
        "error.box_itself": "Only the box itself does that.",
        "error.seat_has_phone": "Seat {seat} has a phone: only that phone may do this.",
        "error.host_needed": "Take a seat first, or make this browser the table page "
                             "(with OK on the box).",
        "error.host_already": "This browser is the table page already.",
        "error.no_host_ask": "No browser is asking to be the table page right now.",
        "error.wifi_password_again": "Another network needs its own password: please type it.",
        "error.name_invalid": "A name has 1 to 20 characters.",
        "error.nothing_to_undo": "There is nothing to undo.",
        "error.undo_reveal": "What has been revealed cannot be undone.",
        "error.undo_clock": "The clock has ruled: a turn that ran out of time cannot be undone.",
        "error.undo_over": "The game is decided: its end cannot be undone.",
        "error.undo_not_yours": "Your phone can only undo your own last step; the box or the "
                                "table page can undo this one.",
        "error.undo_clock_runs": "Too late to take back: the clock is already running on. Only "
                                 "the box or the table page can still undo this.",
        "error.undo_shared": "This counts for everyone: no phone takes it back, only the box or "
                             "the table page.",
        "error.stale": "The table has changed in the meantime. Please try again.",
        "error.busy": "The box is busy right now. Please try again.",
        "error.not_found": "There is no such page.",
        "error.internal": "Something went wrong. The game is safe.",
        "error.disk_full": "The storage is full: the last step was not saved.",
        "box.choose_game": "Choose a game",
        "box.seats.one": "1 seat",
        "box.seats.other": "{count} seats",
        "box.start": "Start",
        "box.join": "Scan to join",
        "box.code": "Code",
        "box.undo": "Undo",
        "box.paused": "Paused",
        "box.seat": "Seat {seat}",
        "box.database_moved": "The old game data was damaged and has been moved aside.",
        "box.database_partial.one": "The saved game was damaged: 1 step could not be read, "
                                    "it goes on from the last good one. The damaged files "
                                    "were kept.",
        "box.database_partial.other": "The saved game was damaged: {count} steps could not be "
                                      "read, it goes on from the last good one. The damaged "
                                      "files were kept.",
        "box.database_repaired": "The saved game was damaged and is all back. The damaged "
                                 "files were kept.",
        "box.not_saving": "The SD card is read-only: playing on without saving.",
        "box.full_not_saving": "The SD card is full (or failing): playing on without saving.",
        "box.cannot_save": "The saved games cannot be opened for writing: playing on without "
                           "saving.",
        "box.game_unreadable": "Unreadable game (kept in the database)",
        "error.disk_full.short": "Card full: step\u00a0not\u00a0saved",
        "box.database_moved.short": "Damaged old game moved aside",
        "box.database_partial.short.one": "Saved game damaged: 1 step missing",
        "box.database_partial.short.other": "Saved game damaged: {count} steps missing",
        "box.database_repaired.short": "Saved game damaged, all back",
        "box.not_saving.short": "Card read-only: not\u00a0saving",
        "box.full_not_saving.short": "Card full: not saving",
        "box.cannot_save.short": "Not saving",
        "error.code_unknown": "The box does not know this code (any more). Look at its screen.",
        "error.seat_free": "This seat is free: just take it.",
        "error.no_claim": "Nobody has asked for this seat.",
        "error.wifi_missing": "No Wi-Fi has been set up yet.",
        "error.wifi_ssid": "The Wi-Fi name must be 1 to {maximum} bytes long.",
        "error.wifi_password_wpa": "A WPA password has {minimum} to {maximum} characters.",
        "error.wifi_password_wep": "A WEP key has 5, 10, 13 or 26 characters.",
        "box.grant": "OK: seat {seat} to {name}",
        "box.grant_phone": "Phone for seat {seat}",
        "box.show_wifi": "Show the Wi-Fi code",
        "box.host_grant": "OK: table page {label}",
        "box.host_refuse": "Refuse {label}",
        "box.deny": "Refuse seat {seat} to {name}",
        "box.deny_phone": "Refuse the phone for seat {seat}",
        "box.asks_waiting.one": "1 ask waiting: hold",
        "box.asks_waiting.other": "{count} asks waiting: hold",
        "box.asks_title": "Asks to the box",
        "box.asks_read": "Read it first…",
        "box.asks_take": "choose",
        "box.asks_close": "close",
        "box.hosts_forget": "Sign out every table page",
        "box.rematch": "Rematch",
        "box.end_game": "End the game…",
        "box.settings": "{game}: settings…",
        "box.settings_title": "{game}: settings",
        "box.option": "{name}: {value}",
        "box.option_value": "{value}",
        "box.settings_done": "Done",
        "box.keep_playing": "Play on",
        "box.again.may_end": "{step}",
        "box.again.ends": "Yes, end the game",
        "box.again_back": "End the game? No",
        "box.end_confirm": "OK: end the game",
        "box.show_join": "Show the join code",
        "box.language_switch": "Language: Deutsch",
        "undo.note": "Undone: {step} ({name})",
        "undo.note_unnamed": "Undone: {step}",
        "undo.last_step": "the last step",
        "undo.end_turn": "turn ended",
        "undo.pause": "clock paused",
        "undo.resume": "clock started",
        "undo.roll": "dice rolled",
    },
}

Texts = Mapping[str, Mapping[str, str]]
"""Sentences by language, then by key: ``{"de": {key: sentence}, "en": {...}}``."""

class TextClash(ValueError):
    """A set of sentences the catalog refuses: a key taken by another sentence, a key missing
    in a language, or a sentence about a number without both plural forms."""


class Catalog:
    """Every sentence Getaway says, each key added once by its owner (the core, the server,
    the box, a game) and checked as it is added."""

    def __init__(self) -> None:
        self._sentences: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
        self._owners: dict[str, str] = {}

    def add(self, owner: str, texts: Texts) -> None:
        """Add ``owner``'s sentences; raise TextClash, adding none, if any is refused."""
        _check_languages(owner, texts)
        _check_plurals(owner, texts)
        for key in texts[DEFAULT_LANGUAGE]:
            self._check_free(owner, key, texts)
        for lang in LANGUAGES:
            self._sentences[lang].update(texts[lang])
        for key in texts[DEFAULT_LANGUAGE]:
            self._owners.setdefault(key, owner)

    def _check_free(self, owner: str, key: str, texts: Texts) -> None:
        known = self._owners.get(key)
        if known is not None and any(self._sentences[lang][key] != texts[lang][key]
                                     for lang in LANGUAGES):
            raise TextClash(f"text {key!r} of {owner} is already {known}'s, with another "
                            "sentence")

    def text(self, key: str, lang: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
        """The sentence for ``key`` in ``lang``; an unknown key falls back to the key itself.

        A sentence about a number of things has two forms, ``<key>.one`` and ``<key>.other``;
        the ``count`` parameter picks one (the phones do the same with ``Intl.PluralRules``).
        """
        sentences = self.sentences(lang)
        count = params.get("count")
        if key not in sentences and isinstance(count, int) and not isinstance(count, bool):
            key = f"{key}.{plural(lang, count)}"
        template = sentences.get(key, key)
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):
            return template

    def has_text(self, key: str) -> bool:
        """Whether ``key`` is a sentence of the catalog (every language has the same keys)."""
        return key in self._owners

    def sentences(self, lang: str) -> Mapping[str, str]:
        """All sentences of one language (an unknown language: the default one's)."""
        return self._sentences.get(lang, self._sentences[DEFAULT_LANGUAGE])


def _check_languages(owner: str, texts: Texts) -> None:
    """Every language present, with the same keys."""
    if set(texts) != set(LANGUAGES):
        raise TextClash(f"the texts of {owner} are in {sorted(texts)}, not {list(LANGUAGES)}")
    every = set().union(*(texts[lang] for lang in LANGUAGES))
    for lang in LANGUAGES:
        missing = sorted(every - set(texts[lang]))
        if missing:
            raise TextClash(f"text {missing[0]!r} of {owner} has no {lang} sentence")


def _check_plurals(owner: str, texts: Texts) -> None:
    """A number of things (``{count}``) is in a sentence in every language or in none, and
    only in a plural form; a plural form (a ``.other``, or a ``.one`` with the number) has
    both forms beside it. A number that counts nothing goes by another name (``{total}``)."""
    keys = set(texts[DEFAULT_LANGUAGE])
    for key in sorted(keys):
        counts = {lang for lang in LANGUAGES if "{count}" in texts[lang][key]}
        if counts and counts != set(LANGUAGES):
            raise TextClash(f"text {key!r} of {owner} has a {{count}} only in {sorted(counts)}")
        stem, _, form = key.rpartition(".")
        if counts and form not in ("one", "other"):
            raise TextClash(f"text {key!r} of {owner} has a {{count}} but no plural forms "
                            f"({key + '.one'!r}, {key + '.other'!r})")
        missing = sorted({f"{stem}.one", f"{stem}.other"} - keys)
        if missing and (form == "other" or (form == "one" and counts)):
            raise TextClash(f"text {key!r} of {owner} is a plural form without {missing[0]!r} "
                            "beside it")


def plural(lang: str, count: int) -> str:
    """The CLDR plural category of ``count`` in ``lang``: German and English say "one" for
    exactly 1 and "other" for every other whole number (0, 2, -1...)."""
    return "one" if count == 1 else "other"


@cache
def default_catalog() -> Catalog:
    """The catalog of the box: its own sentences and its games', assembled once in
    ``companion.texts``."""
    from companion.texts import assemble  # the catalog's owners all stand on this module

    return assemble()


def text(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """The sentence for ``key`` in ``lang`` from the box's catalog (see ``Catalog.text``)."""
    return default_catalog().text(key, lang, **params)


@dataclass(frozen=True, slots=True)
class Told:
    """A sentence to say later in each reader's own language: its key, and its count if it
    is about a number of things."""

    key: str
    count: int | None = None

    def say(self, lang: str = DEFAULT_LANGUAGE, *, short: bool = False) -> str:
        """The sentence in ``lang``; ``short``: its form for the band on the box's screen
        (``<key>.short``)."""
        key = f"{self.key}.short" if short else self.key
        return text(key, lang) if self.count is None else text(key, lang, count=self.count)


def has_text(key: str) -> bool:
    """Whether ``key`` is a sentence of the box's catalog."""
    return default_catalog().has_text(key)


def catalog(lang: str) -> dict[str, str]:
    """All sentences of one language, for the phones."""
    return dict(default_catalog().sentences(lang))


def pick_language(accept_language: str | None) -> str:
    """The first supported language in an HTTP Accept-Language header, else English."""
    for part in (accept_language or "").split(","):
        lang = part.split(";")[0].strip().lower()[:2]
        if lang in LANGUAGES:
            return lang
    return "en"
