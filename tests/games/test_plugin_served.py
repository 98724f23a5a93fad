"""The toy game, installed as a package of its own, on a real server over a real connection: a
person and two bots play it to the end, the person acting from their own view (the kind's
``legal_from_view``), its secret opening round shown together, every state carrying the
person's own secret and nobody else's."""

from __future__ import annotations

import os

from grail_tui.net.protocol import Act, Create, Joined, State

from ..net.conftest import serve
from ..net.helpers import link, next_of
from .conftest import PLUGINS


async def test_a_plug_in_game_is_played_to_its_end_on_a_server(tmp_path, toy_installed):
    kind = toy_installed
    environment = {"PYTHONPATH": os.pathsep.join([str(PLUGINS), os.environ.get("PYTHONPATH", "")])}
    server = serve(tmp_path, "--hello-timeout", "5", env=environment)
    try:
        person = await link(server, "Ada")
        await person.send(Create(1, "toy", (None, "random", "random"), options={"pile": 12}))
        code = (await next_of(person, Joined)).code
        seen_bonus: set[int] = set()
        last = None
        for _ in range(200):
            state = await next_of(person, State)
            if state.code != code:
                continue
            last = state
            view = kind.decode_view(state.view, 0)
            seen_bonus.add(view.bonus)
            for event in state.events:
                decoded = kind.decode_event(event)
                assert getattr(decoded, "audience", None) in (None, 0)  # nobody else's secret
            if state.result is not None:
                break
            if state.asked and state.pending is None:
                legal = kind.legal_from_view(view, 0)
                await person.send(Act(code, state.seq, kind.action_to_dict(legal[0])))
        assert last is not None and last.result is not None, "the game did not end"
        assert len(seen_bonus) == 1  # one secret, the person's own, all game long
        record = kind.read_record(last.record)
        assert kind.result(kind.replay(record.setup, record.actions)).text == last.result["text"]
        await person.close()
    finally:
        server.stop()
    server.assert_no_traceback()
