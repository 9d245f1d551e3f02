"""Text that fits its room, for both games' boards: the first variant that fits, tokens packed onto lines,
dice laid out in a row, a bot's level in a few cells."""

from __future__ import annotations

from rich.text import Text


def fitting(width: int, *variants: str) -> str:
    """The first (longest) variant that fits `width` cells, else the last one cut."""
    for text in variants:
        if len(text) <= width:
            return text
    return variants[-1][:width]


def bot_short(agent: str) -> str:
    """A bot's level in at most 6 cells, for a house's line at 80 columns: `heur.`, `random`, `mcts-h`."""
    return {"heuristic": "heur.", "random": "random"}.get(agent, agent.replace("mcts:", "mcts-")[:6])


def pack(tokens: list[Text], width: int, lines: int) -> list[Text]:
    """Tokens one after another, wrapped onto at most `lines` lines of `width` (`…` when some do not fit)."""
    out = [Text()]
    for token in tokens:
        line = out[-1]
        gap = 1 if line.plain else 0
        if line.cell_len + gap + token.cell_len <= width:
            line.append(" " * gap)
            line.append_text(token)
        elif len(out) < lines and token.cell_len <= width:
            out.append(token.copy())
        else:
            line.append("…" if line.cell_len < width else "")
            break
    return out if out[0].plain else []


def lay_out(n: int, kept: int | None, width: int, die) -> tuple[list[Text], list[tuple[int, int, int]], int]:
    """`n` dice of `width` cells in a row, three lines high (`die(d)` draws die d); while rolling (`kept` the mask
    of the dice kept) the kept ones stand first, then a `┊`, then those to roll. Returns the rows, where each die
    was drawn (x0, x1, d) for clicks, and how many stand apart (-1 when not rolling). Both games' trays use it."""
    order = list(range(n))
    apart = -1
    if kept is not None:
        order = [d for d in order if kept >> d & 1] + [d for d in order if not kept >> d & 1]
        apart = bin(kept).count("1")
    rows, drawn = [Text(), Text(), Text()], []
    for i, d in enumerate(order):
        if i == apart and 0 < apart < n:
            for row in rows:
                row.append("┊", style="dim")
        drawn.append((rows[0].cell_len, rows[0].cell_len + width, d))
        for row, part in zip(rows, die(d)):
            row.append_text(part)
    return rows, drawn, apart
