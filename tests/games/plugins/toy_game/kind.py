"""Pebbles as the platform sees it: what is its own; the rest is the kit's BaseKind."""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import ModuleType
from typing import ClassVar

from grail_tui.games.api import GameKind
from grail_tui.games.kit.kind import BaseKind
from grail_tui.games.kit.terms import BotLevel, SetupOption, SetupRequest

from . import engine
from .engine import Action, Game, PlayerView, PublicView, Setup

View = PlayerView | PublicView


class PebblesKind(BaseKind[Setup, Game, Action, View]):
    name = "toy"
    title = "Pebbles"
    blurb = "Take one or two pebbles; a secret bonus counts at the end. 2-4 players."
    min_players, max_players, default_players = engine.MIN_PLAYERS, engine.MAX_PLAYERS, 2
    engine: ClassVar[ModuleType] = engine
    package = __package__
    bot_levels = (BotLevel.RANDOM,)
    secret_rounds = True  # the opening bids
    samples = True

    def options(self) -> Sequence[SetupOption]:
        return (SetupOption("pile", "Pebbles", engine.PILE, low=3, high=40, hint="in the pile at the start"),)

    def make_setup(self, request: SetupRequest) -> Setup:
        if not self.min_players <= request.players <= self.max_players:
            raise ValueError(f"Pebbles is played by {self.min_players} to {self.max_players} players.")
        pile = request.options.get("pile", engine.PILE)
        if not isinstance(pile, int) or not 3 <= pile <= 40:
            raise ValueError("The pile holds 3 to 40 pebbles.")
        return Setup(request.players, request.seed, pile, request.first_player, tuple(request.names))

    def sample(self, view: View, rng: random.Random) -> Game:
        assert isinstance(view, PlayerView)
        bonuses = [view.bonus if p == view.player else rng.randint(1, 3) for p in range(view.public.players)]
        return Game.from_view(view, bonuses)

    def hidden_round(self, state: Game) -> bool:
        return state.opening

    def progress(self, public: View) -> str:
        public = self.public_of(public)
        assert isinstance(public, PublicView)
        return "over" if public.outcome else f"{public.pile} pebbles left"

    def turns(self, state: Game) -> int:
        return len(state.actions)


KIND: GameKind[Setup, Game, Action, View] = PebblesKind()
