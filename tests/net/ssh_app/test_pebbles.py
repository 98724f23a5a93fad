"""Pebbles, the tests' toy game, through the SSH door as the hunt is played there (test_play.py):
two keys meet in the lobby, one creates a game of Pebbles with the second seat open, the other
joins from the lobby, and they play it by keys to the end. Until the end each screen shows its
holder's own bonus and nobody else's."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from ...pebbles import environment
from .helpers import Person, SshServer, new_key, start_ssh_server
from .scenes import create_two_seat_game, join_from_lobby

PEBBLES = "Pebbles"
BIDS = "Bid in secret: y begins"
QUESTION = re.compile(r"Your turn: 1 takes|Bid in secret: y|In secret: y doubts|You were doubted: y keeps")
OVER = "Game over"
ENDED = re.compile(r"\w+\s+took\s+\d+ \+ bonus \d")  # the end screen, a line a seat
BONUS = re.compile(r"Your secret bonus(?::| is) (\d)")  # the pane's, and the log's first line


@pytest.fixture
def ssh_server(tmp_path: Path, monkeypatch) -> Iterator[SshServer]:
    """A real `grail-tui serve --ssh` that knows Pebbles, installed beside it."""
    monkeypatch.setenv("PYTHONPATH", environment()["PYTHONPATH"])
    running = start_ssh_server(tmp_path)
    yield running
    running.stop()


async def play_to_the_end(person: Person) -> str:
    """Answer whatever Pebbles asks by its keys (twos while the pile lasts; y and n in turn);
    the end screen."""
    for k in range(80):
        text = await person.until(lambda t: QUESTION.search(t) is not None or OVER in t, timeout=30)
        if OVER in text:  # the table says so first ("Bea wins with 8."); the end screen follows,
            # with each seat's take and bonus
            return await person.until(lambda t: len(ENDED.findall(t)) >= 2, timeout=30)
        if "Your turn: 1 takes" in text:
            pile = re.search(r"(\d+) pebbles left", text)
            assert pile, text
            key = "2" if int(pile.group(1)) >= 2 else "1"
        else:
            key = "yn"[k % 2]
        before = text
        person.press(key)
        await person.until(lambda t, before=before: t != before, timeout=30)  # the key was taken
    raise AssertionError(f"no end after 80 moves:\n{person.text}")


def bonus_on_end(end: str, name: str) -> int:
    found = re.search(rf"{name}\s+took\s+\d+ \+ bonus (\d)", end)
    assert found, end
    return int(found.group(1))


async def test_two_keys_meet_and_play_pebbles_to_the_end_each_bonus_on_its_holders_screen_alone(ssh_server):
    ann = await Person.arrive(ssh_server, new_key(), name="Ann")
    await ann.until("you are Ann")
    await create_two_seat_game(ann, PEBBLES, BIDS)
    bea = await Person.arrive(ssh_server, new_key(), name="Bea")
    await bea.until("you are Bea", re.compile(r"join\s+[A-Z]{4}"))
    await join_from_lobby(bea, BIDS)
    ends = await asyncio.wait_for(asyncio.gather(play_to_the_end(ann), play_to_the_end(bea)), 120)
    people = {"Ann": ann, "Bea": bea}
    for (name, person), end in zip(people.items(), ends, strict=True):
        assert "Nobody wins" in end or " wins with " in end
        own = bonus_on_end(end, name)
        before_end = [frame for frame in person.frames if OVER not in frame]
        shown = {int(b) for frame in before_end for b in BONUS.findall(frame)}
        assert shown == {own}, f"{name}'s screen showed bonuses {shown}; their own is {own}"
        assert not any("+ bonus" in frame for frame in before_end), f"a bonus by a name on {name}'s screen"
        assert all(frame.count("ecret bonus is") <= 1 for frame in before_end)  # the log tells its reader's alone
    for person in people.values():
        await person.leave()
