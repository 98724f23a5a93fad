"""A local save is never lost silently: a torn end is set aside and said, a damaged save is listed.

A crash or a kill while an action is being written leaves half a line at the end of the
journal. Every complete action is kept, the torn bytes go to a `.damaged` file beside it,
and the next action starts a line of its own (it was appended onto the torn one, and the
game vanished from Continue at the next start).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grail_tui.table.journal import JournalStore, damaged_path, read_save, unfinished
from grail_tui.table.seats import SeatConfig
from grail_tui.table.settings import TableSettings
from grail_tui.table.store import StoredGame
from grail_tui.table.table import Table

from ..pebbles import KIND, Game, Setup

SEATS = [SeatConfig("Ann"), SeatConfig("Bo"), SeatConfig("Cy")]
EXAMPLES = int(os.environ.get("GRAIL_EXAMPLES", 25))


def played(seed: int, moves: int) -> tuple[Setup, list[dict]]:
    """A game of random legal play, as the actions a journal keeps."""
    game = Game(Setup(players=3, seed=seed, pile=100))  # never ends within the moves: a save stays a save
    rng = random.Random(seed)
    actions = []
    while len(actions) < moves and game.outcome is None:
        player = game.to_act()[0]
        legal = game.legal_actions(player)
        action = legal[rng.randrange(len(legal))]
        game.apply(action)
        actions.append(KIND.action_to_dict(action))
    return game.setup, actions


def saved(folder: Path, setup: Setup, actions: list[dict]) -> Path:
    path = folder / "game.jsonl"
    stored = StoredGame(KIND.name, KIND.setup_to_dict(setup), SEATS, TableSettings(bot_delay=0))
    store = JournalStore(path, stored)
    for k, action in enumerate(actions):
        store.accepted(k, action)
    store.close()
    return path


def restored(path: Path) -> tuple[Table, JournalStore]:
    store = JournalStore(path)
    return Table.restore(KIND, read_save(path), store, settings=TableSettings(bot_delay=0)), store


def check_cut(folder: Path, setup: Setup, actions: list[dict], offset: int) -> None:
    """The save cut ``offset`` bytes into its last action resumes with every complete action."""
    path = saved(folder, setup, actions)
    whole = path.read_bytes()
    last = len(json.dumps(actions[-1])) + 1
    torn = whole[len(whole) - last: len(whole) - last + offset]
    os.truncate(path, len(whole) - last + offset)

    kept = actions if offset == last - 1 else actions[:-1]  # a record missing only its newline is whole
    assert [(s.stored is not None, s.damage) for s in unfinished(folder)] == [(True, None)]  # listed
    table, store = restored(path)
    assert table.state.public_view() == KIND.replay(setup, [KIND.action_from_dict(a) for a in kept]).public_view()
    if 0 < offset < last - 1:
        assert store.mended and f"({len(kept)} actions kept)" in store.mended  # told, once
        assert damaged_path(path).read_bytes() == torn + b"\n"  # set aside, not lost
    else:
        assert store.mended is None and not damaged_path(path).exists()

    player = next(iter(table.asked()), None)
    if player is not None:  # the next action goes on a line of its own
        action = table.state.legal_actions(player)[0]
        store.accepted(len(kept), KIND.action_to_dict(action))
        kept = [*kept, KIND.action_to_dict(action)]
    store.close()
    _again, second = restored(path)
    second.close()
    assert read_save(path).actions == kept and second.mended is None  # told once only
    assert [s.damage for s in unfinished(folder)] == [None]
    path.unlink()
    damaged_path(path).unlink(missing_ok=True)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), moves=st.integers(1, 40), cut=st.floats(0, 1, exclude_max=True))
def test_a_save_cut_anywhere_in_its_last_action_resumes_with_every_complete_action(tmp_path, seed, moves, cut):
    setup, actions = played(seed, moves)
    check_cut(tmp_path, setup, actions, int(cut * (len(json.dumps(actions[-1])) + 1)))


def test_a_save_cut_at_every_byte_of_its_last_action_resumes_with_every_complete_action(tmp_path):
    setup, actions = played(3, 12)
    for offset in range(len(json.dumps(actions[-1])) + 1):
        check_cut(tmp_path, setup, actions, offset)


WRITER = """
import sys
from pathlib import Path
from grail_tui.table.journal import JournalStore
from grail_tui.table.store import StoredGame
from grail_tui.table.settings import TableSettings
store = JournalStore(Path(sys.argv[1]), StoredGame("toy", {}, [], TableSettings()))
k = 0
while True:  # big records: the kill lands in the middle of writing one
    store.accepted(k, {"index": k, "pad": "x" * 4_000_000})
    k += 1
"""


def test_kill_9_while_an_action_is_written_loses_only_that_action(tmp_path):
    path = tmp_path / "game.jsonl"
    for _attempt in range(20):  # until the kill lands mid-line (nearly always the first time)
        path.unlink(missing_ok=True)
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path)])
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                if path.exists() and path.stat().st_size > 12_000_000:
                    with open(path, "rb") as out:
                        out.seek(-1, os.SEEK_END)
                        mid_line = out.read(1) != b"\n"
                    if mid_line:
                        os.kill(writer.pid, signal.SIGKILL)
                        break
                time.sleep(0.001)
            else:
                raise AssertionError("the writer never got going")
        finally:
            writer.kill()
            writer.wait(10)
        if not path.read_bytes().endswith(b"\n"):
            break
    else:
        raise AssertionError("no kill landed in the middle of a line")
    whole = path.read_bytes()
    complete = whole[: whole.rindex(b"\n") + 1]
    numbers = [a["index"] for a in read_save(path).actions]
    assert numbers == list(range(len(numbers))) and len(numbers) >= 2

    store = JournalStore(path)
    assert store.mended is not None and "half-written action" in store.mended
    store.accepted(len(numbers), {"index": len(numbers)})
    store.close()
    assert path.read_bytes().startswith(complete)
    assert [a["index"] for a in read_save(path).actions] == list(range(len(numbers) + 1))
    assert damaged_path(path).read_bytes() == whole[len(complete):] + b"\n"


def test_a_line_of_junk_in_the_middle_lists_the_save_as_damaged_and_keeps_it(tmp_path):
    setup, actions = played(7, 6)
    path = saved(tmp_path, setup, actions)
    lines = path.read_bytes().split(b"\n")
    lines[3] = b"\x00\x00garbage"
    path.write_bytes(b"\n".join(lines))
    [listed] = unfinished(tmp_path)
    assert listed.path == path and listed.stored is None
    assert listed.damage == "the saved game is damaged at line 4: it is not an action"
    assert path.exists()
