"""Pieces of wording every game's log uses."""

from __future__ import annotations

from collections.abc import Callable, Sequence

Namer = Callable[[int], str]


def namer(names: Sequence[str]) -> Namer:
    """A seat's name; read from ``names`` when asked (people take seats on a server after the
    setup, and the list changes in place), "Player N" for a seat without one yet."""
    return lambda p: names[p] if 0 <= p < len(names) else f"Player {p + 1}"
