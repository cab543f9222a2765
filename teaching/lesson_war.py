"""Helpers for the War lessons (``lessons/02_war``, ``03_war_variants``, ``03b_war_variants_more``,
``04_steal_war``): the same deal told under several rule sets, small seeded demos and the
whole-game figures, each one call from a notebook cell (docs/RULES.md §1).

Everything here goes through the engine (:func:`cardkit.war.new_game`, ``apply``,
:func:`cardkit.war.simulate`); the tables a student reads are built as HTML with every text
escaped (the sentences are the engine's own, in plain words).

- :func:`first_battle` — one battle with every war it leads to, as the engine tells it;
- :func:`side_by_side` — the same packets under several rule sets, one row each: the story step
  by step, how many cards went face down, the wars, who won and how many cards they took;
- :func:`battle_stories` — the first battle of several small deals, one sentence each;
- :func:`loop_story` — a deal played until it ends, the packets before each battle;
- :func:`whole_games` — many seeded games per rule set: mean and median battles, wars, draws;
- :func:`guess_whole_games` — the same table behind a guess: it is played and shown only once the
  student has chosen an answer;
- :func:`steal_vs_classic` — the first rounds of one deal under Steal War and classic War.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from collections.abc import Iterable, Mapping, Sequence

import numpy as np
from IPython.display import HTML

from cardkit import cards_text, parse_cards
from cardkit.i18n import _, ngettext
from cardkit.war import WarRules, new_game, player_name, simulate

__all__ = [
    "BattleRow",
    "battle_stories",
    "first_battle",
    "guess_whole_games",
    "loop_story",
    "side_by_side",
    "steal_vs_classic",
    "whole_games",
]

#: Inline styles (a notebook's own CSS right-aligns table cells, Voilà's too): left-aligned text
#: in a table no wider than a 900 px output.
_TABLE = ("style='border-collapse:collapse;max-width:880px;margin:0 0 0.5em 0;"
          "font-size:0.92em'")
_CELL = "border:1px solid #bbb;padding:4px 8px;vertical-align:top;text-align:left"
_TD = f"<td style='{_CELL}'>"
_TH = f"<th style='{_CELL};background:#eef'>"


def _page(caption: str, headers: Sequence[str], body: str) -> HTML:
    """A caption (plain text, escaped) and a left-aligned table: ``headers`` (plain text) and
    ``body`` (rows already built with escaped text)."""
    head = "".join(f"{_TH}{html.escape(h)}</th>" for h in headers)
    return HTML(f"<p style='text-align:left'>{html.escape(caption)}</p>"
                f"<table class='ck-lesson' {_TABLE}><tr>{head}</tr>{body}</table>")


def _packets_text(packets: Sequence) -> str:
    return " / ".join(_("{player}: {cards}").format(player=player_name(i), cards=cards_text(parse_cards(p)))
                      for i, p in enumerate(packets))


def first_battle(rules: WarRules, packets: Sequence, piles: Sequence | None = None):
    """Play the first battle of ``packets`` (one packet per player, top card first, as
    :func:`cardkit.war.new_game` takes them) under ``rules``, with every war it leads to, and
    return the engine's battle event (``explain()`` is its story, ``data`` its cards).

    A decision the battle waits for (a Steal War steal, Slap war's slap by a person) is not taken:
    the card is played (``flip``). Slap war is best given with ``slap_seat=None`` (everyone's
    reaction simulated, seeded). Raises ``ValueError`` for packets the rules cannot deal.
    """
    g = new_game(rules, hands=list(packets), piles=piles, seed=1)
    g.apply("flip")
    while g.current_player is not None and not g.is_over:
        g.apply("flip")
    battles = [e for e in g.log if e.kind == "battle"]
    if not battles:
        raise ValueError(_("the deal ended before a battle was played"))
    return battles[0]


@dataclass(frozen=True)
class BattleRow:
    """One row of :func:`side_by_side`: ``name`` (the rule set as people read it), ``story``
    (the engine's sentences), ``face_down`` (cards each player put face down, all wars
    together), ``wars`` (how many wars the battle took), ``winner`` (seat, ``None`` for a draw)
    and ``taken`` (cards the winner took)."""

    name: str
    story: str
    face_down: int
    wars: int
    winner: int | None
    taken: int

    @property
    def result(self) -> str:
        """``"Player 1 takes 10 cards"`` (or ``"a draw"``)."""
        if self.winner is None:
            return _("a draw")
        return ngettext("{player} takes {n} card", "{player} takes {n} cards", self.taken).format(
            player=player_name(self.winner), n=self.taken)


def _row(name: str, rules: WarRules, packets: Sequence) -> BattleRow:
    e = first_battle(rules, packets)
    d = e.data
    downs = 0
    for step in e.steps:                   # "Face down were: Player 1 …; Player 2 …"
        for _key, value in step.fields:
            for seat, cards in getattr(value, "pairs", ()) if hasattr(value, "pairs") else ():
                if seat == 0 and isinstance(cards, tuple):
                    downs += len(cards)
    winner = d.get("winner")
    return BattleRow(name=name, story=e.explain(), face_down=downs, wars=int(d.get("wars", 0)),
                     winner=winner, taken=len(d.get("won", ())))


def side_by_side(packets: Sequence, rule_sets: Mapping[str, WarRules]) -> HTML:
    """The first battle of the same ``packets`` under each of ``rule_sets`` (name people read →
    rules), one row each: the story step by step, the cards Player 1 put face down, the number
    of wars, and who took how many cards — so rows that end alike still show what changed.

    Returns an ``IPython.display.HTML`` (every text escaped). ``rows`` of the same data:
    :func:`side_by_side_rows`. Raises ``ValueError`` as :func:`first_battle`.
    """
    rows = side_by_side_rows(packets, rule_sets)
    body = "".join(
        f"<tr>{_TH}{html.escape(r.name)}</th>{_TD}{html.escape(r.story)}</td>"
        f"{_TD}{r.face_down}</td>{_TD}{r.wars}</td>{_TD}{html.escape(r.result)}</td></tr>"
        for r in rows)
    return _page(_("The same deal, top card first — {packets}").format(packets=_packets_text(packets)),
                 [_("Rules"), _("What happens, step by step"), _("Player 1's cards face down"),
                  _("Wars"), _("Result")], body)


def side_by_side_rows(packets: Sequence, rule_sets: Mapping[str, WarRules]) -> list[BattleRow]:
    """The rows :func:`side_by_side` shows, as :class:`BattleRow` values (for tests and text)."""
    return [_row(name, rules, packets) for name, rules in rule_sets.items()]


def battle_stories(deals: Iterable[Sequence], rules: WarRules | None = None) -> list[str]:
    """The story of the first battle of each deal in ``deals`` (packets, top card first) under
    ``rules`` (classic by default), one string per deal."""
    rules = rules or WarRules.classic()
    return [first_battle(rules, packets).explain() for packets in deals]


def loop_story(packets: Sequence, rules: WarRules | None = None, limit: int = 50) -> list[str]:
    """Play ``packets`` to the end (at most ``limit`` battles) and return one line per battle —
    the packets before it — then, if the game ended by repetition, the position it came back to
    (``"before battle 8: … — the same packets as before battle 2"``), then the engine's last
    sentence (a win, or a draw by repetition, docs/RULES.md §1.1)."""
    g = new_game(rules or WarRules.classic(), hands=list(packets))
    lines: list[str] = []
    seen: dict[str, int] = {}           # position -> the battle it came before first
    while not g.is_over and g.battles < limit:
        position = " | ".join(cards_text(p) for p in g.packets)
        seen.setdefault(position, g.battles + 1)
        lines.append(_("before battle {n}: {packets}").format(n=g.battles + 1, packets=position))
        g.apply("flip")
    position = " | ".join(cards_text(p) for p in g.packets)
    if position in seen:
        lines.append(_("before battle {n}: {packets} — the same packets as before battle {first}")
                     .format(n=g.battles + 1, packets=position, first=seen[position]))
    lines.append(g.log[-1].explain())
    return lines


def whole_games(rule_sets: Mapping[str, WarRules], n_games: int = 200, seed: int = 1,
                level: str = "easy") -> HTML:
    """``n_games`` seeded games for each rule set (name → rules), the games of
    :func:`cardkit.war.simulate` for that seed (played by :func:`cardkit.war.bulk.play_many` where it
    can: the same games, faster): mean and median battles per game, wars per game, and the share of draws.
    Returns an ``IPython.display.HTML`` table; ``whole_games_figures`` gives the numbers."""
    figures = whole_games_figures(rule_sets, n_games, seed, level)
    body = "".join(
        f"<tr>{_TH}{html.escape(name)}</th>{_TD}{f['mean']:.0f}</td>{_TD}{f['median']:.0f}</td>"
        f"{_TD}{f['wars']:.1f}</td>{_TD}{f['draws']:.0%}</td></tr>" for name, f in figures.items())
    return _page(_("{n} games for each rule set, the same {n} shuffles.").format(n=n_games),
                 [_("Rules"), _("mean battles"), _("median battles"), _("wars per game"), _("draws")],
                 body)


def guess_whole_games(question: str, options: Sequence[str], answer: str, right: str, wrong: str,
                      rule_sets: Mapping[str, WarRules], n_games: int = 200, seed: int = 1):
    """Guess first, then see the :func:`whole_games` table: a
    :class:`~cardkit_lessons.war_numbers.GuessFirst` with one choice (``question``, plain-text
    ``options``, the right one ``answer``) and a button; on the press the games are played and
    the page shows whether the guess was right, ``right`` (for a right guess) or ``wrong`` (the
    explanation for any other), then the table. Until then nothing of the figures is in any
    widget's state. Raises ``ValueError`` if ``answer`` is not one of ``options``."""
    from .war_numbers import ChoiceGuess, GuessFirst, Reveal, _verdict

    if answer not in options:
        raise ValueError(f"the answer {answer!r} is not one of the options {list(options)!r}")

    def reveal(table: HTML, g: dict) -> Reveal:
        chosen = g[question]
        head = _("You chose “{choice}”: {verdict}").format(choice=chosen, verdict=_verdict(chosen, answer))
        return Reveal([head, right if chosen == answer else wrong], table=table.data)

    return GuessFirst(_("Your turn — guess first, then look."), [ChoiceGuess(question, list(options))],
                      _("Show the {n} games of each").format(n=n_games),
                      lambda: whole_games(rule_sets, n_games, seed), reveal)


def whole_games_figures(rule_sets: Mapping[str, WarRules], n_games: int = 200, seed: int = 1,
                        level: str = "easy") -> dict[str, dict[str, float]]:
    """The numbers :func:`whole_games` shows: name → ``{"mean", "median", "wars", "draws"}``
    (battles per game, wars per game, share of games drawn)."""
    out = {}
    for name, rules in rule_sets.items():
        bulk = _bulk(rules, n_games, seed)
        if bulk is not None:                 # the same games, game by game, only faster
            out[name] = {"mean": float(bulk.battles.mean()), "median": float(np.median(bulk.battles)),
                         "wars": float(bulk.wars.mean()), "draws": bulk.draw_rate}
            continue
        r = simulate(rules, n_games, seed=seed, level=level)
        out[name] = {"mean": r.mean_length, "median": r.median_length,
                     "wars": float(r.wars.mean()), "draws": r.draw_rate}
    return out


def _bulk(rules: WarRules, n_games: int, seed: int):
    """:func:`cardkit.war.bulk.play_many` for rules it plays (the engine's games exactly, for the
    same seed), else ``None``: without numba (the ``bulk`` extra), and for underdog, slap war and
    Steal War, :func:`cardkit.war.simulate` plays them through the engine."""
    try:
        from cardkit.war.bulk import play_many
        return play_many(rules, n_games, seed=seed)
    except (ImportError, ValueError):
        return None


def steal_vs_classic(packets: Sequence, rounds: int = 3) -> HTML:
    """The first ``rounds`` rounds of the same two packets under classic War and under Steal War
    (Player 1 steals whenever it may and puts the first won card on top; the computer decides
    for Player 2 as at the easy level). One row per rule set: what happened, and each player's
    cards afterwards (packet / face-up pile). Returns an ``IPython.display.HTML`` table."""
    rows = []
    for name, rules in ((_("Classic War"), WarRules.classic()), (_("Steal War"), WarRules.steal())):
        rows.append((name, *_rounds(rules, packets, rounds)))
    body = "".join(f"<tr>{_TH}{html.escape(n)}</th>{_TD}{html.escape(' '.join(s))}</td>"
                   f"{_TD}{html.escape(after)}</td></tr>" for n, s, after in rows)
    return _page(_("The same deal, top card first — {packets}").format(packets=_packets_text(packets)),
                 [_("Rules"), ngettext("The first round", "The first {n} rounds", rounds).format(n=rounds),
                  _("Afterwards")], body)


def steal_vs_classic_rows(packets: Sequence, rounds: int = 3) -> dict[str, tuple[list[str], str]]:
    """The rows :func:`steal_vs_classic` shows: name → (sentences, cards afterwards)."""
    return {name: _rounds(rules, packets, rounds)
            for name, rules in ((_("Classic War"), WarRules.classic()), (_("Steal War"), WarRules.steal()))}


def _rounds(rules: WarRules, packets: Sequence, rounds: int) -> tuple[list[str], str]:
    from cardkit.war import computer_player

    g = new_game(rules, hands=list(packets), seed=1)
    other = computer_player("easy", seed=1)
    while (g.battles < rounds or g.stage == "top") and not g.is_over:   # the last round's top card too
        if g.current_player == 1:
            g.apply(other.choose(g.observation(1)))
            continue
        legal = [str(a) for a in g.legal_actions()]
        g.apply("steal" if "steal" in legal else next((a for a in legal if a.startswith("top")), "flip"))
    said = [e.explain() for e in g.log if e.kind in ("battle", "steal", "top")]
    parts = []
    for i in range(rules.players):
        piles = g.piles[i] if rules.steal_war else []
        n = len(g.packets[i])
        packet = ngettext("{player}: packet {n} card", "{player}: packet {n} cards", n).format(
            player=player_name(i), n=n)
        pile = _(", face-up pile {cards} (top first)").format(
            cards=cards_text(piles) or _("empty")) if rules.steal_war else ""
        parts.append(packet + pile)
    return said, _("; ").join(parts)


def after_choice(rules: WarRules, packets: Sequence, piles: Sequence, choice: str,
                 then: str | None = None) -> str:
    """Deal ``packets`` and face-up ``piles`` (Steal War, docs/RULES.md §1.10), let Player 1 look
    at their card (``flip``) and make ``choice`` (``"steal"`` or ``"flip"``), and say who decides
    what next: ``"Player 1 chose to steal. Now Player 2 decides …"``.

    ``then`` (``"steal"`` or ``"flip"``): if the next player then has a steal to decide, they make
    that choice, every later card is simply played, and the engine's sentences for what follows
    (the steal, the battle) are added, up to the winner's choice of their top card."""
    g = new_game(rules, hands=list(packets), piles=[parse_cards(p) for p in piles], seed=1)
    g.apply("flip")
    g.apply(choice)
    chose = {"steal": _("Player 1 chose to steal."),
             "flip": _("Player 1 chose to play the card.")}.get(choice, repr(choice))
    if g.current_player is None:
        return chose + " " + _("Nobody has a decision to make: the cards are turned up.")
    who = player_name(g.current_player)
    if g.stage == "steal":
        card = g.packets[g.current_player][0]
        said = chose + " " + _("Now {player} looks at the {card} and decides whether to steal with it.").format(
            player=who, card=card)
        if then is None:
            return said
        start = len(g.log)
        g.apply(then)
        while g.current_player is not None and g.stage == "steal":
            g.apply("flip")
        return " ".join([said] + [e.explain() for e in g.log[start:]])
    last = [e for e in g.log if e.kind == "battle"][-1]
    return chose + " " + _("The cards were turned up — {decision} Now {player} chooses which won card goes "
                           "on top of their face-up pile.").format(decision=last.data["decision"], player=who)
