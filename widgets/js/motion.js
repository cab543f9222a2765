// cardkit tables: cards that move. When the table's "animate" preference is on (and the system
// does not ask for reduced motion), a redraw slides each card from where it was drawn before,
// a card just played can slide in from its player's hand, and the cards a trick or a battle
// gathers fly, as copies in the overlay, to the winner's place (a finished trick once the next
// card is led, a battle at the next Flip). Only the copies are added to
// the page, and each goes when its flight ends: what a table draws is the same either way.

export class Motion {
  /** The motion of one table: its model (for the preference), its felt and its overlay. */
  constructor(model, felt, overlay) {
    this.model = model;
    this.felt = felt;
    this.overlay = overlay;
    this.rects = new Map();     // card code -> where that card was drawn before the redraw
  }

  /** Whether cards move: the table's preference, unless the system asks for reduced motion. */
  get enabled() {
    const v = this.model.get("view") || {};
    const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    return !!(v.prefs && v.prefs.animate) && !reduced;
  }

  /** Remember where the cards were, before a redraw. */
  remember() {
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
