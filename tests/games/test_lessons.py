"""A game's lesson (Learn to play) is local: its scripted player is offered by no game, refused
by the ladder and by a server, so a lesson is never rated."""

from __future__ import annotations

import pytest

from grail_tui import ladder
from grail_tui.games import registry
from grail_tui.games.kit.lesson import LESSON
from grail_tui.net.hosting import create_game
from grail_tui.net.protocol import Create
from grail_tui.table.updates import TableError


@pytest.mark.parametrize("name", [kind.name for kind in registry.kinds()])
def test_the_lessons_player_is_offered_nowhere(name):
    kind = registry.get(name)
    assert LESSON not in kind.bot_levels  # the start screen's seats and the server's offer
    with pytest.raises(ValueError, match="bot"):
        ladder.parse_entries("lesson", kind)


@pytest.mark.parametrize("name", ["hunt", "succession"])
def test_a_server_refuses_a_game_with_the_lessons_player(name):
    create = Create(ref=1, game=name, bots=(None, LESSON.value))
    with pytest.raises(TableError, match="no computer player 'lesson'"):
        create_game(create, "ann", None, None, (), None, 0.0)  # refused before anything is touched
