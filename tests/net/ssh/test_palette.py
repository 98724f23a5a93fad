"""An SSH session's app runs as the server's account: it offers nothing that writes files there."""

from __future__ import annotations

from pathlib import Path

from textual.screen import Screen

from grail_tui.app.app import GrailApp
from grail_tui.net.remote import Target


def titles(app: GrailApp) -> list[str]:
    return [command.title for command in app.get_system_commands(Screen())]


def test_the_palette_offers_no_screenshot_over_ssh_but_does_at_home(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert "Screenshot" in titles(GrailApp(server=Target.unix(Path("/nonexistent"))))
    over_ssh = GrailApp(server=Target.from_fd(99))
    assert "Screenshot" not in titles(over_ssh) and "Quit" in titles(over_ssh)
    notes: list[str] = []
    monkeypatch.setattr(over_ssh, "notify", lambda text, **_: notes.append(text))
    assert over_ssh.deliver_screenshot() is None
    over_ssh.action_screenshot()
    assert list(tmp_path.iterdir()) == [] and len(notes) == 2 and "SSH" in notes[0]


class GuestSession:
    """What the lobby asks of a session, for a guest: who it is, and no games."""

    def __init__(self, guest: bool) -> None:
        from types import SimpleNamespace

        self.user, self.guest, self.connected = ("guest-3f2a" if guest else "ann"), guest, True
        self.link = SimpleNamespace(paces=(), choices={})  # the server's paces and choices: none here
        self.listeners: list = []
        self._ref = 0

    def start(self) -> None:
        pass

    def follow_lobby(self, on: bool) -> None:
        pass

    def ref(self) -> int:
        self._ref += 1
        return self._ref

    async def request(self, message):
        from grail_tui.net.protocol import Games

        return Games(message.ref, message.which, 0, (), False)


async def test_a_guest_is_offered_neither_new_game_nor_join_anywhere():
    """Not in the footer, the palette or the help; n and j do nothing. A player is offered both."""
    from grail_tui.app.screens.help import HelpScreen, help_text
    from grail_tui.app.screens.lobby import LobbyScreen
    from grail_tui.games import registry

    for guest in (True, False):
        app = GrailApp(seed=1, bot_delay=0, player_name="Ann")
        async with app.run_test(size=(80, 24)) as pilot:
            lobby = LobbyScreen(GuestSession(guest), app.g, "127.0.0.1:2222")  # type: ignore[arg-type]
            await app.push_screen(lobby)
            await pilot.pause()
            from grail_tui.app.keyline import KeyFooter

            footer = str(lobby.query_one(KeyFooter).content)
            offered = {active.binding.action for active in lobby.active_bindings.values() if active.enabled}
            for key in ("n", "j"):
                await pilot.press(key)
                await pilot.pause()
                assert (app.screen is lobby) == guest, key
                if app.screen is not lobby:
                    app.pop_screen()
                    await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen) and app.screen.guest == guest
        players_keys = "n New game" in footer and "j Join" in footer and {"new", "join_code"} <= offered
        assert players_keys != guest, (guest, footer, offered)
    assert "| n | create a game" not in help_text(registry.kinds(), guest=True)
    assert "| n | create a game" in help_text(registry.kinds())
