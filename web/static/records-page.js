// The records page on the table page: merge two players or delete one, each after a second
// tap, then show the records as they are now (the page reads them afresh) with what the
// change did; a refusal is said under the forms.
"use strict";

(() => {
  const error = document.getElementById("players-error");
  const done = document.getElementById("players-done");
  const DONE_KEY = "getaway.players-done"; // what the last change did, said after the reload

  if (done && sessionStorage.getItem(DONE_KEY)) {
    done.textContent = sessionStorage.getItem(DONE_KEY);
    done.hidden = false;
  }
  sessionStorage.removeItem(DONE_KEY);

  for (const form of document.querySelectorAll("form[data-post]")) {
    const button = form.querySelector("button");
    const label = button.textContent;
    form.addEventListener("change", () => { // other players chosen: ask again
      delete form.dataset.armed;
      button.textContent = label;
    });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (button.dataset.sure && !form.dataset.armed) {
        form.dataset.armed = "1";
        button.textContent = button.dataset.sure;
        return;
      }
      const body = Object.fromEntries(new FormData(form));
      const response = await fetch(form.dataset.post, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      });
      const answer = await response.json().catch(() => ({}));
      if (response.ok) {
        if (answer.message) sessionStorage.setItem(DONE_KEY, answer.message);
        location.reload();
        return;
      }
      error.textContent = answer.message || response.statusText;
      error.hidden = false;
    });
  }
})();
