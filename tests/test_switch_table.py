"""SwitchTable, headless: click whole games through, check what is shown,
and scan every live widget's state for the opponents' cards and the stock (beginner mode off)."""
import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest

from cardkit import parse_card, parse_cards
from cardkit import switch
from cardkit_tables import SwitchTable
from widget_helpers import (scan_for_hidden, assert_no_hidden_cards, find_hidden_cards, forge_click)

C = parse_card


def hidden_from(table):
    """The cards the person must not see now (beginner mode off)."""
    s = table.state
    hidden = set(s.stock) | {c for seat, h in enumerate(s.hands) if seat != table.seat for c in h}
    # a card once seen face up (played, turned up) or shown to this seat may be named in the log
    seen = {c for e in s.log if e.visible_to is None or table.seat in e.visible_to for c in e.cards}
    return hidden - set(s.discard) - seen


def scan(table):
    """No card hidden from ``table``'s seat is in any live widget's state."""
    scan_for_hidden(hidden_from(table))


def click(table, action):
    """Carry out ``action`` for the person by clicking, as a student would."""
    if action.kind == "play":
        table.your_hand.click(action.card)
    elif action.kind == "draw" and table.state.stock:
        table.stock.click()
    else:
        table.actions.click(str(action))


def stacked(*hands, stock, **options):
    """A two-or-more player table, the person (seat 0) first; ``stock`` top first (starter first)."""
    n = len(hands)
    return SwitchTable(switch.SwitchRules(players=n), hands=[parse_cards(h) for h in hands],
                       deck=parse_cards(stock), dealer=n - 1, seed=1, delay=0, **options)


@pytest.mark.parametrize("players,seed", [(2, 4), (3, 5), (5, 6)])
def test_a_whole_game_by_clicking_shows_nothing_hidden(players, seed):
    t = SwitchTable(players=players, seed=seed, delay=0, level="hard")
    brain = switch.computer_player("hard", seed=seed, forget_rate=0.3)
    clicks = 0
    scan(t)
    while not t.state.is_over:
        assert t.state.current_player == t.seat        # the computers have moved already
        before = len(t.state.actions)
        click(t, brain.choose(t.state.observation(t.seat)))
        assert len(t.state.actions) > before            # every click did something
        scan(t)
        clicks += 1
        assert clicks < 1000
    assert t.errors == [] and t.refusals == []
    assert t.what_now.tone == "done" and t.actions.shown == ()
    w = t.state.winners
    head = "You won!" if w == [0] else f"{t.state.names[w[0]]} won."
    if len(w) == 1:
        assert t.what_now.text.startswith(head + " Cards left — ")
        assert t.what_now.text.endswith(". Press New game to play again.")


def test_beginner_mode_shows_the_opponents_and_the_stock_and_off_sends_none_of_them():
    t = SwitchTable(players=3, seed=9, delay=0)
    secret = hidden_from(t)
    assert_no_hidden_cards(secret)
    t.beginner.value = True
    s = t.state
    assert t.opponents[0].hand.cards == tuple(s.hands[1])
    assert t.opponents[1].hand.cards == tuple(s.hands[2])
    assert t.stock_cards.cards == tuple(s.stock)            # the deck order, top first
    assert find_hidden_cards(secret)                         # they are on show now
    with pytest.raises(AssertionError, match="hidden cards reach the browser"):
        scan(t)                                              # and the scan sees them
    t.beginner.value = False
    assert_no_hidden_cards(secret)
    assert t.opponents[0].hand.cards == () and len(t.opponents[0].hand.buttons) == 7
    assert t.opponents[2].box.layout.display == "none"


def test_an_unplayable_card_looks_different_and_says_why_when_clicked():
    t = stacked("9H 4C 3D", "9S 10S KD", stock="5H 6C 7C 8D")
    unplayable = [b.card for b in t.your_hand.buttons if "ck-unplayable" in b._dom_classes]
    assert unplayable == parse_cards("4C 3D")
    before = t.state.to_json()
    t.your_hand.click(C("4C"))
    assert t.state.to_json() == before and t.what_now.tone == "warn"
    assert t.what_now.text == ("4♣ matches neither the suit (♥) nor the rank (5) of 5♥; only Jacks "
                               "and Aces go on anything (Match the suit or the rank). Play a card that "
                               "matches 5♥ by suit (♥) "
                               "or rank (5) — a Jack or an Ace goes on anything — or draw a card "
                               "(Match the suit or the rank).")
    assert len(t.refusals) == 1


def test_suit_chooser_after_a_jack_and_the_named_suit_shown_plainly():
    t = stacked("JS 9C 4D", "9S 10S KD 3H", stock="5H 6C 7C 8D")
    t.your_hand.click(C("JS"))
    assert t.actions.shown == ("choose spades", "choose hearts", "choose diamonds",
                               "choose clubs", "last card", "challenge")
    assert t.what_now.text.startswith("You played a Jack")
    t.actions.click("choose diamonds")
    # Ada (the computer) held K♦ for the named diamonds
    assert t.state.discard[0] == C("KD")
    assert "Ada played K♦." in t.log_view.lines[0]
    assert "Ada named" not in t.status.value


def test_pending_penalty_shown_plainly():
    t = stacked("3H 4H 9C", "2H 10S KD 3C", stock="5H 6C 7C 8D")
    t.your_hand.click(C("3H"))          # Ada answers with 2♥: you face a draw of 2
    assert t.state.pending == switch.Pending("two", 2)
    assert "Pending: <b>draw 2 (one 2)</b> — for you" in t.status.value
    assert t.what_now.text == "You face a draw of 2: play a 2 to pass 4 on, or draw 2 cards (2s: draw two)."
    assert t.actions.shown == ("draw", "last card", "challenge")
    t.actions.click("draw")
    assert len(t.state.hands[0]) == 2 + 2


def test_last_card_called_before_the_play_shows_a_bubble_to_the_others():
    t = stacked("9H 4C", "9S 10S KD", stock="5H 6C 7C 8D", catch_rate=1.0)
    t.actions.click("last card")
    assert t.state.called == {0}
    t.your_hand.click(C("9H"))
    assert len(t.state.hands[0]) == 1 and t.errors == []     # Ada did not catch a called card
    assert not any("caught" in line for line in t.log_view.lines)


def test_forgetting_last_card_gets_you_caught():
    t = stacked("9H 4C", "9S 10S KD", stock="5H 6C 7C 8D", catch_rate=1.0)
    t.your_hand.click(C("9H"))
    assert len(t.state.hands[0]) == 3
    assert any("Ada caught you" in line for line in t.log_view.lines)


def test_caught_you_catches_a_forgetful_computer_and_shows_its_bubble_when_it_calls():
    t = stacked("9H 4C 3D 5S", "9S 10S", stock="5H 6C 7C 8D", forget_rate=1.0)
    t.your_hand.click(C("9H"))          # Ada plays 9♠ and forgets to call
    assert t.state.hands[1] == parse_cards("10S") and t.opponents[0].bubble.value == ""
    t.actions.click("challenge")
    assert len(t.state.hands[1]) == 3 and "You caught Ada" in t.log_view.lines[0]
    t = stacked("9H 4C 3D 5S", "9S 10S", stock="5H 6C 7C 8D", forget_rate=0.0)
    t.your_hand.click(C("9H"))          # Ada calls, then plays 9♠
    assert "Last card!" in t.opponents[0].bubble.value
    t.actions.click("challenge")        # a wrong challenge costs nothing
    assert len(t.state.hands[1]) == 1 and "costs nothing" in t.log_view.lines[0]


def test_last_card_and_caught_you_out_of_their_window_are_refused_with_the_rule():
    t = stacked("9H 4C 3D", "9S 10S KD", stock="5H 6C 7C 8D")
    before = t.state.to_json()
    t.actions.click("last card")
    guidance = ("Play a card that matches 5♥ by suit (♥) or rank (5) — a Jack or an Ace goes on "
                "anything — or draw a card (Match the suit or the rank).")
    assert t.state.to_json() == before and t.what_now.text == (
        "You call “last card” only when you hold 2 cards and are about to play one, or right after "
        "playing down to one card (Last card). " + guidance)
    t.actions.click("challenge")
    assert t.state.to_json() == before and t.what_now.text == (
        "There is nobody to catch now: you can catch a player only right after they play down to "
        "one card without calling “last card” (Last card). " + guidance)
    assert len(t.refusals) == 2 and t.what_now.tone == "warn"


def test_last_card_refused_sensibly_when_nothing_can_be_played_and_when_already_called():
    t = stacked("9H 4C 3D", "AS 10S KD", stock="5H 6C 7C 8D")
    t.your_hand.click(C("9H"))          # Ada answers with A♠: you face 4 with 2 cards, no Ace
    assert len(t.state.hands[0]) == 2 and t.state.pending == switch.Pending("ace", 4)
    t.actions.click("last card")
    assert t.what_now.text == (
        "You cannot call “last card” now: none of your cards can be played, so you will not get "
        "down to one card this turn (Last card). You face a draw of 4: play an Ace to pass 8 on, or draw 4 "
        "cards (Aces: draw four).")
    t = stacked("9H 4C", "9S 10S KD", stock="5H 6C 7C 8D")
    t.actions.click("last card")
    assert t.what_now.tone == "info" and t.refusals == []
    t.actions.click("last card")
    assert t.what_now.text == (
        "You have already called “last card” (Last card). Play a card that matches 5♥ by suit (♥) or rank (5) "
        "— a Jack or an Ace goes on anything — or draw a card (Match the suit or the rank).")
    assert t.what_now.tone == "warn" and len(t.refusals) == 1


def test_refusals_are_short_second_person_sentences_and_keep_the_guidance():
    t = stacked("JS 9C 4D", "9S 10S KD 3H", stock="5H 6C 7C 8D")
    t.your_hand.click(C("JS"))
    t.your_hand.click(C("9C"))
    assert t.what_now.text == ("First name a suit for your Jack (Jacks: name a suit). You played a Jack: name the suit "
                               "the next player must follow (Jacks: name a suit).")
    t = stacked("3H 4H 9C", "2H 10S KD 3C", stock="5H 6C 7C 8D")
    t.your_hand.click(C("3H"))          # Ada answers with 2♥
    t.your_hand.click(C("4H"))
    assert t.what_now.text == ("4♥ is not a 2: only a 2 can answer a draw of 2 (2s: draw two). You face a draw of "
                               "2: play a 2 to pass 4 on, or draw 2 cards (2s: draw two).")
    for r in t.refusals:
        assert str(r).endswith(".") and "RULES.md" not in str(r)


def test_the_log_keeps_its_history_after_the_stock_is_rebuilt_without_naming_hidden_cards():
    t = SwitchTable(players=3, seed=5, delay=0, level="hard")
    brain = switch.computer_player("hard", seed=5, forget_rate=0.3)
    rebuilt = False
    while not t.state.is_over:
        lines_before, n_before = list(t.log_view.lines), len(t.state.log)
        click(t, brain.choose(t.state.observation(t.seat)))
        scan(t)                      # no card hidden now and never seen face up is shown
        kinds = [e.kind for e in t.state.log]
        if "rebuild" in kinds and not rebuilt:
            rebuilt = True
            before = len(kinds) - kinds.index("rebuild")
            # lines older than the rebuild are still shown, word for word: a card once played
            # face up stays named in the history, and the rebuild line gives a count only
            assert len(t.log_view.lines) > before
            new = len(t.state.log) - n_before            # lines are newest first
            lines = t.log_view.lines
            assert lines[new:] == lines_before[:len(lines) - new]
            assert any(any(s in line for s in "♠♥♦♣") for line in lines[before:])
            rebuild = next(e for e in t.state.log if e.kind == "rebuild")
            assert rebuild.cards == () and f"new stock of {rebuild.data['n']} cards" in rebuild.explain()
    assert rebuilt


def test_forged_clicks_on_backs_and_hidden_buttons_do_nothing():
    t = SwitchTable(players=2, seed=2, delay=0)
    before = t.state.to_json()
    for b in t.opponents[0].hand.buttons + t.opponents[3].hand.buttons:
        forge_click(b)
    assert t.state.to_json() == before and t.errors == []


def test_new_game_with_more_players_and_states_stay_clean():
    t = SwitchTable(players=2, seed=2, delay=0)
    t.players_picker.value = 5
    t.new_game_button.click()
    assert t.state.players == 5 and t.title.value.endswith("you vs 4 computers")
    assert [o.box.layout.display for o in t.opponents] == ["flex"] * 4 + ["none"]
    assert_no_hidden_cards(hidden_from(t))
    assert repr(t) == "SwitchTable(players=5, seat=0)"


def test_the_real_timing_window_on_the_event_loop():
    """With a pause, the computers move on asyncio timers, so "Last card!" right after your play
    still counts (RULES.md §2: until the next player acts)."""

    async def scenario(call_late):
        t = stacked("9H 4C", "9S 10S KD", stock="5H 6C 7C 8D", catch_rate=1.0)
        t.delay = 0.05
        t.your_hand.click(C("9H"))
        assert t.state.current_player == 1 and len(t.state.hands[0]) == 1   # Ada waits
        t.your_hand.click(C("4C"))          # not your turn: refused
        assert "Wait: it is Ada's turn." in t.what_now.text
        if call_late:
            t.actions.click("last card")
        await asyncio.sleep(0.3)
        assert t.state.current_player == 0 and t.errors == []
        return len(t.state.hands[0])

    def run(call_late):
        # a thread of its own: another event loop (Playwright's) may already run in this one
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, scenario(call_late)).result()

    assert run(call_late=True) == 1
    assert run(call_late=False) == 3


def test_a_computer_catching_you_is_said_in_what_now_too():
    t = stacked("9H 4C", "AS 10S KD", stock="5H 6C 7C 8D", catch_rate=1.0)
    t.your_hand.click(C("9H"))          # you forgot "last card": Ada catches you, then plays A♠
    assert t.what_now.text == (
        "Ada caught you: you had not called “last card”, so you drew 2 penalty cards. You face a "
        "draw of 4: play an Ace to pass 8 on, or draw 4 cards (Aces: draw four).")
    t.actions.click("draw")
    assert "caught" not in t.what_now.text


def test_changing_a_setting_says_it_starts_with_the_next_game():
    t = SwitchTable(players=2, seed=2, delay=0)
    t.players_picker.value = 4
    assert t.what_now.text == "The new setting starts with the next game: press New game."
    assert t.state.players == 2
    t.level_picker.value = "hard"
    assert t.what_now.text == "The new setting starts with the next game: press New game."
    t.new_game_button.click()
    assert t.state.players == 4 and t.what_now.text != "The new setting starts with the next game: press New game."


def test_many_cards_show_plus_n_and_the_bubble_is_plain_text():
    t = SwitchTable(players=2, seed=2, delay=0)
    s = t.state
    s.hands[1].extend(s.stock[:10])          # 17 cards for Ada
    del s.stock[:10]
    s.called.add(1)
    t._render()
    row = t.opponents[0]
    assert len(row.hand.buttons) == 16 and row.more.value == "<b>+1</b>"
    assert row.count.value.startswith("17 cards")
    assert "Last card!" in row.bubble.value and "💬" not in row.bubble.value
    assert "border" in row.bubble.value
    assert row.label.children == (row.name, row.count, row.bubble)     # one line on a phone
    assert row.label.layout.flex_flow == "row nowrap"
    scan(t)


def test_the_suit_buttons_are_all_neutral():
    t = stacked("JS 9C 4D", "9S 10S KD 3H", stock="5H 6C 7C 8D")
    t.your_hand.click(C("JS"))
    assert {t.actions.button(k).button_style for k in t.actions.shown} == {""}
