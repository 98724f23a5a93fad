"""Bots answer in a steady time, so how long they think tells nobody anything.

A searching bot that holds nothing on the active initiate has one legal answer
and would reply at once; one that holds something would think for its whole
budget. Seen from across the table that difference gives the secret away
(RULES §8: timing), so every decision of a bot with a thinking budget takes
that budget, however quickly it was made.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence

from grail_tui.games.hunt.bots import Bot
from grail_tui.games.hunt.engine import Action, Game, PlayerView


def think_time(bot: Bot) -> float:
    """The time every decision of ``bot`` takes, as others see it (0: about instant)."""
    budget = getattr(bot, "budget", 0.0)
    return float(budget) if isinstance(budget, (int, float)) else 0.0


async def decide(bot: Bot, view: PlayerView, legal: Sequence[Action]) -> Action:
    """The bot's decision, in a worker thread, returned after exactly its think time."""
    started = time.monotonic()
    floor = think_time(bot)
    if floor:
        action = await asyncio.to_thread(bot.decide, view, legal)
    else:
        action = bot.decide(view, legal)  # a rule-of-thumb bot answers in about a millisecond
    rest = floor - (time.monotonic() - started)
    if rest > 0:
        await asyncio.sleep(rest)
    return action


async def decide_together(game: Game, seats: Sequence[int],
                          bot_for: Callable[[int], Bot]) -> list[tuple[int, Action]]:
    """The decisions of the bots in ``seats`` that the game waits for, thought side
    by side (several are only ever waited for at once in the opening and in an
    objection round, where the rules have everyone answer at the same time)."""
    asked = [(seat, bot_for(seat)) for seat in seats if seat in game.to_act()]
    answers = await asyncio.gather(*(
        decide(bot, game.view(seat), list(game.legal_actions(seat))) for seat, bot in asked))
    return [(seat, action) for (seat, _), action in zip(asked, answers, strict=True)]
