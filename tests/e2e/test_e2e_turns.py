"""Turn-based play on the table server as a user types it, in a real terminal (tmux): `dune-tui host --turn-limit`
opens the table on the server; `dune-tui tables` says "your turn (since …)" to the player it waits for; the host
leaves, and past the limit a bot plays the absent seat's decision, the server's log says so."""

from __future__ import annotations

import time

import pytest
from e2e_terminal import PYTHON, Tmux, end_left, have, left_running

from dune_tui.net.identity import my_login
from tests.e2e.test_e2e_server import folder, tmux  # noqa: F401 (the fixtures)
from tests.server.test_serve_command import Served

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not have("tmux"), reason="tmux is not installed")]


def test_your_turn_is_listed_and_past_the_turn_limit_a_bot_plays_for_the_host_who_left(folder, tmux: Tmux):  # noqa: F811
    server = Served(folder / "server").start()
    try:
        env = {"TERM": "xterm-256color", "DUNE_TUI_SERVER": str(server.where), "DUNE_TUI_LOBBY": str(folder / "no"),
               "DUNE_TUI_SAVE_DIR": str(folder / "saves")}
        tmux.start([PYTHON, "-m", "dune_tui", "host", "--seed", "7", "--seat", "human", "--seat", "heuristic",
                    "--pause", "0", "--turn-limit", "3s"], env=env)
        tmux.wait_for("Keep at least one die")  # seed 7: the host's seat rolls first
        tmux.respawn([PYTHON, "-m", "dune_tui", "tables"], env=env)  # the host leaves; the table waits
        tmux.wait_for("your turn (since")
        # asked again once the host's screen is gone (as it went, it could still wipe the pane's first row)
        tmux.respawn([PYTHON, "-m", "dune_tui", "tables"], env=env)
        listed = tmux.wait_for("your turn (since")
        assert f"{my_login()}'s table" in listed and "Traceback" not in listed
        deadline = time.monotonic() + 30
        while "did not decide in 3 s: heuristic plays the decision" not in server.log.read_text():
            assert time.monotonic() < deadline, server.log.read_text()
            time.sleep(0.2)
        assert server.stop() == 0
        assert not left_running(str(folder)), "the host's process outlived its terminal and its server"
    finally:
        server.kill()
        end_left(str(folder))
