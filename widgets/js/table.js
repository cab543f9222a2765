// cardkit tables: the table's shell and the anywidget entry point shared by every table. Each
// game's module (ecarte.js, switch.js, war.js) draws its felt and ends with
// `export default { render: makeRender(game, drawGame) }` (anywidget's convention); the shell
// draws the rest, built once per view and updated in place: the toolbar (title, badges, score,
// New game), the settings, "What now", the action bar, the task bar, the log and the restart
// question, and it keeps the focus on the same control across a redraw (or, when the game moved
// on, on a card you may play). Beside it: dom.js (h), cards.js (the cards), keys.js (a hand is
// one tab stop with arrow keys), motion.js (cards that move), fit.js (rows of cards that fit
// their width), connection.js (the connection check), resume.js (a stored match's token),
// classmate.js (Play a classmate).
// esbuild bundles each game's module with these into one file, widgets/static/<game>.bundle.js,
// which ships in the package and is what the Python side loads (`npm run build`; nothing is
// fetched from the internet at run time).
//
// Rules of this code: everything from the model is drawn as text (textContent, attributes) and
// never as HTML; every click is a custom message {do: "act", action, pos} that the kernel runs
// through the game's `apply`; the page holds no game state of its own beyond a discard selection.

import { Classmates } from "./classmate.js";
import { Connection } from "./connection.js";
import { watchResume } from "./resume.js";
import { h } from "./dom.js";
import { watchFit } from "./fit.js";
import { fontsReady, needFont, takeFonts, watchFonts } from "./fonts.js";
import { landing, landingFromButton, rove, usable } from "./keys.js";
import { Motion } from "./motion.js";

/**
 * The parts every table has, built once per view and updated in place:
 * toolbar (title, badges, score, New game, settings), the felt, "What now" (a live region),
 * the action bar, the log, the restart question and the connection-lost notice.
 */
class TableShell {
  constructor(model, el, game) {
    this.model = model;
    this.el = el;
    this.selected = new Set();
    this.lastPos = null;
    this.roving = {};           // each row of cards (keys.js): the key of its card last focused
    // tabindex -1: the table itself can hold the focus (never a tab stop) when a redraw takes
    // away the control that had it and nothing else can take it yet
    this.root = h("div", { class: `ck-root ck-game-${game}`, tabindex: "-1" });
    this.lostBox = h("div", { class: "ck-lost", role: "alert", hidden: true });
    this.toolbar = h("div", { class: "ck-toolbar" });
    this.settingsBox = h("details", { class: "ck-settings" });
    this.felt = h("div", { class: "ck-felt" });
    this.overlay = h("div", { class: "ck-overlay", "aria-hidden": "true" });
    const nowId = "ck-whatnow-" + Math.random().toString(36).slice(2, 8);
    this.whatNow = h("div", { class: "ck-whatnow", id: nowId, role: "status", "aria-live": "polite", "aria-atomic": "true",
                              "data-key": "tool:whatnow" });
    // "more ▾" / "less ▴": opens the What now box to its whole text (markMore); a real button,
    // beside the live region rather than in it (its name is not part of what is announced)
    this.moreButton = h("button", { type: "button", class: "ck-more-btn", "data-key": "tool:more", hidden: true,
                                    "aria-expanded": "false", "aria-controls": nowId, onclick: () => this.toggleMore() });
    this.actions = h("div", { class: "ck-actions", role: "group" });
    // a lesson's task (the prediction's choices, Hint) and "Deal this again": one row under the
    // buttons, so that nothing above it moves when it is there
    this.taskbar = h("div", { class: "ck-taskbar", role: "group", hidden: true });
    this.confirmBox = h("div", { class: "ck-confirm", role: "alertdialog", hidden: true, "aria-modal": "true" });
    this.log = h("details", { class: "ck-log" });
    this.intro = h("p", { class: "ck-intro", hidden: true });
    this.mates = new Classmates(this);     // "Play a classmate" (classmate.js), where offered
    // ⚙ Settings, with "Play a classmate" on the right of its line where offered
    this.toolrow = h("div", { class: "ck-toolrow" }, this.settingsBox, this.mates.slot);
    this.root.append(this.lostBox, this.intro, this.toolbar, this.mates.box, this.toolrow,
                     h("div", { class: "ck-felt-wrap" }, this.felt, this.overlay, this.confirmBox),
                     h("div", { class: "ck-whatnow-wrap" }, this.whatNow, this.moreButton),
                     this.actions, this.taskbar, this.log);
    el.appendChild(this.root);
    // the restart question is modal for the table: Escape answers it "No", and the focus stays
    // on its answers (a click on the inert table under it would give it to the table)
    this.root.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape" && !this.confirmBox.hidden) {
        ev.preventDefault();
        this.connection.send({ do: "answer", yes: false });
      }
    });
    this.root.addEventListener("focusin", (ev) => {
      if (!this.confirmBox.hidden && !this.confirmBox.contains(ev.target)) {
        const no = this.confirmBox.querySelector("[data-key='confirm:no']");
        if (no) no.focus({ preventScroll: true });
      }
    });
    this.motion = new Motion(model, this.felt, this.overlay);
    this.unwatchFit = watchFit(this.felt);     // hands laid out again when the width changes
    this.connection = new Connection(this);
  }

  destroy() {
    this.connection.destroy();
    this.unwatchFit();
  }

  /** Play `action` (its text, e.g. "play" and a card) at the position the page shows. */
  act(action) {
    const v = this.model.get("view");
    this.connection.send({ do: "act", action, pos: v.pos });
    this.connection.ping(true);
  }

  // -- drawing
  /** Remember where the focus was and where the cards were, before a redraw. */
  before() {
    const f = document.activeElement;
    this.focus = null;
    if (f && f === this.root) {
      this.focus = { key: null, group: null, idx: 0 };      // held by the table: find a control
    } else if (f && this.root.contains(f)) {
      this.focus = { key: f.dataset ? f.dataset.key : null, group: f.dataset ? f.dataset.group : null,
                     idx: f.dataset ? Number(f.dataset.idx || 0) : 0 };
    }
    this.motion.remember();
  }

  /** Put the focus back somewhere sensible, and slide moved cards from where they were. The view
   *  `v` and the one drawn before, `prev` (none when the page redraws the same view, e.g. a card
   *  chosen to throw away): when the game has moved on, or the card that had the focus was
   *  played, a card you may not play now gives the focus to one you may (keys.js `landing`). */
  after(v = null, prev = null) {
    if (this.focus) {
      const f = this.focus;
      let target = f.key ? this.root.querySelector(`[data-key="${CSS.escape(f.key)}"]`) : null;
      // hidden now ("more ▾"), or no longer a control (What now once all of it shows)
      if (target && (!target.getClientRects().length || !target.matches("button, select, input, summary, [tabindex]"))) {
        target = null;
      }
      const kept = !!target;
      if (!target && f.group) {
        const items = [...this.root.querySelectorAll(`[data-group="${CSS.escape(f.group)}"]`)];
        if (items.length) target = items[Math.min(f.idx, items.length - 1)];
      }
      const moved = !!(v && prev && v.game_pos !== prev.game_pos);
      const waiting = !!v && v.mode === "wait";
      if (target && !usable(target) && target.classList.contains("ck-cardbtn")
          && target.parentElement.getAttribute("role") === "toolbar" && (!kept || moved)) {
        target = landing(target, this.actions, waiting);
      } else if (target && !usable(target) && moved && !waiting && this.actions.contains(target)) {
        target = landingFromButton(target, this.felt, this.actions);
      }
      // the end of a hand or a game: its panel's button (Next hand, New game) is what comes next
      if (!target) target = this.felt.querySelector(".ck-end-btn") || this.actions.querySelector("button:not([aria-disabled='true'])")
        || this.felt.querySelector(".ck-cardbtn:not([aria-disabled='true'])")
        || this.felt.querySelector(".ck-cardbtn") || this.root;
      if (document.activeElement !== target) target.focus({ preventScroll: true });
      // a small phone: when the game now waits for a button (a suit after your Jack, Draw) and
      // no card may be played, the buttons come into view if they lie off the screen
      if (moved && this.actions.contains(target) && !this.felt.querySelector(".ck-cardbtn:not([aria-disabled='true'])")) {
        const r = this.actions.getBoundingClientRect();
        if (r.bottom > window.innerHeight || r.top < 0) this.actions.scrollIntoView({ block: "nearest" });
      }
    }
    // the page's own redraw (a card chosen to throw away) moves no card: the chosen one lifts
    // by its CSS (sliding it "from where it was" dropped it below its place for a moment)
    if (v) this.motion.slideMoved();
  }

  drawToolbar(v) {
    // redrawn only when what it shows changed (a click must not rebuild the settings)
    const key = JSON.stringify([v.title, v.subtitle, v.badges, v.scores, v.score_label, v.target_label,
                                v.settings, v.toggles, v.speed, v.pending_note, v.labels, v.prefs, v.language]);
    if (key === this.toolbarKey) return;
    this.toolbarKey = key;
    const tb = this.toolbar;
    tb.replaceChildren();
    // a named group only when the kernel names it (in the table's language): no English fallback
    const score = h("div", v.score_label ? { class: "ck-score", role: "group", "aria-label": v.score_label }
      : { class: "ck-score" },
      h("span", { class: "ck-score-title" }, v.score_label || ""),
      (v.scores || []).map((p) => h("span", { class: "ck-score-item" + (p.you ? " ck-score-you" : "") },
        h("span", { class: "ck-score-name" }, p.name), " ", h("b", { class: "ck-score-n" }, String(p.value)))),
      v.target_label ? h("span", { class: "ck-score-target" }, "(" + v.target_label + ")") : null);
    tb.append(
      h("div", { class: "ck-heading" },
        h("span", { class: "ck-title", role: "heading", "aria-level": "2" }, v.title || ""),
        v.subtitle ? h("span", { class: "ck-subtitle" }, v.subtitle) : null,
        (v.badges || []).map((b) => h("span", { class: "ck-badge" }, b))),
      score,
      h("div", { class: "ck-tools" },
        h("button", { type: "button", class: "ck-btn ck-newgame", "data-key": "tool:new",
                      onclick: () => this.connection.send({ do: "new_game" }) }, v.labels.new_game)));
    // settings: selects and toggles (kept open across redraws)
    const st = this.settingsBox;
    const open = st.open;
    st.replaceChildren(h("summary", { class: "ck-settings-summary", "data-key": "tool:settings" },
      "⚙ " + v.labels.settings, v.pending_note ? h("span", { class: "ck-pending-dot" }, " • " + v.labels.pending) : null));
    const row = h("div", { class: "ck-settings-row" });
    for (const set of v.settings || []) {
      const id = "ck-set-" + set.name + "-" + Math.random().toString(36).slice(2, 8);
      const sel = h("select", { id, class: "ck-select", "data-key": "set:" + set.name,
        onchange: (ev) => {
          const opt = set.options[ev.target.selectedIndex];
          this.connection.send({ do: "set", name: set.name, value: opt[0] });
        } });
      set.options.forEach(([value, text]) => {
        const o = h("option", {}, text + (set.pending && value === set.now ? "" : ""));
        if (value === set.value) o.selected = true;
        sel.appendChild(o);
      });
      row.appendChild(h("label", { class: "ck-setting" + (set.pending ? " ck-setting-pending" : ""), for: id },
        h("span", {}, set.label), sel));
    }
    if (v.language) {
      const id = "ck-lang-" + Math.random().toString(36).slice(2, 8);
      const sel = h("select", { id, class: "ck-select ck-language", "data-key": "set:language",
        onchange: (ev) => this.connection.send({ do: "pref", name: "language",
                                                 value: v.language.options[ev.target.selectedIndex][0] }) });
      for (const [code, name] of v.language.options) {
        const o = h("option", { lang: code }, name);
        if (code === v.language.value) o.selected = true;
        sel.appendChild(o);
      }
      row.appendChild(h("label", { class: "ck-setting", for: id }, h("span", {}, v.language.label), sel));
    }
    for (const t of v.toggles || []) {
      const id = "ck-tog-" + t.name + "-" + Math.random().toString(36).slice(2, 8);
      const box = h("input", { type: "checkbox", id, "data-key": "tog:" + t.name,
        onchange: (ev) => this.connection.send({ do: "pref", name: t.name, value: ev.target.checked }) });
      box.checked = !!t.value;
      row.appendChild(h("label", { class: "ck-toggle", for: id }, box, h("span", {}, t.label)));
    }
    st.appendChild(row);
    if (v.pending_note) st.appendChild(h("p", { class: "ck-pending-note" }, v.pending_note));
    st.open = open;
    if (v.language) this.root.lang = v.language.value;     // screen readers' voice, the fonts
    this.root.classList.toggle("ck-four", !!(v.prefs && v.prefs.four_colour));
    this.root.classList.toggle("ck-force-narrow", !!(v.prefs && v.prefs.narrow));
  }

  /** The "Pause (s)" slider in the settings, when the table has one (``v.speed``). */
  drawSpeed(v, max = 3) {
    if (!v.speed || this.settingsBox.querySelector(".ck-speed")) return;   // drawn with the toolbar
    const id = "ck-speed-" + Math.random().toString(36).slice(2, 8);
    const out = h("output", { for: id }, v.speed.value.toFixed(1));
    const input = h("input", { type: "range", id, min: 0, max, step: 0.1, value: v.speed.value, "data-key": "set:speed",
      onchange: (ev) => this.connection.send({ do: "pref", name: "delay", value: Number(ev.target.value) }),
      oninput: (ev) => { out.textContent = Number(ev.target.value).toFixed(1); } });
    this.settingsBox.querySelector(".ck-settings-row").appendChild(
      h("label", { class: "ck-setting ck-speed", for: id }, h("span", {}, v.speed.label), input, out));
  }

  /** "What now": a refusal or a note (``note``, e.g. the engine's refusal naming the rule) on
   *  its own line first, in its tone, then the prompt; without a note, the prompt alone. */
  drawWhatNow(v) {
    const w = v.what_now || { text: "", tone: "info" };
    const note = w.note || "";
    const prompt = note ? (w.prompt || "") : w.text;
    const text = (v.labels.what_now ? v.labels.what_now + ": " : "") + JSON.stringify([note, w.note_tone, prompt]);
    const fresh = this.whatNow.dataset.text !== text;
    if (fresh) {
      const kids = [];
      if (note) kids.push(h("span", { class: "ck-whatnow-note ck-note-" + (w.note_tone || w.tone) }, note));
      if (prompt || !note) {
        kids.push(h("span", { class: "ck-whatnow-prompt" },
          h("b", {}, (v.labels.what_now || "") + ": "), h("span", { class: "ck-whatnow-text" }, prompt)));
      }
      this.whatNow.replaceChildren(...kids);
      this.whatNow.dataset.text = text;
      this.whatNow.scrollTop = 0;             // a new message is read from its start
    }
    // a box the person opened (a tap on "more ▾") stays open until its message changes
    const open = !fresh && this.whatNow.classList.contains("ck-open");
    this.whatNow.className = "ck-whatnow ck-tone-" + w.tone + (note ? " ck-has-note" : "") +
      (open ? " ck-open" : "");
    this.markMore();
  }

  /** The What now box keeps its height (nothing below it moves) and scrolls: when
   *  its text goes on below the box, the box says so (a fading last line, class ck-more) and the
   *  "more ▾" button beside it (aria-expanded) opens it to its whole text (the table below moves
   *  down, because the person asked), by keyboard or by a tap on the button or on the box; then
   *  "less ▴" (or a tap) closes it, and so does the next message. */
  markMore() {
    const el = this.whatNow;
    if (!el.dataset.more) {
      el.dataset.more = "1";
      el.addEventListener("scroll", () => this.markMore(), { passive: true });
      el.addEventListener("click", () => {
        if (el.classList.contains("ck-more") || el.classList.contains("ck-open")) this.toggleMore();
      });
    }
    const open = el.classList.contains("ck-open");
    el.classList.toggle("ck-more", !open && el.scrollHeight - el.scrollTop - el.clientHeight > 2);
    const labels = (this.model.get("view") || {}).labels || {};
    const b = this.moreButton;
    const all = open || el.scrollHeight <= el.clientHeight + 2;       // all of it shows
    b.hidden = all && !open;
    // a box that scrolls is a tab stop, so that the arrow keys can scroll it (as chromium does by
    // itself; axe's scrollable-region-focusable asks for it everywhere)
    if (all) el.removeAttribute("tabindex"); else el.tabIndex = 0;
    b.setAttribute("aria-expanded", open ? "true" : "false");
    const label = (open ? labels.less : labels.more) || (open ? "less" : "more");   // in its language
    if (b.dataset.label !== label) {
      b.dataset.label = label;
      b.replaceChildren(label, h("span", { class: "ck-more-arrow", "aria-hidden": "true" }, open ? " ▴" : " ▾"));
    }
  }

  /** Open the What now box to its whole text, or close it back to its height. */
  toggleMore() {
    this.whatNow.classList.toggle("ck-open");
    this.whatNow.scrollTop = 0;
    this.markMore();
  }

  /** Make `row`, whose children are card buttons (a hand), one tab stop with arrow keys (keys.js). */
  rove(row, group) {
    rove(row, group, this.roving);
  }

  /** Buttons that apply now; `extra` are per-game buttons already built. Always the same height. */
  drawActions(v, buttons) {
    this.actions.replaceChildren(...buttons);
    // the advisor's line (Écarté's "Show advice"), named in words: an emoji may not be in the font
    if (v.hint) this.actions.appendChild(h("p", { class: "ck-hint" }, h("b", {}, (v.labels.advice || "Advice") + ": "), v.hint));
  }

  /** The task's choices and Hint, and "Deal this again" (``v.task``, ``v.again``). */
  drawTaskbar(v) {
    const t = v.task, again = v.again;
    const kids = [];
    if (t && t.choices && t.choices.length) {
      kids.push(h("div", { class: "ck-task-choices", role: "group", "aria-label": t.choices_label },
        t.choices.map((c) => {
          const b = this.actionButton({ id: "choice-" + c.index, label: (c.right ? "✓ " : "") + c.label, enabled: c.enabled },
                                      () => { this.connection.send({ do: "predict", index: c.index }); this.connection.ping(true); });
          b.classList.add("ck-choice");
          if (c.right) b.classList.add("ck-choice-right");
          b.dataset.key = "choice:" + c.index;
          b.dataset.group = "choice";
          b.dataset.idx = c.index;
          return b;
        })));
    }
    kids.push(h("span", { class: "ck-task-spacer" }));
    if (t && t.hint) {
      kids.push(this.actionButton({ id: "hint", label: t.hint.label, enabled: t.hint.enabled },
                                  () => { this.connection.send({ do: "hint" }); this.connection.ping(true); }));
      kids[kids.length - 1].dataset.key = "task:hint";
    }
    if (again) {
      const b = h("button", { type: "button", class: "ck-btn ck-again", "data-key": "task:again",
                              onclick: () => { this.connection.send({ do: "again" }); this.connection.ping(true); } }, "↺ " + again.label);
      kids.push(b);
    }
    this.taskbar.replaceChildren(...kids);
    this.taskbar.hidden = !(t || again);
    if (t) this.taskbar.setAttribute("aria-label", v.labels.what_now || "");
  }

  actionButton(a, onclick) {
    const disabled = a.enabled === false;
    // "Stand (play as dealt)": the part in brackets is a unit of its own, which a narrow
    // button puts on a second line whole (the button's text is the same)
    const m = /^(.+?) (\([^()]+\))$/.exec(a.label);
    const label = m ? [m[1], " ", h("span", { class: "ck-btn-sub" }, m[2])] : a.label;
    return h("button", { type: "button", class: "ck-btn" + (a.primary ? " ck-primary" : ""),
      "data-key": "act:" + a.id, "aria-disabled": disabled ? "true" : null,
      "aria-label": disabled && a.reason ? `${a.label} — ${a.reason}` : null,
      title: disabled && a.reason ? a.reason : null,
      onclick: (ev) => { if (!disabled) onclick(ev); } }, label);
  }

  /** The panel a game draws on its felt at the end of a hand or of the game (``v.end``, or
   *  null): the result (won / lost / draw, marked, or the hand's title), a score pad, why the
   *  points were scored, who deals next, the score line, and its button (Next hand, or New
   *  game beside the result). */
  endPanel(end) {
    if (!end) return null;
    const b = end.button;
    const go = () => {
      if (this.connection.lost) return;
      if (b.action) { this.act(b.action); return; }
      this.connection.send({ do: b.do });
      this.connection.ping(true);
    };
    const btn = b ? h("button", { type: "button", class: "ck-btn ck-primary ck-end-btn",
                                  "data-key": b.action ? "act:" + b.id : "end:" + b.id, onclick: go }, b.label) : null;
    const over = end.kind === "over";
    const mark = over ? h("span", { class: "ck-end-mark", "aria-hidden": "true" },
                          end.result === "lost" ? "☆" : "★") : null;
    const pad = end.pad ? h("table", { class: "ck-end-pad" },
      h("thead", {}, h("tr", {}, h("td", {}), end.pad.cols.map((c, i) => h("th", { scope: "col", class: i === 0 ? "ck-end-you" : null }, c)))),
      h("tbody", {}, end.pad.rows.map(([label, ...ns]) => h("tr", {}, h("th", { scope: "row" }, label),
        ns.map((n, i) => h("td", { class: i === 0 ? "ck-end-you" : null }, String(n))))))) : null;
    const why = (end.lines || []).length || end.next
      ? h("div", { class: "ck-end-why" }, (end.lines || []).map((l) => h("p", {}, l)),
          end.next ? h("p", { class: "ck-end-next" }, end.next) : null)
      : null;
    // a score ("2–0") is never broken over two lines
    const scoreWhole = (text) => text.split(/(\d+\s*[–-]\s*\d+)/).map((part, i) => (i % 2 ? h("span", { class: "ck-nowrap" }, part) : part));
    return h("section", { class: `ck-end ck-end-${over ? end.result : "hand"}`, role: "group", "aria-label": end.title },
      h("div", { class: "ck-end-head" }, mark, h("b", { class: "ck-end-title" }, end.title), btn),
      end.text ? h("p", { class: "ck-end-text" }, scoreWhole(end.text)) : null,
      end.score ? h("p", { class: "ck-end-score" }, end.score) : null,
      pad || why ? h("div", { class: "ck-end-body" }, pad, why) : null);
  }

  drawLog(v) {
    // drawn when open (and when opened): a closed log costs nothing per move
    this.logView = v;
    if (!this.logToggle) {
      this.logToggle = () => { if (this.log.open && this.logView) this.drawLog(this.logView); };
      this.log.addEventListener("toggle", this.logToggle);
    }
    const key = JSON.stringify(v.log || []);
    const summary = this.log.querySelector("summary");
    if (summary && summary.textContent !== v.labels.log) summary.textContent = v.labels.log;  // a new language
    if (summary && (!this.log.open || key === this.logKey)) return;
    this.logKey = this.log.open ? key : null;
    const open = this.log.open;
    this.log.replaceChildren(h("summary", { "data-key": "tool:log" }, v.labels.log),
      h("ol", { class: "ck-log-lines", reversed: true },
        (v.log || []).map((l) => h("li", { value: l.n }, l.text))));
    this.log.open = open;
  }

  /** While the restart question is on show, the rest of the table is inert (no click, no
   *  focus, hidden from screen readers) until it is answered. */
  setInert(on) {
    this.root.classList.toggle("ck-asking", on);
    for (const e of [this.intro, this.toolbar, this.settingsBox, this.felt, this.whatNow, this.actions,
                     this.taskbar, this.log]) e.inert = on;
  }

  drawConfirm(v) {
    const box = this.confirmBox;
    this.setInert(!!v.confirm);
    if (!v.confirm) {
      if (!box.hidden) box.hidden = true;
      box.replaceChildren();
      return;
    }
    const wasHidden = box.hidden;
    box.replaceChildren(
      h("p", { class: "ck-confirm-text", id: "ck-confirm-q" }, v.labels.confirm),
      h("div", { class: "ck-confirm-buttons" },
        h("button", { type: "button", class: "ck-btn ck-primary", "data-key": "confirm:no",
                      onclick: () => this.connection.send({ do: "answer", yes: false }) }, v.labels.no),
        h("button", { type: "button", class: "ck-btn ck-danger", "data-key": "confirm:yes",
                      onclick: () => this.connection.send({ do: "answer", yes: true }) }, v.labels.yes)));
    box.setAttribute("aria-labelledby", "ck-confirm-q");
    box.hidden = false;
    if (wasHidden) this.focus = null;
  }

  /** While the restart question is on show, the focus is on its safe answer ("No"). */
  holdConfirmFocus(v) {
    if (!v.confirm || this.confirmBox.contains(document.activeElement)) return;
    const no = this.confirmBox.querySelector("[data-key='confirm:no']");
    if (no) no.focus({ preventScroll: true });
  }
}

/** anywidget entry point shared by the tables: `drawGame(shell, view, previous)` draws the felt. */
/** Tables already asked for the page link's language (a model id each), once per page load. */
const linkAsked = new Set();

/** An app link chooses the language: `…/ecarte_app.ipynb?lang=kn` asks each table, once per page
 *  load, to speak it (the kernel checks the value; ⚙ Settings can change it again later). */
function askLinkLanguage(model, shell) {
  const v = model.get("view");
  const id = model.model_id || model.cid || "";
  let want = null;
  try { want = new URLSearchParams(window.location.search).get("lang"); } catch (e) { want = null; }
  if (!want || !v || !v.language || linkAsked.has(id)) return;
  linkAsked.add(id);
  if (v.language.value !== want && v.language.options.some((o) => o[0] === want)) {
    shell.connection.send({ do: "pref", name: "language", value: want });
  }
}

export function makeRender(game, drawGame) {
  return function render({ model, el }) {
    const shell = new TableShell(model, el, game);
    let previous = null;
    const draw = () => {
      const v = model.get("view");
      if (!v || !v.labels) return;
      shell.before();
      shell.root.dataset.pos = String(v.pos);
      shell.root.dataset.mode = v.mode || "";
      if (v.language) needFont(model, "pa", "kn");         // the language menu's own names
      shell.intro.hidden = !v.intro;
      shell.intro.textContent = v.intro || "";
      shell.drawToolbar(v);
      shell.mates.draw(v);
      drawGame(shell, v, previous);
      shell.drawWhatNow(v);
      shell.drawTaskbar(v);
      shell.drawLog(v);
      shell.drawConfirm(v);
      shell.after(v, previous);
      shell.holdConfirmFocus(v);
      // still lost: the notice stays, and the controls just drawn go off too
      if (shell.connection.lost) {
        shell.connection.lost = false;
        shell.connection.showLost();
      }
      previous = v;
    };
    shell.redraw = draw;
    const fonts = (content, buffers) => takeFonts(content, buffers);
    watchFonts();
    model.on("msg:custom", fonts);
    // a table in Punjabi or Kannada is first drawn once its script's fonts are loaded (fonts.js)
    const first = model.get("view");
    const lang = first && first.language ? first.language.value : "en";
    needFont(model, "pa", "kn");
    let drawn = false;
    const start = () => { if (drawn) return; drawn = true; model.on("change:view", draw); draw(); };
    if (lang === "pa" || lang === "kn") fontsReady(lang).then(start); else start();
    askLinkLanguage(model, shell);
    const unwatch = watchResume(model, (content) => shell.connection.send(content));
    return () => {
      drawn = true; model.off("change:view", draw); model.off("msg:custom", fonts); unwatch(); shell.destroy();
    };
  };
}
