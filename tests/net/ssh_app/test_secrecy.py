"""The secrecy audit, through SSH: what two people and a guest spectator are shown of each other.

Every byte each SSH client receives is kept and fed to a terminal emulator;
the screen is taken whenever the byte stream pauses for 30 ms (every screen
that stays up long enough for anyone to read it). Both people make secret
openings and later secret assignments on their turns, fight a bidding war on
an initiate both hold influence on, and visit every pane; the guest watches
from before the first assignment and visits every pane too. The secret
figures are chosen so that no sheet state of one person equals one of the
other's (see scenes.py). The test then shows, for the whole game so far
(it never reaches the end, when every sheet becomes public):

- every sheet pane a person is shown holds exactly their own sheet as it
  stood at some point (each person saw theirs, before and after each change),
  never the other's, and "you have N" in a prompt is their own figure;
- no log line shown to a person words the other's placements ("You put …");
- the guest is never shown a sheet, a "you have" figure or a placement: its
  sheet pane says the sheet is hidden;
- and, over the raw bytes rather than screens, no client ever received the
  other person's sheet header ("Your sheet  (64 left)") or their "you have"
  figure, however briefly it might have been drawn.

What this proves: the front door hands each person's terminal only their own
app's output, each app is bound to the seat of the key that started it, and
a guest's app holds no seat. What it cannot prove: that an app process never
*received* a secret it does not draw (that is the server's byte audit, over
the wire protocol), nor anything about timing; a secret drawn for less than
30 ms and split across writes would escape the screen checks (the raw-byte
check covers the unsplit case), and the game is not played to its end.
"""

from __future__ import annotations

import asyncio
import re

from .helpers import Person, new_key
from .scenes import (
    ANN_OPENING,
    BEA_OPENING,
    LATER_SHEETS,
    SHEETS,
    TURN_ASSIGNMENTS,
    assign_on_turn,
    bidding_war,
    create_two_seat_game,
    join_from_lobby,
    open_with,
    right_of_board,
    sheet_of,
    whose_turn,
)

UNTOUCHED = {"left": 100}
# The initiates each person puts units on: a "You put" line naming the other's is a leak.
PLACED_ON = {"Ann": ("Alberto Castellano", "Adam zu Riechlingen", "Jacques de Barruel"),
             "Bea": ("Alberto Castellano", "Frater Maleficus", "Hassan Al-Mulk")}
OWN_ONLY = {"Ann": ("Adam zu Riechlingen", "Jacques de Barruel"), "Bea": ("Frater Maleficus", "Hassan Al-Mulk")}


async def tour(person: Person, sheet: str = "Your sheet") -> None:
    """Every pane in turn, each waited for, then back to the bidding war."""
    for key, title in (("s", sheet), ("t", "Known at least"), ("g", "== Turn"), ("b", "Bidding war")):
        person.press(key)
        await person.until(title)
        await asyncio.sleep(0.1)  # as long as anyone looks: the screen is taken


async def test_nobody_is_shown_another_seats_sheet_and_the_guest_none(ssh_server):
    ann = await Person.arrive(ssh_server, new_key(), name="Ann")
    await create_two_seat_game(ann)
    guest = await Person.arrive(ssh_server, None, username="guest")
    await guest.until("(a guest)")
    guest.press("w")
    await guest.until("Watch which game?")
    bea = await Person.arrive(ssh_server, new_key(), name="Bea")
    code = await join_from_lobby(bea)
    guest.type(code)
    guest.press("enter")
    await guest.until("· watching")

    await asyncio.gather(open_with(ann, ANN_OPENING), open_with(bea, BEA_OPENING))
    people = {"Ann": ann, "Bea": bea}
    first = await whose_turn(ann, "Ann")
    second = "Bea" if first == "Ann" else "Ann"
    await asyncio.gather(tour(ann), tour(bea), tour(guest, "You are watching"))
    await bidding_war(people[first], people[second], first, second)
    guest.press(":")  # a guest may not talk: the key is not offered, and does nothing
    await assign_on_turn(people[second], TURN_ASSIGNMENTS[second])
    await asyncio.gather(tour(ann), tour(bea), tour(guest, "You are watching"))
    await assign_on_turn(people[first], TURN_ASSIGNMENTS[first])
    await whose_turn(people[second], second)
    await asyncio.gather(tour(ann), tour(bea), tour(guest, "You are watching"))
    await asyncio.sleep(0.1)  # the last screens are taken after a pause
    await asyncio.gather(ann.leave(), bea.leave(), guest.leave())

    for name, person in people.items():
        other = "Bea" if name == "Ann" else "Ann"
        allowed = [UNTOUCHED, SHEETS[name], LATER_SHEETS[name]]
        shown = [sheet for frame in person.frames if (sheet := sheet_of(frame)) is not None]
        assert all(sheet in allowed for sheet in shown), \
            f"{name} was shown a sheet that is not theirs: {[s for s in shown if s not in allowed]}"
        assert SHEETS[name] in shown and LATER_SHEETS[name] in shown
        figures = {int(n) for frame in person.frames for n in re.findall(r"you have (\d+)", frame)}
        assert figures == {SHEETS[name]["AC"]}, f"{name} was told of AC figures {figures}"
        logs = [right_of_board(frame) for frame in person.frames]
        assert any("You put" in log for log in logs)
        for log in logs:
            for put in re.findall(r"You put (.*?)\.", log):
                assert not any(initiate in put for initiate in OWN_ONLY[other]), \
                    f"{name} read another's placement: You put {put}"
        raw = person.raw
        for secret in (f"Your sheet  ({SHEETS[other]['left']} left)",
                       f"Your sheet  ({LATER_SHEETS[other]['left']} left)",
                       f"you have {SHEETS[other]['AC']}"):
            assert secret.encode() not in raw, f"{name} received {secret!r}"

    assert any("You are watching" in frame for frame in guest.frames)
    for frame in guest.frames:
        assert sheet_of(frame) is None and "you have" not in frame and "You put" not in right_of_board(frame)
    assert b"Your sheet  (" not in guest.raw and b"you have " not in guest.raw
    assert not any("Say to the table" in frame or ": Chat" in frame for frame in guest.frames)
    assert any(": Chat" in frame for frame in ann.frames)  # where a player sees it offered
    # The guest's lobby offers only what a guest may do, and says where and who they are.
    lobbies = [frame for frame in guest.frames if "(a guest)" in frame]
    assert lobbies and all("New game" not in frame and "j Join" not in frame for frame in lobbies)
    assert re.search(rf"server 127\.0\.0\.1:{ssh_server.port}  ·  you are guest-[0-9a-f]{{4}} \(a guest", lobbies[0])
    assert any("New game" in frame and "j Join" in frame for frame in ann.frames)
