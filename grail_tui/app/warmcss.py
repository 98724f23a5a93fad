"""Parsed CSS, kept for every app a process runs.

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
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from textual.css.stylesheet import Stylesheet

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


def install() -> None:
    """From now on, every Stylesheet in this process parses each source once."""
    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]


def parsed() -> int:
    """How many parsed sources are kept (for tests)."""
    return len(_parsed)
