"""Head to head of two bot levels with paired deals: the matches of docs/STRENGTH.md's levels table.

    nice .venv/bin/python -m benchmarks.bench_levels mcts:normal mcts:easy --pairs 40 --minutes 14 \\
        --out benchmarks/results/levels-4p-normal-easy
    nice .venv/bin/python -m benchmarks.bench_levels mcts:hard mcts:normal --rules express --players 4 \\
        --pairs 40 --minutes 12 --out benchmarks/results/levels-express-4p-hard-normal

Any game of the registry (`--rules`, its own parameters as `dune-tui sim` takes them: `--variant`...) at any player
count it takes.  Pair k plays one side deal (`dune_tui.sim.deal`) and one game seed (the same dice) twice: agents
A,B,A,B,... by seat, then B,A,B,A,... (an odd count gives the first agent of each game one seat more, so each
agent has it once a pair), the bots seeded `bot_seed(--bot-secret, seat)` both times.  The
search runs to its iteration budget with no wall-clock cap (`--caps` keeps the levels' caps), so a match replays
however busy the machine.  Each game is appended to OUT.games.jsonl as it ends, with the seconds and search
iterations a decision of each agent; running the same command again skips the pairs already there and adds more
(a run cut by --minutes keeps its whole pairs).  OUT.json summarizes every game in the file (`dune_tui.sim.summarize`:
A's share of the games won by one side alone, 95% Wilson intervals) and by deal: the deals where A's seats won more
games than B's, fewer, as many, with a sign test.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import json
import math
import pathlib
import shlex
import time

import msgspec

from dune_tui.ai import make_agent
from dune_tui.ai.mcts import LEVELS, MctsAgent, full_search, uncapped
from dune_tui.ai.registry import register
from dune_tui.controller import Controller
from dune_tui.game_spec import add_parameter_arguments, refusal
from dune_tui.games import DEFAULT, GAMES, game_named
from dune_tui.games.base import Parameter
from dune_tui.sim import GameRecord, deal, game_options, parameters, sim_parameters, summarize
from dune_tui.table.bots import bot_seed

# `mcts-full:LEVEL`: the level searching every decision to its whole budget, as before issue 47's budgets (no
# early stop, no turn budget): the "before" of a budget change, e.g. `mcts:normal mcts-full:normal`
register("mcts-full", lambda arg, seed: MctsAgent(seed, full_search(LEVELS[arg or "normal"]), name=f"mcts-full:{arg}"))
# `mcts-turn:LEVEL` / `mcts-noturn:LEVEL`: the level with its turn budget on (2x iters where the level has none) /
# off (the early stop only): the head-to-head of the turn budget, `mcts-turn:normal mcts-noturn:normal`
register("mcts-turn", lambda arg, seed: MctsAgent(
    seed, dataclasses.replace(LEVELS[arg or "normal"], turn_budget=LEVELS[arg or "normal"].turn_budget or 2.0),
    name=f"mcts-turn:{arg}"))
register("mcts-noturn", lambda arg, seed: MctsAgent(
    seed, dataclasses.replace(LEVELS[arg or "normal"], turn_budget=None), name=f"mcts-noturn:{arg}"))


class LevelGame(GameRecord, kw_only=True):
    """One game of a match, with each agent's decisions: count, seconds, search iterations, longest."""

    per_decision: dict = {}


class Timed:
    """An agent that records each decision's wall time and search iterations."""

    def __init__(self, agent, stats: dict) -> None:
        self.agent, self.name, self.stats = agent, agent.name, stats

    def decide(self, request, cancel=None):
        start = time.perf_counter()
        answer = self.agent.decide(request, cancel)
        s = self.stats.setdefault(self.name, {"decisions": 0, "seconds": 0.0, "iterations": 0, "max_seconds": 0.0})
        took = time.perf_counter() - start
        s["decisions"] += 1
        s["seconds"] += took
        s["max_seconds"] = max(s["max_seconds"], took)
        s["iterations"] += getattr(self.agent, "last_iterations", 0)
        return answer


def bot(spec: str, seed: int, caps: bool):
    agent = make_agent(spec, seed)
    if isinstance(agent, MctsAgent) and not caps:
        agent.config = uncapped(agent.config)
    return agent


def play(players: int, game_seed: int, specs: list[str], secret: int, caps: bool, rules: str = DEFAULT,
         params: dict[str, str] | None = None) -> LevelGame:
    factions = deal(players, game_seed, rules, params)
    stats: dict = {}
    rec = LevelGame(seed=game_seed, bots_secret=secret, factions=factions, agents=specs, per_decision=stats)
    start = time.perf_counter()
    bots = [Timed(bot(spec, bot_seed(secret, s), caps), stats) for s, spec in enumerate(specs)]
    c = Controller(game_options(players, game_seed, factions, rules, params))
    state = c.run(bots)
    rec.winners, rec.reason = list(state.result.winners), state.result.reason
    rec.turns, rec.decisions = state.turn, len(c.log)
    rec.seconds = round(time.perf_counter() - start, 2)
    return rec


def seats(players: int, first: str, second: str) -> list[str]:
    """The agents by seat: first, second, first, second, ..."""
    return [(first, second)[s % 2] for s in range(players)]


def play_pair(players: int, game_seed: int, a: str, b: str, secret: int, caps: bool, rules: str = DEFAULT,
              params: dict[str, str] | None = None) -> list[LevelGame]:
    return [play(players, game_seed, seats(players, *first), secret, caps, rules, params)
            for first in ((a, b), (b, a))]


def per_decision(records: list[LevelGame]) -> dict:
    out: dict = {}
    for r in records:
        for name, s in r.per_decision.items():
            t = out.setdefault(name, {"decisions": 0, "seconds": 0.0, "iterations": 0, "max_seconds": 0.0})
            for k in ("decisions", "seconds", "iterations"):
                t[k] += s[k]
            t["max_seconds"] = max(t["max_seconds"], s["max_seconds"])
    for t in out.values():
        t["mean_seconds"] = round(t["seconds"] / t["decisions"], 3)
        t["mean_iterations"] = round(t["iterations"] / t["decisions"], 1)
        t["seconds"], t["max_seconds"] = round(t["seconds"], 1), round(t["max_seconds"], 2)
    return out


def by_deal(records: list[LevelGame], a: str, b: str) -> dict:
    """Each deal's two games together (the same dice, the agents swapped): seats won by A against seats won by B.
    The deals where A won more, where B did, and where they came level; a sign test's two-sided p over the
    deals that were not level (each deal counts once, so a pair's two games are not taken as independent)."""
    seats: dict[int, list[int]] = {}
    for r in records:
        won = set(r.winners)
        tally = seats.setdefault(r.seed, [0, 0])
        for faction, spec in zip(r.factions, r.agents):
            if faction in won and spec in (a, b):
                tally[spec != a] += 1
    a_ahead = sum(x > y for x, y in seats.values())
    b_ahead = sum(x < y for x, y in seats.values())
    n, k = a_ahead + b_ahead, min(a_ahead, b_ahead)
    p = min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n) if n else 1.0
    return {"deals": len(seats), "a_ahead": a_ahead, "b_ahead": b_ahead, "level": len(seats) - n,
            "sign_test_p": round(p, 4)}


def same_match(old: list[LevelGame], result: pathlib.Path, players: int, rules: str, changed: dict) -> str:
    """What makes the games already in a file another match than this one ("" if none): a run adds pairs only to
    games of the same rules, parameters and player count (a file written before the rules were recorded is the
    first game's)."""
    if any(len(r.factions) != players for r in old):
        return f"games of {len(old[0].factions)} players, not {players}"
    if old and result.exists():
        before = json.loads(result.read_text())
        was = before.get("rules", before.get("summary", {}).get("rules", DEFAULT))
        if (was, before.get("parameters", {})) != (rules, changed):
            return f"games of --rules {was} {before.get('parameters', {})}, not --rules {rules} {changed}"
    return ""


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("a", help="agent spec A (mcts:normal)")
    p.add_argument("b", help="agent spec B (mcts:easy)")
    p.add_argument("--rules", choices=tuple(GAMES), default=DEFAULT, help="the game (default %(default)s)")
    p.add_argument("--players", type=int, default=4,
                   help=", ".join(f"{g.title} {g.players.start}-{g.players.stop - 1}" for g in GAMES.values())
                   + " (default %(default)s)")
    p.add_argument("--pairs", type=int, default=40, help="pairs the file should hold at most")
    p.add_argument("--seed", type=int, default=24_000, help="pair k plays game seed SEED + k")
    p.add_argument("--bot-secret", type=int, default=24, help="the bots' seeds: bot_seed(secret, seat)")
    p.add_argument("--minutes", type=float, default=14.0, help="start no pair after this")
    p.add_argument("--jobs", type=int, default=1, help="pairs played at once")
    p.add_argument("--caps", action="store_true", help="keep the levels' wall-clock caps")
    p.add_argument("--out", required=True, help="OUT.json and OUT.games.jsonl")
    add_parameter_arguments(p, sim_parameters())
    args = p.parse_args()
    game = game_named(args.rules)
    if args.players not in game.players:
        p.error(f"--players must be {game.players.start} to {game.players.stop - 1} for {game.title}, "
                f"not {args.players}")
    given = {name: getattr(args, name) for name in sim_parameters()}
    if why := refusal(game, given):
        p.error(why)
    params = parameters(game, given)
    changed = {k: v for k, v in params.items() if v != game.parameters[k]}
    out = pathlib.Path(args.out)
    games = out.with_suffix(".games.jsonl")
    decoder = msgspec.json.Decoder(LevelGame)
    old = [decoder.decode(line) for line in games.read_bytes().splitlines()] if games.exists() else []
    if mixed := same_match(old, out.with_suffix(".json"), args.players, args.rules, changed):
        p.error(f"{games} holds {mixed}: give another --out")
    done = {r.seed for r in old}
    todo = [args.seed + k for k in range(args.pairs) if args.seed + k not in done]
    start = time.perf_counter()
    with open(games, "ab") as f, concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        running = set()
        while todo or running:
            while todo and len(running) < args.jobs and time.perf_counter() - start < args.minutes * 60:
                running.add(pool.submit(play_pair, args.players, todo.pop(0), args.a, args.b, args.bot_secret,
                                        args.caps, args.rules, params))
            if not running:
                break
            finished, running = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in finished:
                for r in future.result():
                    f.write(msgspec.json.encode(r) + b"\n")
                f.flush()
    records = [decoder.decode(line) for line in games.read_bytes().splitlines()]
    summary = summarize(records, args.players, sum(r.seconds for r in records), args.rules)
    # the command, with the game and its parameters where they are not the defaults
    rules = "" if game.is_default else f" --rules {args.rules}"
    flags = "".join(f" {Parameter.flag(k)} {shlex.quote(v)}" for k, v in changed.items())
    command = (f"python -m benchmarks.bench_levels {args.a} {args.b}{rules}{flags} --players {args.players} "
               f"--pairs {args.pairs} --seed {args.seed} --bot-secret {args.bot_secret}"
               f"{' --caps' if args.caps else ''} --out {args.out}")
    title = "" if game.is_default else f"{game.title}, "
    result = {"match": f"{args.a} vs {args.b}, {title}{args.players} players, paired deals", "command": command,
              "rules": args.rules, "players": args.players, **({"parameters": changed} if changed else {}),
              "wall_clock_caps": args.caps, "pairs": len(records) // 2, "summary": summary,
              "by_deal": by_deal(records, args.a, args.b),
              "per_decision": per_decision(records)}
    out.with_suffix(".json").write_text(json.dumps(result, indent=1))
    print(json.dumps(summary.get("head_to_head"), indent=1))
    print(json.dumps(result["by_deal"], indent=1))
    print(json.dumps(result["per_decision"], indent=1))


if __name__ == "__main__":
    main()
