// What a page must never do to a player (see layout.py); returns every problem as a sentence.
() => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  // A big moment fills the screen over the page: then only it is seen, and only it is checked.
  const root = document.querySelector(".moment:not([hidden])") || document.body;
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })
      && box.width > 0 && box.height > 0;
  };
  const name = (el) => el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}.${el.className}`;
  // The thing to do now ([data-task]) shows without scrolling.
  const stood = window.scrollY;
  window.scrollTo(0, 0);
  const cover = document.getElementById("cover");
  const covering = root !== document.body || Boolean(cover && shown(cover));
  for (const el of covering ? [] : document.querySelectorAll("[data-task]")) {
    if (!shown(el)) continue;
    const target = [...el.querySelectorAll("button:not(:disabled), input, select, [role=button]")].find(shown)
      || (el.matches("button") ? el : null);
    const box = (target || el).getBoundingClientRect();
    if (box.bottom > innerHeight + 1) {
      problems.push(`the task ${name(el)} "${(target || el).textContent.trim().slice(0, 30)}" is ${Math.round(box.bottom - innerHeight)} px below the fold`);
    }
  }

  // A box that scrolls sideways is one problem (below), not one for each thing it hides.
  const sideways = [...root.querySelectorAll("*")].filter((el) => shown(el)
    && ["auto", "scroll"].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1);
  const scrolls = (el) => sideways.some((box) => box !== el && box.contains(el));

  if (document.documentElement.scrollWidth > width + 1) {
    problems.push(`the page is ${document.documentElement.scrollWidth} px wide on a ${width} px phone`);
  }
  for (const el of root.querySelectorAll("*")) {
    if (!shown(el) || scrolls(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.right > width + 1) problems.push(`${name(el)} runs ${Math.round(box.right - width)} px off the screen`);
  }

  // A box that scrolls sideways hides what is beyond its edge (a table's totals column).
  for (const el of sideways) {
    problems.push(`${name(el)} hides ${el.scrollWidth - el.clientWidth} px sideways (a column out of sight)`);
  }

  // A text that runs out of its box (a long name in big letters) runs off the screen too.
  const words = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = words.nextNode(); node; node = words.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent.trim() || !shown(parent) || scrolls(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const right = Math.max(0, ...[...range.getClientRects()].map((r) => r.right));
    if (right > width + 1) {
      problems.push(`"${node.textContent.trim().slice(0, 30)}" runs ${Math.round(right - width)} px off the screen (${name(parent)})`);
    }
  }

  // A box that clips its own text (an ellipsis, a clamp, a hidden overflow) keeps inside the
  // screen but cuts words off: the whole text must fit it.
  for (const el of root.querySelectorAll("*")) {
    if (!shown(el) || scrolls(el) || !el.textContent.trim()) continue;
    const style = getComputedStyle(el);
    const clips = (overflow) => overflow !== "visible" && overflow !== "auto" && overflow !== "scroll";
    const wide = clips(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
    const tall = clips(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
    if (wide || tall) problems.push(`"${el.textContent.trim().slice(0, 30)}" is cut off (${name(el)})`);
  }

  // While a full-screen moment or the cover shows, only what it holds is read.
  const modal = [...document.querySelectorAll("[aria-modal=true], #cover")].find(shown);
  const texts = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent.trim() || !shown(parent)) continue;
    if (modal && !modal.contains(parent)) continue;
    if (parent.closest("script, style, noscript") || /^https?:/.test(node.textContent.trim())) continue;
    texts.push(node);
    for (const word of node.textContent.matchAll(/[^\s\-\u2010\u2011\/\u00b7]{2,}/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`"${word[0]}" is broken inside itself (${name(parent)})`);
    }
    // A label and its number ("Platz 1", "Round 2") read as one: never on two lines.
    if (/^\p{L}+\s+\d+$/u.test(node.textContent.trim())) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`"${node.textContent.trim()}" breaks between its word and number (${name(parent)})`);
    }
  }

  const all = root.innerText;
  for (const found of all.matchAll(/\b(?:web|romme|robnrun|gendarm|box|screen|error|tiny)\.[a-z_]+(?:\.[a-z_0-9]+)*\b/g)) {
    problems.push(`a text key is shown: ${found[0]}`);
  }
  for (const found of all.matchAll(/\{[a-z_]+\}|\w\((?:e|s|n|en|er|r)\)|\b(?:null|undefined|NaN)\b/g)) {
    problems.push(`a placeholder is shown: ${found[0]}`);
  }

  for (const el of root.querySelectorAll("button, a, input, select, textarea, summary, [role=button]")) {
    if (!shown(el) || el.matches("#cover") || scrolls(el)) continue;
    if (el.tagName === "A" && el.closest("p, li") && !el.matches(".button")) continue; // a link in a sentence
    const box = el.getBoundingClientRect();
    if (box.width < 44 || box.height < 44) {
      problems.push(`${name(el)} "${el.textContent.trim().slice(0, 30)}" is ${Math.round(box.width)} x ${Math.round(box.height)} px`);
    }
  }

  // Every button's words, as drawn and as armed for a second tap, read at 4.5:1 at least.
  for (const el of root.querySelectorAll("button, a.button, [role=button]")) {
    if (!shown(el) || el.matches("#cover") || !el.textContent.trim()) continue;
    const before = el.getAttribute("data-armed");
    for (const armed of el.matches("button") ? [before, "yes"] : [before]) {
      if (armed === null) el.removeAttribute("data-armed");
      else el.setAttribute("data-armed", armed);
      for (const [text, ratio] of contrasts(el)) {
        if (ratio < 4.5) {
          problems.push(`"${text}" reads at ${ratio.toFixed(2)}:1 on ${name(el)}${armed === "yes" ? " (armed)" : ""}`);
        }
      }
    }
    if (before === null) el.removeAttribute("data-armed");
    else el.setAttribute("data-armed", before);
  }

  // What covers text: each text's first line, seen through the viewport at every scroll; a
  // sticky bar (the header, a sheet's last buttons) covers none, as the text scrolls from under it.
  const sticky = (el) => {
    for (let at = el; at; at = at.parentElement) {
      if (getComputedStyle(at).position === "sticky") return true;
    }
    return false;
  };
  const header = document.querySelector(".bar").getBoundingClientRect().height;
  const covered = new Set();
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
    window.scrollTo(0, y);
    for (const node of texts) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const line = [...range.getClientRects()].find((r) => r.width > 2);
      if (!line || (root === document.body && line.top < header) || line.bottom > innerHeight) continue;
      const x = line.left + Math.min(line.width / 2, 8);
      const hit = document.elementFromPoint(x, (line.top + line.bottom) / 2);
      const parent = node.parentElement;
      if (hit && !parent.contains(hit) && !hit.contains(parent) && (root !== document.body || !sticky(hit))) {
        covered.add(`${name(hit)} covers "${node.textContent.trim().slice(0, 30)}"`);
      }
    }
  }
  window.scrollTo(0, stood);
  return [...problems, ...covered];

  // Each text of ``el`` with its contrast against what is drawn under it.
  function contrasts(el) {
    const found = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent.trim() || !shown(parent)) continue;
      const [fore, back] = colours(parent);
      found.push([node.textContent.trim().slice(0, 30), ratio(fore, back)]);
    }
    return found;
  }

  // The text colour and the background under it, each an opaque [r, g, b], with the
  // transparency of backgrounds and of a faded (disabled) element composed in.
  function colours(el) {
    const layers = [];
    for (let at = el; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      layers.push({ colour: rgba(style.backgroundColor), fade: Number(style.opacity) });
    }
    let back = [14, 22, 32]; // the page (--bg)
    let under = null; // what is under the first faded element
    let fade = 1;
    for (const layer of layers.reverse()) {
      if (layer.fade < 1 && under === null) under = back;
      back = over(layer.colour, back);
      fade *= layer.fade;
    }
    const text = over(rgba(getComputedStyle(el).color), back);
    // A faded element shows its text and its background over what is under all of it.
    return under ? [over([...text, fade], under), over([...back, fade], under)] : [text, back];
  }

  function rgba(css) {
    const parts = (css.match(/[\d.]+/g) || []).map(Number);
    return parts.length >= 3 ? [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1] : [0, 0, 0, 0];
  }

  function over([r, g, b, a], [br, bg, bb]) {
    return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a)];
  }

  function ratio(a, b) {
    const light = (c) => {
      const [r, g, bl] = c.map((v) => { const s = v / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
      return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
    };
    const [hi, lo] = [light(a), light(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  }
}
