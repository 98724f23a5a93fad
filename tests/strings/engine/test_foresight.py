"""The chance an attack list shows is the engine's own: an attack foreseen from a seat's view has
the totals the attack window shows once it is declared."""

from __future__ import annotations

import copy
import random

from grail_tui.games.strings.engine import AttackKind, Declare, Game, foresee

from ..tui import scenarios


def test_an_attack_foreseen_from_the_view_has_the_totals_it_has_once_declared():
    rng = random.Random(1)
    checked: list[Declare] = []

    def check(game: Game) -> bool:
        if game.prompt() != "main" or game.round < 2 or rng.random() > 0.3:
            return False
        player = game.to_act()[0]
        declares = [a for a in game.legal_actions(player) if isinstance(a, Declare)]
        foreseen = foresee(game.view(player), declares)
        for declare in rng.sample(declares, min(6, len(declares))):
            declared = copy.deepcopy(game)
            declared.apply(declare)
            attack = declared.public_view().attack
            assert attack is not None
            assert foreseen[declare] == (attack.attack_total, attack.defence_total), declare
            checked.append(declare)
        return len(checked) >= 40

    scenarios.played_until(check, seed=9, round_limit=6)
    assert len({d.kind for d in checked}) == 2 and len({d.attacker for d in checked}) > 2


def test_nothing_is_foreseen_outside_the_main_phase():
    game = scenarios.support_window()
    player = game.to_act()[0]
    assert foresee(game.view(player), [Declare(player, 0, 1, AttackKind.CONTROL)]) == {}


def test_an_attack_with_global_power_is_foreseen_at_the_global_power_and_one_without_at_the_power():
    """§8.3: the list of attacks shows a global attack's chance by the attacker's global power."""
    from grail_tui.games.strings.engine.game import Attack
    from grail_tui.games.strings.engine.rules import attack_total, defence_total
    from tests.strings.helpers import A, B, at_main, seat

    game = at_main(A, B)
    mine = seat(game, 0, "K08", owner=0)  # power 4, global power 1
    theirs = seat(game, 1, "K06", owner=1)
    local, wide = (Declare(0, mine, theirs, AttackKind.CONTROL, use_global) for use_global in (False, True))
    foreseen = foresee(game.view(0), [local, wide])
    for declare in (local, wide):
        attack = Attack(0, mine, theirs, AttackKind.CONTROL, declare.use_global, False)
        assert foreseen[declare] == (attack_total(game, attack)[0], defence_total(game, attack)[0])
    assert foreseen[local][0] - foreseen[wide][0] == 4 - 1
