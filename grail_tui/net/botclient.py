"""A seat played by a bot over a real connection: for tests and the load benchmark."""

from __future__ import annotations

from typing import Any

from grail_tui.games.api import Bot, GameKind

from .protocol import Act, State


def reply_to(kind: GameKind, state: State, bot: Bot) -> Act | None:
    """The bot's answer to a state that asks this seat to act (None if it has nothing legal)."""
    if state.seat is None or not state.asked:
        return None
    view = kind.decode_view(state.view, state.seat)
    legal = list(kind.legal_from_view(view, state.seat))
    if not legal:
        return None
    return Act(state.code, state.seq, kind.action_to_dict(bot.decide(view, legal)))


async def play_seat(link: Any, code: str, kind: GameKind, bot: Bot, *,
                    log: list[Any] | None = None) -> State:
    """Answer every state of game ``code`` with ``bot`` until the game is over."""
    answered = -1
    while True:
        message = await link.receive()
        if log is not None:
            log.append(message)
        if type(message).__name__ == "Bye":
            raise ConnectionError(getattr(message, "reason", "closed"))
        if not isinstance(message, State) or message.code != code:
            continue
        if message.result is not None:
            return message
        if message.seq == answered or not message.asked:
            continue
        act = reply_to(kind, message, bot)
        if act is not None:
            answered = message.seq
            await link.send(act)
