"""Agent specs: a spec that parses builds an agent, and one that cannot be built does not parse (issue 27 bug 3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dune_tui.ai import AgentSpecError, make_agent, parse_spec

NUMBERS = st.one_of(st.integers(-10, 2_000_000).map(str), st.floats(-1, 700, allow_nan=False).map(str),
                    st.sampled_from(["", "lots", "1e3", " 5", "nan", "inf"]))
ARGS = st.one_of(st.none(), st.sampled_from(["easy", "normal", "Hard", "ultra", "", "x", "3"]),
                 st.tuples(st.sampled_from(["iters", "time", "ITERS", "depth"]), NUMBERS).map("=".join))
SPECS = st.tuples(st.sampled_from(["mcts", "MCTS", "random", "heuristic", "wizard"]), ARGS).map(
    lambda t: t[0] if t[1] is None else f"{t[0]}:{t[1]}")


@pytest.mark.parametrize(("spec", "words"), [
    ("mcts:ultra", "easy, normal, hard"), ("mcts:iters=-5", "1 to 1000000"), ("mcts:time=0", "0.01 to 600"),
    ("mcts:iters=lots", "needs a number"), ("heuristic:3", "takes no options"), ("random:x", "takes no options"),
])
def test_parsing_refuses_a_spec_no_agent_can_be_built_from(spec, words):
    with pytest.raises(AgentSpecError, match=words):
        parse_spec(spec)


def refusal(build) -> str | None:
    """What AgentSpecError says when `build()` refuses, else None."""
    try:
        build()
    except AgentSpecError as e:
        return str(e)
    return None


@given(SPECS)
def test_a_spec_parses_exactly_when_it_builds_an_agent(spec):
    assert refusal(lambda: parse_spec(spec)) == refusal(lambda: make_agent(spec, 1))
