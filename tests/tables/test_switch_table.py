"""SwitchTable, headless (docs/architecture.md "Tests"): whole games through the page's messages, what
the synced view holds at every step, "Last card!"/"Caught you!" enabled only when they apply,
beginner mode, forged and stale messages, the history keeping public cards."""
import pytest

from cardkit import switch
from cardkit_tables import SwitchTable
from cardkit_tables.controller import MOVED_ON
from widget_helpers import find_hidden_cards, live_widgets, page_states_text, view_text


def hidden_from(t):
    s, me = t.state, t.controller.seat
    return (set(s.stock) | {c for p, h in enumerate(s.hands) if p != me for c in h}) - set(s.discard)


def check(t):
    """No hidden card outside the log; the log is the observation's own history (public cards
    stay named there for ever)."""
    hidden = hidden_from(t)
    assert not find_hidden_cards(hidden, view_text(t, log=False))
    text = page_states_text()
    for line in t.view["log"]:
        text = text.replace(line["text"], "")
    assert not find_hidden_cards(hidden, text.replace(view_text(t, log=False), ""))


def play_game(t, person):
    for _ in range(3000):
        if t.state.is_over:
            return
        check(t)
        obs = t.state.observation(t.controller.seat)
        assert obs.current_player == t.controller.seat, "the computers have moved already"
        calls = {c["id"]: c["enabled"] for c in t.view["calls"]}
        legal = obs.legal_actions
        assert calls["last"] == any(a.kind == "last card" for a in legal)
        assert calls["catch"] == any(a.kind == "challenge" for a in legal)
        action = person.choose(obs)
        assert t.act(str(action)), t.refusals[-1:]
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_a_whole_game_through_the_page_shows_nothing_hidden(players, seed):
    t = SwitchTable(players=players, seed=seed, delay=0)
    play_game(t, switch.computer_player(seed=seed + 50))
    assert t.view["mode"] == "over" and "New game" in t.view["what_now"]["text"]
    assert t.errors == []


def test_the_hand_is_sorted_suits_alternating_colours_high_to_low():
    hands = ["10H 4S 9D QC KC 2H AS", "3D 4D 5D 6D 7D 8D 9S"]
    t = SwitchTable(hands=hands, deck=switch.full_stock(hands, top="10S"), dealer=1, seed=1, delay=0)
    assert [c["text"] for c in t.view["hand"]] == ["A♠", "4♠", "10♥", "2♥", "K♣", "Q♣", "9♦"]


def test_unplayable_cards_say_why_and_a_click_is_refused_with_the_rule():
    hands = ["10H 4S 9D QC KC", "3D 4D 5D 6D 7D"]
    t = SwitchTable(hands=hands, deck=switch.full_stock(hands, top="10S"), dealer=1, seed=1, delay=0)
    cards = {c["code"]: c for c in t.view["hand"]}
    assert cards["4S"]["playable"] and cards["10H"]["playable"]
    assert not cards["9D"]["playable"] and cards["9D"]["reason"]
    before = t.state.to_json()
    assert not t.act("play 9D")
    assert t.state.to_json() == before and t.view["what_now"]["tone"] == "warn"
    assert t.view["what_now"]["text"].startswith(cards["9D"]["reason"])


def test_last_card_is_enabled_just_before_the_play_that_leaves_one_card():
    hands = ["9H 4C", "9S 10S KD QC 3D"]
    t = SwitchTable(hands=hands, deck=switch.full_stock(hands, top="5H"), dealer=1, seed=1, delay=0,
                    catch_rate=1.0)
    calls = {c["id"]: c for c in t.view["calls"]}
    assert calls["last"]["enabled"] and not calls["catch"]["enabled"]
    assert calls["catch"]["reason"]
    assert t.act("last card")
    assert t.view["you_called"]


def test_suit_buttons_after_a_jack_and_their_colours():
    hands = ["JS 9H 3H 4D", "5S 7S KS QD 3D"]
    t = SwitchTable(hands=hands, deck=switch.full_stock(hands, top="5C 3S"), dealer=1, seed=1, delay=0)
    assert t.act("play JS")
    suits = t.view["suits"]
    assert [s["suit"] for s in suits] == ["S", "H", "D", "C"]
    assert all(s["label"].split()[0] in "♠♥♦♣" for s in suits)
    assert t.act("choose hearts")


def test_beginner_mode_shows_every_card_only_when_on():
    t = SwitchTable(seed=4, delay=0)
    assert all(o["faces"] == [] for o in t.view["opponents"]) and t.view["stock"]["faces"] == []
    t.send_from_page({"do": "pref", "name": "beginner", "value": True})
    assert all(len(o["faces"]) == o["count"] for o in t.view["opponents"])
    assert len(t.view["stock"]["faces"]) == t.view["stock"]["count"]
    t.send_from_page({"do": "pref", "name": "beginner", "value": False})
    check(t)


def test_the_history_keeps_public_cards_after_the_stock_is_rebuilt():
    t = SwitchTable(seed=5, delay=0)                   # this game rebuilds the stock
    person = switch.computer_player(seed=3)
    played = []
    while not t.state.is_over and not any(e.kind == "rebuild" for e in t.state.log):
        obs = t.state.observation(0)
        a = person.choose(obs)
        if a.kind == "play":
            played.append(a.cards[0])
        t.act(str(a))
    assert any(e.kind == "rebuild" for e in t.state.log)
    log = " ".join(line["text"] for line in t.view["log"])
    assert played and str(played[0]) in log            # "You played 9♥" stays, not "a card"


def test_a_stale_click_is_refused():
    hands = ["10H 4S 9D QC KC", "3D 4D 5D 6D 7D"]
    t = SwitchTable(hands=hands, deck=switch.full_stock(hands, top="10S"), dealer=1, seed=1, delay=0)
    old = t.view["pos"]
    assert t.act("play 4S")
    before = t.state.to_json()
    t.send_from_page({"do": "act", "action": "play 10H", "pos": old})
    assert t.state.to_json() == before
    assert t.view["what_now"]["text"].startswith(MOVED_ON.split(":")[0])


@pytest.mark.parametrize("content", [
    {"do": "act", "action": "challenge", "pos": 0}, {"do": "act", "action": "play ZZ", "pos": 0},
    {"do": "set", "name": "players", "value": 9}, {"do": "pref", "name": "delay", "value": "fast"},
    {"do": "pref", "name": "beginner", "value": 1}, "draw",
])
def test_forged_messages_change_nothing(content):
    t = SwitchTable(seed=3, delay=0)
    if isinstance(content, dict) and content.get("pos") == 0:
        content = dict(content, pos=t.view["pos"])
    before = t.state.to_json()
    t.send_from_page(content)
    assert t.state.to_json() == before and t.prefs["beginner"] is False
    assert t.controller.pending == {} and t.errors == []


def test_new_game_asks_and_players_wait_for_it():
    t = SwitchTable(seed=3, delay=0)
    person = switch.computer_player(seed=3)
    t.act(str(person.choose(t.state.observation(0))))
    t.send_from_page({"do": "set", "name": "players", "value": 4})
    assert t.view["subtitle"] == "you vs 1 computer" and t.view["pending_note"]
    t.send_from_page({"do": "new_game"})
    t.send_from_page({"do": "new_game"})
    assert t.view["confirm"]
    t.send_from_page({"do": "answer", "yes": True})
    assert t.view["subtitle"] == "you vs 3 computers" and len(t.view["opponents"]) == 3


def test_one_model_per_table():
    before = len(live_widgets())
    SwitchTable(seed=1, delay=0)
    assert len(live_widgets()) - before == 2


def test_repr():
    assert repr(SwitchTable(seed=1, delay=0)) == "SwitchTable(players=2, seat=0)"


def test_the_last_play_is_named_and_the_game_over_panel_says_who_went_out():
    hands = ["5H 6C", "6H 9D"]
    t = SwitchTable(hands=hands, deck=switch.full_stock(hands, top="3H"), dealer=1, delay=0,
                    catch_rate=0)
    assert t.view["discard"]["played"] is None                  # the starter: nobody played it
    t.act("play 5H")                                            # Ada answers at once
    assert t.view["discard"]["top"]["code"] == "6H" and t.view["discard"]["played"] == "Ada played 6♥"
    assert t.view["end"] is None
    t.act("play 6C")
    v = t.view
    assert v["discard"]["played"] == "You played 6♣"
    assert v["end"] == {"kind": "over", "result": "won", "title": "You won!",
                        "text": "Cards left — Ada: 1.", "score": None, "pad": None, "lines": [],
                        "next": None, "button": {"id": "over-new", "label": "New game", "do": "new_game"}}


@pytest.mark.parametrize("lang", ["en", "pa", "kn"])
def test_game_over_says_press_new_game_once_in_every_language(lang):
    """The end of a Switch game says "Press New game to play again." once, in the table's
    language (the check for it looked for the English words, so Punjabi and Kannada said it
    twice)."""
    from cardkit.i18n import _, language
    t = SwitchTable(seed=5, delay=0, language=lang)
    person = switch.computer_player("easy", seed=1)
    play_game(t, person)
    assert t.state.is_over
    with language(lang):
        again = _("Press New game to play again.")
    assert t.view["what_now"]["text"].count(again) == 1, t.view["what_now"]["text"]
