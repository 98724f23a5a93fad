"""What a player, or anybody, may see of a game (§4, normative).

Public: everything on the table (structures, tokens, links, resources, agents, agendas, the open
area), the attack in progress with every contribution and the dice once rolled, deck and hand
sizes, discard and destroyed piles, cards revealed from a hand. A seat alone: its own hands, the
cards it put on the bottom of its plot deck and their order, what it has looked at, its own secret
choice, and its legal actions (S-3). Nobody: the order and content of any deck, other hands, who
has or has not answered a secret round (S-2). At the end every hand and deck is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Action
from .events import Outcome, Rolled
from .rules import attack_total, defence_total
from .vocabulary import NONE, PLOT_HAND_LIMIT, Phase, Player, Uid

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class Face:
    """A card whose face is public: its number in this game and its card id."""

    uid: Uid
    card: str


@dataclass(frozen=True)
class Seated:
    """A card in a power structure: under ``master`` on arrow ``arrow``."""

    uid: Uid
    card: str
    controller: Player
    owner: Player
    master: Uid
    arrow: int
    tokens: int


@dataclass(frozen=True)
class Attached:
    """A resource, standing plot or Cabal agent in play."""

    uid: Uid
    card: str
    controller: Player
    holder: Uid  # -1: a Cabal agent (in the resource area, linked to nothing)
    tokens: int


@dataclass(frozen=True)
class Seat:
    """One player's public side."""

    cabal: Face | None  # None until the reveal
    plot_hand: int
    group_hand: int
    plot_deck: int
    group_deck: int
    bottom: int  # cards their owner put on the bottom of the plot deck (count only)
    revealed: tuple[Face, ...]
    discard: tuple[Face, ...]
    destroyed: tuple[Face, ...]
    eliminated: bool
    finished_first_turn: bool


@dataclass(frozen=True)
class Help:
    """A contribution to the attack in progress. ``card`` is None once the contributing card has
    gone into a hand (a strike or a destroy sent it there): its contribution still counts (§8.5),
    but no view points into a hand or a deck (§4)."""

    player: Player
    card: Face | None
    side: str
    value: int
    how: str


@dataclass(frozen=True)
class AttackView:
    player: Player
    attacker: Uid
    target: Face
    attack_kind: str
    committed: bool
    closed: bool
    support: tuple[Help, ...]
    # The running totals as the roll would see them now, each modifier named by its rule
    # ("base", "M1".. "M6", "N1".. "N4", "support", "cards"); all public (§4: the breakdown).
    attack_total: int = 0
    attack_parts: tuple[tuple[str, int], ...] = ()
    defence_total: int = 0
    defence_parts: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class PublicView:
    names: tuple[str, ...]
    decks: tuple[str, ...]  # the preconstructed deck lists in play (public, §4)
    round: int
    round_limit: int
    basic_goal: int
    phase: str
    prompt: str  # what the game asks now: "main", "support", "round table", ...
    active: int  # -1 before the first turn
    order: tuple[Player, ...]
    to_act: tuple[Player, ...]  # in a secret round: everyone in it, answered or not (S-2)
    seats: tuple[Seat, ...]
    structure: tuple[Seated, ...]
    attached: tuple[Attached, ...]
    agendas: tuple[Face, ...]
    open_area: tuple[Face, ...]
    attack: AttackView | None
    stack: tuple[Face, ...]  # plots waiting to resolve, the last on top
    claims: tuple[tuple[Player, str], ...]
    barred: tuple[str, ...]
    offer: tuple[Player, Player, int] | None  # an offer of hand cards waiting: from, to, how many
    swap: tuple[Player, Uid, Player, Uid] | None  # a swap of resources waiting: from, theirs, to, the other's
    last_roll: Rolled | None
    outcome: Outcome | None
    card_set: str = "ps1"  # the card set the game is played with (its decks name its cards)
    stack_by: tuple[Player, ...] = ()  # who played each plot of ``stack``, in its order
    plot_limit: int = PLOT_HAND_LIMIT  # plot cards a hand may hold at the end of its turn (an agenda may change it)
    ending_turn: bool = False  # the active player's turn is ending: a plot hand over its limit is cut down now
    called_off: tuple[Uid, ...] = ()
    sheltering: Uid = -1  # the group about to be destroyed whose controller may shelter it (§14.5)  # cards whose attack was called off this turn: none declares again (§8.4)

    @property
    def players(self) -> int:
        return len(self.decks)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def name(self, player: Player) -> str:
        return self.names[player] if player < len(self.names) else f"Player {player + 1}"


@dataclass(frozen=True)
class PlayerView:
    """Everything ``player`` may know."""

    player: Player
    public: PublicView
    plot_hand: tuple[Face, ...]
    group_hand: tuple[Face, ...]
    plot_bottom: tuple[Face, ...]  # the cards they put on the bottom of their plot deck, lowest first
    seen: tuple[tuple[Player, tuple[Face, ...]], ...]  # the last look at each player's hand
    choice: Face | None  # their own secret choice in this round, if made
    offered: tuple[Face, ...]  # the cards of an offer waiting, to its two parties only
    legal: tuple[Action, ...]  # their legal actions now (S-3)


def _face(game: Game, uid: Uid) -> Face:
    return Face(uid, game.defs[uid].id)


def _faces(game: Game, cards: Any) -> tuple[Face, ...]:
    return tuple(Face(c, game.defs[c].id) for c in cards)


def _totals(game: Game, attack: Any) -> tuple[int, tuple[tuple[str, int], ...], int, tuple[tuple[str, int], ...]]:
    attack_sum, attack_parts = attack_total(game, attack)
    defence_sum, defence_parts = defence_total(game, attack)
    return attack_sum, tuple(attack_parts), defence_sum, tuple(defence_parts)


def public_view(game: Game) -> PublicView:
    board = game.board
    seats = tuple(Seat(
        cabal=_face(game, board.cabal[p]) if board.cabal[p] >= 0 else None,  # on the table from the reveal on
        plot_hand=len(game.plot_hand[p]), group_hand=len(game.group_hand[p]),
        plot_deck=len(game.plot_deck[p]), group_deck=len(game.group_deck[p]),
        bottom=min(game.bottom_known[p], len(game.plot_deck[p])),
        revealed=_faces(game, sorted(c for c in game.plot_hand[p] if c in game.revealed)),
        discard=_faces(game, game.discard[p]), destroyed=_faces(game, game.destroyed[p]),
        eliminated=game.eliminated[p], finished_first_turn=game.finished_first[p],
    ) for p in range(game.players))
    structure = tuple(Seated(uid, game.defs[uid].id, board.controller[uid], game.owner[uid],
                             board.master.get(uid, -1),
                             board.arrows[board.master[uid]].index(uid) if uid in board.master else -1,
                             board.tokens.get(uid, 0))
                      for uid in sorted(board.arrows))
    attached = tuple(Attached(uid, game.defs[uid].id, board.controller[uid], board.links.get(uid, -1),
                              board.tokens.get(uid, 0))
                     for uid in sorted(set(board.links) | {a for agents in board.agents for a in agents})
                     if uid in board.controller)
    attack = game.attack
    attack_view = None
    if attack is not None:
        unseen: set[Uid] = set()  # pragma: no mutate: read only for a help, and with help it is set below
        if attack.support:  # pragma: no mutate: an optimisation: with no help there is nothing to hide
            unseen = {c for p in range(game.players)
                      for c in game.plot_hand[p] + game.group_hand[p] + game.plot_deck[p] + game.group_deck[p]
                      if c not in game.revealed}
        attack_view = AttackView(attack.player, attack.attacker, _face(game, attack.target), attack.kind.value,
                                 attack.committed, attack.closed,
                                 tuple(Help(c.player, None if c.card in unseen else _face(game, c.card),
                                            c.side.value, c.value, c.how)
                                       for c in attack.support),
                                 *_totals(game, attack))
    hidden = game.hidden()
    return PublicView(
        names=game.setup.names, decks=game.setup.decks, round=game.round, round_limit=game.setup.round_limit,
        basic_goal=game.basic_goal(), phase=game.phase.value, prompt=game.prompt(),
        active=game.active if game.round else -1, order=tuple(game.order),
        to_act=game.choosing() if hidden else game.to_act(), seats=seats, structure=structure,
        attached=attached, agendas=_faces(game, sorted(board.agendas.values())),
        open_area=_faces(game, sorted(board.open_area)), attack=attack_view,
        stack=_faces(game, [e.card for e in game.stack]),
        claims=tuple((c.player, c.reason) for c in game.claims), barred=tuple(sorted(game.barred)),
        offer=(game.offer[0], game.offer[1], len(game.offer[2])) if game.offer is not None else None,
        swap=game.swap,
        last_roll=game.last_roll, outcome=game.outcome, card_set=game.setup.card_set,
        stack_by=tuple(e.player for e in game.stack), plot_limit=game.plot_limit(),
        ending_turn=game.ending_turn, called_off=tuple(sorted(game.called_off)),
        sheltering=game.shelter[1] if game.shelter is not None else -1,
    )


def player_view(game: Game, player: Player, public: PublicView | None = None) -> PlayerView:
    deck = game.plot_deck[player]
    known = min(game.bottom_known[player], len(deck))
    choice = NONE
    if game.phase is Phase.CABAL:
        choice = game.cabal_pick[player]
    elif game.phase is Phase.START:
        choice = game.start_pick[player]
    if public is None:  # pragma: no mutate: an optimisation: without it the same public view is made anew
        public = public_view(game)
    seen: dict[Player, tuple[int, ...]] = {}
    for event in game.history:
        if event.audience == player and event.what in ("looked", "was shown"):
            seen[event.about] = event.cards
    return PlayerView(
        player=player,
        public=public,
        plot_hand=_faces(game, sorted(game.plot_hand[player])),
        group_hand=_faces(game, sorted(game.group_hand[player])),
        plot_bottom=_faces(game, deck[:known]),
        seen=tuple((p, _faces(game, cards)) for p, cards in sorted(seen.items())),
        choice=_face(game, choice) if choice >= 0 else None,
        offered=_faces(game, game.offer[2]) if game.offer is not None and player in (game.offer[0], game.offer[1]) else (),
        legal=game.legal_actions(player),
    )
