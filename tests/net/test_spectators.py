"""Spectators and chat at a hosted table (issue 33, section 3): any number may watch, none changes the game's
pace; a chat line names the seat, its side and its player, and a rejoined screen shows it where it was said."""

from __future__ import annotations

import asyncio

from net_helpers import ANN, BOB, Hosted, Player, bot, until

from dune_tui.commands.play import JoinedApp
from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.net.client import RemoteTable
from dune_tui.session import SeatConfig, Session
from dune_tui.table.messages import SPECTATOR, Chat, EventBatch, Pace, Refused, SetPace, Skip
from dune_tui.ui.widgets.log import GameLog
from tests.ui.ui_helpers import pilot_test, screen_text
from tests.ui.ui_helpers import until as ui_until


def side(game: Session, seat: int) -> str:
    return game.controller.game.side_name(game.controller.game.seat_sides(game.state)[seat])


def footer_of(app) -> str:
    """The footer's line of keys."""
    return next(line for line in reversed(screen_text(app).splitlines()) if "Quit" in line)


def logged(app) -> list[str]:
    """The lines the game screen's log has written ([] before the game screen is up)."""
    logs = list(app.screen.query(GameLog))
    return logs[0].lines_written if logs else []


def test_any_number_of_spectators_watch_and_none_sends_another_away():
    game = Session(Options(players=3, seed=5), [ANN, BOB, bot()], bots_secret=5)

    async def main():
        async with Hosted(game) as hosted:
            watchers = [Player(await RemoteTable.join(hosted.address(SPECTATOR))) for _ in range(3)]
            # The players are kept (a Player nobody holds may be collected, and the game would stall).
            ann = Player(await RemoteTable.join(hosted.address(0)), answer=True, seed=1)
            bob = Player(await RemoteTable.join(hosted.address(1)), answer=True, seed=2)
            await until(lambda: all(len(w.of(EventBatch)) >= 5 for w in watchers) or game.state.over,
                        "every watcher sees the game go on")
            assert ann.remote.reason == bob.remote.reason == ""
            return [w.remote.reason for w in watchers]

    assert asyncio.run(main()) == ["", "", ""], "no spectator was sent away"


def test_a_spectator_cannot_change_the_pace_or_skip_for_everyone_a_player_can():
    game = Session(Options(players=3, seed=5), [ANN, bot(), bot()], bots_secret=5)

    async def main():
        async with Hosted(game, pause=0.5) as hosted:
            ann = Player(await RemoteTable.join(hosted.address(0)))
            watcher = Player(await RemoteTable.join(hosted.address(SPECTATOR)))
            watcher.send(SetPace(pause=7.0))
            watcher.send(Skip())
            await until(lambda: len(watcher.of(Refused)) == 2, "both refused")
            ann.send(SetPace(pause=2.0))
            await until(lambda: ann.of(Pace), "Ann's pace reaches the table")
            return ann.of(Pace), watcher.of(Pace), watcher.of(Refused), hosted.table.pause

    ann_paces, watcher_paces, refused, pause = asyncio.run(main())
    assert [p.pause for p in ann_paces] == [2.0] == [p.pause for p in watcher_paces], "only Ann's pace was broadcast"
    assert pause == 2.0
    assert all("does not take" in r.reason for r in refused)


def test_chat_lines_say_the_seat_its_side_and_its_player_even_without_names():
    nameless = SeatConfig(kind="human", agent="")
    game = Session(Options(players=3, seed=5), [nameless, nameless, bot()], bots_secret=5)

    async def main():
        async with Hosted(game) as hosted:
            one = Player(await RemoteTable.join(hosted.address(0)))
            two = Player(await RemoteTable.join(hosted.address(1)))
            watcher = Player(await RemoteTable.join(hosted.address(SPECTATOR)))
            for player in (one, two, watcher):
                player.send(Chat(text="hi"))
            await until(lambda: len(watcher.of(Chat)) == 3, "three lines")
            return [c.name for c in watcher.of(Chat)]

    names = asyncio.run(main())
    assert names == [f"Seat 1 · {side(game, 0)}", f"Seat 2 · {side(game, 1)}", "Watcher"]
    assert all(side(game, s) for s in (0, 1))


@pilot_test
async def test_a_joined_spectator_is_offered_no_skip_nor_pause_and_its_keys_change_nothing():
    game = Session(Options(players=3, seed=5, dice="splitmix"), [ANN, bot(), bot()], bots_secret=5)
    async with Hosted(game, pause=0.5) as hosted:
        app = JoinedApp(hosted.address(SPECTATOR))
        async with app.run_test(size=(100, 30)) as pilot:
            await ui_until(pilot, lambda: "Waiting for seat 1" in screen_text(app) and "Quit" in screen_text(app),
                           what="the table and the footer")
            footer = footer_of(app)
            assert "Quit" in footer and "Skip" not in footer and "Pause" not in footer and "Hint" not in footer
            await pilot.press("p", "s")
            await pilot.pause(0.2)
        assert (hosted.table.pause, hosted.table.skipping) == (0.5, False)
        seat = JoinedApp(hosted.address(0))
        async with seat.run_test(size=(100, 30)) as pilot:
            await ui_until(pilot, lambda: "Your decision" in screen_text(seat) and "Quit" in screen_text(seat),
                           what="Ann's decision and the footer")
            footer = footer_of(seat)
            assert "Skip" in footer and "Pause" in footer, "a player keeps them"


@pilot_test
async def test_a_rejoined_screen_shows_past_chat_where_it_was_said_among_the_events():
    game = Session(Options(players=3, seed=5, dice="splitmix"), [ANN, bot(), bot()], bots_secret=5)
    async with Hosted(game) as hosted:
        ann = Player(await RemoteTable.join(hosted.address(0)))
        await until(lambda: ann.open_requests(), "Ann is asked")
        ann.send(Chat(text="good luck"))
        await until(lambda: ann.of(Chat), "the line said")
        first = ann.open_requests()[0]
        ann.send(Decision(first.id, 0, first.legal[0]))
        await until(lambda: ann.open_requests() and ann.open_requests()[0].id != first.id, "Ann asked again")
        said = ann.got.index(ann.of(Chat)[0])
        before = [e.text for e in ann.got[0].events] + [e.text for m in ann.got[:said] if isinstance(m, EventBatch)
                                                        for e in m.events]
        after = [e.text for m in ann.got[said:] if isinstance(m, EventBatch) for e in m.events]
        assert after, "the game went on after the line"
        line = f"Seat 1 · {side(game, 0)} (Ann): good luck"
        app = JoinedApp(hosted.address(0))  # Ann sits down again from a new terminal
        async with app.run_test(size=(100, 30)) as pilot:
            await ui_until(pilot, lambda: line in logged(app), what="the chat line")
            assert logged(app) == [*before, line, *after]
