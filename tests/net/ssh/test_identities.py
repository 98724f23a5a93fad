"""Keys to names: unique by look, private on disk, more keys per name, and the login record."""

from __future__ import annotations

import os
import stat

import asyncssh
import pytest

from grail_tui.net.names import NameRefused
from grail_tui.net.ssh import IdentityStore, KeyRefused, Limits
from grail_tui.net.ssh.auth import Doorman, Gate, visitor_of
from grail_tui.net.ssh.identities import NameQuota, NoMoreNames
from grail_tui.net.ssh.limits import Connections, Full, Occupancy, Place, address_of
from grail_tui.net.ssh.requests import (
    AskCode,
    EnterCode,
    Help,
    ListKeys,
    Play,
    RemoveKey,
    RequestRefused,
    parse_request,
)

from .helpers import new_key, public_line

# Claims in these tests are not what is counted: the quota has its own tests.
FREE = {"address": "10.0.0.1", "quota": NameQuota(per_address=10**6, per_key=10**6)}


@pytest.fixture
def store(tmp_path):
    store = IdentityStore(tmp_path / "ids.db")
    yield store
    store.close()


def test_the_file_is_private_from_the_start(tmp_path):
    old = os.umask(0o022)  # a permissive umask must not matter
    try:
        store = IdentityStore(tmp_path / "ids.db")
    finally:
        os.umask(old)
    store.claim("SHA256:a", "ssh-ed25519 AAAA", "Ann", **FREE)
    files = sorted(path.name for path in tmp_path.iterdir())
    assert "ids.db-wal" in files  # a write-ahead log: one sync per new key
    modes = {name: stat.S_IMODE(os.stat(tmp_path / name).st_mode) for name in files}
    store.close()
    assert modes == dict.fromkeys(files, 0o600)


def test_keys_claim_names_from_many_threads_at_once(store):
    """The front door claims names from worker threads, so its event loop never waits on the disk:
    every key gets a name, and of keys that want the same name exactly one gets it."""
    from concurrent.futures import ThreadPoolExecutor

    def claim(k: int) -> str:
        try:
            return store.claim(f"SHA256:{k}", "ssh-ed25519 AAAA", f"Name{k % 10}", **FREE)
        except NameRefused:
            return ""

    with ThreadPoolExecutor(8) as pool:
        names = list(pool.map(claim, range(40)))
    assert sorted(n for n in names if n) == [f"Name{k}" for k in range(10)]
    assert [store.name_of(f"SHA256:{k}") for k in range(40)] == [n or None for n in names]


def test_a_key_claims_a_name_once(store):
    assert store.name_of("SHA256:a") is None
    assert store.claim("SHA256:a", "ssh-ed25519 AAAA", " Ann ", **FREE) == "Ann"
    assert store.name_of("SHA256:a") == "Ann"
    # A second first session of the same key keeps the name it already got.
    assert store.claim("SHA256:a", "ssh-ed25519 AAAA", "Other", **FREE) == "Ann"


@pytest.mark.parametrize("wanted, why", [
    ("Ann", "Ann is taken"), ("ANN", "looks too much like Ann"), ("\u0410nn", "one alphabet"),
    ("Guest", "reserved"), ("r00t", "reserved"), ("", "at least one"),
])
def test_names_taken_lookalike_or_reserved_are_refused(store, wanted, why):
    store.claim("SHA256:a", "ssh-ed25519 AAAA", "Ann", **FREE)
    with pytest.raises(NameRefused, match=why):
        store.claim("SHA256:b", "ssh-ed25519 BBBB", wanted, **FREE)
    assert store.name_of("SHA256:b") is None  # nothing half-written


def test_the_server_may_reserve_more_names(tmp_path):
    store = IdentityStore(tmp_path / "ids.db", reserved=lambda name: name == "alice")
    with pytest.raises(NameRefused, match="reserved"):
        store.claim("SHA256:a", "ssh-ed25519 AAAA", "alice", **FREE)
    store.close()


def test_more_keys_for_one_name(store):
    store.claim("SHA256:a", "ssh-ed25519 AAAA", "Ann", **FREE)
    store.claim("SHA256:z", "ssh-ed25519 ZZZZ", "Zed", **FREE)
    store.add_key("Ann", "SHA256:b", "ssh-ed25519 BBBB", limit=2)
    assert store.name_of("SHA256:b") == "Ann"
    assert [k.fingerprint for k in store.keys_of("Ann")] == ["SHA256:a", "SHA256:b"]
    with pytest.raises(KeyRefused, match="at most 2"):
        store.add_key("Ann", "SHA256:c", "ssh-ed25519 CCCC", limit=2)
    with pytest.raises(KeyRefused, match="another name"):
        store.add_key("Ann", "SHA256:z", "ssh-ed25519 ZZZZ", limit=5)
    assert store.name_of("SHA256:z") == "Zed"


def test_new_names_are_counted_per_address_and_per_key(store):
    quota = NameQuota(per_address=2, per_key=1)
    store.claim("SHA256:a", "ssh-ed25519 AAAA", "Ann", address="2001:db8::1", quota=quota)
    store.claim("SHA256:b", "ssh-ed25519 BBBB", "Bea", address="2001:db8::ffff:2", quota=quota)
    # The same /64 is one household, however many addresses it holds.
    with pytest.raises(NoMoreNames, match="Your address has made its new names for today \\(2 a day\\)"):
        store.claim("SHA256:c", "ssh-ed25519 CCCC", "Cal", address="2001:db8::3", quota=quota)
    assert store.name_of("SHA256:c") is None
    store.claim("SHA256:c", "ssh-ed25519 CCCC", "Cal", address="192.0.2.7", quota=quota)
    # A key taken off its name is new again, but has made its name for the day.
    store.add_key("Cal", "SHA256:d", "ssh-ed25519 DDDD", limit=8)
    store.remove_key("Cal", "SHA256:c")
    with pytest.raises(NoMoreNames, match="This key has made a new name"):
        store.claim("SHA256:c", "ssh-ed25519 CCCC", "Cid", address="198.51.100.1", quota=quota)
    assert address_of("::ffff:192.0.2.7") == "192.0.2.7" and address_of("2001:db8::9") == "2001:db8::/64"


def test_keys_are_taken_away_but_never_the_last(store):
    store.claim("SHA256:a", "ssh-ed25519 AAAA", "Ann", **FREE)
    store.claim("SHA256:z", "ssh-ed25519 ZZZZ", "Zed", **FREE)
    store.add_key("Ann", "SHA256:b", "ssh-ed25519 BBBB", limit=8)
    with pytest.raises(KeyRefused, match="Ann has no key SHA256:z"):
        store.remove_key("Ann", "SHA256:z")  # someone else's
    store.remove_key("Ann", "SHA256:a")
    assert store.name_of("SHA256:a") is None and [k.fingerprint for k in store.keys_of("Ann")] == ["SHA256:b"]
    with pytest.raises(KeyRefused, match="only key"):
        store.remove_key("Ann", "SHA256:b")
    with pytest.raises(NameRefused, match="taken"):
        store.claim("SHA256:a", "ssh-ed25519 AAAA", "Ann", **FREE)  # the name stays Ann's


def test_a_name_that_became_reserved_moves_with_all_its_keys(tmp_path):
    accounts: set[str] = set()
    store = IdentityStore(tmp_path / "ids.db", reserved=lambda name: name.casefold() in accounts)
    store.claim("SHA256:a", "ssh-ed25519 AAAA", "dida", **FREE)
    store.add_key("dida", "SHA256:b", "ssh-ed25519 BBBB", limit=8)
    assert not store.is_reserved("dida")
    accounts.add("dida")  # the operator makes an account
    assert store.is_reserved("dida")
    with pytest.raises(NameRefused, match="reserved"):
        store.rename("SHA256:a", "Dida")
    assert store.rename("SHA256:a", "Dido") == "Dido"
    assert store.name_of("SHA256:a") == store.name_of("SHA256:b") == "Dido"
    assert store.rename("SHA256:b", "Other") == "Dido"  # a second session of the name, a moment late
    store.close()


def test_names_kept_under_an_older_folding_are_folded_again(tmp_path):
    import sqlite3

    store = IdentityStore(tmp_path / "ids.db")
    store.claim("SHA256:a", "ssh-ed25519 AAAA", "Zo\u00eb", **FREE)
    store.close()
    with sqlite3.connect(tmp_path / "ids.db") as db:  # as an older server left it
        db.execute("UPDATE ssh_name_keys SET fold = 'zoe\u0308'")
        db.execute("PRAGMA user_version = 0")
    db.close()
    again = IdentityStore(tmp_path / "ids.db")
    with pytest.raises(NameRefused, match="looks too much like Zoë"):
        again.claim("SHA256:b", "ssh-ed25519 BBBB", "Zoe", **FREE)
    again.close()


def test_a_pairing_code_works_once_in_time_and_guessing_is_cut_short():
    from grail_tui.net.ssh.pairing import CODE_SECONDS, WRONG_TRIES, CodeRefused, Pairings

    now = [1000.0]
    pairings = Pairings(clock=lambda: now[0])
    first = pairings.issue("Ann")
    second = pairings.issue("Ann")  # asking again replaces the first
    with pytest.raises(CodeRefused, match="not one that waits"):
        pairings.redeem(first, "192.0.2.1")
    assert pairings.redeem(second.lower().replace("-", ""), "192.0.2.1") == "Ann"
    with pytest.raises(CodeRefused):
        pairings.redeem(second, "192.0.2.1")  # once only
    late = pairings.issue("Bea")
    now[0] += CODE_SECONDS
    with pytest.raises(CodeRefused):
        pairings.redeem(late, "192.0.2.2")
    good = pairings.issue("Cal")
    for _ in range(WRONG_TRIES):
        with pytest.raises(CodeRefused, match="not one that waits"):
            pairings.redeem("AAAA-AAAA", "2001:db8::1")
    with pytest.raises(CodeRefused, match="Too many wrong codes"):
        pairings.redeem(good, "2001:db8::2")  # the same /64: even the right code waits
    assert pairings.redeem(good, "192.0.2.3") == "Cal"


def test_names_and_keys_survive_a_restart(tmp_path):
    store = IdentityStore(tmp_path / "ids.db")
    store.claim("SHA256:a", "ssh-ed25519 AAAA", "Ann", **FREE)
    store.close()
    again = IdentityStore(tmp_path / "ids.db")
    assert again.name_of("SHA256:a") == "Ann"
    with pytest.raises(NameRefused):
        again.claim("SHA256:b", "ssh-ed25519 BBBB", "ann", **FREE)
    again.close()


class FakeConnection:
    def __init__(self) -> None:
        self.extra: dict[str, object] = {}
        self.disconnected = False

    def get_extra_info(self, name, default=None):
        return {"peername": ("10.0.0.1", 5555)}.get(name, self.extra.get(name, default))

    def set_extra_info(self, **info):
        self.extra.update(info)

    def disconnect(self, code, reason):
        self.disconnected = True

    def abort(self):
        self.disconnected = True


def test_a_key_is_recorded_only_once_its_signature_verified(store):
    gate = Gate(store, None, Connections(Limits()))
    doorman, conn = Doorman(gate), FakeConnection()
    doorman.connection_made(conn)  # type: ignore[arg-type]
    assert doorman.begin_auth("player")
    private = new_key()
    mine, victims = private.convert_to_public(), new_key().convert_to_public()
    signed = private.sign(b"session", private.sig_algorithms[0])
    assert doorman.validate_public_key("player", mine)
    assert mine.verify(b"session", signed)  # what asyncssh does next
    # A query about someone else's key, squeezed in before the login completes.
    assert doorman.validate_public_key("player", victims)
    doorman.auth_completed()
    visitor = visitor_of(conn)
    assert visitor is not None and visitor.fingerprint == str(mine.get_fingerprint("sha256"))


def test_asked_about_but_never_proven_is_refused(store):
    gate = Gate(store, None, Connections(Limits()))
    doorman, conn = Doorman(gate), FakeConnection()
    doorman.connection_made(conn)  # type: ignore[arg-type]
    doorman.begin_auth("player")
    key = new_key().convert_to_public()
    assert doorman.validate_public_key("player", key)
    assert not key.verify(b"session", b"forged")
    doorman.auth_completed()
    assert visitor_of(conn) is None and conn.disconnected


def test_allowed_keys_file_decides_on_a_private_server(store, tmp_path):
    from grail_tui.net.ssh.auth import AllowList

    listed, other = new_key(), new_key()
    allow = tmp_path / "allowed"
    allow.write_text("# friends\n" + public_line(listed) + "\n")
    gate = Gate(store, AllowList(allow), Connections(Limits()))
    doorman = Doorman(gate)
    doorman.connection_made(FakeConnection())  # type: ignore[arg-type]
    assert doorman.begin_auth("guest")  # no way in without a key
    assert not doorman.kbdint_auth_supported()
    assert doorman.validate_public_key("guest", listed.convert_to_public())
    assert not doorman.validate_public_key("guest", other.convert_to_public())
    with pytest.raises(ValueError):
        allow.write_text("nothing useful\n")
        AllowList(allow)


@pytest.mark.parametrize("command, request_", [
    (None, Play()), ("", Play()), ("join abcd", Play(("join", "ABCD"))),
    ("-- --ascii", Play(("--ascii",))), ("--ascii join AB12 --mouse --ascii", Play(("--ascii", "--mouse", "join", "AB12"))),
    ("join AB12 --ascii", Play(("--ascii", "join", "AB12"))),
    ("watch XYZW", Play(("watch", "XYZW"))), ("keys", ListKeys()), ("help", Help()),
    ("plain", Play(("--plain",))), ("plain join abcd", Play(("--plain", "join", "ABCD"))),
    ("watch abcd -- --plain plain", Play(("--plain", "watch", "ABCD"))),
    ("add-key", AskCode()), ("add-key abcd-2345", EnterCode("abcd-2345")), ("add-key ABCD2345", EnterCode("ABCD2345")),
    (f"keys remove SHA256:{'A' * 43}", RemoveKey(f"SHA256:{'A' * 43}")),
    (f"keys remove {'b/' * 21}c", RemoveKey(f"SHA256:{'b/' * 21}c")),
])
def test_what_a_remote_person_may_ask_for(command, request_):
    assert parse_request(command) == request_


@pytest.mark.parametrize("command", [
    "bash", "join", "join a/b", "join ABCD extra", "--bot-delay 0", "--local", "'open", "keys x",
    "join ABCD --connect evil:1", "x" * 9000, "join \x1b[31m",
    "add-key ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx c", "add-key 'ssh-ed25519 AAAA'", "keys remove",
    "keys remove SHA256:short", "keys drop SHA256:" + "A" * 43,
])
def test_anything_else_is_refused_with_a_message(command):
    with pytest.raises(RequestRefused) as refused:
        parse_request(command)
    assert "\x1b" not in str(refused.value)


def test_occupancy_counts_and_frees_places():
    occupancy = Occupancy(Limits(sessions=4, sessions_per_key=2, sessions_per_address=2))
    first = occupancy.admit("k", "1.1.1.1")
    occupancy.admit("k", "2.2.2.2")
    with pytest.raises(Full, match="This key already has 2"):
        occupancy.admit("k", "3.3.3.3")
    occupancy.admit(None, "1.1.1.1")
    with pytest.raises(Full, match="Your address already has 2"):
        occupancy.admit(None, "1.1.1.1")
    occupancy.admit(None, "4.4.4.4")
    with pytest.raises(Full, match="server is full"):
        occupancy.admit(None, "5.5.5.5")
    first.release()
    first.release()  # twice is harmless
    assert occupancy.total == 3
    occupancy.admit("k", "1.1.1.1")  # the key's and the address's place came back


class Arrival:
    """One connection at the door, as the door's counts see it."""

    def __init__(self, connections: Connections, peer: str) -> None:
        self.dropped = False
        self.place = connections.arrive(peer, self.drop)

    def drop(self) -> None:
        self.dropped = True


def test_too_many_connections_are_turned_away_once_they_have_logged_in():
    connections = Connections(Limits(connections=2, connections_per_address=1))
    a = Arrival(connections, "10.0.0.1")
    assert isinstance(a.place, Place) and connections.logged_in(a.place, guest=False) is None
    assert "your address" in str(Arrival(connections, "10.0.0.1").place)
    b = Arrival(connections, "10.0.0.2")
    assert connections.logged_in(b.place, guest=False) is None
    assert "full" in str(Arrival(connections, "10.0.0.3").place)
    connections.leave(a.place)
    assert isinstance(Arrival(connections, "10.0.0.3").place, Place)


def test_logins_in_progress_make_room_for_newcomers_oldest_first():
    """Half-open logins never turn anyone away: the oldest one from the same address (or from
    the busiest address, when all logins are taken) is dropped for a newcomer."""
    connections = Connections(Limits(logins=5, logins_per_address=2))
    first, second = Arrival(connections, "10.0.0.1"), Arrival(connections, "10.0.0.1")
    third = Arrival(connections, "10.0.0.1")
    assert first.dropped and not second.dropped and isinstance(third.place, Place)
    others = [Arrival(connections, f"10.0.1.{k}") for k in range(3)]
    assert not any(o.dropped for o in others)
    late = Arrival(connections, "10.0.2.1")  # all five logins are taken: the busiest address gives
    assert second.dropped and isinstance(late.place, Place) and connections.total == 5


def test_an_ipv6_64_is_one_address_and_ipv4_mapped_is_ipv4():
    assert address_of("2001:db8:1:2:aaaa::1") == address_of("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address_of("2001:db8:1:3::1") != address_of("2001:db8:1:2::1")
    assert address_of("::ffff:10.0.0.1") == "10.0.0.1" and address_of("fe80::1%eth0") == "fe80::/64"
    connections = Connections(Limits(logins_per_address=2))
    crowd = [Arrival(connections, f"2001:db8:1:2::{k:x}") for k in range(1, 20)]
    assert sum(not c.dropped for c in crowd) == 2


def test_guests_keep_to_their_share_and_key_holders_keep_theirs():
    connections = Connections(Limits(connections=6, guest_connections=2, guest_connections_per_address=1,
                                     logins=2, connections_per_address=6))
    guests = []
    for k in range(3):
        guests.append(Arrival(connections, f"10.0.0.{k}"))
        refusal = connections.logged_in(guests[-1].place, guest=True)
        assert (refusal is None) == (k < 2)
    assert "no more guests" in str(refusal)
    connections.leave(guests[2].place)
    connections.leave(guests[1].place)
    again = Arrival(connections, "10.0.0.0")
    assert "guests from your address" in str(connections.logged_in(again.place, guest=True))
    connections.leave(again.place)
    keys = [Arrival(connections, "10.0.0.9") for _ in range(4)]
    for arrival in keys:
        assert isinstance(arrival.place, Place) and connections.logged_in(arrival.place, guest=False) is None


def test_host_key_with_loose_permissions_is_refused(tmp_path):
    from grail_tui.net.ssh import HOST_KEY_FILE, HostKeyError, load_or_create_host_key

    key = load_or_create_host_key(tmp_path)
    assert isinstance(key, asyncssh.SSHKey)
    assert load_or_create_host_key(tmp_path).get_fingerprint() == key.get_fingerprint()
    os.chmod(tmp_path / HOST_KEY_FILE, 0o644)
    with pytest.raises(HostKeyError, match="chmod 600"):
        load_or_create_host_key(tmp_path)


@pytest.mark.parametrize("wanted", ["guest-3f2a", "Guest-1", "GUEST_x", "guests"])
def test_names_like_a_guests_are_kept_for_guests(store, wanted):
    with pytest.raises(NameRefused, match="kept for guests"):
        store.claim("SHA256:g", "ssh-ed25519 GGGG", wanted, **FREE)
