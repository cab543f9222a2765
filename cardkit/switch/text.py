"""Every Switch sentence a person reads (RULES.md §2), so a translator finds them in one file: the
rule references, the rules' own errors, the events' templates, the refusals, "what now" and the
end of the game. All go through :func:`cardkit.i18n._` (and ``ngettext`` where a number meets a
noun).

A rule reference is a :class:`~cardkit.core.Rule`: a plain name a child can read ("8s: miss a
turn") and its section of docs/RULES.md ("2"). Sentences carry the name only; a table may link
the section (``rule.cite()`` is ``"§2"``).

Templates are stored untranslated (``N_``) and translated when read: an event's template when
:meth:`~cardkit.core.Event.explain` is called, a refusal's when :func:`refusal_error` fills it.
This module imports nothing else of :mod:`cardkit.switch` (it is the bottom of the package,
docs/architecture.md): what it reads of an observation is the protocol :class:`Seen`.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..cards import Card, Suit
from ..core import IllegalAction, Outcome, Rule
from ..i18n import N_, _, ngettext, shown_name

if TYPE_CHECKING:          # pragma: no cover
    from .engine import SwitchState

__all__ = [
    "RULE_ACE", "RULE_DEAL", "RULE_DRAW", "RULE_EIGHT", "RULE_END", "RULE_JACK", "RULE_LAST",
    "RULE_MATCH", "RULE_OPTIONS", "RULE_STOCK", "RULE_TWO",
    "Refusal", "Seen", "Told", "Why", "describe_pending", "message", "option_error", "outcome_text",
    "refusal_error", "what_now",
]

# -- rule references: a plain name and its section of docs/RULES.md ---------------------------------
RULE_OPTIONS = Rule(N_("Switch options"), "2")
RULE_DEAL = Rule(N_("Deal and starter"), "2")
RULE_MATCH = Rule(N_("Match the suit or the rank"), "2")
RULE_DRAW = Rule(N_("Draw if you cannot play"), "2")
RULE_TWO = Rule(N_("2s: draw two"), "2")
RULE_JACK = Rule(N_("Jacks: name a suit"), "2")
RULE_ACE = Rule(N_("Aces: draw four"), "2")
RULE_EIGHT = Rule(N_("8s: miss a turn"), "2")
RULE_LAST = Rule(N_("Last card"), "2")
RULE_STOCK = Rule(N_("Stock empty"), "2")
RULE_END = Rule(N_("End of the game"), "2")
PENDING_RULE = {"two": RULE_TWO, "ace": RULE_ACE, "eight": RULE_EIGHT}


# -- errors: bad options, a bad deal, a bad argument ------------------------------------------------
MESSAGES = {
    "whole": N_("{name} must be a whole number, not {v!r} ({rule})."),
    "players": N_("Switch is played by 2 to 6 players, not {v} ({rule})."),
    "hand_size": N_("hand_size must be at least 1, not {v} ({rule})."),
    "pack": N_("players × hand_size + 1 (the hands and the starter) must fit the 52-card pack: "
               "{p} × {h} + 1 = {t} ({rule})."),
    "penalty": N_("penalty_last_card cannot be negative ({v}) ({rule})."),
    "eights": N_("eights_accumulate is True or False, not {v!r} ({rule})."),
    "names": N_("{k} names given for {n} players ({rule})."),
    "dealer": N_("The dealer must be a seat 0..{m}, not {d} ({rule})."),
    "jokers": N_("Switch is played without jokers ({what}) ({rule})."),
    "hands": N_("hands must give {n} non-empty hands ({rule})."),
    "twice": N_("A card appears twice in the hands and stock ({rule})."),
    "no_starter": N_("The stock needs a card to turn up as the starter ({rule})."),
    "deck_twice": N_("The deck holds a card twice ({rule})."),
    "deck_short": N_("{n} players × {h} cards + the starter need {k} cards; the deck has {d} "
                     "({rule})."),
    "seat": N_("no seat {s} in a {n}-player game"),
    "level": N_("unknown level {l!r}: use one of {ls}"),
    "no_move": N_("No move to choose: it is not this seat's decision."),
    "too_long": N_("the game did not end within {n} actions"),
}
_DEAL_ERRORS = {"dealer", "jokers", "hands", "twice", "no_starter", "deck_twice", "deck_short"}


def message(key: str, **fields: Any) -> str:
    """The sentence :data:`MESSAGES` ``[key]``, translated and filled; ``{rule}`` is the deal's rule
    for a bad deal, else the options' (RULES.md §2).

    >>> message("players", v=7)
    'Switch is played by 2 to 6 players, not 7 (Switch options).'
    """
    rule = RULE_DEAL if key in _DEAL_ERRORS else RULE_OPTIONS
    return _(MESSAGES[key]).format(rule=rule, **fields)


def option_error(key: str, **fields: Any) -> ValueError:
    """The ``ValueError`` whose sentence is :func:`message` ``(key, **fields)``."""
    return ValueError(message(key, **fields))


def rules_label(standard: bool) -> str:
    """What a table shows for the rules: "Standard" or "Custom", translated."""
    return _("Standard") if standard else _("Custom")


def describe_pending(kind: str, amount: int, step: int) -> str:
    """``draw 4 (two 2s)``, ``draw 8 (two Aces)``, ``miss a turn (8)``: a pending penalty for
    tables. ``step`` is the cards one 2 or one Ace adds (2 or 4)."""
    if kind == "eight":
        return ngettext("miss a turn (8)", "miss {n} turns (8s)", amount).format(n=amount)
    count = amount // step
    word = [_("one"), _("two"), _("three"), _("four")][count - 1] if count <= 4 else str(count)
    what = (ngettext("{n} 2", "{n} 2s", count) if kind == "two"
            else ngettext("{n} Ace", "{n} Aces", count)).format(n=word)
    return _("draw {n} ({what})").format(n=amount, what=what)


# -- events: the template for everyone else, the template for the player, the rule --------------------
class Told(NamedTuple):
    """An event's templates: ``text`` (third person, ``{player}`` …), ``you`` (for the player
    who acted; empty when ``text`` reads right for them too) and the ``rule`` that applied."""

    text: str
    you: str = ""
    rule: Rule | None = None


DEALT = Told(N_("{player} dealt {h} cards to each of {n} players, one at a time, starting with "
                "{next}, the first to play ({rule})."),
             N_("You dealt {h} cards to each of {n} players, one at a time, starting with {next}, "
                "the first to play ({rule})."), RULE_DEAL)
DEALT_GIVEN = Told(N_("{player} dealt; {next} to play first ({rule})."),
                   N_("You dealt; {next} to play first ({rule})."), RULE_DEAL)
RETURNED = Told(N_("{card} was turned up, but a 2, 8, Jack or Ace cannot start the discard pile: it "
                   "went back into the middle of the stock and the next card was turned ({rule})."),
                "", RULE_DEAL)
STARTER = Told(N_("{card} was turned up to start the discard pile ({rule})."), "", RULE_DEAL)
CALLED = Told(N_("{player} called “last card”!"), N_("You called “last card”!"), RULE_LAST)
WRONG_CHALLENGE = Told(
    N_("{player} challenged {target}, but {target} had called “last card”: a wrong challenge "
       "costs nothing."),
    N_("You challenged {target}, but {target} had called “last card”: a wrong challenge costs "
       "nothing."), RULE_LAST)
PLAYED_JACK = Told(N_("{player} played {card} (a Jack goes on anything) and named a suit ({rule})."),
                   N_("You played {card} (a Jack goes on anything) and named a suit ({rule})."),
                   RULE_JACK)
PLAYED = Told(N_("{player} played {card}."), N_("You played {card}."), RULE_MATCH)
NAMED = Told(N_("{player} named {suit}: the next card must be a {sym}, a Jack or an Ace ({rule})."),
             N_("You named {suit}: the next card must be a {sym}, a Jack or an Ace ({rule})."),
             RULE_JACK)
COULD_NOT_DRAW = Told(N_("{player} could not draw: the stock and the discard pile were empty. The "
                         "turn passed ({rule})."),
                      N_("You could not draw: the stock and the discard pile were empty. The turn "
                         "passed ({rule})."), RULE_STOCK)
DREW_PLAYABLE = Told(N_("{player} drew a card, which could be played at once ({rule})."),
                     N_("You drew {card}, which you may play at once ({rule})."), RULE_DRAW)
DREW_KEPT = Told(N_("{player} drew a card and kept it ({rule})."),
                 N_("You drew {card} and kept it ({rule})."), RULE_DRAW)
KEPT_DRAWN = Told(N_("{player} kept the card drawn."), N_("You kept the card you drew."), RULE_DRAW)
MISSED_ANOTHER = Told(N_("{player} missed another turn ({rule})."),
                      N_("You missed another turn ({rule})."), RULE_EIGHT)
MISSED_ONE = Told(N_("{player} missed a turn ({rule})."), N_("You missed a turn ({rule})."),
                  RULE_EIGHT)
MISSED_MORE = Told(N_("{player} missed a turn; {k} more to miss ({rule})."),
                   N_("You missed a turn; {k} more to miss ({rule})."), RULE_EIGHT)


def played(rank: str, amount: int, two_players: bool) -> Told:
    """The play event of a card that is not a Jack and not the last in hand (RULES.md §2):
    ``rank`` ``"two"``, ``"ace"``, ``"eight"`` (then ``amount`` turns to miss, and whether the
    player of the 8 plays again in a ``two_players`` game) or anything else (a plain card)."""
    if rank == "two":
        return Told(N_("{player} played {card}: {next} must draw {k} or play a 2 ({rule})."),
                    N_("You played {card}: {next} must draw {k} or play a 2 ({rule})."), RULE_TWO)
    if rank == "ace":
        return Told(N_("{player} played {card} (an Ace goes on anything): {next} must draw {k} or "
                       "play an Ace ({rule})."),
                    N_("You played {card} (an Ace goes on anything): {next} must draw {k} or play "
                       "an Ace ({rule})."), RULE_ACE)
    if rank != "eight":
        return PLAYED
    if two_players:
        if amount == 1:
            return Told(N_("{player} played {card}: {next} must play an 8 or miss a turn; with two "
                           "players the player of the 8 then plays again ({rule})."),
                        N_("You played {card}: {next} must play an 8 or miss a turn; with two "
                           "players you then play again ({rule})."), RULE_EIGHT)
        return Told(N_("{player} played {card}: {next} must play an 8 or miss {k} turns; with two "
                       "players the player of the 8 then plays again ({rule})."),
                    N_("You played {card}: {next} must play an 8 or miss {k} turns; with two "
                       "players you then play again ({rule})."), RULE_EIGHT)
    if amount == 1:
        return Told(N_("{player} played {card}: {next} must play an 8 or miss a turn ({rule})."),
                    N_("You played {card}: {next} must play an 8 or miss a turn ({rule})."),
                    RULE_EIGHT)
    return Told(N_("{player} played {card}: {next} must play an 8 or miss {k} turns ({rule})."),
                N_("You played {card}: {next} must play an 8 or miss {k} turns ({rule})."),
                RULE_EIGHT)


def went_out(on_special: bool) -> Told:
    """Playing the last card in hand; ``on_special``: a 2, Ace or 8, or the answer to a penalty
    (which is then dropped)."""
    if on_special:
        return Told(N_("{player} played {card}, the last card in hand, and won! Finishing on a "
                       "special card is allowed; any penalty is dropped ({rule})."),
                    N_("You played {card}, the last card in hand, and won! Finishing on a special "
                       "card is allowed; any penalty is dropped ({rule})."), RULE_END)
    return Told(N_("{player} played {card}, the last card in hand, and won ({rule})."),
                N_("You played {card}, the last card in hand, and won ({rule})."), RULE_END)


def penalty_drawn(kind: str, complete: bool) -> Told:
    """Drawing a pending 2 or Ace penalty (``kind``), all of it or (not ``complete``) what the
    stock and discard pile held."""
    rule = PENDING_RULE[kind]
    if complete:
        return Told(N_("{player} drew {k} cards for the {what} and could play nothing this turn "
                       "({rule})."),
                    N_("You drew {k} cards ({cards}) for the {what} and could play nothing this "
                       "turn ({rule})."), rule)
    return Told(N_("{player} had to draw {k} cards for the {what} but there were only {n} to draw; "
                   "the turn passed ({rule})."),
                N_("You had to draw {k} cards for the {what} but there were only {n} to draw "
                   "({cards}); the turn passed ({rule})."), rule)


def penalty_what(kind: str, several: bool) -> str:
    """The ``{what}`` of :func:`penalty_drawn`: "2", "2s", "Ace" or "Aces" (translated when read)."""
    if kind == "two":
        return N_("2s") if several else N_("2")
    return N_("Aces") if several else N_("Ace")


def caught(k: int, short: bool) -> Told:
    """A right challenge: the caught player drew ``k`` penalty cards (or fewer, ``short``)."""
    if short:
        return Told(N_("{player} caught {target}: {target} had not called “last card”, so {target} "
                       "drew {n} of {k} penalty cards."),
                    N_("You caught {target}: {target} had not called “last card”, so {target} drew "
                       "{n} of {k} penalty cards."), RULE_LAST)
    if k == 1:
        return Told(N_("{player} caught {target}: {target} had not called “last card”, so {target} "
                       "drew {k} penalty card."),
                    N_("You caught {target}: {target} had not called “last card”, so {target} drew "
                       "{k} penalty card."), RULE_LAST)
    return Told(N_("{player} caught {target}: {target} had not called “last card”, so {target} "
                   "drew {k} penalty cards."),
                N_("You caught {target}: {target} had not called “last card”, so {target} drew "
                   "{k} penalty cards."), RULE_LAST)


def rebuilt(n: int) -> Told:
    """The stock rebuilt from the discard pile but its top card: ``n`` cards (RULES.md §2)."""
    if n == 1:
        return Told(N_("The stock was empty: the discard pile except its top card was shuffled to "
                       "make a new stock of 1 card ({rule})."), "", RULE_STOCK)
    return Told(N_("The stock was empty: the discard pile except its top card was shuffled to make "
                   "a new stock of {n} cards ({rule})."), "", RULE_STOCK)


def blocked(shared: bool) -> Told:
    """Nobody could play or draw for a whole round: one winner, or a ``shared`` drawn game."""
    if shared:
        return Told(N_("Nobody could play or draw for a whole round: the game ends; {winners} had "
                       "the fewest cards ({k}) and shared a drawn game ({rule})."), "", RULE_END)
    return Told(N_("Nobody could play or draw for a whole round: the game ends, and {winner} had "
                   "the fewest cards ({k}) and won ({rule})."), "", RULE_END)


# -- refusals: why a move is not allowed, from the one judge (cardkit.switch.moves.judge) --------------
class Why(NamedTuple):
    """A reason a move is refused: the sentence's template (second person) and its rule."""

    template: str
    rule: Rule | None = None


class Refusal(NamedTuple):
    """What :func:`cardkit.switch.moves.judge` answers for a refused move: the :class:`Why` and
    its fields (``card``, ``top``, ``suit``, ``n``, ``who`` a seat). :func:`refusal_error` makes
    the sentence."""

    why: Why
    fields: Mapping[str, Any] = {}


GAME_OVER = Why(N_("The game is over."))
WAIT = Why(N_("Wait: it is {who}'s turn."))
NOBODY_TO_CATCH = Why(N_("There is nobody to catch now: you can catch a player only right after "
                         "they play down to one card without calling “last card” ({rule})."),
                      RULE_LAST)
NEXT_PLAYER_CATCHES = Why(N_("Only the next player can catch {who}, before acting ({rule})."),
                          RULE_LAST)
ALREADY_CALLED = Why(N_("You have already called “last card” ({rule})."), RULE_LAST)
CALL_AFTER_YOUR_PLAY = Why(N_("{who} has just played down to one card and may still call “last "
                              "card”: you call yours right after your play this time ({rule})."),
                           RULE_LAST)
NOTHING_TO_PLAY_FOR_CALL = Why(N_("You cannot call “last card” now: none of your cards can be "
                                  "played, so you will not get down to one card this turn ({rule})."),
                               RULE_LAST)
CALL_WHEN = Why(N_("You call “last card” only when you hold 2 cards and are about to play one, or "
                   "right after playing down to one card ({rule})."), RULE_LAST)
NAME_SUIT_FIRST = Why(N_("First name a suit for your Jack ({rule})."), RULE_JACK)
CHOOSE_AFTER_JACK = Why(N_("You name a suit only right after playing a Jack ({rule})."), RULE_JACK)
ONLY_THE_DRAWN_CARD = Why(N_("After drawing you may only play the card you drew ({card}), or pass "
                             "to keep it ({rule})."), RULE_DRAW)
DRAWN_PLAY_OR_PASS = Why(N_("After drawing you play the card you drew or pass ({rule})."), RULE_DRAW)
MISSING_TURN_DRAW = Why(N_("You miss this turn because of the 8s, and you face a draw of {n}: your "
                           "only move is draw ({rule})."), RULE_EIGHT)
MISSING_TURN_PASS = Why(N_("You miss this turn because of the 8s: your only move is pass ({rule})."),
                        RULE_EIGHT)
NOT_HELD = Why(N_("You do not hold {card} ({rule})."), RULE_MATCH)
ONLY_A_TWO = Why(N_("{card} is not a 2: only a 2 can answer a draw of {n} ({rule})."), RULE_TWO)
ONLY_AN_ACE = Why(N_("{card} is not an Ace: only an Ace can answer a draw of {n} ({rule})."),
                  RULE_ACE)
ONLY_AN_EIGHT = Why(N_("{card} is not an 8: facing an 8 you play an 8 or miss the turn ({rule})."),
                    RULE_EIGHT)
NOT_THE_NAMED_SUIT = Why(N_("{card} does not follow the suit named after the Jack ({suit}): play a "
                            "{sym} card, a Jack or an Ace ({rule})."), RULE_JACK)
NO_MATCH = Why(N_("{card} matches neither the suit ({sym}) nor the rank ({rank}) of {top}; only "
                  "Jacks and Aces go on anything ({rule})."), RULE_MATCH)
NO_DRAW_FACING_EIGHT = Why(N_("Facing an 8 you cannot draw: play an 8 or pass ({rule})."), RULE_EIGHT)
PASS_WHEN = Why(N_("You pass only to keep a card you just drew or to miss a turn after an 8 "
                   "({rule})."), RULE_DRAW)
NOT_SWITCH = Why(N_("That move is not part of Switch ({rule})."), RULE_MATCH)


def refusal_error(refusal: Refusal, names: Sequence[str]) -> IllegalAction:
    """The :class:`~cardkit.core.IllegalAction` for ``refusal``: the sentence in the second person,
    naming the rule in plain words (``.rule`` the :class:`~cardkit.core.Rule`). ``names`` are the
    seats' names (for ``who``).

    >>> from cardkit import parse_card
    >>> error = refusal_error(Refusal(NO_MATCH, {"card": parse_card("9D"), "top": parse_card("10S")}),
    ...                       ["Ada", "Ben"])
    >>> for part in str(error).split("; "):
    ...     print(part)
    9♦ matches neither the suit (♠) nor the rank (10) of 10♠
    only Jacks and Aces go on anything (Match the suit or the rank).
    >>> error.rule.cite()
    '§2'
    """
    fields = dict(refusal.fields)
    if "who" in fields:
        fields["who"] = shown_name(names[fields["who"]])
    suit = fields.get("suit")
    if isinstance(suit, Suit):
        fields.update(suit=_(suit.word), sym=suit.symbol)
    top = fields.get("top")
    if isinstance(top, Card) and top.suit is not None:
        fields.update(sym=top.suit.symbol, rank=top.rank.label)
    why = refusal.why
    return IllegalAction(_(why.template).format(rule=why.rule, **fields), why.rule)


# -- what now --------------------------------------------------------------------------------------------
class Seen(Protocol):
    """What :func:`what_now` reads of a :class:`~cardkit.switch.SwitchObservation`."""

    @property
    def outcome(self) -> Outcome | None: ...
    @property
    def seat(self) -> int: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def phase(self) -> str: ...
    @property
    def drawn_card(self) -> Card | None: ...
    @property
    def skips_owed(self) -> tuple[int, ...]: ...
    @property
    def pending(self) -> tuple[str, int] | None: ...
    @property
    def named_suit(self) -> Suit | None: ...
    @property
    def top(self) -> Card | None: ...


def _facing(kind: str, amount: int) -> str:
    if kind == "eight":
        return _("You face an 8: play an 8, or pass and miss this turn ({rule}).").format(
            rule=RULE_EIGHT)
    if kind == "two":
        return _("You face a draw of {n}: play a 2 to pass {m} on, or draw {n} cards ({rule})."
                 ).format(n=amount, m=amount + 2, rule=RULE_TWO)
    return _("You face a draw of {n}: play an Ace to pass {m} on, or draw {n} cards ({rule})."
             ).format(n=amount, m=amount + 4, rule=RULE_ACE)


def what_now(obs: Seen) -> str:
    """One sentence in the second person saying what the seat of ``obs`` (a
    :class:`~cardkit.switch.SwitchObservation`) may do now and the plain name of the rule that
    applies (the observation's ``what_now``, RULES.md §2). Uses only the observation.

    It never hints at the "last card" call or at a challenge: remembering those is the player's
    job.
    """
    if obs.outcome is not None:
        return obs.outcome.text + " " + _("Press New game to play again.")
    cp = obs.current_player
    if cp != obs.seat:
        return _("Waiting for {who}.").format(who=obs.names[cp] if cp is not None else "")
    if obs.phase == "choose":
        return _("You played a Jack: name the suit the next player must follow ({rule}).").format(
            rule=RULE_JACK)
    if obs.phase == "drawn":
        return _("You drew {card}: play it now, or pass to keep it ({rule}).").format(
            card=obs.drawn_card, rule=RULE_DRAW)
    pending = obs.pending
    if obs.skips_owed[obs.seat]:
        if pending is not None and pending[0] != "eight":
            return _("You miss this turn (8s), and face a draw of {n}: draw the cards ({rule})."
                     ).format(n=pending[1], rule=RULE_EIGHT)
        return _("You miss this turn (8s): press Pass ({rule}).").format(rule=RULE_EIGHT)
    if pending is not None:
        return _facing(*pending)
    if obs.named_suit is not None:
        s = obs.named_suit
        return _("Play a {sym} card ({suit} were named after the Jack), a Jack or an Ace — or draw "
                 "a card ({rule}).").format(sym=s.symbol, suit=_(s.word), rule=RULE_JACK)
    top = obs.top
    sym = top.suit.symbol if top is not None and top.suit is not None else ""
    return _("Play a card that matches {top} by suit ({sym}) or rank ({rank}) — a Jack or an Ace "
             "goes on anything — or draw a card ({rule}).").format(
        top=top, sym=sym, rank=top.rank.label if top is not None else "", rule=RULE_MATCH)


# -- the end, and the position's picture --------------------------------------------------------------
def outcome_text(seat: int, winners: Sequence[int], out: bool, names: Sequence[str],
                 counts: Sequence[int]) -> str:
    """The end of the game for the reader ``seat``: who won (or shared a drawn game) and the cards
    left. ``out``: a player shed every card (else the round was blocked); ``counts`` cards held per
    seat."""
    names = [shown_name(n) for n in names]
    if len(winners) > 1:
        head = _("Nobody could play or draw for a whole round: the game is drawn between {ws}, "
                 "who have the fewest cards.").format(ws=_(", ").join(
                     _("you") if w == seat else names[w] for w in winners))
    elif list(winners) == [seat]:
        head = _("You won!") if out else _(
            "You won: nobody could play or draw for a whole round and you have the fewest cards.")
    else:
        head = _("{who} won.").format(who=names[winners[0]])
    left = [s for s in range(len(names)) if s not in winners]
    if left:
        head += " " + _("Cards left — {list}.").format(list=_(", ").join(
            _("{who}: {n}").format(who=names[s], n=counts[s]) for s in left))
    return head


def picture_words() -> dict[str, str]:
    """The words of a state's HTML picture (``_repr_html_``), translated."""
    return {"called": _("last card!"), "named": _("suit named: {s}"), "pending": _("pending: {p}"),
            "discard": _("Discard pile"), "stock": _("Stock")}


def state_line(state: SwitchState) -> str:
    """``print(state)``: the position in one line, in the reader's language (``repr()`` stays the
    English one for developers): whose turn, the card showing on the discard pile (with a named
    suit and a pending draw or skip), each hand's size and the stock.

    >>> from cardkit import switch
    >>> print(switch.new_game(seed=2, names=("Ada", "Ben")))
    Switch, 2 players: Ada's turn; discard pile: 3♦; cards in hand 7/7; stock 37.
    """
    if state.is_over:
        status = _("the game is over")
    else:
        status = _("{name}'s turn").format(name=shown_name(state.names[state.turn]))
    parts = [status, _("discard pile: {card}").format(
        card=state.discard[0].said if state.discard else "—")]
    if state.named_suit:
        parts.append(_("suit named: {s}").format(s=state.named_suit.symbol))
    if state.pending:
        parts.append(_("pending: {p}").format(p=state.pending.describe()))
    parts.append(_("cards in hand {counts}").format(counts="/".join(str(len(h)) for h in state.hands)))
    parts.append(_("stock {n}").format(n=len(state.stock)))
    return _("Switch, {n} players: {parts}.").format(n=state.players, parts=_("; ").join(parts))


#: what each move is, in words (lesson demos that list what a player may do; RULES.md §2)
_MOVE_WORDS = {"draw": N_("draw a card"), "pass": N_("pass"), "last card": N_("call “last card”"),
               "challenge": N_("challenge")}


def move_words(action: Any) -> str:
    """A move as a reader says it, in the language in force: ``play 9♥`` → "play 9♥", ``draw`` →
    "draw a card", ``choose hearts`` → "name hearts" (§2). The action's text (``str(action)``) is
    the protocol's and stays English.

    >>> from cardkit.core import Action
    >>> [move_words(Action.parse(t)) for t in ("play 9H", "draw", "choose hearts")]
    ['play 9♥', 'draw a card', 'name hearts']
    """
    kind = action.kind
    if kind == "play":
        return _("play {card}").format(card=action.cards[0].said)
    if kind == "choose":
        return _("name {suit}").format(suit=_(action.word))
    return _(_MOVE_WORDS[kind]) if kind in _MOVE_WORDS else str(action)
