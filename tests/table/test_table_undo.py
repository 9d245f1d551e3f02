"""Undo against bots (issue 45): a seat takes back its own decisions since something unknown was last revealed;
the dice never come back different, a sealed commit once opened stays open, the save keeps only what was played,
and a table with another human refuses."""

from __future__ import annotations

import asyncio

import pytest
from table_helpers import HUMAN, Client, bot, state_fields, table, until

from dune_tui import saves
from dune_tui.cli import main
from dune_tui.controller import Decision, replay
from dune_tui.games import dune
from dune_tui.saves.journal import read as read_journal
from dune_tui.session import Session
from dune_tui.table.messages import Board, Notice, Undo, Undone
from tests.sessions import mine_to_take_back, position


def run_with(game: Session, body, **kw):
    """Run a table on `game` (seat 1 attached as `me`) and `body(t, me)` beside it, then close the table."""
    t = table(game, resumed=True, **kw)

    async def go():
        me = Client(t, 0, host=True)
        runner = asyncio.ensure_future(t.run())
        await until(lambda: me.open_requests(), "seat 1 asked")
        try:
            return await body(t, me)
        finally:
            t.close()
            await runner

    return asyncio.run(go())


@pytest.mark.parametrize("rules", ["dune", "express"])
def test_a_decision_taken_back_is_asked_again_and_can_be_played_differently(rules, save_dir):
    game = position(rules, mine_to_take_back)
    taken, kept = game.log[-1], list(game.log[:-1])
    before = game.controller.pending()  # (the position after it, to leave)

    async def body(t, me):
        asked = me.open_requests()[0]
        me.send(Undo())
        await until(lambda: me.of(Undone), "the undo said")
        await until(lambda: me.open_requests() and me.open_requests()[0].id != asked.id, "asked again")
        again = me.open_requests()[0]
        assert list(game.log) == kept, "the decision is gone from the log"
        assert taken.action in again.legal and again.id not in {r.id for r in before}
        other = next(a for a in again.legal if a != taken.action)
        me.send(Decision(again.id, 0, other))
        await until(lambda: len(game.log) > len(kept), "the other choice played")
        return other

    other = run_with(game, body)
    assert game.log[len(kept)].action == other


def test_the_undo_says_what_was_taken_back_and_redraws_the_board(save_dir):
    game = position("dune", mine_to_take_back)
    taken = game.log[-1]

    async def body(t, me):
        seen = len(me.got)
        me.send(Undo())
        await until(lambda: me.of(Undone), "the undo said")
        after = me.got[seen:]
        said = next(m for m in after if isinstance(m, Undone))
        board = next(m for m in after if isinstance(m, Board))
        assert after.index(said) < after.index(board)
        return said, board

    said, board = run_with(game, body)
    view = game.controller.rules.view(game.controller.state, 0)
    assert said.text == "Took back: " + dune.describe.action_text(view, taken.action)
    assert said.seat == 0 and said.decisions == board.decisions == len(game.log)


@pytest.mark.parametrize("rules", ["dune", "express"])
def test_the_dice_come_back_the_same_after_an_undo(rules, save_dir):
    """What the seat saw before its decision is what it sees again: the same dice, the same state."""
    game = position(rules, mine_to_take_back)
    expected, _ = replay(game.options, game.log[:-1])

    async def body(t, me):
        me.send(Undo())
        await until(lambda: me.of(Undone), "the undo said")

    run_with(game, body)
    assert state_fields(game.controller.state) == state_fields(expected.state)
    assert game.controller.state.rng == expected.state.rng


@pytest.mark.parametrize("rules", ["dune", "express"])
def test_a_roll_cannot_be_taken_back(rules, save_dir):
    game = position(rules, lambda c: bool(c.log) and c.log[-1].seat == 0 and c.revealed[-1]
                    and c.state.rng != _rng_before(c) and c.state.awaiting == (0,))
    log = list(game.log)
    state = state_fields(game.controller.state)

    async def body(t, me):
        me.send(Undo())
        await until(lambda: me.of(Notice), "a refusal")
        return me.of(Notice)[-1]

    notice = run_with(game, body)
    assert notice.text.startswith("Nothing to take back: your last decision rolled or drew dice")
    assert list(game.log) == log and state_fields(game.controller.state) == state


def _rng_before(c) -> int:
    return replay(c.options, c.log[:-1])[0].state.rng


def test_a_sealed_commit_once_opened_cannot_be_taken_back():
    """The first game's battle: seat 1's commit opened the other's; the controller refuses to take it back."""
    game = position("dune", lambda c: bool(c.log) and c.log[-1].seat == 0 and c.log[-1].action[0] == "commit"
                    and c.state.phase != "commit")
    c = game.controller
    assert c.revealed[-1]
    assert c.undoable(0).startswith("Nothing to take back: your last decision rolled or drew dice, or opened a sealed")


def test_nothing_to_take_back_says_why():
    game = position("dune", lambda c: bool(c.log) and c.log[-1].seat == 1 and c.state.awaiting == (0,))
    assert game.controller.undoable(0).startswith("Nothing to take back: the last decision was seat 2's")
    fresh = Session(dune.Options(players=2, seed=3), [HUMAN, bot()], bots_secret=3)
    assert fresh.controller.undoable(0) == "Nothing to take back: no decision has been played yet."


def test_a_table_with_another_human_refuses(save_dir):
    """Hot seat, or a table with another player: no undo, and a line says why."""
    game = position("dune", mine_to_take_back, seats=[HUMAN, HUMAN])
    log = list(game.log)

    async def body(t, me):
        me.send(Undo())
        await until(lambda: me.of(Notice), "a refusal")
        return me.of(Notice)[-1]

    notice = run_with(game, body)
    assert notice.text == "Undo is only for a game against bots: seats 1, 2 are people's."
    assert list(game.log) == log


def test_the_save_and_its_replay_hold_only_the_decisions_played(save_dir, capsys):
    game = position("dune", mine_to_take_back)
    taken, undone = len(game.log) - 1, game.log[-1].action

    async def body(t, me):
        asked = me.open_requests()[0]
        me.send(Undo())
        await until(lambda: me.of(Undone), "the undo said")
        await until(lambda: me.open_requests() and me.open_requests()[0].id != asked.id, "asked again")
        again = me.open_requests()[0]
        me.send(Decision(again.id, 0, next(a for a in again.legal if a != undone)))
        await until(lambda: len(game.log) > taken, "played")

    run_with(game, body)
    path = saves.autosave_path(game.game_id)
    assert main(["replay", "--verify", "--quiet", str(path)]) == 0
    assert f"verified: {taken} decisions" in capsys.readouterr().out, "the autosave written at the undo"
    journal = read_journal(saves.journal_path(path))
    assert [(e.at, tuple(e.action)) for e in journal.entries if e.at >= taken] == [(taken, game.log[taken].action)]
    loaded = saves.load(path)  # the autosave, then the journal
    assert list(loaded.log) == list(game.log) and loaded.log[taken].action != undone


def test_after_an_undo_the_turns_bots_think_afresh(save_dir):
    """Issue 47's leftover: a decision taken back within a turn whose cap the bots had spent left them searching
    0.1 s a decision for the rest of it (the table's TurnClock, told to each bot)."""
    game = position("dune", mine_to_take_back)

    async def body(t, me):
        request = me.open_requests()[0]
        t.clock.told(request)
        t.clock.spent(request, 100.0)  # the turn's bots had spent its cap many times over
        me.send(Undo())
        await until(lambda: me.of(Undone), "the undo said")
        return t.clock.told(request).bots_seconds

    assert run_with(game, body) == 0.0
