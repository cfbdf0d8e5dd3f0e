// The page of a personal rejoin link: it says which seat this phone holds now (asked here,
// as a link opened from another site comes without the phone's cookies), and the seat moves
// to this phone only when its button is pressed, with a JSON POST from this page, which no
// page of another site can send.
"use strict";

(() => {
  const offer = document.getElementById("rejoin-offer");
  const take = document.getElementById("rejoin-take");
  const said = document.getElementById("rejoin-error");
  const texts = offer.dataset;

  function fill(template, seat) {
    return template.replace("{seat}", seat);
  }

  function title(seat) {
    const label = fill(texts.label, String(seat.seat + 1));
    return seat.name ? `${seat.name} (${label})` : label;
  }

  function tell(message) {
    said.textContent = message;
    said.hidden = false;
    take.disabled = false;
  }

  async function held() {
    const view = await fetch("/api/view").then((response) => response.json()).catch(() => null);
    if (!view) return;
    if (view.me === Number(texts.seat)) {
      location.replace("/"); // the phone's own link: nothing to change
      return;
    }
    const seat = Number.isInteger(view.me) ? view.seats[view.me] : null;
    document.getElementById("rejoin-now").textContent = seat ? fill(texts.now, title(seat)) : texts.none;
  }

  take.addEventListener("click", async () => {
    take.disabled = true;
    let response;
    try {
      response = await fetch("/api/rejoin", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token: texts.token }),
      });
    } catch {
      tell(texts.offline);
      return;
    }
    if (response.ok) {
      location.replace("/");
      return;
    }
    const answer = await response.json().catch(() => ({}));
    tell(answer.message || String(response.status));
  });
  held();
})();
