// Built by esbuild from widgets/js/ (npm run build): edit those files, not this one.

// widgets/js/dom.js
var SVGNS = "http://www.w3.org/2000/svg";
function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  setAttrs(e, attrs);
  for (const k of kids.flat(Infinity)) {
    if (k === null || k === void 0 || k === false) continue;
    e.appendChild(typeof k === "string" || typeof k === "number" ? document.createTextNode(String(k)) : k);
  }
  return e;
}
function s(tag, attrs, ...kids) {
  const e = document.createElementNS(SVGNS, tag);
  setAttrs(e, attrs);
  for (const k of kids.flat(Infinity)) {
    if (k === null || k === void 0 || k === false) continue;
    e.appendChild(typeof k === "string" || typeof k === "number" ? document.createTextNode(String(k)) : k);
  }
  return e;
}
function setAttrs(e, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === void 0 || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (k === "text") e.textContent = String(v);
    else if (k === "style" && typeof v === "object") Object.assign(e.style, v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
}

// widgets/js/cards.js
var SUIT_PATHS = {
  H: "M50 92 C 30 74, 4 56, 8 32 C 11 14, 34 6, 50 28 C 66 6, 89 14, 92 32 C 96 56, 70 74, 50 92 Z",
  D: "M50 4 L88 50 L50 96 L12 50 Z",
  S: "M50 4 C 40 24, 8 40, 10 62 C 12 80, 36 84, 46 70 C 45 82, 40 90, 30 96 L70 96 C 60 90, 55 82, 54 70 C 64 84, 88 80, 90 62 C 92 40, 60 24, 50 4 Z",
  C: "M50 6 C 36 6, 29 18, 32 30 C 34 38, 38 42, 41 45 C 34 40, 24 38, 16 44 C 6 52, 8 70, 22 74 C 34 78, 42 68, 45 62 C 45 76, 40 88, 30 96 L70 96 C 60 88, 55 76, 55 62 C 58 68, 66 78, 78 74 C 92 70, 94 52, 84 44 C 76 38, 66 40, 59 45 C 62 42, 66 38, 68 30 C 71 18, 64 6, 50 6 Z"
};
function pip(suit, cx, cy, size, flip2) {
  const sc = size / 100;
  let t = `translate(${cx - size / 2} ${cy - size / 2}) scale(${sc})`;
  if (flip2) t = `rotate(180 ${cx} ${cy}) ` + t;
  return s("path", { d: SUIT_PATHS[suit], transform: t, class: "ck-ink" });
}
var COLS = [32, 50, 68];
var PIPS = (() => {
  const [L, M, R] = COLS, T = 30, B = 110, C = 70;
  const r4 = [30, 56.7, 83.3, 110];
  const p = {
    2: [[M, T], [M, B]],
    3: [[M, T], [M, C], [M, B]],
    4: [[L, T], [R, T], [L, B], [R, B]]
  };
  p[5] = [...p[4], [M, C]];
  p[6] = [...p[4], [L, C], [R, C]];
  p[7] = [...p[6], [M, 50]];
  p[8] = [...p[7], [M, 90]];
  p[9] = [[L, r4[0]], [R, r4[0]], [L, r4[1]], [R, r4[1]], [L, r4[2]], [R, r4[2]], [L, r4[3]], [R, r4[3]], [M, C]];
  p[10] = [[L, r4[0]], [R, r4[0]], [L, r4[1]], [R, r4[1]], [L, r4[2]], [R, r4[2]], [L, r4[3]], [R, r4[3]], [M, 43], [M, 97]];
  return p;
})();
function courtFigure(rank, suit) {
  const half = [];
  if (rank === "K") {
    half.push(s("path", { d: "M34 50 L36 34 L43 42 L50 30 L57 42 L64 34 L66 50 Z", class: "ck-court-gold" }));
    half.push(s("rect", { x: 34, y: 50, width: 32, height: 5, class: "ck-court-gold" }));
  } else if (rank === "Q") {
    half.push(s("path", { d: "M36 52 Q50 34 64 52 Z", class: "ck-court-gold" }));
    for (const x of [38, 50, 62]) half.push(s("circle", { cx: x, cy: x === 50 ? 37 : 43, r: 3, class: "ck-court-gold" }));
  } else {
    half.push(s("path", { d: "M34 52 Q36 36 52 36 Q66 36 66 52 Z", class: "ck-court-cap" }));
    half.push(s("path", { d: "M58 38 Q70 22 76 26", class: "ck-court-feather" }));
  }
  half.push(s("text", { x: 50, y: 68, "text-anchor": "middle", class: "ck-court-letter ck-ink" }, rank));
  const top = s("g", {}, half);
  const bottom = s("g", { transform: "rotate(180 50 70)" }, half.map((n) => n.cloneNode(true)));
  return [
    s("rect", { x: 22, y: 18, width: 56, height: 104, rx: 5, class: "ck-court-frame" }),
    s("line", { x1: 24, y1: 70, x2: 76, y2: 70, class: "ck-court-line" }),
    top,
    bottom,
    pip(suit, 32, 80, 12, true),
    pip(suit, 68, 60, 12, false)
  ];
}
function faceSVG(card) {
  const kids = [s("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, class: "ck-face-bg" })];
  if (card.suit === null || card.rank === "JOKER") {
    const word = String(card.text || "JOKER");
    if (/^[A-Za-z]{1,6}$/.test(word)) {
      const letters = word.toUpperCase().split("");
      const last = letters.length - 1;
      letters.forEach((ch, i) => {
        kids.push(s("text", { x: 11, y: 18 + i * 13, "text-anchor": "middle", class: "ck-joker-index" }, ch));
        kids.push(s("text", {
          x: 89,
          y: 122 - (last - i) * 13,
          "text-anchor": "middle",
          class: "ck-joker-index",
          transform: "rotate(180 89 " + (122 - (last - i) * 13 - 4) + ")"
        }, letters[last - i]));
      });
    } else {
      kids.push(s("text", { x: 0, y: 0, class: "ck-joker-index ck-joker-word", transform: "translate(7 10) rotate(90)" }, word));
      kids.push(s("text", { x: 0, y: 0, class: "ck-joker-index ck-joker-word", transform: "translate(93 130) rotate(-90)" }, word));
    }
    kids.push(s("path", { d: "M50 38 L58 62 L84 62 L63 77 L71 102 L50 86 L29 102 L37 77 L16 62 L42 62 Z", class: "ck-joker-star" }));
    return s("svg", { viewBox: "0 0 100 140", class: "ck-svg", "aria-hidden": "true", focusable: "false" }, kids);
  }
  const idx = (x, y, flip2) => {
    const g = s(
      "g",
      flip2 ? { transform: "rotate(180 50 70)" } : {},
      s("text", { x, y, "text-anchor": "middle", class: "ck-index ck-ink" + (card.rank === "10" ? " ck-index-10" : "") }, card.rank),
      pip(card.suit, x, y + 13, 13, false)
    );
    return g;
  };
  kids.push(idx(11, 22, false), idx(11, 22, true));
  const n = Number(card.rank);
  if (card.rank === "A") {
    kids.push(pip(card.suit, 50, 70, card.suit === "S" ? 46 : 38, false));
  } else if (n >= 2 && n <= 10) {
    for (const [x, y] of PIPS[n]) kids.push(pip(card.suit, x, y, 20, y > 72));
  } else {
    kids.push(...courtFigure(card.rank, card.suit));
  }
  return s("svg", { viewBox: "0 0 100 140", class: "ck-svg", "aria-hidden": "true", focusable: "false" }, kids);
}
function suitClass(card) {
  if (!card.suit) return "ck-joker";
  return "ck-suit-" + card.suit + (card.suit === "H" || card.suit === "D" ? " ck-red" : " ck-black");
}
function cardFace(card, opts = {}) {
  const e = h("span", {
    class: `ck-card ck-face ${suitClass(card)} ${opts.cls || ""}`,
    role: "img",
    "aria-label": card.words,
    "data-anim": card.code
  }, faceSVG(card));
  if (card.trump && opts.tags !== false) e.appendChild(h("span", { class: "ck-tag ck-tag-trump", "aria-hidden": "true" }, "★ " + (opts.labels?.trump || "trump")));
  return e;
}
function cardButton(card, { onclick, selected = null, labels = {}, idx = 0, group = "hand" } = {}) {
  const blocked = card.playable === false && !card.idle;
  const idle = !!card.idle;
  let name = card.words;
  if (card.trump) name += ", " + (labels.trump || "trump");
  if (blocked) name += " — " + (labels.not_allowed || "not allowed") + (card.reason ? ": " + card.reason : "");
  else if (idle && card.reason) name += " — " + card.reason;
  const b = h("button", {
    type: "button",
    class: `ck-cardbtn${blocked ? " ck-blocked" : ""}${idle ? " ck-idle" : ""}${selected ? " ck-selected" : ""}`,
    "aria-label": name,
    "aria-disabled": blocked || idle ? "true" : null,
    "aria-pressed": selected === null ? null : selected ? "true" : "false",
    title: card.reason || null,
    "data-key": "card:" + card.code,
    "data-group": group,
    "data-idx": idx,
    "data-anim": card.code,
    tabindex: idle ? "-1" : null,
    onclick
  });
  const face = cardFace(card, { labels });
  face.removeAttribute("role");
  face.removeAttribute("aria-label");
  face.removeAttribute("data-anim");
  b.appendChild(face);
  if (blocked) face.appendChild(h("span", { class: "ck-tag ck-tag-no", "aria-hidden": "true" }, "✕ " + (labels.not_allowed || "not allowed")));
  return b;
}

// widgets/js/fonts.js
var FAMILY = { pa: "Noto Sans Gurmukhi", kn: "Noto Sans Kannada" };
var LETTER = { pa: "ਅ", kn: "ಅ" };
var asked = /* @__PURE__ */ new Set();
var arrived = null;
var arrive = () => {
};
function declared(family) {
  return [...document.fonts].some((f) => f.family.replace(/["']/g, "") === family);
}
function needFont(model, ...langs) {
  const families = langs.map((l) => FAMILY[l]).filter((f) => f && !asked.has(f));
  if (!families.length) return;
  families.forEach((f) => asked.add(f));
  if (families.some((f) => !declared(f))) {
    if (!arrived) arrived = new Promise((ok) => {
      arrive = ok;
    });
    model.send({ do: "fonts" });
  }
}
function fontsReady(lang) {
  const family = FAMILY[lang];
  if (!family || !document.fonts) return Promise.resolve();
  const load = () => Promise.all(["400", "700"].map((w) => document.fonts.load(`${w} 16px "${family}"`, LETTER[lang]).catch(() => [])));
  const waited = declared(family) ? load() : (arrived || Promise.resolve()).then(load);
  return Promise.race([waited, new Promise((ok) => setTimeout(ok, 3e3))]);
}
function takeFonts(content, buffers) {
  if (!content || !Array.isArray(content.fonts)) return false;
  const loads = [];
  content.fonts.forEach((f, i) => {
    const data = buffers && buffers[i];
    if (!data || !Object.values(FAMILY).includes(f.family)) return;
    const weight = /^\d{3}( \d{3})?$/.test(String(f.weight)) ? String(f.weight) : "400";
    const face = new FontFace(f.family, data, { weight, unicodeRange: String(f.range || "") });
    document.fonts.add(face);
    loads.push(face.load().catch(() => {
    }));
  });
  Promise.all(loads).then(() => {
    arrive();
    lookFontsUpAgain();
  });
  return true;
}
var flip = false;
function lookFontsUpAgain() {
  flip = !flip;
  for (const root of document.querySelectorAll(".ck-root")) {
    root.classList.toggle("ck-kern-a", flip);
    root.classList.toggle("ck-kern-b", !flip);
  }
}
var watching = false;
function watchFonts() {
  if (watching || !document.fonts || !document.fonts.addEventListener) return;
  watching = true;
  document.fonts.addEventListener("loadingdone", () => document.fonts.ready.then(lookFontsUpAgain));
}

// widgets/js/quiz.js
function renderQuiz({ model, el }) {
  const root = h("div", { class: "ck-root ck-quiz" });
  const prompt = h("p", { class: "ck-quiz-question" });
  const choices = h("div", { class: "ck-quiz-choices", role: "group" });
  const feedback = h("div", { class: "ck-whatnow", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  root.append(prompt, choices, feedback);
  el.appendChild(root);
  const draw = () => {
    const v = model.get("view");
    if (!v || !v.choices) return;
    const focused = document.activeElement && root.contains(document.activeElement) ? document.activeElement.dataset.idx : null;
    prompt.replaceChildren(h("b", {}, v.prompt + " "), v.question);
    choices.setAttribute("aria-label", v.question);
    choices.classList.toggle("ck-quiz-cards", v.choices.every((c) => c.card));
    choices.replaceChildren(...v.choices.map((c, i) => {
      const send = () => model.send({ do: "choose", index: i });
      if (c.card) return cardButton({ ...c.card, playable: true }, { idx: i, group: "quiz", onclick: send, labels: {} });
      return h("button", { type: "button", class: "ck-btn" + (c.chosen ? " ck-chosen" : ""), "data-idx": i, "data-group": "quiz", onclick: send }, c.label);
    }));
    feedback.className = "ck-whatnow ck-tone-" + v.feedback.tone;
    if (feedback.textContent !== v.feedback.text) feedback.textContent = v.feedback.text;
    root.classList.toggle("ck-four", !!v.four_colour);
    if (v.language) {
      root.lang = v.language;
      needFont(model, v.language);
    }
    if (focused !== null) {
      const again = choices.querySelector(`[data-idx="${focused}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  };
  const fonts = (content, buffers) => takeFonts(content, buffers);
  watchFonts();
  model.on("msg:custom", fonts);
  const first = model.get("view");
  const lang = first && first.language ? first.language : "en";
  if (lang === "pa" || lang === "kn") needFont(model, lang);
  let drawn = false;
  const start = () => {
    if (drawn) return;
    drawn = true;
    model.on("change:view", draw);
    draw();
  };
  fontsReady(lang).then(start);
  return () => {
    drawn = true;
    model.off("change:view", draw);
    model.off("msg:custom", fonts);
  };
}
var quiz_default = { render: renderQuiz };
export {
  quiz_default as default
};
