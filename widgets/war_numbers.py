"""The control panel of the lesson "War by the numbers": choose a variant and options, play many
games with :func:`cardkit.war.bulk.play_many`, see the histogram and the numbers (RULES.md §1)."""
from __future__ import annotations

import html
import io
from dataclasses import replace

import ipywidgets as ipw

from cardkit.war import WarRules
from cardkit.war.bulk import BulkResult, play_many
from cardkit.war.stats import VARIANTS, length_histogram, length_summary

__all__ = ["NumbersPanel", "PICKUPS", "SHORT_OF_CARDS"]

#: The pickup orders in plain words (label, value of ``WarRules.pickup``), §1.1.
PICKUPS = [("winner's cards first", "winner_first"), ("Player 1's cards first", "player_order"),
           ("shuffled (random)", "random")]
#: What a player short of cards for a war does (label, value of ``WarRules.short_of_cards``), §1.1.
SHORT_OF_CARDS = [("last card decides", "last_card_up"), ("loses the game", "lose"),
                  ("the game is a draw", "draw")]


class NumbersPanel(ipw.VBox):
    """A small control panel: variant, pickup, short of cards, number of games, **Run**; it plays
    the games with :func:`play_many` (a tqdm bar for long runs) and shows the histogram as a PNG
    and the numbers as text. ``panel.run()`` does what the button does; ``panel.result`` is the
    last :class:`~cardkit.war.bulk.BulkResult`."""

    def __init__(self, variant: str = "classic", n_games: int = 100_000, seed: int = 0):
        self.seed = seed
        self.variant = ipw.Dropdown(options=list(VARIANTS), value=variant, description="Variant")
        self.pickup = ipw.Dropdown(options=PICKUPS, value="winner_first", description="Pickup")
        self.short = ipw.Dropdown(options=SHORT_OF_CARDS, value="last_card_up",
                                  description="Short")
        self.n_games = ipw.IntSlider(value=n_games, min=1_000, max=1_000_000, step=1_000,
                                     description="Games", continuous_update=False)
        self.button = ipw.Button(description="Run", button_style="primary", icon="play")
        self.image = ipw.Image(format="png", layout=ipw.Layout(max_width="720px"))
        self.text = ipw.HTML("Choose a variant and press <b>Run</b>.")
        self.button.on_click(lambda _b: self.run(progress=True))
        self.result: BulkResult | None = None
        super().__init__([ipw.HBox([self.variant, self.pickup]),
                          ipw.HBox([self.short, self.n_games]), self.button, self.text,
                          self.image])

    def rules(self) -> WarRules:
        """The rules the controls describe."""
        return replace(VARIANTS[self.variant.value](), pickup=self.pickup.value,
                       short_of_cards=self.short.value)

    def run(self, progress: bool = False) -> BulkResult:
        """Play the chosen games, then show the histogram and the numbers."""
        from matplotlib.figure import Figure

        self.button.disabled = True
        self.text.value = "Playing…"
        try:
            res = play_many(self.rules(), self.n_games.value, seed=self.seed, progress=progress)
            fig = Figure(figsize=(7, 3.2), dpi=90)
            length_histogram(res, ax=fig.add_subplot(), title=f"{res.n_games:,} games of "
                             f"{self.variant.value}")
            fig.tight_layout()
            buf = io.BytesIO()
            fig.savefig(buf, format="png")
            self.image.value = buf.getvalue()
            ends = ", ".join(f"{k.replace('_', ' ')} {v:,}" for k, v in res.ends.items())
            self.text.value = html.escape(f"{length_summary(res)}. Ends: {ends}.")
            self.result = res
            return res
        finally:
            self.button.disabled = False

    def __repr__(self) -> str:
        return f"NumbersPanel(variant={self.variant.value!r})"
