"""What each attack open to a seat would be if it were declared now, before anyone supports it:
its attack and defence totals by the engine's own arithmetic (§8.6, §8.7), so the list of attacks
can be ordered by the chance of success and show it.

It reads a game rebuilt from the seat's view (sampling.py), never the true state: every number
an attack's totals depend on (structures, tokens, links, agents, agendas, Cabals) is public or
the seat's own, and what the rebuilt game deals at random (the hidden hands and decks) is not
read by the totals, so the figures are the same in every world the view allows."""

from __future__ import annotations

import random
from collections.abc import Iterable

from .actions import Declare
from .game import Attack
from .rules import attack_total, defence_total
from .sampling import can_sample, sample
from .view import PlayerView

WORLD_SEED = 0  # the seed deals only what the totals never read: any seed gives the same figures


def foresee(view: PlayerView, declares: Iterable[Declare]) -> dict[Declare, tuple[int, int]]:
    """Each attack's (attack, defence) totals if declared now; empty outside the quiet main
    phase, where no attack is declared."""
    wanted = list(declares)
    if not wanted or not can_sample(view):
        return {}
    game = sample(view, random.Random(WORLD_SEED))  # pragma: no mutate: any seed gives the same totals
    out: dict[Declare, tuple[int, int]] = {}
    for declare in wanted:
        attack = Attack(view.player, declare.attacker, declare.target, declare.kind, declare.use_global)
        out[declare] = (attack_total(game, attack)[0], defence_total(game, attack)[0])
    return out
