"""What the Écarté lesson (lessons/01_ecarte) shows beyond its tables: small demos, one call each.

Each demo plays a stacked deal through the engine (:mod:`cardkit.ecarte`, RULES.md §3) and returns
what the lesson shows: the engine's own sentences, or a view that fits a 900 px notebook output
and reads left-aligned (:mod:`cardkit_lessons.lesson_view`).
"""
from __future__ import annotations

import html
from functools import lru_cache
from math import comb
from collections.abc import Sequence

from IPython.display import HTML

from cardkit import ecarte, parse_card, parse_cards
from cardkit.i18n import N_, _, get_language, ngettext, shown_name

from .lesson_view import box, cards, row, sentences

__all__ = [
    "SCORING_DEALS",
    "STAND_HAND",
    "STAND_TURN_UP",
    "advisor_explained",
    "advisor_numbers",
    "deal_demo",
    "deal_view",
    "exchange_demo",
    "foster_summary",
    "hand_score",
    "hard_choice",
    "jeux_de_regle_lines",
    "king_point",
    "rank_order",
    "scoring_comparison",
    "stand_or_propose",
    "trick_demo",
    "which_card",
]

#: the deal the lesson shows in "The deal and the trump" and "Proposals and exchanges": Ada is
#: the non-dealer, Ben the dealer (non-dealer's hand, dealer's hand)
ADA, BEN = "7S 8S 9D 8C 7C", "AH 10D KS 9S JC"


def rank_order(suit: str = "♠") -> str:
    """The ranks of one suit, high to low (RULES.md §3.1): ``"K♠ > Q♠ > J♠ > A♠ > 10♠ > …"``."""
    return " > ".join(f"{rank.label}{suit}" for rank in ecarte.RANK_ORDER)


def trick_demo(lead: str = "AS", reply: str = "JS", trump: str = "H") -> str:
    """Who wins a trick of two cards (RULES.md §3.4), as a sentence: ``lead`` led, ``reply``
    played, ``trump`` the trump suit (a suit letter or symbol)."""
    a, b = parse_card(lead), parse_card(reply)
    winner = (a, b)[ecarte.trick_winner(a, b, trump=parse_card("8" + trump).suit)]
    return _("{lead} led, {reply} played: {winner} wins the trick").format(lead=a, reply=b, winner=winner)


def _state_rows(state: ecarte.EcarteState) -> str:
    rows = []
    for p in (state.non_dealer, state.dealer):
        role = _("dealer") if p == state.dealer else _("non-dealer")
        rows.append(row(_("{player} ({role})").format(player=shown_name(state.names[p]), role=role),
                        cards(state.hands[p]), bold=True))
    rows.append(row(_("Turn-up"), cards([state.turn_up])
                    + html.escape("  " + _("trumps: {s}").format(s=state.trump.symbol))))
    n = len(state.stock)
    rows.append(row(ngettext("Stock: {n} card, top first", "Stock: {n} cards, top first", n).format(n=n),
                    cards(state.stock)))
    return "".join(rows)


def deal_view(state: ecarte.EcarteState) -> HTML:
    """Every card of an Écarté hand face up, as only a lesson shows it: both hands, the turn-up
    (and so trumps) and the stock, left-aligned within 880 px. Returns ``IPython.display.HTML``."""
    return box(_state_rows(state))


def deal_demo(turn_up: str = "KH") -> HTML:
    """The deal (RULES.md §3.1): Ben deals Ada and himself 5 cards and turns up ``turn_up``; the
    engine's sentences (a turned-up king scores the dealer 1 point), then every card."""
    state = ecarte.new_game(deck=ecarte.stacked_deck(ADA, BEN, turn_up), dealer=1, names=("Ada", "Ben"))
    return box(sentences(e.explain() for e in state.log), _state_rows(state))


def exchange_demo() -> list[str]:
    """Proposals and exchanges (RULES.md §3.2) on the same deal with the 8♥ turned up: Ada
    proposes, Ben accepts, Ada throws away three cards, Ben one. Returns the engine's sentences,
    each exchange followed by the cards thrown away (named), and Ada's new hand."""
    state = ecarte.new_game(deck=ecarte.stacked_deck(ADA, BEN, "8H"), dealer=1, names=("Ada", "Ben"))
    lines = []
    for action in ["propose", "accept", "discard 7S 8S 7C", "discard 9S"]:
        seat, before = state.current_player, len(state.log)
        assert seat is not None                       # an exchange always has a player to act
        state.apply(action)
        lines += [e.explain() for e in state.log[before:]]
        if action.startswith("discard"):
            thrown = " ".join(map(str, parse_cards(action.removeprefix("discard "))))
            lines.append(_("{name} threw away {cards}.").format(name=shown_name(state.names[seat]),
                                                                cards=thrown))
    return [*lines, _("{name} now holds {cards}").format(name=shown_name("Ada"),
                                                         cards=" ".join(map(str, state.hands[0])))]


#: two deals played card for card the same way under both rule sets (the lesson's "same deal
#: under two rule sets"): (what happens, the deck, the moves); Ada is the non-dealer and stands.
#: Whoever holds the K♥ (hearts are trumps) announces it before their first card (RULES.md §3.3),
#: as the lesson's section 4 has just taught: its 1 point is the same under both rule sets.
SCORING_DEALS = (
    (N_("A: Ada stands, announces the K♥ and wins 3 tricks"),
     ecarte.stacked_deck("KH QH JH 7S 7D", "AH 10H KS KD KC", "8H"),
     ("stand", "announce king", "play QH", "play 10H", "play JH", "play AH", "play KH", "play KS",
      "play 7D", "play KD", "play KC", "play 7S")),
    (N_("B: Ada stands, Ben announces the K♥, and Ada wins only 1 trick"),
     ecarte.stacked_deck("7S 8S QD QC 7C", "KH QH JH KS 7D", "8H"),
     ("stand", "play 7S", "announce king", "play KS", "play KH", "play 8S", "play QH", "play 7C",
      "play JH", "play QC", "play 7D", "play QD")),
)


def king_point(deck, moves: Sequence[str]) -> str:
    """Play ``moves`` on ``deck`` (Ben deals, standard rules) and return the engine's sentence for
    the king of trumps announced (RULES.md §3.3), or ``""`` if nobody announced it."""
    state = ecarte.new_game(deck=deck, dealer=1, names=("Ada", "Ben"), seed=0)
    for move in moves:
        state.apply(move)
    return next((e.explain() for e in state.log if e.kind in ("king", "king_led")), "")


def hand_score(rules: ecarte.EcarteRules, deck, moves: Sequence[str]) -> str:
    """Play ``moves`` on ``deck`` (Ben deals) under ``rules`` and return the engine's sentence
    for the hand's score (RULES.md §3.5). Raises ``IllegalAction`` if a move is not legal."""
    state = ecarte.new_game(rules, deck=deck, dealer=1, names=("Ada", "Ben"), seed=0)
    for move in moves:
        state.apply(move)
    return [e for e in state.log if e.kind == "hand_score"][-1].explain()


def scoring_comparison() -> HTML:
    """The deals of :data:`SCORING_DEALS` scored under the standard and the classic rules, one
    block per deal, left-aligned."""
    parts = []
    for name, deck, moves in SCORING_DEALS:
        parts.append(f'<p style="margin:8px 0 0;text-align:left"><b>{html.escape(_(name))}</b></p>')
        parts.append(row(_("both rule sets"), html.escape(king_point(deck, moves))))
        parts.append(row(_("standard rules"), html.escape(hand_score(ecarte.EcarteRules.standard(), deck, moves))))
        parts.append(row(_("classic rules"), html.escape(hand_score(ecarte.EcarteRules.classic(), deck, moves))))
    return box(*parts)


# -- the strategy section ---------------------------------------------------------------------------
def foster_summary() -> list[str]:
    """Foster's counts (RULES.md §3.6) from the kit's own count over every hand the dealer can
    hold: how many there are (C(26, 5) = 65,780) and in how many the dealer holds two or more
    trumps when you hold one or two."""
    counts = ecarte.foster_counts()
    lines = [_("the dealer can hold {n:,} different hands (C(26, 5) = {c:,})").format(
        n=counts["hands"], c=comb(26, 5))]
    for held, n in counts["two_or_more_trumps"].items():
        lines.append(ngettext("you hold {held} trump: the dealer holds two or more trumps in {n:,} of "
                              "them ({share:.0%})",
                              "you hold {held} trumps: the dealer holds two or more trumps in {n:,} of "
                              "them ({share:.0%})", held).format(held=held, n=n, share=n / counts["hands"]))
    return lines


def jeux_de_regle_lines() -> list[str]:
    """The advisor's check of the classic jeux de règle (RULES.md §3.6), one line per hand (a
    fixed-width table, about 90 characters): the chance of 3+ tricks over all dealer hands, when
    the dealer has fewer than two trumps, and of the vole."""
    lines = [f"{_('hand'):<17} {_('turn-up'):<8} {_('3+ tricks'):>9} {_('if dealer < 2 trumps'):>21} "
             f"{_('vole'):>5}   {_('example')}"]
    for r in ecarte.jeux_de_regle_check():
        hand = " ".join(map(str, parse_cards(r["hand"])))
        lines.append(f"{hand:<17} {parse_card(r['turn_up'])!s:<8} {r['p_three']:>9.1%} "
                     f"{r['p_three_if_dealer_under_two_trumps']:>21.1%} {r['p_vole']:>5.1%}   {_(r['name'])}")
    return lines


#: the strategy section's "your turn": the non-dealer's hand and the turn-up (spades are trumps)
STAND_HAND, STAND_TURN_UP = "KS 9H 8H KD 7C", "7S"


def _stand_advice() -> dict:
    """The advisor's exact verdict on :data:`STAND_HAND`, its reason in the language in force."""
    return _stand_advice_in(get_language())


@lru_cache(maxsize=4)
def _stand_advice_in(language: str) -> dict:
    """:func:`_stand_advice` for ``language`` (a few seconds: computed once per language)."""
    return ecarte.stand_advice(STAND_HAND, STAND_TURN_UP, exact=True)


#: the non-dealer's two choices (RULES.md §3.2) in words, by their action text
_CHOICES = {"stand": N_("stand"), "propose": N_("propose")}


def stand_or_propose(my_choice: str) -> list[str]:
    """The advisor on :data:`STAND_HAND` (exact: all 65,780 dealer hands), after the student's
    ``my_choice`` ("stand" or "propose"). Raises ``ValueError`` for another choice."""
    if my_choice not in ("stand", "propose"):
        raise ValueError('my_choice is "stand" or "propose"')
    advice = _stand_advice()
    said = _(_CHOICES[my_choice])
    return [_("You chose: {choice}").format(choice=said), advice["reason"],
            _("3+ tricks if you stand: {p:.1%} (the vole {v:.1%}), over all {n:,} dealer hands").format(
                p=advice["p_three"], v=advice["p_vole"], n=advice["dealer_hands"]),
            _("expected points for you minus the dealer: standing {s:+.2f}, proposing {p:+.2f} "
              "(±{e:.2f})").format(s=advice["stand_points"], p=advice["propose_points"],
                                   e=advice["propose_error_95"])]


def advisor_explained() -> list[str]:
    """What the advisor's numbers on :data:`STAND_HAND` mean, in plain words, one paragraph per
    string (RULES.md §3.6): expected points, the ± of the simulated proposal, and why the call is
    close. The figures are the advisor's own (exact over all 65,780 dealer hands)."""
    a = _stand_advice()
    return [
        _("What the numbers mean. **Expected points** are what you would score on average if you "
          "played this same hand very many times, minus what the dealer would score."),
        _("Standing is worked out exactly, over every hand the dealer can hold. Proposing is tried "
          "out on many made-up deals (the dealer refuses with a strong hand; otherwise both of you "
          "throw away everything but trumps and kings), so its number is not exact: the "
          "± (plus or minus) {e:.2f} says how far from the true value it may "
          "be, 19 times in 20.").format(e=a["propose_error_95"]),
        _("A close call: standing wins this hand about half the time ({p:.1%}), and in "
          "the standard rules a win after standing is worth 2 points, a loss only 1 to the dealer. "
          "The two numbers are so close that either choice is a good one. Then the score can "
          "decide: at 4–3 up, one point wins the game, so winning the hand matters more than "
          "winning it by 2.").format(p=a["p_three"]),
    ]


def advisor_numbers() -> HTML:
    """The advisor on :data:`STAND_HAND` (exact: all 65,780 dealer hands) and what its numbers
    mean (:func:`advisor_explained`: expected points first, then the advisor's lines, then the ±
    and the close call), all behind a closed ``<details>`` ("Decided? Open the
    advisor's numbers"), so that a student decides first, in JupyterLab and on a Voilà page alike
    (RULES.md §3.6). Returns ``IPython.display.HTML``; every line is escaped text (``**bold**``
    in a paragraph becomes ``<b>``)."""
    advice = _stand_advice()
    # each figure once: the advisor's verdict in words (its reason without its rounded figures),
    # then the exact figures, one line each
    lines = [advice["verdict"], *stand_or_propose("stand")[2:]]
    body = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    paras = ["<p style='text-align:left'>" + _bold(html.escape(p)) + "</p>" for p in advisor_explained()]
    # "expected points" is explained before the advisor's lines use it, the ± right after them
    return HTML("<details style='text-align:left'><summary><b>"
                + html.escape(_("Decided? Open the advisor's numbers"))
                + f"</b></summary>{paras[0]}<ul>{body}</ul>{''.join(paras[1:])}</details>")


def _bold(escaped: str) -> str:
    """``**word**`` in already escaped text as ``<b>word</b>``."""
    parts = escaped.split("**")
    return "".join(f"<b>{p}</b>" if i % 2 else p for i, p in enumerate(parts))


def which_card() -> list[str]:
    """The advisor choosing a card: you deal, have won two of three tricks and lead the fourth
    (the non-dealer could not beat your 10♣, so it holds no higher club). The trump suit, your
    cards, then the advisor's sentence."""
    game = ecarte.new_game(deck=ecarte.stacked_deck("KH QH 7S JD 8C", "9H 8S AD 10C 9C", "10S"),
                           dealer=1, names=("Ann", "You"))
    for move in ("stand", "play KH", "play 9H", "play QH", "play 8S", "play 10C", "play 8C"):
        game.apply(move)
    view = game.observation(1)
    return [_("trumps: {suit} (the turn-up is {card})").format(suit=_(game.trump.word), card=game.turn_up),
            _("your cards: {cards}").format(cards=" ".join(map(str, view.hand))),
            ecarte.advice(view)["text"]]


def hard_choice() -> str:
    """What the hard computer player does with :data:`STAND_HAND` as the non-dealer."""
    hard = ecarte.computer_player("hard", seed=1)
    fresh = ecarte.new_game(deck=ecarte.stacked_deck(STAND_HAND, "QS 10H 7H AD 9C", STAND_TURN_UP), dealer=1)
    choice = str(hard.choose(fresh.observation(0)))      # "stand" or "propose" (RULES.md §3.2)
    return _("hard, holding K♠ 9♥ 8♥ K♦ 7♣ with spades trumps: {action}").format(
        action=_(_CHOICES[choice]))
