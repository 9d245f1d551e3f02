"""What both games' roll forms do alike: `1`-`7` mark the dice to keep (or set aside), `r`/Enter rerolls the
rest, `a` keeps every die, `t` plays a Thumper; a refused mark or answer is said on the form. A game's form says
which dice are still free (`free`), which are marked when the question comes (`first_marks`), why a die may not be
marked (`refusal`), and what each key answers (`action_reroll`, `action_keep_all`, `action_thumper`)."""

from __future__ import annotations

from textual.binding import Binding
from textual.widget import Widget

from .messages import MarksChanged, Picked

N_DICE = 7  # both games roll seven dice


class MarkDice(Widget, can_focus=True):
    FORM_ID = "dice-form"
    ALL_DICE = (1 << N_DICE) - 1
    KEPT = "kept"  # the word for a die no longer rolled
    REFUSED = "That is not allowed now."
    BINDINGS = [
        Binding("1", "toggle(0)", "Mark", key_display="1-7"),
        *(Binding(str(d + 1), f"toggle({d})", show=False) for d in range(1, N_DICE)),
        Binding("r,enter", "reroll", "Reroll"),
        Binding("a", "keep_all", "Keep all"),
        Binding("t", "thumper", "Thumper", show=False, key_display="t"),  # listed by `?`; the form says when
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = None
        self.legal: frozenset = frozenset()
        self.marks = 0
        self.error = ""

    def ask(self, view, legal) -> None:
        self.view, self.legal = view, frozenset(legal)
        self.marks, self.error = self.first_marks(view), ""
        self._changed()

    def first_marks(self, view) -> int:
        return 0

    def refusal(self, die: int) -> str:
        """Why `die` may not be marked or unmarked now ("" when it may)."""
        return ""

    @property
    def free(self) -> int:
        """The dice still rolled (not yet kept or set aside)."""
        return self.ALL_DICE & ~self.view.kept if self.view is not None else 0

    def _changed(self) -> None:
        self.post_message(MarksChanged(self.marks))
        self.refresh(layout=True)

    def _say(self, error: str) -> None:
        self.error = error
        self.refresh(layout=True)

    def _pick(self, action) -> None:
        if action in self.legal:
            self.post_message(Picked(action))
        else:
            self._say(self.REFUSED)

    def action_toggle(self, die: int) -> None:
        if self.view is None:
            return
        if not self.free >> die & 1:
            self.error = f"Die {die + 1} is already {self.KEPT}."
        else:
            self.error = self.refusal(die)
            if not self.error:
                self.marks ^= 1 << die
        self._changed()
