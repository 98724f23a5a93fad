"""A searching player, from its seat's view alone. Where it matters (its main phase: which
attack, on which target, a strike, or none) it deals the hidden hands and decks at random in
agreement with everything its view shows (world.sample), plays each of a few candidate actions
out in the same dealt worlds, every seat then played by the heuristic player with the hands it
was dealt, to the end of its turn, and keeps the candidate whose worlds end best for it
on average: a win, else how far it leads the best rival in groups. The rivals' support, their
plots and the dice of the real arithmetic are in those playouts, so it sees what the printed
numbers the heuristic player reads leave out. Everywhere else (set-up, windows, choices) it
answers as the heuristic player does.

Its effort is counted, not timed, so it decides the same on a busy machine: ``samples`` worlds
for each candidate. The time budget is a ceiling on the CPU time it spends; the table pads its
answer to the budget like any bot's."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ..engine import (
    Action,
    Declare,
    DrawGroup,
    EndTurn,
    Game,
    IllegalActionError,
    PlaceResource,
    PlayerView,
    PlayPlot,
)
from .heuristic import HeuristicBot
from .world import can_sample, sample

SAMPLES = 4  # worlds dealt per decision, each candidate played out in every one
MAX_CANDIDATES = 5  # attacks considered besides the heuristic player's own choice and ending the turn
PLAYOUT_STEPS = 300  # actions at most in one playout (a turn is rarely a tenth of it)
LEAD_SCALE = 3.0  # groups of lead that make a position about three-quarters won


class StrongBot:
    level = "strong"

    def __init__(self, seed: int = 0, budget: float = 1.0, samples: int = SAMPLES) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.samples = samples
        self.guide = HeuristicBot(seed)
        self.searched = 0  # decisions it searched (for the tests and the measurements)

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        guided = self.guide.decide(view, legal)
        if len(legal) == 1 or not can_sample(view):
            return guided
        candidates = self.candidates(view, legal, guided)
        if len(candidates) == 1:
            return candidates[0]
        self.searched += 1
        ceiling = time.process_time() + self.budget  # a ceiling on CPU time, not the usual limit
        totals = [0.0] * len(candidates)
        played = [0] * len(candidates)
        for _ in range(self.samples):
            deal, dice = self.rng.getrandbits(62), self.rng.getrandbits(62)
            for k, candidate in enumerate(candidates):
                world = sample(view, random.Random(deal))  # the same world for every candidate
                totals[k] += self.playout(world, view.player, candidate, dice)
                played[k] += 1
            if time.process_time() > ceiling:
                break
        best = max(range(len(candidates)), key=lambda k: (totals[k] / played[k], -k))
        return candidates[best]

    # -- what to consider -----------------------------------------------------------------------

    def candidates(self, view: PlayerView, legal: Sequence[Action], guided: Action) -> list[Action]:
        """The heuristic player's choice first, then the likeliest attacks (the heuristic's odds
        on printed numbers, a rival's group before its own side's), a strike, a resource, a
        group draw, and ending the turn."""
        me = view.player
        owners = {s.uid: s.controller for s in view.public.structure}
        attacks: list[tuple[float, Declare]] = []
        for action in legal:
            if not isinstance(action, Declare) or action.use_global:
                continue
            defender = owners.get(action.target, me)
            if defender == me and action.kind.value == "destroy":
                continue
            odds = self.guide.odds(view, action)
            if odds <= 0.0:
                continue
            attacks.append((odds * (2.0 if defender != me else 1.0), action))
        attacks.sort(key=lambda pair: -pair[0])
        picks: list[Action] = [guided]
        for _value, action in attacks[:MAX_CANDIDATES]:
            picks.append(action)
        for action in legal:
            if isinstance(action, PlayPlot) and action.target >= 0 and len(picks) < MAX_CANDIDATES + 3:
                picks.append(action)
                break
        for kind in (PlaceResource, DrawGroup, EndTurn):
            found = next((a for a in legal if isinstance(a, kind)), None)
            if found is not None:
                picks.append(found)
        return list(dict.fromkeys(picks))

    # -- playing one out ------------------------------------------------------------------------

    def playout(self, game: Game, me: int, first: Action, dice: int) -> float:
        """``first`` then every seat by the heuristic player to the end of this turn, claims
        included (or of the game): how good the end is for ``me``, from 0 to 1."""
        try:
            game.apply(first)
        except IllegalActionError:  # not possible in this dealt world (a per-turn count it cannot see)
            return 0.0
        game.rolls = random.Random(dice)
        policy = HeuristicBot(dice & 0xFFFF)
        start = game.turns
        for _ in range(PLAYOUT_STEPS):
            if game.is_over or game.turns > start:
                break
            seat = game.to_act()[0]
            view = game.view(seat)
            game.apply(policy.decide(view, view.legal), checked=True)
        return value(game, me)


def value(game: Game, me: int) -> float:
    """A finished game: 1 for a win (shared: its share), else 0. Otherwise the lead in groups
    over the best rival still in, pressed into 0..1 (a player out is 0)."""
    outcome = game.outcome
    if outcome is not None:
        return 1.0 / len(outcome.winners) if me in outcome.winners else 0.0
    if game.eliminated[me]:
        return 0.0
    mine = game.board.count_groups(me)
    rivals = [game.board.count_groups(p) for p in game.live() if p != me]
    lead = mine - max(rivals, default=0)
    progress = mine / max(1, game.basic_goal())
    return 0.05 + 0.9 * (0.8 * (0.5 + 0.5 * math.tanh(lead / LEAD_SCALE)) + 0.2 * progress)
