"""The status line's platform part, written once for the table screen and plain mode alike
(no Textual here: plain mode words it too)."""

from __future__ import annotations

from collections.abc import Callable


def status_line(where: str, what: str, *, names: Callable[[int], str], viewer: int | None,
                hotseat: bool, remote: bool, notice: str | None, code: str | None = None,
                away: tuple[int, ...] = (), open_seats: int = 0) -> str:
    """The status line: the game's code on a server, then the game's ``where`` (its turn or
    round) and ``what`` (whose move), who is at the keyboard or watching, who is away and how
    many seats are open; a connection's notice stands in for the game's news."""
    game = f"Game {code} · " if code else ""
    if notice:
        return f"{game}{notice} · {where}"
    who = f" · {names(viewer)} at the keyboard" if hotseat and viewer is not None else ""
    if remote and viewer is None:
        who = " · watching"
    gone = f" · away: {', '.join(names(p) for p in away)}" if away else ""
    if open_seats:
        gone += f" · {open_seats} seat{'s' if open_seats > 1 else ''} open"
    return f"{game}{where} · {what}{who}{gone}"
