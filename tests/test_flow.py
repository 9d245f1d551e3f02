"""The order-of-play runner (dune_tui/games/flow.py) knows no step by name: a game tells it the step every turn
begins with and the phase of a finished game (both games: "roll" and "over"; a toy here: "throw" and "done")."""

from __future__ import annotations

from types import SimpleNamespace

from dune_tui.games.flow import Flow


class Toy:
    """Two turns of one seat: throw (the turn's first step), then bank; the game ends after the second bank."""

    def __init__(self) -> None:
        self.phase, self.awaiting, self.result, self.turn, self.log = "", (), None, 0, []


def _start_turn(state) -> None:
    state.turn += 1
    state.phase, state.awaiting = "throw", (0,)


def _enter_bank(state) -> bool:
    state.phase = "bank"
    return True


def _end_turn(state):
    return SimpleNamespace(text="Seat 1 banks twice.", winners=(0,), reason="banked") if state.turn == 2 else None


def _decided(state, seat, action) -> bool:
    state.log.append((state.phase, action))
    return True


FLOW = Flow({"throw": ("throw", lambda s, seat: [("throw",)], _decided),
             "bank": ("bank", lambda s, seat: [("bank",)], _decided)},
            (("bank", _enter_bank),), first_step="throw", start_turn=_start_turn, end_turn=_end_turn, over="done",
            resume={}, emit=lambda state, payload, template, **fields: state.log.append((payload, fields["reason"])),
            game_over="game_over")


def test_a_flow_runs_the_turn_the_game_names_and_ends_in_the_phase_it_names():
    state = Toy()
    _start_turn(state)
    for _ in range(4):
        assert FLOW.legal(state, 0) == [(state.phase,)]
        FLOW.apply(state, 0, (state.phase,))
    assert state.log == [("throw", ("throw",)), ("bank", ("bank",)), ("throw", ("throw",)), ("bank", ("bank",)),
                         ("game_over", "banked")]
    assert state.phase == "done" and state.awaiting == () and state.result.winners == (0,)
