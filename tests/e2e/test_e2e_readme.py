"""Every command the README shows, and every `dune-tui` line of the quick starts in docs/, exactly as written, in a
real terminal (tmux, 80x24): the first screen appears, a key or two work, the program ends cleanly, and no traceback
(nor a bot's failure, nor `not found`) is ever on the screen.  The commands are read from the files' code blocks
when the tests are collected, so a new README command is covered, or turns the suite red, without a word here.

How each is run:
- The README's set-up lines have already run: the suite runs from the `.venv` they make (`python3 -m venv .venv`
  and `.venv/bin/pip install ...` are not run again, `.venv/bin/pytest` is this very run).  What else a set-up line
  does runs, and its `. .venv/bin/activate` comes before every later command, as in the reader's terminal.  The
  terminal's PATH has no venv in it: a command works only if the README says how.
- Each command runs in its own tmux server, save directory and HOME.  A save directory holds an autosave of a
  sample game (an Express one for docs/EXPRESS.md) for `load`, `saves` and `replay`; a placeholder of the docs
  (`autosave-...`, `[NAME|PATH]`) stands for that save, or for nothing (PLACEHOLDERS).
- The main menu, a game (new, load): `?` opens the help, Esc closes it, `q` (and `y` in a game) leaves; status 0.
- `review`: its first position appears, `?` opens the help, Esc closes it, `q` leaves; status 0 (an analysis it
  keeps beside a save of the checkout is removed after).
- `saves`, `replay`, other programs: status 0 and what they print (PRINTS).
- `sim` plays for minutes (100 games of search bots): run as written until its first line, then stopped.
- The README's "Playing together on a shared server" block: each line as the Unix user its comment names (`bob
  hosts`, `alice:`, `carol`), real users of those names (made for the test if missing, removed after if made), each
  in a terminal of their own (`runuser -u USER -- sh -c 'cd CHECKOUT && . .venv/bin/activate && LINE'`, from a venv
  every user can run, with a lobby of the test's own: `DUNE_TUI_LOBBY`).  bob hosts and sits down at seat 1 (the
  host's real path: he plays), alice finds the invitation in her menu (`t`, Enter) and gets the game, carol's
  `join bob` gets the game; carol leaves, then alice, then bob; status 0 everywhere.  A new line there: "teach it".
- The README's "The table server" blocks, the same way, against the server they start: bob's `dune-tui serve
  --state-dir /tmp/dune-bob` in a terminal of his (the directory as written, removed after), `export` a line every
  later command of the block runs after (as in each reader's shell), bob hosts, plays and quits (q, y: the table
  waits), alice and carol sit down with `join bob`, alice's `tables` lists the table (TABLE stands for its name in
  the next block), and each `dune-tui table VERB` prints its sentence as the user its comment names; carol, whose
  seat bob releases, is told why.  The unit file of contrib/ (the administrator's lines): `systemd-analyze verify`,
  its user made by the README's `useradd` as written, and its ExecStart run as that user in its StateDirectory
  (/var/lib/dune-tui, made for the test if missing) is the server every user's `dune-tui tables` finds.
- The README's front doors block ("From another machine"), the same way: bob's `dune-tui serve --ssh 2222 --web
  8080` in his own default state directory (removed after), on the ports as written (skipped if one is taken);
  alice's `ssh -p 2222 HOST` as written (HOST: localhost), with a key in her ~/.ssh (made if missing, and her ~/.ssh
  put back after): the host key accepted by the fingerprint bob's log shows, her name typed, the menu; her `add-key`
  prints a code, which her second key (carol's login and key stand for her other machine) types instead of a name
  and has the menu as her; bob's `dune-tui link` prints a link whose tab shows the menu (Chromium and Playwright;
  without them, its page answers over HTTP).
- `host` (the others, which give codes): the README's TCP `dune-tui join` line runs in a second terminal (another
  machine: no lobby there) and its player pastes seat 2's code at the prompt before the host sits down; the host
  sits down, opens the help, leaves the game for the menu; the joiner is told at once that the table closed and how
  it resumes, and leaves with `q`; the host quits, and the `dune-tui host --load FILE` it printed resumes the game
  with new codes.  At 80 columns every line of seats and codes is at most 79 characters (a line of 80 loses its last
  character to a copy).  Every terminal has a lobby of the test's own (`DUNE_TUI_LOBBY`), never the machine's.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.request
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from e2e_players import JOIN
from e2e_terminal import ROOT, Tmux, have, users_group

from dune_tui import saves

VENV = ROOT / ".venv"
SOURCES = ("README.md", "docs/UI.md", "docs/EXPRESS.md")  # the README: every line; docs/: its `dune-tui` lines
ALREADY_RAN = (re.compile(r"^python3? -m venv \.venv$"), re.compile(r"^\.venv/bin/pip install "))
THIS_RUN = re.compile(r"^\.venv/bin/pytest\b")
ACTIVATE = re.compile(r"^(\.|source) \.venv/bin/activate$")
PLACEHOLDERS = {"[NAME|PATH]": "", "autosave-...": "{autosave}"}
PRINTS = {"saves": "{game_id}", "replay": "verified", "ruff": "All checks passed", "games": "No finished game in"}
BROKEN = ("Traceback", "Bot of seat", "not found", "No such file")
SAMPLES = {"express": "express-mid-game", "dune": "mid-battle-sealed-commit"}
HELP = re.compile(r"█\s+Keys\s")
MENU = re.compile(r"\bn\s+New game\b")  # the main menu's list
SHARED = "Playing together on a shared server"  # the README's section whose first block runs as the users named
SERVER = "The table server"  # the README's section whose blocks run as the users named, against one server
DOORS = "From another machine: SSH and a browser"  # the same, the server's front doors: ssh and a browser
USERS = ("alice", "bob", "carol")
ALL_USERS = (*USERS, "dune-tui")  # and the service's own user, the README's administrator lines make
RUNUSER = shutil.which("runuser") or "/usr/sbin/runuser"

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not have("tmux"), reason="tmux is not installed"),
    pytest.mark.skipif(Path(sys.prefix).resolve() != VENV.resolve(),
                       reason="the README's set-up makes .venv in the checkout; this run is not from it"),
]


@dataclass(frozen=True)
class Command:
    source: str  # file:line
    line: str  # exactly as written
    prelude: str  # what the set-up left in the reader's shell (`. .venv/bin/activate`), "" if nothing
    section: str = ""  # the README's `## ` heading above it ("" in docs/)
    block: int = 0  # its code block's ordinal under that heading (1: the first)

    @property
    def words(self) -> list[str]:
        return shlex.split(self.line, comments=True)

    @property
    def user(self) -> str:
        """Who runs it, in the shared server's block: its comment's first word (`# bob hosts`, `# alice: ...`)."""
        comment = self.line.partition("#")[2].split()
        return comment[0].strip(":,") if comment else ""

    @property
    def kind(self) -> str:
        """`dune-tui`'s subcommand ("menu" without one), or the program's name."""
        program = Path(self.words[0]).name
        if program != "dune-tui":
            return program
        return self.words[1] if len(self.words) > 1 else "menu"


def code_lines(text: str) -> list[tuple[int, str, str, int]]:
    """(line number, text, the `## ` heading above it, the ordinal of its block under that heading) of the lines in
    fenced and indented code blocks."""
    out, fenced, indented, previous, section, block = [], False, False, "", "", 0
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("## ") and not fenced:
            section, block = line[3:].strip(), 0
        if line.startswith("```") and not fenced:
            block += 1
        if line.startswith("```"):
            fenced = not fenced
            continue
        if line.strip():  # an indented block opens after a blank line and lasts while its lines are indented
            opens = line.startswith("    ") and not indented and not previous.strip() and not fenced
            indented = line.startswith("    ") and (indented or not previous.strip())
            block += opens
        if (fenced or indented) and line.strip():
            out.append((number, line.strip(), section, block))
        previous = line
    return out


def commands() -> list[Command]:
    found, prelude = [], []
    for name in SOURCES:
        for number, line, section, block in code_lines((ROOT / name).read_text()):
            if name != "README.md" and not line.startswith("dune-tui"):
                continue
            where, section = f"{name}:{number}", section if name == "README.md" else ""
            steps = line.split(" && ")
            if not any(p.match(steps[0]) for p in ALREADY_RAN):  # a command, after the set-up
                found.append(Command(where, line, " && ".join(prelude), section, block))
                continue
            for step in steps:  # a set-up line: what it leaves in the shell, and what it runs
                if ACTIVATE.match(step):
                    prelude.append(step)
                elif not any(p.match(step) for p in ALREADY_RAN) and not THIS_RUN.match(step):
                    found.append(Command(where, step, " && ".join(prelude)))
    return found


COMMANDS = commands()
SHARED_LINES = [c for c in COMMANDS if (c.section, c.block) == (SHARED, 1)]  # run as their users, together
SERVER_LINES = [c for c in COMMANDS if c.section == SERVER]  # the same, with the table server
DOOR_LINES = [c for c in COMMANDS if c.section == DOORS]  # the same, at the server's front doors
TOGETHER = SHARED_LINES + SERVER_LINES + DOOR_LINES
ALONE = [c for c in COMMANDS if c not in TOGETHER and c.kind != "join"]
JOINER = next(c for c in COMMANDS if c.kind == "join" and c not in TOGETHER)  # the TCP line: another terminal


# --------------------------------------------------------------------------------------------- the terminal
class Terminal:
    """The reader's terminal: commands run in `sh` from the checkout, with a PATH that has no venv in it."""

    def __init__(self, tmp_path: Path) -> None:
        self.tmux = Tmux(tmp_path)
        conf = tmp_path / "tmux.conf"  # a dead pane's last screen goes to its history (tmux 3.3): keep some
        conf.write_text(conf.read_text().replace("history-limit 0", "history-limit 2000"))
        self.home = tmp_path / "home"
        self.save_dir = tmp_path / "saves"
        self.home.mkdir()
        clean = [p for p in os.environ.get("PATH", "").split(":")
                 if p and Path(p).resolve() != (VENV / "bin").resolve()]
        self.env = {"PATH": ":".join(clean), "HOME": str(self.home), "DUNE_TUI_SAVE_DIR": str(self.save_dir),
                    "TERM": "xterm-256color"}
        self.places = Path(tempfile.mkdtemp(prefix="dune-tui-e2e-"))  # short: a Unix socket's path has 107 bytes
        self.env["DUNE_TUI_LOBBY"] = str(self.places / "lobby")  # the test's own lobby, never the machine's
        self.elsewhere = {"DUNE_TUI_LOBBY": str(self.places / "another-machine")}  # no lobby: a code is asked
        self.names: list[str] = []

    def run(self, command: Command, line: str, name: str, env: dict[str, str] | None = None, user: str = "",
            checkout: Path = ROOT) -> None:
        """`line` after the set-up's prelude; as `user` (runuser), from `checkout` (a venv that user can run)."""
        script = f"{command.prelude} && {line}" if command.prelude else line
        argv = ["sh", "-c", script]
        if user:
            argv = [RUNUSER, "-u", user, "--", "sh", "-c", f"cd {shlex.quote(str(checkout))} && {script}"]
        self.tmux.start(argv, env={**self.env, **(env or {})}, report_exit=True, name=name)
        self.names.append(name)

    def screen(self, name: str) -> str:
        """The pane and its history, wrapped lines joined (the whole of a long line)."""
        text = self.tmux.run("capture-pane", "-p", "-J", "-S", "-", "-t", name, check=False)
        broken = [word for word in BROKEN if word in text]
        assert not broken, f"{broken} on the screen of {name}:\n{text}"
        return text

    def wait(self, name: str, what, timeout: float = 40.0) -> str:
        """Until `what` (a text, a regex or a test of the screen) is on the screen; fails on a traceback."""
        test = what if callable(what) else (what.search if isinstance(what, re.Pattern) else (lambda s: what in s))
        end = time.monotonic() + timeout
        while True:
            screen = self.screen(name)
            if test(screen):
                return screen
            if self.ended(name):
                raise AssertionError(f"{name} ended before {what!r}:\n{self.screen(name)}")
            if time.monotonic() > end:
                raise AssertionError(f"{what!r} not on the screen of {name} within {timeout} s:\n{screen}")
            time.sleep(0.05)

    def ended(self, name: str) -> bool:
        return self.tmux._status_path(name).exists()

    def keys(self, name: str, *keys: str) -> None:
        self.tmux.keys(*keys, name=name)

    def status(self, name: str, timeout: float = 40.0) -> int:
        status = self.tmux.exit_status(timeout, name)
        self.screen(name)
        return status


@pytest.fixture
def terminal(tmp_path):
    t = Terminal(tmp_path)
    yield t
    t.tmux.kill()
    shutil.rmtree(t.places, ignore_errors=True)


def sample_autosave(save_dir: Path, rules: str) -> Path:
    return saves.autosave(saves.load(ROOT / "saves" / "v2" / f"{SAMPLES[rules]}.dune.json"), save_dir)


def as_written(command: Command, autosave: Path) -> str:
    line = command.line
    for placeholder, value in PLACEHOLDERS.items():
        line = line.replace(placeholder, value.format(autosave=autosave.name.removesuffix(".dune.json")))  # its name
    assert "..." not in line and "[" not in line, f"{command.source}: a placeholder this test cannot fill: {line}"
    return line


# ------------------------------------------------------------------------------------------- the commands
@pytest.mark.parametrize("command", ALONE,
                         ids=lambda c: f"{c.source} {' '.join(c.words)}")
def test_a_readme_command_as_written(command, terminal):
    autosave = sample_autosave(terminal.save_dir, "express" if "EXPRESS" in command.source else "dune")
    line = as_written(command, autosave)
    started = time.monotonic()
    kind = command.kind
    if kind == "menu":
        terminal.run(command, line, "one")
        terminal.wait("one", MENU)
        leave_by_keys(terminal, "one", [])
    elif kind in ("new", "load"):
        terminal.run(command, line, "one")
        wait_for_game(terminal, "one")
        leave_by_keys(terminal, "one", ["Leave this game?", "y"])
    elif kind == "learn":  # the guided first game: Enter on its steps until a question of the game is in sight
        terminal.run(command, line, "one")
        through_the_lesson(terminal, "one")
        leave_by_keys(terminal, "one", ["Leave this game?", "y"])
    elif kind == "review":  # its analysis is kept beside the save (a sample of the checkout's: not left there)
        caches = [ROOT / f"{word}.review.json" for word in command.words[2:] if word.endswith(".json")]
        fresh = [cache for cache in caches if not cache.exists()]
        try:
            terminal.run(command, line, "one")
            terminal.wait("one", re.compile(r"Decision 1 of \d+"))
            leave_by_keys(terminal, "one", [])
        finally:
            for cache in fresh:
                cache.unlink(missing_ok=True)
    elif kind == "sim":
        terminal.run(command, line, "one")
        terminal.wait("one", "dune-tui sim: playing")  # then it may play for minutes: its arguments were taken
        assert not terminal.ended("one") or terminal.status("one") == 0, terminal.screen("one")
    elif kind == "host":
        host_join_quit_and_resume(terminal, command, line)
    elif kind in PRINTS or not command.line.startswith("dune-tui"):
        terminal.run(command, line, "one")
        assert terminal.status("one", 120) == 0, terminal.screen("one")
        expected = PRINTS.get(kind, "").format(game_id=saves.load(autosave).game_id)
        assert expected in terminal.screen("one")
    else:
        pytest.fail(f"{command.source}: `{command.line}`: a command this test does not know how to run; teach it")
    print(f"{command.source} `{line}`: {time.monotonic() - started:.1f} s")


def wait_for_game(terminal: Terminal, name: str) -> str:
    return terminal.wait(name, lambda s: "q Quit" in s and "? Help" in s.rstrip().splitlines()[-1])


def through_the_lesson(terminal: Terminal, name: str, timeout: float = 40.0) -> None:
    """Press Enter on each step of a lesson (`dune-tui learn`) until the game's own footer is in sight."""
    end, pressed_on = time.monotonic() + timeout, ""
    while time.monotonic() < end:
        screen = terminal.tmux.screen(name)  # what is in sight now (not the history)
        if "Enter: go on" not in screen and "q Quit" in screen and "? Help" in screen.rstrip().splitlines()[-1]:
            return
        time.sleep(0.3)
        if "Enter: go on" in screen and terminal.tmux.screen(name) == screen != pressed_on:
            terminal.keys(name, "Enter")
            pressed_on = screen
    raise AssertionError(f"the lesson did not give way to the game within {timeout} s:\n{terminal.screen(name)}")


def leave_by_keys(terminal: Terminal, name: str, confirm: list[str]) -> None:
    """`?` opens the help, Esc closes it, `q` leaves (a game asks first: `confirm` = [its question, the key])."""
    terminal.keys(name, "?")
    terminal.wait(name, HELP)
    terminal.keys(name, "Escape")
    terminal.wait(name, lambda s: not HELP.search(s))
    terminal.keys(name, "q")
    if confirm:
        terminal.wait(name, confirm[0])
        terminal.keys(name, confirm[1])
    assert terminal.status(name) == 0, terminal.screen(name)


def codes_at_80_columns(terminal: Terminal, name: str) -> dict[str, str]:
    """The codes the host printed, each whole on a line of at most 79 characters."""
    plain = terminal.tmux.run("capture-pane", "-p", "-t", name)
    joined = terminal.screen(name)
    codes = dict(JOIN.findall(joined))
    assert {"seat 2", "spectators"} <= set(codes), joined
    assert dict(JOIN.findall(plain)) == codes, f"a code wraps at 80 columns:\n{plain}"
    top = joined[:joined.index("Press Enter")].splitlines()
    long = [line for line in top if len(line) > 79 and "host's log" not in line]
    assert not long, f"lines of 80 or more characters at 80 columns: {long}"
    return codes


def host_join_quit_and_resume(terminal: Terminal, command: Command, line: str) -> None:
    terminal.run(command, line, "host")
    terminal.wait("host", "Press Enter to sit down at seat 1")
    codes = codes_at_80_columns(terminal, "host")
    first = command == next(c for c in ALONE if c.kind == "host")  # the others' tables: the same but for
    if first:  # a code that lost its last character, and the resumed game
        terminal.run(JOINER, JOINER.line, "mistyped", terminal.elsewhere)  # one sentence and no traceback
        terminal.wait("mistyped", "Join code")
        terminal.keys("mistyped", "-l", codes["seat 2"][:-1])
        terminal.keys("mistyped", "Enter")
        assert terminal.status("mistyped") == 2
        assert "dune-tui: the table refused: wrong code" in terminal.screen("mistyped")
    # The friend joins before the host sits down, with the README's join line, pasting the code at its prompt.
    terminal.run(JOINER, JOINER.line, "friend", terminal.elsewhere)
    terminal.wait("friend", "Join code")
    terminal.keys("friend", "-l", codes["seat 2"])
    terminal.keys("friend", "Enter")
    wait_for_game(terminal, "friend")  # the table serves its codes from the moment it prints them
    terminal.keys("host", "Enter")
    wait_for_game(terminal, "host")
    terminal.keys("host", "?")
    terminal.wait("host", HELP)
    terminal.keys("host", "Escape")
    terminal.wait("host", lambda s: not HELP.search(s))
    terminal.keys("host", "q")
    terminal.wait("host", "Leave this game?")
    terminal.keys("host", "m")  # saved, back to the menu: the table is closed, the host's program still runs
    terminal.wait("host", MENU)
    # The friend is told the truth at once, and q leaves.
    friend = terminal.wait("friend", "--load")
    assert "is away" not in friend and "same code" not in friend, friend
    terminal.keys("friend", "q")
    assert terminal.status("friend") == 0
    assert "dune-tui: the host has closed the table" in terminal.screen("friend")
    terminal.keys("host", "q")
    assert terminal.status("host") == 0
    resume = re.search(r"Resume it with: (dune-tui host --load \S+)", terminal.screen("host"))
    assert resume, terminal.screen("host")
    if not first:
        return
    # The host resumes the game as it printed: new codes, the same game.
    terminal.run(command, resume.group(1), "resumed")
    terminal.wait("resumed", "Press Enter to sit down at seat 1")
    again = codes_at_80_columns(terminal, "resumed")
    assert again["seat 2"] != codes["seat 2"], "host --load prints new codes"
    terminal.keys("resumed", "Enter")
    wait_for_game(terminal, "resumed")
    terminal.keys("resumed", "q")
    terminal.wait("resumed", "Leave this game?")
    terminal.keys("resumed", "y")
    assert terminal.status("resumed") == 0


def test_the_readme_and_the_quick_starts_are_all_here():
    """The extraction itself: the README's set-up activates the venv, and the commands a reader meets first."""
    lines = [c.line for c in COMMANDS]
    assert COMMANDS[0].line == "dune-tui" and COMMANDS[0].prelude == ". .venv/bin/activate"
    assert all(c.prelude for c in COMMANDS), "every command after the set-up runs where the set-up left the shell"
    for expected in ("dune-tui host --seat human --seat user:alice --seat human --players 4", "dune-tui load",
                     "dune-tui saves", ".venv/bin/ruff check ."):
        assert any(line.startswith(expected) for line in lines), expected
    assert JOINER.words == ["dune-tui", "join"] and JOINER.source.startswith("README.md"), "the TCP join: a code"
    assert [(c.kind, c.user) for c in SHARED_LINES] == [("host", "bob"), ("menu", "alice"), ("join", "carol")]
    assert any(c.kind == "host" for c in ALONE), "a host line with codes (the TCP path) runs with the README's join"
    assert not any(THIS_RUN.match(line) or "pip install" in line for line in lines)
    assert {c.source.split(":")[0] for c in COMMANDS} == set(SOURCES)


def test_ctrl_c_at_the_hosts_prompt_saves_the_game_and_says_how_to_resume(terminal):
    """Before the host sits down, Ctrl-C (or SIGTERM, SIGHUP) stops the table like `host --no-play`'s: saved."""
    command = next(c for c in COMMANDS if c.kind == "host")
    terminal.run(command, command.line, "host")
    terminal.wait("host", "Press Enter to sit down")
    terminal.keys("host", "C-c")  # (the shell around the program hears it too: no exit status to read)
    terminal.wait("host", re.compile(r"Resume it with: dune-tui host --load \S+"))
    terminal.wait("host", "Pane is dead")


# ------------------------------------------------------------------------------ three users of a shared server
def _run(*argv: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(argv, capture_output=True, text=True, timeout=60, **kw)


@pytest.fixture(scope="module")
def shared_server():
    """alice, bob and carol, real users (made if missing, removed after if made here), and a checkout they can all
    run from: a 0755 directory with a `.venv` of the system Python importing this one's packages and its
    `dune-tui`, a 1777 lobby, and a save directory each."""
    if os.name != "posix" or os.geteuid() != 0 or not have("useradd", "userdel", RUNUSER):
        pytest.skip("needs root, useradd and runuser (real Unix users)")
    system, version = "/usr/bin/python3", f"{sys.version_info.major}.{sys.version_info.minor}"
    if not os.path.exists(system) or _run(system, "-c", "import sys; print(sys.version[:4])").stdout.strip() \
            != version:
        pytest.skip(f"no Python {version} other users can run")
    place = Path(tempfile.mkdtemp(prefix="dune-tui-readme-e2e-"))
    created = []
    try:
        os.chmod(place, 0o755)
        (place / "lobby").mkdir(mode=0o1777)
        os.chmod(place / "lobby", 0o1777)
        venv = place / ".venv"
        _run(system, "-m", "venv", "--without-pip", str(venv), check=True)
        site = next(venv.glob("lib/python*/site-packages"))
        (site / "dune_tui_checkout.pth").write_text(f"{ROOT}\n{sysconfig.get_paths()['purelib']}\n")
        script = (VENV / "bin" / "dune-tui").read_text().split("\n", 1)[1]  # pip's entry point, our Python's
        (venv / "bin" / "dune-tui").write_text(f"#!{venv / 'bin' / 'python'}\n{script}")
        _run("chmod", "-R", "a+rX", str(place), check=True)
        os.chmod(venv / "bin" / "dune-tui", 0o755)
        for user in USERS:
            try:
                pwd.getpwnam(user)
            except KeyError:
                _run("useradd", "-m", "-s", "/bin/sh", user, check=True)
                created.append(user)
            _run("install", "-d", "-m", "700", "-o", user, "-g", str(pwd.getpwnam(user).pw_gid),
                 str(place / f"saves-{user}"), check=True)
        probe = _run(RUNUSER, "-u", "alice", "--", str(venv / "bin" / "dune-tui"), "--version")
        if probe.returncode != 0:
            pytest.skip(f"the test users cannot run this checkout: {probe.stderr.strip()[-200:]}")
        yield place
    finally:
        _end_stragglers(place)  # a test that failed half-way: its players' programs still save on their way out
        for user in created:
            _run("userdel", "-r", "-f", user)
        shutil.rmtree(place, ignore_errors=True)


def _end_stragglers(place: Path, timeout: float = 15.0) -> None:
    """Wait for the programs started in `place` (hung up with their terminals) to end; then kill, by pid, any left."""
    def running() -> list[int]:
        found = []
        for proc in Path("/proc").iterdir():
            try:
                cwd = os.readlink(proc / "cwd")
            except OSError:
                continue
            if proc.name.isdigit() and (cwd == str(place) or cwd.startswith(f"{place}/")):
                found.append(int(proc.name))
        return found

    end = time.monotonic() + timeout
    while running() and time.monotonic() < end:
        time.sleep(0.1)
    for pid in running():
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


@users_group(*ALL_USERS)  # the users are made here: never beside another test that makes one of them
def test_the_shared_servers_lines_as_three_users(terminal, shared_server):
    """bob hosts and plays, alice sits down from her menu's invitation, carol joins bob by his login; each leaves."""
    by = {c.kind: c for c in SHARED_LINES}
    if sorted((c.kind, c.user) for c in SHARED_LINES) != [("host", "bob"), ("join", "carol"), ("menu", "alice")]:
        pytest.fail(f"the README's {SHARED!r} block has lines this test does not know how to run; teach it: "
                    f"{[c.line for c in SHARED_LINES]}")
    host, menu, join = by["host"], by["menu"], by["join"]
    assert join.words[2] == host.user, "carol joins the host by his login"

    def run(command: Command) -> None:
        terminal.run(command, command.line, command.user, {"DUNE_TUI_LOBBY": str(shared_server / "lobby"),
                     "DUNE_TUI_SAVE_DIR": str(shared_server / f"saves-{command.user}")}, command.user, shared_server)

    started = time.monotonic()
    run(host)
    terminal.wait("bob", "Press Enter to sit down at seat 1")
    codes_at_80_columns(terminal, "bob")
    terminal.keys("bob", "Enter")  # the host's own path: he plays
    wait_for_game(terminal, "bob")
    run(menu)
    terminal.wait("alice", f"{host.user} invites you to a table")
    terminal.keys("alice", "t")
    terminal.wait("alice", f"{host.user}'s table")
    terminal.keys("alice", "Enter")
    wait_for_game(terminal, "alice")
    run(join)
    wait_for_game(terminal, "carol")
    print(f"three users at the table after {time.monotonic() - started:.1f} s")
    # The paragraph's `dune-tui tables`, as carol: each seat its player's, by the kernel's word (the card is
    # rewritten a moment after a player sits down: asked again until then)
    seats = f"seats: 1 {host.user}, 2 {menu.user}, 3 {join.user}, 4 bot"
    for attempt in range(20):
        terminal.run(join, "dune-tui tables", f"tables{attempt}", {"DUNE_TUI_LOBBY": str(shared_server / "lobby")},
                     join.user, shared_server)
        assert terminal.status(f"tables{attempt}") == 0
        if seats in terminal.screen(f"tables{attempt}"):
            break
    assert seats in terminal.screen(f"tables{attempt}")
    for user in ("carol", "alice", "bob"):  # each leaves (a joined seat's dialog, then the host's): y quits
        terminal.keys(user, "q")
        terminal.wait(user, "Leave this game?")
        terminal.keys(user, "y")
        if user == "alice":  # she sat down from the menu's list: leaving goes back to it, then the menu quits
            terminal.wait(user, "Enter: your seat 2 at")
            terminal.keys(user, "Escape")
            terminal.wait(user, "New game")
            terminal.keys(user, "q")
        assert terminal.status(user) == 0, terminal.screen(user)
    assert "Resume it with: dune-tui host --load" in terminal.screen("bob")
    print(f"{time.monotonic() - started:.1f} s")


def notice(screen: str) -> str:
    """The notifications' text: right of their ▌ bar, the lines joined."""
    return " ".join(" ".join(line.partition("▌")[2].split()) for line in screen.splitlines() if "▌" in line)


SERVER_ORDER = [("serve", "bob"), ("export", "everyone"), ("host", "bob"), ("join", "alice"), ("join", "carol"),
                ("tables", "alice"), ("table", "bob"), ("table", "bob"), ("table", "carol"), ("table", "bob"),
                ("table", "bob")]
TABLE_NAME = re.compile(r"\bbob-\d{8}-\d{6}-[0-9a-f]{4}\b")


@users_group(*ALL_USERS)
def test_the_table_servers_lines_as_their_users(terminal, shared_server):
    """bob serves and hosts, alice and carol join, alice lists the tables; bob manages the table, carol declines."""
    if [(c.kind, c.user) for c in SERVER_LINES] != SERVER_ORDER:
        pytest.fail(f"the README's {SERVER!r} blocks have lines this test does not know how to run; teach it: "
                    f"{[c.line for c in SERVER_LINES]}")
    serve, export, host, alice, carol, tables, *manage = SERVER_LINES
    state = Path(serve.words[-1])
    assert serve.words[:3] == ["dune-tui", "serve", "--state-dir"] and export.words == ["export",
                                                                                         f"DUNE_TUI_SERVER={state}"]
    if state.exists():
        pytest.fail(f"{state} exists already: the README's line makes it (a run that failed left it? remove it)")
    env = {"DUNE_TUI_LOBBY": str(shared_server / "lobby")}

    def run(command: Command, name: str, table: str = "") -> None:
        after_export = command if command is serve else replace(command, prelude=f"{command.prelude} && "
                                                                                 f"{export.line.partition('#')[0]}")
        terminal.run(after_export, command.line.replace("TABLE", table), name,
                     {**env, "DUNE_TUI_SAVE_DIR": str(shared_server / f"saves-{command.user}")}, command.user,
                     shared_server)

    started = time.monotonic()
    try:
        run(serve, "serve")
        terminal.wait("serve", "serving 0 tables")
        run(host, "bob")
        wait_for_game(terminal, "bob")
        terminal.keys("bob", "q")
        terminal.wait("bob", "and the table waits for")
        terminal.keys("bob", "y")
        assert terminal.status("bob") == 0
        run(alice, "alice")
        wait_for_game(terminal, "alice")
        run(carol, "carol")
        wait_for_game(terminal, "carol")
        run(tables, "tables")
        assert terminal.status("tables") == 0
        listed = " ".join(terminal.screen("tables").split())
        assert "seats: 1 bob's (away), 2 alice, 3 carol" in listed, listed
        table = TABLE_NAME.search(listed).group(0)
        said = {"release": "seat 3 is free", "invite": "seat 3 is kept for carol",
                "decline": "you declined bob's invitation", "private": "private: invited logins only, open to watchers",
                "no-watchers": "private: invited logins only, closed to watchers"}
        for number, command in enumerate(manage):
            run(command, f"manage{number}", table)
            assert terminal.status(f"manage{number}") == 0, terminal.screen(f"manage{number}")
            assert said[command.words[2]] in " ".join(terminal.screen(f"manage{number}").split())
            if command.words[2] == "release":  # carol, at seat 3, is told so (and only so), and leaves
                terminal.wait("carol", lambda screen: "bob, who opened the table, released seat 3. Press q to leave."
                              in notice(screen))
                terminal.keys("carol", "q")
                terminal.status("carol")
                assert "dune-tui: bob, who opened the table, released seat 3" in terminal.screen("carol")
        terminal.keys("alice", "q")
        terminal.wait("alice", "Leave this game?")
        terminal.keys("alice", "y")
        assert terminal.status("alice") == 0
        terminal.keys("serve", "C-c")  # (the shell around it hears it too: no exit status to read)
        terminal.status("serve")
        assert "stopping: 1 table kept for the next start" in terminal.screen("serve")
    finally:
        terminal.tmux.kill()
        _end_stragglers(shared_server)
        shutil.rmtree(state, ignore_errors=True)
    print(f"{time.monotonic() - started:.1f} s")


DOORS_ORDER = [("serve", "bob"), ("ssh", "alice"), ("ssh", "alice"), ("link", "bob")]
OTHER_MACHINE = "carol"  # whose login and key stand for alice's other machine and its key
FINGERPRINT = re.compile(r"SSH door on port (\d+) \(host key (SHA256:[\w+/=]+)\)")


def port_taken(port: int, host: str) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return True
    return False


@contextlib.contextmanager
def ssh_key(user: str):
    """`user`'s SSH key in their ~/.ssh (made with the README's `ssh-keygen -t ed25519` if missing); after, their
    ~/.ssh as it was: what was made removed, known_hosts as it was."""
    ssh = Path(pwd.getpwnam(user).pw_dir) / ".ssh"
    key, known = ssh / "id_ed25519", ssh / "known_hosts"
    had_dir, had_key = ssh.exists(), key.exists()
    before = known.read_bytes() if known.exists() else None
    try:
        if not had_dir:
            _run(RUNUSER, "-u", user, "--", "mkdir", "-m", "700", str(ssh), check=True)
        if not had_key:
            _run(RUNUSER, "-u", user, "--", "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key), check=True)
        yield key
    finally:
        if not had_dir:
            shutil.rmtree(ssh, ignore_errors=True)
        else:
            if not had_key:
                for made in (key, key.with_suffix(".pub")):
                    made.unlink(missing_ok=True)
            if before is None:
                known.unlink(missing_ok=True)
            else:
                known.write_bytes(before)


@users_group(*ALL_USERS)
def test_the_front_doors_lines_as_their_users(terminal, shared_server):
    """bob serves both doors in his own state directory; alice, a Unix user with a key in her ~/.ssh, runs `ssh -p
    2222 HOST` as written (HOST: localhost), accepts the host key by the fingerprint bob's log shows, types her name
    and has the menu; `add-key` gives her a code; bob's `dune-tui link` prints a link that opens his menu in a
    browser tab (or, without a browser here, whose page answers)."""
    if [(c.kind, c.user) for c in DOOR_LINES] != DOORS_ORDER:
        pytest.fail(f"the README's {DOORS!r} block has lines this test does not know how to run; teach it: "
                    f"{[c.line for c in DOOR_LINES]}")
    if not have("ssh", "ssh-keygen"):
        pytest.skip("OpenSSH's client is not installed")
    for module in ("asyncssh", "textual_serve"):
        pytest.importorskip(module)
    serve, knock, add_key, link = DOOR_LINES
    words = serve.words
    ssh_port, web_port = int(words[words.index("--ssh") + 1]), int(words[words.index("--web") + 1])
    assert knock.words == ["ssh", "-p", str(ssh_port), "HOST"] and add_key.words == [*knock.words, "add-key"]
    for port, host in ((ssh_port, "0.0.0.0"), (web_port, "127.0.0.1")):
        if port_taken(port, host):
            pytest.skip(f"port {port} is taken on this machine: the README's line cannot listen there")
    state = Path(pwd.getpwnam(serve.user).pw_dir) / ".local" / "state" / "dune-tui" / "server"  # his default
    if state.exists():
        pytest.fail(f"{state} exists already: the README's line makes it (a run that failed left it? remove it)")
    env = {"DUNE_TUI_LOBBY": str(shared_server / "lobby"), "DUNE_TUI_SERVER": ""}  # (the suite's: none)

    def run(command: Command, name: str, line: str) -> None:
        terminal.run(command, line, name, {**env, "DUNE_TUI_SAVE_DIR": str(shared_server / f"saves-{command.user}")},
                     command.user, shared_server)

    started = time.monotonic()
    try:
        with ssh_key(knock.user):
            run(serve, "serve", serve.line)
            log = terminal.wait("serve", lambda s: FINGERPRINT.search(s) and "front door is open at" in s)
            assert f" in {state} " in " ".join(log.split()), log  # bob's own state directory, the default
            port, fingerprint = FINGERPRINT.search(log).groups()
            assert port == str(ssh_port)
            run(knock, "alice", knock.line.replace("HOST", "localhost"))
            asked = terminal.wait("alice", "continue connecting")  # a host never met: its key's fingerprint
            assert fingerprint in asked, asked
            terminal.keys("alice", "-l", fingerprint)  # OpenSSH takes the fingerprint itself for a yes
            terminal.keys("alice", "Enter")
            terminal.wait("alice", "is new here")
            terminal.keys("alice", "-l", knock.user)
            terminal.keys("alice", "Enter")
            terminal.wait("alice", MENU)
            terminal.wait("serve", f"is key:{knock.user}")
            run(add_key, "add-key", add_key.line.replace("HOST", "localhost"))
            assert terminal.status("add-key") == 0, terminal.screen("add-key")
            code = re.search(r"A code for your other key, good once for 10 minutes: (\S+)", terminal.screen("add-key"))
            assert code, terminal.screen("add-key")
            with ssh_key(OTHER_MACHINE):  # her second key: the same line, her code typed instead of a name
                terminal.run(knock, knock.line.replace("HOST", "localhost"), "second", env, OTHER_MACHINE,
                             shared_server)
                terminal.wait("second", "continue connecting")
                terminal.keys("second", "-l", fingerprint)
                terminal.keys("second", "Enter")
                terminal.wait("second", "is new here")
                terminal.keys("second", "-l", code.group(1))
                terminal.keys("second", "Enter")
                terminal.wait("second", MENU)
                terminal.wait("serve", f"is key:{knock.user} too (a code)")
                terminal.keys("second", "q")
                assert terminal.status("second") == 0, terminal.screen("second")
            run(link, "link", link.line)
            assert terminal.status("link") == 0, terminal.screen("link")
            printed = terminal.screen("link")
            url = re.search(rf"http://\S+:{web_port}/\?t=\S+", printed)
            assert url and "once" in printed, printed
            opened_by_link(url.group(0))
            terminal.wait("serve", f"a link of {link.user} opened a tab")
            terminal.keys("alice", "q")  # the menu quits: the connection closes
            assert terminal.status("alice") == 0, terminal.screen("alice")
            terminal.keys("serve", "C-c")
            terminal.wait("serve", "stopping:")
    finally:
        terminal.tmux.kill()
        _end_stragglers(shared_server)
        shutil.rmtree(state, ignore_errors=True)
    print(f"{time.monotonic() - started:.1f} s")


def opened_by_link(url: str) -> None:
    """The link in a browser tab: the menu (Chromium and Playwright here), else the page it answers over HTTP."""
    from e2e_browser import Browser, browser_missing

    if browser_missing():
        with urllib.request.urlopen(url, timeout=10) as page:
            assert page.status == 200 and "<html" in page.read().decode().lower()
        return
    with Browser() as browser:
        browser.tab(url).wait_for("Tables on this server", timeout=30)


# ------------------------------------------------------------------------ the administrator's service
ADMIN = re.compile(r"`sudo sh -c '(useradd [^']*?) && python3 -m venv (\S+) && \S+/pip install -q \.'`, then `sudo sh "
                   r"-c 'install -m 644 (contrib/\S+) /etc/systemd/system/ && systemctl enable --now (\S+)'`")


def unit(path: Path) -> dict[str, list[str]]:
    """A systemd unit's [Service] settings: each key's values in order (a key may repeat)."""
    settings: dict[str, list[str]] = {}
    section = ""
    for line in path.read_text().splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line
        elif section == "[Service]" and "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            settings.setdefault(key, []).append(value)
    return settings


@users_group(*ALL_USERS)  # one worker: the module's users, made and removed once
def test_the_administrators_service_runs_as_its_unit_says(shared_server):
    """The README's two `sudo` lines need systemd and /opt: what of them can run does.  The unit verifies
    (`systemd-analyze verify`, its ExecStart's program this checkout's); its system user is made by the README's
    `useradd` as written; its ExecStart runs as that user, as systemd starts it (StateDirectory, its mode, UMask),
    and is the server every user's `dune-tui` finds with no setting: alice's `host` opens its table there, carol's
    `tables` lists it; SIGTERM (KillSignal) stops it."""
    from dune_tui.server import place

    found = ADMIN.search(" ".join((ROOT / "README.md").read_text().split()))
    assert found, "the README's administrator lines (useradd, venv, install the unit, systemctl) changed: teach it"
    useradd, prefix, unit_file, name = found.groups()
    settings = unit(ROOT / unit_file)
    login = useradd.split()[-1]
    program, *args = settings["ExecStart"][0].split()
    state = Path("/var/lib") / settings["StateDirectory"][0]
    assert (settings["User"], settings["Group"], name) == ([login], [login], Path(unit_file).stem)
    assert program == f"{prefix}/bin/dune-tui" and str(state) == place.SERVICE
    assert f"--home-dir {state}" in useradd and "--system" in useradd
    ours = shared_server / ".venv" / "bin" / "dune-tui"  # the checkout's dune-tui, for /opt/dune-tui's
    if shutil.which("systemd-analyze"):
        copy = shared_server / Path(unit_file).name
        copy.write_text((ROOT / unit_file).read_text().replace(program, str(ours)))
        verified = _run("systemd-analyze", "verify", str(copy))
        assert verified.returncode == 0 and not verified.stderr.strip(), verified.stderr
    if state.exists():
        pytest.skip(f"{state} exists: a real installation of the service; this test makes its own")
    made = False
    try:
        pwd.getpwnam(login)
    except KeyError:
        _run(*shlex.split(useradd), check=True)  # as the README writes it
        made = True
    user = pwd.getpwnam(login)
    server = None
    try:
        assert user.pw_shell == "/usr/sbin/nologin" and user.pw_dir == str(state) and user.pw_uid < 1000
        state.mkdir(mode=int(settings["StateDirectoryMode"][0], 8))  # what systemd makes before ExecStart
        os.chmod(state, int(settings["StateDirectoryMode"][0], 8))
        os.chown(state, user.pw_uid, user.pw_gid)
        umask = int(settings["UMask"][0], 8)
        server = subprocess.Popen(
            ["setpriv", f"--reuid={login}", f"--regid={login}", "--clear-groups", "--", str(ours), *args],
            env={"PATH": "/usr/bin:/bin", "HOME": user.pw_dir, "STATE_DIRECTORY": str(state), "LANG": "C.UTF-8"},
            cwd="/", stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            preexec_fn=lambda: os.umask(umask))
        for line in server.stdout:
            if "serving 0 tables" in line:
                break
        else:
            pytest.fail(f"the service did not start: {server.wait()}")
        env = {"PATH": f"{ours.parent}:/usr/bin:/bin", "DUNE_TUI_LOBBY": str(shared_server / "lobby")}

        def as_user(who: str, *words: str) -> str:
            out = _run(RUNUSER, "-u", who, "--", "env", "-i", *(f"{k}={v}" for k, v in env.items()),
                       f"HOME={pwd.getpwnam(who).pw_dir}", "dune-tui", *words, cwd=shared_server)  # (ended after)
            assert out.returncode == 0, out.stderr
            return " ".join((out.stdout + out.stderr).split())

        opened = as_user("alice", "host", "--no-play", "--seat", "human", "--seat", "human")
        assert "Opened on the table server as alice-" in opened, opened
        assert "alice's table alice-" in as_user("carol", "tables")
        assert oct(os.stat(state / place.DATABASE).st_mode & 0o777) == "0o600"
        server.send_signal(getattr(signal, settings["KillSignal"][0]))
        assert server.wait(float(settings["TimeoutStopSec"][0])) == 0
        assert "stopping: 1 table kept for the next start" in server.stdout.read()
    finally:
        if server is not None and server.poll() is None:
            server.kill()
            server.wait()
        shutil.rmtree(state, ignore_errors=True)
        if made:
            _run("userdel", "-f", login)
