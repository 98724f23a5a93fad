"""The cards on the table and what they are worth now: the power structures (trees rooted at
each Cabal), tokens, links, and every statistic with the effects in force applied (§2.5, §7,
§10). The game (game.py) changes these; everything here only reads, except the few moves of
cards that every rule shares."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from .cards import OPPOSED, CardDef, Effect

Uid = int


def relation(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[int, int]:
    """(matches, oppositions) between two different cards' alignments (§2.4): Zealot never
    matches; two Zealots are opposed (HR-52)."""
    matches = sum(1 for a in first if a != "zealot" and a in second)
    oppositions = sum(1 for a in first for b in second if (a, b) in OPPOSED)
    if "zealot" in first and "zealot" in second:
        oppositions += 1
    return matches, oppositions


@lru_cache(maxsize=1024)  # printed: a card's static effects, picked out once per card for every number asked
def _static(card: CardDef) -> tuple[Effect, ...]:
    return tuple(effect for effect in card.effects if effect.when == "static")


class Board:
    """Where every card in play is, and its numbers now."""

    def __init__(self, defs: list[CardDef], players: int) -> None:
        self.defs = defs
        self.cabal: list[Uid] = [-1] * players  # pragma: no mutate: no Cabal yet: every reader asks >= 0, so any negative reads the same
        self.arrows: dict[Uid, list[Uid]] = {}  # a card in a structure -> its out-arrows (-1 open)
        self.master: dict[Uid, Uid] = {}
        self.controller: dict[Uid, int] = {}  # cards in play: Cabals, groups, resources, standing plots, agents
        self.tokens: dict[Uid, int] = {}
        self.links: dict[Uid, Uid] = {}  # attachment (resource or standing plot) -> holder
        self.resources: list[list[Uid]] = [[] for _ in range(players)]
        self.agents: list[list[Uid]] = [[] for _ in range(players)]
        self.open_area: dict[Uid, int] = {}  # group -> the player who brought it
        self.agendas: dict[str, Uid] = {}  # colour -> agenda
        self.agenda_by: dict[Uid, int] = {}
        self.temp: list[tuple[Uid, str, int]] = []  # until end of turn: (card, stat, change)

    # -- the structures ---------------------------------------------------------------------

    def in_structure(self, uid: Uid) -> bool:
        return uid in self.arrows

    def groups_of(self, player: int) -> list[Uid]:
        """The groups in ``player``'s structure, from the Cabal down (depth first)."""
        root = self.cabal[player]
        arrows = self.arrows
        if root < 0 or root not in arrows:
            return []
        found: list[Uid] = []
        stack = [c for c in reversed(arrows[root]) if c != -1]
        while stack:
            uid = stack.pop()
            found.append(uid)
            for child in reversed(arrows[uid]):
                if child != -1:
                    stack.append(child)
        return found

    def count_groups(self, player: int) -> int:
        return len(self.groups_of(player))

    def subtree(self, uid: Uid) -> list[Uid]:
        found = [uid]
        for card in found:
            found.extend(c for c in self.arrows[card] if c != -1)
        return found

    def depth(self, uid: Uid) -> int:
        depth = 0
        while uid in self.master:
            uid = self.master[uid]
            depth += 1
        return depth

    def puppets(self, uid: Uid) -> list[Uid]:
        return [c for c in self.arrows[uid] if c != -1]

    def open_arrows(self, player: int, groups: list[Uid] | None = None) -> Iterator[tuple[Uid, int]]:
        """``groups``: the player's groups_of, where the caller has them already."""
        root = self.cabal[player]
        if root < 0:
            return
        for uid in [root, *(self.groups_of(player) if groups is None else groups)]:
            for arrow, held in enumerate(self.arrows[uid]):
                if held == -1:
                    yield uid, arrow

    def has_open_arrow(self, uid: Uid) -> bool:
        return -1 in self.arrows.get(uid, ())

    def attach(self, uid: Uid, at: Uid, arrow: int, player: int) -> None:
        """Put a group (with no puppets yet) on an open arrow of ``player``'s structure."""
        self.arrows[at][arrow] = uid
        self.master[uid] = at
        self.arrows.setdefault(uid, [-1] * self.defs[uid].arrows)
        self.controller[uid] = player

    def detach(self, uid: Uid) -> None:
        """Take a group (with its subtree) off its master's arrow."""
        master = self.master.pop(uid)
        arrows = self.arrows[master]
        arrows[arrows.index(uid)] = -1

    def holder_of(self, uid: Uid) -> Uid:
        return self.links.get(uid, -1)

    def attachments(self, holder: Uid) -> list[Uid]:
        return [a for a, h in self.links.items() if h == holder]

    # -- numbers now ----------------------------------------------------------------------------

    def _suspended(self, attached: list[Uid]) -> set[Uid]:
        """Attachments of one holder (``attached``) whose effects conflict (§10.4): both are suspended."""
        tagged: dict[str, list[Uid]] = {}
        for attachment in attached:
            for effect in self.defs[attachment].effects:
                for tag in effect.conflicts:
                    if attachment not in tagged.setdefault(tag, []):
                        tagged[tag].append(attachment)
        out: set[Uid] = set()
        for cards in tagged.values():
            if len({self.defs[c].id for c in cards}) > 1:
                out.update(cards)
        return out

    def statics(self, uid: Uid) -> list[tuple[Uid, Effect, Mapping[str, Any]]]:
        """Every static operation that applies to ``uid``: (source, effect, op)."""
        found: list[tuple[Uid, Effect, Mapping[str, Any]]] = []
        attached = self.attachments(uid) if self.links else []  # pragma: no mutate: an optimisation: no links, no attachments
        if attached:
            suspended = self._suspended(attached)
            for attachment in attached:
                if attachment in suspended:
                    continue
                for effect in _static(self.defs[attachment]):
                    if self._holder_ok(effect, uid):
                        found += [(attachment, effect, op) for op in effect.do if op.get("target") == "holder"]
        for agenda in self.agendas.values():
            for effect in _static(self.defs[agenda]):
                if self._affected_ok(effect, uid, agenda):
                    found += [(agenda, effect, op) for op in effect.do if op.get("target") == "affected"]
        master = self.master.get(uid)
        if master is not None:
            for effect in _static(self.defs[master]):
                if self._affected_ok(effect, uid, master):
                    found += [(master, effect, op) for op in effect.do if op.get("target") == "affected"]
        return found

    def _holder_ok(self, effect: Effect, holder: Uid) -> bool:
        want = effect.if_.get("holder")
        if want is None:
            return True
        card = self.defs[holder]
        if "kind" in want and card.kind != want["kind"]:
            return False
        return not ("subtype_any" in want and card.subtype not in want["subtype_any"])

    def _affected_ok(self, effect: Effect, uid: Uid, source: Uid) -> bool:
        want = effect.if_.get("affected")
        if want is None:
            return False
        card = self.defs[uid]
        if "kind" in want and card.kind != want["kind"]:
            return False
        if "subtype_any" in want and card.subtype not in want["subtype_any"]:
            return False
        if "alignment_any" in want and not set(want["alignment_any"]) & set(card.alignments):
            return False
        return not (want.get("master") == "self" and self.master.get(uid) != source)

    def stat(self, uid: Uid, stat: str) -> int:
        card = self.defs[uid]
        value = getattr(card, stat)
        for _source, _effect, op in self.statics(uid):
            if op["op"] == "stat" and op["stat"] == stat:
                value = op["set"] if "set" in op else value + op.get("add", 0)
        for card_uid, which, change in self.temp:
            if card_uid == uid and which == stat:
                value += change
        return max(0, int(value))

    def power(self, uid: Uid) -> int:
        return self.stat(uid, "power")

    def global_power(self, uid: Uid) -> int:
        """HR-50: global power in play is never more than power."""
        return min(self.stat(uid, "global_power"), self.power(uid))

    def resistance(self, uid: Uid) -> int:
        return self.stat(uid, "resistance")

    def alignments(self, uid: Uid) -> tuple[str, ...]:
        printed = self.defs[uid].alignments
        granted = tuple(op["alignment"] for _s, _e, op in self.statics(uid)
                        if op["op"] == "grant" and "alignment" in op and op["alignment"] not in printed)
        if not granted:
            return printed
        # §10.4: an effect granting an alignment opposed to a printed one is suspended
        kept = tuple(a for a in granted if not any((a, b) in OPPOSED for b in printed))
        return printed + kept

    def traits(self, uid: Uid) -> tuple[str, ...]:
        printed = self.defs[uid].traits
        granted = tuple(op["trait"] for _s, _e, op in self.statics(uid)
                        if op["op"] == "grant" and "trait" in op and op["trait"] not in printed)
        return printed + granted

    def relation(self, first: Uid, second: Uid) -> tuple[int, int]:
        return relation(self.alignments(first), self.alignments(second))

    def can_hold_tokens(self, uid: Uid) -> bool:
        """§7.3: a group at power 0 holds no token unless its printed power is 0 (HR-11)."""
        card = self.defs[uid]
        return card.kind != "group" or card.power == 0 or self.power(uid) > 0

    def counts_as_cabal_token(self, uid: Uid) -> bool:
        """A token that buys plots as a Cabal's does: the Cabal's, an action resource's (HR-51), or
        a card whose effect (or a linked standing plot's) says so."""
        card = self.defs[uid]
        if card.kind == "cabal" or (card.kind == "resource" and card.action):
            return True
        if card.has_op("token_counts_as"):
            return True
        if not self.links:  # pragma: no mutate: an optimisation: no links, no attachments
            return False
        return any(self.defs[a].has_op("token_counts_as") and self.defs[a].kind == "plot" for a in self.attachments(uid))
