"""The game contract (dune_tui/games/base.py, docs/ARCHITECTURE.md "What a game provides"), checked the same way
for every registered game: its package answers every verb (stating what it must, the defaults the rest); errors
leave the state alone; a view hides the dice and cannot be played on; determinize makes it playable again; a game
replays from its options and decisions; every prompt, action and event reads as English.  What only one game can
show (a sealed commit, the Bene Gesserit's prediction) is in its own tests (tests/engine/, tests/express/)."""

from __future__ import annotations

import random
from importlib import import_module

import msgspec
import pytest

from dune_tui.games import GAMES, base

PROGRAM_GAMES = tuple(GAMES)
GAME_NAMES = (*PROGRAM_GAMES, "toy")  # and Toy Dice (tests/toy/), registered for its tests as it declares itself


@pytest.fixture(autouse=True)
def _toy_registered(request):
    """For a test of "toy": Toy Dice registered in the core registry and each layer's table, then taken out."""
    if getattr(request.node, "callspec", None) is None or request.node.callspec.params.get("name") != "toy":
        yield
        return
    from dune_tui.ai import games as ai_games
    from dune_tui.saves import games as saves_games
    from dune_tui.ui import games as ui_games
    from tests import toy

    tables = (GAMES, ui_games.PACKAGES, ai_games.BOTS, saves_games.SCHEMAS)
    before = [dict(t) for t in tables]
    toy.register()
    yield
    for table, was in zip(tables, before, strict=True):
        table.clear()
        table.update(was)


def _options(game, players: int, seed: int, varied: bool = False):
    """The options of a game of `players` (or as near as the game allows) at its parameters' defaults, or
    (`varied`) each parameter with choices at its last."""
    chosen = {name: p.choices[-1] for name, p in game.engine.PARAMETERS.items() if varied and p.choices}
    return game.engine.options_from(min(max(players, min(game.players)), max(game.players)), seed, **chosen)


def _fields(state) -> list:
    return [getattr(state, name) for name in type(state).FIELDS]


def _random_game(engine, options, rng, stop=None):
    """Play `options` with random decisions: (state, log); `stop(state)` may end it early."""
    state = engine.new_game(options)
    log = []
    while not state.over and not (stop and stop(state)):
        seat = rng.choice(state.to_move)
        action = rng.choice(engine.legal_actions(state, seat))
        engine.apply(state, seat, action)
        log.append((seat, action))
    return state, log


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_answers_the_whole_contract_stating_what_it_must(name):
    engine = GAMES[name].engine
    for verb in base.CONTRACT:
        assert hasattr(engine, verb), verb
    for verb in base.REQUIRED:
        assert verb in vars(engine), f"{name} must state {verb}"
    assert callable(GAMES[name].describe.prompt) and callable(GAMES[name].describe.action_text)


def test_a_game_that_states_only_what_it_must_gets_the_defaults():
    engine = GAMES["express"].engine  # it states neither a simultaneous decision nor a note beside the board
    assert "is_simultaneous" not in vars(engine) and "public_note" not in vars(engine)
    state = engine.new_game(_options(GAMES["express"], 3, 1))
    assert engine.is_simultaneous(state) is False and engine.public_note(state) is None
    assert engine.DEFAULT_WINNER is None and engine.as_action(["a", [1]]) == ("a", (1,))
    first = GAMES["dune"].engine  # no end by agreement: the default's
    assert "AGREE_END" not in vars(first) and first.AGREE_END is None
    assert first.end_offered(first.new_game(_options(GAMES["dune"], 2, 1)), 0) is False
    with pytest.raises(AttributeError, match="has no attribute 'no_such_verb'"):
        engine.no_such_verb  # noqa: B018


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_same_seed_and_decisions_replay_the_same_events_and_state(name):
    game = GAMES[name]
    engine = game.engine
    options = _options(game, max(game.players) - 1, 2024, varied=True)  # the first game: choose, spice
    state, log = _random_game(engine, options, random.Random(8))
    first, again = engine.new_game(options), engine.new_game(options)
    assert [e.text for e in engine.opening_events(first)] == [e.text for e in engine.opening_events(again)]
    for seat, action in log:
        assert engine.apply(first, seat, action) == engine.apply(again, seat, action)
    assert _fields(again) == _fields(state) == _fields(first)
    assert state.over and again.result == state.result


@pytest.mark.parametrize("name", GAME_NAMES)
def test_opening_events_are_given_once(name):
    engine = GAMES[name].engine
    state = engine.new_game(_options(GAMES[name], 3, 1))
    assert engine.opening_events(state) and engine.opening_events(state) == []


@pytest.mark.parametrize("name", GAME_NAMES)
def test_an_illegal_action_raises_and_leaves_the_state_unchanged(name):
    engine = GAMES[name].engine
    state = engine.new_game(_options(GAMES[name], 3, 11))
    seat = state.to_move[0]
    legal = engine.legal_actions(state, seat)
    before = _fields(state)
    mistyped = [tuple(kind(a) if type(a) is int else a for a in act) for act in legal if not isinstance(act, str)
                for kind in (float, bool) if any(type(a) is int for a in act)]  # == a legal action, but not an int
    for bad in ("keep everything", ("no such action",), 7, None, ("x",) * 20, *mistyped[:4]):
        with pytest.raises(engine.IllegalAction, match=r"is not a legal .* decision now"):
            engine.apply(state, seat, bad)
    other = next(s for s in range(state.n) if s not in state.awaiting)
    waiting = ", ".join(f"seat {s + 1}" for s in state.awaiting)
    why = rf"it is not seat {other + 1}'s decision now \(waiting for {waiting}\)"
    with pytest.raises(engine.NotYourTurn, match=why):
        engine.apply(state, other, legal[0])
    for wrong in (7, -1, "0", 0.0):
        with pytest.raises(engine.NotYourTurn):
            engine.apply(state, wrong, legal[0])
    assert _fields(state) == before
    engine.apply(state, seat, msgspec.json.decode(msgspec.json.encode(legal[0])))  # JSON's lists are an action too
    assert _fields(state) != before


@pytest.mark.parametrize("name", GAME_NAMES)
def test_after_the_end_no_action_is_legal_and_the_returns_count_the_winners(name):
    game = GAMES[name]
    engine = game.engine
    state, _ = _random_game(engine, _options(game, 3, 1), random.Random(1))
    assert state.over and state.to_move == () and all(engine.legal_actions(state, s) == [] for s in range(state.n))
    with pytest.raises(engine.GameOver):
        engine.apply(state, 0, ("done",))
    sides = game.seat_sides(state)
    assert engine.returns(state) == [1.0 if side in state.result.winners else 0.0 for side in sides]
    assert engine.returns(engine.new_game(_options(game, 3, 1))) == [0.0] * state.n


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_view_has_no_generator_no_seed_and_cannot_be_played_on_until_determinized(name):
    game = GAMES[name]
    engine = game.engine
    rng = random.Random(4)
    for k in range(6):
        state, _ = _random_game(engine, _options(game, 2 + k % (max(game.players) - 1), 99 + k), rng,
                                stop=lambda s: rng.random() < 0.02)
        if state.over:
            continue
        for seat in range(state.n):
            v = engine.view(state, seat)
            assert v.rng is None and v.options.seed == 0 and v.viewer == seat
            assert state.options.seed == 99 + k and state.rng is not None  # the game itself is untouched
            assert engine.final_view(state, seat).viewer == seat
            if seat not in state.awaiting:
                continue
            assert engine.legal_actions(v, seat) == engine.legal_actions(state, seat)
            with pytest.raises(engine.HiddenInformation):
                engine.apply(v, seat, engine.legal_actions(v, seat)[0])
            d = engine.determinize(v, seed=k)
            assert d.viewer == -1 and d.rng is not None and (d.phase, d.round) == (state.phase, state.round)
            assert engine.observation_key(d, seat) == engine.observation_key(state, seat)
            engine.apply(d, d.to_move[0], engine.legal_actions(d, d.to_move[0])[0])  # it plays on


@pytest.mark.parametrize("name", GAME_NAMES)
def test_events_round_trip_typed_through_json_and_msgpack(name):
    engine = GAMES[name].engine
    state, _ = _random_game(engine, _options(GAMES[name], 4, 3), random.Random(3))
    assert state.events
    for e in state.events:
        assert msgspec.json.decode(msgspec.json.encode(e), type=engine.Event) == e
        assert msgspec.msgpack.decode(msgspec.msgpack.encode(e), type=engine.Event) == e


@pytest.mark.slow
@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_phase_has_a_prompt_and_every_action_and_event_reads_as_english(name):
    game = GAMES[name]
    engine, describe = game.engine, game.describe
    if name in PROGRAM_GAMES:  # (the toy plays without a Flow, and words its one prompt itself)
        assert set(import_module(f"{game.package}.flow").FLOW.phases) == set(describe.PROMPTS)
    rng = random.Random(2)
    for k, players in enumerate(game.players):
        state = engine.new_game(_options(game, players, k))
        texts = [e.text for e in engine.opening_events(state)]
        while not state.over:
            seat = rng.choice(state.to_move)
            assert describe.prompt(state, seat) and (name not in PROGRAM_GAMES or state.phase in describe.PROMPTS)
            acts = engine.legal_actions(state, seat)
            for a in acts:
                text = describe.action_text(state, a)
                assert text and "{" not in text and not text.startswith("(") and text != str(a), (state.phase, a)
            texts += [e.text for e in engine.apply(state, seat, rng.choice(acts))]
        assert all(t and "{" not in t and " a A" not in t and " a E" not in t for t in texts)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_games_state_is_described_once_by_its_typed_fields(name):
    """`State.TYPES` gives the slots, the lists a copy copies, and types every value a game holds."""
    game = GAMES[name]
    state_class = game.engine.State
    assert tuple(state_class.__slots__) == tuple(state_class.TYPES)
    assert set(state_class.FIELDS) == set(state_class.TYPES)
    assert all(isinstance(getattr(game.engine.new_game(_options(game, 3, 1)), n), list) for n in state_class.LISTS)
    state, _ = _random_game(game.engine, _options(game, 3, 5), random.Random(5), stop=lambda s: s.round > 2)
    for field, kind in state_class.TYPES.items():
        value = getattr(state, field)
        assert msgspec.convert(msgspec.to_builtins(value), kind) == value, field


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_wire_and_the_save_hold_the_states_fields_as_it_types_them(name):
    """The wire's view is made from `State.TYPES` (a view's `rng` None, the schema's VIEW_FIELDS); the save's
    snapshot, a versioned format written out in its schema, holds the same fields in the same order and types, but
    for its own versions of the options and the result (and a saved game's dice generator, never None)."""
    from dune_tui.net.views import wire_type
    from dune_tui.saves.schema import schema_of

    game = GAMES[name]
    types, schema = game.engine.State.TYPES, schema_of(game)
    wire = {f.name: f.type for f in msgspec.structs.fields(wire_type(name))}
    assert list(wire) == list(game.state_fields())
    assert wire == dict(types, rng=type(None), **{n: kind for n, (kind, _) in schema.VIEW_FIELDS.items()})
    saved = {f.name: f.type for f in msgspec.structs.fields(schema.Snapshot)}
    assert list(saved) == list(types)
    own = {"options", "result", "rng"}
    assert {n: t for n, t in saved.items() if n not in own} == {n: t for n, t in types.items() if n not in own}
    assert saved["options"] is schema.Options and saved["rng"] in (int, types["rng"])
    options = [f.name for f in msgspec.structs.fields(game.engine.Options)]
    assert [f.name for f in msgspec.structs.fields(schema.Options)] == options  # its fields, in the file's order
