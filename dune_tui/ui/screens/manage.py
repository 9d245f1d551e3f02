"""The owner's controls of a table of the table server, on its screen (`o`, "Manage table", shown to the login who
opened it only): invite a login to a seat, release a seat, kick a player, make the table private or public, open or
close it to watchers.  Each is the control request `dune-tui table VERB` sends (`server.control.manage`); the
server says what changed, or why not, in a sentence shown here.  The server alone decides: a request from anyone
else is refused there."""

from __future__ import annotations

import asyncio
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from ...text import printable
from ..kit.screens import DuneModal
from ..widgets.footer import Footer

# verb: (key, what the key does, what the line asks for: "" none, "login", "seat" or "login [seat]")
CONTROLS = {
    "invite": ("i", "invite a login to a seat", "login [seat]"),
    "release": ("r", "release a seat (whoever plays it leaves it)", "seat"),
    "kick": ("k", "kick a player (their seat freed, their connections closed)", "login"),
    "private": ("p", "make the table private (invited logins only)", ""),
    "public": ("u", "make the table public again", ""),
    "watchers": ("w", "open the table to watchers", ""),
    "no-watchers": ("n", "close the table to watchers", ""),
}
ASKS = {
    "login [seat]": "the login to invite, then a seat's number if you want that seat (alice 2); Enter sends",
    "seat": "the number of the seat to release (1 is the first); Enter sends",
    "login": "the login to send away; Enter sends",
}


def owner_here(socket_path: str) -> bool:
    """The table at `socket_path` is a table of the table server that this login opened (the server's listing says
    who owns it).  Blocking: ask it in a thread."""
    from ...net.identity import my_identity
    from ...server import control
    from ..closed import server_table

    if not server_table(socket_path):
        return False
    return control.owner(Path(socket_path).parent, Path(socket_path).stem) == my_identity()


class OwnerControls:
    """Mixin for the game screen: `o` is shown once the server's listing says this login opened the table played
    there (a table of the table server), and opens the owner's controls.  (Textual calls each class's own
    `on_mount` along the MRO.)"""

    owner: bool | None = None  # this login opened the table (None: not known yet)

    def on_mount(self) -> None:
        from ..closed import server_table

        if server_table(getattr(self.table, "path", "")):
            self.run_worker(self._find_owner(), group="owner")

    async def _find_owner(self) -> None:
        self.owner = await asyncio.to_thread(owner_here, self.table.path)
        self.refresh_bindings()

    def owner_key(self) -> bool:
        return bool(self.owner)

    def action_manage(self) -> None:
        if self.owner:
            self.app.push_screen(TableControls(self.table.path))


def request_of(verb: str, line: str) -> tuple[str, int] | str:
    """The login and seat (from 0, -1 none) the line typed for `verb` names, or why it names none."""
    words = line.split()
    asks = CONTROLS[verb][2]
    if asks == "seat":
        if len(words) != 1 or not words[0].isdigit() or int(words[0]) < 1:
            return "type the seat's number: 1 is the first seat"
        return "", int(words[0]) - 1
    if not words or len(words) > (2 if asks == "login [seat]" else 1):
        return "type a login" + (", then a seat's number if you want one" if asks == "login [seat]" else "")
    if len(words) == 2:
        if not words[1].isdigit() or int(words[1]) < 1:
            return "the seat is a number: 1 is the first seat"
        return words[0], int(words[1]) - 1
    return words[0], -1


class TableControls(DuneModal):
    """The owner's controls, each a key; a control that names a login or a seat asks for it on the line below."""

    AUTO_FOCUS = ""  # none: the keys are the dialog's until a control asks for a login or a seat on its line
    BINDINGS = [
        *(Binding(key, f"control('{verb}')", what.split(" (")[0], show=False) for verb, (key, what, _) in
          CONTROLS.items()),
        Binding("escape", "close", "Back"),
    ]

    def __init__(self, socket_path: str) -> None:
        super().__init__()
        self.where, self.table = Path(socket_path).parent, Path(socket_path).stem
        self.asking = ""  # the verb whose login or seat the line asks for ("": none)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(f"Manage table {self.table}", classes="dialog-title")
            yield Static("\n".join(f"{key:<4}{what}" for key, what, _ in CONTROLS.values()) + "\nEsc back to the game",
                         id="manage-keys")
            yield Input(id="manage-line")
            yield Static(id="manage-result")
        yield Footer()

    def on_mount(self) -> None:
        line = self.query_one(Input)
        line.cursor_blink = False
        line.display = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "control" or not self.asking  # while the line asks, keys are its letters

    def action_control(self, verb: str) -> None:
        if CONTROLS[verb][2]:
            self.asking = verb
            line = self.query_one(Input)
            line.value, line.placeholder, line.display = "", ASKS[CONTROLS[verb][2]], True
            line.focus()
            self.refresh_bindings()
            return
        self.send(verb, "", -1)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.asking:
            return
        named = request_of(self.asking, event.value)
        if isinstance(named, str):
            self.say(Text(f"Not sent: {named}.", style="bold"))
            return
        verb, self.asking = self.asking, ""
        self.query_one(Input).display = False
        self.refresh_bindings()
        self.send(verb, *named)

    def action_close(self) -> None:
        if self.asking:  # Esc on the line: back to the keys
            self.asking = ""
            self.query_one(Input).display = False
            self.refresh_bindings()
            return
        self.dismiss(None)

    def send(self, verb: str, login: str, seat: int) -> None:
        self.say(Text("Asking the table server…"))
        self.run_worker(self._send(verb, login, seat), group="manage", exclusive=False)

    async def _send(self, verb: str, login: str, seat: int) -> None:
        from ...net import wire
        from ...server import control

        try:
            answer = await asyncio.to_thread(control.manage, self.where, self.table, verb, login=login, seat=seat)
        except control.Unreachable as e:
            self.say(Text(f"Not done: {printable(e, limit=300)}.", style="bold"))
            return
        if isinstance(answer, wire.Goodbye):
            self.say(Text(f"Refused: {printable(answer.reason, limit=300)}.", style="bold"))
        else:
            self.say(Text(f"Done: {printable(answer.text, limit=300)}."))

    def say(self, text: Text) -> None:
        self.query_one("#manage-result", Static).update(text)
