"""What a player can do. Every action names its seat in ``player``; cards are named by their
number in this game (a ``Uid``), seats by number."""

from __future__ import annotations

from dataclasses import dataclass

from .vocabulary import AttackKind, Player, Side, Uid


@dataclass(frozen=True, slots=True)
class ChooseCabal:
    """Set-up, in secret: the Cabal card from your plot deck you will use (§5.2)."""

    player: Player
    card: Uid


@dataclass(frozen=True, slots=True)
class ChooseStart:
    """Set-up: the group from your group deck you start with (§5.4); secret in the first rounds."""

    player: Player
    card: Uid


@dataclass(frozen=True, slots=True)
class Draw:
    """Start of turn (§6.1 a, b): draw from the plot deck, the group deck, both or neither."""

    player: Player
    plot: bool
    group: bool


@dataclass(frozen=True, slots=True)
class Place:
    """Free placement (§6.1 c): a group from your hand onto an open arrow (``at``, ``arrow``),
    a resource into your resource area (``at`` = -1), or nothing (``card`` = -1)."""

    player: Player
    card: Uid
    at: Uid = -1
    arrow: int = 0


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare an attack (§8.3): the attacking card (your Cabal or a group), the target (a
    group on the table, or a group card from your hand into the open area), the kind, and
    whether the attacker uses its global power."""

    player: Player
    attacker: Uid
    target: Uid
    kind: AttackKind
    use_global: bool = False


@dataclass(frozen=True, slots=True)
class Commit:
    """Commit the declared attack (§8.4): spend the attacker's token, or play ``plot`` (an attack
    plot played as you commit; -1 for none)."""

    player: Player
    plot: Uid = -1


@dataclass(frozen=True, slots=True)
class CallOff:
    """Call off a declared attack before commitment; nothing is spent."""

    player: Player


@dataclass(frozen=True, slots=True)
class Support:
    """In a support window: ``card`` (yours, with a token) aids the attack or the defence."""

    player: Player
    card: Uid
    side: Side


@dataclass(frozen=True, slots=True)
class Agent:
    """In a support window: a group card from your hand naming the target, as an agent."""

    player: Player
    card: Uid
    side: Side


@dataclass(frozen=True, slots=True)
class PlayPlot:
    """Play a plot card from your hand; ``target``: the group (or card) it acts on, ``seat``: the
    player it acts on, -1 where the card needs none; ``side``: the side an attack plot helps,
    where the card lets you choose."""

    player: Player
    card: Uid
    target: Uid = -1
    seat: int = -1
    side: Side | None = None


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy one plot card (§6.4): one Cabal token, or two group tokens (``payers`` names the
    cards; the same group twice if it holds two)."""

    player: Player
    payers: tuple[Uid, ...]


@dataclass(frozen=True, slots=True)
class DrawGroup:
    """Main phase, once a turn: draw a group card for one token of any card of yours (HR-08)."""

    player: Player
    payer: Uid


@dataclass(frozen=True, slots=True)
class PlaceResource:
    """Main phase, once a turn: a resource from your group hand, linked to your Cabal."""

    player: Player
    card: Uid


@dataclass(frozen=True, slots=True)
class Move:
    """Move a group with its subtree to an open arrow of your structure (§9)."""

    player: Player
    group: Uid
    at: Uid
    arrow: int


@dataclass(frozen=True, slots=True)
class Link:
    """Move a resource's link to your Cabal or one of your groups (§10.3)."""

    player: Player
    resource: Uid
    holder: Uid


@dataclass(frozen=True, slots=True)
class Give:
    """Give a resource you control, not used this turn, to another player (§12.1)."""

    player: Player
    resource: Uid
    to: Player


@dataclass(frozen=True, slots=True)
class Swap:
    """Main phase: propose to swap a resource you control (``mine``) for one that player ``to``
    controls (``theirs``) (§12.1); they accept or refuse it with an Answer. Neither resource may
    have been used this turn (HR-88)."""

    player: Player
    mine: Uid
    to: Player
    theirs: Uid


@dataclass(frozen=True, slots=True)
class PlaceAgent:
    """Place a Cabal agent (§2.11): a Cabal card from your hand naming an opponent's Cabal."""

    player: Player
    card: Uid


@dataclass(frozen=True, slots=True)
class Reveal:
    """Show a plot card of your hand to everyone; it stays in the hand, shown."""

    player: Player
    card: Uid


@dataclass(frozen=True, slots=True)
class Discard:
    """Any time (§6.4): discard a card of your hands; a plot card goes to the bottom of your plot
    deck, unseen (§13.4), a group or resource card face up to your discard pile."""

    player: Player
    card: Uid


@dataclass(frozen=True, slots=True)
class Bottom:
    """Put these plot cards from your hand on the bottom of your plot deck, in this order (the
    last named lowest): a hand over its limit, or a card that says so."""

    player: Player
    cards: tuple[Uid, ...]


@dataclass(frozen=True, slots=True)
class Shelter:
    """Answer to a group of yours about to go to a destroyed pile (§14.5): a replacement
    reaction from your hand, or -1 to let it go."""

    player: Player
    card: Uid = -1


@dataclass(frozen=True, slots=True)
class Activate:
    """Main phase: use an activated ability of your Cabal or a resource (a look), paying its cost;
    ``seat``: whose cards, ``deck``: "plot" or "group" for a look at the top of a deck."""

    player: Player
    card: Uid
    seat: int
    deck: str = ""


@dataclass(frozen=True, slots=True)
class Offer:
    """Offer cards of your hands to another player (§12.2): a gift, or with ``trade`` a swap, which
    they accept by giving at least one card back (HR-85). Only the two of you see the cards."""

    player: Player
    to: Player
    cards: tuple[Uid, ...]
    trade: bool = False


@dataclass(frozen=True, slots=True)
class Answer:
    """Answer an offer: ``accept`` it, giving ``back`` (a trade) and putting ``bottom`` at once on
    the bottom of your plot deck where the cards would take you past a limit outside your turn (§12.3)."""

    player: Player
    accept: bool
    back: tuple[Uid, ...] = ()
    bottom: tuple[Uid, ...] = ()


@dataclass(frozen=True, slots=True)
class Pass:
    """Nothing (more) in this window."""

    player: Player


@dataclass(frozen=True, slots=True)
class EndTurn:
    """The active player ends the main phase (the knock)."""

    player: Player


Action = (ChooseCabal | ChooseStart | Draw | Place | Declare | Commit | CallOff | Support | Agent | PlayPlot
          | Buy | DrawGroup | PlaceResource | Move | Link | Give | PlaceAgent | Reveal | Bottom | Shelter
          | Activate | Offer | Answer | Pass | EndTurn | Swap | Discard)
ACTION_TYPES: tuple[type, ...] = (ChooseCabal, ChooseStart, Draw, Place, Declare, Commit, CallOff, Support, Agent,
                                  PlayPlot, Buy, DrawGroup, PlaceResource, Move, Link, Give, PlaceAgent, Reveal,
                                  Bottom, Shelter, Activate, Offer, Answer, Pass, EndTurn, Swap, Discard)
