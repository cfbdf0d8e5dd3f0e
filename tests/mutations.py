"""The checks of who may act and of the trust model, each removed or weakened once: the tests
named beside it must fail on that copy of Getaway (tests/test_mutations.py runs them).

Each snippet is today's code, found exactly once in its file; when a check moves, its entry
moves with it. Tests are pytest arguments (a file, or one test of it), the narrowest that
guard the check, so that the whole list runs in a minute or two.
"""

from __future__ import annotations

from dataclasses import dataclass

API = "companion/server/api.py"
APP = "companion/server/app.py"
ACTIONS = "companion/server/actions.py"
CODES = "companion/server/codes.py"
CONTEXT = "companion/server/context.py"
GUARD = "companion/server/guard.py"
LIMITER = "companion/server/limiter.py"
PAGES = "companion/server/pages.py"
REQUEST = "companion/server/request.py"
STREAM = "companion/server/stream.py"
HOSTS = "companion/table/hosts.py"
LINKING = "companion/table/linking.py"
OWNER = "companion/table/owner.py"
RULES = "companion/table/rules.py"
BASE = "companion/games/base.py"
SEATS = "companion/table/seats.py"
STATE = "companion/table/state.py"
VIEWS = "companion/table/views.py"
GENDARM = "companion/games/gendarm/rules.py"
ROBNRUN = "companion/games/robnrun/rules.py"
TYPED = "companion/server/typed.py"
BOX = "companion/device/box.py"

TRUST = "tests/server/test_trust_model.py"
WHO = "tests/server/test_who_may_act.py::test_who_may_act"
API_TESTS = "tests/server/test_api.py"
SEAT_TESTS = "tests/server/test_seats.py"
TABLE_TESTS = "tests/test_table.py"
LIMITS = "tests/server/test_limits.py"
TYPED_TESTS = "tests/server/test_typed.py"
ASKS = "tests/device/test_asks.py"
HEADERS = "tests/server/test_headers.py"
REJOIN = "tests/server/test_rejoin.py"
WAY_IN = "tests/server/test_way_in.py"


def trust(test: str) -> str:
    """One test of tests/server/test_trust_model.py."""
    return f"{TRUST}::{test}"


def who(kind: str, caller: str) -> str:
    """One row of the who-may-act matrix: ``kind`` sent by ``caller``."""
    return f"{WHO}[{kind}-{caller}]"


@dataclass(frozen=True)
class Mutation:
    """``old`` in ``path`` becomes ``new``, which removes or weakens one check; ``tests``
    must fail then."""

    name: str
    path: str
    old: str
    new: str
    tests: tuple[str, ...]


MUTATIONS = [
    # -- the API: what a phone may send ---------------------------------------------------------
    Mutation("a phone sends what only the server makes (claim, host ask, time)", API,
             "if by is Sender.SERVER:", "if False:",
             (f"{API_TESTS}::test_clients_cannot_claim_seats_or_call_time",)),
    Mutation("a phone calls time", RULES,
             "if kind == TIMEOUT:", "if False:",
             (who("timeout", "own"),)),
    Mutation("a phone adds a host with a token of its own", RULES,
             '"table.host_add": base.Step(does=hosts.host_add, by=SERVER,',
             '"table.host_add": base.Step(does=hosts.host_add,',
             (trust("test_the_server_alone_sends_what_it_makes"),)),
    Mutation("a phone sends reserved arguments", API,
             "if FILLED_IN & args.keys():", "if False:",
             (trust("test_a_phone_never_sends_a_reserved_argument"),)),
    Mutation("a phone chooses what chance decides", RULES,
             "dict},\n                               filled_in=frozenset({CHANCE})),",
             "dict}),",
             (trust("test_a_phone_never_sends_a_reserved_argument"),
              trust("test_what_no_phone_may_pass_is_what_the_steps_declare_the_box_fills_in"))),
    Mutation("a phone sends a hand-over's seat holder (replaces)", RULES,
             'filled_in=frozenset({"token_hash", "replaces", "force"})),',
             'filled_in=frozenset({"token_hash", "force"})),',
             (trust("test_a_phone_never_sends_a_reserved_argument"),)),
    Mutation("the host keeps a seat it does not hold", API,
             "if by is Sender.OWN_SEAT and seat is None:", "if False:",
             (who("table.rename", "host"),)),
    Mutation("a browser without seat or host acts for the table", API,
             "if acting is None and not host:", "if False:",
             (who("table.new_game", "stranger"),)),
    Mutation("a seat is taken without the join code", API,
             "if not context.has_join_code():", "if False:",
             (f"{SEAT_TESTS}::test_a_phone_without_the_join_code_cannot_take_a_seat",)),
    Mutation("a seated phone takes a second seat", API,
             '        raise IllegalAction("error.already_seated")\n    return {',
             "        pass\n    return {",
             (f"{API_TESTS}::test_join_refuses_a_second_seat_for_the_same_phone",)),
    Mutation("joining is not rate-limited", API,
             "    check_attempts()\n    if not context.has_join_code():",
             "    if not context.has_join_code():",
             (f"{API_TESTS}::test_join_is_rate_limited",)),
    Mutation("typing codes is not rate-limited", API,
             "    check_attempts()\n    if context.codes().is_join(typed):",
             "    if context.codes().is_join(typed):",
             (f"{SEAT_TESTS}::test_a_wrong_code_is_refused_and_guessing_is_rate_limited",)),
    Mutation("a seated phone redeems a hand-over code", API,
             '        raise IllegalAction("error.already_seated")\n    handover',
             "        pass\n    handover",
             (trust("test_a_seated_phone_cannot_redeem_a_hand_over_code"),)),
    Mutation("a phone without a seat makes a hand-over code", API,
             "if token is None or seat is None:", "if token is None:",
             (trust("test_a_phone_whose_seat_went_makes_no_hand_over_code"),)),
    Mutation("host asks are not rate-limited", API,
             "    _json_body()\n    check_attempts()\n    attempt_failed()",
             "    _json_body()\n    attempt_failed()", (trust("test_host_asks_are_rate_limited"),)),
    Mutation("host asks do not count towards the limit", API,
             "    check_attempts()\n    attempt_failed()\n    if context.caller_is_host():",
             "    check_attempts()\n    if context.caller_is_host():",
             (trust("test_host_asks_are_rate_limited"),)),
    Mutation("a host asks again", API,
             "if context.caller_is_host():", "if False:",
             (trust("test_the_host_does_not_ask_again"),)),
    Mutation("failed joins do not count", API,
             "if request.endpoint in JOINING and status_of(error) != 429:", "if False:",
             (f"{SEAT_TESTS}::test_a_wrong_code_is_refused_and_guessing_is_rate_limited",)),
    Mutation("the seat cookie is readable by scripts", API,
             "set_cookie(context.SEAT_COOKIE, token, max_age=COOKIE_AGE_S, httponly=True,",
             "set_cookie(context.SEAT_COOKIE, token, max_age=COOKIE_AGE_S, httponly=False,",
             (trust("test_the_cookies_stay_with_the_box_and_out_of_scripts"),)),
    Mutation("the host cookie goes along with other sites' requests", API,
             'set_cookie(context.HOST_COOKIE, token, max_age=COOKIE_AGE_S, httponly=True,\n'
             '                        samesite="Strict")',
             'set_cookie(context.HOST_COOKIE, token, max_age=COOKIE_AGE_S, httponly=True,\n'
             '                        samesite="Lax")',
             (trust("test_the_cookies_stay_with_the_box_and_out_of_scripts"),)),
    # -- who is calling: the join code, the host, the views ------------------------------------
    Mutation("any browser has the join code", CONTEXT,
             "return same(caller().join_code, codes().join)", "return True",
             (f"{SEAT_TESTS}::test_a_phone_without_the_join_code_cannot_take_a_seat",)),
    Mutation("a host cookie nobody granted counts as host when asking", CONTEXT,
             "return token is not None and table().is_host(token)",
             "return token is not None",
             (trust("test_a_browser_whose_cookie_is_no_host_may_ask"),)),
    Mutation("a host cookie nobody granted counts as host", CONTEXT,
             "return seat, self.host_token is not None and table.is_host(self.host_token)",
             "return seat, self.host_token is not None",
             (trust("test_a_forged_host_cookie_is_no_host"),)),
    Mutation("the table page shows the secrets of a seat its browser holds", CONTEXT,
             "seat = None if self.table_page or self.seat_token is None else (",
             "seat = None if self.seat_token is None else (",
             (trust("test_the_table_page_shows_no_seat_its_browser_holds"),)),
    Mutation("every view carries the join code", CONTEXT,
             "        return views.strip(view, views.Reader(seat, host), table.games)",
             "        return view",
             (trust("test_only_the_hosts_view_carries_the_join_code"),)),
    Mutation("any token is a host", OWNER,
             "found |= hmac.compare_digest(host, wanted)", "found = True",
             (trust("test_a_forged_host_cookie_is_no_host"),)),
    Mutation("any token fits a seat", OWNER,
             "if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, wanted):",
             "if seat.token_hash is not None:",
             (f"{TABLE_TESTS}::test_seats_are_found_by_token_only",)),
    # -- the pages: host link and rejoin link ------------------------------------------------
    Mutation("any /h/<anything> makes its browser the host", PAGES,
             "if not context.codes().is_host(secret):", "if False:",
             (trust("test_only_the_printed_host_link_makes_a_browser_the_host"),)),
    Mutation("guessing the host link is not rate-limited", PAGES,
             "    check_attempts()\n    if not context.codes().is_host(secret):",
             "    if not context.codes().is_host(secret):",
             (trust("test_guessing_the_host_link_is_rate_limited"),)),
    Mutation("a wrong host link does not count", PAGES,
             "        attempt_failed()\n        return redirect(url_for(\"pages.table_page\"))",
             "        return redirect(url_for(\"pages.table_page\"))",
             (trust("test_guessing_the_host_link_is_rate_limited"),)),
    Mutation("a rejoin link that fits no seat shows its page", PAGES,
             "    if seat is None:\n        attempt_failed()\n        return redirect(",
             "    if False:\n        attempt_failed()\n        return redirect(",
             (f"{API_TESTS}::test_rejoin_with_an_unknown_token_sets_no_cookie",)),
    Mutation("guessing rejoin links is not rate-limited", PAGES,
             "    check_attempts()\n    seat = context.table().place_for_token(token)",
             "    seat = context.table().place_for_token(token)",
             (f"{SEAT_TESTS}::test_a_guessed_token_gets_no_seat_and_guessing_is_limited",)),
    Mutation("a join link echoes any code into the page", PAGES,
             'code=code if SHAPE.fullmatch(code) else ""', "code=code",
             (trust("test_a_join_link_with_a_code_of_another_shape_carries_none"),)),
    # -- the codes and the limiter ---------------------------------------------------------
    Mutation("any typed code is the join code", CODES,
             "return hmac.compare_digest(normal(typed).encode(), code.encode())",
             "return True",
             (f"{SEAT_TESTS}::test_a_wrong_code_is_refused_and_guessing_is_rate_limited",)),
    Mutation("any secret opens the host link", CODES,
             "return hmac.compare_digest(given.encode(), self.host.encode())",
             "return bool(given)",
             (trust("test_only_the_printed_host_link_makes_a_browser_the_host"),)),
    Mutation("a seat's older hand-over code still works", CODES,
             "if h.seat != seat and h.expires > now}", "if h.expires > now}",
             (trust("test_a_seats_new_hand_over_code_voids_its_older_one"),)),
    Mutation("a hand-over code works more than once", CODES,
             "found = self._handovers.pop(code)", "found = self._handovers[code]",
             (trust("test_a_hand_over_code_is_used_up_by_its_first_use"),)),
    Mutation("a hand-over code never expires", CODES,
             "return found if found is not None and found.expires > now else None",
             "return found",
             (trust("test_a_hand_over_code_expires_after_ten_minutes"),)),
    Mutation("the join limit never says no", LIMITER,
             "return len(attempts) < self._limit", "return True",
             (f"{API_TESTS}::test_join_is_rate_limited",)),
    Mutation("the join limit forgets after a second", LIMITER,
             "attempts[0] <= now - WINDOW_S:", "attempts[0] <= now - 1.0:",
             (f"{SEAT_TESTS}::test_a_guesser_may_try_again_a_minute_after_the_first_failure",)),
    Mutation("failures are never counted", LIMITER,
             "self._attempts[address].append(now)", "pass",
             (f"{API_TESTS}::test_join_is_rate_limited",)),
    # -- headers: origin and host ------------------------------------------------------------
    Mutation("a POST from another site's page gets in", GUARD,
             'if scope["method"] == "POST" and cross_site(', "if False and cross_site(",
             (trust("test_a_post_from_another_sites_page_is_refused"),
              f"{SEAT_TESTS}::test_a_cross_site_post_changes_nothing")),
    Mutation("no request is cross-site", GUARD,
             "        return urlsplit(origin).netloc != host\n", "        return False\n",
             (f"{SEAT_TESTS}::test_a_cross_site_post_changes_nothing",)),
    Mutation("any Host gets in (DNS rebinding)", GUARD,
             "if not trusted_host(host, names):", "if False:",
             (f"{WAY_IN}::test_a_forged_host_is_refused_alike_by_the_stream_the_action_and_flask",
              f"{SEAT_TESTS}::test_a_foreign_host_is_refused",
              "tests/server/test_actions.py::test_a_foreign_host_name_is_refused",
              trust("test_the_stream_refuses_a_foreign_host"))),
    Mutation("every Host name is trusted", GUARD,
             "        return name in names\n", "        return True\n",
             (f"{SEAT_TESTS}::test_a_foreign_host_is_refused",)),
    Mutation("pages may be framed by other sites", APP,
             "response.headers.update(SECURITY_HEADERS)", "pass",
             (trust("test_no_other_site_may_frame_the_box"),)),
    # -- what a stream shows whom --------------------------------------------------------
    Mutation("every stream gets the first view rendered", STREAM,
             "rendered = self._readers.get(reader)",
             "rendered = next(iter(self._readers.values()), None)",
             (trust("test_each_stream_shows_its_own_reader"),)),
    Mutation("the table page's stream shows a seat its browser holds", REQUEST,
             'asked.get("page") == "table")', "False)",
             (trust("test_each_stream_shows_its_own_reader"),)),
    # -- the Table: what only the host or the box may do -------------------------------------
    Mutation("a phone does the host's part", BASE,
             "if by in SEATLESS and seat is not None:",
             "if False:",
             (who("table.new_game", "own"),)),
    Mutation("a phone ends the game", RULES,
             '"table.end_game": base.Step(does=_end_game, by=HOST),',
             '"table.end_game": base.Step(does=_end_game),', (who("table.end_game", "own"),)),
    Mutation("a phone sets the box's Wi-Fi", RULES,
             '"table.wifi": base.Step(does=settings.save_wifi, by=HOST,',
             '"table.wifi": base.Step(does=settings.save_wifi,',
             (who("table.wifi", "own"),)),
    Mutation("a phone grants a host ask", RULES,
             '"table.host_grant": base.Step(does=hosts.host_grant, by=HOST),',
             '"table.host_grant": base.Step(does=hosts.host_grant),',
             (who("table.host_grant", "own"),)),
    Mutation("the box plays the secret part of a seat a phone holds", RULES,
             "    _no_phone_at(state, game.acts_for(state.game, action))\n    after",
             "    after", (who("openly0", "host"),)),
    Mutation("no seat has a phone for a secret part", RULES,
             "< len(state.seats) and state.seats[seat].token_hash:",
             "< len(state.seats) and False:", (who("openly0", "host"),)),
    Mutation("the box's menu offers a seat's secret part its phone holds", RULES,
             "        _no_phone_at(state, game.acts_for(state.game, action))\n        game.rules",
             "        game.rules",
             (trust("test_the_box_keeps_no_chip_for_a_seat_a_phone_holds"),)),
    Mutation("arguments no action declares reach the log", RULES,
             "    check_arguments(declared[action.type], action.args)\n", "\n",
             ("tests/server/test_hygiene.py::test_arguments_no_action_declares_never_reach_the_log",)),
    Mutation("a phone undoes another seat's step", STATE,
             "if seat is not None and step.seat != seat:", "if False:",
             (f"{TABLE_TESTS}::test_a_phone_undoes_only_its_own_seats_last_action",)),
    Mutation("a phone undoes while the next turn's clock runs", STATE,
             "if seat is not None and step.clock_runs:", "if False:",
             (f"{WHO}[table.undo1-own]",)),
    # -- seats and hosts -----------------------------------------------------------------
    Mutation("a join takes a taken seat", SEATS,
             'if holder not in (None, token_hash, replaces) and not action.args.get("force"):',
             "if False:", (f"{API_TESTS}::test_join_refuses_a_taken_seat",)),
    Mutation("a hand-over code takes the seat from whoever holds it now", SEATS,
             "if replaces is not None and holder != replaces:", "if False:",
             (trust("test_a_hand_over_code_of_a_seat_left_meanwhile_gives_nothing"),)),
    Mutation("a phone keeps another seat", BASE,
             "if named is not None and named != seat:", "if False:",
             (f"{API_TESTS}::test_a_phone_releases_only_its_own_seat",)),
    Mutation("a phone takes back everyone's asks", SEATS,
             "kept = tuple(c for c in state.claims if c.token_hash != token_hash)\n    if len",
             "kept = ()\n    if len",
             (trust("test_a_phone_takes_back_no_ask_it_did_not_make"),)),
    Mutation("a browser that asked is the host before anyone granted it", HOSTS,
             "return replace(state, host_ask=HostAsk(token_hash, label))",
             "return replace(state, hosts=(*state.hosts, token_hash), "
             "host_ask=HostAsk(token_hash, label))",
             (trust("test_a_browser_that_asked_is_no_host_until_ok_on_the_box"),)),
    Mutation("a host's ask replaces nothing: the table takes a second ask", HOSTS,
             "if token_hash in state.hosts:", "if False:",
             (trust("test_the_table_takes_no_ask_from_a_host"),)),
    Mutation("a refused ask stays on the box", HOSTS,
             "    _asking(state)\n    return replace(state, host_ask=None)",
             "    _asking(state)\n    return state",
             (trust("test_a_refused_ask_is_gone_and_no_host"),)),
    Mutation("a fifth host pushes out nobody", HOSTS,
             "hosts=(*state.hosts, ask.token_hash)[-HOSTS:]",
             "hosts=(*state.hosts, ask.token_hash)",
             (trust("test_a_fifth_host_pushes_out_the_first"),)),
    Mutation("signing the hosts out leaves them in", HOSTS,
             "return replace(state, hosts=())", "return state",
             (trust("test_signed_out_hosts_are_no_hosts"),)),
    # -- views: what each reader sees ----------------------------------------------------
    Mutation("views carry the Wi-Fi password", VIEWS,
             '"wifi": None if state.wifi is None else {**state.wifi.public(),',
             '"wifi": None if state.wifi is None else {**state.wifi.to_json(),',
             (f"{SEAT_TESTS}::test_the_wifi_password_reaches_the_box_screen_only",)),
    Mutation("the box's Wi-Fi QR code, password and all, is declared for every reader", VIEWS,
             "    wifi_qr: NotRequired[Annotated[str | None, BOX]]",
             "    wifi_qr: NotRequired[str | None]",
             (f"{SEAT_TESTS}::test_the_wifi_password_reaches_the_box_screen_only",)),
    Mutation("the join code is declared for every reader, host or not", VIEWS,
             "    join_code: NotRequired[Annotated[str, HOST]]",
             "    join_code: NotRequired[str]",
             (trust("test_only_the_hosts_view_carries_the_join_code"),)),
    # -- a stranger's pace, text and headers, the box's asks -------------------------------
    Mutation("a phone acts as often as it likes", API,
             "    if not limiter.act(phone, caller.address, now):",
             "    if False:",
             (f"{LIMITS}::test_a_phone_past_its_burst_is_told_to_slow_down_and_the_table_is_untouched",)),
    Mutation("a phone asks for seats as often as it likes", API,
             "    if not context.limiter().ask(phone, context.caller().address, context.now()):",
             "    if False:",
             (f"{LIMITS}::test_asking_for_a_taken_seat_over_and_over_is_refused_before_the_box_sees_it",)),
    Mutation("the action endpoint keeps no pace", ACTIONS,
             "        paced(self._limiter, caller, action, self._table.clock())\n", "",
             (f"{LIMITS}::test_loopback_is_limited_like_any_address_over_real_http",)),
    Mutation("a name keeps its control characters", TYPED,
             "    if CONTROL.search(value) or SURROGATE.search(value):",
             "    if SURROGATE.search(value):",
             (f"{TYPED_TESTS}::test_a_join_with_an_unreadable_name_is_refused_and_saves_nothing",)),
    Mutation("a text keeps its lone surrogates", TYPED,
             "    if CONTROL.search(value) or SURROGATE.search(value):",
             "    if CONTROL.search(value):",
             (f"{TYPED_TESTS}::test_a_lone_surrogate_anywhere_in_an_action_is_a_400_not_a_500",)),
    Mutation("an Origin that is no URL is this site's", GUARD,
             "    except ValueError:\n        return True\n",
             "    except ValueError:\n        return False\n",
             (f"{HEADERS}::test_an_origin_that_is_no_url_is_refused_as_another_site_on_every_post",)),
    Mutation("a Host Werkzeug finds malformed gets in", GUARD,
             "    if not host_is_trusted(host):\n        return False\n", "",
             (f"{WAY_IN}::test_the_guard_trusts_no_host_werkzeug_finds_malformed",)),
    Mutation("opening a rejoin link moves the seat at once", PAGES,
             "    return render_page(\"rejoin.html\"",
             "    from companion.server.api import set_seat_cookie\n"
             "    response = redirect(url_for(\"pages.phone\"))\n"
             "    set_seat_cookie(response, token)\n"
             "    return response\n    return render_page(\"rejoin.html\"",
             (f"{REJOIN}::test_opening_another_seats_link_sets_no_cookie_and_says_what_it_would_change",)),
    Mutation("OK takes an ask the moment it shows", BOX,
             "            if asking.read(now) < 1.0:", "            if False:",
             (f"{ASKS}::test_ok_pressed_again_and_again_on_the_asks_screen_never_grants",)),
    Mutation("opening a hand-over link uses its code up", API,
             "(context.codes().redeem if take else context.codes().peek)",
             "context.codes().redeem",
             ("tests/server/test_handover_link.py::"
              "test_naming_a_hand_over_code_uses_nothing_up_and_moves_no_seat",)),
    # -- the records' players ------------------------------------------------------------
    Mutation("a phone links its seat to someone else's records", RULES,
             "linking.LINK: base.Step(does=linking.link, by=HOST,",
             "linking.LINK: base.Step(does=linking.link,",
             ("tests/server/test_players.py::"
              "test_only_the_table_page_links_a_phone_to_an_earlier_player",)),
    Mutation("a seat is linked to a player the records do not have", LINKING,
             'if player not in {*known, *held}:', "if False:",
             ("tests/test_players.py::test_a_link_is_refused_where_it_would_mislead",)),
    Mutation("the table page chooses a new player's id", LINKING,
             'if "player" in action.args:', "if False:",
             ("tests/test_players.py::test_a_link_is_refused_where_it_would_mislead",)),
    # -- the games' secret parts ---------------------------------------------------------
    Mutation("Rob 'n Run: the box plays the boss's part although a phone holds the seat",
             ROBNRUN,
             "    return state.robbery.boss\n", "    return None\n",
             (who("openly0", "host"),)),
    Mutation("Rob 'n Run: the box sorts for a boss with a phone", ROBNRUN,
             "role=BOSS_PHONE, secret=_boss,\n                 undo=Undo.FINAL",
             "role=BOSS_PHONE,\n                 undo=Undo.FINAL",
             ("tests/server/test_robnrun_api.py::test_only_the_boss_phone_enters_and_sorts",)),
    Mutation("Räuber und Gendarm: the box keeps a chip for a seat a phone holds", GENDARM,
             "return seat if whole(seat) and seat in range(SEATS) else None", "return None",
             (trust("test_the_box_keeps_no_chip_for_a_seat_a_phone_holds"),)),
    Mutation("Räuber und Gendarm: the box plays a kept chip's part although a phone holds "
             "the seat", GENDARM,
             "return state.turn if playing else None",
             "return None",
             (trust("test_the_box_plays_no_kept_chips_part_once_a_phone_holds_the_seat"),)),
]
