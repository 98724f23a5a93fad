"""Each of grail-tui's changes to Textual's own classes (app/textual_patches.py) still stands on
what it was written for: Textual is the pinned one, each patched attribute has the signature it
had, and Textual still calls it where the patch expects, for the reason the patch exists. When one
of these fails after a Textual upgrade, look again at that patch (a public API may serve now)."""

from __future__ import annotations

import inspect
import tomllib
from pathlib import Path

import pytest
from textual import events
from textual.app import App
from textual.css.stylesheet import Stylesheet
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Static
from textual.widgets._toast import ToastRack

from grail_tui.app import textual_patches
from grail_tui.app.app import GrailApp
from grail_tui.app.screens.help import HelpScreen

ROOT = Path(__file__).resolve().parents[2]
ORIGINALS = {  # what the patches wrap, as Textual defines it
    "_parse_rules": textual_patches._original,
    "_screen_resized": textual_patches._screen_resized,
    "show": textual_patches._show,
    "_on_timer_update": textual_patches._on_timer_update,
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


class _TwoPanes(App[None]):
    def compose(self):
        yield Static("A", id="one")
        yield Static("", id="two")


class _Nudge(Message):
    pass


async def test_on_timer_update_is_where_textuals_timer_paints_a_due_screen(monkeypatch):
    """Screen._on_timer_update: a widget's change reaches the terminal from Textual's update timer,
    through this method, and not before it runs."""
    calls: list[int] = []

    def counted(self):
        calls.append(len(self._dirty_widgets))
        return textual_patches._on_timer_update(self)

    monkeypatch.setattr(Screen, "_on_timer_update", counted)
    app = _TwoPanes()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        shown: list[object] = []
        monkeypatch.setattr(app, "_display", lambda screen, update: shown.append(update))
        before = len(calls)
        app.query_one("#one", Static).update("B")
        await pilot.pause()
        assert shown and any(dirty > 0 for dirty in calls[before:])


@pytest.mark.parametrize("clock", ["monotonic", "process_time"])
async def test_a_due_paint_waits_while_a_widget_has_a_message_to_handle_and_no_longer_than_the_bound(
        monkeypatch, clock):
    """With the patch, the timer's tick paints nothing while any widget of the app still has a
    message waiting (what it does next would be a paint of its own); a tick once all is handled
    paints, and so does one QUIET_WAIT on the clock, or QUIET_WORK of CPU time, after the first
    held tick, however busy the app stays."""
    monkeypatch.setattr(Screen, "_on_timer_update", textual_patches._paint_when_quiet)
    app = _TwoPanes()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        screen = app.screen
        one, two = app.query_one("#one", Static), app.query_one("#two", Static)
        shown: list[object] = []
        monkeypatch.setattr(app, "_display", lambda screen, update: shown.append(update))
        times = {"monotonic": [1000.0], "process_time": [5.0]}
        monkeypatch.setattr(textual_patches, "monotonic", lambda: times["monotonic"][0])
        monkeypatch.setattr(textual_patches, "process_time", lambda: times["process_time"][0])
        bound = textual_patches.QUIET_WAIT if clock == "monotonic" else textual_patches.QUIET_WORK

        # busy: a change is due, and another widget has a message waiting
        screen._dirty_widgets.add(one)
        two.post_message(_Nudge())
        screen._on_timer_update()
        assert shown == [] and screen._dirty_widgets == {one}
        for name in times:  # half of each bound: still held
            times[name][0] += (textual_patches.QUIET_WAIT if name == "monotonic" else textual_patches.QUIET_WORK) / 2
        screen._on_timer_update()
        assert shown == []
        times[clock][0] += bound / 2  # held as long as a paint may be, by this clock: painted
        screen._on_timer_update()
        assert len(shown) == 1 and not screen._dirty_widgets

        # quiet: painted at the first tick
        await pilot.pause()
        assert textual_patches.quiet(app)
        shown.clear()
        screen._dirty_widgets.add(two)
        screen._on_timer_update()
        assert len(shown) == 1


async def test_a_held_screen_paints_once_released_or_once_the_wait_is_over(monkeypatch):
    """hold/release: a game's screen that sent an action shows what the key did with the table's
    answer (released), or without it once the wait is over; nothing is painted in between."""
    monkeypatch.setattr(Screen, "_on_timer_update", textual_patches._paint_when_quiet)
    app = _TwoPanes()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        screen = app.screen
        one = app.query_one("#one", Static)
        shown: list[object] = []
        monkeypatch.setattr(app, "_display", lambda screen, update: shown.append(update))
        clock = [1000.0]
        monkeypatch.setattr(textual_patches, "monotonic", lambda: clock[0])

        textual_patches.hold(screen, 2.0)
        screen._dirty_widgets.add(one)
        screen._on_timer_update()
        assert shown == []
        textual_patches.release(screen)  # the answer came
        screen._on_timer_update()
        assert len(shown) == 1

        textual_patches.hold(screen, 2.0)
        screen._dirty_widgets.add(one)
        clock[0] += 1.9
        screen._on_timer_update()
        assert len(shown) == 1
        clock[0] += 0.1  # no answer: the wait is over, painted without it
        screen._on_timer_update()
        assert len(shown) == 2


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


# -- leaned on, not patched: app/keyorder.py and app/lineinput.py (textual_patches.LEANED_ON) --------


def test_what_the_key_modules_lean_on_is_named_once_and_exists_in_this_textual():
    names = [name for _, name, _ in textual_patches.LEANED_ON]
    assert names == ["_message_queue", "_next_callbacks", "_on_key", "_on_focus", "_restart_blink", "_bindings", "get_time"]
    for owner, name, _ in textual_patches.LEANED_ON:
        assert hasattr(owner, name) or hasattr(Input(), name) or hasattr(Static(), name), name


async def test_message_queue_holds_a_message_until_its_pump_has_handled_it():
    """MessagePump._message_queue: keyorder lets the next key go once no queue holds a message."""
    async with App().run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        await pilot.pause()
        assert screen._message_queue.empty()
        screen.post_message(events.Show())
        assert not screen._message_queue.empty()  # posted, not yet handled
        await pilot.pause()
        assert screen._message_queue.empty()


class _OneField(App[None]):
    def compose(self):
        yield Input(value="12", id="field", select_on_focus=False)


async def test_input_on_key_types_a_character_and_leaves_a_bound_key_to_the_bindings():
    """Input._on_key: Textual's Input inserts a typed character there and does nothing with a key
    it binds (Backspace): the binding runs later, from the app (textualize/textual#6605). LineInput
    runs the field's bindings first, then this; were Textual to run them here, they would run twice."""
    async with _OneField().run_test(size=(80, 24)) as pilot:
        field = pilot.app.query_one(Input)
        field.focus()
        await pilot.pause()
        await field._on_key(events.Key("backspace", None))
        assert field.value == "12"
        await field._on_key(events.Key("5", "5"))
        assert field.value == "125"


async def test_input_on_focus_is_called_when_the_field_takes_the_focus(monkeypatch):
    """Input._on_focus: LineInput notes the value filled in there, then calls Textual's own."""
    focused: list[str] = []
    original = Input._on_focus

    def counted(self, event):
        focused.append(self.value)
        return original(self, event)

    monkeypatch.setattr(Input, "_on_focus", counted)
    async with _OneField().run_test(size=(80, 24)) as pilot:
        pilot.app.query_one(Input).focus()
        await pilot.pause()
        assert focused == ["12"]
    assert list(inspect.signature(original).parameters) == ["self", "event"]


async def test_input_restart_blink_shows_the_cursor_again():
    """Input._restart_blink: what Textual's own key handling does first; LineInput does it after a
    binding it ran, so the cursor is shown while keys come."""
    assert list(inspect.signature(Input._restart_blink).parameters) == ["self"]
    async with _OneField().run_test(size=(80, 24)) as pilot:
        field = pilot.app.query_one(Input)
        field._cursor_visible = False
        field._restart_blink()
        assert field._cursor_visible


def test_an_inputs_own_bindings_are_found_by_key():
    """Widget._bindings.key_to_bindings: where LineInput finds the field's own binding of a key."""
    bound = Input()._bindings.key_to_bindings
    assert [b.action for b in bound["backspace"]] == ["delete_left"]
    assert [b.action for b in bound["enter"]] == ["submit"]
    assert all(not b.priority for b in bound["backspace"] + bound["enter"])


def test_get_time_is_the_clock_every_key_is_stamped_with():
    """textual._time.get_time: LineInput compares a key's time with when the field was painted."""
    from textual import _time

    before = _time.get_time()
    key = events.Key("enter", None)
    after = _time.get_time()
    assert before <= key.time <= after
