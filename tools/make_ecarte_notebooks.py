#!/usr/bin/env python
"""Write the Écarté notebooks: the lesson ``lessons/01_ecarte.ipynb``, the Voilà app
``lessons/ecarte_app.ipynb`` and the start-here index ``lessons/00_start_here.ipynb``.

Notebooks are generated from code so that their text can be reviewed in one place. After running
this, execute them in place so their stored outputs are what nbval compares::

    .venv/bin/python tools/make_ecarte_notebooks.py
    .venv/bin/python tools/run_notebooks.py lessons/00_start_here.ipynb lessons/01_ecarte.ipynb lessons/ecarte_app.ipynb
"""
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
HIDDEN = {"jupyter": {"source_hidden": True}}

#: The note at the top of every lesson: stored notebooks keep no widget state, so a table shows
#: only once its cell has run.
LIVE_NOTE = ("> **The card tables come to life when the notebook runs.** In JupyterLab choose "
             "*Run ▸ Run All Cells* (or press Shift+Enter in each cell); with Voilà or Binder they "
             "start by themselves.")


def _nb(cells) -> nbformat.NotebookNode:
    nb = new_notebook()
    nb.metadata.update({"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                        "language_info": {"name": "python"}})
    for i, cell in enumerate(cells):      # stable ids: regenerating a notebook changes no id
        cell.id = f"cell-{i:02d}"
    nb.cells = cells
    return nb


def md(text: str):
    return new_markdown_cell(text.strip("\n"))


def code(text: str, hidden: bool = True):
    return new_code_cell(text.strip("\n"), metadata=dict(HIDDEN) if hidden else {})


def app() -> nbformat.NotebookNode:
    nb = _nb([
        md("Win 3 of the 5 tricks; the first to 5 points wins. **What now**, under your hand, "
           "always says what you may do."),
        code("from cardkit_tables import EcarteTable\n\nEcarteTable()"),
    ])
    nb.metadata["voila"] = {"template": "lab"}
    return nb


def lesson() -> nbformat.NotebookNode:
    cells = [
        md("""
# Écarté: learn to play in 20 minutes

Écarté is a card game for two from 19th-century France. By the end of this lesson you will know
how its 32-card pack ranks, how a hand is dealt, when to ask for new cards, when you must follow
suit and beat the card led, and how points are scored. You will have played against the computer.
It takes about 20 minutes, and 10 more for the strategy section near the end.
"""),
        md(LIVE_NOTE),
        md("""
## Play first

Here is a table. Press a button or click a card — the **What now** line tells you what you may do,
and the log shows what happened. Don't worry about the rules yet: the sections below explain them
one at a time, each with a table of its own.
"""),
        code("""
from cardkit import ecarte, parse_card, parse_cards
from cardkit_tables import EcarteTable, Quiz

EcarteTable(seed=2, delay=0.5)
"""),
        md("""
## 1. The pack and its odd ranking

Écarté uses a **piquet pack** of 32 cards: 7, 8, 9, 10, J, Q, K and A of each suit. In every suit
the **king** is highest and the **ace ranks between the jack and the ten**:
"""),
        code("""
print(" > ".join(f"{rank.label}♠" for rank in ecarte.RANK_ORDER))
"""),
        md("""
So a jack beats an ace of the same suit. Here both cards are spades, so only their ranks count:
"""),
        code("""
lead, reply = parse_card("AS"), parse_card("JS")
winner = (lead, reply)[ecarte.trick_winner(lead, reply, trump=parse_card("8H").suit)]
print(f"{lead} led, {reply} played: {winner} wins the trick")
"""),
        code("""
Quiz("Spades are led with the A♠. Which of these spades wins the trick?",
     parse_cards("10S JS 9S"), parse_card("JS"),
     right="The jack ranks above the ace in Écarté (K Q J A 10 9 8 7).",
     wrong="No — in Écarté the order is K Q J A 10 9 8 7, so only the jack beats the ace here.")
"""),
        md("""
## 2. The deal and the trump

The dealer gives each player 5 cards, in packets of **3 then 2**, the other player (the
**non-dealer**) first. The next card is turned face up: this **turn-up** decides the **trump**
suit. The 21 cards left are the **stock**. If the turn-up is a king, the dealer scores 1 point at
once. Here is a deal with every card shown (a real table hides the other hand and the stock):
"""),
        code("""
deal = ecarte.new_game(deck=ecarte.stacked_deck("7S 8S 9D 8C 7C", "AH 10D KS 9S JC", "KH"),
                       dealer=1, names=("Ada", "Ben"))
for event in deal.log:
    print(event.explain())
deal
"""),
        code("""
Quiz("The turn-up is the K♦. Who scores a point straight away?",
     ["the dealer", "the non-dealer", "nobody"], "the dealer",
     right="A king turned up scores 1 point for the dealer at once (the rule: pack, deal and trump).",
     wrong="Look again: when the turn-up is a king, the rule says the dealer scores 1 point at once.")
"""),
        md("""
## 3. Proposals and exchanges

The non-dealer looks at their cards and either **stands** (plays the hand as dealt) or
**proposes** an exchange. The dealer **accepts** or **refuses**. After an acceptance the
non-dealer throws away 1 to 5 cards and draws as many from the stock, then the dealer throws away
0 to 5 — and the non-dealer may propose again, until someone is happy or the stock runs out.
"""),
        code("""
ex = ecarte.new_game(deck=ecarte.stacked_deck("7S 8S 9D 8C 7C", "AH 10D KS 9S JC", "8H"),
                     dealer=1, names=("Ada", "Ben"))
for action in ["propose", "accept", "discard 7S 8S 7C", "discard 9S"]:
    ex.apply(action)
for event in ex.log[1:]:
    print(event.explain())
print("Ada now holds", " ".join(map(str, ex.hands[0])))
"""),
        md("""
**Your turn.** You are the non-dealer and your hand has no trumps (hearts). Press **Propose**,
click the cards you want to throw away (they lift up), then press **Discard**. The computer
answers at once.
"""),
        code("""
EcarteTable(deck=ecarte.stacked_deck("7S 8S 9D 8C 7C", "AH 10D KS 9S JC", "8H",
                                     stock="KH QH JH AC 10C"),
            dealer=1, seed=3, delay=0.5)
"""),
        md("""
## 4. The king of trumps

If you hold the **king of trumps** you may **announce** it and score 1 point — before you play
your first card. A non-dealer who leads it as their first card announces it that way too.
"""),
        md("""
**Your turn.** Hearts are trumps and you hold the K♥. Press **Stand**, then **Announce king**
before you play a card, and watch your score.
"""),
        code("""
EcarteTable(deck=ecarte.stacked_deck("KH 9H 8C 7S 7D", "AS 10D KS 9S JC", "8H"),
            dealer=1, seed=4, delay=0.5)
"""),
        md("""
## 5. Follow suit — and win the trick if you can

The non-dealer **leads** the first **trick**; the winner of each trick leads the next. The other
player **must follow suit** if they can, and **must win the trick** if they can, with a higher card
of that suit. A player who cannot follow suit may play any card, and a **trump** then wins the
trick.
"""),
        md("""
**Your turn.** You are the dealer. The computer leads the 9♠. Which card must you play? Try the
wrong one first if you like — the table will tell you which rule forbids it.
"""),
        code("""
EcarteTable(deck=ecarte.stacked_deck("10H 9H 7H 9S QD", "KS 7S AD 8C 9C", "8H"),
            dealer=0, seed=5, delay=0.5)
"""),
        md("""
## 6. Scoring — the same deal under two rule sets

Win 3 or 4 of the 5 tricks: **1 point**. Win all 5, the **vole**: **2 points**. The first player
to 5 points wins the game. Two rule sets differ when the hands are played **as dealt**:

- **standard** (our rule page): a non-dealer who stood, or whose proposal was refused, and who
  then wins scores **2 points**;
- **classic** (19th-century clubs): whoever stood, or refused the first proposal, and then loses
  gives the opponent **2 points**. Classic also says: if you cannot follow suit, you must trump.

Here two deals are played card for card the same way under both rule sets:
"""),
        code("""
from IPython.display import HTML

def score(rules, deck, moves):
    s = ecarte.new_game(rules, deck=deck, dealer=1, names=("Ada", "Ben"), seed=0)
    for m in moves:
        s.apply(m)
    return [e for e in s.log if e.kind == "hand_score"][-1].explain()

deal_a = (ecarte.stacked_deck("KH QH JH 7S 7D", "AH 10H KS KD KC", "8H"),
          ["stand", "play QH", "play 10H", "play JH", "play AH", "play KH", "play KS",
           "play 7D", "play KD", "play KC", "play 7S"])
deal_b = (ecarte.stacked_deck("7S 8S QD QC 7C", "KH QH JH KS 7D", "8H"),
          ["stand", "play 7S", "play KS", "play KH", "play 8S", "play QH", "play 7C",
           "play JH", "play QC", "play 7D", "play QD"])
rows = "".join(
    f"<tr><td>{name}</td><td>{score(ecarte.EcarteRules.standard(), *d)}</td>"
    f"<td>{score(ecarte.EcarteRules.classic(), *d)}</td></tr>"
    for name, d in [("A: Ada (non-dealer) stands and wins 3 tricks", deal_a),
                    ("B: Ada stands and wins only 1 trick", deal_b)])
HTML("<table style='text-align:left'><tr><th style='text-align:left'>deal</th>"
     "<th style='text-align:left'>standard</th><th style='text-align:left'>classic</th></tr>"
     + rows.replace("<td>", "<td style='text-align:left'>") + "</table>")
"""),
        code("""
Quiz("Classic rules. The non-dealer stood and then won only 2 tricks. What does the dealer score?",
     ["1 point", "2 points", "3 points"], "2 points",
     right="In classic rules a player who stands and loses gives the opponent 2 points (the rule: scoring).",
     wrong={"1 point": "That is the normal score — but the non-dealer stood and lost (classic scoring).",
            "3 points": "No hand's tricks are worth more than 2 points: even a vole is 2 (only the king of trumps can add 1 more)."})
"""),
        md("""
## Recap

- The pack has 32 cards; in each suit **K Q J A 10 9 8 7** — the ace is below the jack.
- Five cards each, 3 then 2; the **turn-up** sets **trumps**; a turned-up king gives the dealer 1.
- The non-dealer **stands** or **proposes**; after an accepted proposal both **exchange** cards.
- **Follow suit and win the trick if you can**; otherwise any card (classic: trump if you can).
- 3 or 4 tricks: 1 point; the **vole**: 2; playing as dealt changes that — first to 5 wins.

## Where next

- Play a whole game: open **ecarte_app.ipynb** (or serve it with Voilà).
- Back to the list of lessons: **00_start_here.ipynb**.
- Think about it: why might a non-dealer with one trump and the K Q J of another suit stand
  rather than propose? (The strategy section above has the numbers.)

## Try it in Python (optional)

The tables are built on the `cardkit` package. A game is a state you can ask and change:
"""),
        code("""
s = ecarte.new_game(deck=ecarte.stacked_deck("QS 8D 9D 10D JD", "KS 7S 7C 8C 9C", "7H"),
                    dealer=1, names=("Ada", "Ben"))
print(s)
print("the non-dealer,", s.names[s.non_dealer], "holds", " ".join(map(str, s.hands[s.non_dealer])))
print("legal now:", [str(a) for a in s.legal_actions()])
""", hidden=False),
        code("""
s.apply("stand")
s.apply("play QS")
print("legal now:", [str(a) for a in s.legal_actions()])
""", hidden=False),
        md("""
A move the rules forbid raises `IllegalAction`, whose message names the rule, and changes nothing:
"""),
        code("""
from cardkit import IllegalAction

try:
    s.apply("play 7S")
except IllegalAction as e:
    print(e)
""", hidden=False),
        md("""
## For teachers

- **Timing**: about 20 minutes, and 10 more for the strategy section; sections 3 and 5 take longest. Pairs can share one screen.
- **Discussion**: when is it worth playing a weak hand as dealt? (Compare standard and classic.)
- **Common mistakes**: ranking the ace high (it is below the jack); forgetting that you must *win*
  the trick when you can, not just follow suit; thinking the turned-up king can be announced by the
  non-dealer.
"""),
    ]
    at = next(i for i, c in enumerate(cells) if c.source.startswith("## Recap"))
    return _nb(cells[:at] + strategy_cells() + cells[at:])


def strategy_cells() -> list:
    """The strategy section, written as a jupytext Markdown source (``lessons/sections/ecarte_strategy.md``):
    its code cells are hidden, except the one the student edits (``my_choice = ...``)."""
    import jupytext    # an authoring tool: pip install -e '.[authoring]'

    cells = jupytext.read(LESSONS / "sections" / "ecarte_strategy.md").cells
    for cell in cells:
        cell.pop("id", None)
        if cell.cell_type == "code":
            cell.metadata = {} if "my_choice =" in cell.source else dict(HIDDEN)
    return cells


def start_here() -> nbformat.NotebookNode:
    return _nb([
        md("""
# cardkit: learn card games by playing them

Each lesson explains one game's rules step by step at a live card table. Each app is just a table,
to play a whole game (served without code by Voilà).

| lesson | what you learn | app |
| --- | --- | --- |
| [01 Écarté](01_ecarte.ipynb) | the 32-card pack, the deal and trumps, exchanges, the king, tricks, scoring | [Écarté app](ecarte_app.ipynb) |
| [02 War](02_war.ipynb) | battles, wars, running short of cards, how a game ends — and why it can go on for ever | [War app](war_app.ipynb) |
| [03 War variants](03_war_variants.ipynb) | Peace, Război, three or four players, automatic war, # beats faces, underdog, slap war — each on the same deal as classic War | [War app](war_app.ipynb) |
| [04 Steal War](04_steal_war.ipynb) | face-up piles, stealing, choosing the top card — against the computer | [War app](war_app.ipynb) |
| [05 Switch](05_switch.ipynb) | matching suit or rank, drawing, the special cards 2, 8, J and A, the last-card call | [Switch app](switch_app.ipynb) |
| [06 War by the numbers](06_war_numbers.ipynb) | 100,000 simulated games: how long War lasts, the chance of a war, loops that never end, variants and smaller packs | [War app](war_app.ipynb) |

Start with any game: each lesson stands on its own. Here is an Écarté table to try straight away:
"""),
        md(LIVE_NOTE),
        code("""
from cardkit_tables import EcarteTable

EcarteTable(seed=1, delay=0.5)
"""),
    ])


if __name__ == "__main__":
    for name, nb in [("ecarte_app.ipynb", app()), ("01_ecarte.ipynb", lesson()),
                     ("00_start_here.ipynb", start_here())]:
        nbformat.write(nb, LESSONS / name)
        print("wrote", LESSONS / name)
