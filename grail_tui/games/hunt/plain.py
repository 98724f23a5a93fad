"""The hunt in plain lines (``grail-tui --plain``): the board, the sheet and the choices in words.

Everything here reads one seat's view (or the public one) and the legal actions the table client
worked out from it, so the plain front end offers exactly what the full screen offers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..kit.plain import Choice, read_amount
from .engine import (
    INITIATES,
    Assign,
    Concede,
    Initiate,
    Match,
    Object,
    Pass,
    Phase,
    PlayerView,
    Propose,
    PublicView,
    Unit,
    describe_proposal,
)
from .situation import REQUESTS, Request, situation, status
from .standing import StandingAnswers


def _public(view: Any) -> PublicView:
    return view.public if isinstance(view, PlayerView) else view


def read_assignment(text: str, player: int) -> Assign:
    """ "A10 B3 AC A9 MA": units, each group followed by the initiate it goes on."""
    placements: list[tuple[Unit, Initiate]] = []
    units: list[Unit] = []
    for word in text.replace(",", " ").split():
        if word[:1].upper() in ("A", "B") and word[1:].isdigit():
            units.append(Unit.parse(word))
            continue
        initiate = Initiate.parse(word)
        if not units:
            raise ValueError(f"Name the units before {initiate.code}, for example: A10 B3 {initiate.code}.")
        placements += [(unit, initiate) for unit in units]
        units = []
    if units:
        raise ValueError("Name the initiate after its units, for example: A10 B3 AC.")
    return Assign(player, tuple(placements))


class HuntPlain:
    """The hunt's words and choices for the plain front end."""

    def status(self, view: Any, seat: int | None) -> tuple[str, str]:
        return status(_public(view), seat, hotseat=False)

    def board(self, view: Any, seat: int | None) -> list[str]:
        pub = _public(view)
        lines = ["The board, field by field (only fields with an initiate or the grail):"]
        fields = sorted({f for f in pub.positions if f is not None} | {pub.grail_field}, key=lambda f: f.value)
        for where in fields:
            here = [f"{i.title} ({i.code}{', with the grail' if pub.bearer is i else ''})"
                    for i in pub.initiates_on(where)]
            grail = pub.bearer is None and pub.grail_field == where
            things = here + (["the grail lies here"] if grail else [])
            lines.append(f"  {where.title} ({where.square}): {'; '.join(things)}.")
        out = [i.code for i in INITIATES if pub.positions[i] is None]
        if out:
            lines.append(f"  Out of play: {', '.join(out)}.")
        lines.append("Known influence (at least), by initiate:")
        for initiate in INITIATES:
            if pub.positions[initiate] is None:
                continue
            shown = [f"{pub.name(p)} {pub.known[p][initiate]}" for p in range(pub.players)
                     if pub.known[p][initiate]]
            lines.append(f"  {initiate.code}: {', '.join(shown) if shown else 'nothing shown'}.")
        return lines

    def sheet(self, view: Any, seat: int | None) -> list[str]:
        if not isinstance(view, PlayerView):
            return ["You are watching: every sheet is secret until the end."]
        sheet = view.sheet
        lines = ["Your sheet (secret):"]
        for initiate in INITIATES:
            units = [u.code for u, i in sheet.placements if i is initiate]
            if units or sheet.influence[initiate]:
                lines.append(f"  {initiate.code} {initiate.title}: {sheet.influence[initiate]} "
                             f"({', '.join(units) or 'no units'}).")
        if len(lines) == 1:
            lines.append("  Nothing assigned yet.")
        free = " ".join(u.code for u in sheet.free)
        lines.append(f"  Free units: {free or 'none'} ({sheet.remaining} points).")
        if view.hq is not None:
            lines.append(f"  Your HQ: {view.hq.title}.")
        return lines

    def situation(self, view: Any, seat: int | None, *, asked: bool, pending: Any,
                  standing: Any = None) -> str:
        pub = _public(view)
        pv = view if isinstance(view, PlayerView) else None
        request = REQUESTS.get(pub.phase) if asked and pv is not None else None
        if standing is not None and hasattr(standing, "describe") and not standing.empty:
            return f"{self._ask(request, pub, pv, pending)} Standing answers: {standing.describe()}."
        return self._ask(request, pub, pv, pending)

    def _ask(self, request: Request | None, pub: PublicView, pv: PlayerView | None, pending: Any) -> str:
        if request is Request.OPENING:
            return "Opening: assign your influence in secret."
        if request is Request.TURN:
            if pv is not None and not pv.may_assign:
                return "Your proposal was rejected: propose something else."
            return "Your turn: propose an action with an initiate, or assign influence."
        contest = pub.contest
        if request is Request.OBJECTION and contest is not None and pv is not None:
            have = pv.sheet.influence[contest.proposal.initiate]
            return (f"{pub.name(contest.mover)} proposes: {describe_proposal(contest.proposal)}. "
                    f"You may object: beat {contest.showing}; you have {have} on "
                    f"{contest.proposal.initiate.title}.")
        if request is Request.REPLY and contest is not None and contest.holder is not None and pv is not None:
            have = pv.sheet.influence[contest.proposal.initiate]
            return (f"{pub.name(contest.holder)} objects with {contest.high} to "
                    f"{describe_proposal(contest.proposal)}. Match {contest.high}, raise (you have "
                    f"{have} on {contest.proposal.initiate.title}) or concede.")
        # the screen's own words for waiting, without its keys
        return situation(None, pub, pv, pending)

    def choices(self, view: Any, seat: int, legal: Sequence[Any], standing: Any = None) -> list[Choice]:
        if not isinstance(view, PlayerView) or not legal:
            return []
        pub = view.public
        if pub.phase is Phase.OPENING:
            return [self._assign(seat, "any initiates"),
                    Choice("Assign nothing now", action=Assign(seat, ()))]
        if pub.phase is Phase.TURN:
            return self._turn(view, seat, legal)
        contest = pub.contest
        if pub.phase is Phase.OBJECTIONS and contest is not None:
            have = view.sheet.influence[contest.proposal.initiate]
            current = standing if isinstance(standing, StandingAnswers) else StandingAnswers(pub.turn)
            code = contest.proposal.initiate.code
            return [
                Choice("Pass", action=Pass(seat)),
                Choice(f"Object (beat {contest.showing}; you have {have} on {code})",
                       ask=f"Object with how much? Above {contest.showing}, at most {have}.",
                       parse=lambda text: Object(seat, read_amount(text, "the amount"))),
                Choice("Standing answers for the rest of this turn", then=(
                    Choice("Pass on every proposal this turn", action=current.passing(), standing=True),
                    Choice(f"Keep objecting to moves of {code} this turn, up to an amount",
                           ask=f"Object to moves of {code} with how much? That amount is shown at once "
                               f"whenever the mover shows less (you have {have})",
                           parse=lambda text: current.objecting(contest.proposal.initiate,
                                                                read_amount(text, "the amount")),
                           standing=True),
                )),
            ]
        if pub.phase is Phase.REPLY and contest is not None:
            have = view.sheet.influence[contest.proposal.initiate]
            # only what the rules allow now: with less than the objection, conceding is all
            reveals = [a.amount for a in legal if isinstance(a, Match)]
            choices = []
            if contest.high in reveals:
                choices.append(Choice(f"Match {contest.high}", action=Match(seat, contest.high)))
            if any(amount > contest.high for amount in reveals):
                choices.append(Choice(f"Raise (above {contest.high}; you have {have})",
                                      ask=f"Reveal how much? Above {contest.high}, at most {have}.",
                                      parse=lambda text: Match(seat, read_amount(text, "the amount"))))
            return [*choices, Choice("Concede", action=Concede(seat))]
        return []

    def _assign(self, seat: int, scope: str) -> Choice:
        return Choice(f"Assign influence ({scope})",
                      ask=("Which units on which initiates? Units, then the initiate they go on, "
                           "for example: A10 B3 AC A9 MA."),
                      parse=lambda text: read_assignment(text, seat))

    def _turn(self, view: PlayerView, seat: int, legal: Sequence[Any]) -> list[Choice]:
        by_initiate: dict[Initiate, list[Choice]] = {}
        for action in legal:
            if isinstance(action, Propose):
                by_initiate.setdefault(action.proposal.initiate, []).append(
                    Choice(describe_proposal(action.proposal), action=action))
        choices = [Choice(f"Propose with {initiate.title} ({initiate.code})", then=tuple(options))
                   for initiate, options in sorted(by_initiate.items())]
        if view.may_assign:
            scope = "any initiates" if view.public.small else "one initiate only"
            choices.append(self._assign(seat, scope))
            choices.append(Choice("Assign nothing (your turn ends)", action=Assign(seat, ())))
        return choices


PLAIN = HuntPlain()
