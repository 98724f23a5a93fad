"""Every change grail-tui makes to Textual's own classes, in one place, for Textual 8.2.8.

Each one replaces a private attribute of a Textual class, process-wide, for a reason
measured on the SSH door's first frames. A new Textual may rename, re-sign or no longer
call any of them: ``install()`` refuses to run on another Textual than the one pinned in
pyproject.toml, and tests/tui/test_textual_patches.py has a test per attribute that fails
when Textual's behaviour under it changes (then see whether a public API serves, and drop
the patch). ``GrailApp`` also overrides two of Textual's App members, ``get_css_variables``
and ``current_theme`` (app.py): they are checked here the same way.

Checked against Textual 8.2.8's sources, no public API serves any of them: a Stylesheet keeps
its own parses only (an LRU of 64, emptied on every reparse), ``Screen._screen_resized`` lays
out again for any size, ``ToastRack.show`` sets ``display`` every time, and
``App.get_css_variables`` works the colour system out anew on each call.

## Leaned on, not patched (app/keyorder.py, app/lineinput.py)

Keys that act in the order typed (textualize/textual#6605) change nothing of Textual's: the app
subclasses ``App`` (``GrailApp.on_event`` hands keys to ``KeyOrder``, Textual's own ``on_event``
sending each) and ``Input`` (``LineInput`` runs the field's bindings where a key lands). Both use
a few private members of Textual as they are; ``LEANED_ON`` names them and why, and the tests
check each still behaves as these modules rely on.

## Parsed CSS, kept for every app a process runs (``Stylesheet._parse_rules``)

Textual parses each stylesheet source (the app's TCSS, each widget's default
CSS) into rule sets, and keeps them only in the Stylesheet that asked: a new
App, and every ``reparse`` (one each time a screen with its own CSS is
installed), starts from nothing. In the SSH front door's zygote, where every
session's app is a fork of a process that has already run one (see
net/ssh/zygote.py and app/rehearsal.py), parsing again was a quarter of the
CPU a session spends drawing its first lobby.

The theme's colour system (the $primary, $background... variables every
stylesheet is built with) is worked out from the theme by colour arithmetic in
every new App too; ``color_system`` keeps it per theme object, the same way.

``install()`` makes the parse go through one cache per process, keyed by
everything the parse depends on: the source text, where it came from, its
priority and scope, and the theme's variables. Rule sets are not changed after
parsing (Textual's own cache hands the same lists out again), so sharing them
between apps is what Textual already does within one. The cache is bounded.

## A screen laid out once for its first frame (``Screen._screen_resized``, ``ToastRack.show``)

Two things in Textual lay a screen out again right after its first layout, for
nothing, on every screen shown (the lobby's first frame, a game screen
opening, each dialog):

- Textual answers every Resize a screen gets by laying out that screen, and
  the screens under it, from scratch. After laying a screen out for the first
  time it sends the screen a Resize to the very size it has just been laid out
  at.
- When a screen shows, its notifications' rack is told to show what there is;
  with nothing to show it hides itself (``display = False``). It is hidden
  already (by its CSS), but hiding it again sets an inline style, and a new
  style means a new layout.

``install()`` makes the first happen only for a size the screen has not been
laid out at (a terminal that really changes size is handled as before, and
the rest of Textual's Resize handling, its breakpoint classes, still runs),
and the second only when there is something to show or to take away.

## A paint when the app has done what it was doing (``Screen._on_timer_update``)

Textual paints a screen from a timer, a 60th of a second after the screen itself has nothing
more to handle; whatever the screen's widgets are still handling then (a focus moving, its
style changing, the key line following it, a pane's scrollbar) comes in a paint of its own.
Where the timer falls depends on how fast the machine is at that moment, so one change reached
a terminal as one frame or two, by different bytes, from run to run: two SSH sessions shown
the same screens could not be told apart by what they were shown, but were sent different
bytes (the secrecy audit compares them, tests/net/ssh_app/test_secrecy.py).

``install()`` makes the timer's tick paint only once no message queue of the app or of
anything on its screens holds a message (how app/keyorder.py knows a key is over), looking
again at each tick; never later than ``QUIET_WORK`` seconds of the process's CPU time, nor
``QUIET_WAIT`` seconds on the clock, after the first tick that found the app busy, so a screen
whose widgets are never all quiet is still painted. CPU time, because on a loaded machine an
app may wait longer for a CPU than for its work: a bound on the clock alone cut one change in
two there.

A screen may also hold its paint for a while (``hold``, ``release``): a game's screen, when a
key sends an action to a server, until the table's answer comes back (table_screen.py), so that
what the key did and what the table made of it reach the terminal together, however long the
way to the server took.
"""

from __future__ import annotations

from collections import OrderedDict
from importlib.metadata import version
from time import monotonic, process_time
from typing import Any

from textual import _time
from textual.css.stylesheet import Stylesheet
from textual.geometry import Size
from textual.message_pump import MessagePump
from textual.notifications import Notifications
from textual.screen import Screen
from textual.widgets import Input
from textual.widgets._toast import ToastRack

from .keyorder import pumps

TEXTUAL = "8.2.8"  # the Textual these patches were measured on and are tested against

# -- parsed CSS ---------------------------------------------------------------------------------

LIMIT = 512  # parsed sources kept: the app's few dozen, times a few themes
_parsed: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
_original = Stylesheet._parse_rules


def _variables_key(stylesheet: Stylesheet) -> tuple[tuple[str, str], ...]:
    variables = stylesheet._variables
    memo = stylesheet.__dict__.get("_grail_variables")
    if memo is None or memo[0] is not variables:
        memo = (variables, tuple(sorted(variables.items())))
        stylesheet.__dict__["_grail_variables"] = memo
    return memo[1]


def _parse_rules(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
                 tie_breaker: int = 0, scope: str = "") -> Any:
    key = (css, read_from, is_default_rules, tie_breaker, scope, _variables_key(self))
    try:
        rules = _parsed[key]
    except KeyError:
        rules = _original(self, css, read_from, is_default_rules, tie_breaker, scope)
        _parsed[key] = rules
        if len(_parsed) > LIMIT:
            _parsed.popitem(last=False)
        return rules
    _parsed.move_to_end(key)
    return rules


_systems: OrderedDict[int, tuple[Any, dict[str, str]]] = OrderedDict()
THEMES = 32  # colour systems kept


def color_system(theme: Any) -> dict[str, str]:
    """``theme.to_color_system().generate()``, worked out once per theme object in this process
    (a copy: the caller may change it). The theme is held with its entry, so its id stays its own."""
    kept = _systems.get(id(theme))
    if kept is None or kept[0] is not theme:
        kept = (theme, theme.to_color_system().generate())
        _systems[id(theme)] = kept
        if len(_systems) > THEMES:
            _systems.popitem(last=False)
    return dict(kept[1])


# -- one layout ---------------------------------------------------------------------------------

_screen_resized = Screen._screen_resized
_show = ToastRack.show


def _resized(self: Screen[Any], size: Size) -> None:
    if size != self.outer_size:
        _screen_resized(self, size)


def _show_toasts(self: ToastRack, notifications: Notifications) -> None:
    # Hidden, the rack holds no toast (hiding it took them all away): nothing to show, nothing to do.
    if notifications or self.display:
        _show(self, notifications)


# -- one paint per change ----------------------------------------------------------------------

# The longest a due paint waits for the app to be done: QUIET_WORK seconds of this process's CPU
# time (an app that is never done still paints, a machine so loaded that the app is waiting for a
# CPU does not cut a change in two), and never more than QUIET_WAIT seconds on the clock (a
# handler awaiting something slow while messages queue up behind it).
QUIET_WORK = 0.25
QUIET_WAIT = 2.0
_on_timer_update = Screen._on_timer_update


def quiet(app: Any) -> bool:
    """No message waits in the app's queue or in that of anything on its screens."""
    return all(pump._message_queue.empty() and not pump._next_callbacks for pump in pumps(app))


def hold(screen: Screen[Any], seconds: float) -> None:
    """The screen's next paint waits for ``release`` (what a key did is shown with the table's
    answer to it), for at most ``seconds`` on the clock."""
    screen.__dict__["_grail_until"] = monotonic() + seconds


def release(screen: Screen[Any]) -> None:
    screen.__dict__.pop("_grail_until", None)


def _paint_when_quiet(self: Screen[Any]) -> None:
    until: float | None = self.__dict__.get("_grail_until")
    if until is not None:
        if monotonic() < until:
            return  # the update timer is left running: its next tick looks again
        release(self)
    held: tuple[float, float] | None = self.__dict__.get("_grail_held")
    now = (monotonic(), process_time())
    if held is None or (now[0] - held[0] < QUIET_WAIT and now[1] - held[1] < QUIET_WORK):
        if not quiet(self.app):
            if held is None:
                self.__dict__["_grail_held"] = now
            return  # the update timer is left running: its next tick looks again
    self.__dict__["_grail_held"] = None
    _on_timer_update(self)


# -- installing -----------------------------------------------------------------------------------

PATCHED = (  # (class, attribute, replacement): what install() sets
    (Stylesheet, "_parse_rules", _parse_rules),
    (Screen, "_screen_resized", _resized),
    (ToastRack, "show", _show_toasts),
    (Screen, "_on_timer_update", _paint_when_quiet),
)


LEANED_ON = (  # (owner, private member, what relies on it): used as Textual has it, not replaced
    (MessagePump, "_message_queue", "keyorder: a key's travel is over once no queue holds a message"),
    (MessagePump, "_next_callbacks", "a paint waits for callbacks a pump will run next (call_next)"),
    (Input, "_on_key", "lineinput: Textual's own handling after the field's bindings (a character typed)"),
    (Input, "_on_focus", "lineinput: Textual's own handling when the field takes the focus"),
    (Input, "_restart_blink", "lineinput: the cursor shown again after a binding, as a typed key does"),
    (Input, "_bindings", "lineinput: the field's own bindings of a key (key_to_bindings; set per widget)"),
    (_time, "get_time", "lineinput: the clock Textual stamps a key with, to compare with a paint"),
)


def textual_version() -> str:
    return version("textual")


def install() -> None:
    """From now on, in this process: every Stylesheet parses each source once, and a screen
    is laid out again only for a new size. RuntimeError on another Textual than the pinned one."""
    found = textual_version()
    if found != TEXTUAL:
        raise RuntimeError(f"grail-tui's changes to Textual are for Textual {TEXTUAL}, not {found}: "
                           "check each one (app/textual_patches.py) before moving to another")
    for owner, name, replacement in PATCHED:
        setattr(owner, name, replacement)


def parsed() -> int:
    """How many parsed sources are kept (for tests)."""
    return len(_parsed)
