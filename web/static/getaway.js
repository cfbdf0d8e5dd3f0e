// Getaway's phone and table pages: render the live view from the box, send actions back.
// The generic part knows seats, turns, timers and action lists; what only one game shows
// lives in GAME_VIEWS under that game's id (a game's own script adds itself with
// Getaway.register, after this one).
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const PAGE = document.body.dataset.page;
  const VIEW_QUERY = PAGE === "table" ? "?page=table" : ""; // the table page reads the public view
  const REJOIN_KEY = "getaway.rejoin";
  const RECONNECT_MS = 3000;
  const TOAST_MS = 6000;

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
    covered: false,
    setup: { game: null, seats: null, options: {} },
  };

  // -- texts -------------------------------------------------------------------------------

  function t(key, params = {}) {
    const template = state.texts[key] ?? key;
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

  // A button that asks for a second tap before it does something hard to take back.
  function confirmTap(el, run, question = t("web.confirm_again")) {
    if (el.dataset.armed === "yes") {
      el.dataset.armed = "";
      run();
      return;
    }
    const label = el.textContent;
    el.dataset.armed = "yes";
    el.textContent = question;
    setTimeout(() => {
      if (el.dataset.armed !== "yes") return;
      el.dataset.armed = "";
      el.textContent = label;
    }, 4000);
  }

  function toast(message) {
    const el = $("toast");
    el.textContent = message;
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

  function seatTitle(v, seat) {
    const found = v.seats[seat];
    return found && found.name ? `${found.name} (${seatLabel(seat)})` : seatLabel(seat);
  }

  function turnOf(v) {
    return v.state ? game(v).turn(v) : null;
  }

  function myClockRuns(v) {
    return isSeated(v) && turnOf(v) === v.me && Boolean(v.timer && v.timer.running);
  }

  function isSeated(v) {
    return Number.isInteger(v.me);
  }

  // -- talking to the box ------------------------------------------------------------------

  async function post(url, body) {
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
    state.lastError = response.ok ? null : data.message || t("error.internal");
    if (response.ok) return data;
    // A stale version means someone was quicker: the next view is already on its way.
    if (!(response.status === 409 && data.error === "error.stale")) {
      toast(data.message || t("error.internal"));
    }
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
    const result = await post("/api/action",
      { type, args, version: state.view.version, host: PAGE === "table" });
    state.busy = false;
    if (result && (!state.source || state.source.readyState !== EventSource.OPEN)) await refresh();
    render();
    return result;
  }

  async function join(seat, taken) {
    if (state.busy) return;
    state.busy = true;
    render();
    const result = await post(taken ? "/api/claim" : "/api/join", { seat, name: $("name").value });
    state.busy = false;
    if (result && result.pending) {
      state.pending = { seat, since: result.version };
      localStorage.setItem(REJOIN_KEY, result.rejoin);
      connect(); // the stream carries the new token: it shows the seat once it is given
    } else if (result) await seated(result);
    render();
  }

  async function seated(result) {
    localStorage.setItem(REJOIN_KEY, result.rejoin);
    state.pending = null;
    await refresh();
    connect(); // the stream picks up the new seat cookie
  }

  // A code typed on the phone or carried by the QR link: the table's join code, or a code
  // that moves a seat from another phone to this one.
  async function enterCode(code) {
    const result = await post("/api/code", { code });
    if (!result) return;
    if (result.kind === "join") state.joinable = true;
    else await seated(result);
    render();
  }

  function connect() {
    clearTimeout(state.retry);
    if (state.source) state.source.close();
    const source = new EventSource(`/api/events${VIEW_QUERY}`);
    state.source = source;
    source.addEventListener("view", (event) => {
      online(true);
      applyView(JSON.parse(event.data));
    });
    source.addEventListener("open", () => online(true));
    source.addEventListener("error", () => {
      online(false);
      if (state.source === source && source.readyState === EventSource.CLOSED) {
        state.retry = setTimeout(connect, RECONNECT_MS);
      }
    });
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

  // Only a secure page (HTTPS or localhost) may keep the screen on; elsewhere the phone
  // shows a hint to switch off auto-lock for the evening instead.
  async function keepAwake(wanted) {
    show($("awake-hint"), wanted && !("wakeLock" in navigator));
    if (!wanted || state.wakeLock || document.hidden || !("wakeLock" in navigator)) return;
    state.wakeLock = navigator.wakeLock.request("screen").then(
      (lock) => {
        lock.addEventListener("release", () => { state.wakeLock = null; });
        return lock;
      },
      () => null, // only secure pages may keep the screen on; this phone may sleep
    );
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
    for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
    for (const el of document.querySelectorAll("[data-t-placeholder]")) {
      el.placeholder = t(el.dataset.tPlaceholder);
    }
    render();
  }

  // -- the generic view --------------------------------------------------------------------

  function game(v) {
    return { ...GENERIC, ...(GAME_VIEWS[v.game] || {}) };
  }

  function render() {
    const v = state.view;
    if (!v) return;
    show($("loading"), false);
    $("game-title").textContent = v.title ? v.title[state.lang] || v.title.en : "";
    if (PAGE === "table") renderTable(v);
    else renderPhone(v);
    renderClock();
  }

  function renderPhone(v) {
    const seated = isSeated(v);
    const asked = state.pending;
    if (asked && (seated || (v.version >= asked.since
      && !(v.claims || []).some((claim) => claim.seat === asked.seat)))) {
      state.pending = null; // given to this phone, refused, or the game moved on
    }
    const free = Boolean(v.game) && !seated && state.pending === null;
    show($("waiting"), !v.game);
    show($("code"), free && !state.joinable);
    show($("join"), free && state.joinable);
    if (free && state.joinable) renderJoin(v);
    show($("pending"), state.pending !== null);
    if (state.pending !== null) {
      $("pending-text").textContent = t("web.claim_wait", { seat: seatTitle(v, state.pending.seat) });
    }
    renderAsks(v);
    renderCover(v);
    $("me").textContent = seated ? t("web.you_are", { seat: seatTitle(v, v.me) }) : "";
    show($("me"), seated);
    renderStatus(v);
    renderActions(v, seated && v.state ? v.state.actions || [] : []);
    renderPanel(v);
    renderPlayers(v);
    renderRejoin(seated);
    show($("foot"), seated);
    keepAwake(seated);
  }

  function renderJoin(v) {
    $("join-seats").replaceChildren(...v.seats.map((seat) => button(
      [
        h("span", { class: "seat-label", text: seatLabel(seat.seat) }),
        h("span", { class: "seat-state" },
          [seat.name, seat.taken ? t("web.taken") : t("web.free")].filter(Boolean).join(" \u00b7 ")),
      ],
      { class: classes("seat", seat.taken && "taken"), disabled: state.busy,
        data: { seat: seat.seat } },
      (event) => (seat.taken
        ? confirmTap(event.currentTarget, () => join(seat.seat, true), t("web.claim_confirm"))
        : join(seat.seat, false)),
    )));
  }

  // Another phone asks for this phone's seat: only this phone (or OK on the box) gives it.
  function renderAsks(v) {
    const asks = isSeated(v) ? (v.claims || []).filter((claim) => claim.seat === v.me) : [];
    $("asks").replaceChildren(...asks.map((claim) => h("div", { class: "ask-row" },
      h("p", { class: "lead", text: claim.name ? t("web.claim_ask", { name: claim.name })
        : t("web.claim_ask_phone") }),
      button(t("web.claim_give"), { class: "action", data: { action: "table.grant" } },
        (event) => confirmTap(event.currentTarget, () => send("table.grant", { seat: v.me }))),
      button(t("web.claim_keep"), { class: "action primary", data: { action: "table.deny" } },
        () => send("table.deny", { seat: v.me })))));
    show($("asks"), asks.length > 0);
  }

  // A seat's secrets hide behind a cover at a tap, against a neighbour's glance.
  function renderCover(v) {
    const secret = isSeated(v) && Boolean(v.cover);
    if (!secret) state.covered = false;
    show($("cover-toggle"), secret && !state.covered);
    show($("cover"), state.covered);
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

  const ORDER = { end_turn: 0, pause: 2 };

  function renderActions(v, types) {
    const own = game(v).own;
    const shown = game(v).actions(v, types).filter((type) => !own.includes(type))
      .sort((a, b) => (ORDER[a] ?? 1) - (ORDER[b] ?? 1));
    $("actions").replaceChildren(...shown.map((type) => button(
      actionLabel(v, type),
      { class: classes("action", type === "end_turn" && "primary huge"), data: { action: type } },
      () => send(type),
    )));
    show($("actions"), shown.length > 0);
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
    const rows = v.seats.map((seat) => h("li",
      { class: classes("player", seat.seat === turn && "turn", seat.seat === v.me && "me",
        !seat.taken && "empty") },
      h("span", { class: "marker", "aria-hidden": "true", text: seat.seat === turn ? "\u25b6" : "" }),
      h("span", { class: "pname" }, seatName(v, seat.seat),
        seat.seat === v.me ? h("span", { class: "tag", text: t("web.you") }) : null,
        seat.taken ? null : h("span", { class: "tag muted", text: t("web.free") })),
      h("span", { class: "pinfo" }, ...game(v).playerInfo(v, seat.seat)),
    ));
    section.replaceChildren(h("h2", { text: t("web.players") }), h("ol", { class: "player-list" }, rows));
    show(section, true);
  }

  function renderRejoin(seated) {
    const link = localStorage.getItem(REJOIN_KEY);
    show($("rejoin"), Boolean(seated && link));
    if (!link) return;
    $("rejoin-link").textContent = link;
    $("rejoin-link").href = link;
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
    const level = !timer.running ? "paused" : seconds === 0 ? "up"
      : seconds <= 5 ? "danger" : seconds <= 10 ? "warn" : "ok";
    $("clock-digits").textContent = seconds >= 100
      ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` : String(seconds);
    $("clock-fill").style.width = `${Math.min(100, (100 * left) / timer.limit_ms)}%`;
    $("clock").dataset.level = level;
    $("clock-label").textContent = {
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
    const mine = running && PAGE === "phone" && isSeated(v) && turnOf(v) === v.me;
    const before = state.secondsLeft;
    state.secondsLeft = mine ? seconds : null;
    if (!mine || before === null || !navigator.vibrate) return;
    if (before > 0 && seconds === 0) navigator.vibrate([300, 100, 300]);
    else if ((before > 10 && seconds <= 10) || (before > 5 && seconds <= 5)) navigator.vibrate(100);
  }

  // -- the table page ----------------------------------------------------------------------

  function renderTable(v) {
    renderHost(v);
    show($("wifi"), v.host);
    if (v.host) renderWifi(v);
    show($("setup"), v.host && !v.game);
    show($("board"), Boolean(v.game));
    if (!v.game) {
      if (v.host) renderSetup(v);
      return;
    }
    renderStatus(v);
    renderActions(v, v.host ? game(v).tableActions(v) : []);
    renderPanel(v);
    renderPlayers(v);
    if (v.host) renderTableControls(v);
    else $("table-controls").replaceChildren();
  }

  // A browser runs the table only once someone pressed OK on the box for its ask; until
  // then it watches, and the join code stays on the box's screen.
  function renderHost(v) {
    $("main").classList.toggle("watching", !v.host);
    show($("host-ask"), !v.host);
    show($("join-code-line"), v.host);
    $("join-code").textContent = v.host ? v.join_code : "";
    $("host-ask-button").disabled = state.busy;
    if (v.host) state.hostLabel = null;
    show($("host-label"), Boolean(state.hostLabel));
    $("host-label").textContent = state.hostLabel ? t("web.host_wait", { label: state.hostLabel }) : "";
    $("host-label").dataset.label = state.hostLabel || "";
  }

  async function askHost() {
    state.busy = true;
    render();
    const result = await post("/api/host", {});
    state.busy = false;
    if (result) {
      state.hostLabel = result.label;
      connect(); // the stream carries the new host cookie: it shows the host's view once granted
    }
    render();
  }

  function renderWifi(v) {
    const ssid = $("wifi-ssid");
    if (v.wifi && document.activeElement !== ssid && !ssid.value) {
      ssid.value = v.wifi.ssid;
      $("wifi-security").value = v.wifi.security;
    }
    $("wifi-show").disabled = !v.wifi;
    $("wifi-show").setAttribute("aria-pressed", String(Boolean(v.wifi && v.wifi.shown)));
  }

  async function saveWifi() {
    const args = { ssid: $("wifi-ssid").value, security: $("wifi-security").value };
    if ($("wifi-password").value) args.password = $("wifi-password").value;
    if (await send("table.wifi", args)) {
      $("wifi-password").value = "";
      toast(t("web.saved"));
    }
  }

  function renderTableControls(v) {
    const controls = [];
    if (v.timer) {
      const type = v.timer.running ? "pause" : "resume";
      controls.push(button(`${v.timer.running ? "\u275a\u275a" : "\u25b6"}\u00a0${actionLabel(v, type)}`,
        { class: "action", data: { action: type } }, () => send(type)));
    }
    if (v.undo) {
      controls.push(button(`\u21b6\u00a0${t("web.undo")}`, { class: "action", data: { action: "table.undo" } },
        () => send("table.undo")));
    }
    controls.push(button(t("web.end_game"), { class: "action quiet", data: { action: "table.end_game" } },
      (event) => confirmTap(event.currentTarget, () => send("table.end_game"))));
    $("table-controls").replaceChildren(...controls);
  }

  function renderSetup(v) {
    const games = v.games || [];
    if (!games.some((g) => g.id === state.setup.game) && games.length) chooseGame(games[0]);
    const chosen = games.find((g) => g.id === state.setup.game);
    if (!chosen) return;
    const setup = state.setup;
    $("setup-games").replaceChildren(...games.map((g) => button(g.title[state.lang] || g.title.en,
      { class: "choice", "aria-pressed": String(g.id === chosen.id), data: { game: g.id } },
      () => { chooseGame(g); render(); })));
    const counts = [];
    for (let n = chosen.min_seats; n <= chosen.max_seats; n += 1) counts.push(n);
    $("setup-seats").replaceChildren(...counts.map((n) => button(String(n),
      { class: "choice", "aria-pressed": String(n === setup.seats), data: { seats: n } },
      () => { setup.seats = n; render(); })));
    $("setup-options").replaceChildren(...chosen.options.map((option) => optionField(chosen, option)));
    keep($("setup-extra"), game({ game: chosen.id }).setupPanel(v, setup));
    $("setup-start").disabled = state.busy;
    $("setup-start").onclick = () => send("table.new_game",
      { game: chosen.id, seats: setup.seats, options: { ...setup.options } });
  }

  function chooseGame(g) {
    state.setup = {
      game: g.id,
      seats: Math.min(Math.max(4, g.min_seats), g.max_seats),
      options: Object.fromEntries(g.options.map((o) => [o.name, o.default])),
    };
  }

  function optionLabel(g, name, value) {
    const suffix = value === undefined ? "" : `.${value}`;
    return firstText([`${g.id}.option.${name}${suffix}`, `web.${g.id}.option.${name}${suffix}`]);
  }

  function optionField(g, option) {
    const value = state.setup.options[option.name];
    const set = (next) => { state.setup.options[option.name] = next; render(); };
    const rules = game({ game: g.id });
    let control = rules.optionControl(option, value, set);
    if (!control && option.choices.length) {
      control = h("div", { class: "choice-row" }, rules.choices(option, state.setup.seats).map((choice) => button(
        optionLabel(g, option.name, choice) ?? rules.choiceLabel(option.name, choice),
        { class: "choice small", "aria-pressed": String(choice === value),
          data: { option: option.name, value: choice } }, () => set(choice))));
    } else if (!control) {
      const step = option.maximum - option.minimum >= 60 ? 5 : 1;
      control = h("div", { class: "stepper", data: { option: option.name } },
        button("\u2212", { class: "choice small", "aria-label": "\u2212", data: { option: option.name, step: "down" },
          disabled: value <= option.minimum }, () => set(Math.max(option.minimum, value - step))),
        h("output", { class: "stepper-value", text: String(value) }),
        button("+", { class: "choice small", "aria-label": "+", data: { option: option.name, step: "up" },
          disabled: value >= option.maximum }, () => set(Math.min(option.maximum, value + step))));
    }
    return h("div", { class: "option" },
      h("span", { class: "option-name", text: optionLabel(g, option.name) ?? option.name }), control);
  }

  // -- what only one game shows ------------------------------------------------------------

  const GENERIC = {
    own: [],
    turn: (v) => (Number.isInteger(v.state.turn) ? v.state.turn : null),
    actions: (v, types) => types,
    optionControl: () => null,
    setupPanel: () => [],
    headline: () => null,
    subline: () => null,
    label: () => null,
    panel: () => [],
    playerInfo: () => [],
    tableActions: () => [],
    choices: (option) => option.choices,
    choiceLabel: (name, value) => String(value),
  };

  const GAME_VIEWS = {};

  // What a game's own script may use: it registers its view and draws with these.
  window.Getaway = {
    register(id, view) {
      GAME_VIEWS[id] = view;
      render();
    },
    page: PAGE,
    state,
    t,
    firstText,
    h,
    classes,
    button,
    confirmTap,
    toast,
    send,
    render,
    seatName,
    seatLabel,
    isSeated,
    points,
  };

  // -- start -------------------------------------------------------------------------------

  for (const el of document.querySelectorAll("[data-lang]")) {
    el.addEventListener("click", () => setLanguage(el.dataset.lang));
  }
  $("toast").addEventListener("click", () => show($("toast"), false));
  if (PAGE === "table") {
    $("wifi-form").addEventListener("submit", (event) => {
      event.preventDefault();
      saveWifi();
    });
    $("wifi-show").addEventListener("click", () => send("table.show_wifi",
      { show: !(state.view.wifi && state.view.wifi.shown) }));
    $("host-ask-button").addEventListener("click", askHost);
  }
  if (PAGE === "phone") {
    $("leave").addEventListener("click", (event) => confirmTap(event.currentTarget, async () => {
      if (await send("table.release", { seat: state.view.me })) localStorage.removeItem(REJOIN_KEY);
    }));
    $("rejoin-copy").addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText($("rejoin-link").href);
        toast(t("web.copied"));
      } catch {
        getSelection().selectAllChildren($("rejoin-link"));
      }
    });
    $("code-form").addEventListener("submit", (event) => {
      event.preventDefault();
      enterCode($("code-input").value);
    });
    $("handover").addEventListener("click", async () => {
      const result = await post("/api/handover", {});
      if (!result) return;
      $("handover-code").textContent = t("web.handover_code", { code: result.code });
      show($("handover-code"), true);
    });
    $("cover-toggle").addEventListener("click", () => { state.covered = true; render(); });
    $("cover").addEventListener("click", () => { state.covered = false; render(); });
    const code = $("boot").dataset.code;
    if (code) {
      history.replaceState(null, "", "/"); // the code is not kept in the address bar
      enterCode(code);
    }
    const params = new URLSearchParams(location.search);
    if (params.get("link") === "expired") {
      toast(t("web.link_expired"));
      history.replaceState(null, "", location.pathname);
    }
  }
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) return;
    if (!state.source || state.source.readyState === EventSource.CLOSED) connect();
    else refresh(); // a sleeping phone's clock may have stood still: take the time left anew
    if (state.view) keepAwake(isSeated(state.view));
  });
  window.addEventListener("online", () => {
    if (!state.source || state.source.readyState === EventSource.CLOSED) connect();
  });
  connect();
})();
