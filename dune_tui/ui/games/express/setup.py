"""Dune Express's lines on the new-game screen: its modifications (the houses' abilities, the Shorter Game and its
ending, Thumper, the defence tokens and their counts), given to the engine as its one parameter, `variant` (as
`dune-tui new --variant` spells it).  Imports no engine: the first game's screen never loads Dune Express."""

from __future__ import annotations

from textual.app import ComposeResult

from ...widgets.cycler import Cycler

ON_OFF = {False: "off", True: "on"}
SHORTER = (0, 10, 15, 20, 25, 30)  # the Shorter Game's last round (0: no limit)
ENDING = {"nobody": "nobody wins: everybody loses", "tiebreak": "the most territories wins (tie-break)"}
TOKEN_KEYS = ("snooper", "shield", "trance", "thumper")  # express.data.TOKEN_KEYS (the first game never loads it)
TOKEN_NAMES = ("Snooper", "Shield", "Truth Trance", "Thumper")
TOKEN_COUNTS = range(-1, 7)  # -1: as the defence line says; up to the box's 6 (express.data.BOX_TOKENS, X28)
DEFENCE = {"full": "one of each per player", "limited": "one of each in all", "none": "none (no tokens)"}
HELP = (  # `?` on the new-game screen: what each modification does (rules.md, docs/EXPRESS.md)
    ("Houses' abilities", "each house plays its special abilities (c in a game shows them); off: the houses "
                          "differ only by name."),
    ("Shorter game", "the game ends after that round (X26); off: until a house holds enough territories."),
    ("At the last round", "if nobody has won by then: everybody loses, or the most territories wins (then the "
                          "most units, then a roll: X15, X16)."),
    ("Thumper", "the traitor die's sixth face is a Thumper token: play one during your roll to reroll a "
                "Shai-Hulud; nothing blocks the Hunter-Seeker then."),
    ("Defence tokens", "the Snooper, Shield and Truth Trance tokens that block the traitor die's weapons: one of "
                       "each per player, one of each in all, or none (X17, X18)."),
    ("... tokens", "how many of that kind are in the supply, 0-6, whatever the defence line says (X28)."),
)


def count_text(n: int) -> str:
    return "as the defence line says" if n < 0 else f"{n} in the supply"


def variant_text(abilities: bool = False, round_limit: int = 0, thumper: bool = False, defence: str = "full",
                 ending: str = "nobody", tokens: tuple[int, ...] = (-1, -1, -1, -1)) -> str:
    """The Express modifications as `dune-tui new --variant` spells them (express.with_variants reads both).
    The ending counts only with a round limit (the Shorter Game's, or Manipulation's 20 with the houses); a
    token count (-1: as the defence line says) only for the kinds the traitor die gives (X28)."""
    parts = ["houses"] * abilities + [f"shorter:{round_limit}"] * bool(round_limit)
    parts += ["tiebreak"] * (ending == "tiebreak" and bool(round_limit or abilities)) + ["thumper"] * thumper
    parts += [f"defence:{defence}"] * (defence != "full")
    unused = "trance" if thumper else "thumper"
    return ",".join(parts + [f"{key}:{n}" for key, n in zip(TOKEN_KEYS, tokens) if n >= 0 and key != unused])


def compose(defaults: dict) -> ComposeResult:
    """The lines (the defaults: no modification, the record's `parameters` `variant` "")."""
    yield Cycler("Houses' abilities", list(ON_OFF), False, shown=ON_OFF.get, id="abilities")
    yield Cycler("Shorter game", list(SHORTER), 0, shown=lambda n: f"{n} rounds" if n else "off", id="round-limit")
    yield Cycler("At the last round", list(ENDING), "nobody", shown=ENDING.get, id="ending")
    yield Cycler("Thumper", list(ON_OFF), False, shown=ON_OFF.get, id="thumper")
    yield Cycler("Defence tokens", list(DEFENCE), "full", shown=DEFENCE.get, id="defence")
    for key, name in zip(TOKEN_KEYS, TOKEN_NAMES):
        yield Cycler(f"  {name} tokens", list(TOKEN_COUNTS), -1, shown=count_text, id=f"count-{key}",
                     classes=f"count-{key}")


def show(screen) -> None:
    """Truth Trance tokens, or with the Thumper modification Thumper tokens (X28)."""
    thumper = screen.query_one("#thumper", Cycler).value
    screen.query_one("#count-trance").display = not thumper
    screen.query_one("#count-thumper").display = thumper


def parameters(value) -> dict:
    """The game's parameters from the lines (`value(id)`: a line's value)."""
    return {"variant": variant_text(value("abilities"), value("round-limit"), value("thumper"), value("defence"),
                                    value("ending"), tuple(value(f"count-{key}") for key in TOKEN_KEYS))}
