// The records page on the table page: merge two players or delete one, then show the
// records as they are now (the page reads them afresh); a refusal is said under the forms.
"use strict";

(() => {
  const error = document.getElementById("players-error");
  for (const form of document.querySelectorAll("form[data-post]")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const button = form.querySelector("button");
      if (button.dataset.sure && !form.dataset.armed) { // deleting asks for a second tap
        form.dataset.armed = "1";
        button.textContent = button.dataset.sure;
        return;
      }
      const body = Object.fromEntries(new FormData(form));
      const response = await fetch(form.dataset.post, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      });
      if (response.ok) {
        location.reload();
        return;
      }
      const answer = await response.json().catch(() => ({}));
      error.textContent = answer.message || response.statusText;
      error.hidden = false;
    });
  }
})();
