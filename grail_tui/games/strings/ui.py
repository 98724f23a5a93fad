"""Pulling Strings' screens and help, as the app asks for them (imports Textual lazily)."""

from __future__ import annotations

from importlib import resources
from typing import Any

from ..api import Drawing
from .glyphs import glyphs as strings_glyphs

KEYS = """\
# Keys in Pulling Strings

| key | what it does |
|---|---|
| ↑ ↓ (or k j) | walk your side: your structure, your resources, your hands; the card's text shows in the card pane |
| ← → (or h l) | in your structure: up to a card's master, down to its first puppet |
| Enter | the choice the game asks for now (set-up, draws, placement, commit, a hand over its limit, an offer, sheltering); in a list, does the choice under the cursor |
| a | attack: the attacks of the card under the cursor (of every card if it has none), the best chance of success first, each with its chance; in the list ← → show another card's |
| s | support an attack, with a card's token or an agent from your hand |
| p | play a plot card |
| m | move a group (with its puppets) or a resource's link |
| o | offer cards of your hands to another player (a gift, or a trade they accept by giving back), or give a resource |
| u | buy a plot card, draw a group card for a token, place a resource or a Cabal agent, show a card, use a look |
| n | pass: nothing (more) in this window |
| e | end your turn |
| Esc | back out of a list; with none open, in a game on a server: back to the lobby (your seat stays yours) |
| Tab, v c t g | the right-hand pane: the attack, the card's text, the table, the log |
| w | the table pane shows the next player's structure |
| z | standing answers: *quiet* (pass on every support and reaction unless a group of yours is attacked), then *lap* (pass in every lap at the table this turn), then *laps* (both, every turn), then none |
| : | say something to the table (a game on a server) |
| y | in a turn-based game, when offered: the server answers for you while you are away |

Each card in a structure reads: name, power/global power, R resistance (groups), its
alignments (St State, Mk Market, Pr Progressive, Tr Traditional, Pc Pacifist, Mi Militant,
Mu Mundane, Un Uncanny, Ou Outlaw, Ze Zealot), → and the number of open out-arrows, and ● per
action token (○: none; * and o with --ascii). The attack pane names every modifier and gives the chance of success:
the attack succeeds when 2d6 rolls at most the margin, and 11 or 12 always fail.

"""


class StringsUI:
    """Pulling Strings' screens, each drawn with its own glyphs for the shell's choice (``Drawing``)."""

    def game_screen(self, client: Any, glyphs: Drawing) -> Any:
        from .screens.game import StringsScreen

        return StringsScreen(client, strings_glyphs(glyphs))

    def replay_screen(self, record: Any, glyphs: Drawing, viewer: int | None = None,
                      note: str | None = None) -> Any:
        """A replay shows every hand only for a finished game, so ``viewer`` changes nothing."""
        from .screens.replay import StringsReplay

        return StringsReplay(record, strings_glyphs(glyphs), note)

    def plain(self) -> Any:
        """The game's words and choices for the plain front end (``grail-tui --plain``)."""
        from .plain import PLAIN

        return PLAIN

    def bench_keys(self) -> dict[str, Any]:
        """What `grail-tui bench tui --game strings` presses: ↓ and ↑ walk the cursor over the
        tree, the resources and the hands (each moves it, wrapping), once there are a few cards on
        your side (``ready``: set-up over); Tab and v c t g switch the right-hand pane; the table's
        changes while an attack is declared are measured apart."""
        return {"ready": lambda screen: len(screen.card_uids()) >= 4 and screen.asked(),
                "cursor": ("down", "down", "down", "up"), "panes": ("tab", "c", "t", "v", "g"),
                "window": ("attack", lambda view: getattr(view, "attack", None) is not None)}

    def bench_ssh(self, players: int) -> dict[str, Any]:
        """What a person at `grail-tui bench ssh --game strings` types: on the server's form the
        Game row to this game and the Players row to ``players`` (the seats added are bots), then
        t and v switch the right-hand pane (the table, the attack) while whatever the game asks
        is answered plainly (the first choice listed, a pass, the end of the turn)."""
        lists = ("enter", "enter")  # the list of choices, then its first
        # the Players row down to two (the game opens at its usual count), then up to ``players``
        count = [("left", "◂ 2 ▸"), *([("right", f"◂ {players} ▸")] if players > 2 else [])]
        return {"form": [("down", None), ("right", "◂ Pulling Strings ▸"), ("down", None), *count],
                "opened": "'s structure",
                "panes": [("t", ["The table · goal"]), ("v", ["No attack yet.", "Last attack", "Attack to "])],
                "asked": [("Enter lists", lists), ("Enter chooses", lists), ("Enter to ", lists),
                          ("e end turn.", ("e",)), ("n passes.", ("n",)), ("n lets it", ("n",))]}

    def help_text(self) -> str:
        """The keys, the rules in our words and every house reading, as Markdown."""
        return KEYS + resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


UI = StringsUI()
