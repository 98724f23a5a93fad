"""One SSH session, from the command line it asks for to the end of its app."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import asyncssh

from ..names import NameRefused
from ..priority import SETTLE_VARIABLE
from .auth import Visitor, visitor_of
from .child import Child, Launcher
from .identities import Identity, IdentityStore, KeyRefused, NameQuota, NoMoreNames
from .limits import Full, Limits, Occupancy
from .pairing import CODE_SECONDS, CodeRefused, Pairings
from .prompt import Channel, Hangup
from .requests import (
    AskCode,
    Door,
    EnterCode,
    Help,
    ListKeys,
    Play,
    RemoveKey,
    RequestRefused,
    parse_request,
)

log = logging.getLogger("grail_tui.ssh")

SERVER_FD_VARIABLE = "GRAIL_TUI_SERVER_FD"
DOOR_VARIABLE = "GRAIL_TUI_DOOR"  # the server's address as the player reached it, for the app to show

NAME_TRIES = 5
FLUSH_SECONDS = 0.25  # for an app's last output once it has exited
# From the server's own environment, only what a Python program needs to run.
SERVER_VARIABLES = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "PYTHONPATH", "VIRTUAL_ENV",
                    "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
                    "GRAIL_TUI_CARDS")  # the card sets `serve --cards` installed: a session shows their cards
COLORTERMS = ("truecolor", "24bit")
# Leave the alternate screen, show the cursor, stop mouse and paste modes, plain
# colours: what an app that was killed had no chance to undo.
TERMINAL_RESET = ("\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l"
                  "\x1b[?2004l\x1b[0m\r\n")
GUEST_NOTE = ("You are {name}, a guest: no SSH key was offered, so you can watch games,\n"
              "but not take a seat or talk. Make a key with ssh-keygen -t ed25519\n"
              "and connect again to play.\n")

Attach = Callable[[socket.socket, Identity], None]
AppArgv = Callable[[Identity, list[str]], list[str]]


@dataclass(frozen=True)
class Doorway:
    """What every session needs from the front door."""

    identities: IdentityStore
    attach: Attach
    app_argv: AppArgv
    limits: Limits
    occupancy: Occupancy
    extra_env: Mapping[str, str]
    launcher: Launcher | None = None
    pairings: Pairings = field(default_factory=Pairings)


def _term(value: str | None) -> str:
    if value and len(value) <= 40 and all(ch.isascii() and (ch.isalnum() or ch in "-_.+") for ch in value):
        return value
    return "xterm-256color"


def base_environment(extra: Mapping[str, str]) -> dict[str, str]:
    """What every app gets, whoever connects."""
    env = {name: os.environ[name] for name in SERVER_VARIABLES if name in os.environ}
    env.setdefault("LANG", "C.UTF-8")
    env.update(extra)
    return env


def child_environment(channel: Channel, extra: Mapping[str, str]) -> dict[str, str]:
    """The app's environment. No COLUMNS or LINES: the pty carries the size, and
    both Rich and shutil.get_terminal_size() would prefer the variables and
    never see a window change."""
    env = base_environment(extra)
    env["TERM"] = _term(channel.process.get_terminal_type())
    sent = channel.process.env
    if sent.get("NO_COLOR"):
        env["NO_COLOR"] = "1"
    if sent.get("COLORTERM") in COLORTERMS:
        env["COLORTERM"] = sent["COLORTERM"]
    return env


async def serve_session(door: Doorway, process: asyncssh.SSHServerProcess[Any]) -> None:
    """The process factory's body: never raises, always closes the channel."""
    channel = Channel(process, door.limits.idle_timeout)
    status = 1
    try:
        status = await _session(door, channel)
    except Hangup as hangup:
        if hangup.message:
            _say_quietly(channel, hangup.message + "\n")
    except asyncio.CancelledError:
        _say_quietly(channel, "The server is stopping; any seat you had waits for you.\n")
        raise
    except Exception:
        log.exception("a session failed")
        _say_quietly(channel, "Something went wrong on the server; this session is closed.\n")
    finally:
        try:
            process.exit(status)
        except (OSError, asyncssh.Error):
            pass


def _say_quietly(channel: Channel, text: str) -> None:
    try:
        channel.say(text, error=True)
    except Hangup:
        pass


async def _session(door: Doorway, channel: Channel) -> int:
    visitor = visitor_of(channel.process)
    if visitor is None:
        channel.say("Not logged in.\n", error=True)
        return 1
    door_address = Door.reached(channel.process)
    try:
        request = parse_request(channel.process.command, door_address)
    except RequestRefused as refused:
        channel.say(f"{refused}\n", error=True)
        return 2
    if isinstance(request, Help):
        channel.say(door_address.usage() + "\n")
        return 0
    if isinstance(request, ListKeys):
        return await _list_keys(door, channel, visitor)
    if isinstance(request, RemoveKey):
        return await _remove_key(door, channel, visitor, request)
    if isinstance(request, AskCode):
        return await _ask_code(door, channel, visitor)
    if isinstance(request, EnterCode):
        return await _enter_code(door, channel, visitor, request)
    return await _play(door, channel, visitor, request, door_address)


async def _name(door: Doorway, visitor: Visitor) -> str | None:
    if visitor.fingerprint is None:
        return None
    return await asyncio.to_thread(door.identities.name_of, visitor.fingerprint)


async def _list_keys(door: Doorway, channel: Channel, visitor: Visitor) -> int:
    name = await _name(door, visitor)
    if name is None:
        channel.say("This key has no name yet: connect once with a terminal to choose one.\n",
                    error=True)
        return 1
    lines = [f"You are {name}. Your keys:"]
    for record in await asyncio.to_thread(door.identities.keys_of, name):
        this = "   (this one)" if record.fingerprint == visitor.fingerprint else ""
        lines.append(f"  {record.fingerprint}{this}")
    lines.append("Take one away with: keys remove SHA256:...   Add one with: add-key")
    channel.say("\n".join(lines) + "\n")
    return 0


async def _remove_key(door: Doorway, channel: Channel, visitor: Visitor, request: RemoveKey) -> int:
    name = await _name(door, visitor)
    if name is None:
        channel.say("This key has no name yet, so it has no keys to take away.\n", error=True)
        return 1
    try:
        await asyncio.to_thread(door.identities.remove_key, name, request.fingerprint)
    except KeyRefused as refused:
        channel.say(f"{refused}\n", error=True)
        return 1
    log.info("%s took away key %s", name, request.fingerprint)
    channel.say(f"{request.fingerprint} is no longer one of {name}'s keys.\n")
    return 0


async def _ask_code(door: Doorway, channel: Channel, visitor: Visitor) -> int:
    name = await _name(door, visitor)
    if name is None:
        channel.say("Only a key that already has a name can add another key to it.\n", error=True)
        return 1
    code = door.pairings.issue(name)
    channel.say(f"To add another key to {name}, log in with that key within {int(CODE_SECONDS // 60)} "
                f"minutes and ask for\n  add-key {code}\n"
                "for example: ssh -i ~/.ssh/other_key -p PORT HOST add-key " + code + "\n"
                "The code works once; asking again makes a new one. Show it to nobody.\n")
    return 0


async def _enter_code(door: Doorway, channel: Channel, visitor: Visitor, request: EnterCode) -> int:
    if visitor.fingerprint is None:
        channel.say("Log in with the key to add (ssh -i KEY ...): this session has no key.\n", error=True)
        return 1
    name = await _name(door, visitor)
    if name is not None:
        channel.say(f"This key is {name}'s already; a key has one name. 'keys remove' frees it.\n",
                    error=True)
        return 1
    public = visitor.public_line()
    assert public is not None
    try:
        name = door.pairings.redeem(request.code, visitor.address)
        await asyncio.to_thread(door.identities.add_key, name, visitor.fingerprint, public,
                                limit=door.limits.keys_per_name)
    except (CodeRefused, KeyRefused) as refused:
        channel.say(f"{refused}\n", error=True)
        return 1
    log.info("%s added key %s", name, visitor.fingerprint)
    channel.say(f"This key ({visitor.fingerprint}) is {name}'s from now on.\n")
    return 0


async def _play(door: Doorway, channel: Channel, visitor: Visitor, request: Play, door_address: Door) -> int:
    if not channel.pty:
        example = door_address.command("-t", *(request.args or ("join", "ABCD")))
        channel.say(f"grail-tui needs a terminal: add -t, for example\n  {example}\n", error=True)
        return 2
    try:
        ticket = door.occupancy.admit(visitor.fingerprint, visitor.address)
    except Full as full:
        channel.say(f"{full}\n", error=True)
        return 1
    try:
        identity = await _identify(door, channel, visitor)
        return await _run_app(door, channel, identity, list(request.args), door_address)
    finally:
        ticket.release()


async def _identify(door: Doorway, channel: Channel, visitor: Visitor) -> Identity:
    if visitor.guest:
        assert visitor.guest_name is not None
        channel.say(GUEST_NOTE.format(name=visitor.guest_name))
        return Identity(visitor.guest_name, None)
    fingerprint = visitor.fingerprint
    assert fingerprint is not None
    identities = door.identities
    name = await _name(door, visitor)
    choose: Callable[[str], str]
    if name is not None:
        # Asked at every login: an account made since the name was chosen takes it back.
        if not await asyncio.to_thread(identities.is_reserved, name):
            return Identity(name, fingerprint)
        channel.say(f"The name {name} is reserved on this server now, so this key needs another one.\n"
                    "Choose the name the others will know you by:\n"
                    "letters, digits, - and _, at most 20.\n")

        def choose(wanted: str) -> str:
            return identities.rename(fingerprint, wanted)
    else:
        public = visitor.public_line()
        assert public is not None
        quota = NameQuota(door.limits.names_per_address, door.limits.names_per_key)
        try:
            await asyncio.to_thread(identities.quota_left, fingerprint, visitor.address, quota)
        except NoMoreNames as full:
            raise Hangup(str(full)) from None
        channel.say(f"Welcome to grail-tui. This key is new here:\n  {fingerprint}\n"
                    "Choose the name the others will know you by:\n"
                    "letters, digits, - and _, at most 20.\n")

        def choose(wanted: str) -> str:
            return identities.claim(fingerprint, public, wanted, address=visitor.address, quota=quota)
    for _ in range(NAME_TRIES):
        wanted = await channel.ask("Name: ")
        try:
            # In a worker thread: the write waits on the disk, and the event loop serves everyone.
            name = await asyncio.to_thread(choose, wanted)
        except NameRefused as refused:
            channel.say(f"{refused}\n")
            continue
        except (NoMoreNames, KeyRefused) as refused:
            raise Hangup(str(refused)) from None
        log.info("key %s is now %s", visitor.fingerprint, name)
        channel.say(f"From now on this key is {name}.\n")
        return Identity(name, visitor.fingerprint)
    raise Hangup("No name chosen; connect again when you have one in mind.")


async def _run_app(door: Doorway, channel: Channel, identity: Identity, args: list[str],
                   door_address: Door) -> int:
    server_end, app_end = socket.socketpair()
    try:
        door.attach(server_end, identity)  # the game server owns server_end from here on
    except BaseException:
        server_end.close()
        app_end.close()
        raise
    try:
        env = {**child_environment(channel, door.extra_env), SETTLE_VARIABLE: str(door.limits.app_settle),
               DOOR_VARIABLE: door_address.shown}
        child = await Child.start(door.app_argv(identity, args), env, channel.size,
                                  {SERVER_FD_VARIABLE: app_end.fileno()}, door.launcher, nice=door.limits.app_nice)
    finally:
        app_end.close()  # the app has its own copy; ours would keep the pair open
    log.info("session for %s: app pid %d", identity.name, child.pid)
    return await _bridge(channel, child, door.limits.kill_grace)


async def _bridge(channel: Channel, child: Child, grace: float) -> int:
    """Copy bytes both ways until the app ends, the client leaves, or time is up."""
    channel.on_resize = child.resize
    stdout = channel.process.stdout

    async def from_app() -> None:
        while data := await child.read():
            stdout.write(data)
            await stdout.drain()

    async def to_app() -> None:
        while True:
            await child.write(await channel.read())

    reading, typing, exiting = (asyncio.create_task(from_app()), asyncio.create_task(to_app()),
                                asyncio.create_task(child.wait()))
    tasks = [reading, typing, exiting]
    status: int | None = None
    try:
        pending: set[asyncio.Task[Any]] = set(tasks)
        while True:
            done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
            if done != {exiting} or exiting.exception() is None:
                break
            # A zygote that died cannot report the exit; the pty will still tell.
        if (exiting.done() and exiting.exception() is None) or (reading.done() and reading.exception() is None):
            # The app is ending by itself. Let its last frame reach the client; a
            # child it left behind may hold the terminal open, so do not wait for that.
            await asyncio.wait([reading], timeout=FLUSH_SECONDS)
            await asyncio.wait([exiting], timeout=grace)
            if exiting.done() and exiting.exception() is None:
                status = exiting.result()
        if typing.done() and isinstance(typing.exception(), Hangup):
            if hangup := str(typing.exception()):
                raise Hangup(hangup) from None
        return status if status is not None else 1
    finally:
        channel.on_resize = None
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await child.stop(grace)
        if status is None:  # ended from here: the app had no chance to restore the terminal
            _say_quietly(channel, TERMINAL_RESET)
