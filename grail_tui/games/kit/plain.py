"""What a game offers the plain (line by line) front end: numbered choices, in its own words.

The platform (``app/plain``) reads lines, numbers the choices, repeats the question and sends
what was chosen through the same table client as the full screen; a game says only what its
choices are (``PlainWords`` in ``app/plain/game.py``). Pure and stdlib only, like the rest of the kit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Choice:
    """One numbered line: an action, a question to type an answer to, or more choices.

    ``action``: sent as it is. ``ask`` with ``parse``: the question, and what an answer
    becomes (``parse`` raises ValueError, in the player's words, for an answer it cannot
    read). ``then``: choices one level down. ``standing``: what ``action``/``parse`` give is
    a standing answer for the table client to keep, not an action.
    """

    label: str
    action: Any = None
    ask: str = ""
    parse: Callable[[str], Any] | None = None
    then: tuple[Choice, ...] = ()
    standing: bool = False


def read_amount(text: str, what: str) -> int:
    """A whole number the player typed (the rules judge it after: the same refusal as a key's)."""
    word = text.strip()
    if not word.isdigit() or len(word) > 6:
        raise ValueError(f"Type {what} as a whole number, for example 12.")
    return int(word)
