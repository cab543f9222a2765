"""Every War sentence a person reads that is not an event's own text (RULES.md §1): the rule
references, what to do now, and why a move is refused. All through :func:`cardkit.i18n._`.

A rule reference is a :class:`~cardkit.core.Rule`: a plain name a child can read ("Steal War")
and its section of docs/RULES.md ("1.10"). Sentences carry the name only; a table may link the
section (``rule.cite()`` is ``"§1.10"``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from collections.abc import Sequence

from ..cards import Card, Rank
from ..core import Action, Event, IllegalAction, Rule, default_names
from ..i18n import N_, _, ngettext, shown_name
from .rules import WarRules

if TYPE_CHECKING:          # pragma: no cover
    from .engine import WarState

__all__ = ["RULE_KEYS", "StoryEvent", "decision_refusal", "refusal", "rule_ref", "variant_rule",
           "what_now"]

# key → (plain name, section of the rule book docs/RULES.md); names translated when read
_RULES = {
    "classic": (N_("Classic War"), "1.1"),
    "deal": (N_("The deal"), "1.1"),
    "short": (N_("Running short of cards"), "1.1"),
    "short_draw": (N_("Short of cards: draw"), "1.1"),
    "short_lose": (N_("Short of cards: lose"), "1.1"),
    "repetition": (N_("Draw by repetition"), "1.1"),
    "limit": (N_("Battle limit"), "1.1"),
    "multiplayer": (N_("Three or four players"), "1.2"),
    "three_player": (N_("Three-player war"), "1.3"),
    "peace": (N_("Peace"), "1.4"),
    "razboi": (N_("Război"), "1.5"),
    "automatic": (N_("Automatic war"), "1.6"),
    "beats_faces": (N_("# beats faces"), "1.7"),
    "beats_aces": (N_("# beats aces"), "1.7"),
    "underdog": (N_("Underdog"), "1.8"),
    "slap": (N_("Slap war"), "1.9"),
    "steal": (N_("Steal War"), "1.10"),
    "war": (N_("War"), "1"),
}
RULE_KEYS = tuple(_RULES)
"""Every key :func:`rule_ref` knows."""


def rule_ref(key: str) -> Rule:
    """The :class:`~cardkit.core.Rule` for ``key`` (one of :data:`RULE_KEYS`).

    >>> r = rule_ref("steal")
    >>> str(r), r.cite()
    ('Steal War', '§1.10')
    """
    name, section = _RULES[key]
    return Rule(name, section)


def variant_rule(rules: WarRules) -> str:
    """The key (for :func:`rule_ref`) of the variant that governs a battle under ``rules``."""
    if rules.steal_war:
        return "steal"
    if rules.lowest_wins:
        return "peace"
    if rules.war_size == "value":
        return "razboi"
    if rules.players > 2:
        return "three_player" if rules.war_facedown == 3 and rules.players == 3 else "multiplayer"
    return "classic"


def _first_hint(rules: WarRules) -> tuple[str, Rule]:
    """Before the first battle: what a flip does under these rules (with the rule's name)."""
    who = (_("both players turn up their top card") if rules.players == 2 else
           _("every player turns up their top card"))
    wins = (_("the lowest card wins the battle") if rules.lowest_wins else
            _("the highest card wins the battle"))
    if rules.slap_rank is not None:
        rule = rule_ref("slap")
        text = _("Press Flip to turn the top cards: {who}, and {wins}. When a {rank} turns up, "
                 "press Slap! first to win ({rule}).").format(
                     who=who, wins=wins, rank=Rank(rules.slap_rank).label, rule=rule)
    elif rules.steal_war:
        rule = rule_ref("steal")
        text = _("Press Flip to turn the top cards: {who}, and {wins}. Before each battle you may "
                 "steal a face-up pile whose top card has the rank of your next card ({rule})."
                 ).format(who=who, wins=wins, rule=rule)
    else:
        rule = rule_ref(variant_rule(rules))
        text = _("Press Flip to turn the top cards: {who}, and {wins} ({rule}).").format(
            who=who, wins=wins, rule=rule)
    return text, rule


def what_now(state: WarState, seat: int) -> tuple[str, Rule | None]:
    """The sentence telling ``seat`` what to do now, with the plain name of the rule that applies,
    and that :class:`~cardkit.core.Rule`.

    Never empty while the game goes on: ``"Press Flip to turn the top cards (Classic War)."``
    between battles (before the first one, also what a flip does under these rules), the decision
    to make in Steal War or Slap war (for the deciding seat: what to choose; for the others: who
    is choosing), and how the game ended once it is over.
    """
    phase, cp = state.phase, state.current_player
    if phase == "over":
        end = state.observation_outcome_text(seat)
        return end + " " + _("Press New game to play again."), state.outcome_rule
    if cp is not None:
        return _decision_now(state, seat, phase, cp)
    if state.battles == 0:
        return _first_hint(state.rules)
    rule = rule_ref("slap" if state.rules.slap_rank is not None else variant_rule(state.rules))
    return _("Press Flip to turn the top cards ({rule}).").format(rule=rule), rule


def _decision_now(state: WarState, seat: int, phase: str, cp: int) -> tuple[str, Rule]:
    name = shown_name(state.names[cp])
    if phase == "slap":
        rule, up = rule_ref("slap"), state._slap_card()
        card = "" if up is None else up.said          # (a joker by its name in every language)
        if cp == seat:
            return _("{card} is up: slap it first to win ({rule})!").format(card=card, rule=rule), rule
        return _("{card} is up: {player} may slap it ({rule}).").format(
            card=card, player=name, rule=rule), rule
    rule = rule_ref("steal")
    if cp != seat:
        text = (_("{player} decides whether to steal a face-up pile ({rule}).") if phase == "steal"
                else _("{player} chooses which won card goes on top of their face-up pile ({rule})."))
        return text.format(player=name, rule=rule), rule
    if phase == "steal":
        top = state._looking_at(seat)
        card = "" if top is None else top.said
        whose = [shown_name(state.names[q]) for q in state._steal_targets(seat)]
        return (_("Your top card {card} has the rank of the top card of {whose}'s face-up pile: "
                  "steal the pile, or play the card ({rule})?").format(
                      card=card, whose=_(" and ").join(whose), rule=rule), rule)
    return (_("You won! Choose which won card goes on top of your face-up pile — an opponent can "
              "steal the pile with a card of that rank ({rule}).").format(rule=rule), rule)


# -- refusals ---------------------------------------------------------------------------------------
def _steal_refusal(rules: WarRules, phase: str) -> IllegalAction | None:
    if not rules.steal_war:
        return IllegalAction(_("Stealing is only in Steal War."), rule_ref("steal"))
    if phase != "steal":
        return IllegalAction(_("You may steal only when the top card of your packet has the rank "
                               "of the top card of an opponent's face-up pile (Steal War)."),
                             rule_ref("steal"))
    return None


def _top_refusal(phase: str, card: Card, won: Sequence[Card]) -> IllegalAction | None:
    if phase != "top":
        return decision_refusal("top")
    if card not in won:
        return IllegalAction(_("{card} is not one of the cards you have just won (Steal War).")
                             .format(card=card.said), rule_ref("steal"))
    return None


def _slap_refusal(rules: WarRules, phase: str) -> IllegalAction | None:
    if rules.slap_rank is None:
        return IllegalAction(_("Slapping is only in Slap war."), rule_ref("slap"))
    if phase != "slap":
        return IllegalAction(_("You may slap only when a {rank} has just been turned up (Slap war).")
                             .format(rank=Rank(rules.slap_rank).label), rule_ref("slap"))
    return None


def refusal(action: Action, *, rules: WarRules, phase: str, current_player: int | None,
            names: Sequence[str], seat: int | None = None,
            won: Sequence[Card] = ()) -> IllegalAction | None:
    """War's one refusal explainer: the :class:`~cardkit.core.IllegalAction` (plain words, ``.rule``
    the rule) saying why ``action`` is refused now, or ``None`` when the rules allow it.

    Reads only what an observation holds: the ``rules``, the ``phase`` (``battle``, ``steal``,
    ``top``, ``slap``, ``over``), whose decision it is, the cards just ``won`` (Steal War), and
    ``seat``, who asks (``None``: the deciding player); a seat other than the deciding one is told
    whose decision it is.
    """
    if phase == "over":
        return IllegalAction(_("The game is over: press New game to play again."))
    if seat is not None and current_player is not None and seat != current_player:
        key = "slap" if phase == "slap" else "steal"
        return IllegalAction(_("It is {player}'s decision now.").format(
            player=names[current_player]), rule_ref(key))
    k = action.kind
    if k == "flip":
        return None
    if k == "steal":
        return _steal_refusal(rules, phase)
    if k == "top":
        return _top_refusal(phase, action.card, won)
    if k == "slap":
        return _slap_refusal(rules, phase)
    return IllegalAction(_("{action} is not a War action: War has flip, steal, top <card> and "
                           "slap.").format(action=action), rule_ref("war"))


def decision_refusal(phase: str) -> IllegalAction:
    """Why an answer to a ``phase`` decision (``"steal"``, ``"slap"``, ``"top"``) is refused when
    that decision is not waiting (e.g. a table's "Play the card" button outside a steal); phase
    ``"over"``: any move once the game is over."""
    if phase == "over":
        return IllegalAction(_("The game is over: press New game to play again."))
    if phase == "steal":
        return IllegalAction(_("There is no steal for you to decide now (Steal War)."),
                             rule_ref("steal"))
    if phase == "slap":
        return IllegalAction(_("No slap card is waiting for your slap now (Slap war)."),
                             rule_ref("slap"))
    return IllegalAction(_("You choose the top card of your face-up pile only just after winning "
                           "a battle (Steal War)."), rule_ref("steal"))


def reveal_pause(rules: WarRules) -> str:
    """What a table says while a settled war's face-down cards are still shown as backs for a
    moment: ``"War! The face-down cards turn up in a moment…"`` (Peace: ``"Peace! …"``)."""
    if rules.lowest_wins:
        return _("Peace! The face-down cards turn up in a moment…")
    return _("War! The face-down cards turn up in a moment…")


# -- sentences told at read time ------------------------------------------------------------------
@dataclass(frozen=True)
class Ups:
    """Cards turned up by several players, ``(card, seat)`` pairs: ``K♦ (Player 1) vs 4♠ (you)``."""

    pairs: tuple[tuple[Card, int], ...]
    sep: str = N_(" vs ")


@dataclass(frozen=True)
class And:
    """Cards named together: ``8♠ and 8♥``."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Whose:
    """Seats named as owners: ``Player 2's and Player 3's``; ``your`` for the reader."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class Downs:
    """Face-down cards per player, ``(seat, cards)`` pairs: ``Player 1 2♣ 3♣; yours 2♦ 3♦``."""

    pairs: tuple[tuple[int, tuple[Card, ...]], ...]


@dataclass(frozen=True)
class Say:
    """One sentence (or part of one) kept as English templates and filled when someone reads it,
    for that reader (RULES.md §1 texts of a battle).

    - ``text``: the third-person template (``"{player} puts {k} cards face down."``), or a tuple
      ``(singular, plural, key)`` chosen with ``ngettext`` by the number in field ``key``.
    - ``you``: the same for the reader who is ``player`` (``"You put {k} cards face down."``).
    - ``player``: the seat the sentence is about (``{player}``), or None.
    - ``fields``: ``(name, value)`` pairs; a value is a number, a card, a list of cards, a
      :class:`Ups`, :class:`And`, :class:`Downs` or a nested :class:`Say`.

    >>> s = Say("{player} puts {k} cards face down.", "You put {k} cards face down.", 0, (("k", 3),))
    >>> s.tell(("Ada", "Bo")), s.tell(("Ada", "Bo"), reader=0)
    ('Ada puts 3 cards face down.', 'You put 3 cards face down.')
    """

    text: str | tuple[str, str, str]
    you: str | tuple[str, str, str] = ""
    player: int | None = None
    fields: tuple[tuple[str, Any], ...] = ()

    def tell(self, names: Sequence[str], reader: int | None = None, *, capital: bool = True) -> str:
        """The sentence for ``reader`` (a seat, or None for a spectator), through ``_()``."""
        mine = bool(self.you) and reader is not None and reader == self.player
        names = tuple(map(shown_name, names))
        template = self.you if mine else self.text
        values = dict(self.fields)
        if isinstance(template, tuple):
            singular, plural, key = template
            template = ngettext(singular, plural, int(values[key]))
        else:
            template = _(template)
        f = {k: _told(v, names, reader) for k, v in values.items()}
        if self.player is not None:
            f["player"] = _who(self.player, names, reader)
        try:                     # a translation naming a field it lacks keeps "{field}"
            text = template.format_map(_Keep(f))
        except (ValueError, IndexError, AttributeError, KeyError, TypeError):
            text = template
        return text[:1].upper() + text[1:] if capital else text


class _Keep(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _who(seat: int, names: Sequence[str], reader: int | None) -> str:
    return _("you") if seat == reader else names[seat]


def _told(v: Any, names: Sequence[str], reader: int | None) -> Any:
    if isinstance(v, Say):
        return v.tell(names, reader, capital=False)
    if isinstance(v, Card):
        return v.said
    if isinstance(v, Ups):
        return _(v.sep).join(_("{card} ({player})").format(card=c.said, player=_who(p, names, reader))
                             for c, p in v.pairs)
    if isinstance(v, Whose):
        return _(" and ").join(_("your") if q == reader else _("{player}'s").format(player=names[q])
                               for q in v.seats)
    if isinstance(v, And):
        return _(" and ").join(c.said for c in v.cards)
    if isinstance(v, Downs):
        return "; ".join((_("yours {cards}") if p == reader else _("{player} {cards}")).format(
            player=names[p], cards=" ".join(c.said for c in cs)) for p, cs in v.pairs)
    if isinstance(v, (list, tuple)) and all(isinstance(c, Card) for c in v):
        return " ".join(c.said for c in v)
    return v


def tell_all(says: Sequence[Say], names: Sequence[str], reader: int | None = None) -> str:
    """Several sentences told one after the other, for ``reader``."""
    return " ".join(s.tell(names, reader) for s in says)


@dataclass(frozen=True)
class StoryEvent(Event):
    """An event whose sentences name several players (a ``battle``, a ``steal``): its story is
    told when read (``steps``, a tuple of :class:`~cardkit.war.text.Say`), so ``explain()``
    speaks to its reader ("you win the war", "takes your face-up pile") in the language chosen
    then. ``text`` is the story for a spectator."""

    steps: tuple[Say, ...] = ()

    def explain(self) -> str:
        names = self.names or default_names(len(self.data.get("table", ())))
        return tell_all(self.steps, names, self.seat) if self.steps else super().explain()


def state_line(state: WarState) -> str:
    """``print(state)``: the position in one line, in the reader's language (``repr()`` stays the
    English one for developers): the rules, each packet's size, the battles so far and what
    comes next.

    >>> from cardkit import war
    >>> print(war.new_game(seed=1))
    War, Classic (3 down, 1 up): packets 26/26, 0 battles so far; battle 1 is next.
    """
    sizes = "/".join(str(n) for n in state.card_counts())
    if not state.is_over:
        status = _("battle {n} is next").format(n=state.battles + 1)
    elif state.winner is not None:
        status = _("{name} has won").format(name=shown_name(state.names[state.winner]))
    else:
        status = _("the game is a draw")
    return ngettext("War, {rules}: packets {sizes}, {n} battle so far; {status}.",
                    "War, {rules}: packets {sizes}, {n} battles so far; {status}.",
                    state.battles).format(rules=state.rules.label, sizes=sizes, n=state.battles,
                                          status=status)
