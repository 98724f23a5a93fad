"""Pulling Strings on a real `grail-tui serve`: two people (bench clients answering with the
heuristic player) and two of the server's bots play four seats to the end; a spectator is sent
exactly the public view, never a hand; one person drops mid-game and, back, has their hand again.
The host names decks by name and the server refuses a deck it does not have."""

from __future__ import annotations

import asyncio
import subprocess
import sys

from grail_tui.app.screens.lobby import describe_game
from grail_tui.games import registry
from grail_tui.games.api import BotLevel
from grail_tui.net.botclient import play_seat, reply_to
from grail_tui.net.protocol import Create, Error, Games, Join, Joined, ListGames, State, TableRules, Watch

from .helpers import link, next_of

KIND = registry.get("strings")
DROP_AT = 25  # the state after which Bo's connection drops


def hands(view: dict) -> tuple[list, list]:
    return [f["card"] for f in view["plot_hand"]], [f["card"] for f in view["group_hand"]]


def test_four_seats_two_people_two_bots_play_to_the_end_a_spectator_sees_no_hand_and_a_return_restores_the_hand(
        server):
    async def main():
        ann, bo, cy = [await link(server, n) for n in ("ann", "bo", "cy")]
        await ann.send(Create(1, "strings", (None, None, "heuristic", "random"),
                              options={"turn_limit": 4, "decks": "masks,random,open-eye"},
                              rules=TableRules(min_round=0)))
        code = (await next_of(ann, Joined)).code
        await bo.send(Join(2, code))
        assert (await next_of(bo, Joined)).seat == 1
        await cy.send(Watch(3, code))
        assert (await next_of(cy, Joined)).seat is None
        watched: list = []
        back: dict = {}

        async def watch() -> State:
            while True:
                message = await cy.receive()
                watched.append(message)
                if isinstance(message, State) and message.result is not None:
                    return message

        async def bo_plays() -> State:
            """Bo answers until state DROP_AT, leaves, comes back on a new connection, plays on."""
            nonlocal bo
            bot = KIND.make_bot(BotLevel.HEURISTIC, 1)
            answered = -1
            while True:
                message = await asyncio.wait_for(bo.receive(), 30)
                if not isinstance(message, State) or message.code != code:
                    continue
                if message.result is not None:
                    return message
                if message.seq >= DROP_AT and not back:
                    back["before"] = (message.seq, hands(message.view))
                    await bo.close()
                    bo = await link(server, "bo")
                    await bo.send(Join(4, code))
                    assert (await next_of(bo, Joined)).seat == 1
                    first = await next_of(bo, State)
                    back["after"] = (first.seq, hands(first.view), first.view["player"])
                    message = first
                if message.seq != answered and message.asked:
                    act = reply_to(KIND, message, bot)
                    if act is not None:
                        answered = message.seq
                        await bo.send(act)

        bot = KIND.make_bot(BotLevel.HEURISTIC, 0)
        results = await asyncio.wait_for(asyncio.gather(play_seat(ann, code, KIND, bot), bo_plays(), watch()), 180)
        for conn in (ann, bo, cy):
            await conn.close()
        return results, watched, back

    results, watched, back = asyncio.run(main())
    assert all(r.result is not None for r in results)
    assert results[0].result == results[1].result == results[2].result
    record = results[2].record
    assert record["game"] == "strings"
    setup = record["setup"]
    assert setup["decks"][:3] == ["masks", setup["decks"][1], "open-eye"] and len(setup["decks"]) == 4
    assert setup["card_set"] == "ps1" and len(setup["cards_hash"]) == 64
    data = KIND.read_record(record)
    game = KIND.replay(data.setup, data.actions)
    assert game.is_over and list(KIND.result(game).winners) == results[0].result["winners"]

    # the spectator was sent the public view of a position of the game, in order, and no more
    states = [m for m in watched if isinstance(m, State) and m.result is None]
    assert len(states) > DROP_AT
    position = KIND.new_state(data.setup)
    applied = 0
    for state in states:
        assert "plot_hand" not in state.view and "group_hand" not in state.view
        shown = KIND.decode_view(state.view, None)
        while shown != position.public_view():
            assert applied < len(data.actions), f"state {state.seq} is no public view of the game"
            position.apply(data.actions[applied])
            applied += 1

    # Bo came back to the seat and the hand the game had for him at that moment
    seq, held, player = back["after"]
    assert player == 1 and back["before"][0] <= seq
    position = KIND.new_state(data.setup)
    matches = []
    for action in [None, *data.actions]:
        if action is not None:
            position.apply(action)
        mine = position.view(1)
        matches.append(held == ([f.card for f in mine.plot_hand], [f.card for f in mine.group_hand]))
    assert any(matches)  # his hand as it stood at some position of the game
    assert held[0] or held[1]  # a hand to restore, or the check would prove nothing
    assert held == back["before"][1] or back["before"][0] < seq  # unchanged unless play went on
    server.assert_no_traceback()


def test_the_server_refuses_a_deck_it_does_not_have_and_a_card_set_not_installed(server):
    async def main():
        ann = await link(server, "ann")
        errors = []
        for ref, options in enumerate(({"decks": "masks,my-own-deck"}, {"cards": "home1"}), start=1):
            await ann.send(Create(ref, "strings", (None, "random"), options=options, rules=TableRules(min_round=0)))
            errors.append((await next_of(ann, Error)).error)
        await ann.close()
        return errors

    deck, cards = asyncio.run(main())
    assert deck.startswith("Decks: 'my-own-deck' is not one of rotation, random, old-money")
    assert cards.startswith("Card set: 'home1' is not one of ps1")
    server.assert_no_traceback()


def test_a_server_offers_the_card_sets_its_operator_installed_and_a_host_names_them(tmp_path):
    from ..strings.test_decks import home_set
    from .conftest import start_server

    cards = home_set(tmp_path / "sets" / "home")
    served = start_server(tmp_path / "srv", "--cards", str(cards))
    try:
        async def main():
            ann = await link(served, "ann")
            offered = ann.choices["strings"]
            assert ("home1", "Home Brew (home1)") in offered["cards"]  # for the new-game form
            assert [value for value, _ in offered["decks"]].count("masks") == 1
            await ann.send(Create(1, "strings", (None, "random", "random"),
                                  options={"cards": "home1", "decks": "masks,open-eye", "turn_limit": 2},
                                  rules=TableRules(min_round=0)))
            code = (await next_of(ann, Joined)).code
            first = await next_of(ann, State)
            await ann.send(ListGames(2, "mine"))
            listed = await next_of(ann, Games)
            await ann.close()
            return code, first, listed

        code, first, listed = asyncio.run(main())
        row = describe_game(next(g for g in listed.games if g.code == code), "ann")
        assert "Pulling Strings  3p " in row, row  # the lobby's line says how many play
        public = first.view["public"]
        assert public["card_set"] == "home1" and public["decks"][:2] == ["masks", "open-eye"]
        served.assert_no_traceback()
    finally:
        served.stop()
    bad = tmp_path / "bad"
    home_set(bad, set_id="ps1")  # a set may not take the shipped set's id
    refused = subprocess.run([sys.executable, "-m", "grail_tui", "serve", "--socket", str(tmp_path / "x.sock"),
                              "--cards", str(bad)], capture_output=True, text=True, timeout=60)
    assert refused.returncode == 1
    assert "set id 'ps1' is the id of a set shipped with grail-tui" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_a_kept_game_on_a_card_set_the_restarted_server_lacks_says_why_it_cannot_go_on(tmp_path):
    """Restarted without `serve --cards`: one log line says which game and why, no traceback;
    its player who asks for it reads the reason at once (no hang), and the game stays kept."""
    from ..strings.test_decks import home_set
    from .conftest import serve

    cards = home_set(tmp_path / "sets" / "home")
    first = serve(tmp_path / "srv", "--cards", str(cards))
    try:
        async def start():
            ann = await link(first, "ann")
            await ann.send(Create(1, "strings", (None, "random", "random"),
                                  options={"cards": "home1", "decks": "masks,open-eye", "turn_limit": 2},
                                  rules=TableRules(min_round=0)))
            code = (await next_of(ann, Joined)).code
            await next_of(ann, State)
            await ann.close()
            return code

        code = asyncio.run(start())
    finally:
        first.stop()
    again = serve(tmp_path / "srv", db=first.db)  # the same games, no --cards
    try:
        async def ask():
            ann = await link(again, "ann")
            errors = []
            for message in (Join(1, code), Watch(2, code)):
                await ann.send(message)
                errors.append((await next_of(ann, Error, timeout=10)).error)
            await ann.close()
            return errors

        joined, watched = asyncio.run(ask())
        for said in (joined, watched):
            assert said.startswith(f"Game {code} cannot go on on this server: "), said
            assert "home1" in said and "ask the operator" in said
        log = again.stderr()
        assert "Traceback" not in log, log[-3000:]
        assert log.count(f"game {code} cannot go on on this server") == 1, log[-3000:]
    finally:
        again.stop()
