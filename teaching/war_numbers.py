"""The widgets of the lesson "War by the numbers" (RULES.md §1), on top of
:func:`cardkit.war.bulk.play_many` and :mod:`cardkit.war.stats`:

- :class:`GuessFirst` — guess first, then see: the student types or chooses a guess and presses a
  button; only then are the simulation's numbers and chart put on the page, with the guess
  compared to them in words. Until the press, nothing of the answer is in any widget's state (so
  not in the page either, in JupyterLab or in Voilà): the result lives in the kernel only;
- one factory per guess-first section of the lesson: :func:`guess_game_length`,
  :func:`guess_wars_spread`, :func:`guess_loops`, :func:`guess_variants`,
  :func:`guess_pack_size`, and :func:`kit_figures` (a button only: the kit's figures beside the
  published ones);
- :class:`NumbersPanel` — choose a variant and options, play many games, see the histogram.

Everything shown is plain text: what the student types is read in the kernel, and every sentence
is HTML-escaped before it reaches an ``ipywidgets.HTML``. ipywidgets (not a home-made front end)
because Text, RadioButtons, Button and Image render the same in JupyterLab and Voilà.
"""
from __future__ import annotations

import html
import io
import re
import time
from dataclasses import dataclass, replace
from typing import Any
from collections.abc import Callable, Mapping, Sequence

import ipywidgets as ipw
import numpy as np

from cardkit.i18n import N_, _, get_language, ngettext
from cardkit.war import WarRules
from cardkit.war.bulk import BulkResult, GameEnd, play_many
from cardkit.war.stats import PUBLISHED, VARIANTS, length_histogram, length_summary, still_going

from cardkit_tables.live_note import LiveNote

__all__ = [
    "PICKUPS",
    "SHORT_OF_CARDS",
    "ChoiceGuess",
    "GuessFirst",
    "NumberGuess",
    "NumbersPanel",
    "Reveal",
    "compare_number",
    "guess_game_length",
    "guess_loops",
    "guess_pack_size",
    "guess_variants",
    "guess_wars_spread",
    "kit_figures",
    "published_figures",
]

#: The pickup orders in plain words (label, value of ``WarRules.pickup``), §1.1.
PICKUPS = [(N_("winner's cards first"), "winner_first"), (N_("Player 1's cards first"), "player_order"),
           (N_("shuffled (random)"), "random")]
#: What a player short of cards for a war does (label, value of ``WarRules.short_of_cards``), §1.1.
SHORT_OF_CARDS = [(N_("last card decides"), "last_card_up"), (N_("loses the game"), "lose"),
                  (N_("the game is a draw"), "draw")]
#: the lesson's names of the pickup orders (keys of its runs; shown through ``_()``)
_ORDER_NAMES = (N_("winner's cards first"), N_("Player 1's cards first"), N_("shuffled"))


def _labelled(options: Sequence[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """Options (English label, value) with their labels in the language in force."""
    return [(_(label), value) for label, value in options]


class NumbersPanel(LiveNote, ipw.VBox):
    """A small control panel: variant, pickup, short of cards, number of games, **Run**; it plays
    the games with :func:`play_many` (a tqdm bar for long runs) and shows the histogram as a PNG
    and the numbers as text. ``panel.run()`` does what the button does; ``panel.result`` is the
    last :class:`~cardkit.war.bulk.BulkResult`."""

    live_note_what = N_("A panel to run your own games")

    def __init__(self, variant: str = "classic", n_games: int = 100_000, seed: int = 0):
        self.seed = seed
        self.variant = ipw.Dropdown(options=[(_(v), v) for v in VARIANTS], value=variant,
                                    description=_("Variant"))
        self.pickup = ipw.Dropdown(options=_labelled(PICKUPS), value="winner_first", description=_("Pickup"))
        self.short = ipw.Dropdown(options=_labelled(SHORT_OF_CARDS), value="last_card_up",
                                  description=_("Short of cards"), style={"description_width": "initial"})
        self.n_games = ipw.IntSlider(value=n_games, min=1_000, max=1_000_000, step=1_000,
                                     description=_("Games"), continuous_update=False)
        self.button = ipw.Button(description=_("Run"), button_style="primary", icon="play")
        self.image = ipw.Image(format="png", layout=ipw.Layout(max_width="720px"))
        self.text = ipw.HTML(html.escape(_("Choose a variant and press Run.")))
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
        self.button.disabled = True
        self.text.value = html.escape(_("Playing…"))
        try:
            res = play_many(self.rules(), self.n_games.value, seed=self.seed, progress=progress)
            words: list[str] = []
            self.image.value = _png(lambda ax: length_histogram(
                res, ax=ax, title=_("{n:,} games of {variant}").format(
                    n=res.n_games, variant=_(self.variant.value))), words=words)
            ends = _(", ").join(f"{_(_ENDS[k])} {v:,}" for k, v in res.ends.items())
            self.text.value = html.escape(" ".join(
                [_("{summary}. Ends: {ends}.").format(summary=length_summary(res), ends=ends), *words]))
            self.result = res
            return res
        finally:
            self.button.disabled = False

    def __repr__(self) -> str:
        return f"NumbersPanel(variant={self.variant.value!r})"



# ------------------------------------------------------------------------------ guess first
@dataclass(frozen=True)
class NumberGuess:
    """A guess typed as a whole number from ``low`` to ``high`` (``question``: plain text)."""

    question: str
    low: int = 0
    high: int = 1_000_000


@dataclass(frozen=True)
class ChoiceGuess:
    """A guess chosen among ``options`` (plain texts, two or more)."""

    question: str
    options: Sequence[str]

    def __post_init__(self) -> None:
        if len(self.options) < 2 or len(set(self.options)) != len(self.options):
            raise ValueError("a choice guess needs two or more different options")


@dataclass(frozen=True)
class Reveal:
    """What the button shows: ``lines`` (plain-text paragraphs, escaped when drawn), an
    optional chart as PNG bytes (``png``, empty for none) and an optional table (``table``: HTML
    built by the kit itself with every text escaped, such as
    :func:`cardkit_lessons.lesson_war.whole_games`'s; never text a user typed), drawn after the
    lines."""

    lines: Sequence[str]
    png: bytes = b""
    table: str = ""
    caption: Sequence[str] = ()


#: why a game ended (names of :class:`cardkit.war.bulk.GameEnd`), as the panel says them
_ENDS = {"all_cards": N_("all cards"), "repetition": N_("repetition"), "battle_limit": N_("battle limit"),
         "short_of_cards": N_("short of cards"), "standing_tie": N_("standing tie")}

#: the languages whose words matplotlib can draw: it does not shape Gurmukhi or Kannada (letters
#: come out in the wrong order, or as boxes), so a chart in Punjabi or Kannada carries no words
_CHART_LANGUAGES = ("en", "qps")


def _chart_words(fig: Any) -> list[str]:
    """Take the words out of ``fig``'s axes for a language matplotlib cannot draw: the title and
    axis labels become lines of text, a legend's and the x axis's named entries numbers (1, 2 …)
    with a key. Returns the lines to show beside the picture (none in English)."""
    if get_language() in _CHART_LANGUAGES:
        return []
    said: list[str] = []
    for ax in fig.axes:
        if ax.get_title():
            said.append(ax.get_title())
            ax.set_title("")
        if ax.get_xlabel():
            said.append(_("across: {label}").format(label=ax.get_xlabel()))
            ax.set_xlabel("")
        if ax.get_ylabel():
            said.append(_("up: {label}").format(label=ax.get_ylabel()))
            ax.set_ylabel("")
        ticks = [t.get_text() for t in ax.get_xticklabels()]
        if any(re.search(r"[^\d\s.,−-]", t) for t in ticks):
            ax.set_xticks(ax.get_xticks(), [str(i + 1) for i in range(len(ticks))])
            said.append(_("bars: {key}").format(key=_(", ").join(
                f"{i + 1} = {t}" for i, t in enumerate(ticks))))
        legend = ax.get_legend()
        if legend is not None:
            texts = [t.get_text() for t in legend.get_texts()]
            for i, t in enumerate(legend.get_texts()):
                t.set_text(str(i + 1))
            said.append(_("key: {key}").format(key=_(", ").join(
                f"{i + 1} = {t}" for i, t in enumerate(texts))))
    return said


def _chart(draw: Callable[[Any], None]) -> tuple[bytes, str, list[str]]:
    """``(png, table, caption)`` for a :class:`Reveal`: the chart and its words (no table)."""
    words: list[str] = []
    png = _png(draw, words=words)
    return png, "", words


def _png(draw: Callable[[Any], None], height: float = 3.2, words: list[str] | None = None) -> bytes:
    """A 7-inch-wide matplotlib figure drawn by ``draw(ax)``, as PNG bytes (no pyplot figure is
    left open, so nothing is shown by the notebook's own display). In Punjabi or Kannada the
    chart's words are taken out (:func:`_chart_words`) and added to ``words``."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7, height), dpi=90)
    draw(fig.add_subplot())
    said = _chart_words(fig)
    if words is not None:
        words.extend(said)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def compare_number(guess: float, actual: float, unit: str) -> str:
    """The typed ``guess`` beside the ``actual`` figure, in words: "you guessed 50 battles; the
    average is 191 battles — 3.8 times your guess". Within 10 % is "close"; otherwise how many
    times (from 1.5 times on), less than half or a third, or how many more or fewer."""
    fmt = "{:,.0f}" if actual >= 20 else "{:,.1f}"
    a = fmt.format(actual)
    head = _("You guessed {g:,} {u}; the average is {a} {u}").format(g=guess, a=a, u=unit)
    if abs(guess - actual) <= 0.1 * actual:
        return head + _(" — close: within 10 % of your guess.")
    if guess > 0 and actual / guess >= 1.5:
        return head + _(" — {r:.1f} times your guess.").format(r=actual / guess)
    if guess < actual:
        return head + _(" — {d} more than your guess.").format(d=fmt.format(actual - guess))
    if actual > 0 and guess / actual >= 2:
        return head + (_(" — less than a third of your guess.") if guess / actual >= 3
                       else _(" — less than half your guess."))
    return head + _(" — {d} fewer than your guess.").format(d=fmt.format(guess - actual))


#: ipywidgets' HTML keeps a control's 28 px line height: the guess-first texts read at 1.45.
_READING = "<div style='line-height:1.45'>"


def _said(text: str) -> str:
    """``text`` (plain) as the HTML of a status line: escaped, at a reading line height."""
    return f"{_READING}{html.escape(text)}</div>"


def _verdict(guess: str, right: str) -> str:
    return _("right!") if guess == right else _("the right choice was “{r}”.").format(r=right)


class GuessFirst(LiveNote, ipw.VBox):
    """Guess first, then see (module doc).

    - ``title``: the task in one line (plain text);
    - ``guesses``: the :class:`NumberGuess` / :class:`ChoiceGuess` the student must answer first
      (none: the button alone);
    - ``button``: the button's text ("Simulate 100,000 games", "Show the chart");
    - ``simulate()``: computes the result (called once, at the first :attr:`result`; the lesson's
      later cells may read :attr:`result` before the button is pressed — it stays in the kernel);
    - ``reveal(result, guesses)``: the :class:`Reveal` for the guesses (a dict question → the
      typed ``int`` or the chosen option).

    - ``after``: another :class:`GuessFirst` whose answer this one's would give away (the same
      games seen from another side): until that one is revealed, this button says so and shows
      nothing.

    :meth:`press` does what the button does. Before every guess is made it says which one is
    missing (or why a typed number is not one) and shows nothing else; afterwards the guesses are
    locked and the reveal's lines and chart are shown. ``revealed`` says whether that happened.
    If the simulation raises, the error's sentence is shown (no traceback) and the button can be
    pressed again.
    """

    live_note_what = N_("A guess, then the games")

    def __init__(self, title: str, guesses: Sequence[NumberGuess | ChoiceGuess], button: str,
                 simulate: Callable[[], Any], reveal: Callable[[Any, dict], Reveal],
                 after: GuessFirst | None = None):
        if after is not None and not isinstance(after, GuessFirst):
            raise TypeError(f"after must be a GuessFirst, not {after!r}")
        self.after = after
        self.guesses = list(guesses)
        self._simulate, self._reveal = simulate, reveal
        self._result: Any = None
        self._computed = False
        self.seconds: float | None = None
        self.revealed = False
        self.inputs: list[ipw.Widget] = []
        rows: list[ipw.Widget] = [ipw.HTML(f"<b>{html.escape(title)}</b>")]
        for g in self.guesses:
            if isinstance(g, NumberGuess):
                w = ipw.Text(placeholder=_("a whole number"),
                             layout=ipw.Layout(width="12em"))
            elif isinstance(g, ChoiceGuess):
                w = ipw.RadioButtons(options=list(g.options), value=None,
                                     layout=ipw.Layout(width="auto", max_width="100%"))
            else:
                raise TypeError(f"a guess must be a NumberGuess or a ChoiceGuess, not {g!r}")
            self.inputs.append(w)
            rows += [ipw.HTML(f"<div style='line-height:1.45;margin-top:4px'>{html.escape(g.question)}</div>"), w]
        self.button = ipw.Button(description=button, button_style="primary",
                                 layout=ipw.Layout(width="auto", min_width="16em", margin="8px 0",
                                                   align_self="flex-start"))
        self.button.on_click(lambda _b: self.press())
        self.status = ipw.HTML(_said(
            _("Make your guess, then press “{b}”.").format(b=button)) if self.guesses else "")
        self.text = ipw.HTML("")
        self.image = ipw.Image(format="png", layout=ipw.Layout(display="none", max_width="100%",
                                                               height="auto"))
        self._title = title
        super().__init__([*rows, self.button, self.status, self.text, self.image],
                         layout=ipw.Layout(max_width="760px", border="1px solid #ccd",
                                           padding="6px 10px", margin="4px 0"))

    @property
    def result(self) -> Any:
        """The simulation's result (computed once, on first use; ``seconds`` says how long)."""
        if not self._computed:
            start = time.perf_counter()
            self._result = self._simulate()
            self.seconds = time.perf_counter() - start
            self._computed = True
        return self._result

    def read_guesses(self) -> tuple[dict, str | None]:
        """The guesses made so far (question → value) and, if one is missing or is not a number
        in range, the sentence that says so (else ``None``)."""
        values: dict = {}
        for g, w in zip(self.guesses, self.inputs, strict=False):
            if isinstance(g, NumberGuess):
                typed = str(w.value).strip().replace(",", "").replace(" ", "").replace("_", "")
                if not typed:
                    return values, _("First type your guess: {q}").format(q=g.question)
                if (not (typed.isascii() and typed.isdigit()) or len(typed) > 12
                        or not g.low <= int(typed) <= g.high):
                    return values, _("Type a whole number from {lo:,} to {hi:,}: {q}").format(
                        lo=g.low, hi=g.high, q=g.question)
                values[g.question] = int(typed)
            else:
                if w.value not in g.options:
                    return values, _("First choose your guess: {q}").format(q=g.question)
                values[g.question] = w.value
        return values, None

    def press(self) -> bool:
        """What the button does (class doc). Returns whether the answer is now shown."""
        if self.revealed:
            return True
        values, missing = self.read_guesses()
        if self.after is not None and not self.after.revealed:
            missing = _("First make the guesses in the section before this one and press its "
                        "“{b}” button: what this button shows would give their answers "
                        "away.").format(b=self.after.button.description)
        if missing:
            self.status.value = _said(missing)
            return False
        self.button.disabled = True
        self.status.value = _said(_("Playing the games… this takes a few seconds."))
        try:
            shown = self._reveal(self.result, values)
        except Exception as exc:   # a student sees a sentence, never a traceback
            self.status.value = _said(_("The games could not be played: {e}").format(e=exc))
            self.button.disabled = False
            return False
        for w in self.inputs:
            w.disabled = True
        self.text.value = _READING + "".join(
            f"<p style='margin:0.35em 0'>{html.escape(line)}</p>" for line in shown.lines
        ) + shown.table + "</div>"
        if shown.caption:
            self.text.value += _READING + "".join(
                f"<p style='margin:0.35em 0'>{html.escape(line)}</p>" for line in shown.caption) + "</div>"
        if shown.png:
            self.image.value = shown.png
            self.image.layout.display = ""
        self.status.value = ""
        self.revealed = True
        return True

    def __repr__(self) -> str:
        return f"GuessFirst({self._title!r})"


def guess_game_length(simulate: Callable[[], BulkResult]) -> GuessFirst:
    """Section "How long is a game?": guess the mean number of battles (typed) and of wars (2, 15
    or 50); the button shows the mean, the median, the summary line and the histogram."""
    battles_q = _("How many battles do you think a game of classic War lasts on average?")
    wars_q = _("How many wars do you expect in a game, on average?")

    def reveal(res: BulkResult, g: dict) -> Reveal:
        s = length_summary(res)
        nearest = min(("2", "15", "50"), key=lambda o: abs(int(o) - s.wars_mean))
        wars = _("You guessed {g} wars; the average is {w:.1f} wars per game, so {n} was the "
                 "closest choice{y}.").format(g=g[wars_q], w=s.wars_mean, n=nearest,
                                              y=_(" — yours") if g[wars_q] == nearest else "")
        return Reveal([
            compare_number(g[battles_q], s.mean, _("battles")),
            _("The median is {m:.0f} battles: half the games are shorter than that.").format(m=s.median),
            wars,
            _("In all: {s}.").format(s=s),
        ], *_chart(lambda ax: length_histogram(res, ax=ax, title=_("Classic War: how many battles a "
                                                                   "game lasts"))))

    return GuessFirst(_("Your turn — guess first, then simulate."), [NumberGuess(battles_q, 1, 1_000_000),
                      ChoiceGuess(wars_q, ["2", "15", "50"])], _("Simulate 100,000 games"),
                      simulate, reveal)


#: The options of :func:`guess_wars_spread`, with the share of games each one means.
NO_WAR_OPTIONS = [(N_("Many (1 game in 20, or more)"), 0.05), (N_("Some (about 1 game in 100)"), 0.001),
                  (N_("Hardly any (fewer than 1 game in 1,000)"), 0.0)]


def _share_option(p: float, options: Sequence[tuple[str, float]]) -> str:
    """The first option whose lower bound ``p`` reaches (options from the largest bound down), in
    the language in force."""
    return next(_(label) for label, low in options if p >= low)


def guess_wars_spread(simulate: Callable[[], BulkResult], after: GuessFirst | None = None) -> GuessFirst:
    """Section "Wars per game": guess how many games have no war at all; the button shows the
    count, the most common number of wars, the median, and the bar chart of wars per game.
    ``after``: the game-length guess (its wars question), which this chart would answer."""
    q = _("Out of 100,000 games, how many have no war at all?")

    def reveal(res: BulkResult, g: dict) -> Reveal:
        counts = np.bincount(res.wars)
        none = int(counts[0]) if counts.size else 0
        p = none / res.n_games
        right = _share_option(p, NO_WAR_OPTIONS)

        def draw(ax) -> None:
            ax.bar(np.arange(counts.size), counts, color="#4a7ab5")
            ax.set_xlim(-1, 60)
            ax.set_xlabel(_("wars in the game"))
            ax.set_ylabel(_("games"))
            ax.set_title(_("Classic War: how many wars a game has"))

        return Reveal([
            _("You guessed “{g}”. In fact {n:,} of the {t:,} games had no war at all ({p:.2%}): "
              "{v}").format(g=g[q], n=none, t=res.n_games, p=p, v=_verdict(g[q], right)),
            _("The most common number of wars is {mode}, and half the games have {med:.0f} wars "
              "or fewer — but some have far more.").format(mode=int(counts.argmax()),
                                                          med=float(np.median(res.wars))),
        ], *_chart(draw))

    return GuessFirst(_("Your turn — guess first, then look."),
                      [ChoiceGuess(q, [_(label) for label, _low in NO_WAR_OPTIONS])],
                      _("Show the chart"), simulate, reveal, after=after)


#: The options of :func:`guess_loops`, with the share of games each one means.
LOOP_OPTIONS = [(N_("More than 1 in 4"), 0.25), (N_("Between 1 in 100 and 1 in 4"), 0.01),
                (N_("Fewer than 1 in 100"), 1e-12), (N_("None"), 0.0)]


def guess_loops(simulate: Callable[[], Mapping[str, BulkResult]], names: Sequence[str]) -> GuessFirst:
    """Section "Can a game go on for ever?": for each pickup order in ``names`` (the keys of
    ``simulate()``'s dict), guess how many games loop; the button compares each guess with the
    games that ended in a draw by repetition, and gives each order's mean, median and ends."""
    questions = {n: _("{n}: how many of the 100,000 games loop for ever?").format(n=_(n)) for n in names}

    def reveal(runs: Mapping[str, BulkResult], g: dict) -> Reveal:
        lines = []
        for name in names:
            res = runs[name]
            ends = res.ends
            loops = ends.get(GameEnd.repetition.name, 0)
            right = _share_option(loops / res.n_games, LOOP_OPTIONS)
            line = _("{n}: you guessed “{g}”; {k:,} games looped ({p:.1%}) — {v}").format(
                n=_(name), g=g[questions[name]], k=loops, p=loops / res.n_games,
                v=_verdict(g[questions[name]], right))
            limit = ends.get(GameEnd.battle_limit.name, 0)
            if limit:
                line += " " + ngettext("{k:,} more was stopped by the battle limit ({b:,} battles).",
                                       "{k:,} more were stopped by the battle limit ({b:,} battles).",
                                       limit).format(k=limit, b=res.rules.max_battles)
            lines.append(line)
        for name in names:
            s = length_summary(runs[name])
            lines.append(_("{n}: mean {m:.1f} battles, median {d:.0f}.").format(n=_(name), m=s.mean,
                                                                                  d=s.median))
        lines.append(_("A random order can never loop for ever: the same position may come back, "
                       "but the cards won next go under in a new order, so what follows is not the "
                       "same each time, and the kit does not call it a draw."))
        return Reveal(lines)

    return GuessFirst(_("Your turn — guess first, then simulate."),
                      [ChoiceGuess(questions[n], [_(label) for label, _low in LOOP_OPTIONS]) for n in names],
                      _("Simulate 100,000 games of each"), simulate, reveal)


def _short(name: str) -> str:
    """A variant's name without its brackets, in the language in force ("Peace")."""
    return _(name.split(" (")[0])


_SHORT_NAMES = (N_("classic"), N_("Peace"), N_("Război"), N_("one-card wars"))


#: The variants the lesson compares (names of :data:`cardkit.war.stats.VARIANTS`).
VARIANT_NAMES = ["classic", "Peace (lowest wins, 5 down)", "Război (war size = card value)",
                 "one-card wars (1 down)"]


def guess_variants(simulate: Callable[[], Mapping[str, BulkResult]],
                   names: Sequence[str] = tuple(VARIANT_NAMES)) -> GuessFirst:
    """Section "Peace, Război and one-card wars": ``simulate()`` gives a result for each of
    ``names`` (keys of :data:`cardkit.war.stats.VARIANTS`); guess which variant (shown without
    the brackets) gives the shortest and the longest games; the button shows the means and
    medians as bars and in words."""
    short_q, long_q = _("Which gives the shortest games?"), _("Which gives the longest games?")
    names = list(names)

    def reveal(runs: Mapping[str, BulkResult], g: dict) -> Reveal:
        means = {_short(n): float(runs[n].battles.mean()) for n in names}
        medians = {_short(n): float(np.median(runs[n].battles)) for n in names}
        shortest, longest = min(means, key=means.__getitem__), max(means, key=means.__getitem__)

        def draw(ax) -> None:
            x = np.arange(len(means))
            ax.bar(x - 0.2, list(means.values()), 0.4, label=_("mean"), color="#4a7ab5")
            ax.bar(x + 0.2, list(medians.values()), 0.4, label=_("median"), color="#f0a030",
                   hatch="//")
            ax.set_xticks(x, list(means))
            ax.set_ylabel(_("battles per game"))
            ax.legend()

        lines = [
            _("Shortest: you guessed {g}; the shortest games are {n}'s (mean {m:.0f} battles, "
              "median {d:.0f}) — {v}").format(g=g[short_q], n=shortest, m=means[shortest],
                                               d=medians[shortest], v=_verdict(g[short_q], shortest)),
            _("Longest: you guessed {g}; the longest games are {n}'s (mean {m:.0f} battles, "
              "median {d:.0f}) — {v}").format(g=g[long_q], n=longest, m=means[longest],
                                               d=medians[longest], v=_verdict(g[long_q], longest)),
        ]
        lines += [_("{name}: {summary}").format(name=_short(n), summary=length_summary(runs[n]))
                  for n in names]
        lines.append(_("Bigger wars move more cards at once, so one player runs out sooner."))
        return Reveal(lines, *_chart(draw))

    options = [_short(n) for n in names]
    return GuessFirst(_("Your turn — guess first, then simulate."),
                      [ChoiceGuess(short_q, options), ChoiceGuess(long_q, options)],
                      _("Simulate 100,000 games of each"), simulate, reveal)


#: The options of :func:`guess_pack_size` and the ratio (52-card mean / 28-card mean) each means
#: (largest first; the widget shows them the other way round, from "half as long" down).
PACK_OPTIONS = [(N_("Less than a quarter as long"), 4.0), (N_("Between half and a quarter as long"), 2.0),
                (N_("Half as long, or longer"), 0.0)]


def guess_pack_size(simulate: Callable[[], Mapping[int, BulkResult]]) -> GuessFirst:
    """Section "A smaller pack, a shorter game": ``simulate()`` gives results by ``k`` (ranks in
    the pack, 7 and 13 among them); guess how long a game with 28 cards (k = 7) is beside one
    with 52; the button shows both means, the ratio and the chart of mean and median by pack."""
    q = _("With 28 cards (7 ranks) instead of 52, how long is a game?")

    def reveal(packs: Mapping[int, BulkResult], g: dict) -> Reveal:
        ks = sorted(packs)
        m7, m13 = float(packs[7].battles.mean()), float(packs[13].battles.mean())
        ratio = m13 / m7
        right = _share_option(ratio, PACK_OPTIONS)

        def draw(ax) -> None:
            ax.plot([4 * k for k in ks], [packs[k].battles.mean() for k in ks], "o-", label=_("mean"))
            ax.plot([4 * k for k in ks], [np.median(packs[k].battles) for k in ks], "s--",
                    label=_("median"))
            ax.set_xlabel(_("cards in the pack (4 × k ranks)"))
            ax.set_ylabel(_("battles per game"))
            ax.legend()

        lines = [_("You guessed “{g}”. With 28 cards a game lasts {a:.0f} battles on average, "
                   "with 52 cards {b:.0f}: the whole pack's games are {r:.1f} times as long — {v}"
                   ).format(g=g[q], a=m7, b=m13, r=ratio, v=_verdict(g[q], right))]
        lines += [_("{c} cards: mean {m:.1f} battles").format(c=4 * k, m=packs[k].battles.mean())
                  for k in ks if k in (4, 7, 10, 13)]
        if ratio > 2:
            lines.append(_("Doubling the pack makes games far more than twice as long: there are "
                           "more cards to win, and each card changes hands more often before the "
                           "game ends."))
        return Reveal(lines, *_chart(draw))

    return GuessFirst(_("Your turn — guess first, then look."),
                      [ChoiceGuess(q, [_(label) for label, _r in reversed(PACK_OPTIONS)])],
                      _("Show the chart"),
                      simulate, reveal)


def kit_figures(simulate: Callable[[], Mapping[str, BulkResult]]) -> GuessFirst:
    """Section "Published figures": a button that shows the kit's own figures (means, wars,
    games still going) beside the published ones; ``simulate()`` gives the pickup runs by the
    names "winner's cards first", "Player 1's cards first" and "shuffled"."""

    def reveal(runs: Mapping[str, BulkResult], _g: dict) -> Reveal:
        wf, po, rd = runs["winner's cards first"], runs["Player 1's cards first"], runs["shuffled"]
        lines = [_("The kit, {n:,} games each:").format(n=wf.n_games),
                 _("winner's cards first: {b:.0f} battles and {w:.1f} wars per game").format(
                     b=wf.battles.mean(), w=wf.wars.mean()),
                 _("shuffled: {b:.0f} battles and {w:.1f} wars per game").format(
                     b=rd.battles.mean(), w=rd.wars.mean())]
        lines += [_("Player 1's cards first, looping or still going after {a:,} battles: {p:.1%}").format(
            a=after, p=still_going(po, after)) for after in (5_000, 10_000)]
        lines.append(_("winner's cards first, looping or still going after 5,000 battles: {p:.1%}").format(
            p=still_going(wf, 5_000)))
        lines.append(_("The kit's two fixed orders behave very differently: with the winner's cards "
                       "first a game almost never loops, while with Player 1's cards first a large "
                       "share of games loop."))
        lines.append(_("So which is right, the published 8–12 % or the kit's {wf:.1%} and {po:.1%}? "
                       "The published figure only says “a fixed order”, and the share of games still "
                       "going depends entirely on which fixed order is used: without that convention "
                       "the figures cannot be compared, so neither proves the other wrong.").format(
            wf=still_going(wf, 5_000), po=still_going(po, 5_000)))
        return Reveal(lines)

    return GuessFirst(_("The kit's own figures, beside the published ones"), [],
                      _("Show the kit's figures"), simulate, reveal)


def published_figures() -> str:
    """The published figures with their sources and conventions, as plain text."""
    return "\n\n".join(_("{figure}\n  source: {source}\n  conventions: {conventions}").format(
        figure=_(f["figure"]), source=_(f["source"]), conventions=_(f["conventions"])) for f in PUBLISHED)
