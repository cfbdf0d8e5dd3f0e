"""The sentences of the box itself, in German and English: its painters and its self-test.

Data only, so the catalog reads them without drawing anything."""

from __future__ import annotations

PARTS: dict[str, dict[str, str]] = {
    "de": {
        "screen.join_short": "Mitspielen",
        "screen.no_network": "Warte auf WLAN",
        "box.refused": "Getaway kann nicht starten:",
        "screen.hurry": "Beeilung!",
        "screen.almost": "Gleich vorbei!",
        "screen.paused": "PAUSE",
        "screen.total": "Gesamt",
        "screen.missing": "fehlt",
        "screen.place": "{index} von {total}",
        "screen.key": "{button}: {action}",
        "screen.key_held": "{button} halten: {action}",
        "screen.key_both": "{button}: {action}, halten: {held}",
        "screen.time_up": "ZEIT UM!",
        "screen.unshowable": "Dieses Bild kann die Box gerade nicht zeigen. Die Telefone "
                             "spielen weiter.",
        "box.button.turn": "TURN",
        "box.button.ok": "OK",
        "box.button.back": "ZURÜCK",
        "box.key.undo": "Rückgängig",
        "box.key.end_ask": "Weiterspielen",
        "box.key.setup": "Zurück",
        "box.key.ask_again": "Zurück",
    },
    "en": {
        "screen.join_short": "Join",
        "screen.no_network": "Waiting for Wi-Fi…",
        "box.refused": "Getaway cannot start:",
        "screen.hurry": "Hurry up!",
        "screen.almost": "Almost out!",
        "screen.paused": "PAUSED",
        "screen.total": "Total",
        "screen.missing": "missing",
        "screen.place": "{index} of {total}",
        "screen.key": "{button}: {action}",
        "screen.key_held": "hold {button}: {action}",
        "screen.key_both": "{button}: {action}, hold: {held}",
        "screen.time_up": "TIME'S UP!",
        "screen.unshowable": "The box cannot show this screen just now. The phones play on.",
        "box.button.turn": "TURN",
        "box.button.ok": "OK",
        "box.button.back": "BACK",
        "box.key.undo": "undo",
        "box.key.end_ask": "play on",
        "box.key.setup": "back",
        "box.key.ask_again": "back",
    },
}
"""The words every painter shares: keys, the clock's warnings, joining."""


LOBBY: dict[str, dict[str, str]] = {
    "de": {
        "box.new_game.one": "{game} · 1 Platz",
        "box.new_game.other": "{game} · {count} Plätze",
        "screen.lobby.choose": "wählen",
        "screen.lobby.start": "OK: starten",
        "screen.lobby.change": "OK: ändern",
        "screen.lobby.keep": "OK: übernehmen",
        "screen.lobby.wifi": "Mit dem WLAN der Box verbinden",
        "screen.lobby.here": "Da: {names}",
        "screen.lobby.gone": "Weg: {names}",
        "screen.lobby.tonight": "Siege\u00a0heute: {standings}",
        "screen.lobby.record": "{name}: {record}",
        "screen.lobby.won.one": "1 Spiel gewonnen",
        "screen.lobby.won.other": "{count} Spiele gewonnen",
    },
    "en": {
        "box.new_game.one": "{game} · 1 seat",
        "box.new_game.other": "{game} · {count} seats",
        "screen.lobby.choose": "choose",
        "screen.lobby.start": "OK: start",
        "screen.lobby.change": "OK: change",
        "screen.lobby.keep": "OK: keep",
        "screen.lobby.wifi": "Join the box's Wi-Fi",
        "screen.lobby.here": "Here: {names}",
        "screen.lobby.gone": "Gone: {names}",
        "screen.lobby.tonight": "Wins\u00a0tonight: {standings}",
        "screen.lobby.record": "{name}: {record}",
        "screen.lobby.won.one": "1 game won",
        "screen.lobby.won.other": "{count} games won",
    },
}
"""The lobby's screen."""


STATION: dict[str, dict[str, str]] = {
    "de": {
        "sim.station": "Polizeiwache",
        "sim.key.arrows": "Pfeiltasten",
        "sim.key.enter": "Enter",
        "sim.key.back": "Rücktaste, Esc",
        "sim.key.space": "Leertaste",
        "sim.button.sides": "LINKS/RECHTS",
        "sim.button.ok": "OK",
        "sim.button.back": "ZURÜCK",
        "sim.button.turn": "TURN",
        "sim.hold": "Lang halten: TURN hält an, ZURÜCK nimmt zurück",
        "sim.buzzer": "Summer: {sounds}",
        "sim.sound.press": "Klick",
        "sim.sound.warn": "Warnung",
        "sim.sound.tick": "Tick",
        "sim.sound.overrun": "Zeit um!",
        "sim.sound.siren": "Sirene",
        "sim.sound.error": "Fehler",
        "sim.sound.done": "Fertig",
    },
    "en": {
        "sim.station": "Police station",
        "sim.key.arrows": "Arrow keys",
        "sim.key.enter": "Enter",
        "sim.key.back": "Backspace, Esc",
        "sim.key.space": "Space",
        "sim.button.sides": "LEFT/RIGHT",
        "sim.button.ok": "OK",
        "sim.button.back": "BACK",
        "sim.button.turn": "TURN",
        "sim.hold": "Hold TURN to pause, hold BACK to undo",
        "sim.buzzer": "Buzzer: {sounds}",
        "sim.sound.press": "click",
        "sim.sound.warn": "warning",
        "sim.sound.tick": "tick",
        "sim.sound.overrun": "time up!",
        "sim.sound.siren": "siren",
        "sim.sound.error": "error",
        "sim.sound.done": "done",
    },
}
"""The police station's panel."""


SELFTEST: dict[str, dict[str, str]] = {
    "de": {
        "selftest.title": "Selbsttest",
        "selftest.column": "LEDs: Spalte {column} ({colour}), einzeln von unten nach oben",
        "selftest.all": "LEDs: alle 24 leuchten",
        "selftest.chain": "LED-Kette: ein Muster durch alle 24 Stufen, zurückgelesen an GPIO "
                          "{gpio}",
        "selftest.chain_ok": "LED-Kette: jedes Bit kam zurück",
        "selftest.chain_low": "LED-Kette: GPIO {gpio} bleibt low: QH' (Pin 9) des letzten Chips, "
                              "R33, R34 und den Draht zu Header-Pin {pin} prüfen",
        "selftest.chain_high": "LED-Kette: GPIO {gpio} bleibt high: R34 nach GND prüfen, und dass "
                               "nichts anderes an Header-Pin {pin} hängt",
        "selftest.chain_wrong.one": "LED-Kette: 1 von 24 Bits kam falsch zurück: QH' jedes Chips "
                                    "zum SER des nächsten, CLOCK und DATA prüfen",
        "selftest.chain_wrong.other": "LED-Kette: {count} von 24 Bits kamen falsch zurück: QH' "
                                      "jedes Chips zum SER des nächsten, CLOCK und DATA prüfen",
        "selftest.buzzer": "Summer: piept er?",
        "selftest.press": "Drücke {button}",
        "selftest.answered": "{button}: antwortet",
        "selftest.silent": "{button}: keine Antwort",
        "selftest.instead": "{button}: {other} hat geantwortet (vertauscht?)",
        "selftest.passed": "Alles in Ordnung.",
        "selftest.failed": "Bitte die Verdrahtung prüfen (hardware/assembly.md).",
        "selftest.colour.yellow": "gelb",
        "selftest.colour.green": "grün",
        "selftest.colour.white": "weiß",
        "selftest.colour.red": "rot",
        "selftest.button.left": "LINKS",
        "selftest.button.right": "RECHTS",
        "selftest.button.ok": "OK",
        "selftest.button.back": "ZURÜCK",
        "selftest.button.turn": "TURN",
    },
    "en": {
        "selftest.title": "Self-test",
        "selftest.column": "LEDs: column {column} ({colour}), one by one from the bottom up",
        "selftest.all": "LEDs: all 24 are lit",
        "selftest.chain": "LED chain: a pattern through all 24 stages, read back on GPIO {gpio}",
        "selftest.chain_ok": "LED chain: every bit came back",
        "selftest.chain_low": "LED chain: GPIO {gpio} stays low: check QH' (pin 9) of the last "
                              "chip, R33, R34 and the wire to header pin {pin}",
        "selftest.chain_high": "LED chain: GPIO {gpio} stays high: check R34 to GND, and that "
                               "nothing else is on header pin {pin}",
        "selftest.chain_wrong.one": "LED chain: 1 bit of 24 came back wrong: check each chip's "
                                    "QH' to the next one's SER, CLOCK and DATA",
        "selftest.chain_wrong.other": "LED chain: {count} bits of 24 came back wrong: check each "
                                      "chip's QH' to the next one's SER, CLOCK and DATA",
        "selftest.buzzer": "Buzzer: does it beep?",
        "selftest.press": "Press {button}",
        "selftest.answered": "{button}: answered",
        "selftest.silent": "{button}: no answer",
        "selftest.instead": "{button}: {other} answered instead (swapped?)",
        "selftest.passed": "All is well.",
        "selftest.failed": "Please check the wiring (hardware/assembly.md).",
        "selftest.colour.yellow": "yellow",
        "selftest.colour.green": "green",
        "selftest.colour.white": "white",
        "selftest.colour.red": "red",
        "selftest.button.left": "LEFT",
        "selftest.button.right": "RIGHT",
        "selftest.button.ok": "OK",
        "selftest.button.back": "BACK",
        "selftest.button.turn": "TURN",
    },
}
"""The self-test's lines on the terminal and the screen."""


REFUSALS: dict[str, dict[str, str]] = {
    "de": {
        "pins.line": "{file} Zeile {line}",
        "pins.unreadable": "kann nicht gelesen werden ({why})",
        "pins.not_toml": "ist kein gültiges TOML ({why})",
        "pins.unknown_section": "unbekannter Abschnitt [{section}] (bekannt: {known})",
        "pins.no_section": "der Abschnitt [{section}] fehlt",
        "pins.not_section": "[{section}] muss ein Abschnitt sein",
        "pins.unknown_key": "unbekannter Schlüssel {field} (bekannt: {known})",
        "pins.no_key": "{field} fehlt",
        "pins.not_gpio": "{field} muss eine GPIO-Nummer (BCM) sein, etwa 17",
        "pins.off_header": "{field} ist GPIO {gpio}, der nicht auf der Stiftleiste liegt "
                           "({first} bis {last} verwenden)",
        "pins.not_whole": "{field} muss eine ganze Zahl von {low} bis {high} sein",
        "pins.not_choice": "{field} muss eines davon sein: {choices}",
        "pins.not_boolean": "{field} muss true oder false sein",
        "pins.not_brightness": "{field} muss eine Zahl von {low} bis 1.0 (volle Helligkeit) sein",
        "pins.not_device": "{field} muss der Pfad eines Framebuffers sein, etwa „/dev/fb1“",
        "pins.dim_without_oe": "station.brightness unter 1 braucht station.oe: Der OE-Pin dimmt "
                               "die LEDs",
        "pins.used_twice": "GPIO {gpio} ist doppelt belegt ({first} und {second})",
        "box.data_is_file": "--data {path} ist eine Datei: Gib den Ordner an, in dem die Spiele "
                            "liegen",
        "box.newer_database": "{path} stammt von einem neueren Getaway (Schema {found}, dieses "
                              "kennt {known}): Getaway aktualisieren",
        "box.no_pins": "Hier gibt es keine GPIO-Pins ({why}); auf einem Computer `getaway "
                       "{command} --sim` verwenden (-v sagt, warum)",
        "box.port_taken": "Kann nicht auf {host} Port {port} lauschen ({why}); läuft Getaway "
                          "schon? Wähle mit --port einen anderen.",
        "box.cannot_listen": "Kann nicht auf {host} Port {port} lauschen ({why}); wähle mit "
                             "--host eine andere Adresse.",
    },
    "en": {
        "pins.line": "{file} line {line}",
        "pins.unreadable": "cannot be read ({why})",
        "pins.not_toml": "is not valid TOML ({why})",
        "pins.unknown_section": "unknown section [{section}] (known: {known})",
        "pins.no_section": "the section [{section}] is missing",
        "pins.not_section": "the section [{section}] must be a table",
        "pins.unknown_key": "unknown key {field} (known: {known})",
        "pins.no_key": "{field} is missing",
        "pins.not_gpio": "{field} must be a GPIO number (BCM), like 17",
        "pins.off_header": "{field} is GPIO {gpio}, which is not on the header (use {first} to "
                           "{last})",
        "pins.not_whole": "{field} must be a whole number from {low} to {high}",
        "pins.not_choice": "{field} must be one of {choices}",
        "pins.not_boolean": "{field} must be true or false",
        "pins.not_brightness": "{field} must be a number from {low} to 1.0 (full brightness)",
        "pins.not_device": '{field} must be the path of a framebuffer, like "/dev/fb1"',
        "pins.dim_without_oe": "station.brightness below 1 needs station.oe: the OE pin is what "
                               "dims the LEDs",
        "pins.used_twice": "GPIO {gpio} is used twice ({first} and {second})",
        "box.data_is_file": "--data {path} is a file: give the folder the games are kept in",
        "box.newer_database": "{path} was written by a newer Getaway (schema {found}, this one "
                              "knows {known}): upgrade Getaway",
        "box.no_pins": "no GPIO pins here ({why}); on a computer use `getaway {command} --sim` "
                       "(-v tells why)",
        "box.port_taken": "cannot listen on {host} port {port} ({why}); is Getaway running "
                          "already? Choose another with --port.",
        "box.cannot_listen": "cannot listen on {host} port {port} ({why}); choose another "
                             "address with --host.",
    },
}
"""Why the box cannot start, on its screen in the box's language and in the log in English."""
