"""Steps of a game played by keys at real terminals, each waiting for what a person would wait for."""

from __future__ import annotations

import asyncio
import re

from .helpers import Person, lobby_code

# Secret openings the tests know: unit keys go to initiates by their number (2 AC, 5 FM, 7 AR).
# The assign pad starts at the biggest free unit and moves on to the next biggest after each.
ANN_OPENING = ("2", "2", "7")        # A10 A9 on AC (19), B9 on AR (9): 72 left
BEA_OPENING = ("2", "5", "5", "5")   # A10 on AC (10), A9 B9 A8 on FM (26): 64 left
SHEETS = {
    "Ann": {"AC": 19, "AR": 9, "left": 72},
    "Bea": {"AC": 10, "FM": 26, "left": 64},
}
# On their own turn later: Ann A8 B8 on JB (16; 56 left), Bea B8 A7 B7 on HA (22; 42 left).
TURN_ASSIGNMENTS = {"Ann": ("1", "1"), "Bea": ("4", "4", "4")}
LATER_SHEETS = {
    "Ann": {"AC": 19, "AR": 9, "JB": 16, "left": 56},
    "Bea": {"AC": 10, "FM": 26, "HA": 22, "left": 42},
}
TURN = re.compile(r"Turn \d+/\d+ · (?:(\w+)'s turn|Your turn)")


HUNT = "The Hunt for the Grail"
HUNT_OPENING = "Opening: assign your influence in secret"  # the hunt's first question to both


def current_row(text: str) -> str:
    """The line of the new-game form the cursor is on ("> Players  ◂ 2 ▸")."""
    return next((line for line in text.split("\n") if re.match(r"\s*> ", line)), "")


async def marked_row(host: Person) -> str:
    """The row the cursor is on, once the screen has settled on one. A frame may arrive in parts
    (the old row's hint erased before the cursor moves on): a row read from such a part, and a
    key pressed on it, would be one too many."""
    await host.until(lambda text: current_row(text) != "")
    for _ in range(50):  # settled: the same screen twice, 60 ms apart (bounded)
        before = host.text
        await asyncio.sleep(0.06)
        if host.text == before and current_row(before):
            break
    return current_row(host.text)


def row_label(line: str) -> str:
    """The label of a form row as drawn ("> Min. round  2 s ..." -> "Min. round")."""
    found = re.match(r"\s*> (\S+(?: \S+)*)", line)
    return found[1] if found else ""


async def to_row(host: Person, label: str) -> str:
    """Down the new-game form to the row named ``label``; that row's line."""
    row = re.compile(rf"^\s*> {re.escape(label)}\b")
    for _ in range(20):
        line = await marked_row(host)
        if row.match(line):
            return line
        host.press("down")
        await host.until(lambda text, line=line: row_label(current_row(text)) not in ("", row_label(line)))
    raise AssertionError(f"no row {label!r} in the form:\n{host.text}")


async def step_row(host: Person, label: str, key: str, wanted: str | re.Pattern[str]) -> None:
    """On the row ``label``, ``key`` (left, right, backspace) until the row shows ``wanted``."""
    for _ in range(12):
        line = await to_row(host, label)
        if re.search(wanted, line) if isinstance(wanted, re.Pattern) else wanted in line:
            return
        host.press(key)
        await host.until(lambda text, line=line: current_row(text) not in ("", line))
    raise AssertionError(f"{label!r} never showed {wanted!r}:\n{host.text}")


async def create_two_seat_game(host: Person, game: str = HUNT, first: str = HUNT_OPENING) -> None:
    """From the lobby: a game of ``game`` for two, the second seat open to anyone, answers shown
    at once; ``first``: what the game's screen asks first."""
    await host.until("n New game")
    host.press("n")
    await host.until("New game on the server")
    await step_row(host, "Game", "right", f"◂ {game} ▸")
    await step_row(host, "Players", "left", re.compile(r"Players\s+(◂ )?2\b"))
    await step_row(host, "Seat 2", "left", "open seat")             # its bots, then open to anyone
    await step_row(host, "Min. round", "backspace", re.compile(r"Min\. round\s+0 s"))
    host.press("home", "enter")                                     # the first row: Create
    await host.until(first)


async def join_from_lobby(person: Person, first: str = HUNT_OPENING) -> str:
    text = await person.until(re.compile(r"join\s+[A-Z]{4}"))
    code = lobby_code(text, "join")
    person.press("enter")
    await person.until(first)
    return code


async def open_with(person: Person, keys: tuple[str, ...]) -> None:
    person.press("a")
    await person.until("Assign (any initiates)")
    person.press(*keys, "enter")
    await person.gone("Assign (any initiates)")


async def whose_turn(person: Person, me: str) -> str:
    """The mover's name as ``me`` reads it on the status line ("Your turn" is ``me``'s)."""
    found = TURN.search(await person.until(TURN))
    assert found
    return found.group(1) or me


async def propose_with_ac(mover: Person) -> None:
    """p, 2 (Alberto Castellano), Enter: the first of its proposals that has not been rejected."""
    await mover.until("Your turn: p proposes")
    mover.press("p")
    await mover.until("Propose: which initiate?")
    mover.press("2")
    await mover.until("Alberto Castellano steps to")
    mover.press("enter")


async def object_with(person: Person, amount: int, beat: int = 0) -> None:
    await person.until(re.compile(rf"o objects \(beat {beat}; you have \d+ on AC\)"))
    person.press("o")
    await person.until("type an amount above")
    person.press(*str(amount), "enter")  # the suggested amount is selected: typing replaces it


async def bidding_war(mover: Person, other: Person, mover_name: str, other_name: str) -> None:
    """An objection, a raise, an objection, a match, an objection, a concession; then a proposal
    nobody objects to. Both have at least 10 on AC (see the openings)."""
    await propose_with_ac(mover)
    await object_with(other, 3)
    await mover.until(f"{other_name} objects with 3. m matches 3")
    mover.press("r")
    await mover.until("Raise: type an amount above 3")
    mover.press("5", "enter")
    await object_with(other, 8, beat=5)
    await mover.until(f"{other_name} objects with 8. m matches 8")
    mover.press("m")
    await object_with(other, 10, beat=8)
    await mover.until(f"{other_name} objects with 10.")
    mover.press("c")
    await other.until("Rejected this turn:")
    await mover.until("Your proposal was rejected: press p")
    mover.press("p")
    await mover.until("Propose: which initiate?")
    mover.press("2")
    await mover.until("Alberto Castellano steps to")
    mover.press("enter")
    await other.until(re.compile(r"o objects \(beat 0; you have \d+ on AC\)"))
    other.press("n")
    await other.until("Your turn")  # the other's turn now, as they read it


async def assign_on_turn(person: Person, keys: tuple[str, ...]) -> None:
    await person.until("Your turn: p proposes")
    person.press("a")
    await person.until("Assign (any initiates)")
    person.press(*keys, "enter")
    await person.gone("Assign (any initiates)")


async def say(person: Person, text: str) -> None:
    person.press(":")
    await person.until("Say to the table")
    person.type(text)
    person.press("enter")
    await person.gone("Say to the table")


def sheet_of(text: str) -> dict[str, int] | None:
    """The sheet pane on a screen, as {initiate code: influence, "left": points left}; None if
    none shows. Units being placed (shown as +N) count as still left."""
    lines = text.split("\n")
    for row, line in enumerate(lines):
        head = re.search(r"Your sheet  \((\d+) left\)", line)
        if head is None:
            continue
        column = head.start()
        sheet = {"left": int(head.group(1))}
        for below in lines[row + 3: row + 11]:
            found = re.match(r"([A-Z]{2})\s+(\d+)(?: \(paid \d+\))?(?: \+(\d+))?", below[column:])
            if found is None:
                continue
            if int(found.group(2)):
                sheet[found.group(1)] = int(found.group(2))
            sheet["left"] += int(found.group(3) or 0)
        return sheet
    return None


def right_of_board(text: str) -> str:
    """The side pane's text, its wrapped lines joined (the board is 51 columns wide)."""
    rows = text.split("\n")[1:18]
    return " ".join(row[52:].strip() for row in rows if len(row) > 52)
