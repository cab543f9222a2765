// cardkit tables: cards that move. When the table's "animate" preference is on (and the system
// does not ask for reduced motion), a redraw slides each card from where it was drawn before,
// a card just played can slide in from its player's hand, and the cards a trick or a battle
// gathers fly, as copies in the overlay, to the winner's place (a finished trick once the next
// card is led, a battle at the next Flip). Only the copies are added to the page, and each goes
// when its flight ends or when the next state arrives, whichever is first; the overlay is the
// felt's size and clips them: nothing is drawn outside the felt. What a table draws is the same
// either way.

export class Motion {
  /** The motion of one table: its model (for the preference), its felt and its overlay. */
  constructor(model, felt, overlay) {
    this.model = model;
    this.felt = felt;
    this.overlay = overlay;
    this.rects = new Map();     // card code -> where that card was drawn before the redraw
    this.quietUntil = 0;        // no movement before this time (performance.now(), ms)
    this.lastState = -1e9;      // when the last state was drawn
  }

  /** Whether cards move: the table's preference, unless the system asks for reduced motion or
   *  the states come faster than the cards can move (then the table just shows each state). */
  get enabled() {
    const v = this.model.get("view") || {};
    const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    return !!(v.prefs && v.prefs.animate) && !reduced && performance.now() >= this.quietUntil;
  }

  /** The next state is here: the copies still flying go at once (nothing lingers on the table,
   *  nothing piles up when states come fast, e.g. "Play to the end" with no pause), and while
   *  states come faster than cards move (mid-flight, or within 250 ms of the last one) cards do
   *  not move (for 400 ms after the last such state). Returns whether anything was still moving. */
  stop() {
    const busy = this.overlay.childElementCount > 0;
    for (const copy of this.overlay.children) for (const a of copy.getAnimations()) a.cancel();
    this.overlay.replaceChildren();
    const now = performance.now();
    if (busy || now - this.lastState < 250) this.quietUntil = now + 400;
    this.lastState = now;
    return busy;
  }

  /** Remember where the cards were, before a redraw (and stop what is still moving). */
  remember() {
    this.stop();
    this.rects = new Map();
    for (const e of this.felt.querySelectorAll("[data-anim]")) this.rects.set(e.dataset.anim, e.getBoundingClientRect());
  }

  /** After a redraw: slide the cards that moved from where they were. */
  slideMoved() {
    if (!this.enabled) return;
    for (const e of this.felt.querySelectorAll("[data-anim]")) {
      const old = this.rects.get(e.dataset.anim);
      if (!old) continue;
      const now = e.getBoundingClientRect();
      const dx = old.left - now.left, dy = old.top - now.top;
      if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
      e.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
                { duration: 260, easing: "cubic-bezier(.2,.7,.3,1)" });
    }
  }

  /** Slide a card in from the element `from` (e.g. the opponent's hand) to where it is drawn. */
  slideFrom(cardEl, from) {
    if (!this.enabled || !cardEl || !from) return;
    const a = from.getBoundingClientRect(), b = cardEl.getBoundingClientRect();
    const dx = a.left + a.width / 2 - (b.left + b.width / 2), dy = a.top + a.height / 2 - (b.top + b.height / 2);
    cardEl.animate([{ transform: `translate(${dx}px, ${dy}px) scale(.7)`, opacity: .4 }, { transform: "none", opacity: 1 }],
                   { duration: 280, easing: "ease-out" });
  }

  /** Copies of cards drawn before a redraw ({node, rect}) fly to `to` and fade. */
  gatherSnapshots(snaps, to) {
    if (!this.enabled || !to) return;
    const base = this.overlay.getBoundingClientRect();
    const dest = to.getBoundingClientRect();
    for (const { node, rect } of snaps) {
      node.classList.add("ck-flying");
      Object.assign(node.style, { left: `${rect.left - base.left}px`, top: `${rect.top - base.top}px`,
                                  width: `${rect.width}px`, height: `${rect.height}px` });
      this.overlay.appendChild(node);
      const dx = dest.left + dest.width / 2 - (rect.left + rect.width / 2), dy = dest.top + dest.height / 2 - (rect.top + rect.height / 2);
      const anim = node.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(.6)`, opacity: 0.2 }],
                                { duration: 380, easing: "ease-in" });
      anim.onfinish = () => node.remove();
      setTimeout(() => node.remove(), 900);
    }
  }
}
