"""Headless games of any game: `grail-tui selfplay` and `grail-tui tournament`."""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from grail_tui.games import registry

from .cards import add_card_options, bring
from .common import CommandError, players, positive


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """The game and its settings, shared by selfplay and tournament."""
    parser.add_argument("--game", choices=registry.names(), default=registry.DEFAULT,
                        help=f"which game (default {registry.DEFAULT})")
    parser.add_argument("--variant", default=None,
                        help="the variant, for a game that has variants (The Hunt for the Grail: "
                             "standard or original; default standard)")
    parser.add_argument("--turn-limit", type=positive, default=None,
                        help="turns before a game ends with no winner, for a game that has a turn "
                             "limit (The Hunt for the Grail: default 500)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="any setting of the game, e.g. --option plus=1,1,2,2,2,3,3 for Grail "
                             "Succession's plus cards (repeatable; default: the game's own settings)")
    add_card_options(parser)


def game_options(args: argparse.Namespace) -> dict[str, str | int]:
    """The settings the command line gives, checked against the game's own (CommandError if not one)."""
    kind = registry.get(args.game)
    brought = bring(args, args.game, {})  # first: the sets and decks brought are then among the choices
    known = {option.key: option for option in kind.options()}
    given: list[tuple[str, str, str | int]] = []  # (flag, key, value)
    if args.variant is not None:
        given.append(("--variant", "variant", args.variant))
    if args.turn_limit is not None:
        given.append(("--turn-limit", "turn_limit", args.turn_limit))
    for text in args.option:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            raise CommandError(f"--option takes KEY=VALUE, not {text!r}")
        given.append((f"--option {key.strip()}", key.strip(), value.strip()))
    options: dict[str, str | int] = {}
    for flag, key, value in given:
        option = known.get(key)
        if option is None:
            have = (f"its settings are {', '.join(known)} (--option KEY=VALUE)" if known
                    else "it has no settings")
            raise CommandError(f"{flag} is not a setting of {kind.title}; {have}")
        if isinstance(option.default, int) and not isinstance(value, int):
            try:
                value = int(value)
            except ValueError:
                raise CommandError(f"{flag} takes a whole number, not {value!r}") from None
        refused = option.refusal(value, kind.max_players) if option.choices else None
        if refused is not None:
            raise CommandError(f"{flag}: {refused}")
        options[key] = value
    return {**brought, **options}


def register(sub: Any) -> None:
    selfplay = sub.add_parser("selfplay", help="play headless games with random legal moves",
                              description="Play headless games with random legal moves and print a "
                                          "summary.")
    selfplay.add_argument("--players", type=players, default=None,
                          help="seats (default: the game's usual number)")
    selfplay.add_argument("--games", type=positive, default=10, help="how many games (default 10)")
    selfplay.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    add_game_options(selfplay)
    selfplay.add_argument("--json", action="store_true", help="print a JSON summary")
    add_records_option(selfplay)
    selfplay.set_defaults(handler=run_selfplay)

    tour = sub.add_parser("tournament", help="headless games between bots, seats rotating",
                          description="Headless games between computer players, seats rotating; "
                                      "prints win rates with 95% confidence intervals.")
    tour.add_argument("--bots", required=True,
                      help="comma-separated levels, one per seat, e.g. strong,heuristic,heuristic "
                           "(required: there is no default)")
    tour.add_argument("--games", type=positive, default=30, help="how many games (default 30)")
    tour.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    tour.add_argument("--players", type=players, default=None,
                      help="seats (default: one per bot; extra seats repeat the last bot)")
    tour.add_argument("--budget", type=float, default=None,
                      help="strong bot: seconds per decision (default: the game's own, 0.25 for the hunt "
                           "and 1 for the others)")
    add_game_options(tour)
    tour.add_argument("--jobs", type=positive, default=1,
                      help="games played at once, in processes (default 1)")
    tour.add_argument("--json", action="store_true", help="print a JSON summary")
    add_records_option(tour)
    tour.add_argument("--out", type=Path, default=None,
                      help="also keep the JSON summary in this file, rewritten after every game "
                           "(a long run stopped early keeps what it played; default: not kept)")
    tour.set_defaults(handler=run_tournament)


def add_records_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--records", type=Path, default=None, metavar="DIR",
                        help="keep each game's record in DIR, named by the game and its seed "
                             "(strings-7.json), for `grail-tui check` and `replay` (default: none kept)")


def records_folder(args: argparse.Namespace) -> Path | None:
    """The folder ``--records`` names, made if need be; CommandError if it cannot be written."""
    folder: Path | None = args.records
    if folder is None:
        return None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".grail-tui-probe"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise CommandError(f"cannot keep records in {folder}: {exc.strerror or exc}") from None
    return folder


def run_selfplay(args: argparse.Namespace) -> int:
    from grail_tui.headless import selfplay

    options = game_options(args)
    records = records_folder(args)
    try:
        summary = selfplay(args.game, args.games, args.seed, args.players, options, records)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        raise CommandError(f"cannot keep a record in {records}: {exc.strerror or exc}") from None
    if args.json:
        print(json.dumps(summary))
    else:
        kind = registry.get(args.game)
        wins = ", ".join(f"seat {i + 1}: {w}" for i, w in enumerate(summary["wins"]))
        variant = f" ({summary['variant']})" if "variant" in summary else ""
        print(f"{summary['games']} games of {kind.title}, {summary['players']} players{variant}")
        print(f"wins: {wins}; no winner: {summary['no_winner']}")
        print(f"mean turns {summary['mean_turns']}, {summary['games_per_second']} games/s")
    return 0


def summary_writer(path: Path) -> Callable[[dict[str, Any]], None]:
    def write(summary: dict[str, Any]) -> None:
        try:
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(json.dumps(summary) + "\n")
            os.replace(tmp, path)
        except OSError as exc:
            raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from None
    return write


def run_tournament(args: argparse.Namespace) -> int:
    from grail_tui import tournament

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    options = game_options(args)
    records = records_folder(args)
    try:
        if len(bots) < 2 and not args.players:
            raise ValueError("name at least two bots, or give --players")
        show = sys.stderr.isatty()
        checkpoint = summary_writer(args.out) if args.out else None
        play = functools.partial(tournament.run, bots, args.games, args.seed, args.players, args.budget,
                                 jobs=args.jobs, checkpoint=checkpoint, game=args.game, options=options,
                                 records=records)
        if show:
            from rich.progress import Progress

            with Progress(transient=True) as bar:
                task = bar.add_task("games", total=args.games)
                summary = play(progress=lambda done: bar.update(task, completed=done))
        else:
            summary = play()
        if checkpoint:
            checkpoint(summary)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        raise CommandError(f"cannot keep a record in {records}: {exc.strerror or exc}") from None
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"{summary['games']} games, {summary['players']} players, {summary['seconds']} s")
    for row in summary["per_entry"]:
        lo, hi = row["ci95"]
        print(f"seat entry {row['entry'] + 1} {row['bot']:<10} wins {row['wins']:>4} "
              f"({row['win_rate']:.0%}, 95% CI {lo:.0%}-{hi:.0%}), "
              f"decisions median {row['median_ms']} ms, p95 {row['p95_ms']} ms")
    print(f"no winner: {summary['no_winner']}; mean turns {summary['mean_turns']}")
    return 0
