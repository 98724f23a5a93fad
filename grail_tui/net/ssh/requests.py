"""What a person may ask for on the ssh command line, and nothing else.

``ssh -p 2222 HOST`` opens the lobby; the words after the host ask for more:
``join CODE``, ``watch CODE``, ``keys``, ``keys remove FINGERPRINT``,
``add-key``, ``add-key CODE``, ``help``, with the
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
_PAIRING = re.compile(r"[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}")
_FINGERPRINT = re.compile(r"(SHA256:)?[A-Za-z0-9+/]{43}")

USAGE = """\
You can ask for:
  ssh -p PORT HOST                      the lobby
  ssh -t -p PORT HOST join CODE         straight into a game (watch CODE to watch)
  ssh -t -p PORT HOST -- --ascii        plain ASCII drawing (also --mouse for the mouse)
  ssh -p PORT HOST keys                 your name and its keys
  ssh -p PORT HOST keys remove SHA256:...   take a key from your name
  ssh -p PORT HOST add-key              a one-time code to add another key to your name;
  ssh -i OTHER_KEY -p PORT HOST add-key CODE   ...typed where you log in with that key
Make a key with ssh-keygen -t ed25519 if you have none; without one you may watch as a guest."""


@dataclass(frozen=True, slots=True)
class Play:
    """Run the app; ``args`` are allow-listed words for the app's command line."""

    args: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ListKeys:
    pass


@dataclass(frozen=True, slots=True)
class RemoveKey:
    fingerprint: str


@dataclass(frozen=True, slots=True)
class AskCode:
    """A one-time code for the caller's name, to be entered with the key to add."""


@dataclass(frozen=True, slots=True)
class EnterCode:
    """Add the key this session logged in with to the name the code was issued for."""

    code: str


@dataclass(frozen=True, slots=True)
class Help:
    pass


Request = Play | ListKeys | RemoveKey | AskCode | EnterCode | Help


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
        if len(words) == 1:
            return ListKeys()
        if len(words) == 3 and words[1] == "remove" and _FINGERPRINT.fullmatch(words[2]):
            return RemoveKey(words[2] if words[2].startswith("SHA256:") else "SHA256:" + words[2])
        raise RequestRefused("keys lists your keys; keys remove SHA256:... takes one of them away.")
    if verb == "add-key":
        if len(words) == 1:
            return AskCode()
        if len(words) == 2 and _PAIRING.fullmatch(words[1]):
            return EnterCode(words[1])
        raise RequestRefused(
            "A key joins your name only from a session logged in with it, never from its text: run "
            "add-key (nothing after it) with a key that has your name, then add-key CODE with the new key.")
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
