"""Standing answers: what a player answers this turn without being asked each time.

"Pass on every proposal this turn", "keep objecting to moves of AC this turn up
to 20" (which objects with 20 at once, and passes once the mover shows 20 or more). The table client gives a standing answer through the same path and at
a person's pace (table/client.py), so nobody can tell it from a key press;
here is only what it answers, worked out from the player's own view. It ends
with the turn it was set in, unless it is set "while I'm away" (``turn`` None), which lasts until the
person changes it.

On a server's turn-based game the server keeps them and plays them while the person is away, so
they travel as *named settings* (``settings``, ``from_settings``): a closed vocabulary of small
whole numbers, checked there, never code or free text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from .engine import Action, Initiate, Object, Pass, Phase, PlayerView

MOST_INFLUENCE = 1000  # more than any sheet holds: a limit above it is a mistake
SETTINGS_HELP = ("the hunt's standing answers are 'pass' (1), 'turn' (a turn's number) and "
                 "'object-XX' (an initiate's code, up to an amount from 1 to 1000)")


@dataclass(frozen=True)
class StandingAnswers:
    turn: int | None  # None: every turn, until changed ("while I'm away")
    pass_rest: bool = False  # pass on every proposal no objection below covers
    objections: tuple[tuple[Initiate, int], ...] = ()  # keep objecting to moves of it, up to

    def done(self, view: PlayerView) -> bool:
        """Over once the turn it was set in is over (or the game)."""
        return (self.turn is not None and view.public.turn != self.turn) or view.public.phase is Phase.OVER

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

    def settings(self) -> dict[str, int]:
        """These answers as the named settings a server keeps."""
        named = {f"object-{i.code}": n for i, n in self.objections}
        if self.pass_rest:
            named["pass"] = 1
        if self.turn is not None:
            named["turn"] = self.turn
        return named

    @classmethod
    def from_settings(cls, named: Mapping[str, int]) -> StandingAnswers:
        """The answers named settings say; ValueError in words a player reads if one is unknown."""
        answers = cls(None)
        for name, value in named.items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{name[:16]!r} needs a whole number: {SETTINGS_HELP}")
            if name == "pass" and value in (0, 1):
                answers = replace(answers, pass_rest=bool(value))
            elif name == "turn" and 0 <= value <= MOST_INFLUENCE:
                answers = replace(answers, turn=value)
            elif name.startswith("object-") and name[7:] in Initiate.__members__ \
                    and 1 <= value <= MOST_INFLUENCE:
                answers = answers.objecting(Initiate[name[7:]], value)
            else:
                raise ValueError(f"{name[:16]!r} = {value} is not a standing answer: {SETTINGS_HELP}")
        return answers

    def describe(self) -> str:
        parts = [f"object to moves of {i.code} up to {n}" for i, n in self.objections]
        if self.pass_rest:
            parts.append("pass on every other proposal" if parts else "pass on every proposal")
        return "; ".join(parts)
