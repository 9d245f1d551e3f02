"""How often do the search's levels choose the same action?  Fixed positions, iteration budgets, no wall clock.

    nice .venv/bin/python -m lab.level_agreement --games 6 --every 6 --minutes 12 --out /tmp/agreement.jsonl
    .venv/bin/python -m lab.level_agreement --summary /tmp/agreement.jsonl [more.jsonl ...]

The positions are the decisions of seeded four-player games played by the heuristic (`dune_tui.sim.deal` factions),
every `--every`-th decision with a choice, past the phases the search leaves to the heuristic.  Each configuration
(a level's `SearchConfig` without its wall-clock cap, or `level:field=value,...`) answers each position with `--seeds`
bot seeds from a fresh tree; a line per position is written as soon as it is done.  The summary gives, per pair of
configurations, the share of positions where they chose alike (with the same seed index), and each configuration's
agreement with itself under another seed: two searches that disagree with themselves as often as with each other
differ by noise, not by level.  Answers are deterministic for a configuration and seed, so a run of new
configurations on the same positions (the same --games, --every, --players and --seed) can be summarized together
with an earlier file's: `--summary` merges its files' lines by position, a configuration taken from the first file
that has it.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import pathlib
import time

import msgspec

from dune_tui.ai.games.dune import HEURISTIC_PHASES, heuristic
from dune_tui.ai.mcts import LEVELS, MctsAgent
from dune_tui.controller import DecisionRequest
from dune_tui.games.dune import apply, legal_actions, new_game, view
from dune_tui.sim import deal, game_options


def config(spec: str):
    """`normal` or `hard:horizon=3,iters=4000`: a level's config, its cap lifted, with fields replaced."""
    level, _, rest = spec.partition(":")
    changes = {"seconds": 1e9}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        field = {f.name: f for f in dataclasses.fields(LEVELS[level])}[key]
        changes[key] = msgspec.json.decode(value, type=field.type if isinstance(field.type, type) else object)
    return dataclasses.replace(LEVELS[level], **changes)


def positions(games: int, every: int, players: int, seed: int):
    """(game seed, decision number, request) of every `every`-th decision with a choice in heuristic games."""
    for g in range(games):
        game_seed = seed + g
        s = new_game(game_options(players, game_seed, deal(players, game_seed)))
        n = 0
        while not s.over:
            seat = s.awaiting[0]
            legal = legal_actions(s, seat)
            if len(legal) > 1 and s.phase not in HEURISTIC_PHASES:
                n += 1
                if n % every == 0:
                    yield game_seed, n, DecisionRequest(id=n, seat=seat, phase=s.phase, prompt="", view=view(s, seat),
                                                        legal=tuple(legal), sealed=s.phase == "commit")
            apply(s, seat, heuristic.choose(s, seat, legal))


def answer(cfg, seed: int, req) -> dict:
    agent = MctsAgent(seed, cfg)
    start = time.process_time()
    action = agent.decide(req)
    root = agent.tree
    share = None
    if root is not None and root.visits is not None and root.n:
        share = round(max(root.visits) / sum(root.visits), 3)
    return {"action": msgspec.to_builtins(action), "cpu": round(time.process_time() - start, 3),
            "iterations": agent.last_iterations, "top_share": share}


def run(args) -> None:
    specs = args.configs
    configs = {spec: config(spec) for spec in specs}
    start = time.perf_counter()
    with open(args.out, "a") as f:
        for game_seed, n, req in positions(args.games, args.every, args.players, args.seed):
            line = {"game": game_seed, "decision": n, "phase": req.phase, "legal": len(req.legal),
                    "heuristic": msgspec.to_builtins(heuristic.choose(req.view, req.seat, list(req.legal)))}
            for spec, cfg in configs.items():
                line[spec] = [answer(cfg, 1000 * k + n, req) for k in range(args.seeds)]
            f.write(json.dumps(line) + "\n")
            f.flush()
            if time.perf_counter() - start > args.minutes * 60:
                break


def merged(paths: list[str]) -> list[dict]:
    """The positions of the first file, each with the configurations any of the files answered it with."""
    files = [[json.loads(x) for x in pathlib.Path(path).read_text().splitlines()] for path in paths]
    lines = files[0]
    for other in files[1:]:
        by_position = {(x["game"], x["decision"]): x for x in other}
        lines = [{**by_position[(x["game"], x["decision"])], **x} for x in lines
                 if (x["game"], x["decision"]) in by_position]
    return lines


def summary(paths: str | list[str]) -> dict:
    lines = merged([paths] if isinstance(paths, str) else paths)
    specs = [k for k in lines[0] if isinstance(lines[0][k], list) and lines[0][k] and isinstance(lines[0][k][0], dict)]
    out = {"positions": len(lines), "phases": {}, "pairs": {}, "self": {}, "with_heuristic": {}, "cpu": {}}
    for line in lines:
        out["phases"][line["phase"]] = out["phases"].get(line["phase"], 0) + 1
    for a, b in itertools.combinations(specs, 2):
        same = sum(x["action"] == y["action"] for line in lines for x, y in zip(line[a], line[b]))
        total = sum(min(len(line[a]), len(line[b])) for line in lines)
        out["pairs"][f"{a} / {b}"] = round(same / total, 3)
    for a in specs:
        seeds = [line[a] for line in lines if len(line[a]) > 1]
        if seeds:
            out["self"][a] = round(sum(s[0]["action"] == s[1]["action"] for s in seeds) / len(seeds), 3)
        out["with_heuristic"][a] = round(sum(x["action"] == line["heuristic"] for line in lines for x in line[a])
                                         / sum(len(line[a]) for line in lines), 3)
        answers = [x for line in lines for x in line[a]]
        out["cpu"][a] = {"seconds": round(sum(x["cpu"] for x in answers) / len(answers), 3),
                         "iterations": round(sum(x["iterations"] for x in answers) / len(answers), 1)}
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--configs", nargs="+", default=["easy", "normal", "hard"])
    p.add_argument("--games", type=int, default=6)
    p.add_argument("--every", type=int, default=6)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=31_000)
    p.add_argument("--seeds", type=int, default=2, help="bot seeds per configuration and position")
    p.add_argument("--minutes", type=float, default=12.0)
    p.add_argument("--out")
    p.add_argument("--summary", metavar="JSONL", nargs="+",
                   help="print the summary of finished runs on the same positions and stop")
    args = p.parse_args()
    if args.summary:
        print(json.dumps(summary(args.summary), indent=1))
        return
    if not args.out:
        p.error("--out is required to run")
    run(args)
    print(json.dumps(summary(args.out), indent=1))


if __name__ == "__main__":
    main()
