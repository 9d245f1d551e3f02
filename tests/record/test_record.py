"""Your games and your record (issue 46): the index of finished games read from the saves, and `dune-tui games`."""

from __future__ import annotations

import os
import stat

import msgspec
import pytest

from dune_tui import cli
from dune_tui.ai import make_agent
from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.games.dune.data import FACTION_NAMES
from dune_tui.record import INDEX, finished_games, tally
from dune_tui.saves import autosave, save_named
from dune_tui.session import SeatConfig, Session

SEATS = [SeatConfig(kind="human", name="Ann"), SeatConfig(kind="bot", agent="heuristic"),
         SeatConfig(kind="bot", agent="random")]


def play(options: Options, seats=SEATS, decisions: int | None = None, session: Session | None = None) -> Session:
    session = session or Session(options, list(seats[:options.players]), bots_secret=options.seed)
    bots = [make_agent("random", seed=options.seed * 10 + s) for s in range(options.players)]
    c = session.controller
    stop = None if decisions is None else len(c.log) + decisions
    while not c.over and (stop is None or len(c.log) < stop):
        request = c.pending()[0]
        c.submit(Decision(request.id, request.seat, bots[request.seat].decide(request)))
    return session


def winners_of(session: Session) -> set[int]:
    state = session.state
    return {seat for seat, side in enumerate(state.seat_faction[:state.n]) if side in state.result.winners}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNE_TUI_SAVE_DIR", str(tmp_path / "saves"))
    return tmp_path / "saves"


def test_a_finished_game_is_listed_once_whatever_its_saves_with_its_record(folder):
    session = play(Options(players=3, seed=11), decisions=30)
    save_named(session, "before the end", folder)  # the same game, not over yet
    play(session.options, session=session)
    autosave(session, folder)
    save_named(session, "the end", folder)  # the same game again
    save_named(play(Options(players=3, seed=12), decisions=20), "another, going on", folder)

    games = finished_games(folder)

    assert [g.game_id for g in games] == [session.game_id]
    game = games[0]
    mine = FACTION_NAMES[session.state.seat_faction[0]]
    won = 0 in winners_of(session)
    assert game.you == 0 and game.seats[0].side == mine and game.won == won
    assert game.decisions == len(session.log) and game.rounds == session.state.round
    assert [s.name for s in game.seats] == ["Ann", "Bot (heuristic)", "Bot (random)"]
    record = tally(games)
    assert (record.games, record.wins) == (1, int(won))
    assert record.by_side == {mine: [1, int(won)]}
    assert record.by_bot == {"heuristic": [1, int(won)], "random": [1, int(won)]}


def test_a_deleted_save_leaves_the_index_and_the_index_is_private(folder):
    session = play(Options(players=2, seed=5))
    path = autosave(session, folder)
    assert len(finished_games(folder)) == 1
    assert stat.S_IMODE(os.stat(folder / INDEX).st_mode) == 0o600
    path.unlink()
    assert finished_games(folder) == []


def test_a_damaged_index_is_rebuilt_from_the_saves(folder):
    autosave(play(Options(players=2, seed=5)), folder)
    finished_games(folder)
    (folder / INDEX).write_bytes(b"not a database at all" * 100)
    assert len(finished_games(folder)) == 1
    assert len(finished_games(folder)) == 1


def test_the_seat_kept_for_your_login_is_yours(folder):
    seats = [SeatConfig(kind="human", name="Bob", login="bob"), SeatConfig(kind="human", name="Alice", login="alice")]
    session = play(Options(players=2, seed=6), seats=seats)
    autosave(session, folder)
    assert finished_games(folder, me="alice")[0].you == 1
    assert finished_games(folder, me="bob")[0].you == 0
    assert finished_games(folder, me="carol")[0].you is None  # nobody's seat at this keyboard


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_dune_tui_games_lists_filters_and_prints_json(folder, capsys):
    first, second = play(Options(players=2, seed=5)), play(Options(players=3, seed=11))
    autosave(first, folder)
    autosave(second, folder)

    code, out, err = run(capsys, "games")
    assert code == 0 and err == ""
    assert "Dune: The Dice Game  2p" in out and "Dune: The Dice Game  3p" in out
    assert "Your record: 2 games" in out and "against random: 1 game, " in out

    code, out, _ = run(capsys, "games", "--players", "3", "--json")
    data = msgspec.json.decode(out)
    assert code == 0 and [g["game_id"] for g in data["games"]] == [second.game_id]
    assert data["record"]["games"] == 1 and data["games"][0]["seats"][0]["name"] == "Ann"
    lost = [s for s in (first, second) if 0 not in winners_of(s)]
    code, out, _ = run(capsys, "games", "--result", "lost", "--json")
    assert sorted(g["game_id"] for g in msgspec.json.decode(out)["games"]) == sorted(s.game_id for s in lost)


def test_dune_tui_games_without_games(folder, capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0 and out.startswith("No finished game in ")
