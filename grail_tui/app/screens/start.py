"""The start screen: new game (Enter), continue, replay, help, quit."""

from __future__ import annotations

import getpass
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Offset
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from grail_tui.app.cursor import row_offset
from grail_tui.app.keyline import KeyFooter
from grail_tui.games import registry
from grail_tui.games.api import BotLevel, GameKind, OptionType, Setup, SetupOption, SetupRequest
from grail_tui.table.seats import BOT_NAMES, SeatConfig


def login_name() -> str:
    """The player's own name by default: the account they logged in with."""
    try:
        name = getpass.getuser()
    except (KeyError, OSError):
        name = ""
    name = name.strip()[:20]
    return name[:1].upper() + name[1:] if name else "Player"


MENU = ("start", "continue", "learn", "library", "replay", "help", "quit")
MENU_LABELS = {
    "start": "Start a new game",
    "learn": "Learn to play: a guided first game",
    "continue": "Continue an unfinished game",
    "library": "Record library: finished games",
    "replay": "Replay a game record",
    "help": "Help: rules and keys",
    "quit": "Quit",
}


def _default_seats() -> list[SeatConfig]:
    return [SeatConfig(login_name()), SeatConfig("Gregor", BotLevel.HEURISTIC),
            SeatConfig("Inga", BotLevel.HEURISTIC)]


def lesson_kind(settings: NewGame) -> GameKind | None:
    """The game Learn to play teaches: the one chosen for a new game, if it has a lesson (a game
    without one shows no Learn to play row: teaching another game than the one chosen surprises,
    and the row would cost a six-seat form its last line at 80x24)."""
    return settings.kind if settings.kind.lesson() is not None else None


Flag = Literal["bot", "skip", "end"]
FLAGS: dict[Flag, str] = {"bot": "a bot plays the seat", "skip": "the seat passes", "end": "the game ends"}


@dataclass
class NewGame:
    """The settings being edited; turned into a setup and seats on start."""

    game: str = registry.DEFAULT
    seats: list[SeatConfig] = field(default_factory=_default_seats)
    seed: int = 0
    options: dict[str, str | int] = field(default_factory=dict)
    # server games only
    answer_timeout: int = 120  # seconds before a silent player passes
    min_round: int = 2  # seconds an objection round takes at least
    takeover: int = 0  # seconds before a bot plays a dropped seat; 0: never
    pace: str = "live"  # or one of the server's turn-based presets (docs/turn-based.md)
    paces: tuple[str, ...] = ()  # the presets the server offers
    on_flag: Flag = "bot"  # a turn-based seat out of time: a bot plays it, it is skipped, or the game ends
    # a server's own choices for options (its card sets and decks): game -> key -> (value, label)s
    offered: Mapping[str, Mapping[str, tuple[tuple[str, str], ...]]] = field(default_factory=dict)
    players_chosen: int = 0  # the player count the person set on the form (0: none yet)

    def __post_init__(self) -> None:
        for option in self.game_options():
            self.options.setdefault(option.key, option.default)

    @property
    def kind(self) -> GameKind:
        return registry.get(self.game)

    def game_options(self) -> list[SetupOption]:
        """The game's options, with the choices the server offers where it says (a server's
        card sets are its operator's, not this computer's)."""
        offered = self.offered.get(self.game, {})
        return [replace(o, choices=tuple(offered[o.key])) if o.choices and offered.get(o.key) else o
                for o in self.kind.options()]

    def option(self, key: str) -> SetupOption:
        return next(o for o in self.game_options() if o.key == key)

    def fixed_players(self) -> int | None:
        for option in self.game_options():
            need = option.players.get(str(self.options.get(option.key)))
            if need is not None:
                return need
        return None

    def choose_game(self, name: str) -> None:
        """Another game, with its own options, for the player count the person chose, or its
        usual count: passing a two-player game on the way leaves no one at two."""
        self.game = name
        self.options = {}
        self.__post_init__()
        self.set_players(self.players_chosen or self.kind.default_players)

    def set_players(self, n: int) -> None:
        kind = self.kind
        n = max(kind.min_players, min(kind.max_players, n))
        n = self.fixed_players() or n
        while len(self.seats) < n:
            used = {s.name for s in self.seats}
            name = next(x for x in (*BOT_NAMES, *(f"Bot {k}" for k in range(1, 9))) if x not in used)
            self.seats.append(SeatConfig(name, BotLevel.HEURISTIC))
        del self.seats[n:]
        # each seat's bot one the game offers: its own level of that name, else the nearest
        self.seats = [replace(seat, bot=seat.bot and seat.bot.nearest(kind.bot_levels)) for seat in self.seats]

    def seat_kinds(self) -> tuple[BotLevel | None, ...]:
        """What a seat may be, in the order ←/→ steps through: a person, then the game's bots."""
        return (None, *self.kind.bot_levels)  # None: a human at this terminal

    def chosen_options(self) -> dict[str, str | int]:
        """The options as the game takes them: a per-seat choice for the seats there are now."""
        out = dict(self.options)
        for option in self.game_options():
            if option.per_seat and option.key in out:
                out[option.key] = ",".join(option.seat_values(out[option.key], len(self.seats)))
        return out

    def setup(self) -> Setup:
        request = SetupRequest(players=len(self.seats), seed=self.seed,
                               names=tuple(s.name or f"Seat {k + 1}" for k, s in enumerate(self.seats)),
                               options=self.chosen_options())
        return self.kind.make_setup(request)


class StartMenu(Widget, can_focus=True):
    """One focusable list: menu entries, then the new game's settings."""

    BINDINGS = [
        Binding("up,k", "move(-1)", "Up", show=False),
        Binding("down,j", "move(1)", "Down", show=False),
        Binding("left,h", "change(-1)", "Less", show=False),
        Binding("right,l", "change(1)", "More", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("enter", "choose", "Choose", show=False),
        Binding("n", "name", "Name", show=False),
        Binding("backspace", "erase", "Erase", show=False),
    ]

    class Chosen(Message):
        def __init__(self, item: str) -> None:
            super().__init__()
            self.item = item

    class Rename(Message):
        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, settings: NewGame, saved: str | None, menu: tuple[str, ...] = MENU,
                 remote: bool = False, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.settings = settings
        self.saved = saved  # a description of the saved game, if any
        self.menu = menu
        self.remote = remote  # creating a server game: human seats are open to other players
        self.row = 0
        self._at: str | None = None  # the row the cursor is on, by name (rows may come and go),
        self._placed = 0  # and the number it had then (a row set from outside is taken as it is)
        self.message = ""
        self.lessons_kept: frozenset[str] = frozenset()  # games whose unfinished lesson is saved

    @property
    def cursor_screen_offset(self) -> Offset | None:
        """The terminal's cursor on the highlighted row's label (braille displays follow it): the
        line of the menu as drawn (a long hint wraps) that starts with the row's mark."""
        width = self.content_region.width
        if not width:
            return None
        lines = self.render().wrap(self.app.console, width)
        line = next((k for k, shown in enumerate(lines) if shown.plain.startswith("> ")), 0)
        return row_offset(self, 2, line)

    def rows(self) -> list[str]:
        items = [m for m in self.menu if self.offers(m)]
        if len(registry.kinds()) > 1:  # the row says why a game without screens is not offered
            items.append("game")
        items += ["players"] + [f"seat{k}" for k in range(len(self.settings.seats))]
        if not self.remote:
            items.append("seed")
        items += [f"option:{o.key}" for o in self.shown_options()]
        if self.remote:
            items += ["pace"]
            items += ["flag"] if self.settings.pace != "live" else ["timeout", "minround", "takeover"]
        return items

    def shown_options(self) -> list[SetupOption]:
        """The game's options with something to choose: a choice of one (the only card set) is
        no row, so six seats and a note still fit 80x24."""
        return [o for o in self.settings.game_options() if o.type is not OptionType.CHOICE or len(o.choices) > 1]

    def current(self) -> str:
        """The row the cursor is on. Rows come and go while the form is open (a server's
        choices arrive, a game with a lesson or options of its own is chosen): the cursor stays
        on the row it was on, never on whichever row now has its number."""
        rows = self.rows()
        if self.row == self._placed and self._at in rows and rows[self.row % len(rows)] != self._at:
            self.row = rows.index(self._at)
        self._place(rows, self.row)
        assert self._at is not None
        return self._at

    def _place(self, rows: list[str], row: int) -> None:
        self.row = self._placed = row % len(rows)
        self._at = rows[self.row]

    def action_move(self, delta: int) -> None:
        self.current()
        self._place(self.rows(), self.row + delta)
        self.message = ""
        self.refresh()

    def action_jump(self, row: int) -> None:
        self._place(self.rows(), row)
        self.message = ""
        self.refresh()

    def action_change(self, delta: int) -> None:
        item = self.current()
        s = self.settings
        if item == "players":
            s.set_players(len(s.seats) + delta)
            s.players_chosen = len(s.seats)
            fixed = s.fixed_players()
            if fixed:
                self.message = f"This choice is always played by {fixed} players."
        elif item == "game":
            names = [kind.name for kind in registry.playable()]
            s.choose_game(names[(names.index(s.game) + delta) % len(names)])
            rows = self.rows()
            self._place(rows, rows.index("game"))  # rows above it come and go with the game (Learn to play)
        elif item.startswith("seat"):
            k = int(item[4:])
            if self.remote and k == 0:
                self.message = "Seat 1 is yours."
                self.refresh()
                return
            kinds = s.seat_kinds()
            kind = kinds[(kinds.index(s.seats[k].bot) + delta) % len(kinds)]
            s.seats[k] = replace(s.seats[k], bot=kind)
        elif item.startswith("option:"):
            option = s.option(item[7:])
            if option.is_text:
                self.message = "Press Enter to type it."
            elif option.per_seat:
                self.message = "Press Enter to choose one for each seat."
            elif option.choices:
                values = [v for v, _ in option.choices]
                current = str(s.options.get(option.key, option.default))
                s.options[option.key] = values[(values.index(current) + delta) % len(values)]
                s.set_players(len(s.seats))
            else:
                value = int(s.options.get(option.key, option.default))
                s.options[option.key] = max(option.low, min(option.high, value + 10 * delta))
        elif item == "seed":
            s.seed = max(0, s.seed + delta)
        elif item == "pace":
            paces = ["live", *s.paces]
            s.pace = paces[(paces.index(s.pace) + delta) % len(paces)] if s.pace in paces else "live"
            if len(paces) == 1:
                self.message = "This server offers no turn-based pace."
        elif item == "flag":
            flags = list(FLAGS)
            s.on_flag = flags[(flags.index(s.on_flag) + delta) % len(flags)]
        self.refresh()

    def action_choose(self) -> None:
        """Enter: the menu entry, or typing a text setting; on any other setting (a seat too) it
        starts the game, as the form's first line says. Naming a seat is n, asked for by name."""
        item = self.current()
        if item in MENU:
            self.post_message(self.Chosen(item))
        elif item.startswith("option:") and self.settings.option(item[7:]).is_text:
            self._edit_text(self.settings.option(item[7:]))
        elif item.startswith("option:") and self.settings.option(item[7:]).per_seat:
            self._edit_seats(self.settings.option(item[7:]))
        else:
            self.post_message(self.Chosen("start"))

    def action_name(self) -> None:
        item = self.current()
        if not item.startswith("seat"):
            self.message = "n names the seat under the cursor: move to a seat first."
        elif self.remote and item == "seat0":
            self.message = "Seat 1 is yours: it goes by your name on the server."
        elif self.remote and self.settings.seats[int(item[4:])].bot is not None:
            self.message = "Only an open seat can be kept for someone: ←/→ makes this one open."
        else:
            self.post_message(self.Rename(int(item[4:])))
            return
        self.refresh()

    def offers(self, item: str) -> bool:
        """Is this menu row shown? Continue with a save only, Learn to play for a game with a lesson."""
        if item == "continue":
            return bool(self.saved)
        if item == "learn":
            return lesson_kind(self.settings) is not None
        return True

    def learn_hint(self) -> str:
        """Learn to play's key, the game it teaches (the one chosen below, if it has a lesson)
        and whether it goes on where it was left."""
        kind = lesson_kind(self.settings)
        if kind is None:
            return "t"
        kept = " · goes on where you left it" if kind.name in self.lessons_kept else ""
        return f"t · {kind.title}{kept}"

    def seat_label(self, k: int) -> str:
        """Seat ``k`` as a dialog about the seats names it: on a server an open seat is an open
        seat (the name it had as a bot is not who will sit there), or kept for someone."""
        seat = self.settings.seats[k]
        if self.remote and k and seat.bot is None:
            return f"kept for {seat.reserved}" if seat.reserved else "open seat"
        return seat.name or f"Seat {k + 1}"

    def seat_hint(self, k: int) -> str:
        """What the keys do on seat ``k``'s row, and nothing they do not."""
        if not self.remote:
            return "←/→ kind, n renames"
        if k == 0:
            return "yours"
        if self.settings.seats[k].bot is None:
            return "←/→ kind, n keeps it for someone"
        return "←/→ kind"

    NUMBERS = {"timeout": ("answer_timeout", 86400), "minround": ("min_round", 60),
               "takeover": ("takeover", 86400)}

    def _number(self, item: str) -> tuple[Any, str, int] | None:
        """Where a typed number goes: (object, attribute or key, highest)."""
        if item in self.NUMBERS:
            name, top = self.NUMBERS[item]
            return self.settings, name, top
        if item == "seed":
            return self.settings, "seed", 10**9 - 1
        option = self.settings.option(item[7:]) if item.startswith("option:") else None
        if option is not None and not option.choices and not option.is_text:
            return self.settings.options, item[7:], self.settings.option(item[7:]).high
        return None

    def _edit_text(self, option: SetupOption) -> None:
        """A typed setting: asked for in a prompt, and checked by the game at once."""
        from .prompts import TextPrompt

        s = self.settings

        def typed(text: str | None) -> None:
            if text is None:
                return
            before = s.options.get(option.key, option.default)
            s.options[option.key] = " ".join(text.split()) or option.default
            try:
                s.setup()
            except ValueError as exc:
                s.options[option.key] = before
                self.message = str(exc)
            else:
                self.message = ""
            self.refresh()

        self.app.push_screen(TextPrompt(f"{option.label}: {option.hint}",
                                        str(s.options.get(option.key, option.default))), typed)

    def _edit_seats(self, option: SetupOption) -> None:
        """A choice for each seat, on a screen of its own (one line a seat)."""
        from .seat_choices import SeatChoices

        s = self.settings

        def chosen(value: str | None) -> None:
            if value is not None:
                s.options[option.key] = value
                self.message = ""
                self.refresh()

        names = [self.seat_label(k) for k in range(len(s.seats))]
        self.app.push_screen(SeatChoices(option, names, s.options.get(option.key, option.default)), chosen)

    def action_erase(self) -> None:
        target = self._number(self.current())
        if target is not None:
            holder, key, _ = target
            if isinstance(holder, dict):
                holder[key] = int(holder[key]) // 10  # 0 shows as empty while typing
            else:
                setattr(holder, key, getattr(holder, key) // 10)
        self.refresh()

    def on_key(self, event: events.Key) -> None:
        key = event.character
        target = self._number(self.current())
        if key and key.isdigit() and target is not None:
            holder, name, top = target
            if isinstance(holder, dict):
                holder[name] = min(top, int(f"{holder[name]}{key}"))
            else:
                setattr(holder, name, min(top, int(f"{getattr(holder, name)}{key}")))
            self.refresh()
            event.stop()

    def render(self) -> Text:
        s = self.settings
        text = Text()
        cursor_row = self.current()
        bold = Style(bold=True)
        dim = Style(dim=True)

        def line(item: str, label: str, value: str = "", hint: str = "") -> None:
            here = item == cursor_row
            text.append("> " if here else "  ", bold)
            body = Text(f"{label:<14}{value}")
            if here:
                body.stylize(Style(reverse=True))
            text.append_text(body)
            if hint and here:
                text.append(f"  {hint}", dim)
            text.append("\n")

        for item in self.menu:
            if not self.offers(item):
                continue
            label = "Create this game on the server" if self.remote and item == "start" else MENU_LABELS[item]
            hint = {"start": "Enter", "continue": self.saved or "", "library": "f", "quit": "Ctrl+Q",
                    "learn": self.learn_hint()}.get(item, "")
            here = item == cursor_row
            text.append("> " if here else "  ", bold)
            body = Text(label, style=Style(reverse=True) if here else bold if item == "start" else "")
            text.append_text(body)
            if hint:
                text.append(f"  {hint}", dim)
            text.append("\n")
        text.append("\nNew game\n", bold)
        if "game" in self.rows():
            unplayable = [kind.title for kind in registry.kinds() if not registry.has_screens(kind)]
            many = len(registry.playable()) > 1
            line("game", "Game", f"◂ {s.kind.title} ▸" if many else s.kind.title,
                 " · ".join(filter(None, ["←/→" if many else "",
                                          f"{', '.join(unplayable)}: no screens, bots only"
                                          if unplayable else ""])))
        fixed = s.fixed_players()
        low, high = s.kind.min_players, s.kind.max_players
        line("players", "Players", f"◂ {len(s.seats)} ▸" if fixed is None and low < high else str(len(s.seats)),
             "←/→" if fixed is None and low < high else "set by the game and its options")
        for k, seat in enumerate(s.seats):
            if self.remote:
                kind = ("you" if k == 0 else "open seat") if seat.bot is None else f"bot · {seat.bot.value}"
                if seat.bot is None and seat.reserved:
                    kind = f"kept for {seat.reserved}"
            else:
                kind = "human" if seat.bot is None else f"bot · {seat.bot.value}"
            hint = self.seat_hint(k)
            shown = "" if self.remote and k and seat.bot is None else (seat.name or "")  # open: no name yet
            line(f"seat{k}", f"Seat {k + 1}", f"{shown[:14]:<15}{kind}", hint)
        if not self.remote:
            line("seed", "Seed", str(s.seed), "type digits, Backspace erases")
        for option in self.shown_options():
            value = s.options.get(option.key, option.default)
            if option.is_text:
                shown, hint = str(value), "Enter to type"
            elif option.per_seat:
                labels = dict(option.choices)
                each = option.seat_values(value, len(s.seats))
                shown = (f"{labels.get(each[0], each[0])}, every seat" if len(set(each)) == 1
                         else ", ".join(labels.get(v, v) for v in each))
                shown = shown if len(shown) <= 44 else shown[:43] + "…"
                hint = "Enter: each seat's"
            elif option.choices:
                shown = dict(option.choices).get(str(value), str(value))
                hint = f"←/→ · {option.hint}" if option.hint else "←/→"
            else:
                shown = (option.number_text(value, len(s.seats)) if value or option.by_players
                         else f"({option.default})")
                hint = f"type digits, Backspace erases · {option.hint}" if option.hint else "type digits"
            line(f"option:{option.key}", option.label, shown, hint)
        if self.remote:
            line("pace", "Pace", "live" if s.pace == "live" else f"turn-based: {s.pace}",
                 "←/→ · live, or days a move, played away")
        if self.remote and s.pace != "live":
            line("flag", "Out of time", FLAGS[s.on_flag], "←/→ · what the others get when a clock runs out")
        elif self.remote:
            line("timeout", "Answer time", f"{max(1, s.answer_timeout)} s", "then a silent player passes")
            line("minround", "Min. round", f"{s.min_round} s", "hides who answered at once")
            line("takeover", "Bot takeover", f"after {s.takeover} s" if s.takeover else "never",
                 "a bot plays a dropped seat")
        if self.message:
            text.append(f"\n{self.message}\n", Style(color="yellow"))
        return text


class StartScreen(Screen[None]):
    BINDINGS = [
        Binding("c", "menu('continue')", "Continue", tooltip="Every unfinished game, to continue one"),
        Binding("f", "menu('library')", "Library", tooltip="Finished games: their story, replay, export"),
        Binding("t", "menu('learn')", "Learn", tooltip="Learn to play: a guided first game against scripted players"),
        Binding("question_mark", "menu('help')", "Help", key_display="?"),
        Binding("ctrl+q", "app.quit", "Quit", tooltip="Leave grail-tui"),
    ]

    def __init__(self, settings: NewGame, saved: str | None,
                 lessons_kept: frozenset[str] = frozenset()) -> None:
        super().__init__()
        self.settings = settings
        self.saved = saved
        self.lessons_kept = lessons_kept

    def compose(self) -> ComposeResult:
        titles = " · ".join(kind.title for kind in registry.playable())
        yield Static(Text.assemble(("grail-tui", "bold"), f"  ·  {titles}"), id="title")
        menu = StartMenu(self.settings, self.saved, id="menu")
        menu.lessons_kept = self.lessons_kept
        yield menu
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(StartMenu).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "menu" and parameters == ("continue",):
            return self.saved is not None
        return True

    def action_menu(self, item: str) -> None:
        self.app.post_message(StartMenu.Chosen(item))  # handled by the app

    def on_start_menu_chosen(self, message: StartMenu.Chosen) -> None:
        message.stop()
        self.app.post_message(StartMenu.Chosen(message.item))

    def on_start_menu_rename(self, message: StartMenu.Rename) -> None:
        from .prompts import TextPrompt

        seat = self.settings.seats[message.seat]

        def done(name: str | None) -> None:
            if name and name.strip():
                self.settings.seats[message.seat] = replace(seat, name=name.strip()[:20])
                self.query_one(StartMenu).refresh()

        self.app.push_screen(TextPrompt(f"Name for seat {message.seat + 1}", seat.name or ""), done)
