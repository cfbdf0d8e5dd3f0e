// Räuber-Rommé on the phones and the table page: the round and whose turn, the settle after an
// overrun, the first-meld and overrun warnings, the score pad for the own tiles, every round's
// scores and the ranking; round-ending taps ask twice, and a phone takes back its own last tap.
"use strict";

(() => {
  const G = window.Getaway;
  const { t, h, button, classes, send, render, seatName, seatLabel, isSeated, points, state } = G;

  const TILES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const JOKER = 50;
  const RUNNING = ["ready", "turn", "paused", "settle"];
  const UNDO_PHASES = ["ready", "scoring", "over"]; // a clock running again is no tap to take back
  const CONFIRM = { romme: "web.romme.romme_again", stuck: "web.romme.stuck_again",
    confirm_scores: "web.romme.confirm_again", finish: "web.romme.finish_again" };

  const pad = { key: null, tiles: [], editing: false }; // the score pad's tiles, this round

  const BUZZ = { overrun: [300, 100, 300], over: [100, 60, 100, 60, 400], out: [100, 60, 300], final: 200 };
  const TURN_MOMENT_S = 2; // the moments of a running game get out of the way by themselves
  const OVERRUN_MOMENT_S = 4;

  const ROMME = {
    own: ["score"],
    tasks: ["romme", "stuck"], // going out, or nobody can move: the turn's end, as urgent

    // The moment the view names, in words: the own turn (briefly: the clock runs, and its
    // start already vibrates), the clock ending a turn or a player leaving, a player going out,
    // the scores made final, the game over with its ranking.
    moment(v) {
      const s = v.state;
      const m = s.moment;
      if (!m) return null;
      if (m.kind === "over") {
        const places = s.ranking.map((r) => `${t("web.romme.place", { place: r.place })} ${seatName(v, r.seat)}: ${points(r.total)}`);
        return { key: m.key, tone: "good", title: t("web.romme.over"), text: [ROMME.subline(v), ...places],
          vibrate: BUZZ.over };
      }
      if (m.kind === "turn") {
        return { key: m.key, tone: "turn", title: t("web.your_turn"), seconds: TURN_MOMENT_S }; // the last turn's news stays below
      }
      if (m.kind === "overrun" || m.kind === "left") {
        return { key: m.key, tone: "danger", title: t("web.time_up"),
          text: ROMME.subline(v), vibrate: BUZZ.overrun, seconds: OVERRUN_MOMENT_S };
      }
      return ROMME.roundMoment(v, m);
    },
    start: (v) => (v.state.phase === "ready" && v.state.round === 1 ? ["resume"] : []),

    // The round's moment the view names: who went out (on the first turn: what each other
    // player takes for it), or the scores made final with the next round's start.
    roundMoment(v, m) {
      const took = Object.entries(m.points).map(([seat, p]) => `${seatName(v, Number(seat))}: ${points(p)}`);
      if (m.kind === "final") {
        return { key: m.key, title: t("web.romme.moment.final"),
          text: [...took, `${ROMME.headline(v)}: ${ROMME.subline(v)}`], vibrate: BUZZ.final };
      }
      const title = isSeated(v) && m.seat === v.me ? t("web.romme.moment.you_out")
        : t("web.romme.moment.out", { name: seatName(v, m.seat) });
      const text = m.kind === "first_turn_out" ? [t("web.romme.moment.first_turn"), ...took]
        : ROMME.scoringHeadline(v);
      return { key: m.key, tone: "good", title, text, vibrate: BUZZ.out };
    },

    headline(v) {
      const s = v.state;
      if (s.phase === "ready") {
        return s.rounds ? t("web.romme.round_of", { round: s.round, rounds: s.rounds })
          : t("web.romme.round", { round: s.round });
      }
      if (s.phase === "paused") return t("web.romme.paused");
      if (s.phase === "settle") {
        return v.me === s.turn ? t("web.romme.you_next") : t("web.romme.next", { name: seatName(v, s.turn) });
      }
      if (s.phase === "scoring") return ROMME.scoringHeadline(v);
      if (s.phase === "over") return t("web.romme.over");
      return null;
    },

    // What is next in the scoring: count your own tiles, wait for the others', or make them final.
    scoringHeadline(v) {
      const missing = v.state.scoring.missing;
      if (!missing.length) return t("web.romme.all_in");
      if (isSeated(v) && missing.includes(v.me)) return t("web.romme.scoring");
      return t("web.romme.waiting", { count: missing.length,
        names: missing.map((seat) => seatName(v, seat)).join(", ") });
    },

    subline(v) {
      const s = v.state;
      if (s.phase === "ready") return t("web.romme.ready", { name: seatName(v, s.starter) });
      if (s.phase === "paused") {
        return s.turn === v.me ? t("web.your_turn") : t("web.turn_of", { name: seatName(v, s.turn) });
      }
      if (s.phase === "scoring") return ROMME.outcome(v);
      if (s.phase === "over") {
        const best = s.ranking.filter((r) => r.place === 1).map((r) => seatName(v, r.seat));
        return t("web.romme.winner", { name: best.join(" & ") });
      }
      if (!s.last) return null;
      return t(`romme.last.${s.last.kind}`, { name: seatName(v, s.last.seat), count: s.last.tiles });
    },

    outcome(v) {
      const scoring = v.state.scoring;
      if (scoring.winner === null) return t("web.romme.stuck");
      if (isSeated(v) && scoring.winner === v.me) {
        return t(scoring.first_turn_out ? "web.romme.you_first_turn_out" : "web.romme.you_out");
      }
      const name = seatName(v, scoring.winner);
      return t(scoring.first_turn_out ? "web.romme.first_turn_out" : "web.romme.out", { name });
    },

    label(v, type) {
      const s = v.state;
      if (type === "resume" && s.phase === "ready") return t("web.romme.start");
      if (type === "resume" && s.phase === "settle") {
        return v.me === s.turn ? t("web.romme.start_mine") : t("web.romme.start_next", { name: seatName(v, s.turn) });
      }
      if (type === "confirm_scores") return t("romme.action.confirm_scores");
      return null;
    },

    // While the group settles, a phone offers only to start the next turn now.
    actions(v, types) {
      return v.state.phase === "settle" ? types.filter((type) => type !== "pause") : types;
    },

    confirm(v, type) {
      return type in CONFIRM ? t(CONFIRM[type]) : null;
    },

    tableActions(v) {
      const s = v.state;
      if (s.phase === "scoring" && s.scoring.missing.length === 0) return ["confirm_scores"];
      if (s.phase === "settle" && v.timer && v.timer.running) return ["resume"]; // start it now
      if (s.finishable) return ["finish"]; // with standings
      return [];
    },

    choices(option, seats) {
      if (option.name !== "first_player") return option.choices;
      return option.choices.filter((c) => !Number.isInteger(c) || c < seats);
    },

    choiceLabel(name, value) {
      if (name === "after_overrun" && Number.isInteger(value)) return `${value}\u00a0s`;
      return name === "first_player" && Number.isInteger(value) ? seatLabel(value) : String(value);
    },

    playerInfo(v, seat) {
      const player = v.state.players[seat];
      if (!player) return [];
      return [
        player.left ? h("span", { class: "tag warn", text: t("web.romme.left") }) : null,
        player.overruns && !player.left && RUNNING.includes(v.state.phase) ? h("span", { class: "tag warn",
          text: t("web.romme.overruns", { count: player.overruns }) }) : null,
        h("span", { class: "total", title: t("web.romme.total"), text: points(player.total) }),
      ];
    },

    panel(v) {
      const s = v.state;
      const main = s.phase === "scoring" ? [ROMME.scoringCard(v)]
        : s.phase === "over" ? [ROMME.rankingCard(v)]
          : [...ROMME.settleNote(v), ...ROMME.overrunWarning(v), ...ROMME.firstMeld(v)];
      const parts = [...main, ...ROMME.undo(v), ...ROMME.roundsCard(v)];
      return parts.length ? [h("div", { class: "romme-panel" }, parts)] : [];
    },

    // While the group settles after an overrun: what happens before the next clock runs.
    settleNote(v) {
      const s = v.state;
      if (s.phase !== "settle" || !s.last) return [];
      const key = s.last.kind === "left" ? "web.romme.settle_left" : "web.romme.settle";
      return [h("p", { class: "card settle", id: "settle",
        text: t(key, { name: seatName(v, s.last.seat), next: seatName(v, s.turn) }) })];
    },

    // One overrun in a row already: the next one makes this player leave the game.
    overrunWarning(v) {
      const s = v.state;
      const mine = isSeated(v) ? s.players[v.me] : null;
      if (!mine || mine.left || !mine.overruns || !RUNNING.includes(s.phase)) return [];
      return [h("p", { class: "card overrun-warning", id: "overrun-warning",
        text: t("web.romme.overrun_warning", { count: mine.overruns }) })];
    },

    // The phone takes back its own last tap (went out, nobody can move, its tiles, the scores
    // made final) where no clock runs again from it.
    undo(v) {
      if (!isSeated(v) || !v.undo || !UNDO_PHASES.includes(v.state.phase)) return [];
      return [button(`\u21b6\u00a0${t("web.romme.undo")}`, { class: "action quiet undo",
        data: { action: "table.undo" } }, () => send("table.undo"))];
    },

    // Every round's points so far and the totals, as soon as one round is scored: each
    // player's rounds under the name, so the totals stay in view however many rounds there are.
    roundsCard(v) {
      const players = v.state.players;
      if (!players.some((p) => p.rounds.length)) return [];
      const head = h("tr", {}, h("th", { scope: "col", text: t("web.player") }),
        h("th", { scope: "col", class: "sum", text: t("web.romme.total") }));
      const rows = players.map((p) => h("tr", { class: classes(p.left && "left", p.seat === v.me && "me") },
        h("th", { scope: "row" }, h("span", { class: "pname", text: seatName(v, p.seat) }),
          h("span", { class: "round-line" }, p.rounds.map((value, i) => h("span", { class: "round-cell",
            text: `${t("web.round_short", { round: i + 1 })}\u00a0${points(value)}` })))),
        h("td", { class: "sum", text: points(p.total) })));
      return [h("section", { class: "card rounds", id: "rounds" },
        h("h2", { text: t("web.romme.scores") }),
        h("table", {}, h("thead", {}, head), h("tbody", {}, rows)))];
    },

    // Until they have laid tiles this round, the player on turn is reminded on their own phone.
    firstMeld(v) {
      const s = v.state;
      if (s.phase !== "turn" || s.first_meld === null || v.me !== s.turn) return [];
      return [h("p", { class: "card first-meld", id: "first-meld",
        text: t("web.romme.first_meld", { points: s.first_meld }) })];
    },

    scoringCard(v) {
      const scoring = v.state.scoring;
      const hint = scoring.missing.length ? null : h("p", { class: "lead", text: t("web.romme.all_in_hint") });
      const rows = Object.entries(scoring.points).map(([seat, value]) => {
        const missing = scoring.missing.includes(Number(seat));
        return h("li", { class: classes("score-row", missing && "missing") },
          h("span", { text: seatName(v, Number(seat)) }),
          h("strong", { text: missing ? t("web.romme.missing") : points(value) }));
      });
      const pad = isSeated(v) && (v.state.actions || []).includes("score") ? ROMME.pad(v) : null;
      return h("div", { class: "romme-scoring" }, pad, hint,
        rows.length ? h("ol", { class: "card score-list" }, rows) : null);
    },

    pad(v) {
      const scoring = v.state.scoring;
      const key = `${v.state.round}`;
      if (pad.key !== key) Object.assign(pad, { key, tiles: [], editing: false });
      const entered = scoring.tiles[String(v.me)];
      if (entered && !pad.editing) {
        return h("div", { class: "card pad done" },
          h("p", { class: "lead", text: t("web.romme.entered", { points: points(scoring.points[String(v.me)]) }) }),
          h("p", { class: "pad-tiles" }, entered.map(ROMME.chip)),
          button(t("web.romme.change"), { class: "action" },
            () => { Object.assign(pad, { tiles: [...entered], editing: true }); render(); }));
      }
      const sum = pad.tiles.reduce((a, b) => a + b, 0);
      const add = (value) => () => { pad.tiles.push(value); render(); };
      const none = v.state.players[v.me].left && !pad.tiles.length; // a leaver may hold nothing
      return h("div", { class: "card pad" },
        h("h2", { text: t("web.romme.your_tiles") }),
        v.state.players[v.me].left ? h("p", { class: "lead", text: t("web.romme.left_pad") }) : null,
        h("p", { class: "pad-tiles" }, pad.tiles.length ? pad.tiles.map(ROMME.chip) : t("web.romme.no_tiles")),
        h("p", { class: "pad-sum" }, `${t("web.romme.sum")}: `, h("strong", { text: points(-sum) })),
        // Send above the tiles: on a short phone it shows without scrolling, beside the sum.
        h("div", { class: "pad-row" },
          button(`\u232b\u00a0${t("web.romme.correct")}`, { class: "action", disabled: !pad.tiles.length },
            () => { pad.tiles.pop(); render(); }),
          button(none ? t("web.romme.send_none") : t("web.romme.send"), { class: "action primary",
            disabled: state.busy || !(pad.tiles.length || none), data: { action: "score", task: "score" } },
          async () => {
            if (await send("score", { seat: v.me, tiles: [...pad.tiles] })) pad.editing = false;
            render();
          })),
        h("div", { class: "tile-grid" },
          TILES.map((n) => button(String(n), { class: "tile", data: { tile: n } }, add(n))),
          button(`${t("web.romme.joker")} \u00b7 ${JOKER}`, { class: "tile joker", data: { tile: JOKER } }, add(JOKER))));
    },

    chip(value) {
      return h("span", { class: classes("chip", value === JOKER && "joker"),
        text: value === JOKER ? t("web.romme.joker") : String(value) });
    },

    rankingCard(v) {
      return h("ol", { class: "card ranking" }, v.state.ranking.map((row) => h("li",
        { class: classes("rank", row.place === 1 && "first") },
        h("span", { class: "place", text: t("web.romme.place", { place: row.place }) }),
        h("span", { class: "pname", text: seatName(v, row.seat) }),
        h("strong", { class: "total", text: points(row.total) }))));
    },
  };


  G.register("romme", ROMME);
})();
