#!/usr/bin/env python
"""Write the War notebooks: the lessons ``lessons/02_war.ipynb``, ``lessons/03_war_variants.ipynb``,
``lessons/04_steal_war.ipynb`` and the Voilà app ``lessons/war_app.ipynb``.

Notebooks are generated from code so that their text can be reviewed in one place. After running
this, execute them in place so their stored outputs are what nbval compares::

    .venv/bin/python tools/make_war_notebooks.py
    .venv/bin/python tools/run_notebooks.py lessons/02_war.ipynb lessons/03_war_variants.ipynb \\
        lessons/04_steal_war.ipynb lessons/war_app.ipynb
"""
import sys
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_ecarte_notebooks import _nb, code, md  # noqa: E402  (the shared notebook helpers)

LESSONS = Path(__file__).resolve().parent.parent / "lessons"


def app() -> nbformat.NotebookNode:
    nb = _nb([
        md("Press **Flip**: the higher card takes both; equal cards start a war. Whoever ends up "
           "with all the cards wins."),
        code("from cardkit_tables import WarTable\n\nWarTable(delay=0.3)"),
    ])
    nb.metadata["voila"] = {"template": "lab"}
    return nb


def war_lesson() -> nbformat.NotebookNode:
    return _nb([
        md("""
# War: learn to play in 10 minutes

War is the simplest card game there is: nobody chooses anything, the cards decide. By the end of
this lesson you will know how a **battle** is won, what a **war** is, what to do when you run short
of cards in a war, how the game ends — and why a game of War can go on for ever. It takes about
10–15 minutes.
"""),
        md("""
## Play first

Here is a table for two players. Press **Flip** a few times and watch the cards. The line under
the table says which card won and why; the log keeps every battle.
"""),
        code("""
from cardkit import war, cards_text
from cardkit.war import WarRules
from cardkit_tables import WarTable, Quiz

WarTable(seed=7, delay=0.4)
"""),
        md("""
## 1. The deal and the battle

A pack of 52 cards is shuffled and dealt one card at a time, so each player gets a **packet** of
26 cards, face down. Nobody looks at their cards. In a **battle** both players turn up their top
card at the same time: the higher card wins both, and the winner puts them at the bottom of their
packet — **their own card first, then the other's**. Aces are high (A K Q J 10 … 2); suits never
matter.
"""),
        code("""
g = war.new_game(hands=["KD 2C", "4S 3H"])    # each packet is listed top card first
g.apply("flip")
print(g.log[-1].explain())
print("Player 1's packet now (top first):", cards_text(g.packets[0]))
"""),
        code("""
Quiz("Player 1 turns up the Q♠ and Player 2 the A♦. Who wins the battle?",
     ["Player 1", "Player 2", "nobody: it is a war"], "Player 2",
     right="The ace is the highest card in War (A K Q J 10 … 2), and suits never matter (§1.1).",
     wrong={"Player 1": "Look again: in War the ace beats the queen (§1.1).",
            "nobody: it is a war": "A war needs two cards of the same rank, like 9♣ and 9♥ (§1.1)."})
"""),
        md("""
## 2. War!

When the two turned-up cards are equal, it is a **war**: each player puts **3 cards face down**
and then turns **1 face up**. The higher new card wins everything on the table — 10 cards. If the
new cards tie again, the war goes on: 3 down, 1 up, until one card is higher.

**Your turn.** Both players start with a 7. Press **Flip**: the face-down cards show as backs,
then turn face up once the war is settled.
"""),
        code("""
WarTable(hands=["7C 2S 3C 9D KD 5D", "7H 5H JS 8C 4S 2D"], seed=1, delay=1.0)
"""),
        code("""
Quiz("After one war, how many cards does the winner take?", ["2", "8", "10"], "10",
     right="Each player puts 5 cards on the table — the tied card, 3 face down and 1 face up — "
           "so the winner takes 10 (§1.1).",
     wrong={"2": "That is a plain battle. In a war each player adds 3 face down and 1 face up.",
            "8": "Don't forget the two tied cards that started the war: 2 + 6 + 2 = 10."})
"""),
        md("""
## 3. Running short of cards

What if you have fewer than 4 cards when a war starts? You put all but your **last** card face
down and turn the last one up as your **deciding card** — if it wins, you take the lot and stay
in. With no card at all left, the card that tied **stands** as your deciding card. If both players
are standing on their last cards and those cards tie, the game is a **draw**. Three small deals:
"""),
        code("""
for packets in (["8S 2C AC", "8H 4D 5D 6D 7D KC"],   # Player 1 has only 3 cards
                ["8S", "8H 4D 5D 6D 9D KC"],         # Player 1 has only the 8♠
                ["8S", "8H"]):                        # both have only their 8
    g = war.new_game(hands=packets)
    g.apply("flip")
    print([e for e in g.log if e.kind == "battle"][0].explain(), "\\n")
"""),
        code("""
Quiz("A war starts and Player 2 has only 2 cards left. What do they do?",
     ["They lose the game at once", "1 card face down, then turn up the last one",
      "They borrow cards from Player 1"], "1 card face down, then turn up the last one",
     right="All but the last card go face down and the last card decides — it may still win "
           "(§1.1, running short of cards).",
     wrong="Not in the classic rules: the short player puts all but their last card face down and "
           "turns the last one up (§1.1). Some families play 'you lose' — that is an option.")
"""),
        md("""
## 4. The end of the game

A player who runs out of cards after a battle has lost; the one who holds all the cards has won.
A whole game usually takes between 50 and 400 battles. **Your turn:** set the pause to 0 and
press **Play to the end**.
"""),
        code("""
WarTable(seed=11, delay=0.1)
"""),
        md("""
## 5. Why a game can go on for ever

Nobody makes a choice in War, so the cards alone decide what happens. If the packets ever come
back to **exactly** the same order as at the start of an earlier battle, the same battles will
repeat for ever. Here is a tiny deal (4 cards against 1) where that happens after 7 battles:
"""),
        code("""
g = war.new_game(hands=["2S 3S 5S 4S", "6H"])
while not g.is_over:
    print(f"before battle {g.battles + 1}:", " | ".join(cards_text(p) for p in g.packets))
    g.apply("flip")
print(g.log[-1].explain())
"""),
        md("""
Our engine spots a repeated position and calls the game a **draw by repetition** (it also stops
at a battle limit, 10,000 battles, and calls that a draw too). How often does it happen? It
depends on the order in which won cards go under the packet. Here are 200 games for each of three
ways of picking up:
"""),
        code("""
from dataclasses import replace

for pickup in ["winner_first", "player_order", "random"]:
    result = war.simulate(replace(WarRules.classic(), pickup=pickup), 200, seed=1)
    print(f"{pickup:12}  mean {result.mean_length:5.0f} battles   draws {result.draw_rate:4.0%}"
          f"   {dict(sorted(result.ends.items()))}")
"""),
        md("""
With the winner's cards first, loops are rare. Always putting Player 1's cards first (the order
some computer versions use) makes about half the games loop for ever. Shuffling the won cards
(**random** pickup) means a position can lead somewhere new next time, so every game ends.
"""),
        code("""
Quiz("Why does shuffling the won cards stop a game from going round for ever?",
     ["The same position can lead to a different next battle",
      "It makes every game shorter", "It takes the aces out of the game"],
     "The same position can lead to a different next battle",
     right="A loop needs the future to be fixed by the position; with shuffled pickups the same "
           "packets can be followed by a different battle (§1.1).",
     wrong="Look at the numbers above: random pickup games are not shorter — they just always end.")
"""),
        md("""
## Recap

- A **battle**: both turn up their top card; the higher card takes both (A high, suits never matter).
- Won cards go to the bottom of the winner's packet, the winner's card first.
- A tie is a **war**: 3 cards face down, 1 up; the higher new card takes all 10 (repeat on a tie).
- Short of cards: all but the last card face down, the last one decides; with none, the tied card stands.
- You lose when you run out of cards; a fixed pickup order can make a game loop for ever.

## Where next

- **03_war_variants.ipynb**: Peace, Război, automatic war, # beats faces, underdog, slap war and
  more, each on the same deal as classic.
- **04_steal_war.ipynb**: Steal War, where you finally make decisions — against the computer.
- Play a whole game: **war_app.ipynb** (or serve it with Voilà).
- Think about it: is there a 4-card deal (2 cards each) that loops for ever?

## Try it in Python (optional)
"""),
        code("""
g = war.new_game(seed=3)
print(g)
print("legal now:", [str(a) for a in g.legal_actions()])
for _ in range(3):
    g.apply("flip")
    print(g.log[-1].explain())
""", hidden=False),
        code("""
result = war.simulate(WarRules.classic(), 100, seed=2)
print(result.summary())
""", hidden=False),
        md("""
## For teachers

- **Timing**: 10–15 minutes; section 5 makes a good class discussion.
- **Discussion**: can a game of War go on for ever with real cards? What would you change in the
  rules to make sure it ends?
- **Common mistakes**: thinking a tie splits the cards (it starts a war); counting the cards won
  in a war without the two tied cards; putting won cards on top of the packet instead of the bottom.
"""),
    ])


VARIANT_HELPER = """
from dataclasses import replace
from IPython.display import HTML
from cardkit import war, cards_text, parse_cards
from cardkit.war import WarRules
from cardkit_tables import WarTable, Quiz


def first_battle(rules, packets):
    \"\"\"Play one battle (with every war it leads to) and return what happened.\"\"\"
    g = war.new_game(rules, hands=packets)
    g.apply("flip")
    while g.current_player is not None:      # a slap or steal decision: don't take it
        g.apply("flip")
    return g.log[[e.kind for e in g.log].index("battle")]


def side_by_side(packets, **rule_sets):
    \"\"\"The same packets under several rule sets: the decisive sentence and the rule.\"\"\"
    rows = []
    for name, rules in rule_sets.items():
        e = first_battle(rules, packets)
        rows.append(f"<tr><td><b>{name}</b></td><td>{e.data['decision']}</td><td>{e.rule}</td></tr>")
    deal = " / ".join(cards_text(parse_cards(p)) for p in packets)
    return HTML(f"<p>Packets (top first): {deal}</p><table>" + "".join(rows) + "</table>")
"""


def variants_lesson() -> nbformat.NotebookNode:
    return _nb([
        md("""
# War variants: the same deal, different rules

Families all over the world play War a little differently. In this lesson you will meet nine
variants — Peace, three and four players, Război, automatic war, # beats faces, # beats aces,
underdog and slap war — and see each one **on the same deal as classic War**, so you can spot
exactly what changed. About 15–20 minutes. (Lesson 02 explains classic War.)
"""),
        md("""
## Play first

Choose a variant in the menu under the table, press **New game**, then **Flip**.
"""),
        code(VARIANT_HELPER + """
WarTable(seed=5, delay=0.3)
"""),
        md("""
## 1. Peace: the lowest card wins

In **Peace** the lowest card wins each battle (2 is best, A is worst). A tie starts a **peace**
instead of a war: **5 cards face down**, one for each letter of P-E-A-C-E, then 1 face up; the
lowest face-up card wins.
"""),
        code("""
side_by_side(["3S AC", "9D 2C"], classic=WarRules.classic(), peace=WarRules.peace())
"""),
        code("""
side_by_side(["7S 3C 4C 5C 6C 8C 2S 9S", "7H 3D 4D 5D 6D 8D 4H KH"],
             classic=WarRules.classic(), peace=WarRules.peace())
"""),
        md("""
What changed: in the first deal the 3♠ now beats the 9♦. In the second, classic War puts 3 cards
down and turns up the 6♣ against the 6♦ — a second war, which the K♥ wins (16 cards). Peace puts
5 cards down, and the 2♠ beats the 4♥ (14 cards).
"""),
        code("""
Quiz("Peace: Player 1 turns up the 2♦, Player 2 the A♠. Who wins?", ["Player 1", "Player 2"],
     "Player 1", right="In Peace the lowest card wins, and 2 is the lowest (§1.4).",
     wrong="In Peace it is the other way round: the lowest card wins (§1.4).")
"""),
        md("""
## 2. Three or four players

With 3 players each gets 17 cards (the 52nd card is set aside); with 4, 13 each. All turn up a
card and the highest takes them all. If two or more tie for the highest, **only the tied players**
fight the war, with **1 card face down and 1 up**. A tie below the highest card never matters.
The **three-player war** variant is the same but with the classic 3 down, 1 up.
"""),
        code("""
three = ["KS 2C 3C 4C AC", "5H 9H", "KD 2D 3D 4D QD"]
side_by_side(three, multiplayer=WarRules.multiplayer(3), three_player=WarRules.three_player())
"""),
        md("""
What changed: the same two kings tie and only Players 1 and 3 go to war. With 1 card down,
Player 1 turns up the 3♣ and Player 3 the 3♦ — tied again, and another round follows; with 3
down, the A♣ beats the Q♦ at once. Player 2's 5♥ simply goes to the winner.
"""),
        code("""
Quiz("Three players turn up 9♠, 9♦ and J♣. Who goes to war?",
     ["Players with the 9s", "All three players", "Nobody"], "Nobody",
     right="The J♣ is the highest card and takes all three; a tie below the top never matters (§1.2).",
     wrong="Look for the highest card first: only a tie for the highest card starts a war (§1.2).")
"""),
        md("""
## 3. Război: the card's value sets the size of the war

In the Romanian game **Război** a war is as big as the tied card: **value − 1 cards face down,
then 1 up**. Two 8s: 7 down and the 8th up. J, Q and K count 10 (9 down); an ace counts 11
(10 down). A tie of 2s is a tiny war: 1 down, 1 up.
"""),
        code("""
side_by_side(["2S 9C AC 5S", "2H 8D KD 3H"], classic=WarRules.classic(), razboi=WarRules.razboi())
"""),
        md("""
What changed: with two 2s, Război puts just 1 card down and turns up the A♣, which beats the K♦
(6 cards). Classic War wants 3 cards down and 1 up, but each player has only 3 cards left: the
last ones, 5♠ and 3♥, decide — Player 1 wins again, with other cards (8 cards).
"""),
        code("""
Quiz("Război: two queens tie. How many cards does each player put face down?", ["3", "9", "11"], "9",
     right="J, Q and K count 10: 9 down and the 10th face up (§1.5).",
     wrong="In Război the queen counts 10, so 10 − 1 = 9 cards go face down (§1.5).")
"""),
        md("""
## 4. Automatic war

A chosen rank (here the **2**) always starts a war when it is turned up, whatever it meets — and
if it turns up as the deciding card of a war, the war goes on.
"""),
        code("""
side_by_side(["2S 3C 4C 6C 5S", "KH 3D 4D 6D 4H"],
             classic=WarRules.classic(), automatic_war=WarRules.automatic_war())
"""),
        md("""
What changed: in classic War the K♥ simply beats the 2♠. With automatic war the 2 starts a war,
and the 5♠ wins it — the lowest card becomes a lucky card.
"""),
        md("""
## 5. # beats faces and # beats aces

A chosen number (here **3**) beats J, Q and K — but still loses to every higher number and to
the ace. In **# beats aces** a chosen number (here **4**) beats the ace only.
"""),
        code("""
side_by_side(["3S 5C", "KH 5D"], classic=WarRules.classic(), beats_faces=WarRules.beats_faces(),
             beats_aces=WarRules.beats_aces())
"""),
        code("""
side_by_side(["4S 5C", "AH 5D"], classic=WarRules.classic(), beats_faces=WarRules.beats_faces(),
             beats_aces=WarRules.beats_aces())
"""),
        code("""
Quiz("# beats faces (3 beats J, Q, K): the 3♣ meets the 8♥. Who wins?", ["the 3♣", "the 8♥"],
     "the 8♥", right="A 3 beats only J, Q and K; it still loses to every higher number (§1.7).",
     wrong="The 3 beats the face cards only — against an 8 it is just a 3 (§1.7).")
"""),
        md("""
## 6. Underdog

When a player loses a war, look at their **face-down** cards in that war. If one of them is the
underdog rank (here a **6**), that player wins the war instead.
"""),
        code("""
side_by_side(["9S 6C 2C 3C 4S", "9H 5D 7D 8D KH"],
             classic=WarRules.classic(), underdog=WarRules.underdog())
"""),
        md("""
What changed: the K♥ beats the 4♠, but Player 1 had the 6♣ face down — the underdog takes the war.
"""),
        md("""
## 7. Slap war

A chosen rank (here the **5**): when it is turned up, the first player to **slap** it wins the
battle, whatever the other cards are. At this table you race the computer's reaction time.
**Your turn:** press **Flip**, then **Slap!** as fast as you can.
"""),
        code("""
WarTable(WarRules.slap(), hands=["5S 2C 9S 5H QS", "KH 3D 9D 2H 8D"], seed=4, delay=0.5)
"""),
        md("""
## 8. What the rules do to a whole game

Here are 200 seeded games for each variant: how long they last, how many wars they have, and how
often they end in a draw (by repetition — see lesson 02).
"""),
        code("""
variants = {"classic": WarRules.classic(), "peace": WarRules.peace(), "razboi": WarRules.razboi(),
            "automatic war": WarRules.automatic_war(), "3 beats faces": WarRules.beats_faces(),
            "4 beats aces": WarRules.beats_aces(), "underdog": WarRules.underdog(),
            "3 players": WarRules.multiplayer(3), "4 players": WarRules.multiplayer(4),
            "three-player war": WarRules.three_player()}
rows = []
for name, rules in variants.items():
    r = war.simulate(rules, 200, seed=1)
    rows.append(f"<tr><td>{name}</td><td>{r.median_length:.0f}</td><td>{r.wars.mean():.1f}</td>"
                f"<td>{r.draw_rate:.0%}</td></tr>")
HTML("<table><tr><th>variant</th><th>median battles</th><th>wars per game</th><th>draws</th></tr>"
     + "".join(rows) + "</table>")
"""),
        code("""
Quiz("Of these three, which variant gives the shortest games?", ["classic", "Război", "three players"],
     "Război",
     right="Big wars move many cards at once, so Război games are short (see the table above).",
     wrong="Look at the median number of battles in the table above.")
"""),
        md("""
## Recap

- **Peace**: the lowest card wins; a tie is a peace of 5 cards down.
- **3–4 players**: only the players tied for the highest card fight, 1 down 1 up.
- **Război**: a war is the tied card's value − 1 down (J/Q/K 10, A 11).
- **Automatic war**, **# beats faces / aces**, **underdog**, **slap**: one rank gets a special power.
- The same deal can end differently under every rule set — and some rules loop much more often.

## Where next

- **04_steal_war.ipynb**: Steal War, the variant where you make real decisions.
- **war_app.ipynb**: play any variant to the end.
- Think about it: which variant would you pick to make the game shorter? fairer? more exciting?

## Try it in Python (optional)

A variant is just data: a preset, or any option changed with `replace`:
"""),
        code("""
peace = WarRules.peace()
print(peace.describe(), "— lowest wins:", peace.lowest_wins, "— cards down in a peace:", peace.war_facedown)
house = replace(WarRules.classic(), war_facedown=1, short_of_cards="lose")
print(house.describe(), "—", war.simulate(house, 100, seed=3).summary())
""", hidden=False),
        md("""
## For teachers

- **Timing**: 15–20 minutes; let groups each take one variant and report what changed.
- **Discussion**: a rule change can make games shorter, longer, or loop for ever — why?
- **Common mistakes**: in # beats faces, letting the 3 beat every card (only J, Q, K); in
  multiplayer, starting a war for a tie that is not the highest card; in Război, forgetting that
  an ace counts 11.
"""),
    ])


def steal_lesson() -> nbformat.NotebookNode:
    return _nb([
        md("""
# Steal War: play against the computer

Steal War (by Gary Philippi and Hayes Roberti) turns War into a game of decisions: you look at
your next card and may **steal** an opponent's whole pile with it. By the end of this lesson you
will know the face-up piles, when you may steal, how to choose the top card of your pile, and you
will have played a game against the computer. About 15 minutes. (Lesson 02 explains classic War.)
"""),
        md("""
## Play first

You are Player 1, at the bottom. Press **Flip**; when the table offers **Steal**, try it.
"""),
        code("""
from cardkit import war, parse_cards
from cardkit.war import WarRules
from cardkit_tables import WarTable, Quiz

WarTable(WarRules.steal(), seed=8, delay=0.4)
"""),
        md("""
## 1. Two jokers and a face-up pile

Steal War uses **54 cards**: the two **jokers** rank above the aces. Wars are 3 down, 1 up. Won
cards do **not** go under your packet: they go on top of your own **face-up pile**, beside it, and
you **choose which won card goes on top**.

**Your turn.** Your K♠ beats the 4♥: choose the card to put on top of your pile.
"""),
        code("""
WarTable(WarRules.steal(), hands=["KS 2C 5C", "4H 3D 6D"], seed=1, delay=0.4)
"""),
        md("""
## 2. Stealing

Before you play, you look at the top card of your packet. If it has the **same rank as the top
card of an opponent's face-up pile**, you may **steal**: put your card on their pile and take the
whole pile onto yours, in the same order. Then you look at your next card and may steal again. Or
you may just play the card — and once it is played, the chance is gone.

**Your turn.** Player 2's pile shows the 7♥ and your top card is the 7♠.
"""),
        code("""
WarTable(WarRules.steal(), hands=["7S 2C 9C", "KH 3D 4D"], piles=[[], parse_cards("7H 4H 8H")],
         seed=1, delay=0.4)
"""),
        code("""
g = war.new_game(WarRules.steal(), hands=["7S 2C 9C", "KH 3D 4D"],
                 piles=[[], parse_cards("7H 4H 8H")], seed=1)
g.apply("flip")            # Player 1 looks at the 7♠ …
g.apply("steal")           # … and steals
print([e for e in g.log if e.kind == "steal"][0].explain())
print("Player 1's face-up pile:", " ".join(map(str, g.piles[0])))
"""),
        code("""
Quiz("Your top card is the 9♦. Player 2's pile shows the 9♣ and Player 3's the 9♥. "
     "What can you steal?", ["Player 2's pile", "Player 3's pile", "both piles"], "both piles",
     right="A card that matches several piles steals all of them (§1.10).",
     wrong="A card that matches several piles takes them all at once (§1.10).")
"""),
        md("""
## 3. Which card goes on top?

The top card of your pile is what the others can steal with. A card whose rank is mostly already
seen is safe — a **joker** is best (there are only two). The computer at "hard" level counts the
cards it has seen and puts the safest one on top.
"""),
        code("""
Quiz("You have just won the JOKER and the 4♥. Which is the safer top card?",
     parse_cards("JOKER 4H"), parse_cards("JOKER")[0],
     right="Only one other joker exists, but three other 4s could steal your pile (§1.10).",
     wrong="Count the cards that could match: three other 4s, but only one other joker.")
"""),
        md("""
## 4. Steals in a war, and running out

In a war the face-down cards are not looked at and cannot steal, but the face-up (fourth) card
may be used to steal instead of fighting with it — the next card then fights. When your packet is
empty, your face-up pile is **shuffled** and becomes your packet, even in the middle of a war.
A player who has no cards at all during a war loses at once.

**Your turn.** The 8s tie. Your fourth card, the 7♠, matches Player 2's 7♦: steal with it, then
your next card fights the war.
"""),
        code("""
WarTable(WarRules.steal(), hands=["8S 2C 3C 4C 7S AS 9S", "8H 2D 3D 4D KH 5D"],
         piles=[[], parse_cards("7D")], seed=1, delay=0.4)
"""),
        md("""
## 5. Who decides first?

Players decide in seat order, starting after the winner of the previous round (Player 1 in the
first round), and every steal is done before any card is turned up. So stealing first can cover
the card that someone else wanted to steal!
"""),
        code("""
for choice in ["steal", "flip"]:
    g = war.new_game(WarRules.steal(), hands=["8S 2C 9C", "5H 3D 9D"],
                     piles=[parse_cards("5S"), parse_cards("8H")], seed=1)
    g.apply("flip")            # Player 1 decides first: steal the 8♥ pile, or play the 8♠?
    g.apply(choice)
    what = {"steal": "whether to steal the 5♠ pile with the 5♥",
            "top": "which won card goes on top (2♣ lost to the 5♥)"}[g.stage]
    print(f"Player 1 chose {choice!r}. Now {war.player_name(g.current_player)} decides {what}.")
"""),
        md("""
## 6. A whole game against the computer

**Your turn.** The computer plays at "hard" level. Use **Play to the end**: the game stops
whenever you have something to decide.
"""),
        code("""
WarTable(WarRules.steal(), seed=21, level="hard", delay=0.2)
"""),
        md("""
## Recap

- 54 cards: the jokers rank above the aces; wars are 3 down, 1 up.
- Won cards go on your **face-up pile**, and you choose the top card.
- A card of the same rank as an opponent's pile top may **steal** the whole pile — before any
  card is turned up; a war's fourth card may steal too.
- An empty packet is refilled by shuffling your pile; no cards at all in a war and you lose.

## Where next

- **war_app.ipynb**: choose "Steal War" and play more games.
- **03_war_variants.ipynb**: the other variants.
- Think about it: is it ever better **not** to steal?

## Try it in Python (optional)
"""),
        code("""
result = war.simulate(WarRules.steal(), 100, seed=1, level="hard")
print(result.summary())
""", hidden=False),
        md("""
## For teachers

- **Timing**: about 15 minutes, most of it playing.
- **Discussion**: how does the choice of the top card change your chance of losing your pile?
- **Common mistakes**: stealing with a face-down war card (only the fourth, face-up card may);
  forgetting that the stolen pile keeps its order; turning cards up before every steal is done.
"""),
    ])


def with_live_note(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The lesson with the note on bringing its tables to life right after its title cell."""
    from make_ecarte_notebooks import LIVE_NOTE
    cells = list(nb.cells)
    cells.insert(1, md(LIVE_NOTE))
    return _nb(cells)


if __name__ == "__main__":
    for name, nb in [("war_app.ipynb", app()), ("02_war.ipynb", with_live_note(war_lesson())),
                     ("03_war_variants.ipynb", with_live_note(variants_lesson())),
                     ("04_steal_war.ipynb", with_live_note(steal_lesson()))]:
        nbformat.write(nb, LESSONS / name)
        print("wrote", LESSONS / name)
