// The tiny game on the phones: the dice rolled so far under the turn.
"use strict";

(() => {
  const G = window.Getaway;
  const { t, h } = G;

  G.register("tiny", {
    subline: (v) => t("web.tiny.rolls", { rolls: (v.state.rolls || []).join(" ") }),
    panel: (v) => [h("p", { class: "tiny-rolls", id: "tiny-rolls", text: (v.state.rolls || []).join(" ") })],
  });
})();
