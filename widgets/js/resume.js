// cardkit tables: resuming a match kept in the table store (widgets/resume.py). The kernel sends
// the person's seat token once ({resume: token}; null: forget it) and this page keeps it in
// localStorage, under a key of the game and the page's path; on every page load (a reload, a new
// kernel, a restarted server) the table sends it back once ({do: "resume", token}; null when it
// keeps none), and the kernel, which checks it against the store, carries the match on (or keeps
// the deal this page shows, and gives the page its token). Only a table whose view says
// `resume` (built with a store) does this; the token is the only thing kept, never a card.

const PREFIX = "cardkit:";

function keyFor(game) {
  return PREFIX + (game || "table") + ":resume:" + window.location.pathname;
}

function read(key) {
  try { return window.localStorage.getItem(key); } catch (err) { return null; }
}

function write(key, token) {
  try {
    if (typeof token === "string" && token.length <= 200) window.localStorage.setItem(key, token);
    else window.localStorage.removeItem(key);
  } catch (err) { /* storage off (a private window): nothing kept */ }
}

/** Keep the kernel's token and send the stored one back once; returns the clean-up. */
export function watchResume(model, send) {
  const game = () => (model.get("view") || {}).game;
  const onMsg = (msg) => {
    if (msg && Object.prototype.hasOwnProperty.call(msg, "resume")) write(keyFor(game()), msg.resume);
  };
  model.on("msg:custom", onMsg);
  const v = model.get("view") || {};
  // every page load says it is here, with the token it keeps or none: the kernel then keeps the
  // deal this page shows (a reload right after a deal brings back the same cards)
  if (v.resume) send({ do: "resume", token: read(keyFor(v.game)) || null });
  return () => model.off("msg:custom", onMsg);
}
