"""WarTable, headless: click whole games through, check what is shown,
and scan every live widget's state for cards nobody may see: packet cards never turned up, and
face-down war cards of a battle that is not settled yet."""
import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest

from cardkit import Action, parse_card, parse_cards
from cardkit import war
from cardkit.war import WarRules
from cardkit_tables import WarTable
from cardkit_tables.parts import BLANK
from cardkit_tables.war_table import VARIANTS
from test_protocol_war import secret
from widget_helpers import (scan_for_hidden, all_widget_states, assert_no_hidden_cards, card_forms,
                            close_all_widgets, forge_click, states_text)

C = parse_card


def hidden_from(table):
    """Cards the person must not see now: never face up, in a packet or face down on the table
    (the conformance suite's definition, tests/test_protocol_war.py)."""
    return secret(table.state, table.seat)


def scan(table):
    """No card hidden from ``table``'s seat is in any live widget's state."""
    scan_for_hidden(hidden_from(table))


def decide(table):
    """The person's decision, made by clicking: steal, slap, keep the order."""
    keys = table.actions.shown
    for key in ("steal", "slap", "keep"):
        if key in keys:
            table.actions.click(key)
            return key
    raise AssertionError(f"no decision shown: {keys}")


def run_loop(coroutine):
    """Run ``coroutine`` in an event loop of its own (a worker thread: the browser tests' Playwright
    may already run a loop in this one), as a kernel would run the table's timers."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def stacked(rules, *hands, piles=None, delay=0, **kw):
    return WarTable(rules, hands=list(hands), piles=piles, seed=1, delay=delay, **kw)


# -- a whole game ---------------------------------------------------------------------------------
def test_classic_game_by_flipping_shows_only_what_was_turned_up():
    t = WarTable(seed=3, delay=0)
    assert t.actions.shown == ("flip", "auto")
    assert t.what_now.text.startswith("Press Flip")
    scan(t)
    for _ in range(40):
        before = t.state.battles
        t.actions.click("flip")
        assert t.state.battles == before + 1
        scan(t)
        if t.state.is_over:
            break
    # the bottom line is the person's seat (0), the other player above
    assert t.seats[1].name.value.startswith("<b>Player 1")
    assert t.seats[0].packet.count == len(t.state.packets[1])
    assert t.seats[1].packet.count == len(t.state.packets[0])
    t.actions.click("auto")
    assert t.state.is_over and t.actions.shown == () and t.what_now.tone == "done"
    assert t.what_now.text.endswith("Press New game to play again.")
    assert f"battles {t.state.battles} · wars {t.state.wars}" in t.counters.value
    scan(t)
    assert t.errors == [] and t.refusals == []


def test_the_rule_that_decided_the_battle_and_the_whole_war_face_up_once_settled():
    t = stacked(WarRules(), "7C 2S 3C 9D KD 5D", "7H 5H JS 8C 4S 2D")
    t.actions.click("flip")
    you, them = t.seats[1], t.seats[0]
    assert you.table.shown == parse_cards("7C 2S 3C 9D KD")        # settled: all face up
    assert them.table.shown == parse_cards("7H 5H JS 8C 4S")
    assert [b.description for b in you.table.cards.children] == ["7♣", "2♠", "3♣", "9♦", "K♦"]
    assert t.decision.value == "<b>K♦ beats 4♠: you win the war and take 10 cards.</b>"
    assert t.seats[1].name.value == "<b>Player 1 (you)</b>" and t.seats[0].name.value == "<b>Player 2</b>"
    assert t.what_now.text == "Press Flip to turn the top cards (Classic War)."
    assert "§" not in t.what_now.value and "RULES.md" not in t.what_now.value
    assert you.packet.count == 11 and them.packet.count == 1
    assert "battles 1 · wars 1" in t.counters.value
    assert t.log_view.lines[0].startswith("Battle: 7♣ (you) vs 7♥ (Player 2). 7♣ and 7♥ tie: war! "
                                          "You put 3 cards face down.")
    assert t.state.log[-1].explain().startswith("Battle: 7♣ (Player 1) vs 7♥ (Player 2).")


def test_face_down_war_cards_are_backs_until_settled_with_a_pause():
    async def main():
        t = stacked(WarRules(), "7C 2S 3C 9D KD 5D", "7H 5H JS 8C 4S 2D", delay=0.05)
        t.actions.click("flip")
        shown = list(t.seats[1].table.shown)
        backs = [b for b in t.seats[1].table.cards.children if "ck-back" in b._dom_classes]
        desc = [b.description for b in backs]
        early = (list(t.log_view.lines), t.decision.value, t.what_now.text)
        await asyncio.sleep(0.8)
        return t, shown, desc, early
    t, shown, desc, early = run_loop(main())
    assert shown == [C("7C"), None, None, None, C("KD")]
    assert desc == [BLANK] * 3
    # meanwhile neither the log nor the decision line names the face-down cards
    assert not any("Battle:" in line for line in early[0]) and early[1] == ""
    assert early[2] == "War! The face-down cards turn up in a moment…"
    assert t.log_view.lines[0].startswith("Battle: 7♣") and "K♦ beats 4♠" in t.decision.value
    assert t.seats[1].table.shown == parse_cards("7C 2S 3C 9D KD")  # turned face up later


def test_play_to_the_end_every_variant():
    for i, key in enumerate(VARIANTS):
        close_all_widgets()                   # the last variant's table is gone
        t = WarTable(seed=10 + i, delay=0)
        t.variant.value = key
        t.new_game_button.click()
        assert t.state.rules.players == {"multiplayer3": 3, "multiplayer4": 4,
                                         "three_player": 3}.get(key, 2)
        shown = [s.box.layout.display for s in t.seats]
        assert shown.count("flex") == t.state.rules.players
        t.actions.click("auto")
        clicks = 0
        while not t.state.is_over:
            decide(t)
            clicks += 1
            assert clicks < 2000
            if clicks % 25 == 0:
                scan(t)
        scan(t)
        assert t.what_now.tone == "done" and t.errors == [] and t.refusals == [], key


def test_variant_chooser_and_new_game():
    t = WarTable(seed=5, delay=0)
    assert t.variant.value == "classic"
    t.variant.value = "peace"
    t.new_game_button.click()
    assert t.state.rules == WarRules.peace() and "Peace (lowest wins)" in t.title.value
    t.variant.value = "multiplayer4"
    t.new_game_button.click()
    assert t.state.rules.players == 4
    assert [s.box.layout.display for s in t.seats] == ["flex"] * 4 + ["none"] * 2
    assert repr(t) == "WarTable(seat=0, rules='multiplayer')"
    custom = WarTable(WarRules(war_facedown=1), seed=5, delay=0)
    assert custom.variant.value == "custom"
    custom.new_game_button.click()
    assert custom.state.rules == WarRules(war_facedown=1)


# -- Steal War ------------------------------------------------------------------------------------
def test_steal_war_steal_button_and_your_top_card():
    t = stacked(WarRules.steal(), "7S 2C 9C", "KH 3D", piles=[[], parse_cards("7H 4H")])
    assert t.seats[0].pile.top == C("7H") and t.seats[0].pile.count == 2
    t.actions.click("flip")
    assert t.actions.shown == ("steal", "play")
    assert t.looking.card == C("7S") and t.looking_box.layout.display == "flex"
    assert t.what_now.text.startswith("Your top card 7♠ has the rank of the top card of Player 2's")
    scan(t)
    t.actions.click("steal")
    # the computer (player 2) won 2♣ vs K♥ and chose its top card itself
    s = t.state
    assert s.current_player is None and s.piles[0] == parse_cards("7S 7H 4H")
    assert t.seats[1].pile.top == C("7S") and t.seats[1].pile.count == 3
    assert t.seats[0].pile.count == 2 and t.seats[0].pile.top in parse_cards("2C KH")
    assert t.looking_box.layout.display == "none" and t.actions.shown == ("flip", "auto")
    assert "Player 1 (you)" in t.seats[1].name.value
    scan(t)


def test_steal_war_choose_the_top_card_or_keep_the_order():
    t = stacked(WarRules.steal(), "KS 2C 5C", "4H 3D 6D")
    t.actions.click("flip")
    assert t.top_choice.cards == (C("KS"), C("4H")) and t.actions.shown == ("keep",)
    t.top_choice.click(C("4H"))
    assert t.state.piles[0] == parse_cards("4H KS") and t.seats[1].pile.top == C("4H")
    assert t.top_box.layout.display == "none"
    t = stacked(WarRules.steal(), "KS 2C 5C", "4H 3D 6D")
    t.actions.click("flip")
    t.actions.click("keep")
    assert t.state.piles[0] == parse_cards("KS 4H")


def test_steal_war_face_down_cards_are_backs_while_you_decide_in_a_war():
    t = stacked(WarRules.steal(), "8S 2C 3C 4C 7S AS", "8H 2D 3D 4D KH 5D",
                piles=[[], parse_cards("7D")])
    t.actions.click("flip")
    assert t.actions.shown == ("steal", "play")
    assert t.seats[1].table.shown == [C("8S"), None, None, None]
    assert t.seats[0].table.shown == [C("8H"), None, None, None]
    scan(t)                                   # 2♣ 3♣ 4♣ 2♦ 3♦ 4♦ A♠ K♥ are nowhere
    assert hidden_from(t) >= set(parse_cards("2C 3C 4C 2D 3D 4D AS KH"))
    t.actions.click("play")                   # fight with the 7♠: K♥ beats it
    assert t.state.log[-1].kind in ("battle", "top", "reshuffle")
    assert t.seats[1].table.shown[:4] == parse_cards("8S 2C 3C 4C")   # settled: face up
    scan(t)


# -- Slap war --------------------------------------------------------------------------------------
def test_slap_button_wins_the_battle():
    t = stacked(WarRules.slap(), "5S 2C", "KH 3D")
    t.actions.click("flip")
    assert t.actions.shown == ("slap", "late")
    assert t.what_now.text == "5♠ is up: slap it first to win (Slap war)!"
    t.actions.click("slap")
    assert t.state.packets == [parse_cards("2C 5S KH"), parse_cards("3D")]
    assert "You slap the 5♠ first: you win the battle and take 2 cards." in t.decision.value
    assert t.what_now.text == "Press Flip to turn the top cards (Slap war)."


def test_too_slow_the_computer_or_the_cards_decide():
    t = stacked(WarRules.slap(), "5S 2C", "KH 3D")
    t.actions.click("flip")
    t.actions.click("late")
    assert t.state.log[-1].player == 1 and t.actions.shown == ("flip", "auto")


def test_slap_race_against_the_computers_reaction_time():
    rules = WarRules.slap(mean=0.05)

    async def race(click_at):
        t = stacked(rules, "5S 2C", "4H 3D", delay=0.05)
        t.actions.click("flip")
        assert t.actions.shown == ("slap", "late")
        others = t.state.observation(0)["slap"]["others_time"]
        if click_at is not None:
            await asyncio.sleep(click_at)
            if t.state.stage == "slap":
                t.actions.click("slap")
        else:
            await asyncio.sleep(1.2)
        return t, others

    t, others = run_loop(race(None))      # you never slap: the computer does, in time
    assert others is not None and others < 1.0
    assert t.state.log[-1].player == 1 and "Player 2 slaps the 5♠ first" in t.state.log[-1].text
    t, _o = run_loop(race(0.0))           # you slap at once: before the computer
    assert t.state.log[-1].player == 0 and "Player 1 slaps the 5♠ first" in t.state.log[-1].text


# -- forged clicks -----------------------------------------------------------------------------------
def test_forged_clicks_on_every_button_change_nothing_illegal():
    t = stacked(WarRules.steal(), "7S 2C 9C", "KH 3D", piles=[[], parse_cards("7H 4H")])
    buttons = [w for w in _widgets_of(t) if w.__class__.__name__ in ("Button", "CardView")]
    before = t.state.to_json()
    for b in buttons:                          # backs, spares, hidden buttons: nothing happens
        if b not in t.actions.children and b is not t.new_game_button:
            forge_click(b)
    assert t.state.to_json() == before
    t.actions.click("flip")
    stage = t.state.stage
    # the person may not press "Keep this order" while deciding a steal (the button is not shown)
    t.safe(t._on_action)("keep")
    assert t.state.stage == stage == "steal" and t.what_now.tone == "warn"
    assert t.what_now.text == ("You choose the top card of your face-up pile only just after "
                               "winning a battle (Steal War).")
    t.safe(t._on_action)("late")
    assert t.what_now.text == "No slap card is waiting for your slap now (Slap war)."
    assert t.state.stage == "steal"
    t.safe(t._on_top)(C("7S"))
    assert t.refusals and t.what_now.text.endswith("(Steal War).")
    assert str(t.refusals[-1].rule) == "Steal War" and t.refusals[-1].rule.cite() == "§1.10"
    assert t.what_now.tone == "warn" and t.errors == []


def _widgets_of(root):
    out, todo = [], [root]
    while todo:
        w = todo.pop()
        out.append(w)
        todo.extend(getattr(w, "children", ()))
    return out


def test_game_over_buttons_and_new_game():
    t = stacked(WarRules(), "AC", "KS")
    t.actions.click("flip")
    assert t.state.is_over and t.actions.shown == ()
    assert t.what_now.text == "You hold all the cards and win the game. Press New game to play again."
    assert "(winner)" in t.seats[1].name.value
    t.safe(t._on_action)("flip")
    assert "The game is over" in t.what_now.text
    t.new_game_button.click()
    assert not t.state.is_over and t.state.battles == 0


def test_the_scan_finds_a_leaked_card():
    import ipywidgets as ipw
    t = stacked(WarRules(), "7C 2S 3C 9D KD 5D", "7H 5H JS 8C 4S 2D")
    scan(t)
    leak = ipw.HTML("the next card is K♦")       # never turned up yet
    with pytest.raises(AssertionError, match="hidden cards reach the browser"):
        scan(t)
    leak.close()


def test_during_the_war_pause_nothing_tells_who_won():
    # Underdog (§1.8): 9♥ beats 8♣ after the war, but player 2 has the underdog 6 face down and
    # wins instead. Until the face-down cards turn up, the packet counts must not give that away.
    async def scenario():
        t = stacked(WarRules.underdog(), "7S 2C 3C 4C 9H KD", "7H 6D 2D 3D 8C QD", delay=0.2)
        t.actions.click("flip")
        assert t._hide_downs
        counts = [line.packet.count for line in t.seats[:2]]
        names = " ".join(line.name.value for line in t.seats[:2])
        await asyncio.sleep(0.6)
        return t, counts, names
    t, counts, names = run_loop(scenario())
    # 6 cards each before; 5 on the table each (tied 7, 3 down, 1 up) → 1 left each, win or lose
    assert counts == [1, 1] and "(winner)" not in names
    assert sorted(line.packet.count for line in t.seats[:2]) == [1, 11]      # revealed: 10 + 1
    assert t.state.winner is None and t.errors == []
