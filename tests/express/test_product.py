"""Dune Express as a second game of the same program: the controller, the table, the saves, `replay --verify`,
`sim` and `new` play it through `dune_tui.games`, and the first game never loads it."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from dune_tui import saves
from dune_tui.ai.random_agent import RandomAgent
from dune_tui.cli import main
from dune_tui.controller import Controller, Decision, replay
from dune_tui.games import express, game_named, game_of, rules_of
from dune_tui.games.express.data import STOP_ROUND
from dune_tui.saves import schema
from dune_tui.saves.files import MAX_BYTES
from dune_tui.session import SeatConfig, Session
from dune_tui.table import Table
from dune_tui.table.messages import SPECTATOR, EventBatch, GameOver, Welcome
from dune_tui.table.messages import DecisionRequest as Asked

OPTIONS = express.with_variants("houses,shorter:12,thumper,defence:limited", players=4, seed=11)
BOTS = [SeatConfig(kind="bot", agent="random", name=f"Bot {i + 1}") for i in range(4)]


@pytest.fixture(autouse=True)
def save_dir(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    monkeypatch.setenv("DUNE_TUI_SAVE_DIR", str(folder))
    return folder


class Watcher:
    """A client at one seat (or watching): records what it gets; a seated one answers with the first legal action."""

    def __init__(self, table: Table, seat: int):
        self.got: list = []
        self.table = table
        self.conn = table.attach(seat, self._take)

    def _take(self, message) -> None:
        self.got.append(message)
        if isinstance(message, Asked):  # answered from the loop, never inside the table's call
            answer = Decision(message.id, message.seat, message.legal[0])
            asyncio.get_running_loop().call_soon(self.table.receive, self.conn, answer)

    def of(self, kind: type) -> list:
        return [m for m in self.got if isinstance(m, kind)]


def test_each_rule_set_names_its_engine():
    assert rules_of(express.Options()) is express
    assert game_of(express.Options()).name == "express" and game_named("express").players == range(2, 7)
    import dune_tui.games.dune as engine

    assert rules_of(engine.Options()) is engine and game_named().side_names[0] == "Atreides"
    assert game_named("express").side_names[3] == "Bene Gesserit"


def test_the_first_game_never_imports_dune_express():
    code = ("import sys; from dune_tui import cli, controller, session, sim, saves; from dune_tui.table import Table; "
            "from dune_tui.games.dune import Options; c = controller.Controller(Options(players=3, seed=1)); "
            "print(any(m.startswith('dune_tui.games.express') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_a_whole_game_at_the_table_is_saved_loaded_and_replayed(save_dir):
    game = Session(OPTIONS, [SeatConfig(kind="human", name="Ann"), *BOTS[1:]], bots_secret=OPTIONS.seed)
    table = Table(game, bots="thread", pause=0.0)

    async def run():
        ann, spectator = Watcher(table, 0), Watcher(table, SPECTATOR)
        await table.run()
        return ann, spectator

    ann, spectator = asyncio.run(run())
    state = game.state
    assert state.over and state.result.text
    for w in (ann, spectator):
        (over,) = w.of(GameOver)
        assert over.state.result == state.result
    welcome = ann.of(Welcome)[0]
    assert welcome.view.viewer == 0 and welcome.view.rng is None  # a seat sees its view, never the state
    asked = ann.of(Asked)
    assert asked and {r.seat for r in asked} == {0} and all(r.prompt for r in asked)
    assert sum(1 for e in game.log if e.seat == 0) == len(asked)
    seen = [e for b in spectator.of(EventBatch) for e in b.events]
    assert seen and all(e.to is None for e in seen)  # a spectator sees public events only
    if state.house_seat[3] not in (-1, 0):  # the Bene Gesserit's round is told to it alone
        assert all(e.kind != "prediction" for b in ann.of(EventBatch) for e in b.events)

    path = saves.latest_autosave(save_dir)
    assert json.loads(path.read_bytes())["rules"] == "express"
    loaded = saves.load(path)
    assert isinstance(loaded.options, express.Options) and loaded.options == OPTIONS
    assert loaded.state.result == state.result and loaded.state.board == state.board
    info = saves.list_saves(save_dir)[0]
    assert info.finished and info.players == 4 and set(info.factions) <= set(game_named("express").side_names)
    assert info.rules == "express"
    assert main(["replay", str(path), "--verify", "--quiet"]) == 0


def test_an_unfinished_game_is_saved_named_and_loads_where_it_was(save_dir):
    c = Controller(express.Options(players=3, seed=4, abilities=True))
    for _ in range(25):
        (request, *_) = c.pending()
        c.submit(Decision(request.id, request.seat, request.legal[0]))
    game = Session(c.options, BOTS[:3], c, bots_secret=c.options.seed)
    path = saves.save_named(game, "an express game", save_dir)
    loaded = saves.load(path)
    assert loaded.log == game.log and loaded.state.phase == game.state.phase and not loaded.state.over
    assert schema.decode(path.read_bytes()).snapshot.seat_house == game.state.seat_house


def test_the_controller_replays_an_express_log():
    c = Controller(OPTIONS)
    c.run([RandomAgent(s) for s in range(4)])
    again, events = replay(OPTIONS, c.log)
    assert again.state.result == c.state.result and events[-1].kind == "game_over"


def test_load_opens_an_express_save_in_the_terminal_game(save_dir, capsys):
    c = Controller(express.Options(players=2, seed=1))
    path = saves.save_named(Session(c.options, BOTS[:2], c, bots_secret=c.options.seed), "two", save_dir)
    assert main(["saves", "--save-dir", str(save_dir)]) == 0
    assert "2 players of Dune Express: " in capsys.readouterr().out
    assert main(["load", str(path)]) == 2  # on to the screen, which wants a terminal (none under pytest)
    err = capsys.readouterr().err
    assert "the game needs a terminal" in err and "cannot draw" not in err and "Traceback" not in err
    from dune_tui.ui import saving  # the Load screen and Continue open saves through it

    session, error = saving.load(path, save_dir)
    assert error is None and session.options.rules == "express"


def test_old_saves_read_as_the_first_game():
    for path in sorted((Path(__file__).resolve().parents[2] / "saves" / "v1").glob("*.dune.json")):
        save = schema.decode(path.read_bytes())
        assert isinstance(save, schema.schema_of(game_named("dune")).Save) and schema.rules_of_save(save) == "dune"
        assert saves.load(path).options.players == save.options.players


# ------------------------------------------------------------------ the command line


def test_sim_plays_dune_express(capsys):
    assert main(["sim", "--rules", "express", "--variant", "houses,shorter:15,thumper", "--players", "5",
                 "--games", "6", "--seed", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rules"] == "express" and out["games"] == 6 and out["errors"] == 0
    assert set(out["wins_by_faction"]) <= set(game_named("express").side_names)
    assert set(out["wins_by_reason"]) <= {"territories", "manipulation", "round_limit", "nobody", "stopped"}
    assert main(["sim", "--rules", "express", "--players", "2", "--games", "2", "--factions", "fremen,guild"]) == 0
    assert "Dune Express" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["sim", "--rules", "express", "--players", "7"], "--players must be 2 to 6 for Dune Express, not 7"),
    (["sim", "--rules", "express", "--variant", "fortress"], "unknown variant 'fortress'"),
    (["sim", "--variant", "houses"], "--variant is for --rules express"),
    (["sim", "--rules", "express", "--players", "2", "--variant", "houses", "--factions", "bg,fremen"],
     "Bene Gesserit cannot play a 2-player game"),
    (["new", "--rules", "express", "--players", "1"], "--players must be 2 to 6 for Dune Express, not 1"),
    (["new", "--rules", "express", "--players", "8"], "--players must be 2 to 6 for Dune Express"),
    (["new", "--rules", "express", "--variant", "shorter:x"], "shorter takes a number of rounds"),
    (["new", "--rules", "express", "--players", "3", "--faction", "fremen"], "one --faction (house) per seat"),
    (["new", "--rules", "express", "--faction-choice", "choose"], "--faction-choice and --face-dancers are the"),
    (["new", "--rules", "express", "--players", "2", "--variant", "houses", "--faction", "bg", "--faction", "guild"],
     "Bene Gesserit cannot play a 2-player game"),
    (["new", "--variant", "thumper"], "--variant is for --rules express"),
])
def test_bad_options_exit_2_with_a_message(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_new_express_goes_on_to_the_terminal_game(capsys):
    assert main(["new", "--rules", "express", "--variant", "houses,shorter:20,thumper,defence:none",
                 "--seat", "human", "--seat", "random", "--seed", "3"]) == 2  # no terminal under pytest
    err = capsys.readouterr().err
    assert "the game needs a terminal" in err and "cannot draw" not in err


def test_new_express_fills_the_seats_not_given_with_the_heuristic():
    from dune_tui.cli import build_parser
    from dune_tui.commands.new import session_from_args

    session = session_from_args(build_parser().parse_args(["new", "--rules", "express", "--players", "4"]))
    assert [s.kind for s in session.seats] == ["human", "bot", "bot", "bot"]
    assert {s.agent for s in session.seats[1:]} == {"heuristic"}


@pytest.mark.parametrize("players, variant", [
    (2, ""), (2, "houses,defence:none"), (3, "thumper,defence:limited"), (5, "houses,shorter:8"),
    (6, "houses,shorter:10,thumper,defence:limited"),
])
def test_every_variant_saves_and_replays_to_the_same_state(players, variant, save_dir):
    options = express.with_variants(variant, players=players, seed=players * 31)
    c = Controller(options)
    c.run([RandomAgent(s) for s in range(players)], max_decisions=100_000)
    path = saves.save_named(Session(options, BOTS[:1] * players, c, bots_secret=options.seed), f"x{players}", save_dir)
    loaded = saves.load(path)  # verifies the replayed state against the file's snapshot
    assert loaded.options == options and loaded.state.result == c.state.result
    assert main(["replay", str(path), "--verify", "--quiet"]) == 0


# ------------------------------------------------------------------ a game without a round limit


@pytest.mark.slow
@pytest.mark.parametrize("players, busy", [(2, False), (6, True)], ids=["two-passive", "six-busy"])
def test_a_game_without_a_round_limit_stops_after_round_999_and_its_save_loads(players, busy, save_dir):
    """Passive players never end a game without a round limit (random play reached 128,095 decisions), and a
    save has a size limit: X27 stops the game after round 999, nobody winning; the file stays far under the
    limit and loads.  Six busy players (every roll, reroll and traitor at random) make the most decisions."""
    c = Controller(express.Options(players=players, seed=5))
    c.run([PassiveAgent(s, busy) for s in range(players)])
    result = c.state.result
    assert result.reason == "stopped" and result.winners == () and result.round == STOP_ROUND
    assert "the game stops here, nobody wins" in result.text
    game = Session(c.options, BOTS[:1] * players, c, bots_secret=c.options.seed)
    path = saves.autosave(game, save_dir)
    assert path.stat().st_size < MAX_BYTES / 4
    loaded = saves.load(path)
    assert loaded.state.result == result and len(loaded.log) == len(c.log) > (15_000 if busy else 2_000)
    assert main(["replay", str(path), "--verify", "--quiet"]) == 0


class PassiveAgent(RandomAgent):
    """Never lands nor moves a unit (the first option: done); busy, it decides all else at random."""

    def __init__(self, seed: int, busy: bool) -> None:
        super().__init__(seed)
        self.busy = busy

    def decide(self, request):
        return super().decide(request) if self.busy and request.phase not in ("deploy", "wormride") \
            else request.legal[0]


def test_the_writer_never_writes_a_file_the_reader_refuses(save_dir):
    """The reader refuses files over 4 MB; a save that would be bigger is refused with the reason, and the
    last good save stays."""
    c = Controller(OPTIONS)
    c.run([RandomAgent(s) for s in range(4)])
    game = Session(OPTIONS, BOTS, c, bots_secret=OPTIONS.seed)
    path = saves.autosave(game, save_dir)
    good = path.read_bytes()
    game.hints = [(0, 0, "x" * 300)] * (MAX_BYTES // 300)  # advice shown over and over (h)
    saved, error = saves.try_autosave(game, save_dir)
    assert saved is None and "over the 4 MB a save may hold; the last save is kept" in error
    assert path.read_bytes() == good
    assert [p.name for p in save_dir.iterdir()] == [path.name]


def test_x26_a_save_written_before_the_ending_option_ends_its_shorter_game_with_the_tie_break(save_dir):
    """Files without `ending` were written when a Shorter Game always played the tie-break (X26) and the Bene
    Gesserit's 20 rounds ended with everybody losing (X14): they load and replay as they were played."""
    for options in (express.Options(players=2, seed=3, round_limit=3, ending="tiebreak"),
                    express.Options(players=3, seed=4, abilities=True, houses=("bg", "fremen", "guild"))):
        c = Controller(options)
        c.run([RandomAgent(s) for s in range(options.players)])
        assert c.state.result.reason == ("round_limit" if options.round_limit else "nobody")
        path = saves.save_named(Session(options, BOTS[:options.players], c, bots_secret=options.seed), "old", save_dir)
        data = json.loads(path.read_bytes())
        del data["options"]["ending"], data["snapshot"]["options"]["ending"]
        path.write_text(json.dumps(data))
        loaded = saves.load(path)
        assert loaded.options == options and loaded.state.result == c.state.result
