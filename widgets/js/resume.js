// cardkit tables: resuming a match kept in the table store (widgets/resume.py). The kernel sends
// the person's seat token once ({resume: token}; null: forget it) and this page keeps it in
// localStorage, under a key of the game and the page's path; on a new page load (a reload, a new
// kernel, a restarted server) the table sends it back once ({do: "resume", token}), and the
// kernel, which checks it against the store, carries the match on. Only a table whose view says
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
  const token = v.resume ? read(keyFor(v.game)) : null;
  if (token) send({ do: "resume", token });
  return () => model.off("msg:custom", onMsg);
}
