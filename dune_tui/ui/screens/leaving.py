"""Leaving a game, and saving it under a name: the game screen's `q` and ctrl+s.

`q` asks first (a game of this terminal: ConfirmLeave, with the command that resumes it where Continue cannot; a
seat at a table hosted elsewhere: LeaveTable, with what sits it down again), then has the table save the game and
leaves once it is saved; a failed save asks what to do (NotSaved: another directory, leave unsaved, or play on).
ctrl+s asks a name (SaveAs) and keeps the dialog open, the name as typed, when the table refuses it."""

from __future__ import annotations

from ...table import messages as m
from .. import saving
from .modals import ConfirmLeave, LeaveTable, NotSaved, SaveAs


class Leaving:
    def __init__(self, screen) -> None:
        """`screen`: the game screen (its seat client, settings, `rejoin`, and `stop`)."""
        self.screen = screen
        self.choice: str | None = None  # "quit" / "menu" while the save before leaving is under way

    @property
    def client(self):
        return self.screen.client

    def ask(self) -> None:
        """`q`: leave, asking first (a table that is gone leaves at once: nothing waits, nothing to keep)."""
        screen = self.screen
        if self.client.table_closed:
            self.choice = "menu"  # back to where the player sat down from (the lobby's list)
            self.leave(saved=True)
            return
        if screen.rejoin:
            below = screen.app.screen_stack[-2] if len(screen.app.screen_stack) > 1 else None
            back_to = getattr(below, "BACK_NAME", "")
            dialog = LeaveTable(screen.rejoin, watching=self.client.watching_only, back_to=back_to)
        else:
            dialog = ConfirmLeave(self.resume_command())
        screen.app.push_screen(dialog, self._chosen)

    def resume_command(self) -> str:
        """How this game is resumed when Continue cannot: a hosted game with seats kept for other logins is hosted
        again (the command with its autosave; "" when Continue resumes it)."""
        from ...net.identity import my_identity
        from ...session import host_load

        me = my_identity()
        if saving.door_return():  # a front door's player has no shell to run it in: Continue or Load it is
            return ""
        if not self.client.game_id or not any(s.is_human and s.login and s.login != me for s in self.client.seats):
            return ""
        return host_load(str(saving.autosave_path(self.client.game_id, self.screen.settings.save_dir)))

    def _chosen(self, choice: str | None) -> None:
        if choice is None:
            return
        self.choice = choice
        self.client.save("leave")

    def save_as(self) -> None:
        """ctrl+s: a name to save the game under."""
        self.screen.app.push_screen(SaveAs(submit=self._named))

    def _named(self, name: str) -> None:
        self.client.save("name", name=name)

    def saved(self, purpose: str, reply: m.Saved | m.SaveFailed) -> None:
        """The table's answer to a save asked for `purpose` ("name": ctrl+s; "leave": `q`)."""
        screen, failed = self.screen, isinstance(reply, m.SaveFailed)
        if purpose == "name":
            dialog = screen.app.screen if isinstance(screen.app.screen, SaveAs) and screen.app.screen.submit else None
            if failed and dialog is not None:
                dialog.refused(reply.reason)  # open still, the name as typed: mend it or Esc
            elif failed:
                screen.notify(f"Not saved: {reply.reason}", severity="error", timeout=8, markup=False)
            else:
                if dialog is not None:
                    dialog.dismiss(None)
                screen.notify(f"Saved as {reply.path.rsplit('/', 1)[-1]}", timeout=4, markup=False)
        elif purpose == "leave" and self.choice is not None:
            if failed:
                screen.app.push_screen(NotSaved(reply.reason, reply.last_good), self._retry)
            else:
                self.leave(saved=True)

    def _retry(self, answer: str | None) -> None:
        """After a failed save: another directory to try, "discard" to leave unsaved, or None to play on."""
        if answer is None:
            self.choice = None
            self.screen.notify("The game is not saved: it stays open.", severity="warning", timeout=8)
        elif answer == NotSaved.DISCARD:
            self.leave(saved=False)
        elif saving.door_return():  # never at a front door: the player's own save directory only (NotSaved asks none)
            self.choice = None
        else:
            self.client.save("leave", directory=answer)

    def leave(self, saved: bool) -> None:
        choice, self.choice = self.choice, None
        screen = self.screen
        screen.stop()
        if choice == "quit":
            screen.app.exit(0 if saved else 1)
        else:
            screen.app.pop_screen()
