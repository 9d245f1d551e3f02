"""The order of play, run the same way for every game: which rule decides now, and what comes after it.

A game's rules modules offer `enter(state) -> bool` (True: a decision is now awaited) and, per decision
phase, `legal(state, seat)` and `apply(state, seat, action) -> bool` (True: that step of the turn is over).
A game's `flow` module strings them together in its rulebook's order as one `Flow`: its phases, the step that
begins every turn (both games' roll) and the steps after it, what follows a step that is not a turn step (the
setup's), how a turn starts and how it ends, and the phase of a finished game.  The verbs (`games.verbs`) play a
game through its `Flow`'s `legal` and `apply`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

Phase = tuple[str, Callable, Callable]  # (the step it belongs to, legal, apply)


class Flow:
    """phases: phase -> (step, legal, apply); first_step: the step every turn begins with (`start_turn` enters
    it), whose phases' decisions come before `steps`: ((step, enter), ...) of a turn after it, in order; resume:
    step -> what runs when that step (outside the turn) is over; start_turn(state); end_turn(state) -> the game's
    result or None (a next turn is then started); over: the phase of a finished game; the game's `emit` and its
    `game_over` payload (text, winners, reason), the event that ends the game."""

    def __init__(self, phases: Mapping[str, Phase], steps: tuple[tuple[str, Callable], ...], *, first_step: str,
                 resume: Mapping[str, Callable], start_turn: Callable, end_turn: Callable, over: str,
                 emit: Callable, game_over: type) -> None:
        self.phases = phases
        self.steps = steps
        self.first_step, self.over = first_step, over
        self.after = {name: i + 1 for i, (name, _) in enumerate(steps)} | {first_step: 0}  # where each step resumes
        self.enters = {name: tuple(enter for _, enter in steps[i:]) for name, i in self.after.items()}  # the rest
        self.resume = resume
        self.start_turn = start_turn
        self.end_turn = end_turn
        self.emit, self.game_over = emit, game_over

    def legal(self, state, seat: int) -> list:
        return self.phases[state.phase][1](state, seat)

    def apply(self, state, seat: int, action) -> None:
        step, _, apply_fn = self.phases[state.phase]
        if apply_fn(state, seat, action):
            self.step_done(state, step)

    def step_done(self, state, step: str) -> None:
        """Run the steps after `step` until one awaits a decision or the turn ends."""
        resume = self.resume.get(step)
        if resume is not None:
            resume(state)
            return
        for enter in self.enters[step]:
            if enter(state):
                return
        result = self.end_turn(state)
        if result is None:
            self.start_turn(state)
            return
        state.result, state.phase, state.awaiting = result, self.over, ()
        self.emit(state, self.game_over, "{text}", text=result.text, winners=result.winners, reason=result.reason)
