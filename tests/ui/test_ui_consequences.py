"""Decide knowing what it does (issue 27): the decision panel says, at the moment of the decision, where the
storm goes, what the Kanly weapon cannot reach, what an ally lends, the spice left after a landing; a count lands
several troops; and a key typed for the last question never answers the next one."""

from __future__ import annotations

import pytest
from ui_helpers import HUMAN, bot, human_waiting, make_app, pilot_test, screen_text, until

from dune_tui.controller import Controller
from dune_tui.games.dune import Options, apply
from dune_tui.games.dune.data import (
    ARRAKEEN,
    ATREIDES,
    BENE_GESSERIT,
    CARTHAG,
    CORRINO,
    FREMEN,
    GREAT_FLAT,
    GUILD,
    HARKONNEN,
    POISON,
    POLAR_SINK,
    SIETCH_TABR,
    TUEKS_SIETCH,
)
from dune_tui.session import Session
from dune_tui.ui.games.dune.words import FIRST_GAME
from dune_tui.ui.widgets.choices import group
from dune_tui.ui.widgets.decision import DecisionPanel
from tests.engine.scenario import position, roll, start_at

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def at(state) -> Session:
    """A game at a scenario position, the first seat a human at the keyboard, the others random bots."""
    options = Options(players=state.n, seed=0, factions=state.options.factions)
    controller = Controller(options)
    controller.state = state
    state.events = []
    return Session(options, [HUMAN] + [bot() for _ in range(state.n - 1)], controller, bots_secret=options.seed)


def rolling() -> Session:
    """Atreides roll: the storm in zone 2 and a West region die (a 2) showing with a storm spice (4)."""
    state = position((ATREIDES, HARKONNEN), storm=2, troops={SIETCH_TABR: {ATREIDES: 2, HARKONNEN: 1}})
    roll(state, (ATREIDES, HARKONNEN, ATREIDES, HARKONNEN), region=2, spice=4)
    state.kept = 0
    state.awaiting = (state.active,)
    return at(state)


def kanly() -> Session:
    troops = {CARTHAG: {HARKONNEN: 1}, SIETCH_TABR: {FREMEN: 1}, POLAR_SINK: {BENE_GESSERIT: 1, CORRINO: 1}}
    state = position((ATREIDES, HARKONNEN, FREMEN, CORRINO, BENE_GESSERIT), storm=6, troops=troops,
                     snooper=HARKONNEN)
    roll(state, kanly=POISON)
    start_at(state, "kanly")
    return at(state)


def landing() -> Session:
    state = position((ATREIDES, HARKONNEN), card={ATREIDES: 3}, troops={ARRAKEEN: {ATREIDES: 1}})
    roll(state, region=6, spice=3)
    start_at(state, "landing")
    return at(state)


def alliance() -> Session:
    state = position((ATREIDES, HARKONNEN, FREMEN, CORRINO, GUILD), store={CORRINO: 3},
                     troops={GREAT_FLAT: {ATREIDES: 1}})
    roll(state, (HARKONNEN, FREMEN, CORRINO, GUILD), spice=2)
    start_at(state, "alliance")
    return at(state)


def constructing() -> Session:
    """Atreides took Sietch Tabr, where the storm ends this turn (zone 4, an East region die of 3)."""
    state = position((ATREIDES, HARKONNEN), storm=4, troops={SIETCH_TABR: {ATREIDES: 1}, GREAT_FLAT: {ATREIDES: 2}})
    roll(state, region=3, spice=4)
    start_at(state, "movement")
    apply(state, state.active, ("target", SIETCH_TABR))
    apply(state, state.active, ("done",))
    return at(state)


async def shown(pilot) -> str:
    await until(pilot, lambda: human_waiting(pilot.app))
    await pilot.pause()
    return screen_text(pilot.app)


@pytest.mark.slow
@pilot_test
async def test_marking_the_spice_and_region_dice_forecasts_the_storm_and_its_losses():
    app = make_app(rolling(), resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Spice and storm: keep the spice die to see." in await shown(pilot)
        await pilot.press("6")  # the spice die: a 4, the storm moves, its way is the region die's
        await pilot.pause()
        assert "Storm: moves at the end of the turn" in screen_text(app)
        await pilot.press("5")  # the region die: 2, West
        await pilot.pause()
        text = screen_text(app)
        assert "Spice: 4." in text and "Storm → zone 3 West (Sietch Tabr): you lose 1" in text


@pilot_test
async def test_the_kanly_panel_says_whom_the_poison_cannot_reach():
    app = make_app(kanly(), resumed=True)
    async with app.run_test(size=(120, 40)) as pilot:
        text = await shown(pilot)
        assert "Poison cannot reach: Harkonnen (Snooper), Bene Gesserit (immune)." in text
        assert "Remove a Fremen troop from Sietch Tabr" in text


@pilot_test
async def test_each_proposal_says_what_the_allys_ability_gives_this_turn():
    app = make_app(alliance(), resumed=True)
    async with app.run_test(size=(120, 40)) as pilot:
        text = await shown(pilot)
        assert "Propose to the Corrino · CHOAM: up to 3 stored spice" in text
        assert "Worm Riding: no Shai-Hulud this turn" in text


@pytest.mark.slow
@pilot_test
async def test_an_alliance_says_what_it_changes_and_the_win_the_allies_would_share():
    """Issue 45: the proposal's panel says what an ally is this turn; the side asked, what accepting gives it (its
    dice, no battle, the win shared and how near it is: Atreides and Harkonnen hold Great Flat between them)."""
    app = make_app(alliance(), resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await shown(pilot)
        assert "Allies this turn: no battle, its dice recruit" in text and "win together in 4 strategic" in text
    state = position((ATREIDES, HARKONNEN, FREMEN, CORRINO, GUILD),
                     troops={ARRAKEEN: {ATREIDES: 1}, CARTHAG: {HARKONNEN: 1}, TUEKS_SIETCH: {FREMEN: 1}})
    roll(state, (HARKONNEN, FREMEN, CORRINO, GUILD), spice=2)
    start_at(state, "alliance")
    apply(state, state.active, ("propose", HARKONNEN, HARKONNEN))
    game = at(state)
    asked = state.awaiting[0]
    game.seats = [HUMAN if seat == asked else bot() for seat in range(state.n)]
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await shown(pilot)
        assert "Allied: no battle, your dice recruit; win" in text and "strategic regions (2 now)." in text
        assert "1 Accept" in text and "2 Decline" in text, "the options stay in sight at 80×24"


@pilot_test
async def test_each_construction_says_what_it_does():
    app = make_app(constructing(), resumed=True)
    async with app.run_test(size=(120, 40)) as pilot:
        text = await shown(pilot)
        assert "Build a Harvester · +2 spice each turn" in text


@pilot_test
async def test_a_landing_counts_troops_and_says_the_spice_left():
    game = landing()
    app = make_app(game, resumed=True)
    async with app.run_test(size=(120, 40)) as pilot:
        text = await shown(pilot)
        assert "Spice left to land with: 3." in text
        assert "Land 1 Atreides in Arrakeen · 2 left ◀ ▶" in text
        choices = app.screen.query_one("#choices")
        choices.highlighted = next(i for i, c in enumerate(choices.shown) if c.key == ("land", ATREIDES, ARRAKEEN))
        await pilot.press("right", "right")
        await pilot.pause()
        assert "Land 3 Atreides in Arrakeen · 0 left" in screen_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: game.state.phase != "land")
        assert game.state.troops_of(ARRAKEEN, ATREIDES) == 4 and game.state.card[ATREIDES] == 0


@pytest.mark.slow
@pilot_test
async def test_a_construction_warns_of_the_storm_over_the_target():
    app = make_app(constructing(), resumed=True)
    async with app.run_test(size=(120, 40)) as pilot:
        text = await shown(pilot)
        assert "Build a construction in Sietch Tabr?" in text
        assert "The storm hits Sietch Tabr this turn: a Fortification would shelter" in text
        assert "Build a Fortification · shelters the troops from the storm" in text
        assert "Build an Ornithopter · the storm destroys it" in text


def test_movement_targets_are_listed_in_map_order():
    legal = [("target", SIETCH_TABR), ("target", POLAR_SINK), ("target", GREAT_FLAT), ("target", TUEKS_SIETCH)]
    assert [c.key[1] for c in group(legal, None, FIRST_GAME)] == [GREAT_FLAT, SIETCH_TABR, TUEKS_SIETCH, POLAR_SINK]


@pytest.mark.slow
@pilot_test
async def test_a_key_pressed_as_a_new_question_appears_does_not_answer_it(monkeypatch):
    """The roll ends; the next question (recruiting) comes at once: a '1' typed right then, meant for the roll,
    is not applied to it.  Once the guard is over, the same key answers."""
    monkeypatch.setattr(DecisionPanel, "GUARD", 3600.0)  # a guard that outlasts the test: nothing here is timed
    game = rolling()
    app = make_app(game, resumed=True)
    async with app.run_test(size=(120, 40)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        await until(pilot, lambda: human_waiting(app))
        assert not panel.guarded  # the first question has no guard: no key was typed for an earlier one
        await pilot.press("a")  # keep all: the roll ends, the recruitment is asked (a new question)
        await until(pilot, lambda: app.screen.current is not None and app.screen.current.phase != "roll")
        request, decisions = app.screen.current, len(game.log)
        assert panel.guarded and app.focused is None
        await pilot.press("1")
        await pilot.pause()
        assert len(game.log) == decisions and app.screen.current is request
        panel._end_guard()
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("1")
        await until(pilot, lambda: len(game.log) > decisions)
        assert game.log[-1].action == request.legal[0]


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_storm_forecast(snap_compare, size):
    async def run_before(pilot) -> None:
        await shown(pilot)
        await pilot.press("5", "6")
        await pilot.pause()

    assert snap_compare(make_app(rolling(), resumed=True), terminal_size=size, run_before=run_before)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_kanly_immunities(snap_compare, size):
    async def run_before(pilot) -> None:
        await shown(pilot)

    assert snap_compare(make_app(kanly(), resumed=True), terminal_size=size, run_before=run_before)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_landing_count(snap_compare, size):
    async def run_before(pilot) -> None:
        await shown(pilot)
        await pilot.press("down", "right")
        await pilot.pause()

    assert snap_compare(make_app(landing(), resumed=True), terminal_size=size, run_before=run_before)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_construction_under_the_coming_storm(snap_compare, size):
    async def run_before(pilot) -> None:
        await shown(pilot)

    assert snap_compare(make_app(constructing(), resumed=True), terminal_size=size, run_before=run_before)
