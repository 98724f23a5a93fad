"""Pulling Strings through the SSH door of a real server: two keys meet in the lobby, one creates
a four-seat game (the two of them and two of the server's bots, a deck chosen by seat on the
new-game screen), they play into the main phase through an attack and its support window, chat;
one drops and comes back to the same hand; a guest watches. No card in one person's hand is ever
on the other's screen or the guest's while it is hidden."""

from __future__ import annotations

import asyncio
import re

from grail_tui.games import registry
from grail_tui.games.strings.engine.catalogue import card_set
from grail_tui.games.strings.engine.catalogue import decks as decks_of
from grail_tui.games.strings.engine.events import Happened
from grail_tui.games.strings.situation import Cards
from grail_tui.net.ssh.child import TermSize
from grail_tui.table.sqlite import GameDatabase, open_database

from ...strings.tui.test_play import public_names
from .helpers import Person, SshServer, lobby_code, new_key
from .scenes import current_row, say

STRINGS = "Pulling Strings"
SIZE = (80, 24)
CABAL = "Choose your Cabal, in secret"
MAIN = "Your main phase:"
SUPPORT = "Support window:"
# the windows passed with n, by their prompts' words (a plot's and a claim's name who plays or claims)
PASSES = ("Support window:", "Your lap at the table:", "n lets it be.", "n lets it stand.")
DECIDES = ("Enter lists", "Enter chooses", "Enter to ")


def chosen_seat(text: str) -> str:
    """The line of the decks dialog the cursor is on ("│ > Seat 1  Ann  ◂ at random ▸ │")."""
    return next((line for line in text.split("\n") if "│ > Seat" in line), "")


def flat(text: str) -> str:
    return " ".join(text.split())


async def reach_row(host: Person, label: str) -> str:
    """Up or down the new-game form until the cursor is on the row named ``label`` (a key taken
    twice, or lost, as the form redraws is made good); that row's line."""
    for _ in range(30):
        lines = host.text.split("\n")
        here = next((k for k, line in enumerate(lines) if re.match(r"\s*> ", line)), None)
        there = next((k for k, line in enumerate(lines) if re.match(rf"\s*(> )?{re.escape(label)}\b", line)), None)
        if there is None:  # the form is still being drawn
            await host.until(re.compile(rf"^\s*(> )?{re.escape(label)}\b", re.M), timeout=10)
            continue
        if here == there:
            return lines[here]
        before = current_row(host.text)
        host.press("down" if here is None or here < there else "up")
        try:
            await host.until(lambda text, before=before: current_row(text) != before, timeout=3)
        except AssertionError:
            continue
    raise AssertionError(f"the cursor never reached {label!r}:\n{host.text}")


async def set_row(host: Person, label: str, key: str, wanted: str | re.Pattern[str]) -> None:
    """On the row ``label``, ``key`` until the row shows ``wanted``."""
    for _ in range(12):
        line = await reach_row(host, label)
        if re.search(wanted, line) if isinstance(wanted, re.Pattern) else wanted in line:
            return
        host.press(key)
        try:
            await host.until(lambda text, line=line: current_row(text) != line, timeout=3)
        except AssertionError:
            continue
    raise AssertionError(f"{label!r} never showed {wanted!r}:\n{host.text}")


async def set_count(host: Person, label: str, wanted: int) -> None:
    """On the row ``label``, ← or → until the row's number is ``wanted``: a key that arrives while
    the form redraws (the count follows the game chosen above it) can carry the number past it."""
    for _ in range(12):
        line = await reach_row(host, label)
        found = re.search(rf"{re.escape(label)}\s+(?:◂ )?(\d+)", line)
        assert found, line
        if int(found.group(1)) == wanted:
            return
        host.press("right" if int(found.group(1)) < wanted else "left")
        try:
            await host.until(lambda text, line=line: current_row(text) != line, timeout=3)
        except AssertionError:
            continue
    raise AssertionError(f"{label!r} never showed {wanted}:\n{host.text}")


async def create_four_seat_game(host: Person) -> str:
    """Pulling Strings for four: the second seat open, two bots; the two people's decks chosen by
    name in the decks dialog. The host's deck (as the dialog names it)."""
    await host.until("n New game")
    host.press("n")
    await host.until("New game on the server")
    await set_row(host, "Game", "right", f"◂ {STRINGS} ▸")
    await set_count(host, "Players", 4)
    await set_row(host, "Seat 2", "left", "open seat")
    await reach_row(host, "Decks")
    host.press("enter")
    await host.until("↑/↓ seat · ←/→ choose")
    chosen = []
    for seat, steps in ((1, 3), (2, 4)):  # past "by seat" and "at random" to decks by their names
        await host.until(f"│ > Seat {seat}")
        for _ in range(steps):
            line = chosen_seat(host.text)
            host.press("right")
            await host.until(lambda text, line=line: chosen_seat(text) != line)
        found = re.search(r"◂ (.+?) ▸", chosen_seat(host.text))
        assert found, host.text
        chosen.append(found.group(1))
        host.press("down")
    assert chosen[0] != chosen[1], chosen  # two decks, so a name in a hand tells which one's
    host.press("enter")
    await host.until(re.compile(rf"Decks\s+{re.escape(chosen[0])}, {re.escape(chosen[1])}, by seat"))
    host.press("home", "enter")
    await host.until(CABAL)
    return chosen[0]


def prompt_of(text: str) -> str:
    """The prompt under the board: the lines between the rule and the key line, as one line."""
    lines = text.split("\n")
    rule = max((k for k, line in enumerate(lines) if line.startswith("────")), default=None)
    return "" if rule is None else flat(" ".join(lines[rule + 1:-1]))


def menu_line(text: str) -> str:
    return next((line for line in text.split("\n") if "│ >" in line), "")


class Player:
    """Answers what the game asks by its keys: the first choice where it asks for one, one attack
    (committed) in its first main phase, passes in every window, then the end of its turn."""

    def __init__(self, person: Person) -> None:
        self.person = person
        self.attacked = False
        self.supported = 0  # support windows passed

    async def step(self, done) -> bool:
        """Answer one question (False: ``done`` came true first)."""
        person = self.person
        text = await person.until(lambda t: done() or any(
            p in prompt_of(t) for p in (MAIN, *PASSES, *DECIDES)), timeout=60)
        if done():
            return False
        prompt = prompt_of(text)
        if prompt.startswith(MAIN):
            keys = ["a"] if not self.attacked else ["e"]
        elif any(p in prompt for p in PASSES):
            keys = ["n"]
            self.supported += prompt.startswith(SUPPORT)
        else:
            keys = ["enter"]
        if keys not in (["enter"], ["a"]):
            person.press(*keys)
            await person.until(lambda t: prompt_of(t) != prompt, timeout=30)
            return True
        for _ in range(3):  # a key pressed as the screen redraws for a new question may be lost
            person.press(*keys)
            try:
                await person.until(lambda t: "↑↓ Enter does it" in t or prompt_of(t) != prompt, timeout=5)
                break
            except AssertionError:
                continue
        if "↑↓ Enter does it" not in person.text:
            return True
        if keys == ["a"]:
            self.attacked = True
        elif "Commit the attack" in person.text:
            for _ in range(10):
                if "ommit" in menu_line(person.text):
                    break
                line = menu_line(person.text)
                person.press("down")
                await person.until(lambda t, line=line: menu_line(t) != line)
        for _ in range(3):  # an Enter that arrives as the list is still being drawn may not be taken
            person.press("enter")
            try:
                await person.gone("↑↓ Enter does it", timeout=10)
                return True
            except AssertionError:
                continue
        await person.gone("↑↓ Enter does it", timeout=10)
        return True

    async def until(self, done, limit: int = 200) -> None:
        for _ in range(limit):
            if not await self.step(done):
                return
        raise AssertionError(f"not done after {limit} answers:\n{self.person.text}")


def hand_of(text: str) -> list[str]:
    """The hand panes' lines on a person's screen (left of the rule), from "Plot hand" down."""
    lines = [line[:38].rstrip() for line in text.split("\n")[1:-5]]
    start = next((k for k, line in enumerate(lines) if line.startswith(" Plot hand (")), None)
    if start is None:
        return []
    hand = []
    for line in lines[start:]:
        if not line.strip():
            break
        hand.append(line)
    return hand


def hidden_in_hands(server: SshServer, code: str) -> dict[int, set[str]]:
    """For each seat, the names of the cards its hands held at some position of the game that the
    other person may not be shown: never on the table or in a pile (public), and no card of that
    name in the other person's own deck (two decks may hold cards of one name; a deck's list is
    public, where its cards are is not)."""
    defs, known = card_set().cards, decks_of()
    kind = registry.get("strings")
    stored = GameDatabase(open_database(server.folder / "server" / "server.db")).load(code)
    assert stored is not None
    position = kind.new_state(kind.setup_from_dict(stored.setup))
    held: dict[int, set[str]] = {0: set(), 1: set()}
    public: set[str] = set()
    for action in [None, *stored.actions]:
        if action is not None:
            position.apply(kind.action_from_dict(action))
        public |= public_names(position.public_view())
        for seat in held:
            mine = position.view(seat)
            cards = Cards(mine)
            held[seat] |= {cards.name(f.uid) for f in (*mine.plot_hand, *mine.group_hand)}
    # a card named to everyone in the log (a set-up choice revealed, a plot played) is public too,
    # even if a copy of it goes back to a hand later
    public |= {defs[face].name for event in position.history
               if isinstance(event, Happened) and event.audience is None for face in event.faces if face in defs}
    decks = position.public_view().decks
    in_deck = [{defs[card].name for card in known[decks[seat]].cards} for seat in (0, 1)]
    return {0: held[0] - public - in_deck[1], 1: held[1] - public - in_deck[0]}


async def test_two_keys_play_strings_to_an_attack_chat_one_comes_back_to_her_hand_and_no_hand_is_seen(ssh_server):
    ann_key, bea_key = new_key(), new_key()
    ann = await Person.arrive(ssh_server, ann_key, name="Ann", size=SIZE)
    deck = await create_four_seat_game(ann)
    bea = await Person.arrive(ssh_server, bea_key, name="Bea", size=SIZE)
    text = await bea.until("you are Bea", re.compile(r"join\s+[A-Z]{4}"))
    assert re.search(r"Pulling Strings\s+4p", text), text  # the lobby says what and for how many
    code = lobby_code(text, "join")
    bea.press("enter")
    await bea.until(CABAL)
    guest = await Person.arrive(ssh_server, None, username="guest", size=SIZE)
    await guest.until("(a guest)")
    guest.press("w")
    await guest.until("Watch which game?")
    guest.type(code)
    guest.press("enter")
    await guest.until("· watching")

    ann_plays, bea_plays = Player(ann), Player(bea)

    def attacked() -> bool:  # an attack was made and each of the two passed in its support window
        return bool(ann_plays.supported or ann_plays.attacked) and bool(bea_plays.supported or bea_plays.attacked) \
            and (ann_plays.supported + bea_plays.supported) > 0

    await asyncio.wait_for(asyncio.gather(ann_plays.until(attacked), bea_plays.until(attacked)), 240)
    await guest.until(re.compile(r"Round \d+/40"))
    assert any("Support window:" in prompt_of(frame) for person in (ann, bea) for frame in person.frames)
    for person in (ann, bea, guest):  # the attack pane, as each saw it: the totals and the odds
        assert any(re.search(r"Attack \d+: base \d+", frame) for frame in person.frames), person.text

    await say(ann, "nice attack")
    for person in (bea, guest):  # told of it on the status line, read in the log
        await person.until("1 new chat line")
        person.press("g")
        await person.until("nice attack")

    # Bea's connection breaks; back with the same key, she opens her game and has her hand again.
    held = hand_of(bea.text)
    assert len(held) > 2, bea.text
    bea.drop()
    back = await Person.arrive(ssh_server, bea_key, size=SIZE)
    text = await back.until("you are Bea", re.compile(rf"open\s+{code}\b"))
    back.press("enter")
    await back.until(" Plot hand (")
    await back.until(lambda t: hand_of(t) == held, timeout=30)
    await asyncio.sleep(0.1)  # the last screens are taken after a pause
    frames = {"Ann": ann.frames, "Bea": bea.frames + back.frames, "guest": guest.frames}
    await asyncio.gather(ann.leave(), back.leave(), guest.leave())

    hidden = hidden_in_hands(ssh_server, code)
    assert hidden[0] and hidden[1], hidden  # hands to keep secret, or the check proves nothing
    seen = {"Ann": hidden[0], "Bea": hidden[1]}
    for name, own in seen.items():
        assert any(card in frame for frame in frames[name] for card in own)  # each saw their own hand
    for viewer, secrets in (("Ann", seen["Bea"]), ("Bea", seen["Ann"]), ("guest", seen["Ann"] | seen["Bea"])):
        for frame in frames[viewer]:
            shown = [card for card in secrets if card in frame]
            assert not shown, f"{viewer} was shown {shown} from another's hand:\n{frame}"
    stored = GameDatabase(open_database(ssh_server.folder / "server" / "server.db")).load(code)
    assert stored is not None
    assert decks_of()[stored.setup["decks"][0]].name == deck  # the deck chosen on the form is played


async def test_through_openssh_a_person_joins_a_game_of_strings_and_makes_her_secret_choice(ssh_server, tmp_path):
    """The real `ssh` client: a new key names itself, joins Ann's four-seat game from the lobby,
    chooses her Cabal in secret and sees her own plot hand, none of Ann's."""
    from .test_openssh_app import OpenSsh, keygen

    ann = await Person.arrive(ssh_server, new_key(), name="Ann", size=SIZE)
    await create_four_seat_game(ann)
    bea = await OpenSsh.run(ssh_server, keygen(tmp_path, "bea"), size=TermSize(*SIZE))
    try:
        await bea.until("Name:")
        bea.type(b"Bea\r")
        await bea.until(lambda t: re.search(r"join\s+[A-Z]{4}", t) is not None and "you are Bea" in t)
        bea.type(b"\r")
        await bea.until(CABAL)
        bea.type(b"\r")
        await bea.until("↑↓ Enter does it")
        bea.type(b"\r")
        await bea.until("Waiting for the secret choices")
        ann_plays = Player(ann)
        await ann_plays.step(lambda: False)  # Ann's Cabal, in secret
        text = await bea.until(lambda t: "Choose your start group, in secret" in t and " Plot hand (3)" in t)
        hers = hand_of(text)
        own = hand_of(await ann.until(" Plot hand (3)"))
        assert len(hers) == len(own) == 5, (hers, own)  # the heading, three plots, "Group hand (0)"
        names = re.findall(r"^ {3}(\S.*?)  ", "\n".join(own), re.M)  # "  (kind)" or a group's figures
        assert len(names) == 3, own
        # Ann's plots that Bea does not hold one of herself: none on her screen, none in her bytes
        secret = [name for name in names if name not in "\n".join(hers)]
        assert secret, (own, hers)
        for name in secret:
            assert name not in bea.text and name.encode() not in bea.raw, f"Bea was shown Ann's {name}"
    finally:
        await bea.child.stop(2)
        await ann.leave()
