"""Who may sit at a seat: a human, or one of the bots registered in `ai` right now."""

from __future__ import annotations

MCTS_LEVELS = ("mcts:easy", "mcts:normal", "mcts:hard")


def bot_specs() -> list[str]:
    """The bot levels to offer, from `ai.agent_names()` (mcts as its three levels)."""
    from dune_tui.ai import agent_names

    out: list[str] = []
    for name in agent_names():
        out += MCTS_LEVELS if name == "mcts" else [name]
    return out


def default_bot() -> str:
    specs = bot_specs()
    return "heuristic" if "heuristic" in specs else specs[0]


USER = "user:"  # `--seat user:alice`: a human seat only alice may take (at a table on a shared server)
KEY = "key:"  # `--seat key:alice`: one only the player known by key as alice may take (the server's front doors)


def human_spec(choice: str) -> bool:
    """`human`, `user:LOGIN` or `key:NAME` (ValueError with a sentence for `user:` or `key:` and no name)."""
    from .session import valid_login

    if choice.startswith(USER) and not valid_login(choice.removeprefix(USER)):
        raise ValueError(f"--seat {choice[:40]}: give a login name after user:")
    if choice.startswith(KEY) and not valid_login(choice):
        raise ValueError(f"--seat {choice[:40]}: give a player's name after key: (letters, digits, . _ -)")
    return choice == "human" or choice.startswith((USER, KEY))


def seat_config(choice: str):
    """`human`, `user:LOGIN`, `key:NAME` or a bot spec -> SeatConfig."""
    from .session import SeatConfig

    if choice.startswith((USER, KEY)):
        login = choice.removeprefix(USER)
        return SeatConfig(kind="human", agent="", name=login, login=login)
    if choice == "human":
        return SeatConfig(kind="human", agent="", name="")
    return SeatConfig(kind="bot", agent=choice)
