// Räuber und Gendarm on the phones and the table page: the task of the moment first (the start
// roll, the own chip, the die, the gendarme to give up, the capture claim, the hideout), then
// the own secret catcher, then both sides as the box keeps them.
// A capture claim and a removal are sent only from the player's own phone; the box checks the
// number against the secret, and a wrong claim is told to this phone alone. Nothing but the
// catcher card depends on the catcher, and that card lies face down like the real chip: a tap
// turns it up, another (or the next turn) turns it down again. A player without a phone may
// keep a real chip face down: the table page then claims that player's captures and gives up
// its gendarmes, as the box's buttons do, and the box takes the table's word.
"use strict";

(() => {
  const G = window.Getaway;
  const { t, h, button, classes, send, seatName, isSeated, confirmTap } = G;

  const GAME = "gendarm";
  const FACES = [1, 2, 3, 4, 5, 6];
  const OWN = ["catcher", "keep_chip", "capture", "claim", "remove", "hide"];
  const TYPED = ["start_roll", "roll"]; // from the table's die: typed on the pad below

  const local = { claim: null, peek: null }; // the turns whose claim is open, whose catcher is up

  // -- who may do what now -----------------------------------------------------------------

  // Whether this page may send ``type`` now: a seat as its view says, the table page as the box.
  function may(v, type) {
    if (isSeated(v)) return (v.state.actions || []).includes(type);
    return G.PAGE === "table" && Boolean(v.host) && v.state.box_actions.includes(type);
  }

  function typedDice(v) {
    return v.state.settings.dice === "table";
  }

  function colourName(player) {
    return t(`web.gendarm.${player.colour}`);
  }

  // Black first, as the box's screen shows the sides.
  function sides(v) {
    return ["black", "white"].map((colour) => v.state.players.find((p) => p.colour === colour));
  }

  function mine(v, seat) {
    return isSeated(v) && v.me === seat;
  }

  function hasPhone(v, seat) {
    return Boolean((v.seats[seat] || {}).taken);
  }

  // Whose captures and gendarmes this page claims and gives up: a phone its own; the table
  // page those of the player on turn whose chip lies on the table and whose seat has no phone.
  function claimant(v) {
    if (isSeated(v)) return v.me;
    const s = v.state;
    const kept = s.phase === "play" && s.players[s.turn].on_table && !hasPhone(v, s.turn);
    return kept ? s.turn : null;
  }

  // -- the status line ---------------------------------------------------------------------

  function headline(v) {
    const s = v.state;
    if (s.phase === "start") return t("web.gendarm.headline.start");
    if (s.phase === "deal") return t("web.gendarm.headline.deal", { name: seatName(v, s.starter) });
    if (s.phase === "over") {
      const winner = s.result.winner;
      if (isSeated(v)) return t(winner === v.me ? "web.gendarm.moment.won" : "web.gendarm.moment.lost");
      return t("web.gendarm.moment.over", { name: seatName(v, winner) });
    }
    return null; // whose turn: the generic line
  }

  function subline(v) {
    const s = v.state;
    if (s.phase === "start") return t(`web.gendarm.start.${s.settings.dice}`);
    if (s.phase === "deal") return t(`web.gendarm.deal.${s.settings.catchers}`);
    if (s.phase === "over") return reason(v);
    const me = mine(v, s.turn);
    const name = seatName(v, s.turn);
    const duty = s.duty;
    if (duty.remove) return me ? t("web.gendarm.remove_me") : t("web.gendarm.remove", { name });
    if (duty.roll) return me ? t("web.gendarm.duty_me") : t("web.gendarm.duty", { name });
    if (s.must_leave === s.turn && !duty.moved) {
      return me ? t("web.gendarm.leave_me") : t("web.gendarm.leave", { name });
    }
    if (duty.rolled) return t("web.gendarm.rolled", { value: s.last_roll.value });
    if (duty.moved) return t("web.gendarm.moved");
    return t(s.level === 3 ? "web.gendarm.move_or_roll" : "web.gendarm.move");
  }

  // Why the game ended; the loser's own phone says "you".
  function reason(v) {
    const s = v.state;
    const loser = s.players[1 - s.result.winner];
    const who = mine(v, loser.seat) ? "_me" : "";
    return t(`web.gendarm.reason.${s.result.reason}${who}`,
      { name: seatName(v, loser.seat), count: loser.robbers.length });
  }

  function playerInfo(v, seat) {
    const player = v.state.players[seat];
    if (!player) return [];
    return [
      h("span", { class: classes("tag", "rg-side", player.colour), text: colourName(player) }),
      h("span", { class: "tag muted", text: t("web.gendarm.gendarmes", { count: player.gendarmes.length }) }),
    ];
  }

  // -- the big moments ---------------------------------------------------------------------

  // The moment the view names, in words: the game over, a robber caught, the own odd duty
  // roll or the duty roll to make.
  function moment(v) {
    const s = v.state;
    const m = s.moment;
    if (!m) return null;
    if (m.kind === "over") {
      const won = mine(v, m.seat);
      const title = isSeated(v) ? t(won ? "web.gendarm.moment.won" : "web.gendarm.moment.lost")
        : t("web.gendarm.moment.over", { name: seatName(v, m.seat) });
      return { key: m.key, title, text: reason(v), tone: !isSeated(v) || won ? "good" : "danger",
        vibrate: [200, 100, 200] };
    }
    if (m.kind === "caught") {
      return { key: m.key, title: t("web.gendarm.moment.caught"),
        text: t("web.gendarm.moment.caught_by", { name: seatName(v, m.seat), number: s.players[m.seat].catcher }),
        tone: mine(v, m.seat) || !isSeated(v) ? "good" : "danger", vibrate: [300, 100, 300] };
    }
    if (m.kind === "odd") {
      return { key: m.key, title: t("web.gendarm.moment.odd"), text: t("web.gendarm.remove_me"),
        tone: "danger", vibrate: [200, 100, 200] };
    }
    if (m.kind !== "duty") return null;
    return { key: m.key, title: t("web.gendarm.moment.duty"), text: t("web.gendarm.duty_me"),
      tone: "turn", vibrate: 200 };
  }

  // -- the task of the moment --------------------------------------------------------------

  function panel(v) {
    const s = v.state;
    return [
      s.phase === "start" && typedDice(v) && may(v, "start_roll") ? startCard(v) : null,
      s.phase === "deal" && may(v, "catcher") ? chipCard(v) : null,
      s.phase === "deal" && may(v, "keep_chip") ? keepCard(v) : null,
      typedDice(v) && may(v, "roll") ? rollCard(v) : null,
      claimant(v) !== null && may(v, "remove") ? removeCard(v) : null,
      may(v, "hide") ? hideCard(v) : null,
      claimant(v) !== null && may(v, "capture") ? captureCard(v) : null,
      isSeated(v) && s.catcher ? secretCard(v) : null,
      s.phase === "over" ? overCard(v) : null,
      boardCard(v),
    ].filter(Boolean);
  }

  function card(name, title, ...children) {
    return h("section", { class: classes("card", "rg", name) }, title ? h("h2", { text: title }) : null,
      ...children);
  }

  function grid(...buttons) {
    return h("div", { class: "rg-grid" }, buttons);
  }

  // The table's own die: who rolled higher begins (ties are rolled again at the table).
  function startCard(v) {
    return card("rg-start", t("web.gendarm.start_title"),
      h("p", { class: "hint", text: t("web.gendarm.start_hint") }),
      grid(...sides(v).map((p) => button(t(`web.gendarm.begins.${p.colour}`),
        { class: "action", data: { action: "start_roll", starter: p.seat } },
        () => send("start_roll", { starter: p.seat })))));
  }

  function rollCard(v) {
    const duty = v.state.duty.roll;
    return card("rg-roll", t(duty ? "web.gendarm.roll_duty" : "web.gendarm.roll_title"),
      h("div", { class: "rg-faces" }, FACES.map((n) => button(String(n),
        { class: "rg-face", "aria-label": t("web.gendarm.rolled_label", { value: n }), data: { action: "roll", value: n } },
        () => send("roll", { value: n })))));
  }

  // The own chip, drawn face down from the box and typed in here; a new tap corrects it.
  function chipCard(v) {
    const s = v.state;
    const numbers = FACES.filter((n) => n <= s.top);
    return card("rg-chip", t("web.gendarm.chip_title"),
      h("p", { class: "hint", text: t(s.catcher ? "web.gendarm.chip_entered" : "web.gendarm.chip_hint") }),
      h("div", { class: "rg-faces" }, numbers.map((n) => button(String(n),
        { class: classes("rg-face", s.catcher === n && "chosen"), "aria-pressed": String(s.catcher === n),
          "aria-label": t("web.gendarm.gendarme", { number: n }), data: { action: "catcher", number: n } },
        () => send("catcher", { number: n })))));
  }

  // A player without a phone keeps the chip face down; the table page says so for each side
  // still without a chip whose seat has no phone.
  function keepCard(v) {
    const open = sides(v).filter((p) => !p.entered && !p.on_table && !hasPhone(v, p.seat));
    if (!open.length) return null;
    return card("rg-keep", t("web.gendarm.keep_title"),
      h("p", { class: "hint", text: t("web.gendarm.keep_hint") }),
      grid(...open.map((p) => button(t(`web.gendarm.keep.${p.colour}`),
        { class: "action", data: { action: "keep_chip", seat: p.seat } },
        () => send("keep_chip", { seat: p.seat })))));
  }

  // Where the box keeps the catcher it checks in secret; a chip on the table, the table does.
  function claimHint(v, key) {
    return t(`web.gendarm.${key}${v.state.players[claimant(v)].on_table ? "_kept" : ""}`);
  }

  // After an odd duty roll: every gendarme still in play, the catcher too, so that the list
  // names no catcher to a glance (the box refuses the catcher; the box's buttons offer none).
  function removeCard(v) {
    return card("rg-remove", t("web.gendarm.remove_title"),
      h("p", { class: "hint", text: claimHint(v, "remove_hint") }),
      grid(...v.state.players[claimant(v)].gendarmes.map((n) => button(t("web.gendarm.gendarme", { number: n }),
        { class: "action", data: { action: "remove", gendarme: n } },
        (event) => confirmTap(event.currentTarget, () => send("remove", { gendarme: n }))))));
  }

  function hideCard(v) {
    const free = v.state.hideouts.map((held, i) => (held === null ? i + 1 : null)).filter(Boolean);
    return card("rg-hide", t("web.gendarm.hide_title"),
      grid(...free.map((n) => button(t("web.gendarm.hide_button", { hideout: n }),
        { class: "action primary", data: { action: "hide", hideout: n } },
        () => send("hide", { hideout: n })))));
  }

  // A gendarme reached a robber: the player opens the claim and says which one, the box
  // checks it in secret. Every gendarme in play is offered alike: the buttons give nothing away.
  function captureCard(v) {
    const s = v.state;
    const toggle = (turn) => () => { local.claim = turn; G.render(); };
    if (local.claim !== s.turns) {
      return card("rg-capture", null, button(t("web.gendarm.capture_open"),
        { class: "action", data: { action: "claim" } }, toggle(s.turns)));
    }
    return card("rg-capture", t("web.gendarm.capture_title"),
      h("p", { class: "hint", text: claimHint(v, "capture_hint") }),
      grid(...s.players[claimant(v)].gendarmes.map((n) => button(t("web.gendarm.gendarme", { number: n }),
        { class: "action", data: { action: "capture", gendarme: n } },
        (event) => confirmTap(event.currentTarget, () => send("capture", { gendarme: n }))))),
      button(t("web.gendarm.capture_close"), { class: "action quiet", data: { action: "unclaim" } },
        toggle(null)));
  }

  // The own catcher, face down until a tap turns it up for this turn.
  function secretCard(v) {
    const s = v.state;
    const up = local.peek === s.turns;
    const flip = () => { local.peek = up ? null : s.turns; G.render(); };
    return card("rg-secret", t("web.gendarm.your_catcher"),
      up ? h("p", { class: "rg-catcher", data: { secret: "catcher" } },
        h("span", { class: "rg-disc", text: String(s.catcher) }),
        h("span", { text: t("web.gendarm.gendarme", { number: s.catcher }) })) : null,
      button(t(up ? "web.gendarm.catcher_down" : "web.gendarm.catcher_up"),
        { class: "action", "aria-pressed": String(up), data: { action: "peek" } }, flip),
      h("p", { class: "hint", text: t(up ? "web.gendarm.catcher_hint" : "web.gendarm.catcher_down_hint") }));
  }

  function overCard(v) {
    const s = v.state;
    return card("rg-over", null,
      h("p", { class: "lead", text: t(`web.gendarm.won.${s.players[s.result.winner].colour}`) }),
      h("p", { class: "lead", text: reason(v) }),
      h("ul", { class: "rg-catchers" }, s.players.map((p) => h("li", {},
        h("span", { text: `${colourName(p)} · ${seatName(v, p.seat)}` }), " ",
        h("strong", { text: p.catcher ? t("web.gendarm.catcher_of", { number: p.catcher })
          : t("web.gendarm.chip_face_down") })))));
  }

  // -- the board as the box keeps it ---------------------------------------------------------

  function boardCard(v) {
    const s = v.state;
    return card("rg-board", t("web.gendarm.board", { level: s.level }),
      ...sides(v).map((p) => side(v, p)),
      s.hideouts.length ? hideouts(v) : null,
      s.last_roll ? h("p", { class: "rg-line", data: { roll: s.last_roll.value } },
        t(`web.gendarm.last_roll.${s.last_roll.kind}`, { name: seatName(v, s.last_roll.seat), value: s.last_roll.value })) : null,
      s.start_rolls.length ? h("p", { class: "rg-line hint", data: { start: "" } }, startRolls(v)) : null);
  }

  // Who rolled which number at the start (the ties rolled again before it, counted).
  function startRolls(v) {
    const rolls = v.state.start_rolls;
    const last = rolls[rolls.length - 1];
    const each = sides(v).map((p) => t("web.gendarm.start_roll_of",
      { name: seatName(v, p.seat), colour: colourName(p), value: last[p.seat] })).join(", ");
    const ties = rolls.length - 1;
    return ties ? t("web.gendarm.start_rolls_ties", { rolls: each, count: ties })
      : t("web.gendarm.start_rolls", { rolls: each });
  }

  function side(v, p) {
    const out = (n) => !p.gendarmes.includes(n);
    return h("div", { class: classes("rg-sidebox", p.colour, v.state.turn === p.seat && "turn"), data: { side: p.colour } },
      h("p", { class: "rg-line" }, h("strong", { text: `${colourName(p)} · ${seatName(v, p.seat)}` })),
      h("p", { class: "rg-line" }, h("span", { class: "rg-label", text: t("web.gendarm.robbers_label") }), " ",
        p.robbers.map((fate) => robber(v, p, fate)).join(", ")),
      h("ol", { class: "rg-discs", "aria-label": t("web.gendarm.gendarmes", { count: p.gendarmes.length }) },
        FACES.filter((n) => n <= v.state.top).map((n) => h("li", {
          class: classes("rg-disc", out(n) && "out", p.catcher === n && "shown"),
          title: out(n) ? t("web.gendarm.removed", { number: n }) : t("web.gendarm.gendarme", { number: n }),
          text: String(n) }))),
      p.catcher ? h("p", { class: "rg-line" }, t("web.gendarm.catcher_of", { number: p.catcher })) : null);
  }

  function robber(v, p, fate) {
    if (fate !== "hidden") return t(`web.gendarm.robber.${fate}`);
    return t("web.gendarm.robber.hidden", { hideout: v.state.hideouts.indexOf(p.seat) + 1 });
  }

  function hideouts(v) {
    const s = v.state;
    return h("p", { class: "rg-line" }, h("span", { class: "rg-label", text: t("web.gendarm.hideouts") }), " ",
      s.hideouts.map((held, i) => t("web.gendarm.hideout", { hideout: i + 1,
        who: held === null ? t("web.gendarm.free") : colourName(s.players[held]) })).join(", "));
  }

  // -- the table page's setup: what the catchers ask of the phones ---------------------------

  function setupPanel(v, setup) {
    const catchers = setup.options.catchers;
    return [h("p", { class: "hint", data: { catchers }, text: t(`web.gendarm.setup.${catchers}`) })];
  }

  // -- what the page lists as plain buttons ---------------------------------------------------

  function actions(v, types) {
    return types.filter((type) => !(typedDice(v) && TYPED.includes(type)));
  }

  function tableActions(v) {
    return actions(v, v.state.box_actions.filter((type) => !OWN.includes(type)));
  }

  G.register(GAME, {
    own: OWN,
    turn: (v) => (v.state.phase === "play" ? v.state.turn : null),
    start: (v) => (v.state.phase === "start" ? ["start_roll"] : []),
    headline,
    subline,
    playerInfo,
    panel,
    moment,
    actions,
    tableActions,
    choiceLabel: (name, value) => (name === "black" ? G.seatLabel(value) : String(value)),
    setupPanel,
  });
})();
