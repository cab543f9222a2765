"""What the Écarté AI reads of an observation (RULES.md §3): :class:`SeatView`, made by
:func:`seat_view` — the one place of the AI that knows the observation's fields
(:class:`cardkit.ecarte.EcarteObservation`, docs/observation.md), read as attributes.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core import Action, Event
from ..observation import EcarteObservation
from .solver import card_index, mask_of, suit_no

__all__ = ["SeatView", "seat_view"]


@dataclass(frozen=True)
class SeatView:
    """What the AI reads of an observation, with cards as bits (:mod:`.solver`).

    ``hand``/``own_discards``: masks; ``played``: ``((trick, player, card index), ...)``;
    ``trick``: ``((player, card index), ...)`` on the table; ``legal``: the legal Actions;
    ``stood_at_once`` / ``refused`` / ``refused_first``: how the hand came to be played (§3.5);
    ``last_bid``: the newest of this hand's ``stand`` / ``propose`` / ``accept`` / ``refuse`` events
    (None before any); ``bid_stale``: the opponent has exchanged cards since that event (so it says
    nothing about the hand the opponent holds now); ``opp_exchange``: how many cards the opponent
    discarded at its last exchange (None if it did not exchange, or the stock ran out then, which
    may have capped its discard).
    """

    seat: int
    phase: str
    hand: int
    trump: int
    turn_up: int
    must_trump: bool
    scoring: str
    target: int
    dealer: int
    scores: tuple[int, ...]
    tricks: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    played: tuple[tuple[int, int, int], ...]
    own_discards: int
    discard_counts: tuple[int, ...]
    opponent_cards: int
    stock_count: int
    proposals: int
    king_announced: int | None
    stood_at_once: bool
    refused: bool
    refused_first: bool
    legal: tuple[Action, ...]
    last_bid: str | None = None
    opp_exchange: int | None = None
    bid_stale: bool = False

    @property
    def opponent(self) -> int:
        """The other seat."""
        return 1 - self.seat

    @property
    def non_dealer(self) -> int:
        """The seat that does not deal this hand."""
        return 1 - self.dealer


@dataclass
class _HandStory:
    """This hand's events as :func:`seat_view` reads them (see :class:`SeatView`)."""

    kinds: list[str]
    refused_first: bool = False
    last_bid: str | None = None
    opp_exchange: int | None = None       # -1: the opponent's discard was capped by the stock
    bid_stale: bool = False


_BIDS = ("stand", "refuse", "accept", "propose")


def _read_discard(story: _HandStory, e: Event, seat: int) -> None:
    if e.player != 1 - seat:
        return
    if story.opp_exchange is None:            # not when the stock ran out: the discard was capped
        left, n = e.data.get("left", 0), e.data.get("n")
        story.opp_exchange = int(n) if left > 0 and n is not None else -1
    if story.last_bid is None:
        story.bid_stale = True


def _hand_story(events: Sequence[Event], seat: int) -> _HandStory:
    """This hand's events, newest first back to its ``deal``, read for :func:`seat_view`."""
    story = _HandStory([])
    for e in reversed(events):
        if e.kind == "deal":
            break
        story.kinds.append(e.kind)
        if story.last_bid is None and e.kind in _BIDS:
            story.last_bid = e.kind
        if e.kind == "discard":
            _read_discard(story, e, seat)
        if e.kind == "refuse" and e.data.get("proposal") == 1:
            story.refused_first = True
    return story


def seat_view(obs: EcarteObservation) -> SeatView:
    """Read an Écarté observation into a :class:`SeatView` — the adapter.

    How the hand came to be played (§3.5) is read from this hand's events (since its ``deal``):
    a ``stand`` with no proposal before it, a ``refuse`` and its proposal number.
    Raises ``ValueError`` if ``obs`` is not an Écarté observation."""
    if not isinstance(obs, EcarteObservation):
        raise ValueError("the Écarté AI reads an Écarté observation (state.observation(seat))")
    seat = obs.seat
    story = _hand_story(obs.events, seat)
    opp = story.opp_exchange
    return SeatView(
        seat=seat, phase=obs.phase, hand=mask_of(obs.hand), trump=suit_no(obs.trump),
        turn_up=card_index(obs.turn_up), must_trump=obs.must_trump,
        scoring=str(obs.rules.options["scoring"]), target=obs.target, dealer=obs.dealer,
        scores=tuple(obs.scores or (0, 0)), tricks=obs.tricks,
        trick=tuple((p, card_index(c)) for p, c in obs.trick),
        played=tuple((t, p, card_index(c)) for t, p, c in obs.played),
        own_discards=mask_of(obs.own_discards), discard_counts=obs.discard_counts,
        opponent_cards=obs.card_counts[1 - seat], stock_count=obs.stock_count,
        proposals=obs.proposals, king_announced=obs.king_announced,
        stood_at_once="stand" in story.kinds and "propose" not in story.kinds,
        refused="refuse" in story.kinds, refused_first=story.refused_first,
        legal=obs.legal_actions, last_bid=story.last_bid, bid_stale=story.bid_stale,
        opp_exchange=None if opp is None or opp < 0 else opp)
