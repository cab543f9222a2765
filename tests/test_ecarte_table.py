"""EcarteTable, headless: click through real play, check what is shown,
and scan every live widget's state for the computer's cards and the stock."""
import pytest

import asyncio
import threading

from cardkit import parse_cards
from cardkit import ecarte
from cardkit_tables import EcarteTable
from widget_helpers import assert_no_hidden_cards, scan_for_hidden, forge_click, forge_state, states_text

from test_ecarte import stack


def hidden_from(table):
    """The cards seat ``table.seat`` must not see now."""
    s, me = table.state, table.seat
    hidden = set(s.hands[1 - me]) | set(s.stock) | set(s.discards[1 - me])
    if s.king_announced is not None:
        hidden.discard(s.king_of_trumps())          # announcing shows the king (§3.3)
    if table.between_hands is not None:             # the finished hand's cards were public then
        deals = [i for i, e in enumerate(s.log) if e.kind == "deal"]
        for e in s.log[deals[-2]:deals[-1]]:
            if e.visible_to is None or me in e.visible_to:     # what this seat saw then
                hidden -= {*e.cards, *e.data.get("drawn", ()), *e.data.get("trick_cards", ())}
    return hidden


def click_action(table, action):
    """Carry out ``action`` for the person by clicking, as a student would."""
    if action.kind == "play":
        table.your_hand.click(action.card)
    elif action.kind == "discard":
        for c in action.cards:
            table.your_hand.click(c)
        table.actions.click("discard")
    else:
        table.actions.click(action.kind)


def test_a_whole_match_by_clicking_shows_nothing_hidden():
    t = EcarteTable(seed=11, delay=0)
    me = ecarte.computer_player(seed=3)
    clicks = 0
    hands_seen = 0
    while not t.state.is_over:
        if t.between_hands is not None:                    # the table pauses after each hand
            assert t.actions.shown == ("next",) and t.your_hand.cards == ()
            assert "Press Next hand" in t.what_now.text and "(Scoring)" in t.what_now.text
            t.actions.click("next")
            hands_seen += 1
            continue
        assert t.state.current_player == t.seat            # the computer has moved already
        obs = t.state.observation(t.seat)
        assert set(t.actions.shown) <= {"stand", "propose", "accept", "refuse", "discard", "announce"}
        click_action(t, me.choose(obs))
        scan_for_hidden(hidden_from(t))
        clicks += 1
        assert clicks < 500
    assert t.errors == [] and t.refusals == [] and hands_seen >= 1
    assert max(t.state.scores) == 5 and t.state.winner in (0, 1)
    assert "wins the game" in t.what_now.text or "You win the game" in t.what_now.text
    assert t.actions.shown == ()
    assert t.what_now.tone == "done"


def test_a_card_the_rules_forbid_is_refused_with_the_rule():
    # the person deals; the computer (non-dealer) holds three trumps, stands, announces, leads K♥
    deck = stack("KH QH JH 7S 7D", "AH 10H KS KD KC", "8H")
    t = EcarteTable(deck=deck, dealer=0, delay=0, seed=1)
    assert t.state.trick == [(1, parse_cards("KH")[0])]
    assert t.trick_theirs.card == parse_cards("KH")[0] and t.trick_yours.card is None
    assert "Computer leads K♥ to trick 1." in t.log_view.lines[0]
    assert t.state.scores == [0, 1]                          # the computer announced the king
    assert t.what_now.text == ("You must follow suit (♥); you cannot beat K♥: play A♥ or 10♥ "
                               "(Follow suit and win the trick).")
    unplayable = [b for b in t.your_hand.buttons if "ck-unplayable" in b._dom_classes]
    assert [b.card for b in unplayable] == parse_cards("KS KD KC")
    before = t.state.to_json()
    t.your_hand.click(parse_cards("KS")[0])
    assert t.state.to_json() == before
    assert t.what_now.tone == "warn"
    assert t.what_now.text == ("You must follow suit: K♥ was led and you hold A♥ and 10♥ "
                               "(Follow suit and win the trick).")
    assert len(t.refusals) == 1
    t.your_hand.click(parse_cards("10H")[0])
    assert t.state.tricks == [0, 1] and t.errors == []


def test_proposing_selecting_and_discarding():
    # the person is the non-dealer; the computer's weak hand accepts a proposal
    deck = stack("7S 8S 9D 8C 7C", "AH 10D KS 9S JC", "8H", stock="KH QH JH AC 10C")
    t = EcarteTable(deck=deck, dealer=1, delay=0, seed=2)
    assert t.actions.shown == ("stand", "propose")
    t.actions.click("propose")
    assert t.state.phase == "exchange" and t.state.current_player == 0
    assert "Click 1 to 5 cards" in t.what_now.text
    for c in parse_cards("7S 8S 7C"):
        t.your_hand.click(c)
    assert t.selected == parse_cards("7S 8S 7C")
    assert t.actions.button("discard").description == "Discard 3 cards"
    assert "3 cards selected." in t.what_now.text
    t.your_hand.click(parse_cards("8S")[0])                 # a second click puts it back
    assert t.selected == parse_cards("7S 7C")
    t.actions.click("discard")
    assert t.state.discards[0] == parse_cards("7S 7C")
    assert t.state.hands[0][:3] == parse_cards("8S 9D 8C")
    assert t.state.hands[0][3:] == parse_cards("KH QH")      # drawn from the top of the stock
    assert t.selected == []
    assert t.state.current_player == 0                       # the computer has exchanged too
    assert "exchanges" in " ".join(t.log_view.lines[:2])
    assert t.errors == []


def test_clicks_out_of_turn_or_phase_explain_themselves():
    deck = stack("7S 8S 9D 8C 7C", "AH 10D KS 9S JC", "8H")
    t = EcarteTable(deck=deck, dealer=1, delay=0, seed=2)
    t.your_hand.click(parse_cards("7S")[0])
    assert "decide about the exchange" in t.what_now.text and t.state.phase == "decide"


def test_forged_messages_cannot_cheat():
    deck = stack("KH QH JH 7S 7D", "AH 10H KS KD KC", "8H")
    t = EcarteTable(deck=deck, dealer=0, delay=0, seed=1)
    before = t.state.to_json()
    # a forged description does not change which card a button plays
    b = t.your_hand.button_for(parse_cards("KS")[0])
    forge_state(b, description="10♥")
    forge_click(b)
    assert t.state.to_json() == before and len(t.refusals) == 1
    # the computer's cards are backs without any text
    assert all(x.description.strip() == "" and not x.tooltip for x in t.their_hand.buttons)
    assert_no_hidden_cards(hidden_from(t))
    t.close()
    # a forged click on an action button that is not shown is ignored
    u = EcarteTable(deck=stack("7S 8S 9D 8C 7C", "AH 10D KS 9S JC", "8H"), dealer=1, delay=0)
    u.actions.click("stand")
    assert u.actions.shown == () and u.state.phase == "play"
    after_stand = u.state.to_json()
    forge_click(u.actions._pool[1])                      # the hidden "propose" button
    assert u.state.to_json() == after_stand
    assert t.errors == []


def test_new_game_takes_the_chosen_rules_and_target_even_mid_hand():
    t = EcarteTable(seed=5, delay=0)
    t.actions.click(t.actions.shown[0])
    t.preset.value = "classic"
    assert "next game" in t.what_now.text
    t.target.value = 7
    t.new_game_button.click()                        # mid-match: asks first
    assert t.new_game_button.description == "Really start again?" and t.state.rules.name == "standard"
    assert t.what_now.tone == "warn"
    t.new_game_button.click()
    s = t.state
    assert (s.rules.name, s.rules.must_trump, s.rules.scoring, s.rules.target) == ("classic", True, "classic", 7)
    assert s.hand_number == 1 and sum(s.tricks) == 0 and s.scores[0] == 0
    assert t.score.scores[0][0] == "You" and "game to 7" in t.score.value
    assert repr(t) == "EcarteTable(seat=0, rules='classic', target=7)"
    assert t.errors == []


def test_seat_one_and_the_narrow_layout():
    t = EcarteTable(seed=8, seat=1, delay=0, narrow=True)
    assert "ck-narrow" in t._dom_classes
    assert t.state.names == ("Computer", "You")
    assert t.state.current_player in (1, None)
    assert_no_hidden_cards(hidden_from(t))
    with pytest.raises(ValueError, match="seat"):
        EcarteTable(seat=2)


def test_turn_up_and_trumps_are_shown():
    deck = stack("7S 8S 9D 8C 7C", "AH 10D KS 9S JC", "8H")
    t = EcarteTable(deck=deck, dealer=1, delay=0)
    assert t.turn_up.top == parse_cards("8H")[0]
    assert "♥" in t.trumps.value and "hearts" in t.trumps.value
    assert t.stock.count == 21 and t.stock.card_view.description.strip() == ""
    assert "8♥" in states_text() and "K♠" not in states_text()


def test_the_table_pauses_on_each_finished_hand():
    # deal A of test_ecarte: the person (non-dealer) stands with K♥ Q♥ J♥ and takes 3 or 4 tricks,
    # worth 2 points in standard rules whatever the computer throws away (§3.5)
    from test_ecarte import DEAL_A
    t = EcarteTable(deck=DEAL_A, dealer=1, delay=0, seed=0)
    t.actions.click("stand")
    plan = parse_cards("QH JH KH 7D 7S")
    while t.between_hands is None:
        assert t.state.current_player == 0
        legal = [a.card for a in t.state.legal_actions() if a.kind == "play"]
        t.your_hand.click(next(c for c in plan if c in legal))
    h = t.between_hands
    assert h["tricks"][0] in (3, 4) and h["points"] == 2 and h["winner"] == 0
    last = [e for e in t.state.log if e.kind == "trick"][-1].data["trick_cards"]
    assert t.trick_label.value == "Last trick of hand 1:"
    assert {t.trick_theirs.card, t.trick_yours.card} == set(last)
    assert t.what_now.text.startswith(
        f"You (non-dealer) win {h['tricks'][0]} tricks after playing the hand as dealt: 2 points (Scoring)")
    assert t.score.scores[0] == ("You", 2)
    assert t.actions.shown == ("next",) and t.state.hand_number == 2
    assert t.your_hand.cards == () and t.their_hand.buttons == ()
    t.your_hand.click  # nothing to click: the hand is put away
    t.actions.click("next")
    assert t.between_hands is None and "hand 2" in t.title.value
    assert len(t.your_hand.cards) == 5 and t.errors == []


def test_double_clicks_press_one_button_once():
    deck = stack("7S 8S 9D 8C 7C", "AH 10D KS 9S JC", "8H", stock="KH QH JH AC 10C")
    t = EcarteTable(deck=deck, dealer=1, delay=0, seed=2)
    propose = t.actions.button("propose")
    propose.click()
    propose.click()                                   # the second click of a double-click
    assert t.state.actions == ["propose", "accept"]
    for c in parse_cards("7S 8S"):
        t.your_hand.click(c)
    discard = t.actions.button("discard")
    discard.click()
    discard.click()
    assert t.state.actions == ["propose", "accept", "discard 7♠ 8♠", t.state.actions[3]]
    assert t.state.phase == "decide" and t.errors == []


def test_in_a_live_kernel_the_computer_waits_without_blocking_clicks():
    async def scenario():
        # the person deals; the computer (non-dealer) has 3 trumps: it stands and leads
        deck = stack("10H 9H 7H 9S QD", "KS 7S AD 8C 9C", "8H")
        t = EcarteTable(deck=deck, dealer=0, delay=0.05, seed=1)
        assert t.state.trick and t.state.current_player == 0      # first moves come at once
        t.your_hand.click(parse_cards("KS")[0])                      # you win trick 1 and lead
        assert t.state.current_player == 0 and t.state.tricks == [1, 0]
        t.your_hand.click(parse_cards("7S")[0])                      # the computer must answer
        assert t.state.current_player == 1 and t.what_now.text == "Waiting for Computer."
        t.your_hand.click(parse_cards("AD")[0])                      # a click meanwhile...
        assert t.what_now.text == "Wait: it is not your turn." and len(t.state.trick) == 1
        await asyncio.sleep(0.3)
        assert t.state.current_player == 0 or t.between_hands is not None
        assert parse_cards("AD")[0] in t.state.hands[0]              # ...was not queued
        return t
    # a thread of its own: another test's Playwright may hold this thread's event loop
    result = {}
    runner = threading.Thread(target=lambda: result.update(table=asyncio.run(scenario())))
    runner.start()
    runner.join(30)
    assert result["table"].errors == []
