"""Nothing lost: kill -9 at random moments of play, and what making each decision durable costs.

    .venv/bin/python benchmarks/bench_durable.py kills [--kills 100] [--seed 1] [--dir DIR]
    .venv/bin/python benchmarks/bench_durable.py cost [--games 5] [--appends 2000] [--dir DIR]

`kills`: a chain of real processes, each playing a game at a table (dune_tui.table: a human seat answered at
random by its client, a heuristic and a random bot in the runner's thread, no pause, autosave and journal in DIR),
the first a new game, each next one resuming the game where the last was killed (a new game once it is over).
Each process prints every decision as its client is shown it (the Board after it); the parent kills it with
SIGKILL after a random time (0 to 1 s after the table starts: during the start's save, a human's or a bot's
decision, an autosave, a journal write or its fold), then loads the game as `dune-tui load` does and counts the
decisions shown that the loaded game lacks (the target: 0).  With `--damage P`, after a share P of the kills the
autosave is also cut short at a random byte (a damaged disk): its backup plus the journal must still give them all.
It reports the decisions recovered from the journal, the torn journal tails dropped, and what each killed process
was doing (a marker file the child updates: journal write or fold, autosave, applying a decision, a bot thinking).

`cost`: µs per journal append (write + fdatasync) in DIR, and over whole 3-player games played at a table:
decisions, and the time spent appending and folding (each autosave rewrites the journal) per game.
Run it in a directory on the disk the saves live on (a tmpfs costs no fsync).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dune_tui import saves  # noqa: E402
from dune_tui.controller import Decision  # noqa: E402
from dune_tui.games.dune import Options  # noqa: E402
from dune_tui.saves import journal  # noqa: E402
from dune_tui.session import SeatConfig, Session  # noqa: E402
from dune_tui.table import Table  # noqa: E402
from dune_tui.table.messages import Board, DecisionRequest  # noqa: E402

SEATS = [SeatConfig(kind="human", name="Ann"), SeatConfig(kind="bot", agent="heuristic"),
         SeatConfig(kind="bot", agent="random")]


# ------------------------------------------------------------------- the child: one process playing
async def play(session: Session, folder: Path, resumed: bool, seed: int, shown) -> Table:
    table = Table(session, bots="thread", pause=0.0, save_dir=folder, resumed=resumed)
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()

    def send(message) -> None:
        if isinstance(message, DecisionRequest):  # the human answers at once, at random
            action = rng.choice(message.legal)
            loop.call_soon(table.receive, conn, Decision(message.id, message.seat, action))
        elif isinstance(message, Board):  # a decision the screen now shows
            shown(message.decisions)

    conn = table.attach(0, send)
    await table.run()
    return table


# What the child is doing, for the parent to read after the kill: slot 0 the table's thread, slot 1 the bot's.
ACTIVITY = "activity"
SLOT = 16


def watch(folder: Path) -> None:
    """Mark, in a file, what the table's thread and the bots' thread are doing (a pwrite at each start and end:
    the page cache keeps it through a kill -9)."""
    from dune_tui.controller import Controller
    from dune_tui.table.bots import ThreadBots

    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / ACTIVITY, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
    os.pwrite(fd, b" " * 2 * SLOT, 0)

    def marked(fn, what: str, slot: int = 0):
        def call(*a, **kw):
            before = os.pread(fd, SLOT, slot * SLOT)
            os.pwrite(fd, what.encode().ljust(SLOT), slot * SLOT)
            try:
                return fn(*a, **kw)
            finally:
                os.pwrite(fd, before, slot * SLOT)
        return call

    journal.Journal.append = marked(journal.Journal.append, "journal write")
    journal.Journal.fold = marked(journal.Journal.fold, "journal fold")
    journal.Journal.start = marked(journal.Journal.start, "journal start")
    saves.try_autosave = marked(saves.try_autosave, "autosave")
    Controller.submit = marked(Controller.submit, "apply decision")
    ThreadBots.decide = marked(ThreadBots.decide, "bot thinking", 1)


def activity(folder: Path) -> str:
    """What the killed child was doing: the table's thread's activity, else the bot's, else "other"."""
    try:
        data = (folder / ACTIVITY).read_bytes()
    except OSError:
        return "starting"
    main, bot = data[:SLOT].decode().strip(), data[SLOT:2 * SLOT].decode().strip()
    return main or bot or "other (the loop, the human's client)"


def child(folder: Path, load: str, seed: int) -> int:
    watch(folder)
    if load:
        session = saves.load(load)
        resumed = True
    else:
        session = Session(Options(players=3, seed=seed), SEATS, bots_secret=seed)
        resumed = False
    out = sys.stdout

    def shown(decisions: int) -> None:
        entry = session.log[decisions - 1]
        out.write(json.dumps([decisions - 1, entry.seat, list(entry.action)]) + "\n")
        out.flush()

    out.write(json.dumps({"game": session.game_id, "start": len(session.log)}) + "\n")
    out.flush()
    asyncio.run(play(session, folder, resumed, seed, shown))
    out.write(json.dumps({"over": True}) + "\n")
    out.flush()
    return 0


# ------------------------------------------------------------------- the parent: killing them
def normal(action) -> str:
    return json.dumps(action)


def kills(args) -> int:
    folder = Path(args.dir or tempfile.mkdtemp(prefix="durable-")) / "saves"
    rng = random.Random(args.seed)
    game_path: Path | None = None
    lost = shown_total = recovered = torn = games = fallbacks = resumes = ended = early = damaged = 0
    started = time.monotonic()
    moments: dict[str, int] = {}  # what the child was doing when killed
    k = 0
    while k < args.kills:
        argv = [sys.executable, __file__, "child", "--dir", str(folder), "--seed", str(rng.randrange(10**6))]
        if game_path is not None:
            argv += ["--load", str(game_path)]
        else:
            games += 1
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
        header = json.loads(proc.stdout.readline() or "{}")
        if "game" not in header:
            print(f"kill {k}: the child did not start: {proc.stderr.read().decode()[-2000:]}", file=sys.stderr)
            return 2
        time.sleep(rng.uniform(0.0, args.window))
        alive = proc.poll() is None  # (a game that ended first is no kill: counted apart)
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate()
        k += alive
        ended += not alive
        if alive:
            doing = activity(folder)
            moments[doing] = moments.get(doing, 0) + 1
        lines = [json.loads(line) for line in out.decode().splitlines() if line.strip()]
        decisions = [line for line in lines if isinstance(line, list)]
        over = any(isinstance(line, dict) and line.get("over") for line in lines)
        path = saves.autosave_path(header["game"], folder)
        backup = path.with_name(path.name + ".bak")
        if alive and backup.exists() and rng.random() < args.damage:  # the disk damaged the autosave too
            data = path.read_bytes()
            path.write_bytes(data[:rng.randrange(len(data))])
            damaged += 1
        before = journal.read(saves.journal_path(path))
        torn += bool(before and before.dropped)
        if not path.exists() and not decisions:
            early += 1  # killed before the new game's first save, so before any decision: nothing to lose
            game_path = None
            continue
        try:
            session = saves.load(path)
        except saves.SaveError as e:
            print(f"kill {k}: cannot load: {e}", file=sys.stderr)
            lost += len(decisions)
            game_path = None
            continue
        recovered += session.recovered
        fallbacks += "backup" in session.warning
        missing = [d for d in decisions if d[0] >= len(session.log)
                   or (session.log[d[0]].seat, normal(list(session.log[d[0]].action))) != (d[1], normal(d[2]))]
        if missing:
            print(f"kill {k}: {len(missing)} decisions shown and lost (first {missing[0]})", file=sys.stderr)
        lost += len(missing)
        shown_total += len(decisions)
        resumes += game_path is not None
        game_path = None if (over or session.state.over) else path
        if alive and k % 25 == 0:
            print(f"{k} kills: {shown_total} decisions shown, {lost} lost, {recovered} recovered from the "
                  f"journal, {torn} torn journal tails, {games} games", flush=True)
    took = time.monotonic() - started
    print(f"RESULT kills={args.kills} games={games} resumes={resumes} decisions_shown={shown_total} lost={lost} "
          f"recovered_from_journal={recovered} torn_journal_tails={torn} autosaves_damaged={damaged} "
          f"backup_fallbacks={fallbacks} "
          f"runs_that_ended_before_the_kill={ended} killed_before_the_first_save={early} seconds={took:.0f}")
    print("killed while: " + ", ".join(f"{what} {n}" for what, n in sorted(moments.items(), key=lambda m: -m[1])))
    return 1 if lost else 0


# ------------------------------------------------------------------- the cost
def cost(args) -> int:
    folder = Path(args.dir or tempfile.mkdtemp(prefix="durable-cost-")) / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    j = journal.Journal(folder / "autosave-bench.dune.json", "bench")
    j.start([])
    times = []
    for i in range(args.appends):
        t = time.perf_counter()
        j.append(i, i % 3, ("move", i % 7, 3, [1, 2]))
        times.append((time.perf_counter() - t) * 1e6)
    j.remove()
    times.sort()
    print(f"append (write + fdatasync) in {folder}: median {statistics.median(times):.0f} µs, "
          f"p90 {times[int(len(times) * 0.9)]:.0f} µs, p99 {times[int(len(times) * 0.99)]:.0f} µs")

    spent = {"append": 0.0, "fold": 0.0, "autosave": 0.0}

    def timing(name, fn):
        def timed(*a, **kw):
            t = time.perf_counter()
            try:
                return fn(*a, **kw)
            finally:
                spent[name] += time.perf_counter() - t
        return timed

    journal.Journal.append = timing("append", journal.Journal.append)
    journal.Journal.fold = timing("fold", journal.Journal.fold)
    saves.try_autosave = timing("autosave", saves.try_autosave)
    rows = []
    for g in range(args.games):
        for key in spent:
            spent[key] = 0.0
        session = Session(Options(players=3, seed=g), SEATS, bots_secret=g)
        t = time.perf_counter()
        asyncio.run(play(session, folder, False, g, lambda n: None))
        total = time.perf_counter() - t
        rows.append((len(session.log), total, dict(spent)))
        n = len(session.log)
        print(f"game {g}: {n} decisions in {total * 1000:.0f} ms; journal appends {spent['append'] * 1000:.1f} ms "
              f"({spent['append'] / n * 1e6:.0f} µs each), folds {spent['fold'] * 1000:.1f} ms, autosaves "
              f"{spent['autosave'] * 1000:.1f} ms")
    n = sum(r[0] for r in rows)
    app = sum(r[2]["append"] for r in rows)
    fold = sum(r[2]["fold"] for r in rows)
    total = sum(r[1] for r in rows)
    print(f"RESULT games={len(rows)} decisions_per_game={n / len(rows):.0f} append_us_per_decision={app / n * 1e6:.0f} "
          f"journal_ms_per_game={(app + fold) / len(rows) * 1000:.1f} game_ms={total / len(rows) * 1000:.0f} "
          f"share={(app + fold) / total * 100:.1f}%")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("kills")
    p.add_argument("--kills", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--window", type=float, default=1.0, help="the kill comes 0 to this many seconds in")
    p.add_argument("--damage", type=float, default=0.0,
                   help="after this share of the kills, also cut the autosave short (its backup and the journal "
                        "must give every decision back)")
    p.add_argument("--dir")
    p = sub.add_parser("cost")
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--appends", type=int, default=2000)
    p.add_argument("--dir")
    p = sub.add_parser("child")
    p.add_argument("--dir", required=True)
    p.add_argument("--load", default="")
    p.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.what == "child":
        return child(Path(args.dir), args.load, args.seed)
    return kills(args) if args.what == "kills" else cost(args)


if __name__ == "__main__":
    sys.exit(main())
