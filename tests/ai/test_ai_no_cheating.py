"""No cheating: what a seat may not see never changes its bot's decision (same bot seed).

Each case builds games whose hidden parts differ (the dice generator's key and position, the Bene Gesserit
prediction, the other side's sealed battle commit) while the seat's view is the same, and asks every shipped bot
the same question in each: the answers must be equal.  A deliberately cheating bot, one that reads the game behind
its request to foresee the dice, shows that the test can fail.
"""

from __future__ import annotations

from hashlib import blake2b

import msgspec
import pytest
from ai_positions import find, request

from dune_tui.ai import make_agent
from dune_tui.games import rng
from dune_tui.games.dune import State, apply, determinize, legal_actions, view
from dune_tui.games.dune.data import BENE_GESSERIT, GUILD
from dune_tui.table.bots import bot_seed

SPECS = ("random", "heuristic", "mcts:iters=40")
SEED = bot_seed(0x5EC2E7, 1)  # one bot seed for every game of a case
FIELDS = tuple(name for name in State.__slots__ if not name.startswith("_") and name != "events")


class Peeker:
    """A cheat: it finds the game behind its request on the caller's stack and picks by the next die to come."""

    name = "peeker"

    def decide(self, request, cancel=None):
        import sys

        frame = sys._getframe(1)
        while frame is not None:
            for value in frame.f_locals.values():
                if isinstance(value, State) and value.rng is not None:
                    _, die = rng.below(value.rng, 6)
                    hidden = repr((die, value.prediction, value.b_commits)).encode()
                    return request.legal[blake2b(hidden, digest_size=2).digest()[0] % len(request.legal)]
            frame = frame.f_back
        return request.legal[0]


def seen(state: State, seat: int) -> str:
    """Everything `seat` sees of `state`."""
    v = view(state, seat)
    return repr(tuple(getattr(v, name) for name in FIELDS))


def ask(agent, state: State, seat: int):
    return agent.decide(request(state, seat))  # the game is a local here, as it is wherever a bot is asked


def cheats(make, states: list[State], seat: int) -> bool:
    """True when `seat` sees the same in every game but a fresh bot from `make()` (same seed) answers differently."""
    assert len({seen(s, seat) for s in states}) == 1, "the games must look the same to the seat"
    return len({repr(ask(make(), s, seat)) for s in states}) > 1


def other_dice(s: State, seat: int, key: int, position: int, prediction: int | None = None) -> State:
    """`s` with another game seed (another key for the dice), `position` draws on, another prediction."""
    t = determinize(view(s, seat), key, s.prediction if prediction is None else prediction)
    t.options = msgspec.structs.replace(s.options, seed=key)
    for _ in range(position):
        t.rng, _ = rng.next_u64(t.rng)
    t.viewer = s.viewer
    return t


def rolls():
    """A decision about the dice in a five-player game (the Bene Gesserit's prediction is made), and games that
    differ from it only in the dice to come and in the prediction."""
    s = find(5, "roll")
    seat = s.awaiting[0]
    assert s.seat_faction[seat] != BENE_GESSERIT and s.prediction >= 0
    other = GUILD if s.prediction != GUILD else s.seat_faction[seat]
    games = [s] + [other_dice(s, seat, key, position, prediction)
                   for key, position, prediction in ((2, 0, None), (3, 5, other), (1 << 100, 17, None), (7, 1, other))]
    return games, seat


def commits():
    """The second side's battle commit, the first side's sealed commit different in each game (and the dice)."""
    s = find(4, "commit")
    first, second = s.awaiting
    games = []
    for i, commit in enumerate(legal_actions(s, first)):
        t = s.copy() if i % 2 == 0 else other_dice(s, second, 100 + i, i)
        apply(t, first, commit, check=False)
        assert t.phase == "commit" and t.awaiting == (second,)
        games.append(t)
    assert len(games) > 1
    return games, second


CASES = {"rolls": rolls, "commits": commits}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("spec", SPECS)
def test_what_a_seat_cannot_see_does_not_change_a_shipped_bots_decision(spec, case):
    games, seat = CASES[case]()
    assert not cheats(lambda: make_agent(spec, SEED), games, seat)


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_test_catches_a_bot_that_reads_the_game_behind_its_request(case):
    games, seat = CASES[case]()
    assert cheats(Peeker, games, seat)


def test_the_games_differ_in_what_is_hidden():
    games, _ = rolls()
    assert len({(g.rng, g.options.seed, g.prediction) for g in games}) == len(games)
    games, _ = commits()
    assert len({g.b_commits for g in games}) == len(games)


def test_a_view_hides_what_the_bot_must_not_see():
    s = find(5, "roll")
    seat = s.awaiting[0]
    v = request(s, seat).view
    assert v.rng is None and v.prediction < 0 and v.options.seed == 0
