"""What a client is told of the whole game at once: the Welcome when it sits down, the GameOver at the end."""

from __future__ import annotations

from .chat import RECENT_EVENTS
from .messages import GameOver, Hint, Welcome


def welcome(table, seat: int) -> Welcome:
    """`seat`'s view of `table` now: its state, the last RECENT_EVENTS events it may see, its open requests, who
    sits where, the pace, the chat, an open X36 proposal (and the result, if the game is over)."""
    session, controller = table.session, table.controller
    history = controller.events_for(seat, session.history)
    return Welcome(
        seat=seat, game_id=session.game_id, seats=table.seat_list(), view=controller.rules.view(controller.state, seat),
        events=history[-RECENT_EVENTS:], requests=tuple(r for r in table.asked.values() if r.seat == seat),
        decisions=len(controller.log), thinking=table.thinking, sealed=table.sealed, pace=table.pacer.message(),
        resumed=table.resumed, warning=getattr(session, "warning", ""), recovery=getattr(session, "recovery", ""),
        over=game_over(table, seat) if controller.over else None, chat=table.chat.for_welcome(seat, history),
        hints=session.hints_allowed, proposal=table.end_vote.open, watchers=table.clients.watchers())


def game_over(table, seat: int) -> GameOver:
    """`seat`'s end of the game: the final state (the prediction is shown at the end), its events and hints."""
    session, controller = table.session, table.controller
    final = controller.rules.final_view(controller.state, seat)
    hints = tuple(Hint(text=t, seat=s, decision=d) for d, s, t in session.hints if s == seat)
    return GameOver(seat=seat, state=final, history=controller.events_for(seat, session.history),
                    decisions=len(controller.log), seats=table.seat_list(), hints=hints)
