// Écarté's felt: the opponent across, stock / turn-up / trumps and the trick in the middle, the
// last trick beside it, your sorted hand at the bottom. EcarteTable's anywidget module (bundled
// with the shared table.js, cards.js, dom.js, motion.js and connection.js into
// static/ecarte.bundle.js).

import { cardBack, cardButton, cardFace, cardSlot, suitClass } from "./cards.js";
import { h } from "./dom.js";
import { fitRow } from "./fit.js";
import { makeRender } from "./table.js";

function tricksPile(side, n, label) {
  return h("div", { class: "ck-tricks ck-tricks-" + side },
    h("span", { class: "ck-tricks-pile", "aria-hidden": "true" }, n ? cardBack("ck-mini") : cardSlot("", "ck-mini")),
    h("span", { class: "ck-count" }, `${label}: ${n}`));
}

function drawEcarte(shell, v, prev) {
  const L = v.labels;
  const felt = shell.felt;
  // the finished trick that lay on the table, where it was drawn: it goes to its winner once the
  // next card is led (or the next hand is dealt)
  const prevDone = prev && prev.trick && prev.trick.done;
  const nowDone = v.trick.done;
  const gathered = prevDone && prev.pos !== v.pos && (!nowDone || nowDone.code !== prevDone.code);
  const old = [];
  if (gathered && shell.motion.enabled) {
    for (const e of felt.querySelectorAll(".ck-trick .ck-face")) old.push({ node: e.cloneNode(true), rect: e.getBoundingClientRect() });
  }
  felt.replaceChildren();
  felt.classList.toggle("ck-ended", !!v.end);

  // -- across the table: the opponent
  const theirHand = h("div", { class: "ck-hand ck-hand-north", "aria-label": `${v.them.name}: ${v.them.count || 0}`, role: "img" },
    Array.from({ length: v.them.count || 0 }, () => cardBack("ck-small")));
  const theirTricks = tricksPile("north", v.them.tricks, v.tricks_label);
  felt.appendChild(h("div", { class: "ck-seat ck-north" },
    h("div", { class: "ck-nameplate" }, h("b", {}, v.them.name), h("span", { class: "ck-role" }, v.them.role)),
    theirHand, theirTricks));

  // -- the middle: stock, turn-up and trumps; the trick; the last trick
  const stock = h("div", { class: "ck-pile ck-stock" },
    v.stock && v.stock.count ? h("span", { class: "ck-stack" }, cardBack("ck-mid"), v.stock.count > 1 ? cardBack("ck-mid ck-stack-2") : null)
      : cardSlot("", "ck-mid"),
    h("span", { class: "ck-pile-label" }, v.stock ? v.stock.label : ""),
    h("span", { class: "ck-count" }, v.stock ? v.stock.count_label : "\u00a0"));
  const turnUp = h("div", { class: "ck-pile ck-turnup" },
    cardFace(v.turn_up, { cls: "ck-mid", labels: L, tags: false }),
    h("span", { class: "ck-pile-label" }, v.turn_up_label),
    h("span", { class: `ck-trump-badge ${suitClass({ suit: v.trump.suit })}` },
      h("span", { class: "ck-trump-sym", "aria-hidden": "true" }, v.trump.symbol), " ", v.trump.label));
  // a finished trick stays where it was played, its winning card marked, until the next card
  const inTrick = (c) => {
    if (!c) return cardSlot("", "ck-mid");
    const e = cardFace(c, { cls: "ck-mid ck-in-trick" + (nowDone && nowDone.code === c.code ? " ck-trick-winner" : ""), labels: L });
    return e;
  };
  const slotThem = inTrick(v.trick.cards.them);
  const slotYou = inTrick(v.trick.cards.you);
  const trick = h("div", { class: "ck-trick" + (nowDone ? " ck-trick-done" : ""), role: "group",
                           "aria-label": nowDone ? `${v.trick.label}: ${nowDone.text}` : v.trick.label },
    h("span", { class: "ck-trick-label" }, v.trick.label),
    h("div", { class: "ck-trick-them" }, slotThem),
    h("div", { class: "ck-trick-you" }, slotYou));
  let last;
  if (nowDone) {
    // beside it, in the last trick's place, who took it (the same trick, said once); the box
    // keeps the last trick's size and place, its cards' places empty under the words
    last = h("div", { class: "ck-last ck-last-done ck-last-" + nowDone.winner },
      h("span", { class: "ck-last-label", "aria-hidden": "true" }, "\u00a0"),
      h("div", { class: "ck-last-cards", "aria-hidden": "true" }, cardSlot("", "ck-small"), cardSlot("", "ck-small")),
      h("div", { class: "ck-done" }, h("span", { class: "ck-done-label" }, v.trick.label),
        h("p", { class: "ck-done-text" }, nowDone.text)));
  } else if (v.last_trick) {
    const a = cardFace(v.last_trick.cards.them, { cls: "ck-small", labels: L, tags: false });
    const b = cardFace(v.last_trick.cards.you, { cls: "ck-small", labels: L, tags: false });
    a.removeAttribute("data-anim"); b.removeAttribute("data-anim");
    last = h("div", { class: "ck-last ck-last-" + v.last_trick.winner, role: "group", "aria-label": v.last_trick.label },
      h("span", { class: "ck-last-label" }, v.last_trick.label),
      h("div", { class: "ck-last-cards" }, a, b));
  } else {
    last = h("div", { class: "ck-last" }, h("span", { class: "ck-last-label" }, v.last_trick_empty),
      h("div", { class: "ck-last-cards" }, cardSlot("", "ck-small"), cardSlot("", "ck-small")));
  }
  felt.appendChild(h("div", { class: "ck-middle" }, h("div", { class: "ck-piles" }, stock, turnUp), trick, last));

  // -- your side
  const sel = shell.selected;
  // the cards chosen to throw away stay while the game itself has not changed (a setting kept
  // for the next game, a question answered "No, keep playing", a refusal do not clear them)
  if (prev && prev.game_pos !== v.game_pos) sel.clear();
  const codes = new Set(v.hand.map((c) => c.code));
  for (const c of [...sel]) if (!codes.has(c) || v.mode !== "select") sel.delete(c);
  const hand = h("div", { class: "ck-hand ck-hand-south", role: "group", "aria-label": v.hand_label });
  v.hand.forEach((card, i) => {
    const selecting = v.mode === "select";
    const btn = cardButton(card, {
      labels: L, idx: i, selected: selecting ? sel.has(card.code) : null,
      onclick: () => {
        if (shell.connection.lost) return;
        if (selecting) {
          if (sel.has(card.code)) sel.delete(card.code);
          else if (sel.size < v.select_max) sel.add(card.code);
          shell.before();
          drawEcarte(shell, v, v);
          shell.after();                  // the focus stays on this card
          return;
        }
        shell.act(card.action);
      },
    });
    hand.appendChild(btn);
  });
  shell.rove(hand, "hand");
  if (!v.hand.length) hand.appendChild(cardSlot("", "ck-hand-empty"));
  const yourTricks = tricksPile("south", v.you.tricks, v.tricks_label);
  // at the end of a hand or of the game, the summary lies where your cards were
  felt.appendChild(h("div", { class: "ck-seat ck-south" },
    h("div", { class: "ck-nameplate" }, h("b", {}, v.you.name), h("span", { class: "ck-role" }, v.you.role)),
    v.end ? shell.endPanel(v.end) : hand, yourTricks));
  if (!v.end) fitRow(hand);   // overlapped on a narrow phone, each card still a 44 px target

  // -- the buttons that apply now
  const buttons = v.actions.map((a) => {
    if (a.selection) {
      const n = sel.size;
      const label = a.labels[Math.min(n, a.labels.length - 1)];
      return shell.actionButton({ ...a, label, enabled: n > 0 },
        () => shell.act(("discard " + [...sel].join(" ")).trim()));
    }
    return shell.actionButton(a, () => shell.act(a.action));
  });
  shell.drawActions(v, buttons);
  shell.drawSpeed(v, 3);

  // -- movement: the opponent's card comes from their hand; a finished trick, once the next card
  // is led, goes to its winner's tricks (with animations off it is simply gone)
  if (prev && prev.pos !== v.pos) {
    const prevThem = prev.trick && prev.trick.cards.them;
    if (v.trick.cards.them && (!prevThem || prevThem.code !== v.trick.cards.them.code)) shell.motion.slideFrom(slotThem, theirHand);
    if (old.length) shell.motion.gatherSnapshots(old, prevDone.winner === "you" ? yourTricks : theirTricks);
  }
}

export default { render: makeRender("ecarte", drawEcarte) };
