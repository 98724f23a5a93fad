"""Side panes: the bidding war, your sheet, the public table and the log.

Each pane repaints only when what it shows has changed: over a slow link a
cursor move in the composer must not resend the whole screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from grail_tui.app.wrappedlog import WrappedLog

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
from ..glyphs import Glyphs
from ..words import matched_words
from .board import society_style

TITLE = Style(bold=True)
DIM = Style(dim=True)
USED = Style(dim=True)


def short(name: str, width: int = 3) -> str:
    return name[:width]


def initiate_label(i: Initiate, plain: bool = False) -> Text:
    return Text(i.code, society_style(i.society, plain))


class Pane(Static):
    """A pane that skips a repaint when its inputs, or what they come to, are as before."""

    _shown: object = None
    _text: Text | None = None

    def unchanged(self, key: object) -> bool:
        if key == self._shown:
            return True
        self._shown = key
        return False

    def paint(self, text: Text) -> None:
        if text != self._text:
            self._text = text
            self.update(text)


class ContestPane(Pane):
    """The proposal on the table, everyone's showing, whose answer is awaited, and the
    standing answers of the player at the keyboard."""

    def show(self, view: PublicView, last: str | None, me: int | None = None,
             standing: str = "") -> None:
        if self.unchanged((id(view), view, last, me, standing)):
            return
        text = Text()
        text.append("Bidding war\n", TITLE)

        def name(p: int) -> str:
            return "You" if p == me else view.name(p)

        contest = view.contest
        if contest is None:
            text.append("No proposal on the table.\n", DIM)
            if last:
                text.append(f"\nLast: {last}\n")
            if view.rejected:
                text.append("\nRejected this turn:\n", DIM)
                for rejected in view.rejected:
                    text.append(f"- {describe_proposal(rejected)}\n")
        else:
            text.append(f"{name(contest.mover)} {'propose' if contest.mover == me else 'proposes'}:\n")
            text.append(describe_proposal(contest.proposal) + "\n", Style(bold=True))
            text.append(f"Round {contest.round}", DIM)
            text.append(f" · objections must beat {contest.showing}\n" if contest.awaiting and
                        contest.mover not in contest.awaiting else "\n", DIM)
            for p in range(view.players):
                replying = not contest.awaiting or contest.awaiting == (contest.mover,)
                mark = "mover" if p == contest.mover else ("holds" if replying and p == contest.holder else "")
                amount = contest.shown[p]
                line = f"{name(p)[:12]:<12} {amount if amount else '-':>3} {mark}"
                style = Style(bold=True) if p in contest.awaiting else Style()
                text.append(line.rstrip() + ("  …" if p in contest.awaiting else "") + "\n", style)
            waiting = [view.name(p) for p in contest.awaiting if p != me]
            waiting += ["you"] if me in contest.awaiting else []
            names = " and ".join([", ".join(waiting[:-1]), waiting[-1]] if len(waiting) > 1 else waiting)
            if names:
                text.append(f"Waiting for {names}\n", DIM)
            high = 0
            for k, r in enumerate(contest.rounds):
                shown = k >= len(contest.rounds) - 4
                if isinstance(r, ObjectionsRevealed):
                    if shown and r.objections:
                        bits = ", ".join(f"{name(p)} {a}" for p, a in r.objections)
                        text.append(f"R{r.round}: {bits}\n", DIM)
                    elif shown:
                        text.append(f"R{r.round}: no objection\n", DIM)
                    high = r.high
                elif isinstance(r, Matched) and shown:
                    text.append(f"   {matched_words(name(r.player), r.amount, high, you=r.player == me)}\n", DIM)
        if standing:
            text.append(f"\nStanding: {standing} (w changes)\n", Style(italic=True))
        self.paint(text)


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


class SheetPane(Pane):
    def show(self, view: PlayerView | None, g: Glyphs, pending: Sequence[Placement] = (),
             cursor: int | None = None, selected: frozenset[int] = frozenset(), *,
             spectator: bool = False) -> None:
        if self.unchanged((id(view), view, tuple(pending), cursor, selected, spectator)):
            return
        if view is None:
            why = ("You are watching: every sheet stays hidden until the end of the game."
                   if spectator else "Hidden while another player is asked to act.")
            self.paint(Text.assemble(("Sheets\n" if spectator else "Your sheet\n", TITLE), (why, DIM)))
            return
        text = sheet_text(view.sheet, g, pending, cursor, selected, plain=self.app.no_color)
        if view.hq is not None:
            text.append(f"You hold: HQ {view.hq.title}\n", Style(bold=True))
        self.paint(text)


class KnownPane(Pane):
    """What everyone is known to have at least, and published losses."""

    def show(self, view: PublicView, me: int | None = None) -> None:
        if self.unchanged((id(view), view, me)):
            return
        text = Text()
        text.append("Known at least\n", TITLE)
        width = 3 if view.players > 5 else 4
        text.append("   ")
        for p in range(view.players):
            who = "You" if p == me else view.name(p)
            text.append(f"{short(who, width - 1):>{width}}", DIM)
        text.append("\n")
        for i in Initiate:
            removed = view.positions[i] is None
            text.append_text(initiate_label(i, self.app.no_color))
            text.append("x" if removed else " ", Style(color="red"))
            for p in range(view.players):
                if removed:  # the published loss is exact: 0 is a figure, not "nothing known"
                    lost = view.losses[p][i]
                    cell = "-" if lost is None else str(lost)
                else:
                    cell = str(view.known[p][i]) if view.known[p][i] else "-"
                text.append(f"{cell:>{width}}", Style(strike=removed) if removed else Style())
            text.append("\n")
        text.append("x: out of play, exact losses\n", DIM)
        self.paint(text)


class LogPane(WrappedLog):
    """The log; it scrolls from the keyboard when focused (↑/↓, PgUp/PgDn, Home/End) and
    stays where the reader scrolled to when new lines arrive."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.shown = 0
        self.follow = True  # at the end, following new lines (False once the reader scrolls up)
        self._catching_up = False  # lines written to follow have not been scrolled to yet
        self.border_title = "Log · PgUp PgDn · Esc"

    def reset(self) -> None:
        super().reset()
        self.shown = 0

    def add(self, lines: Sequence[str]) -> None:
        fresh = lines[self.shown:]
        if not fresh:
            return
        # Hidden, it keeps following as it was. Lines that came a moment ago are not in view yet
        # (the log scrolls to them after the next refresh), so until then the end has moved away
        # from a reader who never scrolled: it still follows.
        if self.display and self.size.height and not self._catching_up:
            self.follow = self.scroll_offset.y >= self.max_scroll_y
        for line in fresh:
            self.write_line(line, scroll_end=self.follow)
        if self.follow and not self._catching_up:
            self._catching_up = True
            self.call_after_refresh(self._caught_up)
        self.shown = len(lines)

    def _caught_up(self) -> None:
        self._catching_up = False

    def on_show(self) -> None:
        if self.follow:  # lines written while hidden: show the newest
            self.call_after_refresh(self.scroll_end, animate=False, immediate=True)
