// cardkit tables: the connection check. Every message to the kernel goes through send(), which
// sends nothing once the table is lost. The table pings the kernel every 2 s and after each
// click; when a click goes unanswered for 6 s, nothing is heard for 15 s, sending fails, or the
// cardkit page template says the game has stopped, the table is lost: a notice on top, "What
// now" says it instead of asking for a move, and the controls go off. The pings go on, and a
// late answer (a kernel that was only busy) brings the table back, redrawn from its view.

import { h } from "./dom.js";

/** The cardkit page template's "This game has stopped …" text (null on another page). */
function pageStoppedText() {
  const e = document.querySelector("#ck-stopped .ck-stopped-text");
  const text = e ? e.textContent.replace(/\s+/g, " ").trim() : "";
  return text || null;
}

export class Connection {
  /** Watches the kernel behind a table's shell (its model, root, lost notice, What now, redraw). */
  constructor(shell) {
    this.shell = shell;
    this.model = shell.model;
    this.pingN = 0;
    this.lastPong = Date.now();
    this.awaiting = null;       // {n, since}: a ping sent after a click, not answered yet
    this.lost = false;
    this.onMsg = (msg) => {
      if (msg && typeof msg.pong === "number") {
        this.lastPong = Date.now();
        if (this.awaiting && msg.pong >= this.awaiting.n) this.awaiting = null;
        if (this.lost) this.recover();
      }
    };
    this.model.on("msg:custom", this.onMsg);
    this.timer = setInterval(() => this.heartbeat(), 2000);
    // the cardkit page template watches the kernel's websocket and says when the game has
    // stopped (kernel dead, server gone) within seconds: the table says it too, at once; when
    // the socket comes back, the pings (kept up while lost) bring the table back
    this.onStopped = () => this.showLost(pageStoppedText());
    this.onResumed = () => this.heartbeat();
    window.addEventListener("cardkit:stopped", this.onStopped);
    window.addEventListener("cardkit:resumed", this.onResumed);
    if (document.body && document.body.classList.contains("ck-game-stopped")) this.onStopped();
  }

  /** Stop watching (the view is gone). */
  destroy() {
    clearInterval(this.timer);
    this.model.off("msg:custom", this.onMsg);
    window.removeEventListener("cardkit:stopped", this.onStopped);
    window.removeEventListener("cardkit:resumed", this.onResumed);
  }

  /** Send `content` to the kernel (a custom message); nothing once the table is lost. */
  send(content) {
    if (this.lost) return;
    try {
      this.model.send(content);
    } catch (err) {
      this.showLost();
    }
  }

  /** Ask the kernel for a pong; after a click, it must answer within 6 s. */
  ping(afterClick) {
    this.pingN += 1;
    if (afterClick && !this.awaiting) this.awaiting = { n: this.pingN, since: Date.now() };
    this.send({ do: "ping", n: this.pingN });
  }

  /** Every 2 s: ping, or say the table is lost when the kernel has not answered. */
  heartbeat() {
    if (this.lost) {
      // a kernel busy for a while (JupyterLab running the next cells) answers late: keep asking,
      // and the table comes back when it does; a dead kernel never answers
      this.pingN += 1;
      try { this.model.send({ do: "ping", n: this.pingN }); } catch (err) { /* still lost */ }
      return;
    }
    const now = Date.now();
    if (this.awaiting && now - this.awaiting.since > 6000) return this.showLost();
    if (now - this.lastPong > 15000) return this.showLost();
    if (document.visibilityState !== "hidden") this.ping(false);
  }

  /** The kernel answered after all: the table is live again (redrawn from its view). */
  recover() {
    this.lost = false;
    this.lostText = null;
    this.awaiting = null;
    this.shell.lostBox.hidden = true;
    this.shell.root.classList.remove("ck-is-lost");
    this.shell.toolbarKey = null;
    if (this.shell.redraw) this.shell.redraw();
  }

  /** The game cannot go on (no pong, or `text`: the page's "This game has stopped" notice):
   *  the notice on top, "What now" says it instead of asking for a move, controls off. */
  showLost(text) {
    if (text) this.lostText = text;
    const v = this.model.get("view") || {};
    const say = this.lostText || (v.labels && v.labels.lost) || "Connection lost — reload the page to play again.";
    if (this.lost && this.shell.lostBox.textContent === say) return;
    this.lost = true;
    this.shell.lostBox.textContent = say;
    this.shell.lostBox.hidden = false;
    this.shell.root.classList.add("ck-is-lost");
    this.shell.whatNow.replaceChildren(h("span", { class: "ck-whatnow-prompt ck-whatnow-lost" }, say));
    this.shell.whatNow.className = "ck-whatnow ck-tone-warn";
    delete this.shell.whatNow.dataset.text;        // the game's next message is drawn again in full
    this.shell.markMore();
    for (const b of this.shell.root.querySelectorAll("button, select, input")) {
      b.setAttribute("aria-disabled", "true");
      b.tabIndex = -1;
    }
  }
}
