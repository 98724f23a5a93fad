"""What a player, or anybody, may see of a game (the information table of the rules).

Both players see the row, every card taken and by whom, the turn and round,
and how many cards are in each hand and in the deck; a hand is its holder's
alone; the cards put aside and the deck's order are nobody's until the end,
when everything is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .codec import jsonable
from .events import Outcome
from .vocabulary import PLAYERS, Card, Player

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class PublicView:
    names: tuple[str, ...]
    plus: tuple[int, ...]  # the plus cards' values in this game
    minus: tuple[int, ...]  # the minus cards' values, without the sign
    first_player: Player
    round: int  # 1-4
    turn: int  # turns played in this round, 0-12
    starter: Player  # who began this round
    mover: Player
    to_act: tuple[int, ...]
    row: tuple[Card, ...]  # from the deck to the far end
    taken: tuple[tuple[Card, ...], ...]  # per player, sorted
    hand_sizes: tuple[int, ...]
    deck_size: int
    took: tuple[bool, ...]  # per player: has taken this round
    turns_left: tuple[int, ...]  # per player, in this round
    outcome: Outcome | None
    aside: tuple[Card, ...] | None  # once the game is over
    hands: tuple[tuple[Card, ...], ...] | None  # once the game is over
    deck: tuple[Card, ...] | None  # once the game is over, top first

    @property
    def players(self) -> int:
        return PLAYERS

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def name(self, player: Player) -> str:
        return self.names[player] if self.names else f"Player {player + 1}"

    def window(self) -> tuple[Card, ...]:
        """The cards a take would remove now: the last five of the row."""
        return self.row[-5:]

    def to_dict(self) -> dict[str, Any]:
        return jsonable(self)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class PlayerView:
    """Everything ``player`` may know: the public view and their own hand."""

    player: Player
    public: PublicView
    hand: tuple[Card, ...]  # sorted
    waiting: bool  # does the game wait for this player's action now?

    def to_dict(self) -> dict[str, Any]:
        return jsonable(self)  # type: ignore[no-any-return]


def public_view(game: Game) -> PublicView:
    over = game.outcome is not None
    return PublicView(
        names=game.setup.names,
        plus=game.setup.plus,
        minus=game.setup.minus,
        first_player=game.first_player,
        round=game.round,
        turn=game.turn,
        starter=game.starter,
        mover=game.mover,
        to_act=game.to_act(),
        row=tuple(game.row),
        taken=(tuple(sorted(game.taken[0])), tuple(sorted(game.taken[1]))),
        hand_sizes=(len(game.hands[0]), len(game.hands[1])),
        deck_size=len(game.deck),
        took=(game.took[0], game.took[1]),
        turns_left=(game.turns_left(0), game.turns_left(1)),
        outcome=game.outcome,
        aside=game.aside if over else None,
        hands=(tuple(game.hands[0]), tuple(game.hands[1])) if over else None,
        deck=tuple(game.deck) if over else None,
    )


def player_view(game: Game, player: Player, public: PublicView | None = None) -> PlayerView:
    """``public``: the game's public view, if already made (it is the same for every seat)."""
    return PlayerView(
        player=player,
        public=public if public is not None else public_view(game),  # pragma: no mutate: made anew, the same
        hand=tuple(game.hands[player]),
        waiting=player in game.to_act(),
    )
