// Safehouse on the phones and the table page: the pursuer and everyone's lead for all; the
// roller (or the table page) chooses and rolls the dice, types the faces and decides the
// helps; each phone enters on its own sheet (the table page for a seat without a phone);
// anyone takes the dice back or corrects the pursuer; the box profile in the lobby, to edit,
// keep as a file and bring back. In sheet mode a phone takes a sheet (S, A, F, E) and writes
// every number on it: it taps a field and picks one of the numbers the Table offers for it,
// from a panel at the bottom of the screen.
"use strict";

(() => {
  const G = window.Getaway;
  const { t, h, button, classes, send } = G;

  const GAME = "safehouse";
  const DICE = ["yellow", "green", "red", "blue", "white"];
  const COLOURS = DICE.slice(0, 4);
  const FACES = [1, 2, 3, 4, 5, "P"];
  const ARROWS = [2, 3, 4, 5, 6];
  const OWN = ["select", "roll", "retrieve", "faces", "face_back", "help", "go", "order", "chameleon", "done",
    "focus", "pursuer", "sheet", "write", "erase"];
  const PLAYING = ["ready", "faces", "helps", "entering"];
  const BOX_PROFILE = "box";
  const LETTERS = ["S", "A", "F", "E"];

  // What this page keeps between views: the dice chosen, faces typed (or taken back to be
  // typed again), dice to roll again,
  // the order whose arrow is being picked, the field of the digital sheet being written.
  const local = { dice: {}, faces: {}, retype: null, reroll: {}, arrow: null, key: null, pick: null, track: null, sheets: null };

  function colourName(colour) {
    return t(`safehouse.colour.${colour}`);
  }

  function face(f) {
    return f === "P" ? "\u2731" : f === null ? "?" : String(f);
  }

  function card(title, ...children) {
    return h("section", { class: "card sh" }, title ? h("h2", { text: title }) : null, ...children);
  }

  function die(colour, f, props = {}) {
    return h("span", { class: classes("sh-die", colour, f === "P" && "pursuer"), title: colourName(colour),
      ...props }, h("span", { class: "sh-face", text: face(f) }));
  }

  // -- who may do what -----------------------------------------------------------------------

  function isHost(v) {
    return G.PAGE === "table" && Boolean(v.host);
  }

  // The roller's phone or the table page decides for the group.
  function decides(v) {
    return isHost(v) || (G.isSeated(v) && v.me === v.state.roller);
  }

  function may(v, type) {
    if (G.isSeated(v)) return (v.state.actions || []).includes(type);
    return isHost(v);
  }

  // Each roll starts the page's drafts afresh.
  function fresh(v) {
    const key = `${v.state.rolls}/${v.state.phase}`;
    if (local.key === key) return;
    local.key = key;
    local.faces = v.state.phase === "faces" && local.retype ? local.retype : {};
    local.retype = null;
    local.reroll = {};
    local.arrow = null;
    local.pick = null;
    if (v.state.phase === "ready") local.dice = {};
  }

  // -- the status line -----------------------------------------------------------------------

  function headline(v) {
    const s = v.state;
    const mine = G.isSeated(v) && v.me === s.roller;
    if (s.waits_for === "select" && mine) return t("web.safehouse.your_roll");
    if (s.waits_for === "faces" && !mine) return t("web.safehouse.waits.faces_by", { name: G.seatName(v, s.roller) });
    return t(`web.safehouse.waits.${s.waits_for}`, { name: G.seatName(v, s.roller) });
  }

  function subline(v) {
    const s = v.state;
    const parts = [t("web.safehouse.pursuer_on", { field: s.pursuer, safehouse: s.safehouse })];
    if (G.isSeated(v)) parts.push(yourLead(s.players[v.me]));
    return parts.join(" \u00b7 ");
  }

  // A player's lead, or what became of them: caught or safe, never a lead below 1.
  function fate(p) {
    return p.caught ? t("web.safehouse.caught") : p.safehouse ? t("web.safehouse.home") : null;
  }

  function yourLead(p) {
    return p.caught ? t("web.safehouse.you_caught") : fate(p) || t("web.safehouse.your_lead", { lead: p.lead });
  }

  function playerInfo(v, seat) {
    const p = v.state.players[seat];
    return [
      p.caught ? h("span", { class: "tag warn", text: t("web.safehouse.caught") }) : null,
      p.safehouse ? h("span", { class: "tag", text: t("web.safehouse.home") }) : null,
      p.done ? h("span", { class: "tag muted", text: t("web.safehouse.done_tag") }) : null,
      h("span", { class: "total", data: { field: p.position },
        text: fate(p) ? t("web.safehouse.field", { field: p.position })
          : t("web.safehouse.field_lead", { field: p.position, lead: p.lead }) }),
    ];
  }

  // -- the big moments -----------------------------------------------------------------------

  // The moment the view names: everyone in the Safehouse, or caught; the whole screen until a
  // tap, then the card stays.
  function moment(v) {
    const s = v.state;
    const m = s.moment;
    if (!m) return null;
    const won = m.kind === "won";
    const caught = t("web.safehouse.caught_who", { count: s.caught.length,
      names: s.caught.map((seat) => G.seatName(v, seat)).join(", ") });
    return { key: m.key, tone: won ? "good" : "danger",
      title: t(won ? "web.safehouse.won" : "web.safehouse.lost"),
      text: [won ? "" : caught, t(s.result.summary[0].key, s.result.summary[0].params)].join(" ").trim(),
      vibrate: won ? [100, 60, 100, 60, 400] : [1000] };
  }

  function momentCard(v) {
    const s = v.state;
    if (!s.result) return null;
    const won = s.phase === "won";
    return h("section", { class: classes("card sh-moment", won ? "won" : "lost"), data: { moment: s.phase } },
      h("p", { class: "sh-moment-title", text: t(won ? "web.safehouse.won" : "web.safehouse.lost") }),
      h("p", { class: "lead", text: t(s.result.summary[0].key, s.result.summary[0].params) }),
      won ? null : h("p", { class: "lead", text: s.caught.map((seat) => G.seatName(v, seat)).join(", ") }));
  }

  // -- the track and the pool ----------------------------------------------------------------

  function trackCard(v) {
    const s = v.state;
    const rows = s.players.map((p) => {
      const bar = h("span", { class: "sh-bar" }, h("span", { class: "sh-fill" }));
      bar.firstChild.style.width = `${Math.min(100, (100 * Math.max(0, p.lead)) / (s.safehouse - s.profile.start + 4))}%`;
      return h("li", { class: classes("sh-lead", p.lead <= 2 && !p.safehouse && "hot"), data: { seat: p.seat, caught: String(p.caught) } },
        h("span", { class: "sh-name", text: G.seatName(v, p.seat) }), bar,
        h("span", { class: "sh-num", text: fate(p) || t("web.safehouse.lead", { lead: p.lead }) }),
        h("span", { class: "sh-small", text: t("web.safehouse.open", { count: p.open }) }),
        h("span", { class: "sh-small", text: t("web.safehouse.chameleons", { count: p.chameleons.left }) }));
    });
    return card(t("web.safehouse.track"),
      h("p", { class: "lead", data: { pursuer: s.pursuer },
        text: t("web.safehouse.pursuer_on", { field: s.pursuer, safehouse: s.safehouse }) }),
      s.last && s.last.steps ? h("p", { class: "hint", text: t(`web.safehouse.moved.${s.last.reason}`, { count: s.last.steps }) }) : null,
      h("ul", { class: "sh-leads" }, rows),
      s.profile.example ? h("p", { class: "sh-example", text: `\u26a0 ${t("safehouse.example")}` }) : null);
  }

  function poolCard(v) {
    const s = v.state;
    return card(t("web.safehouse.pool"),
      h("ul", { class: "sh-pool" }, DICE.map((colour) => {
        const d = s.pool[colour];
        return h("li", { data: { colour, free: d.free, lid: d.lid } },
          h("span", { class: "sh-colour", text: colourName(colour) }),
          ...Array.from({ length: d.free }, () => die(colour, null, { class: `sh-die ${colour} free` })),
          ...Array.from({ length: d.lid }, () => die(colour, null, { class: `sh-die ${colour} lid` })),
          d.lid ? h("span", { class: "sh-small", text: t("web.safehouse.in_lid", { count: d.lid }) }) : null);
      })),
      h("p", { class: "hint", text: t("web.safehouse.helps", { helps: helpNames(s) }) }));
  }

  function helpNames(s) {
    const free = Object.entries(s.helps).filter(([, used]) => !used).map(([kind]) => t(`web.safehouse.help.${kind}`));
    return free.length ? free.join(", ") : "\u2013";
  }

  // -- between rolls: choose, roll, take back -----------------------------------------------

  function rollCard(v) {
    const s = v.state;
    if (s.phase !== "ready") return null;
    const parts = [];
    if (decides(v) && !s.retrieval.forced) parts.push(...chooser(v));
    if (s.retrieval.lid && may(v, "retrieve")) {
      parts.push(button(t("web.safehouse.retrieve", { steps: s.retrieval.cost }),
        { class: classes("action", s.retrieval.forced && "primary"), data: { action: "retrieve" } },
        (event) => G.confirmTap(event.currentTarget, () => send("retrieve"))));
    }
    if (!parts.length) return null;
    return card(t(s.retrieval.forced ? "web.safehouse.retrieve_now" : "web.safehouse.choose"), ...parts);
  }

  function chooser(v) {
    const pool = v.state.pool;
    const chosen = local.dice;
    const rows = DICE.filter((colour) => pool[colour].free).map((colour) => {
      const n = chosen[colour] || 0;
      return h("div", { class: "sh-step", data: { colour } },
        h("span", { class: "sh-colour", text: colourName(colour) }),
        button("\u2212", { class: "choice small", "aria-label": "\u2212", disabled: G.state.busy || n === 0,
          data: { colour, step: "down" } }, () => { chosen[colour] = n - 1; G.render(); }),
        h("output", { class: "stepper-value", text: String(n) }),
        button("+", { class: "choice small", "aria-label": "+", disabled: G.state.busy || n >= pool[colour].free,
          data: { colour, step: "up" } }, () => { chosen[colour] = n + 1; G.render(); }));
    });
    const colourDie = COLOURS.some((colour) => chosen[colour]);
    // The hint under the roll: on a short phone the roll shows without scrolling.
    return [...rows,
      button(colourDie ? t("web.safehouse.roll", { count: DICE.reduce((a, c) => a + (chosen[c] || 0), 0) })
        : t("web.safehouse.need_colour"),
      // the roller's phone asks for it once the game waits for the roll (the table page may
      // roll too, but asks nobody)
      { class: "action primary",
        data: { action: "roll", ...(isHost(v) || v.state.waits_for !== "select" ? {} : { task: "roll" }) },
        disabled: G.state.busy || !colourDie },
      async () => {
        if (await send("roll", { dice: { ...chosen } })) local.dice = {};
      }), h("p", { class: "hint", text: t("web.safehouse.choose_hint") })];
  }

  // -- the faces from the table --------------------------------------------------------------

  function facesCard(v) {
    const s = v.state;
    if (s.phase !== "faces" || !decides(v)) return null;
    const rows = [];
    for (const [colour, faces] of Object.entries(s.roll.faces)) {
      faces.forEach((f, i) => {
        if (f !== null) return;
        const key = `${colour}/${i}`;
        rows.push(h("div", { class: "sh-step", data: { colour, die: i } },
          die(colour, local.faces[key] ?? null),
          h("div", { class: "choice-row" }, FACES.map((value) => button(face(value),
            { class: "choice small", "aria-pressed": String(local.faces[key] === value),
              "aria-label": `${colourName(colour)} ${face(value)}`, data: { colour, die: i, face: value } },
            () => { local.faces[key] = value; G.render(); })))));
      });
    }
    const missing = rows.filter((row) => local.faces[`${row.dataset.colour}/${row.dataset.die}`] === undefined).length;
    return card(t("web.safehouse.faces"), h("p", { class: "hint", text: t("web.safehouse.faces_hint") }), ...rows,
      button(t("web.safehouse.faces_send"), { class: "action primary", data: { action: "faces" },
        disabled: G.state.busy || missing > 0 }, () => sendFaces(s)));
  }

  async function sendFaces(s) {
    const faces = {};
    for (const [colour, list] of Object.entries(s.roll.faces)) {
      const typed = list.map((f, i) => (f === null ? local.faces[`${colour}/${i}`] : undefined)).filter((f) => f !== undefined);
      if (typed.length) faces[colour] = typed;
    }
    if (await send("faces", { faces })) local.faces = {};
  }

  // -- the roll and the helps ----------------------------------------------------------------

  function rollShown(v) {
    if (v.state.phase === "lost") return lostShown(v);
    const roll = v.state.roll;
    if (!roll) return null;
    const numbers = COLOURS.filter((c) => roll.numbers[c] !== null)
      .map((c) => `${colourName(c)} ${roll.numbers[c]}`);
    // "Der Verfolger läuft nicht": its faces stand crossed out from the moment it is used.
    const crossed = (colour, f) => (roll.ignored && f === "P" ? { class: `sh-die ${colour} pursuer ignored` } : {});
    return card(t("web.safehouse.this_roll"),
      h("div", { class: "sh-roll" }, Object.entries(roll.faces).flatMap(([colour, faces]) =>
        faces.map((f) => die(colour, f, crossed(colour, f))))),
      h("p", { class: "lead", data: { numbers: numbers.join(",") },
        text: numbers.length ? numbers.join(" \u00b7 ") : t("web.safehouse.no_numbers") }),
      roll.jokers.length ? h("p", { class: "hint", text: t("web.safehouse.jokers", { jokers: roll.jokers.join(", ") }) }) : null,
      pursuerLine(v),
      v.state.phase === "helps" && decides(v) ? helps(v) : null);
  }

  // What the roll's pursuer faces do: pending until the group goes on, or nothing at all.
  function pursuerLine(v) {
    const s = v.state;
    if (s.roll.ignored) {
      return h("p", { class: "lead", data: { stays: s.pursuer }, text: t("web.safehouse.stays", { field: s.pursuer }) });
    }
    return s.phase === "helps" ? h("p", { class: classes("lead", s.roll.pursuers && "sh-hot"),
      text: t("web.safehouse.pending", { count: s.roll.pursuers }) }) : null;
  }

  // After a loss: what caught the group (a step before the roll leaves no dice rolled).
  function lostShown(v) {
    const s = v.state;
    const rolled = s.roll ? Object.entries(s.roll.faces).flatMap(([colour, faces]) =>
      faces.filter((f) => f !== null).map((f) => die(colour, f))) : [];
    return card(t("web.safehouse.how_lost"),
      rolled.length ? h("div", { class: "sh-roll" }, rolled) : null,
      h("p", { class: "lead", data: { lost: s.last.reason },
        text: t(`web.safehouse.lost_by.${s.last.reason}`, { count: s.last.steps, field: s.pursuer }) }));
  }

  // A typo is no reveal: the faces come back to be typed again, as they were.
  function faceBack(s) {
    return button(t("web.safehouse.face_back"), { class: "action quiet", data: { action: "face_back" } }, async () => {
      local.retype = Object.fromEntries(Object.entries(s.roll.faces).flatMap(([colour, faces]) =>
        faces.map((f, i) => [`${colour}/${i}`, f])));
      if (!(await send("face_back", { all: true }))) local.retype = null;
    });
  }

  function helps(v) {
    const s = v.state;
    const go = s.roll.ignored ? t("web.safehouse.go_stays", { field: s.pursuer })
      : t("web.safehouse.go", { steps: s.roll.pursuers });
    const parts = [button(go,
      { class: "action primary", data: { action: "go" } }, () => send("go"))];
    if (may(v, "face_back")) parts.push(faceBack(s));
    if (!s.helps.ignore && s.roll.pursuers) {
      parts.push(button(t("web.safehouse.help.ignore"), { class: "action", data: { action: "help", kind: "ignore" } },
        (event) => G.confirmTap(event.currentTarget, () => send("help", { kind: "ignore" }))));
    }
    if (!s.helps.reroll) {
      const marked = Object.values(local.reroll).reduce((a, list) => a + list.length, 0);
      parts.push(h("p", { class: "hint", text: t("web.safehouse.reroll_hint") }),
        h("div", { class: "choice-row" }, Object.entries(s.roll.faces).flatMap(([colour, faces]) => faces.map((f, i) => {
          const on = (local.reroll[colour] || []).includes(i);
          return button(`${colourName(colour)} ${face(f)}`, { class: "choice small", "aria-pressed": String(on),
            data: { reroll: `${colour}/${i}` } }, () => {
            const list = local.reroll[colour] || [];
            local.reroll[colour] = on ? list.filter((x) => x !== i) : [...list, i];
            G.render();
          });
        }))),
        button(marked ? t("web.safehouse.reroll", { count: marked }) : t("web.safehouse.reroll_pick"), { class: "action", data: { action: "help", kind: "reroll" },
          disabled: G.state.busy || marked === 0 }, () => send("help", { kind: "reroll", dice: { ...local.reroll } })));
    }
    return h("div", { class: "sh-helps" }, parts);
  }

  // -- entering: a sheet's orders ------------------------------------------------------------

  function sheetCards(v) {
    const s = v.state;
    if (G.isSeated(v) && s.players[v.me].letter) return [digitalSheet(v, v.me, true)];
    if (s.phase !== "entering") return [];
    if (G.isSeated(v)) return [sheetCard(v, v.me, false)];
    if (!isHost(v)) return [];
    return [...s.players.map((p) => (p.letter ? digitalSheet(v, p.seat, false) : sheetCard(v, p.seat, true))),
      card(null, button(t("web.safehouse.all_done"), { class: "action primary", data: { action: "done" } },
        () => send("done")))];
  }

  // A phone's own sheet keeps the orders closed in earlier rolls as they are: the table page
  // (or the box), naming the sheet, corrects a mistake.
  function sheetCard(v, seat, named) {
    const p = v.state.players[seat];
    const args = named ? { seat } : {};
    const kept = named ? [] : p.kept;
    const title = named ? t("web.safehouse.sheet_of", { name: G.seatName(v, seat) }) : t("web.safehouse.my_sheet");
    return h("section", { class: "card sh sh-sheet", data: { sheet: seat } }, h("h2", { text: title }),
      h("p", { class: "hint", text: t("web.safehouse.sheet_hint") }),
      kept.length ? h("p", { class: "hint", data: { kept: kept.join(",") }, text: t("web.safehouse.kept_hint") }) : null,
      h("ol", { class: "sh-orders" }, p.orders.map((order, row) =>
        orderRow(v, seat, row, order, kept.includes(row) ? null : args))),
      h("div", { class: "pad-row" },
        button(t("web.safehouse.chameleon", { count: p.chameleons.left }), { class: "action",
          data: { action: "chameleon" }, disabled: G.state.busy || p.chameleons.left === 0 },
        (event) => G.confirmTap(event.currentTarget, () => send("chameleon", args))),
        doneButton(p, args)));
  }

  function doneButton(p, args) {
    return p.done ? h("p", { class: "lead sh-done", text: t("web.safehouse.done_tag") })
      : button(t("web.safehouse.done"), { class: "action primary", data: { action: "done" } },
        () => send("done", args));
  }

  // An order's status, and the buttons that change it (none for ``args`` null: kept).
  function orderRow(v, seat, row, order, args) {
    const picking = local.arrow === `${seat}/${row}`;
    const status = order.status === "closed" ? t("web.safehouse.closed", { arrow: order.arrow })
      : t(`web.safehouse.status.${order.status}`);
    const set = (extra) => { local.arrow = null; return send("order", { ...args, row, ...extra }); };
    return h("li", { class: classes("sh-order", order.status), data: { row, status: order.status } },
      h("span", { class: "sh-order-name", text: t("web.safehouse.order", { row: row + 1 }) }),
      h("span", { class: "sh-order-status", text: status }),
      args && h("div", { class: "choice-row" },
        order.status !== "open" ? button(t("web.safehouse.open_it"), { class: "choice small", data: { row, set: "open" } },
          () => set({ status: "open" })) : null,
        order.status !== "closed" ? button(t("web.safehouse.close_it"), { class: "choice small", "aria-pressed": String(picking),
          data: { row, set: "closed" } }, () => { local.arrow = picking ? null : `${seat}/${row}`; G.render(); }) : null,
        order.status !== "empty" ? button(t("web.safehouse.empty_it"), { class: "choice small quiet", data: { row, set: "empty" } },
          () => set({ status: "empty" })) : null),
      picking ? h("div", { class: "choice-row sh-arrows" }, h("span", { class: "hint", text: t("web.safehouse.arrow") }),
        ARROWS.map((arrow) => button(String(arrow), { class: "choice small", data: { row, arrow } },
          () => set({ status: "closed", arrow })))) : null);
  }

  // -- sheet mode: the digital sheet ---------------------------------------------------------

  // A seat takes its sheet while nothing is written on it: each a different letter.
  function letterCard(v) {
    const s = v.state;
    if (s.mode !== "sheet" || !G.isSeated(v) || !PLAYING.includes(s.phase)) return null;
    const me = s.players[v.me];
    if (me.orders.some((o) => o.status !== "empty")) return null;
    const holders = Object.fromEntries(s.players.filter((p) => p.letter).map((p) => [p.letter, p.seat]));
    return card(t("web.safehouse.sheet_choose"),
      h("p", { class: "hint", text: t(me.letter ? "web.safehouse.sheet_change" : "web.safehouse.sheet_choose_hint") }),
      h("div", { class: "choice-row" }, s.sheets.letters.map((letter) => {
        const holder = holders[letter];
        const taken = holder !== undefined && holder !== v.me;
        return button(taken ? `${letter} · ${G.seatName(v, holder)}` : letter,
          { class: "choice", "aria-pressed": String(holder === v.me), disabled: G.state.busy || taken, data: { letter } },
          () => send("sheet", { letter }));
      })),
      s.sheets.example ? h("p", { class: "sh-example", text: `⚠ ${t("web.safehouse.sheets_example")}` }) : null);
  }

  // The rules know seats, not names: the sheet's holder as the phones name them.
  function refusal(v, key, args) {
    const holder = key === "safehouse.sheet.taken" && v.state.players.find((p) => p.letter === args.letter);
    return holder ? t("web.safehouse.sheet_taken", { letter: args.letter, name: G.seatName(v, holder.seat) }) : null;
  }

  function digitalSheet(v, seat, mine) {
    const s = v.state;
    const p = s.players[seat];
    const offers = mine && s.phase === "entering" ? s.offers : null;
    const refusals = offers && s.refusals;
    const title = mine ? t("web.safehouse.my_letter", { letter: p.letter })
      : t("web.safehouse.letter_of", { letter: p.letter, name: G.seatName(v, seat) });
    return h("section", { class: "card sh sh-digital", data: { sheet: seat, letter: p.letter } }, h("h2", { text: title }),
      s.sheets.example ? h("p", { class: "sh-example", data: { example: "sheet" }, text: `\u26a0 ${t("web.safehouse.example_sheet")}` }) : null,
      offers ? handLine(v) : null,
      h("ol", { class: "sh-rows" }, p.sheet.map((order, row) => sheetRow(order, row, offers, refusals))),
      mine && s.phase === "entering" ? doneButton(p, {}) : null);
  }

  // What this roll still gives the phone's player: colours, jokers, a chameleon.
  function handLine(v) {
    const hand = v.state.hand;
    const colours = Object.entries(hand.colours).map(([c, n]) => `${colourName(c)} ${n}`);
    return h("p", { class: "hint sh-hand" }, t("web.safehouse.hand", {
      colours: colours.join(", ") || "–", jokers: hand.jokers.join(", ") || "–" }),
    hand.chameleon ? ` · ${t("web.safehouse.hand_chameleon")}` : "");
  }

  function sheetRow(order, row, offers, refusals) {
    const closed = order.status === "closed";
    return h("li", { class: classes("sh-row", order.status), data: { row, status: order.status } },
      h("div", { class: "sh-row-head" },
        h("span", { class: "sh-order-name", text: t("web.safehouse.order", { row: row + 1 }) }),
        h("span", { class: "sh-small", text: t(`web.safehouse.rule.${order.rule}`) }),
        h("span", { class: "sh-small", text: `→ ${order.arrow}` }),
        closed ? h("span", { class: "tag", text: t("web.safehouse.closed", { arrow: order.arrow }) }) : null,
        order.stuck && !closed ? h("span", { class: "tag warn", data: { stuck: row }, text: t("web.safehouse.stuck") }) : null),
      h("div", { class: "sh-fields" }, order.fields.map((f, field) => sheetField(f, row, field, offers, refusals))));
  }

  // A field that takes no number now says why at a tap (its colour used, not rolled, the rule).
  function sheetField(f, row, field, offers, refusals) {
    const picks = offers ? offers[row][field] : [];
    const why = refusals ? refusals[row][field] : null;
    const name = f.colour === "grey6" ? t("web.safehouse.grey6") : colourName(f.colour);
    const props = { class: classes("sh-cell", f.colour, f.fresh && "fresh", local.pick === `${row}/${field}` && "picking"),
      data: { row, field, number: f.number === null ? "" : f.number },
      "aria-label": `${name} ${f.number === null ? t("web.safehouse.empty_field") : f.number}` };
    const text = f.number === null ? "" : String(f.number);
    if (why) return button(text, { ...props, class: `${props.class} refused` }, () => G.toast(t(why)));
    if (!(f.fresh || picks.length)) return h("span", props, text);
    return button(text, { ...props, disabled: G.state.busy }, () => { local.pick = `${row}/${field}`; G.render(); });
  }

  // The numbers a field may take, in a panel at the bottom within a thumb's reach.
  function picker(v) {
    const s = v.state;
    if (!local.pick || s.phase !== "entering" || !s.offers || !G.isSeated(v)) return null;
    const [row, field] = local.pick.split("/").map(Number);
    const f = s.players[v.me].sheet[row].fields[field];
    const close = () => { local.pick = null; G.render(); };
    const write = (pick) => {
      local.pick = null;
      return send("write", { row, field, number: pick.number, ...(pick.colour === f.colour ? {} : { colour: pick.colour }) });
    };
    const picks = s.offers[row][field];
    return h("div", { class: "sh-picker", role: "dialog", "aria-modal": "true", data: { picking: local.pick },
      "aria-label": t("web.safehouse.pick", { row: row + 1, field: field + 1, colour: colourName(f.colour) }) },
    h("p", { class: "sh-picker-title", text: t("web.safehouse.pick", { row: row + 1, field: field + 1, colour: colourName(f.colour) }) }),
    f.fresh ? button(t("web.safehouse.erase", { number: f.number }), { class: "action", data: { action: "erase" } }, () => {
      local.pick = null;
      return send("erase", { row, field });
    }) : null,
    picks.length ? h("div", { class: "sh-numbers" }, picks.map((pick) => button([
      h("span", { class: "sh-big", text: String(pick.number) }),
      pick.colour === f.colour ? null : h("span", { class: "sh-tiny", text: t("web.safehouse.by_chameleon", { colour: colourName(pick.colour) }) })],
    { class: classes("sh-number", pick.colour), data: { number: pick.number, colour: pick.colour } }, () => write(pick)))) : null,
    button(t("web.safehouse.cancel"), { class: "action quiet", data: { action: "cancel" } }, close));
  }

  // Nothing is secret: the other sheets one tap away.
  function otherSheets(v) {
    const s = v.state;
    if (s.mode !== "sheet" || !G.isSeated(v)) return null;
    const others = s.players.filter((p) => p.letter && p.seat !== v.me);
    if (!others.length) return null;
    return h("details", { class: "card sh-others" }, h("summary", { text: t("web.safehouse.other_sheets") }),
      ...others.map((p) => digitalSheet(v, p.seat, false)));
  }

  // -- a drift correction --------------------------------------------------------------------

  function driftCard(v) {
    const s = v.state;
    if (!["ready", "faces", "helps", "entering"].includes(s.phase) || !may(v, "pursuer")) return null;
    const input = h("input", { type: "number", inputmode: "numeric", min: String(s.pursuer + 1),
      max: String(s.safehouse), value: String(s.pursuer + 1), id: "safehouse-drift",
      "aria-label": t("web.safehouse.drift_field") });
    return h("details", { class: "card sh-drift" }, h("summary", { text: t("web.safehouse.drift") }),
      h("p", { class: "hint", text: t("web.safehouse.drift_hint") }),
      h("div", { class: "code-row" }, input,
        button(t("web.safehouse.drift_send"), { class: "small", data: { action: "pursuer" } },
          (event) => G.confirmTap(event.currentTarget, () => send("pursuer", { field: Number(input.value) })))));
  }

  // -- the panel -----------------------------------------------------------------------------

  // A letter taken may still change, under the roll: the roll is what the phone asks for next.
  function panel(v) {
    fresh(v);
    const lettered = G.isSeated(v) && Boolean(v.state.players[v.me].letter);
    const first = lettered ? [rollCard(v), letterCard(v)] : [letterCard(v), rollCard(v)];
    return [momentCard(v), ...first, facesCard(v), rollShown(v), ...sheetCards(v), trackCard(v),
      otherSheets(v), poolCard(v), driftCard(v), picker(v)].filter(Boolean);
  }

  // -- the lobby: the box profile, its sheets typed in, imported or exported ----------------

  function savedProfile(v) {
    return (((v.saved && v.saved[GAME]) || {}).profile || {})[BOX_PROFILE];
  }

  // The track and the sheets are example values apart: saving the track confirms it, saving
  // the sheets keeps the track as it is.
  function setupPanel(v) {
    const profile = savedProfile(v);
    if (!profile) return [];
    const typed = LETTERS.filter((letter) => (profile.sheets || {})[letter]);
    const own = typed.length > 0;
    return [h("section", { class: "sh-profile", data: { profile: profile.example ? "example" : "own" } },
      h("h2", { text: t("web.safehouse.profile") }),
      profile.example ? h("p", { class: "sh-example", text: `\u26a0 ${t("safehouse.example")}` }) : null,
      trackEditor(profile),
      h("p", { class: own ? "hint" : "sh-example", data: { sheets: own ? "own" : "example" },
        text: own ? t("web.safehouse.sheets_own", { letters: typed.join(", ") })
          : `\u26a0 ${t("web.safehouse.sheets_example")}` }),
      sheetsEditor(profile),
      h("div", { class: "choice-row" }, G.exportLink(GAME, "profile", BOX_PROFILE)),
      G.importer(GAME, () => ({ kind: "profile", name: BOX_PROFILE })))];
  }

  // The track's numbers, kept while the page redraws (a seat count tapped meanwhile) until the
  // saved track or the language changes: what was typed stays. Saving confirms the track and
  // keeps the sheets as they are saved.
  const TRACK = ["safehouse", "start", "pursuer", "orders"];
  function trackEditor(profile) {
    const key = JSON.stringify([TRACK.map((name) => profile[name]), profile.example, G.state.lang]);
    return kept("track", key, () => trackFields(profile));
  }

  function trackFields(profile) {
    const inputs = TRACK.map((name) => h("input", { type: "number", inputmode: "numeric", name: `profile-${name}`,
      value: String(profile[name]) }));
    return h("div", { class: "sh-track" },
      ...TRACK.map((name, n) => h("label", { class: "sh-field" }, h("span", { text: t(`web.safehouse.profile.${name}`) }),
        inputs[n])),
      button(t("web.safehouse.profile_save"), { class: "action", data: { action: "table.save" } }, () => {
        const { example, ...saved } = savedProfile(G.state.view);
        return saveProfile({ ...saved, ...Object.fromEntries(TRACK.map((name, n) => [name, Number(inputs[n].value)])),
          name: t("web.safehouse.profile_name") });
      }));
  }

  // A part of the lobby built once and kept while ``key`` stays the same, so what was typed
  // in it stays; its buttons follow whether the page is busy sending.
  function kept(part, key, build) {
    if (!local[part] || local[part].key !== key) local[part] = { key, root: build() };
    for (const el of local[part].root.querySelectorAll("button")) el.disabled = G.state.busy;
    return local[part].root;
  }

  async function saveProfile(data) {
    const result = await send("table.save", { game: GAME, kind: "profile", name: BOX_PROFILE, data });
    if (result) G.toast(t("web.saved"), "good");
    return Boolean(result);
  }

  // Each sheet typed in: a line an order, its fields left to right, then its arrow.
  const CODES = { de: { yellow: "Ge", green: "Gr", red: "R", blue: "B", grey6: "6" },
    en: { yellow: "Y", green: "G", red: "R", blue: "B", grey6: "6" } };
  const WORDS = { y: "yellow", ge: "yellow", gelb: "yellow", yellow: "yellow", g: "green", gr: "green",
    "gr\u00fcn": "green", green: "green", r: "red", rot: "red", red: "red", b: "blue", blau: "blue", blue: "blue",
    6: "grey6", grau: "grey6", grey: "grey6", grey6: "grey6" };
  const RULES = ["equal", "strict"];
  // Order 1 "alle gleich", order 2 "aufsteigen", every other "gleich hoch oder aufsteigend".

  function sheetLines(orders) {
    const codes = CODES[G.state.lang] || CODES.en;
    return (orders || []).map((o) => [...o.fields.map((f) => codes[f] || f), o.arrow].join(" ")).join("\n");
  }

  function parseSheet(text) {
    return text.split("\n").map((line) => line.trim()).filter(Boolean).map((line, row) => {
      const words = line.split(/[\s,;]+/);
      const arrow = Number(words.pop());
      return { fields: words.map((w) => WORDS[w.toLowerCase()] || w), rule: RULES[row] || "nondecreasing",
        arrow: Number.isInteger(arrow) ? arrow : null };
    });
  }

  // Only the sheets typed in are saved: a letter left empty has no sheet on the box.
  function sheetsEditor(profile) {
    return kept("sheets", JSON.stringify([profile.sheets, G.state.lang]), () => sheetFields(profile));
  }

  function sheetFields(profile) {
    const areas = LETTERS.map((letter) => h("textarea", { rows: "8", id: `safehouse-sheet-${letter}`,
      "aria-label": t("web.safehouse.sheet_letter", { letter }), spellcheck: "false" },
    sheetLines((profile.sheets || {})[letter])));
    return h("details", { class: "sh-sheets" }, h("summary", { text: t("web.safehouse.type_sheets") }),
      h("p", { class: "hint", text: t("web.safehouse.type_hint") }),
      ...LETTERS.map((letter, n) => h("label", { class: "sh-sheet-text", for: areas[n].id },
        h("span", { text: t("web.safehouse.sheet_letter", { letter }) }), areas[n])),
      button(t("web.safehouse.sheets_save"), { class: "action", data: { action: "sheets-save" } }, () => saveProfile({
        ...savedProfile(G.state.view), name: t("web.safehouse.profile_name"),
        sheets: Object.fromEntries(LETTERS.map((letter, n) => [letter, parseSheet(areas[n].value)])
          .filter(([, orders]) => orders.length)) })));
  }

  G.register(GAME, {
    own: OWN,
    turn: (v) => v.state.turn,
    headline,
    subline,
    actions: () => [],
    tableActions: () => [],
    playerInfo,
    panel,
    moment,
    choices: (option, seats) => (option.name === "first_player" ? option.choices.filter((c) => c < seats) : option.choices),
    choiceLabel: (name, value) => (name === "first_player" ? G.seatLabel(value) : String(value)),
    setupPanel,
    refusal,
  });
})();
