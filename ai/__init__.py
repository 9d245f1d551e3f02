"""Bots for dune-tui.  Every bot sees a seat's view (never the full state or
the dice generator) and answers with one of the legal actions.

    agent = make_agent("mcts:hard", seed=7)
    action = agent.decide(request)   # request: dune_tui.controller.DecisionRequest
"""

from .registry import AGENT_HELP, AgentSpecError, agent_names, make_agent, parse_spec

__all__ = ["AGENT_HELP", "AgentSpecError", "agent_names", "make_agent", "parse_spec"]
