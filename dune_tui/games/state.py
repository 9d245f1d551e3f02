"""The state base every game's `State` is built on: plain slots, cheap to copy.

A game's `State` describes its fields once, `TYPES` (each field's type, in the order its save writes them;
its `__slots__` are their names), from which come `LISTS` (the lists, copied) and `SCALARS` (ints, tuples, the
options: shared by a copy), the wire's view and the save's snapshot.  It keeps here what every game's state
does the same way: `copy`, `over`,
`to_move`, and the two caches that are not the game (`events`, the outbox of the `apply` being played, None
when not recording; `_legal`, the legal actions by seat).  Every game's state has at least `n`, `phase`,
`awaiting`, `result`, `viewer` (-1, or the seat whose view it is) and `rng` (None in a view).
"""

from __future__ import annotations

import typing


class GameState:
    __slots__ = ("_legal", "events")
    TYPES: dict[str, object] = {}  # every field and its type (a game's State gives its own)
    LISTS: tuple[str, ...] = ()
    SCALARS: tuple[str, ...] = ()
    FIELDS: tuple[str, ...] = ()  # what the game holds: every field but the caches (events, _legal)

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls.LISTS = tuple(name for name, kind in cls.TYPES.items() if typing.get_origin(kind) is list)
        cls.SCALARS = tuple(name for name in cls.TYPES if name not in cls.LISTS)
        cls.FIELDS = cls.LISTS + cls.SCALARS
        cls.copy = _copier(cls)

    def copy(self):
        """An independent copy: the scalars shared, the lists copied, events off (a search has no reader)."""
        raise NotImplementedError  # each game's State gets its own, made by `_copier`

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that must decide now (two during a simultaneous decision)."""
        return self.awaiting


def _copier(cls):
    """`cls.copy`, written out field by field: a view is a copy, and every request and every search step takes
    one (a loop of getattr and setattr took three times as long)."""
    for name in cls.FIELDS:
        assert name.isidentifier() and not name.startswith("__"), name
    lines = [f"    new.{name} = self.{name}" for name in cls.SCALARS]
    lines += [f"    new.{name} = self.{name}[:]" for name in cls.LISTS]
    source = "def copy(self):\n    new = new_of(cls)\n" + "\n".join(lines) + """
    new.events = None
    new._legal = None
    return new
"""
    namespace: dict = {"new_of": object.__new__, "cls": cls}
    exec(source, namespace)  # the source is made above from the class's own field names
    copy = namespace["copy"]
    copy.__doc__ = GameState.copy.__doc__
    copy.__qualname__ = f"{cls.__qualname__}.copy"
    return copy
