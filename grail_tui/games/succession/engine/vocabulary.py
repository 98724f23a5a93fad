"""The engine's small vocabulary: the cards, the setup, the limits of a game."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from functools import cache
from typing import ClassVar

Player = int  # a seat: 0 or 1

PLAYERS = 2
ROUNDS = 4
TURNS = 6  # each player's turns in a round
HAND = 5  # cards dealt to each player at the start of a round
TAKE = 5  # a take removes at most this many cards from the far end of the row
ASIDE = 3  # cards put aside unseen at the start
ROW_START = 2  # cards turned face up to start the row
FACTIONS = (5, 6, 7, 8)  # each faction's value is also how many cards it has
SET_BONUS = 5  # points for each complete set of one 5, 6, 7 and 8
GRAILS = 3
# [interpretation] The printed game does not publish these; players who own the
# cards may enter the real ones as a setting.
HOUSE_PLUS = (1, 1, 2, 2, 2, 3, 3)
HOUSE_MINUS = (1, 1, 1, 2, 2, 2, 3, 3, 3)  # magnitudes: these cards count against
MAX_VALUE = 9  # the largest plus or minus value a setting may give a card


class Suit(IntEnum):
    FACTION = 0
    PLUS = 1
    MINUS = 2
    GRAIL = 3


class Card:
    """One card. Cards of the same suit and value cannot be told apart, so there is
    one object for each: ``Card(Suit.FACTION, 7) is Card(Suit.FACTION, 7)``, and
    comparing cards is by identity (fast in the engine's inner loops).

    ``value`` is the faction's number (5-8), a plus card's points (positive), a
    minus card's points (negative), or 0 for a grail. Cards sort by suit, then value.
    """

    __slots__ = ("suit", "value", "_rank", "_code")
    _shared: ClassVar[dict[tuple[int, int], Card]] = {}
    suit: Suit
    value: int
    _rank: int
    _code: str

    def __new__(cls, suit: Suit, value: int) -> Card:
        # checked before the lookup: True and 1.0 would find the +1 card (they hash as 1)
        if type(value) is not int:
            raise TypeError(f"a card's value is a whole number, not {value!r}")
        found = cls._shared.get((suit, value))
        if found is None:
            found = object.__new__(cls)
            suit = Suit(suit)
            code = ("G" if suit is Suit.GRAIL else f"+{value}" if suit is Suit.PLUS else str(value))
            for name, item in (("suit", suit), ("value", value), ("_rank", suit * 100 + value + 50),
                               ("_code", code)):
                object.__setattr__(found, name, item)
            cls._shared[suit, value] = found
        return found

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a card cannot change")

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, int]]:
        return (Card, (self.suit, self.value))

    def __repr__(self) -> str:
        return f"Card({self._code!r})"

    def __lt__(self, other: Card) -> bool:
        return self._rank < other._rank

    def __le__(self, other: Card) -> bool:
        return self._rank <= other._rank

    def __gt__(self, other: Card) -> bool:
        return self._rank > other._rank

    def __ge__(self, other: Card) -> bool:
        return self._rank >= other._rank

    @property
    def code(self) -> str:
        """Its notation: "5"-"8" for a faction, "+2", "-3", "G" for a grail."""
        return self._code

    @property
    def title(self) -> str:
        """How a player names it: "6", "+2", "-3", "grail"."""
        return "grail" if self.suit is Suit.GRAIL else self._code

    @property
    def points(self) -> int:
        """What it adds to a score by itself (factions score by majority and sets instead)."""
        return self.value if self.suit is Suit.PLUS or self.suit is Suit.MINUS else 0

    @staticmethod
    def parse(text: str) -> Card:
        """A card from its notation; ValueError says what is allowed."""
        code = text.strip().upper()
        if code in ("G", "GRAIL"):
            return Card(Suit.GRAIL, 0)
        try:
            number = int(code)
        except ValueError:
            number = None
        if number is not None and code.isdigit() and number in FACTIONS:
            return Card(Suit.FACTION, number)
        if number is not None and code[0] == "+" and 1 <= number <= MAX_VALUE:
            return Card(Suit.PLUS, number)
        if number is not None and code[0] == "-" and -MAX_VALUE <= number <= -1:
            return Card(Suit.MINUS, number)
        raise ValueError(f"{text!r} is not a card: write 5, 6, 7 or 8 for a faction, "
                         f"+1 to +{MAX_VALUE} or -1 to -{MAX_VALUE}, or G for a grail")


GRAIL = Card(Suit.GRAIL, 0)
FACTION_CARDS = tuple(Card(Suit.FACTION, v) for v in FACTIONS)
# Every card a game may hold, whatever values its plus and minus cards are given.
CARD_KINDS = (*FACTION_CARDS, *(Card(Suit.PLUS, v) for v in range(1, MAX_VALUE + 1)),
              *(Card(Suit.MINUS, -v) for v in range(1, MAX_VALUE + 1)), GRAIL)


def describe_cards(cards: Iterable[Card]) -> str:
    """Cards in words, in the order given: "5, 7, +2 and a grail"."""
    names = [c.title for c in cards]
    if not names:
        return "nothing"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


class Termination(Enum):
    GRAIL = "grail"  # one player holds all three grail cards
    SCORED = "scored"  # after the fourth round, by points


def _values(values: object, count: int, what: str) -> tuple[int, ...]:
    if not isinstance(values, tuple) or len(values) != count or not all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_VALUE for v in values):
        raise ValueError(f"Give the {count} {what} card values as whole numbers from 1 to {MAX_VALUE}.")
    return values


@dataclass(frozen=True)
class Setup:
    """Everything fixed before the first action; with the actions, a whole game."""

    seed: int = 0
    first_player: Player | None = None
    names: tuple[str, ...] = field(default=())
    plus: tuple[int, ...] = HOUSE_PLUS  # the 7 plus cards' values
    minus: tuple[int, ...] = HOUSE_MINUS  # the 9 minus cards' values, without the sign

    def __post_init__(self) -> None:
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise ValueError("The seed must be a whole number.")
        if self.first_player is not None and self.first_player not in (0, 1):
            raise ValueError("The start player must be seat 1 or 2.")
        if self.names and len(self.names) != PLAYERS:
            raise ValueError("Give a name for both seats, or none.")
        _values(self.plus, 7, "plus")
        _values(self.minus, 9, "minus")

    @property
    def players(self) -> int:
        return PLAYERS

    def name(self, player: Player) -> str:
        return self.names[player] if self.names else f"Player {player + 1}"

    def cards(self) -> tuple[Card, ...]:
        """All 45 cards, in a fixed order (before shuffling)."""
        return all_cards(self.plus, self.minus)


@cache
def all_cards(plus: tuple[int, ...], minus: tuple[int, ...]) -> tuple[Card, ...]:
    cards = [Card(Suit.FACTION, v) for v in FACTIONS for _ in range(v)]
    cards += sorted(Card(Suit.PLUS, v) for v in plus)
    cards += sorted(Card(Suit.MINUS, -v) for v in minus)
    cards += [GRAIL] * GRAILS
    return tuple(cards)
