"""Toy Dice in words."""


def prompt(state, seat: int) -> str:
    return f"Your pot is {state.pot}: roll or hold?" if seat in state.awaiting else ""


def action_text(view, action) -> str:
    return "Roll the die" if action[0] == "roll" else f"Hold: bank {view.pot}"
