// Rob 'n Run on the phones and the table page. What this moment asks of the group comes first
// and big: what to do now, the boss's safes, clues and sorting, the crew's turn, the
// evaluation's step; the rest of the board (station, route, dealers, buildings, the named
// tools, notes) lies one tap away in sections that start closed. The box profile and the
// scenarios live in the table page's lobby.
"use strict";

(() => {
  const G = window.Getaway;
  const { t, h, button, classes, send } = G;

  const GAME = "robnrun";
  const TOOLS = ["card", "flashlight", "stethoscope", "acid", "dynamite", "ram", "jackhammer"];
  const BAG = "bag";
  const COLOURS = ["yellow", "green", "white", "red"];
  const SIDES = ["2", "3", "4", "5"];
  const QUARTERS = "ABCD";
  const SAFE = { tools: [3, 5], kinds: 4, same: 4, gold: [1, 2, 3] };
  const NAMED = { 1: "tool", 2: "tool", 3: "count" };
  const OWN = ["rob", "safes", "clue", "sort", "place", "buy", "mark", "note"];
  const BOX_PROFILE = "box";
  const STEPPED = ["rob", "clue", "place", "buy"];
  const PREPARE = ["rob", "safes", "deal", "start"];
  const AFTER_SORTING = ["clues", "evaluation"]; // where the last sort's summary is the news
  const SECTIONS = ["safes", "robbery", "station", "route", "buildings", "memory", "notes"];
  const BUZZ = {
    turn: [200],
    cracked: [100, 60, 100, 60, 300],
    alarm: [600, 150, 600],
    won: [100, 60, 100, 60, 100, 60, 400],
    lost: [1000],
  };

  // What this page keeps between views: drafts, the sections and what someone types into.
  const local = {
    safes: { key: null, drafts: [], editing: false },
    sort: { key: null, cards: [] },
    clue: null,
    mark: null,
    panel: null,
    setup: null,
  };

  // -- names -------------------------------------------------------------------------------

  function toolName(v, tool) {
    if (tool === "jackhammer" && G.state.lang === "en" && v.state.profile) return v.state.profile.jackhammer;
    return t(`robnrun.tool.${tool}`);
  }

  function colourName(colour) {
    return t(`robnrun.colour.${colour}`);
  }

  function cube(colour) {
    return h("span", { class: classes("cube", colour), title: colourName(colour) },
      h("span", { class: "cube-name", text: colourName(colour) }));
  }

  function cubes(list) {
    return h("span", { class: "rr-cubes-row" }, list.map(cube));
  }

  // A built-in document shows its name in the page's language; the group's keep their own.
  function documentName(name, data) {
    return data.example ? t(`web.robnrun.builtin.${name}`) : data.name;
  }

  function tools(v, counts) {
    const named = TOOLS.filter((tool) => counts[tool]).map((tool) => `${toolName(v, tool)} \u00d7${counts[tool]}`);
    return named.length ? named.join(", ") : "\u2013";
  }

  function line(label, ...value) {
    return h("p", { class: "rr-line" }, h("span", { class: "rr-label", text: label }), " ", ...value);
  }

  function card(title, ...children) {
    return h("section", { class: "card rr" }, title ? h("h2", { text: title }) : null, ...children);
  }

  // -- who may do what now -----------------------------------------------------------------

  // The public main steps of the phase, as the box's TURN button and menu offer them.
  function steps(s) {
    const r = s.crew;
    if (s.now === "safes_openly") return []; // the robbery waits while the box enters the safes
    if (s.phase === "prepare") {
      if (s.prepare.building === null) return ["rob"];
      return s.prepare.dealt ? ["start"] : ["deal"];
    }
    if (s.phase === "clues") return ["clue", "crew"];
    if (s.phase === "crew") {
      return ["play", !r.exchanged.includes(r.turn) && "exchange", !r.forced && "pass"].filter(Boolean);
    }
    if (s.phase === "evaluation") return evaluationSteps(s.evaluation);
    return [];
  }

  function evaluationSteps(ev) {
    if (ev.step === 3 && ev.to_place > 0 && ev.placeable.length) return ["place"];
    if (ev.step === 5 && ev.dealer) return ["buy"];
    return ["next"];
  }

  // Whether this page may send ``type`` now: a seat as the box says, the table page as the box.
  function may(v, type) {
    const now = !STEPPED.includes(type) || steps(v.state).includes(type);
    if (G.isSeated(v)) return now && (v.state.actions || []).includes(type);
    if (G.PAGE !== "table") return false;
    return type === "mark" ? !["won", "lost"].includes(v.state.phase) : steps(v.state).includes(type);
  }

  function isBoss(v) {
    return G.isSeated(v) && v.state.role === "boss";
  }

  // The boss's phone enters the safes before it deals: the safes first, as the rule book has it.
  function actions(v, types) {
    const s = v.state;
    const later = isBoss(v) && s.phase === "prepare" && !s.prepare.safes_entered;
    return types.filter((type) => steps(s).includes(type) && !(later && ["deal", "start"].includes(type)));
  }

  // -- the status line and what to do now --------------------------------------------------

  function headline(v) {
    const s = v.state;
    if (s.phase === "crew" && s.crew.turn !== null) return null; // whose turn: the generic line
    if (s.phase === "evaluation") return t("web.robnrun.step", { step: s.evaluation.step });
    if (s.phase === "won" || s.phase === "lost") return t(`web.robnrun.${s.phase}`);
    return t(`web.robnrun.phase.${s.phase}`, { robbery: s.robbery });
  }

  function subline(v) {
    const s = v.state;
    if (s.phase === "crew") {
      return t("web.robnrun.played", { played: s.crew.played, needed: s.crew.needed,
        stack: s.alarm_count, limit: s.alarm_limit });
    }
    if (s.phase === "evaluation") return t(`web.robnrun.step.${s.evaluation.step}`);
    if (s.phase === "won") return t(`robnrun.rating.${s.result.rating}`);
    if (s.phase === "lost") return null;
    return isBoss(v) ? t("web.robnrun.you_boss") : t("web.robnrun.boss_is", { name: G.seatName(v, s.boss) });
  }

  // One sentence on what the box expects from the group at this step.
  function nowLine(v) {
    const s = v.state;
    const value = (colour) => s.station[colour].value;
    const turn = s.crew.turn === null ? "" : G.seatName(v, s.crew.turn);
    return h("p", { class: "rr-now", data: { now: s.now } }, t(`robnrun.now.${s.now}`, {
      boss: G.seatName(v, s.boss), turn, yellow: value("yellow"), green: value("green"),
      white: value("white"), red: value("red") }));
  }

  // The preparation's four steps in the rule book's order, each ticked once done; the safes
  // are entered on the box while the boss plays openly.
  function prepareSteps(v) {
    const s = v.state;
    const p = s.prepare;
    const done = { rob: p.building !== null, safes: p.safes_entered, deal: p.dealt, start: false };
    const now = s.now === "safes_openly" ? "safes" : s.now;
    const openly = (step) => (step === "safes" && s.openly ? "_openly" : "");
    return h("ol", { class: "rr-checklist", data: { checklist: "prepare" } }, PREPARE.map((step) => h("li",
      { class: classes(done[step] && "done", step === now && "current"), data: { step } },
      t(`web.robnrun.prepare.${step}${openly(step)}`))));
  }

  function playerInfo(v, seat) {
    const s = v.state;
    const hand = s.crew.hands[seat];
    return [
      seat === s.boss ? h("span", { class: "tag", text: t("web.robnrun.boss") }) : null,
      s.crew.exchanged.includes(seat) ? h("span", { class: "tag muted", text: t("web.robnrun.exchanged") }) : null,
      seat !== s.boss && hand !== undefined
        ? h("span", { class: "total", title: t("web.robnrun.hand"), text: t("web.robnrun.cards", { count: hand }) }) : null,
    ];
  }

  // -- the big moments ---------------------------------------------------------------------

  // The moment the view names, in words: your turn, safes cracked, the alarm, a sort's
  // result, a new robbery, escaped or caught; the page fills the screen with it.
  function moment(v) {
    const s = v.state;
    const m = s.moment;
    if (!m) return null;
    if (m.kind === "won" || m.kind === "lost") {
      const text = m.kind === "won"
        ? t("web.robnrun.moment.game_won", { gold: s.gold, rating: t(`robnrun.rating.${s.result.rating}`) })
        : t("web.robnrun.moment.game_lost");
      return { key: m.key, tone: m.kind === "won" ? "good" : "danger", title: t(`web.robnrun.moment.${m.kind}`),
        text, vibrate: BUZZ[m.kind] };
    }
    if (m.kind === "cracked" || m.kind === "alarm") {
      const ev = s.evaluation;
      const cracked = crackedText(ev);
      const text = ev.alarm ? `${t("web.robnrun.alarm_off")} ${t("web.robnrun.cracked")}: ${cracked}` : cracked;
      return { key: m.key, tone: ev.alarm ? "danger" : "good", title: t(`web.robnrun.moment.${m.kind}`),
        text: s.sorting ? [text, ...sortedLines(v)] : text, vibrate: BUZZ[m.kind] };
    }
    if (m.kind === "sorted") {
      return { key: m.key, title: t("web.robnrun.moment.sorted"), text: sortedLines(v), vibrate: BUZZ.turn };
    }
    if (m.kind === "robbery") {
      return { key: m.key, title: t("web.robnrun.robbery", { robbery: s.robbery }),
        text: [t("web.robnrun.moment.gold", { gold: s.gold }), nowLine(v).textContent], vibrate: BUZZ.turn };
    }
    if (m.kind !== "turn") return null;
    return { key: m.key, tone: "turn", title: t("web.your_turn"),
      text: t(`robnrun.now.${s.now}`, { turn: G.seatName(v, v.me) }), vibrate: BUZZ.turn };
  }

  // What the last sort did, in lines: the cards onto the alarm stack, the bags drawn for.
  function sortedLines(v) {
    const sorted = v.state.sorting;
    const line = t("web.robnrun.moment.sorted_text", { count: sorted.wrong, after: sorted.alarm_stack[1],
      limit: v.state.alarm_limit });
    return sorted.bags ? [line, drawnText(v, sorted)] : [line];
  }

  function drawnText(v, sorted) {
    const drawn = v.state.crew.members.map((seat) => `${G.seatName(v, seat)} +${sorted.drawn[seat]}`).join(", ");
    return t("web.robnrun.sorting_drawn", { count: sorted.bags, drawn });
  }

  // -- the task of this moment -------------------------------------------------------------

  function exampleLine(s) {
    if (!s.profile.example) return null;
    return h("p", { class: "rr-example", data: { example: "yes" } }, t("web.robnrun.example_line"));
  }

  // Gold, cards played, the alarm stack, the tools face up and what the boss said.
  function factsCard(v) {
    const s = v.state;
    const dealt = s.prepare.dealt && !s.result;
    return card(null,
      h("div", { class: "rr-gold" },
        h("span", { class: "rr-label", text: t("web.robnrun.gold") }),
        h("strong", { class: "rr-big", data: { gold: s.gold }, text: String(s.gold) }),
        s.gold_warning ? h("span", { class: "tag warn", text: t("web.robnrun.gold_bars") }) : null),
      dealt ? line(t("web.robnrun.played_label"), h("strong", { data: { played: s.crew.played },
        text: `${s.crew.played} / ${s.crew.needed}` })) : null,
      dealt ? line(t("web.robnrun.alarm_stack"), h("strong",
        { class: classes(s.alarm_count >= s.alarm_limit && "rr-hot"), data: { alarm: s.alarm_count },
          text: `${s.alarm_count} / ${s.alarm_limit}` })) : null,
      dealt ? line(t("web.robnrun.rows"), tools(v, s.rows)) : null,
      dealt && s.clues.uses.length ? usesList(v) : null);
  }

  function usesList(v) {
    return h("div", {}, h("p", { class: "rr-label", text: t("web.robnrun.said") }),
      h("ul", { class: "rr-uses" }, v.state.clues.uses.map((use) => h("li", { text: useText(v, use) }))));
  }

  function useText(v, use) {
    let said = "";
    if (use.tool) said = t(`web.robnrun.clue_text.${use.clue}`, { tool: toolName(v, use.tool) });
    else if (use.count) said = t(`web.robnrun.clue_text.${use.clue}`, { count: use.count });
    const clue = t("web.robnrun.clue", { clue: use.clue });
    const text = said ? `${clue}: ${t("web.robnrun.quoted", { said })}` : clue;
    return use.bought ? `${text} (${t("web.robnrun.bought")})` : text;
  }

  // What the last sort did, for everyone: tools face up, cards onto the alarm stack, bags.
  function sortingCard(v) {
    const s = v.state;
    const sorted = s.sorting;
    if (!sorted) return null;
    return h("section", { class: "card rr rr-sorting", data: { sorting: sorted.round } },
      h("h2", { text: t("web.robnrun.sorting", { round: sorted.round }) }),
      line(t("web.robnrun.sorting_rows"), tools(v, sorted.rows)),
      line(t("web.robnrun.sorting_wrong"), h("strong", { data: { wrong: sorted.wrong },
        text: t("web.robnrun.sorting_stack", { count: sorted.wrong, before: sorted.alarm_stack[0],
          after: sorted.alarm_stack[1], limit: s.alarm_limit }) })),
      line(t("web.robnrun.sorting_bags"), sorted.bags
        ? drawnText(v, sorted) : t("web.robnrun.sorting_no_bags")),
      line(t("web.robnrun.stack"), h("span", { data: { stack: sorted.stack.join("-") } },
        `${sorted.stack[0]} \u2192 ${sorted.stack[1]}`)));
  }

  function taskCards(v) {
    const s = v.state;
    if (s.phase === "prepare") {
      return [may(v, "rob") ? robCard(v) : null, isBoss(v) ? safesEditorCard(v) : null, prepareSteps(v)];
    }
    if (s.phase === "clues") return [clueCard(v)];
    if (s.phase === "alarm") return [sortCard(v)];
    if (s.phase === "evaluation") return [evaluationCard(v)];
    return [];
  }

  // The building to rob: the robbery's first step, which on a phone waits for every seat's phone.
  function robCard(v) {
    const s = v.state;
    const waits = G.heldBack(v, "rob");
    return card(t("web.robnrun.choose"), waits ? h("p", { class: "hint rr-waits", text: t("web.start_waits") }) : null,
      h("div", { class: "choice-row" }, s.buildings.filter((b) => b.safes).map((b) =>
        button(t("web.robnrun.rob", { building: b.id, count: b.safes }),
          { class: "choice", data: { action: "rob", building: b.id }, disabled: G.state.busy || waits },
          () => send("rob", { building: b.id })))));
  }

  // -- the clue phase (boss's phone or the table page) -------------------------------------

  // The clues face up first, then the face-down ones, each by number: the same everywhere.
  function clueOrder(s) {
    const face = s.clues.face_up;
    const all = s.secret ? s.secret.clues : s.scenario.clues || [];
    return [...face, ...all.filter((c) => !face.includes(c))];
  }

  // What a clue says, as the rule book gives it (clues 1-3); the others' text is on the card.
  function clueSays(v, clue) {
    if (!NAMED[clue]) return t("web.robnrun.clue_card");
    const blank = NAMED[clue] === "tool" ? { tool: "X" } : { count: "N" };
    return t("web.robnrun.quoted", { said: t(`web.robnrun.clue_text.${clue}${clue === 3 ? ".other" : ""}`, blank) });
  }

  function clueCard(v) {
    const s = v.state;
    if (s.phase !== "clues" || !may(v, "clue")) return null;
    const face = s.clues.face_up;
    const own = clueOrder(s);
    const round = `${s.robbery}/${s.round}`;
    if (local.clue !== null && (!own.includes(local.clue.clue) || local.clue.round !== round)) local.clue = null;
    const picker = local.clue === null ? null : cluePicker(v, local.clue.clue);
    return card(t("web.robnrun.clues"), picker, h("div", { class: "rr-clues" }, own.map((clue) => {
      const bought = !face.includes(clue);
      return button([
        h("span", { class: "rr-clue-name", text: bought ? t("robnrun.action.buy_clue", { clue, price: s.clues.price })
          : t("robnrun.menu.use_clue", { clue }) }),
        h("span", { class: "rr-clue-text", text: clueSays(v, clue) })],
      { class: classes("action rr-clue", !bought && "primary", local.clue && local.clue.clue === clue && "rr-picking"),
        disabled: G.state.busy || (bought && s.gold < s.clues.price), data: { action: "clue", clue } },
      () => pickClue(clue, round));
    })));
  }

  function pickClue(clue, round) {
    if (NAMED[clue]) {
      local.clue = { clue, round };
      G.render();
    } else useClue({ clue });
  }

  function cluePicker(v, clue) {
    const pick = NAMED[clue] === "tool"
      ? TOOLS.map((tool) => button(toolName(v, tool), { class: "choice small", data: { pick: tool } },
        () => useClue({ clue, tool })))
      : Array.from({ length: v.state.clues.kinds }, (_, i) => i + 1).map((count) =>
        button(String(count), { class: "choice small", data: { pick: count } }, () => useClue({ clue, count })));
    return h("div", { class: "rr-picker", role: "dialog", "aria-modal": "true", data: { task: `clue${clue}` } },
      h("p", { class: "lead", text: t(`web.robnrun.pick_${NAMED[clue]}`, { clue }) }),
      h("div", { class: "choice-row" }, pick,
        button(t("web.robnrun.cancel"), { class: "choice small quiet" }, () => { local.clue = null; G.render(); })));
  }

  async function useClue(args) {
    local.clue = null;
    await send("clue", args);
  }

  // -- the boss's secrets ------------------------------------------------------------------

  // A draft belongs to one robbery's building until its safes are saved, as the views in
  // between say: a view of another robbery or building, of a crew phone, or of saved safes
  // leaves the next form empty (also a next game's, however few of its views the page saw).
  function safesDraft(v) {
    const s = v.state;
    const key = `${s.robbery}/${s.prepare.building}/${s.secret.safes.length ? "saved" : "open"}`;
    const draft = local.safes;
    if (draft.key !== key) Object.assign(draft, { key, editing: false, drafts: freshSafes(s) });
    return draft;
  }

  // The safes editor is the boss's task while the safes are missing or being changed.
  function safesEditorCard(v) {
    const s = v.state;
    if (!s.secret || !s.prepare.building || !may(v, "safes")) return null;
    const draft = safesDraft(v);
    return draft.editing || !s.secret.safes.length ? safesEditor(v) : null;
  }

  function safesSection(v) {
    const s = v.state;
    if (!s.secret || !s.prepare.building) return null;
    const draft = safesDraft(v);
    if (!s.secret.safes.length || draft.editing) return null;
    return [h("ol", { class: "rr-safes", data: { secret: "safes" } }, s.secret.safes.map((safe) => h("li", {},
      `${tools(v, safe.tools)} \u00b7 ${t("web.robnrun.safe_gold", { gold: safe.gold })}`))),
    needList(v),
    may(v, "safes") ? button(t("web.robnrun.change"), { class: "action", data: { action: "safes-edit" } }, () => {
      Object.assign(draft, { editing: true, drafts: freshSafes(s) });
      G.render();
    }) : null];
  }

  function freshSafes(s) {
    if (s.secret.safes.length) return s.secret.safes.map((safe) => ({ tools: { ...safe.tools }, gold: safe.gold }));
    return Array.from({ length: s.prepare.safes }, () => ({ tools: {}, gold: 1 }));
  }

  function safesEditor(v) {
    const drafts = local.safes.drafts;
    const set = (safe, tool, n) => {
      if (n > 0) safe.tools[tool] = n;
      else delete safe.tools[tool];
      G.render();
    };
    return card(t("web.robnrun.enter_safes", { count: drafts.length }),
      h("p", { class: "hint", text: t("web.robnrun.safes_hint") }),
      h("p", { class: "rr-rule", data: { rule: "safe" } }, t("web.robnrun.safe_rule")),
      drafts.map((safe, i) => h("div", { class: "rr-safe", data: { safe: i } },
        h("h2", { text: t("web.robnrun.safe", { safe: i + 1 }) }),
        TOOLS.map((tool) => {
          const n = safe.tools[tool] || 0;
          return h("div", { class: "rr-step" }, h("span", { class: "rr-tool", text: toolName(v, tool) }),
            h("span", { class: "rr-stepper" },
              button("\u2212", { class: "choice small", "aria-label": "\u2212", disabled: n === 0,
                data: { safe: i, tool, step: "down" } }, () => set(safe, tool, n - 1)),
              h("output", { class: "stepper-value", text: String(n) }),
              button("+", { class: "choice small", "aria-label": "+", disabled: n >= SAFE.same,
                data: { safe: i, tool, step: "up" } }, () => set(safe, tool, n + 1))));
        }),
        h("div", { class: "rr-step" }, h("span", { class: "rr-tool", text: t("web.robnrun.gold") }),
          h("div", { class: "choice-row" }, SAFE.gold.map((gold) => button(String(gold),
            { class: "choice small", "aria-pressed": String(safe.gold === gold), data: { safe: i, gold } },
            () => { safe.gold = gold; G.render(); })))),
        safeCheck(safe, i))),
      h("div", { class: "pad-row" },
        local.safes.editing ? button(t("web.robnrun.cancel"), { class: "action" },
          () => { local.safes.editing = false; G.render(); }) : null,
        button(t("web.robnrun.send_safes"), { class: "action primary", data: { action: "safes" } }, sendSafes)));
  }

  // Each safe says while it is entered whether it can be a safe at all.
  function safeCheck(safe, i) {
    const total = Object.values(safe.tools).reduce((a, b) => a + b, 0);
    const wrong = safeError(safe);
    return h("p", { class: classes("rr-safe-check", wrong ? "wrong" : "fine"), data: { check: i } },
      `${t("web.robnrun.tools_count", { count: total })} \u00b7 ${wrong ? t(wrong) : "\u2713"}`);
  }

  function safeError(safe) {
    const counts = Object.values(safe.tools);
    const total = counts.reduce((a, b) => a + b, 0);
    if (total < SAFE.tools[0] || total > SAFE.tools[1]) return "robnrun.safe_size";
    if (counts.length > SAFE.kinds || Math.max(...counts) > SAFE.same) return "robnrun.safe_kinds";
    if (!SAFE.gold.includes(safe.gold)) return "robnrun.safe_gold";
    return null;
  }

  async function sendSafes() {
    const drafts = local.safes.drafts;
    const wrong = drafts.findIndex((safe) => safeError(safe));
    if (wrong >= 0) {
      G.toast(`${t("web.robnrun.safe", { safe: wrong + 1 })}: ${t(safeError(drafts[wrong]))}`);
      return;
    }
    if (await send("safes", { safes: drafts.map((safe) => ({ tools: { ...safe.tools }, gold: safe.gold })) })) {
      local.safes.editing = false;
      G.render();
    }
  }

  // What the safes need against what lies face up and in the alarm stack, tool by tool.
  function needList(v) {
    const secret = v.state.secret;
    const rows = TOOLS.filter((tool) => secret.needed[tool] || v.state.rows[tool] || secret.alarm[tool]);
    if (!rows.length) return null;
    return h("ul", { class: "rr-need" }, rows.map((tool) => h("li", { data: { tool } },
      h("strong", { text: toolName(v, tool) }), " ",
      t("web.robnrun.need", { needed: secret.needed[tool] || 0, face_up: v.state.rows[tool] || 0,
        alarm: secret.alarm[tool] || 0 }))));
  }

  function sortCard(v) {
    const s = v.state;
    if (!s.secret || s.phase !== "alarm" || !may(v, "sort")) return null;
    const key = `${s.robbery}/${s.round}`;
    const sort = local.sort;
    if (sort.key !== key) Object.assign(sort, { key, cards: [] });
    const played = s.crew.played;
    const kinds = v.seats.length > 2 ? [...TOOLS, BAG] : TOOLS;
    const name = (c) => (c === BAG ? t("robnrun.tool.bag") : toolName(v, c));
    return card(t("web.robnrun.sort", { count: played }),
      h("p", { class: "hint", text: t("web.robnrun.sort_hint") }),
      needList(v),
      h("div", { class: "rr-grid" }, kinds.map((c) => button(name(c),
        { class: "choice small", disabled: G.state.busy || sort.cards.length >= played, data: { card: c } },
        () => { sort.cards.push(c); G.render(); }))),
      h("p", { class: "pad-tiles", data: { sorted: sort.cards.length } },
        sort.cards.length ? sort.cards.map((c, i) => button(`${name(c)} \u00d7`, { class: "chip rr-chip" },
          () => { sort.cards.splice(i, 1); G.render(); })) : t("web.robnrun.sort_none")),
      line(t("web.robnrun.sorted"), `${sort.cards.length} / ${played}`),
      button(t("web.robnrun.sort_send"), { class: "action primary", data: { action: "sort" },
        disabled: G.state.busy || sort.cards.length !== played }, async () => {
        if (await send("sort", { cards: [...sort.cards] })) sort.cards = [];
      }));
  }

  // -- the evaluation and the end ----------------------------------------------------------

  // The safes cracked and the gold they brought ("no gold", never "+0 gold").
  function crackedText(ev) {
    const params = { cracked: ev.cracked, count: ev.cracked + ev.uncracked, gold: ev.gold };
    return t(ev.gold ? "web.robnrun.cracked_of" : "web.robnrun.cracked_no_gold", params);
  }

  // The step's number and title stand in the headline above; this card says what it did.
  function evaluationCard(v) {
    const s = v.state;
    const ev = s.evaluation;
    return card(null,
      ev.step === 3 && ev.to_place > 0 ? placeChoices(v) : null,
      ev.step === 5 ? dealerChoices(v) : null,
      line(t("web.robnrun.cracked"), crackedText(ev)),
      ev.alarm ? h("p", { class: "rr-hot", text: t("web.robnrun.alarm_off") }) : null,
      line(t("web.robnrun.car"), `${ev.car_from} \u2192 ${s.car}`),
      ev.step >= 2 ? line(t("web.robnrun.cubes_placed"), ev.cubes.length ? cubes(ev.cubes) : "\u2013",
        ev.aside ? ` (${t("web.robnrun.aside")}: ${ev.aside})` : "") : null,
      ev.step >= 3 ? line(t("web.robnrun.placed"), ev.placed.length ? ev.placed.join(", ") : "\u2013") : null,
      ev.step >= 4 ? line(t("web.robnrun.police"), t("web.robnrun.police_steps", { count: ev.police_steps, police: s.police })) : null);
  }

  function placeChoices(v) {
    const ev = v.state.evaluation;
    const active = may(v, "place");
    return h("div", { data: { task: "place" } }, h("p", { class: "hint", text: t("web.robnrun.place", { count: ev.to_place }) }),
      h("div", { class: "choice-row" }, ev.placeable.map((building) => button(building,
        { class: "choice", disabled: G.state.busy || !active, data: { action: "place", building } },
        () => send("place", { building })))));
  }

  function dealerChoices(v) {
    const s = v.state;
    const colour = s.evaluation.dealer;
    if (!colour) return h("p", { class: "hint", text: t("web.robnrun.no_dealer") });
    const prices = s.dealers[colour].prices;
    const active = may(v, "buy");
    const offers = [0, 1, 2].filter((n) => n <= s.station[colour].cubes);
    return h("div", {}, h("p", { class: "lead" }, t("web.robnrun.offer"), " ", cube(colour)),
      h("div", { class: "rr-grid" }, offers.map((n) => {
        const price = prices.slice(0, n).reduce((a, b) => a + b, 0);
        return button(t(`robnrun.action.buy_${n}`, { price }), { class: "action",
          disabled: G.state.busy || !active || price > s.gold, data: { action: "buy", cubes: n } },
        () => send("buy", { cubes: n }));
      })));
  }

  // -- one tap away: the board's other parts -----------------------------------------------

  function robberySection(v) {
    const s = v.state;
    const p = s.prepare;
    const c = s.clues;
    return [line(t("web.robnrun.boss"), G.seatName(v, s.boss)),
      p.building ? line(t("web.robnrun.building"), t("web.robnrun.taken", { building: p.building, count: p.safes })) : null,
      p.dealer ? line(t("web.robnrun.dealer_called"), cube(p.dealer)) : null,
      p.dealt ? line(t("web.robnrun.stack"), t("web.robnrun.stack_bin", { stack: s.stack, bin: s.bin, bags: s.bags })) : null,
      p.dealt ? line(t("web.robnrun.face_up"), h("span", { data: { faceup: c.face_up.join(",") },
        text: c.face_up.length ? c.face_up.join(", ") : "\u2013" }), ` \u00b7 ${t("web.robnrun.hidden", { amount: c.hidden })}`) : null,
      AFTER_SORTING.includes(s.phase) ? null : sortingCard(v)];
  }

  function stationSection(s) {
    return [h("ul", { class: "rr-station" }, COLOURS.map((colour) => {
      const track = s.station[colour];
      return h("li", { class: "rr-track", data: { colour } },
        cube(colour),
        h("span", { class: "rr-meaning", text: t(`web.robnrun.meaning.${colour}`) }),
        h("span", { class: "rr-numbers" }, track.numbers.map((n, i) => h("span",
          { class: classes("rr-number", i < track.cubes && "covered", i === track.cubes && "active") }, String(n)))),
        h("strong", { class: "rr-value", data: { value: track.value }, text: String(track.value) }),
        h("span", { class: "rr-cubes", text: t("web.robnrun.cubes", { amount: track.cubes, capacity: track.capacity }) }));
    })), s.aside ? line(t("web.robnrun.aside"), String(s.aside)) : null];
  }

  function routeSection(s) {
    return [routeBar(s),
      line(t("web.robnrun.route_label"), t("web.robnrun.route", { car: s.car, police: s.police,
        terminals: s.route.terminals.join(", ") })),
      h("ul", { class: "rr-squares" }, s.route.marked.map((square, i) => h("li", { data: { square } },
        h("span", { class: "rr-label", text: t("web.robnrun.square", { square }) }), " ",
        s.squares[i].length ? cubes(s.squares[i]) : t("web.robnrun.empty")))),
      h("ul", { class: "rr-squares" }, COLOURS.map((colour) => h("li", {}, cube(colour), " ",
        t("web.robnrun.dealer", { where: dealerWhere(s.dealers[colour]), price: s.dealers[colour].prices.join("+") }))))];
  }

  function dealerWhere(dealer) {
    if (dealer.where === "quarter") return t("web.robnrun.quarter", { quarter: QUARTERS[dealer.quarter] });
    return t(`web.robnrun.dealer_${dealer.where}`);
  }

  function routeBar(s) {
    const cells = [];
    for (let square = 0; square < s.route.length; square += 1) {
      const marked = s.route.marked.indexOf(square);
      const terminal = s.route.terminals.indexOf(square);
      cells.push(h("li", { class: classes("rr-cell", marked >= 0 && "marked", terminal >= 0 && "terminal",
        square === s.car && "car", square === s.police && "police"), title: String(square) },
      h("span", { class: "rr-n", text: String(square) }),
      square === s.car ? h("strong", { text: t("web.robnrun.car_mark") }) : null,
      square === s.police ? h("strong", { text: t("web.robnrun.police_mark") }) : null,
      terminal >= 0 ? h("span", { text: `T${terminal + 1}` }) : null,
      marked >= 0 ? h("span", { class: "rr-dots" }, s.squares[marked].map((c) => h("i", { class: classes("dot", c) }))) : null));
    }
    return h("ol", { class: "rr-route", "aria-hidden": "true" }, cells);
  }

  function buildingsSection(s) {
    const quarters = QUARTERS.split("").map((q, index) => s.buildings.filter((b) => b.quarter === index));
    return [...quarters.filter((list) => list.length).map((list) => h("div", { class: "rr-quarter" },
      h("span", { class: "rr-label", text: t("web.robnrun.quarter", { quarter: QUARTERS[list[0].quarter] }) }),
      list.map((b) => h("span", { class: classes("chip rr-building", !b.safes && "empty"),
        text: `${b.id}\u00a0\u00b7\u00a0${b.safes}` })))),
    line(t("web.robnrun.spare"), String(s.spare))];
  }

  // The named-tool aid is public: it lives apart from the boss's secret controls, and the
  // last mark made here can be taken back at once.
  function memorySection(v) {
    const memory = v.state.memory;
    const active = may(v, "mark");
    const last = local.mark;
    return [h("p", { class: "hint", text: t("web.robnrun.memory_hint") }),
      h("div", { class: "rr-grid" }, TOOLS.map((tool) => button(
        [h("span", { class: "rr-mark", "aria-hidden": "true", text: memory[tool] ? "\u2717" : "?" }),
          h("span", { text: toolName(v, tool) }),
          h("span", { class: "rr-mark-state", text: t(memory[tool] ? "web.robnrun.marked_out" : "web.robnrun.marked_open") })],
        { class: classes("choice small rr-memory", memory[tool] && "rr-out"), "aria-pressed": String(memory[tool]),
          disabled: G.state.busy || !active, data: { action: "mark", tool } },
        () => mark(tool, !memory[tool])))),
      last && active && memory[last.tool] === last.out
        ? button(`\u21b6\u00a0${t(`web.robnrun.unmark_${last.out ? "out" : "open"}`, { tool: toolName(v, last.tool) })}`,
          { class: "action", data: { action: "mark-undo", tool: last.tool } }, () => mark(last.tool, !last.out, true))
        : null];
  }

  async function mark(tool, out, undoing = false) {
    if (await send("mark", { tool, out })) local.mark = undoing ? null : { tool, out };
    G.render();
  }

  // -- private notes (kept while someone types) --------------------------------------------

  function notesSection(v) {
    if (!local.panel.notes) {
      const area = h("textarea", { id: "robnrun-notes", maxlength: "500", rows: "4",
        "aria-label": t("web.robnrun.notes") });
      area.addEventListener("input", () => { area.dataset.dirty = "yes"; });
      const save = button(t("web.robnrun.notes_save"), { class: "action", data: { action: "note" } }, async () => {
        if (await send("note", { text: area.value })) {
          area.dataset.dirty = "";
          G.toast(t("web.saved"), "good");
        }
      });
      local.panel.notes = { area, save, nodes: [h("p", { class: "hint", text: t("web.robnrun.notes_hint") }), area, save] };
    }
    const { area, save, nodes } = local.panel.notes;
    if (document.activeElement !== area && area.dataset.dirty !== "yes") area.value = v.state.notes || "";
    save.disabled = G.state.busy;
    return nodes;
  }

  // -- the panel ---------------------------------------------------------------------------

  // A section of the board one tap away: closed at first, and as the player left it after.
  function section(name) {
    const body = h("div", { class: "rr-section-body" });
    const title = h("span", { class: "rr-section-title" });
    const details = h("details", { class: "card rr-section", data: { section: name } },
      h("summary", {}, title), body);
    return { details, title, body };
  }

  function fill(part, title, children) {
    G.show(part.details, Boolean(children));
    if (!children) return;
    part.title.textContent = title;
    const kept = children.filter(Boolean);
    if (!(kept.length === part.body.children.length && kept.every((el, i) => el === part.body.children[i]))) {
      part.body.replaceChildren(...kept);
    }
  }

  function panel(v) {
    if (!local.panel) {
      const sections = Object.fromEntries(SECTIONS.map((name) => [name, section(name)]));
      local.panel = { task: h("div", { class: "rr-task" }), sections, notes: null };
      local.panel.root = h("div", { class: "rr-panel" }, local.panel.task,
        h("div", { class: "rr-more" }, SECTIONS.map((name) => sections[name].details)));
    }
    const s = v.state;
    const over = ["won", "lost"].includes(s.phase);
    if (s.secret && !over) safesDraft(v);
    else local.safes.key = null;
    local.panel.task.replaceChildren(...[nowLine(v), ...taskCards(v), factsCard(v),
      AFTER_SORTING.includes(s.phase) ? sortingCard(v) : null, exampleLine(s)].filter(Boolean));
    const parts = local.panel.sections;
    fill(parts.safes, t("web.robnrun.safes"), isBoss(v) ? safesSection(v) : null);
    fill(parts.robbery, t("web.robnrun.robbery", { robbery: s.robbery }), over ? null : robberySection(v));
    fill(parts.station, t("web.robnrun.station"), stationSection(s));
    fill(parts.route, t("web.robnrun.section_route"), routeSection(s));
    fill(parts.buildings, t("web.robnrun.buildings"), buildingsSection(s));
    fill(parts.memory, t("web.robnrun.memory"), over ? null : memorySection(v));
    fill(parts.notes, t("web.robnrun.notes"), G.isSeated(v) ? notesSection(v) : null);
    return [local.panel.root];
  }

  // -- the lobby: options, box profile and scenarios ---------------------------------------

  function saved() {
    const v = G.state.view;
    return (v && v.saved && v.saved[GAME]) || { profile: {}, scenario: {} };
  }

  function optionControl(option, value, set) {
    if (option.name !== "scenario") return null;
    const scenarios = saved().scenario || {};
    return h("div", { class: "choice-row" }, Object.entries(scenarios).map(([name, data]) => button(
      [documentName(name, data), data.example ? h("span", { class: "tag muted", text: t("web.robnrun.example") }) : null],
      { class: "choice small", "aria-pressed": String(name === value), data: { option: "scenario", value: name } },
      () => set(name))));
  }

  function setupPanel(v) {
    if (!local.setup) {
      local.setup = { list: h("div", {}), editor: h("div", {}), open: null, qr: null };
      local.setup.root = h("section", { class: "rr-documents" },
        h("h2", { text: t("web.robnrun.documents") }), local.setup.list, G.importer(GAME, bare), local.setup.editor);
    }
    local.setup.list.replaceChildren(...documentList());
    return [local.setup.root];
  }

  function documentList() {
    const docs = saved();
    const profile = (docs.profile || {})[BOX_PROFILE];
    const rows = [];
    if (profile) rows.push(documentRow("profile", BOX_PROFILE, profile));
    for (const [name, data] of Object.entries(docs.scenario || {})) rows.push(documentRow("scenario", name, data));
    return [h("ul", { class: "rr-docs" }, rows),
      button(t("web.robnrun.new_scenario"), { class: "action", data: { action: "scenario-new" } },
        () => openEditor("scenario", "", { ...(docs.scenario || {}).training, name: "" }))];
  }

  function documentRow(kind, name, data) {
    const path = `${encodeURIComponent(GAME)}/${kind}/${encodeURIComponent(name)}`;
    const qr = local.setup.qr === name && kind === "scenario";
    return h("li", { class: "rr-doc", data: { kind, name } },
      h("p", { class: "rr-line" }, h("strong", { text: kind === "profile" ? t("web.robnrun.profile") : documentName(name, data) }),
        data.example ? h("span", { class: "tag warn", text: t("web.robnrun.example") }) : null,
        kind === "scenario" && data.forbidden.length ? h("span", { class: "tag muted", text: t("web.robnrun.expert") }) : null),
      kind === "profile" && data.example ? confirmProfile(data) : null,
      h("div", { class: "choice-row" },
        button(t("web.robnrun.edit"), { class: "choice small", data: { action: "edit" } }, () => openEditor(kind, name, data)),
        G.exportLink(GAME, kind, name),
        kind === "scenario" ? button(t("web.robnrun.qr"), { class: "choice small", "aria-pressed": String(qr), data: { action: "qr" } },
          () => { local.setup.qr = qr ? null : name; G.render(); }) : null,
        data.example ? null : button(t("web.robnrun.delete"), { class: "choice small quiet", data: { action: "table.forget" } },
          (event) => G.confirmTap(event.currentTarget, () => send("table.forget", { game: GAME, kind, name })))),
      qr ? h("img", { class: "rr-qr", src: `/saved/${path}/qr.svg`, alt: t("web.robnrun.qr_alt", { name: data.name }) }) : null);
  }

  // The group checks the example numbers against its box and confirms them: saved as the
  // box's own profile, the example-values warning leaves every screen.
  function confirmProfile(data) {
    const ours = { ...data, name: t("web.robnrun.our_box") };
    delete ours.example;
    return h("div", { class: "rr-confirm" }, h("p", { class: "hint", text: t("web.robnrun.confirm_hint") }),
      button(t("web.robnrun.confirm"), { class: "action primary", data: { action: "profile-confirm" } },
        (event) => G.confirmTap(event.currentTarget, () => send("table.save",
          { game: GAME, kind: "profile", name: BOX_PROFILE, data: ours }), t("web.robnrun.confirm_again"))));
  }

  // A bare document from a file or pasted text: a profile has stations, else a scenario.
  function bare(data) {
    return data && data.stations ? { kind: "profile", name: BOX_PROFILE } : { kind: "scenario", name: data && data.name };
  }

  // -- the editors -------------------------------------------------------------------------

  function numbers(text) {
    return text.split(/[\s,;]+/).filter(Boolean).map((n) => (/^\d+$/.test(n) ? Number(n) : n));
  }

  function field(label, value, onInput, props = {}) {
    const input = h("input", { type: "text", value, inputmode: props.inputmode || "text", ...props });
    input.addEventListener("input", () => onInput(input.value));
    return h("label", { class: "rr-field" }, h("span", { text: label }), input);
  }

  function listField(label, list, onInput, props = {}) {
    return field(label, list.join(", "), (text) => onInput(numbers(text)), { inputmode: "numeric", ...props });
  }

  function openEditor(kind, name, data) {
    const draft = JSON.parse(JSON.stringify(data));
    if (data.example && kind === "profile") draft.name = t("web.robnrun.our_box");
    delete draft.example;
    const error = h("p", { class: "rr-error", role: "alert", hidden: true });
    const save = async () => {
      const key = kind === "profile" ? BOX_PROFILE : String(draft.name || "").trim();
      if (await send("table.save", { game: GAME, kind, name: key, data: draft })) {
        G.toast(t("web.saved"), "good");
        local.setup.editor.replaceChildren();
      } else {
        error.textContent = G.state.lastError || "";
        error.hidden = !G.state.lastError;
      }
    };
    local.setup.editor.replaceChildren(h("div", { class: "card rr-editor", data: { editor: kind } },
      h("h2", { text: t(kind === "profile" ? "web.robnrun.edit_profile" : "web.robnrun.edit_scenario") }),
      data.example ? h("p", { class: "rr-example", text: t("robnrun.example") }) : null,
      ...(kind === "profile" ? profileFields(draft) : scenarioFields(draft)),
      error,
      h("div", { class: "pad-row" },
        button(t("web.robnrun.cancel"), { class: "action" }, () => local.setup.editor.replaceChildren()),
        button(t("web.robnrun.save"), { class: "action primary", data: { action: "table.save" } }, save))));
    local.setup.editor.scrollIntoView({ block: "start" });
  }

  function profileFields(d) {
    const r = d.route;
    return [
      field(t("web.robnrun.name"), d.name, (x) => { d.name = x; }, { name: "name" }),
      field(t("web.robnrun.jackhammer"), d.jackhammer, (x) => { d.jackhammer = x; }, { name: "jackhammer" }),
      h("p", { class: "hint", data: { hint: "jackhammer" }, text: t("web.robnrun.jackhammer_hint") }),
      h("p", { class: "hint", text: t("web.robnrun.tracks_hint") }),
      ...SIDES.map((side) => h("fieldset", { class: "rr-side" }, h("legend", { text: t("web.robnrun.side", { side }) }),
        COLOURS.map((colour) => listField(colourName(colour), d.stations[side][colour],
          (x) => { d.stations[side][colour] = x; }, { name: `track-${side}-${colour}` })))),
      h("fieldset", { class: "rr-side" }, h("legend", { text: t("web.robnrun.route_label") }),
        listField(t("web.robnrun.length"), [r.length], (x) => { [r.length] = x; }, { name: "length" }),
        listField(t("web.robnrun.car_start"), [r.car], (x) => { [r.car] = x; }, { name: "car" }),
        listField(t("web.robnrun.police_start"), [r.police], (x) => { [r.police] = x; }, { name: "police" }),
        listField(t("web.robnrun.marked"), r.marked, (x) => { r.marked = x; }, { name: "marked" }),
        listField(t("web.robnrun.terminals"), r.terminals, (x) => { r.terminals = x; }, { name: "terminals" })),
      h("fieldset", { class: "rr-side" }, h("legend", { text: t("web.robnrun.buildings") }),
        h("p", { class: "hint", text: t("web.robnrun.quarters_hint") }),
        d.quarters.map((q, i) => listField(t("web.robnrun.quarter", { quarter: QUARTERS[i] }), q,
          (x) => { d.quarters[i] = x; }, { name: `quarter-${i}` }))),
    ];
  }

  function scenarioFields(d) {
    return [
      field(t("web.robnrun.name"), d.name, (x) => { d.name = x; }, { name: "name" }),
      listField(t("web.robnrun.scenario_clues"), d.clues, (x) => { d.clues = x; }, { name: "clues" }),
      listField(t("web.robnrun.forbidden"), d.forbidden || [], (x) => { d.forbidden = x; }, { name: "forbidden" }),
      h("fieldset", { class: "rr-side" }, h("legend", { text: t("web.robnrun.dealers") }),
        COLOURS.map((colour) => {
          const select = h("select", { name: `dealer-${colour}` }, QUARTERS.split("").map((q, i) => h("option",
            { value: String(i), selected: d.dealers[colour] === i }, t("web.robnrun.quarter", { quarter: q }))));
          select.addEventListener("change", () => { d.dealers[colour] = Number(select.value); });
          return h("label", { class: "rr-field" }, cube(colour), select);
        })),
      h("fieldset", { class: "rr-side" }, h("legend", { text: t("web.robnrun.station") }),
        COLOURS.map((colour) => listField(colourName(colour), [d.station[colour]],
          (x) => { [d.station[colour]] = x; }, { name: `station-${colour}` }))),
      h("fieldset", { class: "rr-side" }, h("legend", { text: t("web.robnrun.squares") }),
        h("p", { class: "hint", text: t("web.robnrun.squares_hint") }),
        d.squares.map((square, i) => h("div", { class: "rr-square-row" },
          h("span", { class: "rr-label", text: String(i + 1) }),
          COLOURS.map((colour) => listField(colourName(colour), [square.filter((c) => c === colour).length],
            (x) => { d.squares[i] = squareCubes(d.squares[i], colour, x[0]); },
            { name: `square-${i}-${colour}` }))))),
    ];
  }

  function squareCubes(square, colour, count) {
    const n = Number.isInteger(count) ? count : 0;
    const counts = Object.fromEntries(COLOURS.map((c) => [c, square.filter((x) => x === c).length]));
    counts[colour] = n;
    return COLOURS.flatMap((c) => Array(counts[c]).fill(c));
  }

  G.register(GAME, {
    own: OWN,
    turn: (v) => (v.state.phase === "crew" ? v.state.crew.turn : null),
    start: (v) => (v.state.phase === "prepare" && v.state.prepare.building === null ? ["rob"] : []),
    headline,
    subline,
    label: () => null,
    actions,
    tableActions: (v) => steps(v.state),
    playerInfo,
    panel,
    moment,
    choices: (option, seats) => (option.name === "boss"
      ? option.choices.filter((c) => !Number.isInteger(c) || c < seats) : option.choices),
    choiceLabel: (name, value) => (name === "boss" && Number.isInteger(value) ? G.seatLabel(value) : String(value)),
    optionControl,
    setupPanel,
  });
})();
