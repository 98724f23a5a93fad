"""Whether an action is legal now: each check raises the error class of the rule it breaks,
worded for the player who tried it, and changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from . import errors
from .actions import (
    ACTION_TYPES,
    Action,
    Activate,
    Agent,
    Answer,
    Bottom,
    Buy,
    CallOff,
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
    PlayPlot,
    Reveal,
    Shelter,
    Support,
    Swap,
)
from .cards import CardDef, Effect
from .rules import context_ok, controller, may_take_side, selector_ok, shielded, support_value
from .vocabulary import NONE, OFFERS_PER_TURN, AttackKind, Phase, Side, WindowKind

if TYPE_CHECKING:
    from .game import Game

ANYTIME = (Buy, PlayPlot, Reveal, Offer, Discard)


def _int(value: object) -> bool:
    return type(value) is int


# the whole-number fields of each action (a card, a seat, an arrow), checked before any rule
_NUMBERS = {cls: tuple(f.name for f in fields(cls) if f.type in ("Uid", "int", "Player") and f.name != "player")
            for cls in ACTION_TYPES}


def check(game: Game, action: Action) -> None:
    """Is ``action`` well formed, and is its player the one the game waits for? Then the rules."""
    if game.outcome is not None:
        raise errors.GameOverError("The game is over.")
    player = action.player
    if not _int(player) or not 0 <= player < game.players:
        raise errors.MalformedActionError(f"There is no seat {player!r}.")
    for name in _NUMBERS[type(action)]:
        if not _int(getattr(action, name)):
            raise errors.MalformedActionError(f"'{name}' should be a whole number.")
    if player not in game.to_act():
        if game.hidden() and player in game.choosing():
            raise errors.NotYourTurnError("You have made your choice for this round already.")
        raise errors.NotYourTurnError("The game is not waiting for you now.")
    if type(action) is Draw and (type(action.plot) is not bool or type(action.group) is not bool):
        raise errors.MalformedActionError("Say whether you draw a plot card and a group card.")
    check_rules(game, action, game.prompt())


def check_rules(game: Game, action: Action, prompt: str) -> None:
    """The rules for a well-formed action of the player the game waits for (``prompt``: what the
    game asks now); the legal-action lists call this directly for the candidates they make."""
    kind = type(action)
    if prompt == "cabal":
        _need(kind, (ChooseCabal,), "Choose your Cabal first.")
        return _choose_cabal(game, action)  # type: ignore[arg-type]
    if prompt in ("start", "open start"):
        _need(kind, (ChooseStart,), "Choose your start group first.")
        return _choose_start(game, action)  # type: ignore[arg-type]
    if prompt == "shelter":
        _need(kind, (Shelter,), "Answer first: one of your groups is about to be destroyed.")
        return _shelter(game, action)  # type: ignore[arg-type]
    if prompt == "bottom":
        _need(kind, (Bottom,), "First put cards from your plot hand on the bottom of your plot deck.")
        return _bottom(game, action)  # type: ignore[arg-type]
    if prompt == "offer":
        _need(kind, (Answer,), "Answer the offer made to you first.")
        return _answer(game, action)  # type: ignore[arg-type]
    if prompt == "swap":
        _need(kind, (Answer,), "Answer the swap of resources proposed to you first.")
        return _answer_swap(action)  # type: ignore[arg-type]
    if prompt == "counter":
        _need(kind, (Pass, PlayPlot), "Answer first: an attack on your group has failed.")
        return _counter(game, action) if kind is PlayPlot else None  # type: ignore[arg-type]
    if prompt == "commit":
        _need(kind, (Commit, CallOff), "Commit your declared attack or call it off first.")
        return _commit(game, action) if kind is Commit else None  # type: ignore[arg-type]
    if prompt == "draw":
        _need(kind, (Draw,), "Your turn begins with the draws.")
        return None
    if prompt == "place":
        _need(kind, (Place,), "Free placement comes next: place a card or nothing.")
        return _place(game, action)  # type: ignore[arg-type]
    if game.windows:
        window = game.windows[-1].kind
        allowed: tuple[type, ...] = (Pass, *ANYTIME)
        if window is WindowKind.SUPPORT:
            allowed += (Support, Agent)
        _need(kind, allowed, f"In the {window.value} window you may pass, or act as the window allows.")
        if kind is Support:
            return _support(game, action)  # type: ignore[arg-type]
        if kind is Agent:
            return _agent(game, action)  # type: ignore[arg-type]
        return _anytime(game, action)
    # the active player's main phase
    if kind is Answer:
        raise errors.WrongMomentError("Nobody has made you an offer or proposed a swap to answer.")
    if kind in (Pass, Support, Agent, Shelter, Bottom, Commit, CallOff, ChooseCabal, ChooseStart, Draw, Place):
        raise errors.WrongMomentError("That is not a main-phase action.")
    return RULES[kind](game, action)


def _need(kind: type, allowed: tuple[type, ...], message: str) -> None:
    if kind not in allowed:
        raise errors.WrongMomentError(message)


def _card(game: Game, uid: int) -> None:
    if not 0 <= uid < len(game.defs):
        raise errors.MalformedActionError(f"There is no card {uid} in this game.")


# -- set-up --------------------------------------------------------------------------------------


def _choose_cabal(game: Game, action: ChooseCabal) -> None:
    _card(game, action.card)
    if action.card not in game.plot_deck[action.player]:
        raise errors.NotYoursError("Choose a Cabal card from your own plot deck.")
    if game.defs[action.card].kind != "cabal":
        raise errors.SetupChoiceError(f"{game.name(action.card)} is not a Cabal card.")


def on_table(game: Game, name: str) -> bool:
    return name in names_on_table(game)


def names_on_table(game: Game) -> set[str]:
    """The names of the groups in play: in a power structure or in the open area (§15)."""
    defs = game.defs
    names = {defs[u].name for u in game.board.arrows if defs[u].kind == "group"}
    names.update(defs[u].name for u in game.board.open_area)
    return names


def _choose_start(game: Game, action: ChooseStart) -> None:
    _card(game, action.card)
    if action.card not in game.group_deck[action.player]:
        raise errors.NotYoursError("Choose a start group from your own group deck.")
    card = game.defs[action.card]
    if card.kind != "group":
        raise errors.SetupChoiceError(f"{card.name} is a resource: a start group must be a group.")
    if on_table(game, card.name):
        raise errors.UniquenessError(f"{card.name} is on the table already.")
    if game.phase is Phase.START and card.name in game.barred:
        raise errors.SetupChoiceError(f"{card.name} was chosen by two players at once and is barred "
                                      f"until the open choice.")


# -- prompts ---------------------------------------------------------------------------------------


def _shelter(game: Game, action: Shelter) -> None:
    if action.card == -1:
        return
    _card(game, action.card)
    if action.card not in game.plot_hand[action.player]:
        raise errors.NotYoursError("That card is not in your plot hand.")
    if not any(e.when == "replace" and e.event == "group_to_destroyed_pile" for e in game.defs[action.card].effects):
        raise errors.PlotTimingError(f"{game.name(action.card)} cannot replace a destruction.")


def _bottom(game: Game, action: Bottom) -> None:
    assert game.due is not None
    count = game.due[1]
    hand = game.plot_hand[action.player]
    if not isinstance(action.cards, tuple) or not all(_int(c) for c in action.cards):
        raise errors.MalformedActionError("Name the cards as a list of card numbers.")
    if len(set(action.cards)) != len(action.cards) or any(c not in hand for c in action.cards):
        raise errors.NotYoursError("Name different cards of your own plot hand.")
    if len(action.cards) != count:
        raise errors.HandLimitError(f"Put exactly {count} plot card{'s' if count != 1 else ''} on the bottom.")
    goals = [c for c in hand if c not in action.cards and game.defs[c].plot_kind == "goal"]
    if game.ending_turn and len(goals) > 1:  # at the end of a turn (§6.3 c); a card's own bottoming sets no such rule
        raise errors.HandLimitError("You may keep at most one goal card: put the others on the bottom.")


# -- the start of the turn ----------------------------------------------------------------------------


def _slot(game: Game, player: int, at: int, arrow: int) -> None:
    board = game.board
    if at not in board.arrows or board.controller.get(at) != player:
        raise errors.NoOpenArrowError("Place it on a card of your own power structure.")
    if not 0 <= arrow < len(board.arrows[at]) or board.arrows[at][arrow] != -1:
        raise errors.NoOpenArrowError(f"{game.name(at)} has no open arrow {arrow}.")


def resource_problem(game: Game, uid: int) -> str | None:
    card = game.defs[uid]
    if card.unique and card.id in game.entered_unique:
        return f"{card.name} is unique and has been in play this game already."
    if any(game.defs[r].name == card.name for rs in game.board.resources for r in rs):
        return f"{card.name} is on the table already: one copy at a time."
    return None


def _place(game: Game, action: Place) -> None:
    if action.card == -1:
        if (action.at, action.arrow) != (-1, 0):
            raise errors.MalformedActionError("Placing nothing names no place: leave the place out.")
        return
    _card(game, action.card)
    if action.card not in game.group_hand[action.player]:
        raise errors.NotYoursError("Place a card from your own group hand.")
    card = game.defs[action.card]
    if card.kind == "resource":
        if (action.at, action.arrow) != (-1, 0):
            raise errors.MalformedActionError("A resource goes to your resource area: leave the place out.")
        problem = resource_problem(game, action.card)
        if problem:
            raise errors.UniquenessError(problem)
        return
    if on_table(game, card.name):
        raise errors.UniquenessError(f"{card.name} is on the table already.")
    _slot(game, action.player, action.at, action.arrow)


# -- attacks ----------------------------------------------------------------------------------------


def _declare(game: Game, action: Declare) -> None:
    board = game.board
    player = action.player
    _card(game, action.attacker)
    _card(game, action.target)
    if not isinstance(action.kind, AttackKind) or type(action.use_global) is not bool:
        raise errors.MalformedActionError("An attack is to control or to destroy.")
    attacker = action.attacker
    if board.controller.get(attacker) != player or not board.in_structure(attacker):
        raise errors.NotYoursError("Attack with your Cabal or a group in your power structure.")
    if attacker in game.called_off:
        raise errors.OncePerTurnError(f"You called off an attack by {game.name(attacker)} this turn: it "
                                      f"declares no more attacks this turn.")
    if action.kind is AttackKind.CONTROL and not board.has_open_arrow(attacker):
        raise errors.NoOpenArrowError(f"{game.name(attacker)} has no open arrow to take a group onto.")
    target = action.target
    card = game.defs[target]
    if card.kind == "cabal":
        raise errors.AttackTargetError("A Cabal can never be attacked.")
    if card.kind != "group":
        raise errors.AttackTargetError("Only groups can be attacked.")
    if target in game.group_hand[player]:
        if action.kind is not AttackKind.CONTROL:
            raise errors.AttackTargetError("A group from your hand can only be attacked to control.")
        if on_table(game, card.name):
            raise errors.UniquenessError(f"{card.name} is on the table already.")
        return
    if target in board.open_area:
        if board.open_area[target] != player:
            raise errors.AttackTargetError("Only the player who brought a group into the open area may attack it.")
        if action.kind is not AttackKind.CONTROL:
            raise errors.AttackTargetError("A group in the open area can only be attacked to control.")
        return
    if not board.in_structure(target):
        raise errors.AttackTargetError("Attack a group on the table, or one from your own group hand.")
    defender = controller(game, target)
    if defender == player:
        if action.kind is AttackKind.CONTROL:
            raise errors.AttackTargetError("You control that group already: you may only attack it to destroy.")
        if target == attacker:
            raise errors.AttackTargetError("A card cannot attack itself.")
        return
    if game.setup.shield_covers_attacks and shielded(game, player, defender):
        raise errors.ShieldError(f"{game.setup.name(defender)} has not finished their first turn: their "
                                 f"groups are shielded.")


def _commit(game: Game, action: Commit) -> None:
    attack = game.attack
    assert attack is not None
    board = game.board
    if action.plot == -1:
        if board.tokens.get(attack.attacker, 0) <= 0:
            raise errors.NoTokenError(f"{game.name(attack.attacker)} holds no token: commit with a plot "
                                      f"that starts an attack, or call the attack off.")
        return
    _card(game, action.plot)
    if action.plot not in game.plot_hand[action.player]:
        raise errors.NotYoursError("That card is not in your plot hand.")
    card = game.defs[action.plot]
    if not any(e.if_.get("step") == "commit" for e in card.effects):
        raise errors.PlotTimingError(f"{card.name} is not played as you commit an attack.")
    if not card.has_op("start_attack") and board.tokens.get(attack.attacker, 0) <= 0:
        raise errors.NoTokenError(f"{game.name(attack.attacker)} holds no token to commit with.")


def _support(game: Game, action: Support) -> None:
    attack = game.attack
    assert attack is not None  # check_rules asks this only in a support window, which an attack opened
    _card(game, action.card)
    if not isinstance(action.side, Side):
        raise errors.MalformedActionError("Support the attack or the defence.")
    problem = may_take_side(game, attack, action.player, action.side)
    if problem:
        raise errors.SideLockError(problem)
    board = game.board
    if board.controller.get(action.card) != action.player or not board.in_structure(action.card):
        raise errors.NotYoursError("Support with your Cabal or a group of your power structure.")
    if action.card in attack.used or action.card == attack.attacker:
        raise errors.SupportError(f"{game.name(action.card)} has contributed to this attack already.")
    if board.tokens.get(action.card, 0) <= 0:
        raise errors.NoTokenError(f"{game.name(action.card)} holds no token.")
    if support_value(game, attack, action.player, action.card, action.side)[0] <= 0:
        raise errors.SupportError(f"{game.name(action.card)} would add nothing to the {action.side.value}.")


def _agent(game: Game, action: Agent) -> None:
    attack = game.attack
    assert attack is not None  # check_rules asks this only in a support window, which an attack opened
    _card(game, action.card)
    if not isinstance(action.side, Side):
        raise errors.MalformedActionError("Send the agent to the attack or the defence.")
    if action.card not in game.group_hand[action.player]:
        raise errors.NotYoursError("An agent comes from your own group hand.")
    target = attack.target
    if game.defs[action.card].kind != "group" or game.defs[action.card].name != game.name(target):
        raise errors.AgentError(f"An agent must be a copy of {game.name(target)}.")
    if not game.board.in_structure(target):
        raise errors.AgentError("No agent may join an attack on a group in the open area.")
    if controller(game, target) == action.player:
        raise errors.AgentError("You cannot use a copy of a group in your own power structure as an agent.")
    problem = may_take_side(game, attack, action.player, action.side)
    if problem:
        raise errors.SideLockError(problem)
    if any(c.how in ("A4", "D5") and c.side is action.side for c in attack.support):
        raise errors.AgentError(f"An agent has joined the {action.side.value} of this attack already: one per side.")


def _counter(game: Game, action: PlayPlot) -> None:
    """§8.11, Counterstrike: after an attack on your group failed, one of your groups with a token
    attacks the attacking group to destroy it, at once (``target``: your attacking group)."""
    assert game.counter is not None
    _card(game, action.card)
    if action.card not in game.plot_hand[action.player]:
        raise errors.NotYoursError("That card is not in your plot hand.")
    if plot_kind_of(game, action.card) != "counterattack":
        raise errors.PlotTimingError(f"{game.name(action.card)} does not answer a failed attack.")
    _names_only(action, game.defs[action.card], "target")
    board = game.board
    enemy = game.counter[1]
    if not board.in_structure(enemy):
        raise errors.PlotTargetError("The attacking group has left play.")
    if board.controller.get(action.target) != action.player or not board.in_structure(action.target) \
            or game.defs[action.target].kind != "group":
        raise errors.PlotTargetError("Name one of your own groups to make the attack.")
    if board.tokens.get(action.target, 0) <= 0:
        raise errors.NoTokenError(f"{game.name(action.target)} holds no token.")


# -- the main phase ------------------------------------------------------------------------------------


def free_move(game: Game, group: int) -> bool:
    """Does moving ``group`` cost no token now (Cabal perk, a master's ability, Reorganize)?"""
    board = game.board
    player = board.controller[group]
    if game.free_moves > 0:
        return True
    for source in (board.cabal[player], board.master[group]):  # a group in a structure has a master
        for index, effect in enumerate(game.defs[source].effects):
            if effect.when != "static" or (effect.limit == "once_per_turn" and (source, index) in game.once):
                continue
            for op in effect.ops("move"):
                if op.get("free") and selector_ok(game, op.get("where", {}), group, player, source=source):
                    return True
    return False


def _move(game: Game, action: Move) -> None:
    board = game.board
    for uid in (action.group, action.at):
        _card(game, uid)
    if board.controller.get(action.group) != action.player or not board.in_structure(action.group) \
            or game.defs[action.group].kind != "group":
        raise errors.NotYoursError("Move a group of your own power structure.")
    _slot(game, action.player, action.at, action.arrow)
    if action.at in board.subtree(action.group):
        raise errors.MoveError("A group cannot move under itself or one of its own puppets.")
    if not free_move(game, action.group) and board.tokens.get(action.group, 0) <= 0:
        raise errors.NoTokenError(f"Moving {game.name(action.group)} costs its own token, and it holds none.")


def _link(game: Game, action: Link) -> None:
    board = game.board
    _card(game, action.resource)
    _card(game, action.holder)
    if action.resource not in board.resources[action.player]:
        raise errors.NotYoursError("Move the link of a resource you control.")
    if action.resource in game.moved_links:
        raise errors.OncePerTurnError("Each link moves at most once a turn.")
    holder = action.holder
    if board.controller.get(holder) != action.player or not board.in_structure(holder):
        raise errors.LinkError("Link it to your Cabal or a group of your power structure.")
    if board.links.get(action.resource) == holder:
        raise errors.LinkError("It is linked there already.")
    if game.defs[holder].kind == "group" and any(game.defs[a].kind == "resource" for a in board.attachments(holder)):
        raise errors.LinkError(f"{game.name(holder)} holds a resource already: a group holds at most one.")


def _give(game: Game, action: Give) -> None:
    board = game.board
    _card(game, action.resource)
    if action.resource not in board.resources[action.player]:
        raise errors.NotYoursError("Give a resource you control.")
    if action.resource in game.used_resources:
        raise errors.LinkError("A resource used this turn cannot be given away.")
    if not 0 <= action.to < game.players or action.to == action.player or game.eliminated[action.to]:
        raise errors.MalformedActionError("Give it to another player in the game.")


def _swap(game: Game, action: Swap) -> None:
    """§12.1: a resource of one's own for another player's, neither used this turn (HR-88)."""
    board = game.board
    _card(game, action.mine)
    _card(game, action.theirs)
    if not 0 <= action.to < game.players or action.to == action.player or game.eliminated[action.to]:
        raise errors.MalformedActionError("Swap resources with another player in the game.")
    if action.mine not in board.resources[action.player]:
        raise errors.NotYoursError("Offer a resource you control in the swap.")
    if action.theirs not in board.resources[action.to]:
        raise errors.NotYoursError(f"Ask for a resource {game.setup.name(action.to)} controls.")
    for card in (action.mine, action.theirs):
        if card in game.used_resources:
            raise errors.LinkError(f"{game.name(card)} has been used this turn: it cannot change hands now.")
    if game.offers_made[action.player] >= OFFERS_PER_TURN:
        raise errors.OncePerTurnError(f"You have made {OFFERS_PER_TURN} offers this turn: no more until the next.")


def _answer_swap(action: Answer) -> None:
    if type(action.accept) is not bool:
        raise errors.MalformedActionError("Accept the swap or refuse it.")
    if action.back or action.bottom:
        raise errors.MalformedActionError("A swap of resources is accepted or refused: nothing else changes hands.")


def _place_resource(game: Game, action: PlaceResource) -> None:
    _card(game, action.card)
    if action.card not in game.group_hand[action.player] or game.defs[action.card].kind != "resource":
        raise errors.NotYoursError("Place a resource from your own group hand.")
    if game.resource_placements >= 1 + game.extra_placements:
        raise errors.OncePerTurnError("You have placed your resource for this turn.")
    problem = resource_problem(game, action.card)
    if problem:
        raise errors.UniquenessError(problem)


def token_holder(game: Game, player: int, uid: int) -> bool:
    board = game.board
    return board.controller.get(uid) == player and board.tokens.get(uid, 0) > 0 and (
        board.in_structure(uid) or uid in board.resources[player])


def _draw_group(game: Game, action: DrawGroup) -> None:
    _card(game, action.payer)
    if game.group_draws >= game.group_draw_limit():
        raise errors.OncePerTurnError("You have drawn your group card for a token this turn.")
    if not token_holder(game, action.player, action.payer):
        raise errors.NoTokenError("Pay with a token on one of your own cards.")


def activated(game: Game, card: int) -> tuple[int, Effect] | None:
    """The activated ability of ``card`` that applies where it is now (its holder), if any: a look,
    the one ability the rules know (HR-86); a card file's other kinds are never usable."""
    holder = game.board.holder_of(card)
    for index, effect in enumerate(game.defs[card].effects):
        if effect.when != "activated" or not effect.ops("look"):
            continue
        want = effect.if_.get("holder")
        if want is not None and (holder < 0 or game.defs[holder].kind != want.get("kind")):
            continue
        return index, effect
    return None


def _activate(game: Game, action: Activate) -> None:
    look_at(game, action, ability(game, action))


def ability(game: Game, action: Activate) -> Mapping[str, Any]:
    """All that ``_activate`` asks of the card and its cost; the look it makes. None of it depends
    on whose cards are looked at, so the legal-action lists ask it once per card."""
    board = game.board
    _card(game, action.card)
    if board.controller.get(action.card) != action.player or not (
            action.card == board.cabal[action.player] or action.card in board.resources[action.player]):
        raise errors.NotYoursError("Use an ability of your own Cabal or of a resource you control.")
    found = activated(game, action.card)
    if found is None:
        raise errors.PlotTimingError(f"{game.name(action.card)} has no ability to use here.")
    index, effect = found
    if effect.limit == "once_per_turn" and (action.card, index) in game.once:
        raise errors.OncePerTurnError(f"{game.name(action.card)}'s ability is used once a turn.")
    if effect.cost.get("token") == "self" and board.tokens.get(action.card, 0) <= 0:
        raise errors.NoTokenError(f"{game.name(action.card)} holds no token.")
    return effect.ops("look")[0]


def look_at(game: Game, action: Activate, look: Mapping[str, Any]) -> None:
    """Whose cards, and which: a player in the game, not shielded, with cards there to see."""
    seat = action.seat
    if not 0 <= seat < game.players or game.eliminated[seat]:
        raise errors.PlotTargetError("Name a player in the game.")
    if look.get("player") == "chosen_opponent" and seat == action.player:
        raise errors.PlotTargetError("Look at an opponent's cards.")
    if shielded(game, action.player, seat):
        raise errors.ShieldError(f"{game.setup.name(seat)} has not finished their first turn yet.")
    if look["zone"] == "deck_top":
        if action.deck not in ("plot", "group"):
            raise errors.MalformedActionError("Name the plot deck or the group deck.")
        if not (game.plot_deck if action.deck == "plot" else game.group_deck)[seat]:
            raise errors.PlotTargetError("That deck is empty.")
    elif action.deck:
        raise errors.MalformedActionError("This ability looks at a hand, not a deck.")
    elif not game.plot_hand[seat]:
        raise errors.PlotTargetError(f"{game.setup.name(seat)} holds no plot card.")


def _place_agent(game: Game, action: PlaceAgent) -> None:
    _card(game, action.card)
    player = action.player
    if action.card not in game.plot_hand[player] or game.defs[action.card].kind != "cabal":
        raise errors.NotYoursError("Place a Cabal card from your own plot hand.")
    name = game.name(action.card)
    if game.name(game.board.cabal[player]) == name:
        raise errors.AgentError("A Cabal agent cannot name your own Cabal.")
    if not any(game.name(game.board.cabal[p]) == name for p in game.live() if p != player):
        raise errors.AgentError(f"No opponent uses {name}.")
    if any(game.name(a) == name for a in game.board.agents[player]):
        raise errors.AgentError(f"You have a Cabal agent of {name} already.")
    if not game.plot_deck[player] or not game.group_deck[player]:
        raise errors.CostError("Placing a Cabal agent discards the top card of both your decks: one is empty.")


# -- any-time actions and plots ---------------------------------------------------------------------------


def _anytime(game: Game, action: Action) -> None:
    return RULES[type(action)](game, action)


def _discard(game: Game, action: Discard) -> None:
    _card(game, action.card)
    if action.card not in game.plot_hand[action.player] and action.card not in game.group_hand[action.player]:
        raise errors.NotYoursError("Discard a card of your own hands.")


def _reveal(game: Game, action: Reveal) -> None:
    _card(game, action.card)
    if action.card not in game.plot_hand[action.player]:
        raise errors.NotYoursError("Reveal a card of your own plot hand.")
    if action.card in game.revealed:
        raise errors.WrongMomentError("That card is shown already.")


def _cards_of(game: Game, player: int, cards: object, what: str) -> tuple[int, ...]:
    if not isinstance(cards, tuple) or not all(_int(c) for c in cards):
        raise errors.MalformedActionError(f"Name the {what} as a list of card numbers.")
    held = game.plot_hand[player] + game.group_hand[player]
    if len(set(cards)) != len(cards) or any(c not in held for c in cards):
        raise errors.NotYoursError(f"Name different cards of your own hands as the {what}.")
    return cards


def _offer(game: Game, action: Offer) -> None:
    if not 0 <= action.to < game.players or action.to == action.player or game.eliminated[action.to]:
        raise errors.MalformedActionError("Offer cards to another player in the game.")
    if type(action.trade) is not bool:
        raise errors.MalformedActionError("Say whether it is a gift or a trade.")
    if not _cards_of(game, action.player, action.cards, "cards you offer"):
        raise errors.MalformedActionError("Offer at least one card.")
    if game.offers_made[action.player] >= OFFERS_PER_TURN:
        raise errors.OncePerTurnError(f"You have made {OFFERS_PER_TURN} offers this turn: no more until the next.")


def within_limits(game: Game, player: int, plots: list[int]) -> str | None:
    """None if ``player`` may hold these plot cards now (§12.3, HR-32), else why not."""
    if player == game.active:
        return None
    if len(plots) > game.plot_limit():
        return f"outside your turn you may hold at most {game.plot_limit()} plot cards"
    if sum(1 for c in plots if game.defs[c].plot_kind == "goal") > 1:
        return "you may never hold two goal cards outside your turn"
    return None


def _answer(game: Game, action: Answer) -> None:
    assert game.offer is not None
    giver, taker, cards, trade = game.offer
    if type(action.accept) is not bool:
        raise errors.MalformedActionError("Accept the offer or refuse it.")
    back = _cards_of(game, taker, action.back, "cards you give back")
    bottom = action.bottom if isinstance(action.bottom, tuple) and all(_int(c) for c in action.bottom) else None
    if bottom is None:
        raise errors.MalformedActionError("Name the cards for the bottom as a list of card numbers.")
    if not action.accept:
        if back or bottom:
            raise errors.MalformedActionError("Refusing an offer gives nothing and puts nothing on the bottom.")
        return
    if trade and not back:
        raise errors.HandLimitError("This is a trade: accept it by giving at least one card back.")
    if not trade and back:
        raise errors.HandLimitError("This is a gift: nothing is given back.")
    plots = [c for c in game.plot_hand[taker] if c not in back] + [c for c in cards if game.defs[c].back == "plot"]
    if len(set(bottom)) != len(bottom) or any(c not in plots for c in bottom):
        raise errors.NotYoursError("Put on the bottom different plot cards you would hold.")
    problem = within_limits(game, taker, [c for c in plots if c not in bottom])
    if problem:
        raise errors.HandLimitError(f"Refuse the offer or put cards on the bottom: {problem}.")
    if bottom and taker == game.active:
        raise errors.HandLimitError("In your own turn you may hold more; you get down to the limit at its end.")
    mine = [c for c in game.plot_hand[giver] if c not in cards] + [c for c in back if game.defs[c].back == "plot"]
    problem = within_limits(game, giver, mine)
    if problem:
        raise errors.HandLimitError(f"That would leave {game.setup.name(giver)} over a limit ({problem}): give fewer plot cards back.")


def _buy(game: Game, action: Buy) -> None:
    player = action.player
    if not isinstance(action.payers, tuple) or not all(_int(c) for c in action.payers):
        raise errors.MalformedActionError("Name the cards that pay.")
    for uid in action.payers:
        _card(game, uid)
        if not token_holder(game, player, uid):
            raise errors.NoTokenError(f"{game.name(uid)} is not yours or holds no token.")
    board = game.board
    if len(action.payers) == 1:
        if not board.counts_as_cabal_token(action.payers[0]):
            raise errors.CostError("A plot card costs one Cabal token or two group tokens.")
    elif len(action.payers) == 2:
        if any(game.defs[c].kind != "group" for c in action.payers):
            raise errors.CostError("Two tokens buy a plot card only if both are group tokens.")
        first, second = action.payers
        if first == second and board.tokens[first] < 2:  # it holds a token (token_holder, above)
            raise errors.NoTokenError(f"{game.name(first)} holds only one token.")
    else:
        raise errors.CostError("A plot card costs one Cabal token or two group tokens.")
    if not game.plot_deck[player]:
        raise errors.CostError("Your plot deck is empty.")
    if player != game.active and len(game.plot_hand[player]) >= game.plot_limit():
        raise errors.HandLimitError(f"Outside your turn you cannot buy beyond {game.plot_limit()} plot cards.")


def plot_kind_of(game: Game, uid: int) -> str:
    return _plot_kind(game.defs[uid])


@lru_cache(maxsize=1024)  # printed, so worked out once per card; asked for each plot in every legal list
def _plot_kind(card: CardDef) -> str:
    if card.plot_kind == "reaction":
        for effect in card.effects:
            if effect.when == "replace":
                return "replacement"
            if effect.ops("cancel"):
                return "cancel:" + str(effect.ops("cancel")[0]["what"])
            if effect.ops("attack"):
                return "counterattack"
    return card.plot_kind


def _play(game: Game, action: PlayPlot) -> None:
    plot_targets(game, action, play_card(game, action))


@lru_cache(maxsize=1024)  # printed: worked out once per card
def names_a_seat(definition: CardDef) -> bool:
    return any(op.get("player") == "chosen_opponent" for e in definition.effects for op in e.do)


@lru_cache(maxsize=1024)  # printed: worked out once per card
def names_a_group(definition: CardDef) -> bool:
    if definition.plot_kind in ("strike", "standing"):
        return True
    return any(op["op"] in ("stat", "token_add", "token_remove", "return_to_hand") and isinstance(op.get("target"), dict)
               for e in definition.effects for op in e.do)


def plot_names(definition: CardDef, kind: str) -> str:
    """What a play of the card names besides the card: "target" (a group or another card),
    "seat", "side" or nothing ("")."""
    if definition.cost.get("discard_plots"):
        return "target"
    if kind == "attack":
        return "side"
    if kind == "cancel:event.claim" or names_a_seat(definition):
        return "seat"
    if kind == "cancel:event.support" or names_a_group(definition):
        return "target"
    return ""  # pragma: no mutate: any other word but "target", "seat" and "side" reads the same


def _names_only(action: PlayPlot, card: CardDef, names: str) -> None:
    """A play leaves out what its card does not ask for (-1, no side): one play, one spelling, so
    the legal-action lists hold every play the rules allow."""
    if names != "target" and action.target != -1:
        raise errors.MalformedActionError(f"{card.name} is aimed at no card: leave the target out.")
    if names != "seat" and action.seat != -1:
        raise errors.MalformedActionError(f"{card.name} names no player: leave the player out.")
    if names != "side" and action.side is not None:
        raise errors.MalformedActionError(f"{card.name} does not let you choose a side: leave the side out.")


def play_card(game: Game, action: PlayPlot) -> str:
    """All that ``_play`` asks before the target: the card, the moment, the side, the cost; the
    card's kind of play. For a card aimed at a group none of it depends on which group, so the
    legal-action lists ask it once per card and then ``plot_targets`` for each group."""
    player = action.player
    _card(game, action.card)
    if action.card not in game.plot_hand[player]:
        raise errors.NotYoursError("That card is not in your plot hand.")
    card = game.defs[action.card]
    if card.kind != "plot":
        raise errors.PlotTimingError(f"{card.name} is not a plot: it is played as a Cabal agent.")
    kind = plot_kind_of(game, action.card)
    _names_only(action, card, plot_names(card, kind))
    window = game.windows[-1].kind if game.windows else None
    main = window is None
    if kind in ("operation", "standing", "agenda") and not main:
        raise errors.PlotTimingError(f"{card.name} is played in your own main phase only.")
    if kind == "goal":
        raise errors.PlotTimingError(f"{card.name} is a goal card: it is revealed to claim victory at the end of a turn.")
    if kind == "replacement":
        raise errors.PlotTimingError(f"{card.name} is played when a group of yours is about to be destroyed.")
    if kind == "counterattack":
        raise errors.PlotTimingError(f"{card.name} is played just after an attack on your group fails.")
    # a plot on the stack is answered in the response window opened above it, on top until the stack empties
    if kind == "cancel:event.plot" and not game.stack:
        raise errors.PlotTimingError(f"{card.name} answers a plot as it is played.")
    if kind == "cancel:event.strike":
        top = game.stack[-1] if game.stack else None
        if top is None or game.defs[top.card].plot_kind != "strike" or controller(game, top.target) != player:
            raise errors.PlotTimingError(f"{card.name} answers a strike aimed at a group you control.")
    if kind == "cancel:event.claim":
        if window is not WindowKind.CLAIMS:
            raise errors.PlotTimingError(f"{card.name} answers a claim made with a goal card.")
        if not any(c.player == action.seat and c.goal_card != NONE and not c.cancelled for c in game.claims):
            raise errors.PlotTargetError("Name a player who claims with a goal card.")
    if kind == "cancel:event.support":
        attack = game.attack
        if window is not WindowKind.SUPPORT or attack is None:
            raise errors.PlotTimingError(f"{card.name} is played in an attack's support window.")
        if not any(c.card == action.target and c.how not in ("A5", "D6") for c in attack.support):
            raise errors.PlotTargetError("Name a card that has contributed to this attack.")
    if kind == "attack":
        _attack_plot(game, action)
    _costs(game, action)
    return kind


def _attack_plot(game: Game, action: PlayPlot) -> None:
    attack = game.attack
    card = game.defs[action.card]
    if attack is None or game.windows[-1].kind is not WindowKind.SUPPORT:  # a committed attack has a window
        raise errors.PlotTimingError(f"{card.name} is played in the support window of an attack.")
    if any(e.if_.get("step") == "commit" for e in card.effects):
        raise errors.PlotTimingError(f"{card.name} is played as you commit an attack.")
    side = plot_side(game, action)
    if side is None:
        if action.side is None:
            raise errors.PlotTargetError(f"Say which side {card.name} helps.")
        raise errors.PlotTargetError(f"{card.name} does not help the {action.side.value}.")
    problem = may_take_side(game, attack, action.player, side)
    if problem:
        raise errors.SideLockError(problem)
    if plot_value(game, action, side) <= 0:
        raise errors.PlotTargetError(f"{card.name} does nothing in this attack.")


def _printed_sides(card: CardDef) -> set[str]:
    return {op["side"] for e in card.effects for op in e.ops("add")}


def plot_side(game: Game, action: PlayPlot) -> Side | None:
    """The side an attack plot adds to, which its play names (HR-80: any side for a card that adds
    "to either side", else the one printed on it: a card for the attack is never offered "for the
    defence"); a card whose play names another card instead (Emergency Session's discard) adds to
    the side printed. None: the play names no side the card adds to."""
    card = game.defs[action.card]
    sides = _printed_sides(card)
    if len(sides) != 1:
        return None
    printed = sides.pop()
    if plot_names(card, "attack") != "side":
        return None if printed == "either" else Side(printed)
    if not isinstance(action.side, Side):
        return None
    return action.side if printed in ("either", action.side.value) else None


def plot_value(game: Game, action: PlayPlot, side: Side) -> int:
    """What an attack plot adds now: its best effect whose conditions hold (0: none)."""
    attack = game.attack
    assert attack is not None
    best = 0
    for effect in game.defs[action.card].effects:
        for op in effect.ops("add"):
            if op["side"] in (side.value, "either") and context_ok(game, effect, attack, side, action.player):
                best = max(best, op["value"])
    return best


def _costs(game: Game, action: PlayPlot) -> None:
    cost = game.defs[action.card].cost
    cabal = game.board.cabal[action.player]
    if cost.get("token") == "cabal" and game.board.tokens.get(cabal, 0) <= 0:
        raise errors.CostError(f"{game.name(action.card)} costs your Cabal's token, and it holds none.")
    if cost.get("discard_plots"):
        if action.target == action.card or action.target not in game.plot_hand[action.player]:
            raise errors.CostError(f"{game.name(action.card)} costs another plot card from your hand: name it.")


def _group_target(game: Game, action: PlayPlot) -> None:
    board = game.board
    target = action.target
    if not board.in_structure(target) or game.defs[target].kind != "group":  # no number off the table is in one
        raise errors.PlotTargetError(f"{game.name(action.card)} needs a group in a power structure as its target.")
    owner = controller(game, target)
    if shielded(game, action.player, owner):
        raise errors.ShieldError(f"{game.setup.name(owner)} has not finished their first turn: their groups "
                                 f"are shielded.")


def _seat_target(game: Game, action: PlayPlot) -> None:
    seat = action.seat
    if not 0 <= seat < game.players or seat == action.player or game.eliminated[seat]:
        raise errors.PlotTargetError(f"{game.name(action.card)} needs an opponent as its target.")
    if shielded(game, action.player, seat):
        raise errors.ShieldError(f"{game.setup.name(seat)} has not finished their first turn yet.")


def plot_targets(game: Game, action: PlayPlot, kind: str) -> None:
    card = game.defs[action.card]
    board = game.board
    if kind == "strike":
        _group_target(game, action)
        if not selector_ok(game, card.target, action.target, action.player):
            raise errors.PlotTargetError(f"{card.name} cannot strike {game.name(action.target)}.")
        if game.defs[action.target].has_op("immune"):
            raise errors.PlotTargetError(f"{game.name(action.target)} cannot be the target of strikes.")
        return
    if kind == "standing":
        _group_target(game, action)
        if controller(game, action.target) != action.player:
            raise errors.PlotTargetError(f"Link {card.name} to a group you control.")
        if any(game.defs[a].kind == "plot" for a in board.attachments(action.target)):
            raise errors.LinkError(f"{game.name(action.target)} holds a standing plot already.")
        return
    for effect in card.effects:
        for op in effect.do:
            name = op["op"]
            if name in ("stat", "token_remove") and isinstance(op.get("target"), dict):
                _group_target(game, action)
                if name == "token_remove" and board.tokens.get(action.target, 0) <= 0:
                    raise errors.PlotTargetError(f"{game.name(action.target)} holds no token.")
            elif name == "token_add":
                _group_target(game, action)
                if controller(game, action.target) != action.player:
                    raise errors.PlotTargetError("Put the token on a group you control.")
                if board.tokens.get(action.target, 0) >= op.get("cap", 2) or not board.can_hold_tokens(action.target):
                    raise errors.PlotTargetError(f"{game.name(action.target)} cannot hold another token.")
            elif name == "return_to_hand":
                _group_target(game, action)
                if controller(game, action.target) != action.player or board.puppets(action.target):
                    raise errors.PlotTargetError("Return a group of yours that has no puppets.")
            elif op.get("player") == "chosen_opponent":  # a look, show or mill (only they name a player)
                _seat_target(game, action)


def _nothing(game: Game, action: Action) -> None:
    """Passing and ending one's turn break no rule once the game waits for the player."""


# The rule each kind of action answers to, once the prompt allows that kind (check_rules makes sure
# of that first). The legal-action lists judge their candidates by these same functions, so the
# list and the refusals never disagree; at the "counter" prompt a plot answers to COUNTER instead.
RULES: dict[type, Callable[[Game, Any], None]] = {
    ChooseCabal: _choose_cabal, ChooseStart: _choose_start, Shelter: _shelter, Bottom: _bottom,
    Answer: _answer, Commit: _commit, Place: _place, Support: _support, Agent: _agent,
    Declare: _declare, Move: _move, Link: _link, Give: _give, PlaceResource: _place_resource,
    DrawGroup: _draw_group, PlaceAgent: _place_agent, Activate: _activate,
    Pass: _nothing, EndTurn: _nothing, Reveal: _reveal, Buy: _buy, Offer: _offer, PlayPlot: _play,
    Swap: _swap, Discard: _discard,
}
COUNTER = _counter
