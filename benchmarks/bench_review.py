"""The game review's figures (issue 37): the analysis of a 4-player, 6-round game on one core, the review's
first frame, its memory.

    nice .venv/bin/python -m benchmarks.bench_review [--runs 3] [--budgets 60:24,120:24] [--advisor-sample 40]

- the game: four heuristic bots, seed 8 (246 decisions, six rounds), saved to a temporary directory;
- analysis: `dune-tui review SAVE --json` in a child process pinned to one core (sched_setaffinity), its wall
  time, CPU seconds and peak memory (ru_maxrss), for each budget `ITERS:ROLLOUTS` (the default first; aim: 60 s,
  100 MB); the advisor's budget (700 iterations) is timed on the first --advisor-sample decisions and scaled to
  the game (its whole run takes minutes);
- the screen: `dune-tui review SAVE` at 120x40 analysing in its worker thread, to the marks on screen, and the
  process's peak resident memory (VmHWM; aim 100 MB);
- first frame: spawning `dune-tui review SAVE` on an 80x24 pseudo-terminal to "Decision 1 of" on it (aim 1 s),
  without the analysis kept (it starts in the background) and with it; median of --runs.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_ui import PY, ROOT, Terminal, summary

SEED = 8


def make_game(folder: Path) -> Path:
    code = f"""
from pathlib import Path
from tests.review.games import play, write, SEATS
from dune_tui.games.dune import Options
options = Options(players=4, seed={SEED})
write(options, play(options), Path({str(folder / 'four.dune.json')!r}), [SEATS[1]] * 4)
"""
    subprocess.run([PY, "-c", code], check=True, cwd=ROOT)
    return folder / "four.dune.json"


def one_core() -> None:
    os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def analyse(path: Path, iters: int, rollouts: int) -> tuple[float, float, float, int]:
    """(wall s, CPU s, peak MB, decisions judged) of `dune-tui review --json` on one core, no cache."""
    cache = path.with_name(path.name + ".review.json")
    cache.unlink(missing_ok=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([PY, "-m", "dune_tui", "review", str(path), "--json", "--iters", str(iters),
                          "--rollouts", str(rollouts)], capture_output=True, check=True, cwd=ROOT,
                         preexec_fn=one_core)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss / 1024, len(json.loads(out.stdout)["judged"])


def advisor_sample(path: Path, decisions: int) -> tuple[float, int]:
    """CPU seconds for the first `decisions` decisions at the advisor's 700 iterations, and the game's length."""
    code = f"""
import time, sys
from dune_tui.review import open_review, analyse, Budget
from dune_tui.review.steps import Review
r = open_review({str(path)!r})
total = len(r.log)
r.log = r.log[:{decisions}]
t = time.process_time(); analyse(r, Budget(iters=700, rollouts=24)); print(time.process_time() - t, total)
"""
    out = subprocess.run([PY, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                         preexec_fn=one_core)
    cpu, total = out.stdout.split()
    return float(cpu), int(total)


def first_frame(path: Path, runs: int, cached: bool, cpu: list[float]) -> list[float]:
    """Seconds to the first frame; `cpu` gets the CPU seconds the process had used by then."""
    times = []
    for run in range(runs + 1):  # the first run fills the bytecode cache: not counted
        if not cached:
            path.with_name(path.name + ".review.json").unlink(missing_ok=True)
        term = Terminal([PY, "-m", "dune_tui", "review", str(path)])
        try:
            term.wait_for(b"Decision 1 of", timeout=30)
            if run:
                times.append(time.perf_counter() - term.started)
                cpu.append(term.cpu_seconds())
        finally:
            term.close()
    return times


def screen_memory(path: Path) -> tuple[float, float]:
    """(seconds, peak MB) of the review screen at 120x40 from its start to the analysis done on screen (no cache
    kept): the peak resident memory of the whole process (VmHWM), the worker thread's analysis included."""
    path.with_name(path.name + ".review.json").unlink(missing_ok=True)
    term = Terminal([PY, "-m", "dune_tui", "review", str(path)], cols=120, rows=40)
    try:
        seconds = term.wait_for(b" marked (n", timeout=600)
        status = Path(f"/proc/{term.proc.pid}/status").read_text()
        peak = int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:")))
    finally:
        term.close()
    return seconds, peak / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--budgets", default="60:24", help="ITERS:ROLLOUTS, comma-separated")
    parser.add_argument("--advisor-sample", type=int, default=40, help="decisions timed at 700 iterations (0: none)")
    parser.add_argument("--no-screen-memory", dest="memory", action="store_false",
                        help="skip the review screen's own analysis and its peak memory")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = make_game(Path(tmp))
        for budget in filter(None, args.budgets.split(",")):
            iters, rollouts = (int(x) for x in budget.split(":"))
            wall, cpu, mb, judged = analyse(path, iters, rollouts)
            print(f"analysis at {iters} iterations, {rollouts} rollouts, one core: {judged} decisions in "
                  f"{wall:.1f} s ({cpu:.1f} s CPU, {1000 * cpu / judged:.0f} ms a decision), peak {mb:.0f} MB")
        if args.advisor_sample:
            cpu, total = advisor_sample(path, args.advisor_sample)
            print(f"the advisor's budget (700 iterations, 24 rollouts): {cpu:.1f} s CPU for {args.advisor_sample} "
                  f"decisions, so about {cpu * total / args.advisor_sample:.0f} s for the game's {total}")
        for cached in (True, False):
            cpu: list[float] = []
            what = "kept" if cached else "starting"
            print(summary(f"first frame, analysis {what}", first_frame(path, args.runs, cached, cpu)))
            print(summary(f"  its CPU by then, analysis {what}", cpu))
        if args.memory:
            seconds, mb = screen_memory(path)
            print(f"the review screen (120x40), its analysis in the background: done in {seconds:.1f} s, "
                  f"peak {mb:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
