// Built by esbuild from widgets/js/ (npm run build): edit those files, not this one.

// widgets/js/dom.js
var SVGNS = "http://www.w3.org/2000/svg";
function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  setAttrs(e, attrs);
  for (const k of kids.flat(Infinity)) {
    if (k === null || k === void 0 || k === false) continue;
    e.appendChild(typeof k === "string" || typeof k === "number" ? document.createTextNode(String(k)) : k);
  }
  return e;
}
function s(tag, attrs, ...kids) {
  const e = document.createElementNS(SVGNS, tag);
  setAttrs(e, attrs);
  for (const k of kids.flat(Infinity)) {
    if (k === null || k === void 0 || k === false) continue;
    e.appendChild(typeof k === "string" || typeof k === "number" ? document.createTextNode(String(k)) : k);
  }
  return e;
}
function setAttrs(e, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === void 0 || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (k === "text") e.textContent = String(v);
    else if (k === "style" && typeof v === "object") Object.assign(e.style, v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
}

// widgets/js/cards.js
var SUIT_PATHS = {
  H: "M50 92 C 30 74, 4 56, 8 32 C 11 14, 34 6, 50 28 C 66 6, 89 14, 92 32 C 96 56, 70 74, 50 92 Z",
  D: "M50 4 L88 50 L50 96 L12 50 Z",
  S: "M50 4 C 40 24, 8 40, 10 62 C 12 80, 36 84, 46 70 C 45 82, 40 90, 30 96 L70 96 C 60 90, 55 82, 54 70 C 64 84, 88 80, 90 62 C 92 40, 60 24, 50 4 Z",
  C: "M50 6 C 36 6, 29 18, 32 30 C 34 38, 38 42, 41 45 C 34 40, 24 38, 16 44 C 6 52, 8 70, 22 74 C 34 78, 42 68, 45 62 C 45 76, 40 88, 30 96 L70 96 C 60 88, 55 76, 55 62 C 58 68, 66 78, 78 74 C 92 70, 94 52, 84 44 C 76 38, 66 40, 59 45 C 62 42, 66 38, 68 30 C 71 18, 64 6, 50 6 Z"
};
function pip(suit, cx, cy, size, flip2) {
  const sc = size / 100;
  let t = `translate(${cx - size / 2} ${cy - size / 2}) scale(${sc})`;
  if (flip2) t = `rotate(180 ${cx} ${cy}) ` + t;
  return s("path", { d: SUIT_PATHS[suit], transform: t, class: "ck-ink" });
}
var COLS = [32, 50, 68];
var PIPS = (() => {
  const [L, M, R] = COLS, T = 30, B = 110, C = 70;
  const r4 = [30, 56.7, 83.3, 110];
  const p = {
    2: [[M, T], [M, B]],
    3: [[M, T], [M, C], [M, B]],
    4: [[L, T], [R, T], [L, B], [R, B]]
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
    top,
    bottom,
    pip(suit, 32, 80, 12, true),
    pip(suit, 68, 60, 12, false)
  ];
}
function faceSVG(card) {
  const kids = [s("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, class: "ck-face-bg" })];
  if (card.suit === null || card.rank === "JOKER") {
    const word = String(card.text || "JOKER");
    if (/^[A-Za-z]{1,6}$/.test(word)) {
      const letters = word.toUpperCase().split("");
      const last = letters.length - 1;
      letters.forEach((ch, i) => {
        kids.push(s("text", { x: 11, y: 18 + i * 13, "text-anchor": "middle", class: "ck-joker-index" }, ch));
        kids.push(s("text", {
          x: 89,
          y: 122 - (last - i) * 13,
          "text-anchor": "middle",
          class: "ck-joker-index",
          transform: "rotate(180 89 " + (122 - (last - i) * 13 - 4) + ")"
        }, letters[last - i]));
      });
    } else {
      kids.push(s("text", { x: 0, y: 0, class: "ck-joker-index ck-joker-word", transform: "translate(7 10) rotate(90)" }, word));
      kids.push(s("text", { x: 0, y: 0, class: "ck-joker-index ck-joker-word", transform: "translate(93 130) rotate(-90)" }, word));
    }
    kids.push(s("path", { d: "M50 38 L58 62 L84 62 L63 77 L71 102 L50 86 L29 102 L37 77 L16 62 L42 62 Z", class: "ck-joker-star" }));
    return s("svg", { viewBox: "0 0 100 140", class: "ck-svg", "aria-hidden": "true", focusable: "false" }, kids);
  }
  const idx = (x, y, flip2) => {
    const g = s(
      "g",
      flip2 ? { transform: "rotate(180 50 70)" } : {},
      s("text", { x, y, "text-anchor": "middle", class: "ck-index ck-ink" + (card.rank === "10" ? " ck-index-10" : "") }, card.rank),
      pip(card.suit, x, y + 13, 13, false)
    );
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
function suitClass(card) {
  if (!card.suit) return "ck-joker";
  return "ck-suit-" + card.suit + (card.suit === "H" || card.suit === "D" ? " ck-red" : " ck-black");
}
function cardFace(card, opts = {}) {
  const e = h("span", {
    class: `ck-card ck-face ${suitClass(card)} ${opts.cls || ""}`,
    role: "img",
    "aria-label": card.words,
    "data-anim": card.code
  }, faceSVG(card));
  if (card.trump && opts.tags !== false) e.appendChild(h("span", { class: "ck-tag ck-tag-trump", "aria-hidden": "true" }, "★ " + (opts.labels?.trump || "trump")));
  return e;
}
function cardBack(cls = "") {
  return h("span", { class: "ck-card ck-back " + cls, "aria-hidden": "true" });
}
function cardSlot(label = "", cls = "") {
  return h("span", { class: "ck-card ck-slot " + cls, "aria-hidden": "true" }, label ? h("span", { class: "ck-slot-label" }, label) : null);
}
function cardButton(card, { onclick, selected = null, labels = {}, idx = 0, group = "hand" } = {}) {
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
    "aria-pressed": selected === null ? null : selected ? "true" : "false",
    title: card.reason || null,
    "data-key": "card:" + card.code,
    "data-group": group,
    "data-idx": idx,
    "data-anim": card.code,
    tabindex: idle ? "-1" : null,
    onclick
  });
  const face = cardFace(card, { labels });
  face.removeAttribute("role");
  face.removeAttribute("aria-label");
  face.removeAttribute("data-anim");
  b.appendChild(face);
  if (blocked) face.appendChild(h("span", { class: "ck-tag ck-tag-no", "aria-hidden": "true" }, "✕ " + (labels.not_allowed || "not allowed")));
  return b;
}

// widgets/js/fit.js
var fitted = /* @__PURE__ */ new WeakMap();
function fitRow(row, opts = {}) {
  const { minStep = 44, wrap = true, rowStep = 0.6 } = opts;
  fitted.set(row, opts);
  row.dataset.fit = "1";
  const cards = [...row.children];
  row.classList.remove("ck-fan", "ck-tight");
  row.style.height = "";
  for (const c of cards) {
    c.style.left = "";
    c.style.top = "";
  }
  if (cards.length < 2) return;
  const cs = getComputedStyle(row);
  const padL = parseFloat(cs.paddingLeft) || 0, padR = parseFloat(cs.paddingRight) || 0;
  const padT = parseFloat(cs.paddingTop) || 0, padB = parseFloat(cs.paddingBottom) || 0;
  const width = row.clientWidth - padL - padR;
  const size = getComputedStyle(cards[0]);
  const cw = parseFloat(size.width) || 0, ch = parseFloat(size.height) || 0;
  if (width <= 0 || !cw) return;
  const left = Math.min(...cards.map((c) => c.offsetLeft));
  const right = Math.max(...cards.map((c) => c.offsetLeft + c.offsetWidth));
  if (right - left <= width + 0.5) return;
  const n = cards.length;
  const gap = parseFloat(cs.columnGap) || 0;
  const perRow = Math.max(1, Math.floor((width - cw) / minStep) + 1);
  const rows = wrap ? Math.ceil(n / perRow) : 1;
  const m = Math.ceil(n / rows);
  const step = m > 1 ? Math.min(cw + gap, (width - cw) / (m - 1)) : 0;
  const dy = Math.max(minStep, Math.round(ch * rowStep));
  const centre = cs.justifyContent === "center";
  const room = row.getBoundingClientRect().height;
  const need = padT + ch + (rows - 1) * dy + padB;
  const y0 = cs.alignItems === "flex-end" ? Math.max(0, room - need) : 0;
  row.classList.add("ck-fan", "ck-tight");
  row.style.height = `${Math.max(need, room)}px`;
  cards.forEach((c, i) => {
    const r = Math.floor(i / m), j = i % m;
    const inRow = Math.min(m, n - r * m);
    const x0 = centre ? (width - (cw + (inRow - 1) * step)) / 2 : 0;
    c.style.left = `${Math.round(padL + x0 + j * step)}px`;
    c.style.top = `${padT + y0 + r * dy}px`;
  });
}
function watchFit(felt) {
  let last = -1;
  const ro = new ResizeObserver(() => {
    const w = felt.clientWidth;
    if (w === last) return;
    last = w;
    for (const row of felt.querySelectorAll("[data-fit]")) fitRow(row, fitted.get(row) || {});
  });
  ro.observe(felt);
  return () => ro.disconnect();
}

// widgets/js/classmate.js
function linkCode() {
  let code = "";
  try {
    code = new URLSearchParams(window.location.search).get("table") || "";
  } catch (e) {
    code = "";
  }
  code = code.replace(/[^A-Za-z0-9]/g, "").toUpperCase().slice(0, 8);
  return code.length === 8 ? code.slice(0, 4) + "-" + code.slice(4) : code;
}
function linkFor(code) {
  const params = new URLSearchParams();
  params.set("table", code.replace(/-/g, ""));
  try {
    const lang = new URLSearchParams(window.location.search).get("lang");
    if (lang) params.set("lang", lang);
  } catch (e) {
  }
  return window.location.origin + window.location.pathname + "?" + params.toString();
}
var Classmates = class {
  constructor(shell) {
    this.shell = shell;
    this.box = h("div", { class: "ck-mates", hidden: true });
    this.slot = h("div", { class: "ck-mates-slot" });
    this.key = null;
    this.open = !!linkCode();
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
      return h("button", {
        type: "button",
        class: "ck-btn ck-mates-open",
        "data-key": "mate:leave",
        onclick: () => this.send({ do: "new_game" })
      }, (m.labels || {}).leave || "");
    }
    if (!m || m.stage !== "offer" || this.open) return null;
    return h("button", {
      type: "button",
      class: "ck-btn ck-mates-open",
      "data-key": "mate:open",
      "aria-expanded": "false",
      onclick: () => {
        this.open = true;
        this.shell.redraw();
        this.focus("mate:name");
      }
    }, (m.labels || {}).offer || "");
  }
  draw(v) {
    const m = v.classmate;
    const key = JSON.stringify([m, this.open]);
    if (key === this.key) return;
    this.key = key;
    const offer = this.offerButton(v);
    this.slot.replaceChildren(...offer ? [offer] : []);
    this.shell.toolrow.classList.toggle("ck-has-offer", !!offer);
    const empty = !m || m.stage === "offer" && !this.open || m.stage === "playing" && !m.finish;
    this.box.hidden = empty;
    if (empty) {
      this.box.replaceChildren();
      return;
    }
    const L = m.labels || {};
    if (m.stage === "offer") this.drawOffer(L, m.error, m.seats || []);
    else if (m.stage === "waiting") this.drawWaiting(m, L);
    else this.drawPlaying(m, L);
  }
  drawOffer(L, error, seats) {
    const typed = (key) => {
      const e = this.box.querySelector(`[data-key="${key}"]`);
      return e ? e.value : null;
    };
    const keptName = typed("mate:name"), keptCode = typed("mate:code");
    const uid = Math.random().toString(36).slice(2, 8);
    const name = h("input", {
      id: "ck-mate-name-" + uid,
      class: "ck-input",
      "data-key": "mate:name",
      maxlength: "12",
      autocomplete: "nickname",
      type: "text"
    });
    const code = h("input", {
      id: "ck-mate-code-" + uid,
      class: "ck-input ck-mate-codein",
      "data-key": "mate:code",
      maxlength: "24",
      autocomplete: "off",
      autocapitalize: "characters",
      spellcheck: "false",
      type: "text",
      value: linkCode()
    });
    if (keptName !== null) name.value = keptName;
    if (keptCode !== null) code.value = keptCode;
    const keptSeats = typed("mate:seats");
    const choose = seats.length ? h(
      "select",
      { id: "ck-mate-seats-" + uid, class: "ck-input", "data-key": "mate:seats" },
      seats.map((c) => h("option", { value: String(c.value) }, c.label))
    ) : null;
    if (choose && keptSeats !== null) choose.value = keptSeats;
    const who = () => name.value;
    const join = () => this.send({ do: "join", code: code.value, name: who() });
    code.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter") {
        ev.preventDefault();
        join();
      }
    });
    const fromLink = !!linkCode();
    const made = () => choose ? { do: "classmate", name: who(), classmates: Number(choose.value) } : { do: "classmate", name: who() };
    const make = [
      choose ? h("label", { class: "ck-mates-field", for: choose.id }, h("span", {}, L.seats || ""), choose) : null,
      h(
        "div",
        { class: "ck-mates-row" },
        h("button", {
          type: "button",
          class: "ck-btn" + (fromLink ? "" : " ck-primary"),
          "data-key": "mate:make",
          onclick: () => this.send(made())
        }, L.make || "")
      )
    ];
    const sit = [
      h("label", { class: "ck-mates-field", for: code.id }, h("span", {}, L.or || ""), code),
      h(
        "div",
        { class: "ck-mates-row" },
        h("button", {
          type: "button",
          class: "ck-btn" + (fromLink ? " ck-primary" : ""),
          "data-key": "mate:join",
          onclick: join
        }, L.join || "")
      )
    ];
    const close = h(
      "div",
      { class: "ck-mates-row" },
      h(
        "button",
        {
          type: "button",
          class: "ck-btn",
          "data-key": "mate:close",
          onclick: () => {
            this.open = false;
            this.shell.redraw();
            this.focusIn(this.slot, "mate:open");
          }
        },
        L.close || ""
      )
    );
    this.box.replaceChildren(h(
      "div",
      { class: "ck-mates-form", role: "group", "aria-label": L.offer || "" },
      h("div", { class: "ck-mates-title" }, L.offer || ""),
      h("label", { class: "ck-mates-field", for: name.id }, h("span", {}, L.name || ""), name),
      fromLink ? [sit, make] : [make, sit],
      close,
      error ? h("p", { class: "ck-mates-error", role: "alert" }, error) : null
    ));
  }
  drawWaiting(m, L) {
    const link = linkFor(m.code);
    const field = h("input", {
      class: "ck-input ck-mates-link",
      "data-key": "mate:link",
      readonly: true,
      type: "text",
      value: link,
      "aria-label": L.link || "",
      onfocus: (ev) => ev.target.select()
    });
    const copy = h("button", { type: "button", class: "ck-btn", "data-key": "mate:copy", onclick: () => {
      try {
        navigator.clipboard.writeText(link);
      } catch (e) {
        field.select();
      }
      field.focus();
      field.select();
    } }, L.copy || "");
    this.box.replaceChildren(h(
      "div",
      { class: "ck-mates-waiting" },
      h(
        "div",
        { class: "ck-mates-code" },
        h("span", { class: "ck-mates-code-label" }, (L.code || "") + " "),
        h("b", { class: "ck-mates-code-text", "data-code": m.code }, m.code)
      ),
      h("div", { class: "ck-mates-row" }, h("span", { class: "ck-mates-linklabel" }, L.link || ""), field, copy),
      // nobody has moved yet: leaving is a New game, which asks nothing
      h("div", { class: "ck-mates-row" }, h("button", {
        type: "button",
        class: "ck-btn",
        "data-key": "mate:leave",
        onclick: () => this.send({ do: "new_game" })
      }, L.leave || ""))
    ));
  }
  drawPlaying(m, L) {
    this.box.replaceChildren(h(
      "div",
      { class: "ck-mates-playing" + (m.away ? " ck-mates-away" : "") },
      h("span", { class: "ck-mates-dot", "aria-hidden": "true" }, m.away ? "○" : "●"),
      h("span", { class: "ck-mates-who" }, m.who || ""),
      h("span", { class: "ck-mates-code-small" }, (L.code || "") + " " + m.code),
      m.finish ? h("button", {
        type: "button",
        class: "ck-btn ck-danger",
        "data-key": "mate:finish",
        onclick: () => this.send({ do: "finish" })
      }, L.finish || "") : null
    ));
  }
  focus(key) {
    this.focusIn(this.box, key);
  }
  focusIn(where, key) {
    const e = where.querySelector(`[data-key="${key}"]`);
    if (e) e.focus({ preventScroll: true });
  }
};

// widgets/js/connection.js
function pageStoppedText() {
  const e = document.querySelector("#ck-stopped .ck-stopped-text");
  const text = e ? e.textContent.replace(/\s+/g, " ").trim() : "";
  return text || null;
}
var Connection = class {
  /** Watches the kernel behind a table's shell (its model, root, lost notice, What now, redraw). */
  constructor(shell) {
    this.shell = shell;
    this.model = shell.model;
    this.pingN = 0;
    this.lastPong = Date.now();
    this.awaiting = null;
    this.lost = false;
    this.onMsg = (msg) => {
      if (msg && typeof msg.pong === "number") {
        this.lastPong = Date.now();
        if (this.awaiting && msg.pong >= this.awaiting.n) this.awaiting = null;
        if (this.lost) this.recover();
      }
    };
    this.model.on("msg:custom", this.onMsg);
    this.timer = setInterval(() => this.heartbeat(), 2e3);
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
      this.pingN += 1;
      try {
        this.model.send({ do: "ping", n: this.pingN });
      } catch (err) {
      }
      return;
    }
    const now = Date.now();
    if (this.awaiting && now - this.awaiting.since > 6e3) return this.showLost();
    if (now - this.lastPong > 15e3) return this.showLost();
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
    const say = this.lostText || v.labels && v.labels.lost || "Connection lost — reload the page to play again.";
    if (this.lost && this.shell.lostBox.textContent === say) return;
    this.lost = true;
    this.shell.lostBox.textContent = say;
    this.shell.lostBox.hidden = false;
    this.shell.root.classList.add("ck-is-lost");
    this.shell.whatNow.replaceChildren(h("span", { class: "ck-whatnow-prompt ck-whatnow-lost" }, say));
    this.shell.whatNow.className = "ck-whatnow ck-tone-warn";
    delete this.shell.whatNow.dataset.text;
    this.shell.markMore();
    for (const b of this.shell.root.querySelectorAll("button, select, input")) {
      b.setAttribute("aria-disabled", "true");
      b.tabIndex = -1;
    }
  }
};

// widgets/js/resume.js
var PREFIX = "cardkit:";
function keyFor(game) {
  return PREFIX + (game || "table") + ":resume:" + window.location.pathname;
}
function read(key) {
  try {
    return window.localStorage.getItem(key);
  } catch (err) {
    return null;
  }
}
function write(key, token) {
  try {
    if (typeof token === "string" && token.length <= 200) window.localStorage.setItem(key, token);
    else window.localStorage.removeItem(key);
  } catch (err) {
  }
}
function watchResume(model, send) {
  const game = () => (model.get("view") || {}).game;
  const onMsg = (msg) => {
    if (msg && Object.prototype.hasOwnProperty.call(msg, "resume")) write(keyFor(game()), msg.resume);
  };
  model.on("msg:custom", onMsg);
  const v = model.get("view") || {};
  if (v.resume) send({ do: "resume", token: read(keyFor(v.game)) || null });
  return () => model.off("msg:custom", onMsg);
}

// widgets/js/fonts.js
var FAMILY = { pa: "Noto Sans Gurmukhi", kn: "Noto Sans Kannada" };
var LETTER = { pa: "ਅ", kn: "ಅ" };
var asked = /* @__PURE__ */ new Set();
var arrived = null;
var arrive = () => {
};
function declared(family) {
  return [...document.fonts].some((f) => f.family.replace(/["']/g, "") === family);
}
function needFont(model, ...langs) {
  const families = langs.map((l) => FAMILY[l]).filter((f) => f && !asked.has(f));
  if (!families.length) return;
  families.forEach((f) => asked.add(f));
  if (families.some((f) => !declared(f))) {
    if (!arrived) arrived = new Promise((ok) => {
      arrive = ok;
    });
    model.send({ do: "fonts" });
  }
}
function fontsReady(lang) {
  const family = FAMILY[lang];
  if (!family || !document.fonts) return Promise.resolve();
  const load = () => Promise.all(["400", "700"].map((w) => document.fonts.load(`${w} 16px "${family}"`, LETTER[lang]).catch(() => [])));
  const waited = declared(family) ? load() : (arrived || Promise.resolve()).then(load);
  return Promise.race([waited, new Promise((ok) => setTimeout(ok, 3e3))]);
}
function takeFonts(content, buffers) {
  if (!content || !Array.isArray(content.fonts)) return false;
  const loads = [];
  content.fonts.forEach((f, i) => {
    const data = buffers && buffers[i];
    if (!data || !Object.values(FAMILY).includes(f.family)) return;
    const weight = /^\d{3}( \d{3})?$/.test(String(f.weight)) ? String(f.weight) : "400";
    const face = new FontFace(f.family, data, { weight, unicodeRange: String(f.range || "") });
    document.fonts.add(face);
    loads.push(face.load().catch(() => {
    }));
  });
  Promise.all(loads).then(() => {
    arrive();
    lookFontsUpAgain();
  });
  return true;
}
var flip = false;
function lookFontsUpAgain() {
  flip = !flip;
  for (const root of document.querySelectorAll(".ck-root")) {
    root.classList.toggle("ck-kern-a", flip);
    root.classList.toggle("ck-kern-b", !flip);
  }
}
var watching = false;
function watchFonts() {
  if (watching || !document.fonts || !document.fonts.addEventListener) return;
  watching = true;
  document.fonts.addEventListener("loadingdone", () => document.fonts.ready.then(lookFontsUpAgain));
}

// widgets/js/keys.js
var CARDS = ":scope > .ck-cardbtn";
function usable(e) {
  return e.getAttribute("aria-disabled") !== "true";
}
function rove(row, group, memory) {
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
    const to = {
      ArrowLeft: i - 1,
      ArrowUp: i - 1,
      ArrowRight: i + 1,
      ArrowDown: i + 1,
      Home: 0,
      End: all.length - 1
    }[ev.key];
    if (to === void 0) return;
    ev.preventDefault();
    all[Math.max(0, Math.min(all.length - 1, to))].focus();
  });
}
function landing(card, actions, waiting) {
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
function landingFromButton(button, felt, actions) {
  const card = felt.querySelector("[role='toolbar'] > .ck-cardbtn[tabindex='0']");
  return (card && usable(card) ? card : null) || actions.querySelector(".ck-primary:not([aria-disabled='true'])") || button;
}

// widgets/js/motion.js
var Motion = class {
  /** The motion of one table: its model (for the preference), its felt and its overlay. */
  constructor(model, felt, overlay) {
    this.model = model;
    this.felt = felt;
    this.overlay = overlay;
    this.rects = /* @__PURE__ */ new Map();
    this.quietUntil = 0;
    this.lastState = -1e9;
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
    this.rects = /* @__PURE__ */ new Map();
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
      e.animate(
        [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
        { duration: 260, easing: "cubic-bezier(.2,.7,.3,1)" }
      );
    }
  }
  /** Slide a card in from the element `from` (e.g. the opponent's hand) to where it is drawn. */
  slideFrom(cardEl, from) {
    if (!this.enabled || !cardEl || !from) return;
    const a = from.getBoundingClientRect(), b = cardEl.getBoundingClientRect();
    const dx = a.left + a.width / 2 - (b.left + b.width / 2), dy = a.top + a.height / 2 - (b.top + b.height / 2);
    cardEl.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(.7)`, opacity: 0.4 }, { transform: "none", opacity: 1 }],
      { duration: 280, easing: "ease-out" }
    );
  }
  /** Copies of cards drawn before a redraw ({node, rect}) fly to `to` and fade. */
  gatherSnapshots(snaps, to) {
    if (!this.enabled || !to) return;
    const base = this.overlay.getBoundingClientRect();
    const dest = to.getBoundingClientRect();
    for (const { node, rect } of snaps) {
      node.classList.add("ck-flying");
      Object.assign(node.style, {
        left: `${rect.left - base.left}px`,
        top: `${rect.top - base.top}px`,
        width: `${rect.width}px`,
        height: `${rect.height}px`
      });
      this.overlay.appendChild(node);
      const dx = dest.left + dest.width / 2 - (rect.left + rect.width / 2), dy = dest.top + dest.height / 2 - (rect.top + rect.height / 2);
      const anim = node.animate(
        [{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(.6)`, opacity: 0.2 }],
        { duration: 380, easing: "ease-in" }
      );
      anim.onfinish = () => node.remove();
      setTimeout(() => node.remove(), 900);
    }
  }
};

// widgets/js/table.js
var TableShell = class {
  constructor(model, el, game) {
    this.model = model;
    this.el = el;
    this.selected = /* @__PURE__ */ new Set();
    this.lastPos = null;
    this.roving = {};
    this.root = h("div", { class: `ck-root ck-game-${game}`, tabindex: "-1" });
    this.lostBox = h("div", { class: "ck-lost", role: "alert", hidden: true });
    this.toolbar = h("div", { class: "ck-toolbar" });
    this.settingsBox = h("details", { class: "ck-settings" });
    this.felt = h("div", { class: "ck-felt" });
    this.overlay = h("div", { class: "ck-overlay", "aria-hidden": "true" });
    const nowId = "ck-whatnow-" + Math.random().toString(36).slice(2, 8);
    this.whatNow = h("div", {
      class: "ck-whatnow",
      id: nowId,
      role: "status",
      "aria-live": "polite",
      "aria-atomic": "true",
      "data-key": "tool:whatnow"
    });
    this.moreButton = h("button", {
      type: "button",
      class: "ck-more-btn",
      "data-key": "tool:more",
      hidden: true,
      "aria-expanded": "false",
      "aria-controls": nowId,
      onclick: () => this.toggleMore()
    });
    this.actions = h("div", { class: "ck-actions", role: "group" });
    this.taskbar = h("div", { class: "ck-taskbar", role: "group", hidden: true });
    this.confirmBox = h("div", { class: "ck-confirm", role: "alertdialog", hidden: true, "aria-modal": "true" });
    this.log = h("details", { class: "ck-log" });
    this.intro = h("p", { class: "ck-intro", hidden: true });
    this.mates = new Classmates(this);
    this.toolrow = h("div", { class: "ck-toolrow" }, this.settingsBox, this.mates.slot);
    this.root.append(
      this.lostBox,
      this.intro,
      this.toolbar,
      this.mates.box,
      this.toolrow,
      h("div", { class: "ck-felt-wrap" }, this.felt, this.overlay, this.confirmBox),
      h("div", { class: "ck-whatnow-wrap" }, this.whatNow, this.moreButton),
      this.actions,
      this.taskbar,
      this.log
    );
    el.appendChild(this.root);
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
    this.unwatchFit = watchFit(this.felt);
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
      this.focus = { key: null, group: null, idx: 0 };
    } else if (f && this.root.contains(f)) {
      this.focus = {
        key: f.dataset ? f.dataset.key : null,
        group: f.dataset ? f.dataset.group : null,
        idx: f.dataset ? Number(f.dataset.idx || 0) : 0
      };
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
      if (target && !usable(target) && target.classList.contains("ck-cardbtn") && target.parentElement.getAttribute("role") === "toolbar" && (!kept || moved)) {
        target = landing(target, this.actions, waiting);
      } else if (target && !usable(target) && moved && !waiting && this.actions.contains(target)) {
        target = landingFromButton(target, this.felt, this.actions);
      }
      if (!target) target = this.felt.querySelector(".ck-end-btn") || this.actions.querySelector("button:not([aria-disabled='true'])") || this.felt.querySelector(".ck-cardbtn:not([aria-disabled='true'])") || this.felt.querySelector(".ck-cardbtn") || this.root;
      if (document.activeElement !== target) target.focus({ preventScroll: true });
      if (moved && this.actions.contains(target) && !this.felt.querySelector(".ck-cardbtn:not([aria-disabled='true'])")) {
        const r = this.actions.getBoundingClientRect();
        if (r.bottom > window.innerHeight || r.top < 0) this.actions.scrollIntoView({ block: "nearest" });
      }
    }
    if (v) this.motion.slideMoved();
  }
  drawToolbar(v) {
    const key = JSON.stringify([
      v.title,
      v.subtitle,
      v.badges,
      v.scores,
      v.score_label,
      v.target_label,
      v.settings,
      v.toggles,
      v.speed,
      v.pending_note,
      v.labels,
      v.prefs,
      v.language
    ]);
    if (key === this.toolbarKey) return;
    this.toolbarKey = key;
    const tb = this.toolbar;
    tb.replaceChildren();
    const score = h(
      "div",
      v.score_label ? { class: "ck-score", role: "group", "aria-label": v.score_label } : { class: "ck-score" },
      h("span", { class: "ck-score-title" }, v.score_label || ""),
      (v.scores || []).map((p) => h(
        "span",
        { class: "ck-score-item" + (p.you ? " ck-score-you" : "") },
        h("span", { class: "ck-score-name" }, p.name),
        " ",
        h("b", { class: "ck-score-n" }, String(p.value))
      )),
      v.target_label ? h("span", { class: "ck-score-target" }, "(" + v.target_label + ")") : null
    );
    tb.append(
      h(
        "div",
        { class: "ck-heading" },
        h("span", { class: "ck-title", role: "heading", "aria-level": "2" }, v.title || ""),
        v.subtitle ? h("span", { class: "ck-subtitle" }, v.subtitle) : null,
        (v.badges || []).map((b) => h("span", { class: "ck-badge" }, b))
      ),
      score,
      h(
        "div",
        { class: "ck-tools" },
        h("button", {
          type: "button",
          class: "ck-btn ck-newgame",
          "data-key": "tool:new",
          onclick: () => this.connection.send({ do: "new_game" })
        }, v.labels.new_game)
      )
    );
    const st = this.settingsBox;
    const open = st.open;
    st.replaceChildren(h(
      "summary",
      { class: "ck-settings-summary", "data-key": "tool:settings" },
      "⚙ " + v.labels.settings,
      v.pending_note ? h("span", { class: "ck-pending-dot" }, " • " + v.labels.pending) : null
    ));
    const row = h("div", { class: "ck-settings-row" });
    for (const set of v.settings || []) {
      const id = "ck-set-" + set.name + "-" + Math.random().toString(36).slice(2, 8);
      const sel = h("select", {
        id,
        class: "ck-select",
        "data-key": "set:" + set.name,
        onchange: (ev) => {
          const opt = set.options[ev.target.selectedIndex];
          this.connection.send({ do: "set", name: set.name, value: opt[0] });
        }
      });
      set.options.forEach(([value, text]) => {
        const o = h("option", {}, text + (set.pending && value === set.now ? "" : ""));
        if (value === set.value) o.selected = true;
        sel.appendChild(o);
      });
      row.appendChild(h(
        "label",
        { class: "ck-setting" + (set.pending ? " ck-setting-pending" : ""), for: id },
        h("span", {}, set.label),
        sel
      ));
    }
    if (v.language) {
      const id = "ck-lang-" + Math.random().toString(36).slice(2, 8);
      const sel = h("select", {
        id,
        class: "ck-select ck-language",
        "data-key": "set:language",
        onchange: (ev) => this.connection.send({
          do: "pref",
          name: "language",
          value: v.language.options[ev.target.selectedIndex][0]
        })
      });
      for (const [code, name] of v.language.options) {
        const o = h("option", { lang: code }, name);
        if (code === v.language.value) o.selected = true;
        sel.appendChild(o);
      }
      row.appendChild(h("label", { class: "ck-setting", for: id }, h("span", {}, v.language.label), sel));
    }
    for (const t of v.toggles || []) {
      const id = "ck-tog-" + t.name + "-" + Math.random().toString(36).slice(2, 8);
      const box = h("input", {
        type: "checkbox",
        id,
        "data-key": "tog:" + t.name,
        onchange: (ev) => this.connection.send({ do: "pref", name: t.name, value: ev.target.checked })
      });
      box.checked = !!t.value;
      row.appendChild(h("label", { class: "ck-toggle", for: id }, box, h("span", {}, t.label)));
    }
    st.appendChild(row);
    if (v.pending_note) st.appendChild(h("p", { class: "ck-pending-note" }, v.pending_note));
    st.open = open;
    if (v.language) this.root.lang = v.language.value;
    this.root.classList.toggle("ck-four", !!(v.prefs && v.prefs.four_colour));
    this.root.classList.toggle("ck-force-narrow", !!(v.prefs && v.prefs.narrow));
  }
  /** The "Pause (s)" slider in the settings, when the table has one (``v.speed``). */
  drawSpeed(v, max = 3) {
    if (!v.speed || this.settingsBox.querySelector(".ck-speed")) return;
    const id = "ck-speed-" + Math.random().toString(36).slice(2, 8);
    const out = h("output", { for: id }, v.speed.value.toFixed(1));
    const input = h("input", {
      type: "range",
      id,
      min: 0,
      max,
      step: 0.1,
      value: v.speed.value,
      "data-key": "set:speed",
      onchange: (ev) => this.connection.send({ do: "pref", name: "delay", value: Number(ev.target.value) }),
      oninput: (ev) => {
        out.textContent = Number(ev.target.value).toFixed(1);
      }
    });
    this.settingsBox.querySelector(".ck-settings-row").appendChild(
      h("label", { class: "ck-setting ck-speed", for: id }, h("span", {}, v.speed.label), input, out)
    );
  }
  /** "What now": a refusal or a note (``note``, e.g. the engine's refusal naming the rule) on
   *  its own line first, in its tone, then the prompt; without a note, the prompt alone. */
  drawWhatNow(v) {
    const w = v.what_now || { text: "", tone: "info" };
    const note = w.note || "";
    const prompt = note ? w.prompt || "" : w.text;
    const text = (v.labels.what_now ? v.labels.what_now + ": " : "") + JSON.stringify([note, w.note_tone, prompt]);
    const fresh = this.whatNow.dataset.text !== text;
    if (fresh) {
      const kids = [];
      if (note) kids.push(h("span", { class: "ck-whatnow-note ck-note-" + (w.note_tone || w.tone) }, note));
      if (prompt || !note) {
        kids.push(h(
          "span",
          { class: "ck-whatnow-prompt" },
          h("b", {}, (v.labels.what_now || "") + ": "),
          h("span", { class: "ck-whatnow-text" }, prompt)
        ));
      }
      this.whatNow.replaceChildren(...kids);
      this.whatNow.dataset.text = text;
      this.whatNow.scrollTop = 0;
    }
    const open = !fresh && this.whatNow.classList.contains("ck-open");
    this.whatNow.className = "ck-whatnow ck-tone-" + w.tone + (note ? " ck-has-note" : "") + (open ? " ck-open" : "");
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
    const all = open || el.scrollHeight <= el.clientHeight + 2;
    b.hidden = all && !open;
    if (all) el.removeAttribute("tabindex");
    else el.tabIndex = 0;
    b.setAttribute("aria-expanded", open ? "true" : "false");
    const label = (open ? labels.less : labels.more) || (open ? "less" : "more");
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
    if (v.hint) this.actions.appendChild(h("p", { class: "ck-hint" }, h("b", {}, (v.labels.advice || "Advice") + ": "), v.hint));
  }
  /** The task's choices and Hint, and "Deal this again" (``v.task``, ``v.again``). */
  drawTaskbar(v) {
    const t = v.task, again = v.again;
    const kids = [];
    if (t && t.choices && t.choices.length) {
      kids.push(h(
        "div",
        { class: "ck-task-choices", role: "group", "aria-label": t.choices_label },
        t.choices.map((c) => {
          const b = this.actionButton(
            { id: "choice-" + c.index, label: (c.right ? "✓ " : "") + c.label, enabled: c.enabled },
            () => {
              this.connection.send({ do: "predict", index: c.index });
              this.connection.ping(true);
            }
          );
          b.classList.add("ck-choice");
          if (c.right) b.classList.add("ck-choice-right");
          b.dataset.key = "choice:" + c.index;
          b.dataset.group = "choice";
          b.dataset.idx = c.index;
          return b;
        })
      ));
    }
    kids.push(h("span", { class: "ck-task-spacer" }));
    if (t && t.hint) {
      kids.push(this.actionButton(
        { id: "hint", label: t.hint.label, enabled: t.hint.enabled },
        () => {
          this.connection.send({ do: "hint" });
          this.connection.ping(true);
        }
      ));
      kids[kids.length - 1].dataset.key = "task:hint";
    }
    if (again) {
      const b = h("button", {
        type: "button",
        class: "ck-btn ck-again",
        "data-key": "task:again",
        onclick: () => {
          this.connection.send({ do: "again" });
          this.connection.ping(true);
        }
      }, "↺ " + again.label);
      kids.push(b);
    }
    this.taskbar.replaceChildren(...kids);
    this.taskbar.hidden = !(t || again);
    if (t) this.taskbar.setAttribute("aria-label", v.labels.what_now || "");
  }
  actionButton(a, onclick) {
    const disabled = a.enabled === false;
    const m = /^(.+?) (\([^()]+\))$/.exec(a.label);
    const label = m ? [m[1], " ", h("span", { class: "ck-btn-sub" }, m[2])] : a.label;
    return h("button", {
      type: "button",
      class: "ck-btn" + (a.primary ? " ck-primary" : ""),
      "data-key": "act:" + a.id,
      "aria-disabled": disabled ? "true" : null,
      "aria-label": disabled && a.reason ? `${a.label} — ${a.reason}` : null,
      title: disabled && a.reason ? a.reason : null,
      onclick: (ev) => {
        if (!disabled) onclick(ev);
      }
    }, label);
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
      if (b.action) {
        this.act(b.action);
        return;
      }
      this.connection.send({ do: b.do });
      this.connection.ping(true);
    };
    const btn = b ? h("button", {
      type: "button",
      class: "ck-btn ck-primary ck-end-btn",
      "data-key": b.action ? "act:" + b.id : "end:" + b.id,
      onclick: go
    }, b.label) : null;
    const over = end.kind === "over";
    const mark = over ? h(
      "span",
      { class: "ck-end-mark", "aria-hidden": "true" },
      end.result === "lost" ? "☆" : "★"
    ) : null;
    const pad = end.pad ? h(
      "table",
      { class: "ck-end-pad" },
      h("thead", {}, h("tr", {}, h("td", {}), end.pad.cols.map((c, i) => h("th", { scope: "col", class: i === 0 ? "ck-end-you" : null }, c)))),
      h("tbody", {}, end.pad.rows.map(([label, ...ns]) => h(
        "tr",
        {},
        h("th", { scope: "row" }, label),
        ns.map((n, i) => h("td", { class: i === 0 ? "ck-end-you" : null }, String(n)))
      )))
    ) : null;
    const why = (end.lines || []).length || end.next ? h(
      "div",
      { class: "ck-end-why" },
      (end.lines || []).map((l) => h("p", {}, l)),
      end.next ? h("p", { class: "ck-end-next" }, end.next) : null
    ) : null;
    const scoreWhole = (text) => text.split(/(\d+\s*[–-]\s*\d+)/).map((part, i) => i % 2 ? h("span", { class: "ck-nowrap" }, part) : part);
    return h(
      "section",
      { class: `ck-end ck-end-${over ? end.result : "hand"}`, role: "group", "aria-label": end.title },
      h("div", { class: "ck-end-head" }, mark, h("b", { class: "ck-end-title" }, end.title), btn),
      end.text ? h("p", { class: "ck-end-text" }, scoreWhole(end.text)) : null,
      end.score ? h("p", { class: "ck-end-score" }, end.score) : null,
      pad || why ? h("div", { class: "ck-end-body" }, pad, why) : null
    );
  }
  drawLog(v) {
    this.logView = v;
    if (!this.logToggle) {
      this.logToggle = () => {
        if (this.log.open && this.logView) this.drawLog(this.logView);
      };
      this.log.addEventListener("toggle", this.logToggle);
    }
    const key = JSON.stringify(v.log || []);
    const summary = this.log.querySelector("summary");
    if (summary && summary.textContent !== v.labels.log) summary.textContent = v.labels.log;
    if (summary && (!this.log.open || key === this.logKey)) return;
    this.logKey = this.log.open ? key : null;
    const open = this.log.open;
    this.log.replaceChildren(
      h("summary", { "data-key": "tool:log" }, v.labels.log),
      h(
        "ol",
        { class: "ck-log-lines", reversed: true },
        (v.log || []).map((l) => h("li", { value: l.n }, l.text))
      )
    );
    this.log.open = open;
  }
  /** While the restart question is on show, the rest of the table is inert (no click, no
   *  focus, hidden from screen readers) until it is answered. */
  setInert(on) {
    this.root.classList.toggle("ck-asking", on);
    for (const e of [
      this.intro,
      this.toolbar,
      this.settingsBox,
      this.felt,
      this.whatNow,
      this.actions,
      this.taskbar,
      this.log
    ]) e.inert = on;
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
      h(
        "div",
        { class: "ck-confirm-buttons" },
        h("button", {
          type: "button",
          class: "ck-btn ck-primary",
          "data-key": "confirm:no",
          onclick: () => this.connection.send({ do: "answer", yes: false })
        }, v.labels.no),
        h("button", {
          type: "button",
          class: "ck-btn ck-danger",
          "data-key": "confirm:yes",
          onclick: () => this.connection.send({ do: "answer", yes: true })
        }, v.labels.yes)
      )
    );
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
};
var linkAsked = /* @__PURE__ */ new Set();
function askLinkLanguage(model, shell) {
  const v = model.get("view");
  const id = model.model_id || model.cid || "";
  let want = null;
  try {
    want = new URLSearchParams(window.location.search).get("lang");
  } catch (e) {
    want = null;
  }
  if (!want || !v || !v.language || linkAsked.has(id)) return;
  linkAsked.add(id);
  if (v.language.value !== want && v.language.options.some((o) => o[0] === want)) {
    shell.connection.send({ do: "pref", name: "language", value: want });
  }
}
function makeRender(game, drawGame) {
  return function render({ model, el }) {
    const shell = new TableShell(model, el, game);
    let previous = null;
    const draw = () => {
      const v = model.get("view");
      if (!v || !v.labels) return;
      shell.before();
      shell.root.dataset.pos = String(v.pos);
      shell.root.dataset.mode = v.mode || "";
      if (v.language) needFont(model, "pa", "kn");
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
    const first = model.get("view");
    const lang = first && first.language ? first.language.value : "en";
    needFont(model, "pa", "kn");
    let drawn = false;
    const start = () => {
      if (drawn) return;
      drawn = true;
      model.on("change:view", draw);
      draw();
    };
    if (lang === "pa" || lang === "kn") fontsReady(lang).then(start);
    else start();
    askLinkLanguage(model, shell);
    const unwatch = watchResume(model, (content) => shell.connection.send(content));
    return () => {
      drawn = true;
      model.off("change:view", draw);
      model.off("msg:custom", fonts);
      unwatch();
      shell.destroy();
    };
  };
}

// widgets/js/ecarte.js
function tricksPile(side, n, label) {
  return h(
    "div",
    { class: "ck-tricks ck-tricks-" + side },
    h("span", { class: "ck-tricks-pile", "aria-hidden": "true" }, n ? cardBack("ck-mini") : cardSlot("", "ck-mini")),
    h("span", { class: "ck-count" }, `${label}: ${n}`)
  );
}
function drawEcarte(shell, v, prev) {
  const L = v.labels;
  const felt = shell.felt;
  const prevDone = prev && prev.trick && prev.trick.done;
  const nowDone = v.trick.done;
  const gathered = prevDone && prev.pos !== v.pos && (!nowDone || nowDone.code !== prevDone.code);
  const old = [];
  if (gathered && shell.motion.enabled) {
    for (const e of felt.querySelectorAll(".ck-trick .ck-face")) old.push({ node: e.cloneNode(true), rect: e.getBoundingClientRect() });
  }
  felt.replaceChildren();
  felt.classList.toggle("ck-ended", !!v.end);
  const theirHand = h(
    "div",
    { class: "ck-hand ck-hand-north", "aria-label": `${v.them.name}: ${v.them.count || 0}`, role: "img" },
    Array.from({ length: v.them.count || 0 }, () => cardBack("ck-small"))
  );
  const theirTricks = tricksPile("north", v.them.tricks, v.tricks_label);
  felt.appendChild(h(
    "div",
    { class: "ck-seat ck-north" },
    h("div", { class: "ck-nameplate" }, h("b", {}, v.them.name), h("span", { class: "ck-role" }, v.them.role)),
    theirHand,
    theirTricks
  ));
  const stock = h(
    "div",
    { class: "ck-pile ck-stock" },
    v.stock && v.stock.count ? h("span", { class: "ck-stack" }, cardBack("ck-mid"), v.stock.count > 1 ? cardBack("ck-mid ck-stack-2") : null) : cardSlot("", "ck-mid"),
    h("span", { class: "ck-pile-label" }, v.stock ? v.stock.label : ""),
    h("span", { class: "ck-count" }, v.stock ? v.stock.count_label : " ")
  );
  const turnUp = h(
    "div",
    { class: "ck-pile ck-turnup" },
    cardFace(v.turn_up, { cls: "ck-mid", labels: L, tags: false }),
    h("span", { class: "ck-pile-label" }, v.turn_up_label),
    h(
      "span",
      { class: `ck-trump-badge ${suitClass({ suit: v.trump.suit })}` },
      h("span", { class: "ck-trump-sym", "aria-hidden": "true" }, v.trump.symbol),
      " ",
      v.trump.label
    )
  );
  const inTrick = (c) => {
    if (!c) return cardSlot("", "ck-mid");
    const e = cardFace(c, { cls: "ck-mid ck-in-trick" + (nowDone && nowDone.code === c.code ? " ck-trick-winner" : ""), labels: L });
    return e;
  };
  const slotThem = inTrick(v.trick.cards.them);
  const slotYou = inTrick(v.trick.cards.you);
  const trick = h(
    "div",
    {
      class: "ck-trick" + (nowDone ? " ck-trick-done" : ""),
      role: "group",
      "aria-label": nowDone ? `${v.trick.label}: ${nowDone.text}` : v.trick.label
    },
    h("span", { class: "ck-trick-label" }, v.trick.label),
    h("div", { class: "ck-trick-them" }, slotThem),
    h("div", { class: "ck-trick-you" }, slotYou)
  );
  let last;
  if (nowDone) {
    last = h(
      "div",
      { class: "ck-last ck-last-done ck-last-" + nowDone.winner },
      h("span", { class: "ck-last-label", "aria-hidden": "true" }, " "),
      h("div", { class: "ck-last-cards", "aria-hidden": "true" }, cardSlot("", "ck-small"), cardSlot("", "ck-small")),
      h(
        "div",
        { class: "ck-done" },
        h("span", { class: "ck-done-label" }, v.trick.label),
        h("p", { class: "ck-done-text" }, nowDone.text)
      )
    );
  } else if (v.last_trick) {
    const a = cardFace(v.last_trick.cards.them, { cls: "ck-small", labels: L, tags: false });
    const b = cardFace(v.last_trick.cards.you, { cls: "ck-small", labels: L, tags: false });
    a.removeAttribute("data-anim");
    b.removeAttribute("data-anim");
    last = h(
      "div",
      { class: "ck-last ck-last-" + v.last_trick.winner, role: "group", "aria-label": v.last_trick.label },
      h("span", { class: "ck-last-label" }, v.last_trick.label),
      h("div", { class: "ck-last-cards" }, a, b)
    );
  } else {
    last = h(
      "div",
      { class: "ck-last" },
      h("span", { class: "ck-last-label" }, v.last_trick_empty),
      h("div", { class: "ck-last-cards" }, cardSlot("", "ck-small"), cardSlot("", "ck-small"))
    );
  }
  felt.appendChild(h("div", { class: "ck-middle" }, h("div", { class: "ck-piles" }, stock, turnUp), trick, last));
  const sel = shell.selected;
  if (prev && prev.game_pos !== v.game_pos) sel.clear();
  const codes = new Set(v.hand.map((c) => c.code));
  for (const c of [...sel]) if (!codes.has(c) || v.mode !== "select") sel.delete(c);
  const hand = h("div", { class: "ck-hand ck-hand-south", role: "group", "aria-label": v.hand_label });
  v.hand.forEach((card, i) => {
    const selecting = v.mode === "select";
    const btn = cardButton(card, {
      labels: L,
      idx: i,
      selected: selecting ? sel.has(card.code) : null,
      onclick: () => {
        if (shell.connection.lost) return;
        if (selecting) {
          if (sel.has(card.code)) sel.delete(card.code);
          else if (sel.size < v.select_max) sel.add(card.code);
          shell.before();
          drawEcarte(shell, v, v);
          shell.after();
          return;
        }
        shell.act(card.action);
      }
    });
    hand.appendChild(btn);
  });
  shell.rove(hand, "hand");
  if (!v.hand.length) hand.appendChild(cardSlot("", "ck-hand-empty"));
  const yourTricks = tricksPile("south", v.you.tricks, v.tricks_label);
  felt.appendChild(h(
    "div",
    { class: "ck-seat ck-south" },
    h("div", { class: "ck-nameplate" }, h("b", {}, v.you.name), h("span", { class: "ck-role" }, v.you.role)),
    v.end ? shell.endPanel(v.end) : hand,
    yourTricks
  ));
  if (!v.end) fitRow(hand);
  const buttons = v.actions.map((a) => {
    if (a.selection) {
      const n = sel.size;
      const label = a.labels[Math.min(n, a.labels.length - 1)];
      return shell.actionButton(
        { ...a, label, enabled: n > 0 },
        () => shell.act(("discard " + [...sel].join(" ")).trim())
      );
    }
    return shell.actionButton(a, () => shell.act(a.action));
  });
  shell.drawActions(v, buttons);
  shell.drawSpeed(v, 3);
  if (prev && prev.pos !== v.pos) {
    const prevThem = prev.trick && prev.trick.cards.them;
    if (v.trick.cards.them && (!prevThem || prevThem.code !== v.trick.cards.them.code)) shell.motion.slideFrom(slotThem, theirHand);
    if (old.length) shell.motion.gatherSnapshots(old, prevDone.winner === "you" ? yourTricks : theirTricks);
  }
}
var ecarte_default = { render: makeRender("ecarte", drawEcarte) };
export {
  ecarte_default as default
};
