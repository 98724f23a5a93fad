"""Starting the plain front end: a game at this terminal, or a server's lobby as numbered lines."""

from __future__ import annotations

import argparse
import asyncio
import random
from pathlib import Path
from typing import Any

from grail_tui.games import registry
from grail_tui.table.journal import JournalStore, SaveError, new_save_path, read_save, unfinished
from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import TableSettings
from grail_tui.table.store import StoredGame
from grail_tui.table.table import Table
from grail_tui.table.thinking import Thinker

from ..screens.start import NewGame, login_name
from .game import PlainTable
from .menus import QUIT, choose, default_bots, edit
from .terminal import Terminal


def run(args: argparse.Namespace, server: Any) -> int:
    """The plain front end, to its end; the exit code."""
    return asyncio.run(_main(args, server))


async def _main(args: argparse.Namespace, server: Any) -> int:
    terminal = Terminal()
    terminal.open()
    terminal.say("grail-tui in plain mode: lines of text, one question at a time. Type ? at any "
                 "question to hear it again, quit to leave.")
    try:
        if server is not None:
            from .lobby import lobby

            code = await lobby(terminal, server, getattr(args, "open_code", None))
            if code is not None:
                return code
        return await _local(terminal, args)
    finally:
        terminal.close()


async def _local(terminal: Terminal, args: argparse.Namespace) -> int:
    thinker = Thinker(processes=1)
    settings = NewGame(seed=args.seed if args.seed is not None else random.randrange(1_000_000))
    settings.seats[0] = SeatConfig(login_name())
    default_bots(settings)
    try:
        if args.resume:
            await _continue(terminal, args, thinker)
        while True:
            saves = [save for save in unfinished() if save.stored is not None]
            labels = ["Start a new game", f"Continue an unfinished game ({len(saves)})", "Quit"]
            picked = await choose(terminal, "What would you like to do?", labels)
            if picked in (QUIT, 2):
                return 0
            if picked == 1:
                await _continue(terminal, args, thinker)
                continue
            started = await edit(terminal, settings)
            if started is None:
                return 0
            if started:
                table = _new_table(terminal, settings, args, thinker)
                if table is not None and await _play(terminal, table) == "gone":
                    return 0
                settings.seed = random.randrange(1_000_000) if args.seed is None else settings.seed + 1
    finally:
        thinker.close()


def _new_table(terminal: Terminal, settings: NewGame, args: argparse.Namespace, thinker: Thinker) -> Table | None:
    kind = settings.kind
    try:
        setup = settings.setup()
    except ValueError as exc:
        terminal.say(f"Cannot start: {exc}")
        return None
    rules = TableSettings(bot_delay=args.bot_delay)
    stored = StoredGame(kind.name, kind.setup_to_dict(setup), list(settings.seats), rules)
    try:
        store = JournalStore(new_save_path(), stored)
    except OSError as exc:
        terminal.say(f"Cannot start: the game cannot be saved ({exc.strerror or exc}).")
        return None
    return Table(kind, setup, settings.seats, store, settings=rules, thinker=thinker)


async def _continue(terminal: Terminal, args: argparse.Namespace, thinker: Thinker) -> None:
    saves = unfinished()
    if not saves:
        terminal.say("There is no unfinished game to continue.")
        return
    labels = [f"{save.path.stem}: " + (_saved(save.stored) if save.stored is not None
                                       else f"damaged ({save.damage})") for save in saves]
    picked = await choose(terminal, "Continue which game?", labels, back=True)
    if picked is None or picked == QUIT:
        return
    path: Path = saves[picked].path
    try:
        stored = read_save(path)
        kind = registry.get(stored.game)
        store = JournalStore(path)
        try:
            table = Table.restore(kind, stored, store, thinker=thinker,
                                  settings=TableSettings(bot_delay=args.bot_delay))
        except BaseException:
            store.close()
            raise
    except (SaveError, ValueError) as exc:
        terminal.say(f"Cannot continue: {exc}")
        return
    except OSError as exc:
        terminal.say(f"Cannot continue: the save cannot be written ({exc.strerror or exc}).")
        return
    if store.mended:
        terminal.say(store.mended)
    await _play(terminal, table)


def _saved(stored: Any) -> str:
    people = [s.name or "?" for s in stored.seats if s.is_human]
    return f"{registry.get(stored.game).title}, {len(stored.seats)} players, {len(stored.actions)} actions, " \
           f"{', '.join(people) or 'computer players only'}"


async def _play(terminal: Terminal, table: Table) -> str:
    from grail_tui.table.client import LocalClient

    client = LocalClient(table, [k for k, s in enumerate(table.seats) if s.is_human])
    try:
        how = await PlainTable(client, terminal).play()
    finally:
        client.close()
    if how == "quit" and not table.over:
        terminal.say("Your game is saved: Continue resumes it.")
    return how
