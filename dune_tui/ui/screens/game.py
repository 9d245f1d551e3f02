"""The game screen: drives the controller from the event loop.

Bots decide first (so a bot's battle commit is sealed before the human chooses), each in a
thread worker that only waits on the bot runner (a child process by default) and posts the
answer back; human seats answer through the decision panel.  The screen shows one seat's
view: the only human's, or in a hot-seat game the public view, and a human's own view only
after the privacy hand-off for a secret choice."""

from __future__ import annotations

import contextlib
import random
import time
from functools import partial

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Footer
from textual.worker import get_current_worker

from ...controller import Decision, StaleDecision
from ...engine import DuneError, view
from ...engine.data import FACTION_NAMES
from ...table.bots import BotCancelled, BotFailed, make_runner
from .. import saving
from ..labels import faction_label
from ..settings import Settings
from ..widgets.decision import DecisionPanel
from ..widgets.dice import DiceTray
from ..widgets.houses import HouseCards
from ..widgets.log import GameLog
from ..widgets.map import MapView
from ..widgets.messages import MarksChanged
from ..widgets.status import StatusBar
from .base import DuneScreen
from .modals import ConfirmLeave, Handoff, LogScreen, Reveal, SaveAs

SECRET_PHASES = frozenset({"setup_prediction", "commit"})
HISTORY_SHOWN = 200  # events of a resumed game shown in the log


class BotAnswer(Message):
    def __init__(self, request, action, error: str | None) -> None:
        super().__init__()
        self.request, self.action, self.error = request, action, error


class GameScreen(DuneScreen):
    AUTO_FOCUS = None  # the decision panel focuses its form when a human must decide
    BINDINGS = [
        Binding("q", "leave", "Quit"),
        Binding("s", "skip", "Skip"),
        Binding("p", "pause", "Pause"),
        Binding("l", "focus_log", "Log"),
        Binding("v", "full_log", "Full log", show=False, key_display="v"),  # key_display: listed by `?`
        Binding("ctrl+s", "save_as", "Save as", show=False, key_display="ctrl+s"),
    ]

    def __init__(self, session, settings: Settings, resumed: bool = False) -> None:
        super().__init__()
        self.session = session
        self.settings = settings
        self.resumed = resumed
        self.current = None  # the human request on the panel
        self.thinking = None  # the bot request being thought about
        self.blocked = False  # a hand-off or reveal is open: wait for it
        self.skipping = False
        self.handed: set[int] = set()
        self.last_choice: tuple[str, tuple | None] = ("", None)
        self._step: Timer | None = None
        self._pending_bot: tuple | None = None
        self._think_started = 0.0
        bots = {s: cfg.agent for s, cfg in enumerate(session.seats) if not cfg.is_human}
        self.runner = make_runner(settings.bots, bots, session.options.seed)

    # ---------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="top"):
            yield MapView(id="map")
            yield HouseCards(self.session.seats, id="houses")
        yield DiceTray(id="dice")
        with Horizontal(id="bottom"):
            yield DecisionPanel(id="decision")
            with Vertical(id="log-box"):
                yield GameLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log-box").border_title = "Log"
        log = self.query_one(GameLog)
        if self.resumed:
            earlier = self._visible(self.session.history)[-HISTORY_SHOWN:]
            log.add(earlier)
            state = self.session.state
            log.note(f"Game resumed: round {state.round}, {len(self.session.log)} decisions so far.")
            if getattr(self.session, "warning", ""):
                self.notify(self.session.warning, severity="warning", timeout=10)
        else:
            log.add(self._visible(self.session.history))
            self.autosave()
        if self.runner.kind == "process" and self.runner.specs:
            self._warm_up()
        self.show_board()
        self.call_after_refresh(self.advance)

    def on_unmount(self) -> None:
        self.stop_bots()

    def stop_bots(self) -> None:
        self.workers.cancel_group(self, "bot")
        self.runner.close()

    @work(thread=True, group="warm", exit_on_error=False)
    def _warm_up(self) -> None:
        with contextlib.suppress(Exception):  # a failure shows up (and is handled) at the first decision
            self.runner.start()

    # ----------------------------------------------------------- what to show
    @property
    def humans(self) -> list[int]:
        return self.session.humans()

    def display_seat(self) -> int:
        """Whose eyes the screen uses: the only human, else nobody in particular (-1)."""
        if self.current is not None and (len(self.humans) == 1 or self.current.id in self.handed):
            return self.current.seat
        return self.humans[0] if len(self.humans) == 1 else -1

    def display_view(self):
        if self.current is not None and self.display_seat() == self.current.seat:
            return self.current.view
        return view(self.session.state, self.display_seat())

    def _visible(self, events) -> list:
        seat = self.display_seat() if len(self.humans) == 1 else -1
        return [e for e in events if e.to is None or seat in e.to]

    def show_board(self) -> None:
        v = self.display_view()
        you = self.display_seat()
        self.query_one(StatusBar).show(v, self.settings.pause, self.skipping)
        self.query_one(MapView).show(v)
        self.query_one(HouseCards).show(v, you)
        self.query_one(DiceTray).show(v)

    def seat_title(self, seat: int) -> Text:
        f = self.session.state.seat_faction[seat]
        cfg = self.session.seats[seat]
        title = Text(f"seat {seat + 1} ")
        if f >= 0:
            title.append_text(faction_label(f))
        who = cfg.label() if not cfg.is_human or len(self.humans) > 1 else "you"
        title.append(f", {who}")
        return title

    # ------------------------------------------------------------- the loop
    def advance(self) -> None:
        """Ask whoever must decide next (bots first), or end the game."""
        if self.blocked or self.thinking is not None or self.current is not None or not self.is_attached:
            return
        controller = self.session.controller
        if controller.over:
            self.finish()
            return
        requests = controller.pending()
        bots = [r for r in requests if not self.session.seats[r.seat].is_human]
        if bots:
            self.think(bots[0])
            return
        self.skipping = False
        request = requests[0]
        if len(self.humans) > 1 and request.phase in SECRET_PHASES and request.id not in self.handed:
            self.blocked = True
            self.show_board()
            self.query_one(DecisionPanel).wait("Waiting for the hand-off…")
            self.app.push_screen(Handoff(self.seat_title(request.seat)), partial(self._handed_off, request))
            return
        self.show_request(request)

    def _handed_off(self, request, _result=None) -> None:
        self.blocked = False
        self.handed.add(request.id)
        self.show_request(request)

    def show_request(self, request) -> None:
        self.current = request
        self.show_board()
        phase, key = self.last_choice
        if len(self.humans) == 1:
            f = request.view.seat_faction[request.seat]
            title = Text("Your decision", style="bold")
            if f >= 0:
                title.append(" as ")
                title.append_text(faction_label(f))
        else:
            title = Text("Decide now: ", style="bold")
            title.append_text(self.seat_title(request.seat))
        self.query_one(DecisionPanel).ask(request, title, prefer=key if phase == request.phase else None,
                                          note=self._sealed_note(request))

    def _sealed_note(self, request) -> str:
        """R10: a battle commit: say when the other side has already sealed its commit (public)."""
        state = self.session.state
        if request.phase != "commit" or state.phase != "commit":
            return ""
        sides = (state.active, state.faction_seat[state.b_def])
        other = sides[1] if request.seat == sides[0] else sides[0]
        if other in state.awaiting:
            return ""
        return f"The {FACTION_NAMES[state.seat_faction[other]]} have sealed theirs."

    @on(DecisionPanel.Chosen)
    def _chosen(self, event: DecisionPanel.Chosen) -> None:
        if event.request is not self.current:
            return
        self.last_choice = (event.request.phase, self.query_one(DecisionPanel).choice_key)
        self.current = None
        self.play(event.request, event.action)
        self.advance()

    @on(MarksChanged)
    def _marks(self, event: MarksChanged) -> None:
        self.query_one(DiceTray).set_marks(event.marks)

    # ---------------------------------------------------------------- bots
    def think(self, request) -> None:
        self.thinking = request
        self._think_started = time.monotonic()
        self.show_board()
        text = self.seat_title(request.seat)
        text.append(" is thinking…")
        text.append(f"\n{request.prompt}", style="dim")
        text.append("\ns: skip ahead to your next decision   p: bot pause", style="dim")
        self.query_one(DecisionPanel).wait(text, spinner=True, title=self.seat_title(request.seat))
        self.run_worker(partial(self._think, request), thread=True, group="bot", exclusive=True,
                        exit_on_error=False, name=f"bot seat {request.seat + 1}")

    def _think(self, request) -> None:
        """Worker thread: wait for the runner's answer and post it; nothing else."""
        cancel = get_current_worker().cancelled_event
        try:
            action = self.runner.decide(request, cancel)
        except BotCancelled:
            return
        except BotFailed as e:
            self.post_message(BotAnswer(request, None, str(e)))
            return
        except Exception as e:  # the runner itself broke: report, the game goes on
            self.post_message(BotAnswer(request, None, f"{type(e).__name__}: {e}"))
            return
        self.post_message(BotAnswer(request, action, None))

    @on(BotAnswer)
    def _bot_answer(self, event: BotAnswer) -> None:
        request = event.request
        if request is not self.thinking:
            return
        action = event.action
        if event.error is not None or action not in request.legal:
            why = event.error or f"an illegal move {action!r}"
            self.notify(f"Bot of seat {request.seat + 1} failed ({why}); it plays a random legal move.",
                        severity="warning")
            action = random.Random(request.id).choice(request.legal)
        wait = 0.0 if self.skipping else self.settings.pause - (time.monotonic() - self._think_started)
        if wait > 0.01:
            self._pending_bot = (request, action)
            self._step = self.set_timer(wait, partial(self._bot_plays, request, action))
        else:
            self._bot_plays(request, action)

    def _bot_plays(self, request, action) -> None:
        self._step = None
        self._pending_bot = None
        if request is not self.thinking:
            return
        self.thinking = None
        self.play(request, action)
        self.advance()

    # -------------------------------------------------------------- playing
    def play(self, request, action) -> None:
        """Submit one decision; show what the viewing seat may see of it."""
        try:
            batches = self.session.controller.submit(Decision(request.id, request.seat, action))
        except (StaleDecision, DuneError) as e:
            self.notify(f"That decision was refused: {e}", severity="error")
            return
        everything: dict[int, object] = {}
        for batch in batches:
            everything.update((id(e), e) for e in batch.events)
            if not self.session.seats[batch.seat].is_human and batch.events:
                self.runner.observe(batch.seat, batch.events)
        self.session.history.extend(everything.values())
        events = self._visible(batches[0].events if len(self.humans) != 1 else batches[self.humans[0]].events)
        self.query_one(GameLog).add(events)
        self.show_board()
        if self.settings.autosave:
            _, error = saving.maybe_autosave(self.session, self.settings.save_dir)
            if error:
                self.notify(f"Autosave failed: {error}", severity="warning")
        for e in events:
            if e.kind == "reveal" and self._human_in_battle(e):
                self.blocked = True
                self.app.push_screen(Reveal(e), self._revealed)

    def _human_in_battle(self, event) -> bool:
        state = self.session.state
        sides = [state.faction_seat[FACTION_NAMES.index(event.data[side])] for side in ("attacker", "defender")]
        return any(s >= 0 and self.session.seats[s].is_human for s in sides)

    def _revealed(self, _result=None) -> None:
        self.blocked = False
        self.advance()

    def finish(self) -> None:
        from .game_over import GameOverScreen

        self.autosave()
        self.stop_bots()
        self.app.switch_screen(GameOverScreen(self.session, self.settings))

    # --------------------------------------------------------------- saving
    def autosave(self, quiet: bool = False) -> bool:
        if not self.settings.autosave:
            return True
        _, error = saving.autosave(self.session, self.settings.save_dir)
        if error and not quiet:
            self.notify(f"Autosave failed: {error}", severity="warning")
        return error is None

    # ----------------------------------------------------------------- keys
    def action_skip(self) -> None:
        self.skipping = True
        self.show_board()
        if self._step is not None and self._pending_bot is not None:
            self._step.stop()
            self._bot_plays(*self._pending_bot)

    def action_pause(self) -> None:
        self.settings.next_pause()
        self.query_one(StatusBar).show(self.display_view(), self.settings.pause, self.skipping)

    def action_focus_log(self) -> None:
        log = self.query_one(GameLog)
        if log.has_focus:
            self.query_one(DecisionPanel).focus_form()
        else:
            log.focus()

    def action_full_log(self) -> None:
        self.app.push_screen(LogScreen(self.query_one(GameLog).lines_written))

    def action_save_as(self) -> None:
        self.app.push_screen(SaveAs(), self._save_as)

    def _save_as(self, name: str | None) -> None:
        if not name:
            return
        path, error = saving.save_named(self.session, name, self.settings.save_dir)
        if error:
            self.notify(f"Not saved: {error}", severity="error", timeout=8)
        else:
            self.notify(f"Saved as {path.name}", timeout=4)

    def action_leave(self) -> None:
        self.app.push_screen(ConfirmLeave(), self._left)

    def _left(self, choice: str | None) -> None:
        if choice is None:
            return
        saved = self.autosave()
        self.stop_bots()
        if choice == "quit":
            self.app.exit(0 if saved else 1)
        else:
            self.app.pop_screen()
