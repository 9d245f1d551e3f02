"""Review: a saved game on the board, position by position, with the search's judgement of its decisions.

The board, dice, house cards and log are drawn from the position's view for the seat whose eyes are chosen
(`review.view`: a seat's view, the public one, or every secret once the game is over and "reveal all" is on);
the screen never reads a state otherwise.  The analysis runs in a worker thread with a progress bar (`x`
cancels it) and is kept beside the save (dune_tui/review/cache.py); the chart shows each seat's chance and
the marked decisions (those that threw most away), `n`/`N` jump between them, worst first.
"""

from __future__ import annotations

import threading
from types import SimpleNamespace

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import ProgressBar, Static

from ...review import Budget, ReviewError, load_or_analyse, marks, open_review
from ...review.analysis import SHOWN, pct
from ...table.messages import SeatInfo
from ..games import board_for, log_style
from ..kit.screens import DuneScreen
from ..widgets.chances import ChanceChart
from ..widgets.footer import Footer
from ..widgets.log import GameLog

BUDGET = Budget()  # the analysis's work per decision (dune_tui/review/analysis.py)
PACE = SimpleNamespace(pause=0.0, skipping=False)  # the status bar's bot pace: none in a review
LOG_EVENTS = 200  # the log shows the last events up to the position (as a table's Welcome does)


def open_review_screen(app, path) -> None:
    """Replay the save at `path` and push its review; a file that cannot be reviewed is a notice."""
    try:
        review = open_review(path)
    except ReviewError as e:
        app.notify(f"Cannot review: {e}", severity="error", timeout=8, markup=False)
        return
    app.push_screen(ReviewScreen(review))


class ReviewScreen(DuneScreen):
    DEFAULT_CSS = """
    #review-panel { width: 1fr; border-top: solid $accent; border-title-style: bold; padding: 0 1; }
    #review-where { text-wrap: nowrap; text-overflow: ellipsis; }
    #review-panel { scrollbar-size-vertical: 1; }
    ChanceChart { text-wrap: nowrap; text-overflow: clip; }
    #review-progress { height: 1; }
    #review-progress Bar { width: 1fr; }
    """
    BINDINGS = [
        Binding("left", "step(-1)", "Prev", priority=True),
        Binding("right", "step(1)", "Next", priority=True),
        Binding("shift+left,left_square_bracket", "turn(-1)", "Turn", key_display="[", priority=True),
        Binding("shift+right,right_square_bracket", "turn(1)", "Turn", key_display="]", priority=True),
        Binding("pageup", "round(-1)", "Round -", key_display="PgUp", show=False, priority=True),
        Binding("pagedown", "round(1)", "Round +", key_display="PgDn", show=False, priority=True),
        Binding("home", "edge(False)", "Start", show=False, key_display="Home", priority=True),
        Binding("end", "edge(True)", "End", show=False, key_display="End", priority=True),
        Binding("n", "mark(1)", "Mark"),
        Binding("N", "mark(-1)", "Previous mark", show=False, key_display="N"),
        Binding("e", "eyes", "Eyes"),
        Binding("a", "reveal", "Reveal all"),
        Binding("up", "scroll(-1)", "Scroll the panel", show=False, priority=True),
        Binding("down", "scroll(1)", "Scroll the panel", show=False, priority=True),
        Binding("x", "cancel", "Stop the analysis", show=False, key_display="x"),
        Binding("escape,q,b", "back", "Back"),
    ]

    def __init__(self, review, budget: Budget | None = None, *, exit_on_back: bool = False,
                 analyse: bool = True) -> None:
        """`review`: a dune_tui.review.Review; `exit_on_back`: leaving ends the app (`dune-tui review`)."""
        super().__init__()
        self.review = review
        self.budget = budget or BUDGET
        self.exit_on_back = exit_on_back
        self.position = 0
        self.eyes = review.seat if review.seat is not None else -1  # -1: the public view
        self.reveal = False
        self.analysis = None
        self.marked: list = []  # marks, worst first
        self.mark_index = -1
        self.cancel = threading.Event()
        self.analyse_on_mount = analyse
        self.board = board_for(review.states[0].options)(self)
        self.seats = tuple(SeatInfo(seat=i, name=s.name, kind=s.kind, agent=s.agent)
                           for i, s in enumerate(review.save.seats))
        self.shown_events = 0

    def compose(self) -> ComposeResult:
        yield from self.board.compose(self.seats)
        with Horizontal(id="bottom"):
            with VerticalScroll(id="review-panel", can_focus=False):
                yield Static(id="review-where")
                yield ProgressBar(total=max(1, self.review.last), show_eta=False, id="review-progress")
                yield Static(id="review-judged")
                yield ChanceChart(id="review-chart")
                yield Static(id="review-marks")
            with Vertical(id="log-box"):
                yield GameLog(id="log", style=log_style(self.review.states[0].options))
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#log-box").border_title = "Log"
        self.query_one(GameLog).auto_scroll = True
        self.draw(fresh=True)
        if self.analyse_on_mount:
            self.run_analysis()
        else:
            self.query_one("#review-progress").display = False

    # ------------------------------------------------------------ analysis
    @work(thread=True, exclusive=True, group="review-analysis")
    def run_analysis(self) -> None:
        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self.query_one(ProgressBar).update, progress=done, total=total)

        analysis = load_or_analyse(self.review, self.budget, progress=progress, cancel=self.cancel)
        self.app.call_from_thread(self.analysed, analysis)

    def analysed(self, analysis) -> None:
        self.analysis = analysis
        self.marked = marks(analysis)
        self.query_one("#review-progress").display = False
        if not analysis.complete:
            self.notify("Analysis stopped: the figures cover the decisions judged so far.", markup=False)
        self.draw()

    def action_scroll(self, direction: int) -> None:
        panel = self.query_one("#review-panel")
        (panel.scroll_down if direction > 0 else panel.scroll_up)(animate=False)

    def action_cancel(self) -> None:
        self.cancel.set()

    # ---------------------------------------------------------------- keys
    def go(self, k: int) -> None:
        k = max(0, min(self.review.last, k))
        if k != self.position:
            self.position = k
            self.draw()

    def action_step(self, delta: int) -> None:
        self.go(self.position + delta)

    def _jump(self, starts: list[int], direction: int) -> None:
        if direction > 0:
            self.go(next((k for k in starts if k > self.position), self.review.last))
        else:
            self.go(next((k for k in reversed(starts) if k < self.position), 0))

    def action_turn(self, direction: int) -> None:
        self._jump(self.review.turn_starts(), direction)

    def action_round(self, direction: int) -> None:
        self._jump(self.review.round_starts(), direction)

    def action_edge(self, end: bool) -> None:
        self.go(self.review.last if end else 0)

    def action_mark(self, direction: int) -> None:
        if not self.marked:
            self.notify("No decision is marked" + ("" if self.analysis else " yet: the analysis is running") + ".",
                        markup=False)
            return
        self.mark_index = (self.mark_index + direction) % len(self.marked)
        self.go(self.marked[self.mark_index].decision)
        self.draw()

    def action_eyes(self) -> None:
        """The next seat whose eyes the review may take (then the public view)."""
        if self.review.seat is not None and not self.review.over:
            self.notify(f"The game is not over: this review shows seat {self.review.seat + 1}'s view only.",
                        markup=False)
            return
        self.reveal = False
        self.eyes = self.eyes + 1 if self.eyes + 1 < self.review.players else -1
        self.draw(fresh=True)

    def action_reveal(self) -> None:
        if not self.review.over:
            self.notify("Every secret is revealed only once the game is over.", markup=False)
            return
        self.reveal = not self.reveal
        self.draw(fresh=True)

    def action_focus_log(self) -> None:
        """The log's own Esc ("back to the decision" in a game): here, back."""
        self.action_back()

    def action_back(self) -> None:
        self.cancel.set()
        if self.exit_on_back:
            self.app.exit(0)
        else:
            self.dismiss(None)

    # ------------------------------------------------------------- drawing
    def whose(self) -> str:
        if self.reveal:
            return "every secret revealed"
        if self.eyes < 0:
            return "public view"
        return f"seat {self.eyes + 1}'s view"

    def draw(self, fresh: bool = False) -> None:
        review, k = self.review, self.position
        view = review.view(k, self.eyes, self.reveal)
        self.board.show(view, self.eyes, PACE)
        self.board.light(view, None)
        self.query_one("#review-where", Static).update(self.where_text(view))
        self.draw_log(fresh)
        chart = self.query_one(ChanceChart)
        if self.analysis is not None:
            labels = [self.label(s) for s in range(review.players)]
            chances, nobody = self.analysis.chances, self.analysis.nobody
            if any(x is not None and x >= SHOWN for x in nobody):  # a game nobody may win: that chance, a line
                labels.append(Text(f"{'nobody wins':<12}", style="dim"))
                chances = [[*row, x] for row, x in zip(chances, nobody)]
            chart.show(labels, chances, [j.decision for j in self.marked], k)
        self.query_one("#review-panel").border_title = self.title_text()
        judged, summary = self.judged_text()
        self.query_one("#review-judged", Static).update(judged)
        self.query_one("#review-marks", Static).update(summary)

    def label(self, seat: int) -> Text:
        sides = self.review.rules.seat_sides(self.review.states[-1])
        return self.board.side_label(sides[seat], short=True) if sides[seat] >= 0 else Text(f"Seat {seat + 1}")

    def where_text(self, view) -> Text:
        review, k = self.review, self.position
        text = Text(no_wrap=True, overflow="ellipsis")
        head = f"Decision {k + 1} of {review.last}" if k < review.last else f"The end ({review.last} decisions)"
        text.append(head, style="bold")
        text.append(f" · round {view.round} · {self.whose()}")
        if self.judged() is not None:  # its judgement says what was played
            return text
        text.append("\n")
        if k < review.last:
            seat, _ = review.log[k]
            mover = review.side_name(seat)
            if review.may_see(seat) or self.reveal:
                text.append(f"{mover} (seat {seat + 1}) plays: {review.action_text(k)}")
            else:
                text.append(f"{mover} (seat {seat + 1}) decides.")
        else:
            text.append(review.states[-1].result.text if review.over else "The game goes on.")
        return text

    def judged(self):
        """The analysis's judgement of the decision shown, or None (not judged, or no analysis yet)."""
        if self.analysis is None:
            return None
        return next((j for j in self.analysis.decisions if j.decision == self.position), None)

    def title_text(self) -> str:
        """The panel's title, always in sight: the marks (or the analysis going on) and the file."""
        if self.analysis is None:
            state = "analysing"
        else:
            state = f"{len(self.marked)} marked (n)" if self.marked else "none marked"
        return f"Review · {state} · {self.review.path.name}"

    def judged_text(self) -> tuple[Text, Text]:
        """The judgement of the decision shown (if judged), and the marks in a line."""
        if self.analysis is None:
            return Text("Analysing… (x stops)", style="dim"), Text()
        j = self.judged()
        text = Text() if j is None else Text(j.line(), style="bold red" if j in self.marked else "")
        if not self.marked:
            return text, Text("No decision threw much away.", style="dim")
        worst = self.marked[0]
        return text, Text(f"{len(self.marked)} marked (n/N); worst: decision {worst.decision + 1}, "
                          f"{worst.side} {pct(worst.before)} → {pct(worst.after)}", style="dim")

    def draw_log(self, fresh: bool) -> None:
        log = self.query_one(GameLog)
        seen = self.review.events_seen(self.position, self.eyes, self.reveal)
        if fresh or len(seen) < self.shown_events or len(seen) - self.shown_events > LOG_EVENTS:
            log.clear()
            log.lines_written.clear()
            log.add(seen[-LOG_EVENTS:])
        else:
            log.add(seen[self.shown_events:])
        self.shown_events = len(seen)
