"""Every Écarté sentence a person reads (RULES.md §3), in one file for a translator: the rule
references, the rules' labels and option errors, the events' templates, "What now", the one
refusal explainer, the end of a match, the state's HTML and the advisor's hints. All through
:func:`cardkit.i18n._` (templates marked with ``N_`` are translated when an event is read).

A rule reference is a :class:`~cardkit.core.Rule`: a plain name a child can read ("Follow suit
and win the trick") and its section of docs/RULES.md ("3.4"). Sentences carry the name only.

>>> str(RULE_TRICK), RULE_TRICK.cite()
('Follow suit and win the trick', '§3.4')
"""
from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import Card, Rank, Suit, card_html, cards_html
from ..core import Action, IllegalAction, Rule
from ..i18n import N_, _, ngettext, shown_name
from .tricks import Plays, by_rank, legal_plays

if TYPE_CHECKING:          # pragma: no cover
    from .engine import EcarteState
    from .observation import EcarteObservation

__all__ = [
    "EVENTS",
    "RULE_DEAL",
    "RULE_EXCHANGE",
    "RULE_GAME",
    "RULE_KING",
    "RULE_PACK",
    "RULE_SCORING",
    "RULE_TRICK",
    "RULE_TRUMP",
    "or_list",
    "refusal",
    "what_now",
]

# ---------------------------------------------------------------------------------- rule names
RULE_PACK = Rule(N_("The 32-card pack"), "3.1")
RULE_DEAL = Rule(N_("Deal and trumps"), "3.1")
RULE_EXCHANGE = Rule(N_("Proposals and exchanges"), "3.2")
RULE_KING = Rule(N_("King of trumps"), "3.3")
RULE_TRICK = Rule(N_("Follow suit and win the trick"), "3.4")
RULE_TRUMP = Rule(N_("Must trump when void"), "3.4")
RULE_SCORING = Rule(N_("Scoring"), "3.5")
RULE_GAME = Rule(N_("Winning the game"), "3.5")


def or_list(cards: Iterable[Card]) -> str:
    """``"A♥"``, ``"A♥ or 10♥"``, ``"K♠, 7♠ or 9♣"``: cards joined for a sentence.

    >>> from cardkit.cards import parse_cards
    >>> or_list(parse_cards("KS 7S 9C"))
    'K♠, 7♠ or 9♣'
    """
    words = [str(c) for c in cards]
    if len(words) <= 1:
        return "".join(words)
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


def bad_option(text: str, rule: Rule, **fields: Any) -> ValueError:
    """A ``ValueError`` whose message is ``text`` (an English template with ``{rule}``)
    translated and filled."""
    return ValueError(_(text).format(rule=rule, **fields))


def illegal(text: str, rule: Rule, **fields: Any) -> IllegalAction:
    """An :class:`IllegalAction` whose message is ``text`` (an English template with ``{rule}``)
    translated and filled."""
    return IllegalAction(_(text).format(rule=rule, **fields), rule)


# ---------------------------------------------------------------------------------- rules, setup
BAD_SCORING = N_("Écarté scoring is 'standard' or 'classic', not {v!r} ({rule}).")
BAD_TARGET = N_("The Écarté target must be a whole number of points ≥ 1, not {v!r} ({rule}).")
BAD_PACKETS = N_("Écarté packets must be positive and add up to 5 cards, e.g. (3, 2) or (2, 3); "
                 "got {v!r} ({rule}).")
BAD_HAND = N_("Each Écarté hand has 5 cards ({rule}).")
BAD_DECK = N_("An Écarté deck must be exactly the 32-card piquet pack, 7 to A in each suit, each "
              "card once ({rule}).")
BAD_HANDS = N_("Écarté is a game for two: give two hands ({rule}).")
BAD_DEALER = N_("The dealer is player 0 or player 1 ({rule}).")
DECK_OR_HANDS = N_("Give either deck or hands, not both.")
TURN_UP_ALONE = N_("turn_up goes with hands.")
TWO_NAMES = N_("Écarté is a game for two players: give two names.")
TWO_SEATS = N_("Écarté has two seats, 0 and 1")

#: the presets' labels, by preset name
PRESET_LABELS = {"standard": N_("Standard"), "classic": N_("Classic (must trump)")}


def rules_label(name: str, preset: bool, must_trump: bool, scoring: str,
                packets: Sequence[int]) -> str:
    """What a table shows for a set of rules: the preset's label when the rules are that preset
    (``preset``), else the rules' own name (``"Custom"`` for a preset's name) and, in brackets,
    how they differ from the standard rules.

    >>> rules_label("standard", False, True, "standard", (2, 3))
    'Custom (must trump, dealt 2+3)'
    >>> rules_label("house", False, False, "classic", (3, 2))
    'house (classic scoring)'
    """
    if preset:
        return _(PRESET_LABELS[name])
    parts = []
    if must_trump:
        parts.append(_("must trump"))
    if scoring != "standard":
        parts.append(_("classic scoring"))
    if tuple(packets) != (3, 2):
        parts.append(_("dealt {packets}").format(packets="+".join(map(str, packets))))
    base = _("Custom") if name in PRESET_LABELS else name
    return _("{name} ({details})").format(name=base, details=", ".join(parts)) if parts else base


# ---------------------------------------------------------------------------------- events
#: Every event's templates: key → (third person, second person "you"). Fields: ``{player}`` and
#: the seats of :data:`cardkit.core.SEAT_KEYS` become names; ``{rule}`` the rule's name.
EVENTS: dict[str, tuple[str, str]] = {
    "deal": (N_("{player} deals 5 cards each in packets of {packets}, non-dealer first; the "
                "turn-up is {card}, so {suit} are trumps ({rule})."),
             N_("You deal 5 cards each in packets of {packets}, non-dealer first; the turn-up is "
                "{card}, so {suit} are trumps ({rule}).")),
    "turn_up_king": (N_("The turn-up is a king ({card}): {player}, the dealer, scores 1 point at "
                        "once ({rule})."),
                     N_("The turn-up is a king ({card}): you, the dealer, score 1 point at once "
                        "({rule}).")),
    "game_over": (N_("{player} reaches {goal} points and wins the game {w}–{l} ({rule})."),
                  N_("You reach {goal} points and win the game {w}–{l} ({rule}).")),
    "stand_at_once": (N_("{player} plays the hand as dealt, without proposing ({rule})."),
                      N_("You play the hand as dealt, without proposing ({rule}).")),
    "stand": (N_("{player} proposes no more exchanges: the hand is played ({rule})."),
              N_("You propose no more exchanges: the hand is played ({rule}).")),
    "propose": (N_("{player} proposes an exchange ({rule})."),
                N_("You propose an exchange ({rule}).")),
    "accept": (N_("{player} accepts: each player now exchanges cards, the non-dealer first "
                  "({rule})."),
               N_("You accept: each player now exchanges cards, the non-dealer first ({rule}).")),
    "refuse": (N_("{player} refuses: the hands are played as they are ({rule})."),
               N_("You refuse: the hands are played as they are ({rule}).")),
    "discard_0": (N_("{player} keeps all five cards ({rule})."), N_("You keep all five cards ({rule}).")),
    "discard_1": (N_("{player} exchanges 1 card with the stock; {left} left ({rule})."),
                  N_("You exchange 1 card ({cards}) with the stock and draw {drawn}; {left} left "
                     "({rule}).")),
    "discard_n": (N_("{player} exchanges {n} cards with the stock; {left} left ({rule})."),
                  N_("You exchange {n} cards ({cards}) with the stock and draw {drawn}; {left} left "
                     "({rule}).")),
    "stock_empty": (N_("The stock is empty: the exchanges end and play begins ({rule})."), ""),
    "king_led": (N_("{player} leads the king of trumps ({card}) as the first card, which "
                    "announces it: 1 point ({rule})."),
                 N_("You lead the king of trumps ({card}) as the first card, which announces it: "
                    "1 point ({rule}).")),
    "king": (N_("{player} announces the king of trumps ({card}): 1 point ({rule})."),
             N_("You announce the king of trumps ({card}): 1 point ({rule}).")),
    "lead": (N_("{player} leads {card} to trick {trick}."), N_("You lead {card} to trick {trick}.")),
    "trick_trump": (N_("{player} wins trick {trick} with {card}, the highest trump ({rule})."),
                    N_("You win trick {trick} with {card}, the highest trump ({rule}).")),
    "trick_suit": (N_("{player} wins trick {trick} with {card}, the highest card of the suit led "
                      "({rule})."),
                   N_("You win trick {trick} with {card}, the highest card of the suit led "
                      "({rule}).")),
    # how a follower's card obeyed §3.4 (keys: the duty of tricks.legal_plays, and how it was met)
    "follow_win": (N_("{player} plays {card}, following suit and winning the trick, as the rule "
                      "requires when able ({rule})."),
                   N_("You play {card}, following suit and winning the trick, as the rule requires "
                      "when able ({rule}).")),
    "follow_follow": (N_("{player} plays {card}, following suit, with no higher card of that suit "
                         "to win with ({rule})."),
                      N_("You play {card}, following suit, with no higher card of that suit to win "
                         "with ({rule}).")),
    "follow_trumped": (N_("{player} plays {card}, trumping: unable to follow suit ({rule})."),
                       N_("You play {card}, trumping: unable to follow suit ({rule}).")),
    "follow_no_trump": (N_("{player} plays {card}: unable to follow suit and without a trump "
                           "({rule})."),
                        N_("You play {card}: unable to follow suit and without a trump ({rule}).")),
    "follow_any": (N_("{player} plays {card}: unable to follow suit ({rule})."),
                   N_("You play {card}: unable to follow suit ({rule}).")),
    # hand scores (keys: the reason of rules.hand_points)
    "score_vole": (N_("{player} wins all 5 tricks, the vole: 2 points ({rule})."),
                   N_("You win all 5 tricks, the vole: 2 points ({rule}).")),
    "score_plain": (N_("{player} wins {n} tricks: 1 point ({rule})."),
                    N_("You win {n} tricks: 1 point ({rule}).")),
    "score_stood": (N_("{player} (non-dealer) wins {n} tricks after playing the hand as dealt: "
                       "2 points ({rule})."),
                    N_("You (non-dealer) win {n} tricks after playing the hand as dealt: 2 points "
                       "({rule}).")),
    "score_refused": (N_("{player} (non-dealer) wins {n} tricks after the dealer refused a "
                         "proposal: 2 points ({rule})."),
                      N_("You (non-dealer) win {n} tricks after the dealer refused a proposal: 2 "
                         "points ({rule}).")),
    "score_stood_lost": (N_("{responsible} stood but took fewer than 3 tricks, so {player} scores "
                            "2 points ({rule})."),
                         N_("{responsible} stood but took fewer than 3 tricks, so you score 2 "
                            "points ({rule}).")),
    "score_refused_lost": (N_("{responsible} refused the first proposal but took fewer than 3 "
                              "tricks, so {player} scores 2 points ({rule})."),
                           N_("{responsible} refused the first proposal but took fewer than 3 "
                              "tricks, so you score 2 points ({rule}).")),
    # the points for the tricks alone: a king of trumps scored this hand is its own event, and
    # the hand's summary adds the two ("scored 2 points" beside "3 this hand" read as a mistake)
    "hand_end_1": (N_("Hand {hand} is over: {player} took {won} tricks to {lost} and scored 1 "
                      "point for the tricks; score: {player} {won_score}, {loser} {lost_score}."),
                   N_("Hand {hand} is over: you took {won} tricks to {lost} and scored 1 point for "
                      "the tricks; score: you {won_score}, {loser} {lost_score}.")),
    "hand_end_n": (N_("Hand {hand} is over: {player} took {won} tricks to {lost} and scored "
                      "{points} points for the tricks; score: {player} {won_score}, {loser} "
                      "{lost_score}."),
                   N_("Hand {hand} is over: you took {won} tricks to {lost} and scored {points} "
                      "points for the tricks; score: you {won_score}, {loser} {lost_score}.")),
}


def follow_key(plays: Plays, card: Card, trump: Suit, must_trump: bool) -> str:
    """The :data:`EVENTS` key saying how a follower's legal card ``card`` obeyed ``plays`` (§3.4)."""
    if plays.duty in ("win", "follow"):
        return "follow_" + plays.duty
    if card.suit == trump:
        return "follow_trumped"
    return "follow_no_trump" if must_trump else "follow_any"


def outcome_text(you_won: bool, winner: str, a: int, b: int) -> str:
    """The end of the match, for the reader: "You win the game 5–3!" / "Ada wins the game 5–3."."""
    return (_("You win the game {a}–{b}!") if you_won else
            _("{who} wins the game {a}–{b}.")).format(who=winner, a=a, b=b)


# ---------------------------------------------------------------------------------- refusals
def refusal(obs: EcarteObservation, action: Action) -> IllegalAction:
    """Why the seat of ``obs`` may not make ``action`` now (the rule, in plain words), for a seat
    whose turn it is: the game's one refusal explainer (``obs.refusal(action)``)."""
    if obs.phase == "decide":
        if action.kind == "announce":
            return illegal(N_("The king of trumps is announced just before your first card is "
                              "played, after the proposals ({rule})."), RULE_KING)
        return illegal(N_("You are the non-dealer: first stand (play the hand as dealt) or propose "
                          "an exchange ({rule})."), RULE_EXCHANGE)
    if obs.phase == "answer":
        return illegal(N_("You are the dealer: accept or refuse the proposal ({rule})."),
                       RULE_EXCHANGE)
    if obs.phase == "exchange":
        return _refuse_discard(obs, action)
    if action.kind == "announce":
        return _refuse_announce(obs)
    if action.kind != "play" or len(action.cards) != 1:
        return illegal(N_("The hand is being played: play one card ({rule})."), RULE_TRICK)
    card = action.card
    if card not in obs.hand:
        return illegal(N_("{card} is not in your hand: you can only play your own cards ({rule})."),
                       RULE_TRICK, card=card)
    return play_refusal(legal_plays(obs.hand, obs.trick[0][1] if obs.trick else None, obs.trump,
                                    obs.must_trump), card)


def play_refusal(plays: Plays, card: Card) -> IllegalAction:
    """Why ``card`` (held) is not one of ``plays.cards`` (§3.4), in plain words."""
    lead = plays.lead
    if plays.duty in ("win", "follow") and lead is not None and card.suit != lead.suit:
        return illegal(N_("You must follow suit: {lead} was led and you hold {cards} ({rule})."),
                       RULE_TRICK, lead=lead, cards=_(" and ").join(map(str, plays.held)))
    if plays.duty == "win":
        return illegal(N_("You must win the trick if you can: {card} does not beat {lead}, but "
                          "{cards} does ({rule})."), RULE_TRICK, card=card, lead=lead,
                       cards=or_list(by_rank(plays.cards)))
    return illegal(N_("You cannot follow suit, so in the classic rules you must trump: play "
                      "{cards} ({rule})."), RULE_TRUMP, cards=or_list(plays.held))


def _refuse_discard(obs: EcarteObservation, action: Action) -> IllegalAction:
    if action.kind != "discard":
        return illegal(N_("You must discard now: choose the cards to exchange ({rule})."),
                       RULE_EXCHANGE)
    cards = list(action.cards)
    missing = [c for c in cards if c not in obs.hand]
    if len(set(cards)) != len(cards):
        return illegal(N_("A card can be discarded only once ({rule})."), RULE_EXCHANGE)
    if missing:
        return illegal(N_("You can only discard cards from your own hand: {cards} ({rule})."),
                       RULE_EXCHANGE, cards=" ".join(map(str, missing)))
    if not cards:
        return illegal(N_("After a proposal is accepted the non-dealer must discard at least 1 card "
                          "({rule})."), RULE_EXCHANGE)
    return illegal(N_("Nobody may discard more cards than the stock can replace: the stock holds "
                      "{n} ({rule})."), RULE_EXCHANGE, n=obs.stock_count)


def _refuse_announce(obs: EcarteObservation) -> IllegalAction:
    king = Card(Rank.KING, obs.trump)
    if obs.king_announced is not None:
        return illegal(N_("The king point has already been scored this hand ({rule})."), RULE_KING)
    if king not in obs.hand:
        return illegal(N_("Only a player holding the king of trumps ({card}) may announce it "
                          "({rule})."), RULE_KING, card=king)
    return illegal(N_("The king must be announced before your first card is played ({rule})."),
                   RULE_KING)


# ---------------------------------------------------------------------------------- what now
def _play_text(obs: EcarteObservation) -> str:
    """What now in the play phase (§3.3, §3.4), for the seat whose turn it is."""
    extra = ""
    if any(a.kind == "announce" for a in obs.legal_actions):
        extra = " " + _("You hold the king of trumps: you may announce it for 1 point first "
                        "({rule}).").format(rule=RULE_KING)
    plays = legal_plays(obs.hand, obs.trick[0][1] if obs.trick else None, obs.trump,
                        obs.must_trump)
    cards = or_list(by_rank(plays.cards))
    if plays.duty == "lead":
        # the leader has nothing to follow: the rule to name is the one the reply must obey
        return _("Your lead: play any card; the other player must follow its suit and beat it "
                 "if they can.") + extra
    if plays.duty == "win":
        return _("You must follow suit and win the trick if you can: play {cards} "
                 "({rule}).").format(cards=cards, rule=RULE_TRICK) + extra
    if plays.duty == "follow" and plays.lead is not None and plays.lead.suit is not None:
        return _("You must follow suit ({suit}); you cannot beat {lead}: play {cards} "
                 "({rule}).").format(suit=plays.lead.suit.symbol, lead=plays.lead, cards=cards,
                                     rule=RULE_TRICK) + extra
    if plays.duty == "trump":
        return _("You cannot follow suit, so you must trump: play {cards} ({rule}).").format(
            cards=cards, rule=RULE_TRUMP) + extra
    return _("You cannot follow suit: play any card ({rule}).").format(rule=RULE_TRICK) + extra


def _exchange_text(obs: EcarteObservation) -> str:
    m = min(5, obs.stock_count)
    if m == 0:
        return _("The stock is empty, so you cannot exchange: keep your cards ({rule}).").format(
            rule=RULE_EXCHANGE)
    if obs.dealer == obs.seat:
        return _("Click up to {m} cards to throw away and press Discard — or keep all your cards. "
                 "You draw as many new cards from the stock ({rule}).").format(m=m, rule=RULE_EXCHANGE)
    return _("Click 1 to {m} cards to throw away, then press Discard: you draw as many new cards "
             "from the stock ({rule}).").format(m=m, rule=RULE_EXCHANGE)


def what_now(obs: EcarteObservation) -> str:
    """One sentence, in the second person, saying what the seat of ``obs`` can do now and the
    plain name of the rule that applies (the observation's ``what_now``; tables show it in their
    "What now" panel). Uses only the observation."""
    if obs.outcome is not None:
        return obs.outcome.text
    if obs.current_player != obs.seat:
        return _("Waiting for {who}.").format(
            who=obs.names[obs.current_player] if obs.current_player is not None else "")
    if obs.phase == "decide":
        if obs.proposals:
            return _("Stand (play the cards you hold now), or Propose another exchange with the "
                     "stock ({rule}).").format(rule=RULE_EXCHANGE)
        return _("You are the non-dealer: Stand (play the hand as dealt), or Propose an exchange "
                 "with the stock ({rule}).").format(rule=RULE_EXCHANGE)
    if obs.phase == "answer":
        return _("{who} proposes an exchange. Accept: each of you throws away cards and draws "
                 "from the stock; Refuse: play as dealt ({rule})."
                 ).format(who=obs.names[1 - obs.seat], rule=RULE_EXCHANGE)
    if obs.phase == "exchange":
        return _exchange_text(obs)
    return _play_text(obs)


# ---------------------------------------------------------------------------------- the state
#: what each phase of a hand (``state.phase``) is, in words (RULES.md §3.2–§3.5)
PHASE_WORDS = {"decide": N_("the non-dealer stands or proposes"),
               "answer": N_("the dealer answers the proposal"),
               "exchange": N_("cards are exchanged"),
               "play": N_("the tricks are played"),
               "over": N_("the game is over")}


def state_line(s: EcarteState) -> str:
    """``print(state)``: the position in one line, in the reader's language (``repr()`` stays the
    English one for developers).

    >>> from cardkit import ecarte
    >>> print(ecarte.new_game(seed=3, dealer=1, names=("Ada", "Ben")))
    Écarté, Standard, hand 1: Ben deals, clubs ♣ are trumps, the non-dealer stands or proposes; tricks 0–0, score 0–0.
    """
    return _("Écarté, {rules}, hand {n}: {dealer} deals, {suit} {symbol} are trumps, {phase}; "
             "tricks {t0}–{t1}, score {s0}–{s1}.").format(
        rules=s.rules.label, n=s.hand_number, dealer=shown_name(s.names[s.dealer]),
        suit=_(s.trump.word), symbol=s.trump.symbol, phase=_(PHASE_WORDS[s.phase]),
        t0=s.tricks[0], t1=s.tricks[1], s0=s.scores[0], s1=s.scores[1])


def state_html(s: EcarteState) -> str:
    """The whole position as a small HTML block (a lesson's view of a state: both hands, the
    stock's top cards), every sentence in the reader's language."""
    rows = []
    for p in (1, 0):
        role = _("dealer") if p == s.dealer else _("non-dealer")
        rows.append(f"<tr><th>{html.escape(shown_name(s.names[p]))} ({html.escape(role)})</th>"
                    f"<td>{cards_html(s.hands[p])}</td><td>"
                    + html.escape(_("tricks: {t} · score: {s}").format(t=s.tricks[p], s=s.scores[p]))
                    + "</td></tr>")
    trick = " ".join(f"{html.escape(shown_name(s.names[p]))}: {card_html(c)}" for p, c in s.trick) or "—"
    stock = cards_html(s.stock[:5]) + (" …" if len(s.stock) > 5 else "")
    head = html.escape(_("Écarté ({rules}) — hand {n}: {phase}").format(
        rules=s.rules.label, n=s.hand_number, phase=_(PHASE_WORDS[s.phase])))
    return (f"<div class='ck-ecarte-state'><b>{head}</b><br>"
            + html.escape(_("Turn-up:")) + f" {card_html(s.turn_up)} "
            + html.escape(_("Trumps: {suit}").format(suit=s.trump.symbol)) + " · "
            + html.escape(ngettext("Stock: {n} card", "Stock: {n} cards", len(s.stock)).format(
                n=len(s.stock))) + f" ({stock})"
            + f"<table>{''.join(rows)}</table>" + html.escape(_("On the table:")) + f" {trick}</div>")


# ---------------------------------------------------------------------------------- the advisor
_NUMBERS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"))


def hand_words(n_trumps: int, tierce_suit: str | None, long_suit: tuple[int, str] | None) -> str:
    """Plain words for a hand: "two trumps and three hearts", "one trump and the king, queen and
    jack of hearts (a tierce major)" (the advisor's description, §3.6)."""
    n = _(_NUMBERS[n_trumps])
    # (no trumps is its own phrase: Punjabi and Kannada say 0 with the singular, "zero trump")
    parts = [_("no trumps") if n_trumps == 0 else
             ngettext("{n} trump", "{n} trumps", n_trumps).format(n=n)]
    if tierce_suit is not None:
        parts.append(_("the king, queen and jack of {suit} (a tierce major)").format(
            suit=_(tierce_suit)))
    elif long_suit is not None:
        parts.append(_("{n} {suit}").format(n=_(_NUMBERS[long_suit[0]]), suit=_(long_suit[1])))
    return _(" and ").join(parts)


def verdict(regle: bool, choice: str) -> str:
    """The advisor's verdict in words. A jeu de règle is a hand the books say to play without
    proposing (RULES.md §3.6), so when the numbers disagree with the books the verdict says so
    instead of calling a jeu de règle a reason to propose.

    >>> verdict(True, "stand")
    'a jeu de règle — stand'
    """
    if regle and choice == "stand":
        return _("a jeu de règle — stand")
    if not regle and choice == "propose":
        return _("not a jeu de règle — propose")
    if regle:
        return _("a jeu de règle, which the books say to play as dealt, but here proposing scores "
                 "a little more on average — propose")
    return _("not a jeu de règle, but standing scores a little more on average here — stand")


def stand_verdict(words: str, regle: bool, choice: str) -> str:
    """The advisor's verdict on a hand as one sentence, without its figures (§3.6):
    "You hold one trump: not a jeu de règle — propose."."""
    return _("You hold {words}: {verdict}.").format(words=words, verdict=verdict(regle, choice))


def stand_reason(words: str, regle: bool, choice: str, exact: bool, out: dict[str, Any]) -> str:
    """The one sentence of ``stand_advice`` (§3.6): the hand, the verdict and the numbers."""
    text = (_("You hold {words}: {verdict}. Standing takes 3+ tricks {p_three:.0%} of the time "
              "(vole {p_vole:.0%}); expected points {stand:+.2f} standing, {propose:+.2f} "
              "proposing.") if exact else
            _("You hold {words}: {verdict}. Standing takes 3+ tricks about {p_three:.0%} of the "
              "time (vole {p_vole:.0%}); expected points {stand:+.2f} standing, {propose:+.2f} "
              "proposing."))
    return text.format(words=words, verdict=verdict(regle, choice), p_three=out["p_three"],
                       p_vole=out["p_vole"], stand=out["stand_points"],
                       propose=out["propose_points"])


def stand_hint(words: str, regle: bool, choice: str, p_three: float, error_95: float) -> str:
    """The Hint line for stand or propose (§3.6)."""
    if error_95 >= 0.005:
        return _("You hold {words}: {verdict}. Standing wins 3+ tricks about {p:.0%} of the time "
                 "(±{e:.0%}).").format(words=words, verdict=verdict(regle, choice), p=p_three,
                                       e=error_95)
    return _("You hold {words}: {verdict}. Standing wins 3+ tricks about {p:.0%} of the "
             "time.").format(words=words, verdict=verdict(regle, choice), p=p_three)


ADVICE_NOTHING = N_("Nothing to decide now.")
ADVICE_ANNOUNCE = N_("Announce the king of trumps first: it scores 1 point at once (King of trumps).")


def answer_hint(choice: str, refuse: float, accept: float) -> str:
    """The Hint line for accept or refuse (§3.2). When the two chances print the same (44% and
    44%), the line says it is a close call instead of giving two equal numbers as a reason."""
    if f"{refuse:.0%}" == f"{accept:.0%}":
        if choice == "refuse":
            return _("Refuse, but it is a close call: your chance of winning the match is about "
                     "{p:.0%} either way, a tiny bit more if you refuse.").format(p=refuse)
        return _("Accept, but it is a close call: your chance of winning the match is about "
                 "{p:.0%} either way, a tiny bit more if you accept.").format(p=accept)
    if choice == "refuse":
        return _("Refuse: your hand is strong enough to play as it is (chance of winning the match "
                 "{r:.0%} refusing, {a:.0%} accepting).").format(r=refuse, a=accept)
    return _("Accept: an exchange helps you more than it helps the non-dealer (chance of winning "
             "the match {r:.0%} refusing, {a:.0%} accepting).").format(r=refuse, a=accept)


def discard_hint(thrown: Sequence[Card], kept: Sequence[Card]) -> str:
    """The Hint line for a discard (§3.2, §3.6)."""
    if not thrown:
        return _("Keep all five cards: your hand is strong already.")
    return _("Throw {thrown} and keep {kept}: trumps and kings win tricks, the rest rarely does."
             ).format(thrown=" ".join(map(str, thrown)),
                      kept=" ".join(map(str, kept)) or _("nothing"))


def card_hint(best: Card, expected: float, others: Sequence[tuple[Card, float]]) -> str:
    """The Hint line for a card to play (§3.4): the best card and the others' expected tricks."""
    if not others:
        return _("Play {card}: about {t:.1f} tricks expected in all this hand, counting the ones "
                 "already won.").format(card=best, t=expected)
    rest = _(", ").join(f"{c} {t:.1f}" for c, t in others)
    return _("Play {card}: about {t:.1f} tricks expected in all this hand, counting the ones "
             "already won (the others: {others}).").format(card=best, t=expected, others=rest)
