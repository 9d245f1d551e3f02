"""The game through a real pseudo-terminal: start-up, key latency while a bot thinks, idle CPU.

    nice .venv/bin/python benchmarks/bench_ui.py [--runs 5] [--keys 20] [--ssh "ssh -tt user@host"] [--first-frame]
                                                 [--imports]

- first frame: from spawning `dune-tui new` to the game screen's first decision on the terminal
  (aim <= 0.5 s), median of --runs; with --first-frame only that, with bots in a thread too, the
  main menu's first frame (plain `dune-tui`), over --ssh if given, and the floor: the CPU a bare
  `import textual.app` and the widgets the game screen uses take;
- --imports: what the game's process imports before its first frame (`-X importtime`, bots in a thread so
  that one process reports), summed by package: the share of each is what to read (importtime slows it);
- key latency: a CPU-bound stand-in bot (bench_ui_busybot.py; or --thinker mcts:hard) thinks; each `p` press
  changes the status line's "bot pause" text; time from writing the key to reading that text,
  with the bot in a child process (the default) and in a thread (aim <= 50 ms);
- idle CPU: CPU seconds the game uses over 5 s while it waits for a human decision;
- --advisor: the advisor's answer for normal decisions (aim <= 1 s): --runs mid-game positions (rounds 2-5, a
  human against a bot, played to by random legal moves) saved and opened with `dune-tui load`; at the decision
  `h` is pressed and timed to the answer's panel title `Advice (mcts)`, and the CPU the process used meanwhile.

With --ssh PREFIX the first frame is also timed through that command (e.g. the e2e test's sshd);
PREFIX must run a command given after it on a host where REMOTE_PYTHON runs this checkout.
Timings are noisy on a shared machine: say what else ran.
"""

from __future__ import annotations

import argparse
import fcntl
import math
import os
import re
import select
import shlex
import signal
import statistics
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
READY = b"Your decision"
# pip compiles an installed package's modules; a checkout run with PYTHONDONTWRITEBYTECODE=1 compiles them at
# every start (about 0.4 s here).  The runs below keep bytecode in BYTECODE_CACHE (the first run fills it, and
# is not counted) unless --compile-each-time.
BYTECODE_CACHE = "/tmp/dune-bench-pycache"


class Terminal:
    """A process on a pseudo-terminal of a given size; what it writes is kept in `out`."""

    def __init__(self, argv: list[str], cols: int = 80, rows: int = 24, env: dict | None = None) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        environ = {**os.environ, "TERM": "xterm-256color", **(env or {})}
        environ.pop("TEXTUAL", None)

        def controlling_tty() -> None:
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.started = time.perf_counter()
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=environ,
                                     preexec_fn=controlling_tty, close_fds=True)
        os.close(slave)
        self.out = bytearray()

    def read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return False
        self.out += data
        return bool(data)

    def wait_for(self, pattern: bytes, since: int = 0, timeout: float = 20.0) -> float:
        """Seconds until `pattern` appears in the output after byte `since`; raises on timeout."""
        start = time.perf_counter()
        while pattern not in self.out[since:]:
            if time.perf_counter() - start > timeout:
                raise TimeoutError(f"{pattern!r} did not appear within {timeout} s")
            self.read(0.05)
        return time.perf_counter() - start

    def drain(self, seconds: float) -> None:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            self.read(max(0.0, end - time.perf_counter()))

    def press(self, key: bytes) -> None:
        os.write(self.master, key)

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGHUP)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        os.close(self.master)


def game_argv(save_dir: str, *extra: str) -> list[str]:
    return [PY, "-m", "dune_tui", "new", "--seed", "7", "--seat", "human", "--seat", "random", "--pause", "0",
            "--save-dir", save_dir, *extra]


MENU_READY = b"Continue"


TEXTUAL_FLOOR = "import textual.app; from textual.widgets import Footer, Input, OptionList, RichLog, Static"
IMPORT_LINE = re.compile(rb"import time:\s+(\d+) \|\s+(\d+) \| ( *)([\w.]+)")


def textual_floor(runs: int) -> list[float]:
    """CPU seconds of a Python that only imports Textual and the widgets the game screen uses."""
    times = []
    for _ in range(runs + 1):
        before = os.times()
        subprocess.run([PY, "-c", TEXTUAL_FLOOR], check=True)
        after = os.times()
        times.append(after.children_user + after.children_system - before.children_user - before.children_system)
    return times[1:]


def imports_before_first_frame(save_dir: str) -> list[tuple[str, float]]:
    """Milliseconds of import (their own time, `-X importtime`) by package, biggest first, until the game's
    first decision is on the screen; bots in a thread so that one process writes the lines."""
    term = Terminal([PY, "-X", "importtime", *game_argv(save_dir, "--bots", "thread")[1:]],
                    env={"DUNE_TUI_SAVE_DIR": save_dir})
    try:
        term.wait_for(READY, timeout=30)
    finally:
        term.close()
    by_package: dict[str, float] = {}
    for own, _total, _indent, name in IMPORT_LINE.findall(bytes(term.out)):
        parts = name.decode().split(".")
        key = ".".join(parts[:2]) if parts[0] == "dune_tui" else parts[0]
        by_package[key] = by_package.get(key, 0.0) + int(own) / 1000
    return sorted(by_package.items(), key=lambda kv: -kv[1])


def first_frame(runs: int, save_dir: str, prefix: list[str] | None = None, *, menu: bool = False,
                extra: tuple[str, ...] = (), cpu: list[float] | None = None) -> list[float]:
    """Seconds from spawning the process to its first frame: the game's first decision (`dune-tui new`),
    or with `menu` the main menu (plain `dune-tui`).  `cpu` gets the CPU seconds the process had used by
    then (steadier than the time on a busy machine)."""
    times = []
    for run in range(runs + 1):  # the first run fills the bytecode cache: not counted
        argv = [PY, "-m", "dune_tui"] if menu else game_argv(save_dir, *extra)
        if prefix:
            argv = [*prefix, shlex.join(argv)]
        term = Terminal(argv, env={"DUNE_TUI_SAVE_DIR": save_dir})
        try:
            term.wait_for(MENU_READY if menu else READY, timeout=30)
            if run:
                times.append(time.perf_counter() - term.started)
                if cpu is not None:
                    cpu.append(term.cpu_seconds())
        finally:
            term.close()
    return times


PAUSE_TEXT = re.compile(rb"bot pause ([0-9.]+)s")


def answer_until_thinking(term: Terminal, timeout: float = 30.0) -> None:
    """Answer the human's setup questions with their first option until the bot is thinking."""
    end = time.perf_counter() + timeout
    mark = 0
    while b"thinking" not in term.out[mark:]:
        if time.perf_counter() > end:
            raise TimeoutError(f"the bot was not thinking within {timeout} s")
        if b"Your decision" in term.out[mark:]:
            term.drain(0.4)  # past the key guard of a new question
            mark = len(term.out)
            term.press(b"1")
        term.read(0.05)


def key_latency(bots: str, presses: int, save_dir: str, thinker: str = "busy") -> list[float]:
    """`p` while the thinking bot (seat 1, plays first) thinks; time to the new pause text."""
    argv = [PY, "-m", "benchmarks.bench_ui_busybot", "--seed", "7", "--seat", thinker, "--seat", "human",
            "--faction", "harkonnen", "--faction", "atreides", "--pause", "0", "--bots", bots, "--save-dir", save_dir]
    term = Terminal(argv)
    cycle = ["0.25", "0.5", "1", "2", "0"]
    times = []
    try:
        answer_until_thinking(term)
        term.drain(1.0)  # let the first frames settle; the bot is now spinning
        for i in range(presses):
            expect = f"bot pause {cycle[i % len(cycle)]}s".encode()
            mark = len(term.out)
            t0 = time.perf_counter()
            term.press(b"p")
            term.wait_for(expect, since=mark, timeout=10)
            times.append(time.perf_counter() - t0)
            term.drain(0.15)
    finally:
        term.close()
    return times


def idle_cpu(save_dir: str, seconds: float = 5.0) -> float:
    term = Terminal(game_argv(save_dir))
    try:
        term.wait_for(READY, timeout=30)
        term.drain(1.0)
        before = term.cpu_seconds()
        term.drain(seconds)
        return (term.cpu_seconds() - before) / seconds
    finally:
        term.close()


ADVICE_READY = b"Advice ("


def advisor_positions(runs: int, save_dir: str) -> list[tuple[str, str]]:
    """Mid-game decisions of a human (seat 1) against a random bot, saved: (path, phase) each.  Decisions the
    advisor answers at once (one option, HEURISTIC_PHASES) are skipped: the search's are the ones timed."""
    import random

    from dune_tui import saves
    from dune_tui.ai.games.dune import HEURISTIC_PHASES
    from dune_tui.controller import Decision
    from dune_tui.games.dune import Options, legal_actions
    from dune_tui.session import SeatConfig, Session

    out = []
    for i in range(runs):
        game = Session(Options(players=2, seed=100 + i), [SeatConfig(kind="human", agent=""),
                                                           SeatConfig(kind="bot", agent="random")], bots_secret=100 + i)
        rng, controller = random.Random(i), game.controller
        goal = 2 + i % 4
        while True:
            state = controller.state
            assert not state.over, "the game ended before the wanted position"
            seat = state.awaiting[0]
            legal = legal_actions(state, seat)
            if (seat == 0 and state.round >= goal and len(legal) > 1 and state.phase not in HEURISTIC_PHASES
                    and rng.random() < 0.3):
                break
            request = next(r for r in controller.pending() if r.seat == seat)
            batches = controller.submit(Decision(request.id, seat, rng.choice(legal)))
            game.history.extend({id(e): e for b in batches for e in b.events}.values())
        directory = Path(save_dir) / f"advisor-{i}"
        out.append((str(saves.autosave(game, directory)), f"round {state.round} {state.phase}"))
    return out


def advisor_answer(runs: int, save_dir: str) -> list[tuple[str, float, float]]:
    """(phase, seconds, CPU seconds) from `h` to the advice on screen, one per position."""
    out = []
    for path, phase in advisor_positions(runs, save_dir):
        term = Terminal([PY, "-m", "dune_tui", "load", path], env={"DUNE_TUI_SAVE_DIR": save_dir})
        try:
            term.wait_for(READY, timeout=30)
            term.drain(1.0)  # past the new question's key guard; the first frames settled
            mark, cpu = len(term.out), term.cpu_seconds()
            t0 = time.perf_counter()
            term.press(b"h")
            term.wait_for(ADVICE_READY, since=mark, timeout=15)
            out.append((phase, time.perf_counter() - t0, term.cpu_seconds() - cpu))
        finally:
            term.close()
    return out


def median_interval(xs: list[float]) -> tuple[float, float]:
    """A distribution-free interval holding the median at least 95% of the time: the order statistics j and
    n+1-j, j the largest with P(Binomial(n, 1/2) < j) <= 2.5% (with fewer than 6 values: min and max, 94%)."""
    ordered, n = sorted(xs), len(xs)
    j, below = 1, 0.0
    while True:
        below += math.comb(n, j - 1) / 2 ** n  # P(X <= j - 1)
        if below > 0.025:
            break
        j += 1
    j = max(1, j - 1)
    return ordered[j - 1], ordered[n - j]


def summary(name: str, xs: list[float], unit: str = "s", scale: float = 1.0) -> str:
    xs = [x * scale for x in xs]
    low, high = median_interval(xs)
    return (f"{name}: median {statistics.median(xs):.3f} {unit} (95% CI {low:.3f}-{high:.3f}), "
            f"min {min(xs):.3f}, max {max(xs):.3f} (n={len(xs)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keys", type=int, default=20)
    parser.add_argument("--ssh", help="a command prefix that runs a remote command, e.g. 'ssh -tt u@h'")
    parser.add_argument("--save-dir", default="/tmp/dune-bench-ui")
    parser.add_argument("--thinker", default="busy", help="the bot that thinks while keys are pressed "
                        "(default: the CPU-bound stand-in; e.g. mcts:hard)")
    parser.add_argument("--first-frame", action="store_true",
                        help="only the first frames: `dune-tui new` (bots in a process, then a thread) and the menu")
    parser.add_argument("--imports", action="store_true",
                        help="only what is imported before the first frame, by package (-X importtime)")
    parser.add_argument("--advisor", action="store_true",
                        help="only the advisor's answer (h) at --runs mid-game decisions, opened from saves")
    parser.add_argument("--compile-each-time", action="store_true",
                        help="keep PYTHONDONTWRITEBYTECODE: a checkout compiling its modules at every start")
    args = parser.parse_args()
    if not args.compile_each_time:  # start as an installed dune-tui does, its modules' bytecode cached
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ.setdefault("PYTHONPYCACHEPREFIX", BYTECODE_CACHE)
    print(f"load average before: {os.getloadavg()}")
    if args.imports:
        first_frame(1, args.save_dir)  # fills the bytecode cache
        found = imports_before_first_frame(args.save_dir)
        total = sum(ms for _, ms in found)
        print(f"imported before the first frame (bots in a thread): {total:.0f} ms under -X importtime")
        ours = sum(ms for name, ms in found if name.split(".")[0] == "dune_tui")
        textual = sum(ms for name, ms in found if name in ("textual", "rich"))
        print(f"  Textual and Rich {textual:.0f} ms ({100 * textual / total:.0f} %), dune_tui and ai {ours:.0f} ms "
              f"({100 * ours / total:.0f} %)")
        for name, ms in found[:20]:
            print(f"  {name:28} {ms:7.1f} ms  {100 * ms / total:4.1f} %")
        return 0
    if args.advisor:
        found = advisor_answer(args.runs, args.save_dir)
        for phase, wall, cpu_s in found:
            print(f"  {phase:32} answer {wall:.3f} s, CPU {cpu_s:.3f} s")
        print(summary("advisor: h to the advice on screen", [w for _, w, _ in found]))
        print(summary("  its CPU (the game's process)", [c for _, _, c in found]))
        print(f"load average after: {os.getloadavg()}")
        return 0
    cpu: list[float] = []
    print(summary("first frame, local", first_frame(args.runs, args.save_dir, cpu=cpu)))
    print(summary("  its CPU (the game's process)", cpu))
    if args.first_frame:
        for name, kw in (("first frame, local, --bots thread", {"extra": ("--bots", "thread")}),
                         ("first frame of the main menu, local", {"menu": True})):
            cpu = []
            print(summary(name, first_frame(args.runs, args.save_dir, cpu=cpu, **kw)))
            print(summary("  its CPU", cpu))
        if args.ssh:
            print(summary("first frame, over ssh", first_frame(args.runs, args.save_dir, shlex.split(args.ssh))))
        print(summary("floor: CPU of importing Textual and the game screen's widgets", textual_floor(args.runs)))
        print(f"load average after: {os.getloadavg()}")
        return 0
    if args.ssh:
        print(summary("first frame, over ssh", first_frame(args.runs, args.save_dir, shlex.split(args.ssh))))
    for bots in ("process", "thread"):
        times = key_latency(bots, args.keys, args.save_dir, args.thinker)
        print(summary(f"key to frame while {args.thinker} thinks ({bots})", times, "ms", 1000))
    print(f"idle CPU at a human decision: {100 * idle_cpu(args.save_dir):.2f} % of one core")
    print(f"load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
