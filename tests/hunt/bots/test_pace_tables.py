"""At one terminal, a strong bot's answer takes its budget even when it can only pass."""

from __future__ import annotations

import asyncio
import time

from grail_tui.games.hunt.engine import Assign, Concede, Pass, Phase, Propose, Setup
from grail_tui.table import LocalTable, SeatConfig


async def test_local_table_bots_answer_in_their_budget_whatever_they_hold():
    seats = [SeatConfig("Ada"), SeatConfig("Bot", "strong")]
    table = LocalTable(Setup(players=2, seed=5, first_player=0), seats, bot_delay=0)
    table.bots[1].budget = 0.4  # type: ignore[attr-defined]
    table.start()
    table.submit(Assign(0, ()))  # the human opens with nothing
    await table.settle()  # the bot's opening
    durations = []
    for _ in range(2):
        while not (table.phase is Phase.TURN and 0 in table.to_act()) and not table.is_over:
            if table.phase is Phase.OBJECTIONS and 0 in table.to_act():
                table.submit(Pass(0))  # the bot's own proposal: let it stand
            await asyncio.sleep(0.01)
        if table.is_over:
            break
        proposal = next(a for a in table.legal_actions(0) if isinstance(a, Propose))
        started = time.monotonic()
        table.submit(proposal)  # the bot must answer: pass, or object if it can
        while table.phase is Phase.OBJECTIONS and 1 in table.to_act():
            await asyncio.sleep(0.005)
        durations.append(time.monotonic() - started)
        if table.phase is Phase.REPLY:  # the bot objected: give the proposal up
            table.submit(Concede(0))
        await table.settle()
    table.close()
    assert durations and all(d >= 0.4 for d in durations), durations


async def test_two_bots_answer_the_same_objection_round_side_by_side():
    seats = [SeatConfig("Ada"), SeatConfig("Bo", "strong"), SeatConfig("Cy", "strong")]
    table = LocalTable(Setup(players=3, seed=6, first_player=0), seats, bot_delay=0)
    for seat in (1, 2):
        table.bots[seat].budget = 0.3  # type: ignore[attr-defined]
    table.start()
    table.submit(Assign(0, ()))
    await table.settle()
    assert table.phase is Phase.TURN and table.to_act() == (0,)
    table.submit(next(a for a in table.legal_actions(0) if isinstance(a, Propose)))
    started = time.monotonic()
    while table.phase is Phase.OBJECTIONS:
        await asyncio.sleep(0.005)
    took = time.monotonic() - started
    table.close()
    assert took >= 0.3  # each took its budget, whatever it held
    events = table.events_for(0)
    assert any(type(e).__name__ == "ObjectionsRevealed" for e in events)  # both answers came in
