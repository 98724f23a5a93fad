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
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from .helpers import Person, at_work, lobby_code, new_key
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


# -- Pulling Strings: twin games through the SSH door, byte for byte -----------------------------

STRINGS_SEED = "7"  # the server's test hook (net/hosting.py TEST_SEED): both twins deal the same
SETTLED = 0.4  # seconds with no byte to anyone: every screen shows what the last key did
LOOK = 0.2  # seconds in which the server and its sessions' apps must use no CPU to be still
STARTING = 120.0  # seconds a session's first game screen may take on a loaded machine
ANSWERS_AFTER = 4  # questions answered after Ann's discard, by both people, before the end of the run


async def settled(server: Any, *people: Person, timeout: float = 120.0) -> None:
    """Until the screens are still: nobody has received anything for SETTLED seconds, and the
    server and every session's app have used no CPU for as long as a look takes, none of them
    running or waiting for a CPU. Then the next key meets the same screens in both twins, with
    nothing of the last key's work still to come, however loaded the machine."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        last = max((at for person in people for at, _ in person.received[-1:]), default=0.0)
        now = time.monotonic()
        if now - last < SETTLED:
            assert loop.time() < deadline, "the screens never settled"
            await asyncio.sleep(SETTLED - (now - last))
            continue
        before, running = at_work(server.proc.pid)
        await asyncio.sleep(LOOK)
        after, still = at_work(server.proc.pid)
        quiet = max((at for person in people for at, _ in person.received[-1:]), default=0.0) == last
        if quiet and not (running or still) and before == after:
            return
        assert loop.time() < deadline, "the screens never settled"


Still = Callable[[], Awaitable[None]]  # until every screen of a twin is still (settled)


def asked_of(text: str) -> str:
    """What the game asks this person, as its prompt begins ("" if nothing)."""
    from .test_strings import prompt_of

    prompt = prompt_of(text)
    return next((ask for ask in ("Your lap at the table", "Your main phase", "n passes", "n lets it", "Enter lists",
                                 "Enter chooses", "Enter to ") if ask in prompt), "")


def plot_hand(text: str) -> list[str]:
    """The names of the plot cards in the hand pane of a person's screen."""
    from .test_strings import hand_of

    lines = hand_of(text)
    end = next((k for k, line in enumerate(lines) if line.startswith(" Group hand (")), len(lines))
    return [re.sub(r"\s{2,}\(.*$", "", line.strip()) for line in lines[1:end]]


async def choose_first(person: Person, still: Still) -> None:
    """Enter lists what the game asks for, Enter takes the first choice; until the question
    has gone (the game asks the next, or waits for the others)."""
    from .test_strings import menu_line, prompt_of

    asked = prompt_of(person.text)
    person.press("enter")
    await person.until(lambda t: menu_line(t) != "", timeout=60)
    await still()
    person.press("enter")
    await person.until(lambda t: menu_line(t) == "" and prompt_of(t) != asked, timeout=60)


async def discard_plot(ann: Person, which: int, still: Still) -> str:
    """u, down the list to the discard of the ``which``-th card of Ann's plot hand, Enter: the
    card goes to the bottom of her plot deck unseen. The card's name."""
    from .test_strings import menu_line

    held = plot_hand(ann.text)
    assert len(held) > which, ann.text
    card = held[which]
    ann.press("u")
    await ann.until(lambda t: menu_line(t) != "", timeout=60)
    await still()
    for _ in range(40):
        line = menu_line(ann.text)
        if f"Discard {card}" in line:
            break
        ann.press("down")
        await ann.until(lambda t, line=line: menu_line(t) not in ("", line), timeout=30)
        await still()
    else:
        raise AssertionError(f"no discard of {card} in the list:\n{ann.text}")
    ann.press("enter")
    await ann.until(f" Plot hand ({len(held) - 1})", timeout=60)
    return card


def parting(one: bytes, other: bytes) -> str:
    """Where two byte streams part, with what each says from a little before there."""
    at = next((k for k, (a, b) in enumerate(zip(one, other, strict=False)) if a != b), min(len(one), len(other)))
    start = max(0, at - 200)
    return f"at byte {at} of {len(one)} and {len(other)}:\n{one[start:at + 300]!r}\n{other[start:at + 300]!r}"


@dataclass
class Twin:
    screens: dict[str, list[str]]  # each person's screen at every settled point
    streams: dict[str, bytes]  # what each was sent from the first question on (code and name as above)
    put_away: str  # the plot card Ann put on the bottom of her deck
    bo_held: set[str]  # the names of the plot cards Bo held himself


async def strings_twin(ssh_server: Any, which: int) -> Twin:
    """One twin: Ann makes a game of Pulling Strings for two, Bo joins, a guest watches; both
    answer every question with its first choice, one key at a time, every screen settled
    between; Ann, at her first lap at the table, puts her ``which``-th plot card on the bottom
    of her deck. Each person's screen at every settled point (the game's code and the guest's
    name set to one spelling), what each was sent from the first question on, the card Ann put
    away and the plot cards Bo held."""
    from .scenes import step_row
    from .test_strings import CABAL, STRINGS

    ann = await Person.arrive(ssh_server, new_key(), name="Ann", size=(80, 24))
    await ann.until("n New game", timeout=STARTING)
    ann.press("n")
    await ann.until("New game on the server", timeout=STARTING)
    await step_row(ann, "Game", "right", f"◂ {STRINGS} ▸")
    await step_row(ann, "Players", "left", re.compile(r"Players\s+(◂ )?2\b"))
    await step_row(ann, "Seat 2", "left", "open seat")
    # nobody's wait runs out, however slowly the sessions start: every answer is a key
    await step_row(ann, "Answer time", "backspace", re.compile(r"Answer time\s+1 s"))
    ann.type("86400")
    await step_row(ann, "Min. round", "backspace", re.compile(r"Min\. round\s+0 s"))
    await ann.until(re.compile(r"Answer time\s+86400 s"))
    ann.press("home", "enter")
    await ann.until(CABAL, timeout=STARTING)
    bo = await Person.arrive(ssh_server, new_key(), name="Bo", size=(80, 24))
    text = await bo.until(re.compile(r"join\s+[A-Z]{4}"), timeout=STARTING)
    code = lobby_code(text, "join")
    bo.press("enter")
    await bo.until(CABAL, timeout=STARTING)
    guest = await Person.arrive(ssh_server, None, username="guest", size=(80, 24))
    lobby = await guest.until("(a guest)", timeout=STARTING)
    guest_name = re.search(r"you are (guest-[0-9a-f]{4})", lobby).group(1)  # type: ignore[union-attr]
    guest.press("w")
    await guest.until("Watch which game?", timeout=STARTING)
    guest.type(code)
    guest.press("enter")
    await guest.until("· watching", "Waiting for the secret choices", timeout=STARTING)
    people = {"Ann": ann, "Bo": bo}
    everyone = (ann, bo, guest)

    async def still() -> None:
        await settled(ssh_server, *everyone)
    # From here on, with the three screens settled on the first question, every frame follows
    # from keys alone. (How the game's very first frame is drawn depends on whether the table
    # arrived before the empty screen was drawn, a matter of timing; the twins are alike until
    # Ann's discard, so nothing secret is in what is left out.)
    await settled(ssh_server, *everyone)
    # Bo reads the log on the right, where a word of what Ann did would show; the guest reads
    # the table, every player's counts.
    bo.press("g")
    guest.press("t")
    await settled(ssh_server, *everyone)
    marks = {id(person): len(person.raw) for person in everyone}
    screens: dict[str, list[str]] = {"Ann": [], "Bo": [], "guest": []}

    def look() -> None:  # every screen, as each person reads it once it has settled
        for who, person in (("Ann", ann), ("Bo", bo), ("guest", guest)):
            screens[who].append(person.text.replace(code, "CODE").replace(guest_name, "guest-name"))

    put_away = ""
    after = 0
    while after < ANSWERS_AFTER:
        await settled(ssh_server, *everyone)
        for _ in range(900):  # a slow screen may still be on its way to the question (bounded: 90 s)
            asked = [(name, person, ask) for name, person in people.items() if (ask := asked_of(person.text))]
            if asked:
                break
            await asyncio.sleep(0.1)
        assert asked, f"nobody is asked:\n{ann.text}\n{bo.text}"
        await settled(ssh_server, *everyone)
        look()
        name, person, ask = asked[0]  # Ann first when both are: the same order in both twins
        if name == "Ann" and ask == "Your lap at the table" and not put_away:
            put_away = await discard_plot(ann, which, still)
            await settled(ssh_server, *everyone)
        elif ask in ("Your lap at the table", "n passes", "n lets it"):
            person.press("n")
            await person.until(lambda t, ask=ask: asked_of(t) != ask or "Waiting" in t, timeout=60)
        elif ask == "Your main phase":
            person.press("e")
            await person.until(lambda t, ask=ask: asked_of(t) != ask, timeout=60)
        else:
            await choose_first(person, still)
        after += bool(put_away)
    await settled(ssh_server, *everyone)
    look()
    await asyncio.gather(*(person.leave() for person in everyone))
    streams = {who: person.raw[marks[id(person)]:].replace(code.encode(), b"CODE")
               .replace(guest_name.encode(), b"guest-name")
               for who, person in (("Ann", ann), ("Bo", bo), ("guest", guest))}
    return Twin(screens, streams, put_away, {name for frame in bo.frames for name in plot_hand(frame)})


async def test_strings_twins_differ_in_anns_hand_only_and_nobody_else_is_shown_a_difference(tmp_path, monkeypatch):
    """Two runs of one game of Pulling Strings through the SSH door (the same seed, the same keys)
    that differ only in which plot card Ann puts on the bottom of her deck, unseen. At every
    point where the screens have settled, Bo's terminal and a guest spectator's show the same
    screen in both runs, character for character; neither was ever sent the name of a card
    whose place differs between the twins (unless Bo holds one of that name himself). Ann's own
    screens differ (her hand shows), or the twins prove nothing.

    And more: from the point where all three screens have settled on the first question, Bo's
    terminal and the guest's are sent the same bytes in both twins, byte for byte (the game's
    code and the guest's name spelled one way), so not even how a change is cut into frames
    tells them anything of Ann's hand. (The test presses each key only once every screen is
    still: nothing sent to anyone for a while, and the server and every session's app idle on the
    CPU, however loaded the machine. Then every frame follows from keys alone. A key pressed
    while the last one's work was still under way, or a silence taken for stillness on a loaded
    machine, gave other frames from run to run.)
    A leak planted in the server (the log naming the plot card put on the bottom) fails it."""
    from .helpers import start_ssh_server

    monkeypatch.setenv("GRAIL_TUI_TEST_SEED", STRINGS_SEED)
    servers = []
    try:
        for which in (0, 1):
            (tmp_path / f"twin{which}").mkdir()
            servers.append(start_ssh_server(tmp_path / f"twin{which}"))
        x, y = await asyncio.gather(strings_twin(servers[0], 0), strings_twin(servers[1], 1))
    finally:
        for server in servers:
            server.stop()
    assert x.put_away != y.put_away, (x.put_away, y.put_away)  # the twins hold different hands
    assert x.screens["Ann"] != y.screens["Ann"] and x.streams["Ann"] != y.streams["Ann"]
    for who in ("Bo", "guest"):
        assert x.streams[who] == y.streams[who], f"{who} was sent other bytes: {parting(x.streams[who], y.streams[who])}"
        assert len(x.screens[who]) == len(y.screens[who]) > 3, (len(x.screens[who]), len(y.screens[who]))
        for k, (seen_x, seen_y) in enumerate(zip(x.screens[who], y.screens[who], strict=True)):
            assert seen_x == seen_y, f"{who}'s screens part at the {k}th settled point:\n{seen_x}\n{seen_y}"
        for twin in (x, y):
            for card in {x.put_away, y.put_away} - twin.bo_held:
                assert card.encode() not in twin.streams[who], f"{who} was sent {card!r}, of Ann's hand"
