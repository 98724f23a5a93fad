"""Positions for Pulling Strings' tests: a game set up by its own actions, then cards put where a
case needs them (the fixtures force what ordinary play would reach slowly), and dice loaded."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from grail_tui.games.strings.engine import (
    ChooseCabal,
    ChooseStart,
    Draw,
    EndTurn,
    Game,
    Pass,
    Phase,
    Place,
    Setup,
)
from grail_tui.games.strings.engine.view import Face

A, B, C, D, E, F = "old-money", "low-note", "borderlines", "open-eye", "masks", "open-palm"


class Loaded:
    """Dice that roll the numbers given, in order (one number per die)."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randint(self, low: int, high: int) -> int:
        return self.values.pop(0)


def new_game(*decks: str, seed: int = 0, first: int | None = 0, **options: Any) -> Game:
    return Game(Setup(seed=seed, decks=tuple(decks) or (A, B), first_player=first, **options))


def own_cabal(game: Game, player: int) -> int:
    """The deck's own Cabal: the first Cabal card of its list."""
    return min(c for c in game.plot_deck[player] if game.defs[c].kind == "cabal")


def choose_cabals(game: Game, *cards: str) -> None:
    for player in range(game.players):
        wanted = cards[player] if player < len(cards) else None
        pick = own_cabal(game, player) if wanted is None else uid(game, wanted, player, zone=game.plot_deck[player])
        game.apply(ChooseCabal(player, pick))


# A broken rule must fail a test, not hang it: the loops below give up long after the rules end them.
PATIENCE = 200


def choose_starts(game: Game) -> None:
    """Each player picks a group no one else picks this round (the first such in deck-list order)."""
    for _round in range(PATIENCE):
        if game.phase not in (Phase.START, Phase.OPEN_START):
            return
        taken: set[str] = set()
        for player in game.to_act():
            for card in sorted(game.group_deck[player]):
                name = game.defs[card].name
                if game.defs[card].kind == "group" and name not in taken and game.why_illegal(ChooseStart(player, card)) is None:
                    taken.add(name)
                    game.apply(ChooseStart(player, card))
                    break
    raise AssertionError("the start groups were never all chosen")


def set_up(*decks: str, seed: int = 0, **options: Any) -> Game:
    game = new_game(*decks, seed=seed, **options)
    choose_cabals(game)
    choose_starts(game)
    return game


def pass_until(game: Game, done: Callable[[], bool]) -> None:
    """Whoever is asked passes until ``done()``."""
    for _pass in range(PATIENCE):
        if done():
            return
        game.apply(Pass(game.to_act()[0]))
    raise AssertionError("passing never got there")


def pass_windows(game: Game) -> None:
    """Everyone passes until the active player has the main phase to themselves again."""
    for _pass in range(PATIENCE):
        if not (game.windows and game.shelter is None and game.due is None):
            return
        game.apply(Pass(game.to_act()[0]))
    raise AssertionError("the windows never closed")


def to_next_main(game: Game) -> None:
    """The active player ends the turn; the next draws nothing, places nothing, and is in its main phase."""
    player = game.active
    game.apply(EndTurn(player))
    pass_windows(game)
    following = game.active
    game.apply(Draw(following, False, False))
    game.apply(Place(following, -1))
    pass_windows(game)


def at_main(*decks: str, seed: int = 0, shields: bool = False, **options: Any) -> Game:
    """Player 1's (seat 0's) main phase of the first turn, everyone's shield down unless ``shields``."""
    game = set_up(*decks, seed=seed, **options)
    game.apply(Draw(0, False, False))
    game.apply(Place(0, -1))
    pass_windows(game)
    if not shields:
        game.finished_first = [True] * game.players
    return game


def uid(game: Game, card_id: str, player: int | None = None, zone: list[int] | None = None) -> int:
    """A physical card of ``card_id`` (owned by ``player`` if given; in ``zone`` if given), not in play."""
    board = game.board
    for card, definition in enumerate(game.defs):
        if definition.id != card_id or (player is not None and game.owner[card] != player):
            continue
        if zone is not None and card not in zone:
            continue
        if zone is None and (card in board.controller or card in board.open_area):
            continue
        return card
    raise LookupError(f"no free {card_id} of player {player}")


def lift(game: Game, card: int) -> None:
    """Take a card out of whichever deck, hand or pile holds it."""
    for zones in (game.plot_deck, game.group_deck, game.plot_hand, game.group_hand, game.discard, game.destroyed):
        for zone in zones:
            if card in zone:
                zone.remove(card)


def seat(game: Game, player: int, card_id: str, under: int | None = None, tokens: int = 1,
         owner: int | None = None, **printed: Any) -> int:
    """Put a group of ``card_id`` into ``player``'s structure under ``under`` (default: the Cabal),
    with ``tokens``; ``printed``: numbers or alignments changed for this case."""
    card = uid(game, card_id, owner)
    lift(game, card)
    board = game.board
    master = board.cabal[player] if under is None else under
    board.attach(card, master, board.arrows[master].index(-1), player)
    if tokens:
        board.tokens[card] = tokens
    else:
        board.tokens.pop(card, None)
    if printed:
        reprint(game, card, **printed)
    return card


def reprint(game: Game, card: int, **printed: Any) -> None:
    game.defs[card] = replace(game.defs[card], **printed)


def hand(game: Game, player: int, card_id: str, owner: int | None = None) -> int:
    """Put a card of ``card_id`` into ``player``'s hand (plot or group by its back)."""
    card = uid(game, card_id, owner)
    lift(game, card)
    (game.plot_hand if game.defs[card].back == "plot" else game.group_hand)[player].append(card)
    return card


def clear_hands(game: Game) -> None:
    for player in range(game.players):
        game.plot_deck[player].extend(game.plot_hand[player])
        game.plot_hand[player].clear()
        game.group_deck[player].extend(game.group_hand[player])
        game.group_hand[player].clear()


def start_group(game: Game, player: int) -> int:
    return game.board.groups_of(player)[0]


def faces(value: object) -> set[int]:
    """Every card number a view (or any part of one) shows a face of."""
    found: set[int] = set()
    if isinstance(value, Face):
        found.add(value.uid)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            found |= faces(getattr(value, item.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            found |= faces(item)
    return found
