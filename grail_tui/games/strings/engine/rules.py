"""What the rules compute, shared by the checks, the legal-action lists and the flow: who may
be targeted, what a card adds as support, the attack and defence totals (§8.5-8.7), whether a
goal is met (§16)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .cards import OPPOSED, Effect
from .vocabulary import (
    AGENT_ATTACK,
    AGENT_DEFENCE,
    ALIGNMENT_MOD,
    CABAL_AGENT_BONUS,
    DEPTH_BONUS,
    MASTER_BONUS,
    NONE,
    SAME_CABAL,
    AttackKind,
    Player,
    Side,
    Uid,
)

if TYPE_CHECKING:
    from .game import Attack, Game


def controller(game: Game, uid: Uid) -> int:
    return game.board.controller.get(uid, NONE)


def selector_ok(game: Game, sel: Mapping[str, Any], uid: Uid, you: Player, source: Uid = NONE,
                holder: Uid = NONE, event: Mapping[str, Uid] | None = None) -> bool:
    """Does card ``uid`` fit selector ``sel``, read by player ``you`` (the card file's "you")?"""
    board = game.board
    card = game.defs[uid]
    for key, want in sel.items():
        if key == "kind":
            if card.kind != want:
                return False
        elif key == "subtype_any":
            if card.subtype not in want:
                return False
        elif key == "alignment_any":
            if not set(want) & set(board.alignments(uid)):
                return False
        elif key == "trait_any":
            if not set(want) & set(board.traits(uid)):
                return False
        elif key == "controller":
            owner = board.controller.get(uid, NONE) if board.in_structure(uid) or uid in board.links else NONE  # pragma: no mutate: a card in a structure or linked always has a controller, so the default is never read
            if want == "you" and owner != you:
                return False
            if want == "opponent" and (owner < 0 or owner == you):
                return False
            if want == "none" and owner >= 0:
                return False
        elif key == "owner":
            if (want == "you") != (game.owner[uid] == you):
                return False
        elif key in ("depth", "depth_min", "depth_max"):
            depth = board.depth(uid) if board.in_structure(uid) else NONE
            if key == "depth" and depth != want:
                return False
            if key == "depth_min" and depth < want:
                return False
            if key == "depth_max" and not 0 <= depth <= want:
                return False
        elif key == "has_token":
            if (board.tokens.get(uid, 0) > 0) != want:
                return False
        elif key == "master":
            if board.master.get(uid) != source:
                return False
        elif key == "is":
            named = {"self": source, "holder": holder, **(event or {})}
            if uid != named.get(want):
                return False
        elif key == "played_by":
            if game.board.agenda_by.get(uid) != you:
                return False
    return True


# -- the first-turn shield (§18) -----------------------------------------------------------------


def shielded(game: Game, by: Player, target_player: Player) -> bool:
    """May ``by`` not target ``target_player`` yet? Until a player has finished their first turn,
    nobody may target them, except a player they have attacked."""
    if target_player == by or target_player < 0:
        return False
    return not game.finished_first[target_player] and (target_player, by) not in game.attacked


# -- support (§8.5) ------------------------------------------------------------------------------


def support_mods(game: Game, attack: Attack, card: Uid, side: Side, player: Player) -> int:
    """What support_mod effects add to ``card``'s contribution: its own, its attachments', its
    controller's Cabal's."""
    board = game.board
    total = 0
    # (source, holder): an attachment is held by the card; the card and the Cabal by nothing
    sources = [(card, NONE), *((a, card) for a in board.attachments(card)), (board.cabal[player], NONE)]
    for source, holder in sources:
        for effect in game.defs[source].effects:
            if effect.when != "support_mod":
                continue
            if context_ok(game, effect, attack, side, player, source=source, holder=holder, supporter=card):
                total += sum(op.get("value", 0) for op in effect.ops("support_bonus"))
    return total


def support_value(game: Game, attack: Attack, player: Player, card: Uid, side: Side) -> tuple[int, str]:
    """What ``card`` (``player``'s, holding a token) adds to ``side`` of ``attack``, by the best
    line of §8.5 (HR-17); (0, "") if it may not contribute."""
    board = game.board
    if card == attack.attacker or card in attack.used or board.tokens.get(card, 0) <= 0:
        return 0, ""
    if board.controller.get(card) != player or not board.in_structure(card):
        return 0, ""
    target = attack.target
    matches, oppositions = board.relation(card, target)
    power, global_power = board.power(card), board.global_power(card)
    lines: list[tuple[int, str]] = []
    if side is Side.ATTACK:
        lines.append((global_power, "A1"))
        if attack.kind is AttackKind.CONTROL and matches:
            lines.append((power, "A2"))
        if attack.kind is AttackKind.DESTROY and oppositions:
            lines.append((power, "A3"))
    else:
        # HR-53: the attacker's player defends nothing of its own (the target, its master and its
        # puppets are the attacker's own only when it destroys a group of its own)
        attackers = player == attack.player
        if card == target:
            if attackers:
                return 0, ""
            lines.append((power * board.tokens[card], "D1"))  # it holds a token (above)
        else:
            related = board.master.get(target) == card or board.master.get(card) == target
            if related and not attackers:
                lines.append((power, "D2"))
            if matches:
                lines.append((power, "D3"))
            lines.append((global_power, "D4"))
    value, how = max(lines)  # A1 or D4 is always a line
    if value <= 0:
        return 0, ""
    return value + support_mods(game, attack, card, side, player), how


def may_take_side(game: Game, attack: Attack, player: Player, side: Side) -> str | None:
    """None if ``player`` may contribute to ``side``, else why not (HR-15, HR-53, Closed-Door)."""
    target_controller = controller(game, attack.target)
    if attack.closed and player not in (attack.player, target_controller):
        return "A Closed-Door Meeting is on this attack: only its two sides' players may support it."
    if player == attack.player:
        fixed: Side | None = Side.ATTACK
    elif player == target_controller:
        fixed = Side.DEFENCE
    else:
        fixed = attack.sides.get(player)
    if fixed is not None and fixed is not side:
        return f"You are on the {fixed.value} side of this attack and stay on it."
    return None


def agent_bonus(game: Game) -> tuple[int, int]:
    attack_bonus, defence_bonus = AGENT_ATTACK, AGENT_DEFENCE
    for agenda in game.board.agendas.values():
        for effect in game.defs[agenda].effects:
            for op in effect.ops("agent_bonus"):
                attack_bonus += op.get("attack", 0)
                defence_bonus += op.get("defence", 0)
    return attack_bonus, defence_bonus


# -- effect contexts --------------------------------------------------------------------------------


def context_ok(game: Game, effect: Effect, attack: Attack | None, side: Side | None, you: Player,
               source: Uid = NONE, holder: Uid = NONE, supporter: Uid = NONE, step: str = "support") -> bool:
    """Does an effect's ``if`` hold in this attack, for ``you`` (the effect's player)?"""
    event = None if attack is None else {"event.attacker": attack.attacker, "event.target": attack.target}
    for key, want in effect.if_.items():
        if key == "attack_kind":
            if attack is None or attack.kind.value != want:
                return False
        elif key == "side":
            if side is None or side.value != want:
                return False
        elif key == "step":
            if want != step:
                return False
        elif key == "shared_alignment":
            if attack is None or (game.board.relation(attack.attacker, attack.target)[0] > 0) != want:
                return False
        elif key == "holder":
            if holder < 0 or not selector_ok(game, want, holder, you, source, holder, event):
                return False
        elif key in ("attacker", "target", "supporter"):
            uid = supporter if key == "supporter" else (
                attack.attacker if key == "attacker" and attack else attack.target if attack else NONE)
            if uid < 0 or not selector_ok(game, want, uid, you, source, holder, event):
                return False
        elif key in ("group", "affected"):
            return False  # read by the static and replacement effects that name them
    return True


def _mods(game: Game, attack: Attack, side: Side) -> int:
    """attack_mod effects for one side: the two cards', their attachments', the two Cabals', the
    agendas'. A card's bonus to a side counts only if its player is on that side."""
    board = game.board
    target_controller = controller(game, attack.target)
    side_player = attack.player if side is Side.ATTACK else target_controller
    sources: list[tuple[Uid, Uid]] = []  # (source, holder)
    for card in (attack.attacker, attack.target):
        sources.append((card, NONE))
        sources.extend((a, card) for a in board.attachments(card))
    for player in {attack.player, target_controller}:
        if player >= 0 and board.cabal[player] >= 0:
            sources.append((board.cabal[player], NONE))
    total = 0
    for source, holder in sources:
        owner = board.controller.get(source, NONE)
        for effect in game.defs[source].effects:
            if effect.when != "attack_mod":
                continue
            for op in effect.ops("add"):
                if op["side"] != side.value or owner != side_player:
                    continue
                if context_ok(game, effect, attack, side, owner, source=source, holder=holder):
                    total += op["value"]
    for agenda in board.agendas.values():
        for effect in game.defs[agenda].effects:
            if effect.when != "attack_mod":
                continue
            for op in effect.ops("add"):
                if op["side"] == side.value and context_ok(game, effect, attack, side, attack.player):
                    total += op["value"]
    return total


def cabal_agent_of(game: Game, player: Player, other: Player) -> bool:
    """Does ``player`` hold a Cabal agent naming the Cabal ``other`` uses? (Both are players at the
    table: the attacker and the controller of a group in a structure.)"""
    name = game.defs[game.board.cabal[other]].name
    return any(game.defs[a].name == name for a in game.board.agents[player])


def attack_total(game: Game, attack: Attack) -> tuple[int, list[tuple[str, int]]]:
    """§8.6: the attacker's power (or global power) + M1-M6 + attack support + card effects."""
    board = game.board
    attacker, target = attack.attacker, attack.target
    base = board.global_power(attacker) if attack.use_global else board.power(attacker)
    parts = [("base", base)]
    matches, oppositions = board.relation(attacker, target)
    if attack.kind is AttackKind.CONTROL:
        parts += [("M1", ALIGNMENT_MOD * matches), ("M2", -ALIGNMENT_MOD * oppositions)]
    else:
        parts += [("M3", -ALIGNMENT_MOD * matches), ("M4", ALIGNMENT_MOD * oppositions)]
    defender = controller(game, target) if board.in_structure(target) else NONE  # pragma: no mutate: a card in no structure (a hand, the open area) has no controller either way
    if defender >= 0 and defender != attack.player:
        if game.defs[board.cabal[defender]].name == game.defs[board.cabal[attack.player]].name:
            parts.append(("M5", SAME_CABAL))
        if cabal_agent_of(game, attack.player, defender):
            parts.append(("M6", CABAL_AGENT_BONUS))
    parts.append(("support", sum(c.value for c in attack.support if c.side is Side.ATTACK)))
    parts.append(("cards", _mods(game, attack, Side.ATTACK)))
    return sum(v for _k, v in parts), [(k, v) for k, v in parts if v]


def defence_total(game: Game, attack: Attack) -> tuple[int, list[tuple[str, int]]]:
    """§8.7: resistance (control) or power (destroy) + N1-N4 + defence support + card effects."""
    board = game.board
    target = attack.target
    base = board.resistance(target) if attack.kind is AttackKind.CONTROL else board.power(target)
    parts = [("base", base)]
    if board.in_structure(target):
        depth = board.depth(target)
        parts.append((f"N{depth}", DEPTH_BONUS.get(depth, 0)))
        master = board.master[target]
        if attack.kind is AttackKind.CONTROL and board.relation(target, master)[0] > 0:
            parts.append(("N3", MASTER_BONUS))
        defender = controller(game, target)
        if defender != attack.player and cabal_agent_of(game, defender, attack.player):
            parts.append(("N4", CABAL_AGENT_BONUS))
    parts.append(("support", sum(c.value for c in attack.support if c.side is Side.DEFENCE)))
    parts.append(("cards", _mods(game, attack, Side.DEFENCE)))
    return sum(v for _k, v in parts), [(k, v) for k, v in parts if v]


def succeeds(margin: int, dice: tuple[int, int]) -> bool:
    """§8.8: 11 and 12 always fail; otherwise success iff the roll is at most the margin."""
    total = dice[0] + dice[1]
    return total < 11 and total <= margin


# -- goals (§16) ----------------------------------------------------------------------------------


def _number(game: Game, value: Any) -> int:
    if isinstance(value, int):
        return value
    found = re.fullmatch(r"basic_goal(?: - (\d+))?", str(value))
    assert found is not None
    return game.basic_goal() - int(found.group(1) or 0)


def condition_met(game: Game, player: Player, condition: Mapping[str, Any]) -> bool:
    atoms = condition.get("all") or condition.get("any") or []
    results = (_atom(game, player, atom) for atom in atoms)
    return all(results) if "all" in condition else any(results)


def _atom(game: Game, player: Player, atom: Mapping[str, Any]) -> bool:
    board = game.board
    where = atom.get("where", {})
    if "count" in atom or "sum" in atom:
        need = _number(game, atom.get("at_least", 0))
        what = atom.get("count")
        if what == "groups":
            count = sum(1 for g in board.groups_of(player) if selector_ok(game, where, g, player))
        elif what == "resources":
            count = len(board.resources[player])
        elif what == "destroyed_pile":
            count = len(game.destroyed[player])
        elif what == "agendas":
            count = sum(1 for a in board.agendas.values() if board.agenda_by.get(a) == player)
        elif what == "cabal_agents":
            count = len(board.agents[player])
        elif atom.get("sum") == "printed_power":
            count = sum(game.defs[c].power for c in game.destroyed[player])
        else:
            return False
        return count >= need
    if "exists" in atom or "none" in atom:
        everyone = [g for p in range(game.players) for g in board.groups_of(p)]
        found = any(selector_ok(game, where, g, player) for g in everyone)
        return found if "exists" in atom else not found
    if "never" in atom:
        return not game.destroy_tried[player]
    if atom.get("named") == "both_sides_of_pairs":
        held = {a for g in board.groups_of(player) for a in board.alignments(g)}
        pairs = {tuple(sorted(pair)) for pair in OPPOSED if pair[0] in held and pair[1] in held}
        return len(pairs) >= int(atom.get("params", {}).get("pairs", 2))
    return False


def claims_of(game: Game, player: Player) -> list[tuple[str, Uid]]:
    """What ``player`` may claim now: the basic goal, the special goal, a goal card in hand."""
    found: list[tuple[str, Uid]] = []
    if game.board.count_groups(player) >= game.basic_goal():
        found.append(("the basic goal", NONE))
    cabal = game.board.cabal[player]
    if cabal >= 0 and condition_met(game, player, game.defs[cabal].condition):
        found.append(("the special goal", NONE))
    for card in game.plot_hand[player]:
        if game.defs[card].plot_kind == "goal" and condition_met(game, player, game.defs[card].condition):
            found.append((game.defs[card].name, card))
    return found
