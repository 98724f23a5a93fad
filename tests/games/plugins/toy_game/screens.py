"""Pebbles at the table: the pile, the seats, your secret bonus, the log, a prompt; its end and
its replay. As small as a game's screens can be: everything a game does at the table whatever
the game is comes from the platform (app/table_screen.py, app/end_screen.py,
app/replay_screen.py); what is here is only Pebbles'."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from grail_tui.app.end_screen import TableEndScreen
from grail_tui.app.keyline import KeyFooter
from grail_tui.app.paths import record_note
from grail_tui.app.replay_screen import CLOSING, TableReplay, steps
from grail_tui.app.table_screen import ANSWERED, Key, TableScreen, waiting_why
from grail_tui.app.wrappedlog import WrappedLog
from grail_tui.games.api import Drawing

from .engine import Bid, Doubt, PlayerView, PublicView, Reply, Stage, Take
from .situation import status

CSS = Path(__file__).parent / "pebbles.tcss"


@dataclass(frozen=True)
class Glyphs:
    """Pebbles' own characters, for the shell's choice."""

    ascii_only: bool
    pebble: str
    mover: str  # before the seat whose move it is


def glyphs(drawing: Drawing) -> Glyphs:
    return Glyphs(True, "o", ">") if drawing.ascii_only else Glyphs(False, "●", "›")


# -- words ------------------------------------------------------------------------------------

QUESTIONS = {  # what y and n answer, by stage
    Stage.BIDS: "Bid in secret: y begins with one pebble from the pile, n with none.",
    Stage.DOUBTS: "{taker} took two. In secret: y doubts it, n lets it stand.",
    Stage.REPLY: "You were doubted: y keeps both (each doubter takes one), n gives one back.",
}
HAND_OFF = {
    Stage.BIDS: "Bid in secret: one pebble or none.",
    Stage.DOUBTS: "A take of two: doubt it or let it stand, in secret.",
    Stage.REPLY: "Your take was doubted: keep both, or give one back.",
    Stage.TURN: "It is your turn: take one pebble or two.",
}


def seats_text(view: PublicView, mine: PlayerView | None, g: Glyphs) -> Text:
    """Who has taken how many; the seat at the keyboard's own bonus, a secret, on a line of its
    own (nobody else's: each shows only at the end)."""
    text = Text()
    for seat in range(view.players):
        mark = g.mover if seat == view.mover and view.outcome is None else " "
        text.append(f"{mark} {view.name(seat)[:14]:<14} {view.taken[seat]:>2} {g.pebble * min(view.taken[seat], 20)}")
        if view.bonuses is not None:
            text.append(f"  + bonus {view.bonuses[seat]}")
        text.append("\n")
    if mine is not None and view.bonuses is None:
        text.append(f"\nYour secret bonus: {mine.bonus}", "bold")
    return text


def prompt(view: PublicView, mine: PlayerView | None, asked: bool, answered: bool, *, hotseat: bool) -> str:
    if view.outcome is not None:
        return "The game is over."
    if mine is None:
        return ("Hidden: pass the keyboard to the player asked." if hotseat
                else "You are watching; each bonus is hidden.")
    if answered:
        return ANSWERED
    if not asked:
        return "Waiting for the others…" if view.mover is None else f"Waiting for {view.name(view.mover)}…"
    if view.stage is Stage.TURN:
        return "Your turn: 1 takes one pebble, 2 takes two (a take of two may be doubted)."
    assert view.mover is not None or view.stage is Stage.BIDS
    return QUESTIONS[view.stage].format(taker=view.name(view.mover) if view.mover is not None else "")


def end_text(view: PublicView, record_path: str | None) -> Text:
    out = view.outcome
    text = Text()
    if out is None:
        return text
    text.append("Game over\n", "bold")
    text.append(out.describe(view.name) + "\n\n", "bold")
    for seat in range(view.players):
        bonus = view.bonuses[seat] if view.bonuses is not None else 0
        text.append(f"{view.name(seat)[:14]:<14} took {view.taken[seat]:>2} + bonus {bonus} = {out.scores[seat]}\n")
    if record_path:
        text.append("\n" + record_note(record_path), "dim")
    return text


# -- the keys ---------------------------------------------------------------------------------

ANSWERS = (Stage.BIDS, Stage.DOUBTS, Stage.REPLY)


def turn_why(screen: PebblesScreen) -> str | None:
    said = waiting_why(screen)
    if said or screen.public is None or screen.public.outcome is not None:
        return said
    if screen.is_asked():
        return "y or n answers the question now."
    mover = screen.public.mover
    return f"It is {screen.public.name(mover)}'s turn: wait for yours." if mover is not None else "Everyone bids first."


def answer_why(screen: PebblesScreen) -> str | None:
    said = waiting_why(screen)
    if said or screen.public is None or screen.public.outcome is not None:
        return said
    return "1 or 2 takes pebbles now." if screen.is_asked() else "Nothing is asked of you now."


def stage_asked(*stages: Stage) -> Any:
    return lambda screen: screen.is_asked() and screen.public.stage in stages


KEYS = {
    "take": Key(stage_asked(Stage.TURN), turn_why),
    "yes": Key(stage_asked(*ANSWERS), answer_why),
    "no": Key(stage_asked(*ANSWERS), answer_why),
}


# -- the screens ------------------------------------------------------------------------------


class PebblesScreen(TableScreen):
    CSS_PATH = CSS
    KEYS = KEYS
    BINDINGS = [
        Binding("1", "take(1)", "Take 1", id="take-1"),
        Binding("2", "take(2)", "Take 2", id="take-2"),
        Binding("y", "yes", "Yes", id="yes"),
        Binding("n", "no", "No", id="no"),
        *TableScreen.AT_EVERY_TABLE,
    ]
    public: PublicView | None
    mine: PlayerView | None

    def __init__(self, client: Any, drawing: Drawing) -> None:
        super().__init__(client, glyphs(drawing))

    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)  # players' names: plain text
        with Horizontal(id="body"):
            with Vertical(id="table"):
                yield Static(id="pile", markup=False)
                yield Static(id="seats", markup=False)
            yield WrappedLog(id="log")
        with Vertical(id="prompt"):
            yield Static(id="prompt-text", markup=False)
            yield Static(id="prompt-error", markup=False)
        yield KeyFooter()

    def status(self, view: PublicView) -> tuple[str, str]:
        return status(view, self.viewer, hotseat=self.hotseat)

    def position(self) -> object:
        view = self.public
        assert view is not None
        return view.stage, view.pile, view.mover, view.taken

    def hand_off_reason(self) -> str:
        return HAND_OFF[self.public.stage] if self.public is not None and self.public.stage in HAND_OFF else ""

    def end_screen(self) -> Screen[Any]:
        return PebblesEnd(self.client, self.g)

    def log_shown(self) -> bool:
        return True  # always beside the pile

    def answer(self, yes: bool) -> None:
        view, seat = self.public, self.viewer
        if view is None or seat is None:
            return
        make = {Stage.BIDS: lambda: Bid(seat, int(yes)), Stage.DOUBTS: lambda: Doubt(seat, yes),
                Stage.REPLY: lambda: Reply(seat, yes)}.get(view.stage)
        if make is not None:
            self.submit(make())

    def action_take(self, count: int) -> None:
        if self.viewer is not None:
            self.submit(Take(self.viewer, int(count)))

    def action_yes(self) -> None:
        self.answer(True)

    def action_no(self) -> None:
        self.answer(False)

    def paint(self) -> None:
        view = self.public
        assert view is not None
        self.say("#pile", f"The pile  {self.g.pebble * view.pile}  {view.pile}")
        self.say("#seats", seats_text(view, self.mine, self.g))
        self.write_log(self.query_one(WrappedLog))
        self.say("#prompt-text", prompt(view, self.mine, self.is_asked(), self.answered(), hotseat=self.hotseat))
        self.say("#prompt-error", self.error)
        self.keys_follow()


class PebblesEnd(TableEndScreen):
    def text(self, view: PublicView, record_path: str | None) -> Text:
        return end_text(view, record_path)


class PebblesReplay(TableReplay):
    CSS_PATH = CSS
    BINDINGS = [*steps("turn"), *CLOSING]

    def __init__(self, record: Any, drawing: Drawing, note: str | None = None) -> None:
        from .kind import KIND

        super().__init__(KIND, record, glyphs(drawing), note)

    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)
        with Horizontal(id="body"):
            with Vertical(id="table"):
                yield Static(id="pile", markup=False)
                yield Static(id="seats", markup=False)
                yield Static(id="replay-end")
            yield WrappedLog(id="log", classes="pane -current")
        yield KeyFooter()

    def page_of(self, game: Any) -> object:
        return game.mover

    def where(self, view: PublicView) -> str:
        return f"{view.pile} pebbles left"

    def show(self) -> None:
        view = self.game.public_view()
        self.query_one("#pile", Static).update(f"The pile  {self.g.pebble * view.pile}  {view.pile}")
        self.query_one("#seats", Static).update(seats_text(view, None, self.g))
        log = self.query_one(WrappedLog)
        log.reset()
        log.add(self.log_lines())
        self.query_one("#replay-end", Static).update(self.note_here() + end_text(view, None))
