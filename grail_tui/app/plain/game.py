"""One game played by lines: the table's news said as lines, the question and its numbered choices.

The client is the full screen's own (LocalClient or RemoteClient): legal actions and refusals come
from the seat's view through the game's kind, the action goes out through ``client.submit``, and
standing answers through ``client.stand``, exactly as from a key.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, Protocol

from grail_tui.games.kit.plain import Choice
from grail_tui.table.client import TableClient

from ..status import status_line
from .terminal import CHANGED, Terminal

COMMANDS = ("Type the number of a choice. Other commands: ? repeats the question, board, sheet, "
            "log (log 10: the last ten lines), back (up one list), quit.")
LOG_SHOWN = 200  # lines the `log` command says at most


class PlainWords(Protocol):
    """What a game gives the plain front end (games/<game>/plain.py), from one seat's view."""

    def status(self, view: Any, seat: int | None) -> tuple[str, str]: ...  # where the game stands, whose move
    def board(self, view: Any, seat: int | None) -> list[str]: ...
    def sheet(self, view: Any, seat: int | None) -> list[str]: ...
    def situation(self, view: Any, seat: int | None, *, asked: bool, pending: Any,
                  standing: Any = None) -> str: ...
    def choices(self, view: Any, seat: int, legal: Sequence[Any], standing: Any = None) -> list[Choice]: ...


class PlainTable:
    """A game at a terminal, by lines, for the one seat played here (or watching)."""

    def __init__(self, client: TableClient, terminal: Terminal) -> None:
        self.client = client
        self.terminal = terminal
        self.words: PlainWords = client.kind.ui().plain()
        self.seat: int | None = client.seats[0] if client.seats else None
        self.said = 0  # log lines said so far
        self.asked_seq: int | None = None  # the question last put (its seq)
        self.last_situation = ""
        self.last_notice: str | None = None
        self.menus: list[list[Choice]] = []  # the lists chosen into; the last one is shown
        self.asking: Choice | None = None  # a choice waiting for its typed answer
        self.over = False

    @property
    def commands(self) -> str:
        return COMMANDS + (" say TEXT: to everyone at the table." if self.client.may_chat else "")

    @property
    def say(self) -> Any:
        return self.terminal.say

    async def play(self) -> str:
        """Play until the game ends or the person quits: "over", "quit" or "gone"."""
        client = self.client
        if len(client.seats) > 1:
            self.say("Plain mode is one person at a terminal: this game has several seats played "
                     "here (hot-seat). Play it in the full screen (grail-tui without --plain).")
            return "quit"
        client.on_change = self.terminal.changed
        client.start()
        self.say(f"{client.kind.title}" + (f", game {client.code}" if client.code else "")
                 + (". You are watching." if self.seat is None else "."), self.commands)
        self.sync()
        while not self.over:
            item = await self.terminal.next()
            if item is None:
                return "gone"
            if item is CHANGED:
                self.sync()
                continue
            if self.command(item) == "quit":
                return "quit"
        return "over"

    # -- news --------------------------------------------------------------------------

    def sync(self) -> None:
        client = self.client
        update = client.latest(self.seat)
        if client.notice != self.last_notice:
            self.last_notice = client.notice
            if client.notice:
                self.say(client.notice)
        if update is None:
            return
        lines = client.log(self.seat).lines
        if len(lines) < self.said:
            self.said = 0
        self.say(*lines[self.said:])
        self.said = len(lines)
        if client.refusal:
            self.say(f"Refused: {client.refusal}")
            client.refusal = None
            if update.asked and update.pending is None:
                self.asked_seq = None  # ask again
        if client.failure:
            self.say(f"A computer player failed: {client.failure}")
        if update.over:
            self.over = True
            text = update.result.text if update.result is not None else ""
            said = bool(lines) and lines[-1] == text  # the log's last line says it already
            self.say("The game is over." if said else f"The game is over. {text}".strip())
            return
        if self.seat is not None and update.asked and update.pending is None \
                and not client.standing_due(self.seat):
            if self.asked_seq != update.seq:
                self.asked_seq = update.seq
                self.menus, self.asking = [], None
                self.question()
            return
        self.asked_seq = None
        self.menus, self.asking = [], None
        situation = self.situation()
        if situation != self.last_situation:
            self.last_situation = situation
            self.say(situation)

    def situation(self) -> str:
        update = self.client.latest(self.seat)
        if update is None:
            return "Waiting for the game."
        standing = self.client.standing(self.seat) if self.seat is not None else None
        return self.words.situation(update.view, self.seat, asked=update.asked, pending=update.pending,
                                    standing=standing)

    def question(self) -> None:
        """What is asked now, and the numbered choices (the top list unless one was chosen into)."""
        update = self.client.latest(self.seat)
        if update is None or self.seat is None or not update.asked or update.pending is not None:
            self.last_situation = self.situation()
            self.say(self.last_situation)
            return
        if not self.menus:
            standing = self.client.standing(self.seat)
            legal = self.client.legal_actions(self.seat)
            self.menus = [self.words.choices(update.view, self.seat, legal, standing)]
        self.last_situation = self.situation()
        where, what = self.words.status(update.view, self.seat)
        names = update.names
        self.say(status_line(where, what, names=lambda seat: names[seat], viewer=self.seat, hotseat=False,
                             remote=self.client.remote, notice=None, code=self.client.code),
                 self.last_situation)
        if update.deadline is not None:
            left = max(0, round(update.deadline - time.time()))
            self.say(f"Time left to answer: {left} seconds.")
        if self.asking is not None:
            self.say(self.asking.ask + " (back: choose again)")
            return
        choices = self.menus[-1]
        self.say(*(f"{k}. {choice.label}" for k, choice in enumerate(choices, 1)))
        if len(self.menus) > 1:
            self.say("0. Back")
        self.say(f"Choose 1 to {len(choices)}." if len(choices) > 1 else "Choose 1.")

    # -- typed lines -----------------------------------------------------------------------------

    def command(self, line: str) -> str | None:
        text = line.strip()
        word = text.lower()
        if self.asking is not None and word not in ("?", "quit", "board", "sheet") \
                and not word.startswith("log"):
            if word in ("back", "0"):
                self.asking = None
                self.question()
            else:
                self.answer(self.asking, text)
            return None
        if not text:
            return None
        if word == "?":
            self.question()
        elif word == "board":
            self.show(self.words.board)
        elif word == "sheet":
            self.show(self.words.sheet)
        elif word == "log" or word.startswith("log "):
            self.log(word[3:].strip())
        elif word in ("help", "h"):
            self.say(self.commands)
        elif word in ("quit", "q", "exit"):
            return "quit"
        elif word in ("back", "0"):
            if len(self.menus) > 1:
                self.menus.pop()
            self.question()
        elif word.startswith("say ") and self.client.may_chat:
            self.client.chat(text[4:].strip()[:200])
        elif word.isdigit():
            self.choose(int(word))
        else:
            self.say(f"Unknown command {text[:40]!r}. {self.commands}")
        return None

    def show(self, words: Any) -> None:
        update = self.client.latest(self.seat)
        if update is None:
            self.say("The game has not started yet.")
            return
        self.say(*words(update.view, self.seat))

    def log(self, count: str) -> None:
        lines = self.client.log(self.seat).lines
        many = int(count) if count.isdigit() and count else LOG_SHOWN
        shown = lines[-min(many, LOG_SHOWN):] if many else []
        self.say(f"The log, the last {len(shown)} of {len(lines)} lines:", *shown)

    def choose(self, number: int) -> None:
        update = self.client.latest(self.seat)
        if self.seat is None or update is None or not update.asked or update.pending is not None \
                or not self.menus:
            self.say("Nothing is asked of you now. " + self.situation())
            return
        choices = self.menus[-1]
        if not 1 <= number <= len(choices):
            self.say(f"Choose a number from 1 to {len(choices)}.")
            return
        choice = choices[number - 1]
        if choice.then:
            self.menus.append(list(choice.then))
            self.question()
        elif choice.parse is not None:
            self.asking = choice
            self.say(choice.ask + " (back: choose again)")
        else:
            self.act(choice, choice.action)

    def answer(self, choice: Choice, text: str) -> None:
        assert choice.parse is not None
        try:
            value = choice.parse(text)
        except ValueError as exc:
            self.say(str(exc), choice.ask + " (back: choose again)")
            return
        self.asking = None
        self.act(choice, value)

    def act(self, choice: Choice, value: Any) -> None:
        assert self.seat is not None
        if choice.standing:
            self.client.stand(self.seat, value)
            described = getattr(value, "describe", None)
            self.say(f"Standing answers set: {described()}." if described else "Standing answers set.")
            return
        refused = self.client.submit(self.seat, value)
        if refused is not None:
            self.say(f"Refused: {refused}")
            self.menus = []  # back to the top list, as it stands
            self.question()
