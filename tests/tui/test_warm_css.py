"""Parsed CSS is kept for every app a process runs (app/textual_patches.py): an SSH session's app, forked
from a zygote that has run one, starts without parsing its stylesheets again."""

from __future__ import annotations

from collections import OrderedDict

from textual.widgets import Static

from grail_tui.app import textual_patches
from grail_tui.app.app import GrailApp


async def run_app(theme: str | None = None) -> str:
    """Start the app to its first screen; what its title line shows."""
    app = GrailApp(seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        if theme is not None:
            app.theme = theme
        await pilot.pause()
        return str(app.screen.query(Static).first().render())


async def test_a_second_app_parses_no_css_and_looks_the_same(monkeypatch):
    parses: list[object] = []
    original = textual_patches._original

    def counted(*args: object, **kwargs: object) -> object:
        parses.append(args[2])  # where the source came from
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(textual_patches, "_parsed", OrderedDict())
    monkeypatch.setattr(textual_patches, "_original", counted)
    first = await run_app()
    assert any(str(path).endswith("app.tcss") for path, _ in parses)  # type: ignore[misc]
    assert len(parses) >= 5  # the app's TCSS and the default CSS of each kind of widget it shows
    kept = textual_patches.parsed()
    parses.clear()
    assert await run_app() == first
    assert parses == [] and textual_patches.parsed() == kept


async def test_another_theme_is_parsed_with_its_own_variables(monkeypatch):
    parses: list[object] = []
    original = textual_patches._original

    def counted(*args: object, **kwargs: object) -> object:
        parses.append(args[2])
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(textual_patches, "_parsed", OrderedDict())
    monkeypatch.setattr(textual_patches, "_original", counted)
    await run_app()
    parses.clear()
    await run_app(theme="textual-light")
    assert parses  # the light theme's colours are other values: nothing parsed for the dark one fits


def test_the_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(textual_patches, "_parsed", OrderedDict())
    monkeypatch.setattr(textual_patches, "LIMIT", 3)
    from textual.css.stylesheet import Stylesheet

    textual_patches.install()
    sheet = Stylesheet(variables={})
    for k in range(5):
        sheet._parse_rules(f"Static {{ width: {k + 1}; }}", ("", f"rule{k}"))
    assert textual_patches.parsed() == 3


def test_the_theme_colours_are_worked_out_once_per_process_and_match_textuals(monkeypatch):
    """Every theme's CSS variables are Textual's own; a second app does not redo the colour maths."""
    from textual.app import App
    from textual.theme import Theme

    from grail_tui.app.app import GrailApp

    app = GrailApp()
    for name in ("textual-dark", "textual-light", "nord", "gruvbox"):
        app.theme = name
        assert app.get_css_variables() == App.get_css_variables(app)
    worked = []
    original = Theme.to_color_system
    monkeypatch.setattr(Theme, "to_color_system", lambda self: worked.append(self.name) or original(self))
    again = GrailApp()
    again.theme = "nord"
    assert again.get_css_variables()["primary"] == App.get_css_variables(again)["primary"]
    assert worked == ["nord"]  # the one call is Textual's own, for the comparison: ours was kept
