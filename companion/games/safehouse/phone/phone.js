// Safehouse on the phones and the table page.
"use strict";

(() => {
  const G = window.Getaway;
  G.register("safehouse", { turn: (v) => v.state.turn });
})();
