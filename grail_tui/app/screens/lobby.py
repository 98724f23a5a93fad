"""The lobby of a grail-tui server: open games, your games, create, join, watch."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from grail_tui.net.remote import RemoteTable, Session

from ..glyphs import Glyphs


def describe_game(g: dict[str, Any], me: str) -> str:
    seats = []
    for s in g["seats"]:
        if s["bot"]:
            seats.append(f"bot:{s['bot']}")
        elif s["name"] is None:
            seats.append("(free)")
        else:
            seats.append("you" if s["name"] == me else s["name"])
    state = {"open": "waiting for players", "playing": f"turn {g['turn']}", "over": "over"}[g["status"]]
    return f"{g['code']}  {g['players']}p {g['variant']:<8} {state:<19} {', '.join(seats)}"


class LobbyScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new", "New game", tooltip="Create a game on the server"),
        Binding("j", "join_code", "Join by code"),
        Binding("w", "watch_code", "Watch"),
        Binding("r", "refresh", "Refresh"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(self, session: Session, glyphs: Glyphs, where: str) -> None:
        super().__init__()
        self.session = session
        self.g = glyphs
        self.where = where
        self.games: list[dict[str, Any]] = []
        self.mine: list[dict[str, Any]] = []
        self.asked = "list"

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield OptionList(id="games")
        yield Static(id="lobby-help")
        yield Footer()

    def on_mount(self) -> None:
        self.session.lobby.append(self.on_server)
        self.session.start()
        self.query_one("#title", Static).update(
            Text.assemble(("The Hunt for the Grail", "bold"),
                          f"  ·  server {self.where}  ·  you are {self.session.user}"))
        self.query_one("#lobby-help", Static).update(
            "Enter opens the game under the cursor (your seat, a free seat, or as a spectator). "
            "n creates a game; j joins by its 4-letter code; w watches.")
        self.action_refresh()
        self.query_one(OptionList).focus()

    def on_unmount(self) -> None:
        if self.on_server in self.session.lobby:
            self.session.lobby.remove(self.on_server)

    def on_screen_resume(self) -> None:
        self.action_refresh()

    def action_refresh(self) -> None:
        self.session.send({"type": "mine"})
        self.session.send({"type": "list"})

    def on_server(self, m: dict[str, Any]) -> None:
        kind = m.get("type")
        if kind == "games":
            if self.asked == "mine":
                self.mine = m["games"]
                self.asked = "list"
            else:
                self.games = m["games"]
                self.asked = "mine"
            self._show()
        elif kind == "joined":
            self._open(m)
        elif kind == "error":
            self.notify(str(m.get("error")), severity="error", timeout=6)
        elif kind == "connection":
            if m.get("connected"):
                self.notify("Connected again.")
                self.action_refresh()
            else:
                self.notify("Connection to the server lost; reconnecting…", severity="warning")
        elif kind == "bye":
            self.notify(f"The server closed the connection: {m.get('error')}", severity="error")

    def _show(self) -> None:
        box = self.query_one(OptionList)
        box.clear_options()
        seen = set()
        me = self.session.user
        for g in self.mine + self.games:
            if g["code"] in seen:
                continue
            seen.add(g["code"])
            box.add_option(Option(describe_game(g, me), id=g["code"]))
        if not seen:
            box.add_option(Option("No games yet: press n to create one.", id="", disabled=True))

    def _open(self, joined: dict[str, Any]) -> None:
        from grail_tui.games.hunt.screens.game import GameScreen

        code = joined["code"]
        table = self.session.tables.get(code) or RemoteTable(self.session, code, joined)
        if not isinstance(self.app.screen, GameScreen):
            self.app.push_screen(GameScreen(table, self.g))

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        code = message.option.id
        if not code:
            return
        game = next((g for g in self.mine + self.games if g["code"] == code), None)
        if game is None:
            return
        me = self.session.user
        if any(s["name"] == me for s in game["seats"]):
            self.session.send({"type": "open", "code": code})
        elif any(s["free"] for s in game["seats"]):
            self.session.send({"type": "join", "code": code})
        else:
            self.session.send({"type": "watch", "code": code})

    def _ask_code(self, kind: str) -> None:
        from .prompts import TextPrompt

        def chosen(code: str | None) -> None:
            if code and code.strip():
                self.session.send({"type": kind, "code": code.strip().upper()})

        self.app.push_screen(TextPrompt(f"{kind.capitalize()} which game? (its 4-letter code)"), chosen)

    def action_join_code(self) -> None:
        self._ask_code("join")

    def action_watch_code(self) -> None:
        self._ask_code("watch")

    def action_new(self) -> None:
        from .start import NewGame, NewGameScreen

        settings = NewGame(seed=0)
        settings.seats[0] = settings.seats[0].__class__(self.session.user)

        def create(ok: bool | None) -> None:
            if not ok:
                return
            setup = settings.setup()
            self.session.send({
                "type": "create",
                "players": setup.players,
                "bots": [s.bot for s in settings.seats],
                "names": [s.name for s in settings.seats],
                "variant": setup.variant.value,
                "turn_limit": setup.turn_limit,
                "answer_timeout": max(1, settings.answer_timeout),
                "min_round": settings.min_round,
                "takeover_after": settings.takeover or None,
                **({"seed": settings.seed} if settings.seed else {}),
            })

        self.app.push_screen(NewGameScreen(settings), create)

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen())
