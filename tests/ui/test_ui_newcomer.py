"""What a newcomer still found unclear in the first game's screen (issue 45's follow-ups), each at 80×24 where
it was found: the options of a decision stay in sight under the lines that explain it; the kept dice, set apart
on the left, no longer show a number that is not their key; a construction's question says what its options do;
a die showing a faction nobody plays says it does nothing; the cards' letters have a legend; the Kanly says which
targets are your own."""

from __future__ import annotations

from test_ui_consequences import at, rolling, shown
from ui_helpers import human_waiting, make_app, pilot_test, screen_text, until

from dune_tui.games.dune import apply
from dune_tui.games.dune.data import (
    ARRAKEEN,
    ATREIDES,
    CARTHAG,
    CORRINO,
    CRYSKNIFE,
    FORTIFICATION,
    FREMEN,
    GREAT_FLAT,
    HABBANYA_SIETCH,
    HARKONNEN,
    HARVESTER,
    ORNITHOPTER,
    SIETCH_TABR,
    TUEKS_SIETCH,
)
from dune_tui.ui.widgets.choices import ChoiceList
from tests.engine.scenario import position, roll, start_at


@pilot_test
async def test_the_lines_under_a_question_leave_every_option_in_sight_at_80x24():
    """Two proposals whose hints take two rows each: the alliance's line (two rows at 80 columns) is cut to one,
    and all three options show (before, the last option scrolled below the panel)."""
    state = position((ATREIDES, HARKONNEN, FREMEN, CORRINO), store={CORRINO: 3}, troops={GREAT_FLAT: {ATREIDES: 1}})
    roll(state, (HARKONNEN, CORRINO, HARKONNEN, CORRINO), spice=2)
    start_at(state, "alliance")
    app = make_app(at(state), resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await shown(pilot)
        choices = app.screen.query_one(ChoiceList)
        assert len(choices.shown) == 3 and choices.max_scroll_y == 0, text
        assert "1 No alliance" in text and "2 Propose to the Harkonnen" in text and "3 Propose to the Corrino" in text
        assert "Allies this turn: no battle" in text and "…" in text, text  # the line, cut to one row


@pilot_test
async def test_after_a_reroll_the_form_names_the_keys_of_the_dice_still_rolled():
    """Dice 3 and 6 kept stand first on the tray: they carry no number, and the form says which keys mark dice."""
    game = rolling()
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        await pilot.press("3", "6", "r")
        await until(pilot, lambda: game.state.kept and human_waiting(app), what="the second roll asked")
        text = await shown(pilot)
        assert "Mark dice to keep with keys 1 2 4 5 7" in text, text
        tray = next(line for line in text.splitlines() if "kept:" in line)  # the dice's top row
        assert tray.startswith("╭✓kept───╮╭✓kept───╮┊╭1") and "╭3" not in tray and "╭6" not in tray, text


@pilot_test
async def test_a_held_construction_is_kept_or_demolished_not_rebuilt():
    """The Harvester in the target, no other kind left in the pool: the options were Pass and Demolish under
    "Rebuild the Harvester?"; now the question and the options say keep or demolish."""
    built = {SIETCH_TABR: HARVESTER, ARRAKEEN: FORTIFICATION, CARTHAG: FORTIFICATION,
             TUEKS_SIETCH: ORNITHOPTER, HABBANYA_SIETCH: ORNITHOPTER}
    state = position((ATREIDES, HARKONNEN), storm=4, troops={SIETCH_TABR: {ATREIDES: 1}, GREAT_FLAT: {ATREIDES: 2}},
                     constructions=built)
    roll(state, region=3, spice=4)
    start_at(state, "movement")
    apply(state, state.active, ("target", SIETCH_TABR))
    apply(state, state.active, ("done",))
    assert state.phase == "construct"
    app = make_app(at(state), resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await shown(pilot)
        assert "Keep the Harvester in Sietch Tabr or demolish" in text and "Rebuild" not in text, text
        assert "1 Keep the Harvester" in text and "2 Demolish it" in text, text


@pilot_test
async def test_dice_showing_factions_nobody_plays_say_they_do_nothing():
    state = position((ATREIDES, HARKONNEN), storm=2, troops={SIETCH_TABR: {ATREIDES: 2, HARKONNEN: 1}})
    roll(state, (ATREIDES, CORRINO, ATREIDES, FREMEN), region=2, spice=4)
    state.kept = 0
    state.awaiting = (state.active,)
    app = make_app(at(state), resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await shown(pilot)
        faces = next(line for line in text.splitlines() if "╰faction─╯" in line)  # the dice's bottom row
        assert faces.startswith("╰faction─╯╰absent──╯╰faction─╯╰absent──╯╰region"), text
        assert "Fremen, Corrino: not in this game; these dice" in text and "do nothing." in text, text


@pilot_test
async def test_the_one_line_house_cards_have_a_legend_of_their_letters():
    """`L0 T0 R12` was explained only at Recruitment: under the one-line cards (80×24) a legend says it; the roomy
    cards (120×40) spell the words out and have none."""
    app = make_app(rolling(), resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await shown(pilot)
        assert " L0 T0 R" in text and "L leaders, T troops on card" in text and "R reserve, $ stored" in text
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: "reserve " in screen_text(app) and "L leaders," not in screen_text(app),
                    what="the roomy cards, without the legend")


@pilot_test
async def test_the_kanly_says_which_troops_are_your_own():
    """R7: the Kanly may remove any troop on the map, one's own too: the option says it is yours and why."""
    state = position((ATREIDES, HARKONNEN), storm=6, troops={CARTHAG: {HARKONNEN: 1}, SIETCH_TABR: {ATREIDES: 1}})
    roll(state, kanly=CRYSKNIFE)
    start_at(state, "kanly")
    app = make_app(at(state), resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await shown(pilot)
        assert "Remove a Harkonnen troop from Carthag" in text, text
        assert "Remove an Atreides troop from Sietch Tabr ·" in text, text
        assert "yours: the rules allow any troop" in text, text
