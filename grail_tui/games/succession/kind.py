"""Grail Succession as the platform sees it: what is the card game's own (its card values as
setup options, its two seats, where a game stands); the rest is the kit's defaults
(games/kit/kind.py)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar

from ..api import GameKind
from ..kit.kind import BaseKind
from ..kit.terms import LogBook, OptionType, SetupOption, SetupRequest
from . import engine
from . import standing as standing_words
from .engine import (
    HOUSE_MINUS,
    HOUSE_PLUS,
    MAX_VALUE,
    PLAYERS,
    Action,
    Game,
    PlayerView,
    PublicView,
    Setup,
)

View = PlayerView | PublicView


def _text(values: Sequence[int]) -> str:
    return ",".join(str(v) for v in values)


def parse_values(text: str | int, count: int, what: str) -> tuple[int, ...]:
    """"1,1,2,2,2,3,3" -> the card values; ValueError with a sentence for the host."""
    parts = str(text).replace(",", " ").split()
    rule = (f"Give the {count} {what} card values as whole numbers from 1 to {MAX_VALUE}, "
            f"separated by commas, for example {_text(HOUSE_PLUS if what == 'plus' else HOUSE_MINUS)}")
    if len(parts) != count or not all(p.isascii() and p.isdigit() and 1 <= int(p) <= MAX_VALUE
                                      for p in parts):
        raise ValueError(f"{rule} (not {str(text)!r}).")
    return tuple(int(p) for p in parts)


class SuccessionKind(BaseKind[Setup, Game, Action, View]):
    name = "succession"
    title = "Grail Succession"
    blurb = "A card game of a royal succession: play to the row, take the last five. 2 players."
    min_players = max_players = default_players = PLAYERS
    engine: ClassVar[ModuleType] = engine  # the rules the defaults read (kit/kind.py)
    package = __package__
    app_rooms = ("kind", "ui", "screens.game", "screens.end")  # a warm SSH session's screens
    samples = True

    # -- standing answers a server keeps (standing.py) -------------------------------------------------------------

    def standing_settings(self, standing: Any) -> dict[str, int] | None:
        return standing_words.settings(standing)

    def standing_from_settings(self, settings: Mapping[str, int]) -> Any:
        return standing_words.from_settings(settings)

    def away_answers(self) -> tuple[Any, str]:
        return standing_words.OnlyMove(), standing_words.AWAY_WORDS  # lasts the game

    # -- setting up -------------------------------------------------------------

    def options(self) -> Sequence[SetupOption]:
        return (
            SetupOption("plus", "Plus cards", _text(HOUSE_PLUS), kind=OptionType.TEXT,
                        hint="the values of the 7 plus cards; house reading, as the printed "
                             "game does not publish them"),
            SetupOption("minus", "Minus cards", _text(HOUSE_MINUS), kind=OptionType.TEXT,
                        hint="the values of the 9 minus cards, without the sign; house reading"),
        )

    def make_setup(self, request: SetupRequest) -> Setup:
        if request.players != PLAYERS:
            raise ValueError(f"Grail Succession is played by {PLAYERS} players, not {request.players}.")
        plus = parse_values(request.options.get("plus", _text(HOUSE_PLUS)), 7, "plus")
        minus = parse_values(request.options.get("minus", _text(HOUSE_MINUS)), 9, "minus")
        return Setup(seed=request.seed, first_player=request.first_player, names=tuple(request.names),
                     plus=plus, minus=minus)

    def players_of(self, setup: Setup) -> int:
        return PLAYERS

    def sample(self, view: View, rng: random.Random) -> Game:
        """The view's position with the cards its player has not seen dealt by ``rng``."""
        from .bots.strong import sample

        assert isinstance(view, PlayerView)
        return sample(view, list(engine.unseen(view)), rng)

    # -- what the table asks --------------------------------------------------------------

    def progress(self, public: View) -> str:
        public = self.public_of(public)
        assert isinstance(public, PublicView)
        if public.outcome is not None:
            return "over"
        return f"round {public.round}, turn {public.turn + 1}"

    def turns(self, state: Game) -> int:
        return state.turns_played

    # -- words ------------------------------------------------------------------------------------

    def log_book(self, names: Sequence[str], seat: int | None = None) -> LogBook:
        from .words import LogBook

        return LogBook(names)  # both seats see every event: one log reads the same for all


KIND: GameKind[Setup, Game, Action, View] = SuccessionKind()  # mypy checks the game against the seam
