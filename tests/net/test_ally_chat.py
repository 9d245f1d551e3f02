"""Issue 43: a player says a line to its ally only; the game says who is allied now (the first game: the active
player and the ally it chose this turn), generic code asks it.  Over the real socket: only the allies' clients
hear the line, then and in a Welcome; a seat without an ally and a watcher are refused, nothing said."""

from __future__ import annotations

import asyncio

from net_helpers import Hosted, Player, until

from dune_tui.commands.play import JoinedApp
from dune_tui.games.dune import Options
from dune_tui.net.client import RemoteTable
from dune_tui.session import SeatConfig, Session
from dune_tui.table.messages import SPECTATOR, Chat, Refused, Welcome
from tests.sessions import play_until
from tests.ui.ui_helpers import pilot_test, screen_text
from tests.ui.ui_helpers import until as ui_until

HUMANS = [SeatConfig(kind="human", agent="", name=n) for n in ("Ann", "Bob", "Cid", "Dee")]


def allied_game() -> tuple[Session, tuple[int, int], int]:
    """Four humans (alliances need 4) stopped where the active player has an ally: (game, (active, ally), a
    third seat)."""
    for seed in range(1, 60):
        game = Session(Options(players=4, seed=seed), list(HUMANS), bots_secret=seed)
        try:
            play_until(game, lambda s: s.turn > 0 and s.ally >= 0 and not s.over, seed=seed)
        except AssertionError:
            continue
        s = game.state
        pair = (s.active, s.faction_seat[s.ally])
        return game, pair, min({0, 1, 2, 3} - set(pair))
    raise AssertionError("no alliance in 60 games")


def test_a_line_to_my_ally_reaches_my_ally_only_and_others_are_refused():
    game, (active, ally), third = allied_game()

    async def main():
        async with Hosted(game) as hosted:
            players = {s: Player(await RemoteTable.join(hosted.address(s))) for s in range(4)}
            watcher = Player(await RemoteTable.join(hosted.address(SPECTATOR)))
            players[active].send(Chat(text="let us take Arrakeen", ally=True))
            players[third].send(Chat(text="me too", ally=True))
            watcher.send(Chat(text="and me", ally=True))
            await until(lambda: players[ally].of(Chat) and players[third].of(Refused) and watcher.of(Refused),
                        "the line and the refusals")
            players[ally].send(Chat(text="public"))
            await until(lambda: len(players[third].of(Chat)) == 1, "a line to all comes after")
            late = Player(await RemoteTable.join(hosted.address(SPECTATOR)))
            again = Player(await RemoteTable.join(hosted.address(ally)))
            await until(lambda: late.of(Welcome) and again.of(Welcome), "welcomes")
            return ({s: [c.text for c in p.of(Chat)] for s, p in players.items()}, watcher.of(Chat),
                    players[third].of(Refused)[0].reason, watcher.of(Refused)[0].reason,
                    [c.text for c in late.of(Welcome)[0].chat], [c.text for c in again.of(Welcome)[0].chat],
                    players[ally].of(Chat)[0])

    heard, watched, third_why, watcher_why, late_chat, ally_chat, line = asyncio.run(main())
    assert heard[active] == heard[ally] == ["let us take Arrakeen", "public"]
    assert heard[third] == ["public"] and [c.text for c in watched] == ["public"]
    assert "no ally" in third_why and "no ally" in watcher_why
    assert late_chat == ["public"] and ally_chat == ["let us take Arrakeen", "public"]
    assert line.ally and line.to == (active, ally) and line.name.startswith(f"Seat {active + 1}")


@pilot_test
async def test_a_player_types_slash_ally_and_the_line_goes_to_the_ally_only():
    game, (active, ally), third = allied_game()
    async with Hosted(game) as hosted:
        partner = Player(await RemoteTable.join(hosted.address(ally)))
        other = Player(await RemoteTable.join(hosted.address(third)))
        app = JoinedApp(hosted.address(active))
        async with app.run_test(size=(100, 30)) as pilot:
            await ui_until(pilot, lambda: "Quit" in screen_text(app), what="the table")
            await pilot.press("ctrl+t")
            await ui_until(pilot, lambda: "Say to the table" in screen_text(app), what="the chat line")
            await pilot.press(*"/ally hold the sietch", "enter")
            await ui_until(pilot, lambda: "to ally: hold the sietch" in " ".join(screen_text(app).split()),
                           what="the line in the log, said to the ally")
            await until(lambda: partner.of(Chat), "the ally hears it")
        assert [(c.text, c.to) for c in partner.of(Chat)] == [("hold the sietch", (active, ally))]
        assert not other.of(Chat)
