"""The cards each player has taken, grouped by kind, and the score they make, line by line.

One table for the side pane during play (the score each would have if the
game ended now) and for the end screen (the final count). A faction's row
marks who holds more of it with ``*``; the text reads the same without colour.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.style import Style
from rich.text import Text

from ..engine import FACTIONS, PLAYERS, SET_BONUS, Card, Score, Suit, score
from .cards import card_style

TITLE = Style(bold=True)
DIM = Style(dim=True)


def _cell(text: str | Text, width: int) -> Text:
    cell = text if isinstance(text, Text) else Text(text)
    cell.truncate(width, overflow="ellipsis")
    cell.pad_right(width - cell.cell_len)
    return cell


def _signed(cards: Sequence[Card], suit: Suit, width: int, plain: bool) -> Text:
    """A player's plus (or minus) cards: listed while they fit, else counted and summed."""
    mine = [c for c in cards if c.suit is suit]
    if not mine:
        return Text("-", DIM)
    listed = " ".join(c.code for c in mine)
    if len(listed) > width - 2:
        listed = f"{len(mine)}: {sum(c.value for c in mine):+d}"
    return Text(listed, card_style(mine[0], plain))


def score_table(taken: Sequence[Sequence[Card]], name: Callable[[int], str], *, plain: bool,
                label: int = 12, column: int = 12, final: bool = False,
                first: Sequence[tuple[str, Sequence[str]]] = ()) -> Text:
    """Rows of: each faction's count (``*`` holds more: scores its value), the plus and minus
    cards, grails, then majorities, sets, plus and minus, and the total; ``first``: rows
    (title, a cell per player) to show under the names."""
    scores: tuple[Score, Score] = score(taken)
    text = Text()

    def row(title: str, cells: Sequence[str | Text], style: Style | None = None) -> None:
        head = _cell(title, label)
        if style is not None:
            head.stylize(style)
        text.append_text(head)
        for cell in cells:
            text.append_text(_cell(cell, column))
        text.rstrip()
        text.append("\n")

    row("", [name(p)[: column - 1] for p in range(PLAYERS)], TITLE)
    for title, cells_ in first:
        row(title, [Text(c, DIM) for c in cells_], DIM)
    for k, value in enumerate(FACTIONS):
        counts = [s.factions[k] for s in scores]
        cells: list[str | Text] = []
        for p in range(PLAYERS):
            leads = counts[p] > counts[1 - p]
            cells.append(Text(f"{counts[p]}" + (f" *{value}" if leads else ""),
                              TITLE if leads else DIM if not counts[p] else Style()))
        # a tie scores for nobody: said on the faction's own line, never in a third column
        tied = counts[0] == counts[1] and counts[0] > 0
        row(f"{value}s, tied" if tied else f"{value}s", cells, card_style(_faction(value), plain))
    row("plus", [_signed(taken[p], Suit.PLUS, column, plain) for p in range(PLAYERS)])
    row("minus", [_signed(taken[p], Suit.MINUS, column, plain) for p in range(PLAYERS)])
    grails = [sum(1 for c in taken[p] if c.suit is Suit.GRAIL) for p in range(PLAYERS)]
    row("grail", [f"{g} of 3" if g else "-" for g in grails])
    row("majorities", [_majorities(scores[p], scores[1 - p], final) for p in range(PLAYERS)])
    row("sets", [f"{s.sets} = {SET_BONUS * s.sets}" for s in scores])
    row("plus/minus", [f"{s.cards:+d}" for s in scores])
    row("total" if final else "if over now", [Text(str(s.total), TITLE) for s in scores], TITLE)
    return text


def _majorities(s: Score, rival: Score, final: bool) -> str:
    """The points for majorities; at the end, which factions they come from: "5+7 = 12"."""
    won = [str(v) for k, v in enumerate(FACTIONS) if s.factions[k] > rival.factions[k]]
    return f"{'+'.join(won)} = {s.majority}" if final and len(won) > 1 else str(s.majority)


def _faction(value: int) -> Card:
    return Card(Suit.FACTION, value)
