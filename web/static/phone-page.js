// The phone page: join a seat (by the QR link, a typed code or a hand-over code), a taken
// seat asked for and given, the seat's own view with its cover, the rejoin link, and the
// screen kept awake on the phone's own turn.
"use strict";

(() => {
  const G = window.Getaway;
  const { $, show, post, refresh, connect, state, t, h, classes, button, confirmTap, toast, send, render,
    seatLabel, seatTitle, seatDot, isSeated } = G;
  const REJOIN_KEY = "getaway.rejoin";
  const PLAYER_KEY = "getaway.player"; // the name this phone's player goes by, kept for next time

  function remember(name) {
    if (name.trim()) localStorage.setItem(PLAYER_KEY, JSON.stringify({ name: name.trim() }));
  }

  function remembered() {
    try {
      const player = JSON.parse(localStorage.getItem(PLAYER_KEY) || "{}");
      return typeof player.name === "string" ? player.name : "";
    } catch {
      return ""; // a damaged entry is a phone without a player yet
    }
  }

  async function join(seat, taken) {
    if (state.busy) return;
    state.busy = true;
    render();
    const result = await post(taken ? "/api/claim" : "/api/join", { seat, name: $("name").value });
    state.busy = false;
    if (result) remember($("name").value);
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
    state.place = result.seat; // a seat, or the place of a player sitting this game out
    await refresh();
    connect(); // the stream picks up the new seat cookie
  }

  // The evening's place this phone holds, as the box knows it from the phone's cookie: a
  // seat, or the place kept while its player sits this game out (null: none).
  async function learnPlace() {
    const answer = await fetch("/api/place").then((r) => (r.ok ? r.json() : null), () => null);
    state.place = answer ? answer.place : null;
    render();
    return state.place;
  }

  // A code typed on the phone or carried by a link: the table's join code, or a code that
  // moves a seat from another phone to this one. Typing a code is consent enough; a link's
  // code (any site may send a phone to a link) is only named until "Take this seat".
  async function enterCode(code, linked = false) {
    const result = await post("/api/code", { code, take: !linked });
    const offered = result && result.kind === "handover";
    state.offer = offered
      ? { code, seat: result.seat, title: result.title, taking: false } : null;
    if (result && result.kind === "join") state.joinable = true;
    else if (result && result.kind === "seat") await seated(result);
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

  // A game that ends while this phone looks on: ask the box whether its player beat one of
  // their own bests (read from the history only), and make that the big moment.
  async function checkBests(v) {
    const was = state.over;
    state.over = Boolean(v.outcome);
    if (!state.over) state.best = null;
    if (was !== false || !state.over || !isSeated(v)) return; // an end seen here, seated
    const answer = await fetch("/api/records/best").then((r) => (r.ok ? r.json() : null), () => null);
    if (!answer || !answer.bests.length) return;
    state.best = { key: `best:${v.version}`, title: t("web.records_best"), text: answer.bests.join(" · "),
      tone: "good", vibrate: [60, 40, 120] };
    render();
  }

  function renderPhone(v) {
    checkBests(v);
    const seated = isSeated(v);
    const asked = state.pending;
    if (asked && (seated || (v.version >= asked.since
      && !(v.claims || []).some((claim) => claim.seat === asked.seat)))) {
      state.pending = null; // given to this phone, refused, or the game moved on
      if (!seated) askEnded(v, asked.seat);
    }
    if (seated) state.mySeat = v.me; // a new game with fewer seats leaves it out: say so
    if (seated) {
      state.place = v.me;
      state.sitting = false; // sitting out a later game, it watches again at first
    }
    const out = seated ? null : sittingOut(v);
    const watching = state.watching || (out !== null && !state.sitting);
    const free = Boolean(v.game) && !seated && state.pending === null && state.place !== undefined;
    show($("waiting"), !v.game);
    show($("code"), free && !state.joinable && !state.offer);
    show($("join"), free && state.joinable && !watching);
    show($("sit"), free && state.joinable && watching);
    if (free && state.joinable) renderJoin(v);
    renderOffer(v, seated);
    show($("pending"), state.pending !== null);
    if (state.pending !== null) {
      $("pending-text").textContent = t("web.claim_wait", { seat: seatTitle(v, state.pending.seat) });
    }
    renderAsks(v);
    renderCover(v);
    $("me").textContent = seated ? t("web.you_are", { seat: seatTitle(v, v.me) })
      : out ? t("web.you_sit_out", { seat: seatTitle(v, out.seat) })
        : "";
    show($("me"), seated || out !== null);
    if (seated) remember((v.seats[v.me] || {}).name || ""); // as the table renamed it too
    G.renderStatus(v);
    G.renderActions(v, seated && v.state ? v.state.actions || [] : []);
    G.renderPanel(v);
    G.renderPlayers(v);
    renderRejoin(seated);
    show($("move"), seated);
    renderRename(v, seated);
    show($("foot"), seated);
    keepAwake(seated);
  }

  // An ask for a seat (or a kept place) that ended without a seat: the place came to this
  // phone, or the phone holding it kept it.
  async function askEnded(v, place) {
    const mine = await learnPlace();
    if (mine !== place && v.game && place < v.seats.length + (v.benched || []).length) {
      toast(t("web.claim_declined", { seat: seatTitle(v, place) }));
    }
  }

  // The place this phone's player keeps while sitting out a game with fewer seats: the next
  // bigger game seats it there again, so the phone watches instead of asking to join.
  function sittingOut(v) {
    return (v.benched || []).find((seat) => seat.seat === state.place && seat.taken) || null;
  }

  // Every seat taken (a new game may have fewer seats than phones): say so, and offer to
  // watch along; asking a player for their seat still works.
  function renderJoin(v) {
    const full = v.seats.every((seat) => seat.taken);
    show($("pick-seat"), !full);
    show($("all-taken"), full);
    show($("watch"), full);
    const gone = Number.isInteger(state.mySeat) && state.mySeat >= v.seats.length;
    $("all-taken").textContent = full ? t(gone ? "web.seat_gone" : "web.all_taken",
      { count: v.seats.length }) : "";
    $("join-seats").replaceChildren(...v.seats.map((seat) => seatButton(seat,
      seat.taken ? t("web.taken") : t("web.free"))));
    const kept = (v.benched || []).filter((seat) => seat.name);
    show($("take-back"), kept.length > 0);
    $("kept-places").replaceChildren(...kept.map((seat) => seatButton(seat, t("web.sits_out"))));
  }

  // A seat of the game, or the place of a player sitting it out (found by name after the
  // phone forgot it): a free one is taken at once, a phone's is asked for.
  function seatButton(seat, said) {
    return button(
      [
        h("span", { class: "seat-label" }, seatDot(seat), seatLabel(seat.seat)),
        h("span", { class: "seat-state" }, [seat.name, said].filter(Boolean).join(" \u00b7 ")),
      ],
      { class: classes("seat", seat.taken && "taken"), disabled: state.busy,
        data: { seat: seat.seat } },
      (event) => (seat.taken
        ? confirmTap(event.currentTarget, () => join(seat.seat, true), t("web.claim_confirm"))
        : join(seat.seat, false)),
    );
  }

  // A hand-over link's seat, offered to this phone until it says yes or no.
  function renderOffer(v, seated) {
    const offer = seated ? null : state.offer;
    show($("handover-offer"), Boolean(offer));
    if (!offer) return;
    const title = offer.seat < (v.seats || []).length ? seatTitle(v, offer.seat) : offer.title;
    $("handover-for").textContent = t("web.handover_for", { seat: title });
    $("handover-take").disabled = offer.taking;
  }

  // Another phone asks for this phone's seat: only this phone (or OK on the box) gives it.
  function renderAsks(v) {
    const asks = isSeated(v) ? (v.claims || []).filter((claim) => claim.seat === v.me) : [];
    $("asks").replaceChildren(...asks.map((claim) => h("div", { class: "ask-row" },
      h("p", { class: "lead", text: claim.name ? t("web.claim_ask", { name: claim.name })
        : t("web.claim_ask_phone") }),
      button(t("web.claim_give"), { class: "action", data: { action: "table.grant" } },
        (event) => confirmTap(event.currentTarget, async () => {
          if (await send("table.grant", { seat: v.me })) toast(t("web.seat_given"), "good");
        })),
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

  // The seat's name, changed from its own phone at any time (empty: the box says "Seat n").
  function renderRename(v, seated) {
    const input = $("rename-name");
    if (seated && document.activeElement !== input) input.value = v.seats[v.me].name;
    $("rename").disabled = state.busy;
  }

  function renderRejoin(seated) {
    const link = localStorage.getItem(REJOIN_KEY);
    show($("rejoin"), Boolean(seated && link));
    if (!link) return;
    $("rejoin-link").textContent = link;
    $("rejoin-link").href = link;
  }

  $("rename-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $("rename-name");
    const name = input.value; // a render while the answer comes may put the old name back
    if (await send("table.rename", { seat: state.view.me, name })) {
      remember(name);
      input.blur();
      toast(t("web.saved"), "good");
    }
  });
  $("leave").addEventListener("click", (event) => confirmTap(event.currentTarget, async () => {
    if (await send("table.release", { seat: state.view.me })) {
      localStorage.removeItem(REJOIN_KEY);
      state.place = null;
    }
  }));
  $("rejoin-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("rejoin-link").href);
      toast(t("web.copied"), "good");
    } catch {
      getSelection().selectAllChildren($("rejoin-link"));
    }
  });
  $("watch").addEventListener("click", () => { state.watching = true; render(); });
  $("sit").addEventListener("click", () => {
    state.watching = false;
    state.sitting = true; // a player sitting out takes a free seat of this game after all
    render();
  });
  $("pending-cancel").addEventListener("click", async () => {
    const asked = state.pending;
    state.pending = null; // taken back here: no "declined" when the ask disappears
    if (!(await post("/api/claim/cancel", {}))) state.pending = asked;
    render();
  });
  $("code-form").addEventListener("submit", (event) => {
    event.preventDefault();
    enterCode($("code-input").value);
  });
  $("handover").addEventListener("click", async () => {
    const result = await post("/api/handover", {});
    if (!result) return;
    $("handover-code").textContent = t("web.handover_code", { code: result.code });
    $("handover-link").textContent = result.link;
    $("handover-link").href = result.link;
    show($("handover-result"), true);
  });
  $("handover-take").addEventListener("click", () => {
    if (!state.offer || state.offer.taking) return;
    state.offer.taking = true; // until the answer: a second tap sends nothing
    render();
    enterCode(state.offer.code);
  });
  $("handover-stay").addEventListener("click", () => { state.offer = null; render(); });
  $("cover-toggle").addEventListener("click", () => { state.covered = true; render(); });
  $("cover").addEventListener("click", () => { state.covered = false; render(); });
  if (!$("name").value) $("name").value = remembered(); // the same player as last time
  const code = $("boot").dataset.code;
  if (code) {
    history.replaceState(null, "", "/"); // the code is not kept in the address bar
    enterCode(code, true);
  }
  const params = new URLSearchParams(location.search);
  if (params.get("link") === "expired") {
    toast(t("web.link_expired"));
    history.replaceState(null, "", location.pathname);
  }

  learnPlace();
  G.page("phone", { render: renderPhone, visible: (v) => keepAwake(isSeated(v)) });
})();
