"""Where a game of Pebbles stands, in words for the status line (the screen's and plain mode's)."""

from __future__ import annotations

from .engine import PublicView, Stage


def status(view: PublicView, viewer: int | None, *, hotseat: bool) -> tuple[str, str]:
    """Pebbles' part of the status line: the pile, and whose move it is."""
    where = f"{view.pile} pebbles left"
    if view.outcome is not None:
        return where, "Game over"
    if view.stage is Stage.BIDS:
        return where, "Everyone bids"
    assert view.mover is not None
    mover = "Your" if viewer == view.mover and not hotseat else f"{view.name(view.mover)}'s"
    if view.stage is Stage.DOUBTS:
        return where, f"Answers to {view.name(view.mover)}'s take of two"
    return where, f"{mover} {'reply' if view.stage is Stage.REPLY else 'turn'}"
