"""The Hunt for the Grail's screens and help, as the app asks for them (imports Textual)."""

from __future__ import annotations

from importlib import resources
from typing import Any

KEYS = """\
# Keys

| key | what it does |
|---|---|
| arrows or h j k l | move the cursor on the board |
| Enter on a field | propose with the initiate standing there |
| p | propose: choose an initiate (1-8), then what it does |
| a | assign influence: ←/→ unit, Space select, 1-8 place, u undo, Enter confirm |
| o / n | object (type an amount) / pass, when a proposal is on the table |
| m / r / c | match the objection / reveal more / concede, when your proposal meets an objection |
| Esc | back out of what you are composing |
| b s t g, Tab | show the bidding war, your sheet, the table of known influence, the log |

"""


class HuntUI:
    def game_screen(self, client: Any, glyphs: Any) -> Any:
        from .screens.game import GameScreen

        return GameScreen(client, glyphs)

    def replay_screen(self, record: Any, glyphs: Any, viewer: int | None = None) -> Any:
        """``viewer``: of an unfinished game, whose own sheet the replay may show."""
        from .screens.replay import ReplayScreen

        return ReplayScreen(record, glyphs, viewer)

    def story_screen(self, record: Any, glyphs: Any, viewer: int | None = None) -> Any:
        from .screens.story import StoryScreen

        return StoryScreen(record, glyphs, viewer)

    def help_text(self) -> str:
        """The keys and the rules, as Markdown."""
        return KEYS + resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


UI = HuntUI()
