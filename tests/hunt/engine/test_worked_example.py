"""RULES §9: the booklet's worked example, action by action."""

from grail_tui.games.hunt.engine import (
    Concede,
    CoverBlown,
    Field,
    Initiate,
    Match,
    Object,
    Pass,
    Proposal,
    Propose,
)

from .helpers import carry_out, new_game, opening, step

GREGOR, MANUEL, INGA = 0, 1, 2
AC, MA, AR = Initiate.AC, Initiate.MA, Initiate.AR


def setup_example():
    game = new_game(3, names=("Gregor", "Manuel", "Inga"))
    opening(game, {
        GREGOR: {AC: ["A10", "A5"]},  # 15
        MANUEL: {AC: ["A10", "A2"], MA: ["A5"]},  # 12 and 5
        INGA: {MA: ["A10"]},  # at least 10
    })
    # Bring the pieces to where the example starts.
    carry_out(game, step(AC, Field.TORTOSA))  # Gregor
    carry_out(game, step(MA, Field.MASYAF))  # Manuel
    carry_out(game, step(AR, Field.MALTA))  # Inga
    return game


def test_worked_example():
    game = setup_example()
    assert game.mover == GREGOR
    assert game.public_view().positions[AC] == Field.TORTOSA

    game.apply(Propose(GREGOR, step(AC, Field.AKKON)))
    for objection in (1, 2, 5, 10):
        game.apply(Pass(INGA))
        game.apply(Object(MANUEL, objection))
        assert game.public_view().contest.high == objection
        game.apply(Match(GREGOR, objection))
    game.apply(Object(MANUEL, 12))
    game.apply(Pass(INGA))
    game.apply(Concede(GREGOR))

    known = game.public_view().known
    assert known[GREGOR][AC] == 10
    assert known[MANUEL][AC] == 12
    assert known[INGA][AC] == 0
    assert game.public_view().positions[AC] == Field.TORTOSA  # the step did not happen

    carry_out(game, step(AR, Field.PRAGUE))  # nobody objects
    assert game.public_view().positions[AR] == Field.PRAGUE

    # The booklet skips Manuel's turn; he moves AC on to Akkon, which the
    # blow below needs (house reading, docs/rules.md).
    assert game.mover == MANUEL
    carry_out(game, step(AC, Field.AKKON))

    assert game.mover == INGA
    game.apply(Propose(INGA, Proposal(MA, Field.AKKON, blow=AC)))
    game.apply(Pass(GREGOR))
    game.apply(Pass(MANUEL))

    blown = [e for e in game.history if isinstance(e, CoverBlown)]
    assert len(blown) == 1
    assert blown[0].losses == (15, 12, 0)  # Gregor 15, Manuel 12, Inga 0
    assert blown[0].payer == INGA
    view = game.public_view()
    assert view.positions[AC] is None
    assert view.positions[MA] == Field.AKKON
    assert view.positions[AR] == Field.PRAGUE
    assert view.losses[GREGOR][AC] == 15 and view.losses[MANUEL][AC] == 12 and view.losses[INGA][AC] == 0
    assert game.view(INGA).sheet.influence[MA] == 0  # paid 10 of her 10
    assert game.view(MANUEL).sheet.influence[AC] == 0
    assert view.grail_field == Field.CENTRE and view.bearer is None
    assert game.mover == GREGOR and game.outcome is None
