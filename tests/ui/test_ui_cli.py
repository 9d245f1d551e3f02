"""`dune-tui new` arguments, the refusal to run without a terminal, and the bot runners."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest
from ui_helpers import make_app, pilot_test, screen_name, until

from dune_tui.cli import build_parser, main
from dune_tui.commands.new import session_from_args
from dune_tui.controller import Controller
from dune_tui.games.dune import Options
from dune_tui.table.bots import BotCancelled, BotFailed, ProcessBots, ThreadBots


def parse(*argv: str):
    return build_parser().parse_args(["new", *argv])


def test_new_builds_the_seats_in_play_order_with_bots_filling_the_rest():
    game = session_from_args(parse("--players", "3", "--seed", "7", "--seat", "random", "--seat", "human"))
    assert game.options.players == 3 and game.options.seed == 7
    assert [s.is_human for s in game.seats] == [False, True, False]
    assert game.seats[0].agent == "random"


def test_new_without_seats_puts_one_human_first_against_three_bots():
    game = session_from_args(parse())
    assert game.options.players == 4
    assert game.seats[0].is_human and not any(s.is_human for s in game.seats[1:])


def test_new_with_seats_or_factions_takes_their_number_of_players():
    assert session_from_args(parse("--seat", "human", "--seat", "mcts:hard")).options.players == 2
    assert session_from_args(parse("--seat", "human")).options.players == 4
    assert session_from_args(parse("--faction", "atreides", "--faction", "fremen", "--faction", "guild")
                             ).options.players == 3


@pytest.mark.slow
@pilot_test
async def test_the_new_game_form_offers_as_many_players_as_the_command_line():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "NewGameScreen")
        assert app.screen.query_one("#players").value == session_from_args(parse()).options.players


def test_new_takes_factions_and_the_face_dancers_option():
    game = session_from_args(parse("--players", "6", "--faction", "tleilaxu", "--faction", "bg", "--faction", "guild",
                                   "--faction", "fremen", "--faction", "corrino", "--faction", "smugglers",
                                   "--face-dancers", "spice"))
    assert game.options.factions[0] == "tleilaxu"
    assert game.options.face_dancers == "spice"


@pytest.mark.parametrize(("argv", "message"), [
    (("--players", "9"), "2 to 8"),
    (("--players", "0"), "2 to 8, not 0"),
    (("--players", "0", "--seat", "human", "--seat", "random"), "2 to 8, not 0"),
    (("--seat", "mcts:ultra"), "--seat: mcts takes easy, normal, hard"),
    (("--seat", "mcts:iters=-5"), "mcts:iters must be 1 to 1000000, not -5"),
    (("--seat", "mcts:time=0"), "mcts:time must be 0.01 to 600 seconds, not 0"),
    (("--seat", "heuristic:3"), "takes no options"),
    (("--players", "2", "--seat", "human", "--seat", "human", "--seat", "human"), "3 --seat given for 2 players"),
    (("--seat", "grandmaster"), "unknown agent"),
    (("--players", "2", "--faction", "atreides"), "one --faction per seat"),
    (("--players", "2", "--faction", "bg", "--faction", "atreides"), "5 players"),  # R12
    (("--players", "2", "--faction", "atreides", "--faction", "atreides"), "one seat only"),
])
def test_new_rejects_bad_arguments_with_a_sentence(argv, message):
    with pytest.raises(ValueError, match=message):
        session_from_args(parse(*argv))


@pytest.mark.parametrize(("seat", "message"), [
    ("wizard", "unknown agent 'wizard'"),
    ("mcts:iters=-5", "mcts:iters must be 1 to 1000000, not -5"),
])
def test_the_command_line_says_what_is_wrong_and_exits_2(seat, message):
    out = subprocess.run([sys.executable, "-m", "dune_tui", "new", "--seat", seat], capture_output=True,
                         text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert out.returncode == 2
    line, = out.stderr.splitlines()  # one line, before any terminal is needed
    assert line.startswith(f"dune-tui: --seat: {message}")
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize(("argv", "usage", "unknown"), [
    (["new", "--bogus"], "usage: dune-tui new ", "--bogus"),
    (["new", "--players", "3", "extra", "new"], "usage: dune-tui new ", "extra new"),
    (["sim", "--bogus"], "usage: dune-tui sim ", "--bogus"),
    (["saves", "--bogus"], "usage: dune-tui saves ", "--bogus"),
    (["--bogus"], "usage: dune-tui [-h]", "--bogus"),
    (["--bogus", "new"], "usage: dune-tui [-h]", "--bogus"),  # before the command: the top level's
])
def test_an_unknown_argument_shows_the_usage_of_its_own_command(argv, usage, unknown, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(usage)
    assert err.rstrip().endswith(f"error: unrecognized arguments: {unknown}")


def a_request():
    controller = Controller(Options(players=2, seed=3))
    return controller.pending()[0]


def test_the_bot_process_answers_with_a_legal_action_and_stops_on_close():
    runner = ProcessBots({0: "random", 1: "random"}, bots_secret=3)
    request = a_request()
    try:
        action = runner.decide(request, threading.Event())
        assert action in request.legal
        assert runner.decide(request, threading.Event()) in request.legal
        child = runner._proc
        assert child.is_alive()
    finally:
        runner.close()
    child.join(5)
    assert not child.is_alive()


def test_the_bot_process_reports_a_bot_that_cannot_be_built():
    runner = ProcessBots({0: "nosuchbot"}, bots_secret=3)
    try:
        with pytest.raises(BotFailed, match="unknown agent"):
            runner.decide(a_request(), threading.Event())
    finally:
        runner.close()


class SlowAgent:
    """Thinks until cancelled, like a search given a cancel flag."""

    def decide(self, request, cancel=None):
        while not cancel.is_set():
            time.sleep(0.01)
        return request.legal[0]


def test_a_thinking_bot_is_cancelled_promptly():
    runner = ThreadBots({0: "random"}, bots_secret=1)
    runner._agents.agents[0] = SlowAgent()
    cancel = threading.Event()
    request = a_request()
    request = type(request)(**{**{f: getattr(request, f) for f in request.__struct_fields__}, "seat": 0})
    outcome = []

    def think():
        try:
            outcome.append(runner.decide(request, cancel))
        except BotCancelled:
            outcome.append("cancelled")

    worker = threading.Thread(target=think)
    worker.start()
    cancel.set()
    worker.join(5)
    assert outcome == ["cancelled"]
