"""Dune as an OpenSpiel game (lab/openspiel_game.py): registered, played to the end through OpenSpiel's verbs,
one information state string per information set, and OpenSpiel's ISMCTS deciding from a seat's view."""

from __future__ import annotations

import random
import time

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install -e '.[bench]')")

from dune_tui.controller import DecisionRequest  # noqa: E402
from dune_tui.games.dune import Options, apply, legal_actions, new_game, returns, view  # noqa: E402
from dune_tui.games.dune.data import BENE_GESSERIT, GUILD  # noqa: E402
from lab.openspiel_game import SHORT_NAME, IsmctsAgent, resample  # noqa: E402


def load(players: int, seed: int, factions: str = ""):
    return pyspiel.load_game(SHORT_NAME, {"players": players, "seed": seed, "factions": factions})


def request(state, seat: int) -> DecisionRequest:
    return DecisionRequest(id=1, seat=seat, phase=state.phase, prompt="", view=view(state, seat),
                           legal=tuple(legal_actions(state, seat)), sealed=state.phase == "commit")


def reach(players: int, phase: str, factions: str = "", seeds=range(100)):
    """An OpenSpiel state of a randomly played game at a decision of `phase` with a choice."""
    for seed in seeds:
        state = load(players, seed, factions).new_initial_state()
        r = random.Random(seed)
        while not state.is_terminal():
            if state.engine.phase == phase and len(state.legal_actions()) > 1:
                return state
            state.apply_action(r.choice(state.legal_actions()))
    raise LookupError(f"no {phase} decision in {players}-player random games")


def test_the_game_registers_with_its_players_and_kind():
    assert SHORT_NAME in pyspiel.registered_names()
    game = load(4, 7)
    kind = game.get_type()
    assert game.num_players() == 4
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.new_initial_state().current_player() in range(4)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_playouts_end_with_the_engines_returns(players):
    for seed in range(3):
        state = load(players, seed).new_initial_state()
        r = random.Random(seed)
        log = []
        while not state.is_terminal():
            seat = state.current_player()
            index = r.choice(state.legal_actions())
            log.append((seat, legal_actions(state.engine, seat)[index]))
            state.apply_action(index)
        # the same decisions, checked and applied by the engine itself, end the same way
        replayed = new_game(Options(players=players, seed=seed))
        for seat, action in log:
            apply(replayed, seat, action)
        assert replayed.over
        assert state.returns() == returns(replayed)
        assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_the_bene_gesserit_prediction_is_in_their_information_state_only_and_the_dice_to_come_in_none():
    state = reach(5, "roll", "atreides,fremen,corrino,guild,bg")
    other = state.clone()
    s = state.engine
    other.engine.prediction = GUILD if s.prediction != GUILD else s.seat_faction[0]
    other.engine.rng = s.rng ^ 0x5DEECE66D  # another future for the dice
    bg = s.faction_seat[BENE_GESSERIT]
    for seat in range(5):
        same = state.information_state_string(seat) == other.information_state_string(seat)
        assert same == (seat != bg)


def test_a_sealed_commit_is_in_its_own_sides_information_state_only():
    state = reach(4, "commit")
    attacker, defender = state.engine.to_move
    assert state.current_player() == attacker  # the attacker chooses first, the defender sees it sealed
    played = []
    for index in (0, len(state.legal_actions()) - 1):
        after = state.clone()
        after.apply_action(index)
        assert after.current_player() == defender
        played.append(after)
    a, b = played
    assert a.information_state_string(defender) == b.information_state_string(defender)
    assert a.information_state_string(attacker) != b.information_state_string(attacker)


@pytest.mark.parametrize("side", [0, 1])
def test_the_resampler_keeps_the_seats_information_state_and_its_turn(side):
    state = reach(4, "commit")
    if side:
        state.apply_action(0)  # the defender, facing a sealed commit
    seat = state.current_player()
    seen = view(state.engine, seat)
    game = state.get_game()
    for seed in range(5):
        sampled = game.wrap(resample(seen, seat, seed))
        assert sampled.current_player() == seat
        assert sampled.information_state_string(seat) == state.information_state_string(seat)
        assert sampled.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("phase", ["roll", "commit", "land"])
@pytest.mark.parametrize("rollouts", ["random", "heuristic"])
def test_ismcts_answers_a_request_from_the_seats_view(phase, rollouts):
    state = reach(4, phase)
    seat = state.current_player()
    agent = IsmctsAgent(state.get_game(), seed=3, seconds=None, iters=12, rollouts=rollouts)
    action = agent.decide(request(state.engine, seat))
    assert action in legal_actions(state.engine, seat)
    assert agent.last_iterations == 12


def test_ismcts_stops_searching_when_its_time_is_up():
    state = reach(2, "roll")
    seat = state.current_player()
    agent = IsmctsAgent(state.get_game(), seed=3, seconds=0.05)
    start = time.perf_counter()
    assert agent.decide(request(state.engine, seat)) in legal_actions(state.engine, seat)
    assert time.perf_counter() - start < 2.0  # 0.05 s and one simulation past it, with room for a busy machine
    assert agent.last_iterations >= 2  # the first simulation only expands the root


def test_ismcts_searches_past_its_time_until_the_root_has_a_visited_child():
    state = reach(2, "roll")
    seat = state.current_player()
    agent = IsmctsAgent(state.get_game(), seed=3, seconds=0.0, rollouts="heuristic")
    assert agent.decide(request(state.engine, seat)) in legal_actions(state.engine, seat)
    assert agent.last_iterations == 2
