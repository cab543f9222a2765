"""EcarteTable, headless (docs/architecture.md "Tests"): whole matches through the page's messages,
what the synced view holds at every step, refusals of forged and stale messages, sorting,
restarts and settings."""
import json

import pytest

from cardkit import ecarte, parse_cards
from cardkit_tables import EcarteTable
from cardkit_tables.cardtable import sort_hand
from cardkit_tables.controller import MOVED_ON
from widget_helpers import find_hidden_cards, live_widgets, page_states_text, view_text

from cardkit.ecarte import stacked_deck as stack


def hidden_from(table):
    """The cards the person's seat must not see now: the computer's hand, the stock and the
    computer's discards, less those shown face up since (an announced king, the finished hand's
    last trick while the table pauses on it)."""
    s, me = table.state, table.controller.seat
    hidden = set(s.hands[1 - me]) | set(s.stock) | set(s.discards[1 - me])
    if s.king_announced is not None:
        hidden.discard(s.king_of_trumps())
    if table.pause is not None:
        hidden -= set(table.pause.cards) | {table.pause.data["turn_up"]}
        # the finished hand's summary tells its points in the events' words ("You announce the
        # king of trumps (K♥)"): cards of the last deal, face up then, whatever the next deal
        # did with them
        hand = table.pause.data["hand"]
        events = table.state.observation(me).events
        start = next(i for i, e in enumerate(events) if e.kind == "deal" and e.data["hand"] == hand)
        end = next(i for i in range(start, len(events)) if events[i].kind == "hand_end")
        hidden -= {c for e in events[start:end] for c in e.cards}
    return hidden


def check_view(table):
    """No hidden card anywhere the page can read (the log is the observation's own history,
    checked against it); the log is exactly the observation's (up to the finished hand while
    the table pauses on it)."""
    hidden = hidden_from(table)
    found = find_hidden_cards(hidden, view_text(table, log=False))
    assert not found, found
    events = table.state.observation(table.controller.seat).events
    if table.pause is not None:                 # pausing: the log stops at the finished hand
        events = events[:max(i for i, e in enumerate(events) if e.kind == "hand_end") + 1]
    obs_log = [e.explain() for e in events]
    assert [line["text"] for line in table.view["log"]] == obs_log[::-1][:80]
    found = find_hidden_cards(hidden, page_states_text().replace(view_text(table), ""))
    assert not found, found


def play_match(table, person, check=check_view):
    """Play ``table`` to the end by the page's messages, choosing with ``person``; returns
    the number of hands seen."""
    hands = 0
    for _ in range(2000):
        if table.state.is_over:
            return hands
        check(table)
        v = table.view
        if v["mode"] == "between":
            # the button to go on is in the hand's summary on the felt, not under What now
            assert v["actions"] == [] and v["hand"] == [] and v["end"]["button"]["id"] == "next"
            assert "Press Next hand" in v["what_now"]["text"]
            table.send_from_page({"do": "act", "action": "next hand", "pos": v["pos"]})
            hands += 1
            continue
        assert table.state.current_player == table.controller.seat, "the computer has moved already"
        action = person.choose(table.state.observation(table.controller.seat))
        before = v["pos"]
        table.send_from_page({"do": "act", "action": str(action), "pos": before})
        assert table.controller.message is None, table.controller.message
        assert table.view["pos"] > before
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_a_whole_match_through_the_page_shows_nothing_hidden(seed):
    t = EcarteTable(seed=seed, delay=0)
    hands = play_match(t, ecarte.computer_player(seed=seed + 100))
    assert hands >= 1
    assert t.view["mode"] == "over" and t.view["what_now"]["tone"] == "done"
    end = t.view["end"]                          # the game-over panel, New game beside the result
    assert end["kind"] == "over" and end["button"]["do"] == "new_game"
    assert end["result"] == ("won" if t.state.winner == 0 else "lost")
    assert "Press New game" in t.view["what_now"]["text"]
    assert t.errors == [] and t.refusals == []


def test_one_model_per_table():
    before = len(live_widgets())
    EcarteTable(seed=1, delay=0)
    added = len(live_widgets()) - before
    assert added == 2          # the table and the Layout every DOMWidget has


def test_the_hand_is_sorted_trumps_first_colours_alternating_in_ecarte_order():
    deck = stack("7S KH 9D JH QS", "AC 10D KS 9S JC", "8H")
    t = EcarteTable(deck=deck, dealer=1, seed=1, delay=0)
    assert [c["text"] for c in t.view["hand"]] == ["K♥", "J♥", "Q♠", "7♠", "9♦"]
    assert t.view["them"]["count"] == 5 and t.view["stock"]["count"] == 21   # backs, and counts
    assert [c["trump"] for c in t.view["hand"]] == [True, True, False, False, False]
    # Écarté's own rank order: K Q J A 10 9 8 7 within a suit
    assert [str(c) for c in sort_hand(parse_cards("7C AC JC KC 10C QC"), ecarte.rank_strength)] == \
        ["K♣", "Q♣", "J♣", "A♣", "10♣", "7♣"]


def test_sorting_alternates_colours_when_the_suits_allow_it():
    cards = parse_cards("AS 9C 8D 7S")                   # ♠ ♣ ♦: black, red, black
    assert [str(c) for c in sort_hand(cards, ecarte.rank_strength)] == ["A♠", "7♠", "8♦", "9♣"]


def follow_suit_table():
    """The computer (non-dealer) leads 9♠; the person holds K♠ 7♠ and three others."""
    deck = stack("9S 8C 7C 8D 7D", "KS 7S JC 10D 8H", "9H")
    t = EcarteTable(deck=deck, dealer=0, seed=5, delay=0)
    t.act("refuse") if t.view["mode"] == "decide" and t.view["actions"][0]["id"] == "accept" else None
    return t


def test_cards_that_may_not_be_played_say_why_and_a_click_on_one_is_refused():
    t = EcarteTable(deck=stack("9S 8C 7C 8D 7D", "KS 7S JC 10D 8H", "9H"), dealer=0, seed=5, delay=0)
    obs = t.state.observation(0)
    if obs.phase == "answer":
        t.act("refuse")
    obs = t.state.observation(0)
    assert obs.phase == "play" and obs.trick, obs.phase
    lead = obs.trick[0][1]
    hand = {c["code"]: c for c in t.view["hand"]}
    playable = {c.code for c in obs.playable}
    for code, c in hand.items():
        assert c["playable"] == (code in playable)
        if code not in playable:
            assert c["reason"].startswith("You must")           # the game's own refusal
            assert c["reason"] == str(obs.refusal(f"play {code}"))
    blocked = next(code for code in hand if code not in playable)
    before = t.state.to_json()
    t.act(f"play {blocked}")
    assert t.state.to_json() == before
    assert t.view["what_now"]["tone"] == "warn"
    assert t.view["what_now"]["text"].startswith(hand[blocked]["reason"])
    assert str(lead) in hand[blocked]["reason"]


def test_a_stale_click_is_refused_the_table_has_moved_on():
    t = EcarteTable(seed=21, delay=0)
    person = ecarte.computer_player(seed=1)
    old = t.view["pos"]
    first = person.choose(t.state.observation(0))
    t.send_from_page({"do": "act", "action": str(first), "pos": old})
    assert t.controller.message is None
    before = t.state.to_json()
    again = person.choose(t.state.observation(0)) if t.state.current_player == 0 else first
    t.send_from_page({"do": "act", "action": str(again), "pos": old})     # made on the old position
    assert t.state.to_json() == before
    assert t.view["what_now"]["tone"] == "warn"
    assert t.view["what_now"]["text"].startswith(MOVED_ON.split(":")[0])


@pytest.mark.parametrize("content", [
    None, 7, "play KH", [], {"do": "act"}, {"do": "act", "action": 5, "pos": 1},
    {"do": "act", "action": "play " + "K" * 500, "pos": 1}, {"do": "act", "action": "drop tables", "pos": 1},
    {"do": "act", "action": "play XX", "pos": 1}, {"do": "set", "name": "rules", "value": "<b>x</b>"},
    {"do": "set", "name": "seat", "value": 1}, {"do": "set", "name": "level", "value": ["hard"]},
    {"do": "pref", "name": "animate", "value": "yes"}, {"do": "answer", "yes": True},
    {"do": "ping", "n": "x"}, {"do": "__init__"},
])
def test_forged_messages_change_nothing(content):
    t = EcarteTable(seed=3, delay=0)
    if isinstance(content, dict) and content.get("pos") == 1:
        content = dict(content, pos=t.view["pos"])
    before = t.state.to_json()
    settings = dict(t.controller.settings)
    t.send_from_page(content)
    assert t.state.to_json() == before
    assert t.controller.settings == settings and t.controller.pending == {}
    assert t.errors == []
    assert t.prefs["animate"] is True


def test_not_your_turn_is_refused_without_a_move():
    t = EcarteTable(seed=4, delay=0)
    # make it the computer's turn without letting it move: pause the scheduler by hand
    obs = t.state.observation(0)
    card = obs.hand[0]
    t.controller.players = {}                  # nobody answers for the computer now
    if obs.current_player == 0:
        action = t.state.legal_actions()[0]
        t.act(str(action))
    if t.state.current_player == 1:
        before = t.state.to_json()
        t.act(f"play {card.code}")
        assert t.state.to_json() == before
        assert "Wait" in t.view["what_now"]["text"]


def test_new_game_asks_first_and_a_double_click_cannot_skip_the_question():
    t = EcarteTable(seed=30, delay=0)
    person = ecarte.computer_player(seed=2)
    t.act(str(person.choose(t.state.observation(0))))
    game = t.state.to_json()
    t.send_from_page({"do": "new_game"})
    t.send_from_page({"do": "new_game"})            # the second click of a double click
    assert t.view["confirm"] is True and t.state.to_json() == game
    t.send_from_page({"do": "answer", "yes": False})
    assert t.view["confirm"] is False and t.state.to_json() == game
    t.send_from_page({"do": "new_game"})
    t.send_from_page({"do": "answer", "yes": True})
    assert t.view["confirm"] is False and t.state.to_json() != game
    assert json.loads(t.state.to_json())["seed"] == 31      # seed progression: 30, 31, …


def test_new_game_before_any_move_asks_nothing():
    t = EcarteTable(deck=stack("7S KH 9D JH QS", "AC 10D KS 9S JC", "8H"), dealer=1, seed=2, delay=0)
    t.send_from_page({"do": "new_game"})
    assert t.view["confirm"] is False and t.controller.games == 1


def test_rules_chosen_mid_match_wait_for_new_game_and_say_so():
    t = EcarteTable(seed=40, delay=0)
    person = ecarte.computer_player(seed=2)
    t.act(str(person.choose(t.state.observation(0))))
    what = t.view["what_now"]["text"]
    t.send_from_page({"do": "set", "name": "rules", "value": "classic"})
    assert t.state.rules.name == "standard"
    rules = next(s for s in t.view["settings"] if s["name"] == "rules")
    assert rules == dict(rules, value="classic", now="standard", pending=True)
    assert "Rules: Standard" in t.view["badges"]                   # the header: this game's rules
    assert "press New game" in t.view["pending_note"]
    assert t.view["what_now"]["text"] == what                      # the instructions stay
    t.send_from_page({"do": "new_game"})
    t.send_from_page({"do": "answer", "yes": True})
    assert t.state.rules.name == "classic" and "Rules: Classic (must trump)" in t.view["badges"]
    assert t.view["pending_note"] == ""


def test_custom_rules_survive_new_game_and_are_labelled_as_they_are():
    """Issue 17, bug 1: a table built with rules that are not a preset dealt plain Standard after
    New game, and labelled them "Standard". They are offered as "custom" and kept."""
    custom = ecarte.EcarteRules.standard(packets=(2, 3), must_trump=True)
    t = EcarteTable(custom, seed=3, delay=0)
    assert t.state.rules == custom
    assert "Rules: Custom (must trump, dealt 2+3)" in t.view["badges"]
    rules = next(s for s in t.view["settings"] if s["name"] == "rules")
    assert rules["value"] == "custom" and rules["options"] == [
        ["standard", "Standard"], ["classic", "Classic (must trump)"], ["custom", "Custom (must trump, dealt 2+3)"]]
    person = ecarte.computer_player(seed=2)
    t.act(str(person.choose(t.state.observation(0))))
    t.send_from_page({"do": "new_game"})
    t.send_from_page({"do": "answer", "yes": True})
    assert t.controller.games == 1 and t.state.rules == custom            # not plain Standard
    t.send_from_page({"do": "set", "name": "target", "value": 7})         # no move yet: at once
    assert t.state.rules == ecarte.EcarteRules.standard(packets=(2, 3), must_trump=True, target=7)
    t.send_from_page({"do": "set", "name": "rules", "value": "classic"})  # a preset still can be chosen
    assert t.state.rules == ecarte.EcarteRules.classic(target=7)
    t.send_from_page({"do": "set", "name": "rules", "value": "custom"})   # and the custom rules again
    if t.controller.pending:                # the computer moved first in the classic game
        t.send_from_page({"do": "new_game"})
        t.send_from_page({"do": "answer", "yes": True})
    assert t.state.rules == ecarte.EcarteRules.standard(packets=(2, 3), must_trump=True, target=7)
    # rules with their own name keep it, and their options, game after game
    house = ecarte.EcarteRules(name="house", must_trump=True)
    h = EcarteTable(house, seed=4, delay=0)
    h.send_from_page({"do": "new_game"})
    assert h.state.rules == house and "Rules: house (must trump)" in h.view["badges"]


def test_a_setting_chosen_before_the_first_move_applies_at_once():
    t = EcarteTable(deck=stack("7S KH 9D JH QS", "AC 10D KS 9S JC", "8H"), dealer=1, seed=2, delay=0)
    t.send_from_page({"do": "set", "name": "target", "value": 7})
    assert t.state.rules.target == 7 and t.view["target_label"] == "game to 7"


def test_exchange_discard_needs_a_selection_and_the_dealer_may_keep_all():
    deck = stack("7S 8S 9D 8C 7C", "KH QH JH AC 10C", "8H")
    t = EcarteTable(deck=deck, dealer=1, seed=2, delay=0)
    t.act("propose")
    # the computer (dealer) answers at once; if it accepted, the person discards first
    v = t.view
    if v["mode"] == "select":
        ids = [a["id"] for a in v["actions"]]
        assert ids == ["discard"]                     # the non-dealer must discard 1 to 5
        assert v["actions"][0]["labels"][:3] == ["Discard", "Discard 1 card", "Discard 2 cards"]
        assert v["select_max"] == 5
        t.act("discard 7S 8S")
        assert t.controller.message is None
        assert sorted(c["code"] for c in t.view["hand"]) != sorted(["7S", "8S", "9D", "8C", "7C"])


def test_dealer_exchange_offers_keep_all():
    deck = stack("7S 8S 9D 8C 7C", "KH QH JH AC 10C", "8H")
    t = EcarteTable(deck=deck, dealer=0, seed=2, delay=0)      # the person deals
    t.controller.players = {}                 # from now on the test moves for the computer
    s = t.state
    if s.phase == "decide":
        s.apply("propose")
        t.controller.pos += 1
        t.draw()
    assert s.phase == "answer"
    t.act("accept")
    s.apply("discard 7S")
    t.controller.pos += 1
    t.draw()
    ids = [a["id"] for a in t.view["actions"]]
    assert ids == ["discard", "keep"]
    t.act("discard")
    assert t.controller.message is None and t.state.phase in ("decide", "play")


def test_the_table_pauses_between_hands_and_the_computer_waits():
    t = EcarteTable(seed=50, delay=0)
    person = ecarte.computer_player(seed=9)
    while t.view["mode"] != "between":
        t.act(str(person.choose(t.state.observation(0))))
    v = t.view
    assert v["last_trick"] is not None and len(v["last_trick"]["cards"]) == 2
    # the log ends with the finished hand: the next deal is not told before Next hand
    assert v["log"][0]["text"] == t.pause.explain()
    assert len(v["log"]) < len(t.state.observation(0).events)    # hand 2's deal is dealt, not told
    pos = v["pos"]
    t.controller.schedule()
    assert t.view["pos"] == pos                      # nobody moves while the table pauses
    t.act("play KH")
    assert t.view["what_now"]["tone"] == "warn" and "Next hand" in t.view["what_now"]["text"]
    t.send_from_page({"do": "act", "action": "next hand", "pos": t.view["pos"]})
    assert t.view["mode"] != "between" and t.view["subtitle"] == "hand 2"


def test_the_last_trick_stays_on_the_table_when_the_next_one_starts():
    t = EcarteTable(seed=60, delay=0)
    person = ecarte.computer_player(seed=9)
    seen = 0
    while t.view["mode"] not in ("between", "over"):
        obs = t.state.observation(0)
        if obs.last_trick:
            lt = t.view["last_trick"]
            assert {lt["cards"]["you"]["code"], lt["cards"]["them"]["code"]} == \
                {c.code for _p, c in obs.last_trick}
            assert lt["winner"] in ("you", "them")
            seen += 1
        t.act(str(person.choose(obs)))
    assert seen >= 3


def test_preferences_change_at_once_and_are_public():
    t = EcarteTable(seed=1, delay=0, four_colour=True, animate=False)
    assert t.view["prefs"]["four_colour"] is True and t.view["prefs"]["animate"] is False
    t.send_from_page({"do": "pref", "name": "animate", "value": True})
    assert t.view["prefs"]["animate"] is True


def test_ping_is_answered():
    t = EcarteTable(seed=1, delay=0)
    sent = []
    t.send = lambda content, buffers=None: sent.append(content)
    t.send_from_page({"do": "ping", "n": 4})
    assert sent == [{"pong": 4}]


def test_bad_arguments():
    with pytest.raises(ValueError):
        EcarteTable(seat=2)
    with pytest.raises(ValueError):
        EcarteTable(level="grandmaster")
    with pytest.raises(ValueError):
        EcarteTable(delay=-1)


def test_repr_is_short_and_stable():
    assert repr(EcarteTable(seed=1, delay=0)) == "EcarteTable(seat=0, rules='standard', target=5)"


def test_levels_offered_and_shown_in_the_header_and_the_hint_toggle():
    t = EcarteTable(deck=stack("KH QH JH 7S 8D", "AC 10D KS 9S JC", "8H"), dealer=1, seed=2,
                    delay=0, level="hard")
    assert t.controller.options["level"] == ("easy", "medium", "hard")
    assert "computer: hard" in t.view["badges"]
    assert t.view["hint"] is None                      # off until asked for
    t.send_from_page({"do": "pref", "name": "hint", "value": True})
    hint = t.view["hint"]
    assert hint and "stand" in hint.lower()            # K Q J of trumps: stand
    # the advisor's check box is "Show advice", not "Hint": a task's Hint button is another thing
    assert {"name": "hint", "label": "Show advice", "value": True} in t.view["toggles"]
    assert "Hint" not in [x["label"] for x in t.view["toggles"]]


def test_a_turned_up_king_keeps_the_deal_a_new_setting_waits_and_new_game_asks():
    """The dealer scores a turned-up king at once (§3.3): that point is part of the match, so a
    level chosen before the first move waits for the next game instead of re-dealing (which would
    wipe the point — and let a student re-deal away the computer's king), and New game asks."""
    t = EcarteTable(deck=stack("7S QH 9D JH QS", "AC 10D KS 9S JC", "KH"), dealer=1, seed=2, delay=0)
    assert list(t.state.scores) == [0, 1]                 # the computer dealt and turned up the K♥
    deal = t.state.to_json()
    t.send_from_page({"do": "set", "name": "level", "value": "hard"})
    assert t.state.to_json() == deal and list(t.state.scores) == [0, 1]
    assert t.controller.pending == {"level": "hard"}
    t.send_from_page({"do": "new_game"})
    assert t.view["confirm"] is True and t.state.to_json() == deal
    t.send_from_page({"do": "answer", "yes": False})
    assert t.state.to_json() == deal


def test_a_refusal_is_cleared_when_the_computer_moves():
    """A "Wait: it is Computer's turn" refusal speaks of that position only: once the computer
    has moved, What now says what to do next, with no stale warning on top."""
    t = EcarteTable(deck=stack("7S QH 9D JH QS", "AC 10D KS 9S JC", "8H"), dealer=1, seed=2, delay=0)
    t.controller.players = {}                   # nobody answers for the computer for now
    t.act("stand")                              # you are the non-dealer: stand, then lead
    t.act("play QH")                            # a trump the computer (no hearts) cannot beat
    assert t.state.current_player == 1
    t.act("play 7S")                            # not your turn: refused, nothing moves
    assert t.view["what_now"]["text"].startswith("Wait: it is Computer's turn")
    t.controller._computer_step(ecarte.computer_player(seed=1).choose(t.state.observation(1)))
    assert t.state.current_player == 0           # you won the trick and lead again
    assert "Wait" not in t.view["what_now"]["text"]


# -- what a fresh student meets: discards kept, refusals apart, why the score changed ----------
def test_a_setting_changed_while_choosing_discards_keeps_the_game_and_the_chosen_cards():
    """While the person chooses cards to throw away, a new setting waits for the next game: the
    deal, the position of the game (``game_pos``, which the page's selection lasts across) and
    the prompt stay; so does the selection across "New game" answered "No, keep playing"."""
    t = EcarteTable(deck=stack("7S 8S 9D 8C 7C", "KH QH JH AC 10C", "8H"), dealer=1, seed=2, delay=0)
    t.controller.players = {}                   # the test answers for the computer (dealer)
    t.act("propose")
    computer_moves(t, "accept")
    v = t.view
    assert v["mode"] == "select" and v["select_max"] == 5
    deal, game_pos, prompt = t.state.to_json(), v["game_pos"], v["what_now"]["prompt"]
    t.send_from_page({"do": "set", "name": "level", "value": "hard"})
    assert t.state.to_json() == deal and t.view["mode"] == "select"
    assert t.view["game_pos"] == game_pos and t.view["pos"] == v["pos"] + 1
    accepted = ("Computer accepts: each player now exchanges cards, the non-dealer first "
                "(Proposals and exchanges).")
    assert v["what_now"]["note"] == accepted and v["what_now"]["note_tone"] == "news"
    assert t.view["what_now"]["prompt"] == prompt and t.view["what_now"]["note"] == accepted
    assert t.view["pending_note"] == "Your new settings start with the next game: press New game."
    t.send_from_page({"do": "new_game"})
    t.send_from_page({"do": "answer", "yes": False})
    assert t.view["game_pos"] == game_pos and t.state.to_json() == deal
    t.act("discard 7S 8S")                      # the selection is still good to send
    assert t.controller.message is None and t.view["game_pos"] == game_pos + 1


def test_a_setting_before_the_first_move_deals_a_new_game_and_says_so():
    t = EcarteTable(deck=stack("7S KH 9D JH QS", "AC 10D KS 9S JC", "8H"), dealer=1, seed=2, delay=0)
    game_pos = t.view["game_pos"]
    t.send_from_page({"do": "set", "name": "rules", "value": "classic"})
    assert t.state.rules.name == "classic" and t.view["game_pos"] == game_pos + 1
    assert t.view["what_now"]["note"] == ("New settings: no move had been made yet, so a new game "
                                          "is dealt with them.")
    assert t.view["what_now"]["prompt"] == t.state.observation(0).what_now


def test_a_refusal_and_the_prompt_are_two_things():
    t = follow_suit_table()
    obs = t.state.observation(0)
    blocked = next(c for c in obs.hand if c not in obs.playable)
    t.act(f"play {blocked.code}")
    w = t.view["what_now"]
    assert w["note"] == str(obs.refusal(f"play {blocked.code}")) and w["note_tone"] == "warn"
    assert w["prompt"] == obs.what_now and w["prompt"].startswith("You must follow suit")
    assert w["text"] == w["note"] + " " + w["prompt"] and w["tone"] == "warn"


def test_the_exchange_buttons_say_stand_and_draw_not_swap():
    """§3.2: the non-dealer stands (plays the hand as dealt) or proposes; after an acceptance each
    player throws cards away and draws from the stock — nobody trades cards with the other."""
    t = EcarteTable(deck=stack("7S 8S 9D 8C 7C", "KH QH JH AC 10C", "8H"), dealer=1, seed=2, delay=0)
    labels = {a["action"]: a["label"] for a in t.view["actions"]}
    assert labels == {"stand": "Stand (play as dealt)", "propose": "Propose an exchange"}
    assert t.view["what_now"]["prompt"] == (
        "You are the non-dealer: Stand (play the hand as dealt), or Propose an exchange with the "
        "stock (Proposals and exchanges).")
    t = EcarteTable(deck=stack("7S 8S 9D 8C 7C", "KH QH JH AC 10C", "8H"), dealer=0, seed=2, delay=0)
    t.controller.players = {}
    if t.state.phase == "decide":                # the computer (non-dealer) proposes
        computer_moves(t, "propose")
    assert t.state.phase == "answer"
    labels = {a["action"]: a["label"] for a in t.view["actions"]}
    assert labels == {"accept": "Accept (new cards)", "refuse": "Refuse (play as dealt)"}
    assert "swap" not in t.view["what_now"]["text"]
    assert t.view["what_now"]["prompt"] == (
        "Computer proposes an exchange. Accept: each of you throws away cards and draws from the "
        "stock; Refuse: play as dealt (Proposals and exchanges).")


def test_a_turned_up_king_says_why_the_dealer_scored_until_the_person_moves():
    t = EcarteTable(deck=stack("7S QH 9D JH QS", "AC 10D KS 9S JC", "KH"), dealer=1, seed=2, delay=0)
    assert t.view["scores"][1]["value"] == 1
    news = "The turn-up is a king (K♥): Computer, the dealer, scores 1 point at once (Deal and trumps)."
    assert t.view["what_now"]["note"] == news and t.view["what_now"]["note_tone"] == "score"
    t.act("play QS")                                       # refused: not a move, the refusal shows
    assert t.view["what_now"]["note_tone"] == "warn"
    t.act("stand")
    assert t.view["what_now"]["note"] is None              # the person has moved: it was seen
    # the person deals and scores; the computer's proposal does not hide it, the person's answer does
    t = EcarteTable(deck=stack("7S QH 9D JH QS", "AC 10D KS 9S JC", "KH"), dealer=0, seed=2, delay=0)
    assert [e.kind for e in t.state.log][-1] == "propose" and t.state.current_player == 0
    assert t.view["what_now"]["note"] == ("The turn-up is a king (K♥): you, the dealer, score 1 point "
                                          "at once (Deal and trumps).")
    t.act("refuse")
    assert t.view["what_now"]["note"] is None


def test_the_computer_announcing_the_king_says_why_it_scored():
    # the computer (non-dealer) stands, announces its K♠ of trumps and leads
    t = EcarteTable(deck=stack("KS QS JS 8C 7C", "9S 7S JC 10D 8H", "10S"), dealer=0, seed=2, delay=0)
    assert [e.kind for e in t.state.log][-3:] == ["stand", "king", "lead"]
    assert [s["value"] for s in t.view["scores"]] == [0, 1] and t.state.current_player == 0
    # the computer's stand (the table shows it nowhere else) and why it scored, until you move
    assert t.view["what_now"]["note"] == ("Computer plays the hand as dealt, without proposing "
                                          "(Proposals and exchanges). Computer announces the king "
                                          "of trumps (K♠): 1 point (King of trumps).")
    assert t.view["what_now"]["note_tone"] == "score"
    t.act(f"play {t.state.observation(0).playable[0].code}")
    assert t.view["what_now"]["note"] is None


def computer_moves(t, *actions):
    """Make the computer's ``actions`` (its own player switched off), as its scheduled move does."""
    for a in actions:
        t.state.apply(a)
        t.controller.pos += 1
        t.draw()


def refused_table():
    """You (non-dealer) hold five hearts, trumps, below the 9♥ turned up; you propose and the
    computer (dealer, no heart) refuses."""
    t = EcarteTable(deck=stack("QH JH AH 10H 8H", "7S 8S 9S 7C 8C", "9H"), dealer=1, seed=2, delay=0)
    t.controller.players = {}
    t.act("propose")
    computer_moves(t, "refuse")
    return t


def test_the_computers_refusal_is_said_until_the_person_moves():
    """§3.2/§3.5: a refusal decides how the hand scores; the table says it, not only the log."""
    t = refused_table()
    w = t.view["what_now"]
    assert w["note"] == "Computer refuses: the hands are played as they are (Proposals and exchanges)."
    assert w["note_tone"] == "news" and w["prompt"].startswith("Your lead")
    t.act("play QH")
    assert t.view["what_now"]["note"] is None


def test_a_two_point_hand_after_a_refusal_says_why():
    """Standard preset (§3.5): the dealer refused, the non-dealer won: 2 points, said on the
    What now line while the table pauses on the hand."""
    t = refused_table()
    for code in ("QH", "JH", "AH", "10H", "8H"):
        t.act(f"play {code}")
        computer_moves(t, t.state.observation(1).legal_actions[0])
    v = t.view
    assert v["mode"] == "between" and [s["value"] for s in v["scores"]] == [2, 0]
    assert v["what_now"]["note"] == ("Why 2 points: You (non-dealer) win 5 tricks after the dealer "
                                     "refused a proposal: 2 points (Scoring).")
    assert v["what_now"]["prompt"].startswith(
        "Hand 1 is over: you took 5 tricks to 0 and scored 2 points for the tricks")


@pytest.mark.parametrize("seed", [3, 11, 27])
def test_between_hands_the_reason_is_given_exactly_for_two_point_hands(seed):
    t = EcarteTable(seed=seed, delay=0)
    person = ecarte.computer_player(seed=seed + 1)
    seen = 0
    for _ in range(400):
        if t.state.is_over:
            break
        v = t.view
        if v["mode"] == "between":
            points = t.pause.data["points"]
            note = v["what_now"]["note"]
            assert (note is not None and note.startswith("Why 2 points: ")) == (points == 2), (points, note)
            seen += 1
            t.send_from_page({"do": "act", "action": "next hand", "pos": v["pos"]})
            continue
        t.act(str(person.choose(t.state.observation(0))))
    assert seen >= 1


def test_classic_two_points_against_a_side_that_stood_and_lost_says_why():
    """Classic preset (§3.5): you stand (play as dealt) and take fewer than 3 tricks, so the
    computer scores 2 (2, not 3, for its vole), and the table says why."""
    t = EcarteTable(ecarte.EcarteRules.classic(), deck=stack("7S 8S 7C 8C 7D", "QH JH AH 10H 8H", "9H"),
                    dealer=1, seed=2, delay=0)
    t.controller.players = {}
    t.act("stand")
    for _ in range(20):
        if t.view["mode"] == "between":
            break
        if t.state.current_player == 0:
            t.act(f"play {t.state.observation(0).playable[0].code}")
        else:
            computer_moves(t, t.state.observation(1).legal_actions[0])
    v = t.view
    assert v["mode"] == "between" and [s["value"] for s in v["scores"]] == [0, 2]
    assert v["what_now"]["note"] == ("Why 2 points: You stood but took fewer than 3 tricks, so "
                                     "Computer scores 2 points (Scoring).")


# ---------------------------------------------------------------- a finished trick, an ended hand
#: You (the non-dealer, RULES.md §3.2) hold five trumps, the computer five spades: you stand and
#: take every trick.
FIVE_TRUMPS = stack("QH JH AH 10H 8H", "7S 8S 9S 10S JS", "9H")
SPADES = {"7S", "8S", "9S", "10S", "JS"}


def test_a_finished_trick_stays_where_it_was_played_until_the_next_lead():
    """The engine clears a trick the moment its second card is played (§3.4): the view keeps it,
    from the observation's last trick, in the trick area until a card of the next one is led."""
    t = EcarteTable(deck=FIVE_TRUMPS, dealer=1, seed=1, delay=0)
    t.act("stand")
    t.act("play QH")                            # the computer follows at once (no pause)
    trick = t.view["trick"]
    assert t.state.observation(0).trick == ()   # the engine's trick is empty…
    spade = trick["cards"]["them"]["code"]
    assert trick["cards"]["you"]["code"] == "QH" and spade in SPADES   # …the view's is not
    assert trick["done"] == {"winner": "you", "code": "QH", "text": "You win the trick with Q♥"}
    assert trick["label"] == "Trick 1" and t.view["last_trick"]["label"] == "Last trick: you took it"
    t.act("play JH")                            # your next lead: the finished trick is gone
    trick = t.view["trick"]
    assert trick["cards"]["you"]["code"] == "JH" and trick["cards"]["them"]["code"] in SPADES - {spade}
    assert trick["done"]["code"] == "JH" and trick["label"] == "Trick 2"
    check_view(t)


def test_a_trick_the_computer_takes_goes_once_it_leads_the_next():
    t = EcarteTable(deck=stack("7S 8S 9S 10S JS", "QH JH AH 10H 8H", "9H"), dealer=1, seed=1, delay=0)
    t.act("stand")
    t.act("play 7S")       # the computer trumps, then (no pause) leads the next trick at once
    trick = t.view["trick"]
    assert trick["done"] is None and trick["label"] == "Trick 2"
    assert list(trick["cards"]) == ["them"] and trick["cards"]["them"]["trump"]
    # while its next lead waits (the Pause; here the test moves for it), the computer's trick
    # lies on the table with its winner
    t = EcarteTable(deck=stack("7S 8S 9S 10S JS", "QH JH AH 10H 8H", "9H"), dealer=1, seed=1, delay=0)
    t.act("stand")
    t.controller.players = {}
    t.act("play 7S")
    t.state.apply("play JH")
    t.controller.pos += 1
    t.draw()
    assert t.view["trick"]["done"] == {"winner": "them", "code": "JH",
                                       "text": "Computer wins the trick with J♥"}
    assert t.view["mode"] == "wait" and t.view["trick"]["cards"]["you"]["code"] == "7S"


def test_the_hand_summary_says_tricks_points_why_and_who_deals_next():
    """§3.5, standard: the non-dealer stood at once and took 3 or more tricks: 2 points (no
    extra point for the vole). The summary is on the felt, with Next hand in it."""
    t = EcarteTable(deck=FIVE_TRUMPS, dealer=1, seed=1, delay=0)
    t.act("stand")
    for code in ("QH", "JH", "AH", "10H", "8H"):
        t.act(f"play {code}")
    v = t.view
    assert v["mode"] == "between" and v["actions"] == []
    assert v["trick"]["label"] == "Trick 5" and v["trick"]["done"]["code"] == "8H"
    assert v["end"] == {
        "kind": "hand", "result": None, "title": "Hand 1 is over", "text": None, "score": None,
        "pad": {"cols": ["You", "Computer"],
                "rows": [["Tricks", 5, 0], ["Points this hand", 2, 0], ["Score", 2, 0]]},
        "lines": ["You (non-dealer) win 5 tricks after playing the hand as dealt: 2 points (Scoring)."],
        "next": "You deal next.",
        "button": {"id": "next", "label": "Next hand", "action": "next hand", "primary": True}}
    t.send_from_page({"do": "act", "action": "next hand", "pos": v["pos"]})
    assert t.view["end"] is None and t.view["trick"]["done"] is None


def test_the_summary_names_a_stand_that_lost_and_every_point_of_the_hand():
    """§3.5, classic: the non-dealer stood and took fewer than 3 tricks: the dealer scores 2 (not
    3 for the vole); §3.3: the king of trumps announced is a point of the same hand."""
    t = EcarteTable(ecarte.EcarteRules.classic(), deck=stack("7S 8S 9S 10S JS", "KH JH AH 10H 8H", "9H"),
                    dealer=1, seed=1, delay=0)
    t.act("stand")
    while t.view["mode"] == "play":
        t.act(f"play {t.state.observation(0).playable[0].code}")
    end = t.view["end"]
    assert end["pad"]["rows"] == [["Tricks", 0, 5], ["Points this hand", 0, 3], ["Score", 0, 3]]
    assert end["lines"] == [
        "Computer announces the king of trumps (K♥): 1 point (King of trumps).",
        "You stood but took fewer than 3 tricks, so Computer scores 2 points (Scoring)."]
    assert end["next"] == "You deal next."


def test_the_game_over_panel_says_who_won_with_new_game_beside_it():
    t = EcarteTable(ecarte.EcarteRules.standard(target=2), deck=FIVE_TRUMPS, dealer=1, seed=1, delay=0)
    t.act("stand")
    for code in ("QH", "JH", "AH", "10H", "8H"):
        t.act(f"play {code}")
    v = t.view
    assert v["mode"] == "over" and v["trick"]["done"]["code"] == "8H"
    assert v["end"] == {
        "kind": "over", "result": "won", "title": "You won!", "text": "You win the game 2–0!",
        "score": None, "next": None,
        "pad": {"cols": ["You", "Computer"],
                "rows": [["Tricks", 5, 0], ["Points this hand", 2, 0], ["Score", 2, 0]]},
        "lines": ["You (non-dealer) win 5 tricks after playing the hand as dealt: 2 points (Scoring)."],
        "button": {"id": "over-new", "label": "New game", "do": "new_game"}}
    t.send_from_page({"do": "new_game"})        # the game is over: no question asked
    assert t.view["mode"] != "over" and t.view["end"] is None and not t.view["confirm"]


def test_a_finished_trick_is_held_before_the_computer_leads_again(monkeypatch):
    """Issue 19: when the computer wins a trick it leads the next one; it first waits
    TRICK_HOLD seconds (or the Pause, if longer), so the finished trick stays readable. Asked
    after every trick the computer won and will lead from, and never after one the person won."""
    from cardkit_tables.ecarte_table import TRICK_HOLD
    t = EcarteTable(seed=5, delay=0)        # headless: the computer moves at once, linger unused
    asked, won = [], []
    orig = t.after_move

    def after_move():
        obs = t.state.observation(0)
        if obs.phase == "play" and not obs.trick and obs.last_trick and not obs.is_over:
            won.append(obs.last_trick_winner)
        t.controller.linger = 0.0
        orig()
        if t.controller.linger:
            asked.append((t.controller.linger, obs.last_trick_winner, len(obs.trick)))
    monkeypatch.setattr(t, "after_move", after_move)
    play_match(t, ecarte.computer_player("easy", seed=1))
    assert asked and won.count(1) == len(asked) and 0 in won
    assert all(a == (TRICK_HOLD, 1, 0) for a in asked)
