"""Task mode on the tables (headless): "predict, then see" and "Deal this again".

Every deal here is stacked and worked out by hand:

- Écarté: the person (seat 0) deals; the computer holds 10♥ 9♥ 7♥ 9♠ Q♦, the person K♠ 7♠ A♦
  8♣ 9♣, the turn-up is the 8♥ (hearts are trumps). The task's moves make the computer stand and
  lead the 9♠: the person must follow suit and win the trick if they can, so K♠ is the only
  legal card (7♠ follows but loses; A♦, 8♣, 9♣ do not follow suit).
- Écarté, exchange: the person is the non-dealer (dealer=1) and decides first: stand and propose
  are both legal, so "propose" is a legal wrong answer to "stand".
- Switch: the person (seat 0) holds 6♥ 3♣ K♠ 9♦ and plays first (dealer=1) on the starter 3♥:
  6♥ (suit), 3♣ (rank) and draw are legal, K♠ and 9♦ are not.
- War: the person turns up the Q♠, the computer the A♦; the ace wins (a prediction).
"""
import json

import pytest

from cardkit import ecarte, war
from cardkit_tables import EcarteTable, SwitchTable, Task, WarTable
from cardkit_tables.controller import ANSWER_FIRST
from cardkit_tables.task import NOT_THAT
from widget_helpers import page_states_text, view_text

FOLLOW_DECK = ecarte.stacked_deck("10H 9H 7H 9S QD", "KS 7S AD 8C 9C", "8H")
FOLLOW_RIGHT = "You must follow suit and win the trick if you can."
FOLLOW_HINT = "Which of your spades beats the 9♠?"


def follow_task(**kw):
    return Task("The computer leads the 9♠. Which card must you play?", accept=["KS"],
                right=FOLLOW_RIGHT, hint=FOLLOW_HINT, moves=["stand", "play 9S"], **kw)


def follow_table(**kw):
    return EcarteTable(deck=FOLLOW_DECK, dealer=0, delay=0, task=follow_task(), **kw)


def hand_marks(table):
    return {c["code"]: (c.get("playable"), c.get("reason")) for c in table.view["hand"]}


def send(table, action):
    table.send_from_page({"do": "act", "action": action, "pos": table.view["pos"]})


# ------------------------------------------------------------------------------------- Écarté
def test_ecarte_before_the_first_attempt_nothing_gives_the_answer_away():
    t = follow_table(hint=True)
    v = t.view
    q = "The computer leads the 9♠. Which card must you play?"
    assert v["what_now"] == {"text": q, "tone": "info", "note": None, "note_tone": "info", "prompt": q}
    assert "play K♠" not in view_text(t)
    assert hand_marks(t) == {c: (True, None) for c in ("KS", "7S", "AD", "8C", "9C")}
    assert v["hint"] is None                                # no advice either
    assert v["labels"]["what_now"] == "Your turn"
    assert v["task"]["hint"] == {"label": "Hint", "enabled": True}
    assert v["again"] == {"label": "Deal this again"}
    # the answers and the feedback stay in the kernel
    page = page_states_text()
    assert FOLLOW_RIGHT not in page and FOLLOW_HINT not in page and "accept" not in json.dumps(v)


def test_ecarte_hint_shows_the_hint_and_counts_no_attempt():
    t = follow_table()
    pos = t.view["pos"]
    t.send_from_page({"do": "hint"})
    assert t.view["what_now"]["text"] == ("The computer leads the 9♠. Which card must you play? "
                                          "Hint: " + FOLLOW_HINT)
    assert t.view["task"]["hint"]["enabled"] is False
    assert t.controller.bound.attempts == 0 and t.view["pos"] == pos
    assert hand_marks(t)["7S"] == (True, None)              # still nothing greyed


def test_ecarte_illegal_attempt_gets_the_engines_rule_and_brings_the_greying_back():
    t = follow_table()
    before = t.state.to_json() if hasattr(t.state, "to_json") else None
    send(t, "play 7S")
    text = t.view["what_now"]["text"]
    assert text.startswith("You must win the trick if you can: 7♠ does not beat 9♠, but K♠ does "
                           "(Follow suit and win the trick).")
    assert t.view["what_now"]["tone"] == "warn"
    assert tuple(t.state.hands[0]) == t.state.observation(0).hand and len(t.state.hands[0]) == 5
    if before is not None:
        assert t.state.to_json() == before                  # nothing changed
    marks = hand_marks(t)
    assert marks["KS"] == (True, None)
    assert marks["7S"][0] is False and "win the trick" in marks["7S"][1]
    assert marks["AD"][0] is False and "follow suit" in marks["AD"][1]
    # one clear thing, once: the rule, not followed by the What now line that says it again
    assert text == ("You must win the trick if you can: 7♠ does not beat 9♠, but K♠ does "
                    "(Follow suit and win the trick).")
    assert t.view["labels"]["what_now"] == "Your turn"      # still the task until answered


def test_ecarte_right_answer_says_tick_and_is_played():
    t = follow_table()
    send(t, "play KS")
    v = t.view
    assert v["what_now"]["text"].startswith("✓ " + FOLLOW_RIGHT)
    assert v["what_now"]["tone"] == "done"
    assert t.state.tricks == [1, 0] or list(t.state.observation(0).tricks) == [1, 0]
    assert "KS" not in hand_marks(t)
    assert v["task"]["answered"] is True and v["labels"]["what_now"] == "What now"
    assert t.errors == []


def test_ecarte_legal_wrong_answer_is_refused_and_not_played():
    task = Task("Would you play these cards as dealt?", accept=["stand"],
                right="Three trumps: stand (the exchange).",
                wrong={"propose": "With three trumps an exchange can only make your hand worse."})
    deck = ecarte.stacked_deck("KH QH JH 7S 7D", "AS 10D KS 9S JC", "8H")
    t = EcarteTable(deck=deck, dealer=1, delay=0, task=task)
    assert t.state.current_player == 0
    pos = t.view["pos"]
    send(t, "propose")
    assert t.view["what_now"]["text"].startswith(
        "With three trumps an exchange can only make your hand worse.")
    assert t.view["what_now"]["tone"] == "warn"
    assert t.state.phase == "decide" or t.state.observation(0).phase == t.state.phase
    assert t.state.current_player == 0 and t.controller.moves == 0
    assert t.view["pos"] == pos                             # the same position: try again
    assert t.refusals[-1] == "With three trumps an exchange can only make your hand worse."
    send(t, "stand")
    assert t.view["what_now"]["text"].startswith("✓ Three trumps: stand (the exchange).")
    assert t.controller.bound.answered and t.controller.bound.attempts == 2


def test_ecarte_wrong_as_one_sentence_and_the_fallback():
    deck = ecarte.stacked_deck("KH QH JH 7S 7D", "AS 10D KS 9S JC", "8H")
    one = EcarteTable(deck=deck, dealer=1, delay=0,
                      task=Task("Stand or propose?", accept=["stand"], right="Stand.", wrong="No."))
    send(one, "propose")
    assert one.refusals == ["No."]
    plain = EcarteTable(deck=deck, dealer=1, delay=0,
                        task=Task("Stand or propose?", accept=["stand"], right="Stand."))
    send(plain, "propose")
    assert plain.refusals == [NOT_THAT] == ["Not that one — try again."]


def test_ecarte_deal_this_again_restores_the_deal_and_a_fresh_task():
    t = follow_table()
    first_hands = [list(h) for h in t.state.hands]
    send(t, "play 7S")
    send(t, "play KS")
    assert t.controller.moves >= 1
    t.send_from_page({"do": "again"})
    assert t.view["confirm"] is True                        # a game in progress: asked first
    t.send_from_page({"do": "answer", "yes": True})
    assert [list(h) for h in t.state.hands] == first_hands
    assert list(t.state.observation(0).trick) == [(1, ecarte.parse_card("9S"))] if hasattr(
        ecarte, "parse_card") else True
    b = t.controller.bound
    assert b is not None and b.attempts == 0 and not b.answered
    assert t.view["what_now"]["text"] == "The computer leads the 9♠. Which card must you play?"
    assert hand_marks(t)["7S"] == (True, None)
    assert t.controller.settings == t.controller.first_settings


def test_deal_again_keeps_the_first_settings_and_drops_pending_ones():
    t = follow_table()
    send(t, "play KS")                                      # a move: settings now wait
    t.send_from_page({"do": "set", "name": "target", "value": 7})
    assert t.controller.pending == {"target": 7}
    t.send_from_page({"do": "again"})
    t.send_from_page({"do": "answer", "yes": True})
    assert t.controller.pending == {} and t.controller.settings["target"] == 5
    assert t.state.observation(0).target == 5


def test_random_tables_have_no_deal_again_and_ignore_the_message():
    t = EcarteTable(seed=3, delay=0)
    assert t.view["again"] is None and t.view["task"] is None
    hands = [list(h) for h in t.state.hands]
    t.send_from_page({"do": "again"})
    assert [list(h) for h in t.state.hands] == hands and t.view["confirm"] is False
    assert EcarteTable(seed=3, delay=0).view["again"] is None
    w = WarTable(seed=3, delay=0)
    s = SwitchTable(seed=3, delay=0)
    assert w.view["again"] is None and s.view["again"] is None


def test_a_new_game_after_the_task_has_no_task():
    t = follow_table()
    t.new_game()
    assert t.controller.bound is None and t.view["task"] is None
    assert t.view["again"] == {"label": "Deal this again"}
    t.send_from_page({"do": "again"})
    if t.view["confirm"]:                                   # the computer may have led already
        t.send_from_page({"do": "answer", "yes": True})
    assert t.controller.bound is not None and t.controller.bound.attempts == 0


@pytest.mark.parametrize("bad", [
    {"do": "again", "deck": "AS KS"}, {"do": "hint", "text": "<b>x</b>"}, {"do": "predict", "index": 0},
    {"do": "predict", "index": True}, {"do": "predict", "index": 99}, {"do": "again!"}, ["again"], "again",
])
def test_forged_task_messages_change_nothing_they_should_not(bad):
    t = follow_table()
    hands = [list(h) for h in t.state.hands]
    t.send_from_page(bad)
    assert [list(h) for h in t.state.hands] == hands
    assert t.controller.bound.attempts == 0 and not t.controller.bound.answered
    assert "<b>" not in view_text(t) and t.errors == []


def test_task_errors_are_caught_when_the_table_is_built():
    with pytest.raises(ValueError, match="not a legal move"):
        EcarteTable(deck=FOLLOW_DECK, dealer=0, delay=0,
                    task=Task("Which card?", accept=["AD"], right="x", moves=["stand", "play 9S"]))
    with pytest.raises(ValueError, match="leave it out of wrong"):
        EcarteTable(deck=FOLLOW_DECK, dealer=0, delay=0,
                    task=Task("Which card?", accept=["KS"], right="x", wrong={"7S": "y"},
                              moves=["stand", "play 9S"]))
    with pytest.raises(ValueError, match="cannot be made"):
        EcarteTable(deck=FOLLOW_DECK, dealer=0, delay=0,
                    task=Task("Which card?", accept=["KS"], right="x", moves=["play 9S"]))
    with pytest.raises(ValueError, match="stacked deal"):
        EcarteTable(seed=1, delay=0, task=Task("Which card?", accept=["KS"], right="x"))
    with pytest.raises(ValueError, match="not the student's turn"):
        EcarteTable(deck=FOLLOW_DECK, dealer=0, delay=0,
                    task=Task("Which card?", accept=["KS"], right="x", moves=["stand"]))
    with pytest.raises(ValueError, match="among its choices"):
        Task("Who wins?", choices=["You", "Computer"], accept=["Nobody"], right="x")
    with pytest.raises(ValueError, match="non-empty"):
        Task("", accept=["KS"], right="x")


def test_task_text_is_plain_text_on_the_page():
    task = Task("<img src=x onerror=alert(1)> Which card?", accept=["KS"], right="<b>bold</b>",
                moves=["stand", "play 9S"])
    t = EcarteTable(deck=FOLLOW_DECK, dealer=0, delay=0, task=task)
    assert t.view["what_now"]["text"] == "<img src=x onerror=alert(1)> Which card?"
    send(t, "play KS")
    assert t.view["what_now"]["text"].startswith("✓ <b>bold</b>")   # drawn with textContent


# ------------------------------------------------------------------------------------- Switch
SWITCH = {"hands": ["6H 3C KS 9D", "10S 4S QD 7D"], "deck": "3H 4C 6D 5S 7C 9H 10D QC 4D 5H",
          "dealer": 1}


def switch_table():
    task = Task("Play a card that matches the 3♥ by its rank, not its suit.", accept=["3C"],
                right="A card may match by rank: the 3♣ goes on the 3♥ (match the suit or the rank).",
                wrong={"6H": "The 6♥ matches the suit; this time find the one that matches the rank."},
                hint="Look for another 3.")
    return SwitchTable(delay=0, task=task, **SWITCH)


def test_switch_task_quiet_then_checked():
    t = switch_table()
    v = t.view
    assert v["what_now"]["text"] == "Play a card that matches the 3♥ by its rank, not its suit."
    assert {c["code"]: c["playable"] for c in v["hand"]} == {"6H": True, "3C": True, "KS": True, "9D": True}
    assert all(c["enabled"] for c in v["calls"])            # Last card! is not held back either
    assert v["again"] == {"label": "Deal this again"}
    send(t, "play 6H")                                      # legal, not the answer: not played
    assert t.refusals == ["The 6♥ matches the suit; this time find the one that matches the rank."]
    assert t.state.observation(0).top.code == "3H" and len(t.state.hands[0]) == 4
    assert {c["code"]: c["playable"] for c in t.view["hand"]} == {"6H": True, "3C": True, "KS": False, "9D": False}
    send(t, "draw")                                         # legal, not the answer: the fallback
    assert t.refusals[-1] == NOT_THAT and t.state.stock_count if hasattr(t.state, "stock_count") else True
    assert len(t.state.hands[0]) == 4
    send(t, "play KS")                                      # illegal: the engine's rule
    assert t.refusals[-1].startswith("K♠ matches neither the suit (♥) nor the rank (3) of 3♥")
    send(t, "play 3C")
    assert t.view["what_now"]["text"].startswith("✓ A card may match by rank")
    assert "3C" not in {c["code"] for c in t.view["hand"]}
    assert t.state.observation(0).current_player == 0 or t.controller.moves >= 2   # the computer moved
    assert t.errors == []


def test_switch_wrong_answer_says_one_thing_once():
    """A wrong attempt at a task shows its why-not sentence alone (the engine's refusal, or the
    task's own sentence, then the hint once asked for); without a task a refusal is followed by
    the What now line once, not twice."""
    t = switch_table()
    send(t, "play KS")                                      # illegal: the engine's rule, alone
    refusal = ("K♠ matches neither the suit (♥) nor the rank (3) of 3♥; "
               "only Jacks and Aces go on anything (Match the suit or the rank).")
    # the refusal is the note (its own line on the page); no prompt after it
    assert t.view["what_now"] == {"text": refusal, "tone": "warn", "note": refusal, "note_tone": "warn",
                                  "prompt": ""}
    send(t, "play 6H")                                      # legal, wrong: the task's sentence
    assert t.view["what_now"]["text"] == "The 6♥ matches the suit; this time find the one that matches the rank."
    t.send_from_page({"do": "hint"})
    assert t.view["what_now"]["text"] == ("The 6♥ matches the suit; this time find the one that "
                                          "matches the rank. Hint: Look for another 3.")
    free = SwitchTable(delay=0, **SWITCH)
    send(free, "play KS")
    text = free.view["what_now"]["text"]
    assert text.startswith("K♠ matches neither the suit (♥) nor the rank (3) of 3♥")
    again = "Play a card that matches 3♥ by suit (♥) or rank (3)"
    assert text.count(again) == 1, text                     # the What now line, once
    assert free.refusals[-1].count("(Match the suit or the rank)") == 1


def test_switch_deal_again_restores_the_deal():
    t = switch_table()
    start = [list(h) for h in t.state.hands]
    send(t, "play 3C")
    t.send_from_page({"do": "again"})
    t.send_from_page({"do": "answer", "yes": True})
    assert [list(h) for h in t.state.hands] == start
    assert t.state.observation(0).top.code == "3H"
    assert t.controller.bound.attempts == 0
    assert t.view["what_now"]["text"].startswith("Play a card that matches the 3♥")


# ---------------------------------------------------------------------------------------- War
WAR_QUESTION = "You (Player 1) turn up the Q♠ and the computer (Player 2) the A♦. Who wins this battle?"


def war_table(question=WAR_QUESTION, **kw):
    task = Task(question,
                choices=["Player 1", "Player 2"], accept=["Player 2"],
                right="The ace is the highest card (card ranks).",
                wrong={"Player 1": "The queen is high, but one card is higher."}, **kw)
    return WarTable(hands=["QS 2C", "AD 3C"], delay=0, task=task)


def test_war_prediction_holds_flip_until_answered_then_flips():
    t = war_table()
    v = t.view
    assert v["what_now"]["text"] == WAR_QUESTION
    assert v["task"]["choices"] == [{"index": 0, "label": "Player 1", "enabled": True, "right": False},
                                    {"index": 1, "label": "Player 2", "enabled": True, "right": False}]
    assert [(a["id"], a["enabled"]) for a in v["actions"]] == [("flip", False), ("auto", False)]
    t.flip()                                                # Flip waits for the answer
    assert t.refusals == [ANSWER_FIRST] and t.state.observation(0).battles == 0
    t.play_to_end()
    assert t.state.observation(0).battles == 0
    t.send_from_page({"do": "predict", "index": 0})
    assert t.refusals[-1] == "The queen is high, but one card is higher."
    assert t.state.observation(0).battles == 0
    t.send_from_page({"do": "predict", "index": 1})
    obs = t.state.observation(0)
    assert obs.battles == 1 and obs.card_counts == (1, 3)  # the battle was flipped: A♦ took Q♠
    assert t.view["what_now"]["text"].startswith("✓ The ace is the highest card (card ranks).")
    assert t.view["task"]["choices"] == [{"index": 0, "label": "Player 1", "enabled": False, "right": False},
                                         {"index": 1, "label": "Player 2", "enabled": False, "right": True}]
    assert [a["enabled"] for a in t.view["actions"]] == [True, True]


def test_war_deal_again():
    t = war_table()
    t.send_from_page({"do": "predict", "index": 1})
    t.send_from_page({"do": "again"})
    t.send_from_page({"do": "answer", "yes": True})
    obs = t.state.observation(0)
    assert obs.battles == 0 and obs.card_counts == (2, 2)
    assert t.controller.bound.attempts == 0 and t.view["task"]["choices"]


def test_war_stacked_without_task_has_deal_again():
    t = WarTable(hands=["QS 2C", "AD 3C"], delay=0)
    assert t.view["again"] == {"label": "Deal this again"} and t.view["task"] is None
    t.flip()
    t.send_from_page({"do": "again"})
    t.send_from_page({"do": "answer", "yes": True})
    assert t.state.observation(0).card_counts == (2, 2)


def test_war_steal_war_choice_is_a_move_task():
    # Steal War: the person's next card, the 9♣, has the rank of the top of Player 2's face-up
    # pile (9♥ 3♠): after the first Flip the person chooses to steal the pile or play the card
    task = Task("Your next card is the 9♣ and Player 2's face-up pile shows the 9♥. What do you do?",
                accept=["steal"], right="A card of the same rank steals the whole pile (Steal War).",
                wrong={"flip": "Playing the 9♣ is allowed, but stealing wins you the pile."},
                moves=["flip"])
    t = WarTable(war.VARIANTS["steal"](), hands=["9C 4D 6S", "2H 5C 7D"], piles=["", "9H 3S"],
                 delay=0, task=task)
    assert t.state.observation(0).phase == "steal"
    assert t.view["what_now"]["text"].startswith("Your next card is the 9♣")
    assert [a["id"] for a in t.view["decision"]] == ["steal", "play"]
    t.play_to_end()                                         # waits for the answer too
    assert t.state.observation(0).phase == "steal" and not t.auto
    send(t, "flip")
    assert t.refusals[-1] == "Playing the 9♣ is allowed, but stealing wins you the pile."
    assert t.state.observation(0).phase == "steal"
    send(t, "steal")
    obs = t.state.observation(0)
    assert t.view["what_now"]["text"].startswith("✓ A card of the same rank steals the whole pile")
    assert obs.piles[1]["size"] == 0 and obs.piles[0]["size"] == 3     # 9♣ on the stolen 9♥ 3♠


def test_switch_prediction_holds_the_computer_until_answered():
    # the dealer is the person (seat 0), so Ada (seat 1) plays first on the starter 3♥ and
    # holds 10♠ 4♠ Q♦ 7♦: nothing matches, so Ada must draw
    task = Task("Ada plays first on the 3♥. What must she do?", choices=["Play a spade", "Draw a card"],
                accept=["Draw a card"], right="Ada has no heart and no 3, so she must draw.")
    t = SwitchTable(delay=0, task=task, hands=["6H 3C KS 9D", "10S 4S QD 7D"],
                    deck="3H 4C 6D 5S 7C 9H 10D QC 4D 5H", dealer=0)
    assert t.state.current_player == 1 and len(t.state.hands[1]) == 4     # held
    assert all(c["idle"] for c in t.view["hand"])
    t.send_from_page({"do": "predict", "index": 0})
    assert t.refusals == [NOT_THAT] and t.state.current_player == 1
    t.send_from_page({"do": "predict", "index": 1})
    assert len(t.state.hands[1]) == 5                       # Ada drew
    assert t.view["what_now"]["text"].startswith("✓ Ada has no heart and no 3, so she must draw.")


def test_settings_wait_on_a_tasks_deal():
    t = follow_table()
    hands = [list(h) for h in t.state.hands]
    t.send_from_page({"do": "set", "name": "target", "value": 7})
    assert t.controller.pending == {"target": 7}            # kept for New game, deal kept
    assert [list(h) for h in t.state.hands] == hands and t.controller.bound is not None


def test_no_hidden_card_reaches_the_page_through_a_task():
    from .test_ecarte_table import check_view as check_ecarte
    from .test_switch_table import check as check_switch
    from .test_war_table import check as check_war

    e = follow_table()
    for step in (lambda: None, lambda: e.send_from_page({"do": "hint"}), lambda: send(e, "play 7S"),
                 lambda: send(e, "play KS"), lambda: e.send_from_page({"do": "again"})):
        step()
        check_ecarte(e)
    e.close()                     # each check reads every live widget: one table at a time
    s = switch_table()
    for action in ("play 6H", "play KS", "draw", "play 3C"):
        send(s, action)
        check_switch(s)
    # the table adds nothing hidden; the task's own texts are the lesson's (a lesson may well
    # name the stacked cards it asks about, as WAR_QUESTION does), so this one names none
    s.close()
    w = war_table("Who wins this battle?")
    check_war(w)
    for i in (0, 1):
        w.send_from_page({"do": "predict", "index": i})
        check_war(w)


def test_python_helpers_do_what_the_buttons_do():
    t = war_table()
    assert t.task_answered is False
    with pytest.raises(ValueError, match="no prediction"):
        t.predict("Nobody")
    t.predict("Player 1")
    assert t.task_answered is False and t.refusals[-1] == "The queen is high, but one card is higher."
    t.predict("Player 2")
    assert t.task_answered is True and t.state.observation(0).battles == 1
    t.deal_again()
    assert t.task_answered is False and t.state.observation(0).battles == 0
    e = follow_table()
    assert e.act("play KS") is True and e.task_answered is True
    assert EcarteTable(seed=1, delay=0).task_answered is None


def test_the_computer_waits_after_a_right_answer_so_the_tick_can_be_read():
    """With moves paused (``delay > 0``, a running loop, as in a kernel), the computer's reply to a
    task's right answer waits TASK_LINGER seconds, not ``delay``: the "✓" speaks of the position
    the student made (a fresh reader saw the praise for a card already covered by the reply)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from cardkit_tables.controller import TASK_LINGER

    async def scenario():
        t = EcarteTable(deck=ecarte.stacked_deck("7S 8S 9D 8C 7C", "AH 10D KS 9S JC", "8H",
                                                 stock="KH QH JH AC 10C"),
                        dealer=1, delay=0.2, seed=3,
                        task=Task("Stand or propose?", accept=["propose"], right="Propose: no trump."))
        send(t, "propose")
        assert t.view["what_now"]["tone"] == "done"
        await asyncio.sleep(TASK_LINGER - 1.0)
        waiting = t.state.current_player                # the dealer (the computer) still to answer
        for _ in range(200):        # it answers after TASK_LINGER s; a loaded machine only delays it
            await asyncio.sleep(0.05)
            if t.controller.moves > 1:
                break
        return waiting, t.state.current_player, t.controller.moves

    with ThreadPoolExecutor(1) as pool:
        waiting, after, moves = pool.submit(asyncio.run, scenario()).result()
    assert TASK_LINGER > 0.2 * 5
    assert waiting == 1 and moves == 2            # propose, then the computer's accept or refuse
    assert after == 0                             # accepted: you discard; refused: you lead
