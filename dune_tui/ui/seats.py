"""Who may sit at a seat: a human, or one of the bots registered in `ai` right now."""

from __future__ import annotations

MCTS_LEVELS = ("mcts:easy", "mcts:normal", "mcts:hard")


def bot_specs() -> list[str]:
    """The bot levels to offer, from `ai.agent_names()` (mcts as its three levels)."""
    from ai import agent_names

    out: list[str] = []
    for name in agent_names():
        out += MCTS_LEVELS if name == "mcts" else [name]
    return out


def default_bot() -> str:
    specs = bot_specs()
    return "heuristic" if "heuristic" in specs else specs[0]


def seat_config(choice: str):
    """`human` or a bot spec -> SeatConfig."""
    from ..session import SeatConfig

    if choice == "human":
        return SeatConfig(kind="human", agent="", name="")
    return SeatConfig(kind="bot", agent=choice)
