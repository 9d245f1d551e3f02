"""`dune-tui join`: the game screen as the client of a table across a real loopback socket."""

from __future__ import annotations

import pytest
from net_helpers import ANN, BOB, Hosted, Player, bot, play_until
from textual.widgets import Input

from dune_tui.commands.play import JoinedApp
from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.net.client import RemoteTable
from dune_tui.session import Session
from dune_tui.ui.games.dune.reveal import Reveal
from tests.sessions import play_until as advance
from tests.sessions import session_from_log
from tests.ui.ui_helpers import at_commit, pilot_test, screen_name, screen_text, until


@pytest.mark.slow
@pilot_test
async def test_a_joined_seat_sees_its_own_decision_plays_it_and_leaves_without_losing_the_game():
    game = Session(Options(players=3, seed=5, dice="splitmix"), [ANN, BOB, bot()], bots_secret=5)
    async with Hosted(game) as hosted:
        app = JoinedApp(hosted.address(0))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: "Your decision" in screen_text(app), what="the first decision")
            before = len(game.log)
            await pilot.pause(0.5)  # past the panel's key guard for a new question
            await pilot.press("1")
            await until(pilot, lambda: len(game.log) > before, what="the decision reaching the host")
            await pilot.press("q")
            await until(pilot, lambda: screen_name(app) == "LeaveTable", what="the leave dialog")
            text = " ".join(screen_text(app).split())
            assert "The host keeps the game and your seat" in text
            assert "run `dune-tui join` and paste your code" in text and hosted.address(0) in text
            assert f"join {hosted.address(0)}" not in text  # never as a command line, which `ps` shows to all
            assert "saved" not in text and "Continue" not in text and "menu" not in text
            await pilot.press("m")  # not offered: there is no menu here
            assert screen_name(app) == "LeaveTable"
            await pilot.press("y")  # leave: the host keeps the game
            await until(pilot, lambda: not app.is_running, what="the app leaving")
        assert app.failure == ""
        assert not hosted.table.closed and not game.state.over  # the table plays on, waiting for seat 1


@pilot_test
async def test_a_wrong_code_is_refused_with_a_sentence():
    game = Session(Options(players=2, seed=5), [ANN, BOB], bots_secret=5)
    async with Hosted(game) as hosted:
        wrong = hosted.address(0).rsplit("/", 1)[0] + "/" + "x" * 32
        app = JoinedApp(wrong)
        seen = []
        async with app.run_test(size=(100, 30)) as pilot:
            seen.append(screen_name(app))
            await until(pilot, lambda: (seen.append(screen_name(app)) or not app.is_running), what="giving up")
        assert app.return_code == 2 and "refused" in app.failure
        assert set(seen) == {"Connecting"}, "connecting…, then the sentence: no main menu on the way"


@pilot_test
async def test_when_the_host_closes_the_table_the_screen_says_how_it_resumes_and_q_leaves_from_a_reveal():
    game = Session(Options(players=3, seed=5, dice="splitmix"), [ANN, BOB, bot()], bots_secret=5)
    async with Hosted(game) as hosted:
        ann = await RemoteTable.join(hosted.address(0))  # the first to hear the table close: Bob hears Ann go
        app = JoinedApp(hosted.address(1))

        def notes() -> str:
            return " ".join(str(n.message) for n in app._notifications)

        async with app.run_test(size=(100, 30)) as pilot:
            assert "Connecting to 127.0.0.1:" in screen_text(app) and hosted.codes.by_seat[1] not in screen_text(app)
            await until(pilot, lambda: "Waiting for seat 1" in screen_text(app), what="the table")
            assert "(away)" not in screen_text(app)
            other = advance(at_commit(), lambda s: s.awaiting == (0,) and s.phase != "commit")
            reveal = next(e for e in reversed(other.history) if e.kind == "reveal")
            app.push_screen(Reveal(reveal, other.history))  # a battle's reveal is open when the host quits
            await until(pilot, lambda: screen_name(app) == "Reveal", what="the reveal")
            hosted.table.close()  # the host quits: its table closes, then its server
            await hosted.server.close()
            await until(pilot, lambda: "host has closed" in notes(), what="the closed table")
            assert "dune-tui host --load FILE" in notes() and "new codes" in notes()
            assert "same code sits you down again" not in notes()
            assert "is away" not in notes(), "a closed table waits for nobody"
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, what="q leaving the closed table")
        ann.close()
        assert app.failure == "the host has closed the table"


@pilot_test
async def test_a_joined_seat_waiting_for_another_human_is_told_whom_it_waits_for():
    game = Session(Options(players=3, seed=5, dice="splitmix"), [ANN, BOB, bot()], bots_secret=5)
    async with Hosted(game) as hosted:
        assert 0 in game.state.awaiting  # Ann decides first; nobody answers for her
        app = JoinedApp(hosted.address(1))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: "Waiting for seat 1" in screen_text(app), what="the waiting line")
            assert "Ann" in screen_text(app)
            assert "thinking" not in screen_text(app)  # a person, not a bot: no spinner redrawing while idle


@pytest.mark.slow
@pilot_test
async def test_a_line_said_at_the_table_reaches_the_table_and_every_log_literally():
    game = Session(Options(players=3, seed=5, dice="splitmix"), [ANN, BOB, bot()], bots_secret=5)
    async with Hosted(game) as hosted:
        app = JoinedApp(hosted.address(1))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: "Waiting for seat 1" in screen_text(app), what="the table")
            await pilot.press("ctrl+t")
            await until(pilot, lambda: "Say to the table" in screen_text(app), what="the chat line")
            await pilot.press(*"ally? [b]x", "enter")
            said = f"Seat 2 · {game.controller.game.side_name(game.state.seat_faction[1])} (Bob): ally? [b]x"
            await until(pilot, lambda: said in " ".join(screen_text(app).split()), what="the line in the log")
        assert [(c.seat, c.text) for _, c in hosted.table.chat] == [(1, "ally? [b]x")]


@pilot_test
async def test_a_waiting_seat_keeps_its_keys_after_a_dialog_closes_the_filter_never_takes_them():
    game = Session(Options(players=3, seed=5, dice="splitmix"), [ANN, BOB, bot()], bots_secret=5)
    async with Hosted(game) as hosted:
        app = JoinedApp(hosted.address(1))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: "Waiting for seat 1" in screen_text(app), what="the table")
            await pilot.press("ctrl+t")
            await until(pilot, lambda: "Say to the table" in screen_text(app), what="the chat line")
            await pilot.press("escape")  # back to the game, still waiting for Ann
            await until(pilot, lambda: "Say to the table" not in screen_text(app), what="the chat line closing")
            assert not isinstance(app.focused, Input), "the hidden filter took the keyboard"
            await pilot.press("q")
            await until(pilot, lambda: screen_name(app) == "LeaveTable", what="q asking to leave")


@pilot_test
async def test_a_joined_seat_sees_another_player_leave_and_come_back():
    game = Session(Options(players=3, seed=5, dice="splitmix"), [ANN, BOB, bot()], bots_secret=5)
    async with Hosted(game) as hosted:
        app = JoinedApp(hosted.address(1))

        def notes() -> list[str]:
            return [str(n.message) for n in app._notifications]  # toasts (run_test does not draw them)

        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: "Ann (away)…" in screen_text(app), what="Ann not there yet")
            ann = await RemoteTable.join(hosted.address(0))
            await until(pilot, lambda: "(away)" not in screen_text(app), what="Ann arriving")
            assert not notes()  # a first arrival: the waiting line said it
            ann.close()
            await until(pilot, lambda: "Ann is away: the table waits" in " ".join(notes()), what="Ann leaving")
            assert "Ann (away)…" in screen_text(app)
            ann = await RemoteTable.join(hosted.address(0))
            await until(pilot, lambda: "Ann is back at the table." in " ".join(notes()), what="Ann back")
            assert "(away)" not in screen_text(app)
            ann.close()


@pilot_test
async def test_an_open_commit_form_says_when_the_other_human_seals_first():
    game = None
    for seed in range(1, 80):
        try:
            game = play_until(Session(Options(players=2, seed=seed), [ANN, BOB], bots_secret=seed),
                              lambda s: s.phase == "commit" and len(s.awaiting) == 2, seed=seed)
            break
        except AssertionError:
            continue
    assert game is not None, "no battle in 80 games"
    async with Hosted(game) as hosted:
        app = JoinedApp(hosted.address(1))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: "Seal commit" in screen_text(app), what="Bob's commit form")
            assert "sealed" not in screen_text(app).split("Log")[0]
            ann = Player(await RemoteTable.join(hosted.address(0)))
            request = ann.open_requests()[0]
            ann.send(Decision(request.id, 0, request.legal[0]))
            await until(pilot, lambda: "have sealed theirs" in screen_text(app), what="the note in the open form")
            assert "Seal commit" in screen_text(app)


@pytest.mark.slow
@pilot_test
async def test_a_joined_seat_at_the_end_can_replay_or_leave_but_starts_no_game_of_its_own():
    played = play_until(Session(Options(players=2, seed=3), [ANN, bot()], bots_secret=3), lambda s: s.over)
    last = max(i for i, entry in enumerate(played.log) if entry.seat == 0)  # Ann's last decision
    game = session_from_log(played.options, played.seats, played.log[:last], bots_secret=3)
    async with Hosted(game) as hosted:
        app = JoinedApp(hosted.address(0))
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(400):  # Ann plays the last round by keys: keep every die, the first option
                if screen_name(app) == "GameOverScreen":
                    break
                if "Your decision" in screen_text(app):
                    await pilot.pause(0.25)  # past the key guard of a new question
                    await pilot.press("a", "1", "enter")
                await pilot.pause(0.05)
            await until(pilot, lambda: screen_name(app) == "GameOverScreen", what="the game-over screen")
            await pilot.pause(0.1)
            text = screen_text(app)
            assert "Game over" in text and "r Replay" in text and "q Quit" in text
            assert "New game" not in text and "Main menu" not in text
            for key in ("n", "m"):
                await pilot.press(key)
                await pilot.pause(0.1)
                assert screen_name(app) == "GameOverScreen"
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, what="the app leaving")
