"""What a host chooses for a new game on a server, over a real connection: computer players by
the game's own bot levels (another is refused in a sentence naming those it has), and setup
options the game reads itself (a typed one as long as a deck: the card game's server tests)."""

from __future__ import annotations

from grail_tui.net.protocol import Create, Error, Joined

from .helpers import link, next_of


async def test_a_bot_level_the_game_does_not_offer_is_refused_with_the_levels_it_has(server):
    host = await link(server, "Ada")
    try:
        await host.send(Create(1, "toy", (None, "genius")))
        refused = await next_of(host, Error)
        assert refused.ref == 1
        assert refused.error == "Pebbles has no computer player 'genius'; it has random, greedy."
        await host.send(Create(2, "toy", (None, "strong")))  # a standard level it does not offer
        assert (await next_of(host, Error)).error == "Pebbles has no computer player 'strong'; it has random, greedy."
        await host.send(Create(3, "toy", (None, "x" * 25)))
        assert "longer than 24" in (await next_of(host, Error)).error
        await host.send(Create(4, "toy", (None, "greedy"), options={"pile": 41}))
        assert (await next_of(host, Error)).error == "Pebbles is a whole number from 3 to 40."  # its option, in its words
        await host.send(Create(5, "toy", (None, "greedy")))  # the game's own level
        joined = await next_of(host, Joined)
        assert joined.seat == 0
    finally:
        await host.close()
    server.assert_no_traceback()
