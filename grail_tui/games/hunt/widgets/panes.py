"""Side panes: the bidding war, your sheet, the public table and the log."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.widgets import RichLog, Static

from grail_tui.app.glyphs import Glyphs

from ..engine import (
    UNITS,
    Initiate,
    Matched,
    ObjectionsRevealed,
    Placement,
    PlayerView,
    PublicView,
    SheetView,
    describe_proposal,
)
from .board import society_style

TITLE = Style(bold=True)
DIM = Style(dim=True)
USED = Style(dim=True)


def short(name: str, width: int = 3) -> str:
    return name[:width]


def initiate_label(i: Initiate, plain: bool = False) -> Text:
    return Text(i.code, society_style(i.society, plain))


class ContestPane(Static):
    """The proposal on the table, everyone's showing, whose answer is awaited."""

    def show(self, view: PublicView, last: str | None) -> None:
        text = Text()
        text.append("Bidding war\n", TITLE)
        contest = view.contest
        if contest is None:
            text.append("No proposal on the table.\n", DIM)
            if last:
                text.append(f"\nLast: {last}\n")
            if view.rejected:
                text.append("\nRejected this turn:\n", DIM)
                for rejected in view.rejected:
                    text.append(f"- {describe_proposal(rejected)}\n")
            self.update(text)
            return
        text.append(f"{view.name(contest.mover)} proposes:\n")
        text.append(describe_proposal(contest.proposal) + "\n", Style(bold=True))
        text.append(f"Round {contest.round}", DIM)
        text.append(f"  · objections must beat {contest.showing}\n" if contest.awaiting and
                    contest.mover not in contest.awaiting else "\n", DIM)
        for p in range(view.players):
            replying = not contest.awaiting or contest.awaiting == (contest.mover,)
            mark = "mover" if p == contest.mover else ("holds" if replying and p == contest.holder else "")
            amount = contest.shown[p]
            line = f"{view.name(p)[:12]:<12} {amount if amount else '-':>3} {mark}"
            style = Style(bold=True) if p in contest.awaiting else Style()
            text.append(line.rstrip() + ("  …" if p in contest.awaiting else "") + "\n", style)
        names = ", ".join(view.name(p) for p in contest.awaiting)
        if names:
            text.append(f"Waiting for {names}\n", DIM)
        for r in contest.rounds[-4:]:
            if isinstance(r, ObjectionsRevealed):
                if r.objections:
                    bits = ", ".join(f"{view.name(p)} {a}" for p, a in r.objections)
                    text.append(f"R{r.round}: {bits}\n", DIM)
                else:
                    text.append(f"R{r.round}: no objection\n", DIM)
            elif isinstance(r, Matched):
                text.append(f"   {view.name(r.player)} matches {r.amount}\n", DIM)
        self.update(text)


def sheet_text(sheet: SheetView, g: Glyphs, pending: Sequence[Placement] = (),
               cursor: int | None = None, selected: frozenset[int] = frozenset(),
               title: str = "Your sheet", plain: bool = False) -> Text:
    text = Text()
    pend = {u for u, _ in pending}
    free = set(sheet.free)
    text.append(f"{title}  ({sheet.remaining - sum(u.points for u in pend)} left)\n", TITLE)
    for strip in ("A", "B"):
        text.append(f"{strip} ")
        for u in UNITS:
            if u.strip != strip:
                continue
            label = str(u.points)
            style = Style()
            if u not in free:
                label, style = g.used * len(label), USED
            elif u in pend:
                label, style = "+" * len(label), Style(color="cyan", bold=True)
            if u.index in selected:
                style += Style(color="magenta", bold=True) + Style(underline=True)
            if cursor == u.index:
                style += Style(reverse=True)
            text.append(label, style)
            text.append(" ")
        text.append("\n")
    adds: dict[Initiate, int] = {}
    for u, i in pending:
        adds[i] = adds.get(i, 0) + u.points
    for i in Initiate:
        text.append_text(initiate_label(i, plain))
        value = sheet.influence[i]
        line = f" {value:>3}"
        if sheet.costs[i]:
            line += f" (paid {sheet.costs[i]})"
        if i in adds:
            line += f" +{adds[i]}"
        text.append(line + "\n")
    return text


class SheetPane(Static):
    def show(self, view: PlayerView | None, g: Glyphs, pending: Sequence[Placement] = (),
             cursor: int | None = None, selected: frozenset[int] = frozenset()) -> None:
        if view is None:
            self.update(Text.assemble(("Your sheet\n", TITLE),
                                      ("Hidden while another player is asked to act.", DIM)))
            return
        text = sheet_text(view.sheet, g, pending, cursor, selected, plain=self.app.no_color)
        if view.hq is not None:
            text.append(f"You hold: HQ {view.hq.title}\n", Style(bold=True))
        self.update(text)


class KnownPane(Static):
    """What everyone is known to have at least, and published losses."""

    def show(self, view: PublicView) -> None:
        text = Text()
        text.append("Known at least\n", TITLE)
        width = 3 if view.players > 5 else 4
        text.append("   ")
        for p in range(view.players):
            text.append(f"{short(view.name(p), width - 1):>{width}}", DIM)
        text.append("\n")
        for i in Initiate:
            removed = view.positions[i] is None
            text.append_text(initiate_label(i, self.app.no_color))
            text.append("x" if removed else " ", Style(color="red"))
            for p in range(view.players):
                value = view.losses[p][i] if removed else view.known[p][i]
                cell = "-" if not value else str(value)
                text.append(f"{cell:>{width}}", Style(strike=removed) if removed else Style())
            text.append("\n")
        text.append("x: out of play, exact losses\n", DIM)
        self.update(text)


class LogPane(RichLog):
    def __init__(self, **kwargs: object) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, **kwargs)  # type: ignore[arg-type]
        self.shown = 0

    def reset(self) -> None:
        self.clear()
        self.shown = 0

    def add(self, lines: Sequence[str]) -> None:
        for line in lines[self.shown:]:
            self.write(line)
        self.shown = len(lines)
