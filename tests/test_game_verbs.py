"""What each game says for the generic code (controller, table, sim, new_game, the search), which asks it
instead of comparing a game's or a phase's name (issue 35)."""

from __future__ import annotations

import ast
import random
from importlib import import_module
from pathlib import Path

import pytest

from dune_tui.ai import games as ai_games
from dune_tui.controller import Controller, Decision
from dune_tui.game_spec import GameSpec, new_game
from dune_tui.games import GAMES, game_named
from dune_tui.saves import games as saves_games
from dune_tui.ui import games as ui_games

ROOT = Path(__file__).parents[1]


def random_steps(rules: str, seed: int, players: int = 4, decisions: int = 4000, sides=None, **parameters):
    """(controller, its open requests) before each decision of a game of random moves, then at the end."""
    c = Controller(game_named(rules).engine.options_from(players, seed, sides, **parameters))
    r = random.Random(seed)
    for _ in range(decisions):
        requests = c.pending()
        yield c, requests
        if c.over:
            return
        req = r.choice(requests)
        c.submit(Decision(req.id, req.seat, r.choice(req.legal)))


def test_the_first_games_battle_commit_is_its_one_simultaneous_decision_and_its_requests_say_sealed():
    engine, seen = game_named("dune").engine, 0
    for seed in range(4):  # two players: random moves seldom battle with more
        for c, requests in random_steps("dune", seed, players=2):
            assert engine.is_simultaneous(c.state) == (c.state.phase == "commit")
            assert all(r.sealed == (r.phase == "commit") for r in requests)
            seen += engine.is_simultaneous(c.state) and len(requests) == 2
    assert seen, "both sides of a battle are asked together"


def test_dune_express_has_no_simultaneous_decision():
    engine = game_named("express").engine
    for c, requests in random_steps("express", 5, players=3):
        assert not engine.is_simultaneous(c.state) and len(requests) <= 1 and not any(r.sealed for r in requests)


def test_the_public_note_says_which_side_has_sealed_until_the_battle_resolves():
    engine, notes = game_named("dune").engine, []
    for seed in range(4):
        for c, _ in random_steps("dune", seed, players=2):
            s, note = c.state, engine.public_note(c.state)
            if s.phase != "commit" or len(s.awaiting) != 1:
                assert note is None
                continue
            seat = next(x for x in (s.active, s.faction_seat[s.b_def]) if x not in s.awaiting)
            side = game_named("dune").side_name(s.seat_faction[seat])
            assert note == (seat, f"The {side} have sealed theirs.")
            notes.append(note)
    assert notes
    for c, _ in random_steps("express", 2, players=3):
        assert game_named("express").engine.public_note(c.state) is None


@pytest.mark.parametrize("rules, sides, parameters", [
    ("dune", ("atreides", "bg", "fremen", "harkonnen", "guild"), {}),
    ("express", ("harkonnen", "bg", "fremen"), {"variant": "houses"}),
])
def test_the_final_view_shows_the_prediction_the_view_hid(rules, sides, parameters):
    engine = game_named(rules).engine
    *_, (c, _) = random_steps(rules, 11, len(sides), sides=sides, **parameters)
    assert c.over and c.state.prediction >= 0
    assert any(engine.view(c.state, seat).prediction == engine.HIDDEN for seat in range(c.state.n))
    for seat in range(c.state.n):
        final = engine.final_view(c.state, seat)
        assert final.prediction == c.state.prediction and final.rng is None and final.viewer == seat
        hidden = engine.view(c.state, seat)
        assert hidden.prediction in (c.state.prediction, engine.HIDDEN)
        assert all(getattr(final, k) == getattr(hidden, k) for k in type(final).FIELDS if k != "prediction"), \
            "the final view differs from the view by the prediction only"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_game_makes_its_options_from_the_parameters_it_declares(name):
    game = game_named(name)
    options = game.engine.options_from(3, 7, None, **game.parameters)
    assert options.players == 3 and options.seed == 7
    assert game.engine.available_sides(options)
    keys = game.side_keys[:3]
    assert [game.engine.side_id(k) for k in keys] == [0, 1, 2]
    assert game.engine.variants_in_words(options) == ""


@pytest.mark.parametrize("spec, message", [
    (GameSpec(variant="houses"), "--variant is for --rules express (Dune Express) only"),
    (GameSpec(rules="express", faction_choice="choose"),
     "--faction-choice and --face-dancers are the options of --rules dune (Dune: The Dice Game) only"),
    (GameSpec(rules="express", face_dancers="spice"), "--faction-choice and --face-dancers are the options of"),
])
def test_new_game_refuses_a_parameter_the_chosen_game_does_not_take_naming_the_game_that_does(spec, message):
    with pytest.raises(ValueError) as refused:
        new_game(spec)
    assert str(refused.value) == message or message in str(refused.value)


def test_the_default_values_of_another_games_parameters_are_no_refusal():
    assert new_game(GameSpec(rules="express", seed=1, faction_choice="random", face_dancers="dice", variant=""))
    assert new_game(GameSpec(seed=1, variant=""))


def _games_own_modules() -> set[Path]:
    """The files that are a game's own, as its record and each layer's table name them: its engine package, its
    board's package (ui/games/NAME/), its bots (ai/games/NAME/) and its save schema (saves/games/NAME.py)."""
    own = set()
    for game in GAMES.values():
        for module in (game.package, ui_games.PACKAGES[game.name], ai_games.BOTS[game.name],
                       saves_games.SCHEMAS[game.name]):
            path = (ROOT / module.replace(".", "/")).resolve()  # dune_tui/ai is a link to ai/
            own |= set(path.rglob("*.py")) if path.is_dir() else {path.with_suffix(".py")}
    return own


def _phase_names() -> set[str]:
    """Every decision phase of every game, from the games' flows (not a hand list)."""
    return {phase for game in GAMES.values() for phase in import_module(f"{game.package}.flow").FLOW.phases}


# What generic code may still compare, each with its reason: (path, literal) -> why.
ALLOWED = {
    ("dune_tui/sim.py", "alliance"): "a Result's reason (the first game's alliance win), not the phase: the sim's "
                                     "report counts the first game's win reasons",
}


def _literals(node):
    """The string constants a comparison's operand is, or holds (`x in ("a", "b")`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for element in node.elts:
            yield from _literals(element)


def _name_tests(path: Path, names: set[str]):
    """(literal, line) of each comparison in `path` against one of `names` (==, !=, in, is, match-case), and
    (rules_name, line) for each use of the registry's late `rules_name`."""
    for node in ast.walk(ast.parse(path.read_text())):
        operands = [node.left, *node.comparators] if isinstance(node, ast.Compare) else \
            [node.value] if isinstance(node, ast.MatchValue) else []
        for operand in operands:
            for literal in _literals(operand):
                if literal.value in names:
                    yield literal.value, literal.lineno
        if getattr(node, "id", getattr(node, "attr", None)) == "rules_name":
            yield "rules_name", node.lineno


def _generic_modules() -> list[Path]:
    own = _games_own_modules()
    return [p for p in sorted([*ROOT.glob("dune_tui/**/*.py"), *ROOT.glob("ai/**/*.py")]) if p not in own]


def test_generic_code_compares_no_game_name_and_no_phase():
    """Every module of the product (dune_tui/, ai/) but a game's own (its record's engine, board, bots and save
    schema) asks the record or a verb (`is_simultaneous`, `public_note`, `options_from`, the search's `at_once`...)
    instead of comparing a game's name or any game's phase name, and never calls `rules_name`.  The lab and the
    benchmarks are experiments on one game each, outside the product."""
    names = set(GAMES) | _phase_names()
    found = {(str(path.relative_to(ROOT)), literal, line)
             for path in _generic_modules() for literal, line in _name_tests(path, names)}
    unexplained = sorted(f"{path}:{line} compares {literal!r}" for path, literal, line in found
                         if (path, literal) not in ALLOWED)
    assert not unexplained, "\n".join(unexplained)
    stale = set(ALLOWED) - {(path, literal) for path, literal, _ in found}
    assert not stale, f"allowed but no longer compared (remove from ALLOWED): {sorted(stale)}"


def test_the_guard_sees_what_it_guards(tmp_path):
    """The scan knows both games' phases from their flows, leaves each game's own modules out, and finds a name
    test where one is written."""
    phases = _phase_names()
    assert {"commit", "roll", "setup_prediction", "predict", "wormride", "storm"} <= phases
    generic = {str(p.relative_to(ROOT)) for p in _generic_modules()}
    assert {"dune_tui/controller.py", "dune_tui/table/table.py", "ai/mcts.py", "ai/advice.py",
            "dune_tui/net/views.py", "dune_tui/saves/store.py", "dune_tui/games/registry.py"} <= generic
    assert not any(p.startswith(("dune_tui/games/dune/", "ai/games/express/", "dune_tui/ui/games/dune/"))
                   for p in generic)
    assert "dune_tui/saves/games/dune.py" not in generic and "ai/games/__init__.py" in generic
    probe = tmp_path / "probe.py"
    probe.write_text('if s.phase == "commit" or rules in ("x", "express"):\n    match p:\n'
                     '        case "storm":\n            rules_name(o)\n')
    assert sorted(_name_tests(probe, set(GAMES) | phases)) == \
        [("commit", 1), ("express", 1), ("rules_name", 4), ("storm", 3)]


@pytest.mark.parametrize("argv, message", [
    (["sim", "--rules", "express", "--face-dancers", "spice"], "--faction-choice and --face-dancers are the options "
                                                               "of --rules dune (Dune: The Dice Game) only"),
    (["sim", "--variant", "houses"], "--variant is for --rules express (Dune Express) only"),
])
def test_sim_refuses_another_games_parameter_as_new_does(argv, message, capsys):
    from dune_tui.cli import main

    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_the_sim_deals_each_game_its_own_sides():
    from dune_tui.sim import deal

    assert all(3 not in deal(2, seed, "express", {"variant": "houses"}) for seed in range(20))  # X3: no Bene Gesserit
    assert len(set(deal(8, 1))) == 8 and len(deal(6, 4, "express")) == 6
