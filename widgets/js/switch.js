// Switch's felt: the opponents across (name, count, "Last card!" bubble, backs), the stock and the
// discard pile in the middle with the named suit and any pending penalty, your sorted hand at the
// bottom (overlapping, or on more rows, when it is long). SwitchTable's anywidget module (bundled with the
// shared table.js, cards.js, dom.js, motion.js and connection.js into static/switch.bundle.js).

import { cardBack, cardButton, cardFace, cardSlot, suitClass } from "./cards.js";
import { h } from "./dom.js";
import { fitRow } from "./fit.js";
import { makeRender } from "./table.js";

function drawSwitch(shell, v, prev) {
  const L = v.labels;
  const felt = shell.felt;
  felt.replaceChildren();
  // -- the opponents
  const opp = h("div", { class: "ck-opponents" });
  const oppHands = {};
  for (const o of v.opponents) {
    const cards = h("div", { class: "ck-hand ck-hand-north", role: o.faces.length ? "group" : "img",
                             "aria-label": `${o.name}: ${o.count_label}` },
      o.faces.length ? o.faces.map((c) => cardFace(c, { cls: "ck-small", labels: L, tags: false }))
        : Array.from({ length: o.backs }, () => cardBack("ck-small")),
      o.more ? h("span", { class: "ck-more", "aria-hidden": "true" }, o.more) : null);
    oppHands[o.seat] = cards;
    opp.appendChild(h("div", { class: "ck-opponent" + (o.turn ? " ck-turn" : "") },
      h("div", { class: "ck-nameplate" },
        h("b", {}, (o.turn ? "▶ " : "") + o.name),
        h("span", { class: "ck-count" }, o.count_label),
        o.extra ? h("span", { class: "ck-role" }, o.extra) : null,
        h("span", { class: "ck-bubble" + (o.bubble ? "" : " ck-bubble-off") }, o.bubble || v.bubble)),
      cards));
  }
  felt.appendChild(opp);
  // -- the middle
  const stockCard = v.stock.count ? cardBack("ck-mid") : cardSlot("", "ck-mid");
  let stockEl;
  if (v.stock.draw) {
    stockEl = h("button", { type: "button", class: "ck-cardbtn ck-stock-btn", "data-key": "stock:draw",
                            "aria-label": `${v.stock.label}: ${v.stock.count_label} — ${v.actions.find((a) => a.id === "draw")?.label || ""}`,
                            onclick: () => shell.act("draw") }, stockCard);
  } else {
    stockEl = h("span", { class: "ck-stack" }, stockCard);
  }
  const stock = h("div", { class: "ck-pile ck-stock" }, stockEl,
    h("span", { class: "ck-pile-label" }, v.stock.label), h("span", { class: "ck-count" }, v.stock.count_label));
  const topEl = v.discard.top ? cardFace(v.discard.top, { cls: "ck-mid", labels: L }) : cardSlot("", "ck-mid");
  // under the pile, who played its top card: said while the next players think
  const discard = h("div", { class: "ck-pile ck-discard" }, topEl,
    h("span", { class: "ck-pile-label" }, v.discard.label), h("span", { class: "ck-count" }, v.discard.count_label),
    h("span", { class: "ck-played" }, v.discard.played || "\u00a0"));
  const status = h("div", { class: "ck-status" },
    v.status.map((b) => h("span", { class: "ck-trump-badge" + (b.suit ? " " + suitClass({ suit: b.suit }) : " ck-warn-badge") },
      h("span", { class: "ck-trump-sym", "aria-hidden": "true" }, b.symbol), " ", b.text)));
  felt.appendChild(h("div", { class: "ck-middle ck-switch-middle" }, stock, discard, status));
  if (v.stock.faces.length) {
    felt.appendChild(h("div", { class: "ck-hand ck-stock-faces", role: "group", "aria-label": v.stock.label },
      v.stock.faces.map((c) => cardFace(c, { cls: "ck-mini", labels: L, tags: false }))));
  }
  // -- your hand; at the end of the game the panel saying who went out (with New game) lies in
  // its place, or above the cards you were left with
  const endPanel = shell.endPanel(v.end);
  if (endPanel && v.hand.length) felt.appendChild(endPanel);
  const hand = h("div", { class: "ck-hand ck-hand-south", role: "group", "aria-label": `${v.hand_label}: ${v.hand_count}` });
  v.hand.forEach((card, i) => hand.appendChild(cardButton(card, { labels: L, idx: i, onclick: () => shell.act(card.action) })));
  shell.rove(hand, "hand");
  felt.appendChild(h("div", { class: "ck-seat ck-south ck-switch-south" },
    h("div", { class: "ck-nameplate" }, h("b", {}, v.hand_label), h("span", { class: "ck-count" }, v.hand_count),
      h("span", { class: "ck-bubble" + (v.you_called ? "" : " ck-bubble-off") }, v.bubble)),
    endPanel && !v.hand.length ? endPanel : hand));
  // overlap the cards (or put them on two rows) now, before the shell slides moved cards from
  // where they were (a fit one frame later slid every card of a long hand at each redraw); again
  // next frame in case the table was not laid out yet (its first draw)
  fitRow(hand);
  requestAnimationFrame(() => fitRow(hand));
  // -- buttons: Draw/Pass, the suits after a Jack, then Last card! and Caught you! (always there)
  const bar = [];
  for (const a of v.actions) bar.push(shell.actionButton(a, () => shell.act(a.action)));
  for (const s of v.suits) {
    const b = shell.actionButton({ ...s, primary: false }, () => shell.act(s.action));
    b.classList.add("ck-suit-btn", ...suitClass({ suit: s.suit }).split(" "));
    bar.push(b);
  }
  bar.push(h("span", { class: "ck-spacer" }));
  for (const a of v.calls) bar.push(shell.actionButton(a, () => shell.act(a.action)));
  shell.drawActions(v, bar);
  shell.drawSpeed(v, 3);
  // movement: a card played by an opponent comes from their hand
  if (prev && prev.pos !== v.pos && v.discard.top && (!prev.discard.top || prev.discard.top.code !== v.discard.top.code)) {
    const mover = prev.opponents.find((o) => o.turn);
    if (mover && oppHands[mover.seat] && !shell.motion.rects.has(v.discard.top.code)) shell.motion.slideFrom(topEl, oppHands[mover.seat]);
  }
}

export default { render: makeRender("switch", drawSwitch) };
