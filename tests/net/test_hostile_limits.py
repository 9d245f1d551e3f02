"""A hostile client of the protocol (issue 33, section 4): escapes in what it sends never reach the host's log raw;
reconnect storms, wrong-code guesses and hints are limited; a Hello timeout says Goodbye; and a host shutting
down with many connections that never said Hello prints no traceback.  Loops are bounded (a loaded machine):
the assertions are ratios and bounds, not timings."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import subprocess
import sys
import time

import msgspec
from net_helpers import ANN, BOB, Hosted, Player, bot, hear, until

from dune_tui import saves
from dune_tui.controller import Decision
from dune_tui.games.dune import Options
from dune_tui.net import limits, server, wire
from dune_tui.net.client import RemoteTable
from dune_tui.net.codes import parse_address
from dune_tui.session import Session
from dune_tui.table.messages import SPECTATOR, Chat, Hint, Seats, Welcome

ESCAPES = "\x1b[2J\x1b]0;owned\x07\x9b31m"  # clear the screen, retitle the terminal, a C1 CSI


def escape_frame() -> bytes:
    body = msgspec.msgpack.encode({"type": ESCAPES, "code": ESCAPES})
    return wire.HEADER.pack(len(body)) + body


async def first_frame(hosted: Hosted, frame: bytes):
    """What the table answers a fresh connection that sends `frame` (then the connection is closed)."""
    reader, writer = await hosted.raw()
    writer.write(frame)
    try:
        return await hear(reader)
    finally:
        writer.close()


def hello(code: str) -> bytes:
    return wire.encode(wire.Hello(protocol=wire.PROTOCOL, code=code))


def test_an_unknown_type_full_of_escapes_before_hello_reaches_log_and_peer_printable(caplog):
    caplog.set_level(logging.INFO, logger="dune_tui.net")
    game = Session(Options(players=2, seed=2), [ANN, bot()], bots_secret=2)

    async def main():
        async with Hosted(game) as hosted:
            return await first_frame(hosted, escape_frame())

    bye = asyncio.run(main())
    assert isinstance(bye, wire.Goodbye) and "not a message of this protocol" in bye.reason
    lines = [r.getMessage() for r in caplog.records]
    assert any("not a message of this protocol" in line for line in lines)
    for bad in ("\x1b", "\x07", "\x9b"):
        assert not any(bad in line for line in lines), repr(bad)
        assert bad not in bye.reason


def test_a_hello_timeout_says_goodbye_before_closing(monkeypatch):
    monkeypatch.setattr(server, "HELLO_SECONDS", 0.3)
    game = Session(Options(players=2, seed=2), [ANN, bot()], bots_secret=2)

    async def main():
        async with Hosted(game) as hosted:
            reader, writer = await hosted.raw()
            bye = await hear(reader)
            rest = await reader.read()
            writer.close()
            return bye, rest

    bye, rest = asyncio.run(main())
    assert isinstance(bye, wire.Goodbye) and "no Hello within 0.3 s" in bye.reason
    assert rest == b"", "then the table closes the connection"


def test_a_reconnect_storm_with_one_seat_code_does_not_flood_the_other_players():
    game = Session(Options(players=3, seed=5), [ANN, BOB, bot()], bots_secret=5)
    storm = 300

    async def main():
        async with Hosted(game) as hosted:
            ann = Player(await RemoteTable.join(hosted.address(0)))
            await until(lambda: ann.of(Welcome), "Ann sits down")
            seats_before = len(ann.of(Seats))
            started = time.monotonic()
            answers = []
            for _ in range(storm):
                answers.append(await first_frame(hosted, hello(hosted.codes.by_seat[1])))
            elapsed = time.monotonic() - started
            ann.send(Chat(text="still here"))
            await until(lambda: ann.of(Chat), "Ann's line comes back: her connection is fine")
            return len(ann.of(Seats)) - seats_before, answers, elapsed, ann.remote.reason

    seats_updates, answers, elapsed, ann_gone = asyncio.run(main())
    welcomed = sum(isinstance(a, Welcome) for a in answers)
    too_often = sum(isinstance(a, wire.Goodbye) and "joined too often" in a.reason for a in answers)
    allowed = server.JOIN_BURST + elapsed * server.JOIN_RATE + 1
    assert welcomed <= allowed and welcomed + too_often == storm, (welcomed, too_often, elapsed)
    assert seats_updates <= 2 * allowed, f"{seats_updates} seat lists for {storm} reconnects"
    assert ann_gone == ""


def test_wrong_code_guesses_are_limited_and_summarised_in_the_log(monkeypatch, caplog):
    caplog.set_level(logging.INFO, logger="dune_tui.net")
    monkeypatch.setattr(limits, "SUMMARY_SECONDS", 0.2)
    game = Session(Options(players=2, seed=2), [ANN, bot()], bots_secret=2)
    guesses = 200

    async def main():
        async with Hosted(game) as hosted:
            ann = Player(await RemoteTable.join(hosted.address(0)))
            started = time.monotonic()
            answers = [await first_frame(hosted, hello(f"guess-{i}")) for i in range(guesses)]
            elapsed = time.monotonic() - started
            await until(lambda: "left out of this log" in caplog.text, "the summary line")
            ann.send(Chat(text="still here"))
            await until(lambda: ann.of(Chat), "Ann is unharmed")
            return answers, elapsed

    answers, elapsed = asyncio.run(main())
    reasons = [a.reason for a in answers]
    checked = sum("wrong code" in r for r in reasons)
    assert checked <= server.FAILED_BURST + elapsed * server.FAILED_RATE + 1, (checked, elapsed)
    assert checked + sum("too many failed attempts" in r for r in reasons) == guesses
    refused = [r for r in caplog.records if "refused a connection" in r.getMessage()]
    assert len(refused) <= server.FAILED_BURST + elapsed * 1.0 + 1, f"{len(refused)} log lines for {guesses} guesses"
    assert any("more lines about 127.0.0.1 left out" in r.getMessage() for r in caplog.records)


def test_hints_are_kept_one_per_seat_and_decision_not_all(save_dir):
    game = Session(Options(players=2, seed=2), [ANN, bot()], bots_secret=2)

    async def main():
        async with Hosted(game) as hosted:
            ann = Player(await RemoteTable.join(hosted.address(0)))
            await until(lambda: ann.open_requests(), "Ann asked")
            first = ann.open_requests()[0]
            for i in range(25):  # 52 messages: under the flood limit's burst
                ann.send(Hint(text=f"Pass {i}%", request=first.id))
            ann.send(Decision(first.id, 0, first.legal[0]))
            await until(lambda: ann.open_requests() and ann.open_requests()[0].id != first.id, "asked again")
            second = ann.open_requests()[0]
            for i in range(25):
                ann.send(Hint(text=f"Keep {i}%", request=second.id))
            ann.send(Chat(text="done"))
            await until(lambda: ann.of(Chat), "the table took them all")
            hosted.table.autosave(force=True)
            return list(game.hints)

    hints = asyncio.run(main())
    assert [(s, t) for _, s, t in hints] == [(0, "Pass 24%"), (0, "Keep 24%")]
    assert saves.load(saves.latest_autosave()).hints == hints


def test_at_most_spectators_limit_watch(monkeypatch):
    monkeypatch.setattr(server, "SPECTATORS_LIMIT", 2)
    game = Session(Options(players=2, seed=2), [ANN, bot()], bots_secret=2)

    async def main():
        async with Hosted(game) as hosted:
            watchers = [await RemoteTable.join(hosted.address(SPECTATOR)) for _ in range(2)]
            third = await first_frame(hosted, hello(hosted.codes.by_seat[SPECTATOR]))
            return third, [w.closed for w in watchers]

    third, closed = asyncio.run(main())
    assert isinstance(third, wire.Goodbye) and "2 spectators are watching already" in third.reason
    assert closed == [False, False]


def test_a_host_shutting_down_with_many_connections_before_hello_prints_no_traceback(tmp_path):
    host = subprocess.Popen(
        [sys.executable, "-m", "dune_tui", "host", "--no-play", "--players", "2", "--seat", "human", "--seat",
         "random", "--seed", "3", "--bots", "thread", "--port", "0", "--save-dir", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    sockets = []
    try:
        printed = [host.stdout.readline() for _ in range(3)]  # hosting on…, seat 1's code, the spectators'
        _host, port, code = parse_address(printed[2].split("dune-tui join ")[1])
        escapes = socket.create_connection(("127.0.0.1", port), timeout=30)
        escapes.sendall(escape_frame())
        assert escapes.recv(4), "the table answered the escape frame"
        for _ in range(150):
            sockets.append(socket.create_connection(("127.0.0.1", port), timeout=30))
        last = socket.create_connection(("127.0.0.1", port), timeout=30)
        sockets += [escapes, last]
        last.sendall(hello(code))
        assert last.recv(4), "the table answered the last connection: every one before it is accepted"
        host.send_signal(signal.SIGTERM)
        _out, err = host.communicate(timeout=60)
    finally:
        host.kill()
        for s in sockets:
            s.close()
    assert "Traceback" not in err, err[:3000]
    assert "\x1b" not in err and "\x07" not in err
    assert "not a message of this protocol" in err
    assert len(err.splitlines()) < 80, f"{len(err.splitlines())} lines on stderr"


def test_s7_a_correct_join_gets_in_while_a_guesser_on_the_same_address_hammers_wrong_codes():
    """Issue 43 S7: every TCP peer on this machine comes from 127.0.0.1; a guesser that has spent the address's
    allowance of failed attempts must not lock out a player who has the right code (192 bits: guessing is
    hopeless, the allowance only keeps the log and the host's work small)."""
    game = Session(Options(players=2, seed=2), [ANN, BOB], bots_secret=2)

    async def main():
        async with Hosted(game) as hosted:
            answers: list = []
            stop = asyncio.Event()

            async def guess(n: int) -> None:
                i = 0
                while not stop.is_set():
                    i += 1
                    answers.append(await first_frame(hosted, hello(f"guess-{n}-{i}")))

            guessers = [asyncio.create_task(guess(n)) for n in range(4)]
            await until(lambda: sum(isinstance(a, wire.Goodbye) and "too many failed" in a.reason
                                    for a in answers) >= 20, "the guesser has spent the address's allowance")
            joined = [await first_frame(hosted, hello(hosted.codes.by_seat[1])) for _ in range(3)]
            stop.set()
            await asyncio.gather(*guessers)
            return joined, answers

    joined, answers = asyncio.run(main())
    assert all(isinstance(a, Welcome) for a in joined), [getattr(a, "reason", a) for a in joined]
    assert not any(isinstance(a, Welcome) for a in answers), "no guess got in"
