"""A player by rules of thumb, from its seat's view alone: it grows its structure towards the basic
goal by the attacks the odds favour (STRINGS.md appendix A) and towards its Cabal's special goal
(the groups it counts first; destroying for a Cabal that counts destroyed power; never a destroy
for one whose goal forbids them), backs its own side in an attack and
the defence against whoever leads, tries to break a rival's claim, and never gives a rival cards.
Whoever leads is the rival nearest a goal: the basic goal or their Cabal's special goal, as far as
the table shows it (a rival with fewer groups may be one Place short of seven Places).

It estimates an attack from the printed numbers it can see (power, resistance, alignments, the
target's depth and its master) and, on a group in a rival's structure, the support each side's
cards still holding a token could add (their best line of §8.5 on printed numbers, with a Cabal's
bonus for supporting that side), not the engine's full arithmetic: other card effects are left
out, so it asks for a margin with room to spare."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..engine import (
    DEFAULT_SET,
    Action,
    Agent,
    Answer,
    AttackKind,
    Bottom,
    CallOff,
    CardDef,
    ChooseCabal,
    ChooseStart,
    Commit,
    Declare,
    Draw,
    DrawGroup,
    EndTurn,
    Pass,
    Place,
    PlaceResource,
    PlayerView,
    PlayPlot,
    Seated,
    Shelter,
    Side,
    Support,
    card_set,
    relation,
)

# STRINGS.md appendix A: successes in 36 rolls of 2d6 by margin (11 and 12 always fail)
_SUCCESSES = {2: 1, 3: 3, 4: 6, 5: 10, 6: 15, 7: 21, 8: 26, 9: 30}
ALIGNMENT_MOD, MASTER_BONUS = 4, 4
DEPTH_BONUS = {1: 10, 2: 5}
WORTH_TRYING = 0.55  # the least chance of success it declares a control attack for
WORTH_DESTROYING = 0.7  # the least chance for destroying a rival's group
GOAL_WEIGHT = 1.5  # a group its special goal counts is worth this much more
LEADER_WEIGHT = 1.25  # at 3+ players, taking a group from the rival nearest a goal is worth this much more
DESTROYED_POWER_STEP = 3  # printed power one destroyed group adds, about (a goal counting power in steps)


def chance(margin: int) -> float:
    """The chance that an attack with this margin succeeds (appendix A)."""
    if margin <= 1:
        return 0.0
    return (33 if margin >= 10 else _SUCCESSES[margin]) / 36


def _need(view: PlayerView, at_least: object) -> int:
    """A condition's threshold: a number or 'basic_goal - k' (card notes §2)."""
    if isinstance(at_least, int):
        return at_least
    _goal, _minus, k = str(at_least).partition("-")
    return view.public.basic_goal - int(k or 0)


def short_of_goal(view: PlayerView, player: int, cards: Mapping[str, CardDef]) -> int:
    """About how many groups (or steps of that size) ``player`` still lacks for a goal: the basic
    goal or their Cabal's special goal, read from what the table shows (structure, resources in
    play, destroyed piles). Goal cards in a hand are hidden, so they are not counted; neither is a
    promise the table cannot check (never having tried a destroy)."""
    public = view.public
    groups = [s for s in public.structure if s.controller == player and cards[s.card].kind == "group"]
    best = public.basic_goal - len(groups)
    cabal = public.seats[player].cabal
    if cabal is None:
        return max(best, 0)
    condition = cards[cabal.card].condition
    atoms = condition.get("all", ()) or condition.get("any", ())
    needs: list[int] = []
    for atom in atoms:
        where = atom.get("where", {})
        if atom.get("count") == "groups":
            subtypes, traits = set(where.get("subtype_any", ())), set(where.get("trait_any", ()))
            counted = [s for s in groups
                       if (not subtypes or cards[s.card].subtype in subtypes)
                       and (not traits or traits & set(cards[s.card].traits))
                       and (where.get("owner") != "other" or s.owner != player)]
            needs.append(_need(view, atom.get("at_least", 0)) - len(counted))
        elif atom.get("count") == "resources":
            held = sum(1 for a in public.attached if a.controller == player and cards[a.card].kind == "resource")
            needs.append(_need(view, atom.get("at_least", 0)) - held)
        elif atom.get("sum") == "printed_power":
            power = sum(cards[f.card].power for f in public.seats[player].destroyed)
            needs.append(-(-(_need(view, atom.get("at_least", 0)) - power) // DESTROYED_POWER_STEP))
    if needs:
        special = max(needs) if "all" in condition else min(needs)
        best = min(best, special)
    return max(best, 0)


@dataclass(frozen=True)
class Goal:
    """What a special goal (a Cabal's condition, card notes §2) asks of the player: groups of
    some kind (a subtype, a trait, owned by others), destroyed power, or never destroying."""

    subtypes: frozenset[str] = frozenset()
    traits: frozenset[str] = frozenset()
    others_groups: bool = False  # groups owned by other players
    destroyed_power: bool = False
    no_destroying: bool = False

    @classmethod
    def of(cls, cabal: CardDef) -> Goal:
        subtypes: set[str] = set()
        traits: set[str] = set()
        others = destroyed = never = False
        for atom in cabal.condition.get("all", ()) or cabal.condition.get("any", ()):
            where = atom.get("where", {})
            if atom.get("count") == "groups":
                subtypes.update(where.get("subtype_any", ()))
                traits.update(where.get("trait_any", ()))
                others = others or where.get("owner") == "other"
            destroyed = destroyed or atom.get("sum") == "printed_power" or atom.get("count") == "destroyed_pile"
            never = never or atom.get("never") == "destroy_attempt"
        return cls(frozenset(subtypes), frozenset(traits), others, destroyed, never)

    def wants(self, group: CardDef, owned_by_other: bool) -> bool:
        """Does controlling ``group`` bring the goal nearer?"""
        return (group.subtype in self.subtypes or bool(self.traits & set(group.traits))
                or (self.others_groups and owned_by_other))


class HeuristicBot:
    level = "heuristic"
    budget = 0.0

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.cards = card_set().cards

    def card(self, card_id: str) -> CardDef:
        return self.cards[card_id]

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if view.public.card_set != DEFAULT_SET:  # a game of an installed set reads its own cards
            self.cards = card_set(view.public.card_set).cards
        prompt = view.public.prompt
        if prompt == "cabal":
            return self._first(legal, ChooseCabal)
        if prompt in ("start", "open start"):
            return max((a for a in legal if isinstance(a, ChooseStart)), key=lambda a: self._group_worth(view, a.card),
                       default=legal[0])
        if prompt == "draw":
            return Draw(view.player, True, True) if Draw(view.player, True, True) in legal else legal[0]
        if prompt == "place":
            return self._place(view, legal)
        if prompt == "commit":
            for option in (Commit(view.player),):
                if option in legal:
                    return option
            return next((a for a in legal if isinstance(a, Commit)), self._first(legal, CallOff))
        if prompt == "shelter":
            return max((a for a in legal if isinstance(a, Shelter)), key=lambda a: a.card)
        if prompt == "bottom":
            return self._bottom(view, legal)
        if prompt == "offer":
            gifts = [a for a in legal if isinstance(a, Answer) and a.accept and not a.back]
            return min(gifts, key=lambda a: len(a.bottom)) if gifts else Answer(view.player, False)
        if prompt == "swap":  # a rival's resource for one of its own: never hands a rival anything
            return Answer(view.player, False)
        if prompt == "counter":
            return next((a for a in legal if isinstance(a, PlayPlot)), legal[0])
        if prompt == "main":
            return self._main(view, legal)
        return self._window(view, legal)

    # -- helpers ------------------------------------------------------------------------------

    @staticmethod
    def _first(legal: Sequence[Action], kind: type) -> Action:
        return next((a for a in legal if isinstance(a, kind)), legal[0])

    def _id(self, view: PlayerView, uid: int) -> str | None:
        for face in (*view.plot_hand, *view.group_hand):
            if face.uid == uid:
                return face.card
        for seated in view.public.structure:
            if seated.uid == uid:
                return seated.card
        for face in view.public.open_area:
            if face.uid == uid:
                return face.card
        if view.choice is not None and view.choice.uid == uid:
            return view.choice.card
        return None

    def _group_worth(self, view: PlayerView, uid: int) -> int:
        card_id = self._id(view, uid)
        if card_id is None:
            return 0
        card = self.card(card_id)
        return 2 * card.power + card.resistance + 2 * card.arrows

    def _groups(self, view: PlayerView) -> list[int]:
        """How many groups each player controls."""
        counts = [0] * view.public.players
        for seated in view.public.structure:
            if self.card(seated.card).kind == "group":
                counts[seated.controller] += 1
        return counts

    def _nearness(self, view: PlayerView) -> list[tuple[int, int]]:
        """Per player, a key that is least for whoever is nearest winning: what they lack for a
        goal, then (between equals) the more groups."""
        counts = self._groups(view)
        return [(short_of_goal(view, p, self.cards), -counts[p]) for p in range(view.public.players)]

    def leader(self, view: PlayerView) -> int:
        """The rival nearest a goal (-1: no rival in the game)."""
        near = self._nearness(view)
        rivals = [p for p in range(view.public.players) if p != view.player and not view.public.seats[p].eliminated]
        return min(rivals, key=lambda p: near[p], default=-1)

    def _place(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        cabal = next((s.uid for s in view.public.structure if s.controller == view.player and s.master < 0), -1)
        places = [a for a in legal if isinstance(a, Place) and a.card >= 0]
        if not places:
            return legal[0]
        goal = self.goal(view)

        def wanted(uid: int) -> bool:
            card_id = self._id(view, uid)
            return card_id is not None and goal.wants(self.card(card_id), owned_by_other=False)

        # one its special goal counts first, then the strongest, under the Cabal where it can
        # (+10 to its defence there)
        return max(places, key=lambda a: (wanted(a.card), self._group_worth(view, a.card), a.at == cabal))

    def _bottom(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        def cost(action: Action) -> int:
            assert isinstance(action, Bottom)
            ids = [self._id(view, c) for c in action.cards]
            return sum(10 if i is not None and self.card(i).plot_kind == "goal" else 0 for i in ids)

        return min((a for a in legal if isinstance(a, Bottom)), key=cost, default=legal[0])

    # -- attacks --------------------------------------------------------------------------------

    def odds(self, view: PlayerView, declare: Declare) -> float:
        """The chance this attack succeeds on printed numbers, with the support both sides can
        still give when the target is in a rival's structure."""
        seated = {s.uid: s for s in view.public.structure}
        attacker_id, target_id = self._id(view, declare.attacker), self._id(view, declare.target)
        if attacker_id is None or target_id is None:
            return 0.0
        attacker, target = self.card(attacker_id), self.card(target_id)
        matches, oppositions = relation(attacker.alignments, target.alignments)
        attack = attacker.power
        if declare.kind is AttackKind.CONTROL:
            attack += ALIGNMENT_MOD * (matches - oppositions)
            defence = target.resistance
        else:
            attack += ALIGNMENT_MOD * (oppositions - matches)
            defence = target.power
        place = seated.get(declare.target)
        if place is not None and place.controller != view.player:
            # the support each side can still give, as the table shows it (tokens held)
            attack += self._support(view, declare, place, view.player, Side.ATTACK)
            defence += self._support(view, declare, place, place.controller, Side.DEFENCE)
        if place is not None:
            depth, walker = 0, place
            while walker.master >= 0 and walker.master in seated:
                depth += 1
                walker = seated[walker.master]
            defence += DEPTH_BONUS.get(depth, 0)
            master = seated.get(place.master)
            if declare.kind is AttackKind.CONTROL and master is not None and \
                    relation(target.alignments, self.card(master.card).alignments)[0] > 0:
                defence += MASTER_BONUS
        return chance(attack - defence)

    def _support(self, view: PlayerView, declare: Declare, place: Seated, player: int, side: Side) -> int:
        """What ``player``'s cards holding a token could add to ``side`` of an attack on the
        group at ``place``: each its best line of §8.5 on printed numbers (global power; power
        when related to the target or, for the side the alignments favour, sharing or opposing
        one), with its Cabal's bonus for supporting that side."""
        target = self.card(place.card)
        mine = [s for s in view.public.structure if s.controller == player and s.tokens > 0
                and s.uid != declare.attacker]
        cabal = next((s for s in view.public.structure if s.controller == player and s.master < 0), None)
        bonus = 0
        if cabal is not None:
            for effect in self.card(cabal.card).effects:
                if effect.when == "support_mod" and effect.if_.get("side", side.value) == side.value:
                    bonus += sum(op.get("value", 0) for op in effect.ops("support_bonus"))
        total = 0
        for seated in mine:
            card = self.card(seated.card)
            matches, oppositions = relation(card.alignments, target.alignments)
            lines = [card.global_power]
            if side is Side.DEFENCE:
                if seated.uid == place.uid:
                    lines.append(card.power * seated.tokens)
                if place.master == seated.uid or seated.master == place.uid or matches:
                    lines.append(card.power)
            elif (declare.kind is AttackKind.CONTROL and matches) or \
                    (declare.kind is AttackKind.DESTROY and oppositions):
                lines.append(card.power)
            value = max(lines)
            if value > 0:
                total += value + (bonus if card.kind == "group" else 0)
        return total

    # -- its Cabal's special goal -------------------------------------------------------------------

    def goal(self, view: PlayerView) -> Goal:
        """What its Cabal's special goal asks of its play (read from the card's condition)."""
        cabal = view.public.seats[view.player].cabal
        return Goal.of(self.card(cabal.card)) if cabal is not None else Goal()

    def _main(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        me = view.player
        leader = self.leader(view)
        crowded = view.public.players > 2  # with one rival, every attack is on the leader already
        seated = {s.uid: s for s in view.public.structure}
        goal = self.goal(view)
        best: tuple[float, Action] | None = None
        for action in legal:
            if not isinstance(action, Declare) or action.use_global:
                continue
            place = seated.get(action.target)
            defender = place.controller if place is not None else me
            if defender == me and action.kind is AttackKind.DESTROY:
                continue  # never its own groups
            odds = self.odds(view, action)
            target = self._id(view, action.target)
            if action.kind is AttackKind.CONTROL:
                if odds < WORTH_TRYING:
                    continue
                value = odds * (2 if defender != me else 1)  # taking a rival's group counts twice
                if crowded and defender == leader:
                    value *= LEADER_WEIGHT
                if target is not None and goal.wants(self.card(target), owned_by_other=place is not None
                                                     and place.owner != me):
                    value *= GOAL_WEIGHT
            else:
                if goal.no_destroying:
                    continue  # a destroy, even tried, forfeits its special goal
                if goal.destroyed_power and target is not None:
                    # its goal counts the power it destroys: any rival's group, the mightier the better
                    if odds < WORTH_TRYING:
                        continue
                    value = odds * (1 + self.card(target).power / 6)
                elif odds < WORTH_DESTROYING or defender != leader:
                    continue
                else:
                    value = odds * 0.9
            if best is None or value > best[0]:
                best = (value, action)
        if best is not None:
            return best[1]
        for action in legal:
            if isinstance(action, PlaceResource):
                return action
        strike = None if goal.no_destroying else self._strike(view, legal, leader)
        if strike is not None:
            return strike
        if len(view.group_hand) < 2:
            draw = self._first(legal, DrawGroup)
            if isinstance(draw, DrawGroup):
                return draw
        return EndTurn(me) if EndTurn(me) in legal else legal[0]

    def _strike(self, view: PlayerView, legal: Sequence[Action], rival: int) -> Action | None:
        """A strike that cannot fail (strength at least the printed power) on ``rival``'s group."""
        owners = {s.uid: (s.controller, s.card) for s in view.public.structure}
        for action in legal:
            if not isinstance(action, PlayPlot) or action.target not in owners:
                continue
            plot_id = self._id(view, action.card)
            if plot_id is None or self.card(plot_id).plot_kind != "strike":
                continue
            controller, card_id = owners[action.target]
            if controller == rival and self.card(plot_id).strength >= self.card(card_id).power:
                return action
        return None

    # -- windows --------------------------------------------------------------------------------

    def _window(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        me = view.player
        passing = Pass(me) if Pass(me) in legal else legal[0]
        public = view.public
        rivals_claiming = [p for p, _why in public.claims if p != me]
        if rivals_claiming:
            # never let a rival win unanswered: any plot aimed at a claimant or its groups
            owners = {s.uid: s.controller for s in public.structure}
            for action in legal:
                if isinstance(action, PlayPlot) and (action.seat in rivals_claiming
                                                     or owners.get(action.target, -1) in rivals_claiming):
                    return action
            return passing
        attack = public.attack
        if attack is None or public.prompt != "support":
            return passing
        owners = {s.uid: s.controller for s in public.structure}
        defender = owners.get(attack.target.uid, -1)
        if attack.player == me:
            side: Side | None = Side.ATTACK
        elif defender == me:
            side = Side.DEFENCE
        else:
            near = self._nearness(view)
            # a third party holds back whoever is nearest winning
            side = Side.DEFENCE if near[attack.player] <= min(near) else None
        if side is None:
            return passing
        helps = [a for a in legal if isinstance(a, (Support, Agent)) and a.side is side]
        plots = [a for a in legal if isinstance(a, PlayPlot) and a.side is side]
        if helps:
            return max(helps, key=lambda a: (isinstance(a, Agent), self._group_worth(view, a.card)))
        if plots:
            return plots[0]
        return passing
