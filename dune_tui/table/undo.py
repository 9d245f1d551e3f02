"""Undo against bots: a seat takes back its own decisions since something unknown was last revealed.

Only where every other seat is a bot (never at a table with another human, nor a hot seat of two), only while the
table asks that seat to decide, and only what the controller's `undoable` allows: the seat's own decisions that
rolled or drew nothing and opened no sealed choice, so that what it has seen stays known.  The game is replayed
without the decision (`Session.take_back`): the dice come back the same.  The keeper forgets it, the game is kept at
once, and every client is told (`Undone`, then the board).
"""

from __future__ import annotations

from .messages import Board, Notice, Undone


def undo(table, conn, wake) -> None:
    """`conn`'s seat asks to take back its last decision: taken back, the game kept at once (its save holds only
    the decisions played), everyone told and the table's loop woken (`wake`: it withdraws the request taken back
    and asks again); else a Notice to `conn` says why not."""
    if why := refused(table, conn.seat):
        conn.send(Notice(text=why, severity="information"))
        return
    take_back(table, conn.seat)
    table.autosave(force=True)
    wake.set()


def refused(table, seat: int) -> str:
    """Why `seat` may not take back its last decision now ("" when it may)."""
    session, controller = table.session, table.controller
    humans = session.humans()
    if len(humans) > 1:
        return f"Undo is only for a game against bots: seats {', '.join(str(i + 1) for i in humans)} are people's."
    if humans != [seat]:
        return "Undo is only for the player of a game against bots."
    if why := controller.undoable(seat):
        return why
    if not any(r.seat == seat for r in table.asked.values()):
        return "Nothing to take back now: wait until it is your decision."
    return ""


def take_back(table, seat: int) -> None:
    """Take back `seat`'s last decision (`refused` said it may) and tell everyone."""
    session, controller = table.session, table.controller
    entry = session.take_back()
    table.keeper.undone(len(controller.log))
    table.clock.restart()
    view = controller.rules.view(controller.state, seat)
    said = Undone(seat=seat, decisions=len(controller.log),
                  text=f"Took back: {controller.game.describe.action_text(view, entry.action)}")
    for conn in list(table.connections):
        conn.send(said)
        conn.send(Board(seat=conn.seat, view=controller.rules.view(controller.state, conn.seat),
                        decisions=len(controller.log)))
