"""What a table gives its :class:`~cardkit_tables.controller.Controller` (:class:`TableHooks`),
and the event loop the controller schedules on (:func:`running_loop`); docs/architecture.md,
"A click's path"."""
from __future__ import annotations

import asyncio
from contextlib import AbstractContextManager
from typing import Any, Protocol

from cardkit.core import GameState, Observation, Player

__all__ = ["TableHooks", "running_loop"]


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The running asyncio event loop (in a live kernel: the kernel's), or ``None`` (headless:
    then the computer's moves are made at once). Shown in threads of their own, since the thread
    running these examples may already have a loop (a test session's browser driver):

    >>> import asyncio
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> async def inside() -> bool:
    ...     return running_loop() is asyncio.get_running_loop()
    >>> with ThreadPoolExecutor(1) as pool:
    ...     pool.submit(running_loop).result(), pool.submit(asyncio.run, inside()).result()
    (None, True)
    """
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class TableHooks(Protocol):
    """What a table gives its controller (all called by the controller only)."""

    def new_state(self, settings: dict[str, Any], seed: int | None) -> GameState:
        """A fresh game (``module.new_game(...)``) for ``settings``."""

    def computer_player(self, seat: int, settings: dict[str, Any], seed: int | None) -> Player[Any]:
        """The computer player for ``seat`` (``choose(observation) -> action``)."""

    def seat_observation(self, state: GameState, seat: int) -> Observation:
        """The person's observation of ``state`` (``state.observation(seat)``, or with the
        table's own display option, e.g. Switch's beginner mode)."""

    def draw(self) -> None:
        """Redraw the table from :meth:`Controller.observation`."""

    def speaking(self) -> AbstractContextManager[str]:
        """``with table.speaking():`` translates into the table's own language (every sentence
        the controller makes between a click or a timer and the redraw)."""

    def computer_may_move(self) -> bool:
        """False while the table holds the game (e.g. a pause between hands)."""

    def why_not_now(self, obs: Observation) -> str | None:
        """``None`` when the person may act on the table now, else the sentence saying why not
        (a pause, the game over, another seat's turn). The rules' own refusal of a move is the
        controller's (:meth:`Controller.refusal`)."""

    def on_table_action(self, name: str) -> bool:
        """Carry out a table-only action (``"next hand"``); True if ``name`` was one."""

    def restore_deal(self) -> None:
        """Put the stacked deal back for the next :meth:`new_state` ("Deal this again")."""

    def after_move(self) -> None:
        """Called after every move, before the table is redrawn (e.g. War's reveal)."""

    def after_prediction(self) -> None:
        """Called when a prediction was answered right (e.g. War flips the battle)."""
