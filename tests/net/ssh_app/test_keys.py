"""Who comes in through the front door of a real server: keys, the names they carry, the allow list."""

from __future__ import annotations

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


async def test_a_second_key_added_from_a_session_is_the_same_person(ssh_server):
    laptop, phone = new_key(), new_key()
    first = await Person.arrive(ssh_server, laptop, name="Fay")
    await first.until("you are Fay")
    await first.leave()
    conn = await connect(ssh_server, laptop)
    added = await conn.run(f"add-key '{public_line(phone)}'")
    conn.close()
    assert added.exit_status == 0 and "Added SHA256:" in str(added.stdout)
    again = await Person.arrive(ssh_server, phone)  # no name asked: the key is Fay's
    await again.until("you are Fay")
    assert "Name:" not in again.text
    await again.leave()
