"""What a page (or a script holding a page's cookie and kernel id) can and cannot do to a
standalone Voilà serving the apps: raw websocket clients speaking the widget protocol.

Front-end dependent steps (finding the table's model, what can be clicked) are in
``voila_client.table_model_id`` / ``choices`` only.
"""
from __future__ import annotations

import contextlib
import json
import random
import re
import time
import urllib.request

import pytest
import websocket

from voila_client import WidgetSession, choices, pick, table_model_id
from secrets_scan import leaked

ECARTE = "voila/render/ecarte_app.ipynb"
SWITCH = "voila/render/switch_app.ipynb"
TRACEBACK = re.compile(r"Traceback|File \"|site-packages|TraitError|\.py\", line", re.I)


def open_page(voila, path=ECARTE, *, source: str | None = None) -> WidgetSession:
    """A student's page on server ``voila``, connected, its widgets' state read (``source``: the
    local address it connects from)."""
    s = WidgetSession(voila.url, path, source=source)
    s.load()
    s.connect()
    s.request_states()
    assert table_model_id(s.models), "the page's kernel holds no card table"
    return s


def assert_no_traceback(s: WidgetSession) -> None:
    text = s.text_since(0)
    m = TRACEBACK.search(text)
    assert m is None, f"traceback text reached the browser: …{text[max(0, m.start() - 200):m.end() + 200]}…"


def alive(s: WidgetSession, kernel_id: str | None = None) -> bool:
    """Whether the kernel of page ``s`` runs, asked as that page (only its student may ask)."""
    status, _ = s.get(f"api/kernels/{kernel_id or s.kernel_id}")
    assert status in (200, 404), status
    return status == 200


# ------------------------------------------------------------------------------ messages
def test_non_comm_messages_are_dropped(voila, tmp_path):
    s = open_page(voila)
    marker = tmp_path / "ran"
    code = f"open({str(marker)!r}, 'w').write('x'); print('EXECUTED')"
    ids = {s.send("execute_request", {"code": code, "silent": False, "store_history": True,
                                      "user_expressions": {}, "allow_stdin": False}),
           s.send("inspect_request", {"code": "import os", "cursor_pos": 5, "detail_level": 1}),
           s.send("complete_request", {"code": "os.", "cursor_pos": 3}),
           s.send("history_request", {"output": True, "raw": True, "hist_access_type": "tail",
                                      "n": 10})}
    info = s.send("kernel_info_request", {})
    got = s.pump(quiet=3.0, timeout=20)
    parents = [(m.get("parent_header") or {}).get("msg_id") for m in got]
    assert info in parents, "kernel_info_request (allowed) got no reply"
    assert not ids & set(parents), "a non-comm request was answered"
    assert not marker.exists() and "EXECUTED" not in s.text_since(0)
    assert "which is not allowed. Ignoring." in voila.log()
    s.close()


def test_rest_api_cannot_stop_or_list_kernels(voila):
    s = open_page(voila)
    # the kernels list is not served at all
    status, _ = WidgetSession(voila.url).get("api/kernels")
    assert status in (403, 404, 405)
    # another browser with a made-up _xsrf cookie and header (passes Tornado's double-submit)
    fake = "2|00000000|" + "0" * 32 + "|1700000000"
    for method, path in (("DELETE", f"api/kernels/{s.kernel_id}"),
                         ("POST", f"voila/api/shutdown/{s.kernel_id}")):
        req = urllib.request.Request(f"{voila.url}/{path}", method=method, data=b"",
                                     headers={"Cookie": f"_xsrf={fake}", "X-XSRFToken": fake})
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(req, timeout=10)
        assert err.value.code == 403, (method, path, err.value.code)
    time.sleep(1)
    assert alive(s)
    s.close()


def test_a_page_closing_stops_its_own_kernel_without_an_error(voila):
    # Voilà's page sends POST /voila/api/shutdown/<id> as it closes, without an _xsrf argument:
    # from its own student and origin that is answered 204 (it was 403, a console error), and the
    # kernel goes at once; a foreign origin is still refused
    s = open_page(voila)
    req = urllib.request.Request(f"{voila.url}/voila/api/shutdown/{s.kernel_id}", method="POST",
                                 data=b"", headers={"Origin": "http://evil.example"})
    with pytest.raises(urllib.error.HTTPError) as err:
        s.opener.open(req, timeout=10)
    assert err.value.code in (403, 404)
    assert alive(s)
    req = urllib.request.Request(f"{voila.url}/voila/api/shutdown/{s.kernel_id}", method="POST",
                                 data=b"", headers={"Origin": voila.url})
    with s.opener.open(req, timeout=10) as r:
        assert r.status == 204
    assert not alive(s)
    s.close()


def test_kernel_id_is_not_a_password(voila):
    s = open_page(voila)
    thief = WidgetSession(voila.url)                      # another browser: its own cookie
    thief.get("voila/static/voila.js")
    with pytest.raises(websocket.WebSocketBadStatusException) as err:
        thief.connect(s.kernel_id)
    assert err.value.status_code == 403
    twin = WidgetSession(voila.url, cookies=s.jar)        # same browser, a second socket
    with pytest.raises(websocket.WebSocketBadStatusException) as err:
        twin.connect(s.kernel_id)
    assert err.value.status_code == 403
    # the student's own socket still works
    s.send("kernel_info_request", {})
    assert any(m.get("msg_type") == "kernel_info_reply" for m in s.pump(quiet=2.0))
    s.close()


def test_closed_page_frees_its_kernel_within_seconds(voila):
    s = open_page(voila)
    s.close()
    t0 = time.monotonic()
    while alive(s):
        assert time.monotonic() - t0 < 10, "kernel still running 10 s after its page closed"
        time.sleep(0.5)


# ------------------------------------------------------------------------ hidden cards
def played(fingerprint: str) -> set[str]:
    """Cards the game's history shows as played face up ("play K♥"): public once played."""
    from cardkit.cards import parse_card
    out = set()
    for action in json.loads(fingerprint).get("actions", []):
        if action.startswith("play "):
            with contextlib.suppress(ValueError, IndexError):
                out.add(parse_card(action.split()[1]).code)
    return out


def context(text: str, codes) -> list[str]:
    """Where the cards ``codes`` appear in ``text`` (for failure messages)."""
    from secrets_scan import card_texts
    out = []
    for code in codes:
        for form in card_texts(code)[:1]:
            i = text.find(form)
            if i >= 0:
                out.append(text[max(0, i - 300):i + 80])
    return out


def play_and_check(voila, truth, path, *, done, max_steps, seed):
    """Click until ``done(table_truth)``; at every step no card hidden throughout the step is
    in a frame received during it, and no card hidden now is in a full ``request_states``
    (cards once played face up are public and not counted). The clicks are random among the
    table's buttons, skipping those that changed nothing since the game last moved."""
    s = open_page(voila, path)
    t = truth(s.kernel_id)
    now = t.now()
    assert now["hidden"], "the truth record holds no hidden cards"
    first = json.dumps(s.models, ensure_ascii=False)
    start_leak = leaked(first, now["hidden"])
    assert not start_leak, f"hidden cards in the first request_states: {start_leak} {context(first, start_leak)}"
    rng = random.Random(seed)
    steps, useless = 0, set()
    while not done(t.now()) and steps < max_steps:
        before = t.now()["fingerprint"]
        table = table_model_id(s.models)
        options = [c for c in choices(s.models, table) if c.label.strip()]
        for _ in range(5):              # the computer may still be thinking: wait for the table
            if options:
                break
            s.pump(quiet=1.5, timeout=30)
            options = [c for c in choices(s.models, table) if c.label.strip()]
        choice = pick([c for c in options if c.label not in useless] or options, rng)
        assert choice is not None, f"nothing to click: {s.models[table]['state']['view'].get('what_now')}"
        t0 = time.time()
        s.comm_msg(choice.model_id, choice.data)
        s.pump(quiet=1.0, timeout=30)
        time.sleep(0.1)                               # let the recorder catch up
        t1 = time.time()
        after = t.now()
        public = played(after["fingerprint"])
        secret = (t.hidden_throughout(t0, t1) & t.hidden_this_deal(t0)
                  & t.hidden_this_deal(t1)) - public
        bad = leaked(s.text_since(t0), secret)
        assert not bad, (f"step {steps} ({choice.label!r}): hidden cards in frames: {bad}: "
                         f"{context(s.text_since(t0), bad)}")
        snap = json.dumps(s.request_states(), ensure_ascii=False)
        bad = leaked(snap, (t.hidden_this_deal(time.time()) & t.hidden_this_deal(t0)) - public)
        assert not bad, f"step {steps}: hidden cards in request_states: {bad}: {context(snap, bad)}"
        if after["fingerprint"] == before:
            useless.add(choice.label)
        else:
            useless.clear()
        steps += 1
    assert done(t.now()), f"not finished after {max_steps} clicks"
    assert_no_traceback(s)
    s.close()
    return steps


def test_whole_ecarte_hand_never_shows_hidden_cards(voila, truth):
    first = {}

    def hand_over(rec):
        first.setdefault("hand", rec["hand"])
        return rec["between"] or rec["over"] or rec["hand"] != first["hand"]

    play_and_check(voila, truth, ECARTE, done=hand_over, max_steps=80, seed=7)


def test_whole_switch_game_never_shows_hidden_cards(voila, truth):
    # a random deal and random clicks: of 5,000 such games played through the engine, 0.6 % took
    # the person more than 150 moves, none more than 217 (the bound only stops a broken game)
    play_and_check(voila, truth, SWITCH, done=lambda rec: rec["over"], max_steps=400, seed=3)


# --------------------------------------------------------------------------- forgeries
def test_forged_clicks_change_nothing(voila, truth):
    s = open_page(voila)
    t = truth(s.kernel_id)
    s.pump(quiet=2.5, timeout=30)           # let the computer make its opening move first
    table = table_model_id(s.models)
    before = t.now()["fingerprint"]
    pos = s.models[table]["state"]["view"]["pos"]
    # what the page would never send: disabled buttons and cards that may not be played now,
    # cards the seat cannot see, a stale position, junk shapes and text that is not a move
    forged = [c.data for c in choices(s.models, table, include_disabled=True) if c.kind == "forged"]
    view = s.models[table]["state"]["view"]
    # a random deal may give the person the first card to play with every card allowed (the
    # computer stood and led): then nothing on the table is disabled
    assert forged or (view["mode"] == "play" and all(c.get("playable") for c in view["hand"])), \
        f"no disabled button or unplayable card to forge a click on: {view.get('what_now')}"
    def act(action, p=pos):
        return {"method": "custom", "content": {"do": "act", "action": action, "pos": p}}
    # every card the seat does not hold (its own cards that may not be played now are in the
    # list above; the others may be real moves: the computer may have stood and led)
    mine = {c["code"] for c in view["hand"]}
    forged += [act(f"play {r}{u}") for r in ("K", "Q", "J", "A", "10", "9", "8", "7") for u in "SHDC"
               if f"{r}{u}" not in mine]
    forged += [act("stand", pos - 1), act("propose", pos + 5), act("discard"), act("bogus"),
               act("play"), act("x" * 10_000), act(None), act(["stand"]), act({"a": 1})]
    forged += [{"method": "custom", "content": junk}
               for junk in ("stand", None, [], {"do": "act"}, {"do": "answer", "yes": "yes"},
                            {"do": "set", "name": "level", "value": 99},
                            {"do": "set", "name": "rules", "value": "<b>x</b>"},
                            {"do": "pref", "name": "delay", "value": -5})]
    log0 = len(voila.log())
    for data in forged:         # at a pace the rate limit lets through (8 a second)
        s.comm_msg(table, data)
        time.sleep(0.15)
    s.pump(quiet=1.5)
    assert "messages a second" not in voila.log()[log0:]
    time.sleep(0.2)
    assert t.now()["fingerprint"] == before, "a forged click changed the game"
    assert_no_traceback(s)
    s.close()


def test_forged_trait_values_are_refused(voila, truth):
    s = open_page(voila)
    t = truth(s.kernel_id)
    s.pump(quiet=2.5, timeout=30)           # let the computer make its opening move first
    table = table_model_id(s.models)
    true_view = json.dumps(s.models[table]["state"]["view"], sort_keys=True)
    before = t.now()["fingerprint"]
    for bad in (99, -1, "x", None, [1, 2], {"a": 1}, {"game": "ecarte", "pos": 0, "hand": []}):
        s.update(table, {"view": bad})
        s.update(table, {"_dom_classes": bad, "tabbable": bad})
    s.pump(quiet=1.5)
    time.sleep(0.2)
    assert t.now()["fingerprint"] == before
    # the kernel kept its own view and sent it back: the page draws the true table again
    assert json.dumps(s.models[table]["state"]["view"], sort_keys=True) == true_view
    assert_no_traceback(s)
    s.close()


def test_markup_set_by_one_page_never_reaches_another(voila):
    a = open_page(voila)
    evil = '<img src=x onerror="document.title=\'pwned\'">'
    table = table_model_id(a.models)
    a.update(table, {"view": {"game": "ecarte", "title": evil, "what_now": {"text": evil}},
                     "tooltip": evil})
    a.comm_msg(table, {"method": "custom", "content": {"do": "set", "name": "names", "value": evil}})
    a.pump(quiet=1.0)
    assert "onerror" not in json.dumps(a.models[table]["state"]["view"])
    b = open_page(voila)
    b.pump(quiet=1.0)
    assert "onerror" not in b.text_since(0) and "onerror" not in json.dumps(b.models)
    with pytest.raises(websocket.WebSocketBadStatusException):
        WidgetSession(voila.url, cookies=a.jar).connect(b.kernel_id)
    a.close()
    b.close()
