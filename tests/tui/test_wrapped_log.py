"""The log pane wraps its lines at its own width, also those written while another pane was shown."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from grail_tui.app.wrappedlog import WrappedLog

LINE = "Manuel played: Lightning Strike, Clearing House Nine, and the strike hits it."


class Panes(App[None]):
    """Two panes in one place, one shown at a time, as a game screen's right-hand side."""

    CSS = "WrappedLog, Static { height: 1fr; width: 40; }"

    def compose(self) -> ComposeResult:
        yield Static("a card's text", id="card")
        yield WrappedLog(id="log")


def shown_lines(log: WrappedLog) -> list[str]:
    return [line.text.rstrip() for line in log.lines]


async def test_a_line_written_while_the_log_is_hidden_is_wrapped_at_the_logs_width_when_shown():
    app = Panes()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(WrappedLog)
        log.write_line("Root: turn in round 1.")  # seen once, at its width
        await pilot.pause()
        log.display = False  # the player looks at a card: the log is hidden
        await pilot.pause()
        log.write_line(LINE)  # a bot plays meanwhile
        await pilot.pause()
        log.display = True  # back to the log
        await pilot.pause()
        await pilot.pause()
        assert log.scrollable_content_region.width >= 38
        lines = shown_lines(log)
        assert " ".join(lines[1:]) == LINE, lines
        # read at the pane's width, not cut into lines of at most 20 columns
        assert max(len(line) for line in lines[1:]) > 20, lines
