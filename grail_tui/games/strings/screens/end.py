"""The end: who won and why, every player's groups against the goal, and every hand and what was
left under each plot deck, shown now that nothing is secret (§4: at the end every hand is shown)."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from grail_tui.app.end_screen import TableEndScreen
from grail_tui.app.paths import record_note

from .. import situation
from ..engine import GameEnded, PublicView, card_set

TITLE = Style(bold=True)
DIM = Style(dim=True)


def _names(ids: tuple[str, ...]) -> str:
    cards = card_set().cards
    return ", ".join(cards[c].name if c in cards else c for c in ids) or "nothing"


def end_text(view: PublicView, ended: GameEnded | None, record_path: str | None, plain: bool = False) -> Text:
    text = Text()
    out = view.outcome
    if out is None:
        return text
    text.append("Game over\n", TITLE)
    text.append(out.describe(view.name) + "\n\n", TITLE if plain else Style(bold=True, color="yellow"))
    text.append(f"Groups controlled (goal {view.basic_goal})\n", TITLE)
    for seat in range(view.players):
        cabal = view.seats[seat].cabal
        gone = "  out of the game" if view.seats[seat].eliminated else ""
        who = situation.Cards(view).name(cabal.uid) if cabal is not None else "no Cabal"
        text.append(f"  {view.name(seat)[:14]:<14} {situation.groups(view, seat):>2}  {who}{gone}\n")
    if ended is not None:
        text.append("\nEvery hand, now shown\n", TITLE)
        for seat, hand in enumerate(ended.hands):
            text.append(f"  {view.name(seat)[:14]}: ", TITLE)
            text.append(_names(hand) + "\n")
    if record_path:
        text.append("\n" + record_note(record_path), DIM)
    return text


def final_event(kind: Any, record: Any) -> GameEnded | None:
    """The game's last event, from its record: the hands as they were at the end."""
    if record is None:
        return None
    data = kind.read_record(record)
    game = kind.replay(data.setup, data.actions)
    return next((e for e in reversed(game.history) if isinstance(e, GameEnded)), None)


class EndScreen(TableEndScreen):
    def text(self, view: PublicView, record_path: str | None) -> Text:
        update = self.client.latest(None)
        ended = final_event(self.client.kind, update.record if update is not None else None)
        return end_text(view, ended, record_path, self.app.no_color)
