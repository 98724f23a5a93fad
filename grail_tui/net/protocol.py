"""The wire: one JSON object per line, each a versioned, frozen message decoded once, fully.

Every message a client may send is a dataclass below; ``decode_client``
checks everything (types, ranges, lengths, nesting) before anything acts on
it and raises ProtocolError with a sentence otherwise. A game's action
travels as JSON data inside ``Act`` and is decoded by the game's kind.
Server messages are dataclasses too; the client decodes them with the same
checks, so a confused or hostile server cannot crash it either.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from .wire import MAX_DEPTH, Length, Letters, ProtocolError, Range, build, dump, parse_line

__all__ = ["MAX_DEPTH", "Length", "Letters", "ProtocolError", "Range", "parse_line"]  # and every message below

VERSION = 6  # 4: the lobby follows the server (FollowLobby, LobbyNews; whose move in GameSummary)
# 5: turn-based games (TableRules.pace, on_flag; a game's pace, deadline and seats out of time)
# 6: standing answers the server keeps (Stand; Joined.standing), your clock in your own games' rows
MAX_MESSAGE = 16 * 1024  # what a client may send in one line
MAX_FROM_SERVER = 16 * 1024 * 1024  # a long game's record at the end can be large
NAME = 24  # characters of a name
CODE = 8  # characters of a game code
TEXT = 500  # characters of a chat line
STANDING_MOST = 16  # named settings in one seat's standing answers (a game's vocabulary is smaller)
OPTION_TEXT = 400  # characters of a setup option the host types: room for a deck, some sixty cards by code


Seat = Annotated[int, Range(0, 7)]
Ref = Annotated[int, Range(0, 2**31)]
Code = Annotated[str, Length(CODE), Letters()]
Name = Annotated[str, Length(NAME)]
Seconds = Annotated[float, Range(0, 86400)]
Json = Any  # checked for size and depth only; its owner decodes it


# -- what a client sends ----------------------------------------------------------------------


@dataclass(frozen=True)
class Hello:
    version: Annotated[int, Range(0, 1000)]
    name: Name | None = None  # only the loopback benchmark transport takes a claimed name


@dataclass(frozen=True)
class ListGames:
    ref: Ref
    which: Literal["open", "mine", "live", "finished"]
    page: Annotated[int, Range(0, 1000)] = 0  # deep pages cost the database: 20 000 games back is plenty
    player: Name | None = None  # finished games of this player only


@dataclass(frozen=True)
class TableRules:
    """How a server table waits, as the host sets it."""

    answer_timeout: Annotated[float, Range(5, 86400)] = 120.0
    turn_timeout: Annotated[float, Range(5, 86400)] = 300.0
    on_timeout: Literal["pass", "bot"] = "pass"
    min_round: Annotated[float, Range(0, 60)] = 2.0
    takeover_after: Annotated[float, Range(0, 86400)] | None = None
    pace: Annotated[str, Length(16)] = "live"  # or one of the server's turn-based presets
    on_flag: Literal["bot", "skip", "end"] = "bot"  # a turn-based seat out of time: played, passed, or the end


@dataclass(frozen=True)
class Create:
    ref: Ref
    game: Annotated[str, Length(24)]
    bots: tuple[Annotated[str, Length(24)] | None, ...]  # per seat, one of the game's bot levels; seat 1 is the host's
    names: tuple[Name, ...] = ()  # bots' names
    reserved: tuple[Name | None, ...] = ()  # open seats kept for a named person
    options: dict[str, Annotated[str, Length(OPTION_TEXT)] | Annotated[int, Range(0, 1_000_000)]] = \
        field(default_factory=dict)
    rules: TableRules = field(default_factory=TableRules)


@dataclass(frozen=True)
class Join:
    ref: Ref
    code: Code


@dataclass(frozen=True)
class Open:
    ref: Ref
    code: Code


@dataclass(frozen=True)
class Watch:
    ref: Ref
    code: Code


@dataclass(frozen=True)
class Leave:
    code: Code


@dataclass(frozen=True)
class Act:
    code: Code
    seq: Annotated[int, Range(0, 2**31)]
    action: Json


@dataclass(frozen=True)
class Stand:
    """The sender's standing answers in a turn-based game, which the server keeps and plays while
    they are away: the game's named settings (its closed vocabulary, checked by the server), or
    none to clear them."""

    code: Code
    settings: dict[Annotated[str, Length(24)], Annotated[int, Range(0, 1_000_000)]] = \
        field(default_factory=dict)


@dataclass(frozen=True)
class Say:
    code: Code
    text: Annotated[str, Length(TEXT)]


@dataclass(frozen=True)
class Ping:
    ref: Ref


@dataclass(frozen=True)
class Record:
    """The whole record of a finished game (every sheet: finished games are open to all)."""

    ref: Ref
    code: Code


@dataclass(frozen=True)
class Ratings:
    """A page of the leaderboard, with the asker's own rating and history."""

    ref: Ref
    page: Annotated[int, Range(0, 10_000)] = 0


@dataclass(frozen=True)
class FollowLobby:
    """Be told (LobbyNews) of live games as they start, change and end; ``follow=False`` stops it."""

    follow: bool = True


ClientMessage = (Hello | ListGames | Create | Join | Open | Watch | Leave | Act | Say | Ping | Record | Ratings
                 | FollowLobby | Stand)
CLIENT = {"hello": Hello, "list": ListGames, "create": Create, "join": Join, "open": Open,
          "watch": Watch, "leave": Leave, "act": Act, "say": Say, "ping": Ping, "record": Record,
          "ratings": Ratings, "follow": FollowLobby, "stand": Stand}


# -- what the server sends --------------------------------------------------------------------


@dataclass(frozen=True)
class Welcome:
    version: int
    user: str
    guest: bool = False  # may watch, never sit
    paces: tuple[str, ...] = ()  # the turn-based presets a host may pick, besides "live"
    choices: Json = None  # {game: {option: [[value, label], ...]}}: what this server offers (its card sets)


@dataclass(frozen=True)
class SeatInfo:
    name: str | None
    bot: str | None = None
    present: bool = False
    reserved: str | None = None


@dataclass(frozen=True)
class GameSummary:
    code: str
    game: str
    title: str
    players: int
    status: Literal["open", "playing", "over"]
    progress: str
    seats: tuple[SeatInfo, ...]
    updated: float
    outcome: str = ""  # a finished game's result, in one sentence
    length: str = ""  # and how long it lasted
    # The seats the game waits for, as everybody may know it: in a secret round every seat
    # asked, whether or not it has answered, until the round is shown.
    to_move: tuple[int, ...] = ()
    # Turn-based games: the pace ("" when live), what a seat out of time means, the seats out of
    # time, and when the wait now open ends (seconds since the epoch; in a secret round, for
    # every seat asked alike, answered or not).
    pace: str = ""
    on_flag: str = ""
    out_of_time: tuple[int, ...] = ()
    deadline: float | None = None
    # Only in a reply to the asker's own list ("mine"): the asker's seat waits on the asker (in a
    # secret round, only until they have answered: they know that, nobody else is told).
    your_move: bool = False
    # Also only there: the asker has standing answers set in this game (the server plays them
    # while they are away), and the asker's own time left in a turn-based game (seconds, now)
    # and whether it is low (docs/turn-based.md).
    standing: bool = False
    clock_left: float | None = None
    clock_low: bool = False
    clock_line: float | None = None  # below this the asker's clock is low (seconds)


@dataclass(frozen=True)
class Games:
    ref: int
    which: str
    page: int
    games: tuple[GameSummary, ...]
    more: bool


@dataclass(frozen=True)
class Joined:
    ref: int
    code: str
    game: str
    seat: int | None
    turn_based: bool = False  # the server keeps this seat's standing answers (Stand)
    standing: dict[str, int] = field(default_factory=dict)  # those it keeps now


@dataclass(frozen=True)
class ChatEntry:
    who: str
    text: str
    at: float


@dataclass(frozen=True)
class State:
    code: str
    seq: int
    seat: int | None
    view: Json
    events: tuple[Json, ...]
    chat: tuple[ChatEntry, ...]
    pending: Json
    asked: bool
    names: tuple[str, ...]
    present: tuple[bool, ...]
    deadline: float | None
    result: Json  # {"winners": [...], "ranks": [...], "text": "..."} once over
    record: Json  # the whole record once over
    reset: bool


@dataclass(frozen=True)
class Refused:
    """An action was not taken; only its sender hears why."""

    code: str
    error: str


@dataclass(frozen=True)
class Error:
    ref: int | None
    error: str


@dataclass(frozen=True)
class Pong:
    ref: int


@dataclass(frozen=True)
class Bye:
    reason: str


@dataclass(frozen=True)
class RecordReply:
    ref: int
    code: str
    record: Json


@dataclass(frozen=True)
class RatingRow:
    identity: str  # an account or SSH name, or "bot:<level>"
    place: int  # 1 is the top of the leaderboard
    mu: float
    sigma: float
    games: int
    wins: int
    draws: int

    @property
    def conservative(self) -> float:
        """What the leaderboard sorts by: a skill the player almost surely has at least."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class RatingChange:
    game: str  # the game's code
    rank: int  # 0: the best, among the rated seats
    seats: int  # rated seats in that game
    draw: bool  # every rated seat shared one rank
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    at: float  # when the game ended


@dataclass(frozen=True)
class RatingsReply:
    ref: int
    page: int
    rows: tuple[RatingRow, ...]
    more: bool
    you: RatingRow | None  # the asker's own rating (None: not rated yet)
    history: tuple[RatingChange, ...]  # the asker's latest rated games, newest first


@dataclass(frozen=True)
class LobbyNews:
    """Live games that started or changed (their summaries now) and games that ended or went,
    since the last news; sent to a connection that follows the lobby, a few at a time."""

    games: tuple[GameSummary, ...]
    ended: tuple[str, ...]


ServerMessage = (Welcome | Games | Joined | State | Refused | Error | Pong | Bye | RecordReply | RatingsReply
                 | LobbyNews)
SERVER = {"welcome": Welcome, "games": Games, "joined": Joined, "state": State, "refused": Refused,
          "error": Error, "pong": Pong, "bye": Bye, "record_reply": RecordReply, "ratings_reply": RatingsReply,
          "lobby": LobbyNews}
TYPE_OF = {cls: name for name, cls in {**CLIENT, **SERVER}.items()}


# -- encoding and decoding ----------------------------------------------------------------------


def encode(message: Any, limit: int = MAX_FROM_SERVER) -> bytes:
    return dump(TYPE_OF[type(message)], message, limit)


def decode_client(line: bytes) -> ClientMessage:
    data = parse_line(line)
    cls = CLIENT.get(data["type"])
    if cls is None:
        raise ProtocolError(f"unknown message type {data['type'][:20]!r}")
    message: ClientMessage = build(cls, data, 64)
    return message


def decode_server(line: bytes) -> ServerMessage:
    data = parse_line(line, depth=64)
    cls = SERVER.get(data["type"])
    if cls is None:
        raise ProtocolError(f"unknown message type {data['type'][:20]!r}")
    message: ServerMessage = build(cls, data, 1_000_000)
    return message
