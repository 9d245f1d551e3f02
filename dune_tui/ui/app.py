"""The Textual app: the main menu at the bottom of the screen stack, a game on top of it.

A game is a table (dune_tui.table) playing on the app's loop; the game screen is its client.
A dropped SSH connection sends SIGHUP, which Textual does not handle: `on_mount` has it, SIGTERM and a
terminal that hangs up without a signal autosave and exit (`hang_up`), and a watchdog ends the process if
the exit itself hangs (ui/hangup.py), so the game never lingers without its terminal.  `exit_note` says, for the
terminal after the app, when the game could not be saved."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from . import hangup, saving
from .games import styles
from .hangup import HANGUP_EXIT
from .kit.screens import DuneScreen
from .settings import Settings

TIPS = {
    "MainMenu": "Continue opens the latest autosave of a game not over yet: every game saves itself after each "
                "turn and when you quit. Load lists every save, finished games with their result.",
    "HousesScreen": "↑/↓, PgUp/PgDn and Home/End scroll the cards when they do not all fit.",
}


class Launch(Screen):
    """The bottom of the stack when the app starts straight into a game: coming back to it
    (the game left, or a new-game screen closed) opens the main menu."""

    BACK_NAME = "the main menu"  # (a game screen's leave dialog: where leaving goes)

    def on_screen_resume(self) -> None:
        if self.app.screen_stack[-1] is self and self.app.started:
            from .screens.menu import MainMenu

            self.app.push_screen(MainMenu(self.app.settings))


class DuneApp(App[int]):
    CSS_PATH = [Path(__file__).with_name("dune.tcss"), *styles()]  # then each game's (ui/games/NAME/NAME.tcss)
    TITLE = "Dune: The Dice Game"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+q", "quit_game", "Quit", priority=True, show=False),
        Binding("question_mark", "help", "Help", key_display="?"),
    ]

    def __init__(self, session=None, settings: Settings | None = None, *, resumed: bool = False,
                 runner=None, first=None, lesson=None) -> None:
        """`runner`: the first session's bots, already starting (table.bots.start_early), or None.
        `first`: a screen to open at once instead of the main menu (`dune-tui review`); `lesson`: the first
        session is a guided first game, told by this lesson (`dune-tui learn`, screens/lesson.py)."""
        super().__init__()
        self._first_lesson = lesson
        self._first_screen = first
        self.settings = settings or Settings()
        self._first_session = session
        self._first_runner = runner
        self._resumed = resumed
        self.hung_up = False
        self.table = None  # the game being played (dune_tui.table.Table)
        self.started = False  # the first screens are up

    def notify(self, message, *args, **kwargs) -> None:
        """Textual's, but at a front door a path of the server's in `message` is not shown (ui/door.py)."""
        from .door import shown

        super().notify(shown(message) if isinstance(message, str) else message, *args, **kwargs)

    # ------------------------------------------------------------- screens
    def get_default_screen(self):
        from .screens.menu import MainMenu

        if self._first_session is None and self._first_screen is None:
            return MainMenu(self.settings)
        return Launch()  # a game starts at once; the menu is made only if the player goes back to it

    def on_mount(self) -> None:
        hangup.watch(self)  # SIGHUP, SIGTERM, a terminal gone without a SIGHUP: `hang_up`, the process ended
        if self._first_session is not None:
            self.start_game(self._first_session, resumed=self._resumed, runner=self._first_runner,
                            lesson=self._first_lesson)
        elif self._first_screen is not None:
            self.push_screen(self._first_screen)
        self.started = True

    def start_game(self, session, *, replace: DuneScreen | None = None, resumed: bool = False, runner=None,
                   file: str = "FILE", lesson=None) -> None:
        """`file`: the save the session was opened from (a refusal names it in the command that resumes it);
        `lesson`: a guided first game's (screens/lesson.py)."""
        from ..net.identity import at_door, my_identity
        from ..table import Table
        from .screens.game import GameScreen

        command = "" if at_door() else file  # (a front door's player has no shell to run a command in)
        if why_not := session.kept_for_others(my_identity(), command):  # a hosted game: its seats are other players'
            self.notify(f"Cannot open it here: {why_not}.", severity="error", timeout=12, markup=False)
            return
        if lesson is None and session.lesson is not None:  # a guided game resumed: its lesson goes on
            lesson = self._resumed_lesson(session)
        if lesson is not None:
            lesson.keep_in(session)  # its saves say where the lesson is
        if self.table is not None:
            self.table.close()
        s = self.settings
        self.table = Table(session, bots=s.bots, pause=s.pause, resumed=resumed, runner=runner, keeper=self._keeper())
        table = self.table
        screen = GameScreen(table, self.settings, lesson=lesson)
        screen.link.then = lambda: self.run_worker(table.run(), name="table", group="table")
        if replace is not None and self.screen is replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def _keeper(self):
        """How a game played in this process is kept: its files in the save directory; at a front door, a Save
        naming another directory is refused (the process is the server's user, the player has no files there)."""
        from ..net.identity import at_door
        from ..table.keeper import FileKeeper

        return FileKeeper(self.settings.save_dir, self.settings.autosave, directories=not at_door())

    def _resumed_lesson(self, session):
        """The lesson of a guided game resumed from its save, where it was (None, said, if its file is unreadable)."""
        from .screens.lesson import LessonError, resumed_lesson

        try:
            return resumed_lesson(session)
        except LessonError as e:
            self.notify(f"The game goes on without its lesson: {e}", severity="warning", timeout=12, markup=False)
            return None

    def learn(self, name: str | None, *, replace: DuneScreen | None = None) -> None:
        """Learn to play the game `name` (None: nothing): its guided first game (screens/lesson.py)."""
        if name is None:
            return
        from .screens.lesson import Lesson, LessonError, lesson_session, read_plan

        try:
            lesson, session = Lesson(read_plan(name)), lesson_session(name)
        except (LessonError, ValueError) as e:
            self.notify(f"Cannot start the lesson: {e}", severity="error", timeout=12, markup=False)
            return
        self.start_game(session, replace=replace, lesson=lesson)

    def host_game(self, session, *, replace: DuneScreen | None = None) -> None:
        """Host `session` (menu: Host a table): on the table server when one runs, else here (`host_here`)."""
        from .hosting import host_table

        self.run_worker(host_table(self, session, replace), group="host", exclusive=True)

    def host_here(self, session, *, replace: DuneScreen | None = None) -> None:
        """Host `session` at a table of this machine's lobby, in this process; this terminal plays the host's
        seat, the others sit down from their own menus."""
        from ..net.hosting import open_in_lobby, serve_in_lobby
        from ..net.lobby import LobbyUnsafe
        from ..table import Table
        from .screens.game import GameScreen

        try:
            where, sock, seat = open_in_lobby(session)
        except (LobbyUnsafe, ValueError, OSError) as e:
            self.notify(f"Cannot host: {getattr(e, 'strerror', None) or e}", severity="error", timeout=10,
                        markup=False)
            return
        if self.table is not None:
            self.table.close()
        s = self.settings
        self.table = Table(session, bots=s.bots, pause=s.pause, keeper=self._keeper())
        self.run_worker(serve_in_lobby(self.table, where, sock), name="table", group="table")
        screen = GameScreen(self.table, self.settings, seats=[seat])
        if replace is not None and self.screen is replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def continue_latest(self) -> None:
        path, why_not = saving.to_continue(self.settings.save_dir)
        if path is None:
            self.notify(why_not or "There is no autosave to continue: start a new game.", severity="warning",
                        markup=False)
            return
        session, error = saving.load(path, self.settings.save_dir)
        if error:
            self.notify(f"Cannot continue: {error}", severity="error", timeout=8, markup=False)
            return
        self.start_game(session, resumed=True, file=str(path))

    def sit_at(self, remote, rejoin: str, *, replace: DuneScreen) -> None:
        """Play at a table joined from a screen of this app (a rematch): the last table's end is no news any
        more (its connection's handler goes to the new one); its game screen in place of `replace`."""
        from .screens.game import GameScreen

        old = self.table
        if old is not None and old is not remote and hasattr(old, "on_close"):
            remote.on_close, old.on_close = old.on_close, None
            old.close()
        self.table = remote
        screen = GameScreen(remote, self.settings, seats=remote.seats_here(), rejoin=rejoin)
        if self.screen is replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def end_game(self, table) -> None:
        """The game screen is gone: stop its table (bots and all).  Saving was the screen's to ask."""
        table.close()

    def exit_note(self) -> str:
        """Lines for the terminal after the app: the last autosave failed, and where the last good save is; else,
        for a game left unfinished, where it is saved and the command that resumes it."""
        if self.table is None:
            return ""
        if note := self.table.exit_note():
            return note
        saved = self.table.last_saved  # None at a table joined over the network: its host keeps the game
        return saving.resume_note(saved, self.table.controller.over) if saved is not None else ""

    def game_screen(self):
        from .screens.game import GameScreen

        return next((s for s in self.screen_stack if isinstance(s, GameScreen)), None)

    # ---------------------------------------------------------------- keys
    def action_quit_game(self) -> None:
        game = self.game_screen()
        if game is not None and self.screen is game:
            game.action_leave()
            return
        self.exit(0)

    def action_help(self) -> None:
        from .screens.modals import Help  # not before: the main menu's first frame needs none of the dialogs

        if isinstance(self.screen, Help):
            return
        keys = []
        seen = set()
        for active in self.screen.active_bindings.values():
            b = active.binding
            label = b.tooltip or b.description or b.action  # the tooltip: a footer word's whole sentence
            if not b.show and not b.key_display:
                continue
            shown = b.key_display or self.get_key_display(b)
            if (shown, label) in seen:
                continue
            seen.add((shown, label))
            keys.append((shown, label))
        keys.append(("ctrl+q", "Quit (asks first during a game)"))
        tips = getattr(self.screen, "help_tips", "") or TIPS.get(type(self.screen).__name__, "")
        self.push_screen(Help(keys, tips))

    # ------------------------------------------------------------- hang-up
    def hang_up(self) -> None:
        """SIGHUP / SIGTERM / the terminal gone: save the game and exit (ui/hangup.py's watchdog, already started,
        ends the process if this cannot)."""
        if self.hung_up:
            return
        self.hung_up = True
        if self.table is not None and not self.table.closed:
            self.table.autosave(force=True)
            self.table.close()
        self.exit(HANGUP_EXIT)
