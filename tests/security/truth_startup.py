"""IPython startup file for the security tests' kernels (never used in class): a thread that
records, whenever it changes, what each live card table hides from its student — the other
seats' hands and the stock, less any card the seat's observation names (the rules revealed it) —
and a fingerprint of the whole game, as JSON lines in
``$CARDKIT_TRUTH_DIR/<pid>.jsonl`` (``{"t": time.time(), "kernel": ..., "tables": [...]}``).
The tests compare it with every frame and every ``request_states`` snapshot a page receives."""
import json
import os
import threading
import time


def _public(state, seat) -> set:
    """Cards the seat's observation names (a card the rules reveal, e.g. an announced king,
    is public): Card objects anywhere in it, or their text in its strings."""
    from cardkit.cards import Card
    cards, texts = set(), []

    def walk(x, depth=0):
        if depth > 8:
            return
        if isinstance(x, Card):
            cards.add(x.code)
        elif isinstance(x, str):
            texts.append(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(k, depth + 1)
                walk(v, depth + 1)
        elif isinstance(x, (list, tuple, set, frozenset)):
            for v in x:
                walk(v, depth + 1)

    obs = state.observation(seat)
    walk(obs.to_dict() if hasattr(obs, "to_dict") else obs)
    text = " ".join(texts)
    return cards, text


def _tables():
    from ipywidgets.widgets.widget import _instances
    out = []
    for w in list(_instances.values()):
        state, seat = getattr(w, "state", None), getattr(w, "seat", None)
        if seat is None:            # the anywidget tables keep their seat on their controller
            seat = getattr(getattr(w, "controller", None), "seat", None)
        if state is None or seat is None or not hasattr(state, "hands") or not hasattr(state, "stock"):
            continue
        hidden = [c.code for i, hand in enumerate(list(state.hands)) if i != seat for c in list(hand)]
        hidden += [c.code for c in list(state.stock)]
        cards, text = _public(state, seat)
        public = {code for code in hidden if code in cards}
        for c in list(state.stock) + [c for i, h in enumerate(state.hands) if i != seat for c in h]:
            if str(c) in text:
                public.add(c.code)
        hidden = [code for code in hidden if code not in public]
        try:
            fingerprint = state.to_json()
        except Exception:
            fingerprint = repr(vars(state))
        out.append({"hidden": sorted(hidden), "fingerprint": fingerprint,
                    "over": bool(state.is_over() if callable(state.is_over) else state.is_over),
                    "hand": getattr(state, "hand_number", None),
                    "between": getattr(w, "between_hands", None) is not None})
    return out


def _run(time=time, os=os, json=json, tables_now=_tables):
    # The names are bound here, not looked up: the thread's globals are the kernel's user
    # namespace, which IPython clears while a kernel shuts down; a lookup then raised NameError
    # and its traceback reached the server log the tests scan (seen once under load).
    path = os.path.join(os.environ["CARDKIT_TRUTH_DIR"], f"{os.getpid()}.jsonl")
    last = None
    while True:
        time.sleep(0.03)
        try:
            tables = tables_now()
        except Exception:
            continue
        if tables != last:
            last = tables
            line = {"t": time.time(), "kernel": os.environ.get("VOILA_KERNEL_ID"),
                    "tables": tables}
            with open(path, "a", encoding="utf-8") as f:
                f.write(json.dumps(line) + "\n")


if os.environ.get("CARDKIT_TRUTH_DIR"):
    threading.Thread(target=_run, daemon=True, name="cardkit-truth").start()
