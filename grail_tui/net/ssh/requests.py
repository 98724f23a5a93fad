"""What a person may ask for on the ssh command line, and nothing else.

``ssh -p 2222 HOST`` opens the lobby; the words after the host ask for more:
``join CODE``, ``watch CODE``, ``keys``, ``keys remove FINGERPRINT``,
``add-key``, ``add-key CODE``, ``help``, with the
options ``--ascii`` and ``--mouse`` anywhere; ``plain`` (or ``--plain``) asks for the game as
lines of text, for screen readers and braille displays. Everything is checked against
this list; nothing a remote person types reaches a command line unchecked.
"""

from __future__ import annotations

import re
import shlex
import textwrap
from dataclasses import dataclass
from typing import Any

MAX_COMMAND = 8192  # an RSA key of 8192 bits is about 1.4 kB as text
OPTIONS = ("--ascii", "--mouse", "--plain", "--cursor")
WORDS = {"plain": "--plain"}  # an option a person may ask for as a word: `ssh -t HOST plain`
GAME_VERBS = ("join", "watch")
_CODE = re.compile(r"[A-Za-z0-9]{1,12}")
_PAIRING = re.compile(r"[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}")
_FINGERPRINT = re.compile(r"(SHA256:)?[A-Za-z0-9+/]{43}")

USAGE_WIDTH = 80  # what a terminal shows at its smallest; longer lines are folded
# What a person may ask for: the words after the host, and what they give.
USAGE_ROWS = (
    ((), "the lobby"),
    (("-t", "join", "CODE"), "straight into a game (watch CODE to watch)"),
    (("-t", "--ascii"), "plain ASCII drawing (also --mouse for the mouse)"),
    (("-t", "plain"), "the game as lines of text, for screen readers and braille"),
    (("keys",), "your name and its keys"),
    (("keys", "remove", "SHA256:..."), "take a key from your name"),
    (("add-key",), "a one-time code to add another key to your name"),
    (("-i", "OTHER_KEY", "add-key", "CODE"), "...typed where you log in with that key"),
)
USAGE_END = ("Make a key with ssh-keygen -t ed25519 if you have none; "
             "without one you may watch as a guest.")


@dataclass(frozen=True, slots=True)
class Door:
    """The front door as the person reached it: the examples we show are ones they can type."""

    host: str = "HOST"
    port: int = 22

    @classmethod
    def reached(cls, process: Any) -> Door:
        """The address and port the client connected to (the door may listen on every address)."""
        local = process.get_extra_info("sockname")
        if not local:
            return cls()
        return cls(str(local[0]).removeprefix("::ffff:"), int(local[1]))

    @property
    def shown(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return host if self.port == 22 else f"{host}:{self.port}"

    def command(self, *words: str) -> str:
        port = () if self.port == 22 else ("-p", str(self.port))
        flags: list[str] = []
        rest: list[str] = []
        pending_key = False
        for word in words:  # ssh's own flags (-t, -i FILE) go before the host, the request after it
            if pending_key or word in ("-t", "-i"):
                flags.append(word)
                pending_key = word == "-i"
            else:
                rest.append(word)
        if any(w.startswith("--") for w in rest):
            rest = ["--", *rest]
        return " ".join(("ssh", *flags, *port, self.host, *rest))

    def usage(self) -> str:
        """What `ssh HOST help` prints: every request as this person would type it."""
        rows = [(self.command(*words), what) for words, what in USAGE_ROWS]
        column = max(len(command) for command, _ in rows) + 4
        lines = ["You can ask for:"]
        if all(column + len(what) <= USAGE_WIDTH for _, what in rows):
            lines += [f"  {command.ljust(column - 2)}{what}" for command, what in rows]
        else:  # each request on a line of its own, what it gives below it
            lines += [line for command, what in rows for line in (f"  {command}", f"      {what}")]
        return "\n".join([*lines, *textwrap.wrap(USAGE_END, USAGE_WIDTH)])


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


def parse_request(command: str | None, door: Door | None = None) -> Request:
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
    return _play(words, door or Door())


def _play(words: list[str], door: Door) -> Play:
    options: list[str] = []
    game: list[str] = []
    rest = iter(words)
    for word in rest:
        if word == "--":
            continue
        word = WORDS.get(word, word)
        if word in OPTIONS:
            if word not in options:
                options.append(word)
        elif word in GAME_VERBS and not game:
            code = next(rest, "")
            if not _CODE.fullmatch(code):
                raise RequestRefused(f"{word} takes a game's code, for example: {word} ABCD")
            game = [word, code.upper()]
        else:
            raise RequestRefused(f"Unknown request {_quoted(word)}.\n{door.usage()}")
    # The app's own options come before its command (`grail-tui --ascii join ABCD`): that is how
    # its command line reads them, in whatever order the person typed them.
    return Play(tuple(options + game))


def _quoted(word: str) -> str:
    shown = "".join(ch if ch.isprintable() else "?" for ch in word[:40])
    return repr(shown + ("…" if len(word) > 40 else ""))
