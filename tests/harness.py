"""The one test harness every rules test shares: play actions, check a refusal left everything as
it was. Stacked decks are the games' own (``cardkit.ecarte.stacked_deck``,
``cardkit.switch.full_stock``, ``cardkit.war.new_game(hands=...)``): a lesson and a test deal the
same way. Imports nothing but cardkit and pytest, so the rules tests run without ipywidgets."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

from cardkit.core import Action, GameState, IllegalAction


def play(state: GameState, *actions: Action | str) -> GameState:
    """Apply each action in turn (its text or an :class:`Action`); returns ``state``."""
    for a in actions:
        state.apply(a)
    return state


def plays(state: GameState) -> list[str]:
    """The legal ``play`` actions' texts, sorted."""
    return sorted(str(a) for a in state.legal_actions() if a.kind == "play")


def refused(state: GameState, action: Action | str, words: str, *,
            seats: Iterable[int] | None = None) -> IllegalAction:
    """``action`` raises :class:`IllegalAction` whose message contains ``words`` and names its rule
    in plain words (never a § number); the state, its log and every seat's observation are exactly
    as before. Returns the error (its ``.rule`` carries the section)."""
    seats = list(range(len(state.names))) if seats is None else list(seats)
    before, n_log, actions = state.to_json(), len(state.log), list(state.actions)
    views = [state.observation(s) for s in seats]
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    message = str(info.value)
    assert words in message, message
    assert info.value.rule is not None and str(info.value.rule) in message, message
    assert "§" not in message, message
    assert state.to_json() == before and len(state.log) == n_log and state.actions == actions
    assert [state.observation(s) for s in seats] == views
    return info.value


def texts(actions: Sequence[Action]) -> list[str]:
    """The actions' texts, in order."""
    return [str(a) for a in actions]
