"""Bad files: a clear one-line SaveError, never another exception, and the file is never changed."""

from __future__ import annotations

import contextlib
import functools
import io
import os
import tempfile
import unicodedata
from pathlib import Path
from unittest import mock

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dune_tui import cli
from dune_tui.commands.saves import format_info
from dune_tui.games.dune import Options
from dune_tui.saves import SaveError, SnapshotMismatch, autosave, list_saves, load
from dune_tui.saves.files import MAX_BYTES
from dune_tui.session import Session
from tests.profiles import cases


def fingerprint(path: Path):
    st_ = os.stat(path)
    return (path.read_bytes() if path.is_file() else None, st_.st_mtime_ns, st_.st_mode, st_.st_size)


def refused(path, match: str) -> str:
    """Loading `path` raises a one-line SaveError matching `match`, and leaves the file as it was."""
    before = fingerprint(path)
    with pytest.raises(SaveError) as e:
        load(path)
    assert fingerprint(path) == before
    message = str(e.value)
    assert "\n" not in message and "Traceback" not in message
    assert match in message, message
    return message


@pytest.fixture(scope="module")
def good_save(tmp_path_factory, play_game) -> bytes:
    session = play_game(Options(players=5, seed=21, factions=("bg", "atreides", "fremen", "corrino", "guild")), 120)
    return autosave(session, tmp_path_factory.mktemp("good")).read_bytes()


def edited(good: bytes, change) -> bytes:
    doc = msgspec.json.decode(good)
    change(doc)
    return msgspec.json.encode(doc)


@pytest.mark.parametrize(("content", "match"), [
    (b"", "empty"),
    (b"   \n", "empty"),
    (b"\x00\xff\xfe garbage \x89PNG", "not valid JSON"),
    (b'{"name": "package.json", "version": "1.0.0"}', "not a dune-tui save"),
    (b"[1, 2, 3]", "not a dune-tui save"),
    (b'"just a string"', "not a dune-tui save"),
    (b'{"format": "dune-tui-save", "version": 99}', "newer dune-tui (format 99"),
    (b'{"format": "dune-tui-save", "version": 0}', "unknown save format version 0"),
    (b'{"format": "dune-tui-save", "version": 1}', "damaged"),
    (b'{"a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nested far too deeply"),
], ids=["empty", "blank", "garbage", "package.json", "array", "string", "newer", "version0", "no-fields", "deep"])
def test_not_a_save(tmp_path, content, match):
    path = tmp_path / "bad.dune.json"
    path.write_bytes(content)
    refused(path, match)


def test_truncated(tmp_path, good_save):
    for cut in (1, len(good_save) // 3, len(good_save) // 2, len(good_save) - 2):
        path = tmp_path / f"cut{cut}.dune.json"
        path.write_bytes(good_save[:cut])
        refused(path, "truncated")


def test_a_directory(tmp_path):
    (tmp_path / "dir.dune.json").mkdir()
    refused(tmp_path / "dir.dune.json", "is a directory")


def test_missing(tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        load(tmp_path / "gone.dune.json")


def test_huge_file_is_not_read(tmp_path):
    path = tmp_path / "huge.dune.json"
    with open(path, "wb") as f:
        f.truncate(MAX_BYTES + 1)  # sparse: cheap to make
    refused(path, "too big")


def test_fifo_does_not_hang(tmp_path):
    os.mkfifo(tmp_path / "pipe.dune.json")
    refused(tmp_path / "pipe.dune.json", "not a regular file")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_unreadable(tmp_path, good_save):
    path = tmp_path / "locked.dune.json"
    path.write_bytes(good_save)
    path.chmod(0)
    refused(path, "permission denied")


def test_unreadable_even_as_root(tmp_path, good_save, monkeypatch):
    path = tmp_path / "locked.dune.json"
    path.write_bytes(good_save)

    def deny(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("dune_tui.saves.files.os.open", deny)
    refused(path, "permission denied")


def test_log_with_an_illegal_action_names_the_decision(tmp_path, good_save):
    def poison(doc):
        doc["log"][40][1] = ["land", 0, 99]

    path = tmp_path / "illegal.dune.json"
    path.write_bytes(edited(good_save, poison))
    refused(path, "the decision log is broken at decision 41 of 120")


def test_log_with_a_wrong_seat(tmp_path, good_save):
    def poison(doc):
        doc["log"][7][0] = 99

    path = tmp_path / "seat.dune.json"
    path.write_bytes(edited(good_save, poison))
    refused(path, "at decision 8 of 120")


def test_invalid_options(tmp_path, good_save):
    def poison(doc):
        doc["options"]["players"] = 12

    path = tmp_path / "opts.dune.json"
    path.write_bytes(edited(good_save, poison))
    refused(path, "options are invalid")


def test_edited_snapshot_is_a_clear_mismatch(tmp_path, good_save):
    """On load the state is rebuilt from the log and checked against the snapshot."""
    def cheat(doc):
        doc["snapshot"]["store"][4] += 5  # Corrino spice
        doc["snapshot"]["round"] = 5

    path = tmp_path / "cheat.dune.json"
    path.write_bytes(edited(good_save, cheat))
    with pytest.raises(SnapshotMismatch) as e:
        load(path)
    assert e.value.fields == ["store", "round"]
    assert "differs in: store, round" in str(e.value)
    session = load(path, strict=False)  # the log wins
    assert session.warning and session.state.round != 5


# ----------------------------------------------- every reader, every hostile file

def controls(text: str) -> list[str]:
    """The control characters (but newlines) in what was printed: none may come from a file."""
    return [ch for ch in text if ch != "\n" and unicodedata.category(ch) in {"Cc", "Cs", "Zl", "Zp"}]


@functools.cache
def parsers(build=cli._parsers):
    """`dune-tui`'s parsers, built once: building them was two fifths of a fuzzed file's time (three commands each),
    and the commands these tests run (`saves`, `replay`) take nothing from a game registered meanwhile."""
    return build()


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with mock.patch.object(cli, "_parsers", parsers), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


def every_reader(path: Path) -> Session | None:
    """`load` (both ways), the listing, `dune-tui saves` and `dune-tui replay` each read the file: a session
    or a one-line SaveError, a listing line, a printout without control characters or traceback; the file is
    never changed.  Returns the loaded session, if it loads."""
    before = fingerprint(path)
    session = None
    for verify in (True, False):
        try:
            session = load(path, verify=verify)
        except SaveError as e:
            assert "\n" not in str(e) and not controls(str(e)), str(e)
            session = None
    for info in list_saves(path.parent):
        line = format_info(info, 10)
        assert not controls(line) and line.count("\n") <= 1, line
    for argv in (("saves", "--save-dir", str(path.parent)), ("replay", str(path), "--all"),
                 ("replay", str(path), "--verify", "--quiet")):
        code, out, err = run_cli(*argv)
        assert code in (0, 1, 2) and "Traceback" not in err and not controls(out + err), (argv, out, err)
        assert err.count("\n") <= 1, err
    assert fingerprint(path) == before
    return session


FAR_FUTURE = "9999-12-31T23:59:59-23:59"  # year 10000 in UTC
ESCAPES = "\u001b]0;PWNED\u0007\u001b[2J"


def set_in(doc, keys, value) -> None:
    for key in keys[:-1]:
        doc = doc[key]
    doc[keys[-1]] = value


HOSTILE = {  # id: (path in the document, value)
    "saved_at-far-future": (["saved_at"], FAR_FUTURE),
    "saved_at-year-1": (["saved_at"], "0001-01-01T00:00:00+23:59"),
    "created-far-future": (["created"], FAR_FUTURE),
    "seat-name-escapes": (["seats", 0, "name"], ESCAPES),
    "seat-name-markup": (["seats", 0, "name"], "[bold red]Ann[/]"),
    "seat-name-bidi": (["seats", 1, "name"], "\u202eeviL"),
    "seat-name-huge": (["seats", 0, "name"], "x" * 100_000),
    "agent-escapes": (["seats", 1, "agent"], ESCAPES),
    "agent-unknown": (["seats", 1, "agent"], "rm -rf"),
    "name-escapes": (["name"], ESCAPES),
    "name-path": (["name"], "../../etc/passwd"),
    "app-version-escapes": (["app_version"], ESCAPES),
    "game-id-path": (["game_id"], "a/../../b"),
    "game-id-nul": (["game_id"], "\u0000"),
    "game-id-dots": (["game_id"], ".."),
    "game-id-escapes": (["game_id"], ESCAPES),
    "lcard-huge": (["snapshot", "lcard", 0], 2**64 + 1),
    "phase-garbled": (["snapshot", "phase"], "garbled"),
    "round-huge": (["snapshot", "round"], 2**64 + 1),
    "round-negative": (["snapshot", "round"], -5),
    "seat-faction-huge": (["snapshot", "seat_faction"], [2**63, -(2**63), 99, 7, 3]),
    "awaiting-out-of-range": (["snapshot", "awaiting"], [99, -1, 2**64]),
    "rng-huge": (["snapshot", "rng"], 2**200),
    "result-escapes": (["snapshot", "result"], {"winners": [0], "reason": "x", "round": 1, "text": ESCAPES}),
    "players-99": (["options", "players"], 99),
    "seed-huge": (["options", "seed"], 2**256),
}


@pytest.mark.parametrize(("where", "value"), HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_field(tmp_path, good_save, where, value):
    path = tmp_path / "hostile.dune.json"
    path.write_bytes(edited(good_save, lambda doc: set_in(doc, where, value)))
    session = every_reader(path)
    if session is not None:  # what loads is clean: names printable, ids safe to name files
        assert all(not controls(s.name) and len(s.name) <= 40 for s in session.seats)
        assert "/" not in session.game_id and "\0" not in session.game_id


@pytest.mark.parametrize("game_id", ["a/../../b", "\u0000", "..", "x" * 65, "-a"])
def test_a_game_id_that_is_not_ours_is_refused(tmp_path, good_save, game_id):
    """A loaded game id names its autosave: a path-like one would make every autosave fail."""
    path = tmp_path / "id.dune.json"
    path.write_bytes(edited(good_save, lambda doc: doc.update(game_id=game_id)))
    refused(path, "the game id")


def test_a_named_save_whose_name_cannot_name_a_file_is_refused(tmp_path, good_save):
    path = tmp_path / "named.dune.json"
    path.write_bytes(edited(good_save, lambda doc: doc.update(kind="named", name="../../etc/passwd")))
    refused(path, "the save name")


def test_the_snapshot_is_never_taken_as_the_state(tmp_path, good_save):
    """load(verify=False) used to restore the snapshot as it was: a garbled phase crashed it (KeyError) and
    lcard[0] = 2**64+1 made the engine allocate until the OOM killer came.  The log is the truth."""
    honest = load_bytes(tmp_path, good_save)

    def garble(doc):
        doc["snapshot"]["phase"] = "garbled"
        doc["snapshot"]["lcard"][0] = 2**64 + 1

    path = tmp_path / "garbled.dune.json"
    path.write_bytes(edited(good_save, garble))
    fast = load(path, verify=False)
    assert fast.state.phase == honest.state.phase and fast.state.lcard == honest.state.lcard
    fast.controller.pending()  # the game goes on from the replayed state
    with pytest.raises(SnapshotMismatch, match="phase"):
        load(path)


def load_bytes(tmp_path, content: bytes):
    path = tmp_path / "good.dune.json"
    path.write_bytes(content)
    return load(path)


@pytest.mark.parametrize("name", [ESCAPES, "[bold red]x", "\u202egnp", "tab\tand\nnewline"])
def test_hostile_file_names(tmp_path, good_save, name):
    """File names in the save directory come from whoever wrote there: shown printable too."""
    folder = tmp_path / "d"
    folder.mkdir(mode=0o700)
    (folder / f"{name}.dune.json").write_bytes(good_save)
    (folder / f"{name}-bad.dune.json").write_bytes(b"{")
    for path in folder.iterdir():
        every_reader(path)


# ------------------------------------------------------------------ fuzzing

def check_never_crashes(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.dune.json"
        path.write_bytes(content)
        every_reader(path)


@settings(max_examples=cases(300), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzz_corrupted_bytes(good_save, data):
    """Hypothesis: cut, overwrite, insert or delete bytes of a good save."""
    content = bytearray(good_save)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, max(len(content) - 1, 0)))
        kind = data.draw(st.sampled_from(["cut", "flip", "insert", "delete"]))
        if kind == "cut":
            del content[i:]
        elif kind == "flip" and content:
            content[i] = data.draw(st.integers(0, 255))
        elif kind == "insert":
            content[i:i] = data.draw(st.binary(min_size=1, max_size=8))
        elif content:
            del content[i:i + data.draw(st.integers(1, 16))]
    check_never_crashes(bytes(content))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=6)
    | st.sampled_from([FAR_FUTURE, "0001-01-01T00:00:00+23:59", ESCAPES, "[bold red]", "a/../../b", 2**64 + 1]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)


@settings(max_examples=cases(300), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzz_wrong_values_in_right_places(good_save, data):
    """Hypothesis: replace a field anywhere in the document (log entries, snapshot lists...) by any JSON."""
    doc = msgspec.json.decode(good_save)
    node = doc
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, (dict, list)) and child and data.draw(st.booleans()):
            node = child
            continue
        node[key] = data.draw(json_values)
        break
    check_never_crashes(msgspec.json.encode(doc))


@pytest.mark.parametrize("hint", [[0, 99, "x"], [-4, 0, "x"], [121, 0, "x"], [0, -1, "x"], [2**63, 2**63, "x"]],
                         ids=["seat-100", "decision-minus-4", "past-the-log", "seat-0", "huge"])
def test_a_hint_out_of_range_is_refused(tmp_path, good_save, hint):
    """`replay --all` printed "hint to seat 100, decision -4": a hint names a seat of the game and a point of
    its log (after 0 to all of its 120 decisions)."""
    path = tmp_path / "hint.dune.json"
    path.write_bytes(edited(good_save, lambda doc: doc.update(hints=[[0, 1, "fine"], hint])))
    refused(path, "hint 2 is for seat")
    code, out, err = run_cli("replay", str(path), "--all")
    assert code == 2 and out == "" and "seats 1 to 5 and 120 decisions" in err
    (info,) = list_saves(tmp_path)
    assert "hint 2 is for seat" in info.error
    every_reader(path)


def test_hints_at_either_end_of_the_log_load(tmp_path, good_save):
    path = tmp_path / "hint.dune.json"
    path.write_bytes(edited(good_save, lambda doc: doc.update(hints=[[0, 0, "first"], [120, 4, "last"]])))
    assert load(path).hints == [(0, 0, "first"), (120, 4, "last")]
