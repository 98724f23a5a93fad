"""The status line and prompt wording, from the views alone."""

from __future__ import annotations

from grail_tui.app.table_screen import status_line as table_status
from grail_tui.games.hunt import situation
from grail_tui.games.hunt.engine import Game, Initiate, Phase, Setup


def status_line(view, viewer, *, hotseat, **platform):
    """The status line as the table screen writes it: the game's part, then the platform's."""
    where, what = situation.status(view, viewer, hotseat=hotseat)
    return table_status(where, what, names=view.name, viewer=viewer, hotseat=hotseat, **platform)


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
    assert status_line(view, 0, hotseat=False, remote=False, notice=None) == \
        "Turn 1/500 · Your turn"  # the viewer is "you", never their own name
    assert status_line(view, 1, hotseat=False, remote=False, notice=None) == \
        "Turn 1/500 · Ada's turn"
    assert status_line(view, 1, hotseat=True, remote=False, notice=None).endswith(
        "· Bea at the keyboard")
    assert status_line(view, None, hotseat=False, remote=True, notice=None).endswith(
        "· watching")
    assert status_line(view, 0, hotseat=False, remote=True,
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


def test_a_server_game_shows_its_code_and_who_is_away():
    view = _game_in_turn().public_view()
    line = status_line(view, 1, hotseat=False, remote=True, notice=None, code="ABCD", away=(2,))
    assert line.startswith("Game ABCD · Turn 1/500")
    assert line.endswith("· away: Cy")
    assert status_line(view, 1, hotseat=False, remote=True, notice="Reconnecting…",
                                 code="ABCD").startswith("Game ABCD · Reconnecting…")


def test_the_raise_key_has_one_name():
    from grail_tui.games.hunt.engine import Field, Object, Pass, Proposal, Propose
    from grail_tui.games.hunt.screens.game import GameScreen
    from grail_tui.games.hunt.ui import KEYS

    from .scenarios import midgame

    game = midgame()
    game.apply(Propose(0, Proposal(Initiate.AC, Field.AKKON)))
    game.apply(Object(1, 3))
    game.apply(Pass(2))
    assert game.phase is Phase.REPLY
    reply = situation.prompt(situation.Compose.IDLE, None, situation.Request.REPLY,
                             game.public_view(), game.view(0))
    assert "r raises" in reply and "reveals more" not in reply
    typing = situation.prompt(situation.Compose.RAISE, None, situation.Request.REPLY,
                              game.public_view(), game.view(0))
    assert typing.startswith("Raise:")
    raise_binding = next(b for b in GameScreen.BINDINGS if getattr(b, "action", "") == "raise")
    assert raise_binding.description == "Raise"
    assert "| m / r / c | match the objection / raise" in KEYS and "reveal more /" not in KEYS
    assert "must match, raise or concede" in status_line(
        game.public_view(), 1, hotseat=False, remote=False, notice=None)
