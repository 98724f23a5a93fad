"""The server's ratings: one for every identity, kept in the server's database.

Who is rated: a person by the name of their seat (the OS account on the Unix
socket, the SSH name through the front door), a bot by its level
("bot:strong"). A finished game is rated once, in one transaction with the
note that it was (so a restarted server neither misses nor repeats one), by
the rules of :class:`grail_tui.ratings.RatingBook`: at least two rated seats,
and an identity that held several seats of one game is not rated in it.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from grail_tui.ratings import Change, Rating, RatingBook, Standing
from grail_tui.table.seats import SeatConfig
from grail_tui.table.sqlite import GameDatabase

from .protocol import RatingChange, RatingRow, Ratings, RatingsReply

SCHEMA = """
CREATE TABLE IF NOT EXISTS ratings (
    identity TEXT PRIMARY KEY,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    draws INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS ratings_by_skill ON ratings (mu - 3 * sigma);
CREATE TABLE IF NOT EXISTS rating_changes (
    identity TEXT NOT NULL,
    code TEXT NOT NULL,
    rank INTEGER NOT NULL,
    seats INTEGER NOT NULL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu_after REAL NOT NULL,
    sigma_after REAL NOT NULL,
    draw INTEGER NOT NULL,           -- every rated seat shared one rank
    at REAL NOT NULL,
    PRIMARY KEY (identity, code)
);
CREATE TABLE IF NOT EXISTS rated_games (
    code TEXT PRIMARY KEY,
    rated INTEGER NOT NULL,          -- 0: it had fewer than two rated seats
    at REAL NOT NULL
);
"""
BOARD_ORDER = "ORDER BY mu - 3 * sigma DESC, games DESC, identity"


def identity_of(seat: SeatConfig) -> str | None:
    """Who a seat is, for the ratings (None: nobody took it)."""
    if seat.bot is not None:
        return f"bot:{seat.bot.value}"
    return seat.name


@dataclass(frozen=True)
class Placed:
    """A standing with its place on the leaderboard (1: the top)."""

    place: int
    standing: Standing


@dataclass(frozen=True)
class Dated:
    change: Change
    draw: bool
    at: float


class RatingStore:
    def __init__(self, db: sqlite3.Connection, *, readonly: bool = False) -> None:
        self.db = db
        if not readonly:
            db.executescript(SCHEMA)

    # -- rating games -------------------------------------------------------------------

    def rate(self, code: str, seats: Sequence[SeatConfig], ranks: Sequence[int],
             at: float | None = None) -> bool:
        """Rate one finished game, once; False if it was rated before or cannot be rated."""
        identities = [identity_of(s) for s in seats]
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            if self.db.execute("SELECT 1 FROM rated_games WHERE code = ?", (code,)).fetchone():
                return False
            book = RatingBook()
            for who in {i for i in identities if i is not None}:
                standing = self._standing(who)
                if standing is not None:
                    book.standings[who] = standing
            rated = book.rate(identities, list(ranks), code)
            rated_ranks = {r for who, r in zip(identities, ranks, strict=True) if who is not None}
            when = time.time() if at is None else at
            self.db.execute("INSERT INTO rated_games VALUES (?, ?, ?)", (code, int(rated), when))
            if not rated:
                return False
            for standing in book.standings.values():
                change = standing.history[-1] if standing.history else None
                if change is None or change.game != code:
                    continue
                r = standing.rating
                self.db.execute("INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?, ?)",
                                (standing.identity, r.mu, r.sigma, standing.games, standing.wins,
                                 standing.draws))
                self.db.execute("INSERT INTO rating_changes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                (standing.identity, code, change.rank, change.seats, change.before.mu,
                                 change.before.sigma, change.after.mu, change.after.sigma,
                                 int(len(rated_ranks) == 1), when))
        return True

    def catch_up(self, database: GameDatabase) -> int:
        """Rate every finished game not rated yet (a server stopped between the two, or a
        database from before ratings), in the order they ended; how many were rated."""
        done = {code for (code,) in self.db.execute("SELECT code FROM rated_games")}
        count = 0
        for game in database.finished_games():
            if game.code not in done and self.rate(game.code, game.seats, game.ranks, at=game.ended):
                count += 1
        return count

    # -- reading -------------------------------------------------------------------------

    def _standing(self, identity: str) -> Standing | None:
        row = self.db.execute("SELECT identity, mu, sigma, games, wins, draws FROM ratings "
                              "WHERE identity = ?", (identity,)).fetchone()
        return None if row is None else _standing(row)

    def leaderboard(self, offset: int = 0, limit: int = 20) -> list[Placed]:
        rows = self.db.execute(f"SELECT identity, mu, sigma, games, wins, draws FROM ratings "
                               f"{BOARD_ORDER} LIMIT ? OFFSET ?", (limit, offset)).fetchall()
        return [Placed(offset + k + 1, _standing(row)) for k, row in enumerate(rows)]

    def placed(self, identity: str) -> Placed | None:
        """An identity's rating with its place on the leaderboard."""
        standing = self._standing(identity)
        if standing is None:
            return None
        r = standing.rating
        ahead = self.db.execute(
            "SELECT COUNT(*) FROM ratings WHERE mu - 3 * sigma > ? OR (mu - 3 * sigma = ? AND "
            "(games > ? OR (games = ? AND identity < ?)))",
            (r.conservative, r.conservative, standing.games, standing.games, identity)).fetchone()[0]
        return Placed(int(ahead) + 1, standing)

    def history(self, identity: str, limit: int = 20) -> list[Dated]:
        """The identity's latest rated games, newest first."""
        rows = self.db.execute(
            "SELECT code, rank, seats, mu_before, sigma_before, mu_after, sigma_after, draw, at "
            "FROM rating_changes WHERE identity = ? ORDER BY at DESC, code DESC LIMIT ?",
            (identity, limit)).fetchall()
        return [Dated(Change(code, rank, seats, Rating(mb, sb), Rating(ma, sa)), bool(draw), at)
                for code, rank, seats, mb, sb, ma, sa, draw, at in rows]

    def count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM ratings").fetchone()[0])


def _standing(row: tuple[str, float, float, int, int, int]) -> Standing:
    identity, mu, sigma, games, wins, draws = row
    return Standing(identity, Rating(mu, sigma), games, wins, draws)


def open_readonly(path: Path) -> sqlite3.Connection:
    """A server database opened for reading only (``grail-tui stats --db``); sqlite3.Error if
    there is none."""
    if not path.is_file():
        raise sqlite3.OperationalError(f"{path}: no such database")
    return sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)


def ratings_reply(store: RatingStore, user: str, message: Ratings, page: int) -> RatingsReply:
    """A page of the leaderboard, and the asker's own rating and history."""
    board = store.leaderboard(message.page * page, page + 1)
    you = store.placed(user)
    history = tuple(RatingChange(d.change.game, d.change.rank, d.change.seats, d.draw, d.change.before.mu,
                                 d.change.before.sigma, d.change.after.mu, d.change.after.sigma, d.at)
                    for d in store.history(user)) if you is not None else ()
    return RatingsReply(message.ref, message.page, tuple(row(p) for p in board[:page]), len(board) > page,
                        row(you) if you is not None else None, history)


def row(placed: Placed) -> RatingRow:
    s, r = placed.standing, placed.standing.rating
    return RatingRow(s.identity, placed.place, r.mu, r.sigma, s.games, s.wins, s.draws)


# -- in words (the lobby's leaderboard and `grail-tui stats`) ----------------------------------

EXPLAIN = ("Sorted by the rating less three times its uncertainty: a skill the player almost surely "
           "has. A game is rated when at least two different players or bot levels sat in it.")
BOARD_HEAD = f"{'#':>4}  {'player':<22}{'rating':>8}{'± unc.':>8}{'at least':>10}{'games':>7}{'wins':>6}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def board_line(row: RatingRow) -> str:
    return (f"{row.place:>4}  {row.identity[:21]:<22}{row.mu:>8.1f}{row.sigma:>8.1f}"
            f"{row.conservative:>10.1f}{row.games:>7}{row.wins:>6}")


def you_lines(reply: RatingsReply, me: str, history: int = 5, *, own: bool = True) -> list[str]:
    """The asker's rating and latest games (``own``: it is the reader's; else an operator's look)."""
    who = f"You ({me})" if own else me
    you = reply.you
    if you is None:
        return [f"{who} {'are' if own else 'is'} not rated yet."]
    out = [f"{who}: {ordinal(you.place)} · rating {you.mu:.1f} ± {you.sigma:.1f} · at least "
           f"{you.conservative:.1f} · {plural(you.games, 'game')}, {plural(you.wins, 'win')}"]
    for change in reply.history[:history]:
        delta = change.mu_after - change.mu_before
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(change.at))
        out.append(f"  {change.game:<6}{placing(change):<16}{change.mu_before:5.1f} → {change.mu_after:.1f} "
                   f"({delta:+.1f})   {when}")
    return out


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def placing(change: RatingChange) -> str:
    """How one rated game went for the player: "won", "draw", "2nd of 4"."""
    if change.draw:
        return f"draw of {change.seats}"
    return f"won of {change.seats}" if change.rank == 0 else f"{ordinal(change.rank + 1)} of {change.seats}"
