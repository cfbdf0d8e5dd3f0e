"""The records page's sentences in German and English."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "web.records": "Rekorde",
        "web.records_empty": "Sobald ein Spiel mit Namen zu Ende gespielt ist, stehen hier "
                             "die Rekorde eurer Runde.",
        "web.records_played.one": "1 Spiel",
        "web.records_played.other": "{count} Spiele",
        "web.records_order": "Oben steht, wer die meisten Spiele gewonnen hat; bei "
                             "Gleichstand, wer mehr gespielt hat.",
        "web.records_won.one": "1 gewonnen",
        "web.records_won.other": "{count} gewonnen",
        "web.head_to_head": "Direkter Vergleich",
        "web.head_to_head_show": "Vergleichen",
        "web.head_to_head_first": "Erster Name",
        "web.head_to_head_second": "Zweiter Name",
        "web.head_to_head_line": "{first}: {ahead} vorn, {second}: {behind} vorn, "
                                 "{level} gleich",
        "web.head_to_head_none": "Diese beiden haben noch kein Spiel zusammen beendet.",
        "web.download_records_json": "Rekorde als JSON laden",
        "web.download_records_csv": "Rekorde als CSV laden",
        "web.bgstats": "In BG Stats übernehmen",
        "web.records_best": "Neuer Rekord!",
        "web.players": "Spieler",
        "web.players_hint": "Zwei Namen derselben Person zusammenlegen, oder einen Spieler "
                            "mit allen seinen Rekorden löschen.",
        "web.players_merge": "zusammenlegen mit",
        "web.players_merge_button": "Zusammenlegen",
        "web.players_forget": "Spieler löschen",
        "web.players_forget_button": "Mit allen Rekorden löschen",
        "web.players_forget_sure": "Wirklich löschen? Nochmal tippen",
        "error.player_unknown": "Diesen Spieler gibt es in den Rekorden nicht.",
        "error.players_same": "Das ist zweimal derselbe Spieler.",
        "error.players_met": "Diese beiden haben zusammen gespielt: Es sind zwei Personen.",
    },
    "en": {
        "web.records": "Records",
        "web.records_empty": "Once a game with names has been played to its end, your "
                             "group's records are here.",
        "web.records_played.one": "1 game",
        "web.records_played.other": "{count} games",
        "web.records_order": "Most games won first; on a tie, most games played.",
        "web.records_won.one": "1 won",
        "web.records_won.other": "{count} won",
        "web.head_to_head": "Head to head",
        "web.head_to_head_show": "Compare",
        "web.head_to_head_first": "First name",
        "web.head_to_head_second": "Second name",
        "web.head_to_head_line": "{first}: {ahead} ahead, {second}: {behind} ahead, "
                                 "{level} level",
        "web.head_to_head_none": "These two have not finished a game together yet.",
        "web.download_records_json": "Download the records as JSON",
        "web.download_records_csv": "Download the records as CSV",
        "web.bgstats": "Add to BG Stats",
        "web.records_best": "A new best!",
        "web.players": "Players",
        "web.players_hint": "Put two names of the same person together, or delete a player "
                            "with all their records.",
        "web.players_merge": "put together with",
        "web.players_merge_button": "Put together",
        "web.players_forget": "Delete a player",
        "web.players_forget_button": "Delete with all records",
        "web.players_forget_sure": "Really delete? Tap again",
        "error.player_unknown": "There is no such player in the records.",
        "error.players_same": "That is the same player twice.",
        "error.players_met": "These two played together: they are two people.",
    },
}
