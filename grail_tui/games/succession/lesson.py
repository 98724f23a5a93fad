"""Grail Succession's guided first game: its deal, its plan, its scripted player and its words.

The person starts against Inga, who follows the script, from a deal (seed 446) where the
person holds one grail card and Inga two. The plan: the person plays their grail into the row,
Inga plays hers after it, the person plays one more card, and then takes the row's last five
cards, all three grails among them: a grail succession, which wins at once. On the way the
lesson explains the secret hand and the row, playing, what the row says about the other
player, taking, and how a game is won (the grails, or the score after four rounds).

A move off the plan is refused in the lesson's words (``refuse``), so it always reaches its
next step. The words here are the project's own, not the printed rules'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..kit.lesson import LessonStep, LessonTable
from .engine import GRAIL, GRAILS, Action, Pass, Play, PlayerView, Setup, Take

TEACHER = "Inga"
LESSON_SEED = 446  # the person's hand holds a grail, Inga's two, the row none

STEPS: tuple[LessonStep, ...] = (
    LessonStep(
        "hand", "1 of 4 · Your hand and the row",
        "The five cards under \"Your hand\" are yours: only you see them. Above them is the "
        "row, face up, growing from the deck towards its far end. On your turn you play one "
        "card from your hand to the far end of the row, or take from the row.\n\n"
        "Three grail cards are in the game (G). Whoever holds all three wins at once. You hold "
        "one: play it into the row.",
        "←/→ or 1-5 choose a card · p or Enter plays it"),
    LessonStep(
        "row", "2 of 4 · Reading the row",
        "Inga played a grail of her own after yours. Every card played is seen by both, so the "
        "row tells you what the other wants you to take, or wants to be rid of. Here Inga "
        "is being generous: a real opponent would keep her grails close.\n\n"
        "Play any other card now: Inga has one more to give.",
        "←/→ or 1-5 choose a card · p or Enter plays it"),
    LessonStep(
        "take", "3 of 4 · Taking",
        "Instead of playing you may take the last five cards at the far end of the row (all "
        "of them if fewer): they are yours for the whole game, face up. You may take once a "
        "round, so choose the moment.\n\n"
        "The last five now hold all three grails: take them.",
        "t shows what a take brings · t or Enter takes · Esc backs out"),
    LessonStep(
        "end", "4 of 4 · The end",
        "All three grails are yours: a grail succession wins at once. Most games go the full "
        "four rounds of six turns each instead; then each faction number (5 to 8) scores its "
        "value for whoever took more of it, each full set of 5, 6, 7 and 8 scores 5, and plus "
        "and minus cards count as written. The higher total wins.",
        "r replays the game · n starts a new game · Ctrl+Q quits"),
)
STEP = {step.key: k for k, step in enumerate(STEPS)}


def _grails_in_row(view: PlayerView) -> int:
    return sum(1 for card in view.public.row if card is GRAIL)


def your_move(view: PlayerView) -> str | None:
    """What the lesson asks of the person now: "grail" (play it), "card" (any other) or "take"."""
    in_row = _grails_in_row(view)
    if GRAIL in view.hand and in_row == 0:
        return "grail"
    if in_row == GRAILS:
        return "take"
    if in_row == 2 and view.public.row[-1] is GRAIL:
        return "card"
    return None


class SuccessionLesson:
    steps: Sequence[LessonStep] = STEPS
    closed: dict[str, str] = {}

    def table(self, name: str) -> LessonTable:
        setup = Setup(seed=LESSON_SEED, first_player=0, names=(name, TEACHER))
        return LessonTable(setup, (name, TEACHER), (False, True))

    def step_at(self, view: object, seat: int, over: bool) -> int | None:
        if over:
            return STEP["end"]
        if not isinstance(view, PlayerView) or not view.waiting:
            return None
        return {"grail": STEP["hand"], "card": STEP["row"], "take": STEP["take"]}.get(your_move(view) or "")

    def refuse(self, view: object, seat: int, action: object) -> str | None:
        if not isinstance(view, PlayerView):
            return None
        wanted = your_move(view)
        if wanted == "grail" and not (isinstance(action, Play) and action.card is GRAIL):
            return "The lesson's move now: play your grail card (G). Choose it with ←/→, then p."
        if wanted == "card" and not (isinstance(action, Play) and action.card is not GRAIL):
            return "Not yet: play any card but a grail now (←/→, then p). Inga has one more grail to give."
        if wanted == "take" and not isinstance(action, Take):
            return "The last five cards hold all three grails now: t, then t again, takes them."
        return None

    def bot(self, seed: int) -> ScriptedPlayer:
        return ScriptedPlayer()


@dataclass
class ScriptedPlayer:
    """Inga, following the lesson: she plays her grails after the person's, else her first card."""

    level: str = "lesson"
    budget: float = 0.0

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        me = view.player
        wanted: Action | None = Play(me, GRAIL) if GRAIL in view.hand and _grails_in_row(view) else None
        if wanted is None and view.hand:
            wanted = Play(me, next(card for card in view.hand if card is not GRAIL) if any(
                card is not GRAIL for card in view.hand) else view.hand[0])
        if wanted is not None and wanted in legal:
            return wanted
        return Pass(me) if Pass(me) in legal else next(iter(legal))


LESSON = SuccessionLesson()
