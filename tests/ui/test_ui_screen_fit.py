"""What the screen shows must fit where it is drawn (issue 41, "the screen"): troops inside their region's box
at 120×40 (not on its border, where an option's label covers them), a house's card whole, the decision's text
apart from the log's, labels that read whole at 80×24."""

from __future__ import annotations

import pytest
from textual.app import App
from ui_helpers import HUMAN, human_waiting, make_app, pilot_test, screen_text, session, until

from dune_tui.games.dune import Options, new_game, view
from dune_tui.games.dune.data import (
    CONSTRUCTION_KINDS,
    FACTION_LETTERS,
    FACTION_UNITS,
    HABBANYA_SIETCH,
    SARDAUKAR,
    TUEKS_SIETCH,
)
from dune_tui.ui.games.dune.map import MapView, troop_tokens

ROOMY_MAP = (64, 18)  # the map's room at 120×40 (dune.tcss: .-wide.-tall #map)


class MapApp(App):
    def __init__(self, v, size) -> None:
        super().__init__()
        self.v, self.map_size = v, size

    def compose(self):
        board = MapView(self.v, id="map")
        board.styles.width, board.styles.height = self.map_size
        yield board


def crowded(phase: str, loc: int):
    """A 4-player view with every house's troops (and Corrino's Sardaukar) in `loc`, its construction built,
    the decision about it: the movement target and a battle there."""
    v = view(new_game(Options(players=4, seed=7)), -1)
    for f in set(v.seat_faction):
        units = FACTION_UNITS[f]
        v.board[loc * 9 + units[0]] = 1
        if SARDAUKAR in units:
            v.board[loc * 9 + SARDAUKAR] = 2
    v.constr[loc] = CONSTRUCTION_KINDS[-1]  # an Ornithopter: the longest name
    v.phase, v.target, v.b_loc = phase, loc, loc
    return v


@pilot_test
async def test_every_troop_in_a_crowded_sietch_stays_inside_its_box_at_120x40():
    for loc in (TUEKS_SIETCH, HABBANYA_SIETCH):
        for phase in ("move", "commit"):
            v = crowded(phase, loc)
            app = MapApp(v, ROOMY_MAP)
            async with app.run_test(size=(80, 24)) as pilot:
                board = app.query_one(MapView)
                board.light({loc: [2]})  # an option lit there: its label sits on the box's top border
                await pilot.pause()
                box = board.drawn[loc]
                rows = board.render().plain.splitlines()
                inside = "\n".join(row[box.x + 1:box.x + box.w - 1] for row in rows[box.y + 1:box.y + box.h - 1])
                tokens = [t.plain for t in troop_tokens(v, loc)]
                assert len(tokens) == 4
                for token in tokens:
                    assert token in inside.split(), (phase, token, "\n".join(rows))
                assert "Tuek's" in inside or "Habbanya" in inside


def test_sardaukar_without_other_troops_read_as_a_count_of_none_and_sardaukar():
    """Corrino with no troops and one Sardaukar read `C0+1s` on both games' boards (`C+1s` read as a typo)."""
    from dune_tui.games import express
    from dune_tui.games.express.data import SARDAUKAR as EXPRESS_SARDAUKAR
    from dune_tui.ui.games.express.labels import troops

    v = crowded("move", TUEKS_SIETCH)
    v.board[TUEKS_SIETCH * 9:TUEKS_SIETCH * 9 + 9] = [0] * 8 + [1]
    assert [t.plain for t in troop_tokens(v, TUEKS_SIETCH)] == ["C0+1s"]
    e = express.view(express.new_game(express.Options(players=3, seed=1)), -1)
    e.board[0:7] = [0] * 7
    e.board[EXPRESS_SARDAUKAR] = 1
    assert [t.plain for t in troops(e, 0)] == ["C0+1s"]


@pilot_test
async def test_a_house_card_with_every_figure_shows_them_all_at_120x40():
    """Corrino with Sardaukar on the card and in reserve, stored spice and two markers: the card's line was cut
    ("…reserve 7+2s · spice 3 ·") with rows to spare below the cards; it goes on on a line of its own."""
    from dune_tui.games.dune.data import CORRINO
    from dune_tui.ui.games.dune.houses import HouseCards

    app = make_app(session(4, seats=[HUMAN] * 4, factions=("guild", "fremen", "corrino", "harkonnen")))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        v = app.screen.current.view.copy()
        v.card[SARDAUKAR], v.reserve[SARDAUKAR], v.store[CORRINO] = 1, 2, 3
        v.snooper = v.shield = CORRINO
        houses = app.screen.query_one(HouseCards)
        houses.show(v, houses.you)
        await pilot.pause()
        text = screen_text(app)
        for words in ("reserve 8+2s", "spice 3", "Snooper Shield"):
            assert words in text, text
        corrino = text.index("C Corrino")
        assert text.index("H Harkonnen") > text.index("Snooper Shield") > corrino, "the figures under their house"


@pilot_test
async def test_the_decision_and_the_log_keep_a_blank_column_between_them():
    """An option's text ran into the log's ("Fortifications inHarkonnen, Spacing Guild"): whatever the panel
    draws ends a column before the log's text begins, at 80×24 and 120×40, with the advice open too."""
    for size in ((80, 24), (120, 40)):
        app = make_app(session(4, seats=[HUMAN] * 4, factions=("guild", "fremen", "corrino", "harkonnen")))
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: human_waiting(pilot.app))
            for advising in (False, True):
                app.screen.query_one("#log-box").set_class(advising, "-advising")
                await pilot.pause()
                right = max(w.content_region.right for w in app.screen.query("#decision *") if w.display)
                for panel in app.screen.query("#log, #advice"):
                    if panel.region.width:
                        assert panel.content_region.x > right, (size, panel.id, advising)


def panel_words(app) -> list[str]:
    """The words the decision panel shows, title included, in the order read."""
    region = app.screen.query_one("#decision").region
    rows = screen_text(app).splitlines()[region.y:region.bottom]
    return " ".join(row[region.x:region.right] for row in rows).replace("─", " ").split()


@pytest.mark.slow
@pilot_test
async def test_the_advice_leaves_the_decision_readable():
    """`h` opened the advice over two thirds of the width: at 80×24 the question was cut ("[C] Co…", the
    storm's line gone) until Esc. With the advice shown, every word of the decision still reads."""
    for size in ((80, 24), (120, 40)):
        await advice_beside_the_decision(size)


async def advice_beside_the_decision(size) -> None:
    app = make_app(session(2, seed=7))
    app.settings.advisor = "mcts:iters=50"
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: human_waiting(app))
        before = panel_words(app)
        await pilot.press("h")
        panel = app.screen.query_one("#advice")
        await until(pilot, lambda: bool(panel.advice), timeout=10, what="the advice")
        await pilot.pause()
        assert panel_words(app) == before, screen_text(app)
        assert "%" in screen_text(app)


class DiceApp(App):
    def __init__(self, v) -> None:
        super().__init__()
        self.v = v

    def compose(self):
        from dune_tui.ui.games.express.dice import ExpressDice

        tray = ExpressDice(id="dice")
        tray.view = self.v
        yield tray


def unmarked_cut(shown: str, full: str) -> bool:
    """`shown` is `full` cut short in the middle of a word with nothing to say so ("Atreid", "traito", "Fortre";
    not "Tuek's" of "Tuek's Sietch", nor "Fort.")."""
    return (bool(shown) and shown != full and full.startswith(shown) and not shown.endswith(".")
            and full[len(shown)].isalnum())


@pilot_test
async def test_express_eight_dice_read_whole_or_marked_short_at_80_columns():
    """With the fortresses' tactical die, eight dice share 80 columns: every face and every die's kind reads
    whole or as a marked abbreviation ("Atr."), never cut ("Atreid", "traito", "Fortre"), while rolling too."""
    from dune_tui.games import express
    from dune_tui.games.express.options import with_variants
    from dune_tui.games.express.text import face_text
    from dune_tui.ui.games.express.dice import KINDS

    v = express.view(express.new_game(with_variants("fortresses,thumper", players=3, seed=1)), -1)
    v.turn, v.phase = 1, "roll"
    for kept in (0, 0b1):  # nothing aside yet; a die aside (a ┊ between)
        for face in range(6):
            v.dice = [face] * len(v.dice)
            v.kept = kept
            app = DiceApp(v)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                tray = app.query_one("#dice")
                rows = tray.render().plain.splitlines()
                for x0, x1, d in tray.drawn:
                    middle, bottom = rows[1][x0 + 1:x1 - 1].strip(), rows[2][x0 + 1:x1 - 1].strip("─")
                    assert not unmarked_cut(middle, face_text(v, d, face)), (middle, rows)
                    assert not unmarked_cut(bottom, KINDS[d]), (bottom, rows)


class TrayApp(App):
    def __init__(self, v) -> None:
        super().__init__()
        self.v = v

    def compose(self):
        from dune_tui.ui.games.dune.dice import DiceTray

        tray = DiceTray(id="dice")
        tray.view = self.v
        yield tray


@pilot_test
async def test_the_first_games_dice_read_whole_or_marked_short_at_80_columns():
    """The seven dice at 80 columns: "C Corrin", "A Atreid", "Crysknif" were cut mid-word."""
    from dune_tui.games.dune.data import DIE_FACES, FACTION_NAMES, KANLY_DIE, KANLY_NAMES

    v = view(new_game(Options(players=2, seed=7)), -1)
    v.turn, v.phase, v.kept = 1, "roll", 0
    for n in range(6):
        v.dice = [faces[n] for faces in DIE_FACES]
        app = TrayApp(v)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            tray = app.query_one("#dice")
            rows = tray.render().plain.splitlines()
            for x0, x1, d in tray.drawn:
                middle = rows[1][x0 + 1:x1 - 1].strip()
                face = v.dice[d]
                if d < 4:
                    assert middle[:2] == FACTION_LETTERS[face] + " ", middle
                    assert not unmarked_cut(middle[2:], FACTION_NAMES[face]), (middle, rows)
                elif d == KANLY_DIE:
                    assert not unmarked_cut(middle, KANLY_NAMES[face]), (middle, rows)


@pilot_test
async def test_the_review_names_every_house_whole_and_an_unnamed_player_by_seat(tmp_path):
    """At 80×24 the review's chart cut "[H] Harkonne" and the house cards called a human without a name "P2"."""
    from dune_tui.review import Budget, open_review
    from dune_tui.session import SeatConfig
    from dune_tui.ui.app import DuneApp
    from dune_tui.ui.screens.review import ReviewScreen
    from dune_tui.ui.settings import Settings
    from tests.review import games

    options = Options(players=3, seed=5, factions=("atreides", "harkonnen", "fremen"))
    seats = [SeatConfig(kind="human", name="You"), SeatConfig(kind="human"), SeatConfig(kind="bot", agent="random")]
    path = games.write(options, games.play(options, stop=lambda c: c.state.round >= 2), tmp_path / "g.dune.json",
                       seats=seats)
    screen = ReviewScreen(open_review(path), Budget(iters=5, rollouts=2), exit_on_back=True)
    app = DuneApp(None, Settings(bots="thread"), first=screen)
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.analysis is not None, timeout=60, what="the analysis")
        await pilot.pause()
        text = screen_text(app)
        assert "[H] Harkonnen " in text, text
        assert "seat 2" in text and "P2" not in text, text


@pilot_test
async def test_express_houses_at_80_columns_name_their_bots_whole():
    """Dune Express at 80×24 with bots: "Bot (heurist…" was cut at the panel's edge; a bot reads `bot heur.`."""
    from dune_tui.games.express.options import with_variants
    from dune_tui.session import SeatConfig, Session

    seats = [HUMAN, *[SeatConfig(kind="bot", agent="heuristic")] * 3]
    app = make_app(Session(with_variants("", players=4, seed=5), seats, bots_secret=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        panel = app.screen.query_one("#houses")
        region = panel.content_region
        rows = screen_text(app).splitlines()[region.y:region.bottom]
        text = "\n".join(row[region.x:region.right] for row in rows)
        assert text.count("bot heur.") == 3 and "…" not in text, text


@pilot_test
async def test_the_decision_title_keeps_the_whole_side_at_80_columns():
    """A hot seat with named players at 80×24: the panel's title "Decide now: seat 1 [H] Harkonnen, Alexandra
    Dubois" was cut ("[H] Harkonne…"); the title gives up its words before the side's name."""
    from dune_tui.session import SeatConfig, Session

    seats = [SeatConfig(kind="human", name="Alexandra Dubois"), SeatConfig(kind="human", name="Maximilian Ortega")]
    game = Session(Options(players=2, seed=7, factions=("harkonnen", "corrino"), dice="splitmix"), seats,
                   bots_secret=7)
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        region = app.screen.query_one("#decision").region
        title = screen_text(app).splitlines()[region.y][region.x:region.right]
        side = "[H] Harkonnen" if app.screen.current.seat == 0 else "[C] Corrino"
        assert side in title and "…" not in title, title
