"""The end: the winner and why, the count line by line, and every card once hidden."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from grail_tui.app.end_screen import TableEndScreen
from grail_tui.app.paths import record_note

from ..engine import PLAYERS, PublicView, Termination
from ..widgets.cards import chips
from ..widgets.scoresheet import score_table

TITLE = Style(bold=True)
DIM = Style(dim=True)


def end_text(view: PublicView, record_path: str | None, plain: bool = False) -> Text:
    out = view.outcome
    text = Text()
    if out is None:
        return text
    text.append("Game over\n", TITLE)
    text.append(out.describe(view.name) + "\n\n", TITLE if plain else Style(bold=True, color="yellow"))
    if out.termination is Termination.GRAIL:
        text.append("The cards taken (not counted: the grail decided)\n", TITLE)
    else:
        text.append("The count", TITLE)
        text.append("  (* holds more of a faction: scores its value)\n", DIM)
    text.append_text(score_table(view.taken, view.name, plain=plain, label=14, column=18, final=True))
    text.append("\n")
    text.append("Put aside:     ", TITLE)
    text.append_text(chips(view.aside or (), plain))
    text.append("\n")
    for p in range(PLAYERS):
        hand = view.hands[p] if view.hands is not None else ()
        whose = f"{view.name(p)[:11]}'s hand"
        text.append(f"{whose:<15}", TITLE)
        text.append_text(chips(hand, plain) if hand else Text("nothing", DIM))
        text.append("\n")
    if view.deck:
        text.append("Never dealt:   ", TITLE)
        text.append_text(chips(view.deck, plain))
        text.append("\n")
    if record_path:
        text.append("\n" + record_note(record_path), DIM)
    return text


class EndScreen(TableEndScreen):
    def text(self, view: PublicView, record_path: str | None) -> Text:
        return end_text(view, record_path, self.app.no_color)
