"""The end (KONEC HRY): holding enough territories at the end of one's turn, Manipulation, the round limit,
and the end the players agree to in a game without one (X36)."""

from __future__ import annotations

from .. import payloads as pl
from ..data import (
    BENE_GESSERIT,
    CORRINO,
    CORRINO_STORE_MAX,
    DEFAULT_ROUND_LIMIT,
    HOUSE_NAMES,
    STOP_ROUND,
    TERRITORIES_TO_WIN,
    WORM,
)
from ..events import emit
from ..state import Result
from .dice import roll_face


def to_win(players: int) -> int:
    """Territories to hold: 4 with 2 players, else 3 (the Polar Sink never counts)."""
    return TERRITORIES_TO_WIN[players]


def round_limit(state) -> int:
    """The Shorter Game's limit; with Manipulation and no limit chosen, 20 rounds (X14)."""
    if state.options.round_limit:
        return state.options.round_limit
    return DEFAULT_ROUND_LIMIT if state.ability(BENE_GESSERIT) else 0


def end_turn(state) -> Result | None:
    """The end of the active player's turn: a win, the Corrino store, and the round limit."""
    house = state.active_house
    if state.held(house) >= to_win(state.n):  # X23: only this win can be taken by Manipulation
        bg = BENE_GESSERIT
        if state.ability(bg) and house != bg and state.prediction == state.round:
            return _result(state, (bg,), "manipulation",
                           f"The {HOUSE_NAMES[house]} hold {state.held(house)} territories in round {state.round}, "
                           "the round the Bene Gesserit foresaw: the Bene Gesserit win (Manipulation).")
        return _result(state, (house,), "territories",
                       f"The {HOUSE_NAMES[house]} hold {state.held(house)} territories: they win.")
    if house == CORRINO and state.ability(CORRINO):
        stored = min(CORRINO_STORE_MAX, state.spice)  # what the turn left unspent
        if stored != state.store:
            emit(state, pl.Stored, "The Corrino store {spice} spice (Financial Support).", spice=stored)
        state.store = stored
    if (state.active + 1) % state.n == state.first and state.round >= (state.limit or STOP_ROUND):
        return _limit_reached(state)
    return None


def agreeable(state, seat: int) -> bool:
    """X36: whether `seat` may take AGREE_END now: a game with no round limit at all (not even Manipulation's,
    X14), not over, during the roll of the seat's own turn (its first decisions; the round is not over)."""
    return (state.result is None and not state.limit and seat == state.active
            and seat in state.awaiting and state.phase in ("foresight", "roll"))


def agreement_refused(state, seat: int) -> str:
    """X36: why `seat` may not take AGREE_END now, in a sentence ("" when it may)."""
    if agreeable(state, seat):
        return ""
    if state.result is not None:
        return "The game is over."
    if agreed(state):
        return f"The players have agreed already: the game ends at the end of round {state.limit}."
    if state.limit:
        why = "the Shorter Game" if state.options.round_limit else "Manipulation's limit, X14"
        return (f"No end by agreement: this game ends at the end of round {state.limit} ({why}); X36 offers it "
                "only to a game without a round limit.")
    return "An end by agreement is proposed at the roll of your own turn (X36)."


def agree(state) -> None:
    """X36: the players play the Shorter Game from now on, this round its last (KRATŠÍ HRA)."""
    state.limit = state.round
    emit(state, pl.EndAgreed, "The players agree to end the game at the end of round {round} (Shorter Game): if "
         "nobody has won by then, everybody loses.", round=state.round, seat_id=state.active)


def agreed(state) -> bool:
    """The round limit is the players' agreement (X36), not one the game was set up with."""
    return bool(state.limit) and not round_limit(state)


def _limit_reached(state) -> Result:
    """X26: "if nobody has won by the end, all lose"; or, chosen, the alternative ending and its tie-breaks
    (for Manipulation's 20 rounds too, X14)."""
    if not state.limit:  # X27: no limit, and the game has gone on for STOP_ROUND rounds: dune-tui stops it
        return _result(state, (), "stopped", f"Round {state.round} is over and nobody has won: the game stops here, "
                       "nobody wins (dune-tui stops a game without a round limit after this round).")
    if agreed(state):  # X36: the Shorter Game's main ending (a game without a limit has no tie-break, X26)
        return _result(state, (), "agreed", f"The players agreed to end the game in round {state.round}: "
                       "nobody holds enough territories, everybody loses.")
    if state.options.ending == "nobody":
        return _result(state, (), "nobody", f"Round {state.round} is over and nobody holds enough territories: "
                       "everybody loses.")
    return _result(state, tie_break(state), "round_limit",
                   "The round limit is reached: the {names} {verb} (Shorter Game).")


def tie_break(state) -> tuple[int, ...]:
    """Most territories, then most units on the board (Polar Sink included, X15), then the highest
    spice die (face 5, Shai-Hulud, counts 6: the highest), rolled again among those still tied (X16)."""
    houses = list(state.seat_house)
    for key in (state.held, state.on_board):
        best = max(key(h) for h in houses)
        houses = [h for h in houses if key(h) == best]
    while len(houses) > 1:
        rolls = tuple(roll_face(state) for _ in houses)
        emit(state, pl.TieBreak, "Tie-break: {text}.", text=", ".join(
            f"{HOUSE_NAMES[h]} {'Shai-Hulud' if r == WORM else r + 1}" for h, r in zip(houses, rolls)),
            houses=tuple(houses), rolls=rolls)
        houses = [h for h, r in zip(houses, rolls) if r == max(rolls)]
    return tuple(houses)


def _result(state, winners: tuple[int, ...], reason: str, text: str) -> Result:
    names = " and ".join(HOUSE_NAMES[h] for h in winners)
    text = text.format(names=names, verb="wins" if len(winners) == 1 else "win")
    return Result(winners=winners, reason=reason, round=state.round, text=text)
