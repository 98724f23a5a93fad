"""The server's leaderboard, and your own rating and latest rated games."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from grail_tui.app.keyline import KeyFooter
from grail_tui.net.protocol import Error, Ratings, RatingsReply
from grail_tui.net.ratings import BOARD_HEAD, EXPLAIN, board_line, you_lines

BOLD = Style(bold=True)
DIM = Style(dim=True)


def board_text(reply: RatingsReply, me: str) -> Text:
    text = Text()
    if not reply.rows:
        text.append("Nobody is rated yet: finish a game with at least two different players.\n", DIM)
        return text
    text.append(BOARD_HEAD + "\n", DIM)
    for row in reply.rows:
        text.append(board_line(row) + "\n", BOLD if row.identity == me else Style())
    if reply.more:
        text.append("  … more on the next page (PgDn)\n", DIM)
    return text


def you_text(reply: RatingsReply, me: str) -> Text:
    first, *rest = you_lines(reply, me)
    return Text.assemble((first + "\n", BOLD), *(line + "\n" for line in rest))


class RatingsScreen(Screen[None]):
    BINDINGS = [
        Binding("pagedown,n", "page(1)", "Next page", key_display="PgDn"),
        Binding("pageup,p", "page(-1)", "Prev page", key_display="PgUp"),
        Binding("r", "refresh", "Refresh"),
        Binding("up,k", "scroll(-1)", "Up", show=False),
        Binding("down,j", "scroll(1)", "Down", show=False),
        Binding("escape,q", "app.pop_screen", "Back", key_display="Esc"),
    ]

    def __init__(self, session: Any, where: str) -> None:
        super().__init__()
        self.session = session
        self.where = where
        self.page = 0
        self.reply: RatingsReply | None = None

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble(("Ratings", "bold"), f"  ·  server {self.where}"), id="title")
        with VerticalScroll(id="leaderboard-scroll"):
            yield Static("Asking the server…", id="leaderboard")
        yield Static(id="you")
        yield Static(EXPLAIN, id="ratings-help")
        yield KeyFooter()

    def on_mount(self) -> None:
        # the screen keeps the keys (PgUp/PgDn turn pages; ↑/↓ scroll): nothing here takes focus
        self.query_one("#leaderboard-scroll").can_focus = False
        self.action_refresh()

    @work(exclusive=True, group="ratings")
    async def action_refresh(self) -> None:
        try:
            reply = await self.session.request(Ratings(self.session.ref(), self.page))
        except TimeoutError:
            reply = Error(None, "The server did not answer in time.")
        if isinstance(reply, Error):
            self.query_one("#leaderboard", Static).update(Text(f"No ratings: {reply.error}", DIM))
            return
        if not isinstance(reply, RatingsReply):
            return
        self.reply = reply
        self.refresh_bindings()
        me = self.session.user
        self.query_one("#leaderboard", Static).update(board_text(reply, me))
        self.query_one("#you", Static).update(you_text(reply, me))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "page":
            more = bool(self.reply and self.reply.more) if parameters == (1,) else self.page > 0
            return more
        return True

    def action_page(self, delta: int) -> None:
        if delta > 0 and not (self.reply and self.reply.more) or delta < 0 and self.page == 0:
            return
        self.page += delta
        self.action_refresh()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#leaderboard-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)
