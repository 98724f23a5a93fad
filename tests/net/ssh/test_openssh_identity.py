"""Who a key is, with OpenSSH's own client: a key joins a name only from a session it logged in
with, names that look alike or like an account of the machine are refused, new names are counted."""

from __future__ import annotations

import os
import pwd
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from grail_tui.net.front import is_account
from grail_tui.net.ssh import Limits

from .helpers import EchoServer, OpenSsh, keygen

pytestmark = pytest.mark.skipif(shutil.which("ssh") is None or shutil.which("ssh-keygen") is None,
                                reason="OpenSSH's ssh and ssh-keygen are not installed")


async def run(port: int, key: Path, *args: str, typed: bytes = b"") -> tuple[int | None, str]:
    """One ssh command to its end: its exit status and everything it printed."""
    ssh = await OpenSsh.run(port, key, *args)
    if typed:
        ssh.type(typed)
    status = await ssh.finish()
    return status, ssh.text


async def named(port: int, key: Path, *names: str) -> OpenSsh:
    """A first terminal session of ``key``, answering the name prompt with each of ``names`` in
    turn (those before the last are expected to be refused); the app is running at the end."""
    ssh = await OpenSsh.run(port, key)
    for name in names:
        await ssh.until("Name: ")
        ssh.out = b""  # what follows is the answer to this name
        ssh.type(name.encode() + b"\r")
    await ssh.report("ready")
    return ssh


def fingerprint(key: Path) -> str:
    listed = subprocess.run(["ssh-keygen", "-l", "-E", "sha256", "-f", f"{key}.pub"],
                            capture_output=True, text=True, check=True)
    return listed.stdout.split()[1]


async def test_a_public_key_someone_read_cannot_be_tied_to_their_name(open_door, tmp_path):
    """Mallory has the victim's public key (code forges publish them) and asks, from a session of
    Mallory's own key, to add it, as an argument and on stdin. Neither works: the victim's first
    login asks the victim for a name, and plays as that name, not as Mallory."""
    door = await open_door(echo=EchoServer())
    mallory, victim = keygen(tmp_path, "mallory"), keygen(tmp_path, "victim")
    await (await named(door.port, mallory, "Mal")).stop()
    victims_public = Path(f"{victim}.pub").read_text().strip()

    status, text = await run(door.port, mallory, "add-key", f"'{victims_public}'")
    assert status != 0 and "only from a session logged in with it" in text, text
    await run(door.port, mallory, "add-key", typed=victims_public.encode() + b"\n\x04")

    status, text = await run(door.port, mallory, "keys")
    assert fingerprint(mallory) in text and fingerprint(victim) not in text, text
    ssh = await OpenSsh.run(door.port, victim)
    await ssh.until("Name: ")  # a new key: nobody's yet
    ssh.type(b"Vic\r")
    assert (await ssh.report("ready"))["reply"].startswith("Vic|")
    await ssh.stop()


async def test_a_code_shown_to_one_key_adds_the_key_that_types_it(open_door, tmp_path):
    door = await open_door(echo=EchoServer())
    laptop, phone, stranger = (keygen(tmp_path, n) for n in ("laptop", "phone", "stranger"))
    await (await named(door.port, laptop, "Ann")).stop()

    status, text = await run(door.port, laptop, "add-key")
    found = re.search(r"add-key ([A-Z0-9]{4}-[A-Z0-9]{4})", text)
    assert status == 0 and found is not None, text
    code = found[1]
    status, text = await run(door.port, phone, "add-key", code)
    assert status == 0 and "is Ann's from now on" in text, text
    status, text = await run(door.port, stranger, "add-key", code)  # seen over a shoulder: too late
    assert status != 0 and "not one that waits here" in text, text

    ssh = await OpenSsh.run(door.port, phone)
    assert (await ssh.report("ready"))["reply"].startswith("Ann|")  # no name asked
    assert "Name: " not in ssh.text
    await ssh.stop()

    status, text = await run(door.port, phone, "keys")
    assert fingerprint(laptop) in text and f"{fingerprint(phone)}   (this one)" in text, text
    status, text = await run(door.port, phone, "keys", "remove", fingerprint(laptop))
    assert status == 0 and "no longer one of Ann's keys" in text, text
    status, text = await run(door.port, phone, "keys", "remove", fingerprint(phone))
    assert status != 0 and "only key" in text, text
    status, text = await run(door.port, laptop, "keys")
    assert status != 0 and "no name yet" in text, text


async def test_lookalike_names_are_refused_at_the_prompt(open_door, tmp_path):
    door = await open_door(echo=EchoServer())
    await (await named(door.port, keygen(tmp_path, "bob"), "Bob")).stop()
    ssh = await OpenSsh.run(door.port, keygen(tmp_path, "other"))
    for lookalike in ("Bo\u0323b", "\u0299ob", "B\u00f3b"):  # a dot below, a small capital, an accent
        await ssh.until("Name: ")
        ssh.out = b""
        ssh.type(lookalike.encode() + b"\r")
        await ssh.until("looks too much like Bob")
    await ssh.until("Name: ")
    ssh.type(b"Rob\r")
    assert (await ssh.report("ready"))["reply"].startswith("Rob|")
    await ssh.stop()


async def test_new_names_are_counted_per_address(open_door, tmp_path):
    door = await open_door(echo=EchoServer(), limits=Limits(names_per_address=2))
    for name in ("Ada", "Ben"):
        await (await named(door.port, keygen(tmp_path, name), name)).stop()
    status, text = await run(door.port, keygen(tmp_path, "third"), "-t")
    assert status != 0 and "Your address has made its new names for today (2 a day)" in text, text
    assert "Name: " not in text


ACCOUNTS = ("dida", "didb")


@pytest.fixture
def accounts() -> Iterator[list[str]]:
    """Accounts the test makes on this machine while the door runs; removed afterwards."""
    if shutil.which("useradd") is None or os.geteuid() != 0:
        pytest.skip("making accounts needs useradd and root")
    for name in ACCOUNTS:
        try:
            pwd.getpwnam(name)
            pytest.skip(f"an account {name} exists already")
        except KeyError:
            pass
    made: list[str] = []
    yield made
    for name in made:
        subprocess.run(["userdel", "-r", name], capture_output=True, check=False)


def useradd(made: list[str], name: str) -> None:
    subprocess.run(["useradd", "-m", name], check=True, capture_output=True)
    made.append(name)


async def test_an_account_made_while_the_door_runs_owns_its_name_at_once(open_door, tmp_path, accounts):
    door = await open_door(echo=EchoServer(), reserved=is_account)
    early = keygen(tmp_path, "early")
    await (await named(door.port, early, "didb")).stop()  # no such account yet: an SSH name

    useradd(accounts, "dida")
    useradd(accounts, "didb")
    ssh = await OpenSsh.run(door.port, keygen(tmp_path, "late"))
    for taken in ("dida", "DIDA", "\u1d05ida"):  # the name, its case, a small capital D
        await ssh.until("Name: ")
        ssh.out = b""
        ssh.type(taken.encode() + b"\r")
        await ssh.until("is reserved")
    await ssh.until("Name: ")
    ssh.type(b"Dina\r")
    assert (await ssh.report("ready"))["reply"].startswith("Dina|")
    await ssh.stop()

    # The key that had the name before the account existed is asked for another.
    ssh = await OpenSsh.run(door.port, early)
    await ssh.until("The name didb is reserved on this server now")
    await ssh.until("Name: ")
    ssh.type(b"Dido\r")
    assert (await ssh.report("ready"))["reply"].startswith("Dido|")
    await ssh.stop()
