"""Keys typed in one burst over SSH (as a laggy link delivers them) act in the order typed.

Each `press` below writes all its keys in one write to the channel: the app reads them
together (the name prompt before the app is answered in one write too: Person.arrive). An objection typed `o 1 2 Enter` revealed the amount filled in beforehand instead.
"""

from __future__ import annotations

import asyncio
import re

from .helpers import Person, new_key
from .scenes import create_two_seat_game, join_from_lobby, whose_turn

OPENING = ("2", "2", "2")  # A10 A9 B9 on AC: 28 each


async def test_a_game_typed_in_bursts_reveals_exactly_the_amounts_typed(ssh_server):
    ann = await Person.arrive(ssh_server, new_key(), name="Ann")  # the name, typed in one write
    await ann.until("you are Ann")
    await create_two_seat_game(ann)
    bea = await Person.arrive(ssh_server, new_key(), name="Bea")
    await bea.until("you are Bea")
    code = await join_from_lobby(bea)
    guest = await Person.arrive(ssh_server, None, username="guest")
    await guest.until("(a guest)")
    guest.press("w", *code, "enter")  # the code prompt opens and takes the code typed after w
    await guest.until("· watching")
    for person in (ann, bea):
        person.press("a", *OPENING, "enter")  # open the composer, assign, confirm: one burst
    await asyncio.gather(*(person.gone("Assign (any initiates)") for person in (ann, bea)))
    first = await whose_turn(ann, "Ann")
    people = {"Ann": ann, "Bea": bea}
    second = "Bea" if first == "Ann" else "Ann"
    mover, other = people[first], people[second]

    await mover.until("Your turn: p proposes")
    mover.press("p", "2", "enter")  # propose: Alberto Castellano, his first step
    await other.until(re.compile(r"o objects \(beat 0; you have 28 on AC\)"))
    other.press("o", "1", "2", "enter")
    await mover.until(f"{second} objects with 12. m matches 12")
    mover.press("r", "2", "5", "enter")
    await other.until(re.compile(r"o objects \(beat 25; you have 28 on AC\)"))
    other.press("o", "2", "8", "backspace", "7", "enter")  # 28, corrected to 27
    await mover.until(f"{second} objects with 27.")

    mover.press("g")  # the log pane, where chat shows
    other.press(":", *"hi there", "enter")  # chat: the prompt opens and takes the line
    await mover.until("hi there")
    await other.gone("Say to the table")
    for person in (ann, bea, guest):
        await person.leave()
