"""Facing the Guild: a bot as the non-Guild side against the heuristic's Spacing Guild, two players.

    nice .venv/bin/python -m lab.anti_guild --agent mcts:easy --games 50 --seed 10001 --jobs 2

The two-player head-to-head against the heuristic is decided by these games (lab/LOG.md, "Facing the
Guild"): the Guild wins by default after round six (R11), so the other side must hold four strategic regions
alone at the end of one of its turns first.  Every deal with the Guild is played with the bot in either seat
(`--games` of each: 4 factions x 2 seat orders), the heuristic always the Guild.  Besides the wins, it counts the
milestone every win passes through: three regions held alone at the start of one of the bot's own turns (the
Guild's turn did not break them), and how often that was turned into a win.

    nice .venv/bin/python -m lab.anti_guild --no-guild --games 50 --seed 100000 --jobs 2

With `--no-guild`, the six two-player deals without the Guild instead, the bot playing the first faction of the
pair (in the order Atreides, Harkonnen, Fremen, Corrino: so never Corrino) in either seat, the heuristic the
other: games nobody wins are draws.  With `--every-faction` too, the bot plays either faction of each pair (24
cells): the heuristic then also plays Atreides, against whom most of the bot's losses are.

    nice .venv/bin/python -m lab.anti_guild --agent mcts:normal --matches 1 1001 2001 3001 4001 5001

With `--matches`, the games are instead those of the 100-game `mcts-heuristic-2p` matches with these seeds
(`dune-tui sim --players 2 --agents mcts:normal,heuristic --rotate`) in which the heuristic was dealt the Guild
(with `--no-guild`: in which nobody was), played again with `--agent` in the other seat: the same deals, seeds
and bot seeds (`bot_seed`) as in the matches.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import itertools
import json
import time
from concurrent.futures import ProcessPoolExecutor

from dune_tui.ai import make_agent
from dune_tui.ai.games.dune.evaluate import duel_features, general_value, threat_features
from dune_tui.ai.mcts import MctsAgent
from dune_tui.ai.registry import AgentSpecError
from dune_tui.controller import Controller, Decision
from dune_tui.games.dune import Options, available_factions
from dune_tui.games.dune.data import FACTION_KEYS, GUILD
from dune_tui.games.dune.queries import held_alone, strategic_needed
from dune_tui.sim import plan_game, wilson
from dune_tui.table.bots import bot_seed

OTHERS = tuple(f for f in available_factions(2) if f != GUILD)  # the Guild's two-player opponents (R12)


def bot(spec: str, seed: int, two_player_models: bool = True):
    """The agent `spec` names; a search told not to use the two-player models when `two_player_models` is False
    (the games their fitting learns from)."""
    agent = make_agent(spec, seed)
    if isinstance(agent, MctsAgent) and not two_player_models:
        agent = MctsAgent(seed, dataclasses.replace(agent.config, two_player_models=False), name=agent.name)
    return agent


def play(plan: tuple[int, tuple[int, int], int, str], collect: bool = False,
         two_player_models: bool = True) -> tuple[int, int, int, bool, list]:
    """(the bot's faction, its seat, its result: 1 won, 0 nobody won, -1 lost, whether it held need-1 regions
    alone at the start of an own turn, positions) of one game; with `collect`, positions has (own turn?, the
    features of the two-player model for the game, the value the general evaluation gives) for the bot's seat at
    the start of every turn (for fitting those models)."""
    seed, factions, seat, agent = plan
    specs = [agent, "heuristic"] if seat == 0 else ["heuristic", agent]
    c = Controller(Options(players=2, seed=seed, factions=tuple(FACTION_KEYS[f] for f in factions)))
    bots = [bot(spec, bot_seed(seed, s), two_player_models) for s, spec in enumerate(specs)]
    me, near, guild = factions[seat], strategic_needed(2) - 1, GUILD in factions
    reached, last_turn, positions = False, -1, []
    while not c.over:
        s = c.state
        if s.turn != last_turn and s.phase == "roll" and s.kept == 0:
            last_turn = s.turn
            own = s.active == seat
            reached = reached or (own and held_alone(s, 1 << me) >= near)
            if collect:
                x = duel_features(s, seat) + ([] if guild else threat_features(s, seat))
                positions.append((own, x, general_value(s, seat)[seat]))
        for r in c.pending():
            c.submit(Decision(r.id, r.seat, bots[r.seat].decide(r)))
    winners = c.state.result.winners
    return me, seat, 1 if me in winners else (-1 if winners else 0), reached, positions


def plans(seed: int, games: int, agent: str, guild: bool = True,
          every_faction: bool = False) -> list[tuple[int, tuple[int, int], int, str]]:
    """Every deal (with the Guild, or without it: the bot as the first faction of the pair, or with
    `every_faction` as either), the bot in either seat, `games` of each; game i has seed `seed + i`."""
    pairs = [(f, GUILD) for f in OTHERS] if guild else list(itertools.combinations(OTHERS, 2))
    sides = ((0, 1), (1, 0)) if every_faction and not guild else ((0, 1),)
    cells = [(pair[m], pair[o], seat) for pair in pairs for seat in (0, 1) for m, o in sides for _ in range(games)]
    return [(seed + i, (mine, other) if seat == 0 else (other, mine), seat, agent)
            for i, (mine, other, seat) in enumerate(cells)]


def match_plans(seeds: list[int], games: int, agent: str, guild: bool = True) -> list[tuple]:
    """The games of `dune-tui sim --players 2 --agents mcts:normal,heuristic --rotate --seed S --games N` where the
    heuristic was dealt the Guild (or nobody was), with `agent` in the other seat."""
    out = []
    for seed in seeds:
        for g in range(games):
            game_seed, factions, specs = plan_game(g, 2, ["mcts:normal", "heuristic"], seed, True)
            seat = specs.index("mcts:normal")
            if (factions[1 - seat] == GUILD) if guild else (GUILD not in factions):
                out.append((game_seed, tuple(factions), seat, agent))
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--agent", default="mcts:easy", help="the bot against the heuristic (default mcts:easy)")
    p.add_argument("--games", type=int, default=50, help="games per deal and seat order (default 50)")
    p.add_argument("--seed", type=int, default=10001)
    p.add_argument("--no-guild", action="store_true", help="the two-player deals without the Guild instead")
    p.add_argument("--every-faction", action="store_true",
                   help="with --no-guild: the bot plays either faction of each pair, not only the first")
    p.add_argument("--matches", type=int, nargs="+", metavar="SEED",
                   help="the heuristic-Guild (or no-Guild) games of the 100-game mcts-heuristic-2p matches with these "
                        "seeds")
    p.add_argument("--match-games", type=int, default=100, help="games per match with --matches (default 100)")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    if args.games < 1 or args.jobs < 1 or args.match_games < 1:
        p.error("--games, --match-games and --jobs must be at least 1")
    if args.every_faction and not args.no_guild:
        p.error("--every-faction goes with --no-guild (facing the Guild the bot already plays every faction)")
    try:
        make_agent(args.agent)
    except AgentSpecError as e:
        p.error(str(e))
    guild = not args.no_guild
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        todo = (match_plans(args.matches, args.match_games, args.agent, guild) if args.matches
                else plans(args.seed, args.games, args.agent, guild, args.every_faction))
        games = list(pool.map(play, todo, chunksize=2))
    wins = sum(g[2] == 1 for g in games)
    lost = sum(g[2] == -1 for g in games)
    reached = sum(g[3] for g in games)
    converted = sum(g[2] == 1 and g[3] for g in games)

    def by_cell(outcome: int) -> dict[str, int]:
        cells = collections.Counter(f"{FACTION_KEYS[f]} seat {seat + 1}" for f, seat, result, *_ in games
                                    if result == outcome)
        return dict(sorted(cells.items()))

    out = {"agent": args.agent, "guild": guild, "games": len(games), "seed": args.seed, "matches": args.matches,
           "wins": wins, "lost": lost, "draws": len(games) - wins - lost, "win_rate": wins / len(games),
           "ci95": wilson(wins, len(games)), "reached_three": reached, "won_after_three": converted,
           "wins_by": by_cell(1), "lost_by": by_cell(-1),
           "seconds": round(time.perf_counter() - start, 1)}
    if args.json:
        print(json.dumps(out))
        return 0
    lo, hi = out["ci95"]
    against = "the heuristic's Guild" if guild else "the heuristic, no Guild"
    print(f"{args.agent} against {against}: {wins} of {len(games)} won, {out['win_rate']:.1%} ({lo:.1%}-{hi:.1%}), "
          f"{lost} lost, {out['draws']} drawn; three regions held at the start of its turn in {reached} games, "
          f"{converted} of them won; {out['seconds']} s")
    print("wins by faction and seat:", ", ".join(f"{k} {v}" for k, v in out["wins_by"].items()) or "none")
    if lost:
        print("lost by faction and seat:", ", ".join(f"{k} {v}" for k, v in out["lost_by"].items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
