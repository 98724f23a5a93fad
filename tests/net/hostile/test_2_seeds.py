"""§2: nobody can know a secret in advance.

A server game's seed comes from the operating system's secure source; no
message can choose it (a chosen seed stays a feature of play at one terminal
and of tests). Game codes come from `secrets` too.
"""

from __future__ import annotations

import ast
import json
import sqlite3
from pathlib import Path

import grail_tui.net
from grail_tui.net import hosting
from grail_tui.net.protocol import Create, Error

from .conftest import Served
from .wire import Wire, create


async def test_a_client_cannot_choose_the_seed(served: Served):
    host = await Wire.open(served, "host")
    host.send_raw(json.dumps({"type": "create", "ref": 1, "game": "hunt", "bots": [None, "random"],
                              "seed": 7}).encode() + b"\n")
    assert "unexpected field 'seed'" in (await host.next("error")).error
    host.send(Create(2, "hunt", (None, "random"), options={"seed": 7}))
    refused: Error = await host.next("error")
    assert refused.ref == 2 and "no option 'seed'" in refused.error
    host.send(Create(3, "hunt", (None, "random"), options={"first_player": 0}))
    assert "no option 'first_player'" in (await host.next("error")).error
    await host.close()


async def test_every_game_draws_its_own_seed_from_the_secure_source(served: Served):
    host = await Wire.open(served, "host")
    codes = [await create(host, (None, "random", "random", "random"), options={"variant": "original"})
             for _ in range(6)]
    await host.close()
    db = sqlite3.connect(served.db)
    seeds = {code: json.loads(setup)["seed"] for code, setup in db.execute("SELECT code, setup FROM games")}
    db.close()
    assert set(seeds) == set(codes)
    assert len(set(seeds.values())) == len(codes), seeds  # 31 random bits each: no two alike


def imports_of(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_server_draws_codes_and_seeds_from_secrets_and_never_from_random():
    """Code review, kept as a test: nothing in the server imports `random`; codes and seeds are
    drawn with `secrets`, and the only fixed seed is the test hook read from the server's own
    environment."""
    folder = Path(grail_tui.net.__file__).parent
    for path in folder.glob("*.py"):
        assert "random" not in imports_of(path), f"{path.name} imports random"
    source = Path(hosting.__file__).read_text()
    assert "secrets.choice(self.letters)" in source and "secrets.randbelow(" in source
    assert {"secrets", "os"} <= imports_of(Path(hosting.__file__))
    assert not hasattr(Create, "seed") and "seed" not in Create.__dataclass_fields__
