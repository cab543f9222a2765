#!/usr/bin/env python
"""Write the Switch notebooks: the lesson ``lessons/05_switch.ipynb`` and the Voilà app
``lessons/switch_app.ipynb``.

Notebooks are generated from code so that their text can be reviewed in one place. After running
this, execute them in place so their stored outputs are what nbval compares::

    .venv/bin/python tools/make_switch_notebooks.py
    .venv/bin/python tools/run_notebooks.py lessons/05_switch.ipynb lessons/switch_app.ipynb
"""
import sys
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_ecarte_notebooks import _nb, code, md  # noqa: E402  (the shared notebook helpers)

LESSONS = Path(__file__).resolve().parent.parent / "lessons"


def app() -> nbformat.NotebookNode:
    nb = _nb([
        md("Get rid of all your cards first: match the top card's suit or rank. Watch out for "
           "2s, 8s, Jacks and Aces — and call **Last card!**"),
        code("from cardkit_tables import SwitchTable\n\nSwitchTable()"),
    ])
    nb.metadata["voila"] = {"template": "lab"}
    return nb


def lesson() -> nbformat.NotebookNode:
    return _nb([
        md("""
# Switch: learn to play in 20 minutes

Switch is a shedding game for 2 to 6 players, a cousin of Crazy Eights and Uno: the first player
to get rid of all their cards wins. By the end of this lesson you will know how to match the top
card, when to draw, what the four special cards (2, 8, Jack and Ace) do, and when to call
"last card". You will have played against the computer. It takes about 20 minutes.
"""),
        md("""
## Play first

Here is a table: you against Ada, the computer. Click a card to play it, or press **Draw**. The
**What now** line tells you what you may do, and the log shows what happened. Don't worry about the
rules yet: the sections below explain them one at a time, each with a table of its own.
"""),
        code("""
from cardkit import switch, parse_card, parse_cards
from cardkit_tables import SwitchTable, Quiz

SwitchTable(seed=5, delay=0.6)
"""),
        md("""
## 1. Matching: same suit or same rank

Each player gets 7 cards. The rest is the face-down **stock**; its top card is turned up to start
the **discard pile**. On your turn you play **one card** that matches the top card of the discard
pile by **suit** or by **rank**: on the 10♠ you may play any spade or any 10.
"""),
        code("""
Quiz("The top card is the 10♠. Which of these cards can you NOT play on it?",
     parse_cards("4S 10H 9D"), parse_card("9D"),
     right="The 9♦ is neither a spade nor a 10 (§2: match the suit or the rank).",
     wrong="That one matches: the 4♠ by suit, the 10♥ by rank (§2).")
"""),
        md("""
**Your turn.** The top card is the 10♠. The cards you may not play are greyed and marked
"not allowed" — click one anyway to see which rule forbids it, then play a card that matches.
"""),
        code("""
hands = ["10H 4S 9D QC KC", "3D 4D 5D 6D 7D"]
SwitchTable(hands=hands, deck=switch.full_stock(hands, top="10S"), dealer=1, seed=1, delay=0.6)
"""),
        md("""
## 2. Drawing

If you cannot play — or choose not to — **draw one card** from the stock. If that card can be
played, you may play it at once (only that card); otherwise you keep it and your turn ends. When
the stock runs out, the discard pile except its top card is shuffled to make a new stock.
"""),
        md("""
**Your turn.** Nothing in your hand matches the 5♥. Press **Draw**: the card you draw fits, so you
may play it at once (click it) or **Pass** to keep it.
"""),
        code("""
hands = ["9C KS 3D 4S", "5S 7S KD QD 3C"]
SwitchTable(hands=hands, deck=switch.full_stock(hands, top="5H 7H"), dealer=1, seed=1, delay=0.6)
"""),
        md("""
## 3. The deal and the starter

The cards are dealt one at a time, starting with the player after the dealer, who also plays
first. If the card turned up to start the discard pile is a 2, 8, Jack or Ace, it goes back into
the **middle of the stock** and the next card is turned, until a plain card shows. Here the first
card turned was an Ace (every card is shown, as only a lesson can):
"""),
        code("""
deal = switch.new_game(seed=1, names=["Ada", "Ben"])
for event in deal.log:
    print(event.explain())
deal
"""),
        md("""
## 4. Twos: draw two — or pass it on

A **2** makes the next player **draw 2 cards**, unless they play a 2 too: then the player after
them must draw 4 — then 6, then 8. Only a 2 answers a 2. A player who draws the penalty plays
nothing that turn, and the 2 on top becomes an ordinary card.
"""),
        md("""
**Your turn.** Play your 2♥. Ada answers with her 2♠, so you face a draw of 4 — but you hold
another 2. Pass it on!
"""),
        code("""
hands = ["2H 2D 9C 5S", "2S 7D 8C KD QH"]
SwitchTable(hands=hands, deck=switch.full_stock(hands, top="5H"), dealer=1, seed=1, delay=0.6)
"""),
        code("""
Quiz("Ada played the 2♠ on your 2♥. You have no 2. How many cards do you draw?",
     ["2", "4", "6"], "4",
     right="Each 2 adds two cards: 2 + 2 = 4, and only a 2 could have passed it on (§2).",
     wrong="Count the 2s: two of them are on the pile, two cards each (§2).")
"""),
        md("""
## 5. Aces: on anything, draw four

An **Ace** can be played on **any card**. The next player must **draw 4**, unless they play
another Ace (then 8, 12, 16). Only an Ace answers an Ace. The Ace does **not** change the suit:
after the penalty the next card must match the Ace's own suit or rank (or be a Jack or an Ace).
"""),
        code("""
hands = ["AS 9C 4D 7H", "AH 7C JD KS 3H"]
aces = switch.new_game(hands=hands, deck=switch.full_stock(hands, top="5S", seed=2), dealer=1,
                       names=["Ada", "Ben"], seed=0)
for move in ["play AS", "play AH", "draw"]:
    aces.apply(move)
for event in aces.log[2:]:
    print(event.explain())
print("Ben may now:", ", ".join(str(a) for a in aces.legal_actions()))
"""),
        code("""
Quiz("Ada drew 8 for the A♥. Which of these cards may Ben NOT play now?",
     parse_cards("3H 7C JD"), parse_card("7C"),
     right="After the penalty the A♥ is an ordinary heart: a heart, an Ace or a Jack (§2).",
     wrong="That one is fine: a heart matches the A♥, and a Jack goes on anything (§2).")
"""),
        md("""
**Your turn.** Play your A♣ on the 5♥ — an Ace goes on anything — and watch Ada draw 4.
"""),
        code("""
hands = ["AC 9D 4S 6C", "5S 7S KS QD 3D"]
SwitchTable(hands=hands, deck=switch.full_stock(hands, top="5H"), dealer=1, seed=1, delay=0.6)
"""),
        md("""
## 6. Jacks: on anything, name a suit

A **Jack** (any suit) can be played on **any card**, even on another Jack. The player then
**names a suit**, and the next player plays as if the Jack were of that suit.
"""),
        md("""
**Your turn.** The top card is the 5♣ and you hold mostly hearts. Play the J♠, then press the
suit you want Ada to follow.
"""),
        code("""
hands = ["JS 9H 3H 4D", "5S 7S KS QD 3D"]
SwitchTable(hands=hands, deck=switch.full_stock(hands, top="5C 3S"), dealer=1, seed=1, delay=0.6)
"""),
        code("""
Quiz("Ada played the J♣ and named diamonds. Which card can you play?",
     parse_cards("QC 7D 9S"), parse_card("7D"),
     right="The named suit counts, not the Jack's own suit: any diamond, Jack or Ace (§2).",
     wrong="Diamonds were named: the Jack now counts as a diamond, not a club (§2).")
"""),
        md("""
## 7. Eights: miss a turn

An **8** makes the next player **miss a turn**, unless they play an 8 too (then the player after
them misses a turn). In a two-player game that means the player of the 8 plays again.
"""),
        md("""
**Your turn.** Play the 8♥: Ada holds no 8, so she misses her turn — and you play again.
"""),
        code("""
hands = ["8H 8C 6H 3S", "9D 10D KD 4C 7S"]
SwitchTable(hands=hands, deck=switch.full_stock(hands, top="5H"), dealer=1, seed=1, delay=0.6)
"""),
        code("""
Quiz("Three players: Ada plays an 8, and Ben holds no 8. Who plays next?",
     ["Ada", "Ben", "you"], "you",
     right="Ben misses his turn, so the turn passes on to you (§2, 8s).",
     wrong={"Ada": "Ada plays again only in a two-player game (§2, 8s).",
            "Ben": "Ben has no 8, so he misses his turn (§2, 8s)."})
"""),
        md("""
The option `eights_accumulate` changes what an 8 on an 8 does: the two 8s then cost the player who
cannot answer **two** turns. Here is the same deal under both settings (you, Ada and Ben; you play
the 8♥, Ada the 8♠, Ben has none):
"""),
        code("""
from IPython.display import HTML

def eights(accumulate):
    hands = ["8H 6S 5H 3C", "8S 9S 9H 3D", "4D KD QD 7D"]
    g = switch.new_game(switch.SwitchRules(players=3, eights_accumulate=accumulate), hands=hands,
                        deck=switch.full_stock(hands, top="7H", seed=4), dealer=2,
                        names=["you", "Ada", "Ben"], seed=0)
    for move in ["play 8H", "play 8S", "pass", "play 6S", "play 9S"]:
        g.apply(move)
    moves = [str(a) for a in g.legal_actions()]
    if moves == ["pass"]:
        return "Ben misses a second turn: his only move is pass"
    return "Ben plays normally: " + ", ".join(moves)

HTML(f"<table><tr><th>eights_accumulate</th><th>Ben's next turn</th></tr>"
     f"<tr><td>off (default)</td><td>{eights(False)}</td></tr>"
     f"<tr><td>on</td><td>{eights(True)}</td></tr></table>")
"""),
        md("""
## 8. "Last card!"

When your play leaves you with **one card**, you must call **"last card"** — just before that play
or right after it, until the next player acts. If you forget and the next player **catches** you
before they play or draw, you draw **2 penalty cards**. A wrong challenge costs nothing.
"""),
        md("""
**Your turn.** You hold two cards. Press **Last card!** and then play the 9♥. (Try it once without
calling: Ada will catch you.)
"""),
        code("""
hands = ["9H 4C", "9S 10S KD QC 3D"]
SwitchTable(hands=hands, deck=switch.full_stock(hands, top="5H"), dealer=1, seed=1, delay=1.0,
            catch_rate=1.0)
"""),
        md("""
**Your turn.** This time Ada is forgetful. Play the 9♥; Ada answers with the 9♠ and has one card
left. Did she call? Her name gets a speech bubble when she does. If not, press **Caught you!**
before you play or draw.
"""),
        code("""
hands = ["9H 4C 3D 5S", "9S 10S"]
SwitchTable(hands=hands, deck=switch.full_stock(hands, top="5H"), dealer=1, seed=1, delay=0.6,
            forget_rate=1.0)
"""),
        md("""
## 9. The end

The first player with no cards wins at once — even on a 2, 8, Jack or Ace (any penalty then
pending is dropped). If for a whole round nobody can play or draw, the game ends and the fewest
cards wins:
"""),
        code("""
stuck = switch.new_game(hands=["9C 3C", "10S"], deck="5H", dealer=1, names=["Ada", "Ben"], seed=0)
stuck.apply("draw")
stuck.apply("draw")
print(stuck.log[-1].explain())
"""),
        md("""
## A game against the computer

Now a whole game against two computers. Tick **beginner mode** to see their cards and the stock —
and untick it when you feel ready. You can change the number of players and press **New game**.
"""),
        code("""
SwitchTable(players=3, seed=11, delay=0.6)
"""),
        md("""
## Recap

- Play a card of the **same suit or rank** as the top of the discard pile, or **draw** one.
- **2**: draw 2 (4, 6, 8 if 2s are added); **Ace**: on anything, draw 4 (8, 12, 16).
- **Jack**: on anything, name a suit; **8**: the next player misses a turn.
- Call **"last card"** when you go down to one card — or be caught and draw 2.
- The first player with no cards wins.

## Where next

- Play a whole game: open **switch_app.ipynb** (or serve it with Voilà).
- Back to the list of lessons: **00_start_here.ipynb**.
- Think about it: is it better to play your Ace early, or to keep it for when an Ace is played on
  you?

## Try it in Python (optional)

The tables are built on the `cardkit` package. A game is a state you can ask and change:
"""),
        code("""
s = switch.new_game(hands=["9H 4C JD", "9S 3D 10D"], deck=switch.full_stock(["9H 4C JD", "9S 3D 10D"], top="5H"),
                    dealer=1, names=["Ada", "Ben"], seed=0)
print(s)
print("legal now:", [str(a) for a in s.legal_actions()])
""", hidden=False),
        code("""
s.apply("play JD")
s.apply("choose clubs")
print("legal now:", [str(a) for a in s.legal_actions()])
""", hidden=False),
        md("""
A move the rules forbid raises `IllegalAction`, whose message names the rule, and changes nothing:
"""),
        code("""
from cardkit import IllegalAction

try:
    s.apply("play 9S")
except IllegalAction as e:
    print(e)
""", hidden=False),
        md("""
## For teachers

- **Timing**: about 20 minutes; sections 4–8 (the special cards and the call) take longest. Groups
  of three can play section "A game against the computer" at one screen.
- **Discussion**: which special card would you keep for last, and why?
- **Common mistakes**: playing a Jack or an Ace on a pending 2 (only a 2 answers a 2); thinking the
  Ace changes the suit (it doesn't — only a Jack does); calling "last card" too late, after the
  next player has already played or drawn.
"""),
    ])


def with_live_note(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The lesson with the note on bringing its tables to life right after its title cell."""
    from make_ecarte_notebooks import LIVE_NOTE
    cells = list(nb.cells)
    cells.insert(1, md(LIVE_NOTE))
    return _nb(cells)


if __name__ == "__main__":
    for name, nb in [("switch_app.ipynb", app()), ("05_switch.ipynb", with_live_note(lesson()))]:
        nbformat.write(nb, LESSONS / name)
        print("wrote", LESSONS / name)
