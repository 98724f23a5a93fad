"""How well the hunt's strong bot reads the table, measured against an oracle (issue 30).

Three parts, each runnable alone (``--part``), every game seats rotating:

- ``strong``, ``today`` and ``oracle``: the strong bot against two heuristic
  players, and the same games (same seeds, same seats) with today's strong bot
  (the strong bot as issue 30 found it: no beliefs, rivals sampled afresh from
  the public record; none of the issue's new play, the takeover wary of a big
  holding and the race home of a long game) or an *oracle* in
  its seat: the same search,
  evaluation and budget, given the rivals' true sheets. The gap between them is
  what the strong bot does not know. Along the way, once per turn, the strong
  bot's beliefs are compared with the truth: the mean error per rival and
  initiate of its expected influence, and how often it is right about who
  leads on the initiate nearest to delivering, by stage of the game; beside
  them the same figures for the sampler it had before (public record only) and
  for the revealed amounts alone.
- ``head``: the strong bot against today's (as above) with heuristic players
  filling the table, at 3 and 4
  players: how often it finishes ahead, with the interval.
- ``infer``: the beliefs alone, without the search: games of three heuristic
  players, one of them keeping the strong bot's beliefs from its own views,
  scored at every turn as above. No search is played, so the reading can be
  measured over many games in minutes.

``clock``: what a strong decision's budget is counted on. ``wall`` is the
wall clock, as at a table (whose padding is wall time). ``cpu`` is the
deciding thread's CPU time (``time.thread_time``): a figure that does not
move with the machine's load, which a shared machine needs; under load a
decision then takes longer than its budget on the wall.

The oracle is a measuring instrument, never a player: it lives here, and an
import-linter contract keeps it out of everything a player or the server can
reach. This benchmark names the hunt (its bots are what it measures); it is the
one benchmark that does, beside the screen benchmark.
"""

from __future__ import annotations

import json
import math
import os
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from grail_tui.games import registry
from grail_tui.games.hunt.bots import STRONG_BUDGET, HeuristicBot
from grail_tui.games.hunt.bots import world as hunt_world
from grail_tui.games.hunt.bots.beliefs import PARTICLES, Beliefs
from grail_tui.games.hunt.bots.evaluate import steps_home
from grail_tui.games.hunt.bots.strong import LONG_GAME, TAKEOVER_QUANTILES, StrongBot
from grail_tui.games.hunt.engine import Game, Phase, PlayerView, Propose, Setup, Sheet
from grail_tui.tournament import wilson

STAGES = ((1, 3), (4, 7), (8, 11), (12, 10_000))  # turns of the game, for who-leads accuracy
LEAD_DRAWS = 48  # worlds drawn to say who a belief thinks leads
RIGHT = ("right", "probes")
# The inference part reads games up to this turn. Games of three heuristic players now and then
# stall to the turn limit (500), and one such game would outweigh fifty: games with a strong
# player end by turn 35 or so.
INFER_TURNS = 30  # who-leads accuracy: probes (one per turn) read right
PARTS = ("strong", "today", "oracle", "head")  # infer: asked for by name only
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}


class Oracle(StrongBot):
    """The strong bot given the truth: it searches in the one world there is."""

    level = "oracle"

    def __init__(self, seed: int, budget: float, clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__(seed, budget, reads_table=False, clock=clock)
        self.truth: Game | None = None

    def world_sheets(self, view: PlayerView) -> list[Sheet]:
        assert self.truth is not None
        return [s.copy() for s in self.truth.sheets]

    def _hq_guess(self, view: PlayerView) -> tuple[int, ...] | None:
        assert self.truth is not None
        return None if self.truth.hq_owner is None else tuple(self.truth.hq_owner)


def make(level: str, seed: int, budget: float, clock: str = "wall") -> Any:
    tick = CLOCKS[clock]
    if level == "strong":
        return StrongBot(seed, budget, clock=tick)
    if level == "today":  # as issue 30 found it: no reading of the table, nor this new play
        return StrongBot(seed, budget, reads_table=False, clock=tick, long_game=None,
                         takeover_quantiles=TAKEOVER_QUANTILES[:1])
    if level == "oracle":
        return Oracle(seed, budget, tick)
    if level == "heuristic":
        return HeuristicBot(seed)
    raise ValueError(f"no bot {level!r} in this benchmark")


# -- the inference, measured -----------------------------------------------------------


def _leaders(row: Sequence[float]) -> set[int]:
    top = max(row)
    return {p for p, x in enumerate(row) if x == top}


def _guess_leader(draws: Sequence[Sequence[Sheet]], initiate: int) -> int:
    counts: dict[int, int] = {}
    for sheets in draws:
        row = [float(s.influence(initiate)) for s in sheets]
        for p in _leaders(row):
            counts[p] = counts.get(p, 0) + 1
    return max(counts, key=lambda p: counts[p])


def measure(beliefs: Beliefs, view: PlayerView, truth: Game, rng: random.Random) -> dict[str, Any]:
    """The beliefs about rivals against the truth, and the same for the sampler the strong
    bot had before and for the revealed amounts alone."""
    pub = view.public
    me = view.player
    live = [i for i in range(8) if pub.positions[i] is not None]
    rivals = [p for p in range(pub.players) if p != me]
    believed = [beliefs.sheets(view, rng) for _ in range(LEAD_DRAWS)]
    sampled = [hunt_world.sample_sheets(view, rng) for _ in range(LEAD_DRAWS)]
    errors: dict[str, list[float]] = {"beliefs": [], "sampler": [], "revealed": []}
    for p in rivals:
        for i in live:
            true = truth.influence(p, i)
            errors["beliefs"].append(abs(beliefs.likely_influence(p, i) - true))
            errors["sampler"].append(abs(statistics.median(s[p].influence(i) for s in sampled) - true))
            errors["revealed"].append(abs(pub.known[p][i] - true))
    nearest = min(live, key=lambda i: steps_home(truth, i))
    leaders = _leaders([float(truth.influence(p, nearest)) for p in range(pub.players)])
    revealed = [float(view.sheet.influence[nearest]) if p == me else float(pub.known[p][nearest])
                for p in range(pub.players)]
    return {
        "turn": pub.turn,
        "errors": {k: statistics.fmean(v) for k, v in errors.items()} if live else None,
        "leads": {
            "beliefs": _guess_leader(believed, nearest) in leaders,
            "sampler": _guess_leader(sampled, nearest) in leaders,
            "revealed": min(_leaders(revealed)) in leaders,
        },
    }


# -- one game -------------------------------------------------------------------------------


def play_one(levels: Sequence[str], seed: int, index: int, budget: float,
             watch: str | None = None, clock: str = "wall") -> dict[str, Any]:
    """Game ``index``: entries sit rotated by ``index``. ``watch``: the entry whose beliefs are
    measured once per turn (a reading strong bot)."""
    n = len(levels)
    order = [(index + s) % n for s in range(n)]  # seat -> entry
    game = Game(Setup(players=n, seed=seed + index))
    bots = [make(levels[e], seed * 7919 + index * 31 + s, budget, clock) for s, e in enumerate(order)]
    tick = CLOCKS[clock]
    for bot in bots:
        if isinstance(bot, Oracle):
            bot.truth = game
    times: list[list[float]] = [[] for _ in range(n)]  # on the budget's clock
    walls: list[list[float]] = [[] for _ in range(n)]
    probes: list[dict[str, Any]] = []
    rng = random.Random(seed * 131 + index)
    measured = -1
    while game.outcome is None:
        waiting = game.to_act()
        # where everyone answers in secret, every answer is decided before any is applied
        asked = waiting if game.phase in (Phase.OPENING, Phase.OBJECTIONS) else waiting[:1]
        chosen = []
        for seat in asked:
            view = game.view(seat)
            wall, ticked = time.perf_counter(), tick()
            chosen.append(bots[seat].decide(view, list(game.legal_actions(seat))))
            times[order[seat]].append(tick() - ticked)
            walls[order[seat]].append(time.perf_counter() - wall)
            bot = bots[seat]
            if (watch is not None and levels[order[seat]] == watch and isinstance(bot, StrongBot)
                    and bot.beliefs is not None and game.phase is Phase.TURN and game.turn > measured
                    and game.turn >= 1):
                measured = game.turn
                probes.append(measure(bot.beliefs, view, game, rng))
        for action in chosen:
            game.apply(action)
    result = registry.get("hunt").result(game)  # the game's full ranking: winner, then by influence
    assert result is not None
    ranks = [0] * n
    for seat, e in enumerate(order):
        ranks[e] = result.ranks[seat]
    return {"index": index, "winner_entries": sorted(order[s] for s in result.winners),
            "ranks": ranks, "turns": game.turn, "times": times, "walls": walls, "probes": probes}


def infer_one(seed: int, index: int) -> dict[str, Any]:
    """Game ``index`` of three heuristic players; the player in seat ``index`` % 3 keeps the
    strong bot's beliefs from its own views (and its own proposals, as the strong bot tells
    them), measured once per turn at the first view it is shown, up to turn INFER_TURNS."""
    n = 3
    watcher = index % n
    game = Game(Setup(players=n, seed=seed + index))
    bots = [HeuristicBot(seed * 7919 + index * 31 + s) for s in range(n)]
    beliefs = Beliefs(watcher, random.Random(seed * 7 + index))
    rng = random.Random(seed * 131 + index)
    probes: list[dict[str, Any]] = []
    cpu: list[float] = []
    measured = 0
    while game.outcome is None and game.turn <= INFER_TURNS:
        waiting = game.to_act()
        asked = waiting if game.phase in (Phase.OPENING, Phase.OBJECTIONS) else waiting[:1]
        chosen = []
        for seat in asked:
            view = game.view(seat)
            action = bots[seat].decide(view, list(game.legal_actions(seat)))
            if seat == watcher:
                ticked = time.thread_time()
                beliefs.update(view)
                if isinstance(action, Propose):
                    beliefs.proposed(view, action)
                cpu.append(time.thread_time() - ticked)
                if game.turn > measured:
                    measured = game.turn
                    probes.append(measure(beliefs, view, game, rng))
            chosen.append(action)
        for action in chosen:
            game.apply(action)
    return {"index": index, "turns": game.turn, "update_cpu": cpu, "probes": probes}


# -- summing up -----------------------------------------------------------------------------------


def _rate(wins: int, games: int, names: tuple[str, str] = ("wins", "games")) -> dict[str, Any]:
    lo, hi = wilson(wins, games)
    return {names[0]: wins, names[1]: games, "rate": round(wins / games, 4) if games else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)]}


def _decisions(times: Sequence[float], budget: float, walls: Sequence[float] = ()) -> dict[str, Any]:
    """Decision times on the budget's clock; ``walls``: the same decisions on the wall."""
    ordered = sorted(times)
    if not ordered:
        return {"decisions": 0}
    out = {"decisions": len(ordered), "median_ms": round(statistics.median(ordered) * 1000, 1),
           "p95_ms": round(_p95(ordered) * 1000, 1),
           "max_ms": round(ordered[-1] * 1000, 1),
           "over_budget": sum(1 for t in ordered if t > budget)}
    if walls:
        out["wall_p95_ms"] = round(_p95(sorted(walls)) * 1000, 1)
    return out


def _turns(turns: Sequence[int]) -> dict[str, Any]:
    """How long the games ran: a game past LONG_GAME has stalled, or nearly (games with a strong
    player otherwise end by turn 50 or so)."""
    if not turns:
        return {}
    return {"median": statistics.median(turns), "max": max(turns),
            f"from_turn_{LONG_GAME}": sum(1 for t in turns if t >= LONG_GAME)}


def _p95(ordered: Sequence[float]) -> float:
    return ordered[max(0, math.ceil(len(ordered) * 0.95) - 1)]


def _paired_gap(a: Sequence[int], b: Sequence[int]) -> dict[str, Any]:
    """Mean of b - a over paired games, with a 95% normal interval."""
    d = [y - x for x, y in zip(a, b, strict=True)]
    if len(d) < 2:
        return {"gap": None}
    mean = statistics.fmean(d)
    half = 1.96 * statistics.stdev(d) / math.sqrt(len(d))
    return {"gap": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)], "games": len(d)}


def _inference(probes: Sequence[dict[str, Any]]) -> dict[str, Any]:
    methods = ("beliefs", "sampler", "revealed")
    errors = {m: round(statistics.fmean(p["errors"][m] for p in probes if p["errors"]), 2)
              for m in methods} if probes else {}
    by_stage: dict[str, Any] = {}
    for lo, hi in STAGES:
        got = [p for p in probes if lo <= p["turn"] <= hi]
        label = f"turns {lo}-{hi}" if hi < 10_000 else f"turns {lo}+"
        by_stage[label] = {m: _rate(sum(1 for p in got if p["leads"][m]), len(got), RIGHT) for m in methods}
    later = [p for p in probes if p["turn"] >= 4]
    return {"mean_error_per_rival_and_initiate": errors, "who_leads_nearest_by_stage": by_stage,
            "who_leads_nearest_from_turn_4": {m: _rate(sum(1 for p in later if p["leads"][m]), len(later), RIGHT)
                                              for m in methods},
            "probes": len(probes)}


def _play(jobs: int, levels: Sequence[str], seed: int, games: int, budget: float,
          watch: str | None, done: Callable[[int], None] | None = None,
          log: Path | None = None, clock: str = "wall") -> list[dict[str, Any]]:
    """Games 0 to ``games`` - 1 of one match. With ``log``, each finished game is appended to
    it as a line of JSON, and games the log already holds for this match are not played
    again: a run stopped early is finished by the same command."""
    match: dict[str, Any] = {"bots": list(levels), "seed": seed, "budget": budget}
    if clock != "wall":  # a log of wall-clock games (written before there was a choice) stays good
        match["clock"] = clock
    if levels == ["infer"]:
        match = {"bots": ["infer"], "seed": seed, "particles": PARTICLES, "turns": INFER_TURNS}
    have: dict[int, dict[str, Any]] = {}
    if log is not None and log.exists():
        for line in log.read_text().splitlines():
            try:
                item = json.loads(line)
            except ValueError:
                continue  # a line cut short when a run was stopped
            if isinstance(item, dict) and item.get("match") == match and item.get("index", games) < games:
                have[item["index"]] = item["result"]
    todo = [k for k in range(games) if k not in have]

    def keep(k: int, result: dict[str, Any]) -> None:
        have[k] = result
        if log is not None:
            with log.open("a") as f:
                f.write(json.dumps({"match": match, "index": k, "result": result}) + "\n")
        if done:
            done(len(have))

    one: Callable[..., dict[str, Any]] = play_one
    args: list[tuple[Any, ...]] = [(list(levels), seed, k, budget, watch, clock) for k in todo]
    if levels == ["infer"]:
        one, args = infer_one, [(seed, k) for k in todo]
    if jobs > 1 and args:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for k, result in zip(todo, pool.map(one, *zip(*args, strict=True)), strict=True):
                keep(k, result)
    else:
        for k, a in zip(todo, args, strict=True):
            keep(k, one(*a))
    return [have[k] for k in sorted(have)]


def heuristic_part(games: int, seed: int, budget: float, jobs: int, parts: Sequence[str],
                   done: Callable[[int], None] | None = None, log: Path | None = None,
                   clock: str = "wall") -> dict[str, Any]:
    """The strong bot, today's and/or the oracle, each against two heuristic players in the
    same games."""
    out: dict[str, Any] = {"players": 3}
    won: dict[str, list[int]] = {}
    for who in ("strong", "today", "oracle"):
        if who not in parts:
            continue
        results = _play(jobs, [who, "heuristic", "heuristic"], seed, games, budget,
                        "strong" if who == "strong" else None, done, log, clock)
        won[who] = [1 if 0 in r["winner_entries"] else 0 for r in results]
        out[f"{who}_vs_two_heuristic"] = _rate(sum(won[who]), len(results)) | {
            "no_winner": sum(1 for r in results if not r["winner_entries"]),
            "turns": _turns([r["turns"] for r in results]),
            "decisions": _decisions([t for r in results for t in r["times"][0]], budget,
                                    [t for r in results for t in r.get("walls", [[]])[0]])}
        if who == "strong":
            out["inference"] = _inference([p for r in results for p in r["probes"]])
    if "strong" in won and "oracle" in won:
        out["oracle_gap"] = _paired_gap(won["strong"], won["oracle"])
    if "strong" in won and "today" in won:
        out["strong_gain_over_today"] = _paired_gap(won["today"], won["strong"])
    return out


def head_part(games: int, seed: int, budget: float, jobs: int, players: int,
              done: Callable[[int], None] | None = None, log: Path | None = None,
              clock: str = "wall") -> dict[str, Any]:
    levels = ["strong", "today"] + ["heuristic"] * (players - 2)
    results = _play(jobs, levels, seed, games, budget, None, done, log, clock)
    ahead = sum(1 for r in results if r["ranks"][0] < r["ranks"][1])
    behind = sum(1 for r in results if r["ranks"][0] > r["ranks"][1])
    return {
        "players": players,
        "bots": levels,
        "strong_ahead_of_today": _rate(ahead, len(results)),
        "today_ahead_of_strong": _rate(behind, len(results)),
        "level": len(results) - ahead - behind,
        "strong_wins": _rate(sum(1 for r in results if 0 in r["winner_entries"]), len(results)),
        "today_wins": _rate(sum(1 for r in results if 1 in r["winner_entries"]), len(results)),
        "strong_decisions": _decisions([t for r in results for t in r["times"][0]], budget,
                                       [t for r in results for t in r.get("walls", [[]])[0]]),
    }


def infer_part(games: int, seed: int, jobs: int, done: Callable[[int], None] | None = None,
               log: Path | None = None) -> dict[str, Any]:
    results = _play(jobs, ["infer"], seed, games, 0.0, None, done, log)
    cpu = sorted(t for r in results for t in r["update_cpu"])
    return {"players": 3, "bots": ["heuristic"] * 3, "particles": PARTICLES, "up_to_turn": INFER_TURNS,
            "inference": _inference([p for r in results for p in r["probes"]]),
            "update_cpu_ms": {"median": round(statistics.median(cpu) * 1000, 1) if cpu else None,
                              "p95": round(_p95(cpu) * 1000, 1) if cpu else None}}


def run(games: int = 300, seed: int = 0, budget: float | None = None, jobs: int = 1,
        parts: Sequence[str] = PARTS, done: Callable[[int], None] | None = None,
        log: Path | None = None, clock: str = "wall") -> dict[str, Any]:
    if clock not in CLOCKS:
        raise ValueError(f"no clock {clock!r}: wall or cpu")
    if budget is None:
        budget = STRONG_BUDGET
    started = time.perf_counter()
    out: dict[str, Any] = {"benchmark": "bots", "game": "hunt", "python": platform.python_version(),
                           "games": games, "seed": seed, "budget_seconds": budget, "clock": clock,
                           "load_average_at_start": [round(x, 2) for x in os.getloadavg()]}
    if {"strong", "today", "oracle"} & set(parts):
        out["against_two_heuristic"] = heuristic_part(games, seed, budget, jobs, parts, done, log, clock)
    sizes = [n for n in (3, 4) if "head" in parts or f"head{n}" in parts]
    if sizes:
        out["head_to_head"] = {f"{n}p": head_part(games, seed, budget, jobs, n, done, log, clock) for n in sizes}
    if "infer" in parts:
        out["inference_alone"] = infer_part(games, seed, jobs, done, log)
    out["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    out["seconds"] = round(time.perf_counter() - started, 1)
    return out
