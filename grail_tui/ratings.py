"""Ratings: who is good, with how sure we are of it, over many-player games.

A :class:`RatingBook` keeps a Weng-Lin (Plackett-Luce) rating from the
openskill library for every identity: an OS account, an SSH name, or a bot
level such as ``bot:strong``. Each finished game is rated from the seats'
identities and the game's ranks (``Result.ranks``: 0 is best, seats that tie
share a rank, so a game nobody won is a draw among everyone).

A rating is a belief, a mean ``mu`` with an uncertainty ``sigma``. The
leaderboard sorts by the conservative estimate ``mu - 3 sigma``: a newcomer
with a lucky win does not top players who have proved themselves over many
games.

Pure: no I/O. The book turns into JSON data and back, for whatever keeps it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

FORMAT = "grail-tui-ratings"
VERSION = 1
Z = 3.0  # the conservative estimate is mu - Z * sigma

# People get better or worse; a rating must keep moving. Bots on a ladder do not
# change, so a ladder rates them with no drift and their uncertainty keeps falling.
PEOPLE_DRIFT = 25.0 / 300.0


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """A skill the player almost surely has at least (about 99.9% of the belief lies above)."""
        return self.mu - Z * self.sigma

    def to_list(self) -> list[float]:
        return [self.mu, self.sigma]


@dataclass(frozen=True)
class Change:
    """One rated game in an identity's history."""

    game: str  # whatever names the game for the keeper: a record id, "ladder 17"
    rank: int  # 0 best, among the rated seats
    seats: int  # how many rated seats the game had
    before: Rating
    after: Rating

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "rank": self.rank, "seats": self.seats,
                "before": self.before.to_list(), "after": self.after.to_list()}


@dataclass
class Standing:
    identity: str
    rating: Rating
    games: int = 0
    wins: int = 0  # games in which it held the best rank, unless every rated seat shared it
    draws: int = 0  # games in which every rated seat shared one rank
    history: list[Change] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"identity": self.identity, "mu": round(self.rating.mu, 4),
                "sigma": round(self.rating.sigma, 4),
                "conservative": round(self.rating.conservative, 4),
                "games": self.games, "wins": self.wins, "draws": self.draws}


class RatingError(ValueError):
    """Rating data that cannot be read or a game that cannot be rated, said plainly."""


class RatingBook:
    """Every identity's rating and history; rate one finished game at a time."""

    def __init__(self, drift: float = PEOPLE_DRIFT, *, keep_history: int | None = None) -> None:
        """``drift``: how far a rating may move between games (0 for fixed bots);
        ``keep_history``: the newest changes kept per identity (None: all)."""
        if drift < 0 or not math.isfinite(drift):
            raise RatingError("the drift of ratings must be a number of at least 0")
        self.drift = drift
        self.keep_history = keep_history
        self._model = PlackettLuce(tau=drift)
        self.standings: dict[str, Standing] = {}

    def rating(self, identity: str) -> Rating:
        standing = self.standings.get(identity)
        if standing is None:
            return Rating(self._model.mu, self._model.sigma)
        return standing.rating

    def rate(self, identities: Sequence[str | None], ranks: Sequence[int], game: str = "") -> bool:
        """Rate one finished game; False if it had fewer than two rated seats.

        ``identities``: per seat, who sat there (None: an unrated seat, such as a
        guest). An identity that held several seats played against itself: none
        of its seats is rated in that game."""
        if len(identities) != len(ranks):
            raise RatingError(f"{len(identities)} seats but {len(ranks)} ranks")
        if any(not isinstance(r, int) or isinstance(r, bool) or r < 0 for r in ranks):
            raise RatingError("ranks are whole numbers from 0 (the best)")
        counts: dict[str, int] = {}
        for identity in identities:
            if identity is not None:
                counts[identity] = counts.get(identity, 0) + 1
        seats = [(who, rank) for who, rank in zip(identities, ranks, strict=True)
                 if who is not None and counts[who] == 1]
        if len(seats) < 2:
            return False
        # Ranks among the rated seats only: 0, 1, ... with ties kept.
        order = sorted({rank for _, rank in seats})
        places = [order.index(rank) for _, rank in seats]
        before = [self.rating(who) for who, _ in seats]
        teams = [[self._model.rating(mu=r.mu, sigma=r.sigma)] for r in before]
        rated = self._model.rate(teams, ranks=[float(p) for p in places])
        draw = len(order) == 1
        for (who, _), place, old, team in zip(seats, places, before, rated, strict=True):
            new = Rating(team[0].mu, team[0].sigma)
            standing = self.standings.setdefault(who, Standing(who, old))
            standing.rating = new
            standing.games += 1
            standing.wins += 1 if place == 0 and not draw else 0
            standing.draws += 1 if draw else 0
            standing.history.append(Change(game, place, len(seats), old, new))
            if self.keep_history is not None and len(standing.history) > self.keep_history:
                del standing.history[: len(standing.history) - self.keep_history]
        return True

    def leaderboard(self, limit: int | None = None) -> list[Standing]:
        """Best first by the conservative estimate; ties by more games, then by name."""
        rows = sorted(self.standings.values(),
                      key=lambda s: (-s.rating.conservative, -s.games, s.identity))
        return rows if limit is None else rows[:limit]

    def history(self, identity: str) -> list[Change]:
        standing = self.standings.get(identity)
        return list(standing.history) if standing is not None else []

    # -- JSON data -------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "drift": self.drift,
            "keep_history": self.keep_history,
            # full precision, so a book read back rates exactly as the one written
            "standings": [s.to_dict() | {"mu": s.rating.mu, "sigma": s.rating.sigma,
                                         "history": [c.to_dict() for c in s.history]}
                          for s in self.leaderboard()],
        }

    @classmethod
    def from_dict(cls, data: Any) -> RatingBook:
        """A book from its JSON data; RatingError says what is damaged."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise RatingError("not a rating book: the 'format' field is missing or wrong")
        if data.get("version") != VERSION:
            raise RatingError(f"rating book version {data.get('version')!r} is not supported")
        drift = _number(data.get("drift"), "drift")
        keep = data.get("keep_history")
        if keep is not None and (not isinstance(keep, int) or isinstance(keep, bool) or keep < 0):
            raise RatingError("'keep_history' should be a whole number or null")
        book = cls(drift, keep_history=keep)
        rows = data.get("standings")
        if not isinstance(rows, list):
            raise RatingError("the rating book has no list of standings")
        for row in rows:
            standing = _standing(row)
            if standing.identity in book.standings:
                raise RatingError(f"{standing.identity!r} appears twice in the rating book")
            book.standings[standing.identity] = standing
        return book


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise RatingError(f"{what!r} should be a number")
    return float(value)


def _count(row: Mapping[str, Any], key: str) -> int:
    value = row.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RatingError(f"{key!r} should be a whole number of at least 0")
    return value


def _rating(value: Any, what: str) -> Rating:
    if not isinstance(value, list) or len(value) != 2:
        raise RatingError(f"{what!r} should be [mu, sigma]")
    mu, sigma = _number(value[0], what), _number(value[1], what)
    if sigma <= 0:
        raise RatingError(f"{what!r}: the uncertainty must be above 0")
    return Rating(mu, sigma)


def _standing(row: Any) -> Standing:
    if not isinstance(row, Mapping) or not isinstance(row.get("identity"), str):
        raise RatingError("a standing without an identity")
    rating = _rating([row.get("mu"), row.get("sigma")], "rating")
    history = []
    raw = row.get("history", [])
    if not isinstance(raw, list):
        raise RatingError("a history should be a list")
    for item in raw:
        if not isinstance(item, Mapping) or not isinstance(item.get("game"), str):
            raise RatingError("a change in a history is damaged")
        history.append(Change(item["game"], _count(item, "rank"), _count(item, "seats"),
                              _rating(item.get("before"), "before"), _rating(item.get("after"), "after")))
    return Standing(row["identity"], rating, _count(row, "games"), _count(row, "wins"),
                    _count(row, "draws"), history)
