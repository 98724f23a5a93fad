"""The key line at the foot of every screen: the keys that work now, and `^p palette` always."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding

from grail_tui.app.keyline import TAIL, KeyLine


class OneLine(App[None]):
    def compose(self) -> ComposeResult:
        yield KeyLine()


def keys(n: int) -> list[tuple[Binding, bool]]:
    return [(Binding(f"{chr(97 + k)}", f"do{k}", f"Action {k}"), k != 1) for k in range(n)]


async def test_keys_that_fit_are_shown_and_the_palette_keeps_its_place():
    app = OneLine()
    async with app.run_test(size=(80, 24)) as pilot:
        line = app.query_one(KeyLine)
        line.show(keys(3))
        await pilot.pause()
        text = str(line.render())
        assert text.startswith(" a Action 0  b Action 1  c Action 2") and text.rstrip().endswith(TAIL)
        assert len(text) <= 80
        line.show(keys(12))  # far too many for 80 columns
        await pilot.pause()
        text = str(line.render())
        assert text.rstrip().endswith(TAIL) and len(text) <= 80
        assert text.startswith("a Action 0 b Action 1") and "l Action 11" not in text  # the last gave way
