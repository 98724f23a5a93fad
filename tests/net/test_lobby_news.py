"""The lobby follows the server: games that start, change and end are pushed to those who follow
it, a few at a time and never faster than the news comes, and nothing in them is secret."""

from __future__ import annotations

import asyncio
import time

from grail_tui.games.api import BotLevel
from grail_tui.net.botclient import play_seat
from grail_tui.net.client import ServerLink
from grail_tui.net.news import PUSH_EVERY, PUSH_MOST
from grail_tui.net.protocol import (
    Act,
    Create,
    FollowLobby,
    GameSummary,
    Join,
    Joined,
    Leave,
    LobbyNews,
    Say,
    State,
    TableRules,
)

from ..pebbles import KIND, Bid
from .conftest import start_server
from .helpers import create, link, next_of

WAIT = 10.0  # seconds any one piece of news may take (it comes within PUSH_EVERY)


def opening(seat: int) -> Bid:
    return Bid(seat, 1)


async def news_of(conn: ServerLink, code: str, until=lambda g: True, timeout: float = WAIT) -> GameSummary:
    """The next summary of ``code`` a follower is told of for which ``until`` holds."""
    async with asyncio.timeout(timeout):
        while True:
            message = await conn.receive()
            if isinstance(message, LobbyNews):
                for game in message.games:
                    if game.code == code and until(game):
                        return game


async def ended(conn: ServerLink, code: str) -> None:
    async with asyncio.timeout(WAIT):
        while True:
            message = await conn.receive()
            if isinstance(message, LobbyNews) and code in message.ended:
                return


async def test_a_follower_hears_of_new_games_seats_taken_whose_move_a_kept_seat_and_the_end(server):
    watcher = await link(server, "wen")
    await watcher.send(FollowLobby())
    ann, bo = await link(server, "ann"), await link(server, "bo")
    await ann.send(Create(1, KIND.name, (None, None, None), reserved=(None, None, "bench:wen"),
                          rules=TableRules(min_round=0)))
    code = (await next_of(ann, Joined)).code

    new = await news_of(watcher, code)  # a new game, without asking
    assert new.status == "open" and [s.name for s in new.seats] == ["bench:ann", None, None]
    assert new.seats[2].reserved == "bench:wen"  # the seat kept for the follower
    assert new.to_move == (0, 1, 2)  # the bids: everyone is asked
    assert (new.game, new.title, new.progress) == ("toy", "Pebbles", "10 pebbles left")

    await bo.send(Join(2, code))
    assert (await next_of(bo, Joined)).seat == 1
    taken = await news_of(watcher, code, lambda g: g.seats[1].name == "bench:bo")
    assert taken.status == "open"  # the kept seat is still free

    # the whole opening, then whose move it is: the mover alone
    for k, conn in enumerate((ann, bo)):
        state = await next_of(conn, State)
        await conn.send(Act(code, state.seq, KIND.action_to_dict(opening(k))))
    await watcher.send(Join(3, code))
    state = await next_of(watcher, State)
    await watcher.send(Act(code, state.seq, KIND.action_to_dict(opening(2))))
    turn = await news_of(watcher, code, lambda g: g.progress != "10 pebbles left")
    assert turn.status == "playing" and len(turn.to_move) == 1 and turn.progress == "7 pebbles left"

    # a game played to its end leaves the lobby
    cy = await link(server, "cy")
    short = await create(cy, (None, "random", "random"), options={"pile": 3})
    await news_of(watcher, short)
    await asyncio.wait_for(play_seat(cy, short, KIND, KIND.make_bot(BotLevel.RANDOM, 0)), 60)
    await ended(watcher, short)
    for conn in (ann, bo, cy, watcher):
        await conn.close()
    server.assert_no_traceback()


async def test_an_answer_in_a_secret_round_is_never_news(server):
    """Whose move it is, in a hidden round, names every seat asked until the round is shown: an
    answer given changes no summary, and sends no news (its timing would tell)."""
    watcher = await link(server, "wen")
    await watcher.send(FollowLobby())
    conns = [await link(server, n) for n in ("ann", "bo", "cy")]
    code = await create(conns[0], (None, None, None))
    for k, conn in enumerate(conns[1:], start=1):
        await conn.send(Join(k, code))
        assert (await next_of(conn, Joined)).seat == k
    await news_of(watcher, code, lambda g: all(s.name for s in g.seats))
    state = await next_of(conns[0], State)
    await conns[0].send(Act(code, state.seq, KIND.action_to_dict(opening(0))))
    await next_of(conns[0], State)  # ann is told her answer is in
    await conns[1].send(Say(code, "hurry up"))  # a public change to the table, after the answer
    # A marker: news of a game made now comes after any news of the table made before it.
    dee = await link(server, "dee")
    marker = await create(dee, (None, "random", "random"))
    async with asyncio.timeout(WAIT):
        while True:
            message = await watcher.receive()
            if not isinstance(message, LobbyNews):
                continue
            told = {g.code: g for g in message.games}
            assert code not in told, f"an answer in a secret round made news: {told[code]}"
            if marker in told:
                break
    # the round shown: now it is news
    for k in (1, 2):
        state = await next_of(conns[k], State)
        await conns[k].send(Act(code, state.seq, KIND.action_to_dict(opening(k))))
    shown = await news_of(watcher, code)
    assert shown.progress == "7 pebbles left" and len(shown.to_move) == 1
    server.assert_no_traceback()


def test_a_stranger_making_games_fast_floods_nobody(tmp_path):
    """However fast games are made, a follower gets at most one piece of news a second, each of
    at most a page of games, and hears of every game in the end."""
    served = start_server(tmp_path, "--limit", "games_per_user=40", "--limit", "burst=400")

    async def main() -> None:
        watcher = await link(served, "wen")
        await watcher.send(FollowLobby())
        maker = await link(served, "mal")
        made = []
        for ref in range(30):
            await maker.send(Create(ref, KIND.name, (None, None, None)))
            made.append((await next_of(maker, Joined, WAIT)).code)
            await maker.send(Leave(made[-1]))  # (one connection may hold 16 games open)
        assert len(made) == 30
        heard: set[str] = set()
        pieces: list[tuple[float, int]] = []
        async with asyncio.timeout(8 * WAIT):
            while not heard >= set(made):
                message = await watcher.receive()
                if isinstance(message, LobbyNews):
                    pieces.append((time.monotonic(), len(message.games)))
                    heard |= {g.code for g in message.games}
        assert all(size <= PUSH_MOST for _, size in pieces), pieces
        assert len(pieces) >= 2  # 30 games do not fit in one piece of news
        span = pieces[-1][0] - pieces[0][0]
        assert len(pieces) <= span / PUSH_EVERY + 2, pieces  # (one more for a late reader's bunching)

    try:
        asyncio.run(main())
        served.assert_no_traceback()
    finally:
        served.stop()
