"""The advisor's panel: the search's top options for the decision on screen, each with its estimated chance of
winning as a bar (`h` asks, Esc or the next decision puts it away).  It draws what it is handed (ai.advice's
`Advice`, read from the seat's view); the bars are characters, so they read without colour too.

A first line says what the figures are: the seat's chance of winning (alone or in an alliance) as the search sees
it from this seat's view, with its margin (± the half-width of a 95% interval over the search's samples: 21% and
22% with ±3 are not told apart) and, where a game nobody wins is likely enough to show (1% or more for an
option), that chance apart ("nobody 70%": the bar's middle part, ▒); at a sealed battle commit, how often the
search's mixed strategy seals each commit (not a chance of winning); or, where the bots answer by rule of thumb,
a ranking without figures."""

from __future__ import annotations

import contextlib
import math
import threading
from functools import partial

from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from ...games import game_of
from .choices import DIGITS, ChoiceList


def action_text(view, action) -> str:
    """The option's words in its rule set's describe (the first game's or Dune Express's)."""
    return game_of(view.options).describe.action_text(view, action)


def option_text(view, action) -> str:
    """An option as the panel words it: a keep of dice starts with the dice's numbers, the keys that mark them
    (`1 2 4: Keep Corrino, …`), as keeps differ only towards their end, which a narrow panel cuts off."""
    text = action_text(view, action)
    if action[0] in ("keep", "thumper") and len(action) > 1 and isinstance(action[1], int):
        mask = action[1] & ~view.kept
        dice = [str(d + 1) for d in range(mask.bit_length()) if mask >> d & 1]  # 7 dice, or 8 with a tactical die
        return f"{' '.join(dice) or '-'}: {text}"
    return text


BAR = 6  # cells of a bar (a line fits the 32 columns of the log box at 80x24)
EIGHTHS = " ▏▎▍▌▋▊▉"  # a cell's partial fill, so 35% and 38% do not draw the same bar


def bar(fraction: float, nobody: float = 0.0) -> Text:
    """`fraction` of the cells filled (█, in eighths), then `nobody`'s share of them (▒), the rest ░."""
    eighths = max(0, min(BAR * 8, round(fraction * BAR * 8)))
    full, part = divmod(eighths, 8)
    text = Text("█" * full + (EIGHTHS[part] if part else ""), style="green")
    used = full + (1 if part else 0)
    drawn = max(0, min(BAR - used, round(nobody * BAR)))
    text.append("▒" * drawn, style="yellow")
    text.append("░" * (BAR - used - drawn), style="dim")
    return text


# ±: how sure the search is of its own figure (its samples' 95% interval), not the model's error (docs/STRENGTH.md)
WINS = "Your win chance ± the search's 95%"
NOBODY = "Win chance ± search's 95%; nobody: no one wins"
NARROW = "Win ±95% (n)=nobody wins"  # a panel narrower than WIDE: no bars, `(n)` for nobody
WIDE = 44  # columns of the panel from which each option has its bar and "nobody N%" in words
MIX = "Mix: how often the search seals it (no win chance)"
RANKED = "Ranked by the bots' rule of thumb (no figures)"
SHOWN = 0.005  # a chance that nobody wins is shown where an option's rounds to 1% or more


def margin(a) -> int:
    """± in points of percent around an option's chance of winning: the half-width of its 95% interval over the
    search's samples (1.96 standard errors of their mean), rounded up."""
    return min(50, math.ceil(100 * a.margin - 1e-9))


def nobody_shown(advice) -> bool:
    """Whether the chance that nobody wins is worth a figure: 1% or more for one of the options."""
    return any(a.nobody is not None and a.nobody >= SHOWN for a in advice)


def heading(advice, narrow: bool = False) -> str:
    """What the figures on the panel are."""
    if any(a.win is not None for a in advice):
        return (NARROW if narrow else NOBODY) if nobody_shown(advice) else WINS
    return MIX if any(a.visits for a in advice) else RANKED


def advice_text(view, advice, keys: list[str], width: int = 0) -> Text:
    """A line saying what the figures are, then one line per option: its key in the decision's list ("·" if
    none), its bar, its chance of winning and margin, the chance that nobody wins where it matters (or its part
    of a mixed commit), what it does.  In a panel `width` columns wide below WIDE (at 80×24 it keeps to the log's
    column), the bars go and nobody's chance is `(N)`, so that what each option does still shows."""
    narrow = 0 < width < WIDE
    text = Text(heading(advice, narrow), style="dim italic")
    nobody = nobody_shown(advice)
    for n, a in enumerate(advice):
        text.append("\n")
        text.append(f"{keys[n] if n < len(keys) else '·'} ", style="bold")
        if a.win is not None:
            if not narrow:
                text.append_text(bar(a.win, a.nobody if nobody else 0.0))
                text.append(" ")
            text.append(f"{round(a.win * 100):3d}%")
            text.append(f"±{margin(a):<2d} ", style="dim")
            if nobody:
                n_text = f"({round(a.nobody * 100):2d}) " if narrow else f"nobody {round(a.nobody * 100):2d}% "
                text.append(n_text, style="yellow")
        elif a.visits:  # a sealed commit: the search mixes its commits, playing this one so often
            text.append_text(bar(a.share))
            text.append(f" {round(a.share * 100):3d}% mix ")
        # else: a decision the bots answer by rule of thumb, ranked without numbers
        text.append(option_text(view, a.action))
    return text


def advice_summary(view, advice) -> str:
    """The advice in a line, as the save keeps it for the replay: each option with its chance of winning."""
    def one(a) -> str:
        if a.win is not None:
            drawn = f", nobody {round(a.nobody * 100)}%" if a.nobody >= SHOWN else ""
            return f"{action_text(view, a.action)} {round(a.win * 100)}% ±{margin(a)}{drawn}"
        if a.visits:
            return f"{action_text(view, a.action)} (mix {round(a.share * 100)}%)"
        return action_text(view, a.action)

    return " · ".join(one(a) for a in advice)


def listed(choices: ChoiceList, action) -> int | None:
    """Where the list shows `action` (a counted option counts as its family)."""
    return next((i for i, c in enumerate(choices.shown) if action == c.key or action in c.by_count.values()), None)


class AdvicePanel(Static):
    """Hidden until `h` asks; then "thinking…", the advice, or why there is none.  `ask` works the advice out in a
    thread and posts `Advised`; `drop` (or the panel leaving the screen) cancels it."""

    class Advised(Message):
        """The advice for `request`, worked out (the screen shows it if the request is still on its panel)."""

        def __init__(self, request, advice: list) -> None:
            super().__init__()
            self.request, self.advice = request, advice

    DEFAULT_CSS = """
    AdvicePanel {
        display: none; height: auto; max-height: 7; border: round $accent; padding: 0 1;  /* 5 lines: 1 + TOP */
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    AdvicePanel.-shown { display: block; }
    """
    # While shown, its box (the log's column) is `-advising`: in the roomy layout two thirds of the width
    # (dune.tcss), so that options read to their end; smaller, the log's width, so that the decision's text stays
    # whole (a keep's option begins with its dice, a listed one with its key: what tells them apart).

    shown = reactive(False)  # on screen (and its box widened)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.border_title = "Advice"
        self.advice: list = []
        self.shown_for = None  # (view, keys) of the advice shown
        self.advising: threading.Event | None = None  # set to cancel the advice being worked out

    def hint(self, request, allowed: bool, spec: str = "") -> None:
        """`h`: the advice on `request` (the decision on screen), if the game `allowed` advice; else a notice says
        why there is none."""
        if not allowed:
            self.notify("Hints are off for this game.", timeout=4)
        elif request is None:
            self.notify("No decision of yours to advise on.", timeout=4)
        else:
            self.ask(request, spec)

    def show_beside(self, choices: ChoiceList, request, advice, spec: str = "") -> str:
        """Show the advice on the request on screen, each option with its key in the decision's list `choices`
        (whose highlight follows the top option); the advice in a line, to keep beside the log ("" if none)."""
        where = [listed(choices, a.action) if choices.display else None for a in advice]
        keys = [DIGITS[i] if i is not None and i < len(DIGITS) else "·" for i in where]
        self.show(request.view, advice, spec or "mcts", keys)
        if where and where[0] is not None:
            choices.highlighted = where[0]
        return advice_summary(request.view, advice) if advice else ""

    def ask(self, request, spec: str = "") -> None:
        """Work out the advice on `request` from its seat's view only, by the advisor `spec` ("": the default
        search), in a thread."""
        self.drop()
        cancel = self.advising = threading.Event()
        self.working("Weighing your options… (Esc: stop)")
        self.run_worker(partial(self._analyse, request, spec, cancel), thread=True, group="advice",
                        exit_on_error=False)

    def _analyse(self, request, spec: str, cancel: threading.Event) -> None:
        from dune_tui.ai import make_agent
        from dune_tui.ai.advice import analyse

        try:
            advice = analyse(request, agent=make_agent(spec) if spec else None, cancel=cancel)
        except Exception as e:  # a bad advisor spec or a bug: say so on the panel, never crash the game
            advice = e
        if not cancel.is_set():
            with contextlib.suppress(RuntimeError):  # the app closed meanwhile
                self.app.call_from_thread(self._advised, request, cancel, advice)

    def _advised(self, request, cancel: threading.Event, advice: list | Exception) -> None:
        if cancel.is_set():
            return
        self.advising = None
        if isinstance(advice, Exception):
            self.working(f"No advice: {advice}")
        else:
            self.post_message(self.Advised(request, advice))

    def drop(self) -> None:
        """Cancel the advice being worked out and put the panel away."""
        if self.advising is not None:
            self.advising.set()
            self.advising = None
        self.clear()

    def on_unmount(self) -> None:
        if self.advising is not None:  # the game screen went: no search left running for it
            self.advising.set()
            self.advising = None

    def watch_shown(self, shown: bool) -> None:
        self.set_class(shown, "-shown")
        if self.parent is not None:
            self.parent.set_class(shown, "-advising")

    def working(self, what: str) -> None:
        self.advice = []
        self.border_title = "Advice"
        self.update(Text(what, style="italic"))
        self.shown = True

    def show(self, view, advice, who: str, keys: list[str]) -> None:
        self.advice = list(advice)
        self.border_title = f"Advice ({who})"
        self.shown_for = (view, keys)
        self._draw()
        self.shown = True

    def _draw(self) -> None:
        """The advice in the panel's width (its column's, less the border and padding)."""
        view, keys = self.shown_for
        width = (self.parent.size.width if self.parent is not None else 0) - 4
        none = Text("The search has nothing to add.", style="italic")
        self.update(advice_text(view, self.advice, keys, max(width, 1)) if self.advice else none)

    def on_resize(self) -> None:
        if self.advice and self.shown_for is not None:
            self._draw()

    def clear(self) -> None:
        self.advice = []
        self.shown = False
