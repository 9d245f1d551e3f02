"""What a newcomer hit on small terminals and in the logs (issue 27): each test plays the keys and reads
the screen as the player sees it."""

from __future__ import annotations

import pytest
from ui_helpers import HUMAN, bot, human_waiting, make_app, pilot_test, play_until, screen_name, screen_text, until

from dune_tui.games.dune import Options, legal_actions
from dune_tui.games.dune.data import ATREIDES, SARDAUKAR
from dune_tui.session import Session
from dune_tui.ui.games.dune.dice import worm_forced
from dune_tui.ui.games.dune.reveal import Reveal

SEEDS = range(60)  # positions are found by what they hold, not by a seed's dice


def first_position(make, stop) -> Session:
    for seed in SEEDS:
        try:
            return play_until(make(seed), stop, seed=seed)
        except AssertionError:
            continue
    raise AssertionError("no seed reaches the wanted position")


def both_leaders_at_stake(state) -> bool:
    """The human (seat 0, Atreides) commits first to a battle and may send troops and both leaders."""
    if state.phase != "commit" or sorted(state.awaiting) != [0, 1]:
        return False
    legal = legal_actions(state, 0)
    return any(f == ATREIDES and k == 2 for a in legal for f, k in a[2]) and any(a[1] for a in legal)


def battle_with_both_leaders() -> Session:
    factions = ("atreides", "harkonnen")
    return first_position(lambda seed: Session(Options(players=2, seed=seed, factions=factions), [HUMAN, bot()],
                                               bots_secret=seed), both_leaders_at_stake)


def corrino_with_sardaukar_everywhere(state) -> bool:
    """The Corrino's card line is at its longest: Sardaukar on the card and in reserve."""
    return state.card[SARDAUKAR] > 0 and state.reserve[SARDAUKAR] > 0 and state.awaiting == (0,)


def four_houses_with_spice() -> Session:
    factions = ("atreides", "harkonnen", "corrino", "guild")
    return first_position(
        lambda seed: Session(Options(players=4, seed=seed, factions=factions), [HUMAN, bot(), bot("heuristic"),
                                                                                bot()], bots_secret=seed),
        corrino_with_sardaukar_everywhere)


def long_log() -> Session:
    """Four players in round 3, the human to decide: a log longer and wider than an 80x24 screen."""
    return first_position(lambda seed: Session(Options(players=4, seed=seed), [HUMAN, bot(), bot(), bot()],
                                               bots_secret=seed),
                          lambda state: state.round == 3 and state.awaiting == (0,))


async def until_roll(pilot) -> None:
    """Answer the human's decisions with their first option until the human rolls the dice."""
    app = pilot.app
    while True:
        await until(pilot, lambda: human_waiting(app) or screen_name(app) == "Reveal")
        if screen_name(app) == "Reveal":
            await pilot.press("enter")
        elif app.screen.current.phase == "roll":
            return
        else:
            await pilot.press("enter")


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


# ------------------------------------------------------------------------- bug 4
@pytest.mark.slow
@pilot_test
async def test_dice_keys_answer_again_after_the_terminal_was_too_small_during_a_roll():
    app = make_app(Session(Options(players=2, seed=8), [HUMAN, bot()], bots_secret=8))
    async with app.run_test(size=(80, 24)) as pilot:
        await until_roll(pilot)
        await pilot.resize_terminal(60, 18)
        await pilot.pause()
        assert "too small" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: "1-7 Mark" in footer(app), what="the footer back")
        await pilot.press("1")
        await pilot.pause()
        assert "●keep" in screen_text(app), "die 1 is marked on the tray"
        assert "Keep " in screen_text(app)


# ------------------------------------------------------------------- friction: wording
@pytest.mark.slow
@pilot_test
async def test_the_tray_counts_one_more_roll_in_the_singular():
    app = make_app(Session(Options(players=2, seed=8), [HUMAN, bot()], bots_secret=8))
    async with app.run_test(size=(120, 40)) as pilot:  # the roomy tray says it in words (80x24: "rerolls: up to 1")
        await until_roll(pilot)
        assert "up to 6 more rolls." in screen_text(app)
        forced = worm_forced(app.screen.current.view)  # the worm is marked already: mark one die less
        await pilot.press(*"1234"[:3 if forced else 4], "5", "r")  # keep five dice, reroll two
        await until(pilot, lambda: "5 kept, 2 left" in screen_text(app), what="two dice left")
        assert "up to 1 more roll." in screen_text(app)


# ------------------------------------------------------------------------- bug 5
@pilot_test
async def test_the_full_log_wraps_long_lines_at_80_columns():
    app = make_app(long_log(), resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        last = app.screen.query_one("#log").lines_written[-6:]
        assert max(len(line) for line in last) > 80, "the log ends with a line wider than the screen"
        await pilot.press("v")
        await until(pilot, lambda: screen_name(app) == "LogScreen")
        await pilot.pause()
        log = app.screen.query_one("#full-log")
        assert not log.show_horizontal_scrollbar
        assert log.virtual_size.width <= log.scrollable_content_region.width
        shown = " ".join(screen_text(app).replace("│", " ").split())
        for line in last:  # the full log opens at its end: every word of the last lines is on screen
            assert " ".join(line.split()) in shown, line


# ---------------------------------------------------------------- frictions: log keys
@pytest.mark.slow
@pilot_test
async def test_escape_leaves_the_full_log_and_the_focused_game_log():
    app = make_app(Session(Options(players=2, seed=8), [HUMAN, bot()], bots_secret=8))
    async with app.run_test(size=(80, 24)) as pilot:
        await until_roll(pilot)
        await pilot.press("v")
        await until(pilot, lambda: screen_name(app) == "LogScreen" and "esc Back" in footer(app), what="the log")
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "GameScreen")
        await pilot.press("l")
        assert app.focused.id == "log"
        await pilot.press("escape")
        assert app.focused.id == "dice-form"


@pytest.mark.slow
@pilot_test
async def test_digits_typed_while_the_game_log_has_focus_say_why_nothing_happened():
    app = make_app(Session(Options(players=2, seed=8), [HUMAN, bot()], bots_secret=8))
    async with app.run_test(size=(80, 24)) as pilot:
        await until_roll(pilot)
        await pilot.press("l", "1", "2")
        await pilot.pause()
        notes = [str(n.message) for n in app._notifications]  # toasts (run_test does not draw them)
        assert len(notes) == 1 and "The log has the keys" in notes[0] and "press l or Esc" in notes[0], notes
        assert "●keep" not in screen_text(app)
        await pilot.press("l", "1")
        await pilot.pause()
        assert "●keep" in screen_text(app)


# ------------------------------------------------------------------------- bug 6
@pytest.mark.parametrize("size", [(80, 24), (78, 22)])
@pilot_test
async def test_the_commit_total_and_the_whole_footer_show_on_small_terminals(size):
    app = make_app(battle_with_both_leaders(), resumed=True)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("m")  # every troop and both leaders
        await pilot.pause()
        assert "(strength " in screen_text(app), size
        assert "Seal commit" in footer(app) and "? Help" in footer(app), size
        assert " m All " in footer(app) and " h Hint " in footer(app), size  # keys stay apart when closed up
        await pilot.press("down")  # the leaders' row: in sight with the cursor, one line, the total too
        await pilot.pause()
        assert "▶ ◀ 2 ▶ Leto, Duncan Idaho (one 3, both 5)" in screen_text(app), size
        assert "(strength " in screen_text(app), size
        await pilot.press("0")
        await pilot.pause()
        assert "= nothing (strength 0)" in screen_text(app), size


# ------------------------------------------------------------------------- bug 9
@pilot_test
async def test_the_house_cards_keep_the_spice_figure_at_78x22():
    app = make_app(four_houses_with_spice(), resumed=True)
    async with app.run_test(size=(78, 22)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        lines = screen_text(app).splitlines()
        for letter in "CG":  # the two houses that store spice
            card = next(line for line in lines if f"{letter} {'Corrino' if letter == 'C' else 'Guild'}" in line)
            assert "$" in card, card
        corrino = next(line for line in lines if "C Corrino" in line)
        assert "s R" in corrino and "…" not in corrino, corrino  # Sardaukar on the card, nothing cut


# ------------------------------------------------------------------- friction: reveal
@pytest.mark.slow
@pilot_test
async def test_the_battle_reveal_leaves_the_board_in_sight_and_a_key_skips_it():
    app = make_app(battle_with_both_leaders(), resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("m", "enter")
        await until(pilot, lambda: screen_name(app) == "Reveal")
        await pilot.pause()
        text = screen_text(app)
        assert "the commits are revealed" in text
        assert "Arrakis" in text and "Polar Sink" in text, "the map stays in sight"
        event = app.screen.event.data
        assert ("tie" in text) == (event.attack == event.defence)
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) != "Reveal")


# ------------------------------------------------------------------------ snapshots
def snapshot_sizes(*sizes):
    return pytest.mark.parametrize("size", [pytest.param(s, id=f"{s[0]}x{s[1]}") for s in sizes])


@snapshot_sizes((80, 24), (78, 22))
def test_snapshot_commit_with_both_leaders(snap_compare, size):
    async def run_before(pilot) -> None:
        await until(pilot, lambda: human_waiting(pilot.app))
        await pilot.press("m", "down")
        await pilot.pause()

    assert snap_compare(make_app(battle_with_both_leaders(), resumed=True), terminal_size=size, run_before=run_before)


def test_snapshot_house_cards_at_78x22(snap_compare):
    async def run_before(pilot) -> None:
        await until(pilot, lambda: human_waiting(pilot.app))
        await pilot.pause()

    assert snap_compare(make_app(four_houses_with_spice(), resumed=True), terminal_size=(78, 22),
                        run_before=run_before)


@snapshot_sizes((80, 24), (120, 40))
def test_snapshot_battle_reveal(snap_compare, size):
    """The reveal of the human's last battle over the human's next decision (a board that holds still)."""
    game = play_until(battle_with_both_leaders(), lambda state: state.awaiting == (0,) and state.phase != "commit")
    reveal = next(e for e in reversed(game.history) if e.kind == "reveal")

    async def run_before(pilot) -> None:
        await until(pilot, lambda: human_waiting(pilot.app))
        pilot.app.push_screen(Reveal(reveal))
        await until(pilot, lambda: screen_name(pilot.app) == "Reveal")
        await pilot.pause()

    assert snap_compare(make_app(game, resumed=True), terminal_size=size, run_before=run_before)


@pytest.mark.slow
def test_snapshot_full_log_at_80x24(snap_compare):
    async def run_before(pilot) -> None:
        await until(pilot, lambda: human_waiting(pilot.app))
        await pilot.press("v")
        await until(pilot, lambda: screen_name(pilot.app) == "LogScreen")
        await pilot.pause()

    assert snap_compare(make_app(long_log(), resumed=True), terminal_size=(80, 24), run_before=run_before)


@pilot_test
async def test_the_main_menus_footer_shows_every_key_and_help_at_80_columns():
    """Found by a newcomer: with the lobby's two items the footer ran out at "h Host a": Rules, Quit and `? Help`
    were off the screen at 80x24 though the README says the footer shows the keys."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "c Continue" in footer(app), what="the footer")
        for key in ("n New", "e Learn", "c Continue", "l Load", "y Games", "t Tables", "h Host", "r Rules", "q Quit",
                    "? Help"):
            assert key in footer(app), footer(app)
