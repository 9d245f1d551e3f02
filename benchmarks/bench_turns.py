"""Whole bot turns with the UI running: how long a player waits for an mcts:normal bot's turn.

    nice .venv/bin/python benchmarks/bench_turns.py --turns 50 --out benchmarks/results/turns \\
        [--arm main=/work/wt-turns-base] [--arm branch=.] [--spec mcts:normal]

`dune-tui new` runs on a pseudo-terminal (the real UI, bots in their child process, `--pause 0`) with four "timed" bots
at 4 players, game seeds --seed, --seed + 1, ... A timed bot is the spec's bot (--spec) built with a fixed seed (the
k-th bot the game builds gets seed k, not the game's random bots' secret), so a game replays; it appends each decision
(turn, seat, phase, seconds, CPU seconds, search iterations) to a log. A turn is every decision made while the game's
turn counter reads the same, and its wall clock runs from the end of the turn before's last decision (the roll is played
automatically then) to the end of its own last one, so it includes what the table and the UI do in between (`think`: the
part inside the bots' `decide`; `answers`: the part of it other seats' bots spent answering); the set-up's decisions are
no turn. A game is played to its end or until the arm has its turns. The bots keep the level's wall-clock cap (as in
play), so on a loaded machine a capped decision makes a game differ between runs. Each arm is a checkout (ROOT with its
own .venv: this file runs with that venv's Python, so the arm's `dune_tui` decides); the arms play the same seeds in
turn (A's game k, B's game k, ...), so a busy machine weighs on both alike; the figures are written to OUT.json after
every game. Figures per arm: mean and worst wall seconds of a turn, the mean and worst CPU seconds, decisions per turn,
iterations per decision. Timings are noisy on a shared machine: read the arms against each other, and say what else ran.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import sys
import tempfile
import time

from dune_tui.ai.registry import register

HERE = pathlib.Path(__file__).resolve()
LOG = os.environ.get("BENCH_TURNS_LOG")
SPEC = os.environ.get("BENCH_TURNS_SPEC", "mcts:normal")


class TimedBot:
    """The spec's bot, its decisions logged (one JSON line each) to $BENCH_TURNS_LOG."""

    built = 0

    def __init__(self) -> None:
        from dune_tui.ai import make_agent

        self.agent = make_agent(SPEC, TimedBot.built)  # a fixed seed: the game replays
        TimedBot.built += 1

    def decide(self, request, cancel=None):
        t0, c0 = time.perf_counter(), time.process_time()
        action = self.agent.decide(request, cancel)
        t1, c1 = time.perf_counter(), time.process_time()
        line = {"turn": request.view.turn, "seat": request.seat, "phase": request.phase, "start": t0, "end": t1,
                "cpu": c1 - c0, "iterations": getattr(self.agent, "last_iterations", 0), "legal": len(request.legal),
                "own": request.seat == request.view.active}
        with open(LOG, "a") as f:
            f.write(json.dumps(line) + "\n")
        return action


register("timed", lambda arg, seed: TimedBot())  # at import: the bots' spawned process imports this file too


def play(argv: list[str]) -> int:
    from dune_tui.cli import main

    return main(["new", *argv])


def turns_of(log: pathlib.Path) -> list[dict]:
    """The game's turns from its decisions' log: wall and CPU seconds, decisions, iterations."""
    lines = [json.loads(x) for x in log.read_text().splitlines()] if log.exists() else []
    turns: list[dict] = []
    last_end = None
    for d in lines:
        if d["turn"] == 0:  # the set-up, before the first turn
            last_end = d["end"]
            continue
        if not turns or turns[-1]["turn"] != d["turn"]:
            if turns:
                last_end = turns[-1]["end"]
            turns.append({"turn": d["turn"], "begin": last_end if last_end is not None else d["start"],
                          "end": d["end"], "cpu": 0.0, "think": 0.0, "answers": 0.0, "decisions": 0,
                          "iterations": []})
        t = turns[-1]
        t["end"] = d["end"]
        t["cpu"] += d["cpu"]
        t["think"] += d["end"] - d["start"]
        t["answers"] += 0.0 if d.get("own", True) else d["end"] - d["start"]
        t["decisions"] += 1
        t["iterations"].append(d["iterations"])
    for t in turns:
        t["wall"] = t["end"] - t["begin"]
    return turns


def run_game(root: pathlib.Path, seed: int, spec: str, timeout: float, want: int) -> list[dict]:
    """One game at `root` to its end (or `want` whole turns, or `timeout`): its turns."""
    sys.path.insert(0, str(HERE.parents[1]))  # (run as a script: the repository, for the benchmarks package)
    from benchmarks.bench_ui import Terminal

    with tempfile.TemporaryDirectory() as tmp:
        log = pathlib.Path(tmp) / "decisions.jsonl"
        python = str(root / ".venv" / "bin" / "python")
        argv = [python, str(HERE), "--play", "--seed", str(seed), *["--seat", "timed"] * 4, "--pause", "0",
                "--save-dir", tmp]
        term = Terminal(argv, cols=120, rows=40, env={"BENCH_TURNS_LOG": str(log), "BENCH_TURNS_SPEC": spec})
        start = time.perf_counter()
        try:
            while time.perf_counter() - start < timeout:
                term.read(0.2)
                if b"Game over" in term.out[-20000:] or term.proc.poll() is not None:
                    break
                del term.out[:-40000]
                if len(turns_of(log)) > want:
                    break
        finally:
            term.close()
        turns = turns_of(log)
        return turns if b"Game over" in term.out else turns[:-1]  # the last one may be cut short


def figures(turns: list[dict]) -> dict:
    walls = [t["wall"] for t in turns]
    cpus = [t["cpu"] for t in turns]
    iters = [i for t in turns for i in t["iterations"]]
    return {"turns": len(turns), "wall_mean_s": round(statistics.fmean(walls), 2), "wall_worst_s": round(max(walls), 2),
            "wall_median_s": round(statistics.median(walls), 2),
            "over_3s": sum(w > 3 for w in walls),
            "think_mean_s": round(statistics.fmean(t["think"] for t in turns), 2),
            "answers_mean_s": round(statistics.fmean(t["answers"] for t in turns), 2),
            "answers_worst_s": round(max(t["answers"] for t in turns), 2),
            "cpu_mean_s": round(statistics.fmean(cpus), 2), "cpu_worst_s": round(max(cpus), 2),
            "decisions_per_turn": round(statistics.fmean(t["decisions"] for t in turns), 2),
            "decisions_worst": max(t["decisions"] for t in turns),
            "iterations_per_decision": round(statistics.fmean(iters), 1) if iters else 0.0,
            "iterations_per_turn": round(statistics.fmean(sum(t["iterations"]) for t in turns), 1)}


def write(out: str, command: str, spec: str, got: dict[str, list[dict]], most: int) -> dict:
    arms = {name: figures(ts[:most]) for name, ts in got.items() if ts}
    result = {"command": command, "spec": spec, "players": 4, "arms": arms,
              "turns": {name: [{k: v for k, v in t.items() if k not in ("begin", "end")} for t in ts[:most]]
                        for name, ts in got.items()}}
    pathlib.Path(out).with_suffix(".json").write_text(json.dumps(result, indent=1))
    return arms


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--play":
        return play(sys.argv[2:])
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--arm", action="append", default=[], metavar="NAME=ROOT",
                   help="a checkout with its own .venv (default: this one, as 'branch')")
    p.add_argument("--spec", default="mcts:normal")
    p.add_argument("--turns", type=int, default=50, help="whole turns per arm")
    p.add_argument("--seed", type=int, default=47_000, help="game k is seed SEED + k")
    p.add_argument("--timeout", type=float, default=900, help="seconds one game may take")
    p.add_argument("--out", required=True, help="OUT.json")
    args = p.parse_args()
    arms = dict(a.split("=", 1) for a in args.arm) or {"branch": str(HERE.parents[1])}
    got: dict[str, list[dict]] = {name: [] for name in arms}
    command = (f"nice .venv/bin/python benchmarks/bench_turns.py --turns {args.turns} --seed {args.seed} "
               f"--spec {args.spec} " + " ".join(f"--arm {a}" for a in args.arm) + f" --out {args.out}")
    k = 0
    while any(len(t) < args.turns for t in got.values()):
        for name, root in arms.items():
            if len(got[name]) < args.turns:
                turns = run_game(pathlib.Path(root).resolve(), args.seed + k, args.spec, args.timeout,
                                 args.turns - len(got[name]))
                got[name] += [{**t, "seed": args.seed + k} for t in turns]
                print(f"{name} game {args.seed + k}: {len(turns)} turns, total {len(got[name])}", flush=True)
                write(args.out, command, args.spec, got, args.turns)  # so far, in case the run is cut
        k += 1
    print(json.dumps(write(args.out, command, args.spec, got, args.turns), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
