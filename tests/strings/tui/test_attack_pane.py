"""The attack pane when an attack ends without a roll: its target (or attacker) left play during
the support window (a strike, a shelter), so it fails (§8.9 f, HR-83), and the pane says so instead
of showing odds for a roll that never comes, or an older attack's roll as the last one."""

from __future__ import annotations

from dataclasses import replace

from grail_tui.games.strings.situation import Cards
from grail_tui.games.strings.widgets.board import attack_text

from . import scenarios

WIDTH = 40


def plain(text) -> str:
    return " ".join(text.plain.split())


def test_an_attack_whose_target_left_play_shows_no_odds_and_says_it_fails():
    game = scenarios.support_window()
    view = game.public_view()
    attack = view.attack
    cards = Cards(view)
    shown = plain(attack_text(view, cards, WIDTH))
    assert "2d6" in shown and "No roll" not in shown and "no longer in play" not in shown
    # the same moment after a strike sent the target (in a structure, or in the open area from a
    # hand) to a destroyed pile
    left = replace(view, structure=tuple(s for s in view.structure if s.uid != attack.target.uid),
                   open_area=tuple(f for f in view.open_area if f.uid != attack.target.uid))
    shown = plain(attack_text(left, cards, WIDTH))
    assert f"{cards.name(attack.target.uid)} (no longer in play)" in shown
    assert "No roll: the attacker or the target has left play, so the attack fails." in shown
    assert "2d6" not in shown and "from a hand" not in shown


def test_the_last_attack_is_the_one_that_failed_without_a_roll_not_an_older_rolled_one():
    game = scenarios.support_window()
    view = game.public_view()
    attack = view.attack
    cards = Cards(view)
    after = replace(view, attack=None)  # it ended; the view's last roll is an older attack's, or none
    assert after.last_roll is None or (after.last_roll.attacker, after.last_roll.target) != (
        attack.attacker, attack.target.uid)
    shown = plain(attack_text(after, cards, WIDTH, seen=attack))
    assert shown.startswith(f"Last attack · to {attack.attack_kind} {view.name(attack.player)}'s "
                            f"{cards.name(attack.attacker)} → {cards.name(attack.target.uid)}")
    assert "Failed without a roll: the attacker or the target left play." in shown
    assert "Rolled" not in shown
