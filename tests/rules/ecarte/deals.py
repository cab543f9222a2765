"""Stacked deals the Écarté rules tests share (RULES.md §3), each played out by hand.

Decks are built with :func:`stack` (``ecarte.stacked_deck``): the non-dealer's and the dealer's
five cards, the turn-up and the top of the stock; dealt 3+2 as §3.1 says, so a test reads like a
real deal.
"""
import pytest

from cardkit import Action, IllegalAction, parse_card
from cardkit import ecarte
from cardkit.ecarte import EcarteRules

C = parse_card
STD, CLA = EcarteRules.standard(), EcarteRules.classic()
ANNOUNCE = Action("announce", word="king")


def stack(nd, d, turn_up, stock="", packets=(3, 2)):
    """A 32-card deck, top first, dealing ``nd`` to the non-dealer and ``d`` to the dealer."""
    deck = ecarte.stacked_deck(nd, d, turn_up, stock, packets)
    assert len(set(deck)) == 32
    return deck


def hand_scores(state):
    """The scores right after the last hand was scored (the next deal may add a turn-up king)."""
    return [e for e in state.log if e.kind == "hand_score"][-1].data["scores"]


def over(state, action):
    """``action`` is refused because the match is over (no rule forbids it, so this is not
    ``harness.refused``, which wants the rule named), and nothing changes."""
    before, n_log = state.to_json(), len(state.log)
    with pytest.raises(IllegalAction, match="over"):
        state.apply(action)
    assert state.to_json() == before and len(state.log) == n_log


# ------------------------------------------------------------------ §3.5 scoring
# deal A: the non-dealer (0) takes 3 tricks, the dealer 2 — worked out by hand:
#   t1 Q♥ 10♥ (0)  t2 J♥ A♥ (0)  t3 K♥ K♠ (0)  t4 7♦ K♦ (1)  t5 K♣ 7♠ (1)
DEAL_A = stack("KH QH JH 7S 7D", "AH 10H KS KD KC", "8H")
PLAY_A = ["play QH", "play 10H", "play JH", "play AH", "play KH", "play KS", "play 7D", "play KD",
          "play KC", "play 7S"]

# deal B: the dealer (1) takes 4 tricks, the non-dealer 1:
#   t1 7♠ K♠ (1)  t2 K♥ 8♠ (1)  t3 Q♥ 7♣ (1)  t4 J♥ Q♣ (1)  t5 7♦ Q♦ (0)
DEAL_B = stack("7S 8S QD QC 7C", "KH QH JH KS 7D", "8H")
PLAY_B = ["play 7S", "play KS", "play KH", "play 8S", "play QH", "play 7C", "play JH", "play QC",
          "play 7D", "play QD"]

# deal V: the non-dealer (0) holds all the trumps that matter and takes all 5 tricks (the vole)
#   t1 K♥ 7♠ ... every lead wins: K♥ Q♥ J♥ A♥ 10♥ against 7♠ 8♠ 9♠ 10♠ J♠
DEAL_V = stack("KH QH JH AH 10H", "7S 8S 9S 10S JS", "7H")
PLAY_V = ["play QH", "play 7S", "play KH", "play 8S", "play JH", "play 9S", "play AH", "play 10S",
          "play 10H", "play JS"]

# hand 2 (player 0 deals): the turn-up is K♦, so player 0 scores 1 at the deal
DEAL_KING_UP = stack("7S 8S 9S 10S JS", "7H 8H 9H 10H JH", "KD")

# ====================================================================== §3.5 game end
# hand 1 (dealer 1): nd 0 stands, announces K♥, takes the vole: 1 + 2 = 3 → [3, 0]
H1 = stack("KH QH JH AH 10H", "7S 8S 9S 10S JS", "7H")

H1_PLAY = ["stand", "announce king", "play QH", "play 7S", "play KH", "play 8S", "play JH", "play 9S",
           "play AH", "play 10S", "play 10H", "play JS"]
# hand 2 (dealer 0): turn-up K♣ → [4, 0]; nd 1 stands and takes 3 tricks: standard 2 → [4, 2]
#   t1 Q♣ 10♣ (1)  t2 J♣ 9♣ (1)  t3 A♣ 8♥ (1)  t4 7♠ K♠ (0)  t5 K♦ 7♦ (0)
H2 = stack("QC JC AC 7S 7D", "10C 9C 8H KS KD", "KC")

H2_PLAY = ["stand", "play QC", "play 10C", "play JC", "play 9C", "play AC", "play 8H", "play 7S",
           "play KS", "play KD", "play 7D"]
# hand 3 (dealer 1): nd 0 holds K♥ and announces it: 5 points, mid-hand
H3 = stack("KH 8D 9D 10D JD", "QH 7S 7C 8C 9C", "7H")

