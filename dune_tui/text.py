"""Text from outside the program (a save file, a file name, soon a network peer), made safe to show.

`printable(s)` is the one door: terminal escapes, other control characters and bidi overrides
become visible placeholders, so a name cannot clear the screen, retitle the window, fake a
line of output or reverse what follows it.  In the TUI, also draw such text as `rich.text.Text`
(never as a markup string): `[bold red]` must print as typed.

    print(f"{printable(seat_name, limit=NAME_LIMIT)} joined")
"""

from __future__ import annotations

import unicodedata

NAME_LIMIT = 40  # a seat's name, as shown
MESSAGE_LIMIT = 400  # an error message quoting file-derived text
ELLIPSIS = "…"
REPLACEMENT = "\N{REPLACEMENT CHARACTER}"

# Bidi embeddings, overrides and isolates, and the marks (Trojan Source, CVE-2021-42574).
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Cc: C0, DEL and C1 controls; Cs: lone surrogates (cannot be encoded); Zl, Zp: line and paragraph separators.
UNSAFE_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
WHITESPACE = frozenset("\t\n\r\v\f")


def _safe(ch: str) -> str:
    if ch in WHITESPACE:
        return " "
    if ch in BIDI or unicodedata.category(ch) in UNSAFE_CATEGORIES:
        return REPLACEMENT
    return ch


def printable(s: object, limit: int | None = None) -> str:
    """`s` as text safe for a terminal, on one line: tab and newline become spaces, any other control
    character (C0, DEL, C1), lone surrogate, line separator or bidi control becomes U+FFFD; then cut to
    at most `limit` characters (the last one an ellipsis)."""
    text = s if isinstance(s, str) else str(s)
    if limit is not None and len(text) > limit:
        text = text[:limit]  # cut first: a huge string costs no more than `limit` to clean
        cut = True
    else:
        cut = False
    if not text.isprintable() or any(ch in BIDI for ch in text):
        text = "".join(_safe(ch) for ch in text)
    if cut:
        text = text[: max(limit - 1, 0)] + ELLIPSIS if limit else ""
    return text
