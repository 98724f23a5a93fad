"""§5: every malformed message gets an error reply; none stops the server or another client.

A property-based fuzz of every message kind a client may send (each field
either plausible, drawn from its declared type and limits, or any JSON at
all; fields missing, fields added), and of raw lines (any bytes, deep
nesting, huge numbers, NaN, undecodable text, lone surrogates, blank lines).
After each line the fuzzing client pings: the pong proves the server still
answers it, and every line the client itself cannot decode must have had an
error reply first. No reply is ever a traceback in the server's log, and a
legitimate client plays on beside the fuzzing.
"""

from __future__ import annotations

import dataclasses
import json
import socket
import types
import typing
from collections.abc import Iterator
from itertools import count
from pathlib import Path
from typing import Annotated, Any, Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grail_tui.games.hunt.bots import RandomBot
from grail_tui.net.protocol import CLIENT, VERSION, ProtocolError, decode_client
from grail_tui.net.wire import Length, Letters, Range

from .conftest import Served, serve

RELAXED = ("--limit", "rate=100000", "--limit", "burst=100000", "--limit", "bad_messages=1000000")
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Line:
    """A blocking connection over the loopback transport: send a line, read replies up to a pong."""

    def __init__(self, server: Served, name: str) -> None:
        self.server, self.name = server, name
        self.refs = count(1_000_000)
        self.open()

    def open(self) -> None:
        self.sock = socket.create_connection(self.server.tcp, timeout=15)
        self.file = self.sock.makefile("rb")
        self.sock.sendall(json.dumps({"type": "hello", "version": VERSION, "name": self.name}).encode() + b"\n")
        assert json.loads(self.file.readline())["type"] == "welcome"

    def exchange(self, line: bytes) -> list[dict[str, Any]]:
        """Send ``line`` then a ping; every reply up to the pong."""
        ref = next(self.refs)
        self.sock.sendall(line + b"\n" + json.dumps({"type": "ping", "ref": ref}).encode() + b"\n")
        replies = []
        while True:
            raw = self.file.readline()
            assert raw, f"the server closed the connection after {line[:200]!r}: {replies[-3:]}"
            reply = json.loads(raw)
            if reply["type"] == "pong" and reply["ref"] == ref:
                return replies
            replies.append(reply)

    def close(self) -> None:
        self.file.close()
        self.sock.close()


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, Line, str]]:
    server = serve(tmp_path_factory.mktemp("fuzz"), *RELAXED)
    line = Line(server, "fuzz")
    replies = line.exchange(json.dumps({"type": "create", "ref": 1, "game": "hunt", "bots": [None, "random"],
                                        "options": {"turn_limit": 500}}).encode())
    code = next(r["code"] for r in replies if r["type"] == "joined")
    yield server, line, code
    line.close()
    server.stop()
    server.assert_no_traceback()


# -- what to send ---------------------------------------------------------------------------------

# any character, lone surrogates too, with the troublesome ones often
SURROGATES = st.characters(exclude_categories=()) | st.sampled_from(
    ["\ud800", "\udfff", "\x1b", "\x00", "\x9b", "\u202e", "[", "/", "\n", "\ufeff", "A", "é"])
ANY_TEXT = st.text(SURROGATES, max_size=40)
ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**80), 2**80) | st.floats(allow_nan=False, allow_infinity=False)
    | ANY_TEXT,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=15)
ACTIONS = st.sampled_from([
    {"kind": "assign", "player": 0, "placements": []},
    {"kind": "assign", "player": 0, "placements": [["A1", "AC"], ["A2", "MA"]]},
    {"kind": "assign", "player": 0, "placements": [["Z9", "XX"]]},
    {"kind": "pass", "player": 0}, {"kind": "pass", "player": 1}, {"kind": "concede", "player": 0},
    {"kind": "object", "player": 0, "amount": 3}, {"kind": "match", "player": 0, "amount": -1},
    {"kind": "propose", "player": 0, "proposal": {"initiate": "AC", "step": "b1"}},
])


def plausible(tp: Any, code: str) -> st.SearchStrategy[Any]:
    """Values of a field's declared type within its limits (or near them)."""
    limits: list[Any] = []
    if typing.get_origin(tp) is Annotated:
        tp, *limits = typing.get_args(tp)
    origin = typing.get_origin(tp)
    if tp is Any:
        return ACTIONS | ANY_JSON
    if origin in (typing.Union, types.UnionType):
        return st.one_of([plausible(option, code) for option in typing.get_args(tp)])
    if origin is Literal:
        return st.sampled_from(typing.get_args(tp))
    if origin is tuple:
        return st.lists(plausible(typing.get_args(tp)[0], code), max_size=9)
    if origin is dict:
        return st.dictionaries(st.sampled_from(["variant", "turn_limit", "seed", "x"]),
                               st.sampled_from(["standard", "original", 1, 3, 100_001]), max_size=3)
    if dataclasses.is_dataclass(tp):
        return message_of(tp, code, typed=False)
    if tp is type(None):
        return st.none()
    if tp is bool:
        return st.booleans()
    if any(isinstance(limit, Letters) for limit in limits):
        return st.sampled_from([code, code.lower(), "ZZZZ", "AB12", ""]) | st.text(SURROGATES, max_size=9)
    bounds = next((limit for limit in limits if isinstance(limit, Range)), None)
    if tp is int:
        low, high = (int(bounds.low), int(bounds.high)) if bounds else (-(2**40), 2**40)
        return st.integers(low - 2, high + 2)
    if tp is float:
        low, high = (bounds.low, bounds.high) if bounds else (-1e9, 1e9)
        return st.floats(low - 1, high + 1, allow_nan=False)
    most = next((limit.most for limit in limits if isinstance(limit, Length)), 40)
    return st.text(SURROGATES, max_size=most + 2) | st.sampled_from(["hunt", "x" * (most + 1)])


def message_of(cls: type, code: str, *, typed: bool = True) -> st.SearchStrategy[dict[str, Any]]:
    hints = typing.get_type_hints(cls, include_extras=True)
    fields = {f.name: plausible(hints[f.name], code) | ANY_JSON for f in dataclasses.fields(cls)}
    name = next(k for k, v in CLIENT.items() if v is cls) if typed else None
    whole = st.fixed_dictionaries({"type": st.just(name)} if typed else {}, optional=fields)
    return st.tuples(whole, st.dictionaries(st.sampled_from(["extra", "type2"]), ANY_JSON, max_size=1)).map(
        lambda pair: {**pair[0], **pair[1]})


def decodes(line: bytes) -> bool:
    try:
        decode_client(line)
    except ProtocolError:
        return False
    return True


@pytest.mark.parametrize("kind", sorted(CLIENT))
def test_every_message_kind_fuzzed_gets_an_answer_and_never_a_traceback(fuzzed, kind):
    server, line, code = fuzzed

    @FUZZ
    @given(message_of(CLIENT[kind], code))
    def fuzz(message: dict[str, Any]) -> None:
        raw = json.dumps(message).encode()
        if len(raw) > 16 * 1024:
            return
        replies = line.exchange(raw)
        types_seen = [r["type"] for r in replies]
        assert "bye" not in types_seen, replies
        if not decodes(raw):
            assert "error" in types_seen, (message, replies)

    fuzz()
    assert "Traceback" not in server.stderr(), server.stderr()[-3000:]


NASTY = [
    b"[" * 5000 + b"]" * 5000,
    b'{"type":"ping","ref":' + b"[" * 500 + b"]" * 500 + b"}",
    b'{"type":"ping","ref":' + b"9" * 5000 + b"}",
    b'{"type":"ping","ref":1e999}', b'{"type":"ping","ref":-1e999}', b'{"type":"ping","ref":NaN}',
    b'{"type":"ping","ref":Infinity}', b'{"type":"act","code":"AAAA","seq":0,"action":-Infinity}',
    b'{"type":"say","code":"AAAA","text":"\xff\xfe"}', b"\xc0\xaf", b"\xef\xbb\xbf{}",
    b'{"type":"say","code":"AAAA","text":"\\udc00"}', b'{"type":"\\ud800"}',
    b'{"type":"create","ref":1,"game":"hunt","bots":[' + b"null," * 3000 + b"null]}",
    b'{"type":"create","ref":1,"game":"hunt","bots":[null,"random"],"options":{'
    + b",".join(b'"k%d":1' % k for k in range(100)) + b"}}",
    b'{"type":"create","ref":1,"game":"hunt","bots":[null,"random"],"players":100000000}',
    b'{"type":"list","ref":1,"which":"live","page":99999999999}',
    b'{"type":null}', b"null", b'"ping"', b"1", b"{}", b"[]",
]


@pytest.mark.parametrize("raw", NASTY, ids=range(len(NASTY)))
def test_nasty_lines_get_an_error(fuzzed, raw):
    server, line, _ = fuzzed
    replies = line.exchange(raw)
    assert [r["type"] for r in replies] == ["error"], replies


@FUZZ
@given(st.binary(max_size=400).filter(lambda data: b"\n" not in data))
def test_any_bytes_get_an_error_or_are_a_blank_line(fuzzed, data):
    server, line, _ = fuzzed
    replies = line.exchange(data)
    if data.strip() and not decodes(data):
        assert [r["type"] for r in replies] == ["error"], (data, replies)
    else:
        assert all(r["type"] != "bye" for r in replies)


def test_a_legitimate_player_plays_on_beside_the_fuzzing(fuzzed):
    """Runs after the fuzz in this module: the server still plays a whole game with a newcomer."""
    import asyncio

    from grail_tui.net.botclient import play_seat
    from grail_tui.net.client import ServerLink
    from grail_tui.net.protocol import Create, Joined, TableRules

    from .wire import HUNT

    server, _, _ = fuzzed

    async def main() -> None:
        link = await ServerLink.bench_tcp(*server.tcp, "legit")
        await link.send(Create(1, "hunt", (None, "random"), options={"turn_limit": 20},
                               rules=TableRules(min_round=0)))
        joined = await link.receive()
        while not isinstance(joined, Joined):
            joined = await link.receive()
        final = await asyncio.wait_for(play_seat(link, joined.code, HUNT, RandomBot(1)), 60)
        assert final.result is not None
        await link.close()

    asyncio.run(main())
    assert Path(server.log).exists() and "Traceback" not in server.stderr()
