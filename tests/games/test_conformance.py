"""What every game must do for the platform to run it, asked of every registered game the same
way (OpenSpiel's random_sim_test, and more): the built-in games and the toy game of the tests,
Pebbles, installed as a package of its own.

- random play to the end, from many seeds and every player count, every step checked: the
  seats asked have legal actions, each one is legal by ``why_illegal`` and by the kind's
  ``why_illegal_from_view`` from the seat's own view, and the game ends with a result;
- codec round trips of every view, event and action, and of the setup; record round trips;
- replay equals play, at every prefix asked;
- a refused action changes nothing anybody can see;
- twin secrecy: a game whose other seats' secrets are dealt again (``sample``) gives the seat
  and every spectator the very same bytes as play goes on; bots, seeing only views, decide the
  same in both.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from grail_tui.games import registry
from grail_tui.games.api import BotLevel, SetupRequest

GAMES = ("hunt", "succession", "strings", "toy")
SEEDS = range(12)
MOST_ACTIONS = 3000  # a game that has not ended by then does not end


@pytest.fixture(params=GAMES)
def kind(request):
    if request.param == "toy":
        return request.getfixturevalue("toy_installed")
    return registry.get(request.param)


def options_for(kind) -> dict[str, Any]:
    # short games: Pulling Strings' random play ends at its round limit (a random player rarely
    # reaches a goal), and every step of it is checked
    return {"hunt": {"turn_limit": 25}, "strings": {"turn_limit": 4}}.get(kind.name, {})


def choice(kind, state, action) -> Any:
    """What a player chooses by ``action``, as the legal list tells choices apart. Pulling Strings
    lists one card of each name in a hand (copies are the same choice) and one way to pay for a
    plot card bought or a group card drawn (which tokens pay is left to the first that can): an
    action is listed if an action of the same choice is."""
    if kind.name != "strings":
        return action
    data = kind.action_to_dict(action)
    data = {key: value for key, value in data.items() if key not in ("payer", "payers")}

    def card(key: str, value: Any) -> Any:  # a card's number -> its card id, copies alike
        if key in ("player", "to", "seat", "arrow") or isinstance(value, bool) or not isinstance(value, int):
            return value
        return state.defs[value].id if 0 <= value < len(state.defs) else value

    return repr(sorted((key, [card(key, v) for v in value] if isinstance(value, list) else card(key, value))
                       for key, value in data.items()))


def new_game(kind, seed: int, players: int | None = None):
    players = players or kind.default_players
    setup = kind.make_setup(SetupRequest(players=players, seed=seed, options=options_for(kind),
                                         names=tuple(f"P{p}" for p in range(players))))
    return setup, kind.new_state(setup)


def random_steps(kind, state, rng: random.Random) -> Iterator[Any]:
    """Play ``state`` to its end by random legal actions, yielding each action before it is applied."""
    for _ in range(MOST_ACTIONS):
        if state.is_over:
            return
        seats = state.to_act()
        assert seats, "a game that is not over waits for somebody"
        seat = seats[rng.randrange(len(seats))]
        legal = list(state.legal_actions(seat))
        assert legal, f"seat {seat} is asked but has no legal action"
        action = legal[rng.randrange(len(legal))]
        yield action
        state.apply(action)
    pytest.fail(f"{kind.name}: no end after {MOST_ACTIONS} actions")


def encoded(kind, state) -> str:
    """Everything anybody may see of a position, as the server would send it."""
    public = state.public_view()
    return json.dumps([kind.encode(public), *[kind.encode(state.view(seat, public)) for seat in range(state.players)]])


def neighbours(kind, action, players: int) -> list[Any]:
    """Actions next to ``action`` in its JSON form: each whole number one more or one less, the
    player any other seat (those that are no action of the game are left out)."""
    data = kind.action_to_dict(action)
    found = []
    for key, value in data.items():
        if isinstance(value, int) and not isinstance(value, bool):
            changes = range(players) if key == "player" else (value - 1, value + 1)
            for changed in changes:
                try:
                    found.append(kind.action_from_dict({**data, key: changed}))
                except kind.illegal:
                    pass
    return found


def unlisted(kind, state, action) -> bool:
    """An action the rules accept that the legal list leaves out on purpose. Pulling Strings:
    declaring an attack by a card without a token when no plot in hand starts an attack; the
    commitment would be refused (STRINGS.md §22 case 19 refuses it there), so only calling the
    attack off could follow."""
    if kind.name != "strings" or type(action).__name__ != "Declare":
        return False
    return state.board.tokens.get(action.attacker, 0) <= 0 and not any(
        state.defs[card].has_op("start_attack") for card in state.plot_hand[action.player])


SEEDS_PER_COUNT = {"strings": 2}  # its every step asks for long lists at 2-6 players: fewer seeds


def test_random_play_ends_from_every_seed_and_every_count_with_every_step_legal(kind):
    """... and ``legal_actions`` is exactly what the rules allow: every action legal at some
    point of the game that ``why_illegal`` accepts now is listed now."""
    for players in range(kind.min_players, kind.max_players + 1):
        for seed in SEEDS[:SEEDS_PER_COUNT.get(kind.name, 4)]:
            setup, state = new_game(kind, seed, players)
            rng = random.Random(seed)
            pool: dict[Any, None] = {}  # every action listed so far, in order
            for action in random_steps(kind, state, rng):
                seat = action.player
                assert state.why_illegal(action) is None
                view = state.view(seat)
                assert kind.why_illegal_from_view(view, action) is None
                assert action in kind.legal_from_view(view, seat)
                if kind.rebuilds_from_view:  # the viewer's choices need nothing the view hides
                    assert set(kind.from_view(view).legal_actions(seat)) == set(state.legal_actions(seat))
                listed = {asked: set(state.legal_actions(asked)) for asked in state.to_act()}
                for legal in listed.values():
                    for candidate in rng.sample(sorted(legal, key=repr), min(len(legal), 12)):
                        pool.update(dict.fromkeys([candidate, *neighbours(kind, candidate, players)]))
                for probe in rng.sample(list(pool), min(len(pool), 30)):
                    if state.why_illegal(probe) is None and not unlisted(kind, state, probe):
                        choices = {choice(kind, state, action) for action in listed.get(probe.player, ())}
                        assert choice(kind, state, probe) in choices, f"{probe} is legal but not listed"
            result = kind.result(state)
            assert result is not None and len(result.ranks) == players and result.text
            assert all(0 <= rank < players for rank in result.ranks)
            assert all(result.ranks[winner] == 0 for winner in result.winners)


def test_a_silent_seats_default_is_legal_wherever_the_seat_is_asked(kind):
    """What a timed-out wait plays for a seat (``default_action``; None: a stand-in bot plays it)
    is legal there: the table keeps it as it keeps a checked action."""
    for players in range(kind.min_players, kind.max_players + 1):
        for seed in SEEDS[:2]:
            _, state = new_game(kind, seed, players)
            for _ in random_steps(kind, state, random.Random(seed)):
                for seat in state.to_act():
                    for pass_turn in (True, False):
                        default = kind.default_action(state, seat, pass_turn=pass_turn)
                        assert default is None or state.why_illegal(default) is None, (default, pass_turn)


def test_every_view_event_action_and_setup_round_trips_through_json(kind):
    for seed in SEEDS:
        setup, state = new_game(kind, seed)
        assert kind.setup_from_dict(json.loads(json.dumps(kind.setup_to_dict(setup)))) == setup
        for action in random_steps(kind, state, random.Random(seed)):
            data = json.loads(json.dumps(kind.action_to_dict(action)))
            assert kind.action_from_dict(data) == action
        public = state.public_view()
        assert kind.decode_view(json.loads(json.dumps(kind.encode(public))), None) == public
        for seat in range(state.players):
            view = state.view(seat, public)
            assert kind.decode_view(json.loads(json.dumps(kind.encode(view))), seat) == view
        for event in state.history:
            data = json.loads(json.dumps(kind.encode(event)))
            assert kind.decode_event(data) == event


def test_a_record_reads_back_and_replays_to_the_same_game_at_every_step(kind):
    for seed in SEEDS[:6]:
        setup, state = new_game(kind, seed)
        for _ in random_steps(kind, state, random.Random(seed)):
            pass
        record = kind.read_record(json.loads(json.dumps(kind.record(state, [{"seat": 0, "text": "gg"}]))))
        assert record.setup == setup and list(record.actions) == list(state.actions)
        assert record.chat == ({"seat": 0, "text": "gg"},)
        replayed = kind.replay(record.setup, record.actions)
        assert encoded(kind, replayed) == encoded(kind, state)
        assert kind.result(replayed) == kind.result(state)
        step = max(1, len(record.actions) // 5)
        again = kind.new_state(setup)
        for index, action in enumerate(record.actions):
            if index % step == 0:
                assert encoded(kind, kind.replay(setup, record.actions, upto=index)) == encoded(kind, again)
            again.apply(action)


# Steps between two probes of a refusal: a game that cannot copy itself is replayed for each
# probe, and Pulling Strings' games are long enough for that to take minutes at every step.
PROBE_EVERY = {"strings": 8}


def test_a_refused_action_changes_nothing_anybody_can_see(kind):
    for seed in SEEDS[:6]:
        _, state = new_game(kind, seed)
        rng = random.Random(seed)
        refused = 0
        for step, action in enumerate(random_steps(kind, state, rng)):
            if step % PROBE_EVERY.get(kind.name, 1):
                continue
            probe = state.copy() if hasattr(state, "copy") else None
            trial = kind.replay(state.setup, list(state.actions)) if probe is None else probe
            trial.apply(action)
            if trial.why_illegal(action) is None:  # legal twice (a take of one more pebble, say)
                continue
            before, count = encoded(kind, trial), len(trial.actions)
            with pytest.raises(kind.illegal):
                trial.apply(action)
            assert encoded(kind, trial) == before and len(trial.actions) == count
            refused += 1
        assert refused > 0
        with pytest.raises(kind.illegal, match="over"):
            state.apply(action)


def visible_stream(kind, state, seat: int | None, events) -> str:
    view = state.view(seat) if seat is not None else state.public_view()
    return json.dumps([kind.encode(view), [kind.encode(e) for e in events if kind.visible_to(e, seat)]])


def strings_main_begins(state, steps: Iterator[Any]) -> None:
    """Pulling Strings' ``sample`` rebuilds the quiet main phase, with what a view does not carry
    (offers, draws and placements made this turn, effects until its end) as a turn begins: play on
    to the moment the active player's main phase begins (after her free placement and the round
    of the table that follows it) in a turn where she has made no offer yet."""
    placed = offered = False
    for action in steps:
        if state.prompt() == "place":
            placed, offered = True, False
        if placed and state.prompt() == "main" and not offered:
            return
        offered = offered or (type(action).__name__ in ("Offer", "Swap") and action.player == state.active)


def strings_redealt(events, me: int) -> bool:
    """Did this step use what ``sample`` deals anew: the dice, or a card ``me`` learns (one she
    draws from her own deck, whose order she does not know either, or a look at a hidden hand)?"""
    return any(type(e).__name__ == "Rolled" or (type(e).__name__ == "Saw" and e.player == me) for e in events)


# Where a game's twin is dealt (default: after a few random steps) and which steps, using what
# ``sample`` deals anew rather than what the seat cannot see, end the comparison (default: none).
TWIN_AT = {"strings": strings_main_begins}
REDEALT = {"strings": strings_redealt}


def test_twins_that_differ_in_the_other_seats_secrets_look_the_same_to_the_seat_and_to_spectators(kind):
    """``sample`` deals again what seat ``me`` cannot see; from then on, the same actions give ``me``
    and every spectator the same bytes, and bots that see only views the same decisions."""
    assert kind.samples
    levels = [level for level in kind.bot_levels if level is not BotLevel.STRONG]
    compared = 0
    for seed in SEEDS[:8]:
        _, state = new_game(kind, seed)
        rng = random.Random(seed)
        steps = random_steps(kind, state, rng)
        for _step, _action in zip(range(rng.randrange(2, 12)), steps, strict=False):
            pass
        if kind.name in TWIN_AT:
            TWIN_AT[kind.name](state, steps)
        if state.is_over:
            continue
        me = state.to_act()[0]
        twin = kind.sample(state.view(me), random.Random(seed + 1))
        for _ in range(40):
            if state.is_over or twin.is_over or state.to_act() != twin.to_act():
                break
            assert visible_stream(kind, state, me, []) == visible_stream(kind, twin, me, [])
            assert visible_stream(kind, state, None, []) == visible_stream(kind, twin, None, [])
            seat = state.to_act()[0]
            if seat == me:
                for level in levels:  # a bot sees a view: the same view, the same decision
                    legal = kind.legal_from_view(state.view(me), me)
                    assert (kind.make_bot(level, seed).decide(state.view(me), legal)
                            == kind.make_bot(level, seed).decide(twin.view(me), legal))
            both = [a for a in state.legal_actions(seat) if twin.why_illegal(a) is None]
            if not both:
                break
            action = both[rng.randrange(len(both))]
            events, twin_events = state.apply(action), twin.apply(action)
            if state.is_over:
                break  # the end shows every secret
            if kind.name in REDEALT and REDEALT[kind.name](events, me):
                break
            assert visible_stream(kind, state, me, events) == visible_stream(kind, twin, me, twin_events)
            assert visible_stream(kind, state, None, events) == visible_stream(kind, twin, None, twin_events)
            compared += 1
    assert compared > 5


DEALT_SECRETS = {"hunt": ({"variant": "original", "turn_limit": 25}, 4), "toy": ({}, 3)}


@pytest.mark.parametrize("game", sorted(DEALT_SECRETS))
def test_twins_dealt_different_secrets_from_the_start_look_the_same_to_the_others(game, request):
    """Two seeds that deal seat ``me`` and the table the same but another seat a different secret
    (the Original's HQ, a bonus) give ``me`` and every spectator the same bytes from the first
    event on, under the same actions. (Grail Succession's deal twins: tests/succession/twins.py.)"""
    kind = request.getfixturevalue("toy_installed") if game == "toy" else registry.get(game)
    options, players = DEALT_SECRETS[game]

    def start(seed: int):
        return kind.new_state(kind.make_setup(SetupRequest(players=players, seed=seed, options=options,
                                                           first_player=0)))

    me = 0
    by_sight: dict[str, Any] = {}
    pair = None
    for seed in range(300):
        state = start(seed)
        sight = visible_stream(kind, state, me, state.history) + visible_stream(kind, state, None, state.history)
        other = by_sight.setdefault(sight, state)
        if other is not state and encoded(kind, other) != encoded(kind, state):
            pair = (other, state)
            break
    assert pair is not None, "no two seeds deal seat 0 alike and another seat differently"
    first, second = pair
    rng = random.Random(7)
    steps = 0
    while not first.is_over:
        seat = first.to_act()[0]
        both = [a for a in first.legal_actions(seat) if second.why_illegal(a) is None]
        if not both or first.to_act() != second.to_act():
            break
        action = both[rng.randrange(len(both))]
        events, twin_events = first.apply(action), second.apply(action)
        if first.is_over:
            break
        assert visible_stream(kind, first, me, events) == visible_stream(kind, second, me, twin_events)
        assert visible_stream(kind, first, None, events) == visible_stream(kind, second, None, twin_events)
        steps += 1
    assert steps > 3
