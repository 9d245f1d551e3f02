"""The advisor on the game screen: `h` shows the search's top options for the decision on screen, worked out in
the background (keys keep working, Esc or the next decision drops it); with hints off `h` says so."""

from __future__ import annotations

import re

import pytest
from ui_helpers import (
    HUMAN,
    bot,
    human_waiting,
    make_app,
    pilot_test,
    play_to_game_over,
    play_until,
    screen_text,
    session,
    until,
)

from dune_tui.games.dune.data import GUILD
from dune_tui.ui.widgets.advice import NARROW, AdvicePanel

QUICK = "mcts:iters=50"
SLOW = "mcts:time=20"  # not done within a test: cancelled


def advice_shown(app) -> bool:
    return app.screen.query_one(AdvicePanel).has_class("-shown")


@pytest.mark.slow
@pilot_test
async def test_h_shows_the_top_options_with_their_chance_of_winning():
    app = make_app(session(2, seed=7))
    app.settings.advisor = QUICK
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        request = app.screen.current
        await pilot.press("h")
        panel = app.screen.query_one(AdvicePanel)
        await until(pilot, lambda: bool(panel.advice), timeout=10, what="the advice")
        text = screen_text(app)
        assert "Advice" in text and "%" in text and "░" in text  # the bars: ░ for the chance not won
        assert 1 <= len(panel.advice) <= 4
        assert all(a.action in request.legal for a in panel.advice)
        assert app.screen.current is request  # advice never answers for the player


@pytest.mark.slow
@pilot_test
async def test_where_the_seat_can_no_longer_win_the_advice_shows_no_chance_and_nobody_wins_apart():
    """Issue 41: in round 6 of a two-player game without the Guild, a seat that could no longer reach its four
    regions was shown "25%±10" for every option: the search's reward, a game nobody wins worth 0.25 to each.
    Here the seat holds one region in the game's last turn: no chance, and nobody wins, shown apart."""
    last_turn = lambda s: s.round == 6 and s.active == 1 and s.phase == "roll"  # noqa: E731
    game = play_until(session(2, seats=[bot(), HUMAN], seed=1), last_turn, seed=1)
    assert not game.controller.state.in_play(GUILD)  # no Guild: nobody wins a game nobody takes
    app = make_app(game)
    app.settings.advisor = "mcts:iters=100"
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("h")
        panel = app.screen.query_one(AdvicePanel)
        await until(pilot, lambda: bool(panel.advice), timeout=30, what="the advice")
        text = screen_text(app)
        shown = [int(x) for x in re.findall(r"(\d+)%±", text)]
        assert shown and max(shown) <= 2, text  # not 25%
        drawn = [int(x) for x in re.findall(r"%±\d+ +\( *(\d+)\)", text)]  # at 80×24: (N), as the heading says
        assert len(drawn) == len(shown) and min(drawn) >= 90, text
        assert NARROW in text  # what the ± and the (N) are
        assert all(re.search(r"\) \d: Keep \w", line) for line in text.splitlines() if "%±" in line), text


@pytest.mark.slow
@pilot_test
async def test_the_screen_answers_keys_while_the_advice_is_worked_out_and_esc_drops_it():
    app = make_app(session(2, seed=7))
    app.settings.advisor = SLOW
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("h")
        await pilot.pause(0.1)
        assert app.screen.advising is not None and advice_shown(app)
        assert "Weighing your options" in screen_text(app)
        await pilot.press("l")  # the log takes the keys while the search runs
        await until(pilot, lambda: app.screen.query_one("#log").has_focus, timeout=2, what="the log focused")
        await pilot.press("l")
        await until(pilot, lambda: human_waiting(app), timeout=2)
        cancel = app.screen.advising
        await pilot.press("escape")
        await until(pilot, lambda: not advice_shown(app), timeout=2, what="the advice put away")
        assert cancel.is_set() and app.screen.advising is None


@pytest.mark.slow
@pilot_test
async def test_the_next_decision_drops_the_advice_of_the_last():
    app = make_app(session(2, seed=7))
    app.settings.advisor = SLOW
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        first = app.screen.current
        await pilot.press("h")
        await pilot.pause(0.1)
        cancel = app.screen.advising
        await pilot.press("a")  # keep all the dice: the decision is answered
        await until(pilot, lambda: app.screen.current is not first, timeout=5)
        assert cancel.is_set() and not advice_shown(app)


@pilot_test
async def test_with_hints_off_h_says_so_and_asks_nothing():
    game = session(2, seed=7)
    game.hints_allowed = False  # a competitive game: new --no-hints
    app = make_app(game)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("h")
        notes = lambda: [str(n.message) for n in app._notifications]  # noqa: E731 (run_test draws no toasts)
        await until(pilot, lambda: "Hints are off for this game." in notes(), timeout=2, what="the notice")
        assert app.screen.advising is None and not advice_shown(app)


def test_new_takes_no_hints_for_a_competitive_game_and_the_save_keeps_it(save_dir):
    from dune_tui import saves
    from dune_tui.cli import build_parser
    from dune_tui.commands.new import session_from_args

    game = session_from_args(build_parser().parse_args(["new", "--no-hints", "--seed", "3"]))
    assert game.hints_allowed is False
    assert session_from_args(build_parser().parse_args(["new"])).hints_allowed is True
    assert saves.load(saves.save_named(game, "competitive", save_dir)).hints_allowed is False


@pytest.mark.slow
@pilot_test
async def test_the_new_game_switch_turns_hints_off():
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: app.screen.__class__.__name__ == "NewGameScreen")
        app.screen.query_one("#hints").focus()
        await pilot.press("right")
        assert "off (a competitive game)" in screen_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: human_waiting(app), timeout=30, what="the first decision")
        assert app.screen.table.session.hints_allowed is False
        await pilot.press("h")
        await until(pilot, lambda: any("Hints are off" in str(n.message) for n in app._notifications), timeout=2)
        assert not advice_shown(app)


def test_host_takes_no_hints_too():
    from dune_tui.cli import build_parser

    assert build_parser().parse_args(["host", "--no-hints"]).hints is False


@pilot_test
async def test_help_lists_h():
    app = make_app(session(2, seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await until(pilot, lambda: "h Hint" in screen_text(app), timeout=2, what="the footer")
        await pilot.press("question_mark")
        await until(pilot, lambda: re.search(r"█\s+h\s+Hint\s", screen_text(app)) is not None, what="help's h line")
        assert app.screen.__class__.__name__ == "Help"


@pytest.mark.slow
@pilot_test
async def test_advice_shown_is_saved_with_the_game_and_the_replay_shows_it(save_dir):
    from ui_helpers import near_the_end, screen_name

    from dune_tui import saves
    from dune_tui.cli import main

    game = near_the_end()
    app = make_app(game)
    app.settings.advisor = QUICK
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        decisions = len(game.log)
        await pilot.press("h")
        panel = app.screen.query_one(AdvicePanel)
        await until(pilot, lambda: bool(panel.advice), timeout=10, what="the advice")
        await until(pilot, lambda: bool(game.hints), timeout=2, what="the hint kept")
        assert game.hints[0][:2] == (decisions, 1) and "%" in game.hints[0][2]
        path = saves.save_named(game, "advised", save_dir)
        await play_to_game_over(pilot)
        await pilot.press("r")
        await until(pilot, lambda: screen_name(app) == "ReplayScreen")
        app.screen.query_one("#replay-log").scroll_end(animate=False)
        await pilot.pause(0.1)
        assert f"Hint at decision {decisions + 1}:" in screen_text(app)
    loaded = saves.load(path)
    assert loaded.hints == game.hints[:1]
    assert main(["replay", str(path), "--seat", "2", "--quiet"]) == 0


def test_the_replay_command_prints_the_hints_of_a_seat(save_dir, capsys):
    from ui_helpers import session as new_session

    from dune_tui import saves
    from dune_tui.cli import main

    game = new_session(2, seed=7)
    game.hints.append((0, 0, "Keep Fremen, Fremen 37%"))
    path = saves.save_named(game, "hinted", save_dir)
    assert saves.load(path).hints == [(0, 0, "Keep Fremen, Fremen 37%")]
    main(["replay", str(path), "--seat", "1"])
    assert "[hint to seat 1, decision 1] Keep Fremen, Fremen 37%" in capsys.readouterr().out
    main(["replay", str(path)])  # public events only: the advice is private to its seat
    assert "hint to seat" not in capsys.readouterr().out


def test_close_chances_draw_different_bars_and_the_bar_keeps_its_width():
    from dune_tui.ui.widgets.advice import BAR, bar

    assert bar(0.35).plain != bar(0.38).plain, "three points apart must show"
    assert {len(bar(f / 100).plain) for f in range(101)} == {BAR}
    assert bar(0).plain == "░" * BAR and bar(1).plain == "█" * BAR


@pytest.mark.slow
@pilot_test
async def test_advice_on_a_roll_says_first_the_numbers_of_the_dice_each_option_keeps():
    """Keeps read alike for most of their words (`Keep Corrino, Corrino, …`): each line starts with the dice's
    numbers, the keys that mark them, so the options differ where the panel is not cut, even at 80x24."""
    from ui_helpers import answer

    app = make_app(session(2, seed=8))
    app.settings.advisor = QUICK
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        while app.screen.current.phase != "roll":
            await answer(pilot)
            await until(pilot, lambda: human_waiting(app))
        view = app.screen.current.view
        await pilot.press("h")
        panel = app.screen.query_one(AdvicePanel)

        def drawn() -> list[str]:
            return [line for line in screen_text(app).splitlines() if "%±" in line and "│" in line]

        # the panel holds the advice a frame before it is drawn
        await until(pilot, lambda: bool(panel.advice) and len(drawn()) >= 2, timeout=10, what="the advice drawn")
        lines = drawn()
        assert len(lines) == len(panel.advice) >= 2
        for a, line in zip(panel.advice, lines, strict=True):
            kept = a.action[1] & ~view.kept
            numbers = " ".join(str(d + 1) for d in range(7) if kept >> d & 1)
            assert re.search(rf"%±\d+ +{re.escape(numbers)}: Keep ", line), (numbers, line)


@pytest.mark.slow
@pilot_test
async def test_log_lines_written_while_the_advice_is_open_are_not_cut_when_it_closes():
    """Issue 33, at 80×24: `new --players 4 --seat human --faction harkonnen --faction corrino --faction fremen
    --faction atreides --seed 42`, `h`, wait, `1`: the lines the answer wrote while the advice widened the log
    lost their last words for good when the box narrowed again. They are wrapped again to the box."""
    from dune_tui.cli import parse_args
    from dune_tui.commands.new import session_from_args
    from dune_tui.ui.widgets.log import GameLog

    command = "new --players 4 --seat human --faction harkonnen --faction corrino --faction fremen --faction atreides"
    args = parse_args([*command.split(), "--seed", "42"])
    app = make_app(session_from_args(args))
    app.settings.advisor = QUICK
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app), timeout=30)
        log = app.screen.query_one(GameLog)
        await pilot.press("h")
        panel = app.screen.query_one(AdvicePanel)
        await until(pilot, lambda: bool(panel.advice), timeout=10, what="the advice")
        written = len(log.lines_written)
        await pilot.press("1")
        await until(pilot, lambda: len(log.lines_written) > written + 2 and human_waiting(app), timeout=30)
        await until(pilot, lambda: not advice_shown(app))
        await pilot.pause(0.3)
        box = log.scrollable_content_region.width
        assert box < 40, "the box is narrow again"
        assert max(len(strip.text.rstrip()) for strip in log.lines) <= box, "no line is wider than the box"
        shown = " ".join(" ".join(strip.text for strip in log.lines).split())
        for line in log.lines_written[written:]:
            assert " ".join(line.split()) in shown, line
        last = log.lines_written[-1].split()[-1]
        assert last in screen_text(app), f"{last!r}: the last word of the last line is on screen"


def test_the_advice_says_what_its_figures_are_and_how_sure():
    """Issue 33: win chances in lists, a mix frequency on battle forms, unexplained, and 21% against 22% as if
    that told them apart. A first line says which, and a chance of winning carries its margin."""
    from dune_tui.ai.advice import Advice
    from dune_tui.games.dune import legal_actions
    from dune_tui.ui.widgets.advice import MIX, NOBODY, RANKED, WINS, advice_summary, advice_text, option_text

    state = session(2, seed=7).controller.state
    seat = state.awaiting[0]
    a, b = legal_actions(state, seat)[:2]
    close = [Advice(a, 60, 0.5, 0.3, 0.21, 0.104, 0.0), Advice(b, 40, 0.33, 0.31, 0.22, 0.13, 0.001)]
    lines = advice_text(state, close, ["1", "2"]).plain.splitlines()
    assert lines[0] == WINS  # no option likely to end with nobody winning: no such figure
    assert " 21%±11 " in lines[1] and " 22%±13 " in lines[2]  # the 95% intervals: the gap is well inside
    assert advice_summary(state, close).count("±") == 2
    drawn = [Advice(a, 60, 0.5, 0.3, 0.05, 0.02, 0.6), Advice(b, 40, 0.33, 0.31, 0.1, 0.03, 0.004)]
    lines = advice_text(state, drawn, ["1", "2"]).plain.splitlines()
    assert lines[0] == NOBODY and "nobody 60%" in lines[1] and "nobody  0%" in lines[2]
    assert "nobody 60%" in advice_summary(state, drawn)
    # in the log's column at 80×24 (27 columns inside the box): no bars, nobody as (N), what the option does shown
    lines = advice_text(state, drawn, ["1", "2"], width=27).plain.splitlines()
    assert lines[0] == NARROW and len(NARROW) <= 25 and "▒" not in "".join(lines)
    assert lines[1].startswith("1   5%±2  (60) ") and lines[1].endswith(option_text(state, a)), lines
    mixed = [Advice(a, 300, 0.7, None), Advice(b, 130, 0.3, None)]
    lines = advice_text(state, mixed, ["·", "·"]).plain.splitlines()
    assert lines[0] == MIX and "70% mix" in lines[1] and "±" not in "".join(lines)
    ranked = [Advice(a, 0, 1.0, None), Advice(b, 0, 0.0, None)]
    assert advice_text(state, ranked, ["1", "2"]).plain.splitlines()[0] == RANKED


@pytest.mark.slow
@pilot_test
async def test_h_on_an_express_decision_asks_express_s_bots_and_names_express_options():
    """The advisor asks the game's record for its bots: the Bene Gesserit's secret round (a decision Express's bots
    answer by their heuristic, not the search) is ranked by Express's heuristic and worded in Express's words."""
    from test_ui_express import advance, express

    from dune_tui.games.express import describe

    predicting = lambda s: s.phase == "predict"  # noqa: E731
    seat = advance(express(6, "houses", seed=5), predicting, seed=1).controller.state.awaiting[0]
    app = make_app(advance(express(6, "houses", seed=5, human=seat), predicting, seed=1))
    app.settings.advisor = QUICK
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        request = app.screen.current
        assert request.phase == "predict"
        await pilot.press("h")
        panel = app.screen.query_one(AdvicePanel)
        await until(pilot, lambda: bool(panel.advice), timeout=10, what="the advice")
        assert all(a.action in request.legal and a.value is None for a in panel.advice)  # the heuristic's order
        first = describe.action_text(request.view, panel.advice[0].action)
        assert first and first in screen_text(app)
