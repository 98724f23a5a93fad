"""Standing answers: what a player answers this turn without being asked each time.

"Pass on every proposal this turn", "keep objecting to moves of AC this turn up
to 20" (which objects with 20 at once, and passes once the mover shows 20 or more). The table client gives a standing answer through the same path and at
a person's pace (table/client.py), so nobody can tell it from a key press;
here is only what it answers, worked out from the player's own view. It ends
with the turn it was set in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .engine import Action, Initiate, Object, Pass, Phase, PlayerView


@dataclass(frozen=True)
class StandingAnswers:
    turn: int
    pass_rest: bool = False  # pass on every proposal no objection below covers
    objections: tuple[tuple[Initiate, int], ...] = ()  # keep objecting to moves of it, up to

    def done(self, view: PlayerView) -> bool:
        """Over once the turn it was set in is over."""
        return view.public.turn != self.turn or view.public.phase is Phase.OVER

    def answer(self, view: PlayerView) -> Action | None:
        """What to answer now; None: ask the person."""
        pub = view.public
        contest = pub.contest
        if (self.done(view) or pub.phase is not Phase.OBJECTIONS or contest is None
                or view.player == contest.mover or not view.waiting or view.answer is not None):
            return None
        limit = self.limit(contest.proposal.initiate)
        if limit is not None:
            # The whole limit at once: raising by one a round gave a bidding war of a round (and
            # a person's pace) per point, and the mover learns the same in the end.
            amount = min(limit, view.sheet.influence[contest.proposal.initiate])
            if amount > contest.showing:
                return Object(view.player, amount)
            return Pass(view.player)  # past what the player would show: they stop objecting
        return Pass(view.player) if self.pass_rest else None

    def limit(self, initiate: Initiate) -> int | None:
        return dict(self.objections).get(initiate)

    def objecting(self, initiate: Initiate, up_to: int) -> StandingAnswers:
        kept = tuple((i, n) for i, n in self.objections if i != initiate)
        return replace(self, objections=(*kept, (initiate, up_to)))

    def passing(self) -> StandingAnswers:
        return replace(self, pass_rest=True)

    @property
    def empty(self) -> bool:
        return not self.pass_rest and not self.objections

    def describe(self) -> str:
        parts = [f"object to moves of {i.code} up to {n}" for i, n in self.objections]
        if self.pass_rest:
            parts.append("pass on every other proposal" if parts else "pass on every proposal")
        return "; ".join(parts)
