"""Standing answers of Pulling Strings given by the table client, as a key would be, at a person's
pace (the table's clock faked): a player who set "quiet" is not asked to pass on the others' attacks
and reactions, and still answers for themselves when a group of theirs is attacked."""

from __future__ import annotations

import asyncio

from grail_tui.games.api import BotLevel
from grail_tui.games.strings.engine import Pass
from grail_tui.games.strings.kind import KIND
from grail_tui.games.strings.standing import STANDING
from grail_tui.table.client import STANDING_PACE, LocalClient
from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import TableSettings
from grail_tui.table.store import MemoryStore
from grail_tui.table.table import Table
from grail_tui.table.timekeeping import FakeClock


async def test_quiet_passes_for_the_player_at_a_persons_pace_and_leaves_their_own_attacks_to_them():
    from grail_tui.games.api import SetupRequest

    setup = KIND.make_setup(SetupRequest(players=3, seed=11, names=("Ann", "Gregor", "Inga"),
                                         options={"turn_limit": 10}))
    clock = FakeClock()
    seats = [SeatConfig("Ann"), SeatConfig("Gregor", BotLevel.HEURISTIC), SeatConfig("Inga", BotLevel.HEURISTIC)]
    table = Table(KIND, setup, seats, MemoryStore(), settings=TableSettings(bot_delay=0), clock=clock)
    client = LocalClient(table, [0])
    person = KIND.make_bot(BotLevel.HEURISTIC, 0)  # Ann's own choices, as she would press them
    quiet = next(make for word, _, make in STANDING if word == "quiet")
    answered_for_her = asked_herself_when_attacked = 0
    answer_as_key = client.submit  # what the standing answer calls, as a key press would
    given = []

    def standing_submit(seat, action):
        given.append((seat, action))
        return answer_as_key(seat, action)

    client.submit = standing_submit  # type: ignore[method-assign]
    client.start()
    try:
        await clock.advance(0)
        client.stand(0, quiet(client.latest(0).view))
        for _ in range(4000):
            if table.state.is_over or (answered_for_her >= 3 and asked_herself_when_attacked):
                break
            update = client.latest(0)
            if update.asked and update.pending is None:
                view = update.view
                if client.standing_due(0):
                    await clock.advance(STANDING_PACE + 0.01)
                    assert client.latest(0).seq > update.seq and given[-1] == (0, Pass(0))
                    answered_for_her += 1
                    continue
                attack = view.public.attack
                if view.public.prompt == "support" and attack is not None and any(
                        s.uid == attack.target.uid and s.controller == 0 for s in view.public.structure):
                    asked_herself_when_attacked += 1
                answer_as_key(0, person.decide(view, KIND.legal_from_view(view, 0)))
            await clock.advance(0.05)
            await asyncio.sleep(0)
        assert answered_for_her >= 3 and len(given) == answered_for_her
        assert asked_herself_when_attacked  # her group attacked: the standing answer left it to her
    finally:
        client.close()
        table.close()
