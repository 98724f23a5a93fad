"""The front door through asyncssh's client: keys, names, guests, the app's terminal."""

from __future__ import annotations

import os
import re
import stat

import asyncssh
import pytest

from grail_tui.net.ssh import HOST_KEY_FILE, IDENTITY_FILE, Limits

from ...waiting import until
from .helpers import EchoServer, Term, alive, connect, gone, new_key, play, public_line


async def test_first_key_chooses_a_name_and_is_that_name_next_time(open_door, tmp_path):
    echo = EchoServer()
    door = await open_door(echo=echo)
    ann = new_key()
    conn, term = await play(door, ann, name="Ann")
    ready = term.reports()[0]
    assert ready["reply"] == f"Ann|{ann.get_fingerprint('sha256')}|hello from the app"
    term.type(b"q")
    assert await term.finish() == 0
    conn.close()

    conn, term = await play(door, ann)  # no prompt this time
    assert "Name:" not in term.text
    assert term.reports()[0]["reply"].startswith("Ann|")
    assert [i.name for i in echo.attached] == ["Ann", "Ann"]
    conn.close()


async def test_a_taken_or_lookalike_name_is_refused_and_asked_again(open_door):
    door = await open_door()
    conn, term = await play(door, new_key(), name="Ann")
    conn.close()
    conn = await connect(door, new_key())
    term = await Term.open(conn)
    await term.until("Name: ")
    term.type("\u0410nn\r".encode())  # Cyrillic A
    await term.until("one alphabet")
    term.type(b"B0b\r")  # a zero for an O: not Bob, but nobody else looks like it
    await term.until("From now on this key is B0b")
    conn.close()
    conn = await connect(door, new_key())
    term = await Term.open(conn)
    await term.until("Name: ")
    term.type(b"ann\r")
    await term.until("ann looks too much like Ann")
    term.type(b"Ann\x1b[31m\r")  # the arrow-key-like sequence is skipped: the rest is "Ann"
    await term.until("Ann is taken")
    term.type(b"Bob\r")
    await term.until("Bob looks too much like B0b")
    term.type(b"Bea\r")
    await term.report("ready")
    assert term.reports()[0]["reply"].startswith("Bea|")
    conn.close()


async def code_for(conn: asyncssh.SSHClientConnection) -> str:
    asked = await conn.run("add-key", encoding="utf-8")
    assert asked.exit_status == 0, asked.stderr
    found = re.search(r"add-key ([A-Z0-9]{4}-[A-Z0-9]{4})", str(asked.stdout))
    assert found is not None, asked.stdout
    return found[1]


async def test_a_second_key_that_types_a_code_from_a_named_session_is_the_same_person(open_door):
    door = await open_door()
    first, second = new_key(), new_key()
    conn, _ = await play(door, first, name="Ann")
    code = await code_for(conn)
    conn.close()
    conn = await connect(door, second)
    added = await conn.run(f"add-key {code}", encoding="utf-8")
    assert added.exit_status == 0, added.stderr
    assert str(second.get_fingerprint("sha256")) in str(added.stdout)
    conn.close()

    conn, term = await play(door, second)
    assert term.reports()[0]["reply"].startswith("Ann|")
    listed = await conn.run("keys", encoding="utf-8")
    assert "You are Ann" in str(listed.stdout)
    assert str(first.get_fingerprint("sha256")) in str(listed.stdout)
    conn.close()


async def test_adding_a_key_is_refused_with_a_reason(open_door):
    door = await open_door()
    ann, other = new_key(), new_key()
    conn, _ = await play(door, ann, name="Ann")
    by_text = await conn.run(f"add-key '{public_line(other)}'", encoding="utf-8")
    assert by_text.exit_status == 2 and "never from its text" in str(by_text.stderr)
    code = await code_for(conn)
    own = await conn.run(f"add-key {code}", encoding="utf-8")  # this key has a name already
    assert own.exit_status == 1 and "This key is Ann's already" in str(own.stderr)
    conn.close()
    guest = await connect(door, None, username="guest")
    asked = await guest.run("add-key", encoding="utf-8")
    assert asked.exit_status == 1 and "already has a name" in str(asked.stderr)
    typed = await guest.run(f"add-key {code}", encoding="utf-8")
    assert typed.exit_status == 1 and "this session has no key" in str(typed.stderr)
    guest.close()
    conn = await connect(door, other)
    wrong = await conn.run("add-key ABCD-EFGH", encoding="utf-8")
    assert wrong.exit_status == 1 and "not one that waits here" in str(wrong.stderr)
    right = await conn.run(f"add-key {code.lower()}", encoding="utf-8")
    assert right.exit_status == 0, right.stderr
    conn.close()


GUEST_NAME = re.compile(r"guest-[0-9a-f]{4}")


async def test_people_without_a_key_watch_as_guests_each_with_a_name_of_their_own(open_door):
    """Two guests from one address are two people: each gets a random name of its own (never one
    they typed), is told it, and the game server is handed that name."""
    echo = EchoServer()
    door = await open_door(echo=echo)
    names = []
    for _ in range(2):
        conn, term = await play(door, None, username="guest")
        name, who, _ = term.reports()[0]["reply"].split("|")
        assert GUEST_NAME.fullmatch(name) and who == "guest"
        assert f"You are {name}, a guest" in term.text
        names.append(name)
        conn.close()
    assert names[0] != names[1]
    assert [i.name for i in echo.attached] == names and all(i.guest for i in echo.attached)


class KeylessClient(asyncssh.SSHClient):
    """A client with no key that answers keyboard-interactive, as OpenSSH does."""

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        return []


async def test_any_username_without_a_key_becomes_a_guest(open_door):
    door = await open_door()
    conn, term = await play(door, None, username="carol", client_factory=KeylessClient)
    name, who, _ = term.reports()[0]["reply"].split("|")
    assert GUEST_NAME.fullmatch(name) and who == "guest"
    conn.close()


async def test_private_server_takes_listed_keys_only_and_no_guests(open_door, tmp_path):
    listed, stranger = new_key(), new_key()
    allow = tmp_path / "allowed_keys"
    allow.write_text(public_line(listed) + "\n")
    door = await open_door(allow=allow)
    conn, term = await play(door, listed, name="Ann")
    conn.close()
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(door, stranger)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(door, None, username="guest")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(door, None, username="carol", client_factory=KeylessClient)
    # The file is read again when it changes: no restart to let someone in.
    allow.write_text(public_line(listed) + "\n" + public_line(stranger) + "\n")
    conn, term = await play(door, stranger, name="Bea")
    conn.close()


async def test_the_app_gets_the_clients_terminal(open_door):
    door = await open_door()
    conn = await connect(door, new_key())
    term = await Term.open(conn, "-- --ascii", size=(132, 43),
                           env={"NO_COLOR": "1", "COLORTERM": "truecolor", "LD_PRELOAD": "/x"})
    await term.until("Name: ")
    term.type(b"Ann\r")
    ready = await term.report("ready")
    assert ready["argv"] == ["--ascii"]
    assert ready["size"] == [132, 43]
    assert ready["term"] == "xterm-256color"
    assert ready["no_color"] == "1" and ready["colorterm"] == "truecolor"
    assert ready["columns"] is None  # COLUMNS would pin the size and hide window changes
    # Its own session and process group, with the pty as controlling terminal.
    assert ready["pid"] == ready["pgid"] == ready["sid"] == ready["foreground"]

    term.process.change_terminal_size(90, 28)
    assert (await term.report("resized"))["resized"] == [90, 28]

    keys = [b"\x1b", b"\x1b[A", b"\x1b[D", b"\x03", b"\x1a", b"\x10", b"\r", "é".encode()]
    for key in keys:
        term.type(key)
        assert bytes.fromhex((await term.report("keys"))["keys"]) == key
    term.type(b"q")
    assert await term.finish() == 0
    conn.close()


async def test_command_lines_outside_the_list_are_refused(open_door):
    door = await open_door()
    conn = await connect(door, new_key())
    for command in ("rm -rf /", "join", "join ../../x", "--bot-delay 0", "join ABCD; ls", "'unclosed"):
        result = await conn.run(command, encoding="utf-8")
        assert result.exit_status == 2, command
        assert result.stderr
    help_ = await conn.run("help", encoding="utf-8")
    assert "join CODE" in str(help_.stdout)
    no_tty = await conn.run("join ABCD", encoding="utf-8")
    assert no_tty.exit_status == 2 and "-t" in str(no_tty.stderr)
    conn.close()


async def test_host_key_and_identities_are_private_and_kept(open_door, tmp_path):
    state = tmp_path / "state"
    door = await open_door(state=state)
    for name in (HOST_KEY_FILE, IDENTITY_FILE):
        assert stat.S_IMODE(os.stat(state / name).st_mode) == 0o600, name
    assert stat.S_IMODE(os.stat(state).st_mode) == 0o700
    conn = await connect(door, new_key())
    seen = conn.get_server_host_key()
    assert seen is not None and str(seen.get_fingerprint("sha256")) == door.fingerprint
    conn.close()
    await door.close()
    again = await open_door(state=state)
    assert again.fingerprint == door.fingerprint


async def test_limits_say_why_before_closing(open_door):
    door = await open_door(limits=Limits(sessions=3, sessions_per_key=2, sessions_per_address=3))
    ann = new_key()
    conns = [(await play(door, ann, name="Ann" if not i else None))[0] for i in range(2)]
    third = await connect(door, ann)
    refused = await Term.open(third)
    assert await refused.finish() == 1
    assert "This key already has 2 sessions" in refused.text
    bea = await play(door, new_key(), name="Bea")
    refused = await Term.open(await connect(door, new_key()))
    assert await refused.finish() == 1
    assert "The server is full" in refused.text
    # Places come back when sessions end.
    conns[0].close()
    await until(lambda: door.sessions == 2, 10, "the closed session's end")
    await play(door, new_key(), name="Cid")
    for conn in conns[1:] + [bea[0], third]:
        conn.close()


async def test_idle_sessions_are_closed_with_a_message(open_door):
    door = await open_door(limits=Limits(idle_timeout=2.0))  # long enough to type a name on a busy machine
    conn, term = await play(door, new_key(), name="Ann")
    assert await term.finish() is not None
    assert "without a key press" in term.text
    assert "\x1b[?1049l" in term.text  # the terminal is given back
    conn.close()


GRANDCHILD = {"CHILD_APP_GRANDCHILD": "1"}


async def test_a_dropped_connection_leaves_no_process_behind(open_door):
    door = await open_door(extra_env=GRANDCHILD)
    conn, term = await play(door, new_key(), name="Ann")
    ready = term.reports()[0]
    assert alive(ready["pid"]) and alive(ready["grandchild"])
    conn.abort()  # no goodbye: as if the network went away
    assert await gone(ready["pgid"], within=5.0)
    assert door.sessions == 0


async def test_closing_the_door_ends_every_session(open_door):
    door = await open_door(extra_env=GRANDCHILD)
    sessions = [await play(door, new_key(), name=name) for name in ("Ann", "Bea")]
    await door.close()
    for conn, term in sessions:
        await term.drain()
        assert "The server is stopping" in term.text
        assert await gone(term.reports()[0]["pgid"], within=5.0)
        conn.close()


async def test_one_broken_session_does_not_touch_another(open_door):
    class Choosy(EchoServer):
        def attach(self, sock, identity):
            if identity.name == "Crash":
                raise RuntimeError("the game server chokes on this one")
            super().attach(sock, identity)

    door = await open_door(echo=Choosy())
    conn, term = await play(door, new_key(), name="Ann")
    crash = await Term.open(await connect(door, new_key()))
    await crash.until("Name: ")
    crash.type(b"Crash\r")
    await crash.drain()
    assert "Something went wrong on the server" in crash.text
    assert "Traceback" not in crash.text and "chokes" not in crash.text
    term.type(b"x")
    assert (await term.report("keys"))["keys"] == "78"
    conn.close()


async def test_too_many_connections_are_told_why(open_door):
    door = await open_door(limits=Limits(connections=1))
    first = await connect(door, new_key())
    with pytest.raises(asyncssh.DisconnectError, match="The server is full"):
        await connect(door, new_key())
    first.close()
    await first.wait_closed()
    await until(lambda: door._gate.connections.total == 0, 10, "the door counting the connection gone")
    second = await connect(door, new_key())
    second.close()


async def test_an_app_that_quits_ends_the_session_even_if_its_child_holds_the_terminal(open_door):
    door = await open_door(extra_env=GRANDCHILD)
    conn, term = await play(door, new_key(), name="Ann")
    term.type(b"q")
    assert await term.finish(timeout=5.0) == 0
    assert await gone(term.reports()[0]["pgid"], within=5.0)
    conn.close()


async def test_the_door_speaks_aes_gcm_and_nothing_weaker(open_door):
    """A client that offers everything gets AES-GCM; one that offers only ChaCha20 or CBC is
    refused before it can log in."""
    door = await open_door()
    conn = await connect(door, new_key())
    try:
        assert conn.get_extra_info("send_cipher") in ("aes128-gcm@openssh.com", "aes256-gcm@openssh.com")
        assert conn.get_extra_info("recv_cipher") == conn.get_extra_info("send_cipher")
    finally:
        conn.close()
        await conn.wait_closed()
    for only in ("chacha20-poly1305@openssh.com", "aes128-cbc"):
        with pytest.raises((asyncssh.Error, OSError)):
            await connect(door, new_key(), encryption_algs=[only])
