"""What a host chooses for a new game on a server, over a real connection: computer players by
the game's own bot levels (another is refused in a sentence naming those it has), and setup
options the game reads itself, as long as a deck of cards written out."""

from __future__ import annotations

from grail_tui.net.protocol import Create, Error, Joined

from .helpers import link, next_of


async def test_a_bot_level_the_game_does_not_offer_is_refused_with_the_levels_it_has(server):
    host = await link(server, "Ada")
    try:
        await host.send(Create(1, "succession", (None, "genius")))
        refused = await next_of(host, Error)
        assert refused.ref == 1
        assert refused.error == ("Grail Succession has no computer player 'genius'; "
                                 "it has random, heuristic, strong.")
        await host.send(Create(2, "succession", (None, "x" * 25)))
        assert "longer than 24" in (await next_of(host, Error)).error
        await host.send(Create(3, "succession", (None, "strong")))
        joined = await next_of(host, Joined)
        assert joined.seat == 0
    finally:
        await host.close()
    server.assert_no_traceback()


async def test_a_typed_option_as_long_as_a_deck_reaches_the_game_which_says_what_is_wrong(server):
    host = await link(server, "Ada")
    try:
        deck = ",".join(["3"] * 150)  # 299 characters: the game, not the wire, judges it
        await host.send(Create(1, "succession", (None, "random"), options={"plus": deck}))
        refused = await next_of(host, Error)
        assert refused.error.startswith("Give the 7 plus card values as whole numbers from 1 to")
        await host.send(Create(2, "succession", (None, "random"), options={"plus": "3," * 200 + "3"}))
        assert "longer than 400" in (await next_of(host, Error)).error
        await host.send(Create(3, "succession", (None, "random"), options={"plus": "2,2,2,2,3,3,4"}))
        assert (await next_of(host, Joined)).seat == 0
    finally:
        await host.close()
    server.assert_no_traceback()
