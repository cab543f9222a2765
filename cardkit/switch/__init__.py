"""Switch (RULES.md §2): shed your cards by matching suit or rank; 2s, 8s, Jacks and Aces are special.

Quick start::

    >>> from cardkit import switch
    >>> g = switch.new_game(seed=1)
    >>> g.legal_actions()            # for g.current_player
    [Action('play J♦'), Action('play K♥'), Action('draw')]
    >>> obs = g.apply("play K♥").observation(0)   # or "draw", "pass", "choose hearts", "last card"
    >>> obs.events[-1].explain()
    'You played K♥.'
    >>> g.apply("play 8S")     # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardkit.actions.IllegalAction: 8♠ matches neither the suit (♥) nor the rank (K) of K♥; only ...

The state's public position (for lessons and tests; tables use :meth:`SwitchState.observation`):
``hands`` (list per seat, in the order the cards came), ``stock`` and ``discard`` (lists of
:class:`~cardkit.cards.Card`, **top first**: ``discard[0]`` is the card showing), ``pending``
(a :class:`Pending` or ``None``), ``named_suit`` (a :class:`~cardkit.cards.Suit` or ``None``),
``dealer``, ``turn``, ``phase``, ``log`` (events, newest last).

The protocol, move by move (every decision is one action; nothing is done for a player):

* **Turn** (``phase == "play"``) of ``current_player``: ``play <card>`` for each card that may go
  on the discard pile now, and ``draw``.
  - A card may be played when it matches the top card by suit or rank; a Jack or an Ace goes on
    anything (RULES.md §2). After a Jack the suit to match is the named suit (``named_suit``); it
    stays the suit of that Jack until a card is played on it.
  - ``draw`` takes one card from the stock. If that card can be played, the phase becomes
    ``"drawn"`` and the same player's legal actions are ``play <that card>`` (only that card) and
    ``pass`` (keep it); otherwise the card is kept and the turn passes at once, without a
    ``pass``. ``draw`` is always allowed on a normal turn (you may choose not to play). When
    stock and discard pile hold nothing to draw the player draws nothing and the turn passes.
* **Pending 2s** (``pending.kind == "two"``, amount 2/4/6/8): the player facing it may only
  ``play`` a 2 (the amount grows by 2 and moves on) or ``draw``, which takes the whole amount and
  ends the turn (nothing is played). The 2 on top is then an ordinary card.
* **Pending Aces** (``"ace"``, 4/8/12/16): the same, answered only by an Ace. The Ace never changes
  the suit: after the penalty the next card must match the Ace's own suit or rank (or be a Jack
  or an Ace, which go on anything).
* **Pending 8** (``"eight"``, amount = turns to miss): the player facing it may only
  ``play <an 8>`` or ``pass``, which means "miss this turn". In a two-player game the player of the
  8 then plays again. With ``eights_accumulate`` an 8 played on an 8 adds one missed turn
  (``amount`` 1, 2, 3, 4) and the player who passes misses that many turns: their next ``amount - 1``
  turns consist of the single legal action ``pass`` (``skips_owed``); a player who owes turns
  cannot answer a new 8 (its missed turn is added to what they owe) nor a 2 or an Ace (their one
  move is ``draw``, taking the penalty, which counts as one missed turn). Without the option every
  8 is one missed turn for the next player, never more.
* **Jack**: after ``play J…`` the phase is ``"choose"`` and the same player's legal actions are
  ``choose spades|hearts|diamonds|clubs``. A Jack that is the player's last card wins at once and
  names nothing.
* **Last card** (the call): ``last card`` is legal
  - for the current player just before the play that leaves them one card: they hold exactly 2
    cards and may play one now (normal turn, a pending 2/Ace/8 they can answer, or the drawn
    card);
  - for the player whose play has just left them one card (they have not called yet), from that
    play until the next player acts — even though it is not their turn. ``current_player`` is
    then already the next player; the caller's seat gets ``[last card]`` in
    ``observation(seat).legal_actions`` and in ``legal_actions(seat)``.
  While such a "last card" window is open and uncalled, the text ``last card`` is that player's
  call (so the next player, if holding 2 cards themselves, calls after their play instead — still
  in time). Calling is never an "action" that closes a window. A call announces the play: if the
  caller's turn ends without it (``draw``, or ``pass`` keeping a drawn card or missing a turn to
  an 8), the call lapses and the later play down to one card needs a new call.
* **Challenge**: while the window of the player who has just played down to one card is open
  (``window``), the next player — the current player — may ``challenge`` before acting. If the
  caught player had not called, they draw ``penalty_last_card`` cards; if they had, it costs
  nothing. Either way the window closes (one challenge). Any other move of the next player
  (play, draw, pass) closes it too. ``challenge`` is legal even against a player who did call
  (that is the "wrong challenge").
* **Stock empty**: when a card must be drawn and the stock is empty, the discard pile except its top
  card is shuffled with the game's RNG to make a new stock; then drawing goes on. If there is
  still nothing, the player draws what there is (possibly nothing) and the turn passes.
* **End**: the first player with no cards wins at once (a pending penalty is dropped). If for a whole
  round (``players`` turns in a row) nobody could play or got a card, the game ends and the fewest
  cards wins; players tied for fewest share a drawn game: ``winner`` is ``None`` and ``winners``
  lists them. A turn counts as blocked when the player had no card they were allowed to play and
  the turn ended without their playing or receiving a card (a player who misses a turn to an 8,
  holding no 8, is blocked too).

Deal (RULES.md §2): ``deck`` is top first; cards are dealt one at a time starting with the player
after the dealer; the stock's top card is turned up as the starter. A 2, 8, J or A turned up is put
back into the **middle of the stock — at index ``len(stock) // 2`` of the stock that remains after
taking it** (top = index 0; with 37 cards left, 18 cards lie above it) — and the next card is turned,
until a plain card shows. (If the stock holds no plain card at all, the last card turned stays as
the starter and has no effect: a starter is never special.) The player after the dealer starts.
Without ``dealer=`` the dealer is drawn from the seeded RNG (after the shuffle).

The package (docs/architecture.md):

- :mod:`cardkit.switch.text` — every sentence a person reads: rule references, events, refusals,
  "what now", the end of the game (the bottom of the package: it imports no other module of it);
- :mod:`cardkit.switch.rules` — :class:`SwitchRules` (frozen, validated), :func:`presets`,
  :class:`Pending`, the special ranks;
- :mod:`cardkit.switch.moves` — :func:`~cardkit.switch.moves.judge`, the one function that
  decides what may be played and why not (the legal list, the refusal sentence and a table's
  reasons for greyed cards all come from it);
- :mod:`cardkit.switch.observation` — :class:`SwitchObservation`, what one seat sees;
- :mod:`cardkit.switch.engine` — :class:`SwitchState`, :func:`new_game`, :func:`full_stock`;
- :mod:`cardkit.switch.computer` — :class:`SwitchComputer` (a :class:`cardkit.core.Player`),
  :func:`computer_player`, :func:`play_out`.
"""
from __future__ import annotations

from .computer import SwitchComputer, computer_player, play_out
from .engine import SwitchState, full_stock, new_game
from .moves import judge
from .observation import SwitchObservation
from .rules import SPECIAL_RANKS, Pending, SwitchRules, is_special, presets
from .text import what_now

__all__ = [
    "SPECIAL_RANKS",
    "Pending",
    "SwitchComputer",
    "SwitchObservation",
    "SwitchRules",
    "SwitchState",
    "computer_player",
    "full_stock",
    "is_special",
    "judge",
    "new_game",
    "play_out",
    "presets",
    "what_now",
]
