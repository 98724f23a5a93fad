"""What Pulling Strings' screens say of a position, with no UI code: the cards behind a view's
numbers, a power structure as a tree, what is asked of you now, your legal actions in words and
grouped by the key that offers them, and the attack's odds (STRINGS.md appendix A).

Everything here reads one seat's view (or the public view): nothing of what the view hides."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any

from .engine import (
    Action,
    Activate,
    Agent,
    Answer,
    Bottom,
    Buy,
    CallOff,
    CardDef,
    ChooseCabal,
    ChooseStart,
    Commit,
    Declare,
    Discard,
    Draw,
    DrawGroup,
    EndTurn,
    Give,
    Link,
    Move,
    Offer,
    Pass,
    Place,
    PlaceAgent,
    PlaceResource,
    PlayerView,
    PlayPlot,
    PublicView,
    Reveal,
    Shelter,
    Support,
    Swap,
    card_set,
    decks,
    foresee,
)

View = PlayerView | PublicView

ALIGNMENT = {"state": "St", "market": "Mk", "progressive": "Pr", "traditional": "Tr", "pacifist": "Pc",
             "militant": "Mi", "mundane": "Mu", "uncanny": "Un", "outlaw": "Ou", "zealot": "Ze"}

# The attack window names every modifier by what it is (STRINGS.md §8.6, §8.7)
RULES = {"base": "base", "M1": "shared alignments", "M2": "opposed alignments", "M3": "shared alignments",
         "M4": "opposed alignments", "M5": "same Cabal", "M6": "Cabal agent", "N1": "at depth 1",
         "N2": "at depth 2", "N3": "shares with master", "N4": "Cabal agent", "support": "support",
         "cards": "card effects"}


def chance(margin: int) -> int:
    """Rolls of 2d6 in 36 that make an attack with this margin succeed: at most the margin,
    and never 11 or 12 (§8.8, appendix A)."""
    return sum(1 for first in range(1, 7) for second in range(1, 7) if first + second <= min(margin, 10))


def odds(margin: int) -> str:
    wins = chance(margin)
    return f"{wins} in 36 ({100 * wins / 36:.0f}%)"


def percent(margin: int) -> str:
    return f"{100 * chance(margin) / 36:.0f}%"


# The last view's attacks foreseen: one rebuilt game per view, not one per cursor key in a list
_foreseen: list[tuple[PlayerView, dict[Declare, tuple[int, int]]]] = []


def foreseen(view: PlayerView) -> dict[Declare, tuple[int, int]]:
    """Each attack open to the seat: its (attack, defence) totals if declared now, before support
    (the engine's arithmetic on what the view shows: engine/foresight.py)."""
    if _foreseen and _foreseen[0][0] is view:
        return _foreseen[0][1]
    found = foresee(view, (a for a in view.legal if isinstance(a, Declare)))
    _foreseen[:] = [(view, found)]
    return found


def margin_of(action: Action, known: dict[Declare, tuple[int, int]]) -> int | None:
    totals = known.get(action) if isinstance(action, Declare) else None
    return totals[0] - totals[1] if totals is not None else None


# -- the cards behind a view's numbers --------------------------------------------------------


@lru_cache(maxsize=16)
def _deck_cards(names: tuple[str, ...]) -> tuple[str, ...]:
    """Card ids by number: the decks' lists one after another, as the engine numbers them. The
    preconstructed lists are public (§4); a number says nothing of where the card is."""
    known = decks()
    out: list[str] = []
    for name in names:
        deck = known.get(name)
        if deck is None:
            return ()
        out.extend(deck.cards)
    return tuple(out)


class Cards:
    """The card each number of a game stands for, as far as a view tells."""

    def __init__(self, view: View) -> None:
        public = view.public if isinstance(view, PlayerView) else view
        self.defs = card_set().cards
        self.ids = _deck_cards(public.decks)
        self.faces: dict[int, str] = {s.uid: s.card for s in public.structure}
        self.faces.update((a.uid, a.card) for a in public.attached)
        self.faces.update((f.uid, f.card) for f in public.open_area)
        if public.attack is not None:
            self.faces[public.attack.target.uid] = public.attack.target.card
        if isinstance(view, PlayerView):
            self.faces.update((f.uid, f.card) for f in (*view.plot_hand, *view.group_hand, *view.offered))

    def id(self, uid: int) -> str | None:
        found = self.faces.get(uid)
        if found is None and 0 <= uid < len(self.ids):
            found = self.ids[uid]
        return found

    def card(self, uid: int) -> CardDef | None:
        found = self.id(uid)
        return self.defs.get(found) if found is not None else None

    def name(self, uid: int) -> str:
        card = self.card(uid)
        return card.name if card is not None else "a card"


def numbers(card: CardDef) -> str:
    """The printed numbers, short: power/global power and resistance of a group, a Cabal's power."""
    if card.kind == "cabal":
        return f"{card.power}/{card.global_power}"
    if card.kind == "group":
        return f"{card.power}/{card.global_power} R{card.resistance}"
    return ""


def alignments(card: CardDef) -> str:
    """Two letters per alignment, spaced (the tree writes them together to save room)."""
    return " ".join(ALIGNMENT.get(a, a[:2]) for a in card.alignments)


def card_text(card: CardDef) -> list[str]:
    """A card's full text, line by line, for the card pane."""
    lines = [card.name]
    kind = card.plot_kind or card.resource_kind or card.subtype or ""
    lines.append(f"{card.kind}{' · ' + kind if kind and kind != card.kind else ''}")
    if card.kind in ("cabal", "group"):
        lines.append(f"power {card.power}, global {card.global_power}"
                     + (f", resistance {card.resistance}" if card.kind == "group" else "")
                     + f", {card.arrows} out-arrow{'s' if card.arrows != 1 else ''}")
    if card.alignments:
        lines.append("alignments: " + ", ".join(card.alignments))
    if card.traits:
        lines.append("traits: " + ", ".join(card.traits))
    if card.strength:
        lines.append(f"strength {card.strength}")
    if card.unique:
        lines.append("unique")
    if card.text:
        lines.append(card.text)
    if card.goal_text:
        lines.append("Goal: " + card.goal_text)
    return lines


def with_goal(text: str, goal: int) -> str:
    """A card's words with "(basic goal - N)" worked out for a table whose basic goal is ``goal``."""
    return re.sub(r"\(basic goal - (\d+)\)",
                  lambda found: f"{goal - int(found[1])} (basic goal {goal} - {found[1]})", text)


# -- a power structure ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Node:
    """One card of a structure, in the order the tree is drawn."""

    uid: int
    card: str
    depth: int
    prefix: str  # the tree's lines before the card: "│  ├─ "
    tokens: int
    open_arrows: int
    master: int


def tree(view: PublicView, seat: int, glyphs: Any) -> list[Node]:
    """``seat``'s structure from its Cabal down, each card's puppets in arrow order."""
    below: dict[int, list[Any]] = {}
    roots = []
    for seated in view.structure:
        if seated.controller != seat:
            continue
        if seated.master < 0:
            roots.append(seated)
        else:
            below.setdefault(seated.master, []).append(seated)
    defs = card_set().cards
    out: list[Node] = []

    def walk(seated: Any, depth: int, lead: str, last: bool) -> None:
        puppets = sorted(below.get(seated.uid, ()), key=lambda s: s.arrow)
        card = defs.get(seated.card)
        arrows = card.arrows if card is not None else 0
        branch = "" if depth == 0 else lead + (glyphs.bottom_left if last else glyphs.left) + glyphs.h + " "
        out.append(Node(seated.uid, seated.card, depth, branch, seated.tokens, max(0, arrows - len(puppets)),
                        seated.master))
        deeper = "" if depth == 0 else lead + ("   " if last else glyphs.v + "  ")
        for index, puppet in enumerate(puppets):
            walk(puppet, depth + 1, deeper, index == len(puppets) - 1)

    for root in roots:
        walk(root, 0, "", True)
    return out


def groups(view: PublicView, seat: int) -> int:
    return sum(1 for s in view.structure if s.controller == seat and s.master >= 0)


def tokens(view: PublicView, seat: int) -> int:
    return (sum(s.tokens for s in view.structure if s.controller == seat)
            + sum(a.tokens for a in view.attached if a.controller == seat))


# -- what is asked now ------------------------------------------------------------------------


class Menu(Enum):
    """The keys that list your legal actions, by kind."""

    DECIDE = "decide"  # Enter: the choice the game asks for (set-up, draw, placement, commit, ...)
    ATTACK = "attack"
    SUPPORT = "support"
    PLOT = "plot"
    MOVE = "move"
    OFFER = "offer"
    MORE = "more"


MENUS: dict[Menu, tuple[type, ...]] = {
    Menu.DECIDE: (ChooseCabal, ChooseStart, Draw, Place, Commit, CallOff, Bottom, Shelter, Answer),
    Menu.ATTACK: (Declare,),
    Menu.SUPPORT: (Support, Agent),
    Menu.PLOT: (PlayPlot,),
    Menu.MOVE: (Move, Link),
    Menu.OFFER: (Offer, Give, Swap),
    Menu.MORE: (Buy, DrawGroup, PlaceResource, PlaceAgent, Activate, Reveal, Discard),
}

ASKED = {
    "cabal": "Choose your Cabal, in secret: Enter lists the Cabals of your plot deck.",
    "start": "Choose your start group, in secret: Enter lists your groups.",
    "open start": "Choose your start group openly: Enter lists the names still free.",
    "draw": "Your turn begins: Enter chooses what to draw (a plot card, a group card, both or none).",
    "place": "Free placement: Enter lists where a card of your group hand can go, or none.",
    "main": "Your main phase: a attack · m move · p plot · o offer · u more · e end turn.",
    "commit": "Commit your attack or call it off: Enter lists the ways.",
    "support": "Support window: s adds a card or an agent · p plays a plot · n passes (z: stop asking).",
    "round table": "Your lap at the table: p plays a plot · u buys or shows · o offers · n passes.",
    "response": "A plot is being played: p answers with a plot of yours · n lets it be.",
    "claims": "A claim of victory stands: p plays a plot against it · n lets it stand.",
    "shelter": "A group of yours is about to be destroyed: Enter to shelter it or let it go.",
    "bottom": "Too many cards in your hand: Enter chooses which go on the bottom of your plot deck.",
    "offer": "You have an offer of cards: Enter to accept or refuse it.",
    "swap": "A swap of resources is proposed to you: Enter to accept or refuse it.",
    "counter": "An attack on you failed: Enter to answer with a counterstrike, or not.",
}


DECIDING = {"cabal": "Your Cabal (secret)", "start": "Your start group (secret)", "open start": "Your start group",
            "draw": "What to draw (each draw is free)", "place": "Free placement: card under master (arrow)",
            "commit": "Commit the attack", "bottom": "To the bottom of your plot deck",
            "shelter": "Your group is to be destroyed", "offer": "An offer of cards", "swap": "A swap of resources",
            "counter": "Answer with a counterstrike?"}


def asked_text(view: PublicView, pv: PlayerView | None) -> str:
    prompt = view.prompt
    text = ASKED.get(prompt, "Enter lists what you may do.")
    if prompt == "shelter" and view.sheltering >= 0:
        text = (f"Your {Cards(pv if pv is not None else view).name(view.sheltering)} is about to be destroyed: "
                "Enter to shelter it or let it go.")
    if prompt == "claims" and view.claims:
        who = list(dict.fromkeys(view.name(p) for p, _ in view.claims))
        reasons = ", ".join(dict.fromkeys(reason for _, reason in view.claims if reason))
        text = (f"{' and '.join(who)} claim{'s' if len(who) == 1 else ''} victory"
                f"{f' ({reasons})' if reasons else ''}: p plays a plot against it · n lets it stand.")
    if prompt == "bottom" and pv is not None:
        text = bottom_text(view, pv)
    if prompt == "response" and view.stack:
        text = f"{played_text(view, Cards(pv if pv is not None else view))}: p answers with a plot of yours · n lets it be."
    if prompt == "offer" and view.offer is not None:
        giver, _to, count = view.offer
        text = (f"{view.name(giver)} offers you {count} card{'s' if count != 1 else ''}: "
                "Enter to accept or refuse.")
    return text


def bottom_text(view: PublicView, pv: PlayerView) -> str:
    """Why cards go to the bottom of the plot deck now and how many (§6.3 c, §13.1): the hand
    limit and the count, so nobody has to count their hand against a rule they have not read."""
    count = next((len(a.cards) for a in pv.legal if isinstance(a, Bottom)), 0)
    held, limit = len(pv.plot_hand), view.plot_limit
    cards = f"{count} card{'s' if count != 1 else ''} go{'es' if count == 1 else ''}"
    if not view.ending_turn:
        why = f"A card's effect: {cards} from your plot hand to the bottom of your plot deck"
    elif held > limit:
        why = (f"Your plot hand holds {held} cards and may keep {limit} at the end of your turn, "
               f"so {cards} to the bottom of your plot deck")
    else:
        why = f"You may keep one goal card at the end of your turn, so {cards} to the bottom of your plot deck"
    return why + ": Enter chooses which."


def played_text(view: PublicView, cards: Cards) -> str:
    """The plot on top of the response stack and who played it."""
    top = view.stack[-1]
    by = view.stack_by[-1] if len(view.stack_by) == len(view.stack) else -1
    who = view.name(by) if by >= 0 else "Someone"
    return f"{who} plays {cards.name(top.uid)}"


def waiting_text(view: PublicView, viewer: int | None) -> str:
    """What the game waits for when it is not you: never who has answered a secret round (S-2)."""
    if view.prompt in ("cabal", "start"):
        return "Waiting for the secret choices; they are shown together."
    who = " and ".join(view.name(p) for p in view.to_act) or "nobody"
    if view.prompt == "response" and view.stack:
        played = played_text(view, Cards(view)).replace(" plays ", "'s ", 1)
        return f"Waiting for {who} to answer {played}."
    what = {"support": "in the support window", "round table": "for their lap at the table",
            "response": "to answer a plot", "claims": "in the claims window", "commit": "to commit the attack",
            "draw": "to draw", "place": "for free placement", "main": "in their main phase",
            "shelter": "to shelter a group or not", "bottom": "to put cards on the bottom of their plot deck",
            "offer": "to answer an offer", "counter": "to answer with a counterstrike or not",
            "open start": "to choose a start group"}.get(view.prompt, "")
    return f"Waiting for {who} {what}.".replace("  ", " ").replace(" .", ".")


def status(view: PublicView, viewer: int | None) -> tuple[str, str]:
    if view.round == 0:
        return "Setting up", {"cabal": "secret Cabal choice", "start": "secret start groups",
                              "open start": "start groups, openly"}.get(view.prompt, view.prompt)
    where = f"Round {view.round}/{view.round_limit}"
    active = view.active
    return where, f"{view.name(active)}'s turn" if active >= 0 else ""


# -- your legal actions in words ----------------------------------------------------------------


def describe(action: Action, view: PlayerView, short: bool = False, with_chance: bool = True) -> str:
    """``action`` in words; ``short``: without what the list's title says (an attack's attacker,
    "Start with" under "Your start group").
    An attack opens with its chance of success before support, so a list of them reads down the
    column of chances."""
    cards = Cards(view)
    public = view.public
    name: Callable[[int], str] = cards.name
    who = public.name

    def under(at: int, arrow: int) -> str:
        return f"under {name(at)} ({arrow + 1})"

    if isinstance(action, ChooseCabal):
        card = cards.card(action.card)
        extra = f" ({numbers(card)} {alignments(card)})" if card is not None else ""
        return f"{'' if short else 'Cabal: '}{name(action.card)}{extra}"
    if isinstance(action, ChooseStart):
        card = cards.card(action.card)
        extra = f" ({numbers(card)} {alignments(card)})" if card is not None else ""
        return f"{'' if short else 'Start with '}{name(action.card)}{extra}"
    if isinstance(action, Draw):
        drawn = [w for w, yes in (("a plot card", action.plot), ("a group card", action.group)) if yes]
        return "Draw " + " and ".join(drawn) if drawn else "Draw nothing"
    if isinstance(action, Place):
        if action.card < 0:
            return "Place nothing"
        if action.at < 0:
            return f"Place the resource {name(action.card)}"
        return f"{name(action.card)} {under(action.at, action.arrow)}"
    if isinstance(action, Declare):
        target = next((s for s in public.structure if s.uid == action.target), None)
        whose = ("from your hand" if target is None else "yours" if target.controller == view.player
                 else who(target.controller) + "'s")
        power = ", global power" if action.use_global else ""
        margin = margin_of(action, foreseen(view)) if with_chance else None
        odds_ = f"{percent(margin):<4}" if margin is not None else ""  # a screen drops a line's leading blanks
        if short:
            return f"{odds_}{action.kind.value}: {name(action.target)} ({whose}{power})"
        return f"{odds_}{name(action.attacker)} → {action.kind.value}: {name(action.target)} ({whose}{power})"
    if isinstance(action, Commit):
        if action.plot < 0:
            attack = public.attack
            return f"Commit: spend {name(attack.attacker)}'s token" if attack is not None else "Commit"
        return f"Commit with the plot {name(action.plot)}"
    if isinstance(action, CallOff):
        return "Call the attack off (nothing is spent)"
    if isinstance(action, Support):
        return f"{name(action.card)} aids the {action.side.value}"
    if isinstance(action, Agent):
        return f"{name(action.card)} as an agent for the {action.side.value}"
    if isinstance(action, PlayPlot):
        text = f"Play {name(action.card)}"
        if action.target >= 0:
            text += f" on {name(action.target)}"
        if action.seat >= 0:
            text += f" against {who(action.seat)}"
        if action.side is not None:
            text += f" for the {action.side.value}"
        return text
    if isinstance(action, Buy):
        return "Buy a plot card, paying " + " and ".join(f"{name(p)}'s token" for p in action.payers)
    if isinstance(action, DrawGroup):
        return f"Draw a group card for {name(action.payer)}'s token"
    if isinstance(action, PlaceResource):
        return f"Place the resource {name(action.card)}"
    if isinstance(action, Move):
        return f"Move {name(action.group)} {under(action.at, action.arrow)}"
    if isinstance(action, Link):
        return f"Link {name(action.resource)} to {name(action.holder)}"
    if isinstance(action, Give):
        return f"Give {name(action.resource)} (in play) to {who(action.to)}"
    if isinstance(action, PlaceAgent):
        return f"Place {name(action.card)} as a Cabal agent"
    if isinstance(action, Reveal):
        return f"Show {name(action.card)} to everyone"
    if isinstance(action, Bottom):
        return "To the bottom of your plot deck: " + ", ".join(name(c) for c in action.cards)
    if isinstance(action, Shelter):
        return "Let it go to the destroyed pile" if action.card < 0 else f"Shelter it with {name(action.card)}"
    if isinstance(action, Activate):
        zone = f"{action.deck} deck" if action.deck else "hand"
        return f"Use {name(action.card)}: look at {who(action.seat)}'s {zone}"
    if isinstance(action, Offer):
        listed = ", ".join(name(c) for c in action.cards)
        return (f"Offer {listed} from your hand to {who(action.to)} in trade" if action.trade
                else f"Give {listed} from your hand to {who(action.to)}")
    if isinstance(action, Swap):
        return f"Offer {who(action.to)} your {name(action.mine)} for their {name(action.theirs)}"
    if isinstance(action, Discard):
        return f"Discard {name(action.card)}"
    if isinstance(action, Answer):
        if not action.accept:
            return "Refuse the offer"
        text = "Accept"
        if action.back:
            text += ", giving back " + ", ".join(name(c) for c in action.back)
        if action.bottom:
            text += ", putting " + ", ".join(name(c) for c in action.bottom) + " on the bottom"
        return text
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, EndTurn):
        return "End your turn"
    return type(action).__name__


def idle_attacker(view: PlayerView, uid: int) -> str | None:
    """Why a card of the seat's own structure has no attack to offer now (None: it has, or it is
    not one), in the player's words: the answer to "why not this card?"."""
    public = view.public
    seated = next((s for s in public.structure if s.uid == uid and s.controller == view.player), None)
    if seated is None or public.prompt != "main" or view.player != public.active:
        return None
    if any(isinstance(a, Declare) and a.attacker == uid for a in view.legal):
        return None
    name = Cards(view).name(uid)
    if uid in public.called_off:
        return f"You called off {name}'s attack this turn: it declares no more attacks until your next turn."
    if not seated.tokens:
        return f"{name} has spent its action token: it acts again once it is refreshed, at your next turn."
    return None


def subject(action: Action) -> int:
    """The card a choice is about, for the card pane (-1: none)."""
    for field in ("target", "card", "group", "resource", "attacker", "payer", "plot", "mine", "theirs"):
        value = getattr(action, field, -1)
        if type(value) is int and value >= 0:  # not a bool: a draw's plot=True is no card 1
            return value
    cards = getattr(action, "cards", ()) or getattr(action, "payers", ())
    return cards[0] if cards else -1


def in_menu(action: Action, menu: Menu, prompt: str) -> bool:
    if menu is Menu.DECIDE and prompt == "counter":
        return not isinstance(action, Pass)  # a counterstrike is a plot played as the answer
    return isinstance(action, MENUS[menu])


def mentions(action: Action, uid: int) -> bool:
    """Does the action name this card (as the card played, the attacker, the target, a payer...)?"""
    for field in ("card", "attacker", "target", "group", "resource", "holder", "at", "payer", "plot", "mine", "theirs"):
        value = getattr(action, field, -2)
        if type(value) is int and value == uid:  # not a bool: a draw's group=True is no card 1
            return True
    return uid in getattr(action, "cards", ()) or uid in getattr(action, "payers", ())


def choices(legal: Sequence[Action], menu: Menu, prompt: str, about: int = -1,
            view: PlayerView | None = None) -> list[Action]:
    """The legal actions a menu lists, those naming the card under the cursor first; attacks
    only those by the card under the cursor (if it has any), the best chance first (``view``:
    the seat's, whose attacks are foreseen)."""
    found = [a for a in legal if in_menu(a, menu, prompt)]
    if view is not None:
        found = _one_of_each(found, view)
    if prompt == "draw":  # both draws are free (§6.1): the most cards first, nothing last
        found.sort(key=lambda a: -(getattr(a, "plot", False) + getattr(a, "group", False)))
    if menu is Menu.ATTACK:
        by: list[Action] = [a for a in found if isinstance(a, Declare) and a.attacker == about]
        return best_first(by or found, view)
    if about < 0:
        return found
    return sorted(found, key=lambda a: not mentions(a, about))  # stable: the engine's order otherwise


def _one_of_each(actions: Sequence[Action], view: PlayerView) -> list[Action]:
    """The actions without those that read the same as one before them: two copies of one card
    (two Safe Houses to shelter with, two Bribed Officials to show) are one choice to the person
    choosing, and either does the same. (Actions that do different things read apart:
    tests/strings/test_situation.py.)"""
    seen: set[str] = set()
    out: list[Action] = []
    for action in actions:
        if isinstance(action, Declare):  # an attack names its attacker, a card in play: none reads alike
            out.append(action)
            continue
        words = describe(action, view, with_chance=False)
        if words not in seen:
            seen.add(words)
            out.append(action)
    return out


def best_first(attacks: Sequence[Action], view: PlayerView | None) -> list[Action]:
    """Attacks by their chance of success before support, the best first (stable: among equals
    the engine's order)."""
    if view is None:
        return list(attacks)
    known = foreseen(view)

    def chance_of(action: Action) -> int:
        margin = margin_of(action, known)
        return -chance(margin) if margin is not None else 0

    return sorted(attacks, key=chance_of)


def detail(action: Action, view: PlayerView) -> str:
    """The focused choice in full, for the line under a list: its words (a list cuts them to its
    width) and, for an attack, the totals its chance comes from."""
    text = describe(action, view, with_chance=False)
    margin = margin_of(action, foreseen(view))
    if isinstance(action, Declare) and margin is not None:
        totals = foreseen(view)[action]
        text += (f". Before support: attack {totals[0]} against defence {totals[1]}, "
                 f"{'no roll succeeds' if chance(margin) == 0 else 'succeeds ' + odds(margin)}.")
    return text
