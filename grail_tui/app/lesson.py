"""A guided first game at the table screen: the platform's part of any game's lesson.

The game gives its plan (kit/lesson.py: the steps and their words, where the position stands in
them, what is off the plan); this runs it on the one table screen: each step's explanation is
shown once, in order, when the position reaches it (a notice the player dismisses), an action off
the plan is refused in the lesson's words before it reaches the table, the keys the lesson keeps
shut say why, and q (or Esc with nothing to back out of) leaves it, asked first. The game itself
is kept as every local game is (a journal in the saves folder), so Learn to play resumes it
where it was left, with the explanation of the step it stands at.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grail_tui.games.api import Lesson

if TYPE_CHECKING:
    from .table_screen import TableScreen

LEAVE_KEYS = ("q", "escape")
LEAVE_QUESTION = ("Leave the lesson? It is kept where it stands: Learn to play on the start "
                  "screen goes on from here.")


class LessonRunner:
    """One lesson being played at one table screen."""

    def __init__(self, plan: Lesson) -> None:
        self.plan = plan
        self.shown = -1  # the last step whose explanation was shown
        self.seen: list[str] = []  # the steps explained, in order (tests read it)

    def synced(self, screen: TableScreen, over: bool) -> None:
        """The screen has read a new update: explain the step the position has reached."""
        seat = screen.viewer if screen.viewer is not None else next(iter(screen.client.seats), None)
        if seat is None:
            return
        latest = screen.client.latest(seat)
        view = latest.view if latest is not None else None
        step = self.plan.step_at(view, seat, over)
        if step is None or step <= self.shown:
            return
        self.shown = step
        self.seen.append(self.plan.steps[step].key)
        screen.shell.explain(self.plan.steps[step], last=over)

    def refuse(self, screen: TableScreen, action: Any) -> str | None:
        if screen.viewer is None:
            return None
        return self.plan.refuse(screen.mine, screen.viewer, action)

    def closed(self, action: str) -> str | None:
        """Why a key the lesson keeps shut does nothing; None: it is open."""
        return self.plan.closed.get(action)

    def leave(self, screen: TableScreen) -> None:
        def answered(yes: bool) -> None:
            if yes:
                screen.client.close()
                screen.shell.leave_game()

        screen.shell.ask_yes_no(LEAVE_QUESTION, "y: leave · n or Esc: stay", answered)
