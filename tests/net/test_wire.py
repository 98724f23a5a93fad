"""The new requests and replies are checked like every other message."""

from __future__ import annotations

import json

import pytest

from grail_tui.net.protocol import (
    Games,
    GameSummary,
    ProtocolError,
    RatingChange,
    RatingRow,
    Ratings,
    RatingsReply,
    Record,
    RecordReply,
    decode_client,
    decode_server,
    encode,
)


def line(**data) -> bytes:
    return json.dumps(data).encode() + b"\n"


def test_a_client_asks_for_ratings_and_records_within_bounds():
    assert decode_client(line(type="ratings", ref=3)) == Ratings(3, 0)
    assert decode_client(line(type="ratings", ref=3, page=2)) == Ratings(3, 2)
    assert decode_client(line(type="record", ref=1, code="ABCD")) == Record(1, "ABCD")
    for bad, why in ((line(type="ratings", ref=3, page=-1), "'page' must be from 0"),
                     (line(type="ratings", ref=3, page="1"), "'page' should be a whole number"),
                     (line(type="record", ref=1, code="X" * 9), "'code' is longer than 8"),
                     (line(type="record", ref=1), "needs 'code'"),
                     (line(type="ratings", ref=1, who="someone"), "unexpected field 'who'")):
        with pytest.raises(ProtocolError, match=why):
            decode_client(bad)


def test_replies_travel_whole_and_are_checked_on_arrival():
    reply = RatingsReply(7, 0, (RatingRow("ann", 1, 27.5, 7.9, 3, 2, 0),), False,
                         RatingRow("ann", 1, 27.5, 7.9, 3, 2, 0),
                         (RatingChange("ABCD", 0, 3, False, 25.0, 8.3, 27.5, 7.9, 1.0),))
    assert decode_server(encode(reply)) == reply
    assert reply.rows[0].conservative == pytest.approx(27.5 - 3 * 7.9)
    record = RecordReply(2, "ABCD", {"format": "grail-tui-record", "actions": []})
    assert decode_server(encode(record)) == record
    summary = GameSummary("ABCD", "toy", "Pebbles", 3, "over", "all taken", (), 1.0, "Ann wins.", "12 actions")
    games = Games(4, "finished", 0, (summary,), False)
    assert decode_server(encode(games)).games[0].outcome == "Ann wins."
    live = json.loads(encode(Games(4, "live", 0, (GameSummary("ABCD", "toy", "T", 3, "playing", "7 pebbles left", (),
                                                              1.0),), False)))
    del live["games"][0]["outcome"], live["games"][0]["length"]  # a live game says neither
    assert decode_server(json.dumps(live).encode()).games[0].outcome == ""
    broken = json.loads(encode(reply))
    broken["rows"][0]["mu"] = "high"
    with pytest.raises(ProtocolError, match="'mu' should be a number"):
        decode_server(json.dumps(broken).encode())
