"""The hunt's guided first game: its set-up, its plan, its scripted player and its words.

Two players, the person first, against Inga, who follows the script. The plan in short:
AC walks from the Templars' corner towards the grail, Inga moves Mansur (MA) into its way,
AC blows Mansur's cover, picks up the grail in the centre and carries it home. On the way the
person assigns in secret (the opening), proposes, answers Inga's proposals, meets an objection
to match or raise, blows a cover, takes the grail and sees the end. Inga moves AC on some turns
too: nobody owns an initiate.

Each step is explained where it happens (``STEPS``); a move off the plan is refused in the
lesson's words (``refuse``), so the lesson always reaches its next step. The words here are the
project's own, not the printed rules'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..kit.lesson import LessonStep, LessonTable
from .engine import (
    Action,
    Assign,
    Concede,
    Field,
    GrailMove,
    Initiate,
    Object,
    Pass,
    Phase,
    PlayerView,
    Proposal,
    Propose,
    PublicView,
    Setup,
    Unit,
    describe_proposal,
)

AC, MA = Initiate.AC, Initiate.MA
TEACHER = "Inga"
LESSON_SEED = 2008
ON_AC = 17  # the person's least on AC: after the blow's 10 still more than Inga's 6
INGA_ON_AC = 6  # what Inga puts on AC, and the most she objects with
INGA_OPENING = ((Unit.parse("A6"), AC), (Unit.parse("A10"), MA), (Unit.parse("B9"), MA))

STEPS: tuple[LessonStep, ...] = (
    LessonStep(
        "opening", "1 of 8 · Your secret sheet",
        "You and Inga each hold a secret sheet: 19 units worth 1 to 10, 100 points in all. "
        "Nobody owns an initiate. Whoever has the most influence on the initiate who brings "
        "the grail home wins.\n\n"
        "First, in secret, put units on initiates. For this lesson put your 10 and your 9 on "
        "Alberto Castellano (AC), the Templar in the top-left corner.",
        "a opens your sheet · 2 puts the unit under the cursor (the biggest left) on AC, "
        "so 2 twice puts the 10 and the 9 there · ←/→ and Space pick others · Enter confirms"),
    LessonStep(
        "propose", "2 of 8 · Proposing a move",
        "On your turn you propose one action with any initiate: a step to the next field up, "
        "down, left or right (later, a blow). The others may object before it happens.\n\n"
        "Move AC one field towards the grail in the centre: to Tortosa.",
        "p proposes · 2 picks AC (or ↑/↓ and Enter) · ↑/↓ and Enter choose the step"),
    LessonStep(
        "object", "3 of 8 · Answering a proposal",
        "Inga proposes a move. Everyone else answers at once, in secret: pass, or object by "
        "showing part of your influence on the initiate that would move. Only the highest "
        "objection counts.\n\n"
        "You have nothing on Mansur (MA), so pass. Nobody learns why you passed.",
        "n passes · o objects (type an amount, Enter sends it)"),
    LessonStep(
        "match", "4 of 8 · Matching and raising",
        "Inga objects to your move by showing some of her influence on AC. To keep the "
        "proposal you show at least as much (match) or more (raise); then she may object "
        "again, higher. What anyone shows becomes public but costs nothing. If you concede, "
        "the move does not happen.\n\n"
        "Hold on to your move: match or raise until Inga lets it pass.",
        "m matches · r raises (type the amount, Enter) · c concedes"),
    LessonStep(
        "blow", "5 of 8 · Blowing a cover",
        "Mansur has walked onto AC's field. An initiate on whom you have at least 10 may blow "
        "the cover of another on its field: that one leaves the game, everyone's influence on "
        "it is made public and lost, and 10 of your influence on the one who blows is spent.\n\n"
        "Propose that AC blows Mansur's cover.",
        "p, 2 for AC, then choose the blow in the list with ↑/↓ and Enter"),
    LessonStep(
        "grail", "6 of 8 · The grail",
        "The grail lies in the centre. A step onto its field may pick it up; from then on its "
        "bearer may carry it along, or put it down. The game ends the moment an initiate "
        "brings the grail to its own society's corner: for AC, the Templars' corner, top left.\n\n"
        "Step AC into the centre and pick up the grail.",
        "p, 2 for AC, then the step that picks up the grail"),
    LessonStep(
        "home", "7 of 8 · Bringing it home",
        "Inga has just carried AC and the grail one field nearer home herself. She would not "
        "help a rival for nothing: she must have influence on AC too. What the others move, "
        "and what they let pass, tells you what their secret sheets hold.\n\n"
        "Carry the grail home: Akkon, Tortosa, the Templars' corner.",
        "p, 2 for AC, then a step \"with the grail\""),
    LessonStep(
        "end", "8 of 8 · The end",
        "AC is home with the grail: the game is over and every sheet is shown. The most "
        "influence on the bearer wins (on a tie, whoever made the last proposal). Your AC, "
        "less the 10 the blow spent, beat Inga's 6.\n\n"
        "In a real game nobody tells you the others' sheets: you read them from what they "
        "show, and from what they let pass.",
        "r replays the game · n starts a new game · Ctrl+Q quits"),
)
STEP = {step.key: k for k, step in enumerate(STEPS)}


def your_move(public: PublicView) -> Proposal | None:
    """The proposal the lesson asks of the person where the board stands, if one."""
    ac, ma = public.positions[AC], public.positions[MA]
    if public.bearer is AC:
        if ac is Field.GOLGOTA:
            return Proposal(AC, Field.AKKON, GrailMove.CARRY)
        if ac is Field.TORTOSA:
            return Proposal(AC, Field.HQ_TEMPLARS, GrailMove.CARRY)
        return None
    if ac is Field.HQ_TEMPLARS:
        return Proposal(AC, Field.TORTOSA)
    if ac is Field.TORTOSA:
        return Proposal(AC, Field.AKKON)
    if ac is Field.AKKON and ma is Field.AKKON:
        return Proposal(AC, blow=MA)
    if ac is Field.GOLGOTA and public.grail_field is Field.CENTRE and public.bearer is None:
        return Proposal(AC, Field.CENTRE, GrailMove.PICK_UP)
    return None


def ingas_move(public: PublicView) -> Proposal | None:
    """Inga's scripted proposal where the board stands."""
    ac, ma = public.positions[AC], public.positions[MA]
    if public.bearer is AC:
        if ac is Field.CENTRE:
            return Proposal(AC, Field.GOLGOTA, GrailMove.CARRY)
        if ac is Field.AKKON:
            return Proposal(AC, Field.TORTOSA, GrailMove.CARRY)
        return None
    if ma is Field.HQ_ASSASSINS:
        return Proposal(MA, Field.MASYAF)
    if ma is Field.MASYAF and ac is Field.AKKON:
        return Proposal(MA, Field.AKKON)
    if ma is None and ac is Field.AKKON:
        return Proposal(AC, Field.GOLGOTA)
    return None


def _keys_for(proposal: Proposal) -> str:
    return f"press p, {proposal.initiate + 1} for {proposal.initiate.code}, then choose it in the list"


class HuntLesson:
    steps: Sequence[LessonStep] = STEPS
    closed = {"standing": "Standing answers come later: in the lesson, answer each proposal yourself."}

    def table(self, name: str) -> LessonTable:
        setup = Setup(players=2, seed=LESSON_SEED, first_player=0, names=(name, TEACHER))
        return LessonTable(setup, (name, TEACHER), (False, True))

    def step_at(self, view: object, seat: int, over: bool) -> int | None:
        if over:
            return STEP["end"]
        if not isinstance(view, PlayerView):
            return None
        public = view.public
        if public.phase is Phase.OPENING and view.waiting:
            return STEP["opening"]
        if public.phase is Phase.TURN and public.mover == seat:
            wanted = your_move(public)
            if wanted == Proposal(AC, Field.TORTOSA):
                return STEP["propose"]
            if wanted is not None and wanted.is_blow:
                return STEP["blow"]
            if wanted is not None and wanted.grail is GrailMove.PICK_UP:
                return STEP["grail"]
            if wanted is not None and wanted.grail is GrailMove.CARRY:
                return STEP["home"]
            return None
        if public.phase is Phase.OBJECTIONS and view.waiting:
            return STEP["object"]
        if public.phase is Phase.REPLY and public.mover == seat:
            return STEP["match"]
        return None

    def refuse(self, view: object, seat: int, action: object) -> str | None:
        if not isinstance(view, PlayerView):
            return None
        public = view.public
        if public.phase is Phase.OPENING and isinstance(action, Assign):
            on_ac = sum(unit.points for unit, initiate in action.placements if initiate is AC)
            if on_ac < ON_AC:
                return (f"For this lesson put at least {ON_AC} on AC: u takes back, then 2 twice puts "
                        "your 10 and your 9 on AC, and Enter confirms.")
            return None
        if public.phase is Phase.TURN:
            wanted = your_move(public)
            if wanted is None or (isinstance(action, Propose) and action.proposal == wanted):
                return None
            return f"The lesson's move now: {describe_proposal(wanted)}. To propose it, {_keys_for(wanted)}."
        if public.phase is Phase.OBJECTIONS and isinstance(action, Object):
            return f"In this lesson let {TEACHER}'s move happen: n passes."
        if public.phase is Phase.REPLY and isinstance(action, Concede):
            return f"Keep your move in this lesson: m matches {TEACHER}'s objection, r raises."
        return None

    def bot(self, seed: int) -> ScriptedPlayer:
        return ScriptedPlayer()


@dataclass
class ScriptedPlayer:
    """Inga, following the lesson's plan; off the plan (it never is, the person's moves being
    held to it) she passes, or takes the first thing she may."""

    level: str = "lesson"
    budget: float = 0.0

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        me, public = view.player, view.public
        wanted: Action | None = None
        if public.phase is Phase.OPENING:
            # a fresh sheet takes any units: the legal list names single units only (its ``in``
            # checks any assignment, but the table hands a bot a plain list)
            return Assign(me, INGA_OPENING)
        if public.phase is Phase.TURN:
            proposal = ingas_move(public)
            wanted = Propose(me, proposal) if proposal is not None else None
        elif public.phase is Phase.OBJECTIONS and public.contest is not None:
            contest = public.contest
            # the person's step to Akkon meets an objection, twice if they only match the first
            if contest.proposal == Proposal(AC, Field.AKKON) and contest.showing < INGA_ON_AC:
                wanted = Object(me, 3 if contest.showing < 3 else INGA_ON_AC)
            else:
                wanted = Pass(me)
        if wanted is not None and wanted in legal:
            return wanted
        return Pass(me) if Pass(me) in legal else next(iter(legal))


LESSON = HuntLesson()
