"""Every byte the server sends about a card game, in twin games: nothing secret leaks.

Two games share one public history but differ in the secrets of Ann (seat 1):
her hands, the order of the deck, the cards put aside. The server runs each in
turn (in this process, over its real connections); Bo, the other seat, and Cy,
a spectator, must receive byte for byte the same lines in both until the game
is over. Ann's own lines must differ, or the twins would prove nothing.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from grail_tui.games import registry
from grail_tui.games.succession.engine import Game
from grail_tui.games.succession.kind import SuccessionKind
from grail_tui.net.client import ServerLink
from grail_tui.net.hosting import Hosted
from grail_tui.net.protocol import Act, Join, Open, Watch, decode_server, encode
from grail_tui.net.server import Server
from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import TableSettings
from grail_tui.table.sqlite import GameDatabase, open_database
from grail_tui.table.store import StoredGame
from grail_tui.table.table import Table
from grail_tui.table.thinking import Thinker

from ..succession.twins import common_choices, twin_orders

KIND = registry.get("succession")
CODE = "TWIN"
SECRET, VIEWER = 0, 1


class Dealt(SuccessionKind):
    """The card game dealt in a chosen order (the server's own seed would shuffle)."""

    def __init__(self, order: list) -> None:
        self.order = order

    def new_state(self, setup):
        return Game(setup, self.order)


def shared_history(seed: int) -> tuple:
    """The twins' setup and orders, and the actions both can play (until they part or end)."""
    setup, order, other, _ = twin_orders(seed, SECRET)
    a, b = Game(setup, order), Game(setup, other)
    rng = random.Random(seed)
    actions, parted = [], False
    while not a.is_over:
        choices = common_choices(a, b)
        if not choices:
            break
        action = choices[rng.randrange(len(choices))]
        a.apply(action)
        b.apply(action)
        actions.append(action)
        parted = parted or a.hands[SECRET] != b.hands[SECRET]
    return setup, order, other, actions, parted


async def lines_until(conn: ServerLink, seq: int, into: list[bytes]) -> None:
    """Every line ``conn`` receives up to and including the state numbered ``seq``."""
    while True:
        line = await asyncio.wait_for(conn.reader.readline(), 10)
        assert line, "the server closed the connection"
        into.append(line)
        message = decode_server(line)
        if type(message).__name__ == "State" and message.seq == seq:
            return


async def serve_twin(folder: Path, setup, order, actions) -> dict[str, list[bytes]]:
    """One twin through the server: what Ann, Bo and Cy were sent, line by line."""
    folder.mkdir()
    server = Server(GameDatabase(open_database(folder / "server.db")), bot_delay=0, thinker=Thinker())
    port = await server.listen_bench_tcp("127.0.0.1", 0)
    kind = Dealt(order)
    seats = [SeatConfig("bench:ann"), SeatConfig(None)]
    settings = TableSettings(pause_when_empty=True)  # no time limits: no deadline in any message
    stored = StoredGame(kind.name, kind.setup_to_dict(setup), seats, settings)
    store = server.database.create(CODE, stored, "bench:ann", "open")
    table = Table(kind, setup, seats, store, settings=settings, thinker=server.thinker)
    server._host(Hosted(CODE, kind, table, "bench:ann"))
    sent: dict[str, list[bytes]] = {"ann": [], "bo": [], "cy": []}
    conns = {}
    try:
        for name, ask in (("ann", Open), ("bo", Join), ("cy", Watch)):
            conn = conns[name] = await ServerLink.bench_tcp("127.0.0.1", port, name)
            await conn.send(ask(1, CODE))
            await lines_until(conn, table.seq, sent[name])  # what the others hear of it comes later
        for action in actions:
            mover = conns["ann" if action.player == 0 else "bo"]
            seq = table.seq
            await mover.send(Act(CODE, seq, KIND.action_to_dict(action)))
            for _ in range(500):
                if table.seq > seq:
                    break
                await asyncio.sleep(0.002)
            assert table.seq == seq + 1, "the action was not taken"
            for who, conn in conns.items():
                await lines_until(conn, table.seq, sent[who])
    finally:
        for conn in conns.values():
            await conn.close()
        await server.close()
    return sent


def before_the_end(lines: list[bytes]) -> list[bytes]:
    """The lines sent while the game was on (at the end every secret is shown to everyone)."""
    kept = []
    for line in lines:
        message = decode_server(line)
        if getattr(message, "result", None) is not None:
            break
        kept.append(line)
    return kept


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_twin_card_games_send_the_other_seat_and_a_spectator_the_same_bytes(seed, tmp_path):
    setup, order, other, actions, parted = shared_history(seed)
    assert len(actions) >= 10 and parted  # the twins' secret hands really differed in play

    async def main():
        return (await serve_twin(tmp_path / "a", setup, order, actions),
                await serve_twin(tmp_path / "b", setup, other, actions))

    first, second = asyncio.run(main())
    for who in ("bo", "cy"):
        assert len(first[who]) > len(actions)
        assert before_the_end(first[who]) == before_the_end(second[who]), f"{who} can tell the twins apart"
    assert first["ann"] != second["ann"]  # Ann sees her own hands, which differ
    assert all(line == encode(decode_server(line)) for line in first["cy"][:3])  # whole lines compared
