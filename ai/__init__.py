"""Bots for dune-tui.  Every bot sees a seat's view (never the full state or
the dice generator) and answers with one of the legal actions.

    agent = make_agent("mcts:hard", seed=bot_seed(bots_secret, seat))   # dune_tui.table.bots.bot_seed
    action = agent.decide(request, cancel=event)   # request: dune_tui.controller.DecisionRequest

- agent.py: the `Agent` protocol every bot follows;
- random_agent.py, heuristic.py: the floor and the first game's rules of thumb (with dice_policy.py, plan.py,
  board.py); express_heuristic.py, express_evaluator.py: Dune Express's;
- games/: each game's bots (its record's `bots`): the search's rules of it and its heuristic bot;
- mcts.py: the search, told everything by a `SearchConfig` and handed an `Evaluator` (evaluator.py), the game's
  rules from search_rules.py;
- evaluate.py: the models that value a position, their weights in models/*.json;
- registry.py: agent specs (`mcts:easy`) on the command line (errors.py: `AgentSpecError`).
The experiments that fit the models and tune the search live in lab/, which nothing here imports.
"""

from .agent import Agent
from .registry import AGENT_HELP, AgentSpecError, agent_names, make_agent, parse_spec

__all__ = ["AGENT_HELP", "Agent", "AgentSpecError", "agent_names", "make_agent", "parse_spec"]
