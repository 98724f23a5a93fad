"""What a person may ask for on the ssh command line, and nothing else.

``ssh -p 2222 HOST`` opens the lobby; the words after the host ask for more:
``join CODE``, ``watch CODE``, ``keys``, ``add-key KEY``, ``help``, with the
options ``--ascii`` and ``--mouse`` anywhere. Everything is checked against
this list; nothing a remote person types reaches a command line unchecked.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

MAX_COMMAND = 8192  # an RSA key of 8192 bits is about 1.4 kB as text
OPTIONS = ("--ascii", "--mouse")
GAME_VERBS = ("join", "watch")
_CODE = re.compile(r"[A-Za-z0-9]{1,12}")

USAGE = """\
You can ask for:
  ssh -p PORT HOST                      the lobby
  ssh -t -p PORT HOST join CODE         straight into a game (watch CODE to watch)
  ssh -t -p PORT HOST -- --ascii        plain ASCII drawing (also --mouse for the mouse)
  ssh -p PORT HOST keys                 your name and its keys
  ssh -p PORT HOST add-key 'ssh-ed25519 AAAA...'   another key for your name
                                        (or: ssh -p PORT HOST add-key < other_key.pub)
Make a key with ssh-keygen -t ed25519 if you have none; without one you may watch as a guest."""


@dataclass(frozen=True, slots=True)
class Play:
    """Run the app; ``args`` are allow-listed words for the app's command line."""

    args: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ListKeys:
    pass


@dataclass(frozen=True, slots=True)
class AddKey:
    """Add a key to the caller's name; an empty text means: read it from stdin."""

    public_key: str


@dataclass(frozen=True, slots=True)
class Help:
    pass


Request = Play | ListKeys | AddKey | Help


class RequestRefused(ValueError):
    """A command line the front door does not run; the text says what it does run."""


def parse_request(command: str | None) -> Request:
    if command is None:
        return Play()
    if len(command) > MAX_COMMAND:
        raise RequestRefused("That request is too long.")
    try:
        words = shlex.split(command)
    except ValueError:
        raise RequestRefused("That request has an unclosed quote.") from None
    if not words:
        return Play()
    verb = words[0]
    if verb in ("help", "--help", "-h"):
        return Help()
    if verb == "keys":
        if len(words) > 1:
            raise RequestRefused("keys takes nothing after it.")
        return ListKeys()
    if verb == "add-key":
        return AddKey(" ".join(words[1:]))
    return _play(words)


def _play(words: list[str]) -> Play:
    options: list[str] = []
    game: list[str] = []
    rest = iter(words)
    for word in rest:
        if word == "--":
            continue
        if word in OPTIONS:
            if word not in options:
                options.append(word)
        elif word in GAME_VERBS and not game:
            code = next(rest, "")
            if not _CODE.fullmatch(code):
                raise RequestRefused(f"{word} takes a game's code, for example: {word} ABCD")
            game = [word, code.upper()]
        else:
            raise RequestRefused(f"Unknown request {_quoted(word)}.\n{USAGE}")
    return Play(tuple(game + options))


def _quoted(word: str) -> str:
    shown = "".join(ch if ch.isprintable() else "?" for ch in word[:40])
    return repr(shown + ("…" if len(word) > 40 else ""))
