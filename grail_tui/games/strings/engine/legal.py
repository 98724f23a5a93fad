"""Every legal action of the seat the game waits for (S-3: only that seat's options). Candidates
are listed by the prompt and each is judged by the same checks that judge a player's action, so
the list and the refusals never disagree."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from itertools import combinations
from typing import TYPE_CHECKING, Any

from . import errors
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
from .checks import (
    COUNTER,
    RULES,
    ability,
    free_move,
    look_at,
    names_a_group,
    names_a_seat,
    names_on_table,
    play_card,
    plot_kind_of,
    plot_targets,
)
from .rules import shielded
from .vocabulary import OFFERS_PER_TURN, AttackKind, Side, WindowKind

if TYPE_CHECKING:
    from .game import Game


def legal_actions(game: Game, player: int) -> tuple[Action, ...]:
    """``player`` is the one the game waits for (Game.legal_actions makes sure)."""
    return tuple(_candidates(game, player, game.prompt()))


# Each candidate is either legal by the way it is made (a pass in a window, an end of turn in the
# main phase, a card of one's own hand to reveal or offer within the cap, the draws, calling off,
# the attacks, moves, links and gifts of resources ``_main`` lists) or judged by the very rule
# (checks.RULES) that judges the action when a player sends it, called directly: the prompt's
# own check that the kind of action fits it holds for every candidate made for that prompt.


def _judged(game: Game, rule: Callable[[Game, Any], None], candidates: Iterable[Action]) -> list[Action]:
    out: list[Action] = []
    for action in candidates:
        try:
            rule(game, action)
        except errors.IllegalActionError:
            continue
        out.append(action)
    return out


def _candidates(game: Game, player: int, prompt: str) -> list[Action]:
    if prompt == "cabal":
        return _judged(game, RULES[ChooseCabal], (ChooseCabal(player, c) for c in _once(game, game.plot_deck[player])
                                                  if game.defs[c].kind == "cabal"))
    if prompt in ("start", "open start"):
        return _judged(game, RULES[ChooseStart], (ChooseStart(player, c) for c in _once(game, game.group_deck[player])
                                                  if game.defs[c].kind == "group"))
    if prompt == "shelter":
        return _judged(game, RULES[Shelter], [Shelter(player), *(Shelter(player, c) for c in game.plot_hand[player])])
    if prompt == "bottom":
        assert game.due is not None
        return _judged(game, RULES[Bottom],
                       (Bottom(player, cards) for cards in combinations(game.plot_hand[player], game.due[1])))
    if prompt == "offer":
        return _judged(game, RULES[Answer], _answers(game, player))
    if prompt == "swap":
        return [Answer(player, False), Answer(player, True)]
    if prompt == "counter":  # COUNTER judges the group (its own, holding a token)
        return [Pass(player), *_judged(game, COUNTER, (
            PlayPlot(player, c, g) for c in _once(game, game.plot_hand[player])
            if plot_kind_of(game, c) == "counterattack" for g in game.board.groups_of(player)))]
    if prompt == "commit":
        return [*_judged(game, RULES[Commit], [Commit(player), *(Commit(player, c) for c in game.plot_hand[player])]),
                CallOff(player)]
    if prompt == "draw":
        return [Draw(player, plot, group) for plot in (True, False) for group in (True, False)]
    if prompt == "place":
        return _judged(game, RULES[Place], [Place(player, -1), *_placements(game, player)])
    out: list[Action] = []
    if game.windows:
        out.append(Pass(player))
        if game.windows[-1].kind is WindowKind.SUPPORT and game.attack is not None:
            # checks._support judges the side, the card's token and whether it has helped already:
            # each refuses in a few lookups, before the worth of the help is reckoned
            mine = [game.board.cabal[player], *game.board.groups_of(player)]
            out += _judged(game, RULES[Support], [Support(player, c, s) for c in mine for s in Side])
            out += _judged(game, RULES[Agent], [Agent(player, c, s) for c in game.group_hand[player]
                                                if game.defs[c].name == game.name(game.attack.target) for s in Side])
        out += _anytime(game, player)
        return out
    out = _main(game, player)
    out += _anytime(game, player)
    out.append(EndTurn(player))
    return out


def _answers(game: Game, player: int) -> list[Action]:
    """Refuse; or accept, giving back nothing (a gift) or one card (a trade), with as few cards on
    the bottom as the limits need."""
    assert game.offer is not None
    _giver, _taker, cards, trade = game.offer
    out: list[Action] = [Answer(player, False)]
    backs = [(c,) for c in _once(game, game.plot_hand[player] + game.group_hand[player])] if trade else [()]
    for back in backs:
        plots = [c for c in game.plot_hand[player] if c not in back] + [c for c in cards if game.defs[c].back == "plot"]
        goals = sum(1 for c in plots if game.defs[c].plot_kind == "goal")
        need = 0 if player == game.active else max(len(plots) - game.plot_limit(), goals - 1, 0)
        for bottom in combinations(plots, need):
            out.append(Answer(player, True, back, bottom))
    return out


def _once(game: Game, cards: list[int]) -> list[int]:
    """One card of each name (copies are the same choice), in a fixed order."""
    seen: dict[str, int] = {}
    for card in sorted(cards):
        seen.setdefault(game.defs[card].id, card)
    return list(seen.values())


def _placements(game: Game, player: int) -> list[Action]:
    board = game.board
    slots = list(board.open_arrows(player))
    out: list[Action] = []
    for card in _once(game, game.group_hand[player]):
        if game.defs[card].kind == "resource":
            out.append(Place(player, card))
        else:
            out += [Place(player, card, at, arrow) for at, arrow in slots]
    return out


def _anytime(game: Game, player: int) -> list[Action]:
    board = game.board
    payers = _payers(game, player)
    cabal_like = [c for c in payers if board.counts_as_cabal_token(c)]
    groups = [c for c in payers if game.defs[c].kind == "group"]
    buys: list[Action] = []
    if cabal_like:
        buys.append(Buy(player, (cabal_like[0],)))
    if len(groups) >= 2:
        buys.append(Buy(player, (groups[0], groups[1])))
    elif groups and board.tokens[groups[0]] >= 2:
        buys.append(Buy(player, (groups[0], groups[0])))
    out: list[Action] = _judged(game, RULES[Buy], buys)
    out += [Reveal(player, c) for c in sorted(game.plot_hand[player]) if c not in game.revealed]
    held = _once(game, game.plot_hand[player] + game.group_hand[player])
    out += [Discard(player, c) for c in held]
    if game.offers_made[player] < OFFERS_PER_TURN:
        for other in game.live():
            if other != player:
                out += [Offer(player, other, (c,), trade) for trade in (False, True) for c in held]
    everyone: list[int] | None = None  # every group in a structure, listed only if a card needs it
    for card in _once(game, game.plot_hand[player]):
        kind = plot_kind_of(game, card)
        plays: list[Action]
        if game.defs[card].cost.get("discard_plots"):
            plays = [PlayPlot(player, card, other) for other in sorted(game.plot_hand[player]) if other != card]
        elif kind == "attack":
            plays = [PlayPlot(player, card, side=s) for s in Side]
        elif kind in ("cancel:event.claim",):
            plays = [PlayPlot(player, card, seat=s) for s in range(game.players)]
        elif kind == "cancel:event.support" and game.attack is not None:
            plays = [PlayPlot(player, card, c.card) for c in game.attack.support]
        elif _needs_seat(game, card):
            plays = [PlayPlot(player, card, seat=s) for s in range(game.players) if s != player]
        elif _needs_group(game, card):
            if everyone is None:
                everyone = [g for p in game.live() for g in board.groups_of(p)]
            try:  # the card itself, once: nothing of it depends on the group (checks.play_card)
                kind = play_card(game, PlayPlot(player, card))
            except errors.IllegalActionError:
                continue
            out += _judged(game, partial(plot_targets, kind=kind), (PlayPlot(player, card, g) for g in everyone))
            continue
        else:
            plays = [PlayPlot(player, card)]
        out += _judged(game, RULES[PlayPlot], plays)
    return out


def _payers(game: Game, player: int) -> list[int]:
    """The cards of ``player`` holding a token: the Cabal first, then by card number. An order
    read from the table alone, so a seat's list (in its view) is the same in any game its view
    fits (a strong player's dealt worlds)."""
    board = game.board
    cabal = board.cabal[player]
    return sorted((c for c, n in board.tokens.items() if n and board.controller.get(c) == player),
                  key=lambda c: (c != cabal, c))


def _needs_seat(game: Game, card: int) -> bool:
    return names_a_seat(game.defs[card])


def _needs_group(game: Game, card: int) -> bool:
    return names_a_group(game.defs[card])


def _main(game: Game, player: int) -> list[Action]:
    board = game.board
    out: list[Action] = []
    own = board.groups_of(player)
    mine = [board.cabal[player], *own]
    starter = any(game.defs[c].has_op("start_attack") for c in game.plot_hand[player])
    # every attack listed here is legal as the checks judge a declaration (checks._declare): an
    # attacker of one's own with a token (or a plot that starts an attack) not called off, a
    # control attack only with an open arrow; targets: a rival's group not shielded, a group of
    # one's own hand whose name is not on the table, one's own open-area group, one's own group
    attackers = [c for c in mine if (board.tokens.get(c) or starter) and c not in game.called_off]
    shield = game.setup.shield_covers_attacks
    targets = [g for p in game.live() if p != player and not (shield and shielded(game, player, p))
               for g in board.groups_of(p)]
    taken = names_on_table(game)
    from_hand = [c for c in _once(game, game.group_hand[player])
                 if game.defs[c].kind == "group" and game.defs[c].name not in taken]
    opened = [c for c, who in board.open_area.items() if who == player]
    for attacker in attackers:
        control = board.has_open_arrow(attacker)
        for target in targets:
            if control:
                out.append(Declare(player, attacker, target, AttackKind.CONTROL))
            out.append(Declare(player, attacker, target, AttackKind.DESTROY))
        if control:
            out += [Declare(player, attacker, t, AttackKind.CONTROL) for t in from_hand + opened]
        out += [Declare(player, attacker, t, AttackKind.DESTROY) for t in own if t != attacker]
    # moves, links and gifts as checks._move, _link and _give judge them: a move onto an open arrow
    # of one's own, never under the group itself or its puppets, paid by its own token unless free;
    # a link moved once a turn to another holder of one's own, a group holding one resource at most;
    # a resource not used this turn given to another player in the game
    slots = [(at, arrow) for at, arrow in board.open_arrows(player, own) if board.controller.get(at) == player]  # pragma: no mutate: ``own`` only saves finding the same groups anew
    for group in own:
        if board.tokens.get(group, 0) <= 0 and not free_move(game, group):
            continue
        below = set(board.subtree(group))
        out += [Move(player, group, at, arrow) for at, arrow in slots if at not in below]
    holders = [h for h in [board.cabal[player], *own] if board.controller.get(h) == player and (
        game.defs[h].kind != "group" or not any(game.defs[a].kind == "resource" for a in board.attachments(h)))]
    for resource in board.resources[player]:
        if resource not in game.moved_links:
            out += [Link(player, resource, h) for h in holders if board.links.get(resource) != h]
        if resource not in game.used_resources:
            out += [Give(player, resource, p) for p in game.live() if p != player]
    # swaps as checks._swap judges them: two resources not used this turn, within the cap on offers
    if game.offers_made[player] < OFFERS_PER_TURN:
        mine_free = [r for r in board.resources[player] if r not in game.used_resources]
        out += [Swap(player, resource, other, theirs) for resource in mine_free for other in game.live()
                if other != player for theirs in board.resources[other] if theirs not in game.used_resources]
    out += _judged(game, RULES[PlaceResource], (PlaceResource(player, c) for c in _once(game, game.group_hand[player])
                                                if game.defs[c].kind == "resource"))
    payers = _payers(game, player)
    if payers:
        out += _judged(game, RULES[DrawGroup], (DrawGroup(player, payers[0]),))
    out += _judged(game, RULES[PlaceAgent], (PlaceAgent(player, c) for c in _once(game, game.plot_hand[player])
                                             if game.defs[c].kind == "cabal"))
    for source in [board.cabal[player], *board.resources[player]]:
        if any(e.when == "activated" for e in game.defs[source].effects):
            try:  # the card and its cost, once: nothing of it depends on whose cards (checks.ability)
                look = ability(game, Activate(player, source, player))  # pragma: no mutate: ability() never reads the seat
            except errors.IllegalActionError:
                continue
            out += _judged(game, partial(look_at, look=look), (Activate(player, source, seat, deck)
                                                               for seat in game.live() for deck in ("", "plot", "group")))
    return out
