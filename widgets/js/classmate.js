// cardkit tables: "Play a classmate" (widgets/classmate.py). The kernel says what to show in
// view.classmate (null: the table does not offer it):
//   {stage: "offer", seats}           a "Play a classmate" button (on the ⚙ Settings line); it opens a
//                                     small form: your name, Make a table (Switch and War: with how
//                                     many classmates, from seats), or a code and Sit down
//   {stage: "waiting", code}          the table's code, and the link to hand over, built here
//                                     from this page's own address (?table=CODE); Leave this table
//   {stage: "playing", who, away, finish}     who you play and whether they are here (a badge
//                                     of the toolbar, from the kernel), and, once they left or
//                                     have been away 2 minutes, Finish against the computer
// A page opened from a link with ?table=CODE opens the form with the code filled in; the person
// still types a name and presses Sit down (a link alone never sits anybody down). What is typed
// goes to the kernel as text, which checks it; nothing here is drawn as HTML.

import { h } from "./dom.js";

/** The table code in this page's address (?table=…), cleaned to its letters, or "". */
export function linkCode() {
  let code = "";
  try { code = new URLSearchParams(window.location.search).get("table") || ""; } catch (e) { code = ""; }
  code = code.replace(/[^A-Za-z0-9]/g, "").toUpperCase().slice(0, 8);
  return code.length === 8 ? code.slice(0, 4) + "-" + code.slice(4) : code;   // as the table shows it
}

/** The link that opens this page at the table `code` (the page's language kept). */
function linkFor(code) {
  const params = new URLSearchParams();
  params.set("table", code.replace(/-/g, ""));
  try {
    const lang = new URLSearchParams(window.location.search).get("lang");
    if (lang) params.set("lang", lang);
  } catch (e) { /* no language in the link */ }
  return window.location.origin + window.location.pathname + "?" + params.toString();
}

export class Classmates {
  constructor(shell) {
    this.shell = shell;
    this.box = h("div", { class: "ck-mates", hidden: true });
    this.slot = h("div", { class: "ck-mates-slot" });       // the offer, on the ⚙ Settings line
    this.key = null;
    this.open = !!linkCode();   // a link to a table opens the form at once
  }

  send(content) {
    this.shell.connection.send(content);
  }

  /** The "Play a classmate" button while the form is closed; "Leave this table" once seated
   *  (it asks first, as New game does: the kernel's question says the game with them ends);
   *  else null. */
  offerButton(v) {
    const m = v.classmate;
    if (m && m.stage === "playing") {
      return h("button", { type: "button", class: "ck-btn ck-mates-open", "data-key": "mate:leave",
        onclick: () => this.send({ do: "new_game" }) }, (m.labels || {}).leave || "");
    }
    if (!m || m.stage !== "offer" || this.open) return null;
    return h("button", { type: "button", class: "ck-btn ck-mates-open", "data-key": "mate:open", "aria-expanded": "false",
      onclick: () => { this.open = true; this.shell.redraw(); this.focus("mate:name"); } }, (m.labels || {}).offer || "");
  }

  draw(v) {
    const m = v.classmate;
    const key = JSON.stringify([m, this.open]);
    if (key === this.key) return;           // the form keeps what was typed across redraws
    this.key = key;
    const offer = this.offerButton(v);
    this.slot.replaceChildren(...(offer ? [offer] : []));
    this.shell.toolrow.classList.toggle("ck-has-offer", !!offer);
    // nothing here while the form is closed, or while playing with nothing to offer: the
    // button is on the ⚙ Settings line, and a badge of the toolbar says who you play
    const empty = !m || (m.stage === "offer" && !this.open) || (m.stage === "playing" && !m.finish);
    this.box.hidden = empty;
    if (empty) { this.box.replaceChildren(); return; }
    const L = m.labels || {};
    if (m.stage === "offer") this.drawOffer(L, m.error, m.seats || []);
    else if (m.stage === "waiting") this.drawWaiting(m, L);
    else this.drawPlaying(m, L);
  }

  drawOffer(L, error, seats) {
    // what was typed stays when the form is drawn again (a refusal shown in it)
    const typed = (key) => { const e = this.box.querySelector(`[data-key="${key}"]`); return e ? e.value : null; };
    const keptName = typed("mate:name"), keptCode = typed("mate:code");
    const uid = Math.random().toString(36).slice(2, 8);
    const name = h("input", { id: "ck-mate-name-" + uid, class: "ck-input", "data-key": "mate:name", maxlength: "12",
                              autocomplete: "nickname", type: "text" });
    const code = h("input", { id: "ck-mate-code-" + uid, class: "ck-input ck-mate-codein", "data-key": "mate:code",
                              maxlength: "24", autocomplete: "off", autocapitalize: "characters", spellcheck: "false",
                              type: "text", value: linkCode() });
    if (keptName !== null) name.value = keptName;
    if (keptCode !== null) code.value = keptCode;
    // Switch and War: how many of the other seats classmates take (the rest: computers)
    const keptSeats = typed("mate:seats");
    const choose = seats.length ? h("select", { id: "ck-mate-seats-" + uid, class: "ck-input", "data-key": "mate:seats" },
      seats.map((c) => h("option", { value: String(c.value) }, c.label))) : null;
    if (choose && keptSeats !== null) choose.value = keptSeats;
    const who = () => name.value;
    const join = () => this.send({ do: "join", code: code.value, name: who() });
    code.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); join(); } });
    // from a link: the code is there, so Sit down comes first and is the one in green
    const fromLink = !!linkCode();
    const made = () => (choose ? { do: "classmate", name: who(), classmates: Number(choose.value) }
                               : { do: "classmate", name: who() });
    const make = [choose ? h("label", { class: "ck-mates-field", for: choose.id }, h("span", {}, L.seats || ""), choose) : null,
      h("div", { class: "ck-mates-row" },
        h("button", { type: "button", class: "ck-btn" + (fromLink ? "" : " ck-primary"), "data-key": "mate:make",
                      onclick: () => this.send(made()) }, L.make || ""))];
    const sit = [h("label", { class: "ck-mates-field", for: code.id }, h("span", {}, L.or || ""), code),
      h("div", { class: "ck-mates-row" },
        h("button", { type: "button", class: "ck-btn" + (fromLink ? " ck-primary" : ""), "data-key": "mate:join",
                      onclick: join }, L.join || ""))];
    const close = h("div", { class: "ck-mates-row" },
      h("button", { type: "button", class: "ck-btn", "data-key": "mate:close",
                    onclick: () => { this.open = false; this.shell.redraw(); this.focusIn(this.slot, "mate:open"); } },
                    L.close || ""));
    this.box.replaceChildren(h("div", { class: "ck-mates-form", role: "group", "aria-label": L.offer || "" },
      h("div", { class: "ck-mates-title" }, L.offer || ""),
      h("label", { class: "ck-mates-field", for: name.id }, h("span", {}, L.name || ""), name),
      fromLink ? [sit, make] : [make, sit], close,
      error ? h("p", { class: "ck-mates-error", role: "alert" }, error) : null));
  }

  drawWaiting(m, L) {
    const link = linkFor(m.code);
    const field = h("input", { class: "ck-input ck-mates-link", "data-key": "mate:link", readonly: true, type: "text",
                               value: link, "aria-label": L.link || "", onfocus: (ev) => ev.target.select() });
    const copy = h("button", { type: "button", class: "ck-btn", "data-key": "mate:copy", onclick: () => {
      try { navigator.clipboard.writeText(link); } catch (e) { field.select(); }
      field.focus(); field.select();
    } }, L.copy || "");
    this.box.replaceChildren(h("div", { class: "ck-mates-waiting" },
      h("div", { class: "ck-mates-code" }, h("span", { class: "ck-mates-code-label" }, (L.code || "") + " "),
        h("b", { class: "ck-mates-code-text", "data-code": m.code }, m.code)),
      h("div", { class: "ck-mates-row" }, h("span", { class: "ck-mates-linklabel" }, L.link || ""), field, copy),
      // nobody has moved yet: leaving is a New game, which asks nothing
      h("div", { class: "ck-mates-row" }, h("button", { type: "button", class: "ck-btn", "data-key": "mate:leave",
        onclick: () => this.send({ do: "new_game" }) }, L.leave || ""))));
  }

  drawPlaying(m, L) {
    this.box.replaceChildren(h("div", { class: "ck-mates-playing" + (m.away ? " ck-mates-away" : "") },
      h("span", { class: "ck-mates-dot", "aria-hidden": "true" }, m.away ? "○" : "●"),
      h("span", { class: "ck-mates-who" }, m.who || ""),
      h("span", { class: "ck-mates-code-small" }, (L.code || "") + " " + m.code),
      m.finish ? h("button", { type: "button", class: "ck-btn ck-danger", "data-key": "mate:finish",
                                onclick: () => this.send({ do: "finish" }) }, L.finish || "") : null));
  }

  focus(key) {
    this.focusIn(this.box, key);
  }

  focusIn(where, key) {
    const e = where.querySelector(`[data-key="${key}"]`);
    if (e) e.focus({ preventScroll: true });
  }
}
