"""Each of grail-tui's changes to Textual's own classes (app/textual_patches.py) still stands on
what it was written for: Textual is the pinned one, each patched attribute has the signature it
had, and Textual still calls it where the patch expects, for the reason the patch exists. When one
of these fails after a Textual upgrade, look again at that patch (a public API may serve now)."""

from __future__ import annotations

import inspect
import tomllib
from pathlib import Path

import pytest
from textual.app import App
from textual.css.stylesheet import Stylesheet
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets._toast import ToastRack

from grail_tui.app import textual_patches
from grail_tui.app.app import GrailApp
from grail_tui.app.screens.help import HelpScreen

ROOT = Path(__file__).resolve().parents[2]
ORIGINALS = {  # what the patches wrap, as Textual defines it
    "_parse_rules": textual_patches._original,
    "_screen_resized": textual_patches._screen_resized,
    "show": textual_patches._show,
}


def test_the_patches_are_for_the_textual_pinned_and_installed():
    pins = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert f"textual=={textual_patches.TEXTUAL}" in pins
    assert textual_patches.textual_version() == textual_patches.TEXTUAL


def test_another_textual_is_refused_before_anything_is_patched(monkeypatch):
    monkeypatch.setattr(textual_patches, "textual_version", lambda: "9.0.0")
    for owner, name, _ in textual_patches.PATCHED:
        monkeypatch.setattr(owner, name, ORIGINALS[name])
    with pytest.raises(RuntimeError, match="for Textual 8.2.8, not 9.0.0"):
        textual_patches.install()
    assert all(getattr(owner, name) is ORIGINALS[name] for owner, name, _ in textual_patches.PATCHED)


def test_every_patched_attribute_is_patched_and_keeps_textuals_signature():
    textual_patches.install()
    for owner, name, replacement in textual_patches.PATCHED:
        assert getattr(owner, name) is replacement
        original = inspect.signature(ORIGINALS[name])
        assert list(inspect.signature(replacement).parameters) == list(original.parameters), name


def test_stylesheet_parse_rules_is_where_textual_parses_a_source(monkeypatch):
    """Stylesheet._parse_rules: Textual parses every source through it, and gives the same rule
    lists out again for the same source (so sharing them between apps is safe)."""
    calls: list[str] = []

    def counted(self, css, *args, **kwargs):
        calls.append(css)
        return textual_patches._original(self, css, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "_parse_rules", counted)
    sheet = Stylesheet()
    source = "Screen { background: red; } Static { color: blue; }"
    sheet.add_source(source, read_from=("test", "patches"))
    sheet.parse()
    assert calls == [source]
    again = Stylesheet()
    assert again._parse_rules(source, ("test", "patches")) == sheet._parse_rules(source, ("test", "patches"))


async def test_screen_resized_is_how_textual_lays_a_screen_out_again_after_its_first_layout(monkeypatch):
    """Screen._screen_resized: Textual still sends a screen it has just laid out a Resize to the
    very same size (the layout the patch saves), and a new size of the terminal goes through it."""
    sizes: list[tuple[Size, Size]] = []

    def counted(self, size):
        sizes.append((size, self.outer_size))
        return textual_patches._screen_resized(self, size)

    monkeypatch.setattr(Screen, "_screen_resized", counted)
    async with App().run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert (Size(80, 24), Size(80, 24)) in sizes  # the same size again: what the patch skips
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert sizes[-1][0] == Size(100, 30)


async def test_toast_rack_show_is_called_on_a_hidden_empty_rack_when_a_screen_shows(monkeypatch):
    """ToastRack.show: Textual still tells a screen's hidden, empty rack to show nothing when the
    screen shows (Textual's show sets display again: a new inline style, the layout the patch saves)."""
    shown: list[tuple[int, bool]] = []

    def counted(self, notifications):
        shown.append((len(notifications), self.display))
        return textual_patches._show(self, notifications)

    monkeypatch.setattr(ToastRack, "show", counted)
    async with App().run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.app.push_screen(Screen())
        await pilot.pause()
        assert (0, False) in shown
        rack = pilot.app.screen.query_one(ToastRack)
        rack.show(pilot.app._notifications)
        assert "display" in rack.styles.inline.get_rules()  # hiding again sets an inline style


async def test_the_apps_css_variables_are_textuals_own_with_the_colour_system_kept():
    """GrailApp.get_css_variables and current_theme stand in for Textual's: the same answers."""
    app = GrailApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.get_css_variables() == App.get_css_variables(app)
        assert app.current_theme is App.current_theme.fget(app)  # type: ignore[attr-defined]
        await app.push_screen(HelpScreen())
        await pilot.pause()
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        assert app.get_css_variables() == App.get_css_variables(app)
        assert app.current_theme.name == app.theme
