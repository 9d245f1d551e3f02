"""Leaving a game for the shell (issue 41): once the terminal is given back, a line says where the game was saved
and the exact command that resumes it; that command, typed as printed, opens the game again."""

from __future__ import annotations

import os
import re
import shlex

import pytest
from e2e_terminal import PYTHON, Tmux, game_command, have

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not have("tmux"), reason="tmux is not installed")]


@pytest.fixture
def tmux(tmp_path):
    t = Tmux(tmp_path, 240, 24)  # the long temporary path on one line
    yield t
    t.kill()


def shell_text(tmux: Tmux) -> str:
    """The pane with its wrapped lines joined (a long path wraps at 80 columns)."""
    return tmux.run("capture-pane", "-p", "-J", "-t", "game", check=False)


def test_q_y_prints_where_the_game_is_saved_and_the_command_that_resumes_it(tmux, tmp_path):
    saves = tmp_path / "my saves"  # a space: the command must quote it
    prompt = ["sh", "-c", 'echo "$ dune-tui new"; "$@"', "sh"]  # a line before it, as a shell's prompt
    bin_dir = os.path.dirname(PYTHON)
    activated = {"PATH": f"{bin_dir}:{os.environ.get('PATH', '')}"}  # the venv on the PATH, as the README does
    tmux.start([*prompt, "dune-tui", *game_command(PYTHON, str(saves))[3:]], env=activated, report_exit=True)
    tmux.wait_for("Your decision")
    tmux.keys("q")
    tmux.wait_for("Leave this game?")
    tmux.keys("y")
    assert tmux.exit_status() == 0
    text = shell_text(tmux)
    (path,) = saves.glob("autosave-*.dune.json")
    assert f"The game is saved in {path}" in text, text
    command = re.search(r"Resume it with: (dune-tui load .*)", text)
    assert command, text
    argv = shlex.split(command.group(1))
    assert argv[:2] == ["dune-tui", "load"] and path.name.removesuffix(".dune.json") in argv, argv
    # typed as printed (dune-tui on the PATH, as an installed one is), it opens this game again
    # (a session of its own before the first ends: killing a server's last session ends the server, and a new
    # session asked of it meanwhile fails with "server exited unexpectedly")
    tmux.start(argv, env=activated, name="again")
    tmux.run("kill-session", "-t", "game")
    screen = tmux.wait_for("Game resumed", timeout=30, name="again")
    assert "Traceback" not in screen
