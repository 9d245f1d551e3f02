"""The game the way shared-server users play it, through a real OpenSSH server on 127.0.0.1 (started here with
its own config, keys and two test users), inside tmux at 80x24:

- one user runs `ssh -tt ... dune-tui new`, makes a few moves, then the connection is dropped: the remote game
  must get SIGHUP, autosave and exit promptly, leaving no process behind;
- root hosts a table (`dune-tui host --no-play`) and each of the two users logs in and runs `dune-tui join CODE`:
  they play to their first battle against each other; one seals a commit the other's screen never shows
  before the reveal, which both see."""

from __future__ import annotations

import os
import pwd
import shlex
import shutil
import socket
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

import pytest
from e2e_players import TERM, Player, battle_of, host_argv, host_log, panel, play, read_codes, wait_until
from e2e_terminal import ROOT, Tmux, game_command, have, users_group

from dune_tui import saves
from dune_tui.saves.files import SUFFIX
from dune_tui.saves.store import AUTOSAVE

USERS = ("dunetest", "dunetest2")
USER = USERS[0]
SSHD = "/usr/sbin/sshd"

pytestmark = [
    pytest.mark.e2e,
    users_group(*USERS),  # one worker: the tests create and remove the same users
    pytest.mark.skipif(os.name != "posix" or os.geteuid() != 0, reason="needs root (sshd and a test user)"),
    pytest.mark.skipif(not have(SSHD, "ssh", "ssh-keygen", "tmux", "useradd", "runuser"),
                       reason="needs openssh-server, openssh-client, tmux (apt-get install tmux openssh-server)"),
]


def run(*argv: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(argv, capture_output=True, text=True, timeout=60, **kw)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def as_user(*argv: str, user: str = USER) -> subprocess.CompletedProcess:
    return run("runuser", "-u", user, "--", *argv)


def remote_python(workdir: Path) -> str:
    """A Python the test user can run that imports this checkout: ours if readable, else a venv
    of the system Python (same minor version) pointing at our site-packages (recipe: a Python
    under /root is unreachable for another user)."""
    probe = ("-c", "import dune_tui, textual, msgspec, platformdirs")
    if as_user(sys.executable, *probe).returncode == 0:
        return sys.executable
    python = workdir / "venv" / "bin" / "python"
    if python.exists():  # made for the first user already
        return str(python)
    system = "/usr/bin/python3"
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    if not os.path.exists(system) or run(system, "-c", "import sys; print(sys.version[:4])").stdout.strip() \
            != version:
        pytest.skip(f"no Python {version} the test user can run")
    venv = workdir / "venv"
    run(system, "-m", "venv", "--without-pip", str(venv), check=True)
    site = next(venv.glob("lib/python*/site-packages"))
    (site / "dune_tui_checkout.pth").write_text(f"{ROOT}\n{sysconfig.get_paths()['purelib']}\n")
    run("chmod", "-R", "a+rX", str(venv))
    python = str(venv / "bin" / "python")
    result = as_user(python, *probe)
    if result.returncode != 0:
        pytest.skip(f"the test user cannot import this checkout: {result.stderr.strip()[-200:]}")
    return python


class Sshd:
    """A running sshd of our own on 127.0.0.1 that lets in the test users, each with its key."""

    def __init__(self, work: Path, port: int) -> None:
        self.work, self.port = work, port

    def ssh(self, user: str = USER) -> list[str]:
        w = self.work
        return ["ssh", "-p", str(self.port), "-i", str(w / f"key-{user}"), "-o", "IdentitiesOnly=yes",
                "-o", "BatchMode=yes", "-o", f"UserKnownHostsFile={w / 'known_hosts'}",
                "-o", "StrictHostKeyChecking=yes", f"{user}@127.0.0.1"]


def add_user(user: str, work: Path) -> bool:
    """The test user with a key of its own; True if it was created here (to remove it after)."""
    created = False
    try:
        pwd.getpwnam(user)
    except KeyError:
        run("useradd", "-m", "-s", "/bin/bash", user, check=True)
        created = True
    run("usermod", "-p", "*", user, check=True)  # '*' not '!': sshd with UsePAM no refuses locked users
    home = Path(pwd.getpwnam(user).pw_dir)
    key = work / f"key-{user}"
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key), check=True)
    run("install", "-d", "-m", "700", "-o", user, "-g", user, str(home / ".ssh"), check=True)
    run("install", "-m", "600", "-o", user, "-g", user, f"{key}.pub", str(home / ".ssh/authorized_keys"),
        check=True)
    return created


@pytest.fixture
def sshd():
    # Not under pytest's base directory: the test users must reach it, and any pytest starting meanwhile
    # sets /tmp/pytest-of-<user> back to 0700 (seen on a machine shared by test runs).
    work = Path(tempfile.mkdtemp(prefix="dune-tui-sshd-"))
    os.chmod(work, 0o755)
    created = [user for user in USERS if add_user(user, work)]
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(work / "hostkey"), check=True)
    os.makedirs("/run/sshd", mode=0o755, exist_ok=True)
    port = free_port()
    (work / "sshd_config").write_text("\n".join([
        "ListenAddress 127.0.0.1", f"Port {port}", f"HostKey {work / 'hostkey'}", "PidFile none", "UsePAM no",
        "PasswordAuthentication no", "KbdInteractiveAuthentication no", "PermitRootLogin no",
        f"AllowUsers {' '.join(USERS)}", "AcceptEnv LANG LC_* COLORTERM NO_COLOR", ""]))
    server = subprocess.Popen([SSHD, "-D", "-f", str(work / "sshd_config"), "-E", str(work / "sshd.log")],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    (work / "known_hosts").write_text(f"[127.0.0.1]:{port} {(work / 'hostkey.pub').read_text()}")
    sshd = Sshd(work, port)
    try:
        for user in USERS:
            for _ in range(100):
                if run(*sshd.ssh(user), "-n", "true").returncode == 0:
                    break
                time.sleep(0.1)
            else:
                pytest.fail(f"sshd did not accept {user}'s key:\n{(work / 'sshd.log').read_text()}")
        yield sshd
    finally:
        server.terminate()
        server.wait(10)
        for user in USERS:
            run("pkill", "-KILL", "-u", user)  # only the test users' processes, if any were left
        for user in created:
            run("userdel", "-r", "-f", user)
        shutil.rmtree(work, ignore_errors=True)


def remote_processes(user: str = USER) -> list[str]:
    out = run("ps", "-u", user, "-o", "stat=,args=").stdout.splitlines()
    return [line for line in out if line.strip() and not line.strip().startswith("Z")]


def test_dropped_ssh_connection_autosaves_and_the_game_exits(sshd, tmp_path):
    ssh, work = sshd.ssh(), sshd.work
    python = remote_python(work)
    save_dir = work / "saves"
    save_dir.mkdir()
    shutil.chown(save_dir, USER, USER)
    remote = shlex.join(game_command(python, str(save_dir)))
    tmux = Tmux(tmp_path)
    try:
        started = time.monotonic()
        tmux.start([*ssh, "-tt", f"cd {shlex.quote(str(ROOT))} && {remote}"], env={"TERM": "xterm"})
        tmux.wait_for("Your decision", timeout=30)
        print(f"first decision on screen over ssh after {time.monotonic() - started:.2f} s")
        screen = tmux.wait_for("Arrakis", timeout=10)  # the whole frame (over ssh it may come in more than one write)
        assert "Your decision" in screen and "Traceback" not in screen
        moves = 0
        while moves < 4:
            key = "a" if "1-7 Mark" in screen else "Enter"
            tmux.keys(key)
            moves += 1
            end = time.monotonic() + 5
            while time.monotonic() < end and (tmux.screen() == screen or "Your decision" not in tmux.screen()):
                time.sleep(0.02)
            screen = tmux.screen()
            assert "Traceback" not in screen
        assert remote_processes(), "the game runs as the test user"
        dropped = time.monotonic()
        os.kill(int(tmux.pane("#{pane_pid}")), 9)  # the connection drops: sshd hangs up the game's terminal
        while remote_processes() and time.monotonic() - dropped < 10:
            time.sleep(0.05)
        print(f"remote game gone {time.monotonic() - dropped:.2f} s after the drop")
        assert not remote_processes(), "the game lingered after the connection dropped"
    finally:
        tmux.kill()
    # As root the test is another user to that directory, which the saves refuse to list or open: a copy of
    # the file in a directory of root's own opens (what the refusal tells a player to do).
    autosaves = sorted(save_dir.glob(f"{AUTOSAVE}*{SUFFIX}"))
    assert autosaves, "no autosave after the hang-up"
    with pytest.raises(saves.SaveError, match="is not yours alone"):
        saves.load(autosaves[-1])
    autosave = shutil.copy(autosaves[-1], tmp_path)
    game = saves.load(autosave)
    assert len(game.log) >= 1
    assert not game.state.over


def commit_total(screen: str) -> str:
    """The commit form's total ("= 2 Atreides troops, … (strength 4)"), without its "= " ("" if not drawn)."""
    return next((line for line in panel(screen) if line.startswith("= ")), "").removeprefix("= ")


def test_two_unix_users_join_one_table_over_openssh_and_keep_their_commits_secret(sshd, tmp_path):
    """Root hosts; dunetest plays seat 1 and dunetest2 seat 2, each through its own ssh login."""
    python = remote_python(sshd.work)
    assert as_user(python, "-c", "import dune_tui", user=USERS[1]).returncode == 0
    save_dir, log = tmp_path / "saves", tmp_path / "host.log"
    tmux = Tmux(tmp_path)
    try:
        started = time.monotonic()
        tmux.start(host_argv(save_dir, log), name="host", width=200)
        codes = read_codes(tmux)
        for user, seat, pane in ((USERS[0], "seat 1", "ann"), (USERS[1], "seat 2", "bob")):
            remote = f"cd {shlex.quote(str(ROOT))} && {shlex.join([python, '-m', 'dune_tui', 'join', codes[seat]])}"
            tmux.start([*sshd.ssh(user), "-tt", remote], env=TERM, name=pane)
        ann, bob = Player(tmux, "ann"), Player(tmux, "bob")
        ann.wait(lambda s: "Your decision" in s, "the first decision over ssh", timeout=30)
        print(f"first decision over ssh after {time.monotonic() - started:.2f} s")
        for user in USERS:
            assert any("dune_tui join" in p for p in remote_processes(user)), f"{user} runs its own client"
        secret: list[str] = []

        def seal_a_secret():
            """Ann goes all in and seals; Bob's screen must not show her commit until the reveal."""
            ann.press("m")
            screen = ann.wait(lambda s: "▌" not in s and commit_total(s) not in ("", "nothing (strength 0)"),
                              "Ann's all-in total, clear of notices")
            secret.append(commit_total(screen))
            ann.press("Enter")
            bob.wait(lambda s: "have sealed theirs" in s, "the note that the other side sealed")
            assert secret[0] not in bob.screen
            bob.press("Enter")
            bob.wait(lambda s: "the commits are revealed" in s or secret[0] in " ".join(s.split()), "the reveal")
            assert "the commits are revealed" in bob.screen, f"Bob read Ann's commit before the reveal:\n{bob.screen}"
            ann.wait(lambda s: "the commits are revealed" in s, "the reveal")
            return battle_of(ann.screen)

        battle = play([ann, bob], seal_a_secret, stop=lambda: bool(secret), limit=60)
        assert battle is not None, "the two users never met in a battle"
        print(f"the battle sealed and revealed over ssh after {time.monotonic() - started:.2f} s")
        reveal = " ".join(bob.screen.split())
        # Bob reads Ann's commit once both are sealed: her leaders in the reveal's table
        for leader in ("Leto", "Duncan Idaho"):
            assert (leader in secret[0]) <= (leader in reveal), f"{leader} not in Bob's reveal: {reveal}"
        assert "the commits are revealed" in reveal and "Atreides" in reveal
        for p in (ann, bob):
            assert "Traceback" not in p.screen
    finally:
        tmux.kill()  # the host gets SIGHUP and saves; the ssh clients hang up
    wait_until(lambda: not remote_processes(USERS[0]) and not remote_processes(USERS[1]), "the clients ending")
    wait_until(lambda: "saving the game" in host_log(log), "the host saving")
    assert "Traceback" not in host_log(log)
    assert "seat 1 joined" in host_log(log) and "seat 2 joined" in host_log(log)
    assert not saves.load(saves.latest_autosave(save_dir)).state.over
