// Räuber-Rommé on the phones and the table page: the round and whose turn, the first-meld
// reminder, the score pad for the own tiles, every round's scores and the ranking.
"use strict";

(() => {
  const G = window.Getaway;
  const { t, h, button, classes, send, render, seatName, seatLabel, isSeated, points, state } = G;

  const TILES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const JOKER = 50;

  const pad = { key: null, tiles: [], editing: false }; // the score pad's tiles, this round

  const ROMME = {
    own: ["score"],
    start: (v) => (v.state.phase === "ready" && v.state.round === 1 ? ["resume"] : []),

    headline(v) {
      const s = v.state;
      if (s.phase === "ready") {
        return s.rounds ? t("web.romme.round_of", { round: s.round, rounds: s.rounds })
          : t("web.romme.round", { round: s.round });
      }
      if (s.phase === "paused") return t("web.romme.paused");
      if (s.phase === "scoring") return t("web.romme.scoring");
      if (s.phase === "over") return t("web.romme.over");
      return null;
    },

    subline(v) {
      const s = v.state;
      if (s.phase === "ready") return t("web.romme.ready", { name: seatName(v, s.starter) });
      if (s.phase === "paused") return t("web.turn_of", { name: seatName(v, s.turn) });
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
      const name = seatName(v, scoring.winner);
      return t(scoring.first_turn_out ? "web.romme.first_turn_out" : "web.romme.out", { name });
    },

    label(v, type) {
      if (type === "resume" && v.state.phase === "ready") return t("web.romme.start");
      return null;
    },

    tableActions(v) {
      const s = v.state;
      if (s.phase === "scoring" && s.scoring.missing.length === 0) return ["confirm_scores"];
      return [];
    },

    choices(option, seats) {
      if (option.name !== "first_player") return option.choices;
      return option.choices.filter((c) => !Number.isInteger(c) || c < seats);
    },

    choiceLabel(name, value) {
      return name === "first_player" && Number.isInteger(value) ? seatLabel(value) : String(value);
    },

    playerInfo(v, seat) {
      const player = v.state.players[seat];
      if (!player) return [];
      return [
        player.left ? h("span", { class: "tag warn", text: t("web.romme.left") }) : null,
        player.overruns ? h("span", { class: "tag warn",
          text: t("web.romme.overruns", { count: player.overruns }) }) : null,
        h("span", { class: "total", title: t("web.romme.total"), text: points(player.total) }),
      ];
    },

    panel(v) {
      const s = v.state;
      if (s.phase === "scoring") return [ROMME.scoringCard(v)];
      if (s.phase === "over") return [ROMME.rankingCard(v)];
      return ROMME.firstMeld(v);
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
      const rows = Object.entries(scoring.points).map(([seat, value]) => {
        const missing = scoring.missing.includes(Number(seat));
        return h("li", { class: classes("score-row", missing && "missing") },
          h("span", { text: seatName(v, Number(seat)) }),
          h("strong", { text: missing ? t("web.romme.missing") : points(value) }));
      });
      const pad = isSeated(v) && (v.state.actions || []).includes("score") ? ROMME.pad(v) : null;
      return h("div", { class: "romme-scoring" }, pad,
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
      return h("div", { class: "card pad" },
        h("h2", { text: t("web.romme.your_tiles") }),
        h("p", { class: "pad-tiles" }, pad.tiles.length ? pad.tiles.map(ROMME.chip) : t("web.romme.no_tiles")),
        h("p", { class: "pad-sum" }, `${t("web.romme.sum")}: `, h("strong", { text: points(-sum) })),
        h("div", { class: "tile-grid" },
          TILES.map((n) => button(String(n), { class: "tile", data: { tile: n } }, add(n))),
          button(`${t("web.romme.joker")} \u00b7 ${JOKER}`, { class: "tile joker", data: { tile: JOKER } }, add(JOKER))),
        h("div", { class: "pad-row" },
          button(`\u232b\u00a0${t("web.romme.correct")}`, { class: "action", disabled: !pad.tiles.length },
            () => { pad.tiles.pop(); render(); }),
          button(t("web.romme.send"), { class: "action primary", disabled: state.busy || !pad.tiles.length,
            data: { action: "score" } },
          async () => {
            if (await send("score", { seat: v.me, tiles: [...pad.tiles] })) pad.editing = false;
            render();
          })));
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
