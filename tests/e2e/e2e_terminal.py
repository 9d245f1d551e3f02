"""A tmux server of its own, to run the game in a real terminal and read the screen back."""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIX_USERS = "unix-users:"  # the xdist groups of the tests that make Unix users: the users' names follow


def users_group(*users: str) -> pytest.MarkDecorator:
    """The xdist group of the tests that make (and remove) these Unix users: `--dist loadgroup` runs a group on one
    worker, one test after another, and different groups side by side; so tests that make the same user share one
    group, named after all their users, and tests that make other users run beside them (tests/test_lanes.py)."""
    return pytest.mark.xdist_group(UNIX_USERS + ",".join(sorted(users)))


def game_command(python: str, save_dir: str, *extra: str) -> list[str]:
    return [python, "-m", "dune_tui", "new", "--seed", "7", "--seat", "human", "--seat", bot_level(), "--pause", "0",
            "--save-dir", save_dir, *extra]


def bot_level() -> str:
    """The issue asks for a heuristic bot; fall back to random in a build without one."""
    from dune_tui.ai import agent_names

    return "heuristic" if "heuristic" in agent_names() else "random"


class Tmux:
    """One tmux server; each program runs in a named session of one pane ("game" unless told)."""

    def __init__(self, workdir: Path, width: int = 80, height: int = 24) -> None:
        self.workdir = workdir
        self.socket = workdir / "tmux.sock"
        conf = workdir / "tmux.conf"
        conf.write_text("set -g remain-on-exit on\nset -g status off\nset -g history-limit 0\n")
        self.base = ["tmux", "-S", str(self.socket), "-f", str(conf)]
        self.width, self.height = width, height

    def run(self, *args: str, check: bool = True) -> str:
        out = subprocess.run([*self.base, *args], capture_output=True, text=True, timeout=20)
        if check and out.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(args)}: {out.stderr.strip()}")
        return out.stdout

    def _command(self, argv: list[str], env: dict[str, str] | None, report_exit: bool, name: str) -> str:
        environ = " ".join(f"{k}={shlex.quote(v)}" for k, v in (env or {}).items())
        run = f"env {environ} {shlex.join(argv)}"
        status = shlex.quote(str(self._status_path(name)))
        run = f"{run}; echo $? > {status}.tmp && mv {status}.tmp {status}" if report_exit else f"exec {run}"
        return f"cd {shlex.quote(str(ROOT))} && {run}"

    def _status_path(self, name: str) -> Path:
        return self.workdir / ("exit-status" if name == "game" else f"exit-status-{name}")

    def start(self, argv: list[str], env: dict[str, str] | None = None, report_exit: bool = False,
              name: str = "game", width: int | None = None) -> None:
        """Run argv in the pane of a new session `name`.  With report_exit the shell stays as the pane's
        process and writes the program's exit status to a file for `exit_status` (tmux may mark a pane
        dead before it has reaped the process, so its own status is not reliable); without it the
        program is the pane's process (`pid`)."""
        self.run("new-session", "-d", "-s", name, "-x", str(width or self.width), "-y", str(self.height),
                 self._command(argv, env, report_exit, name))

    def respawn(self, argv: list[str], env: dict[str, str] | None = None, name: str = "game") -> None:
        """Start argv again in the pane of session `name` (its program has ended or been killed)."""
        self.run("respawn-pane", "-k", "-t", name, self._command(argv, env, False, name))

    def exit_status(self, timeout: float = 30.0, name: str = "game") -> int:
        """The exit status of a program started with report_exit, once it has ended."""
        path = self._status_path(name)
        end = time.monotonic() + timeout
        while not path.exists():
            if time.monotonic() > end:
                raise AssertionError(f"the program had not ended {timeout} s later:\n{self.screen(name)}")
            time.sleep(0.02)
        return int(path.read_text())

    def screen(self, name: str = "game") -> str:
        return self.run("capture-pane", "-p", "-t", name, check=False)

    def keys(self, *keys: str, name: str = "game") -> None:
        self.run("send-keys", "-t", name, *keys)

    def wait_for(self, text: str, timeout: float = 20.0, name: str = "game") -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            screen = self.screen(name)
            if text in screen:
                return screen
            time.sleep(0.02)
        raise AssertionError(f"{text!r} not on the screen of {name} within {timeout} s:\n{self.screen(name)}")

    def pane(self, fmt: str, name: str = "game") -> str:
        return self.run("display-message", "-p", "-t", name, fmt, check=False).strip()

    def pid(self, name: str = "game") -> int:
        """The pane's process: the program itself when started without report_exit."""
        return int(self.pane("#{pane_pid}", name))

    def kill(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True, timeout=20)


def left_running(marker: str, timeout: float = 5.0) -> dict[int, str]:
    """The processes still running `timeout` seconds on at most (pid: command line) whose command line or
    environment names `marker` (a test's own folder: its --save-dir, its DUNE_TUI_SAVE_DIR...), but the test's own
    tmux server: what a test leaves behind."""
    end = time.monotonic() + timeout
    while True:
        found = {}
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit() or int(proc.name) == os.getpid():
                continue
            try:
                command = (proc / "cmdline").read_bytes()
                if marker.encode() not in command + (proc / "environ").read_bytes() or (
                        proc / "stat").read_text().rpartition(")")[2].split()[0] == "Z":  # (a zombie: it has ended)
                    continue
                if os.path.basename(command.split(b"\0")[0]) == b"tmux":  # the test's tmux server: its fixture's
                    continue
            except OSError:
                continue
            found[int(proc.name)] = command.replace(b"\0", b" ").decode(errors="replace")
        if not found or time.monotonic() > end:
            return found
        time.sleep(0.1)


def end_left(marker: str) -> None:
    """Kill, by pid, what a failed test left running (`left_running`), so that it outlives no run."""
    for pid in left_running(marker, timeout=0):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def have(*programs: str) -> bool:
    return all(shutil.which(p) or os.path.exists(p) for p in programs)


def play_by_keys(tmux: Tmux, limit_seconds: float = 120.0) -> tuple[str, int]:
    """Press keys as a player would until the game-over screen: keep all dice on a roll, the
    highlighted option otherwise, Enter on a reveal.  Returns the last screen and the keys pressed."""
    end = time.monotonic() + limit_seconds
    pressed = 0
    while time.monotonic() < end:
        screen = tmux.screen()
        assert "Traceback" not in screen, screen
        if "Game over" in screen:
            return screen, pressed
        if "Your decision" in screen or "Press Enter" in screen:
            tmux.keys("a" if "1-7 Mark" in screen and "Your decision" in screen else "Enter")
            pressed += 1
            changed = time.monotonic() + 3.0
            while time.monotonic() < changed and tmux.screen() == screen:
                time.sleep(0.01)
        else:
            time.sleep(0.02)
    raise AssertionError(f"no game-over screen within {limit_seconds} s:\n{tmux.screen()}")


PYTHON = sys.executable
