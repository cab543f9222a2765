"""Whole games on the three tables, headless, in one language: every text a person could read.

:func:`table_texts` plays every preset of every game through its table (the person's moves chosen
at random from the legal ones, one refused move tried at each turn, the computer's at once) and
returns each human string of every view, refusal and log line it showed, with where it was seen.
tests/i18n uses it with the pseudo-locale (nothing unmarked) and with Punjabi and Kannada (no
English word).
"""
from __future__ import annotations

import random
import zlib
from collections.abc import Iterator
from typing import Any

from cardkit import ecarte, switch, war
from cardkit_tables import EcarteTable, SwitchTable, WarTable

#: view keys whose values are codes for programs, never text for people
CODE_KEYS = {"winner", "code", "rank", "suit", "action", "id", "mode", "game", "tone", "note_tone", "kind",
             "phase", "value", "now", "options", "symbol", "key", "name_key", "lead", "seat",
             "css", "class", "winner_seat", "src", "language", "result", "do"}


def presets() -> Iterator[tuple[str, str, Any]]:
    """(game, preset name, table factory) for every preset of every game."""
    for name, rules in ecarte.presets().items():
        yield "ecarte", name, lambda lang, r=rules, s=0: EcarteTable(r, seed=s, delay=0, language=lang)
    for name, rules in switch.presets().items():
        yield "switch", name, lambda lang, r=rules: SwitchTable(r, seed=3, delay=0, language=lang)
    for name, make in war.PRESETS.items():
        yield "war", name, lambda lang, m=make: WarTable(m(), seed=5, delay=0, language=lang)


def strings(value: Any, where: str = "") -> Iterator[tuple[str, str]]:
    """Every human string in a view (a JSON value), with its path."""
    if isinstance(value, dict):
        setting = where.rsplit(".", 1)[-1].split("[")[0] in ("settings", "toggles")
        for k, v in value.items():
            if k not in CODE_KEYS and not (setting and k == "name"):   # a setting's name is a key
                yield from strings(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from strings(v, f"{where}[{i}]")
    elif isinstance(value, str):
        yield where, value


def play(table: Any, seed: int, max_steps: int = 1500) -> Iterator[tuple[str, str]]:
    """Play ``table``'s game to its end (or ``max_steps`` moves), yielding (where, text)."""
    rng = random.Random(seed)
    c = table.controller
    for _step in range(max_steps):
        yield from strings(table.view, "view")
        obs = c.observation()
        if obs.is_over if hasattr(obs, "is_over") else c.state.is_over:
            break
        table_actions = [a["action"] for a in table.view.get("actions") or []
                         if isinstance(a, dict) and a.get("action") and a.get("enabled", True)]
        if table.why_not_now(obs) is None and obs.current_player == c.seat and obs.legal_actions:
            legal = [str(a) for a in obs.legal_actions]
            hand = [f"play {card.code}" for card in getattr(obs, "hand", ()) or ()]
            wrong = [a for a in hand if a not in legal]
            if wrong:
                table.act(rng.choice(wrong))
                yield from (("refusal", r) for r in table.refusals[-1:])
                yield from strings(table.view, "view after a refusal")
            table.act(rng.choice(legal))
        elif table_actions:
            table.act(table_actions[0])
        elif c.state.is_over:
            break
        else:
            table.act("no such move")       # the table's own refusal when nothing is to do
            yield from (("refusal", r) for r in table.refusals[-1:])
            break
    yield from strings(table.view, "view at the end")


def table_texts(language: str) -> Iterator[tuple[str, str, str]]:
    """(game/preset, where, text) for whole games of every preset in ``language``."""
    for game, name, make in presets():
        table = make(language)
        # (a stable seed per preset: ``hash`` of a str changes with every process)
        for where, text in play(table, seed=zlib.crc32(name.encode()) % 1000):
            yield f"{game}/{name}", where, text
        table.new_game()
        for where, text in strings(table.view, "view of the next game"):
            yield f"{game}/{name}", where, text
