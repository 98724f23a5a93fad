"""A whole game rebuilt from one seat's view, what the view hides dealt at random (the kind's
``sample``): the strong bot plays its candidates out in such games. It lives in the engine
because it sets a game's every attribute, which nothing outside the engine does.

Everything public is put back where the view shows it (structures, tokens, links, resources,
agents, agendas, the open area, discard and destroyed piles, cards revealed from a hand), and so
is everything the seat knows (its hands, the cards it put on the bottom of its plot deck, the
last look at each rival's hand). The rest of the cards, those nobody at this seat could see,
are dealt into the hidden places the view counts: each player's plot and group hand and deck,
a deck only with its owner's own cards of its back, as the rules keep them. The dice come from
``rng``, never from the real game's seed.

It rebuilds the quiet position of the main phase (no window, attack, offer or choice pending,
``prompt == "main"``): what a bot decides there (which attack, on which target, or none) is
what a search is for. What a view does not carry is set as at the start of a turn (this turn's
draws and placements, effects lasting until the end of the turn, who has attacked whom).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from .game import Game
from .view import PlayerView
from .vocabulary import Phase, Setup

SAMPLED_PROMPTS = ("main",)
SEED_BITS = 62  # a world's own seed for its dice: any fresh number of this many bits


def can_sample(view: PlayerView) -> bool:
    public = view.public
    return public.outcome is None and public.prompt in SAMPLED_PROMPTS and public.attack is None


def sample(view: PlayerView, rng: random.Random) -> Game:
    """A game consistent with ``view``; ValueError for a position it does not rebuild."""
    if not can_sample(view):
        raise ValueError(f"only the quiet main phase is sampled, not {view.public.prompt!r}")
    public = view.public
    setup = Setup(seed=rng.getrandbits(SEED_BITS), decks=public.decks, names=public.names,
                  round_limit=public.round_limit, goal=public.basic_goal)
    game = Game(setup)
    me = view.player
    board = game.board  # a new game's table is empty: every card is still in a deck
    for pile in (game.plot_deck, game.group_deck, game.plot_hand, game.group_hand, game.discard, game.destroyed):
        for cards in pile:
            cards.clear()
    placed: set[int] = set()

    def put(cards: list[int], uids: Iterable[int]) -> None:
        for uid in uids:
            cards.append(uid)
            placed.add(uid)

    # the table
    for p, seat in enumerate(public.seats):
        if seat.cabal is not None:
            board.cabal[p] = seat.cabal.uid
            board.controller[seat.cabal.uid] = p
            placed.add(seat.cabal.uid)  # pragma: no mutate: a Cabal in play is placed again with the structure, and one whose player is out is dealt nowhere either way (no hand or deck of a player out is dealt)
    for seated in public.structure:
        # a card in play has the arrows its card prints (a Cabal's says its four)
        board.arrows[seated.uid] = [-1] * game.defs[seated.uid].arrows
        board.controller[seated.uid] = seated.controller
        if seated.tokens:
            board.tokens[seated.uid] = seated.tokens
        placed.add(seated.uid)
    for seated in public.structure:
        if seated.master >= 0:
            board.master[seated.uid] = seated.master
            board.arrows[seated.master][seated.arrow] = seated.uid
    for attached in public.attached:
        board.controller[attached.uid] = attached.controller
        if attached.tokens:
            board.tokens[attached.uid] = attached.tokens
        if attached.holder < 0:
            board.agents[attached.controller].append(attached.uid)
        else:
            board.links[attached.uid] = attached.holder
            if game.defs[attached.uid].kind == "resource":
                board.resources[attached.controller].append(attached.uid)
        placed.add(attached.uid)
    for face in public.agendas:
        board.agendas[game.defs[face.uid].colour] = face.uid
        board.agenda_by[face.uid] = game.owner[face.uid]
        placed.add(face.uid)
    for face in public.open_area:
        board.open_area[face.uid] = public.active  # only the active player brings one out
        placed.add(face.uid)
    for p, seat in enumerate(public.seats):
        put(game.discard[p], (f.uid for f in seat.discard))
        put(game.destroyed[p], (f.uid for f in seat.destroyed))
        put(game.plot_hand[p], (f.uid for f in seat.revealed))
        game.revealed.update(f.uid for f in seat.revealed)
        game.bottom_known[p] = seat.bottom
        game.eliminated[p] = seat.eliminated
        game.finished_first[p] = seat.finished_first_turn
    # what this seat knows
    put(game.plot_hand[me], (f.uid for f in view.plot_hand if f.uid not in placed))
    put(game.group_hand[me], (f.uid for f in view.group_hand))
    put(game.plot_deck[me], (f.uid for f in view.plot_bottom))  # the lowest first: the top is the end
    game.bottom_known[me] = len(view.plot_bottom)
    _deal(game, view, placed, rng)
    # where the game stands
    game.order = list(public.order)
    game.active_index = game.order.index(public.active)
    game.round = public.round
    game.turns = public.round  # only its own round limit reads it, through the round
    game.phase = Phase.MAIN
    game.last_roll = public.last_roll
    return game


def _deal(game: Game, view: PlayerView, placed: set[int], rng: random.Random) -> None:
    """Every card not yet placed, into the hidden places the view counts (a rival's hands, every
    deck): a looked-at hand first gets what the look showed, if it is still unplaced; a deck only
    its owner's own cards of its back; a hand its owner's first, then anyone's. Cards of an
    eliminated player that are nowhere have left the game."""
    public, me = view.public, view.player
    players = public.players
    unplaced = [uid for uid in range(len(game.defs)) if uid not in placed]
    rng.shuffle(unplaced)
    pool = {(owner, back): [u for u in unplaced if game.owner[u] == owner and game.defs[u].back == back]
            for owner in range(players) for back in ("plot", "group")}

    def take(player: int, back: str, count: int, own_only: bool = False, short: bool = False) -> list[int]:
        """``count`` cards, ``player``'s own first; ``short``: as many as there are."""
        taken: list[int] = []
        sources = [(player, back)] + ([] if own_only else [(o, back) for o in range(players) if o != player])
        for key in sources:
            cards = pool[key]
            while cards and len(taken) < count:
                taken.append(cards.pop())
        if len(taken) < count and not short:
            raise ValueError("the view counts more hidden cards than there are")
        return taken

    hands = {p: (public.seats[p].plot_hand - len(public.seats[p].revealed), public.seats[p].group_hand)
             for p in range(players) if p != me and not public.seats[p].eliminated}
    for p, faces in view.seen:
        if p not in hands:
            continue
        plots, groups = hands[p]
        for face in faces:
            back = game.defs[face.uid].back
            cards = pool[(game.owner[face.uid], back)]
            if face.uid not in cards or (plots if back == "plot" else groups) <= 0:
                continue
            cards.remove(face.uid)
            (game.plot_hand if back == "plot" else game.group_hand)[p].append(face.uid)
            if back == "plot":
                plots -= 1
            else:
                groups -= 1
        hands[p] = (plots, groups)
    # decks first, with their owners' own cards, so a hand never takes what a deck must hold; a
    # plot deck may also hold another player's card, given to its owner and put under it (a
    # gift's bottom), so a deck short of its owner's cards then takes from the rest
    wanting: list[tuple[int, int, int]] = []  # (seat, cards of its bottom, cards still wanted)
    for p in range(players):
        seat = public.seats[p]
        if seat.eliminated:
            continue
        bottom = game.plot_deck[p]  # this seat's own bottom, lowest first, placed already
        dealt = take(p, "plot", seat.plot_deck - len(bottom), own_only=True, short=True)
        game.plot_deck[p] = bottom + dealt
        wanting.append((p, len(bottom), seat.plot_deck - len(bottom) - len(dealt)))
        game.group_deck[p].extend(take(p, "group", seat.group_deck, own_only=True))
    for p, under, missing in wanting:
        if missing:
            above = game.plot_deck[p][under:] + take(p, "plot", missing)
            rng.shuffle(above)
            game.plot_deck[p][under:] = above
    for p, (plots, groups) in hands.items():
        game.plot_hand[p].extend(take(p, "plot", plots))
        game.group_hand[p].extend(take(p, "group", groups))
