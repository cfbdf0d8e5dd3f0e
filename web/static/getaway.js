// Getaway's shared core for the phone and table pages: the live view from the box, actions
// sent back, texts, the turn clock, and what every game shows (seats, turns, action lists).
// After it come the page's own script (phone-page.js or table-page.js, which adds itself
// with Getaway.page) and each game's script (which adds itself with Getaway.register).
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const PAGE = document.body.dataset.page;
  const VIEW_QUERY = PAGE === "table" ? "?page=table" : ""; // the table page reads the public view
  const RECONNECT_MS = 3000;
  const TOAST_MS = 6000;
  const MOMENT_SHORT = 12; // a moment's title longer than this (a name in it) gets smaller letters
  const ARMED_LABELS = new WeakMap(); // an armed button's own label, while it asks again

  const state = {
    texts: JSON.parse($("getaway-texts").textContent),
    lang: document.documentElement.lang,
    view: null,
    source: null,
    retry: 0,
    deadline: 0,
    ticker: 0,
    busy: false,
    wakeLock: null,
    secondsLeft: null,
    joinable: PAGE !== "phone" || $("boot").dataset.joinable === "yes",
    pending: null, // the taken seat this phone asked for, and the version that asked
    offer: null, // a hand-over link's seat, until it is taken or not: { code, seat, title, taking }
    covered: false,
    armed: null, // the button waiting for its second tap: { key, question, timer }
    moment: { key: undefined, open: false }, // the big moment last named, and whether it shows
    best: null, // a new best of the phone's player at a game's end: the big moment then
    setup: { game: null, seats: null, options: {} },
    step: null, // the game's step last drawn: a new one starts the page at its top
  };

  // -- texts -------------------------------------------------------------------------------

  // A sentence about a number of things has the forms <key>.one and <key>.other; the count
  // parameter picks one by the language's plural rules.
  function t(key, params = {}) {
    let found = key;
    if (!(key in state.texts) && Number.isInteger(params.count)) {
      found = `${key}.${new Intl.PluralRules(state.lang).select(params.count)}`;
    }
    const template = state.texts[found] ?? key;
    return template.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
  }

  function firstText(keys, params) {
    const key = keys.find((k) => k in state.texts);
    return key === undefined ? null : t(key, params);
  }

  function points(n) {
    return n < 0 ? `\u2212${Math.abs(n)}` : String(n);
  }

  // -- DOM ---------------------------------------------------------------------------------

  function h(tag, props = {}, ...children) {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(props)) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "class") el.className = value;
      else if (name === "text") el.textContent = value;
      else if (name === "data") Object.assign(el.dataset, value);
      else if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
      else el.setAttribute(name, value === true ? "" : String(value));
    }
    el.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
    return el;
  }

  function classes(...names) {
    return names.filter(Boolean).join(" ");
  }

  function show(el, visible) {
    el.hidden = !visible;
  }

  function button(label, props, onclick) {
    return h("button", { type: "button", disabled: state.busy, ...props, onclick }, label);
  }

  // A button that asks for a second tap before it does something hard to take back. The
  // question stays until that second tap or a tap anywhere else (which takes it back), also
  // when a new view draws the same button anew: it never changes back by itself.
  function confirmTap(el, run, question = t("web.confirm_again")) {
    if (el.dataset.armed === "yes") {
      disarm();
      run();
      return;
    }
    disarm();
    state.armed = { key: tapKey(el), question };
    arm(el, question);
  }

  // What makes a button the same one in a new view: where it is, what it does, its label.
  function tapKey(el) {
    const { armed, ...data } = el.dataset;
    const home = el.closest("[id]");
    return JSON.stringify([home ? home.id : "", data, ARMED_LABELS.get(el) ?? el.textContent]);
  }

  function arm(el, question) {
    ARMED_LABELS.set(el, el.textContent);
    el.dataset.armed = "yes";
    el.textContent = question;
  }

  function disarm() {
    if (!state.armed) return;
    state.armed = null;
    for (const el of document.querySelectorAll('[data-armed="yes"]')) {
      el.dataset.armed = "";
      el.textContent = ARMED_LABELS.get(el);
      ARMED_LABELS.delete(el);
    }
  }

  // After a render: the armed button, if a new view drew it again, asks again; if it is gone,
  // the question is forgotten.
  function rearm() {
    if (!state.armed) return;
    const again = [...document.querySelectorAll("button")].find((el) => tapKey(el) === state.armed.key);
    if (!again) disarm();
    else if (again.dataset.armed !== "yes") arm(again, state.armed.question);
  }

  // A short word at the bottom: an error, or with tone "good" that something worked.
  function toast(message, tone = "error") {
    const el = $("toast");
    el.textContent = message;
    el.dataset.tone = tone;
    el.setAttribute("role", tone === "good" ? "status" : "alert");
    show(el, true);
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => show(el, false), TOAST_MS);
  }

  // -- seats -------------------------------------------------------------------------------

  function seatLabel(seat) {
    return t("web.seat", { seat: seat + 1 });
  }

  function seatName(v, seat) {
    const found = v.seats[seat];
    return (found && found.name) || seatLabel(seat);
  }

  // "Anna (Seat 2)": a seat of the game, or the place of a player sitting it out.
  function seatTitle(v, seat) {
    const found = [...v.seats, ...(v.benched || [])][seat];
    return found && found.name ? `${found.name} (${seatLabel(seat)})` : seatLabel(seat);
  }

  function turnOf(v) {
    return v.state ? game(v).turn(v) : null;
  }

  // A wait between turns (timer.turn false) is nobody's clock.
  function myClockRuns(v) {
    return isSeated(v) && turnOf(v) === v.me && Boolean(v.timer && v.timer.running && v.timer.turn !== false);
  }

  function isSeated(v) {
    return Number.isInteger(v.me);
  }

  // -- talking to the box ------------------------------------------------------------------

  // ``word(answer)`` may say a refusal better than the box did (null: the box's sentence).
  async function post(url, body, word = () => null) {
    let response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch {
      toast(t("web.offline"));
      return null;
    }
    const data = await response.json().catch(() => ({}));
    state.lastError = response.ok ? null : word(data) || data.message || t("error.internal");
    if (response.ok) return data;
    // A stale version means someone was quicker: the next view is already on its way.
    if (!(response.status === 409 && data.error === "error.stale")) toast(state.lastError);
    return null;
  }

  async function refresh() {
    try {
      const response = await fetch(`/api/view${VIEW_QUERY}`);
      if (response.ok) applyView(await response.json());
    } catch {
      online(false);
    }
  }

  async function send(type, args = {}) {
    if (!state.view || state.busy) return null;
    state.busy = true;
    render();
    const v = state.view;
    const result = await post("/api/action", { type, args, version: v.version, host: PAGE === "table" },
      (answer) => (v.game ? game(v).refusal(v, answer.error, args) : null));
    state.busy = false;
    if (result && (!state.source || state.source.readyState !== EventSource.OPEN)) await refresh();
    render();
    return result;
  }

  // -- a game's saved documents as files ------------------------------------------------------

  // The link that downloads a saved document (a box profile, a scenario) as a file: what
  // table.save takes, so the importer below brings it back.
  function exportLink(game, kind, name) {
    const path = `${encodeURIComponent(game)}/${kind}/${encodeURIComponent(name)}`;
    return h("a", { class: "button small", href: `/api/saved/${path}.json`, download: `${game}-${kind}-${name}.json`,
      data: { action: "export" } }, t("web.export"));
  }

  // Where a game's documents come back from a file or pasted text: an export (or what a QR
  // code holds) as it is, or a bare document, whose kind and name ``bare(data)`` says. The
  // button takes the chosen file, else the pasted text. One per game, kept across renders so
  // a half-pasted text survives a new view; its words follow the language switch, also while
  // it waits unseen for its game to be chosen again.
  const importers = {};

  function importer(game, bare) {
    if (importers[game]) return retext(importers[game]);
    const file = h("input", { type: "file", accept: "application/json,.json", id: `${game}-import-file`,
      data: { tLabel: "web.import_file" } });
    const text = h("textarea", { id: `${game}-import-text`, rows: "3",
      data: { tPlaceholder: "web.import_paste", tLabel: "web.import_paste" } });
    importers[game] = retext(h("details", { class: "import", data: { game } },
      h("summary", { data: { t: "web.import" } }),
      h("label", { for: `${game}-import-file`, data: { t: "web.import_file" } }), file, text,
      button("", { class: "action", data: { action: "import", t: "web.import_send" } }, async () => {
        const chosen = file.files.length ? await file.files[0].text() : text.value;
        if (!chosen.trim()) toast(t("web.import_empty"));
        else if (await importText(game, chosen, bare)) {
          text.value = "";
          file.value = "";
        }
      })));
    return importers[game];
  }

  async function importText(game, text, bare) {
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      toast(t("web.import_invalid"));
      return false;
    }
    const args = body && body.kind && body.data ? body : { ...bare(body), data: body };
    const result = await send("table.save", { game, kind: args.kind, name: args.name, data: args.data });
    if (result) toast(t("web.saved"), "good");
    return Boolean(result);
  }

  function connect() {
    clearTimeout(state.retry);
    show($("elsewhere"), false);
    if (state.source) state.source.close();
    const source = new EventSource(`/api/events${VIEW_QUERY}`);
    state.source = source;
    let streamed = null; // the view this stream sent last: its patches apply to it
    source.addEventListener("view", (event) => {
      online(true);
      streamed = JSON.parse(event.data);
      applyView(streamed);
    });
    source.addEventListener("patch", (event) => {
      const patch = JSON.parse(event.data);
      if (!streamed || streamed.version !== patch.base) {
        connect(); // a patch for a view this page lacks: a new stream starts with the full view
        return;
      }
      online(true);
      streamed = patched(streamed, patch.steps);
      applyView(streamed);
    });
    source.addEventListener("replaced", () => { // a newer tab of this phone took over
      source.close();
      online(true);
      show($("elsewhere"), true);
    });
    source.addEventListener("open", () => online(true));
    source.addEventListener("error", () => {
      online(false);
      if (state.source === source && source.readyState === EventSource.CLOSED) {
        state.retry = setTimeout(connect, RECONNECT_MS);
      }
    });
  }

  // A view with a patch's steps applied (docs/api.md): [path, value] sets, [path] deletes
  // a key or a list's items from that index on. What a step changes is copied first, so the
  // view before stays as it was.
  function patched(view, steps) {
    const copies = new Set();
    const copy = (node) => {
      if (copies.has(node)) return node;
      const made = Array.isArray(node) ? node.slice() : { ...node };
      copies.add(made);
      return made;
    };
    const root = copy(view);
    for (const [path, ...value] of steps) {
      let node = root;
      for (const key of path.slice(0, -1)) node = node[key] = copy(node[key]);
      const last = path[path.length - 1];
      if (value.length && Array.isArray(node)) node[last] = value[0];
      else if (value.length) { // a key such as "__proto__" is a key like any other, as in JSON
        Object.defineProperty(node, last, { value: value[0], writable: true, enumerable: true, configurable: true });
      } else if (Array.isArray(node)) node.length = last;
      else delete node[last];
    }
    return root;
  }

  function online(on) {
    show($("banner"), !on);
  }

  function applyView(v) {
    const before = state.view;
    if (before && v.version < before.version) return; // a late answer overtaken by the stream
    state.view = v;
    if (v.timer) state.deadline = performance.now() + v.timer.remaining_ms;
    if (myClockRuns(v) && !(before && myClockRuns(before)) && navigator.vibrate) {
      navigator.vibrate(200); // your turn (or your clock runs again after a pause)
    }
    render();
  }

  async function setLanguage(lang) {
    document.cookie = `lang=${lang}; path=/; max-age=31536000; SameSite=Lax`;
    try {
      const response = await fetch(`/api/texts/${lang}`);
      if (!response.ok) throw new Error(String(response.status));
      state.texts = await response.json();
    } catch {
      toast(t("web.offline"));
      return;
    }
    state.lang = lang;
    document.documentElement.lang = lang;
    for (const el of document.querySelectorAll("[data-lang]")) {
      el.setAttribute("aria-pressed", String(el.dataset.lang === lang));
    }
    retext(document);
    render();
  }

  // The words of what is drawn once and kept (the page itself, an importer) in the page's
  // language: an element names its text (data-t), placeholder and aria-label by their keys.
  function retext(root) {
    for (const el of root.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
    for (const el of root.querySelectorAll("[data-t-placeholder]")) el.placeholder = t(el.dataset.tPlaceholder);
    for (const el of root.querySelectorAll("[data-t-label]")) el.setAttribute("aria-label", t(el.dataset.tLabel));
    return root;
  }

  // -- the generic view --------------------------------------------------------------------

  function game(v) {
    return { ...GENERIC, ...(GAME_VIEWS[v.game] || {}) };
  }

  function render() {
    const v = state.view;
    if (!v || !PAGES[PAGE]) return;
    show($("loading"), false);
    $("game-title").textContent = v.title ? v.title[state.lang] || v.title.en : "";
    PAGES[PAGE].render(v);
    renderMoment(v);
    renderAgain(v);
    renderClock();
    renderGuide(v);
    rearm();
    keepTaskInView(v);
  }

  // After a step of the game (a new turn, phase or pause) the page starts at its top again:
  // no header hides half under the bar, and the thing to do now shows without scrolling.
  function keepTaskInView(v) {
    const step = JSON.stringify([v.game, v.state && v.state.phase, turnOf(v), Boolean(v.timer && v.timer.running)]);
    if (state.step !== null && step !== state.step) window.scrollTo(0, 0);
    state.step = step;
  }

  // -- the guide: what to do now with the real pieces ----------------------------------------

  // The line for the situation the game is in (where the game's own view has none); in
  // first-game mode the step's explanation the first time it comes, after that one tap away
  // under "The rule", with its place in the rule book; before the first turn of a first game
  // the setup checklist (ticked on the table page); first-game mode's switch. It stands
  // under the task: on the table page under the clock and the buttons, on a phone under the
  // phone's own part of the game.
  function renderGuide(v) {
    let el = $("guide");
    const anchor = $(PAGE === "phone" ? "game-panel" : "actions");
    if (!el && anchor) {
      el = h("section", { id: "guide", class: "card guide", hidden: true });
      anchor.after(el);
    }
    if (!el) return;
    const guide = v.game ? v.guide : null;
    const teaching = v.teaching;
    show(el, Boolean(guide && teaching));
    if (!guide || !teaching) return;
    const params = guide.setup_params || {};
    const own = v.state && typeof v.state.now === "string"; // the game says it itself
    const first = teaching.explain ? h("strong", { text: `${t("web.guide.first_step")} ` }) : null;
    const rule = [h("p", { class: "guide-step" }, first, `${t(guide.explain)} `,
      h("span", { class: "guide-ref", text: t(guide.ref) }))];
    const parts = own ? [] : [h("h2", { text: t("web.guide.title") }),
      h("p", { class: "lead guide-now", text: t(guide.now, params) })];
    parts.push(...(teaching.explain ? rule : [ruleAtHand(guide.step, rule)]));
    if (teaching.setup) parts.push(checklist(guide, teaching, params));
    parts.push(button(t(teaching.first_game ? "web.guide.first_game_off" : "web.guide.first_game_on"),
      { class: "guide-switch quiet", data: { action: "table.guide" } },
      () => send("table.guide", { first_game: !teaching.first_game })));
    el.replaceChildren(...parts.filter(Boolean));
  }

  // The step's rule, folded; it stays open across new views until the step changes.
  function ruleAtHand(step, rule) {
    if (state.rule === undefined || state.rule.step !== step) state.rule = { step, open: false };
    const folded = h("details", { class: "guide-rule", open: state.rule.open },
      h("summary", { text: t("web.guide.rule") }), ...rule);
    folded.addEventListener("toggle", () => { state.rule.open = folded.open; });
    return folded;
  }

  function checklist(guide, teaching, params) {
    const mayTick = PAGE === "table";
    return h("div", { class: "guide-setup" }, h("h3", { text: t("web.guide.setup_title") }),
      h("ul", { class: "guide-list" }, guide.items.map((item, i) => {
        const done = teaching.ticked.includes(item);
        const line = `${done ? "\u2611" : "\u2610"} ${t(guide.setup[i], params)}`;
        return h("li", { class: classes("guide-item", done && "done") }, mayTick
          ? button(line, { class: "guide-tick", "aria-pressed": String(done), data: { tick: item } },
            () => send("table.guide", { tick: item }))
          : h("span", { text: line }));
      })));
  }

  // A game's view names the big moment it is in for this page (state.moment: your turn, a
  // win, an alarm), and the game's script words it with
  // moment(v) -> { key, title, text (or lines), tone, vibrate, seconds } or null. A new one fills the
  // screen and vibrates where the phone can, until a tap, until the game moves on or (with
  // seconds) until that time is up; a moment already there when the page opened is not
  // played again. A game's result stays up while the group looks at it: no tap and no time
  // closes it, only what the group chooses next (a rematch, another game), which it offers.
  function renderMoment(v) {
    const named = (v.outcome && state.best) || (v.game && v.state ? game(v).moment(v) : null);
    const key = named ? named.key : null;
    if (key !== state.moment.key) {
      const fresh = state.moment.key !== undefined && key !== null;
      state.moment = { key, open: fresh, lasting: Boolean(v.outcome) };
      if (fresh && named.vibrate && navigator.vibrate) navigator.vibrate(named.vibrate);
      if (fresh && named.seconds && !state.moment.lasting) {
        setTimeout(() => {
          if (state.moment.key === key) { state.moment.open = false; show($("moment"), false); }
        }, named.seconds * 1000);
      }
    }
    let el = $("moment");
    if (!el) {
      el = h("div", { id: "moment", class: "moment", role: "alertdialog", "aria-modal": "true", hidden: true,
        onclick: () => {
          if (state.moment.lasting) return;
          state.moment.open = false;
          show(el, false);
        } });
      document.body.append(el);
    }
    show(el, state.moment.open);
    if (!state.moment.open) return;
    el.dataset.tone = named.tone || "";
    el.dataset.moment = key;
    el.dataset.lasting = state.moment.lasting ? "yes" : "no";
    el.replaceChildren(...[h("p", { class: "moment-title", text: named.title,
      data: named.title.length > MOMENT_SHORT ? { long: "yes" } : {} }),
      momentText(named.text),
      ...(state.moment.lasting ? whatNext(v)
        : [h("button", { type: "button", class: "moment-close", text: t("web.moment_close") })])]
      .filter(Boolean));
  }

  // A moment's text: a sentence, or lines (a ranking) one under the other.
  function momentText(text) {
    if (!text) return null;
    if (!Array.isArray(text)) return h("p", { class: "moment-text", text });
    return h("div", { class: "moment-text" }, text.map((line) => h("p", { text: line })));
  }

  // What comes after a game, for those who may choose it: a rematch (a seated phone, the
  // host's table page), another game (a seated phone picks which, for the evening's players;
  // the host's table page goes back to the lobby); else who chooses.
  function whatNext(v) {
    const choices = nextChoices(v);
    return choices.length ? [h("div", { class: "moment-next" }, choices)]
      : [h("p", { class: "moment-text", text: t("web.moment_next") })];
  }

  function nextChoices(v) {
    if (!v.outcome) state.choosing = false;
    if (state.choosing && mayChoose(v)) return nextGames(v);
    const choices = [];
    if (mayRematch(v)) choices.push(rematch());
    if (mayChoose(v)) {
      choices.push(button(t("web.next_game"), { class: "action", data: { next: "choose" } },
        () => { state.choosing = true; render(); }));
    }
    if (PAGE === "table" && v.host) {
      choices.push(button(t("web.another_game"), { class: "action", data: { next: "lobby" } },
        (event) => confirmTap(event.currentTarget, () => send("table.end_game"))));
    }
    return choices;
  }

  function mayChoose(v) {
    return PAGE === "phone" && isSeated(v) && Boolean(v.next_games);
  }

  // The games a seated phone may start next, each asked once more, and the way back.
  function nextGames(v) {
    return [h("p", { class: "moment-text", text: t("web.next_pick") }),
      ...v.next_games.map((next) => button(
        t("web.next_choice", { game: next.title[state.lang] || next.title.en, count: next.seats }),
        { class: "action", data: { nextGame: next.id } },
        (event) => confirmTap(event.currentTarget, () => send("table.next_game", { game: next.id })))),
      button(t("web.next_back"), { class: "action", data: { next: "back" } },
        () => { state.choosing = false; render(); })];
  }

  function mayRematch(v) {
    return Boolean(v.outcome) && (PAGE === "phone" ? isSeated(v) : Boolean(v.host));
  }

  function rematch() {
    return button(t("web.rematch"), { class: "action primary", data: { action: "table.rematch" } },
      (event) => confirmTap(event.currentTarget, () => send("table.rematch")));
  }

  function renderStatus(v) {
    const section = $("status");
    if (!v.game) {
      show(section, false);
      return;
    }
    const turn = turnOf(v);
    let headline = game(v).headline(v);
    const mine = headline === null && turn !== null && turn === v.me;
    if (headline === null && turn !== null) {
      headline = mine ? t("web.your_turn") : t("web.turn_of", { name: seatName(v, turn) });
    }
    const subline = game(v).subline(v);
    $("headline").textContent = headline || "";
    $("subline").textContent = subline || "";
    section.classList.toggle("mine", mine);
    show(section, Boolean(headline || subline));
  }

  // After a game over, one tap starts it again for the same players with the same options.
  // What comes next under a game's result, once its moment is not up (it offers the same).
  function renderAgain(v) {
    const choices = state.moment.open || !v.outcome ? [] : nextChoices(v);
    $("again").replaceChildren(...choices);
    show($("again"), choices.length > 0);
  }

  // Each shows without scrolling, wherever it is; and so does each a game names its own (tasks).
  const TASKS = ["end_turn", "pause", "resume"];
  // The turn's end first, then the game's own tasks, Pause right under them, above the fold.
  const ORDER = { end_turn: 0, pause: 2 };

  function renderActions(v, types) {
    const own = game(v).own;
    const rank = (type) => ORDER[type] ?? (game(v).tasks.includes(type) ? 1 : 3);
    const shown = game(v).actions(v, types).filter((type) => !own.includes(type))
      .sort((a, b) => rank(a) - rank(b));
    $("actions").replaceChildren(...shown.map((type) => {
      const question = game(v).confirm(v, type); // a tap hard to take back asks twice
      const el = button(
        heldBack(v, type) ? t("web.start_waits") : actionLabel(v, type),
        { class: classes("action", type === "end_turn" && "primary huge"), data: { action: type },
          disabled: state.busy || heldBack(v, type) },
        (event) => (question ? confirmTap(event.currentTarget, () => send(type), question) : send(type)),
      );
      if (TASKS.includes(type) || game(v).tasks.includes(type)) el.dataset.task = type;
      return el;
    }));
    show($("actions"), shown.length > 0);
    if (shown.length) $("actions").dataset.task = "actions";
  }

  function actionLabel(v, type) {
    return game(v).label(v, type)
      || firstText([`${v.game}.action.${type}`, `${v.game}.menu.${type}`, `web.action.${type}`])
      || type;
  }

  function renderPanel(v) {
    keep($("game-panel"), v.game ? game(v).panel(v) : []);
  }

  // Puts ``parts`` into ``parent`` unless they are already its children: a game that returns
  // the same elements keeps what someone is typing into them (and its focus).
  function keep(parent, parts) {
    const same = parts.length === parent.children.length
      && parts.every((el, i) => el === parent.children[i]);
    if (!same) parent.replaceChildren(...parts);
  }

  function renderPlayers(v) {
    const section = $("players");
    if (!v.game) {
      show(section, false);
      return;
    }
    const turn = turnOf(v);
    const missing = v.seats.filter((seat) => !seat.taken);
    const rows = v.seats.map((seat) => h("li",
      { class: classes("player", seat.seat === turn && "turn", seat.seat === v.me && "me",
        !seat.taken && "empty") },
      seatDot(seat, seat.seat === turn ? "\u25b6" : ""),
      h("span", { class: "pname" }, seatName(v, seat.seat),
        seat.seat === v.me ? h("span", { class: "tag", text: t("web.you") }) : null,
        seat.taken ? presenceTag(seat) : h("span", { class: "tag muted", text: t("web.free") }),
        ...(v.claims || []).filter((claim) => claim.seat === seat.seat).map((claim) => h("span",
          { class: "tag ask", text: t("web.claim_pending", { name: claim.name || t("web.claim_someone") }) }))),
      h("span", { class: "pinfo" }, ...game(v).playerInfo(v, seat.seat)),
    ));
    const waiting = missing.length ? [h("p", { class: "hint missing", text: t("web.missing",
      { count: missing.length, seats: missing.map((seat) => seatLabel(seat.seat)).join(", ") }) })] : [];
    const benched = (v.benched || []).length ? [h("p", { class: "hint benched" }, t("web.benched"),
      ...v.benched.map((seat) => [" ", h("span", { class: "benched-place" }, seat.name || seatLabel(seat.seat),
        seat.taken ? [" ", presenceTag(seat)] : null)]))] : [];
    section.replaceChildren(h("h2", { text: t("web.players") }), ...waiting,
      h("ol", { class: "player-list" }, rows), ...benched);
    show(section, true);
  }

  // The evening's players between games, each with whether their phone is here: the places
  // named or held by a phone, in their order.
  function eveningPlayers(v) {
    const places = [...v.seats, ...(v.benched || [])].filter((seat) => seat.name || seat.taken);
    if (!places.length) return [];
    return [h("h2", { text: t("web.players") }), h("ul", { class: "player-list" }, places.map((seat) => h("li",
      { class: classes("player", !seat.taken && "empty") }, seatDot(seat),
      h("span", { class: "pname" }, seat.name || seatLabel(seat.seat),
        seat.taken ? presenceTag(seat) : h("span", { class: "tag muted", text: t("web.free") })))))];
  }

  // Whether a seat's phone is here (a stream open, or closed only moments ago) or gone.
  function presenceTag(seat) {
    if (typeof seat.here !== "boolean") return null;
    return h("span", { class: classes("tag", "presence", seat.here ? "here" : "gone"),
      text: t(seat.here ? "web.phone_here" : "web.phone_gone") });
  }

  // The seat's colour, the same as on the box's screen.
  function seatDot(seat, text = "") {
    const dot = h("span", { class: "marker", "aria-hidden": "true", text });
    dot.style.setProperty("--seat", seat.colour);
    return dot;
  }

  // What starts a game waits on a phone until every seat has one (the box and the table
  // page may start anyway: a player without a phone is played from there). A game whose
  // first step is a choice in its own panel asks this too.
  function heldBack(v, type) {
    return PAGE === "phone" && v.seats.some((seat) => !seat.taken) && game(v).start(v).includes(type);
  }

  // The turn clock counts down here, from the remaining_ms of the last view.
  function renderClock() {
    const timer = state.view && state.view.timer;
    clearInterval(state.ticker);
    state.ticker = 0;
    show($("clock"), Boolean(timer));
    if (!timer) return;
    tick();
    if (timer.running) state.ticker = setInterval(tick, 100);
  }

  function tick() {
    const timer = state.view.timer;
    const left = timer.running ? Math.max(0, state.deadline - performance.now()) : timer.remaining_ms;
    const seconds = Math.ceil(left / 1000);
    const fresh = !timer.running && timer.remaining_ms === timer.limit_ms; // not started yet
    const level = timer.turn === false ? "wait" : fresh ? "ready" : !timer.running ? "paused"
      : seconds === 0 ? "up" : seconds <= 5 ? "danger" : seconds <= 10 ? "warn" : "ok";
    $("clock-digits").textContent = seconds >= 100
      ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` : String(seconds);
    $("clock-fill").style.width = `${Math.min(100, (100 * left) / timer.limit_ms)}%`;
    $("clock").dataset.level = level;
    $("clock-label").textContent = {
      ready: t("web.not_started"),
      wait: t("web.next_turn_in"),
      paused: `\u275a\u275a ${t("web.paused")}`,
      up: `\u26a0 ${t("web.time_up")}`,
      danger: `\u26a0 ${t("web.hurry")}`,
      warn: `\u26a0 ${t("web.hurry")}`,
      ok: t("web.seconds"),
    }[level];
    buzzOnTime(seconds, timer.running);
    if (left === 0 && timer.running) clearInterval(state.ticker);
  }

  // On this phone's own turn it vibrates at 10 and 5 seconds left and when time is up.
  function buzzOnTime(seconds, running) {
    const v = state.view;
    const mine = running && PAGE === "phone" && isSeated(v) && turnOf(v) === v.me && v.timer.turn !== false;
    const before = state.secondsLeft;
    state.secondsLeft = mine ? seconds : null;
    if (!mine || before === null || !navigator.vibrate) return;
    if (before > 0 && seconds === 0) navigator.vibrate([300, 100, 300]);
    else if ((before > 10 && seconds <= 10) || (before > 5 && seconds <= 5)) navigator.vibrate(100);
  }

  // -- what only one game shows ------------------------------------------------------------

  const GENERIC = {
    own: [],
    tasks: [], // the game's actions each a step its phones ask for, shown without scrolling
    turn: (v) => (Number.isInteger(v.state.turn) ? v.state.turn : null),
    actions: (v, types) => types,
    optionControl: () => null,
    setupPanel: () => [],
    headline: () => null,
    subline: () => null,
    label: () => null,
    confirm: () => null, // the question a second tap answers, for what is hard to take back
    refusal: () => null, // a refusal worded from the view: the rules know seats, the view names
    panel: () => [],
    moment: () => null,
    playerInfo: () => [],
    start: () => [],
    tableActions: () => [],
    choices: (option) => option.choices,
    choiceLabel: (name, value) => String(value),
  };

  const GAME_VIEWS = {};
  const PAGES = {};

  // What the page's and each game's own scripts use: they add themselves and draw with these.
  window.Getaway = {
    register(id, view) {
      GAME_VIEWS[id] = view;
      render();
    },
    page(name, page) {
      PAGES[name] = page;
      render();
    },
    PAGE,
    $,
    show,
    post,
    refresh,
    connect,
    game,
    keep,
    renderStatus,
    renderActions,
    renderPanel,
    renderPlayers,
    eveningPlayers,
    actionLabel,
    seatTitle,
    state,
    t,
    firstText,
    h,
    classes,
    button,
    confirmTap,
    toast,
    send,
    exportLink,
    importer,
    render,
    seatName,
    seatLabel,
    seatDot,
    isSeated,
    heldBack,
    points,
  };

  // -- start -------------------------------------------------------------------------------

  for (const el of document.querySelectorAll("[data-lang]")) {
    el.addEventListener("click", () => setLanguage(el.dataset.lang));
  }
  $("toast").addEventListener("click", () => show($("toast"), false));
  $("elsewhere").addEventListener("click", connect);
  document.addEventListener("pointerdown", (event) => {
    if (!event.target.closest('[data-armed="yes"]')) disarm(); // a tap elsewhere: not now
  }, true);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) return;
    if (!state.source || state.source.readyState === EventSource.CLOSED) connect();
    else refresh(); // a sleeping phone's clock may have stood still: take the time left anew
    if (state.view && PAGES[PAGE] && PAGES[PAGE].visible) PAGES[PAGE].visible(state.view);
  });
  window.addEventListener("online", () => {
    if (!state.source || state.source.readyState === EventSource.CLOSED) connect();
  });
  document.addEventListener("DOMContentLoaded", connect); // once every script has added itself
})();
