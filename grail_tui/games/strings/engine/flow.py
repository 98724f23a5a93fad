"""Carrying out a legal action, and the flow of the game that follows on its own: set-up's
reveals, the start and end of turns, windows opening and closing, attacks settled, claims
judged, players eliminated."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .actions import (
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
from .checks import on_table, plot_kind_of, plot_side, plot_value
from .events import Outcome, Rolled
from .rules import (
    agent_bonus,
    attack_total,
    claims_of,
    condition_met,
    controller,
    defence_total,
    selector_ok,
    succeeds,
    support_value,
)
from .vocabulary import (
    CABAL_ARROWS,
    NONE,
    SETUP_ROUNDS,
    START_GROUPS,
    START_PLOTS,
    AttackKind,
    Ending,
    Phase,
    Player,
    Side,
    Uid,
    WindowKind,
)

if TYPE_CHECKING:
    from .game import Attack, Game



def carry_out(game: Game, action: Action) -> None:
    handler: Callable[[Game, Any], None] = HANDLERS[type(action)]
    handler(game, action)


# -- set-up ------------------------------------------------------------------------------------


def _choose_cabal(game: Game, action: ChooseCabal) -> None:
    game.cabal_pick[action.player] = action.card
    game.tell(action.player, "chose cabal", [action.card])
    if any(game.cabal_pick[p] == NONE for p in game.live()):
        return
    board = game.board
    for player in range(game.players):
        card = game.cabal_pick[player]
        game.plot_deck[player].remove(card)
        board.cabal[player] = card
        board.arrows[card] = [NONE] * CABAL_ARROWS
        board.controller[card] = player
    game.say(NONE, "cabals revealed", list(board.cabal))
    for player in range(game.players):
        game.dice.shuffle(game.plot_deck[player])
        _draw(game, player, "plot", START_PLOTS)
    game.phase = Phase.START


def _eligible(game: Game, player: Player, secret: bool) -> list[Uid]:
    return [c for c in game.group_deck[player] if game.defs[c].kind == "group" and not on_table(game, game.name(c))
            and not (secret and game.name(c) in game.barred)]


def _choose_start(game: Game, action: ChooseStart) -> None:
    player = action.player
    if game.phase is Phase.OPEN_START:
        _start_group(game, player, action.card)
        game.say(player, "start group", [action.card])
        _after_start(game)
        return
    game.start_pick[player] = action.card
    game.tell(player, "chose start group", [action.card])
    waiting = [p for p in game.live() if not game.resolved[p]]
    if any(game.start_pick[p] == NONE for p in waiting):
        return
    names = Counter(game.name(game.start_pick[p]) for p in waiting)
    picks = [game.start_pick[p] for p in waiting]
    game.say(NONE, "start groups revealed", picks, number=game.start_round)
    for p in waiting:
        card = game.start_pick[p]
        if names[game.name(card)] == 1:
            _start_group(game, p, card)
        else:
            game.barred.add(game.name(card))
        game.start_pick[p] = NONE
    game.start_round += 1
    _after_start(game)


def _start_group(game: Game, player: Player, card: Uid) -> None:
    game.group_deck[player].remove(card)
    game.board.attach(card, game.board.cabal[player], 0, player)
    game.resolved[player] = True


def _after_start(game: Game) -> None:
    waiting = [p for p in game.live() if not game.resolved[p]]
    if not waiting:
        _setup_done(game)
        return
    if game.phase is Phase.START and (game.start_round > SETUP_ROUNDS
                                      or any(not _eligible(game, p, True) for p in waiting)):
        game.phase = Phase.OPEN_START
    if game.phase is Phase.OPEN_START:
        for p in waiting:
            if not _eligible(game, p, False):  # pragma: no mutate: None for False reads the same: secret is only truth-tested
                game.resolved[p] = True  # nothing left to choose: starts with no group (and is out)
        if all(game.resolved[p] for p in game.live()):
            _setup_done(game)


def _setup_done(game: Game) -> None:
    for player in range(game.players):
        game.dice.shuffle(game.group_deck[player])
        _draw(game, player, "group", START_GROUPS)
    if game.setup.first_player is not None:
        first = game.setup.first_player
        game.order = [(first + i) % game.players for i in range(game.players)]
    else:
        game.order = _roll_order(game, list(range(game.players)))
    # players, not cards: said in the detail (a card list would read seat 0 as the first card dealt)
    game.say(NONE, "turn order", detail=" ".join(str(p) for p in game.order))
    game.round = 1
    game.active_index = 0
    for player in game.live():
        if not game.board.groups_of(player):
            _eliminate(game, player)
    if game.outcome is None:
        _start_turn(game)


def _roll_order(game: Game, players: list[Player]) -> list[Player]:
    """HR-02: each rolls 2d6, highest first; tied players roll again among themselves."""
    rolls = {p: sum(game.roll()) for p in players}
    game.say(NONE, "rolled for order", detail=" ".join(f"{p}:{rolls[p]}" for p in players))
    order: list[Player] = []
    for total in sorted(set(rolls.values()), reverse=True):
        tied = [p for p in players if rolls[p] == total]
        order.extend(tied if len(tied) == 1 else _roll_order(game, tied))
    return order


# -- drawing -------------------------------------------------------------------------------------


def _draw(game: Game, player: Player, deck: str, count: int) -> list[Uid]:
    pile = game.plot_deck[player] if deck == "plot" else game.group_deck[player]
    drawn = [pile.pop() for _ in range(min(count, len(pile)))]
    if deck == "plot":
        game.bottom_known[player] = min(game.bottom_known[player], len(pile))
        game.plot_hand[player].extend(drawn)
    else:
        game.group_hand[player].extend(drawn)
    game.say(player, f"drew {deck}", number=len(drawn))
    if drawn:
        game.tell(player, f"drew {deck}", drawn)
    return drawn


# -- the turn --------------------------------------------------------------------------------------


def _start_turn(game: Game) -> None:
    game.phase = Phase.DRAW
    game.turns += 1
    game.resource_placements = game.extra_placements = game.group_draws = game.free_moves = 0
    game.moved_links.clear()
    game.used_resources.clear()
    game.called_off.clear()
    game.open_attacked.clear()
    game.once.clear()
    game.offers_made = [0] * game.players
    game.placed_free = False  # pragma: no mutate: None for False reads the same: placed_free is only truth-tested
    game.say(game.active, "turn", number=game.round)


def _extra_draws(game: Game, player: Player, deck: str) -> int:
    """How many more cards ``player``'s resources draw from ``deck`` (printing no deck: the plot deck)."""
    return sum(op.get("n", 0) for r in game.board.resources[player] for e in game.defs[r].effects
               for op in e.ops("extra_draw") if op.get("deck", "plot") == deck)


def _do_draw(game: Game, action: Draw) -> None:
    if action.plot:
        _draw(game, action.player, "plot", 1 + _extra_draws(game, action.player, "plot"))
    if action.group:
        _draw(game, action.player, "group", 1 + _extra_draws(game, action.player, "group"))
    game.phase = Phase.PLACE


def _place(game: Game, action: Place) -> None:
    player = action.player
    if action.card != NONE:
        game.group_hand[player].remove(action.card)
        if game.defs[action.card].kind == "resource":
            _put_resource(game, player, action.card)
        else:
            game.board.attach(action.card, action.at, action.arrow, player)
            game.say(player, "placed", [action.card, action.at], number=action.arrow)
        game.placed_free = True
    _refresh(game, player)
    game.phase = Phase.MAIN
    game.lap_due = True


def _put_resource(game: Game, player: Player, card: Uid) -> None:
    board = game.board
    board.resources[player].append(card)
    board.controller[card] = player
    board.links[card] = board.cabal[player]
    if game.defs[card].unique:
        game.entered_unique.add(game.defs[card].id)
    game.say(player, "placed resource", [card])
    for effect in game.defs[board.cabal[player]].effects:
        if effect.when == "after" and effect.event == "resource_placed":
            for op in effect.ops("draw"):
                _draw(game, player, op["deck"], op["n"])


def _refresh(game: Game, player: Player) -> None:
    """§6.1 d: one token on each card of yours that holds none (and can hold one, §7.3)."""
    board = game.board
    cabal = board.cabal[player]
    cards = board.groups_of(player) + [r for r in board.resources[player] if game.defs[r].action]
    if not (game.setup.tourney_two_player and game.players == 2 and game.placed_free):
        cards.append(cabal)
    for card in cards:
        if board.tokens.get(card, 0) == 0 and board.can_hold_tokens(card):
            board.tokens[card] = 1
    game.say(player, "refreshed")


def _zero_power(game: Game) -> None:
    """§7.3, HR-11: a group brought to power 0 loses its tokens at once."""
    board = game.board
    for card in [c for c, n in board.tokens.items() if n and not board.can_hold_tokens(c)]:
        del board.tokens[card]


def _spend(game: Game, card: Uid, count: int = 1) -> None:
    board = game.board
    left = board.tokens.get(card, 0) - count  # pragma: no mutate: a card pays only with tokens it holds (checked): the default is never read
    if left > 0:
        board.tokens[card] = left
    else:
        board.tokens.pop(card, None)  # pragma: no mutate: the same: the card holds the tokens it pays
    if game.defs[card].kind == "resource":
        game.used_resources.add(card)


def _end_turn(game: Game, action: EndTurn) -> None:
    game.say(action.player, "ended turn")
    game.board.temp.clear()
    for card, _brought in list(game.board.open_area.items()):
        del game.board.open_area[card]
        game.discard[game.owner[card]].append(card)
        game.say(NONE, "open area cleared", [card])
    _zero_power(game)
    game.ending_turn = True
    _hand_limit(game)


def _hand_limit(game: Game) -> None:
    player = game.active
    hand = game.plot_hand[player]
    goals = sum(1 for c in hand if game.defs[c].plot_kind == "goal")
    count = max(len(hand) - game.plot_limit(), goals - 1, 0)
    if count:
        game.due = (player, count)
        return
    _claims(game)


def _claims(game: Game) -> None:
    game.ending_turn = False
    live = game.live()
    start = game.order.index(game.active)
    turn_order = [game.order[(start + i) % len(game.order)] for i in range(len(game.order))]
    game.claims.clear()
    from .game import Claim

    for player in turn_order:
        if game.eliminated[player]:
            continue
        for reason, card in claims_of(game, player):
            game.claims.append(Claim(player, reason, card))
            if card != NONE:
                game.revealed.add(card)
            game.say(player, "claims", [card] if card != NONE else [], detail=reason)
    if game.claims:
        after = turn_order[1:] + turn_order[:1]
        _push(game, WindowKind.CLAIMS, [p for p in after if p in live])
        return
    _next_turn(game)


def _judge_claims(game: Game) -> None:
    winners: list[Player] = []
    reasons: list[str] = []
    for claim in game.claims:
        if claim.cancelled or game.eliminated[claim.player] or claim.player in winners:
            continue
        if claim.goal_card != NONE:
            held = claim.goal_card in game.plot_hand[claim.player]
            if held and condition_met(game, claim.player, game.defs[claim.goal_card].condition):
                winners.append(claim.player)
                reasons.append(claim.reason)
            continue
        if any(reason == claim.reason for reason, _card in claims_of(game, claim.player)):
            winners.append(claim.player)
            reasons.append(claim.reason)
    game.claims.clear()
    if winners:
        game.finish(Outcome(Ending.GOAL, tuple(sorted(winners)), reasons[0]))
        return
    game.say(NONE, "no claim stands")
    _next_turn(game)


def _next_turn(game: Game) -> None:
    game.finished_first[game.active] = True
    index = game.active_index
    for _ in range(len(game.order)):
        index = (index + 1) % len(game.order)
        if index == 0:
            if game.round >= game.setup.round_limit:
                _round_limit(game)
                return
            game.round += 1
        if not game.eliminated[game.order[index]]:
            break
    game.active_index = index
    _start_turn(game)


def _round_limit(game: Game) -> None:
    counts = {p: game.board.count_groups(p) for p in game.live()}
    best = max(counts.values())
    game.finish(Outcome(Ending.ROUND_LIMIT, tuple(p for p in sorted(counts) if counts[p] == best), "the round limit"))


# -- windows --------------------------------------------------------------------------------------


def _push(game: Game, kind: WindowKind, order: list[Player]) -> None:
    from .game import Window

    if order:
        game.windows.append(Window(kind, order))


def _turn_order_from(game: Game, first: Player, skip: int = 0) -> list[Player]:
    """The players still in, in turn order from ``first`` (``skip`` 1: from the next, ``first`` last)."""
    start = game.order.index(first) + skip
    seats = [game.order[(start + i) % len(game.order)] for i in range(len(game.order))]
    return [p for p in seats if not game.eliminated[p]]


def _advance(game: Game, acted: bool) -> None:
    """The asked player took their one action (``acted``) or passed: priority moves on."""
    window = game.windows[-1]
    window.at = (window.at + 1) % len(window.order)
    window.passes = 0 if acted else window.passes + 1
    if window.passes >= len(window.order):
        _close(game)


def _close(game: Game) -> None:
    window = game.windows[-1]
    if window.kind is WindowKind.RESPONSE:
        entry = game.stack.pop()
        _resolve(game, entry)
        if game.stack:
            window.order = _turn_order_from(game, game.stack[-1].player, skip=1)
            window.at = window.passes = 0
            return
        if game.windows and game.windows[-1] is window:
            game.windows.pop()
        _resume(game, entry.player)
        return
    game.windows.pop()
    if window.kind is WindowKind.SUPPORT:
        _settle_attack(game)
    elif window.kind is WindowKind.CLAIMS:
        _judge_claims(game)


def _resume(game: Game, player: Player) -> None:
    """After a response stack empties, the window beneath continues after the player whose
    plot started it (in a round-table lap, with that same player)."""
    if not game.windows:
        return
    window = game.windows[-1]
    if player not in window.order:
        return
    index = window.order.index(player)
    if window.kind is WindowKind.ROUND_TABLE:
        window.at = index
    else:
        window.at = (index + 1) % len(window.order)
        window.passes = 0


def _pass(game: Game, action: Pass) -> None:
    if game.counter is not None:
        game.counter = None
        return
    window = game.windows[-1]
    if window.kind is WindowKind.ROUND_TABLE:
        window.passes += 1
        window.at += 1
        if window.passes >= len(window.order):
            game.windows.pop()
        return
    _advance(game, acted=False)  # pragma: no mutate: None for False reads the same: acted is only truth-tested


# -- attacks --------------------------------------------------------------------------------------


def _declare(game: Game, action: Declare) -> None:
    from .game import Attack

    player = action.player
    from_hand = action.target in game.group_hand[player]
    if from_hand:
        game.group_hand[player].remove(action.target)
        game.board.open_area[action.target] = player
    # (a group already in the open area was attacked there this turn: a call-off leaves it there either way)
    game.attack = Attack(player, action.attacker, action.target, action.kind, action.use_global, from_hand)
    game.say(player, f"declared {action.kind.value}", [action.attacker, action.target])


def _call_off(game: Game, action: CallOff) -> None:
    attack = game.attack
    assert attack is not None
    if attack.from_hand and attack.target not in game.open_attacked and attack.target in game.board.open_area:
        del game.board.open_area[attack.target]
        game.group_hand[action.player].append(attack.target)
    game.called_off.add(attack.attacker)
    game.attack = None
    game.say(action.player, "called off", [attack.attacker, attack.target])


def _commit(game: Game, action: Commit) -> None:
    attack = game.attack
    assert attack is not None
    board = game.board
    player = action.player
    if action.plot != NONE:
        game.plot_hand[player].remove(action.plot)
        game.revealed.discard(action.plot)  # pragma: no mutate: "shown" is read only of cards in a hand, and a plot committed never returns to one
        attack.spent.append(action.plot)
        card = game.defs[action.plot]
        if not card.has_op("start_attack"):
            _spend(game, attack.attacker)
        if card.has_op("restrict_support"):
            attack.closed = True
        game.say(player, "committed with", [action.plot])
    else:
        _spend(game, attack.attacker)
    attack.committed = True
    defender = controller(game, attack.target)  # NONE for a group in the open area, which nobody controls
    attack.sides[player] = Side.ATTACK  # pragma: no mutate: the attacker's side is fixed by who it is (may_take_side)
    if defender not in (NONE, player):
        game.attacked.add((player, defender))
        attack.sides[defender] = Side.DEFENCE  # pragma: no mutate: the defender's side is fixed by who it is (may_take_side)
    attack.defender = defender
    if attack.kind is AttackKind.DESTROY:
        game.destroy_tried[player] = True
    if attack.target in board.open_area:
        game.open_attacked.add(attack.target)
    game.say(player, "committed", [attack.attacker, attack.target])
    _push(game, WindowKind.SUPPORT, _turn_order_from(game, player))


def _support(game: Game, action: Support) -> None:
    from .game import Contribution

    attack = game.attack
    assert attack is not None
    value, how = support_value(game, attack, action.player, action.card, action.side)
    _spend(game, action.card, game.board.tokens[action.card] if how == "D1" else 1)  # (a card supports with a token)
    attack.used.add(action.card)
    attack.support.append(Contribution(action.player, action.card, action.side, value, how))
    attack.sides[action.player] = action.side
    game.say(action.player, f"supports {action.side.value}", [action.card], number=value, detail=how)
    _advance(game, acted=True)


def _agent(game: Game, action: Agent) -> None:
    from .game import Contribution

    attack = game.attack
    assert attack is not None
    game.group_hand[action.player].remove(action.card)
    attack.spent.append(action.card)
    bonus = agent_bonus(game)
    value = bonus[0] if action.side is Side.ATTACK else bonus[1]
    how = "A4" if action.side is Side.ATTACK else "D5"
    attack.support.append(Contribution(action.player, action.card, action.side, value, how))
    attack.sides[action.player] = action.side
    game.say(action.player, f"agent {action.side.value}", [action.card], number=value)
    _advance(game, acted=True)


def _still_legal(game: Game) -> bool:
    """§8.9 f: the attacker still in play, the target where it was, an open arrow for control (each
    still its player's: control changes only as an attack is settled)."""
    attack = game.attack
    assert attack is not None
    board = game.board
    if not board.in_structure(attack.attacker):
        return False
    if attack.kind is AttackKind.CONTROL and not board.has_open_arrow(attack.attacker):
        return False
    if attack.defender == NONE:
        return attack.target in board.open_area
    return board.in_structure(attack.target)


def _roll(game: Game, attack: Attack) -> bool:
    """The dice for the attack, told to all: does it succeed?"""
    attack_value, _parts = attack_total(game, attack)
    defence_value, _dparts = defence_total(game, attack)
    dice = game.roll()
    success = succeeds(attack_value - defence_value, dice)
    game.last_roll = Rolled(attack.attacker, attack.target, attack.kind, attack_value, defence_value, dice, success)
    game.emit(game.last_roll)
    return success


def _settle_attack(game: Game) -> None:
    attack = game.attack
    assert attack is not None
    legal = _still_legal(game)
    if not legal:
        game.say(attack.player, "attack fails without a roll", [attack.attacker, attack.target])
    success = legal and _roll(game, attack)
    for card in attack.spent:
        game.discard[game.owner[card]].append(card)
    game.attack = None
    if attack.player == game.active:  # (attacks are made in the main phase)
        game.lap_due = True  # §14.2: an attack is a completed action
    if not success:
        defender = attack.defender
        if legal and defender != NONE and defender != attack.player and game.defs[attack.attacker].kind == "group" \
                and not game.eliminated[defender]:
            game.counter = (defender, attack.attacker)  # asked every time, whatever the hand (S-1)
        return
    if attack.kind is AttackKind.CONTROL:
        _take_control(game, attack.player, attack.attacker, attack.target)
        _check_eliminations(game)
    else:
        _destroy(game, attack.target, attack.player)


def _take_control(game: Game, player: Player, attacker: Uid, target: Uid) -> None:
    board = game.board
    if target in board.open_area:
        del board.open_area[target]
        arrow = board.arrows[attacker].index(NONE)
        board.attach(target, attacker, arrow, player)
    else:
        old = controller(game, target)
        board.detach(target)
        arrow = board.arrows[attacker].index(NONE)
        board.arrows[attacker][arrow] = target
        board.master[target] = attacker
        for card in board.subtree(target):
            board.controller[card] = player
            board.tokens.pop(card, None)
            for attached in board.attachments(card):
                board.controller[attached] = player
                if attached in board.resources[old]:
                    board.resources[old].remove(attached)
                    board.resources[player].append(attached)
    _zero_power(game)
    game.say(player, "took control", [target, attacker], number=arrow)


def _destroy(game: Game, target: Uid, destroyer: Player) -> None:
    """A group about to go to a destroyed pile: its controller is asked first, every time (§14.5, S-1)."""
    game.shelter = (controller(game, target), target, destroyer)


def _shelter(game: Game, action: Shelter) -> None:
    assert game.shelter is not None
    _player, target, destroyer = game.shelter
    game.shelter = None
    if action.card != NONE:
        game.plot_hand[action.player].remove(action.card)
        game.revealed.discard(action.card)  # pragma: no mutate: "shown" is read only of cards in a hand, and a discarded plot never returns to one
        game.discard[game.owner[action.card]].append(action.card)
        game.say(action.player, "sheltered", [action.card, target])
    _remove_group(game, target, to_hand=action.card != NONE, destroyer=destroyer)
    _check_eliminations(game)


def _remove_group(game: Game, target: Uid, to_hand: bool, destroyer: Player = NONE) -> None:
    """§8.9 b: the target to the destroyer's destroyed pile (or its owner's hand); its puppets to
    their owners' hands; resources back to their controller's Cabal; standing plots discarded."""
    board = game.board
    board.detach(target)
    cards = board.subtree(target)
    for card in cards:
        for attached in board.attachments(card):
            if game.defs[attached].kind == "resource":
                board.links[attached] = board.cabal[board.controller[attached]]
            else:  # a standing plot: linked and controlled, as every card in play
                del board.links[attached], board.controller[attached]
                game.discard[game.owner[attached]].append(attached)
        del board.arrows[card], board.controller[card]  # a group in a structure has both
        board.master.pop(card, None)  # the target's went with the detach
        board.tokens.pop(card, None)
        if card != target or to_hand:
            game.group_hand[game.owner[card]].append(card)
    if not to_hand:
        game.destroyed[destroyer].append(target)
    game.say(destroyer, "sheltered to hand" if to_hand else "destroyed", cards)


def _check_eliminations(game: Game) -> None:
    for player in game.live():
        if not game.board.groups_of(player):
            _eliminate(game, player)


def _eliminate(game: Game, player: Player) -> None:
    """§17: the player's hands, decks, resources, agents, standing plots and Cabal leave the game
    (the hands unseen); groups they own that others control stay; their agendas stay (HR-34)."""
    board = game.board
    game.eliminated[player] = True
    game.plot_hand[player].clear()
    game.group_hand[player].clear()
    game.plot_deck[player].clear()
    game.group_deck[player].clear()
    # its resources all hang on its Cabal by now (a group taken brings along the resources on it,
    # a group removed sends them back to their Cabal): the Cabal's attachments unlink them below
    for card in board.resources[player] + board.agents[player]:
        board.controller.pop(card, None)
        board.tokens.pop(card, None)
    board.resources[player].clear()
    board.agents[player].clear()
    cabal = board.cabal[player]
    for attached in board.attachments(cabal):
        board.links.pop(attached)
        board.controller.pop(attached, None)
    board.arrows.pop(cabal)
    board.tokens.pop(cabal, None)
    for card in [c for c, who in board.open_area.items() if who == player]:
        del board.open_area[card]
    for window in game.windows:
        if player in window.order:
            index = window.order.index(player)
            window.order.remove(player)
            if index < window.at:
                window.at -= 1
            if window.order:
                window.at %= len(window.order)
    game.say(player, "eliminated")
    live = game.live()
    if len(live) == 1:
        game.finish(Outcome(Ending.SURVIVOR, (live[0],), "last survivor"))
        return
    if player == game.active and game.phase in (Phase.DRAW, Phase.PLACE, Phase.MAIN):
        game.turn_cut = True  # HR-61


# -- plots --------------------------------------------------------------------------------------------


def _counterstrike(game: Game, action: PlayPlot) -> None:
    """HR-84: Counterstrike is played as the commitment of its own attack (no response window)."""
    from .game import Attack

    assert game.counter is not None
    enemy = game.counter[1]
    game.counter = None
    player = action.player
    game.plot_hand[player].remove(action.card)
    game.revealed.discard(action.card)
    # committed at once, so never called off: its from_hand (read only by a call-off) stays False
    attack = Attack(player, action.target, enemy, AttackKind.DESTROY, False, committed=True)
    attack.spent.append(action.card)
    attack.defender = controller(game, enemy)
    attack.sides[player] = Side.ATTACK
    attack.sides[attack.defender] = Side.DEFENCE
    _spend(game, action.target)
    game.attacked.add((player, attack.defender))
    game.destroy_tried[player] = True
    game.attack = attack
    game.say(player, "counterstrikes", [action.card, action.target, enemy])
    _push(game, WindowKind.SUPPORT, _turn_order_from(game, player))


def _play(game: Game, action: PlayPlot) -> None:
    from .game import Entry

    if game.counter is not None:
        _counterstrike(game, action)
        return
    player = action.player
    card = game.defs[action.card]
    game.plot_hand[player].remove(action.card)
    game.revealed.discard(action.card)  # pragma: no mutate: "shown" is read only of cards in a hand, and a plot played never returns to one
    cabal = game.board.cabal[player]
    if card.cost.get("token") == "cabal":
        _spend(game, cabal)
    if card.cost.get("discard_plots"):
        game.plot_hand[player].remove(action.target)
        game.revealed.discard(action.target)
        game.plot_deck[player].insert(0, action.target)
        game.bottom_known[player] += 1
    kind = plot_kind_of(game, action.card)
    # (plot_side could find one only for a plot that pays with a plot card and prints an "add": none does)
    side = plot_side(game, action) if kind == "attack" else None  # pragma: no mutate: any other play names no side (checked), so plot_side finds none
    if side is not None:  # an attack plot, played in the attack's support window
        assert game.attack is not None
        game.attack.sides[player] = side
    if kind == "strike":
        game.destroy_tried[player] = True
        defender = controller(game, action.target)
        if defender != player:
            game.attacked.add((player, defender))
    shown = [action.card] + ([action.target] if game.board.in_structure(action.target) else [])
    game.say(player, "played", shown, number=action.seat)
    game.stack.append(Entry(player, action.card, action.target, action.seat, side))
    if game.windows and game.windows[-1].kind is WindowKind.RESPONSE:
        window = game.windows[-1]
        window.order = _turn_order_from(game, player, skip=1)
        window.at = window.passes = 0
    else:
        _push(game, WindowKind.RESPONSE, _turn_order_from(game, player, skip=1))


def _resolve(game: Game, entry: object) -> None:
    from .game import Contribution, Entry

    assert isinstance(entry, Entry)
    card = game.defs[entry.card]
    player = entry.player
    if entry.cancelled:
        game.say(player, "cancelled", [entry.card])
    elif game.eliminated[player]:
        pass
    else:
        kind = plot_kind_of(game, entry.card)
        if kind == "attack":
            # played in the attack's support window (a side named), resolved before the window closes
            attack = game.attack
            assert attack is not None
            assert entry.side is not None
            from .actions import PlayPlot as Play

            value = plot_value(game, Play(player, entry.card), entry.side)
            if value > 0:
                attack.support.append(Contribution(player, entry.card, entry.side, value,
                                                   "A5" if entry.side is Side.ATTACK else "D6"))
                attack.spent.append(entry.card)
                game.say(player, f"plot adds to {entry.side.value}", [entry.card], number=value)
                return
        elif kind in ("cancel:event.plot", "cancel:event.strike"):
            if game.stack:
                game.stack[-1].cancelled = True
        elif kind == "cancel:event.claim":
            for claim in game.claims:
                if claim.player == entry.seat and claim.goal_card != NONE:
                    claim.cancelled = True
                    game.revealed.add(claim.goal_card)  # pragma: no mutate: shown already, as claimed (HR-73); §22 case 61 said here
        elif kind == "cancel:event.support":
            if game.attack is not None:
                game.attack.support = [c for c in game.attack.support if c.card != entry.target]
        elif kind == "strike":
            _strike(game, entry)
        elif kind == "standing":
            # still its player's if still there: control changes as an attack is settled, never while plots wait
            if game.board.in_structure(entry.target):
                game.board.links[entry.card] = entry.target
                game.board.controller[entry.card] = player
                _zero_power(game)
                return
        elif kind == "agenda":
            colour = card.colour
            old = game.board.agendas.get(colour)
            if old is not None:
                game.discard[game.owner[old]].append(old)
                del game.board.agenda_by[old]  # (every agenda in play has its player)
            game.board.agendas[colour] = entry.card
            game.board.agenda_by[entry.card] = player
            _zero_power(game)
            return
        else:
            _operation(game, entry)
    game.discard[game.owner[entry.card]].append(entry.card)


def _strike(game: Game, entry: object) -> None:
    from .game import Entry

    assert isinstance(entry, Entry)
    card = game.defs[entry.card]
    target = entry.target
    board = game.board
    if not board.in_structure(target) or not selector_ok(game, card.target, target, entry.player):
        game.say(entry.player, "strike finds no target", [entry.card])
        return
    if card.strength >= game.defs[target].power:  # HR-25: ties go to the strike; printed power
        game.say(entry.player, "strike hits", [entry.card, target], number=card.strength)
        _destroy(game, target, entry.player)
    else:
        game.say(entry.player, "strike fails", [entry.card, target], number=card.strength)


def _operation(game: Game, entry: object) -> None:
    from .game import Entry

    assert isinstance(entry, Entry)
    board = game.board
    player = entry.player
    target = entry.target
    for effect in game.defs[entry.card].effects:
        for op in effect.do:
            name = op["op"]
            if name == "draw":
                _draw(game, player, op["deck"], op["n"])
            elif name == "bottom" and game.plot_hand[player]:
                game.due = (player, min(op["n"], len(game.plot_hand[player])))
            elif name == "token_add" and board.in_structure(target) and board.can_hold_tokens(target):
                board.tokens[target] = min(board.tokens.get(target, 0) + op.get("n", 1), op.get("cap", 2))
            elif name == "token_remove" and target in board.tokens:  # (only cards holding some are in it)
                _spend(game, target)
            elif name == "stat" and board.in_structure(target):
                board.temp.append((target, op["stat"], op.get("add", 0)))
                _zero_power(game)
            elif name == "return_to_hand" and board.in_structure(target) and not board.puppets(target):
                _remove_group(game, target, to_hand=True, destroyer=player)
                _check_eliminations(game)
            elif name == "move":
                game.free_moves += op.get("n", 1)
            elif name == "place_resource":
                game.extra_placements += op.get("n", 1)
            elif name == "look" and not game.eliminated[entry.seat]:
                cards = list(game.group_hand[entry.seat] if op["zone"] == "group_hand" else game.plot_hand[entry.seat])
                game.say(player, "looked", number=entry.seat, detail=op["zone"])
                game.tell(player, "looked", cards, about=entry.seat)
            elif name == "show" and not game.eliminated[entry.seat]:
                cards = list(game.plot_hand[entry.seat])
                game.say(player, "was shown", number=entry.seat, detail=op["zone"])
                game.tell(player, "was shown", cards, about=entry.seat)
            elif name == "mill" and not game.eliminated[entry.seat]:
                pile = game.group_deck[entry.seat]
                milled = [pile.pop() for _ in range(min(op["n"], len(pile)))]
                game.discard[entry.seat].extend(milled)
                game.say(player, "milled", milled, number=entry.seat)


# -- the rest of the main phase -------------------------------------------------------------------------


def _buy(game: Game, action: Buy) -> None:
    for payer in action.payers:
        _spend(game, payer)
    _draw(game, action.player, "plot", 1)
    game.say(action.player, "bought", list(action.payers))


def _draw_group(game: Game, action: DrawGroup) -> None:
    _spend(game, action.payer)
    game.group_draws += 1
    _draw(game, action.player, "group", 1)


def _place_resource(game: Game, action: PlaceResource) -> None:
    game.group_hand[action.player].remove(action.card)
    game.resource_placements += 1
    _put_resource(game, action.player, action.card)


def _moves_free(game: Game, source: Uid, group: Uid, player: Player) -> bool:
    """Does a static effect of ``source`` (the mover's Cabal or the group's master) move ``group``
    free now? A use once a turn is counted here."""
    for index, effect in enumerate(game.defs[source].effects):
        if effect.when != "static" or (effect.limit == "once_per_turn" and (source, index) in game.once):
            continue
        if any(op.get("free") and selector_ok(game, op.get("where", {}), group, player, source=source)
               for op in effect.ops("move")):
            if effect.limit == "once_per_turn":
                game.once.add((source, index))
            return True
    return False


def _move(game: Game, action: Move) -> None:
    board = game.board
    group = action.group
    # the Cabal's effect first; the master's is not used up when the Cabal's serves
    paid = any(_moves_free(game, source, group, action.player) for source in (board.cabal[action.player], board.master[group]))
    if not paid and game.free_moves > 0:
        game.free_moves -= 1
        paid = True
    if not paid:
        _spend(game, group)
    board.detach(group)
    board.arrows[action.at][action.arrow] = group
    board.master[group] = action.at
    game.say(action.player, "moved", [group, action.at], number=action.arrow)


def _link(game: Game, action: Link) -> None:
    game.board.links[action.resource] = action.holder
    game.moved_links.add(action.resource)
    _zero_power(game)
    game.say(action.player, "linked", [action.resource, action.holder])


def _give(game: Game, action: Give) -> None:
    board = game.board
    board.resources[action.player].remove(action.resource)
    board.resources[action.to].append(action.resource)
    board.controller[action.resource] = action.to
    board.links[action.resource] = board.cabal[action.to]
    board.tokens.pop(action.resource, None)
    _zero_power(game)
    game.say(action.player, "gave", [action.resource], number=action.to)


def _place_agent(game: Game, action: PlaceAgent) -> None:
    player = action.player
    game.plot_hand[player].remove(action.card)
    game.revealed.discard(action.card)
    game.board.agents[player].append(action.card)
    game.board.controller[action.card] = player
    costs = [game.plot_deck[player].pop(), game.group_deck[player].pop()]
    game.bottom_known[player] = min(game.bottom_known[player], len(game.plot_deck[player]))
    game.discard[player].extend(costs)
    game.say(player, "placed agent", [action.card, *costs])


def _discard(game: Game, action: Discard) -> None:
    """§6.4, §13.4: a plot card to the bottom of its owner's plot deck, unseen; any other card face
    up to the discard pile."""
    player, card = action.player, action.card
    if card in game.plot_hand[player]:
        game.plot_hand[player].remove(card)
        game.revealed.discard(card)
        game.plot_deck[player].insert(0, card)
        game.bottom_known[player] += 1
        game.say(player, "put on the bottom", number=1)
        return
    game.group_hand[player].remove(card)
    game.discard[game.owner[card]].append(card)  # its owner's pile, as every discard (§2.12)
    game.say(player, "discarded", [card])


def _reveal(game: Game, action: Reveal) -> None:
    game.revealed.add(action.card)
    game.say(action.player, "revealed", [action.card])


def _bottom(game: Game, action: Bottom) -> None:
    player = action.player
    for card in action.cards:
        game.plot_hand[player].remove(card)
        game.revealed.discard(card)
        game.plot_deck[player].insert(0, card)
    game.bottom_known[player] += len(action.cards)
    game.due = None
    game.say(player, "put on the bottom", number=len(action.cards))
    if game.ending_turn:
        _claims(game)


def _backs(game: Game, cards: tuple[Uid, ...]) -> str:
    plots = sum(1 for c in cards if game.defs[c].back == "plot")
    return f"{plots} plot, {len(cards) - plots} group"


def _offer(game: Game, action: Offer) -> None:
    game.offers_made[action.player] += 1
    game.offer = (action.player, action.to, action.cards, action.trade)
    what = "offers a trade" if action.trade else "offers a gift"
    game.say(action.player, what, number=action.to, detail=_backs(game, action.cards))
    for party in (action.player, action.to):
        game.tell(party, what, list(action.cards), about=action.player)


def _move_cards(game: Game, cards: tuple[Uid, ...], giver: Player, taker: Player) -> None:
    for card in cards:
        source, dest = (game.plot_hand, game.plot_hand) if game.defs[card].back == "plot" else (game.group_hand, game.group_hand)
        source[giver].remove(card)
        dest[taker].append(card)
        game.revealed.discard(card)


def _swap(game: Game, action: Swap) -> None:
    game.offers_made[action.player] += 1
    game.swap = (action.player, action.mine, action.to, action.theirs)
    game.say(action.player, "proposed a swap", [action.mine, action.theirs], number=action.to)


def _swapped(game: Game, action: Answer) -> None:
    """The answer to a proposed swap of resources: each arrives linked to its new controller's
    Cabal, without tokens, as a gift does (§10.6)."""
    assert game.swap is not None
    proposer, mine, taker, theirs = game.swap
    game.swap = None
    if not action.accept:
        game.say(taker, "refused the swap", [mine, theirs], number=proposer)
        return
    board = game.board
    for card, giver, receiver in ((mine, proposer, taker), (theirs, taker, proposer)):
        board.resources[giver].remove(card)
        board.resources[receiver].append(card)
        board.controller[card] = receiver
        board.links[card] = board.cabal[receiver]
        board.tokens.pop(card, None)
    _zero_power(game)
    game.say(taker, "accepted the swap", [mine, theirs], number=proposer)


def _answer(game: Game, action: Answer) -> None:
    if game.swap is not None:
        return _swapped(game, action)
    assert game.offer is not None
    giver, taker, cards, _trade = game.offer
    game.offer = None
    if not action.accept:
        game.say(taker, "refused the offer", number=giver)
        return
    _move_cards(game, cards, giver, taker)
    _move_cards(game, action.back, taker, giver)
    game.say(giver, "gave", number=taker, detail=_backs(game, cards))
    if action.back:
        game.say(taker, "gave", number=giver, detail=_backs(game, action.back))
    for party in (giver, taker):
        game.tell(party, "exchanged", list(cards) + list(action.back), about=giver)
    for card in action.bottom:
        game.plot_hand[taker].remove(card)
        game.plot_deck[taker].insert(0, card)
    if action.bottom:
        game.bottom_known[taker] += len(action.bottom)
        game.say(taker, "put on the bottom", number=len(action.bottom))


def _activate(game: Game, action: Activate) -> None:
    from .checks import activated

    found = activated(game, action.card)
    assert found is not None
    index, effect = found
    if effect.limit == "once_per_turn":
        game.once.add((action.card, index))
    if effect.cost.get("token") == "self":
        _spend(game, action.card)
    if game.defs[action.card].kind == "resource":
        game.used_resources.add(action.card)
    look = effect.ops("look")[0]
    if look["zone"] == "deck_top":
        pile = (game.plot_deck if action.deck == "plot" else game.group_deck)[action.seat]
        seen = [pile[-1]]
        where = f"top of the {action.deck} deck"
    else:
        hand = game.plot_hand[action.seat]
        seen = [hand[game.rolls.randrange(len(hand))]] if look.get("random") else list(hand)
        where = "plot hand"
    game.say(action.player, "looked", [action.card], number=action.seat, detail=where)
    game.tell(action.player, "looked", seen, about=action.seat)


def _noop(game: Game, action: Action) -> None:
    return None


HANDLERS: dict[type, Callable[[Game, Any], None]] = {
    ChooseCabal: _choose_cabal, ChooseStart: _choose_start, Draw: _do_draw, Place: _place, Declare: _declare,
    Commit: _commit, CallOff: _call_off, Support: _support, Agent: _agent, PlayPlot: _play, Buy: _buy,
    DrawGroup: _draw_group, PlaceResource: _place_resource, Move: _move, Link: _link, Give: _give,
    PlaceAgent: _place_agent, Reveal: _reveal, Bottom: _bottom, Shelter: _shelter, Pass: _pass,
    Offer: _offer, Answer: _answer, Activate: _activate, Swap: _swap, Discard: _discard,
    EndTurn: _end_turn,
}


def settle(game: Game) -> None:
    """What follows on its own once an action is carried out."""
    if game.outcome is not None:
        return
    if game.turn_cut and game.shelter is None:
        # the turn ends at once (a lap due with it: the claims open a window, or the next turn begins)
        game.turn_cut = False  # pragma: no mutate: None for False reads the same: turn_cut is only truth-tested
        game.windows.clear()
        game.stack.clear()
        game.attack = None
        game.due = None
        game.counter = None
        game.offer = None
        game.swap = None
        _claims(game)
    if game.phase is Phase.MAIN and game.lap_due and not game.windows and game.attack is None \
            and game.shelter is None and game.due is None and game.counter is None and game.offer is None \
            and game.swap is None:
        game.lap_due = False  # pragma: no mutate: None for False reads the same: lap_due is only truth-tested
        _push(game, WindowKind.ROUND_TABLE, _turn_order_from(game, game.active, skip=1)[:-1])
