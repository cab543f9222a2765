"""Headless tests of the shared widget parts (widgets/parts.py)."""
from __future__ import annotations

import re

import ipywidgets as ipw
import pytest

import cardkit.i18n
from cardkit import Action, IllegalAction, parse_card, parse_cards
from widget_helpers import (HandlerErrors, all_widget_states, assert_no_hidden_cards,
                            find_hidden_cards, forge_click, forge_state)
from cardkit_tables import (ActionBar, CardView, HandView, LogView, PileView, ScoreBoard, Style,
                     TableBase, WhatNow, card_words, safe_handler, table_css)

HAND = parse_cards("K♠ 7♠ J♣ 10♦ 8♥")


def texts(hand):
    return [b.description for b in hand.buttons]


def clicked_hand(cards=HAND, **kw):
    hand = HandView(**kw)
    got = []
    hand.on_card(got.append)
    hand.show(cards)
    return hand, got


# ------------------------------------------------------------------------------------ HandView
def test_faces_show_rank_suit_and_words():
    hand, _ = clicked_hand()
    assert texts(hand) == ["K♠", "7♠", "J♣", "10♦", "8♥"]
    assert hand.buttons[0].tooltip == "king of spades"
    assert hand.buttons[3].tooltip == "ten of diamonds"
    assert "ck-black" in hand.buttons[0]._dom_classes
    assert "ck-red" in hand.buttons[4]._dom_classes
    assert hand.cards == tuple(HAND)
    assert list(hand.children) == list(hand.buttons)


def test_click_gives_the_card_even_after_reorder_and_change():
    hand, got = clicked_hand()
    hand.buttons[2].click()
    assert got == [parse_card("J♣")]
    hand.show(HAND[::-1])                      # same cards, new order
    assert texts(hand) == ["8♥", "10♦", "J♣", "7♠", "K♠"]
    hand.buttons[0].click()
    hand.buttons[4].click()
    assert got[1:] == [parse_card("8♥"), parse_card("K♠")]
    new = parse_cards("A♥ 8♥ 9♣")
    hand.show(new)
    for b in hand.buttons:
        b.click()
    assert got[3:] == new
    assert len(hand.children) == 3


def test_a_card_keeps_its_button_and_a_late_click_on_a_played_card_is_ignored():
    hand, got = clicked_hand()
    k_button = hand.button_for(parse_card("K♠"))
    seven_button = hand.button_for(parse_card("7♠"))
    hand.show([c for c in HAND if c != parse_card("7♠")])       # 7♠ was played
    assert hand.button_for(parse_card("K♠")) is k_button
    assert seven_button not in hand.children
    forge_click(seven_button)                                     # the click arrives late
    assert got == []
    assert_no_hidden_cards([parse_card("7♠")])                    # the spare is blank


def test_new_cards_take_the_button_free_the_longest():
    hand, got = clicked_hand()
    ten, eight = hand.button_for(HAND[3]), hand.button_for(HAND[4])
    hand.show(HAND[:3])                                           # 10♦ and 8♥ leave first
    king = hand.button_for(HAND[0])
    hand.show(HAND[1:3])                                          # then K♠
    hand.show(HAND[1:3] + [parse_card("A♦")])
    assert hand.button_for(parse_card("A♦")) in (ten, eight)
    assert king not in hand.children and len(hand._pool) == 5
    hand.show(HAND[1:3] + parse_cards("A♦ 9♣ 9♦ 9♠"))             # the pool grows when needed
    assert len(hand._pool) == 6
    for b in hand.buttons:                                        # every click is what it shows
        b.click()
    assert got == HAND[1:3] + parse_cards("A♦ 9♣ 9♦ 9♠")


def test_forged_description_or_children_do_not_change_the_clicked_card():
    hand, got = clicked_hand()
    b = hand.buttons[1]                                           # shows 7♠
    forge_state(b, description="A♠", tooltip="ace of spades")
    forge_click(b)
    assert got == [parse_card("7♠")]
    forge_state(hand, children=list(reversed(hand.children)))     # browser reorders the row
    forge_click(b)
    assert got == [parse_card("7♠")] * 2


def test_unplayable_cards_are_marked_by_text_and_shape_and_stay_clickable():
    hand = HandView()
    got = []
    hand.on_card(got.append)
    hand.show(HAND, playable=[HAND[0]], selected=[HAND[2]], notes={HAND[4]: "trump"})
    k, seven, jack, _ten, eight = hand.buttons
    assert "ck-unplayable" not in k._dom_classes and "not allowed" not in k.tooltip
    assert "ck-unplayable" in seven._dom_classes and seven.tooltip.endswith("not allowed")
    assert "ck-selected" in jack._dom_classes and "ck-selected" not in k._dom_classes
    assert eight.tooltip == "eight of hearts — trump — not allowed"
    assert not seven.disabled
    seven.click()
    assert got == [HAND[1]]
    hand.show(HAND)                                # playable=None: nothing marked
    assert not any("ck-unplayable" in b._dom_classes for b in hand.buttons)
    assert not any("ck-selected" in b._dom_classes for b in hand.buttons)


def test_backs_carry_nothing_and_spares_are_blanked():
    hand, got = clicked_hand()
    hand.show_backs(3)
    assert len(hand.children) == 3
    for b in hand._pool:                     # displayed backs and hidden spares alike
        assert b.description.strip() == "" and b.tooltip is None
        assert set(b._dom_classes) <= {"ck-card", "ck-back", "ck-empty"}
    assert len({tuple(b._dom_classes) for b in hand.buttons}) == 1
    assert hand.cards == ()
    for b in hand._pool:
        forge_click(b)
    assert got == []
    assert_no_hidden_cards(HAND)


def test_face_up_to_backs_and_back_again():
    hand, got = clicked_hand()
    hand.show_backs(5)
    hand.show(HAND[:2])
    assert texts(hand) == ["K♠", "7♠"]
    hand.buttons[1].click()
    assert got == [HAND[1]]
    assert_no_hidden_cards(HAND[2:])


def test_updates_are_in_place_one_message_per_changed_card(monkeypatch):
    hand, _ = clicked_hand()
    pool = list(hand._pool)
    sent = []
    monkeypatch.setattr(ipw.Widget, "_send", lambda self, msg, buffers=None: sent.append((self, msg)))
    hand.show(HAND, playable=HAND[:1])                   # 4 cards change look
    assert hand._pool == pool
    assert len(sent) == 4 and {m["method"] for _, m in sent} == {"update"}
    sent.clear()
    hand.show(HAND, playable=HAND[:1])                   # nothing changes: nothing is sent
    assert sent == []


def test_duplicate_cards_each_map_to_their_own_button():
    jokers = parse_cards("JOKER JOKER 2♣")
    hand, got = clicked_hand(jokers)
    assert texts(hand) == ["Joker", "Joker", "2♣"]
    for b in hand.buttons:
        b.click()
    assert got == jokers


def test_four_colour_suits_and_hook_class():
    hand, _ = clicked_hand(hook="ck-hand-south", four_colour=True)
    assert "ck-hand-south" in hand._dom_classes
    colours = [next(c for c in b._dom_classes if c in ("ck-black", "ck-red", "ck-blue", "ck-green"))
               for b in hand.buttons]
    assert colours == ["ck-black", "ck-black", "ck-green", "ck-blue", "ck-red"]
    hand.four_colour = False
    assert "ck-red" in hand.buttons[3]._dom_classes      # redrawn at once
    assert texts(hand) == ["K♠", "7♠", "J♣", "10♦", "8♥"]


def test_hand_click_helper_and_errors():
    hand, got = clicked_hand()
    hand.click(parse_card("10♦"))
    assert got == [parse_card("10♦")]
    with pytest.raises(KeyError):
        hand.click(parse_card("A♠"))
    with pytest.raises(ValueError):
        hand.show_backs(-1)


# --------------------------------------------------------------------------- CardView, PileView
def test_card_view_face_back_empty():
    cv = CardView(parse_card("Q♦"), hook="ck-turnup")
    assert (cv.description, cv.card) == ("Q♦", parse_card("Q♦"))
    cv.show_back()
    assert (cv.description.strip(), cv.tooltip, cv.card) == ("", None, None)
    assert set(cv._dom_classes) == {"ck-card", "ck-turnup", "ck-back"}
    cv.show_empty("your card")
    assert cv.description == "your card" and "ck-empty" in cv._dom_classes
    assert CardView(parse_card("Q♦"), face_up=False).description.strip() == ""
    assert "ck-small" in CardView(size="small")._dom_classes
    with pytest.raises(ValueError):
        CardView(size="huge")


def test_pile_view_counts_top_and_clicks():
    pile = PileView("Stock", hook="ck-stock")
    calls = []
    pile.on_click(lambda: calls.append(1))
    pile.show(17)
    assert pile.caption.value == "Stock: 17 cards"
    assert "ck-back" in pile.card_view._dom_classes and pile.top is None
    pile.show(1)
    assert pile.caption.value == "Stock: 1 card"
    pile.show(0)
    assert "ck-empty" in pile.card_view._dom_classes
    pile.show(3, top=parse_card("J♣"))
    assert pile.card_view.description == "J♣" and pile.top == parse_card("J♣")
    turn_up = PileView("Turn-up")
    turn_up.show(top=parse_card("9♥"))
    assert turn_up.caption.value == "Turn-up"
    pile.click()
    forge_click(pile.card_view)
    assert calls == [1, 1]
    assert "ck-stock" in pile._dom_classes


# ------------------------------------------------------------------------------- text panels
def test_scoreboard_whatnow_log_escape_text():
    sb = ScoreBoard()
    sb.show({"You": 2, "<Computer>": 3}, note="game to 5")
    assert "&lt;Computer&gt; <b class=\"ck-score\">3</b>" in sb.value
    assert "(game to 5)" in sb.value and sb.value.startswith('<span class="ck-title">Score</span>')
    wn = WhatNow()
    wn.show("You must follow suit: play <K♠>.", "RULES.md §3.2", tone="warn")
    assert "&lt;K♠&gt;" in wn.value and "ck-whatnow-warn" in wn.value and "RULES.md §3.2" in wn.value
    assert (wn.text, wn.rule, wn.tone) == ("You must follow suit: play <K♠>.", "RULES.md §3.2", "warn")
    with pytest.raises(ValueError):
        wn.show("x", tone="loud")
    lv = LogView(max_lines=3)
    lv.show(["one", "two", "three", "<four>"])
    assert lv.lines == ["<four>", "three", "two"]
    assert re.findall(r"<li>(.*?)</li>", lv.value) == ["&lt;four&gt;", "three", "two"]
    lv.add("five")
    assert lv.lines == ["five", "<four>", "three"]
    lv.clear()
    assert lv.lines == [] and "<li>" not in lv.value


# -------------------------------------------------------------------------------- ActionBar
def test_action_bar_shows_only_what_applies_and_maps_keys():
    bar = ActionBar({"draw": "Draw", "pass": "Pass"}, hook="ck-actions-south")
    got = []
    bar.on_action(got.append)
    bar.show(["draw", "last card"], primary="draw")
    assert [b.description for b in bar.children] == ["Draw", "Last card"]
    assert bar.button("draw").button_style == "primary"
    draw_button = bar.button("draw")
    bar.click("last card")
    bar.show({"pass": "Pass", Action.parse("discard 7♠ 8♦"): "Discard 2 cards"})
    assert bar.shown == ("pass", Action.parse("discard 7♠ 8♦"))
    assert [b.description for b in bar.children] == ["Pass", "Discard 2 cards"]
    bar.children[1].click()
    forge_state(bar.children[0], description="Draw")        # a forged label changes nothing
    bar.children[0].click()
    if draw_button not in bar.children:
        forge_click(draw_button)                               # stale click: ignored
    assert got == ["last card", Action.parse("discard 7♠ 8♦"), "pass"]
    bar.show([])
    assert bar.children == () and all(b.description == "" for b in bar._pool)
    with pytest.raises(KeyError):
        bar.click("draw")


# --------------------------------------------------------------------------------- TableBase
class DemoTable(TableBase):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.hand = HandView(hook="ck-hand-south")
        self.hand.on_card(self.safe(self.play))
        self.children = (self.css, self.what_now, self.row(self.hand))
        self.hand.show(HAND)

    def play(self, card):
        if card == HAND[0]:
            raise RuntimeError(f"engine bug while holding {HAND[1]}")
        raise IllegalAction(f"Écarté (RULES.md §3): you must follow suit — {card} is not a spade")


def test_table_base_catches_errors_without_showing_them():
    t = DemoTable(seat=1)
    assert repr(t) == "DemoTable(seat=1)"
    assert t._repr_mimebundle_()["text/plain"] == "DemoTable(seat=1)"
    t.hand.click(HAND[2])                                    # a refused move: the rule is shown
    assert t.errors == [] and len(t.refusals) == 1
    assert t.what_now.tone == "warn" and "must follow suit" in t.what_now.text
    with HandlerErrors() as logged:
        t.hand.click(HAND[0])                                # a bug: generic message only
    logged.check()                                           # nothing escaped the safe handler
    assert [type(e) for e in t.errors] == [RuntimeError]
    assert t.what_now.text == TableBase.GENERIC_ERROR
    assert "engine bug" not in str(all_widget_states())
    t.errors.clear()


def test_safe_handler_and_failing_error_handler():
    seen = []
    wrapped = safe_handler(lambda x: 1 / x, seen.append)
    assert wrapped(2) == 0.5 and seen == []
    assert wrapped(0) is None and isinstance(seen[0], ZeroDivisionError)
    broken = safe_handler(lambda: 1 / 0, lambda e: 1 / 0)
    assert broken() is None


def test_table_message_and_narrow_layout():
    t = TableBase(narrow=True)
    assert "ck-narrow" in t._dom_classes and "ck-table" in t._dom_classes
    t.narrow = False
    assert "ck-narrow" not in t._dom_classes
    t.message("Your turn: play a card.", "RULES.md §2")
    assert (t.what_now.text, t.what_now.rule, t.what_now.tone) == ("Your turn: play a card.",
                                                                     "RULES.md §2", "info")
    r = t.row(ipw.Label("a"), hook="ck-middle")
    assert {"ck-row", "ck-middle"} <= set(r._dom_classes)
    assert "ck-col" in t.column()._dom_classes


# ------------------------------------------------------------------------------ CSS, i18n, helpers
def test_css_covers_every_class_the_parts_use():
    css = table_css()
    for cls in ["ck-table", "ck-row", "ck-narrow", "ck-card", "ck-face", "ck-back", "ck-empty",
                "ck-red", "ck-black", "ck-blue", "ck-green", "ck-unplayable", "ck-selected",
                "ck-hand", "ck-pile", "ck-whatnow", "ck-log", "ck-actions", "ck-scoreboard"]:
        assert f".{cls}" in css, cls
    style = Style()
    assert style.value.startswith("<style>") and style.layout.display == "none"
    assert repr(style) == "Style()"


def test_every_word_goes_through_the_translation(monkeypatch):
    def upper(s):      # upper-case everything but the {placeholders}
        return re.sub(r"[^{}]+(?=\{|$)|[^{}]+$", lambda m: m.group().upper(), s)

    class Shout:
        def gettext(self, s):
            return upper(s)

        def ngettext(self, s, p, n):
            return upper(s if n == 1 else p)

    monkeypatch.setattr(cardkit.i18n, "_translation", Shout())
    assert card_words(parse_card("K♥")) == "KING OF HEARTS"
    wn = WhatNow("You lead.")
    assert "WHAT NOW:" in wn.value
    pile = PileView("STOCK")
    pile.show(2)
    assert pile.caption.value == "STOCK: 2 CARDS"
    hand, _ = clicked_hand()
    hand.show(HAND, playable=[])
    assert hand.buttons[0].tooltip == "KING OF SPADES — NOT ALLOWED"
    assert '"NOT ALLOWED"' in table_css()
    sb = ScoreBoard()
    sb.show({})
    assert "LOG" in LogView().value and "SCORE" in sb.value
    bar = ActionBar()
    bar.show(["draw"])
    assert bar.children[0].description == "DRAW"


def test_hidden_card_scan_finds_every_form_and_no_false_codes():
    ipw.Button(description="x", tooltip="King of Hearts")
    with pytest.raises(AssertionError, match="K♥"):
        assert_no_hidden_cards([parse_card("KH")])
    ipw.Widget.close_all()
    b = ipw.Button(description="CLASS 10♥")
    assert find_hidden_cards(parse_cards("AS 10H")) == [
        (parse_card("10H"), "10♥", find_hidden_cards([parse_card("10H")])[0][2])]
    assert find_hidden_cards([parse_card("10S")]) == []
    b.add_class("ck-QS")
    assert [f for _, f, _ in find_hidden_cards([parse_card("QS")])] == ["QS"]


def test_handler_errors_catches_what_click_swallows(widget_hygiene):
    b = ipw.Button()
    b.on_click(lambda _b: 1 / 0)
    with HandlerErrors() as logged:
        b.click()                                 # does not raise…
    assert len(logged.records) == 1               # …but is caught here
    with pytest.raises(AssertionError, match="ZeroDivisionError"):
        logged.check()
    assert len(widget_hygiene.records) == 1       # the autouse guard saw it too
    widget_hygiene.records.clear()
