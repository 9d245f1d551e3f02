"""The seat client without a screen: message sequences as a table sends them, and what it says to show or ask."""

from __future__ import annotations

import subprocess
import sys

from sessions import play_until

from dune_tui.games.dune import Options
from dune_tui.session import SeatConfig, Session
from dune_tui.table import messages as m
from dune_tui.ui import seat_client as sc
from dune_tui.ui.games.dune.board import Board as DuneBoard
from dune_tui.ui.seat_client import SeatClient

HUMAN = SeatConfig(kind="human", agent="")


def bot() -> SeatConfig:
    return SeatConfig(kind="bot", agent="random")


class FakeTable:
    """What a client uses of a table: its seats, attach/detach, receive (kept in `received`)."""

    def __init__(self, seats: tuple[m.SeatInfo, ...]) -> None:
        self.seats, self.received, self.attached = seats, [], []

    def seat_list(self) -> tuple[m.SeatInfo, ...]:
        return self.seats

    def attach(self, seat: int, send, host: bool = False):
        self.attached.append(seat)
        return f"conn{seat}"

    def detach(self, conn) -> None:
        self.attached.remove(int(conn.removeprefix("conn")))

    def receive(self, conn, body) -> None:
        self.received.append((conn, body))


def seat_infos(game: Session, away: tuple[int, ...] = ()) -> tuple[m.SeatInfo, ...]:
    return tuple(m.SeatInfo(seat=s, name=c.name, kind=c.kind, agent=c.agent, connected=s not in away)
                 for s, c in enumerate(game.seats))


def welcome(game: Session, seat: int, **kw) -> m.Welcome:
    view = game.controller.rules.view(game.state, seat)
    requests = tuple(r for r in game.controller.pending() if r.seat == seat) if seat >= 0 else ()
    return m.Welcome(seat=seat, game_id="g1", seats=seat_infos(game), view=view, events=[], requests=requests, **kw)


def client_for(game: Session, seats=None, **kw) -> SeatClient:
    client = SeatClient(FakeTable(seat_infos(game)), seats, **kw)
    client.attach(lambda seat, body: None)
    return client


def solo(seed: int = 7) -> Session:
    return Session(Options(players=2, seed=seed, dice="splitmix"), [HUMAN, bot()], bots_secret=seed)


def hot_seat_at_commit(seed: int = 4) -> Session:
    """Two humans at a battle commit, both to seal theirs."""
    game = Session(Options(players=2, seed=seed, dice="splitmix"), [HUMAN, HUMAN], bots_secret=seed)
    return play_until(game, lambda s: s.phase == "commit" and len(s.awaiting) == 2, seed=seed)


def test_solo_the_request_of_the_welcome_is_asked_and_the_answer_goes_on_its_seat():
    game = solo()
    client = client_for(game)
    assert client.watching == 0 and client.table.attached == [0]
    effects = client.take(0, welcome(game, 0))
    assert isinstance(effects[-1], sc.Redraw) and any(isinstance(e, sc.Log) for e in effects)
    step = client.next_step()
    assert isinstance(step, sc.Ask) and step.request.seat == 0 and client.current is step.request
    assert client.next_step() is None, "a request on the panel stays there"
    assert client.display_seat() == 0 and client.display_view() is step.request.view
    client.take(0, m.Sealed(seat=1, text="The others have sealed theirs."))
    assert not step.request.sealed and client.sealed_note(step.request) == "", "noted on a sealed choice only"
    decision = client.chosen(step.request, step.request.legal[0], key=("k",))
    assert decision == m.Decision(step.request.id, 0, step.request.legal[0])
    assert client.current is None and client.next_step() is None, "answered: nothing more to ask until the table says"
    assert client.chosen(step.request, step.request.legal[0]) is None, "a request answered once is not answered again"
    client.send(decision, 0)
    assert client.table.received == [("conn0", decision)]
    assert client.prefer(step.request) == ("k",), "the same decision again: the option chosen last time first"


def test_a_refused_answer_asks_again():
    game = solo()
    client = client_for(game)
    client.take(0, welcome(game, 0))
    request = client.next_step().request
    client.chosen(request, request.legal[0])
    assert client.take(0, m.Refused(reason="no", id=request.id)) == [
        sc.Notify("That was refused: no", severity="error")]
    assert client.next_step() == sc.Ask(request)


def test_hot_seat_a_secret_choice_is_handed_off_first_and_then_shown_through_its_seat():
    game = hot_seat_at_commit()
    client = client_for(game, rules_board=DuneBoard)  # its battle commit: a secret choice
    assert client.watching == m.SPECTATOR and client.table.attached == [-1, 0, 1]
    for seat in (-1, 0, 1):
        client.take(seat, welcome(game, seat))
    step = client.next_step()
    assert isinstance(step, sc.HandOff)
    first = step.request.seat
    assert client.current is None and client.display_seat() == m.SPECTATOR, "nothing secret shows before the hand-off"
    assert client.next_step() is None, "the hand-off dialog holds the loop"
    client.handed_off(step.request)
    asked = client.next_step()
    assert asked == sc.Ask(step.request) and client.display_seat() == first
    assert client.display_view() is step.request.view
    client.chosen(step.request, step.request.legal[0])
    second = client.next_step()
    assert isinstance(second, sc.HandOff) and second.request.seat == 1 - first, "the other commit: handed off too"


def test_a_sealed_commit_of_the_other_side_is_noted_on_the_panel_and_not_on_its_own():
    game = hot_seat_at_commit()
    client = client_for(game)  # no board: no secret choice to hand off
    for seat in (-1, 0, 1):
        client.take(seat, welcome(game, seat))
    request = client.next_step().request
    other = 1 - request.seat
    assert request.sealed and client.sealed_note(request) == ""
    assert client.take(-1, m.Sealed(seat=other, text="The others have sealed theirs.")) == [
        sc.SealedNote("The others have sealed theirs.")]
    assert client.sealed_note(request) == "The others have sealed theirs."
    own = next(r for r in client.requests.values() if r.seat == other)
    assert client.sealed_note(own) == "", "a side is not told that it sealed its own"
    assert client.take(request.seat, m.Sealed(seat=other, text="x")) == [], "only the watched connection's counts"


def test_a_request_withdrawn_by_the_table_leaves_the_panel():
    game = solo()
    client = client_for(game)
    client.take(0, welcome(game, 0))
    request = client.next_step().request
    assert client.take(0, m.Closed(seat=0, id=request.id)) == [sc.Withdrawn()]
    assert client.current is None and request.id not in client.requests
    client.take(0, m.Thinking(seat=1, prompt="rolls"))
    assert client.next_step() == m.Thinking(seat=1, prompt="rolls"), "then the bot thinking shows"


def test_a_player_away_and_back_is_said_once_each_and_the_waiting_line_names_them():
    game = Session(Options(players=3, seed=7, dice="splitmix"), [HUMAN, HUMAN, bot()], bots_secret=7)
    game = play_until(game, lambda s: s.awaiting == (1,), seed=3)
    client = client_for(game, seats=[0], joined=True)
    client.take(0, welcome(game, 0))
    assert client.next_step() == sc.Waiting((1,))
    away = seat_infos(game, away=(1,))
    assert client.take(0, m.Seats(away)) == [sc.Away(1), sc.SeatsChanged(away)]
    assert not client.seats[1].connected
    assert client.take(0, m.Seats(away)) == [sc.SeatsChanged(away)], "said once"
    back = seat_infos(game)
    assert client.take(0, m.Seats(back)) == [sc.Back(1), sc.SeatsChanged(back)]
    assert client.seats[1].connected and client.gone == set()


def test_the_end_of_the_game_finishes_and_nothing_more_is_asked():
    game = solo()
    client = client_for(game)
    client.take(0, welcome(game, 0))
    over = m.GameOver(seat=0, state=game.state, history=[], decisions=3, seats=seat_infos(game))
    assert client.take(0, m.GameOver(seat=0, state=game.state, history=[], decisions=3, seats=seat_infos(game))) == [
        sc.Finish(over)]
    assert client.over == over and client.next_step() is None
    again = client_for(game)
    effects = again.take(0, welcome(game, 0, over=over))
    assert effects[-1] == sc.Finish(over), "a rejoin after the end goes straight to the result"


def test_a_proposal_to_end_is_asked_of_each_waiting_seat_once_and_its_close_is_said():
    game = Session(Options(players=2, seed=7, dice="splitmix"), [HUMAN, HUMAN], bots_secret=7)
    client = client_for(game)
    proposal = m.EndProposal(seat=1, round=2, waiting=(0,))
    assert client.take(0, proposal) == [sc.AskEnd(0, proposal), sc.EndChanged()]
    assert client.take(1, proposal) == [sc.EndChanged()], "seat 2 proposed it: nothing to ask"
    assert client.take(0, proposal) == [sc.EndChanged()], "asked once"
    closed = m.EndProposal(text="Seat 1 said no.")
    assert client.take(-1, closed) == [sc.Notify("Seat 1 said no.", title="End of the game", timeout=8),
                                       sc.EndChanged()]
    assert client.proposal is None and client.end_asked == set()


def test_a_save_reply_comes_back_with_what_it_was_for():
    game = solo()
    client = client_for(game)
    client.save("leave", directory="/x")
    assert client.table.received == [("conn0", m.Save(directory="/x", ref=1))]
    reply = m.Saved(path="/x/g.json", ref=1)
    assert client.take(0, reply) == [sc.SaveReply("leave", reply)]
    assert client.take(0, m.SaveFailed(reason="disk full")) == [
        sc.Notify("Autosave failed: disk full", severity="warning", timeout=10)]


def test_the_seat_client_imports_no_textual():
    code = "import sys, dune_tui.ui.seat_client; print(sorted(m for m in sys.modules if m.startswith('textual')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_battle_reveal_is_whatever_the_game_s_board_says_reveals_one():
    """The seat client names no event kind: the board's `battle_seats` says which event reveals a battle. A
    human's battle takes the reveal dialog, another's a notice; a game whose board says none gets neither."""
    from dune_tui.ui.games.express.board import Board as ExpressBoard

    game = solo()  # seat 0 human, seat 1 a bot
    reveals = [e for e in replayed_events(game) if e.kind == "reveal"]
    ours = next(e for e in reveals if 0 in (e.data.attacker_seat, e.data.defender_seat))
    client = client_for(game, rules_board=DuneBoard)
    client.take(0, welcome(game, 0))
    said = client.take(0, m.EventBatch(0, [ours]))
    assert [type(x) for x in said] == [sc.Log, sc.Reveal] and client.blocked
    quiet = client_for(game, rules_board=ExpressBoard)
    quiet.take(0, welcome(game, 0))
    assert [type(x) for x in quiet.take(0, m.EventBatch(0, [ours]))] == [sc.Log] and not quiet.blocked


def replayed_events(game: Session) -> list:
    """Every event of a game of random legal play from this session's options, to its end."""
    import random

    from dune_tui.controller import Controller

    rng, c, events = random.Random(3), Controller(game.options), []  # a game with a battle of seat 1's
    while not c.over:
        seat = c.state.awaiting[0]
        events += c.rules.apply(c.state, seat, rng.choice(c.rules.legal_actions(c.state, seat)))
    return events
