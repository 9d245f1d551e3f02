"""X36: a game without a round limit may end when the players agree: the Shorter Game's ending, this round
its last.  AGREE_END goes through `apply`, is logged and replays; it is never among the legal game actions."""

import random

import pytest

from dune_tui import cli
from dune_tui.controller import Decision
from dune_tui.games.express import (
    AGREE_END,
    IllegalAction,
    NotYourTurn,
    Options,
    apply,
    end_offered,
    legal_actions,
    new_game,
    returns,
)
from dune_tui.games.express.describe import action_text
from dune_tui.saves import autosave
from dune_tui.session import SeatConfig, Session

NO_LIMIT = Options(rules="express", players=3, seed=5)


def _until(state, stop, r):
    while not stop(state):
        seat = state.to_move[0]
        apply(state, seat, r.choice(legal_actions(state, seat)))


def _at_round(options, round_, seed=1):
    """A game played at random to the start of a turn in `round_` where the active seat may propose."""
    state, r = new_game(options), random.Random(seed)
    _until(state, lambda s: s.over or (s.round >= round_ and end_offered(s, s.active)), r)
    assert not state.over
    return state, r


def test_x36_the_agreement_ends_the_game_at_the_end_of_the_round_everybody_losing():
    state, r = _at_round(NO_LIMIT, 3)
    seat, round_ = state.active, state.round
    assert AGREE_END not in legal_actions(state, seat)  # bots never see it
    assert action_text(state, AGREE_END) == f"End the game by agreement at the end of round {round_} (X36)"
    events = apply(state, seat, list(AGREE_END))  # JSON's list, as a save holds it
    assert [e.kind for e in events] == ["end_agreed"] and f"end of round {round_}" in events[0].text
    assert state.limit == round_ and state.to_move == (seat,) and not end_offered(state, seat)
    _until(state, lambda s: s.over or s.round > round_, r)
    assert state.over and state.result.reason == "agreed" and state.result.round == round_
    assert state.result.winners == () and returns(state) == [0.0] * 3
    assert state.result.text.startswith(f"The players agreed to end the game in round {round_}: ")


@pytest.mark.parametrize("options", [
    Options(rules="express", players=3, seed=5, round_limit=30),  # a Shorter Game ends by its own limit
    Options(rules="express", players=3, seed=5, abilities=True, houses=("bg", "fremen", "guild")),  # X14's 20
])
def test_x36_refused_when_the_game_has_a_round_limit(options):
    state, _ = new_game(options), None
    _until(state, lambda s: s.phase == "roll", random.Random(0))
    assert not end_offered(state, state.active)
    with pytest.raises(IllegalAction):
        apply(state, state.active, AGREE_END)


def test_x36_only_the_active_seat_during_its_roll_and_only_once():
    state, r = _at_round(NO_LIMIT, 2)
    other = (state.active + 1) % state.n
    with pytest.raises(NotYourTurn):
        apply(state, other, AGREE_END)
    _until(state, lambda s: s.phase not in ("foresight", "roll") and s.to_move == (s.active,), r)
    assert not end_offered(state, state.active)  # the roll is over: the turn's moves are under way
    with pytest.raises(IllegalAction):
        apply(state, state.active, AGREE_END)
    state, _ = _at_round(NO_LIMIT, 2)
    apply(state, state.active, AGREE_END)
    with pytest.raises(IllegalAction):
        apply(state, state.active, AGREE_END)


def test_x36_an_agreed_end_is_saved_loaded_and_verified_by_replay(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("DUNE_TUI_SAVE_DIR", str(tmp_path))
    session = Session(NO_LIMIT, [SeatConfig(kind="human", name="Ann"), SeatConfig(kind="human", name="Bo"),
                                 SeatConfig(kind="bot", agent="random")], bots_secret=NO_LIMIT.seed)
    c, r = session.controller, random.Random(3)
    proposed = False
    while not c.over:
        request = c.pending()[0]
        seat = request.seat
        if not proposed and c.state.round == 2 and end_offered(c.state, seat):
            action, proposed = AGREE_END, True
        else:
            action = r.choice(request.legal)
        c.submit(Decision(request.id, seat, action))
    assert proposed and c.state.result.reason == "agreed" and c.state.result.round == 2
    path = autosave(session)
    assert cli.main(["replay", str(path), "--verify", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert f"verified: {len(c.log)} decisions" in out
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "agree to end the game at the end of round 2" in out and "agreed to end the game in round 2" in out
