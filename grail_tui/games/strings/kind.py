"""Pulling Strings as the platform sees it: its decks and table options, its secret set-up rounds,
where a game stands; the rest is the kit's defaults (games/kit/kind.py).

A seat's view lists that seat's legal actions (S-3), so a client or a bot needs no rebuilt game:
``legal_from_view`` reads them from the view."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

from ..api import GameKind
from ..kit.kind import BaseKind
from ..kit.terms import BotLevel, OptionType, Result, SetupOption, SetupRequest, Wait
from . import engine
from . import standing as standing_words
from .engine import (
    DEFAULT_SET,
    PLAYERS_MAX,
    PLAYERS_MIN,
    ROUND_LIMIT,
    Action,
    Deck,
    Game,
    Pass,
    PlayerView,
    PublicView,
    Setup,
    basic_goal,
    brought,
    brought_decks,
    card_set,
    decks,
    sets,
)

View = PlayerView | PublicView


ROTATION, RANDOM = "rotation", "random"  # a seat's deck when none is named


def default_decks(players: int, set_id: str = DEFAULT_SET) -> tuple[str, ...]:
    """Two rival pairs first (card notes §3.6): A-B, then C-D, then E-F."""
    return tuple(seat_deck(set_id, ROTATION, k, 0) for k in range(players))


def seat_deck(set_id: str, choice: str, seat: int, seed: int) -> str:
    """The deck a seat plays: the one named; by seat, the set's decks in their order (rival pairs);
    at random, one drawn from the game's seed (public: a preconstructed list is, §4)."""
    known = list(decks(set_id))
    if choice == ROTATION:
        return known[seat % len(known)]
    if choice == RANDOM:
        return random.Random(f"pulling-strings-deck:{seed}:{seat}").choice(known)
    return choice


class StringsKind(BaseKind[Setup, Game, Action, View]):
    name = "strings"
    title = "Pulling Strings"
    blurb = "Secret societies pull the strings of the world's groups, settled on 2d6. 2-6 players."
    min_players, max_players, default_players = PLAYERS_MIN, PLAYERS_MAX, 4
    engine: ClassVar[ModuleType] = engine
    package = __package__
    bot_levels = (BotLevel.RANDOM, BotLevel.HEURISTIC, BotLevel.STRONG)
    app_rooms = ("kind", "ui", "screens.game", "screens.end", "warm")  # a warm SSH session's screens, its cards
    secret_rounds = True
    rebuilds_from_view = False
    samples = True  # the quiet main phase only: what the strong bot searches (engine/sampling.py)

    def options(self) -> Sequence[SetupOption]:
        """The card sets are those installed here (a server's are its operator's: a client names
        one, it never sends cards), and a seat's deck one of theirs, or one a player brought
        (local play: ``--deck``)."""
        deck_choices = [(ROTATION, "by seat"), (RANDOM, "at random")]
        for set_id in sets():  # a deck is named within the set played: one id, one choice
            prefix = "" if set_id == DEFAULT_SET else f"{set_id}: "
            deck_choices += [(deck.id, prefix + deck.name) for deck in decks(set_id).values()
                             if all(deck.id != value for value, _ in deck_choices)]
        deck_choices += [(deck.id, f"{deck.name} (your file)") for deck in brought_decks()]
        return (
            SetupOption("cards", "Card set", DEFAULT_SET,
                        choices=tuple((set_id, f"{card_set(set_id).title} ({set_id})") for set_id in sets()),
                        hint="the cards the decks are made of"),
            SetupOption("decks", "Decks", "", choices=tuple(deck_choices), kind=OptionType.SEATS,
                        hint="each seat's deck; by seat: rival pairs in the set's order"),
            SetupOption("turn_limit", "Round limit", ROUND_LIMIT, low=1, high=200,
                        hint="rounds before the player with the most groups wins (a platform addition)"),
            SetupOption("goal", "Basic goal", 0, low=0, high=30,
                        hint="groups to control to win; 0: by players, 12 for 2-3, 11 for 4, 10 for 5-6",
                        by_players={n: basic_goal(n) for n in range(PLAYERS_MIN, PLAYERS_MAX + 1)}),
        )

    def make_setup(self, request: SetupRequest) -> Setup:
        players = request.players
        if not PLAYERS_MIN <= players <= PLAYERS_MAX:
            raise ValueError(f"Pulling Strings is played by {PLAYERS_MIN} to {PLAYERS_MAX} players, not {players}.")
        set_id = str(request.options.get("cards", DEFAULT_SET) or DEFAULT_SET)
        if set_id not in sets():
            raise ValueError(f"There is no card set {set_id[:30]!r} here; the sets are {', '.join(sets())}.")
        text = str(request.options.get("decks", "") or "")
        named = [part.strip() or ROTATION for part in text.split(",")] if text.strip() else []
        if len(named) > players:
            raise ValueError(f"Name one deck per seat: {players} decks, not {len(named)}.")
        named += [ROTATION] * (players - len(named))
        chosen = tuple(seat_deck(set_id, choice, k, request.seed) for k, choice in enumerate(named))
        custom: list[Deck] = []
        for deck_id in chosen:
            own = brought(deck_id)
            if own is not None and own.set == set_id:
                if own not in custom:
                    custom.append(own)
            elif deck_id not in decks(set_id):
                raise ValueError(f"There is no deck {deck_id[:30]!r} in card set {set_id}; its decks are "
                                 f"{', '.join(decks(set_id))}.")
        limit = request.options.get("turn_limit", ROUND_LIMIT)
        goal = request.options.get("goal", 0)
        for key, value, low in (("turn_limit", limit, 1), ("goal", goal, 0)):
            if not isinstance(value, int) or isinstance(value, bool) or value < low:
                raise ValueError(f"The {key.replace('_', ' ')} is a whole number of at least {low}.")
        assert isinstance(limit, int) and isinstance(goal, int)
        return Setup(seed=request.seed, decks=chosen, names=tuple(request.names),
                     first_player=request.first_player, card_set=set_id, round_limit=limit, goal=goal,
                     custom=tuple(custom))

    def bring_cards(self, path: Path) -> str:
        """``--cards``: install a card set from a file or folder for this process; its id."""
        return engine.install_cards(path).id

    def bring_deck(self, path: Path) -> str:
        """``--deck``: a player's own deck list, checked; its id (what the decks option names)."""
        return engine.bring_deck(path).id

    def deck_names(self) -> tuple[str, ...]:
        """The preconstructed decks a seat may play (``bench balance`` compares them)."""
        return tuple(decks())

    def content_id(self, options: Mapping[str, Any]) -> str:
        """The card set a game with ``options`` is played with: its id, version and the start of
        its digest (``bench balance --resume`` keeps games of one set apart from another's)."""
        cards = engine.card_set(str(options.get("cards", DEFAULT_SET) or DEFAULT_SET))
        return f"{cards.id} {cards.version} {cards.digest()[:16]}"

    def sample(self, view: View, rng: random.Random) -> Game:
        """The quiet main-phase position of ``view`` with every card it hides dealt by ``rng`` in
        agreement with all it shows (engine/sampling.py); ValueError for another position."""
        if not isinstance(view, PlayerView):
            raise ValueError("a seat's view is needed: the public view hides that seat's hands too")
        return engine.sample(view, rng)

    def check_cards(self, path: Path) -> str:
        """``grail-tui cards check``: a card file or deck list checked completely."""
        return engine.check_file(path)

    # -- what a client and a bot ask of a view ----------------------------------------------------

    def legal_from_view(self, view: View, seat: int) -> Sequence[Action]:
        if isinstance(view, PlayerView) and view.player == seat:
            return view.legal
        return ()

    def why_illegal_from_view(self, view: View, action: Action) -> str | None:
        if isinstance(view, PlayerView) and action in view.legal:
            return None
        return "That is not one of your legal actions now."

    # -- what the table asks ---------------------------------------------------------------------------

    def hidden_round(self, state: Game) -> bool:
        return state.hidden()

    def wait(self, state: Game) -> Wait:
        return Wait.TURN if state.prompt() in ("main", "draw", "place", "commit") else Wait.ANSWER

    def default_action(self, state: Game, seat: int, *, pass_turn: bool) -> Action | None:
        legal = state.legal_actions(seat)
        if Pass(seat) in legal:
            return Pass(seat)
        return legal[0] if len(legal) == 1 else None

    # -- standing answers a server keeps (standing.py) -------------------------------------

    def standing_settings(self, standing: Any) -> dict[str, int] | None:
        return standing_words.settings(standing)

    def standing_from_settings(self, settings: Mapping[str, int]) -> Any:
        return standing_words.from_settings(settings)

    def away_answers(self) -> tuple[Any, str]:
        return standing_words.QuietUnlessMine(laps=True), standing_words.AWAY_WORDS  # lasts the game

    def result(self, state: Game, names: Sequence[str] | None = None) -> Result | None:
        outcome = state.outcome
        if outcome is None:
            return None
        players = state.players
        text = outcome.describe((lambda p: names[p]) if names else state.setup.name)
        return Result(outcome.winners, tuple(0 if p in outcome.winners else 1 for p in range(players)), text)

    def progress(self, public: View) -> str:
        public = self.public_of(public)
        assert isinstance(public, PublicView)
        if public.outcome is not None:
            return "over"
        if public.round == 0:
            return "setting up"
        return f"round {public.round}, {public.name(public.active)}'s turn"

    def turns(self, state: Game) -> int:
        return state.turns


KIND: GameKind[Setup, Game, Action, View] = StringsKind()  # mypy checks the game against the seam
