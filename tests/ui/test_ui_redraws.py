"""What a move redraws on the game screen (issue 44: a move's latency through the SSH door, where every player's
process draws every move): nothing that stays the same is built or laid out again."""

from __future__ import annotations

import asyncio
import random

from textual.drivers.headless_driver import HeadlessDriver
from textual.widgets import Footer, Static
from ui_helpers import human_waiting, make_app, pilot_test, screen_text, session, until

from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.session import SeatConfig, Session
from dune_tui.table import Table
from dune_tui.table.keeper import FileKeeper
from dune_tui.table.messages import Closed, DecisionRequest
from dune_tui.ui.app import DuneApp
from dune_tui.ui.games.dune.dice import DiceTray
from dune_tui.ui.games.dune.houses import HouseCard
from dune_tui.ui.games.dune.map import MapView
from dune_tui.ui.games.dune.status import StatusBar
from dune_tui.ui.screens.game import GameScreen
from dune_tui.ui.settings import Settings


async def refreshed(widget) -> None:
    """Until the callbacks `widget` had asked for after the next refresh have run."""
    done = asyncio.Event()
    widget.call_after_refresh(done.set)
    await done.wait()


@pilot_test
async def test_the_footer_keeps_its_keys_when_the_bindings_refresh_to_the_same_keys():
    """Textual's footer built a new widget for every key at each focus change and bindings refresh, same keys or
    not: most of a move's CPU in the UI process."""
    app = make_app(session())
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: human_waiting(app), what="the first decision")
        footer = app.screen.query_one(Footer)
        await until(pilot, lambda: len(footer.children) > 0, what="the footer's keys")
        keys = list(footer.children)
        for _ in range(3):
            app.screen.refresh_bindings()
            await refreshed(footer)
        assert list(footer.children) == keys and all(key.is_attached for key in keys)
        assert "? Help" in screen_text(app).splitlines()[-1]


class Opponent:
    """Seat 1 of a table of two humans, played by the test: its open requests."""

    def __init__(self, table) -> None:
        self.table, self.open = table, {}
        self.conn = table.attach(0, self._got)

    def _got(self, message) -> None:
        if isinstance(message, DecisionRequest):
            self.open[message.id] = message
        elif isinstance(message, Closed):
            self.open.pop(message.id, None)

    def move(self, rng) -> None:
        request = self.open.pop(min(self.open))
        self.table.receive(self.conn, Decision(request.id, request.seat, rng.choice(request.legal)))


@pilot_test
async def test_another_players_move_paints_again_only_the_widgets_whose_drawing_changed(tmp_path, monkeypatch):
    """At a table of two humans, seen from seat 2: each of seat 1's moves sent a new view, and the map, dice, status
    line, house cards and the waiting panel were all painted again (most of the screen, to every player) though
    most of them drew the same.  A widget is painted (Textual calls its `render`) only when its drawing changed, and
    the panel's waiting line is not written again when it says the same."""
    painted: dict[type, int] = {}
    drawing = {}  # each class's own render, not counted: what a widget would draw now
    for cls in (StatusBar, MapView, DiceTray, HouseCard):
        def render(self, _render=cls.render):
            painted[type(self)] = painted.get(type(self), 0) + 1
            return _render(self)
        drawing[cls] = cls.render
        monkeypatch.setattr(cls, "render", render)
    update = Static.update

    def updated(self, *args, **kwargs):  # the decision panel's text: waiting, or a question
        if self.id == "ask":
            painted[Static] = painted.get(Static, 0) + 1
        return update(self, *args, **kwargs)

    monkeypatch.setattr(Static, "update", updated)
    seats = [SeatConfig(kind="human", agent="", name="Ann"), SeatConfig(kind="human", agent="", name="Bob")]
    game = Session(Options(players=2, seed=7, dice="splitmix"), seats, bots_secret=7)
    app = DuneApp(None, Settings(save_dir=tmp_path, pause=0.0, bots="thread"))
    async with app.run_test(size=(100, 30)) as pilot:
        table = Table(game, bots="thread", pause=0.0, keeper=FileKeeper(tmp_path, autosave=False))
        opponent, rng = Opponent(table), random.Random(7)
        app.table, screen = table, GameScreen(table, app.settings, seats=[1])
        app.run_worker(table.run(), name="table", group="table")
        app.push_screen(screen)
        await until(pilot, lambda: opponent.open and "Waiting for seat 1" in screen_text(app), what="seat 1's turn")
        same = changed = 0
        while opponent.open and same + changed < 40:
            widgets = [w for cls in drawing for w in screen.query(cls)]
            before = [drawing[type(w)](w) for w in widgets]
            waiting = screen.current is None and str(screen.query_one("#ask", Static).content)
            counts, board = dict(painted), screen.board
            opponent.move(rng)
            await until(pilot, lambda: screen.board is not board, what="the move's board")  # noqa: B023
            await refreshed(screen)
            moved = {type(w) for w, drawn in zip(widgets, before) if drawing[type(w)](w) != drawn}
            for cls in drawing:
                if cls in moved:
                    changed += 1
                else:
                    same += 1
                    assert painted.get(cls, 0) == counts.get(cls, 0), f"{cls.__name__} drew the same, painted again"
            if waiting and screen.current is None and str(screen.query_one("#ask", Static).content) == waiting:
                assert painted.get(Static, 0) == counts.get(Static, 0), "the same wait written again"
        assert same and changed  # both kinds were seen
        table.close()


@pilot_test
async def test_a_change_of_focus_sends_the_widgets_it_restyles_not_the_whole_screen(monkeypatch):
    """Textual's screen painted itself whole at every focus change: each decision asked (its form focused) and
    answered (the focus put away) sent every line of the screen again to the player's terminal."""
    written = [0]
    monkeypatch.setattr(HeadlessDriver, "is_headless", property(lambda self: False))  # it draws, as a terminal's
    monkeypatch.setattr(HeadlessDriver, "write", lambda self, data: written.__setitem__(0, written[0] + len(data)))
    app = make_app(session())
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: human_waiting(app), what="the first decision")
        screen, form = app.screen, app.focused
        await refreshed(screen)
        before = written[0]
        screen.refresh()  # the whole screen, for the measure
        await refreshed(screen)
        whole = written[0] - before
        for focus in (None, form, None, form):
            before = written[0]
            screen.set_focus(focus)
            await refreshed(screen)
            assert written[0] - before < whole / 2, (focus, written[0] - before, whole)
        assert app.focused is form
