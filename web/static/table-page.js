// The table page: a watcher's public view until OK on the box makes it the host's; then it
// sets up and ends games, undoes, pauses, plays for seats without a phone and keeps the box's
// Wi-Fi.
"use strict";

(() => {
  const G = window.Getaway;
  const { $, show, post, connect, keep, game, actionLabel, state, t, h, button, confirmTap,
    toast, send, render, firstText, seatName } = G;
  const LAST_STEP = "undo.last_step"; // a step the public view did not show: nobody's to name

  let undone = null; // the step undo took back, until the view after it is here

  function renderTable(v) {
    sayUndone(v);
    renderHost(v);
    renderReturning(v);
    show($("wifi"), v.host);
    if (v.host) renderWifi(v);
    show($("setup"), v.host && !v.game);
    show($("board"), Boolean(v.game));
    if (!v.game) {
      if (v.host) renderSetup(v);
      return;
    }
    G.renderStatus(v);
    G.renderActions(v, v.host ? game(v).tableActions(v) : []);
    G.renderPanel(v);
    G.renderPlayers(v);
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

  // A seat's name an earlier player went by: is it them (linked, their records go on), or
  // someone new of the same name (told apart by a number)?
  function renderReturning(v) {
    const asks = (v.host && v.returning) || [];
    show($("returning"), asks.length > 0);
    if (!asks.length) return;
    $("returning").replaceChildren(h("h2", { text: t("web.returning") }), ...asks.map((ask) => {
      const one = ask.players.length === 1;
      const yes = ask.players.map((player) => button(
        one ? t("web.returning_yes") : t("web.returning_this", { name: player.name }),
        { class: "action", data: { action: "table.player", seat: ask.seat, player: player.id } },
        () => send("table.player", { seat: ask.seat, player: player.id })));
      return h("div", { class: "returning-ask", data: { seat: ask.seat } },
        h("p", { class: "lead", text: t("web.returning_ask", { name: ask.name }) }),
        h("div", { class: "choice-row" }, ...yes, button(t("web.returning_new"),
          { class: "action quiet", data: { action: "table.player", seat: ask.seat, new: "true" } },
          () => send("table.player", { seat: ask.seat, new: true }))));
    }));
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
      toast(t("web.saved"), "good");
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
        undo));
    }
    controls.push(button(t("web.end_game"), { class: "action quiet", data: { action: "table.end_game" } },
      (event) => confirmTap(event.currentTarget, () => send("table.end_game"))));
    $("table-controls").replaceChildren(...controls);
  }

  async function undo() {
    const step = state.view.undoes;
    const result = await send("table.undo");
    if (result && step) {
      undone = { version: result.version, step };
      render();
    }
  }

  // After undo, a short word of what it took back: the step's name and whose it was (the
  // seat that sent it; from the box or this page, whose turn it is again).
  function sayUndone(v) {
    if (!undone || v.version < undone.version) return;
    const { step } = undone;
    undone = null;
    const seat = step.seat ?? (step.key !== LAST_STEP && v.state ? game(v).turn(v) : null);
    toast(Number.isInteger(seat) ? t("undo.note", { step: t(step.key), name: seatName(v, seat) })
      : t("undo.note_unnamed", { step: t(step.key) }), "good");
  }

  function renderSetup(v) {
    const games = v.games || [];
    if (!games.some((g) => g.id === state.setup.game) && games.length) {
      const last = v.last_setup && games.find((g) => g.id === v.last_setup.game);
      chooseGame(last || games[0], v);
    }
    const chosen = games.find((g) => g.id === state.setup.game);
    if (!chosen) return;
    const setup = state.setup;
    $("setup-players").replaceChildren(...G.eveningPlayers(v));
    show($("setup-players"), $("setup-players").children.length > 0);
    const kept = (v.kept_options || {})[chosen.id] || {};
    if (JSON.stringify(kept) !== setup.kept) {  // set on the box meanwhile
      Object.assign(setup.options, kept);
      setup.kept = JSON.stringify(kept);
    }
    $("setup-games").replaceChildren(...games.map((g) => button(g.title[state.lang] || g.title.en,
      { class: "choice", "aria-pressed": String(g.id === chosen.id), data: { game: g.id } },
      () => { chooseGame(g, v); render(); })));
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

  // A game starts from its options as last used on this box (set on the box's keys or
  // started with, other games in between), else its defaults; the seats of the last game
  // if it was this one.
  function chooseGame(g, v) {
    const before = v.last_setup && v.last_setup.game === g.id ? v.last_setup : null;
    state.setup = {
      game: g.id,
      seats: before ? before.seats : Math.min(Math.max(4, g.min_seats), g.max_seats),
      options: Object.fromEntries(g.options.map((o) => [o.name, o.default])),
    };
    if (before) Object.assign(state.setup.options, before.options);
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

  $("wifi-form").addEventListener("submit", (event) => {
    event.preventDefault();
    saveWifi();
  });
  $("wifi-show").addEventListener("click", () => send("table.show_wifi",
    { show: !(state.view.wifi && state.view.wifi.shown) }));
  $("host-ask-button").addEventListener("click", askHost);

  G.page("table", { render: renderTable });
})();
