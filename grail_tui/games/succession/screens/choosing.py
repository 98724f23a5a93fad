"""Choosing an action on the card game's screen: a card to play, a take, a pass.

The screen's half that turns keys into an action. The finished action goes to
the table client once; a refusal comes back in the player's words and stays
on screen.
"""

from __future__ import annotations

from typing import Any

from textual.reactive import reactive
from textual.screen import Screen

from grail_tui.table.client import TableClient

from ..engine import GRAIL, Pass, Play, PlayerView, PublicView, Take
from ..situation import Compose, may_take
from ..widgets.cards import HandView


class ChoosingScreen(Screen[None]):
    """The state the card game's screen owns, and the choosing of actions with it."""

    viewer: reactive[int | None] = reactive(None, init=False)
    mode: reactive[Compose] = reactive(Compose.IDLE, init=False)
    error: reactive[str] = reactive("", init=False)
    pane: reactive[str] = reactive("taken", init=False)
    cursor: reactive[int] = reactive(0, init=False)

    def __init__(self, client: TableClient) -> None:
        super().__init__()
        self.client = client
        self.hotseat = len(client.seats) > 1
        self.set_reactive(ChoosingScreen.viewer, client.seats[0] if len(client.seats) == 1 else None)
        self.public: PublicView | None = None
        self.mine: PlayerView | None = None
        self._paint_due = False

    def asked(self) -> bool:
        """Does the game wait for the player at the keyboard now?"""
        v = self.viewer
        update = self.client.latest(v) if v is not None else None
        return update is not None and update.asked and self.mine is not None and not update.over

    def _dirty(self) -> None:
        """Something the screen shows changed: paint once, however many changes come together."""
        if not self._paint_due:
            self._paint_due = True
            self.call_later(self._paint)

    def _paint(self) -> None:
        raise NotImplementedError

    def _hand(self) -> tuple[Any, ...]:
        return self.mine.hand if self.mine is not None else ()

    def _cancel(self) -> None:
        self.mode = Compose.IDLE
        self.error = ""

    def _submit(self, action: Any) -> None:
        """Send the action once; a refusal stays on screen."""
        assert self.viewer is not None
        refused = self.client.submit(self.viewer, action)
        if refused is not None:
            self.error = refused
            return
        self._cancel()
        self.set_focus(self.query_one(HandView))

    # -- the hand -----------------------------------------------------------------

    def on_hand_view_move(self, message: HandView.Move) -> None:
        hand = self._hand()
        if hand and self.mode is Compose.IDLE:
            self.cursor = (self.cursor + message.delta) % len(hand)
            self.error = ""

    def on_hand_view_chosen(self, _message: HandView.Chosen) -> None:
        if self.mode is Compose.TAKE:
            self.action_take()
        elif self.check_action("play", ()):
            self.action_play()

    def action_pick(self, index: int) -> None:
        """A digit: put the cursor on that card of the hand."""
        hand = self._hand()
        if self.mode is Compose.IDLE and 0 <= int(index) < len(hand):
            self.cursor = int(index)
            self.error = ""

    # -- the actions ----------------------------------------------------------------

    def action_play(self) -> None:
        hand = self._hand()
        if self.viewer is None:
            return
        if not hand:  # the rules' own refusal: "Your hand is empty: take cards from the row."
            self.error = self.client.why_illegal(self.viewer, Play(self.viewer, GRAIL)) or ""
            return
        self._submit(Play(self.viewer, hand[min(self.cursor, len(hand) - 1)]))

    def action_take(self) -> None:
        """The first t shows what a take would bring; t or Enter then takes."""
        if self.viewer is None or self.public is None:
            return
        if self.mode is Compose.TAKE:
            self._submit(Take(self.viewer))
            return
        if not may_take(self.public, self.viewer):
            self.error = self.client.why_illegal(self.viewer, Take(self.viewer)) or ""
            return
        self.error = ""
        self.mode = Compose.TAKE

    def action_pass(self) -> None:
        if self.viewer is not None:
            self._submit(Pass(self.viewer))

    def action_back(self) -> None:
        self._cancel()
        self.set_focus(self.query_one(HandView))
