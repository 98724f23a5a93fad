"""The server's games: live tables in memory, every game on disk, codes and seats.

Unfinished games live as tables (paused while nobody is there); a finished
game leaves memory once its last update is out, and is loaded from disk on
demand to be watched or to give its record.
"""

from __future__ import annotations

import logging
import os
import secrets
import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from grail_tui.games import registry
from grail_tui.games.api import GameKind, SetupRequest
from grail_tui.table.pace import PRESETS, Pace
from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import OnFlag, OnTimeout, TableSettings
from grail_tui.table.sqlite import GameDatabase
from grail_tui.table.store import StoredGame
from grail_tui.table.table import Table
from grail_tui.table.thinking import Thinker
from grail_tui.table.timekeeping import SYSTEM_CLOCK, Clock
from grail_tui.table.updates import SeatUpdate, TableError

from .names import NAME_LIMIT, NameRefused, clean_name, clean_text, name_keys
from .protocol import CODE, ChatEntry, Create, GameSummary, SeatInfo, State, encode

if TYPE_CHECKING:
    from .standing import SeatAnswerer

log = logging.getLogger(__name__)
# A test hook, read by the server process alone: every game gets this seed, so twin runs
# of the secrecy audit deal the same sheets. No message can choose a seed; an operator
# must never set it (`grail-tui serve` warns when it is set).
TEST_SEED = "GRAIL_TUI_TEST_SEED"
CODE_LETTERS = "".join(c for c in string.ascii_uppercase if c not in "IO")
LOW_SHARE = 0.25  # a clock is low below this share of the bank the game began with


@dataclass
class Hosted:
    code: str
    kind: GameKind
    table: Table
    owner: str
    last_told: tuple[object, bytes] | None = None  # the last update encoded, for its next reader
    answerers: dict[int, SeatAnswerer] = field(default_factory=dict)  # standing answers kept, by seat
    on_close: list[Callable[[], None]] = field(default_factory=list)  # what stops with its table

    def close(self) -> None:
        """The game leaves memory (it ended, or the server stops): what watches it stops first."""
        for stop in self.on_close:
            stop()
        self.on_close.clear()
        for answerer in self.answerers.values():
            answerer.close()
        self.answerers.clear()
        self.table.close()

    def encoded(self, update: SeatUpdate) -> bytes:
        """An update's message on the wire, encoded once however many spectators it goes to
        (the table gives them all the same update object)."""
        last = self.last_told
        if last is not None and last[0] is update:
            return last[1]
        data = encode(state_message(self.kind, self.code, update))
        self.last_told = (update, data)
        return data

    def seat_of(self, user: str) -> int | None:
        return next((k for k, s in enumerate(self.table.seats) if s.is_human and s.name == user), None)

    def lookalike_of(self, user: str, seat: int) -> str | None:
        """Another seat's name (or the name it is kept for) that looks like ``user``'s: a person
        joining later must not pass for a bot, nor a bot for them."""
        keys = name_keys(shown_name(user))
        for k, config in enumerate(self.table.seats):
            for name in (config.name, config.reserved):
                if k != seat and name and keys & name_keys(shown_name(name)):
                    return shown_name(name)
        return None

    def free_seat_for(self, user: str) -> int | None:
        for k, s in enumerate(self.table.seats):
            if s.is_human and s.name is None and (s.reserved or user) == user:
                return k
        return None

    def summary(self) -> GameSummary:
        table = self.table
        present = table.present()
        public = table.update_for(None).view
        seats = tuple(SeatInfo(s.name, s.bot.value if s.bot else None, present[k], s.reserved)
                      for k, s in enumerate(table.seats))
        status: Literal["open", "playing", "over"] = "over" if table.over else (
            "open" if any(s.is_human and s.name is None for s in table.seats) else "playing")
        # The engine's own to_act, not the table's asked(): the table holds a secret round's
        # answers without applying them, so every seat asked stays asked until the round is shown.
        to_move = () if table.over else tuple(table.state.to_act())
        settings, banks = table.settings, table.banks
        if banks is None or settings.bank is None:
            return GameSummary(self.code, self.kind.name, self.kind.title, len(table.seats), status,
                               self.kind.progress(public), seats, 0.0, to_move=to_move)
        deadline = table.deadline_wall()
        return GameSummary(self.code, self.kind.name, self.kind.title, len(table.seats), status,
                           self.kind.progress(public), seats, 0.0, to_move=to_move,
                           pace=Pace("", settings.bank, settings.increment).describe(),
                           on_flag=settings.on_flag.value, out_of_time=tuple(sorted(banks.flagged)),
                           deadline=None if deadline is None else float(round(deadline)))

    def for_player(self, summary: GameSummary, user: str) -> GameSummary:
        """``summary`` as ``user``'s own list shows it: what only they may know of their seat."""
        seat = self.seat_of(user)
        left = self.clocks_left()
        mine = left[seat] if left is not None and seat is not None else None
        banks = self.table.banks
        out = banks is not None and seat in banks.flagged  # out of time: played for them, no clock
        return replace(summary, your_move=self.waits_on(user),
                       standing=seat is not None and seat in self.answerers,
                       clock_left=None if mine is None or out else float(round(mine)),
                       clock_low=mine is not None and not out and mine < self.low_line(),
                       clock_line=None if mine is None or out else self.low_line())

    def clocks_left(self) -> list[float] | None:
        """Each seat's time left now in a turn-based game (None: a live one). The wait now open is
        charged to every seat it waits on, as the table charges it (table/pace.py)."""
        table, banks = self.table, self.table.banks
        if banks is None:
            return None
        left = list(banks.banks)
        deadline = table.deadline_wall()
        waited = [s for s in table.state.to_act() if s not in banks.flagged] if not table.over else []
        if deadline is None or not waited:
            return left
        # the deadline is the earliest bank among the seats waited on, from when the wait opened
        spent = min(left[s] for s in waited) - (deadline - table.clock.wall())
        return [max(0.0, bank - spent) if s in waited else bank for s, bank in enumerate(left)]

    def low_line(self) -> float:
        """Below this a seat's clock is low (docs/turn-based.md): a quarter of the bank it began with."""
        bank = self.table.settings.bank
        return 0.0 if bank is None else bank * LOW_SHARE

    def waits_on(self, user: str) -> bool:
        """Does this game wait on ``user`` now (for their eyes: in a secret round, until they answer)?"""
        seat = self.seat_of(user)
        return seat is not None and not self.table.over and seat in self.table.asked() \
            and not (self.table.banks is not None and seat in self.table.banks.flagged)


class Codes:
    """Fresh game codes from the secure random source, never one any game kept has had.

    Codes are four letters while fewer than half of the four-letter codes are taken, then
    five, and so on up to the wire's limit (protocol.CODE): a draw then hits a free code
    at least half the time, so a handful of draws finds one and making a game never loops.
    How many codes of each length are taken is counted once at start and kept since."""

    SHORTEST = 4  # easy to say across a room and to type
    DRAWS = 40  # per length: all of them taken, with at most half the codes used, is 2^-40

    def __init__(self, database: GameDatabase, letters: str = CODE_LETTERS) -> None:
        self.database = database
        self.letters = letters
        self.taken = database.codes_by_length()

    def new(self, live: Iterable[str] = ()) -> str:
        """A code no game has had; TableError once every length up to the limit is half full."""
        live = set(live)
        for length in range(self.SHORTEST, CODE + 1):
            if 2 * self.taken.get(length, 0) >= len(self.letters) ** length:
                continue
            for _ in range(self.DRAWS):
                code = "".join(secrets.choice(self.letters) for _ in range(length))
                if code not in live and not self.database.exists(code):
                    self.taken[length] = self.taken.get(length, 0) + 1
                    return code
        log.error("no game codes left: every length up to %d is half used", CODE)
        raise TableError("The server cannot make new games now: it has run out of game codes. "
                         "Tell its operator.")


def table_settings(message: Create, bot_delay: float, presets: tuple[Pace, ...] = PRESETS) -> TableSettings:
    """How the new game waits; TableError names the paces there are for one the server lacks."""
    rules = message.rules
    if rules.pace != "live":
        pace = next((p for p in presets if p.name == rules.pace.lower()), None)
        if pace is None:
            raise TableError(f"This server has no pace {rules.pace[:16]!r}; it has live"
                             + "".join(f", {p.name} ({p.describe()})" for p in presets) + ".")
        # A turn-based game goes on while its players are away (no pause, no takeover: its clocks
        # and their policy say what happens to a seat nobody plays).
        return TableSettings(min_round=rules.min_round, bot_delay=bot_delay,
                             bank=pace.bank, increment=pace.increment, on_flag=OnFlag(rules.on_flag))
    return TableSettings(
        answer_timeout=rules.answer_timeout, turn_timeout=rules.turn_timeout,
        on_timeout=OnTimeout(rules.on_timeout), min_round=rules.min_round,
        takeover_after=rules.takeover_after, bot_delay=bot_delay, pause_when_empty=True)


def create_game(message: Create, owner: str, database: GameDatabase, codes: Codes, live: Iterable[str],
                thinker: Thinker, bot_delay: float, clock: Clock = SYSTEM_CLOCK,
                presets: tuple[Pace, ...] = PRESETS) -> Hosted:
    """A new game with the host in seat 1; TableError says what is wrong with the request."""
    try:
        kind = registry.get(message.game)
    except ValueError as exc:
        raise TableError(str(exc)) from None
    bots = message.bots
    if not kind.min_players <= len(bots) <= kind.max_players:
        raise TableError(f"{kind.title} is played by {kind.min_players} to {kind.max_players} players.")
    if bots[0] is not None:
        raise TableError("Seat 1 is yours: it cannot be a bot.")
    levels = {level.value: level for level in kind.bot_levels}  # each game says which it offers
    seats = []
    for k, level in enumerate(bots):
        if level is None:
            seats.append(SeatConfig(owner if k == 0 else None))
        elif level not in levels:
            raise TableError(f"{kind.title} has no computer player {level!r}; it has {', '.join(levels)}.")
        else:
            given = message.names[k] if k < len(message.names) else ""
            seats.append(SeatConfig(clean_text(given, limit=NAME_LIMIT) or f"Bot {k + 1}", levels[level]))
    for k, name in enumerate(message.reserved):
        if name and k < len(seats) and seats[k].is_human and k > 0:
            try:
                seats[k] = replace(seats[k], reserved=reserved_name(name))
            except NameRefused as exc:
                raise TableError(f"Seat {k + 1} cannot be kept for {name!r}: {exc}") from None
    distinct_names(seats)
    settings = table_settings(message, bot_delay, presets)
    options = checked_options(kind, message.options)
    request = SetupRequest(players=len(seats), seed=draw_seed(),
                           names=tuple(s.name or f"Seat {k + 1}" for k, s in enumerate(seats)),
                           options=options)
    try:
        setup = kind.make_setup(request)
    except (ValueError, TypeError) as exc:
        raise TableError(str(exc)) from None
    code = codes.new(live)
    stored = StoredGame(kind.name, kind.setup_to_dict(setup), seats, settings)
    status = "open" if any(s.is_human and s.name is None for s in seats) else "playing"
    store = database.create(code, stored, owner, status)
    table = Table(kind, setup, seats, store, settings=settings, thinker=thinker, clock=clock)
    return Hosted(code, kind, table, owner)


BENCH_PREFIX = "bench:"


def reserved_name(name: str) -> str:
    """A seat kept for a person: their name cleaned (NameRefused says why it cannot be). The
    benchmark transport's people are "bench:NAME"; no account or SSH name can hold a colon."""
    prefix = BENCH_PREFIX if name.startswith(BENCH_PREFIX) else ""
    return prefix + clean_name(name[len(prefix):])


def shown_name(name: str) -> str:
    """A seat's name as the others compare it: a benchmark person's without the transport's prefix."""
    return name.removeprefix(BENCH_PREFIX)


def distinct_names(seats: list[SeatConfig]) -> None:
    """No two seats of a game may go by one name, so a bot cannot pass for a person. Names are
    compared as they look (names.name_keys: case, compatibility forms and look-alike letters
    across scripts folded), as the server's accounts are."""
    seen: set[str] = set()
    for config in seats:
        for name in (config.name, config.reserved):
            if not name:
                continue
            keys = name_keys(shown_name(name))
            if keys & seen:
                raise TableError(f"Two seats cannot both be called {name!r}; give the bots other names.")
            seen |= keys


def draw_seed() -> int:
    """The seed comes from the operating system's secure source: nobody can know a secret in advance."""
    fixed = os.environ.get(TEST_SEED)
    if fixed is not None and fixed.isdigit():
        return int(fixed)
    return secrets.randbelow(2**31)


def offered_choices() -> dict[str, dict[str, list[list[str]]]]:
    """The choices each game's options have on this server (its operator's card sets and their
    decks among them), for the new-game form of a client that knows only its own."""
    return {kind.name: {option.key: [[value, label] for value, label in option.choices]
                        for option in kind.options() if option.choices}
            for kind in registry.kinds()}


def checked_options(kind: GameKind, given: dict[str, str | int]) -> dict[str, str | int]:
    """The host's options, each one the game offers and within its range (a seed is not one)."""
    offered = {option.key: option for option in kind.options()}
    for key, value in given.items():
        option = offered.get(key)
        if option is None:
            raise TableError(f"{kind.title} has no option {key[:24]!r}; it has "
                             f"{', '.join(offered) or 'none'}.")
        if option.is_text:
            if not isinstance(value, str):
                raise TableError(f"{option.label} is a line of text.")
            continue  # the game's make_setup checks it, with its own words
        refused = option.refusal(value, kind.max_players)  # a deck by name: only one installed here
        if refused is not None:
            raise TableError(refused)
    return dict(given)


class CannotGoOn(Exception):
    """A kept game this server cannot play on (a card set it was not started with, a game it
    does not know); the message says why, in words for its players and its operator."""


def restore_game(code: str, database: GameDatabase, thinker: Thinker,
                 clock: Clock = SYSTEM_CLOCK) -> Hosted | None:
    """The kept game ``code`` hosted again (None: there is no such game); CannotGoOn says why not."""
    stored = database.load(code)
    if stored is None:
        return None
    try:
        kind = registry.get(stored.game)
        table = Table.restore(kind, stored, database.store(code), thinker=thinker,
                              settings=replace(stored.settings, pause_when_empty=not stored.settings.turn_based),
                              clock=clock)
    except (ValueError, TableError) as exc:
        # An expected condition (the operator left out `serve --cards`, or a game was removed):
        # said in words, no traceback; the game stays kept for a server that can play it.
        raise CannotGoOn(str(exc)) from None
    owner = next((s.name for s in stored.seats if s.is_human and s.name), "") or ""
    return Hosted(code, kind, table, owner)


def state_message(kind: GameKind, code: str, update: SeatUpdate) -> State:
    result = update.result
    return State(
        code=code, seq=update.seq, seat=update.seat, view=kind.encode(update.view),
        events=tuple(kind.encode(e) for e in update.events),
        chat=tuple(ChatEntry(c.who, c.text, c.at) for c in update.chat),
        pending=kind.action_to_dict(update.pending) if update.pending is not None else None,
        asked=update.asked, names=update.names, present=update.present, deadline=update.deadline,
        result=None if result is None else {"winners": list(result.winners), "ranks": list(result.ranks),
                                             "text": result.text},
        record=update.record, reset=update.reset)
