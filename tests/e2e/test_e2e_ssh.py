"""The game the way a shared-server user plays it: through a real OpenSSH server on 127.0.0.1
(started here with its own config, keys and test user), `ssh -tt ... dune-tui new` inside tmux
at 80x24 with TERM=xterm, a few moves, then the connection is dropped: the remote game must get
SIGHUP, autosave and exit promptly, leaving no process behind."""

from __future__ import annotations

import os
import pwd
import shlex
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import pytest
from e2e_terminal import ROOT, Tmux, game_command, have

from dune_tui import saves
from dune_tui.saves.files import SUFFIX
from dune_tui.saves.store import AUTOSAVE

USER = "dunetest"
SSHD = "/usr/sbin/sshd"

pytestmark = [
    pytest.mark.e2e,
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


def as_user(*argv: str) -> subprocess.CompletedProcess:
    return run("runuser", "-u", USER, "--", *argv)


def remote_python(workdir: Path) -> str:
    """A Python the test user can run that imports this checkout: ours if readable, else a venv
    of the system Python (same minor version) pointing at our site-packages (recipe: a Python
    under /root is unreachable for another user)."""
    probe = ("-c", "import dune_tui, textual, msgspec, platformdirs")
    if as_user(sys.executable, *probe).returncode == 0:
        return sys.executable
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


@pytest.fixture
def sshd(tmp_path_factory):
    work = Path(tmp_path_factory.mktemp("sshd"))
    os.chmod(work, 0o755)
    for parent in work.parents:  # the test user must reach the save directory
        if str(parent).startswith("/tmp/"):
            os.chmod(parent, 0o755)
    created = False
    try:
        pwd.getpwnam(USER)
    except KeyError:
        run("useradd", "-m", "-s", "/bin/bash", USER, check=True)
        created = True
    run("usermod", "-p", "*", USER, check=True)  # '*' not '!': sshd with UsePAM no refuses locked users
    home = Path(pwd.getpwnam(USER).pw_dir)
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(work / "hostkey"), check=True)
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(work / "key"), check=True)
    run("install", "-d", "-m", "700", "-o", USER, "-g", USER, str(home / ".ssh"), check=True)
    run("install", "-m", "600", "-o", USER, "-g", USER, str(work / "key.pub"), str(home / ".ssh/authorized_keys"),
        check=True)
    os.makedirs("/run/sshd", mode=0o755, exist_ok=True)
    port = free_port()
    (work / "sshd_config").write_text("\n".join([
        "ListenAddress 127.0.0.1", f"Port {port}", f"HostKey {work / 'hostkey'}", "PidFile none", "UsePAM no",
        "PasswordAuthentication no", "KbdInteractiveAuthentication no", "PermitRootLogin no", f"AllowUsers {USER}",
        "AcceptEnv LANG LC_* COLORTERM NO_COLOR", ""]))
    server = subprocess.Popen([SSHD, "-D", "-f", str(work / "sshd_config"), "-E", str(work / "sshd.log")],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    (work / "known_hosts").write_text(f"[127.0.0.1]:{port} {(work / 'hostkey.pub').read_text()}")
    ssh = ["ssh", "-p", str(port), "-i", str(work / "key"), "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
           "-o", f"UserKnownHostsFile={work / 'known_hosts'}", "-o", "StrictHostKeyChecking=yes", f"{USER}@127.0.0.1"]
    try:
        for _ in range(100):
            if run(*ssh, "-n", "true").returncode == 0:
                break
            time.sleep(0.1)
        else:
            pytest.fail(f"sshd did not accept the test key:\n{(work / 'sshd.log').read_text()}")
        yield ssh, work
    finally:
        server.terminate()
        server.wait(10)
        run("pkill", "-KILL", "-u", USER)  # only the test user's processes, if any were left
        if created:
            run("userdel", "-r", "-f", USER)


def remote_processes() -> list[str]:
    out = run("ps", "-u", USER, "-o", "stat=,args=").stdout.splitlines()
    return [line for line in out if line.strip() and not line.strip().startswith("Z")]


def test_dropped_ssh_connection_autosaves_and_the_game_exits(sshd, tmp_path):
    ssh, work = sshd
    python = remote_python(work)
    save_dir = work / "saves"
    save_dir.mkdir()
    shutil.chown(save_dir, USER, USER)
    remote = shlex.join(game_command(python, str(save_dir)))
    tmux = Tmux(tmp_path)
    try:
        started = time.monotonic()
        tmux.start([*ssh, "-tt", f"cd {shlex.quote(str(ROOT))} && {remote}"], env={"TERM": "xterm"})
        screen = tmux.wait_for("Your decision", timeout=30)
        print(f"first decision on screen over ssh after {time.monotonic() - started:.2f} s")
        assert "Arrakis" in screen and "Traceback" not in screen
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
    # Looked up by path: as root the test is another user to that directory, which the saves refuse to list.
    autosaves = sorted(save_dir.glob(f"{AUTOSAVE}*{SUFFIX}"))
    assert autosaves, "no autosave after the hang-up"
    autosave = autosaves[-1]
    game = saves.load(autosave)
    assert len(game.log) >= 1
    assert not game.state.over
