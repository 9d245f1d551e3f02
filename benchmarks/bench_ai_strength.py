"""Strength of the bots: the matches of docs/STRENGTH.md, with 95% confidence intervals.

    # one match, saved as JSON (long ones: nice, one process, in the background)
    nice .venv/bin/python -m benchmarks.bench_ai_strength run mcts-heuristic-2p --games 100 --out /tmp/strength
    # the markdown tables from every saved match
    .venv/bin/python -m benchmarks.bench_ai_strength table --out /tmp/strength

Each match is `dune-tui sim` with --rotate (every agent plays every seat and
faction of a block of deals equally often); the `*-guild-2p` matches play
each two-player deal with the Spacing Guild in turn (`--factions`), the games
that decide a two-player head-to-head.  Games nobody wins (no Guild in
play and no solo or alliance win in six rounds) are draws: they count as a
loss for every seat in the win rates; "A beats B" is A's share of the games
that A or B won (draws left out), with its Wilson interval.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

from dune_tui.games.dune import faction_id
from dune_tui.games.dune.data import FACTION_NAMES
from dune_tui.sim import run, summarize

# The two-player deals with the Spacing Guild, whose default win decides most two-player games (R11):
# matches over these play each deal in turn, the given number of games each.
GUILD_DEALS = ("atreides,guild", "harkonnen,guild", "fremen,guild", "corrino,guild")

# name: (players, agents, default games, deals: None for a random deal per block of games)
MATCHES = {
    "heuristic-random-2p": (2, ["heuristic", "random"], 1000, None),
    "heuristic-random-4p": (4, ["heuristic", "random", "random", "random"], 1000, None),
    "mcts-heuristic-2p": (2, ["mcts:normal", "heuristic"], 100, None),
    "mcts-heuristic-4p": (4, ["mcts:normal", "heuristic", "heuristic", "heuristic"], 100, None),
    "hard-heuristic-2p": (2, ["mcts:hard", "heuristic"], 100, None),
    "easy-heuristic-2p": (2, ["mcts:easy", "heuristic"], 100, None),
    "easy-heuristic-4p": (4, ["mcts:easy", "heuristic", "heuristic", "heuristic"], 100, None),
    "hard-heuristic-4p": (4, ["mcts:hard", "heuristic", "heuristic", "heuristic"], 100, None),
    "easy-heuristic-guild-2p": (2, ["mcts:easy", "heuristic"], 20, GUILD_DEALS),
    "mcts-heuristic-guild-2p": (2, ["mcts:normal", "heuristic"], 20, GUILD_DEALS),
    **{f"balance-{n}p": (n, ["heuristic"], 1000, None) for n in range(2, 9)},
}


def run_match(name: str, games: int, seed: int, jobs: int) -> dict:
    players, agents, _, deals = MATCHES[name]
    records, seconds = [], 0.0
    for deal in deals or (None,):
        factions = [faction_id(f) for f in deal.split(",")] if deal else None
        part, secs = run(players, games, seed, agents, True, jobs, factions=factions, bots_secret=seed)
        records += part
        seconds += secs
    return {"match": name, "command": command(name, games, seed, jobs), "summary": summarize(records, players, seconds)}


def command(name: str, games: int, seed: int, jobs: int) -> str:
    players, agents, _, deals = MATCHES[name]
    return "; ".join(
        f"dune-tui sim --players {players} --games {games} --seed {seed} --agents {','.join(agents)} "
        + (f"--factions {deal} " if deal else "") + f"--bot-secret {seed} --rotate --jobs {jobs} --json"
        for deal in deals or (None,))


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def ci(pair) -> str:
    return f"{pct(pair[0])}-{pct(pair[1])}"


def guild_split(h: dict) -> str:
    """The head-to-head by who was dealt the Spacing Guild: "a-b" wins each time."""
    g = h["by_guild"]
    parts = [f"{label} {g[k]['a_wins']}-{g[k]['b_wins']}" + (f" ({g[k]['draws']} drawn)" if g[k]["draws"] else "")
             for k, label in (("a", f"{h['a']} has the Guild"), ("b", f"{h['b']} has it"), ("none", "no Guild"))
             if g[k]["games"]]
    return "; ".join(parts)


def table(results: list[dict]) -> str:
    lines = ["| match | games | agent | win rate (95% CI) | head to head, draws left out (95% CI) | draws |",
             "| --- | ---: | --- | --- | --- | ---: |"]
    balance = []
    for r in results:
        s = r["summary"]
        if r["match"].startswith("balance"):
            balance.append(r)
            continue
        h = s.get("head_to_head")
        first = True
        for spec, a in s["wins_by_agent"].items():
            h2h = ""
            if first and h and h["a_share_of_decided"] is not None:
                h2h = (f"{h['a']} {h['a_wins']} - {h['b_wins']} {h['b']}: {pct(h['a_share_of_decided'])} "
                       f"({ci(h['ci95'])})" + (f"; {h['shared']} won together" if h["shared"] else ""))
            elif not first and h:
                h2h = guild_split(h)
            lines.append(f"| {r['match'] if first else ''} | {s['games'] if first else ''} | {spec} | "
                         f"{pct(a['win_rate'])} ({ci(a['ci95'])}) | {h2h} | "
                         f"{s['nobody_wins'] if first else ''} |")
            first = False
    if balance:
        names = [n for n in FACTION_NAMES]
        lines += ["", "| players | games | " + " | ".join(names) + " | nobody |",
                  "| ---: | ---: | " + " | ".join("---:" for _ in names) + " | ---: |"]
        for r in sorted(balance, key=lambda r: r["summary"]["players"]):
            s = r["summary"]
            cells = []
            for n in names:
                f = s["faction_win_rates"].get(n)
                cells.append(f"{pct(f['win_rate'])} ({ci(f['ci95'])})" if f else "-")
            lines.append(f"| {s['players']} | {s['games']} | " + " | ".join(cells) + f" | {s['nobody_wins']} |")
    return "\n".join(lines)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="play one match and save it")
    r.add_argument("match", choices=sorted(MATCHES))
    r.add_argument("--games", type=int)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("--out", default="/tmp/strength")
    t = sub.add_parser("table", help="print the markdown tables of the saved matches")
    t.add_argument("--out", default="/tmp/strength")
    args = p.parse_args()
    out = pathlib.Path(args.out)
    if args.cmd == "run":
        games = args.games or MATCHES[args.match][2]
        result = run_match(args.match, games, args.seed, args.jobs)
        out.mkdir(parents=True, exist_ok=True)
        (out / f"{args.match}.json").write_text(json.dumps(result, indent=1))
        print(table([result]))
        return 0
    results = [json.loads(f.read_text()) for f in sorted(out.glob("*.json"))]
    print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
