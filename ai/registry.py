"""Agent specs on the command line: `random`, `heuristic`, `mcts` (= `mcts:normal`),
`mcts:easy`, `mcts:hard`, `mcts:iters=N`, `mcts:time=SECONDS`."""

from __future__ import annotations

from collections.abc import Callable

from .errors import AgentSpecError
from .games import HeuristicAgent
from .random_agent import RandomAgent

AGENT_HELP = "random, heuristic, mcts, mcts:easy, mcts:normal, mcts:hard, mcts:iters=N, mcts:time=SECONDS"


def _random(arg: str | None, seed: int):
    if arg:
        raise AgentSpecError(f"'random' takes no options, not {arg!r}")
    return RandomAgent(seed)


def _heuristic(arg: str | None, seed: int):
    if arg:
        raise AgentSpecError(f"'heuristic' takes no options, not {arg!r}")
    return HeuristicAgent(seed)


def _mcts(arg: str | None, seed: int):
    from . import mcts  # the search and its evaluator load when an mcts bot is made, not with every `dune-tui`

    return mcts.make(arg, seed)


_FACTORIES: dict[str, Callable] = {"random": _random, "heuristic": _heuristic, "mcts": _mcts}


def register(name: str, factory: Callable) -> None:
    """Make `name[:arg]` build `factory(arg, seed)` (arg is None without a colon)."""
    _FACTORIES[name] = factory


def agent_names() -> list[str]:
    return sorted(_FACTORIES)


def _split(spec: str) -> tuple[str, str | None, Callable]:
    name, _, arg = spec.strip().partition(":")
    name = name.lower()
    if name not in _FACTORIES:
        raise AgentSpecError(f"unknown agent {spec!r}; choose from {AGENT_HELP}")
    return name, (arg or None), _FACTORIES[name]


def parse_spec(spec: str) -> tuple[str, str | None]:
    """(name, argument) of a spec an agent can be built from; AgentSpecError says what was wrong.
    The agent's own factory is the judge (it builds one and drops it), so a spec that parses always builds."""
    name, arg, factory = _split(spec)
    factory(arg, 0)
    return name, arg


def make_agent(spec: str, seed: int = 0):
    """Build the agent a spec names; AgentSpecError says what was wrong."""
    _, arg, factory = _split(spec)
    return factory(arg, seed)
