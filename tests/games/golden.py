"""Every byte a game puts into JSON, for the golden files: a record's file, and at every step
each seat's view, the public view, each event and each action as encoded.

The records under ``records/`` were written, and the digests in ``golden.json`` taken, by the
code as it stood before the games moved onto the kit (games/kit): a change that alters one
byte of a record, a view or an event on the wire shows here.

Pulling Strings' record is played with a card set of its own, ``cards/golden`` (the starter set
as it stood before its balance changes, under the id ``golden``): its record names that set and
its content hash, so a change to the starter set's numbers leaves it as it is, while a change to
the rules engine, the codec or the record still shows. Editing the golden set makes the record
refuse to load (another version of the set), never replay silently with other cards.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from grail_tui.games import registry
from grail_tui.games.api import GameKind, SetupRequest

HERE = Path(__file__).parent
RECORDS = HERE / "records"
GOLDEN = HERE / "golden.json"
CARDS = HERE / "cards" / "golden"  # Pulling Strings' frozen card set for its golden record

# (file name, game, players, seed, options, names)
GAMES: tuple[tuple[str, str, int, int, dict[str, Any], tuple[str, ...]], ...] = (
    ("hunt-2.json", "hunt", 2, 11, {"turn_limit": 30}, ("Ann", "Bo")),
    ("hunt-3.json", "hunt", 3, 12, {"turn_limit": 40}, ()),
    ("hunt-original-4.json", "hunt", 4, 13, {"variant": "original", "turn_limit": 40}, ("A", "B", "C", "D")),
    ("hunt-8.json", "hunt", 8, 14, {"turn_limit": 12}, ()),
    ("succession-a.json", "succession", 2, 21, {}, ("Ann", "Bo")),
    ("succession-own-cards.json", "succession", 2, 22, {"plus": "2,2,2,2,3,3,4", "minus": "1,1,1,1,1,2,2,2,5"},
     ()),
    ("strings-golden-3.json", "strings", 3, 31,
     {"cards": "golden", "decks": "old-money,low-note,open-palm", "turn_limit": 3}, ("Ann", "Bo", "Cy")),
)


@contextlib.contextmanager
def golden_cards() -> Iterator[None]:
    """Pulling Strings' golden card set installed for the while, as ``--cards`` installs one, and
    gone again after: the other tests see only the sets shipped."""
    from grail_tui.games.strings.engine import catalogue

    before = dict(catalogue._installed)
    catalogue.install_cards(CARDS)
    try:
        yield
    finally:
        catalogue._installed.clear()
        catalogue._installed.update(before)


def play(kind: GameKind, players: int, seed: int, options: dict[str, Any], names: tuple[str, ...]) -> Any:
    """A game played to its end (or its turn limit) by a seeded random choice among legal actions,
    with a line of chat."""
    setup = kind.make_setup(SetupRequest(players=players, seed=seed, names=names, options=options))
    state = kind.new_state(setup)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act()[0]
        legal = list(state.legal_actions(seat))
        state.apply(legal[rng.randrange(len(legal))])
    return state


def record_text(kind: GameKind, state: Any) -> str:
    return json.dumps(kind.record(state, chat=({"seat": 0, "text": "gg"},)), indent=1)


def encodings(kind: GameKind, data: Any) -> Iterator[str]:
    """Every encoding of a record's game, step by step, as JSON lines."""
    record = kind.read_record(data)
    yield json.dumps(kind.setup_to_dict(record.setup), sort_keys=True)
    state = kind.new_state(record.setup)
    players = kind.players_of(record.setup)

    def position() -> Iterator[str]:
        public = state.public_view()
        yield json.dumps(kind.encode(public))
        for seat in range(players):
            view = state.view(seat, public)
            yield json.dumps(kind.encode(view))
            assert kind.encode(kind.decode_view(kind.encode(view), seat)) == kind.encode(view)

    yield from position()
    for action in record.actions:
        yield json.dumps(kind.action_to_dict(action))
        for event in state.apply(action):
            encoded = kind.encode(event)
            yield json.dumps(encoded)
            yield json.dumps([kind.visible_to(event, seat) for seat in (None, *range(players))])
            assert kind.encode(kind.decode_event(encoded)) == encoded
        yield from position()
    result = kind.result(state)
    yield repr(result)


def digest(name: str) -> str:
    data = json.loads((RECORDS / name).read_text())
    kind = registry.of_record(data)
    hasher = hashlib.sha256()
    with golden_cards():
        for line in encodings(kind, data):
            hasher.update(line.encode() + b"\n")
    return hasher.hexdigest()


def write(only: str | None = None) -> None:
    """Write the records and their digests (run once, by the code the goldens are to hold);
    ``only``: one record, the others and their digests left as they are."""
    digests = json.loads(GOLDEN.read_text()) if only else {}
    for name, game, players, seed, options, names in GAMES:
        if only and name != only:
            continue
        kind = registry.get(game)
        with golden_cards():
            (RECORDS / name).write_text(record_text(kind, play(kind, players, seed, options, names)))
        digests[name] = digest(name)
    GOLDEN.write_text(json.dumps(digests, indent=1) + "\n")


if __name__ == "__main__":
    import sys

    write(sys.argv[1] if len(sys.argv) > 1 else None)
