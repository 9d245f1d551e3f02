"""Every decision explains itself (issue 45): in played games of both rule sets, every decision phase the engine
has (its describe.PROMPTS) is reached, and the decision panel's words say under each question, in at least one
line, what the choice changes for the seat deciding (`Words.consequences`), unless its form says it (`quiet`).
A new kind of decision without such a line fails here."""

from __future__ import annotations

import random

import pytest

from dune_tui.games import GAMES
from dune_tui.games.dune import explain as dune_explain
from dune_tui.games.express import explain as express_explain
from dune_tui.ui.games.dune.words import FIRST_GAME
from dune_tui.ui.games.express.words import EXPRESS
from dune_tui.ui.widgets.choices import Choice

WORDS = {"dune": FIRST_GAME, "express": EXPRESS}
# Options that reach every decision: Dune's faction choice and both kinds of Face Dancers; every Express
# modification with decisions of its own (the houses' abilities, the tactical die, the Thumper).
PARAMETERS = {
    "dune": [{"faction_choice": "choose"}, {"face_dancers": "spice"}, {}],
    "express": [{"variant": "houses,fortresses,thumper"}, {"variant": "houses,fortresses"}],
}
PER_PHASE = 4  # views kept per phase
SHORT = 90  # characters: two rows of the decision panel at 80×24, where the options keep their rows
EXPLAIN = {"dune": dune_explain, "express": express_explain}


def decisions(name: str) -> dict[str, list]:
    """A few (view, seat) of each decision phase, from seeded random games of `name` until all are met."""
    game = GAMES[name]
    engine, phases = game.engine, set(game.describe.PROMPTS)
    found: dict[str, list] = {}
    for k in range(80):
        rng = random.Random(k)
        players = min(game.players) + k % len(game.players)
        state = engine.new_game(engine.options_from(players, k, **PARAMETERS[name][k % len(PARAMETERS[name])]))
        while not state.over:
            for seat in state.awaiting:
                kept = found.setdefault(state.phase, [])
                if len(kept) < PER_PHASE and (not kept or rng.random() < 0.2):
                    kept.append((engine.view(state, seat), seat))
            seat = rng.choice(state.to_move)
            engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        if all(len(found.get(p, ())) == PER_PHASE for p in phases):
            break
    return found


@pytest.mark.parametrize("name", sorted(WORDS))
def test_every_decision_says_what_it_changes_for_you(name):
    words, found = WORDS[name], decisions(name)
    assert set(GAMES[name].describe.PROMPTS) <= set(found)  # every kind was met in play
    silent = []
    for phase, cases in sorted(found.items()):
        if phase in words.quiet and not getattr(words.forms.get(phase), "SAYS_CONSEQUENCES", False):
            continue  # its form says what it does (the dice's forecast)
        for view, seat in cases:
            lines = words.consequences(view, seat)
            if not lines or not all(line.strip() for line in lines):
                silent.append(phase)
            said = EXPLAIN[name].decision_line(view, seat)
            assert "{" not in said and len(said) <= SHORT, said  # two rows of the panel at 80 columns
    assert not sorted(set(silent)), f"decisions without a line saying what they change: {sorted(set(silent))}"


def test_each_movement_target_says_how_many_of_your_troops_can_move_in():
    """A newcomer picked a target none of their troops could reach: each target option says how many can (R9)."""
    game = GAMES["dune"]
    hints = []
    for view, seat in decisions("dune")["target"]:
        for action in game.engine.legal_actions(view, seat):
            hint = FIRST_GAME.hint(view, Choice(key=action))
            assert hint.endswith(("can move in", "can reach it")), hint
            hints.append(hint)
    assert any(h.startswith("none") for h in hints) and any(h[0].isdigit() for h in hints)
