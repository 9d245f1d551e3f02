"""dune_tui.text.printable: what a file or a peer says, made safe for a terminal."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from dune_tui.text import ELLIPSIS, REPLACEMENT, printable


def test_terminal_escapes_cannot_reach_the_terminal():
    shown = printable("\u001b]0;PWNED\u0007\u001b[2J")
    assert "\x1b" not in shown and "\x07" not in shown
    assert shown == f"{REPLACEMENT}]0;PWNED{REPLACEMENT}{REPLACEMENT}[2J"


def test_c1_controls_del_and_bidi_overrides_are_replaced():
    assert printable("a\x9b2Jb\x7fc") == f"a{REPLACEMENT}2Jb{REPLACEMENT}c"  # CSI as one C1 byte; DEL
    assert printable("evil\u202egnp.exe\u2066x\u2069") == f"evil{REPLACEMENT}gnp.exe{REPLACEMENT}x{REPLACEMENT}"


def test_one_line_whatever_the_input():
    assert printable("two\nlines\r\tand a tab") == "two lines  and a tab"
    assert printable("para\u2029graph\u2028line") == f"para{REPLACEMENT}graph{REPLACEMENT}line"


def test_ordinary_text_is_unchanged():
    for text in ("Alice", "Günther's Dune", "[bold red]not markup[/]", "名前", "👩‍🚀 crew", ""):
        assert printable(text) == text


def test_long_text_is_cut_with_an_ellipsis():
    assert printable("x" * 100, limit=10) == "x" * 9 + ELLIPSIS
    assert printable("short", limit=10) == "short"
    assert printable("\x1b" * 1_000_000, limit=5) == REPLACEMENT * 4 + ELLIPSIS


def test_a_lone_surrogate_can_be_printed():
    shown = printable("a\ud800b")
    shown.encode("utf-8")  # would raise UnicodeEncodeError on the way to the terminal
    assert shown == f"a{REPLACEMENT}b"


@given(st.text(), st.none() | st.integers(0, 50))
def test_never_a_control_character(text, limit):
    shown = printable(text, limit)
    assert not any(unicodedata.category(ch) in {"Cc", "Cs", "Zl", "Zp"} for ch in shown)
    assert not any("\u202a" <= ch <= "\u202e" or "\u2066" <= ch <= "\u2069" for ch in shown)
    if limit is not None:
        assert len(shown) <= limit
