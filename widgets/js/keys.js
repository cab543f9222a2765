// cardkit tables: the keyboard. A row of card buttons (your hand, Steal War's choice of the top
// card) is ONE tab stop, the WAI-ARIA toolbar pattern with a roving tabindex: Tab reaches one card
// of the row, the arrow keys move between its cards, Home and End go to the first and the last,
// and Enter or Space plays (or, during Écarté's exchange, chooses) the card, a real <button>.
// Every card stays reachable with the arrows, a card you may not play too (its name says why).
// And where the focus lands when a redraw changed the game: on a card you may play.

const CARDS = ":scope > .ck-cardbtn";

/** Whether the person may use the control `e` now (a card to play or choose, a live button). */
export function usable(e) {
  return e.getAttribute("aria-disabled") !== "true";
}

/** Make `row` (an element whose children are card buttons, drawn afresh at each redraw) one tab
 *  stop with arrow keys, Home and End. `memory` (kept by the table across redraws) maps each
 *  row's `group` to the key of its card that last had the focus: the tab stop stays on that
 *  card while it is there and usable, else it is the first card you may use, else that card,
 *  else the first card. */
export function rove(row, group, memory) {
  const cards = [...row.querySelectorAll(CARDS)];
  if (!cards.length) return;
  row.setAttribute("role", "toolbar");
  const last = cards.find((c) => c.dataset.key === memory[group]);
  const stop = (last && usable(last) ? last : null) || cards.find(usable) || last || cards[0];
  for (const c of cards) c.tabIndex = c === stop ? 0 : -1;
  row.addEventListener("focusin", (ev) => {
    const card = ev.target.closest(".ck-cardbtn");
    if (!card || card.parentElement !== row) return;
    memory[group] = card.dataset.key;
    for (const c of row.querySelectorAll(CARDS)) c.tabIndex = c === card ? 0 : -1;
  });
  row.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    const all = [...row.querySelectorAll(CARDS)];
    const i = all.indexOf(document.activeElement);
    if (i < 0) return;
    const to = { ArrowLeft: i - 1, ArrowUp: i - 1, ArrowRight: i + 1, ArrowDown: i + 1,
                 Home: 0, End: all.length - 1 }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();                  // the page does not scroll
    all[Math.max(0, Math.min(all.length - 1, to))].focus();
  });
}

/** Where the focus goes from `card`, a card in a row that the person may not use now, once
 *  the game has moved on (or the card that had the focus was played): the nearest card of its
 *  row that they may use; when there is none, the card itself while the computer is to move
 *  (`waiting`: the focus stays in the hand), else the first live button of `actions` (Draw,
 *  Next hand …), else the card. Never <body>. */
export function landing(card, actions, waiting) {
  const cards = [...card.parentElement.querySelectorAll(CARDS)];
  const i = cards.indexOf(card);
  let best = null;
  cards.forEach((c, j) => {
    if (usable(c) && (best === null || Math.abs(j - i) < Math.abs(best - i))) best = j;
  });
  if (best !== null) return cards[best];
  if (waiting) return card;
  return actions.querySelector("button:not([aria-disabled='true'])") || card;
}

/** Where the focus goes from `button`, a button of the action bar that no longer applies once
 *  the game has moved on (War's Flip while you choose your top card or whether to steal): the
 *  tab stop of a row of cards you may use, else the first live primary button (Steal), else it
 *  stays (Flip while a war's cards turn over comes back by itself). */
export function landingFromButton(button, felt, actions) {
  const card = felt.querySelector("[role='toolbar'] > .ck-cardbtn[tabindex='0']");
  return (card && usable(card) ? card : null)
    || actions.querySelector(".ck-primary:not([aria-disabled='true'])") || button;
}
