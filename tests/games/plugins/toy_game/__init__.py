"""Pebbles: the toy game of grail-tui's tests, a game shipped as a package of its own.

Two to four players take turns taking one or two pebbles from a pile everyone sees. Each
holds a secret bonus of 1 to 3, dealt by the seed. When the pile is empty, pebbles taken
plus bonus is each one's score; the highest alone wins (a shared highest: nobody wins).
Before the first turn every player answers at once, in secret, how many pebbles they bid to
begin (0 or 1, taken from the pile in seat order): a secret round, as the hunt's opening.

It is as small as a game with secrets, a secret round and bots can be, and it stands on the
kit alone (docs/writing-a-game.md walks through it).
"""
