// cardkit tables: the cards. The SVG face of a card (corner indices, pips, a court figure or the
// joker's star), its suit's CSS class, and the four ways a table shows a card: a face (cardFace),
// a back (cardBack), an empty place (cardSlot) and a hand card the person can click (cardButton,
// a real <button> named in words for screen readers).

import { h, s } from "./dom.js";

const SUIT_PATHS = {
  H: "M50 92 C 30 74, 4 56, 8 32 C 11 14, 34 6, 50 28 C 66 6, 89 14, 92 32 C 96 56, 70 74, 50 92 Z",
  D: "M50 4 L88 50 L50 96 L12 50 Z",
  S: "M50 4 C 40 24, 8 40, 10 62 C 12 80, 36 84, 46 70 C 45 82, 40 90, 30 96 L70 96 C 60 90, 55 82, 54 70 C 64 84, 88 80, 90 62 C 92 40, 60 24, 50 4 Z",
  C: "M50 6 C 36 6, 29 18, 32 30 C 34 38, 38 42, 41 45 C 34 40, 24 38, 16 44 C 6 52, 8 70, 22 74 C 34 78, 42 68, 45 62 C 45 76, 40 88, 30 96 L70 96 C 60 88, 55 76, 55 62 C 58 68, 66 78, 78 74 C 92 70, 94 52, 84 44 C 76 38, 66 40, 59 45 C 62 42, 66 38, 68 30 C 71 18, 64 6, 50 6 Z",
};

function pip(suit, cx, cy, size, flip) {
  const sc = size / 100;
  let t = `translate(${cx - size / 2} ${cy - size / 2}) scale(${sc})`;
  if (flip) t = `rotate(180 ${cx} ${cy}) ` + t;
  return s("path", { d: SUIT_PATHS[suit], transform: t, class: "ck-ink" });
}

// pip positions (x, y, flipped) on a 100 x 140 card, by rank
const COLS = [32, 50, 68];
const PIPS = (() => {
  const [L, M, R] = COLS, T = 30, B = 110, C = 70;
  const r4 = [30, 56.7, 83.3, 110];
  const p = {
    2: [[M, T], [M, B]],
    3: [[M, T], [M, C], [M, B]],
    4: [[L, T], [R, T], [L, B], [R, B]],
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
  // a double-ended court card: a headdress, the big letter and a pip, mirrored
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
    top, bottom,
    pip(suit, 32, 80, 12, true), pip(suit, 68, 60, 12, false),
  ];
}

/** The SVG face of card {rank, suit, text, words}: corner indices, pips or a court figure. */
function faceSVG(card) {
  const kids = [s("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, class: "ck-face-bg" })];
  if (card.suit === null || card.rank === "JOKER") {
    // the corners say "joker" in the table's language (card.text): Latin letters one under the
    // other, as on a printed joker; a Gurmukhi or Kannada word whole, turned along the edge (its
    // letters cannot be split without breaking their joined forms)
    const word = String(card.text || "JOKER");
    if (/^[A-Za-z]{1,6}$/.test(word)) {
      const letters = word.toUpperCase().split("");
      const last = letters.length - 1;
      letters.forEach((ch, i) => {
        kids.push(s("text", { x: 11, y: 18 + i * 13, "text-anchor": "middle", class: "ck-joker-index" }, ch));
        kids.push(s("text", { x: 89, y: 122 - (last - i) * 13, "text-anchor": "middle", class: "ck-joker-index",
                              transform: "rotate(180 89 " + (122 - (last - i) * 13 - 4) + ")" }, letters[last - i]));
      });
    } else {
      kids.push(s("text", { x: 0, y: 0, class: "ck-joker-index ck-joker-word", transform: "translate(7 10) rotate(90)" }, word));
      kids.push(s("text", { x: 0, y: 0, class: "ck-joker-index ck-joker-word", transform: "translate(93 130) rotate(-90)" }, word));
    }
    kids.push(s("path", { d: "M50 38 L58 62 L84 62 L63 77 L71 102 L50 86 L29 102 L37 77 L16 62 L42 62 Z", class: "ck-joker-star" }));
    return s("svg", { viewBox: "0 0 100 140", class: "ck-svg", "aria-hidden": "true", focusable: "false" }, kids);
  }
  const idx = (x, y, flip) => {
    const g = s("g", flip ? { transform: "rotate(180 50 70)" } : {},
      s("text", { x, y, "text-anchor": "middle", class: "ck-index ck-ink" + (card.rank === "10" ? " ck-index-10" : "") }, card.rank),
      pip(card.suit, x, y + 13, 13, false));
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

export function suitClass(card) {
  if (!card.suit) return "ck-joker";
  return "ck-suit-" + card.suit + (card.suit === "H" || card.suit === "D" ? " ck-red" : " ck-black");
}

/** A face-up card (not interactive): a span with the face and, for screen readers, its words. */
export function cardFace(card, opts = {}) {
  const e = h("span", { class: `ck-card ck-face ${suitClass(card)} ${opts.cls || ""}`, role: "img",
                        "aria-label": card.words, "data-anim": card.code }, faceSVG(card));
  if (card.trump && opts.tags !== false) e.appendChild(h("span", { class: "ck-tag ck-tag-trump", "aria-hidden": "true" }, "★ " + (opts.labels?.trump || "trump")));
  return e;
}

/** A face-down card: no text, nothing that tells one back from another; not a tab stop. */
export function cardBack(cls = "") {
  return h("span", { class: "ck-card ck-back " + cls, "aria-hidden": "true" });
}

/** An empty place on the table (decoration: hidden from screen readers). */
export function cardSlot(label = "", cls = "") {
  return h("span", { class: "ck-card ck-slot " + cls, "aria-hidden": "true" }, label ? h("span", { class: "ck-slot-label" }, label) : null);
}

/** A hand card the person can click: a real <button> named in words (rank "of" suit). */
export function cardButton(card, { onclick, selected = null, labels = {}, idx = 0, group = "hand" } = {}) {
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
    "aria-pressed": selected === null ? null : (selected ? "true" : "false"),
    title: card.reason || null,
    "data-key": "card:" + card.code, "data-group": group, "data-idx": idx, "data-anim": card.code,
    tabindex: idle ? "-1" : null,
    onclick,
  });
  const face = cardFace(card, { labels });
  face.removeAttribute("role");
  face.removeAttribute("aria-label");
  face.removeAttribute("data-anim");
  b.appendChild(face);
  if (blocked) face.appendChild(h("span", { class: "ck-tag ck-tag-no", "aria-hidden": "true" }, "✕ " + (labels.not_allowed || "not allowed")));
  return b;
}
