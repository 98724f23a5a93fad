"""Two people with their own keys play the real app through the SSH front door of a real server."""

from __future__ import annotations

import asyncio
import re

from .helpers import Person, lobby_code, new_key, settles
from .scenes import (
    ANN_OPENING,
    BEA_OPENING,
    SHEETS,
    bidding_war,
    create_two_seat_game,
    join_from_lobby,
    open_with,
    say,
    sheet_of,
    whose_turn,
)


async def test_two_keys_meet_play_a_bidding_war_chat_and_one_comes_back(ssh_server):
    ann_key, bea_key = new_key(), new_key()
    ann = await Person.arrive(ssh_server, ann_key, name="Ann")
    await ann.until("you are Ann")
    anns_app = ssh_server.session_apps()
    await create_two_seat_game(ann)
    bea = await Person.arrive(ssh_server, bea_key, name="Bea")
    # The header says "you are Bea" as soon as the name is taken; the lobby follows it.
    await bea.until("you are Bea", re.compile(r"join\s+[A-Z]{4}"))
    # Bea's first sight of the lobby is the lobby with Ann's game in it: never "connecting"
    # (the server is a socket away), never an empty list drawn and then filled.
    assert b"connecting" not in bea.raw and b"No games yet" not in bea.raw
    beas_app = ssh_server.session_apps() - anns_app
    assert len(anns_app) == len(beas_app) == 1
    code = await join_from_lobby(bea)
    await asyncio.gather(open_with(ann, ANN_OPENING), open_with(bea, BEA_OPENING))
    first = await whose_turn(ann, "Ann")
    assert first == await whose_turn(bea, "Bea")
    people = {"Ann": ann, "Bea": bea}
    second = "Bea" if first == "Ann" else "Ann"
    await bidding_war(people[first], people[second], first, second)
    for name, person in people.items():
        person.press("s")  # each sees their own sheet
        await person.until(lambda text, name=name: sheet_of(text) == SHEETS[name])
        person.press("f")  # the whole log, in words, for both
        # the log speaks to its reader: "you match 8" for one, "Ann matches 8" for the other
        await person.until(lambda text: all(any(words in " ".join(text.split()) for words in choice)
                                            for choice in (
            ("matches 8", "match 8"), ("objects with 10 on Alberto", "object with 10 on Alberto"),
            ("concedes; the proposal is rejected", "concede; the proposal is rejected"),
            ("The proposal carries.",))))
    hosts_log = " ".join(ann.text.split())
    for person in people.values():
        person.press("escape")  # back from the whole log (alone: Esc then g at once reads as Alt+g)
        await person.gone("Esc or f returns")
        person.press("g")

    await say(ann, "well played")
    await bea.until("well played")
    await say(bea, "thanks, Ann")
    await ann.until("thanks, Ann")

    # Bea's connection breaks; her app is gone within seconds, her seat waits.
    bea.drop()
    assert await settles(lambda: not beas_app & ssh_server.session_apps(), within=10), \
        f"Bea's app {beas_app} outlived her connection"
    assert anns_app <= ssh_server.session_apps()

    # A guest (no key) sees the game with Bea away, may not take a seat, may watch: no sheet.
    guest = await Person.arrive(ssh_server, None, f"join {code}", username="guest")
    await guest.until("Guests may watch games but not take a seat.")
    await guest.until(re.compile(rf"watch\s+{code}\s+.*2p .*Bea \(away\)"))
    guest.press("enter")
    await guest.until("· watching", f"{second}'s turn")
    guest.press("s")
    await guest.until("You are watching")
    assert sheet_of(guest.text) is None

    back = await Person.arrive(ssh_server, bea_key)  # the same key: no name asked again
    text = await back.until("you are Bea", re.compile(rf"open\s+{code}\b"))
    assert lobby_code(text, "open") == code and "Name:" not in back.text
    back.press("enter")
    await back.until("Your turn" if second == "Bea" else f"{second}'s turn")
    back.press("s")
    await back.until(lambda text: sheet_of(text) == SHEETS["Bea"])
    # ... and the game goes on with her in her seat.
    if second == "Bea":
        back.press("a")
        await back.until("Assign (any initiates)")
        back.press("enter")  # assign nothing: a bluff the table hears of
        await ann.until("Your turn")
    else:
        ann.press("a")
        await ann.until("Assign (any initiates)")
        ann.press("enter")
        await back.until("Your turn")
    await guest.until(f"{first}'s turn")  # the watcher follows the game
    await asyncio.gather(ann.leave(), back.leave(), guest.leave())
    # the host's log names the person who took the open seat by her name, not "Seat 2 (open)"
    assert "Seat 2 (open)" not in hosts_log
    assert "Bea" in hosts_log
