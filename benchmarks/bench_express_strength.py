"""Dune Express strength: whole games between bots, seats rotated (each block of `players` games shares one house
deal), each game's record appended as it ends, stopped at a time budget; then the summary with Wilson 95%
intervals (dune_tui.sim's).

    nice .venv/bin/python benchmarks/bench_express_strength.py --players 2 --agents heuristic,random \
        --games 200 --minutes 14 --out benchmarks/results/express-2p-heuristic-random

writes OUT.games.jsonl (one GameRecord a line; a rerun resumes it) and OUT.json (the summary).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import time

import msgspec

from dune_tui.sim import GameRecord, plan_game, play_one, summarize


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--agents", default="heuristic,random", help="comma-separated specs by seat, cycled and rotated")
    p.add_argument("--variant", default="", help="Dune Express modifications (as `dune-tui sim --variant`)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bot-secret", type=int, default=1)
    p.add_argument("--minutes", type=float, default=14.0, help="stop starting games after this long")
    p.add_argument("--out", required=True, help="path prefix of the results")
    args = p.parse_args()
    agents = [a.strip() for a in args.agents.split(",")]
    games_path = pathlib.Path(f"{args.out}.games.jsonl")
    done = [msgspec.json.decode(line, type=GameRecord) for line in games_path.read_bytes().splitlines()] \
        if games_path.exists() else []
    start = time.perf_counter()
    spent = sum(r.seconds for r in done)
    with games_path.open("ab") as f:
        for g in range(len(done), args.games):
            if time.perf_counter() - start > args.minutes * 60:
                break
            params = {"variant": args.variant}
            game_seed, houses, specs = plan_game(g, args.players, agents, args.seed, True, None, "express", params)
            rec = play_one(args.players, game_seed, houses, specs, "express", params, args.bot_secret + g)
            done.append(rec)
            f.write(msgspec.json.encode(rec) + b"\n")
            f.flush()
    spent += time.perf_counter() - start
    summary = {**summarize(done, args.players, spent, "express"), "variant": args.variant, "agents": agents,
               "seed": args.seed, "bot_secret": args.bot_secret, "complete_blocks": len(done) // args.players}
    pathlib.Path(f"{args.out}.json").write_text(json.dumps(summary, indent=2) + "\n")
    h = summary.get("head_to_head", {})
    print(json.dumps({k: summary[k] for k in ("games", "errors", "mean_turns", "wins_by_agent")} | {"h2h": h}))


if __name__ == "__main__":
    main()
