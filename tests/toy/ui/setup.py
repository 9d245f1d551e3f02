"""Toy Dice's lines on the new-game screen: none (it takes no parameter)."""

from __future__ import annotations


def compose(defaults: dict):
    yield from ()


def show(screen) -> None:
    pass


def parameters(value) -> dict:
    return {}
