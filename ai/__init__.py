"""Bots for dune-tui.  Every bot sees a seat's view (never the full state or
the dice generator) and answers with one of the legal actions.

    agent = make_agent("mcts:hard", seed=bot_seed(bots_secret, seat))   # dune_tui.table.bots.bot_seed
    action = agent.decide(request, cancel=event)   # request: dune_tui.controller.DecisionRequest

- agent.py: the `Agent` protocol every bot follows;
- random_agent.py: the floor, any game;
- games/: the bots' table (`BOTS`, `register`) and each game's bots: games/dune/ (the first game's heuristic
  with its dice policy, plan, board reading, the models that value a position — evaluate.py, weights in
  models/*.json — and its rollouts) and games/express/ (Dune Express's heuristic and evaluator); each gives the
  search its rules (`search_rules`) and its heuristic bot;
- mcts.py: the search, told everything by a `SearchConfig` and handed an `Evaluator` (evaluator.py), the game's
  rules from search_rules.py;
- registry.py: agent specs (`mcts:easy`) on the command line (errors.py: `AgentSpecError`).
The experiments that fit the models and tune the search live in lab/, which nothing here imports.
"""

from .agent import Agent
from .registry import AGENT_HELP, AgentSpecError, agent_names, make_agent, parse_spec

__all__ = ["AGENT_HELP", "Agent", "AgentSpecError", "agent_names", "make_agent", "parse_spec"]
