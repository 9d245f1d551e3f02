"""A saved game loads back as the same game: same state, log, seats and identity."""

from __future__ import annotations

import tempfile

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dune_tui.ai import make_agent
from dune_tui.controller import Decision
from dune_tui.games import GAMES, express
from dune_tui.games.dune import Options
from dune_tui.saves import autosave, load, save_named
from dune_tui.saves.schema import schema_of
from dune_tui.saves.snapshot import snapshot_of
from dune_tui.session import SeatConfig, Session
from tests.profiles import cases


def same_game(a, b) -> None:
    assert msgspec.to_builtins(snapshot_of(a.state)) == msgspec.to_builtins(snapshot_of(b.state))
    assert a.log == b.log
    assert a.options == b.options
    assert a.seats == b.seats
    assert a.game_id == b.game_id
    assert a.created == b.created


options_strategy = st.builds(
    Options,
    players=st.integers(2, 8),
    seed=st.one_of(st.integers(0, 2**64 - 1), st.integers(-(2**80), 2**80)),
    faction_choice=st.sampled_from(["random", "choose"]),
    face_dancers=st.sampled_from(["dice", "spice"]),
)
seat_strategy = st.builds(SeatConfig, kind=st.sampled_from(["human", "bot"]),
                          agent=st.sampled_from(["random", "heuristic", "mcts:hard"]), name=st.text(max_size=12))


@settings(max_examples=cases(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=options_strategy, decisions=st.integers(0, 500), data=st.data())
def test_round_trip_any_position(play_game, options, decisions, data):
    """Property: save at any point of any game, load (replaying the log), get the same game."""
    seats = data.draw(st.lists(seat_strategy, min_size=options.players, max_size=options.players))
    session = play_game(options, decisions, seats)
    with tempfile.TemporaryDirectory() as folder:
        loaded = load(autosave(session, folder))
        fast = load(autosave(session, folder), verify=False)
    same_game(session, loaded)
    same_game(session, fast)


def test_loaded_game_plays_on_like_the_original(play_game, save_dir):
    """Saving mid-game and loading gives the same dice: the rest of the game is identical."""
    options = Options(players=6, seed=11)
    original = play_game(options, 60)
    loaded = load(autosave(original))
    bots = [make_agent("random", seed=s) for s in range(6)]
    bots2 = [make_agent("random", seed=s) for s in range(6)]
    for session, agents in ((original, bots), (loaded, bots2)):
        c = session.controller
        while not c.over:
            r = c.pending()[0]
            c.submit(Decision(r.id, r.seat, agents[r.seat].decide(r)))
    same_game(original, loaded)
    assert original.state.result == loaded.state.result


def test_named_save_keeps_the_name_and_the_games_autosave(play_game, save_dir):
    session = play_game(Options(players=3, seed=5), 20)
    path = save_named(session, "Before the battle")
    assert path == save_dir / "Before the battle.dune.json"
    loaded = load("Before the battle")
    assert loaded.name == "Before the battle"
    assert autosave(loaded).name == f"autosave-{session.game_id}.dune.json"  # same game, same autosave


def test_history_holds_every_event_after_load(finished_bg_game, save_dir):
    """The UI can show the game so far (private events included, for it to filter)."""
    loaded = load(autosave(finished_bg_game))
    assert loaded.history[-1].text  # the ending
    assert any(e.to is not None for e in loaded.history)  # the Bene Gesserit prediction


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES)
def test_snapshot_schema_covers_every_state_field(game):
    """If an engine's State gains a field, the save format must get a new version (see saves/README.md)."""
    state_fields = set(game.engine.State.__slots__) - {"events", "_legal"}
    assert set(schema_of(game).Snapshot.__struct_fields__) == state_fields == set(game.state_fields())


def test_finished_game_round_trip(finished_bg_game, save_dir):
    loaded = load(autosave(finished_bg_game))
    assert loaded.state.over
    assert loaded.state.result == finished_bg_game.state.result
    same_game(finished_bg_game, loaded)


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES)
def test_every_game_s_save_holds_the_session_s_saved_fields_by_their_names(game):
    assert set(Session.SAVED) <= set(schema_of(game).Save.__struct_fields__)


@pytest.mark.parametrize("options", [Options(players=3, seed=4), express.with_variants("houses", players=3, seed=4)],
                         ids=GAMES)
def test_a_session_loads_back_with_every_saved_field(options, play_game, save_dir):
    """The file is the session: each of `Session.SAVED` comes back as it was."""
    seats = [SeatConfig(kind="human", name="Ann", login="ann"), SeatConfig(agent="mcts:hard"), SeatConfig()]
    session = play_game(options, 20, seats)
    session.hints, session.hints_allowed, session.bots_secret = [(3, 0, "keep the spice")], False, 2**100 + 7
    session.lesson = [0, 2, 5]  # a guided game's steps told
    loaded = load(save_named(session, "record"))
    assert {f: getattr(loaded, f) for f in Session.SAVED} == {f: getattr(session, f) for f in Session.SAVED}
