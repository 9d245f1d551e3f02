"""A third rule set added from a folder of its own (issue 42's "done when"): Toy Dice (tests/toy/: its engine,
board, bots and save schema, declared there) is played through the controller, `new_game`, the table with its
bots, a save written and loaded, and the wire (two remote clients over the network server), with no change
outside its folder.  Registered for each test only, then the tables are as they were."""

from __future__ import annotations

import asyncio
import json
import random

import msgspec
import pytest

from dune_tui import saves
from dune_tui.ai import games as ai_games
from dune_tui.cli import main as cli_main
from dune_tui.controller import Controller, Decision
from dune_tui.game_spec import GameSpec, new_game
from dune_tui.games import GAMES, game_named
from dune_tui.net.views import decode_view, to_wire
from dune_tui.saves import games as saves_games
from dune_tui.session import SeatConfig, Session
from dune_tui.table import Table
from dune_tui.table.messages import SPECTATOR, GameOver
from dune_tui.ui import games as ui_games
from tests import toy as toy_folder
from tests.net.net_helpers import ANN, BOB, state_fields, two_players_and_a_watcher_play_to_the_end


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """Toy Dice registered (as its folder declares it), the save directory a temporary one; afterwards every table
    as it was."""
    monkeypatch.setenv("DUNE_TUI_SAVE_DIR", str(tmp_path / "saves"))
    tables = (GAMES, ui_games.PACKAGES, ai_games.BOTS, saves_games.SCHEMAS)
    before = [dict(t) for t in tables]
    yield toy_folder.register()
    for table, was in zip(tables, before, strict=True):
        table.clear()
        table.update(was)


def test_the_toy_is_known_by_name_and_by_its_options_and_each_table_has_its_part(toy):
    assert game_named("toy") is toy and toy.side_names == ("Red", "Blue")
    options = toy.engine.options_from(2, 5)
    assert saves_games.schema_of(toy).Save.__struct_config__.tag == "toy"
    assert ui_games.board_for(options).__module__ == "tests.toy.ui.board"
    assert ai_games.bots_of(options).__name__ == "tests.toy.bots"
    assert "toy" in ui_games.rules_names() and ui_games.rules_text("toy").startswith("# Toy Dice")


def test_the_toy_plays_to_the_end_through_the_controller_and_new_game(toy):
    for seed in range(5):
        c, rng = Controller(new_game(GameSpec(rules="toy", players=2, seed=seed)).options), random.Random(seed)
        while not c.over:
            request = rng.choice(c.pending())
            c.submit(Decision(request.id, request.seat, rng.choice(request.legal)))
        assert c.state.result.reason in ("target", "nobody") and c.state.phase == "over"
        assert sum(toy.engine.returns(c.state)) == len(c.state.result.winners)


def test_a_game_given_no_number_of_players_gets_its_own_default(toy, capsys):
    """No --players asked for: four, or the nearest number the game takes (the toy: two), for a new game's spec and
    for `dune-tui sim`; the first two games keep their four."""
    assert new_game(GameSpec(rules="toy", seed=1)).options.players == 2
    assert cli_main(["sim", "--rules", "toy", "--games", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == 2
    assert [game_named(name).default_players for name in ("dune", "express")] == [4, 4]
    assert new_game(GameSpec(seed=1)).options.players == 4


def test_the_toys_bots_play_it_at_a_table_that_saves_it_and_the_save_loads_again(toy, tmp_path):
    game = Session(toy.engine.options_from(2, 7), [SeatConfig(kind="bot", agent="heuristic"),
                                                   SeatConfig(kind="bot", agent="mcts:iters=30")], bots_secret=7)
    table = Table(game, bots="thread", pause=0.0)
    heard: list = []

    async def main():
        table.attach(SPECTATOR, heard.append)
        await table.run()

    asyncio.run(main())
    over, = [m for m in heard if isinstance(m, GameOver)]
    assert game.state.over and over.state.result == game.state.result
    path = saves.save_named(game, "toy-game")
    assert msgspec.json.decode(path.read_bytes())["rules"] == "toy"
    for loaded in (saves.load(path), saves.load(saves.latest_autosave())):
        assert loaded.log == game.log and state_fields(loaded.state) == state_fields(game.state)
        assert type(loaded.state) is toy.engine.State and not loaded.warning


def test_the_toy_crosses_the_wire_two_remote_players_and_a_watcher_play_it_to_the_end(toy):
    game = Session(toy.engine.options_from(2, 3), [ANN, BOB], bots_secret=3)
    view = toy.engine.view(game.state, 0)
    assert state_fields(decode_view(msgspec.to_builtins(to_wire(view)))) == state_fields(view)
    clients = two_players_and_a_watcher_play_to_the_end(game)
    for client in clients:
        over, = client.of(GameOver)
        assert type(over.state) is toy.engine.State and over.state.result == game.state.result
    assert game.state.over and len(game.log) == clients[0].of(GameOver)[0].decisions


def test_the_tables_are_as_they_were_without_the_toy():
    assert "toy" not in GAMES and "toy" not in ui_games.PACKAGES and "toy" not in ai_games.BOTS


@pytest.mark.slow
def test_the_toy_is_drawn_by_its_board_and_played_by_keys_to_the_game_over_screen(toy, tmp_path):
    """The game screen draws the toy with its own board (a `StandardBoard`) and words; a human plays it by keys
    (Enter: the highlighted option, rolling; `2`: hold) against the toy's heuristic, to the game-over screen."""
    from tests.toy.ui.board import scores
    from tests.ui.ui_helpers import HUMAN, human_waiting, make_app, pilot_test, screen_name, screen_text, until

    game = Session(toy.engine.options_from(2, 4), [HUMAN, SeatConfig(kind="bot", agent="heuristic")], bots_secret=4)

    @pilot_test
    async def play():
        app = make_app(game, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: human_waiting(app))
            text = screen_text(app)
            assert "Round 1: seat 1 to play" in text and "Red 0  Blue 0" in text and "Pot " in text
            assert "1 roll" in text and "2 hold" in text
            for _ in range(500):
                await until(pilot, lambda: human_waiting(app) or screen_name(app) == "GameOverScreen", timeout=30)
                if screen_name(app) == "GameOverScreen":
                    break
                request = app.screen.current
                await pilot.press("2" if request.view.pot >= 4 else "enter")
                await until(pilot, lambda r=request: screen_name(app) == "GameOverScreen"
                            or getattr(app.screen, "current", r) is not r, timeout=30)
            await until(pilot, lambda: "Game over" in screen_text(app), what="the game-over screen drawn")
            assert game.state.result.text in screen_text(app) and scores(game.state) in screen_text(app)

    play()
    assert game.state.over and any(entry.seat == 0 and entry.action == ("hold",) for entry in game.log)
