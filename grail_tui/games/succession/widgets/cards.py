"""The row and the hand: cards as small labels, drawn by thin widgets the screen feeds.

A card reads the same without colour: ``[ 7]``, ``[+2]``, ``[-3]``, ``[ G]``.
Colour only helps; the cards a take would get are also set apart by a bar, and
the hand's cursor by a caret under the card, so NO_COLOR and --ascii lose nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Offset
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from grail_tui.app.cursor import row_offset

from ..engine import Card, PublicView, Suit

FACTION_COLOURS = {5: "cyan", 6: "green", 7: "magenta", 8: "blue"}
TITLE = Style(bold=True)
DIM = Style(dim=True)
MARK = Style(reverse=True, bold=True)


def card_style(card: Card, plain: bool = False) -> Style:
    """A card's colour (its suit, a faction by its value); bold alone without colour."""
    if plain:
        return Style(bold=card.suit is Suit.GRAIL)
    if card.suit is Suit.FACTION:
        return Style(color=FACTION_COLOURS[card.value], bold=True)
    if card.suit is Suit.PLUS:
        return Style(color="bright_green", bold=True)
    if card.suit is Suit.MINUS:
        return Style(color="red", bold=True)
    return Style(color="bright_yellow", bold=True)


def label(card: Card) -> str:
    return f"[{card.code:>2}]"


def chips(cards: Sequence[Card], plain: bool, extra: Style | None = None) -> Text:
    """Cards side by side, one space apart (a long line wraps between cards)."""
    text = Text()
    for k, card in enumerate(cards):
        if k:
            text.append(" ")
        style = card_style(card, plain)
        text.append(label(card), style + extra if extra is not None else style)
    return text


class RowView(Static):
    """The row, from the deck to the far end, with the cards a take would get marked."""

    def show(self, view: PublicView, taking: bool = False) -> None:
        plain = self.app.no_color
        row = view.row
        window = view.window()
        text = Text()
        text.append("The row", TITLE)
        text.append(f"  ◂ deck {view.deck_size} · far end ▸\n", DIM)
        if not row:
            text.append("empty: nothing to take\n", DIM)
            self.update(text)
            return
        keep = row[: len(row) - len(window)]
        if keep:
            text.append_text(chips(keep, plain))
            text.append(" | ", TITLE)
        text.append_text(chips(window, plain, MARK if taking else Style(underline=True)))
        text.append("\n")
        if view.is_over:
            self.update(text)
            return
        text.append("A take gets " if not taking else "Taking ", DIM)
        text.append(f"the {len(window)} after the bar" if keep else "the whole row", DIM)
        self.update(text)


class HandView(Widget, can_focus=True):
    """One hand as a selectable line of cards; the screen owns the cursor."""

    BINDINGS = [
        Binding("left,h", "move(-1)", "Left", show=False),
        Binding("right,l", "move(1)", "Right", show=False),
        Binding("enter", "choose", "Choose", show=False),
    ]

    class Move(Message):
        def __init__(self, delta: int) -> None:
            super().__init__()
            self.delta = delta

    class Chosen(Message):
        """Enter on the hand: play the card under the cursor (or confirm a take)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._text = Text()
        self._cursor_column: int | None = None  # where the card under the cursor is drawn

    @property
    def cursor_screen_offset(self) -> Offset | None:
        """The terminal's cursor on the card under the cursor (braille displays follow it),
        on the line below the hand's title."""
        column = self._cursor_column
        return row_offset(self, column, 1) if column is not None else None

    def show(self, title: str, cards: Sequence[Card] | None, cursor: int | None,
             note: str = "") -> None:
        """``cards`` None: the hand is hidden (``note`` says why); ``cursor`` None: no cursor."""
        plain = self.app.no_color
        text = Text()
        text.append(title, TITLE)
        if cards is not None:
            text.append(f"  ({len(cards)} card{'' if len(cards) == 1 else 's'})", DIM)
        text.append("\n")
        self._cursor_column = None
        if cards is None:
            text.append(note, DIM)
        elif not cards:
            text.append(note or "empty", DIM)
        else:
            marks = Text()
            for k, card in enumerate(cards):
                if k:
                    text.append(" ")
                    marks.append(" ")
                here = k == cursor
                if here:
                    self._cursor_column = len(text.plain) - text.plain.rindex("\n") - 1
                text.append(label(card), card_style(card, plain) + (MARK if here else Style()))
                marks.append(" ^^ " if here else f" {k + 1:>2} " if cursor is not None else "    ",
                             TITLE if here else DIM)
            text.append("\n")
            text.append_text(marks)
        self._text = text
        self.refresh(layout=True)

    def render(self) -> Text:
        return self._text

    def action_move(self, delta: int) -> None:
        self.post_message(self.Move(delta))

    def action_choose(self) -> None:
        self.post_message(self.Chosen())
