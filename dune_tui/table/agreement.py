"""X36 at a table: ending the game by agreement.  A human seat proposes (when its rule set's `end_offered`
says it may); every other human seat must say yes (bots agree); one no, or the proposer's turn moving past the
moment it may propose, closes it.  Then the proposer's open request is answered with the engine's AGREE_END:
an ordinary decision, logged, saved and replayed."""

from __future__ import annotations

import msgspec

from .messages import SPECTATOR, EndProposal


class EndVote:
    """The open proposal of one table (None: none), and the sentences it says."""

    def __init__(self, rules, humans: list[int]) -> None:
        self.rules, self.humans = rules, humans
        self.open: EndProposal | None = None

    def propose(self, state, seat: int) -> str:
        """Open a proposal of `seat`; why not ("" if it is open now)."""
        if self.open is not None:
            return "a proposal to end the game is already open"
        if not self.rules.end_offered(state, seat):  # why, in the game's words (Dune Express's X36)
            why = self.rules.end_refused(state, seat)
            return "this game cannot be ended by agreement now" + (f": {why}" if why else "")
        self.open = EndProposal(seat=seat, round=state.round, waiting=tuple(s for s in self.humans if s != seat))
        return ""

    def answer(self, seat: int, yes: bool, who: str) -> EndProposal | None:
        """`seat`'s answer: the proposal as it now stands, or the closing note (a no: from the proposer, it is
        withdrawn); None if `seat` has nothing to answer."""
        p = self.open
        if p is None or (seat not in p.waiting and seat != p.seat):
            return None
        if not yes:
            return self.close(f"{who} said no to ending the game: it goes on." if seat != p.seat
                              else f"{who} withdrew the proposal to end the game.")
        self.open = msgspec.structs.replace(p, waiting=tuple(s for s in p.waiting if s != seat))
        return self.open

    def lapsed(self, state) -> EndProposal | None:
        """After a decision: the closing note if the proposer may no longer propose (the moment has passed)."""
        if self.open is not None and not self.rules.end_offered(state, self.open.seat):
            return self.close("The proposal to end the game lapsed: the moment it was made in is over.")
        return None

    def settle(self, proposal: EndProposal | None) -> tuple[EndProposal | None, int | None]:
        """How `proposal` (as `propose`, `answer` or `lapsed` left it) is told to everyone, and the seat whose open
        request is now answered with AGREE_END: once nobody is left to say yes (else None)."""
        if proposal is None or proposal.seat == SPECTATOR or proposal.waiting:
            return proposal, None
        return self.close(f"Everybody agreed to end the game at the end of round {proposal.round}."), proposal.seat

    def close(self, text: str) -> EndProposal:
        self.open = None
        return EndProposal(seat=SPECTATOR, text=text)
