"""`dune-tui sim`: whole games between bots, with win statistics.

Game g uses seed `seed + g` (the dice), its bots the seeds `table.bots.bot_seed`
derives from the bots' own secret `bots_secret + g` (as at the table: never from
the game's seed; drawn from the operating system unless --bot-secret says it, and
printed with --json, so that a run replays with the same two numbers); with --rotate the agents move across seats in
blocks of `players` games that share one faction deal, so each agent plays
each seat and faction of the block once.  `--rules express [--variant ...]`
plays Dune Express (its houses stand where the factions are).  The games' own parameters (`--variant`,
`--face-dancers`...) are the flags their engines' PARAMETERS declare, as for `new` and `host`, but for those about
how the seats get their sides (the simulator deals them).
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import msgspec

from dune_tui.ai import AGENT_HELP, AgentSpecError, make_agent, parse_spec

from .controller import Controller
from .game_spec import add_parameter_arguments, game_parameters, games_help, refusal
from .games import DEFAULT, GAMES, PREFERRED_PLAYERS, game_named
from .games.dune.data import BENE_GESSERIT
from .games.errors import OptionsError
from .games.rng import random_seed
from .table.bots import bot_seed


class GameRecord(msgspec.Struct, kw_only=True):
    seed: int
    bots_secret: int = 0  # the bots' seeds: table.bots.bot_seed(bots_secret, seat)
    factions: list[int]  # by seat
    agents: list[str]  # by seat
    winners: list[int] = []  # factions
    reason: str = ""
    stolen_from: int = -1
    turns: int = 0
    decisions: int = 0
    seconds: float = 0.0
    error: str = ""


def sim_parameters() -> dict:
    """The games' parameters the simulator takes (a flag each): all but those about how the seats get their sides."""
    return {name: p for name, p in game_parameters().items() if not p.about_sides}


def parameters(game, params: dict[str, str] | None = None) -> dict[str, str]:
    """Those of the game parameters `params` (by name; None: none given) that `game` takes (its PARAMETERS)."""
    return {k: v for k, v in (params or {}).items() if k in game.parameters}


def deal(players: int, seed: int, rules: str = DEFAULT, params: dict[str, str] | None = None) -> list[int]:
    """A random legal faction (or house) set in random seat order (the game's `available_sides`: R12, X3)."""
    r = random.Random(seed)
    game = game_named(rules)
    engine = game.engine
    factions = list(engine.available_sides(engine.options_from(players, 0, None, **parameters(game, params))))
    r.shuffle(factions)
    return factions[:players]


def plan_game(g: int, players: int, agents: list[str], seed: int, rotate: bool,
              factions: list[int] | None = None, rules: str = DEFAULT,
              params: dict[str, str] | None = None) -> tuple[int, list[int], list[str]]:
    """(game seed, factions by seat, agent specs by seat) for game number g."""
    block, shift = divmod(g, players) if rotate else (g, 0)
    factions = list(factions) if factions else deal(players, seed * 7919 + block, rules, params)
    seats = [agents[(s + shift) % len(agents)] for s in range(players)]
    return seed + g, factions, seats


def game_options(players: int, seed: int, factions: list[int], rules: str = DEFAULT,
                 params: dict[str, str] | None = None):
    """The options of one game of `rules`, with those of the parameters it takes."""
    game = game_named(rules)
    keys = game.side_keys
    return game.engine.options_from(players, seed, tuple(keys[f] for f in factions),
                                    **parameters(game, params))


def play_one(players: int, game_seed: int, factions: list[int], specs: list[str], rules: str = DEFAULT,
             params: dict[str, str] | None = None, bots_secret: int = 0) -> GameRecord:
    rec = GameRecord(seed=game_seed, bots_secret=bots_secret, factions=factions, agents=specs)
    start = time.perf_counter()
    try:
        opts = game_options(players, game_seed, factions, rules, params)
        bots = [make_agent(spec, seed=bot_seed(bots_secret, s)) for s, spec in enumerate(specs)]
        c = Controller(opts)
        state = c.run(bots)
        rec.winners = list(state.result.winners)
        rec.reason = state.result.reason
        rec.stolen_from = getattr(state.result, "stolen_from", -1)
        rec.turns = state.turn
        rec.decisions = len(c.log)
    except Exception as e:  # a game that raised is counted, never fatal
        rec.error = f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=6)}"
    rec.seconds = time.perf_counter() - start
    return rec


def _play_many(args: tuple) -> list[GameRecord]:
    players, plans, rules, params = args
    return [play_one(players, s, f, a, rules, params, b) for s, f, a, b in plans]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def _tally(records: list[GameRecord], a: str, b: str) -> dict:
    wins_a = wins_b = both = neither = 0
    for r in records:
        won = set(r.winners)
        wa = any(f in won for f, spec in zip(r.factions, r.agents) if spec == a)
        wb = any(f in won for f, spec in zip(r.factions, r.agents) if spec == b)
        if wa and wb:
            both += 1
        elif wa:
            wins_a += 1
        elif wb:
            wins_b += 1
        else:
            neither += 1
    decided = wins_a + wins_b
    return {"games": len(records), "a_wins": wins_a, "b_wins": wins_b, "shared": both, "draws": neither,
            "a_share_of_decided": round(wins_a / decided, 4) if decided else None, "ci95": wilson(wins_a, decided)}


def head_to_head(records: list[GameRecord], a: str, b: str, rules: str = DEFAULT) -> dict:
    """Games won by a seat of agent `a`, by one of `b`, by both (an alliance) and by neither ("draws"),
    with a's share of the games either won alone; then, in a game with a side that wins by default (the first
    game's Spacing Guild, whose default win after six rounds decides most small games: R11), the same split by
    who was dealt it ("by_guild")."""
    ok = [r for r in records if not r.error]
    default_winner = game_named(rules).engine.DEFAULT_WINNER

    def guild_side(r: GameRecord) -> str:
        spec = next((s for f, s in zip(r.factions, r.agents) if f == default_winner), None)
        return "a" if spec == a else ("b" if spec == b else "none")

    if default_winner is None:
        return {"a": a, "b": b, **_tally(ok, a, b), "by_guild": {}}
    split = {side: _tally([r for r in ok if guild_side(r) == side], a, b) for side in ("a", "b", "none")}
    return {"a": a, "b": b, **_tally(ok, a, b), "by_guild": split}


def summarize(records: list[GameRecord], players: int, seconds: float, rules: str = DEFAULT) -> dict:
    ok = [r for r in records if not r.error]
    names = game_named(rules).side_names
    by_faction: Counter = Counter()
    played_faction: Counter = Counter()
    seat_games: Counter = Counter()
    seat_wins: Counter = Counter()
    for r in ok:
        won = set(r.winners)
        for f, spec in zip(r.factions, r.agents):
            played_faction[f] += 1
            seat_games[spec] += 1
            if f in won:
                by_faction[f] += 1
                seat_wins[spec] += 1
    specs = list(dict.fromkeys(spec for r in ok for spec in r.agents))
    agents = {}
    for spec in sorted(seat_games):
        n, w = seat_games[spec], seat_wins[spec]
        agents[spec] = {"seats": n, "wins": w, "win_rate": round(w / n, 4), "ci95": wilson(w, n)}
    factions = {}
    for f in sorted(played_faction):
        n, w = played_faction[f], by_faction[f]
        factions[names[f]] = {"games": n, "wins": w, "win_rate": round(w / n, 4), "ci95": wilson(w, n)}
    return {
        "rules": rules,
        "games": len(records),
        "players": players,
        "errors": len(records) - len(ok),
        "seconds": round(seconds, 3),
        "games_per_second": round(len(records) / seconds, 2) if seconds else None,
        "mean_turns": round(sum(r.turns for r in ok) / len(ok), 2) if ok else 0,
        "mean_decisions": round(sum(r.decisions for r in ok) / len(ok), 1) if ok else 0,
        "wins_by_faction": {names[f]: by_faction[f] for f in sorted(by_faction)},
        "wins_by_agent": agents,
        "faction_win_rates": factions,
        "solo_wins": sum(1 for r in ok if r.reason == "solo"),
        "alliance_wins": sum(1 for r in ok if r.reason == "alliance"),
        "guild_default_wins": sum(1 for r in ok if r.reason == "guild_default"),
        "nobody_wins": sum(1 for r in ok if r.reason == "nobody"),
        "bg_steals": sum(1 for r in ok if r.stolen_from >= 0 and BENE_GESSERIT in r.winners),
        "wins_by_reason": dict(sorted(Counter(r.reason for r in ok).items())),
        **({"head_to_head": head_to_head(ok, *specs, rules=rules)} if len(specs) == 2 else {}),
    }


def run(players: int, games: int, seed: int, agents: list[str], rotate: bool, jobs: int = 1,
        factions: list[int] | None = None, rules: str = DEFAULT, params: dict[str, str] | None = None,
        bots_secret: int | None = None) -> tuple[list[GameRecord], float]:
    """Play the games (`params`: the game's own parameters, by name); game g's bots are seeded from
    `bots_secret + g` (None: a secret from the operating system), which each record keeps."""
    secret = random_seed() if bots_secret is None else bots_secret
    plans = [(*plan_game(g, players, agents, seed, rotate, factions, rules, params), secret + g)
             for g in range(games)]
    start = time.perf_counter()
    if jobs <= 1:
        records = _play_many((players, plans, rules, params))
    else:
        chunks = [plans[i::jobs] for i in range(jobs)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            parts = list(pool.map(_play_many, [(players, ch, rules, params) for ch in chunks]))
        records = sorted((r for part in parts for r in part), key=lambda r: r.seed)
    return records, time.perf_counter() - start


def add_parser(sub) -> None:
    p = sub.add_parser("sim", help="play whole games between bots and print statistics")
    p.add_argument("--rules", choices=tuple(GAMES), default=DEFAULT,
                   help=games_help())
    p.add_argument("--players", type=int, default=None,
                   help=", ".join(f"{g.title} {g.players.start}-{g.players.stop - 1}" for g in GAMES.values())
                   + f" (default {PREFERRED_PLAYERS} or the nearest the game takes)")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game's dice (default 1)")
    p.add_argument("--bot-secret", type=int, metavar="N",
                   help="the bots' own secret, seeding them (default: drawn from the operating system; "
                        "--json prints it)")
    p.add_argument("--agents", default="random", help=f"comma-separated agents by seat, cycled: {AGENT_HELP}")
    p.add_argument("--factions", help="comma-separated faction (Dune Express: house) keys by seat "
                                      "(default: a random legal deal each block)")
    p.add_argument("--rotate", action="store_true", help="move agents across seats and factions evenly")
    p.add_argument("--jobs", type=int, default=1, help="games in this many processes (default 1)")
    add_parameter_arguments(p, sim_parameters())
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--records", metavar="FILE", help="also write every game's record as JSON lines")
    p.set_defaults(func=main)


def main(args) -> int:
    rules = game_named(args.rules)
    if args.players is None:
        args.players = rules.default_players
    if args.players not in rules.players:
        return _bad(f"--players must be {rules.players.start} to {rules.players.stop - 1}"
                    f"{'' if rules.is_default else ' for ' + rules.title}, not {args.players}")
    params = {name: getattr(args, name) for name in sim_parameters()}
    if why := refusal(rules, params):
        return _bad(why)
    if args.games < 1:
        return _bad("--games must be at least 1")
    if args.jobs < 1 or args.jobs > (os.cpu_count() or 1) * 4:
        return _bad(f"--jobs must be 1 to {(os.cpu_count() or 1) * 4}")
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    if not agents:
        return _bad("--agents needs at least one agent")
    factions = None
    try:
        for a in agents:
            parse_spec(a)
        names = [f.strip() for f in args.factions.split(",")] if args.factions else None
        engine = rules.engine  # the options validate the count and availability of the sides (R12, X3)
        engine.options_from(args.players, 0, tuple(names) if names else None,
                            **parameters(rules, params))
        factions = [engine.side_id(f) for f in names] if names else None
    except (AgentSpecError, OptionsError) as e:
        return _bad(str(e))
    secret = random_seed() if args.bot_secret is None else args.bot_secret
    if sys.stderr.isatty():  # a terminal hears at once what runs: a match of slow bots prints nothing for minutes
        jobs = f" in {args.jobs} processes" if args.jobs > 1 else ""
        print(f"dune-tui sim: playing {args.games} games of {args.players} players ({', '.join(agents)}){jobs}…",
              file=sys.stderr, flush=True)
    records, seconds = run(args.players, args.games, args.seed, agents, args.rotate, args.jobs, factions, args.rules,
                           params, secret)
    summary = {**summarize(records, args.players, seconds, args.rules), "bot_secret": secret}
    if args.records:
        with open(args.records, "wb") as f:
            for r in records:
                f.write(msgspec.json.encode(r) + b"\n")
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        _print_table(summary)
    for r in records:
        if r.error:
            print(f"game seed {r.seed} raised: {r.error.splitlines()[0]}", file=sys.stderr)
    return 1 if summary["errors"] else 0


def _bad(message: str) -> int:
    print(f"dune-tui sim: {message}", file=sys.stderr)
    return 2


def _print_table(s: dict) -> None:
    game = game_named(s["rules"])
    print(f"{s['games']} games{game.of_title} of {s['players']} players in {s['seconds']} s "
          f"({s['games_per_second']} games/s), {s['mean_turns']} turns a game, {s['errors']} errors")
    if game.engine.DEFAULT_WINNER is not None:  # the first game's ways to win, with the Guild's by default
        print(f"solo {s['solo_wins']}, alliance {s['alliance_wins']}, Guild by default {s['guild_default_wins']}, "
              f"nobody {s['nobody_wins']}, Bene Gesserit steals {s['bg_steals']}")
    else:
        print("won by " + ", ".join(f"{reason.replace('_', ' ')} {n}" for reason, n in s["wins_by_reason"].items()))
    print("agent            seats   wins   rate   95% CI")
    for spec, a in s["wins_by_agent"].items():
        lo, hi = a["ci95"]
        print(f"{spec:<16} {a['seats']:>5} {a['wins']:>6} {a['win_rate']:>6.1%}  {lo:.1%}-{hi:.1%}")
    h = s.get("head_to_head")
    if h:
        print(_h2h_line(h, h, "head to head"))
        for side, label in (("a", f"{h['a']} has the Guild"), ("b", f"{h['b']} has the Guild"), ("none", "no Guild")):
            if side in h["by_guild"] and h["by_guild"][side]["games"]:
                print(_h2h_line(h, h["by_guild"][side], f"  {label}"))
    print(f"{game.side_word:<16} games   wins   rate")
    for name, a in s["faction_win_rates"].items():
        print(f"{name:<16} {a['games']:>5} {a['wins']:>6} {a['win_rate']:>6.1%}")


def _h2h_line(h: dict, t: dict, label: str) -> str:
    share = ""
    if t["a_share_of_decided"] is not None:
        lo, hi = t["ci95"]
        share = f": {t['a_share_of_decided']:.1%} ({lo:.1%}-{hi:.1%})"
    shared = f", {t['shared']} won together" if t["shared"] else ""
    games = f"{t['games']} game" + ("" if t["games"] == 1 else "s")
    return (f"{label} ({games}): {h['a']} {t['a_wins']} - {t['b_wins']} {h['b']}{share}, "
            f"{t['draws']} nobody won{shared}")
