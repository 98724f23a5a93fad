"""The status line and prompt wording, from the views alone."""

from __future__ import annotations

from grail_tui.games.hunt import situation
from grail_tui.games.hunt.engine import Game, Initiate, Phase, Setup


def _game_in_turn() -> Game:
    from grail_tui.games.hunt.bots import make_bot

    game = Game(Setup(players=3, seed=3, first_player=0, names=("Ada", "Bea", "Cy")))
    bots = [make_bot("heuristic", p) for p in range(3)]
    while game.phase is Phase.OPENING:
        p = game.to_act()[0]
        game.apply(bots[p].decide(game.view(p), list(game.legal_actions(p))))
    return game


def test_status_line_names_the_mover_and_who_is_at_the_keyboard():
    view = _game_in_turn().public_view()
    assert situation.status_line(view, 0, hotseat=False, remote=False, notice=None) == \
        "Turn 1/500 · Ada's turn"
    assert situation.status_line(view, 1, hotseat=True, remote=False, notice=None).endswith(
        "· Bea at the keyboard")
    assert situation.status_line(view, None, hotseat=False, remote=True, notice=None).endswith(
        "· watching")
    assert situation.status_line(view, 0, hotseat=False, remote=True,
                                 notice="Reconnecting…").startswith("Reconnecting… · Turn 1")


def test_prompt_follows_what_is_being_composed():
    game = _game_in_turn()
    view, pv = game.public_view(), game.view(0)
    Compose, Request = situation.Compose, situation.Request
    assert "which initiate" in situation.prompt(Compose.INITIATE, None, Request.TURN, view, pv)
    assert situation.prompt(Compose.PROPOSAL, Initiate.AC, Request.TURN, view, pv).startswith(
        f"{Initiate.AC.title}: what should it do?")
    assert "any initiates" in situation.prompt(Compose.ASSIGN, None, Request.TURN, view, pv)
    assert situation.prompt(Compose.IDLE, None, Request.TURN, view, pv).startswith("Your turn")
    assert situation.prompt(Compose.IDLE, None, None, view, None) == "Waiting for Ada…"
