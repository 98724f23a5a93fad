"""Grail Succession's screens and help, as the app asks for them (imports Textual)."""

from __future__ import annotations

from importlib import resources
from typing import Any

KEYS = """\
# Keys

| key | what it does |
|---|---|
| ← → (or h l), 1-5 | choose a card in your hand |
| Enter or p | play the card under the cursor to the far end of the row |
| t | take: shows the marked cards and what they would do to both scores; t or Enter again takes |
| n | pass, when you can neither play nor take |
| Esc | back out of a take |
| c g, Tab | show the cards taken (with the score each would have now), the log |

The row runs from the deck to its far end. The cards a take would get (the
last five, or the whole row if it is shorter) stand after a bar `|` and are
underlined. In the table of cards taken, `*` marks who holds more of a
faction, and with it that faction's points.

"""


class SuccessionUI:
    def game_screen(self, client: Any, glyphs: Any) -> Any:
        from .screens.game import SuccessionScreen

        return SuccessionScreen(client, glyphs)

    def replay_screen(self, record: Any, glyphs: Any, viewer: int | None = None,
                      note: str | None = None) -> Any:
        """``note``: what is wrong with the record where the replay stops, if anything. A
        replay shows both hands only for a finished game, so ``viewer`` changes nothing."""
        from .screens.replay import SuccessionReplay

        return SuccessionReplay(record, glyphs, note)

    def plain(self) -> Any:
        """The game's words and choices for the plain front end (``grail-tui --plain``)."""
        from .plain import PLAIN

        return PLAIN

    def help_text(self) -> str:
        """The keys and the rules, as Markdown."""
        return KEYS + resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


UI = SuccessionUI()
