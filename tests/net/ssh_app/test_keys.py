"""Who comes in through the front door of a real server: keys, the names they carry, the allow list."""

from __future__ import annotations

import re

import asyncssh
import pytest

from .helpers import Person, connect, new_key, public_line, start_ssh_server


async def test_a_key_not_in_the_allow_file_is_refused_and_so_is_a_guest(tmp_path):
    member, stranger = new_key(), new_key()
    allow = tmp_path / "authorized_keys"
    allow.write_text(public_line(member) + " member@laptop\n")
    server = start_ssh_server(tmp_path, "--allow", str(allow))
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server, stranger)
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server, None, username="guest")
        person = await Person.arrive(server, member, name="Eve")
        await person.until("you are Eve")
        assert "guest" not in person.text
        await person.leave()
    finally:
        server.stop()


async def test_a_second_key_that_types_a_code_from_a_session_is_the_same_person(ssh_server):
    laptop, phone = new_key(), new_key()
    first = await Person.arrive(ssh_server, laptop, name="Fay")
    await first.until("you are Fay")
    await first.leave()
    conn = await connect(ssh_server, laptop)
    asked = await conn.run("add-key")
    conn.close()
    code = re.search(r"add-key ([A-Z0-9]{4}-[A-Z0-9]{4})", str(asked.stdout))
    assert asked.exit_status == 0 and code is not None, asked.stdout
    conn = await connect(ssh_server, phone)
    added = await conn.run(f"add-key {code[1]}")
    conn.close()
    assert added.exit_status == 0 and "is Fay's from now on" in str(added.stdout)
    again = await Person.arrive(ssh_server, phone)  # no name asked: the key is Fay's
    await again.until("you are Fay")
    assert "Name:" not in again.text
    await again.leave()


async def test_the_operator_sets_how_many_new_names_an_address_may_make(tmp_path):
    server = start_ssh_server(tmp_path, "--ssh-limit", "names_per_address=1")
    try:
        first = await Person.arrive(server, new_key(), name="Gil")
        await first.until("you are Gil")
        await first.leave()
        second = await Person.arrive(server, new_key())
        await second.until("new names for today (1 a day)")
        assert "Name:" not in second.text
        await second.leave()
    finally:
        server.stop()


def test_a_door_limit_that_does_not_exist_is_named(tmp_path):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "grail_tui", "serve", "--socket", str(tmp_path / "s.sock"),
                           "--ssh", "127.0.0.1:0", "--ssh-limit", "names=3"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "--ssh-limit: there is no limit 'names'" in done.stderr
    assert "Traceback" not in done.stderr
