"""The hunt's composing state, driven without a screen: what each step composes, and what the
error line says after it (games/hunt/composing.py)."""

from __future__ import annotations

import subprocess
import sys

from grail_tui.games.hunt.composing import Composition
from grail_tui.games.hunt.engine import Assign, Initiate, Match, Object, Propose
from grail_tui.games.hunt.situation import Compose

from ..tui import scenarios


def test_choosing_an_initiate_lists_its_proposals_and_back_returns_to_the_initiates():
    game = scenarios.midgame()
    seat = game.to_act()[0]
    view = game.public_view()
    legal = list(game.legal_actions(seat))
    initiate = next(a.proposal.initiate for a in legal if isinstance(a, Propose))
    composing = Composition()
    composing.propose()
    assert composing.mode is Compose.INITIATE
    assert composing.choose(initiate, view, legal) == ""
    assert composing.mode is Compose.PROPOSAL and composing.chosen is initiate
    assert composing.proposals == [a for a in legal if isinstance(a, Propose) and a.proposal.initiate == initiate]
    assert composing.highlight(0) is composing.proposals[0].proposal
    assert composing.highlighted  # the prompt says it in full words
    assert composing.proposal(0) is composing.proposals[0] and composing.proposal(99) is None
    assert composing.back() is Compose.INITIATE and composing.mode is Compose.INITIATE


def test_an_initiate_without_proposals_says_why_and_composes_nothing():
    game = scenarios.midgame()
    view = game.public_view()
    composing = Composition()
    composing.propose()
    said = composing.choose(Initiate.AC, view, [])  # every proposal with it rejected this turn
    assert said == f"Every proposal with {Initiate.AC.title} was rejected this turn."
    assert composing.mode is Compose.INITIATE and composing.chosen is None and not composing.proposals


def test_a_placement_the_table_refuses_is_not_kept():
    game = scenarios.midgame()
    seat = game.to_act()[0]
    free = game.view(seat).sheet.free
    composing = Composition()
    composing.assign(free)
    assert composing.place(Initiate.AC, free, seat, lambda _assign: "Not there.") == "Not there."
    assert composing.assignment(seat) == Assign(seat, ())
    assert composing.place(Initiate.AC, free, seat, lambda _assign: None) == ""
    assert [initiate for _, initiate in composing.assignment(seat).placements] == [Initiate.AC]
    assert composing.undo() == "" and composing.assignment(seat) == Assign(seat, ())
    assert composing.back() is Compose.IDLE and composing.idle


def test_an_amount_is_a_whole_number_and_answers_as_what_was_asked():
    composing = Composition()
    composing.ask_amount(Compose.OBJECT)
    assert composing.typed("ten") == "Type a whole number."
    assert composing.answer(1, composing.typed("7")) == Object(1, 7)
    composing.ask_amount(Compose.RAISE)
    assert composing.answer(1, 9) == Match(1, 9)
    composing.ask_amount(Compose.STANDING_AMOUNT, Initiate.MA)
    assert composing.chosen is Initiate.MA
    assert composing.back() is Compose.STANDING


def test_composing_loads_no_textual():
    code = ("import sys, grail_tui.games.hunt.composing; "
            "sys.exit(1 if 'textual' in sys.modules or 'rich' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
