"""Real Unix users of one machine, logged in over a real OpenSSH server, for the tests of a shared server: the users
(made if missing, each with an ssh key; removed after, only those made here), a Python they can all run that imports
this checkout, and sshd on a loopback port that lets them in.  Root only (the tests skip otherwise)."""

from __future__ import annotations

import os
import pwd
import socket
import subprocess
import sys
import sysconfig
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from e2e_terminal import ROOT

SSHD = "/usr/sbin/sshd"


def run(*argv: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(argv, capture_output=True, text=True, timeout=60, **kw)


@contextmanager
def unix_users(place: Path, users: tuple[str, ...], shell: str = "/bin/bash") -> Iterator[tuple[str, ...]]:
    """The users, each with an ssh key (`place`/key-USER) sshd accepts; after, their processes killed and those made
    here removed."""
    created = []
    try:
        for user in users:
            try:
                pwd.getpwnam(user)
            except KeyError:
                run("useradd", "-m", "-s", shell, user, check=True)
                created.append(user)
            run("usermod", "-p", "*", user, check=True)  # '*' not '!': sshd with UsePAM no refuses locked users
            home = Path(pwd.getpwnam(user).pw_dir)
            key = place / f"key-{user}"
            if not key.exists():
                run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key), check=True)
            run("install", "-d", "-m", "700", "-o", user, "-g", user, str(home / ".ssh"), check=True)
            run("install", "-m", "600", "-o", user, "-g", user, f"{key}.pub", str(home / ".ssh/authorized_keys"),
                check=True)
        yield users
    finally:
        for user in users:
            run("pkill", "-KILL", "-u", user)  # only the test users' processes, if any were left
        for user in created:
            run("userdel", "-r", "-f", user)


def their_python(place: Path, user: str) -> str:
    """A Python `user` can run that imports this checkout (a Python under /root is unreachable for them: a venv of
    the system Python, the same minor version, pointing at our site-packages); the test skips without one."""
    probe = ("-c", "import dune_tui, textual, msgspec, platformdirs")
    if run("runuser", "-u", user, "--", sys.executable, *probe).returncode == 0:
        return sys.executable
    system, version = "/usr/bin/python3", f"{sys.version_info.major}.{sys.version_info.minor}"
    if not os.path.exists(system) or run(system, "-c", "import sys; print(sys.version[:4])").stdout.strip() \
            != version:
        pytest.skip(f"no Python {version} the test users can run")
    venv = place / "venv"
    run(system, "-m", "venv", "--without-pip", str(venv), check=True)
    site = next(venv.glob("lib/python*/site-packages"))
    (site / "dune_tui_checkout.pth").write_text(f"{ROOT}\n{sysconfig.get_paths()['purelib']}\n")
    run("chmod", "-R", "a+rX", str(venv))
    result = run("runuser", "-u", user, "--", str(venv / "bin" / "python"), *probe)
    if result.returncode != 0:
        pytest.skip(f"the test users cannot import this checkout: {result.stderr.strip()[-200:]}")
    return str(venv / "bin" / "python")


@contextmanager
def openssh(place: Path, users: tuple[str, ...]) -> Iterator[int]:
    """sshd on a free loopback port, letting `users` in with their keys (known_hosts in `place`): its port."""
    port = _free_port()
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(place / "hostkey"), check=True)
    os.makedirs("/run/sshd", mode=0o755, exist_ok=True)
    (place / "sshd_config").write_text("\n".join([
        "ListenAddress 127.0.0.1", f"Port {port}", f"HostKey {place / 'hostkey'}", "PidFile none", "UsePAM no",
        "PasswordAuthentication no", "KbdInteractiveAuthentication no", "PermitRootLogin no",
        f"AllowUsers {' '.join(users)}", "AcceptEnv LANG LC_* COLORTERM NO_COLOR", ""]))
    server = subprocess.Popen([SSHD, "-D", "-f", str(place / "sshd_config"), "-E", str(place / "sshd.log")],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    (place / "known_hosts").write_text(f"[127.0.0.1]:{port} {(place / 'hostkey.pub').read_text()}")
    try:
        _wait_until_listening(port, server, place / "sshd.log")
        yield port
    finally:
        server.terminate()
        server.wait(10)


def ssh_argv(place: Path, port: int, user: str) -> list[str]:
    """`ssh` as `user` to the test's sshd (add -tt and the remote command)."""
    return ["ssh", "-p", str(port), "-i", str(place / f"key-{user}"), "-o", "IdentitiesOnly=yes",
            "-o", "BatchMode=yes", "-o", f"UserKnownHostsFile={place / 'known_hosts'}",
            "-o", "StrictHostKeyChecking=yes", f"{user}@127.0.0.1"]


def _wait_until_listening(port: int, server: subprocess.Popen, log: Path) -> None:
    """sshd -D takes a moment to bind on a loaded machine: the first ssh must not meet a refused connection
    (seen once in a full run)."""
    end = time.monotonic() + 20
    while time.monotonic() < end:
        if server.poll() is not None:
            pytest.fail(f"sshd exited ({server.returncode}):\n{log.read_text() if log.exists() else ''}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    pytest.fail(f"sshd did not listen on port {port} within 20 s")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
