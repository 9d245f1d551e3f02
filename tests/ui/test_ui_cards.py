"""House cards in full (`c`), as a player sees them: leaders by name and strength, troops, spice, the
abilities with the knot ones marked, who plays each house; the Bene Gesserit prediction on its own screen only."""

from __future__ import annotations

import random

import pytest
from ui_helpers import (
    HUMAN,
    at_commit,
    bot,
    human_waiting,
    make_app,
    pilot_test,
    play_until,
    screen_name,
    screen_text,
    session,
    until,
    until_shown,
)

from dune_tui.controller import Decision
from dune_tui.games.dune import legal_actions
from dune_tui.games.dune.data import FACTION_LETTERS, FACTION_NAMES, REGION_NAMES, STRATEGIC_ORDER
from dune_tui.ui.games.dune.abilities import ABILITIES, KNOT_MARK
from dune_tui.ui.games.dune.over import strategic_by_round
from dune_tui.ui.games.dune.reveal import Reveal

FACTIONS = ("bg", "atreides", "corrino", "guild", "fremen")
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def five_houses(human: int):
    """Five houses, the Bene Gesserit at seat 0, one human at `human`, stopped at that human's first turn."""
    seats = [bot() for _ in range(5)]
    seats[human] = HUMAN
    game = session(5, seats=seats, seed=3, factions=FACTIONS)
    return play_until(game, lambda s: s.turn > 0 and s.awaiting == (human,), seed=3)


async def open_cards(pilot) -> str:
    await until(pilot, lambda: human_waiting(pilot.app))
    await pilot.press("c")
    await until(pilot, lambda: screen_name(pilot.app) == "HousesScreen")
    await pilot.pause()
    return screen_text(pilot.app)


def card_text(app) -> str:
    """What the cards show on screen: at 120x40 all five fit, two side by side, each with its left bar."""
    return screen_text(app)


@pytest.mark.slow
@pilot_test
async def test_the_prediction_shows_on_the_bene_gesserit_screen_only():
    game = five_houses(human=0)
    predicted = FACTION_NAMES[game.state.prediction]
    app = make_app(game, resumed=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_cards(pilot)
        assert f"Predicts the {predicted}" in card_text(app)

    app = make_app(five_houses(human=1), resumed=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_cards(pilot)
        text = card_text(app)
        assert "Bene Gesserit" in text and "Predicts" not in text


@pytest.mark.slow
@pilot_test
async def test_each_card_names_its_leaders_its_player_and_its_abilities_with_the_knots_marked():
    app = make_app(five_houses(human=1), resumed=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_cards(pilot)
        text = card_text(app)
        assert "Leto + Duncan Idaho (strength 3, both 5)" in text
        assert "Emperor Shaddam IV (strength 3)" in text
        assert "Atreides — you" in text and "bot, random" in text
        assert "stored (at most 5)" in text, "Corrino's and the Guild's spice"
        for f in (0, 4, 5, 6):
            for ability in ABILITIES[f]:
                mark = KNOT_MARK if ability.knot(f) else " "
                assert f"▊ {mark} {ability.name}: {ability.text.split()[0]}" in text
        assert text.count(f"▊ {KNOT_MARK} ") == 4, "a knot for each house but the Bene Gesserit"
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "GameScreen")


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_house_cards(snap_compare, size):
    async def run_before(pilot) -> None:
        await open_cards(pilot)

    assert snap_compare(make_app(five_houses(human=0), resumed=True), terminal_size=size, run_before=run_before)


# ------------------------------------------------------------------------ the battle reveal
def after_a_battle():
    """A two-player game just after a battle of the human's (seat 0), and that battle's reveal."""
    game = play_until(at_commit(), lambda s: s.awaiting == (0,) and s.phase != "commit")
    reveal = next(e for e in reversed(game.history) if e.kind == "reveal")
    return game, reveal


async def show_reveal(pilot, reveal, batch) -> str:
    await until(pilot, lambda: human_waiting(pilot.app))
    pilot.app.push_screen(Reveal(reveal, batch))
    await until(pilot, lambda: screen_name(pilot.app) == "Reveal")
    await pilot.pause()
    return screen_text(pilot.app)


@pytest.mark.slow
@pilot_test
async def test_the_reveal_shows_both_commits_side_by_side_their_totals_and_the_result():
    game, reveal = after_a_battle()
    d = reveal.data
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await show_reveal(pilot, reveal, game.history)
        attacker, defender = FACTION_NAMES[d.attacker_id], FACTION_NAMES[d.defender_id]
        header = next(line for line in text.splitlines() if "(attacking)" in line)
        assert header.index(f"{attacker} (attacking)") < header.index(f"{defender} (defending)"), "side by side"
        total = next(line for line in text.splitlines() if "Strength" in line).strip("█ ").split()
        assert total[-2:] == [str(d.attack), str(d.defence)]
        assert f"The {FACTION_NAMES[d.winner_id]} win" in text
        assert ("tie" in text) == (d.attack == d.defence)
        losers = FACTION_NAMES[d.defender_id if d.attacker_wins else d.attacker_id]
        assert f"{losers} lose: " in text and f"{losers} lose: nothing" not in text, "the losing side loses troops"
        await until_shown(pilot, "Polar Sink")  # the map stays in sight (drawn a moment after, on a loaded machine)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "GameScreen")


@pytest.mark.slow
@pilot_test
async def test_the_reveal_names_the_committed_leaders_that_went_to_the_reserve():
    """Issue 33: "Corrino lose: nothing" while Shaddam IV went to the reserve. Both sides commit their leader
    (a troop and Liet Kynes against a troop and Edric): each result line names it, and the log says it."""
    game = at_commit()
    controller = game.controller
    for seat in controller.state.awaiting:
        f = controller.state.seat_faction[seat]
        request = next(r for r in controller.pending() if r.seat == seat)
        batches = controller.submit(Decision(request.id, seat, ("commit", ((f, 1),), ((f, 1),))))
        game.history.extend({id(e): e for b in batches for e in b.events}.values())
    reveal = next(e for e in reversed(game.history) if e.kind == "reveal")
    assert {reveal.data.attacker_id, reveal.data.defender_id} == {2, 5}  # Fremen and the Guild
    texts = [e.text for e in game.history]
    assert "Fremen loses Liet Kynes, committed, to the reserve." in texts
    app = make_app(game, resumed=True)
    async with app.run_test(size=(120, 40)) as pilot:
        text = await show_reveal(pilot, reveal, game.history)
        flat = " ".join(text.split())
        assert "Fremen lose: 1 Fremen and Liet Kynes (committed, to the reserve)" in flat
        assert "Spacing Guild lose: 1 Spacing Guild and Edric (committed, to the reserve)" in flat
        assert "lose: nothing" not in flat


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_battle_reveal_side_by_side(snap_compare, size):
    game, reveal = after_a_battle()

    async def run_before(pilot) -> None:
        await show_reveal(pilot, reveal, game.history)

    assert snap_compare(make_app(game, resumed=True), terminal_size=size, run_before=run_before)


# ------------------------------------------------------------------------ the game-over picture
def played_out(players: int, seed: int):
    """A bots' game played to its end outside the UI, and the strategic regions each house really held
    at the end of each round (read off the engine's state as the rounds end)."""
    game = session(players, seats=[bot() for _ in range(players)], seed=seed)
    rng = random.Random(seed)
    truth: dict[int, list[int]] = {f: [] for f in game.state.seat_faction}
    controller = game.controller
    while not controller.state.over:
        state = controller.state
        seat = state.awaiting[0]
        request = next(r for r in controller.pending() if r.seat == seat)
        batches = controller.submit(Decision(request.id, seat, rng.choice(legal_actions(state, seat))))
        events = list({id(e): e for b in batches for e in b.events}.values())
        game.history.extend(events)
        if any(e.kind == "round" for e in events) or controller.state.over:
            for f in truth:
                truth[f].append(sum(1 for r in STRATEGIC_ORDER if controller.state.troops_of(r, f)))
    return game, truth


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (6, 3), (6, 11)])
def test_strategic_regions_round_by_round_are_what_the_map_held(players, seed):
    game, truth = played_out(players, seed)
    assert strategic_by_round(game) == truth


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pilot_test
async def test_the_game_over_picture_has_a_line_per_house_in_columns(size):
    """A row per house, its name apart from its bars (`[H] Harkonnen` is the longest), the bars under the
    rounds' numbers and every row's bars, figures and battles starting in the same columns, at both sizes."""
    game, truth = played_out(4, 2)
    app = make_app(game, resumed=True)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: screen_name(app) == "GameOverScreen")
        await pilot.press("end")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        start = next(i for i, line in enumerate(lines) if "Strategic regions held at the end of each round" in line)
        header, rows = lines[start + 1], lines[start + 2:start + 2 + len(truth)]
        rounds = " ".join(str(r) for r in range(1, len(next(iter(truth.values()))) + 1))
        bars_at = header.index(rounds)
        figures_at = header.index(rounds, bars_at + 1)
        for f, row in zip(truth, rows, strict=True):
            label = f"[{FACTION_LETTERS[f]}] "
            name_at = row.index(label)
            assert row[name_at:bars_at].rstrip() != row[name_at:bars_at], row  # a space before the bars
            assert row[bars_at] != " " and row[figures_at:].startswith(" ".join(map(str, truth[f]))), row
        assert all("-" in row.split()[-1] for row in rows)
        assert len({len(row.rstrip()) for row in rows}) == 1, rows  # the battles, right-aligned


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_game_over_picture(snap_compare, size):
    async def run_before(pilot) -> None:
        await until(pilot, lambda: screen_name(pilot.app) == "GameOverScreen")
        await pilot.pause()

    assert snap_compare(make_app(played_out(4, 2)[0], resumed=True), terminal_size=size, run_before=run_before)


@pytest.mark.slow
@pilot_test
async def test_a_click_on_a_house_opens_the_cards_and_esc_closes_them():
    app = make_app(five_houses(human=1), resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        await pilot.click("HouseCard")
        await until(pilot, lambda: screen_name(app) == "HousesScreen")
        await pilot.press("escape")
        await until(pilot, lambda: human_waiting(app))


@pytest.mark.parametrize("seed", [3, 5, 9])
@pilot_test
async def test_the_one_line_house_cards_keep_their_numbers_in_one_column_at_80x24(seed):
    """Five houses, the Corrino's Sardaukar and stores making their line the longest: every card's numbers
    (`L1 T… R…`) start in the same column, and each line shows its numbers whole (who plays a house gives way,
    then the names are cut)."""
    seats = [bot() for _ in range(5)]
    seats[0] = HUMAN
    game = play_until(session(5, seats=seats, seed=seed, factions=("corrino", "guild", "harkonnen", "fremen", "bg")),
                      lambda s: s.turn > 2 and s.awaiting == (0,), seed=seed)
    app = make_app(game, resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: human_waiting(app))
        card = app.screen.query_one("HouseCard")
        x0, y0 = card.region.x, card.region.y
        rows = [line[x0:] for line in screen_text(app).splitlines()[y0:y0 + 5]]
        starts = {row.index(" L") for row in rows}
        assert len(starts) == 1, rows
        cards = list(app.screen.query("HouseCard"))
        for row, card in zip(rows, cards, strict=True):  # the numbers whole (who plays a house may be cut after them)
            f = card.view.seat_faction[card.seat]
            assert card._numbers(card.view, f, False).plain in row, row


@pytest.mark.slow
@pilot_test
async def test_help_on_the_game_over_says_how_to_scroll_to_the_picture():
    app = make_app(played_out(4, 2)[0], resumed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "GameOverScreen")
        await pilot.press("question_mark")
        await until(pilot, lambda: screen_name(app) == "Help")
        await pilot.press("end")
        await pilot.pause()
        text = " ".join(screen_text(app).replace("█", " ").split())  # the dialog's lines, joined
        assert "Home/End scroll the result" in text and "round by round" in text


@pytest.mark.slow
@pilot_test
async def test_a_battle_between_bots_is_told_in_a_notice_that_takes_no_keys():
    """The reveal dialog is for a battle a human fights; another battle shows as a notice over the log for a few
    seconds (where, both strengths, who won), and the decision on screen keeps its keys."""
    from dune_tui.controller import EventBatch
    from dune_tui.ui.screens.game import TableSays

    game = session(4, seed=1)
    play_until(game, lambda s: any(e.kind == "reveal" and e.data.attacker_seat and e.data.defender_seat
                                   for e in game.history), seed=1)
    reveal = next(e for e in game.history if e.kind == "reveal" and e.data.attacker_seat and e.data.defender_seat)
    app = make_app(session(4, seed=1))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: human_waiting(app))
        screen = app.screen
        screen._take(TableSays(screen.watching, EventBatch(screen.watching, [reveal])))
        await until(pilot, lambda: "defend with" in screen_text(app), timeout=2, what="the notice")
        d = reveal.data
        box = app.screen.query_one("Toast").region  # the notice as drawn, over the log
        lines = screen_text(app).splitlines()[box.y:box.y + box.height]
        text = " ".join(" ".join(line[box.x:box.x + box.width] for line in lines).replace("▌", " ").split())
        assert "Battle" in text and REGION_NAMES[d.loc] in text
        assert screen_name(app) == "GameScreen" and human_waiting(app)
        assert f"attack with {d.attack}" in text and f"defend with {d.defence}" in text
        assert f"The {FACTION_NAMES[d.winner_id]} win." in text
        request = app.screen.current
        await pilot.press("a")  # the roll on screen still takes its keys: keep all
        await until(pilot, lambda: app.screen.current is not request, what="the roll answered")
