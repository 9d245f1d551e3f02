"""Pilot tests of the game's flows: menu to new game, a human's turns through every phase,
bots' pause and skip, quitting (asked, saved) and resuming, loading, the rules and help screens."""

from __future__ import annotations

import pytest
from ui_helpers import (
    HUMAN,
    answer,
    bot,
    human_waiting,
    make_app,
    pilot_test,
    play_until,
    screen_name,
    screen_text,
    session,
    until,
)

from dune_tui import saves
from dune_tui.games.dune.data import FACTION_NAMES
from dune_tui.ui.screens.new_game import seat_choices

TURN_PHASES = {"roll", "alliance", "recruit", "kanly", "land", "target", "move", "commit", "construct"}


@pytest.mark.slow
@pilot_test
async def test_new_game_from_the_main_menu_starts_a_game_with_the_chosen_seats():
    app = make_app(pause=2.0)  # all five seats bots: at no pause the game could end before its screen is read
    async with app.run_test(size=(80, 24)) as pilot:
        assert screen_name(app) == "MainMenu"
        assert "New game" in screen_text(app)
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "NewGameScreen")
        await pilot.press("right")  # 4 -> 5 players
        await pilot.press("down", "right")  # seat 1: human -> the first bot level
        await pilot.press("down", "left", "left")  # seat 2: the default bot, a human, then round to the last choice
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "GameScreen")
        game = app.screen
        assert game.table.session.options.players == 5
        assert not game.table.session.seats[0].is_human
        last = seat_choices()[-1]  # issue 41: this was `len(humans()) >= 0`; one `left` made seat 2 a human
        assert [s.agent for s in game.table.session.seats] == ["heuristic", last, "heuristic", "heuristic", "heuristic"]
        assert not game.table.session.humans()
        assert game.table.session.state.n == 5


@pilot_test
async def test_new_game_refuses_bad_options_with_a_sentence():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "NewGameScreen")
        screen = app.screen
        screen.query_one("#seed").value = "-"  # not a number: the game says so instead of starting
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "NewGameScreen"
        assert "Cannot start" in screen_text(app)


@pytest.mark.slow
@pilot_test
async def test_a_human_plays_turns_through_every_phase_by_keys():
    """4 players (alliances need 4+, R5): the human marks dice, proposes, recruits, lands, moves, fights, builds."""
    game = session(4, seed=15)
    app = make_app(game)
    seen: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            await until(pilot, lambda: human_waiting(app) or screen_name(app) in ("GameOverScreen", "Reveal"))
            if screen_name(app) == "Reveal":
                await pilot.press("enter")
                continue
            if screen_name(app) == "GameOverScreen" or seen >= TURN_PHASES:
                break
            request = app.screen.current
            seen.add(request.phase)
            assert f"[{FACTION_NAMES[game.state.seat_faction[0]][0]}]" in screen_text(app)
            if request.phase == "roll":
                await pilot.press("1", "r") if ("keep", 1) in request.legal else await pilot.press("a")
            elif request.phase == "commit":
                await pilot.press("m", "enter")
            else:
                await pilot.press("2" if len(request.legal) > 1 else "enter")
            await pilot.pause()
    assert seen >= TURN_PHASES, f"phases never asked: {TURN_PHASES - seen}"


@pytest.mark.slow
@pilot_test
async def test_bots_pause_between_steps_and_s_skips_ahead():
    game = session(3, seed=11)  # seat 3 (a bot) makes the Harkonnen setup before the human plays
    app = make_app(game, pause=60.0)  # a pause far longer than the test
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.table.holding, what="a bot step held by the pause")
        decisions = len(game.log)
        await pilot.pause(0.3)
        assert len(game.log) == decisions, "the bot's step waits for the pause"
        assert "thinking" in screen_text(app)
        await pilot.press("s")
        await until(pilot, lambda: human_waiting(app), what="the human's decision after skipping")
        assert len(game.log) > decisions
        assert "bot pause 60s" in screen_text(app)  # skipping lasts until the human's decision


@pytest.mark.slow
@pilot_test
async def test_p_changes_the_bot_pause_shown_on_the_status_line():
    app = make_app(session(2, seed=5), pause=0.5)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        assert "bot pause 0.5s" in screen_text(app)
        await pilot.press("p")
        assert "bot pause 1s" in screen_text(app)


@pytest.mark.slow
@pilot_test
async def test_quitting_mid_game_asks_saves_and_the_game_resumes(save_dir):
    game = session(2, seed=9)
    app = make_app(game, save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await answer(pilot)
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("q")
        assert screen_name(app) == "ConfirmLeave"
        assert "Leave this game?" in screen_text(app)
        await pilot.press("n")
        assert screen_name(app) == "GameScreen"
        await pilot.press("q", "y")
        await until(pilot, lambda: not app.is_running)
    assert app.return_code == 0
    latest = saves.latest_autosave(save_dir)
    assert latest is not None
    resumed = saves.load(latest)
    assert len(resumed.log) == len(game.log) > 0
    app = make_app(save_dir=save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")  # Continue: the latest autosave
        await until(pilot, lambda: human_waiting(app))
        assert len(app.screen.table.session.log) == len(game.log)
        assert "Game resumed" in "\n".join(app.screen.query_one("#log").lines_written)


@pytest.mark.slow
@pilot_test
async def test_leaving_to_the_menu_then_loading_the_saved_game(save_dir):
    game = session(2, seed=21)
    app = make_app(game, save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("q", "m")
        await until(pilot, lambda: screen_name(app) == "MainMenu")
        assert "Continue: autosave-" in screen_text(app)
        await pilot.press("l")
        await until(pilot, lambda: screen_name(app) == "LoadScreen")
        assert "autosave-" in screen_text(app)
        assert "to move:" in screen_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: human_waiting(app))
        assert app.screen.table.session.game_id == game.game_id


@pilot_test
async def test_load_screen_says_when_there_is_nothing_to_load(save_dir):
    app = make_app(save_dir=save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await until(pilot, lambda: screen_name(app) == "LoadScreen")
        assert "No saved games" in screen_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "MainMenu")
        await pilot.press("c")
        assert screen_name(app) == "MainMenu"  # nothing to continue: a notice, no crash


@pytest.mark.slow
@pilot_test
async def test_rules_screen_and_help():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await until(pilot, lambda: screen_name(app) == "RulesScreen")
        first = screen_text(app)
        assert "a short reference" in first
        await pilot.press("pagedown", "pagedown", "pagedown")
        assert screen_text(app) != first  # it scrolls by keys
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "MainMenu")
        await pilot.press("question_mark")
        assert screen_name(app) == "Help"
        assert "New game" in screen_text(app)
        await pilot.press("escape")
        assert screen_name(app) == "MainMenu"


@pytest.mark.slow
@pilot_test
async def test_help_on_the_game_screen_lists_the_decision_keys():
    app = make_app(session(2, seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("question_mark")
        text = screen_text(app)
        assert "1-7" in text and "Keep all" in text and "Skip" in text
    app = make_app(session(2, seed=7))
    async with app.run_test(size=(100, 60)) as pilot:  # issue 33: the sidebar's codes are said by `?`
        await until(pilot, lambda: human_waiting(app))
        flat = " ".join((await help_text(pilot)).replace("█", " ").split())
        for code in ("L leaders on the card", "T troops on the card", "R troops in reserve", "$ stored spice",
                     "Sn Snooper", "Sh Shield", "Th Thumper"):
            assert code in flat, code


@pytest.mark.slow
@pilot_test
async def test_the_log_scrolls_and_opens_full_screen():
    app = make_app(session(2, seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("l")
        assert app.focused.id == "log"
        await pilot.press("up", "pageup", "l")
        assert app.focused.id == "dice-form"
        await pilot.press("v")
        assert screen_name(app) == "LogScreen"
        assert "Round 1" in screen_text(app)
        await pilot.press("escape")
        assert screen_name(app) == "GameScreen"


@pytest.mark.slow
@pilot_test
async def test_an_all_bot_game_can_be_watched_to_the_end():
    game = session(3, seats=[bot(), bot(), bot()], seed=2)
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "GameOverScreen", timeout=60)
    assert game.state.over


@pytest.mark.slow
@pilot_test
async def test_a_seat_with_a_broken_bot_plays_random_moves_and_says_so():
    """A save may name a bot this build lacks: the game goes on (random legal moves) with a notice."""
    game = session(2, seats=[HUMAN, bot("nosuchbot")], seed=4)
    app = make_app(game)

    def failed() -> bool:
        return any("failed" in str(n.message) for n in app._notifications)

    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        for _ in range(100):
            await until(pilot, lambda: human_waiting(app) or failed())
            if failed():
                break
            await answer(pilot)
        assert failed()
        await until(pilot, lambda: human_waiting(app))
        assert game.state.turn >= 2  # the broken seat's turn was played


@pytest.mark.slow
@pilot_test
async def test_factions_chosen_in_the_rulebooks_order_the_first_player_last():
    """R12: seats choose counter-clockwise from the first player's right; the first player picks last."""
    game = session(3, seed=6, faction_choice="choose")
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        request = app.screen.current
        assert request.phase == "choose_faction"
        assert sum(f >= 0 for f in game.state.seat_faction) == 2  # both bots chose before seat 1
        assert "Choose your faction" in screen_text(app)
        await pilot.press("1")
        await until(pilot, lambda: game.state.seat_faction[0] >= 0)
        assert game.state.seat_faction[0] == request.legal[0][1]


@pytest.mark.slow
@pilot_test
async def test_slash_filters_a_long_option_list():
    game = session(2, seed=9)  # the human's first decision: the Harkonnen setup region
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        assert app.screen.current.phase == "setup_harkonnen"
        await pilot.press("slash", *"minor")
        choices = app.screen.query_one("#choices")
        assert [c.action for c in choices.shown] == [("setup", 7)]  # Minor Erg
        await pilot.press("enter", "enter")
        await until(pilot, lambda: game.state.troops_of(7, game.state.seat_faction[0]) == 2)


@pytest.mark.slow
@pilot_test
async def test_ctrl_s_saves_under_a_name_and_refuses_a_bad_one(save_dir):
    app = make_app(session(2, seed=7), save_dir)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("ctrl+s")
        assert screen_name(app) == "SaveAs"
        await pilot.press(*"my game", "enter")
        await until(pilot, lambda: screen_name(app) == "GameScreen")
        assert (save_dir / "my game.dune.json").exists()
        # Issue 41: a refused name closed the dialog and had to be typed again. It stays open, the name as typed,
        # the reason under it; the name mended, Enter saves and closes it.
        await pilot.press("ctrl+s", *"autosave-x", "enter")
        await until(pilot, lambda: "Not saved: names starting with 'autosave-' are kept for" in screen_text(app))
        assert screen_name(app) == "SaveAs" and app.screen.query_one("#save-name").value == "autosave-x"
        await pilot.press("home", "delete", "delete", "delete", "delete", "delete", "delete", "delete", "delete",
                          "delete", *"kept ", "enter")
        await until(pilot, lambda: screen_name(app) == "GameScreen")
        assert (save_dir / "kept x.dune.json").exists()


async def help_text(pilot) -> str:
    """What `?` lists over the screen now (a tall terminal: every line in sight), then closed again."""
    await pilot.press("question_mark")
    await until(pilot, lambda: screen_name(pilot.app) == "Help")
    await pilot.pause()
    text = screen_text(pilot.app)
    await pilot.press("escape")
    await until(pilot, lambda: screen_name(pilot.app) != "Help")
    return text


GAME_KEYS = ("q ", "s ", "ctrl+t", "p ", "l ", "h ", "v ", "c ", "m ", "ctrl+s", "f1", "? ", "ctrl+q")


@pytest.mark.slow
@pilot_test
async def test_help_lists_every_key_of_each_decision_form():
    """Lists: ↑↓, ←→ for a count, `/` filter; the roll: 1-7, r, a and t (Thumper); the commit: ↑↓ rows, ←→,
    m, 0, Enter; and the game screen's own keys with each."""
    from ui_helpers import at_commit

    from dune_tui.games.dune import Options
    from dune_tui.session import Session

    def has(text: str, *pairs: tuple[str, str]) -> None:
        lines = text.splitlines()
        for key, what in pairs:
            assert any(key in line and what in line for line in lines), (key, what, text)

    setup = Session(Options(players=2, seed=3, factions=("atreides", "harkonnen")), [HUMAN, bot()], bots_secret=3)
    app = make_app(setup)
    async with app.run_test(size=(100, 60)) as pilot:
        await until(pilot, lambda: human_waiting(app) and app.screen.current.phase == "setup_atreides")
        text = await help_text(pilot)
        has(text, ("1-9", "Pick"), ("↑↓", "Highlight an option"), ("←→", "count"), ("/", "Filter"), ("⏎", "Choose"))
        assert all(key in text for key in GAME_KEYS)
        while app.screen.current.phase != "roll":
            await answer(pilot)
            await until(pilot, lambda: human_waiting(app))
        text = await help_text(pilot)
        has(text, ("1-7", "Mark"), ("r", "Reroll"), ("a", "Keep all"), ("t", "Thumper"))
        assert all(key in text for key in GAME_KEYS)
    app = make_app(at_commit(), resumed=True)
    async with app.run_test(size=(100, 60)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        text = await help_text(pilot)
        has(text, ("↑↓", "Row"), ("←→", "Count"), ("m", "All"), ("0", "None"), ("⏎", "Seal commit"))
        assert all(key in text for key in GAME_KEYS)


@pytest.mark.slow
@pilot_test
async def test_a_key_labelled_reroll_never_ends_the_roll():
    """Issue 33: `r` with no die marked kept every die and ended the roll, and a second `r` typed before the next
    roll was drawn ended a roll with rerolls left. R4 keeps at least one die a reroll: with none marked `r` and
    Enter answer nothing and say so; `a` is the key that keeps all."""
    game = play_until(session(2, seed=7), lambda s: s.phase == "roll" and s.awaiting == (0,) and s.kept == 0)
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("r")
        await until(pilot, lambda: "Mark the dice to keep with 1-7 first" in " ".join(screen_text(app).split()))
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert game.state.phase == "roll" and game.state.kept == 0
        await pilot.press("1", "r", "r", "r")  # the second and third `r` come before the next roll is drawn
        await until(pilot, lambda: game.state.kept != 0)
        await until(pilot, lambda: human_waiting(app) and app.screen.current.view.kept == 1)
        await pilot.pause(0.3)
        assert (game.state.phase, game.state.awaiting, game.state.kept) == ("roll", (0,), 1), "rerolls are left"
        await pilot.press(*"234567")  # every die left marked: `r` has nothing to reroll, Enter keeps them
        await pilot.press("r")
        await until(pilot, lambda: "nothing to reroll" in screen_text(app))
        assert game.state.kept == 1
        await pilot.press("enter")
        await until(pilot, lambda: game.state.phase != "roll" or game.state.active != 0)


@pytest.mark.slow
@pilot_test
async def test_a_digit_on_a_move_opens_its_count_instead_of_moving_every_troop():
    """Issue 33: a number key moved all the troops with no chance to change the count. It highlights the move
    with its count open to ←/→; the same digit again (or Enter) moves that many."""
    from dune_tui.games.dune import legal_actions

    def moving(s) -> bool:
        return (s.phase == "move" and s.awaiting == (0,)
                and len({a[3] for a in legal_actions(s, 0) if a[0] == "move"}) > 2)

    game = play_until(session(2, seed=8), moving, seed=8)
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        choices = app.screen.query_one("#choices")
        n = next(i for i, c in enumerate(choices.shown) if len(c.by_count) > 2)
        most = max(choices.shown[n].by_count)
        assert choices.shown[n].count == most  # a move starts at all the troops
        decisions = len(game.controller.log)
        await pilot.press(str(n + 1))
        await until(pilot, lambda: "◀ ▶ count, then Enter" in choices.get_option_at_index(n).prompt.plain)
        await until(pilot, lambda: "◀ ▶ count," in screen_text(app))
        assert len(game.controller.log) == decisions and game.state.phase == "move", "nothing moved yet"
        assert choices.highlighted == n
        await pilot.press("left")
        await pilot.press(str(n + 1))
        await until(pilot, lambda: len(game.controller.log) > decisions)
        assert game.controller.log[decisions].action[3] == most - 1


@pilot_test
async def test_a_key_typed_before_the_first_question_is_answered_by_it():
    """Issue 33: a key sent the moment the board was drawn did nothing (the bots' opening move came first, then
    the first question's key guard). Here a bot decides first, with a pause: the `6` typed as the board appears
    marks the spice die once the human's roll is asked."""
    from dune_tui.games.dune import apply, legal_actions

    def bot_then_our_roll(s) -> bool:
        if s.awaiting != (0,):
            return False
        for a in legal_actions(s, 0):
            after = s.copy()
            after.events = None
            apply(after, 0, a, check=False)
            if not (after.awaiting == (1,) and after.phase == "roll"):
                return False
        return True

    game = play_until(session(2, seats=[bot(), HUMAN], seed=7), bot_then_our_roll, seed=7)
    app = make_app(game, resumed=True, pause=2.0)  # a loaded machine draws the board before the bot moves
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "GameScreen")
        assert app.screen.current is None, "no question yet: the bot decides first"
        await pilot.press("6")
        await until(pilot, lambda: human_waiting(app) and app.screen.current.phase == "roll")
        form = app.screen.query_one("#dice-form")
        await until(pilot, lambda: form.marks == 1 << 5, timeout=3, what="the spice die marked by the early key")
        # the mark is drawn on the next refresh: wait for the text (a loaded machine drew it after the assert)
        await until(pilot, lambda: "●keep" in screen_text(app), timeout=3, what="the mark drawn")
