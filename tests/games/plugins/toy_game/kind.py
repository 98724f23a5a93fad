"""Pebbles as the platform sees it: what is its own; the rest is the kit's BaseKind."""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import ModuleType
from typing import ClassVar

from grail_tui.games.api import GameKind
from grail_tui.games.kit.kind import BaseKind
from grail_tui.games.kit.terms import BotLevel, SetupOption, SetupRequest, Wait

from . import engine
from .engine import Action, Bid, Doubt, Game, PlayerView, PublicView, Reply, Setup, Stage, Take

View = PlayerView | PublicView


class PebblesKind(BaseKind[Setup, Game, Action, View]):
    name = "toy"
    title = "Pebbles"
    blurb = "Take one or two pebbles; a secret bonus counts at the end. 2-4 players."
    min_players, max_players, default_players = engine.MIN_PLAYERS, engine.MAX_PLAYERS, 2
    engine: ClassVar[ModuleType] = engine
    package = __package__
    app_rooms = ("kind", "ui", "screens")  # a warm SSH session's screens
    # an easy bot of the standard three, and a level of its own (a fair one: the table's stand-in)
    bot_levels = (BotLevel.RANDOM, BotLevel("greedy", "greedy", rank=1))
    secret_rounds = True  # the opening bids, the doubts of a take of two
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
        return state.stage in (Stage.BIDS, Stage.DOUBTS)

    def wait(self, state: Game) -> Wait:
        return Wait.ANSWER if state.stage in (Stage.DOUBTS, Stage.REPLY) else Wait.TURN

    def default_action(self, state: Game, seat: int, *, pass_turn: bool) -> Action | None:
        """A silent bid is 0, a silent doubt lets the take stand, a silent reply gives one
        back; a silent turn takes one (else a stand-in bot plays it)."""
        stage = state.stage
        if stage is Stage.BIDS:
            return Bid(seat, 0)
        if stage is Stage.DOUBTS:
            return Doubt(seat, False)
        if stage is Stage.REPLY:
            return Reply(seat, False)
        if stage is Stage.TURN and pass_turn:
            return Take(seat, 1)
        return None

    def progress(self, public: View) -> str:
        public = self.public_of(public)
        assert isinstance(public, PublicView)
        return "all taken" if public.outcome else f"{public.pile} pebbles left"

    def turns(self, state: Game) -> int:
        return len(state.actions)


KIND: GameKind[Setup, Game, Action, View] = PebblesKind()
