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
  const scrolls = (el) => Boolean(el.closest(".table-scroll"));

  if (document.documentElement.scrollWidth > width + 1) {
    problems.push(`the page is ${document.documentElement.scrollWidth} px wide on a ${width} px phone`);
  }
  for (const el of root.querySelectorAll("*")) {
    if (!shown(el) || scrolls(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.right > width + 1) problems.push(`${name(el)} runs ${Math.round(box.right - width)} px off the screen`);
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

  // What covers text: each text's first line, seen through the viewport at every scroll.
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
      if (hit && !parent.contains(hit) && !hit.contains(parent) && (root !== document.body || !hit.closest(".bar"))) {
        covered.add(`${name(hit)} covers "${node.textContent.trim().slice(0, 30)}"`);
      }
    }
  }
  window.scrollTo(0, 0);
  return [...problems, ...covered];
}
