"""The bytes a new game writes, pinned: a game of each rule set made as `dune-tui new` makes it (`GameSpec`), with
fixed seeds, saved the three ways a game is (its first autosave, a named save in mid-game, the autosave of the
finished game), recorded before issue 42's refactors (derived Snapshot, a keeper for saving).  A refactor must not
change one byte but the file's time of writing.  Regenerate pinned/ only for a change meant to change the files
(a new format version), and say so: `python tests/saves/test_saves_pinned.py`."""

from __future__ import annotations

import re
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from dune_tui.ai import make_agent
from dune_tui import saves
from dune_tui.controller import Decision
from dune_tui.game_spec import GameSpec, new_game
from dune_tui.saves.files import SUFFIX
from dune_tui.table.bots import bot_seed

PINNED = Path(__file__).parent / "pinned"
SPECS = {
    "dune": GameSpec(players=4, seats=["human", "heuristic", "random", "heuristic"], seed=21, bots_secret=21,
                     factions=("atreides", "harkonnen", "fremen", "corrino")),
    "express": GameSpec(rules="express", players=3, seats=["human", "heuristic", "random"], seed=8, bots_secret=8,
                        variant="houses,shorter:5,thumper,fortresses"),
}
MID = 40  # decisions before the named save
SAVED_AT = re.compile(rb'"saved_at":"[^"]*"')
RECORDED_AT = b'"saved_at":"2026-01-02T03:04:05Z"'


def written(name: str, folder: Path) -> dict[str, bytes]:
    """The files a fixed-seed game of `name` writes into `folder`, by file name, their time of writing replaced."""
    session = new_game(SPECS[name])
    session.created, session.game_id = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC), f"20260102-030405-{name}"
    files = {"new": saves.autosave(session, folder).read_bytes()}
    bots = [make_agent(s.agent or "random", bot_seed(session.bots_secret, seat))
            for seat, s in enumerate(session.seats)]
    c = session.controller
    while not c.over:
        if len(c.log) == MID:
            session.hints.append((MID, 0, "a hint, kept in the save"))
            files["mid"] = saves.save_named(session, f"{name} in mid-game", folder).read_bytes()
        request = c.pending()[0]
        c.submit(Decision(request.id, request.seat, bots[request.seat].decide(request)))
    files["over"] = saves.autosave(session, folder).read_bytes()
    return {key: SAVED_AT.sub(RECORDED_AT, data) for key, data in files.items()}


def pinned(name: str, key: str) -> Path:
    return PINNED / f"{name}-{key}{SUFFIX}"


@pytest.mark.parametrize("name", sorted(SPECS))
def test_a_new_game_writes_the_recorded_bytes(name, tmp_path):
    for key, data in written(name, tmp_path).items():
        want = pinned(name, key).read_bytes()
        if data != want:
            at = next((i for i, (a, b) in enumerate(zip(data, want, strict=False)) if a != b),
                      min(len(data), len(want)))
            pytest.fail(f"{name}: the {key} save differs from {pinned(name, key).name} at byte {at}: "
                        f"{data[max(0, at - 60):at + 60]!r}")


if __name__ == "__main__":  # regenerate (a change meant to change the files only)
    import tempfile

    PINNED.mkdir(exist_ok=True)
    for name in SPECS:
        with tempfile.TemporaryDirectory() as folder:
            for key, data in written(name, Path(folder)).items():
                pinned(name, key).write_bytes(data)
                print(f"{pinned(name, key)}: {len(data)} bytes", file=sys.stderr)
