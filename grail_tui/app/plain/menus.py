"""Numbered lists and typed answers outside a game: the start menu, a new game's settings."""

from __future__ import annotations

from collections.abc import Sequence

from grail_tui.games import registry
from grail_tui.games.api import BotLevel
from grail_tui.table.seats import SeatConfig

from ..screens.start import NewGame
from .terminal import Terminal

QUIT = -1  # the person typed quit, or input ended


async def choose(terminal: Terminal, title: str, labels: Sequence[str], *, back: bool = False) -> int | None:
    """The index of the label the person chose; None: back; QUIT: quit (or input ended)."""
    while True:
        terminal.say(title, *(f"{k}. {label}" for k, label in enumerate(labels, 1)))
        if back:
            terminal.say("0. Back")
        terminal.say(f"Choose 1 to {len(labels)}.")
        while True:
            line = await terminal.line()
            if line is None:
                return QUIT
            word = line.strip().lower()
            if not word:
                continue
            if word in ("quit", "q", "exit"):
                return QUIT
            if word == "?":
                break  # say the list again
            if back and word in ("0", "back"):
                return None
            if word.isdigit() and 1 <= int(word) <= len(labels):
                return int(word) - 1
            terminal.say(f"Type a number from 1 to {len(labels)}"
                         + (", 0 to go back" if back else "") + "; ? says the list again, quit leaves.")


async def ask(terminal: Terminal, question: str) -> str | None:
    """A typed answer; None: back (an empty line, or back) or input ended."""
    terminal.say(question + " (back: choose again)")
    line = await terminal.line()
    if line is None or line.strip().lower() in ("", "back"):
        return None
    return line.strip()


def describe(settings: NewGame) -> str:
    kind = settings.kind
    seats = ", ".join(f"{s.name or 'an open seat'}" + (f" ({s.bot.value} computer player)" if s.bot else " (you)")
                      for s in settings.seats)
    options = "; ".join(f"{o.label}: {option_value(settings, o.key)}" for o in settings.game_options())
    return f"{kind.title} for {len(settings.seats)} players: {seats}." + (f" {options}." if options else "")


def option_value(settings: NewGame, key: str) -> str:
    option = settings.option(key)
    if option.per_seat:
        labels = dict(option.choices)
        return ", ".join(labels.get(v, v) for v in option.seat_values(settings.options.get(key, option.default),
                                                                        len(settings.seats)))
    value = str(settings.options.get(key, option.default))
    if not option.choices and not option.is_text:
        return option.number_text(value, len(settings.seats))
    return dict(option.choices).get(value, value)


# a server table's waits, as the full screen's form offers them: (label, attribute, low, high)
SERVER_WAITS = (("Seconds to answer before passing", "answer_timeout", 5, 86400),
                ("Seconds an objection round takes at least (hides who answered at once)", "min_round", 0, 60),
                ("Seconds before a computer player takes a seat left empty (0: never)", "takeover", 0, 86400))


async def edit(terminal: Terminal, settings: NewGame, *, server: bool = False) -> bool | None:
    """Change the settings until the person starts (True), goes back (False) or quits (None)."""
    while True:
        kind = settings.kind
        waits = SERVER_WAITS if server else ()
        rows = ["start", "game", "players", "bots", *(f"option:{o.key}" for o in settings.game_options()),
                *(f"wait:{k}" for k in range(len(waits)))]
        labels = ["Start this game", f"Game: {kind.title}", f"Players: {len(settings.seats)}",
                  "Computer players: " + ", ".join(sorted({s.bot.value for s in settings.seats if s.bot})
                                                   or ["none"]),
                  *(f"{o.label}: {option_value(settings, o.key)}" for o in settings.game_options()),
                  *(f"{label}: {getattr(settings, key)}" for label, key, _, _ in waits)]
        picked = await choose(terminal, f"A new game: {describe(settings)}", labels, back=True)
        if picked is None:
            return False
        if picked == QUIT:
            return None
        row = rows[picked]
        if row == "start":
            return True
        if row == "game":
            # the games with screens, as the start screen offers them: one without can't be played here
            offered = registry.playable()
            unplayable = [k.title for k in registry.kinds() if not registry.has_screens(k)]
            title = "Which game?" + (f" ({', '.join(unplayable)}: no screens, bots only.)" if unplayable else "")
            which = await choose(terminal, title, [k.title for k in offered], back=True)
            if which is None or which == QUIT:
                continue
            settings.choose_game(offered[which].name)
        elif row == "players":
            low, high = kind.min_players, kind.max_players
            typed = await ask(terminal, f"How many players ({low} to {high})?")
            if typed is not None:
                if not typed.isdigit() or not low <= int(typed) <= high:
                    terminal.say(f"Type a number from {low} to {high}.")
                    continue
                settings.set_players(int(typed))
                settings.players_chosen = int(typed)
                fixed = settings.fixed_players()
                if fixed and fixed != int(typed):
                    terminal.say(f"This game's settings are always played by {fixed} players.")
        elif row == "bots":
            levels = list(kind.bot_levels)
            which = await choose(terminal, "How strong are the computer players?",
                                 [level.value for level in levels], back=True)
            if which is not None and which != QUIT:
                settings.seats[1:] = [SeatConfig(s.name, levels[which]) if s.bot else s
                                      for s in settings.seats[1:]]
        elif row.startswith("wait:"):
            label, key, low, high = waits[int(row[5:])]
            typed = await ask(terminal, f"{label} ({low} to {high})?")
            if typed is not None:
                if typed.isdigit() and low <= int(typed) <= high:
                    setattr(settings, key, int(typed))
                else:
                    terminal.say(f"Type a number from {low} to {high}.")
        else:
            await _option(terminal, settings, row.removeprefix("option:"))


async def _option(terminal: Terminal, settings: NewGame, key: str) -> None:
    option = settings.option(key)
    if option.per_seat:  # one choice for each seat, asked seat by seat
        values = list(option.seat_values(settings.options.get(key, option.default), len(settings.seats)))
        for k, seat in enumerate(settings.seats):
            which = await choose(terminal, f"{option.label} for seat {k + 1} ({seat.name or 'an open seat'})? "
                                           f"{option.hint}".strip(), [label for _, label in option.choices], back=True)
            if which is None or which == QUIT:
                return
            values[k] = option.choices[which][0]
            settings.options[key] = ",".join(values)
        return
    if option.choices:
        which = await choose(terminal, f"{option.label}? {option.hint}".strip(),
                             [label for _, label in option.choices], back=True)
        if which is not None and which != QUIT:
            settings.options[key] = option.choices[which][0]
            settings.set_players(len(settings.seats))
        return
    if option.is_text:
        typed = await ask(terminal, f"{option.label}? {option.hint}".strip())
        if typed is not None:
            settings.options[key] = typed[:60]
        return
    hint = f"; {option.hint}" if option.hint else ""
    typed = await ask(terminal, f"{option.label} ({option.low} to {option.high}{hint})?")
    if typed is None:
        return
    if not typed.isdigit() or not option.low <= int(typed) <= option.high:
        terminal.say(f"Type a number from {option.low} to {option.high}.")
        return
    settings.options[key] = int(typed)


def default_bots(settings: NewGame) -> None:
    """Plain mode is one person at a terminal: every seat but the first is a computer player."""
    settings.seats[1:] = [s if s.bot else SeatConfig(s.name, BotLevel.HEURISTIC) for s in settings.seats[1:]]
