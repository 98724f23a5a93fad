"""Standing answers of Pulling Strings (STRINGS.md §14.7) tell nobody anything, at the wire.

Twin games differ only in the secrets of Ann (seat 1): her group hand, group deck and plot-deck
order. Ann has a standing answer; wherever it answers it must answer the same in both twins (it
reads only what is public and her setting), and Bo, Di and a spectator, Cy, must receive byte
for byte the same lines from the server in both twins, the answered windows included.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from pathlib import Path

import pytest

from grail_tui.games.strings.bots.heuristic import HeuristicBot
from grail_tui.games.strings.engine import Game, PlaceAgent, PlayPlot
from grail_tui.games.strings.kind import StringsKind
from grail_tui.games.strings.standing import STANDING, QuietThisTurn
from grail_tui.net.client import ServerLink
from grail_tui.net.connection import Limits
from grail_tui.net.hosting import Hosted
from grail_tui.net.protocol import Act, Join, Open, Watch
from grail_tui.net.server import Server
from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import TableSettings
from grail_tui.table.sqlite import GameDatabase, open_database
from grail_tui.table.store import StoredGame
from grail_tui.table.table import Table
from grail_tui.table.thinking import Thinker

from ..strings.engine.test_twins import twins
from ..strings.helpers import A, B, F
from .test_succession_secrecy import before_the_end, lines_until

CODE = "TWIN"
SECRET = 0
STEPS = 500  # actions played through the server (the twins' games are long)


class Twin(StringsKind):
    """The game as one twin stands after set-up (the server's own seed would deal otherwise)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def new_state(self, setup):  # type: ignore[override]
        return self.game


def shared_history(seed: int, key: str) -> tuple[tuple[Game, Game], list, int]:
    """The actions both twins can play, Ann's standing answer answering where it will; how often
    it did. Her answer must be the same in both twins at every question."""
    factory = next(make for word, _, make in STANDING if word == key)
    first, second = twins((A, B, F), seed, SECRET)
    served = twins((A, B, F), seed, SECRET)
    standing = factory(first.view(SECRET))
    rng = random.Random(seed)
    actions, answered = [], 0
    while not first.is_over and len(actions) < STEPS:
        player = first.to_act()[0]
        if player == SECRET:
            mine, theirs = first.view(SECRET), second.view(SECRET)
            if standing.done(mine):  # "this turn": set again for the next one, as a player would
                standing = factory(mine)
            answer = standing.answer(mine)
            assert answer == standing.answer(theirs), "the standing answer read something secret"
            if answer is not None:
                assert answer in mine.legal and answer in theirs.legal
                action, answered = answer, answered + 1
            else:
                legal = [a for a in first.legal_actions(player)
                         if a in second.legal_actions(player) and not isinstance(a, PlaceAgent)]
                action = legal[rng.randrange(len(legal))]
        else:
            legal = [a for a in first.legal_actions(player) if not (isinstance(a, PlayPlot) and any(
                first.defs[a.card].has_op(op) for op in ("look", "show", "mill")))]
            action = legal[rng.randrange(len(legal))]
        first.apply(action)
        second.apply(action)
        actions.append(action)
    return served, actions, answered


async def serve_twin(folder: Path, game: Game, actions: list) -> dict[str, list[bytes]]:
    folder.mkdir()
    # a game's worth of actions sent as fast as a loop can: no rate limit of a person's pace applies
    limits = dataclasses.replace(Limits(), rate=10_000.0, burst=10_000.0)
    server = Server(GameDatabase(open_database(folder / "server.db")), bot_delay=0, thinker=Thinker(), limits=limits)
    port = await server.listen_bench_tcp("127.0.0.1", 0)
    kind = Twin(game)
    seats = [SeatConfig("bench:ann"), SeatConfig(None), SeatConfig(None)]
    settings = TableSettings(pause_when_empty=True)  # no time limits: no deadline in any message
    stored = StoredGame(kind.name, kind.setup_to_dict(game.setup), seats, settings)
    store = server.database.create(CODE, stored, "bench:ann", "open")
    table = Table(kind, game.setup, seats, store, settings=settings, thinker=server.thinker)
    server._host(Hosted(CODE, kind, table, "bench:ann"))
    sent: dict[str, list[bytes]] = {"ann": [], "bo": [], "di": [], "cy": []}
    conns: dict[str, ServerLink] = {}
    try:
        for name, ask in (("ann", Open), ("bo", Join), ("di", Join), ("cy", Watch)):
            conn = conns[name] = await ServerLink.bench_tcp("127.0.0.1", port, name)
            await conn.send(ask(1, CODE))
            await lines_until(conn, table.seq, sent[name])
        movers = {0: conns["ann"], 1: conns["bo"], 2: conns["di"]}
        for action in actions:
            seq = table.seq
            await movers[action.player].send(Act(CODE, seq, kind.action_to_dict(action)))
            for _ in range(2000):
                if table.seq > seq:
                    break
                await asyncio.sleep(0.002)
            assert table.seq == seq + 1, f"the action {action} was not taken"
            for who, conn in conns.items():
                await lines_until(conn, table.seq, sent[who])
    finally:
        for conn in conns.values():
            await conn.close()
        await server.close()
    return sent


@pytest.mark.parametrize(("key", "seed"), [("quiet", 2), ("lap", 3)])
def test_a_standing_answer_sends_the_others_the_same_bytes_whatever_the_hand(key, seed, tmp_path):
    (first, second), actions, answered = shared_history(seed, key)
    assert answered >= 3, "the standing answer never answered: the test would prove nothing"
    assert first.view(SECRET) != second.view(SECRET)

    async def main():
        return (await serve_twin(tmp_path / "a", first, actions),
                await serve_twin(tmp_path / "b", second, actions))

    one, two = asyncio.run(main())
    for who in ("bo", "di", "cy"):
        assert len(one[who]) > len(actions)
        assert before_the_end(one[who]) == before_the_end(two[who]), f"{who} can tell the twins apart"
    assert one["ann"] != two["ann"]  # Ann sees her own hand, which differs


def test_quiet_this_turn_ends_with_the_turn_and_quiet_unless_mine_leaves_my_attacks_to_me():
    game = twins((A, B, F), 4, SECRET)[0]
    bots = [HeuristicBot(seat) for seat in range(3)]  # they attack, as random play seldom does
    quiet = next(make for word, _, make in STANDING if word == "quiet")(game.view(SECRET))
    seen_mine = seen_passed = 0
    turn = QuietThisTurn(game.round, game.active)
    while not game.is_over and not (seen_mine and seen_passed and game.round > 3):
        view = game.view(SECRET)
        public = view.public
        attack = public.attack
        if public.prompt == "support" and SECRET in public.to_act and attack is not None:
            target = next((s.controller for s in public.structure if s.uid == attack.target.uid), None)
            if SECRET in (attack.player, target):
                assert quiet.answer(view) is None  # a group of mine attacked: I am asked
                seen_mine += 1
            else:
                seen_passed += quiet.answer(view) is not None
        if (public.round, public.active) != (turn.round, turn.active):
            assert turn.done(view) and turn.answer(view) is None
        player = game.to_act()[0]
        game.apply(bots[player].decide(game.view(player), game.legal_actions(player)))
    assert seen_mine and seen_passed
