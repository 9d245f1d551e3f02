"""What both games' roll forms do alike: `1`-`7` (`1`-`8` with a tactical die: the footer says which, `dice_count`)
mark the dice to keep (or set aside), `r`/Enter keep the marked dice and reroll the rest, `a` keeps every die and
ends the roll, `t` plays a Thumper; a refused mark or answer is said on the form. Both rulebooks keep at least one
die before each reroll, so with no die marked `r` and Enter answer nothing: a key labelled Reroll never ends the
roll (nor does a second `r` typed before the next roll is drawn). With every die marked only Enter keeps them,
ending the roll. A game's form says which dice are still free (`free`), which are marked when the question comes
(`first_marks`), why a die may not be marked (`refusal`), and what a reroll, an end and a Thumper answer
(`reroll_action`, `end_action`, `action_thumper`)."""

from __future__ import annotations

from textual.binding import Binding
from textual.widget import Widget

from .messages import MarksChanged, Picked

N_DICE = 7  # both games roll seven dice
COUNTS = (N_DICE, N_DICE + 1)  # the dice a form may mark: seven, or with Dune Express's fortresses the tactical die


class MarkDice(Widget, can_focus=True):
    FORM_ID = "dice-form"
    ALL_DICE = (1 << N_DICE) - 1
    KEPT = "kept"  # the word for a die no longer rolled
    REFUSED = "That is not allowed now."
    BINDINGS = [
        # the footer and `?` say the keys of the dice the game rolls (`dice_count`): one binding a count, one shown
        *(Binding("1", f"mark_first({n})", "Mark", key_display=f"1-{n}") for n in COUNTS),
        *(Binding(str(d + 1), f"toggle({d})", show=False) for d in range(1, N_DICE)),
        Binding("r", "reroll", "Reroll"),
        Binding("enter", "reroll(True)", "Reroll, or keep every die marked", show=False, key_display="Enter"),
        Binding("a", "keep_all", "Keep all"),
        Binding("t", "thumper", "Thumper", show=False, key_display="t"),  # listed by `?`; the form says when
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = None
        self.legal: frozenset = frozenset()
        self.marks = 0
        self.error = ""
        self.note = ""  # the decision panel's note (a roll has none to say)

    def ask(self, view, legal, note: str = "") -> None:
        self.view, self.legal, self.note = view, frozenset(legal), note
        self.marks, self.error = self.first_marks(view), ""
        self._changed()
        self.refresh_bindings()  # the count of dice may differ from the last game's

    def dice_count(self) -> int:
        """How many dice the game rolls (the keys 1 to this mark them)."""
        return N_DICE

    def check_action(self, action: str, parameters: tuple) -> bool:
        """Only the `1` binding of the dice rolled is active (and shown)."""
        return action != "mark_first" or parameters[0] == self.dice_count()

    def action_mark_first(self, count: int) -> None:
        self.action_toggle(0)

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

    NONE_MARKED = "Mark the dice to keep with 1-7 first (a keeps every die and ends the roll)."
    ALL_MARKED = "Every die is marked: nothing to reroll (Enter or a keeps them all and ends the roll)."

    def reroll_action(self) -> tuple:
        """The answer that keeps the marked dice and rerolls the others."""
        raise NotImplementedError

    def end_action(self) -> tuple:
        """The answer that keeps every die and ends the roll."""
        raise NotImplementedError

    def action_reroll(self, end: bool = False) -> None:
        """Keep the marked dice and reroll the rest; every die marked: with `end` (Enter) the roll ends."""
        if self.view is None:
            return
        if not self.marks & self.free:
            self._say(self.NONE_MARKED)
        elif self.free & ~self.marks:
            self._pick(self.reroll_action())
        elif end:
            self._pick(self.end_action())
        else:
            self._say(self.ALL_MARKED)

    def action_keep_all(self) -> None:
        if self.view is not None:
            self._pick(self.end_action())

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
