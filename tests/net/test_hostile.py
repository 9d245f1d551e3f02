"""A hostile client tries every attack on a hosted table: garbage, an oversized frame, a wrong code, a wrong
protocol, no Hello, a Welcome of its own, a decision for another seat, a stale one, a chat flood, a message
flood.  Each gets a Goodbye or a Refused saying why (and the host logs it); then the game goes on, the other
seat's view is unchanged and free of secrets, and the save loads."""

from __future__ import annotations

import asyncio
import logging

import msgspec
from net_helpers import ANN, BOB, Hosted, Player, bot, hear, say, state_fields, until
from test_server import assert_no_secrets

from dune_tui import saves
from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.net import wire
from dune_tui.net.client import RemoteTable
from dune_tui.session import Session
from dune_tui.table.messages import Board, Chat, Refused, SetPace, Welcome


async def goodbye_for(hosted: Hosted, frame: bytes) -> str:
    """Send raw bytes on a fresh connection; the Goodbye's reason (the connection is then closed)."""
    reader, writer = await hosted.raw()
    writer.write(frame)
    await writer.drain()
    bye = await hear(reader)
    assert isinstance(bye, wire.Goodbye), bye
    assert await reader.read() == b"", "the table closed the connection"
    writer.close()
    return bye.reason


def hello(code: str, protocol: int = wire.PROTOCOL) -> bytes:
    return wire.encode(wire.Hello(protocol=protocol, code=code))


def test_every_attack_is_refused_and_the_game_and_the_other_seat_are_unharmed(save_dir, caplog):
    caplog.set_level(logging.INFO, logger="dune_tui.net")
    game = Session(Options(players=3, seed=12), [ANN, BOB, bot()], bots_secret=12)

    async def main():
        async with Hosted(game) as hosted:
            ann = Player(await RemoteTable.join(hosted.address(0)))
            await until(lambda: ann.open_requests(), "Ann is asked")
            before = state_fields(ann.of(Welcome)[0].view)
            bob_code = hosted.codes.by_seat[1]
            reasons = {
                "garbage": await goodbye_for(hosted, wire.HEADER.pack(7) + b"\xc1garbag"),
                "oversized": await goodbye_for(hosted, wire.HEADER.pack(50_000_000)),
                "wrong code": await goodbye_for(hosted, hello(bob_code[:-2] + "xx")),
                "empty code": await goodbye_for(hosted, hello("")),
                "protocol": await goodbye_for(hosted, hello(bob_code, protocol=99)),
                "no hello": await goodbye_for(hosted, wire.encode(SetPace(pause=0.1))),
            }
            # Bob, properly seated, misbehaves.
            reader, writer = await hosted.raw()
            await say(writer, wire.Hello(protocol=wire.PROTOCOL, code=bob_code))
            assert isinstance(await hear(reader), Welcome)
            r = ann.open_requests()[0]
            await say(writer, Decision(r.id, 0, r.legal[0]))  # Ann's request, as Ann
            await say(writer, Decision(r.id, 1, r.legal[0]))  # Ann's request, as Bob
            await say(writer, Decision(r.id - 1, 1, ("pass",)))  # stale
            refusals = []
            while len(refusals) < 3:
                m = await hear(reader)
                refusals += [m] if isinstance(m, Refused) else []
            for _ in range(8):
                await say(writer, Chat(text="spam"))
            writer.write(b"".join(wire.encode(Chat(text="")) for _ in range(500)))
            await writer.drain()
            heard = []
            while True:
                m = await hear(reader)
                heard.append(m)
                if isinstance(m, wire.Goodbye):
                    break
            await until(lambda: not any(c.seat == 1 for c in hosted.server.clients), "Bob is gone")
            # A client that sends what only a table sends is dropped as well.
            reader2, writer2 = await hosted.raw()
            await say(writer2, wire.Hello(protocol=wire.PROTOCOL, code=bob_code))
            await hear(reader2)
            await say(writer2, ann.of(Welcome)[0])
            while not isinstance(bye := await hear(reader2), wire.Goodbye):
                pass
            reasons["welcome"] = bye.reason
            after = state_fields(ann.of(Board)[-1].view if ann.of(Board) else ann.of(Welcome)[0].view)
            # The game goes on: Ann answers her request.
            ann.send(Decision(r.id, 0, r.legal[0]))
            await until(lambda: r.id not in {q.id for q in ann.open_requests()}, "Ann's answer is taken")
            await until(lambda: len(game.log) >= 1, "the game moved on")
            hosted.table.autosave(force=True)  # as the host saves when it quits
            return ann, reasons, refusals, heard, before, after

    ann, reasons, refusals, heard, before, after = asyncio.run(main())
    assert "not a message of this protocol" in reasons["garbage"]
    assert "over the limit" in reasons["oversized"]
    assert "wrong code" in reasons["wrong code"] and "wrong code" in reasons["empty code"]
    assert "protocol" in reasons["protocol"] and "same version" in reasons["protocol"]
    assert "Hello" in reasons["no hello"]
    assert "does not send Welcome" in reasons["welcome"]
    texts = [x.reason for x in refusals]
    assert "you sit at seat 2, not 1" in texts[0]
    assert all("not asked" in t for t in texts[1:3])
    assert any(isinstance(m, Refused) and "too many chat" in m.reason for m in heard)
    assert "slow down" in heard[-1].reason
    assert before == after, "Ann's view did not change while Bob attacked"
    assert not ann.of(Refused)
    assert len([c for c in ann.of(Chat)]) <= 5, "Ann heard at most the chat burst"
    assert_no_secrets(ann, 0)
    saved = saves.load(saves.latest_autosave())  # the save loads, and holds the game as it was, Ann's answer in it
    assert saved.log == game.log and len(saved.log) >= 1, (saved.log, game.log)
    assert [e.seat for e in saved.log if game.seats[e.seat].kind == "human"] == [0], "only Ann's answer, none of Bob's"
    logged = caplog.text
    for what in ("wrong code", "over the limit", "protocol", "slow down", "you sit at seat 2"):
        assert what in logged, what


def test_a_client_that_stops_reading_is_dropped_not_buffered_forever(monkeypatch, caplog):
    from dune_tui.net import server

    monkeypatch.setattr(server, "OUT_LIMIT", -1)  # as if every frame piled up unread
    game = Session(Options(players=2, seed=2), [ANN, bot()], bots_secret=2)

    async def main():
        async with Hosted(game) as hosted:
            _reader, writer = await hosted.raw()
            await say(writer, wire.Hello(protocol=wire.PROTOCOL, code=hosted.codes.by_seat[0]))
            await until(lambda: "does not read" in caplog.text, "dropped")
            await until(lambda: not hosted.server.clients and not hosted.table.connections, "detached")
            writer.close()

    asyncio.run(main())


def test_a_decision_with_a_float_or_deep_nesting_is_refused_not_applied():
    game = Session(Options(players=2, seed=2), [ANN, bot()], bots_secret=2)

    async def main():
        async with Hosted(game) as hosted:
            ann = Player(await RemoteTable.join(hosted.address(0)))
            await until(lambda: ann.open_requests(), "asked")
            r = ann.open_requests()[0]
            reader, writer = await hosted.raw()
            await say(writer, wire.Hello(protocol=wire.PROTOCOL, code=hosted.codes.by_seat[0]))  # replaces ann
            welcome = await hear(reader)
            body = msgspec.msgpack.encode({"type": "Decision", "id": r.id, "seat": 0, "action": [[[[[]]]]] * 100})
            writer.write(wire.HEADER.pack(len(body)) + body)
            await say(writer, Decision(r.id, 0, tuple(float(x) if isinstance(x, int) else x for x in r.legal[0])))
            got = []
            while len(got) < 2:
                m = await hear(reader)
                got += [m] if isinstance(m, Refused) else []
            return welcome, got, len(game.log)

    welcome, got, decided = asyncio.run(main())
    assert decided == 0, "neither was applied"
    assert "exact types" in got[1].reason or "legal" in got[1].reason
    assert welcome.requests


MARKUP = "[/oops] [@click=app.quit]quit[/] [bold red]loud"


def test_a_hostile_table_s_text_is_drawn_literally_and_never_as_markup():
    """Issue 41: a table's Notice of `[/oops]` crashed the joined screen (MarkupError) and `[@click=app.quit]`
    rendered as a link.  Every text a table sends is drawn as typed: notices, refusals, chat (who and what),
    seat names, the sealed note; control characters become visible."""
    from dune_tui.commands.play import JoinedApp
    from dune_tui.table.messages import Notice, SeatInfo, Seats
    from dune_tui.ui.widgets.log import GameLog
    from tests.ui.ui_helpers import pilot_test, screen_text
    from tests.ui.ui_helpers import until as ui_until

    game = Session(Options(players=3, seed=5, dice="splitmix"), [ANN, BOB, bot()], bots_secret=5)

    @pilot_test
    async def main():
        async with Hosted(game) as hosted:
            app = JoinedApp(hosted.address(1))
            async with app.run_test(size=(120, 40), notifications=True) as pilot:  # toasts drawn, as for players
                await ui_until(pilot, lambda: "Waiting for seat 1" in screen_text(app), what="the table")
                (bob,) = [c for c in hosted.server.clients if c.seat == 1]
                seats = list(hosted.table.seat_list())
                seats[0] = SeatInfo(seat=0, name="[/x][b]Ann\x1b[2J", kind="human", connected=True)
                bob.send(Seats(seats=tuple(seats)))
                bob.send(Chat(text=MARKUP, seat=0, name="[@click=app.quit]Ann[/]"))
                bob.send(Refused(reason=MARKUP))
                bob.send(Notice(text=MARKUP, severity="warning"))
                await ui_until(pilot, lambda: sum(MARKUP in str(n.message) for n in app._notifications) >= 2,
                               what="the notice and the refusal")
                await pilot.pause(1.0)
                assert app.is_running and app.return_code is None, "the screen crashed on a table's text"
                text = screen_text(app)
                assert MARKUP in text, f"a notice drawn as typed:\n{text}"
                assert f"[@click=app.quit]Ann[/]: {MARKUP}" in app.screen.query_one(GameLog).lines_written
                assert "[/x][b]Ann\N{REPLACEMENT CHARACTER}[2J" in text, "the seat's name, its escape shown"
                app.table.close()

    main()
