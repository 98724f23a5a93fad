"""The Hunt for the Grail's screens and help, as the app asks for them (imports Textual)."""

from __future__ import annotations

from importlib import resources
from typing import Any

from ..api import Drawing
from .glyphs import glyphs as hunt_glyphs

KEYS = """\
## Keys in a game

| key | what it does |
|---|---|
| arrows or h j k l | move the cursor on the board |
| Enter on a field | propose with the initiate standing there |
| p | propose: choose an initiate (1-8, or ↑/↓ and Enter), then what it does |
| a | assign influence: ←/→ unit, Space select, 1-8 place, u undo, Enter confirm |
| o / n | object (type an amount) / pass, when a proposal is on the table |
| m / r / c | match the objection / raise (reveal more than it) / concede, when your proposal meets an objection |
| w | standing answers for the rest of the turn: pass on every proposal, or keep objecting to moves of an initiate up to an amount; they answer for you at a person's pace |
| Esc or x | back out of what you are composing |
| Esc | in a server game, when nothing is being composed: back to the lobby (your seat stays yours) |
| b s t g, Tab | show the bidding war, your sheet, the table of known influence, the log |
| PgUp PgDn Home End | scroll the log (it takes the keyboard; Esc gives it back) |
| f | the whole log on the screen |
| : | say something to everyone at the table (server games) |

On the board, ◆ before the codes on a field means the grail lies there; ◆
right after a code (AC◆) means that initiate carries it. While you choose a
proposal, › marks the fields it can step to.

"""


class HuntUI:
    """The hunt's screens, each drawn with the hunt's glyphs for the shell's choice (``Drawing``)."""

    def game_screen(self, client: Any, glyphs: Drawing) -> Any:
        from .screens.game import GameScreen

        return GameScreen(client, hunt_glyphs(glyphs))

    def replay_screen(self, record: Any, glyphs: Drawing, viewer: int | None = None,
                      note: str | None = None) -> Any:
        """``viewer``: of an unfinished game, whose own sheet the replay may show; ``note``:
        what is wrong with the record where the replay stops, if anything."""
        from .screens.replay import ReplayScreen

        return ReplayScreen(record, hunt_glyphs(glyphs), viewer, note)

    def story_screen(self, record: Any, glyphs: Drawing, viewer: int | None = None) -> Any:
        from .screens.story import StoryScreen

        return StoryScreen(record, hunt_glyphs(glyphs), viewer)

    def plain(self) -> Any:
        """The game's words and choices for the plain front end (``grail-tui --plain``)."""
        from .plain import PLAIN

        return PLAIN

    def help_text(self) -> str:
        """The keys and the rules, as Markdown."""
        return KEYS + resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


UI = HuntUI()
