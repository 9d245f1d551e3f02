"""Dune Express on the screen (issue 26): a whole game by key presses, Continue and Load, the new-game screen's
choices, the rules page, the house cards, and snapshots of its board.

Update the snapshots after a deliberate change with `pytest tests/ui/test_ui_express.py --snapshot-update`
and look at them before committing."""

from __future__ import annotations

import random

import pytest
from ui_helpers import (
    HUMAN,
    bot,
    hand_over,
    human_waiting,
    make_app,
    pilot_test,
    screen_name,
    screen_text,
    until,
    until_shown,
)

from dune_tui import saves
from dune_tui.controller import Decision
from dune_tui.games import game_of
from dune_tui.games.express import with_variants
from dune_tui.seats import bot_specs
from dune_tui.session import Session
from dune_tui.ui.games.express.setup import variant_text

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
OVER = "GameOverScreen"


def express(players: int = 2, variant: str = "", seed: int = 5, human: int = 0) -> Session:
    seats = [bot() for _ in range(players)]
    seats[human] = HUMAN
    return Session(with_variants(variant, players=players, seed=seed), seats, bots_secret=seed)


def advance(game: Session, stop, seed: int = 0, limit: int = 5000) -> Session:
    """Random legal decisions (from the controller's requests) until `stop(state)` holds."""
    rng = random.Random(seed)
    controller = game.controller
    for _ in range(limit):
        if stop(controller.state):
            return game
        assert not controller.state.over, "the game ended before the wanted position"
        request = controller.pending()[0]
        batches = controller.submit(Decision(request.id, request.seat, rng.choice(request.legal)))
        game.history.extend({id(e): e for b in batches for e in b.events}.values())
    raise AssertionError("the wanted position never came")


def deploying() -> Session:
    """Four houses with their abilities and the Thumper, round 3 or later, the human (seat 0) landing troops."""
    return advance(express(4, "houses,thumper", seed=11), lambda s: s.round >= 3 and s.phase == "deploy"
                   and s.awaiting == (0,) and sum(s.board) >= 3, seed=3)


def rolling() -> Session:
    """Two players, the human rolling with dice set aside already."""
    return advance(express(2, "", seed=8), lambda s: s.round >= 2 and s.phase == "roll" and s.awaiting == (0,)
                   and 0 < bin(s.kept).count("1") < 5, seed=2)


async def play_to_the_end(pilot, marks: bool = True) -> set[str]:
    """Answer every human decision by keys (a roll: mark die 1 and reroll once, else keep all; anything else:
    the highlighted option) until the game-over screen; the phases answered."""
    app, phases = pilot.app, set()
    for _ in range(2000):
        await until(pilot, lambda: human_waiting(app) or screen_name(app) == OVER, timeout=30)
        if screen_name(app) == OVER:
            await until(pilot, lambda: "Game over" in screen_text(app), what="the game-over screen drawn")
            return phases
        request = app.screen.current
        phases.add(request.phase)
        if request.phase == "roll" and marks and request.view.kept == 0:
            await pilot.press("1", "r")
        else:
            await pilot.press("a" if request.phase == "roll" else "enter")
        await until(pilot, lambda r=request: screen_name(app) == OVER or getattr(app.screen, "current", r) is not r,
                    timeout=30)
    raise AssertionError("the game did not end")


@pytest.mark.slow
@pytest.mark.parametrize("players, variant, seed", [
    (2, "", 33), (4, "shorter:6", 17), (2, "houses,shorter:4", 30), (4, "houses,shorter:6,thumper,defence:limited", 68),
])
@pilot_test
async def test_a_whole_express_game_is_played_by_keys_to_the_game_over_screen(players, variant, seed):
    """Every decision of the human by keys, from the first to the game-over screen: two players without a round
    limit (to a win by territories), and Shorter Games (four players without a limit took a minute of screen
    updates, for the same screens and keys; two players with the houses went to their limit of 8 rounds, a minute
    on a loaded machine, where 4 rounds show the same screens and keys).  The seeds are short games for the same
    screens and keys: two players' ends in a bot's win (seed 14's took twice the CPU), four players' in the human's
    win in round 3 (seed 37's went to round 6: the games with the houses end at their limit)."""
    game = express(players, variant, seed=seed)
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        text = screen_text(app)
        assert "1 Sietch Tabr" in text and "6 Polar Sink" in text  # the board
        assert "╰house" in text or "the first roll comes after the setup" in text  # the dice (the BG predicts first)
        phases = await play_to_the_end(pilot)
        assert "roll" in phases
        # the screen is up; under load, not yet drawn whole (its statistics came a moment after its title)
        text = await until_shown(pilot, "Game over", "Statistics", "r Replay")
        result = game.state.result
        assert "Game over — Dune Express" in text and result.text[:30] in text.replace("\n", " ")
        assert "Statistics" in text and "r Replay" in text


@pytest.mark.slow
@pilot_test
async def test_marking_dice_sets_them_aside_and_rerolls_the_rest():
    game = express(2, seed=3)
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app) and app.screen.current.phase == "roll")
        request = app.screen.current
        await pilot.press("1", "5")
        await pilot.pause()
        assert "●aside" in screen_text(app) and "Set aside 2, reroll 5" in screen_text(app)
        tray = app.screen.query_one("#dice")
        start = next(x for x, _, d in tray.drawn if d == 1)
        await pilot.click("#dice", offset=(start + 2, 1))  # a click marks die 2 as its key would, and again unmarks it
        await until(pilot, lambda: "Set aside 3, reroll 4" in screen_text(app))
        await pilot.click("#dice", offset=(start + 2, 1))
        await until(pilot, lambda: "Set aside 2, reroll 5" in screen_text(app))
        await pilot.press("r")
        await until(pilot, lambda: game.state.kept != 0 or game.state.phase != "roll")
        assert game.controller.log[-1].action == ("keep", 0b10001)
        assert request is not app.screen.current


@pytest.mark.slow
@pilot_test
async def test_a_territory_decision_lights_the_board_and_takes_a_click():
    game = deploying()
    target = game.state.target
    app = make_app(game, resumed=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        board = app.screen.query_one("#map")
        assert target in board.lit
        lands = [a for a in app.screen.current.legal if a[0] == "land"]
        before = len(game.controller.log)
        x0, _, y0, _, _ = next(d for d in board.drawn if d[4] == target)
        await pilot.pause(0.3)  # past the new question's guard
        await pilot.click("#map", offset=(x0 + 3, y0 + 2))
        await until(pilot, lambda: len(game.controller.log) > before)
        assert game.controller.log[before].action in lands


@pytest.mark.slow
@pilot_test
async def test_the_board_takes_the_keys_from_the_list_and_enter_picks_the_place_under_its_cursor():
    game = deploying()
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        board = app.screen.query_one("#map")
        before = len(game.controller.log)
        await pilot.press("shift+tab")
        await until(pilot, lambda: board.has_focus)
        assert board.pointed in board.lit and "▶" in screen_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: len(game.controller.log) > before)
        action = game.controller.log[before].action
        assert action[0] in ("land", "move") and board.pointed in (game.state.target, action[1])


@pytest.mark.slow
@pilot_test
async def test_the_lists_highlight_follows_the_boards_cursor():
    """The arrows on the board move the list's highlight to the option about the place under the cursor."""
    from dune_tui.ui.games.express.board import Board, place_of
    from dune_tui.ui.games.express.words import EXPRESS
    from dune_tui.ui.widgets.choices import group

    game = express(4, "houses,thumper", seed=11)

    def places(state) -> bool:  # the human's decision is about three places (a traitor's targets)
        if state.over or state.awaiting != (0,):
            return False
        request = game.controller.pending()[0]
        return len(Board.options_at(request.view, [c.key for c in group(request.legal, request.view, EXPRESS)])) >= 3

    app = make_app(advance(game, places, seed=4), resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        board, choices = app.screen.query_one("#map"), app.screen.query_one("#choices")
        assert len(board.lit) == 3, board.lit
        await pilot.pause(0.3)  # past the new question's guard
        await pilot.press("shift+tab")
        await until(pilot, lambda: board.has_focus)
        seen = set()
        for key in ("right", "down", "left", "up", "right", "right", "down", "left"):
            await pilot.press(key)
            await pilot.pause()
            seen.add(board.pointed)
            view = app.screen.current.view
            assert place_of(view, choices.shown[choices.highlighted].key) == board.pointed, key
        assert seen == board.lit, "the cursor went to every place"


@pytest.mark.slow
@pytest.mark.parametrize("key", ["c", "l"])  # Continue, Load
@pilot_test
async def test_continue_and_load_open_an_express_save_on_its_board(save_dir, key):
    game = advance(express(3, "houses", seed=4), lambda s: s.round >= 2 and s.awaiting == (0,), seed=1)
    path = saves.autosave(game, save_dir)
    app = make_app(save_dir=save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "MainMenu")
        await pilot.press(key)
        if key == "l":
            await until(pilot, lambda: path.name.removesuffix(saves.SUFFIX)[:20] in screen_text(app))
            await pilot.press("enter")
        await until(pilot, lambda: human_waiting(app))
        assert app.screen.table.session.options.rules == "express"
        assert app.screen.query_one("#map").__class__.__name__ == "ExpressMap"
        assert f"Round {game.state.round}" in screen_text(app)


@pytest.mark.slow
@pilot_test
async def test_a_finished_express_game_loads_on_its_result(save_dir):
    game = advance(express(2, "shorter:4", seed=6), lambda s: s.over, seed=4)
    path = saves.autosave(game, save_dir)
    app = make_app(save_dir=save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "MainMenu")
        await pilot.press("l")
        await until(pilot, lambda: "finished: " in screen_text(app))
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == OVER and "Game over" in screen_text(app))
        assert game.state.result.text[:30] in screen_text(app).replace("\n", " ")
    assert path.exists()


@pytest.mark.slow
@pilot_test
async def test_the_new_game_screen_makes_express_options_from_its_choices():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "NewGameScreen")
        screen = app.screen
        assert "Face Dancers" in screen_text(app) and "Thumper" not in screen_text(app)
        await pilot.press("up", "right")  # the game: Dune Express
        text = screen_text(app)
        assert "Dune Express" in text and "Thumper" in text and "Face Dancers" not in text
        assert screen.query_one("#players").values == [2, 3, 4, 5, 6]
        assert screen.query_one("#seat-1").values == ["human", *bot_specs()]  # every bot plays either game
        for name, steps in (("players", 1), ("abilities", 1), ("round-limit", 3), ("ending", 1), ("thumper", 1),
                            ("defence", 1)):
            screen.query_one(f"#{name}").focus()
            for _ in range(steps):
                await pilot.press("right")
        screen.query_one("#seed").value = "42"
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "GameScreen")
        options = app.screen.table.session.options
        assert options == with_variants("houses,shorter:20,tiebreak,thumper,defence:limited", players=5, seed=42)
        assert options.ending == "tiebreak"
        assert [s.is_human for s in app.screen.table.session.seats] == [True] + [False] * 4


def test_the_new_game_screen_spells_variants_as_the_command_line():
    assert variant_text() == ""
    assert variant_text(True, 20, True, "none") == "houses,shorter:20,thumper,defence:none"
    assert with_variants(variant_text(False, 15, False, "limited"), players=3).round_limit == 15
    assert variant_text(False, 15, ending="tiebreak") == "shorter:15,tiebreak"
    assert variant_text(ending="tiebreak") == ""  # no round limit: no ending to choose


@pytest.mark.slow
@pilot_test
async def test_the_rules_pages_switch_and_an_express_game_opens_its_own():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await until(pilot, lambda: screen_name(app) == "RulesScreen")
        assert "Dune: The Dice Game — a short reference" in screen_text(app)
        await pilot.press("x")
        await until(pilot, lambda: "Dune Express — a short reference" in screen_text(app))
    app = make_app(express(2))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("f1")
        await until(pilot, lambda: "Dune Express — a short reference" in screen_text(app))
        await pilot.press("escape")
        await pilot.press("c")  # the house cards: the houses, and their abilities when played
        await until_shown(pilot, "not played in this game")
        assert screen_name(app) == "HousesScreen"
    app = make_app(deploying(), resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("c")
        await until_shown(pilot, "Houses and their abilities", "•")
        assert screen_name(app) == "HousesScreen"


@pytest.mark.slow
@pilot_test
async def test_hot_seat_hands_off_the_bene_gesserit_round_and_only_its_screen_shows_it():
    game = Session(with_variants("houses", players=3, seed=5, houses=("bg", "fremen", "guild")), [HUMAN, HUMAN, bot()],
                   bots_secret=5)
    app = make_app(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: screen_name(app) == "Handoff")
        assert "Pass the keyboard to seat 1" in screen_text(app) and "Bene Gesserit" in screen_text(app)
        await hand_over(pilot)
        await until(pilot, lambda: human_waiting(app) and app.screen.current.phase == "predict")
        await pilot.pause(0.3)
        await pilot.press("7")  # round 7
        await until(pilot, lambda: human_waiting(app) and app.screen.current.seat == 1)
        assert game.state.prediction == 7
        text = screen_text(app)  # the Fremen's decision: no word of the marked round
        assert "marked round" not in text and "Round 7" not in text
    app = make_app(Session(game.options, [HUMAN, bot(), bot()], game.controller, bots_secret=game.options.seed),
                   resumed=True)
    async with app.run_test(size=(120, 40)) as pilot:  # the Bene Gesserit alone at the table: its own round
        await until(pilot, lambda: "you marked round 7" in screen_text(app))


@pytest.mark.slow
@pilot_test
async def test_the_express_game_over_replays_and_starts_another_express_game():
    app = make_app(express(2, "shorter:3", seed=9))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_end(pilot, marks=False)
        await pilot.press("r")
        await until(pilot, lambda: screen_name(app) == "ReplayScreen")
        assert "the Harkonnen" in screen_text(app) or "Round 1:" in screen_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == OVER)
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "NewGameScreen" and "Shorter game" in screen_text(app))
        assert "Dune Express" in screen_text(app)


# ----------------------------------------------------------------------------------------- snapshots

def waiting_for_human(*keys: str):
    async def run_before(pilot) -> None:
        await until(pilot, lambda: human_waiting(pilot.app))
        await pilot.pause(0.3)
        for key in keys:
            await pilot.press(key)
        await pilot.pause()

    return run_before


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_express_board_landing(snap_compare, size):
    """Four houses on the board, the territory die's location lit, the turn's purse beside the dice."""
    assert snap_compare(make_app(deploying(), resumed=True), terminal_size=size, run_before=waiting_for_human())


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_express_dice_set_aside_and_marked(snap_compare, size):
    """The dice set aside first, a ┊, the dice still rolling, one marked to set aside."""
    game = rolling()  # a new session for each app: a game played on is not the position any more
    free = next(d for d in range(7) if not game.state.kept >> d & 1)
    assert snap_compare(make_app(game, resumed=True), terminal_size=size,
                        run_before=waiting_for_human(str(free + 1)))


@pytest.mark.slow
def test_express_board_without_colour(snap_compare, monkeypatch):
    """NO_COLOR: every house reads by its letter, the lit place by its heavy frame."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(make_app(deploying(), resumed=True), terminal_size=(80, 24), run_before=waiting_for_human())


@pytest.mark.slow
def test_express_new_game(snap_compare, monkeypatch):
    from dune_tui.record import ratings

    monkeypatch.setattr(ratings, "measured", lambda: {"express": {"heuristic": ratings.Rating(26.197, 8.103)}})
    assert snap_compare(make_app(), press=["n", "up", "right", "_"], terminal_size=(80, 24))  # (ratings pinned)


@pilot_test
async def test_a_game_over_screen_gone_before_it_mounts_does_not_crash():
    """Issue 33: under load the Express game-over screen's `on_mount` raised NoMatches '#final-map': a screen pushed
    and popped at once mounts with its children gone. The board's height is in the stylesheet, nothing is queried."""
    from dune_tui.ui.games.express.map import ExpressMap

    game = advance(express(2, "shorter:3", seed=9), lambda s: s.result is not None)
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == OVER)
        assert isinstance(app.screen.query_one("#final-map"), ExpressMap)
        assert app.screen.query_one("#final-map").size.height == 13
        gone = type(app.screen)(app.screen.over, app.settings, ending=app.screen.ending)
        app.push_screen(gone)
        app.pop_screen()  # before it mounts
        await pilot.pause(0.5)
        assert screen_name(app) == OVER and app.screen is not gone
    assert app._exception is None  # run_test raises it on leaving too


def test_the_house_card_counts_one_unit_in_the_singular():
    """Issue 33: Express said "1 units"."""
    from dune_tui.games.express.data import ARRAKEEN, ATREIDES, HARKONNEN
    from dune_tui.ui.games.express.cards import card
    from tests.express.scenario import position

    state = position((ATREIDES, HARKONNEN), troops={ARRAKEEN: {ATREIDES: 1, HARKONNEN: 2}})
    atreides, harkonnen = (card(state, state.house_seat[h], "bot", 0).plain for h in (ATREIDES, HARKONNEN))
    assert "· 1 unit on the board," in atreides and "· 2 units on the board," in harkonnen


def test_the_new_game_screen_spells_token_counts_as_the_command_line():
    """X28: a count per kind; Truth Trance or Thumper tokens as the traitor die has."""
    from dune_tui.games.express.data import BOX_TOKENS
    from dune_tui.games.express.data import TOKEN_KEYS as ENGINE_KEYS
    from dune_tui.ui.games.express.setup import TOKEN_COUNTS, TOKEN_KEYS

    assert TOKEN_KEYS == ENGINE_KEYS and max(TOKEN_COUNTS) == BOX_TOKENS
    assert variant_text(tokens=(2, -1, 0, 3)) == "snooper:2,trance:0"
    assert variant_text(thumper=True, tokens=(2, -1, 0, 3)) == "thumper,snooper:2,thumper:3"
    assert with_variants(variant_text(thumper=True, tokens=(2, -1, 0, 3)), players=3).tokens == (2, -1, -1, 3)


@pytest.mark.slow
@pilot_test
async def test_the_new_game_screen_takes_token_counts():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "NewGameScreen")
        screen = app.screen
        await pilot.press("up", "right")  # the game: Dune Express
        await until(pilot, lambda: "Shield tokens" in screen_text(app))
        assert screen.query_one("#count-trance").display and not screen.query_one("#count-thumper").display
        for name, steps in (("thumper", 1), ("count-shield", 2), ("count-thumper", 3)):
            screen.query_one(f"#{name}").focus()
            for _ in range(steps):
                await pilot.press("right")
        assert not screen.query_one("#count-trance").display and screen.query_one("#count-thumper").display
        screen.query_one("#seed").value = "42"
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "GameScreen")
        options = app.screen.table.session.options
        assert options.thumper and options.tokens == (-1, 1, -1, 2)
        # the supply the game began with (the bots may already have taken a token by now)
        assert game_of(options).engine.new_game(options).supply == [4, 1, 0, 2]


def fortified() -> Session:
    """The fortress modification, four houses, the human landing with fortresses and the storm on the board."""
    return advance(express(4, "houses,fortresses", seed=10), lambda s: s.phase == "deploy" and s.awaiting == (0,)
                   and sum(f >= 0 for f in s.fortress) >= 2 and s.storm >= 0 and s.round >= 3, seed=0)


@pytest.mark.slow
def test_express_fortresses_at_80x24(snap_compare):
    """X29-X35 on the screen: eight dice, the tactical die's face; ▲ and the owner's letter, ≈ the storm."""
    assert snap_compare(make_app(fortified(), resumed=True), terminal_size=(80, 24), run_before=waiting_for_human())


@pytest.mark.slow
@pilot_test
async def test_express_fortresses_are_drawn_and_the_8_key_marks_the_tactical_die():
    game = fortified()
    state = game.controller.state
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        text = screen_text(app)
        for owner in state.fortress:
            assert owner < 0 or f"▲{'HFCBAG'[owner]}" in text
        assert "≈" in text and "tactic" in text
    game = advance(express(2, "fortresses", seed=3), lambda s: s.phase == "roll" and s.awaiting == (0,)
                   and not s.kept >> 7 & 1, seed=1)
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.press("8")
        await until(pilot, lambda: "Set aside 1" in screen_text(app))
        await pilot.press("r")
        await until(pilot, lambda: game.controller.state.kept >> 7 & 1 or game.controller.state.phase != "roll")


def test_the_board_lights_where_the_tactical_die_acts():
    """X31-X35: a fortress built or destroyed, the storm's place, where an Assignment sends a unit."""
    from dune_tui.ui.games.express.board import place_of

    view = express(2, "fortresses").controller.state
    assert [place_of(view, k) for k in (("fortress", 2), ("atomic", 1), ("storm", 4), ("assign", 0, 3, 1))] == \
        [2, 1, 4, 3]


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "keys"), [("fortresses", "1-8"), ("", "1-7")])
@pilot_test
async def test_the_footer_and_help_name_the_keys_of_the_dice_rolled(variant, keys):
    """With the fortresses, Express rolls eight dice: the footer and `?` say 1-8, and `1` still marks the first die;
    without them, seven: 1-7."""
    game = advance(express(2, variant, seed=3), lambda s: s.phase == "roll" and s.awaiting == (0,)
                   and not s.kept & 1, seed=1)
    app = make_app(game, resumed=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await until(pilot, lambda: f"{keys} Mark" in screen_text(app), what=f"{keys} in the footer")
        other = "1-7" if keys == "1-8" else "1-8"
        assert f"{other} Mark" not in screen_text(app)
        await pilot.press("1")
        await until(pilot, lambda: "Set aside 1" in screen_text(app), what="die 1 marked")
        await pilot.press("question_mark")
        await until(pilot, lambda: screen_name(app) == "Help", what="the help")
        assert keys in screen_text(app)


def test_the_advice_names_the_tactical_die_s_key_among_the_dice_set_aside():
    """With fortresses the tactical die is an eighth die: an option keeping it starts with its key, 8 (the advice
    counted seven dice and left it out)."""
    from dune_tui.games import express
    from dune_tui.ui.widgets.advice import option_text

    state = express.new_game(express.with_variants("fortresses", players=2, seed=3))
    for _ in range(200):
        if state.phase == "roll" and len(state.dice) == 8:
            break
        seat = state.awaiting[0]
        express.apply(state, seat, express.legal_actions(state, seat)[-1])
    seat = state.awaiting[0]
    view = express.view(state, seat)
    keeps = [a for a in express.legal_actions(state, seat) if a[0] == "keep" and (a[1] & ~view.kept) >> 7 & 1]
    assert keeps and all(option_text(view, a).split(":")[0].split()[-1] == "8" for a in keeps)


@pilot_test
async def test_at_80x24_a_landing_shows_three_options_under_its_question():
    """A newcomer at 80×24 saw two of a landing's options: the question and what it leaves to pay with took five of
    the panel's seven rows, and "3 Move 1 Atreides troop…" hid below them."""
    from dune_tui.games import express as rules

    game = advance(express(4, "houses,thumper", seed=11), lambda s: s.phase == "deploy" and s.awaiting == (0,)
                   and len(rules.legal_actions(s, 0)) >= 3, seed=3)
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        assert len(app.screen.current.legal) >= 3
        text = await until_shown(pilot, "Land troops")
        rows = [line[:48] for line in text.splitlines()]
        for key in ("1", "2", "3"):
            assert any(row.startswith(f" {key} ") for row in rows), text
