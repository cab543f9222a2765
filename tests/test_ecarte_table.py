"""EcarteTable, headless (DESIGN.md test layer 2): click through real play, check what is shown,
and scan every live widget's state for the computer's cards and the stock."""
import pytest

from cardkit import Action, parse_cards
from cardkit import ecarte
from widgets import EcarteTable
from widget_helpers import assert_no_hidden_cards, forge_click, forge_state, states_text

from test_ecarte import stack


def hidden_from(table):
    """The cards seat ``table.seat`` must not see now."""
    s, me = table.state, table.seat
    hidden = set(s.hands[1 - me]) | set(s.stock) | set(s.discards[1 - me])
    if s.king_announced is not None:
        hidden.discard(s.king_of_trumps())          # announcing shows the king (§3.3)
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
    while not t.state.is_over:
        assert t.state.current_player == t.seat            # the computer has moved already
        obs = t.state.observation(t.seat)
        assert set(t.actions.shown) <= {"stand", "propose", "accept", "refuse", "discard", "announce"}
        click_action(t, me.choose(obs))
        assert_no_hidden_cards(hidden_from(t))
        clicks += 1
        assert clicks < 500
    assert t.errors == [] and t.refusals == []
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
    assert t.what_now.text == "You must follow suit (♥); you cannot beat K♥: play A♥ 10♥ (§3.4)."
    unplayable = [b for b in t.your_hand.buttons if "ck-unplayable" in b._dom_classes]
    assert [b.card for b in unplayable] == parse_cards("KS KD KC")
    before = t.state.to_json()
    t.your_hand.click(parse_cards("KS")[0])
    assert t.state.to_json() == before
    assert t.what_now.tone == "warn"
    assert t.what_now.text == "You must follow suit: K♥ was led and you hold A♥ 10♥ (RULES.md §3.4)."
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
    assert "Pick 1 to 5 cards" in t.what_now.text
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
    assert "discards" in " ".join(t.log_view.lines[:2])
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
    t.target.value = 7
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
