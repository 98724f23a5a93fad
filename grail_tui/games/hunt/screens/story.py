"""The story of a game: influence over the turns, the turning points, each player's spending.

The story itself is computed by ``story.py`` (pure); this screen only shows it.
One initiate's track at a time: a plot (plotext) of every player's true
influence beside the public "known at least", or, with --ascii or NO_COLOR, a
table of the same numbers. At 80x24 one pane shows at a time (i, t, s or Tab);
on a large terminal all three.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from grail_tui.app.keyline import KeyFooter
from grail_tui.games.api import RecordData

from ..engine import GameRecord
from ..story import Story, Track, tell
from ..story_text import describe, spending_table, turning_points
from . import HUNT_CSS

PANES = ("plot", "turns", "spending")
# one colour per seat, the same in the plot and its legend
COLOURS = ((86, 182, 194), (229, 192, 123), (198, 120, 221), (152, 195, 121),
           (224, 108, 117), (97, 175, 239), (209, 154, 102), (190, 190, 190))
TITLE = Style(bold=True)
DIM = Style(dim=True)


def hex_colour(seat: int) -> str:
    r, g, b = COLOURS[seat % len(COLOURS)]
    return f"#{r:02x}{g:02x}{b:02x}"


def turn_label(turn: int) -> str:
    return "open" if turn == 0 else str(turn)


def track_order(story: Story) -> list[Track]:
    """The tracks worth showing, the bearer of a delivered grail first."""
    tracks = [t for t in story.tracks if t.touched]
    if story.control is not None:
        tracks.sort(key=lambda t: t.initiate != story.control.bearer)  # type: ignore[union-attr]
    return tracks


def track_head(story: Story, track: Track, index: int, count: int) -> Text:
    text = Text()
    text.append(f"◂ {track.initiate.code} {track.initiate.title} ▸", TITLE)
    text.append(f"  {index + 1}/{count}  ←/→", DIM)
    if track.out_from is not None and track.lost is not None:
        turn = story.moments[track.out_from].turn if track.out_from < len(story.moments) else story.turn
        lost = ", ".join(f"{story.name(p)} {v}" for p, v in enumerate(track.lost) if v) or "nothing"
        text.append(f"\nBlown in turn {turn}; lost: {lost}.")
    return text


def legend(story: Story, track: Track) -> Text:
    """Each player's colour and influence at the end (true, and known at least)."""
    text = Text()
    text.append("━ true  ", TITLE)
    text.append("• known at least   ", DIM)
    last = (track.out_from if track.out_from is not None else len(story.moments)) - 1
    for p in range(story.players):
        if last < 0:
            break
        true, known = track.true[p][last], track.known[p][last]
        text.append(story.name(p), Style(color=hex_colour(p), bold=True))
        text.append(f" {'?' if true is None else true}({known})  ")
    return text


def changes(story: Story, track: Track) -> list[int]:
    """The moments at which anybody's true or known influence on the initiate changed
    (the first and the last included): a table of these misses nothing."""
    end = track.out_from if track.out_from is not None else len(story.moments)
    picked: list[int] = []
    for m in range(end):
        here = [(track.true[p][m], track.known[p][m]) for p in range(story.players)]
        before = [(track.true[p][m - 1], track.known[p][m - 1]) for p in range(story.players)] if m else None
        if here != before or m == end - 1:
            picked.append(m)
    return picked


def track_table(story: Story, track: Track) -> Text:
    """One initiate's track as numbers, a row per turn in which something changed."""
    width = max(7, *(min(len(story.name(p)), 10) + 2 for p in range(story.players)))
    text = Text("turn ", DIM)
    for p in range(story.players):
        text.append(f"{story.name(p)[: width - 2]:>{width}}", TITLE)
    text.append("\n")
    for m in changes(story, track):
        text.append(f"{turn_label(story.moments[m].turn):>4} ", DIM)
        for p in range(story.players):
            true, known = track.true[p][m], track.known[p][m]
            text.append(f"{'?' if true is None else true:>{width - 4}}({known:>2})")
        text.append("\n")
    if track.out_from is not None and track.out_from < len(story.moments):
        text.append(f"{turn_label(story.moments[track.out_from].turn):>4}  out of play\n", DIM)
    text.append("\nTrue influence (known at least to the table), in each turn in which it changed.", DIM)
    return text


def spread(count: int, wanted: int) -> list[int]:
    """``wanted`` indices spread evenly over ``count``, the first and last included."""
    if count <= wanted:
        return list(range(count))
    return sorted({round(k * (count - 1) / (wanted - 1)) for k in range(wanted)})


def plot_track(plt: Any, story: Story, track: Track) -> None:
    """Draw one track on a plotext figure: a line of true influence per player, dots for known."""
    moments = story.moments
    end = track.out_from if track.out_from is not None else len(moments)
    xs = list(range(max(1, end)))
    plt.clear_figure()
    for p in range(story.players):
        true = [v for v in track.true[p][:end] if v is not None]
        if len(true) == len(xs):
            plt.plot(xs, true, color=COLOURS[p % len(COLOURS)], marker="braille")
    for p in range(story.players):  # on top of the lines: what the table knew, once it knew anything
        shown = [(x, v) for x, v in zip(xs, track.known[p][:end], strict=False) if v]
        if shown:
            plt.scatter([x for x, _ in shown], [v for _, v in shown], color=COLOURS[p % len(COLOURS)],
                        marker="•")
    ticks = spread(len(xs), 8)
    plt.xticks(ticks, [turn_label(moments[m].turn) for m in ticks if m < len(moments)])
    top = max([v or 0 for row in track.true for v in row[:end]] + [v for row in track.known for v in row[:end]])
    step = next(s for s in (2, 5, 10, 20, 25, 50) if top / s <= 5)
    high = max(step * 2, (top // step + 1) * step)
    plt.ylim(0, high)
    plt.yticks(list(range(0, high + 1, step)))
    plt.xlabel("turn")


class StoryScreen(Screen[None]):
    CSS_PATH = HUNT_CSS
    BINDINGS = [
        Binding("right,l,rightsquarebracket", "initiate(1)", "Next initiate", key_display="→"),
        Binding("left,h,leftsquarebracket", "initiate(-1)", "Prev", key_display="←"),
        Binding("i", "pane('plot')", "Influence"),
        Binding("t", "pane('turns')", "Turns"),
        Binding("s", "pane('spending')", "Spending"),
        Binding("tab", "next_pane", "Pane", show=False),
        Binding("up,k", "scroll(-1)", "Up", show=False),
        Binding("down,j", "scroll(1)", "Down", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False),
        Binding("escape,q", "close", "Back", key_display="Esc"),
    ]

    def __init__(self, record: RecordData | GameRecord, glyphs: Any, viewer: int | None = None) -> None:
        super().__init__()
        self.g = glyphs
        self.story = tell(record.setup, record.actions, viewer)
        self.tracks = track_order(self.story)
        self.index = 0
        self.pane = "plot"

    @property
    def plain(self) -> bool:
        """Numbers instead of a plot: --ascii, or NO_COLOR (a plot's lines are told apart by colour)."""
        return bool(getattr(self.app, "ascii_only", False) or self.app.no_color)

    def compose(self) -> ComposeResult:
        story = self.story
        names = ", ".join(story.name(p) for p in range(story.players))
        yield Static(Text.assemble(("The story", "bold"), f"  ·  {names}  ·  {describe(story)}"), id="title")
        length = f" {story.turn} turns, {story.actions} actions." if story.finished else ""
        yield Static(story.outcome + length, id="story-outcome")
        with Container(id="story-body"):
            with Vertical(id="story-plot", classes="story-pane -current"):
                yield Static(id="track-head")
                if self.plain:
                    with VerticalScroll(id="track-scroll"):
                        yield Static(id="track-table")
                else:
                    from textual_plotext import PlotextPlot

                    yield PlotextPlot(id="track-plot")
                yield Static(id="track-legend")
            with VerticalScroll(id="story-turns", classes="story-pane"):
                yield Static(self._turns_text())
            with VerticalScroll(id="story-spending", classes="story-pane"):
                yield Static(self._spending_text())
        yield KeyFooter()

    def on_mount(self) -> None:
        # the screen keeps every key (←/→ switch initiates, ↑/↓ scroll): the panes take no focus
        for pane in self.query(VerticalScroll):
            pane.can_focus = False
        self.set_class(self.app.size.width >= 110 and self.app.size.height >= 36, "-wide")
        self._show_track()

    def _turns_text(self) -> Text:
        control, wars, blows = turning_points(self.story)
        text = Text("Who held the bearer\n", TITLE)
        for paragraph in (control, wars, blows):
            for number, line in enumerate(paragraph):
                # the wars' and blows' first lines say what follows: they are headings here
                head = number == 0 and paragraph is not control
                text.append(line.strip() + "\n", TITLE if head else Style())
            text.append("\n")
        if not self.story.finished:
            text.append("The game is not over: the other sheets stay secret.\n", DIM)
        return text

    def _spending_text(self) -> Text:
        text = Text("Spending, of 100 points each\n", TITLE)
        text.append("\n".join(spending_table(self.story)) + "\n\n")
        text.append("assigned = held + lost + paid. revealed: the most each player showed on each "
                    "initiate in bidding wars, added up. left: never assigned.", DIM)
        return text

    def _show_track(self) -> None:
        story = self.story
        head = self.query_one("#track-head", Static)
        if not self.tracks:
            head.update("Nobody put influence on any initiate.")
            return
        track = self.tracks[self.index]
        head.update(track_head(story, track, self.index, len(self.tracks)))
        # the table says in numbers what the legend would
        self.query_one("#track-legend", Static).update(Text() if self.plain else legend(story, track))
        if self.plain:
            self.query_one("#track-table", Static).update(track_table(story, track))
        else:
            from textual_plotext import PlotextPlot

            plot = self.query_one(PlotextPlot)
            plot_track(plot.plt, story, track)
            plot.refresh()

    def action_initiate(self, delta: int) -> None:
        if self.tracks:
            self.index = (self.index + delta) % len(self.tracks)
            self._show_track()
            if not self.has_class("-wide"):
                self.action_pane("plot")

    def action_pane(self, name: str) -> None:
        self.pane = name
        for pane in PANES:
            self.query_one(f"#story-{pane}").set_class(pane == name, "-current")

    def action_next_pane(self) -> None:
        self.action_pane(PANES[(PANES.index(self.pane) + 1) % len(PANES)])

    def action_scroll(self, lines: int) -> None:
        if self.pane == "plot":
            target = "#track-scroll" if self.plain else "#story-turns"
        else:
            target = f"#story-{self.pane}"
        self.query_one(target, VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
