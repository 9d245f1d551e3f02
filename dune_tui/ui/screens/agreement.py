"""Ending the game by agreement on the game screen, where the rule set offers it (its engine's `end_offered`): `e`
proposes (a dialog says what it means, in the game's words: its board's `words.ending`), each of our seats asked
says yes or no, and the decision panel's title says while `e` is offered.  The table gathers the answers
(table/agreement.py)."""

from __future__ import annotations

from functools import partial

from rich.text import Text

from ...table import messages as m
from ..widgets.decision import DecisionPanel
from .modals import AgreeEnd


class Agreement:
    HINTS = (" · e: end game?", " · e: end?")  # the panel's title says `e` is offered, in the form that fits

    def __init__(self, screen) -> None:
        """`screen`: the game screen (its seat client, its board's words, its seats' titles)."""
        self.screen = screen

    @property
    def client(self):
        return self.screen.client

    def key_shown(self) -> bool:
        """`e` is offered, or refused with a reason to say."""
        return self.client.end_offered() or bool(self.client.end_refused())

    def hint(self) -> None:
        """`e` comes and goes with the request on the panel, and its title says so."""
        screen = self.screen
        screen.refresh_bindings()
        if screen.current is not None:
            panel = screen.query_one(DecisionPanel)
            room = panel.size.width - 2 if panel.size.width else 1000  # the title between the two corners
            hints = self.HINTS if self.client.end_offered() else ("",)
            forms = [(title, hint) for title in screen.turns.panel_titles for hint in hints]
            title, hint = next(((t, h) for t, h in forms if t.cell_len + len(h) <= room), forms[-1])
            panel.border_title = title.copy().append(hint, style="dim")

    def propose(self) -> None:
        """`e`: propose to end the game, after a dialog saying what it means; where it is refused, why."""
        screen = self.screen
        if not self.client.end_offered():
            refused = self.client.end_refused()
            if refused:
                screen.notify(refused, title="End by agreement", markup=False)
            return
        request = screen.current
        text = Text(f"End the game at the end of round {request.view.round}? {screen.rules_board.words.ending}")
        if self.client.others_human(request.seat):
            text.append(" Every other player must agree.")
            text.append("\n\ny  propose it\nn  play on")
        else:  # a newcomer's y ended the game for good, not knowing the bots say yes at once
            text.append(" The bots agree at once: this cannot be taken back.")
            text.append("\n\ny  end it with this round\nn  play on")
        screen.app.push_screen(AgreeEnd("End the game by agreement?", text), partial(self._proposed, request))

    def _proposed(self, request, yes: bool | None) -> None:
        if yes:
            self.client.send(m.ProposeEnd(), request.seat)

    def ask(self, seat: int, proposal: m.EndProposal) -> None:
        """One of our seats is asked to agree to end the game (in a hot-seat game, each in turn)."""
        screen = self.screen
        text = screen.turns.seat_title(proposal.seat)
        text.append(f" proposes to end the game at the end of round {proposal.round}: "
                    f"{screen.rules_board.words.ending_asked}\n\n")
        text.append_text(screen.turns.seat_title(seat))
        text.append(", do you agree?\n\ny  yes\nn  no, play on")
        screen.app.push_screen(AgreeEnd("End the game?", text), partial(self._answered, seat))

    def _answered(self, seat: int, yes: bool | None) -> None:
        self.client.send(m.AnswerEnd(yes=bool(yes)), seat)
