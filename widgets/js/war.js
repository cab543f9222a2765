// War's felt: one row per player (the others above, you at the bottom), each with its packet, its
// face-up pile (Steal War) and the cards it has put on the table; the battle's sentence in the
// middle; Flip always first in the same place. WarTable's anywidget module (bundled with
// the shared table.js, cards.js, dom.js, motion.js and connection.js into static/war.bundle.js).

import { cardBack, cardButton, cardFace, cardSlot } from "./cards.js";
import { h } from "./dom.js";
import { fitRow } from "./fit.js";
import { makeRender } from "./table.js";

function drawWar(shell, v, prev) {
  const L = v.labels;
  const felt = shell.felt;
  // the cards of the battle that is being gathered, where they were drawn (for the animation)
  const old = [];
  if (prev && prev.battles !== v.battles && shell.motion.enabled) {
    for (const e of felt.querySelectorAll(".ck-war-cards .ck-card")) old.push({ node: e.cloneNode(true), rect: e.getBoundingClientRect() });
  }
  felt.replaceChildren();
  felt.classList.toggle("ck-war-steal", !!v.steal);
  const rows = h("div", { class: "ck-war-rows", style: { "--players": v.players } });
  const packets = {};
  const cardsOf = {};
  v.rows.forEach((r) => {
    const packet = h("div", { class: "ck-pile ck-war-packet", role: "img",
                              "aria-label": `${r.name}: ${v.packet_label} ${r.count_label}` },
      r.count ? cardBack("ck-small") : cardSlot("", "ck-small"),
      h("span", { class: "ck-count", "aria-hidden": "true" }, r.count_label));
    packets[r.seat] = packet;
    let pile = null;
    if (v.steal) {
      pile = h("div", { class: "ck-pile ck-war-pile" },
        r.pile && r.pile.top ? cardFace(r.pile.top, { cls: "ck-small", labels: L }) : cardSlot("", "ck-small"),
        h("span", { class: "ck-count" }, r.pile ? r.pile.count_label : "\u00a0"));
    }
    const cards = h("div", { class: "ck-war-cards", role: "group", "aria-label": r.name },
      r.table.map((c, i) => {
        // once a war is settled its face-down cards are marked `down`: drawn lower and dimmer,
        // so that the face-up cards that decided it stand out
        const e = c ? cardFace(c, { cls: "ck-mid" + (c.down ? " ck-war-down" : ""), labels: L }) : cardBack("ck-mid");
        if (c) e.removeAttribute("data-anim");
        if (i > 0 && r.table.length > 2) e.classList.add("ck-war-stacked");
        if (c && c.down) e.setAttribute("aria-label", c.words + ", " + (L.face_down || "face down"));
        return e;
      }));
    cardsOf[r.seat] = cards;
    rows.appendChild(h("div", { class: "ck-war-row" + (r.you ? " ck-war-you" : "") + (r.out ? " ck-war-out" : "") + (r.won ? " ck-war-won" : "") },
      h("div", { class: "ck-nameplate" }, h("b", {}, r.name),
        h("span", { class: "ck-role" }, r.out ? r.out_label : (r.won ? "★ " + r.won_label : "\u00a0"))),
      packet, pile, cards));
  });
  felt.appendChild(rows);
  felt.appendChild(h("div", { class: "ck-war-decision" }, v.decision_text || "\u00a0"));
  if (v.end) felt.appendChild(shell.endPanel(v.end));       // the game is over: who won, New game
  // Steal War: your top card while you decide; the won cards to choose the top one from
  const extra = h("div", { class: "ck-war-extra" });
  if (v.looking_at) extra.append(h("span", { class: "ck-pile-label" }, v.looking_label), cardFace(v.looking_at, { cls: "ck-small", labels: L }));
  if (v.top_choice.length) {
    extra.append(h("span", { class: "ck-pile-label" }, v.top_label));
    const hand = h("div", { class: "ck-hand ck-war-top", role: "group", "aria-label": v.top_label });
    v.top_choice.forEach((c, i) => hand.appendChild(cardButton(c, { labels: L, idx: i, group: "top", onclick: () => shell.act(c.action) })));
    shell.rove(hand, "top");
    extra.appendChild(hand);
  }
  felt.appendChild(extra);
  // a long war's cards squeeze into their row (they are not tapped: a narrow strip each), the
  // won cards to choose from overlap as a hand does
  for (const row of felt.querySelectorAll(".ck-war-cards")) fitRow(row, { minStep: 14, wrap: false });
  for (const row of felt.querySelectorAll(".ck-war-top")) fitRow(row);
  h("span");
  const bar = [];
  for (const a of v.actions) bar.push(shell.actionButton(a, () => shell.act(a.action)));
  for (const a of v.decision) {
    const b = shell.actionButton(a, () => shell.act(a.action));
    if (a.big) b.classList.add("ck-big");
    bar.push(b);
  }
  bar.push(h("span", { class: "ck-counters" }, v.counters));
  shell.drawActions(v, bar);
  shell.drawSpeed(v, 2);
  // movement: the last battle's cards go to its winner; the new ones come from the packets
  if (prev && prev.battles !== v.battles && shell.motion.enabled) {
    const winner = prev.rows.find((r) => r.won);
    const to = winner ? packets[winner.seat] : null;
    if (to && old.length) shell.motion.gatherSnapshots(old, to);
    for (const r of v.rows) for (const c of cardsOf[r.seat].children) shell.motion.slideFrom(c, packets[r.seat]);
  }
}

export default { render: makeRender("war", drawWar) };
