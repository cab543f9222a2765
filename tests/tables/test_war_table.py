"""WarTable, headless (docs/architecture.md "Tests"): whole games through the page's messages, what the
synced view holds at every step (no card of a packet, no face-down card of an unsettled battle,
none during the war's reveal), the reveal pause locking Flip, "Play to the end" through Steal War
choices and Slap war races, restarts and forged messages."""
import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from cardkit import parse_cards, war
from cardkit.war import WarRules
from cardkit_tables import WarTable
from cardkit_tables.controller import MOVED_ON
from rules.war.helpers import secret
from widget_helpers import find_hidden_cards, page_states_text, view_text


def check(table):
    hidden = secret(table.state, table.controller.seat)
    found = find_hidden_cards(hidden, view_text(table)) or find_hidden_cards(hidden, page_states_text())
    assert not found, found


def run_loop(coroutine):
    """Run ``coroutine`` in an event loop of its own (as a kernel runs the table's timers)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


WAR_FIRST = ["7C 2S 3C 9D KD 5D", "7H 5H JS 8C 4S 2D"]      # 7 against 7: a war at once


def test_classic_game_by_flipping_shows_only_what_was_turned_up():
    t = WarTable(seed=3, delay=0)
    v = t.view
    assert [a["id"] for a in v["actions"]] == ["flip", "auto"]
    assert v["what_now"]["text"].startswith("Press Flip")
    for _ in range(2000):
        check(t)
        if t.state.is_over:
            break
        assert t.flip(), t.refusals
        v = t.view
        # the battle's sentence is said once on the table, not again in "What now"
        assert v["decision_text"] and v["decision_text"] not in v["what_now"]["text"]
        assert v["what_now"]["text"] == "Press Flip to turn the top cards (Classic War)." or t.state.is_over
        # the log is numbered by the real battle number
        battle_lines = [line for line in v["log"] if line["text"].startswith("Battle")]
        assert battle_lines[0]["n"] == t.state.observation(0).battles
    assert t.state.is_over and t.view["mode"] == "over"
    assert t.errors == [] and t.refusals == []


def test_rows_are_the_others_then_you_with_counts_that_add_up():
    t = WarTable(war.VARIANTS["multiplayer3"](), seed=2, delay=0, seat=1)
    rows = t.view["rows"]
    assert [r["seat"] for r in rows] == [0, 2, 1] and rows[-1]["you"]
    # the person's row says "You", as the table's sentences do; the others have their names
    assert [r["name"] for r in rows] == ["Player 1", "Player 3", "You"]
    dealt = sum(r["count"] for r in rows)
    assert dealt == 51                       # three players: 17 each, one card left out (§1.2)
    t.flip()
    # the last battle's cards are shown on the table and already counted in the winner's packet
    assert sum(r["count"] for r in t.view["rows"]) == dealt


def test_a_war_is_revealed_after_a_pause_and_flip_waits_for_it():
    async def scenario():
        t = WarTable(hands=WAR_FIRST, seed=1, delay=0.2)
        assert t.flip()
        v = t.view
        assert t.reveal and v["reveal"]
        assert any(c is None for r in v["rows"] for c in r["table"])          # backs, not faces
        assert not any(r["won"] for r in v["rows"]) and v["decision_text"] == ""
        check(t)
        downs = [c for t_ in t.state.observation(0).last_battle["table"] for c in t_]
        assert any(c.code not in json.dumps(v) for c in downs)               # faces not yet sent
        flip = v["actions"][0]
        assert flip["id"] == "flip" and flip["enabled"] is False and flip["reason"]
        battles = t.state.observation(0).battles
        assert not t.flip()                                                   # locked
        assert t.state.observation(0).battles == battles
        for _ in range(200):        # the reveal ends after 0.5 s; a loaded machine only delays it
            await asyncio.sleep(0.05)
            if not t.reveal:
                break
        assert not t.reveal and t.view["decision_text"]
        assert t.view["actions"][0]["enabled"] is True
        assert t.flip()
        return t.errors
    assert run_loop(scenario()) == []


def test_play_to_the_end_goes_through_steal_war_choices():
    t = WarTable(WarRules.steal(), seed=8, delay=0)
    t.play_to_end()
    assert t.state.is_over and not t.auto
    assert t.errors == []
    kinds = {e.kind for e in t.state.log}
    assert "battle" in kinds


def test_play_to_the_end_races_the_computers_slap():
    async def scenario():
        t = WarTable(WarRules.slap(), hands=["5S 2C 9S 5H QS", "KH 3D 9D 2H 8D"], seed=4, delay=0.05)
        t.play_to_end()
        for _ in range(100):
            await asyncio.sleep(0.1)
            if t.state.is_over:
                break
        return t
    t = run_loop(scenario())
    obs = t.state.observation(0)
    assert obs.battles >= 2, obs.what_now              # went past the slap without a click
    assert t.errors == []


def test_new_game_asks_first_in_war_too():
    t = WarTable(seed=5, delay=0)
    t.flip()
    game = t.state.to_json()
    t.send_from_page({"do": "new_game"})
    t.send_from_page({"do": "new_game"})
    assert t.view["confirm"] and t.state.to_json() == game
    t.send_from_page({"do": "answer", "yes": True})
    assert not t.view["confirm"] and t.state.observation(0).battles == 0


def test_the_variant_waits_for_new_game():
    t = WarTable(seed=5, delay=0)
    t.flip()
    t.send_from_page({"do": "set", "name": "variant", "value": "peace"})
    assert t.view["subtitle"] == WarRules.classic().label
    assert "press New game" in t.view["pending_note"]
    t.new_game()
    assert t.view["subtitle"] == war.VARIANTS["peace"]().label


@pytest.mark.parametrize("action", ["steal", "slap", "top 9C", "play KH", "flip flip"])
def test_moves_the_rules_forbid_change_nothing(action):
    t = WarTable(seed=6, delay=0)
    t.flip()
    before = t.state.to_json()
    assert not t.act(action)
    assert t.state.to_json() == before and t.view["what_now"]["tone"] == "warn"
    assert t.errors == []


def test_a_stale_flip_is_refused():
    t = WarTable(seed=6, delay=0)
    old = t.view["pos"]
    t.flip()
    before = t.state.to_json()
    t.send_from_page({"do": "act", "action": "flip", "pos": old})
    assert t.state.to_json() == before
    assert t.view["what_now"]["text"].startswith(MOVED_ON.split(":")[0])


def test_the_pause_setting_changes_at_once_and_is_checked():
    t = WarTable(seed=6, delay=0.4)
    t.send_from_page({"do": "pref", "name": "delay", "value": 1.5})
    assert t.controller.delay == 1.5 and t.view["speed"]["value"] == 1.5
    t.send_from_page({"do": "pref", "name": "delay", "value": 99})
    assert t.controller.delay == 1.5


def test_steal_war_shows_your_top_card_only_while_you_decide():
    t = WarTable(WarRules.steal(), hands=["7S 2C 9C", "KH 3D 4D"],
                 piles=[[], parse_cards("7H 4H 8H")],
                 seed=1, delay=0)
    t.flip()
    v = t.view
    assert v["mode"] == "decide"
    assert v["looking_at"]["code"] == "7S"
    assert [a["id"] for a in v["decision"]] == ["steal", "play"]
    assert v["actions"][0]["enabled"] is False


def test_one_model_per_table():
    from widget_helpers import live_widgets
    before = len(live_widgets())
    WarTable(seed=1, delay=0)
    assert len(live_widgets()) - before == 2


def test_repr():
    assert repr(WarTable(seed=1, delay=0)) == "WarTable(seat=0, rules='classic')"


def test_a_settled_war_marks_its_face_down_cards_and_says_the_war_was_won():
    # 7♣ against 7♥: a war; 2♠ 3♣ 9♦ and 5♥ J♠ 8♣ go face down, K♦ beats 4♠ (RULES.md §1.1)
    t = WarTable(hands=WAR_FIRST, seed=1, delay=0)
    assert t.flip()
    rows = {r["seat"]: r for r in t.view["rows"]}
    down = {p: [c["code"] for c in rows[p]["table"] if c.get("down")] for p in rows}
    up = {p: [c["code"] for c in rows[p]["table"] if not c.get("down")] for p in rows}
    assert down == {0: ["2S", "3C", "9D"], 1: ["5H", "JS", "8C"]}
    assert up == {0: ["7C", "KD"], 1: ["7H", "4S"]}
    assert rows[0]["won"] and rows[0]["won_label"] == "won the war"
    assert not rows[1]["won"] and rows[1]["won_label"] == ""
    assert t.flip()                                   # 2♠ against 2♦ ... a plain battle next
    won = [r for r in t.view["rows"] if r["won"]]
    assert all(r["won_label"] == "won the battle" for r in won)
    assert not any(c.get("down") for r in t.view["rows"] for c in r["table"])


def test_the_last_battle_stays_until_the_next_flip_and_the_game_over_panel_counts():
    """A war, then a battle, decide the game: the war's cards stay on the table until the next
    Flip; at the end the panel names the winner, with the battles and wars counted."""
    t = WarTable(hands=["7C 4H 2S 9D 3C 8H", "7D 5S 3H KS QC 9S"], delay=0)
    t.flip()
    rows = t.view["rows"]
    assert [len(r["table"]) for r in rows] == [5, 5] and t.view["end"] is None
    t.flip()
    v = t.view
    assert [[c["text"] for c in r["table"]] for r in v["rows"]] == [["9♠"], ["8♥"]]
    them = t.controller.observation().names[1]
    assert v["end"] == {"kind": "over", "result": "lost", "title": f"{them} won.",
                        "text": f"{them} holds all the cards and wins the game.",
                        "score": "battles 2 · wars 1", "pad": None, "lines": [], "next": None,
                        "button": {"id": "over-new", "label": "New game", "do": "new_game"}}
